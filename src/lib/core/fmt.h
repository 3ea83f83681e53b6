/*
 * fmt.h — checked formatting into fixed buffers: a text that does not fit
 * is an error the caller sees, never a silently short text.
 *
 * snprintf into a char array cuts a long text without a word; where the text
 * is data someone reads (an error message, an item's formula, an unknown), a
 * cut is a bug to find. These write what fits, end a cut text with
 * GSI_FMT_CUT ("...") on a UTF-8 character boundary (never inside a
 * multi-byte character), always NUL-terminate, mend what a "%.Ns" cut
 * inside the text (gsi_utf8_mend), and return whether the whole text
 * fitted. Pure functions of their arguments: thread-safe.
 */
#ifndef GS_FMT_H
#define GS_FMT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include "gpusizer/status.h" /* GS_PRINTF */

/* What a cut text ends with (when cap leaves room for it: cap >= 4). */
#define GSI_FMT_CUT "..."

/* Format into buf (cap bytes, cap > 0). True when the whole text fitted;
 * false when it was cut (marked as above) or the format failed (buf ""). */
bool gsi_fmt(char *buf, size_t cap, const char *fmt, ...) GS_PRINTF(3, 4);
bool gsi_vfmt(char *buf, size_t cap, const char *fmt, va_list ap) GS_PRINTF(3, 0);

/* Append to the NUL-terminated text in buf, as gsi_fmt writes: false when
 * the appended text was cut, or buf was already full. */
bool gsi_fmt_add(char *buf, size_t cap, const char *fmt, ...) GS_PRINTF(3, 4);
bool gsi_vfmt_add(char *buf, size_t cap, const char *fmt, va_list ap) GS_PRINTF(3, 0);

/* Make the NUL-terminated text s well-formed UTF-8 in place: every byte
 * that does not begin a well-formed character (one a precision such as
 * "%.60s" cut, or one the input never completed) becomes '?', so JSON
 * encoders (jansson refuses ill-formed strings) and terminals take it.
 * gsi_fmt and gsi_fmt_add do this to what they write (issue 50 item 15). */
void gsi_utf8_mend(char *s);

/* Mark the text in buf (cap bytes, strlen(buf) <= cap - 1) as cut: end it
 * with GSI_FMT_CUT at the last character boundary that leaves room. */
void gsi_fmt_mark_cut(char *buf, size_t cap);

#endif
