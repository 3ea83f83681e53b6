/*
 * dtype.c — the storage formats (gpusizer/dtype.h).
 *
 * Figures and sources (docs/method.md §2-3):
 *  - bitsandbytes 4-bit: 4-bit codes, one fp32 absmax per block of 64
 *    (0.5 bit/weight); double quantization stores the absmax as 8 bits with
 *    one fp32 second-level scale per 256 blocks: 8/64 + 32/(64*256) bit/weight
 *    (Dettmers et al. 2023, QLoRA, §3 "Double Quantization").
 *  - bitsandbytes LLM.int8: int8 weights + one fp32 scale per output row
 *    (Dettmers et al. 2022, LLM.int8(), vector-wise quantization; bnb
 *    Int8Params.SCB).
 *  - GPTQ/AWQ 4-bit, group g: int32-packed codes, one fp16 scale and one
 *    4-bit zero point per group and output row: 20/g bit/weight; GPTQ with
 *    act-order adds an int32 g_idx per input feature (AutoGPTQ QuantLinear).
 *  - symmetric int4, group g (compressed-tensors pack-quantized with
 *    symmetric true: llm-compressor's W4A16, Kimi K2-Thinking's and K2.5's
 *    QAT checkpoints): int32-packed codes, one 16-bit scale per group and
 *    output row (the model's dtype), no zero point, and an int64 [2]
 *    weight_shape per matrix: 16/g bit/weight + 16 B a matrix
 *    (compressed-tensors quantized_compressors/pack_quantized.py
 *    compress_weight @0199c6e7; vLLM compressed_tensors_wNa16.py
 *    create_weights @7cfb97e3379: weight_packed int32, weight_scale
 *    params_dtype, weight_shape int64, weight_zero_point only when
 *    asymmetric).
 *  - FP8: 1 byte + fp32 scales per tensor, per output channel, or per
 *    128x128 block (vLLM / compressed-tensors FP8 schemes).
 *  - MXFP4 (OCP Microscaling Formats v1.0): 4-bit E2M1 values, one 8-bit
 *    E8M0 scale per block of 32 (0.25 bit/weight); in a Hugging Face
 *    checkpoint (quant_method "mxfp4", gpt-oss) only the experts' matrices
 *    (Transformers quantizer_mxfp4.py param_needs_quantization).
 *  - NVFP4 (NVIDIA, "Introducing NVFP4 for efficient and accurate
 *    low-precision inference", developer.nvidia.com/blog, 2025): 4-bit
 *    E2M1 values, one FP8 E4M3 scale per block of 16 along the input
 *    dimension (0.5 bit/weight), and a second-level fp32 scale per tensor.
 *    The checkpoints store per matrix an fp32 weight global scale and an
 *    fp32 input (activation) global scale: ModelOpt's weight [out, in/2]
 *    uint8, weight_scale [out, in/16] float8_e4m3fn, weight_scale_2 and
 *    input_scale fp32 (vLLM modelopt.py ModelOptNvFp4LinearMethod
 *    .create_weights @7cfb97e3379); compressed-tensors nvfp4-pack-quantized
 *    the same as weight_packed, weight_scale, weight_global_scale and
 *    input_global_scale (compressed_tensors_w4a4_nvfp4.py). A weight-only
 *    (W4A16) checkpoint has no input scale: 4 bytes a matrix less.
 *  - int8 channel (compressed-tensors int-quantized, W8A8): int8 weights
 *    and one fp32 scale per output row, weight_scale [out, 1] (vLLM
 *    compressed_tensors_w8a8_int8.py create_weights @7cfb97e3379).
 *  - ggml types: bytes per block from ggml's type traits; the split between
 *    code bytes and scale bytes follows the block_* structs of ggml-common.h.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gpusizer/dtype.h"

#define R(n, d) ((gs_ratio){(n), (d)})
#define RI(n, d) {(n), (d)} /* the same, for static initializers */
#define KEEP16 GS_KEEP_ALL, RI(16, 1)

