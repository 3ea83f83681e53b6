/*
 * workload.c — the workload sheet's fields, their validation, provenance
 * and defaults (gpusizer/workload.h). The YAML reader is sheet.c.
 */
#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "gpusizer/devices.h"
#include "gpusizer/dtype.h"
#include "gpusizer/workload.h"
#include "core/nearest.h"
#include "model/ollama_tag.h"
#include "workload/recipe.h"

/* The values of each enum and bool field, generated from its list in
 * workload.h, so that the C enum and the accepted strings cannot drift. */
#define GS_ENUM_STR(e, str) str,
#define GS_X(e, key, alias, kind, def, values, rts, tasks, phases, lo, hi, help) \
	static const char *const values_##e[] = {values(GS_ENUM_STR) NULL};
GS_WORKLOAD_FIELDS(GS_X)
#undef GS_X

static const struct field_info {
	const char *key, *alias, *def, *help;
	gs_kind kind;
	const char *const *values; /* NULL unless an enum or a bool */
	unsigned runtimes, tasks, phases;
	uint64_t lo, hi;
} fields[GS_F__COUNT] = {
#define GS_X(e, key, alias, kind, def, values, rts, tasks, phases, lo, hi, help)                             \
	[GS_F_##e] = {key,  alias, def,                                                                      \
	              help, kind,  sizeof values_##e > sizeof values_##e[0] ? values_##e : NULL,             \
	              rts,  tasks, phases,                                                                   \
	              lo,   hi},
	GS_WORKLOAD_FIELDS(GS_X)
#undef GS_X
};

static const char *const phase_ids[GS_PK__COUNT] = {
#define GS_X(e, id) [GS_PK_##e] = id,
	GS_PHASE_KINDS(GS_X)
#undef GS_X
};

/* Fields read only when another enum field has one value: a rule the
 * masks cannot say, kept here once for gs_workload_finish and /api/fields. */
static const struct requirement {
	gs_field field, on;
	int value;
	const char *why;
} requirements[] = {
	{GS_F_RECIPE_RELEASE, GS_F_RECIPE, GS_RECIPE_UNSLOTH,
         "only recipe unsloth has releases that differ in memory; "
         "give recipe unsloth with an adaptation task (the other recipes are read at one release each, "
         "docs/method.md "
         "§10a)"},
	{GS_F_QAT_SCHEME, GS_F_RECIPE, GS_RECIPE_UNSLOTH,
         "qat_scheme is Unsloth's (FastLanguageModel.from_pretrained / get_peft_model, docs/method.md "
         "§10a); give recipe unsloth"},
};

bool gs_field_requires(gs_field f, gs_field *on, const char **value)
{
	for (size_t i = 0; i < sizeof requirements / sizeof requirements[0]; i++)
		if (requirements[i].field == f) {
			*on = requirements[i].on;
			*value = fields[requirements[i].on].values[requirements[i].value];
			return true;
		}
	return false;
}

const char *const *gs_field_values(gs_field f) { return fields[f].values; }
unsigned gs_field_runtimes(gs_field f) { return fields[f].runtimes; }
unsigned gs_field_tasks(gs_field f) { return fields[f].tasks; }
unsigned gs_field_phases(gs_field f) { return fields[f].phases; }

void gs_field_bounds(gs_field f, uint64_t *lo, uint64_t *hi)
{
	*lo = fields[f].lo;
	*hi = fields[f].hi;
}

bool gs_field_read_by(gs_field f, gs_runtime r, gs_task t)
{
	return (fields[f].runtimes >> r & 1u) && (fields[f].tasks >> t & 1u);
}

const char *gs_kind_name(gs_kind k)
{
	switch (k) {
	case GS_KIND_STRING: return "string";
	case GS_KIND_COUNT:
	case GS_KIND_TOKENS:
	case GS_KIND_PARAMS: return "count";
	case GS_KIND_BYTES: return "bytes";
	case GS_KIND_RATIO: return "ratio";
	case GS_KIND_PERCENT: return "percent";
	case GS_KIND_ENUM: return "enum";
	case GS_KIND_BOOL: return "bool";
	case GS_KIND_LIST: return "list";
	case GS_KIND_FORMAT: return "format";
	case GS_KIND_KV_FORMAT: return "kv_format";
	case GS_KIND_KEEP: return "keep";
	case GS_KIND_DURATION: return "duration";
	}
	return "string";
}

