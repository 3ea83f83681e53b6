/* test_estimate.c — worked values of docs/method.md, pinned. */
#include <stdlib.h>
#include <math.h>
#include "helpers.h"
#include "gpusizer/interval.h"
#include "model/ollama_tag.h"

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
	/* against a device: the margin is capacity minus the peak phase; under
	 * Transformers the capacity is the CUDA total torch allocates from (the
	 * device table's 25254407700 B for an RTX 4090), not nvidia-smi's */
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Meta-Llama-3-8B.json"), GS_F_LENGTH, "8192",
	             GS_F_GPU, "RTX 4090", END);
	assert_true(E->verdict.fits);
	assert_int_equal(E->verdict.rule, GS_RULE_PEAK);
	assert_int_equal(E->capacity, 25254407700ull);
	assert_int_equal(E->verdict.margin, 25254407700ull - 18689519872ull);
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Meta-Llama-3-8B.json"), GS_F_LENGTH, "8192",
	             GS_F_CAPACITY, "18689519871B", END);
	assert_false(E->verdict.fits);
	assert_int_equal(E->verdict.shortfall, 1);
	/* concurrency scales the cache linearly */
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Meta-Llama-3-8B.json"), GS_F_LENGTH, "8192",
	             GS_F_CONCURRENCY, "4", GS_F_KV_FORMAT, "fp8", END);
	assert_int_equal(item_at(E, "kv_cache", 2), 2147483648ull);
}

/* An encoder runs one forward pass: two phases, no KV cache, and the
 * head's output as logits (method.md §5, "Encoders"). */
static void test_encoder_forward(void **st)
{
	(void)st;
	gs_model m;
	run_estimate(E, &m, GS_F_MODEL, CFG("google-bert__bert-large-uncased.json"), GS_F_LENGTH, "512",
	             GS_F_CONCURRENCY, "8", END);
	assert_int_equal(E->n_phases, 2);
	assert_string_equal(E->phases[1].id, "forward");
	assert_int_equal(item_at(E, "kv_cache", 1), 0);
	/* the MLM head scores every position: 8 x 512 x 30522 x 2 B */
	assert_int_equal(item_at(E, "logits", 1), 250036224ull);
	/* sdpa: max(MLP 4096 x 2 x 4096 x 2, attention 4096 x 7 x 1024 x 2) + residual 2 x 4096 x 1024 x 2 */
	assert_int_equal(item_at(E, "activations", 1), 67108864ull + 16777216ull);
	/* the sequence classifier: 8 x 2 labels x 2 B */
	run_estimate(E, &m, GS_F_MODEL, TCFG("bert-large-uncased-seqcls.json"), GS_F_LENGTH, "512",
	             GS_F_CONCURRENCY, "8", END);
	assert_int_equal(item_at(E, "logits", 1), 32);
	/* BertModel returns hidden states: no logits of its own */
	run_estimate(E, &m, GS_F_MODEL, TCFG("bert-base-uncased-bertmodel.json"), GS_F_LENGTH, "128", END);
	assert_int_equal(item_at(E, "logits", 1), 0);
	/* an engine's rules are for generating decoders: refused */
	expect_estimate_error(E, GS_EUNSUPPORTED, "is an encoder", GS_F_MODEL,
	                      CFG("google-bert__bert-large-uncased.json"), GS_F_LENGTH, "512", GS_F_RUNTIME,
	                      "vllm", GS_F_CAPACITY, "24GiB", END);
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

/* Whether one of the estimate's unknowns contains `text`. */
static bool has_unknown(const gs_estimate *e, const char *text)
{
	for (size_t i = 0; i < e->n_unknowns; i++)
		if (strstr(e->unknowns[i], text))
			return true;
	return false;
}

/* A config.json asking for eager attention (google/gemma-2-27b's) is sized
 * eager unless the workload names an attention; an unknown says why. */
static void test_config_attention(void **st)
{
	(void)st;
	gs_model m;
	run_estimate(E, &m, GS_F_MODEL, CFG("google__gemma-2-27b.json"), GS_F_LENGTH, "2048", END);
	assert_int_equal(E->attention, GS_ATTN_IMPL_EAGER);
	assert_true(has_unknown(E, "_attn_implementation eager"));
	run_estimate(E, &m, GS_F_MODEL, CFG("google__gemma-2-27b.json"), GS_F_LENGTH, "2048", GS_F_ATTENTION,
	             "sdpa", END);
	assert_int_equal(E->attention, GS_ATTN_IMPL_SDPA);
	assert_false(has_unknown(E, "_attn_implementation eager"));
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_LENGTH, "2048", END);
	assert_int_equal(E->attention, GS_ATTN_IMPL_SDPA);
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
	/* MXFP4 from gpt-oss-20b's quantization_config: 19,110,297,600 expert
	 * weights x 4 bits + an E8M0 scale per 32, the other 1,804,459,584 in
	 * bf16 (13.76 GB, the checkpoint's size); LoRA trains a dequantized copy */
	run_estimate(E, &m, GS_F_MODEL, CFG("openai__gpt-oss-20b.json"), END);
	assert_true(E->format_from_checkpoint);
	assert_int_equal(item_at(E, "weights", 0), 9555148800ull);
	assert_int_equal(item_at(E, "quant_metadata", 0), 597196800ull);
	assert_int_equal(item_at(E, "other_format_modules", 0), 3608919168ull);
	run_estimate(E, &m, GS_F_MODEL, CFG("openai__gpt-oss-20b.json"), GS_F_TASK, "lora", GS_F_LORA_TARGETS,
	             "all-linear", END);
	assert_false(E->format_from_checkpoint);
	assert_string_equal(E->format.name, "bf16");
	/* vLLM keeps a GGUF's blocks (its gguf quantization); Transformers
	 * dequantizes them when it loads the file (issue 50 item 5) */
	run_estimate(E, &m, GS_F_MODEL, cfg, GS_F_FORMAT, "gguf:Q4_K_M", GS_F_RUNTIME, "vllm", END);
	assert_true(E->format.mixed_file_type);
	assert_string_equal(E->kv_format.name, "fp16");
	expect_estimate_error(E, GS_EINPUT, "Transformers dequantizes a GGUF when it loads it", GS_F_MODEL,
	                      cfg, GS_F_FORMAT, "gguf:Q4_K_M", END);
}

static void test_mla_and_moe(void **st)
{
	(void)st;
	gs_model m;
	/* the checkpoint's quantization_config (fp8, 128x128 blocks) is the default format */
	run_estimate(E, &m, GS_F_MODEL, CFG("deepseek-ai__DeepSeek-V3.json"), GS_F_LENGTH, "1000", END);
	assert_int_equal(item_at(E, "kv_cache", 1), 61ull * 40960 * 1000 * 2);
	assert_true(E->format_from_checkpoint);
	assert_string_equal(E->format.name, "fp8-block128");
	/* told otherwise: the told format, with the disagreement listed */
	run_estimate(E, &m, GS_F_MODEL, CFG("deepseek-ai__DeepSeek-V3.json"), GS_F_LENGTH, "1000",
	             GS_F_FORMAT, "bf16", END);
	bool noted = false;
	for (size_t i = 0; i < E->n_unknowns; i++)
		noted |= strstr(E->unknowns[i], "disagrees with config.json's quantization_config") != NULL;
	assert_true(noted);
	run_estimate(E, &m, GS_F_MODEL, CFG("deepseek-ai__DeepSeek-V3.json"), GS_F_LENGTH, "1000",
	             GS_F_RUNTIME, "vllm", END);
	assert_int_equal(item_at(E, "kv_cache", 2), 63ull * 16 * 61 * 576 * 2); /* 63 blocks, latent */
	/* Mixtral under vLLM 0.10.1 on an H200 (8192 profile tokens): the fused-experts
	 * workspace, 8192 x top-2 x (max(2 x 14336, 4096) + 14336) x 2 B, + router
	 * 8192 x (8 x 4 + 2 x 8) + residual 2 x 8192 x 4096 x 2, beats the dense
	 * estimate (839122944 B) */
	run_estimate(E, &m, GS_F_MODEL, CFG("mistralai__Mixtral-8x7B-v0.1.json"), GS_F_RUNTIME, "vllm",
	             GS_F_GPU, "H200", GS_F_LENGTH, "8192", END);
	assert_int_equal(E->vllm.profile_tokens, 8192);
	assert_int_equal(item_at(E, "activations", 1), 1409286144ull + 393216ull + 134217728ull);
}

static void test_vllm_budget(void **st)
{
	(void)st;
	gs_model m;
	/* calibration record vllm-issue10517 (RTX 3090, Llama-3.1-8B, 20000 tokens):
	 * vLLM 0.6.4 profiles max(max_model_len, 2048) = 20000 tokens */
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "vllm",
	             GS_F_RUNTIME_VERSION, "0.6.4", GS_F_CAPACITY, "23.58GiB", GS_F_CUDA_TOTAL, "23.58GiB",
	             GS_F_LENGTH, "20000", END);
	assert_true(E->has_vllm);
	assert_false(E->vllm.v1);
	assert_int_equal(E->vllm.profile_tokens, 20000);
	assert_int_equal(E->vllm.profile_seqs, 256);
	assert_int_equal(E->vllm.budget, 22786948989ull);
	assert_int_equal(E->vllm.block_bytes, 16ull * 131072);
	/* weights 16060522496 + 0.34 GiB 365072220 + activations 2048000000 + the
	 * layer's input V0's layer loop holds, 20000 x 4096 x 2 = 163840000; the
	 * sampler stage (20000 x 4096 x 2 + 256 x 128256 x 38 B) stays below the
	 * forward peak, so the logits add 0 */
	assert_int_equal(item_at(E, "activations", 1), 2048000000ull + 163840000ull);
	assert_int_equal(item_at(E, "logits", 1), 0);
	assert_int_equal(E->vllm.kv_available, 22786948989ull - 18637434716ull);
	assert_int_equal(E->vllm.blocks, 1978);         /* vLLM logged 1952 */
	assert_int_equal(E->vllm.max_concurrency_milli, 1582); /* vLLM logged 1.56x */
	assert_true(E->verdict.pool_holds);
	/* CUDA graphs come after the pool: on top of the budget, not inside it */
	assert_int_equal(item_at(E, "cuda_graphs", 2), 512ull << 20);
	/* above 32768 tokens V0 turns chunked prefill on: 512 tokens in 0.6.4, 2048 in 0.7.3 */
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "vllm",
	             GS_F_RUNTIME_VERSION, "0.6.4", GS_F_CAPACITY, "80GiB", GS_F_LENGTH, "40000", END);
	assert_int_equal(E->vllm.profile_tokens, 512);
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "vllm",
	             GS_F_RUNTIME_VERSION, "0.7.3", GS_F_CAPACITY, "80GiB", GS_F_LENGTH, "40000", END);
	assert_int_equal(E->vllm.profile_tokens, 2048);
	/* 0.7.3's V0 cache engine pads DeepSeek-V3's MLA latent entry (576 x 2 B)
	 * to 1280 B a layer (align_to_256bytes); 0.8.5 and 0.10.1 do not */
	static const struct {
		const char *version;
		uint64_t block;
	} mla[] = {{"0.7.3", 61ull * 16 * 1280}, {"0.8.5", 61ull * 16 * 1152}, {"0.10.1", 61ull * 16 * 1152}};
	for (size_t i = 0; i < sizeof mla / sizeof mla[0]; i++) {
		run_estimate(E, &m, GS_F_MODEL, CFG("deepseek-ai__DeepSeek-V3.json"), GS_F_RUNTIME, "vllm",
		             GS_F_RUNTIME_VERSION, mla[i].version, GS_F_TP, "8", GS_F_GPUS, "8", GS_F_GPU,
		             "H200", GS_F_LENGTH, "32768", END);
		assert_int_equal(E->vllm.block_bytes, mla[i].block);
	}
	/* DeepSeek-V3 FP8 at tp 8 under 0.7.3 (record
	 * vllm-h200-deepseek-r1-fp8-tp8-v073): q_a_proj, kv_a_proj_with_mqa and the
	 * router replicated, 7/8 of 61 x 7168 x 2112 fp8 B (+ a 4-byte scale per
	 * 128 x 128 block) + 58 x 256 x 7168 x 2 B beyond the weights' / tp; the
	 * absorbed matrices per GPU, 61 x (W_QR 1536
	 * x 16 x 64 x 2 + kv_b_proj dequantized 512 x 16 x 256 x 2 + W_Q_UK 1536 x
	 * 16 x 512 + W_UV_O 16 x 512 x 7168 at 1 B) */
	run_estimate(E, &m, GS_F_MODEL, CFG("deepseek-ai__DeepSeek-V3.json"), GS_F_RUNTIME, "vllm",
	             GS_F_RUNTIME_VERSION, "0.7.3", GS_F_TP, "8", GS_F_GPUS, "8", GS_F_GPU, "H200",
	             GS_F_LENGTH, "32768", END);
	uint64_t rep = 61ull * 7168 * 2112 + 61ull * 7168 * 2112 / 4096 + 58ull * 256 * 7168 * 2;
	assert_int_equal(item_at(E, "tp_replicated", 0), rep - rep / 8);
	assert_int_equal(item_at(E, "mla_absorbed", 0),
	                 61ull * (1536ull * 16 * 64 * 2 + 512ull * 16 * 256 * 2 + 1536ull * 16 * 512 +
	                          16ull * 512 * 7168));
	/* 0.8.5 keeps no absorbed copies; the replication stays */
	run_estimate(E, &m, GS_F_MODEL, CFG("deepseek-ai__DeepSeek-V3.json"), GS_F_RUNTIME, "vllm",
	             GS_F_RUNTIME_VERSION, "0.8.5", GS_F_TP, "8", GS_F_GPUS, "8", GS_F_GPU, "H200",
	             GS_F_LENGTH, "32768", END);
	assert_null(gs_estimate_item(E, "mla_absorbed"));
	assert_int_equal(item_at(E, "tp_replicated", 0), rep - rep / 8);
	/* 0.6.4 has no MLA: DeepSeek-V2-Lite caches 16 heads x K and V at head
	 * size 256 a layer (27 layers), and DeepSeek-V3 is refused */
	run_estimate(E, &m, GS_F_MODEL, CFG("deepseek-ai__DeepSeek-V2-Lite.json"), GS_F_RUNTIME, "vllm",
	             GS_F_RUNTIME_VERSION, "0.6.4", GS_F_GPU, "A100 80GB", GS_F_LENGTH, "8192", END);
	assert_int_equal(E->vllm.block_bytes, 27ull * 16 * 16 * 2 * 256 * 2);
	expect_estimate_error(E, GS_EINPUT, "no DeepseekV3ForCausalLM", GS_F_MODEL,
	                      CFG("deepseek-ai__DeepSeek-V3.json"), GS_F_RUNTIME, "vllm",
	                      GS_F_RUNTIME_VERSION, "0.6.4", GS_F_LENGTH, "8192", END);
	/* without a capacity: the sheet's need, and the pool listed as unknown */
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "vllm",
	             GS_F_LENGTH, "8192", GS_F_CONCURRENCY, "2", END);
	assert_false(E->has_vllm);
	assert_int_equal(item_at(E, "kv_cache", 2), 2ull * 512 * 16 * 131072);
}

/* Llama-3.1-8B under vLLM `version` on an L40S at `length` tokens, with one
 * more (field, "value") pair, or none: an `extra` of END ends the list. */
static void l31_l40s(const char *version, const char *length, int extra, const char *value)
{
	gs_model m;
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "vllm",
	             GS_F_RUNTIME_VERSION, version, GS_F_GPU, "L40S", GS_F_LENGTH, length, extra, value, END);
}

