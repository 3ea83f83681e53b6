/*
 * serve_api.h — what `gpusizer serve` answers to one HTTP request, apart
 * from the socket: the access policy (Host, Origin, methods, content type,
 * which model names may open local files) and the JSON API. cmd_serve.c
 * feeds it requests from libmicrohttpd; the fuzz target fuzz_http feeds it
 * arbitrary ones. Nothing here blocks on a file (gpusizer/file.h); the hub
 * is reached only for a hub id, within the hub client's deadlines.
 */
#ifndef GS_SERVE_API_H
#define GS_SERVE_API_H

#include <stdbool.h>
#include <stddef.h>
#include "gpusizer/resolve.h"

#define SERVE_MAX_BODY (1u << 20)
#define SERVE_MAX_HOSTS 8

typedef struct serve_config {
	unsigned port;             /* the port actually bound                        */
	char bind[64];             /* the IPv4 address bound                         */
	bool remote;               /* --allow-remote: a non-loopback bind was allowed */
	char hosts[SERVE_MAX_HOSTS][128]; /* --host names accepted besides the defaults */
	size_t n_hosts;
	gs_model_policy policy;    /* which model names may open local files          */
} serve_config;

/* One request as received; every pointer may be NULL (header absent). */
typedef struct serve_request {
	const char *method, *url;
	const char *host, *origin, *content_type, *sec_fetch_site;
	const char *format;        /* the ?format= query argument                    */
	const char *body;
	size_t len;
	bool too_big;              /* the body passed SERVE_MAX_BODY and was dropped */
} serve_request;

typedef struct serve_response {
	unsigned code;
	const char *type;          /* static                                          */
	const char *allow;         /* the Allow header, or NULL (static)              */
	char *body;                /* malloc'd; serve_response_free releases it       */
	size_t len;
} serve_response;

/* The answer to rq under cfg; always fills *out (500 when memory runs out). */
void serve_handle(const serve_config *cfg, const serve_request *rq, serve_response *out);
void serve_response_free(serve_response *r);

/* Policy pieces, exposed for the tests. */
bool serve_host_ok(const serve_config *cfg, const char *host);
bool serve_origin_ok(const char *origin, const char *host);
bool serve_is_json_type(const char *content_type);

#endif
