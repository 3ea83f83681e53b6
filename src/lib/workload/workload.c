/*
 * workload.c — the workload sheet's fields, their validation, provenance
 * and defaults (gpusizer/workload.h). The YAML reader is sheet.c.
 */
#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "gpusizer/devices.h"
#include "gpusizer/dtype.h"
#include "gpusizer/workload.h"
#include "core/nearest.h"
#include "model/ollama_tag.h"
#include "workload/recipe.h"

static const struct field_info {
	const char *key, *alias, *def, *help;
	gs_kind kind;
} fields[GS_F__COUNT] = {
#define GS_X(e, key, alias, kind, def, help) [GS_F_##e] = {key, alias, def, help, kind},
	GS_WORKLOAD_FIELDS(GS_X)
#undef GS_X
};

static const char *const enum_values[GS_F__COUNT][10] = {
	[GS_F_TASK] = {"inference", "full", "lora", "qlora", NULL},
	[GS_F_RUNTIME] = {"transformers", "vllm", "sglang", "llamacpp", "ollama", NULL},
	[GS_F_ENTRYPOINT] = {"serve", "llm", NULL},
	[GS_F_SAMPLER] = {"native", "flashinfer", NULL},
	[GS_F_ATTENTION] = {"flash", "sdpa", "eager", NULL},
	[GS_F_OPTIMIZER] = {"adamw", "adamw-fused", "adamw-8bit", "paged-adamw-8bit", "sgd", "sgd-momentum",
	                    "adafactor", "lion", "adamw-forloop", NULL},
	[GS_F_PRECISION] = {"mixed", "amp", "bf16", "fp32", NULL},
	[GS_F_CHECKPOINTING] = {"none", "full", "selective", "offloaded", NULL},
	[GS_F_RECIPE] = {"peft", "trl-sft", "unsloth", "axolotl", "llama-factory", "deepspeed", "torchtune", NULL},
	[GS_F_LOSS] = {"standard", "chunked", NULL},
	[GS_F_ZERO] = {"0", "1", "2", "3", NULL},
	[GS_F_FSDP] = {"none", "full", "grad-op", NULL},
	[GS_F_OFFLOAD] = {"none", "optimizer", "params", NULL},
	[GS_F_CONSERVATIVE] = {"no", "yes", NULL},
	[GS_F_KEEP_FORMAT] = {"bf16", "fp16", "fp32", NULL},
	[GS_F_EXPORT] = {"gpu", "cpu", "layerwise", "adapters", NULL},
	[GS_F_SPLIT_MODE] = {"layer", "row", NULL},
	[GS_F_QUANTIZER] = {"007dbbf3", "b4020", NULL},
	[GS_F_IMATRIX] = {"no", "yes", NULL},
	[GS_F_OP_OFFLOAD] = {"yes", "no", NULL},
	[GS_F_VLLM_ENGINE] = {"v1", "v0", NULL},
	[GS_F_SWA_FULL] = {"no", "yes", NULL},
};

/* The largest value a count field takes: far above any real workload, and
 * low enough that no figure built from them passes 2^63 bytes unnoticed.
 * 0 = no bound beyond the parser's. */
static const uint64_t count_max[GS_F__COUNT] = {
	[GS_F_PARAMS] = 1000000000000000ull,     /* 10^15 parameters */
	[GS_F_LENGTH] = 1ull << 30,              /* tokens per sequence */
	[GS_F_CONCURRENCY] = 1ull << 20,
	[GS_F_MICROBATCH] = 1ull << 20,
	[GS_F_EVAL_MICROBATCH] = 1ull << 20,
	[GS_F_GRAD_ACCUM] = 1ull << 20,
	[GS_F_LORA_RANK] = 1ull << 16,
	[GS_F_TP] = 1ull << 16,
	[GS_F_PP] = 1ull << 16,
	[GS_F_GPUS] = 1ull << 16,
	[GS_F_GPU_LAYERS] = 1ull << 16,
	[GS_F_N_UBATCH] = 1ull << 20,
	[GS_F_MAX_NUM_BATCHED_TOKENS] = 1ull << 30,
	[GS_F_MAX_NUM_SEQS] = 1ull << 20,
	[GS_F_MAX_LORAS] = 1ull << 10,
	[GS_F_MAX_LORA_RANK] = 1ull << 12,
	[GS_F_CHUNKED_PREFILL_SIZE] = 1ull << 30,
	[GS_F_MAX_RUNNING_REQUESTS] = 1ull << 20,
};

