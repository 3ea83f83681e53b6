/*
 * gpusizer/workload.h — the workload sheet: what must run, fully resolved,
 * each value tagged with where it came from.
 *
 * The sheet (contract, docs/sheet.md) is YAML; JSON is accepted as a subset.
 * Every field is also a flag of the same name (`--length` also answers to
 * `--context`). Flags override the sheet; defaults fill what neither gave,
 * and are recorded as defaults so nothing is silently assumed.
 *
 * Example:
 *   model: ./Meta-Llama-3-8B/config.json
 *   task: inference
 *   format: bf16
 *   length: 8192
 *   concurrency: 4
 *   reserve: 2GiB
 *   quality: "MMLU >= 62.0 on the eval set v3"
 *
 * gs_workload is a plain value (no heap memory).
 */
#ifndef GPUSIZER_WORKLOAD_H
#define GPUSIZER_WORKLOAD_H

#include <stdbool.h>
#include <stdint.h>
#include "gpusizer/status.h"
#include "gpusizer/units.h"

/* X(ENUM, sheet key, extra flag alias or NULL, kind, default text or NULL, help) */
#define GS_WORKLOAD_FIELDS(X) \
	X(MODEL, "model", NULL, GS_KIND_STRING, NULL, "config.json, model folder, .gguf or .safetensors file, hub id org/name[@rev], or Ollama tag (llama3.1:8b-instruct-q4_K_M)") \
	X(REVISION, "revision", NULL, GS_KIND_STRING, NULL, "model commit or tag, recorded on the sheet") \
	X(PARAMS, "params", NULL, GS_KIND_COUNT, NULL, "parameter count instead of a model: 7e9, 7B") \
	X(BITS, "bits", NULL, GS_KIND_RATIO, NULL, "raw bits per weight instead of a format: 16, 4.5") \
	X(TASK, "task", NULL, GS_KIND_ENUM, "inference", "inference | full | lora | qlora") \
	X(FORMAT, "format", NULL, GS_KIND_FORMAT, "bf16", "weight format (gpusizer formats)") \
	X(LENGTH, "length", "--context", GS_KIND_COUNT, NULL, "tokens per sequence actually required") \
	X(LENGTHS, "lengths", NULL, GS_KIND_STRING, NULL, "adaptation: the dataset's tokens per sequence as p50,p95,max (e.g. 380,1200,3900): batches are padded to their longest, so the training peak is at max, not at length") \
	X(CONCURRENCY, "concurrency", NULL, GS_KIND_COUNT, "1", "sequences decoded at once") \
	X(IMAGES, "images", NULL, GS_KIND_COUNT, NULL, "images per sequence (vision-language models): each adds the model's image tokens to the length") \
	X(IMAGE_TOKENS, "image_tokens", NULL, GS_KIND_COUNT, NULL, "tokens per image, instead of the model's; needed for Qwen2-VL, where (H/28) x (W/28) depends on the image") \
	X(MICROBATCH, "microbatch", NULL, GS_KIND_COUNT, "1", "adaptation: sequences per step on each GPU") \
	X(GRAD_ACCUM, "grad_accum", NULL, GS_KIND_COUNT, "1", "adaptation: microbatches accumulated per update") \
	X(LORA_RANK, "lora_rank", NULL, GS_KIND_COUNT, "8", "LoRA rank r (PEFT default 8)") \
	X(LORA_TARGETS, "lora_targets", NULL, GS_KIND_STRING, "q_proj,v_proj", "LoRA target modules, or all-linear (default: PEFT's for the model type)") \
	X(MODULES_TO_SAVE, "modules_to_save", NULL, GS_KIND_STRING, NULL, "LoRA: modules trained in full, e.g. lm_head,embed_tokens") \
	X(OPTIMIZER, "optimizer", NULL, GS_KIND_ENUM, "adamw", "adamw | adamw-fused | adamw-forloop | adamw-8bit | paged-adamw-8bit | sgd | sgd-momentum | adafactor | lion") \
	X(PRECISION, "precision", NULL, GS_KIND_ENUM, "mixed", "full fine-tuning: mixed (bf16 + fp32 master) | amp (fp32 params, autocast) | bf16 | fp32") \
	X(RECIPE_RELEASE, "recipe_release", NULL, GS_KIND_STRING, NULL, "unsloth: the release you run, when older than the one read (v0.1.801-beta): 2024.x releases (before 2025.1) build a RoPE cache in every attention layer") \
	X(RECIPE, "recipe", NULL, GS_KIND_ENUM, NULL, "adaptation defaults of (default peft): peft (PEFT + Transformers Trainer) | trl-sft | unsloth | axolotl | llama-factory | deepspeed | torchtune (docs/method.md §10a)") \
	X(CHECKPOINTING, "checkpointing", NULL, GS_KIND_ENUM, "none", "activation checkpointing: none | full | selective | offloaded (layer inputs in host memory)") \
	X(LOSS, "loss", NULL, GS_KIND_ENUM, "standard", "standard | chunked (fused or chunked cross-entropy)") \
	X(EVAL_MICROBATCH, "eval_microbatch", NULL, GS_KIND_COUNT, NULL, "validation batch (default: microbatch)") \
	X(ZERO, "zero", NULL, GS_KIND_ENUM, "0", "DeepSpeed ZeRO stage: 0 | 1 | 2 | 3") \
	X(FSDP, "fsdp", NULL, GS_KIND_ENUM, "none", "none | full | grad-op") \
	X(TP, "tp", NULL, GS_KIND_COUNT, "1", "tensor-parallel degree") \
	X(PP, "pp", NULL, GS_KIND_COUNT, "1", "pipeline-parallel degree (1F1B)") \
	X(OFFLOAD, "offload", NULL, GS_KIND_ENUM, "none", "none | optimizer | params (host memory reported)") \
	X(EXPORT, "export", NULL, GS_KIND_ENUM, "gpu", "how adapters are exported: gpu (merged on the GPU) | cpu (merged in host memory) | layerwise (merged tensor by tensor) | adapters (saved alone, no merge)") \
	X(RUNS, "runs", NULL, GS_KIND_STRING, NULL, "measured run files (gpusizer measure), separated by commas; also --run FILE") \
	X(QUALITY, "quality", NULL, GS_KIND_STRING, NULL, "quality criterion, carried as a requirement to confirm") \
	X(CAMPAIGN, "campaign", NULL, GS_KIND_DURATION, NULL, "how long the GPUs are needed: 3d, 72h, 2w, 1mo") \
	X(REQUIRE, "require", NULL, GS_KIND_STRING, NULL, "your own mandatory conditions, separated by ';' (e.g. EU data centre)") \
	X(PREFER, "prefer", NULL, GS_KIND_STRING, NULL, "your preferences, separated by ';': they only rank") \
	X(RESERVE, "reserve", NULL, GS_KIND_BYTES, "0GiB", "explicit extra margin: 6GiB") \
	X(GPUS, "gpus", NULL, GS_KIND_COUNT, "1", "number of GPUs") \
	X(RUNTIME, "runtime", NULL, GS_KIND_ENUM, "transformers", "transformers | vllm | sglang | llamacpp | ollama (llama.cpp and Ollama: a .gguf, or a config.json with --format Q4_K_M)") \
	X(RUNTIME_VERSION, "runtime_version", NULL, GS_KIND_STRING, NULL, \
	  "engine release whose defaults apply: vllm 0.6.4 | 0.7.3 | 0.8.4 | 0.8.5 | " \
	  "0.9.0 (for 0.9.0 to 0.9.0.1) | 0.10.1 (for 0.10.1 to 0.10.1.1) | 0.11.0 | " \
	  "0.11.1 (for 0.11.1 to 0.11.2) | 0.12.0 | 0.13.0 | 0.14.0 (for 0.14.0 to 0.14.1) | " \
	  "0.15.0 (for 0.15.0 to 0.15.1) | 0.16.0 | 0.17.0 | 0.18.0 (for 0.18.0 to 0.18.1) | " \
	  "0.19.0 (for 0.19.0 to 0.19.1) | 0.20.0 | 0.20.1 (for 0.20.1 to 0.20.2) | 0.21.0, sglang 0.4.6 | " \
	  "0.4.9, ollama 0.5.4 (for 0.5.2 to 0.5.11) | 0.6.8 (for 0.6.7 to 0.6.8) | " \
	  "0.11.4 (for 0.10.0 to 0.11.4) (default: the newest)") \
	X(VLLM_ENGINE, "vllm_engine", NULL, GS_KIND_ENUM, NULL, "vLLM engine: v1 | v0 (VLLM_USE_V1=0; read for 0.6.4, 0.7.3 and 0.8.4 to 0.10.1); default the release's, and V0 below compute capability 8.0 in 0.8 to 0.10.1") \
	X(ENTRYPOINT, "entrypoint", NULL, GS_KIND_ENUM, "serve", "vLLM entry point: serve (vllm serve, OpenAI server) | llm (the LLM class)") \
	X(SAMPLER, "sampler", NULL, GS_KIND_ENUM, NULL, "vLLM top-k/top-p sampler in the profile run, as the startup log names it: native | flashinfer (default: native counted, FlashInfer's smaller figure named)") \
	X(GPU_LAYERS, "gpu_layers", NULL, GS_KIND_COUNT, NULL, "llama.cpp -ngl: layers offloaded (default all + output)") \
	X(TENSOR_SPLIT, "tensor_split", NULL, GS_KIND_STRING, NULL, "llama.cpp --tensor-split, e.g. 3,1 over gpus") \
	X(SPLIT_MODE, "split_mode", NULL, GS_KIND_ENUM, "layer", "llama.cpp --split-mode: layer | row") \
	X(QUANTIZER, "quantizer", NULL, GS_KIND_ENUM, "007dbbf3", "llama.cpp quantizer whose rules plan a file type from a config.json: 007dbbf3 (newest read) | b4020 (fused attn_qkv by its own rule)") \
	X(IMATRIX, "imatrix", NULL, GS_KIND_ENUM, "no", "llama.cpp: plan the file as llama-quantize makes it with an importance matrix: no | yes (--imatrix alone means yes)") \
	X(LORA_ADAPTER, "lora_adapter", NULL, GS_KIND_STRING, NULL, "llama.cpp --lora: the adapter .gguf, or its size (160MiB)") \
	X(N_UBATCH, "n_ubatch", NULL, GS_KIND_COUNT, "512", "llama.cpp physical batch") \
	X(SWA_FULL, "swa_full", NULL, GS_KIND_ENUM, "no", "llama.cpp --swa-full: sliding-window layers (Gemma 2/3) keep n_ctx cells as the others do, as builds before May 2025 always did: no | yes") \
	X(OP_OFFLOAD, "op_offload", NULL, GS_KIND_ENUM, "yes", "llama.cpp: ops of weights left in host memory run on the first GPU for batches of 32 tokens or more, their weights copied into its compute buffer: yes | no (--no-op-offload)") \
	X(NUM_BATCH, "num_batch", NULL, GS_KIND_COUNT, "512", "Ollama num_batch (its default 512)") \
	X(GPU_FREE, "gpu_free", NULL, GS_KIND_BYTES, NULL, "Ollama: free memory per GPU at load, as its log's \"available\" (default: CUDA total - runtime_context)") \
	X(GPU_OVERHEAD, "gpu_overhead", NULL, GS_KIND_BYTES, NULL, "Ollama OLLAMA_GPU_OVERHEAD: VRAM held back per GPU (default 0)") \
	X(KV_FORMAT, "kv_format", NULL, GS_KIND_KV_FORMAT, NULL, "KV cache format (default: the weights' compute dtype)") \
	X(KV_FORMAT_V, "kv_format_v", NULL, GS_KIND_KV_FORMAT, NULL, "llama.cpp -ctv: the V cache's format when not kv_format's (-ctk)") \
	X(ATTENTION, "attention", NULL, GS_KIND_ENUM, "sdpa", "flash | sdpa | eager") \
	X(KEEP, "keep", NULL, GS_KIND_KEEP, "default", "modules kept in another format: embed,lm_head,norm | none") \
	X(KEEP_FORMAT, "keep_format", NULL, GS_KIND_ENUM, NULL, "dtype of the modules a quantized format keeps aside: bf16 | fp16 | fp32 (default 16 bits; Transformers loads them in float32 when torch_dtype is not given)") \
	X(RUNTIME_CONTEXT, "runtime_context", NULL, GS_KIND_BYTES, NULL, "CUDA context + framework (default per runtime)") \
	X(ALLOCATOR_SLACK, "allocator_slack", NULL, GS_KIND_PERCENT, "10%", "caching-allocator slack on dynamic items") \
	X(GPU, "gpu", NULL, GS_KIND_STRING, NULL, "device name from the built-in table: \"RTX 4090\"") \
	X(CAPACITY, "capacity", NULL, GS_KIND_BYTES, NULL, "device capacity as nvidia-smi / rocm-smi report it: 24GB, 24564MiB") \
	X(CUDA_TOTAL, "cuda_total", NULL, GS_KIND_BYTES, NULL, "total CUDA reports (torch.cuda.mem_get_info()[1]), which vLLM and SGLang budget from") \
	X(GPU_MEMORY_UTILIZATION, "gpu_memory_utilization", NULL, GS_KIND_RATIO, "0.9", "vLLM budget fraction (0.92 from vLLM 0.20.0)") \
	X(MAX_NUM_BATCHED_TOKENS, "max_num_batched_tokens", NULL, GS_KIND_COUNT, NULL, "vLLM profile-run tokens (default: the release's rule)") \
	X(MAX_NUM_SEQS, "max_num_seqs", NULL, GS_KIND_COUNT, NULL, "vLLM sequences in the profile run (default: the release's rule)") \
	X(CUDA_GRAPHS, "cuda_graphs", NULL, GS_KIND_BYTES, "0.5GiB", "vLLM / SGLang CUDA-graph memory (0GiB with enforce_eager / --disable-cuda-graph)") \
	X(MAX_LORAS, "max_loras", NULL, GS_KIND_COUNT, NULL, "vLLM --enable-lora: adapters served at once (vLLM default 1 when LoRA is on)") \
	X(MAX_LORA_RANK, "max_lora_rank", NULL, GS_KIND_COUNT, "16", "vLLM --max-lora-rank (vLLM default 16)") \
	X(MEM_FRACTION_STATIC, "mem_fraction_static", NULL, GS_KIND_RATIO, NULL, "SGLang --mem-fraction-static (default: the release's rule)") \
	X(CHUNKED_PREFILL_SIZE, "chunked_prefill_size", NULL, GS_KIND_COUNT, NULL, "SGLang --chunked-prefill-size (default: the release's rule)") \
	X(MAX_RUNNING_REQUESTS, "max_running_requests", NULL, GS_KIND_COUNT, NULL, "SGLang --max-running-requests (default: from the pool)") \
	X(CONSERVATIVE, "conservative", NULL, GS_KIND_ENUM, "no", "yes: judge by the high end of each calibration interval (fit, capacity check, shortlist, sheet); --conservative alone means yes")

