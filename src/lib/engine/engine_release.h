/*
 * engine_release.h — serving engines' defaults, release by release
 * (docs/method.md §7 for vLLM, §7b for SGLang, §14b for Ollama).
 *
 * Engines change their defaults between releases: how many tokens vLLM's
 * profile run executes, which GPUs get larger batches, how SGLang picks
 * mem_fraction_static, which num_ctx Ollama defaults to. Each row is one
 * release as its source reads at that tag; the estimators ask the row
 * instead of hard-coding a value. Each engine has its own row type
 * (gsi_vllm_release, gsi_sglang_release, gsi_ollama_release) and its own
 * table in engine_release.c; every row type begins with the part all
 * engines share (gsi_release), which picks a row by its version. The
 * tables are static; nothing here allocates.
 */
#ifndef GS_ENGINE_RELEASE_H
#define GS_ENGINE_RELEASE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "gpusizer/status.h"
#include "gpusizer/workload.h"

/* vLLM V1: which GPUs get the larger max_num_batched_tokens / max_num_seqs. */
typedef enum gsi_big_gpu_rule {
	GSI_BIG_NONE,       /* V0: no such rule                                  */
	GSI_BIG_BY_NAME,    /* "h100" or "h200" in the device name (PR #12369)   */
	GSI_BIG_BY_MEMORY,  /* CUDA total >= 70 GiB, any name (PR #17073)        */
	GSI_BIG_NOT_A100    /* the same, but "a100" not in the name (PR #17885)  */
} gsi_big_gpu_rule;

/* vLLM: which models get Model Runner V2 (vllm/v1/worker/gpu/model_runner.py)
 * instead of V1's GPUModelRunner by default: config/vllm.py
 * VllmConfig.use_v2_model_runner and _is_default_v2_model_runner_model, per
 * release (docs/method.md §7, "Which model runner"). MRv2's
 * profile_cudagraph_memory returns 0 in every release read (0.22 to 0.28),
 * so its CUDA graphs come out of the headroom, not off the pool. */
typedef enum gsi_mrv2_rule {
	GSI_MRV2_OPT_IN,          /* VLLM_USE_V2_MODEL_RUNNER=1 only (up to 0.21)   */
	GSI_MRV2_LISTED_DENSE,    /* a listed architecture, not a mixture of
	                             experts, without a quantization_config (0.22,
	                             0.23)                                          */
	GSI_MRV2_LISTED,          /* a listed architecture (0.24)                   */
	GSI_MRV2_DENSE_OR_LISTED  /* not a hybrid (unless listed, 0.27 on), not
	                             attention-free, and listed or not a mixture of
	                             experts: every dense model, VLMs included (0.25
	                             on, PR #44443)                                 */
} gsi_mrv2_rule;

/* vLLM: the communicators' buffers it allocates per GPU before its start-up
 * memory snapshot, outside the KV budget (device_communicators/
 * custom_all_reduce.py, symm_mem.py, all_reduce_utils.py; docs/method.md
 * §7, "Tensor-parallel buffers"). */
typedef enum gsi_comm_rule {
	GSI_COMM_UNREAD,          /* before 0.21.0: one allowance, no table         */
	GSI_COMM_CA_0_21,         /* custom all-reduce 2 x max_size + 8 MiB, the
	                             symmetric-memory buffer where its table has the
	                             device (0.21.0 to 0.26)                        */
	GSI_COMM_CA_0_27          /* custom all-reduce max_size + 24 MiB, plus a
	                             96 MiB MNNVL buffer with multicast (PR #50000,
	                             0.27 on)                                       */
} gsi_comm_rule;

/* SGLang's defaults are steps (server_args.py __post_init__), kept as data
 * so that a release with other figures is rows, not branches: each list is
 * read from its first step and ends with one that every value takes. GPU
 * memory is nvidia-smi's total in MiB (get_nvgpu_memory_capacity). */

/* mem_fraction_static by tensor-parallel size: the first step whose tp_from
 * the TP size reaches; the steps go from the largest TP down, the last with
 * tp_from 0. */
