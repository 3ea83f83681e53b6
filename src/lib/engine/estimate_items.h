/*
 * estimate_items.h — the building blocks every runtime's estimate shares
 * (estimate_items.c, level 0 of the engine wing: it knows no runtime):
 * items and phases, weights, KV cache and forward-pass sizes. What the
 * runtimes offer each other and estimate.c is engine.h; the wing's levels
 * are drawn there.
 */
#ifndef GS_ESTIMATE_ITEMS_H
#define GS_ESTIMATE_ITEMS_H

#include <assert.h>
#include "gpusizer/estimate.h"

#define METHOD "docs/method.md "

/* Phase indexes. Inference: load, prefill (vLLM: profile), decode (vLLM:
 * serve). Adaptation: load, forward, backward, first_update, update,
 * validation, export. */
enum { PH_LOAD = 0, PH_RUN = 1, PH_STEADY = 2 };
enum { PH_FWD = 1, PH_BWD = 2, PH_FIRST = 3, PH_UPD = 4, PH_VAL = 5, PH_EXPORT = 6 };
#define LIVE(p) (1u << (p))
#define ALL_PHASES (LIVE(0) | LIVE(1) | LIVE(2))

/* --- items and phases ----------------------------------------------------- */

gs_item *gsi_item(gs_estimate *e, const char *id, gs_basis basis, const char *source);
void gsi_item_put(gs_item *it, int phase, gs_bytes b);
void gsi_item_all(gs_item *it, unsigned live, gs_bytes b);
void gsi_formula(gs_item *it, const char *fmt, ...) GS_PRINTF(2, 3);
/* Append to it->formula (truncated at its size, as gsi_formula). */
void gsi_formula_add(gs_item *it, const char *fmt, ...) GS_PRINTF(2, 3);
void gsi_unknown(gs_estimate *e, const char *fmt, ...) GS_PRINTF(2, 3);
gs_bytes gsi_item_bytes(const gs_estimate *e, const char *id, int phase);

/* Set phase p's id and one-line description. */
void gsi_phase(gs_estimate *e, int p, const char *id, const char *what);

/* --- sizes ------------------------------------------------------------------ */

/* ceil(n x bits / 8): the quick calculator's bytes for n values */
gs_bytes gsi_ceil_bits(uint64_t n, gs_ratio bits);

/* "16" or "129/32" */
void gsi_ratio_text(gs_ratio r, char *buf, size_t cap);

/* Bytes of one activation element in the compute dtype. */
uint64_t gsi_act_bytes(const gs_estimate *e);

/* Add the weight items (weights, quant_metadata, other_format_modules) live
 * in `live`; also the quick calculator's weights_only. */
void gsi_weight_items(gs_estimate *e, unsigned live);

/* Whether the format is bitsandbytes and the model's routed experts are
 * 3-D parameters: bitsandbytes replaces nn.Linear and Conv1D modules only
 * (Transformers' integrations/bitsandbytes.py replace_with_bnb_linear), so
 * those experts stay in 16 bits, unquantized and without scales. */
bool gsi_bnb_passes_experts(const gs_estimate *e);

/* A multimodal model as an engine sees it: a counted vision tower, or
 * towers config.json cannot size (Gemma 3n's, gs_model.towers_uncounted). */
bool gsi_multimodal(const gs_model *m);

/* KV bytes for `tokens` tokens of each of `seqs` sequences. */
gs_bytes gsi_kv_bytes(const gs_estimate *e, uint64_t tokens, uint64_t seqs);
/* `b`, KV bytes of the whole model (gsi_kv_bytes for `tokens` tokens), on
 * one of e->tp tensor-parallel ranks of vLLM or SGLang: the KV heads split
 * over the ranks, a head replicated on each rank when there are fewer (an
 * MLA latent whole on each); layer by layer where the layers' KV heads
 * differ (Gemma 4: gs_model_kv_rank_elements). */
gs_bytes gsi_kv_on_rank(const gs_estimate *e, gs_bytes b, uint64_t tokens);
/* The DSA indexer's key cache per token and attention layer under vLLM and
 * SGLang, in bytes: index_head_dim fp8 values and an fp32 scale per 128
 * (GLM-5: 132); gsi_kv_bytes adds it for those engines. */
uint64_t gsi_index_key_bytes(const gs_model *m);

/* The transient peak of one forward pass over `tokens` query tokens with
 * `ctx` keys each, `seqs` sequences (docs/method.md §5). */
gs_bytes gsi_forward_peak(const gs_estimate *e, uint64_t seqs, uint64_t q_len, uint64_t ctx,
                          gs_attention attn, char *why, size_t whycap);

/* The vision tower's widest forward transient for b sequences of e->images
 * images (SDPA; method.md §2, vision-language), its formula appended to why. */
gs_bytes gsi_vision_peak(const gs_estimate *e, uint64_t b, char *why, size_t cap);

#endif /* GS_ESTIMATE_ITEMS_H */
