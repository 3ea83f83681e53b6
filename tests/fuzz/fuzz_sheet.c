/* fuzz_sheet.c — libFuzzer target: YAML workload sheet reader. */
#include <stddef.h>
#include <stdint.h>
#include "gpusizer/workload.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	gs_workload w;
	gs_error err;
	gs_workload_init(&w);
	if (gs_sheet_load_buffer((const char *)data, size, "fuzz.yaml", &w, &err) == GS_OK)
		if (gs_workload_finish(&w, &err) != GS_OK && !err.msg[0])
			__builtin_trap(); /* every failure says why */
	return 0;
}