/* Fields counted in tokens: "8k" there means 8192 (gs_parse_tokens). */
static bool is_tokens(gs_field f)
{
	return f == GS_F_LENGTH || f == GS_F_MAX_NUM_BATCHED_TOKENS || f == GS_F_N_UBATCH ||
	       f == GS_F_CHUNKED_PREFILL_SIZE;
}

/* llama.cpp --tensor-split: proportions "3,1" or "0.6,0.4", each a plain
 * decimal (no sign, exponent, nan or inf), one per GPU, not all zero. */
static gs_status check_split(const char *t, const char *field, gs_error *err)
{
	bool any = false;
	unsigned parts = 0;
	for (const char *p = t;; p++) {
		const char *start = p;
		bool dot = false, nonzero = false;
		for (; (*p >= '0' && *p <= '9') || (*p == '.' && !dot); p++) {
			dot |= *p == '.';
			nonzero |= *p >= '1' && *p <= '9';
		}
		if (p == start || (p == start + 1 && *start == '.') || (*p && *p != ',') || ++parts > 64)
			return gs_error_set(err, GS_EINPUT, field, "got \"%.40s\", expected proportions such as 3,1 or "
			                    "0.5,0.5: plain non-negative decimals separated by commas, at most 64", t);
		any |= nonzero;
		if (!*p)
			break;
	}
	if (!any)
		return gs_error_set(err, GS_EINPUT, field, "got \"%.40s\": the proportions must not all be zero", t);
	return GS_OK;
}

const char *gs_field_key(gs_field f) { return fields[f].key; }
const char *gs_field_help(gs_field f) { return fields[f].help; }
const char *gs_field_alias(gs_field f) { return fields[f].alias; }
const char *gs_field_default(gs_field f) { return fields[f].def; }
gs_kind gs_field_kind(gs_field f) { return fields[f].kind; }

const char *gs_origin_name(gs_origin o)
{
	switch (o) {
	case GS_FROM_UNSET: return "unset";
	case GS_FROM_DEFAULT: return "default";
	case GS_FROM_SHEET: return "sheet";
	case GS_FROM_FLAG: return "flag";
	}
	return "?";
}

int gs_field_by_key(const char *key, size_t len)
{
	for (int f = 0; f < GS_F__COUNT; f++)
		if (strlen(fields[f].key) == len && memcmp(fields[f].key, key, len) == 0)
			return f;
	return -1;
}

const char *gs_field_flag(gs_field f, char *buf, size_t cap)
{
	snprintf(buf, cap, "--%s", fields[f].key);
	for (char *p = buf + 2; *p; p++)
		if (*p == '_')
			*p = '-';
	return buf;
}

const char *gs_flag_suggest(const char *flag, const char *const *extra, size_t n_extra, char *buf, size_t cap)
{
	size_t best = SIZE_MAX, len = strlen(flag);
	char cand[64];
	buf[0] = 0;
	for (int f = 0; f < GS_F__COUNT; f++)
		for (int k = 0; k < 2; k++) {
			if (k == 1 && !fields[f].alias)
				continue;
			if (k == 0)
				gs_field_flag((gs_field)f, cand, sizeof cand);
			else
				snprintf(cand, sizeof cand, "%s", fields[f].alias);
			size_t d = gsi_edit_distance(flag, cand);
			if (d < best && gsi_near_enough(d, len)) {
				best = d;
				snprintf(buf, cap, "%s", cand);
			}
		}
	for (size_t i = 0; i < n_extra; i++) {
		size_t d = gsi_edit_distance(flag, extra[i]);
		if (d < best && gsi_near_enough(d, len)) {
			best = d;
			snprintf(buf, cap, "%s", extra[i]);
		}
	}
	return buf[0] ? buf : NULL;
}

