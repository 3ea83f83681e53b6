/* test_resolve.c — which model names may open local files (the web
 * server's policy), and the one regular-file reader behind every loader. */
#include <stdlib.h>
#include <unistd.h>
#include <sys/stat.h>
#include "helpers.h"
#include "gpusizer/file.h"
#include "gpusizer/library.h"
#include "gpusizer/resolve.h"
#include "model/ollama_tag.h"

static char root[256], outside[256];

static int setup(void **st)
{
	(void)st;
	/* no request leaves the machine: hub ids answer from an empty cache */
	setenv("HF_HUB_OFFLINE", "1", 1);
	setenv("HF_ENDPOINT", "http://127.0.0.1:9", 1);
	setenv("XDG_CACHE_HOME", "/nonexistent-gpusizer-test", 1);
	snprintf(root, sizeof root, "/tmp/gs-resolve-XXXXXX");
	snprintf(outside, sizeof outside, "/tmp/gs-outside-XXXXXX");
	if (!mkdtemp(root) || !mkdtemp(outside))
		return -1;
	char cmd[4096];
	snprintf(cmd, sizeof cmd,
	         "mkdir -p %s/sub && cp %s %s/sub/config.json && cp %s %s/secret.json && printf "
	         "'root:x:0:0:root' > %s/sub/passwd.json && mkfifo %s/sub/fifo.json && ln -s %s/secret.json "
	         "%s/sub/escape.json && ln -s %s %s/link_out",
	         root, CFG("mistralai__Mistral-7B-v0.1.json"), root, CFG("mistralai__Mistral-7B-v0.1.json"),
	         outside, root, root, outside, root, outside, root);
	return system(cmd) == 0 ? 0 : -1;
}

static int teardown(void **st)
{
	(void)st;
	char cmd[600];
	snprintf(cmd, sizeof cmd, "rm -rf %s %s", root, outside);
	return system(cmd) == 0 ? 0 : -1;
}

/* resolve `model` under policy p; the status, and the message in msg */
static gs_status resolve(const gs_model_policy *p, const char *model, gs_model *m, char *msg, size_t cap)
{
	gs_workload w;
	gs_error err;
	gs_workload_init(&w);
	wl_set(&w, GS_F_MODEL, model);
	gs_error_clear(&err);
	gs_status s = gs_workload_model_with(&w, p, m, &err);
	snprintf(msg, cap, "%s", err.msg);
	return s;
}

static void below_the_root_only(void **st)
{
	(void)st;
	gs_model_policy p;
	memset(&p, 0, sizeof p);
	gs_error err;
	assert_int_equal(gs_model_policy_add_root(&p, root, &err), GS_OK);
	gs_model m;
	char msg[1100], abs_ok[600];
	/* relative to the root, and absolute inside it: read, and named as given */
	assert_int_equal(resolve(&p, "sub/config.json", &m, msg, sizeof msg), GS_OK);
	assert_int_equal(m.params, 7241732096ull);
	assert_string_equal(m.source, "sub/config.json");
	snprintf(abs_ok, sizeof abs_ok, "%s/sub", root);
	assert_int_equal(resolve(&p, abs_ok, &m, msg, sizeof msg), GS_OK);
	/* outside: by "..", by an absolute path, through a symbolic link; the
	 * answer is the same whether the file exists or not */
	char abs_out[600];
	snprintf(abs_out, sizeof abs_out, "%s/secret.json", outside);
	/* issue 39: through a linked folder that looks like a hub id, an existing
	 * and a missing file get the same refusal (no hub lookup tells them apart) */
	const char *refused[] = {"../etc/passwd",        "sub/../../etc/passwd", abs_out,
	                         "/etc/passwd",          "/nonexistent/x.json",  "sub/escape.json",
	                         "link_out/secret.json", "link_out/nonexistent"};
	for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
		assert_int_equal(resolve(&p, refused[i], &m, msg, sizeof msg), GS_EINPUT);
		assert_non_null(strstr(msg, "not a model below the server's --models-dir folders"));
	}
	/* inside, but a FIFO: refused at once; not a config: no word of it quoted */
	assert_int_equal(resolve(&p, "sub/fifo.json", &m, msg, sizeof msg), GS_EIO);
	assert_non_null(strstr(msg, "not a regular file"));
	assert_int_not_equal(resolve(&p, "sub/passwd.json", &m, msg, sizeof msg), GS_OK);
	assert_null(strstr(msg, "root"));
	assert_non_null(strstr(msg, "not a valid config.json"));
}

