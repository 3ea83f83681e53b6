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

/* The release read, the recipe rows' own (and the sheet's when it names
 * none). */
static const gsi_unsloth_release unsloth_read = {
	.release = "v0.1.801-beta", .rope_per_layer = false, .experts_as_parameters = true,
	.rope_types = own_rope_v0_1_801,
	.source = "Unsloth v0.1.801-beta: unsloth/models/llama.py LlamaRotaryEmbedding (one, shared since "
	"#1516), models/gemma.py GemmaFixedRotaryEmbedding, models/loader.py, models/_utils.py "
	"get_moe_target_parameters",
};

/* Oldest first. */
static const gsi_unsloth_release unsloth_releases[] = {
	/* the 2024 releases, on Transformers up to 4.47, built a RoPE cache in
	 * each attention layer */
	{.release = NULL, .rope_per_layer = true, .experts_as_parameters = false,
	 .rope_types = own_rope_v0_1_801,
	 .source = "Unsloth before 2025.1: unsloth/models/llama.py LlamaRotaryEmbedding in each attention "
	 "layer, until #1516"},
	/* #1516 (2025-01-07, "For transformers > 4.47.1 ... add rotary_emb to
	 * all attention layers"): every layer points at the model's one */
	{.release = "2025.1", .rope_per_layer = false, .experts_as_parameters = false,
	 .rope_types = own_rope_v0_1_801,
	 .source = "Unsloth #1516 (2025-01-07): layer.self_attn.rotary_emb = rotary_emb, one cache shared by "
	 "every layer; experts not yet targeted (2025.8.5's gpt-oss notebook prints 3,981,312 trainable at r "
	 "8: the attention only)"},
	/* #3812 (2026-02-05): a gate/up or down target also reaches 3-D expert
	 * parameters through PEFT's target_parameters */
	{.release = "2026.2", .rope_per_layer = false, .experts_as_parameters = true,
	 .rope_types = own_rope_v0_1_801,
	 .source = "Unsloth #3812 (2026-02-05): models/_utils.py get_moe_target_parameters"},
};

/* "2024.8", "2025.4.7": year x 100 + month; 0 when it is not a release as
 * Unsloth's banner prints it. */
static unsigned year_month(const char *v)
{
	unsigned y = 0, mo = 0;
	if (sscanf(v, "%u.%u", &y, &mo) != 2 || y < 2023 || y > 2100 || mo < 1 || mo > 12)
		return 0;
	return y * 100 + mo;
}

gs_status gsi_unsloth_release_parse(const char *text, const char *where, const gsi_unsloth_release **out,
                                    unsigned *yyyymm, gs_error *err)
{
	*out = &unsloth_read;
	*yyyymm = 0;
	if (!text || !strcmp(text, unsloth_read.release))
		return GS_OK;
	unsigned ym = year_month(text);
	if (!ym)
		return gs_error_set(err, GS_EINPUT, where,
		                    "recipe_release: got \"%.40s\", expected Unsloth's release as its banner "
		                    "prints it (2024.8, 2025.4.7) or v0.1.801-beta", text);
	/* the newest row from whose release on it stands (oldest first; the
	 * first, without a release, stands for all before the next) */
	for (size_t i = 0; i < sizeof unsloth_releases / sizeof unsloth_releases[0]; i++)
		if (!unsloth_releases[i].release || year_month(unsloth_releases[i].release) <= ym)
			*out = &unsloth_releases[i];
	*yyyymm = ym;
	return GS_OK;
}

unsigned gsi_unsloth_rope_bytes(const gsi_unsloth_release *r, const char *model_type)
{
	for (const gsi_unsloth_rope *t = r->rope_types; t->model_type; t++)
		if (!strcmp(model_type, t->model_type))
			return t->bytes;
	return 0;
}
