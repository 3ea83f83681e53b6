/*
 * serve_api.c — the answer to one request of `gpusizer serve` (serve_api.h).
 *
 *   GET  /                 the page (embedded at build time: web/index.html)
 *   GET  /api/health       {"status": "ok", "version"}
 *   GET  /api/formats      the named formats and the device table
 *   GET  /api/fields       the sheet's fields (key, flag, kind, help) and each engine's releases
 *   GET  /api/catalog      the built-in catalog
 *   GET  /api/models       the built-in model library (gpusizer/models/v1)
 *   POST /api/estimate     a workload sheet as JSON (+ "config": {...config.json...})
 *   POST /api/fit          the same + "for": context|concurrency|microbatch
 *   POST /api/matrix       the same + "formats": [...]: what fits, format by format;
 *                          with "library": true, every library model instead of "model"
 *   POST /api/shortlist    the same + "catalog": "YAML text", "evidence": "YAML text"
 *   POST /api/sheet        the same; ?format=html|markdown|json
 *   POST /api/compare      "estimate": {its JSON}, "run": a run file's text
 *   POST /api/diagnose     "log": a failed run's log text (+ "run", + sheet fields for the changes)
 *   Every /api/ path is the verb of the same name in gpusizer/api.h.
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
#include "gpusizer/api.h"
#include "gpusizer/library.h"
#include "serve_api.h"

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

static void from_answer(serve_response *out, gs_api_answer *a)
{
	if (!a->body) { /* not even the error could be allocated */
		static const char oom[] = "{\"error\":\"out of memory\",\"status\":500}";
		set_body(out, 500, "application/json", oom, sizeof oom - 1);
		return;
	}
	out->code = a->status;
	out->type = a->type;
	out->body = a->body;
	out->len = a->len;
}

static void error(serve_response *out, unsigned code, const char *msg)
{
	gs_api_answer a;
	gs_api_error(code, msg, &a);
	from_answer(out, &a);
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
	return host && !strncmp(origin, scheme, sizeof scheme - 1) &&
	       !strcmp(origin + sizeof scheme - 1, host);
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

static gs_status read_model(void *ctx, const gs_workload *w, const gs_model_policy *policy, gs_model *m,
                            gs_error *err)
{
	(void)ctx;
	gs_library_entry e;
	const char *name = gs_wl_str(w, GS_F_MODEL);
	if (!gs_wl_set(w, GS_F_MODEL) || gs_library_find(name, &e)) /* from the binary: no table to build */
		return gs_workload_model_with(w, policy, m, err);
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
		return gs_error_set(err, GS_ETIME, NULL,
		                    "the server is reading other models: try again shortly");
	}
	gs_status s = gs_workload_model_with(w, policy, m, err);
	sem_post(&reads);
	return s;
}

/* Every /api/ path is a verb of the library's API (gpusizer/api.h), the one
 * the Python package calls too. */
static void api_call(const serve_config *cfg, const serve_request *rq, serve_response *out)
{
	gs_api_options opt = {.policy = &cfg->policy, .read_model = read_model};
	gs_api_answer a;
	bool post = !strcmp(rq->method, "POST");
	gs_api_call(rq->url + 5, rq->format, post ? rq->body : NULL, post ? rq->len : 0, &opt, &a);
	from_answer(out, &a);
}

static const struct route {
	const char *path, *allow;
} routes[] = {
	{"/", "GET, OPTIONS"},
	{"/index.html", "GET, OPTIONS"},
	{"/api/health", "GET, OPTIONS"},
	{"/api/formats", "GET, OPTIONS"},
	{"/api/fields", "GET, OPTIONS"},
	{"/api/catalog", "GET, OPTIONS"},
	{"/api/models", "GET, OPTIONS"},
	{"/api/estimate", "POST, OPTIONS"},
	{"/api/fit", "POST, OPTIONS"},
	{"/api/matrix", "POST, OPTIONS"},
	{"/api/shortlist", "POST, OPTIONS"},
	{"/api/sheet", "POST, OPTIONS"},
	{"/api/compare", "POST, OPTIONS"},
	{"/api/diagnose", "POST, OPTIONS"},
};

void serve_handle(const serve_config *cfg, const serve_request *rq, serve_response *out)
{
	memset(out, 0, sizeof *out);
	const char *method = rq->method ? rq->method : "", *url = rq->url ? rq->url : "";
	if (!serve_host_ok(cfg, rq->host)) {
		error(out, 403,
		      "the Host header does not name this server (requests through other host names are "
		      "refused)");
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
	else
		api_call(cfg, rq, out);
}
