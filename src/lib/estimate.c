/*
 * estimate.c — inference memory, itemized per phase (gpusizer/estimate.h).
 *
 * Every formula below is written out, with its source, in docs/method.md;
 * the section is named in each item's `source`. Where a term is our own
 * derivation the source says so: such terms are estimates until measured.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "estimate_internal.h"
#include "gpusizer/hub.h"
#include "gpusizer/inventory.h"
#include "inventory_internal.h"

#define METHOD "docs/method.md "

const char *gs_basis_name(gs_basis b)
{
	switch (b) {
	case GS_BASIS_ESTIMATED: return "estimated";
	case GS_BASIS_MEASURED: return "measured";
	case GS_BASIS_UNKNOWN: return "unknown";
	}
	return "?";
}

const char *gs_runtime_name(gs_runtime r)
{
	return r == GS_RT_VLLM ? "vllm" : r == GS_RT_LLAMACPP ? "llamacpp" : "transformers";
}

gs_item *gsi_item(gs_estimate *e, const char *id, gs_basis basis, const char *source)
{
	/* GS_MAX_ITEMS is sized for every item this file can add */
	gs_item *it = &e->items[e->n_items++];
	memset(it, 0, sizeof *it);
	snprintf(it->id, sizeof it->id, "%s", id);
	snprintf(it->source, sizeof it->source, "%s", source);
	it->basis = basis;
	return it;
}

void gsi_item_put(gs_item *it, int phase, gs_bytes b)
{
	it->bytes[phase] = b;
	it->live |= LIVE(phase);
}

void gsi_item_all(gs_item *it, unsigned live, gs_bytes b)
{
	for (int p = 0; p < GS_MAX_PHASES; p++)
		if (live & LIVE(p))
			gsi_item_put(it, p, b);
}

void gsi_formula(gs_item *it, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(it->formula, sizeof it->formula, fmt, ap);
	va_end(ap);
}

void gsi_unknown(gs_estimate *e, const char *fmt, ...)
{
	if (e->n_unknowns >= GS_MAX_UNKNOWNS)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(e->unknowns[e->n_unknowns++], sizeof e->unknowns[0], fmt, ap);
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
	return gs_add_sat(gs_add_sat(gsi_item_bytes(e, "weights", 0), gsi_item_bytes(e, "quant_metadata", 0)),
	                  gsi_item_bytes(e, "other_format_modules", 0));
}

gs_bytes gs_estimate_peak(const gs_estimate *e) { return e->phases[e->peak_phase].peak; }

uint64_t gsi_act_bytes(const gs_estimate *e) { return e->format.value_bits.num == 32 * e->format.value_bits.den ? 4 : 2; }

void gsi_ratio_text(gs_ratio r, char *buf, size_t cap)
{
	if (r.den == 1)
		snprintf(buf, cap, "%llu", (unsigned long long)r.num);
	else
		snprintf(buf, cap, "%llu/%llu", (unsigned long long)r.num, (unsigned long long)r.den);
}

