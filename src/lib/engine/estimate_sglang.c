/*
 * estimate_sglang.c — SGLang's token-to-KV pool, release by release
 * (docs/method.md §7b).
 *
 * SGLang does not profile a forward pass before sizing its pool. It reads
 * the free memory once the CUDA context is up (total_gpu_memory, in GiB),
 * loads the weights, reads the free memory again, and keeps
 * (1 - mem_fraction_static) of the first figure free for activations and
 * CUDA graphs (model_runner.py profile_max_num_token):
 *
 *   rest   = free_after_weights - free_at_start x (1 - mem_fraction_static)
 *          = free_at_start x mem_fraction_static - weights - load window
 *
 * where the load window is what the weights load holds beyond the weights'
 * bytes (the caching allocator's rounding and the rotary cache, below).
 *   tokens = floor(rest / cell),  cell = KV bytes of one token on one GPU
 *
 * rest <= 0 is SGLang's "Not enough memory. Please try to increase
 * --mem-fraction-static." The radix cache reuses pool slots and does not
 * change the pool's size. How mem_fraction_static and chunked_prefill_size
 * are chosen is the release's rule (engine_release.c).
 */
#include <stdio.h>
#include <string.h>
#include <jansson.h>
#include "engine/engine.h"
#include "engine/engine_release.h"
#include "engine/estimate_items.h"
#include "engine/serving.h"

static uint64_t wl(const gs_estimate *e, gs_field f) { return gs_wl_u64(&e->workload, f); }

/* mem_fraction_static by the release's steps (server_args.py __post_init__).
 * gpu_mem is nvidia-smi's total in MiB (get_nvgpu_memory_capacity); 0 when
 * no device is known. */
static gs_ratio fraction_rule(const gsi_sglang_release *r, uint64_t gpu_mem, uint64_t tp, char *why,
                              size_t cap)
{
	if (!r->reserved || !gpu_mem) {
		const gsi_sgl_tp_step *t = r->fraction_by_tp;
		while (tp < t->tp_from)
			t++;
		uint64_t milli = t->milli;
		snprintf(why, cap, "%s: %llu.%03llu for tp %llu",
		         !r->reserved ? "by tensor-parallel size" : "no GPU memory known",
		         (unsigned long long)(milli / 1000), (unsigned long long)(milli % 1000),
		         (unsigned long long)tp);
		return (gs_ratio){milli, 1000};
	}
	/* reserved MiB, in tenths: the step's tenths of a GiB, and its share per
	 * TP rank, x 1024 */
	const gsi_sgl_reserve_step *st = r->reserved;
	while (gpu_mem >= st->below_mib)
		st++;
	uint64_t tenths = (st->tenths + st->tenths_per_tp * tp) * 1024;
	/* round((gpu_mem - reserved) / gpu_mem, 3), in thousandths */
	uint64_t num = gpu_mem * 10 > tenths ? gpu_mem * 10 - tenths : 0;
	uint64_t milli = (num * 1000 + gpu_mem * 10 / 2) / (gpu_mem * 10);
	snprintf(why, cap, "(%llu MiB - %llu.%llu GiB reserved) / %llu MiB, rounded to 3 places",
	         (unsigned long long)gpu_mem, (unsigned long long)(tenths / 10240),
	         (unsigned long long)(tenths / 1024 % 10), (unsigned long long)gpu_mem);
	return (gs_ratio){milli, 1000};
}

/* chunked_prefill_size by the release's steps (or tiers, 0.5.3 on). */
static uint64_t chunk_rule(const gsi_sglang_release *r, uint64_t gpu_mem)
{
	if (r->tiers) {
		if (!gpu_mem)
			return 4096;
		const gsi_sgl_tier *t = r->tiers;
		while (gpu_mem >= t->below_mib)
			t++;
		return t->chunk;
	}
	if (!gpu_mem)
		return r->chunk_no_gpu;
	const gsi_sgl_chunk_step *st = r->chunk;
	while (gpu_mem >= st->below_mib)
		st++;
	return st->tokens;
}

/* The prefill (piecewise) CUDA graphs' capture sizes up to max_tokens
 * (server_args.py _generate_piecewise_cuda_graph_tokens, 0.5.9 on): 4 to 32
 * by 4, 48 to 256 by 16, 288 to 512 by 32, 576 to 1024 by 64, 1280 to 4096
 * by 256, then by 512. 8192 tokens: 58 sizes. */
static uint64_t prefill_sizes(uint64_t max_tokens)
{
	static const struct { uint32_t from, to, step; } runs[] = {
		{4, 32, 4},        {48, 256, 16},     {288, 512, 32},
		{576, 1024, 64},   {1280, 4096, 256}, {4608, UINT32_MAX, 512},
	};
	uint64_t n = 0;
	for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++)
		for (uint64_t s = runs[i].from; s <= runs[i].to && s <= max_tokens; s += runs[i].step)
			n++;
	return n;
}

