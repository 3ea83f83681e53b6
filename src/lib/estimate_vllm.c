/*
 * estimate_vllm.c — vLLM's memory budget (docs/method.md §4 and §7).
 *
 * vLLM sizes its KV cache at start-up: it loads the weights, runs a dummy
 * forward pass of max_num_batched_tokens tokens (the profile run) to find
 * the activation peak, measures the memory used outside PyTorch, and gives
 * what is left of gpu_memory_utilization x total to the KV cache, in blocks
 * of 16 tokens (vllm/worker/worker.py determine_num_available_blocks in V0;
 * vllm/v1/worker/gpu_worker.py determine_available_memory in V1):
 *
 *   kv_available = util x total - weights - activation_peak - non_torch - cuda_graphs
 *   blocks       = floor(kv_available / (16 x KV bytes per token))
 *   max concurrency at length s = blocks x 16 / s  (the "x" figure vLLM logs)
 */
#include <stdio.h>
#include <string.h>
#include "estimate_items.h"

#define METHOD "docs/method.md "
#define BLOCK_TOKENS 16

static gs_bytes wl_bytes(const gs_estimate *e, gs_field f) { return gs_wl_u64(&e->workload, f); }

/* The items that do not depend on the pool: weights, non-torch memory,
 * the profile run's activations and logits, CUDA graphs. */
static void fixed_items(gs_estimate *e)
{
	const gs_model *m = &e->model;
	const gs_workload *w = &e->workload;
	bool arch = m->has_architecture;
	uint64_t el = gsi_act_bytes(e);
	char why[400];
	gsi_weight_items(e, ALL_PHASES);
	for (size_t i = 0; i < e->n_items; i++)
		e->items[i].shard = GS_SHARD_WEIGHTS;

	gs_item *nt = gsi_item(e, "runtime_context", GS_BASIS_ESTIMATED,
	                       METHOD "§7 (vLLM non-torch memory at TP=1: 0.04-0.34 GiB)");
	gs_bytes ntb = gs_wl_set(w, GS_F_RUNTIME_CONTEXT) ? wl_bytes(e, GS_F_RUNTIME_CONTEXT)
	                                                   : 34 * GS_GiB / 100;
	gsi_item_all(nt, ALL_PHASES, ntb);
	gsi_formula(nt, "non-torch memory (CUDA context share, NCCL, cuBLAS workspaces): %s",
	            gs_wl_set(w, GS_F_RUNTIME_CONTEXT) ? gs_wl_str(w, GS_F_RUNTIME_CONTEXT)
	                                                : "0.34 GiB, the top of the TP=1 range");

	uint64_t T = wl_bytes(e, GS_F_MAX_NUM_BATCHED_TOKENS), seqs = wl_bytes(e, GS_F_MAX_NUM_SEQS);
	gs_item *act = gsi_item(e, "activations", GS_BASIS_ESTIMATED,
	                        METHOD "§5, §7 (our derivation; vLLM profile run with FlashAttention)");
	gs_item *lg = gsi_item(e, "logits", GS_BASIS_ESTIMATED,
	                       METHOD "§7 (sampler of the profile run: bf16 logits, fp32 copy, fp32 probabilities; our derivation)");
	act->shard = GS_SHARD_TP;
	lg->shard = GS_SHARD_LOGITS;
	if (arch) {
		gs_bytes a = gsi_forward_peak(e, 1, T, T, GS_ATTN_IMPL_FLASH, why, sizeof why);
		gsi_item_all(act, LIVE(1) | LIVE(2), a);
		gsi_formula(act, "profile run of %llu tokens: %s", (unsigned long long)T, why);
		gs_bytes l = gs_mul_sat(gs_mul_sat(seqs, m->vocab), el + 8);
		gsi_item_all(lg, LIVE(1) | LIVE(2), l);
		gsi_formula(lg, "%llu max_num_seqs x %u vocab x (%llu + 4 + 4) B", (unsigned long long)seqs,
		            m->vocab, (unsigned long long)el);
	} else {
		act->basis = lg->basis = GS_BASIS_UNKNOWN;
		act->live = lg->live = LIVE(1) | LIVE(2);
		gsi_formula(act, "needs an architecture (--model config.json)");
		gsi_formula(lg, "needs the vocabulary size (--model config.json)");
		gsi_unknown(e, "activations, logits and kv_cache: vLLM's profile run and KV blocks need an "
		            "architecture (--model config.json)");
	}

	gs_item *cg = gsi_item(e, "cuda_graphs", GS_BASIS_ESTIMATED,
	                       METHOD "§7 (CUDA graphs 0.5-1.9 GiB; 0 with enforce_eager)");
	gsi_item_put(cg, 2, wl_bytes(e, GS_F_CUDA_GRAPHS));
	gsi_formula(cg, "%s (%s)", gs_wl_str(w, GS_F_CUDA_GRAPHS), w->v[GS_F_CUDA_GRAPHS].where);

}

/* The KV pool: what gpu_memory_utilization x capacity leaves after the
 * fixed items, in 16-token blocks (or the sheet's need, without a capacity). */
