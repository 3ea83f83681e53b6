/* fuzz_diagnose.c — libFuzzer target: the out-of-memory log reader. */
#include <stddef.h>
#include <stdint.h>
#include "gpusizer/diagnose.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	gs_oom o;
	if (gs_diagnose_log((const char *)data, size, &o) && !o.phase[0])
		__builtin_trap(); /* a recognised failure always names a phase (or "unknown") */
	return 0;
}
