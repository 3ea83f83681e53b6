/*
 * model.c — parameter counting and the KV/activation facts of a model
 * (gpusizer/model.h). Formulas: docs/method.md §2 (parameters) and §4 (KV cache).
 */
#include <stdio.h>
#include <string.h>
#include "gpusizer/units.h"
#include "model/model_internal.h"

void gs_model_from_params(uint64_t params, gs_model *m)
{
	memset(m, 0, sizeof *m);
	snprintf(m->source, sizeof m->source, "--params");
	m->params = params;
	/* without an architecture every parameter is treated as a quantizable
	 * matrix weight; the estimate lists what that leaves unknown */
	m->split.linear = params;
}

/* Count `n` weight matrices of out x in. Saturating: an absurd config
 * saturates instead of wrapping, and gsi_arch_count refuses it. */
/* Counting state: the split being summed and the model whose module table
 * is filled. Passed explicitly: the library keeps no global state. */
typedef struct counter {
	gs_param_split s;
	gs_model *m;
	const gsi_arch *a;
	bool in_experts; /* mlp_params is counting routed experts */
	bool in_shared;  /* mlp_params is counting the shared experts */
	bool in_head;    /* an encoder's pooler or MLM transform, named like o */
	bool in_dense;   /* mlp_params is counting a decoder layer's dense MLP */
	bool quiet;      /* counting MTP layers: no module of theirs is built
	                    by Transformers, so none is noted for PEFT */
	bool full_layer; /* Gemma 4: the layer being counted is a full-attention
	                    layer of its own head size, KV heads, and maybe no v_proj */
	bool kv_shared_layer; /* Gemma 4: a KV-shared layer, without k_proj,
	                    v_proj and k_norm in the checkpoint */
} counter;

static void add(uint64_t *acc, uint64_t v) { *acc = gs_add_sat(*acc, v); }

void gsi_note_module(gs_model *m, const char *name, uint64_t in, uint64_t out, uint64_t n)
{
	for (size_t i = 0; i < m->n_modules; i++) {
		gs_linear_module *x = &m->modules[i];
		if (strcmp(x->name, name) == 0 && x->in == in && x->out == out) {
			x->count = gs_add_sat(x->count, n);
			return;
		}
	}
	if (m->n_modules == GS_MAX_MODULES)
		return; /* more shapes than any supported type has */
	gs_linear_module *x = &m->modules[m->n_modules++];
	snprintf(x->name, sizeof x->name, "%s", name);
	x->in = in;
	x->out = out;
	x->count = n;
}

/* Count `n` weight matrices of out x in named `nm`. Saturating: an absurd
 * config saturates instead of wrapping, and gsi_arch_count refuses it. */
/* The role a matrix plays, for a quantization config that keeps a role
 * in 16 bits by name (gs_role), or -1 (the routed experts, an encoder's). */
static int role_of(const counter *c, int nm)
{
	if (c->in_shared)
		return GS_ROLE_SHARED;
	if (c->in_head)
		return -1;
	if (c->in_dense)
		return GS_ROLE_DENSE;
	switch (nm) {
	case GSI_NM_Q: case GSI_NM_K: case GSI_NM_V: case GSI_NM_QKV: case GSI_NM_O:
	case GSI_NM_QA: case GSI_NM_QB: case GSI_NM_KVA: case GSI_NM_KVB:
	case GSI_NM_IDX_Q: case GSI_NM_IDX_K:
		return GS_ROLE_ATTN;
	case GSI_NM_SSM_IN: case GSI_NM_SSM_X: case GSI_NM_SSM_DT: case GSI_NM_SSM_OUT:
	case GSI_NM_SSM_Z: case GSI_NM_SSM_B: case GSI_NM_SSM_A:
		return GS_ROLE_MIXER;
	default:
		return -1;
	}
}

static void matrices(counter *c, int nm, uint64_t out, uint64_t in, uint64_t n)
{
	gs_param_split *s = &c->s;
	int role = role_of(c, nm);
	if (role >= 0) {
		gs_role_sum *r = &s->role[role];
		r->params = gs_add_sat(r->params, gs_mul_sat(gs_mul_sat(out, in), n));
		r->matrices = gs_add_sat(r->matrices, n);
		r->rows = gs_add_sat(r->rows, gs_mul_sat(out, n));
		r->cols = gs_add_sat(r->cols, gs_mul_sat(in, n));
	}
	s->linear = gs_add_sat(s->linear, gs_mul_sat(gs_mul_sat(out, in), n));
	s->linear_matrices = gs_add_sat(s->linear_matrices, n);
	s->linear_rows = gs_add_sat(s->linear_rows, gs_mul_sat(out, n));
	s->linear_cols = gs_add_sat(s->linear_cols, gs_mul_sat(in, n));
	bool expert = nm == GSI_NM_EGATE || nm == GSI_NM_EUP || nm == GSI_NM_EDOWN ||
	              (nm == GSI_NM_GATE_UP && c->in_experts);
	if (expert) {
		s->experts = gs_add_sat(s->experts, gs_mul_sat(gs_mul_sat(out, in), n));
		s->expert_matrices = gs_add_sat(s->expert_matrices, n);
		s->expert_rows = gs_add_sat(s->expert_rows, gs_mul_sat(out, n));
		s->expert_cols = gs_add_sat(s->expert_cols, gs_mul_sat(in, n));
	}
	if (!(expert && c->a->experts_params) && !c->quiet)
		gsi_note_module(c->m, c->a->nm[nm], in, out, n);
}

