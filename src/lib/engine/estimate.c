/*
 * estimate.c — inference memory, itemized per phase (gpusizer/estimate.h).
 *
 * Every formula below is written out, with its source, in docs/method.md;
 * the section is named in each item's `source`. Where a term is our own
 * derivation the source says so: such terms are estimates until measured.
 */
#include <assert.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "engine/engine.h"
#include "engine/engine_release.h"
#include "engine/estimate_items.h"
#include "engine/gguf_plan.h"
#include "gpusizer/devices.h"
#include "gpusizer/inventory.h"

/* The runtime table (engine.h's gsi_engine), the way ggml lists its
 * backends: adding a runtime is a new estimate_<runtime>.c, a row here and
 * its name in workload.h's GS_RUNTIME_VALUES (docs/house.md). Rows are
 * found by id (gsi_engine_of), never by position. */
/* "native" is the checkpoint's own format (matrix.c): gpt-oss's MXFP4, an
 * AWQ or FP8 upload's, else its 16 bits */
static const char *const serve_formats[] = {"native", "bf16", "fp8", "int8", "nf4", NULL};
static const char *const gguf_formats[] = {"Q8_0", "Q6_K", "Q5_K_M", "Q4_K_M", "Q3_K_M", "Q2_K", NULL};

/* The KV-cache formats each engine takes, in gpusizer's spellings:
 * vLLM's --kv-cache-dtype (vllm/config/cache.py CacheDType: auto, float16,
 * bfloat16, fp8, fp8_e4m3, fp8_e5m2, ... at every release read; "auto" is
 * the model's dtype, fp32 included), SGLang's (server_args.py: auto,
 * fp8_e5m2, fp8_e4m3, bf16), llama.cpp's -ctk/-ctv (common/arg.cpp
 * kv_cache_types: f32, f16, bf16, q8_0, q4_0, q4_1, iq4_nl, q5_0, q5_1) and
 * Ollama's OLLAMA_KV_CACHE_TYPE (f16, q8_0, q4_0). issue 50 item 7. */
#define KV_SERVING "fp32 bf16 fp16 fp8 fp8-e4m3 fp8-e5m2"
#define KV_LLAMACPP "fp32 fp16 bf16 q8_0 q4_0 q4_1 iq4_nl q5_0 q5_1"

static const gsi_engine engines[] = {
	{.id = GS_RT_TRANSFORMERS, .label = "Transformers", .estimate = gsi_estimate_transformers,
	 .sizes_encoders = true, .sizes_encoder_decoders = true, .sizes_state_space = true,
	 .sizes_vision = true, .attn_implementation = true, .pipeline = true, .judged_on_cuda_total = true,
	 .matrix_formats = serve_formats, .tp_broken = gsi_tp_broken_transformers, .dequantizes_gguf = true},
	{.id = GS_RT_VLLM, .label = "vLLM", .estimate = gsi_estimate_vllm, .tp_broken = gsi_tp_broken_serving,
	 .kv_formats = KV_SERVING, .sizes_state_space = true, .sizes_vision = true,
	 .budgets_cuda_total = true, .judged_per_device = true, .interval_group_of = gsi_vllm_interval_group,
	 .pool_view = gsi_vllm_pool_view, .pool_interval = gsi_vllm_pool_interval,
	 .verdict = gsi_verdict_vllm_pool, .matrix_formats = serve_formats,
	 .pool_changes = gsi_serving_changes, .text_lines = gsi_vllm_text_lines,
	 .extras_json = gsi_vllm_extras_json},
	{.id = GS_RT_SGLANG, .label = "SGLang", .estimate = gsi_estimate_sglang,
	 .tp_broken = gsi_tp_broken_serving,
	 .kv_formats = KV_SERVING, .sizes_state_space = true, .sizes_vision = true,
	 .budgets_cuda_total = true, .judged_per_device = true, .interval_group = "sglang",
	 .pool_view = gsi_sglang_pool_view, .pool_interval = gsi_sglang_pool_interval,
	 .verdict = gsi_verdict_sglang_pool, .matrix_formats = serve_formats,
	 .pool_changes = gsi_serving_changes, .text_lines = gsi_sglang_text_lines,
	 .extras_json = gsi_sglang_extras_json},
	{.id = GS_RT_LLAMACPP, .label = "llama.cpp", .estimate = gsi_estimate_llamacpp,
	 .kv_formats = KV_LLAMACPP, .sizes_state_space = true,
	 .vision_as_text = gsi_llamacpp_vision_as_text, .runs_gguf = true, .splits_layers = true,
	 .interval_group = "llamacpp", .matrix_formats = gguf_formats, .own_changes = gsi_llamacpp_changes,
	 .searches_gpu_layers = true, .verdict = gsi_verdict_llamacpp_fit, .judged_per_device = true,
	 .layer_fit = gsi_llamacpp_layer_fit,
	 .text_lines = gsi_llamacpp_text_lines, .extras_json = gsi_llamacpp_extras_json},
	/* under Ollama the GPU holds llama.cpp's buffers, so llama.cpp's records
	 * vouch for the peak; the ollama records measure how closely Ollama's own
	 * estimate (its required.full, which picks the layers) is recomputed,
	 * which is not memory the GPU holds */
	{.id = GS_RT_OLLAMA, .label = "Ollama", .estimate = gsi_estimate_ollama, .runs_gguf = true,
	 .vision_as_text = gsi_llamacpp_vision_as_text, .sizes_state_space = true,
	 .kv_formats = "fp16 q8_0 q4_0",
	 .splits_layers = true, .judged_per_device = true, .interval_group = "llamacpp",
	 .verdict = gsi_verdict_ollama_layers, .matrix_formats = gguf_formats,
	 .own_changes = gsi_ollama_changes, .layer_fit = gsi_ollama_layer_fit,
	 .text_lines = gsi_ollama_text_lines, .extras_json = gsi_ollama_extras_json},
};
_Static_assert(sizeof engines / sizeof engines[0] == GS_RT__COUNT, "one row per runtime");

