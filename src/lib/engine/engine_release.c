/*
 * engine_release.c — the serving engines' releases and their defaults
 * (engine_release.h). Every row cites the files it was read from; the
 * figures and their consequences are in docs/method.md §7 and §7b.
 */
#include <stddef.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "gpusizer/devices.h"
#include "engine/engine_release.h"
#include "engine/estimate_items.h"

/* FlashInfer's top-k/top-p paths (docs/method.md §7 "Logits"): V0's
 * Sampler.forward keeps the fp32 copy, the probabilities and the
 * log-probabilities; 0.8.4 to 0.9.0 take a FlashInfer older than 0.2.3 and
 * sample from probabilities (topk_topp_sampler.py turns 0.2.3 and later
 * away); from 0.10.1, top_k_top_p_sampling_from_logits (PR #18608). */
static const gsi_flashinfer_path fi_v0 = {12, "V0's FlashInfer path: fp32 copy 4, probabilities 4, "
                                              "log-probabilities 4"};
static const gsi_flashinfer_path fi_from_probs = {8, "FlashInfer older than 0.2.3, sampling from "
                                                     "probabilities (0.2.3 and later are turned away): fp32 "
                                                     "copy 4, probabilities 4"};
static const gsi_flashinfer_path fi_from_logits = {12, "FlashInfer's sampler from logits: fp32 copy 4, top-k "
                                                       "masked logits 4, their softmax 4"};

/* The files read at each tag from 0.12.0 to 0.16.0, against 0.11.0
 * (docs/method.md §7, "Six releases after 0.11.0"). */
#define V1_FILES_FROM_0_12                                                                            \
	"vllm/v1/worker/gpu_worker.py, vllm/utils/mem_utils.py, vllm/engine/arg_utils.py, "             \
	"vllm/v1/worker/gpu_model_runner.py, vllm/v1/sample/ops/topk_topp_sampler.py, vllm/envs.py, " \
	"fused_moe/fused_moe.py, quantization/mxfp4.py"

/* ... and from 0.17.0, with the Triton top-k/top-p kernel. */
#define V1_FILES_FROM_0_17 V1_FILES_FROM_0_12 ", vllm/v1/sample/ops/topk_topp_triton.py"
/* The rules 0.20.0 to 0.21.0 share (0.19.0's, with the CUDA graph estimate
 * off the pool and 0.92, PR #38284); each row adds its own, FlashInfer's
 * sampler opt-in included (0.20.x) or not (0.21.0). */
#define V1_RULES_FROM_0_20                                                                                   \
	.v1 = true, .big = GSI_BIG_NOT_A100, .concurrency_by_blocks = true, .moe_cache13_shared = true,      \
	.moe_chunk = UINT32_MAX,                                                                             \
	.flashinfer = &fi_from_logits, .mla_latent = true, .mxfp4_marlin_pad = true,                         \
	.mxfp4_marlin_cc11 = true, .triton_topk = true, .cudagraph_profiled = true,                          \
	.cudagraph_in_pool = true, .gpu_util_default = "0.92", .moe_runner_unread = true,                    \
	.mxfp4_backend_unread = true,                                                                        \
	.comm_in_baseline = true

/* Designated fields: a row names what its release sets (.rel.* the part
 * every engine's row has); every other field is 0, false, NULL or its
 * enum's first value (GSI_BIG_NONE, GSI_OLLAMA_LOG_KV_IN). */
/* The first vLLM release whose V1 runs below compute capability 8.0: the
 * "Compute Capability < 8.0 ... Falling back to V0" check of
 * vllm/engine/arg_utils.py is in v0.8.4 to v0.10.1 and gone in v0.10.2. */
#define CC8_V0_UNTIL "0.10.2"

/* The V0 engine of 0.8.4 to 0.10.1 (VLLM_USE_V1=0, and the fallback below
 * compute capability 8.0), read at each of those tags against 0.7.3's:
 * vllm/worker/worker.py determine_num_available_blocks is unchanged (a
 * docstring), vllm/worker/model_runner.py profile_run/_dummy_run run
 * max_num_batched_tokens over max_num_seqs as before (the LoRA set-up moved
 * into helpers), vllm/model_executor/layers/sampler.py keeps the fp32 copy,
 * probabilities and log-probabilities (FlashInfer's call lost its success
 * flag), SchedulerConfig (vllm/config.py; vllm/config/scheduler.py in
 * 0.10.1) chunks 2048 tokens and otherwise max(max_model_len, 2048), and
 * arg_utils.py _set_default_args_v0 sets max_num_seqs 256 and turns chunked
 * prefill on above 32768 tokens, now never for MLA models. What differs
 * from 0.7.3: fused_moe.py shares caches 1 and 3 (as the V1 rows), and MLA
 * keeps neither the absorbed W_Q_UK/W_UV_O (PR #14770) nor the 256-byte
 * cache alignment (PR #14842, cache_engine.py). docs/method.md §7 "V0 in
 * 0.8 to 0.10". */
static const gsi_vllm_release v0_of_0_8 = {
	.rel.version = "0.8.4 to 0.10.1 (V0 engine)", .chunk_tokens = 2048,
	.long_context_chunked = true, .long_context_no_mla = true, .moe_cache13_shared = true,
	.moe_chunk = 32768, .flashinfer = &fi_v0, .mla_latent = true,
	.rel.source = "vLLM V0 of v0.8.4, v0.8.5, v0.9.0 and v0.10.1: vllm/worker/worker.py "
	"determine_num_available_blocks, vllm/worker/model_runner.py profile_run and _dummy_run, "
	"vllm/model_executor/layers/sampler.py, vllm/config.py (vllm/config/scheduler.py) SchedulerConfig, "
	"vllm/engine/arg_utils.py _set_default_args_v0, vllm/worker/cache_engine.py, fused_moe/fused_moe.py"};

