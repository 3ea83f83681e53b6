/*
 * estimate_items.h — the layers of the estimator, bottom to top:
 *
 *   estimate_items.c     items, phases, weights, KV, forward peak, placement
 *   estimate_train.c     adaptation phases (called by the Transformers runtime)
 *   estimate_<runtime>.c one per runtime: transformers, vllm, sglang, llamacpp
 *   engine_release.c     the serving engines' defaults by release (vllm, sglang)
 *   estimate.c           set-up, the runtime table, totals (gpusizer/estimate.h)
 *
 * Each file calls only the ones below it.
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

/* ceil(n x bits / 8): the quick calculator's bytes for n values */
gs_bytes gsi_ceil_bits(uint64_t n, gs_ratio bits);

gs_item *gsi_item(gs_estimate *e, const char *id, gs_basis basis, const char *source);
void gsi_item_put(gs_item *it, int phase, gs_bytes b);
void gsi_item_all(gs_item *it, unsigned live, gs_bytes b);
void gsi_formula(gs_item *it, const char *fmt, ...) GS_PRINTF(2, 3);
/* Append to it->formula (truncated at its size, as gsi_formula). */
void gsi_formula_add(gs_item *it, const char *fmt, ...) GS_PRINTF(2, 3);
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

/* The runtimes, each an estimate() of estimate.c's runtime table: fill e's
 * phases and items for pipeline stage (or llama.cpp device) `stage`. */
gs_status gsi_estimate_transformers(gs_estimate *e, uint32_t stage, gs_error *err);
gs_status gsi_estimate_vllm(gs_estimate *e, uint32_t stage, gs_error *err);
gs_status gsi_estimate_sglang(gs_estimate *e, uint32_t stage, gs_error *err);

/* Whether vLLM or SGLang would start with tensor-parallel degree tp on
 * model m: the attention heads split evenly, the KV heads split or
 * replicate evenly, the dense MLP's columns and the padded vocabulary split
 * evenly (the divide() asserts of their linear.py and
 * vocab_parallel_embedding.py, docs/method.md §11a). GS_EINPUT with the
 * engine's own reason and the degrees that would start, at `where`. */
gs_status gsi_engine_tp_check(const gs_model *m, uint64_t tp, const char *engine, const char *where,
                              gs_error *err);

/* llama.cpp buffers for device `dev` (estimate_llamacpp.c). */
gs_status gsi_estimate_llamacpp(gs_estimate *e, uint32_t dev, gs_error *err);

/* How llama.cpp is started when another program chooses its options
 * (Ollama picks -ngl, --tensor-split and the batch itself). */
typedef struct gsi_llamacpp_run {
	uint64_t ngl;                 /* -ngl: blocks offloaded, + 1 for the output head */
	uint64_t n_ubatch;            /* the physical batch the graphs are reserved for */
	bool swa_cache;               /* the llama.cpp run keeps sliding-window layers
	                                 in their own cache (llama-kv-cache-iswa.cpp,
	                                 May 2025 on; not the llama.cpp Ollama's
	                                 runners up to v0.11.4 vendor)         */
	bool has_split;               /* split[] replaces the sheet's tensor_split */
	double split[GS_MAX_STAGES];  /* one proportion per GPU                     */
} gsi_llamacpp_run;

/* Make sure e->model has a GGUF tensor table: read, or planned from a
 * config.json for the file type in --format. GS_EINPUT otherwise. */
gs_status gsi_llamacpp_model(gs_estimate *e, gs_error *err);

/* The buffers llama.cpp allocates on device `dev` (and, for dev 0, the
 * host) when started as `r` says, with n_ctx = e->length x e->concurrency. */
gs_status gsi_llamacpp_buffers(gs_estimate *e, uint32_t dev, const gsi_llamacpp_run *r, gs_error *err);

/* Whether llama.cpp runs this vision-language model as its text GGUF plus
 * an --mmproj file (Gemma 3), so that the text model is sized as any
 * decoder and the projector apart. */
bool gsi_llamacpp_vision_as_text(const gs_model *m);

/* The runtime_context item llama.cpp's estimate uses (default 250 MiB). */
gs_bytes gsi_llamacpp_context(const gs_workload *w);

/* Ollama: its own layer fit and defaults, then llama.cpp's buffers as
 * Ollama starts it (estimate_ollama.c). */
gs_status gsi_estimate_ollama(gs_estimate *e, uint32_t dev, gs_error *err);

/* Adaptation: phases load, forward, backward, first_update, update,
 * validation, export (estimate_train.c). */
gs_status gsi_estimate_train(gs_estimate *e, gs_error *err);

/* Divide the items over GPUs for pipeline stage `stage`. */
void gsi_apply_placement(gs_estimate *e, uint32_t stage);

/* Whether the format is bitsandbytes and the model's routed experts are
 * 3-D parameters: bitsandbytes replaces nn.Linear and Conv1D modules only
 * (Transformers' integrations/bitsandbytes.py replace_with_bnb_linear), so
 * those experts stay in 16 bits, unquantized and without scales. */
bool gsi_bnb_passes_experts(const gs_estimate *e);

/* The allowance gsi_apply_placement adds to runtime_context for the
 * communicators (NCCL, custom all-reduce) of a multi-GPU estimate: 1 GiB
 * when more than one GPU and no measured runtime context was given, else 0. */
gs_bytes gsi_comm_allowance(const gs_estimate *e);

/* Set phase p's id and one-line description. */
void gsi_phase(gs_estimate *e, int p, const char *id, const char *what);

/* Activations saved for backward by one layer, whole model summed, for one
 * microbatch (docs/method.md §10). */
gs_bytes gsi_train_activations(const gs_estimate *e, uint64_t b, uint64_t s, char *why, size_t cap);

/* Fill e->interval from the calibration bands (interval.c); under
 * conservative yes, add the calibration_margin item or judge the KV pool by
 * its low end. The caller recomputes the totals afterwards. */
void gsi_apply_interval(gs_estimate *e);

/* The vision tower's widest forward transient for b sequences of e->images
 * images (SDPA; method.md §2, vision-language), its formula appended to why. */
gs_bytes gsi_vision_peak(const gs_estimate *e, uint64_t b, char *why, size_t cap);

#endif /* GS_ESTIMATE_ITEMS_H */
