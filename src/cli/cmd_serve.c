/*
 * cmd_serve.c — `gpusizer serve [--port 8080] [--bind 127.0.0.1]`: the
 * calculator as a local web page and a JSON API over the library, with the
 * same schemas as the CLI's --json (libmicrohttpd).
 *
 *   GET  /                 the page (embedded at build time: web/index.html)
 *   GET  /api/health       {"status": "ok", "version"}
 *   GET  /api/formats      the named formats and the device table
 *   GET  /api/catalog      the built-in catalog
 *   POST /api/estimate     a workload sheet as JSON (+ "config": {...config.json...})
 *   POST /api/fit          the same + "for": context|concurrency|microbatch
 *   POST /api/shortlist    the same + "catalog": "YAML text", "evidence": "YAML text"
 *   POST /api/sheet        the same; ?format=html|markdown|json
 *
 * Safety: loopback by default; the Host header must name this server (DNS
 * rebinding); bodies over 1 MiB are refused; only GET and POST on known
 * paths; connection, per-address and time limits; every error is JSON and
 * no input stops the server.
 */
#include <errno.h>
#include <microhttpd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <arpa/inet.h>
#include "cli.h"
#include "gpusizer/catalog.h"
#include "gpusizer/devices.h"
#include "gpusizer/fit.h"
#include "gpusizer/render.h"
#include "gpusizer/request.h"

#ifndef GS_VERSION
#define GS_VERSION "dev"
#endif

#define MAX_BODY (1u << 20)

extern const unsigned char gs_web_index[];
extern const size_t gs_web_index_len;

static struct {
	unsigned port;
	char bind[64];
	volatile sig_atomic_t stop;
} g;

typedef struct request {
	char *body;
	size_t len;
	bool too_big;
} request;

/* `allow` (or NULL) is the Allow header a 405 must carry (RFC 9110 §15.5.6). */
static enum MHD_Result respond(struct MHD_Connection *c, unsigned code, const char *type, const char *body,
                               size_t len, const char *allow)
{
	struct MHD_Response *r = MHD_create_response_from_buffer(len, (void *)body, MHD_RESPMEM_MUST_COPY);
	if (!r)
		return MHD_NO;
	if (allow)
		MHD_add_response_header(r, "Allow", allow);
	MHD_add_response_header(r, "Content-Type", type);
	MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
	MHD_add_response_header(r, "Cache-Control", "no-store");
	MHD_add_response_header(r, "Content-Security-Policy", "default-src 'self'; style-src 'self' 'unsafe-inline'; "
	                        "script-src 'self' 'unsafe-inline'; img-src 'self' data:");
	enum MHD_Result ret = MHD_queue_response(c, code, r);
	MHD_destroy_response(r);
	return ret;
}

static enum MHD_Result reply(struct MHD_Connection *c, unsigned code, const char *type, const char *body, size_t len)
{
	return respond(c, code, type, body, len, NULL);
}

static enum MHD_Result send_json(struct MHD_Connection *c, unsigned code, json_t *o)
{
	char *s = o ? json_dumps(o, JSON_INDENT(1)) : NULL;
	json_decref(o);
	if (!s)
		return reply(c, 500, "application/json", "{\"error\":\"out of memory\"}", 25);
	enum MHD_Result r = reply(c, code, "application/json", s, strlen(s));
	free(s);
	return r;
}

static enum MHD_Result error(struct MHD_Connection *c, unsigned code, const char *msg)
{
	return send_json(c, code, json_pack("{s:s, s:i}", "error", msg, "status", (int)code));
}

static enum MHD_Result not_allowed(struct MHD_Connection *c, const char *allow, const char *msg)
{
	json_t *o = json_pack("{s:s, s:i}", "error", msg, "status", 405);
	char *s = o ? json_dumps(o, JSON_INDENT(1)) : NULL;
	json_decref(o);
	enum MHD_Result r = s ? respond(c, 405, "application/json", s, strlen(s), allow) : MHD_NO;
	free(s);
	return r;
}

/* DNS rebinding: a page on another origin may reach 127.0.0.1 under its own
 * host name; only requests naming this server are answered. */
static bool host_ok(struct MHD_Connection *c)
{
	const char *h = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Host");
	if (!h)
		return false;
	char want[3][96];
	snprintf(want[0], sizeof want[0], "127.0.0.1:%u", g.port);
	snprintf(want[1], sizeof want[1], "localhost:%u", g.port);
	snprintf(want[2], sizeof want[2], "%s:%u", g.bind, g.port);
	for (int i = 0; i < 3; i++)
		if (!strcmp(h, want[i]))
			return true;
	return false;
}

