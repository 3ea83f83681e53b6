/* fuzz_units.c — libFuzzer target: size, count, ratio and format parsers. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "gpusizer/dtype.h"
#include "gpusizer/units.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *t = (const char *)data;
	gs_error err;
	gs_bytes b;
	uint64_t c;
	gs_ratio r;
	if (gs_parse_bytes(t, size, "f", &b, &err) == GS_OK) {
		char buf[64];
		gs_format_bytes(b, GS_UNIT_GiB, buf, sizeof buf);
	}
	if (gs_parse_count(t, size, "f", &c, &err) != GS_OK && !err.msg[0])
			__builtin_trap();
	if (gs_parse_ratio(t, size, "f", 1, &r, &err) != GS_OK && !err.msg[0])
			__builtin_trap();
	char s[64];
	if (size < sizeof s) {
		memcpy(s, data, size);
		s[size] = 0;
		gs_format f;
		if (gs_format_parse(s, "f", &f, &err) != GS_OK && !err.msg[0])
			__builtin_trap();
		if (gs_kv_format_parse(s, "f", &f, &err) != GS_OK && !err.msg[0])
			__builtin_trap();
		int mask;
		if (gs_keep_parse(s, "f", &mask, &err) != GS_OK && !err.msg[0])
			__builtin_trap();
	}
	return 0;
}