/* The runtime's name is the workload's own spelling of it: one list. */
const char *gs_runtime_name(gs_runtime r)
{
	assert((size_t)r <= GS_RT_OLLAMA && enum_values[GS_F_RUNTIME][r]);
	return enum_values[GS_F_RUNTIME][r];
}

int gs_field_by_flag(const char *flag)
{
	if (strncmp(flag, "--", 2) != 0)
		return -1;
	for (int f = 0; f < GS_F__COUNT; f++) {
		if (fields[f].alias && strcmp(fields[f].alias, flag) == 0)
			return f;
		/* flags use dashes where sheet keys use underscores */
		const char *k = fields[f].key, *p = flag + 2;
		for (; *k && *p; k++, p++)
			if (*k != *p && !(*k == '_' && *p == '-'))
				break;
		if (!*k && !*p)
			return f;
	}
	return -1;
}

void gs_workload_init(gs_workload *w) { memset(w, 0, sizeof *w); }

void gs_workload_unset(gs_workload *w, gs_field f)
{
	memset(&w->v[f], 0, sizeof w->v[f]);
	if (f == GS_F_GPU)
		w->device = NULL;
}

/* Defaults that follow another field's value rather than a constant: the
 * derived field is filled from its source by gs_workload_finish and, while
 * it stays a default, follows every later change of the source. */
static const struct derived {
	gs_field field, from;
	const char *where;
} derived[] = {
	{GS_F_EVAL_MICROBATCH, GS_F_MICROBATCH, "default (= microbatch)"},
};

static void follow(gs_workload *w, const struct derived *d)
{
	gs_value *v = &w->v[d->field];
	*v = w->v[d->from];
	v->from = GS_FROM_DEFAULT;
	snprintf(v->where, sizeof v->where, "%s", d->where);
}

/* After field f changed: refresh the defaults derived from it. */
static void refresh_derived(gs_workload *w, gs_field f)
{
	for (size_t i = 0; i < sizeof derived / sizeof derived[0]; i++)
		if (derived[i].from == f && w->v[derived[i].field].from == GS_FROM_DEFAULT &&
		    w->v[f].from != GS_FROM_UNSET)
			follow(w, &derived[i]);
}

static gs_status check_enum(gs_field f, const char *text, const char *where, int *index, gs_error *err)
{
	char list[200] = "";
	for (int i = 0; enum_values[f][i]; i++) {
		if (strcmp(text, enum_values[f][i]) == 0) {
			*index = i;
			return GS_OK;
		}
		snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "",
		         enum_values[f][i]);
	}
	if (strncmp(where, "--", 2) == 0) /* a flag names itself */
		return gs_error_set(err, GS_EINPUT, where, "got \"%.40s\", expected one of %s", text, list);
	return gs_error_set(err, GS_EINPUT, where, "%s: got \"%.40s\", expected one of %s",
	                    fields[f].key, text, list);
}

