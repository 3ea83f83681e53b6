/*
 * render_internal.h — the writer the text, Markdown and HTML renderers
 * share: printf into a stream, remembering a failed write so the caller
 * returns GS_EIO once instead of checking every line.
 */
#ifndef GPUSIZER_RENDER_INTERNAL_H
#define GPUSIZER_RENDER_INTERNAL_H

#include <stdio.h>
#include "gpusizer/status.h"

typedef struct out {
	FILE *f;
	int bad; /* set by the first failed write */
} out;

/* fprintf to o->f; on failure sets o->bad. Defined in render_text.c. */
void gs_render_put(out *o, const char *fmt, ...) GS_PRINTF(2, 3);
#define put gs_render_put

#endif
