/*
 * model_quant.c — what a checkpoint's quantization_config means in
 * gpusizer's formats (docs/method.md §3a).
 *
 * config.json says how its weights are stored: FP8 (per tensor, per output
 * channel, 128x128 blocks), fbgemm FP8, bitsandbytes 4/8-bit, GPTQ, AWQ, a
 * compressed-tensors scheme, or MXFP4 on a mixture of experts (gpt-oss).
 * The estimate takes that as the default format, so an FP8 checkpoint is
 * not sized as bf16. Anything this file cannot map
 * is recorded with the reason; the estimate then refuses to guess.
 */
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "model/model_internal.h"

static const char *str(const json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));
	return s ? s : "";
}

static json_int_t num(const json_t *o, const char *key, json_int_t def)
{
	json_t *v = json_object_get(o, key);
	return json_is_integer(v) ? json_integer_value(v) : def;
}

static bool truthy(const json_t *o, const char *key) { return json_is_true(json_object_get(o, key)); }

static void problem(gs_model *m, const char *fmt, ...) GS_PRINTF(2, 3);
static void problem(gs_model *m, const char *fmt, ...)
{
	va_list ap;
	m->quant_format[0] = 0;
	va_start(ap, fmt);
	vsnprintf(m->quant_problem, sizeof m->quant_problem, fmt, ap);
	va_end(ap);
}

/* A module name of a skip list as written: ModelOpt's wildcards
 * ("*.attn.*", "model.layers.*.self_attn*"), compressed-tensors' regexes
 * ("re:.*mlp.gate$"), or a plain prefix ("lm_head"); `core` gets it
 * without "re:" and a final "$", for the tests below. */
static void bare_name(const char *s, char *core, size_t cap)
{
	if (!strncmp(s, "re:", 3))
		s += 3;
	snprintf(core, cap, "%s", s);
	size_t n = strlen(core);
	if (n && core[n - 1] == '$')
		core[n - 1] = 0;
}

static bool ends_with(const char *s, const char *suf)
{
	size_t n = strlen(s), k = strlen(suf);
	return n >= k && !strcmp(s + n - k, suf);
}

/* Whether an entry names one layer ("model.layers.3.self_attn"): it keeps
 * that layer's module only, not the role in every layer. */
static bool names_one_layer(const char *s)
{
	for (const char *p = strchr(s, '.'); p; p = strchr(p + 1, '.'))
		if (p[1] >= '0' && p[1] <= '9')
			return true;
	return false;
}

/* Whether an entry names a decoder layer's dense MLP projections in every
 * layer: "mlp.gate_proj", "mlp.down_proj", or Kimi K2-Thinking's and
 * K2.5's "re:.*mlp\\.(gate|up|gate_up|down)_proj.*" (the first dense
 * layer of a DeepSeek-V3 trunk; the routed experts sit under mlp.experts,
 * the shared ones under mlp.shared_experts, neither matched). */
static bool dense_mlp_entry(const char *s)
{
	const char *m = strstr(s, "mlp");
	if (!m || strstr(s, "expert"))
		return false;
	return strstr(m, "gate_proj") || strstr(m, "up_proj") || strstr(m, "down_proj") ||
	       strstr(m, "(gate|up");
}

/* The role (gs_role) a skip-list entry keeps in 16 bits in every layer, or
 * -1: attention (self_attn, DeepSeek-V4's attn, Llama's attention), the
 * shared experts, the linear-attention or state-space mixers (Qwen3.5's
 * linear_attn, Mamba), the vision tower and its projector. */
static int entry_role(const char *s)
{
	if (names_one_layer(s))
		return -1;
	if (strstr(s, "linear_attn") || strstr(s, "mamba"))
		return GS_ROLE_MIXER;
	if (strstr(s, "shared_expert") && !ends_with(s, "shared_expert_gate"))
		return GS_ROLE_SHARED;
	if (strstr(s, "visual") || strstr(s, "vision") || strstr(s, "mm_projector") ||
	    strstr(s, "multi_modal_projector"))
		return GS_ROLE_TOWER;
	if (strstr(s, "self_attn") || strstr(s, ".attn.") || strstr(s, ".attn*") || !strcmp(s, "attn") ||
	    ends_with(s, ".attn") || strstr(s, ".attention"))
		return GS_ROLE_ATTN;
	if (dense_mlp_entry(s))
		return GS_ROLE_DENSE;
	return -1;
}

