/* status.c — error records (gpusizer/status.h). */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "gpusizer/status.h"
#include "core/fmt.h"

const char *gs_strerror(gs_status s)
{
	switch (s) {
	case GS_OK: return "ok";
	case GS_EINPUT: return "bad input";
	case GS_EPARSE: return "parse error";
	case GS_EUNSUPPORTED: return "not supported";
	case GS_EIO: return "cannot read";
	case GS_ERANGE: return "out of range";
	case GS_ENOMEM: return "out of memory";
	case GS_ENET: return "network error";
	case GS_ENODEV: return "no GPU";
	case GS_ETIME: return "time limit passed";
	}
	return "unknown error";
}

gs_status gs_error_set(gs_error *err, gs_status code, const char *where,
                       const char *fmt, ...)
{
	if (!err)
		return code;
	/* written into copies first: a caller may pass err->msg or err->where
	 * as an argument, re-wrapping an error it holds */
	char msg[sizeof err->msg], at[sizeof err->where];
	msg[0] = 0;
	/* the location leads the message, written once, here; a text too long
	 * for its array ends with "..." on a character boundary (core/fmt.h) */
	gsi_fmt(at, sizeof at, "%s", where ? where : "");
	if (where && *where)
		gsi_fmt(msg, sizeof msg, "%s: ", where);
	va_list ap;
	va_start(ap, fmt);
	gsi_vfmt_add(msg, sizeof msg, fmt, ap);
	va_end(ap);
	err->code = code;
	err->field[0] = 0;
	memcpy(err->where, at, strlen(at) + 1);
	memcpy(err->msg, msg, strlen(msg) + 1);
	return code;
}

void gs_error_clear(gs_error *err)
{
	if (!err)
		return;
	memset(err, 0, sizeof *err);
}

/* monotonic nanoseconds; 0 = no deadline */
static _Thread_local int64_t deadline_ns;

static int64_t mono_ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

void gs_deadline_set(double seconds)
{
	deadline_ns = seconds > 0 ? mono_ns() + (int64_t)(seconds * 1e9) : 0;
}

bool gs_deadline_passed(void)
{
	return deadline_ns && mono_ns() > deadline_ns;
}

gs_status gs_error_field(gs_error *err, const char *field)
{
	if (!err)
		return GS_OK;
	snprintf(err->field, sizeof err->field, "%s", field ? field : "");
	return err->code;
}