/* 0.5.3 on: reserved MiB = 512 + 1.5 x max(chunk, 2048) + 2 x max_bs + 128
 * x tp x pp, plus the prefill graphs' term (0.5.10 on: 8 MiB a capture
 * size, 1536 with MLA; none for a multimodal model, whose piecewise graphs
 * are off), at least 10240 above 60 GiB (server_args.py
 * _handle_gpu_memory_settings, reserve_for_graph_mb). */
static gs_ratio formula_rule(const gs_estimate *e, const gsi_sglang_release *r, uint64_t gpu_mem,
                             uint64_t chunk, char *why, size_t cap)
{
	const gs_model *m = &e->model;
	if (!gpu_mem) {
		snprintf(why, cap, "no GPU memory known: 0.880");
		return (gs_ratio){880, 1000};
	}
	const gsi_sgl_tier *t = r->tiers;
	while (gpu_mem >= t->below_mib)
		t++;
	uint64_t tp = e->tp ? e->tp : 1, max_bs = t->max_bs[tp >= 4];
	uint64_t act = chunk > 2048 ? chunk : 2048;
	/* in halves of a MiB: 1.5 x act */
	uint64_t half = 2 * 512 + 3 * act + 4 * max_bs + 2 * 128 * tp;
	uint64_t graphs = 0;
	bool mla = m->attn == GS_ATTN_MLA;
	if (r->prefill_graphs != GSI_SGL_PREFILL_OFF && !gsi_multimodal(m))
		graphs = !mla                                         ? 8 * prefill_sizes(chunk)
		         : r->prefill_graphs == GSI_SGL_PREFILL_SIZES ? 1536
		                                                      : 0;
	half += 2 * graphs;
	bool floor = gpu_mem > 60 * 1024 && half < 2 * 10240;
	if (floor)
		half = 2 * 10240;
	/* round((gpu_mem - reserved) / gpu_mem, 3), in thousandths */
	uint64_t num = 2 * gpu_mem > half ? 2 * gpu_mem - half : 0;
	uint64_t milli = (num * 1000 + gpu_mem) / (2 * gpu_mem);
	snprintf(why, cap, "(%llu MiB - %llu.%llu MiB reserved%s) / %llu MiB, rounded to 3 places; reserved "
	         "= 512 + 1.5 x %llu + 2 x cuda_graph_max_bs %llu + 128 x tp %llu%s%llu MiB",
	         (unsigned long long)gpu_mem, (unsigned long long)(half / 2),
	         (unsigned long long)(half % 2 * 5),
	         floor ? ", the 10240 MiB floor above 60 GiB" : "", (unsigned long long)gpu_mem,
	         (unsigned long long)act, (unsigned long long)max_bs, (unsigned long long)tp,
	         " + prefill graphs ", (unsigned long long)graphs);
	return (gs_ratio){milli, 1000};
}

/* adjust_mem_fraction_for_vlm (server_args.py, 0.4.9.post6 on): a
 * multimodal model's fraction x 0.95 x clamp(1 - 0.1 x (L x H^2 / (24 x
 * 1024^2) - 1), 0.8, 1.05), L and H vision_config's num_hidden_layers and
 * hidden_size (24 and 1024 when it names them otherwise), not rounded
 * again. In millionths. */
static gs_ratio vlm_scale(const gs_model *m, gs_ratio f, char *why, size_t cap)
{
	double L = m->vision_cfg_layers ? m->vision_cfg_layers : 24;
	double H = m->vision_cfg_hidden ? m->vision_cfg_hidden : 1024;
	double factor = 1.0 - 0.1 * (L * H * H / (24.0 * 1024 * 1024) - 1.0);
	factor = factor < 0.8 ? 0.8 : factor > 1.05 ? 1.05 : factor;
	double x = (double)f.num / (double)f.den * 0.95 * factor;
	size_t n = strlen(why);
	snprintf(why + n, cap - n, "; x 0.95 x %.4f for the vision tower (%.0f layers of "
	                           "%.0f)", factor, L, H);
	return (gs_ratio){(uint64_t)(x * 1e6), 1000000};
}

/* The serve phase's transient items: one chunked prefill's activations and
 * the logits of the running batch's last tokens. They are added after the
 * placement (the pool needs the placed weights), so they are divided over
 * the tensor-parallel GPUs here. */