/* modules_to_not_convert / llm_int8_skip_modules / ignore / exclude_modules:
 * the embeddings, the output head, norms and MoE routers (mlp.gate,
 * shared_expert_gate, router, counted as "other") every quantized format
 * keeps in 16 bits already; a role kept in every layer (entry_role) is
 * counted in 16 bits from m->quant_kept_roles; the MTP layers are not in
 * the model's parameters; anything else is listed in quant_skipped, which
 * the estimate names as counted in the quantized format. */
static void skipped(const json_t *list, gs_model *m)
{
	size_t i;
	json_t *v;
	json_array_foreach(list, i, v) {
		const char *raw = json_string_value(v);
		char s[160];
		if (!raw)
			continue;
		bare_name(raw, s, sizeof s);
		if (strstr(s, "lm_head") || strstr(s, "embed") || strstr(s, "norm") || strstr(s, "wte") ||
		    !strcmp(s, "head") || ends_with(s, ".head") || strstr(s, "mtp"))
			continue;
		/* a router ("gate", "mlp.gate", "router") and its correction bias:
		 * gpusizer counts them with the other parameters a quantized format
		 * keeps */
		if (!strcmp(s, "gate") || ends_with(s, ".gate") || ends_with(s, "shared_expert_gate") ||
		    strstr(s, "router") || strstr(s, "e_score_correction_bias") || ends_with(s, ".gate*") ||
		    ends_with(s, ".gate.*"))
			continue;
		int role = entry_role(s);
		if (role >= 0) {
			m->quant_kept_roles |= 1u << role;
			continue;
		}
		size_t n = strlen(m->quant_skipped);
		snprintf(m->quant_skipped + n, sizeof m->quant_skipped - n, "%s%.60s", n ? ", " : "", raw);
	}
}

static void read_fp8(const json_t *q, gs_model *m)
{
	const json_t *blk = json_object_get(q, "weight_block_size");
	skipped(json_object_get(q, "modules_to_not_convert"), m);
	/* Mistral's FP8 checkpoints (Devstral 2) write weight_block_size null
	 * with activation_scheme static: one weight scale per tensor (and one
	 * input scale), FineGrainedFP8Config's per-tensor case */
	if (!blk || json_is_null(blk)) {
		snprintf(m->quant_format, sizeof m->quant_format, "fp8-e4m3");
		snprintf(m->quant_read, sizeof m->quant_read,
		         "fp8, one scale per tensor (activation_scheme %.20s)", str(q, "activation_scheme"));
		return;
	}
	json_int_t r0 = json_integer_value(json_array_get(blk, 0)),
		   r1 = json_integer_value(json_array_get(blk, 1));
	if (json_array_size(blk) != 2 || r0 != 128 || r1 != 128) {
		problem(m,
		        "fp8 with weight_block_size other than [128, 128] (first %lld): gpusizer knows "
		        "128x128",
		        (long long)r0);
		return;
	}
	/* scale_fmt "ue8m0" (DeepSeek-V3.1, V3.2): the block scales are powers
	 * of two, which DeepGEMM may round to and use as UE8M0 (vLLM
	 * transformers_utils/config.py sets VLLM_USE_DEEP_GEMM_E8M0 from it
	 * @7cfb97e3379), but the checkpoint stores them as fp32
	 * weight_scale_inv tensors, as every 128x128 checkpoint does (V3.2's
	 * model report lists torch.float32 [1, 56] for an indexer wk's), and
	 * fp8.py loads them fp32 for V3.2: the bytes are the same. Another
	 * scale format is refused by name rather than guessed. */
	const char *fmt = str(q, "scale_fmt");
	if (*fmt && strcmp(fmt, "ue8m0")) {
		problem(m, "fp8 with scale_fmt \"%.20s\": gpusizer knows fp32 block scales and ue8m0", fmt);
		return;
	}
	snprintf(m->quant_format, sizeof m->quant_format, "fp8-block128");
	snprintf(m->quant_read, sizeof m->quant_read, "fp8, one scale per 128x128 block%s",
	         *fmt ? " (scale_fmt ue8m0, stored fp32)" : "");
}

