/*
 * gpusizer/estimate.h — inference memory, itemized per program phase, for
 * one GPU.
 *
 * Items (docs/method.md gives each formula and its source):
 *   weights               quantized (or plain) weight matrices
 *   quant_metadata        block/group scales, zero points, row scales, g_idx
 *   other_format_modules  modules a quantized format leaves in 16 bits
 *   kv_cache              K and V for `length` tokens x `concurrency` sequences
 *   activations           the transient peak of a forward pass
 *   logits                output logits kept for sampling
 *   runtime_context       CUDA context + framework (vLLM: non-torch memory)
 *   cuda_graphs           vLLM only
 *   allocator_slack       caching-allocator fragmentation on dynamic items
 *   reserve               the user's explicit margin
 *
 * Phases: transformers: load, prefill, decode; vllm: load, profile, serve.
 * A phase's peak is the sum of the items live in it. Items whose size cannot
 * be known from the inputs are basis GS_BASIS_UNKNOWN: they are listed in
 * `unknowns` and add nothing to a peak, and the peak says it excludes them.
 *
 * The quick calculator's two figures are always computed: weights_only = P x bits / 8 with
 * the format's value bits (no metadata, no kept modules); envelope =
 * weights_only + reserve ("indicative envelope"). `conservative` is the sum of
 * every item's largest value over the phases: a conservative envelope, not an
 * observed peak, and is labelled so wherever it is shown.
 */
#ifndef GPUSIZER_ESTIMATE_H
#define GPUSIZER_ESTIMATE_H

#include <stdbool.h>
#include <stdint.h>
#include "gpusizer/dtype.h"
#include "gpusizer/model.h"
#include "gpusizer/status.h"
#include "gpusizer/units.h"
#include "gpusizer/verdict.h"
#include "gpusizer/workload.h"

#define GS_MAX_PHASES 7
#define GS_MAX_ITEMS 20
#define GS_MAX_UNKNOWNS 16
#define GS_MAX_STAGES 64

/* How placement divides an item over GPUs (docs/method.md §11). */
typedef enum gs_shard {
	GS_SHARD_NONE,    /* the same on every GPU                                  */
	GS_SHARD_WEIGHTS, /* / tp, by pipeline stage; / dp with ZeRO-3 / FSDP full  */
	GS_SHARD_GRADS,   /* / tp, by stage; / dp with ZeRO-2+ / FSDP               */
	GS_SHARD_OPTIM,   /* / tp, by stage; / dp with ZeRO-1+ / FSDP               */
	GS_SHARD_ACT,     /* / tp (sequence parallel); pipeline: in-flight microbatches */
	GS_SHARD_KV,      /* KV heads / tp; layers by stage                         */
	GS_SHARD_LOGITS,  /* / tp (vocab parallel); last pipeline stage only        */
	GS_SHARD_TP,      /* / tp only                                              */
	GS_SHARD_LAST_STAGE /* whole on the last pipeline stage, 0 before it (not / tp:
	                       vLLM gathers the vocabulary where it samples)         */
} gs_shard;

typedef enum gs_basis { GS_BASIS_ESTIMATED, GS_BASIS_MEASURED, GS_BASIS_UNKNOWN } gs_basis;

typedef struct gs_item {
	char id[32];
	gs_basis basis;
	gs_bytes bytes[GS_MAX_PHASES]; /* per phase; 0 where not live             */
	unsigned live;                 /* bit p set: live in phase p              */
	bool varies;                   /* grows with length, concurrency, microbatch */
	gs_shard shard;                /* how placement divides it                */
	bool lean;                     /* its estimate is lean: no formula text   */
	bool formula_cut;              /* formula too long, cut (ends "..."): a bug */
	char formula[1024];            /* the formula with the numbers put in     */
	char source[256];              /* docs/method.md section and outside source */
} gs_item;

typedef struct gs_phase {
	char id[16];
	char what[96];      /* one line: what runs in this phase            */
	gs_bytes peak;      /* sum of the known items live in it            */
	bool has_unknown;   /* an unknown item is live in it: peak is a floor */
	/* a run that validates the sheet covered it (gpusizer/measured.h) */
	bool measured;
	gs_bytes measured_peak;     /* its decisive counter, the worst GPU     */
	char measured_counter[24];  /* "device used" or "PyTorch reserved"     */
	char measured_run[64];      /* the run file's name                     */
} gs_phase;

