/* fuzz_yaml.c — libFuzzer target: the YAML guard (nesting depth, one document,
 * anchors and aliases, values) and, when it passes, the sheet and catalog loaders
 * behind it. A refusal must say why. */
#include <stdint.h>
#include <stdlib.h>
#include "gpusizer/catalog.h"
#include "gpusizer/workload.h"
#include "core/yaml_guard.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	gs_error err;
	gs_error_clear(&err);
	if (gsi_yaml_check((const char *)data, size, "fuzz.yaml", GS_YAML_MAX_DEPTH, &err)) {
		if (!err.msg[0])
			__builtin_trap();
		return 0;
	}
	gs_workload w;
	gs_workload_init(&w);
	if (gs_sheet_load_buffer((const char *)data, size, "fuzz.yaml", &w, &err) && !err.msg[0])
		__builtin_trap();
	gs_catalog *cat = malloc(sizeof *cat);
	if (cat) {
		gs_error_clear(&err);
		if (gs_catalog_load_buffer((const char *)data, size, "fuzz.yaml", cat, &err) && !err.msg[0])
			__builtin_trap();
		free(cat);
	}
	return 0;
}
