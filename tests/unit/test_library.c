/* test_library.c — the model library built into the binary (gpusizer/library.h):
 * the index and data/models/ agree both ways, every model reads, the copies
 * taken from other projects count to the published sizes, and an id
 * resolves offline. */
#include <dirent.h>
#include <stdlib.h>
#include <strings.h>
#include "helpers.h"
#include "gpusizer/library.h"
#include "gpusizer/matrix.h"

static void test_every_entry_reads_and_names_its_file(void **st)
{
	(void)st;
	size_t n = gs_library_count();
	assert_true(n >= 40);
	static gs_model m;
	for (size_t i = 0; i < n; i++) {
		gs_library_entry e, f;
		gs_error err;
		gs_error_clear(&err);
		assert_int_equal(gs_library_at(i, &e, &err), GS_OK);
		if (gs_library_model(&e, &m, &err))
			fail_msg("%s: %s", e.id, err.msg);
		assert_true(m.params > 0);
		assert_string_equal(m.source, e.id);
		assert_string_equal(m.library_copy, e.copy);
		/* the file is the id with '/' spelled "__", as the hub cache and data/models name it */
		char want[200];
		const char *slash = strchr(e.id, '/');
		assert_non_null(slash);
		snprintf(want, sizeof want, "%.*s__%s.json", (int)(slash - e.id), e.id, slash + 1);
		assert_string_equal(e.file, want);
		/* ids are unique, whatever their case */
		assert_true(gs_library_find(e.id, &f));
		assert_string_equal(f.file, e.file);
	}
	gs_library_entry e;
	gs_error err;
	assert_int_equal(gs_library_at(n, &e, &err), GS_EINPUT);
}

/* Every file of data/models/ is in the index: a config dropped in without a
 * row would silently not be sized offline. */
static void test_every_file_is_in_the_index(void **st)
{
	(void)st;
	DIR *d = opendir(GS_DATA_DIR "/models");
	assert_non_null(d);
	struct dirent *de;
	size_t files = 0;
	while ((de = readdir(d)) != NULL) {
		size_t len = strlen(de->d_name);
		if (len < 6 || strcmp(de->d_name + len - 5, ".json"))
			continue;
		files++;
		bool found = false;
		for (size_t i = 0, n = gs_library_count(); i < n && !found; i++) {
			gs_library_entry e;
			assert_int_equal(gs_library_at(i, &e, NULL), GS_OK);
			found = strcmp(e.file, de->d_name) == 0;
		}
		if (!found)
			fail_msg("data/models/%s has no row in data/models/index.tsv", de->d_name);
	}
	closedir(d);
	assert_int_equal(files, gs_library_count());
}

/* The copies taken from other projects ("preset"), counted by gpusizer's
 * own readers, against the sizes the model cards publish (rounded there). */