typedef enum gs_kind {
	GS_KIND_STRING, GS_KIND_COUNT, GS_KIND_BYTES, GS_KIND_RATIO, GS_KIND_PERCENT,
	GS_KIND_ENUM, GS_KIND_FORMAT, GS_KIND_KV_FORMAT, GS_KIND_KEEP, GS_KIND_DURATION
} gs_kind;

typedef enum gs_field {
#define GS_X(e, key, alias, kind, def, help) GS_F_##e,
	GS_WORKLOAD_FIELDS(GS_X)
#undef GS_X
	GS_F__COUNT
} gs_field;

typedef enum gs_origin { GS_FROM_UNSET, GS_FROM_DEFAULT, GS_FROM_SHEET, GS_FROM_FLAG } gs_origin;

/* The enumerated fields, parsed once: each enum lists the accepted values in
 * the order workload.c's table gives them, and gs_value.e holds the index
 * of the one set. Code compares these, never the text. */
typedef enum gs_task { GS_TASK_INFERENCE, GS_TASK_FULL, GS_TASK_LORA, GS_TASK_QLORA } gs_task;
typedef enum gs_runtime { GS_RT_TRANSFORMERS, GS_RT_VLLM, GS_RT_SGLANG, GS_RT_LLAMACPP, GS_RT_OLLAMA } gs_runtime;
typedef enum gs_entrypoint { GS_ENTRY_SERVE, GS_ENTRY_LLM } gs_entrypoint;
typedef enum gs_vllm_engine { GS_VLLM_V1, GS_VLLM_V0 } gs_vllm_engine;
typedef enum gs_sampler { GS_SAMPLER_NATIVE, GS_SAMPLER_FLASHINFER } gs_sampler;
typedef enum gs_attention { GS_ATTN_IMPL_FLASH, GS_ATTN_IMPL_SDPA, GS_ATTN_IMPL_EAGER } gs_attention;
typedef enum gs_optimizer {
	GS_OPT_ADAMW, GS_OPT_ADAMW_FUSED, GS_OPT_ADAMW_8BIT, GS_OPT_PAGED_ADAMW_8BIT, GS_OPT_SGD,
	GS_OPT_SGD_MOMENTUM, GS_OPT_ADAFACTOR, GS_OPT_LION, GS_OPT_ADAMW_FORLOOP
} gs_optimizer;
typedef enum gs_precision { GS_PREC_MIXED, GS_PREC_AMP, GS_PREC_BF16, GS_PREC_FP32 } gs_precision;
typedef enum gs_checkpointing { GS_CKPT_NONE, GS_CKPT_FULL, GS_CKPT_SELECTIVE, GS_CKPT_OFFLOADED } gs_checkpointing;
typedef enum gs_loss { GS_LOSS_STANDARD, GS_LOSS_CHUNKED } gs_loss;
typedef enum gs_fsdp { GS_FSDP_NONE, GS_FSDP_FULL, GS_FSDP_GRAD_OP } gs_fsdp;
typedef enum gs_offload { GS_OFFLOAD_NONE, GS_OFFLOAD_OPTIMIZER, GS_OFFLOAD_PARAMS } gs_offload;
typedef enum gs_export { GS_EXPORT_GPU, GS_EXPORT_CPU, GS_EXPORT_LAYERWISE, GS_EXPORT_ADAPTERS } gs_export;
typedef enum gs_recipe {
	GS_RECIPE_PEFT, GS_RECIPE_TRL_SFT, GS_RECIPE_UNSLOTH, GS_RECIPE_AXOLOTL, GS_RECIPE_LLAMA_FACTORY,
	GS_RECIPE_DEEPSPEED, GS_RECIPE_TORCHTUNE
} gs_recipe;
typedef enum gs_split_mode { GS_SPLIT_LAYER, GS_SPLIT_ROW } gs_split_mode;
/* the llama.cpp quantizer releases whose per-tensor rules gpusizer knows */
typedef enum gs_quantizer { GS_QUANT_007DBBF3, GS_QUANT_B4020 } gs_quantizer;
/* zero: the DeepSpeed ZeRO stage 0-3 itself */