const gsi_engine *gsi_engine_of(gs_runtime r)
{
	for (size_t i = 0; i < sizeof engines / sizeof engines[0]; i++)
		if (engines[i].id == r)
			return &engines[i];
	assert(!"a runtime without a row");
	return &engines[0];
}

static void reserve_item(gs_estimate *e)
{
	gs_item *r = gsi_item(e, "reserve", GS_BASIS_ESTIMATED,
	                      "the user's chosen margin (indicative envelope = weights only + reserve)");
	gsi_item_all(r, (1u << e->n_phases) - 1, gs_wl_u64(&e->workload, GS_F_RESERVE));
	gsi_formula(r, "chosen: %s (%s)", gs_wl_str(&e->workload, GS_F_RESERVE),
	            e->workload.v[GS_F_RESERVE].where);
}

static void totals(gs_estimate *e)
{
	e->peak_phase = 0;
	for (size_t p = 0; p < e->n_phases; p++) {
		gs_phase *ph = &e->phases[p];
		ph->peak = 0;
		ph->has_unknown = false;
		for (size_t i = 0; i < e->n_items; i++) {
			const gs_item *it = &e->items[i];
			if (!(it->live & LIVE(p)))
				continue;
			if (it->basis == GS_BASIS_UNKNOWN)
				ph->has_unknown = true;
			else
				ph->peak = gs_add_sat(ph->peak, it->bytes[p]);
		}
		/* on a tie the later phase wins: it holds everything the earlier
		 * one does, plus items that may be unknown */
		if (ph->peak >= e->phases[e->peak_phase].peak)
			e->peak_phase = p;
	}
	e->conservative = 0;
	for (size_t i = 0; i < e->n_items; i++) {
		gs_bytes mx = 0;
		for (size_t p = 0; p < e->n_phases; p++)
			if (e->items[i].bytes[p] > mx)
				mx = e->items[i].bytes[p];
		if (e->items[i].basis != GS_BASIS_UNKNOWN)
			e->conservative = gs_add_sat(e->conservative, mx);
	}
	e->envelope = gs_add_sat(e->weights_only, gs_wl_u64(&e->workload, GS_F_RESERVE));
}

static const char *default_kv(const gs_format *f)
{
	if (f->family == GS_FAM_GGUF)
		return "fp16"; /* llama.cpp's default type_k / type_v */
	if (f->value_bits.num == 32 * f->value_bits.den && !f->quantized)
		return "fp32";
	if (strcmp(f->name, "fp16") == 0)
		return "fp16";
	return "bf16";
}

/* Placement: gpus = dp x tp x pp, checked. */
static gs_status placement_setup(gs_estimate *e, gs_error *err)
{
	const gs_workload *w = &e->workload;
	e->gpus = gs_wl_u64(w, GS_F_GPUS);
	e->tp = gs_wl_u64(w, GS_F_TP);
	e->pp = gs_wl_u64(w, GS_F_PP);
	uint64_t tppp = gs_mul_sat(e->tp, e->pp);
	if (e->gpus % tppp && w->v[GS_F_GPUS].from == GS_FROM_DEFAULT) /* say which field to add */
		return gs_error_set(err, GS_EINPUT,
		                    w->v[GS_F_TP].from == GS_FROM_DEFAULT ? w->v[GS_F_PP].where
		                                                          : w->v[GS_F_TP].where,
		                    "tp %llu x pp %llu needs %llu GPUs (or a multiple): add --gpus %llu "
		                    "(sheet: gpus: %llu); gpus is 1 when not given",
		                    (unsigned long long)e->tp, (unsigned long long)e->pp,
		                    (unsigned long long)tppp, (unsigned long long)tppp,
		                    (unsigned long long)tppp);
	if (e->gpus % tppp)
		return gs_error_set(err, GS_EINPUT, w->v[GS_F_GPUS].where,
		                    "gpus %llu is not a multiple of tp x pp = %llu",
		                    (unsigned long long)e->gpus, (unsigned long long)tppp);
	e->dp = e->gpus / tppp;
	if (e->engine->splits_layers) {
		/* llama.cpp splits blocks over GPUs (--tensor-split): one "stage" each */
		if (tppp != 1)
			return gs_error_set(err, GS_EINPUT, w->v[GS_F_TP].where,
			                    "llama.cpp splits layers over GPUs by tensor_split; leave tp and "
			                    "pp at 1");
		e->pp = e->gpus;
		e->dp = 1;
		if (e->pp > GS_MAX_STAGES)
			return gs_error_set(err, GS_EINPUT, w->v[GS_F_GPUS].where, "at most %d GPUs",
			                    GS_MAX_STAGES);
		return GS_OK;
	}
	if (e->pp > GS_MAX_STAGES || (e->model.has_architecture && e->pp > e->model.layers))
		return gs_error_set(err, GS_EINPUT, w->v[GS_F_PP].where,
		                    "pp %llu: more pipeline stages than layers (or than %d)",
		                    (unsigned long long)e->pp, GS_MAX_STAGES);
	if (!e->engine->pipeline && e->pp > 1)
		return gs_error_set(err, GS_EUNSUPPORTED, w->v[GS_F_PP].where,
		                    "pipeline parallelism with the %s runtime is not modelled yet; use tp",
		                    gs_runtime_name(e->runtime));
	/* a degree the engine refuses to start with is not sized */
	if (e->engine->tp_broken) {
		gs_status s = gsi_engine_tp_check(e->engine, &e->model, e->tp, w->v[GS_F_TP].where, err);
		if (s)
			return s;
	}
	bool training = gs_wl_training(w);
	bool zero3 = gs_wl_zero(w) == 3 || gs_wl_fsdp(w) == GS_FSDP_FULL;
	if (gs_wl_offload(w) == GS_OFFLOAD_PARAMS && !zero3)
		return gs_error_set(err, GS_EINPUT, w->v[GS_F_OFFLOAD].where,
		                    "offload params needs sharded parameters: zero 3 or fsdp full");
	if (!training && (gs_wl_zero(w) != 0 || gs_wl_fsdp(w) != GS_FSDP_NONE ||
	                  gs_wl_offload(w) != GS_OFFLOAD_NONE))
		return gs_error_set(err, GS_EINPUT, w->v[GS_F_ZERO].where,
		                    "zero, fsdp and offload describe adaptation; for inference use tp and "
		                    "pp");
	return GS_OK;
}

