/*
 * recipe.c — adaptation recipes' defaults, each read from the recipe's
 * source at a named release (recipe.h; docs/method.md §10a cites the files).
 * A row applies to the tasks in its mask, and only where the sheet is silent.
 */
#include <stdio.h>
#include <string.h>
#include "workload/recipe.h"

#define T_FULL (1u << GS_TASK_FULL)
#define T_LORA (1u << GS_TASK_LORA)
#define T_QLORA (1u << GS_TASK_QLORA)
#define T_ADAPT (T_LORA | T_QLORA)
#define T_ALL (T_FULL | T_ADAPT)

static const struct recipe_row {
	gs_recipe recipe;
	unsigned tasks;
	gs_field field;
	const char *value;
	const char *why;
} rows[] = {
	/* PEFT v0.20.0 + Transformers' Trainer: prepare_model_for_kbit_training
	 * turns checkpointing on for a k-bit base; Trainer's own defaults
	 * otherwise (gradient_checkpointing False, optim adamw_torch below
	 * torch 2.8); merge_and_unload merges where the weights are */
	{GS_RECIPE_PEFT, T_QLORA, GS_F_CHECKPOINTING, "full", NULL},
	{GS_RECIPE_PEFT, T_FULL | T_LORA, GS_F_CHECKPOINTING, "none", NULL},
	{GS_RECIPE_PEFT, T_ALL, GS_F_OPTIMIZER, "adamw", NULL},
	{GS_RECIPE_PEFT, T_ADAPT, GS_F_EXPORT, "gpu", NULL},
	/* TRL v1.9.0 SFTConfig: gradient_checkpointing True, loss_type
	 * chunked_nll, max_length 1024, the adapter saved alone */
	{GS_RECIPE_TRL_SFT, T_ALL, GS_F_CHECKPOINTING, "full", NULL},
	{GS_RECIPE_TRL_SFT, T_ALL, GS_F_LOSS, "chunked", NULL},
	{GS_RECIPE_TRL_SFT, T_ALL, GS_F_LENGTH, "1024", NULL},
	{GS_RECIPE_TRL_SFT, T_ALL, GS_F_OPTIMIZER, "adamw", NULL},
	{GS_RECIPE_TRL_SFT, T_ADAPT, GS_F_EXPORT, "adapters", NULL},
	/* TRL v1.9.0 ModelConfig (trl/trainer/model_config.py): lora_r 16,
	 * lora_alpha 32, lora_target_modules None, so PEFT's own per-model
	 * targets (trl/trainer/utils.py get_peft_config) */
	{GS_RECIPE_TRL_SFT, T_ADAPT, GS_F_LORA_RANK, "16", NULL},
	/* Unsloth (tag v0.1.801-beta): use_gradient_checkpointing "unsloth"
	 * (offloaded), its fused cross-entropy, max_seq_length 2048,
	 * save_pretrained_merged merging one projection at a time */
	{GS_RECIPE_UNSLOTH, T_ALL, GS_F_CHECKPOINTING, "offloaded", NULL},
	{GS_RECIPE_UNSLOTH, T_ALL, GS_F_LOSS, "chunked", NULL},
	{GS_RECIPE_UNSLOTH, T_ALL, GS_F_LENGTH, "2048", NULL},
	{GS_RECIPE_UNSLOTH, T_ADAPT, GS_F_EXPORT, "layerwise", NULL},
	/* get_peft_model (unsloth/models/llama.py): r 16, lora_alpha 16, the
	 * seven projections of every layer */
	{GS_RECIPE_UNSLOTH, T_ADAPT, GS_F_LORA_RANK, "16", NULL},
	{GS_RECIPE_UNSLOTH, T_ADAPT, GS_F_LORA_TARGETS,
	 "q_proj,k_proj,v_proj,o_proj,gate_proj,up_proj,down_proj", NULL},
	/* Axolotl v0.18.0: gradient_checkpointing False, optimizer
	 * adamw_torch_fused, sequence_len 512, merge-lora on the GPU */
	{GS_RECIPE_AXOLOTL, T_ALL, GS_F_CHECKPOINTING, "none", NULL},
	{GS_RECIPE_AXOLOTL, T_ALL, GS_F_OPTIMIZER, "adamw-fused", NULL},
	{GS_RECIPE_AXOLOTL, T_ALL, GS_F_LENGTH, "512", NULL},
	{GS_RECIPE_AXOLOTL, T_ADAPT, GS_F_EXPORT, "gpu", NULL},
	/* utils/schemas/peft.py: lora_r, lora_target_modules and
	 * lora_target_linear all default to None, and loaders/adapter.py hands
	 * them to LoraConfig as they are: Axolotl runs LoRA only when the
	 * config names them */
	{GS_RECIPE_AXOLOTL, T_ADAPT, GS_F_LORA_RANK, NULL,
	 "Axolotl v0.18.0 has no default lora_r (utils/schemas/peft.py: None; loaders/adapter.py passes it "
	 "to LoraConfig as given): give lora_rank (its examples/llama-3 configs use 16 or 32)"},
	{GS_RECIPE_AXOLOTL, T_ADAPT, GS_F_LORA_TARGETS, NULL,
	 "Axolotl v0.18.0 has no default targets (lora_target_modules and lora_target_linear are None): give "
	 "lora_targets (lora_target_linear: true is all-linear, as in its examples/llama-3 configs)"},
	/* LLaMA-Factory v0.9.5: checkpointing on unless disabled, cutoff_len
	 * 2048, export_device cpu */
	{GS_RECIPE_LLAMA_FACTORY, T_ALL, GS_F_CHECKPOINTING, "full", NULL},
	{GS_RECIPE_LLAMA_FACTORY, T_ALL, GS_F_LENGTH, "2048", NULL},
	{GS_RECIPE_LLAMA_FACTORY, T_ALL, GS_F_OPTIMIZER, "adamw", NULL},
	{GS_RECIPE_LLAMA_FACTORY, T_ADAPT, GS_F_EXPORT, "cpu", NULL},
	/* hparams/finetuning_args.py: lora_rank 8, lora_target "all", every
	 * linear module but lm_head (model/model_utils/misc.py
	 * find_all_linear_modules) */
	{GS_RECIPE_LLAMA_FACTORY, T_ADAPT, GS_F_LORA_RANK, "8", NULL},
	{GS_RECIPE_LLAMA_FACTORY, T_ADAPT, GS_F_LORA_TARGETS, "all-linear", NULL},
	/* DeepSpeed (DeepSpeedZeroConfig): stage 0 unless configured,
	 * activation checkpointing off unless configured */
	{GS_RECIPE_DEEPSPEED, T_ALL, GS_F_ZERO, "0", NULL},
	{GS_RECIPE_DEEPSPEED, T_ALL, GS_F_CHECKPOINTING, "none", NULL},
	/* torchtune v0.6.1 single-device configs: activation checkpointing
	 * on, CEWithChunkedOutputLoss, batch_size 2, dtype bf16; LoRA/QLoRA
	 * fused AdamW and the merge on a CPU copy of the state dict; full
	 * fine-tuning PagedAdamW8bit */
	{GS_RECIPE_TORCHTUNE, T_ALL, GS_F_CHECKPOINTING, "full", NULL},
	{GS_RECIPE_TORCHTUNE, T_ALL, GS_F_LOSS, "chunked", NULL},
	{GS_RECIPE_TORCHTUNE, T_ALL, GS_F_MICROBATCH, "2", NULL},
	{GS_RECIPE_TORCHTUNE, T_ADAPT, GS_F_OPTIMIZER, "adamw-fused", NULL},
	{GS_RECIPE_TORCHTUNE, T_ADAPT, GS_F_EXPORT, "cpu", NULL},
	/* recipes/configs/llama3_1/8B_lora_single_device.yaml (and the qlora
	 * one): lora_rank 8, lora_attn_modules q_proj, v_proj, output_proj,
	 * apply_lora_to_mlp True (w1, w2, w3), apply_lora_to_output False */
	{GS_RECIPE_TORCHTUNE, T_ADAPT, GS_F_LORA_RANK, "8", NULL},
	{GS_RECIPE_TORCHTUNE, T_ADAPT, GS_F_LORA_TARGETS,
	 "q_proj,v_proj,o_proj,gate_proj,up_proj,down_proj", NULL},
	{GS_RECIPE_TORCHTUNE, T_FULL, GS_F_OPTIMIZER, "paged-adamw-8bit", NULL},
	{GS_RECIPE_TORCHTUNE, T_FULL, GS_F_PRECISION, "bf16", NULL},
	/* LitGPT v0.5.13 `litgpt finetune lora` / `finetune_full`
	 * (litgpt/finetune/lora.py, full.py setup): precision None ->
	 * get_default_supported_precision(training=True) = bf16-mixed, under which
	 * Lightning Fabric keeps the parameters in fp32 (amp; the frozen base of
	 * LoRA in fp32 too); --quantize bnb.nf4 refuses mixed precision, so QLoRA
	 * runs bf16-true with NF4 without double quantization and
	 * bnb.optim.PagedAdamW (32-bit states, utils.py instantiate_bnb_optimizer);
	 * no activation checkpointing on one device (only parallelize_fn's, for
	 * ModelParallelStrategy); model(input_ids, lm_head_chunk_size=128) keeps
	 * every 128-token chunk of the logits, so the whole logits are held
	 * (standard); TrainArgs global_batch_size 16, micro_batch_size 1;
	 * lora_r 8 on query and value only (lora_key, lora_projection, lora_mlp,
	 * lora_head False); scripts/merge_lora.py merges on a CPU Fabric */
	{GS_RECIPE_LITGPT, T_ALL, GS_F_CHECKPOINTING, "none", NULL},
	{GS_RECIPE_LITGPT, T_ALL, GS_F_LOSS, "standard", NULL},
	{GS_RECIPE_LITGPT, T_ALL, GS_F_MICROBATCH, "1", NULL},
	{GS_RECIPE_LITGPT, T_ALL, GS_F_GRAD_ACCUM, "16", NULL},
	{GS_RECIPE_LITGPT, T_ALL, GS_F_OPTIMIZER, "adamw", NULL},
	{GS_RECIPE_LITGPT, T_FULL, GS_F_PRECISION, "amp", NULL},
	{GS_RECIPE_LITGPT, T_LORA, GS_F_FORMAT, "fp32", NULL},
	{GS_RECIPE_LITGPT, T_QLORA, GS_F_FORMAT, "nf4", NULL},
	{GS_RECIPE_LITGPT, T_ADAPT, GS_F_LORA_RANK, "8", NULL},
	{GS_RECIPE_LITGPT, T_ADAPT, GS_F_LORA_TARGETS, "q_proj,v_proj", NULL},
	{GS_RECIPE_LITGPT, T_ADAPT, GS_F_EXPORT, "cpu", NULL},
	/* LLaMA-Factory full fine-tuning upcasts the trainable parameters to
	 * fp32 unless pure_bf16 (model/adapter.py init_adapter,
	 * cast_trainable_params_to_fp32) under bf16 autocast */
	{GS_RECIPE_LLAMA_FACTORY, T_FULL, GS_F_PRECISION, "amp", NULL},
};

