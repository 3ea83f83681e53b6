/* test_measured.c — runs and a failed run set against an estimate: which
 * phases become measured, the need per GPU, the justified margin and its
 * parts, the floor (docs/method.md §16a). */
#include <stdlib.h>
#include <unistd.h>
#include "helpers.h"
#include "gpusizer/measured.h"

static gs_estimate *E;
static gs_measurements *M;
static char dir[64];

static const char *write_file(const char *name, const char *text)
{
	static char path[4][128];
	static int k;
	char *p = path[k++ % 4];
	snprintf(p, 128, "%s/%s", dir, name);
	FILE *f = fopen(p, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	return p;
}

/* A run without NVML: PyTorch's peaks only, prefill at 4096 tokens. */
#define HEADER "{\"type\":\"header\",\"nvml\":false,\"driver\":\"\",\"cuda\":0}\n"
#define PHASE(name, tok, alloc, res)                                                                         \
	"{\"type\":\"marker\",\"event\":\"phase_begin\",\"phase\":\"" name "\",\"tokens\":" #tok             \
	",\"sequences\":1,\"model\":\"meta-llama/Meta-Llama-3-8B\"}\n"                                       \
	"{\"type\":\"marker\",\"event\":\"phase_end\",\"phase\":\"" name "\",\"tokens\":" #tok               \
	",\"sequences\":1,"                                                                                  \
	"\"torch\":\"2.4.0\",\"versions\":{\"transformers\":\"4.44.2\"},\"devices\":[{\"device\":0,"         \
	"\"max_memory_allocated\":" #alloc ",\"max_memory_reserved\":" #res "}]}\n"
#define EXIT0 "{\"type\":\"exit\",\"status\":0,\"signal\":null}\n"

static void estimate_7b(const char *length)
{
	gs_model m;
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Meta-Llama-3-8B.json"), GS_F_LENGTH, length,
	             GS_F_RESERVE, "1GiB", -1);
	gs_measurements_init(M);
}

static void test_reserved_counter_margin(void **st)
{
	(void)st;
	estimate_7b("4096");
	/* load and prefill measured, decode not: 20 GiB reserved in prefill */
	const char *run = write_file("a.jsonl", HEADER PHASE("load", 0, 16000000000, 16100000000)
	                                        PHASE("prefill", 4096, 19000000000, 21474836480) EXIT0);
	gs_error err;
	assert_int_equal(gs_measurements_add_run(M, E, run, NULL, false, &err), GS_OK);
	assert_true(M->runs[0].validates);
	assert_string_equal(M->runs[0].versions, "torch 2.4.0, transformers 4.44.2");
	gs_measurements_apply(M, E);
	assert_string_equal(M->need_basis, "measured");
	assert_string_equal(M->peak_counter, "PyTorch reserved");
	assert_int_equal(M->measured_peak, 21474836480ull);
	/* the parts: runtime_context for the counter's gap, decode's estimate
	 * over the measured peak (none here: it is smaller), the 1 GiB reserve */
	gs_bytes ctx = gs_estimate_item(E, "runtime_context")->bytes[0];
	const gs_phase *decode = NULL;
	for (size_t p = 0; p < E->n_phases; p++)
		if (!strcmp(E->phases[p].id, "decode"))
			decode = &E->phases[p];
	assert_non_null(decode);
	assert_false(decode->measured);
	gs_bytes over = decode->peak - (1ull << 30) > 21474836480ull + ctx
	                        ? decode->peak - (1ull << 30) - 21474836480ull - ctx
	                        : 0;
	assert_int_equal(M->margin, ctx + over + (1ull << 30));
	assert_int_equal(M->need, 21474836480ull + M->margin);
	assert_int_equal(E->need, M->need);
	assert_true(E->phases[1].measured); /* prefill */
	assert_int_equal(E->phases[1].measured_peak, 21474836480ull);
	assert_int_equal(M->n_reasons, 4);
	assert_non_null(strstr(M->reasons[0], "runtime_context"));
	assert_non_null(strstr(M->reasons[1], "fragmentation"));
	assert_non_null(strstr(M->reasons[2], "decode"));
	assert_non_null(strstr(M->reasons[3], "reserve"));
}

/* Only load measured at the sheet's dimensions: the phases left unmeasured
 * add by how much their estimate exceeds the measured peak, so the need is
 * the largest estimated phase peak. */
