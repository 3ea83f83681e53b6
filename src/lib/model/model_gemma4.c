/*
 * model_gemma4.c — Gemma 4's text decoder (model_type gemma4_text, and the
 * text_config of a gemma4 config, which model_vision.c reads with it), after
 * Transformers' modeling_gemma4.py (Gemma4TextAttention, Gemma4TextRouter,
 * Gemma4TextDecoderLayer, Gemma4TextModel) and vLLM's models/gemma4.py
 * @7cfb97e3379 (Gemma4Attention, Gemma4DecoderLayer, Gemma4Model;
 * transformers_utils/configs/gemma4.py gemma4_layer_config). A key the
 * config leaves out takes Gemma4TextConfig's default
 * (configuration_gemma4.py @008e5743). docs/method.md §2, "Gemma 4".
 *
 * Every layer is Gemma 3's (q/k/v/o, per-head q and k norms, four norms, a
 * GeGLU MLP) with a stored layer_scalar, but the full-attention layers have
 * their own head size (global_head_dim) and, with attention_k_eq_v, their
 * own KV heads (num_global_key_value_heads) and no v_proj; the 26B-A4B runs
 * a mixture of experts beside the dense MLP; E2B and E4B add Gemma 3n's
 * per-layer embeddings (without AltUp or LAuReL) and KV-shared layers.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "model/model_reader.h"

/* Sliding layers: layer_types, else five sliding layers to one full one;
 * Gemma4TextConfig.__post_init__ forces the last layer to full_attention
 * whatever layer_types says, and halves the window (plus one) for
 * use_bidirectional_attention "all". The window is 512 unless given. */
static gs_status windows(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	json_t *w = json_object_get(r->root, "sliding_window");
	bool given = w && !json_is_null(w);
	TRY(gsi_cfg_windows(r, a, m, gsi_cfg_pattern_rule, 6, true));
	if (!given) {
		a->window = 512;
		json_t *types = json_object_get(r->root, "layer_types");
		if (!types || json_is_null(types))
			for (uint32_t l = 0; l < a->L; l++)
				m->layer_is_sliding[l] = gsi_cfg_pattern_rule(l, 6);
	}
	if (!a->window)
		return gsi_cfg_field_error(r, "sliding_window", "must be an integer in [1, 2^31)");
	m->layer_is_sliding[a->L - 1] = false;
	const char *bidi = json_string_value(json_object_get(r->root, "use_bidirectional_attention"));
	if (bidi && !strcmp(bidi, "all"))
		a->window = a->window / 2 + 1;
	return GS_OK;
}

/* The full-attention layers' shape (Gemma4TextAttention): global_head_dim
 * (512 unless given) always; num_global_key_value_heads only with
 * attention_k_eq_v, whose layers also lose v_proj (V is the k projection,
 * normed without a weight and not rotated). */
static gs_status full_layers(gsi_reader *r, gsi_arch *a)
{
	TRY(gsi_cfg_dim(r, "global_head_dim", &a->full_d, false, 512, false));
	TRY(gsi_cfg_flag(r, "attention_k_eq_v", &a->full_k_eq_v, false));
	if (!a->full_k_eq_v)
		return GS_OK;
	TRY(gsi_cfg_dim(r, "num_global_key_value_heads", &a->full_kv, false, a->a_kv, false));
	if (a->full_kv > a->a || a->a % a->full_kv)
		return gsi_cfg_field_error(r, "num_global_key_value_heads",
		                           "must divide num_attention_heads (each KV head serves a whole "
		                           "group of query heads)");
	return GS_OK;
}

/* The last num_kv_shared_layers layers attend with the K/V of the last
 * earlier layer of their kind (Gemma4TextAttention.is_kv_shared_layer,
 * vLLM's kv_sharing_target_layer_name): they keep none of their own and
 * the checkpoint has no k_proj, v_proj or k_norm for them. Each kind among
 * them needs such an earlier layer (Transformers' list.index). */
