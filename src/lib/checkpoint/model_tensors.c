/*
 * model_tensors.c — a model from a checkpoint's tensor table: the exact
 * counts put into a model read from config.json, and a whole model from a
 * GGUF file's metadata (gpusizer/model.h).
 */
#include <stdio.h>
#include <string.h>
#include "gpusizer/dtype.h"
#include "gpusizer/inventory.h"
#include "model/model_internal.h"
#include "checkpoint/tensor_table.h"

gs_status gs_model_apply_inventory(gs_model *m, const gs_inventory_summary *s, const char *source,
                                   gs_error *err)
{
	uint64_t config = m->params;
	/* a table that contradicts its config by an order of magnitude or more
	 * (no tensors, other files, a truncated listing) is no basis for "fits" */
	if (config && (s->param_elements < config / 10 || s->param_elements / 10 > config))
		return gs_error_set(err, GS_EINPUT, source,
		                    "the tensor table holds %llu parameters where config.json gives %llu: "
		                    "they describe different models (or the table is incomplete); give the "
		                    "config.json alone, or the checkpoint that belongs to it",
		                    (unsigned long long)s->param_elements, (unsigned long long)config);
	m->has_inventory = true;
	m->inv = *s;
	m->inv.config_params = config;
	m->params = s->param_elements;
	m->split.linear = s->class_logical[GS_TC_LINEAR];
	m->split.embed = s->class_logical[GS_TC_EMBED];
	m->split.lm_head = s->class_logical[GS_TC_LM_HEAD];
	m->split.norm = s->class_logical[GS_TC_NORM];
	m->split.other = s->class_logical[GS_TC_OTHER];
	if (!config)
		return GS_OK;
	if (config == s->param_elements && !s->buffer_elements)
		snprintf(m->inv.note, sizeof m->inv.note,
		         "config.json and the tensor table agree: %llu parameters",
		         (unsigned long long)config);
	else if (config == s->param_elements)
		snprintf(m->inv.note, sizeof m->inv.note,
		         "config.json and the tensor table agree on %llu parameters; the checkpoint also "
		         "stores %llu buffer elements (e.g. rotary inv_freq), which are not parameters",
		         (unsigned long long)config, (unsigned long long)s->buffer_elements);
	else if (m->mtp_params && config + m->mtp_params == s->param_elements)
		snprintf(m->inv.note, sizeof m->inv.note,
		         "the tensor table holds config.json's %llu parameters and the %llu of its %u MTP "
		         "layers, which the engines load only for speculative decoding: the table is used",
		         (unsigned long long)config, (unsigned long long)m->mtp_params, m->mtp_layers);
	else
		snprintf(m->inv.note, sizeof m->inv.note,
		         "config.json gives %llu parameters, the tensor table %llu (%+lld): the tensor table "
		         "is used (tied or extra heads, or a config this version reads differently)",
		         (unsigned long long)config, (unsigned long long)s->param_elements,
		         (long long)(s->param_elements - config));
	return GS_OK;
}

static uint64_t meta_or(const gs_inventory *inv, const char *arch, const char *key, uint64_t def)
{
	char k[160];
	uint64_t v;
	snprintf(k, sizeof k, "%s.%s", arch, key);
	return gs_inventory_meta_u64(inv, k, &v) ? v : def;
}

/* DeepSeek-2 (src/models/deepseek2.cpp load_arch_hparams): an MLA file
 * (key_length_mla, the converter from b5137) caches the latent; an older
 * one every head's K and V, as its head counts already say. The first
 * leading_dense_block_count blocks are dense. */