static void serve_items(gs_estimate *e, uint64_t chunk, uint64_t running)
{
	const gs_model *m = &e->model;
	char why[600];
	gs_item *act = gsi_item(e, "activations", GS_BASIS_ESTIMATED,
	                        METHOD
	                        "§5, §7b (a prefill chunk of chunked_prefill_size tokens; our derivation)");
	gs_item *lg = gsi_item(e, "logits", GS_BASIS_ESTIMATED,
	                       METHOD "§7b (fp32 logits of the decoding batch; our derivation)");
	if (!m->has_architecture) {
		act->basis = lg->basis = GS_BASIS_UNKNOWN;
		act->live = lg->live = LIVE(2);
		gsi_formula(act, "needs an architecture (--model config.json)");
		gsi_formula(lg, "needs the vocabulary size (--model config.json)");
		return;
	}
	gs_bytes a = gsi_serving_forward_peak(e, chunk, true, 32768, why, sizeof why);
	/* a vision-language model encodes a request's images before its
	 * prefill, out of what mem_fraction_static leaves (SGLang profiles no
	 * encoder; adjust_mem_fraction_for_vlm leaves room for it) */
	if (m->vision_params && e->images) {
		size_t n = strlen(why);
		gs_bytes vis = gsi_vision_peak(e, 1, why + n, sizeof why - n);
		a = vis > a ? vis : a;
	} else if (m->vision_params) {
		gsi_unknown(e, "activations: the vision encoder's transient at serve time, out of what "
		            "mem_fraction_static leaves, is sized only with images per request (--images)");
	}
	gsi_item_put(act, 2, (a + e->tp - 1) / e->tp);
	gsi_formula(act, "prefill chunk of %llu tokens, / tp %llu: %s", (unsigned long long)chunk,
	            (unsigned long long)e->tp, why);
	uint64_t seqs = running ? running : 1;
	gs_bytes l = gs_mul_sat(gs_mul_sat(seqs, m->vocab), 4);
	gsi_item_put(lg, 2, (l + e->tp - 1) / e->tp);
	gsi_formula(lg, "%llu requests decoding (the sheet's concurrency) x %u vocab x 4 B, / tp %llu",
	            (unsigned long long)seqs, m->vocab, (unsigned long long)e->tp);
}

/* PyTorch's caching allocator (c10/cuda/CUDACachingAllocator.cpp): an
 * allocation of kMinLargeAlloc (10 MiB) or more gets a segment of its own,
 * rounded up to kRoundLarge (2 MiB); what it rounds away stays reserved, and
 * SGLang's free-memory reading (cudaMemGetInfo after empty_cache) sees it
 * as taken by the weights load. */
static uint64_t rounded_away(uint64_t bytes)
{
	const uint64_t round = 2ull << 20;
	return bytes >= (10ull << 20) ? (round - bytes % round) % round : 0;
}

/* What SGLang's weights load takes on one GPU beyond the weights' bytes:
 * each weight tensor's allocator rounding, in SGLang's fused layout (one
 * qkv_proj, one gate_up_proj, one 3-D w13 and w2 per MoE layer, the
 * vocabulary padded to 64 and split over tp), and the rotary cos/sin cache,
 * which SGLang keeps in fp32 on CUDA (layers/rotary_embedding.py: "cache
 * needs to be in FP32 for numerical stability"; max_position_embeddings x
 * head_dim x 4 B). 16-bit weights of a llama-shaped decoder only: other
 * layouts return 0 and say so. */
static uint64_t load_window(gs_estimate *e, bool *rounding_known, char *why, size_t cap)
{
	const gs_model *m = &e->model;
	const gs_format *f = &e->format;
	*rounding_known = false;
	if (m->attn == GS_ATTN_MLA || m->ssm || m->encoder_layers || !m->heads || !m->head_dim ||
	    !m->hidden) {
		snprintf(why, cap, "not computed for this layout (MLA, state-space or encoder-decoder)");
		return 0;
	}
	uint64_t tp = e->tp ? e->tp : 1, h = m->hidden, d = m->head_dim;
	uint64_t rope = (uint64_t)m->max_position * d * 4;
	uint64_t el = f->value_bits.den == 1 && !f->quantized ? f->value_bits.num / 8 : 0;
	if (el != 2 && el != 4) {
		snprintf(why, cap,
		         "rotary cache %u positions x %llu x 4 B = %llu B; the allocator's rounding of %s "
		         "tensors is not computed (their stored sizes differ)",
		         m->max_position, (unsigned long long)d, (unsigned long long)rope, f->name);
		return rope;
	}
	*rounding_known = true;
	uint64_t q = m->heads / tp ? m->heads / tp : 1;
	uint64_t kv = m->kv_heads >= tp ? m->kv_heads / tp : 1; /* a KV head is replicated below tp */
	uint64_t waste = 0;
	for (uint32_t l = 0; l < m->layers && l < GS_MAX_LAYERS; l++) {
		waste += rounded_away((q + 2 * kv) * d * h * el);
		waste += rounded_away(q * d * h * el);
		if (m->layer_is_moe[l] && m->experts) {
			uint64_t mi = m->moe_intermediate / tp;
			waste += rounded_away((uint64_t)m->experts * 2 * mi * h * el);
			waste += rounded_away((uint64_t)m->experts * mi * h * el);
			if (m->shared_intermediate) {
				waste += rounded_away(2 * (uint64_t)(m->shared_intermediate / tp) * h * el);
				waste += rounded_away((uint64_t)(m->shared_intermediate / tp) * h * el);
			}
		} else {
			uint64_t ff = m->intermediate / tp;
			waste += rounded_away((m->gated_mlp ? 2 : 1) * ff * h * el);
			waste += rounded_away(ff * h * el);
		}
	}
	uint64_t vocab = ((uint64_t)m->vocab + 63) / 64 * 64;
	waste += rounded_away(vocab / tp * h * el) * (m->tied_embeddings ? 1 : 2);
	snprintf(why, cap,
	         "%llu B rounded away by the caching allocator (2 MiB per tensor of 10 MiB or more, "
	         "fused layout, / tp %llu) + rotary cache %u positions x %llu x 4 B = %llu B",
	         (unsigned long long)waste, (unsigned long long)tp, m->max_position, (unsigned long long)d,
	         (unsigned long long)rope);
	return waste + rope;
}