/* The body's sheet fields into a workload and its model. Returns 0, or an
 * HTTP status with *msg: 400 for the request, 502 when the hub failed. */
static unsigned workload_from_json(json_t *body, gs_workload *w, gs_model *m, char *msg, size_t cap)
{
	static const char *const extra[] = {"catalog", "evidence", "for", "units", NULL};
	gs_error err;
	gs_error_clear(&err);
	bool have_model;
	if (gs_request_workload(body, extra, w, m, &have_model, &err) ||
	    (!have_model && gs_workload_model(w, m, &err))) {
		snprintf(msg, cap, "%s", err.msg);
		return err.code == GS_ENET ? 502 : err.code == GS_ENOMEM ? 500 : 400;
	}
	return 0;
}

static enum MHD_Result api_post(struct MHD_Connection *c, const char *url, request *rq)
{
	json_error_t je;
	json_t *body = json_loadb(rq->body ? rq->body : "", rq->len, JSON_REJECT_DUPLICATES, &je);
	char msg[600];
	if (!json_is_object(body)) {
		snprintf(msg, sizeof msg, "the body must be a JSON object (line %d, column %d: %s)", je.line, je.column,
		         body ? "not an object" : je.text);
		json_decref(body);
		return error(c, 400, msg);
	}
	gs_workload w;
	gs_model *m = malloc(sizeof *m);
	gs_estimate *e = malloc(sizeof *e);
	gs_catalog *cat = NULL;
	gs_evidence_set *ev = NULL;
	gs_shortlist *sl = NULL;
	enum MHD_Result ret;
	unsigned code;
	gs_error err;
	gs_error_clear(&err);
	if (!m || !e) {
		ret = error(c, 500, "out of memory");
		goto out;
	}
	if ((code = workload_from_json(body, &w, m, msg, sizeof msg))) {
		ret = error(c, code, msg);
		goto out;
	}
	if (!strcmp(url, "/api/fit")) {
		gs_bytes cap;
		bool found;
		char how[192];
		if (gs_workload_capacity(&w, &cap, &found, how, sizeof how, &err) || !found) {
			ret = error(c, 400, found ? err.msg : "fit needs a capacity or a gpu");
			goto out;
		}
		json_t *jt = json_object_get(body, "for");
		const char *t = json_string_value(jt);
		if ((jt && !json_is_null(jt) && !t) ||
		    (t && strcmp(t, "context") && strcmp(t, "concurrency") && strcmp(t, "microbatch"))) {
			ret = error(c, 400, "request body: for: expected \"context\", \"concurrency\" or \"microbatch\"");
			goto out;
		}
		bool training = strcmp(gs_wl_str(&w, GS_F_TASK), "inference") != 0;
		gs_fit_target target = t && !strcmp(t, "concurrency") ? GS_FIT_CONCURRENCY
		                     : t && !strcmp(t, "microbatch") ? GS_FIT_MICROBATCH
		                     : !t && gs_wl_set(&w, GS_F_LENGTH) ? (training ? GS_FIT_MICROBATCH : GS_FIT_CONCURRENCY)
		                     : GS_FIT_CONTEXT;
		gs_fit_result r;
		if (gs_fit_run(&w, m, cap, how, target, &r, &err)) {
			ret = error(c, 400, err.msg);
			goto out;
		}
		ret = send_json(c, 200, gs_fit_to_json(&r, NULL));
		goto out;
	}
	if (gs_estimate_run(&w, m, e, &err)) {
		ret = error(c, 400, err.msg);
		goto out;
	}
	if (!strcmp(url, "/api/estimate")) {
		ret = send_json(c, 200, gs_estimate_to_json(e));
		goto out;
	}
	cat = malloc(sizeof *cat);
	ev = calloc(1, sizeof *ev);
	sl = malloc(sizeof *sl);
	if (!cat || !ev || !sl) {
		ret = error(c, 500, "out of memory");
		goto out;
	}
	json_t *jc = json_object_get(body, "catalog"), *jv = json_object_get(body, "evidence");
	if ((jc && !json_is_null(jc) && !json_is_string(jc)) || (jv && !json_is_null(jv) && !json_is_string(jv))) {
		ret = error(c, 400, "request body: catalog and evidence: expected YAML text in a string");
		goto out;
	}
	const char *ctext = json_string_value(jc);
	const char *etext = json_string_value(jv);
	if (ctext ? gs_catalog_load_buffer(ctext, strlen(ctext), "catalog", cat, &err) : (gs_catalog_default(cat), GS_OK)) {
		ret = error(c, 400, err.msg);
		goto out;
	}
	if (etext && gs_evidence_load_buffer(etext, strlen(etext), "evidence", ev, &err)) {
		ret = error(c, 400, err.msg);
		goto out;
	}
	/* the page's GB/GiB toggle reaches the requirements' texts; the sizing
	 * sheet is a document of its own and stays in GiB throughout */
	gs_unit unit = GS_UNIT_GiB;
	json_t *ju = json_object_get(body, "units");
	if (ju && !json_is_null(ju) &&
	    (!json_is_string(ju) || gs_parse_unit(json_string_value(ju), &unit, &err))) {
		ret = error(c, 400, "request body: units: expected \"GiB\", \"GB\", \"MiB\" or \"MB\"");
		goto out;
	}
	gs_shortlist_run_units(e, cat, ev, strcmp(url, "/api/shortlist") ? GS_UNIT_GiB : unit, sl);
	if (!strcmp(url, "/api/shortlist")) {
		ret = send_json(c, 200, gs_shortlist_to_json(sl, e));
		goto out;
	}
	/* /api/sheet */
	const char *fmt = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "format");
	if (!fmt || !strcmp(fmt, "json")) {
		ret = send_json(c, 200, gs_sheet_to_json(e, sl));
		goto out;
	}
	char *text = NULL;
	size_t tlen = 0;
	FILE *f = open_memstream(&text, &tlen);
	bool html = !strcmp(fmt, "html");
	if (!f || (!html && strcmp(fmt, "markdown"))) {
		if (f)
			fclose(f);
		free(text);
		ret = error(c, 400, "format: expected html, markdown or json");
		goto out;
	}
	if (html)
		gs_render_sheet_html(f, e, sl);
	else
		gs_render_sheet_markdown(f, e, sl);
	fclose(f);
	ret = reply(c, 200, html ? "text/html; charset=utf-8" : "text/markdown; charset=utf-8", text, tlen);
	free(text);