/* A config.json whose quantization_config says how the weights are stored
 * sets the default format for serving it and for LoRA on it; an explicit
 * format or bits still win. QLoRA quantizes at load (its own default) and
 * full fine-tuning needs 16-bit weights, so neither takes it. */
static bool checkpoint_format_applies(const gs_workload *w, const gs_model *m, const gs_estimate *e)
{
	gs_task t = gs_wl_task(w);
	/* Transformers cannot train on MXFP4 (quantizer_mxfp4.py: is_trainable
	 * False); LoRA loads it with Mxfp4Config(dequantize=True), in bf16 */
	if (t == GS_TASK_LORA && !strcmp(m->quant_method, "mxfp4"))
		return false;
	/* llama.cpp and Ollama run the GGUF the checkpoint is converted to: its
	 * file type, not the checkpoint's storage, is the format */
	if (gsi_engine_of(gs_wl_runtime(w))->runs_gguf)
		return false;
	return m->quant_method[0] && !e->stored_format && w->v[GS_F_FORMAT].from == GS_FROM_DEFAULT &&
	       (t == GS_TASK_INFERENCE || t == GS_TASK_LORA);
}

static gs_status checkpoint_format(const gs_workload *w, const gs_model *m, gs_estimate *e, gs_error *err)
{
	(void)w;
	if (!m->quant_format[0])
		return gs_error_set(err, GS_EINPUT, "model", "%s declares a quantization_config gpusizer "
		                    "cannot read: %s; give --format with how the weights are stored "
		                    "(gpusizer formats)", m->source, m->quant_problem);
	gs_status s = gs_format_parse(m->quant_format, "quantization_config", &e->format, err);
	if (s)
		return s;
	e->format_from_checkpoint = true;
	return GS_OK;
}

/* What the runtime and the task can do with this kind of model: the
 * engines' rules here (profile run, pool, llama.cpp's buffers and layer fit)
 * are written for text-only attention decoders, and the training rules for
 * text models with attention. */
static gs_status check_model_kind(const gs_estimate *e, const gs_workload *w, const gs_model *m,
                                  gs_error *err)
{
	const gsi_engine *g = e->engine;
	bool any_ssm = gs_model_ssm_layers(m) > 0;
	if (m->encoder_only && !g->sizes_encoders)
		return gs_error_set(err, GS_EUNSUPPORTED, w->v[GS_F_RUNTIME].where,
		                    "model_type \"%.40s\" is an encoder (no generation, no KV cache): "
		                    "gpusizer sizes it with runtime transformers only (its %s rules are for "
		                    "text-only attention decoders; the engines serve encoders only as "
		                    "pooling models, which are not modelled)", m->model_type,
		                    gs_runtime_name(e->runtime));
	bool vision_as_text = m->vision_params && g->vision_as_text && g->vision_as_text(m);
	bool ssm_refused = any_ssm && !g->sizes_state_space;
	bool refused = (m->encoder_layers && !g->sizes_encoder_decoders) || ssm_refused ||
	               (m->vision_params && !g->sizes_vision && !vision_as_text);
	if (refused)
		return gs_error_set(err, GS_EUNSUPPORTED, w->v[GS_F_RUNTIME].where,
		                    "model_type \"%.40s\" is %s: gpusizer sizes it with runtime transformers "
		                    "only (its %s rules are for text-only attention decoders)", m->model_type,
		                    ssm_refused ? "a state-space model or hybrid"
		                    : m->vision_params ? "a vision-language model" : "an encoder-decoder",
		                    gs_runtime_name(e->runtime));
	/* a frozen vision tower is sized for adaptation (estimate_train.c);
	 * Llama 3.2 Vision's cross-attention layers save what its text layers do
	 * not, which is not modelled */
	if (m->vision_params && gs_wl_training(w) && gs_model_cross_layers(m))
		return gs_error_set(err, GS_EUNSUPPORTED, w->v[GS_F_TASK].where,
		                    "task %s on model_type \"%.40s\": the cross-attention layers' saved "
		                    "tensors (K/V over every image tile, for backward) are not modelled; "
		                    "inference is", gs_wl_str(w, GS_F_TASK), m->model_type);
	if (m->vision_params && gs_wl_task(w) == GS_TASK_FULL)
		return gs_error_set(err, GS_EUNSUPPORTED, w->v[GS_F_TASK].where,
		                    "task full on model_type \"%.40s\": a trained vision tower's activations "
		                    "are not modelled (LoRA and QLoRA with the tower frozen are)",
		                    m->model_type);
	/* Gated DeltaNet, Mamba-2, Mamba and short-convolution layers are sized
	 * from what their kernels save (estimate_train.c) */
	const char *unsized = any_ssm ? gsi_train_unsized_mixer(m) : NULL;
	if (unsized && gs_wl_training(w))
		return gs_error_set(err, GS_EUNSUPPORTED, w->v[GS_F_TASK].where,
		                    "task %s on model_type \"%.40s\": the training activations of a "
		                    "state-space model are not modelled: %s; inference is",
		                    gs_wl_str(w, GS_F_TASK), m->model_type, unsized);
	return GS_OK;
}