static void read_bnb(const json_t *q, gs_model *m)
{
	skipped(json_object_get(q, "llm_int8_skip_modules"), m);
	if (truthy(q, "load_in_8bit")) {
		snprintf(m->quant_format, sizeof m->quant_format, "int8");
		snprintf(m->quant_read, sizeof m->quant_read, "bitsandbytes LLM.int8");
		return;
	}
	if (!truthy(q, "load_in_4bit")) {
		problem(m, "bitsandbytes with neither load_in_4bit nor load_in_8bit true");
		return;
	}
	const char *type = str(q, "bnb_4bit_quant_type");
	if (!*type)
		type = "fp4"; /* BitsAndBytesConfig's default */
	if (strcmp(type, "nf4") && strcmp(type, "fp4")) {
		problem(m, "bitsandbytes bnb_4bit_quant_type \"%.20s\": expected nf4 or fp4", type);
		return;
	}
	bool dq = truthy(q, "bnb_4bit_use_double_quant");
	snprintf(m->quant_format, sizeof m->quant_format, "%s%s", type, dq ? "-dq" : "");
	snprintf(m->quant_read, sizeof m->quant_read, "bitsandbytes 4-bit %s%s", type,
	         dq ? ", double quantization" : "");
}

/* GPTQ and AWQ: bits 4 or 8, a group size, GPTQ's act order. */
static void read_group(const json_t *q, gs_model *m, const char *fam)
{
	json_int_t bits = num(q, "bits", num(q, "w_bit", 4));
	json_int_t g = num(q, "group_size", num(q, "q_group_size", 128));
	if (bits != 4 && !(bits == 8 && !strcmp(fam, "gptq"))) {
		problem(m, "%s with %lld bits: gpusizer knows 4-bit GPTQ/AWQ and 8-bit GPTQ", fam,
		        (long long)bits);
		return;
	}
	if (g <= 0) {
		problem(m,
		        "%s with group_size %lld (one group per column): give --format gptq-g128 as an upper "
		        "bound",
		        fam, (long long)g);
		return;
	}
	bool act = !strcmp(fam, "gptq") && truthy(q, "desc_act");
	skipped(json_object_get(q, "modules_to_not_convert"), m);
	snprintf(m->quant_format, sizeof m->quant_format, "%.8s%s-g%lld%s", fam, bits == 8 ? "8" : "",
	         (long long)g, act ? "-act" : "");
	snprintf(m->quant_read, sizeof m->quant_read, "%s %lld-bit, group %lld%s", fam, (long long)bits,
	         (long long)g, act ? ", act order (g_idx)" : "");
}

/* A compressed-tensors weights scheme as one of gpusizer's formats, or ""
 * (quantization_scheme.py's QuantizationArgs: num_bits, type, strategy,
 * group_size, block_structure). */
static void compressed_format(const json_t *wt, char *f, size_t cap)
{
	json_int_t bits = num(wt, "num_bits", 0), gs = num(wt, "group_size", 0);
	const char *type = str(wt, "type"), *strat = str(wt, "strategy");
	f[0] = 0;
	if (!strcmp(type, "float") && bits == 8) {
		const json_t *bs = json_object_get(wt, "block_structure");
		if (!strcmp(strat, "tensor"))
			snprintf(f, cap, "fp8-e4m3");
		else if (!strcmp(strat, "channel"))
			snprintf(f, cap, "fp8-channel");
		else if (!strcmp(strat, "block") && json_integer_value(json_array_get(bs, 0)) == 128 &&
		         json_integer_value(json_array_get(bs, 1)) == 128)
			snprintf(f, cap, "fp8-block128");
	} else if (!strcmp(type, "float") && bits == 4 && gs == 16 &&
	           (!strcmp(strat, "tensor_group") || !strcmp(strat, "group"))) {
		/* NVFP4 (nvfp4-pack-quantized): E2M1, an E4M3 scale per 16, a
		 * global scale per tensor (strategy tensor_group) */
		snprintf(f, cap, "nvfp4");
	} else if (!strcmp(type, "float") && bits == 4 && gs == 32 && !strcmp(strat, "group")) {
		/* MXFP4 (mxfp4-pack-quantized): E2M1, an E8M0 scale per 32 */
		snprintf(f, cap, "mxfp4-linear");
	} else if (!strcmp(type, "int") && bits == 8 && !strcmp(strat, "channel")) {
		/* W8A8 int8 (int-quantized): an fp32 scale per output row, for an
		 * int8 GEMM; not bitsandbytes' LLM.int8 */
		snprintf(f, cap, "int8-channel");
	} else if (!strcmp(type, "int") && bits == 4 && !strcmp(strat, "group") && gs > 0 &&
	           !json_is_false(json_object_get(wt, "symmetric"))) {
		/* symmetric int4 (pack-quantized, llm-compressor's W4A16, Kimi
		 * K2-Thinking's and K2.5's QAT checkpoints): a scale per group
		 * and no zero point (QuantizationArgs.symmetric defaults true;
		 * pack_quantized.py stores weight_zero_point only when asymmetric) */
		snprintf(f, cap, "w4a16-g%lld", (long long)gs);
	} else if (!strcmp(type, "int") && (bits == 4 || bits == 8) && !strcmp(strat, "group") && gs > 0) {
		snprintf(f, cap, "gptq%s-g%lld", bits == 8 ? "8" : "", (long long)gs);
	}
}