gs_status gs_workload_set(gs_workload *w, gs_field f, const char *text, size_t len,
                          gs_origin from, const char *where, gs_error *err)
{
	assert(w && (unsigned)f < GS_F__COUNT && (text || !len) && where);
	gs_value v;
	memset(&v, 0, sizeof v);
	/* trim surrounding spaces; values longer than the buffer are refused,
	 * never truncated */
	while (len && (*text == ' ' || *text == '\t'))
		text++, len--;
	while (len && (text[len - 1] == ' ' || text[len - 1] == '\t'))
		len--;
	/* a flag names itself ("--reserve"); a sheet value gives its place and key */
	char field[160];
	if (strncmp(where, "--", 2) == 0)
		snprintf(field, sizeof field, "%s", where);
	else
		snprintf(field, sizeof field, "%s: %s", where, fields[f].key);
	if (len >= sizeof v.text)
		return gs_error_set(err, GS_EINPUT, field, "value longer than %zu bytes", sizeof v.text - 1);
	if (memchr(text, 0, len))
		return gs_error_set(err, GS_EINPUT, field, "value contains a NUL byte");
	memcpy(v.text, text, len);
	v.text[len] = 0;
	if (len == 0)
		return gs_error_set(err, GS_EINPUT, field, "empty value");
	gs_status s = GS_OK;
	gs_format fmt;
	int mask;
	switch (fields[f].kind) {
	case GS_KIND_STRING:
		if (f == GS_F_TENSOR_SPLIT)
			s = check_split(v.text, field, err);
		break;
	case GS_KIND_COUNT:
		s = gs_parse_count_of(v.text, len, field, is_tokens(f) ? GS_COUNT_TOKENS
		                                          : f == GS_F_PARAMS ? GS_COUNT_PARAMS : GS_COUNT_PLAIN, &v.u, err);
		if (!s && v.u == 0)
			s = gs_error_set(err, GS_EINPUT, field, "must be at least 1");
		if (!s && count_max[f] && v.u > count_max[f])
			s = gs_error_set(err, GS_ERANGE, field, "%llu is more than this tool sizes (at most %llu)",
			                 (unsigned long long)v.u, (unsigned long long)count_max[f]);
		break;
	case GS_KIND_BYTES:
		/* every size field is memory of one GPU (or its share) */
		s = gs_parse_bytes(v.text, len, field, &v.u, err);
		if (!s)
			s = gs_device_bytes_check(v.u, field, err);
		break;
	case GS_KIND_RATIO:
	case GS_KIND_PERCENT:
		s = gs_parse_ratio(v.text, len, field, fields[f].kind == GS_KIND_PERCENT, &v.r, err);
		if (!s && f == GS_F_BITS && v.r.num == 0)
			s = gs_error_set(err, GS_EINPUT, field, "must be above 0");
		if (!s && f == GS_F_BITS && v.r.num > 64 * v.r.den)
			s = gs_error_set(err, GS_EINPUT, field, "got %s, expected at most 64 bits per weight", v.text);
		if (!s && f == GS_F_ALLOCATOR_SLACK && v.r.num > v.r.den)
			s = gs_error_set(err, GS_EINPUT, field, "got %s, expected at most 100%% (the caching allocator "
			                 "rounds and caches; it does not double a tensor)", v.text);
		if (!s && (f == GS_F_GPU_MEMORY_UTILIZATION || f == GS_F_MEM_FRACTION_STATIC) &&
		    (v.r.num == 0 || v.r.num > v.r.den))
			s = gs_error_set(err, GS_EINPUT, field, "got %s, expected a fraction in (0, 1]", v.text);
		break;
	case GS_KIND_ENUM:
		s = check_enum(f, v.text, where, &v.e, err);
		break;
	case GS_KIND_FORMAT:
		s = gs_format_parse(v.text, field, &fmt, err);
		break;
	case GS_KIND_KV_FORMAT:
		s = gs_kv_format_parse(v.text, field, &fmt, err);
		break;
	case GS_KIND_KEEP:
		s = gs_keep_parse(v.text, field, &mask, err);
		break;
	case GS_KIND_DURATION:
		s = gs_parse_hours(v.text, len, field, &v.u, err);
		break;
	}
	if (s) {
		/* the parsers name "where: field" in the message; the location
		 * itself is just where the value was given */
		if (err)
			snprintf(err->where, sizeof err->where, "%s", where);
		return s;
	}
	const gs_device *dev = NULL;
	if (f == GS_F_GPU && (s = gs_device_lookup(v.text, field, &dev, err)))
		return s;
	v.from = from;
	snprintf(v.where, sizeof v.where, "%s", where);
	w->v[f] = v;
	if (f == GS_F_GPU)
		w->device = dev;
	refresh_derived(w, f);
	return GS_OK;
}

