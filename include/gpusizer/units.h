/*
 * gpusizer/units.h — exact byte quantities, and the only place units are
 * parsed or printed.
 *
 * Units (contract): GB = 10^9 B, GiB = 2^30 B, and likewise kB/KB/KiB,
 * MB/MiB, TB/TiB. Quantities inside the library are exact uint64_t bytes;
 * conversion to a unit happens only when printing, and every printed figure
 * names its unit. Parsing is exact: "22.35GiB" is computed from the decimal
 * digits with integer arithmetic and rounded to the nearest byte (half up)
 * once, at the end.
 */
#ifndef GPUSIZER_UNITS_H
#define GPUSIZER_UNITS_H

#include <stdint.h>
#include <stddef.h>
#include "gpusizer/status.h"

typedef uint64_t gs_bytes;

#define GS_KiB ((gs_bytes)1024)
#define GS_MiB ((gs_bytes)1024 * 1024)
#define GS_GiB ((gs_bytes)1024 * 1024 * 1024)
#define GS_GB  ((gs_bytes)1000000000)

/* A non-negative exact rational, used for bits per value (4.5 = 9/2) and
 * fractions (0.9). den is never 0. */
typedef struct gs_ratio {
	uint64_t num;
	uint64_t den;
} gs_ratio;

/* Parse a size with a unit: "24GB", "22.35GiB", "24564MiB", "6 GiB",
 * "512B", "0". A bare number other than 0 is rejected (a size without a unit
 * is ambiguous). Negative, non-numeric, empty, trailing garbage or a value
 * above 2^64-1 bytes is an error naming `field` (e.g. "--reserve").
 * `text` need not be NUL-terminated: `len` bytes are read. */
gs_status gs_parse_bytes(const char *text, size_t len, const char *field,
                         gs_bytes *out /* OUT */, gs_error *err) GS_WARN_UNUSED;

/* Parse a count: "7e9", "7B" (billions), "8.03B", "350M", "1.5T", "7000000000",
 * "70k". Must be a whole number after scaling. Errors as gs_parse_bytes. */
gs_status gs_parse_count(const char *text, size_t len, const char *field,
                         uint64_t *out /* OUT */, gs_error *err) GS_WARN_UNUSED;

/* The same parse, its error's examples of the count's own kind: a
 * parameter count ("7B"), tokens (as gs_parse_tokens) or a plain count
 * (gs_parse_count's). */
typedef enum gs_count_kind { GS_COUNT_PLAIN, GS_COUNT_PARAMS, GS_COUNT_TOKENS } gs_count_kind;
gs_status gs_parse_count_of(const char *text, size_t len, const char *field, gs_count_kind kind,
                            uint64_t *out /* OUT */, gs_error *err) GS_WARN_UNUSED;

/* Parse a token count: as gs_parse_count, but k/K is 1024 and M 1024^2, as
 * context windows are named: "8k" and "8K" are 8192 tokens, "32k" 32768,
 * "128K" 131072. A plain number is taken as it is. */
gs_status gs_parse_tokens(const char *text, size_t len, const char *field,
                          uint64_t *out /* OUT */, gs_error *err) GS_WARN_UNUSED;

/* Parse a non-negative decimal ("16", "4.5", "0.90", "1e-2") into an exact
 * ratio. A trailing "%" divides by 100 when allow_percent is non-zero. */
gs_status gs_parse_ratio(const char *text, size_t len, const char *field,
                         int allow_percent, gs_ratio *out /* OUT */,
                         gs_error *err) GS_WARN_UNUSED;

/* ceil(x * r), exact; GS_ERANGE if the result exceeds UINT64_MAX. */
gs_status gs_mul_ratio_ceil(uint64_t x, gs_ratio r, uint64_t *out /* OUT */)
	GS_WARN_UNUSED;

/* floor(x * r), exact; GS_ERANGE on overflow. */
gs_status gs_mul_ratio_floor(uint64_t x, gs_ratio r, uint64_t *out /* OUT */)
	GS_WARN_UNUSED;

/* Saturating helpers for sums of byte figures: they clamp at UINT64_MAX,
 * which no real device approaches, so callers can add without branching. */
uint64_t gs_add_sat(uint64_t a, uint64_t b);
uint64_t gs_mul_sat(uint64_t a, uint64_t b);

/* Parse a duration into hours: "72h", "3d", "2w", "1mo" (30 days), "1y"
 * (365 days); whole numbers. Errors name `field`. */
gs_status gs_parse_hours(const char *text, size_t len, const char *field, uint64_t *hours /* OUT */,
                         gs_error *err) GS_WARN_UNUSED;

/* Format `b` with two decimals in the named unit into buf: "13.04 GiB",
 * "14.00 GB", "512.00 MiB". Rounds half up at the second decimal, from the
 * exact integer (no floating point). Returns buf. cap >= 32 is enough. */
typedef enum gs_unit { GS_UNIT_GiB, GS_UNIT_GB, GS_UNIT_MiB, GS_UNIT_MB } gs_unit;
char *gs_format_bytes(gs_bytes b, gs_unit unit, char *buf, size_t cap);

/* One size in both unit systems and exact, as the text outputs print a
 * headline figure: "13.04 GiB (14.00 GB; 14000000000 B)". Returns buf;
 * cap >= 96 is enough. */
char *gs_format_bytes_triple(gs_bytes b, char *buf, size_t cap);

/* An exact ratio as a decimal with two places, rounded half up once:
 * 4714/100 -> "47.14". Returns buf. */
char *gs_ratio_decimal(gs_ratio x, char *buf, size_t cap);

/* The unit's printed name ("GiB", "GB", ...). */
const char *gs_unit_name(gs_unit unit);

/* The unit's size in bytes. */
gs_bytes gs_unit_bytes(gs_unit unit);

/* Parse a unit name for --units ("GiB", "GB", "MiB", "MB"); GS_EINPUT else. */
gs_status gs_parse_unit(const char *text, gs_unit *out /* OUT */,
                        gs_error *err) GS_WARN_UNUSED;

#endif
