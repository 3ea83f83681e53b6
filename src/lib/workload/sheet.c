/*
 * sheet.c — read a YAML (or JSON) workload sheet with libyaml's document
 * loader, so every value keeps its line and column for errors and
 * provenance. The sheet is a flat mapping of scalar fields
 * (gpusizer/workload.h); anything else is refused with a location.
 */
#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <yaml.h>
#include "gpusizer/file.h"
#include "gpusizer/workload.h"
#include "core/yaml_guard.h"

#define MAX_SHEET_BYTES (1u << 20)

static void location(char *buf, size_t cap, const char *name, yaml_mark_t m)
{
	snprintf(buf, cap, "%s:%zu:%zu", name, m.line + 1, m.column + 1);
}

static gs_status known_keys_error(gs_error *err, const char *where, const char *key, size_t len)
{
	char list[700] = "";
	for (int f = 0; f < GS_F__COUNT; f++)
		snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", f ? ", " : "",
		         gs_field_key((gs_field)f));
	return gs_error_set(err, GS_EINPUT, where, "unknown field \"%.*s\"; known fields: %s",
	                    (int)(len > 60 ? 60 : len), key, list);
}

gs_status gs_sheet_load_buffer(const char *buf, size_t len, const char *name, gs_workload *w,
                               gs_error *err)
{
	assert((buf || !len) && name && w);
	if (len > MAX_SHEET_BYTES)
		return gs_error_set(err, GS_EINPUT, name, "%zu bytes is larger than a sheet can be "
		                    "(limit %u bytes)", len, MAX_SHEET_BYTES);
	gs_status gs = gsi_yaml_check(buf, len, name, GS_YAML_MAX_DEPTH, err);
	if (gs)
		return gs;
	yaml_parser_t parser;
	yaml_document_t doc;
	char where[300];
	if (!yaml_parser_initialize(&parser))
		return gs_error_set(err, GS_ENOMEM, name, "cannot initialise the YAML parser");
	yaml_parser_set_input_string(&parser, (const unsigned char *)buf, len);
	if (!yaml_parser_load(&parser, &doc)) {
		gsi_yaml_problem_where(&parser, buf, len, name, where, sizeof where);
		gs_status s = gs_error_set(err, GS_EPARSE, where, "malformed YAML: %s%s%s",
		                           parser.problem ? parser.problem : "syntax error",
		                           parser.context ? " " : "", parser.context ? parser.context : "");
		yaml_parser_delete(&parser);
		return s;
	}
	gs_status s = GS_OK;
	yaml_node_t *root = yaml_document_get_root_node(&doc);
	bool seen[GS_F__COUNT] = {false};
	if (!root) {
		s = gs_error_set(err, GS_EINPUT, name, "the sheet is empty; expected a mapping of "
		                 "fields such as model, task, length");
		goto out;
	}
	if (root->type != YAML_MAPPING_NODE) {
		location(where, sizeof where, name, root->start_mark);
		s = gs_error_set(err, GS_EINPUT, where, "expected a mapping of fields (key: value)");
		goto out;
	}
	for (yaml_node_pair_t *p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top; p++) {
		yaml_node_t *k = yaml_document_get_node(&doc, p->key);
		yaml_node_t *v = yaml_document_get_node(&doc, p->value);
		if (!k || !v)
			continue; /* libyaml guarantees both; be safe anyway */
		location(where, sizeof where, name, k->start_mark);
		if (k->type != YAML_SCALAR_NODE) {
			s = gs_error_set(err, GS_EINPUT, where, "field names must be plain words");
			goto out;
		}
		const char *key = (const char *)k->data.scalar.value;
		size_t klen = k->data.scalar.length;
		int f = gs_field_by_key(key, klen);
		if (f < 0) {
			s = known_keys_error(err, where, key, klen);
			goto out;
		}
		if (seen[f]) {
			s = gs_error_set(err, GS_EINPUT, where, "field \"%s\" appears twice",
			                 gs_field_key((gs_field)f));
			goto out;
		}
		seen[f] = true;
		location(where, sizeof where, name, v->start_mark);
		if (v->type != YAML_SCALAR_NODE) {
			s = gs_error_set(err, GS_EINPUT, where, "%s: expected a single value, not a %s",
			                 gs_field_key((gs_field)f),
			                 v->type == YAML_SEQUENCE_NODE ? "list" : "mapping");
			goto out;
		}
		/* a plain `~` or `null` means "not given", as it does in YAML */
		const char *val = (const char *)v->data.scalar.value;
		size_t vlen = v->data.scalar.length;
		if (v->data.scalar.style == YAML_PLAIN_SCALAR_STYLE &&
		    ((vlen == 1 && val[0] == '~') || (vlen == 4 && memcmp(val, "null", 4) == 0) || vlen == 0))
			continue;
		s = gs_workload_set(w, (gs_field)f, val, vlen, GS_FROM_SHEET, where, err);
		if (s)
			goto out;
	}
out:
	yaml_document_delete(&doc);
	yaml_parser_delete(&parser);
	return s;
}

gs_status gs_sheet_load_file(const char *path, gs_workload *w, gs_error *err)
{
	char *buf;
	size_t n;
	gs_status s = gs_file_read(path, MAX_SHEET_BYTES, "a workload sheet", &buf, &n, err);
	if (s)
		return s;
	s = gs_sheet_load_buffer(buf, n, path, w, err);
	free(buf);
	/* a relative model path in a sheet is relative to the sheet's folder
	 * (a hub id, org/name, is left alone: no such file exists there) */
	gs_value *m = &w->v[GS_F_MODEL];
	const char *slash = strrchr(path, '/');
	if (!s && m->from == GS_FROM_SHEET && m->text[0] != '/' && slash) {
		char joined[sizeof m->text];
		struct stat st;
		int k = snprintf(joined, sizeof joined, "%.*s/%s", (int)(slash - path), path, m->text);
		if (k > 0 && (size_t)k < sizeof joined && stat(joined, &st) == 0)
			memcpy(m->text, joined, sizeof joined);
	}
	return s;
}