typedef struct gsi_sgl_tp_step {
	uint32_t tp_from;            /* from this TP size on                      */
	uint32_t milli;              /* mem_fraction_static, in thousandths       */
} gsi_sgl_tp_step;

/* reserved_mem by GPU memory: the first step whose below_mib the GPU is
 * under, the last with UINT64_MAX; reserved = tenths + tenths_per_tp x tp
 * tenths of a GiB. */
typedef struct gsi_sgl_reserve_step {
	uint64_t below_mib;          /* GPUs of less memory than this, in MiB     */
	uint32_t tenths;             /* reserved, in tenths of a GiB              */
	uint32_t tenths_per_tp;      /* ... and this many more per TP rank        */
} gsi_sgl_reserve_step;

/* chunked_prefill_size by GPU memory: the first step whose below_mib the
 * GPU is under, the last with UINT64_MAX. */
typedef struct gsi_sgl_chunk_step {
	uint64_t below_mib;          /* GPUs of less memory than this, in MiB     */
	uint32_t tokens;             /* chunked_prefill_size                      */
} gsi_sgl_chunk_step;

/* Ollama: what its log line's memory.weights.total / repeating print. */
typedef enum gsi_ollama_log {
	GSI_OLLAMA_LOG_KV_IN,    /* total = blocks + KV, repeating = total - output */
	GSI_OLLAMA_LOG_BLOCKS,   /* total = blocks, repeating = total - output      */
	GSI_OLLAMA_LOG_SPLIT     /* total = blocks + output, repeating = blocks     */
} gsi_ollama_log;

/* vLLM: what FlashInfer's top-k/top-p path holds per logit in the profile
 * run besides the model's own logits, and what those bytes are (for the
 * formula). Releases share a path; docs/method.md §7 "Logits". */
typedef struct gsi_flashinfer_path {
	uint8_t bytes;
	const char *what;
} gsi_flashinfer_path;

/* What every engine's row has, first in each engine's row type below:
 * the release, the files read, the releases the row stands for and the gap
 * before it. gsi_release_pick, gsi_release_list and gsi_release_versions
 * read only this part, so they serve every engine's table alike. */
typedef struct gsi_release {
	const char *version;         /* "0.6.4"; rows oldest first per engine     */
	const char *source;          /* the files read, at that tag               */
	/* The releases this row stands for, its own among them: those whose
	 * estimate files were compared tag to tag with this row's and differ in
	 * nothing the estimate reads (vLLM's patch releases, up to a fourth part
	 * as in 0.10.1.1; Ollama's minor releases). Both set, or both NULL (this
	 * row only). */
	const char *same_from;       /* the oldest such release                   */
	const char *same_to;         /* the newest such release                   */
	/* Non-NULL: releases between the previous row and this one changed the
	 * estimate (vLLM 0.8.0's V1 engine, Ollama's minor releases) and were
	 * not read, so a version there is refused rather than given the older
	 * row's rules; the text says what changed and what to give instead.
	 * NULL: such a version takes the older row, named as an unknown. */
	const char *changed_before;
	/* the recurrent-state dtypes a hybrid's state takes (vLLM
	 * --mamba-ssm-cache-dtype, config/cache.py MambaDType; SGLang
	 * --mamba-ssm-dtype's choices), space-separated; NULL where the
	 * release sizes no state */
	const char *state_dtypes;
} gsi_release;

