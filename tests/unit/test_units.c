/* test_units.c — exact sizes, counts and ratios; printing with units;
 * the checked formatting every fixed-size text goes through (core/fmt.h). */
#include "helpers.h"
#include "core/fmt.h"
#include "core/json_guard.h"

static gs_bytes bytes_ok(const char *t)
{
	gs_bytes b = 0;
	gs_error err;
	if (gs_parse_bytes(t, strlen(t), "--size", &b, &err))
		fail_msg("%s: %s", t, err.msg);
	return b;
}

static void bytes_bad(const char *t, const char *needle)
{
	gs_bytes b;
	gs_error err;
	gs_error_clear(&err);
	assert_int_equal(gs_parse_bytes(t, strlen(t), "--reserve", &b, &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "--reserve"));
	if (needle && !strstr(err.msg, needle))
		fail_msg("message for \"%s\" lacks \"%s\": %s", t, needle, err.msg);
}

static void test_parse_bytes(void **st)
{
	(void)st;
	assert_int_equal(bytes_ok("24GB"), 24000000000ull);
	assert_int_equal(bytes_ok("24564MiB"), 25757220864ull);
	/* 22.35 x 2^30 = 23998129766.4: rounded once, at the end */
	assert_int_equal(bytes_ok("22.35GiB"), 23998129766ull);
	assert_int_equal(bytes_ok("6 GiB"), 6442450944ull);
	assert_int_equal(bytes_ok("6gib"), 6442450944ull);
	assert_int_equal(bytes_ok("0.5KiB"), 512);
	assert_int_equal(bytes_ok("1e3MB"), 1000000000ull);
	assert_int_equal(bytes_ok("512B"), 512);
	assert_int_equal(bytes_ok("0"), 0);
	assert_int_equal(bytes_ok("16TiB"), 17592186044416ull);
	/* the forms people type (issue 45): any case, the B optional; a
	 * prefix alone is decimal, with i binary */
	assert_int_equal(bytes_ok("24gb"), 24000000000ull);
	assert_int_equal(bytes_ok("24G"), 24000000000ull);
	assert_int_equal(bytes_ok("24Gb"), 24000000000ull);
	assert_int_equal(bytes_ok("22gi"), 22ull << 30);
	assert_int_equal(bytes_ok("22GIB"), 22ull << 30);
	assert_int_equal(bytes_ok("512m"), 512000000ull);
	assert_int_equal(bytes_ok("512 b"), 512);
}

static void test_parse_bytes_errors(void **st)
{
	(void)st;
	bytes_bad("-1GB", "expected");
	bytes_bad("abc", "expected");
	bytes_bad("24", "unit");      /* ambiguous without a unit */
	bytes_bad("24xb", "the B optional"); /* the message says which forms are taken */
	bytes_bad("24gibb", "expected");
	bytes_bad("", "expected");
	bytes_bad("24GBx", "expected");
	bytes_bad("1e30TB", "range");
	bytes_bad("99999999999999999999999GB", "large");
	bytes_bad(".", "expected");
}

static void test_parse_count(void **st)
{
	(void)st;
	uint64_t c;
	gs_error err;
	const struct { const char *t; uint64_t v; } ok[] = {
		{"7e9", 7000000000ull}, {"7B", 7000000000ull}, {"8.03B", 8030000000ull},
		{"350M", 350000000ull}, {"70k", 70000}, {"1.5T", 1500000000000ull}, {"8192", 8192},
		{"8030261248", 8030261248ull}, {"8b", 8000000000ull}, {"350m", 350000000ull}, {"70K", 70000},
	};
	for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
		assert_int_equal(gs_parse_count(ok[i].t, strlen(ok[i].t), "--params", &c, &err), GS_OK);
		assert_int_equal(c, ok[i].v);
	}
	const char *bad[] = {"1.5", "-7", "7X", "seven", "", "7e", "1e25"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		assert_int_equal(gs_parse_count(bad[i], strlen(bad[i]), "--params", &c, &err), GS_EINPUT);
	/* "7e" parses 7 and leaves "e": an error, not a silent 7 */
}

static void test_parse_ratio(void **st)
{
	(void)st;
	gs_ratio r;
	gs_error err;
	assert_int_equal(gs_parse_ratio("4.5", 3, "bits", 0, &r, &err), GS_OK);
	assert_int_equal(r.num, 9);
	assert_int_equal(r.den, 2);
	assert_int_equal(gs_parse_ratio("10%", 3, "slack", 1, &r, &err), GS_OK);
	assert_int_equal(r.num, 1);
	assert_int_equal(r.den, 10);
	assert_int_equal(gs_parse_ratio("0.90", 4, "u", 0, &r, &err), GS_OK);
	assert_int_equal(r.num, 9);
	assert_int_equal(r.den, 10);
	assert_int_equal(gs_parse_ratio("10%", 3, "bits", 0, &r, &err), GS_EINPUT);
	assert_int_equal(gs_parse_ratio("-1", 2, "bits", 0, &r, &err), GS_EINPUT);
}