/* vLLM, oldest first */
static const gsi_vllm_release vllm_releases[] = {
	{.rel.version = "0.6.4", .chunk_tokens = 512, .long_context_chunked = true,
	 .moe_chunk = 32768, .flashinfer = &fi_v0,
	 .rel.source = "vLLM v0.6.4: vllm/config.py SchedulerConfig (chunked prefill 512 tokens, else "
	 "max(max_model_len, 2048)), vllm/engine/arg_utils.py (chunked prefill on above 32768 tokens), "
	 "vllm/worker/worker.py determine_num_available_blocks, vllm/model_executor/layers/sampler.py "
	 "(native top-k/top-p without FlashInfer, absent from requirements-cuda.txt), vllm/config.py "
	 "get_head_size and models/deepseek_v2.py (no MLA: every head's K and V at 256), models/registry.py "
	 "(no DeepSeek-V3)"},
	{.rel.version = "0.7.3", .chunk_tokens = 2048, .long_context_chunked = true,
	 .moe_chunk = 32768, .flashinfer = &fi_v0, .mla_latent = true, .mla_absorb = true,
	 .mla_align256 = true,
	 .rel.source = "vLLM v0.7.3: vllm/config.py SchedulerConfig (chunked prefill 2048 tokens since PR "
	 "#10544), vllm/engine/arg_utils.py, vllm/worker/worker.py, vllm/model_executor/layers/sampler.py "
	 "(as 0.6.4), vllm/worker/cache_engine.py (MLA entries aligned to 256 B), "
	 "vllm/attention/backends/mla/utils.py process_weights_after_loading (absorbed W_Q_UK, W_UV_O)"},
	/* 0.8.4, 0.8.5 and 0.9.0 profile, sample and count non-torch memory
	 * alike (determine_available_memory, profile_run, _dummy_sampler_run and
	 * the CUDA path of topk_topp_sampler.py read the same at 93e5f3c5,
	 * cfe45320 and 09f106a9); they differ in which GPUs get the larger
	 * batch defaults. */
	{.rel.version = "0.8.4", .v1 = true, .cc8_v0_until = CC8_V0_UNTIL, .v0 = &v0_of_0_8,
	 .big = GSI_BIG_BY_NAME, .moe_cache13_shared = true, .moe_chunk = 32768, .flashinfer = &fi_from_probs,
	 .mla_latent = true, .nontorch_all_processes = true,
	 .rel.source = "vLLM v0.8.4 (main at 93e5f3c5, 2025-04-12, whose log lines the 0.8.4 logs print): "
	 "vllm/engine/arg_utils.py _set_default_args_v1 (H100/H200 by name, PR #12369), "
	 "vllm/v1/worker/gpu_worker.py determine_available_memory, gpu_model_runner.py profile_run and "
	 "_dummy_sampler_run, vllm/v1/sample/ops/topk_topp_sampler.py (as 0.8.5)",
	 .rel.changed_before = "0.8.0 made the V1 engine the default, and the releases in between were not "
	 "read; give the known release whose engine ran, as the log's 'Initializing a V1 LLM engine' or "
	 "VLLM_USE_V1=0 tells"},
	{.rel.version = "0.8.5", .v1 = true, .cc8_v0_until = CC8_V0_UNTIL, .v0 = &v0_of_0_8,
	 .big = GSI_BIG_BY_MEMORY,
	 .moe_cache13_shared = true, .moe_chunk = 32768, .flashinfer = &fi_from_probs,
	 .mla_latent = true, .nontorch_all_processes = true,
	 .rel.source = "vLLM v0.8.5 (cfe45320): vllm/engine/arg_utils.py _set_default_args_v1 (CUDA total >= "
	 "70 GiB, PR #17073), vllm/v1/worker/gpu_worker.py determine_available_memory, gpu_model_runner.py "
	 "profile_run and _dummy_sampler_run, vllm/v1/sample/sampler.py, "
	 "vllm/v1/sample/ops/topk_topp_sampler.py (FlashInfer >= 0.2.3 is turned away; an older one samples "
	 "from probabilities)"},
	/* The patch releases rows stand for (same_from..same_to): docs/method.md §7, "The release table". */
	{.rel.version = "0.9.0", .v1 = true, .cc8_v0_until = CC8_V0_UNTIL, .v0 = &v0_of_0_8,
	 .big = GSI_BIG_NOT_A100,
	 .rel.same_from = "0.9.0", .rel.same_to = "0.9.0.1",
	 .moe_cache13_shared = true, .moe_chunk = 32768, .flashinfer = &fi_from_probs,
	 .mla_latent = true, .nontorch_all_processes = true,
	 .rel.source = "vLLM v0.9.0 (main at 09f106a9, 2025-05-14): vllm/engine/arg_utils.py "
	 "_set_default_args_v1 (>= 70 GiB and not A100, PR #17885), vllm/v1/worker/gpu_worker.py "
	 "determine_available_memory, gpu_model_runner.py profile_run and _dummy_sampler_run, "
	 "vllm/v1/sample/ops/topk_topp_sampler.py (as 0.8.5; sampling from logits, PR #18608, and PR "
	 "#19312's profiling came after)"},
	{.rel.version = "0.10.1", .v1 = true, .cc8_v0_until = CC8_V0_UNTIL, .v0 = &v0_of_0_8,
	 .big = GSI_BIG_NOT_A100, .concurrency_by_blocks = true,
	 .rel.same_from = "0.10.1", .rel.same_to = "0.10.1.1",
	 .moe_cache13_shared = true, .moe_chunk = 32768, .flashinfer = &fi_from_logits,
	 .mla_latent = true, .mxfp4_marlin_pad = true,
	 .rel.source = "vLLM v0.10.1: vllm/engine/arg_utils.py (>= 70 GiB and not A100, PR #17885), "
	 "vllm/v1/worker/gpu_worker.py, vllm/model_executor/layers/fused_moe/fused_moe.py, vllm/envs.py, "
	 "vllm/model_executor/layers/quantization/mxfp4.py (Marlin's padding, read in main two days before: "
	 "94096a47)"},
	{.rel.version = "0.11.0", .v1 = true, .big = GSI_BIG_NOT_A100, .concurrency_by_blocks = true,
	 .moe_cache13_shared = true, .moe_chunk = 32768, .flashinfer = &fi_from_logits,
	 .mla_latent = true, .mxfp4_marlin_pad = true, .comm_in_baseline = true,
	 .rel.source = "vLLM v0.11.0 (releases/v0.11.0, b8b302cd): vllm/v1/worker/gpu_worker.py init_device "
	 "(NCCL set up before the memory snapshot, PR #25359), vllm/engine/arg_utils.py, "
	 "vllm/v1/worker/gpu_model_runner.py profile_run, vllm/v1/sample/ops/topk_topp_sampler.py, "
	 "vllm/envs.py, fused_moe/fused_moe.py, quantization/mxfp4.py"},
	/* 0.11.1 to 0.16.0 budget, profile and sample as 0.11.0 does: read at
	 * each tag, init_device still sets up NCCL before the start-up snapshot,
	 * determine_available_memory and memory_profiling (vllm/utils/mem_utils.py
	 * from 0.11.1) subtract the same three terms, profile_run and
	 * _dummy_sampler_run are unchanged, _set_default_max_num_seqs_and_
	 * batched_tokens_args keeps PR #17885's rule and figures, and the native
	 * sampler sorts in torch (apply_top_k_top_p; a Triton kernel takes over
	 * from 0.17.0). What changes: FlashInfer's sampler is opt-in from 0.11.1
	 * (VLLM_USE_FLASHINFER_SAMPLER=1), and VLLM_FUSED_MOE_CHUNK_SIZE falls
	 * from 32768 to 16384 in 0.12.0, where MXFP4 experts take Marlin on
	 * compute capability 11.0 and later too (quantization/mxfp4.py). */
	{.rel.version = "0.11.1", .v1 = true, .big = GSI_BIG_NOT_A100, .concurrency_by_blocks = true,
	 .rel.same_from = "0.11.1", .rel.same_to = "0.11.2",
	 .moe_cache13_shared = true, .moe_chunk = 32768, .flashinfer = &fi_from_logits,
	 .flashinfer_opt_in = true, .mla_latent = true, .mxfp4_marlin_pad = true, .comm_in_baseline = true,
	 .rel.source = "vLLM v0.11.1 (43936849): vllm/v1/worker/gpu_worker.py init_device and "
	 "determine_available_memory, vllm/utils/mem_utils.py memory_profiling, vllm/engine/arg_utils.py, "
	 "vllm/v1/worker/gpu_model_runner.py profile_run and _dummy_sampler_run, "
	 "vllm/v1/sample/ops/topk_topp_sampler.py (FlashInfer opt-in), vllm/envs.py, fused_moe/fused_moe.py, "
	 "quantization/mxfp4.py"},
	{.rel.version = "0.12.0", .v1 = true, .big = GSI_BIG_NOT_A100, .concurrency_by_blocks = true,
	 .moe_cache13_shared = true, .moe_chunk = 16384, .flashinfer = &fi_from_logits,
	 .flashinfer_opt_in = true, .mla_latent = true, .mxfp4_marlin_pad = true, .mxfp4_marlin_cc11 = true,
	 .comm_in_baseline = true,
	 .rel.source = "vLLM v0.12.0 (4fd9d6a8; VLLM_FUSED_MOE_CHUNK_SIZE 16384 in vllm/envs.py, Marlin from "
	 "compute capability 11.0 in quantization/mxfp4.py): " V1_FILES_FROM_0_12},
	{.rel.version = "0.13.0", .v1 = true, .big = GSI_BIG_NOT_A100, .concurrency_by_blocks = true,
	 .moe_cache13_shared = true, .moe_chunk = 16384, .flashinfer = &fi_from_logits,
	 .flashinfer_opt_in = true, .mla_latent = true, .mxfp4_marlin_pad = true, .mxfp4_marlin_cc11 = true,
	 .comm_in_baseline = true,
	 .rel.source = "vLLM v0.13.0 (72506c98; gpu_worker.py's workspace manager allocates on first use): "
	 V1_FILES_FROM_0_12},
	{.rel.version = "0.14.0", .v1 = true, .big = GSI_BIG_NOT_A100, .concurrency_by_blocks = true,
	 .rel.same_from = "0.14.0", .rel.same_to = "0.14.1",
	 .moe_cache13_shared = true, .moe_chunk = 16384, .flashinfer = &fi_from_logits,
	 .flashinfer_opt_in = true, .mla_latent = true, .mxfp4_marlin_pad = true, .mxfp4_marlin_cc11 = true,
	 .comm_in_baseline = true,
	 .rel.source = "vLLM v0.14.0 (b17039bc): " V1_FILES_FROM_0_12},
	{.rel.version = "0.15.0", .v1 = true, .big = GSI_BIG_NOT_A100, .concurrency_by_blocks = true,
	 .rel.same_from = "0.15.0", .rel.same_to = "0.15.1",
	 .moe_cache13_shared = true, .moe_chunk = 16384, .flashinfer = &fi_from_logits,
	 .flashinfer_opt_in = true, .mla_latent = true, .mxfp4_marlin_pad = true, .mxfp4_marlin_cc11 = true,
	 .comm_in_baseline = true,
	 .rel.source = "vLLM v0.15.0 (f1764434): " V1_FILES_FROM_0_12},
	{.rel.version = "0.16.0", .v1 = true, .big = GSI_BIG_NOT_A100, .concurrency_by_blocks = true,
	 .moe_cache13_shared = true, .moe_chunk = 16384, .flashinfer = &fi_from_logits,
	 .flashinfer_opt_in = true, .mla_latent = true, .mxfp4_marlin_pad = true, .mxfp4_marlin_cc11 = true,
	 .comm_in_baseline = true,
	 .rel.source = "vLLM v0.16.0 (89a77b10; mem_utils.py reads the same counters through "
	 "current_platform): " V1_FILES_FROM_0_12},
	/* 0.17.0 to 0.19.0 against 0.16.0, read at each tag: init_device,
	 * determine_available_memory (0.17.0), memory_profiling, profile_run,
	 * _dummy_sampler_run, the batch defaults (0.17.0 adds an opt-in
	 * --performance-mode throughput that doubles them) and kv_cache_utils.py's
	 * blocks are unchanged. What changes: apply_top_k_top_p sends 8 rows or
	 * more to a Triton kernel that works in place (0.17.0); fused_experts_impl
	 * stops chunking and VLLM_FUSED_MOE_CHUNK_SIZE is gone (0.18.0);
	 * determine_available_memory profiles the CUDA graphs after the torch
	 * peak is taken and subtracts the estimate only when
	 * VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS=1 (0.18.0, still opt-in in
	 * 0.19.0's envs.py; memory_profiling empties the cache on exit); MXFP4
	 * experts choose their backend from a priority list (0.19.0). */
	{.rel.version = "0.17.0", .v1 = true, .big = GSI_BIG_NOT_A100, .concurrency_by_blocks = true,
	 .moe_cache13_shared = true, .moe_chunk = 16384, .flashinfer = &fi_from_logits,
	 .flashinfer_opt_in = true, .mla_latent = true, .mxfp4_marlin_pad = true, .mxfp4_marlin_cc11 = true,
	 .triton_topk = true, .comm_in_baseline = true,
	 .rel.source = "vLLM v0.17.0 (b31e9326; apply_top_k_top_p in vllm/v1/sample/ops/topk_topp_sampler.py "
	 "sends 8 rows or more to the Triton kernel): " V1_FILES_FROM_0_17},
	{.rel.version = "0.18.0", .v1 = true, .big = GSI_BIG_NOT_A100, .concurrency_by_blocks = true,
	 .rel.same_from = "0.18.0", .rel.same_to = "0.18.1",
	 .moe_cache13_shared = true, .moe_chunk = UINT32_MAX, .flashinfer = &fi_from_logits,
	 .flashinfer_opt_in = true, .mla_latent = true, .mxfp4_marlin_pad = true, .mxfp4_marlin_cc11 = true,
	 .triton_topk = true,
	 .cudagraph_profiled = true, .comm_in_baseline = true,
	 .rel.source = "vLLM v0.18.0 (bcf2be96; fused_experts_impl without chunks, "
	 "determine_available_memory and profile_cudagraph_memory in "
	 "vllm/v1/worker/gpu_model_runner.py): " V1_FILES_FROM_0_17},
	{.rel.version = "0.19.0", .v1 = true, .big = GSI_BIG_NOT_A100, .concurrency_by_blocks = true,
	 .rel.same_from = "0.19.0", .rel.same_to = "0.19.1",
	 .moe_cache13_shared = true, .moe_chunk = UINT32_MAX, .flashinfer = &fi_from_logits,
	 .flashinfer_opt_in = true, .mla_latent = true, .mxfp4_marlin_pad = true, .mxfp4_marlin_cc11 = true,
	 .triton_topk = true,
	 .cudagraph_profiled = true, .mxfp4_backend_unread = true, .comm_in_baseline = true,
	 .rel.source = "vLLM v0.19.0 (2a69949b; VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS still 0 in "
	 "vllm/envs.py; MXFP4 experts in fused_moe/oracle/mxfp4.py): " V1_FILES_FROM_0_17},
	/* 0.20.0 against 0.19.0 (PR #38284): VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS
	 * defaults to 1, so the CUDA graph estimate comes off the pool, and
	 * gpu_memory_utilization defaults to 0.92 to make up for it; the profile
	 * runs whenever cudagraph_mode is not NONE. _dummy_run, profile_run,
	 * _dummy_sampler_run, the batch defaults (get_batch_defaults, byte for
	 * byte), the sampler ops and kv_cache_utils.py's uniform blocks are
	 * otherwise unchanged; the fused-MoE runner was rewritten (not read). */
	{.rel.version = "0.20.0", V1_RULES_FROM_0_20, .flashinfer_opt_in = true,
	 .rel.source = "vLLM v0.20.0 (88d34c64; VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS 1 in vllm/envs.py, "
	 "gpu_memory_utilization 0.92 in vllm/config/cache.py, determine_available_memory subtracting "
	 "profile_cudagraph_memory's estimate): " V1_FILES_FROM_0_17},
	/* 0.20.1 against 0.20.0: the same memory path (gpu_worker.py unchanged;
	 * gpu_model_runner.py one argument; envs.py one DeepSeek-V4 variable);
	 * _report_kv_cache_config prints max concurrency x max_model_len as the
	 * "GPU KV cache size". 0.20.2 changes none of these files further (its
	 * fixes touch DeepSeek-V4, CUDA graph capture sizes and sleep mode), so
	 * this row stands for it. */
	{.rel.version = "0.20.1", V1_RULES_FROM_0_20, .flashinfer_opt_in = true,
	 .rel.same_from = "0.20.1", .rel.same_to = "0.20.2",
	 .tokens_by_concurrency = true,
	 .rel.source = "vLLM v0.20.1 (132765e3; as 0.20.0, the token capacity printed as max concurrency x "
	 "max_model_len in vllm/v1/core/kv_cache_utils.py _report_kv_cache_config): " V1_FILES_FROM_0_17},
	/* 0.21.0 against 0.20.2 (0.20.1's row): determine_available_memory, profile_run,
	 * profile_cudagraph_memory, the batch defaults and kv_cache_utils.py's
	 * uniform blocks and report are unchanged. FlashInfer's top-k/top-p
	 * sampler is on by default where the GPU supports it
	 * (VLLM_USE_FLASHINFER_SAMPLER defaults to True, PR #40376), and
	 * _dummy_sampler_run then also runs forward_native with a generator
	 * (PR #41375), so the native path's peak is in the profile either way.
	 * The loader caps the allocator's split size while loading (reserved
	 * memory only; the weights figure counts allocated bytes). */
	{.rel.version = "0.21.0", V1_RULES_FROM_0_20, .tokens_by_concurrency = true,
	 .native_warmed = true, .comm = GSI_COMM_CA_0_21, .mrv2_read = true, .hybrid_read = true,
	 .rel.state_dtypes = "float32 float16",
	 .rel.source = "vLLM v0.21.0 (ad7125a4; VLLM_USE_FLASHINFER_SAMPLER True in vllm/envs.py, "
	 "_dummy_sampler_run warming forward_native in vllm/v1/worker/gpu_model_runner.py, random_sample in "
	 "vllm/v1/sample/ops/topk_topp_sampler.py; device_communicators/custom_all_reduce.py, symm_mem.py, "
	 "all_reduce_utils.py): " V1_FILES_FROM_0_17},
	/* 0.22 to 0.28 against 0.21.0 (docs/method.md §7, "0.22 to 0.28"): the V1
	 * runner's profile_run is the same text in every tree read, its
	 * _dummy_sampler_run differs only under speculative decoding, the
	 * Triton top-k/top-p buffer rule and the batch defaults are unchanged
	 * up to 0.27. What changes is which runner a model gets (Model Runner
	 * V2 below), how the non-KV memory is measured (0.27), the batch tier
	 * of the largest GPUs and the CUDA graph sizes on compute capability
	 * 10.x (0.28), and prefix caching for hybrids (0.26 supported, 0.28
	 * on). Rows from a branch point on main say so: the release's
	 * cherry-picks (bug fixes merged after the cut) were not seen. */
#define V1_RULES_FROM_0_22                                                                                   \
	V1_RULES_FROM_0_20, .tokens_by_concurrency = true, .native_warmed = true, .mrv2_read = true,        \
	.hybrid_read = true, .rel.state_dtypes = "float32 float16 bfloat16" /* PR #41680 */
	{.rel.version = "0.22.0", V1_RULES_FROM_0_22, .comm = GSI_COMM_CA_0_21,
	 .mrv2 = GSI_MRV2_LISTED_DENSE, .mrv2_archs = "Qwen3ForCausalLM",
	 .rel.same_from = "0.22.0", .rel.same_to = "0.22.1",
	 .rel.source = "vLLM 0.22 at its branch point on main, a970fb5a (2026-05-26; the tag's "
	 "cherry-picks not seen): vllm/config/vllm.py use_v2_model_runner and "
	 "_is_default_v2_model_runner_model (MRv2 for Qwen3ForCausalLM without experts or "
	 "quantization_config, PR #39337), vllm/v1/worker/gpu/model_runner.py profile_run, "
	 "profile_cudagraph_memory (0) and _dummy_sampler_run, vllm/v1/worker/gpu_worker.py "
	 "determine_available_memory, vllm/utils/mem_utils.py memory_profiling, vllm/engine/arg_utils.py "
	 "get_batch_defaults: " V1_FILES_FROM_0_17},
	{.rel.version = "0.23.0", V1_RULES_FROM_0_22, .comm = GSI_COMM_CA_0_21,
	 .mrv2 = GSI_MRV2_LISTED_DENSE, .mrv2_archs = "LlamaForCausalLM MistralForCausalLM Qwen3ForCausalLM",
	 .rel.source = "vLLM v0.23.0 (0fc695fc, neuralmagic upstream-v0.23.0): vllm/config/vllm.py "
	 "(MRv2 for Llama and Mistral too, PR #43458), vllm/v1/worker/gpu/model_runner.py, "
	 "vllm/v1/worker/gpu_worker.py, vllm/utils/mem_utils.py, vllm/v1/worker/gpu_model_runner.py "
	 "profile_cudagraph_memory (encoder graphs, opt-in, PR #41714): " V1_FILES_FROM_0_17},
	{.rel.version = "0.24.0", V1_RULES_FROM_0_22, .comm = GSI_COMM_CA_0_21,
	 .mrv2 = GSI_MRV2_LISTED, .mrv2_archs = "Qwen3ForCausalLM DeepseekV2ForCausalLM Qwen2MoeForCausalLM "
	 "GraniteMoeForCausalLM LlamaForCausalLM MistralForCausalLM",
	 .rel.source = "vLLM v0.24.0 (ee0da84a): vllm/config/vllm.py (the list alone decides, experts and "
	 "quantized checkpoints included, PRs #42667, #44446, #45461), vllm/v1/worker/gpu/model_runner.py, "
	 "vllm/v1/worker/gpu_worker.py, vllm/utils/mem_utils.py: " V1_FILES_FROM_0_17},
	{.rel.version = "0.25.0", V1_RULES_FROM_0_22, .comm = GSI_COMM_CA_0_21,
	 .mrv2 = GSI_MRV2_DENSE_OR_LISTED,
	 .mrv2_archs = "DeepseekV2ForCausalLM Qwen2MoeForCausalLM GraniteMoeForCausalLM",
	 .rel.same_from = "0.25.0", .rel.same_to = "0.25.1",
	 .rel.source = "vLLM 0.25 at its branch point on main, e55cc59e (2026-07-07; cherry-picks not "
	 "seen): vllm/config/vllm.py (MRv2 for every model that is not a mixture of experts, a hybrid "
	 "or attention-free, PR #44443), vllm/v1/worker/gpu/model_runner.py profile_run (no encoder "
	 "profiling), vllm/v1/worker/gpu_worker.py (_reserve_mm_ipc_gpu_memory, 0 by default), "
	 "vllm/utils/mem_utils.py: " V1_FILES_FROM_0_17},
	{.rel.version = "0.26.0", V1_RULES_FROM_0_22, .comm = GSI_COMM_CA_0_21,
	 .mrv2 = GSI_MRV2_DENSE_OR_LISTED, .hybrid_prefix_supported = true,
	 .mrv2_archs = "DeepseekV2ForCausalLM Qwen2MoeForCausalLM GraniteMoeForCausalLM InklingForCausalLM "
	 "InklingForConditionalGeneration LongcatFlashNgramForCausalLM",
	 .rel.source = "vLLM 0.26 at its branch point on main, c01618fd (2026-07-20; cherry-picks not "
	 "seen): vllm/config/vllm.py, vllm/config/model.py is_prefix_caching_supported (hybrids, opt-in "
	 "in vllm/engine/arg_utils.py, PR #40996), vllm/v1/core/kv_cache_utils.py "
	 "unify_kv_cache_spec_page_size (mamba pages padded, PR #45207), vllm/v1/worker/gpu_worker.py: "
	 V1_FILES_FROM_0_17},
	{.rel.version = "0.27.0", V1_RULES_FROM_0_22, .comm = GSI_COMM_CA_0_27, .mla_state_align128 = true,
	 .mrv2 = GSI_MRV2_DENSE_OR_LISTED, .hybrid_prefix_supported = true, .mrv2_encoder_profile = true,
	 .consumed_formula = true,
	 .mrv2_archs = "DeepseekV2ForCausalLM Qwen2MoeForCausalLM GraniteMoeForCausalLM InklingForCausalLM "
	 "InklingForConditionalGeneration LongcatFlashNgramForCausalLM KimiK3ForConditionalGeneration",
	 .rel.same_from = "0.27.0", .rel.same_to = "0.27.1",
	 .rel.source = "vLLM 0.27 at main 7b50d2c0 (2026-08-04, the last commit before PR #50991, which "
	 "0.28.0 ships; cherry-picks not seen): vllm/utils/mem_utils.py memory_profiling and "
	 "vllm/v1/worker/gpu_worker.py determine_available_memory (non-KV = free memory consumed + "
	 "transient peak, PR #49208), vllm/v1/worker/gpu/model_runner.py profile_run "
	 "(encoder_runner.profile_encoder_cache, PR #47985), custom_all_reduce.py (_init_mnnvl_buffer, PR "
	 "#50000), vllm/config/vllm.py: " V1_FILES_FROM_0_17},
	{.rel.version = "0.28.0", V1_RULES_FROM_0_22, .comm = GSI_COMM_CA_0_27, .mla_state_align128 = true,
	 .mrv2 = GSI_MRV2_DENSE_OR_LISTED, .hybrid_prefix_supported = true, .hybrid_prefix_default = true,
	 .mrv2_encoder_profile = true, .consumed_formula = true, .big_160 = true, .capture_1024_sm10 = true,
	 .mrv2_archs = "DeepseekV2ForCausalLM DeepseekV4ForCausalLM Qwen2MoeForCausalLM "
	 "GraniteMoeForCausalLM InklingForCausalLM InklingForConditionalGeneration "
	 "LongcatFlashNgramForCausalLM KimiK3ForConditionalGeneration",
	 .rel.source = "vLLM 0.28 at main 93550cc4 (2026-08-17, after PRs #50991, #51726 and #49390; the "
	 "cut is placed by 0.29's release notes, cherry-picks not seen): vllm/engine/arg_utils.py "
	 "get_batch_defaults (>= 160 GiB tier) and _set_default_chunked_prefill_and_prefix_caching_args "
	 "(hybrid prefix caching on), vllm/model_executor/models/config.py MambaModelConfig (align mode), "
	 "vllm/config/vllm.py _set_cudagraph_sizes (1024 on compute capability 10.x), "
	 "vllm/v1/kv_cache_interface.py MambaSpec.max_memory_usage_bytes: " V1_FILES_FROM_0_17},
#undef V1_RULES_FROM_0_22
};

