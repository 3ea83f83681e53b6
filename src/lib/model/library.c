/*
 * library.c — the model library built into the binary (gpusizer/library.h):
 * data/models/index.tsv, parsed where it is asked, and the config.json
 * files it names.
 */
#include <assert.h>
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "gpusizer/library.h"
#include "model/library_data.h"
#include "core/nearest.h"

enum { COL_ID, COL_FILE, COL_FAMILY, COL_COPY, COL_REVISION, COL_SOURCE, N_COLS };

/* The data row after `prev` (NULL: the first one), comments and the header
 * line skipped, or NULL past the end. *line_no is its line in index.tsv;
 * pass back the previous row's when continuing. */
static const char *next_row(const char *prev, size_t *line_no)
{
	const char *p = gsi_library_index, *end = p + gsi_library_index_len;
	if (prev) {
		const char *nl = memchr(prev, '\n', (size_t)(end - prev));
		if (!nl)
			return NULL;
		p = nl + 1;
		(*line_no)++;
	} else {
		*line_no = 1;
	}
	for (; p < end; (*line_no)++) {
		if (p[0] != '#' && p[0] != '\n' && strncmp(p, "id\t", 3) != 0)
			return p;
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			break;
		p = nl + 1;
	}
	return NULL;
}

/* Data row i, or NULL past the end. */
static const char *data_row(size_t i, size_t *line_no)
{
	const char *p = next_row(NULL, line_no);
	while (p && i--)
		p = next_row(p, line_no);
	return p;
}

static const gsi_library_file *embedded(const char *name)
{
	for (size_t i = 0; i < gsi_library_n_files; i++)
		if (strcmp(gsi_library_files[i].name, name) == 0)
			return &gsi_library_files[i];
	return NULL;
}

/* Copy one tab-separated field into dst; false when it does not fit. */
static bool take(const char **p, const char *end, char *dst, size_t cap)
{
	size_t n = strcspn(*p, "\t\n");
	if ((size_t)(end - *p) < n)
		n = (size_t)(end - *p);
	if (n >= cap)
		return false;
	memcpy(dst, *p, n);
	dst[n] = 0;
	*p += n;
	if (*p < end && **p == '\t')
		(*p)++;
	return true;
}

const char *gs_library_revision_text(const char *revision)
{
	return revision && revision[0] ? revision : "not recorded where the copy was taken";
}

size_t gs_library_count(void)
{
	size_t n = 0, line;
	for (const char *p = next_row(NULL, &line); p; p = next_row(p, &line))
		n++;
	return n;
}

/* Parse the data row at p (line `line` of index.tsv) into out. */
static gs_status parse_row(const char *p, size_t line, gs_library_entry *out, gs_error *err)
{
	const char *end = gsi_library_index + gsi_library_index_len;
	memset(out, 0, sizeof *out);
	char *dst[N_COLS] = {out->id, out->file, out->family, out->copy, out->revision, out->source};
	size_t cap[N_COLS] = {sizeof out->id, sizeof out->file, sizeof out->family, sizeof out->copy,
	                      sizeof out->revision, sizeof out->source};
	for (int c = 0; c < N_COLS; c++)
		if (!take(&p, end, dst[c], cap[c]) || (c != COL_REVISION && !dst[c][0]))
			return gs_error_set(err, GS_EINPUT, "index.tsv",
			                    "line %zu: column %d is empty or longer than %zu bytes (only the "
			                    "revision may be empty)",
			                    line, c + 1, cap[c] - 1);
	if (strcmp(out->copy, "verbatim") && strcmp(out->copy, "preset") && strcmp(out->copy, "fields"))
		return gs_error_set(err, GS_EINPUT, "index.tsv",
		                    "line %zu: copy \"%s\": expected verbatim, preset or fields", line,
		                    out->copy);
	const gsi_library_file *f = embedded(out->file);
	if (!f)
		return gs_error_set(err, GS_EINPUT, "index.tsv", "line %zu: %s was not embedded", line,
		                    out->file);
	out->config = f->bytes;
	out->config_len = f->len;
	return GS_OK;
}

gs_status gs_library_at(size_t i, gs_library_entry *out, gs_error *err)
{
	assert(out);
	size_t line;
	const char *p = data_row(i, &line);
	if (!p) {
		memset(out, 0, sizeof *out);
		return gs_error_set(err, GS_EINPUT, "library", "no model %zu: the library holds %zu", i,
		                    gs_library_count());
	}
	return parse_row(p, line, out, err);
}

