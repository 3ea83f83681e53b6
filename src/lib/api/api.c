/*
 * api.c — one request in, one answer out, per verb (gpusizer/api.h). The
 * web server, the Python package and the CLI's diagnose share it, so a
 * figure or a refusal cannot differ between them.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "gpusizer/api.h"
#include "gpusizer/catalog.h"
#include "gpusizer/library.h"
#include "gpusizer/matrix.h"
#include "gpusizer/render.h"
#include "gpusizer/request.h"

#ifndef GS_LIB_VERSION
#define GS_LIB_VERSION "dev"
#endif

#define JSON_TYPE "application/json"

const char *gs_version(void)
{
	return GS_LIB_VERSION;
}

void gs_api_answer_free(gs_api_answer *a)
{
	if (a) {
		free(a->body);
		a->body = NULL;
		a->len = 0;
	}
}

void gs_api_free(void *p)
{
	free(p);
}

/* --- answers ---------------------------------------------------------------------- */

static void answer_text(gs_api_answer *out, unsigned status, const char *type, char *body, size_t len)
{
	out->status = status;
	out->type = type;
	out->body = body;
	out->len = len;
}

static void answer_json(gs_api_answer *out, unsigned status, json_t *o)
{
	char *s = o ? json_dumps(o, JSON_INDENT(1)) : NULL;
	json_decref(o);
	if (!s) {
		static const char oom[] = "{\"error\":\"out of memory\",\"status\":500}";
		answer_text(out, 500, JSON_TYPE, strdup(oom), sizeof oom - 1);
		return;
	}
	answer_text(out, status, JSON_TYPE, s, strlen(s));
}

/* The member or sheet field an error is about: the error's `where` when it
 * names a field, else the first word after "request body: " in its text
 * (the form gs_request_workload and this file write). "" when none. */
static void error_field(const gs_error *err, char *buf, size_t cap)
{
	buf[0] = 0;
	if (err && gs_field_by_key(err->where, strlen(err->where)) >= 0) {
		snprintf(buf, cap, "%s", err->where);
		return;
	}
	static const char lead[] = "request body: ";
	const char *m = err ? strstr(err->msg, lead) : NULL;
	if (!m)
		return;
	m += sizeof lead - 1;
	if (!strncmp(m, "unknown field \"", 15)) {
		m += 15;
		size_t n = strcspn(m, "\"");
		snprintf(buf, cap, "%.*s", (int)(n < cap ? n : cap - 1), m);
		return;
	}
	size_t n = strspn(m, "abcdefghijklmnopqrstuvwxyz_0123456789");
	if (n && m[n] == ':')
		snprintf(buf, cap, "%.*s", (int)(n < cap ? n : cap - 1), m);
}

static void answer_error(gs_api_answer *out, unsigned status, const gs_error *err, const char *msg)
{
	char field[64];
	error_field(err, field, sizeof field);
	json_t *o = gs_api_error_to_json(msg ? msg : err->msg, status);
	if (o && field[0])
		json_object_set_new(o, "field", json_string(field));
	answer_json(out, status, o);
}

static void answer_msg(gs_api_answer *out, unsigned status, const char *msg)
{
	gs_error e;
	gs_error_clear(&e);
	snprintf(e.msg, sizeof e.msg, "%s", msg);
	answer_error(out, status, &e, NULL);
}

void gs_api_error(unsigned status, const char *msg, gs_api_answer *out)
{
	memset(out, 0, sizeof *out);
	answer_msg(out, status, msg);
}

/* The HTTP status of a library error: the network's, memory's and the
 * deadline's are the server's side; a value out of range is 422 for the
 * estimate; everything else is the request's. */
static unsigned status_of(const gs_error *err)
{
	return err->code == GS_ENET ? 502 : err->code == GS_ENOMEM ? 500 : err->code == GS_ETIME ? 503 : 400;
}

/* --- the sheet and its model ---------------------------------------------------------- */