/* V1's batch defaults by release: 0.8.4 picks H100/H200 by name, 0.8.5 any
 * GPU of 70 GiB or more (an A100 80GB, a B200 too), 0.9.0 and later the same
 * but not an A100; the LLM class doubles the tokens. */
/* "0.10.1.1" (or "0.5.3.post2") as one number that sorts as the release
 * does (up to four parts of at most 16 bits); a string that is not such a
 * number fails. */
static unsigned long long release_key(const char *s)
{
	unsigned long long key = 0;
	int parts = 0;
	for (;;) {
		char *end;
		unsigned long part = strtoul(s, &end, 10);
		assert_true(end > s && part < 65536 && parts < 4);
		key = key << 16 | part;
		parts++;
		if (*end != '.')
			break;
		s = end + 1;
		if (parts == 3 && !strncmp(s, "post", 4)) /* 0.5.3.post2: the fourth part */
			s += 4;
	}
	assert_true(parts >= 3);
	return key << 16 * (4 - parts);
}

static void test_vllm_releases(void **st)
{
	(void)st;
	gs_model m;
	static const struct {
		const char *version, *gpu, *entry;
		uint64_t tokens, seqs;
	} cases[] = {
		{"0.10.1", "H200", "serve", 8192, 1024},   {"0.10.1", "A100 80GB", "serve", 2048, 256},
		{"0.10.1", "B200", "serve", 8192, 1024},   {"0.8.4", "B200", "serve", 2048, 256},
		{"0.8.4", "H100 SXM", "llm", 16384, 1024}, {"0.10.1", "RTX 4090", "llm", 8192, 256},
		{"0.8.5", "A100 80GB", "serve", 8192, 1024}, {"0.8.5", "B200", "llm", 16384, 1024},
		{"0.8.5", "L40S", "serve", 2048, 256},     {"0.9.0", "A100 80GB", "serve", 2048, 256},
		{"0.9.0", "H100 SXM", "serve", 8192, 1024},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "vllm",
		             GS_F_RUNTIME_VERSION, cases[i].version, GS_F_GPU, cases[i].gpu, GS_F_ENTRYPOINT,
		             cases[i].entry, GS_F_LENGTH, "4096", END);
		assert_true(E->vllm.v1);
		assert_int_equal(E->vllm.profile_tokens, cases[i].tokens);
		assert_int_equal(E->vllm.profile_seqs, cases[i].seqs);
		assert_string_equal(E->runtime_version, cases[i].version);
		/* only 0.8.4 to 0.9.0 count other processes' memory as their own
		 * (release field; PR #19312 came after 0.9.0) */
		assert_int_equal(has_unknown(E, "each GiB they hold comes off the KV pool"),
		                 !strncmp(cases[i].version, "0.8.", 4) || !strcmp(cases[i].version, "0.9.0"));
	}
	/* a version between two known releases: the older one, said so */
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "vllm",
	             GS_F_RUNTIME_VERSION, "v0.9.2", GS_F_GPU, "RTX 4090", GS_F_LENGTH, "4096", END);
	assert_string_equal(E->runtime_version, "0.9.0");
	assert_non_null(strstr(E->release_note, "0.9.2 is not in the release table"));
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "vllm",
	             GS_F_RUNTIME_VERSION, "0.6.4.post1", GS_F_GPU, "RTX 4090", GS_F_LENGTH, "4096", END);
	/* a post release is a release of its own (0.6.4.1; SGLang's 0.5.3.post2
	 * changed its rules): not read, so the row before, said so */
	assert_string_equal(E->runtime_version, "0.6.4");
	assert_non_null(strstr(E->release_note, "0.6.4.post1 is not in the release table"));
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "vllm",
	             GS_F_RUNTIME_VERSION, "v0.6.4", GS_F_GPU, "RTX 4090", GS_F_LENGTH, "4096", END);
	assert_string_equal(E->release_note, "");
	/* between the last V0 row and the first V1 row (0.8.0 made V1 the
	 * default): neither row describes it, refused */
	expect_estimate_error(E, GS_EINPUT,
	                      "changed between 0.7.3 and 0.8.4: 0.8.0 made the V1 engine the default",
	                      GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "vllm",
	                      GS_F_RUNTIME_VERSION, "0.8.2", END);
	/* newer than every row: the newest row's rules, the verdict to confirm
	 * with the release named, the drift of the last two rows measured
	 * (issue 46) */
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "vllm",
	             GS_F_RUNTIME_VERSION, "0.99.0", GS_F_GPU, "RTX 4090", GS_F_LENGTH, "4096", END);
	assert_true(E->release_newer);
	assert_string_equal(E->release_asked, "0.99.0");
	assert_true(E->release_drift >= 0);
	assert_int_equal(E->verdict.klass, GS_CLASS_TO_CONFIRM);
	assert_non_null(strstr(E->verdict.condition, "vLLM 0.99.0 is newer than the rules read"));
	/* older than every row, or not a version: refused */
	static const char *const bad[] = {"0.5.4", "0.1", "latest", "1"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		expect_estimate_error(E, GS_EINPUT,
		                      "0.6.4, 0.7.3, 0.8.4, 0.8.5, 0.9.0 (for 0.9.0 to 0.9.0.1), 0.10.1 (for "
		                      "0.10.1 to 0.10.1.1), 0.11.0, 0.11.1 (for 0.11.1 to 0.11.2), 0.12.0, "
		                      "0.13.0, 0.14.0 (for 0.14.0 to 0.14.1), 0.15.0 (for 0.15.0 to 0.15.1), "
		                      "0.16.0, 0.17.0, 0.18.0 (for 0.18.0 to 0.18.1), 0.19.0 (for 0.19.0 to "
		                      "0.19.1), 0.20.0, 0.20.1 (for 0.20.1 to 0.20.2), 0.21.0",
		                      GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "vllm",
		                      GS_F_RUNTIME_VERSION, bad[i], END);
	/* every release an engine's table knows is in runtime_version's help:
	 * the refusal lists the table, the help is written by hand */
	static const char *const engines[] = {"vllm", "sglang", "ollama"};
	for (size_t i = 0; i < sizeof engines / sizeof engines[0]; i++) {
		gs_workload w;
		gs_error err;
		load_workload(&w, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME,
		              engines[i], GS_F_FORMAT, !strcmp(engines[i], "ollama") ? "Q4_K_M" : "bf16",
		              GS_F_RUNTIME_VERSION, "latest", END);
		assert_int_equal(gs_estimate_run(&w, &m, E, &err), GS_EINPUT);
		const char *known = strstr(err.msg, "known releases: ");
		assert_non_null(known);
		char list[sizeof err.msg], help[GS_FIELD_HELP_MAX]; /* the list is part of the message */
		snprintf(list, sizeof list, "%s", known + strlen("known releases: "));
		gs_render_field_help(GS_F_RUNTIME_VERSION, help, sizeof help);
		assert_true(strlen(help) < sizeof help - 1);
		unsigned long long prev = 0;
		/* entries "0.21.0" or "0.5.4 (for 0.5.2 to 0.5.11)", ", " between */
		for (char *v = list, *next; v; v = next) {
			next = strstr(v, ", ");
			if (next) {
				*next = 0;
				next += 2;
			}
			char want[64]; /* a release, or a range of two: a longer one is a bug of the table */
			assert_true(snprintf(want, sizeof want, " %s", v) < (int)sizeof want);
			assert_non_null(strstr(help, want));
			/* the table keeps only version strings: each must be a
			 * release number that picks its own row; a range must hold
			 * its row and its ends pick it too; rows and ranges run
			 * oldest first without overlapping */
			char ends[2][24]; /* a range's ends, when it has one */
			unsigned n = 0;
			char *range = strstr(v, " (for ");
			if (range) {
				assert_int_equal(sscanf(range, " (for %23[0-9.post] to "
				                               "%23[0-9.post])", ends[0],
				                        ends[1]),
				                 2);
				*range = 0; /* v is the row's version from here */
				n = 2;
			}
			unsigned long long row = release_key(v);
			unsigned long long first = n ? release_key(ends[0]) : row,
					   last = n ? release_key(ends[1]) : row;
			assert_true(first > prev && first <= row && row <= last);
			prev = last;
			for (unsigned k = 0; k < n; k++) {
				snprintf(want, sizeof want, "%s", ends[k]);
				gs_workload wr;
				gs_model mr;
				load_workload(&wr, &mr, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"),
				              GS_F_RUNTIME, engines[i], GS_F_FORMAT,
				              !strcmp(engines[i], "ollama") ? "Q4_K_M" : "bf16",
				              GS_F_RUNTIME_VERSION, want, END);
				assert_int_equal(gs_estimate_run(&wr, &mr, E, &err), GS_OK);
				assert_string_equal(E->runtime_version, v);
			}
			assert_true(snprintf(want, sizeof want, "%s", v) < (int)sizeof want);
			gs_workload wv;
			gs_model mv;
			load_workload(&wv, &mv, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"),
			              GS_F_RUNTIME, engines[i], GS_F_FORMAT,
			              !strcmp(engines[i], "ollama") ? "Q4_K_M" : "bf16", GS_F_RUNTIME_VERSION,
			              want, END);
			assert_int_equal(gs_estimate_run(&wv, &mv, E, &err), GS_OK);
			assert_string_equal(E->runtime_version, want);
			assert_string_equal(E->release_note, "");
		}
	}
	/* LoRA slots: 4 x rank 64 x (32 layers x 81920 + 2 x 128512 + 2 x 4096) + 256 x 4096, x 2 B */
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "vllm", GS_F_GPU,
	             "H200", GS_F_LENGTH, "4096", GS_F_MAX_LORAS, "4", GS_F_MAX_LORA_RANK, "64", END);
	assert_int_equal(item_at(E, "lora_slots", 0), 4ull * 185794560 * 2);
}

/* Where the communicators' memory goes: until 0.10.1 vLLM took its memory
 * snapshot before setting up NCCL and custom all-reduce, so their buffers
 * (1 GiB a GPU in gpusizer's runtime_context) came off the KV pool; 0.11.0
 * sets them up first (PR #25359), so the snapshot holds them and the pool
 * is 1 GiB larger. Llama-3.1-70B at tp 4 on H100 SXM (CUDA total
 * 85,020,639,232 B, budget floor(0.9 x that) = 76,518,575,308 B, 1,310,720 B
 * a block): fixed 41,840,582,492 B gives 26457 blocks, without the 1 GiB
 * 40,766,840,668 B gives 27276. At tp 1 the two releases agree. */
static void test_vllm_comm_baseline(void **st)
{
	(void)st;
	gs_model m;
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-70B-Instruct.json"), GS_F_RUNTIME, "vllm",
	             GS_F_RUNTIME_VERSION, "0.10.1", GS_F_GPU, "H100 SXM", GS_F_TP, "4", GS_F_GPUS, "4",
	             GS_F_LENGTH, "32768", END);
	assert_int_equal(E->vllm.blocks, 26457);
	assert_int_equal(E->vllm.kv_available, 76518575308ull - 41840582492ull);
	gs_bytes ctx = item_at(E, "runtime_context", 1);
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-70B-Instruct.json"), GS_F_RUNTIME, "vllm",
	             GS_F_RUNTIME_VERSION, "0.11.0", GS_F_GPU, "H100 SXM", GS_F_TP, "4", GS_F_GPUS, "4",
	             GS_F_LENGTH, "32768", END);
	assert_int_equal(E->vllm.kv_available, 76518575308ull - 40766840668ull);
	assert_int_equal(E->vllm.blocks, 27276);
	/* the buffers are still on the GPU: the item keeps them */
	assert_int_equal(item_at(E, "runtime_context", 1), ctx);
	assert_non_null(strstr(gs_estimate_item(E, "kv_cache")->formula, "outside gpu_memory_utilization's "
	                                                                 "budget"));
	/* the estimate cites the change it applies, whole: release_source is
	 * the table's own text */
	assert_non_null(strstr(E->release_source, "PR #25359"));
	assert_non_null(strstr(E->release_source, "quantization/mxfp4.py"));
	/* a measured runtime context is taken as given, in the budget */
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-70B-Instruct.json"), GS_F_RUNTIME, "vllm",
	             GS_F_RUNTIME_VERSION, "0.11.0", GS_F_GPU, "H100 SXM", GS_F_TP, "4", GS_F_GPUS, "4",
	             GS_F_RUNTIME_CONTEXT, "1.34GiB", GS_F_LENGTH, "32768", END);
	assert_int_equal(E->vllm.blocks, 26457);
	/* one GPU: nothing to leave out */
	uint64_t blocks[2];
	const char *rel[2] = {"0.10.1", "0.11.0"};
	for (int i = 0; i < 2; i++) {
		l31_l40s(rel[i], "32768", END, NULL);
		blocks[i] = E->vllm.blocks;
	}
	assert_int_equal(blocks[0], blocks[1]);
}

/* Mixtral-8x7B on an H200 at 32768 profile tokens under vLLM `version`:
 * the profile run's activations, where the fused-experts workspace
 * dominates (its chunk is what releases change). */
static gs_bytes mixtral_profile_activations(const char *version)
{
	gs_model m;
	run_estimate(E, &m, GS_F_MODEL, CFG("mistralai__Mixtral-8x7B-v0.1.json"), GS_F_RUNTIME, "vllm",
	             GS_F_RUNTIME_VERSION, version, GS_F_GPU, "H200", GS_F_MAX_NUM_BATCHED_TOKENS, "32768",
	             GS_F_LENGTH, "32768", END);
	return item_at(E, "activations", 1);
}

/* The releases after 0.11.0 (0.11.1 to 0.16.0), read at their tags: they
 * budget, profile and sample as 0.11.0 does, so Llama-3.1-8B on an L40S
 * gets 0.11.0's pool from every one of them. Worked value (record
 * vllm-a100-40g-llama31-8b-llm-eager-v0151, vLLM 0.15.1, 157,936 tokens
 * logged): Llama-3.1-8B-Instruct through the LLM class on an A100 40GB at
 * 131072 tokens profiles 8192 tokens and 256 requests; budget
 * floor(0.9 x 42,298,834,944) = 38,068,951,449 B, fixed 17,740,377,948 B,
 * 2,097,152 B a block: 9693 blocks, 155,088 tokens. What changes:
 * VLLM_FUSED_MOE_CHUNK_SIZE 32768 -> 16384 in 0.12.0 (Mixtral at 32768
 * profile tokens: the fused-experts workspace of 16384 tokens x top-2 x
 * (2 x 14336 + 14336) x 2 B, 2,818,572,288 B less), FlashInfer's sampler
 * opt-in from 0.11.1, and Marlin for MXFP4 experts on compute capability
 * 11.0 and later from 0.12.0. */
