/*
 * engine.h — the engine wing's runtime interface: the estimate() of each
 * runtime that estimate.c's runtime table calls, and what one part of the
 * wing lends another (llama.cpp's buffers to Ollama, adaptation to
 * Transformers, the placement and the interval to every runtime).
 *
 * The wing, bottom to top (tests/layers.txt; a file calls only files on a
 * lower level, and tests/layers.sh checks it):
 *
 *   0  estimate_items.c     items, phases, weights, KV, forward peaks, and the
 *                           placement over GPUs (estimate_items.h; placement here)
 *      engine_out.c         what the rows' renderers' hooks share: the text
 *                           sink, exact bytes and a tokens interval in JSON
 *      gguf_plan.c          the GGUF a config.json would become (gguf_plan.h)
 *      calibration_bands.c  the interval's bands, generated data
 *   1  engine_release.c     vLLM's, SGLang's, llama.cpp's and Ollama's rows,
 *                           release by release (engine_release.h)
 *      serving.c            the items vLLM and SGLang share (serving.h)
 *      estimate_train.c     the adaptation phases, for the Transformers runtime
 *      interval.c           the interval from the calibration bands
 *   2  estimate_transformers.c, estimate_vllm.c, estimate_sglang.c,
 *      estimate_llamacpp.c  one per runtime; llama.cpp's buffers serve Ollama's too
 *      verdict.c            does it fit on this device (gpusizer/verdict.h)
 *   3  estimate_ollama.c    Ollama's settings and layout, then llama.cpp's buffers
 *   4  estimate.c           set-up, the runtime table, totals (gpusizer/estimate.h)
 */
#ifndef GS_ENGINE_H
#define GS_ENGINE_H

#include <stdbool.h>
#include <stdio.h>
#include "gpusizer/estimate.h"

/* --- what the renderers lend the row's hooks ------------------------------------ */

/* A text sink: printf into a stream, remembering the first failed write so
 * that the renderer returns an error once instead of checking every line
 * (the render wing's `out`, render_internal.h). */
typedef struct gsi_text {
	FILE *f;
	int bad;                      /* set by the first failed write             */
	unsigned flags;               /* GS_TEXT_* (gpusizer/render.h)              */
} gsi_text;

/* fprintf to t->f; on failure sets t->bad (engine_out.c). */
void gsi_text_put(gsi_text *t, const char *fmt, ...) GS_PRINTF(2, 3);

/* Where in the text outputs a runtime speaks for itself (the row's
 * text_lines). "In place": the runtime's line replaces the renderer's own. */
typedef enum gsi_text_part {
	GSI_TEXT_LENGTH,              /* estimate's "length:" line, in place        */
	GSI_TEXT_CONCURRENCY,         /* estimate's "concurrency:" line for
	                                 inference, in place                        */
	GSI_TEXT_SUMMARY,             /* after the summary lines: its own figures
	                                 (Ollama's estimate beside llama.cpp's)     */
	GSI_TEXT_CAPACITY,            /* the "point estimate:" line, in place      */
	GSI_TEXT_POOL,                /* after the capacity check: its budget, pool */
	GSI_COMPARE_RUNTIME,          /* compare's GGUF title: what runs the files,
	                                 in place of the row's label               */
	GSI_COMPARE_HEAD,             /* compare's GGUF table: its columns' heads   */
	GSI_COMPARE_RULE,             /* ... their Markdown alignment cells         */
	GSI_COMPARE_ROW,              /* ... one row's cells                        */
	GSI_COMPARE_NOTE              /* ... after the table: what they mean        */
} gsi_text_part;

/* A JSON integer of exact bytes, INT64_MAX past the representable
 * (engine_out.c). */
struct json_t *gsi_json_bytes(gs_bytes b);

/* {low, high, coverage_target, records, why}: the KV interval on a pool's
 * tokens (engine_out.c). */
struct json_t *gsi_json_tokens_interval(const gs_estimate *e, uint64_t low, uint64_t high);

