/* test_serve_api.c — the web server's access policy and answers, without a
 * socket (src/cli/serve_api.c). */
#include <stdlib.h>
#include "helpers.h"
#include "gpusizer/api.h"
#include "serve_api.h"

static serve_config config(unsigned port, const char *bind, bool remote)
{
	serve_config c;
	memset(&c, 0, sizeof c);
	c.port = port;
	snprintf(c.bind, sizeof c.bind, "%s", bind);
	c.remote = remote;
	return c;
}

static void hosts(void **st)
{
	(void)st;
	serve_config c = config(8080, "127.0.0.1", false);
	assert_true(serve_host_ok(&c, "127.0.0.1:8080"));
	assert_true(serve_host_ok(&c, "localhost:8080"));
	assert_true(serve_host_ok(&c, "LOCALHOST:8080"));
	assert_false(serve_host_ok(&c, "localhost"));        /* no port = 80 */
	assert_false(serve_host_ok(&c, "127.0.0.1:80"));
	assert_false(serve_host_ok(&c, "rebind.example:8080"));
	assert_false(serve_host_ok(&c, "localhost:8080x"));
	assert_false(serve_host_ok(&c, ":8080"));
	assert_false(serve_host_ok(&c, NULL));
	c = config(80, "127.0.0.1", false);
	assert_true(serve_host_ok(&c, "localhost"));          /* RFC 9110: port 80 implied */
	assert_true(serve_host_ok(&c, "127.0.0.1"));
	assert_true(serve_host_ok(&c, "127.0.0.1:80"));
	c = config(8080, "0.0.0.0", true);
	assert_true(serve_host_ok(&c, "192.168.1.5:8080"));   /* an IP literal cannot be rebound */
	assert_false(serve_host_ok(&c, "evil.example:8080"));
	snprintf(c.hosts[c.n_hosts++], sizeof c.hosts[0], "gpu-box.lan");
	assert_true(serve_host_ok(&c, "gpu-box.lan:8080"));
	c = config(8080, "127.0.0.1", false);
	assert_false(serve_host_ok(&c, "192.168.1.5:8080"));  /* only when bound to every interface */
}

static void origins_and_types(void **st)
{
	(void)st;
	assert_true(serve_origin_ok(NULL, "127.0.0.1:8080"));
	assert_true(serve_origin_ok("http://127.0.0.1:8080", "127.0.0.1:8080"));
	assert_false(serve_origin_ok("http://localhost:8080", "127.0.0.1:8080"));
	assert_false(serve_origin_ok("null", "127.0.0.1:8080"));
	assert_false(serve_origin_ok("https://127.0.0.1:8080", "127.0.0.1:8080"));
	assert_true(serve_is_json_type("application/json"));
	assert_true(serve_is_json_type("Application/JSON; charset=utf-8"));
	assert_false(serve_is_json_type("application/jsonx"));
	assert_false(serve_is_json_type("text/plain"));
	assert_false(serve_is_json_type(NULL));
}

static unsigned status_of(const serve_config *c, const char *method, const char *url, const char *ctype,
                          const char *body, char *text, size_t cap)
{
	serve_request rq = {.method = method, .url = url, .host = "127.0.0.1:8080", .content_type = ctype,
	                    .body = body, .len = body ? strlen(body) : 0};
	serve_response out;
	serve_handle(c, &rq, &out);
	snprintf(text, cap, "%s", out.body ? out.body : "");
	unsigned code = out.code;
	serve_response_free(&out);
	return code;
}