/* Whether every target of a config group is a routed-experts pattern
 * ("re:.*mlp.experts.*", "re:.*ffn.*experts.*"), not "Linear" or a module
 * every layer has. */
static bool targets_experts_only(const json_t *targets)
{
	size_t i;
	json_t *v;
	if (!json_array_size(targets))
		return false;
	json_array_foreach(targets, i, v) {
		const char *t = json_string_value(v);
		if (!t || !strstr(t, "expert") || strstr(t, "shared_expert"))
			return false;
	}
	return true;
}

/* The targets of a group beyond "Linear" and the experts, kept for the
 * estimate's note: they quantize fewer modules than every linear. */
static void note_targets(const json_t *targets, gs_model *m)
{
	size_t i;
	json_t *v;
	json_array_foreach(targets, i, v) {
		const char *t = json_string_value(v);
		if (!t || !strcmp(t, "Linear"))
			continue;
		size_t n = strlen(m->quant_skipped);
		snprintf(m->quant_skipped + n, sizeof m->quant_skipped - n, "%sall but the targets %.60s",
		         n ? ", " : "", t);
	}
}

/* compressed-tensors: every config group must quantize weights the same
 * way; the groups' targets say which modules ("Linear": every one; only
 * experts' patterns: the routed experts alone), ignore which are kept
 * (vLLM compressed_tensors.py get_quant_method @7cfb97e3379). */
static void read_compressed(const json_t *q, gs_model *m)
{
	const json_t *groups = json_object_get(q, "config_groups");
	const char *k;
	json_t *g;
	char fmt[40] = "";
	bool experts_only = true;
	json_object_foreach((json_t *)groups, k, g) {
		const json_t *wt = json_object_get(g, "weights");
		char f[40];
		compressed_format(wt, f, sizeof f);
		if (!f[0]) {
			problem(m,
			        "compressed-tensors weights scheme \"%.60s\" (%lld bits, strategy %.20s, "
			        "group_size %lld): gpusizer maps float 8-bit tensor/channel/128x128 block, "
			        "float 4-bit group 16 (nvfp4) or 32 (mxfp4), int 8-bit channel and int "
			        "4/8-bit group schemes",
			        *str(wt, "type") ? str(wt, "type") : "?", (long long)num(wt, "num_bits", 0),
			        str(wt, "strategy"), (long long)num(wt, "group_size", 0));
			return;
		}
		if (fmt[0] && strcmp(fmt, f)) {
			problem(m,
			        "compressed-tensors groups quantize weights differently (%.30s and %.30s, "
			        "format %.30s): gpusizer sizes one format per checkpoint",
			        fmt, f, str(q, "format"));
			return;
		}
		snprintf(fmt, sizeof fmt, "%s", f);
		const json_t *targets = json_object_get(g, "targets");
		experts_only = experts_only && targets_experts_only(targets);
		if (!targets_experts_only(targets))
			note_targets(targets, m);
	}
	if (!fmt[0]) {
		problem(m, "compressed-tensors without config_groups");
		return;
	}
	if (experts_only && (!strcmp(fmt, "nvfp4") || !strcmp(fmt, "mxfp4-linear")))
		snprintf(fmt, sizeof fmt, "%s", !strcmp(fmt, "nvfp4") ? "nvfp4-experts" : "mxfp4-experts");
	else if (experts_only) {
		problem(m, "compressed-tensors %.20s on the experts alone: gpusizer keeps only NVFP4 and "
		        "MXFP4 to the experts", fmt);
		return;
	}
	skipped(json_object_get(q, "ignore"), m);
	const json_t *kv = json_object_get(q, "kv_cache_scheme");
	if (!strcmp(str(kv, "type"), "float") && num(kv, "num_bits", 0) == 8)
		snprintf(m->quant_kv, sizeof m->quant_kv, "fp8");
	snprintf(m->quant_format, sizeof m->quant_format, "%s", fmt);
	snprintf(m->quant_read, sizeof m->quant_read, "compressed-tensors (%.30s), weights as %s%s",
	         str(q, "format"), fmt, experts_only ? " (the groups target the experts alone)" : "");
}