/* SGLang's steps (engine_release.h), each as server_args.py __post_init__
 * reads at the release that cites it (docs/method.md §7b). */

/* v0.4.6: mem_fraction_static 0.79 from tp 16, 0.81 from 8, 0.85 from 4,
 * 0.87 from 2, else 0.88. 0.4.9 falls back to it when no GPU memory is
 * known (gpusizer's choice, named "no GPU memory known" in the output). */
static const gsi_sgl_tp_step sgl_fraction_by_tp_0_4_6[] = {
	{16, 790}, {8, 810}, {4, 850}, {2, 870}, {0, 880},
};

/* v0.4.6: chunked_prefill_size 2048 below 25,000 MiB, else 8192 (PR #2044);
 * 8192 when no GPU memory is known */
static const gsi_sgl_chunk_step sgl_chunk_0_4_6[] = {
	{25000, 2048}, {UINT64_MAX, 8192},
};

/* v0.4.9 (PR #7054): reserved_mem (2.8 + tp/10) GiB below 35 GiB, (9.5 +
 * tp/2) below 90 GiB, (12 + tp/2) below 160 GiB, else 32 GiB */
static const gsi_sgl_reserve_step sgl_reserved_0_4_9[] = {
	{35 * 1024, 28, 1}, {90 * 1024, 95, 5}, {160 * 1024, 120, 5}, {UINT64_MAX, 320, 0},
};

/* v0.4.9: chunked_prefill_size 2048 below 35 GiB, 8192 below 160 GiB, else
 * 16384; 4096 when no GPU memory is known */
static const gsi_sgl_chunk_step sgl_chunk_0_4_9[] = {
	{35 * 1024, 2048}, {160 * 1024, 8192}, {UINT64_MAX, 16384},
};

/* 0.5.3 on: chunked_prefill_size and cuda_graph_max_bs by GPU memory
 * (server_args.py _handle_gpu_memory_settings at v0.5.3); the tier below
 * 35 GiB at tp < 4 takes 24 from 0.5.4.post1 (16 before) */
static const gsi_sgl_tier sgl_tiers_0_5_3[] = {
	{20 * 1024, 2048, {8, 8}},     {35 * 1024, 2048, {16, 80}},    {60 * 1024, 4096, {32, 160}},
	{90 * 1024, 8192, {256, 512}}, {160 * 1024, 8192, {256, 512}}, {UINT64_MAX, 16384, {512, 512}},
};
static const gsi_sgl_tier sgl_tiers_0_5_4_post1[] = {
	{20 * 1024, 2048, {8, 8}},     {35 * 1024, 2048, {24, 80}},    {60 * 1024, 4096, {32, 160}},
	{90 * 1024, 8192, {256, 512}}, {160 * 1024, 8192, {256, 512}}, {UINT64_MAX, 16384, {512, 512}},
};

/* The files the 0.5.x rows read, each at its tag (bytedance-iaas/sglang,
 * every tag from v0.5.0rc0 to v0.5.18; docs/method.md §7b). */
#define SGL_FILES_0_5                                                                             \
	"python/sglang/srt/server_args.py (__post_init__, _handle_gpu_memory_settings, "         \
	"adjust_mem_fraction_for_vlm), model_executor/model_runner.py (profile_max_num_token, "  \
	"init_memory_pool), mem_cache/memory_pool.py ReqToTokenPool"

/* SGLang, oldest first */
static const gsi_sglang_release sglang_releases[] = {
	{.rel.version = "0.4.6", .fraction_by_tp = sgl_fraction_by_tp_0_4_6, .chunk = sgl_chunk_0_4_6,
	 .chunk_no_gpu = 8192,
	 .rel.source = "SGLang v0.4.6: python/sglang/srt/server_args.py __post_init__ (mem_fraction_static "
	 "by TP, chunked_prefill_size by GPU memory, PR #2044), model_executor/model_runner.py "
	 "profile_max_num_token and init_memory_pool"},
	{.rel.version = "0.4.9", .reserved = sgl_reserved_0_4_9, .fraction_by_tp = sgl_fraction_by_tp_0_4_6,
	 .chunk = sgl_chunk_0_4_9, .chunk_no_gpu = 4096,
	 .rel.source = "SGLang v0.4.9: python/sglang/srt/server_args.py __post_init__ (reserved_mem by GPU "
	 "memory, PR #7054), model_executor/model_runner.py profile_max_num_token"},
	/* 0.5.0 (read at its rc tags, the same logic as v0.4.9.post6) and 0.5.1:
	 * 0.4.9's table, and the vision-language scale-down */
	{.rel.version = "0.5.1", .reserved = sgl_reserved_0_4_9, .fraction_by_tp = sgl_fraction_by_tp_0_4_6,
	 .chunk = sgl_chunk_0_4_9, .chunk_no_gpu = 4096, .vlm_scale = true,
	 .rel.same_from = "0.5.0", .rel.same_to = "0.5.1.post3",
	 .rel.source = "SGLang v0.5.0rc2 and v0.5.1.post3 (0.5.0 itself is not tagged in the mirror read; "
	               "its "
	 "rc tags stand for it): " SGL_FILES_0_5},
	/* 0.5.2: Qwen3-Next's state pool, fixed slots, radix cache off */
	{.rel.version = "0.5.2", .reserved = sgl_reserved_0_4_9, .fraction_by_tp = sgl_fraction_by_tp_0_4_6,
	 .chunk = sgl_chunk_0_4_9, .chunk_no_gpu = 4096, .vlm_scale = true, .mamba = GSI_SGL_MAMBA_FIXED,
	 .rel.state_dtypes = "float32 bfloat16",
	 .rel.source = "SGLang v0.5.2: " SGL_FILES_0_5 " (max_mamba_cache_size)"},
	/* 0.5.3: the reserve formula and its GPU tiers */
	{.rel.version = "0.5.3", .tiers = sgl_tiers_0_5_3, .fraction_by_tp = sgl_fraction_by_tp_0_4_6,
	 .vlm_scale = true, .mamba = GSI_SGL_MAMBA_FIXED,
	 .rel.same_from = "0.5.3", .rel.same_to = "0.5.3.post1",
	 .rel.state_dtypes = "float32 bfloat16",
	 .rel.source = "SGLang v0.5.3 (and .post1): " SGL_FILES_0_5 " (the reserve formula, PR #10875)"},
	/* 0.5.3.post2: every hybrid's state pool split from the KV pool with the
	 * radix cache on (handle_max_mamba_cache) */
	{.rel.version = "0.5.3.post2", .tiers = sgl_tiers_0_5_3, .fraction_by_tp = sgl_fraction_by_tp_0_4_6,
	 .vlm_scale = true, .mamba = GSI_SGL_MAMBA_SPLIT,
	 .rel.same_from = "0.5.3.post2", .rel.same_to = "0.5.4",
	 .rel.state_dtypes = "float32 bfloat16",
	 .rel.source = "SGLang v0.5.3.post2 to v0.5.4: " SGL_FILES_0_5 " (handle_max_mamba_cache)"},
	/* 0.5.4.post1: 24 decode graphs below 35 GiB at tp < 4 */
	{.rel.version = "0.5.4.post1", .tiers = sgl_tiers_0_5_4_post1,
	 .fraction_by_tp = sgl_fraction_by_tp_0_4_6,
	 .vlm_scale = true, .mamba = GSI_SGL_MAMBA_SPLIT,
	 .rel.same_from = "0.5.4.post1", .rel.same_to = "0.5.8.post1",
	 .rel.state_dtypes = "float32 bfloat16",
	 .rel.source = "SGLang v0.5.4.post1 to v0.5.8.post1 (their piecewise graphs opt-in; 0.5.7 moves the "
	 "pool to model_runner_kv_cache_mixin.py, same figures): " SGL_FILES_0_5},
	/* 0.5.9: as 0.5.4.post1, and a float16 state (MAMBA_SSM_DTYPE_CHOICES) */
	{.rel.version = "0.5.9", .tiers = sgl_tiers_0_5_4_post1, .fraction_by_tp = sgl_fraction_by_tp_0_4_6,
	 .vlm_scale = true, .mamba = GSI_SGL_MAMBA_SPLIT, .rel.state_dtypes = "float32 bfloat16 float16",
	 .rel.source = "SGLang v0.5.9 (as v0.5.4.post1; MAMBA_SSM_DTYPE_CHOICES with float16 in "
	 "server_args.py): " SGL_FILES_0_5},
	/* 0.5.10: prefill (piecewise) CUDA graphs on by default, in the reserve */
	{.rel.version = "0.5.10", .tiers = sgl_tiers_0_5_4_post1, .fraction_by_tp = sgl_fraction_by_tp_0_4_6,
	 .vlm_scale = true, .mamba = GSI_SGL_MAMBA_SPLIT, .prefill_graphs = GSI_SGL_PREFILL_SIZES,
	 .rel.same_from = "0.5.10", .rel.same_to = "0.5.14",
	 .rel.state_dtypes = "float32 bfloat16 float16",
	 .rel.source = "SGLang v0.5.10 to v0.5.14 (0.5.11 pool_configurator.py, 0.5.14 draft weights "
	 "inside the budget): " SGL_FILES_0_5 " (disable_piecewise_cuda_graph False)"},
	/* 0.5.15: the prefill graphs breakable, none for MLA */
	{.rel.version = "0.5.15", .tiers = sgl_tiers_0_5_4_post1, .fraction_by_tp = sgl_fraction_by_tp_0_4_6,
	 .vlm_scale = true, .mamba = GSI_SGL_MAMBA_SPLIT, .prefill_graphs = GSI_SGL_PREFILL_SIZES_NO_MLA,
	 .rel.same_from = "0.5.15", .rel.same_to = "0.5.16",
	 .rel.state_dtypes = "float32 bfloat16 float16",
	 .rel.source = "SGLang v0.5.15 to v0.5.16 (0.5.16 moves the pool to "
	 "mem_cache/kv_cache_configurator.py, reserve_for_graph_mb): " SGL_FILES_0_5},
	/* 0.5.17: one padding slot in the state pool */
	{.rel.version = "0.5.17", .tiers = sgl_tiers_0_5_4_post1, .fraction_by_tp = sgl_fraction_by_tp_0_4_6,
	 .vlm_scale = true, .mamba = GSI_SGL_MAMBA_SPLIT_PAD, .prefill_graphs = GSI_SGL_PREFILL_SIZES_NO_MLA,
	 .rel.state_dtypes = "float32 bfloat16 float16",
	 .rel.source = "SGLang v0.5.17: mem_cache/kv_cache_configurator.py (_handle_max_mamba_cache), "
	 SGL_FILES_0_5},
	/* 0.5.18: MLA's prefill graphs back in the reserve; a multimodal
	 * model's 100 MiB cache off the KV budget */
	{.rel.version = "0.5.18", .tiers = sgl_tiers_0_5_4_post1, .fraction_by_tp = sgl_fraction_by_tp_0_4_6,
	 .vlm_scale = true, .mamba = GSI_SGL_MAMBA_SPLIT_PAD, .prefill_graphs = GSI_SGL_PREFILL_SIZES,
	 .vlm_reserve_mib = 100, .req_pool_extra_row = true,
	 .rel.state_dtypes = "float32 bfloat16 float16",
	 .rel.source = "SGLang v0.5.18 (71de97b): mem_cache/kv_cache_configurator.py "
	 "(mm_runtime_reservation_gb, SGLANG_VLM_CACHE_SIZE_MB 100), " SGL_FILES_0_5},
};

