/* test_dtype.c — bits per weight of every format (docs/method.md §2). */
#include "helpers.h"

static gs_ratio bpw_of(const char *name)
{
	gs_format f;
	gs_error err;
	if (gs_format_parse(name, "--format", &f, &err))
		fail_msg("%s: %s", name, err.msg);
	return gs_format_bpw(&f);
}

#define ASSERT_BPW(name, n, d) do { gs_ratio r_ = bpw_of(name); \
	if (r_.num * (d) != (n) * r_.den) fail_msg("%s: %llu/%llu bits/weight, expected %d/%d", name, \
	    (unsigned long long)r_.num, (unsigned long long)r_.den, n, d); } while (0)

static void test_float_and_bnb(void **st)
{
	(void)st;
	ASSERT_BPW("fp32", 32, 1);
	ASSERT_BPW("bf16", 16, 1);
	ASSERT_BPW("FP16", 16, 1);
	ASSERT_BPW("fp8", 8, 1);
	ASSERT_BPW("fp8-e5m2", 8, 1);
	ASSERT_BPW("int8", 8, 1);              /* + 4 B per output row, counted with shapes */
	ASSERT_BPW("nf4", 9, 2);               /* 4 + 32/64 */
	ASSERT_BPW("fp4", 9, 2);
	ASSERT_BPW("nf4-dq", 67616, 16384);    /* 4 + 8/64 + 32/(64*256) = 4.126953125 */
	ASSERT_BPW("fp4-dq", 67616, 16384);
	ASSERT_BPW("fp8-block128", 8 * 16384 + 32, 16384);
}

static void test_gptq_awq(void **st)
{
	(void)st;
	ASSERT_BPW("gptq", 133, 32);           /* 4 + 20/128 = 4.15625 */
	ASSERT_BPW("gptq-g128", 133, 32);
	ASSERT_BPW("gptq-g64", 69, 16);        /* 4 + 20/64 */
	ASSERT_BPW("awq-g32", 37, 8);          /* 4 + 20/32 */
	ASSERT_BPW("mxfp4-experts", 17, 4);    /* 4 + 8/32: E2M1 + an E8M0 scale per 32 */
	ASSERT_BPW("mxfp4-linear", 17, 4);
	ASSERT_BPW("nvfp4", 9, 2);             /* 4 + 8/16: E2M1 + an E4M3 scale per 16 */
	ASSERT_BPW("nvfp4-experts", 9, 2);
	ASSERT_BPW("int8-channel", 8, 1);      /* + an fp32 scale per output row (shapes) */
	gs_format f;
	gs_error err;
	assert_int_equal(gs_format_parse("gptq-g128-act", "f", &f, &err), GS_OK);
	assert_int_equal(f.in_meta_bytes, 4);
	assert_string_equal(f.name, "gptq-g128-act");
	assert_int_equal(gs_format_parse("awq-g128-act", "f", &f, &err), GS_EINPUT);
	assert_int_equal(gs_format_parse("gptq-g0", "f", &f, &err), GS_EINPUT);
	/* symmetric int4 (compressed-tensors pack-quantized): a 16-bit scale
	 * per group, no zero point, an int64 [2] weight_shape per matrix */
	ASSERT_BPW("w4a16", 33, 8);            /* 4 + 16/128 */
	ASSERT_BPW("w4a16-g32", 9, 2);         /* 4 + 16/32: Kimi K2-Thinking's, K2.5's */
	assert_int_equal(gs_format_parse("w4a16-g32", "f", &f, &err), GS_OK);
	assert_string_equal(f.name, "w4a16-g32");
	assert_int_equal(f.matrix_meta_bytes, 16);
	assert_int_equal(f.in_meta_bytes, 0);
	assert_int_equal(gs_format_parse("w4a16-g32-act", "f", &f, &err), GS_EINPUT);
}

/* Every spelling of a group-quantized format takes its own family's row,
 * looked up by name: a table that grew (mxfp4-experts was appended) once
 * gave "awq" the MXFP4 row and "gptq" AWQ's. */