/* The recipe's defaults (the sheet's `recipe`, else peft) on every unset
 * field, recorded as defaults whose `where` names the recipe
 * (docs/method.md §10a; the table is recipe.c's). */
static gs_status apply_recipe(gs_workload *w, gs_error *err)
{
	if (!gs_wl_set(w, GS_F_RECIPE)) {
		gs_status s = gs_workload_set(w, GS_F_RECIPE, "peft", 4, GS_FROM_DEFAULT, "default", err);
		if (s)
			return s;
	}
	gsi_recipe_default d[GS_F__COUNT];
	size_t n = gsi_recipe_defaults(gs_wl_recipe(w), gs_wl_task(w), d, GS_F__COUNT);
	char where[96];
	snprintf(where, sizeof where, "recipe %.80s", w->v[GS_F_RECIPE].text);
	for (size_t i = 0; i < n; i++) {
		if (gs_wl_set(w, d[i].field))
			continue;
		if (!d[i].value) /* the framework itself refuses to run without it */
			return gs_error_set(err, GS_EINPUT, fields[d[i].field].key, "%s", d[i].why);
		gs_status s = gs_workload_set(w, d[i].field, d[i].value, strlen(d[i].value), GS_FROM_DEFAULT, where, err);
		if (s)
			return s;
	}
	return GS_OK;
}

void gs_workload_recipe_settings(const gs_workload *w, char *buf, size_t cap)
{
	size_t k = 0;
	buf[0] = 0;
	for (int f = 0; f < GS_F__COUNT; f++) {
		const gs_value *v = &w->v[f];
		if (v->from != GS_FROM_DEFAULT || strncmp(v->where, "recipe ", 7))
			continue;
		int n = snprintf(buf + k, k < cap ? cap - k : 0, "%s%s %.100s", k ? ", " : "", fields[f].key, v->text);
		if (n > 0)
			k += (size_t)n;
	}
}

/* An Ollama tag (llama3.1:8b-instruct-q4_K_M) names the GGUF file type it
 * pulls: that is the format, unless the sheet gives the same one itself; a
 * tag without one needs the format given (ollama_tag.c says why). The
 * runtime a tag is pulled for is Ollama, unless the sheet names another. */
static gs_status format_from_tag(gs_workload *w, gs_error *err)
{
	gsi_ollama_tag t;
	char why[320];
	const char *where = w->v[GS_F_MODEL].where;
	int r = gsi_ollama_tag_parse(gs_wl_str(w, GS_F_MODEL), &t, why, sizeof why);
	if (r < 0)
		return gs_error_set(err, GS_EINPUT, where, "%s", why);
	if (r == 0)
		return GS_OK;
	if (!gs_wl_set(w, GS_F_RUNTIME)) {
		gs_status s = gs_workload_set(w, GS_F_RUNTIME, "ollama", 6, GS_FROM_DEFAULT, "the model's Ollama tag", err);
		if (s)
			return s;
	}
	if (gs_wl_set(w, GS_F_BITS))
		return gs_error_set(err, GS_EINPUT, w->v[GS_F_BITS].where, "bits: the Ollama tag \"%s\" names a GGUF "
		                    "file; give its file type as format (Q4_K_M), not bits", t.tag);
	if (!t.quant[0]) {
		if (gs_wl_set(w, GS_F_FORMAT))
			return GS_OK;
		return gs_error_set(err, GS_EINPUT, where, "Ollama tag \"%s\" names no quantization: the registry's "
		                    "default is in the manifest it serves (Q4_K_M for most current uploads, Q4_0 for older "
		                    "ones) and is not read offline; name it in the tag as Ollama spells it "
		                    "(llama3.1:8b-instruct-q4_K_M) or give format (--format Q4_K_M)", t.tag);
	}
	char fmt[32];
	snprintf(fmt, sizeof fmt, "gguf:%s", t.quant);
	if (gs_wl_set(w, GS_F_FORMAT)) {
		gs_format given, tagged;
		if (gs_format_parse(w->v[GS_F_FORMAT].text, "format", &given, err) ||
		    gs_format_parse(fmt, "format", &tagged, err))
			return gs_error_set(err, GS_EINPUT, w->v[GS_F_FORMAT].where, "%s", err->msg);
		if (strcmp(given.name, tagged.name) != 0)
			return gs_error_set(err, GS_EINPUT, w->v[GS_F_FORMAT].where, "format %s differs from %s, which the "
			                    "Ollama tag \"%s\" names: give one of them", w->v[GS_F_FORMAT].text, t.quant, t.tag);
		return GS_OK;
	}
	return gs_workload_set(w, GS_F_FORMAT, fmt, strlen(fmt), GS_FROM_DEFAULT, "the model's Ollama tag", err);
}