/* How far to trust the figures (gpusizer/interval.h, method.md §17a): one
 * band of calibration residuals for the estimate's kind gives factors for
 * every phase and GPU peak; engines with a KV pool get a second band for
 * the pool's size. */
typedef struct gs_interval {
	char group[16];              /* "training", "transformers", "vllm", ...    */
	unsigned records;            /* calibration records behind the peak band   */
	double low_factor, high_factor;
	char why[240];               /* the rule with its figures, in words        */
	bool has_kv;                 /* vLLM / SGLang: the KV band below applies    */
	unsigned kv_records;
	double kv_low_factor, kv_high_factor;
	char kv_why[320];
	bool conservative;           /* conservative yes                             */
	bool margin_applied;         /* ... and the peaks shown are the high ends
	                                (not with an engine's pool, judged by its
	                                KV tokens' low end instead)                */
} gs_interval;

typedef struct gs_vllm_budget {
	gs_bytes capacity;        /* CUDA total the budget is taken from (cuda_how) */
	gs_bytes budget;          /* floor(gpu_memory_utilization x CUDA total) */
	gs_bytes kv_available;    /* budget - weights - activations - non-torch - graphs */
	gs_bytes block_bytes;     /* one block id across the pool: 16 tokens of
	                             every layer, or a hybrid's page x group_size */
	uint64_t block_tokens;    /* tokens of one attention block: 16, or the
	                             block a hybrid's state page raises it to
	                             (the sequence's length for a state-only model) */
	/* Hybrids (attention and state layers in one pool, kv_cache_utils.py
	 * groups of group_size layers, each group drawing block ids from the same
	 * free list; docs/method.md §7, "Hybrid models") */
	bool hybrid;
	uint64_t group_size, attn_groups, state_groups;
	uint64_t state_pages;     /* pages a request holds in each state group:
	                             1 ("none"), 2 ("align"); "all" grows with length */
	uint64_t state_block_tokens; /* "all": tokens a state page covers      */
	gs_bytes page_bytes;      /* one layer's page (the attention block)     */
	gs_bytes state_page_bytes; /* one state layer's state before padding    */
	char state_dtype[24];      /* its recurrent part's dtype, as named      */
	char state_mode[8];       /* "none", "align" or "all"                   */
	uint64_t blocks;          /* floor(kv_available / block_bytes)          */
	uint64_t tokens;          /* blocks x 16                                */
	uint64_t max_concurrency_milli; /* vLLM's max concurrency at the sheet's
	                             length, in thousandths (truncated): tokens /
	                             length, or from 0.10.1's row blocks /
	                             cdiv(length, 16)                           */
	uint64_t max_concurrency_centi; /* the same in hundredths, rounded as
	                             vLLM's "%.2fx" prints it (ties to even)    */
	gs_bytes fixed;           /* what the budget holds before the pool        */
	bool over_budget;         /* the fixed items exceed the budget           */
	uint64_t needed_blocks;   /* concurrency x the blocks one request needs   */
	uint64_t request_blocks;  /* one request at the sheet's length: ceil(length
	                             / 16), or a hybrid's attention and state blocks */
	uint64_t profile_tokens;  /* max_num_batched_tokens of the profile run   */
	uint64_t profile_seqs;    /* max_num_seqs                                */
	bool v1;                  /* the release's V1 engine                     */
	bool mrv2;                /* V1's Model Runner V2 (0.22 on by model, or
	                             model_runner v2): its CUDA graphs come out of
	                             the headroom, not off the pool             */
	char runner_why[200];     /* which runner, and the release's rule        */
	uint64_t tokens_low, tokens_high; /* the calibration interval on tokens */
	char why_tokens[200];     /* how the release's rule chose profile_tokens */
	uint64_t tokens_printed;  /* what the release's log prints as "GPU KV cache
	                             size": tokens, or from 0.20.1 int(blocks /
	                             ceil(length / 16) x length) (tokens when no
	                             length is given)                           */
	bool graphs_in_budget;    /* the release takes its CUDA graph estimate off
	                             the pool (0.20.0 on): cuda_graphs is inside  */
	uint64_t tokens_graphs_low; /* tokens with the largest logged CUDA graph
	                             estimate in place of a default cuda_graphs
	                             (when graphs_low_why is not empty); the
	                             interval's low end holds it               */
	char graphs_low_why[160]; /* saying so, or empty                        */
} gs_vllm_budget;