static void matrix(counter *c, int nm, uint64_t out, uint64_t in) { matrices(c, nm, out, in, 1); }

static void attention_params(counter *c)
{
	const gsi_arch *a = c->a;
	gs_param_split *s = &c->s;
	uint64_t h = a->h, heads = a->a;
	if (a->mla) {
		uint64_t qk = (uint64_t)a->nope + a->rope;
		if (a->q_lora) {
			matrix(c, GSI_NM_QA, a->q_lora, h);
			add(&s->norm, a->q_lora);                 /* q_a_layernorm */
			matrix(c, GSI_NM_QB, heads * qk, a->q_lora);
		} else {
			matrix(c, GSI_NM_Q, heads * qk, h);
		}
		matrix(c, GSI_NM_KVA, (uint64_t)a->kv_lora + a->rope, h);
		add(&s->norm, a->kv_lora);                        /* kv_a_layernorm */
		matrix(c, GSI_NM_KVB, heads * ((uint64_t)a->nope + a->v_d), a->kv_lora);
		matrix(c, GSI_NM_O, h, heads * a->v_d);
		if (a->idx_heads) {
			/* the DSA indexer (vLLM deepseek_v2.py Indexer @7cfb97e3379):
			 * wq_b from the q latent, wk, k_norm a LayerNorm with bias,
			 * weights_proj h -> heads, no biases on the Linears;
			 * weights_proj stays unquantized (quant_config=None), so it is
			 * counted with the routers, not with the matrices */
			matrix(c, GSI_NM_IDX_Q, (uint64_t)a->idx_heads * a->idx_dim, a->q_lora);
			matrix(c, GSI_NM_IDX_K, a->idx_dim, h);
			add(&s->norm, 2ull * a->idx_dim);
			add(&s->other, (uint64_t)a->idx_heads * h);
		}
		return;
	}
	/* Gemma 4's full-attention layers have their own head size and KV
	 * heads, and no v_proj with attention_k_eq_v; its KV-shared layers no
	 * k_proj, v_proj or k_norm (modeling_gemma4.py Gemma4TextAttention) */
	uint64_t d = a->d, vd = a->v_d, kvh = a->a_kv;
	if (c->full_layer) {
		d = vd = a->full_d ? a->full_d : d;
		kvh = a->full_kv ? a->full_kv : kvh;
	}
	bool no_k = c->kv_shared_layer, no_v = no_k || (c->full_layer && a->full_k_eq_v);
	uint64_t q = gs_mul_sat(heads, d), k = no_k ? 0 : gs_mul_sat(kvh, d);
	uint64_t v = no_v ? 0 : gs_mul_sat(kvh, vd);
	if (a->fused_qkv) {
		matrix(c, GSI_NM_QKV, q + k + v, h);
	} else {
		matrix(c, GSI_NM_Q, a->attn_out_gate ? 2 * q : q, h); /* Qwen3-Next: q and its output gate */
		if (k)
			matrix(c, GSI_NM_K, k, h);
		if (v)
			matrix(c, GSI_NM_V, v, h);
	}
	matrix(c, GSI_NM_O, h, gs_mul_sat(heads, vd));
	if (a->qkv_bias)
		add(&s->other, gs_add_sat(q, gs_add_sat(k, v)));
	if (a->o_bias)
		add(&s->other, h);
	if (a->qk_norm)
		add(&s->norm, a->qk_norm_full ? gs_add_sat(q, k) : (no_k ? 1ull : 2ull) * d);
	if (a->attn_sinks)
		add(&s->other, heads);
}

/* Mamba's mixer (modeling_mamba.py MambaMixer; Jamba's JambaMambaMixer
 * adds RMSNorms on dt, B and C): in_proj to 2 x inner, a depthwise conv1d,
 * x_proj, dt_proj with bias, A_log and D, out_proj. */
static void mamba_mixer_params(counter *c)
{
	const gsi_arch *a = c->a;
	gs_param_split *s = &c->s;
	uint64_t di = a->ssm_inner, h = a->h;
	matrix(c, GSI_NM_SSM_IN, 2 * di, h);
	matrix(c, GSI_NM_SSM_X, (uint64_t)a->dt_rank + 2ull * a->ssm_state, di);
	matrix(c, GSI_NM_SSM_DT, di, a->dt_rank);
	matrix(c, GSI_NM_SSM_OUT, h, di);
	add(&s->other, gs_mul_sat(di, (uint64_t)a->ssm_conv + (a->ssm_conv_bias ? 1 : 0))); /* conv1d */
	add(&s->other, di);                                    /* dt_proj bias */
	add(&s->other, gs_mul_sat(di, (uint64_t)a->ssm_state + 1)); /* A_log, D */
	if (a->ssm_bias)
		add(&s->other, 2 * di + h);                        /* in_proj, out_proj biases */
	if (a->ssm_inner_norms)
		add(&s->norm, (uint64_t)a->dt_rank + 2ull * a->ssm_state);
}