static const gs_format named[] = {
	{"fp32", GS_FAM_FLOAT, false, RI(32, 1), RI(0, 1), 0, 0, 0, 0, RI(32, 1), false,
	 "IEEE float32", "IEEE 754", false},
	{"bf16", GS_FAM_FLOAT, false, RI(16, 1), RI(0, 1), 0, 0, 0, 0, RI(16, 1), false,
	 "bfloat16", "IEEE 754 / bfloat16", false},
	{"fp16", GS_FAM_FLOAT, false, RI(16, 1), RI(0, 1), 0, 0, 0, 0, RI(16, 1), false,
	 "IEEE float16", "IEEE 754", false},
	{"fp8-e4m3", GS_FAM_FP8, true, RI(8, 1), RI(0, 1), 0, 0, 4, KEEP16, false,
	 "FP8 E4M3, one fp32 scale per matrix", "vLLM FP8 docs; OCP FP8 spec", false},
	{"fp8-e5m2", GS_FAM_FP8, true, RI(8, 1), RI(0, 1), 0, 0, 4, KEEP16, false,
	 "FP8 E5M2, one fp32 scale per matrix", "vLLM FP8 docs; OCP FP8 spec", false},
	{"fp8-channel", GS_FAM_FP8, true, RI(8, 1), RI(0, 1), 4, 0, 0, KEEP16, false,
	 "FP8 E4M3, one fp32 scale per output row", "compressed-tensors channel strategy", false},
	{"fp8-block128", GS_FAM_FP8, true, RI(8, 1), RI(32, 16384), 0, 0, 0, KEEP16, false,
	 "FP8 E4M3, one fp32 scale per 128x128 block",
	 "DeepSeek-V3 FP8 checkpoints (weight_block_size [128,128])", false},
	{"int8", GS_FAM_BNB_INT8, true, RI(8, 1), RI(0, 1), 4, 0, 0, KEEP16, false,
	 "bitsandbytes LLM.int8: int8 + fp32 scale per output row",
	 "Dettmers et al. 2022 (LLM.int8()); bitsandbytes Int8Params.SCB", false},
	{"nf4", GS_FAM_BNB_4BIT, true, RI(4, 1), RI(32, 64), 0, 0, 0, KEEP16, false,
	 "bitsandbytes NF4, fp32 absmax per 64 weights", "Dettmers et al. 2023 (QLoRA) §3", false},
	{"nf4-dq", GS_FAM_BNB_4BIT, true, RI(4, 1), RI(8 * 256 + 32, 64 * 256), 0, 0, 0, KEEP16, false,
	 "bitsandbytes NF4 with double quantization", "Dettmers et al. 2023 (QLoRA) §3", false},
	{"fp4", GS_FAM_BNB_4BIT, true, RI(4, 1), RI(32, 64), 0, 0, 0, KEEP16, false,
	 "bitsandbytes FP4, fp32 absmax per 64 weights", "bitsandbytes Linear4bit; QLoRA §3", false},
	{"fp4-dq", GS_FAM_BNB_4BIT, true, RI(4, 1), RI(8 * 256 + 32, 64 * 256), 0, 0, 0, KEEP16, false,
	 "bitsandbytes FP4 with double quantization", "bitsandbytes Linear4bit; QLoRA §3", false},
	{"gptq-g128", GS_FAM_GPTQ, true, RI(4, 1), RI(20, 128), 0, 0, 0, KEEP16, false,
	 "GPTQ 4-bit, group 128: fp16 scale + 4-bit zero per group",
	 "Frantar et al. 2022; AutoGPTQ QuantLinear", false},
	{"awq-g128", GS_FAM_AWQ, true, RI(4, 1), RI(20, 128), 0, 0, 0, KEEP16, false,
	 "AWQ 4-bit, group 128: fp16 scale + 4-bit zero per group", "Lin et al. 2023; AutoAWQ WQLinear_GEMM",
	 false},
	{"w4a16-g128", GS_FAM_GPTQ, true, RI(4, 1), RI(16, 128), 0, 0, 16, KEEP16, false,
	 "symmetric int4, group 128: a 16-bit scale per group, no zero point, int64 weight_shape per "
	 "matrix (compressed-tensors pack-quantized W4A16)",
	 "compressed-tensors pack_quantized.py; vLLM compressed_tensors_wNa16.py", false},
	{"mxfp4-experts", GS_FAM_MXFP4, true, RI(4, 1), RI(8, 32), 0, 0, 0, KEEP16, false,
	 "MXFP4 on the MoE experts only (gpt-oss checkpoints): E2M1 + E8M0 scale per 32; the rest in 16 bits",
	 "OCP Microscaling Formats (MX) v1.0; Transformers quantizers/quantizer_mxfp4.py", true},
	{"mxfp4-linear", GS_FAM_MXFP4, true, RI(4, 1), RI(8, 32), 0, 0, 0, KEEP16, false,
	 "MXFP4 on every linear matrix: E2M1 + E8M0 scale per 32 (compressed-tensors mxfp4-pack-quantized)",
	 "OCP Microscaling Formats (MX) v1.0; vLLM compressed_tensors_w4a4_mxfp4.py", false},
	{"nvfp4", GS_FAM_NVFP4, true, RI(4, 1), RI(8, 16), 0, 0, 8, KEEP16, false,
	 "NVFP4: E2M1 + FP8 E4M3 scale per 16, fp32 weight and input global scales per matrix",
	 "NVIDIA NVFP4 (developer.nvidia.com blog); vLLM modelopt.py, compressed_tensors_w4a4_nvfp4.py",
	 false},
	{"nvfp4-experts", GS_FAM_NVFP4, true, RI(4, 1), RI(8, 16), 0, 0, 8, KEEP16, false,
	 "NVFP4 on the MoE experts only (ModelOpt MIXED_PRECISION listing experts); the rest in 16 bits",
	 "NVIDIA NVFP4 (developer.nvidia.com blog); vLLM modelopt.py ModelOptMixedPrecisionConfig", true},
	{"int8-channel", GS_FAM_INT8, true, RI(8, 1), RI(0, 1), 4, 0, 0, KEEP16, false,
	 "int8 + one fp32 scale per output row, for an int8 GEMM (W8A8 int-quantized)",
	 "compressed-tensors channel strategy; vLLM compressed_tensors_w8a8_int8.py", false},
};