/* 0.5.18: a multimodal model's cache, SGLANG_VLM_CACHE_SIZE_MB (100 MiB),
 * comes off the KV budget (kv_cache_configurator.py
 * mm_runtime_reservation_gb; 1024 MiB more with a CUDA IPC feature
 * transport, not the default). */
static void mm_cache(gs_estimate *e, const gsi_sglang_release *r)
{
	if (!r->vlm_reserve_mib || !gsi_multimodal(&e->model))
		return;
	gs_item *it = gsi_item(e, "mm_cache", GS_BASIS_ESTIMATED,
	                       METHOD "§7b (SGLang 0.5.18 kv_cache_configurator.py "
	                              "mm_runtime_reservation_gb)");
	it->shard = GS_SHARD_NONE;
	gsi_item_all(it, ALL_PHASES, (gs_bytes)r->vlm_reserve_mib << 20);
	gsi_formula(it, "SGLANG_VLM_CACHE_SIZE_MB %u MiB, taken off the KV budget by SGLang %s",
	            r->vlm_reserve_mib, r->rel.version);
}

/* The request-to-token table, max_running_requests rows of context_len + 4
 * int32 (mem_cache/memory_pool.py ReqToTokenPool; one row more from
 * 0.5.18). It is allocated after the pool is sized, out of what
 * mem_fraction_static leaves. Llama-3.1-8B at its 131072 tokens and 2048
 * requests: 1073774592 B. */
static void req_to_token(gs_estimate *e, const gsi_sglang_release *r)
{
	const gs_sglang_pool *p = &e->sglang;
	uint64_t ctx = e->length ? e->length : (e->model.max_position ? e->model.max_position : 1);
	uint64_t rows = p->max_running_requests + (r->req_pool_extra_row ? 1 : 0);
	gs_item *it = gsi_item(e, "req_to_token", GS_BASIS_ESTIMATED,
	                       METHOD "§7b (SGLang mem_cache/memory_pool.py ReqToTokenPool)");
	it->shard = GS_SHARD_NONE;
	gsi_item_put(it, 1, gs_mul_sat(gs_mul_sat(rows, ctx + 4), 4));
	gsi_item_put(it, 2, gs_mul_sat(gs_mul_sat(rows, ctx + 4), 4));
	gsi_formula(it, "%llu rows x (context %llu + 4) x 4 B (int32), after the pool: outside it",
	            (unsigned long long)rows, (unsigned long long)ctx);
}

/* The temporal state's element: --mamba-ssm-dtype (state_dtype) when given,
 * else float32 (configs/mamba_utils.py mamba2_state_dtype: the default,
 * which a config's mamba_ssm_dtype overrides; no model read here gives
 * one). "auto" is gpusizer's word for the default. */
static uint64_t state_el(const gs_workload *w)
{
	if (!gs_wl_set(w, GS_F_STATE_DTYPE))
		return 4;
	gs_state_dtype d = (gs_state_dtype)w->v[GS_F_STATE_DTYPE].e;
	return d == GS_STATE_FLOAT16 || d == GS_STATE_BFLOAT16 ? 2 : 4;
}

/* One sequence's state over a hybrid's state layers on one GPU, as SGLang
 * keeps it (configs/mamba_utils.py BaseLinearStateParams.mamba_cache_per_req):
 * conv (K - 1) x channels/tp in bfloat16 (SGLANG_MAMBA_CONV_DTYPE) and the
 * temporal state heads/tp x head_dim x N in `ssm_el` bytes (state_el),
 * channels I + 2 G N for
 * Mamba-2, 2 nk dk + nv dv for a gated DeltaNet. */
static gs_bytes state_per_req(const gs_model *m, uint64_t tp, uint64_t ssm_el)
{
	uint64_t K = m->ssm_conv ? m->ssm_conv - 1 : 0, N = m->ssm_state, g = m->ssm_groups;
	if (g && g < tp && g % tp)
		g = tp;
	uint64_t conv = K * (((uint64_t)m->ssm_inner + 2 * g * N) / tp);
	uint64_t ssm = (uint64_t)m->ssm_heads / tp * m->ssm_head_dim * N;
	return gs_mul_sat(gs_model_ssm_layers(m), conv * 2 + ssm * ssm_el);
}

