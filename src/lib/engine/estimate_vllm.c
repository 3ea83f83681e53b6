/*
 * estimate_vllm.c — vLLM's memory budget, release by release (docs/method.md
 * §4 and §7). The items it shares with SGLang are serving.c's.
 *
 * vLLM sizes its KV cache at start-up: it loads the weights, runs a dummy
 * forward pass of max_num_batched_tokens tokens (the profile run) to find
 * the activation peak, measures the memory used outside PyTorch, and gives
 * what is left of gpu_memory_utilization x the total CUDA reports to the KV
 * cache, in blocks of 16 tokens (determine_num_available_blocks in V0's
 * worker.py, determine_available_memory in V1's gpu_worker.py). CUDA graphs
 * are captured afterwards, outside that budget, up to 0.19.0; from 0.20.0
 * vLLM profiles them too and takes its estimate off the pool:
 *
 *   kv_available = util x cuda_total - weights - activation_peak - non_torch - lora
 *                  [- cuda_graphs, 0.20.0 on]
 *   blocks       = floor(kv_available / (16 x KV bytes per token))
 *   max concurrency at length s = blocks x 16 / s, or from 0.9.1's V1
 *                                 blocks / cdiv(s, 16) (the "x" vLLM logs)
 *
 * How many tokens and sequences the profile run executes is the release's
 * rule (engine_release.c); the sheet may override both.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <jansson.h>
#include "gpusizer/devices.h"
#include "engine/engine.h"
#include "engine/engine_release.h"
#include "engine/estimate_items.h"
#include "engine/serving.h"

#define BLOCK_TOKENS 16

static gs_bytes wl_bytes(const gs_estimate *e, gs_field f) { return gs_wl_u64(&e->workload, f); }

/* Does the device's name (as torch reports it) contain `needle`? The
 * device was resolved when the workload was set (workload.h); its table
 * row and the names nvidia-smi prints for it are searched. */
static bool device_name_has(const gs_estimate *e, const char *needle)
{
	const gs_device *d = e->workload.device;
	if (!d)
		return false;
	const char *names[2] = {d->name, d->smi_names};
	size_t n = strlen(needle);
	for (int i = 0; i < 2; i++)
		for (const char *p = names[i]; *p; p++)
			if (strncasecmp(p, needle, n) == 0)
				return true;
	return false;
}

static bool any_sliding(const gs_model *m)
{
	for (uint32_t l = 0; l < m->layers && l < GS_MAX_LAYERS; l++)
		if (m->layer_is_sliding[l])
			return true;
	return false;
}

/* Whether a V1 release gives this GPU its larger batch defaults
 * (engine_release.h gsi_big_gpu_rule), and the rule's words for *why. */
static bool big_gpu(const gs_estimate *e, const gsi_vllm_release *r, const char **why)
{
	bool by_size = e->has_capacity && e->cuda_total >= 70 * GS_GiB;
	if (r->big == GSI_BIG_BY_NAME) {
		bool big = device_name_has(e, "h100") || device_name_has(e, "h200");
		*why = big ? "H100/H200 by name" : "not an H100/H200 by name";
		return big;
	}
	if (!e->has_capacity) {
		*why = "no GPU given: the smaller GPUs' defaults";
		return false;
	}
	if (r->big == GSI_BIG_BY_MEMORY) {
		*why = by_size ? "CUDA total >= 70 GiB" : "CUDA total below 70 GiB";
		return by_size;
	}
	bool big = by_size && !device_name_has(e, "a100");
	*why = big ? "CUDA total >= 70 GiB and not an A100" : "below 70 GiB or an A100";
	return big;
}

/* A hybrid has attention and state layers; an attention-free model only
 * state layers (config/model.py is_hybrid, is_attention_free). */
static bool is_hybrid(const gs_model *m)
{
	return gs_model_ssm_layers(m) > 0 && gs_model_attention_layers(m) > 0;
}

/* Which V1 model runner the release gives this model (config/vllm.py
 * use_v2_model_runner and _is_default_v2_model_runner_model at each row's
 * tree; docs/method.md §7, "Which model runner"), unless model_runner says.
 * Quantized means a checkpoint that carries a quantization_config: a
 * 4-bit format given by name stands for such a checkpoint, fp8 for
 * vLLM's own --quantization fp8, which does not count. */
static gs_status model_runner(gs_estimate *e, const gsi_vllm_release *r, gs_error *err)
{
	const gs_model *m = &e->model;
	const gs_workload *w = &e->workload;
	gs_vllm_budget *v = &e->vllm;
	bool in_list = gsi_in_words(r->mrv2_archs, m->architecture);
	bool moe = m->experts > 0, hybrid = is_hybrid(m), free_of_attention = m->ssm;
	bool quantized = m->quant_method[0] || (e->format.quantized && e->format.family != GS_FAM_FP8);
	bool v2 = false;
	const char *why = "";
	switch (r->mrv2) {
	case GSI_MRV2_OPT_IN:
		why = "V1's GPUModelRunner: Model Runner V2 only with VLLM_USE_V2_MODEL_RUNNER=1";
		break;
	case GSI_MRV2_LISTED_DENSE:
		v2 = in_list && !moe && !quantized;
		why = v2 ? "Model Runner V2: its architecture is on the release's list, without experts or "
		           "a quantization_config"
		         : "V1's GPUModelRunner: Model Runner V2 is for the listed dense, unquantized "
		           "architectures only";
		break;
	case GSI_MRV2_LISTED:
		v2 = in_list;
		why = v2 ? "Model Runner V2: its architecture is on the release's list"
		         : "V1's GPUModelRunner: its architecture is not on the release's Model Runner V2 "
		           "list";
		break;
	case GSI_MRV2_DENSE_OR_LISTED:
		v2 = !free_of_attention && (hybrid ? in_list : in_list || !moe);
		why = v2 ? (in_list ? "Model Runner V2: its architecture is on the release's list"
		                    : "Model Runner V2: every dense model from 0.25 on")
		         : "V1's GPUModelRunner: a mixture of experts not on the release's list, a hybrid or "
		           "an "
		           "attention-free model";
		break;
	}
	if (gs_wl_set(w, GS_F_MODEL_RUNNER)) {
		const char *where = w->v[GS_F_MODEL_RUNNER].where;
		bool want = w->v[GS_F_MODEL_RUNNER].e == GS_RUNNER_V2;
		char newest[64];
		snprintf(newest, sizeof newest, "%s", r->rel.version);
		if (!r->v1)
			return gs_error_set(err, GS_EINPUT, where,
			                    "model_runner: vLLM %s runs its V0 engine, "
			                    "which has no model runners to choose (V1 only)",
			                    newest);
		if (want && !r->mrv2_read)
			return gs_error_set(err, GS_EINPUT, where,
			                    "model_runner v2: Model Runner V2 is read "
			                    "from vLLM 0.21.0 on (VLLM_USE_V2_MODEL_RUNNER), not in %s",
			                    newest);
		if (want && (hybrid || free_of_attention) && !in_list)
			return gs_error_set(err, GS_EINPUT, where,
			                    "model_runner v2: vLLM %s's Model Runner V2 "
			                    "does not run hybrid or state-space models (config/vllm.py "
			                    "_validate_v2_model_runner raises); give v1",
			                    newest);
		v2 = want;
		why = want ? "Model Runner V2, as model_runner asks (VLLM_USE_V2_MODEL_RUNNER=1)"
		           : "V1's GPUModelRunner, as model_runner asks (VLLM_USE_V2_MODEL_RUNNER=0)";
	}
	v->mrv2 = v2;
	snprintf(v->runner_why, sizeof v->runner_why, "%s", why);
	return GS_OK;
}

/* max_num_batched_tokens and max_num_seqs of the profile run, by the
 * release's rule, unless the sheet gives them. */
static void profile_shape(gs_estimate *e, const gsi_vllm_release *r)
{
	const gs_workload *w = &e->workload;
	gs_vllm_budget *v = &e->vllm;
	uint64_t mml = e->length ? e->length : (e->model.max_position ? e->model.max_position : 2048);
	bool llm = gs_wl_entrypoint(w) == GS_ENTRY_LLM;
	uint64_t tokens, seqs;
	char why[200];
	if (!r->v1) {
		bool chunked = r->long_context_chunked && mml > 32768 && !any_sliding(&e->model) &&
		               !gs_wl_set(w, GS_F_MAX_LORAS) &&
		               !(r->long_context_no_mla && e->model.attn == GS_ATTN_MLA);
		seqs = 256;
		tokens = chunked ? r->chunk_tokens : (mml > 2048 ? mml : 2048);
		snprintf(why, sizeof why, "V0, max_model_len %llu: %s", (unsigned long long)mml,
		         chunked ? "above 32768, chunked prefill on, its default batch"
		                 : "chunked prefill off, max(max_model_len, 2048)");
	} else {
		const char *rule;
		bool big = big_gpu(e, r, &rule);
		/* 0.28: a tier of its own from 160 GiB, 16384 tokens for the API
		 * server too (arg_utils.py get_batch_defaults, PR #51726) */
		bool huge = r->big_160 && e->has_capacity && e->cuda_total >= 160 * GS_GiB;
		tokens = huge ? 16384 : big ? (llm ? 16384 : 8192) : (llm ? 8192 : 2048);
		seqs = big || huge ? 1024 : 256;
		snprintf(why, sizeof why, "V1, %s, %s", llm ? "LLM class" : "vllm serve",
		         huge ? "CUDA total >= 160 GiB (0.28's tier)" : rule);
	}
	if (gs_wl_set(w, GS_F_MAX_NUM_BATCHED_TOKENS)) {
		tokens = wl_bytes(e, GS_F_MAX_NUM_BATCHED_TOKENS);
		snprintf(why, sizeof why, "given (%s)", w->v[GS_F_MAX_NUM_BATCHED_TOKENS].where);
	}
	if (gs_wl_set(w, GS_F_MAX_NUM_SEQS))
		seqs = wl_bytes(e, GS_F_MAX_NUM_SEQS);
	v->profile_tokens = tokens;
	v->profile_seqs = seqs < tokens ? seqs : tokens; /* one token per dummy request at least */
	v->v1 = r->v1;
	snprintf(v->why_tokens, sizeof v->why_tokens, "%s", why);
}

/* The PyTorch-native top-k/top-p sampler (V0: v0.6.4 and v0.7.1
 * vllm/model_executor/layers/sampler.py _apply_top_k_top_p; V1: v0.8.5
 * vllm/v1/sample/ops/topk_topp_sampler.py apply_top_k_top_p): bytes per
 * logit alive at its largest moment, the sort, besides the model's own
 * logits: the fp32 copy 4, the sorted values 4 and their int64 indices 8,
 * and what PyTorch's CUDA sort allocates for 128 rows or more
 * (SortStable.cu segmented_sort_pairs): int64 reverse indices 8 and CUB's
 * alternate keys and values 12. docs/method.md §7 "Logits". */
#define NATIVE_SAMPLER_BYTES 36u

/* The sampler path the profile run takes: native unless --sampler states
 * FlashInfer, as the startup log names it ("Using FlashInfer for top-p &
 * top-k sampling" or "FlashInfer is not available. Falling back to the
 * PyTorch-native implementation"). Native is every release's default here:
 * torch's sort until 0.16.0, the larger of the two (sampler_unknown names
 * the other), and a Triton kernel from 0.17.0, as large as FlashInfer's;
 * FlashInfer's bytes and what they are come with the release
 * (engine_release.c). */
typedef struct sampler_path {
	unsigned bytes;   /* per logit besides the model's own (docs/method.md §7 "Logits") */
	const char *what; /* those bytes, for the formula                              */
	bool stated;      /* given with --sampler, or both warmed (0.21.0): none to name */
	bool triton_rows; /* plus the Triton kernel's buffer of vocabulary rows        */
} sampler_path;

/* vLLM's native path from 0.17.0 (vllm/v1/sample/ops/topk_topp_sampler.py
 * apply_top_k_top_p, 8 rows or more): Sampler.forward's fp32 copy, top-k
 * and top-p applied in place by topk_topp_triton.py, then
 * compiled_random_sample's softmax probabilities and exponential draws
 * (torch.compile may fuse them away: counted, the larger). The kernel's
 * cached buffer holds min(next_pow2(min(SMs, rows)), SMs) vocabulary rows
 * in fp32; with fewer than 256 SMs that is at most min(next_pow2(rows),
 * 256) rows, which is what is counted (triton_buffer_rows). */
