/*
 * matrix.c — what fits on this GPU, model by format (gpusizer/matrix.h).
 */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "gpusizer/matrix.h"
#include "gpusizer/resolve.h"
#include "engine/engine.h"

size_t gs_matrix_default_formats(gs_runtime rt, gs_task task, char out[][40], size_t cap)
{
	/* adaptation's columns are the task's (it runs on one runtime);
	 * serving's are the runtime's own (its row) */
	static const char *const adapt[] = {"bf16", "int8", "nf4", NULL};
	static const char *const qlora[] = {"nf4-dq", NULL};
	const char *const *list = task == GS_TASK_QLORA ? qlora : task != GS_TASK_INFERENCE ? adapt
	                        : gsi_engine_of(rt)->matrix_formats;
	size_t k = 0;
	for (; list[k] && k < cap; k++)
		snprintf(out[k], 40, "%s", list[k]);
	return k;
}

/* A refused cell carries the estimate's whole message: cut, it would end
 * at a different word in the CLI and the web, whose field prefixes differ. */
_Static_assert(sizeof(((gs_matrix_cell *)0)->reason) >= sizeof(((gs_error *)0)->msg),
               "a cell's reason holds a whole gs_error message");

static void fill_cell(gs_matrix_cell *c, const gs_fit_result *r)
{
	char g[40];
	c->fits = r->fits;
	c->best = r->best;
	c->best_certain = r->best_certain;
	c->klass = r->klass;
	c->bounded_by_model = r->bounded_by_model;
	c->peak = r->fits ? r->peak_at_best : r->peak_over;
	gs_format_bytes(r->peak_over, GS_UNIT_GiB, g, sizeof g);
	if (!r->fits && r->layers_placed)
		snprintf(c->reason, sizeof c->reason, "%s: %llu/%llu layers", r->placer,
		         (unsigned long long)r->layer_offload, (unsigned long long)r->layer_count);
	else if (!r->fits && r->pool.known)
		snprintf(c->reason, sizeof c->reason, "%s: %s", r->pool.engine,
		         r->pool.refused ? "no KV pool" : "pool < 1 request");
	else if (!r->fits)
		snprintf(c->reason, sizeof c->reason, "%s in %s at 1", g, r->limit_phase);
	else if (r->bounded_by_model)
		snprintf(c->reason, sizeof c->reason, "the model's context window");
	else
		snprintf(c->reason, sizeof c->reason, "%s, %s", r->limit_phase, r->limit_item);
}

/* One cell: the base with this format, searched on model m. */
static void run_cell(const gs_workload *base, const gs_model *m, const char *format, gs_fit_target target,
                     gs_matrix_cell *c)
{
	gs_workload w = *base;
	gs_error err;
	gs_fit_result r;
	gs_error_clear(&err);
	w.v[GS_F_BITS].from = GS_FROM_UNSET; /* the column is the format */
	/* "native": the checkpoint's own format, as estimate reads it when no
	 * format is given (its quantization_config or tensor table) */
	bool native = !strcmp(format, "native");
	if ((!native &&
	     gs_workload_set(&w, GS_F_FORMAT, format, strlen(format), GS_FROM_FLAG, "matrix", &err)) ||
	    gs_workload_finish(&w, &err) || gs_fit_run(&w, m, target, &r, &err)) {
		c->error = true;
		snprintf(c->reason, sizeof c->reason, "%s", err.msg);
		return;
	}
	fill_cell(c, &r);
}

/* The formats are the columns: a format or bits the user gave (by a sheet,
 * a flag or a request's member; a default or a tag's format is no one's
 * choice) would have no cell of its own. Every front door gets this refusal
 * from here, in these words. */
static gs_status refuse_given_format(const gs_workload *base, gs_error *err)
{
	gs_field f = gs_wl_given(base, GS_F_FORMAT) ? GS_F_FORMAT : GS_F_BITS;
	if (!gs_wl_given(base, f))
		return GS_OK;
	const char *where = base->v[f].where;
	char at[160]; /* a flag names itself; a sheet or request value gives its place and key */
	if (!strncmp(where, "--", 2))
		snprintf(at, sizeof at, "%s", where);
	else
		snprintf(at, sizeof at, "%.100s: %s", where, gs_field_key(f));
	gs_error_set(err, GS_EINPUT, at,
	             "the formats are the columns: list them in formats (--formats bf16,nf4), "
	             "not in format or bits");
	return gs_error_field(err, gs_field_key(f));
}

