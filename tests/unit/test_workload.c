/* test_workload.c — the sheet (YAML/JSON), flags over sheet, provenance, errors. */
#include "helpers.h"
#include "gpusizer/devices.h"
#include "gpusizer/catalog.h"

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
	                       "concurrency: 4\nreserve: 6GiB\nquality: \"MMLU >= 62.0\"\n",
	                       &w, &err),
	                 GS_OK);
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
	assert_int_equal(sheet("{\"params\": \"7e9\", \"bits\": 4, \"reserve\": \"6GiB\", \"revision\": "
	                       "null}",
	                       &w, &err),
	                 GS_OK);
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
	expect_error("format: int9\n", GS_EINPUT, "s.yaml:1:9", "unknown format");
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
	assert_false(gs_workload_capacity_shared(&w));
	/* unified memory: CUDA's total, shared with the CPU; given a capacity,
	 * that is the GPU's share and nothing is left to state */
	gs_workload_init(&w);
	wl_set(&w, GS_F_PARAMS, "7e9");
	wl_set(&w, GS_F_GPU, "DGX Spark");
	assert_int_equal(gs_workload_finish(&w, &err), GS_OK);
	assert_int_equal(gs_workload_capacity(&w, &cap, &found, how, sizeof how, &err), GS_OK);
	assert_int_equal(cap, 130599218053ull);
	assert_non_null(strstr(how, "unified memory"));
	assert_true(gs_workload_capacity_shared(&w) && !gs_workload_capacity_nominal(&w));
	wl_set(&w, GS_F_CAPACITY, "100GiB");
	assert_false(gs_workload_capacity_shared(&w));
	/* an unknown device is refused where it is set, naming the nearest */
	gs_workload_init(&w);
	assert_int_equal(gs_workload_set(&w, GS_F_GPU, "RTX 9999", 8, GS_FROM_SHEET, "s.yaml:3:6", &err),
	                 GS_EINPUT);
	assert_non_null(strstr(err.msg, "RTX 4090"));
	assert_non_null(strstr(err.msg, "s.yaml:3:6"));
	assert_false(gs_wl_set(&w, GS_F_GPU));
	assert_null(w.device);
}

/* A default derived from another field stays derived: fit sets the
 * microbatch after finish, and the validation batch must follow it unless
 * the sheet gave its own (issue 35, defect 7). */