out:
	json_decref(body);
	free(m);
	free(e);
	free(cat);
	free(ev);
	free(sl);
	return ret;
}

static json_t *formats_json(void)
{
	const gs_format *t;
	size_t n = gs_format_table(&t);
	json_t *fs = json_array(), *ds = json_array();
	for (size_t i = 0; i < n; i++) {
		gs_ratio b = gs_format_bpw(&t[i]);
		json_array_append_new(fs, json_pack("{s:s, s:f, s:s, s:s}", "name", t[i].name, "bits_per_weight",
		                                    (double)b.num / (double)b.den, "description", t[i].description, "source",
		                                    t[i].source));
	}
	const gs_device *d;
	n = gs_device_table(&d);
	for (size_t i = 0; i < n; i++)
		json_array_append_new(ds, json_pack("{s:s, s:I, s:I, s:s, s:s}", "name", d[i].name, "nominal_gb",
		                                    (json_int_t)d[i].nominal_gb, "reported_bytes", (json_int_t)d[i].reported_bytes,
		                                    "reported_how", d[i].reported_how, "compute_capability",
		                                    d[i].compute_capability));
	return json_pack("{s:s, s:o, s:o}", "schema", "gpusizer/formats/v1", "formats", fs, "devices", ds);
}

static json_t *catalog_json(void)
{
	gs_catalog *cat = malloc(sizeof *cat);
	if (!cat)
		return NULL;
	gs_catalog_default(cat);
	json_t *offers = json_array();
	for (size_t i = 0; i < cat->n; i++) {
		const gs_offer *o = &cat->offers[i];
		json_array_append_new(offers, json_pack("{s:s, s:s, s:I, s:I, s:o, s:s, s:s, s:s}", "id", o->id, "gpu", o->gpu,
		                                        "count", (json_int_t)o->count, "nominal_gb", (json_int_t)o->nominal_gb,
		                                        "price", o->has_price ? json_string(o->price_text) : json_null(),
		                                        "currency", o->currency, "period", o->period_text, "source", o->source));
	}
	free(cat);
	return json_pack("{s:s, s:o}", "schema", "gpusizer/catalog/v1", "offers", offers);
}

