/*
 * serving.h — the items vLLM and SGLang share (serving.c, level 1 of the
 * engine wing: above estimate_items.c, below both engines' estimates).
 */
#ifndef GS_SERVING_H
#define GS_SERVING_H

#include <stdbool.h>
#include "gpusizer/estimate.h"

/* The fixed items both serving engines share: weights, the runtime context
 * (default 0.34 GiB), LoRA slots (vLLM) and CUDA graphs, live in `live`
 * (graphs only in the last phase), the graphs outside the pool's budget or,
 * with `graphs_in_budget` (vLLM 0.20.0 on), inside it. */
void gsi_serving_context(gs_estimate *e, unsigned live, const char *engine, bool graphs_in_budget);

/* The activation peak of a forward pass over `tokens` tokens in a serving
 * engine (FlashAttention, no s^2 term), with a mixture of experts' fused
 * workspace when the model has experts. */
gs_bytes gsi_serving_forward_peak(const gs_estimate *e, uint64_t tokens, bool cache13_shared,
                                  uint64_t moe_chunk, char *why, size_t whycap);

#endif /* GS_SERVING_H */
