/*
 * model_moe.c — config.json readers of mixtures of experts (Mixtral,
 * PhiMoE, Qwen3-MoE, gpt-oss, GraniteMoE, Bailing, DeepSeek V2/V3 with
 * MLA, ERNIE 4.5), each after its Transformers modeling_<type>.py.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "model/model_reader.h"

gs_status gsi_read_mixtral(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	TRY(gsi_read_mistral(r, a, m));
	TRY(gsi_cfg_dim(r, "num_local_experts", &a->E, true, 0, false));
	TRY(gsi_cfg_dim(r, "num_experts_per_tok", &a->topk, true, 0, false));
	a->moe_i = a->i;
	a->nm[GSI_NM_EGATE] = "w1"; /* MixtralBlockSparseTop2MLP */
	a->nm[GSI_NM_EUP] = "w3";
	a->nm[GSI_NM_EDOWN] = "w2";
	for (uint32_t l = 0; l < a->L; l++)
		m->layer_is_moe[l] = true;
	return GS_OK;
}

/* PhiMoE (Phi-3.5-MoE, Phi-mini-MoE; Transformers' modeling_phimoe.py as
 * read at huggingface/transformers@008f5c8c29be, a 4.x file that still
 * warns of a v4.47 removal): Mixtral's layout with LayerNorms that carry a bias
 * (PhimoeDecoderLayer's input_layernorm and post_attention_layernorm,
 * PhimoeModel.norm), q/k/v/o biases with gsi_cfg_attention_bias, a router without
 * bias and lm_head's bias with lm_head_bias. Its attention takes head_dim
 * as hidden_size / num_attention_heads whatever the config says. */
gs_status gsi_read_phimoe(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	TRY(gsi_read_mixtral(r, a, m));
	if (a->d * a->a != a->h)
		return gsi_cfg_field_error(r, "head_dim",
		                           "must be hidden_size / num_attention_heads: PhimoeAttention "
		                           "derives it so");
	TRY(gsi_cfg_attention_bias(r, a, false));
	TRY(gsi_cfg_flag(r, "lm_head_bias", &a->lm_head_bias, false));
	a->norm_bias = true;
	return GS_OK;
}

gs_status gsi_read_qwen3_moe(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	TRY(gsi_read_qwen3(r, a, m));
	uint32_t step = 1;
	/* Transformers v5's Qwen3MoeConfig names it num_local_experts */
	TRY(gsi_cfg_dim_renamed(r, "num_experts", "num_local_experts", &a->E));
	TRY(gsi_cfg_dim(r, "num_experts_per_tok", &a->topk, true, 0, false));
	TRY(gsi_cfg_dim(r, "moe_intermediate_size", &a->moe_i, true, 0, false));
	TRY(gsi_cfg_dim(r, "decoder_sparse_step", &step, false, 1, false));
	json_t *dense = json_object_get(r->root, "mlp_only_layers");
	if (dense && !json_is_null(dense) && !json_is_array(dense))
		return gsi_cfg_field_error(r, "mlp_only_layers", "must be a list of layer indices");
	for (uint32_t l = 0; l < a->L; l++)
		m->layer_is_moe[l] = (l + 1) % step == 0;
	for (size_t k = 0; dense && k < json_array_size(dense); k++) {
		json_t *v = json_array_get(dense, k);
		if (!json_is_integer(v) || json_integer_value(v) < 0 ||
		    json_integer_value(v) >= (json_int_t)a->L)
			return gsi_cfg_field_error(r, "mlp_only_layers",
			                           "entries must be layer indices below num_hidden_layers");
		m->layer_is_moe[json_integer_value(v)] = false;
	}
	return GS_OK;
}

/* Qwen3-VL-MoE's text decoder (Transformers modeling_qwen3_vl_moe.py at
 * ede92a87; vLLM qwen3_vl_moe.py@7cfb97e3379, is_fused_checkpoint_transposed):
 * Qwen3-MoE's layers, whose experts the checkpoint stores fused as 3-D
 * tensors, mlp.experts.gate_up_proj (E, h, 2 mi) and down_proj (E, mi, h):
 * parameters, not nn.Linear modules. */