/* Each image enters the text sequence as the model's image tokens (or the
 * sheet's image_tokens, which the resolution-dependent models need). */
static gs_status add_image_tokens(gs_estimate *e, const gs_workload *w, const gs_model *m, gs_error *err)
{
	const char *what = m->has_architecture ? m->model_type : "(--params)";
	bool images = gs_wl_set(w, GS_F_IMAGES), tokens = gs_wl_set(w, GS_F_IMAGE_TOKENS);
	if ((images || tokens) && !m->vision_params && m->towers_uncounted[0])
		return gs_error_set(err, GS_EINPUT, w->v[images ? GS_F_IMAGES : GS_F_IMAGE_TOKENS].where,
		                    "model_type \"%.40s\": %s are not sized from config.json, so neither "
		                    "is what images cost: size the text alone (no images), or measure",
		                    what, m->towers_uncounted);
	if ((images || tokens) && !m->vision_params)
		return gs_error_set(err, GS_EINPUT, w->v[images ? GS_F_IMAGES : GS_F_IMAGE_TOKENS].where,
		                    "model_type \"%.40s\" takes no images (vision-language types: gemma3, "
		                    "llava, llava_next, qwen2_vl, qwen2_5_vl, mllama, mistral3, qwen3_vl, "
		                    "qwen3_vl_moe, llama4, lfm2_vl)",
		                    what);
	e->images = images ? gs_wl_u64(w, GS_F_IMAGES) : 0;
	e->image_tokens = tokens ? gs_wl_u64(w, GS_F_IMAGE_TOKENS) : m->image_tokens;
	if (e->images && !e->image_tokens)
		return gs_error_set(err, GS_EINPUT, w->v[GS_F_IMAGES].where, "%s's tokens per image depend "
		                    "on the image's size: give image_tokens (%s)", m->model_type,
		                    m->vision_merge == 1 ? "LLaVA-NeXT: 576 per 336 x 336 tile plus the base "
		                                           "image and a newline per row, up to 2,928 at "
		                                           "672 x 672"
		                    : !strcmp(m->model_type, "mistral3")
		                        ? "Mistral 3: (H/28) rows of (W/28) tokens and a break, up to 55 x "
		                          "56 = 3,080 at 1540 x 1540"
		                    : !strncmp(m->model_type, "qwen3_", 6)
		                        ? "Qwen3-VL, Qwen3.5: (H/32) x (W/32), 256 for 512 x 512"
		                    : !strcmp(m->model_type, "llama4")
		                        ? "Llama 4: 144 a 336 x 336 tile, up to 16 tiles and a global view "
		                          "of 144 when there are several: 2,448"
		                    : !strcmp(m->model_type, "lfm2_vl")
		                        ? "LFM2-VL: 64 to 256 for an image up to 512 x 512, else 256 a 512 "
		                          "x 512 tile, up to 10 tiles and a thumbnail"
		                        : "Qwen2-VL: (H/28) x (W/28), 256 for 448 x 448");
	e->length = gs_add_sat(e->length, gs_mul_sat(e->images, e->image_tokens));
	return GS_OK;
}

/* A KV-cache format the runtime does not take is refused with the ones it
 * does (the engine row's kv_formats, read from each engine's source). */
static gs_status kv_format_taken(const gs_estimate *e, const gs_workload *w, gs_error *err)
{
	const char *list = e->engine->kv_formats;
	gs_field f[2] = {GS_F_KV_FORMAT, GS_F_KV_FORMAT_V};
	for (int i = 0; list && i < 2; i++)
		if (gs_wl_set(w, f[i]) && !gsi_in_words(list, gs_wl_str(w, f[i])))
			return gs_error_set(err, GS_EINPUT, w->v[f[i]].where,
			                    "%s: %s has no \"%.40s\" KV cache; it takes "
			                    "%s", gs_field_key(f[i]),
			                    e->engine->label, gs_wl_str(w, f[i]), list);
	return GS_OK;
}

/* Transformers loads a GGUF (from_pretrained(gguf_file=)) by dequantizing
 * every tensor to the dtype it is given, float32 by default (docs
 * gguf.md at v4.49.0: "we first dequantize it to fp32"; at v5 the blocks
 * stay packed only on Apple's MPS with the kernels package): sizing the
 * file's own bytes would be sizing what it never holds on a CUDA GPU
 * (issue 50 item 5). */
static gs_status gguf_dequantized(const gs_estimate *e, const gs_workload *w, gs_error *err)
{
	if (!e->engine->dequantizes_gguf || e->format.family != GS_FAM_GGUF)
		return GS_OK;
	return gs_error_set(err, GS_EINPUT, e->stored_format ? "model" : w->v[GS_F_FORMAT].where,
	                    "format %s: %s dequantizes a GGUF when it loads it (gguf_file=), to float32 "
	                    "unless given a dtype, so its file type is not what the GPU holds: give the "
	                    "dtype it loads into (--format fp32, bf16 or fp16), or runtime llamacpp or "
	                    "ollama to run the file itself",
	                    e->format.name, e->engine->label);
}

