/* test_diagnose.c — the first out-of-memory in a log: kind, figures, phase. */
#include <stdlib.h>
#include "helpers.h"
#include "gpusizer/diagnose.h"
#include "gpusizer/measure.h"

static gs_oom read_log(const char *name)
{
	char path[512];
	snprintf(path, sizeof path, GS_TEST_DATA_DIR "/logs/%s", name);
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	static char buf[1 << 16];
	size_t n = fread(buf, 1, sizeof buf, f);
	fclose(f);
	gs_oom o;
	assert_true(gs_diagnose_log(buf, n, &o));
	return o;
}

static void test_torch_2x_backward(void **st)
{
	(void)st;
	gs_oom o = read_log("torch-backward.log");
	assert_int_equal(o.kind, GS_OOM_TORCH);
	assert_int_equal(o.line, 14);
	assert_int_equal(o.gpu, 0);
	/* 1.96 GiB = 196/100 x 2^30, rounded once */
	assert_int_equal(o.requested, 2104533975ull);
	assert_int_equal(o.capacity, 25265145119ull); /* 23.53 GiB */
	assert_true(o.has_process && o.has_allocated && o.has_reserved && o.has_free);
	assert_string_equal(o.phase, "backward");
	assert_non_null(strstr(o.items, "activations"));
}

static void test_torch_1x_load(void **st)
{
	(void)st;
	gs_oom o = read_log("torch-load-old.log");
	assert_int_equal(o.requested, 250ull << 20);
	assert_int_equal(o.allocated, 14935748772ull); /* 13.91 GiB */
	/* reserved 13.99 - allocated 13.91 */
	assert_int_equal(o.reserved_unallocated, 15021648118ull - 14935748772ull);
	assert_string_equal(o.phase, "load");
}

static void test_generation_llamacpp_vllm(void **st)
{
	(void)st;
	gs_oom o = read_log("torch-generate.log");
	assert_string_equal(o.phase, "prefill");
	assert_int_equal(o.capacity, 25393994138ull); /* "capacty" spelling, 23.65 GiB */
	o = read_log("llamacpp-context.log");
	assert_int_equal(o.kind, GS_OOM_LLAMACPP);
	assert_int_equal(o.requested, 16384ull << 20);
	assert_string_equal(o.phase, "context");
	o = read_log("vllm-kv.log");
	assert_int_equal(o.kind, GS_OOM_VLLM_KV);
	assert_int_equal(o.max_model_len, 32768);
	assert_int_equal(o.kv_tokens, 20960);
	assert_string_equal(o.phase, "serve");
}

/* Lines copied from published reports (tests/data/logs/README.md). */
static void test_serving_engines(void **st)
{
	(void)st;
	gs_oom o = read_log("vllm-v0-qwen15.log");
	assert_int_equal(o.kind, GS_OOM_VLLM_KV);
	assert_int_equal(o.max_model_len, 32768);
	assert_int_equal(o.kv_tokens, 7344);
	assert_string_equal(o.phase, "serve");
	o = read_log("vllm-v1-pp.log");
	assert_int_equal(o.kind, GS_OOM_VLLM_KV);
	assert_int_equal(o.max_model_len, 262144);
	assert_int_equal(o.kv_tokens, 34736);
	assert_int_equal(o.requested, 24ull << 30);
	assert_int_equal(o.free, 3414499000ull); /* 3.18 GiB, rounded once */
	assert_string_equal(o.phase, "serve");
	o = read_log("vllm-no-cache.log");
	assert_int_equal(o.kind, GS_OOM_VLLM_NO_CACHE);
	assert_string_equal(o.phase, "profile");
	o = read_log("sglang-not-enough.log");
	assert_int_equal(o.kind, GS_OOM_SGLANG_POOL);
	assert_string_equal(o.phase, "pool");
	o = read_log("sglang-negative.log");
	assert_int_equal(o.kind, GS_OOM_SGLANG_POOL);
	assert_int_equal(o.line, 2);
}

static void test_nothing_found(void **st)
{
	(void)st;
	gs_oom o;
	const char *log = "all good\nloss 1.2\n";
	assert_false(gs_diagnose_log(log, strlen(log), &o));
	assert_false(gs_diagnose_log("", 0, &o));
	/* a message with no traceback: found, phase unknown */
	const char *bare = "CUDA out of memory. Tried to allocate 2.00 GiB";
	assert_true(gs_diagnose_log(bare, strlen(bare), &o));
	assert_string_equal(o.phase, "unknown");
	assert_int_equal(o.requested, 2ull << 30);
}

/* A sample belongs to the phase whose markers stand around it in the run
 * file, even when it shares the millisecond of a phase_end: the 6 GiB read
 * after load ended is prefill's, not load's. */
/* issue 39: a message after 3,000 characters on its line is found; a device
 * index past any real machine is no GPU, not GPU 0 */
