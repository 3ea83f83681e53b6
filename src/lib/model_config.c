/*
 * model_config.c — read a Hugging Face config.json into a gs_model.
 *
 * Each supported model_type has a reader that fills the generic gsi_arch
 * from the config's own fields, choosing which terms exist (biases, QK
 * norms, fused projections, experts, MLA, sliding windows) after the
 * corresponding Transformers modeling_<type>.py; docs/method.md §2 pins a
 * worked parameter count per type.
 *
 * Limits: the whole file is read into memory, capped at MAX_CONFIG_BYTES;
 * every dimension must be an integer in [1, 2^31) (0 allowed where noted)
 * and the layer count at most GS_MAX_LAYERS.
 */
#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <jansson.h>
#include "gpusizer/file.h"
#include "gpusizer/units.h"
#include "model_internal.h"

#define MAX_CONFIG_BYTES (8u << 20)
#define MAX_DIM ((uint64_t)1 << 31)

static const char supported[] =
	"llama, mistral, mixtral, phimoe, qwen2, qwen3, qwen3_moe, gemma, gemma2, gemma3_text, "
	"phi3, gpt2, gpt_bigcode, gpt_neox, bloom, falcon, gpt_oss, deepseek_v2, deepseek_v3, ernie4_5_moe, qwen3_next, bailing_moe, qwen, starcoder2, opt, "
	"olmo2, internlm2, cohere, cohere2, granite, granitemoe, chatglm, glm4, mamba, mamba2, jamba, nemotron_h, falcon_h1, bert, t5, mt5, umt5, bart, marian, gemma3, llava, llava_next, qwen2_vl, qwen2_5_vl, mllama and mistral3 (vision)";

const char *gs_model_supported_types(void) { return supported; }

typedef struct reader {
	json_t *root;
	const char *name;
	gs_error *err;
} reader;

static gs_status field_error(reader *r, const char *key, const char *what)
{
	char where[300];
	snprintf(where, sizeof where, "%s: %s", r->name, key);
	(void)where;
	return gs_error_set(r->err, GS_EINPUT, r->name, "field \"%s\" %s", key, what);
}

/* Read an integer dimension. required: missing or null is an error;
 * otherwise *out = def. allow_zero accepts 0 (e.g. q_lora_rank). */
static gs_status dim(reader *r, const char *key, uint32_t *out, bool required, uint32_t def,
                     bool allow_zero)
{
	json_t *v = json_object_get(r->root, key);
	if (!v || json_is_null(v)) {
		if (required)
			return field_error(r, key, "is missing (an integer dimension is required)");
		*out = def;
		return GS_OK;
	}
	if (!json_is_integer(v))
		return field_error(r, key, "must be an integer");
	json_int_t x = json_integer_value(v);
	if (x < 0 || (uint64_t)x >= MAX_DIM || (x == 0 && !allow_zero))
		return field_error(r, key, allow_zero ? "must be an integer in [0, 2^31)"
		                                      : "must be an integer in [1, 2^31)");
	*out = (uint32_t)x;
	return GS_OK;
}

static gs_status flag(reader *r, const char *key, bool *out, bool def)
{
	json_t *v = json_object_get(r->root, key);
	if (!v || json_is_null(v)) {
		*out = def;
		return GS_OK;
	}
	if (!json_is_boolean(v))
		return field_error(r, key, "must be true or false");
	*out = json_is_true(v);
	return GS_OK;
}

/* A boolean the config must carry: absent is an error naming it. */
static gs_status flag_required(reader *r, const char *key, bool *out)
{
	json_t *v = json_object_get(r->root, key);
	if (!v || json_is_null(v))
		return field_error(r, key, "is required (true or false): gpusizer does not guess it");
	return flag(r, key, out, false);
}

#define TRY(x) do { gs_status s_ = (x); if (s_) return s_; } while (0)

/* attention_bias: one switch for the biases of q/k/v and o together. */
static gs_status attention_bias(reader *r, gsi_arch *a, bool def)
{
	TRY(flag(r, "attention_bias", &a->qkv_bias, def));
	a->o_bias = a->qkv_bias;
	return GS_OK;
}

/* Fields shared by llama-like decoders. */
static gs_status common(reader *r, gsi_arch *a, gs_model *m, bool tied_default)
{
	TRY(dim(r, "hidden_size", &a->h, true, 0, false));
	TRY(dim(r, "num_hidden_layers", &a->L, true, 0, false));
	TRY(dim(r, "num_attention_heads", &a->a, true, 0, false));
	TRY(dim(r, "num_key_value_heads", &a->a_kv, false, a->a, false));
	/* grouped-query attention shares each KV head among a whole group of
	 * query heads (repeat_kv in Transformers): it must divide them */
	if (a->a_kv > a->a || a->a % a->a_kv)
		return field_error(r, "num_key_value_heads", "must divide num_attention_heads (each KV head serves a whole "
		                   "group of query heads)");
	TRY(dim(r, "intermediate_size", &a->i, true, 0, false));
	TRY(dim(r, "vocab_size", &a->V, true, 0, false));
	TRY(dim(r, "max_position_embeddings", &a->max_pos, false, 0, true));
	if (a->h % a->a && !json_object_get(r->root, "head_dim"))
		return field_error(r, "head_dim", "is missing and hidden_size is not a multiple of num_attention_heads");
	TRY(dim(r, "head_dim", &a->d, false, a->h / a->a, false));
	a->v_d = a->d;
	TRY(flag(r, "tie_word_embeddings", &a->tied, tied_default));
	a->gated = true;
	a->norms_per_layer = 2;
	if (a->L > GS_MAX_LAYERS)
		return field_error(r, "num_hidden_layers", "exceeds the supported maximum of 512 layers");
	(void)m;
	return GS_OK;
}

/* Sliding window: an explicit layer_types list wins; otherwise `rule`
 * decides per layer (NULL = every layer slides when a window is set). */
typedef bool (*slide_rule)(uint32_t layer, uint32_t param);