static void no_local_paths(void **st)
{
	(void)st;
	gs_model_policy p;
	memset(&p, 0, sizeof p); /* serve without --models-dir, or with --allow-remote */
	gs_model m;
	char msg[1100], path[600];
	snprintf(path, sizeof path, "%s/sub/config.json", root);
	assert_int_equal(resolve(&p, path, &m, msg, sizeof msg), GS_EINPUT);
	assert_non_null(strstr(msg, "this server reads no local paths"));
	assert_int_equal(resolve(&p, "../../etc/passwd", &m, msg, sizeof msg), GS_EINPUT);
	/* the CLI's policy (NULL) reads the user's own file */
	assert_int_equal(resolve(NULL, path, &m, msg, sizeof msg), GS_OK);
}

static void file_reader(void **st)
{
	(void)st;
	char *buf;
	size_t len;
	gs_error err;
	char path[600];
	snprintf(path, sizeof path, "%s/sub/config.json", root);
	assert_int_equal(gs_file_read(path, 1u << 20, "a config.json", &buf, &len, &err), GS_OK);
	assert_true(len > 100 && buf[len] == 0);
	free(buf);
	assert_int_equal(gs_file_read(path, 100, "a config.json", &buf, &len, &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "is larger than the 100-byte limit for a config.json"));
	snprintf(path, sizeof path, "%s/sub/fifo.json", root);
	assert_int_equal(gs_file_read(path, 100, "x", &buf, &len, &err), GS_EIO);
	assert_non_null(strstr(err.msg, "not a regular file (a FIFO)"));
	assert_int_equal(gs_file_read(root, 100, "x", &buf, &len, &err), GS_EIO);
	assert_non_null(strstr(err.msg, "not a regular file (a directory)"));
	assert_int_equal(gs_file_read("/nonexistent/x", 100, "x", &buf, &len, &err), GS_EIO);
	assert_non_null(strstr(err.msg, "No such file"));
}

/* Every Ollama tag row names a model the built-in library holds, and a tag
 * resolves to it with the tag's file type as the format and Ollama as the
 * runtime (docs/method.md §14b). */
