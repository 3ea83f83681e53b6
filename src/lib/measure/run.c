/* run.c — run files and their summary (gpusizer/measure.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gpusizer/measure.h"
#include "core/fmt.h"

static uint64_t u64(json_t *o, const char *k)
{
	json_t *v = json_object_get(o, k);
	return json_is_integer(v) && json_integer_value(v) > 0 ? (uint64_t)json_integer_value(v) : 0;
}

static gs_run_phase *phase(gs_run *r, const char *name, bool create)
{
	for (size_t i = r->nphases; i > 0; i--)
		if (!strcmp(r->phases[i - 1].name, name) && !r->phases[i - 1].ended)
			return &r->phases[i - 1];
	if (!create || r->nphases == GS_MAX_RUN_PHASES)
		return NULL;
	gs_run_phase *p = &r->phases[r->nphases++];
	memset(p, 0, sizeof *p);
	gsi_fmt(p->name, sizeof p->name, "%s", name);
	return p;
}

static void dims(gs_run *r, gs_run_phase *p, json_t *o)
{
	uint64_t t = u64(o, "tokens"), s = u64(o, "sequences"), m = u64(o, "microbatch");
	if (t > p->tokens) p->tokens = t;
	if (s > p->sequences) p->sequences = s;
	if (m > p->microbatch) p->microbatch = m;
	if (t > r->max_tokens) r->max_tokens = t;
	if (s > r->max_sequences) r->max_sequences = s;
	if (m > r->max_microbatch) r->max_microbatch = m;
}

/* A sample, kept aside until every phase window is known. */
typedef struct sample {
	unsigned line, gpu;
	gs_bytes dev, proc;
} sample;

static void read_header(gs_run *r, json_t *o)
{
	r->nvml = json_is_true(json_object_get(o, "nvml"));
	const char *e = json_string_value(json_object_get(o, "nvml_error"));
	snprintf(r->nvml_error, sizeof r->nvml_error, "%s", e ? e : "");
	const char *sh = json_string_value(json_object_get(o, "sheet"));
	snprintf(r->sheet, sizeof r->sheet, "%s", sh ? sh : "");
	const char *h = json_string_value(json_object_get(o, "host"));
	const char *st = json_string_value(json_object_get(o, "started"));
	const char *dr = json_string_value(json_object_get(o, "driver"));
	snprintf(r->host, sizeof r->host, "%s", h ? h : "");
	snprintf(r->started, sizeof r->started, "%s", st ? st : "");
	snprintf(r->driver, sizeof r->driver, "%s", dr ? dr : "");
	r->cuda = (int)u64(o, "cuda");
	json_t *g = json_object_get(o, "gpus");
	for (size_t i = 0; i < json_array_size(g) && i < GS_MAX_PROBED; i++) {
		const char *gn = json_string_value(json_object_get(json_array_get(g, i), "name"));
		snprintf(r->gpu_name[i], sizeof r->gpu_name[i], "%s", gn ? gn : "?");
		r->gpu_total[i] = u64(json_array_get(g, i), "total_bytes");
		r->ngpus = (unsigned)i + 1;
	}
}

/* A phase marker: a window opens or closes; an end carries PyTorch's peaks. */
/* "torch" and a "versions" object in a marker: each library once, in the
 * order first seen (printable names and values only). */
static void add_version(gs_run *r, const char *lib, const char *ver)
{
	if (!lib || !ver || !*ver || strlen(lib) > 40 || strlen(ver) > 40)
		return;
	for (const char *p = lib; *p; p++)
		if (*p < 0x20 || *p > 0x7e)
			return;
	for (const char *p = ver; *p; p++)
		if (*p < 0x20 || *p > 0x7e)
			return;
	char item[90];
	snprintf(item, sizeof item, "%s %s", lib, ver);
	if (strstr(r->versions, item))
		return;
	size_t n = strlen(r->versions);
	if (n + strlen(item) + 3 < sizeof r->versions)
		snprintf(r->versions + n, sizeof r->versions - n, "%s%s", n ? ", " : "", item);
}

