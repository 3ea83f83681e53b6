/*
 * estimate_transformers.c — the Transformers runtime (docs/method.md §4-6,
 * §10-11): inference as load, prefill and decode; adaptation through
 * estimate_train.c; then the runtime context, the division over GPUs and
 * the caching allocator's slack.
 */
#include <stdio.h>
#include <string.h>
#include "engine/engine.h"
#include "engine/estimate_items.h"

/* CUDA context + framework, live in every phase (docs/method.md §6). */
static void context_item(gs_estimate *e)
{
	gs_item *ctx = gsi_item(e, "runtime_context", GS_BASIS_ESTIMATED,
	                        METHOD "§6; PyTorch issue #107667, PR #86509; CUDA lazy loading guide");
	bool given = gs_wl_set(&e->workload, GS_F_RUNTIME_CONTEXT);
	gsi_item_all(ctx, (1u << e->n_phases) - 1,
	             given ? gs_wl_u64(&e->workload, GS_F_RUNTIME_CONTEXT) : 500 * GS_MiB);
	if (given)
		gsi_formula(ctx, "given: %s", gs_wl_str(&e->workload, GS_F_RUNTIME_CONTEXT));
	else
		gsi_formula(ctx, "CUDA context + PyTorch kernels with lazy loading: 500 MiB (typical 300-500 "
		                 "MiB; 700-1000+ MiB without lazy loading)");
}

/* The Mamba layers' recurrent state for b sequences (MambaCache keeps it
 * in the model's dtype, the KV format here). */
static gs_bytes ssm_state_bytes(const gs_estimate *e, uint64_t b)
{
	const gs_model *m = &e->model;
	if (!m->ssm_state_fp32)
		return gsi_ceil_bits(gs_mul_sat(gs_model_ssm_state_elements(m), b),
		                     gs_format_bpw(&e->kv_format));
	/* Nemotron-H keeps the SSM state in fp32, the convolution's in the KV dtype */
	return gs_add_sat(gsi_ceil_bits(gs_mul_sat(gs_model_ssm_conv_elements(m), b),
	                                gs_format_bpw(&e->kv_format)),
	                  gs_mul_sat(gs_mul_sat(gs_model_ssm_recurrent_elements(m), b), 4));
}

/* One Mamba block's transient for b x q tokens. Without the mamba-ssm and
 * causal-conv1d kernels (MambaMixer.slow_forward) it materializes
 * discrete_A, discrete_B and deltaB_u, three fp32 tensors of b x inner x q x
 * state, next to in_proj's 2 x inner outputs: an upper bound, since the
 * kernels avoid them (method.md §2, state-space models). */
static gs_bytes mamba2_scan_peak(const gs_estimate *e, uint64_t b, uint64_t q);

static gs_bytes scan_peak(const gs_estimate *e, uint64_t b, uint64_t q)
{
	const gs_model *m = &e->model;
	if (m->short_conv) {
		/* LFM2's ShortConv (modeling_lfm2.py slow_forward): in_proj's B, C
		 * and x (3 x conv_dim), B x x, the conv output and C x it (3 x
		 * conv_dim), and the residual (2 x hidden), a token */
		uint64_t T = gs_mul_sat(b, q), cd = m->ssm_inner;
		return gs_mul_sat(T, (6 * cd + 2 * (uint64_t)m->hidden) * gsi_act_bytes(e));
	}
	if (m->ssm_groups)
		return mamba2_scan_peak(e, b, q);
	uint64_t T = gs_mul_sat(b, q), di = m->ssm_inner;
	uint64_t scan = gs_mul_sat(gs_mul_sat(T, di), (uint64_t)m->ssm_state * 3 * 4);
	return gs_add_sat(scan, gs_mul_sat(T, (4 * di + 2 * (uint64_t)m->hidden) * gsi_act_bytes(e)));
}

/* One Mamba-2 block's transient for b x q tokens with the mamba-ssm and
 * causal-conv1d kernels (Mamba2Mixer.cuda_kernels_forward): in_proj's
 * 2 x inner + 2 x groups x state + heads outputs, the convolution's inner
 * + 2 x groups x state, the scan output and the gated norm (inner each)
 * and the residual (2 x hidden) per token, plus the fp32 states the chunked
 * scan passes between chunks, b x ceil(q / chunk) x heads x head_dim x
 * state (method.md §2, state-space models). */