typedef struct gs_value {
	gs_origin from;
	char where[96];     /* "sheet.yaml:4:9", "--context", "default"      */
	char text[256];     /* the value as given (trimmed), for display      */
	uint64_t u;         /* COUNT, BYTES                                   */
	gs_ratio r;         /* RATIO, PERCENT                                 */
	int e;              /* ENUM: the index of the value (the enums above) */
} gs_value;

/* The device table's row the gpu field names (gpusizer/devices.h). */
struct gs_device;

typedef struct gs_workload {
	gs_value v[GS_F__COUNT];
	/* Resolved once, when gpu is set (gs_workload_set looks the name up and
	 * refuses an unknown or ambiguous one), so that no estimate looks a
	 * name up again: the row itself, static storage, NULL without gpu. */
	const struct gs_device *device;
} gs_workload;

/* Start from nothing set; then apply a sheet, flags, and finally defaults. */
void gs_workload_init(gs_workload *w /* OUT */);

/* Set field `f` from text (len bytes, need not be NUL-terminated), validating
 * it for its kind; a later call overrides an earlier one. `where` locates the
 * value for errors and provenance. Errors: GS_EINPUT naming `where` and the
 * field, saying what was expected (for gpu: an unknown or ambiguous device
 * name, with the nearest known ones).
 *
 * A default derived from another field (eval_microbatch = microbatch) stays
 * derived: setting the field it follows, after gs_workload_finish, sets it
 * too, unless it was given itself. Searches (fit) rely on this. */