/* ggml types: name, elements per block, bytes per block, code bytes per block
 * (the rest are scales, mins and super-block factors). */
static const struct ggml_type {
	const char *name;
	uint32_t block, size, codes;
} ggml_types[] = {
	{"F32", 1, 4, 4},        {"F16", 1, 2, 2},        {"BF16", 1, 2, 2},
	{"Q4_0", 32, 18, 16},    {"Q4_1", 32, 20, 16},    {"Q5_0", 32, 22, 20},
	{"Q5_1", 32, 24, 20},    {"Q8_0", 32, 34, 32},    {"IQ4_NL", 32, 18, 16},
	{"MXFP4", 32, 17, 16},   {"Q2_K", 256, 84, 64},   {"Q3_K", 256, 110, 96},
	{"Q4_K", 256, 144, 128}, {"Q5_K", 256, 176, 160}, {"Q6_K", 256, 210, 192},
	{"Q8_K", 256, 292, 256}, {"IQ1_S", 256, 50, 48},  {"IQ1_M", 256, 56, 48},
	{"IQ2_XXS", 256, 66, 64}, {"IQ2_XS", 256, 74, 64}, {"IQ2_S", 256, 82, 72},
	{"IQ3_XXS", 256, 98, 96}, {"IQ3_S", 256, 110, 104}, {"IQ4_XS", 256, 136, 128},
	{"TQ1_0", 256, 54, 52},  {"TQ2_0", 256, 66, 64},
};

/* GGUF type ids (ggml.h enum ggml_type); ids 4, 5 and 31-33, 36-38 were
 * removed from ggml and are refused. */
