/*
 * model_decoders.c — config.json readers of dense decoder-only families
 * (Llama, Mistral, Qwen, Gemma, Phi-3, GPT-2, GPT-NeoX, BLOOM, Falcon,
 * StarCoder2, OLMo 2 and 3, EXAONE 4.0, InternLM2, Cohere, GLM, OPT), each after its
 * Transformers modeling_<type>.py (docs/method.md §2).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "model/model_reader.h"

gs_status gsi_read_llama(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	TRY(gsi_cfg_common(r, a, m, false));
	TRY(gsi_cfg_attention_bias(r, a, false));
	TRY(gsi_cfg_flag(r, "mlp_bias", &a->mlp_bias, false));
	/* no window by default, but honour an explicit layer_types list */
	return gsi_cfg_windows(r, a, m, NULL, 0, false);
}

gs_status gsi_read_mistral(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	TRY(gsi_cfg_common(r, a, m, false));
	return gsi_cfg_windows(r, a, m, NULL, 0, true);
}

static gs_status qwen_windows(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	bool use = false;
	uint32_t mwl = 0;
	TRY(gsi_cfg_flag(r, "use_sliding_window", &use, false));
	TRY(gsi_cfg_dim(r, "max_window_layers", &mwl, false, 0, true));
	return gsi_cfg_windows(r, a, m, gsi_cfg_qwen_rule, mwl, use);
}

gs_status gsi_read_qwen2(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	TRY(gsi_cfg_common(r, a, m, false));
	a->qkv_bias = true; /* Qwen2Attention: q/k/v with bias, o without */
	return qwen_windows(r, a, m);
}

gs_status gsi_read_qwen3(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	TRY(gsi_cfg_common(r, a, m, false));
	TRY(gsi_cfg_attention_bias(r, a, false));
	a->qk_norm = true;
	return qwen_windows(r, a, m);
}

gs_status gsi_read_gemma(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	TRY(gsi_cfg_common(r, a, m, true));
	a->tied = true; /* GemmaForCausalLM always ties lm_head to the embeddings */
	return GS_OK;
}

gs_status gsi_read_gemma2(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	TRY(gsi_read_gemma(r, a, m));
	a->norms_per_layer = 4; /* input, post-attention, pre- and post-feedforward */
	return gsi_cfg_windows(r, a, m, gsi_cfg_even_rule, 0, true);
}

gs_status gsi_read_gemma3(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	TRY(gsi_read_gemma(r, a, m));
	a->norms_per_layer = 4;
	a->qk_norm = true;
	uint32_t pattern = 6;
	TRY(gsi_cfg_dim(r, "sliding_window_pattern", &pattern, false, 6, true));
	return gsi_cfg_windows(r, a, m, gsi_cfg_pattern_rule, pattern, true);
}

gs_status gsi_read_phi3(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	TRY(gsi_cfg_common(r, a, m, false));
	a->fused_qkv = true;
	a->fused_gate_up = true;
	return gsi_cfg_windows(r, a, m, NULL, 0, true);
}

gs_status gsi_read_gpt2(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	(void)m;
	uint32_t inner = 0;
	TRY(gsi_cfg_dim(r, "n_embd", &a->h, true, 0, false));
	TRY(gsi_cfg_dim(r, "n_layer", &a->L, true, 0, false));
	TRY(gsi_cfg_dim(r, "n_head", &a->a, true, 0, false));
	TRY(gsi_cfg_dim(r, "vocab_size", &a->V, true, 0, false));
	TRY(gsi_cfg_dim(r, "n_positions", &a->max_pos, true, 0, false));
	TRY(gsi_cfg_dim(r, "n_inner", &inner, false, 4 * a->h, false));
	if (a->L > GS_MAX_LAYERS)
		return gsi_cfg_field_error(r, "n_layer", "exceeds the supported maximum of 512 layers");
	if (a->h % a->a)
		return gsi_cfg_field_error(r, "n_head", "must divide n_embd");
	a->i = inner;
	a->a_kv = a->a;
	a->d = a->v_d = a->h / a->a;
	a->qkv_bias = a->o_bias = a->mlp_bias = true;
	a->fused_qkv = true;
	a->norms_per_layer = 2;
	a->norm_bias = true;
	a->pos_embed = a->max_pos;
	a->gpt_style = true;
	a->nm[GSI_NM_QKV] = "c_attn";
	a->nm[GSI_NM_O] = "c_proj";
	a->nm[GSI_NM_UP] = "c_fc";
	a->nm[GSI_NM_DOWN] = "c_proj";
	TRY(gsi_cfg_flag(r, "tie_word_embeddings", &a->tied, true));
	return GS_OK;
}