/* --- the runtime's row ---------------------------------------------------------- */

/* A single change of the workload fit tries: a field and its value, at
 * most a second with it, and what it costs in the runtime's words. */
typedef struct gsi_change {
	gs_field f;
	char value[64];
	gs_field f2;      /* GS_F__COUNT when unused */
	char value2[64];
	char cost[200];
} gsi_change;

/* Append one change to c[*n] when *n < cap (estimate_items.c). */
void gsi_change_add(gsi_change *c, size_t *n, size_t cap, gs_field f, const char *value, gs_field f2,
                    const char *value2, const char *cost);

/* A runtime's own layer fit (Ollama picks the blocks it offloads). */
typedef struct gsi_layer_fit {
	char placer[24];              /* who placed them: "Ollama", "llama.cpp --fit" */
	uint64_t offload, layers;     /* blocks offloaded, of the model's           */
	gs_bytes required, available; /* its own figure, and what it saw free       */
} gsi_layer_fit;

/* One runtime (ggml's backend interface, curl's vtls backends): everything
 * the rest of the library asks of a runtime is here, so that interval,
 * verdict, fit, matrix and the renderers never branch on which one it is.
 * The rows are estimate.c's table; gsi_engine_of finds one, and every
 * estimate carries its own (e->engine). A new runtime is its file
 * (estimate_<name>.c: estimate(), and the hooks below it needs) plus a row
 * here and its name in workload.h's GS_RUNTIME_VALUES (docs/house.md). */
typedef struct gsi_engine {
	gs_runtime id;
	const char *label;            /* how outputs name it ("vLLM")              */
	gs_status (*estimate)(gs_estimate *e, uint32_t stage, gs_error *err);
	/* the kinds of model its rules size; another kind is refused by name */
	bool sizes_encoders;          /* encoder-only (no generation, no KV cache)  */
	bool sizes_encoder_decoders;
	bool sizes_state_space;       /* state-space and hybrid layers              */
	bool sizes_vision;            /* vision-language models                    */
	bool (*vision_as_text)(const gs_model *m); /* or some of them, as text plus a
	                                 projector (llama.cpp: Gemma 3 with --mmproj) */
	const char *kv_formats;       /* the KV-cache formats it takes, gpusizer's
	                                 spellings of its own (space-separated, from
	                                 its source); NULL: every one             */
	bool dequantizes_gguf;        /* loads a GGUF by dequantizing it (Transformers'
	                                 gguf_file=): a GGUF format is refused, the
	                                 dtype it loads into is what to size         */
	bool runs_gguf;               /* it runs a GGUF: a checkpoint's own storage
	                                 is not its format, the file type is       */
	bool attn_implementation;     /* attention is chosen as Transformers'
	                                 attn_implementation (config.json's own
	                                 _attn_implementation honoured, eager-only
	                                 models forced to eager)                   */
	/* placement */
	bool splits_layers;           /* layers over GPUs by tensor_split, one device
	                                 a stage, no tp or pp (llama.cpp, Ollama)     */
	bool pipeline;                /* pipeline stages (pp > 1) are modelled      */
	/* the first rule a tensor-parallel degree breaks under it, in its own
	 * words (NULL: it starts); NULL for an engine without tensor
	 * parallelism (gsi_engine_tp_check; docs/method.md §11a) */
	const char *(*tp_broken)(const gs_model *m, uint64_t tp, char *why, size_t cap);
	bool budgets_cuda_total;      /* budgets from the CUDA-visible total        */
	bool judged_on_cuda_total;    /* allocates through torch: judged against
	                                 the CUDA-visible total, not the device's   */
	bool judged_per_device;       /* its verdict depends on the device, so each
	                                 offer of a shortlist is judged on its own  */
	/* the calibration records that vouch for its peaks: a group's name, or
	 * a function when the estimate decides (vLLM's V0 and V1 profile apart) */
	const char *interval_group;
	const char *(*interval_group_of)(const gs_estimate *e);
	/* its KV pool, when it pre-allocates one: the view (known false without
	 * a pool), and the interval applied to its own token count */
	void (*pool_view)(const gs_estimate *e, gs_pool_view *v);
	void (*pool_interval)(gs_estimate *e);
	/* its capacity rule (verdict.c); false: no pool was sized, the peak
	 * against the device decides */
	bool (*verdict)(gs_capacity_verdict *v, const gs_estimate *e);
	/* matrix's columns when none are given, for serving (adaptation's are
	 * the task's, matrix.c) */
	const char *const *matrix_formats;
	/* fit's single changes of its own: own_changes replace the common KV
	 * and format changes (llama.cpp's cache types, Ollama's settings);
	 * pool_changes follow the common ones, for what grows the pool (e: the
	 * sheet's estimate); searches_gpu_layers: fit searches -ngl */
	size_t (*own_changes)(const gs_workload *w, gsi_change *c, size_t cap);
	size_t (*pool_changes)(const gs_workload *w, const gs_estimate *e, gsi_change *c, size_t cap);
	bool searches_gpu_layers;
	/* its own layer fit where the search stopped (Ollama); false: none */
	bool (*layer_fit)(const gs_estimate *e, gsi_layer_fit *out);
	/* renderers' hooks */
	/* the runtime's own lines of the text and Markdown outputs, at `part`
	 * (gsi_text_part below); true when it wrote that part (for a part said
	 * "in place", the renderer's own line is then left out) */
	bool (*text_lines)(const gs_estimate *e, gsi_text_part part, bool md, gsi_text *out);
	/* the runtime's own members of the estimate's JSON, added at the end of
	 * root ("vllm", "sglang", "ollama") */
	void (*extras_json)(struct json_t *root, const gs_estimate *e);
} gsi_engine;