static const struct {
	uint32_t id;
	const char *name;
	uint32_t block, size;
} ggml_ids[] = {
	{0, "F32", 1, 4},       {1, "F16", 1, 2},       {2, "Q4_0", 32, 18},    {3, "Q4_1", 32, 20},
	{6, "Q5_0", 32, 22},    {7, "Q5_1", 32, 24},    {8, "Q8_0", 32, 34},    {9, "Q8_1", 32, 36},
	{10, "Q2_K", 256, 84},  {11, "Q3_K", 256, 110}, {12, "Q4_K", 256, 144}, {13, "Q5_K", 256, 176},
	{14, "Q6_K", 256, 210}, {15, "Q8_K", 256, 292}, {16, "IQ2_XXS", 256, 66}, {17, "IQ2_XS", 256, 74},
	{18, "IQ3_XXS", 256, 98}, {19, "IQ1_S", 256, 50}, {20, "IQ4_NL", 32, 18}, {21, "IQ3_S", 256, 110},
	{22, "IQ2_S", 256, 82}, {23, "IQ4_XS", 256, 136}, {24, "I8", 1, 1},     {25, "I16", 1, 2},
	{26, "I32", 1, 4},      {27, "I64", 1, 8},      {28, "F64", 1, 8},      {29, "IQ1_M", 256, 56},
	{30, "BF16", 1, 2},     {34, "TQ1_0", 256, 54}, {35, "TQ2_0", 256, 66}, {39, "MXFP4", 32, 17},
};

bool gs_ggml_type(uint32_t id, const char **name, uint32_t *block, uint32_t *size)
{
	for (size_t i = 0; i < sizeof ggml_ids / sizeof ggml_ids[0]; i++)
		if (ggml_ids[i].id == id) {
			*name = ggml_ids[i].name;
			*block = ggml_ids[i].block;
			*size = ggml_ids[i].size;
			return true;
		}
	return false;
}

bool gs_ggml_type_by_name(const char *name, uint32_t *id, uint32_t *block, uint32_t *size)
{
	for (size_t i = 0; i < sizeof ggml_ids / sizeof ggml_ids[0]; i++)
		if (strcmp(ggml_ids[i].name, name) == 0) {
			*id = ggml_ids[i].id;
			*block = ggml_ids[i].block;
			*size = ggml_ids[i].size;
			return true;
		}
	return false;
}

/* llama.cpp file types that mix ggml types per tensor: name -> base type. */
static const struct {
	const char *ftype, *base;
} ggml_ftypes[] = {
	{"Q2_K_S", "Q2_K"}, {"Q3_K_S", "Q3_K"}, {"Q3_K_M", "Q3_K"}, {"Q3_K_L", "Q3_K"},
	{"Q4_K_S", "Q4_K"}, {"Q4_K_M", "Q4_K"}, {"Q5_K_S", "Q5_K"}, {"Q5_K_M", "Q5_K"},
	{"IQ2_M", "IQ2_S"}, {"IQ3_XS", "IQ3_S"}, {"IQ3_M", "IQ3_S"}, {"IQ1_M_MIX", "IQ1_M"},
	{"MXFP4_MOE", "MXFP4"},
};

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

/* A row of the named table by its exact name, or NULL. */
static const gs_format *named_row(const char *name)
{
	for (size_t i = 0; i < NELEM(named); i++)
		if (strcmp(name, named[i].name) == 0)
			return &named[i];
	return NULL;
}

size_t gs_format_table(const gs_format **out)
{
	*out = named;
	return NELEM(named);
}

static uint64_t gcd(uint64_t a, uint64_t b)
{
	while (b) {
		uint64_t t = a % b;
		a = b;
		b = t;
	}
	return a;
}

static gs_ratio reduce(gs_ratio r)
{
	uint64_t g = r.num ? gcd(r.num, r.den) : r.den;
	return R(r.num / g, r.den / g);
}