/* llama.cpp by build, oldest first: a row where an estimate's rule
 * changed, standing for the builds up to the next (upstream master read
 * through the unslothai/llama.cpp fork, whose history carries it; bNNNN is
 * the commit count, checked against the fork's own upstream tags;
 * docs/method.md §14 "Builds"). */
#define LCPP_FILES                                                                                    \
	"src/llama-context.cpp, src/llama-kv-cache*.cpp, src/llama-model.cpp (load_tensors, "        \
	"create_memory), common/common.h and common/arg.cpp (defaults), tools/server/server.cpp"
/* Fields shared by runs of rows (no field set twice: -Werror=override-init) */
#define LCPP_B6089                                                                                     \
	.override_tensor = true, .mla = GSI_LCPP_MLA_KV, .swa = GSI_LCPP_SWA_UBATCH, .recurrent = true,  \
	.streams = true, .cpu_moe_all = true, .cpu_moe = true, .hybrid_kv = GSI_LCPP_HYBRID_KV_EACH
#define LCPP_B6975                                                                                     \
	.override_tensor = true, .mla = GSI_LCPP_MLA_KV, .swa = GSI_LCPP_SWA_PAD256, .recurrent = true,  \
	.streams = true, .cpu_moe_all = true, .cpu_moe = true, .fa_auto = true, .ngl_all = true,         \
	.pad = GSI_LCPP_PAD_CTX_256, .auto_slots = 4, .hybrid_kv = GSI_LCPP_HYBRID_KV_EACH
#define LCPP_B7832                                                                                     \
	.override_tensor = true, .mla = GSI_LCPP_MLA_K, .swa = GSI_LCPP_SWA_PAD256, .recurrent = true,   \
	.streams = true, .cpu_moe_all = true, .cpu_moe = true, .fa_auto = true, .ngl_all = true,         \
	.pad = GSI_LCPP_PAD_CTX_256, .auto_slots = 4, .ctx_train = true, .fit = true, .output_first = true
static const gsi_llamacpp_release llamacpp_releases[] = {
	{.rel.version = "b4020", .rel.same_from = "b4020", .rel.same_to = "b5027",
	 .rel.source = "llama.cpp b4020 (9f409893, 2024-11-03): src/llama.cpp (llama_kv_cache_init, "
	 "get_padding 256 with flash attention and 32 without), common/common.h (n_ctx 4096, -ngl default "
	 "0 off Metal)"},
	{.rel.version = "b5028", .override_tensor = true, .rel.same_from = "b5028",
	 .rel.same_to = "b5136",
	 .rel.source = "llama.cpp b5028 (e0e912f4, PR #11397: -ot / --override-tensor): " LCPP_FILES},
	{.rel.version = "b5137", .override_tensor = true, .mla = GSI_LCPP_MLA_KV,
	 .rel.same_from = "b5137", .rel.same_to = "b5428",
	 .rel.source = "llama.cpp b5137 (daa42288, PR #12801: DeepSeek-2 MLA caches the latent, K "
	 "kv_lora_rank + rope and V kv_lora_rank): " LCPP_FILES},
	{.rel.version = "b5429", .override_tensor = true, .mla = GSI_LCPP_MLA_KV,
	 .swa = GSI_LCPP_SWA_BATCH, .rel.same_from = "b5429", .rel.same_to = "b5553",
	 .rel.source = "llama.cpp b5429 (e298d2fb, PR #13194: llama_kv_cache_unified_iswa, min(n_ctx, "
	 "n_swa x n_seq_max + n_batch)): " LCPP_FILES},
	{.rel.version = "b5554", .override_tensor = true, .mla = GSI_LCPP_MLA_KV,
	 .swa = GSI_LCPP_SWA_UBATCH, .rel.same_from = "b5554", .rel.same_to = "b5701",
	 .rel.source = "llama.cpp b5554 (3600cc28, PR #13833: the SWA cache + n_ubatch): " LCPP_FILES},
	{.rel.version = "b5702", .override_tensor = true, .mla = GSI_LCPP_MLA_KV,
	 .swa = GSI_LCPP_SWA_UBATCH, .recurrent = true, .rel.same_from = "b5702",
	 .rel.same_to = "b5912",
	 .rel.source = "llama.cpp b5702 (edc4a29e, PR #13979: src/llama-memory-hybrid.cpp, "
	 "llama-memory-recurrent.cpp): " LCPP_FILES},
	{.rel.version = "b5913", .override_tensor = true, .mla = GSI_LCPP_MLA_KV,
	 .swa = GSI_LCPP_SWA_UBATCH, .recurrent = true, .streams = true,
	 .hybrid_kv = GSI_LCPP_HYBRID_KV_ONE, .rel.same_from = "b5913", .rel.same_to = "b6050",
	 .rel.source = "llama.cpp b5913 (225e7a14, PR #14363: kv_unified, -np streams; "
	 "src/llama-memory-hybrid.cpp keeps one stream): " LCPP_FILES},
	{.rel.version = "b6051", .override_tensor = true, .mla = GSI_LCPP_MLA_KV,
	 .swa = GSI_LCPP_SWA_UBATCH, .recurrent = true, .streams = true, .cpu_moe_all = true,
	 .hybrid_kv = GSI_LCPP_HYBRID_KV_ONE, .rel.same_from = "b6051", .rel.same_to = "b6078",
	 .rel.source = "llama.cpp b6051 (a06ed5fe, PR #14992: --cpu-moe in common/arg.cpp, the "
	 "experts of every block in host memory): " LCPP_FILES},
	{.rel.version = "b6079", .override_tensor = true, .mla = GSI_LCPP_MLA_KV,
	 .swa = GSI_LCPP_SWA_UBATCH, .recurrent = true, .streams = true, .cpu_moe_all = true,
	 .hybrid_kv = GSI_LCPP_HYBRID_KV_EACH, .rel.same_from = "b6079", .rel.same_to = "b6088",
	 .rel.source = "llama.cpp b6079 (11a38111, PR #15050: the hybrid memory honours kv_unified, "
	 "each stream n_ctx cells): " LCPP_FILES},
	{.rel.version = "b6089", LCPP_B6089, .rel.same_from = "b6089", .rel.same_to = "b6324",
	 .rel.source = "llama.cpp b6089 (ec428b02, PR #15077: --cpu-moe, --n-cpu-moe in common/arg.cpp): "
	 LCPP_FILES},
	{.rel.version = "b6325", LCPP_B6089, .fa_auto = true, .ngl_all = true,
	 .pad = GSI_LCPP_PAD_UNLESS_OFF, .rel.same_from = "b6325", .rel.same_to = "b6867",
	 .rel.source = "llama.cpp b6325 (e81b8e4b, PR #15434: flash_attn_type auto by default, "
	 "llama_model_default_params n_gpu_layers 999 on every backend): " LCPP_FILES},
	{.rel.version = "b6868", LCPP_B6089, .fa_auto = true, .ngl_all = true,
	 .pad = GSI_LCPP_PAD_NONE, .rel.same_from = "b6868", .rel.same_to = "b6924",
	 .rel.source = "llama.cpp b6868 (85a7d867, PR #16812: no KV padding): " LCPP_FILES},
	{.rel.version = "b6925", LCPP_B6089, .fa_auto = true, .ngl_all = true,
	 .pad = GSI_LCPP_PAD_NONE, .auto_slots = 4, .rel.same_from = "b6925", .rel.same_to = "b6974",
	 .rel.source = "llama.cpp b6925 (cd5e3b57, PR #16736: llama-server's -np 1 becomes 4 slots with "
	 "kv_unified): " LCPP_FILES},
	{.rel.version = "b6975", LCPP_B6975, .rel.same_from = "b6975", .rel.same_to = "b7406",
	 .rel.source = "llama.cpp b6975 (16bcc125, PR #17046: n_ctx and the SWA cache padded to 256): "
	 LCPP_FILES},
	{.rel.version = "b7407", LCPP_B6975, .ctx_train = true, .fit = true, .rel.same_from = "b7407",
	 .rel.same_to = "b7466",
	 .rel.source = "llama.cpp b7407 (b1f3a6e5, PR #16653: --fit on, n_ctx 0 = n_ctx_train, "
	 "src/llama.cpp llama_params_fit_impl; -np auto from b7433, PR #17997): " LCPP_FILES},
	{.rel.version = "b7467", LCPP_B6975, .ctx_train = true, .fit = true, .output_first = true,
	 .rel.same_from = "b7467", .rel.same_to = "b7831",
	 .rel.source = "llama.cpp b7467 (57c1e056, PR #18148: -ngl N offloads the output first): "
	 LCPP_FILES},
	{.rel.version = "b7832", LCPP_B7832, .hybrid_kv = GSI_LCPP_HYBRID_KV_EACH,
	 .rel.same_from = "b7832", .rel.same_to = "b8024",
	 .rel.source = "llama.cpp b7832 (d9c6ce46, PR #19067: an MLA cache without V): " LCPP_FILES},
	{.rel.version = "b8025", LCPP_B7832, .rel.same_from = "b8025", .rel.same_to = "b9459",
	 .rel.source = "llama.cpp b8025 (bb96bfd3, PR #19559: a hybrid model's attention cache "
	 "n_ctx_seq per stream, was n_ctx): " LCPP_FILES},
	{.rel.version = "b9460", LCPP_B7832, .outputs_by_slots = true, .rel.same_from = "b9460",
	 .rel.same_to = "b10470",
	 .rel.source = "llama.cpp b9460 (de6f727a, PR #23861: llama-server reserves n_parallel outputs, "
	 "tools/server/server-context.cpp server_output_limits), read to b10470 (34af94cd, 2026-08-17): "
	 LCPP_FILES " (fit in common/fit.cpp from b8865)"},
};
#undef LCPP_B7832
#undef LCPP_B6975
#undef LCPP_B6089