/* The runtime's row; static storage. */
const gsi_engine *gsi_engine_of(gs_runtime r);

/* The runtimes' capacity rules, the verdict module's (verdict.c): the pool
 * against the sheet's need (vLLM in blocks, SGLang in tokens), Ollama's own
 * layer fit. Each returns false, deciding nothing, when the estimate holds
 * no such pool or fit. */
bool gsi_verdict_vllm_pool(gs_capacity_verdict *v, const gs_estimate *e);
bool gsi_verdict_sglang_pool(gs_capacity_verdict *v, const gs_estimate *e);
bool gsi_verdict_ollama_layers(gs_capacity_verdict *v, const gs_estimate *e);
bool gsi_verdict_llamacpp_fit(gs_capacity_verdict *v, const gs_estimate *e);

/* fit's changes of llama.cpp (estimate_llamacpp.c), of Ollama and its layer
 * fit (estimate_ollama.c), and of the pool engines (serving.c). */
size_t gsi_llamacpp_changes(const gs_workload *w, gsi_change *c, size_t cap);
size_t gsi_ollama_changes(const gs_workload *w, gsi_change *c, size_t cap);
bool gsi_ollama_layer_fit(const gs_estimate *e, gsi_layer_fit *out);
bool gsi_llamacpp_layer_fit(const gs_estimate *e, gsi_layer_fit *out);
size_t gsi_serving_changes(const gs_workload *w, const gs_estimate *e, gsi_change *c, size_t cap);

/* The pool engines' hooks of their rows (estimate_vllm.c, estimate_sglang.c). */
const char *gsi_vllm_interval_group(const gs_estimate *e);
void gsi_vllm_pool_view(const gs_estimate *e, gs_pool_view *v);
void gsi_vllm_pool_interval(gs_estimate *e);
void gsi_sglang_pool_view(const gs_estimate *e, gs_pool_view *v);
void gsi_sglang_pool_interval(gs_estimate *e);

