/*
 * serving.c — what the serving engines share (serving.h): the weights, the
 * runtime context, vLLM's LoRA slots and the CUDA graphs they hold beside
 * their KV pools, and the forward peak of a batch of tokens with a mixture
 * of experts' fused workspace. vLLM's and SGLang's estimates sit above it
 * and call nothing of each other.
 */
#include <stdio.h>
#include <string.h>
#include "engine/engine.h"
#include "engine/estimate_items.h"
#include "engine/serving.h"

#define LORA_EXTRA_VOCAB 256 /* vLLM's lora_extra_vocab_size default */

static gs_bytes wl_bytes(const gs_estimate *e, gs_field f) { return gs_wl_u64(&e->workload, f); }

/* LoRA slots vLLM allocates when --enable-lora: for every module it can
 * adapt, max_loras x (A: rank x in + B: out x rank) in the model dtype, plus
 * the embedding and lm_head with the extra vocabulary (vllm/lora/layers.py
 * create_lora_weights). Dense layers' linears; experts are not adapted. */
static void lora_item(gs_estimate *e, unsigned live)
{
	const gs_model *m = &e->model;
	uint64_t loras = wl_bytes(e, GS_F_MAX_LORAS), r = wl_bytes(e, GS_F_MAX_LORA_RANK);
	uint64_t el = gsi_act_bytes(e);
	uint64_t q = (uint64_t)m->heads * m->head_dim, kv = (uint64_t)m->kv_heads * m->head_dim,
		 h = m->hidden;
	uint64_t attn = (h + q) + 2 * (h + kv) + (q + h);
	uint64_t per_layer_dense = attn + (m->gated_mlp ? 3 : 2) * (h + (uint64_t)m->intermediate);
	uint64_t layers_elems = 0;
	for (uint32_t l = 0; l < m->layers && l < GS_MAX_LAYERS; l++)
		layers_elems = gs_add_sat(layers_elems, m->layer_is_moe[l] ? attn : per_layer_dense);
	/* embedding: A (vocab + extra) x r, B h x r, the extra rows extra x h;
	 * lm_head: A r x h, B (vocab + extra) x r */
	uint64_t vocab = (uint64_t)m->vocab + LORA_EXTRA_VOCAB;
	uint64_t per_slot = gs_add_sat(gs_mul_sat(gs_add_sat(layers_elems, 2 * vocab + 2 * h), r),
	                               (uint64_t)LORA_EXTRA_VOCAB * h);
	gs_item *it = gsi_item(e, "lora_slots", GS_BASIS_ESTIMATED,
	                       METHOD "§7 (vLLM LoRA layers' create_lora_weights: stacked A and B per slot)");
	it->shard = GS_SHARD_TP;
	gsi_item_all(it, live, gs_mul_sat(gs_mul_sat(per_slot, loras), el));
	gsi_formula(it,
	            "%llu max_loras x rank %llu x (%llu per-layer in+out summed over %u layers + embedding "
	            "and "
	            "lm_head with %d extra tokens) x %llu B",
	            (unsigned long long)loras, (unsigned long long)r, (unsigned long long)per_layer_dense,
	            m->layers, LORA_EXTRA_VOCAB, (unsigned long long)el);
}

void gsi_serving_context(gs_estimate *e, unsigned live, const char *engine, bool graphs_in_budget)
{
	const gs_workload *w = &e->workload;
	gsi_weight_items(e, live);
	for (size_t i = 0; i < e->n_items; i++)
		e->items[i].shard = GS_SHARD_WEIGHTS;

	gs_item *nt = gsi_item(e, "runtime_context", GS_BASIS_ESTIMATED,
	                       METHOD "§7 (non-torch memory at TP=1: 0.04-0.34 GiB in vLLM logs)");
	gs_bytes ntb = gs_wl_set(w, GS_F_RUNTIME_CONTEXT) ? wl_bytes(e, GS_F_RUNTIME_CONTEXT)
	                                                  : 34 * GS_GiB / 100;
	gsi_item_all(nt, live, ntb);
	gsi_formula(nt, "non-torch memory (CUDA context share, NCCL, cuBLAS workspaces): %s",
	            gs_wl_set(w, GS_F_RUNTIME_CONTEXT) ? gs_wl_str(w, GS_F_RUNTIME_CONTEXT)
	                                               : "0.34 GiB, the top of the TP=1 range");
	if (e->tp > 1 && !gs_wl_set(w, GS_F_RUNTIME_CONTEXT))
		gsi_unknown(e,
		            "runtime_context: at tp %llu NCCL and custom all-reduce buffers are counted as 1 "
		            "GiB a GPU; "
		            "vLLM logged 0.30 GiB non-torch a GPU at tp 2 on PCIe L40S and 3.58 GiB on H100 "
		            "with custom "
		            "all-reduce: measure non-torch memory and give --runtime-context",
		            (unsigned long long)e->tp);
	if (gs_wl_set(w, GS_F_MAX_LORAS))
		lora_item(e, live);

	gs_item *cg = gsi_item(e, "cuda_graphs", GS_BASIS_ESTIMATED,
	                       METHOD "§7 (CUDA graphs 0.5-1.9 GiB seen; 0 with enforce_eager / "
	                       "--disable-cuda-graph)");
	gsi_item_put(cg, (int)e->n_phases - 1, wl_bytes(e, GS_F_CUDA_GRAPHS));
	if (graphs_in_budget)
		gsi_formula(cg, "%s (%s), profiled by vLLM %s and taken off the %s pool: inside the budget",
		            gs_wl_str(w, GS_F_CUDA_GRAPHS), w->v[GS_F_CUDA_GRAPHS].where, e->runtime_version,
		            engine);
	else
		gsi_formula(cg, "%s (%s), captured after the %s pool is sized: outside its budget",
		            gs_wl_str(w, GS_F_CUDA_GRAPHS), w->v[GS_F_CUDA_GRAPHS].where, engine);
}