const char *gs_kind_unit(gs_kind k)
{
	return k == GS_KIND_TOKENS ? "tokens" : k == GS_KIND_PARAMS ? "params" : NULL;
}

const char *gs_phase_kind_id(gs_phase_kind p)
{
	assert((unsigned)p < GS_PK__COUNT);
	return phase_ids[p];
}

int gs_phase_kind_by_id(const char *id)
{
	for (int p = 0; p < GS_PK__COUNT; p++)
		if (!strcmp(phase_ids[p], id))
			return p;
	return -1;
}

bool gs_field_acts_on(gs_field f, const char *phase_id)
{
	int p = gs_phase_kind_by_id(phase_id);
	return p < 0 || (fields[f].phases >> p & 1u); /* a phase no row names: every change may help */
}

/* "a", "a and b", "a, b and c": the names of the set bits of mask */
static const char *name_list(unsigned mask, const char *const *names, size_t n, char *buf, size_t cap)
{
	size_t total = 0, seen = 0, k = 0;
	for (size_t i = 0; i < n; i++)
		total += mask >> i & 1u;
	buf[0] = 0;
	for (size_t i = 0; i < n; i++) {
		if (!(mask >> i & 1u))
			continue;
		seen++;
		int w = snprintf(buf + k, k < cap ? cap - k : 0, "%s%s",
		                 seen == 1       ? ""
		                 : seen == total ? " and "
		                                 : ", ",
		                 names[i]);
		if (w > 0)
			k += (size_t)w;
	}
	return buf;
}

const char *gs_runtime_list(unsigned mask, char *buf, size_t cap)
{
	return name_list(mask, values_RUNTIME, GS_RT__COUNT, buf, cap);
}

const char *gs_task_list(unsigned mask, char *buf, size_t cap)
{
	return name_list(mask, values_TASK, GS_TASK__COUNT, buf, cap);
}

const char *gs_task_name(gs_task t)
{
	assert((unsigned)t < GS_TASK__COUNT);
	return values_TASK[t];
}

static bool alias_at(gs_field f, size_t i, char *buf, size_t cap, const char **value);

const char *gs_field_describe(gs_field f, char *buf, size_t cap)
{
	const struct field_info *fi = &fields[f];
	size_t k = 0;
	int n = snprintf(buf, cap, "%s", fi->help);
	k = n > 0 ? (size_t)n : 0;
	/* the engines' spellings of the same field */
	char al[64];
	const char *val;
	for (size_t i = 0; alias_at(f, i, al, sizeof al, &val) && k < cap; i++) {
		n = snprintf(buf + k, cap - k, "%s%s%s%s", i ? ", " : " (also ", al, val ? " = " : "",
		             val ? val : "");
		if (n > 0)
			k += (size_t)n;
		if (k < cap && !alias_at(f, i + 1, al, sizeof al, NULL))
			k += (size_t)snprintf(buf + k, cap - k, ")");
	}
	char vals[400] = "", who[200] = "";
	if (fi->values)
		for (size_t i = 0, m = 0; fi->values[i]; i++) {
			int w = snprintf(vals + m, m < sizeof vals ? sizeof vals - m : 0, "%s%s",
			                 i ? " | " : "", fi->values[i]);
			if (w > 0)
				m += (size_t)w;
		}
	if (fi->runtimes != GS_RTS_ALL) {
		char l[120];
		n = snprintf(who, sizeof who, "runtime%s %s", (fi->runtimes & (fi->runtimes - 1)) ? "s" : "",
		             gs_runtime_list(fi->runtimes, l, sizeof l));
	}
	if (fi->tasks != GS_TASKS_ALL) {
		char l[120];
		size_t m = strlen(who);
		snprintf(who + m, sizeof who - m, "%stask%s %s", m ? ", " : "",
		         (fi->tasks & (fi->tasks - 1)) ? "s" : "", gs_task_list(fi->tasks, l, sizeof l));
	}
	if (vals[0] || fi->def || who[0])
		snprintf(buf + k, k < cap ? cap - k : 0, " (%s%s%s%s%s%s%s)", vals[0] ? "values: " : "", vals,
		         vals[0] && fi->def ? "; " : "", fi->def ? "default " : "", fi->def ? fi->def : "",
		         (vals[0] || fi->def) && who[0] ? "; " : "", who[0] ? "read by " : "");
	if (who[0]) {
		size_t m = strlen(buf);
		/* the closing parenthesis was written last: put the readers before it */
		if (m && buf[m - 1] == ')') {
			buf[m - 1] = 0;
			snprintf(buf + m - 1, m - 1 < cap ? cap - (m - 1) : 0, "%s)", who);
		}
	}
	return buf;
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
			return gs_error_set(err, GS_EINPUT, field,
			                    "got \"%.40s\", expected proportions such as 3,1 or "
			                    "0.5,0.5: plain non-negative decimals separated by commas, at "
			                    "most 64",
			                    t);
		any |= nonzero;
		if (!*p)
			break;
	}
	if (!any)
		return gs_error_set(err, GS_EINPUT, field,
		                    "got \"%.40s\": the proportions must not all be zero", t);
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

