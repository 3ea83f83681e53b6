/*
 * estimate_items.c — the building blocks every runtime's estimate uses
 * (estimate_items.h): items and phases, the weight items, KV cache and
 * forward-pass sizes; and the division of items over GPUs and the engines'
 * tensor-parallel check (engine.h). Nothing here knows a runtime; the
 * runtimes (estimate_<runtime>.c) sit above it and estimate.c above them
 * (engine.h draws the levels).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>
#include "core/fmt.h"
#include "engine/engine.h"
#include "engine/estimate_items.h"
#include "gpusizer/inventory.h"

const char *gs_basis_name(gs_basis b)
{
	switch (b) {
	case GS_BASIS_ESTIMATED: return "estimated";
	case GS_BASIS_MEASURED: return "measured";
	case GS_BASIS_UNKNOWN: return "unknown";
	}
	return "?";
}

/* snprintf(dst, cap, "%s", src) without the format machinery: this runs
 * for every item of every estimate of every search. */
static void copy_text(char *dst, size_t cap, const char *src)
{
	size_t n = strnlen(src, cap - 1);
	memcpy(dst, src, n);
	dst[n] = 0;
}

gs_item *gsi_item(gs_estimate *e, const char *id, gs_basis basis, const char *source)
{
	/* GS_MAX_ITEMS is sized for every item the runtimes add: more is a bug */
	assert(e->n_items < GS_MAX_ITEMS);
	gs_item *it = &e->items[e->n_items++];
	/* the figures cleared; the formula's 1 KiB only terminated (it is
	 * written whole by gsi_formula, and read as a string) */
	memset(it, 0, offsetof(gs_item, formula));
	it->formula[0] = 0;
	it->lean = e->lean;
	copy_text(it->id, sizeof it->id, id);
	copy_text(it->source, sizeof it->source, source);
	it->basis = basis;
	return it;
}

void gsi_item_put(gs_item *it, int phase, gs_bytes b)
{
	assert(phase >= 0 && phase < GS_MAX_PHASES);
	it->bytes[phase] = b;
	it->live |= LIVE(phase);
}

void gsi_item_all(gs_item *it, unsigned live, gs_bytes b)
{
	for (int p = 0; p < GS_MAX_PHASES; p++)
		if (live & LIVE(p))
			gsi_item_put(it, p, b);
}

/* A formula or an unknown cut at its array's size would be read as the
 * whole text: gsi_fmt marks the cut, and the item or the estimate records
 * it (the unit tests fail on any). */
void gsi_formula(gs_item *it, const char *fmt, ...)
{
	if (it->lean)
		return;
	va_list ap;
	va_start(ap, fmt);
	it->formula_cut = !gsi_vfmt(it->formula, sizeof it->formula, fmt, ap);
	va_end(ap);
}

void gsi_formula_add(gs_item *it, const char *fmt, ...)
{
	if (it->lean)
		return;
	va_list ap;
	va_start(ap, fmt);
	if (!gsi_vfmt_add(it->formula, sizeof it->formula, fmt, ap))
		it->formula_cut = true;
	va_end(ap);
}

void gsi_unknown(gs_estimate *e, const char *fmt, ...)
{
	if (e->n_unknowns >= GS_MAX_UNKNOWNS) {
		e->unknowns_cut++;
		return;
	}
	va_list ap;
	va_start(ap, fmt);
	if (!gsi_vfmt(e->unknowns[e->n_unknowns++], sizeof e->unknowns[0], fmt, ap))
		e->unknowns_cut++;
	va_end(ap);
}

void gsi_phase(gs_estimate *e, int p, const char *id, const char *what)
{
	snprintf(e->phases[p].id, sizeof e->phases[p].id, "%s", id);
	snprintf(e->phases[p].what, sizeof e->phases[p].what, "%s", what);
}

const gs_item *gs_estimate_item(const gs_estimate *e, const char *id)
{
	for (size_t i = 0; i < e->n_items; i++)
		if (strcmp(e->items[i].id, id) == 0)
			return &e->items[i];
	return NULL;
}

gs_bytes gsi_item_bytes(const gs_estimate *e, const char *id, int phase)
{
	const gs_item *it = gs_estimate_item(e, id);
	return it && it->basis != GS_BASIS_UNKNOWN ? it->bytes[phase] : 0;
}

gs_bytes gsi_weights_total(const gs_estimate *e)
{
	static const char *const ids[] = {"weights",       "quant_metadata", "other_format_modules",
	                                  "tp_replicated", "mla_absorbed",   "marlin_padding"};
	gs_bytes sum = 0;
	for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++)
		sum = gs_add_sat(sum, gsi_item_bytes(e, ids[i], 0));
	return sum;
}

gs_bytes gs_estimate_peak(const gs_estimate *e) { return e->phases[e->peak_phase].peak; }

uint64_t gsi_act_bytes(const gs_estimate *e)
{
	return e->format.value_bits.num == 32 * e->format.value_bits.den ? 4 : 2;
}

void gsi_ratio_text(gs_ratio r, char *buf, size_t cap)
{
	if (r.den == 1)
		snprintf(buf, cap, "%llu", (unsigned long long)r.num);
	else
		snprintf(buf, cap, "%llu/%llu", (unsigned long long)r.num, (unsigned long long)r.den);
}

