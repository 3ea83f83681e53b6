/*
 * verdict.c — does it fit on this device? One function for every runtime
 * (gpusizer/verdict.h, docs/method.md §9c).
 *
 * It reads the figures the estimate already holds and computes nothing of
 * its own beyond differences and products, so every command that reads
 * e->verdict agrees with `estimate` to the byte.
 */
#include <stdio.h>
#include <string.h>
#include "gpusizer/estimate.h"
#include "core/fmt.h"
#include "engine/engine.h"

const char *gs_rule_name(gs_rule r)
{
	switch (r) {
	case GS_RULE_NONE: return "";
	case GS_RULE_PEAK: return "peak";
	case GS_RULE_MEASURED: return "measured";
	case GS_RULE_VLLM_POOL: return "vllm-pool";
	case GS_RULE_SGLANG_POOL: return "sglang-pool";
	case GS_RULE_OLLAMA_LAYERS: return "ollama-layers";
	}
	return "";
}

/* "21.64 GiB"; below 1 GiB in MiB, so that one 2 MiB block is not "0.00 GiB" */
static const char *gib(gs_bytes b, char *buf, size_t cap)
{
	return gs_format_bytes(b, b && b < GS_GiB ? GS_UNIT_MiB : GS_UNIT_GiB, buf, cap);
}

/* The verdict's sentence (a cut one ends "...", core/fmt.h); a search probe
 * (v->silent) needs only the figures. */
#define SAY(v, ...) ((v)->silent ? (void)0 : (void)gsi_fmt((v)->why, sizeof (v)->why, __VA_ARGS__))

static const char *plural(uint64_t n) { return n == 1 ? "" : "s"; }

/* "2700 blocks (43200 tokens)" or "29958 tokens" */
static const char *units(const gs_capacity_verdict *v, uint64_t n, const char *unit, char *buf, size_t cap)
{
	if (v->unit_tokens == 1)
		snprintf(buf, cap, "%llu %s%s", (unsigned long long)n, unit, plural(n));
	else
		snprintf(buf, cap, "%llu %s%s (%llu tokens)", (unsigned long long)n, unit, plural(n),
		         (unsigned long long)gs_mul_sat(n, v->unit_tokens));
	return buf;
}

/* The device side, common to every rule: the load against the capacity. */
static void device_side(gs_capacity_verdict *v, gs_bytes load)
{
	v->load = load;
	v->device_fits = load <= v->capacity;
	v->device_margin = v->device_fits ? v->capacity - load : load - v->capacity;
}

/* Peak or measured need against the capacity. */
static void by_device(gs_capacity_verdict *v, const char *what, const char *phase)
{
	char a[40], b[40], c[40];
	v->fits = v->device_fits;
	v->margin = v->fits ? v->device_margin : 0;
	v->shortfall = v->fits ? 0 : v->device_margin;
	if (v->fits)
		SAY(v, "%s %s%s%s of %s: margin %s", what, phase, phase[0] ? " " : "",
		    gib(v->load, a, sizeof a), gib(v->capacity, b, sizeof b), gib(v->margin, c, sizeof c));
	else
		SAY(v, "%s %s%s%s exceeds %s by %s", what, phase, phase[0] ? " " : "",
		    gib(v->load, a, sizeof a), gib(v->capacity, b, sizeof b), gib(v->shortfall, c, sizeof c));
}

/* A pool engine: the pool's units against the need's, the fixed items
 * against the budget, and the device. Shortfall and margin in pool bytes. */
