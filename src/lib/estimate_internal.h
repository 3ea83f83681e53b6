/* estimate_internal.h — helpers shared by estimate.c and estimate_vllm.c. */
#ifndef GS_ESTIMATE_INTERNAL_H
#define GS_ESTIMATE_INTERNAL_H

#include "gpusizer/estimate.h"

enum { PH_LOAD = 0, PH_RUN = 1, PH_STEADY = 2 }; /* load, prefill|profile, decode|serve */
#define LIVE(p) (1u << (p))
#define ALL_PHASES (LIVE(0) | LIVE(1) | LIVE(2))

gs_item *gsi_item(gs_estimate *e, const char *id, gs_basis basis, const char *source);
void gsi_item_put(gs_item *it, int phase, gs_bytes b);
void gsi_item_all(gs_item *it, unsigned live, gs_bytes b);
void gsi_formula(gs_item *it, const char *fmt, ...) GS_PRINTF(2, 3);
void gsi_unknown(gs_estimate *e, const char *fmt, ...) GS_PRINTF(2, 3);
gs_bytes gsi_item_bytes(const gs_estimate *e, const char *id, int phase);

/* "16" or "129/32" */
void gsi_ratio_text(gs_ratio r, char *buf, size_t cap);

/* Bytes of one activation element in the compute dtype. */
uint64_t gsi_act_bytes(const gs_estimate *e);

/* The transient peak of one forward pass over `tokens` query tokens with
 * `ctx` keys each, `seqs` sequences (docs/method.md §5). */
gs_bytes gsi_forward_peak(const gs_estimate *e, uint64_t seqs, uint64_t q_len, uint64_t ctx,
                          gs_attention attn, char *why, size_t whycap);

/* KV bytes for `tokens` tokens of each of `seqs` sequences. */
gs_bytes gsi_kv_bytes(const gs_estimate *e, uint64_t tokens, uint64_t seqs);

/* Add the weight items (weights, quant_metadata, other_format_modules) live
 * in `live`; also the quick calculator's weights_only. */
void gsi_weight_items(gs_estimate *e, unsigned live);

/* vLLM phases and budget (estimate_vllm.c). */
gs_status gsi_estimate_vllm(gs_estimate *e, gs_error *err);

/* llama.cpp buffers for device `dev` (estimate_llamacpp.c). */
gs_status gsi_estimate_llamacpp(gs_estimate *e, uint32_t dev, gs_error *err);

/* Adaptation: phases load, forward, backward, first_update, update,
 * validation, export (estimate_train.c). */
gs_status gsi_estimate_train(gs_estimate *e, gs_error *err);

/* Divide the items over GPUs for pipeline stage `stage` (estimate.c). */
void gsi_apply_placement(gs_estimate *e, uint32_t stage);

/* Set phase p's id and one-line description. */
void gsi_phase(gs_estimate *e, int p, const char *id, const char *what);

/* Activations saved for backward by one layer, whole model summed, for one
 * microbatch (docs/method.md §10). */
gs_bytes gsi_train_activations(const gs_estimate *e, uint64_t b, uint64_t s, char *why, size_t cap);

#endif
