/*
 * gguf_plan.c — a config.json as the GGUF llama.cpp would make of it
 * (gguf_plan.h, docs/method.md §14a).
 *
 * Two steps, each after llama.cpp's own code:
 *  1. the tensor table convert_hf_to_gguf.py writes: llama.cpp's tensor
 *     names and shapes (ne[0] is the row length), 1-D tensors and the MoE
 *     router (ffn_gate_inp) in F32, the rest in the file's float type;
 *  2. the type llama-quantize gives each tensor (src/llama-quant.cpp at
 *     commit 007dbbf3: llama_ftype_get_default_type, tensor_allows_quantization,
 *     llama_tensor_get_type_impl, tensor_type_fallback), visiting tensors
 *     in layer order as its weight map does.
 * The rules are written here from reading that file; the comments name the
 * branch each one mirrors.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "gpusizer/dtype.h"
#include "engine/gguf_plan.h"
#include "gpusizer/inventory.h"

/* --- file types ----------------------------------------------------------- */

typedef enum ftype {
	FT_F32, FT_F16, FT_BF16, FT_Q4_0, FT_Q4_1, FT_Q5_0, FT_Q5_1, FT_Q8_0, FT_Q2_K, FT_Q2_K_S, FT_Q3_K_S,
	FT_Q3_K_M, FT_Q3_K_L, FT_Q4_K_S, FT_Q4_K_M, FT_Q5_K_S, FT_Q5_K_M, FT_Q6_K, FT_IQ1_S, FT_IQ1_M,
	FT_IQ2_XXS, FT_IQ2_XS, FT_IQ2_S, FT_IQ2_M, FT_IQ3_XXS, FT_IQ3_XS, FT_IQ3_S, FT_IQ3_M, FT_IQ4_NL,
	FT_IQ4_XS, FT_TQ1_0, FT_TQ2_0, FT_MXFP4_MOE, FT_COUNT
} ftype;

/* name, default tensor type (llama_ftype_get_default_type) */
static const struct {
	const char *name, *base;
} ftypes[FT_COUNT] = {
	[FT_F32] = {"F32", "F32"},
	[FT_F16] = {"F16", "F16"},
	[FT_BF16] = {"BF16", "BF16"},
	[FT_Q4_0] = {"Q4_0", "Q4_0"},
	[FT_Q4_1] = {"Q4_1", "Q4_1"},
	[FT_Q5_0] = {"Q5_0", "Q5_0"},
	[FT_Q5_1] = {"Q5_1", "Q5_1"},
	[FT_Q8_0] = {"Q8_0", "Q8_0"},
	[FT_Q2_K] = {"Q2_K", "Q2_K"},
	[FT_Q2_K_S] = {"Q2_K_S", "Q2_K"},
	[FT_Q3_K_S] = {"Q3_K_S", "Q3_K"},
	[FT_Q3_K_M] = {"Q3_K_M", "Q3_K"},
	[FT_Q3_K_L] = {"Q3_K_L", "Q3_K"},
	[FT_Q4_K_S] = {"Q4_K_S", "Q4_K"},
	[FT_Q4_K_M] = {"Q4_K_M", "Q4_K"},
	[FT_Q5_K_S] = {"Q5_K_S", "Q5_K"},
	[FT_Q5_K_M] = {"Q5_K_M", "Q5_K"},
	[FT_Q6_K] = {"Q6_K", "Q6_K"},
	[FT_IQ1_S] = {"IQ1_S", "IQ1_S"},
	[FT_IQ1_M] = {"IQ1_M", "IQ1_M"},
	[FT_IQ2_XXS] = {"IQ2_XXS", "IQ2_XXS"},
	[FT_IQ2_XS] = {"IQ2_XS", "IQ2_XS"},
	[FT_IQ2_S] = {"IQ2_S", "IQ2_XS"},
	[FT_IQ2_M] = {"IQ2_M", "IQ2_S"},
	[FT_IQ3_XXS] = {"IQ3_XXS", "IQ3_XXS"},
	[FT_IQ3_XS] = {"IQ3_XS", "IQ3_S"},
	[FT_IQ3_S] = {"IQ3_S", "IQ3_S"},
	[FT_IQ3_M] = {"IQ3_M", "IQ3_S"},
	[FT_IQ4_NL] = {"IQ4_NL", "IQ4_NL"},
	[FT_IQ4_XS] = {"IQ4_XS", "IQ4_XS"},
	[FT_TQ1_0] = {"TQ1_0", "TQ1_0"},
	[FT_TQ2_0] = {"TQ2_0", "TQ2_0"},
	[FT_MXFP4_MOE] = {"MXFP4_MOE", "MXFP4"},
};

const char *gsi_gguf_ftypes(void)
{
	return "F32 F16 BF16 Q4_0 Q4_1 Q5_0 Q5_1 Q8_0 Q2_K Q2_K_S Q3_K_S Q3_K_M Q3_K_L Q4_K_S Q4_K_M Q5_K_S "
	       "Q5_K_M Q6_K IQ1_S IQ1_M IQ2_XXS IQ2_XS IQ2_S IQ2_M IQ3_XXS IQ3_XS IQ3_S IQ3_M IQ4_NL IQ4_XS "
	       "TQ1_0 TQ2_0 MXFP4_MOE";
}

static int ftype_of(const char *name)
{
	if (!strncasecmp(name, "gguf:", 5))
		name += 5;
	if (!strcasecmp(name, "MXFP4"))
		return FT_MXFP4_MOE;
	for (int i = 0; i < FT_COUNT; i++)
		if (!strcasecmp(name, ftypes[i].name))
			return i;
	return -1;
}

bool gsi_gguf_ftype(const char *name, char *canon, size_t cap)
{
	int f = ftype_of(name);
	if (f < 0)
		return false;
	snprintf(canon, cap, "%s", ftypes[f].name);
	return true;
}

/* --- the tensor table ------------------------------------------------------ */

typedef enum cat {
	C_TOKEN_EMBD, C_ATTN_Q, C_ATTN_V, C_ATTN_K, C_ATTN_QKV, C_ATTN_OUT, C_FFN_UP, C_FFN_GATE, C_FFN_DOWN,
	C_OUTPUT, C_OTHER
} cat;

/* tensor_get_category: by name, the first match wins */
static cat category(const char *n)
{
	if (!strcmp(n, "output.weight"))
		return C_OUTPUT;
	/* tensor_name_match_token_embd: Gemma 3n's per-layer embeddings too */
	if (!strcmp(n, "token_embd.weight") || !strcmp(n, "per_layer_token_embd.weight"))
		return C_TOKEN_EMBD;
	static const struct {
		const char *sub;
		cat c;
	} by[] = {{"attn_qkv.weight", C_ATTN_QKV}, {"attn_v.weight", C_ATTN_V}, {"attn_k.weight", C_ATTN_K},
	          {"attn_q.weight", C_ATTN_Q},     {"attn_output.weight", C_ATTN_OUT}, {"ffn_up", C_FFN_UP},
	          {"ffn_gate", C_FFN_GATE},        {"ffn_down", C_FFN_DOWN}};
	for (size_t i = 0; i < sizeof by / sizeof by[0]; i++)
		if (strstr(n, by[i].sub))
			return by[i].c;
	return C_OTHER;
}

typedef struct plan {
	const gs_model *m;
	ftype ft;
	const char *float_type;         /* what the converter wrote 2-D tensors in */
	int n_attention_wv, i_attention_wv, i_ffn_down, i_ffn_gate, i_ffn_up;
	int n_all;                      /* blocks in the file, MTP blocks included:
	                                   llama-quant.cpp's n_ffn_down is n_layer_all */
	bool tied, has_imatrix, is_70b;
	bool qkv_own_rule;              /* build 4020: attn_qkv is not attn_v-like */
	gsi_ple_rule ple;               /* how per_layer_token_embd is typed */
	bool mxfp4_source;              /* gpt-oss: its experts kept as MXFP4 (the converter's file) */
	gs_inventory_summary *s;
	void (*each)(const gsi_plan_tensor *, void *);
	void *ctx;
	uint64_t counts[40];            /* tensors per type, for the dtypes text */
	uint64_t bytes_by_type[40];
	const char *type_names[40];
	size_t n_types;
} plan;

static uint64_t type_bytes(const char *type, const uint64_t ne[3])
{
	uint32_t id, block, size;
	if (!gs_ggml_type_by_name(type, &id, &block, &size))
		return 0;
	uint64_t rows = ne[1] * ne[2];
	return ne[0] / block * size * rows;
}

static uint32_t block_of(const char *type)
{
	uint32_t id, block, size;
	return gs_ggml_type_by_name(type, &id, &block, &size) ? block : 1;
}