const char *gs_recipe_source(gs_recipe r)
{
	switch (r) {
	case GS_RECIPE_PEFT: return "PEFT v0.20.0 with Transformers' Trainer (plain library defaults)";
	case GS_RECIPE_TRL_SFT: return "TRL v1.9.0 SFTTrainer / SFTConfig";
	case GS_RECIPE_UNSLOTH: return "Unsloth v0.1.801-beta FastLanguageModel";
	case GS_RECIPE_AXOLOTL: return "Axolotl v0.18.0 config schema";
	case GS_RECIPE_LLAMA_FACTORY: return "LLaMA-Factory v0.9.5 hparams";
	case GS_RECIPE_DEEPSPEED: return "DeepSpeed DeepSpeedZeroConfig (no ZeRO stage unless configured)";
	case GS_RECIPE_TORCHTUNE: return "torchtune v0.6.1 single-device recipe configs";
	case GS_RECIPE_LITGPT: return "LitGPT v0.5.13 litgpt finetune lora / finetune_full (CLI defaults)";
	}
	return "?";
}

size_t gsi_recipe_defaults(gs_recipe r, gs_task task, gsi_recipe_default out[], size_t cap)
{
	size_t n = 0;
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
		if (rows[i].recipe == r && (rows[i].tasks & (1u << task)) && n < cap)
			out[n++] = (gsi_recipe_default){rows[i].field, rows[i].value, rows[i].why};
	return n;
}