/* Transformers and the 4-bit float formats: it has no ModelOpt quantizer
 * (quantizers/auto.py AUTO_QUANTIZER_MAPPING names none, gh:587561901 the
 * code index's copy), and how its compressed-tensors quantizer holds an
 * nvfp4- or mxfp4-pack-quantized checkpoint (packed, or decompressed to
 * 16 bits at load) is not read: refused, not guessed. Its int-quantized
 * holding is not read either: sized as stored, said so. */
static gs_status transformers_format(gs_estimate *e, const gs_workload *w, gs_error *err)
{
	const gs_format *f = &e->format;
	const char *where = e->format_from_checkpoint ? "model" : w->v[GS_F_FORMAT].where;
	if (e->runtime != GS_RT_TRANSFORMERS)
		return GS_OK;
	if (f->family == GS_FAM_NVFP4 || (f->family == GS_FAM_MXFP4 && !f->experts_only))
		return gs_error_set(err, GS_EUNSUPPORTED, where,
		                    "format %s under runtime transformers: %s; size it under vllm or "
		                    "sglang, or give the dtype it would load into (--format bf16)", f->name,
		                    !strncmp(e->model.quant_method, "modelopt", 8)
		                            ? "Transformers has no ModelOpt quantizer (quantizers/auto.py "
		                              "AUTO_QUANTIZER_MAPPING)"
		                            : "how Transformers' compressed-tensors quantizer holds 4-bit "
		                              "float weights (packed, or decompressed at load) is not read");
	if (f->family == GS_FAM_INT8)
		gsi_unknown(e, "weights: how Transformers' compressed-tensors quantizer holds int8 channel "
		            "weights (packed, or decompressed at load) is not read: sized as stored");
	return GS_OK;
}

/* What became of the checkpoint's multi-token-prediction layers, which
 * only speculative decoding runs: Transformers does not build them
 * (_keys_to_ignore_on_load_unexpected), vLLM's and SGLang's models skip
 * them when loading (vLLM models/utils.py skip_spec_layers @7cfb97e3379)
 * and load them as a draft model with --speculative-config method mtp.
 * A config's MTP layers are counted apart (gs_model.mtp_params, named with
 * the model); a tensor table holds them among its tensors, so its weights
 * count them: said here. */
static void mtp_unknown(gs_estimate *e, const gs_model *m)
{
	if (!m->mtp_layers || e->engine->runs_gguf || !m->has_inventory || m->inv.planned)
		return; /* llama.cpp's and Ollama's: the GGUF plan says what its file holds */
	gsi_unknown(e, "weights: the tensor table holds the checkpoint's %u multi-token-prediction "
	            "layer(s), counted in the weights although %s loads them only to draft tokens "
	            "(speculative decoding)", m->mtp_layers, e->engine->label);
}

/* Gemma 3n's towers, which config.json does not size
 * (gs_model.towers_uncounted), by what the runtime loads: Transformers'
 * Gemma3nForConditionalGeneration and SGLang's gemma3n_mm.py build them,
 * vLLM from 0.10.1 (gemma3n_mm.py, PR #20495; 0.9.2 to 0.10.0 load the text
 * model alone: models/gemma3n.py skips embed_audio, embed_vision,
 * audio_tower and vision_tower); a GGUF is the text model's (llama.cpp's
 * converter writes the towers to an --mmproj file from b7689, PR #18256;
 * Ollama's engine runs gemma3n as text). A tensor table counts them. Its
 * activations carry AltUp's streams, which the formulas do not. */
static void gemma3n_unknowns(gs_estimate *e, const gs_model *m)
{
	if (m->altup_inputs > 1)
		gsi_unknown(e, "activations: Gemma 3n carries altup_num_inputs (%u) copies of the hidden "
		            "state through every layer and a per-layer input of %u x %u a token; the "
		            "activation formula counts one copy of the hidden state",
		            m->altup_inputs, m->layers, m->ple_dim);
	if (!m->towers_uncounted[0] || (m->has_inventory && !m->inv.planned))
		return;
	const gs_workload *w = &e->workload;
	const char *v = gs_wl_set(w, GS_F_RUNTIME_VERSION) ? gs_wl_str(w, GS_F_RUNTIME_VERSION)
	                                                   : e->runtime_version;
	if (e->engine->runs_gguf)
		gsi_unknown(e, "weights: the GGUF is the text model's; %s are not in it (llama.cpp's "
		            "converter writes them to an --mmproj file, from b7689; Ollama's engine runs "
		            "%s as text): not sized", m->towers_uncounted, m->model_type);
	else if (e->runtime == GS_RT_VLLM && gsi_version_older(v, "0.10.1"))
		gsi_unknown(e, "weights: vLLM %s loads %s's text model alone (models/gemma3n.py skips "
		            "embed_audio, embed_vision, audio_tower and vision_tower; the towers load from "
		            "0.10.1)", v, m->model_type);
	else
		gsi_unknown(e, "weights: %s also loads %s, not sized from config.json: neither they nor "
		            "their activations on images and audio are counted (a tensor table counts them)",
		            e->engine->label, m->towers_uncounted);
}

/* Zero the bytes of *e from member `from` up to member `to`. */
#define ZERO_SPAN(e, from, to)                                                                               \
	memset((char *)(e) + offsetof(gs_estimate, from), 0,                                                 \
	       offsetof(gs_estimate, to) - offsetof(gs_estimate, from))

/* An estimate cleared for a stage to fill, except what is written whole
 * before anything reads it: the workload and the model (copied in), the
 * items, unknowns and buffers (each cleared or written as it is appended;
 * nothing reads past their counts). Clearing all 80 KB took half of an
 * estimate's time (bench/README.md). */