/* The runtimes' renderers' hooks of their rows: vLLM's budget, SGLang's
 * pool, Ollama's own settings and estimate, in text and in JSON
 * (estimate_vllm.c, estimate_sglang.c, estimate_ollama.c). */
bool gsi_vllm_text_lines(const gs_estimate *e, gsi_text_part part, bool md, gsi_text *out);
void gsi_vllm_extras_json(struct json_t *root, const gs_estimate *e);
bool gsi_sglang_text_lines(const gs_estimate *e, gsi_text_part part, bool md, gsi_text *out);
void gsi_sglang_extras_json(struct json_t *root, const gs_estimate *e);
bool gsi_ollama_text_lines(const gs_estimate *e, gsi_text_part part, bool md, gsi_text *out);
bool gsi_llamacpp_text_lines(const gs_estimate *e, gsi_text_part part, bool md, gsi_text *out);
void gsi_llamacpp_extras_json(struct json_t *root, const gs_estimate *e);
void gsi_ollama_extras_json(struct json_t *root, const gs_estimate *e);

/* b x f, rounded up or down, 2^63 past the representable (interval.c): the
 * interval's one scaling, which the engines' pool intervals use too. */
gs_bytes gsi_interval_scale(gs_bytes b, double f, bool up);

/* --- the runtimes ----------------------------------------------------------- */

/* Each an estimate() of estimate.c's runtime table, in estimate_<runtime>.c:
 * fill e's phases and items for pipeline stage (or llama.cpp device) `stage`. */
gs_status gsi_estimate_transformers(gs_estimate *e, uint32_t stage, gs_error *err);
gs_status gsi_estimate_vllm(gs_estimate *e, uint32_t stage, gs_error *err);
gs_status gsi_estimate_sglang(gs_estimate *e, uint32_t stage, gs_error *err);
/* llama.cpp buffers for device `dev` (estimate_llamacpp.c). */
gs_status gsi_estimate_llamacpp(gs_estimate *e, uint32_t dev, gs_error *err);
/* Ollama: its own layer fit and defaults, then llama.cpp's buffers as
 * Ollama starts it (estimate_ollama.c). */
gs_status gsi_estimate_ollama(gs_estimate *e, uint32_t dev, gs_error *err);

/* --- llama.cpp for another program (estimate_llamacpp.c) --------------------- */

/* How llama.cpp is started: by a build's defaults and the sheet
 * (estimate_llamacpp.c), or by another program that chooses its options
 * (Ollama picks -ngl, --tensor-split and the batch itself). */