gs_status gs_workload_finish(gs_workload *w, gs_error *err)
{
	assert(w);
	bool model = gs_wl_set(w, GS_F_MODEL), params = gs_wl_set(w, GS_F_PARAMS);
	if (model && params)
		return gs_error_set(err, GS_EINPUT, w->v[GS_F_PARAMS].where,
		                    "give either model (%s) or params, not both", w->v[GS_F_MODEL].where);
	if (!model && !params)
		return gs_error_set(err, GS_EINPUT, NULL,
		                    "no model: give a config.json or model folder (model / --model) or a "
		                    "parameter count (params / --params 7e9)");
	if (params && w->v[GS_F_PARAMS].u == 0)
		return gs_error_set(err, GS_EINPUT, w->v[GS_F_PARAMS].where, "params must be at least 1");
	if (gs_wl_set(w, GS_F_BITS) && gs_wl_set(w, GS_F_FORMAT))
		return gs_error_set(err, GS_EINPUT, w->v[GS_F_BITS].where,
		                    "give either bits or format, not both (format %s from %s)", w->v[GS_F_FORMAT].text, w->v[GS_F_FORMAT].where);
	if (gs_wl_set(w, GS_F_GPU) && gs_wl_set(w, GS_F_CAPACITY))
		return gs_error_set(err, GS_EINPUT, w->v[GS_F_GPU].where,
		                    "give either gpu or capacity, not both");
	if (model) {
		gs_status s = format_from_tag(w, err);
		if (s)
			return s;
	}
	/* QLoRA means a 4-bit base: nf4 with double quantization unless said */
	if (!gs_wl_set(w, GS_F_FORMAT) && !gs_wl_set(w, GS_F_BITS) && gs_wl_set(w, GS_F_TASK) &&
	    gs_wl_task(w) == GS_TASK_QLORA) {
		gs_status s = gs_workload_set(w, GS_F_FORMAT, "nf4-dq", 6, GS_FROM_DEFAULT, "default", err);
		if (s)
			return s;
	}
	/* an adaptation recipe's own defaults come before the plain ones */
	if (gs_wl_set(w, GS_F_RECIPE) && (!gs_wl_set(w, GS_F_TASK) || gs_wl_task(w) == GS_TASK_INFERENCE))
		return gs_error_set(err, GS_EINPUT, w->v[GS_F_RECIPE].where, "recipe: an adaptation recipe needs task full, "
		                    "lora or qlora");
	if (gs_wl_set(w, GS_F_LENGTHS) && (!gs_wl_set(w, GS_F_TASK) || gs_wl_task(w) == GS_TASK_INFERENCE))
		return gs_error_set(err, GS_EINPUT, w->v[GS_F_LENGTHS].where, "lengths: the dataset's length distribution "
		                    "sizes training batches: it needs task full, lora or qlora (serving is sized by length "
		                    "and concurrency)");
	if (gs_wl_set(w, GS_F_TASK) && gs_wl_task(w) != GS_TASK_INFERENCE) {
		gs_status s = apply_recipe(w, err);
		if (s)
			return s;
	}
	/* only Unsloth's releases differ here in what they allocate */
	if (gs_wl_set(w, GS_F_RECIPE_RELEASE) && (!gs_wl_set(w, GS_F_RECIPE) || gs_wl_recipe(w) != GS_RECIPE_UNSLOTH))
		return gs_error_set(err, GS_EINPUT, w->v[GS_F_RECIPE_RELEASE].where, "recipe_release: only recipe unsloth has "
		                    "releases that differ in memory; give recipe unsloth with an adaptation task (the "
		                    "other recipes are read at one release each, docs/method.md §10a)");
	for (int f = 0; f < GS_F__COUNT; f++) {
		if (gs_wl_set(w, (gs_field)f) || !fields[f].def)
			continue;
		if (f == GS_F_FORMAT && gs_wl_set(w, GS_F_BITS))
			continue;
		gs_status s = gs_workload_set(w, (gs_field)f, fields[f].def, strlen(fields[f].def),
		                              GS_FROM_DEFAULT, "default", err);
		if (s)
			return s; /* a bad built-in default is a bug, but never a crash */
	}
	for (size_t i = 0; i < sizeof derived / sizeof derived[0]; i++)
		if (!gs_wl_set(w, derived[i].field) && gs_wl_set(w, derived[i].from))
			follow(w, &derived[i]);
	return GS_OK;
}

