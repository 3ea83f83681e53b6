/*
 * model_encoders.c — config.json readers of encoders and encoder-decoders
 * (BERT and its heads, T5/mT5/UMT5, BART, Marian), each after its
 * Transformers modeling_<type>.py.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "model/model_reader.h"

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
static uint32_t config_labels(gsi_reader *r)
{
	json_t *labels = json_object_get(r->root, "id2label");
	return labels && json_is_object(labels) && json_object_size(labels) > 0
	       ? (uint32_t)json_object_size(labels) : 2;
}

static gs_status bert_head(gsi_reader *r, gsi_arch *a)
{
	json_t *archs = json_object_get(r->root, "architectures");
	const char *arch = json_string_value(json_array_get(archs, 0));
	a->tied = true; /* no decoder matrix unless an MLM head unties it */
	if (!arch || !strcmp(arch, "BertModel")) {
		a->pooler = 1;
	} else if (!strcmp(arch, "BertForMaskedLM") || !strcmp(arch, "BertLMHeadModel")) {
		a->mlm_head = true;
		TRY(gsi_cfg_flag(r, "tie_word_embeddings", &a->tied, true));
	} else if (!strcmp(arch, "BertForPreTraining")) {
		a->pooler = 1;
		a->mlm_head = true;
		a->pooled_head = 2;
		TRY(gsi_cfg_flag(r, "tie_word_embeddings", &a->tied, true));
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
		return gsi_cfg_field_error(r, "architectures",
		                           "names a BERT class whose head gpusizer does not know (known: "
		                           "BertModel, BertForMaskedLM, BertLMHeadModel, BertForPreTraining, "
		                           "BertForSequenceClassification, BertForNextSentencePrediction, "
		                           "BertForMultipleChoice, BertForTokenClassification, "
		                           "BertForQuestionAnswering)");
	}
	return GS_OK;
}