/* SGLang's token-to-KV pool (docs/method.md §7b):
 *   rest = free_at_start x mem_fraction_static - (free_at_start - free_after_weights)
 *   max_total_num_tokens = floor(rest / cell) */
typedef struct gs_sglang_pool {
	gs_ratio mem_fraction_static;
	char fraction_why[400];   /* how the release's rule chose it             */
	gs_bytes free_at_start;   /* CUDA total - runtime context                */
	gs_bytes pool_bytes;      /* rest, 0 when negative                       */
	gs_bytes cell_bytes;      /* KV bytes of one token on one GPU            */
	uint64_t tokens;          /* max_total_num_tokens                        */
	uint64_t max_running_requests;
	uint64_t chunked_prefill_size;
	uint64_t needed_tokens;   /* concurrency x length                        */
	bool refused;             /* rest <= 0: "Not enough memory"              */
	/* a hybrid's state pool, taken before the token pool (docs/method.md
	 * §7b, "Hybrid models") */
	uint64_t state_slots;     /* sequences' states it holds                  */
	gs_bytes state_per_req;   /* one sequence's state over the state layers  */
	gs_bytes state_bytes;     /* state_slots x state_per_req (and a padding slot) */
	gs_bytes over_by;         /* refused: by how much the weights exceed it  */
	uint64_t tokens_low, tokens_high; /* the calibration interval on tokens */
} gs_sglang_pool;

/* Ollama (docs/method.md §14b): the options it starts llama.cpp with, and
 * its own estimate (llm/memory.go EstimateGPULayers) as its log line
 * "offload to cuda" prints it, recomputed from the same inputs. */
typedef struct gs_ollama_fit {
	uint64_t num_ctx;           /* per request, after the release's cap       */
	char num_ctx_why[160];
	uint64_t parallel;          /* OLLAMA_NUM_PARALLEL as chosen               */
	char parallel_why[200];
	uint64_t num_batch;
	uint64_t n_ubatch;          /* llama.cpp's physical batch: min(512, num_batch x parallel) */
	bool flash_attention;
	char kv_cache_type[8];      /* "f16", "q8_0" or "q4_0"                     */
	char settings_note[200];    /* a setting Ollama ignores, and why           */
	uint64_t gpus_used;         /* Ollama loads on one GPU when the model fits there */
	gs_bytes gpu_free;          /* memory.available per GPU                    */
	bool gpu_free_known;        /* false: no GPU given, every layer assumed to fit */
	char gpu_free_how[160];
	gs_bytes minimum_memory;    /* 457 MiB per CUDA GPU                        */
	gs_bytes gpu_overhead;      /* OLLAMA_GPU_OVERHEAD                         */
	uint64_t layers_model;      /* blocks + 1 (the output)                     */
	uint64_t layers_offload;
	uint64_t layer_split[GS_MAX_STAGES]; /* layers per GPU, its --tensor-split  */
	gs_bytes required_full;     /* memory.required.full                        */
	gs_bytes required_partial;  /* memory.required.partial                     */
	gs_bytes kv;                /* memory.required.kv                          */
	gs_bytes allocations[GS_MAX_STAGES];
	gs_bytes weights_total, weights_repeating, weights_nonrepeating; /* as its log adds them */
	gs_bytes graph_full, graph_partial;
	bool graph_by_rule;         /* no GraphSize case for the architecture: GQA x KV / 6 */
	bool full_offload;          /* every block and the output on the GPUs      */
	/* 0.12.11 on: createLayout's figures, as its "model weights", "kv cache",
	 * "compute graph" and "total memory" lines print them */
	bool layout_lines;
	bool own_engine;            /* Ollama's own (Go) engine runs the model      */
	gs_bytes dev_weights[GS_MAX_STAGES], dev_cache[GS_MAX_STAGES], dev_graph[GS_MAX_STAGES];
	gs_bytes cpu_weights, cpu_cache, total_memory;
	bool llama_server;          /* 0.30 on: llama-server runs it (e->llamacpp) */
} gs_ollama_fit;

/* llama.cpp as it was started (by a build's defaults, the sheet, or Ollama)
 * and, under --fit, what fit chose (docs/method.md §14 "Builds"). */