gs_bytes gsi_serving_forward_peak(const gs_estimate *e, uint64_t T, bool cache13_shared, uint64_t moe_chunk,
                                  char *why, size_t whycap)
{
	const gs_model *m = &e->model;
	gs_bytes a = gsi_forward_peak(e, 1, T, T, GS_ATTN_IMPL_FLASH, why, whycap);
	if (!m->experts || !m->experts_per_token || !m->moe_intermediate)
		return a;
	/* fused_moe.py: w1 gives N = 2 x moe_intermediate (gate and up), w2 gives
	 * K = hidden; caches 1 (M, k, N), 2 (M k, N/2) and 3 (M, k, K) for a
	 * chunk of M tokens; later releases let caches 1 and 3 share one buffer */
	/* per GPU, then times tp: the caller's item is divided by tp, and the
	 * experts' intermediate is split across tp while cache 3's hidden
	 * width is not (every rank holds M x k x hidden) */
	uint64_t el = gsi_act_bytes(e), k = m->experts_per_token, tp = e->tp ? e->tp : 1;
	uint64_t N = 2 * (((uint64_t)m->moe_intermediate + tp - 1) / tp), K = m->hidden;
	uint64_t M = T < moe_chunk ? T : moe_chunk;
	uint64_t width = cache13_shared ? (N > K ? N : K) + N / 2 : N + N / 2 + K;
	gs_bytes ws = gs_mul_sat(gs_mul_sat(M, k), width * el);
	gs_bytes router = gs_mul_sat(T, (uint64_t)m->experts * 4 +
	                                        k * 8); /* fp32 logits, top-k weights and ids */
	gs_bytes resid = gs_mul_sat(T, 2 * (uint64_t)m->hidden * el);
	gs_bytes moe = gs_mul_sat(gs_add_sat(gs_add_sat(ws, router), resid), tp);
	if (moe <= a)
		return a;
	if (why) {
		size_t n = strlen(why);
		snprintf(why + n, whycap - n,
		         "; fused-experts workspace larger: %llu tokens x top-%llu x (%s) x %llu B "
		         "+ router + residual%s",
		         (unsigned long long)M, (unsigned long long)k,
		         cache13_shared ? "max(2 x moe_intermediate, hidden) + moe_intermediate"
		                        : "2 x moe_intermediate + moe_intermediate + hidden",
		         (unsigned long long)el,
		         tp > 1 ? " per GPU (moe_intermediate / tp, hidden whole), x tp" : "");
	}
	return moe;
}

/* --- fit's changes for the pool engines (their rows' pool_changes) ---------------- */

/* The largest figure item `id` takes in any phase (0 when absent). */
static gs_bytes item_peak(const gs_estimate *e, const char *id)
{
	const gs_item *it = gs_estimate_item(e, id);
	gs_bytes b = 0;
	for (size_t p = 0; it && p < e->n_phases; p++)
		if (it->bytes[p] > b)
			b = it->bytes[p];
	return b;
}

/* The largest fraction, in steps of 0.01, that leaves `outside` bytes and
 * 1 % of `total` out of the engine's budget. */
static unsigned max_fraction(gs_bytes total, gs_bytes outside)
{
	if (!total || outside >= total)
		return 0;
	uint64_t pct = (uint64_t)((total - outside) / (total / 100 ? total / 100 : 1));
	if (pct > 100)
		pct = 100;
	return pct > 1 ? (unsigned)(pct - 1) : 0;
}

/* vLLM and SGLang: what grows the pool (docs/method.md §9a). `e` is the
 * sheet's estimate. */
