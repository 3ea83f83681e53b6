/*
 * recipe_config.c — read an Axolotl or LLaMA-Factory training config (the
 * YAML file a user hands to `axolotl train` or `llamafactory-cli train`)
 * into the workload's fields (docs/method.md §10a, "A framework's config
 * file"). Each key the file may hold is one of three kinds: a key that sizes
 * memory, mapped to a field; a key with no effect on memory, accepted and
 * left aside; any other key, refused by name, since a key gpusizer does not
 * know may change what runs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>
#include "gpusizer/file.h"
#include "gpusizer/workload.h"
#include "core/yaml_guard.h"

#define MAX_CONFIG_BYTES (1u << 20)

typedef enum framework { FW_AXOLOTL, FW_LLAMA_FACTORY } framework;

/* One value of the file, as the handlers see it. */
typedef struct cfg_value {
	yaml_document_t *doc;
	yaml_node_t *node;
	const char *key;
	char where[300]; /* "file:line:column key" */
} cfg_value;

typedef gs_status (*handler)(gs_workload *w, const cfg_value *v, gs_error *err);

typedef struct cfg_key {
	const char *key;
	handler apply; /* NULL: accepted, no effect on memory */
} cfg_key;

static const char *scalar(const cfg_value *v)
{
	return v->node->type == YAML_SCALAR_NODE ? (const char *)v->node->data.scalar.value : NULL;
}

static gs_status need_scalar(const cfg_value *v, gs_error *err)
{
	if (scalar(v))
		return GS_OK;
	return gs_error_set(err, GS_EINPUT, v->where, "%s: expected a single value, not a %s", v->key,
	                    v->node->type == YAML_SEQUENCE_NODE ? "list" : "mapping");
}

/* YAML's booleans as these frameworks write them */
static int truth(const cfg_value *v)
{
	const char *s = scalar(v);
	if (!s)
		return -1;
	if (!strcmp(s, "true") || !strcmp(s, "True") || !strcmp(s, "TRUE"))
		return 1;
	if (!strcmp(s, "false") || !strcmp(s, "False") || !strcmp(s, "FALSE"))
		return 0;
	return -1;
}

static gs_status need_bool(const cfg_value *v, int *out, gs_error *err)
{
	*out = truth(v);
	if (*out >= 0)
		return GS_OK;
	return gs_error_set(err, GS_EINPUT, v->where, "%s: expected true or false, got \"%.40s\"", v->key,
	                    scalar(v) ? scalar(v) : "a list or mapping");
}

static gs_status set(gs_workload *w, gs_field f, const char *value, const cfg_value *v, gs_error *err)
{
	return gs_workload_set(w, f, value, strlen(value), GS_FROM_SHEET, v->where, err);
}

/* A key whose scalar is the field's own spelling. */
static gs_status as_field(gs_workload *w, gs_field f, const cfg_value *v, gs_error *err)
{
	gs_status s = need_scalar(v, err);
	return s ? s : set(w, f, scalar(v), v, err);
}

static gs_status model(gs_workload *w, const cfg_value *v, gs_error *err)
{
	return as_field(w, GS_F_MODEL, v, err);
}
static gs_status length(gs_workload *w, const cfg_value *v, gs_error *err)
{
	return as_field(w, GS_F_LENGTH, v, err);
}
static gs_status microbatch(gs_workload *w, const cfg_value *v, gs_error *err)
{
	return as_field(w, GS_F_MICROBATCH, v, err);
}
static gs_status eval_microbatch(gs_workload *w, const cfg_value *v, gs_error *err)
{
	return as_field(w, GS_F_EVAL_MICROBATCH, v, err);
}
static gs_status grad_accum(gs_workload *w, const cfg_value *v, gs_error *err)
{
	return as_field(w, GS_F_GRAD_ACCUM, v, err);
}
static gs_status lora_rank(gs_workload *w, const cfg_value *v, gs_error *err)
{
	return as_field(w, GS_F_LORA_RANK, v, err);
}

/* A list (YAML sequence, or one comma-separated scalar) into a field's
 * comma list. */
