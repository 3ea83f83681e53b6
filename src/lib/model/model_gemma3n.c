/*
 * model_gemma3n.c — Gemma 3n's text decoder (model_type gemma3n_text, and
 * the text_config of a gemma3n config, which model_vision.c reads with it),
 * after vLLM's models/gemma3n.py @7cfb97e3379 (Gemma3nAltUp,
 * Gemma3nLaurelBlock, Gemma3nMLP, Gemma3nAttention, Gemma3nDecoderLayer,
 * Gemma3nSelfDecoder, Gemma3nTextModel). A key the config leaves out takes
 * Transformers' Gemma3nTextConfig default (configuration_gemma3n.py
 * @c5d9fba1, E4B's). docs/method.md §2, "Gemma 3n".
 *
 * Every layer is Gemma 3's (q/k/v/o, per-head q and k norms, four norms, a
 * GeGLU MLP) plus LAuReL, AltUp and a per-layer input; the MLP's width may
 * differ by layer (MatFormer); the last num_kv_shared_layers layers keep
 * no K/V of their own.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "model/model_reader.h"

/* intermediate_size: one width for every layer, or a list of one per layer
 * (Gemma3nTextConfig refuses a list of another length); a->i becomes the
 * widest and m->layer_intermediate holds each layer's. */
static gs_status mlp_widths(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	json_t *v = json_object_get(r->root, "intermediate_size");
	if (!json_is_array(v)) {
		TRY(gsi_cfg_dim(r, "intermediate_size", &a->i, true, 0, false));
		for (uint32_t l = 0; l < a->L; l++)
			m->layer_intermediate[l] = a->i;
		return GS_OK;
	}
	if (json_array_size(v) != a->L)
		return gsi_cfg_field_error(r, "intermediate_size",
		                           "must be one integer, or a list of one per layer "
		                           "(num_hidden_layers entries)");
	a->i = 0;
	for (uint32_t l = 0; l < a->L; l++) {
		json_t *x = json_array_get(v, l);
		if (!json_is_integer(x) || json_integer_value(x) < 1 ||
		    (uint64_t)json_integer_value(x) >= GSI_MAX_DIM)
			return gsi_cfg_field_error(r, "intermediate_size",
			                           "entries must be integers in [1, 2^31)");
		m->layer_intermediate[l] = (uint32_t)json_integer_value(x);
		if (m->layer_intermediate[l] > a->i)
			a->i = m->layer_intermediate[l];
	}
	return GS_OK;
}

/* Sliding layers: layer_types, else four sliding layers to one full one
 * (Gemma3nTextConfig's default); the window 512 unless given. */
static gs_status windows(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	json_t *w = json_object_get(r->root, "sliding_window");
	bool given = w && !json_is_null(w);
	TRY(gsi_cfg_windows(r, a, m, gsi_cfg_pattern_rule, 5, true));
	if (given)
		return GS_OK;
	a->window = 512;
	json_t *types = json_object_get(r->root, "layer_types");
	if (!types || json_is_null(types))
		for (uint32_t l = 0; l < a->L; l++)
			m->layer_is_sliding[l] = gsi_cfg_pattern_rule(l, 5);
	return GS_OK;
}

/* The last num_kv_shared_layers layers attend with the K/V of the last
 * earlier layer of their kind (vLLM Gemma3nAttention: first shared index
 * minus 2 for a sliding layer, minus 1 for a full one, named by
 * kv_sharing_target_layer_name): they keep none of their own. Two layers
 * with their own must precede them. */
static gs_status shared_kv(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	uint32_t shared;
	TRY(gsi_cfg_dim(r, "num_kv_shared_layers", &shared, false, 15, true));
	if (shared && shared + 2 > a->L)
		return gsi_cfg_field_error(r, "num_kv_shared_layers",
		                           "must leave at least two layers with K/V of their own (the "
		                           "shared layers reuse the last sliding and full layer before "
		                           "them)");
	for (uint32_t l = a->L - shared; l < a->L; l++)
		m->layer_shares_kv[l] = true;
	return GS_OK;
}

gs_status gsi_read_gemma3n_text(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	TRY(gsi_cfg_common_dims(r, a, m, true, NULL));
	TRY(mlp_widths(r, a, m));
	TRY(gsi_cfg_attention_bias(r, a, false));
	/* Gemma3nForCausalLM's lm_head is the embeddings (tied always) */
	a->tied = true;
	a->norms_per_layer = 4; /* input, post-attention, pre- and post-feedforward */
	a->qk_norm = true;      /* q_norm, k_norm of head_dim; v_norm has no weight */
	TRY(gsi_cfg_dim(r, "altup_num_inputs", &a->altup_n, false, 4, false));
	TRY(gsi_cfg_dim(r, "laurel_rank", &a->laurel_rank, false, 64, false));
	TRY(gsi_cfg_dim(r, "hidden_size_per_layer_input", &a->ple_dim, false, 256, false));
	TRY(gsi_cfg_dim(r, "vocab_size_per_layer_input", &a->ple_vocab, false, 262144, false));
	TRY(windows(r, a, m));
	return shared_kv(r, a, m);
}