static void test_group_rows_by_name(void **st)
{
	(void)st;
	static const struct {
		const char *spelling, *name;
		gs_family family;
		const char *source_word;
	} cases[] = {
		{"awq", "awq-g128", GS_FAM_AWQ, "AutoAWQ"},
		{"AWQ", "awq-g128", GS_FAM_AWQ, "AutoAWQ"},
		{"awq-g128", "awq-g128", GS_FAM_AWQ, "AutoAWQ"},
		{"awq-g64", "awq-g64", GS_FAM_AWQ, "AutoAWQ"},
		{"awq-g32", "awq-g32", GS_FAM_AWQ, "AutoAWQ"},
		{"gptq", "gptq-g128", GS_FAM_GPTQ, "AutoGPTQ"},
		{"gptq-g128", "gptq-g128", GS_FAM_GPTQ, "AutoGPTQ"},
		{"gptq-g64", "gptq-g64", GS_FAM_GPTQ, "AutoGPTQ"},
		{"gptq-g128-act", "gptq-g128-act", GS_FAM_GPTQ, "AutoGPTQ"},
		{"gptq8", "gptq8-g128", GS_FAM_GPTQ, "AutoGPTQ"},
		{"gptq8-g32-act", "gptq8-g32-act", GS_FAM_GPTQ, "AutoGPTQ"},
		{"mxfp4-experts", "mxfp4-experts", GS_FAM_MXFP4, "Microscaling"},
		{"mxfp4-linear", "mxfp4-linear", GS_FAM_MXFP4, "Microscaling"},
		{"nvfp4", "nvfp4", GS_FAM_NVFP4, "NVFP4"},
		{"NVFP4", "nvfp4", GS_FAM_NVFP4, "NVFP4"},
		{"nvfp4-experts", "nvfp4-experts", GS_FAM_NVFP4, "NVFP4"},
		{"int8-channel", "int8-channel", GS_FAM_INT8, "compressed-tensors"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		gs_format f;
		gs_error err;
		if (gs_format_parse(cases[i].spelling, "--format", &f, &err))
			fail_msg("%s: %s", cases[i].spelling, err.msg);
		if (strcmp(f.name, cases[i].name) || f.family != cases[i].family ||
		    !strstr(f.source, cases[i].source_word))
			fail_msg("%s: got %s (family %d, source %s), expected %s (family %d)",
			         cases[i].spelling, f.name, (int)f.family, f.source, cases[i].name,
			         (int)cases[i].family);
		/* only the -experts rows quantize the experts alone */
		assert_int_equal(f.experts_only, strstr(f.name, "-experts") != NULL);
		/* the name it prints parses back to the same row */
		gs_format again;
		if (gs_format_parse(f.name, "--format", &again, &err) || strcmp(again.name, f.name) ||
		    again.family != f.family)
			fail_msg("%s does not parse back to itself", f.name);
		/* a group other than 128 does not claim group 128 */
		if (strstr(f.name, "-g128") == NULL && strstr(f.description, "group 128"))
			fail_msg("%s: description \"%s\" names group 128", f.name, f.description);
	}
}

static void test_gguf_types(void **st)
{
	(void)st;
	/* method.md §2: bytes per block / elements per block x 8 */
	ASSERT_BPW("gguf:Q4_0", 9, 2);    ASSERT_BPW("gguf:Q4_1", 5, 1);    ASSERT_BPW("gguf:Q5_0", 11, 2);
	ASSERT_BPW("gguf:Q5_1", 6, 1);    ASSERT_BPW("gguf:Q8_0", 17, 2);   ASSERT_BPW("gguf:IQ4_NL", 9, 2);
	ASSERT_BPW("gguf:MXFP4", 17, 4);  ASSERT_BPW("gguf:Q2_K", 21, 8);   ASSERT_BPW("gguf:Q3_K", 55, 16);
	ASSERT_BPW("gguf:Q4_K", 9, 2);    ASSERT_BPW("gguf:Q5_K", 11, 2);   ASSERT_BPW("gguf:Q6_K", 105, 16);
	ASSERT_BPW("gguf:Q8_K", 73, 8);   ASSERT_BPW("gguf:IQ1_S", 50 * 8, 256);
	ASSERT_BPW("gguf:IQ1_M", 56 * 8, 256); ASSERT_BPW("gguf:IQ2_XXS", 66 * 8, 256);
	ASSERT_BPW("gguf:IQ2_XS", 74 * 8, 256); ASSERT_BPW("gguf:IQ2_S", 82 * 8, 256);
	ASSERT_BPW("gguf:IQ3_XXS", 98 * 8, 256); ASSERT_BPW("gguf:IQ3_S", 110 * 8, 256);
	ASSERT_BPW("gguf:IQ4_XS", 136 * 8, 256); ASSERT_BPW("gguf:TQ1_0", 54 * 8, 256);
	ASSERT_BPW("gguf:TQ2_0", 66 * 8, 256); ASSERT_BPW("gguf:F16", 16, 1);
	gs_format f;
	gs_error err;
	assert_int_equal(gs_format_parse("gguf:Q4_K_M", "f", &f, &err), GS_OK);
	assert_true(f.mixed_file_type);
	assert_string_equal(f.name, "gguf:Q4_K_M");
	assert_int_equal(f.keep_default, GS_KEEP_NORM);
	assert_int_equal(gs_format_parse("gguf:Q9_K", "--format", &f, &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "Q4_K"));
}

static void test_errors_and_keep(void **st)
{
	(void)st;
	gs_format f;
	gs_error err;
	assert_int_equal(gs_format_parse("int9", "--format", &f, &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "--format"));
	assert_non_null(strstr(err.msg, "nf4"));
	/* a name that says only its bits: the formats that store that many */
	assert_int_equal(gs_format_parse("int4", "--format", &f, &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "choose one of nf4, nf4-dq, fp4"));
	assert_int_equal(gs_format_parse("Q8", "--format", &f, &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "int8 (bitsandbytes LLM.int8), int8-channel (W8A8), fp8 (e4m3)"));
	/* "mxfp4" alone stays the ggml type (gpt-oss GGUFs); NVFP4's matrices
	 * carry two fp32 global scales each */
	assert_int_equal(gs_format_parse("mxfp4", "--format", &f, &err), GS_OK);
	assert_string_equal(f.name, "gguf:MXFP4");
	assert_int_equal(gs_format_parse("nvfp4", "--format", &f, &err), GS_OK);
	assert_int_equal(f.matrix_meta_bytes, 8);
	assert_int_equal(f.keep_default, GS_KEEP_ALL);
	assert_int_equal(gs_format_parse("", "--format", &f, &err), GS_EINPUT);
	assert_int_equal(gs_format_parse("bits:4.5", "--format", &f, &err), GS_OK);
	assert_string_equal(f.name, "bits:9/2");
	assert_int_equal(gs_kv_format_parse("q8_0", "kv", &f, &err), GS_OK);
	ASSERT_BPW("gguf:Q8_0", 17, 2);
	assert_int_equal(gs_kv_format_parse("nf4", "--kv-format", &f, &err), GS_EINPUT);
	int m;
	assert_int_equal(gs_keep_parse("embed,norm", "k", &m, &err), GS_OK);
	assert_int_equal(m, GS_KEEP_EMBED | GS_KEEP_NORM);
	assert_int_equal(gs_keep_parse("none", "k", &m, &err), GS_OK);
	assert_int_equal(m, 0);
	assert_int_equal(gs_keep_parse("default", "k", &m, &err), GS_OK);
	assert_int_equal(m, -1);
	assert_int_equal(gs_keep_parse("embed,head", "--keep", &m, &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "head"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_float_and_bnb), cmocka_unit_test(test_gptq_awq),
		cmocka_unit_test(test_group_rows_by_name),
		cmocka_unit_test(test_gguf_types), cmocka_unit_test(test_errors_and_keep),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