static void read_versions(gs_run *r, json_t *o)
{
	const char *model = json_string_value(json_object_get(o, "model"));
	if (model && !r->model[0])
		gsi_fmt(r->model, sizeof r->model, "%s", model);
	add_version(r, "torch", json_string_value(json_object_get(o, "torch")));
	const char *k;
	json_t *v;
	json_object_foreach(json_object_get(o, "versions"), k, v)
		add_version(r, k, json_string_value(v));
}

static void read_marker(gs_run *r, json_t *o, unsigned lineno)
{
	r->markers++;
	read_versions(r, o);
	const char *ev = json_string_value(json_object_get(o, "event"));
	const char *ph = json_string_value(json_object_get(o, "phase"));
	bool begin = ev && !strcmp(ev, "phase_begin"), end = ev && !strcmp(ev, "phase_end");
	gs_run_phase *q = ph && (begin || end) ? phase(r, ph, true) : NULL;
	if (!q)
		return;
	dims(r, q, o);
	if (begin) {
		q->t_begin = u64(o, "t_ms");
		q->line_begin = lineno;
		return;
	}
	q->t_end = u64(o, "t_ms");
	q->line_end = lineno;
	q->ended = true;
	json_t *devs = json_object_get(o, "devices");
	for (size_t i = 0; i < json_array_size(devs); i++) {
		json_t *d = json_array_get(devs, i);
		unsigned dev = (unsigned)u64(d, "device");
		if (dev >= GS_MAX_PROBED)
			continue;
		q->gpu[dev].has_torch = true;
		q->gpu[dev].allocated = u64(d, "max_memory_allocated");
		q->gpu[dev].reserved = u64(d, "max_memory_reserved");
	}
}

/* NVML peaks between each phase's markers (an unfinished phase runs to the
 * end of the file). */
static void assign_samples(gs_run *r, const sample *s, size_t ns, unsigned last_line)
{
	for (size_t i = 0; i < r->nphases; i++) {
		gs_run_phase *q = &r->phases[i];
		unsigned to = q->ended ? q->line_end : last_line + 1;
		for (size_t k = 0; k < ns; k++)
			if (s[k].line > q->line_begin && s[k].line < to) {
				gs_run_counters *c = &q->gpu[s[k].gpu];
				c->has_device = true;
				if (s[k].dev > c->device_used) c->device_used = s[k].dev;
				if (s[k].proc > c->process_used) c->process_used = s[k].proc;
				if (s[k].gpu + 1 > r->ngpus) r->ngpus = s[k].gpu + 1;
			}
	}
}

/* A sample line read without building a tree (issue 50 item 12: 3.7
 * million samples through jansson took 2.2 s): a flat object of string
 * keys and plain values as gpusizer measure writes them,
 * {"type":"sample","t_ms":N,"gpu":G,"device_used":D,"process_used":P}.
 * Anything outside that subset (spaces, escapes, fractions, nesting,
 * non-ASCII, a number past int64) returns false and the line goes to
 * jansson, which decides; what this accepts jansson reads the same way
 * (a repeated key: the last one, as json_object_set keeps). Values as
 * u64() reads them: a positive integer, else 0. */
static bool flat_int(const char **pp, const char *e, bool *is_int, uint64_t *v)
{
	const char *p = *pp;
	*is_int = false;
	*v = 0;
	if (p < e && *p == '"') { /* a plain string */
		for (p++; p < e && *p != '"'; p++)
			if (*p == '\\' || (unsigned char)*p < 0x20 || (unsigned char)*p >= 0x80)
				return false;
		if (p == e)
			return false;
		*pp = p + 1;
		return true;
	}
	static const char *const words[] = {"true", "false", "null"};
	for (size_t w = 0; w < 3; w++)
		if ((size_t)(e - p) >= strlen(words[w]) && !strncmp(p, words[w], strlen(words[w]))) {
			*pp = p + strlen(words[w]);
			return true;
		}
	bool neg = p < e && *p == '-';
	p += neg;
	const char *d = p;
	uint64_t x = 0;
	for (; p < e && *p >= '0' && *p <= '9'; p++) {
		if (p - d >= 18) /* 19 digits and more: jansson's range check decides */
			return false;
		x = x * 10 + (uint64_t)(*p - '0');
	}
	if (p == d || (*d == '0' && p - d > 1) || (p < e && (*p == '.' || *p == 'e' || *p == 'E')))
		return false;
	*is_int = true;
	*v = neg ? 0 : x;
	*pp = p;
	return true;
}

