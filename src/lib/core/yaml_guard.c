/*
 * yaml_guard.c — nesting depth and document count of YAML input, read as a
 * stream of libyaml events so the check stops at the first offending event
 * instead of building the whole tree (yaml_guard.h).
 */
#include <stdbool.h>
#include <stdio.h>
#include <yaml.h>
#include "core/yaml_guard.h"

void gsi_yaml_problem_where(const yaml_parser_t *p, const char *buf, size_t len, const char *name,
                            char *where, size_t cap)
{
	size_t line = p->problem_mark.line + 1, col = p->problem_mark.column + 1;
	if (p->error == YAML_READER_ERROR) {
		size_t end = p->problem_offset < len ? p->problem_offset : len;
		line = 1;
		col = 1;
		for (size_t i = 0; i < end; i++) {
			if (buf[i] == '\n') {
				line++;
				col = 1;
			} else if (((unsigned char)buf[i] & 0xc0) != 0x80) { /* count characters, not bytes */
				col++;
			}
		}
	}
	snprintf(where, cap, "%s:%zu:%zu", name, line, col);
}

gs_status gsi_yaml_check(const char *buf, size_t len, const char *name, unsigned max_depth, gs_error *err)
{
	yaml_parser_t p;
	if (!yaml_parser_initialize(&p))
		return gs_error_set(err, GS_ENOMEM, name, "cannot initialise the YAML parser");
	yaml_parser_set_input_string(&p, (const unsigned char *)buf, len);
	gs_status s = GS_OK;
	unsigned depth = 0, docs = 0;
	size_t anchors = 0, nodes = 0;
	for (bool end = false; !end && !s;) {
		yaml_event_t ev;
		if (!yaml_parser_parse(&p, &ev))
			break; /* a syntax error: the loader reports it with its own words */
		char where[300];
		snprintf(where, sizeof where, "%s:%zu:%zu", name, ev.start_mark.line + 1,
		         ev.start_mark.column + 1);
		/* anchors and aliases: libyaml's loader registers each anchor by a
		 * scan of the earlier ones (208,831 in a 1 MiB catalog took 88 s);
		 * nodes: the loader's work grows with them */
		const yaml_char_t *anchor = ev.type == YAML_SCALAR_EVENT ? ev.data.scalar.anchor
		                            : ev.type == YAML_SEQUENCE_START_EVENT
		                                    ? ev.data.sequence_start.anchor
		                            : ev.type == YAML_MAPPING_START_EVENT
		                                    ? ev.data.mapping_start.anchor
		                                    : NULL;
		if ((anchor || ev.type == YAML_ALIAS_EVENT) && ++anchors > GS_YAML_MAX_ANCHORS)
			s = gs_error_set(err, GS_EINPUT, where,
			                 "more than %d anchors and aliases (&name, *name); this file needs "
			                 "none or a few",
			                 GS_YAML_MAX_ANCHORS);
		if (!s &&
		    (ev.type == YAML_SCALAR_EVENT || ev.type == YAML_SEQUENCE_START_EVENT ||
		     ev.type == YAML_MAPPING_START_EVENT) &&
		    ++nodes > GS_YAML_MAX_NODES)
			s = gs_error_set(err, GS_EINPUT, where,
			                 "more than %d values; this file holds far fewer", GS_YAML_MAX_NODES);
		switch (s ? YAML_NO_EVENT : ev.type) {
		case YAML_SEQUENCE_START_EVENT:
		case YAML_MAPPING_START_EVENT:
			if (++depth > max_depth)
				s = gs_error_set(err, GS_EINPUT, where,
				                 "nested more than %u levels deep (this file needs at most a "
				                 "few)",
				                 max_depth);
			break;
		case YAML_SEQUENCE_END_EVENT:
		case YAML_MAPPING_END_EVENT:
			depth--;
			break;
		case YAML_DOCUMENT_START_EVENT:
			if (++docs > 1)
				s = gs_error_set(err, GS_EINPUT, where,
				                 "a second YAML document (after \"---\" or \"...\"); this "
				                 "file holds one");
			break;
		case YAML_STREAM_END_EVENT:
			end = true;
			break;
		default:
			break;
		}
		yaml_event_delete(&ev);
	}
	yaml_parser_delete(&p);
	return s;
}