gs_ratio gs_format_bpw(const gs_format *f)
{
	/* a/b + c/d with small denominators: no overflow for the table's values */
	gs_ratio r = R(f->value_bits.num * f->meta_bits.den + f->meta_bits.num * f->value_bits.den,
	               f->value_bits.den * f->meta_bits.den);
	return reduce(r);
}

void gs_format_from_bits(gs_ratio bits, gs_format *out)
{
	memset(out, 0, sizeof *out);
	bits = reduce(bits);
	if (bits.den == 1)
		snprintf(out->name, sizeof out->name, "bits:%llu", (unsigned long long)bits.num);
	else
		snprintf(out->name, sizeof out->name, "bits:%llu/%llu", (unsigned long long)bits.num,
		         (unsigned long long)bits.den);
	out->family = GS_FAM_RAW_BITS;
	/* below 16 bits, real formats carry metadata and keep modules aside */
	out->quantized = bits.num < 16 * bits.den;
	out->value_bits = bits;
	out->meta_bits = R(0, 1);
	out->keep_bits = R(16, 1);
	out->description = "raw bits per value, no metadata (the quick calculator)";
	out->source = "the quick calculator: parameters x bits / 8";
}

static int ieq(const char *a, const char *b)
{
	for (; *a && *b; a++, b++)
		if (toupper((unsigned char)*a) != toupper((unsigned char)*b))
			return 0;
	return *a == *b;
}

static const struct ggml_type *ggml_find(const char *name)
{
	for (size_t i = 0; i < NELEM(ggml_types); i++)
		if (ieq(name, ggml_types[i].name))
			return &ggml_types[i];
	return NULL;
}

static void from_ggml(const struct ggml_type *t, bool mixed, const char *shown, gs_format *out)
{
	memset(out, 0, sizeof *out);
	snprintf(out->name, sizeof out->name, "gguf:%s", shown);
	out->family = GS_FAM_GGUF;
	out->value_bits = reduce(R((uint64_t)t->codes * 8, t->block));
	out->meta_bits = reduce(R((uint64_t)(t->size - t->codes) * 8, t->block));
	out->quantized = t->block > 1;
	/* llama.cpp keeps norm weights in F32 and quantizes embeddings too */
	out->keep_default = out->quantized ? GS_KEEP_NORM : 0;
	out->keep_bits = R(32, 1);
	out->mixed_file_type = mixed;
	out->description = mixed ? "llama.cpp file type: per-tensor mix, base type shown"
	                         : "ggml type (bytes per block from ggml type traits)";
	out->source = "ggml type traits (ggml.c) and block structs (ggml-common.h)";
}

/* A llama.cpp file type that mixes ggml types ("Q4_K_M"), by name. */
static bool is_ftype_name(const char *name)
{
	for (size_t i = 0; i < NELEM(ggml_ftypes); i++)
		if (ieq(name, ggml_ftypes[i].ftype))
			return true;
	return false;
}

/* Parse "gptq", "gptq-g64", "gptq-g32-act", "gptq8-g128", "awq-g64",
 * "w4a16-g32". */
static int parse_group(const char *s, const char *fam, uint64_t *g, int *act)
{
	size_t n = strlen(fam);
	if (strncmp(s, fam, n) != 0)
		return 0;
	s += n;
	*g = 128;
	*act = 0;
	if (*s == 0)
		return 1;
	if (s[0] != '-' || s[1] != 'g')
		return 0;
	s += 2;
	uint64_t v = 0;
	int digits = 0;
	while (*s >= '0' && *s <= '9' && digits < 6) {
		v = v * 10 + (uint64_t)(*s - '0');
		s++;
		digits++;
	}
	if (!digits || v == 0)
		return 0;
	*g = v;
	if (strcmp(s, "-act") == 0 && strncmp(fam, "gptq", 4) == 0) {
		*act = 1;
		return 1;
	}
	return *s == 0;
}

/* A name that says only how many bits ("int4", "q4", "4bit", "4-bit",
 * "w4"): several formats store that many, in different bytes, so the
 * answer is the ones to choose from. True when the error was set. */
