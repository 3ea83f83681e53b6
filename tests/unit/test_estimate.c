/* test_estimate.c — worked values of docs/method.md, pinned. */
#include <stdlib.h>
#include "helpers.h"

#define END -1
static gs_estimate *E;

static void test_seed_example(void **st)
{
	(void)st;
	gs_model m;
	run_estimate(E, &m, GS_F_PARAMS, "7e9", GS_F_BITS, "16", GS_F_RESERVE, "6GiB", END);
	assert_int_equal(E->weights_only, 14000000000ull);
	assert_int_equal(E->envelope, 20442450944ull);
	assert_int_equal(item_at(E, "weights", 0), 14000000000ull);
	assert_int_equal(item_at(E, "reserve", 1), 6442450944ull);
	assert_int_equal(gs_estimate_item(E, "kv_cache")->basis, GS_BASIS_UNKNOWN);
	assert_true(E->phases[1].has_unknown);
	assert_false(E->phases[0].has_unknown);
	bool kv_listed = false;
	for (size_t i = 0; i < E->n_unknowns; i++)
		kv_listed |= strncmp(E->unknowns[i], "kv_cache", 8) == 0;
	assert_true(kv_listed);
	/* 4 bits: half a byte each; the metadata is unknown, never silently 0 */
	run_estimate(E, &m, GS_F_PARAMS, "7e9", GS_F_BITS, "4", GS_F_RESERVE, "6GiB", END);
	assert_int_equal(E->weights_only, 3500000000ull);
	assert_int_equal(gs_estimate_item(E, "quant_metadata")->basis, GS_BASIS_UNKNOWN);
	assert_int_equal(gs_estimate_item(E, "other_format_modules")->basis, GS_BASIS_UNKNOWN);
}

static void test_llama3_bf16(void **st)
{
	(void)st;
	gs_model m;
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Meta-Llama-3-8B.json"), GS_F_LENGTH, "8192",
	             GS_F_CONCURRENCY, "1", END);
	assert_int_equal(item_at(E, "kv_cache", 1), 1073741824ull); /* issue #2: exactly 1 GiB */
	assert_int_equal(item_at(E, "weights", 0), 16060522496ull);
	assert_int_equal(item_at(E, "logits", 2), 128256ull * 6);
	/* prefill: max(MLP 8192x3x14336x2, attention 8192x16384x2) + residual 2x8192x4096x2 */
	assert_int_equal(item_at(E, "activations", 1), 704643072ull + 134217728ull);
	/* decode: 1 token (86016 + 16384) + one layer of K,V (1 GiB / 32) */
	assert_int_equal(item_at(E, "activations", 2), 102400ull + 33554432ull);
	assert_int_equal(item_at(E, "allocator_slack", 1), 191337216ull);
	assert_int_equal(item_at(E, "runtime_context", 0), 500ull << 20);
	assert_int_equal(E->phases[1].peak, 18689519872ull);
	assert_string_equal(E->phases[E->peak_phase].id, "prefill");
	/* every phase peak is the sum of its live items */
	for (size_t p = 0; p < E->n_phases; p++) {
		gs_bytes sum = 0, mx = 0;
		for (size_t i = 0; i < E->n_items; i++)
			if (E->items[i].live & (1u << p))
				sum += E->items[i].bytes[p];
		assert_int_equal(sum, E->phases[p].peak);
		mx = E->phases[p].peak > mx ? E->phases[p].peak : mx;
		assert_true(E->conservative >= mx);
	}
	/* against a device: the margin is capacity minus the peak phase */
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Meta-Llama-3-8B.json"), GS_F_LENGTH, "8192",
	             GS_F_GPU, "RTX 4090", END);
	assert_true(E->fits);
	assert_int_equal(E->margin, (24564ull << 20) - 18689519872ull);
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Meta-Llama-3-8B.json"), GS_F_LENGTH, "8192",
	             GS_F_CAPACITY, "18689519871B", END);
	assert_false(E->fits);
	assert_int_equal(E->margin, 1);
	/* concurrency scales the cache linearly */
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Meta-Llama-3-8B.json"), GS_F_LENGTH, "8192",
	             GS_F_CONCURRENCY, "4", GS_F_KV_FORMAT, "fp8", END);
	assert_int_equal(item_at(E, "kv_cache", 2), 2147483648ull);
}

static void test_eager_attention(void **st)
{
	(void)st;
	gs_model m;
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Meta-Llama-3-8B.json"), GS_F_LENGTH, "8192",
	             GS_F_ATTENTION, "eager", END);
	/* + scores 32 x 8192^2 x (2+4+2) + mask 8192^2 x 2 */
	assert_int_equal(item_at(E, "activations", 1),
	                 268435456ull + 17179869184ull + 134217728ull + 134217728ull);
}