gs_status gs_matrix_begin(const gs_workload *base, char formats[][40], size_t n_formats, gs_matrix *mx,
                          gs_error *err)
{
	memset(mx, 0, sizeof *mx);
	if (refuse_given_format(base, err))
		return GS_EINPUT;
	if (n_formats > GS_MATRIX_MAX_FORMATS || !n_formats)
		return gs_error_set(err, GS_EINPUT, "matrix", "1 to %d formats", GS_MATRIX_MAX_FORMATS);
	/* the capacity and the target, from the base as fit reads them */
	gs_workload probe = *base;
	probe.v[GS_F_MODEL].from = GS_FROM_UNSET;
	probe.v[GS_F_BITS].from = GS_FROM_UNSET;
	if (gs_workload_set(&probe, GS_F_PARAMS, "1e9", 3, GS_FROM_FLAG, "matrix", err))
		return GS_EINPUT;
	gs_status s = gs_workload_finish(&probe, err);
	bool found;
	gs_bytes cuda_total;
	char cuda_how[256];
	/* the capacity each cell's search is judged against (a runtime that
	 * allocates through torch: the CUDA total), so the header says it */
	if (!s)
		s = gs_capacity_judged(&probe, &mx->capacity, &found, mx->capacity_how,
		                       sizeof mx->capacity_how, &cuda_total, cuda_how, sizeof cuda_how, err);
	if (s)
		return s;
	if (!found)
		return gs_error_set(err, GS_EINPUT, "matrix",
		                    "give a capacity: --gpu \"RTX 4090\" or --capacity 24GB");
	bool training = gs_wl_training(&probe);
	snprintf(mx->runtime, sizeof mx->runtime, "%s", gs_runtime_name(gs_wl_runtime(&probe)));
	snprintf(mx->task, sizeof mx->task, "%.15s", gs_wl_str(&probe, GS_F_TASK));
	bool at_length = gs_wl_set(base, GS_F_LENGTH);
	mx->target = !at_length ? GS_FIT_CONTEXT : training ? GS_FIT_MICROBATCH : GS_FIT_CONCURRENCY;
	mx->fixed = at_length ? gs_wl_u64(&probe, GS_F_LENGTH)
	                      : gs_wl_u64(&probe, training ? GS_F_MICROBATCH : GS_F_CONCURRENCY);
	mx->n_formats = n_formats;
	for (size_t f = 0; f < n_formats; f++)
		snprintf(mx->formats[f], sizeof mx->formats[f], "%s", formats[f]);
	return GS_OK;
}

gs_status gs_matrix_add_row(gs_matrix *mx, const gs_workload *base, const char *name, const gs_model *m,
                            const char *problem, gs_error *err)
{
	if (gs_deadline_passed()) /* a server's request whose time is up: no more rows */
		return gs_error_set(err, GS_ETIME, "matrix",
		                    "stopped after %zu models: the time limit for this request "
		                    "passed",
		                    mx->n_rows);
	if (mx->n_rows == GS_MATRIX_MAX_MODELS)
		return gs_error_set(err, GS_EINPUT, "matrix", "at most %d models", GS_MATRIX_MAX_MODELS);
	gs_matrix_row *row = &mx->rows[mx->n_rows++];
	memset(row, 0, sizeof *row);
	snprintf(row->model, sizeof row->model, "%s", name);
	if (!m) {
		snprintf(row->problem, sizeof row->problem, "%.239s", problem ? problem : "not read");
		return GS_OK;
	}
	row->params = m->params;
	row->max_position = m->max_position;
	for (size_t f = 0; f < mx->n_formats; f++)
		run_cell(base, m, mx->formats[f], mx->target, &row->cells[f]);
	return GS_OK;
}

