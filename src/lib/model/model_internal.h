/* model_internal.h — shared between model.c, model_config.c and model_vision.c. */
#ifndef GS_MODEL_INTERNAL_H
#define GS_MODEL_INTERNAL_H

#include "gpusizer/model.h"

/* A decoder described generically; each model_type's reader fills one, and
 * gsi_arch_count() turns it into parameter counts. All dimensions are taken
 * from config.json; the per-type readers only decide which terms exist. */
enum {
	GSI_NM_Q, GSI_NM_K, GSI_NM_V, GSI_NM_QKV, GSI_NM_O,
	GSI_NM_GATE, GSI_NM_UP, GSI_NM_GATE_UP, GSI_NM_DOWN,
	GSI_NM_EGATE, GSI_NM_EUP, GSI_NM_EDOWN, /* MoE experts */
	GSI_NM_QA, GSI_NM_QB, GSI_NM_KVA, GSI_NM_KVB,
	GSI_NM_SSM_IN, GSI_NM_SSM_X, GSI_NM_SSM_DT, GSI_NM_SSM_OUT, /* Mamba mixer */
	GSI_NM_SSM_Z, GSI_NM_SSM_B, GSI_NM_SSM_A, /* Qwen3.5's split Gated DeltaNet projections */
	GSI_NM_IDX_Q, GSI_NM_IDX_K,                   /* DSA indexer's wq_b, wk */
	GSI_NM_LAUREL_L, GSI_NM_LAUREL_R, GSI_NM_PLE_GATE, GSI_NM_PLE_PROJ, /* Gemma 3n's */
	GSI_NM_ALTUP_CORR, GSI_NM_ALTUP_PRED, GSI_NM_ALTUP_ROUTER, GSI_NM_PLE_MODEL_PROJ,
	GSI_NM_ALTUP_PROJ, GSI_NM_ALTUP_UNEMBED,
	GSI_NM_COUNT
};

typedef struct gsi_arch {
	uint32_t L, h, a, a_kv, d, v_d, i, V, max_pos;
	bool qkv_bias, o_bias, mlp_bias, qk_norm, gated, tied, fused_qkv, fused_gate_up;
	uint32_t norms_per_layer;
	/* model-level norms besides the final one (BLOOM's word_embeddings_layernorm) */
	uint32_t extra_norms;
	bool no_final_norm;    /* no final norm (ChatGLM without post_layer_norm) */
	bool attn_sinks;       /* one learned sink logit per head and layer (gpt-oss) */
	bool qk_norm_full;     /* q/k norms over all heads (a x d and a_kv x d: OLMo 2),
	                          not per head (d each: Qwen3, Gemma 3)          */
	bool norm_bias;
	bool lm_head_bias;  /* lm_head = Linear(h, V, bias=True) (PhiMoE's lm_head_bias) */
	uint64_t pos_embed; /* rows of a learned position embedding (GPT-2) */
	uint32_t embed_w;   /* OPT's word_embed_proj_dim: the token embedding and
	                       the head work in this width, behind project_in and
	                       project_out (h x embed_w each, no bias); 0: h  */
	/* MoE */
	uint32_t E, topk, moe_i, shared_i;
	uint32_t moe_latent;   /* Nemotron-H: experts work in this width, behind
	                          fc1/fc2 latent projections (0: hidden size) */
	bool router_bias;
	bool experts_params;   /* experts are 3-D parameters: counted, not noted
	                          as linear modules (gs_model.experts_params) */
	const char *router_module; /* the router is an nn.Linear of this name in
	                          every release (GraniteMoE's router.layer): noted
	                          as a module, so all-linear adapts it */
	/* MLA */
	bool mla;
	uint32_t q_lora, kv_lora, nope, rope;
	/* DeepSeek Sparse Attention's indexer on every MLA layer (GLM-5):
	 * idx_heads query heads of idx_dim from the q latent, one key of idx_dim */
	uint32_t idx_heads, idx_dim, idx_topk;
	uint32_t window;
	bool gpt_style;
	uint32_t pooler;      /* bert: a pooler dense h x h (+ bias) */
	/* Encoder-decoder (T5, BART): enc_L encoder layers of self-attention and
	 * MLP with enc_norms norms each; the L decoder layers add a
	 * cross-attention of the same shape. rel_bias: the relative position
	 * bias parameters of the whole model (T5's buckets x heads). */
	uint32_t enc_L, enc_norms;
	uint64_t rel_bias;
	/* State-space (Mamba): every layer is a mixer of inner width ssm_inner
	 * with a state of ssm_state per channel and a causal convolution of
	 * ssm_conv taps; dt_rank is the width of its time-step projection. */
	bool ssm, ssm_bias, ssm_conv_bias;
	uint32_t ssm_inner, ssm_state, ssm_conv, dt_rank;
	bool ssm_inner_norms;  /* Jamba's mixer: RMSNorms on dt, B and C          */
	/* Mamba-2's mixer (ssm_groups > 0): ssm_heads heads of ssm_head_dim,
	 * B and C shared by ssm_groups groups of ssm_state, no x_proj/dt_proj */
	uint32_t ssm_heads, ssm_head_dim, ssm_groups, ssm_chunk;
	bool ssm_state_fp32;   /* Nemotron-H: mamba_ssm_cache_dtype float32        */
	/* Qwen3-Next: its linear-attention layers are Gated DeltaNet mixers
	 * (ssm_groups key heads of ssm_state, ssm_heads value heads of
	 * ssm_head_dim); its attention gates the output with a second half of
	 * q_proj; its shared expert has a one-output gate */
	bool gdn, attn_out_gate, shared_gate;
	bool gdn_split;        /* Qwen3.5: the Gated DeltaNet's input projections are
	                          four matrices in the checkpoint (in_proj_qkv,
	                          in_proj_z, in_proj_b, in_proj_a), the same
	                          parameters as Qwen3-Next's two fused ones     */
	/* Multi-token-prediction layers the checkpoint stores beside the trunk
	 * (Qwen3-Next's and Qwen3.5's mtp.*, GLM's and DeepSeek's
	 * num_nextn_predict_layers): mtp_layers copies of the trunk's
	 * last attention layer, plus mtp_extra parameters of their own (the fc
	 * over the embedding and the hidden state, their norms). Counted apart
	 * (gs_model.mtp_params), not in the parameters: Transformers does not
	 * build them and vLLM and SGLang load them only for speculative
	 * decoding. */
	uint32_t mtp_layers;
	uint64_t mtp_extra;
	bool mtp_embed_head;  /* GLM's and DeepSeek's own embed_tokens and
	                         shared_head.head in each MTP layer (in mtp_extra) */
	/* Nemotron-H: each layer is one of a Mamba-2 mixer, attention or an MLP
	 * (m->layer_is_ssm, m->layer_is_mlp_only), with one norm */
	bool single_mixer;
	/* Falcon-H1: every layer runs attention and a Mamba-2 mixer side by
	 * side, then an MLP; its mixer's out_proj bias and gated norm are
	 * separate switches (ssm_out_bias, ssm_no_norm) */
	bool parallel_ssm, ssm_out_bias, ssm_no_norm;
	bool hybrid;           /* layers mix attention and Mamba (m->layer_is_ssm) */
	/* LFM2: its state layers are short convolutions (ShortConv): in_proj
	 * to 3 x ssm_inner (B, C, x), a depthwise conv of ssm_conv taps,
	 * out_proj; no SSM, no recurrent state */
	bool short_conv;
	uint32_t num_labels;  /* sequence classification: head h x labels (+ bias) */
	uint32_t token_labels; /* token classification / question answering: a
	                          head h x labels (+ bias) on every token */
	bool mlm_head;        /* bert: BertLMPredictionHead's transform (dense
	                         h x h + bias, LayerNorm) and decoder bias; the
	                         decoder matrix is lm_head (tied by default) */
	uint32_t pooled_head; /* bert: a head on the pooled output beside the
	                         MLM head (BertForPreTraining's NSP: 2) */
	bool encoder_only;    /* bert: no generate(), no KV cache */
	/* Gemma 3n (model_gemma3n.c): AltUp's altup_n streams, LAuReL's rank,
	 * the per-layer embeddings' width and vocabulary; altup_n > 0 adds
	 * their parameters to every layer and to the model. Per-layer MLP
	 * widths are m->layer_intermediate (i is the widest). */
	uint32_t altup_n, laurel_rank, ple_dim, ple_vocab;
	/* Gemma 4 (model_gemma4.c): the full-attention layers' (those not
	 * sliding) head size and KV heads (0: d, a_kv), and whether they have
	 * no v_proj (attention_k_eq_v: V is the k projection); KV-shared layers
	 * (m->layer_shares_kv) without k_proj, v_proj and k_norm; the experts
	 * beside the dense MLP (counted as the shared expert, shared_i) with
	 * the router's scale and per_expert_scale and three more norms; one
	 * stored layer_scalar per layer. With ple_dim and no altup_n, the
	 * per-layer embeddings alone. */
	uint32_t full_d, full_kv;
	bool full_k_eq_v, shared_kv_no_proj, moe_beside_mlp, layer_scalar;
	/* module names as the checkpoint (and PEFT) call them */
	const char *nm[GSI_NM_COUNT];
} gsi_arch;

