/*
 * api_golden.c — the whole answer of every API verb, for tests/api/golden.sh.
 * For each verb of include/gpusizer/api.h, reads REQ_DIR/VERB.request.json,
 * hands it to gs_api_json(VERB, NULL, body) (the flat call the Python
 * package and the web server take), and writes OUT_DIR/VERB.out: the line
 * "status N", then the answer's body as the library wrote it.
 * usage: api_golden REQ_DIR OUT_DIR
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gpusizer/api.h"

static const char *const verbs[] = {"health", "fields",   "formats", "catalog", "models",  "estimate",
                                    "fit",    "matrix",   "shortlist", "sheet", "compare", "diagnose"};

/* The whole file at path, NUL-terminated, in *len bytes; NULL when unreadable. */
static char *read_all(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	long size = fseek(f, 0, SEEK_END) ? -1 : ftell(f);
	char *buf = size >= 0 && !fseek(f, 0, SEEK_SET) ? malloc((size_t)size + 1) : NULL;
	if (buf && fread(buf, 1, (size_t)size, f) != (size_t)size) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	if (buf) {
		buf[size] = 0;
		*len = (size_t)size;
	}
	return buf;
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: api_golden REQ_DIR OUT_DIR\n");
		return 2;
	}
	int bad = 0;
	for (size_t i = 0; i < sizeof verbs / sizeof verbs[0]; i++) {
		char path[4096];
		size_t len = 0;
		snprintf(path, sizeof path, "%s/%s.request.json", argv[1], verbs[i]);
		char *req = read_all(path, &len);
		if (!req) {
			fprintf(stderr, "api_golden: cannot read %s: every verb has its request\n", path);
			bad = 1;
			continue;
		}
		char *ans = NULL;
		size_t n = 0;
		unsigned status = gs_api_json(verbs[i], NULL, req, len, &ans, &n);
		free(req);
		snprintf(path, sizeof path, "%s/%s.out", argv[2], verbs[i]);
		FILE *f = fopen(path, "wb");
		if (!f || fprintf(f, "status %u\n", status) < 0 || (n && fwrite(ans, 1, n, f) != n) || fputc('\n', f) == EOF) {
			fprintf(stderr, "api_golden: cannot write %s\n", path);
			bad = 1;
		}
		if (f && fclose(f))
			bad = 1;
		gs_api_free(ans);
	}
	return bad;
}