static bool vague_bits(const char *s, const char *text, const char *field, gs_error *err)
{
	static const char *const lead[] = {"int", "uint", "q", "w", ""};
	static const struct {
		unsigned bits;
		const char *choose;
	} rows[] = {
		{2, "gguf:Q2_K, gguf:IQ2_XS"},
		{3, "gguf:Q3_K_M, gguf:IQ3_XXS"},
		{4, "nf4, nf4-dq, fp4, nvfp4, mxfp4-linear, mxfp4-experts (gpt-oss), gguf:MXFP4, gptq "
		    "(4-bit, group 128), awq (group 128), gguf:Q4_K_M, gguf:Q4_0"},
		{5, "gguf:Q5_K_M, gguf:Q5_0"},
		{6, "gguf:Q6_K"},
		{8, "int8 (bitsandbytes LLM.int8), int8-channel (W8A8), fp8 (e4m3), gptq8, gguf:Q8_0"},
		{16, "bf16, fp16"},
	};
	for (size_t l = 0; l < NELEM(lead); l++) {
		size_t n = strlen(lead[l]);
		if (strncmp(s, lead[l], n))
			continue;
		char *end;
		unsigned long b = strtoul(s + n, &end, 10);
		if (end == s + n ||
		    !(*end == 0 || !strcmp(end, "bit") || !strcmp(end, "bits") || !strcmp(end, "-bit")))
			continue;
		for (size_t i = 0; i < NELEM(rows); i++)
			if (rows[i].bits == b) {
				gs_error_set(err, GS_EINPUT, field,
				             "\"%.40s\" says %lu bits per weight, which several formats "
				             "store, each in its own bytes: choose one of %s (gpusizer "
				             "formats lists them), or "
				             "give bits %lu for the quick calculator's figure",
				             text, b, rows[i].choose, b);
				return true;
			}
	}
	return false;
}