static gs_bytes mamba2_scan_peak(const gs_estimate *e, uint64_t b, uint64_t q)
{
	const gs_model *m = &e->model;
	uint64_t T = gs_mul_sat(b, q), di = m->ssm_inner, gn = 2ull * m->ssm_groups * m->ssm_state;
	uint64_t per_token = (2 * di + gn + m->ssm_heads) + (di + gn) + 2 * di + 2 * (uint64_t)m->hidden;
	uint64_t chunks = (q + m->ssm_chunk - 1) / m->ssm_chunk;
	uint64_t states = gs_mul_sat(gs_mul_sat(b, chunks),
	                             gs_mul_sat((uint64_t)m->ssm_heads * m->ssm_head_dim,
	                                        (uint64_t)m->ssm_state * 4));
	return gs_add_sat(gs_mul_sat(T, per_token * gsi_act_bytes(e)), states);
}

/* Without the kernels, Mamba2Mixer.torch_forward builds the chunked scan's
 * C x B products, b x q x chunk x heads x state elements (G_intermediate),
 * and the same with head_dim for M_intermediate: far more than the
 * kernels, so it is named as an unknown with its size, not summed. */
static gs_bytes mamba2_fallback_bytes(const gs_estimate *e, uint64_t b, uint64_t q)
{
	const gs_model *m = &e->model;
	uint64_t T = gs_mul_sat(b, q), l = q < m->ssm_chunk ? q : m->ssm_chunk;
	uint64_t wide = m->ssm_state > m->ssm_head_dim ? m->ssm_state : m->ssm_head_dim;
	return gs_mul_sat(gs_mul_sat(T, l), gs_mul_sat(m->ssm_heads, wide * gsi_act_bytes(e)));
}

static void mamba2_fallback_unknown(gs_estimate *e, uint64_t b, uint64_t s)
{
	if (e->model.gdn) { /* Qwen3-Next's Gated DeltaNet: another fallback, not sized */
		gsi_unknown(e, "activations: without the flash-linear-attention and causal-conv1d kernels "
		               "Transformers falls back to torch_chunk_gated_delta_rule (fp32 copies of q, k "
		               "and v, and 64 x 64 decay and attention matrices per chunk and head), which "
		               "is not sized here: install the kernels");
		return;
	}
	char g[32];
	gs_format_bytes(mamba2_fallback_bytes(e, b, s), GS_UNIT_GiB, g, sizeof g);
	gsi_unknown(e,
	            "activations: without the mamba-ssm and causal-conv1d kernels Transformers falls back to "
	            "a PyTorch scan that holds b x s x chunk x heads x max(state, head dim) elements, %s at "
	            "this length, instead of the figure above (install the kernels, or size for that)",
	            g);
}

/* A state-space model (Mamba) keeps no KV cache: each sequence holds a
 * convolution state and an SSM state per layer (MambaCache, the model's
 * dtype), whatever its length. */