static gs_status as_list(gs_workload *w, gs_field f, const cfg_value *v, gs_error *err)
{
	char list[400] = "";
	if (v->node->type == YAML_SCALAR_NODE) {
		snprintf(list, sizeof list, "%s", scalar(v));
	} else if (v->node->type == YAML_SEQUENCE_NODE) {
		for (yaml_node_item_t *i = v->node->data.sequence.items.start;
		     i < v->node->data.sequence.items.top; i++) {
			yaml_node_t *n = yaml_document_get_node(v->doc, *i);
			if (!n || n->type != YAML_SCALAR_NODE)
				return gs_error_set(err, GS_EINPUT, v->where, "%s: expected a list of names",
				                    v->key);
			size_t used = strlen(list);
			if (snprintf(list + used, sizeof list - used, "%s%s", used ? "," : "",
			             (const char *)n->data.scalar.value) >= (int)(sizeof list - used))
				return gs_error_set(err, GS_EINPUT, v->where,
				                    "%s: the list is longer than %zu "
				                    "characters",
				                    v->key, sizeof list - 1);
		}
	} else {
		return gs_error_set(err, GS_EINPUT, v->where, "%s: expected a list of names", v->key);
	}
	if (!list[0]) /* Axolotl's examples leave lora_target_modules empty beside lora_target_linear */
		return GS_OK;
	return set(w, f, list, v, err);
}

/* The optimizer names of Transformers' TrainingArguments (OptimizerNames)
 * and bitsandbytes' aliases that both frameworks pass through. */
static gs_status optimizer(gs_workload *w, const cfg_value *v, gs_error *err)
{
	static const char *const map[][2] = {
		{"adamw_torch", "adamw"},           {"adamw_hf", "adamw-forloop"},
		{"adamw_torch_fused", "adamw-fused"}, {"adamw_bnb_8bit", "adamw-8bit"},
		{"adamw_8bit", "adamw-8bit"},       {"paged_adamw_8bit", "paged-adamw-8bit"},
		/* paged 32-bit states are AdamW's (paging moves them to host memory only
		 * under pressure) */
		{"paged_adamw_32bit", "adamw"},     {"adafactor", "adafactor"},
		{"sgd", "sgd"},                     {"lion_32bit", "lion"},
	};
	gs_status s = need_scalar(v, err);
	if (s)
		return s;
	for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
		if (!strcmp(scalar(v), map[i][0]))
			return set(w, GS_F_OPTIMIZER, map[i][1], v, err);
	return gs_error_set(err, GS_EINPUT, v->where,
	                    "%s: \"%.40s\" is not an optimizer gpusizer sizes (adamw_torch, "
	                    "adamw_torch_fused, "
	                    "adamw_hf, adamw_bnb_8bit, adamw_8bit, paged_adamw_8bit, paged_adamw_32bit, "
	                    "adafactor, sgd, lion_32bit)",
	                    v->key, scalar(v));
}

/* --- Axolotl (src/axolotl/utils/schemas/config.py; loaders/model.py at
 * 002a637c) ---------------------------------------------------------------- */

static gs_status ax_adapter(gs_workload *w, const cfg_value *v, gs_error *err)
{
	gs_status s = need_scalar(v, err);
	if (s)
		return s;
	if (strcmp(scalar(v), "lora") && strcmp(scalar(v), "qlora"))
		return gs_error_set(err, GS_EINPUT, v->where,
		                    "adapter: \"%.40s\" is not sized (lora and qlora are; leave adapter out "
		                    "for "
		                    "full fine-tuning)",
		                    scalar(v));
	return set(w, GS_F_TASK, scalar(v), v, err);
}

/* loaders/model.py _set_quantization_config: qlora with load_in_4bit is NF4
 * with double quantization (bnb_4bit_use_double_quant True); lora with
 * load_in_8bit is LLM.int8 */
static gs_status ax_4bit(gs_workload *w, const cfg_value *v, gs_error *err)
{
	int b;
	gs_status s = need_bool(v, &b, err);
	return s ? s : b ? set(w, GS_F_FORMAT, "nf4-dq", v, err) : GS_OK;
}

static gs_status ax_8bit(gs_workload *w, const cfg_value *v, gs_error *err)
{
	int b;
	gs_status s = need_bool(v, &b, err);
	return s ? s : b ? set(w, GS_F_FORMAT, "int8", v, err) : GS_OK;
}

static gs_status ax_target_linear(gs_workload *w, const cfg_value *v, gs_error *err)
{
	int b;
	gs_status s = need_bool(v, &b, err);
	return s ? s : b ? set(w, GS_F_LORA_TARGETS, "all-linear", v, err) : GS_OK;
}

static gs_status ax_targets(gs_workload *w, const cfg_value *v, gs_error *err)
{
	return as_list(w, GS_F_LORA_TARGETS, v, err);
}

