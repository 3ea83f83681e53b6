/*
 * api.c — one request in, one answer out, per verb (gpusizer/api.h). The
 * web server, the Python package and the CLI's diagnose share it, so a
 * figure or a refusal cannot differ between them. One table, verbs[] at
 * the end, says what each verb reads and answers; the rules of a verb are
 * the library's, in the function it calls, never this file's.
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

/* The sheet field or body member a library error is about: err->field,
 * set where the error was made. "" when none. */
static const char *field_of(const gs_error *err)
{
	return err->field; /* set where the error was made; never read from the text */
}

/* {"error": msg, "status": status} and, when field is not "", "field". */
static void answer_refusal(gs_api_answer *out, unsigned status, const char *field, const char *msg)
{
	json_t *o = gs_api_error_to_json(msg, status);
	if (o && field && field[0])
		json_object_set_new(o, "field", json_string(field));
	answer_json(out, status, o);
}

/* A library error; msg, when not NULL, says it instead of err->msg. */
static void answer_error(gs_api_answer *out, unsigned status, const gs_error *err, const char *msg)
{
	answer_refusal(out, status, field_of(err), msg ? msg : err->msg);
}

/* A library error in reading one of the verb's own members (a catalog's
 * text, a run file's): about that member unless it names a field itself. */
static void answer_member_error(gs_api_answer *out, const char *member, gs_error *err)
{
	if (!err->field[0])
		gs_error_field(err, member);
	answer_error(out, 400, err, NULL);
}

/* A refusal about no one member. */
static void answer_msg(gs_api_answer *out, unsigned status, const char *msg)
{
	answer_refusal(out, status, NULL, msg);
}