bool gsi_recipe_freezes_vision_tower(gs_recipe r)
{
	/* LLaMA-Factory v0.9.5 hparams/finetuning_args.py freeze_vision_tower True;
	 * model/model_utils/misc.py find_all_linear_modules leaves the tower's
	 * and projector's modules out */
	return r == GS_RECIPE_LLAMA_FACTORY;
}

/* --- Unsloth's releases ------------------------------------------------------ */

/* The types Unsloth dispatches to its own models (models/loader.py at
 * v0.1.801-beta: llama, mistral, gemma, gemma2, qwen2, qwen3), whose rotary
 * classes cache cos and sin: in the model's 16 bits (models/llama.py
 * LlamaRotaryEmbedding), Gemma's in fp32 ("We must do RoPE in float32!",
 * models/gemma.py GemmaFixedRotaryEmbedding). Read at the release read; the
 * older rows are given the same list. */
static const gsi_unsloth_rope own_rope_v0_1_801[] = {
	{"llama", 2}, {"mistral", 2}, {"qwen2", 2}, {"qwen3", 2}, {"gemma", 4}, {"gemma2", 4}, {NULL, 0},
};

/* FORCE_FLOAT32 (models/loader.py): the types trained in float32 on a GPU
 * without bfloat16 ("Unsloth: Using float16 precision for <type> won't work!
 * Using float32."). 2025.3.15 (49eece4d94) lists gemma3; 2025.8.5 adds gpt-oss
 * (9eab2cbc45); v0.1.801-beta's list (loader.py _FORCE_FLOAT32_FALLBACK) is
 * given to the newest row only, as the dates of its other entries were not
 * read. */
