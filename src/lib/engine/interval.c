/*
 * interval.c — the interval rule over calibration residuals (interval.h,
 * docs/method.md §17a). The bands themselves are generated data
 * (calibration_bands.c); this file holds only the rule, so the bench and
 * the estimator apply the same one.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "gpusizer/interval.h"
#include "engine/engine.h"
#include "engine/estimate_items.h"

void gs_band_factors(unsigned records, double r_min, double r_max, double *low_factor, double *high_factor,
                     char *why, size_t cap)
{
	double lo, hi;
	if (records == 0) {
		lo = -0.25, hi = 0.25;
		if (why)
			snprintf(why, cap, "no calibration record: +-25 %%");
	} else if (records == 1) {
		/* one error shows no spread: the no-record band, widened to hold
		 * that error with the small-sample pad when it lies outside */
		lo = r_min - 0.05 < -0.25 ? r_min - 0.05 : -0.25;
		hi = r_max + 0.05 > 0.25 ? r_max + 0.05 : 0.25;
		if (why)
			snprintf(why, cap,
			         "1 record, error %+.1f %%: one error shows no spread, so the no-record "
			         "band, "
			         "+-25 %% (wider when the error is)",
			         100 * r_min);
	} else {
		double big = fabs(r_min) > fabs(r_max) ? fabs(r_min) : fabs(r_max);
		double pad = records >= 5 ? 0.02 : (big > 0.05 ? big : 0.05);
		lo = (r_min < 0 ? r_min : 0) - pad;
		hi = (r_max > 0 ? r_max : 0) + pad;
		if (why)
			snprintf(why, cap,
			         "%u record%s, errors %+.1f %% to %+.1f %%, widened by %.1f points%s",
			         records, records == 1 ? "" : "s", 100 * r_min, 100 * r_max, 100 * pad,
			         records >= 5
			                 ? ""
			                 : " (fewer than 5 records: by the largest error again, at least 5)");
	}
	if (lo < -0.9) /* an estimate 90 % under would make the high end 10x: cap it there */
		lo = -0.9;
	*low_factor = 1.0 / (1.0 + hi);
	*high_factor = 1.0 / (1.0 + lo);
}

const gs_band *gs_band_find(const char *group, const char *quantity)
{
	for (size_t i = 0; i < gs_n_bands; i++)
		if (!strcmp(gs_bands[i].group, group) && !strcmp(gs_bands[i].quantity, quantity))
			return &gs_bands[i];
	return NULL;
}

/* --- applied to an estimate ----------------------------------------------- */

/* The kind whose records vouch for this estimate's peaks. vLLM's V0 and V1
 * engines profile memory with different code, so their records are kept
 * apart. Under Ollama the GPU holds llama.cpp's buffers, so llama.cpp's
 * records vouch for the peak; the ollama records measure something else:
 * how closely Ollama's own estimate (its required.full, which picks the
 * layers) is recomputed, and that is not memory the GPU holds. */
static const char *group_of(const gs_estimate *e)
{
	/* Unsloth's notebook runs vouch for an Unsloth estimate once they have
	 * a band (bench_accuracy: only the runs an estimate at max_seq_length
	 * falls below bound it) */
	if (gs_wl_training(&e->workload)) {
		gs_recipe r = gs_wl_recipe(&e->workload);
		if (r == GS_RECIPE_UNSLOTH && gs_band_find("unsloth", "peak"))
			return "unsloth";
		/* LitGPT's published table vouches for LitGPT estimates */
		if (r == GS_RECIPE_LITGPT && gs_band_find("litgpt", "peak"))
			return "litgpt";
		return "training";
	}
	const gsi_engine *g = e->engine;
	return g->interval_group_of ? g->interval_group_of(e)
	       : g->interval_group  ? g->interval_group
	                            : gs_runtime_name(e->runtime);
}

static void fill(const char *group, const char *quantity, unsigned *records, double *lo, double *hi,
                 char *why, size_t cap)
{
	const gs_band *b = gs_band_find(group, quantity);
	char rule[200];
	*records = b ? b->records : 0;
	gs_band_factors(*records, b ? b->r_min : 0, b ? b->r_max : 0, lo, hi, why ? rule : NULL, sizeof rule);
	if (why) /* NULL: a lean estimate, whose texts nobody reads */
		snprintf(why, cap, "%s%s: %s", group, !strcmp(quantity, "kv") ? " KV capacity" : " peaks",
		         rule);
}