/* vLLM: one release's rules (estimate_vllm.c; docs/method.md §7). */
typedef struct gsi_vllm_release gsi_vllm_release;
struct gsi_vllm_release {
	gsi_release rel;             /* first: the part every engine's row has    */
	bool v1;                     /* the V1 engine is the default              */
	/* non-NULL: V1 falls back to V0 on compute capability < 8.0 in the
	 * releases before this one (arg_utils.py _is_v1_supported_oracle,
	 * 0.8.0 to 0.10.1; gsi_release_v0_on_cc_below_8) */
	const char *cc8_v0_until;
	uint32_t chunk_tokens;       /* V0: max_num_batched_tokens with chunked prefill */
	bool long_context_chunked;   /* V0: chunked prefill turned on above 32768 tokens */
	gsi_big_gpu_rule big;
	bool moe_cache13_shared;     /* fused MoE: caches 1 and 3 share one buffer */
	uint32_t moe_chunk;          /* VLLM_FUSED_MOE_CHUNK_SIZE                 */
	const gsi_flashinfer_path *flashinfer; /* FlashInfer's top-k/top-p path in the
	                                profile run (every vLLM row has one); the
	                                native path, counted unless the log says
	                                FlashInfer, is torch's sort until 0.16.0
	                                and a Triton kernel from 0.17.0
	                                (estimate_vllm.c NATIVE_SAMPLER_BYTES,
	                                TRITON_SAMPLER_BYTES; triton_topk below)  */
	bool flashinfer_opt_in;      /* FlashInfer's sampler only with
	                                VLLM_USE_FLASHINFER_SAMPLER=1 (0.11.1 on;
	                                before, whenever FlashInfer imported)   */
	bool mla_latent;             /* caches DeepSeek's MLA latent; false: 0.6.4,
	                                whose deepseek_v2 attention caches every
	                                head's K and V padded to 256 and which has
	                                no DeepseekV3ForCausalLM               */
	bool mla_absorb;             /* V0 attention/backends/mla/utils.py keeps the
	                                absorbed W_Q_UK and W_UV_O beside the raw
	                                weights (PR #12528, 2025-01-31, until PR
	                                #14770, 2025-03-14)                     */
	bool mla_align256;           /* V0 cache_engine.py align_to_256bytes: each MLA
	                                latent entry padded to 256 B (PR #12676,
	                                2025-02-04, until PR #14842, 2025-03-15) */
	bool nontorch_all_processes; /* V1 determine_available_memory adds total -
	                                free - torch allocated after the profile
	                                run: other processes' memory counts as its
	                                own (0.8.5, read at cfe45320 and 0012cf69;
	                                until PR #19312)                        */
	bool mxfp4_marlin_pad;       /* MXFP4 experts on compute capability 8.x run
	                                on Marlin, padded to its tiles (quantization/
	                                mxfp4.py create_weights; gpt-oss arrived
	                                with 0.10.1)                            */
	bool mxfp4_marlin_cc11;      /* ... and on compute capability 11.0 and
	                                later (triton_kernels only from 9.0 to
	                                below 11.0: get_mxfp4_backend, 0.12.0)  */
	bool triton_topk;            /* the native top-k/top-p path runs a Triton
	                                kernel in place for 8 rows or more, with a
	                                cached buffer of one vocabulary row per SM
	                                (0.17.0 on: topk_topp_triton.py), instead
	                                of torch's sort                          */
	bool cudagraph_profiled;     /* determine_available_memory also profiles the
	                                CUDA graphs; the estimate comes off the pool
	                                only with VLLM_MEMORY_PROFILER_ESTIMATE_
	                                CUDAGRAPHS=1 (0.18.0 on; default from 0.20.0) */
	bool cudagraph_in_pool;      /* ... and by default takes it off the pool:
	                                VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS
	                                defaults to 1 (0.20.0 on, PR #38284) */
	const char *gpu_util_default; /* gpu_memory_utilization when not given;
	                                NULL: 0.9 (0.92 from 0.20.0, PR #38284) */
	bool concurrency_by_blocks;  /* V1's "Maximum concurrency" is blocks /
	                                cdiv(max_model_len, 16) (kv_cache_utils.py
	                                get_max_concurrency_for_kv_cache_config,
	                                0.9.1 on), not tokens / max_model_len   */
	bool native_warmed;          /* _dummy_sampler_run also runs the native
	                                path with a generator after the default
	                                one (0.21.0 on, PR #41375): the profile
	                                holds the native path's peak whichever
	                                sampler serves                           */
	bool tokens_by_concurrency;  /* the log's "GPU KV cache size" is
	                                int(blocks / ceil(len / 16) x len), max
	                                concurrency times max_model_len, not
	                                blocks x 16 (0.20.1 on: kv_cache_utils.py
	                                _report_kv_cache_config)                 */
	bool moe_runner_unread;      /* the fused-MoE runner and its oracles were
	                                rewritten (0.20.0) and not read here: the
	                                0.19.0 workspace rule is counted and named
	                                as an unknown                            */
	bool mxfp4_backend_unread;   /* MXFP4 experts take a backend from a priority
	                                list (fused_moe/oracle/mxfp4.py, 0.19.0) not
	                                read here: the earlier Marlin rule is counted
	                                and named as an unknown                  */
	bool long_context_no_mla;    /* V0: the long-context chunked prefill is not
	                                turned on for MLA models (arg_utils.py
	                                _set_default_args_v0, 0.8.0 on)          */
	const gsi_vllm_release *v0;  /* a V1 release that still has V0 (VLLM_USE_V1=0,
	                                and its fallback below compute capability
	                                8.0): that engine's rules; NULL without  */
	bool comm_in_baseline;       /* V1 init_device sets up NCCL and custom
	                                all-reduce before the start-up memory
	                                snapshot (PR #25359, 0.11.0): their buffers
	                                are on the GPU but outside the KV budget;
	                                before, they came off the pool          */
	gsi_comm_rule comm;          /* the communicators' buffers vLLM itself
	                                allocates, by device and TP size       */
	gsi_mrv2_rule mrv2;          /* which models get Model Runner V2          */
	bool mrv2_read;              /* Model Runner V2 read at this release (0.21.0
	                                on; opt-in there): model_runner v2 can be
	                                asked for                               */
	const char *mrv2_archs;      /* its list of architectures (space-separated,
	                                config/vllm.py DEFAULT_V2_MODEL_RUNNER_
	                                ARCHITECTURES)                            */
	bool mrv2_encoder_profile;   /* MRv2's profile run profiles the encoder
	                                cache (gpu/mm/encoder_runner.py, PR #47985,
	                                0.27 on); before, a VLM on MRv2 profiles
	                                the language model alone                 */
	bool consumed_formula;       /* non-KV = the free memory consumed from the
	                                start-up snapshot to after the profile, plus
	                                the profile's transient peak (utils/
	                                mem_utils.py memory_profiling, PR #49208,
	                                0.27 on): the runner's persistent buffers
	                                come off the pool                        */
	bool big_160;                /* >= 160 GiB: 16384 tokens for the API server
	                                too (arg_utils.py get_batch_defaults, PR
	                                #51726, 0.28)                            */
	bool capture_1024_sm10;      /* CUDA graphs captured up to 1024 tokens on
	                                compute capability 10.x (config/vllm.py
	                                _set_cudagraph_sizes, PR #49390, 0.28)   */
	/* hybrid (attention + state) models: prefix caching is supported from
	 * 0.26 (config/model.py is_prefix_caching_supported, PR #40996) but
	 * opt-in, and on by default from 0.28 (arg_utils.py, PR #50991), which
	 * keeps 2 state pages a request ("align") instead of 1 */
	bool hybrid_prefix_supported;
	bool hybrid_prefix_default;
	bool hybrid_read;            /* V1's hybrid pool read (kv_cache_utils.py
	                                groups, platforms/interface.py
	                                _align_hybrid_block_size; 0.21.0 on)      */
	bool mla_state_align128;     /* a hybrid with MLA aligns its block to 128
	                                (PR #50000, 0.27 on)                      */
};