/* GPTBigCode (StarCoder): GPT-2 blocks with multi-query attention, whose
 * fused c_attn projects to h + 2 x head_dim when multi_query is true. */
gs_status gsi_read_gpt_bigcode(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	bool mqa = true;
	TRY(gsi_read_gpt2(r, a, m));
	TRY(gsi_cfg_flag(r, "multi_query", &mqa, true));
	if (mqa)
		a->a_kv = 1;
	return GS_OK;
}

gs_status gsi_read_gpt_neox(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	TRY(gsi_cfg_common(r, a, m, false));
	a->gated = false;
	TRY(gsi_cfg_attention_bias(r, a, true));
	a->mlp_bias = true;
	a->fused_qkv = true;
	a->norm_bias = true;
	a->gpt_style = true;
	gsi_cfg_neox_names(a);
	return GS_OK;
}

/* BLOOM (modeling_bloom.py): ALiBi instead of position embeddings, a
 * LayerNorm after the word embeddings, per layer a fused query_key_value and
 * dense with biases, a 4h GELU MLP with biases, two LayerNorms; the head tied
 * to the word embeddings. Keys: n_layer / n_head (or their long names),
 * hidden_size (n_embed in early configs). */
gs_status gsi_read_bloom(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	TRY(gsi_cfg_core_dims(r, a, gsi_cfg_key_or_alias(r, "hidden_size", "n_embed")));
	a->i = 4 * a->h;
	a->max_pos = 0; /* ALiBi: no trained length in the config */
	TRY(gsi_cfg_flag(r, "tie_word_embeddings", &a->tied, true));
	a->qkv_bias = a->o_bias = a->mlp_bias = true;
	a->fused_qkv = true;
	a->norms_per_layer = 2;
	a->norm_bias = true;
	a->extra_norms = 1;
	a->gpt_style = true;
	/* modeling_bloom.py computes its scores with baddbmm and the ALiBi bias:
	 * no SDPA or flash path */
	m->eager_only = true;
	gsi_cfg_neox_names(a);
	return GS_OK;
}

/* Falcon (modeling_falcon.py), its three layouts by flag: the RefinedWeb
 * models (alibi, biases, sequential attention and MLP with two LayerNorms),
 * Falcon-7B (multi_query: one KV head; parallel_attn: one LayerNorm; no
 * biases) and the new decoder architecture of 40B/180B (num_kv_heads
 * groups, ln_attn and ln_mlp). A fused query_key_value of (heads + 2 x KV
 * heads) x head_dim rows, dense, a 4h GELU MLP; the head tied. */