static void clear_estimate(gs_estimate *e)
{
	ZERO_SPAN(e, format, items);
	ZERO_SPAN(e, n_phases, unknowns);
	ZERO_SPAN(e, has_capacity, buffers);
	memset(e->host_what, 0, sizeof e->host_what);
}

static gs_status estimate_stage(const gs_workload *w, const gs_model *m, uint32_t stage, bool lean,
                                gs_estimate *e, gs_error *err);

/* What the estimate compares between two rows: a pool engine's pool
 * tokens (its budget is filled whatever the rules, what moves is the
 * pool), else the peak. */
static double drift_figure(const gs_estimate *e)
{
	gs_pool_view pv;
	memset(&pv, 0, sizeof pv);
	if (e->engine->pool_view)
		e->engine->pool_view(e, &pv);
	return pv.known && !pv.refused ? (double)pv.tokens : (double)gs_estimate_peak(e);
}

/* A release newer than every row (issue 46): how far the last two rows
 * move this very estimate, |newest - previous| / newest, which the
 * interval is widened by (interval.c). The same workload is estimated
 * under the row before the newest, leanly; a workload that row refuses
 * measures no drift (the unknown already names the release). */
static gs_status release_drift(const gs_workload *w, const gs_model *m, uint32_t stage, gs_estimate *e,
                               gs_error *err)
{
	gs_workload prev = *w;
	gs_error ignored;
	if (gs_workload_set(&prev, GS_F_RUNTIME_VERSION, e->release_prev, strlen(e->release_prev),
	                    GS_FROM_FLAG, "drift", &ignored) ||
	    gs_workload_set(&prev, GS_F_CONSERVATIVE, "no", 2, GS_FROM_FLAG, "drift", &ignored))
		return GS_OK;
	gs_estimate *t = malloc(sizeof *t);
	if (!t)
		return gs_error_set(err, GS_ENOMEM, NULL, "out of memory");
	if (estimate_stage(&prev, m, stage, true, t, &ignored) == GS_OK) {
		double a = drift_figure(e), b = drift_figure(t);
		e->release_drift = a > 0 ? (a > b ? a - b : b - a) / a : 0;
	}
	free(t);
	return GS_OK;
}

gs_status gs_capacity_judged(const gs_workload *w, gs_bytes *capacity, bool *found, char *how, size_t how_cap,
                             gs_bytes *cuda_total, char *cuda_how, size_t cuda_how_cap, gs_error *err)
{
	gs_status s = gs_workload_capacity(w, capacity, found, how, how_cap, err);
	if (s || !*found)
		return s;
	if ((s = gs_workload_cuda_total(w, *capacity, cuda_total, cuda_how, cuda_how_cap, err)))
		return s;
	/* a runtime that allocates through torch can use what CUDA shows it,
	 * not the device's total: it is judged against that (issue 45), and
	 * both totals are said; only a CUDA total that is given or published:
	 * one derived from a capacity by the largest gap seen would judge by
	 * a guess */
	bool published = gs_wl_set(w, GS_F_CUDA_TOTAL) ||
	                 (!gs_wl_set(w, GS_F_CAPACITY) && w->device && w->device->cuda_bytes);
	if (published && gsi_engine_of(gs_wl_runtime(w))->judged_on_cuda_total && *cuda_total < *capacity) {
		char dev[48];
		gs_format_bytes(*capacity, GS_UNIT_GiB, dev, sizeof dev);
		size_t n = strlen(how);
		snprintf(how + n, how_cap - n,
		         "; judged against the CUDA total torch allocates from, not the device's %s", dev);
		*capacity = *cuda_total;
	}
	return GS_OK;
}

