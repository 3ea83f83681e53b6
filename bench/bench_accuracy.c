/*
 * bench_accuracy.c — the estimator against published measurements
 * (bench/calibration.jsonl, copied from the project's shared data with
 * each record's source). For every record this version can answer it
 * prints measured, estimated and the error; records it cannot answer are
 * listed with the reason. Nothing is tuned per record: each run uses the
 * record's stated conditions and the estimator's defaults for the rest.
 *
 * It ends with the accuracy table by kind (fitted and held-out parts,
 * docs/method.md §17a); with --bands it prints calibration_bands.c instead,
 * the residual bands the library's intervals come from.
 *
 * usage: bench_accuracy [--bands] CALIBRATION.jsonl CONFIG_DIR [CONFIG_DIR ...]
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <math.h>
#include <jansson.h>
#include "gpusizer/devices.h"
#include "gpusizer/estimate.h"
#include "gpusizer/resolve.h"
#include "gpusizer/interval.h"
#include "gpusizer/measured.h"

static int n_dirs;
static char **dirs;
static int records, skipped; /* answered = records - skipped: a do_* may skip */

/* One headline figure per record and quantity: what the intervals and the
 * accuracy table are computed from (method.md §17a). */
typedef struct headline {
	char id[80];
	char group[16];   /* training, transformers, vllm-v0, vllm-v1, sglang, llamacpp, ollama, params, gpu_total */
	char quantity[8]; /* peak, kv, count, load */
	double measured, estimated;
	bool held_out;
} headline;
static headline heads[512];
static size_t n_heads;
static const char *cur_group; /* the record being answered */
static bool cur_held_out;

static void head(const char *id, const char *quantity, double measured, double estimated)
{
	if (n_heads == sizeof heads / sizeof heads[0] || measured == 0)
		return;
	headline *h = &heads[n_heads++];
	snprintf(h->id, sizeof h->id, "%s", id);
	snprintf(h->group, sizeof h->group, "%s", cur_group);
	snprintf(h->quantity, sizeof h->quantity, "%s", quantity);
	h->measured = measured;
	h->estimated = estimated;
	h->held_out = cur_held_out;
}

/* meta-llama/Llama-3.1-8B-Instruct -> DIR/meta-llama__Llama-3.1-8B-Instruct.json,
 * then the base model (instruct variants share the architecture). */
static int find_config(const char *model, char *path, size_t cap, int *base)
{
	char name[256];
	snprintf(name, sizeof name, "%s", model);
	char *sp = strchr(name, ' ');
	if (sp)
		*sp = 0;
	for (char *p = name; *p; p++)
		if (*p == '/') {
			memmove(p + 2, p + 1, strlen(p + 1) + 1);
			p[0] = p[1] = '_';
			break;
		}
	for (int pass = 0; pass < 2; pass++) {
		if (pass == 1) {
			char *ins = strstr(name, "-Instruct");
			if (!ins)
				break;
			*ins = 0;
		}
		for (int d = 0; d < n_dirs; d++) {
			struct stat st;
			snprintf(path, cap, "%s/%s.json", dirs[d], name);
			if (stat(path, &st) == 0) {
				*base = pass;
				return 1;
			}
		}
	}
	return 0;
}

static void row(const char *id, const char *what, double measured, double est, const char *unit)
{
	double err = est - measured;
	printf("%-44s %-26s measured %14.4f %-4s estimated %14.4f %-4s error %+11.4f (%+.2f%%)\n", id, what,
	       measured, unit, est, unit, err, measured != 0 ? 100.0 * err / measured : 0.0);
}

static double gib(gs_bytes b) { return (double)b / (double)(1ull << 30); }
static double mib(gs_bytes b) { return (double)b / (double)(1ull << 20); }

static int set(gs_workload *w, gs_field f, const char *v)
{
	gs_error err;
	if (gs_workload_set(w, f, v, strlen(v), GS_FROM_FLAG, "bench", &err)) {
		fprintf(stderr, "bench: %s\n", err.msg);
		return 1;
	}
	return 0;
}

/* A condition that changes how gpusizer reads the run carries its reason
 * beside it (<key>_why): 1, said on stderr, when conditions.<key> is there
 * without one. */
static int missing_reason(const char *id, json_t *cond, const char *key)
{
	char why[64];
	snprintf(why, sizeof why, "%s_why", key);
	if (!json_object_get(cond, key) || json_is_string(json_object_get(cond, why)))
		return 0;
	fprintf(stderr, "%s: %s without %s: quote the log line or say why\n", id, key, why);
	return 1;
}

/* Set f from conditions.<key> when the record has it (0 when absent or
 * set, 1 when refused), with its reason when `reason` is true. */
static int set_condition(const char *id, gs_workload *w, json_t *cond, const char *key, gs_field f, bool reason)
{
	const char *v = json_string_value(json_object_get(cond, key));
	if (reason && missing_reason(id, cond, key))
		return 1;
	return v ? set(w, f, v) : 0;
}

static int estimate(gs_workload *w, gs_estimate *e)
{
	gs_error err;
	gs_model m;
	if (gs_workload_finish(w, &err) || gs_workload_model(w, &m, &err) || gs_estimate_run(w, &m, e, &err)) {
		fprintf(stderr, "bench: %s\n", err.msg);
		return 1;
	}
	return 0;
}

static double num(json_t *o, const char *k) { return json_number_value(json_object_get(o, k)); }

static int do_params(const char *id, const char *cfg, json_t *cond, json_t *meas)
{
	gs_model m;
	gs_error err;
	if (gs_model_from_config_file(cfg, &m, &err)) {
		fprintf(stderr, "bench: %s\n", err.msg);
		return 1;
	}
	/* the Hub's safetensors.total counts stored tensor elements, a different
	 * quantity from parameters when a checkpoint stores buffers, a tied head
	 * twice, or packed 4-bit blocks with their scales: its own group */
	const char *how = json_string_value(json_object_get(cond, "count_method"));
	bool stored = how && strstr(how, "safetensors.total");
	row(id, stored ? "stored elements vs parameters" : "parameters", num(meas, "params"), (double)m.params, "");
	head(id, stored ? "stored" : "count", num(meas, "params"), (double)m.params);
	const char *note = json_string_value(json_object_get(cond, "includes_buffers"));
	if (stored && note && (double)m.params != num(meas, "params"))
		printf("%-44s (%s)\n", id, note);
	return 0;
}

/* A serving-engine record: the release its log format and date point to
 * (conditions.gpusizer_runtime_version, with the reason beside it), the
 * CUDA total the engine logged, its utilization and max_model_len. Nothing
 * else is set: the release's own rules pick the profile run. */
