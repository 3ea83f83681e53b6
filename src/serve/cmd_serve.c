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
 * holds no thread), with per-address and total connection limits. The
 * verbs that compute (estimate, fit, matrix, ...) run on a separate pool of
 * workers while their connection is suspended, so the connection threads
 * stay free for /api/health, the page and the tables (issue 50 item 14).
 * SIGINT and SIGTERM stop the server within a second, cancelling hub
 * transfers.
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
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#include <arpa/inet.h>
#include "cli.h"
#include "gpusizer/hub.h"
#include "serve_api.h"

#define POOL_THREADS 8u
#define MAX_CONNECTIONS 256u
#define PER_IP_CONNECTIONS 128u /* enforced by make_room, which evicts the least progress */
#define IDLE_TIMEOUT_S 10u
#define QUIET_S 3.0 /* a connection that sends no request within this is closed */
#define WORKERS 6u  /* computing requests at once; the rest wait their turn, suspended */
#define MIN_BODY_RATE 1024.0 /* B/s: a body slower than this, past QUIET_S, is a drip */

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
	struct in_addr peer;          /* the client's address                         */
	struct timespec start;        /* of the request in progress (or the next one) */
	bool active;                  /* a request's headers have arrived             */
	bool computing;               /* its request is queued for or on a worker     */
	uint64_t body_got, body_want; /* body bytes received, and Content-Length       */
	bool shut;
	struct conn *next, **prev;
} conn;

typedef struct request {
	char *body;
	size_t len;
	bool too_big;
	struct MHD_Connection *c;
	serve_request in;             /* what a worker answers                        */
	serve_response out;
	atomic_int stage;             /* 0 reading, 1 with a worker, 2 answered       */
	struct request *next_job;
} request;

/* The workers' queue of computing requests (their connections suspended). */
static struct {
	pthread_mutex_t lock;
	pthread_cond_t more;
	request *head, *tail;
	unsigned busy;                /* jobs taken and not yet answered             */
} jobs = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, NULL, NULL, 0};

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

/* A new connection from an address that holds PER_IP_CONNECTIONS already:
 * the one of those making the least progress goes, not the newcomer (issue
 * 50 item 14: 128 connections dripping a body held /api/health off from
 * their address). Least progress: no request yet, then the slowest body;
 * a request with a worker is never chosen. If every one computes, the
 * newcomer goes. Called under g.lock. */
static void make_room(conn *newcomer)
{
	unsigned n = 0;
	conn *worst = NULL;
	double worst_rate = 0;
	struct timespec now = mono_now();
	for (conn *k = g.conns; k; k = k->next) {
		if (k->shut || k->peer.s_addr != newcomer->peer.s_addr)
			continue;
		n++;
		if (k->computing)
			continue;
		double t = seconds_since(k->start, now);
		double rate = !k->active ? -1 : (double)k->body_got / (t > 0.001 ? t : 0.001);
		if (!worst || rate < worst_rate) {
			worst = k;
			worst_rate = rate;
		}
	}
	if (n < PER_IP_CONNECTIONS)
		return;
	conn *go = worst ? worst : newcomer;
	shutdown(go->fd, SHUT_RDWR);
	go->shut = true;
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
		struct sockaddr_in sa;
		socklen_t sl = sizeof sa;
		if (getpeername(k->fd, (struct sockaddr *)&sa, &sl) == 0 && sa.sin_family == AF_INET)
			k->peer = sa.sin_addr;
		pthread_mutex_lock(&g.lock);
		make_room(k);
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
		if (atomic_load(&rq->stage) == 2) /* answered, never queued: the socket failed */
			serve_response_free(&rq->out);
		free(rq->body);
		free(rq);
	}
	*state = NULL;
	const union MHD_ConnectionInfo *ci = MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
	if (ci && ci->socket_context) {
		conn *k = ci->socket_context;
		pthread_mutex_lock(&g.lock);
		k->start = mono_now();
		k->active = k->computing = false;
		k->body_got = k->body_want = 0;
		pthread_mutex_unlock(&g.lock);
	}
}

/* Whether connection k makes no progress (issue 50 item 14), judged by
 * what its client does, not by how long it waited: past QUIET_S it has
 * sent no request and nothing waits unread in its socket (bytes there are
 * a request queued behind a busy thread, not silence), or its body comes
 * slower than MIN_BODY_RATE (a drip). A request with a worker makes
 * progress on its own. Called under g.lock. */
static bool stalled(const conn *k, struct timespec now)
{
	double t = seconds_since(k->start, now);
	if (t <= QUIET_S || k->computing)
		return false;
	if (!k->active) {
		int unread = 0;
		return ioctl(k->fd, FIONREAD, &unread) != 0 || unread == 0;
	}
	return k->body_got < k->body_want && (double)k->body_got / t < MIN_BODY_RATE;
}

/* Shut every connection whose request has run past the deadline or makes
 * no progress; MHD then sees the socket fail and closes it as usual. */