static gs_bytes ceil_bits(uint64_t n, gs_ratio bits)
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
	snprintf(src, sizeof src, METHOD "§2-3; the checkpoint's tensor table (%s, %llu tensors in %llu file%s)",
	         s->format, (unsigned long long)s->tensors, (unsigned long long)s->shards, s->shards == 1 ? "" : "s");
	e->weights_only = ceil_bits(e->model.params, e->format.value_bits);
	gs_bytes w = s->quantized ? s->packed_param_bytes : s->packed_param_bytes + s->float_param_bytes;
	gs_bytes o = s->quantized ? s->float_param_bytes : 0;
	gs_item *it = gsi_item(e, "weights", GS_BASIS_ESTIMATED, src);
	gsi_item_all(it, live, w);
	gsi_formula(it, "stored bytes of the %s parameters, from the headers: %s", s->quantized ? "quantized" : "",
	            s->dtypes);
	it = gsi_item(e, "quant_metadata", GS_BASIS_ESTIMATED, src);
	gsi_item_all(it, live, s->class_bytes[GS_TC_QUANT_META]);
	gsi_formula(it, s->class_bytes[GS_TC_QUANT_META] ? "stored scale, zero-point and state tensors: %s"
	                                                  : "none stored (%s)", s->quantization);
	it = gsi_item(e, "other_format_modules", GS_BASIS_ESTIMATED, src);
	gsi_item_all(it, live, o);
	gsi_formula(it, s->quantized ? "parameters stored in 16/32-bit floats: %s" : "none: %s",
	            s->quantized ? s->unquantized : "one format for all parameters");
	if (s->buffer_elements)
		gsi_unknown(e, "weights: the checkpoint also stores %llu buffer elements (e.g. rotary inv_freq) that are not "
		            "parameters; Transformers recomputes them", (unsigned long long)s->buffer_elements);
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

	e->weights_only = ceil_bits(m->params, f->value_bits);

	/* What the main format stores: everything when unquantized; otherwise
	 * the matrices plus the classes the user chose not to keep aside. */
	uint64_t q = m->params, kept = 0;
	if (f->quantized && m->has_architecture) {
		q = s->linear;
		kept = s->other;
		if (e->keep & GS_KEEP_EMBED) kept += s->embed; else q += s->embed;
		if (e->keep & GS_KEEP_LM_HEAD) kept += s->lm_head; else q += s->lm_head;
		if (e->keep & GS_KEEP_NORM) kept += s->norm; else q += s->norm;
	}
	snprintf(src, sizeof src, METHOD "§1-2; %s", f->source);
	gs_item *w = gsi_item(e, "weights", GS_BASIS_ESTIMATED, src);
	gsi_item_all(w, live, ceil_bits(q, f->value_bits));
	char bits[48];
	gsi_ratio_text(f->value_bits, bits, sizeof bits);
	gsi_formula(w, "%llu params x %s bits / 8 (%s)", (unsigned long long)q, bits, f->name);

	/* quantization metadata */
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
		gsi_formula(qm, "%s adds per-row/per-matrix scales: needs the matrix shapes (--model)", f->name);
		gsi_unknown(e, "quant_metadata: %s stores scales per output row or matrix; the shapes need a "
		            "model (--model config.json)", f->name);
	} else {
		uint64_t meta = ceil_bits(q, f->meta_bits);
		meta = gs_add_sat(meta, gs_mul_sat(s->linear_rows, f->row_meta_bytes));
		meta = gs_add_sat(meta, gs_mul_sat(s->linear_cols, f->in_meta_bytes));
		meta = gs_add_sat(meta, gs_mul_sat(s->linear_matrices, f->matrix_meta_bytes));
		gsi_item_all(qm, live, meta);
		if (!f->quantized)
			gsi_formula(qm, "none: %s stores no scales", f->name);
		else
			gsi_formula(qm, "%llu params x %s bits / 8 + %llu rows x %u B + %llu in-features "
			            "x %u B + %llu matrices x %u B",
			            (unsigned long long)q, (gsi_ratio_text(f->meta_bits, bits, sizeof bits), bits),
			            (unsigned long long)s->linear_rows,
			            f->row_meta_bytes, (unsigned long long)s->linear_cols, f->in_meta_bytes,
			            (unsigned long long)s->linear_matrices, f->matrix_meta_bytes);
	}

	/* modules in another format */
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
	} else {
		gsi_item_all(o, live, ceil_bits(kept, f->keep_bits));
		gsi_formula(o, "%llu params (%s%s%sbiases/routers) x %llu bits / 8", (unsigned long long)kept,
		            e->keep & GS_KEEP_EMBED ? "embeddings, " : "",
		            e->keep & GS_KEEP_LM_HEAD ? "lm_head, " : "", e->keep & GS_KEEP_NORM ? "norms, " : "",
		            (unsigned long long)(f->keep_bits.num / f->keep_bits.den));
	}
	if (f->mixed_file_type)
		gsi_unknown(e, "weights: %s is a llama.cpp file type mixing ggml types per tensor; its base "
		            "type is counted for every tensor: read the .gguf for exact bytes", f->name);
	if (m->quant_method[0])
		gsi_unknown(e, "weights: config.json declares quantization_config (quant_method %s); this "
		            "estimate uses --format %s: make sure they describe the same checkpoint",
		            m->quant_method, f->name);
}

/* --- KV cache and activations ------------------------------------------- */

gs_bytes gsi_kv_bytes(const gs_estimate *e, uint64_t tokens, uint64_t seqs)
{
	bool latent = e->runtime == GS_RT_VLLM;
	uint64_t elems = gs_mul_sat(gs_model_kv_elements(&e->model, tokens, latent), seqs);
	return ceil_bits(elems, gs_format_bpw(&e->kv_format));
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
	uint64_t att = gs_mul_sat(T, (3 * a * d + 4 * kvd) * el);
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
		         "max(MLP %llu x %s%llu x %llu B, attention %llu x (3x%llu + 4x%llu) x %llu B%s) "
		         "+ residual 2 x %llu x %u x %llu B",
		         (unsigned long long)T, m->gated_mlp ? "3 x " : "2 x ", (unsigned long long)iw,
		         (unsigned long long)el, (unsigned long long)T, (unsigned long long)(a * d),
		         (unsigned long long)kvd, (unsigned long long)el,
		         attn == GS_ATTN_IMPL_EAGER ? " + eager scores b x a x q x s x (2e+4) + mask" : "",
		         (unsigned long long)T, m->hidden, (unsigned long long)el);
	return peak;
}