static void test_vllm_later_releases(void **st)
{
	(void)st;
	gs_model m;
	static const char *const later[] = {"0.11.1", "0.12.0", "0.13.0", "0.14.0", "0.15.0", "0.16.0"};
	l31_l40s("0.11.0", "32768", END, NULL);
	uint64_t blocks_0110 = E->vllm.blocks;
	assert_true(has_unknown(E, "the larger path")); /* 0.11.0 takes FlashInfer whenever it imports */
	for (size_t i = 0; i < sizeof later / sizeof later[0]; i++) {
		l31_l40s(later[i], "32768", END, NULL);
		assert_string_equal(E->runtime_version, later[i]);
		assert_int_equal(E->vllm.blocks, blocks_0110);
		assert_true(has_unknown(E, "with VLLM_USE_FLASHINFER_SAMPLER=1 it takes FlashInfer's"));
	}
	/* the worked value, under 0.16.0 */
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B-Instruct.json"), GS_F_RUNTIME, "vllm",
	             GS_F_RUNTIME_VERSION, "0.16.0", GS_F_GPU, "A100 40GB", GS_F_ENTRYPOINT, "llm",
	             GS_F_LENGTH, "131072", END);
	assert_string_equal(E->runtime_version, "0.16.0");
	assert_int_equal(E->vllm.profile_tokens, 8192);
	assert_int_equal(E->vllm.profile_seqs, 256);
	assert_int_equal(E->vllm.budget, 38068951449ull);
	assert_int_equal(E->vllm.kv_available, 38068951449ull - 17740377948ull);
	assert_int_equal(E->vllm.blocks, 9693);
	assert_int_equal(E->vllm.tokens, 155088);
	/* 0.15.1, a patch release whose files were compared with 0.15.0's: that
	 * row, said so, and no unknown; 0.17.1, not covered by its row: the
	 * older row's rules, named as an unknown; vLLM's four-part 0.10.1.1 */
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B-Instruct.json"), GS_F_RUNTIME, "vllm",
	             GS_F_RUNTIME_VERSION, "0.15.1", GS_F_GPU, "A100 40GB", GS_F_ENTRYPOINT, "llm",
	             GS_F_LENGTH, "131072", END);
	assert_string_equal(E->runtime_version, "0.15.0");
	assert_int_equal(E->vllm.blocks, 9693);
	assert_non_null(strstr(E->release_note, "0.15.1 estimates as 0.15.0 does"));
	assert_false(has_unknown(E, "runtime_version"));
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B-Instruct.json"), GS_F_RUNTIME, "vllm",
	             GS_F_RUNTIME_VERSION, "0.17.1", GS_F_GPU, "A100 40GB", END);
	assert_string_equal(E->runtime_version, "0.17.0");
	assert_true(has_unknown(E, "runtime_version: 0.17.1 is not in the release table"));
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B-Instruct.json"), GS_F_RUNTIME, "vllm",
	             GS_F_RUNTIME_VERSION, "0.10.1.1", GS_F_GPU, "A100 40GB", END);
	assert_string_equal(E->runtime_version, "0.10.1");
	assert_false(has_unknown(E, "runtime_version"));
	expect_estimate_error(E, GS_EINPUT, "\"0.10.1.1.1\" is not a release number", GS_F_MODEL,
	                      CFG("meta-llama__Llama-3.1-8B-Instruct.json"), GS_F_RUNTIME, "vllm",
	                      GS_F_RUNTIME_VERSION, "0.10.1.1.1", END);
	/* the MoE chunk */
	assert_int_equal(mixtral_profile_activations("0.11.1") - mixtral_profile_activations("0.12.0"),
	                 16384ull * 2 * (2 * 14336 + 14336) * 2);
	/* MXFP4 experts on an RTX 5090 (12.0): Marlin's padding from 0.12.0,
	 * named as another backend before */
	run_estimate(E, &m, GS_F_MODEL, CFG("openai__gpt-oss-20b.json"), GS_F_RUNTIME, "vllm",
	             GS_F_RUNTIME_VERSION, "0.12.0", GS_F_GPU, "RTX 5090", GS_F_LENGTH, "8192", END);
	assert_non_null(gs_estimate_item(E, "marlin_padding"));
	assert_false(has_unknown(E, "this GPU takes another backend"));
	run_estimate(E, &m, GS_F_MODEL, CFG("openai__gpt-oss-20b.json"), GS_F_RUNTIME, "vllm",
	             GS_F_RUNTIME_VERSION, "0.11.1", GS_F_GPU, "RTX 5090", GS_F_LENGTH, "8192", END);
	assert_null(gs_estimate_item(E, "marlin_padding"));
	assert_true(has_unknown(E, "this GPU takes another backend"));
}

/* 0.17.0 to 0.19.0, read at their tags against 0.16.0 (docs/method.md §7,
 * "Three releases after 0.16.0"): the same budget, profile run and blocks;
 * the native top-k/top-p path is a Triton kernel in place from 0.17.0. Worked
 * value, Llama-3.1-8B on an L40S at 32768 tokens (vllm serve: 2048 tokens,
 * 256 requests): the sampler stage holds the 2048 hidden states
 * (16,777,216 B), 256 x 128256 logits x (2 + 12) B = 459,669,504 B and the
 * kernel's buffer of 256 rows x 128256 x 4 B = 131,334,144 B: 607,780,864 B,
 * where 0.16.0's sort held 16,777,216 + 256 x 128256 x 38 B =
 * 1,264,451,584 B. The pool grows by the difference, 656,670,720 B, less
 * what rounds down to whole blocks; 0.18.0 and 0.19.0 name the CUDA graph
 * profile they leave out of the pool. */
static void test_vllm_releases_after_0160(void **st)
{
	(void)st;
	gs_model m;
	l31_l40s("0.16.0", "32768", END, NULL);
	uint64_t avail_0160 = E->vllm.kv_available, fwd = item_at(E, "activations", 1);
	assert_int_equal(item_at(E, "logits", 1), 1264451584ull - fwd);
	static const char *const later[] = {"0.17.0", "0.18.0", "0.19.0"};
	for (size_t i = 0; i < sizeof later / sizeof later[0]; i++) {
		l31_l40s(later[i], "32768", END, NULL);
		assert_string_equal(E->runtime_version, later[i]);
		assert_int_equal(item_at(E, "activations", 1), fwd);
		assert_int_equal(item_at(E, "logits", 1), 607780864ull - fwd);
		assert_int_equal(E->vllm.kv_available, avail_0160 + (1264451584ull - 607780864ull));
		assert_int_equal(E->vllm.blocks, E->vllm.kv_available / (2ull << 20));
		assert_false(has_unknown(E, "FlashInfer's"));  /* 12 B a logit either way */
		assert_true(has_unknown(E, "VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS=1") == (i > 0));
	}
	/* the buffer: min(next_pow2(rows), 256) rows; 100 requests take 128 */
	l31_l40s("0.17.0", "32768", GS_F_MAX_NUM_SEQS, "100");
	assert_non_null(strstr(gs_estimate_item(E, "logits")->formula, "buffer 128 rows"));
	/* 0.18.0 stops chunking the fused experts: Mixtral at 32768 profile
	 * tokens holds 32768 tokens' workspace where 0.17.0 held 16384's */
	assert_int_equal(mixtral_profile_activations("0.18.0") - mixtral_profile_activations("0.17.0"),
	                 16384ull * 2 * (2 * 14336 + 14336) * 2);
	/* 0.19.0 chooses the MXFP4 experts' backend from a list not read here */
	run_estimate(E, &m, GS_F_MODEL, CFG("openai__gpt-oss-20b.json"), GS_F_RUNTIME, "vllm",
	             GS_F_RUNTIME_VERSION, "0.19.0", GS_F_GPU, "RTX 5090", GS_F_LENGTH, "8192", END);
	assert_true(has_unknown(E, "select_mxfp4_moe_backend"));
	run_estimate(E, &m, GS_F_MODEL, CFG("openai__gpt-oss-20b.json"), GS_F_RUNTIME, "vllm",
	             GS_F_RUNTIME_VERSION, "0.18.0", GS_F_GPU, "RTX 5090", GS_F_LENGTH, "8192", END);
	assert_false(has_unknown(E, "select_mxfp4_moe_backend"));
}

/* 0.20.0 against 0.19.0 (docs/method.md §7, PR #38284): gpu_memory_utilization
 * defaults to 0.92 and the CUDA graph estimate comes off the pool. Worked
 * value, Llama-3.1-8B on an L40S (CUDA total 45589 MiB = 47,803,531,264 B)
 * at 32768 tokens: the budget grows from floor(0.9 x total) =
 * 43,023,178,137 B to floor(0.92 x total) = 43,979,248,762 B, 956,070,625 B
 * more, and the default cuda_graphs' 536,870,912 B come off: the pool is
 * 419,199,713 B larger than 0.19.0's. The interval's low end also holds
 * 2.35 GiB of graphs in place of the default; a sheet's own figure (0 with
 * enforce_eager) takes the unknown and the wider low end away. */
static void test_vllm_0200(void **st)
{
	(void)st;
	gs_model m;
	l31_l40s("0.19.0", "32768", END, NULL);
	uint64_t avail_0190 = E->vllm.kv_available;
	assert_int_equal(E->vllm.budget, 43023178137ull);
	assert_false(E->vllm.graphs_in_budget);
	l31_l40s("0.20.0", "32768", END, NULL);
	assert_string_equal(gs_wl_str(&E->workload, GS_F_GPU_MEMORY_UTILIZATION), "0.92");
	assert_string_equal(E->workload.v[GS_F_GPU_MEMORY_UTILIZATION].where, "vLLM 0.20.0 default");
	assert_int_equal(E->vllm.budget, 43979248762ull);
	assert_true(E->vllm.graphs_in_budget);
	assert_int_equal(E->vllm.kv_available, avail_0190 + 956070625ull - 536870912ull);
	assert_true(has_unknown(E, "Estimated CUDA graph memory"));
	/* the low end: the pool with 2.35 GiB of graphs, then the band's factor */
	uint64_t less = 235ull * (1ull << 30) / 100 - 536870912ull;
	uint64_t graphs_low = (E->vllm.kv_available - less) / E->vllm.block_bytes * 16;
	assert_int_equal(E->vllm.tokens_graphs_low, graphs_low);
	assert_true(E->vllm.tokens_low <= graphs_low && E->vllm.tokens_low < E->vllm.tokens);
	assert_non_null(strstr(E->interval.kv_why, "2.35 GiB of CUDA graphs"));
	/* the steady phase fills the budget, the graphs inside it: what is left
	 * is less than one block (0.19.0's serve phase is the budget + graphs) */
	assert_int_equal(item_at(E, "cuda_graphs", 2), 536870912ull);
	assert_true(E->phases[2].peak <= E->vllm.budget);
	assert_true(E->vllm.budget - E->phases[2].peak < E->vllm.block_bytes);
	/* enforce_eager: no graphs, no unknown, the pool larger by the default */
	uint64_t avail = E->vllm.kv_available;
	l31_l40s("0.20.0", "32768", GS_F_CUDA_GRAPHS, "0GiB");
	assert_int_equal(E->vllm.kv_available, avail + 536870912ull);
	assert_false(has_unknown(E, "Estimated CUDA graph memory"));
	assert_string_equal(E->vllm.graphs_low_why, "");
	/* the sheet's gpu_memory_utilization stands */
	l31_l40s("0.20.0", "32768", GS_F_GPU_MEMORY_UTILIZATION, "0.9");
	assert_int_equal(E->vllm.budget, 43023178137ull);
	/* MoE models name the fused-MoE runner 0.20.0 rewrote */
	run_estimate(E, &m, GS_F_MODEL, CFG("mistralai__Mixtral-8x7B-v0.1.json"), GS_F_RUNTIME, "vllm",
	             GS_F_GPU, "H100 SXM", GS_F_TP, "2", GS_F_GPUS, "2", GS_F_LENGTH, "8192", END);
	assert_true(has_unknown(E, "rewrote its fused-MoE runner"));
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "vllm", GS_F_GPU,
	             "L40S", GS_F_LENGTH, "32768", END);
	assert_false(has_unknown(E, "rewrote its fused-MoE runner"));
	assert_string_equal(E->runtime_version, "0.28.0"); /* the newest is the default */
}

/* 0.20.1 on, the log's "GPU KV cache size" is max concurrency x
 * max_model_len, int(blocks / cdiv(len, 16) * len) (kv_cache_utils.py
 * _report_kv_cache_config): the pool is 0.20.0's, the printed figure is
 * blocks x 16 only when the length is a multiple of 16. Worked value:
 * Llama-3.1-8B on an RTX 4090 holds 2700 blocks; at 20001 tokens a request
 * takes 1251 of them, and 2700 / 1251 x 20001 = 43167.9: 43167 printed,
 * where 0.20.0 printed 43200. The "Maximum concurrency" beside it is
 * blocks / cdiv(length, 16) from 0.9.1 (2700 / 1251 = 2.158; 0.9.0's row
 * divides tokens by the length), printed by Python's "%.2f", which rounds
 * ties to even: 2700 / 96 = 28.125 prints 28.12, 2700 / 32 = 84.375
 * prints 84.38. */
static void test_vllm_0201_printed_tokens(void **st)
{
	(void)st;
	gs_model m;
	static const struct {
		const char *version, *length;
		uint64_t printed;
	} cases[] = {
		{"0.20.0", "20001", 43200}, {"0.20.1", "20001", 43167}, {"0.20.2", "20001", 43167},
		{"0.20.1", "20000", 43200}, {"0.20.2", "8192", 43200},
		{"0.20.2", NULL, 43200}, /* no length: the pool's own tokens */
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		if (cases[i].length)
			run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME,
			             "vllm", GS_F_RUNTIME_VERSION, cases[i].version, GS_F_GPU, "RTX 4090",
			             GS_F_LENGTH, cases[i].length, END);
		else
			run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME,
			             "vllm", GS_F_RUNTIME_VERSION, cases[i].version, GS_F_GPU, "RTX 4090",
			             END);
		assert_int_equal(E->vllm.blocks, 2700);
		assert_int_equal(E->vllm.tokens, 43200);
		assert_int_equal(E->vllm.tokens_printed, cases[i].printed);
	}
	static const struct {
		const char *version, *length;
		uint64_t milli, centi;
	} conc[] = {
		{"0.20.2", "20001", 2158, 216},
		{"0.20.2", "1536", 28125, 2812},
		{"0.20.2", "512", 84375, 8438},
		{"0.9.0", "20001", 38432ull * 1000 / 20001, 192},
		{"0.10.1", "20001", 2402ull * 1000 / 1251, 192},
	};
	for (size_t i = 0; i < sizeof conc / sizeof conc[0]; i++) {
		run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "vllm",
		             GS_F_RUNTIME_VERSION, conc[i].version, GS_F_GPU, "RTX 4090", GS_F_LENGTH,
		             conc[i].length, END);
		assert_int_equal(E->vllm.max_concurrency_milli, conc[i].milli);
		assert_int_equal(E->vllm.max_concurrency_centi, conc[i].centi);
	}
}

/* 0.21.0 against 0.20.2: FlashInfer's sampler is on by default (PR #40376)
 * and _dummy_sampler_run then also runs the native path with a generator
 * (PR #41375), so the profile holds the native path's 12 B a logit and the
 * Triton buffer whichever sampler serves: the pool is 0.20.2's, and
 * --sampler flashinfer, which gives 0.20.2 a larger pool (FlashInfer holds
 * no Triton buffer), changes nothing. */
static void test_vllm_0210(void **st)
{
	(void)st;
	l31_l40s("0.20.2", "32768", END, NULL);
	uint64_t avail = E->vllm.kv_available, lg = item_at(E, "logits", 1);
	l31_l40s("0.20.2", "32768", GS_F_SAMPLER, "flashinfer");
	assert_true(E->vllm.kv_available > avail);
	static const char *const sampler[] = {NULL, "flashinfer", "native"};
	for (size_t i = 0; i < sizeof sampler / sizeof sampler[0]; i++) {
		l31_l40s("0.21.0", "32768", sampler[i] ? GS_F_SAMPLER : END, sampler[i]);
		assert_int_equal(item_at(E, "logits", 1), lg);
		assert_int_equal(E->vllm.kv_available, avail);
		assert_false(has_unknown(E, "--sampler flashinfer"));
	}
}

