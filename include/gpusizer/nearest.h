/*
 * gpusizer/nearest.h — "did you mean" for a front door's own names (its
 * commands, its options), by the edit distance the library's own
 * suggestions use (devices, fields, library ids).
 */
#ifndef GPUSIZER_NEAREST_H
#define GPUSIZER_NEAREST_H

#include <stddef.h>

/* The entry of names[0..n) nearest to `word` (insert, delete, substitute,
 * each one edit), when near enough to suggest: at most 3 edits and under
 * half the word. NULL when none is; the first of equally near ones. */
const char *gs_nearest(const char *word, const char *const *names, size_t n);

#endif
