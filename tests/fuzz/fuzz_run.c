/* fuzz_run.c — libFuzzer target: run files written by gpusizer measure. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include "gpusizer/measure.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static gs_run r;
	gs_error err;
	if (gs_run_load((const char *)data, size, "fuzz", &r, &err) == GS_OK && r.nphases > GS_MAX_RUN_PHASES)
		__builtin_trap();
	return 0;
}