#define TRITON_SAMPLER_BYTES 12u

static uint64_t triton_buffer_rows(uint64_t seqs)
{
	uint64_t p = 1;
	while (p < seqs && p < 256)
		p <<= 1;
	return p;
}

static sampler_path sampler_for(const gs_estimate *e, const gsi_vllm_release *r)
{
	const gs_workload *w = &e->workload;
	bool stated = gs_wl_given(w, GS_F_SAMPLER);
	/* Model Runner V2's profile samples its dummy batch with no request
	 * asking for any processing, so apply_sampling_params returns the
	 * logits as they are: no fp32 copy, no top-k/top-p (gpu/model_runner.py
	 * _dummy_sampler_run, gpu/sample/sampler.py; the code says the profile
	 * "may skip top_k, top_p, and logprobs") */
	if (e->vllm.mrv2)
		return (sampler_path){0, "Model Runner V2's dummy sampler: the logits sampled as they are, "
		                         "no request asking for processing",
		                      true, false};
	/* from 0.21.0 the dummy sampler run also runs the native path, with a
	 * generator, after the default one: its peak is in the profile whichever
	 * path serves (gpu_model_runner.py _dummy_sampler_run, PR #41375) */
	if (r->native_warmed)
		return (sampler_path){TRITON_SAMPLER_BYTES,
		                      "native path, which the profile warms after the default one from "
		                      "0.21.0 (FlashInfer's "
		                      "or its own): fp32 copy 4, top-k/top-p in place (Triton), then "
		                      "random_sample's "
		                      "probabilities 4 and draws 4",
		                      true, true};
	if (stated && gs_wl_sampler(w) == GS_SAMPLER_FLASHINFER)
		return (sampler_path){r->flashinfer->bytes, r->flashinfer->what, true, false};
	if (r->triton_topk)
		return (sampler_path){TRITON_SAMPLER_BYTES,
		                      "native path from 0.17.0: fp32 copy 4, top-k/top-p in place (Triton), "
		                      "then "
		                      "compiled_random_sample's probabilities 4 and draws 4 unless "
		                      "torch.compile fuses them",
		                      stated, true};
	return (sampler_path){NATIVE_SAMPLER_BYTES,
	                      "the native top-k/top-p sampler at its sort: fp32 copy 4, sorted values 4 and "
	                      "int64 "
	                      "indices 8, the sort's int64 reverse indices 8 and CUB's alternate keys and "
	                      "values 12",
	                      stated, false};
}

/* The other sampler path, when the user did not state one. Native is
 * counted, the larger: until 0.11.0 vLLM takes FlashInfer's path only when
 * FlashInfer is installed (not in V0's pip wheels, requirements-cuda.txt;
 * optional for V1's) and importable, and an image that installs it is not
 * a guarantee (a published vllm/vllm-openai:v0.11.0 table of six models
 * on H100 measured the native path's 38 B a logit); from 0.11.1 only when
 * VLLM_USE_FLASHINFER_SAMPLER=1 asks for it. The FlashInfer figure is
 * named with its size. */
static void sampler_unknown(gs_estimate *e, const gsi_vllm_release *r, const sampler_path *sp, uint64_t seqs,
                            uint32_t vocab)
{
	char size[48];
	if (sp->stated || sp->bytes <= r->flashinfer->bytes)
		return;
	unsigned less = sp->bytes - r->flashinfer->bytes;
	gs_format_bytes(gs_mul_sat(gs_mul_sat(seqs, vocab), less), GS_UNIT_GiB, size, sizeof size);
	gsi_unknown(e,
	            "logits: counted with the native top-k/top-p sampler, %s FlashInfer's (its log says "
	            "\"Using "
	            "FlashInfer for top-p & top-k sampling\") the sampler holds %u B less per logit: up to "
	            "%s less in "
	            "the profile run, a larger KV pool (--sampler flashinfer)",
	            r->flashinfer_opt_in ? "vLLM's default; with VLLM_USE_FLASHINFER_SAMPLER=1 it takes"
	                                 : "the larger path; when vLLM takes",
	            less, size);
}

/* V1 releases: what the profile run may hold that no formula here counts
 * (a cold torch.compile cache). */
static void v1_unknowns(gs_estimate *e, const gsi_vllm_release *r)
{
	if (!r->v1)
		return;
	if (r->nontorch_all_processes)
		gsi_unknown(e,
		            "kv_cache: V1 %s counts every byte on the GPU that its torch did not allocate, "
		            "other "
		            "processes' and a display server's included, as its own non-torch memory: each "
		            "GiB they hold "
		            "comes off the KV pool (vllm/v1/worker/gpu_worker.py determine_available_memory, "
		            "until PR "
		            "#19312)",
		            r->rel.version);
	if (r->cudagraph_profiled && !r->cudagraph_in_pool)
		gsi_unknown(e,
		            "kv_cache: vLLM %s also profiles the CUDA graphs inside its memory profile and "
		            "takes that "
		            "estimate off the pool only with VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS=1 (its "
		            "log then says "
		            "how much, as a higher --gpu-memory-utilization to ask for): not counted here",
		            r->rel.version);
	if (r->moe_runner_unread && e->model.experts)
		gsi_unknown(e,
		            "activations: vLLM %s rewrote its fused-MoE runner "
		            "(fused_moe/runner/moe_runner.py, "
		            "oracle/unquantized.py), not read here; the experts' workspace is 0.19.0's rule "
		            "(fused_experts_impl, whose caches are unchanged)",
		            r->rel.version);
	gsi_unknown(e, "activations: V1 runs torch.compile inside the profile run; a cold compile cache adds "
	               "Inductor's scratch to the profiled peak and shrinks the pool (a published cold/warm "
	               "pair: "
	               "torch peak +2.59/+0.74 GiB, non-torch +0.86/+0.22 GiB)");
}

/* vLLM model files (v0.7.1, vllm/model_executor/models/) whose dense MLP
 * keeps gate_up as a local until down_proj has returned (`gate_up, _ =
 * self.gate_up_proj(x)`), where llama.py rebinds x and frees it first. */
static bool mlp_keeps_gate_up(const char *type)
{
	static const char *const keep[] = {"qwen2",       "qwen3",       "qwen",      "gemma", "gemma2",
	                                   "deepseek_v2", "deepseek_v3", "internlm2", "olmo2", "cohere",
	                                   "granite",     "qwen2_vl",    "qwen2_5_vl"};
	for (size_t i = 0; i < sizeof keep / sizeof keep[0]; i++)
		if (!strcmp(type, keep[i]))
			return true;
	return false;
}

/* V0 runs the model eagerly in its profile, and the model's layer loop
 * (`hidden_states, residual = layer(positions, hidden_states, ...)`) keeps
 * each layer's input referenced while the layer runs; fused_add_rms_norm
 * normalises in place, so that input, the residual and the attention output
 * are three T x h tensors beside the MLP's, one more than the generic
 * forward counts; a model whose MLP keeps gate_up until down_proj holds a
 * fourth (down_proj's output). V1 compiles the forward (Inductor frees
 * what it no longer reads), so it keeps the generic count. */
static gs_bytes v0_layer_extra(const gs_estimate *e, uint64_t T, gs_bytes a, char *why, size_t whycap)
{
	const gs_model *m = &e->model;
	uint64_t el = gsi_act_bytes(e), th = gs_mul_sat(T, (uint64_t)m->hidden * el);
	gs_bytes out = gs_add_sat(a, th);
	size_t n = strlen(why);
	snprintf(why + n, whycap - n, " + the layer's input held by the layer loop %llu x %u x %llu B",
	         (unsigned long long)T, m->hidden, (unsigned long long)el);
	if (m->gated_mlp && !m->experts && mlp_keeps_gate_up(m->model_type)) {
		gs_bytes down = gs_add_sat(gs_mul_sat(4, th), gs_mul_sat(T, 3ull * m->intermediate * el));
		if (down > out) {
			out = down;
			n = strlen(why);
			snprintf(why + n, whycap - n,
			         "; at down_proj, gate_up still held (%s's MLP): 4 x %llu x %u x %llu B "
			         "+ 3 x %llu x %u x %llu B",
			         m->model_type, (unsigned long long)T, m->hidden, (unsigned long long)el,
			         (unsigned long long)T, m->intermediate, (unsigned long long)el);
		}
	}
	return out;
}

/* MXFP4 experts (gpt-oss) on a GPU without FP4 compute (compute capability
 * 8.x) run on Marlin, whose MoE kernel needs n % 256 == 0 and k % 128 == 0
 * for each linear: vLLM pads hidden to a multiple of 256 and each GPU's
 * moe_intermediate / tp to a multiple of 128 before it creates the experts'
 * weights and block scales (vllm/model_executor/layers/quantization/mxfp4.py
 * Mxfp4MoEMethod.create_weights, the Marlin branch; 0.10.1's logs print
 * "Weight-only FP4 compression will be used leveraging the Marlin kernel").
 * gpt-oss-120b at tp 4: 2880 -> 3072 and 720 -> 768, 13.8 % more expert
 * bytes. The item is the padding alone, per GPU; the weights item / tp holds
 * the rest. From 0.12.0 compute capability 11.0 and later (Thor, RTX 50,
 * RTX PRO Blackwell) take Marlin too: triton_kernels is used only from 9.0
 * to below 11.0. Hopper and B200 take other backends, not read: named. */
static void marlin_mxfp4_pad(gs_estimate *e, const gsi_vllm_release *r)
{
	const gs_model *m = &e->model;
	const gs_workload *w = &e->workload;
	if (!r->mxfp4_marlin_pad || !m->has_architecture || !m->experts ||
	    strcmp(e->format.name, "mxfp4-experts") != 0)
		return;
	if (r->mxfp4_backend_unread)
		gsi_unknown(e,
		            "weights: vLLM %s picks the MXFP4 experts' kernel from a priority list "
		            "(fused_moe/oracle/mxfp4.py select_mxfp4_moe_backend) not read here; the padding "
		            "0.18.0's "
		            "rule gives is counted (Marlin on compute capability 8.x and 11.0 and later)",
		            r->rel.version);
	const gs_device *d = w->device;
	/* Marlin on 8.x; from 0.12.0 also on 11.0 and later (triton_kernels
	 * only between 9.0 and 11.0, get_mxfp4_backend) */
	long major = d ? strtol(d->compute_capability, NULL, 10) : 0;
	if (!d || !(major == 8 || (r->mxfp4_marlin_cc11 && major >= 11))) {
		gsi_unknown(e,
		            "weights: vLLM pads MXFP4 experts to its MoE kernel's tiles (on a compute "
		            "capability %s "
		            "GPU, Marlin: hidden to 256, moe_intermediate / tp to 128); %s, whose backend "
		            "was not read: "
		            "unpadded bytes are counted",
		            r->mxfp4_marlin_cc11 ? "8.x or 11.0 and later" : "8.x",
		            d ? "this GPU takes another backend" : "no --gpu names the compute capability");
		return;
	}
	uint64_t tp = e->tp ? e->tp : 1, moe_layers = gs_model_moe_layers(m);
	uint64_t H = m->hidden, I = (m->moe_intermediate + tp - 1) / tp;
	uint64_t Hp = (H + 255) / 256 * 256, Ip = (I + 127) / 128 * 128;
	/* gate_up (2 I x H) and down (H x I): 4 bits a value, an 8-bit scale per 32 */
	uint64_t padded = gs_mul_sat(gs_mul_sat(moe_layers, m->experts), 3 * Ip * Hp);
	uint64_t plain = gs_mul_sat(gs_mul_sat(moe_layers, m->experts), 3 * I * H);
	gs_bytes extra = padded > plain ? (padded - plain) / 2 + (padded - plain) / 32 : 0;
	if (!extra)
		return;
	gs_item *it = gsi_item(e, "marlin_padding", GS_BASIS_ESTIMATED,
	                       METHOD "§7 (vLLM quantization/mxfp4.py Mxfp4MoEMethod.create_weights, Marlin "
	                              "branch)");
	it->shard = GS_SHARD_NONE;
	gsi_item_all(it, ALL_PHASES, extra);
	gsi_formula(it,
	            "Marlin pads MXFP4 experts on compute capability %s: %llu MoE layers x %u experts x 3 x "
	            "(%llu x %llu - %llu x %llu) values (hidden %llu -> %llu, moe_intermediate / tp %llu -> "
	            "%llu) x "
	            "(4 bits + 8 bits / 32) / 8 per GPU",
	            d->compute_capability, (unsigned long long)moe_layers, m->experts, (unsigned long long)Ip,
	            (unsigned long long)Hp, (unsigned long long)I, (unsigned long long)H,
	            (unsigned long long)H, (unsigned long long)Hp, (unsigned long long)I,
	            (unsigned long long)Ip);
}

