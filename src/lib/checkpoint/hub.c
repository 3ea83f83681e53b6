/*
 * hub.c — Hugging Face hub access by HTTP range requests (gpusizer/hub.h).
 */
#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <stdatomic.h>
#include <time.h>
#include <unistd.h>
#include <curl/curl.h>
#include <jansson.h>
#include "gpusizer/file.h"
#include "gpusizer/hub.h"
#include "gpusizer/inventory.h"

#define MAX_SMALL_FILE (8u << 20)   /* config.json, index, API answers */
#define FIRST_RANGE (32u << 10)     /* a first look at each header     */
#define MAX_TRIES 4
#define MAX_FILES GS_SAFETENSORS_MAX_SHARDS /* gpusizer/inventory.h */
/* Header bytes held at once over all files of one model: a real 8B model's
 * safetensors headers take well under 1 MiB, a 405B model's about 4 MiB. */
#define HEADER_BUDGET (32u << 20)
#define DEFAULT_TIMEOUT_S 120      /* per model, all requests together      */
#define REQUEST_TIMEOUT_S 60       /* one request                           */
#define LOW_SPEED_BYTES 1024       /* slower than this ...                  */
#define LOW_SPEED_SECONDS 15       /* ... for this long is a failed request */
#define RETRY_FIRST_MS 500         /* the first back-off; it doubles each try */

static unsigned g_timeout_s;              /* 0: $GPUSIZER_HUB_TIMEOUT or the default */
static atomic_int g_cancel; /* set by gs_hub_cancel (lock-free: safe in a signal handler) */

void gs_hub_set_timeout(unsigned seconds) { g_timeout_s = seconds; }
void gs_hub_cancel(void) { g_cancel = 1; }

static int64_t now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* What sets the limit, for the message that suggests raising it: the
 * embedding program's setting (serve's --hub-timeout) or the environment. */
static const char *timeout_knob(void)
{
	return g_timeout_s ? "the program's hub time limit (gpusizer serve --hub-timeout)"
	                   : "GPUSIZER_HUB_TIMEOUT";
}

static unsigned timeout_s(void)
{
	if (g_timeout_s)
		return g_timeout_s;
	const char *e = getenv("GPUSIZER_HUB_TIMEOUT");
	char *end;
	long v = e && *e ? strtol(e, &end, 10) : 0;
	return e && *e && !*end && v > 0 && v <= 86400 ? (unsigned)v : DEFAULT_TIMEOUT_S;
}

/* The first back-off in ms: $GPUSIZER_HUB_RETRY_MS, a test-only knob (the
 * tests' closed ports and flaky servers retry at once with 0), else
 * RETRY_FIRST_MS. Read once per process, whichever thread fetches first. */
static long g_retry_first_ms = RETRY_FIRST_MS;
static pthread_once_t g_retry_once = PTHREAD_ONCE_INIT;

static void read_retry_knob(void)
{
	const char *e = getenv("GPUSIZER_HUB_RETRY_MS");
	char *end;
	long v = e && *e ? strtol(e, &end, 10) : -1;
	if (e && *e && !*end && v >= 0 && v <= 10000)
		g_retry_first_ms = v;
}

static long retry_first_ms(void)
{
	pthread_once(&g_retry_once, read_retry_knob);
	return g_retry_first_ms;
}

typedef struct hub {
	char endpoint[512];
	char auth[600];       /* "Authorization: Bearer ..." or "" (never printed) */
	char org[96], name[96], rev[128], file[256];
	char cache[1024];     /* .../hub/org/name                                 */
	gs_hub_result *res;
	gs_error *err;
	int64_t deadline;     /* monotonic ms: every request ends by then          */
	unsigned timeout;     /* the per-model limit it came from, in seconds      */
} hub;

/* --- ids ------------------------------------------------------------------------ */

static bool part_ok(const char *s, size_t n, bool slash)
{
	if (!n || n > 95 || s[0] == '.' || s[0] == '-')
		return false;
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)s[i]) && s[i] != '-' && s[i] != '_' && s[i] != '.' &&
		    !(slash && s[i] == '/'))
			return false;
	return !strstr(s, "..") || (size_t)(strstr(s, "..") - s) >= n;
}

static bool parse_id(const char *id, hub *h)
{
	const char *slash = strchr(id, '/');
	if (!slash)
		return false;
	const char *at = strchr(slash, '@'), *colon = strchr(slash, ':');
	const char *name_end = at ? at : colon ? colon : id + strlen(id);
	if (!part_ok(id, (size_t)(slash - id), false) ||
	    !part_ok(slash + 1, (size_t)(name_end - slash - 1), false))
		return false;
	snprintf(h->org, sizeof h->org, "%.*s", (int)(slash - id), id);
	snprintf(h->name, sizeof h->name, "%.*s", (int)(name_end - slash - 1), slash + 1);
	h->rev[0] = h->file[0] = 0;
	if (at) {
		const char *rev_end = colon && colon > at ? colon : at + strlen(at);
		if (!part_ok(at + 1, (size_t)(rev_end - at - 1), true))
			return false;
		snprintf(h->rev, sizeof h->rev, "%.*s", (int)(rev_end - at - 1), at + 1);
	}
	if (colon) {
		size_t n = strlen(colon + 1);
		if (!part_ok(colon + 1, n, false) || n < 6 || strcmp(colon + 1 + n - 5, ".gguf") != 0)
			return false;
		snprintf(h->file, sizeof h->file, "%s", colon + 1);
	}
	return true;
}