/* A hybrid's state pool, taken from what the fraction leaves before the
 * token pool (model_runner.py profile_max_num_token; handle_max_mamba_cache;
 * kv_cache_configurator.py _handle_max_mamba_cache): 0.5.2 to 0.5.3.post1
 * hold max_running_requests (or 512) states with the radix cache off;
 * 0.5.3.post2 on, with the radix cache on (its default), give the states
 * 0.9/1.9 of it (mamba_full_memory_ratio 0.9) and admit a third as many
 * requests as states; 0.5.17 on keep one padding slot. Returns what the
 * states take; *max_reqs the cap on requests (UINT64_MAX: none; 0 when
 * fewer than three states fit, so that no request runs:
 * kv_cache_configurator.py caps max_running_requests at
 * max_mamba_cache_size // 3). */
static gs_bytes state_pool(gs_estimate *e, const gsi_sglang_release *r, gs_bytes rest, uint64_t *max_reqs)
{
	gs_sglang_pool *p = &e->sglang;
	*max_reqs = UINT64_MAX;
	p->state_per_req = state_per_req(&e->model, e->tp ? e->tp : 1, state_el(&e->workload));
	if (!p->state_per_req)
		return 0;
	uint64_t given = gs_wl_set(&e->workload, GS_F_MAX_RUNNING_REQUESTS)
	                         ? wl(e, GS_F_MAX_RUNNING_REQUESTS) : 0;
	if (r->mamba == GSI_SGL_MAMBA_FIXED) {
		p->state_slots = given ? given : 512;
		*max_reqs = p->state_slots;
		p->state_bytes = gs_mul_sat(p->state_slots, p->state_per_req);
		return p->state_bytes;
	}
	double budget = (double)rest * 0.9 / 1.9;
	uint64_t slots = (uint64_t)(budget / (double)p->state_per_req);
	if (r->mamba == GSI_SGL_MAMBA_SPLIT_PAD) /* one slot pads: (budget - slot) // slot */
		slots = slots ? slots - 1 : 0;
	p->state_slots = slots;
	*max_reqs = slots / 3;
	p->state_bytes = gs_mul_sat(slots + (r->mamba == GSI_SGL_MAMBA_SPLIT_PAD), p->state_per_req);
	return p->state_bytes;
}

