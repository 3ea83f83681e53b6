/*
 * model_ssm.c — config.json readers of state-space models and hybrids
 * (Mamba, Mamba-2, Nemotron-H, Falcon-H1, Jamba, Qwen3-Next), each after
 * its Transformers modeling_<type>.py.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "model/model_reader.h"

/* Mamba-2's groups of B and C: `groups` must divide `heads`, and the
 * conv's 2 x groups x `state` channels stay below 2^31; the keys are the
 * family's own names in the error. */
static gs_status ssm_groups_check(gsi_reader *r, const gsi_arch *a, const char *groups, const char *heads,
                                  const char *state)
{
	if (2ull * a->ssm_groups * a->ssm_state < GSI_MAX_DIM && a->ssm_groups &&
	    a->ssm_heads % a->ssm_groups == 0)
		return GS_OK;
	char why[200];
	snprintf(why, sizeof why, "must divide %s, and 2 x %s x %s stay below 2^31", heads, groups, state);
	return gsi_cfg_field_error(r, groups, why);
}

/* A Mamba mixer's inner width: `inner_key` when the config names it
 * (Mamba's intermediate_size), else expand (default 2) x hidden_size. */
static gs_status ssm_inner_width(gsi_reader *r, const char *expand_key, const char *inner_key, gsi_arch *a)
{
	json_t *v = inner_key ? json_object_get(r->root, inner_key) : NULL;
	if (v && !json_is_null(v))
		return gsi_cfg_dim(r, inner_key, &a->ssm_inner, true, 0, false);
	uint32_t expand;
	TRY(gsi_cfg_dim(r, expand_key, &expand, false, 2, false));
	uint64_t w = (uint64_t)expand * a->h;
	if (w >= GSI_MAX_DIM)
		return gsi_cfg_field_error(r, expand_key,
		                           "times hidden_size must stay below 2^31 (the mixer's inner "
		                           "width)");
	a->ssm_inner = (uint32_t)w;
	return GS_OK;
}

/* A Mamba mixer's time-step rank: an integer, or "auto" (or absent) for
 * math.ceil(hidden_size / 16) as MambaConfig and JambaConfig compute it. */
static gs_status ssm_dt_rank(gsi_reader *r, const char *key, gsi_arch *a)
{
	json_t *v = json_object_get(r->root, key);
	if (json_is_string(v) && strcmp(json_string_value(v), "auto"))
		return gsi_cfg_field_error(r, key, "must be an integer or \"auto\"");
	if (!v || json_is_null(v) || json_is_string(v)) {
		a->dt_rank = (a->h + 15) / 16;
		return GS_OK;
	}
	return gsi_cfg_dim(r, key, &a->dt_rank, true, 0, false);
}

/* Mamba (modeling_mamba.py): no attention; each layer an RMSNorm and a
 * MambaMixer of inner width intermediate_size (expand x hidden): in_proj to
 * 2 x inner, a depthwise causal conv1d of conv_kernel taps, x_proj to
 * time_step_rank + 2 x state_size, dt_proj (with bias), A_log and D,
 * out_proj; biases on in/out_proj when use_bias, on the convolution when
 * use_conv_bias; the head tied by default. */
gs_status gsi_read_mamba(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	(void)m;
	TRY(gsi_cfg_dim(r, "hidden_size", &a->h, true, 0, false));
	TRY(gsi_cfg_dim(r, "num_hidden_layers", &a->L, true, 0, false));
	TRY(gsi_cfg_dim(r, "vocab_size", &a->V, true, 0, false));
	TRY(gsi_cfg_dim(r, "state_size", &a->ssm_state, false, 16, false));
	TRY(gsi_cfg_dim(r, "conv_kernel", &a->ssm_conv, false, 4, false));
	TRY(ssm_inner_width(r, "expand", "intermediate_size", a));
	if (a->L > GS_MAX_LAYERS)
		return gsi_cfg_field_error(r, "num_hidden_layers",
		                           "exceeds the supported maximum of 512 layers");
	TRY(ssm_dt_rank(r, "time_step_rank", a));
	TRY(gsi_cfg_flag(r, "use_bias", &a->ssm_bias, false));
	TRY(gsi_cfg_flag(r, "use_conv_bias", &a->ssm_conv_bias, true));
	TRY(gsi_cfg_flag(r, "tie_word_embeddings", &a->tied, true));
	a->ssm = true;
	a->a = a->a_kv = 1; /* no attention heads: set so shared code never divides by zero */
	a->d = a->v_d = 1;
	a->i = a->ssm_inner;
	a->gated = true; /* in_proj's gate half multiplies the scan output */
	return GS_OK;
}

/* Mamba-2 (modeling_mamba2.py): no attention; each layer an RMSNorm and a
 * Mamba2Mixer (mamba2_mixer_params in model.c). Every field that sizes it
 * is required: the hub's Mamba-2 configs carry them all, and a default
 * guessed here could be confidently wrong. num_heads x head_dim must equal
 * expand x hidden_size, as the mixer reshapes one into the other. */
