/*
 * cmd_measure.c — `gpusizer measure [--sheet S] [--out run.jsonl]
 * [--interval MS] -- CMD...`: runs CMD, samples NVML per GPU (device used,
 * and the process tree's own usage), records the workload's phase markers
 * (a pipe named by $GPUSIZER_MARKER_FD), flushes every line of the run file
 * as it goes, and passes the child's exit status through (128 + signal when
 * it was killed). `--summary FILE` prints the summary of an existing run.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "cli.h"
#include "gpusizer/file.h"
#include "gpusizer/measure.h"

#define MAX_MARKER_LINE (64u << 10)
#define MAX_PIDS 512

static uint64_t now_ms(const struct timespec *t0)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint64_t)(t.tv_sec - t0->tv_sec) * 1000 + (uint64_t)((t.tv_nsec - t0->tv_nsec) / 1000000);
}

/* The child and its descendants, from /proc (ppid is field 4 of stat). */
static size_t process_tree(int root, int *pids, size_t cap)
{
	size_t n = 0;
	pids[n++] = root;
	for (int pass = 0; pass < 4; pass++) { /* grandchildren appear on a later pass */
		DIR *d = opendir("/proc");
		struct dirent *e;
		while (d && (e = readdir(d)) && n < cap) {
			char *end;
			long pid = strtol(e->d_name, &end, 10);
			if (*end || pid <= 0)
				continue;
			char path[64], stat[512];
			snprintf(path, sizeof path, "/proc/%ld/stat", pid);
			FILE *f = fopen(path, "r");
			if (!f)
				continue;
			size_t len = fread(stat, 1, sizeof stat - 1, f);
			fclose(f);
			stat[len] = 0;
			const char *rp = strrchr(stat, ')'); /* the command name may hold spaces */
			int ppid;
			if (!rp || sscanf(rp + 1, " %*c %d", &ppid) != 1)
				continue;
			bool known = false, parent = false;
			for (size_t k = 0; k < n; k++) {
				known |= pids[k] == (int)pid;
				parent |= pids[k] == ppid;
			}
			if (parent && !known)
				pids[n++] = (int)pid;
		}
		if (d)
			closedir(d);
	}
	return n;
}

/* The run file, with what has been written: it stops at GS_RUN_MAX_FILE
 * (what `--run` reads), keeping room for the exit record, rather than grow
 * to a size no reader takes. */
typedef struct sink {
	FILE *f;
	size_t written;
	bool full;
} sink;

#define EXIT_ROOM 4096 /* the exit record and the truncation marker */

static void write_line(sink *out, json_t *o)
{
	char *s = json_dumps(o, JSON_COMPACT);
	const char *type = json_string_value(json_object_get(o, "type"));
	bool is_exit = type && !strcmp(type, "exit");
	if (s && out->full && !is_exit) {
		free(s);
		s = NULL;
	}
	if (s && !is_exit && out->written + strlen(s) + 1 > GS_RUN_MAX_FILE - EXIT_ROOM) {
		out->full = true;
		fprintf(stderr,
		        "gpusizer measure: the run file reached %zu MiB, what a run file may hold: no more "
		        "samples "
		        "are written (lengthen --interval)\n",
		        GS_RUN_MAX_FILE >> 20);
		free(s);
		json_t *note = json_pack("{s:s, s:s}", "type", "marker_error", "text",
		                         "the run file is full: samples and "
		                         "markers after this line were not written");
		s = json_dumps(note, JSON_COMPACT);
		json_decref(note);
	}
	if (s) {
		fputs(s, out->f);
		fputc('\n', out->f);
		fflush(out->f); /* a kill at any moment leaves every finished line */
		out->written += strlen(s) + 1;
		free(s);
	}
	json_decref(o);
}