/* One pipeline stage, from scratch. */
static gs_status estimate_stage(const gs_workload *w, const gs_model *m, uint32_t stage, bool lean,
                                gs_estimate *e, gs_error *err)
{
	clear_estimate(e);
	e->lean = lean;
	e->workload = *w;
	e->model = *m;
	gs_status s;
	/* a checkpoint read from its tensors keeps its own format unless told */
	e->stored_format = m->has_inventory && !gs_wl_set(w, GS_F_BITS) &&
	                   w->v[GS_F_FORMAT].from == GS_FROM_DEFAULT &&
	                   gs_wl_task(w) != GS_TASK_QLORA; /* QLoRA's default is a 4-bit base */
	if (gs_wl_set(w, GS_F_BITS))
		gs_format_from_bits(gs_wl_ratio(w, GS_F_BITS), &e->format);
	else if (e->stored_format && gs_format_parse(m->inv.main_format, "format", &e->format, NULL) == GS_OK)
		;
	else if (checkpoint_format_applies(w, m, e)) {
		if ((s = checkpoint_format(w, m, e, err)))
			return s;
	} else if ((s = gs_format_parse(e->stored_format ? "bf16" : gs_wl_str(w, GS_F_FORMAT), "format",
	                                &e->format, err)))
		return s;
	if (m->quant_method[0] && !e->stored_format && w->v[GS_F_FORMAT].from == GS_FROM_DEFAULT &&
	    !gs_wl_set(w, GS_F_BITS) && gsi_engine_of(gs_wl_runtime(w))->runs_gguf)
		gsi_unknown(e, "weights: config.json's quantization_config (%s) is how the checkpoint is "
		            "stored; llama.cpp runs the GGUF converted from it, sized here at the default "
		            "file type %s: give --format with the GGUF's type",
		            m->quant_format[0] ? m->quant_format : m->quant_method, e->format.name);
	if (e->format.experts_only && m->has_architecture && !m->split.experts)
		return gs_error_set(err, GS_EINPUT, "format", "format %s quantizes the experts of a mixture "
		                    "of experts and nothing else; model_type \"%.40s\" has no experts",
		                    e->format.name, m->model_type);
	const char *kvname = gs_wl_set(w, GS_F_KV_FORMAT) ? gs_wl_str(w, GS_F_KV_FORMAT)
	                                                  : default_kv(&e->format);
	if ((s = gs_kv_format_parse(kvname, "kv_format", &e->kv_format, err)))
		return s;
	e->kv_format_v = e->kv_format;
	if (gs_wl_set(w, GS_F_KV_FORMAT_V) &&
	    (s = gs_kv_format_parse(gs_wl_str(w, GS_F_KV_FORMAT_V), "kv_format_v", &e->kv_format_v, err)))
		return s;
	int keep;
	if ((s = gs_keep_parse(gs_wl_str(w, GS_F_KEEP), "keep", &keep, err)))
		return s;
	e->keep = keep < 0 ? e->format.keep_default : (unsigned)keep;
	/* the kept modules' own dtype: a load without torch_dtype keeps them in
	 * float32 (Transformers' default dtype) */
	if (gs_wl_set(w, GS_F_KEEP_FORMAT)) {
		if (!e->format.quantized)
			return gs_error_set(err, GS_EINPUT, w->v[GS_F_KEEP_FORMAT].where,
			                    "keep_format: format %s keeps no module aside (only a quantized "
			                    "format does)", e->format.name);
		e->format.keep_bits = (gs_ratio){strcmp(gs_wl_str(w, GS_F_KEEP_FORMAT), "fp32") ? 16 : 32, 1};
	}
	e->runtime = gs_wl_runtime(w);
	e->engine = gsi_engine_of(e->runtime);
	if ((s = kv_format_taken(e, w, err)) || (s = gguf_dequantized(e, w, err)) ||
	    (s = transformers_format(e, w, err)))
		return s;
	/* a field this runtime does not read was refused with the workload
	 * (gs_workload_finish, the field table's runtime masks) */
	if ((s = check_model_kind(e, w, m, err)))
		return s;
	e->attention = gs_wl_attention(w);
	/* config.json's _attn_implementation sets config._attn_implementation_internal
	 * (PretrainedConfig's setter), which from_pretrained honours unless
	 * attn_implementation= is passed: the default attention then is the config's */
	if (!strcmp(m->config_attention, "eager") && e->engine->attn_implementation && !m->eager_only &&
	    w->v[GS_F_ATTENTION].from == GS_FROM_DEFAULT) {
		e->attention = GS_ATTN_IMPL_EAGER;
		gsi_unknown(e, "attention: config.json sets _attn_implementation eager, which Transformers' "
		            "from_pretrained keeps unless attn_implementation= is given: eager scores are "
		            "counted (--attention sdpa for that override)");
	}
	/* a model Transformers runs only with eager attention (model.h) */
	if (m->eager_only && e->engine->attn_implementation && e->attention != GS_ATTN_IMPL_EAGER) {
		e->attention = GS_ATTN_IMPL_EAGER;
		gsi_unknown(e, "attention: Transformers has no SDPA or flash path for %s (it adds its own "
		            "position bias to the scores: ALiBi in modeling_bloom.py, relative buckets in "
		            "modeling_t5.py), so eager scores are counted whatever attention says",
		            m->model_type);
	}
	e->length = gs_wl_set(w, GS_F_LENGTH) ? gs_wl_u64(w, GS_F_LENGTH) : 0;
	if ((s = add_image_tokens(e, w, m, err)))
		return s;
	e->concurrency = gs_wl_u64(w, GS_F_CONCURRENCY);
	bool found;
	if ((s = gs_capacity_judged(w, &e->capacity, &found, e->capacity_how, sizeof e->capacity_how,
	                            &e->cuda_total, e->cuda_how, sizeof e->cuda_how, err)))
		return s;
	e->has_capacity = found;
	e->capacity_nominal = found && gs_workload_capacity_nominal(w);
	e->capacity_shared = found && gs_workload_capacity_shared(w);
	if (e->capacity_shared)
		gsi_unknown(e, "capacity: %s is unified memory: %s; give --capacity with what the GPU can "
		            "have there", w->device->name, w->device->unified_how);
	/* vLLM on an integrated GPU takes the free memory from the OS and
	 * checks it against its share of CUDA's total at startup */
	if (e->capacity_shared && e->runtime == GS_RT_VLLM)
		gsi_unknown(e, "capacity: vLLM sizes its pool from CUDA's total there and starts only when "
		            "the OS's available memory is at least gpu_memory_utilization x that total "
		            "(psutil on an integrated GPU: vllm/utils/mem_utils.py @7cfb97e3379)");
	if ((s = placement_setup(e, err)))
		return s;
	e->stage = stage;

	bool training = gs_wl_training(w);
	if (m->generic && (gs_wl_task(w) == GS_TASK_LORA || gs_wl_task(w) == GS_TASK_QLORA))
		return gs_error_set(err, GS_EUNSUPPORTED, w->v[GS_F_TASK].where,
		                    "LoRA on model_type \"%.40s\", which gpusizer does not model: its linear "
		                    "modules are not known; use task full or inference", m->model_type);
	/* a runtime that serves only was refused with the workload (GS_RTS_TRAINING) */
	assert(!training || (GS_RTS_TRAINING >> e->runtime & 1u));
	if ((s = e->engine->estimate(e, stage, err)))
		return s;
	if (e->stored_format && m->has_inventory && m->params) {
		/* the tensor table is exact: weights only is what the file stores for
		 * its parameters (Q4_0 is 18 bytes per 32 weights, 4.5 bits, not 4) */
		const gs_inventory_summary *si = &m->inv;
		e->weights_only = gs_add_sat(gs_add_sat(si->packed_param_bytes, si->float_param_bytes),
		                             si->class_bytes[GS_TC_QUANT_META]);
		e->weights_only_from_file = true;
	} else if (!e->weights_only) {
		/* the quick calculator's figure, on every path */
		e->weights_only = gsi_ceil_bits(e->model.params, e->format.value_bits);
	}
	mtp_unknown(e, m);
	gemma3n_unknowns(e, m);
	reserve_item(e);
	if (e->train.host_per_gpu) {
		e->host_bytes = e->train.host_per_gpu;
		snprintf(e->host_what, sizeof e->host_what, "offloaded %.20s, per GPU (x %llu GPUs per node)",
		         gs_wl_str(w, GS_F_OFFLOAD), (unsigned long long)e->gpus);
	}
	gsi_unknown(e, "memory used outside this process (other processes, a display server) is not "
	            "estimated: measure it on the target machine");
	if (m->generic)
		gsi_unknown(e, "model_type \"%.40s\" is not modelled: the parameters are the tensor table's, "
		            "the KV cache comes from the standard config keys (2 x layers x "
		            "num_key_value_heads x head_dim), and the activations assume a llama-shaped "
		            "layer: measure before relying on them", m->model_type);
	if (e->length && m->max_position && e->length > m->max_position)
		gsi_unknown(e, "length %llu exceeds the model's max_position_embeddings %u: the model may "
		            "not support it (rope scaling?)", (unsigned long long)e->length, m->max_position);
	totals(e);
	if (e->release_newer && e->release_prev[0] && (s = release_drift(w, m, stage, e, err)))
		return s;
	/* the interval reads the phase peaks; under conservative it adds a
	 * margin item sized from them, so the totals are summed once more */
	gsi_apply_interval(e);
	if (e->interval.conservative)
		totals(e);
	gs_verdict_decide(e);
	if (training) {
		static const char *const states[] = {"weights", "quant_metadata", "other_format_modules",
		                                     "adapter_weights", "gradients", "master_weights",
		                                     "optimizer_states"};
		for (size_t k = 0; k < sizeof states / sizeof states[0]; k++) {
			const gs_item *it = gs_estimate_item(e, states[k]);
			if (it && it->basis != GS_BASIS_UNKNOWN)
				e->train.model_states = gs_add_sat(e->train.model_states,
				                                   it->bytes[PH_FIRST]);
		}
	}
	return GS_OK;
}