static bool use_more_bits(int i, int n) { return i < n / 8 || i >= 7 * n / 8 || (i - n / 8) % 3 == 2; }

static bool is_ft(ftype f, const ftype *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (f == list[i])
			return true;
	return false;
}
#define IS(...)                                                                                              \
	is_ft(p->ft, (const ftype[]){__VA_ARGS__}, sizeof((const ftype[]){__VA_ARGS__}) / sizeof(ftype))

/* The output head, and the token embeddings when they are the same tensor. */
static const char *output_type(plan *p, uint64_t nx, const char *t)
{
	if (p->ft == FT_MXFP4_MOE || nx % block_of(t) != 0)
		return "Q8_0";
	if (IS(FT_IQ2_XXS, FT_IQ2_XS, FT_IQ3_XXS, FT_IQ1_S, FT_IQ2_S, FT_IQ2_M, FT_IQ1_M))
		return "Q5_K";
	return strcmp(t, "Q8_0") ? "Q6_K" : t;
}

static const char *token_embd_type(plan *p, const char *t)
{
	if (IS(FT_IQ2_XXS, FT_IQ2_XS, FT_IQ1_S, FT_IQ1_M))
		return "Q2_K";
	if (IS(FT_IQ2_S, FT_IQ2_M, FT_IQ3_XXS))
		return "IQ3_S";
	if (IS(FT_TQ1_0, FT_TQ2_0))
		return "Q4_K";
	return t;
}

static const char *low_bit_iq(plan *p, cat c, const char *t)
{
	uint32_t gqa = p->m->kv_heads ? p->m->heads / p->m->kv_heads : 1, E = p->m->experts;
	bool s_or_m = IS(FT_IQ2_S, FT_IQ2_M);
	if (c == C_ATTN_QKV && p->qkv_own_rule)
		return t; /* build 4020's low-bit branch names attn_v.weight only */
	if (c == C_ATTN_V || c == C_ATTN_QKV) {
		p->i_attention_wv++;
		return gqa >= 4 || E >= 4 ? "Q4_K" : s_or_m ? "IQ3_S" : "Q2_K";
	}
	if (E == 8 && c == C_ATTN_K)
		return "Q4_K";
	if (c == C_FFN_DOWN) {
		bool early = p->i_ffn_down < p->n_all / 8;
		p->i_ffn_down++;
		return early ? (s_or_m ? "IQ3_S" : "Q2_K") : t;
	}
	if (c == C_ATTN_OUT) {
		if (E == 8)
			return "Q5_K";
		if (IS(FT_IQ1_S, FT_IQ1_M))
			return "IQ2_XXS";
		if (s_or_m)
			return "IQ3_S";
	}
	return t;
}

static const char *attn_v_type(plan *p, const char *t)
{
	uint32_t gqa = p->m->kv_heads ? p->m->heads / p->m->kv_heads : 1;
	int i = p->i_attention_wv, n = p->n_attention_wv;
	if (p->ft == FT_Q2_K)
		t = gqa >= 4 ? "Q4_K" : "Q3_K";
	else if (p->ft == FT_Q2_K_S && gqa >= 4)
		t = "Q4_K";
	else if (p->ft == FT_IQ3_XXS)
		t = gqa >= 4 ? "Q4_K" : !p->has_imatrix ? "IQ3_S" : "IQ3_XXS";
	else if (IS(FT_IQ3_XS, FT_IQ3_S) && gqa >= 4)
		t = "Q4_K";
	else if (p->ft == FT_IQ3_M)
		t = "Q4_K";
	else if (p->ft == FT_Q3_K_M)
		t = i < 2 ? "Q5_K" : "Q4_K";
	else if (p->ft == FT_Q3_K_L)
		t = "Q5_K";
	else if (IS(FT_IQ4_NL, FT_IQ4_XS) && gqa >= 4)
		t = "Q5_K";
	else if (IS(FT_Q4_K_M, FT_Q5_K_M) && use_more_bits(i, n))
		t = "Q6_K";
	else if (p->ft == FT_Q4_K_S && i < 4)
		t = "Q5_K";
	if (p->is_70b && (!strcmp(t, "Q3_K") || !strcmp(t, "Q4_K")))
		t = "Q5_K";
	if (p->m->experts == 8)
		t = "Q8_0";
	p->i_attention_wv++;
	return t;
}

/* The layer of an FFN tensor: the counter, or the name's with experts. */
static int ffn_layer(const plan *p, const char *name, int counter)
{
	int l = counter;
	if (p->m->experts > 1 && sscanf(name, "blk.%d.", &l) != 1)
		l = counter;
	return l;
}

static const char *ffn_down_type(plan *p, const char *name, const char *t)
{
	int l = ffn_layer(p, name, p->i_ffn_down), n = p->n_all;
	p->i_ffn_down++;
	if (p->ft == FT_Q2_K)
		return "Q3_K";
	if (p->ft == FT_Q2_K_S)
		return l < n / 8 ? "Q4_K" : t;
	if (p->ft == FT_IQ3_XXS && !p->has_imatrix)
		return l < n / 8 ? "Q4_K" : "Q3_K";
	if (p->ft == FT_Q3_K_M)
		return l < n / 16 ? "Q5_K" : "Q4_K"; /* non-Falcon: always Q4_K past the first 1/16 */
	if (p->ft == FT_IQ3_M && (l < n / 8 || (p->m->experts == 8 && use_more_bits(l, n))))
		return "Q4_K";
	if (p->ft == FT_Q3_K_L)
		return "Q5_K";
	if (p->ft == FT_Q4_K_M)
		return use_more_bits(l, n) ? "Q6_K" : t;
	if (l < n / 8 && IS(FT_IQ4_NL, FT_IQ4_XS) && !p->has_imatrix)
		return "Q5_K";
	if (p->ft == FT_Q5_K_M && use_more_bits(l, n))
		return "Q6_K";
	if (p->ft == FT_Q4_K_S && l < n / 8)
		return "Q5_K";
	if (IS(FT_Q4_0, FT_Q5_0) && p->has_imatrix && l < n / 8)
		return p->ft == FT_Q4_0 ? "Q4_1" : "Q5_1";
	return t;
}

static const char *attn_out_type(plan *p, const char *t)
{
	if (p->m->experts == 8)
		return IS(FT_Q2_K, FT_IQ3_XS, FT_IQ3_XXS, FT_Q3_K_S, FT_Q3_K_M, FT_IQ4_NL, FT_Q4_K_S,
		          FT_Q4_K_M, FT_IQ3_S, FT_IQ3_M, FT_IQ4_XS) ? "Q5_K" : t;
	if (p->ft == FT_Q2_K)
		return "Q3_K";
	if (p->ft == FT_IQ3_XXS)
		return "IQ3_S";
	if (p->ft == FT_Q3_K_M || p->ft == FT_IQ3_M)
		return "Q4_K";
	if (p->ft == FT_Q3_K_L)
		return "Q5_K";
	return t;
}

static const char *gate_up_type(plan *p, const char *name, int *counter, const char *t)
{
	int l = ffn_layer(p, name, *counter), n = p->n_all;
	(*counter)++;
	return p->ft == FT_IQ3_XS && l >= n / 8 && l < 7 * n / 8 ? "IQ3_XXS" : t;
}

/* llama_tensor_get_type_impl */
static const char *rules(plan *p, const char *name, cat c, uint64_t nx, const char *t)
{
	/* before b8266 (PR #19770) only token_embd itself took the tied head's
	 * type: per_layer_token_embd matched the token_embd branch by name */
	bool ple_as_token = p->ple == GSI_PLE_TOKEN && !strcmp(name, "per_layer_token_embd.weight");
	if (c == C_OUTPUT || (p->tied && c == C_TOKEN_EMBD && !ple_as_token))
		return output_type(p, nx, t);
	if (p->ft == FT_MXFP4_MOE)
		return NULL; /* decided by the caller from the tensor's third dimension */
	if (c == C_TOKEN_EMBD)
		return token_embd_type(p, t);
	if (IS(FT_IQ2_XXS, FT_IQ2_XS, FT_IQ1_S, FT_IQ2_S, FT_IQ2_M, FT_IQ1_M))
		return low_bit_iq(p, c, t);
	switch (c) {
	case C_ATTN_QKV:
		if (p->qkv_own_rule) /* build 4020 src/llama.cpp: its own branch after attn_v's */
			return IS(FT_Q3_K_M, FT_Q3_K_L, FT_IQ3_M) ? "Q4_K" : p->ft == FT_Q4_K_M ? "Q5_K"
			       : p->ft == FT_Q5_K_M ? "Q6_K" : t;
		return attn_v_type(p, t); /* 007dbbf3: attn_v-like, the later QKV branch is never reached */
	case C_ATTN_V:
		return attn_v_type(p, t);
	case C_ATTN_K:
		if (p->m->experts == 8)
			return "Q8_0";
		return p->ft == FT_IQ3_XS ? "IQ3_XXS" : p->ft == FT_IQ3_XXS ? "IQ2_S" : t;
	case C_ATTN_Q:
		return p->ft == FT_IQ3_XS ? "IQ3_XXS" : p->ft == FT_IQ3_XXS ? "IQ2_S" : t;
	case C_FFN_DOWN:
		return ffn_down_type(p, name, t);
	case C_ATTN_OUT:
		return attn_out_type(p, t);
	case C_FFN_GATE:
		return gate_up_type(p, name, &p->i_ffn_gate, t);
	case C_FFN_UP:
		return gate_up_type(p, name, &p->i_ffn_up, t);
	default:
		return t;
	}
}