static void kv_pool(gs_estimate *e, gs_item *kv)
{
	const gs_model *m = &e->model;
	const gs_workload *w = &e->workload;
	gs_vllm_budget *v = &e->vllm;
	/* one block on one GPU: tensor parallelism splits the KV heads (an MLA
	 * latent is replicated) */
	uint64_t kvh = m->kv_heads ? m->kv_heads : 1;
	uint64_t per_rank = m->attn == GS_ATTN_MLA ? kvh : (kvh + e->tp - 1) / e->tp;
	v->block_bytes = (gsi_kv_bytes(e, BLOCK_TOKENS, 1) * per_rank + kvh - 1) / kvh;
	if (v->block_bytes == 0)
		v->block_bytes = 1; /* a model without attention layers; never divide by 0 */
	if (e->length)
		v->needed_blocks = gs_mul_sat(e->concurrency, (e->length + BLOCK_TOKENS - 1) / BLOCK_TOKENS);
	if (!e->has_capacity) {
		if (!e->length) {
			kv->basis = GS_BASIS_UNKNOWN;
			kv->live = LIVE(2);
			gsi_formula(kv, "needs a length (--context N) or a capacity (--gpu / --capacity)");
			gsi_unknown(e, "kv_cache: give a length for the sheet's need, or a capacity for vLLM's pool");
			return;
		}
		gsi_item_put(kv, 2, gs_mul_sat(v->needed_blocks, v->block_bytes));
		gsi_formula(kv, "%llu seqs x ceil(%llu / 16) blocks x %llu B per block (the sheet's need)",
		            (unsigned long long)e->concurrency, (unsigned long long)e->length,
		            (unsigned long long)v->block_bytes);
		gsi_unknown(e, "kv_cache: vLLM fills gpu_memory_utilization x capacity with KV blocks; give "
		            "--gpu or --capacity to see its pool, token capacity and maximum concurrency");
		return;
	}
	e->has_vllm = true;
	v->capacity = e->capacity;
	if (gs_mul_ratio_floor(e->capacity, gs_wl_ratio(w, GS_F_GPU_MEMORY_UTILIZATION), &v->budget))
		v->budget = UINT64_MAX;
	gs_bytes fixed = 0;
	for (size_t i = 0; i < e->n_items; i++)
		if (e->items[i].basis != GS_BASIS_UNKNOWN && strcmp(e->items[i].id, "kv_cache") != 0)
			fixed = gs_add_sat(fixed, e->items[i].bytes[PH_STEADY]);
	v->over_budget = fixed >= v->budget;
	v->kv_available = v->over_budget ? 0 : v->budget - fixed;
	v->blocks = v->kv_available / v->block_bytes;
	v->tokens = gs_mul_sat(v->blocks, BLOCK_TOKENS);
	if (e->length)
		v->max_concurrency_milli = gs_mul_sat(v->tokens, 1000) / e->length;
	v->sheet_fits = e->length ? v->needed_blocks <= v->blocks && v->blocks > 0 : v->blocks > 0;
	gsi_item_put(kv, 2, gs_mul_sat(v->blocks, v->block_bytes));
	gsi_formula(kv, "pool: floor((%s x %llu B - %llu B fixed) / %llu B per block) = %llu blocks "
	            "x 16 tokens = %llu tokens",
	            gs_wl_str(w, GS_F_GPU_MEMORY_UTILIZATION), (unsigned long long)e->capacity,
	            (unsigned long long)fixed, (unsigned long long)v->block_bytes,
	            (unsigned long long)v->blocks, (unsigned long long)v->tokens);
	if (v->over_budget)
		gsi_unknown(e, "vLLM: weights, activations, non-torch memory and CUDA graphs exceed "
		            "gpu_memory_utilization x capacity: vLLM would refuse to start");
	for (uint32_t l = 0; l < m->layers && l < GS_MAX_LAYERS; l++)
		if (m->layer_is_sliding[l]) {
			gsi_unknown(e, "kv_cache: sliding-window layers are counted at full length per block; "
			            "vLLM's hybrid allocator may fit more tokens");
			break;
		}
}

gs_status gsi_estimate_vllm(gs_estimate *e, uint32_t stage, gs_error *err)
{
	(void)stage; /* vLLM is sized with pp = 1 (estimate.c refuses more) */
	(void)err;
	e->n_phases = 3;
	gsi_phase(e, PH_LOAD, "load", "weights loaded");
	gsi_phase(e, PH_RUN, "profile", "dummy forward of max_num_batched_tokens tokens");
	gsi_phase(e, PH_STEADY, "serve", "KV pool allocated, CUDA graphs captured, serving");

	fixed_items(e);
	/* weights, activations and logits per GPU before the pool is sized */
	gsi_apply_placement(e, 0);
	gs_item *kv = gsi_item(e, "kv_cache", GS_BASIS_ESTIMATED,
	                       METHOD "§4, §7; vLLM block allocator (16-token blocks; MLA stores the latent)");
	kv->varies = true;
	kv->shard = GS_SHARD_NONE; /* sized per GPU below */
	if (!e->model.has_architecture) {
		kv->basis = GS_BASIS_UNKNOWN;
		kv->live = LIVE(2);
		gsi_formula(kv, "needs an architecture (--model config.json)");
		return GS_OK;
	}
	kv_pool(e, kv);
	return GS_OK;
}
