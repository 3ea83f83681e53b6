/*
 * model_reader.c — the helpers every config.json reader shares
 * (model_reader.h): typed fields with errors that name them, the fields of
 * llama-like decoders, sliding-window layouts.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "model/model_reader.h"

gs_status gsi_cfg_field_error(gsi_reader *r, const char *key, const char *what)
{
	char where[300];
	snprintf(where, sizeof where, "%s: %s", r->name, key);
	(void)where;
	return gs_error_set(r->err, GS_EINPUT, r->name, "field \"%s\" %s", key, what);
}

/* Read an integer dimension. required: missing or null is an error;
 * otherwise *out = def. allow_zero accepts 0 (e.g. q_lora_rank). */
gs_status gsi_cfg_dim(gsi_reader *r, const char *key, uint32_t *out, bool required, uint32_t def,
                     bool allow_zero)
{
	json_t *v = json_object_get(r->root, key);
	if (!v || json_is_null(v)) {
		if (required)
			return gsi_cfg_field_error(r, key, "is missing (an integer dimension is required)");
		*out = def;
		return GS_OK;
	}
	if (!json_is_integer(v))
		return gsi_cfg_field_error(r, key, "must be an integer");
	json_int_t x = json_integer_value(v);
	if (x < 0 || (uint64_t)x >= GSI_MAX_DIM || (x == 0 && !allow_zero))
		return gsi_cfg_field_error(r, key, allow_zero ? "must be an integer in [0, 2^31)"
		                                      : "must be an integer in [1, 2^31)");
	*out = (uint32_t)x;
	return GS_OK;
}

gs_status gsi_cfg_flag(gsi_reader *r, const char *key, bool *out, bool def)
{
	json_t *v = json_object_get(r->root, key);
	if (!v || json_is_null(v)) {
		*out = def;
		return GS_OK;
	}
	if (!json_is_boolean(v))
		return gsi_cfg_field_error(r, key, "must be true or false");
	*out = json_is_true(v);
	return GS_OK;
}

/* A boolean the config must carry: absent is an error naming it. */
gs_status gsi_cfg_flag_required(gsi_reader *r, const char *key, bool *out)
{
	json_t *v = json_object_get(r->root, key);
	if (!v || json_is_null(v))
		return gsi_cfg_field_error(r, key, "is required (true or false): gpusizer does not guess it");
	return gsi_cfg_flag(r, key, out, false);
}

/* attention_bias: one switch for the biases of q/k/v and o together. */
gs_status gsi_cfg_attention_bias(gsi_reader *r, gsi_arch *a, bool def)
{
	TRY(gsi_cfg_flag(r, "attention_bias", &a->qkv_bias, def));
	a->o_bias = a->qkv_bias;
	return GS_OK;
}

/* Fields shared by llama-like decoders. */
gs_status gsi_cfg_common(gsi_reader *r, gsi_arch *a, gs_model *m, bool tied_default)
{
	return gsi_cfg_common_dims(r, a, m, tied_default, "intermediate_size");
}

/* gsi_cfg_common with the dense MLP's width read from `i_key`, or not at
 * all (NULL: a decoder whose every layer is a mixture of experts and whose
 * config has no dense width, Qwen3.5-MoE; the width stays 0). */
gs_status gsi_cfg_common_dims(gsi_reader *r, gsi_arch *a, gs_model *m, bool tied_default, const char *i_key)
{
	TRY(gsi_cfg_dim(r, "hidden_size", &a->h, true, 0, false));
	TRY(gsi_cfg_dim(r, "num_hidden_layers", &a->L, true, 0, false));
	TRY(gsi_cfg_dim(r, "num_attention_heads", &a->a, true, 0, false));
	TRY(gsi_cfg_dim(r, "num_key_value_heads", &a->a_kv, false, a->a, false));
	/* grouped-query attention shares each KV head among a whole group of
	 * query heads (repeat_kv in Transformers): it must divide them */
	if (a->a_kv > a->a || a->a % a->a_kv)
		return gsi_cfg_field_error(r, "num_key_value_heads",
		                           "must divide num_attention_heads (each KV head serves a whole "
		                           "group of query heads)");
	if (i_key)
		TRY(gsi_cfg_dim(r, i_key, &a->i, true, 0, false));
	TRY(gsi_cfg_dim(r, "vocab_size", &a->V, true, 0, false));
	TRY(gsi_cfg_dim(r, "max_position_embeddings", &a->max_pos, false, 0, true));
	/* MLA's heads are qk_nope + qk_rope wide whatever hidden_size is
	 * (GLM-4.7-Flash: 2048 / 20 heads); the reader set a->mla first */
	if (a->h % a->a && !json_object_get(r->root, "head_dim") && !a->mla)
		return gsi_cfg_field_error(r, "head_dim",
		                           "is missing and hidden_size is not a multiple of "
		                           "num_attention_heads");
	TRY(gsi_cfg_dim(r, "head_dim", &a->d, false, a->h / a->a, false));
	a->v_d = a->d;
	TRY(gsi_cfg_flag(r, "tie_word_embeddings", &a->tied, tied_default));
	a->gated = true;
	a->norms_per_layer = 2;
	if (a->L > GS_MAX_LAYERS)
		return gsi_cfg_field_error(r, "num_hidden_layers",
		                           "exceeds the supported maximum of 512 layers");
	(void)m;
	return GS_OK;
}