/* SGLang 0.5.3 on: chunked_prefill_size and cuda_graph_max_bs by GPU
 * memory (server_args.py _handle_gpu_memory_settings): the first step whose
 * below_mib the GPU is under, the last with UINT64_MAX. */
typedef struct gsi_sgl_tier {
	uint64_t below_mib;          /* GPUs of less memory than this, in MiB     */
	uint32_t chunk;              /* chunked_prefill_size                      */
	uint32_t max_bs[2];          /* cuda_graph_max_bs at tp < 4, tp >= 4      */
} gsi_sgl_tier;

/* SGLang: what its prefill (piecewise) CUDA graphs add to the reserve. */
typedef enum gsi_sgl_prefill_graphs {
	GSI_SGL_PREFILL_OFF,         /* opt-in, no term by default (to 0.5.9)     */
	GSI_SGL_PREFILL_SIZES,       /* on: 8 MiB a capture size, 1536 MiB with MLA
	                                (0.5.10 to 0.5.14, 0.5.18)               */
	GSI_SGL_PREFILL_SIZES_NO_MLA /* ... none with MLA, whose breakable graphs
	                                are off (0.5.15 to 0.5.17)               */
} gsi_sgl_prefill_graphs;

/* SGLang: how a hybrid's state pool is sized before the KV pool
 * (docs/method.md §7b, "Hybrid models"). */