static void gguf_deepseek2(const gs_inventory *inv, const char *arch, gs_model *m)
{
	uint64_t dense = meta_or(inv, arch, "leading_dense_block_count", 0);
	for (uint32_t l = 0; l < m->layers && l < GS_MAX_LAYERS; l++)
		m->layer_is_moe[l] = m->experts > 0 && l >= dense;
	m->shared_intermediate = (uint32_t)(meta_or(inv, arch,
	                                            "expert_shared_count", 0) * m->moe_intermediate);
	uint64_t kmla = meta_or(inv, arch, "attention.key_length_mla", 0);
	if (!kmla)
		return;
	m->attn = GS_ATTN_MLA;
	m->kv_lora_rank = (uint32_t)meta_or(inv, arch, "attention.kv_lora_rank", 0);
	m->q_lora_rank = (uint32_t)meta_or(inv, arch, "attention.q_lora_rank", 0);
	m->qk_rope_head_dim = (uint32_t)meta_or(inv, arch, "rope.dimension_count", 64);
	m->qk_nope_head_dim = kmla > m->qk_rope_head_dim ? (uint32_t)(kmla - m->qk_rope_head_dim) : 0;
	m->v_head_dim = (uint32_t)meta_or(inv, arch, "attention.value_length_mla", m->v_head_dim);
	m->kv_heads = m->heads;
}

/* Qwen3-Next (src/models/qwen3next.cpp), Qwen3.5 (qwen35.cpp, qwen35moe.cpp):
 * every full_attention_interval-th block attends, the others are gated
 * DeltaNet blocks whose state is ssm.time_step_rank value heads of
 * ssm.inner_size / that, ssm.group_count key heads of ssm.state_size. */
static void gguf_qwen3next(const gs_inventory *inv, const char *arch, gs_model *m)
{
	uint64_t every = meta_or(inv, arch, "full_attention_interval", 4);
	uint64_t inner = meta_or(inv, arch,
	                         "ssm.inner_size", 0), nv = meta_or(inv, arch, "ssm.time_step_rank", 0);
	m->gdn = true;
	m->ssm_inner = (uint32_t)inner;
	m->ssm_state = (uint32_t)meta_or(inv, arch, "ssm.state_size", 0);
	m->ssm_conv = (uint32_t)meta_or(inv, arch, "ssm.conv_kernel", 4);
	m->ssm_groups = (uint32_t)meta_or(inv, arch, "ssm.group_count", 0);
	m->ssm_heads = (uint32_t)nv;
	m->ssm_head_dim = nv ? (uint32_t)(inner / nv) : 0;
	m->shared_intermediate = (uint32_t)meta_or(inv, arch, "expert_shared_feed_forward_length", 0);
	for (uint32_t l = 0; l < m->layers && l < GS_MAX_LAYERS; l++)
		m->layer_is_ssm[l] = every && (l + 1) % every != 0;
}

/* The metadata against the tensor table (issue 50 item 4): llama.cpp's
 * load_tensors creates every block's tensors and the token embeddings, and
 * a file without them fails to load ("missing tensor"), so a table that
 * lacks a block the metadata counts, or whose token_embd is not
 * embedding_length wide, describes another model (or is cut): sizing its
 * metadata would be sizing a model the file does not hold. */
static gs_status gguf_tables_match(const gs_inventory *inv, const char *arch, uint64_t L, uint64_t h,
                                   const char *source, gs_error *err)
{
	bool seen[GS_MAX_LAYERS] = {0};
	for (size_t i = 0; i < gs_inventory_count(inv); i++) { /* GGUF names blocks blk.N. */
		const char *n = gs_inventory_tensor(inv, i)->name;
		uint64_t l = 0;
		int d = 0;
		if (strncmp(n, "blk.", 4))
			continue;
		for (n += 4; *n >= '0' && *n <= '9' && d < 6; n++, d++)
			l = l * 10 + (uint64_t)(*n - '0');
		if (d && *n == '.' && l < L)
			seen[l] = true;
	}
	for (uint64_t l = 0; l < L; l++) {
		if (seen[l])
			continue;
		return gs_error_set(err, GS_EINPUT, source,
		                    "GGUF %s.block_count is %llu, but the tensor table has no tensor of "
		                    "block %llu (blk.%llu.*): llama.cpp refuses such a file (missing "
		                    "tensor); the metadata and the tensors describe different models, or "
		                    "the file is cut",
		                    arch, (unsigned long long)L, (unsigned long long)l,
		                    (unsigned long long)l);
	}
	long ti = gsi_inv_find(inv, "token_embd.weight");
	const gs_tensor *te = ti >= 0 ? gs_inventory_tensor(inv, (size_t)ti) : NULL;
	if (!te || te->ndim != 2 || te->shape[0] != h)
		return gs_error_set(err, GS_EINPUT, source,
		                    "GGUF %s.embedding_length is %llu, but token_embd.weight is %s: "
		                    "llama.cpp refuses such a file (missing or wrong-shaped tensor)",
		                    arch, (unsigned long long)h,
		                    !te ? "missing" : te->ndim != 2 ? "not 2-D" : "of another width");
	return GS_OK;
}

