/* json_guard.c — JSON's shape on the raw bytes (json_guard.h). */
#include <string.h>
#include "core/json_guard.h"

typedef struct level {
	char kind;       /* '[' or '{' */
	bool content;    /* anything seen since it opened */
	uint64_t commas;
	uint64_t begin;
} level;

/* A container closes: its elements or members (commas + 1 when it holds
 * anything) count as values, and the largest of each kind is kept. */
static void close_level(const level *l, gsi_json_shape *out)
{
	uint64_t n = l->content ? l->commas + 1 : 0;
	out->values += n;
	if (n > out->max_array && n > out->max_members)
		out->at = l->begin;
	if (l->kind == '[' && n > out->max_array)
		out->max_array = n;
	else if (l->kind == '{' && n > out->max_members)
		out->max_members = n;
}

bool gsi_json_measure(const char *buf, size_t len, uint32_t max_depth, gsi_json_shape *out)
{
	level st[GSI_JSON_GUARD_DEPTH + 1];
	uint32_t d = 0;
	bool in_string = false;
	memset(out, 0, sizeof *out);
	out->values = 1; /* the top value */
	if (max_depth > GSI_JSON_GUARD_DEPTH)
		max_depth = GSI_JSON_GUARD_DEPTH;
	for (size_t i = 0; i < len; i++) {
		char c = buf[i];
		if (in_string) {
			if (c == '\\')
				i++;
			else if (c == '"')
				in_string = false;
			continue;
		}
		switch (c) {
		case ' ': case '\t': case '\n': case '\r':
			break;
		case ',':
			if (d)
				st[d].commas++;
			break;
		case '{': case '[':
			if (d)
				st[d].content = true;
			if (d == max_depth)
				return false;
			d++;
			st[d] = (level){c, false, 0, i};
			if (d > out->depth)
				out->depth = d;
			break;
		case '}': case ']':
			if (d)
				close_level(&st[d--], out);
			break;
		case '"':
			in_string = true;
			if (d)
				st[d].content = true;
			break;
		default:
			if (d)
				st[d].content = true;
			break;
		}
	}
	return true;
}