/* 0.22 to 0.28 (docs/method.md §7, "0.22 to 0.28"): which runner a model
 * gets by release, MRv2's CUDA graphs out of the pool, 0.27's runner
 * buffers inside it, 0.28's tier from 160 GiB, and vLLM's own all-reduce
 * buffers by release. Worked values: Llama-3.1-8B on an RTX 4090 at 8192
 * tokens holds 2700 blocks under V1 (the 0.5 GiB default cuda_graphs off
 * the pool) and 3146 under Model Runner V2 (0.23 on for Llama); at tp 2 on
 * an H100 SXM vLLM 0.21.0 allocates 10 MiB of custom all-reduce meta, 8 MiB
 * of IPC buffer, 8 MiB of rank_data and a 64 MiB symmetric buffer
 * (94371840 B), 0.27 a 16 MiB IPC buffer and a 96 MiB MNNVL buffer more
 * (203423744 B). */
static void test_vllm_0220_0280(void **st)
{
	(void)st;
	gs_model m;
	static const struct {
		const char *version;
		bool v2;
		uint64_t blocks;
	} l31[] = {{"0.21.0", false, 2700},
	           {"0.22.0", false, 2700},
	           {"0.23.0", true, 3146},
	           {"0.28.0", true, 3146}};
	for (size_t i = 0; i < sizeof l31 / sizeof l31[0]; i++) {
		run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "vllm",
		             GS_F_RUNTIME_VERSION, l31[i].version, GS_F_GPU, "RTX 4090", GS_F_LENGTH, "8192",
		             END);
		assert_int_equal(E->vllm.mrv2, l31[i].v2);
		assert_int_equal(E->vllm.graphs_in_budget, !l31[i].v2);
		assert_int_equal(E->vllm.blocks, l31[i].blocks);
	}
	/* 0.22: Qwen3 dense; 0.24: DeepseekV2 on the list despite its experts;
	 * every release: Mixtral (not listed) on V1 */
	run_estimate(E, &m, GS_F_MODEL, CFG("Qwen__Qwen3-8B.json"), GS_F_RUNTIME, "vllm",
	             GS_F_RUNTIME_VERSION, "0.22.0", GS_F_GPU, "RTX 4090", GS_F_LENGTH, "8192", END);
	assert_true(E->vllm.mrv2);
	run_estimate(E, &m, GS_F_MODEL, CFG("deepseek-ai__DeepSeek-V2-Lite.json"), GS_F_RUNTIME, "vllm",
	             GS_F_RUNTIME_VERSION, "0.24.0", GS_F_GPU, "H100 SXM", GS_F_LENGTH, "8192", END);
	assert_true(E->vllm.mrv2);
	run_estimate(E, &m, GS_F_MODEL, CFG("mistralai__Mixtral-8x7B-v0.1.json"), GS_F_RUNTIME, "vllm",
	             GS_F_RUNTIME_VERSION, "0.27.0", GS_F_GPU, "H100 SXM", GS_F_TP, "2", GS_F_GPUS, "2",
	             GS_F_LENGTH, "8192", END);
	assert_false(E->vllm.mrv2);
	/* V1's runner buffers: inputs_embeds 8192 x 4096 x 2 B + 8192 x 37 B + a
	 * block table of 1024 seqs x 512 blocks x 4 B */
	assert_int_equal(item_at(E, "runner_buffers", 1), 8192ull * (4096 * 2 + 37) + 1024ull * 512 * 4);
	assert_int_equal(item_at(E, "tp_buffers", 1), 203423744ull);
	run_estimate(E, &m, GS_F_MODEL, CFG("mistralai__Mixtral-8x7B-v0.1.json"), GS_F_RUNTIME, "vllm",
	             GS_F_RUNTIME_VERSION, "0.21.0", GS_F_GPU, "H100 SXM", GS_F_TP, "2", GS_F_GPUS, "2",
	             GS_F_LENGTH, "8192", END);
	assert_int_equal(item_at(E, "tp_buffers", 1), 94371840ull);
	assert_null(gs_estimate_item(E, "runner_buffers"));
	/* 0.28 from 160 GiB: 16384 tokens for vllm serve too */
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "vllm", GS_F_GPU,
	             "B200", GS_F_LENGTH, "8192", END);
	assert_int_equal(E->vllm.profile_tokens, 16384);
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "vllm",
	             GS_F_RUNTIME_VERSION, "0.27.0", GS_F_GPU, "B200", GS_F_LENGTH, "8192", END);
	assert_int_equal(E->vllm.profile_tokens, 8192);
	/* model_runner overrides the release's choice; v2 before 0.21.0 is
	 * refused by name */
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "vllm",
	             GS_F_MODEL_RUNNER, "v1", GS_F_GPU, "RTX 4090", GS_F_LENGTH, "8192", END);
	assert_false(E->vllm.mrv2);
	/* V1 again: the graphs off the pool, and 0.28 also takes V1's runner
	 * buffers, 2048 x (4096 x 2 + 37) + 256 x 512 x 4 = 17379328 B, off it:
	 * 2700 blocks of 2 MiB become 2692 */
	assert_int_equal(item_at(E, "runner_buffers", 1), 2048ull * (4096 * 2 + 37) + 256ull * 512 * 4);
	assert_int_equal(E->vllm.blocks, 2692);
	expect_estimate_error(E, GS_EINPUT, "Model Runner V2 is read from vLLM 0.21.0 on", GS_F_MODEL,
	                      CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "vllm",
	                      GS_F_RUNTIME_VERSION, "0.20.0", GS_F_MODEL_RUNNER, "v2", END);
}

/* vLLM's profile of a vision-language model (docs/method.md §7,
 * "Vision-language models"): the modality with the most tokens an item,
 * encoder budget max(max_num_batched_tokens, t), max(1, min(budget / t,
 * max_num_seqs x per prompt)) items, their output held through the language
 * model's dummy run. Qwen2.5-VL-7B at 131072 tokens on an H100: a video of
 * 7 x 16384 tokens, 114688 x 3584 x 2 B = 822083584 B held; limit_videos 0:
 * one image of 16384 tokens. Gemma 3 4B at 8192 tokens, 2048 batched: 8
 * images of 256, 2048 x 2560 x 2 B. 0.25's Model Runner V2 profiles none:
 * the cache only after the pool. */
static void test_vllm_vision(void **st)
{
	(void)st;
	gs_model m;
	run_estimate(E, &m, GS_F_MODEL, CFG("Qwen__Qwen2.5-VL-7B-Instruct.json"), GS_F_RUNTIME, "vllm",
	             GS_F_RUNTIME_VERSION, "0.21.0", GS_F_GPU, "H100 SXM", GS_F_LENGTH, "131072", END);
	assert_int_equal(item_at(E, "encoder_cache", 1), 114688ull * 3584 * 2);
	run_estimate(E, &m, GS_F_MODEL, CFG("Qwen__Qwen2.5-VL-7B-Instruct.json"), GS_F_RUNTIME, "vllm",
	             GS_F_RUNTIME_VERSION, "0.21.0", GS_F_GPU, "H100 SXM", GS_F_LENGTH, "131072",
	             GS_F_LIMIT_VIDEOS, "0", END);
	assert_int_equal(item_at(E, "encoder_cache", 1), 16384ull * 3584 * 2);
	run_estimate(E, &m, GS_F_MODEL, CFG("google__gemma-3-4b-it.json"), GS_F_RUNTIME, "vllm",
	             GS_F_RUNTIME_VERSION, "0.21.0", GS_F_GPU, "RTX 4090", GS_F_LENGTH, "8192", END);
	assert_int_equal(E->vllm.profile_tokens, 2048);
	assert_int_equal(item_at(E, "encoder_cache", 1), 2048ull * 2560 * 2);
	run_estimate(E, &m, GS_F_MODEL, CFG("google__gemma-3-4b-it.json"), GS_F_RUNTIME, "vllm",
	             GS_F_RUNTIME_VERSION, "0.25.0", GS_F_GPU, "RTX 4090", GS_F_LENGTH, "8192", END);
	assert_true(E->vllm.mrv2);
	assert_int_equal(item_at(E, "encoder_cache", 1), 0);
	assert_int_equal(item_at(E, "encoder_cache", 2), 2048ull * 2560 * 2);
	assert_true(has_unknown(E, "does not profile the vision encoder"));
	expect_estimate_error(E, GS_EUNSUPPORTED, "no longer serves Llama 3.2 Vision", GS_F_MODEL,
	                      CFG("meta-llama__Llama-3.2-11B-Vision-Instruct.json"), GS_F_RUNTIME, "vllm",
	                      GS_F_GPU, "H100 SXM", GS_F_LENGTH, "8192", END);
	/* Qwen3-VL-8B on an H100 at 8192 tokens: one image of 16777216 / 32^2 =
	 * 16384 tokens (its video, two frames, 12288), whose encoder output is
	 * the merger's and three deepstack mergers' side by side, 16384 x 4 x
	 * 4096 x 2 B; and three deepstack buffers of 8192 x 4096 x 2 B loaded
	 * with the model */
	run_estimate(E, &m, GS_F_MODEL, CFG("Qwen__Qwen3-VL-8B-Instruct.json"), GS_F_RUNTIME, "vllm",
	             GS_F_GPU, "H100 SXM", GS_F_LENGTH, "8192", END);
	assert_int_equal(item_at(E, "encoder_cache", 1), 16384ull * 4 * 4096 * 2);
	assert_int_equal(item_at(E, "deepstack_buffers", 0), 3ull * 8192 * 4096 * 2);
	/* vLLM 0.10.1 has no models/qwen3_vl.py: refused by name */
	expect_estimate_error(E, GS_EUNSUPPORTED, "vllm 0.10.1 does not serve model_type \"qwen3_vl\"",
	                      GS_F_MODEL, CFG("Qwen__Qwen3-VL-8B-Instruct.json"), GS_F_RUNTIME, "vllm",
	                      GS_F_RUNTIME_VERSION, "0.10.1", GS_F_GPU, "H100 SXM", GS_F_LENGTH, "8192", END);
}

/* The profile run's dummy sampler by release, 256 requests x 128256 logits,
 * after the forward pass has freed its activations: the sampler stage holds
 * the 2048 hidden states (2048 x 4096 x 2 B) and the bf16 logits with the
 * sampler's own bytes, and the logits item is what that stage adds above the
 * forward peak. Every release is counted with the native top-k/top-p
 * sampler, 36 B per logit at its sort (2 + 36), and names FlashInfer's path
 * 24 B less (V0: fp32 copy, probabilities, log-probabilities; V1 from
 * logits: fp32 copy, masked logits, softmax), 28 B less under 0.8.5 (a
 * FlashInfer older than 0.2.3 sampling from probabilities: fp32 copy,
 * probabilities); the V1 releases name the cold torch.compile cache. */
static void test_vllm_sampler(void **st)
{
	(void)st;
	const uint64_t hidden = 2048ull * 4096 * 2, forward = 209715200ull; /* Llama-3.1-8B at 2048 tokens */
	const uint64_t logits = 256ull * 128256;                            /* dummy requests x vocabulary */
	/* bytes per logit: the model's 2 + the sampler's; `other`: the path
	 * named as unknown with its size, or NULL where the path was stated
	 * (then no other is named) */
	static const struct {
		const char *version, *sampler;
		uint64_t per_logit;
		const char *other;
	} v1[] = {
		{"0.8.5", NULL, 2 + 36, "28 B less per logit: up to 0.86 GiB"},  /* FlashInfer < 0.2.3: 8 */
		{"0.10.1", NULL, 2 + 36, "24 B less per logit: up to 0.73 GiB"}, /* from logits: 12 */
		{"0.10.1", "native", 2 + 36, NULL},                               /* the log: no FlashInfer */
		{"0.11.0", "flashinfer", 2 + 12, NULL},
		{"0.8.5", "flashinfer", 2 + 8, NULL},
		{"0.8.4", "flashinfer", 2 + 8, NULL},                              /* the same CUDA path */
		/* sampling from logits came after */
		{"0.9.0", NULL, 2 + 36, "28 B less per logit: up to 0.86 GiB"},
	};
	for (size_t i = 0; i < sizeof v1 / sizeof v1[0]; i++) {
		l31_l40s(v1[i].version, "32768", v1[i].sampler ? GS_F_SAMPLER : END, v1[i].sampler);
		assert_int_equal(item_at(E, "activations", 1), forward);
		assert_int_equal(item_at(E, "logits", 1), hidden + logits * v1[i].per_logit - forward);
		assert_true(has_unknown(E, "cold compile cache"));
		if (v1[i].other)
			assert_true(has_unknown(E, v1[i].other));
		else
			assert_false(has_unknown(E, "per logit"));
	}
	/* V0 at 32768 tokens: the forward peak (3,355,443,200 B + the layer's
	 * input held by V0's eager layer loop, 32768 x 4096 x 2 B) is above the
	 * sampler stage (268,435,456 + 256 x 128256 x 38 B), which adds nothing */
	l31_l40s("0.6.4", "32768", END, NULL);
	assert_int_equal(item_at(E, "activations", 1), 3355443200ull + 32768ull * 4096 * 2);
	assert_int_equal(item_at(E, "logits", 1), 0);
	assert_true(has_unknown(E, "24 B less per logit"));
	assert_false(has_unknown(E, "cold compile cache"));
	/* at 2048 tokens the sampler stage is the peak (record
	 * vllm-v071-r1-distill-qwen7b-v100 logged 1.40 GiB for Qwen's 152064
	 * logits a row), natively or with FlashInfer installed (2 + 12) */
	l31_l40s("0.6.4", "2048", END, NULL);
	assert_int_equal(item_at(E, "activations", 1) + item_at(E, "logits", 1), hidden + logits * (2 + 36));
	l31_l40s("0.6.4", "2048", GS_F_SAMPLER, "flashinfer");
	assert_int_equal(item_at(E, "activations", 1) + item_at(E, "logits", 1), hidden + logits * (2 + 12));
	assert_false(has_unknown(E, "per logit"));
}

/* gpt-oss-120b (MXFP4 experts) under vLLM at tp 4 on A100s (compute
 * capability 8.0, Marlin): hidden 2880 -> 3072 and 2880 / 4 = 720 -> 768, so
 * each GPU holds 36 x 128 x 3 x (768 x 3072 - 720 x 2880) more values at 4
 * bits with an 8-bit scale per 32: 1,974,730,752 + 123,420,672 B. On an
 * H100 (another backend, not read) nothing is added and it is named; 0.8.5,
 * older than gpt-oss, has no such rule. */
static void test_vllm_marlin_mxfp4(void **st)
{
	(void)st;
	gs_model m;
	run_estimate(E, &m, GS_F_MODEL, CFG("openai__gpt-oss-120b.json"), GS_F_RUNTIME, "vllm", GS_F_GPU,
	             "A100 80GB", GS_F_CUDA_TOTAL, "79.28GiB", GS_F_TP, "4", GS_F_GPUS, "4", GS_F_LENGTH,
	             "16384", END);
	assert_int_equal(item_at(E, "marlin_padding", 0), 1974730752ull + 123420672ull);
	assert_false(has_unknown(E, "whose backend was not read"));
	run_estimate(E, &m, GS_F_MODEL, CFG("openai__gpt-oss-120b.json"), GS_F_RUNTIME, "vllm", GS_F_GPU,
	             "H100 SXM", GS_F_TP, "4", GS_F_GPUS, "4", GS_F_LENGTH, "16384", END);
	assert_null(gs_estimate_item(E, "marlin_padding"));
	assert_true(has_unknown(E, "this GPU takes another backend"));
	/* releases before gpt-oss (0.10.1) have no such rule */
	run_estimate(E, &m, GS_F_MODEL, CFG("openai__gpt-oss-120b.json"), GS_F_RUNTIME, "vllm",
	             GS_F_RUNTIME_VERSION, "0.8.5", GS_F_GPU, "A100 80GB", GS_F_TP, "4", GS_F_GPUS, "4",
	             GS_F_LENGTH, "16384", END);
	assert_null(gs_estimate_item(E, "marlin_padding"));
}