static void ssm_state_and_activations(gs_estimate *e, gs_item *kv, gs_item *act)
{
	const gs_model *m = &e->model;
	uint64_t b = e->concurrency, s = e->length, el = gsi_act_bytes(e);
	gsi_item_all(kv, LIVE(1) | LIVE(2), ssm_state_bytes(e, b));
	gsi_item_put(act, 1, scan_peak(e, b, s));
	gsi_item_put(act, 2, scan_peak(e, b, 1));
	if (m->ssm_groups) {
		gsi_formula(kv,
		            "no KV cache: recurrent state %llu seqs x %u layers x ((%u inner + 2 x %u groups "
		            "x %u state) x %u conv taps + %u heads x %u head dim x %u state) x %s, whatever "
		            "the length",
		            (unsigned long long)b, m->layers, m->ssm_inner, m->ssm_groups, m->ssm_state,
		            m->ssm_conv, m->ssm_heads, m->ssm_head_dim, m->ssm_state, e->kv_format.name);
		gsi_formula(act,
		            "with the mamba-ssm kernels: b x s x (in_proj %u + conv %u + 2 x %u + 2 x %u) x "
		            "%llu B + fp32 chunk states b x ceil(s / %u) x %u x %u x %u x 4 B; decode: the "
		            "same for 1 token",
		            2 * m->ssm_inner + 2 * m->ssm_groups * m->ssm_state + m->ssm_heads,
		            m->ssm_inner + 2 * m->ssm_groups * m->ssm_state, m->ssm_inner, m->hidden,
		            (unsigned long long)el, m->ssm_chunk, m->ssm_heads, m->ssm_head_dim,
		            m->ssm_state);
		mamba2_fallback_unknown(e, b, s);
		return;
	}
	gsi_formula(kv,
	            "no KV cache: recurrent state %llu seqs x %u layers x %u inner x (%u conv taps + %u "
	            "state) x %s, whatever the length",
	            (unsigned long long)b, m->layers, m->ssm_inner, m->ssm_conv, m->ssm_state,
	            e->kv_format.name);
	gsi_formula(act,
	            "prefill: slow path's 3 fp32 b x inner x s x state tensors (%llu x %u x %llu x %u x 12 "
	            "B) + in_proj, conv and residual b x s x (4 x %u + 2 x %u) x %llu B; decode: the same "
	            "for 1 token; an upper bound with the mamba-ssm kernels",
	            (unsigned long long)b, m->ssm_inner, (unsigned long long)s, m->ssm_state, m->ssm_inner,
	            m->hidden, (unsigned long long)el);
}

/* A hybrid (Jamba): the attention layers' KV cache plus the Mamba layers'
 * state, and the larger of the two kinds of block as the transient. */
static void hybrid_extras(gs_estimate *e, gs_item *kv, gs_item *act)
{
	const gs_model *m = &e->model;
	uint64_t b = e->concurrency, s = e->length;
	gs_bytes state = ssm_state_bytes(e, b);
	for (int p = 1; p <= 2; p++) {
		gsi_item_put(kv, p, gs_add_sat(kv->bytes[p], state));
		gs_bytes sc = scan_peak(e, b, p == 1 ? s : 1);
		if (sc > act->bytes[p])
			gsi_item_put(act, p, sc);
	}
	if (m->short_conv)
		gsi_formula_add(kv,
		                " in the attention layers; + the %llu short-convolution layers' state, %llu "
		                "seqs x %u channels x %u taps x %s (Lfm2HybridConvCache), %llu B in all",
		                (unsigned long long)gs_model_ssm_layers(m), (unsigned long long)b,
		                m->ssm_inner, m->ssm_conv, e->kv_format.name, (unsigned long long)state);
	else if (m->ssm_groups)
		gsi_formula_add(kv,
		                " in the attention layers; + the %llu %s layers' state, %llu seqs x ((%u "
		                "inner + 2 x %u groups x %u state) x %u taps x %s + %u heads x %u head dim x "
		                "%u state x %s) per layer, %llu B in all",
		                (unsigned long long)gs_model_ssm_layers(m),
		                m->gdn ? "Gated DeltaNet" : "Mamba-2", (unsigned long long)b, m->ssm_inner,
		                m->ssm_groups, m->ssm_state, m->ssm_conv, e->kv_format.name, m->ssm_heads,
		                m->ssm_head_dim, m->ssm_state, m->ssm_state_fp32 ? "fp32" : e->kv_format.name,
		                (unsigned long long)state);
	else
		gsi_formula_add(kv,
		                " in the attention layers; + the %llu Mamba layers' state, %llu seqs x %u "
		                "inner x (%u + %u) x %s each (%llu B)",
		                (unsigned long long)gs_model_ssm_layers(m), (unsigned long long)b,
		                m->ssm_inner, m->ssm_conv, m->ssm_state, e->kv_format.name,
		                (unsigned long long)state);
	if (m->short_conv) {
		gsi_formula_add(act, "; or a short-convolution block's when larger (b x s x (6 x %u + 2 x "
		                "%u) x %llu B)",
		                m->ssm_inner, m->hidden, (unsigned long long)gsi_act_bytes(e));
	} else if (m->ssm_groups) {
		gsi_formula_add(act,
		                "; or a %s block's transient with the %s kernels when larger (in_proj, conv, "
		                "scan and norm outputs, and fp32 chunk states)",
		                m->gdn ? "Gated DeltaNet" : "Mamba-2",
		                m->gdn ? "flash-linear-attention" : "mamba-ssm");
		mamba2_fallback_unknown(e, b, s);
	} else
		gsi_formula_add(act,
		                "; or a Mamba block's slow-path scan when larger (3 fp32 b x %u x s x %u "
		                "tensors)",
		                m->ssm_inner, m->ssm_state);
}