typedef struct gs_llamacpp_info {
	char build[16];             /* the build row whose rules ran ("b9460")    */
	bool fa;                    /* flash attention on                         */
	char fa_why[160];
	uint64_t n_ctx;             /* cells asked for, all sequences together    */
	char ctx_why[160];
	uint64_t n_seq;             /* sequences (llama-server slots)             */
	bool unified;               /* one cache all sequences share              */
	char seq_why[160];
	uint64_t n_ubatch, n_batch;
	uint64_t ngl;               /* -ngl as llama.cpp reads it                 */
	uint64_t layers;            /* blocks + the output                         */
	uint64_t gpu_layers;        /* blocks and output on the GPUs               */
	char ngl_why[160];
	uint64_t expert_host_blocks; /* blocks whose experts stay in host memory  */
	uint64_t cells, swa_cells;  /* KV cells after padding, per stream x streams */
	uint64_t rs_cells;          /* recurrent-state cells (0: no state layers)  */
	bool fit_ran;               /* --fit chose the layers or the context      */
	bool fit_moved;             /* ... and left blocks or experts in host memory */
	gs_bytes full_peak;         /* fit: the largest device's need with everything
	                               on the GPUs, before it moved anything       */
	gs_bytes fit_target;        /* fit: what it leaves each GPU (total - 1 GiB) */
	char fit_what[240];
} gs_llamacpp_info;

/* One buffer llama.cpp allocates, by device ("CUDA0", "CUDA1", "CPU") and
 * kind (model, kv, compute, output, lora). */
typedef struct gs_buffer {
	char device[12];
	char kind[12];
	gs_bytes bytes;
} gs_buffer;
#define GS_MAX_BUFFERS 80

/* Adaptation facts shown with the estimate. */
typedef struct gs_train_info {
	bool training;
	uint64_t trainable;        /* parameters that receive gradients        */
	uint64_t frozen;           /* parameters kept frozen (LoRA base)       */
	uint64_t microbatch, grad_accum, effective_batch; /* effective = mb x accum x dp */
	char adapted[640];         /* LoRA: the modules adapted, with counts   */
	char kept_aside[160];      /* QLoRA: modules kept in 16 bits           */
	gs_bytes host_per_gpu;     /* offloaded states/params in host memory   */
	gs_bytes model_states;     /* weights + gradients + master + optimizer, per GPU */
	gs_bytes host_inputs;      /* offloaded checkpointing: layer inputs in host memory */
	uint64_t lengths[3];       /* the sheet's lengths: p50, p95, max (0: not given) */
	uint64_t executed_length;  /* the longest batch's tokens: lengths' max, else length */
	uint64_t tower_layers;     /* vision-language: the tower's layers with adapters (0: frozen) */
	unsigned recipe_release;   /* unsloth: recipe_release as year x 10^6 + month x 10^3 + patch;
	                              0: not stated                                 */
	bool release_unstated;     /* unsloth without recipe_release: sized with the
	                              newest row, so the answer is to confirm       */
	char release_row[16];      /* unsloth: the row the run was sized with       */
	uint64_t untied_params;    /* unsloth QAT int8-int4: the lm_head cloned from
	                              tied embeddings (vocab x hidden)              */
	bool act_fp32;             /* unsloth: float32 training forced (FORCE_FLOAT32
	                              on a GPU without bfloat16)                    */
} gs_train_info;

/* A serving engine's KV pool in its own terms (vLLM's blocks, SGLang's
 * tokens), as fit, diagnose and the renderers read it; the engine's row
 * fills it (gs_pool_view_of in gpusizer/fit.h). known is false for a
 * runtime without a pool, or without a capacity to size it against. */
typedef struct gs_pool_view {
	bool known;               /* a serving engine sized against a capacity     */
	bool in_blocks;           /* a vLLM hybrid: tokens, their interval, the
	                             request's and the sheet's need count block
	                             ids (attention blocks and states), not tokens */
	char engine[16];          /* "vLLM", "SGLang"                              */
	uint64_t tokens;          /* pool tokens                                   */
	uint64_t tokens_low, tokens_high; /* its calibration interval (0: none)    */
	uint64_t blocks;          /* vLLM's 16-token blocks; 0 for SGLang          */
	uint64_t request_tokens;  /* one request: the sheet's length (0 unknown)   */
	uint64_t need_tokens;     /* concurrency x length                          */
	uint64_t max_context;     /* at the sheet's concurrency                    */
	uint64_t max_concurrency; /* at the sheet's length (SGLang: also its cap)  */
	gs_bytes budget;          /* vLLM: util x CUDA total; SGLang: fraction x free */
	char eater[32];           /* the largest fixed item in the budget          */
	gs_bytes eater_bytes;
	bool refused;             /* the engine would not start: no pool at all    */
	bool fits;                /* the pool holds the sheet's need               */
} gs_pool_view;