gs_bytes gsi_ceil_bits(uint64_t n, gs_ratio bits)
{
	gs_bytes b;
	gs_ratio bytes = {bits.num, bits.den * 8};
	return gs_mul_ratio_ceil(n, bytes, &b) ? UINT64_MAX : b;
}

/* --- weights ------------------------------------------------------------ */

/* The checkpoint's own bytes (format not overridden): weights are the
 * parameters in the main stored type, metadata the scale tensors, and the
 * rest the parameters stored in 16/32-bit floats next to quantized ones. */
static void stored_weight_items(gs_estimate *e, unsigned live)
{
	const gs_inventory_summary *s = &e->model.inv;
	char src[256];
	snprintf(src, sizeof src,
	         METHOD "§2-3; the checkpoint's tensor table (%s, %llu tensors in %llu file%s)", s->format,
	         (unsigned long long)s->tensors, (unsigned long long)s->shards, s->shards == 1 ? "" : "s");
	e->weights_only = gsi_ceil_bits(e->model.params, e->format.value_bits);
	gs_bytes w = s->quantized ? s->packed_param_bytes : s->packed_param_bytes + s->float_param_bytes;
	gs_bytes o = s->quantized ? s->float_param_bytes : 0;
	gs_item *it = gsi_item(e, "weights", GS_BASIS_ESTIMATED, src);
	gsi_item_all(it, live, w);
	gsi_formula(it, "stored bytes of the %s parameters, from the headers: %s",
	            s->quantized ? "quantized" : "", s->dtypes);
	it = gsi_item(e, "quant_metadata", GS_BASIS_ESTIMATED, src);
	gsi_item_all(it, live, s->class_bytes[GS_TC_QUANT_META]);
	gsi_formula(it, s->class_bytes[GS_TC_QUANT_META] ? "stored scale, zero-point and state tensors: %s"
	                                                  : "none stored (%s)", s->quantization);
	it = gsi_item(e, "other_format_modules", GS_BASIS_ESTIMATED, src);
	gsi_item_all(it, live, o);
	gsi_formula(it, s->quantized ? "parameters stored in 16/32-bit floats: %s" : "none: %s",
	            s->quantized ? s->unquantized : "one format for all parameters");
	if (s->buffer_elements)
		gsi_unknown(e,
		            "weights: the checkpoint also stores %llu buffer elements (e.g. rotary inv_freq) "
		            "that are not parameters; Transformers recomputes them",
		            (unsigned long long)s->buffer_elements);
}

static bool is_bnb(const gs_format *f)
{
	return f->family == GS_FAM_BNB_4BIT || f->family == GS_FAM_BNB_INT8;
}

bool gsi_bnb_passes_experts(const gs_estimate *e)
{
	return e->model.experts_params && is_bnb(&e->format) && !e->bnb_experts_linear;
}

/* The matrices the checkpoint's quantization config keeps in 16 bits by
 * name (attention, shared experts, mixers, the vision tower: ignore /
 * exclude_modules, gs_model.quant_kept_roles), summed; none when the
 * format is not the checkpoint's own or quantizes the experts alone
 * (which keeps every other matrix already). */
static gs_role_sum kept_roles(const gs_estimate *e)
{
	gs_role_sum k = {0, 0, 0, 0};
	const gs_model *m = &e->model;
	bool own = e->format_from_checkpoint ||
	           (m->quant_format[0] && !strcmp(m->quant_format, e->format.name));
	if (!own || e->format.experts_only || !e->format.quantized || !m->has_architecture)
		return k;
	for (int r = 0; r < GS_ROLES; r++)
		if (m->quant_kept_roles & (1u << r)) {
			const gs_role_sum *x = &m->split.role[r];
			k.params += x->params;
			k.matrices += x->matrices;
			k.rows += x->rows;
			k.cols += x->cols;
		}
	return k;
}

/* The roles kept, by name, for the formulas ("attention, the vision tower"). */
static void kept_roles_text(const gs_estimate *e, char *out, size_t cap)
{
	static const char *const names[GS_ROLES] = {"attention", "shared experts", "state-space mixers",
	                                            "the vision tower and projector", "dense MLPs"};
	out[0] = 0;
	if (!kept_roles(e).matrices)
		return;
	for (int r = 0; r < GS_ROLES; r++)
		if ((e->model.quant_kept_roles & (1u << r)) && e->model.split.role[r].params)
			gsi_fmt_add(out, cap, "%s, ", names[r]);
}

