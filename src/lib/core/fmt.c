/* fmt.c — checked formatting into fixed buffers (fmt.h). */
#include <stdio.h>
#include <string.h>
#include "core/fmt.h"

/* A UTF-8 continuation byte (10xxxxxx): not the start of a character. */
static bool continuation(char c) { return ((unsigned char)c & 0xC0) == 0x80; }

/* The bytes of the character a lead byte starts (1 for ASCII and for a
 * byte that cannot start one, which is then kept as it is). */
static size_t char_len(char c)
{
	unsigned char u = (unsigned char)c;
	return u >= 0xF0 && u < 0xF8 ? 4 : u >= 0xE0 && u < 0xF0 ? 3 : u >= 0xC0 && u < 0xE0 ? 2 : 1;
}

/* The largest cut at or below `at` that ends on a whole character of the
 * len bytes at buf: the last character before `at` is dropped when it does
 * not end before `at` (the byte at `at` may be a terminator vsnprintf put
 * in place of the rest of a character). */
static size_t whole_chars(const char *buf, size_t len, size_t at)
{
	if (at > len)
		at = len;
	if (at == 0)
		return 0;
	size_t j = at - 1;
	while (j > 0 && continuation(buf[j]))
		j--;
	return j + char_len(buf[j]) > at ? j : at;
}

void gsi_fmt_mark_cut(char *buf, size_t cap)
{
	const size_t mark = sizeof GSI_FMT_CUT - 1, room = cap - 1; /* room: the text's bytes */
	size_t len = strnlen(buf, room);
	bool marked = room >= mark;
	/* the cut: after the last whole character that leaves room for the
	 * mark (after the whole text when it is short enough already) */
	size_t at = whole_chars(buf, len, marked ? room - mark : room);
	if (marked) {
		memcpy(buf + at, GSI_FMT_CUT, mark);
		at += mark;
	}
	buf[at] = 0;
}

/* The length of the well-formed UTF-8 character at s (RFC 3629, table 3-7
 * of the Unicode standard: no overlong forms, no surrogates, nothing past
 * U+10FFFF, as jansson's utf8_check_first/full read it), or 0. */
static size_t well_formed(const unsigned char *s)
{
	unsigned char c = s[0];
	if (c < 0x80)
		return 1;
	unsigned lo = 0x80, hi = 0xBF;
	size_t n;
	if (c >= 0xC2 && c <= 0xDF)
		n = 2;
	else if (c >= 0xE0 && c <= 0xEF) {
		n = 3;
		lo = c == 0xE0 ? 0xA0 : 0x80;
		hi = c == 0xED ? 0x9F : 0xBF;
	} else if (c >= 0xF0 && c <= 0xF4) {
		n = 4;
		lo = c == 0xF0 ? 0x90 : 0x80;
		hi = c == 0xF4 ? 0x8F : 0xBF;
	} else
		return 0;
	if (s[1] < lo || s[1] > hi)
		return 0;
	for (size_t k = 2; k < n; k++)
		if ((s[k] & 0xC0) != 0x80)
			return 0;
	return n;
}

void gsi_utf8_mend(char *s)
{
	unsigned char *p = (unsigned char *)s;
	while (*p) {
		size_t n = well_formed(p);
		if (n)
			p += n;
		else
			*p++ = '?';
	}
}

bool gsi_vfmt(char *buf, size_t cap, const char *fmt, va_list ap)
{
	int n = vsnprintf(buf, cap, fmt, ap);
	if (n < 0) {
		buf[0] = 0;
		return false;
	}
	if ((size_t)n < cap) {
		gsi_utf8_mend(buf); /* a %.Ns precision may have cut a character */
		return true;
	}
	gsi_fmt_mark_cut(buf, cap);
	gsi_utf8_mend(buf);
	return false;
}

bool gsi_fmt(char *buf, size_t cap, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	bool ok = gsi_vfmt(buf, cap, fmt, ap);
	va_end(ap);
	return ok;
}

bool gsi_vfmt_add(char *buf, size_t cap, const char *fmt, va_list ap)
{
	size_t len = strnlen(buf, cap);
	if (len == cap) { /* not terminated: cut already */
		gsi_fmt_mark_cut(buf, cap);
		return false;
	}
	int n = vsnprintf(buf + len, cap - len, fmt, ap);
	if (n < 0) {
		buf[len] = 0;
		return false;
	}
	bool whole = (size_t)n < cap - len;
	if (!whole)
		gsi_fmt_mark_cut(buf, cap);
	gsi_utf8_mend(buf + len);
	return whole;
}

bool gsi_fmt_add(char *buf, size_t cap, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	bool ok = gsi_vfmt_add(buf, cap, fmt, ap);
	va_end(ap);
	return ok;
}