/* Figures are summed with saturating arithmetic; anything at or past 2^63
 * bytes (8 EiB: no device, and beyond a signed JSON integer) is refused
 * here, once, instead of printed as if real in text and clamped in JSON. */
static gs_status representable(const gs_estimate *e, gs_error *err)
{
	const gs_bytes limit = (gs_bytes)1 << 63;
	bool over = e->weights_only >= limit || e->envelope >= limit || e->conservative >= limit ||
	            e->host_bytes >= limit;
	for (size_t p = 0; p < e->n_phases; p++)
		over |= e->phases[p].peak >= limit;
	for (size_t i = 0; i < e->n_items; i++)
		for (size_t p = 0; p < e->n_phases; p++)
			over |= e->items[i].bytes[p] >= limit;
	if (over)
		return gs_error_set(err, GS_ERANGE, NULL, "the figures are too large to represent (8 EiB or "
		                    "more per GPU); check the parameter count, length and concurrency");
	return GS_OK;
}

static gs_status estimate_run(const gs_workload *w, const gs_model *m, bool lean, gs_estimate *e,
                              gs_error *err)
{
	assert(w && m && e);
	gs_status s = estimate_stage(w, m, 0, lean, e, err);
	if (s || e->pp == 1) {
		e->n_stages = 1;
		e->stage_peak[0] = s ? 0 : gs_estimate_peak(e);
		return s ? s : representable(e, err);
	}
	/* pipeline: every stage differs; keep the one with the largest peak */
	gs_estimate *tmp = malloc(sizeof *tmp);
	gs_buffer *bufs = malloc(sizeof e->buffers);
	if (!tmp || !bufs) {
		free(tmp);
		free(bufs);
		return gs_error_set(err, GS_ENOMEM, NULL, "out of memory");
	}
	gs_bytes peaks[GS_MAX_STAGES];
	size_t n = e->pp, worst = 0;
	peaks[0] = gs_estimate_peak(e);
	/* every stage's own buffers (llama.cpp: one device each) */
	size_t nb = e->n_buffers;
	memcpy(bufs, e->buffers, nb * sizeof *bufs);
	for (uint32_t st = 1; st < n; st++) {
		if ((s = estimate_stage(w, m, st, lean, tmp, err)))
			break;
		for (size_t b = 0; b < tmp->n_buffers && nb < GS_MAX_BUFFERS; b++)
			bufs[nb++] = tmp->buffers[b];
		peaks[st] = gs_estimate_peak(tmp);
		if (peaks[st] > peaks[worst]) {
			worst = st;
			*e = *tmp;
		}
	}
	free(tmp);
	if (s) {
		free(bufs);
		return s;
	}
	e->n_stages = n;
	memcpy(e->stage_peak, peaks, n * sizeof peaks[0]);
	e->n_buffers = nb;
	memcpy(e->buffers, bufs, nb * sizeof *bufs);
	free(bufs);
	return representable(e, err);
}

gs_status gs_estimate_run(const gs_workload *w, const gs_model *m, gs_estimate *e, gs_error *err)
{
	return estimate_run(w, m, false, e, err);
}

gs_status gs_estimate_run_lean(const gs_workload *w, const gs_model *m, gs_estimate *e, gs_error *err)
{
	return estimate_run(w, m, true, e, err);
}