/* Scales, zero points and block metadata of the main format. */
static void metadata_item(gs_estimate *e, unsigned live, uint64_t q, const char *src)
{
	const gs_model *m = &e->model;
	const gs_format *f = &e->format;
	gs_param_split shapes = m->split, *s = &shapes;
	if (gsi_bnb_passes_experts(e)) { /* the experts carry no scales: not quantized */
		s->linear_matrices -= s->expert_matrices;
		s->linear_rows -= s->expert_rows;
		s->linear_cols -= s->expert_cols;
	}
	gs_role_sum kr = kept_roles(e); /* kept in 16 bits by the config: no scales */
	s->linear_matrices -= kr.matrices;
	s->linear_rows -= kr.rows;
	s->linear_cols -= kr.cols;
	char bits[48];
	gs_item *qm = gsi_item(e, "quant_metadata", GS_BASIS_ESTIMATED, src);
	bool needs_shapes = f->row_meta_bytes || f->in_meta_bytes || f->matrix_meta_bytes;
	if (f->family == GS_FAM_RAW_BITS && f->quantized) {
		qm->basis = GS_BASIS_UNKNOWN;
		qm->live = live;
		gsi_formula(qm, "not modelled: %s is a bare bit count; a real format of that width adds "
		            "scales (e.g. nf4: +0.5 bit/weight, gptq-g128: +0.156 bit/weight)", f->name);
		gsi_unknown(e, "quant_metadata: %s carries no scales or zero points; pick a real format "
		            "(--format nf4, gptq, gguf:Q4_K ...) to count them", f->name);
	} else if (needs_shapes && !m->has_architecture) {
		qm->basis = GS_BASIS_UNKNOWN;
		qm->live = live;
		gsi_formula(qm, "%s adds per-row/per-matrix scales: needs the matrix shapes (--model)",
		            f->name);
		gsi_unknown(e, "quant_metadata: %s stores scales per output row or matrix; the shapes need a "
		            "model (--model config.json)", f->name);
	} else {
		uint64_t meta = gsi_ceil_bits(q, f->meta_bits);
		meta = gs_add_sat(meta, gs_mul_sat(s->linear_rows, f->row_meta_bytes));
		meta = gs_add_sat(meta, gs_mul_sat(s->linear_cols, f->in_meta_bytes));
		meta = gs_add_sat(meta, gs_mul_sat(s->linear_matrices, f->matrix_meta_bytes));
		gsi_item_all(qm, live, meta);
		if (!f->quantized)
			gsi_formula(qm, "none: %s stores no scales", f->name);
		else
			gsi_formula(qm,
			            "%llu params x %s bits / 8 + %llu rows x %u B + %llu in-features x %u B "
			            "+ %llu matrices x %u B",
			            (unsigned long long)q,
			            (gsi_ratio_text(f->meta_bits, bits, sizeof bits), bits),
			            (unsigned long long)s->linear_rows, f->row_meta_bytes,
			            (unsigned long long)s->linear_cols, f->in_meta_bytes,
			            (unsigned long long)s->linear_matrices, f->matrix_meta_bytes);
	}

}

/* The modules kept in 16 bits next to a quantized format. */
static void other_format_item(gs_estimate *e, unsigned live, uint64_t kept, const char *src)
{
	const gs_model *m = &e->model;
	const gs_format *f = &e->format;
	gs_item *o = gsi_item(e, "other_format_modules", GS_BASIS_ESTIMATED, src);
	if (!f->quantized) {
		gsi_item_all(o, live, 0);
		gsi_formula(o, "none: every module is %s", f->name);
	} else if (!m->has_architecture) {
		o->basis = GS_BASIS_UNKNOWN;
		o->live = live;
		gsi_formula(o, "unknown without an architecture: embeddings, lm_head and norms usually stay "
		            "in 16 bits under %s", f->name);
		gsi_unknown(e, "other_format_modules: which modules stay in 16 bits (embeddings, lm_head, "
		            "norms) needs a model (--model config.json); --params counts every weight at %s",
		            f->name);
	} else if (f->experts_only) {
		gsi_item_all(o, live, gsi_ceil_bits(kept, f->keep_bits));
		gsi_formula(o,
		            "%llu params (everything but the experts' matrices: attention, routers, "
		            "embeddings, lm_head, norms, biases) x %llu bits / 8",
		            (unsigned long long)kept,
		            (unsigned long long)(f->keep_bits.num / f->keep_bits.den));
	} else {
		char roles[160];
		kept_roles_text(e, roles, sizeof roles);
		gsi_item_all(o, live, gsi_ceil_bits(kept, f->keep_bits));
		gsi_formula(o, "%llu params (%s%s%s%s%sbiases/routers) x %llu bits / 8",
		            (unsigned long long)kept, roles,
		            gsi_bnb_passes_experts(e)
		                    ? "the experts' 3-D parameters, which bitsandbytes does not replace, "
		                    : "",
		            e->keep & GS_KEEP_EMBED ? "embeddings, " : "",
		            e->keep & GS_KEEP_LM_HEAD ? "lm_head, " : "",
		            e->keep & GS_KEEP_NORM ? "norms, " : "",
		            (unsigned long long)(f->keep_bits.num / f->keep_bits.den));
	}
}

