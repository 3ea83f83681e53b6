/*
 * gpusizer/render.h — estimates as text, Markdown and JSON.
 *
 * Text and Markdown are written to a caller's stream (the library never picks
 * stdout itself). JSON follows schema "gpusizer/estimate/v1":
 *   {"schema", "workload": {field: {"value", "from", "where"}},
 *    "model": {"source", "revision", "model_type", "architecture", "parameters",
 *              "parameter_split", ...},
 *    "format", "kv_format", "runtime",
 *    "weights_only": {"bytes", "gib", "gb", "formula"},
 *    "envelope": {"bytes", "kind": "indicative", "reserve_bytes", ...},
 *    "conservative_envelope": {"bytes", "label"},
 *    "items": [{"id", "bytes" (max over phases, null if unknown), "basis",
 *               "phases": {phase: bytes}, "formula", "source"}],
 *    "phases": [{"id", "peak_bytes", "excludes_unknowns"}], "peak_phase",
 *    "unknowns": [text], "vllm": {...} (vllm runtime)}
 */
#ifndef GPUSIZER_RENDER_H
#define GPUSIZER_RENDER_H

#include <stdbool.h>
#include <stdio.h>
#include <jansson.h>
#include "gpusizer/estimate.h"
#include "gpusizer/catalog.h"
#include "gpusizer/fit.h"
#include "gpusizer/diagnose.h"
#include "gpusizer/probe.h"

/* Human table (items x phases) in `unit`, plus the quick calculator's figures, the
 * conservative envelope (labelled), unknowns and sources. markdown selects
 * a Markdown table. Returns 0, or -1 if writing to `out` failed. */
int gs_render_estimate_text(FILE *out, const gs_estimate *e, gs_unit unit, bool markdown);

/* The same with options: GS_TEXT_BRIEF prints only the verdict block (the
 * class, the load against the capacity, what binds, what to confirm);
 * GS_TEXT_VERBOSE adds the files each default was read from and the device
 * table's source keys, with their legend. Plain: neither. */
#define GS_TEXT_BRIEF 1u
#define GS_TEXT_VERBOSE 2u
int gs_render_estimate_text_with(FILE *out, const gs_estimate *e, gs_unit unit, bool markdown,
                                 unsigned flags);

/* The weights as the runtime holds them on one GPU at load (the table's
 * weights, quant_metadata and other_format_modules, *bytes, and those three
 * in parts[]), which differ from the calculator's weights_only by the kept
 * modules, the metadata and the layout. False without a model's
 * architecture or when the weights are split over GPUs. */
bool gs_estimate_weights_loaded(const gs_estimate *e, gs_bytes *bytes /* OUT */, gs_bytes parts[3] /* OUT */);

/* A field's help as --help, the man page and /api/fields print it: the
 * row's text, values, default and readers (gs_field_describe), and for
 * runtime_version the releases of each engine's table ("releases: vllm
 * 0.6.4, ..., sglang 0.4.6, ..."), into buf; returns buf. */
const char *gs_render_field_help(gs_field f, char *buf, size_t cap);
/* Room for any field's help. */
#define GS_FIELD_HELP_MAX 2048

/* A comparison of formats for one model (the quick calculator's format table): one row
 * per estimate, weights only and indicative envelope in GiB and GB, and what
 * each row leaves out. */
int gs_render_compare_text(FILE *out, const gs_estimate *const *rows, size_t n,
                           bool markdown);

/* New JSON object (caller frees with json_decref); NULL on allocation failure. */
json_t *gs_estimate_to_json(const gs_estimate *e);
/* The capacity object of the estimate's JSON: capacity, the one verdict
 * (gpusizer/verdict.h) with its rule, margin or shortfall, the device and a
 * pool engine's units. NULL-free; caller owns the reference. */
json_t *gs_verdict_to_json(const gs_estimate *e);
json_t *gs_fit_to_json(const gs_fit_result *r, const gs_estimate *at_best);