/* NVFP4 by engine, release and GPU (engine_release.c fp4_rows): vLLM
 * loads ModelOpt's on Blackwell natively and on 7.5 to 9.x through
 * Marlin (from 0.14.0; 0.9.0 to 0.13.0 from 8.0; 0.8.x Blackwell only),
 * keeping the bytes; SGLang through Marlin from 0.5.15, Blackwell only
 * before, and compressed-tensors' NVFP4 on Blackwell only; Transformers
 * has no ModelOpt quantizer. The checkpoint's FP8 KV scales make the KV
 * cache fp8 under vLLM from 0.14.0 and SGLang from 0.5.3. The weights
 * are Qwen3-32B's 31,205,621,760 linear parameters x 4.5 bits + 448
 * matrices x 8 B, and the rest in 16 bits (the head excluded). */
static void test_nvfp4_engines(void **st)
{
	(void)st;
	gs_model m;
	const char *q32 = TCFG("quant/qwen3-32b-nvfp4"), *ct = TCFG("quant/llama-3.1-8b-ct-nvfp4.json");
	run_estimate(E, &m, GS_F_MODEL, q32, GS_F_RUNTIME, "vllm", GS_F_GPU, "H100 SXM", GS_F_LENGTH, "8192",
	             END);
	assert_string_equal(E->format.name, "nvfp4");
	assert_string_equal(E->kv_format.name, "fp8-e4m3");
	assert_true(has_unknown(E, "through Marlin's weight-only GEMM"));
	assert_true(has_unknown(E, "with the checkpoint's bytes"));
	uint64_t lin = m.split.linear;
	assert_int_equal(lin, 31205621760ull);
	assert_int_equal(item_at(E, "weights", 0), lin / 2);
	assert_int_equal(item_at(E, "quant_metadata", 0), lin / 16 + 448 * 8);
	assert_int_equal(item_at(E, "other_format_modules", 0), (m.params - lin) * 2);
	run_estimate(E, &m, GS_F_MODEL, q32, GS_F_RUNTIME, "vllm", GS_F_GPU, "B200", GS_F_LENGTH, "8192",
	             END);
	assert_false(has_unknown(E, "Marlin"));
	/* vLLM 0.13.0's "auto" KV is the model's dtype; it loads NVFP4 from 8.0 */
	run_estimate(E, &m, GS_F_MODEL, q32, GS_F_RUNTIME, "vllm", GS_F_RUNTIME_VERSION, "0.13.0", GS_F_GPU,
	             "A100 80GB", GS_F_LENGTH, "8192", END);
	assert_string_equal(E->kv_format.name, "bf16");
	expect_estimate_error(E, GS_EUNSUPPORTED, "from compute capability 8.0 on", GS_F_MODEL, q32,
	                      GS_F_RUNTIME, "vllm", GS_F_RUNTIME_VERSION, "0.13.0", GS_F_GPU, "T4", -1);
	expect_estimate_error(E, GS_EUNSUPPORTED, "from compute capability 10.0 on", GS_F_MODEL, q32,
	                      GS_F_RUNTIME, "vllm", GS_F_RUNTIME_VERSION, "0.8.5", GS_F_GPU, "H100 SXM", -1);
	expect_estimate_error(E, GS_EUNSUPPORTED, "it arrived in 0.8.0", GS_F_MODEL, q32, GS_F_RUNTIME,
	                      "vllm", GS_F_RUNTIME_VERSION, "0.7.3", -1);
	expect_estimate_error(E, GS_EUNSUPPORTED, "V100 16GB has 7.0", GS_F_MODEL, q32, GS_F_RUNTIME, "vllm",
	                      GS_F_GPU, "V100 16GB", -1);
	/* SGLang: Marlin from 0.5.15, Blackwell only in 0.5.10 */
	run_estimate(E, &m, GS_F_MODEL, q32, GS_F_RUNTIME, "sglang", GS_F_GPU, "H100 SXM", GS_F_LENGTH,
	             "8192", END);
	assert_string_equal(E->kv_format.name, "fp8-e4m3");
	expect_estimate_error(E, GS_EUNSUPPORTED, "ModelOptFp4Config on Blackwell only", GS_F_MODEL, q32,
	                      GS_F_RUNTIME, "sglang", GS_F_RUNTIME_VERSION, "0.5.10", GS_F_GPU, "H100 SXM",
	                      -1);
	run_estimate(E, &m, GS_F_MODEL, q32, GS_F_RUNTIME, "sglang", GS_F_RUNTIME_VERSION, "0.5.10", GS_F_GPU,
	             "RTX PRO 6000", GS_F_LENGTH, "8192", END);
	/* compressed-tensors' NVFP4: SGLang on Blackwell only, vLLM through Marlin */
	expect_estimate_error(E, GS_EUNSUPPORTED, "no Marlin path", GS_F_MODEL, ct, GS_F_RUNTIME, "sglang",
	                      GS_F_GPU, "H100 SXM", -1);
	run_estimate(E, &m, GS_F_MODEL, ct, GS_F_RUNTIME, "vllm", GS_F_GPU, "H100 SXM", GS_F_LENGTH, "8192",
	             END);
	assert_string_equal(E->kv_format.name, "bf16"); /* no ModelOpt KV algorithm to follow */
	/* Transformers: refused, not guessed */
	expect_estimate_error(E, GS_EUNSUPPORTED, "no ModelOpt quantizer", GS_F_MODEL, q32, -1);
	expect_estimate_error(E, GS_EUNSUPPORTED, "is not read", GS_F_MODEL, ct, -1);
	/* no GPU named: both paths said, the bytes the same */
	run_estimate(E, &m, GS_F_MODEL, q32, GS_F_RUNTIME, "vllm", GS_F_LENGTH, "8192", END);
	assert_true(has_unknown(E, "either way the weights keep their bytes"));
}

/* SGLang 0.4.9 on an H100 SXM: mem_fraction_static round((81559 - 10240) /
 * 81559, 3) = 0.874; free at start = CUDA total 81082 MiB - 0.34 GiB;
 * pool = floor(free x 0.874) - weights 16060522496 - load window 67108864
 * (Llama-3.1-8B's tensors are whole 2 MiB multiples at tp 1; its fp32
 * rotary cache is 131072 x 128 x 4 B) = 57861334208 B, over 131072 B per
 * token = 441446 tokens; max_running_requests min(tokens / 2,
 * clamp(tokens / 8192 x 512, 2048, 4096)) = 4096. */
/* SGLang 0.5.x (docs/method.md §7b): the reserve formula from 0.5.3, the
 * prefill graphs' term from 0.5.10, the request table out of the reserve.
 * Worked values, Llama-3.1-8B on an H100 SXM (81559 MiB) at tp 1: 0.5.2
 * keeps 0.4.9's table (10 GiB: 0.874, 441446 tokens); 0.5.3 reserves 512 +
 * 1.5 x 8192 + 2 x 256 + 128 = 13440 MiB (0.835, 416257 tokens); 0.5.10
 * adds 8 MiB x 58 prefill sizes = 13904 MiB (0.830, 413028 tokens); at tp
 * 8 0.5.3 reserves 14848 MiB (0.818). 0.5.18's request table: 2049 rows x
 * (131072 + 4) x 4 B. */
static void test_sglang_0_5(void **st)
{
	(void)st;
	gs_model m;
	static const struct {
		const char *version;
		unsigned milli;
		uint64_t tokens;
	} h100[] = {{"0.5.2", 874, 441446}, {"0.5.3", 835, 416257}, {"0.5.4.post1", 835, 416257},
	            {"0.5.10", 830, 413028}, {"0.5.18", 830, 413028}};
	for (size_t i = 0; i < sizeof h100 / sizeof h100[0]; i++) {
		run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "sglang",
		             GS_F_RUNTIME_VERSION, h100[i].version, GS_F_GPU, "H100 SXM", GS_F_LENGTH, "8192",
		             END);
		assert_string_equal(E->runtime_version, h100[i].version);
		assert_int_equal(E->sglang.mem_fraction_static.num, h100[i].milli);
		assert_int_equal(E->sglang.tokens, h100[i].tokens);
	}
	/* 0.5.3.post1 is 0.5.3's; 0.5.3.post2 a row of its own */
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "sglang",
	             GS_F_RUNTIME_VERSION, "0.5.3.post1", GS_F_GPU, "H100 SXM", GS_F_LENGTH, "8192", END);
	assert_string_equal(E->runtime_version, "0.5.3");
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "sglang",
	             GS_F_RUNTIME_VERSION, "0.5.3.post3", GS_F_GPU, "H100 SXM", GS_F_LENGTH, "8192", END);
	assert_string_equal(E->runtime_version, "0.5.3.post2");
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "sglang",
	             GS_F_RUNTIME_VERSION, "0.5.3", GS_F_GPU, "H100 SXM", GS_F_TP, "8", GS_F_GPUS, "8",
	             GS_F_LENGTH, "8192", END);
	assert_int_equal(E->sglang.mem_fraction_static.num, 818);
	/* a hybrid's state pool first (docs/method.md §7b, "Hybrid models"):
	 * Qwen3-Next at tp 4, a gated DeltaNet layer's state conv 3 x 2048 x 2 B
	 * + temporal 8 x 128 x 128 x 4 B = 536576 B, x 36 layers = 19316736 B;
	 * 0.5.2 holds 512 states and admits 512 requests, 0.5.10 gives the
	 * states 0.9/1.9 of what the fraction leaves and admits a third */
	run_estimate(E, &m, GS_F_MODEL, CFG("Qwen__Qwen3-Next-80B-A3B-Instruct.json"), GS_F_RUNTIME, "sglang",
	             GS_F_RUNTIME_VERSION, "0.5.2", GS_F_GPU, "H100 SXM", GS_F_TP, "4", GS_F_GPUS, "4",
	             GS_F_LENGTH, "32768", END);
	assert_int_equal(E->sglang.state_per_req, 19316736);
	assert_int_equal(E->sglang.state_slots, 512);
	assert_int_equal(E->sglang.max_running_requests, 512);
	assert_int_equal(item_at(E, "state_cache", 1), 512ull * 19316736);
	run_estimate(E, &m, GS_F_MODEL, CFG("Qwen__Qwen3-Next-80B-A3B-Instruct.json"), GS_F_RUNTIME, "sglang",
	             GS_F_RUNTIME_VERSION, "0.5.10", GS_F_GPU, "H100 SXM", GS_F_TP, "4", GS_F_GPUS, "4",
	             GS_F_LENGTH, "32768", END);
	assert_int_equal(E->sglang.max_running_requests, E->sglang.state_slots / 3);
	assert_true(E->sglang.state_bytes > 0);
	expect_estimate_error(E, GS_EINPUT, "has no state pool for hybrid models", GS_F_MODEL,
	                      CFG("Qwen__Qwen3-Next-80B-A3B-Instruct.json"), GS_F_RUNTIME, "sglang",
	                      GS_F_RUNTIME_VERSION, "0.5.1", GS_F_GPU, "H100 SXM", GS_F_TP, "4", GS_F_GPUS,
	                      "4", GS_F_LENGTH, "32768", END);
	/* the newest is the default; its request table, after the pool */
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "sglang",
	             GS_F_GPU, "H100 SXM", END);
	assert_string_equal(E->runtime_version, "0.5.18");
	assert_int_equal(E->sglang.max_running_requests, 2048);
	assert_int_equal(item_at(E, "req_to_token", 2), 2049ull * (131072 + 4) * 4);
}

static void test_sglang_pool(void **st)
{
	(void)st;
	gs_model m;
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "sglang",
	             GS_F_RUNTIME_VERSION, "0.4.9", GS_F_GPU, "H100 SXM", GS_F_LENGTH, "8192",
	             GS_F_CONCURRENCY, "16", END);
	assert_true(E->has_sglang);
	assert_string_equal(E->runtime_version, "0.4.9");
	assert_int_equal(E->sglang.mem_fraction_static.num, 874);
	assert_int_equal(E->sglang.mem_fraction_static.den, 1000);
	assert_int_equal(E->sglang.free_at_start, (81082ull << 20) - 365072220ull);
	assert_int_equal(item_at(E, "load_window", 0), 67108864ull);
	assert_int_equal(E->sglang.pool_bytes, 57861334208ull);
	assert_int_equal(E->sglang.cell_bytes, 131072);
	assert_int_equal(E->sglang.tokens, 441446);
	assert_int_equal(E->sglang.max_running_requests, 4096);
	assert_int_equal(E->sglang.chunked_prefill_size, 8192);
	assert_true(E->verdict.pool_holds);
	/* 0.4.6: by tensor-parallel size; chunked prefill 2048 below 25000 MiB */
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "sglang",
	             GS_F_RUNTIME_VERSION, "0.4.6", GS_F_GPU, "RTX 4090", GS_F_LENGTH, "8192", END);
	assert_int_equal(E->sglang.mem_fraction_static.num, 880);
	assert_int_equal(E->sglang.chunked_prefill_size, 2048);
	/* 0.4.9, tp 2 on 24 GB cards: (2.8 + 2/10) GiB reserved -> 21492 / 24564 = 0.875 */
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "sglang",
	             GS_F_RUNTIME_VERSION, "0.4.9", GS_F_GPU, "RTX 4090", GS_F_GPUS, "2", GS_F_TP, "2",
	             GS_F_LENGTH, "8192", END);
	assert_int_equal(E->sglang.mem_fraction_static.num, 875);
	/* QwQ-32B at tp 4 (record sglang-g6-qwq-32b-tp4-l4-v043post4: the load
	 * took 15.54 GiB for 15.26 GiB of weights): per layer qkv 18350080 B
	 * (0.5 MiB rounded away), o 13107200 (1.5), gate_up 141557760 (1), down
	 * 70778880 (0.5): 3.5 MiB x 64 + embedding and head 2 x 786432 =
	 * 236453888 B, + rotary cache 131072 x 128 x 4 = 67108864 B */
	run_estimate(E, &m, GS_F_MODEL, CFG("Qwen__QwQ-32B.json"), GS_F_RUNTIME, "sglang", GS_F_GPU, "L4",
	             GS_F_GPUS, "4", GS_F_TP, "4", GS_F_LENGTH, "8192", END);
	assert_int_equal(item_at(E, "load_window", 0), 236453888ull + 67108864ull);
	/* weights beyond the fraction: SGLang's "Not enough memory" */
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "sglang",
	             GS_F_CAPACITY, "16GiB", GS_F_LENGTH, "8192", END);
	assert_true(E->sglang.refused);
	assert_false(E->verdict.fits);
}

/* llama.cpp file types from config.json (gguf_plan.c): the quantizer's
 * per-tensor choices, pinned against what llama-quantize writes. */