static gs_status ax_to_save(gs_workload *w, const cfg_value *v, gs_error *err)
{
	return as_list(w, GS_F_MODULES_TO_SAVE, v, err);
}

/* gradient_checkpointing: true, false or "offload" (offloaded checkpointing) */
static gs_status ax_checkpointing(gs_workload *w, const cfg_value *v, gs_error *err)
{
	gs_status s = need_scalar(v, err);
	if (s)
		return s;
	if (!strcmp(scalar(v), "offload"))
		return set(w, GS_F_CHECKPOINTING, "offloaded", v, err);
	int b;
	if ((s = need_bool(v, &b, err)))
		return s;
	return set(w, GS_F_CHECKPOINTING, b ? "full" : "none", v, err);
}

static gs_status ax_activation_offloading(gs_workload *w, const cfg_value *v, gs_error *err)
{
	int b;
	gs_status s = need_bool(v, &b, err);
	return s ? s : b ? set(w, GS_F_CHECKPOINTING, "offloaded", v, err) : GS_OK;
}

/* bf16 true or auto: the model loaded in bfloat16 (cfg.torch_dtype) and the
 * Trainer's bf16; its AdamW states follow the parameters (precision bf16) */
static gs_status ax_bf16(gs_workload *w, const cfg_value *v, gs_error *err)
{
	const char *s = scalar(v);
	if (s && !strcmp(s, "auto"))
		return set(w, GS_F_PRECISION, "bf16", v, err);
	int b;
	gs_status st = need_bool(v, &b, err);
	return st ? st : b ? set(w, GS_F_PRECISION, "bf16", v, err) : GS_OK;
}

static gs_status ax_attention(gs_workload *w, const cfg_value *v, const char *impl, gs_error *err)
{
	int b;
	gs_status s = need_bool(v, &b, err);
	return s ? s : b ? set(w, GS_F_ATTENTION, impl, v, err) : GS_OK;
}
static gs_status ax_flash(gs_workload *w, const cfg_value *v, gs_error *err)
{
	return ax_attention(w, v, "flash", err);
}
static gs_status ax_sdpa(gs_workload *w, const cfg_value *v, gs_error *err)
{
	return ax_attention(w, v, "sdpa", err);
}
static gs_status ax_eager(gs_workload *w, const cfg_value *v, gs_error *err)
{
	return ax_attention(w, v, "eager", err);
}

/* cut_cross_entropy, liger_fused_linear_cross_entropy: no full logits */
static gs_status ax_fused_loss(gs_workload *w, const cfg_value *v, gs_error *err)
{
	int b;
	gs_status s = need_bool(v, &b, err);
	return s ? s : b ? set(w, GS_F_LOSS, "chunked", v, err) : GS_OK;
}

static gs_status ax_plugins(gs_workload *w, const cfg_value *v, gs_error *err)
{
	if (v->node->type != YAML_SEQUENCE_NODE)
		return gs_error_set(err, GS_EINPUT, v->where, "plugins: expected a list of plugin classes");
	for (yaml_node_item_t *i = v->node->data.sequence.items.start; i < v->node->data.sequence.items.top;
	     i++) {
		yaml_node_t *n = yaml_document_get_node(v->doc, *i);
		const char *p = n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : "";
		if (strstr(p, "CutCrossEntropyPlugin") || strstr(p, "LigerPlugin")) {
			gs_status s = set(w, GS_F_LOSS, "chunked", v, err);
			if (s)
				return s;
			continue;
		}
		return gs_error_set(err, GS_EINPUT, v->where,
		                    "plugins: \"%.80s\" is not a plugin gpusizer knows (the "
		                    "cut_cross_entropy "
		                    "and liger plugins are: their loss builds no full logits)",
		                    p);
	}
	return GS_OK;
}

static gs_status ax_fsdp(gs_workload *w, const cfg_value *v, gs_error *err)
{
	char list[400] = "";
	if (v->node->type == YAML_SEQUENCE_NODE)
		for (yaml_node_item_t *i = v->node->data.sequence.items.start;
		     i < v->node->data.sequence.items.top; i++) {
			yaml_node_t *n = yaml_document_get_node(v->doc, *i);
			if (n && n->type == YAML_SCALAR_NODE)
				snprintf(list + strlen(list), sizeof list - strlen(list), " %s",
				         (const char *)n->data.scalar.value);
		}
	if (strstr(list, "full_shard"))
		return set(w, GS_F_FSDP, "full", v, err);
	if (strstr(list, "shard_grad_op"))
		return set(w, GS_F_FSDP, "grad-op", v, err);
	return gs_error_set(err, GS_EINPUT, v->where,
	                    "fsdp: expected a list holding full_shard or shard_grad_op (with auto_wrap)");
}