void gsi_weight_items(gs_estimate *e, unsigned live)
{
	if (e->model.has_inventory && e->stored_format) {
		stored_weight_items(e, live);
		return;
	}
	const gs_model *m = &e->model;
	const gs_format *f = &e->format;
	const gs_param_split *s = &m->split;
	char src[256];

	e->weights_only = gsi_ceil_bits(m->params, f->value_bits);

	/* What the main format stores: everything when unquantized; otherwise
	 * the matrices plus the classes the user chose not to keep aside. */
	uint64_t q = m->params, kept = 0;
	if (f->experts_only && m->has_architecture) {
		q = s->experts; /* only the experts' matrices; the rest stays in 16 bits */
		kept = m->params - s->experts;
	} else if (f->quantized && m->has_architecture) {
		q = s->linear;
		kept = s->other;
		if (gsi_bnb_passes_experts(e)) { /* 3-D expert parameters stay in 16 bits */
			q -= s->experts;
			kept += s->experts;
		}
		gs_role_sum kr = kept_roles(e); /* kept by name in the checkpoint's config */
		q -= kr.params;
		kept += kr.params;
		if (e->keep & GS_KEEP_EMBED) kept += s->embed; else q += s->embed;
		if (e->keep & GS_KEEP_LM_HEAD) kept += s->lm_head; else q += s->lm_head;
		if (e->keep & GS_KEEP_NORM) kept += s->norm; else q += s->norm;
	}
	snprintf(src, sizeof src, METHOD "§1-2; %s", f->source);
	gs_item *w = gsi_item(e, "weights", GS_BASIS_ESTIMATED, src);
	gsi_item_all(w, live, gsi_ceil_bits(q, f->value_bits));
	char bits[48];
	gsi_ratio_text(f->value_bits, bits, sizeof bits);
	gsi_formula(w, "%llu params x %s bits / 8 (%s)", (unsigned long long)q, bits, f->name);

	metadata_item(e, live, q, src);
	other_format_item(e, live, kept, src);
	if (is_bnb(f) && m->has_architecture && s->experts &&
	    !m->experts_params && e->runtime == GS_RT_TRANSFORMERS) {
		/* the 4.x layout is counted: each expert an nn.Linear bitsandbytes replaces */
		gs_bytes as_counted = gs_add_sat(gs_add_sat(gsi_ceil_bits(s->experts, f->value_bits),
		                                            gsi_ceil_bits(s->experts, f->meta_bits)),
		                                 gs_mul_sat(s->expert_rows, f->row_meta_bytes));
		gs_bytes kept16 = gsi_ceil_bits(s->experts, f->keep_bits);
		char more[48];
		gs_format_bytes(kept16 > as_counted ? kept16 - as_counted : 0, GS_UNIT_GiB, more,
		                sizeof more);
		gsi_unknown(e,
		            "weights: where the Transformers release stores the experts as 3-D parameters "
		            "(its newer MixtralExperts), bitsandbytes, which replaces nn.Linear and Conv1D "
		            "only (integrations/bitsandbytes.py replace_with_bnb_linear), leaves them in 16 "
		            "bits: %s more than counted here",
		            more);
	}
	if (f->experts_only && m->has_architecture && e->runtime == GS_RT_TRANSFORMERS) {
		char more[48];
		gs_bytes mx = gs_add_sat(gsi_ceil_bits(q, f->value_bits), gsi_ceil_bits(q, f->meta_bits));
		gs_format_bytes(gsi_ceil_bits(q, f->keep_bits) - mx, GS_UNIT_GiB, more, sizeof more);
		gsi_unknown(e,
		            "weights: Transformers keeps MXFP4 only on a GPU of compute capability 7.5 or "
		            "more with Triton >= 3.4 and the kernels package; otherwise it dequantizes the "
		            "experts to bf16: %s more (quantizer_mxfp4.py validate_environment)",
		            more);
	}
	if (f->mixed_file_type)
		gsi_unknown(e, "weights: %s is a llama.cpp file type mixing ggml types per tensor; its base "
		            "type is counted for every tensor: read the .gguf for exact bytes", f->name);
	const gs_workload *wl = &e->workload;
	bool mxfp4_dequantized = !strcmp(m->quant_method, "mxfp4") && gs_wl_task(wl) == GS_TASK_LORA &&
	                         wl->v[GS_F_FORMAT].from == GS_FROM_DEFAULT && !gs_wl_set(wl, GS_F_BITS);
	if (mxfp4_dequantized)
		gsi_unknown(e, "weights: Transformers cannot train on MXFP4 (quantizer_mxfp4.py: "
		               "is_trainable False), so LoRA loads this checkpoint dequantized to bf16 "
		               "(Mxfp4Config(dequantize=True)), as counted");
	else if (m->quant_method[0] && !e->format_from_checkpoint && !e->stored_format &&
	         strcmp(m->quant_format, f->name) != 0)
		gsi_unknown(e,
		            "weights: --format %s disagrees with config.json's quantization_config (%s%s%s); "
		            "the estimate uses %s as told",
		            f->name, m->quant_format[0] ? m->quant_read : m->quant_method,
		            m->quant_format[0] ? " = " : "", m->quant_format, f->name);
	if (e->format_from_checkpoint && m->quant_skipped[0])
		gsi_unknown(e,
		            "weights: quantization_config keeps %s unquantized; they are counted in %s here, "
		            "which under-estimates them",
		            m->quant_skipped, f->name);
}

/* --- KV cache and activations ------------------------------------------- */

bool gsi_multimodal(const gs_model *m) { return m->vision_params || m->towers_uncounted[0]; }