gs_status gsi_read_falcon(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	(void)m;
	bool new_arch, mq, parallel, bias;
	uint32_t kv, ln_parallel;
	TRY(gsi_cfg_core_dims(r, a, "hidden_size"));
	TRY(gsi_cfg_dim(r, "max_position_embeddings", &a->max_pos, false, 0, true));
	TRY(gsi_cfg_flag(r, "new_decoder_architecture", &new_arch, false));
	TRY(gsi_cfg_flag(r, "multi_query", &mq, true));
	TRY(gsi_cfg_flag(r, "parallel_attn", &parallel, true));
	TRY(gsi_cfg_flag(r, "bias", &bias, false));
	TRY(gsi_cfg_flag(r, "tie_word_embeddings", &a->tied, true));
	TRY(gsi_cfg_dim(r, "num_kv_heads", &kv, false, a->a, false));
	TRY(gsi_cfg_dim(r, "num_ln_in_parallel_attn", &ln_parallel, false, 2, false));
	a->a_kv = new_arch ? kv : mq ? 1 : a->a;
	if (a->a_kv == 0 || a->a % a->a_kv)
		return gsi_cfg_field_error(r, "num_kv_heads", "must divide the attention heads");
	TRY(gsi_cfg_dim(r, "ffn_hidden_size", &a->i, false, 4 * a->h, false));
	a->qkv_bias = a->o_bias = a->mlp_bias = bias;
	a->fused_qkv = true;
	a->norms_per_layer = new_arch ? ln_parallel : parallel ? 1 : 2;
	a->norm_bias = true;
	a->gpt_style = true;
	gsi_cfg_neox_names(a);
	return GS_OK;
}

/* Qwen (the first, modeling_qwen.py of Qwen/Qwen-7B, trust_remote_code):
 * a fused c_attn of 3h with bias, c_proj, an MLP w1 (up) and w2 (gate,
 * SiLU) of intermediate_size / 2 and c_proj, biases there unless no_bias,
 * RMSNorms ln_1, ln_2 and ln_f, wte and an untied lm_head. */
gs_status gsi_read_qwen(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	(void)m;
	bool no_bias;
	uint32_t ff2;
	TRY(gsi_cfg_dim(r, "hidden_size", &a->h, true, 0, false));
	TRY(gsi_cfg_dim(r, "num_hidden_layers", &a->L, true, 0, false));
	TRY(gsi_cfg_dim(r, "num_attention_heads", &a->a, true, 0, false));
	TRY(gsi_cfg_dim(r, "intermediate_size", &ff2, true, 0, false));
	TRY(gsi_cfg_dim(r, "vocab_size", &a->V, true, 0, false));
	TRY(gsi_cfg_dim(r, "seq_length", &a->max_pos, false, 0, true));
	if (a->L > GS_MAX_LAYERS)
		return gsi_cfg_field_error(r, "num_hidden_layers",
		                           "exceeds the supported maximum of 512 layers");
	if (ff2 % 2)
		return gsi_cfg_field_error(r, "intermediate_size", "must be even (w1 and w2 each take half)");
	TRY(gsi_cfg_dim(r, "kv_channels", &a->d, false, a->h / a->a, false));
	TRY(gsi_cfg_flag(r, "no_bias", &no_bias, true));
	a->i = ff2 / 2;
	a->a_kv = a->a;
	a->v_d = a->d;
	a->gated = true;
	a->fused_qkv = true;
	a->qkv_bias = true; /* nn.Linear's default: c_attn always has one */
	a->o_bias = a->mlp_bias = !no_bias;
	a->norms_per_layer = 2;
	a->tied = false;
	a->nm[GSI_NM_QKV] = "c_attn";
	a->nm[GSI_NM_O] = "c_proj";
	a->nm[GSI_NM_GATE] = "w2";
	a->nm[GSI_NM_UP] = "w1";
	a->nm[GSI_NM_DOWN] = "c_proj";
	return GS_OK;
}

/* StarCoder2 (modeling_starcoder2.py): llama-shaped GQA attention and a
 * plain c_fc / c_proj GELU MLP, biases everywhere when use_bias (the
 * default), LayerNorms with bias, sliding window, the head tied by default. */
gs_status gsi_read_starcoder2(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	bool bias;
	TRY(gsi_cfg_common(r, a, m, true));
	TRY(gsi_cfg_flag(r, "use_bias", &bias, true));
	a->gated = false;
	a->qkv_bias = a->o_bias = a->mlp_bias = bias;
	a->norm_bias = true;
	a->nm[GSI_NM_UP] = "c_fc";
	a->nm[GSI_NM_DOWN] = "c_proj";
	return gsi_cfg_windows(r, a, m, NULL, 0, true);
}

/* OLMo 2 (modeling_olmo2.py): llama projections without biases, RMSNorms
 * on the whole query and key projections (a x d and a_kv x d), the two
 * norms after attention and after the MLP instead of before them. */
