/*
 * model_config.c — which reader reads a text model's config.json: the
 * table from model_type to its reader (model_decoders.c, model_moe.c,
 * model_ssm.c, model_encoders.c), the keys that betray two architectures
 * mixed, and what every config says beside its dimensions.
 *
 * Each reader fills the generic gsi_arch from the config's own fields,
 * choosing which terms exist (biases, QK norms, fused projections, experts,
 * MLA, sliding windows) after the corresponding Transformers
 * modeling_<type>.py; docs/method.md §2 pins a worked parameter count per
 * type. The file itself is parsed by model_json.c.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "gpusizer/units.h"
#include "core/nearest.h"
#include "model/model_reader.h"


static const char supported[] = "llama, mistral, mixtral, phimoe, qwen2, qwen3, qwen3_moe, gemma, gemma2, "
                                "gemma3_text, phi3, gpt2, gpt_bigcode, gpt_neox, bloom, falcon, gpt_oss, "
                                "deepseek_v2, deepseek_v3, kimi_k2, ministral3, ernie4_5_moe, qwen3_next, "
                                "deepseek_v32, bailing_moe, qwen, "
                                "starcoder2, opt, olmo2, olmo3, exaone4, internlm2, cohere, cohere2, "
                                "granite, granitemoe, "
                                "granitemoehybrid, "
                                "chatglm, glm4, glm4_moe, glm4_moe_lite, glm_moe_dsa, mamba, mamba2, jamba, "
                                "llama4_text, minimax_m2, lfm2, gemma3n_text, gemma4_text, nemotron_h, "
                                "falcon_h1, bert, "
                                "t5, mt5, umt5, bart, marian, gemma3, llava, llava_next, qwen2_vl, "
                                "qwen2_5_vl, mllama, mistral3, llama4, lfm2_vl, qwen3_vl, qwen3_vl_moe, "
                                "qwen3_5, qwen3_5_moe, gemma3n, gemma4 and kimi_k25 (vision)";

const char *gs_model_supported_types(void) { return supported; }

/* Families whose distinctive config keys betray a config that mixes two
 * architectures (issue #13, "bad input"): a key owned by a family the type
 * does not belong to is refused, naming both. */
enum { F_GPT2 = 1, F_ENCDEC = 2, F_MOE = 4, F_MLA = 8, F_SSM = 16 };

static const struct {
	const char *key;
	unsigned family;
	const char *what;
} family_keys[] = {
	{"n_embd", F_GPT2, "GPT-2-style configs (n_embd)"},
	{"d_kv", F_ENCDEC, "encoder-decoders (T5)"},
	{"encoder_layers", F_ENCDEC, "encoder-decoders (BART)"},
	{"num_decoder_layers", F_ENCDEC, "encoder-decoders (T5)"},
	{"num_local_experts", F_MOE, "mixtures of experts"},
	{"n_routed_experts", F_MOE, "mixtures of experts (DeepSeek)"},
	{"kv_lora_rank", F_MLA, "multi-head latent attention (DeepSeek)"},
	{"state_size", F_SSM, "state-space models (Mamba)"},
	{"mamba_d_state", F_SSM, "state-space hybrids (Jamba)"},
};