gs_status gsi_read_mamba2(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	(void)m;
	uint32_t expand;
	TRY(gsi_cfg_dim(r, "hidden_size", &a->h, true, 0, false));
	TRY(gsi_cfg_dim(r, "num_hidden_layers", &a->L, true, 0, false));
	TRY(gsi_cfg_dim(r, "vocab_size", &a->V, true, 0, false));
	TRY(gsi_cfg_dim(r, "state_size", &a->ssm_state, true, 0, false));
	TRY(gsi_cfg_dim(r, "conv_kernel", &a->ssm_conv, true, 0, false));
	TRY(gsi_cfg_dim(r, "expand", &expand, true, 0, false));
	TRY(gsi_cfg_dim(r, "num_heads", &a->ssm_heads, true, 0, false));
	TRY(gsi_cfg_dim(r, "head_dim", &a->ssm_head_dim, true, 0, false));
	TRY(gsi_cfg_dim(r, "n_groups", &a->ssm_groups, true, 0, false));
	TRY(gsi_cfg_dim(r, "chunk_size", &a->ssm_chunk, true, 0, false));
	if (a->L > GS_MAX_LAYERS)
		return gsi_cfg_field_error(r, "num_hidden_layers",
		                           "exceeds the supported maximum of 512 layers");
	uint64_t inner = (uint64_t)expand * a->h;
	if (inner >= GSI_MAX_DIM || (uint64_t)a->ssm_heads * a->ssm_head_dim != inner)
		return gsi_cfg_field_error(r, "num_heads",
		                           "times head_dim must equal expand times hidden_size (the mixer's "
		                           "inner width), below 2^31");
	TRY(ssm_groups_check(r, a, "n_groups", "num_heads", "state_size"));
	a->ssm_inner = (uint32_t)inner;
	TRY(gsi_cfg_flag_required(r, "use_bias", &a->ssm_bias));
	a->ssm_out_bias = a->ssm_bias;
	TRY(gsi_cfg_flag_required(r, "use_conv_bias", &a->ssm_conv_bias));
	TRY(gsi_cfg_flag_required(r, "tie_word_embeddings", &a->tied));
	a->ssm = true;
	a->a = a->a_kv = 1; /* no attention heads: set so shared code never divides by zero */
	a->d = a->v_d = 1;
	a->i = a->ssm_inner;
	a->gated = true;
	return GS_OK;
}

/* Nemotron-H's layer kinds from layers_block_type (words, old and new
 * names) or, when that is absent, hybrid_override_pattern ("M" Mamba-2,
 * "*" attention, "-" MLP, "E" mixture of experts), as NemotronHConfig
 * prefers them; the length is the layer count. */
static gs_status nemotron_layers(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	json_t *list = json_object_get(r->root, "layers_block_type");
	json_t *pat = json_is_array(list) ? NULL : json_object_get(r->root, "hybrid_override_pattern");
	size_t n = json_is_string(pat)   ? strlen(json_string_value(pat))
	           : json_is_array(list) ? json_array_size(list)
	                                 : 0;
	const char *key = json_is_string(pat) ? "hybrid_override_pattern" : "layers_block_type";
	if (!n)
		return gsi_cfg_field_error(r, key,
		                           "is required: a non-empty pattern of M (Mamba-2), * (attention), "
		                           "- (MLP) and E (experts), or the list of those layer kinds");
	if (n > GS_MAX_LAYERS)
		return gsi_cfg_field_error(r, key, "describes more than the supported maximum of 512 layers");
	for (size_t l = 0; l < n; l++) {
		const char *w = json_is_string(pat) ? NULL : json_string_value(json_array_get(list, l));
		char c = json_is_string(pat) ? json_string_value(pat)[l]
		       : !w ? '?' : !strcmp(w, "mamba") || !strcmp(w, "linear_attention") ? 'M'
		       : !strcmp(w, "attention") || !strcmp(w, "full_attention") ? '*'
		       : !strcmp(w, "mlp") ? '-' : !strcmp(w, "moe") ? 'E' : '?';
		if (c != 'M' && c != '*' && c != '-' && c != 'E')
			return gsi_cfg_field_error(r, key,
			                           "holds a layer kind other than M (Mamba-2), * "
			                           "(attention), - (MLP) and E (experts)");
		m->layer_is_ssm[l] = c == 'M';
		m->layer_is_mlp_only[l] = c == '-' || c == 'E'; /* no attention, no state */
		m->layer_is_moe[l] = c == 'E';
	}
	a->L = (uint32_t)n;
	return GS_OK;
}

/* Nemotron-H's mixture-of-experts layers (NemotronHMoE): n_routed_experts
 * plain up/down experts of moe_intermediate_size (in moe_latent_size behind
 * fc1/fc2 latent projections when it is set), a DeepSeek-V3 router with its
 * e_score_correction_bias, and one shared MLP of
 * moe_shared_expert_intermediate_size. Required only when a layer is E. */