static void test_gguf_plan(void **st)
{
	(void)st;
	gs_model m;
	/* Llama-3.1-8B Q4_K_M: a published log lists q4_K 193, q6_K 33 tensors
	 * (and 66 f32 with rope_freqs, which the plan leaves out): attn_v and
	 * ffn_down get Q6_K in 16 of 32 layers each (use_more_bits), output Q6_K */
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "llamacpp",
	             GS_F_FORMAT, "Q4_K_M", GS_F_LENGTH, "2048", GS_F_CONCURRENCY, "4", END);
	assert_string_equal(E->model.inv.dtypes, "Q4_K: 193 tensors, 3655139328 B; F32: 65 tensors, 1064960 "
	                                         "B; Q6_K: 33 tensors, 1256693760 B");
	assert_int_equal(item_at(E, "weights", 0), 4617396224ull); /* CUDA0 4403.49 MiB in the log */
	assert_int_equal(E->model.inv.input_bytes, 295501824ull); /* CPU 281.81 MiB */
	assert_int_equal(item_at(E, "kv_cache", 1), 1024ull << 20);
	/* --imatrix: Q4_0's first n_layer/8 ffn_down become Q4_1 (llama-quant.cpp's
	 * "guard against craziness"). Qwen3-8B: 4 of 36 layers, 4096 x 12288 each,
	 * + 2 bytes a 32-block: 12,582,912 B more. A published imatrix Q4_0 file is
	 * 4,787,332,640 B, its Q4_K_M and Q8_0 files 5,957,152 B above their
	 * planned data (the metadata): 4,787,332,640 - 5,957,152 = 4,781,375,488 */
	run_estimate(E, &m, GS_F_MODEL, CFG("Qwen__Qwen3-8B.json"), GS_F_RUNTIME, "llamacpp", GS_F_FORMAT,
	             "Q4_0", GS_F_LENGTH, "512", END);
	assert_int_equal(E->weights_only, 4768792576ull);
	assert_true(has_unknown(E, "12582912 B more"));
	run_estimate(E, &m, GS_F_MODEL, CFG("Qwen__Qwen3-8B.json"), GS_F_RUNTIME, "llamacpp", GS_F_FORMAT,
	             "Q4_0", GS_F_IMATRIX, "yes", GS_F_LENGTH, "512", END);
	assert_int_equal(E->weights_only, 4781375488ull);
	assert_non_null(strstr(E->model.inv.dtypes, "Q4_1: 4 tensors, 125829120 B"));
	/* Q4_K_M does not depend on it */
	run_estimate(E, &m, GS_F_MODEL, CFG("Qwen__Qwen3-8B.json"), GS_F_RUNTIME, "llamacpp", GS_F_FORMAT,
	             "Q4_K_M", GS_F_IMATRIX, "yes", GS_F_LENGTH, "512", END);
	assert_int_equal(E->weights_only, 5021827072ull);
	/* Q8_0 keeps the output Q8_0; a 70B-class llama bumps attn_v to Q5_K in Q3_K_S */
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "llamacpp",
	             GS_F_FORMAT, "q8_0", GS_F_LENGTH, "2048", END);
	assert_string_equal(E->model.inv.dtypes, "Q8_0: 226 tensors, 8531869696 B; F32: 65 tensors, 1064960 "
	                                         "B");
	/* Mixtral (8 experts): attn_v and attn_k Q8_0, the router F32, experts 3-D */
	run_estimate(E, &m, GS_F_MODEL, CFG("mistralai__Mixtral-8x7B-v0.1.json"), GS_F_RUNTIME, "llamacpp",
	             GS_F_FORMAT, "Q4_K_M", GS_F_LENGTH, "2048", END);
	assert_non_null(strstr(E->model.inv.dtypes, "Q8_0: 64 tensors"));
	assert_non_null(strstr(E->model.inv.dtypes, "F32: 97 tensors"));
	/* GPT-NeoX (Pythia-2.8B): biased LayerNorms, fused attn_qkv with a bias,
	 * an ungated MLP; 388 tensors as ggml-ci's converted files (its build
	 * 4020 log: f32 258, q6_K 130, CUDA0 2073.58 MiB, CPU_Mapped 100.74 MiB) */
	run_estimate(E, &m, GS_F_MODEL, CFG("EleutherAI__pythia-2.8b.json"), GS_F_RUNTIME, "llamacpp",
	             GS_F_FORMAT, "Q6_K", GS_F_LENGTH, "2048", END);
	assert_string_equal(E->model.inv.dtypes, "Q6_K: 130 tensors, 2275660800 B; F32: 258 tensors, 4280320 "
	                                         "B");
	assert_int_equal(E->model.inv.tensors, 388);
	assert_int_equal(E->model.inv.input_bytes, 105638400ull);     /* 50304 rows x 2100 B */
	assert_int_equal(item_at(E, "weights", 0), 2174302720ull);    /* 2073.577 MiB */
	/* Q5_1 keeps the output Q6_K: 129 q5_1 + 1 q6_K (the log's counts) */
	run_estimate(E, &m, GS_F_MODEL, CFG("EleutherAI__pythia-2.8b.json"), GS_F_RUNTIME, "llamacpp",
	             GS_F_FORMAT, "Q5_1", GS_F_LENGTH, "2048", END);
	assert_non_null(strstr(E->model.inv.dtypes, "Q5_1: 129 tensors"));
	assert_non_null(strstr(E->model.inv.dtypes, "Q6_K: 1 tensors"));
	/* the quantizer of build 4020 (ggml-ci's pythia files): attn_qkv by its own
	 * rule, Q5_K in every layer for Q4_K_M; the log: q4_K 81, q5_K 32, q6_K 17,
	 * CUDA0 1632.95 MiB; 007dbbf3 types it as attn_v (Q6_K in 16 layers) */
	run_estimate(E, &m, GS_F_MODEL, CFG("EleutherAI__pythia-2.8b.json"), GS_F_RUNTIME, "llamacpp",
	             GS_F_FORMAT, "Q4_K_M", GS_F_QUANTIZER, "b4020", GS_F_LENGTH, "2048", END);
	assert_string_equal(E->model.inv.dtypes, "Q4_K: 81 tensors, 898191360 B; F32: 258 tensors, 4280320 "
	                                         "B; Q5_K: 32 tensors, 432537600 B; Q6_K: 17 tensors, "
	                                         "449702400 B");
	assert_int_equal(item_at(E, "weights", 0), 1712273920ull); /* 1632.95 MiB */
	run_estimate(E, &m, GS_F_MODEL, CFG("EleutherAI__pythia-2.8b.json"), GS_F_RUNTIME, "llamacpp",
	             GS_F_FORMAT, "Q4_K_M", GS_F_LENGTH, "2048", END);
	assert_non_null(strstr(E->model.inv.dtypes, "Q6_K: 33 tensors"));
	/* an architecture without the rules: refused, never treated as llama */
	expect_estimate_error(E, GS_EUNSUPPORTED, "falcon", GS_F_MODEL, CFG("tiiuae__falcon-7b.json"),
	                      GS_F_RUNTIME, "llamacpp", GS_F_FORMAT, "Q4_K_M", END);
}

/* Gemma 3n E4B (tests/data/configs/gemma-3n-e4b-it-fields.json): its last
 * 15 layers reuse the K/V of layers 18 (sliding) and 19 (full), so 20
 * layers cache, 4 of them full (4, 9, 14, 19) and 16 sliding (window 512):
 * 2 x 2 x 256 = 1024 elements a token and layer. Each engine's rule, from
 * its source: Transformers' DynamicCache drops the shared layers
 * (cache_utils.py); vLLM's pool holds no page for a layer with a
 * kv_sharing_target_layer_name; SGLang's pool holds every layer
 * (num_effective_layers); llama.cpp from b6263 (hparams.has_kv), before it
 * all 35; Ollama's engine caches the first block_count - shared_kv_layers. */
#define E4B TCFG("gemma-3n-e4b-it-fields.json")

static void test_gemma3n_transformers(void **st)
{
	(void)st;
	gs_model m;
	const char *e4b = E4B;
	/* (4 x 8192 + 16 x 512) x 1024 x 2 B */
	run_estimate(E, &m, GS_F_MODEL, e4b, GS_F_LENGTH, "8192", END);
	assert_int_equal(item_at(E, "kv_cache", 1), (4 * 8192 + 16 * 512) * 1024ull * 2);
	assert_non_null(strstr(gs_estimate_item(E, "kv_cache")->formula, "2 x 20 layers"));
	assert_true(has_unknown(E, "timm mobilenetv5_300m_enc"));
	assert_true(has_unknown(E, "altup_num_inputs (4)"));
	/* the towers are not sized: images are refused */
	expect_estimate_error(E, GS_EINPUT, "not sized from config.json", GS_F_MODEL, e4b, GS_F_IMAGES, "1",
	                      END);
}

static void test_gemma3n_vllm(void **st)
{
	(void)st;
	gs_model m;
	const char *e4b = E4B;
	/* a 16-token block of the 20 caching layers, 16 x 20 x 1024 x 2 B;
	 * the towers from 0.10.1, the model from 0.9.2 */
	run_estimate(E, &m, GS_F_MODEL, e4b, GS_F_RUNTIME, "vllm", GS_F_GPU, "H100 SXM", GS_F_LENGTH, "8192",
	             END);
	assert_int_equal(E->vllm.block_bytes, 16 * 20 * 1024 * 2);
	assert_true(has_unknown(E, "vLLM also loads the vision tower"));
	run_estimate(E, &m, GS_F_MODEL, e4b, GS_F_RUNTIME, "vllm", GS_F_RUNTIME_VERSION, "0.9.2", GS_F_GPU,
	             "H100 SXM", GS_F_LENGTH, "8192", END);
	assert_int_equal(E->vllm.block_bytes, 16 * 20 * 1024 * 2);
	assert_true(has_unknown(E, "text model alone"));
	expect_estimate_error(E, GS_EUNSUPPORTED, "arrived in 0.9.2", GS_F_MODEL, e4b, GS_F_RUNTIME, "vllm",
	                      GS_F_RUNTIME_VERSION, "0.9.0", GS_F_GPU, "H100 SXM", END);
}

static void test_gemma3n_sglang(void **st)
{
	(void)st;
	gs_model m;
	const char *e4b = E4B;
	/* every layer's cell, 35 x 1024 x 2 B; a multimodal model's
	 * fraction (x 0.95 x 0.8: vision_config's hidden_size 2048, 24 layers by
	 * default) and the 100 MiB mm cache of 0.5.18 */
	run_estimate(E, &m, GS_F_MODEL, e4b, GS_F_RUNTIME, "sglang", GS_F_GPU, "H100 SXM", GS_F_LENGTH,
	             "8192", END);
	assert_int_equal(E->sglang.cell_bytes, 35 * 1024 * 2);
	assert_non_null(strstr(E->sglang.fraction_why, "x 0.95 x 0.8000"));
	assert_int_equal(item_at(E, "mm_cache", 1), 100ull << 20);
	expect_estimate_error(E, GS_EUNSUPPORTED, "0.4.8.post1", GS_F_MODEL, e4b, GS_F_RUNTIME, "sglang",
	                      GS_F_RUNTIME_VERSION, "0.4.6", GS_F_GPU, "H100 SXM", END);
}

static void test_gemma3n_llamacpp(void **st)
{
	(void)st;
	gs_model m;
	const char *e4b = E4B;
	/* b9460, one slot: 4 full blocks of 8192 cells and 16 sliding
	 * of pad256(512 + 512) = 1024, 2048 B a cell; the per-layer embeddings
	 * (Q6_K, 262,400 padded rows x 8960: 1,928,640,000 B) stay on the host
	 * with token_embd, the tied head's copy on the GPU is token_embd's alone */
	run_estimate(E, &m, GS_F_MODEL, e4b, GS_F_RUNTIME, "llamacpp", GS_F_FORMAT, "Q4_K_M", GS_F_LENGTH,
	             "8192", GS_F_CONCURRENCY, "1", END);
	const gs_inventory_summary *s = &E->model.inv;
	assert_int_equal(item_at(E, "kv_cache", 1), (4 * 8192 + 16 * 1024) * 2048ull);
	assert_int_equal(s->ple_bytes, 262400ull * 35 * 210);
	assert_int_equal(s->input_bytes, s->ple_bytes + 262400ull * 8 * 210);
	gs_bytes blocks = 0;
	for (int l = 0; l < 35; l++)
		blocks += s->layer_bytes[l];
	assert_int_equal(item_at(E, "weights", 0), blocks + s->output_bytes + 262400ull * 8 * 210);
	assert_true(has_unknown(E, "as llama-quantize has since b8266"));
	/* before b6263 every block cached: 7 full, 28 sliding of pad(512 + 512)
	 * (-ngl 36: that build's default is 0) */
	run_estimate(E, &m, GS_F_MODEL, e4b, GS_F_RUNTIME, "llamacpp", GS_F_RUNTIME_VERSION, "b6200",
	             GS_F_FORMAT, "Q4_K_M", GS_F_LENGTH, "8192", GS_F_CONCURRENCY, "1", GS_F_GPU_LAYERS,
	             "36", END);
	assert_int_equal(item_at(E, "kv_cache", 1), (7 * 8192 + 28 * 1024) * 2048ull);
	/* the plan: 847 tensors; altup, laurel and per_layer_model_proj in BF16;
	 * the AltUp coefficients and the norms F32; 17 attn_v and 17 ffn_down
	 * in Q6_K with token_embd and per_layer_token_embd */
	assert_int_equal(s->tensors, 847);
	run_estimate(E, &m, GS_F_MODEL, e4b, GS_F_RUNTIME, "llamacpp", GS_F_FORMAT, "Q4_K_M", GS_F_LENGTH,
	             "8192", GS_F_CONCURRENCY, "1", END);
	assert_string_equal(E->model.inv.dtypes, "Q6_K: 36 tensors, 2852021760 B; BF16: 108 tensors, "
	                                         "105955328 B; F32: 422 tensors, 2385856 B; Q4_K: 281 "
	                                         "tensors, 1877999616 B");
}

static void test_gemma3n_ollama(void **st)
{
	(void)st;
	gs_model m;
	const char *e4b = E4B;
	/* its own engine (0.22.0): the shared blocks cache nothing; the
	 * per-layer embeddings, unquantized by Ollama's quantizer (262,400 x
	 * 8960 x 2 B), and their projection go with the output to the GPU */
	run_estimate(E, &m, GS_F_MODEL, e4b, GS_F_RUNTIME, "ollama", GS_F_RUNTIME_VERSION, "0.22.0",
	             GS_F_FORMAT, "Q4_K_M", GS_F_GPU, "RTX 4090", GS_F_LENGTH, "8192", END);
	const gs_inventory_summary *s = &E->model.inv;
	assert_true(E->ollama.own_engine);
	assert_int_equal(s->ple_bytes, 262400ull * 8960 * 2);
	assert_int_equal(item_at(E, "kv_cache", 1), (4 * 8192 + 16 * 1024) * 2048ull);
	gs_bytes blocks = 0;
	for (int l = 0; l < 35; l++)
		blocks += s->layer_bytes[l];
	assert_int_equal(item_at(E, "weights", 0), blocks + s->output_bytes + s->input_bytes);
	assert_int_equal(E->ollama.cpu_weights, s->input_bytes - s->ple_bytes);
	/* Ollama 0.30 runs llama-server: the per-layer embeddings on the host */
	run_estimate(E, &m, GS_F_MODEL, e4b, GS_F_RUNTIME, "ollama", GS_F_FORMAT, "Q4_K_M", GS_F_GPU,
	             "RTX 4090", GS_F_LENGTH, "8192", END);
	assert_true(E->ollama.llama_server);
	assert_int_equal(item_at(E, "weights", 0),
	                 blocks + s->output_bytes + s->input_bytes - s->ple_bytes);
}
#undef E4B

/* Ollama 0.12.11 on (issue 47 item 3): createLayout over each layer's
 * weights and cache, one GPU when the model fits there, else the fewest
 * GPUs sharing the layers evenly (findBestFit), and without the output
 * layer when nothing takes all; num_ctx by the GPUs' memory from 0.15.5;
 * its own engine's cache cells; from 0.30 llama-server with Ollama's -c,
 * -np, -b/-ub and --flash-attn auto. */