static void header(sink *out, char **cmd, const char *sheet, long interval, const gs_probe *info, bool nvml,
                   const gs_error *err)
{
	char host[128] = "unknown", when[32];
	gethostname(host, sizeof host - 1);
	time_t t = time(NULL);
	struct tm tm;
	gmtime_r(&t, &tm);
	strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &tm);
	json_t *c = json_array(), *g = json_array(), *env = json_object();
	for (char **p = cmd; *p; p++)
		json_array_append_new(c, json_string(*p));
	for (unsigned i = 0; nvml && i < info->n; i++)
		json_array_append_new(g, json_pack("{s:i, s:s, s:s, s:I}", "index", (int)i, "name",
		                                   info->gpu[i].name, "uuid", info->gpu[i].uuid,
		                                   "total_bytes", (json_int_t)info->gpu[i].total));
	static const char *const keep[] = {"PYTORCH_CUDA_ALLOC_CONF", "CUDA_VISIBLE_DEVICES",
	                                   "CUDA_MODULE_LOADING",     "NCCL_DEBUG",
	                                   "OMP_NUM_THREADS",         "VLLM_USE_V1"};
	for (size_t i = 0; i < sizeof keep / sizeof keep[0]; i++)
		if (getenv(keep[i]))
			json_object_set_new(env, keep[i], json_string(getenv(keep[i])));
	write_line(out,
	           json_pack("{s:s, s:s, s:s, s:s, s:o, s:o, s:I, s:b, s:s, s:s, s:i, s:o, s:o}", "type",
	                     "header", "schema", "gpusizer/run/v1", "host", host, "started", when, "command",
	                     c, "sheet", sheet ? json_string(sheet) : json_null(), "interval_ms",
	                     (json_int_t)interval, "nvml", nvml, "nvml_error", nvml ? "" : err->msg, "driver",
	                     nvml ? info->driver : "", "cuda", nvml ? info->cuda : 0, "gpus", g, "env", env));
}

/* Each complete marker line becomes a run record with its arrival time. */
static void markers(sink *out, char *buf, size_t *len, uint64_t t)
{
	char *p = buf, *end = buf + *len, *nl;
	while ((nl = memchr(p, '\n', (size_t)(end - p)))) {
		json_t *o = json_loadb(p, (size_t)(nl - p), 0, NULL);
		if (json_is_object(o)) {
			json_object_set_new(o, "type", json_string("marker"));
			json_object_set_new(o, "t_ms", json_integer((json_int_t)t));
			write_line(out, o);
		} else {
			json_decref(o);
			write_line(out, json_pack("{s:s, s:I, s:s#}", "type", "marker_error", "t_ms",
			                          (json_int_t)t, "text", p,
			                          (int)((nl - p) > 200 ? 200 : (nl - p))));
		}
		p = nl + 1;
	}
	*len = (size_t)(end - p);
	memmove(buf, p, *len);
	if (*len == MAX_MARKER_LINE) { /* a line longer than any marker: dropped, said so */
		write_line(out, json_pack("{s:s, s:I, s:s}", "type", "marker_error", "t_ms", (json_int_t)t,
		                          "text", "marker line over 64 KiB"));
		*len = 0;
	}
}

static int summary(const char *path, bool json)
{
	char *buf;
	size_t len;
	gs_error err;
	if (gs_file_read(path, GS_RUN_MAX_FILE, "a run file", &buf, &len, &err))
		return cli_fail(&err);
	gs_run *r = malloc(sizeof *r);
	gs_status s = r ? gs_run_load(buf, len, path, r, &err) : GS_ENOMEM;
	free(buf);
	if (s) {
		free(r);
		return r ? cli_fail(&err) : EXIT_ENV;
	}
	if (json) {
		int rc = cli_put_json(gs_run_to_json(r));
		free(r);
		return rc;
	}
	gs_render_run_text(stdout, r);
	free(r);
	return 0;
}

/* Whether the workload has written marker bytes not read yet. */
static bool marker_pending(int fd, bool eof)
{
	struct pollfd pf = {fd, POLLIN, 0};
	return !eof && poll(&pf, 1, 0) > 0;
}

static void record_sample(sink *out, uint64_t t, unsigned g, gs_bytes dev, gs_bytes proc, gs_bytes *peak,
                          bool tty)
{
	write_line(out, json_pack("{s:s, s:I, s:i, s:I, s:I}", "type", "sample", "t_ms", (json_int_t)t, "gpu",
	                          (int)g, "device_used", (json_int_t)dev, "process_used", (json_int_t)proc));
	if (dev > *peak)
		*peak = dev;
	if (tty) {
		char a[40], b[40];
		fprintf(stderr, "\r  GPU%u used %s, peak %s   ", g,
		        gs_format_bytes(dev, GS_UNIT_GiB, a, sizeof a),
		        gs_format_bytes(*peak, GS_UNIT_GiB, b, sizeof b));
	}
}

