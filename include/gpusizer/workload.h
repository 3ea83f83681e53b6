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
#include <string.h>
#include "gpusizer/status.h"
#include "gpusizer/units.h"

/* ---- the values of the enumerated fields: one list each, from which the C
 * enum below and the accepted strings (workload.c) are both generated; an
 * enum's value is its index in the list ------------------------------------ */
#define GS_TASK_VALUES(V) V(GS_TASK_INFERENCE, "inference") V(GS_TASK_FULL, "full") \
	V(GS_TASK_LORA, "lora") V(GS_TASK_QLORA, "qlora")
#define GS_RUNTIME_VALUES(V) V(GS_RT_TRANSFORMERS, "transformers") V(GS_RT_VLLM, "vllm") \
	V(GS_RT_SGLANG, "sglang") V(GS_RT_LLAMACPP, "llamacpp") V(GS_RT_OLLAMA, "ollama")
#define GS_ENTRYPOINT_VALUES(V) V(GS_ENTRY_SERVE, "serve") V(GS_ENTRY_LLM, "llm")
#define GS_VLLM_ENGINE_VALUES(V) V(GS_VLLM_V1, "v1") V(GS_VLLM_V0, "v0")
#define GS_MODEL_RUNNER_VALUES(V) V(GS_RUNNER_V1, "v1") V(GS_RUNNER_V2, "v2")
#define GS_SAMPLER_VALUES(V) V(GS_SAMPLER_NATIVE, "native") V(GS_SAMPLER_FLASHINFER, "flashinfer")
#define GS_STATE_DTYPE_VALUES(V)                                                                          \
	V(GS_STATE_AUTO, "auto") V(GS_STATE_FLOAT32, "float32") V(GS_STATE_FLOAT16, "float16")            \
	V(GS_STATE_BFLOAT16, "bfloat16")
#define GS_ATTENTION_VALUES(V) V(GS_ATTN_IMPL_FLASH, "flash") V(GS_ATTN_IMPL_SDPA, "sdpa") \
	V(GS_ATTN_IMPL_EAGER, "eager") V(GS_ATTN_IMPL_AUTO, "auto")
#define GS_OPTIMIZER_VALUES(V) V(GS_OPT_ADAMW, "adamw") V(GS_OPT_ADAMW_FUSED, "adamw-fused") \
	V(GS_OPT_ADAMW_8BIT, "adamw-8bit") V(GS_OPT_PAGED_ADAMW_8BIT, "paged-adamw-8bit") \
	V(GS_OPT_SGD, "sgd") V(GS_OPT_SGD_MOMENTUM, "sgd-momentum") V(GS_OPT_ADAFACTOR, "adafactor") \
	V(GS_OPT_LION, "lion") V(GS_OPT_ADAMW_FORLOOP, "adamw-forloop")
#define GS_PRECISION_VALUES(V) V(GS_PREC_MIXED, "mixed") V(GS_PREC_AMP, "amp") V(GS_PREC_BF16, "bf16") \
	V(GS_PREC_FP32, "fp32")
#define GS_CHECKPOINTING_VALUES(V) V(GS_CKPT_NONE, "none") V(GS_CKPT_FULL, "full") \
	V(GS_CKPT_SELECTIVE, "selective") V(GS_CKPT_OFFLOADED, "offloaded")
#define GS_LOSS_VALUES(V) V(GS_LOSS_STANDARD, "standard") V(GS_LOSS_CHUNKED, "chunked")
/* zero: the DeepSpeed ZeRO stage 0-3 itself (gs_wl_zero) */
#define GS_ZERO_VALUES(V) V(GS_ZERO_0, "0") V(GS_ZERO_1, "1") V(GS_ZERO_2, "2") V(GS_ZERO_3, "3")
#define GS_FSDP_VALUES(V) V(GS_FSDP_NONE, "none") V(GS_FSDP_FULL, "full") V(GS_FSDP_GRAD_OP, "grad-op")
#define GS_OFFLOAD_VALUES(V) V(GS_OFFLOAD_NONE, "none") V(GS_OFFLOAD_OPTIMIZER, "optimizer") \
	V(GS_OFFLOAD_PARAMS, "params")
#define GS_EXPORT_VALUES(V) V(GS_EXPORT_GPU, "gpu") V(GS_EXPORT_CPU, "cpu") \
	V(GS_EXPORT_LAYERWISE, "layerwise") V(GS_EXPORT_ADAPTERS, "adapters")
#define GS_RECIPE_VALUES(V) V(GS_RECIPE_PEFT, "peft") V(GS_RECIPE_TRL_SFT, "trl-sft") \
	V(GS_RECIPE_UNSLOTH, "unsloth") V(GS_RECIPE_AXOLOTL, "axolotl") \
	V(GS_RECIPE_LLAMA_FACTORY, "llama-factory") V(GS_RECIPE_DEEPSPEED, "deepspeed") \
	V(GS_RECIPE_TORCHTUNE, "torchtune") V(GS_RECIPE_LITGPT, "litgpt")
/* Unsloth's qat_scheme names (models/_utils.py _prepare_model_for_qat) */
#define GS_QAT_VALUES(V) V(GS_QAT_NONE, "none") V(GS_QAT_INT4, "int4") V(GS_QAT_INT8, "int8") \
	V(GS_QAT_INT8_INT4, "int8-int4") V(GS_QAT_FP8_INT4, "fp8-int4") V(GS_QAT_FP8_FP8, "fp8-fp8") \
	V(GS_QAT_PHONE, "phone-deployment") V(GS_QAT_CACTUS, "cactus")
#define GS_SPLIT_MODE_VALUES(V) V(GS_SPLIT_LAYER, "layer") V(GS_SPLIT_ROW, "row")
/* the llama.cpp quantizer releases whose per-tensor rules gpusizer knows */
#define GS_QUANTIZER_VALUES(V) V(GS_QUANT_007DBBF3, "007dbbf3") V(GS_QUANT_B4020, "b4020")
#define GS_KEEP_FORMAT_VALUES(V) V(GS_KEEPF_BF16, "bf16") V(GS_KEEPF_FP16, "fp16") V(GS_KEEPF_FP32, "fp32")
/* every bool field: one representation, gs_value.e 0 = no, 1 = yes (a flag
 * given alone means yes, --no-<flag> means no) */
#define GS_BOOL_VALUES(V) V(GS_NO, "no") V(GS_YES, "yes")
#define GS_NO_VALUES(V)