gs_status gs_workload_set(gs_workload *w, gs_field f, const char *text, size_t len,
                          gs_origin from, const char *where, gs_error *err) GS_WARN_UNUSED;

/* Fill unset fields that have a default (recorded as GS_FROM_DEFAULT), and
 * check cross-field rules (model or params, not both; bits or format).
 * Call once, after the sheet and flags. */
gs_status gs_workload_finish(gs_workload *w, gs_error *err) GS_WARN_UNUSED;

/* Field lookup by sheet key ("length") or flag ("--context", "--length").
 * Return -1 when unknown. */
int gs_field_by_key(const char *key, size_t len);
int gs_field_by_flag(const char *flag);

/* A field's flag: "--" + its sheet key with dashes for underscores
 * ("--max-num-seqs"), into buf; returns buf. */
const char *gs_field_flag(gs_field f, char *buf, size_t cap);

/* "Did you mean": the field flag ("--context") or the command's own option
 * (extra[], e.g. "--json") nearest to an unknown flag, into buf; NULL when
 * none is near enough (at most 3 edits, under half the word). */
const char *gs_flag_suggest(const char *flag, const char *const *extra, size_t n_extra, char *buf, size_t cap);

/* Static metadata for a field. */
const char *gs_field_key(gs_field f);
const char *gs_field_help(gs_field f);
/* The extra flag alias ("--context" for length) and the default text; NULL when none. */
const char *gs_field_alias(gs_field f);
const char *gs_field_default(gs_field f);
gs_kind gs_field_kind(gs_field f);
const char *gs_origin_name(gs_origin o);