/* DeepSeek's MLA under vLLM (models/deepseek_v2.py): q_a_proj,
 * kv_a_proj_with_mqa and the MoE router are ReplicatedLinear, whole on every
 * GPU where gpusizer's weights divide by tp; and 0.7.1-0.7.3's V0 MLA
 * backend (attention/backends/mla/utils.py process_weights_after_loading,
 * VLLM_MLA_PERFORM_MATRIX_ABSORPTION on by default) keeps, beside the raw
 * weights, W_QR (q_lora x heads/tp x rope, 16-bit), a dequantized
 * kv_b_proj (W_UK, W_UV; 16-bit, only when the weights are quantized), and
 * the absorbed W_Q_UK (q_lora x heads/tp x kv_lora) and W_UV_O
 * (heads/tp x kv_lora x hidden), requantized to fp8 for fp8 weights, else
 * 16-bit. Both as items of their own, whole on each GPU. */
static void mla_items(gs_estimate *e, const gsi_vllm_release *r)
{
	const gs_model *m = &e->model;
	if (!m->has_architecture || m->attn != GS_ATTN_MLA || !r->mla_latent)
		return;
	uint64_t h = m->hidden, L = m->layers, tp = e->tp ? e->tp : 1, el = gsi_act_bytes(e);
	uint64_t moe_layers = gs_model_moe_layers(m);
	bool fp8 = e->format.family == GS_FAM_FP8, wide = !e->format.quantized;
	gs_ratio bpw = gs_format_bpw(&e->format);
	uint64_t proj = gs_mul_sat(L, ((uint64_t)m->q_lora_rank + m->kv_lora_rank + m->qk_rope_head_dim) * h);
	gs_bytes rep = gs_add_sat(gsi_ceil_bits(proj, bpw),
	                          gs_mul_sat(gs_mul_sat(moe_layers, m->experts), h * el));
	if (tp > 1) {
		gs_item *it = gsi_item(e, "tp_replicated", GS_BASIS_ESTIMATED,
		                       METHOD
		                       "§7 (vLLM models/deepseek_v2.py: ReplicatedLinear; our derivation)");
		it->shard = GS_SHARD_NONE;
		gsi_item_all(it, ALL_PHASES, rep - rep / tp);
		gsi_formula(it,
		            "q_a_proj, kv_a_proj_with_mqa (%llu x (%u + %u + %u) x %llu layers, %s) and the "
		            "router "
		            "(%llu MoE layers x %u x %llu, %llu B) are whole on every GPU: %llu B, of which "
		            "the weights "
		            "item's / tp holds 1/%llu",
		            (unsigned long long)h, m->q_lora_rank, m->kv_lora_rank, m->qk_rope_head_dim,
		            (unsigned long long)L, e->format.name, (unsigned long long)moe_layers, m->experts,
		            (unsigned long long)h, (unsigned long long)el, (unsigned long long)rep,
		            (unsigned long long)tp);
	}
	if (!r->mla_absorb)
		return;
	uint64_t hr = ((uint64_t)m->heads + tp - 1) / tp, qin = m->q_lora_rank ? m->q_lora_rank : h;
	uint64_t absorbed = gs_add_sat(gs_mul_sat(qin, hr * m->kv_lora_rank),
	                               gs_mul_sat(hr * m->kv_lora_rank, h));
	gs_bytes per_layer = gs_mul_sat(gs_mul_sat(qin, hr * m->qk_rope_head_dim), el); /* W_QR */
	if (!wide) /* W_UK, W_UV: kv_b_proj dequantized */
		per_layer = gs_add_sat(per_layer, gs_mul_sat(gs_mul_sat(m->kv_lora_rank,
		                                                        hr * ((uint64_t)m->qk_nope_head_dim +
		                                                              m->v_head_dim)),
		                                             el));
	per_layer = gs_add_sat(per_layer, fp8 ? absorbed : gs_mul_sat(absorbed, el));
	gs_item *ab = gsi_item(e, "mla_absorbed", GS_BASIS_ESTIMATED,
	                       METHOD
	                       "§7 (vLLM attention/backends/mla/utils.py process_weights_after_loading)");
	ab->shard = GS_SHARD_NONE;
	gsi_item_all(ab, ALL_PHASES, gs_mul_sat(per_layer, L));
	gsi_formula(ab,
	            "%llu layers x (W_QR %llu x %llu x %u x %llu B%s + W_Q_UK %llu x %llu x %u + W_UV_O %llu "
	            "x %u x "
	            "%llu, at %s B), per GPU",
	            (unsigned long long)L, (unsigned long long)qin, (unsigned long long)hr,
	            m->qk_rope_head_dim, (unsigned long long)el, wide ? "" : " + dequantized kv_b_proj",
	            (unsigned long long)qin, (unsigned long long)hr, m->kv_lora_rank, (unsigned long long)hr,
	            m->kv_lora_rank, (unsigned long long)h, fp8 ? "1 (fp8 requantized)" : "2");
	if (!fp8 && !wide)
		gsi_unknown(e,
		            "weights: vLLM %s's MLA matrix absorption supports fp8 and unquantized weights; "
		            "with %s it "
		            "asks for VLLM_MLA_DISABLE=1, which this estimate does not model",
		            r->rel.version, e->format.name);
}

/* --- vision-language models: the profile run's encoder ------------------- */

/* The tokens one image (and, for Qwen2-VL and Qwen2.5-VL, one video) gives
 * at the size vLLM profiles (docs/method.md §7, "Vision-language models"):
 * the model's fixed count (Gemma 3 256, LLaVA 576); Mistral 3 and Pixtral
 * (image_size / patch)^2 / merge^2 (processing: PixtralHFEncoderInfo);
 * LLaVA-NeXT its largest grid, 2928 at 672 x 672; Qwen2-VL and Qwen2.5-VL
 * max_pixels 12845056 / 28^2 = 16384 an image (preprocessor_config.json's
 * default), and a video of min(14, 2 x floor(max_model_len / 16384))
 * frames, 16384 tokens each two (qwen2_vl.py get_max_video_tokens,
 * _MAX_FRAMES_PER_VIDEO 14); Qwen3-VL and Qwen3.5 (qwen3_vl.py
 * _get_vision_info and get_max_video_tokens, 16-pixel patches merged 2 x
 * 2) the image processor's longest_edge 16777216 / 32^2 = 16384 an image
 * and a video of two frames at the video processor's longest_edge
 * 25165824 / 2 per frame, 12288 tokens (Qwen's preprocessor_config.json
 * and video_preprocessor_config.json, as gh:54877551029 and gh:52457624213
 * print them). 0 where no rule was read. */
static void mm_item_tokens(const gs_model *m, uint64_t mml, uint64_t *image, uint64_t *video)
{
	*video = 0;
	if (!strncmp(m->model_type, "qwen3_vl", 8) || !strncmp(m->model_type, "qwen3_5", 7)) {
		*image = 16777216 / (32 * 32);
		*video = 25165824 / 2 / (32 * 32);
		return;
	}
	if (!strcmp(m->model_type, "qwen2_vl") || !strcmp(m->model_type, "qwen2_5_vl")) {
		*image = 16384;
		uint64_t frames = 2 * (mml / 16384);
		frames = frames > 14 ? 14 : frames < 2 ? 2 : frames;
		*video = frames / 2 * 16384;
		return;
	}
	if (m->image_tokens)
		*image = m->image_tokens;
	else if (m->vision_merge > 1)
		*image = m->vision_patches / m->vision_merge;
	else if (!strcmp(m->model_type, "llava_next"))
		*image = 2928;
	else
		*image = 0;
}

/* The vision tower's patches for `tokens` tokens of its output: merge x
 * tokens (Qwen, Mistral 3), or the tower's patches per image over its
 * tokens (Gemma 3 4096 for 256, LLaVA 576 for 576). */
static uint64_t mm_patches(const gs_model *m, uint64_t tokens, uint64_t per_item)
{
	if (m->vision_merge > 1)
		return gs_mul_sat(tokens, m->vision_merge);
	if (m->vision_patches && per_item)
		return gs_mul_sat(tokens / per_item, m->vision_patches);
	return tokens;
}

/* The profile run's multimodal batch (v1 gpu_model_runner.py profile_run,
 * and Model Runner V2's encoder_runner.profile_encoder_cache from 0.27;
 * multimodal/encoder_budget.py MultiModalBudget, v1/core/
 * encoder_cache_manager.py compute_mm_encoder_budget): the modality with
 * the most tokens per item t (a tie goes to video), the encoder budget
 * max(max_num_batched_tokens, t), max(1, min(budget / t, max_num_seqs x
 * max(1, min(limit, max_model_len / t)))) items of t tokens encoded in one
 * forward; the outputs are held in the encoder cache while the language
 * model's dummy forward runs. The encoder's peak is gsi_vision_peak's rule
 * over those patches. Model Runner V2 in 0.25 and 0.26 profiles no encoder:
 * the same memory then comes out of what gpu_memory_utilization leaves.
 * *extra gets what the encoder's forward peak holds beyond its outputs. */