static const char *const f32_none[] = {NULL};
static const char *const f32_2025_3[] = {"gemma3", "gemma3_text", NULL};
static const char *const f32_2025_8[] = {"gemma3", "gemma3_text", "gpt_oss", NULL};
static const char *const f32_v0_1_801[] = {"gemma3",      "gemma3_text", "gemma3n",   "gemma4",
                                           "gemma4_text", "glm4_moe",    "glm4_moe_lite", "gpt_oss",
                                           "qwen3_5",     "qwen3_5_moe", "qwen3_moe", NULL};

#define OWN .rope_types = own_rope_v0_1_801

/* Oldest first; each row the first release it stands for, as the banner
 * prints it, read as the version its _utils.py names at the commit that
 * made the change (docs/method.md §10a, "Unsloth by release"). */
static const gsi_unsloth_release unsloth_releases[] = {
	{.release = "2023.11",
         .rope_per_layer = true,
         .gc_gpu_buffers = 1,
         .loss = GSI_ULOSS_LOGITS,
         .loss_compiled = GSI_ULOSS_LOGITS,
         .force_float32 = f32_none,
         OWN,
         .source = "Unsloth 2023.11-2024.11.6: models/llama.py CausalLM_fast_forward "
                   "(self.lm_head(hidden_states), "
                   "kernels/cross_entropy_loss.py Fast_CrossEntropyLoss writing the gradient into the "
                   "logits), "
                   "LlamaRotaryEmbedding in each attention layer (read at tags August-2024, October-2024)"},
	{.release = "2024.11.7",
         .rope_per_layer = true,
         .gc_gpu_buffers = 1,
         .loss = GSI_ULOSS_CCE,
         .loss_compiled = GSI_ULOSS_CCE,
         .force_float32 = f32_none,
         OWN,
         .source = "Unsloth fa8e59eb1b (2024-11-17, 2024.11.7) \"Cut Cross Entropy\": "
                   "fused_linear_cross_entropy "
                   "when HAS_CUT_CROSS_ENTROPY (tag November-2024)"},
	{.release = "2024.12.4",
         .rope_per_layer = true,
         .gc_gpu_buffers = 1,
         .loss = GSI_ULOSS_CCE_OVER_1024,
         .loss_compiled = GSI_ULOSS_CCE_OVER_1024,
         .force_float32 = f32_none,
         OWN,
         .source = "Unsloth b9fe2588e5 (2024-12-10, 2024.12.4): if bsz*q_len <= 1024: RETURN_LOGITS = True "
                   "(tag 2025-01)"},
	{.release = "2025.1.1",
         .gc_gpu_buffers = 1,
         .loss = GSI_ULOSS_CCE_OVER_1024,
         .loss_compiled = GSI_ULOSS_CCE_OVER_1024,
         .force_float32 = f32_none,
         OWN,
         .source = "Unsloth #1516 (63782ea3af, 2025-01-07, 2025.1.1): layer.self_attn.rotary_emb = "
                   "rotary_emb, one "
                   "cache shared by every layer"},
	/* from here zoo's compiler runs the other types (FastModel); its
	 * cross_entropy_replacement runs Cut Cross-Entropy where enabled, the
	 * standard loss otherwise: the standard loss is counted, the larger */
	{.release = "2025.3.1",
         .gc_small_stays = true,
         .gc_gpu_buffers = 1,
         .loss = GSI_ULOSS_CCE_OVER_1024,
         .loss_compiled = GSI_ULOSS_STANDARD,
         .force_float32 = f32_none,
         OWN,
         .source = "Unsloth #1891 (3e5f061133, 2025-03-04, 2025.3.1): "
                   "patch_unsloth_smart_gradient_checkpointing, "
                   "zoo gradient_checkpointing.py (one GPU buffer, MINIMUM_SIZE 2 MiB, LAST_GC_INDEX)"},
	{.release = "2025.3.15",
         .gc_small_stays = true,
         .gc_gpu_buffers = 1,
         .loss = GSI_ULOSS_CCE_OVER_1024,
         .loss_compiled = GSI_ULOSS_STANDARD,
         .force_float32 = f32_2025_3,
         OWN,
         .source = "Unsloth 49eece4d94 (2025-03-18, 2025.3.15): FORCE_FLOAT32 = [\"gemma3\"] "
                   "(models/loader.py)"},
	{.release = "2025.8.2",
         .gpt_oss = true,
         .gc_small_stays = true,
         .gc_gpu_buffers = 1,
         .loss = GSI_ULOSS_CCE_OVER_1024,
         .loss_compiled = GSI_ULOSS_FUSED,
         .target = GSI_UTARGET_1GIB,
         .force_float32 = f32_2025_8,
         OWN,
         .source = "Unsloth 5fa56a5cda (2025-08-06, 2025.8.2): gpt-oss mapped to "
                   "unsloth/gpt-oss-*-unsloth-bnb-4bit under load_in_4bit (models/mapper.py), its experts "
                   "one nn.Linear "
                   "each (zoo temporary_patches/gpt_oss.py patch_gpt_oss_linearized), UNSLOTH_ENABLE_CCE = 0 "
                   "for gpt-oss "
                   "(models/loader.py), so zoo's fused loss; FORCE_FLOAT32 += gptoss (9eab2cbc45, 2025.8.1)"},
	{.release = "2025.8.5",
         .gpt_oss = true,
         .gc_small_stays = true,
         .gc_gpu_buffers = 1,
         .loss = GSI_ULOSS_FUSED_OVER_1024,
         .loss_compiled = GSI_ULOSS_FUSED,
         .target = GSI_UTARGET_1GIB,
         .force_float32 = f32_2025_8,
         OWN,
         .source = "Unsloth 806bee2433 (2025-08-13, 2025.8.5): unsloth_fused_ce_loss(target_gb = 1) above "
                   "1024 "
                   "tokens (models/llama.py, tag August-2025-v2)"},
	{.release = "2025.9.1",
         .gpt_oss = true,
         .gc_small_stays = true,
         .gc_gpu_buffers = 1,
         .loss = GSI_ULOSS_FUSED_OVER_1024,
         .loss_compiled = GSI_ULOSS_FUSED,
         .target = GSI_UTARGET_HALF_FREE,
         .force_float32 = f32_2025_8,
         OWN,
         .source = "Unsloth 5c1b0ae9dd (2025-09-04, 2025.9.1): target_gb = None; zoo 770de251 "
                   "fused_losses/cross_entropy_loss.py _get_chunk_multiplier: half of "
                   "torch.cuda.mem_get_info's free"},
	{.release = "2025.10.10",
         .gpt_oss = true,
         .gc_small_stays = true,
         .gc_gpu_buffers = 1,
         .loss = GSI_ULOSS_FUSED,
         .loss_compiled = GSI_ULOSS_FUSED,
         .target = GSI_UTARGET_HALF_FREE,
         .force_float32 = f32_2025_8,
         OWN,
         .source = "Unsloth 0528b4ce71 (2025-10-26, 2025.10.10): the 1024-token branch no longer returns "
                   "logits (tag October-2025, models/llama.py)"},
	{.release = "2025.11.3",
         .gpt_oss = true,
         .untie_qat = true,
         .gc_small_stays = true,
         .gc_gpu_buffers = 1,
         .loss = GSI_ULOSS_FUSED,
         .loss_compiled = GSI_ULOSS_FUSED,
         .target = GSI_UTARGET_HALF_FREE,
         .force_float32 = f32_2025_8,
         OWN,
         .source = "Unsloth #3587 (20bd66f49f, 2025-11-14, 2025.11.3): qat_scheme int8-int4 runs "
                   "_untie_input_output_embeddings (models/_utils.py); phone-deployment is int8-int4 from "
                   "2025.12.6 "
                   "(1e7302cd77)"},
	{.release = "2026.2.1",
         .experts_as_parameters = true,
         .gpt_oss = true,
         .untie_qat = true,
         .gc_small_stays = true,
         .gc_gpu_buffers = 1,
         .loss = GSI_ULOSS_FUSED,
         .loss_compiled = GSI_ULOSS_FUSED,
         .target = GSI_UTARGET_HALF_FREE,
         .force_float32 = f32_2025_8,
         OWN,
         .source = "Unsloth #3812 (fad6957555, 2026-02-05, 2026.2.1): models/_utils.py "
                   "get_moe_target_parameters"},
	{.release = "2026.5.1",
         .experts_as_parameters = true,
         .gpt_oss = true,
         .untie_qat = true,
         .gc_small_stays = true,
         .gc_gpu_buffers = 2,
         .loss = GSI_ULOSS_FUSED,
         .loss_compiled = GSI_ULOSS_FUSED,
         .target = GSI_UTARGET_HALF_FREE,
         .force_float32 = f32_2025_8,
         OWN,
         .source = "zoo 510d987f (2026-05-04, zoo 2026.5.1, required by Unsloth from be874c72e6): "
                   "gradient_checkpointing.py GPU_BUFFERS_B, a second staging buffer when 512 MiB are free"},
	{.release = "2026.5.2",
         .experts_as_parameters = true,
         .gpt_oss = true,
         .experts_3d_4bit = true,
         .untie_qat = true,
         .gc_small_stays = true,
         .gc_gpu_buffers = 2,
         .loss = GSI_ULOSS_FUSED,
         .loss_compiled = GSI_ULOSS_FUSED,
         .target = GSI_UTARGET_HALF_FREE,
         .force_float32 = f32_2025_8,
         OWN,
         .source = "zoo 1d009af0 (2026-05-15, zoo 2026.5.2, required by Unsloth 2026.5.2, e20bbeff9a): "
                   "temporary_patches/moe_utils_bnb4bit.py quantizes Transformers 5's 3-D experts"},
	{.release = "2026.7.1",
         .experts_as_parameters = true,
         .experts_linear_targets = true,
         .gpt_oss = true,
         .experts_3d_4bit = true,
         .untie_qat = true,
         .gc_small_stays = true,
         .gc_gpu_buffers = 2,
         .loss = GSI_ULOSS_FUSED,
         .loss_compiled = GSI_ULOSS_FUSED,
         .target = GSI_UTARGET_HALF_FREE_CAP4,
         .force_float32 = f32_v0_1_801,
         OWN,
         .source = "zoo d9fe1f43 (2026-07-06, zoo 2026.7.1, required by Unsloth 2026.7.1, 10d8f985a2): "
                   "target_gb = min(half free, 4.0); Unsloth #6936 (62a6eb2a3d, 2026-07-08, 2026.7.1) "
                   "get_moe_target_modules: gate/up/down also adapt gpt-oss's per-expert nn.Linear; read "
                   "through v0.1.801-beta (2026.8.19, loader.py "
                   "_FORCE_FLOAT32_FALLBACK)"},
};
#undef OWN