static int serving_workload(const char *id, gs_workload *w, const char *rt, const char *cfg, json_t *cond,
                            json_t *meas, const char *total_key)
{
	char cap[64], len[32], util[32];
	const char *ver = json_string_value(json_object_get(cond, "gpusizer_runtime_version"));
	gs_model m;
	gs_error err;
	if (gs_model_from_config_file(cfg, &m, &err))
		return 1;
	json_t *ml = json_object_get(cond, "max_model_len");
	long long maxlen = json_is_integer(ml) ? json_integer_value(ml) : m.max_position;
	json_t *tp = json_object_get(cond, "tensor_parallel_size");
	char tps[16];
	snprintf(tps, sizeof tps, "%lld", json_is_integer(tp) ? json_integer_value(tp) : 1);
	snprintf(len, sizeof len, "%lld", maxlen);
	/* the log's own total, else one the record names, with where it came from */
	const char *given = json_string_value(json_object_get(cond, "gpusizer_cuda_total"));
	if (missing_reason(id, cond, "gpusizer_cuda_total"))
		return 1;
	/* the budget is a fraction of this total: without one the record
	 * cannot be sized, and a zero would read as an estimate of no pool */
	if (!json_object_get(meas, total_key) && !given) {
		fprintf(stderr, "%s: no CUDA total: give measured.%s from the log or conditions.gpusizer_cuda_total with "
		                "gpusizer_cuda_total_why\n", id, total_key);
		return 1;
	}
	if (json_object_get(meas, total_key))
		snprintf(cap, sizeof cap, "%.2fGiB", num(meas, total_key));
	else
		snprintf(cap, sizeof cap, "%s", given);
	gs_workload_init(w);
	/* a record may name the GPU where an engine rule reads its name (vLLM
	 * 0.10.1: "not an A100"): the device table's capacity, the log's total */
	const char *gpu = json_string_value(json_object_get(cond, "gpusizer_gpu"));
	if (set(w, GS_F_MODEL, cfg) || set(w, GS_F_RUNTIME, rt) || set(w, GS_F_RUNTIME_VERSION, ver) ||
	    (gpu ? set(w, GS_F_GPU, gpu) : set(w, GS_F_CAPACITY, cap)) || set(w, GS_F_CUDA_TOTAL, cap) ||
	    set(w, GS_F_LENGTH, len) || set(w, GS_F_TP, tps) || set(w, GS_F_GPUS, tps))
		return 1;
	/* a checkpoint quantized where the library's config is not (the FP8
	 * re-release of a model): the format gpusizer names it by */
	if (set_condition(id, w, cond, "gpusizer_format", GS_F_FORMAT, true))
		return 1;
	/* vLLM's entry point, whose batch defaults the estimator derives (a record
	 * that gives max_num_batched_tokens instead bypasses that rule) */
	if (set_condition(id, w, cond, "gpusizer_entrypoint", GS_F_ENTRYPOINT, false))
		return 1;
	/* a record whose total is already the free memory after the CUDA context */
	if (set_condition(id, w, cond, "gpusizer_runtime_context", GS_F_RUNTIME_CONTEXT, false))
		return 1;
	/* the engine's batch limits when the log's command line sets them */
	static const struct {
		const char *key;
		int field;
	} limits[] = {{"max_num_batched_tokens", GS_F_MAX_NUM_BATCHED_TOKENS}, {"max_num_seqs", GS_F_MAX_NUM_SEQS}};
	for (size_t i = 0; i < sizeof limits / sizeof limits[0]; i++) {
		json_t *v = json_object_get(cond, limits[i].key);
		char buf[32];
		if (!json_is_integer(v))
			continue;
		snprintf(buf, sizeof buf, "%lld", (long long)json_integer_value(v));
		if (set(w, limits[i].field, buf))
			return 1;
	}
	json_t *u = json_object_get(cond, "gpu_memory_utilization");
	if (json_is_number(u)) {
		/* every digit the log gave: Unsloth passes 0.8938626454842437 */
		snprintf(util, sizeof util, "%.16g", json_number_value(u));
		if (set(w, GS_F_GPU_MEMORY_UTILIZATION, util))
			return 1;
	}
	return 0;
}

static int do_vllm(const char *id, const char *cfg, json_t *cond, json_t *meas)
{
	static gs_estimate e;
	gs_workload w;
	if (!json_is_string(json_object_get(cond, "gpusizer_runtime_version"))) {
		printf("%-44s skipped: the record does not say which vLLM release ran\n", id);
		return 0;
	}
	if (serving_workload(id, &w, "vllm", cfg, cond, meas, "total_gpu_memory_gib"))
		return 1;
	/* the sampler path the record's log names ("Using FlashInfer ..." or
	 * "FlashInfer is not available ..."), with the line quoted beside it */
	if (set_condition(id, &w, cond, "gpusizer_sampler", GS_F_SAMPLER, true) || estimate(&w, &e))
		return 1;
	/* what vLLM's "model weights take" counts (gsi_weights_total names the
	 * items) */
	gs_bytes weights = gsi_weights_total(&e);
	bool has_w = json_object_get(meas, "weights_gib") || json_object_get(meas, "weights_gb_loading_log");
	double measured_w = json_object_get(meas, "weights_gib") ? num(meas, "weights_gib")
	                                                        : num(meas, "weights_gb_loading_log");
	if (has_w)
		row(id, "weights [GiB]", measured_w, gib(weights), "GiB");
	const gs_item *act = gs_estimate_item(&e, "activations"), *lg = gs_estimate_item(&e, "logits");
	if (json_object_get(meas, "activation_peak_gib"))
		row(id, "activation peak [GiB]", num(meas, "activation_peak_gib"), gib(act->bytes[1] + lg->bytes[1]), "GiB");
	if (json_object_get(meas, "peak_torch_memory_gib"))
		row(id, "torch peak in profile [GiB]", num(meas, "peak_torch_memory_gib"),
		    gib(weights + act->bytes[1] + lg->bytes[1]), "GiB");
	if (json_object_get(meas, "non_torch_gib"))
		row(id, "non-torch [GiB]", num(meas, "non_torch_gib"),
		    gib(gs_estimate_item(&e, "runtime_context")->bytes[1]), "GiB");
	if (json_object_get(meas, "kv_cache_gib"))
		row(id, "KV cache [GiB]", num(meas, "kv_cache_gib"), gib(gs_estimate_item(&e, "kv_cache")->bytes[2]), "GiB");
	if (json_object_get(meas, "peak_torch_memory_gib"))
		head(id, "peak", num(meas, "peak_torch_memory_gib"), gib(weights + act->bytes[1] + lg->bytes[1]));
	else if (json_object_get(meas, "activation_peak_gib"))
		head(id, "peak", measured_w + num(meas, "activation_peak_gib"), gib(weights + act->bytes[1] + lg->bytes[1]));
	/* the log's "GPU KV cache size": from 0.20.1 max concurrency x
	 * max_model_len, not blocks x 16 (estimate_vllm.c printed_tokens) */
	double printed = (double)e.vllm.tokens_printed;
	if (json_object_get(meas, "kv_cache_gib"))
		head(id, "kv", num(meas, "kv_cache_gib"), gib(gs_estimate_item(&e, "kv_cache")->bytes[2]));
	else if (json_object_get(meas, "kv_tokens"))
		head(id, "kv", num(meas, "kv_tokens"), printed);
	if (json_object_get(meas, "num_gpu_blocks"))
		row(id, "KV blocks", num(meas, "num_gpu_blocks"), (double)e.vllm.blocks, "");
	if (json_object_get(meas, "kv_tokens"))
		row(id, "KV tokens", num(meas, "kv_tokens"), printed, "");
	if (json_object_get(meas, "max_concurrency"))
		row(id, "max concurrency [x]", atof(json_string_value(json_object_get(meas, "max_concurrency"))),
		    (double)e.vllm.max_concurrency_milli / 1000.0, "");
	printf("%-44s (vLLM %s defaults: profile run %llu tokens, %s)\n", id, e.runtime_version,
	       (unsigned long long)e.vllm.profile_tokens, e.vllm.why_tokens);
	return 0;
}