/* The build that added each GGUF architecture gpusizer reads (src/llama-arch.cpp). */
static const struct {
	const char *arch;
	uint32_t since;
	const char *pr;
} llamacpp_archs[] = {
	{"llama", 0, ""},          {"qwen2", 0, ""},          {"qwen2moe", 0, ""},
	{"gemma", 0, ""},          {"gemma2", 0, ""},         {"phi3", 0, ""},
	{"gptneox", 0, ""},        {"gpt2", 0, ""},           {"starcoder", 0, ""},
	{"granite", 0, ""},        {"granitemoe", 0, ""},     {"deepseek2", 0, ""},
	{"mamba", 0, ""},
	{"gemma3", 4875, "#12343"}, {"llama4", 5074, "#12791"}, {"qwen3", 5092, "#12828"},
	{"qwen3moe", 5092, "#12828"}, {"gemma3n", 5763, "#14400"}, {"mamba2", 5812, "#9126"},
	{"falcon-h1", 5851, "#14534"}, {"jamba", 5856, "#7531"}, {"granitehybrid", 5868, "#13550"},
	{"lfm2", 5873, "#14620"}, {"glm4moe", 6085, "#14939"}, {"gpt-oss", 6096, "#15091"},
	{"nemotron_h", 6315, "#15507"}, {"qwen3vl", 6887, "#16780"}, {"qwen3vlmoe", 6887, "#16780"},
	{"minimax-m2", 6906, "#16831"}, {"qwen3next", 7186, "#16095"}, {"qwen35", 7990, "#19468"},
	{"qwen35moe", 7990, "#19468"}, {"gemma4", 8637, "#21309"}, {"mistral3", 7216, "#17644"},
	{"glm-dsa", 8036, "#19460"}, {"deepseek32", 9411, "#23346"},
	{"olmo2", 4168, "#10500"},   {"exaone4", 5931, "#14630"},
};

const gsi_llamacpp_release *gsi_llamacpp_build(const char *version)
{
	if (!version)
		return &llamacpp_releases[0];
	for (size_t i = 0; i < sizeof llamacpp_releases / sizeof llamacpp_releases[0]; i++)
		if (!strcmp(llamacpp_releases[i].rel.version, version))
			return &llamacpp_releases[i];
	return NULL;
}

uint32_t gsi_llamacpp_arch_since(const char *arch, const char **pr)
{
	for (size_t i = 0; i < sizeof llamacpp_archs / sizeof llamacpp_archs[0]; i++)
		if (!strcmp(arch, llamacpp_archs[i].arch)) {
			*pr = llamacpp_archs[i].pr;
			return llamacpp_archs[i].since;
		}
	*pr = "";
	return UINT32_MAX;
}

/* Ollama, oldest first */
static const gsi_ollama_release ollama_releases[] = {
	{.rel.version = "0.5.4",
	 .rel.source = "Ollama v0.5.4: api/types.go DefaultOptions (num_ctx 2048, num_batch 512), "
	 "server/sched.go (defaultParallel 4, then 1), envconfig/config.go (OLLAMA_NUM_PARALLEL 0, "
	 "OLLAMA_FLASH_ATTENTION, OLLAMA_KV_CACHE_TYPE, OLLAMA_GPU_OVERHEAD 0), llm/memory.go "
	 "EstimateGPULayers, llm/ggml.go GraphSize, discover/gpu.go (CUDA minimum memory 457 MiB), "
	 "llama.cpp ba1cb19c",
	 .num_ctx = 2048, .auto_parallel = 4, .weights_log = GSI_OLLAMA_LOG_KV_IN,
	 .llama_archs = "llama qwen2 phi3 gemma gemma2", .engine_archs = "",
	 /* its llama/llama.cpp (base ba1cb19c) has no llama-kv-cache-*iswa.cpp */
	 .llamacpp_swa_cache = false,
	 /* v0.5.2 to v0.5.11 against v0.5.4: llm/memory.go, llm/ggml.go and
	  * llm/gguf.go are byte-identical; api/types.go, envconfig/config.go,
	  * server/sched.go, discover/gpu.go and llm/server.go change request
	  * handling and runner lookup only. v0.5.12 moves llm/ggml.go to
	  * fs/ggml/ggml.go and drops BF16 from the tensor type sizes. */
	 .rel.same_from = "0.5.2", .rel.same_to = "0.5.11"},
	{.rel.version = "0.6.8",
	 .rel.source = "Ollama v0.6.8: envconfig/config.go (OLLAMA_CONTEXT_LENGTH 4096), server/sched.go "
	 "(defaultParallel 2), llm/memory.go, fs/ggml/ggml.go GraphSize and OllamaEngineRequired, "
	 "discover/gpu.go",
	 .num_ctx = 4096, .auto_parallel = 2, .weights_log = GSI_OLLAMA_LOG_BLOCKS,
	 .llama_archs = "llama qwen2 qwen3 qwen3moe phi3 gemma gemma2",
	 .engine_archs = "gemma3 mistral3 llama4",
	 /* no llama-kv-cache-*iswa.cpp in the llama.cpp the v0.6.8 tag vendors */
	 .llamacpp_swa_cache = false,
	 /* v0.6.7 against v0.6.8: only llm/server.go (library paths, Pid) and
	  * server/sched.go (log lines) differ; v0.6.7 is where
	  * OLLAMA_CONTEXT_LENGTH became 4096 */
	 .rel.same_from = "0.6.7", .rel.same_to = "0.6.8",
	 .rel.changed_before = "0.5.12 sizes BF16 tensors as 0 bytes, 0.5.13 to 0.6.6 changed "
	 "fs/ggml/ggml.go in every release, and before 0.6.7 the default num_ctx is 2048"},
	{.rel.version = "0.11.4",
	 .rel.source = "Ollama v0.11.4: envconfig/config.go (OLLAMA_NUM_PARALLEL 1, OLLAMA_CONTEXT_LENGTH "
	 "4096), llm/memory.go (blocks fitted from the last), llm/server.go (num_ctx capped at the trained "
	 "context, PR #11175), fs/ggml/ggml.go, discover/gpu.go",
	 .num_ctx = 4096, .auto_parallel = 0, .weights_log = GSI_OLLAMA_LOG_SPLIT, .layers_from_last = true,
	 .llama_archs = "llama qwen2 qwen3 qwen3moe phi3 gemma gemma2",
	 .engine_archs = "gemma3 gemma3n mistral3 llama4 mllama qwen25vl gptoss", .cap_ctx_at_train = true,
	 /* no llama-kv-cache-*iswa.cpp in the llama.cpp the v0.11.4 tag vendors
	  * (docs/method.md §14: Ollama's runners up to v0.11.4) */
	 .llamacpp_swa_cache = false,
	 /* v0.10.0 to v0.11.3 against v0.11.4: llm/memory.go, llm/server.go,
	  * server/sched.go, envconfig/config.go and discover/gpu.go are
	  * byte-identical; fs/ggml adds gpt-oss and MXFP4 only, which both
	  * refuse */
	 .rel.same_from = "0.10.0", .rel.same_to = "0.11.4",
	 .rel.changed_before = "0.7.0 fits blocks from the last and 0.7.1 changed which layer is the buffer, "
	 "0.9.3 caps num_ctx at the trained context (PR #11175) and multiplies the graph estimates (PR "
	 "#11208), and 0.10.0 makes one request at a time the default (PR #11330)"},
	/* 0.12.11 on: llm/memory.go is gone; both runners go through
	 * llm/server.go createLayout, the llama.cpp runner with memory
	 * synthesised from GraphSize, Ollama's own engine with what its runner
	 * reports (docs/method.md §14b "Ollama 0.12.11 on") */
#define OLLAMA_LAYOUT_FILES                                                                              \
	"llm/server.go (createLayout, buildLayout, assignLayers, findBestFit, greedyFit; "                \
	"llamaServer.Load), "                                                                              \
	"fs/ggml/ggml.go (GraphSize, FlashAttention, OllamaEngineRequired), kvcache/causal.go, "          \
	"server/sched.go, envconfig/config.go, ml/device.go (MinimumMemory 457 MiB)"
#define FA_0_12_11 "gemma3 gptoss gpt-oss qwen3 qwen3moe qwen3vl qwen3vlmoe"
#define FA_0_13_2 FA_0_12_11 " mistral3"
#define FA_0_13_4 FA_0_13_2 " olmo3"
#define FA_0_13_5 FA_0_13_4 " bert"
#define FA_0_14_3 FA_0_13_5 " glm4moelite lfm2"
#define FA_0_15_5 FA_0_14_3 " glmocr qwen3next"
#define FA_0_17_1 FA_0_15_5 " lfm2moe nemotron_h nemotron_h_moe qwen35 qwen35moe"
#define FA_0_20_4 FA_0_17_1 " gemma4"
#define FA_0_22_0 FA_0_20_4 " nemotron_h_omni"
#define EN_0_12_11                                                                                       \
	"gemma3 gemma3n gptoss gpt-oss llama4 mistral3 mllama qwen25vl qwen3 qwen3moe qwen3vl qwen3vlmoe"
#define EN_0_13_0 EN_0_12_11 " deepseekocr deepseek2"
#define EN_0_13_2 EN_0_13_0 " nomic-bert"
#define EN_0_13_4 EN_0_13_2 " olmo3"
#define EN_0_13_5 EN_0_13_4 " bert"
#define EN_0_14_3 EN_0_13_5 " glm4moelite lfm2"
#define EN_0_15_5 EN_0_14_3 " qwen3next glmocr"
#define EN_0_17_1 EN_0_15_5 " nemotron_h nemotron_h_moe qwen35 qwen35moe lfm2moe"
#define EN_0_20_0 EN_0_17_1 " gemma4"
#define EN_0_22_0 EN_0_20_0 " laguna nemotron_h_omni"
#define P1_0_12_7 "mllama qwen3vl qwen3vlmoe"
#define P1_0_15_5 P1_0_12_7 " qwen3next lfm2 lfm2moe"
#define P1_0_17_1 P1_0_15_5 " qwen35 qwen35moe nemotron_h nemotron_h_moe"
#define P1_0_22_0 P1_0_17_1 " nemotron_h_omni"
#define CTX8192 "gptoss gpt-oss qwen3vl qwen3vlmoe"
#define OLLAMA_NEW .layout = GSI_OLLAMA_CREATE_LAYOUT, .cap_ctx_at_train = true
	{.rel.version = "0.12.11", OLLAMA_NEW, .num_ctx = 4096, .llamacpp_build = "b6325",
	 .fa_archs = FA_0_12_11, .engine_archs = EN_0_12_11, .ctx8192_archs = CTX8192,
	 .parallel1_archs = P1_0_12_7,
	 .rel.source = "Ollama v0.12.11 (memory.go deleted, f560bd07; llama.cpp 3cfa9c3f = b6840): "
	 OLLAMA_LAYOUT_FILES,
	 .rel.changed_before = "0.11.5 to 0.12.10 size a model by two rules at once (llm/memory.go for the "
	 "llama.cpp runner, runner-reported layouts for Ollama's own engine, opt-in until 0.11.11): give "
	 "0.11.4 for a llama.cpp-runner model, or 0.12.11"},
	{.rel.version = "0.13.0", OLLAMA_NEW, .num_ctx = 4096, .llamacpp_build = "b6325",
	 .fa_archs = FA_0_12_11, .engine_archs = EN_0_13_0, .ctx8192_archs = CTX8192,
	 .parallel1_archs = P1_0_12_7, .rel.same_from = "0.13.0", .rel.same_to = "0.13.1",
	 .rel.source = "Ollama v0.13.0 (deepseek2 on its own engine): " OLLAMA_LAYOUT_FILES},
	{.rel.version = "0.13.2", OLLAMA_NEW, .num_ctx = 4096, .llamacpp_build = "b6975",
	 .engine_pad_256 = true, .fa_archs = FA_0_13_2, .engine_archs = EN_0_13_2,
	 .ctx8192_archs = CTX8192, .parallel1_archs = P1_0_12_7,
	 .rel.source = "Ollama v0.13.2 (its cache padded to 256 always, 7837a5bc; llama.cpp 7f8ef50c = "
	 "b7209): " OLLAMA_LAYOUT_FILES},
	{.rel.version = "0.13.3", OLLAMA_NEW, .num_ctx = 4096, .llamacpp_build = "b6975",
	 .engine_pad_256 = true, .ubatch_is_batch = true, .fa_archs = FA_0_13_2, .engine_archs = EN_0_13_2,
	 .ctx8192_archs = CTX8192, .parallel1_archs = P1_0_12_7,
	 .rel.source = "Ollama v0.13.3 (the llama.cpp runner's n_ubatch = num_batch, 3475d915; llama.cpp "
	 "17f7f4ba = b7345): " OLLAMA_LAYOUT_FILES},
	{.rel.version = "0.13.4", OLLAMA_NEW, .num_ctx = 4096, .llamacpp_build = "b6975",
	 .engine_pad_256 = true, .ubatch_is_batch = true, .llama_fa_auto = true, .fa_archs = FA_0_13_4,
	 .engine_archs = EN_0_13_4, .ctx8192_archs = CTX8192, .parallel1_archs = P1_0_12_7,
	 .rel.source = "Ollama v0.13.4 (-fa auto for the llama.cpp runner, bd6c1d6b): " OLLAMA_LAYOUT_FILES},
	{.rel.version = "0.13.5", OLLAMA_NEW, .num_ctx = 4096, .llamacpp_build = "b7407",
	 .engine_pad_256 = true, .ubatch_is_batch = true, .llama_fa_auto = true, .fa_archs = FA_0_13_5,
	 .engine_archs = EN_0_13_5, .ctx8192_archs = CTX8192, .parallel1_archs = P1_0_12_7,
	 .rel.same_from = "0.13.5", .rel.same_to = "0.14.2",
	 .rel.source = "Ollama v0.13.5 to v0.14.2 (llama.cpp ec98e2002 = b7437): " OLLAMA_LAYOUT_FILES},
	{.rel.version = "0.14.3", OLLAMA_NEW, .num_ctx = 4096, .llamacpp_build = "b7407",
	 .engine_pad_256 = true, .ubatch_is_batch = true, .llama_fa_auto = true, .fa_archs = FA_0_14_3,
	 .engine_archs = EN_0_14_3, .ctx8192_archs = CTX8192, .parallel1_archs = P1_0_12_7,
	 .rel.same_from = "0.14.3", .rel.same_to = "0.15.4",
	 .rel.source = "Ollama v0.14.3 to v0.15.4: " OLLAMA_LAYOUT_FILES},
	{.rel.version = "0.15.5", OLLAMA_NEW, .llamacpp_build = "b7407", .ctx_tiers = true,
	 .engine_pad_256 = true, .ubatch_is_batch = true, .llama_fa_auto = true, .fa_archs = FA_0_15_5,
	 .engine_archs = EN_0_15_5, .parallel1_archs = P1_0_15_5,
	 .rel.same_from = "0.15.5", .rel.same_to = "0.17.0",
	 .rel.source = "Ollama v0.15.5 to v0.17.0 (num_ctx by the GPUs' memory, 0334ffa6, "
	 "server/routes.go Serve): " OLLAMA_LAYOUT_FILES},
	{.rel.version = "0.17.1", OLLAMA_NEW, .llamacpp_build = "b7407", .ctx_tiers = true,
	 .engine_pad_256 = true, .ubatch_is_batch = true, .llama_fa_auto = true, .fa_archs = FA_0_17_1,
	 .engine_archs = EN_0_17_1, .parallel1_archs = P1_0_17_1,
	 .rel.same_from = "0.17.1", .rel.same_to = "0.19.0",
	 .rel.source = "Ollama v0.17.1 to v0.19.0: " OLLAMA_LAYOUT_FILES},
	{.rel.version = "0.20.0", OLLAMA_NEW, .llamacpp_build = "b7407", .ctx_tiers = true,
	 .engine_pad_256 = true, .ubatch_is_batch = true, .llama_fa_auto = true, .fa_archs = FA_0_17_1,
	 .engine_archs = EN_0_20_0, .parallel1_archs = P1_0_17_1,
	 .rel.same_from = "0.20.0", .rel.same_to = "0.20.3",
	 .rel.source = "Ollama v0.20.0 to v0.20.3 (gemma4 on its own engine): " OLLAMA_LAYOUT_FILES},
	{.rel.version = "0.20.4", OLLAMA_NEW, .llamacpp_build = "b7407", .ctx_tiers = true,
	 .engine_pad_256 = true, .ubatch_is_batch = true, .llama_fa_auto = true, .fa_archs = FA_0_20_4,
	 .engine_archs = EN_0_20_0, .parallel1_archs = P1_0_17_1,
	 .rel.same_from = "0.20.4", .rel.same_to = "0.21.2",
	 .rel.source = "Ollama v0.20.4 to v0.21.2: " OLLAMA_LAYOUT_FILES},
	{.rel.version = "0.22.0", OLLAMA_NEW, .llamacpp_build = "b7407", .ctx_tiers = true,
	 .engine_pad_256 = true, .ubatch_is_batch = true, .llama_fa_auto = true, .fa_archs = FA_0_22_0,
	 .engine_archs = EN_0_22_0, .parallel1_archs = P1_0_22_0,
	 .rel.same_from = "0.22.0", .rel.same_to = "0.24.0",
	 .rel.source = "Ollama v0.22.0 to v0.24.0, the last with its own runners: " OLLAMA_LAYOUT_FILES},
	/* 0.30.0 on: every GGUF runs in upstream llama-server, whose --fit
	 * places the layers; Ollama passes -c, -np, -b/-ub, --flash-attn and the
	 * cache types (llm/llama_server.go startLlamaServer) */
#define OLLAMA_SERVER_FILES                                                                              \
	"llm/llama_server.go (startLlamaServer), server/sched.go (automaticGenerationBatch, "             \
	"selectLlamaServerPlacement, effectiveModelContext), server/routes.go (the num_ctx tiers)"
	{.rel.version = "0.30.0", .layout = GSI_OLLAMA_LLAMA_SERVER, .cap_ctx_at_train = true,
	 .llamacpp_build = "b8025", .ctx_tiers = true, .auto_batch = true, .parallel1_archs = P1_0_22_0,
	 .rel.source = "Ollama v0.30.0 (the Go and CGo runners removed, 9db4bdba; LLAMA_CPP_VERSION b9452): "
	 OLLAMA_SERVER_FILES},
	{.rel.version = "0.30.1", .layout = GSI_OLLAMA_LLAMA_SERVER, .cap_ctx_at_train = true,
	 .llamacpp_build = "b9460", .ctx_tiers = true, .auto_batch = true, .parallel1_archs = P1_0_22_0,
	 .rel.same_from = "0.30.1", .rel.same_to = "0.32.14",
	 .rel.source = "Ollama v0.30.1 to v0.32.14 (LLAMA_CPP_VERSION b9479 to b10434; 0.32.15's b10488 is "
	 "past the builds read, b10470): "
	 OLLAMA_SERVER_FILES},
#undef OLLAMA_NEW
};
#undef OLLAMA_LAYOUT_FILES
#undef OLLAMA_SERVER_FILES
#undef FA_0_12_11
#undef FA_0_13_2
#undef FA_0_13_4
#undef FA_0_13_5
#undef FA_0_14_3
#undef FA_0_15_5
#undef FA_0_17_1
#undef FA_0_20_4
#undef FA_0_22_0
#undef EN_0_12_11
#undef EN_0_13_0
#undef EN_0_13_2
#undef EN_0_13_4
#undef EN_0_13_5
#undef EN_0_14_3
#undef EN_0_15_5
#undef EN_0_17_1
#undef EN_0_20_0
#undef EN_0_22_0
#undef P1_0_12_7
#undef P1_0_15_5
#undef P1_0_17_1
#undef P1_0_22_0
#undef CTX8192

