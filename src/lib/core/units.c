/*
 * units.c — exact parsing and printing of byte sizes, counts and ratios.
 *
 * A number is read as an integer mantissa and a power of ten, so "22.35GiB"
 * becomes 2235 x 10^-2 x 2^30 with no binary floating point involved; the
 * one rounding (to the nearest byte, half up) happens at the very end.
 * Intermediate products use unsigned __int128 so nothing overflows silently.
 */
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include "gpusizer/units.h"

__extension__ typedef unsigned __int128 u128;

#define MAX_MANTISSA_DIGITS 19 /* 10^19 - 1 < 2^64 */

/* A parsed decimal: value = mant x 10^exp10. */
typedef struct decimal {
	uint64_t mant;
	int exp10;
} decimal;

static int is_space(char c) { return c == ' ' || c == '\t'; }

/* Copy at most 40 bytes of user text for messages, replacing control bytes. */
static void quote(const char *t, size_t len, char *buf, size_t cap)
{
	size_t n = len < cap - 1 ? len : cap - 1;
	if (n > 40)
		n = 40;
	for (size_t i = 0; i < n; i++)
		buf[i] = (t[i] >= 32 && t[i] < 127) ? t[i] : '?';
	buf[n] = 0;
}

/* Parse the numeric prefix of t[0..len). On success *used is the number of
 * bytes consumed (leading spaces included). */
static gs_status parse_decimal(const char *t, size_t len, decimal *d, size_t *used)
{
	size_t i = 0, digits = 0;
	int frac = 0, seen_point = 0;
	uint64_t mant = 0;
	while (i < len && is_space(t[i]))
		i++;
	size_t start = i;
	for (; i < len; i++) {
		char c = t[i];
		if (c == '.' && !seen_point) {
			seen_point = 1;
			continue;
		}
		if (c < '0' || c > '9')
			break;
		if (mant == 0 && c == '0') {
			if (seen_point)
				frac++;
			continue; /* leading zeros carry no digits */
		}
		if (digits >= MAX_MANTISSA_DIGITS)
			return GS_ERANGE;
		mant = mant * 10 + (uint64_t)(c - '0');
		digits++;
		if (seen_point)
			frac++;
	}
	/* at least one digit, and not a lone "." */
	size_t span = i - start;
	if (span == 0 || (span == 1 && seen_point))
		return GS_EINPUT;
	int exp10 = -frac;
	/* optional exponent: e[+-]digits, only if digits follow */
	if (i < len && (t[i] == 'e' || t[i] == 'E')) {
		size_t j = i + 1;
		int sign = 1, e = 0, edigits = 0;
		if (j < len && (t[j] == '+' || t[j] == '-')) {
			sign = t[j] == '-' ? -1 : 1;
			j++;
		}
		while (j < len && t[j] >= '0' && t[j] <= '9') {
			if (e > 100)
				return GS_ERANGE;
			e = e * 10 + (t[j] - '0');
			j++;
			edigits++;
		}
		if (edigits) {
			exp10 += sign * e;
			i = j;
		}
	}
	d->mant = mant;
	d->exp10 = exp10;
	*used = i;
	return GS_OK;
}

/* value = d x mult, as an exact fraction num/den (den a power of ten).
 * GS_ERANGE when num would not fit in 128 bits or the result in 64. */
static gs_status scale(decimal d, uint64_t mult, u128 *num, u128 *den)
{
	u128 n = (u128)d.mant * mult, q = 1;
	int e = d.exp10;
	if (d.mant == 0) {
		*num = 0;
		*den = 1;
		return GS_OK;
	}
	for (; e > 0; e--) {
		if (n > ((u128)UINT64_MAX << 32))
			return GS_ERANGE;
		n *= 10;
	}
	for (; e < 0; e++) {
		if (q > (u128)UINT64_MAX * 10)
			return GS_ERANGE; /* far below a byte: rounds to 0 anyway? no: refuse */
		q *= 10;
	}
	*num = n;
	*den = q;
	return GS_OK;
}

static gs_status fail(gs_error *err, const char *field, const char *t, size_t len,
                      const char *expected)
{
	char q[48];
	quote(t, len, q, sizeof q);
	return gs_error_set(err, GS_EINPUT, field ? field : "value", "got \"%s\", expected %s", q, expected);
}