gs_bytes gsi_kv_bytes(const gs_estimate *e, uint64_t tokens, uint64_t seqs)
{
	bool latent = e->runtime == GS_RT_VLLM || e->runtime == GS_RT_SGLANG;
	/* Mllama's cross-attention layers cache each image's tiles, whatever the length */
	uint64_t per_seq = gs_add_sat(gs_model_kv_elements(&e->model, tokens, latent),
	                              gs_model_cross_kv_elements(&e->model, e->images));
	uint64_t elems = gs_mul_sat(per_seq, seqs);
	gs_bytes b = gsi_ceil_bits(elems, gs_format_bpw(&e->kv_format));
	/* DeepSeek Sparse Attention (GLM-5): each attention layer also caches
	 * its indexer's key, in fp8 with one fp32 scale per 128 whatever the
	 * KV format (vLLM deepseek_v2.py Indexer k_cache head_dim + head_dim /
	 * 128 x 4 uint8 @7cfb97e3379; SGLang 0.5.18 mem_cache/memory_pool.py
	 * DSATokenToKVPool, quant_block_size 128) */
	if (latent && e->model.index_head_dim)
		b = gs_add_sat(b, gs_mul_sat(gs_mul_sat(gsi_index_key_bytes(&e->model), tokens),
		                             gs_mul_sat(gs_model_attention_layers(&e->model), seqs)));
	return b;
}

uint64_t gsi_index_key_bytes(const gs_model *m)
{
	uint64_t d = m->index_head_dim;
	return d + (d + 127) / 128 * 4;
}

gs_bytes gsi_forward_peak(const gs_estimate *e, uint64_t seqs, uint64_t q_len, uint64_t ctx,
                          gs_attention attn, char *why, size_t whycap)
{
	const gs_model *m = &e->model;
	uint64_t el = gsi_act_bytes(e);
	uint64_t T = gs_mul_sat(seqs, q_len);
	uint64_t a = m->heads, d = m->head_dim, kvd = (uint64_t)m->kv_heads * m->head_dim;
	if (m->attn == GS_ATTN_MLA)
		kvd = a * m->head_dim; /* decompressed K (and V) per head */
	uint64_t iw = gs_model_widest_mlp(m);

	/* MLP: gate, up and act(gate)*up live together (SwiGLU); plain: 2 */
	uint64_t mlp = gs_mul_sat(T, (m->gated_mlp ? 3 : 2) * iw * el);
	if (m->experts)
		mlp = gs_add_sat(mlp, gs_mul_sat(T, (uint64_t)m->experts * 4)); /* fp32 router logits */
	/* attention: q, k, v, their rotary copies and the output */
	/* an output gate (Qwen3-Next) adds q_proj's second half and the gated output */
	uint64_t att = gs_mul_sat(T, ((m->attn_out_gate ? 5 : 3) * a * d + 4 * kvd) * el);
	uint64_t scores = 0;
	if (attn == GS_ATTN_IMPL_EAGER) {
		/* scores in the compute dtype, fp32 softmax, cast back; plus the mask */
		scores = gs_mul_sat(gs_mul_sat(gs_mul_sat(seqs, a), q_len), gs_mul_sat(ctx, 2 * el + 4));
		scores = gs_add_sat(scores, gs_mul_sat(gs_mul_sat(seqs, q_len), gs_mul_sat(ctx, el)));
		att = gs_add_sat(att, scores);
	}
	uint64_t resid = gs_mul_sat(T, 2 * (uint64_t)m->hidden * el);
	uint64_t peak = gs_add_sat(mlp > att ? mlp : att, resid);
	if (why)
		snprintf(why, whycap,
		         "max(MLP %llu x %s%llu x %llu B, attention %llu x (%ux%llu + 4x%llu) x %llu B%s) + "
		         "residual 2 x %llu x %u x %llu B",
		         (unsigned long long)T, m->gated_mlp ? "3 x " : "2 x ", (unsigned long long)iw,
		         (unsigned long long)el, (unsigned long long)T, m->attn_out_gate ? 5u : 3u,
		         (unsigned long long)(a * d), (unsigned long long)kvd, (unsigned long long)el,
		         attn == GS_ATTN_IMPL_EAGER ? " + eager scores b x a x q x s x (2e+4) + mask" : "",
		         (unsigned long long)T, m->hidden, (unsigned long long)el);
	return peak;
}


static gs_bytes scale(gs_bytes b, uint64_t num, uint64_t den)
{
	gs_ratio r = {num, den ? den : 1};
	gs_bytes out;
	return gs_mul_ratio_ceil(b, r, &out) ? UINT64_MAX : out;
}

gs_bytes gsi_kv_on_rank(const gs_estimate *e, gs_bytes b, uint64_t tokens)
{
	const gs_model *m = &e->model;
	uint64_t tp = e->tp ? e->tp : 1;
	if (gs_model_mixed_kv_shapes(m)) {
		uint64_t all = gs_model_kv_elements(m, tokens, true);
		return all ? scale(b, gs_model_kv_rank_elements(m, tokens, true, tp), all) : b;
	}
	uint64_t kvh = m->kv_heads ? m->kv_heads : 1;
	uint64_t per_rank = m->attn == GS_ATTN_MLA ? kvh : (kvh + tp - 1) / tp;
	return (b * per_rank + kvh - 1) / kvh;
}