/* --- transformers -------------------------------------------------------- */

/* CUDA context + framework, live in every phase (docs/method.md §6). */
static void context_item(gs_estimate *e)
{
	gs_item *ctx = gsi_item(e, "runtime_context", GS_BASIS_ESTIMATED,
	                        METHOD "§6; PyTorch issue #107667, PR #86509; CUDA lazy loading guide");
	bool given = gs_wl_set(&e->workload, GS_F_RUNTIME_CONTEXT);
	gsi_item_all(ctx, (1u << e->n_phases) - 1, given ? gs_wl_u64(&e->workload, GS_F_RUNTIME_CONTEXT) : 500 * GS_MiB);
	if (given)
		gsi_formula(ctx, "given: %s", gs_wl_str(&e->workload, GS_F_RUNTIME_CONTEXT));
	else
		gsi_formula(ctx, "CUDA context + PyTorch kernels with lazy loading: 500 MiB (typical 300-500 MiB; "
		            "700-1000+ MiB without lazy loading)");
}

static void transformers_phases(gs_estimate *e)
{
	const gs_model *m = &e->model;
	bool arch = m->has_architecture, len = e->length > 0;
	uint64_t b = e->concurrency, s = e->length, el = gsi_act_bytes(e);
	char why[400];

	e->n_phases = 3;
	snprintf(e->phases[0].id, 16, "load");
	snprintf(e->phases[0].what, 96, "weights on the device, CUDA context up");
	snprintf(e->phases[1].id, 16, "prefill");
	snprintf(e->phases[1].what, 96, "the whole prompt in one forward pass");
	snprintf(e->phases[2].id, 16, "decode");
	snprintf(e->phases[2].what, 96, "one token per step, cache at full length");

	gsi_weight_items(e, ALL_PHASES);
	for (size_t i = 0; i < e->n_items; i++)
		e->items[i].shard = GS_SHARD_WEIGHTS;

	gs_item *kv = gsi_item(e, "kv_cache", GS_BASIS_ESTIMATED,
	                       METHOD "§3; Transformers DynamicCache / DeepseekV3Attention");
	kv->varies = true;
	kv->shard = GS_SHARD_KV;
	gs_item *act = gsi_item(e, "activations", GS_BASIS_ESTIMATED,
	                        METHOD "§5 (our derivation from Transformers' modeling code; to be measured)");
	act->varies = true;
	act->shard = GS_SHARD_TP;
	if (arch && len) {
		gs_bytes kvb = gsi_kv_bytes(e, s, b);
		gsi_item_all(kv, LIVE(1) | LIVE(2), kvb);
		if (m->attn == GS_ATTN_MLA)
			gsi_formula(kv, "%llu seqs x %llu elements for %llu tokens (MLA decompressed: per layer "
			            "%u heads x (%u + %u) + %u heads x %u) x %s",
			            (unsigned long long)b, (unsigned long long)gs_model_kv_elements(m, s, false),
			            (unsigned long long)s, m->heads, m->qk_nope_head_dim, m->qk_rope_head_dim,
			            m->heads, m->v_head_dim, e->kv_format.name);
		else
			gsi_formula(kv, "2 x %u layers x %u kv heads x %u head dim x %llu tokens%s x %llu seqs "
			            "x %s (%llu elements)",
			            m->layers, m->kv_heads, m->head_dim, (unsigned long long)s,
			            m->sliding_window ? " (sliding layers: min(tokens, window))" : "",
			            (unsigned long long)b, e->kv_format.name,
			            (unsigned long long)gs_mul_sat(gs_model_kv_elements(m, s, false), b));

		gs_bytes pre = gsi_forward_peak(e, b, s, s, e->attention, why, sizeof why);
		/* decode: one query token; DynamicCache's torch.cat holds a second
		 * copy of one layer's K and V while it grows */
		gs_bytes dec = gsi_forward_peak(e, b, 1, s, e->attention, NULL, 0);
		uint64_t layer_kv = (gsi_kv_bytes(e, s, b) + m->layers - 1) / m->layers;
		dec = gs_add_sat(dec, layer_kv);
		gsi_item_put(act, 1, pre);
		gsi_item_put(act, 2, dec);
		gsi_formula(act, "prefill: %s; decode: same with 1 query token + one layer's K,V copy "
		            "while the cache grows (%llu B)", why, (unsigned long long)layer_kv);
	} else {
		kv->basis = act->basis = GS_BASIS_UNKNOWN;
		kv->live = act->live = LIVE(1) | LIVE(2);
		const char *need = !arch ? "an architecture (--model config.json)" : "a length (--context N)";
		gsi_formula(kv, "needs %s", need);
		gsi_formula(act, "needs %s", need);
		gsi_unknown(e, "kv_cache: needs %s; per token it is 2 x layers x kv_heads x head_dim x "
		            "bytes", need);
		gsi_unknown(e, "activations: needs %s", need);
	}

	gs_item *lg = gsi_item(e, "logits", GS_BASIS_ESTIMATED,
	                       METHOD "§5; Transformers generate(): logits_to_keep=1, fp32 copy of the last position");
	lg->varies = true;
	lg->shard = GS_SHARD_LOGITS;
	if (arch) {
		gs_bytes lb = gs_mul_sat(gs_mul_sat(b, m->vocab), el + 4);
		gsi_item_all(lg, LIVE(1) | LIVE(2), lb);
		gsi_formula(lg, "%llu seqs x %u vocab x (%llu + 4) B", (unsigned long long)b, m->vocab,
		            (unsigned long long)el);
	} else {
		lg->basis = GS_BASIS_UNKNOWN;
		lg->live = LIVE(1) | LIVE(2);
		gsi_formula(lg, "needs the vocabulary size (--model)");
		gsi_unknown(e, "logits: needs the vocabulary size (--model config.json)");
	}

}

