/*
 * serve_api.c — the answer to one request of `gpusizer serve` (serve_api.h).
 *
 *   GET  /                 the page (embedded at build time: web/index.html)
 *   GET  /api/health       {"status": "ok", "version"}
 *   GET  /api/formats      the named formats and the device table
 *   GET  /api/catalog      the built-in catalog
 *   GET  /api/models       the built-in model library (gpusizer/models/v1)
 *   POST /api/estimate     a workload sheet as JSON (+ "config": {...config.json...})
 *   POST /api/fit          the same + "for": context|concurrency|microbatch
 *   POST /api/matrix       the same + "formats": [...]: what fits, format by format;
 *                          with "library": true, every library model instead of "model"
 *   POST /api/shortlist    the same + "catalog": "YAML text", "evidence": "YAML text"
 *   POST /api/sheet        the same; ?format=html|markdown|json
 *   OPTIONS on any known path: 204 with Allow, and no CORS header.
 *
 * The threat model is in docs/serve.md; in short, a request is answered only
 * when its Host names this server (DNS rebinding), its Origin, if any, is
 * this server (cross-site pages), and a POST says Content-Type:
 * application/json (a cross-site form or text/plain "simple request" cannot).
 */
#include <arpa/inet.h>
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <time.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <jansson.h>
#include "gpusizer/catalog.h"
#include "gpusizer/devices.h"
#include "gpusizer/fit.h"
#include "gpusizer/library.h"
#include "gpusizer/matrix.h"
#include "gpusizer/render.h"
#include "gpusizer/request.h"
#include "serve_api.h"

#ifndef GS_VERSION
#define GS_VERSION "dev"
#endif

extern const unsigned char gs_web_index[];
extern const size_t gs_web_index_len;

void serve_response_free(serve_response *r)
{
	free(r->body);
	r->body = NULL;
}

static void set_body(serve_response *out, unsigned code, const char *type, const char *body, size_t len)
{
	out->code = code;
	out->type = type;
	out->body = malloc(len + 1);
	if (!out->body) {
		out->code = 500;
		out->type = "application/json";
		out->len = 0;
		return;
	}
	memcpy(out->body, body, len);
	out->body[len] = 0;
	out->len = len;
}

static void send_json(serve_response *out, unsigned code, json_t *o)
{
	char *s = o ? json_dumps(o, JSON_INDENT(1)) : NULL;
	json_decref(o);
	if (!s) {
		static const char oom[] = "{\"error\":\"out of memory\",\"status\":500}";
		set_body(out, 500, "application/json", oom, sizeof oom - 1);
		return;
	}
	out->code = code;
	out->type = "application/json";
	out->body = s;
	out->len = strlen(s);
}

static void error(serve_response *out, unsigned code, const char *msg)
{
	send_json(out, code, gs_api_error_to_json(msg, code));
}

/* --- access policy ---------------------------------------------------------------- */

/* Split "name[:port]" (name may be "[v6]"); false when malformed. */
static bool split_host(const char *host, char *name, size_t cap, long *port)
{
	const char *colon = host[0] == '[' ? strstr(host, "]:") : strrchr(host, ':');
	if (host[0] == '[' && colon)
		colon++;
	size_t n = colon ? (size_t)(colon - host) : strlen(host);
	if (n == 0 || n >= cap)
		return false;
	memcpy(name, host, n);
	name[n] = 0;
	*port = -1;
	if (colon) {
		char *end;
		*port = strtol(colon + 1, &end, 10);
		if (*end || colon[1] == 0 || *port < 0 || *port > 65535)
			return false;
	}
	return true;
}