static gs_status nemotron_experts(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	bool any = false;
	for (uint32_t l = 0; l < a->L; l++)
		any |= m->layer_is_moe[l];
	if (!any)
		return GS_OK;
	TRY(gsi_cfg_dim(r, "n_routed_experts", &a->E, true, 0, false));
	TRY(gsi_cfg_dim(r, "num_experts_per_tok", &a->topk, true, 0, false));
	TRY(gsi_cfg_dim(r, "moe_intermediate_size", &a->moe_i, true, 0, false));
	TRY(gsi_cfg_dim(r, "moe_shared_expert_intermediate_size", &a->shared_i, true, 0, false));
	TRY(gsi_cfg_dim(r, "moe_latent_size", &a->moe_latent, false, 0, true));
	if (a->topk > a->E)
		return gsi_cfg_field_error(r, "num_experts_per_tok", "must not exceed n_routed_experts");
	a->router_bias = true;
	return GS_OK;
}

/* Nemotron-H (modeling_nemotron_h.py): each layer an RMSNorm and one of a
 * Mamba-2 mixer of num_heads x head_dim = mamba_num_heads x mamba_head_dim
 * (not expand x hidden), an attention of q/k/v/o (head_dim from the config)
 * or a plain up/down MLP (relu2); the SSM state is kept in
 * mamba_ssm_cache_dtype (NemotronHConfig: float32). */
gs_status gsi_read_nemotron_h(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	TRY(gsi_cfg_dim(r, "hidden_size", &a->h, true, 0, false));
	TRY(gsi_cfg_dim(r, "vocab_size", &a->V, true, 0, false));
	TRY(gsi_cfg_dim(r, "num_attention_heads", &a->a, true, 0, false));
	TRY(gsi_cfg_dim(r, "num_key_value_heads", &a->a_kv, false, a->a, false));
	TRY(gsi_cfg_dim(r, "head_dim", &a->d, false, a->h / a->a, false));
	TRY(gsi_cfg_dim(r, "intermediate_size", &a->i, true, 0, false));
	TRY(gsi_cfg_dim(r, "max_position_embeddings", &a->max_pos, false, 0, true));
	TRY(gsi_cfg_dim(r, "ssm_state_size", &a->ssm_state, true, 0, false));
	TRY(gsi_cfg_dim(r, "mamba_num_heads", &a->ssm_heads, true, 0, false));
	TRY(gsi_cfg_dim(r, "mamba_head_dim", &a->ssm_head_dim, true, 0, false));
	TRY(gsi_cfg_dim_either(r, "n_groups", "mamba_n_groups", &a->ssm_groups));
	TRY(gsi_cfg_dim_either(r, "conv_kernel", "mamba_d_conv", &a->ssm_conv));
	TRY(gsi_cfg_dim_either(r, "chunk_size", "mamba_chunk_size", &a->ssm_chunk));
	if (a->a % a->a_kv)
		return gsi_cfg_field_error(r, "num_key_value_heads", "must divide num_attention_heads");
	uint64_t inner = (uint64_t)a->ssm_heads * a->ssm_head_dim;
	if (inner >= GSI_MAX_DIM || 2ull * a->ssm_groups * a->ssm_state >= GSI_MAX_DIM ||
	    a->ssm_heads % a->ssm_groups)
		return gsi_cfg_field_error(r, "mamba_num_heads",
		                           "times mamba_head_dim, and 2 x n_groups x ssm_state_size, must "
		                           "stay below 2^31, and n_groups divide mamba_num_heads");
	a->ssm_inner = (uint32_t)inner;
	TRY(nemotron_layers(r, a, m));
	TRY(nemotron_experts(r, a, m));
	bool conv_bias;
	TRY(gsi_cfg_flag(r, "mamba_conv_bias", &conv_bias, true));
	TRY(gsi_cfg_flag(r, "use_conv_bias", &a->ssm_conv_bias, conv_bias));
	TRY(gsi_cfg_flag(r, "use_bias", &a->ssm_bias, false));
	a->ssm_out_bias = a->ssm_bias;
	TRY(gsi_cfg_flag(r, "mlp_bias", &a->mlp_bias, false));
	TRY(gsi_cfg_attention_bias(r, a, false));
	TRY(gsi_cfg_flag(r, "tie_word_embeddings", &a->tied, false));
	json_t *dt = json_object_get(r->root, "mamba_ssm_cache_dtype");
	if (dt && !json_is_null(dt) && !json_is_string(dt))
		return gsi_cfg_field_error(r, "mamba_ssm_cache_dtype",
		                           "must be a dtype name such as \"float32\"");
	a->ssm_state_fp32 = !dt || json_is_null(dt) || !strcmp(json_string_value(dt), "float32");
	a->v_d = a->d;
	a->gated = false; /* relu2 up/down MLP */
	a->single_mixer = a->hybrid = true;
	a->norms_per_layer = 1;
	return GS_OK;
}

/* Falcon-H1 (modeling_falcon_h1.py): every layer an input RMSNorm, a
 * Mamba-2 mixer (FalconH1Mixer: inner width mamba_d_ssm, or mamba_expand x
 * hidden when null; the gated norm only with mamba_rms_norm; in_proj bias
 * mamba_proj_bias, out_proj bias projectors_bias) and a Llama attention
 * side by side on the same input, then a pre-MLP RMSNorm and a gated MLP.
 * The mixer's fields are required (hub configs carry them all). */