gs_status gsi_read_bert(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	uint32_t types;
	TRY(gsi_cfg_common(r, a, m, true));
	TRY(gsi_cfg_dim(r, "type_vocab_size", &types, false, 2, true));
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

/* T5 family (modeling_t5.py, modeling_mt5.py, modeling_umt5.py): an
 * encoder of num_layers blocks and a decoder of num_decoder_layers blocks
 * that adds cross-attention, both with q/k/v/o of num_heads x d_kv (not
 * always d_model), an MLP wi/wo (relu) or wi_0/wi_1/wo ("gated-" in
 * feed_forward_proj), no biases, RMS-style norms without bias (2 per
 * encoder block, 3 per decoder block, a final one per stack), the shared
 * embedding, lm_head tied or not, and a relative position bias of buckets
 * x heads in the first block of each stack (in every block for umt5).
 * Transformers adds that bias to the scores itself: eager attention only. */
static gs_status read_t5_family(gsi_reader *r, gsi_arch *a, gs_model *m, bool bias_every_layer)
{
	uint32_t buckets;
	TRY(gsi_cfg_dim(r, "d_model", &a->h, true, 0, false));
	TRY(gsi_cfg_dim(r, "d_kv", &a->d, true, 0, false));
	TRY(gsi_cfg_dim(r, "d_ff", &a->i, true, 0, false));
	TRY(gsi_cfg_dim(r, "num_layers", &a->enc_L, true, 0, false));
	TRY(gsi_cfg_dim(r, "num_decoder_layers", &a->L, false, a->enc_L, false));
	TRY(gsi_cfg_dim(r, "num_heads", &a->a, true, 0, false));
	TRY(gsi_cfg_dim(r, "vocab_size", &a->V, true, 0, false));
	TRY(gsi_cfg_dim(r, "relative_attention_num_buckets", &buckets, false, 32, false));
	if (a->enc_L > GS_MAX_LAYERS || a->L > GS_MAX_LAYERS)
		return gsi_cfg_field_error(r, a->L > GS_MAX_LAYERS ? "num_decoder_layers" : "num_layers",
		                   "exceeds the supported maximum of 512 layers");
	json_t *ff = json_object_get(r->root, "feed_forward_proj");
	const char *proj = ff && !json_is_null(ff) ? json_string_value(ff) : "relu";
	if (!proj)
		return gsi_cfg_field_error(r, "feed_forward_proj",
		                           "must be a string such as \"relu\" or \"gated-gelu\"");
	a->gated = strncmp(proj, "gated-", 6) == 0;
	a->a_kv = a->a;
	a->v_d = a->d;
	a->max_pos = 0; /* relative positions: no trained length in the config */
	a->enc_norms = 2;
	a->norms_per_layer = 3;
	a->extra_norms = 1; /* a final norm per stack */
	a->rel_bias = gs_mul_sat((uint64_t)buckets * a->a, bias_every_layer ? (uint64_t)a->enc_L + a->L : 2);
	a->gpt_style = true;
	TRY(gsi_cfg_flag(r, "tie_word_embeddings", &a->tied, true));
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

gs_status gsi_read_t5(gsi_reader *r, gsi_arch *a, gs_model *m) { return read_t5_family(r, a, m, false); }

gs_status gsi_read_umt5(gsi_reader *r, gsi_arch *a, gs_model *m) { return read_t5_family(r, a, m, true); }

/* BART (modeling_bart.py): encoder_layers and decoder_layers blocks of
 * d_model with q/k/v/out projections and fc1/fc2 MLPs, all with biases,
 * LayerNorms with bias (2 per encoder block, 3 per decoder block), one
 * layernorm_embedding per stack, learned positions of max_position_embeddings
 * + 2 rows per stack (BartLearnedPositionalEmbedding's offset), the shared
 * embedding tied to lm_head (final_logits_bias is a buffer). */
gs_status gsi_read_bart(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	(void)m;
	uint32_t dec_heads, dec_ffn;
	TRY(gsi_cfg_dim(r, "d_model", &a->h, true, 0, false));
	TRY(gsi_cfg_dim(r, "encoder_layers", &a->enc_L, true, 0, false));
	TRY(gsi_cfg_dim(r, "decoder_layers", &a->L, true, 0, false));
	TRY(gsi_cfg_dim(r, "encoder_attention_heads", &a->a, true, 0, false));
	TRY(gsi_cfg_dim(r, "decoder_attention_heads", &dec_heads, false, a->a, false));
	TRY(gsi_cfg_dim(r, "encoder_ffn_dim", &a->i, true, 0, false));
	TRY(gsi_cfg_dim(r, "decoder_ffn_dim", &dec_ffn, false, a->i, false));
	TRY(gsi_cfg_dim(r, "vocab_size", &a->V, true, 0, false));
	TRY(gsi_cfg_dim(r, "max_position_embeddings", &a->max_pos, true, 0, false));
	if (a->enc_L > GS_MAX_LAYERS || a->L > GS_MAX_LAYERS)
		return gsi_cfg_field_error(r, a->L > GS_MAX_LAYERS ? "decoder_layers" : "encoder_layers",
		                   "exceeds the supported maximum of 512 layers");
	if (dec_heads != a->a || dec_ffn != a->i)
		return gsi_cfg_field_error(r,
		                           dec_heads != a->a ? "decoder_attention_heads" : "decoder_ffn_dim",
		                           "differs from the encoder's: gpusizer sizes BART with both stacks "
		                           "alike");
	if (a->h % a->a)
		return gsi_cfg_field_error(r, "encoder_attention_heads", "must divide d_model");
	a->a_kv = a->a;
	a->d = a->v_d = a->h / a->a;
	a->gated = false;
	a->qkv_bias = a->o_bias = a->mlp_bias = a->norm_bias = true;
	a->enc_norms = 2;
	a->norms_per_layer = 3;
	a->extra_norms = 1; /* layernorm_embedding per stack, no final norm */
	a->pos_embed = 2 * ((uint64_t)a->max_pos + 2);
	a->gpt_style = true;
	TRY(gsi_cfg_flag(r, "tie_word_embeddings", &a->tied, true));
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
gs_status gsi_read_marian(gsi_reader *r, gsi_arch *a, gs_model *m)
{
	bool shared = true;
	uint32_t dec_vocab = 0;
	TRY(gsi_read_bart(r, a, m));
	TRY(gsi_cfg_flag(r, "share_encoder_decoder_embeddings", &shared, true));
	TRY(gsi_cfg_dim(r, "decoder_vocab_size", &dec_vocab, false, a->V, false));
	if (!shared || dec_vocab != a->V)
		return gsi_cfg_field_error(r,
		                           shared ? "decoder_vocab_size" : "share_encoder_decoder_embeddings",
		                           "describes a decoder vocabulary of its own: gpusizer sizes Marian "
		                           "with one vocabulary shared by both stacks and the head");
	a->pos_embed = 2 * (uint64_t)a->max_pos;
	a->extra_norms = 0;
	a->no_final_norm = true;
	return GS_OK;
}