gs_status gs_format_parse(const char *text, const char *field, gs_format *out, gs_error *err)
{
	char s[48];
	size_t n = strlen(text);
	if (n == 0 || n >= sizeof s)
		goto unknown;
	for (size_t i = 0; i <= n; i++)
		s[i] = (char)tolower((unsigned char)text[i]);

	if (strncmp(s, "gguf:", 5) == 0) {
		const struct ggml_type *t = ggml_find(text + 5);
		if (t) {
			char shown[16];
			snprintf(shown, sizeof shown, "%s", t->name);
			from_ggml(t, false, shown, out);
			return GS_OK;
		}
		for (size_t i = 0; i < NELEM(ggml_ftypes); i++)
			if (ieq(text + 5, ggml_ftypes[i].ftype)) {
				from_ggml(ggml_find(ggml_ftypes[i].base), true, ggml_ftypes[i].ftype, out);
				return GS_OK;
			}
		return gs_error_set(err, GS_EINPUT, field,
		                    "unknown ggml type \"%.20s\"; expected one of F32 F16 BF16 Q4_0 Q4_1 "
		                    "Q5_0 Q5_1 Q8_0 IQ4_NL MXFP4 Q2_K Q3_K Q4_K Q5_K Q6_K Q8_K IQ1_S IQ1_M "
		                    "IQ2_XXS IQ2_XS IQ2_S IQ3_XXS IQ3_S IQ4_XS TQ1_0 TQ2_0 or a file type "
		                    "like Q4_K_M", text + 5);
	}
	if (strncmp(s, "bits:", 5) == 0) {
		gs_ratio r;
		if (gs_parse_ratio(s + 5, strlen(s + 5), field, 0, &r, err) || r.num == 0)
			return gs_error_set(err, GS_EINPUT, field, "\"%s\": expected bits:N with N > 0",
			                    text);
		gs_format_from_bits(r, out);
		return GS_OK;
	}
	/* a ggml type or llama.cpp file type named without its gguf: prefix
	 * ("Q4_K_M", "q8_0", "IQ4_XS", "F16") */
	if (strcmp(s, "bf16") != 0 && (ggml_find(text) || is_ftype_name(text))) {
		char pre[64];
		snprintf(pre, sizeof pre, "gguf:%.40s", text);
		return gs_format_parse(pre, field, out, err);
	}
	const char *alias = strcmp(s, "fp8") == 0 ? "fp8-e4m3" : strcmp(s, "float32") == 0 ? "fp32"
	                  : strcmp(s, "bfloat16") == 0 ? "bf16" : strcmp(s, "float16") == 0 ? "fp16" : s;
	const gs_format *row = named_row(alias);
	if (row) {
		*out = *row;
		return GS_OK;
	}
	uint64_t g;
	int act;
	if (parse_group(s, "w4a16", &g, &act)) {
		/* symmetric int4 of group g: a 16-bit scale per group, no zero
		 * point, the matrix's weight_shape (the w4a16-g128 row) */
		*out = *named_row("w4a16-g128");
		out->meta_bits = reduce(R(16, g));
		snprintf(out->name, sizeof out->name, "w4a16-g%llu", (unsigned long long)g);
		if (g != 128)
			out->description = "symmetric int4, group N (in the name): a 16-bit scale per group, "
			                   "no zero point, int64 weight_shape per matrix (compressed-tensors "
			                   "pack-quantized)";
		return GS_OK;
	}
	int is_gptq = parse_group(s, "gptq", &g, &act);
	int is_gptq8 = !is_gptq && parse_group(s, "gptq8", &g, &act);
	if (is_gptq || is_gptq8 || parse_group(s, "awq", &g, &act)) {
		/* the family's own row, found by its name: never by its place in
		 * the table, which grows */
		*out = *named_row(is_gptq || is_gptq8 ? "gptq-g128" : "awq-g128");
		/* per group: an fp16 scale and a zero point packed at the value width */
		uint64_t bits = is_gptq8 ? 8 : 4;
		out->value_bits = R(bits, 1);
		out->meta_bits = reduce(R(16 + bits, g));
		out->in_meta_bytes = act ? 4 : 0;
		snprintf(out->name, sizeof out->name, "%s-g%llu%s",
		         is_gptq    ? "gptq"
		         : is_gptq8 ? "gptq8"
		                    : "awq",
		         (unsigned long long)g, act ? "-act" : "");
		if (is_gptq8)
			out->description = act ? "GPTQ 8-bit, group N (in the name): fp16 scale + 8-bit zero "
			                         "per group, int32 g_idx per input feature (act-order)"
			                       : "GPTQ 8-bit, group N (in the name): fp16 scale + 8-bit zero "
			                         "per group";
		else if (g != 128 || act)
			out->description = is_gptq ? act ? "GPTQ 4-bit, group N (in the name): fp16 scale + "
			                                   "4-bit zero per group, int32 g_idx per input "
			                                   "feature (act-order)"
			                                 : "GPTQ 4-bit, group N (in the name): fp16 scale + "
			                                   "4-bit zero per group"
			                           : "AWQ 4-bit, group N (in the name): fp16 scale + 4-bit "
			                             "zero per group";
		return GS_OK;
	}
	if (vague_bits(s, text, field, err))
		return GS_EINPUT;
unknown:
	return gs_error_set(err, GS_EINPUT, field,
	                    "unknown format \"%.40s\"; expected fp32, bf16, fp16, fp8 (fp8-e4m3, fp8-e5m2, "
	                    "fp8-channel, fp8-block128), int8, int8-channel, nf4, nf4-dq, fp4, fp4-dq, "
	                    "nvfp4, nvfp4-experts, mxfp4-linear, mxfp4-experts, gptq[-gN][-act], "
	                    "gptq8[-gN][-act], awq[-gN], w4a16[-gN], gguf:TYPE or bits:N (see `gpusizer "
	                    "formats`)",
	                    text);
}

/* The KV-cache formats, the one list gs_kv_format_parse takes and the
 * formats verb names. */
