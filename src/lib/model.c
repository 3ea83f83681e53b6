/*
 * model.c — parameter counting and the KV/activation facts of a model
 * (gpusizer/model.h). Formulas: docs/method.md §1 and §3.
 */
#include <stdio.h>
#include <string.h>
#include "gpusizer/units.h"
#include "model_internal.h"

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
static void matrices(gs_param_split *s, uint64_t out, uint64_t in, uint64_t n)
{
	s->linear = gs_add_sat(s->linear, gs_mul_sat(gs_mul_sat(out, in), n));
	s->linear_matrices = gs_add_sat(s->linear_matrices, n);
	s->linear_rows = gs_add_sat(s->linear_rows, gs_mul_sat(out, n));
	s->linear_cols = gs_add_sat(s->linear_cols, gs_mul_sat(in, n));
}

static void matrix(gs_param_split *s, uint64_t out, uint64_t in) { matrices(s, out, in, 1); }

static void add(uint64_t *acc, uint64_t v) { *acc = gs_add_sat(*acc, v); }

static void attention_params(const gsi_arch *a, gs_param_split *s)
{
	uint64_t h = a->h, heads = a->a;
	if (a->mla) {
		uint64_t qk = (uint64_t)a->nope + a->rope;
		if (a->q_lora) {
			matrix(s, a->q_lora, h);            /* q_a_proj        */
			s->norm += a->q_lora;               /* q_a_layernorm   */
			matrix(s, heads * qk, a->q_lora);   /* q_b_proj        */
		} else {
			matrix(s, heads * qk, h);           /* q_proj          */
		}
		matrix(s, (uint64_t)a->kv_lora + a->rope, h);            /* kv_a_proj_with_mqa */
		s->norm += a->kv_lora;                                    /* kv_a_layernorm     */
		matrix(s, heads * ((uint64_t)a->nope + a->v_d), a->kv_lora); /* kv_b_proj     */
		matrix(s, h, heads * a->v_d);                             /* o_proj             */
		return;
	}
	uint64_t q = gs_mul_sat(heads, a->d), k = gs_mul_sat(a->a_kv, a->d), v = gs_mul_sat(a->a_kv, a->v_d);
	if (a->fused_qkv) {
		matrix(s, q + k + v, h);
	} else {
		matrix(s, q, h);
		matrix(s, k, h);
		matrix(s, v, h);
	}
	matrix(s, h, gs_mul_sat(heads, a->v_d));
	if (a->qkv_bias)
		add(&s->other, gs_add_sat(q, gs_add_sat(k, v)));
	if (a->o_bias)
		add(&s->other, h);
	if (a->qk_norm)
		add(&s->norm, 2ull * a->d);
}

/* `n` MLPs (n experts) of intermediate `width`, counted in closed form. */
static void mlp_params(const gsi_arch *a, gs_param_split *s, uint64_t width, uint64_t n)
{
	uint64_t h = a->h;
	if (a->gated && a->fused_gate_up) {
		matrices(s, 2 * width, h, n);
		matrices(s, h, width, n);
	} else if (a->gated) {
		matrices(s, width, h, 2 * n);
		matrices(s, h, width, n);
	} else {
		matrices(s, width, h, n);
		matrices(s, h, width, n);
	}
	if (a->mlp_bias)
		add(&s->other, gs_mul_sat((a->gated ? 2 * width : width) + h, n));
}

bool gsi_arch_count(const gsi_arch *a, gs_model *m)
{
	gs_param_split s;
	memset(&s, 0, sizeof s);
	uint64_t h = a->h, norm_w = a->norm_bias ? 2 : 1;
	for (uint32_t l = 0; l < a->L; l++) {
		attention_params(a, &s);
		if (m->layer_is_moe[l]) {
			mlp_params(a, &s, a->moe_i, a->E);
			add(&s.other, (uint64_t)a->E * h);  /* router */
			if (a->router_bias)
				add(&s.other, a->E);         /* e_score_correction_bias */
			if (a->shared_i)
				mlp_params(a, &s, a->shared_i, 1);
		} else {
			mlp_params(a, &s, a->i, 1);
		}
		add(&s.norm, (uint64_t)a->norms_per_layer * h * norm_w);
	}
	s.embed = gs_add_sat((uint64_t)a->V * h, gs_mul_sat(a->pos_embed, h));
	s.lm_head = a->tied ? 0 : (uint64_t)a->V * h;
	add(&s.norm, h * norm_w); /* final norm */

	m->split = s;
	m->params = gs_add_sat(gs_add_sat(gs_add_sat(s.linear, s.embed), gs_add_sat(s.lm_head, s.norm)), s.other);
	if (m->params > GSI_MAX_PARAMS)
		return false;
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
	m->tied_embeddings = a->tied;
	m->experts = a->E;
	m->experts_per_token = a->topk;
	m->moe_intermediate = a->moe_i;
	m->attn = a->mla ? GS_ATTN_MLA : GS_ATTN_MHA_GQA;
	m->kv_lora_rank = a->kv_lora;
	m->q_lora_rank = a->q_lora;
	m->qk_rope_head_dim = a->rope;
	m->qk_nope_head_dim = a->nope;
	m->sliding_window = a->window;
	return true;
}

uint64_t gs_model_kv_elements(const gs_model *m, uint64_t tokens, bool latent_mla)
{
	uint64_t total = 0;
	for (uint32_t l = 0; l < m->layers && l < GS_MAX_LAYERS; l++) {
		uint64_t kept = tokens;
		if (m->layer_is_sliding[l] && m->sliding_window && m->sliding_window < tokens)
			kept = m->sliding_window;
		uint64_t per_token;
		if (m->attn == GS_ATTN_MLA)
			per_token = latent_mla
				? (uint64_t)m->kv_lora_rank + m->qk_rope_head_dim
				: (uint64_t)m->heads * (m->qk_nope_head_dim + m->qk_rope_head_dim) +
				  (uint64_t)m->heads * m->v_head_dim;
		else
			per_token = (uint64_t)m->kv_heads * (m->head_dim + m->v_head_dim);
		total = gs_add_sat(total, gs_mul_sat(per_token, kept));
	}
	return total;
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
	return w;
}