static void watchdog(void)
{
	struct timespec now = mono_now();
	pthread_mutex_lock(&g.lock);
	/* past the request's deadline, or silent: 200 idle connections from
	 * the operator's own address held /api/health off for the 10 s idle
	 * time-out; now a connection that sends no request within QUIET_S goes */
	for (conn *k = g.conns; k; k = k->next)
		if (!k->shut && (seconds_since(k->start, now) > g.deadline_s || stalled(k, now))) {
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

/* Requests answered on the connection's own thread: the page, the tables
 * and the health check take microseconds; everything else computes. */
static bool light(const serve_request *in)
{
	static const char *const quick[] = {"/api/health", "/api/fields", "/api/formats", "/api/catalog",
	                                    "/api/models"};
	if (strcmp(in->method, "POST") || in->too_big)
		return true;
	for (size_t i = 0; i < sizeof quick / sizeof quick[0]; i++)
		if (!strcmp(in->url, quick[i]))
			return true;
	return false;
}

/* Answer rq: the library's long work stops when its request's time is up. */
static void answer(struct MHD_Connection *c, request *rq)
{
	conn *k = my_conn(c);
	if (k) {
		pthread_mutex_lock(&g.lock);
		double left = g.deadline_s - seconds_since(k->start, mono_now());
		pthread_mutex_unlock(&g.lock);
		gs_deadline_set(left > 0.001 ? left : 0.001);
	}
	serve_handle(&g.cfg, &rq->in, &rq->out);
	gs_deadline_set(0);
}

static void *worker(void *arg)
{
	(void)arg;
	for (;;) {
		pthread_mutex_lock(&jobs.lock);
		while (!jobs.head)
			pthread_cond_wait(&jobs.more, &jobs.lock);
		request *rq = jobs.head;
		jobs.head = rq->next_job;
		if (!jobs.head)
			jobs.tail = NULL;
		jobs.busy++;
		pthread_mutex_unlock(&jobs.lock);
		if (g.stop) { /* stopping: a queued request is answered, not computed */
			static const char msg[] = "{\"error\":\"the server is stopping\",\"status\":503}";
			char *b = strdup(msg);
			rq->out = (serve_response){.code = 503, .type = "application/json", .body = b,
			                           .len = b ? sizeof msg - 1 : 0};
		} else {
			answer(rq->c, rq);
		}
		atomic_store(&rq->stage, 2);
		/* the handler is called again on the connection's thread, and
		 * queues the answer there */
		MHD_resume_connection(rq->c);
		pthread_mutex_lock(&jobs.lock);
		jobs.busy--;
		pthread_mutex_unlock(&jobs.lock);
	}
	return NULL;
}

static void to_worker(struct MHD_Connection *c, request *rq)
{
	conn *k = my_conn(c);
	if (k) {
		pthread_mutex_lock(&g.lock);
		k->computing = true;
		pthread_mutex_unlock(&g.lock);
	}
	rq->c = c;
	atomic_store(&rq->stage, 1);
	MHD_suspend_connection(c);
	pthread_mutex_lock(&jobs.lock);
	if (jobs.tail)
		jobs.tail->next_job = rq;
	else
		jobs.head = rq;
	jobs.tail = rq;
	pthread_cond_signal(&jobs.more);
	pthread_mutex_unlock(&jobs.lock);
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
		const char *cl = header(c, "Content-Length");
		if (k) {
			pthread_mutex_lock(&g.lock);
			k->active = true;
			k->body_got = 0;
			k->body_want = cl ? strtoull(cl, NULL, 10) : 0;
			pthread_mutex_unlock(&g.lock);
		}
		return MHD_YES;
	}
	if (atomic_load(&rq->stage) == 2) { /* a worker answered: resumed, queue it */
		enum MHD_Result ret = queue(c, &rq->out);
		serve_response_free(&rq->out);
		atomic_store(&rq->stage, 3);
		return ret;
	}
	if (atomic_load(&rq->stage))
		return MHD_YES;
	if (*upload_size) { /* body chunks, capped */
		conn *k = my_conn(c);
		if (k) {
			pthread_mutex_lock(&g.lock);
			k->body_got += *upload_size;
			pthread_mutex_unlock(&g.lock);
		}
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
	rq->in = (serve_request){
		.method = method, .url = url, .host = header(c, "Host"), .origin = header(c, "Origin"),
		.content_type = header(c, "Content-Type"), .sec_fetch_site = header(c, "Sec-Fetch-Site"),
		.format = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "format"),
		.body = rq->body, .len = rq->len, .too_big = rq->too_big,
	};
	if (!light(&rq->in)) {
		to_worker(c, rq);
		return MHD_YES;
	}
	answer(c, rq);
	enum MHD_Result ret = queue(c, &rq->out);
	serve_response_free(&rq->out);
	atomic_store(&rq->stage, 3);
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
	for (unsigned i = 0; i < WORKERS; i++) {
		pthread_t w;
		if (pthread_create(&w, NULL, worker, NULL) != 0) {
			fprintf(stderr, "gpusizer serve: cannot start a worker thread\n");
			return EXIT_ENV;
		}
		pthread_detach(w);
	}
	struct MHD_Daemon *d = MHD_start_daemon(MHD_USE_POLL_INTERNAL_THREAD | MHD_USE_ERROR_LOG |
	                                                MHD_ALLOW_SUSPEND_RESUME,
	                                        0, NULL,
	                                        NULL, handler, NULL, MHD_OPTION_SOCK_ADDR, &addr,
	                                        MHD_OPTION_THREAD_POOL_SIZE, POOL_THREADS,
	                                        MHD_OPTION_CONNECTION_LIMIT, MAX_CONNECTIONS,
	                                        MHD_OPTION_PER_IP_CONNECTION_LIMIT, MAX_CONNECTIONS,
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
	 * the process leaves anyway (it holds nothing that needs flushing).
	 * Suspended connections must be resumed before the daemon stops: the
	 * workers finish theirs first (deadlines and the hub's cancel make that
	 * quick), the queued ones are answered without being computed. */
	for (int i = 0; i < 5; i++) {
		pthread_mutex_lock(&jobs.lock);
		bool idle = !jobs.head && !jobs.busy;
		pthread_mutex_unlock(&jobs.lock);
		if (idle)
			break;
		struct timespec ts = {0, 100000000};
		nanosleep(&ts, NULL);
	}
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
