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
#include "gpusizer/interval.h"
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
	case GS_RULE_LLAMACPP_FIT: return "llamacpp-fit";
	}
	return "";
}

const char *gs_class_name(gs_class c)
{
	switch (c) {
	case GS_CLASS_NONE: return "";
	case GS_CLASS_FITS: return "fits";
	case GS_CLASS_TO_CONFIRM: return "to confirm";
	case GS_CLASS_DOES_NOT_FIT: return "does not fit";
	}
	return "";
}

const char *gs_class_id(gs_class c)
{
	switch (c) {
	case GS_CLASS_NONE: return "";
	case GS_CLASS_FITS: return "fits";
	case GS_CLASS_TO_CONFIRM: return "to_confirm";
	case GS_CLASS_DOES_NOT_FIT: return "does_not_fit";
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

/* "2700 blocks (43200 tokens)", "29958 tokens", or a hybrid's "412 blocks" */
static const char *units(const gs_capacity_verdict *v, uint64_t n, const char *unit, char *buf, size_t cap)
{
	if (v->unit_tokens == 1 || v->blocks_only)
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
	/* requests is 0 but for SGLang with a length, whose max_running_requests
	 * may be 0 itself (fewer than three states in its pool): then none runs */
	v->pool_holds = !v->pool_refused && v->pool_units > 0 && v->need_units <= v->pool_units &&
	                v->requests <= v->max_requests;
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
		if (v->unit_tokens == 1 || v->blocks_only)
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
	uint64_t bt = b->block_tokens ? b->block_tokens : 16;
	v->unit_tokens = bt;
	v->blocks_only = b->hybrid; /* a hybrid's block ids hold attention blocks and states */
	v->unit_bytes = b->block_bytes;
	/* conservative: the pool at the low end of its interval */
	v->pool_units = e->interval.conservative ? b->tokens_low / bt : b->blocks;
	v->pool_low = b->tokens_low / bt;
	v->pool_high = e->interval.conservative ? v->pool_units : b->tokens_high / bt;
	v->need_units = e->length ? b->needed_blocks : 0;
	v->request_length = e->length;
	v->requests_need = e->concurrency;
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
	v->pool_low = p->tokens_low;
	v->pool_high = e->interval.conservative ? v->pool_units : p->tokens_high;
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

bool gsi_verdict_llamacpp_fit(gs_capacity_verdict *v, const gs_estimate *e)
{
	if (!e->has_llamacpp || !e->llamacpp.fit_moved)
		return false;
	v->rule = GS_RULE_LLAMACPP_FIT;
	v->fits = false;
	SAY(v, "%s %s%s runs it only in part on the GPU: %s", e->has_ollama ? "Ollama" : "llama.cpp",
	    e->runtime_version, e->has_ollama ? "'s llama-server" : "", e->llamacpp.fit_what);
	return true;
}

bool gsi_verdict_ollama_layers(gs_capacity_verdict *v, const gs_estimate *e)
{
	if (!e->has_ollama)
		return false;
	if (e->ollama.llama_server) /* 0.30 on: llama-server's --fit placed the layers */
		return gsi_verdict_llamacpp_fit(v, e);
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

/* The unknown items live in the peak phase, by id, into buf. */
static const char *unknown_items(const gs_estimate *e, char *buf, size_t cap)
{
	buf[0] = 0;
	for (size_t i = 0; i < e->n_items; i++)
		if (e->items[i].basis == GS_BASIS_UNKNOWN && (e->items[i].live & (1u << e->peak_phase)))
			gsi_fmt_add(buf, cap, "%s%s", buf[0] ? ", " : "", e->items[i].id);
	return buf;
}

/* What to read in a pool engine's log, with the threshold that decides. */
static void pool_condition(const gs_capacity_verdict *v, bool vllm, uint64_t need, char *buf, size_t cap)
{
	if (v->silent)
		return;
	if (v->blocks_only) { /* a hybrid: its token figure is derived, its concurrency is not */
		gsi_fmt(buf, cap,
		        "start the engine and read its log's \"Maximum concurrency for %llu tokens per "
		        "request\": it fits if that is at least %llu.00x (the estimate's interval is %llu "
		        "to %llu block ids for %llu needed)", (unsigned long long)v->request_length,
		        (unsigned long long)v->requests_need, (unsigned long long)v->pool_low,
		        (unsigned long long)v->pool_high, (unsigned long long)need);
		return;
	}
	gsi_fmt(buf, cap,
	        "start the engine and read its log's %s: it fits if that is at least %llu tokens (the "
	        "estimate's interval is %llu to %llu tokens)",
	        vllm ? "\"GPU KV cache size\"" : "\"max_total_num_tokens\"",
	        (unsigned long long)gs_mul_sat(need, v->unit_tokens),
	        (unsigned long long)gs_mul_sat(v->pool_low, v->unit_tokens),
	        (unsigned long long)gs_mul_sat(v->pool_high, v->unit_tokens));
}

/* What to measure of the peak phase, with the threshold that decides. */
static void peak_condition(const gs_capacity_verdict *v, const gs_estimate *e, char *buf, size_t cap)
{
	char a[40], b[40], c[40];
	gs_bytes lo, hi;
	if (v->silent)
		return;
	gs_estimate_interval(e, v->load, &lo, &hi);
	gsi_fmt(buf, cap,
	        "measure phase %s (gpusizer measure, or nvidia-smi while it runs): it fits if its peak is at "
	        "most %s; the estimate's interval is %s to %s",
	        e->phases[e->peak_phase].id, gib(v->capacity, a, sizeof a), gib(lo, b, sizeof b),
	        gib(hi, c, sizeof c));
}

/* A release newer than every row (issue 46): its rules were not read, so
 * what fits by the newest row's is to confirm, against that release's own
 * log or a measurement. */
static void newer_release(gs_capacity_verdict *v, const gs_estimate *e)
{
	if (!e->release_newer || v->klass != GS_CLASS_FITS)
		return;
	v->klass = GS_CLASS_TO_CONFIRM;
	if (v->silent)
		return;
	char what[400] = "";
	if (v->rule == GS_RULE_VLLM_POOL || v->rule == GS_RULE_SGLANG_POOL)
		pool_condition(v, v->rule == GS_RULE_VLLM_POOL, v->need_units ? v->need_units : 1, what,
		               sizeof what);
	else
		peak_condition(v, e, what, sizeof what);
	gsi_fmt(v->condition, sizeof v->condition, "%s %s is newer than the rules read (%s): %s",
	        e->engine ? e->engine->label : "the runtime", e->release_asked, e->runtime_version, what);
}

/* Adaptation sized at the data's longest sequence (lengths) below the
 * sheet's length (issue 50 item 1): batches pad to their longest, so the
 * figures are right for that data, but the length the sheet requires was
 * not what was sized; packing, or one longer sequence, runs at length. So
 * what fits is to confirm, with that condition. */
static void data_below_length(gs_capacity_verdict *v, const gs_estimate *e)
{
	uint64_t data = e->train.lengths[2];
	if (!e->train.training || !data || data >= e->length || v->klass != GS_CLASS_FITS)
		return;
	v->klass = GS_CLASS_TO_CONFIRM;
	if (v->silent)
		return;
	gsi_fmt(v->condition, sizeof v->condition,
	        "it was sized at the data's longest sequence, %llu token%s (lengths), not at the "
	        "sheet's length %llu: it fits while no batch holds a longer sequence and nothing packs "
	        "sequences to length; to size the length itself, give lengths that reach it or leave "
	        "lengths out", (unsigned long long)data, plural(data), (unsigned long long)e->length);
}

/* An Unsloth run whose release the sheet does not state is sized with the
 * newest row of Unsloth's release table (recipe.c): what fits by it is to
 * confirm against the release that runs, which its banner prints. */
static void unsloth_release_unstated(gs_capacity_verdict *v, const gs_estimate *e)
{
	if (!e->train.training || !e->train.release_unstated || v->klass != GS_CLASS_FITS)
		return;
	v->klass = GS_CLASS_TO_CONFIRM;
	if (v->silent)
		return;
	gsi_fmt(v->condition, sizeof v->condition,
	        "Unsloth's release is not stated, so it was sized with the newest row read (%s): read the "
	        "release on the banner's first line (\"==((====))==  Unsloth 2025.8.5: Fast ... patching\") "
	        "and give it as recipe_release",
	        e->train.release_row);
}

/* The three classes from the rule's figures and the interval (docs/method.md
 * §9c): the same rule for every runtime, under conservative too (whose peaks
 * already are their high ends and whose pool is its low end). */
static void classify(gs_capacity_verdict *v, const gs_estimate *e, bool measured)
{
	char a[40], u[200];
	const gs_phase *pk = &e->phases[e->peak_phase];
	v->condition[0] = 0;
	if (measured) { /* a run's need is no estimate: it has no interval */
		v->klass = v->fits ? GS_CLASS_FITS : GS_CLASS_DOES_NOT_FIT;
		return;
	}
	if (v->rule == GS_RULE_VLLM_POOL || v->rule == GS_RULE_SGLANG_POOL) {
		bool vllm = v->rule == GS_RULE_VLLM_POOL;
		if (!v->device_fits || v->pool_refused || v->requests > v->max_requests) {
			v->klass = GS_CLASS_DOES_NOT_FIT;
			return;
		}
		uint64_t need = v->need_units ? v->need_units : 1;
		if (v->pool_low >= need) {
			v->klass = GS_CLASS_FITS;
		} else if (v->pool_high < need || e->interval.conservative) {
			/* conservative: judged by the low end, nothing is left to confirm */
			v->klass = GS_CLASS_DOES_NOT_FIT;
		} else {
			v->klass = GS_CLASS_TO_CONFIRM;
			pool_condition(v, vllm, need, v->condition, sizeof v->condition);
		}
		return;
	}
	if ((v->rule == GS_RULE_OLLAMA_LAYERS && !e->ollama.full_offload) ||
	    v->rule == GS_RULE_LLAMACPP_FIT) {
		v->klass = GS_CLASS_DOES_NOT_FIT; /* it runs, but not on the GPU alone */
		return;
	}
	gs_bytes lo, hi;
	gs_estimate_interval(e, v->load, &lo, &hi);
	/* conservative: the load is the high end already, and it decides */
	if (lo > v->capacity || (e->interval.conservative && hi > v->capacity)) {
		v->klass = GS_CLASS_DOES_NOT_FIT;
		return;
	}
	if (hi <= v->capacity && !pk->has_unknown) {
		v->klass = GS_CLASS_FITS;
		return;
	}
	v->klass = GS_CLASS_TO_CONFIRM;
	if (v->silent)
		return;
	if (hi <= v->capacity)
		gsi_fmt(v->condition, sizeof v->condition,
		        "measure phase %s with the items not yet known (%s): it fits if "
		        "its peak stays at or below %s",
		        pk->id, unknown_items(e, u, sizeof u), gib(v->capacity, a, sizeof a));
	else
		peak_condition(v, e, v->condition, sizeof v->condition);
}

/* A "fits" whose capacity is itself uncertain (`why`, with the command
 * that reads the real figure) is to confirm: it fits if the figure read,
 * given as --capacity, is at least the interval's high end. */
static void capacity_to_confirm(gs_capacity_verdict *v, const gs_estimate *e, const char *why)
{
	if (v->klass != GS_CLASS_FITS)
		return;
	v->klass = GS_CLASS_TO_CONFIRM;
	if (v->silent)
		return;
	char a[40];
	gs_bytes lo, hi;
	gs_estimate_interval(e, v->load, &lo, &hi);
	gsi_fmt(v->condition, sizeof v->condition,
	        "%s and give it as --capacity; it fits if that is at least %s", why, gib(hi, a, sizeof a));
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
	classify(v, e, measured);
	if (!measured) {
		newer_release(v, e);
		data_below_length(v, e);
		unsloth_release_unstated(v, e);
	}
	/* unified memory (GB10): the capacity is what CUDA could have if the
	 * CPU took nothing; what the OS and its processes take is not known,
	 * so what fits on it is to confirm against the memory available there
	 * (vLLM and llama.cpp read the OS's available memory on such a device:
	 * vllm/utils/mem_utils.py MemorySnapshot.measure @7cfb97e3379) */
	if (e->capacity_shared && v->klass == GS_CLASS_TO_CONFIRM && !v->silent)
		gsi_fmt_add(v->condition, sizeof v->condition, "; unified memory: the GPU has what the CPU "
		            "side leaves, which --capacity must say");
	else if (e->capacity_shared)
		capacity_to_confirm(v, e, "unified memory: the GPU has what the CPU side leaves; read the "
		                          "memory available (free -b, or torch.cuda.mem_get_info())");
	/* a nominal capacity is more than the device reports: what fits on it
	 * is to confirm against the device's own total (what does not fit on
	 * it fits on less even less) */
	if (e->capacity_nominal)
		capacity_to_confirm(v, e, "the capacity is the nominal size: read the device's total "
		                          "(nvidia-smi --query-gpu=memory.total)");
}