/* ModelOpt's algorithm names and the formats they store (vLLM modelopt.py
 * QUANT_ALGOS and each config's _from_config @7cfb97e3379; ModelOpt's
 * unified HF export, docs/source/deployment/3_unified_hf.rst). */
static const char *modelopt_format(const char *algo)
{
	static const struct {
		const char *algo, *format;
	} map[] = {
		{"NVFP4", "nvfp4"},      /* W4A4: weight and input global scales   */
		{"W4A16_NVFP4", "nvfp4"}, /* weight-only: no input scale (4 B less) */
		{"FP8", "fp8-e4m3"},     /* a weight scale per tensor              */
		{"FP8_PER_CHANNEL_PER_TOKEN", "fp8-channel"},
		{"FP8_PB_WO", "fp8-block128"}, /* block-scaled, typically 128 x 128 */
	};
	for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
		if (!strcasecmp(algo, map[i].algo))
			return map[i].format;
	return NULL;
}

/* MIXED_PRECISION: the layers listed in quantized_layers, each with its
 * algorithm; a layer not listed stays unquantized (vLLM modelopt.py
 * ModelOptMixedPrecisionConfig). gpusizer sizes one format: the listed
 * layers must share it, and be the routed experts alone (nvfp4-experts). */
static void read_modelopt_mixed(const json_t *layers, gs_model *m)
{
	const char *k, *first = NULL;
	json_t *v;
	bool experts = true;
	size_t n = 0;
	json_object_foreach((json_t *)layers, k, v) {
		const char *algo = str(v, "quant_algo");
		const char *f = modelopt_format(algo);
		if (!f) {
			problem(m, "ModelOpt MIXED_PRECISION layer \"%.60s\" has quant_algo \"%.30s\", "
			        "not one gpusizer reads (NVFP4, W4A16_NVFP4, FP8, FP8_PER_CHANNEL_PER_TOKEN, "
			        "FP8_PB_WO)",
			        k, algo);
			return;
		}
		if (first && strcmp(first, f)) {
			problem(m, "ModelOpt MIXED_PRECISION quantizes layers as %.20s and %.20s "
			        "(quantized_layers \"%.60s\"): gpusizer sizes one format per checkpoint",
			        first, f, k);
			return;
		}
		first = f;
		size_t len = strlen(k);
		experts = experts && len >= 7 && !strcmp(k + len - 7, "experts") && !strstr(k, "shared");
		n++;
	}
	if (!n) {
		problem(m, "ModelOpt MIXED_PRECISION without quantized_layers");
		return;
	}
	if (!experts || strcmp(first, "nvfp4")) {
		problem(m, "ModelOpt MIXED_PRECISION listing %zu layers as %.20s beyond the routed experts "
		        "alone: gpusizer sizes the experts' NVFP4 (nvfp4-experts) or one format for every "
		        "linear", n, first);
		return;
	}
	snprintf(m->quant_format, sizeof m->quant_format, "nvfp4-experts");
	snprintf(m->quant_read, sizeof m->quant_read,
	         "modelopt MIXED_PRECISION: NVFP4 on the routed experts of %zu layers (quantized_layers), "
	         "the rest unquantized", n);
}

/* NVIDIA ModelOpt's checkpoints (quant_method "modelopt"): config.json's
 * quantization_config {quant_algo, group_size, ignore, kv_cache_scheme},
 * ModelOpt 0.31 and later, or the separate hf_quant_config.json of older
 * exports, {producer, quantization: {quant_algo, kv_cache_quant_algo,
 * group_size, exclude_modules}} (vLLM transformers_utils/config.py reads
 * the file when config.json has no quantization_config, and modelopt.py
 * ModelOptQuantConfigBase.from_config both forms, @7cfb97e3379). */