/* The pool, once weights are placed on each GPU. */
static void pool(gs_estimate *e, gs_item *kv, const gsi_sglang_release *r)
{
	const gs_model *m = &e->model;
	gs_sglang_pool *p = &e->sglang;
	/* the pool holds every decoder layer's K and V (pool_configurator.py
	 * DefaultPoolConfigurator: num_effective_layers = end_layer -
	 * start_layer; MHATokenToKVPool's layer_num), Gemma 3n's shared-KV
	 * layers too: gemma3n_causal.py gives their RadixAttention the target
	 * layer's id and save_kv_cache False, so their buffers stay unused */
	gs_bytes cell = gs_add_sat(gsi_kv_bytes(e, 1, 1), gsi_ceil_bits(gs_model_shared_kv_elements(m, 1),
	                                                               gs_format_bpw(&e->kv_format)));
	p->cell_bytes = gsi_kv_on_rank(e, cell, 1);
	if (!p->cell_bytes)
		p->cell_bytes = 1;
	p->needed_tokens = e->length ? gs_mul_sat(e->concurrency, e->length) : 0;
	gs_bytes ctx = gsi_item_bytes(e, "runtime_context", PH_LOAD);
	gs_bytes weights = 0;
	for (size_t i = 0; i < e->n_items; i++)
		if ((e->items[i].shard == GS_SHARD_WEIGHTS || !strcmp(e->items[i].id, "load_window") ||
		     !strcmp(e->items[i].id, "mm_cache")) &&
		    e->items[i].basis != GS_BASIS_UNKNOWN)
			weights = gs_add_sat(weights, e->items[i].bytes[PH_LOAD]);
	p->free_at_start = e->cuda_total > ctx ? e->cuda_total - ctx : 0;
	gs_bytes kept;
	if (gs_mul_ratio_floor(p->free_at_start, p->mem_fraction_static, &kept))
		kept = UINT64_MAX;
	p->refused = kept <= weights;
	p->over_by = p->refused ? weights - kept : 0;
	p->pool_bytes = p->refused ? 0 : kept - weights;
	uint64_t state_cap = UINT64_MAX;
	if (gs_model_ssm_layers(m)) {
		gs_bytes st = state_pool(e, r, p->pool_bytes, &state_cap);
		p->pool_bytes = p->pool_bytes > st ? p->pool_bytes - st : 0;
		gs_item *sc = gsi_item(e, "state_cache", GS_BASIS_ESTIMATED,
		                       METHOD "§7b (SGLang configs/mamba_utils.py mamba_cache_per_req, "
		                              "handle_max_mamba_cache)");
		sc->shard = GS_SHARD_NONE;
		gsi_item_put(sc, 1, st);
		gsi_item_put(sc, 2, st);
		gsi_formula(sc, "%llu sequences' states x %llu B on one GPU, before the token pool",
		            (unsigned long long)(st / (p->state_per_req ? p->state_per_req : 1)),
		            (unsigned long long)p->state_per_req);
	}
	p->tokens = p->pool_bytes / p->cell_bytes;
	uint64_t ctx_len = e->length ? e->length : (m->max_position ? m->max_position : 1);
	uint64_t reqs = gs_wl_set(&e->workload, GS_F_MAX_RUNNING_REQUESTS) ? wl(e, GS_F_MAX_RUNNING_REQUESTS)
	                                                                   : 0;
	uint64_t pool_reqs = reqs ? reqs : (uint64_t)(gs_mul_sat(p->tokens, 512) / ctx_len);
	if (!reqs)
		pool_reqs = pool_reqs < 2048 ? 2048 : pool_reqs > 4096 ? 4096 : pool_reqs;
	uint64_t want = reqs ? reqs : p->tokens / 2;
	p->max_running_requests = want < pool_reqs ? want : pool_reqs;
	if (p->max_running_requests > state_cap)
		p->max_running_requests = state_cap;
	e->has_sglang = true;
	gsi_item_put(kv, 1, gs_mul_sat(p->tokens, p->cell_bytes));
	gsi_item_put(kv, 2, gs_mul_sat(p->tokens, p->cell_bytes));
	gsi_formula(kv,
	            "pool: floor((%llu B free at start x %llu/%llu - %llu B weights and load window) / %llu "
	            "B per token) "
	            "= %llu tokens",
	            (unsigned long long)p->free_at_start, (unsigned long long)p->mem_fraction_static.num,
	            (unsigned long long)p->mem_fraction_static.den, (unsigned long long)weights,
	            (unsigned long long)p->cell_bytes, (unsigned long long)p->tokens);
	/* SGLang 0.5.11 on (configs/model_config.py is_hybrid_swa_model,
	 * get_hybrid_layer_ids) gives Gemma 4's sliding layers a pool of their
	 * own (mem_cache/swa_memory_pool.py SWAKVPool, swa_full_tokens_ratio):
	 * not modelled */
	if (!strncmp(m->model_type, "gemma4", 6))
		gsi_unknown(e, "kv_cache: SGLang serves Gemma 4 as a hybrid sliding-window model "
		            "(model_config.py is_hybrid_swa_model): its sliding layers get a pool of their "
		            "own (SWAKVPool, sized by swa_full_tokens_ratio), which is not modelled; every "
		            "layer's K/V is counted for every token here, so the pool may hold more tokens");
	if (gs_model_shared_kv_elements(m, 1))
		gsi_formula_add(kv, "; every one of the %u layers has its cell, the %llu that reuse an "
		                "earlier layer's K/V too (they never write theirs)", m->layers,
		                (unsigned long long)(gs_model_attention_layers(m) - gs_model_kv_layers(m)));
	if (m->index_head_dim)
		gsi_formula_add(kv, "; a token's cell holds each layer's MLA latent and its DSA indexer key, "
		                "%llu B in fp8 with scales (mem_cache/memory_pool.py DSATokenToKVPool)",
		                (unsigned long long)gsi_index_key_bytes(m));
	if (p->state_slots)
		gsi_formula_add(kv, "; the state pool first: %llu states of %llu B (conv bf16, temporal "
		                "%s) = %llu B, %s; at most %llu requests run",
		                (unsigned long long)p->state_slots, (unsigned long long)p->state_per_req,
		                state_el(&e->workload) == 4 ? "fp32"
		                                            : gs_wl_str(&e->workload, GS_F_STATE_DTYPE),
		                (unsigned long long)p->state_bytes,
		                r->mamba == GSI_SGL_MAMBA_FIXED
		                        ? "max_running_requests or 512 states, the radix cache off"
		                        : "0.9/1.9 of what the fraction leaves, a third as many requests",
		                (unsigned long long)state_cap);
	if (p->refused)
		gsi_unknown(e, "SGLang: the weights take more than mem_fraction_static of the free memory: "
		               "SGLang "
		               "would stop with \"Not enough memory. Please try to increase "
		               "--mem-fraction-static.\"");
}

