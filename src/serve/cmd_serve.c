/*
 * cmd_serve.c — `gpusizer serve`: the calculator as a local web page and a
 * JSON API (serve_api.c answers; this file is the libmicrohttpd glue, the
 * options, the per-request deadline and the shutdown).
 *
 * Work per request is bounded: bodies over 1 MiB are refused; every
 * connection must finish each request within --request-timeout seconds of
 * its start (an absolute deadline, enforced by a watchdog that shuts the
 * socket, so a client sending one byte a second cannot hold a connection);
 * hub fetches stop at their own deadline, shorter than the request's.
 * Connections are served event-driven by a pool of threads (a slow client
 * holds no thread), with per-address and total connection limits. SIGINT
 * and SIGTERM stop the server within a second, cancelling hub transfers.
 *
 * The threat model is written in docs/serve.md.
 */
#include <errno.h>
#include <microhttpd.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#include <arpa/inet.h>
#include "cli.h"
#include "gpusizer/hub.h"
#include "serve_api.h"

#define POOL_THREADS 8u
#define MAX_CONNECTIONS 256u
#define PER_IP_CONNECTIONS 128u
#define IDLE_TIMEOUT_S 10u
#define QUIET_S 3.0 /* a connection that sends no request within this is closed */

static struct {
	serve_config cfg;
	unsigned deadline_s;          /* per request, from its first byte            */
	volatile sig_atomic_t stop;
	pthread_mutex_t lock;         /* guards the connection list                   */
	struct conn *conns;
} g = {.lock = PTHREAD_MUTEX_INITIALIZER};

/* One open connection, for the watchdog. Created when MHD accepts the
 * socket and removed (under the lock) before MHD closes it, so the
 * watchdog never touches a closed or reused descriptor. */
typedef struct conn {
	int fd;
	struct timespec start;        /* of the request in progress (or the next one) */
	bool active;                  /* a request's headers have arrived             */
	bool shut;
	struct conn *next, **prev;
} conn;

typedef struct request {
	char *body;
	size_t len;
	bool too_big;
} request;

static struct timespec mono_now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t;
}

static double seconds_since(struct timespec a, struct timespec b)
{
	return (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) / 1e9;
}

static void on_connection(void *cls, struct MHD_Connection *c, void **socket_context,
                          enum MHD_ConnectionNotificationCode code)
{
	(void)cls;
	if (code == MHD_CONNECTION_NOTIFY_STARTED) {
		const union MHD_ConnectionInfo *ci =
			MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
		conn *k = calloc(1, sizeof *k);
		if (!k || !ci) {
			free(k);
			return;
		}
		k->fd = ci->connect_fd;
		k->start = mono_now();
		pthread_mutex_lock(&g.lock);
		k->next = g.conns;
		if (g.conns)
			g.conns->prev = &k->next;
		k->prev = &g.conns;
		g.conns = k;
		pthread_mutex_unlock(&g.lock);
		*socket_context = k;
	} else if (code == MHD_CONNECTION_NOTIFY_CLOSED && *socket_context) {
		conn *k = *socket_context;
		pthread_mutex_lock(&g.lock);
		*k->prev = k->next;
		if (k->next)
			k->next->prev = k->prev;
		pthread_mutex_unlock(&g.lock);
		free(k);
		*socket_context = NULL;
	}
}

/* A request ended: the connection's next request gets a fresh deadline. */
static void on_completed(void *cls, struct MHD_Connection *c, void **state,
                         enum MHD_RequestTerminationCode tc)
{
	(void)cls;
	(void)tc;
	request *rq = *state;
	if (rq) {
		free(rq->body);
		free(rq);
	}
	*state = NULL;
	const union MHD_ConnectionInfo *ci = MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
	if (ci && ci->socket_context) {
		pthread_mutex_lock(&g.lock);
		((conn *)ci->socket_context)->start = mono_now();
		((conn *)ci->socket_context)->active = false;
		pthread_mutex_unlock(&g.lock);
	}
}

/* Shut every connection whose request has run past the deadline; MHD then
 * sees the socket fail and closes it as usual. */