#define GS_ENUM_ITEM(e, s) e,
typedef enum gs_task { GS_TASK_VALUES(GS_ENUM_ITEM) GS_TASK__COUNT } gs_task;
typedef enum gs_runtime { GS_RUNTIME_VALUES(GS_ENUM_ITEM) GS_RT__COUNT } gs_runtime;
typedef enum gs_entrypoint { GS_ENTRYPOINT_VALUES(GS_ENUM_ITEM) } gs_entrypoint;
typedef enum gs_vllm_engine { GS_VLLM_ENGINE_VALUES(GS_ENUM_ITEM) } gs_vllm_engine;
typedef enum gs_model_runner { GS_MODEL_RUNNER_VALUES(GS_ENUM_ITEM) } gs_model_runner;
typedef enum gs_sampler { GS_SAMPLER_VALUES(GS_ENUM_ITEM) } gs_sampler;
typedef enum gs_state_dtype { GS_STATE_DTYPE_VALUES(GS_ENUM_ITEM) } gs_state_dtype;
typedef enum gs_attention { GS_ATTENTION_VALUES(GS_ENUM_ITEM) } gs_attention;
typedef enum gs_optimizer { GS_OPTIMIZER_VALUES(GS_ENUM_ITEM) } gs_optimizer;
typedef enum gs_precision { GS_PRECISION_VALUES(GS_ENUM_ITEM) } gs_precision;
typedef enum gs_checkpointing { GS_CHECKPOINTING_VALUES(GS_ENUM_ITEM) } gs_checkpointing;
typedef enum gs_loss { GS_LOSS_VALUES(GS_ENUM_ITEM) } gs_loss;
typedef enum gs_zero { GS_ZERO_VALUES(GS_ENUM_ITEM) } gs_zero;
typedef enum gs_fsdp { GS_FSDP_VALUES(GS_ENUM_ITEM) } gs_fsdp;
typedef enum gs_offload { GS_OFFLOAD_VALUES(GS_ENUM_ITEM) } gs_offload;
typedef enum gs_export { GS_EXPORT_VALUES(GS_ENUM_ITEM) } gs_export;
typedef enum gs_recipe { GS_RECIPE_VALUES(GS_ENUM_ITEM) } gs_recipe;
typedef enum gs_qat { GS_QAT_VALUES(GS_ENUM_ITEM) } gs_qat;
typedef enum gs_split_mode { GS_SPLIT_MODE_VALUES(GS_ENUM_ITEM) } gs_split_mode;
typedef enum gs_quantizer { GS_QUANTIZER_VALUES(GS_ENUM_ITEM) } gs_quantizer;
typedef enum gs_keep_format { GS_KEEP_FORMAT_VALUES(GS_ENUM_ITEM) } gs_keep_format;
typedef enum gs_bool { GS_BOOL_VALUES(GS_ENUM_ITEM) } gs_bool;

/* ---- the phases a field's change acts on (diagnose and fit read them): the
 * ids the estimate's phases carry ---------------------------------------------- */
#define GS_PHASE_KINDS(X) X(LOAD, "load") X(FORWARD, "forward") X(BACKWARD, "backward") \
	X(FIRST_UPDATE, "first_update") X(EXPORT, "export") X(VALIDATION, "validation") \
	X(PREFILL, "prefill") X(DECODE, "decode") X(SERVE, "serve") X(PROFILE, "profile") X(POOL, "pool") \
	X(CONTEXT, "context")
typedef enum gs_phase_kind {
#define GS_X(e, id) GS_PK_##e,
	GS_PHASE_KINDS(GS_X)
#undef GS_X
	GS_PK__COUNT
} gs_phase_kind;

/* Masks of the table's columns: the runtimes that read a field, the tasks
 * it acts in, the phases its change acts on. */
#define GS_RT(r) (1u << GS_RT_##r)
#define GS_RTS_ALL ((1u << GS_RT__COUNT) - 1)
#define GS_RTS_POOL (GS_RT(VLLM) | GS_RT(SGLANG))
#define GS_RTS_GGUF (GS_RT(LLAMACPP) | GS_RT(OLLAMA))
/* the runtimes an adaptation (task full, lora, qlora) runs on; the others
 * serve models. The engine table's rows read it (engine/estimate.c). */
#define GS_RTS_TRAINING GS_RT(TRANSFORMERS)
#define GS_TK(t) (1u << GS_TASK_##t)
#define GS_TASKS_ALL ((1u << GS_TASK__COUNT) - 1)
#define GS_TASKS_TRAIN (GS_TK(FULL) | GS_TK(LORA) | GS_TK(QLORA))
#define GS_TASKS_ADAPT (GS_TK(LORA) | GS_TK(QLORA))
#define GS_PH(p) (1u << GS_PK_##p)
#define GS_PH_NONE 0u
#define GS_PH_TRAIN_STEP (GS_PH(FORWARD) | GS_PH(BACKWARD))
#define GS_PH_SERVING (GS_PH(PREFILL) | GS_PH(DECODE) | GS_PH(SERVE) | GS_PH(POOL) | GS_PH(CONTEXT))

/* ---- the field table: one row per sheet field (curl's option table, git's
 * parse-options). Every front door (flags, the sheet, the API's keys, Python's
 * keywords, /api/fields and the page's menus) is generated from these rows.
 *
 * X(ENUM, sheet key, extra flag aliases or NULL (space-separated: the engines'
 *   own spellings of the same field, --max-model-len, -ngl; NAME=VALUE is a
 *   switch that sets VALUE, --enforce-eager=0GiB), kind, default text or NULL,
 *   values (an enum's GS_*_VALUES list, else GS_NO_VALUES),
 *   runtimes that read it, tasks it acts in, phases its change acts on,
 *   lowest, highest value (counts: lowest 1 = "at least 1", highest 0 = no
 *   bound beyond the parser's; ratios: lowest 1 = "above 0", highest in whole
 *   units, 0 = none), help)
 *
 * A field given (sheet or flag) for a runtime or task whose bit is not set is
 * refused by gs_workload_finish, naming the runtimes or tasks that read it. */
