/*
 * fit.c — the largest context or concurrency that fits a capacity
 * (gpusizer/fit.h).
 *
 * Every item grows monotonically with length and with concurrency, so the
 * peak over phases is monotone and a binary search finds the exact largest
 * value; each probe is one full estimate (microseconds), so ~64 probes cost
 * nothing next to reading a config.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gpusizer/fit.h"
#include "engine/engine.h"

#define MAX_CONTEXT GSI_FIT_MAX_CONTEXT
#define MAX_CONCURRENCY GSI_FIT_MAX_CONCURRENCY

typedef struct probe {
	gs_workload w;
	const gs_model *m;
	gs_field f;
	gs_estimate *e; /* scratch, heap: an estimate is tens of KiB */
} probe;

/* Estimate at value x of the searched field; *peak gets the largest phase. */
static gs_status run_at(probe *p, uint64_t x, gs_bytes *peak, gs_error *err)
{
	if (gs_deadline_passed()) /* a server's request whose time is up: stop between probes */
		return gs_error_set(err, GS_ETIME, NULL, "stopped: the time limit for this request passed");
	char num[32];
	snprintf(num, sizeof num, "%llu", (unsigned long long)x);
	gs_status s = gs_workload_set(&p->w, p->f, num, strlen(num), GS_FROM_FLAG, "fit", err);
	if (s)
		return s; /* past the workload's maxima: the search's bound is wrong */
	s = gs_estimate_run_lean(&p->w, p->m, p->e, err); /* a probe: figures only */
	if (s == GS_ERANGE) {
		/* figures past 8 EiB (a length search of a model without a trained
		 * length, e.g. T5's relative positions): simply does not fit */
		*peak = UINT64_MAX;
		return GS_OK;
	}
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

/* Serving engines pre-allocate a KV pool: their changes are ranked by what
 * grows the pool. */
static bool pool_engine(const gs_workload *w)
{
	return !gs_wl_training(w) && gsi_engine_of(gs_wl_runtime(w))->pool_view &&
	       gsi_engine_of(gs_wl_runtime(w))->pool_changes;
}

/* Every probe is judged by the one verdict (verdict.c), which is monotone
 * in length, concurrency and microbatch for every rule: the peak grows, a
 * pool's need grows while the pool shrinks or stays. */
static bool fits_now(const probe *p)
{
	return p->e->verdict.fits;
}

/* The class of the probe's verdict: fits for certain when the interval's
 * high end fits and nothing is left to confirm (verdict.c classify). */
static bool certain_now(const probe *p)
{
	return p->e->verdict.klass == GS_CLASS_FITS;
}

/* The largest value in [1, best] whose class is fits, 0 when none: the
 * class is monotone as the point verdict is (the interval's high end grows
 * with the peak, a pool's low end shrinks as the need grows), so a binary
 * search finds it. *klass gets the class at best. */
static gs_status certain_search(probe *p, uint64_t best, uint64_t *out, gs_class *klass, gs_error *err)
{
	gs_bytes peak;
	gs_status s = run_at(p, best, &peak, err);
	if (s)
		return s;
	*klass = p->e->verdict.klass;
	*out = 0;
	if (certain_now(p)) {
		*out = best;
		return GS_OK;
	}
	if (best < 2 || (s = run_at(p, 1, &peak, err)) || !certain_now(p))
		return s;
	/* invariant: lo is certain, hi is not */
	uint64_t lo = 1, hi = best;
	while (hi - lo > 1) {
		uint64_t mid = lo + (hi - lo) / 2;
		if ((s = run_at(p, mid, &peak, err)))
			return s;
		if (certain_now(p))
			lo = mid;
		else
			hi = mid;
	}
	*out = lo;
	return GS_OK;
}

/* The runtime's own layer placement where the search stopped. */
static void ollama_limit(const gs_estimate *e, gs_fit_result *r)
{
	gsi_layer_fit lf;
	if (!e->engine->layer_fit || !e->engine->layer_fit(e, &lf))
		return;
	r->layers_placed = true;
	snprintf(r->placer, sizeof r->placer, "%s", lf.placer);
	r->layer_offload = lf.offload;
	r->layer_count = lf.layers;
	r->layer_required = lf.required;
	r->layer_available = lf.available;
}

void gs_pool_view_of(const gs_estimate *e, gs_pool_view *v)
{
	memset(v, 0, sizeof *v);
	if (!e->engine || !e->engine->pool_view)
		return;
	e->engine->pool_view(e, v); /* the engine's own terms: blocks or tokens, its budget */
	if (!v->known)
		return;
	snprintf(v->engine, sizeof v->engine, "%s", e->engine->label);
	if (!v->in_blocks) { /* a pool in blocks says its own need */
		v->request_tokens = e->length;
		v->need_tokens = gs_mul_sat(e->length, e->concurrency);
	}
	v->fits = e->verdict.pool_holds;
	/* the fixed item that takes most of what the pool could have had */
	for (size_t i = 0; i < e->n_items; i++) {
		const gs_item *it = &e->items[i];
		if (it->basis == GS_BASIS_UNKNOWN || !strcmp(it->id, "kv_cache") ||
		    !strcmp(it->id, "reserve"))
			continue;
		gs_bytes b = 0;
		for (size_t ph = 0; ph < e->n_phases; ph++)
			if (it->bytes[ph] > b)
				b = it->bytes[ph];
		if (b > v->eater_bytes) {
			v->eater_bytes = b;
			snprintf(v->eater, sizeof v->eater, "%s", it->id);
		}
	}
}

/* The workload's own capacity (its --gpu or --capacity), which fit and the
 * estimates it runs share: the search keeps the device, so every rule that
 * depends on it (a release's batch defaults by GPU, its CUDA total) is the
 * same in the search as in `estimate`. */
static gs_status capacity_of(const gs_workload *w, gs_bytes *cap, char *how, size_t howcap, gs_error *err)
{
	bool found;
	gs_status s = gs_workload_capacity(w, cap, &found, how, howcap, err);
	if (!s && !found) { /* the one wording every front door gives (gs_fit_answer_run) */
		gs_error_set(err, GS_EINPUT, NULL,
		             "fit needs a capacity or a gpu: --gpu \"RTX 4090\" or --capacity 24GB");
		s = gs_error_field(err, "capacity");
	}
	return s;
}

gs_status gs_fit_run(const gs_workload *w, const gs_model *m, gs_fit_target target, gs_fit_result *r,
                     gs_error *err)
{
	assert(w && m && r);
	memset(r, 0, sizeof *r);
	r->target = target;
	gs_status cs = capacity_of(w, &r->capacity, r->capacity_how, sizeof r->capacity_how, err);
	if (cs)
		return cs;
	if (!m->has_architecture)
		return gs_error_set(err, GS_EINPUT, NULL, "fit needs an architecture to grow the KV cache "
		                    "and activations: give --model config.json, not --params");
	probe p = {*w, m, target == GS_FIT_CONTEXT ? GS_F_LENGTH
	                  : target == GS_FIT_MICROBATCH ? GS_F_MICROBATCH : GS_F_CONCURRENCY, NULL};
	/* the largest length is asked of sequences of that length: the data's
	 * own lengths would pin the executed length whatever length is probed */
	if (target == GS_FIT_CONTEXT)
		gs_workload_unset(&p.w, GS_F_LENGTHS);
	bool training = gs_wl_training(w);
	r->training = training;
	r->fixed = target == GS_FIT_CONTEXT ? gs_wl_u64(w, training ? GS_F_MICROBATCH : GS_F_CONCURRENCY)
	                                    : (gs_wl_set(w, GS_F_LENGTH) ? gs_wl_u64(w, GS_F_LENGTH) : 0);
	if (target != GS_FIT_CONTEXT && r->fixed == 0)
		return gs_error_set(err, GS_EINPUT, NULL, "fit --for %s needs a length (--context N)",
		                    target == GS_FIT_MICROBATCH ? "microbatch" : "concurrency");
	if (target == GS_FIT_MICROBATCH && !training)
		return gs_error_set(err, GS_EINPUT, NULL,
		                    "fit --for microbatch is for adaptation (task full, "
		                    "lora or qlora); for inference search concurrency");
	p.e = malloc(sizeof *p.e);
	if (!p.e)
		return gs_error_set(err, GS_ENOMEM, NULL, "out of memory");
	gs_status s;
	gs_bytes peak;
	if ((s = run_at(&p, 1, &peak, err)))
		goto out;
	/* the trained context as the engine reads the model: a GGUF planned
	 * from config.json says its own (a Granite hybrid's 2^20) */
	r->model_max = p.e->model.max_position;
	uint64_t hi = target == GS_FIT_CONTEXT ? (r->model_max ? r->model_max : MAX_CONTEXT)
	                                       : MAX_CONCURRENCY;
	/* the capacity the verdict judges against, as the estimate says it */
	if (p.e->has_capacity && p.e->capacity != r->capacity) {
		r->capacity = p.e->capacity;
		snprintf(r->capacity_how, sizeof r->capacity_how, "%s", p.e->capacity_how);
	}
	if (!fits_now(&p)) {
		r->fits = false;
		r->klass = GS_CLASS_DOES_NOT_FIT;
		r->peak_over = peak;
		name_limit(p.e, r, false);
		ollama_limit(p.e, r);
		gs_pool_view_of(p.e, &r->pool);
		if (r->pool.known && !r->pool.refused)
			snprintf(r->limit_item, sizeof r->limit_item, "kv_cache");
		goto out;
	}
	r->fits = true;
	if ((s = run_at(&p, hi, &peak, err)))
		goto out;
	if (fits_now(&p)) {
		r->best = hi;
		r->peak_at_best = peak;
		r->bounded_by_model = target == GS_FIT_CONTEXT && r->model_max != 0;
		gs_pool_view_of(p.e, &r->pool);
		s = certain_search(&p, hi, &r->best_certain, &r->klass, err);
		goto out;
	}
	/* invariant: f(lo) fits, f(hi) does not */
	uint64_t lo = 1;
	while (hi - lo > 1) {
		uint64_t mid = lo + (hi - lo) / 2;
		if ((s = run_at(&p, mid, &peak, err)))
			goto out;
		if (fits_now(&p))
			lo = mid;
		else
			hi = mid;
	}
	r->best = lo;
	if ((s = run_at(&p, hi, &r->peak_over, err)))
		goto out;
	name_limit(p.e, r, true);
	ollama_limit(p.e, r);
	if (pool_engine(&p.w))
		snprintf(r->limit_item, sizeof r->limit_item, "kv_cache");
	s = run_at(&p, lo, &r->peak_at_best, err);
	if (!s)
		gs_pool_view_of(p.e, &r->pool);
	if (!s)
		s = certain_search(&p, lo, &r->best_certain, &r->klass, err);
out:
	free(p.e);
	return s;
}

/* --- single changes -------------------------------------------------------- */

typedef gsi_change candidate;

static size_t candidates(const gs_workload *w, candidate *c, size_t cap)
{
	size_t n = 0;
	bool training = gs_wl_training(w);
	bool lora = training && gs_wl_task(w) != GS_TASK_FULL;
	gs_checkpointing ck = gs_wl_checkpointing(w);
	gs_optimizer opt = gs_wl_optimizer(w);
	uint64_t len = gs_wl_set(w, GS_F_LENGTH) ? gs_wl_u64(w, GS_F_LENGTH) : 0;
#define ADD(F, V, F2, V2, COST)                                                                              \
	do {                                                                                                 \
		if (n < cap) {                                                                               \
			c[n].f = (F);                                                                        \
			snprintf(c[n].value, 64, "%.63s", (V));                                              \
			c[n].f2 = (F2);                                                                      \
			snprintf(c[n].value2, 64, "%.63s", (V2));                                            \
			snprintf(c[n].cost, sizeof c[n].cost, "%s", (COST));                                 \
			n++;                                                                                 \
		}                                                                                            \
	} while (0)
	char v[64], v2[64];
	if (training) {
		if (ck != GS_CKPT_FULL)
			ADD(GS_F_CHECKPOINTING, "full", GS_F__COUNT, "",
			    "recomputes each layer's forward during backward: about a third more compute per "
			    "step");
		if (ck == GS_CKPT_NONE)
			ADD(GS_F_CHECKPOINTING, "selective", GS_F__COUNT, "",
			    "recomputes the attention core only: a few percent more compute");
		if (opt == GS_OPT_ADAMW || opt == GS_OPT_ADAMW_FUSED || opt == GS_OPT_ADAMW_FORLOOP)
			ADD(GS_F_OPTIMIZER, "adamw-8bit", GS_F__COUNT, "",
			    "8-bit optimizer states: convergence and quality to re-confirm");
		if (opt == GS_OPT_ADAMW)
			ADD(GS_F_OPTIMIZER, "adamw-fused", GS_F__COUNT, "",
			    "same update; needs a PyTorch with fused AdamW on this device");
		if (lora && gs_wl_u64(w, GS_F_LORA_RANK) >= 2) {
			snprintf(v, sizeof v, "%llu", (unsigned long long)(gs_wl_u64(w, GS_F_LORA_RANK) / 2));
			ADD(GS_F_LORA_RANK, v, GS_F__COUNT, "",
			    "fewer adapter parameters: quality to re-confirm");
		}
		uint64_t dp = gs_wl_u64(w, GS_F_GPUS) / (gs_wl_u64(w, GS_F_TP) * gs_wl_u64(w, GS_F_PP));
		int zero = gs_wl_zero(w);
		if (dp > 1 && zero < 3 && gs_wl_fsdp(w) == GS_FSDP_NONE) {
			snprintf(v, sizeof v, "%d", zero + 1);
			ADD(GS_F_ZERO, v, GS_F__COUNT, "", "more communication per step (ZeRO stage up)");
		}
		if (gs_wl_offload(w) == GS_OFFLOAD_NONE &&
		    (zero > 0 || gs_wl_fsdp(w) != GS_FSDP_NONE || dp == 1))
			ADD(GS_F_OFFLOAD, "optimizer", GS_F__COUNT, "",
			    "optimizer step on the CPU: much slower steps, and host RAM for the states");
		if (gs_wl_loss(w) == GS_LOSS_STANDARD)
			ADD(GS_F_LOSS, "chunked", GS_F__COUNT, "",
			    "needs a chunked or fused cross-entropy (e.g. Liger kernels); same loss");
		if (ck != GS_CKPT_OFFLOADED)
			ADD(GS_F_CHECKPOINTING, "offloaded", GS_F__COUNT, "",
			    "checkpointed layer inputs copied to host memory each "
			    "step (Unsloth's \"unsloth\" mode, torch save_on_cpu): PCIe traffic, host RAM");
		if (opt == GS_OPT_ADAMW || opt == GS_OPT_ADAMW_8BIT || opt == GS_OPT_ADAMW_FUSED ||
		    opt == GS_OPT_ADAMW_FORLOOP)
			ADD(GS_F_OPTIMIZER, "paged-adamw-8bit", GS_F__COUNT, "",
			    "8-bit states paged to host memory under pressure "
			    "(bitsandbytes): convergence to re-confirm, slower when paging");
		/* export: where the adapters are merged, if at all */
		gs_export ex = gs_wl_export(w);
		if (lora && ex != GS_EXPORT_CPU)
			ADD(GS_F_EXPORT, "cpu", GS_F__COUNT, "",
			    "merge in host memory: host RAM for the 16-bit model, minutes on "
			    "the CPU");
		if (lora && ex != GS_EXPORT_ADAPTERS)
			ADD(GS_F_EXPORT, "adapters", GS_F__COUNT, "",
			    "save the adapters alone: merge later elsewhere, or serve the "
			    "base with the adapter");
		if (lora && ex != GS_EXPORT_LAYERWISE)
			ADD(GS_F_EXPORT, "layerwise", GS_F__COUNT, "",
			    "merge one tensor at a time (Unsloth's save_pretrained_merged): "
			    "host RAM for the merged model");
		/* validation: a smaller evaluation batch */
		uint64_t eb = gs_wl_u64(w, GS_F_EVAL_MICROBATCH);
		if (eb >= 2) {
			snprintf(v, sizeof v, "%llu", (unsigned long long)(eb / 2));
			ADD(GS_F_EVAL_MICROBATCH, v, GS_F__COUNT, "",
			    "half the validation batch: slower evaluation, same result");
		}
		/* placement: parameters off the GPU under ZeRO-3 / FSDP, twice the GPUs */
		if ((zero == 3 || gs_wl_fsdp(w) == GS_FSDP_FULL) && gs_wl_offload(w) != GS_OFFLOAD_PARAMS)
			ADD(GS_F_OFFLOAD, "params", GS_F__COUNT, "",
			    "parameters in host memory, fetched each step: much slower "
			    "steps, host RAM");
		if (dp > 1 || zero > 0 || gs_wl_fsdp(w) != GS_FSDP_NONE) {
			snprintf(v, sizeof v, "%llu", (unsigned long long)(gs_wl_u64(w, GS_F_GPUS) * 2));
			ADD(GS_F_GPUS, v, GS_F__COUNT, "",
			    "twice the GPUs (offers that have them): the sharded states halve, the "
			    "cost doubles");
		}
		uint64_t mb = gs_wl_u64(w, GS_F_MICROBATCH);
		if (mb >= 2) {
			snprintf(v, sizeof v, "%llu", (unsigned long long)(mb / 2));
			snprintf(v2, sizeof v2, "%llu",
			         (unsigned long long)(gs_wl_u64(w, GS_F_GRAD_ACCUM) * 2));
			ADD(GS_F_MICROBATCH, v, GS_F_GRAD_ACCUM, v2,
			    mb % 2 ? "an odd microbatch halved changes the effective batch: re-check the "
			             "update"
			           : "same effective batch (the same update), more steps: lower throughput");
		}
	} else {
		uint64_t cc = gs_wl_u64(w, GS_F_CONCURRENCY);
		if (cc >= 2) {
			snprintf(v, sizeof v, "%llu", (unsigned long long)(cc / 2));
			ADD(GS_F_CONCURRENCY, v, GS_F__COUNT, "",
			    "half the sequences at once: lower throughput");
		}
	}
	if (!training && gsi_engine_of(gs_wl_runtime(w))->own_changes) {
		/* the runtime's own (llama.cpp's cache types, Ollama's settings): its row */
		n += gsi_engine_of(gs_wl_runtime(w))->own_changes(w, c + n, n < cap ? cap - n : 0);
	} else if (!training) {
		ADD(GS_F_KV_FORMAT, "fp8", GS_F__COUNT, "", "fp8 KV cache: output quality to re-confirm");
		if (gs_wl_attention(w) == GS_ATTN_IMPL_EAGER)
			ADD(GS_F_ATTENTION, "sdpa", GS_F__COUNT, "",
			    "same maths without the score matrix; a kernel the runtime must support");
		if (!gs_wl_set(w, GS_F_BITS) && strcmp(gs_wl_str(w, GS_F_FORMAT), "nf4") != 0 &&
		    !pool_engine(w))
			ADD(GS_F_FORMAT, "nf4", GS_F__COUNT, "",
			    "4-bit weights: quality to re-confirm against the sheet's criterion");
	}
	if (len >= 2) {
		snprintf(v, sizeof v, "%llu", (unsigned long long)(len / 2));
		ADD(GS_F_LENGTH, v, GS_F__COUNT, "",
		    "changes the task: the sheet's length is a requirement; only if the data allow it");
	}
#undef ADD
	return n;
}

static gs_status peak_with(const gs_workload *w, const gs_model *m, gs_field f, uint64_t value,
                           gs_estimate *e, gs_bytes *peak)
{
	gs_workload t = *w;
	gs_error ignored;
	char v[32];
	int len = snprintf(v, sizeof v, "%llu", (unsigned long long)value);
	gs_status s = gs_workload_set(&t, f, v, (size_t)len, GS_FROM_FLAG, "fit", &ignored);
	if (!s)
		s = gs_estimate_run_lean(&t, m, e, &ignored); /* only its figures are read */
	if (!s)
		*peak = gs_estimate_peak(e);
	return s;
}

/* llama.cpp: the most blocks that fit on the GPU (-ngl), the others running
 * on the CPU. The peak grows with the count, so a binary search finds it;
 * when even one block does not fit, one block is the change offered. */
static bool fewer_gpu_layers(const gs_workload *w, const gs_model *m, gs_bytes cap, gs_bytes peak_now,
                             gs_estimate *e, gs_change *x)
{
	uint64_t L = m->layers, now = gs_wl_set(w, GS_F_GPU_LAYERS) ? gs_wl_u64(w, GS_F_GPU_LAYERS) : L + 1;
	if (now > L + 1)
		now = L + 1;
	/* no capacity: no count to aim at; a peak that fits: nothing to move */
	if (now < 2 || cap == UINT64_MAX || peak_now <= cap)
		return false;
	uint64_t lo = 1, hi = now - 1, best = 1;
	gs_bytes best_peak, p;
	if (peak_with(w, m, GS_F_GPU_LAYERS, 1, e, &best_peak))
		return false;
	while (best_peak <= cap && lo <= hi) {
		uint64_t mid = lo + (hi - lo) / 2;
		if (peak_with(w, m, GS_F_GPU_LAYERS, mid, e, &p))
			return false;
		if (p <= cap) {
			best = mid;
			best_peak = p;
			lo = mid + 1;
		} else {
			hi = mid - 1;
		}
	}
	if (best_peak >= peak_now)
		return false;
	memset(x, 0, sizeof *x);
	snprintf(x->field, sizeof x->field, "gpu_layers");
	snprintf(x->value, sizeof x->value, "%llu", (unsigned long long)best);
	x->peak_after = best_peak;
	x->saves = peak_now - best_peak;
	x->fits_after = best_peak <= cap;
	uint64_t on_gpu = best > L ? L : best;
	if (on_gpu == L)
		snprintf(x->cost, sizeof x->cost,
		         "the output head runs on the CPU (-ngl %llu): slower decode, and host memory "
		         "for it",
		         (unsigned long long)best);
	else
		snprintf(x->cost, sizeof x->cost,
		         "%llu of %llu blocks and the output head run on the CPU (-ngl %llu): much "
		         "slower decode, and host memory for them",
		         (unsigned long long)(L - on_gpu), (unsigned long long)L, (unsigned long long)best);
	return true;
}

/* Pool tokens over the sheet's need (0 when the engine would not start). */
static double coverage(const gs_pool_view *v)
{
	if (v->refused)
		return 0;
	return v->need_tokens ? (double)v->tokens / (double)v->need_tokens : (double)v->tokens;
}

static bool ranks_before(const gs_change *a, const gs_change *b)
{
	if (a->pool && b->pool) {
		double ca = a->need_after ? (double)a->pool_tokens_after / (double)a->need_after : 0;
		double cb = b->need_after ? (double)b->pool_tokens_after / (double)b->need_after : 0;
		if (ca != cb)
			return ca > cb;
	}
	return a->saves > b->saves;
}

/* Whether a candidate's fields act, by their rows' phase masks, on a phase
 * at stake: one that overflows the capacity, or the peak phase when none
 * does (or there is no capacity). */
static bool acts_on_target(const gs_estimate *e, gs_bytes cap, const candidate *c)
{
	bool any_over = false;
	for (size_t p = 0; p < e->n_phases; p++)
		any_over |= e->phases[p].peak > cap;
	for (size_t p = 0; p < e->n_phases; p++) {
		bool at_stake = any_over ? e->phases[p].peak > cap : p == e->peak_phase;
		if (at_stake && (gs_field_acts_on(c->f, e->phases[p].id) ||
		                 (c->f2 != GS_F__COUNT && gs_field_acts_on(c->f2, e->phases[p].id))))
			return true;
	}
	return false;
}

gs_status gs_fit_changes(const gs_workload *w, const gs_model *m, gs_change out[GS_MAX_CHANGES], size_t *n,
                         gs_bytes *peak_now, gs_error *err)
{
	*n = 0;
	/* without a capacity the changes are ranked, not judged */
	gs_bytes cap;
	bool found;
	char how[320];
	gs_status s = gs_workload_capacity(w, &cap, &found, how, sizeof how, err);
	if (s)
		return s;
	if (!found)
		cap = UINT64_MAX;
	gs_estimate *e = malloc(sizeof *e);
	if (!e)
		return gs_error_set(err, GS_ENOMEM, NULL, "out of memory");
	s = gs_estimate_run(w, m, e, err);
	if (s) {
		free(e);
		return s;
	}
	*peak_now = gs_estimate_peak(e);
	bool pool = pool_engine(w);
	gs_bytes before_peak[GS_MAX_PHASES];
	char before_id[GS_MAX_PHASES][16];
	size_t before_n = e->n_phases;
	for (size_t p = 0; p < before_n; p++) {
		before_peak[p] = e->phases[p].peak;
		snprintf(before_id[p], sizeof before_id[p], "%s", e->phases[p].id);
	}
	gs_pool_view before;
	gs_pool_view_of(e, &before);
	candidate c[2 * GS_MAX_CHANGES];
	size_t nc = candidates(w, c, 2 * GS_MAX_CHANGES);
	if (pool)
		nc += e->engine->pool_changes(w, e, c + nc, 2 * GS_MAX_CHANGES - nc);
	for (size_t i = 0; i < nc && *n < GS_MAX_CHANGES && !gs_deadline_passed(); i++) {
		if (!acts_on_target(e, cap, &c[i]))
			continue; /* its field's row says it changes none of the phases at stake */
		gs_workload t = *w;
		gs_error ignored;
		if (gs_workload_set(&t, c[i].f, c[i].value, strlen(c[i].value), GS_FROM_FLAG, "fit",
		                    &ignored) ||
		    (c[i].f2 != GS_F__COUNT && gs_workload_set(&t, c[i].f2, c[i].value2, strlen(c[i].value2),
		                                               GS_FROM_FLAG, "fit", &ignored)) ||
		    gs_estimate_run_lean(&t, m, e, &ignored)) /* its figures and verdict are read, no text */
			continue; /* a change this model or layout cannot take is not a candidate */
		gs_bytes after = gs_estimate_peak(e);
		gs_pool_view v;
		gs_pool_view_of(e, &v);
		/* a serving engine's change counts when the pool covers more of the
		 * sheet's need; anything else when it lowers the peak */
		/* adaptation: lowering any phase that overflows counts too, so every
		 * overflowing phase gets its own changes (export, validation, ...) */
		bool lowers_over = false;
		for (size_t p = 0; cap && p < e->n_phases && p < before_n; p++)
			lowers_over |= before_peak[p] > cap && e->phases[p].peak < before_peak[p] &&
			               !strcmp(e->phases[p].id, before_id[p]);
		bool helps = pool && before.known && v.known
		                     ? coverage(&v) > coverage(&before) ||
		                               (coverage(&v) == coverage(&before) && after < *peak_now)
		                     : after < *peak_now || (gs_wl_training(w) && lowers_over);
		if (!helps || (pool && v.known && coverage(&v) == 0))
			continue; /* a serving engine that still would not start gains nothing */
		gs_change *x = &out[(*n)++];
		memset(x, 0, sizeof *x);
		/* the phase it lowers most, among those of the estimate before */
		gs_bytes drop = 0;
		for (size_t p = 0; p < e->n_phases && p < before_n; p++) {
			gs_bytes b = before_peak[p], a2 = e->phases[p].peak;
			if (!strcmp(e->phases[p].id, before_id[p]))
				x->phases_after[p] = a2;
			if (!strcmp(e->phases[p].id, before_id[p]) && b > a2 && b - a2 > drop) {
				drop = b - a2;
				snprintf(x->phase, sizeof x->phase, "%s", before_id[p]);
				x->phase_before = b;
				x->phase_after = a2;
			}
		}
		x->order = (unsigned)i;
		snprintf(x->field, sizeof x->field, "%.31s", gs_field_key(c[i].f));
		memcpy(x->value, c[i].value, sizeof x->value);
		if (c[i].f2 != GS_F__COUNT)
			snprintf(x->also, sizeof x->also, "%.31s %.31s", gs_field_key(c[i].f2), c[i].value2);
		x->peak_after = after;
		x->saves = after < *peak_now ? *peak_now - after : 0;
		x->fits_after = e->verdict.fits;
		snprintf(x->cost, sizeof x->cost, "%s", c[i].cost);
		if (pool && v.known) {
			x->pool = true;
			x->pool_tokens_after = v.tokens;
			x->pool_blocks_after = v.blocks;
			x->need_after = v.need_tokens;
		}
	}
	if (e->engine->searches_gpu_layers && *n < GS_MAX_CHANGES &&
	    fewer_gpu_layers(w, m, cap, *peak_now, e, &out[*n]))
		(*n)++;
	free(e);
	/* largest saving first; for a serving engine, the most pool per need
	 * first (insertion sort: a dozen entries) */
	for (size_t i = 1; i < *n; i++)
		for (size_t j = i; j > 0 && ranks_before(&out[j], &out[j - 1]); j--) {
			gs_change tmp = out[j];
			out[j] = out[j - 1];
			out[j - 1] = tmp;
		}
	return GS_OK;
}

/* --- the whole answer: plan, searches, the sheet's verdict, changes ----------- */

gs_status gs_fit_plan(const gs_workload *w, const char *for_text, gs_fit_target out[2], size_t *n,
                      gs_error *err)
{
	*n = 0;
	if (for_text) {
		if (!strcmp(for_text, "context"))
			out[(*n)++] = GS_FIT_CONTEXT;
		else if (!strcmp(for_text, "concurrency"))
			out[(*n)++] = GS_FIT_CONCURRENCY;
		else if (!strcmp(for_text, "microbatch"))
			out[(*n)++] = GS_FIT_MICROBATCH;
		else
			return gs_error_set(err, GS_EINPUT, "for", "got \"%.40s\", expected \"context\", "
			                    "\"concurrency\" or \"microbatch\"", for_text);
		return GS_OK;
	}
	if (gs_wl_training(w)) {
		if (gs_wl_set(w, GS_F_LENGTH))
			out[(*n)++] = GS_FIT_MICROBATCH;
		out[(*n)++] = GS_FIT_CONTEXT;
	} else {
		out[(*n)++] = gs_wl_set(w, GS_F_LENGTH) && w->v[GS_F_CONCURRENCY].from == GS_FROM_DEFAULT
		            ? GS_FIT_CONCURRENCY : GS_FIT_CONTEXT;
	}
	return GS_OK;
}

/* "4096 tokens, microbatch 1" / "8192 tokens x 2 sequences": the sheet's
 * workload as fit and its changes speak of it. */
static void describe_sheet(const gs_workload *w, uint64_t executed, char *buf, size_t cap)
{
	uint64_t len = gs_wl_u64(w, GS_F_LENGTH);
	if (gs_wl_training(w) && executed && executed < len)
		snprintf(buf, cap, "%llu tokens (sized at the data's longest, %llu), microbatch %llu",
		         (unsigned long long)len, (unsigned long long)executed,
		         (unsigned long long)gs_wl_u64(w, GS_F_MICROBATCH));
	else if (gs_wl_training(w))
		snprintf(buf, cap, "%llu tokens, microbatch %llu", (unsigned long long)len,
		         (unsigned long long)gs_wl_u64(w, GS_F_MICROBATCH));
	else {
		uint64_t c = gs_wl_u64(w, GS_F_CONCURRENCY);
		snprintf(buf, cap, "%llu tokens x %llu sequence%s", (unsigned long long)len,
		         (unsigned long long)c, c == 1 ? "" : "s");
	}
}

/* Adaptation: the answer in one sentence, before the detail. */
static void headline(gs_fit_answer *a, const gs_workload *w)
{
	char pk[40], cp[40], g[40], lim[200] = "", set[400];
	size_t k = 0;
	gs_format_bytes(a->sheet_peak, GS_UNIT_GiB, pk, sizeof pk);
	gs_format_bytes(a->capacity, GS_UNIT_GiB, cp, sizeof cp);
	for (size_t i = 0; i < a->n; i++)
		if (a->r[i].fits)
			k += (size_t)snprintf(lim + k, k < sizeof lim ? sizeof lim - k : 0,
			                      "%slargest %s %llu %s%s", k ? ", " : "",
			                      a->r[i].target == GS_FIT_CONTEXT ? "length" : "microbatch",
			                      (unsigned long long)a->r[i].best,
			                      a->r[i].target == GS_FIT_CONTEXT ? "token" : "sequence",
			                      a->r[i].best == 1 ? "" : "s");
	gs_workload_recipe_settings(w, set, sizeof set);
	char recipe[520];
	snprintf(recipe, sizeof recipe, "the %.30s recipe's defaults (%.80s%s%.380s)",
	         gs_wl_str(w, GS_F_RECIPE), gs_recipe_source(gs_wl_recipe(w)), set[0] ? ": " : "", set);
	const char *task = gs_wl_str(w, GS_F_TASK);
	const gs_capacity_verdict *v = &a->sheet_verdict;
	/* the seed's three classes: "Yes" only when the interval's high end
	 * fits too; a point estimate that fits is to confirm, with the
	 * verdict's condition */
	if (v->klass == GS_CLASS_FITS) {
		snprintf(a->headline, sizeof a->headline,
		         "Yes: %.20s at %.95s fits in %s in every phase (peak %s, %s) under %.520s%s%.190s.",
		         task, a->sheet_workload, cp, pk, a->sheet_phase, recipe, lim[0] ? "; " : "", lim);
		return;
	}
	if (v->fits) {
		snprintf(a->headline, sizeof a->headline,
		         "To confirm: %.20s at %.95s fits in %s by the estimate (peak %s, %s) under %.520s, "
		         "but not for certain: %.480s%s%.190s.",
		         task, a->sheet_workload, cp, pk, a->sheet_phase, recipe, v->condition,
		         lim[0] ? "; " : "", lim);
		return;
	}
	bool confirm = v->klass == GS_CLASS_TO_CONFIRM; /* above the card, its interval's low end below */
	/* the single change that makes the sheet fit, the usual remedy first
	 * (the order changes are tried in: checkpointing before offloading,
	 * a shorter length last) */
	const gs_change *best = NULL;
	for (size_t i = 0; i < a->n_changes; i++)
		if (a->changes[i].fits_after && (!best || a->changes[i].order < best->order))
			best = &a->changes[i];
	char over[200] = "";
	k = 0;
	for (size_t i = 0; i < a->n_over; i++)
		k += (size_t)snprintf(over + k, k < sizeof over ? sizeof over - k : 0, "%s%s %s",
		                      k ? ", " : "", a->over[i],
		                      gs_format_bytes(a->over_peak[i], GS_UNIT_GiB, g, sizeof g));
	char cond[520] = "";
	if (confirm)
		snprintf(cond, sizeof cond, " (to confirm: %.480s)", v->condition);
	if (best)
		snprintf(a->headline, sizeof a->headline,
		         "%s: %.20s at %.95s needs %s in %s (over %s: %.190s) under %.520s%s; one "
		         "change makes it fit: %.31s %.63s%s%.63s -> peak %s.",
		         confirm ? "To confirm, not as set" : "Not as set", task, a->sheet_workload, pk,
		         a->sheet_phase, cp, over, recipe, cond, best->field, best->value,
		         best->also[0] ? " with " : "", best->also,
		         gs_format_bytes(best->peak_after, GS_UNIT_GiB, g, sizeof g));
	else
		snprintf(a->headline, sizeof a->headline,
		         "%s: %.20s at %.95s needs %s in %s (over %s: %.190s) under %.520s%s, and no single "
		         "change makes it fit; see the ranked changes%s%.190s.",
		         confirm ? "To confirm" : "No", task, a->sheet_workload, pk, a->sheet_phase, cp, over,
		         recipe, cond, lim[0] ? "; what fits: " : "", lim);
}

void gs_fit_answer_free(gs_fit_answer *a)
{
	for (size_t i = 0; i < 2; i++) {
		free(a->at_best[i]);
		a->at_best[i] = NULL;
	}
}

gs_status gs_fit_answer_run(const gs_workload *w, const gs_model *m, const char *for_text, gs_fit_answer *a,
                            gs_error *err)
{
	assert(w && m && a);
	memset(a, 0, sizeof *a);
	char how[320];
	gs_status s = capacity_of(w, &a->capacity, how, sizeof how, err);
	gs_bytes cap = a->capacity;
	gs_fit_target t[2];
	if (!s && (s = gs_fit_plan(w, for_text, t, &a->n, err)))
		gs_error_field(err, "for");
	for (size_t i = 0; !s && i < a->n; i++) {
		if ((s = gs_fit_run(w, m, t[i], &a->r[i], err)) || !a->r[i].fits)
			continue;
		/* the estimate at the answer, for the JSON's estimate_at_best */
		gs_workload wb = *w;
		char num[32];
		snprintf(num, sizeof num, "%llu", (unsigned long long)a->r[i].best);
		gs_field f = t[i] == GS_FIT_CONTEXT      ? GS_F_LENGTH
		             : t[i] == GS_FIT_MICROBATCH ? GS_F_MICROBATCH
		                                         : GS_F_CONCURRENCY;
		if (!(a->at_best[i] = malloc(sizeof *a->at_best[i])))
			s = gs_error_set(err, GS_ENOMEM, NULL, "out of memory");
		else if (!(s = gs_workload_set(&wb, f, num, strlen(num), GS_FROM_FLAG, "fit", err)))
			s = gs_estimate_run(&wb, m, a->at_best[i], err);
		if (!s) /* what to confirm at best, in the full estimate's words */
			snprintf(a->r[i].condition, sizeof a->r[i].condition, "%s",
			         a->at_best[i]->verdict.condition);
	}
	if (!s && gs_wl_set(w, GS_F_LENGTH)) {
		/* the sheet asks for a length: its own workload is the verdict, and
		 * the single changes are tried on it */
		a->has_sheet = true;
		gs_error ignored;
		gs_bytes peak_before_changes; /* the same peak as below; that estimate also names its phase */
		a->has_changes = gs_fit_changes(w, m, a->changes, &a->n_changes, &peak_before_changes,
		                                &ignored) == GS_OK;
		gs_estimate *e = malloc(sizeof *e);
		if (!e)
			s = gs_error_set(err, GS_ENOMEM, NULL, "out of memory");
		else if (!(s = gs_estimate_run(w, m, e, err))) {
			/* the capacity the verdict judged against (a runtime that
			 * allocates through torch: the CUDA total, not the device's) */
			if (e->has_capacity)
				a->capacity = cap = e->capacity;
			describe_sheet(w, e->train.executed_length, a->sheet_workload,
			               sizeof a->sheet_workload);
			a->sheet_peak = gs_estimate_peak(e);
			snprintf(a->sheet_phase, sizeof a->sheet_phase, "%s", e->phases[e->peak_phase].id);
			a->sheet_fits = e->verdict.fits;
			a->sheet_verdict = e->verdict;
			gs_pool_view_of(e, &a->sheet_pool);
			for (size_t p = 0; p < e->n_phases && a->n_over < 8; p++)
				if (e->phases[p].peak > cap) {
					snprintf(a->over[a->n_over], sizeof a->over[0], "%s",
					         e->phases[p].id);
					a->over_index[a->n_over] = p;
					a->over_peak[a->n_over++] = e->phases[p].peak;
				}
			if (gs_wl_training(w))
				headline(a, w);
		}
		free(e);
	}
	if (s)
		gs_fit_answer_free(a);
	return s;
}

gs_class gs_fit_answer_class(const gs_fit_answer *a)
{
	if (a->has_sheet)
		return a->sheet_verdict.klass;
	gs_class c = GS_CLASS_DOES_NOT_FIT;
	for (size_t i = 0; i < a->n; i++)
		if (a->r[i].fits)
			c = a->r[i].best_certain ? GS_CLASS_FITS
			    : c == GS_CLASS_FITS ? c
			                         : GS_CLASS_TO_CONFIRM;
	return c;
}
