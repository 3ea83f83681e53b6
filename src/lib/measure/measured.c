/*
 * measured.c — runs and a failed run's log set against an estimate
 * (gpusizer/measured.h, docs/method.md §16a).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/evp.h>
#include "gpusizer/file.h"
#include "gpusizer/measured.h"
#include "core/fmt.h"

void gs_sha256_hex(const void *buf, size_t len, char out[65])
{
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned int n = 0;
	out[0] = 0;
	if (!EVP_Digest(buf, len, md, &n, EVP_sha256(), NULL) || n != 32)
		return;
	for (unsigned i = 0; i < n; i++)
		snprintf(out + 2 * i, 3, "%02x", md[i]);
}

void gs_measurements_init(gs_measurements *ms)
{
	memset(ms, 0, sizeof *ms);
	snprintf(ms->need_basis, sizeof ms->need_basis, "estimate");
}

static const char *base_name(const char *p)
{
	const char *s = strrchr(p, '/');
	return s ? s + 1 : p;
}

/* Whether a marker's model name ("meta-llama/Llama-3.1-8B") names the
 * estimate's model (a hub id, a folder, or data/models/org__name.json):
 * its last part, case-insensitively, inside the model's source or repo. */
static bool same_model(const char *named, const gs_model *m)
{
	const char *tail = strrchr(named, '/');
	tail = tail ? tail + 1 : named;
	if (!*tail)
		return true;
	char a[160], b[720];
	snprintf(a, sizeof a, "%s", tail);
	snprintf(b, sizeof b, "%s %s", m->source, m->hub_repo);
	for (char *p = a; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	for (char *p = b; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	return strstr(b, a) != NULL;
}

/* The estimate's phase called `name`, or NULL. */
static const gs_phase *estimate_phase(const gs_estimate *e, const char *name)
{
	for (size_t p = 0; p < e->n_phases; p++)
		if (!strcmp(e->phases[p].id, name))
			return &e->phases[p];
	return NULL;
}

/* A phase none of whose items grows with length or batch (load, export of
 * weights): the run's dimensions do not matter for it. */
static bool dimension_free(const gs_estimate *e, const gs_phase *ph)
{
	size_t p = (size_t)(ph - e->phases);
	for (size_t i = 0; i < e->n_items; i++)
		if (e->items[i].varies && (e->items[i].live & (1u << p)))
			return false;
	return true;
}

/* The sheet's dimensions: tokens per sequence, and sequences (inference)
 * or the microbatch (adaptation). */
static void sheet_dims(const gs_estimate *e, uint64_t *len, uint64_t *batch, bool *training)
{
	*training = e->train.training;
	/* with the dataset's lengths, a run validates at its longest batch */
	*len = *training && e->train.executed_length ? e->train.executed_length : e->length;
	*batch = *training ? e->train.microbatch : e->concurrency;
}

/* The sequences a phase executed: its microbatch for adaptation. */
static uint64_t phase_batch(const gs_run_phase *q, bool training)
{
	return training ? (q->microbatch ? q->microbatch : q->sequences) : q->sequences;
}

/* The run file's own versions: a list too long for out ends "..." */
static void run_versions(const gs_run *r, char *out, size_t cap)
{
	out[0] = 0;
	if (r->driver[0])
		gsi_fmt_add(out, cap, "driver %s", r->driver);
	if (r->cuda > 0)
		gsi_fmt_add(out, cap, "%sCUDA %d.%d", out[0] ? ", " : "", r->cuda / 1000,
		            r->cuda % 1000 / 10);
	if (r->versions[0])
		gsi_fmt_add(out, cap, "%s%s", out[0] ? ", " : "", r->versions);
	if (!out[0])
		gsi_fmt(out, cap, "not recorded (no NVML, and the workload reported no library versions)");
}

static gs_bytes decisive(const gs_measured_phase *x, const char **counter);

/* A run validates only what it could have measured (issue 50 item 3): a
 * phase that held less than half the weights the estimate puts on a GPU
 * cannot have run this model in this format, whatever its markers say (a
 * physical contradiction, which --force-run does not lift). A run that
 * names no model and no sheet is tied to the workload by this and by its
 * executed dimensions alone: runs measured without --sheet or a model
 * marker are common, and refusing them all would refuse the honest ones. */
static void untie(gs_measured_run *m, const gs_estimate *e)
{
	const gs_item *w = gs_estimate_item(e, "weights");
	for (size_t k = 0; w && m->validates && k < m->n; k++) {
		const gs_measured_phase *x = &m->ph[k];
		const gs_phase *ph = estimate_phase(e, x->phase);
		const char *counter;
		gs_bytes got = decisive(x, &counter);
		gs_bytes held = ph ? w->bytes[ph - e->phases] : 0;
		if (!held || got >= held / 2)
			continue;
		char a[40], b[40];
		m->validates = false;
		gsi_fmt(m->why, sizeof m->why,
		        "phase %.31s on GPU %u measured %s (%s), less than half the %s of weights the "
		        "estimate holds on a GPU in it: not a run of this model in this format",
		        x->phase, x->gpu, gs_format_bytes(got, GS_UNIT_GiB, a, sizeof a), counter,
		        gs_format_bytes(held, GS_UNIT_GiB, b, sizeof b));
	}
}

gs_status gs_measurements_add_run(gs_measurements *ms, const gs_estimate *e, const char *path,
                                  const char *sheet, bool force, gs_error *err)
{
	if (ms->n_runs == GS_MAX_RUNS)
		return gs_error_set(err, GS_EINPUT, path, "at most %d runs", GS_MAX_RUNS);
	char *buf;
	size_t len;
	gs_status s = gs_file_read(path, GS_RUN_MAX_FILE, "a run file", &buf, &len, err);
	if (s)
		return s;
	gs_run *r = malloc(sizeof *r);
	if (!r) {
		free(buf);
		return gs_error_set(err, GS_ENOMEM, path, "out of memory");
	}
	if ((s = gs_run_load(buf, len, path, r, err))) {
		free(buf);
		free(r);
		return s;
	}
	/* a run measured for another sheet describes another workload */
	if (r->sheet[0] && sheet && strcmp(base_name(r->sheet), base_name(sheet)) && !force) {
		s = gs_error_set(err, GS_EINPUT, path,
		                 "this run was measured for sheet %.100s, not %.100s: runs of another "
		                 "workload are not mixed in (--force-run to use it anyway)",
		                 r->sheet, sheet);
		free(buf);
		free(r);
		return s;
	}
	if (r->model[0] && !same_model(r->model, &e->model) && !force) {
		s = gs_error_set(err, GS_EINPUT, path,
		                 "this run's markers name model %.100s, the estimate is for %.200s: runs of "
		                 "another model are not mixed in (--force-run to use it anyway)",
		                 r->model, e->model.source);
		free(buf);
		free(r);
		return s;
	}
	gs_measured_run *m = &ms->runs[ms->n_runs++];
	memset(m, 0, sizeof *m);
	snprintf(m->file, sizeof m->file, "%s", path);
	gs_sha256_hex(buf, len, m->sha256);
	free(buf);
	run_versions(r, m->versions, sizeof m->versions);
	snprintf(m->started, sizeof m->started, "%s", r->started);
	snprintf(m->host, sizeof m->host, "%s", r->host);
	snprintf(m->sheet, sizeof m->sheet, "%s", r->sheet);
	m->ngpus = r->ngpus ? r->ngpus : 1;
	for (unsigned g = 0; g < r->ngpus && g < GS_MAX_PROBED; g++) {
		snprintf(m->gpu_name[g], sizeof m->gpu_name[g], "%s", r->gpu_name[g]);
		m->gpu_total[g] = r->gpu_total[g];
	}
	m->samples = r->samples;
	m->markers = r->markers;
	uint64_t L, B;
	bool training;
	sheet_dims(e, &L, &B, &training);
	m->validates = gs_run_validates(r, L, B, training, m->why, sizeof m->why);
	m->ended_early = !r->exited || r->signal >= 0 || r->status != 0;
	for (size_t i = 0; i < r->nphases; i++) {
		const gs_run_phase *q = &r->phases[i];
		const gs_phase *ph = estimate_phase(e, q->name);
		for (unsigned g = 0; g < m->ngpus && g < GS_MAX_PROBED; g++) {
			const gs_run_counters *c = &q->gpu[g];
			if (!c->has_torch && !c->has_device)
				continue;
			gs_measured_phase *x = &m->ph[m->n++];
			gsi_fmt(x->phase, sizeof x->phase, "%s", q->name);
			x->gpu = g;
			x->c = *c;
			x->tokens = q->tokens;
			x->sequences = q->sequences;
			x->microbatch = q->microbatch;
			x->ended = q->ended;
			x->in_estimate = ph != NULL;
			x->estimated = ph ? ph->peak : 0;
			x->at_sheet = ph && (dimension_free(e, ph) ||
			                     (L && q->tokens >= L && phase_batch(q, training) >= B));
		}
	}
	untie(m, e);
	free(r);
	return GS_OK;
}

/* In use at failure + the allocation that failed, from the figures the
 * message states (diagnose.h). */
static bool oom_bound(const gs_oom *o, gs_bytes *bound, char *how, size_t cap)
{
	if (!o->has_requested)
		return false;
	if (o->has_process) {
		*bound = o->process + o->requested;
		snprintf(how, cap, "the process had %llu B in use and asked for %llu B more on GPU %d",
		         (unsigned long long)o->process, (unsigned long long)o->requested, o->gpu);
	} else if (o->has_allocated && o->has_reserved) {
		*bound = o->allocated + o->reserved_unallocated + o->requested;
		snprintf(how, cap,
		         "PyTorch held %llu B (allocated %llu + reserved but unallocated %llu) and asked for "
		         "%llu B more on GPU %d; the CUDA context is on top",
		         (unsigned long long)(o->allocated + o->reserved_unallocated),
		         (unsigned long long)o->allocated, (unsigned long long)o->reserved_unallocated,
		         (unsigned long long)o->requested, o->gpu);
	} else if (o->has_allocated) {
		*bound = o->allocated + o->requested;
		snprintf(how, cap, "PyTorch had %llu B allocated and asked for %llu B more on GPU %d",
		         (unsigned long long)o->allocated, (unsigned long long)o->requested, o->gpu);
	} else {
		*bound = o->requested;
		snprintf(how, cap,
		         "the allocation that failed alone: %llu B on device %d (the log states nothing else "
		         "in use)",
		         (unsigned long long)o->requested, o->gpu);
	}
	return true;
}

gs_status gs_measurements_add_oom(gs_measurements *ms, const char *path, gs_error *err)
{
	char *buf;
	size_t len;
	gs_status s = gs_file_read(path, GS_DIAGNOSE_MAX_LOG, "a log", &buf, &len, err);
	if (s)
		return s;
	gs_oom_floor *f = &ms->oom;
	memset(f, 0, sizeof *f);
	bool found = gs_diagnose_log(buf, len, &f->oom);
	gs_sha256_hex(buf, len, f->sha256);
	free(buf);
	if (!found)
		return gs_error_set(err, GS_EINPUT, path,
		                    "no out-of-memory message gpusizer recognises in this log (PyTorch, "
		                    "llama.cpp, vLLM, SGLang): nothing to bound the need with");
	if (!oom_bound(&f->oom, &f->bound, f->how, sizeof f->how))
		return gs_error_set(err, GS_EINPUT, path,
		                    "line %u: this %s failure states no bytes in use or requested, so it "
		                    "bounds no need per GPU: read it with gpusizer diagnose",
		                    f->oom.line, gs_oom_kind_name(f->oom.kind));
	snprintf(f->file, sizeof f->file, "%s", path);
	ms->has_oom = true;
	return GS_OK;
}

/* The counter that competes with the capacity: device used, else reserved. */
static gs_bytes decisive(const gs_measured_phase *x, const char **counter)
{
	if (x->c.has_device) {
		*counter = "device used";
		return x->c.device_used;
	}
	*counter = "PyTorch reserved";
	return x->c.reserved;
}

/* One part of the margin: "+ 0.24 GiB: why", printed even when 0 B. */
static void reason(gs_measurements *ms, gs_bytes b, const char *why)
{
	if (ms->n_reasons < sizeof ms->reasons / sizeof ms->reasons[0]) {
		char g[40];
		gs_format_bytes(b, GS_UNIT_GiB, g, sizeof g);
		snprintf(ms->reasons[ms->n_reasons++], sizeof ms->reasons[0], "+ %.30s: %.270s", g, why);
	}
}

/* The floor: the largest measured peak of any run, at any dimensions. */
static void floor_of(gs_measurements *ms)
{
	for (size_t i = 0; i < ms->n_runs; i++)
		for (size_t k = 0; k < ms->runs[i].n; k++) {
			const char *c;
			gs_bytes b = decisive(&ms->runs[i].ph[k], &c);
			if (b > ms->floor) {
				ms->floor = b;
				char g[40];
				snprintf(ms->floor_why, sizeof ms->floor_why,
				         "run %.120s measured %s (%s) in phase %.31s on GPU %u",
				         base_name(ms->runs[i].file),
				         gs_format_bytes(b, GS_UNIT_GiB, g, sizeof g), c,
				         ms->runs[i].ph[k].phase, ms->runs[i].ph[k].gpu);
			}
		}
}

void gs_measurements_apply(gs_measurements *ms, gs_estimate *e)
{
	const gs_measured_run *best = NULL;
	const gs_measured_phase *peak = NULL;
	const char *counter = "";
	floor_of(ms);
	/* the phases validating runs covered at the sheet's dimensions */
	for (size_t i = 0; i < ms->n_runs; i++) {
		const gs_measured_run *m = &ms->runs[i];
		if (!m->validates)
			continue;
		for (size_t k = 0; k < m->n; k++) {
			const gs_measured_phase *x = &m->ph[k];
			const char *c;
			gs_bytes b = decisive(x, &c);
			if (!x->in_estimate || !x->at_sheet || !x->ended)
				continue;
			for (size_t p = 0; p < e->n_phases; p++) {
				gs_phase *ph = &e->phases[p];
				if (strcmp(ph->id, x->phase) || (ph->measured && ph->measured_peak >= b))
					continue;
				ph->measured = true;
				ph->measured_peak = b;
				snprintf(ph->measured_counter, sizeof ph->measured_counter, "%s", c);
				snprintf(ph->measured_run, sizeof ph->measured_run, "%.63s",
				         base_name(m->file));
			}
			if (!peak || b > decisive(peak, &counter)) {
				peak = x;
				best = m;
			}
		}
	}
	const gs_workload *w = &e->workload;
	gs_bytes reserve = gs_wl_u64(w, GS_F_RESERVE), est_peak = gs_estimate_peak(e);
	if (peak) {
		gs_bytes b = decisive(peak, &counter);
		snprintf(ms->need_basis, sizeof ms->need_basis, "measured");
		ms->measured_peak = b;
		gsi_fmt(ms->peak_phase, sizeof ms->peak_phase, "%s", peak->phase);
		snprintf(ms->peak_counter, sizeof ms->peak_counter, "%s", counter);
		snprintf(ms->peak_run, sizeof ms->peak_run, "%.250s", best->file);
		/* 1. the counter's gap to device used */
		gs_bytes gap = 0;
		if (!peak->c.has_device) {
			const gs_item *ctx = gs_estimate_item(e, "runtime_context");
			gap = ctx ? ctx->bytes[0] : 0;
			reason(ms, gap,
			       "PyTorch's reserved peak leaves out the CUDA context and other non-PyTorch "
			       "memory; the estimate's runtime_context stands in for it (the run has no NVML "
			       "counter)");
		} else {
			reason(ms, 0,
			       "the counter is the device's used memory, what the capacity limits: no gap to "
			       "add");
		}
		/* 2. fragmentation the run showed: already inside the measured peak */
		if (peak->c.has_torch && peak->c.reserved >= peak->c.allocated) {
			char t[200], g[40];
			snprintf(t, sizeof t,
			         "allocator fragmentation seen in the run, reserved - allocated = %s, is "
			         "inside the measured peak: not added again",
			         gs_format_bytes(peak->c.reserved - peak->c.allocated, GS_UNIT_GiB, g,
			                         sizeof g));
			reason(ms, 0, t);
		}
		/* 3. phases no validating run covered, whose estimate is larger */
		gs_bytes uncovered = 0;
		char names[160] = "";
		size_t nk = 0;
		for (size_t p = 0; p < e->n_phases; p++) {
			const gs_phase *ph = &e->phases[p];
			if (ph->measured)
				continue;
			nk += (size_t)snprintf(names + nk, nk < sizeof names ? sizeof names - nk : 0, "%s%s",
			                       nk ? ", " : "", ph->id);
			/* the estimate's phase peak holds the reserve: compare without it */
			gs_bytes est = ph->peak > reserve ? ph->peak - reserve : 0;
			if (est > b + gap && est - (b + gap) > uncovered)
				uncovered = est - (b + gap);
		}
		char t[320];
		if (nk) {
			snprintf(t, sizeof t,
			         "phases not measured at the sheet's dimensions (%.150s): where their "
			         "estimate exceeds the measured peak, by that much (their estimate has no "
			         "interval yet)",
			         names);
			reason(ms, uncovered, t);
		} else {
			reason(ms, 0, "every phase of the estimate was measured at the sheet's dimensions");
		}
		/* 4. the user's own reserve */
		snprintf(t, sizeof t, "the sheet's reserve, the user's own margin (%.40s)",
		         gs_wl_str(w, GS_F_RESERVE));
		reason(ms, reserve, t);
		ms->margin = gap + uncovered + reserve;
		ms->need = b + ms->margin;
	} else if (ms->has_oom) {
		snprintf(ms->need_basis, sizeof ms->need_basis, "oom");
		ms->need = ms->oom.bound > est_peak ? ms->oom.bound : est_peak;
	} else {
		snprintf(ms->need_basis, sizeof ms->need_basis, "estimate");
		ms->need = est_peak;
	}
	if (ms->has_oom && ms->oom.bound > ms->floor) {
		ms->floor = ms->oom.bound;
		char g[40];
		snprintf(ms->floor_why, sizeof ms->floor_why,
		         "the out-of-memory in %.120s (line %u, phase %s): %s in use with the failed "
		         "allocation",
		         base_name(ms->oom.file), ms->oom.oom.line,
		         ms->oom.oom.phase[0] ? ms->oom.oom.phase : "unknown",
		         gs_format_bytes(ms->oom.bound, GS_UNIT_GiB, g, sizeof g));
	}
	snprintf(e->need_basis, sizeof e->need_basis, "%s", ms->need_basis);
	e->need = ms->need;
	char g[40], h[40];
	if (!strcmp(ms->need_basis, "measured"))
		snprintf(e->need_why, sizeof e->need_why,
		         "measured %s (%s) in phase %.31s of %.100s + justified margin %s",
		         gs_format_bytes(ms->measured_peak, GS_UNIT_GiB, g, sizeof g), ms->peak_counter,
		         ms->peak_phase, base_name(ms->peak_run),
		         gs_format_bytes(ms->margin, GS_UNIT_GiB, h, sizeof h));
	else if (!strcmp(ms->need_basis, "oom"))
		snprintf(e->need_why, sizeof e->need_why,
		         "the larger of the estimate (%s) and the failed run's lower bound (%s, %.120s)",
		         gs_format_bytes(est_peak, GS_UNIT_GiB, g, sizeof g),
		         gs_format_bytes(ms->oom.bound, GS_UNIT_GiB, h, sizeof h), base_name(ms->oom.file));
	else if (ms->floor > est_peak)
		snprintf(e->need_why, sizeof e->need_why,
		         "the estimate, as no run validates the sheet; a measured peak above it excludes "
		         "smaller offers (the floor)");
	else if (ms->n_runs) /* the first run's reason: the text answer has no Measurements section */
		gsi_fmt(e->need_why, sizeof e->need_why,
		        "the estimate: no run validates the sheet (%.60s: %s)", base_name(ms->runs[0].file),
		        ms->runs[0].why);
	else
		snprintf(e->need_why, sizeof e->need_why, "the estimate: no run validates the sheet");
	e->floor = ms->floor;
	snprintf(e->floor_why, sizeof e->floor_why, "%s", ms->floor_why);
	/* with a capacity, a measured or failed run's need is what the one
	 * verdict judges from now on */
	gs_verdict_decide(e);
}

/* --- the sheet's Measurements section ------------------------------------------ */

static const char *gib(gs_bytes b, char *buf, size_t cap)
{
	return gs_format_bytes(b, GS_UNIT_GiB, buf, cap);
}

static void counter_cells(const gs_run_counters *c, char out[4][40])
{
	for (int i = 0; i < 4; i++)
		snprintf(out[i], 40, "-");
	if (c->has_torch) {
		gib(c->allocated, out[0], 40);
		gib(c->reserved, out[1], 40);
	}
	if (c->has_device) {
		gib(c->device_used, out[2], 40);
		gib(c->process_used, out[3], 40);
	}
}

int gs_render_measurements_markdown(FILE *f, const gs_measurements *ms)
{
	int bad = 0;
	char a[40], b[40];
	if (!ms || (!ms->n_runs && !ms->has_oom))
		return fprintf(f, "None given: every figure above is an estimate (measure with the "
		                  "protocol before relying on it).\n") < 0 ? -1 : 0;
	for (size_t i = 0; i < ms->n_runs; i++) {
		const gs_measured_run *m = &ms->runs[i];
		bad |= fprintf(f,
		               "### Run %s\n\n- file: `%s`, SHA-256 `%s`\n- %s the sheet: %s\n- started %s "
		               "on %s; versions: %s\n",
		               base_name(m->file), m->file, m->sha256,
		               m->validates ? "validates" : "does NOT validate", m->why,
		               m->started[0] ? m->started : "?", m->host[0] ? m->host : "?", m->versions) < 0;
		for (unsigned g = 0; g < m->ngpus && g < GS_MAX_PROBED; g++)
			bad |= fprintf(f, "- GPU %u: %s, %s\n", g,
			               m->gpu_name[g][0] ? m->gpu_name[g] : "not named (no NVML)",
			               m->gpu_total[g] ? gib(m->gpu_total[g], a, sizeof a)
			                               : "total not recorded") < 0;
		bad |= fprintf(f, "\n| phase | GPU | executed | allocated | reserved | device used | process "
		                  "used | estimate | at the sheet's dimensions "
		                  "|\n|---|---:|---|---:|---:|---:|---:|---:|---|\n") < 0;
		for (size_t k = 0; k < m->n; k++) {
			const gs_measured_phase *x = &m->ph[k];
			char c[4][40];
			counter_cells(&x->c, c);
				char ex[96];
				if (x->microbatch)
					snprintf(ex, sizeof ex, "%llu tokens x microbatch %llu",
				                 (unsigned long long)x->tokens,
				                 (unsigned long long)x->microbatch);
				else
					snprintf(ex, sizeof ex, "%llu tokens x %llu sequence%s",
				                 (unsigned long long)x->tokens,
				                 (unsigned long long)x->sequences,
				                 x->sequences == 1 ? "" : "s");
				bad |= fprintf(f, "| %s%s | %u | %s | %s | %s | %s | %s | %s | %s |\n",
			                       x->phase, x->ended ? "" : " (cut)", x->gpu, ex, c[0], c[1],
			                       c[2], c[3],
			                       x->in_estimate ? gib(x->estimated, b, sizeof b)
			                                      : "no such phase",
			                       x->at_sheet && m->validates && x->ended ? "yes: measured"
			                                                               : "no") < 0;
		}
		if (!m->n)
			bad |= fprintf(f, "| (no phase with a counter) | | | | | | | | |\n") < 0;
		bad |= fprintf(f, "\nCounters are four different quantities, never added together.\n\n") < 0;
	}
	if (ms->has_oom) {
		const gs_oom_floor *o = &ms->oom;
		bad |= fprintf(f,
		               "### Failed run %s\n\n- file: `%s`, SHA-256 `%s`\n- line %u: %s\n- phase %s; "
		               "lower bound on the need: %s (%s)\n\n",
		               base_name(o->file), o->file, o->sha256, o->oom.line, o->oom.message,
		               o->oom.phase[0] ? o->oom.phase : "unknown", gib(o->bound, a, sizeof a),
		               o->how) < 0;
	}
	bad |= fprintf(f, "### Need per GPU for the shortlist: %s (basis: %s)\n\n",
	               gib(ms->need, a, sizeof a), ms->need_basis) < 0;
	if (!strcmp(ms->need_basis, "measured")) {
		bad |= fprintf(f, "Measured peak %s (%s, phase %s, `%s`), plus the justified margin %s:\n\n",
		               gib(ms->measured_peak, a, sizeof a), ms->peak_counter, ms->peak_phase,
		               base_name(ms->peak_run), gib(ms->margin, b, sizeof b)) < 0;
		for (size_t i = 0; i < ms->n_reasons; i++)
			bad |= fprintf(f, "- %s\n", ms->reasons[i]) < 0;
		bad |= fprintf(f, "\n") < 0;
	} else if (!strcmp(ms->need_basis, "oom")) {
		bad |= fprintf(f,
		               "No run validates the sheet; the failed run shows the need is at least "
		               "%s.\n\n",
		               gib(ms->oom.bound, a, sizeof a)) < 0;
	} else {
		bad |= fprintf(f, "No run validates the sheet: the shortlist keeps the estimate.\n\n") < 0;
	}
	if (ms->floor)
		bad |= fprintf(f, "Floor: no offer below %s per GPU is retained: %s.\n",
		               gib(ms->floor, a, sizeof a), ms->floor_why) < 0;
	return bad ? -1 : 0;
}

static json_t *jb(gs_bytes b) { return json_integer(b > INT64_MAX ? INT64_MAX : (json_int_t)b); }

static json_t *counter_json(const gs_measured_phase *x, const char *counter)
{
	const gs_run_counters *c = &x->c;
	bool torch = !strcmp(counter, "allocated") || !strcmp(counter, "reserved");
	if (torch ? !c->has_torch : !c->has_device)
		return NULL;
	gs_bytes b = !strcmp(counter, "allocated") ? c->allocated : !strcmp(counter, "reserved") ? c->reserved
	           : !strcmp(counter, "device_used") ? c->device_used : c->process_used;
	return json_pack("{s:s, s:i, s:s, s:o, s:I, s:I, s:I, s:b, s:b}", "phase", x->phase, "gpu",
	                 (int)x->gpu, "counter", counter, "peak_bytes", jb(b), "tokens",
	                 (json_int_t)x->tokens, "sequences", (json_int_t)x->sequences, "microbatch",
	                 (json_int_t)x->microbatch, "ended", x->ended, "at_sheet_dimensions", x->at_sheet);
}

json_t *gs_measurements_to_json(const gs_measurements *ms)
{
	json_t *arr = json_array();
	static const char *const counters[] = {"allocated", "reserved", "device_used", "process_used"};
	for (size_t i = 0; ms && i < ms->n_runs; i++) {
		const gs_measured_run *m = &ms->runs[i];
		json_t *gpus = json_array(), *phases = json_array();
		for (unsigned g = 0; g < m->ngpus && g < GS_MAX_PROBED; g++)
			json_array_append_new(gpus,
			                      json_pack("{s:i, s:s, s:o}", "gpu", (int)g, "name",
			                                m->gpu_name[g], "total_bytes",
			                                m->gpu_total[g] ? jb(m->gpu_total[g]) : json_null()));
		for (size_t k = 0; k < m->n; k++)
			for (size_t c = 0; c < 4; c++) {
				json_t *o = counter_json(&m->ph[k], counters[c]);
				if (o)
					json_array_append_new(phases, o);
			}
		json_array_append_new(arr, json_pack("{s:s, s:s, s:b, s:s, s:b, s:s, s:o, s:o}", "run",
		                                     m->file, "sha256", m->sha256, "validates", m->validates,
		                                     "why", m->why, "ended_early", m->ended_early, "versions",
		                                     m->versions, "gpus", gpus, "phases", phases));
	}
	if (ms && ms->has_oom) {
		const gs_oom_floor *o = &ms->oom;
		json_array_append_new(arr,
		                      json_pack("{s:s, s:s, s:b, s:s, s:s, s:I, s:s, s:i, s:o, s:s}", "run",
		                                o->file, "sha256", o->sha256, "validates", 0, "why",
		                                "a failed run: its out-of-memory bounds the need from below",
		                                "kind", gs_oom_kind_name(o->oom.kind), "line",
		                                (json_int_t)o->oom.line, "phase", o->oom.phase, "gpu",
		                                o->oom.gpu, "lower_bound_bytes", jb(o->bound), "how",
		                                o->how));
	}
	return arr;
}
