/*
 * engine_out.c — what the runtimes' renderers' hooks (engine.h's
 * text_lines and extras_json) share: the text sink the render wing writes
 * to, and exact bytes and a pool's tokens interval in JSON, as the
 * renderers print them.
 */
#include <stdarg.h>
#include <stdint.h>
#include <jansson.h>
#include "gpusizer/interval.h"
#include "engine/engine.h"

void gsi_text_put(gsi_text *t, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	if (vfprintf(t->f, fmt, ap) < 0)
		t->bad = 1;
	va_end(ap);
}

json_t *gsi_json_bytes(gs_bytes b)
{
	return json_integer(b > INT64_MAX ? INT64_MAX : (json_int_t)b);
}

json_t *gsi_json_tokens_interval(const gs_estimate *e, uint64_t low, uint64_t high)
{
	return json_pack("{s:I, s:I, s:f, s:i, s:s}", "low", (json_int_t)low, "high", (json_int_t)high,
	                 "coverage_target", GS_COVERAGE_TARGET, "records", (int)e->interval.kv_records, "why",
	                 e->interval.kv_why);
}
