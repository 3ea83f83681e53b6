/*
 * nearest.h — "did you mean": the edit distance between two short names,
 * for the suggestions of the device table, the flags and the model library.
 */
#ifndef GS_NEAREST_H
#define GS_NEAREST_H

#include <stddef.h>

/* Levenshtein distance between a and b (insert, delete, substitute, each 1);
 * SIZE_MAX when either is longer than GSI_NEAREST_MAX characters, so a long
 * input is never compared at quadratic cost. */
enum { GSI_NEAREST_MAX = 127 };
size_t gsi_edit_distance(const char *a, const char *b);

/* Whether a candidate at distance d from a word of length len is close
 * enough to suggest: at most 3 edits and under half the word. */
static inline int gsi_near_enough(size_t d, size_t len) { return d <= 3 && d * 2 < len; }

#endif