static int do_sglang(const char *id, const char *cfg, json_t *cond, json_t *meas)
{
	static gs_estimate e;
	gs_workload w;
	char f[32];
	if (!json_is_string(json_object_get(cond, "gpusizer_runtime_version"))) {
		printf("%-44s skipped: the record does not say which SGLang release ran\n", id);
		return 0;
	}
	if (serving_workload(id, &w, "sglang", cfg, cond, meas, "total_gpu_memory_gib"))
		return 1;
	json_t *fr = json_object_get(cond, "mem_fraction_static");
	snprintf(f, sizeof f, "%.3f", json_number_value(fr));
	if ((json_is_number(fr) && set(&w, GS_F_MEM_FRACTION_STATIC, f)) || estimate(&w, &e))
		return 1;
	row(id, "pool tokens", num(meas, "kv_tokens"), (double)e.sglang.tokens, "");
	head(id, "kv", num(meas, "kv_tokens"), (double)e.sglang.tokens);
	return 0;
}

/* The record's GGUF rebuilt by gen_fixtures (same tensor names, shapes and
 * ggml types), named MODEL-QUANT.gguf after the command's ggml-model-QUANT.gguf. */
static bool find_gguf(const char *model, json_t *cond, char *path, size_t cap)
{
	const char *cmd = json_string_value(json_object_get(cond, "command"));
	const char *q = cmd ? strstr(cmd, "ggml-model-") : NULL;
	const char *slash = strchr(model, '/');
	if (!q || !slash)
		return false;
	q += 11;
	size_t ql = strcspn(q, ".");
	size_t ml = strcspn(slash + 1, " ");
	for (int d = 0; d < n_dirs; d++) {
		struct stat st;
		snprintf(path, cap, "%s/%.*s-%.*s.gguf", dirs[d], (int)ml, slash + 1, (int)ql, q);
		if (stat(path, &st) == 0)
			return true;
	}
	return false;
}

/* The GPU's three llama.cpp buffers together (model, KV, compute): the
 * headline the llama.cpp interval rests on. */
static void gpu_buffers_head(const char *id, json_t *meas, const gs_estimate *e)
{
	head(id, "peak", num(meas, "cuda0_model_buffer_mib") + num(meas, "cuda0_kv_buffer_mib") +
	                 num(meas, "cuda0_compute_buffer_mib"),
	     mib(gs_estimate_item(e, "weights")->bytes[0] + gs_estimate_item(e, "kv_cache")->bytes[1] +
	         gs_estimate_item(e, "activations")->bytes[1]));
}

/* A record's -ngl when it offloads part of the model (an integer
 * n_gpu_layers; "all (33/33 offloaded)" is the default), into w. */
static int set_gpu_layers(gs_workload *w, json_t *cond)
{
	char ngl[32];
	json_t *layers = json_object_get(cond, "n_gpu_layers");
	const char *text = json_string_value(layers);
	/* "all (33/33 offloaded)", "33/33 offloaded": every layer */
	if (text && (!strncmp(text, "all", 3) || strstr(text, "offloaded")))
		return set(w, GS_F_GPU_LAYERS, "999");
	if (!json_is_integer(layers))
		return 0;
	snprintf(ngl, sizeof ngl, "%lld", json_integer_value(layers));
	return set(w, GS_F_GPU_LAYERS, ngl);
}

/* A llama.cpp log: the build row it names (conditions.gpusizer_runtime_version
 * with its reason), and what the run was started with where the build's
 * llama-server defaults would differ: its flash attention, its sequences
 * (n_seq_max) and its batch. */
static int llamacpp_conditions(const char *id, gs_workload *w, json_t *cond)
{
	char n[32];
	json_t *seqs = json_object_get(cond, "n_seq_max"), *batch = json_object_get(cond, "n_batch");
	json_t *fa = json_object_get(cond, "flash_attn");
	snprintf(n, sizeof n, "%lld", json_is_integer(seqs) ? json_integer_value(seqs) : 1);
	if (set_condition(id, w, cond, "gpusizer_runtime_version", GS_F_RUNTIME_VERSION, true) ||
	    set(w, GS_F_ATTENTION, json_is_true(fa) || json_integer_value(fa) == 1 ? "flash" : "off") ||
	    set(w, GS_F_CONCURRENCY, n))
		return 1;
	if (json_is_integer(batch)) {
		snprintf(n, sizeof n, "%lld", json_integer_value(batch));
		return set(w, GS_F_N_BATCH, n);
	}
	return 0;
}

/* One of the llama.cpp buffers the estimate lists (device "CPU", "CUDA0";
 * kind "model", "kv", "compute"), 0 when absent. */
static gs_bytes buffer_bytes(const gs_estimate *e, const char *device, const char *kind)
{
	for (uint32_t i = 0; i < e->n_buffers; i++)
		if (!strcmp(e->buffers[i].device, device) && !strcmp(e->buffers[i].kind, kind))
			return e->buffers[i].bytes;
	return 0;
}

/* llama.cpp runtime on the rebuilt GGUF: every buffer its log prints. */
static int do_llamacpp_gguf(const char *id, const char *gguf, json_t *cond, json_t *meas)
{
	static gs_estimate e;
	gs_workload w;
	char ctx[32], ub[32];
	gs_workload_init(&w);
	snprintf(ctx, sizeof ctx, "%lld", json_integer_value(json_object_get(cond, "n_ctx")));
	snprintf(ub, sizeof ub, "%lld", json_integer_value(json_object_get(cond, "n_ubatch")));
	bool fa = json_integer_value(json_object_get(cond, "flash_attn")) == 1;
	if (set(&w, GS_F_MODEL, gguf) || set(&w, GS_F_RUNTIME, "llamacpp") || set(&w, GS_F_LENGTH, ctx) ||
	    set(&w, GS_F_N_UBATCH, ub) || set(&w, GS_F_KV_FORMAT, "fp16") || llamacpp_conditions(id, &w, cond) ||
	    set(&w, GS_F_ATTENTION, fa ? "flash" : "sdpa") || set_gpu_layers(&w, cond) || estimate(&w, &e))
		return 1;
	row(id, "CUDA0 model buffer [MiB]", num(meas, "cuda0_model_buffer_mib"), mib(gs_estimate_item(&e, "weights")->bytes[0]), "MiB");
	row(id, "CPU mapped model buffer [MiB]", num(meas, "cpu_mapped_model_buffer_mib"),
	    mib(buffer_bytes(&e, "CPU", "model")), "MiB");
	row(id, "CUDA0 KV buffer [MiB]", num(meas, "cuda0_kv_buffer_mib"), mib(gs_estimate_item(&e, "kv_cache")->bytes[1]), "MiB");
	if (json_is_number(json_object_get(meas, "host_kv_buffer_mib")))
		row(id, "host KV buffer [MiB]", num(meas, "host_kv_buffer_mib"), mib(buffer_bytes(&e, "CPU", "kv")), "MiB");
	row(id, "CUDA0 compute buffer [MiB]", num(meas, "cuda0_compute_buffer_mib"),
	    mib(gs_estimate_item(&e, "activations")->bytes[1]), "MiB");
	gpu_buffers_head(id, meas, &e);
	printf("%-44s (GGUF rebuilt by gen_fixtures: %s)\n", id, gguf);
	return 0;
}

