/* test_render.c — text, Markdown and JSON carry the same exact figures. */
#include <stdlib.h>
#include "helpers.h"

static gs_estimate *E;

static char *render(bool md)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	assert_non_null(f);
	assert_int_equal(gs_render_estimate_text(f, E, GS_UNIT_GiB, md), 0);
	fclose(f);
	return buf;
}

static void test_text(void **st)
{
	(void)st;
	gs_model m;
	run_estimate(E, &m, GS_F_PARAMS, "7e9", GS_F_BITS, "16", GS_F_RESERVE, "6GiB", -1);
	char *t = render(false);
	assert_non_null(strstr(t, "weights only:        13.04 GiB (14.00 GB; 14000000000 B)"));
	assert_non_null(strstr(t, "indicative envelope: 19.04 GiB (20.44 GB; 20442450944 B)"));
	assert_non_null(strstr(t, "conservative envelope (sum of maxima, not an observed peak)"));
	assert_non_null(strstr(t, "prefill [GiB]"));
	assert_non_null(strstr(t, "unknown"));
	free(t);
	char *md = render(true);
	assert_non_null(strstr(md, "| item | basis |"));
	assert_non_null(strstr(md, "| kv_cache | unknown |"));
	free(md);
}

static void test_json(void **st)
{
	(void)st;
	gs_model m;
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Meta-Llama-3-8B.json"), GS_F_LENGTH, "8192",
	             GS_F_RESERVE, "6GiB", -1);
	json_t *o = gs_estimate_to_json(E);
	assert_non_null(o);
	assert_string_equal(json_string_value(json_object_get(o, "schema")), "gpusizer/estimate/v1");
	json_t *model = json_object_get(o, "model");
	assert_int_equal(json_integer_value(json_object_get(model, "parameters")), 8030261248ll);
	assert_int_equal(json_integer_value(json_object_get(json_object_get(o, "weights_only"), "bytes")),
	                 16060522496ll);
	json_t *env = json_object_get(o, "envelope");
	assert_int_equal(json_integer_value(json_object_get(env, "bytes")), 16060522496ll + 6442450944ll);
	assert_string_equal(json_string_value(json_object_get(env, "kind")), "indicative");
	json_t *items = json_object_get(o, "items");
	bool kv = false;
	for (size_t i = 0; i < json_array_size(items); i++) {
		json_t *it = json_array_get(items, i);
		assert_non_null(json_object_get(it, "formula"));
		assert_non_null(json_object_get(it, "source"));
		if (strcmp(json_string_value(json_object_get(it, "id")), "kv_cache") == 0) {
			kv = true;
			assert_int_equal(json_integer_value(json_object_get(it, "bytes")), 1073741824ll);
			assert_int_equal(json_integer_value(
						 json_object_get(json_object_get(it, "phases"), "decode")),
			                 1073741824ll);
		}
	}
	assert_true(kv);
	json_t *len = json_object_get(json_object_get(o, "workload"), "length");
	assert_string_equal(json_string_value(json_object_get(len, "from")), "flag");
	assert_string_equal(json_string_value(json_object_get(o, "peak_phase")), "prefill");
	json_decref(o);
}

static int setup(void **st) { (void)st; E = malloc(sizeof *E); return E ? 0 : -1; }
static int teardown(void **st) { (void)st; free(E); return 0; }

int main(void)
{
	const struct CMUnitTest tests[] = {cmocka_unit_test(test_text), cmocka_unit_test(test_json)};
	return cmocka_run_group_tests(tests, setup, teardown);
}