static gs_status ax_fsdp_config(gs_workload *w, const cfg_value *v, gs_error *err)
{
	if (v->node->type != YAML_MAPPING_NODE)
		return gs_error_set(err, GS_EINPUT, v->where, "fsdp_config: expected a mapping");
	for (yaml_node_pair_t *p = v->node->data.mapping.pairs.start; p < v->node->data.mapping.pairs.top;
	     p++) {
		yaml_node_t *k = yaml_document_get_node(v->doc, p->key);
		yaml_node_t *x = yaml_document_get_node(v->doc, p->value);
		if (!k || !x || k->type != YAML_SCALAR_NODE)
			continue;
		if (!strcmp((const char *)k->data.scalar.value, "fsdp_offload_params")) {
			cfg_value sub = *v;
			sub.node = x;
			sub.key = "fsdp_config.fsdp_offload_params";
			int b;
			gs_status s = need_bool(&sub, &b, err);
			if (s)
				return s;
			if (b && (s = set(w, GS_F_OFFLOAD, "params", v, err)))
				return s;
		}
	}
	return GS_OK;
}

static gs_status refuse_deepspeed(gs_workload *w, const cfg_value *v, gs_error *err)
{
	(void)w;
	return gs_error_set(err, GS_EINPUT, v->where,
	                    "%s: the DeepSpeed JSON it names is not read here: give its ZeRO stage as zero "
	                    "(and offload), with recipe deepspeed or beside this file",
	                    v->key);
}

static const cfg_key axolotl_keys[] = {
	{"base_model", model},
	{"adapter", ax_adapter},
	{"load_in_4bit", ax_4bit},
	{"load_in_8bit", ax_8bit},
	{"lora_r", lora_rank},
	{"lora_target_modules", ax_targets},
	{"lora_target_linear", ax_target_linear},
	{"lora_modules_to_save", ax_to_save},
	{"sequence_len", length},
	{"micro_batch_size", microbatch},
	{"eval_batch_size", eval_microbatch},
	{"gradient_accumulation_steps", grad_accum},
	{"optimizer", optimizer},
	{"gradient_checkpointing", ax_checkpointing},
	{"activation_offloading", ax_activation_offloading},
	{"bf16", ax_bf16},
	{"flash_attention", ax_flash},
	{"sdp_attention", ax_sdpa},
	{"eager_attention", ax_eager},
	{"cut_cross_entropy", ax_fused_loss},
	{"liger_fused_linear_cross_entropy", ax_fused_loss},
	{"plugins", ax_plugins},
	{"fsdp", ax_fsdp},
	{"fsdp_config", ax_fsdp_config},
	{"deepspeed", refuse_deepspeed},
	/* no effect on memory: data, logging, schedule, saving, tokens; packing
	 * to sequence_len runs every microbatch at the length given */
	{"base_model_config", NULL},
	{"model_type", NULL},
	{"tokenizer_type", NULL},
	{"tokenizer_config", NULL},
	{"trust_remote_code", NULL},
	{"strict", NULL},
	{"datasets", NULL},
	{"test_datasets", NULL},
	{"dataset_prepared_path", NULL},
	{"val_set_size", NULL},
	{"output_dir", NULL},
	{"lora_alpha", NULL},
	{"lora_dropout", NULL},
	{"lora_fan_in_fan_out", NULL},
	{"lora_model_dir", NULL},
	{"sample_packing", NULL},
	{"eval_sample_packing", NULL},
	{"pad_to_sequence_len", NULL},
	{"wandb_project", NULL},
	{"wandb_entity", NULL},
	{"wandb_watch", NULL},
	{"wandb_name", NULL},
	{"wandb_log_model", NULL},
	{"num_epochs", NULL},
	{"max_steps", NULL},
	{"lr_scheduler", NULL},
	{"learning_rate", NULL},
	{"train_on_inputs", NULL},
	{"group_by_length", NULL},
	{"fp16", NULL},
	{"tf32", NULL},
	{"warmup_steps", NULL},
	{"warmup_ratio", NULL},
	{"evals_per_epoch", NULL},
	{"eval_steps", NULL},
	{"saves_per_epoch", NULL},
	{"save_steps", NULL},
	{"save_total_limit", NULL},
	{"debug", NULL},
	{"weight_decay", NULL},
	{"max_grad_norm", NULL},
	{"special_tokens", NULL},
	{"tokens", NULL},
	{"logging_steps", NULL},
	{"early_stopping_patience", NULL},
	{"resume_from_checkpoint", NULL},
	{"local_rank", NULL},
	{"xformers_attention", NULL},
	{"chat_template", NULL},
	{"seed", NULL},
	{"hub_model_id", NULL},
	{"gradient_checkpointing_kwargs", NULL},
	{"loss_watchdog_threshold", NULL},
	{"loss_watchdog_patience", NULL},
	{"eval_max_new_tokens", NULL},
	{"eval_table_size", NULL},
	{"use_tensorboard", NULL},
	{"save_safetensors", NULL},
	{"shuffle_merged_datasets", NULL},
	{"use_kernels", NULL},
	{"experimental_skip_move_to_device", NULL},
	{"flash_attn_rms_norm", NULL},
	{"flash_attn_fuse_qkv", NULL},
	{"flash_attn_fuse_mlp", NULL},
	{"save_first_step", NULL},
	{"auto_resume_from_checkpoints", NULL},
	{"dataloader_num_workers", NULL},
	{"dataloader_prefetch_factor", NULL},
	{"dataloader_pin_memory", NULL},
	{"lr_scheduler_kwargs", NULL},
	{"adam_beta1", NULL},
	{"adam_beta2", NULL},
	{"adam_epsilon", NULL},
	{"save_strategy", NULL},
	{"eval_strategy", NULL},
};

