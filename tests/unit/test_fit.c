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
		wl_set(&w,
		       (gs_field)gs_field_by_key(extra_field_value[i][0], strlen(extra_field_value[i][0])),
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

/* w with its capacity set to cap bytes (fit reads the workload's own). */
static const gs_workload *with_cap(gs_workload *w, gs_bytes cap)
{
	char t[32];
	snprintf(t, sizeof t, "%llu B", (unsigned long long)cap);
	gs_workload_unset(w, GS_F_GPU);
	wl_set(w, GS_F_CAPACITY, t);
	return w;
}

/* The three classes (issue 45, docs/method.md §9): Llama-3.1-8B under
 * Transformers on an RTX 4090, judged on its CUDA total (23.52 GiB): the
 * point estimate fits 33754 tokens, the interval's high end 28481; the
 * estimate's class at each agrees. */
static void test_certain_context(void **st)
{
	(void)st;
	gs_workload w;
	gs_model m;
	gs_error err;
	gs_fit_result r;
	static gs_estimate e;
	gs_workload_init(&w);
	wl_set(&w, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"));
	wl_set(&w, GS_F_GPU, "RTX 4090");
	if (gs_workload_finish(&w, &err) || gs_workload_model(&w, &m, &err))
		fail_msg("%s", err.msg);
	assert_int_equal(gs_fit_run(&w, &m, GS_FIT_CONTEXT, &r, &err), GS_OK);
	assert_int_equal(r.best, 33754);
	assert_int_equal(r.best_certain, 28481);
	assert_int_equal(r.klass, GS_CLASS_TO_CONFIRM);
	const uint64_t at[3] = {28481, 28482, 33754};
	const gs_class want[3] = {GS_CLASS_FITS, GS_CLASS_TO_CONFIRM, GS_CLASS_TO_CONFIRM};
	for (int i = 0; i < 3; i++) {
		gs_workload t = w;
		char num[16];
		snprintf(num, sizeof num, "%llu", (unsigned long long)at[i]);
		wl_set(&t, GS_F_LENGTH, num);
		if (gs_estimate_run(&t, &m, &e, &err))
			fail_msg("%s", err.msg);
		assert_int_equal(e.verdict.klass, want[i]);
	}
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
	assert_int_equal(gs_fit_run(with_cap(&w, cap), &m, GS_FIT_CONCURRENCY, &r, &err), GS_OK);
	assert_true(r.fits);
	assert_int_equal(r.best, 4);
	assert_true(peak_at(w, GS_F_CONCURRENCY, r.best) <= cap);
	assert_true(peak_at(w, GS_F_CONCURRENCY, r.best + 1) > cap);
	assert_string_equal(r.limit_phase, "prefill");
	assert_string_equal(r.limit_item, "kv_cache");
}

/* issue 39: past the thread's deadline a search stops with GS_ETIME, and
 * a cleared deadline lets the same search run */
static void test_deadline(void **st)
{
	(void)st;
	const char *kv[][2] = {{"length", "8192"}};
	gs_workload w = base(kv, 1);
	gs_model m;
	gs_error err;
	gs_fit_result r;
	assert_int_equal(gs_workload_model(&w, &m, &err), GS_OK);
	gs_deadline_set(1e-9);
	while (!gs_deadline_passed())
		;
	assert_int_equal(gs_fit_run(with_cap(&w, 24564ull << 20), &m, GS_FIT_CONCURRENCY, &r, &err),
	                 GS_ETIME);
	assert_non_null(strstr(err.msg, "time limit"));
	gs_deadline_set(0);
	assert_false(gs_deadline_passed());
	assert_int_equal(gs_fit_run(with_cap(&w, 24564ull << 20), &m, GS_FIT_CONCURRENCY, &r, &err), GS_OK);
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
	assert_int_equal(gs_fit_run(with_cap(&w, cap), &m, GS_FIT_CONTEXT, &r, &err), GS_OK);
	assert_true(r.fits);
	assert_false(r.bounded_by_model);
	assert_true(r.best > 1000 && r.best < 8192);
	assert_true(peak_at(w, GS_F_LENGTH, r.best) <= cap);
	assert_true(peak_at(w, GS_F_LENGTH, r.best + 1) > cap);
	assert_int_equal(r.peak_at_best, peak_at(w, GS_F_LENGTH, r.best));
	/* a large card: bounded by the model's 8192-token window */
	assert_int_equal(gs_fit_run(with_cap(&w, 143771ull << 20), &m, GS_FIT_CONTEXT, &r, &err), GS_OK);
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
	assert_int_equal(gs_fit_run(with_cap(&w, 16000000000ull), &m, GS_FIT_CONTEXT, &r, &err), GS_OK);
	assert_false(r.fits);
	assert_string_equal(r.limit_item, "weights");
	/* --params has no architecture to grow */
	gs_model p;
	gs_model_from_params(7000000000ull, &p);
	assert_int_equal(gs_fit_run(with_cap(&w, 16000000000ull), &p, GS_FIT_CONTEXT, &r, &err), GS_EINPUT);
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
	assert_int_equal(gs_fit_run(with_cap(&w, 24564ull << 20), &m, GS_FIT_CONCURRENCY, &r, &err), GS_OK);
	/* blocks / ceil(8192 / 16): the same arithmetic vLLM uses */
	static gs_estimate e;
	gs_workload wc = w;
	wl_set(&wc, GS_F_CAPACITY, "24564MiB");
	assert_int_equal(gs_estimate_run(&wc, &m, &e, &err), GS_OK);
	assert_int_equal(r.best, e.vllm.blocks / 512);
	assert_string_equal(r.limit_item, "kv_cache");
}

/* vLLM 0.16.0 on an RTX 4090, Llama-3.1-8B, 32768 tokens x 4: the pool in vLLM's
 * terms, and the single changes ranked by the pool they give per need, each
 * the estimate re-run (figures from that estimate, not a rule). */
static void test_serving_pool_changes(void **st)
{
	(void)st;
	gs_workload w;
	gs_model m;
	gs_error err;
	load_workload(&w, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "vllm",
	              GS_F_RUNTIME_VERSION, "0.16.0", GS_F_GPU, "RTX 4090", GS_F_LENGTH, "32768",
	              GS_F_CONCURRENCY, "4", -1);
	gs_fit_answer a;
	assert_int_equal(gs_fit_answer_run(&w, &m, NULL, &a, &err), GS_OK);
	/* exit 1: the sheet's requirement does not fit */
	assert_int_equal(gs_fit_answer_class(&a), GS_CLASS_DOES_NOT_FIT);
	const gs_pool_view *v = &a.sheet_pool;
	assert_true(v->known);
	assert_string_equal(v->engine, "vLLM");
	assert_int_equal(v->blocks, 2402);
	assert_int_equal(v->tokens, 2402 * 16);
	assert_int_equal(v->request_tokens, 32768);
	assert_int_equal(v->need_tokens, 131072);
	assert_int_equal(v->max_concurrency, 1);           /* 2402 / 2048 */
	assert_int_equal(v->max_context, 2402 / 4 * 16);    /* whole blocks per sequence */
	assert_string_equal(v->eater, "weights");
	/* the searched answer speaks in pool terms too */
	assert_true(a.r[0].pool.known);
	/* every change re-ran the estimate; each kept one grows the pool per need */
	bool kv8 = false, tp2 = false, eager = false, util = false;
	for (size_t i = 0; i < a.n_changes; i++) {
		const gs_change *c = &a.changes[i];
		assert_true(c->pool);
		if (i)
			assert_true((double)c->pool_tokens_after / c->need_after <=
			            (double)a.changes[i - 1].pool_tokens_after / a.changes[i - 1].need_after);
		if (!strcmp(c->field, "kv_format")) {
			kv8 = true;
			/* half the bytes per token: ~twice the blocks */
			assert_int_equal(c->pool_tokens_after, 4805 * 16);
		}
		if (!strcmp(c->field, "tp")) {
			tp2 = true;
			assert_string_equal(c->also, "gpus 2");
			assert_true(c->fits_after);
		}
		if (!strcmp(c->field, "cuda_graphs")) {
			eager = true;
			assert_string_equal(c->also, "gpu_memory_utilization 0.99");
		}
		if (!strcmp(c->field, "gpu_memory_utilization")) {
			util = true;
			/* floor(100 x (CUDA total - 0.5 GiB) / CUDA total) - 1 */
			assert_string_equal(c->value, "0.96");
			assert_true(c->pool_tokens_after > v->tokens);
		}
	}
	assert_true(kv8 && tp2 && eager && util);
	assert_string_equal(a.changes[0].field, "tp");
	gs_fit_answer_free(&a);
	/* 0.21.0 takes its CUDA graph estimate off the pool: the fraction may go
	 * up to leave only 1 % of the CUDA total, and eager mode grows the pool
	 * by the graphs at the same fraction (method.md §9a) */
	load_workload(&w, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "vllm",
	              GS_F_RUNTIME_VERSION, "0.21.0", GS_F_GPU, "RTX 4090", GS_F_LENGTH, "32768",
	              GS_F_CONCURRENCY, "4", -1);
	assert_int_equal(gs_fit_answer_run(&w, &m, NULL, &a, &err), GS_OK);
	eager = util = false;
	for (size_t i = 0; i < a.n_changes; i++) {
		const gs_change *c = &a.changes[i];
		if (!strcmp(c->field, "cuda_graphs")) {
			eager = true;
			assert_string_equal(c->also, ""); /* no fraction to raise with it */
			assert_int_equal(c->pool_tokens_after,
			                 a.sheet_pool.tokens + (512ull << 20) / (2ull << 20) * 16);
		}
		if (!strcmp(c->field, "gpu_memory_utilization")) {
			util = true;
			assert_string_equal(c->value, "0.99"); /* floor(100 x CUDA total / CUDA total) - 1 */
		}
	}
	assert_true(eager && util);
	gs_fit_answer_free(&a);
	/* SGLang, weights above its fraction: it would not start; the view says so */
	load_workload(&w, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "sglang",
	              GS_F_CAPACITY, "16GiB", GS_F_LENGTH, "8192", -1);
	assert_int_equal(gs_fit_answer_run(&w, &m, NULL, &a, &err), GS_OK);
	assert_true(a.sheet_pool.known);
	assert_true(a.sheet_pool.refused);
	assert_false(a.r[0].fits);
	assert_int_equal(gs_fit_answer_class(&a), GS_CLASS_DOES_NOT_FIT);
	for (size_t i = 0; i < a.n_changes; i++)
		assert_true(a.changes[i].pool_tokens_after > 0); /* nothing that still would not start */
	gs_fit_answer_free(&a);
}

/* The change that lowers phase `phase` most in the answer: "field value". */
static const char *top_change(const gs_fit_answer *a, const char *phase, char *buf, size_t cap)
{
	size_t k = 0;
	while (k < a->n_over && strcmp(a->over[k], phase))
		k++;
	if (k == a->n_over)
		fail_msg("phase %s does not overflow", phase);
	const gs_change *best = NULL;
	for (size_t i = 0; i < a->n_changes; i++) {
		gs_bytes after = a->changes[i].phases_after[a->over_index[k]];
		if (after && after < a->over_peak[k] &&
		    (!best || after < best->phases_after[a->over_index[k]]))
			best = &a->changes[i];
	}
	snprintf(buf, cap, "%.31s %.47s", best ? best->field : "-", best ? best->value : "-");
	return buf;
}

/* Adaptation: the QLoRA example of the issue (Llama-3.1-8B, 4096 tokens,
 * 16 GiB) under the default peft recipe: checkpointing is on, the GPU
 * merge is the phase that overflows, and merging on the CPU is the one
 * change; each overflowing phase's top change is pinned. */
static void test_adaptation_changes(void **st)
{
	(void)st;
	gs_workload w;
	gs_model m;
	gs_error err;
	gs_fit_answer a;
	char t[80];
	load_workload(&w, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_TASK, "qlora",
	              GS_F_LENGTH, "4096", -1);
	assert_string_equal(gs_wl_str(&w, GS_F_CHECKPOINTING), "full");
	assert_string_equal(w.v[GS_F_CHECKPOINTING].where, "recipe peft");
	assert_int_equal(gs_fit_answer_run(with_cap(&w, 16ull << 30), &m, NULL, &a, &err), GS_OK);
	assert_false(a.sheet_fits);
	assert_int_equal(a.n_over, 1);
	assert_string_equal(a.over[0], "export");
	assert_string_equal(top_change(&a, "export", t, sizeof t), "export cpu");
	assert_non_null(strstr(a.headline, "one change makes it fit: export cpu"));
	gs_fit_answer_free(&a);
	/* LoRA without checkpointing on a 24 GiB card: forward and backward
	 * overflow; checkpointing is the remedy the answer names first */
	load_workload(&w, &m, GS_F_MODEL, CFG("meta-llama__Meta-Llama-3-8B.json"), GS_F_TASK, "lora",
	              GS_F_LENGTH, "4096", -1);
	assert_int_equal(gs_fit_answer_run(with_cap(&w, 24564ull << 20), &m, NULL, &a, &err), GS_OK);
	assert_string_equal(top_change(&a, "backward", t, sizeof t), "checkpointing offloaded");
	assert_non_null(strstr(a.headline, "one change makes it fit: checkpointing full"));
	gs_fit_answer_free(&a);
	/* full fine-tuning on 2 x 24 GiB with ZeRO-2: the first update's top
	 * change is the optimizer offload, and twice the GPUs is among them */
	load_workload(&w, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_TASK, "full",
	              GS_F_LENGTH, "2048", GS_F_GPUS, "2", GS_F_ZERO, "2", -1);
	assert_int_equal(gs_fit_answer_run(with_cap(&w, 24564ull << 20), &m, NULL, &a, &err), GS_OK);
	assert_string_equal(top_change(&a, "first_update", t, sizeof t), "offload optimizer");
	bool more_gpus = false;
	for (size_t i = 0; i < a.n_changes; i++)
		more_gpus |= !strcmp(a.changes[i].field, "gpus") && !strcmp(a.changes[i].value, "4");
	assert_true(more_gpus);
	assert_non_null(strstr(a.headline, "no single change makes it fit"));
	gs_fit_answer_free(&a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_concurrency_exact),  cmocka_unit_test(test_context_exact),
		cmocka_unit_test(test_certain_context),
		cmocka_unit_test(test_deadline),           cmocka_unit_test(test_does_not_fit),
		cmocka_unit_test(test_vllm_fit),           cmocka_unit_test(test_serving_pool_changes),
		cmocka_unit_test(test_adaptation_changes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