static const struct {
	const char *name;
	uint64_t bytes;
} byte_units[] = {
	{"B", 1},
	{"KB", 1000ull}, {"kB", 1000ull}, {"MB", 1000000ull}, {"GB", 1000000000ull},
	{"TB", 1000000000000ull},
	{"KiB", 1ull << 10}, {"MiB", 1ull << 20}, {"GiB", 1ull << 30}, {"TiB", 1ull << 40},
};

/* The forms people type: any case, the B optional ("24gb", "24G" = 24 GB;
 * "22gi", "22GIB" = 22 GiB): a prefix alone is decimal, with i binary, as
 * in GB and GiB. 0 when the unit is none of these. */
static uint64_t loose_unit(const char *u, size_t n)
{
	static const char prefix[] = "kmgt";
	char c0 = n ? (char)(u[0] | 0x20) : 0;
	const char *p = n ? memchr(prefix, c0, 4) : NULL;
	if (!p)
		return n == 1 && c0 == 'b' ? 1 : 0;
	unsigned k = (unsigned)(p - prefix) + 1;
	if (n == 1 || (n == 2 && (u[1] | 0x20) == 'b')) {
		uint64_t m = 1;
		while (k--)
			m *= 1000;
		return m;
	}
	if ((u[1] | 0x20) == 'i' && (n == 2 || (n == 3 && (u[2] | 0x20) == 'b')))
		return 1ull << (10 * k);
	return 0;
}

#define SIZE_EXPECTED                                                                                        \
	"a non-negative size with a unit (B, KB, MB, GB, TB, KiB, MiB, GiB, TiB, in any case, "              \
	"the B optional: 24G is 24GB, 22Gi is 22GiB), e.g. 24GB or 22.35GiB"

gs_status gs_parse_bytes(const char *t, size_t len, const char *field, gs_bytes *out,
                         gs_error *err)
{
	decimal d;
	size_t used;
	gs_status s = parse_decimal(t, len, &d, &used);
	if (s == GS_ERANGE)
		return gs_error_set(err, GS_EINPUT, field, "number too large");
	if (s)
		return fail(err, field, t, len, SIZE_EXPECTED);
	size_t i = used;
	while (i < len && is_space(t[i]))
		i++;
	size_t ustart = i;
	while (i < len && !is_space(t[i]))
		i++;
	size_t ulen = i - ustart;
	while (i < len && is_space(t[i]))
		i++;
	if (i != len)
		return fail(err, field, t, len, SIZE_EXPECTED);
	uint64_t mult = 0;
	if (ulen == 0) {
		if (d.mant != 0) /* "0" alone is unambiguous; "24" is not */
			return fail(err, field, t, len, SIZE_EXPECTED);
		mult = 1;
	} else {
		for (size_t k = 0; k < sizeof byte_units / sizeof byte_units[0]; k++)
			if (strlen(byte_units[k].name) == ulen &&
			    memcmp(byte_units[k].name, t + ustart, ulen) == 0)
				mult = byte_units[k].bytes;
		if (!mult)
			mult = loose_unit(t + ustart, ulen);
		if (!mult)
			return fail(err, field, t, len, SIZE_EXPECTED);
	}
	u128 num, den;
	if (scale(d, mult, &num, &den))
		return gs_error_set(err, GS_EINPUT, field, "size out of range");
	u128 v = (num + den / 2) / den;
	if (v > UINT64_MAX)
		return gs_error_set(err, GS_EINPUT, field, "size above 2^64 bytes");
	*out = (gs_bytes)v;
	return GS_OK;
}

/* What a bad count should have been, with examples of its own kind: a
 * parameter count is not spelled like a concurrency or a context. */
static const char *const count_expected[] = {
	[GS_COUNT_PLAIN] = "a whole number, e.g. 1, 8, 64",
	[GS_COUNT_PARAMS] = "a non-negative whole count, e.g. 7e9, 7B, 350M, 8030261248",
	[GS_COUNT_TOKENS] = "a whole number of tokens, e.g. 8192, 8k, 128K",
};

/* kilo: 1000 for counts of parameters and sequences ("7B", "70k"), 1024 for
 * token counts, as context windows are named ("8K context" = 8192). */