typedef struct measure_opts {
	const char *sheet, *out_path, *summary;
	long interval; /* ms between samples */
	bool json;
	char **cmd;    /* NULL-terminated; NULL with --summary */
} measure_opts;

/* The options before "--"; -1 to go on, else the exit code. */
static int parse_options(int argc, char **argv, measure_opts *o)
{
	memset(o, 0, sizeof *o);
	o->out_path = "run.jsonl";
	o->interval = 100;
	int i = 0;
	for (; i < argc; i++) {
		if (!strcmp(argv[i], "--")) {
			i++;
			break;
		} else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			printf("usage: gpusizer measure [--sheet S] [--out run.jsonl] [--interval MS] "
			       "[--json] -- CMD [ARGS...]\n"
			       "       gpusizer measure --summary run.jsonl [--json]\n\n"
			       "Runs CMD and records NVML samples per GPU (device used, and the measured "
			       "process tree's own\n"
			       "usage) and the phase markers CMD writes to the descriptor "
			       "$GPUSIZER_MARKER_FD (see\n"
			       "python/gpusizer_torch.py) into a JSON Lines file flushed line by line, then "
			       "prints the\n"
			       "summary per phase, per GPU and per counter. The exit status is CMD's (128 + "
			       "signal when\n"
			       "killed). Without NVML it still runs CMD and records the markers.\n");
			return 0;
		} else if (!strcmp(argv[i], "--json")) {
			o->json = true;
		} else if (i + 1 < argc && !strcmp(argv[i], "--sheet")) {
			o->sheet = argv[++i];
		} else if (i + 1 < argc && !strcmp(argv[i], "--out")) {
			o->out_path = argv[++i];
		} else if (i + 1 < argc && !strcmp(argv[i], "--summary")) {
			o->summary = argv[++i];
		} else if (i + 1 < argc && !strcmp(argv[i], "--interval")) {
			char *end;
			o->interval = strtol(argv[++i], &end, 10);
			if (*end || o->interval < 10 || o->interval > 60000) {
				fprintf(stderr,
				        "gpusizer measure: --interval: got \"%s\", expected milliseconds "
				        "from 10 to 60000\n",
				        argv[i]);
				return EXIT_USAGE;
			}
		} else {
			fprintf(stderr,
			        "gpusizer measure: unknown option \"%s\" (the command goes after --)\n",
			        argv[i]);
			return EXIT_USAGE;
		}
	}
	if (!o->summary && i >= argc) {
		fprintf(stderr, "gpusizer measure: give the command to measure after --\n");
		return EXIT_USAGE;
	}
	o->cmd = i < argc ? argv + i : NULL;
	return -1;
}

/* Start cmd with the write end of the marker pipe as $GPUSIZER_MARKER_FD;
 * the child's pid, or -1. */
static pid_t spawn(char **cmd, int fds[2])
{
	fcntl(fds[0], F_SETFD, FD_CLOEXEC);
	pid_t child = fork();
	if (child == 0) {
		char fd[16];
		close(fds[0]);
		snprintf(fd, sizeof fd, "%d", fds[1]);
		setenv("GPUSIZER_MARKER_FD", fd, 1);
		execvp(cmd[0], cmd);
		fprintf(stderr, "gpusizer measure: cannot run %s: %s\n", cmd[0], strerror(errno));
		_exit(127);
	}
	close(fds[1]);
	return child;
}

/* Sample the GPUs and read the markers until the child has exited and its
 * pipe is drained; the child's wait status. */