static gs_status mm_profile(gs_estimate *e, const gsi_vllm_release *r, gs_bytes *extra, gs_error *err)
{
	const gs_model *m = &e->model;
	const gs_workload *w = &e->workload;
	const gs_vllm_budget *v = &e->vllm;
	*extra = 0;
	bool li = gs_wl_set(w, GS_F_LIMIT_IMAGES), lv = gs_wl_set(w, GS_F_LIMIT_VIDEOS);
	if (!m->vision_params) {
		if (li || lv)
			return gs_error_set(err, GS_EINPUT,
			                    w->v[li ? GS_F_LIMIT_IMAGES : GS_F_LIMIT_VIDEOS].where,
			                    "%s: model_type \"%.40s\" takes no images or videos",
			                    li ? "limit_images" : "limit_videos", m->model_type);
		return GS_OK;
	}
	if (!r->hybrid_read) /* the multimodal profile is read with the same trees, 0.21.0 on */
		return gs_error_set(err, GS_EINPUT, w->v[GS_F_RUNTIME_VERSION].where,
		                    "runtime_version: vLLM %s's profile of a vision-language model was not "
		                    "read (read from 0.21.0 on: gpu_model_runner.py profile_run, "
		                    "encoder_budget.py)", r->rel.version);
	if (!strcmp(m->model_type, "mllama"))
		return gs_error_set(err, GS_EUNSUPPORTED, w->v[GS_F_RUNTIME].where,
		                    "model_type \"mllama\": vLLM %s no longer serves Llama 3.2 Vision "
		                    "(models/registry.py: last supported in 0.10.2)", r->rel.version);
	uint64_t mml = e->length ? e->length : (m->max_position ? m->max_position : 2048);
	uint64_t lim_i = li ? gs_wl_u64(w, GS_F_LIMIT_IMAGES) : 999;
	uint64_t lim_v = lv ? gs_wl_u64(w, GS_F_LIMIT_VIDEOS) : 999;
	if (e->images && li && e->images > lim_i)
		return gs_error_set(err, GS_EINPUT, w->v[GS_F_IMAGES].where, "images %llu: vLLM's "
		                    "limit_images is %llu a prompt (--limit-mm-per-prompt); give images at "
		                    "most %llu, or a larger limit", (unsigned long long)e->images,
		                    (unsigned long long)lim_i, (unsigned long long)lim_i);
	uint64_t ti, tv;
	mm_item_tokens(m, mml, &ti, &tv);
	if (lv && lim_v && !tv) /* vLLM ignores a modality the model lacks; a sheet asking is wrong */
		return gs_error_set(err, GS_EINPUT, w->v[GS_F_LIMIT_VIDEOS].where,
		                    "limit_videos %llu: model_type \"%.40s\" takes images only "
		                    "(allowed: 0)", (unsigned long long)lim_v, m->model_type);
	if (!lim_i)
		ti = 0;
	if (!lim_v)
		tv = 0;
	bool video = tv && tv >= ti;
	uint64_t t = video ? tv : ti, lim = video ? lim_v : lim_i;
	gs_item *it = gsi_item(e, "encoder_cache", GS_BASIS_ESTIMATED,
	                       METHOD "§7 (vLLM gpu_model_runner.py profile_run, encoder_budget.py "
	                              "MultiModalBudget; our derivation of the encoder's peak)");
	it->shard = GS_SHARD_NONE;
	if (!t) {
		if (!lim_i && !lim_v) {
			gsi_formula(it, "limit_images and limit_videos 0: the tower is not loaded, nothing "
			            "encoded (interfaces.py _mark_tower_model)");
			return GS_OK;
		}
		it->basis = GS_BASIS_UNKNOWN;
		it->live = LIVE(1) | LIVE(2);
		gsi_formula(it, "the tokens %s gives an item at vLLM's profile size were not read",
		            m->model_type);
		return GS_OK;
	}
	uint64_t budget = v->profile_tokens > t ? v->profile_tokens : t;
	uint64_t per_prompt = mml / t < lim ? mml / t : lim;
	per_prompt = per_prompt ? per_prompt : 1;
	uint64_t n = budget / t, cap = gs_mul_sat(v->profile_seqs, per_prompt);
	n = n < cap ? n : cap;
	n = n ? n : 1;
	uint64_t tokens = gs_mul_sat(n, t), el = gsi_act_bytes(e);
	uint64_t patches = mm_patches(m, tokens, ti ? ti : t);
	/* Qwen3-VL's encoder returns the merger's output and each deepstack
	 * merger's side by side (qwen3_vl.py Qwen3_VisionTransformer.forward:
	 * hidden x (1 + levels) a token), all held in the encoder cache */
	uint64_t width = (uint64_t)m->hidden * (1 + (uint64_t)m->deepstack_levels);
	gs_bytes out = gs_mul_sat(gs_mul_sat(tokens, width), el);
	uint64_t hv = m->vision_hidden, w2 = 2 * (uint64_t)m->vision_intermediate;
	gs_bytes vis = gs_mul_sat(patches, ((w2 > 7 * hv ? w2 : 7 * hv) + 2 * hv) * el);
	vis = (vis + e->tp - 1) / e->tp; /* mm_encoder_tp_mode "weights": the tower split as the model */
	bool profiled = !v->mrv2 || r->mrv2_encoder_profile;
	/* profiled: the cache inside the budget; not: both after the pool */
	gsi_item_put(it, profiled ? 1 : 2, out);
	gsi_item_put(it, 2, out);
	*extra = vis > out ? vis - out : 0;
	gsi_formula(it, "the profile encodes %llu %s%s of %llu tokens (encoder budget max(%llu, %llu) "
	            "tokens): their output %llu tokens x %llu x %llu B is held while the language model's "
	            "dummy run goes; the tower's forward over %llu patches peaks at %llu B / tp%s",
	            (unsigned long long)n, video ? "video" : "image", n == 1 ? "" : "s",
	            (unsigned long long)t,
	            (unsigned long long)v->profile_tokens, (unsigned long long)t, (unsigned long long)tokens,
	            (unsigned long long)width, (unsigned long long)el, (unsigned long long)patches,
	            (unsigned long long)vis,
	            profiled ? "" : "; Model Runner V2 profiles no encoder before 0.27: after the pool, "
	                            "out of what gpu_memory_utilization leaves");
	if (!profiled)
		gsi_unknown(e, "encoder_cache: vLLM %s's Model Runner V2 does not profile the vision encoder "
		            "(its profile_run, before PR #47985): its %llu B of peak and cache come out of "
		            "what gpu_memory_utilization leaves, or a request fails", r->rel.version,
		            (unsigned long long)vis);
	if (!v->mrv2)
		gsi_unknown(e, "encoder_cache: V1's profile keeps the dummy items' pixel tensors on the GPU "
		            "through the language model's dummy run (their dtype, fp32 or bf16, not read): "
		            "not counted");
	return GS_OK;
}

/* Whether the release takes its CUDA graph estimate off the pool for this
 * model: from 0.20.0, but never under Model Runner V2, whose
 * profile_cudagraph_memory returns 0 in every release read (0.22 to 0.28:
 * gpu/model_runner.py): its graphs are captured after the pool is
 * allocated, out of what gpu_memory_utilization leaves. */
static bool graphs_off_pool(const gs_estimate *e, const gsi_vllm_release *r)
{
	return r->cudagraph_in_pool && !e->vllm.mrv2;
}

/* 0.27 on: the runner's persistent buffers, allocated after the start-up
 * snapshot and before the profile, come off the pool, because the non-KV
 * memory is now the free memory consumed from that snapshot to after the
 * profile (utils/mem_utils.py memory_profiling, PR #49208); up to 0.26 they
 * sat in no term. Counted from the runners' __init__ at 7b50d2c0: V1's
 * GPUModelRunner keeps inputs_embeds (max_num_batched_tokens x hidden, in
 * the model's dtype) and per-token int buffers (input_ids 4, positions 8,
 * req_indices 8, is_token_ids 1, query_pos 8, slot_mapping 8 B), and a
 * block table of max_num_seqs x cdiv(max_model_len, 16) int32; Model
 * Runner V2's InputBuffers keep input_ids, positions and is_padding (13 B a
 * token) and its prompt tables in host memory. What the caching allocator
 * keeps fragmented after the profile also counts now, and is not sized. */
static void runner_buffers(gs_estimate *e, const gsi_vllm_release *r)
{
	const gs_model *m = &e->model;
	const gs_vllm_budget *v = &e->vllm;
	if (!r->consumed_formula || !m->has_architecture)
		return;
	uint64_t T = v->profile_tokens, el = gsi_act_bytes(e);
	uint64_t mml = e->length ? e->length : (m->max_position ? m->max_position : 2048);
	gs_item *it = gsi_item(e, "runner_buffers", GS_BASIS_ESTIMATED,
	                       METHOD
	                       "§7 (vLLM 0.27: mem_utils.py memory_profiling counts the runner's "
	                       "persistent buffers; gpu_model_runner.py, gpu/input_batch.py __init__)");
	it->shard = GS_SHARD_NONE;
	if (v->mrv2) {
		gsi_item_all(it, ALL_PHASES, gs_mul_sat(T, 13));
		gsi_formula(it,
		            "Model Runner V2's input buffers: %llu tokens x 13 B (input_ids, positions, "
		            "is_padding); inside the budget from vLLM %s (the free memory consumed since "
		            "start-up)",
		            (unsigned long long)T, r->rel.version);
	} else {
		uint64_t table = gs_mul_sat(v->profile_seqs, (mml + 15) / 16 * 4);
		gsi_item_all(it, ALL_PHASES,
		             gs_add_sat(gs_mul_sat(T, (uint64_t)m->hidden * el + 37), table));
		gsi_formula(it, "V1 runner: inputs_embeds %llu tokens x %u x %llu B + %llu tokens x 37 B of "
		            "per-token buffers + block table %llu seqs x %llu blocks x 4 B; inside the "
		            "budget "
		            "from vLLM %s (the free memory consumed since start-up)",
		            (unsigned long long)T, m->hidden, (unsigned long long)el, (unsigned long long)T,
		            (unsigned long long)v->profile_seqs, (unsigned long long)((mml + 15) / 16),
		            r->rel.version);
	}
	gsi_unknown(e, "kv_cache: vLLM %s also counts what the caching allocator keeps fragmented after "
	            "its profile run (mem_utils.py: the free memory consumed since start-up), not sized "
	            "here: the pool may be smaller by tens of MiB", r->rel.version);
}

/* Qwen3-VL's deepstack buffers: Qwen3VLForConditionalGeneration.__init__
 * (models/qwen3_vl.py, the same at 0.21.0 and 0.28) allocates, on the
 * model's device and in its dtype, one max_num_batched_tokens x hidden
 * tensor per deepstack level, which carry the vision mergers' outputs to
 * the first decoder layers. They are loaded with the model, on every GPU
 * whole (not split by tensor parallelism). */
static void deepstack_buffers(gs_estimate *e)
{
	const gs_model *m = &e->model;
	if (!m->deepstack_levels)
		return;
	uint64_t T = e->vllm.profile_tokens, el = gsi_act_bytes(e);
	gs_item *it = gsi_item(e, "deepstack_buffers", GS_BASIS_ESTIMATED,
	                       METHOD "§7 (vLLM models/qwen3_vl.py Qwen3VLForConditionalGeneration.__init__: "
	                              "deepstack_input_embeds)");
	it->shard = GS_SHARD_NONE;
	uint64_t per_token = (uint64_t)m->hidden * el;
	gsi_item_all(it, ALL_PHASES, gs_mul_sat(gs_mul_sat(m->deepstack_levels, T), per_token));
	gsi_formula(it, "%u deepstack levels x max_num_batched_tokens %llu x hidden %u x %llu B, allocated "
	            "with the model on each GPU", m->deepstack_levels, (unsigned long long)T, m->hidden,
	            (unsigned long long)el);
}

/* The communicators' buffers vLLM allocates itself on each GPU of a
 * tensor-parallel group, before its start-up snapshot, so outside the KV
 * budget (docs/method.md §7, "Tensor-parallel buffers"): custom
 * all-reduce's meta, IPC and rank_data buffers (custom_all_reduce.py
 * CustomAllreduce.__init__; cudaMalloc rounds to 2 MiB), with max_size 8 MiB
 * or all_reduce_utils.py CUSTOM_ALL_REDUCE_MAX_SIZES where torch symmetric
 * memory is on; that symmetric buffer itself (SYMM_MEM_ALL_REDUCE_MAX_SIZES,
 * symm_mem.py); from 0.27 a 16 MiB IPC buffer and a 96 MiB MNNVL buffer
 * (_init_mnnvl_buffer, PR #50000). Symmetric memory and MNNVL need NVSwitch
 * multicast, counted where the device's capability is in the tables (SXM
 * parts); custom all-reduce is off without P2P or, above 2 GPUs, without
 * full NVLink: it is counted and named. NCCL's own buffers are NCCL's,
 * the runtime context's allowance. */
typedef struct comm_sizes {
	const char *cap;
	uint32_t ca_mib_x4[4];   /* custom all-reduce max_size at tp 2, 4, 6, 8, in 1/4 MiB */
	uint32_t symm_mib[4];    /* symmetric memory buffer at tp 2, 4, 6, 8, in MiB */
} comm_sizes;

static const comm_sizes comm_table[] = {
	{"9.0", {256, 128, 2, 1}, {64, 32, 64, 64}},
	{"10.0", {8, 8, 4, 4}, {8, 32, 128, 128}},
	{"10.3", {16, 16, 32, 16}, {4, 32, 32, 64}},
	{"10.7", {16, 16, 32, 16}, {4, 32, 32, 64}},
};

static gs_bytes round2m(gs_bytes b) { return (b + (2ull << 20) - 1) / (2ull << 20) * (2ull << 20); }