static const struct {
	const char *type;
	gs_status (*read)(gsi_reader *, gsi_arch *, gs_model *);
	const char *peft;
	unsigned families; /* the family_keys this type may carry */
} readers[] = {
	/* peft: PEFT's default LoRA target modules for the type, NULL where PEFT
	 * has none and asks for target_modules (PEFT v0.20.0 src/peft/utils/
	 * constants.py TRANSFORMERS_MODELS_TO_LORA_TARGET_MODULES_MAPPING) */
	{"llama", gsi_read_llama, "q_proj,v_proj", 0},
	{"mistral", gsi_read_mistral, "q_proj,v_proj", 0},
	/* Ministral 3 (Devstral 2, and Devstral Small 2's text_config): Mistral's
	 * decoder whose attention scales the queries by position
	 * (llama_4_scaling_beta, no parameters: Transformers
	 * modular_ministral3.py@00b364c7); vLLM serves Ministral3ForCausalLM with
	 * MistralForCausalLM (models/registry.py@7cfb97e3379). PEFT v0.20.0 has no
	 * default for it. */
	{"ministral3", gsi_read_mistral, NULL, 0},
	{"mixtral", gsi_read_mixtral, "q_proj,v_proj", F_MOE},
	{"phimoe", gsi_read_phimoe, NULL, F_MOE},
	{"qwen2", gsi_read_qwen2, "q_proj,v_proj", 0},
	{"qwen3", gsi_read_qwen3, "q_proj,v_proj", 0},
	{"qwen3_moe", gsi_read_qwen3_moe, NULL, F_MOE},
	/* Qwen3-VL's text decoders (text_config of qwen3_vl, qwen3_vl_moe):
	 * Qwen3's and Qwen3-MoE's layers (modeling_qwen3_vl.py, _moe.py) */
	{"qwen3_vl_text", gsi_read_qwen3, NULL, 0},
	/* Qwen2-VL's and Qwen2.5-VL's text_config as Transformers 4.53 and later
	 * save it (Qwen2VLTextConfig, Qwen2_5_VLTextConfig: Qwen2's fields and
	 * decoder, configuration_qwen2_5_vl.py); older configs keep the same
	 * fields at the top level */
	{"qwen2_vl_text", gsi_read_qwen2, NULL, 0},
	{"qwen2_5_vl_text", gsi_read_qwen2, NULL, 0},
	{"qwen3_vl_moe_text", gsi_read_qwen3_vl_moe_text, NULL, F_MOE},
	{"gemma", gsi_read_gemma, "q_proj,v_proj", 0},
	{"gemma2", gsi_read_gemma2, "q_proj,v_proj", 0},
	{"gemma3_text", gsi_read_gemma3, "q_proj,v_proj", 0},
	/* Gemma 3n's text decoder (model_gemma3n.c); PEFT v0.20.0 has no
	 * default for it */
	{"gemma3n_text", gsi_read_gemma3n_text, NULL, 0},
	/* Gemma 4's text decoder (model_gemma4.c); PEFT v0.20.0 has no
	 * default for it. Its experts' keys are its own (num_experts,
	 * top_k_experts), none of family_keys' */
	{"gemma4_text", gsi_read_gemma4_text, NULL, 0},
	{"phi3", gsi_read_phi3, NULL, 0},
	{"gpt2", gsi_read_gpt2, "c_attn", F_GPT2},
	{"gpt_bigcode", gsi_read_gpt_bigcode, "c_attn", F_GPT2},
	{"gpt_neox", gsi_read_gpt_neox, "query_key_value", 0},
	{"bloom", gsi_read_bloom, "query_key_value", 0},
	{"falcon", gsi_read_falcon, "query_key_value", 0},
	{"gpt_oss", gsi_read_gpt_oss, NULL, F_MOE},
	{"deepseek_v3", gsi_read_deepseek_v3, NULL, F_MOE | F_MLA},
	/* Kimi K2 (Instruct, Thinking): DeepseekV3ForCausalLM with other sizes
	 * (384 experts, 64 heads, one dense layer, no MTP layer; its auto_map
	 * names DeepSeek's own configuration_deepseek.py), so vLLM serves it as
	 * DeepSeek-V3 (models/registry.py@7cfb97e3379 keys on the architecture) */
	{"kimi_k2", gsi_read_deepseek_v3, NULL, F_MOE | F_MLA},
	{"bert", gsi_read_bert, "query,value", 0},
	{"qwen", gsi_read_qwen, NULL, 0},
	{"starcoder2", gsi_read_starcoder2, NULL, 0},
	{"olmo2", gsi_read_olmo2, NULL, 0},
	/* Olmo 3 / 3.1 and EXAONE 4.0 (model_decoders.c); PEFT v0.20.0 has no
	 * default for either */
	{"olmo3", gsi_read_olmo3, NULL, 0},
	{"exaone4", gsi_read_exaone4, NULL, 0},
	{"internlm2", gsi_read_internlm2, NULL, 0},
	{"cohere", gsi_read_cohere, NULL, 0},
	{"cohere2", gsi_read_cohere2, NULL, 0},
	{"granite", gsi_read_llama, NULL, 0},
	{"granitemoe", gsi_read_granitemoe, NULL, F_MOE},
	{"deepseek_v2", gsi_read_deepseek_v3, NULL, F_MOE | F_MLA},
	{"ernie4_5_moe", gsi_read_ernie4_5_moe, NULL, F_MOE},
	{"qwen3_next", gsi_read_qwen3_next, NULL, F_MOE | F_SSM},
	/* Qwen3.5's text decoders (text_config of qwen3_5, qwen3_5_moe) */
	{"qwen3_5_text", gsi_read_qwen3_5_text, NULL, F_SSM},
	{"qwen3_5_moe_text", gsi_read_qwen3_5_moe_text, NULL, F_MOE | F_SSM},
	{"mamba", gsi_read_mamba, NULL, F_SSM},
	{"mamba2", gsi_read_mamba2, NULL, F_SSM},
	/* NemotronHConfig carries its E layers' fields; PEFT v0.20.0's default
	 * targets are its attention's four projections (utils/constants.py,
	 * #3289), none of the Mamba mixers' */
	{"nemotron_h", gsi_read_nemotron_h, "q_proj,k_proj,v_proj,o_proj", F_SSM | F_MOE},
	{"falcon_h1", gsi_read_falcon_h1, NULL, F_SSM},
	{"jamba", gsi_read_jamba, NULL, F_SSM | F_MOE},
	{"chatglm", gsi_read_chatglm, "query_key_value", 0},
	{"glm4", gsi_read_glm4, NULL, 0},
	{"t5", gsi_read_t5, "q,v", F_ENCDEC},
	{"mt5", gsi_read_t5, "q,v", F_ENCDEC},
	{"umt5", gsi_read_umt5, NULL, F_ENCDEC},
	{"bart", gsi_read_bart, "q_proj,v_proj", F_ENCDEC},
	{"marian", gsi_read_marian, NULL, F_ENCDEC},
	{"opt", gsi_read_opt, "q_proj,v_proj", 0},
	{"bailing_moe", gsi_read_bailing_moe, NULL, F_MOE},
	{"glm4_moe", gsi_read_glm4_moe, NULL, F_MOE},
	{"glm4_moe_lite", gsi_read_glm4_moe_lite, NULL, F_MOE | F_MLA},
	{"glm_moe_dsa", gsi_read_glm_moe_dsa, NULL, F_MOE | F_MLA},
	{"deepseek_v32", gsi_read_deepseek_v32, NULL, F_MOE | F_MLA},
	{"llama4_text", gsi_read_llama4_text, NULL, F_MOE},
	{"minimax_m2", gsi_read_minimax_m2, NULL, F_MOE},
	{"granitemoehybrid", gsi_read_granitemoehybrid, NULL, F_MOE | F_SSM},
	{"lfm2", gsi_read_lfm2, NULL, 0},
};