typedef enum gsi_sgl_mamba {
	GSI_SGL_MAMBA_NONE,          /* no state pool read: hybrids refused        */
	GSI_SGL_MAMBA_FIXED,         /* max_running_requests, or 512, slots; radix
	                                cache off (0.5.2 to 0.5.3.post1)        */
	GSI_SGL_MAMBA_SPLIT,         /* radix on: 0.9/1.9 of what is left for
	                                states, at most a third as many requests
	                                (0.5.3.post2 to 0.5.16)                  */
	GSI_SGL_MAMBA_SPLIT_PAD      /* ... and one padding slot (0.5.17 on)      */
} gsi_sgl_mamba;

/* SGLang: one release's rules (estimate_sglang.c; docs/method.md §7b). */
typedef struct gsi_sglang_release {
	gsi_release rel;             /* first: the part every engine's row has    */
	/* mem_fraction_static when not given: (gpu_mem - reserved) / gpu_mem,
	 * rounded to 3 places, with `reserved` set; else, or when no GPU memory
	 * is known, by TP size */
	const gsi_sgl_reserve_step *reserved;
	const gsi_sgl_tp_step *fraction_by_tp;
	const gsi_sgl_chunk_step *chunk; /* chunked_prefill_size when not given   */
	uint32_t chunk_no_gpu;       /* ... when no GPU memory is known           */
	/* 0.5.3 on: reserved MiB = 512 + 1.5 x max(chunk, 2048) + 2 x max_bs +
	 * 128 x tp x pp (+ the prefill graphs' term), at least 10240 above 60
	 * GiB; chunk and max_bs from `tiers` (then `reserved` and `chunk` are
	 * unused); 0.88 when no GPU memory is known */
	const gsi_sgl_tier *tiers;
	gsi_sgl_prefill_graphs prefill_graphs;
	bool vlm_scale;              /* adjust_mem_fraction_for_vlm (0.4.9.post6 on) */
	gsi_sgl_mamba mamba;
	uint32_t vlm_reserve_mib;    /* taken off the KV budget for a multimodal
	                                model (SGLANG_VLM_CACHE_SIZE_MB, 0.5.18) */
	bool req_pool_extra_row;     /* the req_to_token pool has one row more
	                                (0.5.18)                                */
} gsi_sglang_release;

/* llama.cpp: how its KV cache rounds the cells (llama_kv_cache's padding,
 * docs/method.md §14 "Builds"). */
typedef enum gsi_lcpp_pad {
	GSI_LCPP_PAD_BY_FA,          /* 256 with flash attention, 32 without
	                                (to b6324)                               */
	GSI_LCPP_PAD_UNLESS_OFF,     /* 256 unless flash attention is off: auto
	                                counts as on when the cache is sized
	                                (b6325 to b6867)                         */
	GSI_LCPP_PAD_NONE,           /* none (b6868 to b6974)                     */
	GSI_LCPP_PAD_CTX_256         /* n_ctx, and each stream's, padded to 256
	                                (b6975 on)                               */
} gsi_lcpp_pad;

/* llama.cpp: the sliding-window layers' own cache (llama-kv-cache-iswa.cpp). */
typedef enum gsi_lcpp_swa {
	GSI_LCPP_SWA_NONE,           /* they keep n_ctx cells (to b5428)          */
	GSI_LCPP_SWA_BATCH,          /* min(n_ctx, pad(n_swa x n_seq + n_batch))
	                                (b5429 to b5553)                         */
	GSI_LCPP_SWA_UBATCH,         /* ... + n_ubatch (b5554 to b6974)           */
	GSI_LCPP_SWA_PAD256          /* pad256(min(cells, n_swa x n_seq (unified)
	                                + n_ubatch)) (b6975 on)                  */
} gsi_lcpp_swa;