gs_bytes gsi_interval_scale(gs_bytes b, double f, bool up)
{
	double x = (double)b * f;
	if (x >= 9.2e18)
		return (gs_bytes)1 << 63;
	return up ? (gs_bytes)ceil(x) : (gs_bytes)floor(x);
}

void gs_estimate_interval(const gs_estimate *e, gs_bytes shown, gs_bytes *low, gs_bytes *high)
{
	const gs_interval *iv = &e->interval;
	if (iv->margin_applied) {
		*high = shown;
		*low = gsi_interval_scale(shown, iv->low_factor / iv->high_factor, false);
	} else {
		*low = gsi_interval_scale(shown, iv->low_factor, false);
		*high = gsi_interval_scale(shown, iv->high_factor, true);
	}
}

/* A release newer than every row: both ends move out by the drift the last
 * two rows give this estimate (estimate.c release_drift), and the reason
 * says so. */
static void widen_by_drift(const gs_estimate *e, double *lo, double *hi, char *why, size_t cap)
{
	double d = e->release_drift;
	if (!e->release_newer)
		return;
	if (d <= 0) {
		if (why && e->release_prev[0]) {
			size_t n = strlen(why);
			snprintf(why + n, cap - n, "; not widened: rows %s and %s give this estimate "
			         "the same figure (%s is newer than both)", e->release_prev,
			         e->runtime_version, e->release_asked);
		}
		return;
	}
	*lo /= 1.0 + d;
	*hi *= 1.0 + d;
	if (why) {
		size_t n = strlen(why);
		snprintf(why + n, cap - n, "; widened by %.1f %%, how far rows %s and %s move this estimate "
		         "(%s is newer than both)", 100 * d, e->release_prev, e->runtime_version,
		         e->release_asked);
	}
}

/* The interval for this estimate, and under conservative yes the high end
 * as an item of its own (so the items still add up to each phase). */
void gsi_apply_interval(gs_estimate *e)
{
	gs_interval *iv = &e->interval;
	memset(iv, 0, sizeof *iv);
	snprintf(iv->group, sizeof iv->group, "%s", group_of(e));
	fill(iv->group, "peak", &iv->records, &iv->low_factor, &iv->high_factor, e->lean ? NULL : iv->why,
	     sizeof iv->why);
	widen_by_drift(e, &iv->low_factor, &iv->high_factor, e->lean ? NULL : iv->why, sizeof iv->why);
	gs_pool_view pv;
	memset(&pv, 0, sizeof pv);
	if (e->engine->pool_view)
		e->engine->pool_view(e, &pv);
	bool pool = pv.known;
	if (pool) {
		iv->has_kv = true;
		fill(iv->group, "kv", &iv->kv_records, &iv->kv_low_factor, &iv->kv_high_factor,
		     e->lean ? NULL : iv->kv_why, sizeof iv->kv_why);
		widen_by_drift(e, &iv->kv_low_factor, &iv->kv_high_factor, e->lean ? NULL : iv->kv_why,
		               sizeof iv->kv_why);
		e->engine->pool_interval(e);
	}
	if (!gs_wl_conservative(&e->workload))
		return;
	iv->conservative = true;
	/* the engine fills its budget whatever the estimate says: what can be
	 * short is the pool, so the verdict (verdict.c) judges it by its low end */
	if (pool)
		return;
	iv->margin_applied = true;
	gs_item *m = gsi_item(e, "calibration_margin", GS_BASIS_ESTIMATED,
	                      "docs/method.md §17a (calibration residuals, bench/calibration.jsonl)");
	m->shard = GS_SHARD_NONE;
	for (size_t p = 0; p < e->n_phases; p++) {
		gs_bytes pk = e->phases[p].peak;
		gsi_item_put(m, (int)p, gsi_interval_scale(pk, iv->high_factor, true) - pk);
	}
	gsi_formula(m, "conservative: each phase's peak raised to the high end of its interval, x %.4f (%s)",
	            iv->high_factor, iv->why);
}