static bool sample_line(const char *p, size_t n, unsigned *gpu, uint64_t *dev, uint64_t *proc)
{
	static const char head[] = "{\"type\":\"sample\"";
	const char *e = p + n;
	while (e > p && (e[-1] == '\r' || e[-1] == ' '))
		e--;
	if ((size_t)(e - p) < sizeof head || memcmp(p, head, sizeof head - 1) || e[-1] != '}')
		return false;
	*gpu = 0;
	*dev = *proc = 0;
	for (p += sizeof head - 1; *p == ',';) {
		const char *k = ++p;
		if (p >= e || *p != '"')
			return false;
		for (p++; p < e && *p != '"'; p++)
			if (*p == '\\' || (unsigned char)*p < 0x20 || (unsigned char)*p >= 0x80)
				return false;
		if (p + 1 >= e || p[1] != ':')
			return false;
		size_t kl = (size_t)(p - k - 1);
		p += 2;
		bool is_int;
		uint64_t v;
		if (!flat_int(&p, e, &is_int, &v))
			return false;
		if (kl == 3 && !memcmp(k + 1, "gpu", 3))
			*gpu = (unsigned)(v < UINT32_MAX ? v : UINT32_MAX);
		else if (kl == 11 && !memcmp(k + 1, "device_used", 11))
			*dev = v;
		else if (kl == 12 && !memcmp(k + 1, "process_used", 12))
			*proc = v;
		else if (kl == 4 && !memcmp(k + 1, "type", 4))
			return false; /* "type" again: jansson decides */
	}
	return p == e - 1 && *p == '}';
}

/* The samples read so far, in a growing array. */
typedef struct samples {
	sample *v;
	size_t n, cap;
} samples;

/* One sample line: counted, and kept when its GPU is one gpusizer reads. */
static gs_status add_sample(gs_run *r, samples *sm, unsigned lineno, unsigned gpu, uint64_t dev,
                            uint64_t proc, const char *name, gs_error *err)
{
	r->samples++;
	if (gpu >= GS_MAX_PROBED)
		return GS_OK;
	if (sm->n == sm->cap) {
		size_t cap = sm->cap ? sm->cap * 2 : 1024;
		sample *b = realloc(sm->v, cap * sizeof *b);
		if (!b)
			return gs_error_set(err, GS_ENOMEM, name, "out of memory");
		sm->v = b;
		sm->cap = cap;
	}
	sm->v[sm->n++] = (sample){lineno, gpu, dev, proc};
	return GS_OK;
}