struct gsi_llamacpp_release;
#define GSI_HOST_REST 8u          /* host_parts: a block's other tensors       */
typedef struct gsi_llamacpp_run {
	const struct gsi_llamacpp_release *build; /* its padding, SWA, MLA and -ngl rules */
	uint64_t ngl;                 /* -ngl as the build reads it                */
	uint64_t n_ubatch, n_batch;   /* the physical and logical batches           */
	uint64_t n_seq;               /* n_seq_max: the sequences (server slots)     */
	bool unified;                 /* one cache the sequences share; else one
	                                 stream each where the build has streams   */
	bool fa;                      /* flash attention on                         */
	bool fa_auto;                 /* ... by -fa auto: b6325 to b6867 pad the
	                                 cache as with it whatever it resolves to  */
	bool swa_cache;               /* the run keeps sliding-window layers in their
	                                 own cache (llama-kv-cache-iswa.cpp); false
	                                 with swa_full, the C API's default that
	                                 Ollama's runner keeps                     */
	bool has_split;               /* split[] replaces the sheet's tensor_split */
	double split[GS_MAX_STAGES];  /* one proportion per GPU                     */
	uint64_t cells, swa_cells;    /* the cache's cells when another program sizes
	                                 it (Ollama's own engine), 0: the build's */
	gs_bytes output_extra;        /* bytes the output's device holds beside the
	                                 head: Ollama's engine's vision tower      */
	bool ple_with_output;         /* Gemma 3n's per-layer embeddings and their
	                                 projection go with the output, not to the
	                                 host and block 0 (Ollama's engine)       */
	uint8_t host_parts[GS_MAX_LAYERS]; /* per block, kept in host memory by -ot
	                                 or --n-cpu-moe: bit k the expert kind k
	                                 (gate, up, down), GSI_HOST_REST the rest */
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

/* llama-server as another program starts it (Ollama 0.30 on): its build,
 * -c e->length x n_seq with -np n_seq (kv_unified off), -b / -ub, -fa (1 on,
 * 0 off, -1 auto) and the cache types of e->kv_format(_v); no -ngl, so its
 * --fit places the layers. Fills e->llamacpp as the llama.cpp runtime does. */
typedef struct gsi_llamacpp_serve {
	const struct gsi_llamacpp_release *build;
	uint64_t n_seq, n_batch, n_ubatch;
	int fa;
	int64_t ngl;        /* -ngl as passed (num_gpu), -1 for none: --fit places */
} gsi_llamacpp_serve;
gs_status gsi_llamacpp_served(gs_estimate *e, uint32_t dev, const gsi_llamacpp_serve *sv, gs_error *err);

/* One backend's worst-case graph for `ub` tokens over `cells` KV cells with
 * or without flash attention, the output step over `outputs` rows when it
 * holds the head: our derivation of llama.cpp's compute buffer (§14), which
 * also stands for Ollama's own engine's graph. */
gs_bytes gsi_llamacpp_graph(const gs_estimate *e, uint64_t cells, uint64_t ub, bool fa, uint64_t outputs,
                            bool mask_pad);

/* The runtime_context item llama.cpp's estimate uses (default 250 MiB). */
gs_bytes gsi_llamacpp_context(const gs_workload *w);

/* --- hooks every runtime may call ------------------------------------------- */

/* Adaptation: phases load, forward, backward, first_update, update,
 * validation, export (estimate_train.c; the Transformers runtime's). */
gs_status gsi_estimate_train(gs_estimate *e, gs_error *err);
/* Why adaptation's activations cannot be sized for this state-space or
 * hybrid model's mixer, or NULL when they can (estimate_train.c). */
const char *gsi_train_unsized_mixer(const gs_model *m);

/* Divide the items over GPUs for pipeline stage `stage` (estimate_items.c). */
void gsi_apply_placement(gs_estimate *e, uint32_t stage);

/* The allowance gsi_apply_placement adds to runtime_context for the
 * communicators (NCCL, custom all-reduce) of a multi-GPU estimate: 1 GiB
 * when more than one GPU and no measured runtime context was given, else 0
 * (estimate_items.c). */
gs_bytes gsi_comm_allowance(const gs_estimate *e);

/* The engines' tensor-parallel rules (estimate_items.c): vLLM's and
 * SGLang's divide() asserts (attention heads split evenly, KV heads split
 * or replicate evenly, the dense MLP's columns and the padded vocabulary
 * split evenly: their linear.py and vocab_parallel_embedding.py), and
 * Transformers' tp_plan (whole query and KV heads on every rank). */
const char *gsi_tp_broken_serving(const gs_model *m, uint64_t tp, char *why, size_t cap);
const char *gsi_tp_broken_transformers(const gs_model *m, uint64_t tp, char *why, size_t cap);

/* Whether `engine` would start with tensor-parallel degree tp on model m
 * by its row's rule: GS_EINPUT with the engine's own reason and the
 * degrees that would start, at `where` (docs/method.md §11a). */
gs_status gsi_engine_tp_check(const gsi_engine *engine, const gs_model *m, uint64_t tp, const char *where,
                              gs_error *err);

/* Fill e->interval from the calibration bands (interval.c); under
 * conservative yes, add the calibration_margin item or judge the KV pool by
 * its low end. The caller recomputes the totals afterwards. */
void gsi_apply_interval(gs_estimate *e);

#endif /* GS_ENGINE_H */
