/*
 * compare.c — an estimate against a measured run (gpusizer/measure.h): per
 * phase and GPU the estimated peak against the measured counter, and the
 * margin the largest shortfall justifies.
 */
#include <stdio.h>
#include <string.h>
#include "gpusizer/measure.h"
#include "core/fmt.h"

void gs_compare_run(const json_t *est, const gs_run *r, gs_compare *out)
{
	memset(out, 0, sizeof *out);
	out->samples = r->samples;
	out->run_phases = r->nphases;
	int64_t worst = 0;
	json_t *phases = json_object_get(est, "phases");
	for (size_t i = 0; i < json_array_size(phases); i++) {
		json_t *ph = json_array_get(phases, i);
		const char *id = json_string_value(json_object_get(ph, "id"));
		json_int_t pk = json_integer_value(json_object_get(ph, "peak_bytes"));
		gs_bytes est_b = pk > 0 ? (gs_bytes)pk : 0;
		for (size_t k = 0; id && k < r->nphases; k++) {
			if (strcmp(r->phases[k].name, id))
				continue;
			for (unsigned g = 0; g < (r->ngpus ? r->ngpus : 1) && g < GS_MAX_PROBED; g++) {
				const gs_run_counters *c = &r->phases[k].gpu[g];
				if ((!c->has_device && !c->has_torch) ||
				    out->n == sizeof out->rows / sizeof out->rows[0])
					continue;
				gs_compare_row *row = &out->rows[out->n++];
				gsi_fmt(row->phase, sizeof row->phase, "%s", id);
				row->gpu = g;
				row->estimated = est_b;
				row->measured = c->has_device ? c->device_used : c->reserved;
				row->counter = c->has_device ? "device" : "reserved";
				row->difference = (int64_t)row->measured - (int64_t)est_b;
				if (row->difference > worst) {
					worst = row->difference;
					snprintf(out->justified_by, sizeof out->justified_by, "%s", id);
				}
			}
		}
	}
	/* the margin the measurement justifies: the largest shortfall, rounded up to 256 MiB */
	out->margin = worst > 0 ? ((gs_bytes)worst + (256ull << 20) - 1) / (256ull << 20) * (256ull << 20)
	                        : 0;
}

int gs_render_run_compare_text(FILE *f, const gs_compare *c)
{
	int bad = 0;
	if (!c->n) { /* nothing to compare with: no verdict, and not a pass */
		bad |= fprintf(f,
		               "nothing was measured in a phase of the estimate (%llu samples, %zu phases in "
		               "the run): no margin can be proposed; run gpusizer measure around the "
		               "workload with phase markers\n",
		               (unsigned long long)c->samples, c->run_phases) < 0;
		return bad ? -1 : 0;
	}
	bad |= fprintf(f, "%-14s %-4s %-22s %-22s %-9s %s\n", "phase", "gpu", "estimated peak", "measured",
	               "counter", "difference") < 0;
	for (size_t i = 0; i < c->n; i++) {
		const gs_compare_row *r = &c->rows[i];
		char a[40], b[40], d[40];
		gs_format_bytes(r->estimated, GS_UNIT_GiB, a, sizeof a);
		gs_format_bytes(r->measured, GS_UNIT_GiB, b, sizeof b);
		gs_format_bytes((gs_bytes)(r->difference < 0 ? -r->difference : r->difference), GS_UNIT_GiB,
		                d, sizeof d);
		bad |= fprintf(f, "%-14s %-4u %-22s %-22s %-9s %s%s (%+.1f %%)\n", r->phase, r->gpu, a, b,
		               r->counter, r->difference < 0 ? "-" : "+", d,
		               r->estimated ? 100.0 * (double)r->difference / (double)r->estimated : 0.0) < 0;
	}
	char m[40];
	gs_format_bytes(c->margin, GS_UNIT_GiB, m, sizeof m);
	if (c->margin)
		bad |= fprintf(f,
		               "proposed margin: %s: the measured peak of %s exceeded the estimate by that "
		               "much (rounded up to 256 MiB); add it as the reserve, or calibrate the item "
		               "that differs\n",
		               m, c->justified_by) < 0;
	else
		bad |= fprintf(f, "proposed margin: none beyond the estimate's own reserve: every measured "
		                  "phase stayed at or under it\n") < 0;
	return bad ? -1 : 0;
}

json_t *gs_compare_to_json(const gs_compare *c)
{
	json_t *rows = json_array(), *measured = json_array();
	for (size_t i = 0; i < c->n; i++) {
		const gs_compare_row *r = &c->rows[i];
		json_array_append_new(rows,
		                      json_pack("{s:s, s:i, s:I, s:I, s:s, s:I}", "phase", r->phase, "gpu",
		                                (int)r->gpu, "estimated_bytes", (json_int_t)r->estimated,
		                                "measured_bytes", (json_int_t)r->measured, "counter",
		                                r->counter, "difference_bytes", (json_int_t)r->difference));
		json_array_append_new(measured, json_pack("{s:s, s:s, s:i, s:I, s:s, s:s}", "id",
		                                          "measured_peak", "phase", r->phase, "gpu",
		                                          (int)r->gpu, "bytes", (json_int_t)r->measured,
		                                          "basis", "measured", "counter", r->counter));
	}
	json_t *o = json_pack("{s:s, s:o, s:o}", "schema", "gpusizer/compare/v1", "phases", rows,
	                      "measured_items", measured);
	if (!o)
		return NULL;
	if (c->n) {
		json_object_set_new(o, "proposed_margin_bytes", json_integer((json_int_t)c->margin));
		json_object_set_new(o, "justified_by", json_string(c->justified_by));
	} else {
		json_object_set_new(o, "proposed_margin_bytes", json_null());
		json_object_set_new(o, "nothing_measured",
		                    json_string(c->samples ? "no sample fell in a phase the estimate has"
		                                           : "the run has no samples"));
	}
	return o;
}