gs_status gsi_read_falcon_h1(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	TRY(gsi_cfg_common(r, a, m, false));
	TRY(gsi_cfg_dim(r, "mamba_d_state", &a->ssm_state, true, 0, false));
	TRY(gsi_cfg_dim(r, "mamba_n_heads", &a->ssm_heads, true, 0, false));
	TRY(gsi_cfg_dim(r, "mamba_d_head", &a->ssm_head_dim, true, 0, false));
	TRY(gsi_cfg_dim(r, "mamba_n_groups", &a->ssm_groups, true, 0, false));
	TRY(gsi_cfg_dim(r, "mamba_d_conv", &a->ssm_conv, true, 0, false));
	TRY(gsi_cfg_dim(r, "mamba_chunk_size", &a->ssm_chunk, true, 0, false));
	json_t *dssm = json_object_get(r->root, "mamba_d_ssm");
	if (dssm && !json_is_null(dssm))
		TRY(gsi_cfg_dim(r, "mamba_d_ssm", &a->ssm_inner, true, 0, false));
	else
		TRY(ssm_inner_width(r, "mamba_expand", NULL, a));
	if ((uint64_t)a->ssm_heads * a->ssm_head_dim != a->ssm_inner)
		return gsi_cfg_field_error(r, "mamba_n_heads",
		                           "times mamba_d_head must equal the mixer's inner width "
		                           "(mamba_d_ssm, or mamba_expand x hidden_size)");
	TRY(ssm_groups_check(r, a, "mamba_n_groups", "mamba_n_heads", "mamba_d_state"));
	bool norm;
	TRY(gsi_cfg_flag_required(r, "mamba_rms_norm", &norm));
	TRY(gsi_cfg_flag_required(r, "mamba_conv_bias", &a->ssm_conv_bias));
	TRY(gsi_cfg_flag_required(r, "mamba_proj_bias", &a->ssm_bias));
	TRY(gsi_cfg_flag_required(r, "projectors_bias", &a->ssm_out_bias));
	a->ssm_no_norm = !norm;
	TRY(gsi_cfg_attention_bias(r, a, false));
	TRY(gsi_cfg_flag(r, "mlp_bias", &a->mlp_bias, false));
	a->parallel_ssm = a->hybrid = true;
	return GS_OK;
}

/* Jamba (modeling_jamba.py): layer i is attention when i % attn_layer_period
 * == attn_layer_offset and a Mamba mixer otherwise (with RMSNorms on dt, B
 * and C); its feed-forward is a mixture of num_experts experts when i %
 * expert_layer_period == expert_layer_offset, else a dense gated MLP; two
 * RMSNorms per layer; the head untied by default. */
gs_status gsi_read_jamba(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	uint32_t ap, ao, ep, eo;
	TRY(gsi_cfg_common(r, a, m, false));
	TRY(gsi_cfg_dim(r, "attn_layer_period", &ap, false, 8, false));
	TRY(gsi_cfg_dim(r, "attn_layer_offset", &ao, false, 4, true));
	TRY(gsi_cfg_dim(r, "expert_layer_period", &ep, false, 2, false));
	TRY(gsi_cfg_dim(r, "expert_layer_offset", &eo, false, 1, true));
	TRY(gsi_cfg_dim(r, "num_experts", &a->E, false, 16, false));
	TRY(gsi_cfg_dim(r, "num_experts_per_tok", &a->topk, false, 2, false));
	TRY(gsi_cfg_dim(r, "mamba_d_state", &a->ssm_state, false, 16, false));
	TRY(gsi_cfg_dim(r, "mamba_d_conv", &a->ssm_conv, false, 4, false));
	TRY(ssm_inner_width(r, "mamba_expand", NULL, a));
	TRY(ssm_dt_rank(r, "mamba_dt_rank", a));
	TRY(gsi_cfg_flag(r, "mamba_conv_bias", &a->ssm_conv_bias, true));
	TRY(gsi_cfg_flag(r, "mamba_proj_bias", &a->ssm_bias, false));
	a->hybrid = a->ssm_inner_norms = true;
	a->moe_i = a->i;
	for (uint32_t l = 0; l < a->L; l++) {
		m->layer_is_ssm[l] = l % ap != ao;
		m->layer_is_moe[l] = a->E > 1 && l % ep == eo;
	}
	return GS_OK;
}

/* The Gated DeltaNet hybrid's layers (Qwen3-Next, Qwen3.5): by layer_types
 * (else every full_attention_interval-th layer is attention), either
 * attention with per-head q/k norms and an output gate from a second half
 * of q_proj, or a Gated DeltaNet whose state has Mamba-2's shape (value
 * heads x value head dim x key head dim, plus the convolution's 2 x key +
 * value channels x taps). */