/* Mamba-2's mixer (modeling_mamba2.py Mamba2Mixer): in_proj to 2 x inner
 * + 2 x groups x state + heads (gate, x, B, C, dt), a depthwise conv1d over
 * inner + 2 x groups x state channels, dt_bias, A_log and D per head, a
 * gated RMSNorm of inner, out_proj; biases on in/out_proj when use_bias. */
static void mamba2_mixer_params(counter *c)
{
	const gsi_arch *a = c->a;
	gs_param_split *s = &c->s;
	uint64_t di = a->ssm_inner, h = a->h, gn = 2ull * a->ssm_groups * a->ssm_state;
	uint64_t proj = 2 * di + gn + a->ssm_heads, conv_dim = di + gn;
	matrix(c, GSI_NM_SSM_IN, proj, h);
	matrix(c, GSI_NM_SSM_OUT, h, di);
	add(&s->other, gs_mul_sat(conv_dim, (uint64_t)a->ssm_conv + (a->ssm_conv_bias ? 1 : 0))); /* conv1d */
	add(&s->other, 3ull * a->ssm_heads);                   /* dt_bias, A_log, D */
	if (!a->ssm_no_norm)
		add(&s->norm, di);                                 /* the gated RMSNorm */
	if (a->ssm_bias)
		add(&s->other, proj);                              /* in_proj bias */
	if (a->ssm_out_bias)
		add(&s->other, h);                                 /* out_proj bias */
}

/* Qwen3-Next's Gated DeltaNet (modular_qwen3_next.py Qwen3NextGatedDeltaNet):
 * in_proj_qkvz to 2 x key + 2 x value, in_proj_ba to 2 x value heads, a
 * depthwise conv1d over 2 x key + value channels without bias, dt_bias and
 * A_log per value head, a gated RMSNorm of the value head dim, out_proj;
 * key = key heads x key head dim, value = value heads x value head dim.
 * Qwen3.5's checkpoints split the two projections in four (in_proj_qkv
 * 2 x key + value, in_proj_z value, in_proj_b and in_proj_a value heads
 * each: vLLM qwen3_5.py's stacked-params mapping), the same parameters. */
static void gdn_mixer_params(counter *c)
{
	const gsi_arch *a = c->a;
	gs_param_split *s = &c->s;
	uint64_t key = (uint64_t)a->ssm_groups * a->ssm_state,
		 value = (uint64_t)a->ssm_heads * a->ssm_head_dim;
	if (a->gdn_split) {
		matrix(c, GSI_NM_SSM_IN, 2 * key + value, a->h);
		matrix(c, GSI_NM_SSM_Z, value, a->h);
		matrix(c, GSI_NM_SSM_B, a->ssm_heads, a->h);
		matrix(c, GSI_NM_SSM_A, a->ssm_heads, a->h);
	} else {
		matrix(c, GSI_NM_SSM_IN, 2 * key + 2 * value, a->h);
		matrix(c, GSI_NM_SSM_X, 2ull * a->ssm_heads, a->h);
	}
	matrix(c, GSI_NM_SSM_OUT, a->h, value);
	add(&s->other, gs_mul_sat(2 * key + value, a->ssm_conv)); /* conv1d */
	add(&s->other, 2ull * a->ssm_heads);                      /* dt_bias, A_log */
	add(&s->norm, a->ssm_head_dim);                           /* the gated norm */
}

/* LFM2's ShortConv (vLLM layers/mamba/short_conv.py @7cfb97e3379):
 * in_proj h -> 3 x conv_dim (B, C, x), a depthwise conv of conv_dim x
 * L_cache (HF conv.weight (conv_dim, 1, L_cache)), out_proj conv_dim -> h,
 * biases on all three with conv_bias. */
static void short_conv_params(counter *c)
{
	const gsi_arch *a = c->a;
	uint64_t cd = a->ssm_inner, h = a->h;
	matrix(c, GSI_NM_SSM_IN, 3 * cd, h);
	matrix(c, GSI_NM_SSM_OUT, h, cd);
	add(&c->s.other, gs_mul_sat(cd, a->ssm_conv));
	if (a->ssm_conv_bias)
		add(&c->s.other, 3 * cd + cd + h);
}

/* The state-space mixer of this architecture: Mamba-2's when it has groups. */
static void ssm_mixer_params(counter *c)
{
	if (c->a->short_conv)
		short_conv_params(c);
	else if (c->a->gdn)
		gdn_mixer_params(c);
	else if (c->a->ssm_groups)
		mamba2_mixer_params(c);
	else
		mamba_mixer_params(c);
}