static void watchdog(void)
{
	struct timespec now = mono_now();
	pthread_mutex_lock(&g.lock);
	/* past the request's deadline, or silent: 200 idle connections from
	 * the operator's own address held /api/health off for the 10 s idle
	 * time-out; now a connection that sends no request within QUIET_S goes */
	for (conn *k = g.conns; k; k = k->next)
		if (!k->shut && (seconds_since(k->start, now) > g.deadline_s ||
		                 (!k->active && seconds_since(k->start, now) > QUIET_S))) {
			shutdown(k->fd, SHUT_RDWR);
			k->shut = true;
		}
	pthread_mutex_unlock(&g.lock);
}

static enum MHD_Result queue(struct MHD_Connection *c, const serve_response *r)
{
	struct MHD_Response *m = MHD_create_response_from_buffer(r->len, r->body ? r->body : (void *)"",
	                                                         MHD_RESPMEM_MUST_COPY);
	if (!m)
		return MHD_NO;
	if (r->allow)
		MHD_add_response_header(m, "Allow", r->allow); /* RFC 9110 §15.5.6 */
	MHD_add_response_header(m, "Content-Type", r->type ? r->type : "application/json");
	MHD_add_response_header(m, "X-Content-Type-Options", "nosniff");
	MHD_add_response_header(m, "Cache-Control", "no-store");
	MHD_add_response_header(m, "Content-Security-Policy",
	                        "default-src 'self'; style-src 'self' 'unsafe-inline'; script-src 'self' "
	                        "'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'");
	MHD_add_response_header(m, "X-Frame-Options", "DENY");
	enum MHD_Result ret = MHD_queue_response(c, r->code, m);
	MHD_destroy_response(m);
	return ret;
}

static const char *header(struct MHD_Connection *c, const char *name)
{
	return MHD_lookup_connection_value(c, MHD_HEADER_KIND, name);
}

/* The watchdog's record of connection c. */
static conn *my_conn(struct MHD_Connection *c)
{
	const union MHD_ConnectionInfo *ci = MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
	return ci ? ci->socket_context : NULL;
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
		conn *k = my_conn(c);
		if (k) {
			pthread_mutex_lock(&g.lock);
			k->active = true;
			pthread_mutex_unlock(&g.lock);
		}
		return MHD_YES;
	}
	if (*upload_size) { /* body chunks, capped */
		if (!rq->too_big && rq->len + *upload_size <= SERVE_MAX_BODY) {
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
	serve_request in = {
		.method = method, .url = url, .host = header(c, "Host"), .origin = header(c, "Origin"),
		.content_type = header(c, "Content-Type"), .sec_fetch_site = header(c, "Sec-Fetch-Site"),
		.format = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "format"),
		.body = rq->body, .len = rq->len, .too_big = rq->too_big,
	};
	serve_response out;
	/* the library's long work stops when this request's time is up */
	conn *k = my_conn(c);
	if (k) {
		pthread_mutex_lock(&g.lock);
		double left = g.deadline_s - seconds_since(k->start, mono_now());
		pthread_mutex_unlock(&g.lock);
		gs_deadline_set(left > 0.001 ? left : 0.001);
	}
	serve_handle(&g.cfg, &in, &out);
	gs_deadline_set(0);
	enum MHD_Result ret = queue(c, &out);
	serve_response_free(&out);
	return ret;
}

static void on_signal(int sig)
{
	(void)sig;
	g.stop = 1;
	gs_hub_cancel(); /* a worker inside a hub fetch returns at once */
}

static atomic_int stopped; /* set by the stopper thread */

static void *stopper(void *d)
{
	MHD_stop_daemon(d);
	stopped = 1;
	return NULL;
}