gs_status gsi_estimate_sglang(gs_estimate *e, uint32_t stage, gs_error *err)
{
	(void)stage;
	const gs_workload *w = &e->workload;
	const gsi_sglang_release *r;
	gs_status s = gsi_sglang_release_for(e, &r, err);
	if (s)
		return s;
	if (gs_wl_set(w, GS_F_MAX_LORAS))
		return gs_error_set(err, GS_EINPUT, w->v[GS_F_MAX_LORAS].where,
		                    "max_loras sizes vLLM's LoRA slots; SGLang's LoRA memory is not "
		                    "modelled");
	const gs_model *hm = &e->model;
	if (gs_model_ssm_layers(hm) && r->mamba == GSI_SGL_MAMBA_NONE)
		return gs_error_set(err, GS_EINPUT, w->v[GS_F_RUNTIME_VERSION].where,
		                    "runtime_version: SGLang %s has no state pool for hybrid models (from "
		                    "0.5.2, model_runner.py max_mamba_cache_size)", r->rel.version);
	if (gs_model_ssm_layers(hm) && (!gs_model_attention_layers(hm) || !hm->ssm_groups))
		return gs_error_set(err, GS_EUNSUPPORTED, w->v[GS_F_RUNTIME].where,
		                    "model_type \"%.40s\": SGLang %s serves no Mamba-1 hybrid (Jamba) or "
		                    "attention-free state-space model (python/sglang/srt/models/ has none at "
		                    "any 0.5 tag); its state pool is for Mamba-2 and gated DeltaNet hybrids "
		                    "(configs/mamba_utils.py): serve it with vLLM", hm->model_type,
		                    r->rel.version);
	e->n_phases = 3;
	gsi_phase(e, PH_LOAD, "load", "weights loaded");
	gsi_phase(e, PH_RUN, "pool", "token-to-KV pool allocated");
	gsi_phase(e, PH_STEADY, "serve", "CUDA graphs captured, prefill chunks and decoding");

	gs_sglang_pool *p = &e->sglang;
	uint64_t gpu_mem = e->has_capacity ? e->capacity / GS_MiB : 0;
	p->chunked_prefill_size = gs_wl_set(w, GS_F_CHUNKED_PREFILL_SIZE) ? wl(e, GS_F_CHUNKED_PREFILL_SIZE)
	                                                                   : chunk_rule(r, gpu_mem);
	if (gs_wl_set(w, GS_F_MEM_FRACTION_STATIC)) {
		p->mem_fraction_static = gs_wl_ratio(w, GS_F_MEM_FRACTION_STATIC);
		snprintf(p->fraction_why, sizeof p->fraction_why, "given (%s)",
		         w->v[GS_F_MEM_FRACTION_STATIC].where);
	} else {
		p->mem_fraction_static = r->tiers ? formula_rule(e, r, gpu_mem, p->chunked_prefill_size,
		                                                 p->fraction_why, sizeof p->fraction_why)
		                                  : fraction_rule(r, gpu_mem, e->tp, p->fraction_why,
		                                                  sizeof p->fraction_why);
		if (r->vlm_scale && gsi_multimodal(&e->model))
			p->mem_fraction_static = vlm_scale(&e->model, p->mem_fraction_static, p->fraction_why,
			                                   sizeof p->fraction_why);
	}

	gsi_serving_context(e, ALL_PHASES, "token-to-KV", false);
	gs_item *kv = gsi_item(e, "kv_cache", GS_BASIS_ESTIMATED,
	                       METHOD "§4, §7b; SGLang token-to-KV pool (one slot per token; MLA stores the "
	                              "latent)");
	kv->varies = true;
	kv->shard = GS_SHARD_NONE;
	gsi_apply_placement(e, 0);
	if (!e->model.has_architecture || !e->has_capacity) {
		kv->basis = GS_BASIS_UNKNOWN;
		kv->live = LIVE(1) | LIVE(2);
		gsi_formula(kv, "%s",
		            e->model.has_architecture ? "needs a capacity (--gpu or --capacity)"
		                                      : "needs an architecture (--model config.json)");
		gsi_unknown(e, "kv_cache: SGLang's pool needs %s", e->model.has_architecture
		            ? "a capacity (--gpu or --capacity)" : "an architecture (--model config.json)");
		serve_items(e, p->chunked_prefill_size, e->concurrency);
		return GS_OK;
	}
	char why[240];
	bool rounding_known;
	uint64_t lw = load_window(e, &rounding_known, why, sizeof why);
	gs_item *it = gsi_item(e, "load_window", lw ? GS_BASIS_ESTIMATED : GS_BASIS_UNKNOWN,
	                       METHOD
	                       "§7b (PyTorch CUDACachingAllocator kRoundLarge; SGLang rotary_embedding.py)");
	it->shard = GS_SHARD_NONE;
	gsi_item_all(it, ALL_PHASES, lw);
	gsi_formula(it, "%s", why);
	if (!rounding_known && lw)
		gsi_unknown(e,
		            "load_window: the caching allocator's rounding of %s weight tensors is not "
		            "computed "
		            "(their stored sizes differ); only the rotary cache is counted",
		            e->format.name);
	else if (!rounding_known)
		gsi_unknown(e,
		            "load_window: %s; SGLang's weights load holds more than the weights' bytes (the "
		            "caching "
		            "allocator's rounding, the rotary cache)",
		            why);
	mm_cache(e, r);
	pool(e, kv, r);
	req_to_token(e, r);
	/* the sheet's load decodes at once, up to what the scheduler admits */
	serve_items(e, p->chunked_prefill_size,
	            e->concurrency < p->max_running_requests ? e->concurrency : p->max_running_requests);
	return GS_OK;
}