gs_status gsi_read_qwen3_vl_moe_text(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	TRY(gsi_read_qwen3_moe(r, a, m));
	a->experts_params = true;
	return GS_OK;
}

/* gpt-oss (modeling_gpt_oss.py): llama-shaped attention with biases and a
 * learned sink per head, sliding and full layers alternating (layer_types),
 * every MLP a mixture of experts with biases (gate_up and down) and a router
 * with a bias; the head untied. */
gs_status gsi_read_gpt_oss(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	TRY(gsi_cfg_common(r, a, m, false));
	TRY(gsi_cfg_attention_bias(r, a, true));
	a->attn_sinks = true;
	TRY(gsi_cfg_dim(r, "num_local_experts", &a->E, true, 0, false));
	TRY(gsi_cfg_dim(r, "num_experts_per_tok", &a->topk, false, 4, false));
	a->moe_i = a->i;
	a->mlp_bias = true;
	a->router_bias = true;
	a->fused_gate_up = true;
	/* GptOssExperts holds gate_up_proj (E, h, 2i) and down_proj (E, i, h) as
	 * nn.Parameter, and GptOssTopKRouter its weight and bias: no nn.Linear
	 * for PEFT's all-linear or bitsandbytes to find */
	a->experts_params = true;
	for (uint32_t l = 0; l < a->L; l++)
		m->layer_is_moe[l] = true;
	return gsi_cfg_windows(r, a, m, gsi_cfg_even_rule, 0, true);
}

/* Granite MoE (modeling_granitemoe.py): llama attention, every layer's MLP
 * a mixture of num_local_experts experts stored as two packed parameters
 * (input_linear: gate and up, 2 x intermediate_size x hidden each;
 * output_linear) and a router without bias; the head tied by default. */
gs_status gsi_read_granitemoe(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	TRY(gsi_cfg_common(r, a, m, true));
	TRY(gsi_cfg_attention_bias(r, a, false));
	TRY(gsi_cfg_dim(r, "num_local_experts", &a->E, true, 0, false));
	TRY(gsi_cfg_dim(r, "num_experts_per_tok", &a->topk, true, 0, false));
	a->moe_i = a->i;
	a->fused_gate_up = true;
	a->nm[GSI_NM_GATE_UP] = "input_linear";
	a->nm[GSI_NM_EDOWN] = "output_linear";
	/* GraniteMoeParallelExperts holds input_linear and output_linear as one
	 * nn.Parameter (E, out, in) each; GraniteMoeTopKGating's router is
	 * self.layer = nn.Linear(h, E) (modeling_granitemoe.py) */
	a->experts_params = true;
	a->router_module = "layer";
	for (uint32_t l = 0; l < a->L; l++)
		m->layer_is_moe[l] = true;
	return GS_OK;
}

/* BailingMoe (inclusionAI's Ling; model_type bailing_moe for both V1 and
 * V2). Its modeling code is remote code; read in inclusionAI's own
 * modeling_bailing_moe_v2.py as vendored in inclusionAI/Ming@480df09c and
 * in vLLM's bailing_moe.py (V1) at 00566618: a fused query_key_value of
 * (heads + 2 x KV heads) x head_dim rows (bias with use_qkv_bias), dense
 * back to h, per-head q/k RMSNorms with use_qk_norm (V2), RMSNorms before
 * attention and MLP; layers from first_k_dense_replace on hold num_experts
 * SwiGLU experts of moe_intermediate_size, a router E x h (+ an expert bias
 * of E with moe_router_enable_expert_bias) and num_shared_experts x
 * moe_intermediate_size of shared experts; the head untied by default.
 * use_bias (biases on dense and every MLP in V1's code, none in V2's) and
 * multi-token-prediction layers are refused rather than guessed. */