bool gs_hub_id_shape(const char *text)
{
	hub h;
	return text[0] != '.' && text[0] != '/' && parse_id(text, &h);
}

bool gs_hub_is_id(const char *text)
{
	struct stat st;
	return gs_hub_id_shape(text) && stat(text, &st) != 0;
}

/* --- HTTP ----------------------------------------------------------------------- */

typedef struct xfer {
	CURL *c;
	struct curl_slist *headers;
	unsigned char *buf;
	size_t len, cap, limit;   /* limit: the most bytes this request may bring */
	bool overflow;
	uint64_t total;           /* from Content-Range, 0 when absent: a claim, only checked */
	long retry_after;
	CURLcode result;          /* the transfer's own outcome                   */
	char url[1400];
} xfer;

static size_t on_body(char *p, size_t sz, size_t n, void *ud)
{
	xfer *x = ud;
	size_t k = sz * n;
	if (x->len + k > x->limit) {
		x->overflow = true; /* more than asked: stop, never download a whole file */
		return 0;
	}
	if (x->len + k > x->cap) {
		size_t cap = (x->len + k) * 2 < x->limit ? (x->len + k) * 2 : x->limit;
		unsigned char *b = realloc(x->buf, cap ? cap : 1);
		if (!b)
			return 0;
		x->buf = b;
		x->cap = cap;
	}
	memcpy(x->buf + x->len, p, k);
	x->len += k;
	return k;
}

static size_t on_header(char *p, size_t sz, size_t n, void *ud)
{
	xfer *x = ud;
	size_t k = sz * n;
	if (k > 14 && strncasecmp(p, "content-range:", 14) == 0) {
		const char *slash = memchr(p, '/', k);
		if (slash)
			x->total = strtoull(slash + 1, NULL, 10);
	} else if (k > 12 && strncasecmp(p, "retry-after:", 12) == 0) {
		x->retry_after = strtol(p + 12, NULL, 10);
	}
	return k;
}

static int on_progress(void *ud, curl_off_t dt, curl_off_t dn, curl_off_t ut, curl_off_t un)
{
	(void)ud, (void)dt, (void)dn, (void)ut, (void)un;
	return g_cancel ? 1 : 0; /* non-zero aborts the transfer (CURLE_ABORTED_BY_CALLBACK) */
}