static gs_status gdn_layers(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	uint32_t interval = 4, g, n, hv, p, taps;
	TRY(gsi_cfg_dim(r, "linear_num_key_heads", &g, true, 0, false));
	TRY(gsi_cfg_dim(r, "linear_key_head_dim", &n, true, 0, false));
	TRY(gsi_cfg_dim(r, "linear_num_value_heads", &hv, true, 0, false));
	TRY(gsi_cfg_dim(r, "linear_value_head_dim", &p, true, 0, false));
	TRY(gsi_cfg_dim(r, "linear_conv_kernel_dim", &taps, true, 0, false));
	TRY(gsi_cfg_dim(r, "full_attention_interval", &interval, false, 4, false));
	if (hv % g)
		return gsi_cfg_field_error(r, "linear_num_value_heads",
		                           "must be a multiple of linear_num_key_heads");
	if ((uint64_t)hv * p >= GSI_MAX_DIM || 2ull * g * n >= GSI_MAX_DIM)
		return gsi_cfg_field_error(r, "linear_num_value_heads",
		                           "times the head dims must stay below 2^31");
	a->attn_out_gate = true;
	a->gdn = a->hybrid = true;
	a->ssm_groups = g;
	a->ssm_state = n;
	a->ssm_heads = hv;
	a->ssm_head_dim = p;
	a->ssm_inner = hv * p;
	a->ssm_conv = taps;
	a->ssm_chunk = 64; /* chunk_gated_delta_rule's chunk_size */
	a->ssm_state_fp32 = true; /* the delta rule runs and keeps its state in fp32 */
	a->nm[GSI_NM_SSM_IN] = "in_proj_qkvz";
	a->nm[GSI_NM_SSM_X] = "in_proj_ba";
	a->nm[GSI_NM_SSM_OUT] = "out_proj";
	json_t *types = json_object_get(r->root, "layer_types");
	for (uint32_t l = 0; l < a->L; l++) {
		const char *t = json_string_value(json_array_get(types, l));
		if (types && !json_is_null(types) &&
		    (!t || (strcmp(t, "linear_attention") && strcmp(t, "full_attention"))))
			return gsi_cfg_field_error(r, "layer_types",
			                           "entries must be \"linear_attention\" or "
			                           "\"full_attention\"");
		m->layer_is_ssm[l] = t ? !strcmp(t, "linear_attention") : (l + 1) % interval != 0;
	}
	return GS_OK;
}

/* Qwen3-Next (Transformers modular_qwen3_next.py read at 043bb8dd): Qwen3-MoE
 * layers whose mixer is gdn_layers' (attention or a Gated DeltaNet); the
 * shared expert has a one-output gate (Qwen2MoeSparseMoeBlock). Its
 * checkpoint also stores num_nextn_predict_layers (vLLM qwen3_next_mtp.py:
 * 1 when absent, as in the hub's config) MTP layers under mtp.*: an
 * attention + MoE decoder layer each, fc 2h -> h without bias and three
 * RMSNorms (pre_fc_norm_hidden, pre_fc_norm_embedding, norm), sharing the
 * trunk's embedding and head. */
gs_status gsi_read_qwen3_next(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	TRY(gsi_read_qwen3_moe(r, a, m));
	TRY(gsi_cfg_dim(r, "shared_expert_intermediate_size", &a->shared_i, false, 0, true));
	a->shared_gate = a->shared_i > 0;
	TRY(gdn_layers(r, a, m));
	TRY(gsi_cfg_dim(r, "num_nextn_predict_layers", &a->mtp_layers, false, 1, true));
	a->mtp_extra = 2ull * a->h * a->h + 3ull * a->h;
	return GS_OK;
}

/* Qwen3.5's MTP block (vLLM qwen3_5_mtp.py Qwen3_5MultiTokenPredictor at
 * 7cfb97e3379): mtp_num_hidden_layers full-attention decoder layers of the
 * trunk's kind (vLLM's default 1 when the key is absent), fc 2h -> h
 * without bias and three RMSNorms, sharing the trunk's embedding and head
 * (vLLM loads model.embed_tokens into it and ignores
 * mtp_use_dedicated_embeddings, which no published config sets). */
static gs_status qwen3_5_mtp(gsi_reader *r, gsi_arch *a)
{
	bool own = false;
	TRY(gsi_cfg_dim(r, "mtp_num_hidden_layers", &a->mtp_layers, false, 1, true));
	TRY(gsi_cfg_flag(r, "mtp_use_dedicated_embeddings", &own, false));
	if (own)
		return gsi_cfg_field_error(r, "mtp_use_dedicated_embeddings",
		                           "must be false: vLLM's Qwen3.5 MTP loads the trunk's embeddings, "
		                           "and whether such a checkpoint stores its own is not known");
	a->mtp_extra = 2ull * a->h * a->h + 3ull * a->h;
	return GS_OK;
}

