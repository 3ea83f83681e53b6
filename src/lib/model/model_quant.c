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

/* modules_to_not_convert / llm_int8_skip_modules / ignore: the entries that
 * are not the embeddings, the output head, norms or MoE routers (mlp.gate,
 * counted as "other"), which every quantized format here keeps in 16 bits
 * already. */
static void skipped(const json_t *list, gs_model *m)
{
	size_t i;
	json_t *v;
	json_array_foreach(list, i, v) {
		const char *s = json_string_value(v);
		size_t len = s ? strlen(s) : 0;
		if (!s || strstr(s, "lm_head") || strstr(s, "embed") || strstr(s, "norm") ||
		    strstr(s, "wte"))
			continue;
		/* a router ("gate", "mlp.gate") and its correction bias: gpusizer
		 * counts them with the other parameters a quantized format keeps */
		if (!strcmp(s, "gate") || (len > 5 && !strcmp(s + len - 5, ".gate")) ||
		    strstr(s, "e_score_correction_bias"))
			continue;
		size_t n = strlen(m->quant_skipped);
		snprintf(m->quant_skipped + n, sizeof m->quant_skipped - n, "%s%.60s", n ? ", " : "", s);
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
	snprintf(m->quant_format, sizeof m->quant_format, "fp8-block128");
	snprintf(m->quant_read, sizeof m->quant_read, "fp8, one scale per 128x128 block");
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
	snprintf(m->quant_format, sizeof m->quant_format, "%s%s-g%lld%s", fam, bits == 8 ? "8" : "",
	         (long long)g, act ? "-act" : "");
	snprintf(m->quant_read, sizeof m->quant_read, "%s %lld-bit, group %lld%s", fam, (long long)bits,
	         (long long)g, act ? ", act order (g_idx)" : "");
}

/* compressed-tensors: every config group must quantize weights the same way. */
static void read_compressed(const json_t *q, gs_model *m)
{
	const json_t *groups = json_object_get(q, "config_groups");
	const char *k;
	json_t *g;
	char fmt[40] = "";
	json_object_foreach((json_t *)groups, k, g) {
		const json_t *wt = json_object_get(g, "weights");
		json_int_t bits = num(wt, "num_bits", 0), gs = num(wt, "group_size", 0);
		const char *type = str(wt, "type"), *strat = str(wt, "strategy");
		char f[40] = "";
		if (!strcmp(type, "float") && bits == 8) {
			const json_t *bs = json_object_get(wt, "block_structure");
			if (!strcmp(strat, "tensor"))
				snprintf(f, sizeof f, "fp8-e4m3");
			else if (!strcmp(strat, "channel"))
				snprintf(f, sizeof f, "fp8-channel");
			else if (!strcmp(strat, "block") &&
			         json_integer_value(json_array_get(bs, 0)) == 128 &&
			         json_integer_value(json_array_get(bs, 1)) == 128)
				snprintf(f, sizeof f, "fp8-block128");
		} else if (!strcmp(type, "int") && bits == 8 && !strcmp(strat, "channel")) {
			snprintf(f, sizeof f, "int8");
		} else if (!strcmp(type, "int") && (bits == 4 || bits == 8) && !strcmp(strat, "group") &&
		           gs > 0) {
			snprintf(f, sizeof f, "gptq%s-g%lld", bits == 8 ? "8" : "", (long long)gs);
		}
		if (!f[0]) {
			problem(m,
			        "compressed-tensors weights scheme \"%.60s\" (%lld bits): gpusizer maps "
			        "float 8-bit tensor/channel/128x128 block and int 8-bit channel or 4/8-bit "
			        "group schemes",
			        *type ? type : "?", (long long)bits);
			return;
		}
		if (fmt[0] && strcmp(fmt, f)) {
			problem(m,
			        "compressed-tensors groups quantize weights differently (%.30s and others): "
			        "not one format",
			        fmt);
			return;
		}
		snprintf(fmt, sizeof fmt, "%s", f);
	}
	if (!fmt[0]) {
		problem(m, "compressed-tensors without config_groups");
		return;
	}
	skipped(json_object_get(q, "ignore"), m);
	snprintf(m->quant_format, sizeof m->quant_format, "%s", fmt);
	snprintf(m->quant_read, sizeof m->quant_read, "compressed-tensors (%.20s), weights as %s",
	         str(q, "format"), fmt);
}

void gsi_read_quantization_config(const void *qv, gs_model *m)
{
	const json_t *q = qv;
	const char *method = m->quant_method;
	m->quant_format[0] = m->quant_read[0] = m->quant_problem[0] = m->quant_skipped[0] = 0;
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
		        "gptq, awq, compressed-tensors, mxfp4)",
		        method);
}