/* `n` MLPs (n experts) of intermediate `width`, counted in closed form. */
static void mlp_params(counter *c, uint64_t width, uint64_t n, bool expert)
{
	const gsi_arch *a = c->a;
	uint64_t h = a->h;
	int g = expert ? GSI_NM_EGATE : GSI_NM_GATE, u = expert ? GSI_NM_EUP : GSI_NM_UP;
	int d = expert ? GSI_NM_EDOWN : GSI_NM_DOWN;
	c->in_experts = expert;
	if (a->gated && a->fused_gate_up) {
		matrices(c, GSI_NM_GATE_UP, 2 * width, h, n);
	} else if (a->gated) {
		matrices(c, g, width, h, n);
		matrices(c, u, width, h, n);
	} else {
		matrices(c, u, width, h, n);
	}
	matrices(c, d, h, width, n);
	c->in_experts = false;
	if (a->mlp_bias)
		add(&c->s.other, gs_mul_sat((a->gated ? 2 * width : width) + h, n));
}

/* A decoder layer's dense MLP (role GS_ROLE_DENSE). */
static void dense_mlp(counter *c, uint64_t width)
{
	c->in_dense = true;
	mlp_params(c, width, 1, false);
	c->in_dense = false;
}

/* A mixture-of-experts feed-forward: E experts of moe_i (working in the
 * latent width behind two projections when moe_latent is set), the router
 * (+ DeepSeek-V3's e_score_correction_bias) and the shared experts. */
static void moe_params(counter *c)
{
	const gsi_arch *a = c->a;
	gs_param_split *s = &c->s;
	uint64_t h = a->h;
	if (a->moe_latent) {
		uint64_t lat = a->moe_latent;
		matrices(c, GSI_NM_EUP, a->moe_i, lat, a->E);
		matrices(c, GSI_NM_EDOWN, lat, a->moe_i, a->E);
		matrices(c, GSI_NM_UP, lat, h, 1);               /* fc1_latent_proj */
		matrices(c, GSI_NM_DOWN, h, lat, 1);             /* fc2_latent_proj */
		if (a->mlp_bias)
			add(&s->other, lat + h);
	} else {
		mlp_params(c, a->moe_i, a->E, true);
	}
	add(&s->other, (uint64_t)a->E * h); /* router */
	if (a->router_module && !c->quiet)
		gsi_note_module(c->m, a->router_module, h, a->E, 1);
	if (a->router_bias)
		add(&s->other, a->E);        /* e_score_correction_bias */
	if (a->moe_beside_mlp) {
		/* Gemma 4 (modeling_gemma4.py Gemma4TextRouter, Gemma4TextDecoderLayer):
		 * router.scale (h) and router.per_expert_scale (E), and the norms
		 * post_feedforward_layernorm_1 and _2, pre_feedforward_layernorm_2 */
		add(&s->other, h + a->E);
		add(&s->norm, 3 * h);
	}
	if (a->shared_i) {
		c->in_shared = true;
		mlp_params(c, a->shared_i, 1, false);
		c->in_shared = false;
	}
	if (a->shared_gate)
		add(&s->other, h); /* Qwen2-MoE's shared_expert_gate, Linear(h, 1) */
}

/* Gemma 3n's additions to each decoder layer (vLLM models/gemma3n.py
 * @7cfb97e3379 Gemma3nLaurelBlock, Gemma3nAltUp, Gemma3nDecoderLayer):
 * LAuReL's linear_left h -> r and linear_right r -> h and its
 * post_laurel_norm; the per-layer input's per_layer_input_gate h -> p and
 * per_layer_projection p -> h and post_per_layer_input_norm; AltUp's
 * correction_coefs n -> n, prediction_coefs n -> n^2 and modality_router
 * h -> n (Linears without bias), its router_norm and correct_output_scale
 * (h each, the scale a bare parameter). */
static void gemma3n_layer_params(counter *c)
{
	const gsi_arch *a = c->a;
	uint64_t h = a->h, n = a->altup_n, r = a->laurel_rank, p = a->ple_dim;
	matrix(c, GSI_NM_LAUREL_L, r, h);
	matrix(c, GSI_NM_LAUREL_R, h, r);
	matrix(c, GSI_NM_PLE_GATE, p, h);
	matrix(c, GSI_NM_PLE_PROJ, h, p);
	matrix(c, GSI_NM_ALTUP_CORR, n, n);
	matrix(c, GSI_NM_ALTUP_PRED, n * n, n);
	matrix(c, GSI_NM_ALTUP_ROUTER, n, h);
	add(&c->s.norm, 3 * h); /* post_laurel_norm, post_per_layer_input_norm, router_norm */
	add(&c->s.other, h);    /* correct_output_scale */
}