/* A llama.cpp log of a published GGUF, sized from the model's config.json
 * and the file type alone (the GGUF the converter and quantizer would make,
 * docs/method.md §14a): the buffers llama.cpp printed. */
static int do_llamacpp_planned(const char *id, const char *cfg, json_t *cond, json_t *meas)
{
	static gs_estimate e;
	gs_workload w;
	char len[32], seqs[32];
	long long n_ctx = json_integer_value(json_object_get(cond, "n_ctx"));
	long long n_seq = json_is_integer(json_object_get(cond, "n_seq_max")) ? json_integer_value(json_object_get(cond, "n_seq_max")) : 1;
	snprintf(len, sizeof len, "%lld", n_ctx / (n_seq ? n_seq : 1));
	snprintf(seqs, sizeof seqs, "%lld", n_seq);
	gs_workload_init(&w);
	if (set(&w, GS_F_MODEL, cfg) || set(&w, GS_F_RUNTIME, "llamacpp") || set(&w, GS_F_LENGTH, len) ||
	    llamacpp_conditions(id, &w, cond) || set(&w, GS_F_CONCURRENCY, seqs) || set_gpu_layers(&w, cond) ||
	    set(&w, GS_F_FORMAT, json_string_value(json_object_get(cond, "gpusizer_file_type"))) ||
	    set_condition(id, &w, cond, "gpusizer_quantizer", GS_F_QUANTIZER, false) || estimate(&w, &e))
		return 1;
	row(id, "GPU model buffer [MiB]", num(meas, "cuda0_model_buffer_mib"), mib(gs_estimate_item(&e, "weights")->bytes[0]),
	    "MiB");
	row(id, "host model buffer [MiB]", num(meas, "cpu_model_buffer_mib"), mib(buffer_bytes(&e, "CPU", "model")), "MiB");
	row(id, "KV buffer [MiB]", num(meas, "cuda0_kv_buffer_mib"), mib(gs_estimate_item(&e, "kv_cache")->bytes[1]),
	    "MiB");
	if (json_is_number(json_object_get(meas, "host_kv_buffer_mib")))
		row(id, "host KV buffer [MiB]", num(meas, "host_kv_buffer_mib"), mib(buffer_bytes(&e, "CPU", "kv")), "MiB");
	row(id, "GPU compute buffer [MiB]", num(meas, "cuda0_compute_buffer_mib"),
	    mib(gs_estimate_item(&e, "activations")->bytes[1]), "MiB");
	gpu_buffers_head(id, meas, &e);
	printf("%-44s (planned %s from config.json: %s)\n", id, e.format.name, e.model.inv.dtypes);
	return 0;
}

static int do_llamacpp(const char *id, const char *cfg, json_t *cond, json_t *meas)
{
	static gs_estimate e;
	gs_workload w;
	char len[32];
	if (json_is_string(json_object_get(cond, "gpusizer_file_type")))
		return do_llamacpp_planned(id, cfg, cond, meas);
	gs_workload_init(&w);
	snprintf(len, sizeof len, "%lld", json_integer_value(json_object_get(cond, "n_ctx")));
	const char *q = json_string_value(json_object_get(cond, "quant_type"));
	char fmt[40];
	snprintf(fmt, sizeof fmt, "gguf:%s", q && strncmp(q, "Q", 1) == 0 ? q : "F16");
	if (set(&w, GS_F_MODEL, cfg) || set(&w, GS_F_LENGTH, len) || set(&w, GS_F_FORMAT, fmt) ||
	    set(&w, GS_F_KV_FORMAT, "fp16") || estimate(&w, &e))
		return 1;
	row(id, "KV buffer [MiB]", num(meas, "kv_self_mib"), mib(gs_estimate_item(&e, "kv_cache")->bytes[2]), "MiB");
	/* llama.cpp keeps token_embd in host memory: compare with GPU + host model buffers */
	row(id, "model buffers GPU+host [MiB]",
	    num(meas, "cuda0_model_buffer_mib") + num(meas, "cpu_mapped_model_buffer_mib"),
	    mib(gsi_weights_total(&e)), "MiB");
	return 0;
}

/* A published GGUF file's size against the tensor data gpusizer plans for
 * it from the config.json (conditions.gpusizer_file_type, and
 * gpusizer_imatrix / gpusizer_quantizer with their reasons). The file also
 * holds its metadata (the tokenizer above all), which the plan leaves out:
 * llama.cpp keeps it in host memory, not in a GPU buffer. */
static int do_gguf_file(const char *id, const char *cfg, json_t *cond, json_t *meas)
{
	static gs_estimate e;
	gs_workload w;
	gs_workload_init(&w);
	if (set(&w, GS_F_MODEL, cfg) || set(&w, GS_F_RUNTIME, "llamacpp") ||
	    set(&w, GS_F_FORMAT, json_string_value(json_object_get(cond, "gpusizer_file_type"))) ||
	    set_condition(id, &w, cond, "gpusizer_imatrix", GS_F_IMATRIX, true) || set(&w, GS_F_LENGTH, "512") ||
	    estimate(&w, &e))
		return 1;
	double file = num(meas, "file_bytes");
	row(id, "tensor data vs file [B]", file, (double)e.weights_only, "B");
	head(id, "bytes", file, (double)e.weights_only);
	printf("%-44s (%s; the file's metadata is not in the plan)\n", id, e.model.inv.quantization);
	return 0;
}

/* "6.5 GiB" / "411.0 MiB" as Ollama's log prints a size, in that unit. */
static double logged(json_t *meas, const char *k, const char **unit)
{
	const char *v = json_string_value(json_object_get(meas, k));
	*unit = v && strstr(v, "GiB") ? "GiB" : "MiB";
	return v ? strtod(v, NULL) : 0;
}

/* Ollama's own estimate, recomputed from the config and the file type,
 * against the line its log printed (one decimal: the bench shows both). */