/* Fit answer as text. */
int gs_render_fit_text(FILE *out, const gs_fit_result *r);

/* A serving engine's KV pool in its own terms (tokens, blocks, what one
 * request and the sheet need, the largest context and concurrency, the
 * fixed item that takes most of the budget), each line prefixed by lead. */
struct gs_pool_view;
int gs_render_pool_text(FILE *f, const struct gs_pool_view *v, const char *lead);

/* The ranked single changes (gs_fit_changes) as text, and as JSON. A cap of
 * 0 means the capacity is unknown: no change is then said to fit or not
 * (text), and fits_after is null (JSON). */
int gs_render_changes_text(FILE *out, const gs_change *c, size_t n, gs_bytes peak_now, gs_bytes cap,
                           const char *at);
json_t *gs_changes_to_json(const gs_change *c, size_t n, gs_bytes peak_now, gs_bytes cap);

/* fit's whole answer (gs_fit_answer_run), as `gpusizer fit` prints it and
 * as the web API returns it: one search is gpusizer/fit/v1, two are
 * gpusizer/fit-set/v1 {"answers": [...]}; either carries "sheet" (the
 * sheet's own workload and whether it fits) and "changes" when the sheet
 * states a length. */
int gs_render_fit_answer_text(FILE *out, const gs_fit_answer *a);
json_t *gs_fit_answer_to_json(const gs_fit_answer *a);

/* The shortlist: retained offers ranked, the preselection to confirm with
 * its open conditions, the excluded ones with the reason. */
int gs_render_shortlist_text(FILE *out, const gs_shortlist *sl, const gs_estimate *e, bool markdown);
json_t *gs_shortlist_to_json(const gs_shortlist *sl, const gs_estimate *e);

/* The one-page sizing sheet ("A good sizing output fits on one
 * sheet"): the workload, the estimate per phase and GPU, the measurements
 * (ms: the runs and a failed run set against the estimate, gpusizer/
 * measured.h; NULL: none, said so), the requirement table with verdicts and
 * evidence, the shortlist with costs and margins, and what would invalidate
 * it. Estimate, measured counter and commercial decision stay in separate
 * sections. */
struct gs_measurements;
int gs_render_sheet_markdown(FILE *out, const gs_estimate *e, const gs_shortlist *sl,
                             const struct gs_measurements *ms);
int gs_render_sheet_html(FILE *out, const gs_estimate *e, const gs_shortlist *sl,
                         const struct gs_measurements *ms);
json_t *gs_sheet_to_json(const gs_estimate *e, const gs_shortlist *sl, const struct gs_measurements *ms);

/* --- the other JSON documents, built here so every schema lives in one file --- */

/* gpusizer/estimate-compare/v1: one estimate per format (estimate --bits 16,8,4 --json). */
json_t *gs_estimate_rows_to_json(const gs_estimate *const *rows, size_t n);

/* gpusizer/formats/v1: the named weight formats and the device table. */
json_t *gs_formats_to_json(void);

/* gpusizer/fields/v1: the sheet's fields (key, flag, alias, kind, default,
 * help) and each engine's release rows, oldest first: what a binding or the
 * page needs to check its arguments by name and fill its menus (the API's
 * "fields" verb). NULL when out of memory. */
json_t *gs_fields_to_json(void);

/* gpusizer/catalog/v1: a catalog's offers. */
json_t *gs_catalog_to_json(const gs_catalog *cat);

/* gpusizer/probe/v1: the GPUs as NVML reports them. */
json_t *gs_probe_to_json(const gs_probe *p);

/* gpusizer/diagnose/v1: the first out-of-memory, with the ranked changes when
 * `changes` is not NULL (it is consumed). */
json_t *gs_oom_to_json(const gs_oom *o, json_t *changes);

/* The web API's envelopes: {"error": msg, "status": code}, and
 * {"status": "ok", "version"}. */
json_t *gs_api_error_to_json(const char *msg, unsigned code);
json_t *gs_health_to_json(const char *version);

#endif