static void tp_buffers(gs_estimate *e, const gsi_vllm_release *r)
{
	uint64_t tp = e->tp;
	if (r->comm == GSI_COMM_UNREAD || tp < 2)
		return;
	const gs_device *d = e->workload.device;
	const comm_sizes *row = NULL;
	for (size_t i = 0; d && i < sizeof comm_table / sizeof comm_table[0]; i++)
		if (!strcmp(d->compute_capability, comm_table[i].cap))
			row = &comm_table[i];
	int k = tp == 2 ? 0 : tp == 4 ? 1 : tp == 6 ? 2 : tp == 8 ? 3 : -1;
	bool ca = k >= 0 || (r->comm == GSI_COMM_CA_0_27 && tp == 16);
	if (!ca) {
		gsi_unknown(e,
		            "runtime_context: vLLM's custom all-reduce runs at tp 2, 4, 6 or 8%s only: at "
		            "tp %llu its buffers are not allocated",
		            r->comm == GSI_COMM_CA_0_27 ? " (or 16)" : "", (unsigned long long)tp);
		return;
	}
	bool symm = row && k >= 0;
	gs_bytes M = symm ? (gs_bytes)row->ca_mib_x4[k] << 18 : 8ull << 20;
	if (M > (8ull << 20))
		M = 8ull << 20;
	gs_bytes meta = round2m(M + 4 * 1024), ipc, rank_data = 8ull << 20, mnnvl = 0;
	gs_bytes S = symm ? (gs_bytes)row->symm_mib[k] << 20 : 0;
	if (r->comm == GSI_COMM_CA_0_27) {
		ipc = 16ull << 20; /* max(max_size, 2 MiB all-gather, 16 MiB reduce-scatter) */
		mnnvl = row ? (tp == 16 ? 192ull : 96ull) << 20 : 0;
	} else {
		ipc = round2m(M);
	}
	gs_bytes total = meta + ipc + rank_data + S + mnnvl;
	gs_item *it = gsi_item(e, "tp_buffers", GS_BASIS_ESTIMATED,
	                       METHOD "§7 (vLLM device_communicators: custom_all_reduce.py, symm_mem.py, "
	                              "all_reduce_utils.py)");
	it->shard = GS_SHARD_NONE;
	gsi_item_all(it, ALL_PHASES, total);
	gsi_formula(it,
	            "vLLM %s's own all-reduce buffers at tp %llu%s%s: custom all-reduce meta %llu B + "
	            "IPC %llu B + rank_data 8 MiB, symmetric memory %llu B, MNNVL %llu B; before the "
	            "start-up snapshot, outside the budget",
	            r->rel.version, (unsigned long long)tp, d ? " on compute capability " : "",
	            d ? d->compute_capability : "", (unsigned long long)meta, (unsigned long long)ipc,
	            (unsigned long long)S, (unsigned long long)mnnvl);
	if (row)
		gsi_unknown(e, "tp_buffers: the symmetric-memory%s buffers need NVSwitch multicast (SXM "
		            "systems): counted; on a PCIe or NVLink-bridge machine vLLM frees or never makes "
		            "them", r->comm == GSI_COMM_CA_0_27 ? " and MNNVL" : "");
	if (tp > 2)
		gsi_unknown(e, "tp_buffers: vLLM turns custom all-reduce off above 2 GPUs without full "
		            "NVLink (and without P2P at 2): counted here, absent there");
}

/* 0.28 captures CUDA graphs up to 1024 tokens on compute capability 10.x
 * (B200, GB200, B300; config/vllm.py _set_cudagraph_sizes, PR #49390), 83
 * sizes instead of 51 at 1024 sequences: V1's estimate off the pool grows
 * with them, and cuda_graphs stands for it. */
static void capture_sizes_note(gs_estimate *e, const gsi_vllm_release *r)
{
	const gs_device *d = e->workload.device;
	if (!r->capture_1024_sm10 || !d || strncmp(d->compute_capability, "10.", 3) ||
	    !graphs_off_pool(e, r) || e->workload.v[GS_F_CUDA_GRAPHS].from != GS_FROM_DEFAULT)
		return;
	gsi_unknown(e, "cuda_graphs: vLLM %s captures CUDA graphs up to 1024 tokens on compute capability "
	            "%s (up to 83 sizes instead of 51), so its estimate off the pool grows; give "
	            "--cuda-graphs from the log's \"Estimated CUDA graph memory\"", r->rel.version,
	            d->compute_capability);
}


/* The items that do not depend on the pool: weights, non-torch memory,
 * LoRA slots, the profile run's activations and logits, CUDA graphs. */
static void fixed_items(gs_estimate *e, const gsi_vllm_release *r, const sampler_path *sp, gs_bytes mm_extra)
{
	const gs_model *m = &e->model;
	const gs_vllm_budget *v = &e->vllm;
	uint64_t el = gsi_act_bytes(e);
	char why[600];
	gsi_serving_context(e, ALL_PHASES, "KV", graphs_off_pool(e, r));
	mla_items(e, r);
	marlin_mxfp4_pad(e, r);
	deepstack_buffers(e);
	runner_buffers(e, r);
	tp_buffers(e, r);
	capture_sizes_note(e, r);

	uint64_t T = v->profile_tokens, seqs = v->profile_seqs;
	gs_item *act = gsi_item(e, "activations", GS_BASIS_ESTIMATED,
	                        METHOD "§5, §7 (our derivation; vLLM profile run with FlashAttention)");
	gs_item *lg = gsi_item(e, "logits", GS_BASIS_ESTIMATED,
	                       METHOD "§7 (the profile run's dummy sampler, from the release's sampler code; "
	                              "our derivation)");
	act->shard = GS_SHARD_TP;
	lg->shard = GS_SHARD_LAST_STAGE;
	if (m->has_architecture) {
		gs_bytes a = gsi_serving_forward_peak(e, T, r->moe_cache13_shared, r->moe_chunk, why,
		                                      sizeof why);
		if (!r->v1)
			a = v0_layer_extra(e, T, a, why, sizeof why);
		/* a vision-language model: the encoder's forward may peak above the
		 * language model's (profiled, or at serve time under MRv2 0.25-0.26) */
		if (mm_extra > a) {
			size_t n = strlen(why);
			snprintf(why + n, sizeof why - n, "; the vision encoder's forward peaks higher, "
			         "%llu B beyond its outputs", (unsigned long long)mm_extra);
			a = mm_extra;
		}
		gsi_item_all(act, LIVE(1) | LIVE(2), a);
		gsi_formula(act, "profile run of %llu tokens (%s): %s", (unsigned long long)T, v->why_tokens,
		            why);
		/* The sampler runs after the forward pass has freed its activations
		 * (V0 execute_model; V1 profile_run after _dummy_run), holding the
		 * T hidden states and one logit row per dummy request over the whole
		 * vocabulary on the GPU that samples; the item is what that stage
		 * adds above the forward peak of one GPU. */
		uint64_t rows = sp->triton_rows ? triton_buffer_rows(seqs) : 0;
		gs_bytes s = gs_add_sat(gs_add_sat(gs_mul_sat(gs_mul_sat(T, m->hidden), el),
		                                   gs_mul_sat(gs_mul_sat(seqs, m->vocab), el + sp->bytes)),
		                        gs_mul_sat(gs_mul_sat(rows, m->vocab), 4));
		gs_bytes a_gpu = (a + e->tp - 1) / e->tp, l = s > a_gpu ? s - a_gpu : 0;
		char buffer[96] = "";
		if (rows)
			snprintf(buffer, sizeof buffer,
			         " + buffer %llu rows (min(next_pow2(%llu), 256)) x %u vocab x 4 B",
			         (unsigned long long)rows, (unsigned long long)seqs, m->vocab);
		gsi_item_all(lg, LIVE(1) | LIVE(2), l);
		gsi_formula(lg,
		            "sampler stage %llu B = hidden states %llu x %u x %llu B + %llu dummy requests x "
		            "%u vocab x "
		            "(%llu + %u) B (%s)%s, after the forward pass freed its activations; this item "
		            "is what it adds "
		            "above the forward peak of one GPU (%llu B): max(0, stage - forward)",
		            (unsigned long long)s, (unsigned long long)T, m->hidden, (unsigned long long)el,
		            (unsigned long long)seqs, m->vocab, (unsigned long long)el, sp->bytes, sp->what,
		            buffer, (unsigned long long)a_gpu);
		sampler_unknown(e, r, sp, seqs, m->vocab);
		v1_unknowns(e, r);
	} else {
		act->basis = lg->basis = GS_BASIS_UNKNOWN;
		act->live = lg->live = LIVE(1) | LIVE(2);
		gsi_formula(act, "needs an architecture (--model config.json)");
		gsi_formula(lg, "needs the vocabulary size (--model config.json)");
		gsi_unknown(e, "activations, logits and kv_cache: vLLM's profile run and KV blocks need an "
		            "architecture (--model config.json)");
	}
}

/* The sum of the known items that the budget holds (all but the pool and
 * the CUDA graphs, which come after it, and vLLM's all-reduce buffers,
 * made before its start-up snapshot). */
static gs_bytes in_budget(const gs_estimate *e)
{
	gs_bytes fixed = 0;
	for (size_t i = 0; i < e->n_items; i++) {
		const gs_item *it = &e->items[i];
		if (it->basis != GS_BASIS_UNKNOWN && strcmp(it->id, "kv_cache") != 0 &&
		    strcmp(it->id, "cuda_graphs") != 0 && strcmp(it->id, "tp_buffers") != 0)
			fixed = gs_add_sat(fixed, it->bytes[PH_RUN]);
	}
	return fixed;
}

/* The largest CUDA graph estimate vLLM printed in the published logs read
 * ("Estimated CUDA graph memory: 2.35 GiB total", vLLM 0.19.1, Qwen3-8B on an
 * A100-SXM4-40GB, bench/calibration.jsonl vllm-a100-40g-qwen3-8b-serve-v0191);
 * the others read 0.04 to 0.83 GiB. Evidence, not a bound. */
#define CUDAGRAPH_LOGGED_MAX (235 * GS_GiB / 100)

/* 0.20.0 on: vLLM captures every CUDA graph once inside its memory profile
 * (gpu_model_runner.py profile_cudagraph_memory: the first capture of each
 * mode plus (n - 1) x the second's, FULL and PIECEWISE overlaid) and takes
 * that estimate off the pool (gpu_worker.py determine_available_memory,
 * VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS=1 by default). gpusizer has no
 * model of that figure: cuda_graphs is the sheet's (or the default), and
 * when it is the default the interval's low end also holds the largest
 * figure the logs show. */
static void graphs_in_pool(gs_estimate *e, gs_item *kv, const gsi_vllm_release *r, gs_bytes graphs)
{
	gs_vllm_budget *v = &e->vllm;
	const gs_value *g = &e->workload.v[GS_F_CUDA_GRAPHS];
	gsi_formula_add(kv,
	                "; the fixed part holds cuda_graphs' %llu B: vLLM %s profiles its CUDA graphs and "
	                "takes "
	                "that estimate off the pool (VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS=1 by default)",
	                (unsigned long long)graphs, r->rel.version);
	if (g->from != GS_FROM_DEFAULT)
		return; /* the sheet's figure, from its own log or 0 for enforce_eager */
	char most[24];
	gs_format_bytes(CUDAGRAPH_LOGGED_MAX, GS_UNIT_GiB, most, sizeof most);
	gsi_unknown(e,
	            "kv_cache: vLLM %s takes its own CUDA graph estimate off the pool; cuda_graphs (%s, %s) "
	            "stands for it, logs show 0.04 GiB to %s: give --cuda-graphs from the log's \"Estimated "
	            "CUDA "
	            "graph memory\" (0GiB with enforce_eager)",
	            r->rel.version, g->text, g->where, most);
	if (graphs < CUDAGRAPH_LOGGED_MAX && !v->over_budget) {
		gs_bytes less = CUDAGRAPH_LOGGED_MAX - graphs;
		gs_bytes left = v->kv_available > less ? v->kv_available - less : 0;
		v->tokens_graphs_low = gs_mul_sat(left / v->block_bytes, v->block_tokens);
		snprintf(v->graphs_low_why, sizeof v->graphs_low_why,
		         "cuda_graphs is a default: the low end also holds "
		         "%s of CUDA graphs, the largest vLLM estimate in the logs read",
		         most);
	}
}

static uint64_t blocks_for(const gs_vllm_budget *v, uint64_t length);

/* The "Maximum concurrency for L tokens per request: X.XXx" vLLM logs: V0
 * and V1 up to 0.9.0 divide the pool's tokens by L (worker.py;
 * kv_cache_utils.py _report_kv_cache_config); from 0.9.1 V1 divides its
 * blocks by the blocks one request needs, cdiv(L, 16)
 * (get_max_concurrency_for_kv_cache_config). The two agree when L is a
 * multiple of 16. Python's "%.2f" rounds the quotient, ties to even. */
static void max_concurrency(gs_vllm_budget *v, const gsi_vllm_release *r, uint64_t length)
{
	uint64_t num = r->concurrency_by_blocks ? v->blocks : v->tokens;
	uint64_t den = r->concurrency_by_blocks ? blocks_for(v, length) : length;
	v->max_concurrency_milli = gs_mul_sat(num, 1000) / den;
	uint64_t n100 = gs_mul_sat(num, 100), q = n100 / den, rem = n100 % den;
	v->max_concurrency_centi = 2 * rem > den || (2 * rem == den && (q & 1)) ? q + 1 : q;
}

/* 0.20.1 on: the log's "GPU KV cache size" is max concurrency x max_model_len,
 * int(num_blocks / cdiv(max_model_len, 16) * max_model_len) in Python's
 * doubles (kv_cache_utils.py _report_kv_cache_config and
 * get_max_concurrency_for_kv_cache_config, one uniform group): blocks x 16
 * when the length is a multiple of 16, fewer otherwise. */
static uint64_t printed_tokens(const gs_vllm_budget *v, uint64_t length)
{
	uint64_t per_request = blocks_for(v, length);
	return (uint64_t)((double)v->blocks / (double)per_request * (double)length);
}