/* Divide every item over the GPUs by its shard kind, for pipeline stage
 * `stage` (docs/method.md §11). */
/* How the items divide over GPUs for one pipeline stage. */
typedef struct sharding {
	uint64_t tp, pp, dp, L, Ls, stage;
	uint64_t wnum, wden;          /* the stage's share of the parameters */
	uint64_t kv_heads, kv_per_rank;
	bool shard_w, shard_g, shard_o; /* ZeRO / FSDP: weights, gradients, optimizer states */
} sharding;

static gs_bytes place(const sharding *h, gs_shard kind, gs_bytes b)
{
	switch (kind) {
	case GS_SHARD_NONE: return b;
	case GS_SHARD_WEIGHTS: return scale(scale(b, h->wnum, h->wden), 1, h->tp * (h->shard_w ? h->dp : 1));
	case GS_SHARD_GRADS: return scale(scale(b, h->wnum, h->wden), 1, h->tp * (h->shard_g ? h->dp : 1));
	case GS_SHARD_OPTIM: return scale(scale(b, h->wnum, h->wden), 1, h->tp * (h->shard_o ? h->dp : 1));
	case GS_SHARD_ACT: return scale(b, h->Ls * (h->pp - h->stage), h->L * h->tp); /* 1F1B in flight */
	case GS_SHARD_TP: return scale(b, 1, h->tp);
	case GS_SHARD_KV: return scale(scale(b, h->Ls, h->L), h->kv_per_rank, h->kv_heads);
	case GS_SHARD_LOGITS: return h->stage == h->pp - 1 ? scale(b, 1, h->tp) : 0;
	case GS_SHARD_LAST_STAGE: return h->stage == h->pp - 1 ? b : 0;
	}
	return b;
}

/* An offloaded item moves to host memory: its peak there, 0 on the GPU. */
static gs_bytes offload_item(gs_estimate *e, gs_item *it)
{
	gs_bytes mx = 0;
	for (size_t p = 0; p < e->n_phases; p++) {
		if (it->bytes[p] > mx)
			mx = it->bytes[p];
		it->bytes[p] = 0;
	}
	gsi_formula_add(it, "; offloaded: %llu B in host memory per GPU, 0 on the GPU",
	                (unsigned long long)mx);
	return mx;
}

/* Data parallelism adds gradient buckets (DDP) or reduce/allgather buckets (ZeRO). */
static void bucket_buffers(gs_estimate *e, const sharding *h)
{
	uint64_t dp = h->dp, wnum = h->wnum, wden = h->wden, tp = h->tp;
	bool shard_o = h->shard_o;
	gs_item *bf = (gs_item *)gs_estimate_item(e, "buffers"),
		*gr = (gs_item *)gs_estimate_item(e, "gradients");
	if (e->train.training && dp > 1 && bf && gr) {
		gs_bytes extra;
		const char *what;
		if (!shard_o) {
			extra = gr->bytes[PH_BWD];
			what = "DDP gradient buckets (a copy of the gradients)";
		} else {
			uint64_t elems = scale(e->train.trainable, wnum, wden * tp);
			extra = gs_mul_sat(elems < 500000000ull ? elems : 500000000ull, 2 * 2);
			what = "ZeRO reduce + allgather buckets, min(5e8, params) elements x 2 B each";
		}
		for (size_t p = 0; p < e->n_phases; p++)
			if (bf->live & LIVE(p))
				bf->bytes[p] = gs_add_sat(bf->bytes[p], extra);
		gsi_formula_add(bf, " + %s: %llu B", what, (unsigned long long)extra);
	}
}

gs_bytes gsi_comm_allowance(const gs_estimate *e)
{
	/* a runtime context the user measured already holds the communicators */
	return e->gpus > 1 && !gs_wl_set(&e->workload, GS_F_RUNTIME_CONTEXT) ? GS_GiB : 0;
}

/* ZeRO-3/FSDP gather layers on the fly; more than one GPU adds NCCL buffers. */
static void communication_items(gs_estimate *e, const sharding *h)
{
	const gs_model *m = &e->model;
	uint64_t tp = h->tp;
	bool shard_w = h->shard_w;
	if (e->train.training && shard_w && m->has_architecture) {
		gs_item *g = gsi_item(e, "gathered_params", GS_BASIS_ESTIMATED,
		                      METHOD "§11; DeepSpeed estimate_zero3_model_states_mem_needs (4 x "
		                             "largest layer)");
		gsi_item_all(g, LIVE(1) | LIVE(2) | LIVE(5) | LIVE(6),
		             scale(gs_mul_sat(m->largest_layer_params, 4), 1, tp));
		gsi_formula(g,
		            "4 B x largest layer %llu params / tp %llu (the layer in use and the one "
		            "prefetched, in 16 bits)",
		            (unsigned long long)m->largest_layer_params, (unsigned long long)tp);
	}
	gs_bytes comm = gsi_comm_allowance(e);
	if (comm) {
		gs_item *ctx = (gs_item *)gs_estimate_item(e, "runtime_context");
		if (ctx) {
			for (size_t p = 0; p < e->n_phases; p++)
				if (ctx->live & LIVE(p))
					ctx->bytes[p] = gs_add_sat(ctx->bytes[p], comm);
			char size[48];
			gs_format_bytes(comm, GS_UNIT_GiB, size, sizeof size);
			gsi_formula_add(ctx, " + NCCL buffers %s (%llu GPUs; 1-2 GiB seen)", size,
			                (unsigned long long)e->gpus);
		}
	}
}