static void test_long_lines_and_devices(void **st)
{
	(void)st;
	gs_oom o;
	size_t pad = 3000;
	const char *msg = " torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 3 "
	                  "has a total capacity of 23.99 GiB of which 1.00 GiB is free.";
	char *buf = malloc(pad + strlen(msg) + 1);
	assert_non_null(buf);
	memset(buf, 'x', pad);
	memcpy(buf + pad, msg, strlen(msg) + 1);
	assert_true(gs_diagnose_log(buf, strlen(buf), &o));
	assert_int_equal(o.gpu, 3);
	assert_int_equal(o.requested, 2ull << 30);
	free(buf);
	const char *ll = "ggml_backend_cuda_buffer_type_alloc_buffer: allocating 1024.00 MiB on device "
	                 "4294967296: cudaMalloc failed: out of memory\n";
	assert_true(gs_diagnose_log(ll, strlen(ll), &o));
	assert_int_equal(o.gpu, -1);
}

static void test_run_samples_by_file_order(void **st)
{
	(void)st;
	const char *run = "{\"type\":\"header\",\"nvml\":true,\"gpus\":[{\"index\":0,\"name\":\"X\","
	                  "\"total_bytes\":25769803776}]}\n{\"type\":\"marker\",\"t_ms\":0,"
	                  "\"event\":\"phase_begin\",\"phase\":\"load\"}\n{\"type\":\"sample\",\"t_ms\":5,"
	                  "\"gpu\":0,\"device_used\":2147483648,\"process_used\":2147483648}\n"
	                  "{\"type\":\"marker\",\"t_ms\":10,\"event\":\"phase_end\",\"phase\":\"load\"}\n"
	                  "{\"type\":\"sample\",\"t_ms\":10,\"gpu\":0,\"device_used\":6442450944,"
	                  "\"process_used\":6442450944}\n{\"type\":\"marker\",\"t_ms\":10,"
	                  "\"event\":\"phase_begin\",\"phase\":\"prefill\",\"tokens\":4096}\n"
	                  "{\"type\":\"sample\",\"t_ms\":12,\"gpu\":0,\"device_used\":6442450944,"
	                  "\"process_used\":6442450944}\n{\"type\":\"sample\",\"t_ms\":14,\"gpu\":0,"
	                  "\"device_used\":7516192768,\"process_used\":7516192768}\n";
	gs_run *r = malloc(sizeof *r);
	assert_non_null(r);
	gs_error err;
	assert_int_equal(gs_run_load(run, strlen(run), "t.jsonl", r, &err), GS_OK);
	assert_int_equal(r->nphases, 2);
	assert_string_equal(r->phases[0].name, "load");
	assert_int_equal(r->phases[0].gpu[0].device_used, 2147483648ull);
	/* prefill never ended (a killed run): it runs to the end of the file */
	assert_false(r->phases[1].ended);
	assert_int_equal(r->phases[1].gpu[0].device_used, 7516192768ull);
	assert_int_equal(r->phases[1].tokens, 4096);
	free(r);
}

/* issue 50 item 12: sample lines are read without jansson when they are
 * flat; a line the fast reader does not take (spaces, an escape, a
 * fraction, a negative, a repeated type) is read by jansson, and both
 * give the same peaks. Each line below beats the one before in its phase. */
static void test_sample_lines_both_ways(void **st)
{
	(void)st;
	static const char *const lines[] = {
		"{\"type\":\"sample\",\"t_ms\":1,\"gpu\":0,\"device_used\":100,\"process_used\":90}",
		"{\"type\": \"sample\", \"gpu\": 0, \"device_used\": 200, \"process_used\": 5}",
		"{\"type\":\"sample\",\"note\":\"a\\u00e9\",\"gpu\":0,\"device_used\":300}",
		"{\"type\":\"sample\",\"gpu\":0,\"device_used\":400,\"w\":1.5}",
		"{\"type\":\"sample\",\"gpu\":1,\"device_used\":-7,\"process_used\":3}",
		"{\"type\":\"sample\",\"gpu\":0,\"device_used\":007}", /* not JSON: a bad line */
		"{\"type\":\"sample\",\"gpu\":1,\"device_used\":50,\"process_used\":true}\r",
		"{\"type\":\"sample\",\"gpu\":4294967296,\"device_used\":9000}",
	};
	char run[2048];
	size_t k = (size_t)snprintf(run, sizeof run,
	                            "{\"type\":\"header\",\"nvml\":true,\"gpus\":[]}\n{\"type\":\"marker\","
	                            "\"event\":\"phase_begin\",\"phase\":\"load\"}\n");
	for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
		k += (size_t)snprintf(run + k, sizeof run - k, "%s\n", lines[i]);
	assert_true(k < sizeof run);
	gs_run *r = malloc(sizeof *r);
	assert_non_null(r);
	gs_error err;
	assert_int_equal(gs_run_load(run, strlen(run), "t.jsonl", r, &err), GS_OK);
	assert_int_equal(r->samples, 7);
	assert_int_equal(r->bad_lines, 1);
	assert_int_equal(r->phases[0].gpu[0].device_used, 400);
	assert_int_equal(r->phases[0].gpu[0].process_used, 90);
	assert_int_equal(r->phases[0].gpu[1].device_used, 50);
	assert_int_equal(r->phases[0].gpu[1].process_used, 3);
	free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_torch_2x_backward),
		cmocka_unit_test(test_torch_1x_load),
		cmocka_unit_test(test_generation_llamacpp_vllm),
		cmocka_unit_test(test_nothing_found),
		cmocka_unit_test(test_run_samples_by_file_order),
		cmocka_unit_test(test_long_lines_and_devices),
		cmocka_unit_test(test_serving_engines),
		cmocka_unit_test(test_sample_lines_both_ways),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
