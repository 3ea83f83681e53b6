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

/* DeepSeek-V2's and V3's MLA layers and routed experts, without the MTP
 * layers: each reader that shares them says what its checkpoint stores. */
static gs_status mla_moe_layers(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	a->mla = true; /* before gsi_cfg_common: no head_dim is derived from hidden_size */
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

/* The experts' fields of a DeepSeek-shaped mixture (GLM-4.x): n_routed_experts
 * of moe_intermediate_size, num_experts_per_tok, n_shared_experts x
 * moe_intermediate_size of shared experts, the layers from
 * first_k_dense_replace on. All required: the hub configs carry them, and
 * a class default here would size another model. */
static gs_status glm_experts(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	uint32_t shared, first_dense;
	TRY(gsi_cfg_dim(r, "n_routed_experts", &a->E, true, 0, false));
	TRY(gsi_cfg_dim(r, "num_experts_per_tok", &a->topk, true, 0, false));
	TRY(gsi_cfg_dim(r, "moe_intermediate_size", &a->moe_i, true, 0, false));
	TRY(gsi_cfg_dim(r, "n_shared_experts", &shared, true, 0, true));
	TRY(gsi_cfg_dim(r, "first_k_dense_replace", &first_dense, true, 0, true));
	if (a->topk > a->E)
		return gsi_cfg_field_error(r, "num_experts_per_tok", "must not exceed n_routed_experts");
	if ((uint64_t)shared * a->moe_i >= GSI_MAX_DIM)
		return gsi_cfg_field_error(r, "n_shared_experts",
		                           "times moe_intermediate_size must stay below 2^31 (the shared "
		                           "experts' width)");
	a->shared_i = shared * a->moe_i;
	/* Glm4MoE always creates gate.e_score_correction_bias (vLLM glm4_moe.py
	 * @7cfb97e3379), whatever topk_method says */
	a->router_bias = true;
	for (uint32_t l = 0; l < a->L; l++)
		m->layer_is_moe[l] = l >= first_dense;
	return GS_OK;
}

/* num_nextn_predict_layers: the MTP layers the checkpoint stores (vLLM
 * deepseek_mtp.py DeepSeekMultiTokenPredictorLayer, glm4_moe_mtp.py
 * Glm4MoeMultiTokenPredictorLayer @7cfb97e3379): each a decoder layer of
 * the last layer's kind (its index is past first_k_dense_replace), plus its
 * own enorm, hnorm and shared_head.norm and eh_proj (2h -> h, no bias), and
 * where the checkpoint stores them its own embed_tokens and
 * shared_head.head (gsi_arch.mtp_extra, per layer here). */
static gs_status glm_mtp(gsi_reader *r, gsi_arch *a, bool embed_head, bool required)
{
	TRY(gsi_cfg_dim(r, "num_nextn_predict_layers", &a->mtp_layers, required, 0, true));
	if (a->mtp_layers > 8)
		return gsi_cfg_field_error(r, "num_nextn_predict_layers",
		                           "must be at most 8 (published GLM and DeepSeek checkpoints "
		                           "store 1)");
	a->mtp_embed_head = embed_head;
	uint64_t h = a->h, own = 2 * h * h + 3 * h * (a->norm_bias ? 2 : 1);
	if (embed_head)
		own += 2 * (uint64_t)a->V * h;
	a->mtp_extra = a->mtp_layers * own;
	return GS_OK;
}

/* DeepSeek-V2, V3 and R1, Kimi K2 (model_types deepseek_v2, deepseek_v3,
 * kimi_k2): mla_moe_layers, and the num_nextn_predict_layers MTP layers
 * V3's and R1's checkpoints store as model.layers.61 with their own
 * embed_tokens and shared_head.head (vLLM deepseek_mtp.py
 * @7cfb97e3379; R1's safetensors total, 684,531,386,000, is the trunk, that
 * layer and the FP8 scales). V2's configs have no such key and Kimi K2's
 * says 0: none. Counted apart, as DeepSeek-V3.2's and GLM's are. */
gs_status gsi_read_deepseek_v3(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	TRY(mla_moe_layers(r, a, m));
	return glm_mtp(r, a, true, false);
}

/* GLM-4.5, 4.6 and 4.7 (model_type glm4_moe; vLLM glm4_moe.py Glm4MoeAttention,
 * Glm4MoE, Glm4MoeDecoderLayer and glm4_moe_mtp.py @7cfb97e3379; the
 * Transformers index stores only a pre-release configuration class, so the
 * hub keys are read): GQA with q/k/v biases (attention_bias; o_proj never has
 * one) and per-head q/k RMSNorms with use_qk_norm, partial RoPE (no
 * parameters); glm_experts' mixture from first_k_dense_replace on, a dense
 * MLP of intermediate_size before; two RMSNorms; an untied head. The
 * num_nextn_predict_layers MTP layers have no embed_tokens or
 * shared_head.head of their own: vLLM's loader copies the trunk's into them
 * for the GLM-4.6 checkpoint (d3ade61e42). attention_bias, use_qk_norm and
 * num_nextn_predict_layers are required: abridged configs omit them, and
 * GLM-4.5-Air and GLM-4.5 differ on use_qk_norm. */
gs_status gsi_read_glm4_moe(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	TRY(gsi_cfg_common(r, a, m, false));
	TRY(gsi_cfg_flag_required(r, "attention_bias", &a->qkv_bias));
	a->o_bias = false;
	TRY(gsi_cfg_flag_required(r, "use_qk_norm", &a->qk_norm));
	TRY(glm_experts(r, a, m));
	return glm_mtp(r, a, false, true);
}

/* GLM-4.7-Flash (model_type glm4_moe_lite; vLLM glm4_moe_lite.py
 * @7cfb97e3379): DeepSeek-V3's MLA layers (mla_moe_layers) with
 * Glm4MoE's experts, whose e_score_correction_bias is always there. Its MTP
 * layer stores its own embed_tokens and shared_head.head: the hub's
 * safetensors total, 31,221,488,576, is the trunk, one MTP layer and 2 x
 * vocab x hidden (/work/notes/archs/deepseek_v3.md). */
gs_status gsi_read_glm4_moe_lite(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	TRY(mla_moe_layers(r, a, m));
	a->router_bias = true;
	return glm_mtp(r, a, true, true);
}

/* DeepSeek-V3's MLA layers (mla_moe_layers), each with a DeepSeek
 * Sparse Attention indexer (vLLM deepseek_v2.py Indexer @7cfb97e3379;
 * Transformers configuration_deepseek_v32.py DeepseekV32Config @008e5743):
 * index_n_heads heads of index_head_dim read from the q latent (q_lora_rank
 * required), which pick the index_topk tokens each query attends. IndexCache
 * layouts (index_topk_freq, index_topk_pattern, index_skip_topk_offset,
 * indexer_types: layers reusing another's top-k without an indexer) are
 * refused: no published checkpoint uses them and their layer rule is not
 * read. */
static gs_status dsa_layers(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	static const char *const index_cache[] = {"index_topk_freq", "index_topk_pattern",
	                                          "index_skip_topk_offset", "indexer_types"};
	for (size_t i = 0; i < sizeof index_cache / sizeof index_cache[0]; i++) {
		json_t *v = json_object_get(r->root, index_cache[i]);
		if (v && !json_is_null(v))
			return gsi_cfg_field_error(r, index_cache[i],
			                           "is not read: layers that reuse another layer's top-k "
			                           "(IndexCache) have no indexer, and which ones is not "
			                           "modelled");
	}
	TRY(mla_moe_layers(r, a, m));
	if (!a->q_lora)
		return gsi_cfg_field_error(r, "q_lora_rank",
		                           "must be set: the DSA indexer's wq_b reads the q latent");
	TRY(gsi_cfg_dim(r, "index_n_heads", &a->idx_heads, true, 0, false));
	TRY(gsi_cfg_dim(r, "index_head_dim", &a->idx_dim, true, 0, false));
	TRY(gsi_cfg_dim(r, "index_topk", &a->idx_topk, true, 0, false));
	if ((uint64_t)a->idx_heads * a->idx_dim >= GSI_MAX_DIM)
		return gsi_cfg_field_error(r, "index_n_heads", "times index_head_dim must stay below 2^31");
	return GS_OK;
}

/* GLM-5 and GLM-5.1 (model_type glm_moe_dsa; vLLM registry.py
 * GlmMoeDsaForCausalLM = vllm/models/deepseek_v32, deepseek_v2.py Indexer
 * @7cfb97e3379): DeepSeek-V3.2's layout (dsa_layers); the MTP layer shares
 * the trunk's embeddings and head (GLM-5.1's safetensors total,
 * 753,864,139,008, has no second copy). */
gs_status gsi_read_glm_moe_dsa(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	TRY(dsa_layers(r, a, m));
	return glm_mtp(r, a, false, true);
}

/* DeepSeek-V3.2 and V3.2-Exp (model_type deepseek_v32; vLLM registry.py
 * DeepseekV32ForCausalLM = vllm/models/deepseek_v32, deepseek_v2.py Indexer,
 * deepseek_v32 DeepseekV32MTP @7cfb97e3379; Transformers
 * configuration_deepseek_v32.py @008e5743): dsa_layers' MLA layers with
 * their indexers, DeepSeek-V3's experts and router (topk_method noaux_tc:
 * the correction bias). Its num_nextn_predict_layers MTP layers store their
 * own embed_tokens and shared_head.head, as DeepSeek-V3's do: the hub's
 * safetensors total, 685,396,921,376, is the trunk, one MTP layer with
 * 2 x vocab x hidden and the fp32 scales of the FP8 blocks
 * (/work/notes/archs/deepseek_v3.md). Transformers ignores model.layers.61
 * on load; vLLM and SGLang load it only as the MTP draft. */
gs_status gsi_read_deepseek_v32(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	TRY(dsa_layers(r, a, m));
	return glm_mtp(r, a, true, true);
}

/* Llama 4's layer kinds: MoE layers from moe_layers, else every
 * interleave_moe_layer_step-th (Llama4TextConfig: range(step - 1, L,
 * step)); RoPE layers from no_rope_layers (1 = RoPE; empty or absent: all
 * but every no_rope_layer_interval-th), which attend within chunks of
 * attention_chunk_size and keep only the current chunk's K/V (vLLM's
 * ChunkedLocalAttention): a window of that size for the cache; the NoPE
 * layers attend globally. */
static gs_status llama4_layers(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	uint32_t step = 1, interval = 4;
	TRY(gsi_cfg_dim(r, "interleave_moe_layer_step", &step, false, 1, true));
	TRY(gsi_cfg_dim(r, "no_rope_layer_interval", &interval, false, 4, false));
	TRY(gsi_cfg_dim(r, "attention_chunk_size", &a->window, false, 0, true));
	json_t *moe = json_object_get(r->root, "moe_layers");
	json_t *rope = json_object_get(r->root, "no_rope_layers");
	if (moe && !json_is_null(moe) && !json_is_array(moe))
		return gsi_cfg_field_error(r, "moe_layers", "must be a list of layer indices");
	if (rope && !json_is_null(rope) && (!json_is_array(rope) ||
	                                     (json_array_size(rope) && json_array_size(rope) != a->L)))
		return gsi_cfg_field_error(r, "no_rope_layers", "must be a list of 0 or 1, one per layer");
	bool listed = json_array_size(moe) > 0, rope_listed = json_array_size(rope) > 0;
	for (uint32_t l = 0; l < a->L; l++) {
		m->layer_is_moe[l] = !listed && step && (l + 1) % step == 0;
		json_t *v = rope_listed ? json_array_get(rope, l) : NULL;
		if (v && !(json_is_integer(v) && (json_integer_value(v) == 0 || json_integer_value(v) == 1)))
			return gsi_cfg_field_error(r, "no_rope_layers",
			                           "must be a list of 0 or 1, one per layer");
		bool uses_rope = v ? json_integer_value(v) == 1 : (l + 1) % interval != 0;
		m->layer_is_sliding[l] = uses_rope && a->window;
	}
	for (size_t k = 0; listed && k < json_array_size(moe); k++) {
		json_t *v = json_array_get(moe, k);
		json_int_t x = json_integer_value(v);
		if (!json_is_integer(v) || x < 0 || x >= (json_int_t)a->L)
			return gsi_cfg_field_error(r, "moe_layers", "entries must be layer indices below "
			                                            "num_hidden_layers");
		m->layer_is_moe[json_integer_value(v)] = true;
	}
	return GS_OK;
}

/* Llama 4's text model (model_type llama4_text; Transformers
 * configuration_llama4.py Llama4TextConfig @008e5743, vLLM llama4.py
 * Llama4MoE, Llama4Attention, Llama4DecoderLayer @7cfb97e3379): Llama's
 * attention (biases with attention_bias) whose q/k norm on the RoPE layers
 * (use_qk_norm) has no weight; MoE layers hold a router E x h without bias
 * (nn.Linear "router"), num_local_experts experts of intermediate_size as
 * fused 3-D parameters (gate_up_proj, down_proj) and one shared expert of
 * the same width; the other layers a dense MLP of intermediate_size_mlp;
 * two RMSNorms; the head untied. Chunked attention (llama4_layers). */
gs_status gsi_read_llama4_text(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	TRY(gsi_cfg_common(r, a, m, false));
	TRY(gsi_cfg_attention_bias(r, a, false));
	TRY(gsi_cfg_dim(r, "num_local_experts", &a->E, true, 0, false));
	TRY(gsi_cfg_dim(r, "num_experts_per_tok", &a->topk, true, 0, false));
	TRY(gsi_cfg_dim(r, "intermediate_size_mlp", &a->i, true, 0, false));
	if (a->topk > a->E)
		return gsi_cfg_field_error(r, "num_experts_per_tok", "must not exceed num_local_experts");
	/* intermediate_size is the experts' and the shared expert's width */
	TRY(gsi_cfg_dim(r, "intermediate_size", &a->moe_i, true, 0, false));
	a->shared_i = a->moe_i;
	a->experts_params = true;
	a->router_module = "router";
	return llama4_layers(r, a, m);
}

/* MiniMax-M2, M2.1, M2.5, M2.7 (model_type minimax_m2; vLLM minimax_m2.py
 * MiniMaxM2MoE, MiniMaxM2Attention, MiniMaxM2DecoderLayer @7cfb97e3379; the
 * hub's remote code configuration_minimax_m2.py): GQA with q/k/v biases
 * only with attention_bias, RMSNorms over all of q's heads (heads x
 * head_dim) and all of k's (qk_norm_type per_layer, as OLMo 2); every layer
 * a mixture of num_local_experts SwiGLU experts (w1, w3, w2) of
 * intermediate_size with a router E x h and, with use_routing_bias, its
 * e_score_correction_bias; partial RoPE (rotary_dim) holds nothing; the
 * head untied. use_mtp / num_mtp_modules announce MTP modules that the
 * published checkpoints do not store (vLLM's loader drops layers.62..64 if
 * present; MiniMax-M2.7's safetensors total is the trunk and its FP8
 * scales, to the unit): none is counted. Refused rather than guessed: a
 * lightning-attention layer (attn_type_list 0, model_type minimax's), a
 * shared expert (vLLM builds none) and q/k norms other than per_layer. */
gs_status gsi_read_minimax_m2(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	TRY(gsi_cfg_common(r, a, m, false));
	TRY(gsi_cfg_flag(r, "attention_bias", &a->qkv_bias, false));
	TRY(gsi_cfg_dim(r, "num_local_experts", &a->E, true, 0, false));
	TRY(gsi_cfg_dim(r, "num_experts_per_tok", &a->topk, true, 0, false));
	if (a->topk > a->E)
		return gsi_cfg_field_error(r, "num_experts_per_tok", "must not exceed num_local_experts");
	uint32_t shared = 0;
	TRY(gsi_cfg_dim(r, "shared_intermediate_size", &shared, false, 0, true));
	if (shared)
		return gsi_cfg_field_error(r, "shared_intermediate_size",
		                           "must be 0: vLLM's MiniMaxM2MoE builds no shared expert and no "
		                           "published checkpoint has one");
	TRY(gsi_cfg_flag(r, "use_routing_bias", &a->router_bias, false));
	TRY(gsi_cfg_flag(r, "use_qk_norm", &a->qk_norm, true));
	const char *norm = json_string_value(json_object_get(r->root, "qk_norm_type"));
	if (a->qk_norm && norm && strcmp(norm, "per_layer"))
		return gsi_cfg_field_error(r, "qk_norm_type",
		                           "must be \"per_layer\" (one RMSNorm over all heads): other kinds "
		                           "are not read");
	a->qk_norm_full = a->qk_norm;
	json_t *types = json_object_get(r->root, "attn_type_list");
	for (size_t k = 0; json_is_array(types) && k < json_array_size(types); k++)
		if (json_integer_value(json_array_get(types, k)) != 1)
			return gsi_cfg_field_error(r, "attn_type_list",
			                           "must be all 1 (full attention): lightning-attention "
			                           "layers are MiniMax-Text-01's (model_type minimax), not "
			                           "read");
	a->moe_i = a->i;
	a->nm[GSI_NM_EGATE] = "w1";
	a->nm[GSI_NM_EUP] = "w3";
	a->nm[GSI_NM_EDOWN] = "w2";
	for (uint32_t l = 0; l < a->L; l++)
		m->layer_is_moe[l] = true;
	return GS_OK;
}