static void ollama_tags(void **st)
{
	(void)st;
	char tag[64];
	const char *id, *quant;
	size_t n = 0, seen = 0;
	for (size_t i = 0; (id = gsi_ollama_tag_row(i, tag, sizeof tag, &quant, NULL)) != NULL; i++, n++) {
		gs_library_entry le;
		if (!gs_library_find(id, &le))
			fail_msg("%s maps to %s, which is not in the library", tag, id);
		char full[96];
		snprintf(full, sizeof full, "%s-instruct-q5_K_M", tag);
		gs_workload w;
		gs_error err;
		gs_workload_init(&w);
		assert_int_equal(gs_workload_set(&w, GS_F_MODEL, full, strlen(full), GS_FROM_FLAG, "t", &err),
		                 GS_OK);
		assert_int_equal(gs_workload_finish(&w, &err), GS_OK);
		assert_string_equal(gs_wl_str(&w, GS_F_FORMAT), "gguf:Q5_K_M");
		assert_string_equal(gs_wl_str(&w, GS_F_RUNTIME), "ollama");
		gs_model m;
		assert_int_equal(gs_workload_model(&w, &m, &err), GS_OK);
		assert_non_null(strstr(m.source, id));
		/* the tag an upload was seen under gets its file type; one without asks */
		gs_workload_init(&w);
		assert_int_equal(gs_workload_set(&w, GS_F_MODEL, tag, strlen(tag), GS_FROM_FLAG, "t", &err),
		                 GS_OK);
		gs_status s = gs_workload_finish(&w, &err);
		if (!quant) {
			assert_int_equal(s, GS_EINPUT);
			assert_non_null(strstr(err.msg, "names no quantization"));
			continue;
		}
		seen++;
		assert_int_equal(s, GS_OK);
		char want[32];
		snprintf(want, sizeof want, "gguf:%s", quant);
		assert_string_equal(gs_wl_str(&w, GS_F_FORMAT), want);
		assert_int_equal(gs_workload_model(&w, &m, &err), GS_OK);
		assert_non_null(strstr(m.source, "the upload recorded under it"));
	}
	assert_true(n >= 40);
	assert_true(seen >= 18);
	/* not tags: a hub id, a path, a name Ollama's table does not hold */
	assert_false(gs_ollama_tag_is("meta-llama/Llama-3.1-8B"));
	assert_false(gs_ollama_tag_is("./llama3.1:8b"));
	assert_false(gs_ollama_tag_is("unknownmodel:7b"));
	assert_true(gs_ollama_tag_is("llama3.1:13b")); /* a tag; its size is refused by name */
	char near[160];
	assert_int_equal(gs_ollama_tag_nearest("unknownmodel:7b", near, sizeof near), 0);
	assert_true(gs_ollama_tag_nearest("lama3.1:8b", near, sizeof near) >= 1);
	assert_string_equal(strtok(near, ","), "llama3.1:8b"); /* the closest first */
	assert_true(gs_ollama_tag_nearest("qwen3coder:30b", near, sizeof near) >= 1);
	assert_non_null(strstr(near, "qwen3-coder:30b"));
	static const struct {
		const char *tag, *error;
	} bad[] = {
		{"llama3.1:13b", "known sizes: 8b, 70b, 405b"},
		{"llama3.1:8b-q4_K_M-q8_0", "two quantizations, Q4_K_M and Q8_0"},
		{"llama3.1:8b@sha256:46e0c10c039e", "a digest or revision after @"},
		{"llama3.1:8b-instruct", "the upload recorded is llama3.1:8b (Q4_K_M"},
		{"llama3.1:70b", "is not recorded here"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		gs_workload w;
		gs_error err;
		gs_workload_init(&w);
		assert_int_equal(gs_workload_set(&w, GS_F_MODEL, bad[i].tag, strlen(bad[i].tag), GS_FROM_FLAG,
		                                 "t", &err),
		                 GS_OK);
		assert_int_equal(gs_workload_finish(&w, &err), GS_EINPUT);
		if (!strstr(err.msg, bad[i].error))
			fail_msg("%s: %s", bad[i].tag, err.msg);
	}
	/* file types beyond the K-quants, as Ollama's tags spell them */
	static const struct {
		const char *tag, *format;
	} types[] = {
		{"llama3.1:8b-instruct-iq2_xxs", "gguf:IQ2_XXS"}, {"llama3.1:8b-instruct-fp16", "gguf:F16"},
		{"llama3.1:8b-instruct-f32", "gguf:F32"},         {"gpt-oss:20b", "gguf:MXFP4"},
		{"mistral:latest", "gguf:Q4_K_M"},                {"deepseek-r1:8b", "gguf:Q4_K_M"},
	};
	for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
		gs_workload w;
		gs_error err;
		gs_workload_init(&w);
		assert_int_equal(gs_workload_set(&w, GS_F_MODEL, types[i].tag, strlen(types[i].tag),
		                                 GS_FROM_FLAG, "t", &err),
		                 GS_OK);
		if (gs_workload_finish(&w, &err))
			fail_msg("%s: %s", types[i].tag, err.msg);
		assert_string_equal(gs_wl_str(&w, GS_F_FORMAT), types[i].format);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(below_the_root_only),
		cmocka_unit_test(no_local_paths),
		cmocka_unit_test(file_reader),
		cmocka_unit_test(ollama_tags),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
