/*
 * interval.h — how far to trust a figure: an interval [low, high] around
 * a phase peak, a per-GPU peak, or an engine's KV capacity, derived from
 * the calibration residuals (bench/calibration.jsonl) of the estimate's
 * kind: training, Transformers inference, vLLM's V0 and V1 engines, SGLang,
 * llama.cpp, Ollama (docs/method.md §17a).
 *
 * The residuals are kept as a band per kind, r = (estimated - measured) /
 * measured over the records not held out, in calibration_bands.c, which
 * `bench_accuracy --bands` writes and a test keeps in step with the file.
 */
#ifndef GPUSIZER_INTERVAL_H
#define GPUSIZER_INTERVAL_H

#include <stddef.h>
#include <stdint.h>

#define GS_COVERAGE_TARGET 0.90

/* One kind's residual band: the smallest and largest relative error of
 * `records` calibration records for one quantity ("peak" or "kv"). */
typedef struct gs_band {
	const char
		*group; /* "training", "transformers", "vllm-v0", "vllm-v1", "sglang", "llamacpp", "ollama" */
	const char *quantity; /* "peak": memory peaks; "kv": an engine's KV capacity */
	unsigned records;
	double r_min, r_max;
} gs_band;

/* The interval a band gives, as factors of the point figure:
 *   low = point x low_factor, high = point x high_factor.
 * The rule (method.md §17a): r_lo = min(0, r_min) - pad, r_hi = max(0, r_max)
 * + pad, low_factor = 1 / (1 + r_hi), high_factor = 1 / (1 + r_lo), where
 * pad is 2 points when 5 or more records back the band and otherwise the
 * largest |r| again, at least 5 points; no record at all gives +-25 %.
 * Fills `why` (may be NULL) with the rule in words. */
void gs_band_factors(unsigned records, double r_min, double r_max, double *low_factor, double *high_factor,
                     char *why, size_t cap);

/* The band for (group, quantity), or NULL when no record backs it. */
const gs_band *gs_band_find(const char *group, const char *quantity);

/* The generated table (calibration_bands.c). */
extern const gs_band gs_bands[];
extern const size_t gs_n_bands;

#endif