static int do_ollama(const char *id, const char *cfg, json_t *cond, json_t *meas)
{
	static gs_estimate e;
	gs_workload w;
	char avail[40];
	snprintf(avail, sizeof avail, "%lldB", json_integer_value(json_object_get(cond, "available_bytes")));
	gs_workload_init(&w);
	if (set(&w, GS_F_MODEL, cfg) || set(&w, GS_F_RUNTIME, "ollama") ||
	    set(&w, GS_F_RUNTIME_VERSION, json_string_value(json_object_get(cond, "gpusizer_runtime_version"))) ||
	    set(&w, GS_F_FORMAT, json_string_value(json_object_get(cond, "gpusizer_file_type"))) ||
	    set_condition(id, &w, cond, "gpusizer_quantizer", GS_F_QUANTIZER, false) ||
	    set_condition(id, &w, cond, "gpusizer_gpus", GS_F_GPUS, true) ||
	    set_condition(id, &w, cond, "gpusizer_num_ctx", GS_F_LENGTH, true) ||
	    set_condition(id, &w, cond, "gpusizer_attention", GS_F_ATTENTION, true) ||
	    set(&w, GS_F_GPU_FREE, avail) || estimate(&w, &e))
		return 1;
	const gs_ollama_fit *o = &e.ollama;
	static const struct { const char *key; size_t off; } f[] = {
		{"required_full", offsetof(gs_ollama_fit, required_full)},
		{"required_partial", offsetof(gs_ollama_fit, required_partial)},
		{"required_kv", offsetof(gs_ollama_fit, kv)},
		{"weights_total", offsetof(gs_ollama_fit, weights_total)},
		{"weights_repeating", offsetof(gs_ollama_fit, weights_repeating)},
		{"weights_nonrepeating", offsetof(gs_ollama_fit, weights_nonrepeating)},
		{"graph_full", offsetof(gs_ollama_fit, graph_full)},
		{"graph_partial", offsetof(gs_ollama_fit, graph_partial)},
	};
	for (size_t i = 0; i < sizeof f / sizeof f[0]; i++) {
		const char *unit;
		double m = logged(meas, f[i].key, &unit);
		gs_bytes b = *(const gs_bytes *)((const char *)o + f[i].off);
		char what[40];
		snprintf(what, sizeof what, "Ollama %s [%s]", f[i].key, unit);
		row(id, what, m, !strcmp(unit, "GiB") ? gib(b) : mib(b), unit);
		if (!strcmp(f[i].key, "required_full"))
			head(id, "peak", m, gib(b));
	}
	row(id, "Ollama parallel", num(meas, "parallel"), (double)o->parallel, "");
	row(id, "Ollama layers offloaded", num(meas, "layers_offload"), (double)o->layers_offload, "");
	const char *split = json_string_value(json_object_get(meas, "layers_split"));
	if (split) {
		char mine[96] = "";
		for (uint64_t g = 0; g < o->gpus_used && g < GS_MAX_STAGES; g++)
			snprintf(mine + strlen(mine), sizeof mine - strlen(mine), "%s%llu", g ? "," : "",
				 (unsigned long long)o->layer_split[g]);
		printf("%-44s Ollama layers.split: logged %s, gpusizer %s\n", id, split, mine);
	}
	row(id, "llama.cpp --ctx-size", num(meas, "ctx_size"), (double)(o->num_ctx * o->parallel), "");
	printf("%-44s (the log prints one decimal: an error under 0.05 GiB / MiB is exact agreement)\n", id);
	return 0;
}

/* Hugging Face records measured with NVML (MiB used by the device). The
 * companion record hf-anatomy-bert-large-load-fp32 measured the CUDA context
 * alone on the same V100 setup (1343 MiB, CUDA 11.2 without lazy loading):
 * that measurement is given as runtime_context, a measured item. */
static int do_hf(const char *id, const char *cfg, json_t *cond, json_t *meas)
{
	static gs_estimate e;
	gs_workload w;
	gs_workload_init(&w);
	const char *ctx = "1343MiB";
	json_t *bs = json_object_get(cond, "per_device_train_batch_size");
	if (json_is_integer(bs)) {
		char b[32], s[32];
		snprintf(b, sizeof b, "%lld", json_integer_value(bs));
		snprintf(s, sizeof s, "%lld", json_integer_value(json_object_get(cond, "seq_len")));
		bool fp16 = json_is_true(json_object_get(cond, "fp16"));
		bool ckpt = json_is_true(json_object_get(cond, "gradient_checkpointing"));
		json_t *ga = json_object_get(cond, "gradient_accumulation_steps");
		char acc[32];
		snprintf(acc, sizeof acc, "%lld", json_is_integer(ga) ? json_integer_value(ga) : 1);
		const char *opt = json_string_value(json_object_get(cond, "gpusizer_optimizer"));
		if (set(&w, GS_F_MODEL, cfg) || set(&w, GS_F_TASK, "full") || set(&w, GS_F_LENGTH, s) ||
		    set(&w, GS_F_MICROBATCH, b) || set(&w, GS_F_GRAD_ACCUM, acc) ||
		    set(&w, GS_F_PRECISION, fp16 ? "amp" : "fp32") || set(&w, GS_F_CHECKPOINTING, ckpt ? "full" : "none") ||
		    (opt && set(&w, GS_F_OPTIMIZER, opt)) ||
		    set(&w, GS_F_ATTENTION, "eager") || set(&w, GS_F_RUNTIME_CONTEXT, ctx) || estimate(&w, &e))
			return 1;
		row(id, "device used, training [MiB]", num(meas, "nvml_used_mb"), mib(gs_estimate_peak(&e)), "MiB");
		head(id, "peak", num(meas, "nvml_used_mb"), mib(gs_estimate_peak(&e)));
		printf("%-44s (peak phase %s; %s, %s, batch %s x %s, %s checkpointing, eager attention, CUDA context "
		       "measured)\n", id, e.phases[e.peak_phase].id, fp16 ? "fp16 autocast" : "fp32", opt ? opt : "adamw",
		       b, acc, ckpt ? "full" : "no");
		return 0;
	}
	if (json_object_get(meas, "nvml_used_mb_after_model_load")) {
		if (set(&w, GS_F_MODEL, cfg) || set(&w, GS_F_FORMAT, "fp32") || set(&w, GS_F_RUNTIME_CONTEXT, ctx) ||
		    estimate(&w, &e))
			return 1;
		row(id, "device used after load [MiB]", num(meas, "nvml_used_mb_after_model_load"),
		    mib(e.phases[0].peak), "MiB");
		head(id, "peak", num(meas, "nvml_used_mb_after_model_load"), mib(e.phases[0].peak));
		return 0;
	}
	const char *how = json_string_value(json_object_get(cond, "measurement"));
	if (how && strstr(how, "max_memory_allocated")) {
		/* tensors only: no CUDA context, no allocator slack. The prompt is
		 * about 25 tokens plus max_new_tokens 60: 90 tokens is an upper bound */
		char newtok[32];
		snprintf(newtok, sizeof newtok, "%lld", json_integer_value(json_object_get(cond, "max_new_tokens")) + 30);
		const char *fmt = json_string_value(json_object_get(cond, "gpusizer_format"));
		const char *keep = json_string_value(json_object_get(cond, "gpusizer_keep_format"));
		if (set(&w, GS_F_MODEL, cfg) || set(&w, GS_F_FORMAT, fmt ? fmt : "bf16") || set(&w, GS_F_LENGTH, newtok) ||
		    (keep && set(&w, GS_F_KEEP_FORMAT, keep)) ||
		    set(&w, GS_F_RUNTIME_CONTEXT, "0GiB") || set(&w, GS_F_ALLOCATOR_SLACK, "0%") || estimate(&w, &e))
			return 1;
		row(id, "peak allocated [GiB]", num(meas, "peak_allocated_gib"), gib(gs_estimate_peak(&e)), "GiB");
		head(id, "peak", num(meas, "peak_allocated_gib"), gib(gs_estimate_peak(&e)));
		return 0;
	}
	printf("%-44s skipped: measurement conditions not modelled\n", id);
	skipped++;
	return 0;
}

/* An Unsloth notebook's saved outputs: PyTorch's reserved memory after
 * loading and get_peft_model, and its peak after training, printed in GiB.
 * Reserved memory holds no CUDA context (runtime_context 0) and is compared
 * with the phases' peaks; the training ran the data's own lengths, which
 * the notebooks do not state, so max_seq_length is an upper bound for them
 * (an estimate there must not be below the run: issue 49). The GPU and its
 * "Max memory" (torch's total_memory) are given, since the fused loss sizes
 * its chunks from the free memory and some types train in float32 on a GPU
 * without bfloat16. */