/* Whether block l of a GGUF with a sliding window slides (set_swa_pattern):
 * gpt-oss every second, as gemma2 (even layers); gemma3 all but every
 * sixth; olmo2 (Olmo 3) and exaone4 three of four, as their converters
 * write the per-layer pattern (not read here) for Olmo 3 and
 * EXAONE-4.0-32B; any other every layer. */
static bool gguf_sliding(const char *arch, uint32_t l)
{
	if (!strcmp(arch, "gemma2") || !strcmp(arch, "gpt-oss"))
		return l % 2 == 0;
	if (!strcmp(arch, "gemma3"))
		return (l + 1) % 6 != 0;
	if (!strcmp(arch, "olmo2") || !strcmp(arch, "exaone4"))
		return (l + 1) % 4 != 0;
	return true;
}

gs_status gs_model_from_gguf(const gs_inventory *inv, const char *source, gs_model *m, gs_error *err)
{
	static const char *const archs[] = {"llama",     "qwen2",    "qwen3",    "mistral",   "gemma",
	                                    "gemma2",    "gemma3",   "phi3",     "gptneox",   "gpt2",
	                                    "starcoder", "qwen2moe", "qwen3moe", "granite",   "gpt-oss",
	                                    "deepseek2", "qwen3next", "mistral3", "qwen3vl", "qwen3vlmoe",
	                                    "qwen35",    "qwen35moe"};
	memset(m, 0, sizeof *m);
	const char *arch = gs_inventory_meta_str(inv, "general.architecture");
	if (!arch)
		return gs_error_set(err, GS_EINPUT, source,
		                    "GGUF metadata has no general.architecture string");
	size_t k;
	for (k = 0; k < sizeof archs / sizeof archs[0]; k++)
		if (strcmp(arch, archs[k]) == 0)
			break;
	if (k == sizeof archs / sizeof archs[0])
		return gs_error_set(err, GS_EUNSUPPORTED, source,
		                    "GGUF architecture \"%.40s\" is not modelled; supported: llama, qwen2, "
		                    "qwen3, qwen2moe, qwen3moe, mistral, mistral3, gemma, gemma2, gemma3, "
		                    "phi3, gptneox, gpt2, starcoder, granite, gpt-oss, deepseek2, qwen3next, "
		                    "qwen3vl, qwen3vlmoe, qwen35, qwen35moe",
		                    arch);
	uint64_t L = meta_or(inv, arch, "block_count", 0), h = meta_or(inv, arch, "embedding_length", 0);
	/* the converter appends the MTP blocks (Qwen3-Next, Qwen3.5: conversion/
	 * qwen.py _QwenMtpMixin) after the trunk; llama.cpp's n_layer() is
	 * block_count - nextn_predict_layers (llama-hparams.cpp) and loads them
	 * only for speculative decoding (load_mtp) */
	bool gdn = !strcmp(arch, "qwen3next") || !strcmp(arch, "qwen35") || !strcmp(arch, "qwen35moe");
	uint64_t nextn = meta_or(inv, arch, "nextn_predict_layers", 0);
	if (gdn && nextn < L)
		L -= nextn;
	uint64_t heads = meta_or(inv, arch, "attention.head_count", 0);
	if (!L || !h || !heads || L > GS_MAX_LAYERS || h > (1u << 30) || heads > (1u << 20))
		return gs_error_set(err, GS_EINPUT, source, "GGUF metadata needs %s.block_count (<= 512), "
		                    "%s.embedding_length and %s.attention.head_count", arch, arch, arch);
	uint64_t kvh = meta_or(inv, arch, "attention.head_count_kv", heads);
	if (kvh == 0 || kvh > heads || heads % kvh)
		return gs_error_set(err, GS_EINPUT, source,
		                    "GGUF %s.attention.head_count_kv is %llu: it must be 1 to %llu and "
		                    "divide %s.attention.head_count",
		                    arch, (unsigned long long)kvh, (unsigned long long)heads, arch);
	uint64_t kd = meta_or(inv, arch, "attention.key_length", h / heads);
	if (kd == 0 || kd > (1u << 20))
		return gs_error_set(err, GS_EINPUT, source, "GGUF %s.attention.key_length must be 1 to 2^20",
		                    arch);
	gs_status st = gguf_tables_match(inv, arch, L, h, source, err);
	if (st)
		return st;
	uint64_t vd = meta_or(inv, arch, "attention.value_length", kd);
	uint64_t vocab = 0;
	if (!gs_inventory_meta_u64(inv, "tokenizer.ggml.vocab_size", &vocab) &&
	    !gs_inventory_meta_array_len(inv, "tokenizer.ggml.tokens", &vocab))
		vocab = meta_or(inv, arch, "vocab_size", 0);
	snprintf(m->source, sizeof m->source, "%s", source);
	snprintf(m->model_type, sizeof m->model_type, "gguf:%s", arch);
	m->has_architecture = true;
	m->layers = (uint32_t)L;
	m->hidden = (uint32_t)h;
	m->heads = (uint32_t)heads;
	m->kv_heads = (uint32_t)kvh;
	m->head_dim = (uint32_t)kd;
	m->v_head_dim = (uint32_t)vd;
	m->intermediate = (uint32_t)meta_or(inv, arch, "feed_forward_length", 4 * h);
	m->vocab = (uint32_t)vocab;
	m->max_position = (uint32_t)meta_or(inv, arch, "context_length", 0);
	m->experts = (uint32_t)meta_or(inv, arch, "expert_count", 0);
	m->experts_per_token = (uint32_t)meta_or(inv, arch, "expert_used_count", 0);
	m->moe_intermediate = (uint32_t)meta_or(inv, arch, "expert_feed_forward_length", m->intermediate);
	m->gpt_style = !strcmp(arch, "gptneox") || !strcmp(arch, "gpt2") || !strcmp(arch, "starcoder");
	m->gated_mlp = gsi_inv_find(inv, "blk.0.ffn_gate.weight") >= 0 ||
	               gsi_inv_find(inv, "blk.0.ffn_gate_exps.weight") >= 0;
	m->tied_embeddings = gsi_inv_find(inv, "output.weight") < 0;
	/* llama-model.cpp load_hparams: Gemma 2's window is 4096 when the file
	 * does not say */
	m->sliding_window = (uint32_t)meta_or(inv, arch, "attention.sliding_window",
	                                      !strcmp(arch, "gemma2") ? 4096 : 0);
	for (uint32_t l = 0; l < L; l++) {
		m->layer_is_moe[l] = m->experts > 0;
		if (m->sliding_window)
			m->layer_is_sliding[l] = gguf_sliding(arch, l);
	}
	if (!strcmp(arch, "deepseek2"))
		gguf_deepseek2(inv, arch, m);
	if (gdn)
		gguf_qwen3next(inv, arch, m);
	return GS_OK;
}