#define GS_WORKLOAD_FIELDS(X)                                                                                \
	X(MODEL, "model", NULL, GS_KIND_STRING, NULL, GS_NO_VALUES, GS_RTS_ALL, GS_TASKS_ALL, GS_PH_NONE, 0, \
	  0,                                                                                                 \
	  "config.json, model folder, .gguf or .safetensors file, hub id org/name[@rev], or Ollama "         \
	  "tag (llama3.1:8b-instruct-q4_K_M)")                                                               \
	X(REVISION, "revision", NULL, GS_KIND_STRING, NULL, GS_NO_VALUES, GS_RTS_ALL, GS_TASKS_ALL,          \
	  GS_PH_NONE, 0, 0, "model commit or tag, recorded on the sheet")                                    \
	X(PARAMS, "params", NULL, GS_KIND_PARAMS, NULL, GS_NO_VALUES, GS_RTS_ALL, GS_TASKS_ALL, GS_PH_NONE,  \
	  1, 1000000000000000ull, "parameter count instead of a model: 7e9, 7B")                             \
	X(BITS, "bits", NULL, GS_KIND_RATIO, NULL, GS_NO_VALUES, GS_RTS_ALL, GS_TASKS_ALL, GS_PH_NONE, 1,    \
	  64, "raw bits per weight instead of a format: 16, 4.5")                                            \
	X(TASK, "task", NULL, GS_KIND_ENUM, "inference", GS_TASK_VALUES, GS_RTS_ALL, GS_TASKS_ALL,           \
	  GS_PH_NONE, 0, 0, "what runs: inference, or an adaptation (full fine-tuning, LoRA, QLoRA)")        \
	X(FORMAT, "format", "--quantization", GS_KIND_FORMAT, "bf16", GS_NO_VALUES, GS_RTS_ALL,              \
	  GS_TASKS_ALL,                                                                                      \
	  GS_PH(LOAD) | GS_PH(PREFILL) | GS_PH(DECODE) | GS_PH(SERVE) | GS_PH(PROFILE) | GS_PH(POOL), 0, 0,  \
	  "weight format (gpusizer formats)")                                                                \
	X(LENGTH, "length", "--context --max-model-len -c --ctx-size", GS_KIND_TOKENS, NULL, GS_NO_VALUES,   \
	  GS_RTS_ALL, GS_TASKS_ALL,                                                                          \
	  GS_PH_TRAIN_STEP | GS_PH(PREFILL) | GS_PH(DECODE) | GS_PH(SERVE) | GS_PH(POOL) | GS_PH(CONTEXT) |  \
	          GS_PH(VALIDATION),                                                                         \
	  1, 1ull << 30, "tokens per sequence actually required")                                            \
	X(LENGTHS, "lengths", NULL, GS_KIND_LIST, NULL, GS_NO_VALUES, GS_RTS_TRAINING, GS_TASKS_TRAIN,       \
	  GS_PH_NONE, 0, 0,                                                                                  \
	  "adaptation: the dataset's tokens per sequence as p50,p95,max (e.g. "                              \
	  "380,1200,3900): batches are padded to their longest, so the training peak is at max, not at "     \
	  "length")                                                                                          \
	X(CONCURRENCY, "concurrency", "-np", GS_KIND_COUNT, "1", GS_NO_VALUES, GS_RTS_ALL, GS_TK(INFERENCE), \
	  GS_PH(PREFILL) | GS_PH(DECODE) | GS_PH(SERVE) | GS_PH(POOL) | GS_PH(CONTEXT), 1, 1ull << 20,       \
	  "sequences decoded at once")                                                                       \
	X(IMAGES, "images", NULL, GS_KIND_COUNT, NULL, GS_NO_VALUES, GS_RTS_ALL, GS_TASKS_ALL, GS_PH_NONE,   \
	  1, 0,                                                                                              \
	  "images per sequence (vision-language models): each adds the model's image tokens to the "         \
	  "length")                                                                                          \
	X(IMAGE_TOKENS, "image_tokens", NULL, GS_KIND_COUNT, NULL, GS_NO_VALUES, GS_RTS_ALL, GS_TASKS_ALL,   \
	  GS_PH_NONE, 1, 0,                                                                                  \
	  "tokens per image, instead of the model's; needed for Qwen2-VL, where (H/28) x "                   \
	  "(W/28) depends on the image")                                                                     \
	X(MICROBATCH, "microbatch", NULL, GS_KIND_COUNT, "1", GS_NO_VALUES, GS_RTS_TRAINING, GS_TASKS_TRAIN, \
	  GS_PH_TRAIN_STEP | GS_PH(VALIDATION), 1, 1ull << 20, "adaptation: sequences per step on each GPU") \
	X(GRAD_ACCUM, "grad_accum", NULL, GS_KIND_COUNT, "1", GS_NO_VALUES, GS_RTS_TRAINING, GS_TASKS_TRAIN, \
	  GS_PH_NONE, 1, 1ull << 20, "adaptation: microbatches accumulated per update")                      \
	X(LORA_RANK, "lora_rank", NULL, GS_KIND_COUNT, "8", GS_NO_VALUES, GS_RTS_TRAINING, GS_TASKS_ADAPT,   \
	  GS_PH_TRAIN_STEP | GS_PH(FIRST_UPDATE), 1, 1ull << 16, "LoRA rank r (PEFT default 8)")             \
	X(LORA_TARGETS, "lora_targets", NULL, GS_KIND_LIST, "q_proj,v_proj", GS_NO_VALUES, GS_RTS_TRAINING,  \
	  GS_TASKS_ADAPT, GS_PH_NONE, 0, 0,                                                                  \
	  "LoRA target modules, or all-linear (default: PEFT's for the model type)")                         \
	X(MODULES_TO_SAVE, "modules_to_save", NULL, GS_KIND_LIST, NULL, GS_NO_VALUES, GS_RTS_TRAINING,       \
	  GS_TASKS_ADAPT, GS_PH_NONE, 0, 0, "LoRA: modules trained in full, e.g. lm_head,embed_tokens")      \
	X(OPTIMIZER, "optimizer", NULL, GS_KIND_ENUM, "adamw", GS_OPTIMIZER_VALUES, GS_RTS_TRAINING,         \
	  GS_TASKS_TRAIN, GS_PH_TRAIN_STEP | GS_PH(FIRST_UPDATE), 0, 0, "the optimizer and its states")      \
	X(PRECISION, "precision", NULL, GS_KIND_ENUM, "mixed", GS_PRECISION_VALUES, GS_RTS_TRAINING,         \
	  GS_TASKS_TRAIN, GS_PH_NONE, 0, 0,                                                                  \
	  "full fine-tuning: mixed (bf16 + fp32 master), amp (fp32 "                                         \
	  "params, autocast), bf16 or fp32")                                                                 \
	X(RECIPE_RELEASE, "recipe_release", NULL, GS_KIND_STRING, NULL, GS_NO_VALUES, GS_RTS_TRAINING,       \
	  GS_TASKS_TRAIN, GS_PH_NONE, 0, 0,                                                                  \
	  "unsloth: the release its banner prints (2025.8.5); its loss, "                                    \
	  "checkpointing, MoE 4-bit path and RoPE cache change by release; unstated: the newest row, to "    \
	  "confirm")                                                                                         \
	X(QAT_SCHEME, "qat_scheme", NULL, GS_KIND_ENUM, NULL, GS_QAT_VALUES, GS_RTS_TRAINING,                \
	  GS_TASKS_TRAIN, GS_PH(LOAD) | GS_PH_TRAIN_STEP | GS_PH(FIRST_UPDATE), 0, 0,                        \
	  "unsloth: quantization-aware training (torchao); int8-int4 and phone-deployment untie a tied "     \
	  "lm_head from the embeddings (from 2025.11.3)")                                                    \
	X(RECIPE, "recipe", NULL, GS_KIND_ENUM, NULL, GS_RECIPE_VALUES, GS_RTS_TRAINING, GS_TASKS_TRAIN,     \
	  GS_PH_NONE, 0, 0,                                                                                  \
	  "adaptation defaults of (default peft): peft is PEFT + Transformers' Trainer "                     \
	  "(docs/method.md §10a)")                                                                           \
	X(CHECKPOINTING, "checkpointing", NULL, GS_KIND_ENUM, "none", GS_CHECKPOINTING_VALUES,               \
	  GS_RTS_TRAINING, GS_TASKS_TRAIN, GS_PH_TRAIN_STEP, 0, 0,                                           \
	  "activation checkpointing (offloaded: "                                                            \
	  "layer inputs in host memory)")                                                                    \
	X(LOSS, "loss", NULL, GS_KIND_ENUM, "standard", GS_LOSS_VALUES, GS_RTS_TRAINING, GS_TASKS_TRAIN,     \
	  GS_PH_TRAIN_STEP, 0, 0,                                                                            \
	  "the loss's logits: standard, or chunked (fused or chunked "                                       \
	  "cross-entropy)")                                                                                  \
	X(EVAL_MICROBATCH, "eval_microbatch", NULL, GS_KIND_COUNT, NULL, GS_NO_VALUES, GS_RTS_TRAINING,      \
	  GS_TASKS_TRAIN, GS_PH(VALIDATION), 1, 1ull << 20, "validation batch (default: microbatch)")        \
	X(ZERO, "zero", NULL, GS_KIND_ENUM, "0", GS_ZERO_VALUES, GS_RTS_TRAINING, GS_TASKS_TRAIN,            \
	  GS_PH(LOAD) | GS_PH_TRAIN_STEP | GS_PH(FIRST_UPDATE), 0, 0, "DeepSpeed ZeRO stage")                \
	X(FSDP, "fsdp", NULL, GS_KIND_ENUM, "none", GS_FSDP_VALUES, GS_RTS_TRAINING, GS_TASKS_TRAIN,         \
	  GS_PH_NONE, 0, 0, "PyTorch FSDP sharding")                                                         \
	X(TP, "tp", "--tensor-parallel-size --tp-size", GS_KIND_COUNT, "1", GS_NO_VALUES,                    \
	  GS_RT(TRANSFORMERS) | GS_RTS_POOL, GS_TASKS_ALL, GS_PH(SERVE) | GS_PH(PROFILE) | GS_PH(POOL), 1,   \
	  1ull << 16, "tensor-parallel degree")                                                              \
	X(PP, "pp", "--pipeline-parallel-size --pp-size", GS_KIND_COUNT, "1", GS_NO_VALUES,                  \
	  GS_RT(TRANSFORMERS) | GS_RTS_POOL, GS_TASKS_ALL, GS_PH_NONE, 1, 1ull << 16,                        \
	  "pipeline-parallel degree (1F1B)")                                                                 \
	X(OFFLOAD, "offload", NULL, GS_KIND_ENUM, "none", GS_OFFLOAD_VALUES, GS_RTS_TRAINING,                \
	  GS_TASKS_TRAIN, GS_PH(LOAD) | GS_PH_TRAIN_STEP | GS_PH(FIRST_UPDATE), 0, 0,                        \
	  "what lives in host "                                                                              \
	  "memory (reported)")                                                                               \
	X(EXPORT, "export", NULL, GS_KIND_ENUM, "gpu", GS_EXPORT_VALUES, GS_RTS_TRAINING, GS_TASKS_ADAPT,    \
	  GS_PH(EXPORT), 0, 0,                                                                               \
	  "how adapters are exported: gpu (merged on the GPU), cpu (merged in host "                         \
	  "memory), layerwise (merged tensor by tensor) or adapters (saved alone, no merge)")                \
	X(RUNS, "runs", NULL, GS_KIND_LIST, NULL, GS_NO_VALUES, GS_RTS_ALL, GS_TASKS_ALL, GS_PH_NONE, 0, 0,  \
	  "measured run files (gpusizer measure), separated by commas; also --run FILE")                     \
	X(QUALITY, "quality", NULL, GS_KIND_STRING, NULL, GS_NO_VALUES, GS_RTS_ALL, GS_TASKS_ALL,            \
	  GS_PH_NONE, 0, 0, "quality criterion, carried as a requirement to confirm")                        \
	X(CAMPAIGN, "campaign", NULL, GS_KIND_DURATION, NULL, GS_NO_VALUES, GS_RTS_ALL, GS_TASKS_ALL,        \
	  GS_PH_NONE, 0, 0, "how long the GPUs are needed: 3d, 72h, 2w, 1mo")                                \
	X(REQUIRE, "require", NULL, GS_KIND_STRING, NULL, GS_NO_VALUES, GS_RTS_ALL, GS_TASKS_ALL,            \
	  GS_PH_NONE, 0, 0, "your own mandatory conditions, separated by ';' (e.g. EU data centre)")         \
	X(PREFER, "prefer", NULL, GS_KIND_STRING, NULL, GS_NO_VALUES, GS_RTS_ALL, GS_TASKS_ALL, GS_PH_NONE,  \
	  0, 0, "your preferences, separated by ';': they only rank")                                        \
	X(RESERVE, "reserve", NULL, GS_KIND_BYTES, "0GiB", GS_NO_VALUES, GS_RTS_ALL, GS_TASKS_ALL,           \
	  GS_PH_NONE, 0, 0, "explicit extra margin: 6GiB")                                                   \
	X(GPUS, "gpus", NULL, GS_KIND_COUNT, "1", GS_NO_VALUES, GS_RTS_ALL, GS_TASKS_ALL,                    \
	  GS_PH(LOAD) | GS_PH_TRAIN_STEP | GS_PH(FIRST_UPDATE), 1, 1ull << 16, "number of GPUs")             \
	X(RUNTIME, "runtime", NULL, GS_KIND_ENUM, "transformers", GS_RUNTIME_VALUES, GS_RTS_ALL,             \
	  GS_TASKS_ALL, GS_PH_NONE, 0, 0,                                                                    \
	  "what runs the model (llama.cpp and Ollama: a .gguf, or a "                                        \
	  "config.json with --format Q4_K_M)")                                                               \
	X(RUNTIME_VERSION, "runtime_version", NULL, GS_KIND_STRING, NULL, GS_NO_VALUES,                      \
	  GS_RTS_POOL | GS_RTS_GGUF, GS_TASKS_ALL, GS_PH_NONE, 0, 0,                                         \
	  "engine release whose defaults apply (llama.cpp: a build, b7342), the newest when not given; "     \
	  "one newer than every row takes the newest row's rules and its answer is to confirm")              \
	X(VLLM_ENGINE, "vllm_engine", NULL, GS_KIND_ENUM, NULL, GS_VLLM_ENGINE_VALUES, GS_RT(VLLM),          \
	  GS_TASKS_ALL, GS_PH_NONE, 0, 0,                                                                    \
	  "vLLM engine: v1, or v0 (VLLM_USE_V1=0; read for 0.6.4, 0.7.3 "                                    \
	  "and 0.8.4 to 0.10.1); default the release's, and V0 below compute capability 8.0 in 0.8 to "      \
	  "0.10.1")                                                                                          \
	X(MODEL_RUNNER, "model_runner", NULL, GS_KIND_ENUM, NULL, GS_MODEL_RUNNER_VALUES, GS_RT(VLLM),       \
	  GS_TASKS_ALL, GS_PH(PROFILE) | GS_PH(SERVE), 0, 0,                                                 \
	  "vLLM model runner: v1 (GPUModelRunner) or v2 "                                                    \
	  "(Model Runner V2), VLLM_USE_V2_MODEL_RUNNER=0 or 1; default the release's choice for the model "  \
	  "(v2 for Qwen3 from 0.22, Llama and Mistral from 0.23, every dense model from 0.25)")              \
	X(PREFIX_CACHING, "prefix_caching", "--enable-prefix-caching=yes --no-enable-prefix-caching=no",     \
	  GS_KIND_BOOL, NULL, GS_BOOL_VALUES, GS_RT(VLLM), GS_TASKS_ALL, GS_PH(POOL) | GS_PH(SERVE), 0, 0,   \
	  "vLLM prefix caching, as it acts on a hybrid model's state pages (2 a request in align mode); "    \
	  "default the release's: off for hybrids to 0.27, on from 0.28")                                    \
	X(STATE_DTYPE, "state_dtype", "--mamba-ssm-cache-dtype --mamba-ssm-dtype", GS_KIND_ENUM, NULL,       \
	  GS_STATE_DTYPE_VALUES, GS_RTS_POOL, GS_TASKS_ALL, GS_PH(POOL) | GS_PH(SERVE), 0, 0,                \
	  "hybrid and state-space models: the recurrent state's dtype, vLLM --mamba-ssm-cache-dtype "        \
	  "(auto, float32, float16; bfloat16 from 0.22) or SGLang --mamba-ssm-dtype (float32, bfloat16; "    \
	  "float16 from 0.5.9); default the engine's rule for the model")                                    \
	X(LIMIT_IMAGES, "limit_images", NULL, GS_KIND_COUNT, NULL, GS_NO_VALUES, GS_RT(VLLM), GS_TASKS_ALL,  \
	  GS_PH(PROFILE) | GS_PH(POOL) | GS_PH(SERVE), 0, 1ull << 20,                                        \
	  "vLLM --limit-mm-per-prompt's image "                                                              \
	  "count (default 999): the items its profile run encodes; 0 with limit_videos 0 loads no tower")    \
	X(LIMIT_VIDEOS, "limit_videos", NULL, GS_KIND_COUNT, NULL, GS_NO_VALUES, GS_RT(VLLM), GS_TASKS_ALL,  \
	  GS_PH(PROFILE) | GS_PH(POOL) | GS_PH(SERVE), 0, 1ull << 20,                                        \
	  "vLLM --limit-mm-per-prompt's video "                                                              \
	  "count (default 999; Qwen2-VL and Qwen2.5-VL profile a video of up to 14 frames)")                 \
	X(ENTRYPOINT, "entrypoint", NULL, GS_KIND_ENUM, "serve", GS_ENTRYPOINT_VALUES, GS_RT(VLLM),          \
	  GS_TASKS_ALL, GS_PH_NONE, 0, 0,                                                                    \
	  "vLLM entry point: serve (vllm serve, OpenAI server) or llm (the "                                 \
	  "LLM class)")                                                                                      \
	X(SAMPLER, "sampler", NULL, GS_KIND_ENUM, NULL, GS_SAMPLER_VALUES, GS_RT(VLLM), GS_TASKS_ALL,        \
	  GS_PH_NONE, 0, 0,                                                                                  \
	  "vLLM top-k/top-p sampler in the profile run, as the startup log names it "                        \
	  "(default: native counted, FlashInfer's smaller figure named)")                                    \
	X(GPU_LAYERS, "gpu_layers", "-ngl --n-gpu-layers", GS_KIND_COUNT, NULL, GS_NO_VALUES, GS_RTS_GGUF,   \
	  GS_TASKS_ALL, GS_PH(LOAD) | GS_PH(PREFILL) | GS_PH(DECODE) | GS_PH(SERVE) | GS_PH(CONTEXT), 1,     \
	  1ull << 16, "llama.cpp -ngl: layers offloaded (default all + output)")                             \
	X(TENSOR_SPLIT, "tensor_split", NULL, GS_KIND_LIST, NULL, GS_NO_VALUES, GS_RT(LLAMACPP),             \
	  GS_TASKS_ALL, GS_PH_NONE, 0, 0, "llama.cpp --tensor-split, e.g. 3,1 over gpus")                    \
	X(SPLIT_MODE, "split_mode", NULL, GS_KIND_ENUM, "layer", GS_SPLIT_MODE_VALUES, GS_RT(LLAMACPP),      \
	  GS_TASKS_ALL, GS_PH_NONE, 0, 0, "llama.cpp --split-mode")                                          \
	X(QUANTIZER, "quantizer", NULL, GS_KIND_ENUM, "007dbbf3", GS_QUANTIZER_VALUES, GS_RTS_GGUF,          \
	  GS_TASKS_ALL, GS_PH_NONE, 0, 0,                                                                    \
	  "llama.cpp quantizer whose rules plan a file type from a "                                         \
	  "config.json: 007dbbf3 (newest read) or b4020 (fused attn_qkv by its own rule)")                   \
	X(IMATRIX, "imatrix", NULL, GS_KIND_BOOL, "no", GS_BOOL_VALUES, GS_RTS_GGUF, GS_TASKS_ALL,           \
	  GS_PH_NONE, 0, 0, "llama.cpp: plan the file as llama-quantize makes it with an importance matrix") \
	X(LORA_ADAPTER, "lora_adapter", NULL, GS_KIND_STRING, NULL, GS_NO_VALUES, GS_RTS_GGUF, GS_TASKS_ALL, \
	  GS_PH_NONE, 0, 0, "llama.cpp --lora: the adapter .gguf, or its size (160MiB)")                     \
	X(N_UBATCH, "n_ubatch", "-ub --ubatch-size", GS_KIND_TOKENS, "512", GS_NO_VALUES, GS_RT(LLAMACPP),   \
	  GS_TASKS_ALL, GS_PH_NONE, 1, 1ull << 20, "llama.cpp physical batch")                               \
	X(N_BATCH, "n_batch", "-b --batch-size", GS_KIND_TOKENS, "2048", GS_NO_VALUES, GS_RT(LLAMACPP),      \
	  GS_TASKS_ALL, GS_PH_NONE, 1, 1ull << 20,                                                           \
	  "llama.cpp logical batch (-b; n_ubatch is at most "                                                \
	  "it)")                                                                                             \
	X(KV_UNIFIED, "kv_unified", "-kvu=yes", GS_KIND_BOOL, NULL, GS_BOOL_VALUES, GS_RT(LLAMACPP),         \
	  GS_TASKS_ALL, GS_PH(CONTEXT) | GS_PH(SERVE), 0, 0,                                                 \
	  "llama.cpp: one KV cache "                                                                         \
	  "all sequences share (-kvu); default: yes for llama-server's automatic 4 slots (b6925 on), "       \
	  "no with -np N (each sequence its own n_ctx / N cells, b5913 on)")                                 \
	X(FIT, "fit", "--fit", GS_KIND_BOOL, NULL, GS_BOOL_VALUES, GS_RT(LLAMACPP), GS_TASKS_ALL,            \
	  GS_PH_NONE, 0, 0,                                                                                  \
	  "llama.cpp --fit: without -ngl, -ot and --tensor-split it chooses the "                            \
	  "layers (MoE experts to the host first) and, without -c, the context so that 1024 MiB stay "       \
	  "free on each GPU; default on from b7407")                                                         \
	X(OVERRIDE_TENSOR, "override_tensor", "-ot --override-tensor", GS_KIND_STRING, NULL, GS_NO_VALUES,   \
	  GS_RT(LLAMACPP), GS_TASKS_ALL, GS_PH(LOAD) | GS_PH(CONTEXT) | GS_PH(SERVE), 0, 0,                  \
	  "llama.cpp -ot PATTERN=CPU[,PATTERN=CPU...]: tensors whose name matches the extended "             \
	  "regular expression stay in host memory (e.g. \"exps=CPU\", \"blk\\.[0-9]\\.ffn_.*_exps=CPU\")")   \
	X(N_CPU_MOE, "n_cpu_moe", "--n-cpu-moe -ncmoe --cpu-moe=all", GS_KIND_STRING, NULL, GS_NO_VALUES,    \
	  GS_RT(LLAMACPP), GS_TASKS_ALL, GS_PH(LOAD) | GS_PH(CONTEXT) | GS_PH(SERVE), 0, 0,                  \
	  "llama.cpp --n-cpu-moe N: the expert tensors of the first N blocks stay in host memory; all "      \
	  "(--cpu-moe) every block's")                                                                       \
	X(SWA_FULL, "swa_full", NULL, GS_KIND_BOOL, "no", GS_BOOL_VALUES, GS_RT(LLAMACPP), GS_TASKS_ALL,     \
	  GS_PH_NONE, 0, 0,                                                                                  \
	  "llama.cpp --swa-full: sliding-window layers (Gemma 2/3) keep n_ctx cells as "                     \
	  "the others do, as builds before May 2025 always did")                                             \
	X(OP_OFFLOAD, "op_offload", NULL, GS_KIND_BOOL, "yes", GS_BOOL_VALUES, GS_RT(LLAMACPP),              \
	  GS_TASKS_ALL, GS_PH_NONE, 0, 0,                                                                    \
	  "llama.cpp: ops of weights left in host memory run on the first "                                  \
	  "GPU for batches of 32 tokens or more, their weights copied into its compute buffer (no: "         \
	  "--no-op-offload)")                                                                                \
	X(NUM_BATCH, "num_batch", NULL, GS_KIND_COUNT, "512", GS_NO_VALUES, GS_RT(OLLAMA), GS_TASKS_ALL,     \
	  GS_PH_NONE, 1, 0, "Ollama num_batch (its default 512)")                                            \
	X(GPU_FREE, "gpu_free", NULL, GS_KIND_BYTES, NULL, GS_NO_VALUES, GS_RT(OLLAMA), GS_TASKS_ALL,        \
	  GS_PH_NONE, 0, 0,                                                                                  \
	  "Ollama: free memory per GPU at load, as its log's \"available\" (default: "                       \
	  "CUDA total - runtime_context)")                                                                   \
	X(GPU_OVERHEAD, "gpu_overhead", NULL, GS_KIND_BYTES, NULL, GS_NO_VALUES, GS_RT(OLLAMA),              \
	  GS_TASKS_ALL, GS_PH_NONE, 0, 0, "Ollama OLLAMA_GPU_OVERHEAD: VRAM held back per GPU (default 0)")  \
	X(KV_FORMAT, "kv_format", "--kv-cache-dtype -ctk --cache-type-k", GS_KIND_KV_FORMAT, NULL,           \
	  GS_NO_VALUES, GS_RTS_ALL, GS_TASKS_ALL,                                                            \
	  GS_PH(PREFILL) | GS_PH(DECODE) | GS_PH(SERVE) | GS_PH(POOL) | GS_PH(CONTEXT), 0, 0,                \
	  "KV cache format (default: the weights' compute dtype)")                                           \
	X(KV_FORMAT_V, "kv_format_v", "-ctv --cache-type-v", GS_KIND_KV_FORMAT, NULL, GS_NO_VALUES,          \
	  GS_RT(LLAMACPP), GS_TASKS_ALL, GS_PH(PREFILL) | GS_PH(DECODE) | GS_PH(SERVE) | GS_PH(CONTEXT), 0,  \
	  0, "llama.cpp -ctv: the V cache's format when not kv_format's (-ctk)")                             \
	X(ATTENTION, "attention", "-fa --flash-attn", GS_KIND_ENUM, "sdpa", GS_ATTENTION_VALUES,             \
	  GS_RT(TRANSFORMERS) | GS_RTS_GGUF, GS_TASKS_ALL,                                                   \
	  GS_PH_TRAIN_STEP | GS_PH(PREFILL) | GS_PH(CONTEXT) | GS_PH(VALIDATION), 0, 0,                      \
	  "the attention kernel; auto is the runtime's own choice (Transformers: sdpa). llama.cpp and "      \
	  "Ollama: flash is -fa on / OLLAMA_FLASH_ATTENTION=1, sdpa is -fa off, auto (llama.cpp's "          \
	  "default from b6325, Ollama's by release and model) when not given; -fa takes on, off, auto")      \
	X(KEEP, "keep", NULL, GS_KIND_KEEP, "default", GS_NO_VALUES, GS_RT(TRANSFORMERS) | GS_RTS_POOL,      \
	  GS_TASKS_ALL, GS_PH(LOAD), 0, 0, "modules kept in another format: embed,lm_head,norm | none")      \
	X(KEEP_FORMAT, "keep_format", NULL, GS_KIND_ENUM, NULL, GS_KEEP_FORMAT_VALUES,                       \
	  GS_RT(TRANSFORMERS) | GS_RTS_POOL, GS_TASKS_ALL, GS_PH_NONE, 0, 0,                                 \
	  "dtype of the modules a quantized format keeps aside (default 16 bits; Transformers loads them "   \
	  "in float32 when torch_dtype is not given)")                                                       \
	X(RUNTIME_CONTEXT, "runtime_context", NULL, GS_KIND_BYTES, NULL, GS_NO_VALUES, GS_RTS_ALL,           \
	  GS_TASKS_ALL, GS_PH_NONE, 0, 0, "CUDA context + framework (default per runtime)")                  \
	X(ALLOCATOR_SLACK, "allocator_slack", NULL, GS_KIND_PERCENT, "10%", GS_NO_VALUES,                    \
	  GS_RT(TRANSFORMERS), GS_TASKS_ALL, GS_PH_NONE, 0, 1,                                               \
	  "caching-allocator slack on dynamic items "                                                        \
	  "(the allocator rounds and caches; it does not double a tensor)")                                  \
	X(GPU, "gpu", NULL, GS_KIND_STRING, NULL, GS_NO_VALUES, GS_RTS_ALL, GS_TASKS_ALL, GS_PH_NONE, 0, 0,  \
	  "device name from the built-in table: \"RTX 4090\"")                                               \
	X(CAPACITY, "capacity", NULL, GS_KIND_BYTES, NULL, GS_NO_VALUES, GS_RTS_ALL, GS_TASKS_ALL,           \
	  GS_PH_NONE, 0, 0, "device capacity as nvidia-smi / rocm-smi report it: 24GB, 24564MiB")            \
	X(CUDA_TOTAL, "cuda_total", NULL, GS_KIND_BYTES, NULL, GS_NO_VALUES, GS_RTS_ALL, GS_TASKS_ALL,       \
	  GS_PH_NONE, 0, 0,                                                                                  \
	  "total CUDA reports (torch.cuda.mem_get_info()[1]), which vLLM and SGLang "                        \
	  "budget from")                                                                                     \
	X(GPU_MEMORY_UTILIZATION, "gpu_memory_utilization", NULL, GS_KIND_RATIO, "0.9", GS_NO_VALUES,        \
	  GS_RT(VLLM), GS_TASKS_ALL, GS_PH(SERVE) | GS_PH(PROFILE), 1, 1,                                    \
	  "vLLM budget fraction (0.92 from "                                                                 \
	  "vLLM 0.20.0)")                                                                                    \
	X(MAX_NUM_BATCHED_TOKENS, "max_num_batched_tokens", NULL, GS_KIND_TOKENS, NULL, GS_NO_VALUES,        \
	  GS_RT(VLLM), GS_TASKS_ALL, GS_PH(SERVE) | GS_PH(PROFILE), 1, 1ull << 30,                           \
	  "vLLM profile-run tokens (default: the release's rule)")                                           \
	X(MAX_NUM_SEQS, "max_num_seqs", NULL, GS_KIND_COUNT, NULL, GS_NO_VALUES, GS_RT(VLLM), GS_TASKS_ALL,  \
	  GS_PH(SERVE) | GS_PH(PROFILE), 1, 1ull << 20,                                                      \
	  "vLLM sequences in the profile run (default: the "                                                 \
	  "release's rule)")                                                                                 \
	X(CUDA_GRAPHS, "cuda_graphs", "--enforce-eager=0GiB --disable-cuda-graph=0GiB", GS_KIND_BYTES,       \
	  "0.5GiB", GS_NO_VALUES, GS_RTS_POOL, GS_TASKS_ALL, GS_PH(SERVE) | GS_PH(PROFILE) | GS_PH(POOL), 0, \
	  0, "vLLM / SGLang CUDA-graph memory (0GiB with enforce_eager / --disable-cuda-graph)")             \
	X(MAX_LORAS, "max_loras", NULL, GS_KIND_COUNT, NULL, GS_NO_VALUES, GS_RTS_POOL, GS_TASKS_ALL,        \
	  GS_PH_NONE, 1, 1ull << 10,                                                                         \
	  "vLLM --enable-lora: adapters served at once (vLLM default 1 when "                                \
	  "LoRA is on)")                                                                                     \
	X(MAX_LORA_RANK, "max_lora_rank", NULL, GS_KIND_COUNT, "16", GS_NO_VALUES, GS_RT(VLLM),              \
	  GS_TASKS_ALL, GS_PH_NONE, 1, 1ull << 12, "vLLM --max-lora-rank (vLLM default 16)")                 \
	X(MEM_FRACTION_STATIC, "mem_fraction_static", NULL, GS_KIND_RATIO, NULL, GS_NO_VALUES,               \
	  GS_RT(SGLANG), GS_TASKS_ALL, GS_PH(SERVE) | GS_PH(POOL), 1, 1,                                     \
	  "SGLang --mem-fraction-static (default: the release's rule)")                                      \
	X(CHUNKED_PREFILL_SIZE, "chunked_prefill_size", NULL, GS_KIND_TOKENS, NULL, GS_NO_VALUES,            \
	  GS_RT(SGLANG), GS_TASKS_ALL, GS_PH_NONE, 1, 1ull << 30,                                            \
	  "SGLang --chunked-prefill-size (default: "                                                         \
	  "the release's rule)")                                                                             \
	X(MAX_RUNNING_REQUESTS, "max_running_requests", NULL, GS_KIND_COUNT, NULL, GS_NO_VALUES,             \
	  GS_RT(SGLANG), GS_TASKS_ALL, GS_PH_NONE, 1, 1ull << 20,                                            \
	  "SGLang --max-running-requests (default: "                                                         \
	  "from the pool)")                                                                                  \
	X(CONSERVATIVE, "conservative", NULL, GS_KIND_BOOL, "no", GS_BOOL_VALUES, GS_RTS_ALL, GS_TASKS_ALL,  \
	  GS_PH_NONE, 0, 0,                                                                                  \
	  "judge by the high end of each calibration interval (fit, capacity check, "                        \
	  "shortlist, sheet)")