/* Caching-allocator slack on the items allocated and freed as the program
 * runs (activations, logits, KV cache, gradients, temporaries), per phase. */
static void slack_item(gs_estimate *e)
{
	gs_item *sl = gsi_item(e, "allocator_slack", GS_BASIS_ESTIMATED,
	                       METHOD "§6; PyTorch CUDA semantics (caching allocator)");
	sl->varies = true;
	gs_ratio pct = gs_wl_ratio(&e->workload, GS_F_ALLOCATOR_SLACK);
	static const char *const dynamic[] = {"kv_cache", "activations", "logits", "gradients", "optimizer_temporaries"};
	bool unknown = false;
	char names[160] = "";
	for (size_t k = 0; k < sizeof dynamic / sizeof dynamic[0]; k++) {
		const gs_item *it = gs_estimate_item(e, dynamic[k]);
		if (!it)
			continue;
		unknown |= it->basis == GS_BASIS_UNKNOWN;
		snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", names[0] ? " + " : "", dynamic[k]);
	}
	for (size_t p = 0; p < e->n_phases; p++) {
		gs_bytes dyn = 0;
		bool live = false;
		for (size_t k = 0; k < sizeof dynamic / sizeof dynamic[0]; k++) {
			const gs_item *it = gs_estimate_item(e, dynamic[k]);
			if (it && (it->live & LIVE(p))) {
				live = true;
				dyn = gs_add_sat(dyn, it->bytes[p]);
			}
		}
		if (!live)
			continue;
		gs_bytes v;
		gsi_item_put(sl, (int)p, gs_mul_ratio_ceil(dyn, pct, &v) ? UINT64_MAX : v);
	}
	if (unknown) {
		sl->basis = GS_BASIS_UNKNOWN;
		for (size_t p = 0; p < e->n_phases; p++)
			sl->bytes[p] = 0;
		gsi_formula(sl, "%s of the dynamic items, some of which are unknown", gs_wl_str(&e->workload, GS_F_ALLOCATOR_SLACK));
	} else {
		gsi_formula(sl, "%s x (%s) of the phase", gs_wl_str(&e->workload, GS_F_ALLOCATOR_SLACK), names);
	}
}

static gs_bytes scale(gs_bytes b, uint64_t num, uint64_t den)
{
	gs_ratio r = {num, den ? den : 1};
	gs_bytes out;
	return gs_mul_ratio_ceil(b, r, &out) ? UINT64_MAX : out;
}

/* Divide every item over the GPUs by its shard kind, for pipeline stage
 * `stage` (docs/method.md §11). */