gs_status gsi_read_olmo2(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	TRY(gsi_cfg_common(r, a, m, false));
	TRY(gsi_cfg_attention_bias(r, a, false));
	a->qk_norm = a->qk_norm_full = true;
	return GS_OK;
}

/* The window a config that omits sliding_window gets from its class (4096
 * in Olmo3Config and Exaone4Config), applied by `rule` when layer_types is
 * absent too; an explicit null leaves every layer full (Transformers
 * passes sliding_window=None to the attention of every layer). */
static gs_status class_window(gsi_reader *r, gsi_arch *a, gs_model *m, uint32_t def, gsi_slide_rule rule,
                              uint32_t param)
{
	TRY(gsi_cfg_windows(r, a, m, rule, param, true));
	if (json_object_get(r->root, "sliding_window"))
		return GS_OK;
	a->window = def;
	json_t *types = json_object_get(r->root, "layer_types");
	if (!types || json_is_null(types))
		for (uint32_t l = 0; l < a->L; l++)
			m->layer_is_sliding[l] = rule(l, param);
	return GS_OK;
}

/* Olmo 3 and Olmo 3.1 (Transformers modeling_olmo3.py@0233e509531a,
 * configuration_olmo3.py@008e57439125; vLLM served Olmo3ForCausalLM with
 * models/olmo2.py from 0.11.0, PR #24534, and models/olmo3.py at
 * 7cfb97e3379): OLMo 2's layers and parameters (q_norm and k_norm over the
 * whole projections, the norms after attention and after the MLP) with
 * sliding-window attention on the layers layer_types names
 * "sliding_attention", by default three of every four (every fourth full),
 * over sliding_window tokens (4096 by default). */
gs_status gsi_read_olmo3(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	TRY(gsi_read_olmo2(r, a, m));
	return class_window(r, a, m, 4096, gsi_cfg_pattern_rule, 4);
}

/* EXAONE 4.0's sliding_window_pattern as a string of L (local) and G
 * (global) repeating from layer 0, the last layer always global: the
 * reference check_is_sliding (TensorRT-LLM _torch/models/modeling_exaone4.py);
 * Transformers reads only an integer pattern when it fills layer_types. */
static gs_status exaone4_pattern(gsi_reader *r, gsi_arch *a, gs_model *m, const char *pattern)
{
	size_t n = strlen(pattern);
	if (!n || strspn(pattern, "LG") != n)
		return gsi_cfg_field_error(r, "sliding_window_pattern",
		                           "must be an integer or a string of L (local) and G (global)");
	for (uint32_t l = 0; l < a->L; l++)
		m->layer_is_sliding[l] = a->window && l + 1 < a->L && pattern[l % n] == 'L';
	return GS_OK;
}

/* EXAONE 4.0 (Transformers modular_exaone4.py@008e57439125, vLLM
 * models/exaone4.py from 0.10.0, PR #21060): llama projections without
 * biases, per-head RMSNorms on q and k (head_dim each, as Qwen3's), the
 * OLMo 2 layer's two norms after attention and after the MLP, no norm
 * before them. Sliding layers by layer_types, else by
 * sliding_window_pattern (an integer: every pattern-th layer global, 4 by
 * default; or a string such as "LLLG"); no sliding at all when
 * sliding_window is null. The global layers of a hybrid skip RoPE (NoPE),
 * which holds no parameter. */
gs_status gsi_read_exaone4(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	TRY(gsi_cfg_common(r, a, m, false));
	a->qk_norm = true;
	json_t *pat = json_object_get(r->root, "sliding_window_pattern");
	uint32_t every = 4;
	if (!json_is_string(pat))
		TRY(gsi_cfg_dim(r, "sliding_window_pattern", &every, false, 4, false));
	TRY(class_window(r, a, m, 4096, gsi_cfg_pattern_rule, every));
	json_t *types = json_object_get(r->root, "layer_types");
	if (json_is_string(pat) && (!types || json_is_null(types)))
		return exaone4_pattern(r, a, m, json_string_value(pat));
	return GS_OK;
}