gs_status gs_workload_capacity(const gs_workload *w, gs_bytes *out, bool *found, char *how,
                               size_t howcap, gs_error *err)
{
	*found = false;
	if (gs_wl_set(w, GS_F_CAPACITY)) {
		*out = w->v[GS_F_CAPACITY].u;
		*found = true;
		snprintf(how, howcap, "given: %s (%s)", w->v[GS_F_CAPACITY].text, w->v[GS_F_CAPACITY].where);
		return GS_OK;
	}
	const gs_device *d = w->device;
	if (!d)
		return GS_OK;
	if (!d->reported_bytes)
		return gs_error_set(err, GS_EINPUT, w->v[GS_F_GPU].where,
		                    "no device-reported total is on record for %s (nominal %llu GB, which is not "
		                    "what the device offers); give --capacity with what your device reports "
		                    "(nvidia-smi / rocm-smi total)", d->name, (unsigned long long)d->nominal_gb);
	*out = d->reported_bytes;
	*found = true;
	char fig[48];
	if (d->reported_bytes % GS_MiB == 0)
		snprintf(fig, sizeof fig, "%llu MiB", (unsigned long long)(d->reported_bytes / GS_MiB));
	else
		snprintf(fig, sizeof fig, "%llu B", (unsigned long long)d->reported_bytes);
	snprintf(how, howcap, "device-reported: %s = %s for %s, not the nominal %llu GB %s",
	         d->reported_how, fig, d->name, (unsigned long long)d->nominal_gb, d->source);
	return GS_OK;
}

gs_status gs_workload_cuda_total(const gs_workload *w, gs_bytes device_total, gs_bytes *out, char *how,
                                 size_t howcap, gs_error *err)
{
	if (gs_wl_set(w, GS_F_CUDA_TOTAL)) {
		*out = w->v[GS_F_CUDA_TOTAL].u;
		if (*out > device_total)
			return gs_error_set(err, GS_EINPUT, w->v[GS_F_CUDA_TOTAL].where,
			                    "cuda_total %s is more than the device total (%llu B): CUDA never sees "
			                    "more than the device has", w->v[GS_F_CUDA_TOTAL].text,
			                    (unsigned long long)device_total);
		snprintf(how, howcap, "given: %s (%s)", w->v[GS_F_CUDA_TOTAL].text, w->v[GS_F_CUDA_TOTAL].where);
		return GS_OK;
	}
	/* a capacity given by hand is not the device's: its CUDA total is derived */
	const gs_device *d = gs_wl_set(w, GS_F_CAPACITY) ? NULL : w->device;
	*out = gs_device_cuda_total(d, device_total, how, howcap);
	return GS_OK;
}