static const char *const extra_members[] = {"catalog", "evidence", "for", "units", "formats", "library",
                                            "estimate", "run", "log", NULL};

static gs_status read_model(const gs_api_options *opt, const gs_workload *w, gs_model *m, gs_error *err)
{
	const gs_model_policy *policy = opt ? opt->policy : NULL;
	if (opt && opt->read_model)
		return opt->read_model(opt->ctx, w, policy, m, err);
	return gs_workload_model_with(w, policy, m, err);
}

/* A string member or NULL; *bad when present and not a string. */
static const char *string_member(const json_t *body, const char *key, bool *bad)
{
	const json_t *v = json_object_get(body, key);
	if (v && !json_is_null(v) && !json_is_string(v))
		*bad = true;
	return json_string_value(v);
}

/* What the CLI prints, as the answer: the renderers write to a FILE. */
enum text_kind { TEXT_ESTIMATE, TEXT_ESTIMATE_MD, TEXT_FIT, TEXT_SHORTLIST, TEXT_SHEET_MD, TEXT_SHEET_HTML };

typedef struct text_args {
	const gs_estimate *e;
	const gs_shortlist *sl;
	const gs_fit_answer *fit;
	gs_unit unit;
} text_args;

static void answer_rendered(enum text_kind k, const text_args *t, gs_api_answer *out)
{
	char *text = NULL;
	size_t tlen = 0;
	FILE *f = open_memstream(&text, &tlen);
	if (!f) {
		answer_msg(out, 500, "out of memory");
		return;
	}
	int rc = 0;
	switch (k) {
	case TEXT_ESTIMATE: rc = gs_render_estimate_text(f, t->e, t->unit, false); break;
	case TEXT_ESTIMATE_MD: rc = gs_render_estimate_text(f, t->e, t->unit, true); break;
	case TEXT_FIT: rc = gs_render_fit_answer_text(f, t->fit); break;
	case TEXT_SHORTLIST: rc = gs_render_shortlist_text(f, t->sl, t->e, false); break;
	case TEXT_SHEET_MD: rc = gs_render_sheet_markdown(f, t->e, t->sl, NULL); break;
	case TEXT_SHEET_HTML: rc = gs_render_sheet_html(f, t->e, t->sl, NULL); break;
	}
	if (fclose(f) || rc < 0) {
		free(text);
		answer_msg(out, 500, "out of memory");
		return;
	}
	answer_text(out, 200, k == TEXT_SHEET_HTML ? "text/html; charset=utf-8"
	                    : k == TEXT_SHEET_MD || k == TEXT_ESTIMATE_MD ? "text/markdown; charset=utf-8"
	                    : "text/plain; charset=utf-8", text, tlen);
}

/* The "units" member: GiB unless the request names another. */
static bool units_member(const json_t *body, gs_unit *unit)
{
	gs_error err;
	*unit = GS_UNIT_GiB;
	const json_t *ju = json_object_get(body, "units");
	return !ju || json_is_null(ju) || (json_is_string(ju) && !gs_parse_unit(json_string_value(ju), unit, &err));
}

static bool is_format(const char *format, const char *name)
{
	return format && !strcmp(format, name);
}

/* --- verbs -------------------------------------------------------------------------------- */

static void api_fit(const char *format, const json_t *body, const gs_workload *w, const gs_model *m,
                    gs_api_answer *out)
{
	gs_error err;
	gs_error_clear(&err);
	bool bad = false;
	const char *for_text = string_member(body, "for", &bad);
	if (bad) {
		answer_msg(out, 400, "request body: for: expected \"context\", \"concurrency\" or \"microbatch\"");
		return;
	}
	gs_fit_answer *a = malloc(sizeof *a);
	if (!a) {
		answer_msg(out, 500, "out of memory");
		return;
	}
	if (gs_fit_answer_run(w, m, for_text, a, &err)) {
		char msg[sizeof err.msg + 32];
		snprintf(msg, sizeof msg, "%s%s", !strcmp(err.where, "for") ? "request body: " : "", err.msg);
		answer_error(out, status_of(&err), &err, msg);
	} else {
		if (is_format(format, "text"))
			answer_rendered(TEXT_FIT, &(text_args){.fit = a}, out);
		else
			answer_json(out, 200, gs_fit_answer_to_json(a));
		gs_fit_answer_free(a);
	}
	free(a);
}