static enum MHD_Result handler(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                               const char *version, const char *upload, size_t *upload_size, void **state)
{
	(void)cls;
	(void)version;
	request *rq = *state;
	if (!rq) { /* first call: headers only */
		rq = calloc(1, sizeof *rq);
		if (!rq)
			return MHD_NO;
		*state = rq;
		return MHD_YES;
	}
	if (*upload_size) { /* body chunks, capped */
		if (!rq->too_big && rq->len + *upload_size <= MAX_BODY) {
			char *b = realloc(rq->body, rq->len + *upload_size + 1);
			if (b) {
				memcpy(b + rq->len, upload, *upload_size);
				rq->body = b;
				rq->len += *upload_size;
			} else {
				rq->too_big = true;
			}
		} else {
			rq->too_big = true;
		}
		*upload_size = 0;
		return MHD_YES;
	}
	if (!host_ok(c))
		return error(c, 403, "the Host header does not name this server (requests through other host names are refused)");
	if (rq->too_big)
		return error(c, 413, "the body is larger than 1 MiB");
	bool get = !strcmp(method, "GET"), post = !strcmp(method, "POST");
	if (!strcmp(url, "/") || !strcmp(url, "/index.html")) {
		if (!get)
			return not_allowed(c, "GET", "GET only");
		return reply(c, 200, "text/html; charset=utf-8", (const char *)gs_web_index, gs_web_index_len);
	}
	if (!strcmp(url, "/api/health") || !strcmp(url, "/api/formats") || !strcmp(url, "/api/catalog")) {
		if (!get)
			return not_allowed(c, "GET", "GET only");
		if (!strcmp(url, "/api/health"))
			return send_json(c, 200, json_pack("{s:s, s:s}", "status", "ok", "version", GS_VERSION));
		return send_json(c, 200, !strcmp(url, "/api/formats") ? formats_json() : catalog_json());
	}
	if (!strcmp(url, "/api/estimate") || !strcmp(url, "/api/fit") || !strcmp(url, "/api/shortlist") ||
	    !strcmp(url, "/api/sheet")) {
		if (!post)
			return not_allowed(c, "POST", "POST a workload sheet as JSON");
		return api_post(c, url, rq);
	}
	return error(c, 404, "no such page or API");
}

static void done(void *cls, struct MHD_Connection *c, void **state, enum MHD_RequestTerminationCode tc)
{
	(void)cls;
	(void)c;
	(void)tc;
	request *rq = *state;
	if (rq) {
		free(rq->body);
		free(rq);
	}
	*state = NULL;
}

static void on_signal(int sig)
{
	(void)sig;
	g.stop = 1;
}

int cmd_serve(int argc, char **argv)
{
	long port = 8080;
	snprintf(g.bind, sizeof g.bind, "127.0.0.1");
	for (int i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			printf("usage: gpusizer serve [--port 8080] [--bind 127.0.0.1]\n\n"
			       "The calculator as a local web page, and a JSON API with the CLI's schemas. Loopback by\n"
			       "default; --port 0 picks a free port. The address is printed on the first line.\n");
			return 0;
		} else if (!strcmp(argv[i], "--port") && i + 1 < argc) {
			char *end;
			port = strtol(argv[++i], &end, 10);
			if (*end || port < 0 || port > 65535) {
				fprintf(stderr, "gpusizer serve: --port: got \"%s\", expected 0 to 65535\n", argv[i]);
				return EXIT_USAGE;
			}
		} else if (!strcmp(argv[i], "--bind") && i + 1 < argc) {
			snprintf(g.bind, sizeof g.bind, "%s", argv[++i]);
		} else {
			fprintf(stderr, "gpusizer serve: unknown argument \"%s\"\n", argv[i]);
			return EXIT_USAGE;
		}
	}
	struct sockaddr_in addr;
	memset(&addr, 0, sizeof addr);
	addr.sin_family = AF_INET;
	addr.sin_port = htons((uint16_t)port);
	if (inet_pton(AF_INET, g.bind, &addr.sin_addr) != 1) {
		fprintf(stderr, "gpusizer serve: --bind: got \"%s\", expected an IPv4 address such as 127.0.0.1\n", g.bind);
		return EXIT_USAGE;
	}
	struct MHD_Daemon *d = MHD_start_daemon(
		MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_ERROR_LOG, 0, NULL, NULL, handler, NULL, MHD_OPTION_SOCK_ADDR, &addr,
		MHD_OPTION_THREAD_POOL_SIZE, 4u, MHD_OPTION_CONNECTION_LIMIT, 128u, MHD_OPTION_PER_IP_CONNECTION_LIMIT, 64u,
		MHD_OPTION_CONNECTION_TIMEOUT, 10u, MHD_OPTION_NOTIFY_COMPLETED, done, NULL, MHD_OPTION_END);
	if (!d) {
		fprintf(stderr, "gpusizer serve: cannot listen on %s:%ld: %s\n", g.bind, port, strerror(errno));
		return EXIT_ENV;
	}
	const union MHD_DaemonInfo *info = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
	g.port = info ? info->port : (unsigned)port;
	printf("gpusizer serve: listening on http://%s:%u/\n", g.bind, g.port);
	fflush(stdout);
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	signal(SIGPIPE, SIG_IGN);
	while (!g.stop) {
		struct timespec ts = {0, 100000000};
		nanosleep(&ts, NULL);
	}
	MHD_stop_daemon(d);
	return 0;
}