/* The sliding (or the full-attention) layers that keep K/V of their own:
 * Gemma 4's two kinds, whose shapes differ. */
static uint64_t kv_layers_of(const gs_model *m, bool sliding)
{
	uint64_t n = 0;
	for (uint32_t l = 0; l < m->layers && l < GS_MAX_LAYERS; l++)
		n += !m->layer_shares_kv[l] && m->layer_is_sliding[l] == sliding;
	return n;
}
/* The KV cache and the forward pass's transient peak, for prefill (the
 * whole prompt) and decode (one token, the cache at full length). */
static void kv_and_activations(gs_estimate *e, gs_item *kv, gs_item *act)
{
	const gs_model *m = &e->model;
	uint64_t b = e->concurrency, s = e->length;
	char why[400];
	if (m->ssm) {
		ssm_state_and_activations(e, kv, act);
		return;
	}
	gs_bytes kvb = gsi_kv_bytes(e, s, b);
	gsi_item_all(kv, LIVE(1) | LIVE(2), kvb);
	if (m->index_head_dim)
		gsi_unknown(e, "kv_cache: the DSA indexer's keys (%u a token and layer) that Transformers' "
		            "sparse attention may keep beside the decompressed K and V are not counted",
		            m->index_head_dim);
	/* cache_utils.py DynamicCache, StaticCache: "Some models have shared
	 * layers thus no cache is needed for them (e.g. Gemma3n)" */
	const char *shared_kv = gs_model_kv_layers(m) < gs_model_attention_layers(m)
	                                ? "; the shared-KV layers have no cache layer (cache_utils.py drops "
	                                  "the last num_kv_shared_layers)"
	                                : "";
	if (m->attn == GS_ATTN_MLA)
		gsi_formula(kv, "%llu seqs x %llu elements for %llu tokens (MLA decompressed: per layer "
		            "%u heads x (%u + %u) + %u heads x %u) x %s",
		            (unsigned long long)b, (unsigned long long)gs_model_kv_elements(m, s, false),
		            (unsigned long long)s, m->heads, m->qk_nope_head_dim, m->qk_rope_head_dim,
		            m->heads, m->v_head_dim, e->kv_format.name);
	else if (gs_model_mixed_kv_shapes(m))
		gsi_formula(kv,
		            "2 x (%llu sliding layers x %u kv heads x %u head dim x min(tokens, %u) + %llu "
		            "full-attention layers x %u kv heads x %u head dim x tokens), %llu tokens x %llu "
		            "seqs x %s (%llu elements)%s",
		            (unsigned long long)kv_layers_of(m, true), m->kv_heads, m->head_dim,
		            m->sliding_window, (unsigned long long)kv_layers_of(m, false),
		            m->full_kv_heads ? m->full_kv_heads : m->kv_heads,
		            m->full_head_dim ? m->full_head_dim : m->head_dim, (unsigned long long)s,
		            (unsigned long long)b, e->kv_format.name,
		            (unsigned long long)gs_mul_sat(gs_model_kv_elements(m, s, false), b),
		            shared_kv);
	else if (gs_model_cross_layers(m))
		gsi_formula(kv,
		            "2 x %llu self-attention layers x %u kv heads x %u head dim x %llu tokens x %llu "
		            "seqs, + 2 x %llu cross-attention layers x the same x %llu images x %u tile "
		            "tokens, x %s (%llu elements)",
		            (unsigned long long)(m->layers - gs_model_cross_layers(m)), m->kv_heads,
		            m->head_dim, (unsigned long long)s, (unsigned long long)b,
		            (unsigned long long)gs_model_cross_layers(m), (unsigned long long)e->images,
		            m->cross_tokens_per_image, e->kv_format.name,
		            (unsigned long long)gs_mul_sat(gs_add_sat(gs_model_kv_elements(m, s, false),
		                                                      gs_model_cross_kv_elements(m,
		                                                                                 e->images)),
		                                           b));
	else
		gsi_formula(kv,
		            "2 x %llu layers x %u kv heads x %u head dim x %llu tokens%s x %llu seqs x %s "
		            "(%llu elements)%s",
		            (unsigned long long)gs_model_kv_layers(m), m->kv_heads, m->head_dim,
		            (unsigned long long)s,
		            m->sliding_window ? " (sliding layers: min(tokens, window))" : "",
		            (unsigned long long)b, e->kv_format.name,
		            (unsigned long long)gs_mul_sat(gs_model_kv_elements(m, s, false), b),
		            shared_kv);

	gs_bytes pre = gsi_forward_peak(e, b, s, s, e->attention, why, sizeof why);
	if (e->images) {
		size_t n = strlen(why);
		gs_bytes vis = gsi_vision_peak(e, b, why + n, sizeof why - n);
		if (vis > pre)
			pre = vis;
	}
	/* decode: one query token; DynamicCache's torch.cat holds a second
	 * copy of one layer's K and V while it grows */
	gs_bytes dec = gsi_forward_peak(e, b, 1, s, e->attention, NULL, 0);
	uint64_t att_layers = gs_model_kv_layers(m) + gs_model_cross_layers(m);
	uint64_t layer_kv = att_layers ? (gsi_kv_bytes(e, s, b) + att_layers - 1) / att_layers : 0;
	dec = gs_add_sat(dec, layer_kv);
	gsi_item_put(act, 1, pre);
	gsi_item_put(act, 2, dec);
	gsi_formula(act, "prefill: %s; decode: same with 1 query token + one layer's K,V copy "
	            "while the cache grows (%llu B)", why, (unsigned long long)layer_kv);
	if (gs_model_ssm_layers(m))
		hybrid_extras(e, kv, act);
}