/* Rows for every model of the built-in library: read from the binary, never
 * from a path or the hub, whatever the policy. */
static gs_status library_rows(gs_matrix *mx, const gs_workload *w, gs_error *err)
{
	gs_model *lm = malloc(sizeof *lm);
	if (!lm)
		return gs_error_set(err, GS_ENOMEM, NULL, "out of memory");
	gs_status s = GS_OK;
	for (size_t i = 0, n = gs_library_count(); !s && i < n; i++) {
		gs_library_entry e;
		gs_error row;
		gs_error_clear(&row);
		if (!(s = gs_library_at(i, &e, err)))
			s = gs_matrix_add_row(mx, w, e.id, gs_library_model(&e, lm, &row) ? NULL : lm, row.msg, err);
	}
	free(lm);
	return s;
}

static void api_matrix(const json_t *body, const gs_workload *w, const gs_model *m, bool library, gs_api_answer *out)
{
	char cols[GS_MATRIX_MAX_FORMATS][40];
	size_t nf = 0;
	const json_t *jf = json_object_get(body, "formats");
	if (jf && !json_is_null(jf)) {
		if (!json_is_array(jf) || !json_array_size(jf) || json_array_size(jf) > GS_MATRIX_MAX_FORMATS) {
			answer_msg(out, 400, "request body: formats: expected a list of 1 to 12 format names");
			return;
		}
		for (size_t i = 0; i < json_array_size(jf); i++) {
			const char *f = json_string_value(json_array_get(jf, i));
			if (!f || strlen(f) >= sizeof cols[0]) {
				answer_msg(out, 400, "request body: formats: expected format names (gpusizer formats)");
				return;
			}
			snprintf(cols[nf++], sizeof cols[0], "%s", f);
		}
	} else {
		nf = gs_matrix_default_formats(gs_wl_runtime(w), gs_wl_task(w), cols, GS_MATRIX_MAX_FORMATS);
	}
	gs_matrix *mx = malloc(sizeof *mx);
	gs_error err;
	gs_error_clear(&err);
	if (!mx) {
		answer_msg(out, 500, "out of memory");
		return;
	}
	if (gs_matrix_begin(w, cols, nf, mx, &err) ||
	    (library ? library_rows(mx, w, &err) : gs_matrix_add_row(mx, w, m->source, m, NULL, &err)))
		answer_error(out, status_of(&err), &err, NULL);
	else
		answer_json(out, 200, gs_matrix_to_json(mx));
	free(mx);
}