/* Each engine's table as gsi_release_pick and the lists read it: rows of
 * `stride` bytes, each beginning with its gsi_release. */
_Static_assert(offsetof(gsi_vllm_release, rel) == 0, "the common part comes first");
_Static_assert(offsetof(gsi_sglang_release, rel) == 0, "the common part comes first");
_Static_assert(offsetof(gsi_ollama_release, rel) == 0, "the common part comes first");
_Static_assert(offsetof(gsi_llamacpp_release, rel) == 0, "the common part comes first");

typedef struct release_table {
	gs_runtime engine;
	const void *rows;
	size_t count, stride;
} release_table;

#define TABLE(engine, rows) {engine, rows, sizeof rows / sizeof rows[0], sizeof rows[0]}
static const release_table tables[] = {
	TABLE(GS_RT_VLLM, vllm_releases),
	TABLE(GS_RT_SGLANG, sglang_releases),
	TABLE(GS_RT_OLLAMA, ollama_releases),
	TABLE(GS_RT_LLAMACPP, llamacpp_releases),
};

/* The engine's table; one without rows for an engine that has none. */
static release_table table_of(gs_runtime engine)
{
	for (size_t i = 0; i < sizeof tables / sizeof tables[0]; i++)
		if (tables[i].engine == engine)
			return tables[i];
	return (release_table){engine, NULL, 0, 0};
}

/* The common part of row i of t. */
static const gsi_release *row_at(const release_table *t, size_t i)
{
	return (const gsi_release *)(const void *)((const char *)t->rows + i * t->stride);
}

/* A release number's parts: major, minor, patch, and the fourth part vLLM
 * gives some patch releases (0.9.0.1, 0.10.1.1); missing parts are 0. */
#define VPARTS 4

static int cmp_version(const unsigned a[VPARTS], const unsigned b[VPARTS])
{
	for (int i = 0; i < VPARTS; i++)
		if (a[i] != b[i])
			return a[i] < b[i] ? -1 : 1;
	return 0;
}

/* "0.6.4", "v0.6.4", "0.6.4.post1" (0.6.4.1), "0.10" (patch 0), "0.10.1.1",
 * or a llama.cpp build "b7342" (its number the first part): 1 when it
 * parses. */
static int parse_version(const char *s, unsigned out[VPARTS])
{
	for (int i = 0; i < VPARTS; i++)
		out[i] = 0;
	if ((*s == 'b' || *s == 'B') && s[1] >= '0' && s[1] <= '9') {
		int digits = 0;
		for (s++; *s >= '0' && *s <= '9' && digits < 7; s++, digits++)
			out[0] = out[0] * 10 + (unsigned)(*s - '0');
		return *s == 0;
	}
	if (*s == 'v' || *s == 'V')
		s++;
	int parts = 0;
	while (parts < VPARTS) {
		unsigned v = 0;
		int digits = 0;
		while (*s >= '0' && *s <= '9' && digits < 6) {
			v = v * 10 + (unsigned)(*s++ - '0');
			digits++;
		}
		if (!digits)
			return 0;
		out[parts++] = v;
		if (*s != '.')
			break;
		s++;
		/* ".post2" after three parts is the fourth (SGLang's 0.5.3.post2
		 * is a release of its own, after 0.5.3.post1) */
		if (parts == 3 && !strncmp(s, "post", 4) && s[4] >= '0' && s[4] <= '9') {
			s += 4;
			continue;
		}
		if (!(*s >= '0' && *s <= '9'))
			break; /* ".dev0": a suffix, not a part */
	}
	if (parts < 2)
		return 0;
	/* what may follow: nothing, or a PEP 440 / local suffix (post1, rc1, +cu121) */
	return *s == 0 || (*s >= 'a' && *s <= 'z') || *s == '+' || *s == '-';
}

bool gsi_version_older(const char *a, const char *b)
{
	unsigned x[VPARTS], y[VPARTS];
	return parse_version(a, x) && parse_version(b, y) && cmp_version(x, y) < 0;
}

void gsi_release_list(gs_runtime engine, char *buf, size_t cap)
{
	release_table t = table_of(engine);
	buf[0] = 0;
	for (size_t i = 0; i < t.count; i++) {
		const gsi_release *r = row_at(&t, i);
		size_t n = strlen(buf);
		if (r->same_from)
			snprintf(buf + n, cap - n, "%s%s (for %s to %s)", n ? ", " : "", r->version,
			         r->same_from, r->same_to);
		else
			snprintf(buf + n, cap - n, "%s%s", n ? ", " : "", r->version);
	}
}

bool gsi_release_v0_on_cc_below_8(const gsi_vllm_release *r, const char *asked)
{
	unsigned a[VPARTS], b[VPARTS];
	return r->cc8_v0_until && parse_version(asked, a) && parse_version(r->cc8_v0_until, b) &&
	       cmp_version(a, b) < 0;
}

size_t gsi_release_versions(gs_runtime engine, const char **out, size_t cap)
{
	release_table t = table_of(engine);
	size_t n = 0;
	for (size_t i = 0; i < t.count && n < cap; i++)
		out[n++] = row_at(&t, i)->version;
	return n;
}

/* The row whose same_from..same_to holds v, or NULL. */
static const gsi_release *row_covering(const release_table *t, const unsigned v[VPARTS])
{
	for (size_t i = 0; i < t->count; i++) {
		const gsi_release *r = row_at(t, i);
		if (!r->same_from)
			continue;
		unsigned from[VPARTS], to[VPARTS];
		parse_version(r->same_from, from);
		parse_version(r->same_to, to);
		if (cmp_version(from, v) <= 0 && cmp_version(v, to) <= 0)
			return r;
	}
	return NULL;
}

const char *gsi_release_before(gs_runtime engine, const gsi_release *r)
{
	release_table t = table_of(engine);
	for (size_t i = 1; i < t.count; i++)
		if (row_at(&t, i) == r)
			return row_at(&t, i - 1)->version;
	return NULL;
}

gs_status gsi_release_pick(gs_runtime engine, const gs_workload *w, const gsi_release **out,
                           char *note, size_t notecap, gsi_pick *how, gs_error *err)
{
	release_table t = table_of(engine);
	const gsi_release *below = NULL, *above = NULL;
	note[0] = 0;
	*how = GSI_PICK_EXACT;
	if (!t.count)
		return gs_error_set(err, GS_EUNSUPPORTED, NULL, "no release table for this runtime");
	const gsi_release *newest = row_at(&t, t.count - 1);
	if (!gs_wl_set(w, GS_F_RUNTIME_VERSION)) {
		*out = newest;
		return GS_OK;
	}
	const char *text = gs_wl_str(w, GS_F_RUNTIME_VERSION);
	const char *where = w->v[GS_F_RUNTIME_VERSION].where;
	char known[GSI_RELEASE_LIST_MAX];
	gsi_release_list(engine, known, sizeof known);
	unsigned v[VPARTS];
	bool build = (text[0] == 'b' || text[0] == 'B'), builds = engine == GS_RT_LLAMACPP;
	if (!parse_version(text, v) || build != builds)
		return gs_error_set(err, GS_EINPUT, where, "\"%.40s\" is not a %s; known %s: %s", text,
		                    builds ? "llama.cpp build (bNNNN, the release tag)" : "release number",
		                    builds ? "builds" : "releases", known);
	for (size_t i = 0; i < t.count; i++) {
		const gsi_release *r = row_at(&t, i);
		unsigned rv[VPARTS];
		parse_version(r->version, rv); /* the table's own versions always parse (unit test) */
		int c = cmp_version(rv, v);
		if (c == 0) {
			*out = r;
			return GS_OK;
		}
		if (c < 0)
			below = r;
		else if (!above)
			above = r;
	}
	const gsi_release *same = row_covering(&t, v);
	if (same) {
		*out = same;
		*how = GSI_PICK_SAME;
		snprintf(note, notecap, "%.40s estimates as %s does: the files its estimate reads were "
		         "compared with %s's and do not differ in it", text, same->version, same->version);
		return GS_OK;
	}
	if (!below)
		return gs_error_set(err, GS_EINPUT, where, "%.40s is older than the oldest release gpusizer "
		                    "knows; known releases: %s", text, known);
	if (below == newest) {
		/* the seed's three classes: the newest rules are usually close, so
		 * the release is answered with them, to confirm (issue 46) */
		*out = newest;
		*how = GSI_PICK_NEWER;
		snprintf(note, notecap, "%.40s is newer than the rules read (%s): %s's rules are used and "
		         "the answer is to confirm", text, newest->version, newest->version);
		return GS_OK;
	}
	if (above->changed_before)
		return gs_error_set(err, GS_EINPUT, where, "%.40s is not in the release table, and the "
		                    "estimate changed between %s and %s: %s. The older row's rules would be "
		                    "wrong, so none is used; known releases: %s", text, below->version,
		                    above->version, above->changed_before, known);
	*out = below;
	*how = GSI_PICK_BETWEEN;
	snprintf(note, notecap, "%.40s is not in the release table: the defaults of %s, the known release "
	         "before it, are used", text, below->version);
	return GS_OK;
}