static bool xfer_init(hub *h, xfer *x, const char *url, uint64_t from, uint64_t to, size_t limit)
{
	memset(x, 0, sizeof *x);
	snprintf(x->url, sizeof x->url, "%s", url);
	x->limit = limit;
	x->c = curl_easy_init();
	if (!x->c)
		return false;
	curl_easy_setopt(x->c, CURLOPT_URL, url);
	curl_easy_setopt(x->c, CURLOPT_FOLLOWLOCATION, 1L);
	curl_easy_setopt(x->c, CURLOPT_MAXREDIRS, 5L);
	curl_easy_setopt(x->c, CURLOPT_WRITEFUNCTION, on_body);
	curl_easy_setopt(x->c, CURLOPT_WRITEDATA, x);
	curl_easy_setopt(x->c, CURLOPT_HEADERFUNCTION, on_header);
	curl_easy_setopt(x->c, CURLOPT_HEADERDATA, x);
	curl_easy_setopt(x->c, CURLOPT_USERAGENT, "gpusizer/0.1");
	curl_easy_setopt(x->c, CURLOPT_CONNECTTIMEOUT, 15L);
	curl_easy_setopt(x->c, CURLOPT_LOW_SPEED_LIMIT, (long)LOW_SPEED_BYTES);
	curl_easy_setopt(x->c, CURLOPT_LOW_SPEED_TIME, (long)LOW_SPEED_SECONDS);
	int64_t left = h->deadline - now_ms();
	if (left > REQUEST_TIMEOUT_S * 1000)
		left = REQUEST_TIMEOUT_S * 1000;
	curl_easy_setopt(x->c, CURLOPT_TIMEOUT_MS, (long)(left > 1 ? left : 1));
	curl_easy_setopt(x->c, CURLOPT_NOPROGRESS, 0L);
	curl_easy_setopt(x->c, CURLOPT_XFERINFOFUNCTION, on_progress);
	curl_easy_setopt(x->c, CURLOPT_PROTOCOLS_STR, "http,https");
	curl_easy_setopt(x->c, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
	if (h->auth[0]) /* a custom Authorization header is not sent to other hosts on redirect */
		x->headers = curl_slist_append(x->headers, h->auth);
	if (to) {
		char range[80];
		snprintf(range, sizeof range, "Range: bytes=%llu-%llu", (unsigned long long)from,
		         (unsigned long long)to - 1);
		x->headers = curl_slist_append(x->headers, range);
	}
	curl_easy_setopt(x->c, CURLOPT_HTTPHEADER, x->headers);
	return true;
}

static void xfer_free(xfer *x)
{
	if (x->c)
		curl_easy_cleanup(x->c);
	curl_slist_free_all(x->headers);
	free(x->buf);
	memset(x, 0, sizeof *x);
}

/* What an HTTP status means for this request, for the user; `body` may
 * hold the hub's own words ({"error": "Revision Not Found"}). */
static gs_status http_error(hub *h, long code, const char *what, const char *url, const xfer *x)
{
	char said[120] = "";
	json_t *j = x->len ? json_loadb((const char *)x->buf, x->len, 0, NULL) : NULL;
	const char *e = json_string_value(json_object_get(j, "error"));
	if (e)
		for (size_t i = 0, k = 0; e[i] && k < sizeof said - 1; i++)
			said[k++] = (e[i] >= 32 && e[i] < 127) ? e[i] : '?'; /* printable only */
	json_decref(j);
	if (code == 404 && said[0])
		return gs_error_set(h->err, GS_ENET, NULL, "%s/%s: HTTP 404 for %s: %s (revision \"%s\"; %s)",
		                    h->org, h->name, what, said, h->rev, url);
	if (code == 401 || code == 403)
		return gs_error_set(h->err, GS_ENET, NULL,
		                    "%s/%s: HTTP %ld: the model is gated or private. Request access on its "
		                    "page (%s/%s/%s), then set HF_TOKEN to a token of that account%s",
		                    h->org, h->name, code, h->endpoint, h->org, h->name,
		                    h->auth[0] ? " (the current HF_TOKEN was refused)" : "");
	if (code == 404)
		return gs_error_set(h->err, GS_ENET, NULL, "%s/%s: HTTP 404: %s not found (%s)", h->org,
		                    h->name, what, url);
	return gs_error_set(h->err, GS_ENET, NULL, "%s/%s: HTTP %ld for %s (%s)", h->org, h->name, code, what,
	                    url);
}

/* A transfer that failed below HTTP because the connection did: worth a
 * retry, and "cannot reach" once the tries run out. */
static bool transient(CURLcode r)
{
	return r == CURLE_COULDNT_RESOLVE_HOST || r == CURLE_COULDNT_CONNECT || r == CURLE_RECV_ERROR ||
	       r == CURLE_SEND_ERROR || r == CURLE_GOT_NOTHING || r == CURLE_PARTIAL_FILE;
}

/* Any other transfer that failed below HTTP: say which file, why, and how
 * much of it arrived. */
static gs_status transfer_error(hub *h, const xfer *x, const char *what, uint64_t asked)
{
	char got[96];
	if (asked)
		snprintf(got, sizeof got, "%zu bytes of the %llu asked had arrived", x->len,
		         (unsigned long long)asked);
	else
		snprintf(got, sizeof got, "%zu bytes had arrived", x->len);
	switch (x->result) {
	case CURLE_OPERATION_TIMEDOUT:
		if (now_ms() + 50 >= h->deadline)
			return gs_error_set(h->err, GS_ENET, NULL,
			                    "%s/%s: %s: stopped at the %u s limit for this model; %s (raise "
			                    "%s to allow longer)",
			                    h->org, h->name, what, h->timeout, got, timeout_knob());
		return gs_error_set(h->err, GS_ENET, NULL,
		                    "%s/%s: %s: slower than %d bytes/s for %d s, or over %d s for one "
		                    "request; %s",
		                    h->org, h->name, what, LOW_SPEED_BYTES, LOW_SPEED_SECONDS,
		                    REQUEST_TIMEOUT_S, got);
	case CURLE_ABORTED_BY_CALLBACK:
		return gs_error_set(h->err, GS_ENET, NULL,
		                    "%s/%s: %s: cancelled (the program is stopping); %s", h->org, h->name,
		                    what, got);
	case CURLE_TOO_MANY_REDIRECTS:
		return gs_error_set(h->err, GS_ENET, NULL,
		                    "%s/%s: %s: more than 5 redirects (a redirect loop at %s?)", h->org,
		                    h->name, what, h->endpoint);
	case CURLE_UNSUPPORTED_PROTOCOL:
		return gs_error_set(h->err, GS_ENET, NULL,
		                    "%s/%s: %s: the server redirected to an address that is not http or "
		                    "https; refused",
		                    h->org, h->name, what);
	default:
		return gs_error_set(h->err, GS_ENET, NULL, "%s/%s: %s: %s; %s", h->org, h->name, what,
		                    curl_easy_strerror(x->result), got);
	}
}

static void sleep_ms(long ms)
{
	struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
	nanosleep(&ts, NULL);
}

/* Run transfers in parallel; retry the ones that got 429/5xx or a connection
 * error. what[i] names each for messages. Returns the first failure. */
/* Drive the transfers in mh until none runs; record each one's outcome. */
static void perform(CURLM *mh, xfer *xs, size_t n)
{
	int running = 1;
	while (running) {
		if (curl_multi_perform(mh, &running) != CURLM_OK)
			break;
		if (running)
			curl_multi_poll(mh, NULL, 0, 200, NULL);
	}
	CURLMsg *msg;
	int queued;
	while ((msg = curl_multi_info_read(mh, &queued)))
		for (size_t i = 0; msg->msg == CURLMSG_DONE && i < n; i++)
			if (xs[i].c == msg->easy_handle)
				xs[i].result = msg->data.result;
}

/* A finished transfer that will not be retried: its HTTP status and bytes
 * must be what was asked. */
static gs_status judge(hub *h, const xfer *x, const char *what, long code, uint64_t from, uint64_t to)
{
	if (code == 0)
		return gs_error_set(h->err, GS_ENET, NULL,
		                    "%s/%s: cannot reach %s for %s (HF_ENDPOINT=%s); set HF_HUB_OFFLINE=1 to "
		                    "use the cache",
		                    h->org, h->name, h->endpoint, what, h->endpoint);
	if (code != 200 && code != 206)
		return http_error(h, code, what, x->url, x);
	if (to && code == 200)
		return gs_error_set(h->err, GS_ENET, NULL,
		                    "%s/%s: the server ignored the Range request for %s", h->org, h->name,
		                    what);
	uint64_t asked = to ? to - from : 0;
	uint64_t end = x->total ? x->total : UINT64_MAX;
	if (asked && x->len < asked && from + x->len < end)
		return gs_error_set(h->err, GS_ENET, NULL,
		                    "%s/%s: truncated answer for %s: %zu of %llu bytes", h->org, h->name,
		                    what, x->len, (unsigned long long)asked);
	return GS_OK;
}

/* Start transfer x again from scratch; its back-off goes into *wait_ms. */
static gs_status restart(hub *h, xfer *x, int tries, uint64_t from, uint64_t to, long *wait_ms)
{
	long backoff = retry_first_ms() << (tries - 1); /* tries: 1 before the first retry */
	if (x->retry_after > 0)
		backoff = (x->retry_after > 10 ? 10 : x->retry_after) * 1000;
	if (backoff > *wait_ms)
		*wait_ms = backoff;
	h->res->retries++;
	char url[1400];
	snprintf(url, sizeof url, "%s", x->url);
	size_t limit = x->limit;
	xfer_free(x);
	return xfer_init(h, x, url, from, to, limit) ? GS_OK
	                                             : gs_error_set(h->err, GS_ENOMEM, NULL, "out of memory");
}

static gs_status run_all(hub *h, xfer *xs, size_t n, uint64_t *from, uint64_t *to, const char *const *what)
{
	CURLM *mh = curl_multi_init();
	if (!mh)
		return gs_error_set(h->err, GS_ENOMEM, NULL, "out of memory");
	bool *done = calloc(n ? n : 1, sizeof *done);
	int *tries = calloc(n ? n : 1, sizeof *tries);
	gs_status s = GS_OK;
	if (!done || !tries) {
		s = gs_error_set(h->err, GS_ENOMEM, NULL, "out of memory");
		goto out;
	}
	for (;;) {
		size_t active = 0;
		for (size_t i = 0; i < n; i++)
			if (!done[i]) {
				curl_multi_add_handle(mh, xs[i].c);
				active++;
				h->res->requests++;
			}
		if (!active)
			break;
		perform(mh, xs, n);
		long wait_ms = 0;
		for (size_t i = 0; i < n; i++) {
			if (done[i])
				continue;
			curl_multi_remove_handle(mh, xs[i].c);
			long code = 0;
			curl_easy_getinfo(xs[i].c, CURLINFO_RESPONSE_CODE, &code);
			h->res->bytes += xs[i].len;
			uint64_t f = from ? from[i] : 0, t = to ? to[i] : 0;
			if (xs[i].overflow) {
				s = gs_error_set(h->err, GS_ENET, NULL,
				                 "%s/%s: the server sent more than the %zu bytes asked for "
				                 "%s (HTTP %ld%s): stopped rather than download it",
				                 h->org, h->name, xs[i].limit, what[i], code,
				                 code == 200 && t ? ", it ignored the Range request" : "");
				goto out;
			}
			if (xs[i].result != CURLE_OK && xs[i].result != CURLE_WRITE_ERROR &&
			    !transient(xs[i].result)) {
				s = transfer_error(h, &xs[i], what[i], t ? t - f : 0);
				goto out;
			}
			bool retry = code == 429 || code >= 500 || code == 0;
			if (retry && now_ms() + 250 >= h->deadline) {
				s = gs_error_set(h->err, GS_ENET, NULL,
				                 "%s/%s: %s: no answer within the %u s limit for this model "
				                 "(HTTP %ld; raise %s to allow longer)",
				                 h->org, h->name, what[i], h->timeout, code, timeout_knob());
				goto out;
			}
			if (retry && ++tries[i] < MAX_TRIES) {
				if ((s = restart(h, &xs[i], tries[i], f, t, &wait_ms)))
					goto out;
				continue;
			}
			done[i] = true;
			if ((s = judge(h, &xs[i], what[i], code, f, t)))
				goto out;
		}
		if (wait_ms)
			sleep_ms(wait_ms);
	}
out:
	curl_multi_cleanup(mh);
	free(done);
	free(tries);
	return s;
}

static gs_status get_small(hub *h, const char *url, const char *what, xfer *x)
{
	if (!xfer_init(h, x, url, 0, 0, MAX_SMALL_FILE))
		return gs_error_set(h->err, GS_ENOMEM, NULL, "out of memory");
	const char *w[1] = {what};
	return run_all(h, x, 1, NULL, NULL, w);
}

/* --- cache ----------------------------------------------------------------------- */

static gs_status mkdirs(hub *h, const char *path)
{
	char tmp[1100];
	snprintf(tmp, sizeof tmp, "%s", path);
	for (char *p = tmp + 1; *p; p++)
		if (*p == '/') {
			*p = 0;
			if (mkdir(tmp, 0755) != 0 && errno != EEXIST)
				return gs_error_set(h->err, GS_EIO, tmp, "cannot create the cache folder: %s",
				                    strerror(errno));
			*p = '/';
		}
	if (mkdir(tmp, 0755) != 0 && errno != EEXIST)
		return gs_error_set(h->err, GS_EIO, tmp, "cannot create the cache folder: %s",
		                    strerror(errno));
	return GS_OK;
}

/* Write `len` bytes, then extend to `size` (sparse), atomically by rename. */
static gs_status write_atomic(hub *h, const char *path, const void *data, size_t len, uint64_t size)
{
	char tmp[1200];
	/* a name of this writer's own: threads of one process (serve) writing
	 * the same file shared "path.tmp.<pid>", and one renamed it away from
	 * under another; each renames its own now, and the last rename wins */
	snprintf(tmp, sizeof tmp, "%s.tmp.XXXXXX", path);
	int fd = mkstemp(tmp);
	if (fd < 0)
		return gs_error_set(h->err, GS_EIO, path, "cannot write the cache: %s", strerror(errno));
	if (fchmod(fd, 0644) != 0) { /* mkstemp makes 0600: the cache is shared like the hub's own */
		close(fd);
		unlink(tmp);
		return gs_error_set(h->err, GS_EIO, path, "cannot write the cache: %s", strerror(errno));
	}
	bool ok = write(fd, data, len) == (ssize_t)len && (size <= len || ftruncate(fd, (off_t)size) == 0);
	ok = close(fd) == 0 && ok;
	if (!ok || rename(tmp, path) != 0) {
		unlink(tmp);
		return gs_error_set(h->err, GS_EIO, path, "cannot write the cache: %s", strerror(errno));
	}
	return GS_OK;
}

/* A small cache file (a ref, a marker) into buf; false when absent, not a
 * regular file or larger than buf. */
static bool read_small(const char *path, char *buf, size_t cap)
{
	char *b;
	size_t n;
	if (gs_file_read(path, cap - 1, "a hub cache marker", &b, &n, NULL))
		return false;
	memcpy(buf, b, n + 1);
	free(b);
	while (n && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		buf[--n] = 0;
	return n > 0;
}

static bool is_commit(const char *s)
{
	size_t n = strlen(s);
	if (n != 40)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!isxdigit((unsigned char)s[i]))
			return false;
	return true;
}

static void set_snapshot(hub *h, const char *gguf)
{
	if (gguf && *gguf)
		snprintf(h->res->snapshot, sizeof h->res->snapshot, "%.700s/snapshots/%.40s/%.200s", h->cache,
		         h->res->commit, gguf);
	else
		snprintf(h->res->snapshot, sizeof h->res->snapshot, "%.900s/snapshots/%s", h->cache,
		         h->res->commit);
}

/* --- fetching --------------------------------------------------------------------- */

/* Write one file's header into the snapshot as a sparse file of the size
 * its header describes (`end`), never the size a server claims: a
 * Content-Range total below `end` means the two disagree, and is an error. */
static gs_status keep_header(hub *h, const char *snap, const char *file, const unsigned char *buf, size_t len,
                             uint64_t claimed, uint64_t end)
{
	if (claimed && claimed < end)
		return gs_error_set(h->err, GS_ENET, NULL,
		                    "%s/%s: %s: the server says the file has %llu bytes, but its header "
		                    "describes %llu",
		                    h->org, h->name, file, (unsigned long long)claimed,
		                    (unsigned long long)end);
	char path[1400];
	snprintf(path, sizeof path, "%s/%s", snap, file);
	return write_atomic(h, path, buf, len, end > len ? end : len);
}

/* One file's header as it arrives over several ranges. */
typedef struct partial {
	unsigned char *have; /* the prefix read so far (NULL once written) */
	size_t got;
	uint64_t need;       /* the prefix the parser asks for */
	uint64_t size;       /* the server's Content-Range total: a claim */
} partial;

/* Refuse a round that would hold more header bytes than the budget. */
static gs_status check_budget(hub *h, const partial *p, char **files, size_t n)
{
	uint64_t held = 0;
	size_t widest = 0;
	for (size_t i = 0; i < n; i++)
		if (p[i].have || p[i].need > p[i].got) {
			held += p[i].need > p[i].got ? p[i].need : p[i].got;
			if (p[i].need > p[widest].need)
				widest = i;
		}
	if (held <= HEADER_BUDGET)
		return GS_OK;
	return gs_error_set(h->err, GS_ENET, NULL,
	                    "%s/%s: the headers would take %llu bytes at once (%s alone asks for %llu), over "
	                    "the %u MiB this client holds for one model",
	                    h->org, h->name, (unsigned long long)held, files[widest],
	                    (unsigned long long)p[widest].need, HEADER_BUDGET >> 20);
}

/* Append a range to the file's prefix and ask its parser how much it needs;
 * a complete header is written to the snapshot and its memory freed. */
static gs_status absorb(hub *h, const char *snap, const char *file, partial *p, const xfer *x)
{
	unsigned char *b = realloc(p->have, p->got + x->len + 1);
	if (!b)
		return gs_error_set(h->err, GS_ENOMEM, NULL, "out of memory");
	memcpy(b + p->got, x->buf, x->len);
	p->have = b;
	p->got += x->len;
	if (x->total)
		p->size = x->total; /* a claim: it bounds the parser, it never sizes a file */
	gs_inventory *inv = gs_inventory_new();
	if (!inv)
		return gs_error_set(h->err, GS_ENOMEM, NULL, "out of memory");
	gs_error perr;
	uint64_t more = 0;
	size_t len = strlen(file);
	bool gguf = len > 5 && strcmp(file + len - 5, ".gguf") == 0;
	/* the size is not given to the parser: a server's claim must not shape
	 * what is read; keep_header compares the two afterwards */
	gs_status ps = gguf ? gs_gguf_parse(inv, p->have, p->got, 0, file, &more, &perr)
	                    : gs_safetensors_parse(inv, p->have, p->got, 0, file, 0, &more, &perr);
	uint64_t end = gs_inventory_file_end(inv);
	gs_inventory_free(inv);
	if (ps && more > p->got && (!p->size || more <= p->size)) {
		p->need = more;
		return GS_OK;
	}
	if (ps) {
		*h->err = perr; /* a malformed header: say so as the reader does */
		return ps;
	}
	p->need = p->got;
	gs_status s = keep_header(h, snap, file, p->have, p->got, p->size, end);
	free(p->have); /* written: its memory goes back to the budget */
	p->have = NULL;
	return s;
}

/* Fetch the headers of `files` (in the snapshot) by ranges, in parallel:
 * a first look at each, then as much more as each parser asks for. */
static gs_status fetch_headers(hub *h, const char *snap, char **files, size_t n, const char *base_url)
{
	xfer *xs = calloc(n, sizeof *xs);
	partial *p = calloc(n, sizeof *p);
	uint64_t *from = calloc(n, sizeof *from), *to = calloc(n, sizeof *to);
	gs_status s = GS_OK;
	if (!xs || !p || !from || !to) {
		s = gs_error_set(h->err, GS_ENOMEM, NULL, "out of memory");
		goto out;
	}
	for (size_t i = 0; i < n; i++)
		p[i].need = FIRST_RANGE;
	for (int round = 0; round < 12 && !s; round++) {
		size_t k = 0, idx[MAX_FILES];
		const char *names[MAX_FILES];
		if ((s = check_budget(h, p, files, n)))
			break;
		for (size_t i = 0; i < n && !s; i++) {
			if (p[i].need <= p[i].got)
				continue;
			char url[1400];
			snprintf(url, sizeof url, "%s/%s", base_url, files[i]);
			from[k] = p[i].got;
			to[k] = p[i].need;
			names[k] = files[i];
			idx[k] = i;
			if (!xfer_init(h, &xs[k], url, from[k], to[k], (size_t)(to[k] - from[k])))
				s = gs_error_set(h->err, GS_ENOMEM, NULL, "out of memory");
			else
				k++;
		}
		if (!s && !k)
			break;
		if (!s)
			s = run_all(h, xs, k, from, to, names);
		for (size_t j = 0; j < k && !s; j++)
			s = absorb(h, snap, files[idx[j]], &p[idx[j]], &xs[j]);
		for (size_t j = 0; j < k; j++)
			xfer_free(&xs[j]);
	}
	for (size_t i = 0; i < n && !s; i++)
		if (p[i].need > p[i].got)
			s = gs_error_set(h->err, GS_ENET, NULL,
			                 "%s/%s: %s: the header was still incomplete after 12 rounds of "
			                 "ranges",
			                 h->org, h->name, files[i]);
out:
	for (size_t i = 0; p && i < n; i++)
		free(p[i].have);
	free(xs);
	free(p);
	free(from);
	free(to);
	return s;
}

/* A small file the repository lists, whole, into the snapshot. */
static gs_status fetch_small_file(hub *h, const char *snap, const char *base, const char *name)
{
	char url[1400], path[1400];
	xfer x;
	snprintf(url, sizeof url, "%s/%s", base, name);
	gs_status s = get_small(h, url, name, &x);
	if (!s) {
		snprintf(path, sizeof path, "%s/%s", snap, name);
		s = write_atomic(h, path, x.buf, x.len, 0);
	}
	xfer_free(&x);
	return s;
}

/* config.json and the index whole, then the shard headers. */
static gs_status fetch_safetensors(hub *h, const char *snap, const char *base, bool index)
{
	gs_status s;
	char url[1400], path[1400];
	xfer x;
		char *files[MAX_FILES];
	size_t n = 0;
	snprintf(url, sizeof url, "%s/config.json", base);
	if (!(s = get_small(h, url, "config.json", &x))) {
		snprintf(path, sizeof path, "%s/config.json", snap);
		s = write_atomic(h, path, x.buf, x.len, 0);
	}
	xfer_free(&x);
	char **shards = NULL;
	size_t nshards = 0;
	if (!s && index) {
		snprintf(url, sizeof url, "%s/model.safetensors.index.json", base);
		if (!(s = get_small(h, url, "model.safetensors.index.json", &x))) {
			uint64_t total;
			s = gs_safetensors_index_parse(x.buf, x.len, "model.safetensors.index.json", &shards,
			                               &nshards, &total, h->err);
			snprintf(path, sizeof path, "%s/model.safetensors.index.json", snap);
			if (!s)
				s = write_atomic(h, path, x.buf, x.len, 0);
		}
		xfer_free(&x);
		if (!s && nshards > MAX_FILES)
			s = gs_error_set(h->err, GS_EINPUT, NULL,
			                 "%s/%s: %zu shards: more than the %d this version reads", h->org,
			                 h->name, nshards, MAX_FILES);
		for (size_t i = 0; !s && i < nshards; i++)
			files[n++] = shards[i];
	} else if (!s) {
		files[n++] = "model.safetensors";
	}
	if (!s)
		s = fetch_headers(h, snap, files, n, base);
	gs_shard_list_free(shards, nshards);
	return s;
}

/* Mark the snapshot complete (naming its GGUF file, if any), then point the
 * revision at it. */
static gs_status commit_snapshot(hub *h, const char *rev, const char *snap, const char *gguf)
{
	char path[1400];
	gs_status s;
	snprintf(path, sizeof path, "%s/.complete", snap);
	if ((s = write_atomic(h, path, gguf, strlen(gguf), 0)))
		return s;
	snprintf(path, sizeof path, "%.900s/refs", h->cache);
	if ((s = mkdirs(h, path)))
		return s;
	char *rev_file = curl_easy_escape(NULL, rev, 0);
	snprintf(path, sizeof path, "%.900s/refs/%s", h->cache, rev_file ? rev_file : "main");
	curl_free(rev_file);
	/* the JSON (and its sha string) is freed by now: use the copied commit */
	if ((s = write_atomic(h, path, h->res->commit, strlen(h->res->commit), 0)))
		return s;
	set_snapshot(h, gguf);
	return GS_OK;
}

static gs_status fetch(hub *h, const char *rev)
{
	gs_status s;
	char url[1400], snap[1200];
	xfer x;
	/* 1. the commit and the file list */
	char *esc = curl_easy_escape(NULL, rev, 0);
	snprintf(url, sizeof url, "%s/api/models/%s/%s/revision/%s", h->endpoint, h->org, h->name,
	         esc ? esc : rev);
	curl_free(esc);
	if ((s = get_small(h, url, "repository or revision", &x))) {
		xfer_free(&x);
		return s;
	}
	json_error_t je;
	json_t *info = json_loadb((const char *)x.buf, x.len, 0, &je);
	xfer_free(&x);
	const char *sha = json_string_value(json_object_get(info, "sha"));
	json_t *sib = json_object_get(info, "siblings");
	if (!info || !sha || !is_commit(sha) || !json_is_array(sib)) {
		json_decref(info);
		return gs_error_set(h->err, GS_ENET, NULL,
		                    "%s/%s: the hub's answer has no commit sha and file list (%s)", h->org,
		                    h->name, url);
	}
	snprintf(h->res->commit, sizeof h->res->commit, "%s", sha);
	bool index = false, single = false, hf_quant = false;
	char *ggufs[MAX_FILES];
	size_t nggufs = 0;
	for (size_t i = 0; i < json_array_size(sib); i++) {
		const char *f = json_string_value(json_object_get(json_array_get(sib, i), "rfilename"));
		if (!f)
			continue;
		index |= strcmp(f, "model.safetensors.index.json") == 0;
		single |= strcmp(f, "model.safetensors") == 0;
		/* ModelOpt 0.29 and before: the quantization beside config.json */
		hf_quant |= strcmp(f, "hf_quant_config.json") == 0;
		size_t n = strlen(f);
		if (n > 5 && strcmp(f + n - 5, ".gguf") == 0 && !strchr(f, '/') && nggufs < MAX_FILES)
			ggufs[nggufs++] = (char *)f;
	}
	snprintf(snap, sizeof snap, "%.900s/snapshots/%.40s", h->cache, h->res->commit);
	if ((s = mkdirs(h, snap))) {
		json_decref(info);
		return s;
	}
	char base[1300];
	snprintf(base, sizeof base, "%s/%s/%s/resolve/%.40s", h->endpoint, h->org, h->name, h->res->commit);
	const char *gguf = NULL;
	if (h->file[0] || (!index && !single && nggufs)) {
		if (!h->file[0] && nggufs > 1) {
			char list[600] = "";
			for (size_t i = 0; i < nggufs; i++)
				snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s",
				         i ? ", " : "", ggufs[i]);
			json_decref(info);
			return gs_error_set(h->err, GS_EINPUT, NULL,
			                    "%s/%s has %zu GGUF files; name one as %s/%s:FILE (%s)", h->org,
			                    h->name, nggufs, h->org, h->name, list);
		}
		gguf = h->file[0] ? h->file : ggufs[0];
		char *one[1] = {(char *)gguf};
		s = fetch_headers(h, snap, one, 1, base);
	} else if (index || single) {
		s = fetch_safetensors(h, snap, base, index);
		if (!s && hf_quant)
			s = fetch_small_file(h, snap, base, "hf_quant_config.json");
	} else {
		s = gs_error_set(h->err, GS_EINPUT, NULL,
		                 "%s/%s@%s has no model.safetensors, index or .gguf file", h->org, h->name,
		                 rev);
	}
	char g[300] = "";
	if (gguf)
		snprintf(g, sizeof g, "%s", gguf);
	json_decref(info);
	if (s)
		return s;
	return commit_snapshot(h, rev, snap, g);
}