static void test_ollama_layout(void **st)
{
	(void)st;
	gs_model m;
	const gs_ollama_fit *o = &E->ollama;
	/* num_ctx tiers: 15.99 GiB 4096, 23.99 GiB 32768, 79 GiB 262144 capped at 131072 */
	static const struct {
		const char *gpu;
		uint64_t ctx;
	} tiers[] = {{"RTX 4080", 4096}, {"RTX 4090", 32768}, {"H100 SXM", 131072}};
	for (size_t i = 0; i < sizeof tiers / sizeof tiers[0]; i++) {
		run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "ollama",
		             GS_F_RUNTIME_VERSION, "0.15.5", GS_F_FORMAT, "Q4_K_M", GS_F_GPU, tiers[i].gpu,
		             END);
		assert_int_equal(o->num_ctx, tiers[i].ctx);
		assert_true(o->layout_lines);
	}
	/* Llama-3.1-70B Q4_K_M at 8192 on two RTX 4090s: 41 and 40 of 81 layers,
	 * the output on the second GPU; on one, 41 layers and not the output */
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-70B-Instruct.json"), GS_F_RUNTIME,
	             "ollama", GS_F_RUNTIME_VERSION, "0.20.7", GS_F_FORMAT, "Q4_K_M", GS_F_GPU, "RTX 4090",
	             GS_F_GPUS, "2", GS_F_LENGTH, "8192", END);
	assert_int_equal(o->layer_split[0], 41);
	assert_int_equal(o->layer_split[1], 40);
	assert_true(o->full_offload);
	assert_int_equal(o->dev_graph[0], o->graph_full);
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-70B-Instruct.json"), GS_F_RUNTIME,
	             "ollama", GS_F_RUNTIME_VERSION, "0.20.7", GS_F_FORMAT, "Q4_K_M", GS_F_GPU, "RTX 4090",
	             GS_F_LENGTH, "8192", END);
	assert_int_equal(o->layers_offload, 41);
	assert_false(o->full_offload);
	assert_int_equal(o->dev_graph[0], o->graph_partial);
	assert_false(E->verdict.fits);
	/* gpt-oss on its own engine (0.20.7): a sliding layer keeps 1 x 4096 +
	 * 512 cells padded to 256 = 4608, a full one 32768 */
	run_estimate(E, &m, GS_F_MODEL, CFG("openai__gpt-oss-20b.json"), GS_F_RUNTIME, "ollama",
	             GS_F_RUNTIME_VERSION, "0.20.7", GS_F_FORMAT, "MXFP4", GS_F_GPU, "RTX 4090", END);
	assert_true(o->own_engine);
	assert_true(o->flash_attention);
	assert_int_equal(o->num_ctx, 32768);
	assert_int_equal(item_at(E, "kv_cache", 1), 12ull * 512 * 4 * (32768 + 4608));
	/* 0.30.1: llama-server, num_batch 1024 for num_ctx 32768, -fa auto */
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "ollama",
	             GS_F_FORMAT, "Q4_K_M", GS_F_GPU, "RTX 4090", END);
	assert_true(o->llama_server);
	assert_int_equal(o->num_batch, 1024);
	assert_true(E->has_llamacpp);
	assert_string_equal(E->llamacpp.build, "b9460");
	assert_true(E->llamacpp.fa);
}

/* The GGUF plan against the files Ollama's registry serves (docs/method.md
 * §14b): for every tag with a recorded upload, the planned tensors (and the
 * vision tower at F16, which Ollama's gemma3 files carry in the same file)
 * fall short of the file's size by its metadata alone, the tokenizer's
 * arrays (tokens, scores, types, merges): under 80 B a vocabulary entry
 * plus 1 MB (the files' worst is gpt-oss's o200k, 68.7 B); or exceed it by
 * at most 0.05 %. The uploads that differ from llama.cpp's quantizer beyond
 * that are listed with their gap, so a change to either side shows. */
static void test_ollama_uploads(void **st)
{
	(void)st;
	static const struct {
		const char *tag;
		uint64_t gap; /* file minus plan, in B */
	} differ[] = {{"qwen3:8b", 203561092}, {"deepseek-r1:8b", 203548975}};
	gs_model m;
	char tag[64];
	const char *quant;
	uint64_t bytes;
	size_t checked = 0, listed = 0;
	for (size_t i = 0; gsi_ollama_tag_row(i, tag, sizeof tag, &quant, &bytes); i++) {
		if (!quant)
			continue;
		run_estimate(E, &m, GS_F_MODEL, tag, GS_F_LENGTH, "2048", END);
		int64_t gap = (int64_t)bytes - (int64_t)(E->model.inv.stored_bytes + m.vision_params * 2);
		bool known = false;
		for (size_t k = 0; k < sizeof differ / sizeof differ[0]; k++)
			if (!strcmp(tag, differ[k].tag)) {
				assert_int_equal(gap, differ[k].gap);
				known = true;
				listed++;
			}
		if (!known && (gap > 80 * (int64_t)m.vocab + 1000000 || gap < -(int64_t)(bytes / 2000)))
			fail_msg("%s: file %llu B, gap %lld B to the plan (vocabulary %u)", tag,
			         (unsigned long long)bytes, (long long)gap, (unsigned)m.vocab);
		checked++;
	}
	assert_true(checked >= 18);
	assert_int_equal(listed, 2);
}

static void test_ollama(void **st)
{
	(void)st;
	gs_model m;
	/* Ollama 0.5.4 on an RTX 4090 with 24975835136 B free (a published
	 * server log, bench/calibration.jsonl llamacpp-ollama-runpod-llama31-8b-q4km):
	 * parallel=4, layers.offload=33, memory.required.full="6.5 GiB",
	 * kv="1.0 GiB", weights.total="4.9 GiB", nonrepeating="411.0 MiB",
	 * graph.full="560.0 MiB", graph.partial="677.5 MiB" */
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "ollama",
	             GS_F_RUNTIME_VERSION, "0.5.4", GS_F_FORMAT, "Q4_K_M", GS_F_GPU, "RTX 4090",
	             GS_F_GPU_FREE, "24975835136B", END);
	const gs_ollama_fit *o = &E->ollama;
	assert_true(E->has_ollama);
	assert_int_equal(o->num_ctx, 2048);
	assert_int_equal(o->parallel, 4);
	assert_int_equal(o->layers_offload, 33);
	assert_true(o->full_offload);
	/* 4 x 512 x (1 + 4 x 4096 + 8192 x 33) */
	assert_int_equal(o->graph_full, 587204608ull);
	/* 4 x 512 x 4096 + max(4 x 512 x (1 + 4096 + 8192) + 4096^2 x 9/16 + 4 x 8192 x (512 x 32 + 128 x 8),
	 *                      4 x 512 x (4096 + 128256) + 4096 x 128256 x 105/128) */
	assert_int_equal(o->graph_partial, 710385664ull);
	assert_int_equal(o->kv, 1073741824ull);
	/* 457 MiB + blk.0 with its KV (138936320 + 33554432) + every block
	 * (4186439680) + KV + output (430956544) + graph.full */
	assert_int_equal(o->required_full, 6930032640ull);
	assert_int_equal(o->allocations[0], o->required_full);
	assert_int_equal(o->weights_total, 4186439680ull + 1073741824ull); /* 0.5.4 counts the KV in */
	assert_int_equal(o->weights_nonrepeating, 430956544ull); /* Q6_K head + F32 norm */
	/* llama.cpp then: n_ctx 2048 x 4, n_ubatch 512, everything on CUDA0 */
	assert_int_equal(item_at(E, "kv_cache", 1), 1024ull << 20);
	assert_int_equal(item_at(E, "weights", 0), 4617396224ull);
	/* 8 GiB free and Q8_0: 4 in parallel does not fit, 1 does not either:
	 * parallel 1 and a partial offload, which counts as no fit */
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "ollama",
	             GS_F_RUNTIME_VERSION, "0.5.4", GS_F_FORMAT, "Q8_0", GS_F_CAPACITY, "8GiB", END);
	assert_int_equal(o->parallel, 1);
	assert_true(o->layers_offload > 0 && o->layers_offload < 33);
	assert_false(o->full_offload);
	assert_false(E->verdict.fits);
	assert_true(o->required_full > o->required_partial);
	/* 0.11.4: OLLAMA_NUM_PARALLEL 1, num_ctx 4096 by default, capped at the
	 * trained context (131072) */
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "ollama",
	             GS_F_RUNTIME_VERSION, "0.11.4", GS_F_FORMAT, "Q4_K_M", GS_F_GPU, "H200",
	             GS_F_LENGTH, "200000", END);
	assert_string_equal(E->runtime_version, "0.11.4");
	assert_int_equal(o->parallel, 1);
	assert_int_equal(o->num_ctx, 131072);
	/* 0.6.8: num_ctx 4096, automatic parallel tries 2; qwen3 has no
	 * GraphSize case: GQA x KV / 6 */
	run_estimate(E, &m, GS_F_MODEL, CFG("Qwen__Qwen3-8B.json"), GS_F_RUNTIME, "ollama",
	             GS_F_RUNTIME_VERSION, "0.6.8", GS_F_FORMAT, "Q4_K_M", GS_F_GPU, "RTX 4090", END);
	assert_int_equal(o->num_ctx, 4096);
	assert_int_equal(o->parallel, 2);
	assert_true(o->graph_by_rule);
	assert_int_equal(o->graph_partial, 32 / 8 * o->kv / 6);
	/* a release whose estimate files read as a row's takes that row, with
	 * a note but no unknown; one in a gap whose changes were not read is
	 * refused (method.md §14b) */
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "ollama",
	             GS_F_RUNTIME_VERSION, "0.5.7", GS_F_FORMAT, "Q4_K_M", GS_F_GPU, "RTX 4090", END);
	assert_string_equal(E->runtime_version, "0.5.4");
	assert_non_null(strstr(E->release_note, "0.5.7 estimates as 0.5.4 does"));
	assert_false(has_unknown(E, "runtime_version"));
	assert_int_equal(o->parallel, 4);
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "ollama",
	             GS_F_RUNTIME_VERSION, "0.10.1", GS_F_FORMAT, "Q4_K_M", GS_F_GPU, "RTX 4090", END);
	assert_string_equal(E->runtime_version, "0.11.4");
	assert_int_equal(o->parallel, 1);
	expect_estimate_error(E, GS_EINPUT, "changed between 0.6.8 and 0.11.4", GS_F_MODEL,
	                      CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "ollama",
	                      GS_F_RUNTIME_VERSION, "0.9.6", GS_F_FORMAT, "Q4_K_M", END);
	expect_estimate_error(E, GS_EINPUT, "0.5.12 sizes BF16 tensors as 0 bytes", GS_F_MODEL,
	                      CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "ollama",
	                      GS_F_RUNTIME_VERSION, "0.5.12", GS_F_FORMAT, "Q4_K_M", END);
	/* refused: an architecture its llama.cpp does not know, one it runs on
	 * its own engine */
	expect_estimate_error(E, GS_EUNSUPPORTED, "does not know architecture qwen3", GS_F_MODEL,
	                      CFG("Qwen__Qwen3-8B.json"), GS_F_RUNTIME, "ollama", GS_F_RUNTIME_VERSION,
	                      "0.5.4", GS_F_FORMAT, "Q4_K_M", END);
	expect_estimate_error(E, GS_EUNSUPPORTED, "own engine", GS_F_MODEL, CFG("google__gemma-3-1b-it.json"),
	                      GS_F_RUNTIME, "ollama", GS_F_RUNTIME_VERSION, "0.6.8", GS_F_FORMAT, "Q4_K_M",
	                      END);
}

/* Mamba with Transformers (method.md §5): the recurrent state instead of
 * a KV cache, the slow path's scan tensors; engines and training refused. */
static void test_state_space(void **st)
{
	(void)st;
	gs_model m;
	run_estimate(E, &m, GS_F_MODEL, CFG("state-spaces__mamba-130m-hf.json"), GS_F_LENGTH, "2048",
	             GS_F_CONCURRENCY, "4", END);
	assert_int_equal(item_at(E, "kv_cache", 1), 4ull * 24 * 1536 * 20 * 2);
	assert_int_equal(item_at(E, "kv_cache", 2), 4ull * 24 * 1536 * 20 * 2); /* not growing with length */
	/* prefill: 3 fp32 b x inner x s x state + b x s x (4 x inner + 2h) x 2 B */
	assert_int_equal(item_at(E, "activations", 1),
	                 4ull * 1536 * 2048 * 16 * 12 + 4ull * 2048 * (4 * 1536 + 2 * 768) * 2);
	/* vLLM (docs/method.md §7, "Hybrid models"): one page a sequence in each
	 * layer, conv (4 - 1) x 1536 + ssm 1536 x 16 = 29184 values x 2 B */
	run_estimate(E, &m, GS_F_MODEL, CFG("state-spaces__mamba-130m-hf.json"), GS_F_RUNTIME, "vllm",
	             GS_F_LENGTH, "2048", GS_F_GPU, "L4", END);
	assert_true(E->vllm.hybrid);
	assert_int_equal(E->vllm.state_page_bytes, 29184ull * 2);
	assert_int_equal(E->vllm.group_size, 24);
	assert_int_equal(E->vllm.request_blocks, 1);
	assert_int_equal(E->vllm.block_bytes, 29184ull * 2 * 24);
	/* before 0.21.0 the hybrid cache was not read: refused by name */
	expect_estimate_error(E, GS_EINPUT, "hybrid and state-space models was not read", GS_F_MODEL,
	                      CFG("state-spaces__mamba-130m-hf.json"), GS_F_RUNTIME, "vllm",
	                      GS_F_RUNTIME_VERSION, "0.20.0", GS_F_LENGTH, "2048", GS_F_GPU, "L4", END);
}

/* vLLM's pool for a hybrid (docs/method.md §7, "Hybrid models"), the worked
 * value of Qwen3-Next-80B-A3B in bf16: a Gated DeltaNet layer's state on
 * one GPU is conv 3 x 8192 + recurrent 32 x 128 x 128 values = 1097728 B at
 * tp 1, which raises the attention block (2048 B a token: 2 KV heads x 512 x
 * 2 B) to 16 x cdiv(1097728, 16 x 2048) = 544 tokens, 1114112 B; 12
 * attention and 36 state layers make groups of 12; at 8192 tokens a request
 * needs 16 attention blocks and 3 state pages without prefix caching
 * (0.21.0), 2 each with it (0.28: align), 19 and 22 block ids. At tp 4: 272
 * tokens, 278528 B, 34 and 37. */