#define N_ROWS (sizeof unsloth_releases / sizeof unsloth_releases[0])

/* The tags read whose banner version is known (unsloth/_version.py). */
static const struct {
	const char *tag, *version;
} read_tags[] = {{"v0.1.801-beta", "2026.8.19"},
                 {"v0.1.800-beta", "2026.8.17"},
                 {"v0.1.71-beta", "2026.8.16"},
                 {"v0.1.70-beta", "2026.8.14"}};

/* "2024.8", "2025.4.7", "2024.9.post4": year x 10^6 + month x 10^3 + patch;
 * 0 when it is not a release as Unsloth's banner prints it. */
static unsigned version_of(const char *v)
{
	unsigned y = 0, mo = 0, pa = 0;
	int n = sscanf(v, "%u.%u.%u", &y, &mo, &pa);
	if (n < 2 || y < 2023 || y > 2100 || mo < 1 || mo > 12 || pa > 999)
		return 0;
	return y * 1000000u + mo * 1000u + (n == 3 ? pa : 0);
}

const gsi_unsloth_release *gsi_unsloth_newest(void) { return &unsloth_releases[N_ROWS - 1]; }

gs_status gsi_unsloth_release_parse(const char *text, const char *where, const gsi_unsloth_release **out,
                                    unsigned *version, bool *stated, gs_error *err)
{
	*out = gsi_unsloth_newest();
	*version = 0;
	*stated = text != NULL;
	if (!text)
		return GS_OK;
	const char *v = text;
	for (size_t i = 0; i < sizeof read_tags / sizeof read_tags[0]; i++)
		if (!strcmp(text, read_tags[i].tag))
			v = read_tags[i].version;
	unsigned ver = version_of(v);
	if (!ver)
		return gs_error_set(err, GS_EINPUT, where,
		                    "recipe_release: got \"%.40s\", expected Unsloth's release as its banner "
		                    "prints it (2024.8, 2025.4.7) or v0.1.801-beta", text);
	if (ver < version_of(unsloth_releases[0].release))
		return gs_error_set(err, GS_EINPUT, where,
		                    "recipe_release: %.40s is older than Unsloth's first release, %s (its "
		                    "pyproject.toml at c3d6def64a, 2023-11-30); the oldest row gpusizer "
		                    "knows "
		                    "is %s",
		                    text, unsloth_releases[0].release, unsloth_releases[0].release);
	/* the newest row from whose release on it stands (oldest first) */
	for (size_t i = 0; i < N_ROWS; i++)
		if (version_of(unsloth_releases[i].release) <= ver)
			*out = &unsloth_releases[i];
	*version = ver;
	return GS_OK;
}