/* tensor_type_fallback: a row not divisible by the block */
static const char *fallback(const char *t, uint64_t ncols)
{
	if (ncols % block_of(t) == 0)
		return t;
	static const struct {
		const char *from, *to;
	} fb[] = {{"IQ1_S", "IQ4_NL"}, {"IQ1_M", "IQ4_NL"},   {"IQ2_XXS", "IQ4_NL"}, {"IQ2_XS", "IQ4_NL"},
	          {"IQ2_S", "IQ4_NL"}, {"IQ3_XXS", "IQ4_NL"}, {"IQ3_S", "IQ4_NL"},   {"IQ4_XS", "IQ4_NL"},
	          {"Q2_K", "Q4_0"},    {"Q3_K", "Q4_0"},      {"TQ1_0", "Q4_0"},     {"TQ2_0", "Q4_0"},
	          {"Q4_K", "Q5_0"},    {"Q5_K", "Q5_1"},      {"Q6_K", "Q8_0"}};
	const char *to = "F16";
	for (size_t i = 0; i < sizeof fb / sizeof fb[0]; i++)
		if (!strcmp(t, fb[i].from))
			to = fb[i].to;
	return ncols % block_of(to) == 0 ? to : "F16";
}

static bool quantized_type(const char *t) { return block_of(t) > 1; }

static void add(plan *p, const char *name, int layer, uint64_t ne0, uint64_t ne1, uint64_t ne2)
{
	gsi_plan_tensor t;
	memset(&t, 0, sizeof t);
	snprintf(t.name, sizeof t.name, "%s", name);
	t.layer = layer;
	t.ne[0] = ne0;
	t.ne[1] = ne1 ? ne1 : 1;
	t.ne[2] = ne2 ? ne2 : 1;
	bool two_d = ne1 > 0;
	bool router = strstr(name, "ffn_gate_inp") != NULL;
	size_t nl = strlen(name);
	bool weight = nl > 7 && !strcmp(name + nl - 7, ".weight");
	bool conv = strstr(name, "ssm_conv1d") != NULL || strstr(name, "shortconv.conv") != NULL;
	/* Gemma 3n's AltUp coefficients (4 x 4, 4 x 16): the converter's F32
	 * list (ALTUP_CORRECT_COEF, ALTUP_PREDICT_COEF) */
	bool altup_coef = strstr(name, "altup_correct_coef") || strstr(name, "altup_predict_coef");
	/* the converter (conversion/base.py): 1-D tensors, norms, the router,
	 * ssm_conv1d and every tensor not named .weight (biases, ssm_a) in F32 */
	bool f32 = !two_d || router || conv || !weight || strstr(name, "_norm.weight") != NULL ||
	           altup_coef;
	const char *src = f32 ? "F32" : p->float_type;
	const char *base = ftypes[p->ft].base;
	t.type = src;
	/* tensor_allows_quantization: 2-D or more, a weight, not a norm, not the
	 * router, not ssm_conv1d; not Gemma 3n's altup and laurel tensors ("very
	 * small") nor per_layer_model_proj ("not too big"), which keep the
	 * converter's type */
	bool allows = two_d && !router && !conv && weight && strstr(name, "_norm.weight") == NULL &&
	              !strstr(name, "altup") && !strstr(name, "laurel") &&
	              !strstr(name, "per_layer_model_proj");
	/* Ollama's quantizer leaves per_layer_token_embd as converted
	 * (server/quantization.go newType, PR #11207, v0.20.7) */
	if (p->ple == GSI_PLE_KEEP && !strcmp(name, "per_layer_token_embd.weight"))
		allows = false;
	if (allows && p->mxfp4_source) {
		/* gpt-oss's own MXFP4 checkpoint, converted: conversion/gpt_oss.py
		 * repacks the experts as MXFP4 and writes the rest in the float type
		 * (the checkpoint's for "MXFP4", else the file's) */
		t.type = t.ne[2] > 1 ? "MXFP4" : quantized_type(base) ? src : base;
	} else if (allows && quantized_type(base)) {
		cat c = category(name);
		const char *nt = rules(p, name, c, ne0, base);
		if (!nt) /* MXFP4_MOE: experts (3-D) to MXFP4, the rest Q8_0 */
			nt = t.ne[2] > 1 ? "MXFP4" : "Q8_0";
		t.type = fallback(nt, ne0);
	} else if (allows) {
		t.type = base; /* F32 / F16 / BF16 files: every 2-D weight in that type */
	}
	t.bytes = type_bytes(t.type, t.ne);
	gs_inventory_summary *s = p->s;
	s->tensors++;
	if (!strcmp(name, "output.weight"))
		s->head_bytes += t.bytes;
	else if (!strcmp(name, "blk.0.ffn_gate_exps.weight"))
		s->gate_exps0_bytes += t.bytes;
	s->stored_bytes += t.bytes;
	s->param_elements += t.ne[0] * t.ne[1] * t.ne[2];
	if (layer >= 0 && layer < GS_MAX_LAYERS) {
		s->layer_bytes[layer] += t.bytes;
		int k = gs_gguf_expert_kind(name);
		if (k >= 0)
			s->exps_bytes[layer][k] += t.bytes;
	}
	else if (!strcmp(name, "token_embd.weight") || !strcmp(name, "per_layer_token_embd.weight"))
		s->input_bytes += t.bytes; /* LLM_TENSOR_LAYER_INPUT: the host's */
	else
		s->output_bytes += t.bytes;
	if (!strcmp(name, "per_layer_token_embd.weight"))
		s->ple_bytes += t.bytes;
	else if (!strncmp(name, "per_layer_", 10))
		s->ple_proj_bytes += t.bytes;
	size_t k = 0;
	while (k < p->n_types && strcmp(p->type_names[k], t.type))
		k++;
	if (k == p->n_types && k < sizeof p->counts / sizeof p->counts[0])
		p->type_names[p->n_types++] = t.type;
	if (k < p->n_types) {
		p->counts[k]++;
		p->bytes_by_type[k] += t.bytes;
	}
	if (p->each)
		p->each(&t, p->ctx);
}

/* The architectures whose layout and rules are implemented. */
static const char *const supported[] = {"llama",       "mistral",     "mixtral",    "qwen2",
                                        "qwen3",       "qwen3_moe",   "gemma",      "gemma2",
                                        "gemma3_text", "phi3",        "gpt_neox",   "gpt_oss",
                                        "deepseek_v2", "deepseek_v3", "qwen3_next", "mistral3",
                                        "kimi_k2",     "ministral3",  "qwen3_vl",   "qwen3_vl_moe",
                                        "qwen3_5",     "qwen3_5_moe", "glm4_moe",   "glm4_moe_lite",
                                        "llama4_text", "minimax_m2",  "lfm2",       "gemma3n",
                                        "granitemoehybrid", "mamba",     "olmo3",      "exaone4",
                                        "kimi_k25"};

/* The type whose tensor layout a model's GGUF has. Gemma 3's, Llama 4's
 * and LFM2-VL's vision-language checkpoints convert to the same text GGUF
 * (arch gemma3, llama4, lfm2) as their text models: convert_hf_to_gguf.py
 * writes the vision tower and projector to a separate --mmproj file. Kimi
 * K2 converts as DeepSeek-V3 (conversion/deepseek.py registers
 * DeepseekV3ForCausalLM, the architecture its config names), Ministral 3 as
 * Mistral's tensors under arch mistral3 (conversion/mistral3.py
 * Ministral3Model, a LlamaModel), Qwen3-VL's text model as Qwen3's and
 * Qwen3-MoE's tensors under arch qwen3vl / qwen3vlmoe (conversion/qwen3vl.py:
 * the fused experts split into gate and up; src/models/qwen3vl.cpp creates
 * qwen3's tensors), its tower in the --mmproj file. Kimi K2.5's text model
 * converts as DeepSeek-V3's (conversion/deepseek.py lists
 * KimiK25ForConditionalGeneration), its MoonViT to an --mmproj of projector
 * type kimik25 (conversion/kimivl.py KimiK25Model, PR #19170, b8003). */