gs_status gsi_read_bailing_moe(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	TRY(gsi_cfg_common(r, a, m, false));
	bool use_bias = false;
	uint32_t shared = 0, first_dense = 0, shared_w = 0, nextn = 0;
	TRY(gsi_cfg_flag(r, "use_bias", &use_bias, false));
	if (use_bias)
		return gsi_cfg_field_error(r, "use_bias",
		                           "must be false: V1's code biases dense and every MLP with it, "
		                           "V2's code ignores it, and no published Ling checkpoint sets it");
	TRY(gsi_cfg_flag(r, "use_qkv_bias", &a->qkv_bias, false));
	TRY(gsi_cfg_flag(r, "use_qk_norm", &a->qk_norm, false));
	TRY(gsi_cfg_flag(r, "moe_router_enable_expert_bias", &a->router_bias, false));
	TRY(gsi_cfg_dim(r, "num_experts", &a->E, true, 0, false));
	TRY(gsi_cfg_dim(r, "num_experts_per_tok", &a->topk, true, 0, false));
	TRY(gsi_cfg_dim(r, "moe_intermediate_size", &a->moe_i, true, 0, false));
	TRY(gsi_cfg_dim(r, "num_shared_experts", &shared, false, 0, true));
	TRY(gsi_cfg_dim(r, "first_k_dense_replace", &first_dense, false, 0, true));
	TRY(gsi_cfg_dim(r, "moe_shared_expert_intermediate_size", &shared_w, false, 0, true));
	TRY(gsi_cfg_dim(r, "num_nextn_predict_layers", &nextn, false, 0, true));
	if (nextn)
		return gsi_cfg_field_error(r, "num_nextn_predict_layers",
		                           "must be 0: the shapes of Ling's multi-token-prediction layers "
		                           "are not read");
	if (a->topk > a->E)
		return gsi_cfg_field_error(r, "num_experts_per_tok", "must not exceed num_experts");
	/* the code read sizes the shared experts as moe_intermediate_size x
	 * num_shared_experts; V2 configs also carry a width of their own, and
	 * the readings agree only for one shared expert of the routed width */
	if (shared_w && shared && (shared != 1 || shared_w != a->moe_i))
		return gsi_cfg_field_error(r, "moe_shared_expert_intermediate_size",
		                           "disagrees with moe_intermediate_size x num_shared_experts: "
		                           "gpusizer does not guess which one the checkpoint uses");
	if ((uint64_t)shared * a->moe_i >= GSI_MAX_DIM)
		return gsi_cfg_field_error(r, "num_shared_experts",
		                           "times moe_intermediate_size must stay below 2^31 (the shared "
		                           "experts' width)");
	a->shared_i = shared * a->moe_i;
	a->fused_qkv = true;
	a->nm[GSI_NM_QKV] = "query_key_value";
	a->nm[GSI_NM_O] = "dense";
	for (uint32_t l = 0; l < a->L; l++)
		m->layer_is_moe[l] = l >= first_dense;
	return GS_OK;
}