/* InternLM2 (modeling_internlm2.py, trust_remote_code): a fused wqkv of
 * (heads + 2 x KV heads) x head_dim rows, wo, a gated w1 / w3 / w2 MLP,
 * biases only when bias, RMSNorms attention_norm and ffn_norm, an untied
 * output head. */
gs_status gsi_read_internlm2(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	TRY(gsi_cfg_common(r, a, m, false));
	TRY(gsi_cfg_flag(r, "bias", &a->qkv_bias, false));
	a->o_bias = a->mlp_bias = a->qkv_bias;
	a->fused_qkv = true;
	a->nm[GSI_NM_QKV] = "wqkv";
	a->nm[GSI_NM_O] = "wo";
	a->nm[GSI_NM_GATE] = "w1";
	a->nm[GSI_NM_UP] = "w3";
	a->nm[GSI_NM_DOWN] = "w2";
	return GS_OK;
}

/* Cohere / Cohere2 (modeling_cohere.py, modeling_cohere2.py; Command R):
 * attention and the gated MLP run in parallel after one LayerNorm without
 * bias, q/k/v/o without bias unless gsi_cfg_attention_bias, optional per-head
 * LayerNorms on q and k (use_qk_norm), the head tied to the embeddings.
 * Cohere2 slides its window on all layers but every
 * sliding_window_pattern-th (or as layer_types says). */
static gs_status read_cohere_common(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	bool qk;
	TRY(gsi_cfg_common(r, a, m, true));
	TRY(gsi_cfg_attention_bias(r, a, false));
	TRY(gsi_cfg_flag(r, "use_qk_norm", &qk, false));
	if (qk) /* a LayerNorm of (heads, head_dim) for q and (kv heads, head_dim) for k */
		a->qk_norm = a->qk_norm_full = true;
	a->norms_per_layer = 1;
	return GS_OK;
}

gs_status gsi_read_cohere(gsi_reader *r, gsi_arch *a, gs_model *m) { return read_cohere_common(r, a, m); }

gs_status gsi_read_cohere2(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	uint32_t pattern;
	TRY(read_cohere_common(r, a, m));
	TRY(gsi_cfg_dim(r, "sliding_window_pattern", &pattern, false, 4, false));
	return gsi_cfg_windows(r, a, m, gsi_cfg_pattern_rule, pattern, true);
}

/* GLM-4 in Transformers (modeling_glm4.py, GLM-4-0414): llama-shaped GQA
 * with q/k/v biases (gsi_cfg_attention_bias, true by default) and o_proj without,
 * a fused gate_up_proj and down_proj without biases, four RMSNorms per
 * layer (before and after attention and the MLP), an untied head. */
gs_status gsi_read_glm4(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	TRY(gsi_cfg_common(r, a, m, false));
	TRY(gsi_cfg_flag(r, "attention_bias", &a->qkv_bias, true));
	a->fused_gate_up = true;
	a->norms_per_layer = 4;
	return GS_OK;
}

/* ChatGLM (remote code modeling_chatglm.py of ChatGLM2/3 and GLM-4-9B,
 * model_type chatglm): a fused query_key_value of (heads + 2 x
 * multi_query_group_num) x kv_channels rows (bias with add_qkv_bias), dense,
 * a SwiGLU dense_h_to_4h of 2 x ffn_hidden_size and dense_4h_to_h (biases
 * with add_bias_linear), RMSNorms (LayerNorms when rmsnorm is false), a
 * final norm with post_layer_norm, an untied output_layer over
 * padded_vocab_size. */