static gs_status shared_kv(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	uint32_t shared;
	TRY(gsi_cfg_dim(r, "num_kv_shared_layers", &shared, false, 0, true));
	if (shared >= a->L)
		return gsi_cfg_field_error(r, "num_kv_shared_layers",
		                           "must be below num_hidden_layers (the shared layers reuse "
		                           "earlier layers' K/V)");
	uint32_t first = a->L - shared;
	for (uint32_t l = first; l < a->L; l++) {
		bool found = false;
		for (uint32_t e = 0; e < first && !found; e++)
			found = m->layer_is_sliding[e] == m->layer_is_sliding[l];
		if (!found)
			return gsi_cfg_field_error(r, "num_kv_shared_layers",
			                           "leaves a shared layer with no earlier layer of its "
			                           "attention kind to take K/V from");
		m->layer_shares_kv[l] = true;
	}
	a->shared_kv_no_proj = true;
	return GS_OK;
}

/* The dense MLP's width per layer: intermediate_size, doubled on the
 * KV-shared layers with use_double_wide_mlp (Gemma4TextMLP; vLLM
 * Gemma4DecoderLayer); a->i becomes the widest. */
static gs_status mlp_widths(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	bool wide;
	TRY(gsi_cfg_flag(r, "use_double_wide_mlp", &wide, false));
	uint32_t i = a->i;
	for (uint32_t l = 0; l < a->L; l++) {
		m->layer_intermediate[l] = wide && m->layer_shares_kv[l] ? 2 * i : i;
		if (m->layer_intermediate[l] > a->i)
			a->i = m->layer_intermediate[l];
	}
	return GS_OK;
}

/* enable_moe_block (26B-A4B): every layer runs the dense MLP and, beside
 * it on the same input, num_experts experts of moe_intermediate_size
 * (expert_intermediate_size in some dumps; vLLM reads either), top_k_experts
 * a token, as fused 3-D parameters (Gemma4TextExperts: gate_up_proj,
 * down_proj). Every token runs the dense MLP: it is counted as the shared
 * expert, which is what it is to memory. */
static gs_status experts(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	bool moe;
	TRY(gsi_cfg_flag(r, "enable_moe_block", &moe, false));
	if (!moe)
		return GS_OK;
	TRY(gsi_cfg_dim(r, "num_experts", &a->E, true, 0, false));
	TRY(gsi_cfg_dim(r, "top_k_experts", &a->topk, true, 0, false));
	TRY(gsi_cfg_dim_either(r, "moe_intermediate_size", "expert_intermediate_size", &a->moe_i));
	if (a->topk > a->E)
		return gsi_cfg_field_error(r, "top_k_experts", "must not exceed num_experts");
	if (a->i != m->layer_intermediate[0] || a->i != m->layer_intermediate[a->L - 1])
		return gsi_cfg_field_error(r, "use_double_wide_mlp",
		                           "with enable_moe_block and KV-shared layers is a combination no "
		                           "Gemma 4 checkpoint has; gpusizer does not size it");
	for (uint32_t l = 0; l < a->L; l++)
		m->layer_is_moe[l] = true;
	a->shared_i = a->i;
	a->experts_params = true;
	a->moe_beside_mlp = true;
	a->router_module = "proj"; /* Gemma4TextRouter.proj, an nn.Linear */
	return GS_OK;
}

gs_status gsi_read_gemma4_text(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	TRY(gsi_cfg_common_dims(r, a, m, true, "intermediate_size"));
	TRY(gsi_cfg_dim(r, "head_dim", &a->d, false, 256, false));
	a->v_d = a->d;
	TRY(gsi_cfg_attention_bias(r, a, false));
	a->norms_per_layer = 4; /* input, post-attention, pre- and post-feedforward */
	a->qk_norm = true;      /* q_norm, k_norm of the layer's head size; v_norm has no weight */
	a->layer_scalar = true;
	TRY(gsi_cfg_dim(r, "hidden_size_per_layer_input", &a->ple_dim, false, 256, true));
	TRY(gsi_cfg_dim(r, "vocab_size_per_layer_input", &a->ple_vocab, false, 262144, false));
	TRY(windows(r, a, m));
	TRY(full_layers(r, a));
	TRY(shared_kv(r, a, m));
	TRY(mlp_widths(r, a, m));
	return experts(r, a, m);
}