static const char *plan_type(const gs_model *m)
{
	static const char *const as[][2] = {{"gemma3", "gemma3_text"},     {"llama4", "llama4_text"},
	                                    {"lfm2_vl", "lfm2"},           {"kimi_k2", "deepseek_v3"},
	                                    {"ministral3", "mistral"},     {"qwen3_vl", "qwen3"},
	                                    {"qwen3_vl_moe", "qwen3_moe"},  {"gemma3n_text", "gemma3n"},
	                                    {"kimi_k25", "deepseek_v3"}};
	for (size_t i = 0; i < sizeof as / sizeof as[0]; i++)
		if (!strcmp(m->model_type, as[i][0]))
			return as[i][1];
	return m->model_type;
}

static bool has_type(const gs_model *m, const char *const *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(plan_type(m), list[i]))
			return true;
	return false;
}
#define TYPE_IN(m, ...) has_type((m), (const char *const[]){__VA_ARGS__}, \
	sizeof((const char *const[]){__VA_ARGS__}) / sizeof(const char *))

/* A layer's tensor blk.L.suffix of shape ne0 x ne1 x ne2; WB adds a
 * weight and its bias of b elements. Both need `p`, `l` and a buffer `n`. */
#define T(suffix, ...)                                                                                       \
	do {                                                                                                 \
		snprintf(n, sizeof n, "blk.%u." suffix, l);                                                  \
		add(p, n, (int)l, __VA_ARGS__);                                                              \
	} while (0)
#define WB(base, ne0, ne1, b) do { T(base ".weight", ne0, ne1, 0); T(base ".bias", b, 0, 0); } while (0)

/* Whether block l's MLP is the experts: an MTP block (l >= layers) always
 * is, as its decoder layer's index is past first_k_dense_replace. */
static bool moe_at(const gs_model *m, uint32_t l)
{
	return l >= m->layers || (l < GS_MAX_LAYERS && m->layer_is_moe[l]);
}

/* GPT-NeoX (Pythia) as convert_hf_to_gguf.py writes it: LayerNorms with
 * biases, one fused query_key_value with its bias, and a biased, ungated
 * MLP (llama.cpp's LLM_ARCH_GPTNEOX tensor list). */
static void gpt_neox_layer(plan *p, uint32_t l)
{
	const gs_model *m = p->m;
	uint64_t h = m->hidden, qkv = 3 * (uint64_t)m->heads * m->head_dim, ff = m->intermediate;
	char n[48];
	WB("attn_norm", h, 0, h);
	WB("attn_qkv", h, qkv, qkv);
	WB("attn_output", h, h, h);
	WB("ffn_norm", h, 0, h);
	WB("ffn_up", h, ff, ff);
	WB("ffn_down", ff, h, h);
}

/* gpt-oss (conversion/gpt_oss.py; src/models/openai-moe.cpp): biased q, k,
 * v and output, a sink per head, a router with a bias, and the experts'
 * gate and up split from gate_up, each with a bias of n_ff_exp x n_expert. */
static void gpt_oss_layer(plan *p, uint32_t l)
{
	const gs_model *m = p->m;
	uint64_t h = m->hidden, a = m->heads, kv = m->kv_heads, d = m->head_dim, E = m->experts,
	         mi = m->moe_intermediate;
	char n[48];
	T("attn_norm.weight", h, 0, 0);
	T("post_attention_norm.weight", h, 0, 0);
	WB("attn_q", h, a * d, a * d);
	WB("attn_k", h, kv * d, kv * d);
	WB("attn_v", h, kv * d, kv * d);
	WB("attn_output", a * d, h, h);
	T("attn_sinks.weight", a, 0, 0);
	WB("ffn_gate_inp", h, E, E);
	T("ffn_gate_exps.weight", h, mi, E);
	T("ffn_gate_exps.bias", mi, E, 0);
	T("ffn_up_exps.weight", h, mi, E);
	T("ffn_up_exps.bias", mi, E, 0);
	T("ffn_down_exps.weight", mi, h, E);
	T("ffn_down_exps.bias", h, E, 0);
}

/* DeepSeek-V2/V3 with MLA (conversion/deepseek.py; src/models/deepseek2.cpp
 * from b5137): q through its LoRA pair (or whole), the joint KV latent and
 * rope key, the latent's up-projections split per head into attn_k_b and
 * attn_v_b (3-D), dense MLPs for the first blocks, then routed and shared
 * experts, V3's router correction bias. The MTP block is not written. */
static void deepseek_layer(plan *p, uint32_t l)
{
	const gs_model *m = p->m;
	uint64_t h = m->hidden, a = m->heads, ql = m->q_lora_rank, kl = m->kv_lora_rank,
	         rope = m->qk_rope_head_dim, nope = m->qk_nope_head_dim, dv = m->v_head_dim;
	char n[48];
	T("attn_norm.weight", h, 0, 0);
	if (ql) {
		T("attn_q_a_norm.weight", ql, 0, 0);
		T("attn_q_a.weight", h, ql, 0);
		T("attn_q_b.weight", ql, a * (nope + rope), 0);
	} else {
		T("attn_q.weight", h, a * (nope + rope), 0);
	}
	T("attn_kv_a_norm.weight", kl, 0, 0);
	T("attn_kv_a_mqa.weight", h, kl + rope, 0);
	T("attn_k_b.weight", nope, kl, a);
	T("attn_v_b.weight", kl, dv, a);
	T("attn_output.weight", a * dv, h, 0);
	T("ffn_norm.weight", h, 0, 0);
	if (moe_at(m, l)) {
		uint64_t E = m->experts, mi = m->moe_intermediate, sh = m->shared_intermediate;
		T("ffn_gate_inp.weight", h, E, 0);
		/* V3's topk_method noaux_tc; GLM-4.7-Flash's Glm4MoE always has one */
		if (TYPE_IN(m, "deepseek_v3", "glm4_moe_lite"))
			T("exp_probs_b.bias", E, 0, 0);
		T("ffn_gate_exps.weight", h, mi, E);
		T("ffn_up_exps.weight", h, mi, E);
		T("ffn_down_exps.weight", mi, h, E);
		T("ffn_gate_shexp.weight", h, sh, 0);
		T("ffn_up_shexp.weight", h, sh, 0);
		T("ffn_down_shexp.weight", sh, h, 0);
	} else {
		T("ffn_gate.weight", h, m->intermediate, 0);
		T("ffn_up.weight", h, m->intermediate, 0);
		T("ffn_down.weight", m->intermediate, h, 0);
	}
}

/* Qwen3-Next (conversion/qwen.py; src/models/qwen3next.cpp): every fourth
 * block gated attention (q with its gate, q/k norms), the others a gated
 * DeltaNet (qkv, the z gate, its conv, dt and A, beta/alpha, a norm, the
 * output), each with routed experts, a shared expert and its gate. Qwen3.5
 * (conversion/qwen.py Qwen3_5TextModel, Qwen3_5MoeTextModel;
 * src/models/qwen35.cpp, qwen35moe.cpp): the same blocks with beta and
 * alpha as two tensors (ssm_beta, ssm_alpha from in_proj_b and in_proj_a),
 * and a dense FFN (qwen35) or Qwen3-Next's experts (qwen35moe, the fused
 * gate_up_proj split into gate and up). The MTP block the converter appends
 * by default (nextn_predict_layers) is loaded only for speculative decoding
 * (TENSOR_SKIP without load_mtp): not planned, as for DeepSeek. */