/* The runtime's row (src/lib/engine/engine.h): what estimate, interval,
 * verdict, fit, matrix and the renderers ask of a runtime. */
struct gsi_engine;

typedef struct gs_estimate {
	gs_workload workload;  /* as resolved, with provenance                    */
	gs_model model;
	gs_format format;
	bool stored_format;    /* weights as the checkpoint stores them (tensor table) */
	bool format_from_checkpoint; /* the format is config.json's quantization_config */
	bool weights_only_from_file; /* weights_only = the parameter tensors' stored bytes */
	gs_format kv_format;   /* the KV cache; with llama.cpp, its K half (-ctk)  */
	gs_format kv_format_v; /* the V half: kv_format unless kv_format_v is set */
	gs_runtime runtime;
	const struct gsi_engine *engine; /* the runtime's row, set by the estimate      */
	gs_attention attention;
	unsigned keep;         /* GS_KEEP_* classes actually kept aside           */
	bool bnb_experts_linear; /* the experts are one nn.Linear each, which
	                          bitsandbytes quantizes (Unsloth's gpt-oss
	                          upload, zoo's Transformers-5 dispatcher)      */
	uint64_t length;       /* 0 when not given; includes the images' tokens    */
	uint64_t images;       /* images per sequence (vision-language models)     */
	uint64_t image_tokens; /* text tokens per image (the model's, or image_tokens) */
	uint64_t concurrency;

	/* A lean estimate (fit's and matrix's search probes) has every figure
	 * and verdict, but no formula, reason or interval text: nothing prints it */
	bool lean;

	gs_bytes weights_only; /* the quick calculator's P x bits / 8                        */
	gs_bytes envelope;     /* weights_only + reserve                          */
	gs_bytes conservative; /* sum of per-item maxima (labelled as such)       */

	size_t n_items;
	gs_item items[GS_MAX_ITEMS];
	size_t n_phases;
	gs_phase phases[GS_MAX_PHASES];
	size_t peak_phase;     /* index of the phase with the largest peak        */
	gs_interval interval;  /* how far to trust the peaks (gs_estimate_interval) */

	size_t n_unknowns;
	unsigned unknowns_cut; /* unknowns cut at their size or past GS_MAX_UNKNOWNS: a bug */
	char unknowns[GS_MAX_UNKNOWNS][320];

	bool has_capacity;
	gs_bytes capacity;
	char capacity_how[320];
	bool capacity_nominal;     /* a device's nominal size: "fits" is to confirm */
	bool capacity_shared;      /* unified memory shared with the CPU (GB10):
	                              "fits" is to confirm against the GPU's share */
	/* has_capacity: does it fit, by the runtime's own rule, with its margin
	 * or shortfall in that rule's terms (gpusizer/verdict.h); every command
	 * reads this, none decides on its own */
	gs_capacity_verdict verdict;
	gs_bytes cuda_total;   /* has_capacity: the total CUDA reports (engines budget from it) */
	char cuda_how[256];
	bool has_vllm;
	gs_vllm_budget vllm;
	bool has_sglang;
	gs_sglang_pool sglang;
	bool has_ollama;
	gs_ollama_fit ollama;
	bool has_llamacpp;
	gs_llamacpp_info llamacpp;
	char runtime_version[16]; /* the engine release whose defaults were used, or "" */
	char release_note[200];   /* a version between two known ones, etc.      */
	/* A release newer than every row (the engine's, llama.cpp's build, a
	 * recipe's): answered with the newest row's rules, the verdict to
	 * confirm, the interval widened by the drift the last two rows give
	 * this same estimate (docs/method.md §7c). */
	bool release_newer;
	char release_asked[16];   /* the release asked for                       */
	char release_prev[16];    /* the row before the newest ("" without one)   */
	double release_drift;     /* |newest - previous| / newest, of the pool's
	                             tokens (pool engines) or the peak           */
	const char *release_source; /* the release's source files: static text of
	                               the release table, set with runtime_version;
	                               NULL while runtime_version is ""          */

	/* Placement: gpus = dp x tp x pp. The items are the worst GPU's (its
	 * pipeline stage is `stage`); stage_peak has every stage's peak, and
	 * GPU g sits in stage g / (dp x tp). */
	uint64_t gpus, dp, tp, pp;
	uint32_t stage;
	size_t n_stages;
	gs_bytes stage_peak[GS_MAX_STAGES];
	gs_train_info train;
	gs_bytes host_bytes;   /* host memory this GPU's share needs (offload, llama.cpp) */
	/* What measured runs and a failed run showed (gpusizer/measured.h,
	 * gs_measurements_apply); need_basis "" means the estimate alone. */
	char need_basis[12];   /* "", "estimate", "measured" or "oom"            */
	gs_bytes need;         /* per GPU, what the shortlist judges against     */
	char need_why[320];
	gs_bytes floor;        /* the largest measured peak: no offer below it   */
	char floor_why[320];
	size_t n_buffers;      /* llama.cpp: every device's buffers, all GPUs and the host */
	gs_buffer buffers[GS_MAX_BUFFERS];
	char host_what[160];
} gs_estimate;