static void test_format_bytes(void **st)
{
	(void)st;
	char buf[48];
	/* the seed's worked figures */
	assert_string_equal(gs_format_bytes(14000000000ull, GS_UNIT_GiB, buf, sizeof buf), "13.04 GiB");
	assert_string_equal(gs_format_bytes(20442450944ull, GS_UNIT_GiB, buf, sizeof buf), "19.04 GiB");
	assert_string_equal(gs_format_bytes(24000000000ull, GS_UNIT_GiB, buf, sizeof buf), "22.35 GiB");
	assert_string_equal(gs_format_bytes(24000000000ull, GS_UNIT_GB, buf, sizeof buf), "24.00 GB");
	assert_string_equal(gs_format_bytes(1073741824ull, GS_UNIT_MiB, buf, sizeof buf), "1024.00 MiB");
	assert_string_equal(gs_format_bytes(0, GS_UNIT_GB, buf, sizeof buf), "0.00 GB");
	/* rounding half up from the exact integer: 0.005 GiB */
	assert_string_equal(gs_format_bytes(5368709ull * 1, GS_UNIT_GiB, buf, sizeof buf), "0.00 GiB");
	assert_string_equal(gs_format_bytes(5368710ull, GS_UNIT_GiB, buf, sizeof buf), "0.01 GiB");
	assert_string_equal(gs_format_bytes(UINT64_MAX, GS_UNIT_GB, buf, sizeof buf), "18446744073.71 GB");
}

static void test_ratio_math(void **st)
{
	(void)st;
	uint64_t v;
	gs_ratio half = {1, 2};
	assert_int_equal(gs_mul_ratio_ceil(7, half, &v), GS_OK);
	assert_int_equal(v, 4);
	assert_int_equal(gs_mul_ratio_floor(7, half, &v), GS_OK);
	assert_int_equal(v, 3);
	gs_ratio big = {UINT64_MAX, 1};
	assert_int_equal(gs_mul_ratio_ceil(2, big, &v), GS_ERANGE);
	assert_int_equal(gs_add_sat(UINT64_MAX, 1), UINT64_MAX);
	assert_int_equal(gs_mul_sat(UINT64_MAX, 2), UINT64_MAX);
}

/* A text that fits is written whole; one that does not is cut on a UTF-8
 * character boundary, ends with "...", and says so. */
static void test_checked_format(void **st)
{
	(void)st;
	char buf[8];
	assert_true(gsi_fmt(buf, sizeof buf, "%s", "1234567"));
	assert_string_equal(buf, "1234567");
	assert_false(gsi_fmt(buf, sizeof buf, "%s", "12345678"));
	assert_string_equal(buf, "1234...");
	/* "é" is two bytes (C3 A9): the cut never splits it */
	assert_false(gsi_fmt(buf, sizeof buf, "%s", "123\xc3\xa9" "5678"));
	assert_string_equal(buf, "123...");
	assert_false(gsi_fmt(buf, sizeof buf, "%s", "12\xc3\xa9" "45678"));
	assert_string_equal(buf, "12\xc3\xa9...");
	/* a three-byte character (the euro sign, E2 82 AC) across the cut, or
	 * ending just before it */
	assert_false(gsi_fmt(buf, sizeof buf, "%s", "12\xe2\x82\xac" "5678"));
	assert_string_equal(buf, "12...");
	assert_false(gsi_fmt(buf, sizeof buf, "%s", "1\xe2\x82\xac" "45678"));
	assert_string_equal(buf, "1\xe2\x82\xac...");
	/* a four-byte one (U+1F600, F0 9F 98 80) cut after its first bytes */
	assert_false(gsi_fmt(buf, sizeof buf, "%s", "123\xf0\x9f\x98\x80" "5"));
	assert_string_equal(buf, "123...");
	/* too small for the mark: cut on a boundary, unmarked, still false */
	char tiny[3];
	assert_false(gsi_fmt(tiny, sizeof tiny, "%s", "\xc3\xa9x"));
	assert_string_equal(tiny, "\xc3\xa9");
	assert_false(gsi_fmt(tiny, sizeof tiny, "%s", "a\xc3\xa9"));
	assert_string_equal(tiny, "a");
	/* appending: what fits, then the cut */
	assert_true(gsi_fmt(buf, sizeof buf, "%d", 12));
	assert_true(gsi_fmt_add(buf, sizeof buf, "+%d", 345));
	assert_string_equal(buf, "12+345");
	assert_false(gsi_fmt_add(buf, sizeof buf, "%s", "67"));
	assert_string_equal(buf, "12+3...");
	assert_false(gsi_fmt_add(buf, sizeof buf, "%s", "x"));
	assert_string_equal(buf, "12+3...");
	assert_true(gsi_fmt_add(buf, sizeof buf, "%s", ""));
}