/* llama.cpp: what an MLA (DeepSeek-V2/V3) layer caches per token. */
typedef enum gsi_lcpp_mla {
	GSI_LCPP_MLA_NONE,           /* every head's K and V (to b5136)           */
	GSI_LCPP_MLA_KV,             /* the latent: K kv_lora_rank + rope, V
	                                kv_lora_rank (b5137 to b7831)            */
	GSI_LCPP_MLA_K               /* K only (b7832 on)                         */
} gsi_lcpp_mla;

/* llama.cpp: a hybrid model's attention cache under -np N without -kvu
 * (llama_memory_hybrid's attn_kv_size, src/llama-model.cpp create_memory). */
typedef enum gsi_lcpp_hybrid_kv {
	GSI_LCPP_HYBRID_KV_SPLIT,    /* n_ctx over the streams, as every model's
	                                (no streams before b5913; b8025 on, PR
	                                #19559: n_ctx_seq)                       */
	GSI_LCPP_HYBRID_KV_ONE,      /* one stream of n_ctx whatever -np (b5913 to
	                                b6078: the hybrid's cache ignored
	                                kv_unified)                              */
	GSI_LCPP_HYBRID_KV_EACH      /* n_ctx in each of the N streams (b6079, PR
	                                #15050, to b8024): N times the cache    */
} gsi_lcpp_hybrid_kv;

/* llama.cpp: one build's rules (estimate_llamacpp.c; docs/method.md §14
 * "Builds"). A build is named bNNNN, the upstream release tag: the commit
 * count of master. */
typedef struct gsi_llamacpp_release {
	gsi_release rel;             /* first: the part every engine's row has    */
	bool fa_auto;                /* -fa auto by default (b6325): on where every
	                                layer's FLASH_ATTN_EXT runs on its device */
	gsi_lcpp_pad pad;
	gsi_lcpp_swa swa;
	gsi_lcpp_mla mla;
	bool ngl_all;                /* -ngl default: every layer (b6325); before,
	                                llama_model_default_params' 0 on CUDA    */
	bool ctx_train;              /* -c default 0, the trained context (b7407);
	                                before, 4096                             */
	bool fit;                    /* --fit on by default (b7407): layers and, with
	                                no -c, the context chosen to leave 1024 MiB
	                                free on each device                     */
	uint32_t auto_slots;         /* llama-server without -np: that many slots
	                                sharing one unified cache (4, b6925); 0: 1 */
	bool streams;                /* -np N without -kvu: N streams of n_ctx / N
	                                cells each (kv_unified false, b5913)     */
	bool output_first;           /* -ngl N: the output head and N - 1 blocks
	                                (b7467); before, N blocks               */
	bool outputs_by_slots;       /* llama-server reserves n_parallel outputs in
	                                the worst-case graph, not n_ubatch (b9460) */
	bool override_tensor;        /* -ot / --override-tensor (b5028)           */
	bool cpu_moe_all;            /* --cpu-moe: every block's experts (b6051)  */
	bool cpu_moe;                /* --n-cpu-moe N (b6089)                     */
	bool recurrent;              /* a recurrent-state cache for hybrid and
	                                state-space models (b5702)              */
	gsi_lcpp_hybrid_kv hybrid_kv;
} gsi_llamacpp_release;

/* The llama.cpp build row named `version` ("b6975"), the oldest for NULL,
 * NULL for a name no row has (the Ollama rows name the build their runner
 * vendors). */
const gsi_llamacpp_release *gsi_llamacpp_build(const char *version);

/* The first llama.cpp build that knows GGUF architecture `arch` (its
 * LLM_ARCH entry in src/llama-arch.cpp), 0 for one older than every build
 * row; *pr names the pull request. UINT32_MAX for an architecture not in
 * the table. */
uint32_t gsi_llamacpp_arch_since(const char *arch, const char **pr);