/* shortlist and sheet: the estimate against a catalog. */
static void api_offers(bool shortlist, const char *format, const json_t *body, const gs_estimate *e,
                       gs_api_answer *out)
{
	gs_error err;
	gs_error_clear(&err);
	bool bad = false;
	const char *ctext = string_member(body, "catalog", &bad), *etext = string_member(body, "evidence", &bad);
	if (bad) {
		answer_msg(out, 400, "request body: catalog and evidence: expected YAML text in a string");
		return;
	}
	if (format && !is_format(format, "json") &&
	    (shortlist ? !is_format(format, "text") : !is_format(format, "html") && !is_format(format, "markdown"))) {
		answer_msg(out, 400, shortlist ? "format: expected json or text" : "format: expected html, markdown or json");
		return;
	}
	/* the page's GB/GiB toggle reaches the requirements' texts; the sizing
	 * sheet is a document of its own and stays in GiB throughout */
	gs_unit unit;
	if (!units_member(body, &unit)) {
		answer_msg(out, 400, "request body: units: expected \"GiB\", \"GB\", \"MiB\" or \"MB\"");
		return;
	}
	gs_catalog *cat = malloc(sizeof *cat);
	gs_evidence_set *ev = calloc(1, sizeof *ev);
	gs_shortlist *sl = malloc(sizeof *sl);
	if (!cat || !ev || !sl)
		answer_msg(out, 500, "out of memory");
	else if (ctext ? gs_catalog_load_buffer(ctext, strlen(ctext), "catalog", cat, &err)
	               : (gs_catalog_default(cat), GS_OK))
		answer_error(out, 400, &err, NULL);
	else if (etext && gs_evidence_load_buffer(etext, strlen(etext), "evidence", ev, &err))
		answer_error(out, 400, &err, NULL);
	else if (gs_shortlist_run_units(e, cat, ev, shortlist ? unit : GS_UNIT_GiB, sl, &err))
		answer_error(out, err.code == GS_ETIME ? 503 : 500, &err, NULL);
	else if (shortlist && is_format(format, "text"))
		answer_rendered(TEXT_SHORTLIST, &(text_args){.e = e, .sl = sl}, out);
	else if (shortlist)
		answer_json(out, 200, gs_shortlist_to_json(sl, e));
	else if (!format || is_format(format, "json"))
		answer_json(out, 200, gs_sheet_to_json(e, sl, NULL));
	else
		answer_rendered(is_format(format, "html") ? TEXT_SHEET_HTML : TEXT_SHEET_MD, &(text_args){.e = e, .sl = sl},
		                out);
	free(cat);
	free(ev);
	free(sl);
}

/* compare: an estimate's JSON against a run file's text. */
static void api_compare(const json_t *body, gs_api_answer *out)
{
	bool bad = false;
	const json_t *est = json_object_get(body, "estimate");
	const char *run_text = string_member(body, "run", &bad);
	if (!json_is_object(est) || !json_is_array(json_object_get(est, "phases"))) {
		answer_msg(out, 400, "request body: estimate: expected an estimate's JSON (gpusizer estimate --json)");
		return;
	}
	if (bad || !run_text) {
		answer_msg(out, 400, "request body: run: expected a run file's text (gpusizer/run/v1)");
		return;
	}
	gs_run *r = malloc(sizeof *r);
	gs_compare *c = malloc(sizeof *c);
	gs_error err;
	gs_error_clear(&err);
	if (!r || !c)
		answer_msg(out, 500, "out of memory");
	else if (gs_run_load(run_text, strlen(run_text), "run", r, &err))
		answer_error(out, 400, &err, NULL);
	else {
		gs_compare_run(est, r, c);
		json_t *o = json_pack("{s:o, s:o}", "run", gs_run_to_json(r), "compare", gs_compare_to_json(c));
		answer_json(out, 200, o);
	}
	free(r);
	free(c);
}

static bool names_a_model(const json_t *body)
{
	static const char *const keys[] = {"model", "params", "config"};
	for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
		const json_t *v = json_object_get(body, keys[i]);
		if (v && !json_is_null(v))
			return true;
	}
	return false;
}

/* diagnose: the first out-of-memory of a log, its phase (from the run
 * file when given), and with a workload the single changes that act on it. */