static int do_unsloth(const char *id, const char *cfg, json_t *cond, json_t *meas)
{
	static gs_estimate e;
	if (json_is_true(json_object_get(cond, "dynamic_4bit"))) {
		printf("%-44s skipped: Unsloth Dynamic 4-bit checkpoint: the layers kept in 16 bits are listed in its "
		       "quantization_config, not in config.json\n", id);
		skipped++;
		return 0;
	}
	const char *skip = json_string_value(json_object_get(cond, "gpusizer_skip"));
	if (skip) {
		printf("%-44s skipped: %s\n", id, skip);
		skipped++;
		return 0;
	}
	gs_workload w;
	gs_workload_init(&w);
	char len[32], b[32], ga[32], r[32], targets[200] = "", total[48] = "";
	snprintf(len, sizeof len, "%lld", json_integer_value(json_object_get(cond, "max_seq_length")));
	snprintf(b, sizeof b, "%lld", json_integer_value(json_object_get(cond, "per_device_train_batch_size")));
	snprintf(ga, sizeof ga, "%lld", json_integer_value(json_object_get(cond, "gradient_accumulation_steps")));
	snprintf(r, sizeof r, "%lld", json_integer_value(json_object_get(cond, "lora_r")));
	json_t *tm = json_object_get(cond, "target_modules");
	for (size_t i = 0; i < json_array_size(tm); i++)
		snprintf(targets + strlen(targets), sizeof targets - strlen(targets), "%s%s", i ? "," : "",
		         json_string_value(json_array_get(tm, i)));
	const char *optim = json_string_value(json_object_get(cond, "optim"));
	const char *opt = optim && !strcmp(optim, "adamw_8bit") ? "adamw-8bit"
	                : optim && !strcmp(optim, "paged_adamw_8bit") ? "paged-adamw-8bit" : "adamw";
	bool q = json_is_true(json_object_get(cond, "load_in_4bit"));
	bool full = json_is_true(json_object_get(cond, "full_finetuning"));
	const char *rel = json_string_value(json_object_get(cond, "unsloth_version"));
	const char *qat = json_string_value(json_object_get(cond, "qat_scheme"));
	const char *gpu = json_string_value(json_object_get(cond, "gpusizer_gpu"));
	if (gpu && json_is_number(json_object_get(meas, "gpu_total_gib")))
		snprintf(total, sizeof total, "%.3fGiB", num(meas, "gpu_total_gib"));
	if (set(&w, GS_F_MODEL, cfg) || set(&w, GS_F_TASK, full ? "full" : q ? "qlora" : "lora") ||
	    set(&w, GS_F_RECIPE, "unsloth") || (q && set(&w, GS_F_FORMAT, "nf4-dq")) || set(&w, GS_F_LENGTH, len) ||
	    set(&w, GS_F_MICROBATCH, b) || set(&w, GS_F_GRAD_ACCUM, ga) || (!full && set(&w, GS_F_LORA_RANK, r)) ||
	    (!full && targets[0] && set(&w, GS_F_LORA_TARGETS, targets)) || set(&w, GS_F_OPTIMIZER, opt) ||
	    set(&w, GS_F_RUNTIME_CONTEXT, "0GiB") || (rel && set(&w, GS_F_RECIPE_RELEASE, rel)) ||
	    (qat && set(&w, GS_F_QAT_SCHEME, qat)) || (gpu && set(&w, GS_F_GPU, gpu)) ||
	    (total[0] && set(&w, GS_F_CUDA_TOTAL, total)) || estimate(&w, &e))
		return 1;
	gs_bytes load = 0, peak = 0;
	for (size_t i = 0; i < e.n_phases; i++) {
		const char *ph = e.phases[i].id;
		if (!strcmp(ph, "load"))
			load = e.phases[i].peak;
		else if (!strcmp(ph, "forward") || !strcmp(ph, "backward") || !strcmp(ph, "first_update") ||
		         !strcmp(ph, "update"))
			peak = e.phases[i].peak > peak ? e.phases[i].peak : peak;
	}
	row(id, "reserved after load [GiB]", num(meas, "load_reserved_gib"), gib(load), "GiB");
	head(id, "load", num(meas, "load_reserved_gib"), gib(load));
	row(id, "reserved peak, training [GiB]", num(meas, "peak_reserved_gib"), gib(peak), "GiB");
	head(id, "peak", num(meas, "peak_reserved_gib"), gib(peak));
	/* the safe-bound check: at max_seq_length the estimate, or its
	 * interval's high end, must reach the run */
	gs_bytes lo, hi;
	gs_estimate_interval(&e, peak, &lo, &hi);
	const char *bound = gib(peak) >= num(meas, "peak_reserved_gib") ? "the point estimate covers the run"
	                  : gib(hi) >= num(meas, "peak_reserved_gib") ? "the interval's high end covers the run"
	                                                            : "BELOW THE RUN: neither the estimate nor its "
	                                                              "interval's high end reaches it";
	printf("%-44s (at max_seq_length %s: the data's own lengths are not stated; %s %s, batch %s x %s, %s; Unsloth "
	       "%s, sized with row %s; high end %.3f GiB: %s)\n",
	       id, len, full ? "full" : "r", full ? (qat ? qat : "") : r, b, ga, opt,
	       rel ? rel : "release not printed", e.train.release_row, gib(hi), bound);
	return 0;
}

/* A row of LitGPT's published fine-tuning table (config_hub/finetune/
 * README.md): the config's fields (precision bf16-true, quantize, LoRA rank
 * and targets, micro and global batch, max_seq_length 512 over Alpaca2k,
 * which LitGPT trims to the longest sample) under recipe litgpt, against
 * its "Peak memory" in decimal GB, taken as LitGPT's own print of
 * max_memory_allocated (no CUDA context, no allocator slack). */
static int do_litgpt(const char *id, const char *cfg, json_t *cond, json_t *meas)
{
	static gs_estimate e;
	const char *skip = json_string_value(json_object_get(cond, "gpusizer_skip"));
	if (skip) {
		printf("%-44s skipped: %s\n", id, skip);
		skipped++;
		return 0;
	}
	gs_workload w;
	gs_workload_init(&w);
	char len[32], b[32], ga[32], r[32], targets[200] = "";
	long long mb = json_integer_value(json_object_get(cond, "micro_batch_size"));
	long long gb = json_integer_value(json_object_get(cond, "global_batch_size"));
	snprintf(len, sizeof len, "%lld", json_integer_value(json_object_get(cond, "max_seq_length")));
	snprintf(b, sizeof b, "%lld", mb);
	snprintf(ga, sizeof ga, "%lld", mb ? gb / mb : 1);
	snprintf(r, sizeof r, "%lld", json_integer_value(json_object_get(cond, "lora_r")));
	json_t *tm = json_object_get(cond, "target_modules");
	for (size_t i = 0; i < json_array_size(tm); i++)
		snprintf(targets + strlen(targets), sizeof targets - strlen(targets), "%s%s", i ? "," : "",
		         json_string_value(json_array_get(tm, i)));
	const char *quant = json_string_value(json_object_get(cond, "quantize"));
	bool full = !json_object_get(cond, "lora_r");
	bool q = quant && !strcmp(quant, "bnb.nf4");
	if (set(&w, GS_F_MODEL, cfg) || set(&w, GS_F_TASK, full ? "full" : q ? "qlora" : "lora") ||
	    set(&w, GS_F_RECIPE, "litgpt") || set(&w, GS_F_LENGTH, len) || set(&w, GS_F_MICROBATCH, b) ||
	    set(&w, GS_F_GRAD_ACCUM, ga) || set(&w, GS_F_GPU, "A10G") ||
	    (full ? set(&w, GS_F_PRECISION, "bf16") : (!q && set(&w, GS_F_FORMAT, "bf16"))) ||
	    (!full && set(&w, GS_F_LORA_RANK, r)) || (!full && targets[0] && set(&w, GS_F_LORA_TARGETS, targets)) ||
	    set(&w, GS_F_RUNTIME_CONTEXT, "0GiB") || set(&w, GS_F_ALLOCATOR_SLACK, "0%") || estimate(&w, &e))
		return 1;
	gs_bytes peak = 0;
	for (size_t i = 0; i < e.n_phases; i++) {
		const char *ph = e.phases[i].id;
		if (!strcmp(ph, "forward") || !strcmp(ph, "backward") || !strcmp(ph, "first_update") ||
		    !strcmp(ph, "update"))
			peak = e.phases[i].peak > peak ? e.phases[i].peak : peak;
	}
	double est_gb = (double)peak / 1e9;
	row(id, "peak allocated, training [GB]", num(meas, "peak_gb"), est_gb, "GB");
	head(id, "peak", num(meas, "peak_gb"), est_gb);
	printf("%-44s (LitGPT %s, bf16-true, %s, micro %s x %s, 512 tokens of Alpaca2k, allocated: no context, no slack)\n",
	       id, full ? "full" : q ? "QLoRA bnb.nf4" : "LoRA", full ? "AdamW" : targets, b, ga);
	return 0;
}