static void qwen3_next_layer(plan *p, uint32_t l)
{
	const gs_model *m = p->m;
	uint64_t h = m->hidden, a = m->heads, kv = m->kv_heads, d = m->head_dim, E = m->experts,
	         mi = m->moe_intermediate, sh = m->shared_intermediate;
	uint64_t kd = (uint64_t)m->ssm_groups * m->ssm_state, nv = m->ssm_heads,
	         vd = (uint64_t)m->ssm_heads * m->ssm_head_dim;
	char n[48];
	T("attn_norm.weight", h, 0, 0);
	T("post_attention_norm.weight", h, 0, 0);
	if (l < GS_MAX_LAYERS && m->layer_is_ssm[l]) {
		T("attn_qkv.weight", h, 2 * kd + vd, 0);
		T("attn_gate.weight", h, vd, 0);
		T("ssm_conv1d.weight", m->ssm_conv, 2 * kd + vd, 0);
		T("ssm_dt.bias", nv, 0, 0);
		T("ssm_a", nv, 0, 0);
		if (TYPE_IN(m, "qwen3_next")) {
			T("ssm_ba.weight", h, 2 * nv, 0);
		} else {
			T("ssm_beta.weight", h, nv, 0);
			T("ssm_alpha.weight", h, nv, 0);
		}
		T("ssm_norm.weight", m->ssm_head_dim, 0, 0);
		T("ssm_out.weight", vd, h, 0);
	} else {
		T("attn_q.weight", h, a * d * 2, 0);
		T("attn_k.weight", h, kv * d, 0);
		T("attn_v.weight", h, kv * d, 0);
		T("attn_output.weight", a * d, h, 0);
		T("attn_q_norm.weight", d, 0, 0);
		T("attn_k_norm.weight", d, 0, 0);
	}
	if (l < GS_MAX_LAYERS && !m->layer_is_moe[l]) { /* Qwen3.5's dense FFN */
		T("ffn_gate.weight", h, m->intermediate, 0);
		T("ffn_up.weight", h, m->intermediate, 0);
		T("ffn_down.weight", m->intermediate, h, 0);
		return;
	}
	T("ffn_gate_inp.weight", h, E, 0);
	T("ffn_gate_exps.weight", h, mi, E);
	T("ffn_up_exps.weight", h, mi, E);
	T("ffn_down_exps.weight", mi, h, E);
	T("ffn_gate_inp_shexp.weight", h, 0, 0);
	T("ffn_gate_shexp.weight", h, sh, 0);
	T("ffn_up_shexp.weight", h, sh, 0);
	T("ffn_down_shexp.weight", sh, h, 0);
}

/* GLM-4.5 (conversion/glm.py Glm4MoeModel; src/models/glm4-moe.cpp
 * load_arch_tensors): q, k and v with their biases (attention_bias), q/k
 * norms where use_qk_norm, post_attention_norm where llama has ffn_norm, a
 * dense MLP for the leading blocks, then the router and its exp_probs_b,
 * the routed experts and the shared expert. */
static void glm4moe_layer(plan *p, uint32_t l)
{
	const gs_model *m = p->m;
	uint64_t h = m->hidden, a = m->heads, kv = m->kv_heads, d = m->head_dim;
	char n[48];
	T("attn_norm.weight", h, 0, 0);
	T("attn_q.weight", h, a * d, 0);
	T("attn_k.weight", h, kv * d, 0);
	T("attn_v.weight", h, kv * d, 0);
	if (m->qkv_bias) {
		T("attn_q.bias", a * d, 0, 0);
		T("attn_k.bias", kv * d, 0, 0);
		T("attn_v.bias", kv * d, 0, 0);
	}
	T("attn_output.weight", a * d, h, 0);
	if (m->qk_norm) {
		T("attn_q_norm.weight", d, 0, 0);
		T("attn_k_norm.weight", d, 0, 0);
	}
	T("post_attention_norm.weight", h, 0, 0);
	if (moe_at(m, l)) {
		uint64_t E = m->experts, mi = m->moe_intermediate, sh = m->shared_intermediate;
		T("ffn_gate_inp.weight", h, E, 0);
		T("exp_probs_b.bias", E, 0, 0);
		T("ffn_gate_exps.weight", h, mi, E);
		T("ffn_down_exps.weight", mi, h, E);
		T("ffn_up_exps.weight", h, mi, E);
		T("ffn_gate_shexp.weight", h, sh, 0);
		T("ffn_down_shexp.weight", sh, h, 0);
		T("ffn_up_shexp.weight", h, sh, 0);
	} else {
		T("ffn_gate.weight", h, m->intermediate, 0);
		T("ffn_down.weight", m->intermediate, h, 0);
		T("ffn_up.weight", h, m->intermediate, 0);
	}
}

/* MiniMax-M2 (src/models/minimax-m2.cpp load_arch_tensors, from b6906):
 * q/k/v and the output, q and k norms over all heads, a router with its
 * exp_probs_b and the experts on every block, no shared expert. */
static void minimax_m2_layer(plan *p, uint32_t l)
{
	const gs_model *m = p->m;
	uint64_t h = m->hidden, a = m->heads, kv = m->kv_heads, d = m->head_dim, E = m->experts,
	         mi = m->moe_intermediate;
	char n[48];
	T("attn_norm.weight", h, 0, 0);
	T("attn_q.weight", h, a * d, 0);
	T("attn_k.weight", h, kv * d, 0);
	T("attn_v.weight", h, kv * d, 0);
	T("attn_output.weight", a * d, h, 0);
	T("attn_q_norm.weight", a * d, 0, 0);
	T("attn_k_norm.weight", kv * d, 0, 0);
	T("ffn_norm.weight", h, 0, 0);
	T("ffn_gate_inp.weight", h, E, 0);
	T("ffn_gate_exps.weight", h, mi, E);
	T("ffn_down_exps.weight", mi, h, E);
	T("ffn_up_exps.weight", h, mi, E);
	T("exp_probs_b.bias", E, 0, 0);
}

/* LFM2 (conversion/lfm2.py; src/models/lfm2.cpp load_arch_tensors, from
 * b5873): every block ffn_norm, a SwiGLU MLP and attn_norm (operator_norm);
 * attention blocks q/k/v, the output and per-head q/k norms; the others a
 * short convolution, shortconv.conv (L_cache x h, kept in F32 by the
 * converter and the quantizer), in_proj (h -> 3h) and out_proj. */
static void lfm2_layer(plan *p, uint32_t l)
{
	const gs_model *m = p->m;
	uint64_t h = m->hidden, a = m->heads, kv = m->kv_heads, d = m->head_dim, ff = m->intermediate;
	char n[48];
	T("ffn_norm.weight", h, 0, 0);
	T("ffn_gate.weight", h, ff, 0);
	T("ffn_down.weight", ff, h, 0);
	T("ffn_up.weight", h, ff, 0);
	T("attn_norm.weight", h, 0, 0);
	if (l < GS_MAX_LAYERS && m->layer_is_ssm[l]) {
		T("shortconv.conv.weight", m->ssm_conv, h, 0);
		T("shortconv.in_proj.weight", h, 3 * h, 0);
		T("shortconv.out_proj.weight", h, h, 0);
		return;
	}
	T("attn_q_norm.weight", d, 0, 0);
	T("attn_k_norm.weight", d, 0, 0);
	T("attn_q.weight", h, a * d, 0);
	T("attn_k.weight", h, kv * d, 0);
	T("attn_v.weight", h, kv * d, 0);
	T("attn_output.weight", a * d, h, 0);
}

/* Gemma 3n (conversion/gemma.py Gemma3NModel; src/models/gemma3n.cpp
 * load_arch_tensors, from b5763, PR #14400): Gemma 3's block (q/k/v for
 * every block, the shared-KV ones included, q/k norms, the post-norms) with
 * the block's own MLP width, then the per-layer input's inp_gate (h -> p),
 * proj (p -> h) and post_norm, AltUp's correct_coef (n x n),
 * correct_scale, predict_coef (n -> n^2), router (h -> n) and router_norm,
 * LAuReL's laurel_l (h -> r), laurel_r (r -> h) and post norm. */
static void gemma3n_layer(plan *p, uint32_t l)
{
	const gs_model *m = p->m;
	uint64_t h = m->hidden, a = m->heads, kv = m->kv_heads, d = m->head_dim, n = m->altup_inputs,
		 pd = m->ple_dim, r = m->laurel_rank;
	uint64_t ff = l < GS_MAX_LAYERS && m->layer_intermediate[l] ? m->layer_intermediate[l]
	                                                            : m->intermediate;
	char n_[48];
#define T3N(suffix, ...)                                                                                     \
	do {                                                                                                 \
		snprintf(n_, sizeof n_, "blk.%u." suffix, l);                                                \
		add(p, n_, (int)l, __VA_ARGS__);                                                             \
	} while (0)
	T3N("attn_norm.weight", h, 0, 0);
	T3N("attn_q.weight", h, a * d, 0);
	T3N("attn_k.weight", h, kv * d, 0);
	T3N("attn_v.weight", h, kv * d, 0);
	T3N("attn_output.weight", a * d, h, 0);
	T3N("attn_q_norm.weight", d, 0, 0);
	T3N("attn_k_norm.weight", d, 0, 0);
	T3N("post_attention_norm.weight", h, 0, 0);
	T3N("ffn_norm.weight", h, 0, 0);
	T3N("ffn_gate.weight", h, ff, 0);
	T3N("ffn_up.weight", h, ff, 0);
	T3N("ffn_down.weight", ff, h, 0);
	T3N("post_ffw_norm.weight", h, 0, 0);
	T3N("inp_gate.weight", h, pd, 0);
	T3N("proj.weight", pd, h, 0);
	T3N("post_norm.weight", h, 0, 0);
	T3N("altup_correct_coef.weight", n, n, 0);
	T3N("altup_correct_scale.weight", h, 0, 0);
	T3N("altup_predict_coef.weight", n, n * n, 0);
	T3N("altup_router.weight", h, n, 0);
	T3N("altup_router_norm.weight", h, 0, 0);
	T3N("laurel_l.weight", h, r, 0);
	T3N("laurel_r.weight", r, h, 0);
	T3N("laurel_post_norm.weight", h, 0, 0);
#undef T3N
}