static void test_quantized_formats(void **st)
{
	(void)st;
	gs_model m;
	const char *cfg = CFG("meta-llama__Meta-Llama-3-8B.json");
	run_estimate(E, &m, GS_F_MODEL, cfg, GS_F_FORMAT, "nf4", END);
	assert_int_equal(E->weights_only, 4015130624ull);                 /* P x 4 / 8 */
	assert_int_equal(item_at(E, "weights", 0), 3489660928ull);        /* linear x 4 / 8 */
	assert_int_equal(item_at(E, "quant_metadata", 0), 436207616ull);  /* linear x 0.5 / 8 */
	assert_int_equal(item_at(E, "other_format_modules", 0), 2101878784ull); /* embed+head+norms x 2 */
	run_estimate(E, &m, GS_F_MODEL, cfg, GS_F_FORMAT, "nf4-dq", END);
	assert_int_equal(item_at(E, "quant_metadata", 0), 110755840ull);
	run_estimate(E, &m, GS_F_MODEL, cfg, GS_F_FORMAT, "nf4", GS_F_KEEP, "none", END);
	assert_int_equal(item_at(E, "weights", 0), 4015130624ull);
	assert_int_equal(item_at(E, "other_format_modules", 0), 0);
	run_estimate(E, &m, GS_F_MODEL, cfg, GS_F_FORMAT, "int8", END);
	assert_int_equal(item_at(E, "quant_metadata", 0), 32ull * 43008 * 4); /* fp32 scale per row */
	run_estimate(E, &m, GS_F_MODEL, cfg, GS_F_FORMAT, "gptq-g128-act", END);
	assert_int_equal(item_at(E, "quant_metadata", 0), 136314880ull + 4980736ull);
	run_estimate(E, &m, GS_F_PARAMS, "7e9", GS_F_FORMAT, "int8", END);
	assert_int_equal(gs_estimate_item(E, "quant_metadata")->basis, GS_BASIS_UNKNOWN);
	run_estimate(E, &m, GS_F_MODEL, cfg, GS_F_FORMAT, "gguf:Q4_K_M", END);
	assert_true(E->format.mixed_file_type);
	assert_string_equal(E->kv_format.name, "fp16");
	assert_true(E->n_unknowns >= 2);
}

static void test_mla_and_moe(void **st)
{
	(void)st;
	gs_model m;
	run_estimate(E, &m, GS_F_MODEL, TCFG("deepseek-ai__DeepSeek-V3.json"), GS_F_LENGTH, "1000", END);
	assert_int_equal(item_at(E, "kv_cache", 1), 61ull * 40960 * 1000 * 2);
	bool fp8_noted = false;
	for (size_t i = 0; i < E->n_unknowns; i++)
		fp8_noted |= strstr(E->unknowns[i], "quant_method fp8") != NULL;
	assert_true(fp8_noted);
	run_estimate(E, &m, GS_F_MODEL, TCFG("deepseek-ai__DeepSeek-V3.json"), GS_F_LENGTH, "1000",
	             GS_F_RUNTIME, "vllm", END);
	assert_int_equal(item_at(E, "kv_cache", 2), 63ull * 16 * 61 * 576 * 2); /* 63 blocks, latent */
}

static void test_vllm_budget(void **st)
{
	(void)st;
	gs_model m;
	/* calibration record vllm-issue10517 (RTX 3090, Llama-3.1-8B, 20000 tokens) */
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "vllm",
	             GS_F_CAPACITY, "23.58GiB", GS_F_LENGTH, "20000", GS_F_MAX_NUM_BATCHED_TOKENS, "20000",
	             GS_F_CUDA_GRAPHS, "0GiB", END);
	assert_true(E->has_vllm);
	assert_int_equal(E->vllm.budget, 22786948989ull);
	assert_int_equal(E->vllm.block_bytes, 16ull * 131072);
	assert_int_equal(E->vllm.kv_available, 22786948989ull - 18801930076ull);
	assert_int_equal(E->vllm.blocks, 1900);         /* vLLM logged 1952 */
	assert_int_equal(E->vllm.max_concurrency_milli, 1520); /* vLLM logged 1.56x */
	assert_true(E->vllm.sheet_fits);
	/* without a capacity: the sheet's need, and the pool listed as unknown */
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "vllm",
	             GS_F_LENGTH, "8192", GS_F_CONCURRENCY, "2", END);
	assert_false(E->has_vllm);
	assert_int_equal(item_at(E, "kv_cache", 2), 2ull * 512 * 16 * 131072);
}

static void test_unsupported(void **st)
{
	(void)st;
	gs_workload w;
	gs_model m;
	gs_error err;
	/* vLLM with pipeline stages is not modelled: refused, not guessed */
	gs_workload_init(&w);
	wl_set(&w, GS_F_MODEL, CFG("meta-llama__Meta-Llama-3-8B.json"));
	wl_set(&w, GS_F_RUNTIME, "vllm");
	wl_set(&w, GS_F_GPUS, "2");
	wl_set(&w, GS_F_PP, "2");
	assert_int_equal(gs_workload_finish(&w, &err), GS_OK);
	assert_int_equal(gs_workload_model(&w, &m, &err), GS_OK);
	assert_int_equal(gs_estimate_run(&w, &m, E, &err), GS_EUNSUPPORTED);
	assert_non_null(strstr(err.msg, "pipeline"));
	/* ZeRO describes adaptation, not inference */
	gs_workload_init(&w);
	wl_set(&w, GS_F_PARAMS, "7e9");
	wl_set(&w, GS_F_ZERO, "3");
	assert_int_equal(gs_workload_finish(&w, &err), GS_OK);
	gs_model_from_params(7000000000ull, &m);
	assert_int_equal(gs_estimate_run(&w, &m, E, &err), GS_EINPUT);
}

static int setup(void **st) { (void)st; E = malloc(sizeof *E); return E ? 0 : -1; }
static int teardown(void **st) { (void)st; free(E); return 0; }

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_seed_example),      cmocka_unit_test(test_llama3_bf16),
		cmocka_unit_test(test_eager_attention),   cmocka_unit_test(test_quantized_formats),
		cmocka_unit_test(test_mla_and_moe),       cmocka_unit_test(test_vllm_budget),
		cmocka_unit_test(test_unsupported),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
