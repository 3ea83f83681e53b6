/*
 * nearest.c — edit distance for "did you mean" (core/nearest.h, and
 * gpusizer/nearest.h for the front doors).
 */
#include <stdint.h>
#include <string.h>
#include "gpusizer/nearest.h"
#include "core/nearest.h"

size_t gsi_edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	if (la > GSI_NEAREST_MAX || lb > GSI_NEAREST_MAX)
		return SIZE_MAX;
	size_t row[GSI_NEAREST_MAX + 1];
	for (size_t j = 0; j <= lb; j++)
		row[j] = j;
	for (size_t i = 1; i <= la; i++) {
		size_t diag = row[0];
		row[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t up = row[j];
			size_t best = diag + (a[i - 1] != b[j - 1]);
			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	return row[lb];
}

const char *gs_nearest(const char *word, const char *const *names, size_t n)
{
	size_t best = SIZE_MAX, len = strlen(word);
	const char *near = NULL;
	for (size_t i = 0; i < n; i++) {
		size_t d = gsi_edit_distance(word, names[i]);
		if (d < best && gsi_near_enough(d, len)) {
			best = d;
			near = names[i];
		}
	}
	return near;
}