static void test_vllm_hybrid(void **st)
{
	(void)st;
	gs_model m;
	/* Qwen3.6-27B (mamba_ssm_dtype float32): a Gated DeltaNet layer's state,
	 * conv 3 x 10240 x 2 B + recurrent 48 x 128 x 128 x 4 B = 3207168 B,
	 * raises the attention block (4 KV heads x 256 x 2 x 2 B = 4096 B a
	 * token) to 16 x ceil(3207168 / 65536) = 784 tokens; 16 attention and 48
	 * state layers: 1 and 3 groups of 16. The Qwen3.5-27B copy names no
	 * mamba_ssm_dtype, so vLLM's "auto" keeps the state in bf16: 1634304 B,
	 * 400 tokens. */
	run_estimate(E, &m, GS_F_MODEL, CFG("Qwen__Qwen3.6-27B.json"), GS_F_RUNTIME, "vllm", GS_F_GPU, "H200",
	             GS_F_LENGTH, "8192", END);
	assert_int_equal(E->vllm.state_page_bytes, 3ull * 10240 * 2 + 48ull * 128 * 128 * 4);
	assert_int_equal(E->vllm.block_tokens, 784);
	assert_int_equal(E->vllm.group_size, 16);
	assert_int_equal(E->vllm.state_groups, 3);
	run_estimate(E, &m, GS_F_MODEL, CFG("Qwen__Qwen3.5-27B.json"), GS_F_RUNTIME, "vllm", GS_F_GPU, "H200",
	             GS_F_LENGTH, "8192", END);
	assert_int_equal(E->vllm.state_page_bytes, 3ull * 10240 * 2 + 48ull * 128 * 128 * 2);
	assert_int_equal(E->vllm.block_tokens, 400);
	expect_estimate_error(E, GS_EUNSUPPORTED, "vllm 0.16.0 does not serve model_type \"qwen3_5\"",
	                      GS_F_MODEL, CFG("Qwen__Qwen3.6-27B.json"), GS_F_RUNTIME, "vllm",
	                      GS_F_RUNTIME_VERSION, "0.16.0", GS_F_GPU, "H200", GS_F_LENGTH, "8192", END);
	static const struct {
		const char *version, *tp;
		uint64_t block_tokens, page, blocks;
		const char *mode;
	} q3n[] = {{"0.21.0", "1", 544, 1114112, 19, "none"}, {"0.28.0", "1", 544, 1114112, 22, "align"},
	           {"0.21.0", "4", 272, 278528, 34, "none"}, {"0.28.0", "4", 272, 278528, 37, "align"}};
	for (size_t i = 0; i < sizeof q3n / sizeof q3n[0]; i++) {
		run_estimate(E, &m, GS_F_MODEL, CFG("Qwen__Qwen3-Next-80B-A3B-Instruct.json"), GS_F_RUNTIME,
		             "vllm", GS_F_RUNTIME_VERSION, q3n[i].version, GS_F_TP, q3n[i].tp, GS_F_GPUS,
		             q3n[i].tp, GS_F_GPU, "H200", GS_F_LENGTH, "8192", END);
		assert_true(E->vllm.hybrid);
		assert_int_equal(E->vllm.block_tokens, q3n[i].block_tokens);
		assert_int_equal(E->vllm.page_bytes, q3n[i].page);
		assert_int_equal(E->vllm.group_size, 12);
		assert_int_equal(E->vllm.attn_groups, 1);
		assert_int_equal(E->vllm.state_groups, 3);
		assert_int_equal(E->vllm.request_blocks, q3n[i].blocks);
		assert_string_equal(E->vllm.state_mode, q3n[i].mode);
	}
	/* prefix caching turned off on 0.28 gives "none" again; asked for on
	 * 0.25, which has none for hybrids, it is refused */
	run_estimate(E, &m, GS_F_MODEL, CFG("Qwen__Qwen3-Next-80B-A3B-Instruct.json"), GS_F_RUNTIME, "vllm",
	             GS_F_PREFIX_CACHING, "no", GS_F_TP, "4", GS_F_GPUS, "4", GS_F_GPU, "H200", GS_F_LENGTH,
	             "8192", END);
	assert_int_equal(E->vllm.request_blocks, 34);
	expect_estimate_error(E, GS_EINPUT, "has no prefix caching for hybrid models", GS_F_MODEL,
	                      CFG("Qwen__Qwen3-Next-80B-A3B-Instruct.json"), GS_F_RUNTIME, "vllm",
	                      GS_F_RUNTIME_VERSION, "0.25.0", GS_F_PREFIX_CACHING, "yes", GS_F_TP, "4",
	                      GS_F_GPUS, "4", GS_F_GPU, "H200", GS_F_LENGTH, "8192", END);
	/* Jamba: 4 attention and 28 Mamba layers, groups of 4, the block 80
	 * tokens (mamba_utils.py mamba1: conv 3 x 8192, ssm 8192 x 16) */
	run_estimate(E, &m, GS_F_MODEL, CFG("ai21labs__Jamba-v0.1.json"), GS_F_RUNTIME, "vllm",
	             GS_F_RUNTIME_VERSION, "0.21.0", GS_F_GPU, "H200", GS_F_LENGTH, "8192", END);
	assert_int_equal(E->vllm.state_page_bytes, (3ull * 8192 + 8192ull * 16) * 2);
	assert_int_equal(E->vllm.block_tokens, 80);
	assert_int_equal(E->vllm.group_size, 4);
	assert_int_equal(E->vllm.state_groups, 7);
}

/* Vision-language (method.md §2, §5): images add their tokens to the
 * length; the vision tower's transient can set the prefill peak. */
static void test_vision_language(void **st)
{
	(void)st;
	gs_model m;
	run_estimate(E, &m, GS_F_MODEL, CFG("google__gemma-3-4b-it.json"), GS_F_LENGTH, "1024", GS_F_IMAGES,
	             "2", END);
	assert_int_equal(E->length, 1024 + 2 * 256);
	/* 1 x 2 images x 4096 patches x (max(2 x 4304, 7 x 1152) + 2 x 1152) x 2 B */
	uint64_t vis = 8192ull * (8608 + 2304) * 2;
	assert_true(item_at(E, "activations", 1) >= vis);
	/* Qwen2-VL: tokens per image from image_tokens; 4 patches per token */
	run_estimate(E, &m, GS_F_MODEL, CFG("Qwen__Qwen2-VL-7B-Instruct.json"), GS_F_LENGTH, "512",
	             GS_F_IMAGES, "2", GS_F_IMAGE_TOKENS, "256", END);
	assert_int_equal(E->length, 512 + 2 * 256);
	assert_true(item_at(E, "activations", 1) >= 2ull * 1024 * (10240 + 2560) * 2);
	run_estimate(E, &m, GS_F_MODEL, CFG("llava-hf__llava-1.5-7b-hf.json"), GS_F_LENGTH, "100",
	             GS_F_IMAGES, "1", END);
	assert_int_equal(E->length, 100 + 576);
	/* Llama-2 geometry: 2 x 32 layers x 32 heads x 128 x 676 tokens x 2 B */
	assert_int_equal(item_at(E, "kv_cache", 1), 2ull * 32 * 4096 * 676 * 2);
}

/* Calibration intervals (method.md §17a): the rule, the worked value, and
 * --conservative reaching the capacity check. */
static void test_intervals(void **st)
{
	(void)st;
	double lo, hi;
	/* 7 records from -11.49 % to +1.06 %: pad 2 points */
	gs_band_factors(7, -0.114916, 0.010634, &lo, &hi, NULL, 0);
	assert_true(fabs(lo - 1 / 1.030634) < 1e-9 && fabs(hi - 1 / (1 - 0.134916)) < 1e-9);
	/* fewer than 5: the largest |r| again, at least 5 points */
	gs_band_factors(2, -0.026, 0.030, &lo, &hi, NULL, 0);
	assert_true(fabs(lo - 1 / 1.08) < 1e-9 && fabs(hi - 1 / (1 - 0.076)) < 1e-9);
	gs_band_factors(0, 0, 0, &lo, &hi, NULL, 0);
	assert_true(fabs(lo - 1 / 1.25) < 1e-9 && fabs(hi - 1 / 0.75) < 1e-9);
	/* one record: its error is no spread, so the no-record band, unless the
	 * error itself lies outside it */
	gs_band_factors(1, -0.004, -0.004, &lo, &hi, NULL, 0);
	assert_true(fabs(lo - 1 / 1.25) < 1e-9 && fabs(hi - 1 / 0.75) < 1e-9);
	gs_band_factors(1, -0.30, -0.30, &lo, &hi, NULL, 0);
	assert_true(fabs(lo - 1 / 1.25) < 1e-9 && fabs(hi - 1 / (1 - 0.35)) < 1e-9);
	assert_non_null(gs_band_find("training", "peak"));
	/* two SGLang logs fitted: its pool's band rests on 2 records; its peak on none (±25 %, said so) */
	assert_non_null(gs_band_find("sglang", "kv"));
	assert_int_equal(gs_band_find("sglang", "kv")->records, 2);
	assert_null(gs_band_find("sglang", "peak"));

	gs_model m;
	static gs_estimate e;
	run_estimate(&e, &m, GS_F_MODEL, TCFG("bert-large-uncased-seqcls.json"), GS_F_TASK, "full",
	             GS_F_LENGTH, "512", GS_F_MICROBATCH, "4", GS_F_ATTENTION, "eager", GS_F_PRECISION, "amp",
	             GS_F_OPTIMIZER, "adamw-forloop", GS_F_RUNTIME_CONTEXT, "1343MiB", -1);
	const gs_band *b = gs_band_find("training", "peak");
	gs_band_factors(b->records, b->r_min, b->r_max, &lo, &hi, NULL, 0);
	gs_bytes pk = gs_estimate_peak(&e), l, h;
	gs_estimate_interval(&e, pk, &l, &h);
	assert_string_equal(e.interval.group, "training");
	assert_int_equal(l, (gs_bytes)floor((double)pk * lo));
	assert_int_equal(h, (gs_bytes)ceil((double)pk * hi));
	assert_true(l < 14616297472ull && 14616297472ull < h); /* the published 13939 MiB */

	/* conservative: the capacity check reads the high end */
	run_estimate(&e, &m, GS_F_MODEL, TCFG("bert-large-uncased-seqcls.json"), GS_F_TASK, "full",
	             GS_F_LENGTH, "512", GS_F_MICROBATCH, "4", GS_F_ATTENTION, "eager", GS_F_PRECISION, "amp",
	             GS_F_OPTIMIZER, "adamw-forloop", GS_F_RUNTIME_CONTEXT, "1343MiB", GS_F_CAPACITY, "13GiB",
	             -1);
	assert_true(e.verdict.fits);
	run_estimate(&e, &m, GS_F_MODEL, TCFG("bert-large-uncased-seqcls.json"), GS_F_TASK, "full",
	             GS_F_LENGTH, "512", GS_F_MICROBATCH, "4", GS_F_ATTENTION, "eager", GS_F_PRECISION, "amp",
	             GS_F_OPTIMIZER, "adamw-forloop", GS_F_RUNTIME_CONTEXT, "1343MiB", GS_F_CAPACITY, "13GiB",
	             GS_F_CONSERVATIVE, "yes", -1);
	assert_false(e.verdict.fits);
	assert_int_equal(gs_estimate_peak(&e), h);
	assert_non_null(gs_estimate_item(&e, "calibration_margin"));

	/* vLLM: the pool's tokens get their own interval; conservative judges
	 * the sheet by its low end and does not raise the budget */
	run_estimate(&e, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "vllm", GS_F_GPU,
	             "RTX 4090", GS_F_LENGTH, "1024", -1);
	uint64_t t = e.vllm.tokens;
	assert_true(e.vllm.tokens_low < t && t < e.vllm.tokens_high);
	/* a concurrency that fits the point but not the low end */
	uint64_t n = e.vllm.tokens_low / 1024 + 1;
	assert_true(n * 1024 <= t);
	char c[32];
	snprintf(c, sizeof c, "%llu", (unsigned long long)n);
	run_estimate(&e, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "vllm", GS_F_GPU,
	             "RTX 4090", GS_F_LENGTH, "1024", GS_F_CONCURRENCY, c, -1);
	assert_true(e.verdict.pool_holds);
	run_estimate(&e, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "vllm", GS_F_GPU,
	             "RTX 4090", GS_F_LENGTH, "1024", GS_F_CONCURRENCY, c, GS_F_CONSERVATIVE, "yes", -1);
	assert_false(e.verdict.pool_holds);
	assert_null(gs_estimate_item(&e, "calibration_margin"));

	/* SGLang: the same, on its token pool (no record: +-25 %) */
	run_estimate(&e, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "sglang",
	             GS_F_GPU, "RTX 4090", GS_F_LENGTH, "1024", -1);
	t = e.sglang.tokens;
	assert_true(e.sglang.tokens_low < t && t < e.sglang.tokens_high);
	n = e.sglang.tokens_low / 1024 + 1;
	assert_true(n * 1024 <= t && n <= e.sglang.max_running_requests);
	snprintf(c, sizeof c, "%llu", (unsigned long long)n);
	run_estimate(&e, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "sglang",
	             GS_F_GPU, "RTX 4090", GS_F_LENGTH, "1024", GS_F_CONCURRENCY, c, -1);
	assert_true(e.verdict.pool_holds);
	run_estimate(&e, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_RUNTIME, "sglang",
	             GS_F_GPU, "RTX 4090", GS_F_LENGTH, "1024", GS_F_CONCURRENCY, c, GS_F_CONSERVATIVE, "yes",
	             -1);
	assert_false(e.verdict.pool_holds);
	assert_null(gs_estimate_item(&e, "calibration_margin"));
}

static void test_unsupported(void **st)
{
	(void)st;
	gs_workload w;
	gs_model m;
	gs_error err;
	/* vLLM with pipeline stages is not modelled: refused, not guessed */
	expect_estimate_error(E, GS_EUNSUPPORTED, "pipeline", GS_F_MODEL,
	                      CFG("meta-llama__Meta-Llama-3-8B.json"), GS_F_RUNTIME, "vllm", GS_F_GPUS, "2",
	                      GS_F_PP, "2", END);
	/* ZeRO describes adaptation, not inference */
	gs_workload_init(&w);
	wl_set(&w, GS_F_PARAMS, "7e9");
	wl_set(&w, GS_F_ZERO, "3");
	/* refused with the workload: the field's row reads it for adaptation only */
	assert_int_equal(gs_workload_finish(&w, &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "read by tasks full, lora and qlora, not by inference"));
	assert_string_equal(err.field, "zero");
	(void)m;
}

static int setup(void **st) { (void)st; E = malloc(sizeof *E); return E ? 0 : -1; }
static int teardown(void **st) { (void)st; free(E); return 0; }

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_seed_example),      cmocka_unit_test(test_llama3_bf16),
		cmocka_unit_test(test_eager_attention),   cmocka_unit_test(test_quantized_formats),
		cmocka_unit_test(test_encoder_forward),
		cmocka_unit_test(test_mla_and_moe),       cmocka_unit_test(test_vllm_budget),
		cmocka_unit_test(test_unsupported),        cmocka_unit_test(test_vllm_releases),
		cmocka_unit_test(test_vllm_comm_baseline),
		cmocka_unit_test(test_vllm_later_releases),
		cmocka_unit_test(test_vllm_releases_after_0160),
		cmocka_unit_test(test_vllm_0200),
		cmocka_unit_test(test_vllm_0201_printed_tokens),
		cmocka_unit_test(test_vllm_0210),          cmocka_unit_test(test_vllm_0220_0280),
		cmocka_unit_test(test_sglang_0_5),          cmocka_unit_test(test_vllm_hybrid),
		cmocka_unit_test(test_vllm_vision),
		cmocka_unit_test(test_vllm_sampler),
		cmocka_unit_test(test_vllm_marlin_mxfp4),
		cmocka_unit_test(test_nvfp4_engines),
		cmocka_unit_test(test_config_attention),
		cmocka_unit_test(test_sglang_pool),        cmocka_unit_test(test_gguf_plan),
		cmocka_unit_test(test_ollama),            cmocka_unit_test(test_intervals),
		cmocka_unit_test(test_gemma3n_transformers),
		cmocka_unit_test(test_gemma3n_vllm),
		cmocka_unit_test(test_gemma3n_sglang),
		cmocka_unit_test(test_gemma3n_llamacpp),
		cmocka_unit_test(test_gemma3n_ollama),
		cmocka_unit_test(test_ollama_layout),
		cmocka_unit_test(test_ollama_uploads),
		cmocka_unit_test(test_state_space),      cmocka_unit_test(test_vision_language),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