/* --- hybrids: attention and state layers in one pool ---------------------- */

/* One state layer's state of one sequence on one GPU, in elements, as
 * vLLM's shape calculators give it (model_executor/layers/mamba/
 * mamba_utils.py MambaStateShapeCalculator, the same from 0.21.0 to 0.28):
 * Mamba conv (K - 1) x I/tp and ssm I/tp x N; Mamba-2 conv (K - 1) x (I + 2
 * G' N)/tp, G' the groups padded to tp when tp does not divide them
 * (extra_groups_for_head_shards), and ssm heads/tp x head_dim x N; a Gated
 * DeltaNet conv (K - 1) x (2 nk dk + nv dv)/tp and recurrent nv/tp x dv x dk.
 * No speculative tokens (no field asks for them). */
static void state_elements(const gs_model *m, uint64_t tp, uint64_t *conv, uint64_t *ssm)
{
	uint64_t K = m->ssm_conv ? m->ssm_conv - 1 : 0, I = m->ssm_inner, N = m->ssm_state;
	uint64_t g = m->ssm_groups;
	if (g && g < tp && g % tp)
		g = tp;
	if (m->gdn || m->ssm_groups) {
		*conv = K * ((I + 2 * g * N) / tp);
		*ssm = (uint64_t)m->ssm_heads / tp * m->ssm_head_dim * N;
	} else {
		*conv = K * (I / tp);
		*ssm = I / tp * N;
	}
}

/* The bytes of one element of the recurrent (temporal) state: state_dtype
 * when given (--mamba-ssm-cache-dtype), else vLLM's "auto": the conv
 * state's dtype, the model's (`el`), except where models/config.py
 * MODELS_CONFIG_MAP sets it: Nemotron-H takes its config's
 * mamba_ssm_cache_dtype, else float32; Qwen3.5 its config's
 * mamba_ssm_dtype when it names one (Qwen3_5ForConditionalGenerationConfig),
 * else the model's. *name gets the dtype's name for the formula. */
static uint64_t state_el(const gs_estimate *e, uint64_t el, const char **name)
{
	const gs_model *m = &e->model;
	const gs_workload *w = &e->workload;
	gs_state_dtype d = gs_wl_set(w, GS_F_STATE_DTYPE) ? (gs_state_dtype)w->v[GS_F_STATE_DTYPE].e
	                                                   : GS_STATE_AUTO;
	bool qwen3_5 = !strncmp(m->model_type, "qwen3_5", 7);
	if (d == GS_STATE_AUTO && ((m->ssm_state_fp32 && !strcmp(m->model_type, "nemotron_h")) ||
	                           (qwen3_5 && m->state_fp32_config)))
		d = GS_STATE_FLOAT32;
	switch (d) {
	case GS_STATE_FLOAT32: *name = "float32"; return 4;
	case GS_STATE_FLOAT16: *name = "float16"; return 2;
	case GS_STATE_BFLOAT16: *name = "bfloat16"; return 2;
	default: *name = "the model's dtype"; return el;
	}
}

/* The models whose "all" mode vLLM supports, when prefix caching is asked
 * for (SupportsMambaPrefixCaching: Falcon-H1, GraniteMoeHybrid, Jamba,
 * Mamba, Mamba2, Nemotron-H, Zamba2); the others take "align". */
static bool all_mode_model(const gs_model *m)
{
	static const char *const types[] = {"falcon_h1", "granitemoehybrid", "jamba", "mamba", "mamba2",
	                                    "nemotron_h", "zamba2"};
	for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
		if (!strcmp(m->model_type, types[i]))
			return true;
	return false;
}

/* How a hybrid or state-space model's layers share vLLM's pool (docs/method.md
 * §7, "Hybrid models"): the state page of one layer (padded), the attention
 * block it raises (platforms/interface.py _align_hybrid_block_size: align x
 * cdiv(state page, align x attention bytes a token), align 16, 128 with MLA
 * from 0.27), groups of group_size layers (kv_cache_utils.py
 * _get_kv_cache_groups_uniform_page_size: the smaller layer count, or the
 * larger when it is under 1.5 times it), and the pages a request keeps in
 * each state group by prefix caching's mode (MambaSpec.max_memory_usage_bytes:
 * none 1, align 2, all one per mamba block). */
static gs_status hybrid_layout(gs_estimate *e, const gsi_vllm_release *r, gs_error *err)
{
	const gs_model *m = &e->model;
	const gs_workload *w = &e->workload;
	gs_vllm_budget *v = &e->vllm;
	uint64_t M = gs_model_ssm_layers(m), A = gs_model_attention_layers(m);
	if (!M)
		return GS_OK;
	const char *where = w->v[GS_F_PREFIX_CACHING].where;
	if (!r->hybrid_read)
		return gs_error_set(err, GS_EINPUT, w->v[GS_F_RUNTIME_VERSION].where,
		                    "runtime_version: vLLM %s's cache for hybrid and state-space models was "
		                    "not read (read from 0.21.0 on: kv_cache_utils.py groups, "
		                    "_align_hybrid_block_size)", r->rel.version);
	bool asked = gs_wl_set(w, GS_F_PREFIX_CACHING), on = asked ? gs_wl_bool(w, GS_F_PREFIX_CACHING)
	                                                           : r->hybrid_prefix_default && A;
	if (on && !A) /* config/model.py is_prefix_caching_supported: False attention-free */
		return gs_error_set(err, GS_EINPUT, where, "prefix_caching yes: vLLM has no prefix caching "
		                    "for a state-space model without attention (%s)", m->model_type);
	if (on && !r->hybrid_prefix_supported)
		return gs_error_set(err, GS_EINPUT, where, "prefix_caching yes: vLLM %s has no prefix "
		                    "caching for hybrid models (config/model.py is_prefix_caching_supported; "
		                    "from 0.26)", r->rel.version);
	const char *mode = !on ? "none" : r->hybrid_prefix_default || !all_mode_model(m) ? "align" : "all";
	snprintf(v->state_mode, sizeof v->state_mode, "%s", mode);
	uint64_t tp = e->tp ? e->tp : 1, el = gsi_act_bytes(e), conv, ssm;
	state_elements(m, tp, &conv, &ssm);
	const char *dtype;
	uint64_t sel = state_el(e, el, &dtype);
	snprintf(v->state_dtype, sizeof v->state_dtype, "%s", dtype);
	v->state_page_bytes = gs_add_sat(gs_mul_sat(conv, el), gs_mul_sat(ssm, sel));
	if (!v->state_page_bytes)
		v->state_page_bytes = 1;
	v->hybrid = true;
	uint64_t mml = e->length ? e->length : (m->max_position ? m->max_position : 2048);
	if (!A) { /* attention-free: one page a request, mamba_block_size = max_model_len */
		v->block_tokens = mml;
		v->page_bytes = v->state_page_bytes;
		v->group_size = M;
		v->attn_groups = 0;
		v->state_groups = 1;
		v->state_pages = 1;
		v->block_bytes = gs_mul_sat(v->page_bytes, M);
		return GS_OK;
	}
	gs_bytes attn_1tok = gsi_kv_on_rank(e, gsi_kv_bytes(e, 1, 1), 1) / A;
	if (!attn_1tok)
		attn_1tok = 1;
	uint64_t align = r->mla_state_align128 && m->attn == GS_ATTN_MLA ? 128 : BLOCK_TOKENS;
	uint64_t block;
	if (!strcmp(mode, "all")) {
		/* lcm(mamba_chunk_size, align): 2048 with the default chunk */
		uint64_t chunk = m->ssm_chunk && m->ssm_chunk % align == 0 ? m->ssm_chunk : 2048;
		uint64_t need = (v->state_page_bytes + attn_1tok - 1) / attn_1tok;
		block = chunk * ((need + chunk - 1) / chunk);
	} else {
		block = align * ((v->state_page_bytes + align * attn_1tok - 1) / (align * attn_1tok));
	}
	v->block_tokens = block > BLOCK_TOKENS ? block : BLOCK_TOKENS;
	v->page_bytes = gs_mul_sat(v->block_tokens, attn_1tok);
	uint64_t lo = A < M ? A : M, hi = A < M ? M : A;
	v->group_size = 2 * hi < 3 * lo ? hi : lo;
	v->attn_groups = (A + v->group_size - 1) / v->group_size;
	v->state_groups = (M + v->group_size - 1) / v->group_size;
	v->state_pages = !strcmp(mode, "align") ? 2 : 1;
	v->state_block_tokens = v->block_tokens;
	v->block_bytes = gs_mul_sat(v->page_bytes, v->group_size);
	return GS_OK;
}

/* The blocks one request of `length` tokens needs: ceil(length / 16), or a
 * hybrid's attention blocks in each attention group and its state pages in
 * each state group. */
static uint64_t blocks_for(const gs_vllm_budget *v, uint64_t length)
{
	if (!v->hybrid)
		return (length + BLOCK_TOKENS - 1) / BLOCK_TOKENS;
	if (!v->attn_groups)
		return 1;
	uint64_t states = !strcmp(v->state_mode, "all")
	                          ? (length + v->state_block_tokens - 1) / v->state_block_tokens
	                          : v->state_pages;
	return v->attn_groups * ((length + v->block_tokens - 1) / v->block_tokens) + v->state_groups * states;
}

/* A hybrid pool's layout, in the kv_cache item's formula. */
static void hybrid_formula(const gs_estimate *e, gs_item *kv)
{
	const gs_vllm_budget *v = &e->vllm;
	if (!v->hybrid)
		return;
	bool all = !strcmp(v->state_mode, "all");
	if (!v->attn_groups) {
		gsi_formula_add(kv, "; state-space layers only: one block id holds one sequence's state in "
		                "each of its %llu layers, %llu B a layer (mamba_block_size = max_model_len)",
		                (unsigned long long)v->group_size, (unsigned long long)v->page_bytes);
		return;
	}
	gsi_formula_add(kv, "; hybrid: a state layer's state (the recurrent part in %s), %llu B a "
	                "sequence on one GPU, raises the "
	                "attention block to %llu tokens (%llu B, the state page padded to it); %llu "
	                "attention and %llu state groups of %llu layers share the block ids; prefix "
	                "caching %s: %s state page%s a request in each state group",
	                v->state_dtype, (unsigned long long)v->state_page_bytes,
	                (unsigned long long)v->block_tokens,
	                (unsigned long long)v->page_bytes, (unsigned long long)v->attn_groups,
	                (unsigned long long)v->state_groups, (unsigned long long)v->group_size,
	                v->state_mode, all ? "one" : v->state_pages == 2 ? "2" : "1",
	                all ? " per block of the sequence" : v->state_pages == 2 ? "s" : "");
}

/* The KV pool: what gpu_memory_utilization x the CUDA total leaves after
 * the fixed items, in 16-token blocks (or the sheet's need, without a
 * capacity). */