/* The JSON guard counts what jansson would build (issue 50 items 9, 10):
 * strings and their escapes are skipped, empty containers hold nothing. */
static void test_json_guard(void **st)
{
	(void)st;
	gsi_json_shape sh;
	static const char j[] = "{\"a\":[1,2,3],\"b\":\"x,\\\"],[\",\"c\":{},\"d\":[[],[7]]}";
	assert_true(gsi_json_measure(j, strlen(j), 8, &sh));
	assert_int_equal(sh.max_array, 3);
	assert_int_equal(sh.max_members, 4);
	assert_int_equal(sh.depth, 3);
	assert_int_equal(sh.values, 1 + 4 + 3 + 0 + 2 + 0 + 1);
	assert_int_equal(sh.at, 0);
	assert_false(gsi_json_measure("[[[[1]]]]", 9, 3, &sh));
	assert_true(gsi_json_measure("[[[[1]]]]", 9, 4, &sh));
	assert_int_equal(sh.depth, 4);
}

/* A precision ("%.3s") that cuts a character inside the text leaves it
 * well-formed: the cut bytes become '?' (issue 50 item 15). */
static void test_precision_cut_mended(void **st)
{
	(void)st;
	char buf[64];
	assert_true(gsi_fmt(buf, sizeof buf, "<%.3s>", "a\xc3\xa9\xc3\xa9"));
	assert_string_equal(buf, "<a\xc3\xa9>");
	assert_true(gsi_fmt(buf, sizeof buf, "<%.2s>", "a\xe2\x82\xac"));
	assert_string_equal(buf, "<a?>");
	assert_true(gsi_fmt(buf, sizeof buf, "%s", "\xed\xa0\x80 \xc0\xaf \xf4\x90\x80\x80"));
	assert_string_equal(buf, "??? ?? ????"); /* a surrogate, an overlong, past U+10FFFF */
	buf[0] = 0;
	assert_true(gsi_fmt_add(buf, sizeof buf, "[%.1s]", "\xc3\xa9"));
	assert_string_equal(buf, "[?]");
	gs_error err;
	gs_error_set(&err, GS_EINPUT, "k", "unknown key \"%.5s\"", "\xc3\xa9\xc3\xa9\xc3\xa9");
	assert_string_equal(err.msg, "k: unknown key \"\xc3\xa9\xc3\xa9?\"");
}

/* gs_error_set: a message too long for gs_error.msg ends with "..." on a
 * character boundary; a message may quote the error it replaces. */
static void test_error_message_cut(void **st)
{
	(void)st;
	gs_error err;
	char long_text[2000];
	/* "é" (2 bytes) from byte 1 on: wherever the cut falls, it is inside one */
	long_text[0] = 'x';
	for (size_t i = 1; i + 2 < sizeof long_text; i += 2)
		memcpy(long_text + i, "\xc3\xa9", 2);
	long_text[sizeof long_text - 1] = 0;
	assert_int_equal(gs_error_set(&err, GS_EINPUT, "--model", "%s", long_text), GS_EINPUT);
	size_t n = strlen(err.msg);
	assert_true(n < sizeof err.msg && n + 5 >= sizeof err.msg);
	assert_string_equal(err.msg + n - 3, "...");
	assert_true(!strncmp(err.msg, "--model: x", 10));
	for (size_t i = 10; i < n - 3; i += 2) /* whole characters up to the mark */
		assert_memory_equal(err.msg + i, "\xc3\xa9", 2);
	assert_string_equal(err.where, "--model");
	/* re-wrapping an error: the old message as the new one's argument */
	gs_error_set(&err, GS_EPARSE, NULL, "bad value");
	gs_error_set(&err, GS_EINPUT, "--format", "%s", err.msg);
	assert_string_equal(err.msg, "--format: bad value");
	gs_error_set(&err, GS_EINPUT, err.where, "again: %s", err.msg);
	assert_string_equal(err.msg, "--format: again: --format: bad value");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_bytes),  cmocka_unit_test(test_parse_bytes_errors),
		cmocka_unit_test(test_parse_count),  cmocka_unit_test(test_parse_ratio),
		cmocka_unit_test(test_format_bytes), cmocka_unit_test(test_ratio_math),
		cmocka_unit_test(test_checked_format),
		cmocka_unit_test(test_precision_cut_mended),
		cmocka_unit_test(test_json_guard), cmocka_unit_test(test_error_message_cut),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