/* Gemma 3n's tensors outside the blocks, beside token_embd and output_norm:
 * per_layer_token_embd (a host input like token_embd: LLM_TENSOR_LAYER_INPUT)
 * of L x p by the vocabulary, which the converter pads to vocab_size rows
 * (PR #18256, b7689; before, it and token_embd had vocab_size_per_layer_input
 * rows); per_layer_model_proj (h -> L x p) and per_layer_proj_norm (p),
 * created with block 0's buffer (tn(..., 0)); altup_proj and
 * altup_unembd_proj, (n - 1) matrices of h x h each, with the output's. */
static void gemma3n_globals(plan *p)
{
	const gs_model *m = p->m;
	uint64_t h = m->hidden, lp = (uint64_t)m->layers * m->ple_dim, n = m->altup_inputs;
	add(p, "per_layer_token_embd.weight", -1, lp, m->vocab, 0);
	add(p, "per_layer_model_proj.weight", 0, h, lp, 0);
	add(p, "per_layer_proj_norm.weight", 0, m->ple_dim, 0, 0);
	add(p, "altup_proj.weight", -1, h, h, n - 1);
	add(p, "altup_unembd_proj.weight", -1, h, h, n - 1);
}

/* An MTP block's own tensors after its decoder layer's (glm4-moe.cpp and
 * deepseek2.cpp, i >= n_layer): eh_proj, enorm, hnorm, shared_head_norm,
 * and embed_tokens and shared_head_head where the checkpoint stores them
 * (GLM-4.7-Flash). llama.cpp creates them TENSOR_SKIP (glm4moe) or skips
 * them unless asked to load the MTP (deepseek2): they are in the file, in
 * no device's buffer. */
/* Granite 4.0 (conversion/granite.py GraniteHybridModel, a Mamba2Model and
 * a GraniteMoeModel; src/models/granite-hybrid.cpp load_arch_tensors, from
 * b5868, PR #13550): attn_norm, then a Mamba-2 mixer (ssm_in of
 * 2 d_inner + 2 G N + heads outputs, ssm_conv1d and its bias, ssm_dt.bias,
 * ssm_a and ssm_d of 1 x heads, the gated norm as d_inner/G x G, ssm_out)
 * or Llama's attention (q/k/v/output, biases with attention_bias);
 * ffn_norm and the experts, split from GraniteMoE's packed input_linear,
 * with the shared MLP as *_shexp, or, with no experts, the shared MLP as
 * the block's ffn_gate/up/down. A file with no Mamba blocks is arch granite
 * (or granitemoe): the same attention and MLP tensors. */
static void granite_hybrid_layer(plan *p, uint32_t l)
{
	const gs_model *m = p->m;
	uint64_t h = m->hidden, a = m->heads, kv = m->kv_heads, d = m->head_dim, di = m->ssm_inner,
		 G = m->ssm_groups, N = m->ssm_state, nh = m->ssm_heads;
	char n[48];
	T("attn_norm.weight", h, 0, 0);
	if (l < GS_MAX_LAYERS && m->layer_is_ssm[l]) {
		T("ssm_in.weight", h, 2 * di + 2 * G * N + nh, 0);
		T("ssm_conv1d.weight", m->ssm_conv, di + 2 * G * N, 0);
		if (m->ssm_conv_bias)
			T("ssm_conv1d.bias", di + 2 * G * N, 0, 0);
		T("ssm_dt.bias", nh, 0, 0);
		T("ssm_a", 1, nh, 0);
		T("ssm_d", 1, nh, 0);
		T("ssm_norm.weight", di / G, G, 0);
		T("ssm_out.weight", di, h, 0);
	} else {
		T("attn_q.weight", h, a * d, 0);
		T("attn_k.weight", h, kv * d, 0);
		T("attn_v.weight", h, kv * d, 0);
		if (m->qkv_bias) {
			T("attn_q.bias", a * d, 0, 0);
			T("attn_k.bias", kv * d, 0, 0);
			T("attn_v.bias", kv * d, 0, 0);
		}
		T("attn_output.weight", a * d, h, 0);
		if (m->qkv_bias) /* the reader's o_bias follows attention_bias */
			T("attn_output.bias", h, 0, 0);
	}
	T("ffn_norm.weight", h, 0, 0);
	if (l < GS_MAX_LAYERS && m->layer_is_moe[l]) {
		uint64_t E = m->experts, mi = m->moe_intermediate, sh = m->shared_intermediate;
		T("ffn_gate_inp.weight", h, E, 0);
		T("ffn_gate_exps.weight", h, mi, E);
		T("ffn_up_exps.weight", h, mi, E);
		T("ffn_down_exps.weight", mi, h, E);
		if (sh) {
			T("ffn_gate_shexp.weight", h, sh, 0);
			T("ffn_up_shexp.weight", h, sh, 0);
			T("ffn_down_shexp.weight", sh, h, 0);
		}
	} else {
		T("ffn_gate.weight", h, m->intermediate, 0);
		T("ffn_up.weight", h, m->intermediate, 0);
		T("ffn_down.weight", m->intermediate, h, 0);
	}
}

/* Mamba (conversion/mamba.py MambaModel; src/models/mamba.cpp
 * load_arch_tensors): attn_norm, ssm_in (n_embd x 2 d_inner), ssm_conv1d
 * (d_conv x d_inner, F32) and its bias, ssm_x (d_inner x (dt_rank + 2
 * d_state)), ssm_dt with its bias, ssm_a (d_state x d_inner, F32: not named
 * .weight), ssm_d, ssm_out. */
static void mamba_layer(plan *p, uint32_t l)
{
	const gs_model *m = p->m;
	uint64_t h = m->hidden, di = m->ssm_inner, N = m->ssm_state, r = m->ssm_dt_rank;
	char n[48];
	T("attn_norm.weight", h, 0, 0);
	T("ssm_in.weight", h, 2 * di, 0);
	T("ssm_conv1d.weight", m->ssm_conv, di, 0);
	T("ssm_conv1d.bias", di, 0, 0);
	T("ssm_x.weight", di, r + 2 * N, 0);
	T("ssm_dt.weight", r, di, 0);
	T("ssm_dt.bias", di, 0, 0);
	T("ssm_a", N, di, 0);
	T("ssm_d", di, 0, 0);
	T("ssm_out.weight", di, h, 0);
}

static void nextn_tensors(plan *p, uint32_t l)
{
	const gs_model *m = p->m;
	uint64_t h = m->hidden;
	char n[48];
	T("nextn.eh_proj.weight", 2 * h, h, 0);
	T("nextn.enorm.weight", h, 0, 0);
	T("nextn.hnorm.weight", h, 0, 0);
	if (m->mtp_embed_head) {
		T("nextn.embed_tokens.weight", h, m->vocab, 0);
		T("nextn.shared_head_head.weight", h, m->vocab, 0);
	}
	T("nextn.shared_head_norm.weight", h, 0, 0);
}

/* Olmo 3 (GGUF arch olmo2: conversion/olmo.py registers Olmo3ForCausalLM
 * with Olmo2Model; src/models/olmo2.cpp) and EXAONE 4.0 (conversion/
 * exaone.py Exaone4Model; src/models/exaone4.cpp): no norm before
 * attention or the MLP, post_attention_norm and post_ffw_norm after them,
 * q and k norms over the whole projections (olmo2: n_embd and n_head_kv x
 * n_embd_head) or per head (exaone4: n_embd_head_k each). EXAONE's
 * converter also writes rope_freqs (head_dim / 2 F32 values) for a llama3
 * RoPE, which, as Llama 3.1's, is not planned. */
static void post_norm_layer(plan *p, uint32_t l)
{
	const gs_model *m = p->m;
	uint64_t h = m->hidden, a = m->heads, kv = m->kv_heads, d = m->head_dim, ff = m->intermediate;
	bool whole = TYPE_IN(m, "olmo3");
	char n[48];
	T("attn_q.weight", h, a * d, 0);
	T("attn_k.weight", h, kv * d, 0);
	T("attn_v.weight", h, kv * d, 0);
	T("attn_output.weight", a * d, h, 0);
	T("attn_q_norm.weight", whole ? a * d : d, 0, 0);
	T("attn_k_norm.weight", whole ? kv * d : d, 0, 0);
	T("post_attention_norm.weight", h, 0, 0);
	T("ffn_gate.weight", h, ff, 0);
	T("ffn_up.weight", h, ff, 0);
	T("ffn_down.weight", ff, h, 0);
	T("post_ffw_norm.weight", h, 0, 0);
}

