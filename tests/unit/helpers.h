/* helpers.h — small shared helpers for the unit tests. */
#ifndef GS_TEST_HELPERS_H
#define GS_TEST_HELPERS_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "gpusizer/estimate.h"
#include "gpusizer/resolve.h"
#include "gpusizer/fit.h"
#include "gpusizer/render.h"

#define CFG(name) GS_DATA_DIR "/models/" name
#define TCFG(name) GS_TEST_DATA_DIR "/configs/" name

static inline void wl_set(gs_workload *w, gs_field f, const char *v)
{
	gs_error err;
	gs_status s = gs_workload_set(w, f, v, strlen(v), GS_FROM_FLAG, "test", &err);
	if (s)
		fail_msg("setting %s = %s: %s", gs_field_key(f), v, err.msg);
}

/* A fresh workload from (field, "value") pairs ending with -1. */
static inline void wl_from_pairs(gs_workload *w, va_list ap)
{
	gs_workload_init(w);
	for (;;) {
		int f = va_arg(ap, int);
		if (f < 0)
			break;
		wl_set(w, (gs_field)f, va_arg(ap, const char *));
	}
}

static inline void load_workload_va(gs_workload *w, gs_model *m, va_list ap)
{
	gs_error err;
	wl_from_pairs(w, ap);
	if (gs_workload_finish(w, &err))
		fail_msg("finish: %s", err.msg);
	if (gs_workload_model(w, m, &err))
		fail_msg("model: %s", err.msg);
}

/* A finished workload from (field, "value") pairs ending with -1, and its
 * model; fails the test on error (for tests that then expect one). */
static inline void load_workload(gs_workload *w, gs_model *m, ...)
{
	va_list ap;
	va_start(ap, m);
	load_workload_va(w, m, ap);
	va_end(ap);
}

/* Estimate with (field, "value") pairs ending with -1; fails the test on error. */
static inline void run_estimate(gs_estimate *e, gs_model *m, ...)
{
	gs_workload w;
	gs_error err;
	va_list ap;
	va_start(ap, m);
	load_workload_va(&w, m, ap);
	va_end(ap);
	if (gs_estimate_run(&w, m, e, &err))
		fail_msg("estimate: %s", err.msg);
	/* an unknown or a formula cut at its array's size: the user would
	 * read half a sentence (gsi_unknown and gsi_formula record every cut,
	 * and an unknown past GS_MAX_UNKNOWNS) */
	if (e->unknowns_cut)
		fail_msg("%u unknowns cut off or dropped (%zu kept; the last: %s)", e->unknowns_cut, e->n_unknowns,
		         e->n_unknowns ? e->unknowns[e->n_unknowns - 1] : "");
	for (size_t i = 0; i < e->n_items; i++)
		if (e->items[i].formula_cut)
			fail_msg("formula of %s cut off at %zu bytes: %s", e->items[i].id, sizeof e->items[i].formula - 1,
			         e->items[i].formula);
	/* the intervals' reasons (interval.c formats them with snprintf) */
	if (strlen(e->interval.why) >= sizeof e->interval.why - 1 ||
	    strlen(e->interval.kv_why) >= sizeof e->interval.kv_why - 1)
		fail_msg("interval reason cut off: %s / %s", e->interval.why, e->interval.kv_why);
}

/* Expect the estimate of (field, "value") pairs ending with -1 to fail,
 * at the workload, the model or the estimate, with status `want` and a
 * message that contains `needle`. */
static inline void expect_estimate_error(gs_estimate *e, gs_status want, const char *needle, ...)
{
	gs_workload w;
	gs_model m;
	gs_error err;
	va_list ap;
	va_start(ap, needle);
	wl_from_pairs(&w, ap);
	va_end(ap);
	gs_status s = gs_workload_finish(&w, &err);
	if (!s)
		s = gs_workload_model(&w, &m, &err);
	if (!s)
		s = gs_estimate_run(&w, &m, e, &err);
	if (s != want || !strstr(err.msg, needle))
		fail_msg("status %d (want %d), message: %s (want %s)", s, want, s ? err.msg : "", needle);
}

static inline gs_bytes item_at(const gs_estimate *e, const char *id, int phase)
{
	const gs_item *it = gs_estimate_item(e, id);
	if (!it)
		fail_msg("no item %s", id);
	return it->bytes[phase];
}

#endif