/* What Qwen3.5's two text decoders share (vLLM transformers_utils/configs/
 * qwen3_5.py and qwen3_5_moe.py, copies of Transformers' Qwen3_5TextConfig
 * and Qwen3_5MoeTextConfig; models/qwen3_5.py Qwen3_5DecoderLayer at
 * 7cfb97e3379): Qwen3-Next's attention (per-head q/k norms, the output gate
 * with attn_output_gate, true by default) and Gated DeltaNet with split
 * input projections, the untied head by default, the MTP block; the
 * recurrent state fp32 in the delta rule's kernels, and the dtype vLLM
 * keeps it in taken from mamba_ssm_dtype. */
static gs_status qwen3_5_common(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	TRY(gsi_cfg_attention_bias(r, a, false));
	a->qk_norm = true;
	TRY(gsi_cfg_windows(r, a, m, NULL, 0, false)); /* layer_types' length */
	TRY(gdn_layers(r, a, m));
	TRY(gsi_cfg_flag(r, "attn_output_gate", &a->attn_out_gate, true));
	a->gdn_split = true;
	a->nm[GSI_NM_SSM_IN] = "in_proj_qkv";
	TRY(qwen3_5_mtp(r, a));
	const char *dt = json_string_value(json_object_get(r->root, "mamba_ssm_dtype"));
	m->state_fp32_config = dt && !strcmp(dt, "float32");
	return GS_OK;
}

/* Qwen3.5 dense (qwen3_5_text): a gated MLP of intermediate_size on every
 * layer (Qwen3NextMLP). */
gs_status gsi_read_qwen3_5_text(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	TRY(gsi_cfg_common(r, a, m, false));
	return qwen3_5_common(r, a, m);
}

/* Qwen3.5-MoE (qwen3_5_moe_text): every layer a Qwen3NextSparseMoeBlock
 * (router E x h, num_experts experts of moe_intermediate_size, a shared
 * expert of shared_expert_intermediate_size with its one-output gate); the
 * config has no dense width (no intermediate_size, 0 here) and no
 * decoder_sparse_step, and vLLM builds no dense layer whatever
 * mlp_only_layers says, so a non-empty list is refused. The checkpoint
 * stores the trunk's experts fused as 3-D tensors (mlp.experts.gate_up_proj
 * E x 2 mi x h, down_proj: the tensor list a model report prints for
 * Qwen3.5-35B-A3B, gh:62628833147): parameters, not nn.Linear modules. */
gs_status gsi_read_qwen3_5_moe_text(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	TRY(gsi_cfg_common_dims(r, a, m, false, NULL));
	TRY(gsi_cfg_dim_renamed(r, "num_experts", "num_local_experts", &a->E));
	TRY(gsi_cfg_dim(r, "num_experts_per_tok", &a->topk, true, 0, false));
	TRY(gsi_cfg_dim(r, "moe_intermediate_size", &a->moe_i, true, 0, false));
	TRY(gsi_cfg_dim(r, "shared_expert_intermediate_size", &a->shared_i, false, 0, true));
	if (a->topk > a->E)
		return gsi_cfg_field_error(r, "num_experts_per_tok", "must not exceed num_experts");
	json_t *dense = json_object_get(r->root, "mlp_only_layers");
	if (dense && !json_is_null(dense) && !(json_is_array(dense) && !json_array_size(dense)))
		return gsi_cfg_field_error(r, "mlp_only_layers",
		                           "must be empty: vLLM's Qwen3.5-MoE builds every layer as a "
		                           "mixture of experts, and the config gives no dense width");
	a->shared_gate = a->shared_i > 0;
	a->experts_params = true;
	for (uint32_t l = 0; l < a->L; l++)
		m->layer_is_moe[l] = true;
	return qwen3_5_common(r, a, m);
}

/* Granite 4.0's Mamba-2 mixer fields (GraniteMoeHybridConfig @008f5c8c):
 * inner width mamba_expand (2) x hidden, mamba_n_heads heads of mamba_d_head
 * ("auto" or absent: the inner width over the heads; the class refuses any
 * other product), mamba_n_groups groups of mamba_d_state, mamba_d_conv
 * taps. The sizes are required: the hub's configs carry them, and the
 * class defaults (128 heads, state 256) size other models. */
static gs_status granite_mixer(gsi_reader *r, gsi_arch *a)
{
	TRY(gsi_cfg_dim(r, "mamba_n_heads", &a->ssm_heads, true, 0, false));
	TRY(gsi_cfg_dim(r, "mamba_n_groups", &a->ssm_groups, true, 0, false));
	TRY(gsi_cfg_dim(r, "mamba_d_state", &a->ssm_state, true, 0, false));
	TRY(gsi_cfg_dim(r, "mamba_d_conv", &a->ssm_conv, true, 0, false));
	TRY(gsi_cfg_dim(r, "mamba_chunk_size", &a->ssm_chunk, false, 256, false));
	TRY(ssm_inner_width(r, "mamba_expand", NULL, a));
	json_t *dh = json_object_get(r->root, "mamba_d_head");
	if (dh && !json_is_null(dh) && !(json_is_string(dh) && !strcmp(json_string_value(dh), "auto")))
		TRY(gsi_cfg_dim(r, "mamba_d_head", &a->ssm_head_dim, true, 0, false));
	else
		a->ssm_head_dim = a->ssm_inner / a->ssm_heads;
	if ((uint64_t)a->ssm_heads * a->ssm_head_dim != a->ssm_inner)
		return gsi_cfg_field_error(r, "mamba_d_head",
		                           "times mamba_n_heads must equal mamba_expand x hidden_size (the "
		                           "mixer's inner width)");
	TRY(ssm_groups_check(r, a, "mamba_n_groups", "mamba_n_heads", "mamba_d_state"));
	TRY(gsi_cfg_flag(r, "mamba_conv_bias", &a->ssm_conv_bias, true));
	TRY(gsi_cfg_flag(r, "mamba_proj_bias", &a->ssm_bias, false));
	a->ssm_out_bias = a->ssm_bias;
	return GS_OK;
}

