/*
 * gpusizer/api.h — one request in, one answer out, per verb. The single
 * path the web page (`gpusizer serve`), the Python package (ctypes) and any
 * other binding take to the library: a verb, a JSON object of sheet fields
 * (the keys of a workload sheet, docs/sheet.md) plus the verb's own members,
 * and a JSON answer (or the sheet as HTML or Markdown).
 *
 *   verb        body members besides the sheet's fields      answer
 *   health      (none)                                       {"status":"ok","version"}
 *   fields      (none)                                       the sheet fields: key, flag, kind, help
 *   formats     (none)                                       the format and device tables
 *   catalog     (none)                                       the built-in catalog
 *   models      (none)                                       the built-in model library
 *   estimate    "config": {config.json}                      gpusizer/estimate/v1
 *   fit         "for": "context"|"concurrency"|"microbatch"  the fit answer
 *   matrix      "formats": [names], "library": true|false    gpusizer/matrix/v1
 *               (the formats are the columns: no "format" or "bits", 400)
 *   shortlist   "catalog", "evidence": YAML text; "units"    gpusizer/shortlist/v1
 *   sheet       as shortlist; format "json"|"html"|"markdown" gpusizer/sheet/v1
 *   compare     "estimate": {estimate JSON}, "run": run file text (gpusizer/run/v1)
 *   diagnose    "log": a failed run's log text; "run": its run file text;
 *               sheet fields (optional) for the ranked single changes
 *
 * Nothing here opens a file but the model the sheet names (under the
 * options' policy): catalogs, evidence, runs and logs come as text.
 *
 * Errors are answers too: {"error": message, "status": code, "field": the
 * sheet field or body member at fault, when there is one}. The status is
 * HTTP's: 400 the request, 404 an unknown verb, 422 a value out of range,
 * 500 memory, 502 the hub, 503 the calling thread's deadline
 * (gs_deadline_set) or the options' model reader.
 *
 * Ownership: the answer's body is malloc'd and NUL-terminated; release it
 * with gs_api_answer_free (C) or gs_api_free (the flat call). Thread-safe:
 * every call works on its own memory.
 *
 * Stability (docs/abi.md): gs_api_json, gs_api_free and gs_version are the
 * library's stable interface, JSON in and JSON out: within a soname
 * (libgpusizer.so.0) they keep their signatures, verbs are only added, and
 * an answer of schema gpusizer/<verb>/v1 only gains members. The struct
 * headers (gs_api_call's options, estimate.h, workload.h, ...) are for
 * programs built against the same release: their layouts change between
 * releases.
 */
#ifndef GPUSIZER_API_H
#define GPUSIZER_API_H

#include <stdbool.h>
#include <stddef.h>
#include "gpusizer/diagnose.h"
#include "gpusizer/fit.h"
#include "gpusizer/measure.h"
#include "gpusizer/resolve.h"

typedef gs_status (*gs_api_model_reader)(void *ctx, const gs_workload *w, const gs_model_policy *policy,
                                         gs_model *out, gs_error *err);

typedef struct gs_api_options {
	const gs_model_policy *policy; /* NULL: the CLI's (any local path, the hub)        */
	gs_api_model_reader read_model; /* NULL: gs_workload_model_with(w, policy, ...)     */
	void *ctx;                     /* handed to read_model                            */
} gs_api_options;

/* The CPU a heavy request (matrix) may be predicted to take: over it, it
 * is refused before its first cell (docs/serve.md "Bounds"). Cells that
 * stop early (no fit at 1, the model's maximum) cost less than predicted:
 * measured runs come in at a third to the whole of it. */
#define GS_API_WORK_BUDGET_S 2.0

typedef struct gs_api_answer {
	unsigned status;               /* 200, or the error's HTTP status                 */
	const char *type;              /* static MIME type of body                        */
	char *body;                    /* malloc'd, NUL-terminated                        */
	size_t len;
} gs_api_answer;

/* The answer to `verb` with `body` (len bytes of JSON; an empty body is {}).
 * format: "json" (or NULL, the default) or another the verb answers in:
 * estimate text or markdown, fit and shortlist text, sheet html or markdown
 * (any other is refused, 400 "format: expected ..."); the verbs without a
 * sheet answer JSON and read no format. opt may be NULL. Always fills *out;
 * body NULL only when even the error could not be allocated (status 500). */
void gs_api_call(const char *verb, const char *format, const char *body, size_t len,
                 const gs_api_options *opt, gs_api_answer *out /* OUT */);
void gs_api_answer_free(gs_api_answer *a);

/* An error answer, {"error": msg, "status": status}, as every verb gives
 * one (for a caller's own refusals: serve's Host and Origin checks). */
void gs_api_error(unsigned status, const char *msg, gs_api_answer *out /* OUT */);

/* The flat form for foreign-function interfaces: the CLI's policy, the
 * answer's text in *out (release with gs_api_free), its status returned. */
unsigned gs_api_json(const char *verb, const char *format, const char *body, size_t len, char **out /* OUT */,
                     size_t *out_len /* OUT */);
void gs_api_free(void *p);

/* The library's version ("0.1.0"): a binding checks it against its own. */
const char *gs_version(void);

#endif
