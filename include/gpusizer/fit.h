/*
 * gpusizer/fit.h — the largest context (for a given concurrency) or the
 * largest concurrency (for a given context) whose estimated peak fits a
 * device capacity, exact to the token or the sequence.
 *
 * Transformers runtime: the peak over all phases (reserve included) must not
 * exceed the capacity; the search is a binary search over a quantity every
 * item is monotone in. vLLM and SGLang: the estimate's own verdict (the peak
 * and the KV pool against the sheet's need) decides, searched the same way,
 * and the pool is reported in the engine's terms (gs_pool_view).
 * The model's own max_position_embeddings bounds the context when known.
 */
#ifndef GPUSIZER_FIT_H
#define GPUSIZER_FIT_H

/* The searches' upper bounds: the workload's own maxima (workload.c). */
#define GSI_FIT_MAX_CONTEXT ((uint64_t)1 << 30)
#define GSI_FIT_MAX_CONCURRENCY ((uint64_t)1 << 20)

#include <stdbool.h>
#include <stdint.h>
#include "gpusizer/estimate.h"

typedef enum gs_fit_target { GS_FIT_CONTEXT, GS_FIT_CONCURRENCY, GS_FIT_MICROBATCH } gs_fit_target;

/* Engines that pre-allocate a KV pool (vLLM, SGLang), in their own terms:
 * what the pool holds, what one request and the sheet need, the largest
 * context and concurrency it allows, and the fixed item that takes most of
 * the budget. */
/* (gs_pool_view, the pool in the engine's terms, is in gpusizer/estimate.h:
 * each engine fills it, gs_pool_view_of asks the estimate's engine.) */
void gs_pool_view_of(const gs_estimate *e, gs_pool_view *out /* OUT */);

typedef struct gs_fit_result {
	gs_fit_target target;
	bool training;          /* an adaptation workload: context is per microbatch */
	bool fits;              /* false: even 1 token / 1 sequence does not fit */
	uint64_t best;          /* largest value whose point estimate fits        */
	/* The seed's three classes (gpusizer/verdict.h): the class at best (fits
	 * or to confirm; does not fit when !fits), and the largest value whose
	 * class is fits: its interval's high end fits and no unknown item or
	 * nominal capacity leaves it to confirm. Between best_certain + 1 and
	 * best the answer is to confirm, with `condition` at best. */
	gs_class klass;
	uint64_t best_certain;  /* 0: nothing fits for certain                   */
	char condition[480];    /* klass to confirm: what to check at best, with its
	                           threshold (gs_fit_answer_run fills it from the
	                           full estimate at best; "" in a bare search)   */
	uint64_t fixed;         /* the other dimension, as given                  */
	gs_bytes capacity;
	char capacity_how[320];
	bool bounded_by_model;  /* stopped at the model's max context, not memory */
	uint64_t model_max;
	char limit_phase[16];   /* the phase that overflows first at best + 1     */
	char limit_item[32];    /* the largest growing item in that phase         */
	gs_bytes peak_at_best;  /* peak at best (0 when !fits)                    */
	gs_bytes peak_over;     /* peak at best + 1 (or at 1 when !fits)          */
	gs_pool_view pool;      /* serving engines: the pool at the sheet's workload */
	/* A runtime that places layers itself (Ollama's layer fit, llama.cpp's
	 * --fit), at the first value that does not fit: its own layer count and
	 * figures (a partial offload runs on the CPU, so it counts as no fit) */
	bool layers_placed;
	char placer[24];        /* "Ollama", "llama.cpp --fit"                   */
	uint64_t layer_offload, layer_count;
	gs_bytes layer_required, layer_available;
} gs_fit_result;

/* Search on workload w (finished) and model m against w's own capacity
 * (its gpu or capacity field: the device stays in every probe, so its rules
 * apply in the search as in `estimate`). Every probe is judged by the one
 * verdict (gpusizer/verdict.h). The dimension not searched is taken from w.
 * Errors: GS_EINPUT when w has no capacity; those of gs_estimate_run. A
 * result that does not fit is GS_OK with fits == false. */
gs_status gs_fit_run(const gs_workload *w, const gs_model *m, gs_fit_target target,
                     gs_fit_result *out /* OUT */, gs_error *err) GS_WARN_UNUSED;

/* One change to the workload, tried alone, and what it does to the peak. */
typedef struct gs_change {
	char field[32];         /* sheet key changed ("checkpointing")                   */
	char value[64];         /* its new value ("full")                                */
	char also[64];          /* a second field kept consistent ("grad_accum 8"), or "" */
	gs_bytes peak_after;    /* the new peak over phases                              */
	gs_bytes saves;         /* old peak - new peak (> 0)                             */
	bool fits_after;        /* peak_after <= capacity (serving engines: and the pool
	                           holds the sheet's need)                               */
	char cost[200];         /* what it costs: time, quality to re-confirm, the task  */
	bool pool;              /* a serving engine: the pool figures below apply        */
	uint64_t pool_tokens_after, pool_blocks_after, need_after;
	unsigned order;         /* its place among the changes tried: the usual remedy first */
	char phase[16];         /* the phase it lowers most ("export")                   */
	gs_bytes phase_before, phase_after; /* that phase's peak before and after         */
	gs_bytes phases_after[GS_MAX_PHASES]; /* every phase's peak after, in the order of
	                           the estimate before (0: not comparable)             */
} gs_change;