/* Read config.json's quantization_config object `q` (a jansson json_t *)
 * into m->quant_format / quant_read / quant_problem / quant_skipped
 * (model_quant.c). Never fails: an unreadable config is recorded. */
void gsi_read_quantization_config(const void *q, gs_model *m);

/* Llama's module names; readers override what differs. */
void gsi_arch_default_names(gsi_arch *a);

/* No real model comes near this (2^53, 9.0e15 parameters); a config that
 * describes more is refused, which also keeps every product below in range. */
#define GSI_MAX_PARAMS ((uint64_t)1 << 53)

/* Fill m's parameters, split and architecture facts from a; m->layer_is_moe
 * and m->layer_is_sliding must already be set. Returns false when the
 * dimensions describe more than GSI_MAX_PARAMS parameters. */
bool gsi_arch_count(const gsi_arch *a, gs_model *m);

/* Record `n` linear modules `name` of in x out in m's module table (PEFT's
 * targets match them by name). */
void gsi_note_module(gs_model *m, const char *name, uint64_t in, uint64_t out, uint64_t n);

/* Vision-language configs (model_vision.c): true for an outer model_type
 * whose text decoder and vision tower gpusizer reads; gsi_read_multimodal
 * fills m from the jansson object root (a json_t *) with the decoder from
 * text_config, then adds the tower and projector. */
bool gsi_is_multimodal_type(const char *type);
gs_status gsi_read_multimodal(const void *root, const char *type, const char *name, gs_model *m,
                              gs_error *err);

/* A text model's config (model_config.c): root is its jansson object and
 * type its model_type; m is cleared, filled by the type's reader, and
 * described (gsi_config_describe). Vision configs read their text_config
 * with it. */
gs_status gsi_read_text_config(const void *root, const char *type, const char *name, gs_model *m,
                               gs_error *err);

/* What a config says beside its dimensions: model_type, source name, the
 * architecture, torch_dtype, attention implementation and
 * quantization_config (model_config.c). */
void gsi_config_describe(const void *root, const char *type, const char *name, gs_model *m);

#endif