/* A refusal of one of the verb's own body members ("for", "catalog", ...). */
static void answer_member(gs_api_answer *out, const char *member, const char *msg)
{
	answer_refusal(out, 400, member, msg);
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

/* --- one call: what the verb's row and the request give its handler ---------------- */

typedef struct call call;
typedef void verb_fn(const call *c);

enum body_kind {
	BODY_NONE,     /* no body is read                                          */
	BODY_OWN,      /* the verb's own members (compare; diagnose, sheet optional) */
	BODY_WORKLOAD  /* a sheet's fields and the verb's members; the model is read  */
};

typedef struct verb {
	const char *name;
	enum body_kind body;
	/* the formats it answers in, json (no format) the default; none listed:
	 * JSON only, and the format is not read */
	const char *formats[4];
	bool library_rows; /* "library": true makes every library model a row */
	verb_fn *run;
} verb;

struct call {
	const verb *verb;
	const char *format;       /* NULL: json */
	json_t *body;             /* BODY_OWN, BODY_WORKLOAD */
	const gs_api_options *opt;
	const gs_workload *w;     /* BODY_WORKLOAD */
	const gs_model *m;        /* BODY_WORKLOAD, unless library */
	gs_unit unit;             /* the "units" member */
	bool library;
	gs_api_answer *out;
};

static bool is_format(const char *format, const char *name)
{
	return format && !strcmp(format, name);
}

/* "a, b or c": the n names of list into buf. */
static void name_list(const char *const *list, size_t n, char *buf, size_t cap)
{
	size_t k = 0;
	buf[0] = 0;
	for (size_t i = 0; i < n && k < cap; i++) {
		int w = snprintf(buf + k, cap - k, "%s%s", !i ? "" : i + 1 == n ? " or " : ", ", list[i]);
		k += w > 0 ? (size_t)w : 0;
	}
}

static size_t format_count(const verb *v)
{
	size_t n = 0;
	while (n < sizeof v->formats / sizeof v->formats[0] && v->formats[n])
		n++;
	return n;
}

/* Whether the verb answers in `format`; the refusal is answered when not. */
static bool format_taken(const verb *v, const char *format, gs_api_answer *out)
{
	size_t n = format_count(v);
	if (!format || !n || is_format(format, "json"))
		return true;
	for (size_t i = 0; i < n; i++)
		if (is_format(format, v->formats[i]))
			return true;
	char list[120], msg[160];
	name_list(v->formats, n, list, sizeof list);
	snprintf(msg, sizeof msg, "format: expected %s", list);
	answer_msg(out, 400, msg);
	return false;
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
	return !ju || json_is_null(ju) ||
	       (json_is_string(ju) && !gs_parse_unit(json_string_value(ju), unit, &err));
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

/* --- verbs without a body ------------------------------------------------------------ */

static void api_health(const call *c)
{
	answer_json(c->out, 200, gs_health_to_json(gs_version()));
}

static void api_fields(const call *c)
{
	answer_json(c->out, 200, gs_fields_to_json());
}

static void api_formats(const call *c)
{
	answer_json(c->out, 200, gs_formats_to_json());
}

static void api_catalog(const call *c)
{
	gs_catalog *cat = malloc(sizeof *cat);
	json_t *o = NULL;
	if (cat) {
		gs_catalog_default(cat);
		o = gs_catalog_to_json(cat);
	}
	free(cat);
	answer_json(c->out, 200, o); /* NULL: answered 500 */
}

static void api_models(const call *c)
{
	gs_error err;
	gs_error_clear(&err);
	answer_json(c->out, 200, gs_library_to_json(NULL, NULL, &err)); /* NULL: answered 500 */
}

/* --- verbs of a workload --------------------------------------------------------------- */

/* The estimate of the call's workload into *e; false with the error answered. */
static bool estimate_of(const call *c, gs_estimate *e)
{
	gs_error err;
	gs_error_clear(&err);
	if (!e) {
		answer_msg(c->out, 500, "out of memory");
		return false;
	}
	if (gs_estimate_run(c->w, c->m, e, &err)) {
		answer_error(c->out, err.code == GS_ERANGE ? 422 : status_of(&err), &err, NULL);
		return false;
	}
	return true;
}

static void api_estimate(const call *c)
{
	gs_estimate *e = malloc(sizeof *e);
	bool text = is_format(c->format, "text"), markdown = is_format(c->format, "markdown");
	if (estimate_of(c, e)) {
		if (text || markdown)
			answer_rendered(text ? TEXT_ESTIMATE : TEXT_ESTIMATE_MD,
			                &(text_args){.e = e, .unit = c->unit}, c->out);
		else
			answer_json(c->out, 200, gs_estimate_to_json(e));
	}
	free(e);
}

static void api_fit(const call *c)
{
	gs_error err;
	gs_error_clear(&err);
	bool bad = false;
	const char *for_text = string_member(c->body, "for", &bad);
	if (bad) {
		answer_member(c->out, "for",
		              "request body: for: expected \"context\", \"concurrency\" or \"microbatch\"");
		return;
	}
	gs_fit_answer *a = malloc(sizeof *a);
	if (!a) {
		answer_msg(c->out, 500, "out of memory");
		return;
	}
	if (gs_fit_answer_run(c->w, c->m, for_text, a, &err)) {
		char msg[sizeof err.msg + 32];
		snprintf(msg, sizeof msg, "%s%s", !strcmp(err.where, "for") ? "request body: " : "", err.msg);
		answer_error(c->out, status_of(&err), &err, msg);
	} else {
		if (is_format(c->format, "text"))
			answer_rendered(TEXT_FIT, &(text_args){.fit = a}, c->out);
		else
			answer_json(c->out, 200, gs_fit_answer_to_json(a));
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
			s = gs_matrix_add_row(mx, w, e.id, gs_library_model(&e, lm, &row) ? NULL : lm,
			                      row.msg, err);
	}
	free(lm);
	return s;
}

/* A matrix whose predicted CPU passes the request's work budget is refused
 * before its first cell (issue 50 item 13: Llama-3.1-405B under Ollama on
 * 64 GPUs took 5.7 s, the library variant ran to serve's 30 s cut). The
 * library's rows are predicted from every eighth model, each standing for
 * the eight (the cost of a row follows its model's size). */
static gs_status over_budget(const gs_matrix *mx, const call *c, gs_error *err)
{
	size_t rows = c->library ? gs_library_count() : 1;
	double s = 0;
	if (!c->library) {
		s = gs_matrix_predict(mx, c->w, c->m, 1);
	} else {
		gs_model *lm = malloc(sizeof *lm);
		for (size_t i = 0; lm && i < rows && s <= GS_API_WORK_BUDGET_S; i += 8) {
			gs_library_entry e;
			gs_error row;
			if (!gs_library_at(i, &e, &row) && !gs_library_model(&e, lm, &row))
				s += gs_matrix_predict(mx, c->w, lm, rows - i < 8 ? rows - i : 8);
		}
		free(lm);
	}
	if (s <= GS_API_WORK_BUDGET_S)
		return GS_OK;
	gs_error_set(err, GS_EINPUT, "matrix",
	             "this matrix would take %s%.1f s of CPU (%zu model%s x %zu formats, each cell a "
	             "search of estimates), over the %.0f s a request may use: ask for fewer formats, "
	             "models or GPUs (or run gpusizer matrix, which has no budget)",
	             c->library ? "more than " : "up to ", s, rows, rows == 1 ? "" : "s", mx->n_formats,
	             GS_API_WORK_BUDGET_S);
	return gs_error_field(err, "formats");
}

#define FORMATS_LIST "request body: formats: expected a list of 1 to 12 format names"
#define FORMATS_NAMES "request body: formats: expected format names (gpusizer formats)"

static void api_matrix(const call *c)
{
	char cols[GS_MATRIX_MAX_FORMATS][40];
	size_t nf = 0;
	const json_t *jf = json_object_get(c->body, "formats");
	size_t n = json_array_size(jf);
	if (jf && !json_is_null(jf)) {
		if (!json_is_array(jf) || !n || n > GS_MATRIX_MAX_FORMATS) {
			answer_member(c->out, "formats", FORMATS_LIST);
			return;
		}
		for (size_t i = 0; i < n; i++) {
			const char *f = json_string_value(json_array_get(jf, i));
			if (!f || strlen(f) >= sizeof cols[0]) {
				answer_member(c->out, "formats", FORMATS_NAMES);
				return;
			}
			snprintf(cols[nf++], sizeof cols[0], "%s", f);
		}
	} else {
		nf = gs_matrix_default_formats(gs_wl_runtime(c->w), gs_wl_task(c->w), cols,
		                               GS_MATRIX_MAX_FORMATS);
	}
	gs_matrix *mx = malloc(sizeof *mx);
	gs_error err;
	gs_error_clear(&err);
	if (!mx) {
		answer_msg(c->out, 500, "out of memory");
		return;
	}
	if (gs_matrix_begin(c->w, cols, nf, mx, &err) || over_budget(mx, c, &err) ||
	    (c->library ? library_rows(mx, c->w, &err)
	                : gs_matrix_add_row(mx, c->w, c->m->source, c->m, NULL, &err)))
		answer_error(c->out, status_of(&err), &err, NULL);
	else
		answer_json(c->out, 200, gs_matrix_to_json(mx));
	free(mx);
}

/* shortlist and sheet: the estimate against a catalog. */
static void api_offers(const call *c, bool shortlist)
{
	gs_estimate *e = malloc(sizeof *e);
	if (!estimate_of(c, e)) {
		free(e);
		return;
	}
	gs_error err;
	gs_error_clear(&err);
	bool bad_c = false, bad_e = false;
	const char *ctext = string_member(c->body, "catalog", &bad_c);
	const char *etext = string_member(c->body, "evidence", &bad_e);
	gs_catalog *cat = malloc(sizeof *cat);
	gs_evidence_set *ev = calloc(1, sizeof *ev);
	gs_shortlist *sl = malloc(sizeof *sl);
	/* the page's GB/GiB toggle reaches the requirements' texts; the sizing
	 * sheet is a document of its own and stays in GiB throughout */
	gs_unit unit = shortlist ? c->unit : GS_UNIT_GiB;
	if (bad_c || bad_e)
		answer_member(c->out, bad_c ? "catalog" : "evidence",
		              "request body: catalog and evidence: expected YAML text in a string");
	else if (!cat || !ev || !sl)
		answer_msg(c->out, 500, "out of memory");
	else if (ctext ? gs_catalog_load_buffer(ctext, strlen(ctext), "catalog", cat, &err)
	               : (gs_catalog_default(cat), GS_OK))
		answer_member_error(c->out, "catalog", &err);
	else if (etext && gs_evidence_load_buffer(etext, strlen(etext), "evidence", ev, &err))
		answer_member_error(c->out, "evidence", &err);
	else if (gs_shortlist_run_units(e, cat, ev, unit, sl, &err))
		answer_error(c->out, err.code == GS_ETIME ? 503 : 500, &err, NULL);
	else if (shortlist && is_format(c->format, "text"))
		answer_rendered(TEXT_SHORTLIST, &(text_args){.e = e, .sl = sl}, c->out);
	else if (shortlist)
		answer_json(c->out, 200, gs_shortlist_to_json(sl, e));
	else if (!c->format || is_format(c->format, "json"))
		answer_json(c->out, 200, gs_sheet_to_json(e, sl, NULL));
	else
		answer_rendered(is_format(c->format, "html") ? TEXT_SHEET_HTML : TEXT_SHEET_MD,
		                &(text_args){.e = e, .sl = sl}, c->out);
	free(cat);
	free(ev);
	free(sl);
	free(e);
}

static void api_shortlist(const call *c)
{
	api_offers(c, true);
}

static void api_sheet(const call *c)
{
	api_offers(c, false);
}

/* --- verbs of their own members -------------------------------------------------------- */

#define RUN_TEXT "request body: run: expected a run file's text (gpusizer/run/v1)"

/* compare: an estimate's JSON against a run file's text. */
static void api_compare(const call *c)
{
	bool bad = false;
	const json_t *est = json_object_get(c->body, "estimate");
	const char *run_text = string_member(c->body, "run", &bad);
	if (!json_is_object(est) || !json_is_array(json_object_get(est, "phases"))) {
		answer_member(c->out, "estimate", "request body: estimate: expected an estimate's JSON "
		              "(gpusizer estimate --json)");
		return;
	}
	if (bad || !run_text) {
		answer_member(c->out, "run", RUN_TEXT);
		return;
	}
	gs_run *r = malloc(sizeof *r);
	gs_compare *cmp = malloc(sizeof *cmp);
	gs_error err;
	gs_error_clear(&err);
	if (!r || !cmp)
		answer_msg(c->out, 500, "out of memory");
	else if (gs_run_load(run_text, strlen(run_text), "run", r, &err))
		answer_member_error(c->out, "run", &err);
	else {
		gs_compare_run(est, r, cmp);
		answer_json(c->out, 200, json_pack("{s:o, s:o}", "run", gs_run_to_json(r), "compare",
		                                   gs_compare_to_json(cmp)));
	}
	free(r);
	free(cmp);
}

/* The single changes that act on o's phase, for the body's workload: their
 * JSON into *changes. false with the error answered. */
static bool remedies_of(const call *c, const gs_oom *o, json_t **changes)
{
	gs_error err;
	gs_error_clear(&err);
	gs_workload w;
	bool have_model;
	gs_model *m = malloc(sizeof *m);
	gs_remedies *rem = malloc(sizeof *rem);
	gs_status st = !m || !rem ? gs_error_set(&err, GS_ENOMEM, NULL, "out of memory")
	             : gs_request_workload(c->body, extra_members, &w, m, &have_model, &err);
	if (!st && !have_model)
		st = read_model(c->opt, &w, m, &err);
	if (!st)
		st = gs_remedies_find(&w, m, o, rem, &err);
	if (!st)
		*changes = gs_changes_to_json(rem->ch, rem->nch, rem->peak_now, rem->cap);
	free(m);
	free(rem);
	if (st)
		answer_error(c->out, status_of(&err), &err, NULL);
	return !st;
}

/* diagnose: the first out-of-memory of a log, its phase (from the run
 * file when given), and with a workload the single changes that act on it. */
static void api_diagnose(const call *c)
{
	bool bad_log = false, bad_run = false;
	const char *log = string_member(c->body, "log", &bad_log);
	const char *run_text = string_member(c->body, "run", &bad_run);
	if (bad_log || !log) {
		answer_member(c->out, "log", "request body: log: expected the failed run's log as text");
		return;
	}
	if (bad_run) {
		answer_member(c->out, "run", RUN_TEXT);
		return;
	}
	gs_oom o;
	if (strlen(log) > GS_DIAGNOSE_MAX_LOG || !gs_diagnose_log(log, strlen(log), &o)) {
		answer_member(c->out, "log", strlen(log) > GS_DIAGNOSE_MAX_LOG
		              ? "request body: log: larger than 64 MiB; cut it to the lines around the "
		                "failure"
		              : "request body: log: no out-of-memory message found; expected PyTorch's "
		                "\"CUDA out of memory\", llama.cpp's \"cudaMalloc failed\" or \"failed to "
		                "allocate\", vLLM's KV-cache errors or SGLang's \"Not enough memory\"");
		return;
	}
	if (run_text) {
		gs_error err;
		gs_error_clear(&err);
		gs_run *r = malloc(sizeof *r);
		if (!r || gs_run_load(run_text, strlen(run_text), "run", r, &err)) {
			if (r)
				answer_member_error(c->out, "run", &err);
			else
				answer_msg(c->out, 500, "out of memory");
			free(r);
			return;
		}
		gs_oom_phase_from_run(&o, r, "run");
		free(r);
	}
	json_t *changes = NULL;
	if (names_a_model(c->body) && !remedies_of(c, &o, &changes))
		return;
	answer_json(c->out, 200, gs_oom_to_json(&o, changes));
}

/* --- the table ----------------------------------------------------------------------------- */

/* Every verb, in the order the unknown-verb message lists them. */
static const verb verbs[] = {
	{"health", BODY_NONE, {NULL}, false, api_health},
	{"fields", BODY_NONE, {NULL}, false, api_fields},
	{"formats", BODY_NONE, {NULL}, false, api_formats},
	{"catalog", BODY_NONE, {NULL}, false, api_catalog},
	{"models", BODY_NONE, {NULL}, false, api_models},
	{"estimate", BODY_WORKLOAD, {"json", "text", "markdown"}, false, api_estimate},
	{"fit", BODY_WORKLOAD, {"json", "text"}, false, api_fit},
	{"matrix", BODY_WORKLOAD, {"json"}, true, api_matrix},
	{"shortlist", BODY_WORKLOAD, {"json", "text"}, false, api_shortlist},
	{"sheet", BODY_WORKLOAD, {"html", "markdown", "json"}, false, api_sheet},
	{"compare", BODY_OWN, {NULL}, false, api_compare},
	{"diagnose", BODY_OWN, {NULL}, false, api_diagnose},
};
#define N_VERBS (sizeof verbs / sizeof verbs[0])

static const verb *verb_named(const char *name)
{
	for (size_t i = 0; i < N_VERBS; i++)
		if (!strcmp(name, verbs[i].name))
			return &verbs[i];
	return NULL;
}

static void answer_unknown_verb(const char *name, gs_api_answer *out)
{
	const char *names[N_VERBS];
	char list[240], msg[320];
	for (size_t i = 0; i < N_VERBS; i++)
		names[i] = verbs[i].name;
	name_list(names, N_VERBS, list, sizeof list);
	snprintf(msg, sizeof msg, "unknown verb \"%.40s\": expected %s", name, list);
	answer_msg(out, 404, msg);
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
		snprintf(msg, sizeof msg, "the body must be a JSON object (line %d, column %d: %s)", je.line,
		         je.column, je.text);
	json_decref(o);
	answer_msg(out, 400, msg);
	return NULL;
}

/* A workload verb: its members "library" and "units", the format, then the
 * workload and its model, then the verb. */
static void call_with_workload(call *c)
{
	/* "library": true on a verb of library rows: every library model is a
	 * row, and the request names no model of its own */
	const json_t *jl = json_object_get(c->body, "library");
	c->library = c->verb->library_rows && json_is_true(jl);
	if (jl && !json_is_null(jl) && !json_is_boolean(jl)) {
		answer_member(c->out, "library", "request body: library: expected true or false");
		return;
	}
	if (c->library && names_a_model(c->body)) {
		answer_member(c->out, "library", "request body: library: the rows are the library's models; "
		              "give no model, config or params");
		return;
	}
	if (!format_taken(c->verb, c->format, c->out))
		return;
	if (!units_member(c->body, &c->unit)) {
		answer_member(c->out, "units",
		              "request body: units: expected \"GiB\", \"GB\", \"MiB\" or \"MB\"");
		return;
	}
	gs_workload w;
	gs_model *m = malloc(sizeof *m);
	gs_error err;
	gs_error_clear(&err);
	bool have_model = false;
	bool oom = !m || (c->library &&
	                  json_object_set_new(c->body, "model", json_string("(every library model)")));
	gs_status st = oom ? gs_error_set(&err, GS_ENOMEM, NULL, "out of memory")
	             : gs_request_workload(c->body, extra_members, &w, m, &have_model, &err);
	if (!st && !have_model && !c->library)
		st = read_model(c->opt, &w, m, &err);
	if (st) {
		answer_error(c->out, status_of(&err), &err, NULL);
	} else {
		c->w = &w;
		c->m = m;
		c->verb->run(c);
	}
	free(m);
}

void gs_api_call(const char *verb_name, const char *format, const char *body, size_t len,
                 const gs_api_options *opt, gs_api_answer *out)
{
	assert(out);
	memset(out, 0, sizeof *out);
	const verb *v = verb_named(verb_name ? verb_name : "");
	if (!v) {
		answer_unknown_verb(verb_name ? verb_name : "", out);
		return;
	}
	call c = {.verb = v, .format = format, .opt = opt, .unit = GS_UNIT_GiB, .out = out};
	if (v->body == BODY_NONE) {
		v->run(&c);
		return;
	}
	if (!(c.body = parse_body(body, len, out)))
		return;
	if (v->body == BODY_WORKLOAD)
		call_with_workload(&c);
	else
		v->run(&c);
	json_decref(c.body);
}

unsigned gs_api_json(const char *verb_name, const char *format, const char *body, size_t len, char **out,
                     size_t *out_len)
{
	gs_api_answer a;
	gs_api_call(verb_name, format, body, len, NULL, &a);
	if (out)
		*out = a.body;
	else
		free(a.body);
	if (out_len)
		*out_len = a.len;
	return a.status;
}