static inline bool gs_wl_set(const gs_workload *w, gs_field f) { return w->v[f].from != GS_FROM_UNSET; }
/* given by the user (sheet or flag), not filled from its default */
static inline bool gs_wl_given(const gs_workload *w, gs_field f)
{
	return w->v[f].from == GS_FROM_SHEET || w->v[f].from == GS_FROM_FLAG;
}
static inline const char *gs_wl_str(const gs_workload *w, gs_field f) { return w->v[f].text; }
static inline uint64_t gs_wl_u64(const gs_workload *w, gs_field f) { return w->v[f].u; }
static inline gs_ratio gs_wl_ratio(const gs_workload *w, gs_field f) { return w->v[f].r; }
static inline gs_task gs_wl_task(const gs_workload *w) { return (gs_task)w->v[GS_F_TASK].e; }
static inline bool gs_wl_training(const gs_workload *w) { return w->v[GS_F_TASK].e != GS_TASK_INFERENCE; }
static inline gs_runtime gs_wl_runtime(const gs_workload *w) { return (gs_runtime)w->v[GS_F_RUNTIME].e; }
static inline gs_entrypoint gs_wl_entrypoint(const gs_workload *w) { return (gs_entrypoint)w->v[GS_F_ENTRYPOINT].e; }
static inline gs_sampler gs_wl_sampler(const gs_workload *w) { return (gs_sampler)w->v[GS_F_SAMPLER].e; }
static inline gs_attention gs_wl_attention(const gs_workload *w) { return (gs_attention)w->v[GS_F_ATTENTION].e; }
static inline gs_optimizer gs_wl_optimizer(const gs_workload *w) { return (gs_optimizer)w->v[GS_F_OPTIMIZER].e; }
static inline gs_precision gs_wl_precision(const gs_workload *w) { return (gs_precision)w->v[GS_F_PRECISION].e; }
static inline gs_checkpointing gs_wl_checkpointing(const gs_workload *w) { return (gs_checkpointing)w->v[GS_F_CHECKPOINTING].e; }
static inline gs_loss gs_wl_loss(const gs_workload *w) { return (gs_loss)w->v[GS_F_LOSS].e; }
static inline int gs_wl_zero(const gs_workload *w) { return w->v[GS_F_ZERO].e; }
static inline gs_fsdp gs_wl_fsdp(const gs_workload *w) { return (gs_fsdp)w->v[GS_F_FSDP].e; }
static inline gs_offload gs_wl_offload(const gs_workload *w) { return (gs_offload)w->v[GS_F_OFFLOAD].e; }
static inline gs_export gs_wl_export(const gs_workload *w) { return (gs_export)w->v[GS_F_EXPORT].e; }
static inline gs_split_mode gs_wl_split_mode(const gs_workload *w) { return (gs_split_mode)w->v[GS_F_SPLIT_MODE].e; }
static inline gs_quantizer gs_wl_quantizer(const gs_workload *w) { return (gs_quantizer)w->v[GS_F_QUANTIZER].e; }
/* swa_full's values are {"no", "yes"} (workload.c): index 1 is yes */
static inline bool gs_wl_swa_full(const gs_workload *w) { return w->v[GS_F_SWA_FULL].e == 1; }
/* op_offload's values are {"yes", "no"} (workload.c): index 0 is yes */
static inline bool gs_wl_op_offload(const gs_workload *w) { return w->v[GS_F_OP_OFFLOAD].e == 0; }
/* imatrix's values are {"no", "yes"} (workload.c): index 1 is yes */
static inline bool gs_wl_imatrix(const gs_workload *w) { return w->v[GS_F_IMATRIX].e == 1; }
static inline gs_recipe gs_wl_recipe(const gs_workload *w) { return (gs_recipe)w->v[GS_F_RECIPE].e; }
/* conservative's values are {"no", "yes"} (workload.c): index 1 is yes */
static inline bool gs_wl_conservative(const gs_workload *w) { return w->v[GS_F_CONSERVATIVE].e == 1; }

