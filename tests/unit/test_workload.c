/* test_workload.c — the sheet (YAML/JSON), flags over sheet, provenance, errors. */
#include "helpers.h"

static gs_status sheet(const char *text, gs_workload *w, gs_error *err)
{
	gs_workload_init(w);
	gs_error_clear(err);
	return gs_sheet_load_buffer(text, strlen(text), "s.yaml", w, err);
}

static void test_sheet_and_provenance(void **st)
{
	(void)st;
	gs_workload w;
	gs_error err;
	assert_int_equal(sheet("# a sheet\nparams: 7e9\nbits: 16\nlength: 8192\n"
	                       "concurrency: 4\nreserve: 6GiB\nquality: \"MMLU >= 62.0\"\n", &w, &err), GS_OK);
	assert_int_equal(gs_wl_u64(&w, GS_F_PARAMS), 7000000000ull);
	assert_int_equal(gs_wl_u64(&w, GS_F_RESERVE), 6442450944ull);
	assert_int_equal(w.v[GS_F_LENGTH].from, GS_FROM_SHEET);
	assert_string_equal(w.v[GS_F_LENGTH].where, "s.yaml:4:9");
	assert_string_equal(gs_wl_str(&w, GS_F_QUALITY), "MMLU >= 62.0");
	/* a flag overrides the sheet and says so */
	wl_set(&w, GS_F_LENGTH, "4096");
	assert_int_equal(gs_wl_u64(&w, GS_F_LENGTH), 4096);
	assert_int_equal(w.v[GS_F_LENGTH].from, GS_FROM_FLAG);
	assert_int_equal(gs_workload_finish(&w, &err), GS_OK);
	/* defaults are recorded as defaults */
	assert_int_equal(w.v[GS_F_TASK].from, GS_FROM_DEFAULT);
	assert_string_equal(gs_wl_str(&w, GS_F_TASK), "inference");
	assert_int_equal(w.v[GS_F_FORMAT].from, GS_FROM_UNSET); /* bits given instead */
	assert_string_equal(gs_origin_name(w.v[GS_F_CONCURRENCY].from), "sheet");
}

static void test_json_sheet(void **st)
{
	(void)st;
	gs_workload w;
	gs_error err;
	assert_int_equal(sheet("{\"params\": \"7e9\", \"bits\": 4, \"reserve\": \"6GiB\", \"revision\": null}",
	                       &w, &err), GS_OK);
	assert_int_equal(gs_wl_ratio(&w, GS_F_BITS).num, 4);
	assert_false(gs_wl_set(&w, GS_F_REVISION));
}

static void expect_error(const char *text, gs_status code, const char *where, const char *needle)
{
	gs_workload w;
	gs_error err;
	gs_status s = sheet(text, &w, &err);
	if (s != code)
		fail_msg("sheet %s: status %d, expected %d (%s)", text, s, code, err.msg);
	if (where && strcmp(err.where, where) != 0)
		fail_msg("sheet %s: where \"%s\", expected \"%s\"", text, err.where, where);
	if (needle && !strstr(err.msg, needle))
		fail_msg("sheet %s: message lacks \"%s\": %s", text, needle, err.msg);
}

static void test_sheet_errors(void **st)
{
	(void)st;
	expect_error("params: 7e9\nlenght: 8192\n", GS_EINPUT, "s.yaml:2:1", "known fields: model");
	expect_error("length: 1\nlength: 2\n", GS_EINPUT, "s.yaml:2:1", "appears twice");
	expect_error("model: [a, b]\n", GS_EINPUT, "s.yaml:1:8", "not a list");
	expect_error("reserve: {a: 1}\n", GS_EINPUT, "s.yaml:1:10", "not a mapping");
	expect_error("a: b: c\n", GS_EPARSE, "s.yaml:1:5", "malformed YAML");
	expect_error("- 1\n- 2\n", GS_EINPUT, "s.yaml:1:1", "mapping");
	expect_error("", GS_EINPUT, "s.yaml", "empty");
	expect_error("reserve: -6GiB\n", GS_EINPUT, "s.yaml:1:10", "expected a non-negative size");
	expect_error("reserve: 6\n", GS_EINPUT, "s.yaml:1:10", "unit");
	expect_error("length: many\n", GS_EINPUT, "s.yaml:1:9", "length");
	expect_error("length: 0\n", GS_EINPUT, "s.yaml:1:9", "at least 1");
	expect_error("format: int3\n", GS_EINPUT, "s.yaml:1:9", "unknown format");
	expect_error("task: pretrain\n", GS_EINPUT, "s.yaml:1:7", "inference, full, lora, qlora");
	expect_error("runtime: tgi\n", GS_EINPUT, "s.yaml:1:10", "transformers, vllm");
	expect_error("gpu_memory_utilization: 1.5\n", GS_EINPUT, "s.yaml:1:25", "(0, 1]");
	expect_error("kv_format: nf4\n", GS_EINPUT, "s.yaml:1:12", "KV-cache format");
	expect_error("[unclosed\n", GS_EPARSE, NULL, "malformed YAML");
}

static void test_finish_rules(void **st)
{
	(void)st;
	gs_workload w;
	gs_error err;
	gs_workload_init(&w);
	assert_int_equal(gs_workload_finish(&w, &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "--params"));
	gs_workload_init(&w);
	wl_set(&w, GS_F_PARAMS, "7e9");
	wl_set(&w, GS_F_MODEL, "x.json");
	assert_int_equal(gs_workload_finish(&w, &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "not both"));
	gs_workload_init(&w);
	wl_set(&w, GS_F_PARAMS, "7e9");
	wl_set(&w, GS_F_BITS, "4");
	wl_set(&w, GS_F_FORMAT, "nf4");
	assert_int_equal(gs_workload_finish(&w, &err), GS_EINPUT);
	gs_workload_init(&w);
	wl_set(&w, GS_F_PARAMS, "7e9");
	wl_set(&w, GS_F_GPU, "RTX 4090");
	assert_int_equal(gs_workload_finish(&w, &err), GS_OK);
	gs_bytes cap;
	bool found;
	char how[192];
	assert_int_equal(gs_workload_capacity(&w, &cap, &found, how, sizeof how, &err), GS_OK);
	assert_true(found);
	assert_int_equal(cap, 24564ull << 20);
	assert_non_null(strstr(how, "device-reported"));
	gs_workload_init(&w);
	wl_set(&w, GS_F_GPU, "RTX 9999");
	assert_int_equal(gs_workload_capacity(&w, &cap, &found, how, sizeof how, &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "RTX 4090"));
}

static void test_flags(void **st)
{
	(void)st;
	assert_int_equal(gs_field_by_flag("--context"), GS_F_LENGTH);
	assert_int_equal(gs_field_by_flag("--length"), GS_F_LENGTH);
	assert_int_equal(gs_field_by_flag("--kv-format"), GS_F_KV_FORMAT);
	assert_int_equal(gs_field_by_flag("--gpu-memory-utilization"), GS_F_GPU_MEMORY_UTILIZATION);
	assert_int_equal(gs_field_by_flag("--nope"), -1);
	assert_int_equal(gs_field_by_flag("context"), -1);
	assert_int_equal(gs_field_by_key("max_num_seqs", 12), GS_F_MAX_NUM_SEQS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sheet_and_provenance), cmocka_unit_test(test_json_sheet),
		cmocka_unit_test(test_sheet_errors), cmocka_unit_test(test_finish_rules),
		cmocka_unit_test(test_flags),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