static void kv_pool(gs_estimate *e, gs_item *kv, const gsi_vllm_release *r)
{
	const gs_model *m = &e->model;
	const gs_workload *w = &e->workload;
	gs_vllm_budget *v = &e->vllm;
	/* one block on one GPU: tensor parallelism splits the KV heads (an MLA
	 * latent is replicated). A layer with a kv_sharing_target_layer_name
	 * (Gemma 3n's shared-KV layers) has no page of its own: get_kv_cache_spec
	 * skips it (v1/worker/gpu_model_runner.py, gpu/attn_utils.py for Model
	 * Runner V2, @7cfb97e3379; since 0.9.2), as gs_model_kv_elements does */
	if (!v->hybrid) { /* a hybrid's block is hybrid_layout's */
		v->block_tokens = BLOCK_TOKENS;
		v->block_bytes = gsi_kv_on_rank(e, gsi_kv_bytes(e, BLOCK_TOKENS, 1), BLOCK_TOKENS);
	}
	/* 0.6.4 has no MLA: models/deepseek_v2.py caches every head's K and V
	 * with head size 256 (config.py get_head_size pads 192 to 256), the heads
	 * split by tp */
	if (m->attn == GS_ATTN_MLA && !r->mla_latent) {
		uint64_t heads = ((uint64_t)m->heads + e->tp - 1) / e->tp,
			 layers = gs_model_kv_elements(m, 1, true) /
		                  ((uint64_t)m->kv_lora_rank + m->qk_rope_head_dim);
		v->block_bytes = gsi_ceil_bits(gs_mul_sat(gs_mul_sat(layers, BLOCK_TOKENS), heads * 2 * 256),
		                               gs_format_bpw(&e->kv_format));
	}
	/* 0.7.3's V0 cache engine pads each layer's MLA latent entry to 256 B
	 * (cache_engine.py get_cache_block_size, align_to_256bytes; 576 x 2 B
	 * becomes 1280 B) */
	gs_bytes entry = 0, aligned = 0;
	if (m->attn == GS_ATTN_MLA && r->mla_align256) {
		entry = gsi_ceil_bits((uint64_t)m->kv_lora_rank + m->qk_rope_head_dim,
		                      gs_format_bpw(&e->kv_format));
		aligned = (entry + 255) / 256 * 256;
		if (entry && aligned != entry)
			v->block_bytes = v->block_bytes / entry * aligned;
	}
	if (v->block_bytes == 0)
		v->block_bytes = 1; /* never divide by 0 */
	if (e->length) {
		v->request_blocks = blocks_for(v, e->length);
		v->needed_blocks = gs_mul_sat(e->concurrency, v->request_blocks);
	}
	if (!e->has_capacity) {
		if (!e->length) {
			kv->basis = GS_BASIS_UNKNOWN;
			kv->live = LIVE(2);
			gsi_formula(kv, "needs a length (--context N) or a capacity (--gpu / --capacity)");
			gsi_unknown(e, "kv_cache: give a length for the sheet's need, or a capacity for "
			               "vLLM's pool");
			return;
		}
		gsi_item_put(kv, 2, gs_mul_sat(v->needed_blocks, v->block_bytes));
		gsi_formula(kv, "%llu seqs x %llu blocks (%s) x %llu B per block (the sheet's need)",
		            (unsigned long long)e->concurrency, (unsigned long long)v->request_blocks,
		            v->hybrid ? "attention blocks and state pages" : "ceil(length / 16)",
		            (unsigned long long)v->block_bytes);
		hybrid_formula(e, kv);
		gsi_unknown(e, "kv_cache: vLLM fills gpu_memory_utilization x capacity with KV blocks; give "
		            "--gpu or --capacity to see its pool, token capacity and maximum concurrency");
		return;
	}
	e->has_vllm = true;
	v->capacity = e->cuda_total;
	if (gs_mul_ratio_floor(e->cuda_total, gs_wl_ratio(w, GS_F_GPU_MEMORY_UTILIZATION), &v->budget))
		v->budget = UINT64_MAX;
	/* a release that sets up its communicators before the start-up memory
	 * snapshot (0.11.0, PR #25359) budgets without runtime_context's
	 * allowance for them: the snapshot already holds it */
	gs_bytes comm = r->comm_in_baseline ? gsi_comm_allowance(e) : 0, all = in_budget(e);
	gs_bytes fixed = all > comm ? all - comm : 0;
	bool off_pool = graphs_off_pool(e, r);
	gs_bytes graphs = off_pool ? wl_bytes(e, GS_F_CUDA_GRAPHS) : 0;
	v->graphs_in_budget = off_pool;
	fixed = gs_add_sat(fixed, graphs);
	v->fixed = fixed;
	v->over_budget = fixed >= v->budget;
	v->kv_available = v->over_budget ? 0 : v->budget - fixed;
	v->blocks = v->kv_available / v->block_bytes;
	v->tokens = gs_mul_sat(v->blocks, v->block_tokens);
	if (e->length)
		max_concurrency(v, r, e->length);
	/* without a length the max_model_len vLLM divides by is not known here */
	v->tokens_printed = r->tokens_by_concurrency && e->length ? printed_tokens(v, e->length)
	                                                          : v->tokens;
	gsi_item_put(kv, 2, gs_mul_sat(v->blocks, v->block_bytes));
	if (v->hybrid)
		gsi_formula(kv, "pool: floor((%s x %llu B CUDA total - %llu B fixed) / %llu B per block id) "
		            "= %llu block ids", gs_wl_str(w, GS_F_GPU_MEMORY_UTILIZATION),
		            (unsigned long long)e->cuda_total, (unsigned long long)fixed,
		            (unsigned long long)v->block_bytes, (unsigned long long)v->blocks);
	else
		gsi_formula(kv,
		            "pool: floor((%s x %llu B CUDA total - %llu B fixed) / %llu B per block) = %llu "
		            "blocks x 16 tokens = %llu tokens",
		            gs_wl_str(w, GS_F_GPU_MEMORY_UTILIZATION), (unsigned long long)e->cuda_total,
		            (unsigned long long)fixed, (unsigned long long)v->block_bytes,
		            (unsigned long long)v->blocks, (unsigned long long)v->tokens);
	hybrid_formula(e, kv);
	if (off_pool)
		graphs_in_pool(e, kv, r, graphs);
	else if (r->cudagraph_in_pool)
		gsi_formula_add(kv, "; Model Runner V2 estimates its CUDA graphs as 0 (gpu/model_runner.py "
		                "profile_cudagraph_memory): they are captured after the pool, out of the "
		                "%.0f %% gpu_memory_utilization leaves", 100.0 * (1.0 - (double)v->budget /
		                (double)(e->cuda_total ? e->cuda_total : 1)));
	if (comm)
		gsi_formula_add(kv,
		                "; the fixed part leaves out runtime_context's %llu B of NCCL buffers: vLLM "
		                "%s sets "
		                "up its communicators before the start-up memory snapshot (gpu_worker.py "
		                "init_device), so "
		                "they sit on the GPU outside gpu_memory_utilization's budget",
		                (unsigned long long)comm, r->rel.version);
	if (m->attn == GS_ATTN_MLA && !r->mla_latent)
		gsi_formula_add(kv,
		                "; vLLM %s has no MLA: each layer caches K and V of %u heads / tp at head "
		                "size 256 "
		                "(192 padded)",
		                r->rel.version, m->heads);
	if (entry && aligned != entry)
		gsi_formula_add(kv,
		                "; each layer's MLA latent entry of %llu B padded to %llu B (V0 cache "
		                "engine, "
		                "256-byte alignment)",
		                (unsigned long long)entry, (unsigned long long)aligned);
	if (m->index_head_dim) {
		gsi_formula_add(kv, "; a block holds each layer's MLA latent and its DSA indexer keys, "
		                "%llu B a token in fp8 with scales (deepseek_v2.py Indexer k_cache)",
		                (unsigned long long)gsi_index_key_bytes(m));
		if (e->kv_format.quantized)
			gsi_unknown(e, "kv_cache: vLLM caches a sparse-attention model's MLA "
			               "latent in fp8 as fp8_ds_mla (512 fp8 values, 4 fp32 scales, the "
			               "64-wide rope key in bf16: 656 B a token and layer), not the plain "
			               "fp8 latent counted");
	}
	if (v->over_budget)
		gsi_unknown(e,
		            "vLLM: weights, activations and non-torch memory exceed gpu_memory_utilization x "
		            "the CUDA total: vLLM would refuse to start (no memory for the cache blocks)");
	if (any_sliding(m))
		gsi_unknown(e, "kv_cache: sliding-window layers are counted at full length per block; "
		            "vLLM's hybrid allocator may fit more tokens");
}

/* A default the release changed: gpu_memory_utilization 0.92 from 0.20.0
 * (vllm/config/cache.py, PR #38284), where the sheet gives none. */
static gs_status release_defaults(gs_estimate *e, const gsi_vllm_release *r, gs_error *err)
{
	gs_value *u = &e->workload.v[GS_F_GPU_MEMORY_UTILIZATION];
	if (!r->gpu_util_default || u->from != GS_FROM_DEFAULT)
		return GS_OK;
	char where[64];
	snprintf(where, sizeof where, "vLLM %s default", r->rel.version);
	return gs_workload_set(&e->workload, GS_F_GPU_MEMORY_UTILIZATION, r->gpu_util_default,
	                       strlen(r->gpu_util_default), GS_FROM_DEFAULT, where, err);
}

/* Whether the sheet's device runs vLLM's V1 engine: CUDA below compute
 * capability 8.0 does not in 0.8.0 to 0.10.1 ("Compute Capability < 8.0 is
 * not supported by the V1 Engine. Falling back to V0.", vllm/engine/
 * arg_utils.py _is_v1_supported_oracle at v0.8.4 to v0.10.1; gone at
 * v0.10.2); ROCm ("gfx942") is not asked (current_platform.is_cuda()). */
static bool falls_back_to_v0(const gs_estimate *e, const gsi_vllm_release *r, const char *asked)
{
	const gs_device *d = e->workload.device;
	if (!d || !gsi_release_v0_on_cc_below_8(r, asked))
		return false;
	const char *cc = d->compute_capability; /* "7.5"; a ROCm "gfx942" has none */
	char *end;
	unsigned long major = strtoul(cc, &end, 10);
	return cc[0] >= '0' && cc[0] <= '9' && end != cc && major < 8;
}

/* The engine whose rules apply: the release's own, V0 when the sheet says
 * vllm_engine v0 (VLLM_USE_V1=0) or the device falls back to it. A V1
 * release whose V0 was not read, or a V0 release asked for V1, is refused
 * by name. */
static gs_status engine_of(gs_estimate *e, const gsi_vllm_release **rp, gs_error *err)
{
	const gs_workload *w = &e->workload;
	const gsi_vllm_release *r = *rp;
	const char *asked = gs_wl_set(w, GS_F_RUNTIME_VERSION) ? gs_wl_str(w, GS_F_RUNTIME_VERSION)
	                                                       : r->rel.version;
	bool given = gs_wl_set(w, GS_F_VLLM_ENGINE);
	gs_vllm_engine want = given ? (gs_vllm_engine)w->v[GS_F_VLLM_ENGINE].e : GS_VLLM_V1;
	if (given && want == GS_VLLM_V1 && !r->v1)
		return gs_error_set(err, GS_EINPUT, w->v[GS_F_VLLM_ENGINE].where,
		                    "vllm_engine v1: vLLM %s's V1 engine "
		                    "(VLLM_USE_V1=1, an alpha then) was not read; V1 is read from 0.8.4",
		                    asked);
	bool fallback = !given && falls_back_to_v0(e, r, asked);
	if (given && want == GS_VLLM_V1 && falls_back_to_v0(e, r, asked))
		return gs_error_set(err, GS_EINPUT, w->v[GS_F_VLLM_ENGINE].where,
		                    "vllm_engine v1: vLLM %s runs V1 only "
		                    "on compute capability 8.0 and up, and %s has %s "
		                    "(vllm/engine/arg_utils.py "
		                    "_is_v1_supported_oracle falls back to V0)",
		                    asked, w->device->name, w->device->compute_capability);
	if (!fallback && !(given && want == GS_VLLM_V0)) {
		if (r->v1 && r->cc8_v0_until && !w->device && gsi_release_v0_on_cc_below_8(r, asked))
			gsi_unknown(e,
			            "engine: on a GPU of compute capability below 8.0 (T4, V100, RTX 20xx) "
			            "vLLM %s falls "
			            "back to its V0 engine, whose rules differ; name the GPU (--gpu) to have "
			            "it applied",
			            asked);
		return GS_OK;
	}
	if (!r->v1)
		return GS_OK; /* already a V0 release */
	if (!r->v0)
		return gs_error_set(err, GS_EINPUT, w->v[GS_F_VLLM_ENGINE].where,
		                    "vllm_engine v0: vLLM %s's V0 engine was "
		                    "not read (V0 rules: 0.6.4, 0.7.3, and 0.8.4 to 0.10.1's); give one of "
		                    "those releases",
		                    asked);
	*rp = r->v0;
	e->release_source = r->v0->rel.source;
	size_t n = strlen(e->release_note);
	snprintf(e->release_note + n, sizeof e->release_note - n, "%sits V0 engine (%s)", n ? "; " : "",
	         fallback ? "compute capability below 8.0: V1 falls back to V0"
	                  : "vllm_engine v0, VLLM_USE_V1=0");
	return GS_OK;
}