size_t gsi_serving_changes(const gs_workload *w, const gs_estimate *e, gsi_change *c, size_t cap)
{
	size_t n = 0;
	char v[64], v2[64], cost[200];
	bool vllm = gs_wl_runtime(w) == GS_RT_VLLM;
#define ADD(F, V, F2, V2, COST) gsi_change_add(c, &n, cap, F, V, F2, V2, COST)
	gs_field frac_f = vllm ? GS_F_GPU_MEMORY_UTILIZATION : GS_F_MEM_FRACTION_STATIC;
	/* the estimate's workload: a release may have changed the default */
	gs_ratio now = vllm ? gs_wl_ratio(&e->workload, GS_F_GPU_MEMORY_UTILIZATION)
	                    : e->sglang.mem_fraction_static;
	uint64_t now_pct = now.den ? now.num * 100 / now.den : 0;
	gs_bytes graphs = item_peak(e, "cuda_graphs");
	/* what must stay outside the budget: vLLM's graphs up to 0.19.0 (from
	 * 0.20.0 they are inside it); SGLang's graphs and serve transients */
	bool graphs_inside = vllm && e->vllm.graphs_in_budget;
	gs_bytes outside = graphs_inside ? 0
	                   : vllm        ? graphs
	                                 : gs_add_sat(graphs, gs_add_sat(item_peak(e, "activations"),
	                                                                 item_peak(e, "logits")));
	gs_bytes total = vllm ? e->cuda_total : e->sglang.free_at_start;
	unsigned up = max_fraction(total, outside),
		 eager = max_fraction(total, outside - (graphs_inside ? 0 : graphs));
	const char *name = vllm ? "gpu_memory_utilization" : "mem_fraction_static";
	if (up > now_pct) {
		snprintf(v, sizeof v, "0.%02u", up);
		snprintf(cost, sizeof cost,
		         "the largest %s that leaves %s1 %% of %s out of the budget; "
		         "nothing else may run on the GPU",
		         name,
		         graphs_inside ? ""
		         : vllm        ? "the CUDA graphs and "
		                       : "the CUDA graphs, a prefill chunk and the logits and ",
		         vllm ? "the CUDA total" : "the free memory");
		ADD(frac_f, v, GS_F__COUNT, "", cost);
	}
	if (graphs && graphs_inside) {
		snprintf(cost, sizeof cost,
		         "enforce_eager: no CUDA graphs, slower decoding at small batches; vLLM %s takes "
		         "their estimate off the pool, so it grows by it at the same %s",
		         e->runtime_version, name);
		ADD(GS_F_CUDA_GRAPHS, "0GiB", GS_F__COUNT, "", cost);
	} else if (graphs && eager > now_pct) {
		snprintf(v2, sizeof v2, "0.%02u", eager);
		snprintf(cost, sizeof cost,
		         "%s: no CUDA graphs, slower decoding at small batches; their memory goes to "
		         "the pool (%s %s)",
		         vllm ? "enforce_eager" : "--disable-cuda-graph", name, v2);
		ADD(GS_F_CUDA_GRAPHS, "0GiB", frac_f, v2, cost);
	}
	snprintf(v, sizeof v, "%llu", (unsigned long long)(e->tp * 2));
	snprintf(v2, sizeof v2, "%llu", (unsigned long long)(gs_wl_u64(w, GS_F_GPUS) * 2));
	ADD(GS_F_TP, v, GS_F_GPUS, v2,
	    "twice the GPUs, tensor parallel (NVLink preferred): weights and KV heads split; "
	    "an offer with that many GPUs");
	if (vllm && e->vllm.profile_seqs >= 2) {
		snprintf(v, sizeof v, "%llu", (unsigned long long)(e->vllm.profile_seqs / 2));
		ADD(GS_F_MAX_NUM_SEQS, v, GS_F__COUNT, "",
		    "fewer requests scheduled at once: lower throughput under load; a "
		    "smaller profile run");
	}
	if (vllm && e->vllm.v1 && e->vllm.profile_tokens >= 1024) {
		snprintf(v, sizeof v, "%llu", (unsigned long long)(e->vllm.profile_tokens / 2));
		ADD(GS_F_MAX_NUM_BATCHED_TOKENS, v, GS_F__COUNT, "",
		    "smaller prefill chunks: a longer time to first token "
		    "on long prompts");
	}
	if (!gs_wl_set(w, GS_F_BITS) && !e->format.quantized) {
		ADD(GS_F_FORMAT, "fp8", GS_F__COUNT, "",
		    "fp8 weights (native on compute capability 8.9 and later): "
		    "quality to re-confirm against the sheet's criterion");
		ADD(GS_F_FORMAT, "awq-g128", GS_F__COUNT, "",
		    "a 4-bit AWQ checkpoint of the model: quality to re-confirm "
		    "against the sheet's criterion");
	} else if (!gs_wl_set(w, GS_F_BITS) &&
	           gs_format_bpw(&e->format).num > 5 * gs_format_bpw(&e->format).den) {
		ADD(GS_F_FORMAT, "awq-g128", GS_F__COUNT, "",
		    "a 4-bit AWQ checkpoint of the model: quality to re-confirm "
		    "against the sheet's criterion");
	}
#undef ADD
	return n;
}