/* Ollama: how it chooses the layers each GPU holds (docs/method.md §14b). */
typedef enum gsi_ollama_layout {
	GSI_OLLAMA_MEMORY_GO,        /* llm/memory.go EstimateGPULayers (to 0.11.4) */
	GSI_OLLAMA_CREATE_LAYOUT,    /* llm/server.go createLayout over each layer's
	                                weights and cache, its own engine's as the
	                                runner reports them, llama.cpp's from
	                                GraphSize (0.12.11 to 0.24)            */
	GSI_OLLAMA_LLAMA_SERVER      /* upstream llama-server, its --fit choosing
	                                the layers (0.30 on)                    */
} gsi_ollama_layout;

/* Ollama: one release's rules (llm/memory.go EstimateGPULayers and its
 * callers; estimate_ollama.c, docs/method.md §14b). */
typedef struct gsi_ollama_release {
	gsi_release rel;             /* first: the part every engine's row has    */
	uint32_t num_ctx;            /* default num_ctx                           */
	uint32_t auto_parallel;      /* tried before 1 when OLLAMA_NUM_PARALLEL is 0
	                                (its default); 0: the default is 1       */
	gsi_ollama_log weights_log;  /* what its log's memory.weights.* add up     */
	bool layers_from_last;       /* fits blocks from the last one down        */
	const char *llama_archs;     /* GGUF architectures its llama.cpp builds   */
	const char *engine_archs;    /* architectures it runs on its own engine   */
	bool cap_ctx_at_train;       /* num_ctx capped at the model's trained context */
	const char *llamacpp_build;  /* the llama.cpp build row its runner vendors
	                                (its rules for padding, SWA and MLA); NULL:
	                                the oldest row's                        */
	bool llamacpp_swa_cache;     /* the llama.cpp its runner vendors keeps
	                                sliding-window layers in their own cache
	                                (llama-kv-cache-iswa.cpp, llama.cpp PR
	                                #13194, May 2025): gsi_llamacpp_run's
	                                swa_cache for the run Ollama starts     */
	gsi_ollama_layout layout;
	const char *fa_archs;        /* flash attention on by default for these
	                                (fs/ggml/ggml.go FlashAttention)         */
	bool llama_fa_auto;          /* its llama.cpp runner gets -fa auto when
	                                OLLAMA_FLASH_ATTENTION is unset (0.13.4) */
	bool ubatch_is_batch;        /* its llama.cpp runner's n_ubatch is num_batch
	                                (0.13.3); before, llama.cpp's 512       */
	bool engine_pad_256;         /* its own engine's cache padded to 256 also
	                                without flash attention (0.13.2)        */
	const char *ctx8192_archs;   /* num_ctx raised to 8192 for these unless the
	                                GPUs total under 20 GiB (to 0.15.4)     */
	bool ctx_tiers;              /* num_ctx by the GPUs' total memory: 4096,
	                                32768 from 23 GiB, 262144 from 47 GiB
	                                (server/routes.go, 0.15.5)              */
	const char *parallel1_archs; /* OLLAMA_NUM_PARALLEL forced to 1 for these
	                                (server/sched.go)                        */
	bool auto_batch;             /* num_batch by the context: 512 to 4096, 1024
	                                to 32768, 2048 above (server/sched.go
	                                automaticGenerationBatch, 0.30)          */
} gsi_ollama_release;

/* How a row was picked for the asked release (gsi_release_pick). */
typedef enum gsi_pick {
	GSI_PICK_EXACT,    /* the row's own release, or none asked: the newest      */
	GSI_PICK_SAME,     /* inside a row's same_from..same_to: read to be the same */
	GSI_PICK_BETWEEN,  /* between two rows: the older one, approximate           */
	GSI_PICK_NEWER     /* newer than every row: the newest, its answer to confirm
	                      (the seed's three classes; issue 46)                  */
} gsi_pick;