/* --- LLaMA-Factory (hparams/model_args.py, finetuning_args.py,
 * data_args.py; Transformers' Seq2SeqTrainingArguments) -------------------- */

static gs_status lf_stage(gs_workload *w, const cfg_value *v, gs_error *err)
{
	(void)w;
	gs_status s = need_scalar(v, err);
	if (s)
		return s;
	if (!strcmp(scalar(v), "sft") || !strcmp(scalar(v), "pt"))
		return GS_OK;
	return gs_error_set(err, GS_EINPUT, v->where,
	                    "stage: %.20s is not sized (sft and pt are; rm, ppo, dpo and kto hold a "
	                    "reward, value or reference model beside the policy)",
	                    scalar(v));
}

static gs_status lf_finetuning_type(gs_workload *w, const cfg_value *v, gs_error *err)
{
	gs_status s = need_scalar(v, err);
	if (s)
		return s;
	/* quantization_bit, when present, makes lora a qlora (lf_bits) */
	if (!strcmp(scalar(v), "lora"))
		return w->v[GS_F_TASK].from == GS_FROM_SHEET ? GS_OK : set(w, GS_F_TASK, "lora", v, err);
	if (!strcmp(scalar(v), "full"))
		return set(w, GS_F_TASK, "full", v, err);
	return gs_error_set(err, GS_EINPUT, v->where,
	                    "finetuning_type: %.20s is not sized (lora and full are; freeze trains chosen "
	                    "layers, which gpusizer does not count)",
	                    scalar(v));
}

/* quantization_bit 4: NF4 (quantization_type nf4) with double quantization
 * (double_quantization True); 8: LLM.int8 */
static gs_status lf_bits(gs_workload *w, const cfg_value *v, gs_error *err)
{
	gs_status s = need_scalar(v, err);
	if (s)
		return s;
	if (!strcmp(scalar(v), "4"))
		return (s = set(w, GS_F_TASK, "qlora", v, err)) ? s : set(w, GS_F_FORMAT, "nf4-dq", v, err);
	if (!strcmp(scalar(v), "8"))
		return set(w, GS_F_FORMAT, "int8", v, err);
	return gs_error_set(err, GS_EINPUT, v->where,
	                    "quantization_bit: %.20s is not sized (4 and 8 are, with "
	                    "quantization_method bitsandbytes)",
	                    scalar(v));
}

static gs_status lf_method(gs_workload *w, const cfg_value *v, gs_error *err)
{
	(void)w;
	gs_status s = need_scalar(v, err);
	if (s || !strcmp(scalar(v), "bitsandbytes") || !strcmp(scalar(v), "bnb"))
		return s;
	return gs_error_set(err, GS_EINPUT, v->where,
	                    "quantization_method: %.20s is not sized (bitsandbytes is; hqq and eetq store "
	                    "other layouts)",
	                    scalar(v));
}