bool serve_host_ok(const serve_config *cfg, const char *host)
{
	char name[160];
	long port;
	if (!host || !split_host(host, name, sizeof name, &port))
		return false;
	/* a Host without a port means port 80 (RFC 9110 §7.2, §4.2.1) */
	if (port < 0 ? cfg->port != 80 : (unsigned)port != cfg->port)
		return false;
	if (!strcasecmp(name, "localhost") || !strcmp(name, "127.0.0.1") || !strcmp(name, cfg->bind))
		return true;
	for (size_t i = 0; i < cfg->n_hosts; i++)
		if (!strcasecmp(name, cfg->hosts[i]))
			return true;
	/* bound to every interface: the machine's addresses are reached by IP;
	 * an IP literal cannot be the result of DNS rebinding */
	struct in_addr a;
	return cfg->remote && !strcmp(cfg->bind, "0.0.0.0") && inet_pton(AF_INET, name, &a) == 1;
}

bool serve_origin_ok(const char *origin, const char *host)
{
	if (!origin)
		return true; /* not a browser's cross-origin request: curl, scripts, same-origin GET */
	static const char scheme[] = "http://";
	return host && !strncmp(origin, scheme, sizeof scheme - 1) && !strcmp(origin + sizeof scheme - 1, host);
}

bool serve_is_json_type(const char *ct)
{
	static const char want[] = "application/json";
	if (!ct)
		return false;
	while (*ct == ' ')
		ct++;
	if (strncasecmp(ct, want, sizeof want - 1))
		return false;
	ct += sizeof want - 1;
	while (*ct == ' ')
		ct++;
	return *ct == 0 || *ct == ';';
}

/* --- the API ------------------------------------------------------------------------ */

/* The body's sheet fields into a workload and its model. Returns 0, or an
 * HTTP status with *msg: 400 for the request, 502 when the hub failed. */
/* The HTTP status for a library error: the network's, memory's and the
 * deadline's are the server's side; everything else is the request's. */
static unsigned status_of(const gs_error *err)
{
	return err->code == GS_ENET ? 502 : err->code == GS_ENOMEM ? 500 : err->code == GS_ETIME ? 503 : 400;
}

/* Reading a model that is not in the library (a hub id, a local path)
 * builds its tensor table, up to a few hundred MB for the largest headers
 * the caps allow: at most MODEL_READS requests do it at once, so the
 * server's total stays bounded whatever 8 workers are asked (issue 39:
 * 8 concurrent hub requests took it to 1.37 GB). A request that cannot get
 * a slot within its deadline is answered 503. */
#define MODEL_READS 2
static sem_t reads;
static pthread_once_t reads_once = PTHREAD_ONCE_INIT;
static void reads_init(void) { sem_init(&reads, 0, MODEL_READS); }

static gs_status read_model(const serve_config *cfg, const gs_workload *w, gs_model *m, gs_error *err)
{
	gs_library_entry e;
	const char *name = gs_wl_str(w, GS_F_MODEL);
	if (!gs_wl_set(w, GS_F_MODEL) || gs_library_find(name, &e)) /* from the binary: no table to build */
		return gs_workload_model_with(w, &cfg->policy, m, err);
	pthread_once(&reads_once, reads_init);
	struct timespec until;
	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += 25;
	int r;
	while ((r = sem_timedwait(&reads, &until)) != 0 && errno == EINTR)
		;
	if (r != 0 || gs_deadline_passed()) {
		if (r == 0)
			sem_post(&reads);
		return gs_error_set(err, GS_ETIME, NULL, "the server is reading other models: try again shortly");
	}
	gs_status s = gs_workload_model_with(w, &cfg->policy, m, err);
	sem_post(&reads);
	return s;
}

static unsigned workload_from_json(const serve_config *cfg, json_t *body, gs_workload *w, gs_model *m, char *msg,
                                   size_t cap, bool no_model)
{
	static const char *const extra[] = {"catalog", "evidence", "for", "units", "formats", "library", NULL};
	gs_error err;
	gs_error_clear(&err);
	bool have_model;
	if (gs_request_workload(body, extra, w, m, &have_model, &err) ||
	    (!have_model && !no_model && read_model(cfg, w, m, &err))) {
		snprintf(msg, cap, "%s", err.msg);
		return status_of(&err);
	}
	return 0;
}