/* The cached snapshot for `rev`, if complete. */
static bool from_cache(hub *h, const char *rev)
{
	char path[1400], sha[64], g[300];
	if (is_commit(rev)) {
		snprintf(sha, sizeof sha, "%.40s", rev);
	} else {
		char *esc = curl_easy_escape(NULL, rev, 0);
		snprintf(path, sizeof path, "%.900s/refs/%s", h->cache, esc ? esc : rev);
		curl_free(esc);
		if (!read_small(path, sha, sizeof sha) || !is_commit(sha))
			return false;
	}
	snprintf(path, sizeof path, "%.900s/snapshots/%s/.complete", h->cache, sha);
	char *b;
	size_t n;
	if (gs_file_read(path, sizeof g - 1, "a hub cache marker", &b, &n, NULL))
		return false;
	memcpy(g, b, n + 1);
	free(b);
	if (h->file[0] && strcmp(g, h->file) != 0)
		return false;
	snprintf(h->res->commit, sizeof h->res->commit, "%s", sha);
	set_snapshot(h, g);
	h->res->from_cache = true;
	return true;
}

gs_status gs_hub_fetch(const char *id, const char *rev_override, gs_hub_result *out, gs_error *err)
{
	assert(id && out);
	hub h;
	memset(&h, 0, sizeof h);
	memset(out, 0, sizeof *out);
	h.res = out;
	h.err = err;
	if (!parse_id(id, &h))
		return gs_error_set(err, GS_EINPUT, id, "expected a hub id org/name[@revision][:file.gguf] "
		                    "(letters, digits, - _ .)");
	/* the id's revision, else the sheet's, else main (a copy: h.rev may be the source) */
	char rev[128];
	snprintf(rev, sizeof rev, "%s",
	         h.rev[0]                        ? h.rev
	         : rev_override && *rev_override ? rev_override
	                                         : "main");
	if (!part_ok(rev, strlen(rev), true))
		return gs_error_set(err, GS_EINPUT, NULL,
		                    "revision \"%.60s\": expected a branch, tag or commit", rev);
	snprintf(h.rev, sizeof h.rev, "%s", rev);
	snprintf(out->repo, sizeof out->repo, "%s/%s", h.org, h.name);
	const char *ep = getenv("HF_ENDPOINT");
	snprintf(h.endpoint, sizeof h.endpoint, "%s", ep && *ep ? ep : "https://huggingface.co");
	size_t el = strlen(h.endpoint);
	while (el && h.endpoint[el - 1] == '/')
		h.endpoint[--el] = 0;
	const char *tok = getenv("HF_TOKEN");
	if (tok && *tok && strlen(tok) < 500 && !strpbrk(tok, "\r\n"))
		snprintf(h.auth, sizeof h.auth, "Authorization: Bearer %s", tok);
	const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
	if (xdg && *xdg)
		snprintf(h.cache, sizeof h.cache, "%.700s/gpusizer/hub/%s/%s", xdg, h.org, h.name);
	else
		snprintf(h.cache, sizeof h.cache, "%.700s/.cache/gpusizer/hub/%s/%s",
		         home && *home ? home : "/tmp", h.org, h.name);
	const char *offline = getenv("HF_HUB_OFFLINE");
	if (offline && *offline && strcmp(offline, "0") != 0) {
		if (from_cache(&h, rev))
			return GS_OK;
		/* the user chose offline: a name that cannot be found offline is the
		 * input's problem (exit 2) */
		/* the cache's place by its rule, not its path: under serve the path
		 * would tell a client the server's home directory */
		return gs_error_set(err, GS_EINPUT, NULL,
		                    "%s/%s@%s: HF_HUB_OFFLINE is set and this revision is not in gpusizer's "
		                    "hub cache ($XDG_CACHE_HOME/gpusizer/hub, else ~/.cache/gpusizer/hub): "
		                    "run once online first",
		                    h.org, h.name, rev);
	}
	if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK)
		return gs_error_set(err, GS_ENET, NULL, "cannot initialise libcurl");
	h.timeout = timeout_s();
	h.deadline = now_ms() + (int64_t)h.timeout * 1000;
	gs_status s = fetch(&h, rev);
	curl_global_cleanup();
	return s;
}