static gs_status parse_count_base(const char *t, size_t len, const char *field, gs_count_kind kind,
                                  uint64_t *out, gs_error *err)
{
	bool tokens = kind == GS_COUNT_TOKENS;
	decimal d;
	size_t used;
	gs_status s = parse_decimal(t, len, &d, &used);
	if (s == GS_ERANGE)
		return gs_error_set(err, GS_EINPUT, field, "number too large");
	if (s)
		return fail(err, field, t, len, count_expected[kind]);
	size_t i = used;
	while (i < len && is_space(t[i]))
		i++;
	uint64_t mult = 1;
	if (i < len) {
		/* any case: "8b" parameters is 8B, "128k" tokens 128K */
		switch (t[i] | 0x20) {
		case 'k': mult = tokens ? 1024ull : 1000ull; break;
		case 'm': mult = tokens ? 1048576ull : 1000000ull; break;
		case 'b': case 'g': mult = 1000000000ull; break;
		case 't': mult = 1000000000000ull; break;
		default: return fail(err, field, t, len, count_expected[kind]);
		}
		i++;
	}
	while (i < len && is_space(t[i]))
		i++;
	if (i != len)
		return fail(err, field, t, len, count_expected[kind]);
	u128 num, den;
	if (scale(d, mult, &num, &den) || num / den > UINT64_MAX)
		return gs_error_set(err, GS_EINPUT, field, "count out of range");
	if (num % den)
		return fail(err, field, t, len, "a whole number (no fraction left after scaling)");
	*out = (uint64_t)(num / den);
	return GS_OK;
}

gs_status gs_parse_count(const char *t, size_t len, const char *field, uint64_t *out, gs_error *err)
{
	return parse_count_base(t, len, field, GS_COUNT_PLAIN, out, err);
}

gs_status gs_parse_count_of(const char *t, size_t len, const char *field, gs_count_kind kind, uint64_t *out,
                            gs_error *err)
{
	if ((unsigned)kind > GS_COUNT_TOKENS)
		kind = GS_COUNT_PLAIN;
	return parse_count_base(t, len, field, kind, out, err);
}

gs_status gs_parse_tokens(const char *t, size_t len, const char *field, uint64_t *out, gs_error *err)
{
	return parse_count_base(t, len, field, GS_COUNT_TOKENS, out, err);
}

static uint64_t gcd(uint64_t a, uint64_t b)
{
	while (b) {
		uint64_t t = a % b;
		a = b;
		b = t;
	}
	return a;
}

gs_status gs_parse_ratio(const char *t, size_t len, const char *field, int allow_percent,
                         gs_ratio *out, gs_error *err)
{
	const char *expected = allow_percent ? "a non-negative number or percentage, e.g. 0.9 or 10%"
	                                     : "a non-negative number, e.g. 16 or 4.5";
	decimal d;
	size_t used;
	gs_status s = parse_decimal(t, len, &d, &used);
	if (s)
		return fail(err, field, t, len, expected);
	size_t i = used;
	while (i < len && is_space(t[i]))
		i++;
	int percent = 0;
	if (i < len && t[i] == '%' && allow_percent) {
		percent = 1;
		i++;
	}
	while (i < len && is_space(t[i]))
		i++;
	if (i != len)
		return fail(err, field, t, len, expected);
	if (percent)
		d.exp10 -= 2;
	u128 num, den;
	if (scale(d, 1, &num, &den) || num > UINT64_MAX || den > UINT64_MAX)
		return gs_error_set(err, GS_EINPUT, field, "value out of range");
	uint64_t n = (uint64_t)num, q = (uint64_t)den;
	uint64_t g = n ? gcd(n, q) : q;
	out->num = n / g;
	out->den = q / g;
	return GS_OK;
}

gs_status gs_mul_ratio_ceil(uint64_t x, gs_ratio r, uint64_t *out)
{
	u128 v = ((u128)x * r.num + r.den - 1) / r.den;
	if (v > UINT64_MAX)
		return GS_ERANGE;
	*out = (uint64_t)v;
	return GS_OK;
}