static gs_status lf_target(gs_workload *w, const cfg_value *v, gs_error *err)
{
	const char *s = scalar(v);
	if (s && !strcmp(s, "all"))
		return set(w, GS_F_LORA_TARGETS, "all-linear", v, err);
	return as_list(w, GS_F_LORA_TARGETS, v, err);
}

static gs_status lf_additional(gs_workload *w, const cfg_value *v, gs_error *err)
{
	return as_list(w, GS_F_MODULES_TO_SAVE, v, err);
}

/* full fine-tuning keeps trainable parameters in fp32 under bf16 autocast
 * (model/adapter.py: upcast unless pure_bf16), precision amp; pure_bf16
 * keeps them in bf16 */
static gs_status lf_pure_bf16(gs_workload *w, const cfg_value *v, gs_error *err)
{
	int b;
	gs_status s = need_bool(v, &b, err);
	return s ? s : b ? set(w, GS_F_PRECISION, "bf16", v, err) : GS_OK;
}

static gs_status lf_no_checkpointing(gs_workload *w, const cfg_value *v, gs_error *err)
{
	int b;
	gs_status s = need_bool(v, &b, err);
	return s ? s : set(w, GS_F_CHECKPOINTING, b ? "none" : "full", v, err);
}

static gs_status lf_unsloth_gc(gs_workload *w, const cfg_value *v, gs_error *err)
{
	int b;
	gs_status s = need_bool(v, &b, err);
	return s ? s : b ? set(w, GS_F_CHECKPOINTING, "offloaded", v, err) : GS_OK;
}

static gs_status lf_use_unsloth(gs_workload *w, const cfg_value *v, gs_error *err)
{
	(void)w;
	int b;
	gs_status s = need_bool(v, &b, err);
	if (s || !b)
		return s;
	return gs_error_set(err, GS_EINPUT, v->where,
	                    "use_unsloth: LLaMA-Factory then runs Unsloth's model code, which these rows do "
	                    "not size: give recipe unsloth instead");
}

static gs_status lf_flash(gs_workload *w, const cfg_value *v, gs_error *err)
{
	static const char *const map[][2] = {
		{"fa2", "flash"}, {"sdpa", "sdpa"}, {"disabled", "eager"}, {"auto", NULL}};
	gs_status s = need_scalar(v, err);
	if (s)
		return s;
	for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
		if (!strcmp(scalar(v), map[i][0]))
			return map[i][1] ? set(w, GS_F_ATTENTION, map[i][1], v, err) : GS_OK;
	return gs_error_set(err, GS_EINPUT, v->where, "flash_attn: expected auto, disabled, sdpa or fa2, got "
	                    "\"%.20s\"", scalar(v));
}

static const cfg_key llama_factory_keys[] = {
	{"model_name_or_path", model},
	{"stage", lf_stage},
	{"finetuning_type", lf_finetuning_type},
	{"quantization_bit", lf_bits},
	{"quantization_method", lf_method},
	{"lora_rank", lora_rank},
	{"lora_target", lf_target},
	{"additional_target", lf_additional},
	{"cutoff_len", length},
	{"per_device_train_batch_size", microbatch},
	{"per_device_eval_batch_size", eval_microbatch},
	{"gradient_accumulation_steps", grad_accum},
	{"optim", optimizer},
	{"pure_bf16", lf_pure_bf16},
	{"disable_gradient_checkpointing", lf_no_checkpointing},
	{"use_unsloth_gc", lf_unsloth_gc},
	{"use_unsloth", lf_use_unsloth},
	{"enable_liger_kernel", ax_fused_loss},
	{"flash_attn", lf_flash},
	{"deepspeed", refuse_deepspeed},
	/* no effect on memory */
	{"do_train", NULL},
	{"do_eval", NULL},
	{"do_predict", NULL},
	{"dataset", NULL},
	{"eval_dataset", NULL},
	{"dataset_dir", NULL},
	{"template", NULL},
	{"max_samples", NULL},
	{"overwrite_cache", NULL},
	{"preprocessing_num_workers", NULL},
	{"dataloader_num_workers", NULL},
	{"output_dir", NULL},
	{"logging_steps", NULL},
	{"save_steps", NULL},
	{"plot_loss", NULL},
	{"overwrite_output_dir", NULL},
	{"save_only_model", NULL},
	{"report_to", NULL},
	{"learning_rate", NULL},
	{"num_train_epochs", NULL},
	{"lr_scheduler_type", NULL},
	{"warmup_ratio", NULL},
	{"warmup_steps", NULL},
	{"bf16", NULL},
	{"fp16", NULL},
	{"ddp_timeout", NULL},
	{"resume_from_checkpoint", NULL},
	{"val_size", NULL},
	{"eval_strategy", NULL},
	{"eval_steps", NULL},
	{"trust_remote_code", NULL},
	{"lora_alpha", NULL},
	{"lora_dropout", NULL},
	{"seed", NULL},
	{"max_grad_norm", NULL},
	{"weight_decay", NULL},
	{"tokenized_path", NULL},
	{"streaming", NULL},
	{"packing", NULL},
	{"neat_packing", NULL},
	{"train_on_prompt", NULL},
	{"mask_history", NULL},
	{"freeze_vision_tower", NULL},
	{"image_max_pixels", NULL},
	{"image_min_pixels", NULL},
	{"video_max_pixels", NULL},
	{"video_fps", NULL},
	{"enable_thinking", NULL},
	{"default_system", NULL},
	{"run_name", NULL},
	{"logging_dir", NULL},
	{"save_strategy", NULL},
	{"save_total_limit", NULL},
	{"quantization_type", NULL},
	{"double_quantization", NULL},
	{"max_steps", NULL},
	{"media_dir", NULL},
	{"export_dir", NULL},
};