/* Estimate memory per GPU for workload w (finished with gs_workload_finish)
 * on model m: inference (task inference) or adaptation (full, lora, qlora).
 * *out is fully overwritten. Errors: GS_EINPUT for inconsistent inputs
 * (gpus not a multiple of tp x pp, a quantized base for full fine-tuning,
 * LoRA targets the model does not have), GS_EUNSUPPORTED for combinations
 * not modelled (vLLM with pp > 1, adaptation of a --params model with LoRA). */
gs_status gs_estimate_run(const gs_workload *w, const gs_model *m,
                          gs_estimate *out /* OUT */, gs_error *err) GS_WARN_UNUSED;

/* The same figures, phases and verdict (fits, margin, shortfall), without
 * the texts: no item formula, no verdict or interval sentence (out->lean
 * is true). For searches that only compare figures, as fit's and matrix's
 * probes do; about half the time of gs_estimate_run (bench/README.md).
 * Errors as gs_estimate_run's. */
gs_status gs_estimate_run_lean(const gs_workload *w, const gs_model *m,
                               gs_estimate *out /* OUT */, gs_error *err) GS_WARN_UNUSED;

/* The capacity the workload's runtime is judged against, the one rule
 * gs_estimate_run and the matrix's header share: the given or device
 * total, or, for a runtime that allocates through torch, the CUDA total
 * torch shows where one is given (cuda_total) or published (issue 45).
 * *how says which; *cuda_total and cuda_how the CUDA total either way.
 * *found is false when the workload names no capacity. Errors as
 * gs_workload_capacity's. */
gs_status gs_capacity_judged(const gs_workload *w, gs_bytes *capacity /* OUT */, bool *found /* OUT */,
                             char *how, size_t how_cap, gs_bytes *cuda_total /* OUT */, char *cuda_how,
                             size_t cuda_how_cap, gs_error *err) GS_WARN_UNUSED;

/* The item with `id`, or NULL. Borrowed from e. */
const gs_item *gs_estimate_item(const gs_estimate *e, const char *id);

/* What the weights occupy on one GPU as loaded (phase 0): weights,
 * quant_metadata and other_format_modules, and where an engine keeps more
 * than the checkpoint's bytes (vLLM: tp_replicated, mla_absorbed,
 * marlin_padding), those items too: what vLLM's "model weights take" and
 * "Model loading took" lines count. */
gs_bytes gsi_weights_total(const gs_estimate *e);

/* The largest phase peak. */
gs_bytes gs_estimate_peak(const gs_estimate *e);

/* The calibration interval around `shown`, a phase or per-GPU peak of e as
 * printed: [shown x low, shown x high], or, under conservative yes (where
 * shown already is the high end), [its point figure x low, shown]. */
void gs_estimate_interval(const gs_estimate *e, gs_bytes shown, gs_bytes *low, gs_bytes *high);

const char *gs_basis_name(gs_basis b);

#endif