static void by_pool(gs_capacity_verdict *v, const char *engine, const char *unit)
{
	char a[40], b[40], c[80], p[64], n[64];
	v->pool_holds = !v->pool_refused && v->pool_units > 0 && v->need_units <= v->pool_units &&
	                (!v->max_requests || v->requests <= v->max_requests);
	v->fits = v->device_fits && v->pool_holds;
	units(v, v->pool_units, unit, p, sizeof p);
	if (v->fits && !v->need_units) {
		v->margin = gs_mul_sat(v->pool_units, v->unit_bytes);
		SAY(v, "%s's KV pool holds %s (%s); the sheet gives no length to need from it",
		         engine, p, gib(v->margin, a, sizeof a));
		return;
	}
	if (v->fits) {
		v->margin = gs_mul_sat(v->pool_units - v->need_units, v->unit_bytes);
		uint64_t spare = v->pool_units - v->need_units;
		if (v->unit_tokens == 1)
			snprintf(c, sizeof c, "%s", gib(v->margin, a, sizeof a));
		else
			snprintf(c, sizeof c, "%llu tokens, %s",
			         (unsigned long long)gs_mul_sat(spare, v->unit_tokens),
			         gib(v->margin, a, sizeof a));
		SAY(v, "%s's KV pool holds %s, the sheet needs %s: %llu %s%s to spare (%s of pool)", engine,
		    p, units(v, v->need_units, unit, n, sizeof n), (unsigned long long)spare, unit,
		    plural(spare), c);
		return;
	}
	if (!v->device_fits) {
		/* the engine's own footprint passes the card: a budget fraction
		 * above what the device has room for */
		v->shortfall = v->device_margin;
		SAY(v, "%s's memory (%s) exceeds the device's %s by %s: lower its budget "
		         "fraction", engine, gib(v->load, a, sizeof a), gib(v->capacity, b, sizeof b),
		         gib(v->device_margin, c, sizeof c));
		return;
	}
	/* at least one unit when the sheet states no length: a pool of none */
	uint64_t need = v->need_units ? v->need_units : 1;
	units(v, need, unit, n, sizeof n);
	if (v->pool_refused) {
		v->shortfall = gs_add_sat(v->over_budget_by, gs_mul_sat(need, v->unit_bytes));
		SAY(v,
		    "%s would not start: its fixed items exceed its budget by %s, and the sheet's %s need %s "
		    "more: short by %s",
		    engine, gib(v->over_budget_by, a, sizeof a), n,
		    gib(gs_mul_sat(need, v->unit_bytes), b, sizeof b), gib(v->shortfall, c, sizeof c));
		return;
	}
	if (need > v->pool_units) {
		v->shortfall = gs_mul_sat(need - v->pool_units, v->unit_bytes);
		SAY(v, "%s's KV pool holds %s, the sheet needs %s: short by %llu %s%s = %s of "
		         "pool", engine, p, n, (unsigned long long)(need - v->pool_units), unit,
		         plural(need - v->pool_units), gib(v->shortfall, a, sizeof a));
		return;
	}
	/* the pool holds the tokens; the requests are more than it schedules */
	v->shortfall = 0;
	SAY(v, "%s holds the tokens but schedules at most %llu requests at once "
	         "(max_running_requests); the sheet has %llu", engine, (unsigned long long)v->max_requests,
	         (unsigned long long)v->requests);
}

bool gsi_verdict_vllm_pool(gs_capacity_verdict *v, const gs_estimate *e)
{
	if (!e->has_vllm)
		return false;
	const gs_vllm_budget *b = &e->vllm;
	v->rule = GS_RULE_VLLM_POOL;
	v->unit_tokens = 16;
	v->unit_bytes = b->block_bytes;
	/* conservative: the pool at the low end of its interval */
	v->pool_units = e->interval.conservative ? b->tokens_low / 16 : b->blocks;
	v->need_units = e->length ? b->needed_blocks : 0;
	v->pool_refused = b->over_budget || b->blocks == 0;
	v->over_budget_by = b->over_budget ? b->fixed - b->budget : 0;
	by_pool(v, "vLLM", "block");
	return true;
}

bool gsi_verdict_sglang_pool(gs_capacity_verdict *v, const gs_estimate *e)
{
	if (!e->has_sglang)
		return false;
	const gs_sglang_pool *p = &e->sglang;
	v->rule = GS_RULE_SGLANG_POOL;
	v->unit_tokens = 1;
	v->unit_bytes = p->cell_bytes;
	v->pool_units = e->interval.conservative ? p->tokens_low : p->tokens;
	v->need_units = e->length ? p->needed_tokens : 0;
	v->pool_refused = p->refused || p->tokens == 0;
	v->over_budget_by = p->refused ? p->over_by : 0;
	if (e->length) {
		v->requests = e->concurrency;
		v->max_requests = p->max_running_requests;
	}
	by_pool(v, "SGLang", "token");
	return true;
}

bool gsi_verdict_ollama_layers(gs_capacity_verdict *v, const gs_estimate *e)
{
	if (!e->has_ollama)
		return false;
	const gs_ollama_fit *o = &e->ollama;
	char a[40];
	v->rule = GS_RULE_OLLAMA_LAYERS;
	v->fits = v->device_fits && o->full_offload;
	if (!o->full_offload) {
		v->shortfall = o->required_full > o->required_partial ? o->required_full - o->required_partial
		                                                      : 0;
		SAY(v,
		    "Ollama offloads %llu of %llu layers and runs the rest (%s by its estimate) on the CPU",
		    (unsigned long long)o->layers_offload, (unsigned long long)o->layers_model,
		    gib(v->shortfall, a, sizeof a));
		return true;
	}
	by_device(v, "every layer on the GPU; peak", e->phases[e->peak_phase].id);
	return true;
}

void gs_verdict_decide(gs_estimate *e)
{
	gs_capacity_verdict *v = &e->verdict;
	memset(v, 0, sizeof *v);
	v->silent = e->lean;
	if (!e->has_capacity)
		return;
	const gs_phase *pk = &e->phases[e->peak_phase];
	v->capacity = e->capacity;
	bool measured = e->need_basis[0] && strcmp(e->need_basis, "estimate") != 0;
	device_side(v, measured ? e->need : pk->peak);
	if (measured) {
		v->rule = GS_RULE_MEASURED;
		by_device(v, e->need_basis, "need");
	} else if (!e->engine || !e->engine->verdict || !e->engine->verdict(v, e)) {
		/* no rule of the runtime's own, or no pool sized: the peak decides */
		v->rule = GS_RULE_PEAK;
		by_device(v, "peak", pk->id);
	}
	v->as_far_as_known = v->fits && pk->has_unknown && !measured;
}