/* Per-layer embeddings without AltUp (Gemma 4 E2B, E4B; modeling_gemma4.py
 * Gemma4TextDecoderLayer): per_layer_input_gate h -> p, per_layer_projection
 * p -> h (Linears without bias), post_per_layer_input_norm (h). */
static void ple_layer_params(counter *c)
{
	const gsi_arch *a = c->a;
	uint64_t h = a->h, p = a->ple_dim;
	matrix(c, GSI_NM_PLE_GATE, p, h);
	matrix(c, GSI_NM_PLE_PROJ, h, p);
	add(&c->s.norm, h);
}

/* The per-layer embeddings' model-level parameters (Gemma 3n's and Gemma
 * 4's): embed_tokens_per_layer, vocab_size_per_layer_input x (layers x p),
 * an embedding table; its projection per_layer_model_projection h -> layers
 * x p and per_layer_projection_norm (p). */
static void ple_model_params(counter *c)
{
	const gsi_arch *a = c->a;
	uint64_t h = a->h, lp = (uint64_t)a->L * a->ple_dim;
	c->m->ple_params = gs_mul_sat(a->ple_vocab, lp);
	add(&c->s.embed, c->m->ple_params);
	matrix(c, GSI_NM_PLE_MODEL_PROJ, lp, h);
	add(&c->s.norm, a->ple_dim);
}

/* Gemma 3n's model-level parameters (vLLM Gemma3nSelfDecoder,
 * Gemma3nTextModel): the per-layer embeddings embed_tokens_per_layer,
 * vocab_size_per_layer_input x (layers x p), an embedding table; their
 * projection per_layer_model_projection h -> layers x p and
 * per_layer_projection_norm (p); altup_projections and
 * altup_unembed_projections, n - 1 Linears of h x h each. */
static void gemma3n_model_params(counter *c)
{
	const gsi_arch *a = c->a;
	uint64_t h = a->h, n = a->altup_n;
	ple_model_params(c);
	matrices(c, GSI_NM_ALTUP_PROJ, h, h, n - 1);
	matrices(c, GSI_NM_ALTUP_UNEMBED, h, h, n - 1);
}

/* Decoder block l: a pure state-space model's is a Mamba mixer and one
 * norm; otherwise a mixer (attention, or Mamba in a hybrid's Mamba
 * layers), an encoder-decoder's cross-attention, the MLP or the experts,
 * and the block's norms. */
static void block_params(counter *c, uint32_t l)
{
	const gsi_arch *a = c->a;
	gs_param_split *s = &c->s;
	uint64_t h = a->h, norm_w = a->norm_bias ? 2 : 1;
	if (a->ssm || a->single_mixer) { /* one mixer and one norm */
		if (a->ssm || c->m->layer_is_ssm[l])
			ssm_mixer_params(c);
		else if (c->m->layer_is_moe[l])
			moe_params(c);
		else if (c->m->layer_is_mlp_only[l])
			dense_mlp(c, a->i);
		else
			attention_params(c);
		add(&s->norm, h * norm_w);
		return;
	}
	c->full_layer = (a->full_d || a->full_kv || a->full_k_eq_v) && !c->m->layer_is_sliding[l];
	c->kv_shared_layer = a->shared_kv_no_proj && c->m->layer_shares_kv[l];
	if (a->hybrid && c->m->layer_is_ssm[l])
		ssm_mixer_params(c);
	else
		attention_params(c);
	c->full_layer = c->kv_shared_layer = false;
	if (a->parallel_ssm)
		ssm_mixer_params(c); /* beside the attention, on the same input */
	if (a->enc_L)
		attention_params(c); /* the decoder's cross-attention over the encoder output */
	if (c->m->layer_is_moe[l]) {
		moe_params(c);
	} else {
		uint32_t width = c->m->layer_intermediate[l]; /* Gemma 3n's list */
		dense_mlp(c, width ? width : a->i);
	}
	add(&s->norm, (uint64_t)a->norms_per_layer * h * norm_w);
	if (a->altup_n)
		gemma3n_layer_params(c);
	else if (a->ple_dim)
		ple_layer_params(c);
	if (a->layer_scalar)
		add(&s->other, 1); /* Gemma 4's layer_scalar, a buffer the checkpoint stores */
}

void gsi_arch_default_names(gsi_arch *a)
{
	static const char *const llama[GSI_NM_COUNT] = {
		"q_proj", "k_proj", "v_proj", "qkv_proj", "o_proj", "gate_proj", "up_proj", "gate_up_proj",
		"down_proj", "gate_proj", "up_proj", "down_proj", "q_a_proj", "q_b_proj",
		"kv_a_proj_with_mqa", "kv_b_proj", "in_proj", "x_proj", "dt_proj", "out_proj",
		"in_proj_z", "in_proj_b", "in_proj_a",
		"wq_b", "wk",
		"linear_left", "linear_right", "per_layer_input_gate", "per_layer_projection",
		"correction_coefs", "prediction_coefs", "modality_router", "per_layer_model_projection",
		"altup_projections", "altup_unembed_projections"};
	memcpy(a->nm, llama, sizeof a->nm);
}

