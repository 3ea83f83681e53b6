/*
 * gpusizer/verdict.h — the one answer to "does this workload fit on this
 * device?", for every runtime, and its margin or shortfall in the terms of
 * the rule that decided.
 *
 * Every surface asks this module: `estimate` (its capacity check and exit
 * status), `fit` and `matrix` (each probe of their searches), `shortlist`
 * and `sheet` (each offer's memory requirement, with the estimate re-run on
 * that offer's device), the web API and the Python package (which speak the
 * same JSON). None of them decides on its own.
 *
 * The rules (docs/method.md §9c):
 *   peak          Transformers, llama.cpp, every adaptation: the largest
 *                 phase peak (reserve included) against the device's
 *                 capacity. Margin and shortfall are device bytes.
 *   measured      a run that validates the sheet, or a failed run, gave the
 *                 need (gpusizer/measured.h): the need against the capacity.
 *   vllm-pool     vLLM fills gpu_memory_utilization x its CUDA total; what
 *                 can be short is its KV pool. The pool's blocks of 16 tokens
 *                 against the sheet's concurrency x ceil(length / 16) blocks,
 *                 the fixed items inside the budget, and the peak against the
 *                 device. Margin and shortfall are blocks, tokens and bytes of
 *                 pool; the device margin (what the budget leaves outside) is
 *                 reported beside them, never in their place.
 *   sglang-pool   SGLang: its token pool against concurrency x length, and
 *                 concurrency against max_running_requests; pool tokens and
 *                 bytes, the device margin beside them.
 *   ollama-layers Ollama: every layer offloaded to the GPUs (a partial
 *                 offload starts but runs the rest on the CPU); the shortfall
 *                 is what its estimate leaves on the CPU.
 * Under conservative yes the peaks are the high ends of their intervals
 * (already in the phases) and a pool is judged by its low end.
 */
#ifndef GPUSIZER_VERDICT_H
#define GPUSIZER_VERDICT_H

#include <stdbool.h>
#include <stdint.h>
#include "gpusizer/units.h"

typedef enum gs_rule {
	GS_RULE_NONE,          /* no capacity: no verdict                              */
	GS_RULE_PEAK,
	GS_RULE_MEASURED,
	GS_RULE_VLLM_POOL,
	GS_RULE_SGLANG_POOL,
	GS_RULE_OLLAMA_LAYERS,
	GS_RULE_LLAMACPP_FIT   /* llama.cpp's --fit left layers or experts on the host */
} gs_rule;

/* A rule by layers placed (Ollama's layer fit, llama.cpp's --fit): when
 * not everything is on the GPUs, the run works but not on the GPU alone. */
static inline bool gs_rule_by_layers(gs_rule r)
{
	return r == GS_RULE_OLLAMA_LAYERS || r == GS_RULE_LLAMACPP_FIT;
}

/* The seed's three classes (docs/method.md §9c): fits when even the high
 * end of the estimate's interval fits (a pool: its low end holds the need);
 * does not fit when even the low end does not; to confirm in between, or
 * when an unknown item could change it, always with the exact condition. */
typedef enum gs_class {
	GS_CLASS_NONE,          /* no capacity: no verdict                             */
	GS_CLASS_FITS,
	GS_CLASS_TO_CONFIRM,
	GS_CLASS_DOES_NOT_FIT
} gs_class;

typedef struct gs_capacity_verdict {
	gs_rule rule;
	gs_class klass;        /* the answer a person reads first                     */
	char condition[480];   /* to confirm: what to measure or check, with the
	                          threshold that decides ("" otherwise)             */
	bool fits;             /* the point estimate fits (searches probe on it)      */
	bool as_far_as_known;  /* fits, but an unknown item is live in the peak phase */
	/* The rule's own terms: what is left when it fits, what is missing when
	 * it does not (bytes of device for peak and measured; of pool for the
	 * engines; what Ollama leaves on the CPU). Exactly one is meaningful. */
	gs_bytes margin;
	gs_bytes shortfall;
	/* The device, whatever the rule: the peak (or measured need) against
	 * the capacity. For the pool engines this is the headroom their budget
	 * leaves outside, reported separately. */
	gs_bytes capacity;
	gs_bytes load;
	bool device_fits;
	gs_bytes device_margin;    /* capacity - load, or load - capacity when !device_fits */
	/* Pool engines: units are vLLM's 16-token blocks or SGLang's tokens. */
	uint64_t unit_tokens;      /* 16 (vLLM) or 1 (SGLang); a vLLM hybrid's block */
	bool blocks_only;          /* a vLLM hybrid: its block ids hold attention
	                              blocks and states, said in blocks alone     */
	uint64_t request_length, requests_need; /* the sheet's length and concurrency */
	gs_bytes unit_bytes;       /* one block / one token's KV, on one GPU       */
	uint64_t pool_units, need_units; /* need 0: no length given             */
	uint64_t pool_low, pool_high; /* the pool's calibration interval, in units  */
	bool pool_refused;         /* the fixed items fill the budget: no pool      */
	gs_bytes over_budget_by;   /* pool_refused: how far the fixed items exceed it */
	uint64_t requests, max_requests; /* SGLang: concurrency vs max_running_requests */
	bool pool_holds;           /* the pool holds the sheet's need (and requests) */
	char why[480];             /* one sentence with the figures, in the rule's words */
	bool silent;               /* a search probe's verdict (lean estimate): why left "" */
} gs_capacity_verdict;

struct gs_estimate;

/* Decide e->verdict from the estimate's figures (its phases, its engine's
 * pool, its measured need, its interval under conservative yes). Called by
 * gs_estimate_run and, after measured runs replace the need, by
 * gs_measurements_apply; anyone else reads e->verdict. A no-op verdict
 * (rule GS_RULE_NONE) when e has no capacity. */
void gs_verdict_decide(struct gs_estimate *e);

/* "fits", "to confirm", "does not fit" ("" for none): how the text prints a
 * class; gs_class_id gives the JSON's "fits", "to_confirm", "does_not_fit". */
const char *gs_class_name(gs_class c);
const char *gs_class_id(gs_class c);

/* The rule's name as JSON and the text print it: "peak", "measured",
 * "vllm-pool", "sglang-pool", "ollama-layers" ("" for none). */
const char *gs_rule_name(gs_rule r);

#endif