static void answers(void **st)
{
	(void)st;
	serve_config c = config(8080, "127.0.0.1", false);
	char t[16384]; /* an estimate answer is some 5 KB, its figures after the workload */
	assert_int_equal(status_of(&c, "POST", "/api/estimate", "application/json",
	                           "{\"params\":\"7e9\",\"bits\":16}", t, sizeof t),
	                 200);
	assert_non_null(strstr(t, "\"bytes\": 14000000000"));
	assert_int_equal(status_of(&c, "POST", "/api/estimate", "text/plain", "{\"params\":\"7e9\"}", t,
	                           sizeof t),
	                 415);
	assert_int_equal(status_of(&c, "OPTIONS", "/api/fit", NULL, NULL, t, sizeof t), 204);
	assert_int_equal(status_of(&c, "DELETE", "/api/fit", NULL, NULL, t, sizeof t), 405);
	assert_int_equal(status_of(&c, "POST", "/api/estimate", "application/json",
	                           "{\"model\":\"data/models/meta-llama__Meta-Llama-3-8B.json\"}", t,
	                           sizeof t),
	                 400);
	assert_non_null(strstr(t, "reads no local paths"));
	assert_int_equal(status_of(&c, "POST", "/api/estimate", "application/json", "[1]", t, sizeof t), 400);
	assert_non_null(strstr(t, "not a list"));
	/* a LoRA adapter is a size over the web, never a file the server opens */
	assert_int_equal(status_of(&c, "POST", "/api/estimate", "application/json",
	                           "{\"params\":\"7e9\",\"lora_adapter\":\"/etc/passwd\"}", t, sizeof t),
	                 400);
	assert_non_null(strstr(t, "adapter files are read by the command line only"));
	/* nor run files */
	assert_int_equal(status_of(&c, "POST", "/api/sheet", "application/json",
	                           "{\"params\":\"7e9\",\"runs\":\"/etc/passwd\"}", t, sizeof t), 400);
	assert_non_null(strstr(t, "run files are read by the command line only"));
}

/* Long UTF-8 in every place an error quotes the request (issue 50 item
 * 15): each answer is a 400 with a JSON body, never a 500, whatever byte a
 * quoting precision cuts at. */
static void utf8_in_errors(void **st)
{
	(void)st;
	static const char *const shapes[][2] = { /* the body before and after the word */
		{"{\"params\":\"7e9\",\"", "\":1}"},            {"{\"params\":\"7e9\",\"gpu\":\"", "\"}"},
		{"{\"params\":\"7e9\",\"runtime\":\"", "\"}"}, {"{\"params\":\"7e9\",\"task\":\"", "\"}"},
		{"{\"params\":\"7e9\",\"format\":\"", "\"}"},  {"{\"model\":\"", "\"}"},
		{"{\"params\":\"7e9\",\"length\":\"", "\"}"},
	};
	char word[400], body[1024];
	for (size_t skew = 0; skew < 3; skew++) { /* 1- to 3-byte offsets of the characters */
		size_t k = 0;
		for (; k < skew; k++)
			word[k] = 'a';
		while (k + 3 < sizeof word - 1) { /* U+20AC, 3 bytes each */
			memcpy(word + k, "\xe2\x82\xac", 3);
			k += 3;
		}
		word[k] = 0;
		for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
			snprintf(body, sizeof body, "%s%s%s", shapes[i][0], word, shapes[i][1]);
			char *out = NULL;
			size_t len = 0;
			unsigned status = gs_api_json("estimate", NULL, body, strlen(body), &out, &len);
			if (status != 400 || !out || !strstr(out, "\"error\""))
				fail_msg("%s (skew %zu): status %u, %s", shapes[i][0], skew, status,
				         out ? out : "");
			gs_api_free(out);
		}
	}
}

/* issue 50 item 13: a matrix predicted over the work budget is refused
 * before its first cell, naming the member to reduce; a small one runs */