/* generate() keeps the last position's logits, with an fp32 copy. */
static void logits_item(gs_estimate *e)
{
	const gs_model *m = &e->model;
	uint64_t b = e->concurrency, el = gsi_act_bytes(e);
	bool arch = m->has_architecture;
	gs_item *lg = gsi_item(e, "logits", GS_BASIS_ESTIMATED,
	                       METHOD "§5; Transformers generate(): logits_to_keep=1, fp32 copy of the last "
	                              "position");
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

/* An encoder (BERT) runs one forward pass over the whole input: no
 * generate(), so no decode phase and no KV cache; its head's output is the
 * logits, in the model's dtype: the MLM head's vocabulary scores on every
 * token, a token classifier's labels on every token, a sequence
 * classifier's labels once a sequence; BertModel returns the hidden states,
 * already the forward pass's last buffer. */
static void encoder_phases(gs_estimate *e)
{
	const gs_model *m = &e->model;
	uint64_t b = e->concurrency, s = e->length, el = gsi_act_bytes(e);
	e->n_phases = 2;
	gsi_phase(e, PH_LOAD, "load", "weights on the device, CUDA context up");
	gsi_phase(e, PH_RUN, "forward", "the whole input in one forward pass (an encoder: no generation)");
	gsi_weight_items(e, ALL_PHASES);
	for (size_t i = 0; i < e->n_items; i++)
		e->items[i].shard = GS_SHARD_WEIGHTS;

	gs_item *kv = gsi_item(e, "kv_cache", GS_BASIS_ESTIMATED, METHOD "§5 (encoders); modeling_bert.py");
	kv->shard = GS_SHARD_KV;
	gsi_item_put(kv, PH_RUN, 0);
	gsi_formula(kv, "none: an encoder attends over the whole input in one pass and keeps no cache");
	gs_item *act = gsi_item(e, "activations", GS_BASIS_ESTIMATED,
	                        METHOD
	                        "§5 (our derivation from Transformers' modeling code; to be measured)");
	act->varies = true;
	act->shard = GS_SHARD_TP;
	gs_item *lg = gsi_item(e, "logits", GS_BASIS_ESTIMATED,
	                       METHOD "§5 (encoders); modeling_bert.py heads");
	lg->varies = true;
	lg->shard = GS_SHARD_LOGITS;
	if (!s) {
		act->basis = lg->basis = GS_BASIS_UNKNOWN;
		act->live = lg->live = LIVE(PH_RUN);
		gsi_formula(act, "needs a length (--context N)");
		gsi_formula(lg, "needs a length (--context N)");
		gsi_unknown(e, "activations and logits: need a length (--context N)");
		return;
	}
	char why[400];
	gsi_item_put(act, PH_RUN, gsi_forward_peak(e, b, s, s, e->attention, why, sizeof why));
	gsi_formula(act, "forward: %s", why);
	uint64_t rows = m->num_labels ? 1 : s;
	uint64_t width = m->mlm_head ? m->vocab : m->num_labels ? m->num_labels : m->token_labels;
	gsi_item_put(lg, PH_RUN, gs_mul_sat(gs_mul_sat(b, rows), gs_mul_sat(width, el)));
	if (width)
		gsi_formula(lg, "%s: %llu seqs x %llu rows x %llu x %llu B",
		            m->mlm_head ? "MLM head, vocabulary scores on every token"
		            : m->num_labels ? "sequence classifier" : "token classifier",
		            (unsigned long long)b, (unsigned long long)rows, (unsigned long long)width,
		            (unsigned long long)el);
	else
		gsi_formula(lg, "none: BertModel returns the hidden states (the activations' last buffer)");
}

static void transformers_phases(gs_estimate *e)
{
	const gs_model *m = &e->model;
	bool arch = m->has_architecture, len = e->length > 0;

	if (m->encoder_only) {
		encoder_phases(e);
		return;
	}
	e->n_phases = 3;
	gsi_phase(e, PH_LOAD, "load", "weights on the device, CUDA context up");
	gsi_phase(e, PH_RUN, "prefill", "the whole prompt in one forward pass");
	gsi_phase(e, PH_STEADY, "decode", "one token per step, cache at full length");

	gsi_weight_items(e, ALL_PHASES);
	for (size_t i = 0; i < e->n_items; i++)
		e->items[i].shard = GS_SHARD_WEIGHTS;

	gs_item *kv = gsi_item(e, "kv_cache", GS_BASIS_ESTIMATED,
	                       METHOD "§4; Transformers DynamicCache / DeepseekV3Attention");
	kv->varies = true;
	kv->shard = GS_SHARD_KV;
	gs_item *act = gsi_item(e, "activations", GS_BASIS_ESTIMATED,
	                        METHOD
	                        "§5 (our derivation from Transformers' modeling code; to be measured)");
	act->varies = true;
	act->shard = GS_SHARD_TP;
	if (arch && len) {
		kv_and_activations(e, kv, act);
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
	logits_item(e);
}

/* Caching-allocator slack on the items allocated and freed as the program
 * runs (activations, logits, KV cache, gradients, temporaries), per phase. */
static void slack_item(gs_estimate *e)
{
	gs_item *sl = gsi_item(e, "allocator_slack", GS_BASIS_ESTIMATED,
	                       METHOD "§6; PyTorch CUDA semantics (caching allocator)");
	sl->varies = true;
	gs_ratio pct = gs_wl_ratio(&e->workload, GS_F_ALLOCATOR_SLACK);
	static const char *const dynamic[] = {"kv_cache", "activations", "logits", "gradients",
	                                      "optimizer_temporaries"};
	bool unknown = false;
	char names[160] = "";
	for (size_t k = 0; k < sizeof dynamic / sizeof dynamic[0]; k++) {
		const gs_item *it = gs_estimate_item(e, dynamic[k]);
		if (!it)
			continue;
		unknown |= it->basis == GS_BASIS_UNKNOWN;
		snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", names[0] ? " + " : "",
		         dynamic[k]);
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
		gsi_formula(sl, "%s of the dynamic items, some of which are unknown",
		            gs_wl_str(&e->workload, GS_F_ALLOCATOR_SLACK));
	} else {
		gsi_formula(sl, "%s x (%s) of the phase", gs_wl_str(&e->workload, GS_F_ALLOCATOR_SLACK),
		            names);
	}
}


gs_status gsi_estimate_transformers(gs_estimate *e, uint32_t stage, gs_error *err)
{
	if (gs_wl_training(&e->workload)) {
		gs_status s = gsi_estimate_train(e, err);
		if (s)
			return s;
	} else {
		transformers_phases(e);
	}
	context_item(e);
	gsi_apply_placement(e, stage);
	slack_item(e);
	return GS_OK;
}