static void api_fit(json_t *body, gs_workload *w, gs_model *m, serve_response *out)
{
	gs_error err;
	gs_error_clear(&err);
	gs_bytes cap;
	bool found;
	char how[192];
	if (gs_workload_capacity(w, &cap, &found, how, sizeof how, &err) || !found) {
		error(out, 400, found ? err.msg : "fit needs a capacity or a gpu");
		return;
	}
	json_t *jt = json_object_get(body, "for");
	if (jt && !json_is_null(jt) && !json_is_string(jt)) {
		error(out, 400, "request body: for: expected \"context\", \"concurrency\" or \"microbatch\"");
		return;
	}
	gs_fit_answer a;
	if (gs_fit_answer_run(w, m, json_string_value(jt), &a, &err)) {
		char msg[sizeof err.msg + 32];
		snprintf(msg, sizeof msg, "%s%s", !strcmp(err.where, "for") ? "request body: " : "", err.msg);
		error(out, status_of(&err), msg);
		return;
	}
	send_json(out, 200, gs_fit_answer_to_json(&a));
	gs_fit_answer_free(&a);
}

/* Rows for every model of the built-in library: read from the binary, never
 * from a path or the hub, whatever the server's policy. */
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

/* /api/matrix: the request's model (or, with "library": true, every
 * library model) in every format (gpusizer/matrix.h). */