static void usage(void)
{
	printf("usage: gpusizer serve [--port 8080] [--bind 127.0.0.1] [--models-dir DIR]... "
	       "[--host NAME]...\n"
	       "                      [--allow-remote] [--request-timeout 30] [--hub-timeout 20]\n\n"
	       "The calculator as a local web page, and a JSON API with the CLI's schemas. The address is\n"
	       "printed on the first line; --port 0 picks a free port.\n\n"
	       "  --models-dir DIR      model names in requests may be paths below DIR "
	       "(repeatable); without\n"
	       "                        it the server opens no local file: uploads and hub ids only\n"
	       "  --bind ADDR           an IPv4 address; anything but loopback (127.x) "
	       "needs --allow-remote,\n"
	       "                        and then no local path is read, whatever --models-dir says\n"
	       "  --host NAME           a host name the server answers to besides localhost and its address\n"
	       "  --request-timeout S   each request must be received and answered within S seconds\n"
	       "  --hub-timeout S       a hub id must be read within S seconds (less than the request's)\n\n"
	       "Requests must name this server in Host, come from its own page (Origin), and POST JSON\n"
	       "(Content-Type: application/json). See docs/serve.md for the threat model.\n");
}

static bool seconds_arg(const char *flag, const char *v, unsigned *out)
{
	char *end;
	long s = strtol(v, &end, 10);
	if (*end || end == v || s < 1 || s > 3600) {
		fprintf(stderr, "gpusizer serve: %s: got \"%s\", expected whole seconds from 1 to 3600\n",
		        flag, v);
		return false;
	}
	*out = (unsigned)s;
	return true;
}

/* After the options: the bind address and what it allows, the hub's
 * deadline under the request's, the model folders. -1, or an exit code. */
static int apply_options(unsigned hub_s, const char *const *dirs, size_t ndirs)
{
	serve_config *cfg = &g.cfg;
	struct in_addr ia;
	if (inet_pton(AF_INET, cfg->bind, &ia) != 1) {
		fprintf(stderr,
		        "gpusizer serve: --bind: got \"%s\", expected an IPv4 address such as 127.0.0.1\n",
		        cfg->bind);
		return EXIT_USAGE;
	}
	bool loopback = (ntohl(ia.s_addr) >> 24) == 127;
	if (!loopback && !cfg->remote) {
		fprintf(stderr,
		        "gpusizer serve: --bind %s: other machines could reach this server; add "
		        "--allow-remote to mean it (no local path is then read)\n",
		        cfg->bind);
		return EXIT_USAGE;
	}
	/* the hub must give up before the request does */
	if (hub_s >= g.deadline_s)
		hub_s = g.deadline_s > 2 ? g.deadline_s - 2 : 1;
	gs_hub_set_timeout(hub_s);
	cfg->policy.quote_content = false;
	if (!cfg->remote)
		for (size_t i = 0; i < ndirs; i++) {
			gs_error err;
			if (gs_model_policy_add_root(&cfg->policy, dirs[i], &err)) {
				fprintf(stderr, "gpusizer serve: --models-dir: %s\n", err.msg);
				return EXIT_USAGE;
			}
		}
	if (cfg->remote)
		fprintf(stderr,
		        "gpusizer serve: warning: serving %s to other machines (--allow-remote): anyone who "
		        "can reach it can make it fetch from the hub%s; local paths are not read\n",
		        cfg->bind, getenv("HF_TOKEN") ? " with your HF_TOKEN" : "");
	return -1;
}

