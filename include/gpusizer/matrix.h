/*
 * gpusizer/matrix.h — what fits on this GPU: one row per model, one
 * column per format, each cell the largest context (or, at a given
 * context, the largest concurrency or microbatch) that fits, found by the
 * same exact search as fit (docs/method.md §9b).
 *
 * Ownership: gs_matrix is a plain value holding copies of the names;
 * nothing inside is allocated. Errors of one cell (a format the runtime
 * cannot run, a model it does not know) are the cell's reason, never the
 * whole matrix's.
 */
#ifndef GPUSIZER_MATRIX_H
#define GPUSIZER_MATRIX_H

#include <stdbool.h>
#include <stdio.h>
#include <jansson.h>
#include "gpusizer/fit.h"
#include "gpusizer/status.h"
#include "gpusizer/workload.h"

#define GS_MATRIX_MAX_MODELS 384
#define GS_MATRIX_MAX_FORMATS 12

typedef struct gs_matrix_cell {
	bool error;               /* the estimate refused this model and format  */
	bool fits;
	uint64_t best;            /* largest context / concurrency / microbatch
	                           * whose point estimate fits                  */
	/* the seed's three classes (fit's): the largest value that fits for
	 * certain (0: none), and the class at best */
	uint64_t best_certain;
	gs_class klass;
	bool bounded_by_model;    /* the model's context window, not memory     */
	gs_bytes peak;            /* at best; or at 1 when nothing fits         */
	char reason[1024];        /* why not (or what stops it), for people:
	                           * as long as gs_error.msg, so a refusal is
	                           * never cut (the CLI and the web name the
	                           * source of a field with prefixes of
	                           * different lengths)                        */
} gs_matrix_cell;

typedef struct gs_matrix_row {
	char model[256];          /* as given                                    */
	uint64_t params;
	uint32_t max_position;
	char problem[240];        /* the model could not be read: the whole row  */
	gs_matrix_cell cells[GS_MATRIX_MAX_FORMATS];
} gs_matrix_row;

typedef struct gs_matrix {
	gs_bytes capacity;
	char capacity_how[320];
	char runtime[16], task[16];
	gs_fit_target target;     /* context, or concurrency / microbatch at `fixed` */
	uint64_t fixed;           /* the given context (or concurrency for context) */
	size_t n_formats;
	char formats[GS_MATRIX_MAX_FORMATS][40];
	size_t n_rows;
	gs_matrix_row rows[GS_MATRIX_MAX_MODELS];
} gs_matrix;

/* The default columns for a runtime and task: bf16, fp8, int8, nf4 for
 * Transformers, vLLM and SGLang inference (bf16, int8, nf4 for adaptation,
 * nf4-dq for QLoRA); Q8_0, Q6_K, Q5_K_M, Q4_K_M, Q3_K_M, Q2_K for llama.cpp
 * and Ollama. Returns the count written. */
size_t gs_matrix_default_formats(gs_runtime rt, gs_task task, char out[][40], size_t cap);

/* Fill the matrix: for each model (config.json, folder, .gguf or hub id)
 * and format, `base` (not finished) with model and format set, searched
 * against the capacity `base` names. Errors: GS_EINPUT when base has a
 * format or bits given by a sheet, a flag or a request (the formats are the
 * columns; err->field "format" or "bits"), when no model is given, when base
 * names no capacity, or too many models or formats. */
gs_status gs_matrix_run(const gs_workload *base, const char *const *models, size_t n_models,
                        char formats[][40], size_t n_formats, gs_matrix *out /* OUT */,
                        gs_error *err) GS_WARN_UNUSED;

/* The same in two steps, for callers that resolve models themselves (the
 * web server, under its own policy): begin sets the capacity, target and
 * columns from `base`; add_row searches one model already read (`m`), or
 * records `problem` as the row when m is NULL. Errors of begin: as above
 * but for the models; add_row: GS_EINPUT past GS_MATRIX_MAX_MODELS. */
gs_status gs_matrix_begin(const gs_workload *base, char formats[][40], size_t n_formats,
                          gs_matrix *out /* OUT */, gs_error *err) GS_WARN_UNUSED;
/* The CPU seconds `rows` rows like model m would take, predicted before a
 * cell runs (issue 50 item 13): the search's first estimate (at 1, in the
 * first column's format) is timed on this thread's CPU clock; a cell that
 * does not fit there ends, one that does makes 3 + log2 of the searched
 * range estimates when its search runs whole (the bounds, the bisection,
 * the certain class's first probe; a certain class bisected again takes
 * up to log2 more, a cell at the model's maximum fewer). 0 when that
 * estimate is refused (its cells then cost nothing). A caller with a work
 * budget (the API: GS_API_WORK_BUDGET_S) refuses a matrix over it. */
double gs_matrix_predict(const gs_matrix *mx, const gs_workload *base, const gs_model *m, size_t rows);

gs_status gs_matrix_add_row(gs_matrix *mx, const gs_workload *base, const char *name, const gs_model *m,
                            const char *problem, gs_error *err) GS_WARN_UNUSED;

/* Text (a table; md: Markdown) and JSON (gpusizer/matrix/v1). */
int gs_render_matrix_text(FILE *f, const gs_matrix *mx, bool md);
json_t *gs_matrix_to_json(const gs_matrix *mx);

#endif
