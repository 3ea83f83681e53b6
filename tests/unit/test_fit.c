/* test_fit.c — fit is exact: the answer fits and one more does not. */
#include <stdlib.h>
#include "helpers.h"

static gs_workload base(const char *extra_field_value[][2], size_t n)
{
	gs_workload w;
	gs_error err;
	gs_workload_init(&w);
	wl_set(&w, GS_F_MODEL, CFG("meta-llama__Meta-Llama-3-8B.json"));
	for (size_t i = 0; i < n; i++)
		wl_set(&w, (gs_field)gs_field_by_key(extra_field_value[i][0], strlen(extra_field_value[i][0])),
		       extra_field_value[i][1]);
	if (gs_workload_finish(&w, &err))
		fail_msg("%s", err.msg);
	return w;
}

static gs_bytes peak_at(gs_workload w, gs_field f, uint64_t v)
{
	static gs_estimate e;
	gs_model m;
	gs_error err;
	char num[32];
	snprintf(num, sizeof num, "%llu", (unsigned long long)v);
	wl_set(&w, f, num);
	if (gs_workload_model(&w, &m, &err) || gs_estimate_run(&w, &m, &e, &err))
		fail_msg("%s", err.msg);
	return gs_estimate_peak(&e);
}

static void test_concurrency_exact(void **st)
{
	(void)st;
	const char *kv[][2] = {{"length", "8192"}};
	gs_workload w = base(kv, 1);
	gs_model m;
	gs_error err;
	gs_fit_result r;
	assert_int_equal(gs_workload_model(&w, &m, &err), GS_OK);
	gs_bytes cap = 24564ull << 20;
	assert_int_equal(gs_fit_run(&w, &m, cap, "RTX 4090", GS_FIT_CONCURRENCY, &r, &err), GS_OK);
	assert_true(r.fits);
	assert_int_equal(r.best, 4);
	assert_true(peak_at(w, GS_F_CONCURRENCY, r.best) <= cap);
	assert_true(peak_at(w, GS_F_CONCURRENCY, r.best + 1) > cap);
	assert_string_equal(r.limit_phase, "prefill");
	assert_string_equal(r.limit_item, "kv_cache");
}

static void test_context_exact(void **st)
{
	(void)st;
	const char *kv[][2] = {{"concurrency", "8"}, {"reserve", "1GiB"}};
	gs_workload w = base(kv, 2);
	gs_model m;
	gs_error err;
	gs_fit_result r;
	assert_int_equal(gs_workload_model(&w, &m, &err), GS_OK);
	gs_bytes cap = 24000000000ull;
	assert_int_equal(gs_fit_run(&w, &m, cap, "24GB", GS_FIT_CONTEXT, &r, &err), GS_OK);
	assert_true(r.fits);
	assert_false(r.bounded_by_model);
	assert_true(r.best > 1000 && r.best < 8192);
	assert_true(peak_at(w, GS_F_LENGTH, r.best) <= cap);
	assert_true(peak_at(w, GS_F_LENGTH, r.best + 1) > cap);
	assert_int_equal(r.peak_at_best, peak_at(w, GS_F_LENGTH, r.best));
	/* a large card: bounded by the model's 8192-token window */
	assert_int_equal(gs_fit_run(&w, &m, 143771ull << 20, "H200", GS_FIT_CONTEXT, &r, &err), GS_OK);
	assert_true(r.bounded_by_model);
	assert_int_equal(r.best, 8192);
}

static void test_does_not_fit(void **st)
{
	(void)st;
	gs_workload w = base(NULL, 0);
	gs_model m;
	gs_error err;
	gs_fit_result r;
	assert_int_equal(gs_workload_model(&w, &m, &err), GS_OK);
	assert_int_equal(gs_fit_run(&w, &m, 16000000000ull, "16GB", GS_FIT_CONTEXT, &r, &err), GS_OK);
	assert_false(r.fits);
	assert_string_equal(r.limit_item, "weights");
	/* --params has no architecture to grow */
	gs_model p;
	gs_model_from_params(7000000000ull, &p);
	assert_int_equal(gs_fit_run(&w, &p, 16000000000ull, "16GB", GS_FIT_CONTEXT, &r, &err), GS_EINPUT);
}

static void test_vllm_fit(void **st)
{
	(void)st;
	const char *kv[][2] = {{"runtime", "vllm"}, {"length", "8192"}};
	gs_workload w = base(kv, 2);
	gs_model m;
	gs_error err;
	gs_fit_result r;
	assert_int_equal(gs_workload_model(&w, &m, &err), GS_OK);
	assert_int_equal(gs_fit_run(&w, &m, 24564ull << 20, "RTX 4090", GS_FIT_CONCURRENCY, &r, &err), GS_OK);
	/* blocks / ceil(8192 / 16): the same arithmetic vLLM uses */
	static gs_estimate e;
	gs_workload wc = w;
	wl_set(&wc, GS_F_CAPACITY, "24564MiB");
	assert_int_equal(gs_estimate_run(&wc, &m, &e, &err), GS_OK);
	assert_int_equal(r.best, e.vllm.blocks / 512);
	assert_string_equal(r.limit_item, "kv_cache");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_concurrency_exact), cmocka_unit_test(test_context_exact),
		cmocka_unit_test(test_does_not_fit),      cmocka_unit_test(test_vllm_fit),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