static gs_status windows(reader *r, gsi_arch *a, gs_model *m, slide_rule rule, uint32_t param,
                         bool enabled)
{
	TRY(dim(r, "sliding_window", &a->window, false, 0, true));
	json_t *types = json_object_get(r->root, "layer_types");
	if (types && !json_is_null(types)) {
		if (!json_is_array(types) || json_array_size(types) != a->L)
			return field_error(r, "layer_types", "must be a list with one entry per layer");
		for (uint32_t l = 0; l < a->L; l++) {
			const char *t = json_string_value(json_array_get(types, l));
			if (!t)
				return field_error(r, "layer_types", "entries must be strings");
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

static bool qwen_rule(uint32_t l, uint32_t max_window_layers) { return l >= max_window_layers; }
static bool even_rule(uint32_t l, uint32_t unused) { (void)unused; return l % 2 == 0; }
static bool pattern_rule(uint32_t l, uint32_t pattern) { return pattern == 0 || (l + 1) % pattern != 0; }

static gs_status read_llama(reader *r, gsi_arch *a, gs_model *m)
{
	TRY(common(r, a, m, false));
	TRY(attention_bias(r, a, false));
	TRY(flag(r, "mlp_bias", &a->mlp_bias, false));
	/* no window by default, but honour an explicit layer_types list */
	return windows(r, a, m, NULL, 0, false);
}

static gs_status read_mistral(reader *r, gsi_arch *a, gs_model *m)
{
	TRY(common(r, a, m, false));
	return windows(r, a, m, NULL, 0, true);
}

static gs_status read_mixtral(reader *r, gsi_arch *a, gs_model *m)
{
	TRY(read_mistral(r, a, m));
	TRY(dim(r, "num_local_experts", &a->E, true, 0, false));
	TRY(dim(r, "num_experts_per_tok", &a->topk, true, 0, false));
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
 * PhimoeModel.norm), q/k/v/o biases with attention_bias, a router without
 * bias and lm_head's bias with lm_head_bias. Its attention takes head_dim
 * as hidden_size / num_attention_heads whatever the config says. */
static gs_status read_phimoe(reader *r, gsi_arch *a, gs_model *m)
{
	TRY(read_mixtral(r, a, m));
	if (a->d * a->a != a->h)
		return field_error(r, "head_dim", "must be hidden_size / num_attention_heads: PhimoeAttention derives it so");
	TRY(attention_bias(r, a, false));
	TRY(flag(r, "lm_head_bias", &a->lm_head_bias, false));
	a->norm_bias = true;
	return GS_OK;
}

static gs_status qwen_windows(reader *r, gsi_arch *a, gs_model *m)
{
	bool use = false;
	uint32_t mwl = 0;
	TRY(flag(r, "use_sliding_window", &use, false));
	TRY(dim(r, "max_window_layers", &mwl, false, 0, true));
	return windows(r, a, m, qwen_rule, mwl, use);
}

static gs_status read_qwen2(reader *r, gsi_arch *a, gs_model *m)
{
	TRY(common(r, a, m, false));
	a->qkv_bias = true; /* Qwen2Attention: q/k/v with bias, o without */
	return qwen_windows(r, a, m);
}

static gs_status read_qwen3(reader *r, gsi_arch *a, gs_model *m)
{
	TRY(common(r, a, m, false));
	TRY(attention_bias(r, a, false));
	a->qk_norm = true;
	return qwen_windows(r, a, m);
}

static gs_status read_qwen3_moe(reader *r, gsi_arch *a, gs_model *m)
{
	TRY(read_qwen3(r, a, m));
	uint32_t step = 1;
	TRY(dim(r, "num_experts", &a->E, true, 0, false));
	TRY(dim(r, "num_experts_per_tok", &a->topk, true, 0, false));
	TRY(dim(r, "moe_intermediate_size", &a->moe_i, true, 0, false));
	TRY(dim(r, "decoder_sparse_step", &step, false, 1, false));
	json_t *dense = json_object_get(r->root, "mlp_only_layers");
	if (dense && !json_is_null(dense) && !json_is_array(dense))
		return field_error(r, "mlp_only_layers", "must be a list of layer indices");
	for (uint32_t l = 0; l < a->L; l++)
		m->layer_is_moe[l] = (l + 1) % step == 0;
	for (size_t k = 0; dense && k < json_array_size(dense); k++) {
		json_t *v = json_array_get(dense, k);
		if (!json_is_integer(v) || json_integer_value(v) < 0 ||
		    json_integer_value(v) >= (json_int_t)a->L)
			return field_error(r, "mlp_only_layers", "entries must be layer indices below num_hidden_layers");
		m->layer_is_moe[json_integer_value(v)] = false;
	}
	return GS_OK;
}

static gs_status read_gemma(reader *r, gsi_arch *a, gs_model *m)
{
	TRY(common(r, a, m, true));
	a->tied = true; /* GemmaForCausalLM always ties lm_head to the embeddings */
	return GS_OK;
}

static gs_status read_gemma2(reader *r, gsi_arch *a, gs_model *m)
{
	TRY(read_gemma(r, a, m));
	a->norms_per_layer = 4; /* input, post-attention, pre- and post-feedforward */
	return windows(r, a, m, even_rule, 0, true);
}

static gs_status read_gemma3(reader *r, gsi_arch *a, gs_model *m)
{
	TRY(read_gemma(r, a, m));
	a->norms_per_layer = 4;
	a->qk_norm = true;
	uint32_t pattern = 6;
	TRY(dim(r, "sliding_window_pattern", &pattern, false, 6, true));
	return windows(r, a, m, pattern_rule, pattern, true);
}

static gs_status read_phi3(reader *r, gsi_arch *a, gs_model *m)
{
	TRY(common(r, a, m, false));
	a->fused_qkv = true;
	a->fused_gate_up = true;
	return windows(r, a, m, NULL, 0, true);
}

static gs_status read_gpt2(reader *r, gsi_arch *a, gs_model *m)
{
	(void)m;
	uint32_t inner = 0;
	TRY(dim(r, "n_embd", &a->h, true, 0, false));
	TRY(dim(r, "n_layer", &a->L, true, 0, false));
	TRY(dim(r, "n_head", &a->a, true, 0, false));
	TRY(dim(r, "vocab_size", &a->V, true, 0, false));
	TRY(dim(r, "n_positions", &a->max_pos, true, 0, false));
	TRY(dim(r, "n_inner", &inner, false, 4 * a->h, false));
	if (a->L > GS_MAX_LAYERS)
		return field_error(r, "n_layer", "exceeds the supported maximum of 512 layers");
	if (a->h % a->a)
		return field_error(r, "n_head", "must divide n_embd");
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
	TRY(flag(r, "tie_word_embeddings", &a->tied, true));
	return GS_OK;
}

/* GPTBigCode (StarCoder): GPT-2 blocks with multi-query attention, whose
 * fused c_attn projects to h + 2 x head_dim when multi_query is true. */
static gs_status read_gpt_bigcode(reader *r, gsi_arch *a, gs_model *m)
{
	bool mqa = true;
	TRY(read_gpt2(r, a, m));
	TRY(flag(r, "multi_query", &mqa, true));
	if (mqa)
		a->a_kv = 1;
	return GS_OK;
}

/* GPT-NeoX's module names, which BLOOM and Falcon share (PEFT targets
 * query_key_value in all three). */
static void neox_names(gsi_arch *a)
{
	a->nm[GSI_NM_QKV] = "query_key_value";
	a->nm[GSI_NM_O] = "dense";
	a->nm[GSI_NM_UP] = "dense_h_to_4h";
	a->nm[GSI_NM_DOWN] = "dense_4h_to_h";
}

/* The key `name`, or its older `alias` when only that is present (BLOOM's
 * n_layer, n_head, n_embed). */
static const char *key_or_alias(reader *r, const char *name, const char *alias)
{
	return json_object_get(r->root, name) || !json_object_get(r->root, alias) ? name : alias;
}

/* Hidden size, layers, heads and vocabulary of the configs that may use the
 * short aliases, with the checks common() makes; MHA (one KV head per head)
 * until the reader says otherwise. */
static gs_status core_dims(reader *r, gsi_arch *a, const char *hidden_key)
{
	const char *lk = key_or_alias(r, "num_hidden_layers", "n_layer");
	const char *ak = key_or_alias(r, "num_attention_heads", "n_head");
	TRY(dim(r, hidden_key, &a->h, true, 0, false));
	TRY(dim(r, lk, &a->L, true, 0, false));
	TRY(dim(r, ak, &a->a, true, 0, false));
	TRY(dim(r, "vocab_size", &a->V, true, 0, false));
	if (a->L > GS_MAX_LAYERS)
		return field_error(r, lk, "exceeds the supported maximum of 512 layers");
	if (a->h % a->a)
		return field_error(r, ak, "must divide the hidden size");
	a->a_kv = a->a;
	a->d = a->v_d = a->h / a->a;
	return GS_OK;
}

static gs_status read_gpt_neox(reader *r, gsi_arch *a, gs_model *m)
{
	TRY(common(r, a, m, false));
	a->gated = false;
	TRY(attention_bias(r, a, true));
	a->mlp_bias = true;
	a->fused_qkv = true;
	a->norm_bias = true;
	a->gpt_style = true;
	neox_names(a);
	return GS_OK;
}

/* BLOOM (modeling_bloom.py): ALiBi instead of position embeddings, a
 * LayerNorm after the word embeddings, per layer a fused query_key_value and
 * dense with biases, a 4h GELU MLP with biases, two LayerNorms; the head tied
 * to the word embeddings. Keys: n_layer / n_head (or their long names),
 * hidden_size (n_embed in early configs). */
static gs_status read_bloom(reader *r, gsi_arch *a, gs_model *m)
{
	TRY(core_dims(r, a, key_or_alias(r, "hidden_size", "n_embed")));
	a->i = 4 * a->h;
	a->max_pos = 0; /* ALiBi: no trained length in the config */
	TRY(flag(r, "tie_word_embeddings", &a->tied, true));
	a->qkv_bias = a->o_bias = a->mlp_bias = true;
	a->fused_qkv = true;
	a->norms_per_layer = 2;
	a->norm_bias = true;
	a->extra_norms = 1;
	a->gpt_style = true;
	/* modeling_bloom.py computes its scores with baddbmm and the ALiBi bias:
	 * no SDPA or flash path */
	m->eager_only = true;
	neox_names(a);
	return GS_OK;
}

/* Falcon (modeling_falcon.py), its three layouts by flag: the RefinedWeb
 * models (alibi, biases, sequential attention and MLP with two LayerNorms),
 * Falcon-7B (multi_query: one KV head; parallel_attn: one LayerNorm; no
 * biases) and the new decoder architecture of 40B/180B (num_kv_heads
 * groups, ln_attn and ln_mlp). A fused query_key_value of (heads + 2 x KV
 * heads) x head_dim rows, dense, a 4h GELU MLP; the head tied. */
static gs_status read_falcon(reader *r, gsi_arch *a, gs_model *m)
{
	(void)m;
	bool new_arch, mq, parallel, bias;
	uint32_t kv, ln_parallel;
	TRY(core_dims(r, a, "hidden_size"));
	TRY(dim(r, "max_position_embeddings", &a->max_pos, false, 0, true));
	TRY(flag(r, "new_decoder_architecture", &new_arch, false));
	TRY(flag(r, "multi_query", &mq, true));
	TRY(flag(r, "parallel_attn", &parallel, true));
	TRY(flag(r, "bias", &bias, false));
	TRY(flag(r, "tie_word_embeddings", &a->tied, true));
	TRY(dim(r, "num_kv_heads", &kv, false, a->a, false));
	TRY(dim(r, "num_ln_in_parallel_attn", &ln_parallel, false, 2, false));
	a->a_kv = new_arch ? kv : mq ? 1 : a->a;
	if (a->a_kv == 0 || a->a % a->a_kv)
		return field_error(r, "num_kv_heads", "must divide the attention heads");
	TRY(dim(r, "ffn_hidden_size", &a->i, false, 4 * a->h, false));
	a->qkv_bias = a->o_bias = a->mlp_bias = bias;
	a->fused_qkv = true;
	a->norms_per_layer = new_arch ? ln_parallel : parallel ? 1 : 2;
	a->norm_bias = true;
	a->gpt_style = true;
	neox_names(a);
	return GS_OK;
}

/* gpt-oss (modeling_gpt_oss.py): llama-shaped attention with biases and a
 * learned sink per head, sliding and full layers alternating (layer_types),
 * every MLP a mixture of experts with biases (gate_up and down) and a router
 * with a bias; the head untied. */
static gs_status read_gpt_oss(reader *r, gsi_arch *a, gs_model *m)
{
	TRY(common(r, a, m, false));
	TRY(attention_bias(r, a, true));
	a->attn_sinks = true;
	TRY(dim(r, "num_local_experts", &a->E, true, 0, false));
	TRY(dim(r, "num_experts_per_tok", &a->topk, false, 4, false));
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
	return windows(r, a, m, even_rule, 0, true);
}

/* BERT (post-LayerNorm encoder, modeling_bert.py): q/k/v/o and MLP with
 * biases, two LayerNorms per layer, word + position + token-type embeddings
 * and their LayerNorm (counted where the final norm goes: same size). The
 * head follows architectures[0], as each class of modeling_bert.py builds
 * it; the pooler (dense h x h) exists only where a head reads the pooled
 * output (BertModel's add_pooling_layer=False in the others):
 *   (none), BertModel                 pooler
 *   BertForMaskedLM, BertLMHeadModel  MLM head (transform dense + LayerNorm,
 *                                     decoder bias; decoder tied unless
 *                                     tie_word_embeddings is false)
 *   BertForPreTraining                pooler, MLM head, NSP h x 2
 *   BertForSequenceClassification     pooler, classifier h x labels
 *   BertForNextSentencePrediction     pooler, h x 2
 *   BertForMultipleChoice             pooler, h x 1 (one score a choice)
 *   BertForTokenClassification        classifier h x labels on every token
 *   BertForQuestionAnswering          qa_outputs h x 2 on every token
 * Labels come from id2label (2 without it, PretrainedConfig's default).
 * Any other class is refused: its head is not known. */
static uint32_t config_labels(reader *r)
{
	json_t *labels = json_object_get(r->root, "id2label");
	return labels && json_is_object(labels) && json_object_size(labels) > 0
	       ? (uint32_t)json_object_size(labels) : 2;
}

static gs_status bert_head(reader *r, gsi_arch *a)
{
	json_t *archs = json_object_get(r->root, "architectures");
	const char *arch = json_string_value(json_array_get(archs, 0));
	a->tied = true; /* no decoder matrix unless an MLM head unties it */
	if (!arch || !strcmp(arch, "BertModel")) {
		a->pooler = 1;
	} else if (!strcmp(arch, "BertForMaskedLM") || !strcmp(arch, "BertLMHeadModel")) {
		a->mlm_head = true;
		TRY(flag(r, "tie_word_embeddings", &a->tied, true));
	} else if (!strcmp(arch, "BertForPreTraining")) {
		a->pooler = 1;
		a->mlm_head = true;
		a->pooled_head = 2;
		TRY(flag(r, "tie_word_embeddings", &a->tied, true));
	} else if (!strcmp(arch, "BertForSequenceClassification")) {
		a->pooler = 1;
		a->num_labels = config_labels(r);
	} else if (!strcmp(arch, "BertForNextSentencePrediction")) {
		a->pooler = 1;
		a->num_labels = 2;
	} else if (!strcmp(arch, "BertForMultipleChoice")) {
		a->pooler = 1;
		a->num_labels = 1;
	} else if (!strcmp(arch, "BertForTokenClassification")) {
		a->token_labels = config_labels(r);
	} else if (!strcmp(arch, "BertForQuestionAnswering")) {
		a->token_labels = 2;
	} else {
		return field_error(r, "architectures",
		                   "names a BERT class whose head gpusizer does not know (known: BertModel, "
		                   "BertForMaskedLM, BertLMHeadModel, BertForPreTraining, "
		                   "BertForSequenceClassification, BertForNextSentencePrediction, "
		                   "BertForMultipleChoice, BertForTokenClassification, BertForQuestionAnswering)");
	}
	return GS_OK;
}

static gs_status read_bert(reader *r, gsi_arch *a, gs_model *m)
{
	uint32_t types;
	TRY(common(r, a, m, true));
	TRY(dim(r, "type_vocab_size", &types, false, 2, true));
	a->gated = false;
	a->qkv_bias = a->o_bias = a->mlp_bias = true;
	a->norm_bias = true;
	a->gpt_style = true;
	a->encoder_only = true;
	a->pos_embed = (uint64_t)a->max_pos + types;
	a->nm[GSI_NM_Q] = "query";
	a->nm[GSI_NM_K] = "key";
	a->nm[GSI_NM_V] = "value";
	a->nm[GSI_NM_O] = "dense";
	a->nm[GSI_NM_UP] = "dense";
	a->nm[GSI_NM_DOWN] = "dense";
	return bert_head(r, a);
}

/* Qwen (the first, modeling_qwen.py of Qwen/Qwen-7B, trust_remote_code):
 * a fused c_attn of 3h with bias, c_proj, an MLP w1 (up) and w2 (gate,
 * SiLU) of intermediate_size / 2 and c_proj, biases there unless no_bias,
 * RMSNorms ln_1, ln_2 and ln_f, wte and an untied lm_head. */
static gs_status read_qwen(reader *r, gsi_arch *a, gs_model *m)
{
	(void)m;
	bool no_bias;
	uint32_t ff2;
	TRY(dim(r, "hidden_size", &a->h, true, 0, false));
	TRY(dim(r, "num_hidden_layers", &a->L, true, 0, false));
	TRY(dim(r, "num_attention_heads", &a->a, true, 0, false));
	TRY(dim(r, "intermediate_size", &ff2, true, 0, false));
	TRY(dim(r, "vocab_size", &a->V, true, 0, false));
	TRY(dim(r, "seq_length", &a->max_pos, false, 0, true));
	if (a->L > GS_MAX_LAYERS)
		return field_error(r, "num_hidden_layers", "exceeds the supported maximum of 512 layers");
	if (ff2 % 2)
		return field_error(r, "intermediate_size", "must be even (w1 and w2 each take half)");
	TRY(dim(r, "kv_channels", &a->d, false, a->h / a->a, false));
	TRY(flag(r, "no_bias", &no_bias, true));
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
static gs_status read_starcoder2(reader *r, gsi_arch *a, gs_model *m)
{
	bool bias;
	TRY(common(r, a, m, true));
	TRY(flag(r, "use_bias", &bias, true));
	a->gated = false;
	a->qkv_bias = a->o_bias = a->mlp_bias = bias;
	a->norm_bias = true;
	a->nm[GSI_NM_UP] = "c_fc";
	a->nm[GSI_NM_DOWN] = "c_proj";
	return windows(r, a, m, NULL, 0, true);
}

/* OLMo 2 (modeling_olmo2.py): llama projections without biases, RMSNorms
 * on the whole query and key projections (a x d and a_kv x d), the two
 * norms after attention and after the MLP instead of before them. */
static gs_status read_olmo2(reader *r, gsi_arch *a, gs_model *m)
{
	TRY(common(r, a, m, false));
	TRY(attention_bias(r, a, false));
	a->qk_norm = a->qk_norm_full = true;
	return GS_OK;
}

/* InternLM2 (modeling_internlm2.py, trust_remote_code): a fused wqkv of
 * (heads + 2 x KV heads) x head_dim rows, wo, a gated w1 / w3 / w2 MLP,
 * biases only when bias, RMSNorms attention_norm and ffn_norm, an untied
 * output head. */
static gs_status read_internlm2(reader *r, gsi_arch *a, gs_model *m)
{
	TRY(common(r, a, m, false));
	TRY(flag(r, "bias", &a->qkv_bias, false));
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
 * bias, q/k/v/o without bias unless attention_bias, optional per-head
 * LayerNorms on q and k (use_qk_norm), the head tied to the embeddings.
 * Cohere2 slides its window on all layers but every
 * sliding_window_pattern-th (or as layer_types says). */
static gs_status read_cohere_common(reader *r, gsi_arch *a, gs_model *m)
{
	bool qk;
	TRY(common(r, a, m, true));
	TRY(attention_bias(r, a, false));
	TRY(flag(r, "use_qk_norm", &qk, false));
	if (qk) /* a LayerNorm of (heads, head_dim) for q and (kv heads, head_dim) for k */
		a->qk_norm = a->qk_norm_full = true;
	a->norms_per_layer = 1;
	return GS_OK;
}

static gs_status read_cohere(reader *r, gsi_arch *a, gs_model *m) { return read_cohere_common(r, a, m); }

static gs_status read_cohere2(reader *r, gsi_arch *a, gs_model *m)
{
	uint32_t pattern;
	TRY(read_cohere_common(r, a, m));
	TRY(dim(r, "sliding_window_pattern", &pattern, false, 4, false));
	return windows(r, a, m, pattern_rule, pattern, true);
}

/* Granite MoE (modeling_granitemoe.py): llama attention, every layer's MLP
 * a mixture of num_local_experts experts stored as two packed parameters
 * (input_linear: gate and up, 2 x intermediate_size x hidden each;
 * output_linear) and a router without bias; the head tied by default. */
static gs_status read_granitemoe(reader *r, gsi_arch *a, gs_model *m)
{
	TRY(common(r, a, m, true));
	TRY(attention_bias(r, a, false));
	TRY(dim(r, "num_local_experts", &a->E, true, 0, false));
	TRY(dim(r, "num_experts_per_tok", &a->topk, true, 0, false));
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

/* GLM-4 in Transformers (modeling_glm4.py, GLM-4-0414): llama-shaped GQA
 * with q/k/v biases (attention_bias, true by default) and o_proj without,
 * a fused gate_up_proj and down_proj without biases, four RMSNorms per
 * layer (before and after attention and the MLP), an untied head. */
static gs_status read_glm4(reader *r, gsi_arch *a, gs_model *m)
{
	TRY(common(r, a, m, false));
	TRY(flag(r, "attention_bias", &a->qkv_bias, true));
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
static gs_status read_chatglm(reader *r, gsi_arch *a, gs_model *m)
{
	(void)m;
	bool mq, rms, post, linear_bias;
	TRY(dim(r, "hidden_size", &a->h, true, 0, false));
	TRY(dim(r, "num_layers", &a->L, true, 0, false));
	TRY(dim(r, "num_attention_heads", &a->a, true, 0, false));
	TRY(dim(r, "ffn_hidden_size", &a->i, true, 0, false));
	TRY(dim(r, "padded_vocab_size", &a->V, true, 0, false));
	TRY(dim(r, "seq_length", &a->max_pos, false, 0, true));
	if (a->L > GS_MAX_LAYERS)
		return field_error(r, "num_layers", "exceeds the supported maximum of 512 layers");
	TRY(dim(r, "kv_channels", &a->d, false, a->h / a->a, false));
	TRY(flag(r, "multi_query_attention", &mq, false));
	TRY(dim(r, "multi_query_group_num", &a->a_kv, false, a->a, false));
	if (!mq)
		a->a_kv = a->a;
	if (a->a % a->a_kv)
		return field_error(r, "multi_query_group_num", "must divide num_attention_heads");
	TRY(flag(r, "add_qkv_bias", &a->qkv_bias, false));
	TRY(flag(r, "add_bias_linear", &linear_bias, false));
	TRY(flag(r, "rmsnorm", &rms, true));
	TRY(flag(r, "post_layer_norm", &post, true));
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

/* A Mamba mixer's inner width: `inner_key` when the config names it
 * (Mamba's intermediate_size), else expand (default 2) x hidden_size. */
static gs_status ssm_inner_width(reader *r, const char *expand_key, const char *inner_key, gsi_arch *a)
{
	json_t *v = inner_key ? json_object_get(r->root, inner_key) : NULL;
	if (v && !json_is_null(v))
		return dim(r, inner_key, &a->ssm_inner, true, 0, false);
	uint32_t expand;
	TRY(dim(r, expand_key, &expand, false, 2, false));
	uint64_t w = (uint64_t)expand * a->h;
	if (w >= MAX_DIM)
		return field_error(r, expand_key, "times hidden_size must stay below 2^31 (the mixer's inner width)");
	a->ssm_inner = (uint32_t)w;
	return GS_OK;
}

/* A Mamba mixer's time-step rank: an integer, or "auto" (or absent) for
 * math.ceil(hidden_size / 16) as MambaConfig and JambaConfig compute it. */
static gs_status ssm_dt_rank(reader *r, const char *key, gsi_arch *a)
{
	json_t *v = json_object_get(r->root, key);
	if (json_is_string(v) && strcmp(json_string_value(v), "auto"))
		return field_error(r, key, "must be an integer or \"auto\"");
	if (!v || json_is_null(v) || json_is_string(v)) {
		a->dt_rank = (a->h + 15) / 16;
		return GS_OK;
	}
	return dim(r, key, &a->dt_rank, true, 0, false);
}

/* Mamba (modeling_mamba.py): no attention; each layer an RMSNorm and a
 * MambaMixer of inner width intermediate_size (expand x hidden): in_proj to
 * 2 x inner, a depthwise causal conv1d of conv_kernel taps, x_proj to
 * time_step_rank + 2 x state_size, dt_proj (with bias), A_log and D,
 * out_proj; biases on in/out_proj when use_bias, on the convolution when
 * use_conv_bias; the head tied by default. */
static gs_status read_mamba(reader *r, gsi_arch *a, gs_model *m)
{
	(void)m;
	TRY(dim(r, "hidden_size", &a->h, true, 0, false));
	TRY(dim(r, "num_hidden_layers", &a->L, true, 0, false));
	TRY(dim(r, "vocab_size", &a->V, true, 0, false));
	TRY(dim(r, "state_size", &a->ssm_state, false, 16, false));
	TRY(dim(r, "conv_kernel", &a->ssm_conv, false, 4, false));
	TRY(ssm_inner_width(r, "expand", "intermediate_size", a));
	if (a->L > GS_MAX_LAYERS)
		return field_error(r, "num_hidden_layers", "exceeds the supported maximum of 512 layers");
	TRY(ssm_dt_rank(r, "time_step_rank", a));
	TRY(flag(r, "use_bias", &a->ssm_bias, false));
	TRY(flag(r, "use_conv_bias", &a->ssm_conv_bias, true));
	TRY(flag(r, "tie_word_embeddings", &a->tied, true));
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
static gs_status read_mamba2(reader *r, gsi_arch *a, gs_model *m)
{
	(void)m;
	uint32_t expand;
	TRY(dim(r, "hidden_size", &a->h, true, 0, false));
	TRY(dim(r, "num_hidden_layers", &a->L, true, 0, false));
	TRY(dim(r, "vocab_size", &a->V, true, 0, false));
	TRY(dim(r, "state_size", &a->ssm_state, true, 0, false));
	TRY(dim(r, "conv_kernel", &a->ssm_conv, true, 0, false));
	TRY(dim(r, "expand", &expand, true, 0, false));
	TRY(dim(r, "num_heads", &a->ssm_heads, true, 0, false));
	TRY(dim(r, "head_dim", &a->ssm_head_dim, true, 0, false));
	TRY(dim(r, "n_groups", &a->ssm_groups, true, 0, false));
	TRY(dim(r, "chunk_size", &a->ssm_chunk, true, 0, false));
	if (a->L > GS_MAX_LAYERS)
		return field_error(r, "num_hidden_layers", "exceeds the supported maximum of 512 layers");
	uint64_t inner = (uint64_t)expand * a->h;
	if (inner >= MAX_DIM || (uint64_t)a->ssm_heads * a->ssm_head_dim != inner)
		return field_error(r, "num_heads", "times head_dim must equal expand times hidden_size (the mixer's "
		                   "inner width), below 2^31");
	if (2ull * a->ssm_groups * a->ssm_state >= MAX_DIM || a->ssm_heads % a->ssm_groups)
		return field_error(r, "n_groups", "must divide num_heads, and 2 x n_groups x state_size stay below 2^31");
	a->ssm_inner = (uint32_t)inner;
	TRY(flag_required(r, "use_bias", &a->ssm_bias));
	a->ssm_out_bias = a->ssm_bias;
	TRY(flag_required(r, "use_conv_bias", &a->ssm_conv_bias));
	TRY(flag_required(r, "tie_word_embeddings", &a->tied));
	a->ssm = true;
	a->a = a->a_kv = 1; /* no attention heads: set so shared code never divides by zero */
	a->d = a->v_d = 1;
	a->i = a->ssm_inner;
	a->gated = true;
	return GS_OK;
}

/* A required dimension under its current name or its legacy one
 * (Nemotron-H's hub configs say mamba_d_conv where NemotronHConfig says
 * conv_kernel); absent under both, the error names both. */
static gs_status dim_either(reader *r, const char *key, const char *legacy, uint32_t *out)
{
	json_t *k = json_object_get(r->root, key), *l = json_object_get(r->root, legacy);
	if (k && !json_is_null(k))
		return dim(r, key, out, true, 0, false);
	if (l && !json_is_null(l))
		return dim(r, legacy, out, true, 0, false);
	char what[160];
	snprintf(what, sizeof what, "is required (or its older name \"%s\")", legacy);
	return field_error(r, key, what);
}

/* Nemotron-H's layer kinds from layers_block_type (words, old and new
 * names) or, when that is absent, hybrid_override_pattern ("M" Mamba-2,
 * "*" attention, "-" MLP, "E" mixture of experts), as NemotronHConfig
 * prefers them; the length is the layer count. */
static gs_status nemotron_layers(reader *r, gsi_arch *a, gs_model *m)
{
	json_t *list = json_object_get(r->root, "layers_block_type");
	json_t *pat = json_is_array(list) ? NULL : json_object_get(r->root, "hybrid_override_pattern");
	size_t n = json_is_string(pat) ? strlen(json_string_value(pat)) : json_is_array(list) ? json_array_size(list) : 0;
	const char *key = json_is_string(pat) ? "hybrid_override_pattern" : "layers_block_type";
	if (!n)
		return field_error(r, key, "is required: a non-empty pattern of M (Mamba-2), * (attention), - (MLP) and "
		                   "E (experts), or the list of those layer kinds");
	if (n > GS_MAX_LAYERS)
		return field_error(r, key, "describes more than the supported maximum of 512 layers");
	for (size_t l = 0; l < n; l++) {
		const char *w = json_is_string(pat) ? NULL : json_string_value(json_array_get(list, l));
		char c = json_is_string(pat) ? json_string_value(pat)[l]
		       : !w ? '?' : !strcmp(w, "mamba") || !strcmp(w, "linear_attention") ? 'M'
		       : !strcmp(w, "attention") || !strcmp(w, "full_attention") ? '*'
		       : !strcmp(w, "mlp") ? '-' : !strcmp(w, "moe") ? 'E' : '?';
		if (c != 'M' && c != '*' && c != '-' && c != 'E')
			return field_error(r, key, "holds a layer kind other than M (Mamba-2), * (attention), - (MLP) and "
			                   "E (experts)");
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
static gs_status nemotron_experts(reader *r, gsi_arch *a, gs_model *m)
{
	bool any = false;
	for (uint32_t l = 0; l < a->L; l++)
		any |= m->layer_is_moe[l];
	if (!any)
		return GS_OK;
	TRY(dim(r, "n_routed_experts", &a->E, true, 0, false));
	TRY(dim(r, "num_experts_per_tok", &a->topk, true, 0, false));
	TRY(dim(r, "moe_intermediate_size", &a->moe_i, true, 0, false));
	TRY(dim(r, "moe_shared_expert_intermediate_size", &a->shared_i, true, 0, false));
	TRY(dim(r, "moe_latent_size", &a->moe_latent, false, 0, true));
	if (a->topk > a->E)
		return field_error(r, "num_experts_per_tok", "must not exceed n_routed_experts");
	a->router_bias = true;
	return GS_OK;
}

/* Nemotron-H (modeling_nemotron_h.py): each layer an RMSNorm and one of a
 * Mamba-2 mixer of num_heads x head_dim = mamba_num_heads x mamba_head_dim
 * (not expand x hidden), an attention of q/k/v/o (head_dim from the config)
 * or a plain up/down MLP (relu2); the SSM state is kept in
 * mamba_ssm_cache_dtype (NemotronHConfig: float32). */
static gs_status read_nemotron_h(reader *r, gsi_arch *a, gs_model *m)
{
	TRY(dim(r, "hidden_size", &a->h, true, 0, false));
	TRY(dim(r, "vocab_size", &a->V, true, 0, false));
	TRY(dim(r, "num_attention_heads", &a->a, true, 0, false));
	TRY(dim(r, "num_key_value_heads", &a->a_kv, false, a->a, false));
	TRY(dim(r, "head_dim", &a->d, false, a->h / a->a, false));
	TRY(dim(r, "intermediate_size", &a->i, true, 0, false));
	TRY(dim(r, "max_position_embeddings", &a->max_pos, false, 0, true));
	TRY(dim(r, "ssm_state_size", &a->ssm_state, true, 0, false));
	TRY(dim(r, "mamba_num_heads", &a->ssm_heads, true, 0, false));
	TRY(dim(r, "mamba_head_dim", &a->ssm_head_dim, true, 0, false));
	TRY(dim_either(r, "n_groups", "mamba_n_groups", &a->ssm_groups));
	TRY(dim_either(r, "conv_kernel", "mamba_d_conv", &a->ssm_conv));
	TRY(dim_either(r, "chunk_size", "mamba_chunk_size", &a->ssm_chunk));
	if (a->a % a->a_kv)
		return field_error(r, "num_key_value_heads", "must divide num_attention_heads");
	uint64_t inner = (uint64_t)a->ssm_heads * a->ssm_head_dim;
	if (inner >= MAX_DIM || 2ull * a->ssm_groups * a->ssm_state >= MAX_DIM || a->ssm_heads % a->ssm_groups)
		return field_error(r, "mamba_num_heads", "times mamba_head_dim, and 2 x n_groups x ssm_state_size, must "
		                   "stay below 2^31, and n_groups divide mamba_num_heads");
	a->ssm_inner = (uint32_t)inner;
	TRY(nemotron_layers(r, a, m));
	TRY(nemotron_experts(r, a, m));
	bool conv_bias;
	TRY(flag(r, "mamba_conv_bias", &conv_bias, true));
	TRY(flag(r, "use_conv_bias", &a->ssm_conv_bias, conv_bias));
	TRY(flag(r, "use_bias", &a->ssm_bias, false));
	a->ssm_out_bias = a->ssm_bias;
	TRY(flag(r, "mlp_bias", &a->mlp_bias, false));
	TRY(attention_bias(r, a, false));
	TRY(flag(r, "tie_word_embeddings", &a->tied, false));
	json_t *dt = json_object_get(r->root, "mamba_ssm_cache_dtype");
	if (dt && !json_is_null(dt) && !json_is_string(dt))
		return field_error(r, "mamba_ssm_cache_dtype", "must be a dtype name such as \"float32\"");
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
static gs_status read_falcon_h1(reader *r, gsi_arch *a, gs_model *m)
{
	TRY(common(r, a, m, false));
	TRY(dim(r, "mamba_d_state", &a->ssm_state, true, 0, false));
	TRY(dim(r, "mamba_n_heads", &a->ssm_heads, true, 0, false));
	TRY(dim(r, "mamba_d_head", &a->ssm_head_dim, true, 0, false));
	TRY(dim(r, "mamba_n_groups", &a->ssm_groups, true, 0, false));
	TRY(dim(r, "mamba_d_conv", &a->ssm_conv, true, 0, false));
	TRY(dim(r, "mamba_chunk_size", &a->ssm_chunk, true, 0, false));
	json_t *dssm = json_object_get(r->root, "mamba_d_ssm");
	if (dssm && !json_is_null(dssm))
		TRY(dim(r, "mamba_d_ssm", &a->ssm_inner, true, 0, false));
	else
		TRY(ssm_inner_width(r, "mamba_expand", NULL, a));
	if ((uint64_t)a->ssm_heads * a->ssm_head_dim != a->ssm_inner)
		return field_error(r, "mamba_n_heads", "times mamba_d_head must equal the mixer's inner width (mamba_d_ssm, "
		                   "or mamba_expand x hidden_size)");
	if (2ull * a->ssm_groups * a->ssm_state >= MAX_DIM || a->ssm_heads % a->ssm_groups)
		return field_error(r, "mamba_n_groups", "must divide mamba_n_heads, and 2 x mamba_n_groups x mamba_d_state "
		                   "stay below 2^31");
	bool norm;
	TRY(flag_required(r, "mamba_rms_norm", &norm));
	TRY(flag_required(r, "mamba_conv_bias", &a->ssm_conv_bias));
	TRY(flag_required(r, "mamba_proj_bias", &a->ssm_bias));
	TRY(flag_required(r, "projectors_bias", &a->ssm_out_bias));
	a->ssm_no_norm = !norm;
	TRY(attention_bias(r, a, false));
	TRY(flag(r, "mlp_bias", &a->mlp_bias, false));
	a->parallel_ssm = a->hybrid = true;
	return GS_OK;
}

/* Jamba (modeling_jamba.py): layer i is attention when i % attn_layer_period
 * == attn_layer_offset and a Mamba mixer otherwise (with RMSNorms on dt, B
 * and C); its feed-forward is a mixture of num_experts experts when i %
 * expert_layer_period == expert_layer_offset, else a dense gated MLP; two
 * RMSNorms per layer; the head untied by default. */
static gs_status read_jamba(reader *r, gsi_arch *a, gs_model *m)
{
	uint32_t ap, ao, ep, eo;
	TRY(common(r, a, m, false));
	TRY(dim(r, "attn_layer_period", &ap, false, 8, false));
	TRY(dim(r, "attn_layer_offset", &ao, false, 4, true));
	TRY(dim(r, "expert_layer_period", &ep, false, 2, false));
	TRY(dim(r, "expert_layer_offset", &eo, false, 1, true));
	TRY(dim(r, "num_experts", &a->E, false, 16, false));
	TRY(dim(r, "num_experts_per_tok", &a->topk, false, 2, false));
	TRY(dim(r, "mamba_d_state", &a->ssm_state, false, 16, false));
	TRY(dim(r, "mamba_d_conv", &a->ssm_conv, false, 4, false));
	TRY(ssm_inner_width(r, "mamba_expand", NULL, a));
	TRY(ssm_dt_rank(r, "mamba_dt_rank", a));
	TRY(flag(r, "mamba_conv_bias", &a->ssm_conv_bias, true));
	TRY(flag(r, "mamba_proj_bias", &a->ssm_bias, false));
	a->hybrid = a->ssm_inner_norms = true;
	a->moe_i = a->i;
	for (uint32_t l = 0; l < a->L; l++) {
		m->layer_is_ssm[l] = l % ap != ao;
		m->layer_is_moe[l] = a->E > 1 && l % ep == eo;
	}
	return GS_OK;
}

/* T5 family (modeling_t5.py, modeling_mt5.py, modeling_umt5.py): an
 * encoder of num_layers blocks and a decoder of num_decoder_layers blocks
 * that adds cross-attention, both with q/k/v/o of num_heads x d_kv (not
 * always d_model), an MLP wi/wo (relu) or wi_0/wi_1/wo ("gated-" in
 * feed_forward_proj), no biases, RMS-style norms without bias (2 per
 * encoder block, 3 per decoder block, a final one per stack), the shared
 * embedding, lm_head tied or not, and a relative position bias of buckets
 * x heads in the first block of each stack (in every block for umt5).
 * Transformers adds that bias to the scores itself: eager attention only. */
static gs_status read_t5_family(reader *r, gsi_arch *a, gs_model *m, bool bias_every_layer)
{
	uint32_t buckets;
	TRY(dim(r, "d_model", &a->h, true, 0, false));
	TRY(dim(r, "d_kv", &a->d, true, 0, false));
	TRY(dim(r, "d_ff", &a->i, true, 0, false));
	TRY(dim(r, "num_layers", &a->enc_L, true, 0, false));
	TRY(dim(r, "num_decoder_layers", &a->L, false, a->enc_L, false));
	TRY(dim(r, "num_heads", &a->a, true, 0, false));
	TRY(dim(r, "vocab_size", &a->V, true, 0, false));
	TRY(dim(r, "relative_attention_num_buckets", &buckets, false, 32, false));
	if (a->enc_L > GS_MAX_LAYERS || a->L > GS_MAX_LAYERS)
		return field_error(r, a->L > GS_MAX_LAYERS ? "num_decoder_layers" : "num_layers",
		                   "exceeds the supported maximum of 512 layers");
	json_t *ff = json_object_get(r->root, "feed_forward_proj");
	const char *proj = ff && !json_is_null(ff) ? json_string_value(ff) : "relu";
	if (!proj)
		return field_error(r, "feed_forward_proj", "must be a string such as \"relu\" or \"gated-gelu\"");
	a->gated = strncmp(proj, "gated-", 6) == 0;
	a->a_kv = a->a;
	a->v_d = a->d;
	a->max_pos = 0; /* relative positions: no trained length in the config */
	a->enc_norms = 2;
	a->norms_per_layer = 3;
	a->extra_norms = 1; /* a final norm per stack */
	a->rel_bias = gs_mul_sat((uint64_t)buckets * a->a, bias_every_layer ? (uint64_t)a->enc_L + a->L : 2);
	a->gpt_style = true;
	TRY(flag(r, "tie_word_embeddings", &a->tied, true));
	m->eager_only = true;
	a->nm[GSI_NM_Q] = "q";
	a->nm[GSI_NM_K] = "k";
	a->nm[GSI_NM_V] = "v";
	a->nm[GSI_NM_O] = "o";
	a->nm[GSI_NM_GATE] = "wi_0";
	a->nm[GSI_NM_UP] = a->gated ? "wi_1" : "wi";
	a->nm[GSI_NM_DOWN] = "wo";
	return GS_OK;
}

static gs_status read_t5(reader *r, gsi_arch *a, gs_model *m) { return read_t5_family(r, a, m, false); }
static gs_status read_umt5(reader *r, gsi_arch *a, gs_model *m) { return read_t5_family(r, a, m, true); }

/* BART (modeling_bart.py): encoder_layers and decoder_layers blocks of
 * d_model with q/k/v/out projections and fc1/fc2 MLPs, all with biases,
 * LayerNorms with bias (2 per encoder block, 3 per decoder block), one
 * layernorm_embedding per stack, learned positions of max_position_embeddings
 * + 2 rows per stack (BartLearnedPositionalEmbedding's offset), the shared
 * embedding tied to lm_head (final_logits_bias is a buffer). */
static gs_status read_bart(reader *r, gsi_arch *a, gs_model *m)
{
	(void)m;
	uint32_t dec_heads, dec_ffn;
	TRY(dim(r, "d_model", &a->h, true, 0, false));
	TRY(dim(r, "encoder_layers", &a->enc_L, true, 0, false));
	TRY(dim(r, "decoder_layers", &a->L, true, 0, false));
	TRY(dim(r, "encoder_attention_heads", &a->a, true, 0, false));
	TRY(dim(r, "decoder_attention_heads", &dec_heads, false, a->a, false));
	TRY(dim(r, "encoder_ffn_dim", &a->i, true, 0, false));
	TRY(dim(r, "decoder_ffn_dim", &dec_ffn, false, a->i, false));
	TRY(dim(r, "vocab_size", &a->V, true, 0, false));
	TRY(dim(r, "max_position_embeddings", &a->max_pos, true, 0, false));
	if (a->enc_L > GS_MAX_LAYERS || a->L > GS_MAX_LAYERS)
		return field_error(r, a->L > GS_MAX_LAYERS ? "decoder_layers" : "encoder_layers",
		                   "exceeds the supported maximum of 512 layers");
	if (dec_heads != a->a || dec_ffn != a->i)
		return field_error(r, dec_heads != a->a ? "decoder_attention_heads" : "decoder_ffn_dim",
		                   "differs from the encoder's: gpusizer sizes BART with both stacks alike");
	if (a->h % a->a)
		return field_error(r, "encoder_attention_heads", "must divide d_model");
	a->a_kv = a->a;
	a->d = a->v_d = a->h / a->a;
	a->gated = false;
	a->qkv_bias = a->o_bias = a->mlp_bias = a->norm_bias = true;
	a->enc_norms = 2;
	a->norms_per_layer = 3;
	a->extra_norms = 1; /* layernorm_embedding per stack, no final norm */
	a->pos_embed = 2 * ((uint64_t)a->max_pos + 2);
	a->gpt_style = true;
	TRY(flag(r, "tie_word_embeddings", &a->tied, true));
	a->nm[GSI_NM_O] = "out_proj";
	a->nm[GSI_NM_UP] = "fc1";
	a->nm[GSI_NM_DOWN] = "fc2";
	return GS_OK;
}

/* MarianMT (Transformers modeling_marian.py read at 0184d208): BART's
 * stacks without layernorm_embedding and without a final norm, and
 * MarianSinusoidalPositionalEmbedding, an nn.Embedding of
 * max_position_embeddings rows per stack (no offset) whose weight is a
 * parameter with requires_grad False: model.parameters() counts it. One
 * vocabulary shared by both stacks and the tied head; a separate decoder
 * vocabulary is refused rather than sized as the shared one. */
static gs_status read_marian(reader *r, gsi_arch *a, gs_model *m)
{
	bool shared = true;
	uint32_t dec_vocab = 0;
	TRY(read_bart(r, a, m));
	TRY(flag(r, "share_encoder_decoder_embeddings", &shared, true));
	TRY(dim(r, "decoder_vocab_size", &dec_vocab, false, a->V, false));
	if (!shared || dec_vocab != a->V)
		return field_error(r, shared ? "decoder_vocab_size" : "share_encoder_decoder_embeddings",
		                   "describes a decoder vocabulary of its own: gpusizer sizes Marian with one vocabulary "
		                   "shared by both stacks and the head");
	a->pos_embed = 2 * (uint64_t)a->max_pos;
	a->extra_norms = 0;
	a->no_final_norm = true;
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
static gs_status read_opt(reader *r, gsi_arch *a, gs_model *m)
{
	(void)m;
	bool bias = true, affine = true, before = true, remove_final = false;
	TRY(core_dims(r, a, "hidden_size"));
	TRY(dim(r, "ffn_dim", &a->i, true, 0, false));
	TRY(dim(r, "max_position_embeddings", &a->max_pos, true, 0, false));
	TRY(dim(r, "word_embed_proj_dim", &a->embed_w, false, a->h, false));
	TRY(flag(r, "enable_bias", &bias, true));
	TRY(flag(r, "layer_norm_elementwise_affine", &affine, true));
	TRY(flag(r, "do_layer_norm_before", &before, true));
	TRY(flag(r, "_remove_final_layer_norm", &remove_final, false));
	TRY(flag(r, "tie_word_embeddings", &a->tied, true));
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
static gs_status read_bailing_moe(reader *r, gsi_arch *a, gs_model *m)
{
	TRY(common(r, a, m, false));
	bool use_bias = false;
	uint32_t shared = 0, first_dense = 0, shared_w = 0, nextn = 0;
	TRY(flag(r, "use_bias", &use_bias, false));
	if (use_bias)
		return field_error(r, "use_bias", "must be false: V1's code biases dense and every MLP with it, V2's code "
		                   "ignores it, and no published Ling checkpoint sets it");
	TRY(flag(r, "use_qkv_bias", &a->qkv_bias, false));
	TRY(flag(r, "use_qk_norm", &a->qk_norm, false));
	TRY(flag(r, "moe_router_enable_expert_bias", &a->router_bias, false));
	TRY(dim(r, "num_experts", &a->E, true, 0, false));
	TRY(dim(r, "num_experts_per_tok", &a->topk, true, 0, false));
	TRY(dim(r, "moe_intermediate_size", &a->moe_i, true, 0, false));
	TRY(dim(r, "num_shared_experts", &shared, false, 0, true));
	TRY(dim(r, "first_k_dense_replace", &first_dense, false, 0, true));
	TRY(dim(r, "moe_shared_expert_intermediate_size", &shared_w, false, 0, true));
	TRY(dim(r, "num_nextn_predict_layers", &nextn, false, 0, true));
	if (nextn)
		return field_error(r, "num_nextn_predict_layers", "must be 0: the shapes of Ling's multi-token-prediction "
		                   "layers are not read");
	if (a->topk > a->E)
		return field_error(r, "num_experts_per_tok", "must not exceed num_experts");
	/* the code read sizes the shared experts as moe_intermediate_size x
	 * num_shared_experts; V2 configs also carry a width of their own, and
	 * the readings agree only for one shared expert of the routed width */
	if (shared_w && shared && (shared != 1 || shared_w != a->moe_i))
		return field_error(r, "moe_shared_expert_intermediate_size", "disagrees with moe_intermediate_size x "
		                   "num_shared_experts: gpusizer does not guess which one the checkpoint uses");
	if ((uint64_t)shared * a->moe_i >= MAX_DIM)
		return field_error(r, "num_shared_experts", "times moe_intermediate_size must stay below 2^31 (the shared "
		                   "experts' width)");
	a->shared_i = shared * a->moe_i;
	a->fused_qkv = true;
	a->nm[GSI_NM_QKV] = "query_key_value";
	a->nm[GSI_NM_O] = "dense";
	for (uint32_t l = 0; l < a->L; l++)
		m->layer_is_moe[l] = l >= first_dense;
	return GS_OK;
}

static gs_status read_deepseek_v3(reader *r, gsi_arch *a, gs_model *m)
{
	TRY(common(r, a, m, false));
	uint32_t shared = 0, first_dense = 0, freq = 1;
	TRY(dim(r, "n_routed_experts", &a->E, true, 0, false));
	TRY(dim(r, "num_experts_per_tok", &a->topk, true, 0, false));
	TRY(dim(r, "moe_intermediate_size", &a->moe_i, true, 0, false));
	TRY(dim(r, "n_shared_experts", &shared, false, 0, true));
	TRY(dim(r, "first_k_dense_replace", &first_dense, false, 0, true));
	TRY(dim(r, "moe_layer_freq", &freq, false, 1, false));
	TRY(dim(r, "kv_lora_rank", &a->kv_lora, true, 0, false));
	TRY(dim(r, "q_lora_rank", &a->q_lora, false, 0, true));
	TRY(dim(r, "qk_rope_head_dim", &a->rope, true, 0, false));
	TRY(dim(r, "qk_nope_head_dim", &a->nope, true, 0, false));
	TRY(dim(r, "v_head_dim", &a->v_d, true, 0, false));
	a->mla = true;
	if ((uint64_t)shared * a->moe_i >= MAX_DIM)
		return field_error(r, "n_shared_experts", "times moe_intermediate_size must stay below 2^31 (the shared "
		                   "experts' width)");
	a->shared_i = shared * a->moe_i;
	const char *method = json_string_value(json_object_get(r->root, "topk_method"));
	a->router_bias = method && strcmp(method, "noaux_tc") == 0;
	for (uint32_t l = 0; l < a->L; l++)
		m->layer_is_moe[l] = l >= first_dense && l % freq == 0;
	return GS_OK;
}

/* Qwen3-Next (Transformers modular_qwen3_next.py read at 043bb8dd): Qwen3-MoE
 * layers whose mixer is, by layer_types (else every full_attention_interval-th
 * layer is attention), either attention with per-head q/k norms and an
 * output gate from a second half of q_proj, or a Gated DeltaNet whose state
 * has Mamba-2's shape (value heads x value head dim x key head dim, fp32,
 * plus the convolution's 2 x key + value channels x taps); the shared expert
 * has a one-output gate (Qwen2MoeSparseMoeBlock). */
static gs_status read_qwen3_next(reader *r, gsi_arch *a, gs_model *m)
{
	TRY(read_qwen3_moe(r, a, m));
	uint32_t interval = 4, g, n, hv, p, taps;
	TRY(dim(r, "shared_expert_intermediate_size", &a->shared_i, false, 0, true));
	TRY(dim(r, "linear_num_key_heads", &g, true, 0, false));
	TRY(dim(r, "linear_key_head_dim", &n, true, 0, false));
	TRY(dim(r, "linear_num_value_heads", &hv, true, 0, false));
	TRY(dim(r, "linear_value_head_dim", &p, true, 0, false));
	TRY(dim(r, "linear_conv_kernel_dim", &taps, true, 0, false));
	TRY(dim(r, "full_attention_interval", &interval, false, 4, false));
	if (hv % g)
		return field_error(r, "linear_num_value_heads", "must be a multiple of linear_num_key_heads");
	if ((uint64_t)hv * p >= MAX_DIM || 2ull * g * n >= MAX_DIM)
		return field_error(r, "linear_num_value_heads", "times the head dims must stay below 2^31");
	a->shared_gate = a->shared_i > 0;
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
		if (types && !json_is_null(types) && (!t || (strcmp(t, "linear_attention") && strcmp(t, "full_attention"))))
			return field_error(r, "layer_types", "entries must be \"linear_attention\" or \"full_attention\"");
		m->layer_is_ssm[l] = t ? !strcmp(t, "linear_attention") : (l + 1) % interval != 0;
	}
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
static gs_status read_ernie4_5_moe(reader *r, gsi_arch *a, gs_model *m)
{
	TRY(common(r, a, m, true));
	bool bias = false;
	TRY(flag(r, "use_bias", &bias, false));
	if (bias) /* lm_head = Linear(h, V, bias=use_bias): a bias gpusizer does not count */
		return field_error(r, "use_bias", "must be false: true adds an lm_head bias gpusizer does not count (no published ERNIE "
		                   "4.5 checkpoint sets it)");
	uint32_t shared = 2, start = 1, interval = 1, end = a->L - 1;
	TRY(dim(r, "moe_num_experts", &a->E, true, 0, false));
	TRY(dim(r, "moe_k", &a->topk, true, 0, false));
	TRY(dim(r, "moe_intermediate_size", &a->moe_i, true, 0, false));
	TRY(dim(r, "moe_num_shared_experts", &shared, false, 2, true));
	TRY(dim(r, "moe_layer_start_index", &start, false, 1, true));
	TRY(dim(r, "moe_layer_interval", &interval, false, 1, false));
	json_t *e = json_object_get(r->root, "moe_layer_end_index");
	if (e && !json_is_null(e) && !(json_is_integer(e) && json_integer_value(e) == -1))
		TRY(dim(r, "moe_layer_end_index", &end, false, a->L - 1, true));
	if (a->topk > a->E)
		return field_error(r, "moe_k", "must not exceed moe_num_experts");
	if ((uint64_t)shared * a->moe_i >= MAX_DIM)
		return field_error(r, "moe_num_shared_experts", "times moe_intermediate_size must stay below 2^31 (the "
		                   "shared experts' width)");
	a->shared_i = shared * a->moe_i;
	a->router_bias = true; /* Ernie4_5_MoeStatics.e_score_correction_bias, (1, E) */
	for (uint32_t l = 0; l < a->L; l++)
		m->layer_is_moe[l] = (l + 1) % interval == 0 && l >= start && l <= end;
	return GS_OK;
}

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
	gs_status (*read)(reader *, gsi_arch *, gs_model *);
	const char *peft;
	unsigned families; /* the family_keys this type may carry */
} readers[] = {
	/* peft: PEFT's default LoRA target modules for the type, NULL where PEFT
	 * has none and asks for target_modules (PEFT v0.20.0 src/peft/utils/
	 * constants.py TRANSFORMERS_MODELS_TO_LORA_TARGET_MODULES_MAPPING) */
	{"llama", read_llama, "q_proj,v_proj", 0},
	{"mistral", read_mistral, "q_proj,v_proj", 0},
	{"mixtral", read_mixtral, "q_proj,v_proj", F_MOE},
	{"phimoe", read_phimoe, NULL, F_MOE},
	{"qwen2", read_qwen2, "q_proj,v_proj", 0},
	{"qwen3", read_qwen3, "q_proj,v_proj", 0},
	{"qwen3_moe", read_qwen3_moe, NULL, F_MOE},
	{"gemma", read_gemma, "q_proj,v_proj", 0},
	{"gemma2", read_gemma2, "q_proj,v_proj", 0},
	{"gemma3_text", read_gemma3, "q_proj,v_proj", 0},
	{"phi3", read_phi3, NULL, 0},
	{"gpt2", read_gpt2, "c_attn", F_GPT2},
	{"gpt_bigcode", read_gpt_bigcode, "c_attn", F_GPT2},
	{"gpt_neox", read_gpt_neox, "query_key_value", 0},
	{"bloom", read_bloom, "query_key_value", 0},
	{"falcon", read_falcon, "query_key_value", 0},
	{"gpt_oss", read_gpt_oss, NULL, F_MOE},
	{"deepseek_v3", read_deepseek_v3, NULL, F_MOE | F_MLA},
	{"bert", read_bert, "query,value", 0},
	{"qwen", read_qwen, NULL, 0},
	{"starcoder2", read_starcoder2, NULL, 0},
	{"olmo2", read_olmo2, NULL, 0},
	{"internlm2", read_internlm2, NULL, 0},
	{"cohere", read_cohere, NULL, 0},
	{"cohere2", read_cohere2, NULL, 0},
	{"granite", read_llama, NULL, 0},
	{"granitemoe", read_granitemoe, NULL, F_MOE},
	{"deepseek_v2", read_deepseek_v3, NULL, F_MOE | F_MLA},
	{"ernie4_5_moe", read_ernie4_5_moe, NULL, F_MOE},
	{"qwen3_next", read_qwen3_next, NULL, F_MOE | F_SSM},
	{"mamba", read_mamba, NULL, F_SSM},
	{"mamba2", read_mamba2, NULL, F_SSM},
	{"nemotron_h", read_nemotron_h, NULL, F_SSM | F_MOE}, /* NemotronHConfig carries its E layers' fields */
	{"falcon_h1", read_falcon_h1, NULL, F_SSM},
	{"jamba", read_jamba, NULL, F_SSM | F_MOE},
	{"chatglm", read_chatglm, "query_key_value", 0},
	{"glm4", read_glm4, NULL, 0},
	{"t5", read_t5, "q,v", F_ENCDEC},
	{"mt5", read_t5, "q,v", F_ENCDEC},
	{"umt5", read_umt5, NULL, F_ENCDEC},
	{"bart", read_bart, "q_proj,v_proj", F_ENCDEC},
	{"marian", read_marian, NULL, F_ENCDEC},
	{"opt", read_opt, "q_proj,v_proj", 0},
	{"bailing_moe", read_bailing_moe, NULL, F_MOE},
};

/* A key of another family's in this type's config: refuse rather than size
 * one architecture with half of another's fields. */
static gs_status mixed_families(reader *r, const char *type, unsigned families)
{
	for (size_t i = 0; i < sizeof family_keys / sizeof family_keys[0]; i++) {
		json_t *v = json_object_get(r->root, family_keys[i].key);
		if (!v || json_is_null(v) || (families & family_keys[i].family))
			continue;
		return gs_error_set(r->err, GS_EINPUT, r->name, "field \"%s\" belongs to %s, not to model_type \"%.40s\": "
		                    "the config mixes two architectures (check model_type, or remove the field)",
		                    family_keys[i].key, family_keys[i].what, type);
	}
	return GS_OK;
}

static void copy_string(json_t *root, const char *key, char *dst, size_t cap)
{
	const char *s = json_string_value(json_object_get(root, key));
	snprintf(dst, cap, "%s", s ? s : "");
}

gs_status gs_model_from_config_json(const char *buf, size_t len, const char *name, gs_model *m,
                                    gs_error *err)
{
	assert((buf || !len) && name && m);
	json_error_t je;
	memset(m, 0, sizeof *m);
	if (len > MAX_CONFIG_BYTES)
		return gs_error_set(err, GS_EINPUT, name, "%zu bytes is larger than a config.json "
		                    "can be (limit %u bytes)", len, MAX_CONFIG_BYTES);
	/* a UTF-8 byte-order mark, as some Windows editors write: JSON allows a
	 * parser to ignore it (RFC 8259 §8.1); jansson does not, so skip it */
	if (len >= 3 && !memcmp(buf, "\xef\xbb\xbf", 3))
		buf += 3, len -= 3;
	json_t *root = json_loadb(buf, len, JSON_REJECT_DUPLICATES, &je);
	if (!root) {
		char where[300];
		snprintf(where, sizeof where, "%s:%d:%d", name, je.line, je.column);
		return gs_error_set(err, GS_EPARSE, where, "malformed JSON: %s", je.text);
	}
	reader r = {root, name, err};
	gs_status s = GS_OK;
	if (!json_is_object(root)) {
		s = field_error(&r, "(top level)", "must be a JSON object");
		goto out;
	}
	json_t *jtype = json_object_get(root, "model_type");
	const char *type = json_string_value(jtype);
	if (!type) {
		s = field_error(&r, "model_type", jtype && !json_is_null(jtype)
		                                      ? "must be a string such as \"llama\""
		                                      : "is missing (a string such as \"llama\" is required)");
		goto out;
	}
	/* Vision-language configs nest the decoder in text_config and add a
	 * vision tower (model_vision.c); other multimodal types are refused
	 * below rather than counted without their tower. */
	if (gsi_is_multimodal_type(type)) {
		if ((s = gsi_read_multimodal(root, type, name, m, err)))
			goto out;
		goto described;
	}
	size_t k;
	for (k = 0; k < sizeof readers / sizeof readers[0]; k++)
		if (strcmp(type, readers[k].type) == 0)
			break;
	bool generic = k == sizeof readers / sizeof readers[0];
	if (generic && !(json_object_get(root, "hidden_size") && json_object_get(root, "num_hidden_layers") &&
	                 json_object_get(root, "num_attention_heads"))) {
		s = gs_error_set(err, GS_EUNSUPPORTED, name, "model_type \"%.64s\" is not supported, and its config lacks "
		                 "the standard keys hidden_size, num_hidden_layers and num_attention_heads from which "
		                 "gpusizer could read it with its tensor table (supported: %s)", type, supported);
		goto out;
	}
	gsi_arch a;
	memset(&a, 0, sizeof a);
	gsi_arch_default_names(&a);
	/* a type not modelled: read as a llama-shaped decoder from the standard
	 * keys (a missing one is named), usable only with a tensor table */
	if (!generic && (s = mixed_families(&r, type, readers[k].families)))
		goto out;
	s = generic ? read_llama(&r, &a, m) : readers[k].read(&r, &a, m);
	if (s)
		goto out;
	m->generic = generic;
	if (!generic && readers[k].peft)
		snprintf(m->peft_targets, sizeof m->peft_targets, "%s", readers[k].peft);
	if (!gsi_arch_count(&a, m)) {
		s = field_error(&r, "(dimensions)", "describe more than 2^53 parameters: not a real model");
		goto out;
	}
described:
	snprintf(m->model_type, sizeof m->model_type, "%s", type);
	snprintf(m->source, sizeof m->source, "%s", name);
	json_t *arch = json_object_get(root, "architectures");
	const char *a0 = json_string_value(json_array_get(arch, 0));
	snprintf(m->architecture, sizeof m->architecture, "%s", a0 ? a0 : "");
	copy_string(root, "torch_dtype", m->torch_dtype, sizeof m->torch_dtype);
	copy_string(root, "_attn_implementation", m->config_attention, sizeof m->config_attention);
	if (!m->torch_dtype[0])
		copy_string(root, "dtype", m->torch_dtype, sizeof m->torch_dtype);
	json_t *q = json_object_get(root, "quantization_config");
	if (q && json_is_object(q)) {
		const char *qm = json_string_value(json_object_get(q, "quant_method"));
		snprintf(m->quant_method, sizeof m->quant_method, "%s", qm ? qm : "unspecified");
		json_t *bits = json_object_get(q, "bits");
		if (json_is_integer(bits) && json_integer_value(bits) > 0 && json_integer_value(bits) <= 8)
			m->quant_bits = (unsigned)json_integer_value(bits);
		gsi_read_quantization_config(q, m);
	}
out:
	json_decref(root);
	return s;
}

gs_status gs_model_from_config_file(const char *path, gs_model *m, gs_error *err)
{
	char file[600];
	struct stat st;
	if (stat(path, &st) != 0)
		return gs_error_set(err, GS_EIO, path, "%s", strerror(errno));
	if (S_ISDIR(st.st_mode))
		snprintf(file, sizeof file, "%s/config.json", path);
	else
		snprintf(file, sizeof file, "%s", path);
	char *buf;
	size_t n;
	gs_status s = gs_file_read(file, MAX_CONFIG_BYTES, "a config.json", &buf, &n, err);
	if (s)
		return s;
	s = gs_model_from_config_json(buf, n, file, m, err);
	free(buf);
	return s;
}