gs_status gsi_cfg_windows(gsi_reader *r, gsi_arch *a, gs_model *m, gsi_slide_rule rule, uint32_t param,
                         bool enabled)
{
	TRY(gsi_cfg_dim(r, "sliding_window", &a->window, false, 0, true));
	json_t *types = json_object_get(r->root, "layer_types");
	if (types && !json_is_null(types)) {
		if (!json_is_array(types) || json_array_size(types) != a->L)
			return gsi_cfg_field_error(r, "layer_types",
			                           "must be a list with one entry per layer");
		for (uint32_t l = 0; l < a->L; l++) {
			const char *t = json_string_value(json_array_get(types, l));
			if (!t)
				return gsi_cfg_field_error(r, "layer_types", "entries must be strings");
			m->layer_is_sliding[l] = strcmp(t, "sliding_attention") == 0;
		}
		return GS_OK;
	}
	if (!enabled || a->window == 0)
		return GS_OK;
	for (uint32_t l = 0; l < a->L; l++)
		m->layer_is_sliding[l] = rule ? rule(l, param) : true;
	return GS_OK;
}

bool gsi_cfg_qwen_rule(uint32_t l, uint32_t max_window_layers) { return l >= max_window_layers; }

bool gsi_cfg_even_rule(uint32_t l, uint32_t unused) { (void)unused; return l % 2 == 0; }

bool gsi_cfg_pattern_rule(uint32_t l, uint32_t pattern) { return pattern == 0 || (l + 1) % pattern != 0; }

/* GPT-NeoX's module names, which BLOOM and Falcon share (PEFT targets
 * query_key_value in all three). */
void gsi_cfg_neox_names(gsi_arch *a)
{
	a->nm[GSI_NM_QKV] = "query_key_value";
	a->nm[GSI_NM_O] = "dense";
	a->nm[GSI_NM_UP] = "dense_h_to_4h";
	a->nm[GSI_NM_DOWN] = "dense_4h_to_h";
}

/* The key `name`, or its older `alias` when only that is present (BLOOM's
 * n_layer, n_head, n_embed). */
const char *gsi_cfg_key_or_alias(gsi_reader *r, const char *name, const char *alias)
{
	return json_object_get(r->root, name) || !json_object_get(r->root, alias) ? name : alias;
}

/* Hidden size, layers, heads and vocabulary of the configs that may use the
 * short aliases, with the checks gsi_cfg_common() makes; MHA (one KV head per head)
 * until the reader says otherwise. */
gs_status gsi_cfg_core_dims(gsi_reader *r, gsi_arch *a, const char *hidden_key)
{
	const char *lk = gsi_cfg_key_or_alias(r, "num_hidden_layers", "n_layer");
	const char *ak = gsi_cfg_key_or_alias(r, "num_attention_heads", "n_head");
	TRY(gsi_cfg_dim(r, hidden_key, &a->h, true, 0, false));
	TRY(gsi_cfg_dim(r, lk, &a->L, true, 0, false));
	TRY(gsi_cfg_dim(r, ak, &a->a, true, 0, false));
	TRY(gsi_cfg_dim(r, "vocab_size", &a->V, true, 0, false));
	if (a->L > GS_MAX_LAYERS)
		return gsi_cfg_field_error(r, lk, "exceeds the supported maximum of 512 layers");
	if (a->h % a->a)
		return gsi_cfg_field_error(r, ak, "must divide the hidden size");
	a->a_kv = a->a;
	a->d = a->v_d = a->h / a->a;
	return GS_OK;
}

/* A required dimension under its current name or its legacy one
 * (Nemotron-H's hub configs say mamba_d_conv where NemotronHConfig says
 * conv_kernel); absent under both, the error names both. */
gs_status gsi_cfg_dim_either(gsi_reader *r, const char *key, const char *legacy, uint32_t *out)
{
	json_t *k = json_object_get(r->root, key), *l = json_object_get(r->root, legacy);
	if (k && !json_is_null(k))
		return gsi_cfg_dim(r, key, out, true, 0, false);
	if (l && !json_is_null(l))
		return gsi_cfg_dim(r, legacy, out, true, 0, false);
	char what[160];
	snprintf(what, sizeof what, "is required (or its older name \"%s\")", legacy);
	return gsi_cfg_field_error(r, key, what);
}

/* A required dimension that Transformers v5 renamed: configs saved by v5
 * (the model reports' dumps) carry `v5` where the hub's files carry `key`
 * (Qwen3-MoE's num_experts -> num_local_experts). Either is read; neither
 * is an error naming both; both must agree. */
gs_status gsi_cfg_dim_renamed(gsi_reader *r, const char *key, const char *v5, uint32_t *out)
{
	json_t *k = json_object_get(r->root, key), *n = json_object_get(r->root, v5);
	bool has_k = k && !json_is_null(k), has_n = n && !json_is_null(n);
	if (!has_k && !has_n) {
		char what[160];
		snprintf(what, sizeof what, "is missing (an integer dimension is required; Transformers v5 "
		         "writes it as \"%s\")", v5);
		return gsi_cfg_field_error(r, key, what);
	}
	uint32_t other = 0;
	if (has_k)
		TRY(gsi_cfg_dim(r, key, out, true, 0, false));
	if (has_n)
		TRY(gsi_cfg_dim(r, v5, has_k ? &other : out, true, 0, false));
	if (has_k && has_n && other != *out) {
		char what[160];
		snprintf(what, sizeof what, "and its Transformers-v5 name \"%s\" disagree", v5);
		return gsi_cfg_field_error(r, key, what);
	}
	return GS_OK;
}