static void test_unmeasured_phases(void **st)
{
	(void)st;
	estimate_7b("4096");
	const char *run = write_file("g.jsonl", HEADER PHASE("load", 0, 16000000000, 16100000000)
	                                        PHASE("warmup", 4096, 16000000000, 16100000000) EXIT0);
	gs_error err;
	assert_int_equal(gs_measurements_add_run(M, E, run, NULL, false, &err), GS_OK);
	assert_true(M->runs[0].validates);
	gs_measurements_apply(M, E);
	gs_bytes ctx = gs_estimate_item(E, "runtime_context")->bytes[0], reserve = 1ull << 30;
	gs_bytes est = gs_estimate_peak(E) - reserve; /* prefill or decode, without the reserve */
	assert_true(est > 16100000000ull + ctx);
	assert_int_equal(M->margin, ctx + (est - 16100000000ull - ctx) + reserve);
	assert_int_equal(M->need, gs_estimate_peak(E));
	assert_true(E->phases[0].measured);
	assert_false(E->phases[1].measured);
}

static void test_shorter_run_is_a_floor(void **st)
{
	(void)st;
	estimate_7b("8192");
	const char *run = write_file("b.jsonl",
	                             HEADER PHASE("prefill", 4096, 19000000000, 21474836480) EXIT0);
	gs_error err;
	assert_int_equal(gs_measurements_add_run(M, E, run, NULL, false, &err), GS_OK);
	assert_false(M->runs[0].validates);
	assert_non_null(strstr(M->runs[0].why, "executed 4096 tokens, the sheet requires 8192"));
	gs_measurements_apply(M, E);
	assert_string_equal(M->need_basis, "estimate");
	assert_int_equal(E->need, gs_estimate_peak(E));
	assert_int_equal(E->floor, 21474836480ull);
	for (size_t p = 0; p < E->n_phases; p++)
		assert_false(E->phases[p].measured);
}

static void test_killed_and_empty(void **st)
{
	(void)st;
	estimate_7b("4096");
	gs_error err;
	/* killed in prefill: no exit record, the phase has no end */
	const char *run = write_file("c.jsonl", HEADER PHASE("load", 0, 16000000000,
	                                                     16100000000) "{\"type\":\"marker\","
	                                                                  "\"event\":\"phase_begin\","
	                                                                  "\"phase\":\"prefill\","
	                                                                  "\"tokens\":4096,\"sequences\":1}"
	                                                                  "\n");
	assert_int_equal(gs_measurements_add_run(M, E, run, NULL, false, &err), GS_OK);
	assert_true(M->runs[0].ended_early);
	assert_false(M->runs[0].validates);
	assert_non_null(strstr(M->runs[0].why, "ended early"));
	const char *empty = write_file("d.jsonl", HEADER EXIT0);
	assert_int_equal(gs_measurements_add_run(M, E, empty, NULL, false, &err), GS_OK);
	assert_non_null(strstr(M->runs[1].why, "no phase markers"));
	const char *bad = write_file("e.jsonl", "not a run\n");
	assert_int_equal(gs_measurements_add_run(M, E, bad, NULL, false, &err), GS_EPARSE);
	/* another sheet: refused unless forced */
	const char *other = write_file("f.jsonl", "{\"type\":\"header\",\"sheet\":\"x/other.yaml\"}\n" EXIT0);
	assert_int_equal(gs_measurements_add_run(M, E, other, "data/sheets/mine.yaml", false, &err),
	                 GS_EINPUT);
	assert_non_null(strstr(err.msg, "other.yaml"));
	assert_int_equal(gs_measurements_add_run(M, E, other, "data/sheets/mine.yaml", true, &err), GS_OK);
}

/* issue 35: "signal": 0 is no signal; the run exited normally and validates */
static void test_signal_zero(void **st)
{
	(void)st;
	estimate_7b("4096");
	gs_error err;
	const char *run = write_file("g.jsonl", HEADER PHASE("load", 0, 16000000000, 16100000000)
	                                        PHASE("prefill", 4096, 19000000000, 21474836480)
	                                        "{\"type\":\"exit\",\"status\":0,\"signal\":0}\n");
	assert_int_equal(gs_measurements_add_run(M, E, run, NULL, false, &err), GS_OK);
	assert_true(M->runs[0].validates);
	assert_null(strstr(M->runs[0].why, "signal"));
	const char *killed = write_file("h.jsonl", HEADER PHASE("load", 0, 16000000000, 16100000000)
	                                           PHASE("prefill", 4096, 19000000000, 21474836480)
	                                           "{\"type\":\"exit\",\"status\":null,\"signal\":9}\n");
	assert_int_equal(gs_measurements_add_run(M, E, killed, NULL, false, &err), GS_OK);
	assert_false(M->runs[1].validates);
	assert_non_null(strstr(M->runs[1].why, "killed by signal 9"));
}