gs_status gsi_read_deepseek_v3(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	TRY(gsi_cfg_common(r, a, m, false));
	uint32_t shared = 0, first_dense = 0, freq = 1;
	TRY(gsi_cfg_dim(r, "n_routed_experts", &a->E, true, 0, false));
	TRY(gsi_cfg_dim(r, "num_experts_per_tok", &a->topk, true, 0, false));
	TRY(gsi_cfg_dim(r, "moe_intermediate_size", &a->moe_i, true, 0, false));
	TRY(gsi_cfg_dim(r, "n_shared_experts", &shared, false, 0, true));
	TRY(gsi_cfg_dim(r, "first_k_dense_replace", &first_dense, false, 0, true));
	TRY(gsi_cfg_dim(r, "moe_layer_freq", &freq, false, 1, false));
	TRY(gsi_cfg_dim(r, "kv_lora_rank", &a->kv_lora, true, 0, false));
	TRY(gsi_cfg_dim(r, "q_lora_rank", &a->q_lora, false, 0, true));
	TRY(gsi_cfg_dim(r, "qk_rope_head_dim", &a->rope, true, 0, false));
	TRY(gsi_cfg_dim(r, "qk_nope_head_dim", &a->nope, true, 0, false));
	TRY(gsi_cfg_dim(r, "v_head_dim", &a->v_d, true, 0, false));
	a->mla = true;
	if ((uint64_t)shared * a->moe_i >= GSI_MAX_DIM)
		return gsi_cfg_field_error(r, "n_shared_experts",
		                           "times moe_intermediate_size must stay below 2^31 (the shared "
		                           "experts' width)");
	a->shared_i = shared * a->moe_i;
	const char *method = json_string_value(json_object_get(r->root, "topk_method"));
	a->router_bias = method && strcmp(method, "noaux_tc") == 0;
	for (uint32_t l = 0; l < a->L; l++)
		m->layer_is_moe[l] = l >= first_dense && l % freq == 0;
	return GS_OK;
}

/* ERNIE 4.5 MoE (Transformers modular_ernie4_5_moe.py read at 01187e21,
 * configuration_ernie4_5_moe.py at 001f85b3): llama-shaped attention and
 * MLPs, biased only with use_bias; layer l is a mixture of moe_num_experts
 * experts of moe_intermediate_size when (l + 1) % moe_layer_interval == 0
 * and moe_layer_start_index <= l <= moe_layer_end_index (-1: the last),
 * with shared experts moe_num_shared_experts x moe_intermediate_size wide,
 * a router of E x h and a correction bias of E, both kept in fp32
 * (_keep_in_fp32_modules_strict). The layout fields take the class's
 * defaults; the sizes are required. */
gs_status gsi_read_ernie4_5_moe(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	TRY(gsi_cfg_common(r, a, m, true));
	bool bias = false;
	TRY(gsi_cfg_flag(r, "use_bias", &bias, false));
	if (bias) /* lm_head = Linear(h, V, bias=use_bias): a bias gpusizer does not count */
		return gsi_cfg_field_error(r, "use_bias",
		                           "must be false: true adds an lm_head bias gpusizer does not count "
		                           "(no published ERNIE 4.5 checkpoint sets it)");
	uint32_t shared = 2, start = 1, interval = 1, end = a->L - 1;
	TRY(gsi_cfg_dim(r, "moe_num_experts", &a->E, true, 0, false));
	TRY(gsi_cfg_dim(r, "moe_k", &a->topk, true, 0, false));
	TRY(gsi_cfg_dim(r, "moe_intermediate_size", &a->moe_i, true, 0, false));
	TRY(gsi_cfg_dim(r, "moe_num_shared_experts", &shared, false, 2, true));
	TRY(gsi_cfg_dim(r, "moe_layer_start_index", &start, false, 1, true));
	TRY(gsi_cfg_dim(r, "moe_layer_interval", &interval, false, 1, false));
	json_t *e = json_object_get(r->root, "moe_layer_end_index");
	if (e && !json_is_null(e) && !(json_is_integer(e) && json_integer_value(e) == -1))
		TRY(gsi_cfg_dim(r, "moe_layer_end_index", &end, false, a->L - 1, true));
	if (a->topk > a->E)
		return gsi_cfg_field_error(r, "moe_k", "must not exceed moe_num_experts");
	if ((uint64_t)shared * a->moe_i >= GSI_MAX_DIM)
		return gsi_cfg_field_error(r, "moe_num_shared_experts",
		                           "times moe_intermediate_size must stay below 2^31 (the shared "
		                           "experts' width)");
	a->shared_i = shared * a->moe_i;
	a->router_bias = true; /* Ernie4_5_MoeStatics.e_score_correction_bias, (1, E) */
	for (uint32_t l = 0; l < a->L; l++)
		m->layer_is_moe[l] = (l + 1) % interval == 0 && l >= start && l <= end;
	return GS_OK;
}
