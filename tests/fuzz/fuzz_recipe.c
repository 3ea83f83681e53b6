/* fuzz_recipe.c — libFuzzer target: an Axolotl or LLaMA-Factory training
 * YAML read into the workload fields (--recipe-config). */
#include <stddef.h>
#include <stdint.h>
#include "gpusizer/workload.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	gs_workload w;
	gs_error err;
	gs_workload_init(&w);
	err.msg[0] = 0;
	if (gs_recipe_config_load_buffer((const char *)data, size, "fuzz.yml", &w, &err) != GS_OK) {
		if (!err.msg[0])
			__builtin_trap(); /* every refusal says why */
		return 0;
	}
	if (gs_workload_finish(&w, &err) != GS_OK && !err.msg[0])
		__builtin_trap();
	return 0;
}
