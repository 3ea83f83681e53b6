/*
 * hub_server.c — a local stand-in for the Hugging Face hub, for tests only.
 * Listens on 127.0.0.1 (a free port, printed on stdout) and serves ROOT/NAME
 * as the repository test/NAME:
 *   GET /api/models/test/NAME/revision/REV   {"id", "sha", "siblings": [{"rfilename"}]}
 *   GET /test/NAME/resolve/REV/FILE          the file, with "Range: bytes=a-b" (206)
 * REV is "main" or the repository's commit (a fixed 40-hex string per name).
 * Special repositories, all serving ROOT/llama3-8b:
 *   test/gated    401 unless "Authorization: Bearer hf_testtoken"
 *   test/flaky    503 (with Retry-After: 0) for the first two requests of each path
 *   test/flaky1   503 (with Retry-After: 0) for its first revision lookup only
 *   test/norange  ignores Range and answers 200 with the whole file
 *   test/drip     files arrive at 2 bytes a second
 *   test/liar     Content-Range claims every file is 8 TiB
 *   test/loop     the API redirects to itself, forever
 *   test/fileurl  the API redirects to file:///etc/passwd
 * Any other name is the folder ROOT/NAME (e.g. a fixture made by run.sh).
 * It exits by itself after LIFETIME seconds (default 120).
 * usage: hub_server ROOT [LIFETIME]
 */
#include <arpa/inet.h>
#include <dirent.h>
#include <netinet/in.h>
#include <stdbool.h>
#include <fcntl.h>
#include <microhttpd.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static const char *root;

static struct {
	char path[512];
	int count;
} seen[256];
static int nseen;

static int times_seen(const char *path)
{
	for (int i = 0; i < nseen; i++)
		if (!strcmp(seen[i].path, path))
			return ++seen[i].count;
	if (nseen < 256) {
		snprintf(seen[nseen].path, sizeof seen[nseen].path, "%s", path);
		seen[nseen].count = 1;
		nseen++;
	}
	return 1;
}

static void commit_of(const char *name, char out[41])
{
	uint64_t h = 1469598103934665603ull;
	for (const char *p = name; *p; p++)
		h = (h ^ (unsigned char)*p) * 1099511628211ull;
	for (int i = 0; i < 40; i++) {
		out[i] = "0123456789abcdef"[h & 15];
		h = h * 6364136223846793005ull + 1442695040888963407ull;
	}
	out[40] = 0;
}

static enum MHD_Result send_text(struct MHD_Connection *c, unsigned code, const char *body, const char *type)
{
	struct MHD_Response *r = MHD_create_response_from_buffer(strlen(body), (void *)body, MHD_RESPMEM_MUST_COPY);
	MHD_add_response_header(r, "Content-Type", type);
	if (code == 503)
		MHD_add_response_header(r, "Retry-After", "0");
	enum MHD_Result ret = MHD_queue_response(c, code, r);
	MHD_destroy_response(r);
	return ret;
}

/* test/drip: one byte every half second */
static ssize_t drip(void *cls, uint64_t pos, char *buf, size_t max)
{
	(void)cls;
	(void)max;
	struct timespec ts = {0, 500000000};
	nanosleep(&ts, NULL);
	buf[0] = (char)(pos & 0x7f);
	return 1;
}

static enum MHD_Result redirect(struct MHD_Connection *c, const char *to)
{
	struct MHD_Response *r = MHD_create_response_from_buffer(0, (void *)"", MHD_RESPMEM_PERSISTENT);
	MHD_add_response_header(r, "Location", to);
	enum MHD_Result ret = MHD_queue_response(c, 302, r);
	MHD_destroy_response(r);
	return ret;
}

static bool safe(const char *s) { return *s && !strstr(s, "..") && !strchr(s, '/'); }