static void matrix_budget(void **st)
{
	(void)st;
	static const char big[] = "{\"model\":\"meta-llama/Llama-3.1-405B\",\"runtime\":\"ollama\","
	                          "\"gpus\":64,\"gpu\":\"H100 SXM\",\"concurrency\":256}";
	char *out = NULL;
	size_t len = 0;
	assert_int_equal(gs_api_json("matrix", NULL, big, strlen(big), &out, &len), 400);
	assert_non_null(strstr(out, "a request may use: ask for fewer formats, models or GPUs"));
	assert_non_null(strstr(out, "\"field\": \"formats\""));
	gs_api_free(out);
	static const char small[] = "{\"model\":\"meta-llama/Llama-3.1-8B\",\"gpu\":\"RTX 4090\","
	                            "\"runtime\":\"vllm\",\"length\":8192}";
	assert_int_equal(gs_api_json("matrix", NULL, small, strlen(small), &out, &len), 200);
	gs_api_free(out);
}

/* The library's API (gpusizer/api.h) the server and the Python package
 * share: the same answer through either door, errors naming their field. */
static void library_api(void **st)
{
	(void)st;
	serve_config c = config(8080, "127.0.0.1", false);
	char t[1 << 16];
	static const char body[] = "{\"params\":\"7e9\",\"bits\":16,\"reserve\":\"6GiB\"}";
	assert_int_equal(status_of(&c, "POST", "/api/estimate", "application/json", body, t, sizeof t), 200);
	char *out = NULL;
	size_t len = 0;
	assert_int_equal(gs_api_json("estimate", NULL, body, strlen(body), &out, &len), 200);
	assert_string_equal(out, t);
	gs_api_free(out);
	/* the CLI's text of the same request */
	assert_int_equal(gs_api_json("estimate", "text", body, strlen(body), &out, &len), 200);
	assert_non_null(strstr(out, "indicative envelope: 19.04 GiB (20.44 GB; 20442450944 B)"));
	gs_api_free(out);
	assert_int_equal(gs_api_json("estimate", "xml", body, strlen(body), &out, &len), 400);
	gs_api_free(out);
	static const char bad[] = "{\"params\":\"7e9\",\"length\":\"abc\"}";
	assert_int_equal(gs_api_json("estimate", NULL, bad, strlen(bad), &out, &len), 400);
	assert_non_null(strstr(out, "\"field\": \"length\""));
	gs_api_free(out);
	assert_int_equal(gs_api_json("estimat", NULL, "", 0, &out, &len), 404);
	assert_non_null(strstr(out, "unknown verb \\\"estimat\\\": expected health, fields, formats, "
	                            "catalog, models, "
	                            "estimate, fit, matrix, shortlist, sheet, compare or diagnose"));
	gs_api_free(out);
	/* the format refusals are written from the verbs' rows */
	assert_int_equal(gs_api_json("sheet", "text", body, strlen(body), &out, &len), 400);
	assert_non_null(strstr(out, "format: expected html, markdown or json"));
	gs_api_free(out);
	/* an unknown member is named in "field", not only in the text */
	static const char unknown[] = "{\"params\":\"7e9\",\"nonsense\":1}";
	assert_int_equal(gs_api_json("estimate", NULL, unknown, strlen(unknown), &out, &len), 400);
	assert_non_null(strstr(out, "\"field\": \"nonsense\""));
	gs_api_free(out);
	/* matrix: the formats are the columns, in the library's words, for every door */
	static const char nf4[] = "{\"model\":\"" GS_DATA_DIR "/models/meta-llama__Meta-Llama-3-8B.json\","
	                          "\"gpu\":\"RTX 4090\",\"format\":\"nf4\"}";
	assert_int_equal(gs_api_json("matrix", NULL, nf4, strlen(nf4), &out, &len), 400);
	assert_non_null(strstr(out, "the formats are the columns"));
	assert_non_null(strstr(out, "\"field\": \"format\""));
	gs_api_free(out);
	/* fit without a capacity: gs_fit_answer_run's one wording */
	static const char nocap[] = "{\"model\":\"" GS_DATA_DIR "/models/meta-llama__Meta-Llama-3-8B.json\"}";
	assert_int_equal(gs_api_json("fit", NULL, nocap, strlen(nocap), &out, &len), 400);
	assert_non_null(strstr(out, "\"error\": \"fit needs a capacity or a gpu: --gpu \\\"RTX 4090\\\" or "
	                            "--capacity 24GB\""));
	assert_non_null(strstr(out, "\"field\": \"capacity\""));
	gs_api_free(out);
	/* the fields and each engine's releases, for the page's menus */
	assert_int_equal(status_of(&c, "GET", "/api/fields", NULL, NULL, t, sizeof t), 200);
	assert_non_null(strstr(t, "\"alias\": \"--context\""));
	assert_non_null(strstr(t, "\"0.21.0\""));
	assert_string_equal(gs_version(), "0.1.0");
	/* compare and diagnose take their files as text */
	assert_int_equal(gs_api_json("diagnose", NULL, "{\"log\":\"nothing here\"}", 22, &out, &len), 400);
	assert_non_null(strstr(out, "no out-of-memory message"));
	gs_api_free(out);
	assert_int_equal(gs_api_json("compare", NULL, "{\"estimate\":{},\"run\":\"\"}", 24, &out, &len), 400);
	assert_non_null(strstr(out, "estimate's JSON"));
	gs_api_free(out);
}