bool gsi_in_words(const char *list, const char *word)
{
	size_t n = word ? strlen(word) : 0;
	if (!list || !n)
		return false;
	for (const char *p = list; *p;) {
		size_t k = strcspn(p, " ");
		if (k == n && !strncasecmp(p, word, n))
			return true;
		p += k + (p[k] == ' ');
	}
	return false;
}

/* state_dtype asks for the dtype of a recurrent state: refused on a model
 * that keeps none, and where the release's flag does not take the value
 * (vLLM's MambaDType gained bfloat16 in 0.22, SGLang's choices float16 in
 * 0.5.9). A release that sizes no state refuses the model elsewhere. */
static gs_status state_dtype_taken(const gs_estimate *e, gs_runtime engine, const gsi_release *r,
                                   gs_error *err)
{
	const gs_workload *w = &e->workload;
	if (!gs_wl_set(w, GS_F_STATE_DTYPE))
		return GS_OK;
	const char *want = gs_wl_str(w, GS_F_STATE_DTYPE), *where = w->v[GS_F_STATE_DTYPE].where;
	if (!gs_model_ssm_layers(&e->model))
		return gs_error_set(err, GS_EINPUT, where, "state_dtype %s: model_type \"%.40s\" keeps no "
		                    "recurrent state (no state-space or linear-attention layer)", want,
		                    e->model.model_type);
	if (r->state_dtypes && strcmp(want, "auto") && !gsi_in_words(r->state_dtypes, want)) {
		const char *asked = gs_wl_set(w, GS_F_RUNTIME_VERSION) ? gs_wl_str(w, GS_F_RUNTIME_VERSION)
		                                                       : r->version;
		return gs_error_set(err, GS_EINPUT, where, "state_dtype %s: %s %.40s (the %s row) takes one "
		                    "of: auto (the engine's rule) %s", want, gs_runtime_name(engine), asked,
		                    r->version, r->state_dtypes);
	}
	return GS_OK;
}

/* The first release of an engine that serves a model type: the release
 * whose tree holds the model's file (or its registry entry), read in the
 * vLLM tags and release branches (the union mirror's releases/v0.9.0 to
 * v0.20.0, the AppMana+forks-vllm-ampere v0.8.x tags;
 * vllm/model_executor/models/) and the SGLang tags
 * (python/sglang/srt/models/). Older releases refuse the model
 * by name. A type not listed is served by every release read. */
static const struct {
	gs_runtime engine;
	const char *type;  /* model_type, or a vision-language config's text type */
	const char *since; /* the first release that has it                     */
	const char *what;  /* what arrived then                                 */
} engine_models[] = {
	{GS_RT_VLLM, "ministral3", "0.20.0",
	 "Ministral3ForCausalLM in models/registry.py (PR #39293, which also loads Devstral Small 2's "
	 "HF-format FP8 weights)"},
	{GS_RT_VLLM, "qwen3_vl", "0.11.0", "models/qwen3_vl.py (PR #24727)"},
	{GS_RT_VLLM, "qwen3_vl_moe", "0.11.0", "models/qwen3_vl_moe.py (PR #24727)"},
	{GS_RT_VLLM, "qwen3_5", "0.17.0", "models/qwen3_5.py (PR #34110)"},
	{GS_RT_VLLM, "qwen3_5_moe", "0.17.0", "models/qwen3_5.py (PR #34110)"},
	{GS_RT_SGLANG, "ministral3", "0.5.6.post1", "models/ministral3.py"},
	{GS_RT_SGLANG, "qwen3_vl", "0.5.3", "models/qwen3_vl.py"},
	{GS_RT_SGLANG, "qwen3_vl_moe", "0.5.3", "models/qwen3_vl_moe.py"},
	{GS_RT_SGLANG, "qwen3_5", "0.5.9", "models/qwen3_5.py"},
	{GS_RT_SGLANG, "qwen3_5_moe", "0.5.9", "models/qwen3_5.py"},
	{GS_RT_VLLM, "glm4_moe", "0.10.0", "models/glm4_moe.py (PR #20736)"},
	{GS_RT_VLLM, "glm4_moe_lite", "0.15.0", "models/glm4_moe_lite.py (PR #31386)"},
	{GS_RT_VLLM, "glm_moe_dsa", "0.16.0", "models/registry.py's GlmMoeDsaForCausalLM (PR #34124)"},
	{GS_RT_VLLM, "deepseek_v32", "0.11.0",
	 "models/registry.py's DeepseekV32ForCausalLM (PR #25896, models/deepseek_v2.py's Indexer)"},
	{GS_RT_VLLM, "llama4", "0.8.3", "models/mllama4.py (PR #16113)"},
	{GS_RT_VLLM, "llama4_text", "0.8.3", "models/llama4.py (PR #16113)"},
	{GS_RT_VLLM, "minimax_m2", "0.11.1", "models/minimax_m2.py (PR #27535)"},
	{GS_RT_VLLM, "granitemoehybrid", "0.9.0", "models/granitemoehybrid.py (PR #17497)"},
	{GS_RT_VLLM, "lfm2", "0.10.2", "models/lfm2.py (PR #22845)"},
	{GS_RT_VLLM, "lfm2_vl", "0.14.0", "models/lfm2_vl.py (PR #31758)"},
	{GS_RT_SGLANG, "glm4_moe", "0.4.9.post5", "models/glm4_moe.py"},
	{GS_RT_SGLANG, "glm4_moe_lite", "0.5.8", "models/glm4_moe_lite.py"},
	{GS_RT_SGLANG, "glm_moe_dsa", "0.5.9", "models/glm4_moe.py's GlmMoeDsaForCausalLM"},
	{GS_RT_SGLANG, "deepseek_v32", "0.5.3", "models/deepseek_v2.py's DeepseekV32ForCausalLM"},
	/* Kimi K2.5: vLLM's models/kimi_k25.py and kimi_k25_vit.py (PR #33131,
	 * first in the v0.15.0 tag, absent from v0.14.1); SGLang's
	 * models/kimi_k25.py (PR #17789, first in v0.5.9, absent from
	 * v0.5.8.post1) */
	{GS_RT_VLLM, "kimi_k25", "0.15.0", "models/kimi_k25.py and kimi_k25_vit.py (PR #33131)"},
	{GS_RT_SGLANG, "kimi_k25", "0.5.9", "models/kimi_k25.py (PR #17789)"},
	{GS_RT_SGLANG, "llama4", "0.4.5", "models/mllama4.py"},
	{GS_RT_SGLANG, "llama4_text", "0.4.5", "models/llama4.py"},
	{GS_RT_SGLANG, "minimax_m2", "0.5.4.post1", "models/minimax_m2.py"},
	{GS_RT_SGLANG, "granitemoehybrid", "0.5.9", "models/granitemoehybrid.py"},
	{GS_RT_SGLANG, "lfm2", "0.5.9", "models/lfm2.py"},
	{GS_RT_SGLANG, "lfm2_vl", "0.5.10", "models/lfm2_vl.py"},
	/* Gemma 3n: vLLM's text-only models/gemma3n.py (PR #20134) registers
	 * Gemma3nForConditionalGeneration from 0.9.2, the towers from 0.10.1
	 * (gemma3n_mm.py, PR #20495); SGLang's gemma3n_causal.py and
	 * gemma3n_mm.py arrive together */
	{GS_RT_VLLM, "gemma3n", "0.9.2", "models/gemma3n.py (PR #20134, text only until 0.10.1)"},
	{GS_RT_SGLANG, "gemma3n", "0.4.8.post1", "models/gemma3n_causal.py and gemma3n_mm.py"},
	/* Gemma 4: vLLM's models/gemma4.py and gemma4_mm.py (PR #38826, picked
	 * onto the 0.19.0 tag; absent from 0.18.x) register Gemma4ForCausalLM
	 * and Gemma4ForConditionalGeneration; SGLang's gemma4_causal.py,
	 * gemma4_mm.py (vision and audio towers) from the 0.5.11 tag (absent
	 * from 0.5.10.post1) */
	{GS_RT_VLLM, "gemma4", "0.19.0", "models/gemma4.py and gemma4_mm.py (PR #38826)"},
	{GS_RT_VLLM, "gemma4_text", "0.19.0", "models/gemma4.py (PR #38826)"},
	{GS_RT_SGLANG, "gemma4", "0.5.11", "models/gemma4_causal.py and gemma4_mm.py"},
	{GS_RT_SGLANG, "gemma4_text", "0.5.11", "models/gemma4_causal.py"},
	/* Olmo 3: vLLM's models/registry.py maps Olmo3ForCausalLM to olmo2.py's
	 * Olmo2ForCausalLM from the 0.11.0 tag (PR #24534; absent from 0.10.2);
	 * SGLang's configs/olmo3.py renames the architecture Olmo2ForCausalLM,
	 * whose models/olmo2.py slides the layers layer_types names, from the
	 * 0.5.4 tag (neither at 0.5.3). EXAONE 4.0: vLLM's models/exaone4.py
	 * (PR #21060) from the 0.10.0 tag (absent from 0.9.2), SGLang's
	 * models/exaone4.py from the 0.5.9 tag (absent from 0.5.8.post1) */
	{GS_RT_VLLM, "olmo3", "0.11.0",
	 "models/registry.py's Olmo3ForCausalLM (PR #24534, served by models/olmo2.py)"},
	{GS_RT_SGLANG, "olmo3", "0.5.4",
	 "configs/olmo3.py (Olmo3ForCausalLM served as models/olmo2.py's Olmo2ForCausalLM)"},
	{GS_RT_VLLM, "exaone4", "0.10.0", "models/exaone4.py (PR #21060)"},
	{GS_RT_SGLANG, "exaone4", "0.5.9", "models/exaone4.py"},
};

/* Refuse a model the asked release (or, none asked, the row) predates. */
static gs_status model_served(const gs_estimate *e, gs_runtime engine, const gsi_release *r, gs_error *err)
{
	const gs_workload *w = &e->workload;
	bool asked = gs_wl_set(w, GS_F_RUNTIME_VERSION);
	const char *version = asked ? gs_wl_str(w, GS_F_RUNTIME_VERSION) : r->version;
	unsigned v[VPARTS], since[VPARTS];
	if (!parse_version(version, v))
		return GS_OK; /* gsi_release_pick has parsed it already */
	for (size_t i = 0; i < sizeof engine_models / sizeof engine_models[0]; i++) {
		const char *type = engine_models[i].type;
		if (engine_models[i].engine != engine ||
		    (strcmp(e->model.model_type, type) && strcmp(e->model.text_model_type, type)))
			continue;
		const char *first = engine_models[i].since;
		parse_version(first, since);
		if (cmp_version(v, since) >= 0)
			continue;
		const char *where = w->v[asked ? GS_F_RUNTIME_VERSION : GS_F_RUNTIME].where;
		return gs_error_set(err, GS_EUNSUPPORTED, where,
		                    "%s %.40s does not serve model_type \"%s\": %s arrived in %s; give "
		                    "runtime_version %s or later", gs_runtime_name(engine), version, type,
		                    engine_models[i].what, first, first);
	}
	return GS_OK;
}

/* Which GPUs an engine release loads a 4-bit float checkpoint on, by the
 * checkpoint's producer: the lowest compute capability (x 10) its config
 * class or scheme accepts (get_min_capability) from the release `since` on,
 * read at each tag (vLLM: quantization/modelopt.py ModelOptNvFp4Config and
 * compressed_tensors/schemes/compressed_tensors_w4a4_nvfp4.py,
 * compressed_tensors_w4a16_nvfp4.py, compressed_tensors_w4a4_mxfp4.py;
 * SGLang: layers/quantization/modelopt_quant.py ModelOptFp4Config and
 * compressed_tensors/schemes/compressed_tensors_w4a4_nvfp4.py). Below 10.0
 * the releases that accept it run a weight-only Marlin GEMM; a release
 * older than every row has no such path and refuses the checkpoint. */