static void test_preset_copies_count_the_published_sizes(void **st)
{
	(void)st;
	static const struct {
		const char *id;
		uint64_t params;
	} want[] = {
	    {"meta-llama/Llama-3.2-1B-Instruct", 1235814400ull},    /* "1.23B" */
	    {"meta-llama/Llama-3.2-3B-Instruct", 3212749824ull},    /* "3.21B" */
	    {"meta-llama/Llama-3.1-70B-Instruct", 70553706496ull},  /* "70.6B" */
	    {"meta-llama/Llama-2-13b-hf", 13015864320ull},          /* "13B" */
	    {"meta-llama/Llama-2-70b-hf", 68976648192ull},          /* "69B" */
	    {"Qwen/Qwen2-0.5B-Instruct", 494032768ull},             /* "494M" */
	    {"Qwen/Qwen2.5-3B-Instruct", 3085938688ull},            /* "3.09B" */
	    {"Qwen/Qwen3-0.6B", 596049920ull},                      /* "0.6B" */
	    {"Qwen/Qwen3-1.7B", 1720574976ull},                     /* "1.7B" */
	    {"google/gemma-2-2b-it", 2614341888ull},                /* "2.61B" */
	    {"google/gemma-2-27b", 27227128320ull},                 /* "27.2B" */
	    {"microsoft/Phi-3.5-mini-instruct", 3821079552ull},     /* "3.82B" */
	    {"microsoft/Phi-4-mini-instruct", 3836021760ull},       /* "3.84B" */
	    {"mistralai/Mistral-Nemo-Base-2407", 12247782400ull},   /* "12.2B" */
	    {"mistralai/Mistral-7B-v0.3", 7248023552ull},           /* "7.25B" */
	    {"allenai/OLMo-2-1124-13B", 13716198400ull},            /* "13.7B" */
	    {"HuggingFaceTB/SmolLM2-360M-Instruct", 361821120ull},  /* "362M" */
	    {"openai-community/gpt2-medium", 354823168ull},         /* "355M" */
	    {"codellama/CodeLlama-13b-hf", 13016028160ull},         /* "13B" */
	    {"codellama/CodeLlama-34b-hf", 33744232448ull},         /* "33.7B" */
	    {"Qwen/Qwen3-235B-A22B-Instruct-2507", 235093634560ull}, /* "235B" */
	    {"deepseek-ai/DeepSeek-R1-Distill-Llama-70B", 70553706496ull}, /* "70.6B" */
	    {"meta-llama/Llama-3.1-405B", 405853388800ull},         /* "405B" */
	    {"meta-llama/Llama-3.3-70B-Instruct", 70553706496ull},  /* "70.6B" (a field copy) */
	    {"deepseek-ai/DeepSeek-R1-Distill-Qwen-7B", 7615616512ull},    /* "7.62B" */
	    /* measured, not rounded: the safetensors totals the source reports */
	    {"Qwen/Qwen2.5-72B-Instruct", 72706203648ull},
	    {"Qwen/Qwen3-14B", 14768307200ull},
	    {"Qwen/Qwen2.5-1.5B-Instruct", 1543714304ull},
	    {"Qwen/QwQ-32B", 32763876352ull},
	    {"zai-org/GLM-4.7-Flash", 31221488576ull},   /* with its MTP layer (mtp_params) */
	    {"zai-org/GLM-5.1", 753864139008ull},        /* with its MTP layer (mtp_params) */
	    /* the cards' "109B" and "400B" (Maverick's count is 401.6B: the card
	     * rounds down, or leaves the vision tower out) */
	    {"meta-llama/Llama-4-Scout-17B-16E-Instruct", 108641793536ull},
	    {"meta-llama/Llama-4-Maverick-17B-128E-Instruct", 401583781376ull},
	    /* the card's 30.7B text decoder and the vision tower (test_gemma4) */
	    {"google/gemma-4-31B-it", 31273088876ull},
	    /* its report's total less the FP8 scales (test_minimax_m2) */
	    {"MiniMaxAI/MiniMax-M2.7", 228689764864ull},
	    /* its report's 685,396,921,376 less the fp32 scales of its FP8
	     * blocks, 41,591,584 (test_deepseek_v32); the card's "685B" */
	    {"deepseek-ai/DeepSeek-V3.2", 685355329792ull},
	    {"Qwen/Qwen3-Reranker-8B", 8188548096ull},      /* its report's total */
	    {"Qwen/Qwen3-Next-80B-A3B-Thinking", 81324862720ull}, /* with its mtp.* layer */
	    /* the published count of revision 95a6d26c a public audit records */
	    {"mistralai/Mistral-Small-3.2-24B-Instruct-2506", 24011361280ull},
	};
	static gs_model m;
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		gs_library_entry e;
		gs_error err;
		if (!gs_library_find(want[i].id, &e))
			fail_msg("%s is not in the library", want[i].id);
		assert_int_equal(gs_library_model(&e, &m, &err), GS_OK);
		/* the checkpoint's total: the model and the MTP layers it stores */
		if (m.params + m.mtp_params != want[i].params)
			fail_msg("%s: %llu + %llu MTP parameters, want %llu", want[i].id,
			         (unsigned long long)m.params, (unsigned long long)m.mtp_params,
			         (unsigned long long)want[i].params);
	}
}

/* matrix --library puts every library model in one matrix, beside the
 * models given on the command line (at most 128): the matrix must hold both */
static void test_library_fits_a_matrix(void **st)
{
	(void)st;
	if (gs_library_count() + 128 > GS_MATRIX_MAX_MODELS)
		fail_msg("the library has %zu models: matrix --library with 128 more needs "
		         "GS_MATRIX_MAX_MODELS >= %zu",
		         gs_library_count(), gs_library_count() + 128);
}