bool gsi_arch_count(const gsi_arch *a, gs_model *m)
{
	counter c;
	memset(&c, 0, sizeof c);
	c.m = m;
	c.a = a;
	m->n_modules = 0;
	gs_param_split *s = &c.s;
	uint64_t h = a->h, norm_w = a->norm_bias ? 2 : 1, largest = 0, last_attn = 0;
	/* an encoder-decoder's encoder stack: self-attention, MLP, norms */
	for (uint32_t l = 0; l < a->enc_L; l++) {
		attention_params(&c);
		mlp_params(&c, a->i, 1, false);
		add(&s->norm, (uint64_t)a->enc_norms * h * norm_w);
	}
	add(&s->other, a->rel_bias);
	for (uint32_t l = 0; l < a->L; l++) {
		uint64_t before = gs_add_sat(gs_add_sat(s->linear, s->norm), s->other);
		block_params(&c, l);
		uint64_t layer = gs_add_sat(gs_add_sat(s->linear, s->norm), s->other) - before;
		if (layer > largest)
			largest = layer;
		if (!m->layer_is_ssm[l] && !a->ssm)
			last_attn = layer;
	}
	uint64_t ew = a->embed_w ? a->embed_w : h;
	s->embed = gs_add_sat((uint64_t)a->V * ew, gs_mul_sat(a->pos_embed, h));
	if (a->altup_n)
		gemma3n_model_params(&c);
	else if (a->ple_dim)
		ple_model_params(&c);
	s->lm_head = a->tied ? 0 : (uint64_t)a->V * ew;
	if (ew != h) { /* OPT's project_in and project_out (all-linear LoRA targets them) */
		add(&s->linear, 2 * ew * h);
		gsi_note_module(m, "project_in", ew, h, 1);
		gsi_note_module(m, "project_out", h, ew, 1);
	}
	c.in_head = true;
	if (a->pooler) {
		matrices(&c, GSI_NM_O, h, h, 1); /* BertPooler.dense, named "dense" like o */
		add(&s->other, h);
	}
	if (a->mlm_head) { /* cls.predictions: transform.dense (named "dense"), its LayerNorm, decoder bias */
		matrices(&c, GSI_NM_O, h, h, 1);
		add(&s->other, h + (uint64_t)a->V);
		add(&s->norm, 2 * h);
	}
	c.in_head = false;
	if (a->pooled_head) { /* cls.seq_relationship: h x labels + bias */
		add(&s->linear, (uint64_t)a->pooled_head * h);
		add(&s->other, a->pooled_head);
	}
	uint32_t labels = a->num_labels ? a->num_labels : a->token_labels;
	if (labels) {
		s->lm_head = (uint64_t)labels * h; /* the classifier replaces lm_head */
		add(&s->other, labels);
	} else if (a->lm_head_bias) {
		add(&s->other, a->V);
	}
	/* final norm (and extra ones) */
	add(&s->norm, h * norm_w * ((a->no_final_norm ? 0 : 1) + (uint64_t)a->extra_norms));

	m->split = *s;
	m->params = gs_add_sat(gs_add_sat(gs_add_sat(s->linear, s->embed), gs_add_sat(s->lm_head, s->norm)),
	                       s->other);
	if (m->params > GSI_MAX_PARAMS)
		return false;
	/* the MTP layers: copies of the last attention layer, and their own
	 * parameters; counted apart from params (what the model builds) */
	m->mtp_layers = a->mtp_layers;
	m->mtp_params = a->mtp_layers ? gs_add_sat(gs_mul_sat(a->mtp_layers, last_attn), a->mtp_extra) : 0;
	if (m->mtp_params > GSI_MAX_PARAMS)
		return false;
	m->largest_layer_params = largest;
	m->mtp_embed_head = a->mtp_embed_head;
	m->index_heads = a->idx_heads;
	m->index_head_dim = a->idx_dim;
	m->index_topk = a->idx_topk;
	m->gpt_style = a->gpt_style;
	m->num_labels = a->num_labels;
	m->token_labels = a->token_labels;
	m->encoder_only = a->encoder_only;
	m->mlm_head = a->mlm_head;
	m->encoder_layers = a->enc_L;
	m->ssm = a->ssm;
	for (uint32_t l = 0; l < a->L && a->ssm; l++)
		m->layer_is_ssm[l] = true;
	m->ssm_inner = a->ssm_inner;
	m->ssm_state = a->ssm_state;
	m->ssm_conv = a->ssm_conv;
	m->ssm_heads = a->ssm_heads;
	m->ssm_head_dim = a->ssm_head_dim;
	m->ssm_groups = a->ssm_groups;
	m->ssm_chunk = a->ssm_chunk;
	m->ssm_conv_bias = a->ssm_conv_bias;
	m->ssm_dt_rank = a->dt_rank;
	m->ssm_proj_bias = a->ssm_bias;
	m->ssm_state_fp32 = a->ssm_state_fp32;
	m->gdn = a->gdn;
	m->short_conv = a->short_conv;
	m->attn_out_gate = a->attn_out_gate;
	m->parallel_ssm = a->parallel_ssm;
	m->single_mixer = a->single_mixer;
	m->has_architecture = true;
	m->layers = a->L;
	m->hidden = a->h;
	m->heads = a->a;
	m->kv_heads = a->a_kv;
	m->head_dim = a->mla ? a->nope + a->rope : a->d;
	m->v_head_dim = a->v_d;
	m->intermediate = a->i;
	m->vocab = a->V;
	m->max_position = a->max_pos;
	m->gated_mlp = a->gated;
	m->qkv_bias = a->qkv_bias;
	m->qk_norm = a->qk_norm && !a->qk_norm_full;
	m->tied_embeddings = a->tied;
	m->experts = a->E;
	m->experts_params = a->experts_params;
	m->experts_per_token = a->topk;
	m->moe_intermediate = a->moe_i;
	m->shared_intermediate = a->shared_i;
	m->attn = a->mla ? GS_ATTN_MLA : GS_ATTN_MHA_GQA;
	m->kv_lora_rank = a->kv_lora;
	m->q_lora_rank = a->q_lora;
	m->qk_rope_head_dim = a->rope;
	m->qk_nope_head_dim = a->nope;
	m->sliding_window = a->window;
	m->altup_inputs = a->altup_n;
	m->laurel_rank = a->laurel_rank;
	m->ple_dim = a->ple_dim;
	m->full_head_dim = a->full_d;
	m->full_kv_heads = a->full_kv;
	return true;
}