void gsi_apply_placement(gs_estimate *e, uint32_t stage)
{
	const gs_model *m = &e->model;
	const gs_workload *w = &e->workload;
	sharding h;
	memset(&h, 0, sizeof h);
	h.tp = e->tp;
	h.pp = e->pp;
	h.dp = e->dp;
	h.stage = stage;
	h.L = m->layers ? m->layers : 1;
	int zero = gs_wl_zero(w);
	bool fsdp_full = gs_wl_fsdp(w) == GS_FSDP_FULL, fsdp_any = gs_wl_fsdp(w) != GS_FSDP_NONE;
	h.shard_w = zero == 3 || fsdp_full;
	h.shard_g = zero >= 2 || fsdp_any;
	h.shard_o = zero >= 1 || fsdp_any;
	h.Ls = h.L / h.pp + (stage < h.L % h.pp ? 1 : 0);
	/* the stage's share of the parameters: its layers, plus the embeddings
	 * on the first stage and the head on the last */
	uint64_t head = m->split.embed + m->split.lm_head,
		 layer_params = m->params > head ? m->params - head : 0;
	h.wnum = gs_add_sat(gs_mul_sat(layer_params, h.Ls),
	                    gs_mul_sat((stage == 0 ? m->split.embed : 0) +
	                                       (stage == h.pp - 1 ? m->split.lm_head : 0),
	                               h.L));
	h.wden = gs_mul_sat(m->params ? m->params : 1, h.L);
	if (!m->has_architecture) {
		h.wnum = 1;
		h.wden = h.pp;
	}
	h.kv_heads = m->kv_heads ? m->kv_heads : 1;
	bool kv_replicated = m->attn == GS_ATTN_MLA &&
	                     (e->runtime == GS_RT_VLLM || e->runtime == GS_RT_SGLANG);
	h.kv_per_rank = kv_replicated ? h.kv_heads : (h.kv_heads + h.tp - 1) / h.tp;
	gs_offload offload = gs_wl_offload(w);
	gs_bytes host = 0;
	for (size_t i = 0; i < e->n_items; i++) {
		gs_item *it = &e->items[i];
		for (size_t p = 0; p < e->n_phases; p++)
			it->bytes[p] = place(&h, it->shard, it->bytes[p]);
		bool off = (it->shard == GS_SHARD_OPTIM && offload == GS_OFFLOAD_OPTIMIZER) ||
		           (it->shard == GS_SHARD_WEIGHTS && offload == GS_OFFLOAD_PARAMS &&
		            strcmp(it->id, "export_transient") != 0);
		if (off)
			host = gs_add_sat(host, offload_item(e, it));
	}
	e->train.host_per_gpu = host;
	bucket_buffers(e, &h);
	communication_items(e, &h);
}

/* --- tensor parallelism the serving engines accept ------------------------ */

/* The first rule tp breaks, in the engine's words; NULL when it starts. */
const char *gsi_tp_broken_serving(const gs_model *m, uint64_t tp, char *why, size_t cap)
{
	if (tp <= 1)
		return NULL;
	if (m->heads % tp) {
		snprintf(why, cap,
		         "\"Total number of attention heads (%u) must be divisible by tensor parallel size "
		         "(%llu).\" (config/model.py verify_with_parallel_config)",
		         m->heads, (unsigned long long)tp);
		return why;
	}
	uint64_t kv = m->kv_heads ? m->kv_heads : m->heads;
	/* Gemma 4's full-attention layers have KV heads of their own, which
	 * must split or replicate evenly too (models/gemma4.py Gemma4Attention) */
	if (m->full_kv_heads && m->full_kv_heads != kv && (tp >= kv ? tp % kv == 0 : kv % tp == 0))
		kv = m->full_kv_heads;
	if (m->attn != GS_ATTN_MLA && (tp >= kv ? tp % kv : kv % tp)) {
		snprintf(why, cap,
		         "%llu KV heads neither split over nor replicate evenly on %llu GPUs: \"%llu is not "
		         "divisible by %llu\" (layers/linear.py QKVParallelLinear)",
		         (unsigned long long)kv, (unsigned long long)tp,
		         (unsigned long long)(tp >= kv ? tp : kv), (unsigned long long)(tp >= kv ? kv : tp));
		return why;
	}
	/* a dense MLP (every layer of a dense model, the first layers of some
	 * mixtures) and shared experts are column- and row-parallel linears;
	 * routed experts are split by integer division, without a check */
	bool dense = !m->experts;
	for (uint32_t l = 0; !dense && l < m->layers && l < GS_MAX_LAYERS; l++)
		dense = !m->layer_is_moe[l];
	uint32_t widths[2] = {dense ? m->intermediate : 0, m->experts ? m->shared_intermediate : 0};
	for (int i = 0; i < 2; i++)
		if (widths[i] && widths[i] % tp) {
			snprintf(why, cap,
			         "the %s width %u does not split over %llu GPUs: \"%u is not divisible by "
			         "%llu\" (layers/linear.py MergedColumnParallelLinear)",
			         i ? "shared experts' MLP" : "MLP", widths[i], (unsigned long long)tp,
			         widths[i], (unsigned long long)tp);
			return why;
		}
	uint64_t vocab = ((uint64_t)m->vocab + 63) / 64 * 64;
	if (vocab % tp) {
		snprintf(why, cap,
		         "the vocabulary padded to 64 (%llu) does not split over %llu GPUs: \"%llu is not "
		         "divisible by %llu\" (layers/vocab_parallel_embedding.py)",
		         (unsigned long long)vocab, (unsigned long long)tp, (unsigned long long)vocab,
		         (unsigned long long)tp);
		return why;
	}
	return NULL;
}