static void test_find_is_exact_but_for_case(void **st)
{
	(void)st;
	gs_library_entry e;
	assert_true(gs_library_find("META-LLAMA/llama-3.1-8b", &e));
	assert_string_equal(e.id, "meta-llama/Llama-3.1-8B");
	assert_string_equal(e.copy, "verbatim");
	assert_false(gs_library_find("meta-llama/Llama-3.1-8B@main", &e));  /* a revision: the hub's */
	assert_false(gs_library_find("meta-llama/Llama-3.1", &e));          /* no prefix matching */
	assert_false(gs_library_find("meta-llama/Llama-4-Scout-17B-16E", &e));
}

/* A library id resolves with the hub unreachable; a revision the copy was
 * not taken at goes to the hub, which here fails as the environment. */
static void test_resolve_reads_the_library_offline(void **st)
{
	(void)st;
	setenv("HF_HUB_OFFLINE", "1", 1);
	setenv("HF_ENDPOINT", "http://127.0.0.1:9", 1);
	setenv("XDG_CACHE_HOME", "/nonexistent-gpusizer-test", 1);
	gs_workload w;
	static gs_model m;
	gs_error err;
	gs_workload_init(&w);
	wl_set(&w, GS_F_MODEL, "Qwen/Qwen2.5-7B");
	assert_int_equal(gs_workload_model(&w, &m, &err), GS_OK);
	assert_int_equal(m.params, 7615616512ull);
	assert_string_equal(m.library_copy, "fields");
	assert_string_equal(m.source, "Qwen/Qwen2.5-7B");
	wl_set(&w, GS_F_REVISION, "a09a35458c702b33eeacc393d103063234e8bc28");
	/* offline by choice, not in the cache */
	assert_int_equal(gs_workload_model(&w, &m, &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "HF_HUB_OFFLINE is set"));
	assert_non_null(strstr(err.msg, "the built-in library holds this id, but not at that revision"));
}

/* Model ids as people write them (issue 48 item 5): a re-upload of a
 * library model is read by its name, the quantization its suffix implies
 * said; a suffix gpusizer does not read is refused with the nearest one;
 * a name no library model has is not derived. */