const char *gs_model_nearest_type(const char *type)
{
	const char *best = NULL;
	size_t best_d = (size_t)-1, len = type ? strlen(type) : 0;
	for (size_t i = 0; type && i < sizeof readers / sizeof readers[0]; i++) {
		size_t d = gsi_edit_distance(type, readers[i].type);
		if (d < best_d) {
			best_d = d;
			best = readers[i].type;
		}
	}
	return best && gsi_near_enough(best_d, len) ? best : NULL;
}

/* A key of another family's in this type's config: refuse rather than size
 * one architecture with half of another's fields. */
static gs_status mixed_families(gsi_reader *r, const char *type, unsigned families)
{
	for (size_t i = 0; i < sizeof family_keys / sizeof family_keys[0]; i++) {
		json_t *v = json_object_get(r->root, family_keys[i].key);
		if (!v || json_is_null(v) || (families & family_keys[i].family))
			continue;
		return gs_error_set(r->err, GS_EINPUT, r->name,
		                    "field \"%s\" belongs to %s, not to model_type \"%.40s\": the config "
		                    "mixes two architectures (check model_type, or remove the field)",
		                    family_keys[i].key, family_keys[i].what, type);
	}
	return GS_OK;
}

static void copy_string(json_t *root, const char *key, char *dst, size_t cap)
{
	const char *s = json_string_value(json_object_get(root, key));
	snprintf(dst, cap, "%s", s ? s : "");
}

