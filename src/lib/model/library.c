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
#include "core/fmt.h"
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

/* --- hub ids read by their names (gs_library_derive) ------------------- */

/* The quantization suffixes read from a name, longest first where one
 * ends another: what they stand for in the uploads that use them. */
static const struct {
	const char *suffix;  /* lower case */
	const char *method, *format;
	const char *what;
} suffixes[] = {
	{"-unsloth-bnb-4bit", "bitsandbytes", "nf4-dq",
	 "Unsloth's dynamic 4-bit: bitsandbytes NF4 with double quantization, some modules in 16 bits "
	 "(its llm_int8_skip_modules, not known from the name: counted in NF4, an under-estimate)"},
	{"-bnb-4bit", "bitsandbytes", "nf4-dq",
	 "bitsandbytes NF4 with double quantization, as Unsloth's bnb-4bit uploads store it "
	 "(unsloth/llama-3-8b-Instruct-bnb-4bit's quantization_config)"},
	{"-bnb-8bit", "bitsandbytes", "int8", "bitsandbytes LLM.int8"},
	{"-fp8-dynamic", "compressed-tensors", "fp8-channel",
	 "FP8 with a scale per output row (llm-compressor's FP8_DYNAMIC scheme)"},
	{"-fp8", "fp8", "fp8-block128",
	 "FP8 with a scale per 128x128 block, as Qwen's and DeepSeek's FP8 uploads store it (a scale per "
	 "tensor or per row stores under 0.1 % less)"},
	{"-quantized.w8a8", "compressed-tensors", "int8-channel",
	 "W8A8 int8 with a scale per output row (RedHatAI's quantized.w8a8 uploads, llm-compressor)"},
	{"-quantized.w4a16", "compressed-tensors", "w4a16-g128",
	 "symmetric int 4-bit, group 128, no zero point (RedHatAI's quantized.w4a16 uploads, "
	 "llm-compressor)"},
	{"-w8a8", "compressed-tensors", "int8-channel",
	 "W8A8 int8 with a scale per output row (llm-compressor's W8A8 scheme)"},
	{"-w4a16", "compressed-tensors", "w4a16-g128",
	 "symmetric int 4-bit, group 128, no zero point (llm-compressor's W4A16 scheme)"},
	{"-awq", "awq", "awq-g128", "AWQ 4-bit, group 128 (AutoAWQ's default)"},
	{"-gptq-int4", "gptq", "gptq-g128", "GPTQ 4-bit, group 128 (Qwen's GPTQ-Int4 uploads)"},
	{"-gptq-int8", "gptq", "gptq8-g128", "GPTQ 8-bit, group 128 (Qwen's GPTQ-Int8 uploads)"},
	{"-gptq", "gptq", "gptq-g128", "GPTQ 4-bit, group 128 (AutoGPTQ's default)"},
	{"-nvfp4a16", "", "nvfp4", "NVFP4 weights alone (W4A16)"},
	{"-nvfp4", "", "nvfp4", "NVFP4"},
	{"-fp4", "", "nvfp4", "NVFP4 (nvidia's -FP4 uploads, as nvidia/DeepSeek-R1-0528-FP4's table shows)"},
	{"-mxfp4", "compressed-tensors", "mxfp4-linear", "MXFP4 on every linear (compressed-tensors)"},
	{"-gguf", "gguf", "",
	 "a GGUF repository, one file per llama.cpp type: the type is the one --format or :QUANT names"},
};

static bool ends_nocase(const char *s, size_t n, const char *suf)
{
	size_t k = strlen(suf);
	return n > k && strncasecmp(s + n - k, suf, k) == 0;
}

/* The library entries whose name (after the org) is `name` (len n), or
 * "Meta-" + it, ignoring case: how many (up to 4 in hit). */
static size_t by_name(const char *name, size_t n, gs_library_entry *hit, size_t cap)
{
	size_t line, found = 0;
	/* "Meta-Llama-3.1-8B-Instruct" is meta-llama/Llama-3.1-8B-Instruct's */
	if (n > 5 && !strncasecmp(name, "meta-", 5) && (found = by_name(name + 5, n - 5, hit, cap)))
		return found;
	for (int pass = 0; pass < 2 && !found; pass++)
		for (const char *p = next_row(NULL, &line); p; p = next_row(p, &line)) {
			size_t k = strcspn(p, "\t");
			const char *slash = memchr(p, '/', k);
			if (!slash)
				continue;
			const char *nm = slash + 1;
			size_t nl = k - (size_t)(nm - p);
			if (pass == 1) { /* Unsloth drops Meta's "Meta-" (Meta-Llama-3-8B) */
				if (nl < 5 || strncasecmp(nm, "meta-", 5))
					continue;
				nm += 5;
				nl -= 5;
			}
			if (nl != n || strncasecmp(nm, name, n))
				continue;
			if (found < cap && parse_row(p, line, &hit[found], NULL) == GS_OK)
				found++;
			else if (found >= cap)
				found++;
		}
	return found;
}