static int do_gpu(const char *id, json_t *cond, json_t *meas)
{
	const char *g = json_string_value(json_object_get(cond, "gpu"));
	char name[96];
	snprintf(name, sizeof name, "%s", g ? g : "");
	char *paren = strchr(name, '(');
	if (paren)
		*paren = 0;
	for (size_t n = strlen(name); n && name[n - 1] == ' '; n--)
		name[n - 1] = 0;
	const gs_device *d = gs_device_find(name);
	if (!d || !d->reported_bytes) {
		printf("%-44s skipped: GPU \"%s\" not in the device table\n", id, name);
		skipped++;
		return 0;
	}
	row(id, "device total [MiB]", num(meas, "nvidia_smi_total_mib"), mib(d->reported_bytes), "MiB");
	head(id, "count", num(meas, "nvidia_smi_total_mib"), mib(d->reported_bytes));
	return 0;
}

/* --- held-out part, bands and the accuracy table (method.md §17a) ------ */

/* The group a record's figures belong to: its kind, with the Hugging Face
 * records split into training and inference. */
static const char *record_group(const char *kind, json_t *cond)
{
	if (!strcmp(kind, "hf"))
		return json_object_get(cond, "per_device_train_batch_size") ? "training" : "transformers";
	if (!strcmp(kind, "vllm")) { /* V1 from 0.8 in gpusizer's release table */
		const char *v = json_string_value(json_object_get(cond, "gpusizer_runtime_version"));
		unsigned major = 0, minor = 0;
		if (v)
			sscanf(v, "%u.%u", &major, &minor);
		return major > 0 || minor >= 8 ? "vllm-v1" : "vllm-v0";
	}
	return kind;
}

/* The held-out part, chosen by a rule that reads no figure and that a new
 * record cannot change for the others: a record is held out when the first
 * byte of the SHA-256 of its id is below 51 (51/256, about 20 %). */