static int watch(sink *out, gs_nvml *nv, const gs_probe *pinfo, pid_t child, int marker_fd, long interval,
                 const struct timespec *t0p)
{
	/* the terminal's Ctrl-C reaches the child; the tool stays to write the end */
	signal(SIGINT, SIG_IGN);
	struct timespec t0 = *t0p;
	char *buf = malloc(MAX_MARKER_LINE);
	size_t blen = 0;
	bool eof = false, done = false, tty = isatty(2);
	int status = 0;
	uint64_t next = 0, exit_at = 0;
	gs_bytes peak[GS_MAX_PROBED] = {0};
	int pids[MAX_PIDS];
	while (!(done && (eof || now_ms(&t0) > exit_at + 1000))) {
		uint64_t t = now_ms(&t0);
		/* A sample belongs to the phases whose markers precede it in the
		 * file, so every pending marker is read first, and a sample during
		 * which a marker arrived is dropped and taken again: the workload
		 * may have ended a phase and allocated for the next meanwhile. */
		if (nv && t >= next && !done && !marker_pending(marker_fd, eof || !buf)) {
			size_t np = process_tree(child, pids, MAX_PIDS);
			gs_bytes dev[GS_MAX_PROBED], proc[GS_MAX_PROBED];
			bool ok[GS_MAX_PROBED];
			for (unsigned g = 0; g < pinfo->n; g++)
				ok[g] = gs_nvml_sample(nv, g, pids, np, &dev[g], &proc[g]) == 0;
			if (!marker_pending(marker_fd, eof || !buf)) {
				for (unsigned g = 0; g < pinfo->n; g++)
					if (ok[g])
						record_sample(out, t, g, dev[g], proc[g], &peak[g], tty);
				next = t + (uint64_t)interval;
			}
		}
		if (!eof && buf) {
			struct pollfd pf = {marker_fd, POLLIN, 0};
			uint64_t wait = next > t ? next - t : 0;
			if (poll(&pf, 1, done ? 100 : (int)(wait < 1000 ? wait : 1000)) > 0) {
				ssize_t r = read(marker_fd, buf + blen, MAX_MARKER_LINE - blen);
				if (r > 0) {
					blen += (size_t)r;
					markers(out, buf, &blen, now_ms(&t0));
				} else if (r == 0 || (errno != EINTR && errno != EAGAIN)) {
					eof = true;
				}
			}
		} else {
			struct timespec ts = {0, 20000000};
			nanosleep(&ts, NULL);
		}
		if (!done && waitpid(child, &status, WNOHANG) == child) {
			done = true;
			exit_at = now_ms(&t0);
		}
	}
	if (tty)
		fputc('\n', stderr);
	free(buf);
	return status;
}

int cmd_measure(int argc, char **argv)
{
	measure_opts o;
	int rc = parse_options(argc, argv, &o);
	if (rc >= 0)
		return rc;
	if (o.summary)
		return summary(o.summary, o.json);
	sink run = {fopen(o.out_path, "w"), 0, false}, *out = &run;
	if (!run.f) {
		fprintf(stderr, "gpusizer: error: %s: %s\n", o.out_path, strerror(errno));
		return EXIT_USAGE;
	}
	gs_probe info;
	gs_error err;
	gs_error_clear(&err);
	gs_nvml *nv = gs_nvml_open(&info, &err);
	if (!nv)
		fprintf(stderr,
		        "gpusizer measure: device counters unavailable (%s); recording markers only\n",
		        err.msg);
	header(out, o.cmd, o.sheet, o.interval, &info, nv != NULL, &err);
	int fds[2];
	bool piped = pipe(fds) == 0;
	pid_t child = piped ? spawn(o.cmd, fds) : -1;
	if (child < 0) {
		fprintf(stderr, "gpusizer: error: %s: %s\n", piped ? "fork" : "pipe", strerror(errno));
		if (piped)
			close(fds[0]);
		fclose(run.f);
		gs_nvml_close(nv);
		return EXIT_ENV;
	}
	struct timespec t0;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	int status = watch(out, nv, &info, child, fds[0], o.interval, &t0);
	close(fds[0]);
	int code = WIFSIGNALED(status) ? 128 + WTERMSIG(status) : WEXITSTATUS(status);
	write_line(out,
	           json_pack("{s:s, s:I, s:o, s:o}", "type", "exit", "t_ms", (json_int_t)now_ms(&t0),
	                     "status", WIFEXITED(status) ? json_integer(WEXITSTATUS(status)) : json_null(),
	                     "signal", WIFSIGNALED(status) ? json_integer(WTERMSIG(status)) : json_null()));
	fclose(run.f);
	gs_nvml_close(nv);
	fflush(stdout);
	summary(o.out_path, o.json);
	/* a run file cut at its limit is not a whole record: say so by the exit status */
	return run.full && code == 0 ? EXIT_ENV : code;
}