static void read_modelopt(const json_t *q, gs_model *m)
{
	const json_t *inner = json_object_get(q, "quantization");
	if (!json_is_object(inner))
		inner = q;
	const char *algo = str(inner, "quant_algo");
	if (!*algo) {
		problem(m, "modelopt quantization without quant_algo");
		return;
	}
	const json_t *kv = json_object_get(inner, "kv_cache_scheme");
	if (!kv)
		kv = json_object_get(q, "kv_cache_scheme");
	const char *kv_algo = str(inner, "kv_cache_quant_algo");
	if (!strcasecmp(kv_algo, "FP8") || (!strcmp(str(kv, "type"), "float") && num(kv, "num_bits", 0) == 8))
		snprintf(m->quant_kv, sizeof m->quant_kv, "fp8");
	const json_t *skip = json_object_get(inner, "exclude_modules");
	skipped(skip ? skip : json_object_get(inner, "ignore"), m);
	if (!strcasecmp(algo, "MIXED_PRECISION")) {
		read_modelopt_mixed(json_object_get(inner, "quantized_layers"), m);
		return;
	}
	const char *f = modelopt_format(algo);
	if (!f) {
		problem(m, "modelopt quant_algo \"%.30s\" is not one gpusizer reads (NVFP4, W4A16_NVFP4, "
		        "FP8, FP8_PER_CHANNEL_PER_TOKEN, FP8_PB_WO, MIXED_PRECISION of NVFP4 experts)", algo);
		return;
	}
	json_int_t gs = num(inner, "group_size", 16);
	if (!strcmp(f, "nvfp4") && gs != 16) {
		problem(m, "modelopt NVFP4 with group_size %lld: NVFP4 scales blocks of 16", (long long)gs);
		return;
	}
	snprintf(m->quant_format, sizeof m->quant_format, "%s", f);
	snprintf(m->quant_read, sizeof m->quant_read, "modelopt %.30s%s, weights as %s%s", algo,
	         inner != q ? " (hf_quant_config.json)" : "", f,
	         m->quant_kv[0] ? ", FP8 KV cache scales" : "");
}

void gsi_read_quantization_config(const void *qv, gs_model *m)
{
	const json_t *q = qv;
	const char *method = m->quant_method;
	m->quant_format[0] = m->quant_read[0] = m->quant_problem[0] = m->quant_skipped[0] = 0;
	m->quant_kv[0] = 0;
	m->quant_kept_roles = 0;
	if (!strcmp(method, "fp8"))
		read_fp8(q, m);
	else if (!strcmp(method, "fbgemm_fp8")) {
		skipped(json_object_get(q, "modules_to_not_convert"), m);
		snprintf(m->quant_format, sizeof m->quant_format, "fp8-channel");
		snprintf(m->quant_read, sizeof m->quant_read, "fbgemm fp8, one scale per output row");
	} else if (!strcmp(method, "bitsandbytes"))
		read_bnb(q, m);
	else if (!strcmp(method, "gptq") || !strcmp(method, "awq"))
		read_group(q, m, method);
	else if (!strcmp(method, "compressed-tensors"))
		read_compressed(q, m);
	else if (!strcmp(method, "modelopt") || !strcmp(method, "modelopt_fp4"))
		read_modelopt(q, m);
	else if (!strcmp(method, "mxfp4")) {
		/* Transformers' Mxfp4HfQuantizer quantizes the experts' matrices and
		 * nothing else (param_needs_quantization: Mxfp4GptOssExperts, biases
		 * excluded), whatever modules_to_not_convert lists */
		snprintf(m->quant_format, sizeof m->quant_format, "mxfp4-experts");
		snprintf(m->quant_read, sizeof m->quant_read,
		         "mxfp4: the experts' matrices in MXFP4, the rest in 16 bits");
	} else
		problem(m,
		        "quant_method \"%.40s\" is not one gpusizer reads (fp8, fbgemm_fp8, bitsandbytes, "
		        "gptq, awq, compressed-tensors, modelopt, mxfp4)",
		        method);
}