/* Whether layer l caches K/V of the text. Not a Mamba layer (a state per
 * sequence instead, gs_model_ssm_state_elements), not Mllama's
 * cross-attention (its K/V cover the image tiles,
 * gs_model_cross_kv_elements), not a Nemotron-H MLP or experts layer. */
static bool caches_text_kv(const gs_model *m, uint32_t l)
{
	return !m->layer_is_ssm[l] && !m->layer_is_cross[l] && !m->layer_is_mlp_only[l];
}

/* Layer l's K/V elements for `tokens` tokens, whoever stores them. */
static uint64_t layer_kv_elements(const gs_model *m, uint32_t l, uint64_t tokens, bool latent_mla)
{
	uint64_t kept = tokens;
	if (m->layer_is_sliding[l] && m->sliding_window && m->sliding_window < tokens)
		kept = m->sliding_window;
	uint64_t per_token;
	if (m->attn == GS_ATTN_MLA)
		per_token = latent_mla ? (uint64_t)m->kv_lora_rank + m->qk_rope_head_dim
		                       : (uint64_t)m->heads * (m->qk_nope_head_dim + m->qk_rope_head_dim) +
		                                 (uint64_t)m->heads * m->v_head_dim;
	else
		per_token = (uint64_t)gs_model_layer_kv_heads(m, l) *
		            (gs_model_layer_head_dim(m, l) + gs_model_layer_v_head_dim(m, l));
	return gs_mul_sat(per_token, kept);
}

/* Gemma 4's full-attention layers: every layer that does not slide, in a
 * model that gives them their own head size or KV heads */
static bool full_shape(const gs_model *m, uint32_t l)
{
	return (m->full_head_dim || m->full_kv_heads) && l < GS_MAX_LAYERS && !m->layer_is_sliding[l];
}

uint32_t gs_model_layer_head_dim(const gs_model *m, uint32_t l)
{
	return full_shape(m, l) && m->full_head_dim ? m->full_head_dim : m->head_dim;
}

uint32_t gs_model_layer_v_head_dim(const gs_model *m, uint32_t l)
{
	return full_shape(m, l) && m->full_head_dim ? m->full_head_dim : m->v_head_dim;
}

uint32_t gs_model_layer_kv_heads(const gs_model *m, uint32_t l)
{
	return full_shape(m, l) && m->full_kv_heads ? m->full_kv_heads : m->kv_heads;
}

bool gs_model_mixed_kv_shapes(const gs_model *m)
{
	for (uint32_t l = 0; l < m->layers && l < GS_MAX_LAYERS; l++)
		if (gs_model_layer_kv_heads(m, l) != m->kv_heads ||
		    gs_model_layer_head_dim(m, l) != m->head_dim ||
		    gs_model_layer_v_head_dim(m, l) != m->v_head_dim)
			return true;
	return false;
}

uint64_t gs_model_kv_rank_elements(const gs_model *m, uint64_t tokens, bool latent_mla, uint64_t tp)
{
	if (tp <= 1 || (m->attn == GS_ATTN_MLA && latent_mla))
		return gs_model_kv_elements(m, tokens, latent_mla);
	uint64_t total = 0;
	for (uint32_t l = 0; l < m->layers && l < GS_MAX_LAYERS; l++) {
		if (!caches_text_kv(m, l) || m->layer_shares_kv[l])
			continue;
		uint64_t heads = m->attn == GS_ATTN_MLA ? m->heads : gs_model_layer_kv_heads(m, l);
		if (!heads)
			continue;
		uint64_t per_rank = (heads + tp - 1) / tp;
		total = gs_add_sat(total, layer_kv_elements(m, l, tokens, latent_mla) / heads * per_rank);
	}
	return m->encoder_layers ? gs_mul_sat(total, 2) : total;
}