/* quantization_type fp4, double_quantization false: LLaMA-Factory's 4-bit
 * format is read after the whole file (lf_bits set nf4-dq) */
static gs_status lf_format(gs_workload *w, yaml_document_t *doc, yaml_node_t *root, const char *name,
                           gs_error *err)
{
	if (w->v[GS_F_FORMAT].from != GS_FROM_SHEET || strcmp(w->v[GS_F_FORMAT].text, "nf4-dq"))
		return GS_OK;
	bool fp4 = false, dq = true;
	cfg_value v = {.doc = doc};
	for (yaml_node_pair_t *p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top; p++) {
		yaml_node_t *k = yaml_document_get_node(doc, p->key);
		v.node = yaml_document_get_node(doc, p->value);
		if (!k || !v.node || k->type != YAML_SCALAR_NODE)
			continue;
		v.key = (const char *)k->data.scalar.value;
		snprintf(v.where, sizeof v.where, "%s:%zu:%zu %s", name, k->start_mark.line + 1,
		         k->start_mark.column + 1, v.key);
		if (!strcmp(v.key, "quantization_type"))
			fp4 = scalar(&v) && !strcmp(scalar(&v), "fp4");
		int b;
		gs_status s;
		if (!strcmp(v.key, "double_quantization")) {
			if ((s = need_bool(&v, &b, err)))
				return s;
			dq = b;
		}
	}
	const char *f = fp4 ? (dq ? "fp4-dq" : "fp4") : (dq ? "nf4-dq" : "nf4");
	return gs_workload_set(w, GS_F_FORMAT, f, strlen(f), GS_FROM_SHEET, w->v[GS_F_FORMAT].where, err);
}

static const cfg_key *lookup(const cfg_key *t, size_t n, const char *key)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(t[i].key, key))
			return &t[i];
	return NULL;
}

static gs_status unknown_key(gs_error *err, const char *where, const char *key, framework fw)
{
	(void)key;
	return gs_error_set(err, GS_EINPUT, where,
	                    "not a key gpusizer reads from %s configs, so what it changes would not be "
	                    "sized; the keys read, and those known to leave memory alone, are listed in "
	                    "docs/method.md §10a (\"A framework's config file\"): remove it, or size the "
	                    "run with flags",
	                    fw == FW_AXOLOTL ? "Axolotl" : "LLaMA-Factory");
}

/* Which framework wrote the file: Axolotl names base_model, LLaMA-Factory
 * model_name_or_path (or its stage / finetuning_type). */
static gs_status which_framework(yaml_document_t *doc, yaml_node_t *root, const char *name, framework *fw,
                                 gs_error *err)
{
	bool ax = false, lf = false;
	for (yaml_node_pair_t *p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top; p++) {
		yaml_node_t *k = yaml_document_get_node(doc, p->key);
		if (!k || k->type != YAML_SCALAR_NODE)
			continue;
		const char *key = (const char *)k->data.scalar.value;
		ax |= !strcmp(key, "base_model");
		lf |= !strcmp(key, "model_name_or_path") || !strcmp(key, "finetuning_type") ||
		      !strcmp(key, "stage");
	}
	if (ax == lf)
		return gs_error_set(err, GS_EINPUT, name,
		                    "not an Axolotl or LLaMA-Factory training config: expected base_model "
		                    "(Axolotl) or model_name_or_path with stage/finetuning_type "
		                    "(LLaMA-Factory)%s",
		                    ax ? ", not both" : "");
	*fw = ax ? FW_AXOLOTL : FW_LLAMA_FACTORY;
	return GS_OK;
}

