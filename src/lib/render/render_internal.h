/*
 * render_internal.h — the writer the text, Markdown and HTML renderers
 * share: printf into a stream, remembering a failed write so the caller
 * returns GS_EIO once instead of checking every line. It is the engine
 * wing's text sink (engine.h's gsi_text), so that a runtime's row writes
 * its own lines (text_lines) into the same output.
 */
#ifndef GPUSIZER_RENDER_INTERNAL_H
#define GPUSIZER_RENDER_INTERNAL_H

#include <stdio.h>
#include "gpusizer/status.h"
#include "engine/engine.h"

typedef gsi_text out;

/* fprintf to o->f; on failure sets o->bad (engine_out.c). */
#define put gsi_text_put

#endif