/* Alias i of a field (space-separated in its row: "--context --max-model-len
 * -c"; "NAME=VALUE" is a switch that sets VALUE) into buf, without its
 * value; false past the last. */
static bool alias_at(gs_field f, size_t i, char *buf, size_t cap, const char **value)
{
	/* buf holds "NAME\0VALUE" for a switch: *value points after the NUL */
	const char *p = fields[f].alias;
	for (; p && *p; i--) {
		p += strspn(p, " ");
		size_t n = strcspn(p, " ");
		if (!n)
			break;
		if (i == 0) {
			snprintf(buf, cap, "%.*s", (int)n, p);
			char *eq = strchr(buf, '=');
			if (eq)
				*eq = 0;
			if (value)
				*value = eq ? eq + 1 : NULL;
			return true;
		}
		p += n;
	}
	return false;
}

const char *gs_field_alias_at(gs_field f, size_t i, char *buf, size_t cap, const char **value)
{
	const char *v = NULL;
	if (!alias_at(f, i, buf, cap, &v))
		return NULL;
	if (value)
		*value = v;
	return buf;
}

const char *gs_flag_suggest(const char *flag, const char *const *extra, size_t n_extra, char *buf, size_t cap)
{
	size_t best = SIZE_MAX, len = strlen(flag);
	char cand[64];
	buf[0] = 0;
	for (int f = 0; f < GS_F__COUNT; f++)
		for (size_t k = 0;; k++) {
			if (k == 0)
				gs_field_flag((gs_field)f, cand, sizeof cand);
			else if (!alias_at((gs_field)f, k - 1, cand, sizeof cand, NULL))
				break;
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
	assert((unsigned)r < GS_RT__COUNT);
	return values_RUNTIME[r];
}

int gs_runtime_by_name(const char *name)
{
	for (int r = 0; r < GS_RT__COUNT; r++)
		if (!strcasecmp(values_RUNTIME[r], name))
			return r;
	return -1;
}

int gs_field_by_flag(const char *flag)
{
	if (flag[0] != '-')
		return -1;
	char a[64];
	const char *value;
	for (int f = 0; f < GS_F__COUNT; f++) {
		/* the engines' own spellings of the same field (--max-model-len, -ngl) */
		for (size_t i = 0; alias_at((gs_field)f, i, a, sizeof a, &value); i++)
			if (!value && !strcmp(a, flag))
				return f;
		if (strncmp(flag, "--", 2) != 0)
			continue;
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

int gs_field_by_switch(const char *flag, char *value, size_t cap)
{
	char a[64];
	const char *v;
	for (int f = 0; f < GS_F__COUNT; f++)
		for (size_t i = 0; alias_at((gs_field)f, i, a, sizeof a, &v); i++)
			if (v && !strcmp(a, flag)) {
				snprintf(value, cap, "%s", v);
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

/* A ratio within the row's bounds: lowest 1 means above 0; highest in
 * whole units (1 for a fraction or 100 %). */
static gs_status check_ratio(gs_field f, const gs_value *v, const char *field, gs_error *err)
{
	const struct field_info *fi = &fields[f];
	bool low = fi->lo && v->r.num == 0, high = fi->hi && v->r.num > fi->hi * v->r.den;
	if (!low && !high)
		return GS_OK;
	if (fi->kind == GS_KIND_PERCENT)
		return gs_error_set(err, GS_EINPUT, field, "got %s, expected %s%llu%%", v->text,
		                    fi->lo ? "above 0% and at most " : "at most ",
		                    (unsigned long long)(fi->hi * 100));
	if (fi->lo && fi->hi == 1)
		return gs_error_set(err, GS_EINPUT, field, "got %s, expected a fraction in (0, 1]", v->text);
	return gs_error_set(err, GS_EINPUT, field, "got %s, expected %s%llu", v->text,
	                    fi->lo ? "more than 0 and at most " : "at most ", (unsigned long long)fi->hi);
}

/* Words the engines' own flags take for a value (llama.cpp's -fa on|off|
 * auto|1|0|-1, --fit on|off): the field's value they mean. GS_F__COUNT:
 * every yes/no field. */
static const struct {
	gs_field field;
	const char *word, *value;
} synonyms[] = {
	{GS_F_ATTENTION, "on", "flash"},       {GS_F_ATTENTION, "1", "flash"},
	{GS_F_ATTENTION, "enabled", "flash"},  {GS_F_ATTENTION, "off", "sdpa"},
	{GS_F_ATTENTION, "0", "sdpa"},         {GS_F_ATTENTION, "disabled", "sdpa"},
	{GS_F_ATTENTION, "-1", "auto"},        {GS_F__COUNT, "on", "yes"},
	{GS_F__COUNT, "true", "yes"},          {GS_F__COUNT, "1", "yes"},
	{GS_F__COUNT, "enabled", "yes"},       {GS_F__COUNT, "off", "no"},
	{GS_F__COUNT, "false", "no"},          {GS_F__COUNT, "0", "no"},
	{GS_F__COUNT, "disabled", "no"},
};

static const char *synonym_of(gs_field f, const char *text)
{
	for (size_t i = 0; i < sizeof synonyms / sizeof synonyms[0]; i++)
		if ((synonyms[i].field == f ||
		     (synonyms[i].field == GS_F__COUNT && fields[f].kind == GS_KIND_BOOL)) &&
		    !strcasecmp(text, synonyms[i].word))
			return synonyms[i].value;
	return NULL;
}

/* An enum's or a bool's value, exactly as the row lists it, or in another
 * case ("VLLM"), which is the same value. */
static gs_status check_enum(gs_field f, const char *text, const char *where, int *index, gs_error *err)
{
	char list[200] = "";
	const char *const *vals = fields[f].values;
	const char *syn = synonym_of(f, text);
	if (syn)
		text = syn;
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; vals[i]; i++)
			if (pass ? !strcasecmp(text, vals[i]) : !strcmp(text, vals[i])) {
				*index = i;
				return GS_OK;
			}
	for (int i = 0; vals[i]; i++)
		snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "", vals[i]);
	if (strncmp(where, "--", 2) == 0) /* a flag names itself */
		return gs_error_set(err, GS_EINPUT, where, "got \"%.40s\", expected one of %s", text, list);
	return gs_error_set(err, GS_EINPUT, where, "%s: got \"%.40s\", expected one of %s",
	                    fields[f].key, text, list);
}

static gs_status set_value(gs_workload *w, gs_field f, const char *text, size_t len, gs_origin from,
                           const char *where, gs_error *err);

gs_status gs_workload_set(gs_workload *w, gs_field f, const char *text, size_t len,
                          gs_origin from, const char *where, gs_error *err)
{
	gs_status s = set_value(w, f, text, len, from, where, err);
	if (s)
		gs_error_field(err, fields[f].key); /* the field a refused value is about */
	return s;
}

static gs_status set_value(gs_workload *w, gs_field f, const char *text, size_t len, gs_origin from,
                           const char *where, gs_error *err)
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
		break;
	case GS_KIND_COUNT:
	case GS_KIND_TOKENS:
	case GS_KIND_PARAMS:
		s = gs_parse_count_of(v.text, len, field,
		                      fields[f].kind == GS_KIND_TOKENS   ? GS_COUNT_TOKENS
		                      : fields[f].kind == GS_KIND_PARAMS ? GS_COUNT_PARAMS
		                                                         : GS_COUNT_PLAIN,
		                      &v.u, err);
		if (!s && v.u < fields[f].lo)
			s = gs_error_set(err, GS_EINPUT, field, "must be at least %llu",
			                 (unsigned long long)fields[f].lo);
		if (!s && fields[f].hi && v.u > fields[f].hi)
			s = gs_error_set(err, GS_ERANGE, field,
			                 "%llu is more than this tool sizes (at most %llu)",
			                 (unsigned long long)v.u, (unsigned long long)fields[f].hi);
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
		if (!s)
			s = check_ratio(f, &v, field, err);
		break;
	case GS_KIND_ENUM:
	case GS_KIND_BOOL:
		s = check_enum(f, v.text, where, &v.e, err);
		break;
	case GS_KIND_LIST:
		if (f == GS_F_TENSOR_SPLIT)
			s = check_split(v.text, field, err);
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
		gs_status s = gs_workload_set(w, d[i].field, d[i].value, strlen(d[i].value), GS_FROM_DEFAULT,
		                              where, err);
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
		int n = snprintf(buf + k, k < cap ? cap - k : 0, "%s%s %.100s", k ? ", " : "", fields[f].key,
		                 v->text);
		if (n > 0)
			k += (size_t)n;
	}
}

/* An Ollama tag (llama3.1:8b-instruct-q4_K_M) names the GGUF file type it
 * pulls: that is the format, unless the sheet gives the same one itself. A
 * tag without one gets the file type of the upload recorded under it
 * (ollama_tag.c), which a format on the sheet replaces (mistral:7b's 2024
 * upload was Q4_0); with neither, the format is asked for. The runtime a
 * tag is pulled for is Ollama, unless the sheet names another. */
static gs_status format_from_tag(gs_workload *w, gs_error *err)
{
	gsi_ollama_tag t;
	char why[512];
	const char *where = w->v[GS_F_MODEL].where;
	int r = gsi_ollama_tag_parse(gs_wl_str(w, GS_F_MODEL), &t, why, sizeof why);
	if (r < 0)
		return gs_error_set(err, GS_EINPUT, where, "%s", why);
	if (r == 0)
		return GS_OK;
	if (!gs_wl_set(w, GS_F_RUNTIME)) {
		gs_status s = gs_workload_set(w, GS_F_RUNTIME, "ollama", 6, GS_FROM_DEFAULT,
		                              "the model's Ollama tag", err);
		if (s)
			return s;
	}
	if (gs_wl_set(w, GS_F_BITS))
		return gs_error_set(err, GS_EINPUT, w->v[GS_F_BITS].where,
		                    "bits: the Ollama tag \"%s\" names a GGUF "
		                    "file; give its file type as format (Q4_K_M), not bits",
		                    t.tag);
	if (!t.quant[0] || (t.defaulted && gs_wl_set(w, GS_F_FORMAT))) {
		if (gs_wl_set(w, GS_F_FORMAT))
			return GS_OK;
		return gs_error_set(err, GS_EINPUT, where, "%s", t.ask);
	}
	char fmt[32];
	snprintf(fmt, sizeof fmt, "gguf:%s", t.quant);
	if (gs_wl_set(w, GS_F_FORMAT)) {
		gs_format given, tagged;
		if (gs_format_parse(w->v[GS_F_FORMAT].text, "format", &given, err) ||
		    gs_format_parse(fmt, "format", &tagged, err))
			return gs_error_set(err, GS_EINPUT, w->v[GS_F_FORMAT].where, "%s", err->msg);
		if (strcmp(given.name, tagged.name) != 0)
			return gs_error_set(err, GS_EINPUT, w->v[GS_F_FORMAT].where,
			                    "format %s differs from %s, which the "
			                    "Ollama tag \"%s\" names: give one of them",
			                    w->v[GS_F_FORMAT].text, t.quant, t.tag);
		return GS_OK;
	}
	return gs_workload_set(w, GS_F_FORMAT, fmt, strlen(fmt), GS_FROM_DEFAULT,
	                       t.defaulted ? "the upload recorded under the model's Ollama tag"
	                                   : "the model's Ollama tag",
	                       err);
}

/* A .gguf file runs under llama.cpp unless the sheet names another
 * runtime: Transformers would dequantize it (issue 50 item 5), so it is no
 * default for one. */
static gs_status runtime_of_gguf(gs_workload *w, gs_error *err)
{
	const char *t = gs_wl_str(w, GS_F_MODEL);
	size_t n = strlen(t);
	if (gs_wl_set(w, GS_F_RUNTIME) || n < 5 || strcasecmp(t + n - 5, ".gguf"))
		return GS_OK;
	return gs_workload_set(w, GS_F_RUNTIME, "llamacpp", 8, GS_FROM_DEFAULT, "the model is a .gguf file",
	                       err);
}

/* Name the field a cross-field refusal is about, then pass the status on. */
static gs_status fail_about(gs_error *err, const char *field, gs_status s)
{
	gs_error_field(err, field);
	return s;
}

/* Every field given (sheet or flag) must be read by the workload's task and
 * runtime (the defaults: inference, transformers); the refusal names who
 * reads it. The task is judged first: a training field under inference is
 * about the task whatever the runtime. */
static gs_status check_readers(const gs_workload *w, gs_error *err)
{
	gs_task t = gs_wl_task(w);
	gs_runtime r = gs_wl_runtime(w);
	if (t != GS_TASK_INFERENCE && !(GS_RTS_TRAINING >> r & 1u)) {
		char who[80];
		gs_error_set(err, GS_EINPUT, w->v[GS_F_RUNTIME].where,
		             "%s serves models; adaptation runs with runtime %s", values_RUNTIME[r],
		             gs_runtime_list(GS_RTS_TRAINING, who, sizeof who));
		gs_error_field(err, "runtime");
		return err ? err->code : GS_EINPUT;
	}
	for (int f = 0; f < GS_F__COUNT; f++) {
		const struct field_info *fi = &fields[f];
		if (!gs_wl_given(w, (gs_field)f) || gs_field_read_by((gs_field)f, r, t))
			continue;
		const gs_value *v = &w->v[f];
		char who[160], label[80] = "";
		/* a flag names itself; a sheet value gives its key */
		if (strncmp(v->where, "--", 2) && strcmp(v->where, fi->key))
			snprintf(label, sizeof label, "%s: ", fi->key);
		gs_status s;
		if (!(fi->tasks >> t & 1u))
			s = gs_error_set(err, GS_EINPUT, v->where,
			                 "%sread by task%s %s, not by %s (task: %s)", label,
			                 (fi->tasks & (fi->tasks - 1)) ? "s" : "",
			                 gs_task_list(fi->tasks, who, sizeof who), values_TASK[t],
			                 w->v[GS_F_TASK].where[0] ? w->v[GS_F_TASK].where : "default");
		else
			s = gs_error_set(err, GS_EINPUT, v->where,
			                 "%sread by runtime%s %s, not by %s (runtime: %s)", label,
			                 (fi->runtimes & (fi->runtimes - 1)) ? "s" : "",
			                 gs_runtime_list(fi->runtimes, who, sizeof who), values_RUNTIME[r],
			                 w->v[GS_F_RUNTIME].where[0] ? w->v[GS_F_RUNTIME].where : "default");
		gs_error_field(err, fi->key);
		return s;
	}
	return GS_OK;
}

/* A model given as the hub's web address or in the short form Ollama and
 * llama-server take ("https://huggingface.co/org/name", ".../tree/REV",
 * "hf.co/org/name:Q4_K_M"): the hub id itself, its revision, and a quant
 * suffix as the GGUF file type (runtime llamacpp unless given, as
 * llama-server -hf runs it). Other text is left as it is. */
static size_t hub_host(const char *t)
{
	static const char *const hosts[] = {"https://huggingface.co/", "http://huggingface.co/",
	                                    "huggingface.co/",         "https://hf.co/",
	                                    "http://hf.co/",           "hf.co/"};
	for (size_t i = 0; i < sizeof hosts / sizeof hosts[0]; i++)
		if (!strncasecmp(t, hosts[i], strlen(hosts[i])))
			return strlen(hosts[i]);
	return 0;
}

bool gs_model_is_hub_address(const char *text)
{
	return hub_host(text) != 0;
}

static gs_status model_from_url(gs_workload *w, gs_error *err)
{
	gs_value *v = &w->v[GS_F_MODEL];
	const char *t = v->text;
	size_t h = hub_host(t);
	if (!h)
		return GS_OK;
	char id[256], rev[128] = "", quant[48] = "";
	snprintf(id, sizeof id, "%s", t + h);
	char *q = strchr(id, ':');
	if (q) { /* hf.co/org/name:Q4_K_M */
		snprintf(quant, sizeof quant, "%.40s", q + 1);
		*q = 0;
	}
	/* org/name[/tree/REV | /blob/REV/... | /resolve/REV/...] */
	char *slash = strchr(id, '/');
	char *rest = slash ? strchr(slash + 1, '/') : NULL;
	if (rest) {
		*rest++ = 0;
		if (!strncmp(rest, "tree/", 5) || !strncmp(rest, "blob/", 5) ||
		    !strncmp(rest, "resolve/", 8)) {
			const char *r = strchr(rest, '/') + 1;
			snprintf(rev, sizeof rev, "%.*s", (int)strcspn(r, "/"), r);
		}
	}
	size_t n = strlen(id);
	while (n && id[n - 1] == '/')
		id[--n] = 0;
	if (!slash || !id[0] || slash == id + n - 1)
		return gs_error_set(err, GS_EINPUT, v->where,
		                    "model: \"%.120s\" is a hub address without org/name; "
		                    "expected https://huggingface.co/org/name, hf.co/org/name[:QUANT] or "
		                    "org/name[@revision]",
		                    t);
	char model[sizeof v->text];
	snprintf(model, sizeof model, "%s%s%s", id, rev[0] ? "@" : "", rev);
	char where[sizeof v->where];
	snprintf(where, sizeof where, "%s", v->where);
	gs_origin from = v->from;
	gs_status s = gs_workload_set(w, GS_F_MODEL, model, strlen(model), from, where, err);
	if (s || !quant[0])
		return s;
	if (!gs_wl_set(w, GS_F_RUNTIME) &&
	    (s = gs_workload_set(w, GS_F_RUNTIME, "llamacpp", 8, GS_FROM_DEFAULT,
	                         "the model's :QUANT (llama-server -hf)", err)))
		return s;
	char fmt[64];
	snprintf(fmt, sizeof fmt, "gguf:%s", quant);
	if (gs_wl_set(w, GS_F_FORMAT) || gs_wl_set(w, GS_F_BITS))
		return gs_error_set(err, GS_EINPUT, where,
		                    "model: the :%s after the hub id names the GGUF file type; give "
		                    "it there or as format, not both",
		                    quant);
	return gs_workload_set(w, GS_F_FORMAT, fmt, strlen(fmt), GS_FROM_DEFAULT, GS_WHERE_MODEL_QUANT, err);
}


gs_status gs_workload_finish(gs_workload *w, gs_error *err)
{
	assert(w);
	bool model = gs_wl_set(w, GS_F_MODEL), params = gs_wl_set(w, GS_F_PARAMS);
	if (model && params)
		return fail_about(err, "params", gs_error_set(err, GS_EINPUT, w->v[GS_F_PARAMS].where,
		                    "give either model (%s) or params, not both", w->v[GS_F_MODEL].where));
	if (!model && !params)
		return fail_about(err, "model", gs_error_set(err, GS_EINPUT, NULL,
		                    "no model: give a config.json or model folder (model / --model) or a "
		                    "parameter count (params / --params 7e9)"));
	if (params && w->v[GS_F_PARAMS].u == 0)
		return fail_about(err, "params", gs_error_set(err, GS_EINPUT, w->v[GS_F_PARAMS].where,
		                                              "params must be at least 1"));
	if (gs_wl_set(w, GS_F_BITS) && gs_wl_set(w, GS_F_FORMAT))
		return fail_about(err, "bits",
		                  gs_error_set(err, GS_EINPUT, w->v[GS_F_BITS].where,
		                               "give either bits or format, not both (format %s from %s)",
		                               w->v[GS_F_FORMAT].text, w->v[GS_F_FORMAT].where));
	if (gs_wl_set(w, GS_F_GPU) && gs_wl_set(w, GS_F_CAPACITY))
		return fail_about(err, "gpu", gs_error_set(err, GS_EINPUT, w->v[GS_F_GPU].where,
		                                           "give either gpu or capacity, not both"));
	if (model) {
		gs_status s = model_from_url(w, err);
		if (!s)
			s = format_from_tag(w, err);
		if (!s)
			s = runtime_of_gguf(w, err);
		if (s)
			return err && !err->field[0] ? fail_about(err, "model", s) : s;
	}
	/* a field the chosen task or runtime does not read would be ignored: it
	 * is refused, the same way for every field (the rows' masks) */
	gs_status rs = check_readers(w, err);
	if (rs)
		return rs;
	/* an adaptation recipe's own defaults come before the plain ones */
	if (gs_wl_set(w, GS_F_TASK) && gs_wl_task(w) != GS_TASK_INFERENCE) {
		gs_status s = apply_recipe(w, err);
		if (s)
			return s;
	}
	/* QLoRA means a 4-bit base: nf4 with double quantization unless said or a
	 * recipe says otherwise (LitGPT's bnb.nf4) */
	if (!gs_wl_set(w, GS_F_FORMAT) && !gs_wl_set(w, GS_F_BITS) && gs_wl_set(w, GS_F_TASK) &&
	    gs_wl_task(w) == GS_TASK_QLORA) {
		gs_status s = gs_workload_set(w, GS_F_FORMAT, "nf4-dq", 6, GS_FROM_DEFAULT, "default", err);
		if (s)
			return s;
	}
	for (size_t i = 0; i < sizeof requirements / sizeof requirements[0]; i++) {
		const struct requirement *q = &requirements[i];
		if (gs_wl_set(w, q->field) && (!gs_wl_set(w, q->on) || w->v[q->on].e != q->value)) {
			const char *where = w->v[q->field].where;
			bool flag = !strncmp(where, "--", 2) || !strcmp(where, fields[q->field].key);
			gs_error_set(err, GS_EINPUT, where, "%s%sread with %s %s only: %s",
			             flag ? "" : fields[q->field].key, flag ? "" : ": ", fields[q->on].key,
			             fields[q->on].values[q->value], q->why);
			gs_error_field(err, fields[q->field].key);
			return err ? err->code : GS_EINPUT;
		}
	}
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
	(void)err; /* every device has an answer now: its reported total, else its nominal size */
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
	if (d->unified && !d->reported_bytes) {
		/* unified memory: no device total to read; the most the GPU can
		 * allocate is CUDA's total, the OS's memory, of which the CPU's
		 * share is not known (gs_workload_capacity_shared) */
		*out = d->cuda_bytes ? d->cuda_bytes : d->nominal_gb * GS_GB;
		*found = true;
		snprintf(how, howcap,
		         "unified memory: CUDA's total for %s (%s), shared with the CPU in a split no "
		         "source states %s",
		         d->name, d->cuda_bytes ? d->cuda_how : "none published: the nominal size",
		         d->source);
		return GS_OK;
	}
	if (!d->reported_bytes) {
		/* no published total: the nominal size, which the device reports
		 * less than (its reserved memory): an answer to confirm, not a
		 * refusal (gs_workload_capacity_nominal, the verdict's condition) */
		*out = d->nominal_gb * GS_GB;
		*found = true;
		snprintf(how, howcap,
		         "nominal %llu GB for %s: no device-reported total is on record (the device "
		         "reports less; give --capacity with its nvidia-smi / rocm-smi total) %s",
		         (unsigned long long)d->nominal_gb, d->name, d->source);
		return GS_OK;
	}
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

bool gs_workload_capacity_nominal(const gs_workload *w)
{
	return !gs_wl_set(w, GS_F_CAPACITY) && w->device && !w->device->reported_bytes &&
	       !w->device->unified;
}

bool gs_workload_capacity_shared(const gs_workload *w)
{
	return !gs_wl_set(w, GS_F_CAPACITY) && w->device && w->device->unified;
}

gs_status gs_workload_cuda_total(const gs_workload *w, gs_bytes device_total, gs_bytes *out, char *how,
                                 size_t howcap, gs_error *err)
{
	if (gs_wl_set(w, GS_F_CUDA_TOTAL)) {
		*out = w->v[GS_F_CUDA_TOTAL].u;
		if (*out > device_total)
			return gs_error_set(err, GS_EINPUT, w->v[GS_F_CUDA_TOTAL].where,
			                    "cuda_total %s is more than the device total (%llu B): CUDA "
			                    "never sees "
			                    "more than the device has",
			                    w->v[GS_F_CUDA_TOTAL].text, (unsigned long long)device_total);
		snprintf(how, howcap, "given: %s (%s)", w->v[GS_F_CUDA_TOTAL].text,
		         w->v[GS_F_CUDA_TOTAL].where);
		return GS_OK;
	}
	/* a capacity given by hand is not the device's: its CUDA total is derived */
	const gs_device *d = gs_wl_set(w, GS_F_CAPACITY) ? NULL : w->device;
	*out = gs_device_cuda_total(d, device_total, how, howcap);
	return GS_OK;
}