static void test_oom_bound(void **st)
{
	(void)st;
	estimate_7b("4096");
	gs_error err;
	/* PyTorch 2.x: 22.40 GiB in use + 1.96 GiB requested */
	assert_int_equal(gs_measurements_add_oom(M, GS_TEST_DATA_DIR "/logs/torch-backward.log", &err),
	                 GS_OK);
	assert_int_equal(M->oom.bound, M->oom.oom.process + M->oom.oom.requested);
	gs_measurements_apply(M, E);
	assert_string_equal(M->need_basis, "oom");
	assert_int_equal(E->need, M->oom.bound > gs_estimate_peak(E) ? M->oom.bound : gs_estimate_peak(E));
	assert_int_equal(E->floor, M->oom.bound);
	gs_measurements_init(M);
	assert_int_equal(gs_measurements_add_oom(M, GS_TEST_DATA_DIR "/logs/vllm-kv.log", &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "states no bytes"));
}

static void test_sha256(void **st)
{
	(void)st;
	char h[65];
	gs_sha256_hex("abc", 3, h);
	/* FIPS 180-2, appendix B.1 */
	assert_string_equal(h, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

static int setup(void **st)
{
	(void)st;
	E = malloc(sizeof *E);
	M = malloc(sizeof *M);
	snprintf(dir, sizeof dir, "/tmp/gs_measured_XXXXXX");
	return E && M && mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **st)
{
	(void)st;
	static const char *const names[] = {"a.jsonl", "b.jsonl", "c.jsonl", "d.jsonl",
	                                    "e.jsonl", "f.jsonl", "g.jsonl"};
	char p[128];
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		snprintf(p, sizeof p, "%s/%s", dir, names[i]);
		unlink(p);
	}
	rmdir(dir);
	free(E);
	free(M);
	return 0;
}

/* A run that held less than half the weights cannot be of this model,
 * --force-run or not; one that names no model or sheet is tied by its
 * dimensions and that check alone (issue 50 item 3). */
static void test_impossible_run(void **st)
{
	(void)st;
	estimate_7b("4096");
	const char *run = write_file("u.jsonl", HEADER
	                             "{\"type\":\"marker\",\"event\":\"phase_begin\",\"phase\":\"load\","
	                             "\"tokens\":4096,\"sequences\":1}\n"
	                             "{\"type\":\"marker\",\"event\":\"phase_end\",\"phase\":\"load\","
	                             "\"tokens\":4096,\"sequences\":1,\"devices\":[{\"device\":0,"
	                             "\"max_memory_allocated\":16000000000,"
	                             "\"max_memory_reserved\":16100000000}]}\n"
	                             EXIT0);
	gs_error err;
	assert_int_equal(gs_measurements_add_run(M, E, run, NULL, false, &err), GS_OK);
	assert_true(M->runs[0].validates);
	/* 1 MB reserved in load, where the estimate holds 14.96 GiB of weights */
	run = write_file("w.jsonl", HEADER PHASE("load", 0, 1000000, 1000000)
	                 PHASE("prefill", 4096, 1000000, 1000000) EXIT0);
	for (int force = 0; force < 2; force++) {
		gs_measurements_init(M);
		assert_int_equal(gs_measurements_add_run(M, E, run, NULL, force, &err), GS_OK);
		assert_false(M->runs[0].validates);
		assert_non_null(strstr(M->runs[0].why, "less than half the 14.96 GiB of weights"));
	}
	gs_measurements_apply(M, E);
	assert_string_equal(M->need_basis, "estimate");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_reserved_counter_margin),
		cmocka_unit_test(test_unmeasured_phases),
		cmocka_unit_test(test_shorter_run_is_a_floor),
		cmocka_unit_test(test_killed_and_empty),
		cmocka_unit_test(test_signal_zero),
		cmocka_unit_test(test_oom_bound),
		cmocka_unit_test(test_sha256),
		cmocka_unit_test(test_impossible_run),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