void gsi_apply_placement(gs_estimate *e, uint32_t stage)
{
	const gs_model *m = &e->model;
	const gs_workload *w = &e->workload;
	uint64_t tp = e->tp, pp = e->pp, dp = e->dp, L = m->layers ? m->layers : 1;
	int zero = gs_wl_zero(w);
	gs_offload offload = gs_wl_offload(w);
	bool fsdp_full = gs_wl_fsdp(w) == GS_FSDP_FULL, fsdp_any = gs_wl_fsdp(w) != GS_FSDP_NONE;
	bool shard_w = zero == 3 || fsdp_full, shard_g = zero >= 2 || fsdp_any, shard_o = zero >= 1 || fsdp_any;
	uint64_t Ls = L / pp + (stage < L % pp ? 1 : 0);
	/* the stage's share of the parameters: its layers, plus the embeddings
	 * on the first stage and the head on the last */
	uint64_t head = m->split.embed + m->split.lm_head, layer_params = m->params > head ? m->params - head : 0;
	uint64_t wnum = gs_add_sat(gs_mul_sat(layer_params, Ls),
	                           gs_mul_sat((stage == 0 ? m->split.embed : 0) + (stage == pp - 1 ? m->split.lm_head : 0), L));
	uint64_t wden = gs_mul_sat(m->params ? m->params : 1, L);
	if (!m->has_architecture) {
		wnum = 1;
		wden = pp;
	}
	uint64_t kv_heads = m->kv_heads ? m->kv_heads : 1;
	bool kv_replicated = m->attn == GS_ATTN_MLA && e->runtime == GS_RT_VLLM;
	uint64_t kv_per_rank = kv_replicated ? kv_heads : (kv_heads + tp - 1) / tp;
	gs_bytes host = 0;
	for (size_t i = 0; i < e->n_items; i++) {
		gs_item *it = &e->items[i];
		for (size_t p = 0; p < e->n_phases; p++) {
			gs_bytes b = it->bytes[p];
			switch (it->shard) {
			case GS_SHARD_NONE: break;
			case GS_SHARD_WEIGHTS: b = scale(scale(b, wnum, wden), 1, tp * (shard_w ? dp : 1)); break;
			case GS_SHARD_GRADS: b = scale(scale(b, wnum, wden), 1, tp * (shard_g ? dp : 1)); break;
			case GS_SHARD_OPTIM: b = scale(scale(b, wnum, wden), 1, tp * (shard_o ? dp : 1)); break;
			case GS_SHARD_ACT: b = scale(b, Ls * (pp - stage), L * tp); break; /* 1F1B in flight */
			case GS_SHARD_TP: b = scale(b, 1, tp); break;
			case GS_SHARD_KV: b = scale(scale(b, Ls, L), kv_per_rank, kv_heads); break;
			case GS_SHARD_LOGITS: b = stage == pp - 1 ? scale(b, 1, tp) : 0; break;
			}
			it->bytes[p] = b;
		}
		bool off = (it->shard == GS_SHARD_OPTIM && offload == GS_OFFLOAD_OPTIMIZER) ||
		           (it->shard == GS_SHARD_WEIGHTS && offload == GS_OFFLOAD_PARAMS &&
		            strcmp(it->id, "export_transient") != 0);
		if (off) {
			gs_bytes mx = 0;
			for (size_t p = 0; p < e->n_phases; p++) {
				if (it->bytes[p] > mx)
					mx = it->bytes[p];
				it->bytes[p] = 0;
			}
			host = gs_add_sat(host, mx);
			snprintf(it->formula + strlen(it->formula), sizeof it->formula - strlen(it->formula),
			         "; offloaded: %llu B in host memory per GPU, 0 on the GPU", (unsigned long long)mx);
		}
	}
	e->train.host_per_gpu = host;

	gs_item *bf = (gs_item *)gs_estimate_item(e, "buffers"), *gr = (gs_item *)gs_estimate_item(e, "gradients");
	if (e->train.training && dp > 1 && bf && gr) {
		gs_bytes extra;
		const char *what;
		if (!shard_o) {
			extra = gr->bytes[2]; /* backward phase */
			what = "DDP gradient buckets (a copy of the gradients)";
		} else {
			uint64_t elems = scale(e->train.trainable, wnum, wden * tp);
			extra = gs_mul_sat(elems < 500000000ull ? elems : 500000000ull, 2 * 2);
			what = "ZeRO reduce + allgather buckets, min(5e8, params) elements x 2 B each";
		}
		for (size_t p = 0; p < e->n_phases; p++)
			if (bf->live & LIVE(p))
				bf->bytes[p] = gs_add_sat(bf->bytes[p], extra);
		snprintf(bf->formula + strlen(bf->formula), sizeof bf->formula - strlen(bf->formula), " + %s: %llu B",
		         what, (unsigned long long)extra);
	}
	if (e->train.training && shard_w && m->has_architecture) {
		gs_item *g = gsi_item(e, "gathered_params", GS_BASIS_ESTIMATED,
		                      METHOD "§11; DeepSpeed estimate_zero3_model_states_mem_needs (4 x largest layer)");
		gsi_item_all(g, LIVE(1) | LIVE(2) | LIVE(5) | LIVE(6), scale(gs_mul_sat(m->largest_layer_params, 4), 1, tp));
		gsi_formula(g, "4 B x largest layer %llu params / tp %llu (the layer in use and the one prefetched, in 16 bits)",
		            (unsigned long long)m->largest_layer_params, (unsigned long long)tp);
	}
	if (e->gpus > 1) {
		gs_item *ctx = (gs_item *)gs_estimate_item(e, "runtime_context");
		if (ctx) {
			for (size_t p = 0; p < e->n_phases; p++)
				if (ctx->live & LIVE(p))
					ctx->bytes[p] = gs_add_sat(ctx->bytes[p], GS_GiB);
			snprintf(ctx->formula + strlen(ctx->formula), sizeof ctx->formula - strlen(ctx->formula),
			         " + NCCL buffers 1 GiB (%llu GPUs; 1-2 GiB seen)", (unsigned long long)e->gpus);
		}
	}
}

