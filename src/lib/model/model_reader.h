/*
 * model_reader.h — what the config.json readers share (model_reader.c) and
 * the readers themselves, one file per architecture family:
 * model_decoders.c, model_gemma3n.c, model_gemma4.c, model_moe.c, model_ssm.c,
 * model_encoders.c. The table
 * that maps a model_type to its reader is model_config.c's.
 *
 * Every dimension must be an integer in [1, 2^31) (0 where a reader allows
 * it) and the layer count at most GS_MAX_LAYERS.
 */
#ifndef GS_MODEL_READER_H
#define GS_MODEL_READER_H

#include <stdbool.h>
#include <stdint.h>
#include <jansson.h>
#include "gpusizer/units.h"
#include "model/model_internal.h"

#define GSI_MAX_DIM ((uint64_t)1 << 31)

/* One config being read: its JSON root, its name for errors. */
typedef struct gsi_reader {
	json_t *root;
	const char *name;
	gs_error *err;
} gsi_reader;

#define TRY(x) do { gs_status s_ = (x); if (s_) return s_; } while (0)

/* Sliding window: decides per layer whether it slides (model_reader.c). */
typedef bool (*gsi_slide_rule)(uint32_t layer, uint32_t param);

gs_status gsi_cfg_field_error(gsi_reader *r, const char *key, const char *what);
gs_status gsi_cfg_dim(gsi_reader *r, const char *key, uint32_t *out, bool required, uint32_t def,
                      bool allow_zero);
gs_status gsi_cfg_flag(gsi_reader *r, const char *key, bool *out, bool def);
gs_status gsi_cfg_flag_required(gsi_reader *r, const char *key, bool *out);
gs_status gsi_cfg_attention_bias(gsi_reader *r, gsi_arch *a, bool def);
gs_status gsi_cfg_common(gsi_reader *r, gsi_arch *a, gs_model *m, bool tied_default);
gs_status gsi_cfg_common_dims(gsi_reader *r, gsi_arch *a, gs_model *m, bool tied_default, const char *i_key);
gs_status gsi_cfg_windows(gsi_reader *r, gsi_arch *a, gs_model *m, gsi_slide_rule rule, uint32_t param,
                          bool enabled);
bool gsi_cfg_qwen_rule(uint32_t l, uint32_t max_window_layers);
bool gsi_cfg_even_rule(uint32_t l, uint32_t unused);
bool gsi_cfg_pattern_rule(uint32_t l, uint32_t pattern);
void gsi_cfg_neox_names(gsi_arch *a);
const char *gsi_cfg_key_or_alias(gsi_reader *r, const char *name, const char *alias);
gs_status gsi_cfg_core_dims(gsi_reader *r, gsi_arch *a, const char *hidden_key);
gs_status gsi_cfg_dim_either(gsi_reader *r, const char *key, const char *legacy, uint32_t *out);
gs_status gsi_cfg_dim_renamed(gsi_reader *r, const char *key, const char *v5, uint32_t *out);
gs_status gsi_read_llama(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_mistral(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_qwen2(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_qwen3(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_gemma(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_gemma2(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_gemma3(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_gemma3n_text(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_gemma4_text(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_phi3(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_gpt2(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_gpt_bigcode(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_gpt_neox(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_bloom(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_falcon(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_qwen(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_starcoder2(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_olmo2(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_olmo3(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_exaone4(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_internlm2(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_cohere(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_cohere2(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_glm4(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_chatglm(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_opt(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_mixtral(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_phimoe(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_qwen3_moe(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_qwen3_vl_moe_text(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_gpt_oss(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_granitemoe(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_bailing_moe(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_deepseek_v3(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_ernie4_5_moe(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_glm4_moe(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_glm4_moe_lite(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_glm_moe_dsa(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_deepseek_v32(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_llama4_text(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_minimax_m2(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_mamba(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_mamba2(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_nemotron_h(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_falcon_h1(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_jamba(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_qwen3_next(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_qwen3_5_text(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_qwen3_5_moe_text(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_granitemoehybrid(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_lfm2(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_bert(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_t5(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_umt5(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_bart(gsi_reader *r, gsi_arch *a, gs_model *m);
gs_status gsi_read_marian(gsi_reader *r, gsi_arch *a, gs_model *m);

#endif
