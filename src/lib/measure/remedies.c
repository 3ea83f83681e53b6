/*
 * remedies.c — diagnose's two steps after the log is read
 * (gpusizer/diagnose.h): the phase a measured run left open, and the single
 * changes of the workload that act on the failing phase. Shared by
 * `gpusizer diagnose` and the API's diagnose verb.
 */
#include <stdio.h>
#include <string.h>
#include "gpusizer/diagnose.h"
#include "core/fmt.h"

void gs_oom_phase_from_run(gs_oom *o, const gs_run *r, const char *run_name)
{
	for (size_t k = r->nphases; k > 0; k--)
		if (!r->phases[k - 1].ended) {
			gsi_fmt(o->phase, sizeof o->phase, "%.15s", r->phases[k - 1].name);
			gsi_fmt(o->phase_why, sizeof o->phase_why,
			        "the run %.120s: phase %.31s began and did not end", run_name,
			        r->phases[k - 1].name);
			return;
		}
}

/* Whether the change of a named field acts on the failing phase: the field
 * row's phase mask (workload.h), the one fit reads too. */
static bool acts_field(const char *phase, const char *field)
{
	int f = gs_field_by_key(field, strlen(field));
	return f < 0 || gs_field_acts_on((gs_field)f, phase);
}

gs_status gs_remedies_find(gs_workload *w, const gs_model *m, const gs_oom *o, gs_remedies *r, gs_error *err)
{
	memset(r, 0, sizeof *r);
	/* the failed run's own capacity, as its log states it, judges the
	 * changes; else the sheet's device */
	if (o->has_capacity) {
		char t[32];
		int n = snprintf(t, sizeof t, "%llu B", (unsigned long long)o->capacity);
		gs_workload_unset(w, GS_F_GPU);
		gs_status st = gs_workload_set(w, GS_F_CAPACITY, t, (size_t)n, GS_FROM_FLAG,
		                               "the log's capacity", err);
		if (st)
			return st;
	}
	bool found = false;
	char how[320];
	gs_status st = gs_workload_capacity(w, &r->cap, &found, how, sizeof how, err);
	if (st)
		return st;
	if (!found)
		r->cap = 0;
	if ((st = gs_estimate_run(w, m, &r->e, err)) ||
	    (st = gs_fit_changes(w, m, r->ch, &r->nch, &r->peak_now, err)))
		return st;
	size_t k = 0; /* keep the changes that act on the failing phase */
	for (size_t i = 0; i < r->nch; i++)
		if (acts_field(o->phase, r->ch[i].field))
			r->ch[k++] = r->ch[i];
	r->nch = k;
	return GS_OK;
}