static void test_derive_by_name(void **st)
{
	(void)st;
	gs_library_derived d;
	char why[400];
	static const struct {
		const char *id, *base, *method, *format, *kv;
	} ok[] = {
		{"unsloth/Qwen3-14B", "Qwen/Qwen3-14B", "", "", ""},
		{"unsloth/Llama-3.1-8B-Instruct-unsloth-bnb-4bit", "meta-llama/Llama-3.1-8B-Instruct",
		 "bitsandbytes", "nf4-dq", ""},
		{"unsloth/Meta-Llama-3.1-8B-Instruct-bnb-4bit", "meta-llama/Llama-3.1-8B-Instruct",
		 "bitsandbytes", "nf4-dq", ""},
		{"unsloth/Qwen3-14B-FP8", "Qwen/Qwen3-14B", "fp8", "fp8-block128", ""},
		{"RedHatAI/Qwen3-8B-FP8-dynamic", "Qwen/Qwen3-8B", "compressed-tensors", "fp8-channel", ""},
		{"someone/Qwen3-14B-AWQ", "Qwen/Qwen3-14B", "awq", "awq-g128", ""},
		{"Qwen/Qwen3-8B-GPTQ-Int8", "Qwen/Qwen3-8B", "gptq", "gptq8-g128", ""},
		{"RedHatAI/Qwen3-8B-quantized.w8a8", "Qwen/Qwen3-8B", "compressed-tensors", "int8-channel",
		 ""},
		{"nvidia/Qwen3-32B-NVFP4", "Qwen/Qwen3-32B", "modelopt", "nvfp4", "fp8"},
		{"nvidia/Qwen3-30B-A3B-NVFP4", "Qwen/Qwen3-30B-A3B", "modelopt", "nvfp4", "fp8"},
		{"RedHatAI/Qwen3-32B-NVFP4", "Qwen/Qwen3-32B", "compressed-tensors", "nvfp4", ""},
		/* nvidia's NVFP4 Kimi K2.5 (ModelOpt, gh:59436120304's table): Moonshot's int4 base */
		{"nvidia/Kimi-K2.5-NVFP4", "moonshotai/Kimi-K2.5", "modelopt", "nvfp4", "fp8"},
		{"unsloth/Qwen3-14B-GGUF", "Qwen/Qwen3-14B", "gguf", "", ""},
		/* the whole name under another org: that model, its own quantization */
		{"unsloth/Qwen3-32B-AWQ", "Qwen/Qwen3-32B-AWQ", "", "", ""},
	};
	for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
		int r = gs_library_derive(ok[i].id, &d, why, sizeof why);
		if (r != 1 || strcmp(d.base.id, ok[i].base) || strcmp(d.quant_method, ok[i].method) ||
		    strcmp(d.format, ok[i].format) || strcmp(d.quant_kv, ok[i].kv))
			fail_msg("%s: %d %s %s %s %s (%s)", ok[i].id, r, d.base.id, d.quant_method, d.format,
			         d.quant_kv, why);
		assert_true(d.what[0]);
	}
	/* the library's own ids are not derived */
	assert_int_equal(gs_library_derive("Qwen/Qwen3-14B", &d, why, sizeof why), 0);
	/* an unread suffix after a library model's name: refused, the nearest said */
	assert_int_equal(gs_library_derive("unsloth/Qwen3-14B-AWQ4", &d, why, sizeof why), -1);
	assert_non_null(strstr(why, "a variant of Qwen/Qwen3-14B"));
	assert_non_null(strstr(why, "the nearest: -awq"));
	assert_int_equal(gs_library_derive("turboderp/Qwen3-14B-exl2-4.0bpw", &d, why, sizeof why), -1);
	assert_non_null(strstr(why, "\"-exl2-4.0bpw\" is not a quantization"));
	/* -FP4 is NVFP4 in nvidia's uploads only */
	assert_int_equal(gs_library_derive("nvidia/Qwen3-32B-FP4", &d, why, sizeof why), 1);
	assert_string_equal(d.format, "nvfp4");
	assert_int_equal(gs_library_derive("someone/Qwen3-32B-FP4", &d, why, sizeof why), -1);
	/* no library model of that name */
	assert_int_equal(gs_library_derive("someone/NoSuchModel-AWQ", &d, why, sizeof why), 0);
	/* through resolve, the hub unreachable: the statement in the source */
	setenv("HF_HUB_OFFLINE", "1", 1);
	setenv("XDG_CACHE_HOME", "/nonexistent-gpusizer-test", 1);
	gs_workload w;
	static gs_model m;
	gs_error err;
	gs_workload_init(&w);
	wl_set(&w, GS_F_MODEL, "nvidia/Qwen3-32B-NVFP4");
	assert_int_equal(gs_workload_model(&w, &m, &err), GS_OK);
	assert_non_null(strstr(m.source, "read offline by its name"));
	assert_non_null(strstr(m.source, "Qwen/Qwen3-32B's config.json"));
	assert_string_equal(m.quant_format, "nvfp4");
	assert_string_equal(m.quant_method, "modelopt");
	/* a GGUF repository needs its file's type */
	wl_set(&w, GS_F_MODEL, "unsloth/Qwen3-14B-GGUF");
	assert_int_equal(gs_workload_model(&w, &m, &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "give --format with the file's type"));
	/* a pinned revision is the hub's to answer, never a name's */
	wl_set(&w, GS_F_MODEL, "unsloth/Qwen3-14B@abc");
	assert_int_equal(gs_workload_model(&w, &m, &err), GS_EINPUT);
	assert_null(strstr(err.msg, "read offline"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_every_entry_reads_and_names_its_file),
	    cmocka_unit_test(test_every_file_is_in_the_index),
	    cmocka_unit_test(test_preset_copies_count_the_published_sizes),
	    cmocka_unit_test(test_library_fits_a_matrix),
	    cmocka_unit_test(test_find_is_exact_but_for_case),
	    cmocka_unit_test(test_resolve_reads_the_library_offline),
	    cmocka_unit_test(test_derive_by_name),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
