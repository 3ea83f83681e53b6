/* test_units.c — exact sizes, counts and ratios; printing with units. */
#include "helpers.h"

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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_bytes),  cmocka_unit_test(test_parse_bytes_errors),
		cmocka_unit_test(test_parse_count),  cmocka_unit_test(test_parse_ratio),
		cmocka_unit_test(test_format_bytes), cmocka_unit_test(test_ratio_math),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