static void api_diagnose(const gs_api_options *opt, json_t *body, gs_api_answer *out)
{
	bool bad = false;
	const char *log = string_member(body, "log", &bad), *run_text = string_member(body, "run", &bad);
	if (bad || !log) {
		answer_msg(out, 400, "request body: log: expected the failed run's log as text");
		return;
	}
	gs_oom o;
	if (strlen(log) > GS_DIAGNOSE_MAX_LOG || !gs_diagnose_log(log, strlen(log), &o)) {
		answer_msg(out, 400, strlen(log) > GS_DIAGNOSE_MAX_LOG
		           ? "request body: log: larger than 64 MiB; cut it to the lines around the failure"
		           : "request body: log: no out-of-memory message found; expected PyTorch's \"CUDA out of "
		             "memory\", llama.cpp's \"cudaMalloc failed\" or \"failed to allocate\", vLLM's KV-cache "
		             "errors or SGLang's \"Not enough memory\"");
		return;
	}
	gs_error err;
	gs_error_clear(&err);
	if (run_text) {
		gs_run *r = malloc(sizeof *r);
		if (!r || gs_run_load(run_text, strlen(run_text), "run", r, &err)) {
			if (r)
				answer_error(out, 400, &err, NULL);
			else
				answer_msg(out, 500, "out of memory");
			free(r);
			return;
		}
		gs_oom_phase_from_run(&o, r, "run");
		free(r);
	}
	json_t *changes = NULL;
	if (names_a_model(body)) {
		gs_workload w;
		bool have_model;
		gs_model *m = malloc(sizeof *m);
		gs_remedies *rem = malloc(sizeof *rem);
		gs_status st = !m || !rem ? gs_error_set(&err, GS_ENOMEM, NULL, "out of memory")
		             : gs_request_workload(body, extra_members, &w, m, &have_model, &err);
		if (!st && !have_model)
			st = read_model(opt, &w, m, &err);
		if (!st)
			st = gs_remedies_find(&w, m, &o, rem, &err);
		if (!st)
			changes = gs_changes_to_json(rem->ch, rem->nch, rem->peak_now, rem->cap);
		free(m);
		free(rem);
		if (st) {
			answer_error(out, status_of(&err), &err, NULL);
			return;
		}
	}
	answer_json(out, 200, gs_oom_to_json(&o, changes));
}

/* estimate, fit, matrix, shortlist, sheet: a workload, its model, the verb. */
static void api_workload(const char *verb, const char *format, json_t *body, const gs_api_options *opt,
                         gs_api_answer *out)
{
	/* "library": true on matrix: every library model is a row, and the
	 * request names no model of its own */
	const json_t *jl = json_object_get(body, "library");
	bool is_matrix = !strcmp(verb, "matrix"), library = is_matrix && json_is_true(jl);
	if (jl && !json_is_null(jl) && !json_is_boolean(jl)) {
		answer_msg(out, 400, "request body: library: expected true or false");
		return;
	}
	if (library && names_a_model(body)) {
		answer_msg(out, 400, "request body: library: the rows are the library's models; give no model, config or params");
		return;
	}
	bool text = is_format(format, "text") || is_format(format, "markdown");
	if (format && !is_format(format, "json") &&
	    (!strcmp(verb, "sheet") ? !is_format(format, "html") && !is_format(format, "markdown")
	     : !strcmp(verb, "estimate") ? !text : strcmp(verb, "matrix") ? !is_format(format, "text") : true)) {
		answer_msg(out, 400, !strcmp(verb, "sheet") ? "format: expected html, markdown or json"
		                   : !strcmp(verb, "estimate") ? "format: expected json, text or markdown"
		                   : strcmp(verb, "matrix") ? "format: expected json or text" : "format: expected json");
		return;
	}
	gs_unit unit;
	if (!units_member(body, &unit)) {
		answer_msg(out, 400, "request body: units: expected \"GiB\", \"GB\", \"MiB\" or \"MB\"");
		return;
	}
	gs_workload w;
	gs_model *m = malloc(sizeof *m);
	gs_estimate *e = malloc(sizeof *e);
	gs_error err;
	gs_error_clear(&err);
	bool have_model = false;
	gs_status st = !m || !e || (library && json_object_set_new(body, "model", json_string("(every library model)")))
	             ? gs_error_set(&err, GS_ENOMEM, NULL, "out of memory")
	             : gs_request_workload(body, extra_members, &w, m, &have_model, &err);
	if (!st && !have_model && !library)
		st = read_model(opt, &w, m, &err);
	if (st)
		answer_error(out, status_of(&err), &err, NULL);
	else if (!strcmp(verb, "fit"))
		api_fit(format, body, &w, m, out);
	else if (is_matrix)
		api_matrix(body, &w, m, library, out);
	else if (gs_estimate_run(&w, m, e, &err))
		answer_error(out, err.code == GS_ERANGE ? 422 : status_of(&err), &err, NULL);
	else if (!strcmp(verb, "estimate") && (is_format(format, "text") || is_format(format, "markdown")))
		answer_rendered(is_format(format, "text") ? TEXT_ESTIMATE : TEXT_ESTIMATE_MD,
		                &(text_args){.e = e, .unit = unit}, out);
	else if (!strcmp(verb, "estimate"))
		answer_json(out, 200, gs_estimate_to_json(e));
	else
		api_offers(!strcmp(verb, "shortlist"), format, body, e, out);
	free(m);
	free(e);
}