bool gs_library_find(const char *id, gs_library_entry *out)
{
	assert(id && out);
	size_t n = strlen(id), line;
	if (strpbrk(id, "@:"))
		return false;
	/* one pass, comparing the id column only; a row is parsed when it matches */
	for (const char *p = next_row(NULL, &line); p; p = next_row(p, &line))
		if (strncasecmp(p, id, n) == 0 && p[n] == '\t')
			return parse_row(p, line, out, NULL) == GS_OK;
	return false;
}

size_t gs_library_nearest(const char *id, char *buf, size_t cap)
{
	assert(id && buf && cap);
	char want[GSI_NEAREST_MAX + 1], have[GSI_NEAREST_MAX + 1];
	size_t n = strcspn(id, "@:"), line, best = SIZE_MAX, found = 0;
	buf[0] = 0;
	if (n > GSI_NEAREST_MAX)
		return 0;
	for (size_t i = 0; i < n; i++) /* the hub ignores case: so does the distance */
		want[i] = (char)tolower((unsigned char)id[i]);
	want[n] = 0;
	/* two passes over the id column: the best distance, then every id at it */
	for (int pass = 0; pass < 2; pass++)
		for (const char *p = next_row(NULL, &line); p; p = next_row(p, &line)) {
			size_t k = strcspn(p, "\t");
			if (k > GSI_NEAREST_MAX)
				continue;
			for (size_t i = 0; i < k; i++)
				have[i] = (char)tolower((unsigned char)p[i]);
			have[k] = 0;
			size_t d = gsi_edit_distance(want, have);
			if (pass == 0 && d < best && gsi_near_enough(d, n))
				best = d;
			else if (pass == 1 && d == best && found < 3) {
				size_t used = strlen(buf);
				snprintf(buf + used, cap - used, "%s%.*s", found ? ", " : "", (int)k, p);
				found++;
			}
		}
	return found;
}

gs_status gs_library_model(const gs_library_entry *e, gs_model *out, gs_error *err)
{
	assert(e && out);
	gs_status s = gs_model_from_config_json(e->config, e->config_len, e->file, out, err);
	if (s)
		return s;
	snprintf(out->source, sizeof out->source, "%s", e->id);
	snprintf(out->revision, sizeof out->revision, "%s", e->revision);
	snprintf(out->library_copy, sizeof out->library_copy, "%s", e->copy);
	return GS_OK;
}

/* Whether `hay` contains `needle`, ignoring ASCII case (strcasestr is GNU). */
static bool contains(const char *hay, const char *needle)
{
	size_t n = strlen(needle);
	for (; *hay; hay++)
		if (strncasecmp(hay, needle, n) == 0)
			return true;
	return n == 0;
}

bool gs_library_matches(const gs_library_entry *e, const gs_model *m, const char *text)
{
	return !text || contains(e->id, text) || contains(e->family, text) || contains(m->model_type, text);
}

static json_t *entry_json(const gs_library_entry *e, const gs_model *m)
{
	return json_pack("{s:s, s:s, s:s, s:I, s:o, s:s, s:o, s:s, s:s}", "id", e->id, "family", e->family,
	                 "model_type", m->model_type, "parameters", (json_int_t)m->params, "context_tokens",
	                 m->max_position ? json_integer(m->max_position) : json_null(), "copy", e->copy,
	                 "revision", e->revision[0] ? json_string(e->revision) : json_null(), "source",
	                 e->source, "file", e->file);
}

json_t *gs_library_to_json(const char *text, size_t *matched, gs_error *err)
{
	json_t *list = json_array();
	gs_model *m = malloc(sizeof *m);
	size_t n = gs_library_count(), shown = 0;
	bool ok = list && m;
	for (size_t i = 0; ok && i < n; i++) {
		gs_library_entry e;
		ok = !gs_library_at(i, &e, err) && !gs_library_model(&e, m, err);
		if (ok && gs_library_matches(&e, m, text)) {
			ok = json_array_append_new(list, entry_json(&e, m)) == 0;
			shown++;
		}
	}
	free(m);
	if (!ok) {
		json_decref(list);
		return NULL;
	}
	if (matched)
		*matched = shown;
	return json_pack("{s:s, s:I, s:o}", "schema", "gpusizer/models/v1", "library_models", (json_int_t)n,
	                 "models", list);
}