/* Granite 4.0 hybrids (model_type granitemoehybrid: H-Small, H-Tiny,
 * H-Micro, Micro; Transformers configuration_granitemoehybrid.py @008f5c8c,
 * vLLM granitemoehybrid.py, granitemoeshared.py, granitemoe.py,
 * mamba_mixer2.py @7cfb97e3379): layer_types (or layers_block_type) gives
 * each layer a Mamba-2 mixer (granite_mixer, its gated RMSNorm included)
 * or Llama's attention (biases with attention_bias, no RoPE parameters
 * either way); every layer then has num_local_experts experts of
 * intermediate_size in GraniteMoE's packed input_linear / output_linear
 * with a router "layer" (none when 0: the dense Micro models) and a shared
 * SwiGLU MLP of shared_intermediate_size (input_linear, output_linear),
 * their outputs summed; two RMSNorms; the head tied by the config. */
gs_status gsi_read_granitemoehybrid(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	TRY(gsi_cfg_common(r, a, m, false));
	TRY(gsi_cfg_attention_bias(r, a, false));
	TRY(gsi_cfg_dim(r, "num_local_experts", &a->E, false, 0, true));
	TRY(gsi_cfg_dim(r, "num_experts_per_tok", &a->topk, a->E > 0, 0, true));
	TRY(gsi_cfg_dim(r, "shared_intermediate_size", &a->shared_i, true, 0, true));
	if (a->topk > a->E || (a->E && !a->topk))
		return gsi_cfg_field_error(r, "num_experts_per_tok",
		                           "must be in [1, num_local_experts] with experts");
	if (!a->E && !a->shared_i)
		return gsi_cfg_field_error(r, "shared_intermediate_size",
		                           "must be set when num_local_experts is 0 (the shared MLP is "
		                           "then the layer's only one)");
	TRY(granite_mixer(r, a));
	const char *key = json_object_get(r->root, "layer_types") ? "layer_types" : "layers_block_type";
	json_t *types = json_object_get(r->root, key);
	if (types && !json_is_null(types) && (!json_is_array(types) || json_array_size(types) != a->L))
		return gsi_cfg_field_error(r, key, "must be a list with one entry per layer");
	for (uint32_t l = 0; l < a->L; l++) {
		const char *t = types && !json_is_null(types) ? json_string_value(json_array_get(types, l))
		                                              : "mamba";
		if (!t || (strcmp(t, "mamba") && strcmp(t, "attention")))
			return gsi_cfg_field_error(r, key, "entries must be \"mamba\" or \"attention\"");
		m->layer_is_ssm[l] = !strcmp(t, "mamba");
		m->layer_is_moe[l] = a->E > 0;
	}
	a->hybrid = true;
	a->fused_gate_up = true;
	a->nm[GSI_NM_GATE_UP] = "input_linear";
	a->nm[GSI_NM_DOWN] = "output_linear";
	a->nm[GSI_NM_EDOWN] = "output_linear";
	if (a->E) {
		/* GraniteMoeParallelExperts: one parameter (E, out, in) each */
		a->moe_i = a->i;
		a->experts_params = true;
		a->router_module = "layer";
	} else {
		a->i = a->shared_i; /* the shared MLP is the layer's dense MLP */
		a->shared_i = 0;
	}
	return GS_OK;
}

/* LFM2's MLP width (vLLM lfm2.py Lfm2MLP @7cfb97e3379): with
 * block_auto_adjust_ff_dim, int(2 x intermediate_size / 3), times
 * block_ffn_dim_multiplier (truncated), rounded up to block_multiple_of;
 * else intermediate_size. LFM2-1.2B: 12288 -> 8192. */