static enum MHD_Result handler(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                               const char *version, const char *upload, size_t *upload_size, void **state)
{
	(void)cls; (void)version; (void)upload; (void)upload_size; (void)state;
	if (strcmp(method, "GET") != 0)
		return send_text(c, 405, "{\"error\":\"method\"}", "application/json");
	char name[128] = "", rev[128] = "", file[256] = "";
	bool api = sscanf(url, "/api/models/test/%127[^/]/revision/%127s", name, rev) == 2;
	if (!api && sscanf(url, "/test/%127[^/]/resolve/%127[^/]/%255s", name, rev, file) != 3)
		return send_text(c, 404, "{\"error\":\"Not Found\"}", "application/json");
	const char *dir = name;
	if (!strcmp(name, "gated")) {
		const char *auth = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Authorization");
		if (!auth || strcmp(auth, "Bearer hf_testtoken") != 0)
			return send_text(c, 401, "{\"error\":\"Access to model test/gated is restricted.\"}", "application/json");
		dir = "llama3-8b";
	}
	if (!strcmp(name, "flaky")) {
		if (times_seen(url) <= 2)
			return send_text(c, 503, "{\"error\":\"busy\"}", "application/json");
		dir = "llama3-8b";
	}
	if (!strcmp(name, "flaky1")) {
		if (api && times_seen(url) <= 1)
			return send_text(c, 503, "{\"error\":\"busy\"}", "application/json");
		dir = "llama3-8b";
	}
	bool norange = !strcmp(name, "norange");
	bool dripping = !strcmp(name, "drip"), liar = !strcmp(name, "liar");
	if (norange || dripping || liar)
		dir = "llama3-8b";
	if (!strcmp(name, "loop"))
		return redirect(c, url);
	if (!strcmp(name, "fileurl"))
		return redirect(c, "file:///etc/passwd");
	char path[1024], commit[41];
	snprintf(path, sizeof path, "%s/%s", root, dir);
	struct stat st;
	if (!safe(name) || stat(path, &st) != 0 || !S_ISDIR(st.st_mode))
		return send_text(c, 404, "{\"error\":\"Repository Not Found\"}", "application/json");
	commit_of(name, commit);
	if (strcmp(rev, "main") != 0 && strcmp(rev, commit) != 0)
		return send_text(c, 404, "{\"error\":\"Revision Not Found\"}", "application/json");
	if (api) {
		char body[16384];
		size_t n = (size_t)snprintf(body, sizeof body, "{\"id\":\"test/%s\",\"sha\":\"%s\",\"siblings\":[", name, commit);
		DIR *d = opendir(path);
		struct dirent *e;
		bool first = true;
		while (d && (e = readdir(d)) && n < sizeof body - 300)
			if (e->d_name[0] != '.') {
				n += (size_t)snprintf(body + n, sizeof body - n, "%s{\"rfilename\":\"%s\"}", first ? "" : ",", e->d_name);
				first = false;
			}
		if (d)
			closedir(d);
		snprintf(body + n, sizeof body - n, "]}");
		return send_text(c, 200, body, "application/json");
	}
	if (!safe(file))
		return send_text(c, 404, "{\"error\":\"Entry Not Found\"}", "application/json");
	snprintf(path, sizeof path, "%s/%s/%s", root, dir, file);
	int fd = open(path, O_RDONLY);
	if (fd < 0 || fstat(fd, &st) != 0) {
		if (fd >= 0)
			close(fd);
		return send_text(c, 404, "{\"error\":\"Entry Not Found\"}", "application/json");
	}
	uint64_t size = (uint64_t)st.st_size, from = 0, to = size ? size - 1 : 0;
	const char *range = norange ? NULL : MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Range");
	unsigned code = 200;
	if (range) {
		unsigned long long a, b;
		if (sscanf(range, "bytes=%llu-%llu", &a, &b) != 2 || a > b || a >= size) {
			close(fd);
			return send_text(c, 416, "{\"error\":\"range\"}", "application/json");
		}
		from = a;
		to = b < size ? b : size - 1;
		code = 206;
	}
	struct MHD_Response *r;
	if (dripping) {
		close(fd);
		r = MHD_create_response_from_callback(to - from + 1, 1, drip, NULL, NULL);
	} else {
		r = MHD_create_response_from_fd_at_offset64(to - from + 1, fd, (uint64_t)from);
	}
	if (code == 206) {
		char cr[128];
		snprintf(cr, sizeof cr, "bytes %llu-%llu/%llu", (unsigned long long)from, (unsigned long long)to,
		         liar ? 8ull << 40 : (unsigned long long)size);
		MHD_add_response_header(r, "Content-Range", cr);
	}
	MHD_add_response_header(r, "Accept-Ranges", "bytes");
	enum MHD_Result ret = MHD_queue_response(c, code, r);
	MHD_destroy_response(r);
	return ret;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: hub_server ROOT [LIFETIME]\n");
		return 2;
	}
	root = argv[1];
	int lifetime = argc > 2 ? (int)strtol(argv[2], NULL, 10) : 120;
	if (lifetime <= 0 || lifetime > 3600)
		lifetime = 120;
	struct sockaddr_in addr;
	memset(&addr, 0, sizeof addr);
	addr.sin_family = AF_INET;
	addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	addr.sin_port = 0;
	/* a thread per connection: test/drip sleeps inside its responses */
	struct MHD_Daemon *d = MHD_start_daemon(MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD |
	                                        MHD_USE_ERROR_LOG, 0, NULL, NULL, handler,
	                                        NULL, MHD_OPTION_SOCK_ADDR, &addr, MHD_OPTION_CONNECTION_TIMEOUT, 10u,
	                                        MHD_OPTION_END);
	if (!d) {
		fprintf(stderr, "hub_server: cannot start\n");
		return 1;
	}
	const union MHD_DaemonInfo *info = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
	printf("%u\n", info ? info->port : 0);
	fflush(stdout);
	for (int i = 0; i < lifetime * 10; i++) {
		struct timespec ts = {0, 100000000};
		nanosleep(&ts, NULL);
	}
	MHD_stop_daemon(d);
	return 0;
}