static void layer(plan *p, uint32_t l)
{
	const gs_model *m = p->m;
	uint64_t h = m->hidden, a = m->heads, kv = m->kv_heads, d = m->head_dim,
		 dv = m->v_head_dim ? m->v_head_dim : d;
	char n[48];
	if (TYPE_IN(m, "gpt_neox")) {
		gpt_neox_layer(p, l);
		return;
	}
	if (TYPE_IN(m, "gpt_oss")) {
		gpt_oss_layer(p, l);
		return;
	}
	if (TYPE_IN(m, "deepseek_v2", "deepseek_v3", "glm4_moe_lite")) {
		deepseek_layer(p, l);
		return;
	}
	if (TYPE_IN(m, "glm4_moe")) {
		glm4moe_layer(p, l);
		return;
	}
	if (TYPE_IN(m, "minimax_m2")) {
		minimax_m2_layer(p, l);
		return;
	}
	if (TYPE_IN(m, "lfm2")) {
		lfm2_layer(p, l);
		return;
	}
	if (TYPE_IN(m, "qwen3_next", "qwen3_5", "qwen3_5_moe")) {
		qwen3_next_layer(p, l);
		return;
	}
	if (TYPE_IN(m, "gemma3n")) {
		gemma3n_layer(p, l);
		return;
	}
	if (TYPE_IN(m, "granitemoehybrid")) {
		granite_hybrid_layer(p, l);
		return;
	}
	if (TYPE_IN(m, "mamba")) {
		mamba_layer(p, l);
		return;
	}
	if (TYPE_IN(m, "olmo3", "exaone4")) {
		post_norm_layer(p, l);
		return;
	}
	T("attn_norm.weight", h, 0, 0);
	if (TYPE_IN(m, "phi3")) {
		T("attn_qkv.weight", h, (a + 2 * kv) * d, 0);
	} else {
		T("attn_q.weight", h, a * d, 0);
		T("attn_k.weight", h, kv * d, 0);
		T("attn_v.weight", h, kv * dv, 0);
	}
	if (TYPE_IN(m, "qwen2") || (TYPE_IN(m, "llama4_text") && m->qkv_bias)) {
		T("attn_q.bias", a * d, 0, 0);
		T("attn_k.bias", kv * d, 0, 0);
		T("attn_v.bias", kv * dv, 0, 0);
	}
	if (TYPE_IN(m, "qwen3", "qwen3_moe", "gemma3_text")) {
		T("attn_q_norm.weight", d, 0, 0);
		T("attn_k_norm.weight", d, 0, 0);
	}
	T("attn_output.weight", a * dv, h, 0);
	if (TYPE_IN(m, "gemma2", "gemma3_text"))
		T("post_attention_norm.weight", h, 0, 0);
	T("ffn_norm.weight", h, 0, 0);
	if (TYPE_IN(m, "gemma2", "gemma3_text"))
		T("post_ffw_norm.weight", h, 0, 0);
	if (l < GS_MAX_LAYERS && m->layer_is_moe[l]) {
		uint64_t E = m->experts, mi = m->moe_intermediate, sh = m->shared_intermediate;
		T("ffn_gate_inp.weight", h, E, 0);
		T("ffn_gate_exps.weight", h, mi, E);
		T("ffn_up_exps.weight", h, mi, E);
		T("ffn_down_exps.weight", mi, h, E);
		/* Llama 4 (conversion/llama.py Llama4Model: gate_up_proj split in
		 * two; src/models/llama4.cpp): one shared expert of the experts'
		 * width beside them */
		if (TYPE_IN(m, "llama4_text")) {
			T("ffn_gate_shexp.weight", h, sh, 0);
			T("ffn_down_shexp.weight", sh, h, 0);
			T("ffn_up_shexp.weight", h, sh, 0);
		}
	} else if (TYPE_IN(m, "phi3")) {
		T("ffn_up.weight", h, 2 * (uint64_t)m->intermediate, 0); /* gate and up fused */
		T("ffn_down.weight", m->intermediate, h, 0);
	} else {
		if (m->gated_mlp)
			T("ffn_gate.weight", h, m->intermediate, 0);
		T("ffn_up.weight", h, m->intermediate, 0);
		T("ffn_down.weight", m->intermediate, h, 0);
	}
#undef T
#undef WB
}

static void dtypes_text(const plan *p, gs_inventory_summary *s)
{
	s->dtypes[0] = 0;
	for (size_t k = 0; k < p->n_types; k++) {
		size_t n = strlen(s->dtypes);
		snprintf(s->dtypes + n, sizeof s->dtypes - n, "%s%s: %llu tensors, %llu B", k ? "; " : "",
		         p->type_names[k], (unsigned long long)p->counts[k],
		         (unsigned long long)p->bytes_by_type[k]);
	}
}

/* The converter's vocabulary rows: Mamba2Model.set_vocab pads to a
 * multiple of pad_vocab_size_multiple, which GraniteHybridModel sets to 8
 * when the model has Mamba blocks (1 without: conversion/granite.py). */
static uint64_t gguf_vocab(const gs_model *m)
{
	/* MambaModel.set_vocab: pad_vocab_size_multiple, 8 by default */
	if ((TYPE_IN(m, "granitemoehybrid") && gs_model_ssm_layers(m)) || TYPE_IN(m, "mamba"))
		return ((uint64_t)m->vocab + 7) / 8 * 8;
	return m->vocab;
}

gs_status gsi_gguf_plan(gs_model *m, const char *name, void (*each)(const gsi_plan_tensor *, void *),
                        void *ctx, gs_error *err)
{
	return gsi_gguf_plan_by(m, name, NULL, each, ctx, err);
}

gs_field gsi_gguf_plan_field_given(const gs_workload *w)
{
	static const gs_field fields[] = {GS_F_QUANTIZER, GS_F_IMATRIX};
	for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
		if (gs_wl_given(w, fields[i]))
			return fields[i];
	return GS_F__COUNT;
}

const char *gsi_gguf_imatrix_change(const char *name)
{
	/* ffn_down_type's two rules that read has_imatrix for file types that
	 * do not require one */
	switch (ftype_of(name)) {
	case FT_Q4_0: return "the first n_layer/8 ffn_down in Q4_1";
	case FT_Q5_0: return "the first n_layer/8 ffn_down in Q5_1";
	case FT_IQ4_NL:
	case FT_IQ4_XS: return "the first n_layer/8 ffn_down in the file type's own type, not Q5_K";
	default: return NULL;
	}
}