static gs_status lfm2_ff(gsi_reader *r, gsi_arch *a)
{
	bool adjust;
	uint32_t multiple = 256;
	TRY(gsi_cfg_flag(r, "block_auto_adjust_ff_dim", &adjust, true));
	TRY(gsi_cfg_dim(r, "block_multiple_of", &multiple, false, 256, false));
	if (!adjust)
		return GS_OK;
	uint64_t ff = 2ull * a->i / 3;
	json_t *mult = json_object_get(r->root, "block_ffn_dim_multiplier");
	if (mult && !json_is_null(mult)) {
		if (!json_is_number(mult) || json_number_value(mult) <= 0 || json_number_value(mult) > 64)
			return gsi_cfg_field_error(r, "block_ffn_dim_multiplier",
			                           "must be a number in (0, 64]");
		ff = (uint64_t)(json_number_value(mult) * (double)ff);
	}
	ff = (ff + multiple - 1) / multiple * multiple;
	if (!ff || ff >= GSI_MAX_DIM)
		return gsi_cfg_field_error(r, "intermediate_size", "gives an MLP width outside [1, 2^31)");
	a->i = (uint32_t)ff;
	return GS_OK;
}

/* LFM2 and LFM2.5 (model_type lfm2; vLLM lfm2.py Lfm2AttentionDecoderLayer,
 * Lfm2ShortConvDecoderLayer, Lfm2Model and layers/mamba/short_conv.py
 * @7cfb97e3379): each layer, by layer_types ("conv" | "full_attention"; older
 * configs full_attn_idxs), a gated short convolution of conv_dim (=
 * hidden_size) channels and conv_L_cache taps (short_conv_params) or GQA
 * attention without biases whose q and k pass per-head RMSNorms
 * (q_layernorm, k_layernorm); then a SwiGLU MLP (w1, w3, w2) of lfm2_ff's
 * width and two RMSNorms (operator_norm, ffn_norm); embedding_norm after the
 * last layer is the final norm; the head tied (tie_embedding, default true).
 * A conv layer keeps only its convolution's state: set as a Mamba-2 of one
 * group, one head and no SSM state, SGLang's own reading (configs/lfm2.py:
 * n_groups 1, state_size 0), whose shape vLLM's short_conv_state_shape also
 * has (conv_dim x (L_cache - 1)). */
gs_status gsi_read_lfm2(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	const char *heads = gsi_cfg_key_or_alias(r, "num_attention_heads", "num_heads");
	if (strcmp(heads, "num_attention_heads")) {
		/* the older key under the name the shared reader asks for */
		TRY(gsi_cfg_dim(r, "num_heads", &a->a, true, 0, false));
		json_object_set_new(r->root, "num_attention_heads", json_integer(a->a));
	}
	TRY(gsi_cfg_common(r, a, m, true));
	bool tie_old;
	TRY(gsi_cfg_flag(r, "tie_embedding", &tie_old, true));
	TRY(gsi_cfg_flag(r, "tie_word_embeddings", &a->tied, tie_old));
	TRY(lfm2_ff(r, a));
	TRY(gsi_cfg_dim(r, "conv_dim", &a->ssm_inner, false, a->h, false));
	TRY(gsi_cfg_dim(r, "conv_L_cache", &a->ssm_conv, false, 3, false));
	TRY(gsi_cfg_flag(r, "conv_bias", &a->ssm_conv_bias, false));
	if (a->ssm_inner != a->h)
		return gsi_cfg_field_error(r, "conv_dim",
		                           "must equal hidden_size: Transformers' and vLLM's ShortConv size "
		                           "in_proj by different ones otherwise");
	json_t *types = json_object_get(r->root, "layer_types"), *idx = json_object_get(r->root,
	                                                                                "full_attn_idxs");
	if (types && !json_is_null(types) && (!json_is_array(types) || json_array_size(types) != a->L))
		return gsi_cfg_field_error(r, "layer_types", "must be a list with one entry per layer");
	if ((!types || json_is_null(types)) && !json_is_array(idx))
		return gsi_cfg_field_error(r, "layer_types",
		                           "is required (or the older full_attn_idxs): which layers are "
		                           "attention");
	for (uint32_t l = 0; l < a->L; l++) {
		const char *t = types && !json_is_null(types) ? json_string_value(json_array_get(types, l))
		                                              : "conv";
		if (!t || (strcmp(t, "conv") && strcmp(t, "full_attention")))
			return gsi_cfg_field_error(r, "layer_types",
			                           "entries must be \"conv\" or \"full_attention\"");
		m->layer_is_ssm[l] = !strcmp(t, "conv");
	}
	for (size_t k = 0; (!types || json_is_null(types)) && k < json_array_size(idx); k++) {
		json_t *v = json_array_get(idx, k);
		json_int_t x = json_integer_value(v);
		if (!json_is_integer(v) || x < 0 || x >= (json_int_t)a->L)
			return gsi_cfg_field_error(r, "full_attn_idxs", "entries must be layer indices");
		m->layer_is_ssm[json_integer_value(v)] = false;
	}
	a->qk_norm = true;
	a->hybrid = a->short_conv = true;
	a->ssm_groups = a->ssm_heads = 1;
	a->ssm_head_dim = a->ssm_inner;
	a->ssm_state = 0;
	a->ssm_chunk = 256; /* no scan: a chunk only keeps shared formulas finite */
	a->nm[GSI_NM_GATE] = "w1";
	a->nm[GSI_NM_UP] = "w3";
	a->nm[GSI_NM_DOWN] = "w2";
	a->nm[GSI_NM_O] = "out_proj";
	return GS_OK;
}
