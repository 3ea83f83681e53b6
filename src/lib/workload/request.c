/*
 * request.c — a workload from the web API's JSON body. The values go through
 * gs_workload_set like a sheet's, so the API accepts exactly what a sheet
 * does and refuses it with the same words.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gpusizer/request.h"

#define WHERE "request body"

/* The member an error is about, for the answer's "field" (gs_error.field):
 * kept when the call that failed already named one. Returns code. */
static gs_status about(gs_error *err, gs_status code, const char *member)
{
	if (err && !err->field[0])
		gs_error_field(err, member);
	return code;
}

static bool is_extra(const char *key, const char *const *extra)
{
	for (; extra && *extra; extra++)
		if (!strcmp(key, *extra))
			return true;
	return false;
}

/* One member's value as text: a string as it is (its length, so an embedded
 * NUL is seen and refused), a number in its shortest exact form. */
static gs_status member_text(const char *key, const json_t *v, char *buf, size_t cap, const char **text,
                             size_t *len, gs_error *err)
{
	int f = gs_field_by_key(key, strlen(key));
	if (json_is_string(v)) {
		*text = json_string_value(v);
		*len = json_string_length(v);
		return GS_OK;
	}
	if (json_is_integer(v))
		snprintf(buf, cap, "%lld", (long long)json_integer_value(v));
	else if (json_is_real(v)) {
		/* the shortest form that reads back as the same double: 0.9, not
		 * 0.90000000000000002 */
		double d = json_real_value(v);
		for (int prec = 15; prec <= 17; prec++) {
			snprintf(buf, cap, "%.*g", prec, d);
			if (strtod(buf, NULL) == d)
				break;
		}
	}
	else if (json_is_boolean(v) && f >= 0 && gs_field_kind((gs_field)f) == GS_KIND_BOOL)
		snprintf(buf, cap, "%s", json_is_true(v) ? "yes" : "no"); /* a bool field's one spelling */
	else
		return about(err,
		             gs_error_set(err, GS_EINPUT, WHERE, "%.60s: expected a string or a number%s",
		                          key,
		                          f >= 0 && gs_field_kind((gs_field)f) == GS_KIND_BOOL ? " or a "
		                                                                                 "boolean"
		                                                                               : ""),
		             key);
	*text = buf;
	*len = strlen(buf);
	return GS_OK;
}

static gs_status uploaded_config(const json_t *cfg, gs_workload *w, gs_model *m, gs_error *err)
{
	if (!json_is_object(cfg))
		return about(err,
		             gs_error_set(err, GS_EINPUT, WHERE, "config: expected a config.json object"),
		             "config");
	char *s = json_dumps(cfg, JSON_COMPACT);
	if (!s)
		return about(err, gs_error_set(err, GS_ENOMEM, WHERE, "config: out of memory"), "config");
	gs_status st = gs_model_from_config_json(s, strlen(s), "config.json (uploaded)", m, err);
	free(s);
	if (st)
		return about(err, st, "config");
	/* the workload names its model, so it is complete; the parsed one is used */
	static const char name[] = "config.json (uploaded)";
	return gs_workload_set(w, GS_F_MODEL, name, sizeof name - 1, GS_FROM_SHEET, WHERE, err);
}

/* "recipe_config": the text of an Axolotl or LLaMA-Factory YAML, read as
 * --recipe-config reads its file (a request opens no file); read before the
 * members, so a member given beside it wins, as a flag does on the command
 * line. */
static gs_status recipe_config(const json_t *v, gs_workload *w, gs_error *err)
{
	if (!v || json_is_null(v))
		return GS_OK;
	if (!json_is_string(v))
		return about(err,
		             gs_error_set(err, GS_EINPUT, WHERE,
		                          "recipe_config: expected the text of an Axolotl or LLaMA-Factory "
		                          "YAML config"),
		             "recipe_config");
	gs_status st = gs_recipe_config_load_buffer(json_string_value(v), json_string_length(v),
	                                            "recipe_config", w, err);
	return st ? about(err, st, "recipe_config") : GS_OK;
}

gs_status gs_request_workload(const json_t *body, const char *const *extra, gs_workload *w, gs_model *m,
                              bool *have_model, gs_error *err)
{
	assert(w && m && have_model);
	gs_workload_init(w);
	*have_model = false;
	if (!json_is_object(body))
		return gs_error_set(err, GS_EINPUT, WHERE, "expected a JSON object of sheet fields");
	const json_t *cfg = json_object_get(body, "config");
	gs_status st = recipe_config(json_object_get(body, "recipe_config"), w, err);
	if (st)
		return st;
	const char *key;
	json_t *v;
	json_object_foreach((json_t *)body, key, v) {
		if (!strcmp(key, "config") || !strcmp(key, "recipe_config") || is_extra(key, extra) ||
		    json_is_null(v))
			continue;
		int f = gs_field_by_key(key, strlen(key));
		if (f < 0)
			return about(err,
			             gs_error_set(err, GS_EINPUT, WHERE,
			                          "unknown field \"%.60s\" (the sheet's "
			                          "keys; see gpusizer estimate --help)",
			                          key),
			             key);
		if (f == GS_F_MODEL && cfg && !json_is_null(cfg))
			return about(err,
			             gs_error_set(err, GS_EINPUT, WHERE,
			                          "give either model or config, not both"),
			             "config");
		if (f == GS_F_RUNS) /* the server opens no file but its model */
			return about(err,
			             gs_error_set(err, GS_EINPUT, WHERE,
			                          "runs: run files are read by the command "
			                          "line only (gpusizer sheet --run run.jsonl)"),
			             "runs");
		char num[64];
		const char *text = NULL;
		size_t len = 0;
		st = member_text(key, v, num, sizeof num, &text, &len, err);
		if (!st)
			st = gs_workload_set(w, (gs_field)f, text, len, GS_FROM_SHEET, WHERE, err);
		if (st) /* the value was refused: the member is the one at fault */
			return about(err, st, key);
		/* a request names no local file but its model: an adapter is a size here */
		gs_bytes b;
		if (f == GS_F_LORA_ADAPTER && gs_parse_bytes(text, len, "lora_adapter", &b, NULL))
			return about(err,
			             gs_error_set(err, GS_EINPUT, WHERE,
			                          "lora_adapter: give the adapter's size "
			                          "(e.g. 160MiB); adapter files are read by the command line "
			                          "only"),
			             "lora_adapter");
	}
	if (cfg && !json_is_null(cfg)) {
		st = uploaded_config(cfg, w, m, err);
		if (st)
			return st;
		*have_model = true;
	}
	return gs_workload_finish(w, err);
}