static const struct {
	gs_runtime engine;
	gs_family family;   /* GS_FAM_NVFP4 or GS_FAM_MXFP4 (every linear)      */
	bool ct;            /* compressed-tensors' scheme, else ModelOpt's      */
	const char *since;
	unsigned min_cc;    /* x 10: 100 = Blackwell only                       */
	const char *what;
} fp4_rows[] = {
	{GS_RT_VLLM, GS_FAM_NVFP4, false, "0.8.0", 100,
	 "ModelOptNvFp4Config, CUTLASS FP4 only (get_min_capability 100)"},
	{GS_RT_VLLM, GS_FAM_NVFP4, false, "0.9.0", 80,
	 "ModelOptNvFp4Config with a Marlin weight-only GEMM below 10.0 (get_min_capability 80)"},
	{GS_RT_VLLM, GS_FAM_NVFP4, false, "0.14.0", 75, "ModelOptNvFp4Config, Marlin from Turing on "
	 "(get_min_capability 75)"},
	{GS_RT_VLLM, GS_FAM_NVFP4, true, "0.9.1", 80, "CompressedTensorsW4A4Fp4 (get_min_capability 80; "
	 "from 0.9.2 CompressedTensorsW4A16Fp4's Marlin below 10.0)"},
	{GS_RT_VLLM, GS_FAM_NVFP4, true, "0.16.0", 75,
	 "CompressedTensorsW4A16Fp4's Marlin from Turing on (get_min_capability 75)"},
	{GS_RT_VLLM, GS_FAM_MXFP4, true, "0.23.0", 80, "CompressedTensorsW4A4MXFp4 (get_min_capability 80; "
	 "in no release read up to 0.21.0, 0.22.0 not read)"},
	{GS_RT_SGLANG, GS_FAM_NVFP4, false, "0.4.6", 100,
	 "ModelOptFp4Config on Blackwell only (get_min_capability 100)"},
	{GS_RT_SGLANG, GS_FAM_NVFP4, false, "0.5.15", 80,
	 "ModelOptFp4Config with --fp4-gemm-backend auto's Marlin on 8.0 to 9.x (get_min_capability 80)"},
	{GS_RT_SGLANG, GS_FAM_NVFP4, true, "0.5.9", 100,
	 "CompressedTensorsW4A4Fp4 on Blackwell only (get_min_capability 100, no Marlin path)"},
};

/* A device's compute capability x 10 ("8.9" -> 89), or 0 when it has none
 * (a ROCm part's gfx name). */
static unsigned cc_of(const gs_device *d)
{
	const char *c = d ? d->compute_capability : "";
	if (!(c[0] >= '0' && c[0] <= '9'))
		return 0;
	unsigned major = (unsigned)strtoul(c, NULL, 10);
	const char *dot = strchr(c, '.');
	return major * 10 + (dot && dot[1] >= '0' && dot[1] <= '9' ? (unsigned)(dot[1] - '0') : 0);
}

/* Whether a matrix of the model is not a multiple of what the FP4 GEMMs
 * tile without padding: NVFP4's swizzled scales pad rows to 128 and the
 * scale columns to 4 (nvfp4_utils.py swizzle_blockscale), Marlin pads to
 * (n % 64, k % 128) or (n % 128, k % 64) (marlin_utils.py marlin_padded_nk,
 * main only) @7cfb97e3379; the first such module in `name`. */
static bool fp4_unaligned(const gs_model *m, char *name, size_t cap)
{
	for (size_t i = 0; i < m->n_modules; i++) {
		const gs_linear_module *x = &m->modules[i];
		if (x->tower)
			continue;
		bool swizzle = x->out % 128 || (x->in / 16) % 4;
		bool marlin = !((x->out % 64 == 0 && x->in % 128 == 0) ||
		                (x->out % 128 == 0 && x->in % 64 == 0));
		if (swizzle || marlin) {
			snprintf(name, cap, "%s (%llu x %llu)", x->name, (unsigned long long)x->out,
			         (unsigned long long)x->in);
			return true;
		}
	}
	return false;
}

/* NVFP4 and MXFP4 on every linear: refused where the release or the GPU
 * has no path for them; said which path holds them (the same bytes:
 * Marlin repacks the 4-bit codes, gptq_marlin_repack, and re-encodes the
 * E4M3 scales to one byte each, marlin_utils_fp4.py
 * prepare_fp4_layer_for_marlin @7cfb97e3379). */
static const char *engine_label(gs_runtime engine)
{
	return engine == GS_RT_VLLM ? "vLLM" : engine == GS_RT_SGLANG ? "SGLang" : gs_runtime_name(engine);
}

static gs_status fp4_served(gs_estimate *e, gs_runtime engine, const char *version, gs_error *err)
{
	const gs_format *f = &e->format;
	const gs_workload *w = &e->workload;
	if (f->family != GS_FAM_NVFP4 && !(f->family == GS_FAM_MXFP4 && !f->experts_only))
		return GS_OK;
	bool ct = !strcmp(e->model.quant_method, "compressed-tensors");
	const char *producer = ct ? "compressed-tensors" : "ModelOpt";
	gs_field asked = gs_wl_set(w, GS_F_RUNTIME_VERSION) ? GS_F_RUNTIME_VERSION : GS_F_RUNTIME;
	const char *where = w->v[asked].where;
	unsigned v[VPARTS], since[VPARTS];
	if (!parse_version(version, v))
		return GS_OK;
	int row = -1;
	for (size_t i = 0; i < sizeof fp4_rows / sizeof fp4_rows[0]; i++) {
		if (fp4_rows[i].engine != engine || fp4_rows[i].family != f->family || fp4_rows[i].ct != ct)
			continue;
		parse_version(fp4_rows[i].since, since);
		if (cmp_version(v, since) >= 0)
			row = (int)i;
	}
	if (row < 0) {
		const char *first = NULL;
		for (size_t i = 0; i < sizeof fp4_rows / sizeof fp4_rows[0] && !first; i++)
			if (fp4_rows[i].engine == engine && fp4_rows[i].family == f->family &&
			    fp4_rows[i].ct == ct)
				first = fp4_rows[i].since;
		if (!first)
			return gs_error_set(err, GS_EUNSUPPORTED, where, "format %s: %s's loading of %s %s "
			                    "checkpoints is not read in any release (refused, not guessed)",
			                    f->name, engine_label(engine), producer, f->name);
		return gs_error_set(err, GS_EUNSUPPORTED, where, "format %s: %s %.40s has no %s %s path "
		                    "(it arrived in %s); give runtime_version %s or later", f->name,
		                    engine_label(engine), version, producer, f->name, first, first);
	}
	unsigned min = fp4_rows[row].min_cc, cc = cc_of(w->device);
	if (!w->device) {
		gsi_unknown(e, "weights: %s %s runs %s %s natively on compute capability 10.0 and later%s; "
		            "no --gpu names the GPU, and either way the weights keep their bytes",
		            engine_label(engine), version, producer, f->name,
		            min < 100 ? ", through a weight-only Marlin GEMM below" : " only");
		return GS_OK;
	}
	if (cc < min)
		return gs_error_set(err, GS_EUNSUPPORTED, w->v[GS_F_GPU].where,
		                    "format %s: %s %.40s loads %s %s from compute capability %u.%u on "
		                    "(%s); %s has %s", f->name,
		                    engine_label(engine), version, producer, f->name, min / 10, min % 10,
		                    fp4_rows[row].what, w->device->name, w->device->compute_capability);
	char bad[96];
	bool unaligned = fp4_unaligned(&e->model, bad, sizeof bad);
	if (cc < 100) {
		gsi_unknown(e, "weights: %s %s holds %s %s on compute capability %s through Marlin's "
		            "weight-only GEMM, with the checkpoint's bytes (the 4-bit codes repacked, one "
		            "scale byte per 16)", engine_label(engine), version, producer, f->name,
		            w->device->compute_capability);
		if (unaligned)
			gsi_unknown(e, "weights: %s is off Marlin's tiles (n %% 64 and k %% 128, or the "
			            "reverse): %s", bad,
			            engine == GS_RT_VLLM ? "vLLM's main zero-pads it (marlin_padded_nk), not "
			                                   "sized"
			                                 : "how SGLang's Marlin pads it is not read");
	} else if (unaligned)
		gsi_unknown(e, "weights: %s's native FP4 GEMM pads the block scales to 128 rows x 4 columns; "
		            "%s is off that tile, its padding not sized", engine_label(engine), bad);
	return GS_OK;
}

/* The checkpoint's KV cache format taken as the default: from vLLM 0.14.0
 * "auto" follows ModelOpt's kv_cache_quant_algo FP8 (torch_utils.py
 * resolve_kv_cache_dtype_string, MODELOPT_TO_VLLM_KV_CACHE_DTYPE_MAP),
 * and SGLang's from 0.5.3 (model_executor/model_runner.py; 0.5.18's
 * mem_cache/kv_cache_dtype.py configure_kv_cache_dtype: fp8_e4m3 when
 * kv_cache_quant_algo is FP8).
 * compressed-tensors' kv_cache_scheme is not followed there. */
static gs_status checkpoint_kv(gs_estimate *e, gs_runtime engine, const char *version, gs_error *err)
{
	const gs_workload *w = &e->workload;
	const gs_model *m = &e->model;
	if (strcmp(m->quant_kv, "fp8") || strncmp(m->quant_method, "modelopt", 8) ||
	    gs_wl_set(w, GS_F_KV_FORMAT) || !(e->format_from_checkpoint || e->stored_format))
		return GS_OK;
	unsigned v[VPARTS], since[VPARTS];
	if (!parse_version(version, v) || !parse_version(engine == GS_RT_VLLM ? "0.14.0" : "0.5.3", since) ||
	    cmp_version(v, since) < 0 || (engine != GS_RT_VLLM && engine != GS_RT_SGLANG))
		return GS_OK;
	gs_status s = gs_kv_format_parse("fp8-e4m3", "kv_format", &e->kv_format, err);
	if (s)
		return s;
	e->kv_format_v = e->kv_format;
	gsi_unknown(e, "kv_format: fp8-e4m3, as %s %s's \"auto\" takes from the checkpoint's ModelOpt "
	            "kv_cache_quant_algo FP8 (give --kv-format bf16 for a 16-bit cache)",
	            engine_label(engine), version);
	return GS_OK;
}

gs_status gsi_release_for(gs_estimate *e, gs_runtime engine, const gsi_release **out, gs_error *err)
{
	gsi_pick how;
	gs_status s = gsi_release_pick(engine, &e->workload, out, e->release_note, sizeof e->release_note,
	                               &how, err);
	if (s)
		return s;
	if ((s = state_dtype_taken(e, engine, *out, err)) || (s = model_served(e, engine, *out, err)))
		return s;
	const char *asked = gs_wl_set(&e->workload, GS_F_RUNTIME_VERSION)
	                            ? gs_wl_str(&e->workload, GS_F_RUNTIME_VERSION)
	                            : (*out)->version;
	if ((s = fp4_served(e, engine, asked, err)) || (s = checkpoint_kv(e, engine, asked, err)))
		return s;
	snprintf(e->runtime_version, sizeof e->runtime_version, "%s", (*out)->version);
	e->release_source = (*out)->source;
	if (how == GSI_PICK_BETWEEN)
		gsi_unknown(e, "runtime_version: %s", e->release_note);
	if (how == GSI_PICK_NEWER) {
		const char *prev = gsi_release_before(engine, *out);
		e->release_newer = true;
		snprintf(e->release_asked, sizeof e->release_asked, "%.15s",
		         gs_wl_str(&e->workload, GS_F_RUNTIME_VERSION));
		snprintf(e->release_prev, sizeof e->release_prev, "%s", prev ? prev : "");
		gsi_unknown(e, "runtime_version: %s; the interval is widened by how far the last two rows "
		            "(%s, %s) move this estimate", e->release_note, prev ? prev : "none",
		            (*out)->version);
	}
	return GS_OK;
}

/* The picked row's common part is the first member of a row of the
 * engine's own type (the assertions above), so it converts back to it. */
gs_status gsi_vllm_release_for(gs_estimate *e, const gsi_vllm_release **out, gs_error *err)
{
	const gsi_release *r;
	gs_status s = gsi_release_for(e, GS_RT_VLLM, &r, err);
	if (!s)
		*out = (const gsi_vllm_release *)(const void *)r;
	return s;
}

gs_status gsi_sglang_release_for(gs_estimate *e, const gsi_sglang_release **out, gs_error *err)
{
	const gsi_release *r;
	gs_status s = gsi_release_for(e, GS_RT_SGLANG, &r, err);
	if (!s)
		*out = (const gsi_sglang_release *)(const void *)r;
	return s;
}

gs_status gsi_llamacpp_release_for(gs_estimate *e, const gsi_llamacpp_release **out, gs_error *err)
{
	const gsi_release *r;
	gs_status s = gsi_release_for(e, GS_RT_LLAMACPP, &r, err);
	if (!s)
		*out = (const gsi_llamacpp_release *)(const void *)r;
	return s;
}

gs_status gsi_ollama_release_for(gs_estimate *e, const gsi_ollama_release **out, gs_error *err)
{
	const gsi_release *r;
	gs_status s = gsi_release_for(e, GS_RT_OLLAMA, &r, err);
	if (!s)
		*out = (const gsi_ollama_release *)(const void *)r;
	return s;
}

gsi_ollama_runner gsi_ollama_runner_of(const gsi_ollama_release *r, const char *arch)
{
	if (gsi_in_words(r->engine_archs, arch))
		return GSI_OLLAMA_RUNS_OWN_ENGINE;
	if (r->llama_archs)
		return gsi_in_words(r->llama_archs, arch) ? GSI_OLLAMA_RUNS_LLAMACPP : GSI_OLLAMA_RUNS_NONE;
	/* from 0.12.11: whatever the llama.cpp it runs knows */
	const gsi_llamacpp_release *b = gsi_llamacpp_build(r->llamacpp_build);
	const char *pr;
	uint32_t since = gsi_llamacpp_arch_since(arch, &pr);
	uint32_t build = b && b->rel.same_to ? (uint32_t)strtoul(b->rel.same_to + 1, NULL, 10) : 0;
	return since != UINT32_MAX && since <= build ? GSI_OLLAMA_RUNS_LLAMACPP : GSI_OLLAMA_RUNS_NONE;
}