static void reserve_item(gs_estimate *e)
{
	gs_item *r = gsi_item(e, "reserve", GS_BASIS_ESTIMATED, "the user's chosen margin (indicative envelope = weights only + reserve)");
	gsi_item_all(r, (1u << e->n_phases) - 1, gs_wl_u64(&e->workload, GS_F_RESERVE));
	gsi_formula(r, "chosen: %s (%s)", gs_wl_str(&e->workload, GS_F_RESERVE),
	            e->workload.v[GS_F_RESERVE].where);
}

static void totals(gs_estimate *e)
{
	e->peak_phase = 0;
	for (size_t p = 0; p < e->n_phases; p++) {
		gs_phase *ph = &e->phases[p];
		ph->peak = 0;
		ph->has_unknown = false;
		for (size_t i = 0; i < e->n_items; i++) {
			const gs_item *it = &e->items[i];
			if (!(it->live & LIVE(p)))
				continue;
			if (it->basis == GS_BASIS_UNKNOWN)
				ph->has_unknown = true;
			else
				ph->peak = gs_add_sat(ph->peak, it->bytes[p]);
		}
		/* on a tie the later phase wins: it holds everything the earlier
		 * one does, plus items that may be unknown */
		if (ph->peak >= e->phases[e->peak_phase].peak)
			e->peak_phase = p;
	}
	e->conservative = 0;
	for (size_t i = 0; i < e->n_items; i++) {
		gs_bytes mx = 0;
		for (size_t p = 0; p < e->n_phases; p++)
			if (e->items[i].bytes[p] > mx)
				mx = e->items[i].bytes[p];
		if (e->items[i].basis != GS_BASIS_UNKNOWN)
			e->conservative = gs_add_sat(e->conservative, mx);
	}
	e->envelope = gs_add_sat(e->weights_only, gs_wl_u64(&e->workload, GS_F_RESERVE));
	if (e->has_capacity) {
		gs_bytes peak = e->phases[e->peak_phase].peak;
		e->fits = peak <= e->capacity;
		if (e->has_vllm)
			e->fits = e->fits && e->vllm.sheet_fits && !e->vllm.over_budget;
		e->margin = peak <= e->capacity ? e->capacity - peak : peak - e->capacity;
	}
}

static const char *default_kv(const gs_format *f)
{
	if (f->family == GS_FAM_GGUF)
		return "fp16"; /* llama.cpp's default type_k / type_v */
	if (f->value_bits.num == 32 * f->value_bits.den && !f->quantized)
		return "fp32";
	if (strcmp(f->name, "fp16") == 0)
		return "fp16";
	return "bf16";
}

/* Placement: gpus = dp x tp x pp, checked. */
static gs_status placement_setup(gs_estimate *e, gs_error *err)
{
	const gs_workload *w = &e->workload;
	e->gpus = gs_wl_u64(w, GS_F_GPUS);
	e->tp = gs_wl_u64(w, GS_F_TP);
	e->pp = gs_wl_u64(w, GS_F_PP);
	uint64_t tppp = gs_mul_sat(e->tp, e->pp);
	if (e->gpus % tppp)
		return gs_error_set(err, GS_EINPUT, w->v[GS_F_GPUS].where,
		                    "%s: gpus %llu is not a multiple of tp x pp = %llu", w->v[GS_F_GPUS].where,
		                    (unsigned long long)e->gpus, (unsigned long long)tppp);
	e->dp = e->gpus / tppp;
	if (e->runtime == GS_RT_LLAMACPP) {
		/* llama.cpp splits blocks over GPUs (--tensor-split): one "stage" each */
		if (tppp != 1)
			return gs_error_set(err, GS_EINPUT, w->v[GS_F_TP].where,
			                    "%s: llama.cpp splits layers over GPUs by tensor_split; leave tp and pp at 1",
			                    w->v[GS_F_TP].where);
		e->pp = e->gpus;
		e->dp = 1;
		if (e->pp > GS_MAX_STAGES)
			return gs_error_set(err, GS_EINPUT, w->v[GS_F_GPUS].where, "%s: at most %d GPUs",
			                    w->v[GS_F_GPUS].where, GS_MAX_STAGES);
		return GS_OK;
	}
	if (e->pp > GS_MAX_STAGES || (e->model.has_architecture && e->pp > e->model.layers))
		return gs_error_set(err, GS_EINPUT, w->v[GS_F_PP].where,
		                    "%s: pp %llu: more pipeline stages than layers (or than %d)", w->v[GS_F_PP].where,
		                    (unsigned long long)e->pp, GS_MAX_STAGES);
	if (e->runtime == GS_RT_VLLM && e->pp > 1)
		return gs_error_set(err, GS_EUNSUPPORTED, w->v[GS_F_PP].where,
		                    "%s: pipeline parallelism with the vllm runtime is not modelled yet; use tp",
		                    w->v[GS_F_PP].where);
	bool training = gs_wl_training(w);
	bool zero3 = gs_wl_zero(w) == 3 || gs_wl_fsdp(w) == GS_FSDP_FULL;
	if (gs_wl_offload(w) == GS_OFFLOAD_PARAMS && !zero3)
		return gs_error_set(err, GS_EINPUT, w->v[GS_F_OFFLOAD].where,
		                    "%s: offload params needs sharded parameters: zero 3 or fsdp full",
		                    w->v[GS_F_OFFLOAD].where);
	if (!training && (gs_wl_zero(w) != 0 || gs_wl_fsdp(w) != GS_FSDP_NONE ||
	                  gs_wl_offload(w) != GS_OFFLOAD_NONE))
		return gs_error_set(err, GS_EINPUT, w->v[GS_F_ZERO].where,
		                    "zero, fsdp and offload describe adaptation; for inference use tp and pp");
	return GS_OK;
}