/* The adaptation recipe's name and the release its defaults were read from
 * ("PEFT v0.20.0 with Transformers' Trainer"); static strings. */
const char *gs_recipe_source(gs_recipe r);

/* "checkpointing full, length 1024": the fields whose value came from the
 * recipe's defaults, into buf ("" when none). */
void gs_workload_recipe_settings(const gs_workload *w, char *buf, size_t cap);

/* The runtime's name as sheets spell it ("transformers", "vllm", ...). */
const char *gs_runtime_name(gs_runtime r);

/* Forget field f (as if never given); forgetting gpu forgets its device. */
void gs_workload_unset(gs_workload *w, gs_field f);

/* Load a YAML (or JSON) sheet into w as GS_FROM_SHEET values. Errors name
 * the file, line and column: syntax errors, unknown keys (listing the known
 * ones), duplicate keys, non-scalar values, and invalid values. */
gs_status gs_sheet_load_file(const char *path, gs_workload *w, gs_error *err) GS_WARN_UNUSED;
gs_status gs_sheet_load_buffer(const char *buf, size_t len, const char *name,
                               gs_workload *w, gs_error *err) GS_WARN_UNUSED;

/* Resolve the device capacity from --capacity or --gpu. *how receives what
 * figure was used ("device-reported: nvidia-smi total 24564 MiB for RTX 4090
 * [4090]" or "given: 24GB"). GS_EINPUT for an unknown GPU name (listing the
 * table); *found is false when neither field is set. */
gs_status gs_workload_capacity(const gs_workload *w, gs_bytes *out /* OUT */,
                               bool *found /* OUT */, char *how, size_t howcap,
                               gs_error *err) GS_WARN_UNUSED;

/* The total CUDA reports (what vLLM and SGLang budget from) for a device
 * whose total is device_total: --cuda-total when given, else the device
 * table's published figure for --gpu, else device_total minus the largest
 * published gap, said so in *how. GS_EINPUT when cuda_total exceeds the
 * device total. */
gs_status gs_workload_cuda_total(const gs_workload *w, gs_bytes device_total, gs_bytes *out /* OUT */,
                                 char *how, size_t howcap, gs_error *err) GS_WARN_UNUSED;

#endif
