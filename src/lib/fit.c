/*
 * fit.c — the largest context or concurrency that fits a capacity
 * (gpusizer/fit.h).
 *
 * Every item grows monotonically with length and with concurrency, so the
 * peak over phases is monotone and a binary search finds the exact largest
 * value; each probe is one full estimate (microseconds), so ~64 probes cost
 * nothing next to reading a config.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gpusizer/fit.h"

#define MAX_CONTEXT ((uint64_t)1 << 32)
#define MAX_CONCURRENCY ((uint64_t)1 << 24)

typedef struct probe {
	gs_workload w;
	const gs_model *m;
	gs_field f;
	gs_estimate *e; /* scratch, heap: an estimate is tens of KiB */
} probe;

/* Estimate at value x of the searched field; *peak gets the largest phase. */
static gs_status run_at(probe *p, uint64_t x, gs_bytes *peak, gs_error *err)
{
	gs_value *v = &p->w.v[p->f];
	v->u = x;
	v->from = GS_FROM_FLAG;
	snprintf(v->text, sizeof v->text, "%llu", (unsigned long long)x);
	snprintf(v->where, sizeof v->where, "fit");
	gs_status s = gs_estimate_run(&p->w, p->m, p->e, err);
	if (!s)
		*peak = gs_estimate_peak(p->e);
	return s;
}

/* Name the phase that overflows and its largest growing item; when even
 * the smallest case overflows (growing_only false), its largest item. */
static void name_limit(const gs_estimate *e, gs_fit_result *r, bool growing_only)
{
	const gs_phase *ph = &e->phases[e->peak_phase];
	snprintf(r->limit_phase, sizeof r->limit_phase, "%s", ph->id);
	gs_bytes best = 0;
	r->limit_item[0] = 0;
	for (size_t i = 0; i < e->n_items; i++) {
		const gs_item *it = &e->items[i];
		if ((it->varies || !growing_only) && it->basis != GS_BASIS_UNKNOWN &&
		    it->bytes[e->peak_phase] > best) {
			best = it->bytes[e->peak_phase];
			snprintf(r->limit_item, sizeof r->limit_item, "%s", it->id);
		}
	}
	if (!r->limit_item[0]) /* nothing grows: the fixed items alone overflow */
		for (size_t i = 0; i < e->n_items; i++)
			if (e->items[i].bytes[e->peak_phase] > best) {
				best = e->items[i].bytes[e->peak_phase];
				snprintf(r->limit_item, sizeof r->limit_item, "%s", e->items[i].id);
			}
}

static gs_status fit_vllm(probe *p, gs_fit_result *r, gs_error *err)
{
	gs_bytes peak;
	uint64_t start = r->target == GS_FIT_CONTEXT ? 16 : 1;
	gs_status s = run_at(p, start, &peak, err);
	if (s)
		return s;
	const gs_vllm_budget *v = &p->e->vllm;
	uint64_t best = 0;
	if (r->target == GS_FIT_CONTEXT) {
		best = (v->blocks / r->fixed) * 16;
		if (r->model_max && best > r->model_max) {
			best = r->model_max;
			r->bounded_by_model = true;
		}
	} else {
		uint64_t per_seq = (r->fixed + 15) / 16;
		best = v->blocks / per_seq;
	}
	r->fits = best > 0 && !v->over_budget;
	r->best = r->fits ? best : 0;
	r->peak_at_best = r->fits ? peak : 0;
	r->peak_over = peak;
	snprintf(r->limit_phase, sizeof r->limit_phase, "serve");
	snprintf(r->limit_item, sizeof r->limit_item, "kv_cache");
	if (v->over_budget)
		name_limit(p->e, r, false);
	return GS_OK;
}

gs_status gs_fit_run(const gs_workload *w, const gs_model *m, gs_bytes cap, const char *how,
                     gs_fit_target target, gs_fit_result *r, gs_error *err)
{
	memset(r, 0, sizeof *r);
	r->target = target;
	r->capacity = cap;
	snprintf(r->capacity_how, sizeof r->capacity_how, "%s", how ? how : "");
	if (!m->has_architecture)
		return gs_error_set(err, GS_EINPUT, "model", "fit needs an architecture to grow the KV cache "
		                    "and activations: give --model config.json, not --params");
	probe p = {*w, m, target == GS_FIT_CONTEXT ? GS_F_LENGTH : GS_F_CONCURRENCY, NULL};
	/* the capacity searched against is the one given, whatever the sheet said */
	p.w.v[GS_F_GPU].from = GS_FROM_UNSET;
	snprintf(p.w.v[GS_F_CAPACITY].text, sizeof p.w.v[GS_F_CAPACITY].text, "%llu B", (unsigned long long)cap);
	p.w.v[GS_F_CAPACITY].u = cap;
	p.w.v[GS_F_CAPACITY].from = GS_FROM_FLAG;
	r->fixed = target == GS_FIT_CONTEXT ? gs_wl_u64(w, GS_F_CONCURRENCY)
	                                    : (gs_wl_set(w, GS_F_LENGTH) ? gs_wl_u64(w, GS_F_LENGTH) : 0);
	if (target == GS_FIT_CONCURRENCY && r->fixed == 0)
		return gs_error_set(err, GS_EINPUT, "--context", "fit --for concurrency needs a length "
		                    "(--context N)");
	r->model_max = m->max_position;
	p.e = malloc(sizeof *p.e);
	if (!p.e)
		return gs_error_set(err, GS_ENOMEM, NULL, "out of memory");
	gs_status s;
	if (strcmp(gs_wl_str(w, GS_F_RUNTIME), "vllm") == 0) {
		s = fit_vllm(&p, r, err);
		free(p.e);
		return s;
	}
	uint64_t hi = target == GS_FIT_CONTEXT ? (r->model_max ? r->model_max : MAX_CONTEXT) : MAX_CONCURRENCY;
	gs_bytes peak;
	if ((s = run_at(&p, 1, &peak, err)))
		goto out;
	if (peak > cap) {
		r->fits = false;
		r->peak_over = peak;
		name_limit(p.e, r, false);
		goto out;
	}
	r->fits = true;
	if ((s = run_at(&p, hi, &peak, err)))
		goto out;
	if (peak <= cap) {
		r->best = hi;
		r->peak_at_best = peak;
		r->bounded_by_model = target == GS_FIT_CONTEXT && r->model_max != 0;
		goto out;
	}
	/* invariant: f(lo) fits, f(hi) does not */
	uint64_t lo = 1;
	while (hi - lo > 1) {
		uint64_t mid = lo + (hi - lo) / 2;
		if ((s = run_at(&p, mid, &peak, err)))
			goto out;
		if (peak <= cap)
			lo = mid;
		else
			hi = mid;
	}
	r->best = lo;
	if ((s = run_at(&p, hi, &r->peak_over, err)))
		goto out;
	name_limit(p.e, r, true);
	s = run_at(&p, lo, &r->peak_at_best, err);
out:
	free(p.e);
	return s;
}