typedef enum gs_kind {
	GS_KIND_STRING, GS_KIND_COUNT, GS_KIND_BYTES, GS_KIND_RATIO, GS_KIND_PERCENT,
	GS_KIND_ENUM, GS_KIND_FORMAT, GS_KIND_KV_FORMAT, GS_KIND_KEEP, GS_KIND_DURATION,
	GS_KIND_BOOL,    /* no | yes (gs_value.e 0 | 1)                                 */
	GS_KIND_LIST,    /* comma-separated items, checked as a whole                   */
	GS_KIND_TOKENS,  /* a count in tokens: "8k" is 8192 (gs_parse_tokens)           */
	GS_KIND_PARAMS   /* a parameter count: "7B" is 7e9                              */
} gs_kind;

typedef enum gs_field {
#define GS_X(e, key, alias, kind, def, values, rts, tasks, phases, lo, hi, help) GS_F_##e,
	GS_WORKLOAD_FIELDS(GS_X)
#undef GS_X
	GS_F__COUNT
} gs_field;

typedef enum gs_origin { GS_FROM_UNSET, GS_FROM_DEFAULT, GS_FROM_SHEET, GS_FROM_FLAG } gs_origin;

typedef struct gs_value {
	gs_origin from;
	char where[96];     /* "sheet.yaml:4:9", "--context", "default"      */
	char text[256];     /* the value as given (trimmed), for display      */
	uint64_t u;         /* COUNT, TOKENS, PARAMS, BYTES, DURATION         */
	gs_ratio r;         /* RATIO, PERCENT                                 */
	int e;              /* ENUM, BOOL: the index of the value (the enums above) */
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
/* A switch of an engine's that sets a field to one value (vLLM's
 * --enforce-eager is cuda_graphs 0GiB): the field, and that value into
 * value; -1 when flag is none. */
int gs_field_by_switch(const char *flag, char *value /* OUT */, size_t cap);
/* The field's alias i ("--context", then the engines' spellings of the same
 * field: "--max-model-len", "-c"), into buf; *value is the value a switch
 * alias sets (inside buf, valid while buf is), else NULL. NULL past the last. */
const char *gs_field_alias_at(gs_field f, size_t i, char *buf, size_t cap, const char **value /* OUT */);

/* A field's flag: "--" + its sheet key with dashes for underscores
 * ("--max-num-seqs"), into buf; returns buf. */
const char *gs_field_flag(gs_field f, char *buf, size_t cap);

/* "Did you mean": the field flag ("--context") or the command's own option
 * (extra[], e.g. "--json") nearest to an unknown flag, into buf; NULL when
 * none is near enough (at most 3 edits, under half the word). */
const char *gs_flag_suggest(const char *flag, const char *const *extra, size_t n_extra, char *buf,
                            size_t cap);

/* Static metadata for a field. */
const char *gs_field_key(gs_field f);
const char *gs_field_help(gs_field f);
/* The extra flag alias ("--context" for length) and the default text; NULL when none. */
const char *gs_field_alias(gs_field f);
const char *gs_field_default(gs_field f);
gs_kind gs_field_kind(gs_field f);
const char *gs_origin_name(gs_origin o);

/* The values an enum or bool field takes, in the order of its C enum (the
 * index is gs_value.e), NULL-terminated; NULL for any other kind. Static. */
const char *const *gs_field_values(gs_field f);
/* The field row's masks: bit r is runtime r (GS_RT), bit t task t (GS_TK),
 * bit p phase kind p (GS_PH). */
unsigned gs_field_runtimes(gs_field f);
unsigned gs_field_tasks(gs_field f);
unsigned gs_field_phases(gs_field f);
/* The bounds of a count or ratio field as the row gives them (0, 0: none). */
void gs_field_bounds(gs_field f, uint64_t *lo /* OUT */, uint64_t *hi /* OUT */);
/* A field read only when another enum field has one value (recipe_release
 * with recipe unsloth): true, with that field and its value (static). */
bool gs_field_requires(gs_field f, gs_field *on /* OUT */, const char **value /* OUT */);
/* Whether runtime r and task t read field f (the row's masks). */
bool gs_field_read_by(gs_field f, gs_runtime r, gs_task t);
/* The kind's name as /api/fields gives it: count (tokens and parameter
 * counts too, with a unit), bytes, ratio, percent, enum, bool, list, string,
 * format, kv_format, keep, duration. */
const char *gs_kind_name(gs_kind k);
/* "tokens" or "params" for those count kinds, else NULL. */
const char *gs_kind_unit(gs_kind k);

/* The phase kinds' ids (GS_PHASE_KINDS); gs_phase_kind_by_id returns -1 for
 * an id no field row names. */
const char *gs_phase_kind_id(gs_phase_kind p);
int gs_phase_kind_by_id(const char *id);
/* Whether a change of field f can change the memory of the phase with this
 * id (the row's phase mask); true for a phase id no row names. */
bool gs_field_acts_on(gs_field f, const char *phase_id);

/* "vllm and sglang", "transformers, vllm and sglang": the names of the
 * runtimes (or tasks) in a mask, into buf; returns buf. */
const char *gs_runtime_list(unsigned mask, char *buf, size_t cap);
const char *gs_task_list(unsigned mask, char *buf, size_t cap);
/* The task's name as sheets spell it ("inference", "lora", ...). */
const char *gs_task_name(gs_task t);

/* The help a person reads: the row's text, then its values, default and
 * who reads it ("... (values: adamw, ...; default adamw; read by runtime
 * transformers, tasks full, lora and qlora)"), into buf; returns buf. */
const char *gs_field_describe(gs_field f, char *buf, size_t cap);

static inline bool gs_wl_set(const gs_workload *w, gs_field f) { return w->v[f].from != GS_FROM_UNSET; }
/* unset: no quantization-aware training */
static inline gs_qat gs_wl_qat(const gs_workload *w)
{
	return w->v[GS_F_QAT_SCHEME].from != GS_FROM_UNSET ? (gs_qat)w->v[GS_F_QAT_SCHEME].e : GS_QAT_NONE;
}
/* given by the user (sheet or flag), not filled from its default */
static inline bool gs_wl_given(const gs_workload *w, gs_field f)
{
	return w->v[f].from == GS_FROM_SHEET || w->v[f].from == GS_FROM_FLAG;
}

/* Where a format read from the model's :QUANT suffix (hf.co/org/name:Q4_K_M)
 * says it came from: it is recorded as a default, so that matrix keeps its
 * columns. */
#define GS_WHERE_MODEL_QUANT "the model's :QUANT"

/* Whether the weights' format was named: given (a sheet, a flag, a
 * request) or by the model's :QUANT suffix; not the runtime's default. */
static inline bool gs_wl_format_named(const gs_workload *w)
{
	return gs_wl_given(w, GS_F_FORMAT) ||
	       (gs_wl_set(w, GS_F_FORMAT) && !strcmp(w->v[GS_F_FORMAT].where, GS_WHERE_MODEL_QUANT));
}
static inline const char *gs_wl_str(const gs_workload *w, gs_field f) { return w->v[f].text; }
static inline uint64_t gs_wl_u64(const gs_workload *w, gs_field f) { return w->v[f].u; }
static inline gs_ratio gs_wl_ratio(const gs_workload *w, gs_field f) { return w->v[f].r; }
static inline gs_task gs_wl_task(const gs_workload *w) { return (gs_task)w->v[GS_F_TASK].e; }
static inline bool gs_wl_training(const gs_workload *w) { return w->v[GS_F_TASK].e != GS_TASK_INFERENCE; }
static inline gs_runtime gs_wl_runtime(const gs_workload *w) { return (gs_runtime)w->v[GS_F_RUNTIME].e; }
static inline gs_entrypoint gs_wl_entrypoint(const gs_workload *w)
{
	return (gs_entrypoint)w->v[GS_F_ENTRYPOINT].e;
}
static inline gs_sampler gs_wl_sampler(const gs_workload *w) { return (gs_sampler)w->v[GS_F_SAMPLER].e; }
static inline gs_attention gs_wl_attention(const gs_workload *w)
{
	return (gs_attention)w->v[GS_F_ATTENTION].e;
}
static inline gs_optimizer gs_wl_optimizer(const gs_workload *w)
{
	return (gs_optimizer)w->v[GS_F_OPTIMIZER].e;
}
static inline gs_precision gs_wl_precision(const gs_workload *w)
{
	return (gs_precision)w->v[GS_F_PRECISION].e;
}
static inline gs_checkpointing gs_wl_checkpointing(const gs_workload *w)
{
	return (gs_checkpointing)w->v[GS_F_CHECKPOINTING].e;
}
static inline gs_loss gs_wl_loss(const gs_workload *w) { return (gs_loss)w->v[GS_F_LOSS].e; }
/* the stage itself, 0 to 3: GS_ZERO_n is n */
static inline int gs_wl_zero(const gs_workload *w) { return w->v[GS_F_ZERO].e; }
static inline gs_fsdp gs_wl_fsdp(const gs_workload *w) { return (gs_fsdp)w->v[GS_F_FSDP].e; }
static inline gs_offload gs_wl_offload(const gs_workload *w) { return (gs_offload)w->v[GS_F_OFFLOAD].e; }
static inline gs_export gs_wl_export(const gs_workload *w) { return (gs_export)w->v[GS_F_EXPORT].e; }
static inline gs_split_mode gs_wl_split_mode(const gs_workload *w)
{
	return (gs_split_mode)w->v[GS_F_SPLIT_MODE].e;
}
static inline gs_quantizer gs_wl_quantizer(const gs_workload *w)
{
	return (gs_quantizer)w->v[GS_F_QUANTIZER].e;
}
static inline gs_recipe gs_wl_recipe(const gs_workload *w) { return (gs_recipe)w->v[GS_F_RECIPE].e; }
/* a bool field (kind GS_KIND_BOOL): yes is 1, whatever the field */
static inline bool gs_wl_bool(const gs_workload *w, gs_field f) { return w->v[f].e == GS_YES; }
static inline bool gs_wl_swa_full(const gs_workload *w) { return gs_wl_bool(w, GS_F_SWA_FULL); }
static inline bool gs_wl_op_offload(const gs_workload *w) { return gs_wl_bool(w, GS_F_OP_OFFLOAD); }
static inline bool gs_wl_imatrix(const gs_workload *w) { return gs_wl_bool(w, GS_F_IMATRIX); }
static inline bool gs_wl_conservative(const gs_workload *w) { return gs_wl_bool(w, GS_F_CONSERVATIVE); }

/* The adaptation recipe's name and the release its defaults were read from
 * ("PEFT v0.20.0 with Transformers' Trainer"); static strings. */
const char *gs_recipe_source(gs_recipe r);

/* "checkpointing full, length 1024": the fields whose value came from the
 * recipe's defaults, into buf ("" when none). */
void gs_workload_recipe_settings(const gs_workload *w, char *buf, size_t cap);

/* The runtime's name as sheets spell it ("transformers", "vllm", ...). */
const char *gs_runtime_name(gs_runtime r);
/* The runtime named (case as given, or any case), or -1. */
int gs_runtime_by_name(const char *name);

/* Whether a model text is a hub web address or the short form Ollama and
 * llama-server take (https://huggingface.co/org/name[/tree/REV],
 * hf.co/org/name[:QUANT]); gs_workload_finish turns it into the hub id, its
 * revision and the quant's GGUF file type. */
bool gs_model_is_hub_address(const char *text);

/* Forget field f (as if never given); forgetting gpu forgets its device. */
void gs_workload_unset(gs_workload *w, gs_field f);

/* Load a YAML (or JSON) sheet into w as GS_FROM_SHEET values. Errors name
 * the file, line and column: syntax errors, unknown keys (listing the known
 * ones), duplicate keys, non-scalar values, and invalid values. */
gs_status gs_sheet_load_file(const char *path, gs_workload *w, gs_error *err) GS_WARN_UNUSED;
gs_status gs_sheet_load_buffer(const char *buf, size_t len, const char *name,
                               gs_workload *w, gs_error *err) GS_WARN_UNUSED;

/* Load an Axolotl or LLaMA-Factory training config (the YAML its own CLI
 * takes) into w as GS_FROM_SHEET values, with recipe axolotl or
 * llama-factory: the keys that size memory become fields, keys known to
 * leave memory alone are accepted, any other key is refused by name with
 * its file, line and column (docs/method.md §10a). */
gs_status gs_recipe_config_load_file(const char *path, gs_workload *w, gs_error *err) GS_WARN_UNUSED;
gs_status gs_recipe_config_load_buffer(const char *buf, size_t len, const char *name,
                                       gs_workload *w, gs_error *err) GS_WARN_UNUSED;

/* Resolve the device capacity from --capacity or --gpu. *how receives what
 * figure was used ("device-reported: nvidia-smi total 24564 MiB for RTX 4090
 * [4090]" or "given: 24GB"). GS_EINPUT for an unknown GPU name (listing the
 * table); *found is false when neither field is set. */
gs_status gs_workload_capacity(const gs_workload *w, gs_bytes *out /* OUT */,
                               bool *found /* OUT */, char *how, size_t howcap,
                               gs_error *err) GS_WARN_UNUSED;

/* Whether the capacity is a device's nominal size, for lack of a published
 * reported total (gs_workload_capacity then says so in *how): every "fits"
 * on it is to confirm against the device's own total. */
bool gs_workload_capacity_nominal(const gs_workload *w);

/* Whether the capacity is a unified-memory device's (GB10), shared with
 * the CPU in a split no table states: every "fits" on it is to confirm
 * against the memory the GPU can have there (--capacity). */
bool gs_workload_capacity_shared(const gs_workload *w);

/* The total CUDA reports (what vLLM and SGLang budget from) for a device
 * whose total is device_total: --cuda-total when given, else the device
 * table's published figure for --gpu, else device_total minus the largest
 * published gap, said so in *how. GS_EINPUT when cuda_total exceeds the
 * device total. */
gs_status gs_workload_cuda_total(const gs_workload *w, gs_bytes device_total, gs_bytes *out /* OUT */,
                                 char *how, size_t howcap, gs_error *err) GS_WARN_UNUSED;

#endif