gs_status gsi_gguf_plan_by(gs_model *m, const char *name, const gsi_quant_opts *opts,
                           void (*each)(const gsi_plan_tensor *, void *), void *ctx, gs_error *err)
{
	static const gsi_quant_opts defaults = {GS_QUANT_007DBBF3, false, GSI_PLE_TIED};
	if (!opts)
		opts = &defaults;
	gs_quantizer quantizer = opts->quantizer;
	int ft = ftype_of(name);
	if (ft < 0)
		return gs_error_set(err, GS_EINPUT, "format",
		                    "\"%.30s\" is not a llama.cpp file type; expected one of %s", name,
		                    gsi_gguf_ftypes());
	if (!m->has_architecture || !has_type(m, supported, sizeof supported / sizeof supported[0])) {
		char list[400] = "";
		for (size_t i = 0; i < sizeof supported / sizeof supported[0]; i++)
			snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "",
			         supported[i]);
		return gs_error_set(err, GS_EUNSUPPORTED, "format",
		                    "llama.cpp's tensor layout and quantization rules are implemented for "
		                    "%s, not for model_type \"%.40s\": read the model's .gguf (local or "
		                    "--model org/name with a .gguf) for its exact tensor table",
		                    list, m->has_architecture ? m->model_type : "(none)");
	}
	/* MambaModel: assert d_inner == 2 * d_model; src/models/mamba.cpp has no
	 * projection biases */
	if (TYPE_IN(m, "mamba") && (m->ssm_inner != 2ull * m->hidden || m->ssm_proj_bias))
		return gs_error_set(err, GS_EUNSUPPORTED, "format",
		                    "llama.cpp's converter takes Mamba with an inner width of 2 x "
		                    "hidden_size and no projection biases (use_bias false): this config has "
		                    "%u and %u, "
		                    "use_bias %s (conversion/mamba.py, src/models/mamba.cpp)",
		                    m->ssm_inner, m->hidden, m->ssm_proj_bias ? "true" : "false");
	/* granite-hybrid.cpp: GGML_ASSERT(2 * n_embd == d_inner) */
	if (TYPE_IN(m, "granitemoehybrid") && gs_model_ssm_layers(m) &&
	    m->ssm_inner != 2ull * m->hidden)
		return gs_error_set(err, GS_EUNSUPPORTED, "format",
		                    "llama.cpp loads Granite hybrids with mamba_expand 2 only (the mixer's "
		                    "inner width %u is not 2 x hidden_size %u; GGML_ASSERT in "
		                    "src/models/granite-hybrid.cpp)",
		                    m->ssm_inner, m->hidden);
	plan pl, *p = &pl;
	memset(p, 0, sizeof *p);
	p->m = m;
	p->ft = (ftype)ft;
	/* the converter keeps the checkpoint's float type (bf16 models stay BF16) */
	p->float_type = !strcmp(m->torch_dtype, "float16")   ? "F16"
	                : !strcmp(m->torch_dtype, "float32") ? "F32"
	                                                     : "BF16";
	p->tied = m->tied_embeddings;
	p->qkv_own_rule = quantizer == GS_QUANT_B4020;
	p->ple = opts->ple;
	/* gpt-oss: "MXFP4" (or a float type) is the converter's file of its own
	 * MXFP4 experts; MXFP4_MOE is llama-quantize's, the rest in Q8_0 */
	const char *bare = strncasecmp(name, "gguf:", 5) ? name : name + 5;
	p->mxfp4_source = TYPE_IN(m, "gpt_oss") &&
	                  (!strcasecmp(bare, "MXFP4") || ft == FT_F16 || ft == FT_BF16 || ft == FT_F32);
	/* the converter writes GLM's MTP blocks after the decoder's (glm.py:
	 * block_count = num_hidden_layers + num_nextn_predict_layers); DeepSeek's
	 * converter drops them */
	uint32_t mtp = TYPE_IN(m, "glm4_moe", "glm4_moe_lite") ? m->mtp_layers : 0;
	p->n_all = (int)(m->layers + mtp);
	p->n_attention_wv = p->n_all;
	/* llama-quant.cpp counts the attn_v tensors: LFM2's conv blocks and
	 * Granite 4.0's Mamba blocks have none, Mamba none at all */
	if (TYPE_IN(m, "lfm2", "granitemoehybrid", "mamba"))
		p->n_attention_wv = (int)gs_model_attention_layers(m);
	/* tensor_requires_imatrix: these file types cannot be made without one */
	p->has_imatrix = opts->imatrix ||
	                 IS(FT_IQ1_S, FT_IQ1_M, FT_IQ2_XXS, FT_IQ2_XS, FT_IQ2_S, FT_IQ3_XXS, FT_Q2_K_S);
	/* llama-model.cpp calls 80-layer llama and qwen2 models 70B */
	p->is_70b = m->layers == 80 && TYPE_IN(m, "llama", "qwen2");
	gs_inventory_summary *s = &m->inv;
	memset(s, 0, sizeof *s);
	p->s = s;
	p->each = each;
	p->ctx = ctx;
	uint64_t vocab = gguf_vocab(m);
	/* a Granite hybrid has no RoPE: GraniteHybridModel (and MambaModel)
	 * write context_length 2^20, which llama.cpp takes as n_ctx_train (-c 0) */
	if ((TYPE_IN(m, "granitemoehybrid") && gs_model_ssm_layers(m)) || TYPE_IN(m, "mamba"))
		m->max_position = 1u << 20;
	add(p, "token_embd.weight", -1, m->hidden, vocab, 0);
	if (TYPE_IN(m, "gemma3n"))
		gemma3n_globals(p);
	for (uint32_t l = 0; l < m->layers && l < GS_MAX_LAYERS; l++)
		layer(p, l);
	for (uint32_t l = m->layers; l < m->layers + mtp && l < GS_MAX_LAYERS; l++) {
		layer(p, l);
		nextn_tensors(p, l);
	}
	/* LFM2's final norm keeps the name its converter gave it
	 * (LLM_TENSOR_OUTPUT_NORM_LFM2, "token_embd_norm") */
	add(p, TYPE_IN(m, "lfm2") ? "token_embd_norm.weight" : "output_norm.weight", -1, m->hidden, 0, 0);
	if (TYPE_IN(m, "gpt_neox"))
		add(p, "output_norm.bias", -1, m->hidden, 0, 0);
	if (!p->tied)
		add(p, "output.weight", -1, m->hidden, vocab, 0);
	snprintf(s->format, sizeof s->format, "gguf");
	snprintf(s->main_format, sizeof s->main_format, "gguf:%s", ftypes[ft].name);
	if (p->mxfp4_source)
		snprintf(s->quantization, sizeof s->quantization,
		         "planned from config.json as llama.cpp's converter writes gpt-oss: its MXFP4 "
		         "experts kept, the rest in %s",
		         quantized_type(ftypes[ft].base) ? p->float_type : ftypes[ft].name);
	else
		snprintf(s->quantization, sizeof s->quantization,
		         "planned from config.json as llama.cpp's converter and quantizer%s would make a %s "
		         "file%s",
		         quantizer == GS_QUANT_B4020 ? " of build 4020" : "", ftypes[ft].name,
		         opts->imatrix ? " with an importance matrix" : "");
	s->quantized = quantized_type(ftypes[ft].base);
	s->planned = true;
	s->config_params = m->params;
	dtypes_text(p, s);
	if (s->param_elements != m->params)
		snprintf(s->note, sizeof s->note,
		         "the planned tensors hold %llu elements, config.json's count is %llu%s",
		         (unsigned long long)s->param_elements, (unsigned long long)m->params,
		         mtp ? " (the file also holds the MTP blocks, which llama.cpp does not load)"
		         : TYPE_IN(m, "gemma3n") ? " (the converter pads per_layer_token_embd to vocab_size "
		                                   "rows)"
		         : vocab != m->vocab ? " (the converter pads the vocabulary to a multiple of 8 "
		                               "rows)"
		                             : "");
	m->has_inventory = true;
	return GS_OK;
}

const char *gsi_gguf_arch(const gs_model *m)
{
	/* convert_hf_to_gguf's model_arch by model_type; Mistral 3's text model
	 * as llama, which every build loads (the converter names it mistral3
	 * from b7216, the same tensors); Ministral 3's, standalone or in a
	 * mistral3, as mistral3 only: its attention's position scaling
	 * (llama_4_scaling_beta, written as attn_temperature_scale) exists in
	 * that architecture alone (conversion/mistral3.py) */
	static const char *const map[][2] = {{"mistral", "llama"},         {"mixtral", "llama"},
	                                     {"mistral3", "llama"},        {"qwen3_moe", "qwen3moe"},
	                                     {"gemma3_text", "gemma3"},    {"gpt_neox", "gptneox"},
	                                     {"gpt_oss", "gpt-oss"},       {"deepseek_v2", "deepseek2"},
	                                     {"deepseek_v3", "deepseek2"}, {"qwen3_next", "qwen3next"},
	                                     {"kimi_k2", "deepseek2"},     {"ministral3", "mistral3"},
	                                     {"qwen3_vl", "qwen3vl"},      {"qwen3_vl_moe", "qwen3vlmoe"},
	                                     {"qwen3_5", "qwen35"},        {"qwen3_5_moe", "qwen35moe"},
	                                     {"glm4_moe", "glm4moe"},      {"glm4_moe_lite", "deepseek2"},
	                                     {"glm_moe_dsa", "glm-dsa"},   {"llama4", "llama4"},
	                                     {"llama4_text", "llama4"},    {"minimax_m2", "minimax-m2"},
	                                     {"lfm2", "lfm2"},             {"lfm2_vl", "lfm2"},
	                                     {"granitemoehybrid", "granitehybrid"},
	                                     {"gemma3n_text", "gemma3n"},  {"deepseek_v32", "deepseek32"},
	                                     {"olmo3", "olmo2"},           {"kimi_k25", "deepseek2"}};
	if (!strncmp(m->model_type, "gguf:", 5))
		return m->model_type + 5;
	if (!strcmp(m->text_model_type, "ministral3"))
		return "mistral3";
	/* GraniteHybridModel renames a file with no Mamba blocks granitemoe
	 * (with experts) or granite */
	if (!strcmp(m->model_type, "granitemoehybrid") && !gs_model_ssm_layers(m))
		return m->experts ? "granitemoe" : "granite";
	for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
		if (!strcmp(m->model_type, map[i][0]))
			return map[i][1];
	return m->model_type;
}
