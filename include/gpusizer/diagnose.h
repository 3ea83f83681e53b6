/*
 * gpusizer/diagnose.h — the first out-of-memory in a log: which kind, the
 * figures it states, and the phase it happened in.
 *
 * Recognised (the libraries' own message templates):
 *   PyTorch  "CUDA out of memory. Tried to allocate X. GPU 0 has a total capacity of C of
 *            which F is free. [Including non-PyTorch memory, this process has P memory in
 *            use.] Of the allocated memory A is allocated by PyTorch, and R is reserved by
 *            PyTorch but unallocated."   (2.x; "capacty" in some releases)
 *            "CUDA out of memory. Tried to allocate X (GPU 0; C total capacity; A already
 *            allocated; F free; R reserved in total by PyTorch)"   (1.x; "cached" before 1.5)
 *   llama.cpp "allocating X MiB on device N: cudaMalloc failed: out of memory",
 *            "failed to allocate CUDAn buffer of size N"
 *   vLLM     "The model's max seq len (N) is larger than the maximum number of tokens that
 *            can be stored in KV cache (M)" (V0), "To serve at least one request with the
 *            model's max seq len (N), (X GiB KV cache is needed, which is larger than the
 *            available KV cache memory (Y GiB). ... the estimated maximum model length is M"
 *            (V1), "No available memory for the cache blocks", a negative
 *            available_kv_cache_memory / "Available KV cache memory: -X GiB"
 *   SGLang   "Not enough memory. Please try to increase --mem-fraction-static.",
 *            "max_total_tokens=N is larger than the profiled value -M"
 *
 * The phase comes from the traceback or log lines before the message:
 * backward (autograd), first_update (optimizer step: states are created
 * lazily), load (from_pretrained, load_state_dict, .to/.cuda, llama.cpp model
 * load), prefill/decode (generate), validation (evaluation loops), context
 * (llama.cpp context and compute buffers), serve (vLLM's pool below one request),
 * profile (vLLM: nothing left for the pool), pool (SGLang's pool), forward
 * otherwise during training. All figures are parsed exactly (units.h).
 */
#ifndef GPUSIZER_DIAGNOSE_H
#define GPUSIZER_DIAGNOSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "gpusizer/fit.h"
#include "gpusizer/measure.h"
#include "gpusizer/status.h"
#include "gpusizer/units.h"

typedef enum gs_oom_kind {
	GS_OOM_NONE, GS_OOM_TORCH, GS_OOM_LLAMACPP, GS_OOM_VLLM_KV, GS_OOM_VLLM_NO_CACHE, GS_OOM_SGLANG_POOL
} gs_oom_kind;

typedef struct gs_oom {
	gs_oom_kind kind;
	unsigned line;             /* 1-based line of the message          */
	char message[400];         /* the message line, printable only      */
	int gpu;                   /* -1 unknown                             */
	gs_bytes requested, capacity, free, allocated, reserved_unallocated, process;
	bool has_requested, has_capacity, has_free, has_allocated, has_reserved, has_process;
	uint64_t max_model_len, kv_tokens;   /* vLLM: max_model_len and what the pool holds
	                                        (V1: the largest length it allows)  */
	char phase[16];            /* as in the estimate's phases            */
	char phase_why[200];       /* the line that placed it                */
	char items[200];           /* the items that grow in that phase      */
} gs_oom;

/* The most of a log gs_diagnose_log reads (the CLI refuses a larger file,
 * naming its size, rather than cut it). */
#define GS_DIAGNOSE_MAX_LOG ((size_t)64 << 20)

/* Find the first out-of-memory failure in a log (len bytes, need not be
 * NUL-terminated; at most 64 MiB are read). Returns true and fills *out when
 * one is recognised. Never fails on odd input: unknown lines are skipped. */
bool gs_diagnose_log(const char *buf, size_t len, gs_oom *out /* OUT */);

const char *gs_oom_kind_name(gs_oom_kind k);

/* --- after the log: shared by `gpusizer diagnose` and the API (remedies.c) --------- */

/* The phase a measured run had open when it ended is the phase that failed:
 * set o->phase and o->phase_why from it (nothing when every phase ended). */
void gs_oom_phase_from_run(gs_oom *o, const gs_run *r, const char *run_name);

/* The workload's estimate and the single changes that act on the failing
 * phase, ranked by saving; the log's capacity, when it states one, judges
 * them, else the sheet's device (cap 0: unknown, ranked only). w is
 * modified (the log's capacity). */
typedef struct gs_remedies {
	gs_estimate e;
	gs_change ch[GS_MAX_CHANGES];
	size_t nch;
	gs_bytes peak_now, cap;
} gs_remedies;
gs_status gs_remedies_find(gs_workload *w, const gs_model *m, const gs_oom *o, gs_remedies *r /* OUT */,
                           gs_error *err) GS_WARN_UNUSED;

#endif