/* The nearest suffix gpusizer reads to `tok` ("-awq4" -> "-awq"), or NULL. */
static const char *nearest_suffix(const char *tok)
{
	char low[40];
	size_t n = strlen(tok), best = SIZE_MAX;
	const char *pick = NULL;
	if (n >= sizeof low)
		return NULL;
	for (size_t i = 0; i <= n; i++)
		low[i] = (char)tolower((unsigned char)tok[i]);
	for (size_t i = 0; i < sizeof suffixes / sizeof suffixes[0]; i++) {
		size_t d = gsi_edit_distance(low, suffixes[i].suffix);
		if (d < best) {
			best = d;
			pick = suffixes[i].suffix;
		}
	}
	return best <= 2 && best * 2 < n ? pick : NULL;
}

int gs_library_derive(const char *id, gs_library_derived *out, char *why, size_t whycap)
{
	assert(id && out && why);
	memset(out, 0, sizeof *out);
	why[0] = 0;
	const char *slash = strchr(id, '/');
	if (!slash || strpbrk(id, "@:") || gs_library_find(id, &out->base))
		return 0;
	char org[128];
	snprintf(org, sizeof org, "%.*s", (int)(slash - id), id);
	const char *name = slash + 1;
	size_t n = strlen(name);
	gs_library_entry hit[4];
	/* the same name under another org: a re-upload of that model, with
	 * its own quantization_config if the model has one */
	size_t k = by_name(name, n, hit, 4);
	if (k == 1) {
		out->base = hit[0];
		snprintf(out->what, sizeof out->what, "the same weights as %s, stored as it stores them",
		         hit[0].id);
		return 1;
	}
	for (size_t i = 0; k == 0 && i < sizeof suffixes / sizeof suffixes[0]; i++) {
		const char *suf = suffixes[i].suffix;
		if (!ends_nocase(name, n, suf))
			continue;
		size_t sl = strlen(suf);
		/* nvidia's -FP4 is NVFP4; elsewhere -FP4 says no block format */
		if (!strcmp(suf, "-fp4") && strcasecmp(org, "nvidia"))
			break;
		k = by_name(name, n - sl, hit, 4);
		if (k != 1)
			break;
		out->base = hit[0];
		snprintf(out->suffix, sizeof out->suffix, "%s", name + n - sl);
		snprintf(out->format, sizeof out->format, "%s", suffixes[i].format);
		snprintf(out->quant_method, sizeof out->quant_method, "%s", suffixes[i].method);
		if (!strcmp(suffixes[i].format, "nvfp4")) {
			/* the producer by the org: nvidia's NVFP4 uploads are ModelOpt
			 * exports with FP8 KV scales (its Qwen3-32B-NVFP4 and
			 * Qwen3-30B-A3B-NVFP4 hf_quant_config.json, as
			 * ai-dynamo/aiconfigurator keeps them); others are
			 * llm-compressor's compressed-tensors */
			bool nv = !strcasecmp(org, "nvidia");
			snprintf(out->quant_method, sizeof out->quant_method, "%s",
			         nv ? "modelopt" : "compressed-tensors");
			if (nv && strcmp(suf, "-nvfp4a16"))
				snprintf(out->quant_kv, sizeof out->quant_kv, "fp8");
			snprintf(out->what, sizeof out->what, "%s, %s", suffixes[i].what,
			         nv ? "a ModelOpt export with FP8 KV scales as nvidia's are"
			            : "compressed-tensors as llm-compressor writes it");
		} else {
			snprintf(out->what, sizeof out->what, "%s", suffixes[i].what);
		}
		return 1;
	}
	if (k > 1) {
		gsi_fmt(why, whycap, "its name matches %zu library models (%s, %s%s): name one", k, hit[0].id,
		        hit[1].id, k > 2 ? ", ..." : "");
		return -1;
	}
	/* an unread suffix after a library model's name: say which model, and
	 * the nearest suffix gpusizer reads */
	for (const char *dash = strrchr(name, '-'); dash && dash > name; dash--) {
		if (*dash != '-')
			continue;
		if (by_name(name, (size_t)(dash - name), hit, 1) == 1) {
			const char *near = nearest_suffix(dash);
			gsi_fmt(why, whycap, "by its name a variant of %s (in the library), but \"%.40s\" "
			        "is not a quantization gpusizer reads from a name%s%s%s: give --format with "
			        "how it is stored, or the checkpoint's folder",
			        hit[0].id, dash, near ? " (the nearest: " : "", near ? near : "",
			        near ? ")" : "");
			return -1;
		}
	}
	return 0;
}