/* One pipeline stage, from scratch. */
static gs_status estimate_stage(const gs_workload *w, const gs_model *m, uint32_t stage, gs_estimate *e,
                                gs_error *err)
{
	memset(e, 0, sizeof *e);
	e->workload = *w;
	e->model = *m;
	gs_status s;
	/* a checkpoint read from its tensors keeps its own format unless told */
	e->stored_format = m->has_inventory && !gs_wl_set(w, GS_F_BITS) && w->v[GS_F_FORMAT].from == GS_FROM_DEFAULT &&
	                   gs_wl_task(w) != GS_TASK_QLORA; /* QLoRA's default is a 4-bit base */
	if (gs_wl_set(w, GS_F_BITS))
		gs_format_from_bits(gs_wl_ratio(w, GS_F_BITS), &e->format);
	else if (e->stored_format && gs_format_parse(m->inv.main_format, "format", &e->format, NULL) == GS_OK)
		;
	else if ((s = gs_format_parse(e->stored_format ? "bf16" : gs_wl_str(w, GS_F_FORMAT), "format", &e->format, err)))
		return s;
	const char *kvname = gs_wl_set(w, GS_F_KV_FORMAT) ? gs_wl_str(w, GS_F_KV_FORMAT) : default_kv(&e->format);
	if ((s = gs_kv_format_parse(kvname, "kv_format", &e->kv_format, err)))
		return s;
	e->kv_format_v = e->kv_format;
	if (gs_wl_set(w, GS_F_KV_FORMAT_V) &&
	    (s = gs_kv_format_parse(gs_wl_str(w, GS_F_KV_FORMAT_V), "kv_format_v", &e->kv_format_v, err)))
		return s;
	int keep;
	if ((s = gs_keep_parse(gs_wl_str(w, GS_F_KEEP), "keep", &keep, err)))
		return s;
	e->keep = keep < 0 ? e->format.keep_default : (unsigned)keep;
	e->runtime = gs_wl_runtime(w);
	/* only llama.cpp stores K and V in different types; elsewhere the field
	 * would be ignored, so it is refused */
	if (gs_wl_set(w, GS_F_KV_FORMAT_V) && e->runtime != GS_RT_LLAMACPP)
		return gs_error_set(err, GS_EINPUT, w->v[GS_F_KV_FORMAT_V].where,
		                    "%s: kv_format_v: only runtime llamacpp keeps V in another format than K; "
		                    "use kv_format for both", w->v[GS_F_KV_FORMAT_V].where);
	e->attention = gs_wl_attention(w);
	e->length = gs_wl_set(w, GS_F_LENGTH) ? gs_wl_u64(w, GS_F_LENGTH) : 0;
	e->concurrency = gs_wl_u64(w, GS_F_CONCURRENCY);
	bool found;
	if ((s = gs_workload_capacity(w, &e->capacity, &found, e->capacity_how, sizeof e->capacity_how, err)))
		return s;
	e->has_capacity = found;
	if ((s = placement_setup(e, err)))
		return s;
	e->stage = stage;

	bool training = gs_wl_training(w);
	if (training && e->runtime != GS_RT_TRANSFORMERS)
		return gs_error_set(err, GS_EINPUT, w->v[GS_F_RUNTIME].where,
		                    "%s: %s serves models; adaptation runs with runtime transformers",
		                    w->v[GS_F_RUNTIME].where, gs_runtime_name(e->runtime));
	if (e->runtime == GS_RT_LLAMACPP) {
		if ((s = gsi_estimate_llamacpp(e, stage, err)))
			return s;
	} else if (e->runtime == GS_RT_VLLM) {
		if ((s = gsi_estimate_vllm(e, err))) /* places its items before sizing the pool */
			return s;
	} else {
		if (training) {
			if ((s = gsi_estimate_train(e, err)))
				return s;
		} else {
			transformers_phases(e);
		}
		context_item(e);
		gsi_apply_placement(e, stage);
		slack_item(e);
	}
	if (e->stored_format && m->has_inventory && m->params) {
		/* the tensor table is exact: weights only is what the file stores for
		 * its parameters (Q4_0 is 18 bytes per 32 weights, 4.5 bits, not 4) */
		const gs_inventory_summary *si = &m->inv;
		e->weights_only = gs_add_sat(gs_add_sat(si->packed_param_bytes, si->float_param_bytes),
		                             si->class_bytes[GS_TC_QUANT_META]);
		e->weights_only_from_file = true;
	} else if (!e->weights_only) {
		e->weights_only = ceil_bits(m->params, e->format.value_bits); /* the quick calculator's figure, on every path */
	}
	reserve_item(e);
	if (e->train.host_per_gpu) {
		e->host_bytes = e->train.host_per_gpu;
		snprintf(e->host_what, sizeof e->host_what, "offloaded %.20s, per GPU (x %llu GPUs per node)",
		         gs_wl_str(w, GS_F_OFFLOAD), (unsigned long long)e->gpus);
	}
	gsi_unknown(e, "memory used outside this process (other processes, a display server) is not "
	            "estimated: measure it on the target machine");
	if (e->length && m->max_position && e->length > m->max_position)
		gsi_unknown(e, "length %llu exceeds the model's max_position_embeddings %u: the model may "
		            "not support it (rope scaling?)", (unsigned long long)e->length, m->max_position);
	totals(e);
	if (training) {
		static const char *const states[] = {"weights", "quant_metadata", "other_format_modules", "adapter_weights",
		                                     "gradients", "master_weights", "optimizer_states"};
		for (size_t k = 0; k < sizeof states / sizeof states[0]; k++) {
			const gs_item *it = gs_estimate_item(e, states[k]);
			if (it && it->basis != GS_BASIS_UNKNOWN)
				e->train.model_states = gs_add_sat(e->train.model_states, it->bytes[3]); /* first_update */
		}
	}
	return GS_OK;
}