/* Transformers' tp_plan (integrations/tensor_parallel.py, v4.5x and v5):
 * q_proj, k_proj and v_proj are column-parallel, sharded as torch.chunk
 * shards (get_tensor_shard: ceil(rows / tp) rows a rank, the last ones
 * short or empty), and the attention views each rank's slice as heads of
 * head_dim and repeats its KV heads num_key_value_groups times
 * (modeling_llama.py): a rank holds whole heads in the model's ratio only
 * when tp divides the query and the KV heads. The MLP's chunks need no
 * such split. */
const char *gsi_tp_broken_transformers(const gs_model *m, uint64_t tp, char *why, size_t cap)
{
	if (tp <= 1)
		return NULL;
	if (m->ssm) { /* the plans are attention decoders' (base_model_tp_plan) */
		snprintf(why, cap,
		         "its tp_plan shards attention heads and MLPs; a state-space model has no "
		         "attention to shard and no tensor-parallel plan (base_model_tp_plan)");
		return why;
	}
	uint64_t kv = m->kv_heads ? m->kv_heads : m->heads;
	if (m->full_kv_heads && kv % tp == 0) /* Gemma 4's full-attention layers' */
		kv = m->full_kv_heads;
	if (m->heads % tp == 0 && kv % tp == 0)
		return NULL;
	snprintf(why, cap,
	         "its tp_plan shards q_proj, k_proj and v_proj as torch.chunk does, and a rank's slice "
	         "holds whole heads in the model's ratio only when tp divides the %u query and %llu "
	         "KV heads (integrations/tensor_parallel.py get_tensor_shard)",
	         m->heads, (unsigned long long)kv);
	return why;
}

gs_status gsi_engine_tp_check(const gsi_engine *engine, const gs_model *m, uint64_t tp, const char *where,
                              gs_error *err)
{
	char why[320];
	if (!m->has_architecture || !m->heads || !engine->tp_broken(m, tp, why, sizeof why))
		return GS_OK;
	char ok[160] = "";
	size_t k = 0;
	for (uint64_t t = 1; t <= m->heads && t <= 1024 && k < sizeof ok - 12; t++) {
		char scratch[320];
		if (!engine->tp_broken(m, t, scratch, sizeof scratch))
			k += (size_t)snprintf(ok + k, sizeof ok - k, "%s%llu", k ? ", " : "",
			                      (unsigned long long)t);
	}
	return gs_error_set(err, GS_EINPUT, where,
	                    "tp %llu: %s would not start: %s; tensor-parallel degrees it accepts for this "
	                    "model: %s",
	                    (unsigned long long)tp, engine->label, why, ok);
}

/* The vision tower encodes b x images images of P patches before the
 * decoder runs (SDPA): its widest transient, MLP 2 x i_v or attention
 * 7 x h_v, plus the residual, per patch (method.md §2, vision-language). */
gs_bytes gsi_vision_peak(const gs_estimate *e, uint64_t b, char *why, size_t cap)
{
	const gs_model *m = &e->model;
	uint64_t patches = m->vision_merge ? gs_mul_sat(e->image_tokens, m->vision_merge) : m->vision_patches;
	uint64_t T = gs_mul_sat(gs_mul_sat(b, e->images), patches), el = gsi_act_bytes(e);
	uint64_t hv = m->vision_hidden, w2 = 2 * (uint64_t)m->vision_intermediate;
	gs_bytes vis = gs_mul_sat(T, ((w2 > 7 * hv ? w2 : 7 * hv) + 2 * hv) * el);
	snprintf(why, cap,
	         "; vision tower: %llu patches x (max(2 x %u, 7 x %llu) + 2 x %llu) x %llu B = %llu B",
	         (unsigned long long)T, m->vision_intermediate, (unsigned long long)hv,
	         (unsigned long long)hv, (unsigned long long)el, (unsigned long long)vis);
	return vis;
}

void gsi_change_add(gsi_change *c, size_t *n, size_t cap, gs_field f, const char *value, gs_field f2,
                    const char *value2, const char *cost)
{
	if (*n >= cap)
		return;
	gsi_change *x = &c[(*n)++];
	x->f = f;
	snprintf(x->value, sizeof x->value, "%.63s", value);
	x->f2 = f2;
	snprintf(x->value2, sizeof x->value2, "%.63s", value2);
	snprintf(x->cost, sizeof x->cost, "%s", cost);
}