static json_t *catalog_json(void)
{
	gs_catalog *cat = malloc(sizeof *cat);
	if (!cat)
		return NULL;
	gs_catalog_default(cat);
	json_t *o = gs_catalog_to_json(cat);
	free(cat);
	return o;
}

/* The body as a JSON object; NULL with the answer set when it is not one. */
static json_t *parse_body(const char *body, size_t len, gs_api_answer *out)
{
	if (!body || !len)
		return json_object();
	json_error_t je;
	json_t *o = json_loadb(body, len, JSON_REJECT_DUPLICATES, &je);
	if (json_is_object(o))
		return o;
	char msg[300];
	if (o) /* valid JSON of another type: jansson gives no position */
		snprintf(msg, sizeof msg, "the body must be a JSON object of sheet fields, not a %s",
		         json_is_array(o) ? "list" : json_is_string(o) ? "string" : "number or literal");
	else
		snprintf(msg, sizeof msg, "the body must be a JSON object (line %d, column %d: %s)", je.line, je.column,
		         je.text);
	json_decref(o);
	answer_msg(out, 400, msg);
	return NULL;
}

static const char *const workload_verbs[] = {"estimate", "fit", "matrix", "shortlist", "sheet"};

void gs_api_call(const char *verb, const char *format, const char *body, size_t len, const gs_api_options *opt,
                 gs_api_answer *out)
{
	assert(out);
	memset(out, 0, sizeof *out);
	verb = verb ? verb : "";
	if (!strcmp(verb, "health")) {
		answer_json(out, 200, gs_health_to_json(gs_version()));
		return;
	}
	if (!strcmp(verb, "formats")) {
		answer_json(out, 200, gs_formats_to_json());
		return;
	}
	if (!strcmp(verb, "fields")) {
		answer_json(out, 200, gs_fields_to_json());
		return;
	}
	if (!strcmp(verb, "catalog")) {
		answer_json(out, 200, catalog_json());
		return;
	}
	if (!strcmp(verb, "models")) {
		gs_error err;
		gs_error_clear(&err);
		answer_json(out, 200, gs_library_to_json(NULL, NULL, &err)); /* NULL: answered 500 */
		return;
	}
	bool known = !strcmp(verb, "compare") || !strcmp(verb, "diagnose");
	for (size_t i = 0; i < sizeof workload_verbs / sizeof workload_verbs[0]; i++)
		known |= !strcmp(verb, workload_verbs[i]);
	if (!known) {
		char msg[200];
		snprintf(msg, sizeof msg, "unknown verb \"%.40s\": expected health, fields, formats, catalog, models, "
		         "estimate, fit, matrix, shortlist, sheet, compare or diagnose", verb);
		answer_msg(out, 404, msg);
		return;
	}
	json_t *o = parse_body(body, len, out);
	if (!o)
		return;
	if (!strcmp(verb, "compare"))
		api_compare(o, out);
	else if (!strcmp(verb, "diagnose"))
		api_diagnose(opt, o, out);
	else
		api_workload(verb, format, o, opt, out);
	json_decref(o);
}

unsigned gs_api_json(const char *verb, const char *format, const char *body, size_t len, char **out,
                     size_t *out_len)
{
	gs_api_answer a;
	gs_api_call(verb, format, body, len, NULL, &a);
	if (out)
		*out = a.body;
	else
		free(a.body);
	if (out_len)
		*out_len = a.len;
	return a.status;
}