gs_status gsi_estimate_vllm(gs_estimate *e, uint32_t stage, gs_error *err)
{
	(void)stage; /* vLLM is sized with pp = 1 (estimate.c refuses more) */
	const gsi_vllm_release *r;
	gs_status s = gsi_vllm_release_for(e, &r, err);
	if (s)
		return s;
	if ((s = engine_of(e, &r, err)))
		return s;
	s = release_defaults(e, r, err);
	if (s || (r->v1 && (s = model_runner(e, r, err))))
		return s;
	/* DeepSeek-V3's architecture, Kimi K2's too */
	if (!r->mla_latent && (!strcmp(e->model.model_type, "deepseek_v3") ||
	                       !strcmp(e->model.architecture, "DeepseekV3ForCausalLM")))
		return gs_error_set(err, GS_EINPUT, e->workload.v[GS_F_RUNTIME_VERSION].where,
		                    "runtime_version: vLLM %s has no DeepseekV3ForCausalLM "
		                    "(vllm/model_executor/models/registry.py); DeepSeek-V3 needs 0.7.3 or "
		                    "later",
		                    r->rel.version);
	e->n_phases = 3;
	gsi_phase(e, PH_LOAD, "load", "weights loaded");
	gsi_phase(e, PH_RUN, "profile", "dummy forward of max_num_batched_tokens tokens");
	gsi_phase(e, PH_STEADY, "serve", "KV pool allocated, CUDA graphs captured, serving");

	sampler_path sp = sampler_for(e, r);
	profile_shape(e, r);
	gs_bytes mm_extra = 0;
	if (e->model.has_architecture && (s = mm_profile(e, r, &mm_extra, err)))
		return s;
	fixed_items(e, r, &sp, mm_extra);
	/* weights, activations and logits per GPU before the pool is sized */
	gsi_apply_placement(e, 0);
	if (e->model.has_architecture && (s = hybrid_layout(e, r, err)))
		return s;
	gs_item *kv = gsi_item(e, "kv_cache", GS_BASIS_ESTIMATED,
	                       METHOD
	                       "§4, §7; vLLM block allocator (16-token blocks; MLA stores the latent)");
	kv->varies = true;
	kv->shard = GS_SHARD_NONE; /* sized per GPU below */
	if (!e->model.has_architecture) {
		kv->basis = GS_BASIS_UNKNOWN;
		kv->live = LIVE(2);
		gsi_formula(kv, "needs an architecture (--model config.json)");
		return GS_OK;
	}
	kv_pool(e, kv, r);
	return GS_OK;
}

/* --- the row's hooks (engine.h) ------------------------------------------------- */

/* V0 and V1 profile memory with different code: their records are apart. */
const char *gsi_vllm_interval_group(const gs_estimate *e)
{
	return e->vllm.v1 ? "vllm-v1" : "vllm-v0";
}

/* The longest request `blocks` block ids hold: 16 tokens a block, or a
 * hybrid's attention blocks after its state pages (a state-only model's
 * state does not grow: the model's own limit). */
static uint64_t max_context(const gs_vllm_budget *b, uint64_t blocks, uint64_t model_max)
{
	if (!b->hybrid)
		return blocks * BLOCK_TOKENS;
	if (!b->attn_groups)
		return blocks ? (model_max ? model_max : UINT32_MAX) : 0;
	if (!strcmp(b->state_mode, "all")) { /* both grow with the length: search */
		uint64_t lo = 0, hi = gs_mul_sat(blocks, b->block_tokens);
		while (lo < hi) {
			uint64_t mid = lo + (hi - lo + 1) / 2;
			if (blocks_for(b, mid) <= blocks)
				lo = mid;
			else
				hi = mid - 1;
		}
		return lo;
	}
	uint64_t states = b->state_groups * b->state_pages;
	return blocks > states ? (blocks - states) / b->attn_groups * b->block_tokens : 0;
}

void gsi_vllm_pool_view(const gs_estimate *e, gs_pool_view *v)
{
	if (!e->has_vllm)
		return;
	v->known = true;
	/* conservative: the pool is its low end everywhere it is quoted */
	v->tokens = e->interval.conservative ? e->vllm.tokens_low : e->vllm.tokens;
	v->tokens_low = e->vllm.tokens_low;
	v->tokens_high = e->vllm.tokens_high;
	v->blocks = e->vllm.blocks;
	v->budget = e->vllm.budget;
	v->refused = e->vllm.over_budget || e->vllm.blocks == 0;
	/* whole blocks per sequence; conservative: of the pool's low end, the
	 * one the verdict judges by (issue 45) */
	const gs_vllm_budget *b = &e->vllm;
	uint64_t bt = b->block_tokens ? b->block_tokens : BLOCK_TOKENS;
	uint64_t blocks = e->interval.conservative ? b->tokens_low / bt : b->blocks;
	if (b->hybrid) { /* block ids hold attention blocks and states: said in blocks */
		v->in_blocks = true;
		v->tokens = blocks;
		v->tokens_low = b->tokens_low / bt;
		v->tokens_high = b->tokens_high / bt;
		v->request_tokens = b->request_blocks;
		v->need_tokens = b->needed_blocks;
	}
	uint64_t per_seq = e->length ? blocks_for(b, e->length) : 0;
	v->max_concurrency = per_seq ? blocks / per_seq : 0;
	v->max_context = e->concurrency ? max_context(b, blocks / e->concurrency, e->model.max_position) : 0;
}

/* The KV interval on the pool's tokens; from 0.20.0 with a default
 * cuda_graphs, the low end also holds the largest CUDA graph estimate the
 * logs show (kv_pool above). */
void gsi_vllm_pool_interval(gs_estimate *e)
{
	gs_interval *iv = &e->interval;
	e->vllm.tokens_low = gsi_interval_scale(e->vllm.tokens, iv->kv_low_factor, false);
	e->vllm.tokens_high = gsi_interval_scale(e->vllm.tokens, iv->kv_high_factor, true);
	if (!e->vllm.graphs_low_why[0])
		return;
	uint64_t g = gsi_interval_scale(e->vllm.tokens_graphs_low, iv->kv_low_factor, false);
	if (g < e->vllm.tokens_low)
		e->vllm.tokens_low = g;
	if (!e->lean) {
		size_t n = strlen(iv->kv_why);
		snprintf(iv->kv_why + n, sizeof iv->kv_why - n, "; %s", e->vllm.graphs_low_why);
	}
}

/* --- the renderers' hooks (engine.h) --------------------------------------------- */

/* After the capacity check: the profile run, the budget, the pool, and the
 * sheet's need against it, in vLLM's own terms. */
bool gsi_vllm_text_lines(const gs_estimate *e, gsi_text_part part, bool md, gsi_text *o)
{
	if (part != GSI_TEXT_POOL || !e->has_vllm)
		return false;
	const gs_vllm_budget *v = &e->vllm;
	const char *li = md ? "- " : "";
	char buf[96];
	if (v->runner_why[0])
		gsi_text_put(o, "%svLLM model runner:   %s\n", li, v->runner_why);
	gsi_text_put(o, "%svLLM profile run:    %llu tokens, %llu dummy requests (%s)\n", li,
	    (unsigned long long)v->profile_tokens, (unsigned long long)v->profile_seqs, v->why_tokens);
	gsi_text_put(o, "%svLLM budget:         %s = gpu_memory_utilization %s x CUDA total\n", li,
	    gs_format_bytes_triple(v->budget, buf, sizeof buf),
	    gs_wl_str(&e->workload, GS_F_GPU_MEMORY_UTILIZATION));
	if (v->hybrid && v->attn_groups)
		gsi_text_put(o, "%svLLM KV cache:       %s, %llu block ids of %llu B (attention blocks of "
		    "%llu tokens and state pages, %llu attention and %llu state groups of %llu layers; "
		    "prefix caching %s)\n", li,
		    gs_format_bytes_triple(gs_mul_sat(v->blocks, v->block_bytes), buf, sizeof buf),
		    (unsigned long long)v->blocks, (unsigned long long)v->block_bytes,
		    (unsigned long long)v->block_tokens, (unsigned long long)v->attn_groups,
		    (unsigned long long)v->state_groups, (unsigned long long)v->group_size, v->state_mode);
	else if (v->hybrid)
		gsi_text_put(o, "%svLLM state pool:     %s, %llu sequences' states (%llu B each over %llu "
		    "layers)\n", li,
		    gs_format_bytes_triple(gs_mul_sat(v->blocks, v->block_bytes), buf, sizeof buf),
		    (unsigned long long)v->blocks, (unsigned long long)v->block_bytes,
		    (unsigned long long)v->group_size);
	else
		gsi_text_put(o, "%svLLM KV cache:       %s, %llu blocks of 16 tokens = %llu tokens\n", li,
		    gs_format_bytes_triple(gs_mul_sat(v->blocks, v->block_bytes), buf, sizeof buf),
		    (unsigned long long)v->blocks, (unsigned long long)v->tokens);
	if (v->tokens_printed != v->tokens)
		gsi_text_put(o, "%svLLM %s log prints:  GPU KV cache size %llu tokens "
		    "(max concurrency x %llu tokens)\n", li, e->runtime_version,
		    (unsigned long long)v->tokens_printed, (unsigned long long)e->length);
	if (e->length)
		gsi_text_put(o, "%svLLM max concurrency for %llu tokens per request: %llu.%02llux; "
		    "the sheet needs %llu blocks for %llu sequence%s: %s\n", li,
		    (unsigned long long)e->length, (unsigned long long)(v->max_concurrency_centi / 100),
		    (unsigned long long)(v->max_concurrency_centi % 100),
		    (unsigned long long)v->needed_blocks, (unsigned long long)e->concurrency,
		    e->concurrency == 1 ? "" : "s",
		    e->verdict.pool_holds ? "fits" : "DOES NOT FIT");
	if (e->length && e->interval.conservative) {
		uint64_t centi = gs_mul_sat(e->vllm.tokens_low, 100) / e->length;
		gsi_text_put(o, "%svLLM max concurrency at the pool's low end (conservative): %llu.%02llux\n",
		             li, (unsigned long long)(centi / 100), (unsigned long long)(centi % 100));
	}
	return true;
}

/* "vllm": the budget and the pool (the contract's budget_bytes,
 * kv_available_bytes, block_bytes, blocks, kv_tokens, kv_tokens_interval). */
void gsi_vllm_extras_json(json_t *root, const gs_estimate *e)
{
	if (!e->has_vllm)
		return;
	const gs_vllm_budget *v = &e->vllm;
	json_object_set_new(root, "vllm",
	    json_pack("{s:o, s:o, s:o, s:I, s:I, s:f, s:I, s:b, s:b}", "budget_bytes",
	        gsi_json_bytes(v->budget), "kv_available_bytes", gsi_json_bytes(v->kv_available),
	        "block_bytes", gsi_json_bytes(v->block_bytes), "blocks", (json_int_t)v->blocks, "kv_tokens",
	        (json_int_t)v->tokens, "max_concurrency", (double)v->max_concurrency_milli / 1000.0,
	        "needed_blocks", (json_int_t)v->needed_blocks, "sheet_fits", e->verdict.pool_holds,
	        "over_budget", v->over_budget));
	json_t *vo = json_object_get(root, "vllm");
	json_object_set_new(vo, "profile_tokens", json_integer((json_int_t)v->profile_tokens));
	json_object_set_new(vo, "profile_seqs", json_integer((json_int_t)v->profile_seqs));
	json_object_set_new(vo, "profile_tokens_why", json_string(v->why_tokens));
	json_object_set_new(vo, "engine", json_string(v->v1 ? "V1" : "V0"));
	json_object_set_new(vo, "block_tokens", json_integer((json_int_t)v->block_tokens));
	json_object_set_new(vo, "request_blocks", json_integer((json_int_t)v->request_blocks));
	if (v->hybrid)
		json_object_set_new(vo, "hybrid",
		    json_pack("{s:I, s:I, s:I, s:I, s:o, s:o, s:s}", "group_size", (json_int_t)v->group_size,
		        "attention_groups", (json_int_t)v->attn_groups, "state_groups",
		        (json_int_t)v->state_groups, "state_pages", (json_int_t)v->state_pages, "page_bytes",
		        gsi_json_bytes(v->page_bytes), "state_page_bytes",
		        gsi_json_bytes(v->state_page_bytes), "prefix_caching_mode", v->state_mode));
	if (v->v1)
		json_object_set_new(vo, "model_runner", json_string(v->mrv2 ? "v2" : "v1"));
	json_object_set_new(vo, "cuda_graphs_in_budget", json_boolean(v->graphs_in_budget));
	json_object_set_new(vo, "kv_tokens_printed", json_integer((json_int_t)v->tokens_printed));
	json_object_set_new(vo, "kv_tokens_interval",
	    gsi_json_tokens_interval(e, v->tokens_low, v->tokens_high));
}