unsigned gsi_unsloth_rope_bytes(const gsi_unsloth_release *r, const char *model_type)
{
	for (const gsi_unsloth_rope *t = r->rope_types; t->model_type; t++)
		if (!strcmp(model_type, t->model_type))
			return t->bytes;
	return 0;
}

bool gsi_unsloth_own_model(const gsi_unsloth_release *r, const char *model_type)
{
	for (const gsi_unsloth_rope *t = r->rope_types; t->model_type; t++)
		if (!strcmp(model_type, t->model_type))
			return true;
	return false;
}

bool gsi_unsloth_forces_float32(const gsi_unsloth_release *r, const char *model_type)
{
	for (const char *const *t = r->force_float32; *t; t++)
		if (!strcmp(model_type, *t))
			return true;
	return false;
}

/* The schemes and the release each arrived in, read as the version the
 * commit's _utils.py names (docs/method.md §10a). */
static const struct {
	const char *scheme, *first, *why;
} qat_schemes[] = {
	{"fp8-int4", "2025.9.2", "#3238 fa93e36312"},  {"fp8-fp8", "2025.9.2", "#3238 fa93e36312"},
	{"int8-int4", "2025.9.6", "3ffb3bdcfe"},       {"int4", "2025.9.6", "3ffb3bdcfe"},
	{"phone-deployment", "2025.12.6", "1e7302cd77"}, {"int8", "2026.1.3", "d80e69258c"},
	{"cactus", "2026.4.4", "7c5464ad71"},
};

const char *gsi_unsloth_qat_missing(const char *scheme, unsigned version)
{
	for (size_t i = 0; i < sizeof qat_schemes / sizeof qat_schemes[0]; i++)
		if (!strcmp(scheme, qat_schemes[i].scheme))
			return version && version < version_of(qat_schemes[i].first) ? qat_schemes[i].first
			                                                             : NULL;
	return NULL;
}

bool gsi_unsloth_qat_unties(const gsi_unsloth_release *r, unsigned version, const char *scheme,
                            const char *model_type)
{
	if (!r->untie_qat || (strcmp(scheme, "int8-int4") && strcmp(scheme, "phone-deployment")))
		return false;
	/* 697ea5d1c1 (2025.12.9): "Gemma3 has a large vocabulary causing int8
	 * embedding issues. Switching to int4 weight-only QAT" */
	bool gemma3 = !strcmp(model_type, "gemma3") || !strcmp(model_type, "gemma3_text");
	return !(gemma3 && (!version || version >= version_of("2025.12.9")));
}