/* The release `w` asks for (runtime_version), or the engine's newest when
 * unset. A version inside a row's same_from..same_to takes that row and
 * says so in `note`; one between two rows takes the older, says so (*how
 * GSI_PICK_BETWEEN), unless the newer row has changed_before; one newer
 * than every row takes the newest and says so (GSI_PICK_NEWER: the estimate
 * makes its verdict to confirm). The note is empty otherwise. Errors:
 * GS_EINPUT for a version that is not a release number, older than the
 * oldest known release, or in a gap whose changes were not read, listing
 * the known releases. */
gs_status gsi_release_pick(gs_runtime engine, const gs_workload *w, const gsi_release **out,
                           char *note, size_t notecap, gsi_pick *how, gs_error *err) GS_WARN_UNUSED;

/* Whether `word` is one of the space-separated words of a row's list
 * (kv_formats, mrv2_archs, state_dtypes), case ignored; false for a NULL
 * list or an empty word. */
bool gsi_in_words(const char *list, const char *word);

/* The version of the row before `r` in its engine's table, or NULL for the
 * oldest (the drift of a newer release is measured against it). */
const char *gsi_release_before(gs_runtime engine, const gsi_release *r);

/* Whether release `a` ("0.9.2") is older than `b`; false when either does
 * not parse. */
bool gsi_version_older(const char *a, const char *b);

/* gsi_release_pick for e's workload, recorded on e as every output shows
 * it: runtime_version, release_source, the note, and an approximate pick's
 * note as an unknown; a newer release sets e->release_newer with the row
 * before the newest in e->release_prev, and names the unknown. */
struct gs_estimate;
gs_status gsi_release_for(struct gs_estimate *e, gs_runtime engine, const gsi_release **out,
                          gs_error *err) GS_WARN_UNUSED;

/* gsi_release_for with each engine's own row type. */
gs_status gsi_vllm_release_for(struct gs_estimate *e, const gsi_vllm_release **out,
                               gs_error *err) GS_WARN_UNUSED;
gs_status gsi_sglang_release_for(struct gs_estimate *e, const gsi_sglang_release **out,
                                 gs_error *err) GS_WARN_UNUSED;
gs_status gsi_llamacpp_release_for(struct gs_estimate *e, const gsi_llamacpp_release **out,
                                   gs_error *err) GS_WARN_UNUSED;
gs_status gsi_ollama_release_for(struct gs_estimate *e, const gsi_ollama_release **out,
                                 gs_error *err) GS_WARN_UNUSED;

/* "0.6.4, 0.7.3, ..., 0.21.0": the engine's releases, oldest first; a row
 * standing for more releases adds them ("0.11.4 (for 0.10.0 to 0.11.4)").
 * GSI_RELEASE_LIST_MAX holds any engine's list (the release-list unit test
 * reads every entry back, so a cut one fails it). */
/* (Ollama rows: see engine_release.c and docs/method.md §14b.) */
#define GSI_RELEASE_LIST_MAX 1024
void gsi_release_list(gs_runtime engine, char *buf, size_t cap);

/* The engine's rows' versions, oldest first, into out (at most cap);
 * returns how many. The web page offers them in its release menu. */
size_t gsi_release_versions(gs_runtime engine, const char **out, size_t cap);

/* Whether vLLM at release `asked` (the sheet's runtime_version, or the
 * row's own) runs its V0 engine on a GPU of compute capability below 8.0:
 * row r's cc8_v0_until is set and asked comes before it. A version between
 * two rows takes the older row's figures but not this fallback when the
 * newer release dropped it. */
bool gsi_release_v0_on_cc_below_8(const gsi_vllm_release *r, const char *asked);

/* How an Ollama release runs a GGUF architecture: on the llama.cpp it
 * vendors (llama_archs), on its own engine (engine_archs, which gpusizer
 * does not model), or not at all. The rows' space-separated lists are read
 * through this alone. */
typedef enum gsi_ollama_runner {
	GSI_OLLAMA_RUNS_LLAMACPP,
	GSI_OLLAMA_RUNS_OWN_ENGINE,
	GSI_OLLAMA_RUNS_NONE
} gsi_ollama_runner;
gsi_ollama_runner gsi_ollama_runner_of(const gsi_ollama_release *r, const char *arch);

#endif