#define GS_MAX_CHANGES 16

/* Serving engines (vLLM, SGLang) rank by what grows the pool instead:
 * pool tokens over the sheet's need after each change, then the saving.
 * Their candidates add gpu_memory_utilization / mem_fraction_static up to
 * the largest that leaves the CUDA graphs (and SGLang's serve transients)
 * outside, eager mode with that fraction, twice the tensor-parallel GPUs,
 * fewer profile sequences or tokens (vLLM V1), fp8 or AWQ weights.
 *
 * Try each applicable single change (checkpointing, 8-bit or fused optimizer,
 * LoRA rank, ZeRO stage, offload, chunked loss, shorter length, smaller
 * microbatch at the same effective batch; for inference KV format, weight
 * format, concurrency, attention; for llama.cpp its K and V cache types,
 * flash attention, and the most blocks that fit on the GPU, -ngl) and list
 * those that lower the peak, the largest saving first. *n receives the
 * count (at most GS_MAX_CHANGES). Each is judged (fits_after) by the one
 * verdict against w's own capacity; without one they are ranked only and
 * fits_after is false. */
gs_status gs_fit_changes(const gs_workload *w, const gs_model *m,
                         gs_change out[GS_MAX_CHANGES], size_t *n, gs_bytes *peak_now,
                         gs_error *err) GS_WARN_UNUSED;

/* What fit searches when the user does not say (for_text NULL): for
 * adaptation the microbatch at the sheet's length (when given), then the
 * length at its microbatch; for inference the concurrency when a length is
 * given and the concurrency is left to its default, else the length.
 * for_text "context", "concurrency" or "microbatch" searches that alone.
 * The CLI and the web server both call this. GS_EINPUT for another text. */
gs_status gs_fit_plan(const gs_workload *w, const char *for_text, gs_fit_target out[2] /* OUT */,
                      size_t *n /* OUT */, gs_error *err) GS_WARN_UNUSED;

/* fit's whole answer: the searches of the plan with the estimate at each
 * best value, and, when the sheet states a length, the sheet's own workload
 * checked against the capacity with the single changes tried on it. */
typedef struct gs_fit_answer {
	size_t n;                      /* searches (1 or 2)                             */
	gs_fit_result r[2];
	gs_estimate *at_best[2];       /* owned; NULL where nothing fits                 */
	gs_bytes capacity;
	bool has_sheet;                /* the sheet states a length                      */
	bool sheet_fits;               /* its workload fits: sheet_verdict.fits          */
	gs_capacity_verdict sheet_verdict; /* the sheet's workload, by the one verdict   */
	gs_bytes sheet_peak;
	char sheet_phase[16];
	char sheet_workload[96];       /* "4096 tokens, microbatch 1"                     */
	gs_pool_view sheet_pool;       /* serving engines: the pool at the sheet's workload */
	bool has_changes;
	gs_change changes[GS_MAX_CHANGES];
	size_t n_changes;
	/* adaptation: one sentence first, the largest microbatch and length that
	 * fit in every phase, under which recipe, and the single change that
	 * makes the sheet fit when it does not */
	char headline[2600];
	size_t n_over;                 /* phases of the sheet's workload above the capacity */
	char over[8][16];
	gs_bytes over_peak[8];
	size_t over_index[8];          /* their place in the estimate's phases          */
} gs_fit_answer;

/* Run the plan for_text picks (gs_fit_plan) against w's capacity. Release
 * with gs_fit_answer_free (also on error: nothing is then held). Errors:
 * GS_EINPUT "fit needs a capacity or a gpu" (err->field "capacity") when w
 * names neither, and for_text's refusal (err->field "for"), said once here
 * for every front door. */
gs_status gs_fit_answer_run(const gs_workload *w, const gs_model *m, const char *for_text,
                            gs_fit_answer *out /* OUT */, gs_error *err) GS_WARN_UNUSED;
void gs_fit_answer_free(gs_fit_answer *a);

/* The answer's verdict in the seed's three classes, fit's exit status (0
 * fits, 4 to confirm, 1 does not fit): when the sheet states a length, its
 * workload's class (a smaller one that fits does not make it fit);
 * otherwise fits when something fits for certain, to confirm when
 * something fits only by the point estimate, does not fit when nothing
 * does. */
gs_class gs_fit_answer_class(const gs_fit_answer *a);

#endif
