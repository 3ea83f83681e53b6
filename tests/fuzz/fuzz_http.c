/* fuzz_http.c — libFuzzer target: one whole HTTP request as gpusizer serve
 * answers it (serve_api.c), past the socket: "METHOD URL" on the first line,
 * "Name: value" headers, an empty line, the body. The server opens no local
 * path here and the hub is offline, so nothing leaves the process. Every
 * answer must be a valid status with a body, and every error JSON. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "serve_api.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char *line(char **p, char *end)
{
	char *s = *p, *nl = memchr(s, '\n', (size_t)(end - s));
	char *e = nl ? nl : end;
	if (e > s && e[-1] == '\r')
		e[-1] = 0;
	*e = 0;
	*p = nl ? nl + 1 : end;
	return s;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static serve_config cfg;
	static int once;
	if (!once) {
		once = 1;
		setenv("HF_HUB_OFFLINE", "1", 1);
		setenv("HF_ENDPOINT", "http://127.0.0.1:9", 1);
		setenv("XDG_CACHE_HOME", "/nonexistent-gpusizer-fuzz", 1);
		cfg.port = 8080;
		strcpy(cfg.bind, "127.0.0.1");
	}
	char *buf = malloc(size + 1);
	if (!buf)
		return 0;
	memcpy(buf, data, size);
	buf[size] = 0;
	char *p = buf, *end = buf + size;
	serve_request rq;
	memset(&rq, 0, sizeof rq);
	char *first = line(&p, end), *sp = strchr(first, ' ');
	rq.method = first;
	if (sp) {
		*sp = 0;
		rq.url = sp + 1;
		char *q = strchr(rq.url, '?');
		if (q) {
			*q = 0;
			if (!strncmp(q + 1, "format=", 7))
				rq.format = q + 8;
		}
	}
	while (p < end) {
		char *h = line(&p, end), *colon = strchr(h, ':');
		if (!*h)
			break;
		if (!colon)
			continue;
		*colon = 0;
		const char *v = colon + 1 + (colon[1] == ' ');
		if (!strcasecmp(h, "Host")) rq.host = v;
		else if (!strcasecmp(h, "Origin")) rq.origin = v;
		else if (!strcasecmp(h, "Content-Type")) rq.content_type = v;
		else if (!strcasecmp(h, "Sec-Fetch-Site")) rq.sec_fetch_site = v;
	}
	rq.body = p;
	rq.len = (size_t)(end - p);
	rq.too_big = rq.len > SERVE_MAX_BODY;
	serve_response out;
	serve_handle(&cfg, &rq, &out);
	if (out.code < 200 || out.code > 599 || !out.type || (out.code != 204 && !out.body))
		__builtin_trap();
	if (out.code >= 400 && (!out.body || !strstr(out.body, "\"error\"")))
		__builtin_trap(); /* every refusal says why, as JSON */
	serve_response_free(&out);
	free(buf);
	return 0;
}
