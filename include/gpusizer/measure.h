/*
 * gpusizer/measure.h — measured runs: the JSON Lines file `gpusizer measure`
 * writes, and its summary per phase, per GPU, per counter.
 *
 * Run file (schema gpusizer/run/v1), one JSON object a line, flushed as it
 * goes so that a killed run leaves every line written so far:
 *   {"type": "header", "schema", "host", "started", "command": [..], "sheet",
 *    "interval_ms", "nvml": true|false, "nvml_error", "driver", "cuda",
 *    "gpus": [{"index", "name", "uuid", "total_bytes"}], "env": {PYTORCH_CUDA_ALLOC_CONF, ...}}
 *   {"type": "sample", "t_ms", "gpu", "device_used", "process_used"}
 *   {"type": "marker", "t_ms", "event": "phase_begin"|"phase_end", "phase",
 *    "tokens", "sequences", "microbatch", "devices": [{"device",
 *    "max_memory_allocated", "max_memory_reserved"}], ...}   (the workload's own fields)
 *   {"type": "exit", "t_ms", "status", "signal"}
 * Markers come from the workload over the file descriptor named by
 * $GPUSIZER_MARKER_FD, one JSON object a line (python/gpusizer_torch.py).
 * A sample belongs to the phases whose markers stand around it in the file:
 * the file's order is the order measure observed, and measure reads every
 * pending marker before a sample and drops a sample during which a marker
 * arrived, so an allocation made after a phase_end is never counted in that
 * phase (t_ms, to the millisecond, is for people and charts).
 *
 * Counters are four different quantities and are never added together:
 * PyTorch's allocated and reserved peaks (per phase, from the markers), the
 * device's used memory and the measured process tree's own (NVML samples
 * within the phase).
 */
#ifndef GPUSIZER_MEASURE_H
#define GPUSIZER_MEASURE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <jansson.h>
#include "gpusizer/probe.h"
#include "gpusizer/status.h"
#include "gpusizer/units.h"

#define GS_MAX_RUN_PHASES 32
/* The largest run file read back (summary, compare, diagnose --run): bigger
 * files are refused with their size, never cut. */
#define GS_RUN_MAX_FILE ((size_t)64 << 20)

typedef struct gs_run_counters {
	bool has_torch, has_device;
	gs_bytes allocated, reserved;       /* PyTorch peaks in the phase        */
	gs_bytes device_used, process_used; /* NVML peaks in the phase            */
} gs_run_counters;

typedef struct gs_run_phase {
	char name[32];
	uint64_t t_begin, t_end;       /* t_ms of its markers                  */
	unsigned line_begin, line_end; /* their lines: the samples in between   */
	bool ended;
	uint64_t tokens, sequences, microbatch; /* executed, as the workload said */
	gs_run_counters gpu[GS_MAX_PROBED];
} gs_run_phase;

typedef struct gs_run {
	char name[256];
	bool nvml;
	char nvml_error[200];
	unsigned ngpus;
	char gpu_name[GS_MAX_PROBED][64];
	gs_bytes gpu_total[GS_MAX_PROBED];
	char sheet[256];
	char host[64], started[40];         /* from the header                      */
	char driver[32];                    /* NVIDIA driver, "" without NVML        */
	int cuda;                           /* CUDA driver API version (12040), 0 unknown */
	char versions[320];                 /* "torch 2.4.0, transformers 4.44.2": what the
	                                       workload's markers reported        */
	char model[128];                    /* a marker's "model", when the workload named it */
	size_t nphases;
	gs_run_phase phases[GS_MAX_RUN_PHASES];
	bool exited;
	int status, signal;                 /* -1 when not applicable               */
	uint64_t samples, markers, bad_lines;
	uint64_t max_tokens, max_sequences, max_microbatch;
} gs_run;

/* Read a run file (len bytes). A last line cut short by a kill is counted in
 * bad_lines and skipped; a file without a header is GS_EPARSE. */
gs_status gs_run_load(const char *buf, size_t len, const char *name, gs_run *out /* OUT */,
                      gs_error *err) GS_WARN_UNUSED;

/* Whether run r validates a sheet of `length` tokens and `batch` sequences
 * (microbatch when `training`): it measured something (phase markers with
 * counters), executed at least those dimensions, and exited 0. `why` says
 * which test failed, all of them, or the figures that passed. A length of
 * 0 validates nothing. */
bool gs_run_validates(const gs_run *r, uint64_t length, uint64_t batch, bool training, char *why, size_t cap);

/* The summary table, and its JSON (gpusizer/run-summary/v1). */
int gs_render_run_text(FILE *out, const gs_run *r);
json_t *gs_run_to_json(const gs_run *r);

/* --- an estimate against a measured run (gpusizer compare) --- */

typedef struct gs_compare_row {
	char phase[32];
	unsigned gpu;
	gs_bytes estimated;     /* the estimate's peak for the phase           */
	gs_bytes measured;      /* device used (NVML), else PyTorch's reserved */
	const char *counter;    /* "device" or "reserved" (static)             */
	int64_t difference;     /* measured - estimated                        */
} gs_compare_row;

typedef struct gs_compare {
	size_t n;               /* rows: phase x GPU pairs with a counter      */
	gs_compare_row rows[GS_MAX_RUN_PHASES * GS_MAX_PROBED];
	gs_bytes margin;        /* the largest shortfall, rounded up to 256 MiB */
	char justified_by[32];  /* the phase with that shortfall, or ""        */
	uint64_t samples;       /* in the run                                  */
	size_t run_phases;
} gs_compare;

/* Compare `estimate` (the JSON of gpusizer estimate --json) with run r,
 * phase by phase and GPU by GPU. n == 0 means nothing was measured in a
 * phase of the estimate: no margin is proposed then. */
void gs_compare_run(const json_t *estimate, const gs_run *r, gs_compare *out /* OUT */);

/* The comparison as text (a table and the proposed margin, or that nothing
 * was measured) and as JSON (gpusizer/compare/v1). */
int gs_render_run_compare_text(FILE *out, const gs_compare *c);
json_t *gs_compare_to_json(const gs_compare *c);

#endif