uint64_t gs_model_shared_kv_elements(const gs_model *m, uint64_t tokens)
{
	uint64_t total = 0;
	for (uint32_t l = 0; l < m->layers && l < GS_MAX_LAYERS; l++)
		if (caches_text_kv(m, l) && m->layer_shares_kv[l])
			total = gs_add_sat(total, layer_kv_elements(m, l, tokens, true));
	return total;
}

uint64_t gs_model_kv_elements(const gs_model *m, uint64_t tokens, bool latent_mla)
{
	uint64_t total = 0;
	for (uint32_t l = 0; l < m->layers && l < GS_MAX_LAYERS; l++) {
		/* a shared-KV layer attends with an earlier layer's cache */
		if (!caches_text_kv(m, l) || m->layer_shares_kv[l])
			continue;
		total = gs_add_sat(total, layer_kv_elements(m, l, tokens, latent_mla));
	}
	/* an encoder-decoder's decoder also caches the cross-attention K/V of
	 * the input, counted here at the same length (an upper bound when the
	 * input is shorter than `tokens`) */
	return m->encoder_layers ? gs_mul_sat(total, 2) : total;
}

uint64_t gs_model_cross_layers(const gs_model *m)
{
	uint64_t n = 0;
	for (uint32_t l = 0; l < m->layers && l < GS_MAX_LAYERS; l++)
		n += m->layer_is_cross[l];
	return n;
}

uint64_t gs_model_cross_kv_elements(const gs_model *m, uint64_t images)
{
	uint64_t per_layer = gs_mul_sat((uint64_t)m->kv_heads * (m->head_dim + m->v_head_dim),
	                                gs_mul_sat(m->cross_tokens_per_image, images));
	return gs_mul_sat(gs_model_cross_layers(m), per_layer);
}

uint32_t gs_model_widest_mlp(const gs_model *m)
{
	uint32_t w = 0;
	bool any_dense = false, any_moe = false;
	for (uint32_t l = 0; l < m->layers && l < GS_MAX_LAYERS; l++) {
		if (m->layer_is_moe[l])
			any_moe = true;
		else
			any_dense = true;
	}
	if (any_dense)
		w = m->intermediate;
	if (any_moe && m->moe_intermediate > w)
		w = m->moe_intermediate;
	/* the shared experts run as one MLP of their summed width on every token */
	if (any_moe && m->shared_intermediate > w)
		w = m->shared_intermediate;
	return w;
}

uint64_t gs_model_ssm_layers(const gs_model *m)
{
	uint64_t n = 0;
	for (uint32_t l = 0; l < m->layers && l < GS_MAX_LAYERS; l++)
		n += m->layer_is_ssm[l] || m->parallel_ssm;
	return n;
}

uint64_t gs_model_moe_layers(const gs_model *m)
{
	uint64_t n = 0;
	for (uint32_t l = 0; l < m->layers && l < GS_MAX_LAYERS; l++)
		n += m->layer_is_moe[l];
	return n;
}

uint64_t gs_model_ssm_conv_elements(const gs_model *m)
{
	/* Mamba-2's convolution also covers B and C: inner + 2 G N channels */
	uint64_t channels = (uint64_t)m->ssm_inner + 2ull * m->ssm_groups * m->ssm_state;
	return gs_mul_sat(gs_model_ssm_layers(m), gs_mul_sat(channels, m->ssm_conv));
}

uint64_t gs_model_ssm_recurrent_elements(const gs_model *m)
{
	uint64_t per_layer = m->ssm_groups
	                             ? gs_mul_sat((uint64_t)m->ssm_heads * m->ssm_head_dim, m->ssm_state)
	                             : gs_mul_sat(m->ssm_inner, m->ssm_state);
	return gs_mul_sat(gs_model_ssm_layers(m), per_layer);
}

uint64_t gs_model_ssm_state_elements(const gs_model *m)
{
	return gs_add_sat(gs_model_ssm_conv_elements(m), gs_model_ssm_recurrent_elements(m));
}

uint64_t gs_model_attention_layers(const gs_model *m)
{
	uint64_t n = 0;
	for (uint32_t l = 0; l < m->layers && l < GS_MAX_LAYERS; l++)
		n += caches_text_kv(m, l);
	return n;
}

uint64_t gs_model_kv_layers(const gs_model *m)
{
	uint64_t n = 0;
	for (uint32_t l = 0; l < m->layers && l < GS_MAX_LAYERS; l++)
		n += caches_text_kv(m, l) && !m->layer_shares_kv[l];
	return n;
}