void gsi_config_describe(const void *root_, const char *type, const char *name, gs_model *m)
{
	json_t *root = (json_t *)root_;
	snprintf(m->model_type, sizeof m->model_type, "%s", type);
	snprintf(m->source, sizeof m->source, "%s", name);
	json_t *arch = json_object_get(root, "architectures");
	const char *a0 = json_string_value(json_array_get(arch, 0));
	snprintf(m->architecture, sizeof m->architecture, "%s", a0 ? a0 : "");
	copy_string(root, "torch_dtype", m->torch_dtype, sizeof m->torch_dtype);
	copy_string(root, "_attn_implementation", m->config_attention, sizeof m->config_attention);
	if (!m->torch_dtype[0])
		copy_string(root, "dtype", m->torch_dtype, sizeof m->torch_dtype);
	json_t *vc = json_object_get(root, "vision_config");
	json_t *vl = json_object_get(vc, "num_hidden_layers"), *vh = json_object_get(vc, "hidden_size");
	if (json_is_integer(vl) && json_integer_value(vl) > 0 && json_integer_value(vl) < 100000)
		m->vision_cfg_layers = (uint32_t)json_integer_value(vl);
	if (json_is_integer(vh) && json_integer_value(vh) > 0 && json_integer_value(vh) < 1000000)
		m->vision_cfg_hidden = (uint32_t)json_integer_value(vh);
	json_t *q = json_object_get(root, "quantization_config");
	if (q && json_is_object(q)) {
		const char *qm = json_string_value(json_object_get(q, "quant_method"));
		snprintf(m->quant_method, sizeof m->quant_method, "%s", qm ? qm : "unspecified");
		json_t *bits = json_object_get(q, "bits");
		if (json_is_integer(bits) && json_integer_value(bits) > 0 && json_integer_value(bits) <= 8)
			m->quant_bits = (unsigned)json_integer_value(bits);
		gsi_read_quantization_config(q, m);
	}
}

gs_status gsi_read_text_config(const void *root_, const char *type, const char *name, gs_model *m,
                               gs_error *err)
{
	json_t *root = (json_t *)root_;
	gsi_reader r = {root, name, err};
	gs_status s;
	memset(m, 0, sizeof *m);
	size_t k;
	for (k = 0; k < sizeof readers / sizeof readers[0]; k++)
		if (strcmp(type, readers[k].type) == 0)
			break;
	bool generic = k == sizeof readers / sizeof readers[0];
	if (generic && !(json_object_get(root, "hidden_size") && json_object_get(root, "num_hidden_layers") &&
	                 json_object_get(root, "num_attention_heads")))
		return gs_error_set(err, GS_EUNSUPPORTED, name,
		                    "model_type \"%.64s\" is not supported, and its config lacks the "
		                    "standard keys hidden_size, num_hidden_layers and num_attention_heads "
		                    "from which gpusizer could read it with its tensor table (supported: %s)",
		                    type, supported);
	gsi_arch a;
	memset(&a, 0, sizeof a);
	gsi_arch_default_names(&a);
	/* a type not modelled: read as a llama-shaped decoder from the standard
	 * keys (a missing one is named), usable only with a tensor table */
	if (!generic && (s = mixed_families(&r, type, readers[k].families)))
		return s;
	s = generic ? gsi_read_llama(&r, &a, m) : readers[k].read(&r, &a, m);
	if (s)
		return s;
	m->generic = generic;
	if (!generic && readers[k].peft)
		snprintf(m->peft_targets, sizeof m->peft_targets, "%s", readers[k].peft);
	if (!gsi_arch_count(&a, m))
		return gsi_cfg_field_error(&r, "(dimensions)",
		                           "describe more than 2^53 parameters: not a real model");
	gsi_config_describe(root, type, name, m);
	return GS_OK;
}