static const char *const kv_names[] = {"fp32", "bf16", "fp16", "fp8", "fp8-e4m3", "fp8-e5m2",
                                       "q8_0", "q4_0", "q4_1", "q5_0", "q5_1", "iq4_nl"};

const char *gs_kv_format_name(size_t i)
{
	return i < NELEM(kv_names) ? kv_names[i] : NULL;
}

/* The llama.cpp file types a GGUF can be planned as: the mixes, then the
 * ggml types that are file types of their own (not I8..I64, F64, Q8_1, Q8_K). */
const char *gs_gguf_file_type_name(size_t i)
{
	if (i < NELEM(ggml_ftypes))
		return ggml_ftypes[i].ftype;
	i -= NELEM(ggml_ftypes);
	for (size_t k = 0; k < NELEM(ggml_ids); k++) {
		const char *n = ggml_ids[k].name;
		if (n[0] == 'I' && n[1] >= '0' && n[1] <= '9')
			continue; /* I8, I16, I32, I64: integer tensors, no file type */
		if (!strcmp(n, "F64") || !strcmp(n, "Q8_1") || !strcmp(n, "Q8_K"))
			continue; /* only inside a computation */
		if (i-- == 0)
			return n;
	}
	return NULL;
}

gs_status gs_kv_format_parse(const char *text, const char *field, gs_format *out, gs_error *err)
{
	const char *const *ok = kv_names;
	for (size_t i = 0; i < NELEM(kv_names); i++) {
		if (!ieq(text, ok[i]))
			continue;
		if (text[0] == 'q' || text[0] == 'Q' || text[0] == 'i' || text[0] == 'I') {
			from_ggml(ggml_find(text), false, ggml_find(text)->name, out);
			out->keep_default = 0;
			return GS_OK;
		}
		gs_status s = gs_format_parse(text, field, out, err);
		out->matrix_meta_bytes = 0; /* a per-tensor KV scale is a few bytes: left out */
		out->keep_default = 0;
		return s;
	}
	return gs_error_set(err, GS_EINPUT, field,
	                    "unknown KV-cache format \"%.40s\"; expected fp32, bf16, fp16, fp8, "
	                    "fp8-e4m3, fp8-e5m2, q8_0, q4_0, q4_1, q5_0, q5_1 or iq4_nl", text);
}

/* The module classes a format keeps aside, by the names --keep takes. */
static const struct {
	unsigned bit;
	const char *name;
} keep_classes[] = {{GS_KEEP_EMBED, "embed"}, {GS_KEEP_LM_HEAD, "lm_head"}, {GS_KEEP_NORM, "norm"}};

const char *gs_keep_class(size_t i, unsigned *bit)
{
	if (i >= NELEM(keep_classes))
		return NULL;
	if (bit)
		*bit = keep_classes[i].bit;
	return keep_classes[i].name;
}

gs_status gs_keep_parse(const char *text, const char *field, int *mask, gs_error *err)
{
	if (strcmp(text, "default") == 0) {
		*mask = -1;
		return GS_OK;
	}
	if (strcmp(text, "none") == 0) {
		*mask = 0;
		return GS_OK;
	}
	int m = 0;
	const char *p = text;
	while (*p) {
		const char *e = strchr(p, ',');
		size_t n = e ? (size_t)(e - p) : strlen(p), k = 0;
		while (k < NELEM(keep_classes) &&
		       !(strlen(keep_classes[k].name) == n && !strncmp(p, keep_classes[k].name, n)))
			k++;
		if (k < NELEM(keep_classes))
			m |= (int)keep_classes[k].bit;
		else
			return gs_error_set(err, GS_EINPUT, field,
			                    "unknown module class \"%.*s\"; expected a comma list of embed, "
			                    "lm_head, norm, or \"none\" or \"default\"",
			                    (int)(n > 40 ? 40 : n), p);
		p += n;
		if (*p == ',')
			p++;
	}
	*mask = m;
	return GS_OK;
}