/* "recipe_config": an Axolotl YAML's text through the request, read by
 * the loader --recipe-config reads its file with: each field says the line
 * it came from, a member beside it wins, a key the loader does not know is
 * refused with its line and column, naming the member. */
static void recipe_config_member(void **st)
{
	(void)st;
	static const char yaml[] = "base_model: meta-llama/Llama-3.1-8B\\nadapter: qlora\\n"
	                           "load_in_4bit: true\\nlora_r: 16\\nlora_target_linear: true\\n"
	                           "sequence_len: 2048\\nmicro_batch_size: 2\\n";
	char body[1024];
	char *out = NULL;
	size_t len = 0;
	snprintf(body, sizeof body, "{\"recipe_config\":\"%s\",\"gpu\":\"RTX 4090\"}", yaml);
	assert_int_equal(gs_api_json("estimate", NULL, body, strlen(body), &out, &len), 200);
	assert_non_null(strstr(out, "\"where\": \"recipe_config:4:1 lora_r\""));
	assert_non_null(strstr(out, "\"text\": \"axolotl\""));
	assert_non_null(strstr(out, "\"text\": \"qlora\""));
	gs_api_free(out);
	snprintf(body, sizeof body, "{\"recipe_config\":\"%s\",\"gpu\":\"RTX 4090\",\"lora_rank\":64}", yaml);
	assert_int_equal(gs_api_json("estimate", NULL, body, strlen(body), &out, &len), 200);
	assert_null(strstr(out, "recipe_config:4:1 lora_r"));
	assert_non_null(strstr(out, "\"text\": \"64\""));
	gs_api_free(out);
	snprintf(body, sizeof body, "{\"recipe_config\":\"%slearning_rte: 2e-4\\n\"}", yaml);
	assert_int_equal(gs_api_json("estimate", NULL, body, strlen(body), &out, &len), 400);
	assert_non_null(strstr(out, "recipe_config:8:1 learning_rte"));
	assert_non_null(strstr(out, "\"field\": \"recipe_config\""));
	gs_api_free(out);
	static const char number[] = "{\"recipe_config\":3}";
	assert_int_equal(gs_api_json("fit", NULL, number, strlen(number), &out, &len), 400);
	assert_non_null(strstr(out, "recipe_config: expected the text of an Axolotl or LLaMA-Factory"));
	assert_non_null(strstr(out, "\"field\": \"recipe_config\""));
	gs_api_free(out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(hosts),
		cmocka_unit_test(origins_and_types),
		cmocka_unit_test(answers),
		cmocka_unit_test(library_api),
		cmocka_unit_test(utf8_in_errors),
		cmocka_unit_test(matrix_budget),
		cmocka_unit_test(recipe_config_member),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