/* --- the row's hooks (engine.h) ------------------------------------------------- */

void gsi_sglang_pool_view(const gs_estimate *e, gs_pool_view *v)
{
	if (!e->has_sglang)
		return;
	v->known = true;
	/* conservative: the pool is its low end everywhere it is quoted */
	v->tokens = e->interval.conservative ? e->sglang.tokens_low : e->sglang.tokens;
	v->tokens_low = e->sglang.tokens_low;
	v->tokens_high = e->sglang.tokens_high;
	gs_bytes kept;
	if (gs_mul_ratio_floor(e->sglang.free_at_start, e->sglang.mem_fraction_static, &kept))
		kept = UINT64_MAX;
	v->budget = kept;
	v->refused = e->sglang.refused || e->sglang.tokens == 0;
	/* conservative: of the pool's low end, the one the verdict judges by */
	uint64_t tokens = e->interval.conservative ? e->sglang.tokens_low : e->sglang.tokens;
	v->max_concurrency = e->length ? tokens / e->length : 0;
	if (v->max_concurrency > e->sglang.max_running_requests)
		v->max_concurrency = e->sglang.max_running_requests;
	v->max_context = e->concurrency ? tokens / e->concurrency : 0;
}

void gsi_sglang_pool_interval(gs_estimate *e)
{
	e->sglang.tokens_low = gsi_interval_scale(e->sglang.tokens, e->interval.kv_low_factor, false);
	e->sglang.tokens_high = gsi_interval_scale(e->sglang.tokens, e->interval.kv_high_factor, true);
}

/* --- the renderers' hooks (engine.h) --------------------------------------------- */

/* After the capacity check: mem_fraction_static, the pool, and the sheet's
 * need against it, in SGLang's own terms. */
bool gsi_sglang_text_lines(const gs_estimate *e, gsi_text_part part, bool md, gsi_text *o)
{
	if (part != GSI_TEXT_POOL || !e->has_sglang)
		return false;
	const gs_sglang_pool *p = &e->sglang;
	const char *li = md ? "- " : "";
	char buf[96];
	gsi_text_put(o, "%sSGLang mem_fraction_static: %llu/%llu (%s); chunked_prefill_size %llu\n", li,
	    (unsigned long long)p->mem_fraction_static.num, (unsigned long long)p->mem_fraction_static.den,
	    p->fraction_why, (unsigned long long)p->chunked_prefill_size);
	gsi_text_put(o, "%sSGLang KV pool:      %s = %llu tokens (max_total_num_tokens), "
	    "max_running_requests %llu\n", li,
	    gs_format_bytes_triple(gs_mul_sat(p->tokens, p->cell_bytes), buf, sizeof buf),
	    (unsigned long long)p->tokens, (unsigned long long)p->max_running_requests);
	if (e->length)
		gsi_text_put(o, "%sSGLang: the sheet needs %llu tokens for %llu sequence%s of %llu: %s\n", li,
		    (unsigned long long)p->needed_tokens, (unsigned long long)e->concurrency,
		    e->concurrency == 1 ? "" : "s", (unsigned long long)e->length,
		    e->verdict.pool_holds ? "fits" : "DOES NOT FIT");
	return true;
}

/* "sglang": the pool (the contract's kv_tokens, max_running_requests,
 * mem_fraction_static). */
void gsi_sglang_extras_json(json_t *root, const gs_estimate *e)
{
	if (!e->has_sglang)
		return;
	const gs_sglang_pool *p = &e->sglang;
	json_object_set_new(root, "sglang",
	    json_pack("{s:I, s:I, s:f, s:s, s:I, s:o, s:o, s:o, s:I, s:b, s:b}", "kv_tokens",
	        (json_int_t)p->tokens, "max_running_requests", (json_int_t)p->max_running_requests,
	        "mem_fraction_static",
	        (double)p->mem_fraction_static.num / (double)p->mem_fraction_static.den,
	        "mem_fraction_static_why", p->fraction_why, "chunked_prefill_size",
	        (json_int_t)p->chunked_prefill_size, "free_at_start_bytes", gsi_json_bytes(p->free_at_start),
	        "pool_bytes", gsi_json_bytes(p->pool_bytes), "cell_bytes", gsi_json_bytes(p->cell_bytes),
	        "needed_tokens", (json_int_t)p->needed_tokens, "sheet_fits", e->verdict.pool_holds,
	        "refused", p->refused));
	json_object_set_new(json_object_get(root, "sglang"), "kv_tokens_interval",
	    gsi_json_tokens_interval(e, p->tokens_low, p->tokens_high));
}