/* Parse the options into g; returns -1 to go on, else the exit code. */
static int parse_args(int argc, char **argv, long *port)
{
	serve_config *cfg = &g.cfg;
	snprintf(cfg->bind, sizeof cfg->bind, "127.0.0.1");
	g.deadline_s = 30;
	unsigned hub_s = 20;
	const char *dirs[GS_MAX_MODEL_ROOTS];
	size_t ndirs = 0;
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			usage();
			return 0;
		} else if (!strcmp(a, "--allow-remote")) {
			cfg->remote = true;
			continue;
		} else if (!v) {
			fprintf(stderr, "gpusizer serve: unknown argument \"%s\" (or a missing value)\n", a);
			return EXIT_USAGE;
		}
		i++;
		if (!strcmp(a, "--port")) {
			char *end;
			*port = strtol(v, &end, 10);
			if (*end || end == v || *port < 0 || *port > 65535) {
				fprintf(stderr, "gpusizer serve: --port: got \"%s\", expected 0 to 65535\n",
				        v);
				return EXIT_USAGE;
			}
		} else if (!strcmp(a, "--bind")) {
			snprintf(cfg->bind, sizeof cfg->bind, "%s", v);
		} else if (!strcmp(a, "--models-dir")) {
			if (ndirs == GS_MAX_MODEL_ROOTS) {
				fprintf(stderr, "gpusizer serve: --models-dir: at most %d folders\n",
				        GS_MAX_MODEL_ROOTS);
				return EXIT_USAGE;
			}
			dirs[ndirs++] = v;
		} else if (!strcmp(a, "--host")) {
			if (cfg->n_hosts == SERVE_MAX_HOSTS || strlen(v) >= sizeof cfg->hosts[0] || !*v) {
				fprintf(stderr,
				        "gpusizer serve: --host: at most %d names of under 128 characters\n",
				        SERVE_MAX_HOSTS);
				return EXIT_USAGE;
			}
			snprintf(cfg->hosts[cfg->n_hosts++], sizeof cfg->hosts[0], "%s", v);
		} else if (!strcmp(a, "--request-timeout")) {
			if (!seconds_arg(a, v, &g.deadline_s))
				return EXIT_USAGE;
		} else if (!strcmp(a, "--hub-timeout")) {
			if (!seconds_arg(a, v, &hub_s))
				return EXIT_USAGE;
		} else {
			fprintf(stderr, "gpusizer serve: unknown argument \"%s\"\n", a);
			return EXIT_USAGE;
		}
	}
	return apply_options(hub_s, dirs, ndirs);
}

int cmd_serve(int argc, char **argv)
{
	long port = 8080;
	int rc = parse_args(argc, argv, &port);
	if (rc >= 0)
		return rc;
	struct sockaddr_in addr;
	memset(&addr, 0, sizeof addr);
	addr.sin_family = AF_INET;
	addr.sin_port = htons((uint16_t)port);
	(void)inet_pton(AF_INET, g.cfg.bind, &addr.sin_addr);
	/* poll() in a pool of threads: each thread serves many connections, so
	 * a slow client holds no thread (epoll, MHD_USE_AUTO, answers a client
	 * that half-closes after its request only at the idle timeout) */
	struct MHD_Daemon *d = MHD_start_daemon(MHD_USE_POLL_INTERNAL_THREAD | MHD_USE_ERROR_LOG, 0, NULL,
	                                        NULL, handler, NULL, MHD_OPTION_SOCK_ADDR, &addr,
	                                        MHD_OPTION_THREAD_POOL_SIZE, POOL_THREADS,
	                                        MHD_OPTION_CONNECTION_LIMIT, MAX_CONNECTIONS,
	                                        MHD_OPTION_PER_IP_CONNECTION_LIMIT, PER_IP_CONNECTIONS,
	                                        MHD_OPTION_CONNECTION_TIMEOUT, IDLE_TIMEOUT_S,
	                                        MHD_OPTION_NOTIFY_COMPLETED, on_completed, NULL,
	                                        MHD_OPTION_NOTIFY_CONNECTION, on_connection, NULL,
	                                        MHD_OPTION_END);
	if (!d) {
		fprintf(stderr, "gpusizer serve: cannot listen on %s:%ld: %s\n", g.cfg.bind, port,
		        strerror(errno));
		return EXIT_ENV;
	}
	const union MHD_DaemonInfo *info = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
	g.cfg.port = info ? info->port : (unsigned)port;
	printf("gpusizer serve: listening on http://%s:%u/\n", g.cfg.bind, g.cfg.port);
	fflush(stdout);
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
	while (!g.stop) {
		struct timespec ts = {0, 100000000};
		nanosleep(&ts, NULL);
		watchdog();
	}
	/* stop within a second: MHD waits for handlers still running; a handler
	 * is at most an estimate or a cancelled hub fetch, but should one hang,
	 * the process leaves anyway (it holds nothing that needs flushing) */
	pthread_t t;
	if (pthread_create(&t, NULL, stopper, d) != 0)
		return 0;
	for (int i = 0; i < 8 && !stopped; i++) {
		struct timespec ts = {0, 100000000};
		nanosleep(&ts, NULL);
	}
	if (!stopped) {
		fprintf(stderr, "gpusizer serve: a request was still running; stopped without waiting for "
		                "it\n");
		_exit(0);
	}
	pthread_join(t, NULL);
	return 0;
}