gs_status gs_run_load(const char *buf, size_t len, const char *name, gs_run *r, gs_error *err)
{
	memset(r, 0, sizeof *r);
	gsi_fmt(r->name, sizeof r->name, "%s", name);
	r->status = r->signal = -1;
	bool header = false;
	samples sm = {NULL, 0, 0};
	gs_status st = GS_OK;
	unsigned lineno = 0;
	for (const char *p = buf, *end = buf + len; p < end && !st;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = (size_t)((nl ? nl : end) - p);
		const char *line = p;
		p = nl ? nl + 1 : end;
		lineno++;
		if (!n)
			continue;
		unsigned fg;
		uint64_t fd, fp;
		if (sample_line(line, n, &fg, &fd, &fp)) {
			st = add_sample(r, &sm, lineno, fg, fd, fp, name, err);
			continue;
		}
		json_t *o = json_loadb(line, n, 0, NULL);
		const char *type = json_string_value(json_object_get(o, "type"));
		if (!o || !type) {
			r->bad_lines++;
		} else if (!strcmp(type, "header")) {
			header = true;
			read_header(r, o);
		} else if (!strcmp(type, "sample")) {
			st = add_sample(r, &sm, lineno, (unsigned)u64(o, "gpu"), u64(o, "device_used"),
			                u64(o, "process_used"), name, err);
		} else if (!strcmp(type, "marker")) {
			read_marker(r, o, lineno);
		} else if (!strcmp(type, "exit")) {
			r->exited = true;
			json_t *stt = json_object_get(o, "status"), *sg = json_object_get(o, "signal");
			r->status = json_is_integer(stt) ? (int)json_integer_value(stt) : -1;
			/* signal 0 is no signal: a record written as {"status": 0,
			 * "signal": 0} exited normally */
			bool signalled = json_is_integer(sg) && json_integer_value(sg) > 0;
			r->signal = signalled ? (int)json_integer_value(sg) : -1;
		}
		json_decref(o);
	}
	if (!st && !header)
		st = gs_error_set(err, GS_EPARSE, name, "not a gpusizer run file (no header line)");
	if (!st)
		assign_samples(r, sm.v, sm.n, lineno);
	free(sm.v);
	return st;
}

#define WHY(...) (k += (size_t)snprintf(why + k, k < cap ? cap - k : 0, __VA_ARGS__))

bool gs_run_validates(const gs_run *r, uint64_t L, uint64_t B, bool training, char *why, size_t cap)
{
	size_t k = 0;
	bool counted = false;
	uint64_t got = training ? (r->max_microbatch ? r->max_microbatch : r->max_sequences)
	                        : r->max_sequences;
	why[0] = 0;
	for (size_t i = 0; i < r->nphases; i++)
		for (unsigned g = 0; g < GS_MAX_PROBED; g++)
			counted |= r->phases[i].gpu[g].has_torch || r->phases[i].gpu[g].has_device;
	if (!r->markers)
		WHY("%sno phase markers: nothing ties its samples to a phase", k ? "; " : "");
	else if (!counted)
		WHY("%sno counter in any phase (%llu samples, no PyTorch peaks)", k ? "; " : "",
		    (unsigned long long)r->samples);
	if (!L)
		WHY("%sthe sheet gives no length, so no run can show it reached it", k ? "; " : "");
	else if (r->max_tokens < L)
		WHY("%sexecuted %llu tokens, the sheet requires %llu", k ? "; " : "",
		    (unsigned long long)r->max_tokens, (unsigned long long)L);
	if (got < B)
		WHY("%sexecuted %s %llu, the sheet requires %llu", k ? "; " : "",
		    training ? "microbatch" : "sequences", (unsigned long long)got, (unsigned long long)B);
	if (!r->exited)
		WHY("%sended early: the file has no exit record (what was flushed is used)", k ? "; " : "");
	else if (r->signal >= 0)
		WHY("%sended early: killed by signal %d (what was flushed is used)", k ? "; " : "",
		    r->signal);
	else if (r->status != 0)
		WHY("%sended with status %d", k ? "; " : "", r->status);
	if (k)
		return false;
	WHY("executed %llu tokens >= %llu and %s %llu >= %llu, exit 0", (unsigned long long)r->max_tokens,
	    (unsigned long long)L, training ? "microbatch" : "sequences", (unsigned long long)got,
	    (unsigned long long)B);
	return true;
}

static void cell(char *buf, size_t cap, bool has, gs_bytes b)
{
	char g[40];
	if (has)
		snprintf(buf, cap, "%s (%llu B)", gs_format_bytes(b, GS_UNIT_GiB, g, sizeof g),
		         (unsigned long long)b);
	else
		snprintf(buf, cap, "-");
}

