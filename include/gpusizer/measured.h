/*
 * gpusizer/measured.h — what measured runs and a failed run add to an
 * estimate: the phases a run covered, the need per GPU the shortlist uses,
 * and the margin over a measured peak, each with its reason
 * (docs/method.md §16a).
 *
 * A run file (gpusizer/run/v1, written by `gpusizer measure`) covers a phase
 * of the estimate when it has that phase's markers and counters. It
 * validates the sheet when it executed the sheet's dimensions (tokens >=
 * length, sequences >= concurrency or microbatch >= the sheet's), exited 0
 * and measured something. Counters stay apart: the decisive one is the
 * device's used memory (NVML), else PyTorch's reserved peak, never a sum.
 *
 * The need per GPU the shortlist judges against (`need_basis`):
 *  - "measured": a run validates the sheet; need = its decisive peak + the
 *    justified margin (the counter's gap to device-used, phases the run did
 *    not cover whose estimate is larger, the sheet's reserve);
 *  - "oom": no run validates, a failed run's log states memory in use and
 *    the allocation that failed; need = max(estimate, that lower bound);
 *  - "estimate": otherwise, the estimate's peak as before.
 * Any measured peak, validating or not, is a floor: an offer whose usable
 * memory is below it is excluded, naming the run and the phase.
 *
 * Ownership: gs_measurements is a plain value (about 0.5 MiB: allocate it);
 * nothing inside is allocated. The estimate is only written by
 * gs_measurements_apply.
 */
#ifndef GPUSIZER_MEASURED_H
#define GPUSIZER_MEASURED_H

#include <stdbool.h>
#include <stdint.h>
#include <jansson.h>
#include "gpusizer/diagnose.h"
#include "gpusizer/estimate.h"
#include "gpusizer/measure.h"
#include "gpusizer/status.h"

#define GS_MAX_RUNS 8

/* One phase of a run on one GPU, beside the estimate's figure. */
typedef struct gs_measured_phase {
	char phase[32];
	unsigned gpu;
	gs_run_counters c;          /* the four counters, never added           */
	uint64_t tokens, sequences, microbatch; /* executed, as the workload said */
	bool ended;                 /* its phase_end marker arrived             */
	bool in_estimate;           /* the estimate has a phase of that name    */
	bool at_sheet;              /* the executed dimensions reach the sheet's */
	gs_bytes estimated;         /* the estimate's peak for it (0: none)     */
} gs_measured_phase;

typedef struct gs_measured_run {
	char file[256];
	char sha256[65];            /* of the file's bytes, hex                 */
	char versions[400];         /* driver, CUDA, PyTorch: what the run recorded */
	char started[40], host[64], sheet[256];
	unsigned ngpus;
	char gpu_name[GS_MAX_PROBED][64];
	gs_bytes gpu_total[GS_MAX_PROBED];
	uint64_t samples, markers;
	bool ended_early;           /* killed, non-zero exit, or no exit record */
	bool validates;             /* executed the sheet's dimensions, exit 0  */
	char why[480];              /* why it does or does not validate          */
	size_t n;
	gs_measured_phase ph[GS_MAX_RUN_PHASES * GS_MAX_PROBED];
} gs_measured_run;

/* The first out-of-memory of a failed run's log, as a lower bound. */
typedef struct gs_oom_floor {
	char file[256];
	char sha256[65];
	gs_oom oom;
	gs_bytes bound;             /* in use at failure + the allocation that failed */
	char how[300];
} gs_oom_floor;

typedef struct gs_measurements {
	size_t n_runs;
	gs_measured_run runs[GS_MAX_RUNS];
	bool has_oom;
	gs_oom_floor oom;
	/* decided by gs_measurements_apply */
	char need_basis[12];        /* "estimate" | "measured" | "oom"          */
	gs_bytes need;              /* per GPU                                  */
	gs_bytes measured_peak;     /* the decisive peak of a validating run    */
	char peak_phase[32], peak_counter[24], peak_run[256];
	gs_bytes margin;            /* over the measured peak                   */
	size_t n_reasons;
	char reasons[8][320];       /* one line per part of the margin, 0 B parts included */
	gs_bytes floor;             /* the largest measured peak of any run     */
	char floor_why[320];
} gs_measurements;

void gs_measurements_init(gs_measurements *ms /* OUT */);

/* Read a run file and set it against estimate e (its phases, the sheet's
 * dimensions). `sheet` is the sheet the estimate came from (NULL: none): a
 * run recorded for another sheet is refused unless `force`. Errors:
 * GS_EINPUT (another sheet, too many runs), GS_EPARSE (not a run file),
 * GS_EIO / GS_ERANGE from reading it. A run that validates nothing is not
 * an error: its `why` says so. */
gs_status gs_measurements_add_run(gs_measurements *ms, const gs_estimate *e, const char *path,
                                  const char *sheet, bool force, gs_error *err) GS_WARN_UNUSED;

/* Read a failed run's log: its first out-of-memory with the memory in use
 * and the failed allocation. Errors: GS_EINPUT when the log has no
 * out-of-memory, or one that states no bytes (vLLM's and SGLang's pool
 * messages: use `gpusizer diagnose`). */
gs_status gs_measurements_add_oom(gs_measurements *ms, const char *path, gs_error *err) GS_WARN_UNUSED;

/* Decide the need and the margin, and mark the estimate's phases a
 * validating run covered as measured (gs_phase.measured). */
void gs_measurements_apply(gs_measurements *ms, gs_estimate *e);

/* The Measurements section of the sheet, as Markdown, and its JSON
 * (`measurements[]` of gpusizer/sheet/v1). */
int gs_render_measurements_markdown(FILE *f, const gs_measurements *ms);
json_t *gs_measurements_to_json(const gs_measurements *ms);

/* The SHA-256 of len bytes as 64 hex digits and a NUL. */
void gs_sha256_hex(const void *buf, size_t len, char out[65]);

#endif