/* Figures are summed with saturating arithmetic; anything at or past 2^63
 * bytes (8 EiB: no device, and beyond a signed JSON integer) is refused
 * here, once, instead of printed as if real in text and clamped in JSON. */
static gs_status representable(const gs_estimate *e, gs_error *err)
{
	const gs_bytes limit = (gs_bytes)1 << 63;
	bool over = e->weights_only >= limit || e->envelope >= limit || e->conservative >= limit ||
	            e->host_bytes >= limit;
	for (size_t p = 0; p < e->n_phases; p++)
		over |= e->phases[p].peak >= limit;
	for (size_t i = 0; i < e->n_items; i++)
		for (size_t p = 0; p < e->n_phases; p++)
			over |= e->items[i].bytes[p] >= limit;
	if (over)
		return gs_error_set(err, GS_ERANGE, NULL, "the figures are too large to represent (8 EiB or more per GPU); "
		                    "check the parameter count, length and concurrency");
	return GS_OK;
}

gs_status gs_estimate_run(const gs_workload *w, const gs_model *m, gs_estimate *e, gs_error *err)
{
	gs_status s = estimate_stage(w, m, 0, e, err);
	if (s || e->pp == 1) {
		e->n_stages = 1;
		e->stage_peak[0] = s ? 0 : gs_estimate_peak(e);
		return s ? s : representable(e, err);
	}
	/* pipeline: every stage differs; keep the one with the largest peak */
	gs_estimate *tmp = malloc(sizeof *tmp);
	if (!tmp)
		return gs_error_set(err, GS_ENOMEM, NULL, "out of memory");
	gs_bytes peaks[GS_MAX_STAGES];
	size_t n = e->pp, worst = 0;
	peaks[0] = gs_estimate_peak(e);
	for (uint32_t st = 1; st < n; st++) {
		if ((s = estimate_stage(w, m, st, tmp, err)))
			break;
		peaks[st] = gs_estimate_peak(tmp);
		if (peaks[st] > peaks[worst]) {
			worst = st;
			*e = *tmp;
		}
	}
	free(tmp);
	if (s)
		return s;
	e->n_stages = n;
	memcpy(e->stage_peak, peaks, n * sizeof peaks[0]);
	return representable(e, err);
}