int gs_render_run_text(FILE *f, const gs_run *r)
{
	int bad = 0;
	bad |= fprintf(f, "run %s: %llu samples, %llu markers%s; %s\n", r->name,
	               (unsigned long long)r->samples, (unsigned long long)r->markers,
	               r->bad_lines ? " (a cut last line was skipped)" : "",
	               r->nvml ? "device counters from NVML"
	                       : "device counters unavailable (no NVML): PyTorch's only") < 0;
	if (!r->nvml && r->nvml_error[0])
		bad |= fprintf(f, "  NVML: %s\n", r->nvml_error) < 0;
	bad |= fprintf(f, "%-14s %-4s %-10s %-30s %-30s %-30s %-30s\n", "phase", "gpu", "executed",
	               "allocated (PyTorch peak)", "reserved (PyTorch peak)", "device used (NVML peak)",
	               "process used (NVML peak)") < 0;
	for (size_t i = 0; i < r->nphases; i++) {
		const gs_run_phase *q = &r->phases[i];
		char ex[40];
		snprintf(ex, sizeof ex, "%llut/%llus%s", (unsigned long long)q->tokens,
		         (unsigned long long)q->sequences, q->ended ? "" : " cut");
		for (unsigned g = 0; g < (r->ngpus ? r->ngpus : 1); g++) {
			const gs_run_counters *c = &q->gpu[g];
			char a[64], b[64], d[64], p[64];
			cell(a, sizeof a, c->has_torch, c->allocated);
			cell(b, sizeof b, c->has_torch, c->reserved);
			cell(d, sizeof d, c->has_device, c->device_used);
			cell(p, sizeof p, c->has_device, c->process_used);
			bad |= fprintf(f, "%-14s %-4u %-10s %-30s %-30s %-30s %-30s\n", q->name, g, ex, a, b,
			               d, p) < 0;
		}
	}
	if (r->exited)
		bad |= fprintf(f, "exit: %s %d\n", r->signal >= 0 ? "killed by signal" : "status",
		               r->signal >= 0 ? r->signal : r->status) < 0;
	else
		bad |= fprintf(f, "exit: not recorded (the tool itself was stopped)\n") < 0;
	bad |= fprintf(f, "Counters are different quantities: never add allocated and reserved, nor GPUs "
	                  "together.\n") < 0;
	return bad ? -1 : 0;
}

json_t *gs_run_to_json(const gs_run *r)
{
	json_t *phases = json_array();
	for (size_t i = 0; i < r->nphases; i++) {
		const gs_run_phase *q = &r->phases[i];
		json_t *gpus = json_array();
		for (unsigned g = 0; g < (r->ngpus ? r->ngpus : 1); g++) {
			const gs_run_counters *c = &q->gpu[g];
			json_array_append_new(gpus,
			                      json_pack("{s:i, s:o, s:o, s:o, s:o}", "gpu", (int)g,
			                                "allocated_bytes",
			                                c->has_torch ? json_integer((json_int_t)c->allocated)
			                                             : json_null(),
			                                "reserved_bytes",
			                                c->has_torch ? json_integer((json_int_t)c->reserved)
			                                             : json_null(),
			                                "device_used_bytes",
			                                c->has_device
			                                        ? json_integer((json_int_t)c->device_used)
			                                        : json_null(),
			                                "process_used_bytes",
			                                c->has_device
			                                        ? json_integer((json_int_t)c->process_used)
			                                        : json_null()));
		}
		json_array_append_new(phases, json_pack("{s:s, s:b, s:I, s:I, s:I, s:o}", "phase", q->name,
		                                        "ended", q->ended, "tokens", (json_int_t)q->tokens,
		                                        "sequences", (json_int_t)q->sequences, "microbatch",
		                                        (json_int_t)q->microbatch, "gpus", gpus));
	}
	return json_pack("{s:s, s:s, s:b, s:I, s:I, s:o, s:b, s:i, s:i}", "schema", "gpusizer/run-summary/v1",
	                 "run", r->name, "nvml", r->nvml, "samples", (json_int_t)r->samples, "markers",
	                 (json_int_t)r->markers, "phases", phases, "exited", r->exited, "status", r->status,
	                 "signal", r->signal);
}