gs_status gsi_read_chatglm(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	(void)m;
	bool mq, rms, post, linear_bias;
	TRY(gsi_cfg_dim(r, "hidden_size", &a->h, true, 0, false));
	TRY(gsi_cfg_dim(r, "num_layers", &a->L, true, 0, false));
	TRY(gsi_cfg_dim(r, "num_attention_heads", &a->a, true, 0, false));
	TRY(gsi_cfg_dim(r, "ffn_hidden_size", &a->i, true, 0, false));
	TRY(gsi_cfg_dim(r, "padded_vocab_size", &a->V, true, 0, false));
	TRY(gsi_cfg_dim(r, "seq_length", &a->max_pos, false, 0, true));
	if (a->L > GS_MAX_LAYERS)
		return gsi_cfg_field_error(r, "num_layers", "exceeds the supported maximum of 512 layers");
	TRY(gsi_cfg_dim(r, "kv_channels", &a->d, false, a->h / a->a, false));
	TRY(gsi_cfg_flag(r, "multi_query_attention", &mq, false));
	TRY(gsi_cfg_dim(r, "multi_query_group_num", &a->a_kv, false, a->a, false));
	if (!mq)
		a->a_kv = a->a;
	if (a->a % a->a_kv)
		return gsi_cfg_field_error(r, "multi_query_group_num", "must divide num_attention_heads");
	TRY(gsi_cfg_flag(r, "add_qkv_bias", &a->qkv_bias, false));
	TRY(gsi_cfg_flag(r, "add_bias_linear", &linear_bias, false));
	TRY(gsi_cfg_flag(r, "rmsnorm", &rms, true));
	TRY(gsi_cfg_flag(r, "post_layer_norm", &post, true));
	a->v_d = a->d;
	a->o_bias = a->mlp_bias = linear_bias;
	a->gated = a->fused_qkv = a->fused_gate_up = true;
	a->norm_bias = !rms;
	a->norms_per_layer = 2;
	a->no_final_norm = !post;
	a->tied = false;
	a->nm[GSI_NM_QKV] = "query_key_value";
	a->nm[GSI_NM_O] = "dense";
	a->nm[GSI_NM_GATE_UP] = "dense_h_to_4h";
	a->nm[GSI_NM_DOWN] = "dense_4h_to_h";
	return GS_OK;
}

/* OPT (Transformers modeling_opt.py read at 0184d208): q/k/v/out_proj and
 * fc1/fc2 with biases when enable_bias, two LayerNorms per layer (no
 * parameters when layer_norm_elementwise_affine is false), learned
 * positions of max_position_embeddings + 2 rows (OPTLearnedPositionalEmbedding's
 * offset), a token embedding of word_embed_proj_dim behind project_in and
 * project_out when that differs from hidden_size (OPT-350m), a final
 * LayerNorm only with do_layer_norm_before and without
 * _remove_final_layer_norm, the head tied to the embedding. */
gs_status gsi_read_opt(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	(void)m;
	bool bias = true, affine = true, before = true, remove_final = false;
	TRY(gsi_cfg_core_dims(r, a, "hidden_size"));
	TRY(gsi_cfg_dim(r, "ffn_dim", &a->i, true, 0, false));
	TRY(gsi_cfg_dim(r, "max_position_embeddings", &a->max_pos, true, 0, false));
	TRY(gsi_cfg_dim(r, "word_embed_proj_dim", &a->embed_w, false, a->h, false));
	TRY(gsi_cfg_flag(r, "enable_bias", &bias, true));
	TRY(gsi_cfg_flag(r, "layer_norm_elementwise_affine", &affine, true));
	TRY(gsi_cfg_flag(r, "do_layer_norm_before", &before, true));
	TRY(gsi_cfg_flag(r, "_remove_final_layer_norm", &remove_final, false));
	TRY(gsi_cfg_flag(r, "tie_word_embeddings", &a->tied, true));
	a->gated = false;
	a->qkv_bias = a->o_bias = a->mlp_bias = bias;
	a->norm_bias = true;
	a->norms_per_layer = affine ? 2 : 0;
	a->no_final_norm = !affine || !before || remove_final;
	a->pos_embed = (uint64_t)a->max_pos + 2;
	a->gpt_style = true;
	a->nm[GSI_NM_O] = "out_proj";
	a->nm[GSI_NM_UP] = "fc1";
	a->nm[GSI_NM_DOWN] = "fc2";
	return GS_OK;
}