gs_status gs_mul_ratio_floor(uint64_t x, gs_ratio r, uint64_t *out)
{
	u128 v = ((u128)x * r.num) / r.den;
	if (v > UINT64_MAX)
		return GS_ERANGE;
	*out = (uint64_t)v;
	return GS_OK;
}

uint64_t gs_add_sat(uint64_t a, uint64_t b) { return a > UINT64_MAX - b ? UINT64_MAX : a + b; }

uint64_t gs_mul_sat(uint64_t a, uint64_t b)
{
	u128 v = (u128)a * b;
	return v > UINT64_MAX ? UINT64_MAX : (uint64_t)v;
}

const char *gs_unit_name(gs_unit u)
{
	switch (u) {
	case GS_UNIT_GiB: return "GiB";
	case GS_UNIT_GB: return "GB";
	case GS_UNIT_MiB: return "MiB";
	case GS_UNIT_MB: return "MB";
	}
	return "?";
}

gs_bytes gs_unit_bytes(gs_unit u)
{
	switch (u) {
	case GS_UNIT_GiB: return GS_GiB;
	case GS_UNIT_GB: return GS_GB;
	case GS_UNIT_MiB: return GS_MiB;
	case GS_UNIT_MB: return 1000000;
	}
	return 1;
}

char *gs_format_bytes(gs_bytes b, gs_unit unit, char *buf, size_t cap)
{
	gs_bytes u = gs_unit_bytes(unit);
	u128 hundredths = ((u128)b * 100 + u / 2) / u;
	snprintf(buf, cap, "%llu.%02u %s", (unsigned long long)(hundredths / 100),
	         (unsigned)(hundredths % 100), gs_unit_name(unit));
	return buf;
}

char *gs_format_bytes_triple(gs_bytes b, char *buf, size_t cap)
{
	char gi[32], gb[32];
	gs_format_bytes(b, GS_UNIT_GiB, gi, sizeof gi);
	gs_format_bytes(b, GS_UNIT_GB, gb, sizeof gb);
	snprintf(buf, cap, "%s (%s; %llu B)", gi, gb, (unsigned long long)b);
	return buf;
}

gs_status gs_parse_unit(const char *t, gs_unit *out, gs_error *err)
{
	static const gs_unit all[] = {GS_UNIT_GiB, GS_UNIT_GB, GS_UNIT_MiB, GS_UNIT_MB};
	for (size_t i = 0; i < 4; i++)
		if (strcmp(t, gs_unit_name(all[i])) == 0) {
			*out = all[i];
			return GS_OK;
		}
	return gs_error_set(err, GS_EINPUT, "--units", "got \"%.40s\", expected GiB, GB, MiB or MB", t);
}

gs_status gs_parse_hours(const char *t, size_t len, const char *field, uint64_t *hours, gs_error *err)
{
	static const struct {
		const char *unit;
		uint64_t hours;
	} units[] = {{"h", 1}, {"d", 24}, {"w", 168}, {"mo", 720}, {"y", 8760}};
	size_t i = 0;
	uint64_t v = 0;
	bool big = false;
	while (i < len && t[i] >= '0' && t[i] <= '9') {
		v = v * 10 + (uint64_t)(t[i++] - '0');
		big |= v > 1000000;
		if (big)
			v = 1000001; /* keep scanning the digits, without overflow */
	}
	for (size_t k = 0; i > 0 && k < sizeof units / sizeof units[0]; k++)
		if (len - i == strlen(units[k].unit) && memcmp(t + i, units[k].unit, len - i) == 0 && v > 0) {
			/* a campaign beyond 100 years is a typo, not a plan */
			if (big || v * units[k].hours > 100 * 8760)
				return gs_error_set(err, GS_ERANGE, field,
				                    "got \"%.*s\": out of range (at most 100 years, 876000h)",
				                    (int)(len > 40 ? 40 : len), t);
			*hours = v * units[k].hours;
			return GS_OK;
		}
	return fail(err, field, t, len, "a duration such as 72h, 3d, 2w or 1mo");
}

char *gs_ratio_decimal(gs_ratio x, char *buf, size_t cap)
{
	u128 v = ((u128)x.num * 100 + x.den / 2) / (x.den ? x.den : 1);
	snprintf(buf, cap, "%llu.%02u", (unsigned long long)(v / 100), (unsigned)(v % 100));
	return buf;
}