gs_status gs_recipe_config_load_buffer(const char *buf, size_t len, const char *name, gs_workload *w,
                                       gs_error *err)
{
	if (len > MAX_CONFIG_BYTES)
		return gs_error_set(err, GS_EINPUT, name, "%zu bytes is larger than a training config can be "
		                    "(limit %u bytes)", len, MAX_CONFIG_BYTES);
	gs_status s = gsi_yaml_check(buf, len, name, GS_YAML_MAX_DEPTH, err);
	if (s)
		return s;
	yaml_parser_t parser;
	yaml_document_t doc;
	if (!yaml_parser_initialize(&parser))
		return gs_error_set(err, GS_ENOMEM, name, "cannot initialise the YAML parser");
	yaml_parser_set_input_string(&parser, (const unsigned char *)buf, len);
	if (!yaml_parser_load(&parser, &doc)) {
		char where[300];
		gsi_yaml_problem_where(&parser, buf, len, name, where, sizeof where);
		s = gs_error_set(err, GS_EPARSE, where, "malformed YAML: %s",
		                 parser.problem ? parser.problem : "syntax error");
		yaml_parser_delete(&parser);
		return s;
	}
	yaml_node_t *root = yaml_document_get_root_node(&doc);
	framework fw = FW_AXOLOTL;
	if (!root || root->type != YAML_MAPPING_NODE) {
		s = gs_error_set(err, GS_EINPUT, name,
		                 "expected a mapping of the framework's keys (key: value)");
		goto out;
	}
	if ((s = which_framework(&doc, root, name, &fw, err)))
		goto out;
	const cfg_key *table = fw == FW_AXOLOTL ? axolotl_keys : llama_factory_keys;
	size_t n = fw == FW_AXOLOTL ? sizeof axolotl_keys / sizeof axolotl_keys[0]
	                            : sizeof llama_factory_keys / sizeof llama_factory_keys[0];
	const char *recipe = fw == FW_AXOLOTL ? "axolotl" : "llama-factory";
	/* Axolotl without adapter is full fine-tuning; LLaMA-Factory names it */
	if ((s = gs_workload_set(w, GS_F_RECIPE, recipe, strlen(recipe), GS_FROM_SHEET, name, err)) ||
	    (fw == FW_AXOLOTL && (s = gs_workload_set(w, GS_F_TASK, "full", 4, GS_FROM_SHEET, name, err))))
		goto out;
	for (yaml_node_pair_t *p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top; p++) {
		cfg_value v = {.doc = &doc};
		yaml_node_t *k = yaml_document_get_node(&doc, p->key);
		v.node = yaml_document_get_node(&doc, p->value);
		if (!k || !v.node)
			continue;
		if (k->type != YAML_SCALAR_NODE) {
			s = gs_error_set(err, GS_EINPUT, name, "keys must be plain words");
			goto out;
		}
		v.key = (const char *)k->data.scalar.value;
		snprintf(v.where, sizeof v.where, "%s:%zu:%zu %s", name, k->start_mark.line + 1,
		         k->start_mark.column + 1, v.key);
		const cfg_key *c = lookup(table, n, v.key);
		if (!c) {
			s = unknown_key(err, v.where, v.key, fw);
			goto out;
		}
		/* YAML's null leaves the framework's default */
		const char *sv = scalar(&v);
		if (!c->apply || (sv && (!strcmp(sv, "null") || !strcmp(sv, "~") || !sv[0])))
			continue;
		if ((s = c->apply(w, &v, err)))
			goto out;
	}
	if (fw == FW_LLAMA_FACTORY)
		s = lf_format(w, &doc, root, name, err);
out:
	yaml_document_delete(&doc);
	yaml_parser_delete(&parser);
	return s;
}

gs_status gs_recipe_config_load_file(const char *path, gs_workload *w, gs_error *err)
{
	char *buf;
	size_t n;
	gs_status s = gs_file_read(path, MAX_CONFIG_BYTES, "a training config", &buf, &n, err);
	if (s)
		return s;
	s = gs_recipe_config_load_buffer(buf, n, path, w, err);
	free(buf);
	return s;
}