static void test_derived_defaults(void **st)
{
	(void)st;
	gs_workload w;
	gs_error err;
	gs_workload_init(&w);
	wl_set(&w, GS_F_PARAMS, "7e9");
	wl_set(&w, GS_F_TASK, "full");
	wl_set(&w, GS_F_MICROBATCH, "2");
	assert_int_equal(gs_workload_finish(&w, &err), GS_OK);
	assert_int_equal(gs_wl_u64(&w, GS_F_EVAL_MICROBATCH), 2);
	assert_int_equal(w.v[GS_F_EVAL_MICROBATCH].from, GS_FROM_DEFAULT);
	wl_set(&w, GS_F_MICROBATCH, "6");
	assert_int_equal(gs_wl_u64(&w, GS_F_EVAL_MICROBATCH), 6);
	assert_string_equal(w.v[GS_F_EVAL_MICROBATCH].where, "default (= microbatch)");
	/* given, it stays as given */
	wl_set(&w, GS_F_EVAL_MICROBATCH, "1");
	wl_set(&w, GS_F_MICROBATCH, "8");
	assert_int_equal(gs_wl_u64(&w, GS_F_EVAL_MICROBATCH), 1);
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

/* The device table answers to the names nvidia-smi prints; an ambiguous
 * name lists the candidates, an unknown one suggests the nearest; the
 * engines' CUDA total is the published one, else derived and said so. */
static void test_devices(void **st)
{
	(void)st;
	const gs_device *d;
	gs_error err;
	static const struct {
		const char *name, *row;
	} ok[] = {
		{"NVIDIA A100-SXM4-40GB", "A100 40GB"}, {"NVIDIA A100 80GB PCIe", "A100 80GB"},
		{"Tesla V100-SXM2-16GB", "V100 16GB"},  {"NVIDIA A800-SXM4-80GB", "A800 80GB"},
		{"NVIDIA GeForce RTX 4070", "RTX 4070"}, {"NVIDIA H100 80GB HBM3", "H100 SXM"},
		{"nvidia h20", "H20"},                  {"rtx4090", "RTX 4090"},
		{"4090", "RTX 4090"},                   {"Tesla T4", "T4"},
		{"NVIDIA RTX 6000 Ada Generation", "RTX 6000 Ada"}, {"AMD Instinct MI300X", "MI300X"},
		{"NVIDIA RTX PRO 6000 Blackwell Server Edition", "RTX PRO 6000"},
		{"NVIDIA RTX PRO 6000 Blackwell Max-Q Workstation Edition", "RTX PRO 6000"},
		{"rtx-pro-6000-blackwell", "RTX PRO 6000"},
		{"NVIDIA RTX PRO 4500 Blackwell", "RTX PRO 4500"}, {"NVIDIA B300 SXM6 AC", "B300"},
		{"NVIDIA H200 NVL", "H200 NVL"},        {"NVIDIA H20-3e", "H20-3e"},
		{"H200", "H200"},                       {"NVIDIA GB10", "GB10"},
		{"DGX Spark", "GB10"},
	};
	for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
		assert_int_equal(gs_device_lookup(ok[i].name, "--gpu", &d, &err), GS_OK);
		assert_string_equal(d->name, ok[i].row);
	}
	assert_int_equal(gs_device_lookup("A100", "--gpu", &d, &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "ambiguous: A100 40GB, A100 80GB"));
	assert_null(gs_device_find("A100"));
	assert_int_equal(gs_device_lookup("H100", "--gpu", &d, &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "H100 PCIe, H100 SXM, H100 NVL"));
	/* the RTX 5060 Ti's two sizes print one name */
	assert_int_equal(gs_device_lookup("NVIDIA GeForce RTX 5060 Ti", "--gpu", &d, &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "RTX 5060 Ti 8GB, RTX 5060 Ti 16GB"));
	assert_int_equal(gs_device_lookup("RTX 4900", "--gpu", &d, &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "did you mean"));
	assert_non_null(strstr(err.msg, "RTX 4090,"));
	assert_int_equal(gs_device_lookup("", "--gpu", &d, &err), GS_EINPUT);
	/* CUDA totals */
	char how[256];
	d = gs_device_find("H200");
	assert_int_equal(gs_device_cuda_total(d, d->reported_bytes, how, sizeof how), 143156ull << 20);
	assert_non_null(strstr(how, "published"));
	d = gs_device_find("L4");
	assert_int_equal(gs_device_cuda_total(d, d->reported_bytes, how, sizeof how), (23034ull - 728) << 20);
	assert_non_null(strstr(how, "derived"));
	/* a capacity other than the row's: the published figure does not apply */
	d = gs_device_find("H200");
	assert_int_equal(gs_device_cuda_total(d, 100ull << 30, how, sizeof how),
	                 (100ull << 30) - (728ull << 20));
	/* unified memory (GB10): no device total; CUDA's total, the OS's
	 * memory, is the capacity, and it is its own CUDA total */
	d = gs_device_find("GB10");
	assert_true(d->unified && !d->reported_bytes && d->unified_how[0]);
	assert_int_equal(gs_device_cuda_total(d, d->cuda_bytes, how, sizeof how), 130599218053ull);
	assert_non_null(strstr(how, "published"));
	/* every row: a total is either on record with how it was reported, or absent */
	const gs_device *t;
	size_t n = gs_device_table(&t);
	assert_true(n >= 55);
	for (size_t i = 0; i < n; i++) {
		assert_true(t[i].nominal_gb > 0);
		assert_true(t[i].reported_bytes == 0 || t[i].reported_how[0]);
		assert_true(t[i].cuda_bytes == 0 || t[i].unified ||
		            (t[i].cuda_bytes < t[i].reported_bytes && t[i].cuda_how[0]));
		/* a unified part's CUDA total is below its shared memory (GB10: 128 GiB, of which the
		 * OS sees 121.69), and says what is known */
		assert_true(!t[i].unified || (t[i].cuda_bytes < (t[i].nominal_gb << 30) &&
		                               t[i].cuda_how[0] && t[i].unified_how && t[i].unified_how[0]));
		assert_ptr_equal(gs_device_find(t[i].name), &t[i]); /* every marketing name is unambiguous */
		/* the shortlist quotes the how in a fixed field: it must fit whole */
		assert_true(strlen(t[i].reported_how) + strlen("device-reported (, device table)") <
		            sizeof((gs_offer_result *)0)->usable_how);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sheet_and_provenance),
		cmocka_unit_test(test_json_sheet),
		cmocka_unit_test(test_sheet_errors),
		cmocka_unit_test(test_finish_rules),
		cmocka_unit_test(test_derived_defaults),
		cmocka_unit_test(test_flags),
		cmocka_unit_test(test_devices),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