static double thread_cpu(void)
{
	struct timespec t;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

double gs_matrix_predict(const gs_matrix *mx, const gs_workload *base, const gs_model *m, size_t rows)
{
	gs_workload w = *base;
	gs_error err;
	w.v[GS_F_BITS].from = GS_FROM_UNSET;
	const char *format = mx->formats[0];
	uint64_t hi = mx->target == GS_FIT_CONTEXT ? (m->max_position ? m->max_position : GSI_FIT_MAX_CONTEXT)
	                                           : GSI_FIT_MAX_CONCURRENCY;
	gs_field f = mx->target == GS_FIT_CONTEXT ? GS_F_LENGTH
	             : mx->target == GS_FIT_MICROBATCH ? GS_F_MICROBATCH : GS_F_CONCURRENCY;
	gs_estimate *e = malloc(sizeof *e);
	if (!e)
		return 0;
	/* the search's first probe, at 1: a cell that does not fit there ends */
	double t0 = thread_cpu(), t = 0;
	bool fits = false;
	if ((!strcmp(format, "native") ||
	     !gs_workload_set(&w, GS_F_FORMAT, format, strlen(format), GS_FROM_FLAG, "matrix", &err)) &&
	    !gs_workload_set(&w, f, "1", 1, GS_FROM_FLAG, "matrix", &err) && !gs_workload_finish(&w, &err) &&
	    !gs_estimate_run_lean(&w, m, e, &err)) {
		t = thread_cpu() - t0;
		fits = !e->has_capacity || e->verdict.klass != GS_CLASS_DOES_NOT_FIT;
	}
	free(e);
	unsigned bits = 0;
	while (bits < 64 && ((uint64_t)1 << bits) < hi)
		bits++;
	return t * (fits ? (double)(3 + bits) : 1.0) * (double)mx->n_formats * (double)rows;
}

gs_status gs_matrix_run(const gs_workload *base, const char *const *models, size_t n_models,
                        char formats[][40], size_t n_formats, gs_matrix *mx, gs_error *err)
{
	if (refuse_given_format(base, err)) { /* before "no model": the columns are the first thing asked */
		memset(mx, 0, sizeof *mx);
		return GS_EINPUT;
	}
	if (!n_models) {
		memset(mx, 0, sizeof *mx);
		return gs_error_set(err, GS_EINPUT, "matrix",
		                    "no model: give config.json files, model folders, .gguf files "
		                    "or hub ids (or --models-dir DIR)");
	}
	if (n_models > GS_MATRIX_MAX_MODELS)
		return gs_error_set(err, GS_EINPUT, "matrix", "at most %d models", GS_MATRIX_MAX_MODELS);
	gs_status s = gs_matrix_begin(base, formats, n_formats, mx, err);
	for (size_t i = 0; !s && i < n_models; i++) {
		/* read the model once: the same for every format */
		gs_workload w = *base;
		gs_model m;
		gs_error e;
		gs_error_clear(&e);
		w.v[GS_F_PARAMS].from = GS_FROM_UNSET;
		bool ok = !gs_workload_set(&w, GS_F_MODEL, models[i], strlen(models[i]), GS_FROM_FLAG,
		                           "matrix", &e) &&
		          !gs_workload_finish(&w, &e) && !gs_workload_model(&w, &m, &e);
		s = gs_matrix_add_row(mx, &w, models[i], ok ? &m : NULL, e.msg, err);
	}
	return s;
}

static const char *target_name(const gs_matrix *mx)
{
	return mx->target == GS_FIT_CONTEXT      ? "context"
	       : mx->target == GS_FIT_MICROBATCH ? "microbatch"
	                                         : "concurrency";
}

/* The distinct reasons of refused cells, numbered for the notes below
 * the table: the index of c's reason (1-based). */
static size_t note_of(const gs_matrix_cell *c, const char *notes[], size_t *n)
{
	for (size_t i = 0; i < *n; i++)
		if (!strcmp(notes[i], c->reason))
			return i + 1;
	if (*n < GS_MATRIX_MAX_MODELS * 2)
		notes[(*n)++] = c->reason;
	return *n;
}

/* "32768", "131072 (model max)", "28481..33754" (fits for certain up to
 * the first, to confirm up to the second), "x 15.0 GiB in load at 1",
 * "x [2]". */
static void cell_text(const gs_matrix_cell *c, char *buf, size_t cap, const char *notes[], size_t *n)
{
	if (c->error)
		snprintf(buf, cap, "x [%zu]", note_of(c, notes, n));
	else if (c->fits && c->best_certain < c->best)
		snprintf(buf, cap, "%llu..%llu%s", (unsigned long long)c->best_certain,
		         (unsigned long long)c->best, c->bounded_by_model ? " (model max)" : "");
	else if (c->fits)
		snprintf(buf, cap, "%llu%s", (unsigned long long)c->best,
		         c->bounded_by_model ? " (model max)" : "");
	else
		snprintf(buf, cap, "x %s", c->reason);
}

/* A hub or library id (org/name) in full; a path by its file name. Control
 * characters (a file named with terminal escapes) print as '?': a name
 * read from a folder is not allowed to drive the terminal. */
static const char *row_name(const gs_matrix_row *r, char *buf, size_t cap)
{
	const char *name = strrchr(r->model, '/');
	bool id = name && name == strchr(r->model, '/') && r->model[0] != '.' && !strstr(r->model, ".json") &&
	          !strstr(r->model, ".gguf");
	const char *from = id || !name ? r->model : name + 1;
	size_t n = 0;
	for (; *from && n + 1 < cap; from++, n++)
		buf[n] = (unsigned char)*from < 0x20 || *from == 0x7f ? '?' : *from;
	buf[n] = 0;
	return buf;
}

int gs_render_matrix_text(FILE *f, const gs_matrix *mx, bool md)
{
	int bad = 0;
	char cap[40], b[1100];
	const char *notes[GS_MATRIX_MAX_MODELS * 2];
	size_t nn = 0;
	/* columns as wide as their widest entry: ids and cells are never cut */
	int wname = 5, wcell[GS_MATRIX_MAX_FORMATS];
	for (size_t j = 0; j < mx->n_formats; j++)
		wcell[j] = (int)strlen(mx->formats[j]);
	for (size_t i = 0; i < mx->n_rows; i++) {
		const gs_matrix_row *r = &mx->rows[i];
		char nb[sizeof r->model];
		int w = (int)strlen(row_name(r, nb, sizeof nb));
		wname = w > wname ? w : wname;
		for (size_t j = 0; !r->problem[0] && j < mx->n_formats; j++) {
			cell_text(&r->cells[j], b, sizeof b, notes,
			          &nn); /* numbered as the second pass will */
			wcell[j] = (int)strlen(b) > wcell[j] ? (int)strlen(b) : wcell[j];
		}
	}
	nn = 0;
	gs_format_bytes(mx->capacity, GS_UNIT_GiB, cap, sizeof cap);
	bad |= fprintf(f, "%swhat fits on %s (%s), runtime %s, task %s: each cell the largest %s %s\n\n",
	               md ? "### " : "", cap, mx->capacity_how, mx->runtime, mx->task, target_name(mx),
	               mx->target == GS_FIT_CONTEXT
	                       ? (mx->fixed == 1 ? "for 1 sequence" : "at the given concurrency")
	                       : "at the given context") < 0;
	if (md) {
		bad |= fprintf(f, "| model | parameters |") < 0;
		for (size_t j = 0; j < mx->n_formats; j++)
			bad |= fprintf(f, " %s |", mx->formats[j]) < 0;
		bad |= fprintf(f, "\n|---|---:|") < 0;
		for (size_t j = 0; j < mx->n_formats; j++)
			bad |= fprintf(f, "---:|") < 0;
		bad |= fprintf(f, "\n") < 0;
	} else {
		bad |= fprintf(f, "%-*s %14s", wname, "model", "parameters") < 0;
		for (size_t j = 0; j < mx->n_formats; j++)
			bad |= fprintf(f, "  %-*s", j + 1 < mx->n_formats ? wcell[j] : 0, mx->formats[j]) < 0;
		bad |= fprintf(f, "\n") < 0;
	}
	for (size_t i = 0; i < mx->n_rows; i++) {
		const gs_matrix_row *r = &mx->rows[i];
		char nb[sizeof r->model];
		const char *name = row_name(r, nb, sizeof nb);
		if (r->problem[0]) {
			if (md)
				bad |= fprintf(f, "| %s | | x %s |\n", name, r->problem) < 0;
			else
				bad |= fprintf(f, "%-*s %14s  x %s\n", wname, name, "-", r->problem) < 0;
			continue;
		}
		if (md)
			bad |= fprintf(f, "| %s | %llu |", name, (unsigned long long)r->params) < 0;
		else
			bad |= fprintf(f, "%-*s %14llu", wname, name, (unsigned long long)r->params) < 0;
		for (size_t j = 0; j < mx->n_formats; j++) {
			cell_text(&r->cells[j], b, sizeof b, notes, &nn);
			if (md)
				bad |= fprintf(f, " %s |", b) < 0;
			else if (j + 1 < mx->n_formats)
				bad |= fprintf(f, "  %-*s", wcell[j], b) < 0;
			else
				bad |= fprintf(f, "  %s", b) < 0; /* no trailing blanks */
		}
		bad |= fprintf(f, "\n") < 0;
	}
	bad |= fprintf(f, "\nA..B: fits for certain up to A (0: nothing certain), to confirm from A+1 "
	                  "to B (the point estimate fits, the interval's high end or an unknown item does "
	                  "not); x: not even 1 fits, with the peak and phase that overflow; x [n]: "
	                  "refused, as the note says. Each cell is the exact search of gpusizer fit for "
	                  "that model and format.\n") < 0;
	for (size_t i = 0; i < nn; i++)
		bad |= fprintf(f, "%s[%zu] %s\n", md ? "- " : "  ", i + 1, notes[i]) < 0;
	return bad ? -1 : 0;
}

json_t *gs_matrix_to_json(const gs_matrix *mx)
{
	json_t *rows = json_array(), *fmts = json_array();
	for (size_t j = 0; j < mx->n_formats; j++)
		json_array_append_new(fmts, json_string(mx->formats[j]));
	for (size_t i = 0; i < mx->n_rows; i++) {
		const gs_matrix_row *r = &mx->rows[i];
		json_t *cells = json_array();
		for (size_t j = 0; !r->problem[0] && j < mx->n_formats; j++) {
			const gs_matrix_cell *c = &r->cells[j];
			json_t *best = c->fits ? json_integer((json_int_t)c->best) : json_null();
			json_t *peak = c->error ? json_null() : json_integer((json_int_t)c->peak);
			json_t *cj = json_pack("{s:s, s:b, s:b, s:o, s:b, s:o, s:s}", "format",
			                       mx->formats[j], "refused", c->error, "fits", c->fits, "best",
			                       best, "bounded_by_model", c->bounded_by_model, "peak_bytes",
			                       peak, "reason", c->reason);
			if (cj && !c->error) {
				json_object_set_new(cj, "class", json_string(gs_class_id(c->klass)));
				json_object_set_new(cj, "best_certain",
				                    c->fits ? json_integer((json_int_t)c->best_certain)
				                            : json_null());
			}
			json_array_append_new(cells, cj);
		}
		json_t *o = json_pack("{s:s, s:I, s:I, s:o}", "model", r->model, "parameters",
		                      (json_int_t)r->params, "max_position", (json_int_t)r->max_position,
		                      "cells", cells);
		if (o && r->problem[0])
			json_object_set_new(o, "problem", json_string(r->problem));
		json_array_append_new(rows, o);
	}
	return json_pack("{s:s, s:I, s:s, s:s, s:s, s:s, s:I, s:o, s:o}", "schema", "gpusizer/matrix/v1",
	                 "capacity_bytes", (json_int_t)mx->capacity, "capacity_how", mx->capacity_how,
	                 "runtime", mx->runtime, "task", mx->task, "searched", target_name(mx), "fixed",
	                 (json_int_t)mx->fixed, "formats", fmts, "rows", rows);
}
