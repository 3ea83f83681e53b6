/* json_guard.h — JSON's shape counted on the raw bytes before jansson
 * builds a tree of it (issue 50 items 9 and 10): every reader of outside
 * JSON bounds what the tree would hold (values, the longest array, the
 * largest object, the nesting) before it allocates a node. */
#ifndef GS_JSON_GUARD_H
#define GS_JSON_GUARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Nesting this guard follows; deeper input is refused by it. */
#define GSI_JSON_GUARD_DEPTH 64

typedef struct gsi_json_shape {
	uint64_t values;      /* every value: the top one, array elements, members */
	uint64_t max_array;   /* elements of the longest array                       */
	uint64_t max_members; /* members of the largest object                       */
	uint32_t depth;       /* the deepest nesting of arrays and objects           */
	uint64_t at;          /* where the container with the most entries began     */
} gsi_json_shape;

/* Count buf's structure in one pass, without allocating: strings (escapes
 * included) are skipped, commas counted per container. False when it
 * nests deeper than max_depth (at most GSI_JSON_GUARD_DEPTH): out then
 * holds what was counted before. Malformed JSON is counted as its bytes
 * look and left to the parser, which reports it. */
bool gsi_json_measure(const char *buf, size_t len, uint32_t max_depth, gsi_json_shape *out);

#endif