static void api_matrix(json_t *body, const gs_workload *w, const gs_model *m, bool library, serve_response *out)
{
	char cols[GS_MATRIX_MAX_FORMATS][40];
	size_t nf = 0;
	json_t *jf = json_object_get(body, "formats");
	if (jf && !json_is_null(jf)) {
		if (!json_is_array(jf) || !json_array_size(jf) || json_array_size(jf) > GS_MATRIX_MAX_FORMATS) {
			error(out, 400, "request body: formats: expected a list of 1 to 12 format names");
			return;
		}
		for (size_t i = 0; i < json_array_size(jf); i++) {
			const char *f = json_string_value(json_array_get(jf, i));
			if (!f || strlen(f) >= sizeof cols[0]) {
				error(out, 400, "request body: formats: expected format names (gpusizer formats)");
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
		error(out, 500, "out of memory");
		return;
	}
	if (gs_matrix_begin(w, cols, nf, mx, &err) ||
	    (library ? library_rows(mx, w, &err) : gs_matrix_add_row(mx, w, m->source, m, NULL, &err)))
		error(out, status_of(&err), err.msg);
	else
		send_json(out, 200, gs_matrix_to_json(mx));
	free(mx);
}

/* /api/shortlist and /api/sheet: the estimate against a catalog. */
static void api_offers(const serve_request *rq, json_t *body, const gs_estimate *e, serve_response *out)
{
	gs_error err;
	gs_error_clear(&err);
	gs_catalog *cat = malloc(sizeof *cat);
	gs_evidence_set *ev = calloc(1, sizeof *ev);
	gs_shortlist *sl = malloc(sizeof *sl);
	if (!cat || !ev || !sl) {
		error(out, 500, "out of memory");
		goto out;
	}
	json_t *jc = json_object_get(body, "catalog"), *jv = json_object_get(body, "evidence");
	if ((jc && !json_is_null(jc) && !json_is_string(jc)) || (jv && !json_is_null(jv) && !json_is_string(jv))) {
		error(out, 400, "request body: catalog and evidence: expected YAML text in a string");
		goto out;
	}
	const char *ctext = json_string_value(jc);
	const char *etext = json_string_value(jv);
	if (ctext ? gs_catalog_load_buffer(ctext, strlen(ctext), "catalog", cat, &err) : (gs_catalog_default(cat), GS_OK)) {
		error(out, 400, err.msg);
		goto out;
	}
	if (etext && gs_evidence_load_buffer(etext, strlen(etext), "evidence", ev, &err)) {
		error(out, 400, err.msg);
		goto out;
	}
	/* the page's GB/GiB toggle reaches the requirements' texts; the sizing
	 * sheet is a document of its own and stays in GiB throughout */
	gs_unit unit = GS_UNIT_GiB;
	json_t *ju = json_object_get(body, "units");
	if (ju && !json_is_null(ju) && (!json_is_string(ju) || gs_parse_unit(json_string_value(ju), &unit, &err))) {
		error(out, 400, "request body: units: expected \"GiB\", \"GB\", \"MiB\" or \"MB\"");
		goto out;
	}
	bool shortlist = !strcmp(rq->url, "/api/shortlist");
	if (gs_shortlist_run_units(e, cat, ev, shortlist ? unit : GS_UNIT_GiB, sl, &err)) {
		error(out, err.code == GS_ETIME ? 503 : 500, err.msg);
		goto out;
	}
	if (shortlist) {
		send_json(out, 200, gs_shortlist_to_json(sl, e));
		goto out;
	}
	const char *fmt = rq->format;
	if (!fmt || !strcmp(fmt, "json")) {
		send_json(out, 200, gs_sheet_to_json(e, sl, NULL));
		goto out;
	}
	bool html = !strcmp(fmt, "html");
	if (!html && strcmp(fmt, "markdown")) {
		error(out, 400, "format: expected html, markdown or json");
		goto out;
	}
	char *text = NULL;
	size_t tlen = 0;
	FILE *f = open_memstream(&text, &tlen);
	if (!f) {
		error(out, 500, "out of memory");
		goto out;
	}
	if (html)
		gs_render_sheet_html(f, e, sl, NULL);
	else
		gs_render_sheet_markdown(f, e, sl, NULL);
	fclose(f);
	out->code = 200;
	out->type = html ? "text/html; charset=utf-8" : "text/markdown; charset=utf-8";
	out->body = text;
	out->len = tlen;
out:
	free(cat);
	free(ev);
	free(sl);
}

static void api_post(const serve_config *cfg, const serve_request *rq, serve_response *out)
{
	json_error_t je;
	json_t *body = json_loadb(rq->body ? rq->body : "", rq->len, JSON_REJECT_DUPLICATES, &je);
	char msg[sizeof ((gs_error *)0)->msg + 32];
	if (!json_is_object(body)) {
		if (body) /* valid JSON of another type: jansson gives no position */
			snprintf(msg, sizeof msg, "the body must be a JSON object of sheet fields, not a %s",
			         json_is_array(body) ? "list" : json_is_string(body) ? "string" : "number or literal");
		else
			snprintf(msg, sizeof msg, "the body must be a JSON object (line %d, column %d: %s)", je.line,
			         je.column, je.text);
		json_decref(body);
		error(out, 400, msg);
		return;
	}
	gs_workload w;
	gs_model *m = malloc(sizeof *m);
	gs_estimate *e = malloc(sizeof *e);
	gs_error err;
	gs_error_clear(&err);
	unsigned code;
	/* "library": true on /api/matrix: every library model is a row, and the
	 * request names no model of its own */
	json_t *jl = json_object_get(body, "library");
	bool library = !strcmp(rq->url, "/api/matrix") && json_is_true(jl);
	const char *bad = jl && !json_is_null(jl) && !json_is_boolean(jl) ? "request body: library: expected true or false"
	                : library && (json_object_get(body, "model") || json_object_get(body, "config") ||
	                              json_object_get(body, "params"))
	                ? "request body: library: the rows are the library's models; give no model, config or params"
	                : NULL;
	if (bad) {
		error(out, 400, bad);
		json_decref(body);
		free(m);
		free(e);
		return;
	}
	/* the sheet is complete without a model of its own: each row brings one */
	if (library && json_object_set_new(body, "model", json_string("(every library model)")))
		error(out, 500, "out of memory");
	else if (!m || !e)
		error(out, 500, "out of memory");
	else if ((code = workload_from_json(cfg, body, &w, m, msg, sizeof msg, library)))
		error(out, code, msg);
	else if (!strcmp(rq->url, "/api/fit"))
		api_fit(body, &w, m, out);
	else if (!strcmp(rq->url, "/api/matrix"))
		api_matrix(body, &w, m, library, out);
	else if (gs_estimate_run(&w, m, e, &err))
		error(out, err.code == GS_ERANGE ? 422 : 400, err.msg);
	else if (!strcmp(rq->url, "/api/estimate"))
		send_json(out, 200, gs_estimate_to_json(e));
	else
		api_offers(rq, body, e, out);
	json_decref(body);
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

static json_t *library_json(void)
{
	gs_error err;
	gs_error_clear(&err);
	return gs_library_to_json(NULL, NULL, &err); /* NULL: send_json answers 500 */
}

static const struct route {
	const char *path, *allow;
} routes[] = {
	{"/", "GET, OPTIONS"},
	{"/index.html", "GET, OPTIONS"},
	{"/api/health", "GET, OPTIONS"},
	{"/api/formats", "GET, OPTIONS"},
	{"/api/catalog", "GET, OPTIONS"},
	{"/api/models", "GET, OPTIONS"},
	{"/api/estimate", "POST, OPTIONS"},
	{"/api/fit", "POST, OPTIONS"},
	{"/api/matrix", "POST, OPTIONS"},
	{"/api/shortlist", "POST, OPTIONS"},
	{"/api/sheet", "POST, OPTIONS"},
};

void serve_handle(const serve_config *cfg, const serve_request *rq, serve_response *out)
{
	memset(out, 0, sizeof *out);
	const char *method = rq->method ? rq->method : "", *url = rq->url ? rq->url : "";
	if (!serve_host_ok(cfg, rq->host)) {
		error(out, 403, "the Host header does not name this server (requests through other host names are refused)");
		return;
	}
	if (!serve_origin_ok(rq->origin, rq->host) ||
	    (rq->sec_fetch_site && !strcmp(rq->sec_fetch_site, "cross-site"))) {
		error(out, 403, "cross-origin requests are refused: use the page this server serves");
		return;
	}
	const struct route *r = NULL;
	for (size_t i = 0; i < sizeof routes / sizeof routes[0] && !r; i++)
		if (!strcmp(url, routes[i].path))
			r = &routes[i];
	if (!r) {
		error(out, 404, "no such page or API");
		return;
	}
	bool get = !strcmp(method, "GET"), post = !strcmp(method, "POST");
	bool want_post = !strncmp(r->allow, "POST", 4);
	if (!strcmp(method, "OPTIONS")) { /* no Access-Control-Allow-*: CORS stays closed */
		set_body(out, 204, "text/plain; charset=utf-8", "", 0);
		out->allow = r->allow;
		return;
	}
	if (want_post ? !post : !get) {
		error(out, 405, want_post ? "POST a workload sheet as JSON" : "GET only");
		out->allow = r->allow;
		return;
	}
	if (rq->too_big) {
		error(out, 413, "the body is larger than 1 MiB");
		return;
	}
	if (post && !serve_is_json_type(rq->content_type)) {
		error(out, 415, "POST needs Content-Type: application/json");
		return;
	}
	if (!strcmp(url, "/") || !strcmp(url, "/index.html"))
		set_body(out, 200, "text/html; charset=utf-8", (const char *)gs_web_index, gs_web_index_len);
	else if (!strcmp(url, "/api/health"))
		send_json(out, 200, gs_health_to_json(GS_VERSION));
	else if (!strcmp(url, "/api/formats"))
		send_json(out, 200, gs_formats_to_json());
	else if (!strcmp(url, "/api/catalog"))
		send_json(out, 200, catalog_json());
	else if (!strcmp(url, "/api/models"))
		send_json(out, 200, library_json());
	else
		api_post(cfg, rq, out);
}
