/*
 * library.c — the model library built into the binary (gpusizer/library.h):
 * data/models/index.tsv, parsed where it is asked, and the config.json
 * files it names.
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "gpusizer/library.h"
#include "library_data.h"

enum { COL_ID, COL_FILE, COL_FAMILY, COL_COPY, COL_REVISION, COL_SOURCE, N_COLS };

/* The start of data row i (comments and the header line skipped), or NULL
 * past the end; *line_no is its line in index.tsv. */
static const char *data_row(size_t i, size_t *line_no)
{
	const char *p = gsi_library_index, *end = p + gsi_library_index_len;
	size_t row = 0;
	for (*line_no = 1; p < end; (*line_no)++) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		bool data = p[0] != '#' && strncmp(p, "id\t", 3) != 0 && p[0] != '\n';
		if (data && row++ == i)
			return p;
		if (!nl)
			break;
		p = nl + 1;
	}
	return NULL;
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

size_t gs_library_count(void)
{
	size_t n = 0, line;
	while (data_row(n, &line))
		n++;
	return n;
}

gs_status gs_library_at(size_t i, gs_library_entry *out, gs_error *err)
{
	assert(out);
	memset(out, 0, sizeof *out);
	size_t line;
	const char *p = data_row(i, &line), *end = gsi_library_index + gsi_library_index_len;
	if (!p)
		return gs_error_set(err, GS_EINPUT, "library", "no model %zu: the library holds %zu", i,
		                    gs_library_count());
	char *dst[N_COLS] = {out->id, out->file, out->family, out->copy, out->revision, out->source};
	size_t cap[N_COLS] = {sizeof out->id, sizeof out->file, sizeof out->family, sizeof out->copy,
	                      sizeof out->revision, sizeof out->source};
	for (int c = 0; c < N_COLS; c++)
		if (!take(&p, end, dst[c], cap[c]) || (c < COL_REVISION && !dst[c][0]) || (c == COL_SOURCE && !dst[c][0]))
			return gs_error_set(err, GS_EINPUT, "index.tsv", "line %zu: column %d is empty or longer than %zu "
			                    "bytes", line, c + 1, cap[c] - 1);
	if (strcmp(out->copy, "verbatim") && strcmp(out->copy, "preset") && strcmp(out->copy, "fields"))
		return gs_error_set(err, GS_EINPUT, "index.tsv", "line %zu: copy \"%s\": expected verbatim, preset or fields",
		                    line, out->copy);
	const gsi_library_file *f = embedded(out->file);
	if (!f)
		return gs_error_set(err, GS_EINPUT, "index.tsv", "line %zu: %s was not embedded", line, out->file);
	out->config = f->bytes;
	out->config_len = f->len;
	return GS_OK;
}

bool gs_library_find(const char *id, gs_library_entry *out)
{
	assert(id && out);
	if (strpbrk(id, "@:"))
		return false;
	for (size_t i = 0, n = gs_library_count(); i < n; i++)
		if (gs_library_at(i, out, NULL) == GS_OK && strcasecmp(out->id, id) == 0)
			return true;
	return false;
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