static bool is_held_out(const char *id)
{
	char h[65];
	gs_sha256_hex(id, strlen(id), h);
	return strtoul((char[3]){h[0], h[1], 0}, NULL, 16) < 51;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static double rel(const headline *h) { return (h->estimated - h->measured) / h->measured; }

/* The band of (group, quantity) over the fitted records, leaving one out
 * (skip; NULL for none). Unsloth's notebooks do not state their data's
 * lengths, so their peaks are compared with the estimate at max_seq_length,
 * an upper bound of what ran: an estimate above such a run says nothing of
 * the estimator (the data were shorter), one below it is a true miss. Only
 * the misses bound that band (its top is 0). */
static unsigned band_of(const char *group, const char *quantity, const headline *skip, double *rmin, double *rmax)
{
	unsigned n = 0;
	*rmin = *rmax = 0;
	for (size_t i = 0; i < n_heads; i++) {
		const headline *h = &heads[i];
		if (h == skip || h->held_out || strcmp(h->group, group) || strcmp(h->quantity, quantity))
			continue;
		double r = rel(h);
		if (!n || r < *rmin)
			*rmin = r;
		if (!n || r > *rmax)
			*rmax = r;
		n++;
	}
	if (!strcmp(group, "unsloth") && !strcmp(quantity, "peak") && *rmax > 0)
		*rmax = 0;
	if (!strcmp(group, "unsloth") && !strcmp(quantity, "peak") && *rmin > 0)
		*rmin = 0;
	return n;
}

static bool covered(const headline *h, unsigned n, double rmin, double rmax)
{
	double lo, hi;
	gs_band_factors(n, rmin, rmax, &lo, &hi, NULL, 0);
	/* an Unsloth peak at max_seq_length bounds a run of shorter data: the
	 * high end must reach it, the low end says nothing (band_of) */
	if (!strcmp(h->group, "unsloth") && !strcmp(h->quantity, "peak"))
		return h->measured <= h->estimated * hi;
	return h->measured >= h->estimated * lo && h->measured <= h->estimated * hi;
}

/* One line of the accuracy table: the fitted or the held-out part. */
static void table_line(const char *group, const char *quantity, bool held)
{
	double r[512];
	size_t n = 0, w5 = 0, w10 = 0, under = 0, under10 = 0, cov = 0;
	for (size_t i = 0; i < n_heads; i++) {
		const headline *h = &heads[i];
		if (h->held_out != held || strcmp(h->group, group) || strcmp(h->quantity, quantity))
			continue;
		double e = rel(h);
		r[n++] = fabs(e);
		w5 += fabs(e) <= 0.05;
		w10 += fabs(e) <= 0.10;
		/* the unsafe direction: a peak below the measurement, a KV
		 * capacity above it */
		double u = strcmp(quantity, "kv") ? -e : e;
		under += u > 0;
		under10 += u > 0.10;
		double lo, hi;
		unsigned k = band_of(group, quantity, held ? NULL : h, &lo, &hi);
		cov += covered(h, k, lo, hi);
	}
	if (!n) {
		printf("%-13s %-6s %-8s %7s\n", group, quantity, held ? "held-out" : "fitted", "0");
		return;
	}
	qsort(r, n, sizeof r[0], cmp_double);
	double med = n % 2 ? r[n / 2] : (r[n / 2 - 1] + r[n / 2]) / 2;
	printf("%-13s %-6s %-8s %7zu %8.2f%% %7.0f%% %7.0f%% %7.0f%% %9.0f%% %9.0f%%\n", group, quantity,
	       held ? "held-out" : "fitted", n, 100 * med, 100.0 * w5 / n, 100.0 * w10 / n, 100.0 * under / n,
	       100.0 * under10 / n, 100.0 * cov / n);
}

static void accuracy_table(void)
{
	printf("\n== accuracy by kind (error = (estimated - measured) / measured; unsafe: a peak estimated below "
	       "the measurement,\n   a KV capacity above it; coverage: measured inside the interval, target %.0f %%; "
	       "fitted: leave-one-out\n   over the fitted records; held-out: the band of all fitted records)\n",
	       100 * GS_COVERAGE_TARGET);
	printf("%-13s %-6s %-8s %7s %9s %8s %8s %8s %10s %10s\n", "kind", "qty", "part", "records", "median|e|",
	       "<=5%", "<=10%", "unsafe", "unsafe>10%", "coverage");
	static const char *const order[][2] = {
		{"training", "peak"}, {"unsloth", "load"}, {"unsloth", "peak"}, {"litgpt", "peak"}, {"transformers", "peak"}, {"vllm-v0", "peak"}, {"vllm-v0", "kv"},
		{"vllm-v1", "peak"}, {"vllm-v1", "kv"}, {"sglang", "kv"}, {"llamacpp", "peak"}, {"ollama", "peak"},
		{"gguf_file", "bytes"}, {"params", "count"}, {"params", "stored"}, {"gpu_total", "count"},
	};
	for (size_t i = 0; i < sizeof order / sizeof order[0]; i++) {
		table_line(order[i][0], order[i][1], false);
		table_line(order[i][0], order[i][1], true);
	}
}

/* calibration_bands.c, from the fitted records of every group that has one. */
static void print_bands(void)
{
	static const char *const order[][2] = {
		{"training", "peak"}, {"unsloth", "peak"}, {"litgpt", "peak"}, {"transformers", "peak"},
		{"vllm-v0", "peak"},
		{"vllm-v0", "kv"}, {"vllm-v1", "peak"}, {"vllm-v1", "kv"}, {"sglang", "peak"}, {"sglang", "kv"},
		{"llamacpp", "peak"}, {"ollama", "peak"},
	};
	printf("/* calibration_bands.c -- GENERATED by `bench_accuracy --bands`; do not edit.\n"
	       " * r = (estimated - measured) / measured over the fitted (not held-out)\n"
	       " * records of bench/calibration.jsonl (docs/method.md §17a). */\n"
	       "#include \"gpusizer/interval.h\"\n\nconst gs_band gs_bands[] = {\n");
	size_t n = 0;
	for (size_t i = 0; i < sizeof order / sizeof order[0]; i++) {
		double lo, hi;
		unsigned k = band_of(order[i][0], order[i][1], NULL, &lo, &hi);
		if (!k)
			continue;
		printf("\t{\"%s\", \"%s\", %u, %.6f, %.6f},\n", order[i][0], order[i][1], k, lo, hi);
		n++;
	}
	if (!n)
		printf("\t{NULL, NULL, 0, 0, 0},\n");
	printf("};\nconst size_t gs_n_bands = %zu;\n", n);
}

int main(int argc, char **argv)
{
	bool bands = argc > 1 && !strcmp(argv[1], "--bands");
	if (bands) {
		argc--;
		argv++;
	}
	if (argc < 3) {
		fprintf(stderr, "usage: bench_accuracy [--bands] CALIBRATION.jsonl CONFIG_DIR [CONFIG_DIR ...]\n");
		return 2;
	}
	n_dirs = argc - 2;
	dirs = argv + 2;
	FILE *f = fopen(argv[1], "r");
	if (!f) {
		perror(argv[1]);
		return 2;
	}
	char line[65536];
	int lineno = 0, rc = 0;
	FILE *real_stdout = stdout;
	if (bands && !(stdout = fopen("/dev/null", "w"))) {
		stdout = real_stdout;
		return 2;
	}
	while (fgets(line, sizeof line, f)) {
		lineno++;
		json_error_t je;
		json_t *r = json_loads(line, 0, &je);
		if (!r) {
			fprintf(stderr, "%s:%d:%d: %s\n", argv[1], lineno, je.column, je.text);
			rc = 1;
			continue;
		}
		const char *id = json_string_value(json_object_get(r, "id"));
		const char *kind = json_string_value(json_object_get(r, "kind"));
		const char *model = json_string_value(json_object_get(r, "model"));
		json_t *cond = json_object_get(r, "conditions"), *meas = json_object_get(r, "measured");
		char cfg[1024];
		int base = 0;
		/* a record may name the library config of a model with the same
		 * architecture fields (its reason beside it) when its own is absent */
		const char *sized_as = json_string_value(json_object_get(cond, "gpusizer_config"));
		if (model && sized_as)
			model = sized_as;
		if (sized_as && !json_is_string(json_object_get(cond, "gpusizer_config_why"))) {
			fprintf(stderr, "%s:%d: gpusizer_config without gpusizer_config_why: say why the configs agree\n",
			        argv[1], lineno);
			rc = 1;
		}
		if (id && kind) {
			records++;
			cur_group = record_group(kind, cond);
			cur_held_out = is_held_out(id);
		}
		if (!id || !kind) {
			fprintf(stderr, "%s:%d: record without id or kind\n", argv[1], lineno);
			rc = 1;
		} else if (strcmp(kind, "gpu_total") == 0) {
			rc |= do_gpu(id, cond, meas);
		} else if (!model || !find_config(model, cfg, sizeof cfg, &base)) {
			printf("%-44s skipped: no config.json for %s in the bench's config folders\n", id,
			       model ? model : "(none)");
			skipped++;
		} else if (strcmp(kind, "params") == 0) {
			rc |= do_params(id, cfg, cond, meas);
		} else if (strcmp(kind, "vllm") == 0) {
			rc |= do_vllm(id, cfg, cond, meas);
		} else if (strcmp(kind, "sglang") == 0) {
			rc |= do_sglang(id, cfg, cond, meas);
		} else if (strcmp(kind, "llamacpp") == 0) {
			char gguf[1024];
			if (find_gguf(model, cond, gguf, sizeof gguf))
				rc |= do_llamacpp_gguf(id, gguf, cond, meas);
			else
				rc |= do_llamacpp(id, cfg, cond, meas);
		} else if (strcmp(kind, "ollama") == 0) {
			rc |= do_ollama(id, cfg, cond, meas);
		} else if (strcmp(kind, "gguf_file") == 0) {
			rc |= do_gguf_file(id, cfg, cond, meas);
		} else if (strcmp(kind, "hf") == 0) {
			rc |= do_hf(id, cfg, cond, meas);
		} else if (strcmp(kind, "unsloth") == 0) {
			rc |= do_unsloth(id, cfg, cond, meas);
		} else if (strcmp(kind, "litgpt") == 0) {
			rc |= do_litgpt(id, cfg, cond, meas);
		} else {
			printf("%-44s skipped: kind %s (training / pipeline measurements) is not estimated yet\n", id, kind);
			skipped++;
		}
		if (base)
			printf("%-44s (used the base model's config: same architecture)\n", id);
		if (sized_as)
			printf("%-44s (sized with %s's config: %s)\n", id, sized_as,
			       json_string_value(json_object_get(cond, "gpusizer_config_why")));
		json_decref(r);
	}
	fclose(f);
	if (bands) {
		fclose(stdout);
		stdout = real_stdout;
		print_bands();
		return rc || records == skipped;
	}
	printf("records answered: %d, skipped: %d\n", records - skipped, skipped);
	printf("held out (rule: the first byte of SHA-256(id) below 51, about 20 %%):");
	for (size_t i = 0; i < n_heads; i++)
		if (heads[i].held_out && (i == 0 || strcmp(heads[i - 1].id, heads[i].id)))
			printf(" %s", heads[i].id);
	printf("\n");
	accuracy_table();
	return rc || records == skipped;
}
