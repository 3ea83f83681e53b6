/*
 * estimate_ollama.c — Ollama as a runtime (docs/method.md §14b).
 *
 * Ollama starts llama.cpp with options it chooses itself:
 *  - num_ctx per request (its default by release) and OLLAMA_NUM_PARALLEL,
 *    which, when 0, it picks by trying a larger value and then 1 against its
 *    own estimate; llama.cpp gets n_ctx = num_ctx x parallel;
 *  - how many layers go to the GPUs, from its own estimate
 *    (llm/memory.go EstimateGPULayers): a minimum of 457 MiB per CUDA GPU,
 *    one extra block as a buffer, every block with its KV, the output layer,
 *    and a graph reserve from per-architecture formulas (GraphSize);
 *  - flash attention and OLLAMA_KV_CACHE_TYPE only when both are on.
 * This file recomputes Ollama's estimate from the same inputs (so its log
 * line can be checked before the run), takes its decisions, and then sizes
 * the buffers llama.cpp really allocates with those options
 * (estimate_llamacpp.c). Ollama's estimate and llama.cpp's buffers differ;
 * both are shown.
 */
#include <stdio.h>
#include <string.h>
#include <jansson.h>
#include "engine/engine.h"
#include "engine/engine_release.h"
#include "engine/estimate_items.h"
#include "engine/gguf_plan.h"

#define METHOD "docs/method.md "
#define OLLAMA_CUDA_MINIMUM (457 * GS_MiB) /* discover/gpu.go cudaMinimumMemory */
#define NO_GPU_LIMIT ((gs_bytes)1 << 60)  /* no capacity given: every layer fits */

/* The facts Ollama's estimate reads from the GGUF. */
typedef struct facts {
	const char *arch;           /* GGUF general.architecture                  */
	uint64_t L, e, heads, hkv, eh, ehk, ehv, vocab, ff;
	const uint64_t *blk;        /* bytes of each block's tensors              */
	gs_bytes out_layer;         /* output_norm + output (token_embd when tied) */
	gs_bytes gate_exps0;        /* blk.0.ffn_gate_exps.weight                  */
} facts;

static uint64_t max2(uint64_t a, uint64_t b) { return a > b ? a : b; }

/* OLLAMA_KV_CACHE_TYPE's bytes per element, as Ollama counts them
 * (kvCacheBytesPerElement: q8_0 1, q4_0 0.5, else 2), in halves. */
static uint64_t kv_halves(const char *type)
{
	return !strcmp(type, "q8_0") ? 2 : !strcmp(type, "q4_0") ? 1 : 4;
}

/* GraphSize: KV per block and the graph reserves, for `ctx` cells
 * (num_ctx x parallel) and a batch of `b` tokens. Integer arithmetic
 * exactly as Ollama's Go code, left to right. */
static void graph_size(const facts *f, uint64_t c, uint64_t b, const char *kvt, uint64_t *kv_layer,
                       gs_bytes *partial, gs_bytes *full, bool *by_rule)
{
	uint64_t e = f->e, h = f->heads, hkv = f->hkv, V = f->vocab, eh = f->eh;
	*kv_layer = c * (f->ehk + f->ehv) * hkv * kv_halves(kvt) / 2;
	*partial = *full = 0;
	*by_rule = false;
	if (!strcmp(f->arch, "llama")) {
		*full = max2(4 * b * (1 + 4 * e + c * (1 + h)), 4 * b * (e + V));
		*partial = 4 * b * e +
		           max2(4 * b * (1 + e + max2(c, e)) + e * e * 9 / 16 + 4 * c * (b * h + eh * hkv),
		                4 * b * (e + V) + e * V * 105 / 128);
		if (f->gate_exps0) /* mixtral with stacked experts */
			*partial = max2(3 * f->gate_exps0 + 4 * b * (2 * f->ff + hkv + e + c + eh * hkv),
			                4 * (c * b * h + c * eh * hkv + b * 1024 + eh * hkv * b));
	} else if (!strcmp(f->arch, "gemma") || !strcmp(f->arch, "gemma2")) {
		*full = max2(4 * b * (e + V), 4 * b * (2 + c + c * h + 2 * e + 2 * f->ehk * h));
		*partial = max2(4 * e * b + e * V * 105 / 128 + 4 * V * b,
		                4 * b * (2 * e + 1 + 2 * f->ehk * h + c + c * h) + 4 * f->ehk * c * 8 +
		                    e * f->ehk * h * 9 / 16);
	} else if (!strcmp(f->arch, "qwen2")) {
		*full = max2(4 * b * (e + V), 4 * b * (1 + 2 * e + c + c * h));
		*partial = max2(4 * b * (e + V) + e * V * 105 / 128,
		                4 * (b * (1 + 2 * e + c * (1 + h)) + e * (1 + c)));
	}
	if (*partial == 0) { /* no case for the architecture: GQA x KV / 6 */
		*partial = h / (hkv ? hkv : 1) * (*kv_layer * f->L) / 6;
		*by_rule = true;
	}
	if (*full == 0)
		*full = *partial;
}

/* EstimateGPULayers for `ngpu` GPUs with `free` bytes each, n_ctx cells,
 * num_gpu layers requested (-1: as many as fit). */
static void estimate_layers(const gsi_ollama_release *r, const facts *f, uint64_t c, uint64_t num_batch,
                            const char *kvt, int64_t num_gpu, uint64_t ngpu, gs_bytes free, gs_bytes overhead,
                            gs_ollama_fit *o)
{
	uint64_t kvl;
	gs_bytes gp, gf;
	graph_size(f, c, c < num_batch ? c : num_batch, kvt, &kvl, &gp, &gf, &o->graph_by_rule);
	/* 0.5.4 divides the total KV by the blocks; later releases keep it per block */
	uint64_t kv_total = kvl * f->L,
		 kv_each = r->weights_log == GSI_OLLAMA_LOG_KV_IN ? kv_total / f->L : kvl;
	if (ngpu > 1)
		gf = gp; /* multi-GPU always reserves the partial graph */
	gs_bytes graph = max2(gp, gf), layer = f->blk[0] + kv_each;
	gs_bytes alloc[GS_MAX_STAGES] = {0}, overflow = 0, weights = 0;
	uint64_t counts[GS_MAX_STAGES] = {0}, with_space[GS_MAX_STAGES], nspace = 0, placed = 0;
	for (uint64_t i = 0; i < ngpu; i++) {
		if (free < overhead + graph + OLLAMA_CUDA_MINIMUM + 2 * layer)
			continue;
		with_space[nspace++] = i;
		alloc[i] += OLLAMA_CUDA_MINIMUM + layer; /* one block as a buffer */
	}
	for (uint64_t k = 0; k < f->L; k++) {
		uint64_t i = r->layers_from_last ? f->L - 1 - k : k;
		layer = f->blk[i] + kv_each;
		weights += r->weights_log == GSI_OLLAMA_LOG_KV_IN ? layer : f->blk[i];
		if (num_gpu >= 0 && placed >= (uint64_t)num_gpu) {
			if (r->layers_from_last)
				overflow += layer;
			continue;
		}
		for (uint64_t j = nspace; j > 0; j--) {
			uint64_t g = with_space[i % j];
			if (free > overhead + alloc[g] + graph + layer) {
				alloc[g] += layer;
				counts[g]++;
				placed++;
				break;
			}
			memmove(&with_space[i % j], &with_space[i % j + 1],
			        (nspace - i % j - 1) * sizeof with_space[0]);
			nspace--;
		}
		if (r->layers_from_last && nspace == 0)
			overflow += layer;
	}
	bool full = placed >= f->L;
	if (!full && !r->layers_from_last)
		overflow += (f->L - placed) * layer; /* the last block's size, as Ollama adds it */
	if (f->out_layer && (num_gpu < 0 || placed < (uint64_t)num_gpu))
		for (uint64_t j = nspace; j > 0; j--) {
			uint64_t g = with_space[placed % j];
			if (free > overhead + alloc[g] + graph + f->out_layer) {
				alloc[g] += f->out_layer;
				counts[g]++;
				placed++;
				break;
			}
		}
	if (f->out_layer && placed < f->L + 1) {
		full = false;
		overflow += f->out_layer;
	}
	gs_bytes vram = 0;
	for (uint64_t i = 0; i < ngpu; i++) {
		if (counts[i])
			alloc[i] += full ? gf : gp;
		vram += alloc[i];
		o->allocations[i] = alloc[i];
		o->layer_split[i] = counts[i];
	}
	o->layers_model = f->L + 1;
	o->layers_offload = placed;
	o->full_offload = placed >= f->L + 1;
	o->required_partial = placed ? vram : 0;
	o->required_full = vram + overflow;
	o->kv = kv_total;
	o->graph_full = gf;
	o->graph_partial = gp;
	switch (r->weights_log) {
	case GSI_OLLAMA_LOG_KV_IN:
	case GSI_OLLAMA_LOG_BLOCKS:
		o->weights_total = weights;
		o->weights_repeating = weights - f->out_layer;
		break;
	case GSI_OLLAMA_LOG_SPLIT:
		o->weights_total = weights + f->out_layer;
		o->weights_repeating = weights;
		break;
	}
	o->weights_nonrepeating = f->out_layer;
}

/* The scheduler (server/sched.go pickBestFullFitByLibrary): each parallel
 * value to try, first on one GPU, then on all; none fits: parallel 1 on
 * all GPUs, partly offloaded. */
static void schedule(const gsi_ollama_release *r, const facts *f, const gs_estimate *e, uint64_t num_ctx,
                     const uint64_t *tries, size_t ntries, int64_t num_gpu, gs_ollama_fit *o)
{
	gs_ollama_fit t;
	for (int all = 0; all < 2; all++) {
		uint64_t ngpu = all ? e->gpus : 1;
		if (all && e->gpus == 1)
			break;
		for (size_t k = 0; k < ntries; k++) {
			memset(&t, 0, sizeof t);
			estimate_layers(r, f, num_ctx * tries[k], o->num_batch, o->kv_cache_type, num_gpu,
			                ngpu, o->gpu_free, o->gpu_overhead, &t);
			bool fits = num_gpu < 0 ? t.layers_offload >= f->L + 1
			                        : t.layers_offload >= (uint64_t)num_gpu;
			if (t.layers_offload > 0 && fits) {
				o->parallel = tries[k];
				o->gpus_used = ngpu;
				return;
			}
		}
	}
	o->parallel = ntries > 1 ? 1 : tries[0];
	o->gpus_used = e->gpus;
}

static gs_status kv_setting(gs_estimate *e, gs_ollama_fit *o, gs_error *err)
{
	const gs_workload *w = &e->workload;
	snprintf(o->kv_cache_type, sizeof o->kv_cache_type, "f16");
	if (!gs_wl_set(w, GS_F_KV_FORMAT))
		return gs_kv_format_parse("fp16", "kv_format", &e->kv_format, err);
	/* the engine row's kv_formats refused anything but OLLAMA_KV_CACHE_TYPE's
	 * f16, q8_0 and q4_0 (estimate.c) */
	const char *t = gs_wl_str(w, GS_F_KV_FORMAT);
	if (!strcmp(t, "f16") || !strcmp(t, "fp16"))
		return gs_kv_format_parse("fp16", "kv_format", &e->kv_format, err);
	if (!o->flash_attention) {
		snprintf(o->settings_note, sizeof o->settings_note,
		         "OLLAMA_KV_CACHE_TYPE=%.8s is ignored without flash "
		         "attention (Ollama warns and keeps f16): add --attention flash",
		         t);
		return gs_kv_format_parse("fp16", "kv_format", &e->kv_format, err);
	}
	snprintf(o->kv_cache_type, sizeof o->kv_cache_type, "%.7s", t);
	return gs_kv_format_parse(t, "kv_format", &e->kv_format, err);
}

static void read_facts(const gs_estimate *e, facts *f)
{
	const gs_model *m = &e->model;
	const gs_inventory_summary *s = &m->inv;
	memset(f, 0, sizeof *f);
	f->arch = gsi_gguf_arch(m);
	f->L = m->layers;
	f->e = m->hidden;
	f->heads = m->heads;
	f->hkv = m->kv_heads;
	f->eh = m->heads ? m->hidden / m->heads : 0;
	f->ehk = m->head_dim;
	f->ehv = m->v_head_dim;
	f->vocab = m->vocab;
	f->ff = m->intermediate;
	f->blk = s->layer_bytes;
	/* output_norm + output, or the tied token_embd in its place (not
	 * Gemma 3n's per-layer embeddings, an input too) */
	f->out_layer = s->output_bytes + (s->head_bytes ? 0 : s->input_bytes - s->ple_bytes);
	f->gate_exps0 = s->gate_exps0_bytes;
}

/* Which release, and whether it runs this architecture on llama.cpp. */
static gs_status release_and_arch(gs_estimate *e, const gsi_ollama_release **r, const char *arch, bool *own,
                                  gs_error *err)
{
	const gs_workload *w = &e->workload;
	gs_status s = gsi_ollama_release_for(e, r, err);
	if (s)
		return s;
	const char *where = gs_wl_set(w, GS_F_RUNTIME_VERSION) ? w->v[GS_F_RUNTIME_VERSION].where : "model";
	switch (gsi_ollama_runner_of(*r, arch)) {
	case GSI_OLLAMA_RUNS_LLAMACPP:
		return GS_OK;
	case GSI_OLLAMA_RUNS_OWN_ENGINE:
		if ((*r)->layout != GSI_OLLAMA_MEMORY_GO) { /* from 0.12.11 its layout sizes both */
			*own = true;
			return GS_OK;
		}
		return gs_error_set(err, GS_EUNSUPPORTED, where,
		                    "Ollama %s runs %s on its own engine, not on llama.cpp; "
		                    "gpusizer models Ollama's llama.cpp runner only (architectures %s): use "
		                    "--runtime "
		                    "llamacpp for llama.cpp's own figures",
		                    (*r)->rel.version, arch, (*r)->llama_archs);
	case GSI_OLLAMA_RUNS_NONE:
		break;
	}
	if ((*r)->llama_archs)
		return gs_error_set(err, GS_EUNSUPPORTED, where,
		                    "Ollama %s's llama.cpp does not know architecture %s; "
		                    "it runs %s",
		                    (*r)->rel.version, arch, (*r)->llama_archs);
	/* from 0.12.11 a row names the llama.cpp build it vendors, not a list */
	const char *pr;
	uint32_t since = gsi_llamacpp_arch_since(arch, &pr);
	if (since == UINT32_MAX)
		return gs_error_set(err, GS_EUNSUPPORTED, where,
		                    "Ollama %s's llama.cpp (%s) does not know architecture %s",
		                    (*r)->rel.version, (*r)->llamacpp_build, arch);
	return gs_error_set(err, GS_EUNSUPPORTED, where,
	                    "Ollama %s's llama.cpp (%s) does not know architecture %s, which llama.cpp "
	                    "added in b%u (PR %s)",
	                    (*r)->rel.version, (*r)->llamacpp_build, arch, since, pr);
}

/* num_ctx, parallel, batch and flash attention as Ollama settles them. */
static gs_status settings(gs_estimate *e, const gsi_ollama_release *r, gs_ollama_fit *o, gs_error *err)
{
	const gs_workload *w = &e->workload;
	const gs_model *m = &e->model;
	/* llama.cpp's own options (tensor_split, split_mode, n_ubatch, ...) were
	 * refused with the workload: their field rows are not read by ollama */
	o->num_ctx = e->length ? e->length : r->num_ctx;
	snprintf(o->num_ctx_why, sizeof o->num_ctx_why,
	         e->length ? "the sheet's length" : "Ollama %s's default", r->rel.version);
	if (o->num_ctx < 4) { /* server/sched.go: NumCtx below 4 becomes 4 */
		o->num_ctx = 4;
		snprintf(o->num_ctx_why, sizeof o->num_ctx_why, "raised to 4, Ollama's minimum");
	}
	o->num_batch = gs_wl_u64(w, GS_F_NUM_BATCH);
	/* flash attention: OLLAMA_FLASH_ATTENTION=1 and the model's K and V
	 * heads of one size (SupportsFlashAttention) */
	if (e->attention == GS_ATTN_IMPL_FLASH) {
		if (m->head_dim && m->head_dim == m->v_head_dim)
			o->flash_attention = true;
		else
			snprintf(o->settings_note, sizeof o->settings_note,
			         "flash attention asked for, but Ollama refuses it "
			         "for this model (K head %u, V head %u) and runs without",
			         m->head_dim, m->v_head_dim);
	}
	e->attention = o->flash_attention ? GS_ATTN_IMPL_FLASH : GS_ATTN_IMPL_SDPA;
	gs_status s = kv_setting(e, o, err);
	if (s)
		return s;
	e->kv_format_v = e->kv_format;
	o->gpu_overhead = gs_wl_set(w, GS_F_GPU_OVERHEAD) ? gs_wl_u64(w, GS_F_GPU_OVERHEAD) : 0;
	o->minimum_memory = OLLAMA_CUDA_MINIMUM;
	if (gs_wl_set(w, GS_F_GPU_FREE)) {
		o->gpu_free = gs_wl_u64(w, GS_F_GPU_FREE);
		o->gpu_free_known = true;
		snprintf(o->gpu_free_how, sizeof o->gpu_free_how, "gpu_free %.40s (%.80s)",
		         gs_wl_str(w, GS_F_GPU_FREE), w->v[GS_F_GPU_FREE].where);
	} else if (e->has_capacity) {
		gs_bytes ctx = gsi_llamacpp_context(w);
		o->gpu_free = e->cuda_total > ctx ? e->cuda_total - ctx : 0;
		o->gpu_free_known = true;
		snprintf(o->gpu_free_how, sizeof o->gpu_free_how,
		         "CUDA total less the runtime context (%llu MiB); give "
		         "gpu_free from Ollama's \"available\" for its exact figure",
		         (unsigned long long)(ctx / GS_MiB));
	} else {
		o->gpu_free = NO_GPU_LIMIT;
		snprintf(o->gpu_free_how, sizeof o->gpu_free_how, "no GPU given: every layer assumed to fit");
		gsi_unknown(e, "Ollama: no --gpu or --capacity, so its layer fit and automatic parallel "
		               "could not be run; "
		               "every layer is assumed offloaded");
	}
	return GS_OK;
}

static void items_note(gs_estimate *e, const gs_ollama_fit *o)
{
	if (!o->full_offload)
		gsi_unknown(e,
		            "Ollama offloads %llu of %llu layers: the rest, with its KV, runs on the CPU "
		            "(slow); the "
		            "GPU figures cover the offloaded part only",
		            (unsigned long long)o->layers_offload, (unsigned long long)o->layers_model);
	if (o->graph_by_rule)
		gsi_unknown(e,
		            "Ollama has no graph formula for this architecture and reserves GQA x KV / 6 = "
		            "%llu B; "
		            "llama.cpp's compute buffer is sized separately below",
		            (unsigned long long)o->graph_partial);
	if (o->settings_note[0])
		gsi_unknown(e, "Ollama: %s", o->settings_note);
}

/* --- 0.12.11 to 0.24: createLayout (llm/server.go) --------------------------------- */

/* greedyFit: from the last layer down, the last GPU first, spilling to the
 * previous one; at most `want` layers when want >= 0. Layers per GPU in
 * count[]; returns how many were placed. */
static uint64_t greedy_fit(const gs_bytes *size, uint64_t n, const gs_bytes *space0, uint64_t k, double c,
                           int64_t want, uint64_t *count)
{
	for (uint64_t g = 0; g < k; g++)
		count[g] = 0;
	int64_t dev = (int64_t)k - 1;
	double space = (double)space0[dev] * c;
	uint64_t placed = 0;
	for (uint64_t i = n; i-- > 0;) {
		if (want >= 0 && placed >= (uint64_t)want)
			break;
		for (;;) {
			if ((double)size[i] <= space) {
				count[dev]++;
				space -= (double)size[i];
				placed++;
				break;
			}
			if (--dev < 0)
				return placed;
			space = (double)space0[dev] * c;
		}
	}
	return placed;
}

/* findBestFit: the smallest capacity factor that still places as many
 * layers as the whole capacity does, so that the GPUs share them evenly. */
static uint64_t best_fit(const gs_bytes *size, uint64_t n, const gs_bytes *space, uint64_t k, int64_t want,
                         bool force, uint64_t *count)
{
	double lo = 0, hi = want >= 0 && force ? 1000 : 1;
	uint64_t tmp[GS_MAX_STAGES];
	uint64_t best = greedy_fit(size, n, space, k, hi, want, count);
	while (hi - lo > 1e-6) {
		double mid = (lo + hi) / 2;
		if (greedy_fit(size, n, space, k, mid, want, tmp) == best) {
			hi = mid;
			memcpy(count, tmp, k * sizeof tmp[0]);
		} else {
			lo = mid;
		}
	}
	return best;
}

/* assignLayers: the fewest GPUs that take every layer (output included);
 * if none does, once more without the output layer. Returns the layers
 * placed and whether the output is among them. */
static uint64_t assign_layers(const gs_bytes *size, uint64_t n, const gs_bytes *space, uint64_t ngpu,
                              int64_t want, uint64_t *count, bool *with_output)
{
	uint64_t placed = 0;
	for (int pass = 0; pass < 2 && n; pass++, n--) {
		for (uint64_t k = 1; k <= ngpu; k++) {
			placed = best_fit(size, n, space, k, want, k == ngpu, count);
			for (uint64_t g = k; g < ngpu; g++)
				count[g] = 0;
			if (placed == n || (want >= 0 && placed == (uint64_t)want))
				break;
		}
		if (placed == n) {
			*with_output = pass == 0;
			return placed;
		}
	}
	*with_output = false;
	return placed;
}

/* Ollama's own engine's cache cells (kvcache/causal.go Init): a full layer
 * parallel x num_ctx padded (256 with flash attention or from 0.13.2, else
 * 32); a sliding layer parallel x its window (+1 with several sequences; 4096
 * for gpt-oss and gemma4, NewSWAMemCache) + num_batch, padded, or the full
 * size when the window holds num_ctx. */
static void engine_cells(const gs_estimate *e, const gsi_ollama_release *r, const gs_ollama_fit *o,
                         uint64_t *full, uint64_t *swa)
{
	const gs_model *m = &e->model;
	uint64_t pad = o->flash_attention || r->engine_pad_256 ? 256 : 32, p = o->parallel;
	*full = (p * o->num_ctx + pad - 1) / pad * pad;
	*swa = 0;
	if (!m->sliding_window)
		return;
	bool mem4096 = !strcmp(m->model_type, "gpt_oss") || !strncmp(m->model_type, "gemma4", 6) ||
	               !strcmp(m->model_type, "gguf:gpt-oss");
	uint64_t memory = mem4096 ? 4096 : m->sliding_window + (p > 1);
	if (memory >= o->num_ctx)
		return;
	uint64_t c = p * memory + o->num_batch;
	*swa = (c + pad - 1) / pad * pad;
	if (*swa > *full)
		*swa = *full;
}

static gs_bytes row_bytes(const gs_format *f, uint64_t elems)
{
	gs_ratio bpw = gs_format_bpw(f);
	return (elems * bpw.num + bpw.den * 8 - 1) / (bpw.den * 8);
}

/* Layer l's K and V row where the layers' K/V shapes differ (Gemma 4's
 * full-attention layers: kvcache/causal.go allocates each layer's cache
 * from the K and V its first Put stores); `row` otherwise. */
static gs_bytes layer_row(const gs_estimate *e, uint64_t l, gs_bytes row)
{
	const gs_model *m = &e->model;
	if (l >= GS_MAX_LAYERS || !gs_model_mixed_kv_shapes(m))
		return row;
	uint64_t kv = gs_model_layer_kv_heads(m, (uint32_t)l);
	return row_bytes(&e->kv_format, kv * gs_model_layer_head_dim(m, (uint32_t)l)) +
	       row_bytes(&e->kv_format_v, kv * gs_model_layer_v_head_dim(m, (uint32_t)l));
}

/* Each layer's weights and cache as createLayout reads them: the runner's
 * own figures for Ollama's engine (its cache cells, llama.cpp's f32 state
 * for recurrent layers), GraphSize's for the llama.cpp runner; the last
 * entry is the output layer. */
static void layer_sizes(const gs_estimate *e, const gsi_ollama_release *r, const gs_ollama_fit *o,
                        const facts *f, bool own, uint64_t kvl, gs_bytes *size, gs_bytes *cache0)
{
	const gs_model *m = &e->model;
	uint64_t full = 0, swa = 0;
	if (own)
		engine_cells(e, r, o, &full, &swa);
	uint64_t k = (uint64_t)m->kv_heads * m->head_dim, v = (uint64_t)m->kv_heads * m->v_head_dim;
	gs_bytes row = row_bytes(&e->kv_format, k) + row_bytes(&e->kv_format_v, v);
	uint64_t K = m->ssm_conv ? m->ssm_conv - 1 : 0;
	gs_bytes state = ((uint64_t)K * (m->ssm_inner + 2ull * m->ssm_groups * m->ssm_state) +
	                  (uint64_t)m->ssm_state * m->ssm_inner) * 4;
	for (uint64_t l = 0; l < f->L; l++) {
		bool recurrent = l < GS_MAX_LAYERS && m->layer_is_ssm[l];
		gs_bytes c;
		if (recurrent)
			c = own ? state * o->parallel : state;
		else if (own && l < GS_MAX_LAYERS && m->layer_shares_kv[l]) /* SetLayer of an earlier layer */
			c = 0;
		else if (own)
			c = gs_mul_sat(swa && m->layer_is_sliding[l] ? swa : full, layer_row(e, l, row));
		else
			c = kvl;
		if (l == 0)
			*cache0 = c;
		size[l] = f->blk[l] + c;
	}
	size[f->L] = f->out_layer;
}

/* The run createLayout settles on: layers per GPU (and whether the output is
 * on one), each GPU's graph, and Ollama's own figures in o. */
static void create_layout(gs_estimate *e, const gsi_ollama_release *r, const facts *f, bool own,
                          gs_ollama_fit *o, int64_t num_gpu, gs_bytes partial, gs_bytes fullg, uint64_t kvl)
{
	gs_bytes size[GS_MAX_LAYERS + 1], cache0 = 0, space[GS_MAX_STAGES], graph[GS_MAX_STAGES] = {0};
	uint64_t n = f->L + 1, ngpu = e->gpus < GS_MAX_STAGES ? e->gpus : GS_MAX_STAGES;
	uint64_t count[GS_MAX_STAGES] = {0};
	layer_sizes(e, r, o, f, own, kvl, size, &cache0);
	/* the llama.cpp runner keeps one block's size aside on every GPU (blk.0 + its KV) */
	gs_bytes buffer = own ? 0 : f->blk[0] + cache0;
	gs_bytes gmax = partial > fullg ? partial : fullg;
	uint64_t used_before = 0, placed = 0;
	bool with_output = false;
	for (int round = 0; round < 8; round++) {
		for (uint64_t g = 0; g < ngpu; g++) {
			gs_bytes reserve = OLLAMA_CUDA_MINIMUM + o->gpu_overhead + graph[g] + buffer;
			space[g] = o->gpu_free > reserve ? o->gpu_free - reserve : 0;
		}
		placed = assign_layers(size, n, space, ngpu, num_gpu, count, &with_output);
		uint64_t used = 0;
		for (uint64_t g = 0; g < ngpu; g++)
			used += count[g] > 0;
		if (used <= used_before)
			break;
		used_before = used;
		for (uint64_t g = 0; g < ngpu; g++)
			graph[g] = count[g] ? gmax : 0;
	}
	bool full = placed == n;
	gs_bytes total = 0;
	o->gpus_used = 0;
	uint64_t top = n - (with_output ? 0 : 1); /* the GPUs hold layers [top - placed, top) */
	uint64_t next = top - placed;
	o->cpu_weights = o->cpu_cache = 0;
	for (uint64_t l = 0; l < next; l++) {
		o->cpu_weights += l < f->L ? f->blk[l] : 0;
		o->cpu_cache += l < f->L ? size[l] - f->blk[l] : 0;
	}
	if (!with_output)
		o->cpu_weights += f->out_layer;
	if (own) /* its runner reports token_embd as the CPU's input weights */
		o->cpu_weights += e->model.inv.input_bytes - e->model.inv.ple_bytes;
	for (uint64_t g = 0; g < ngpu; g++) {
		o->layer_split[g] = count[g];
		o->dev_weights[g] = o->dev_cache[g] = 0;
		for (uint64_t i = 0; i < count[g]; i++, next++) {
			gs_bytes w = next < f->L ? f->blk[next] : f->out_layer;
			o->dev_weights[g] += w;
			o->dev_cache[g] += size[next] - w;
		}
		o->dev_graph[g] = count[g] ? (own ? graph[g] : full ? fullg : partial) : 0;
		o->allocations[g] = o->dev_weights[g] + o->dev_cache[g] + o->dev_graph[g];
		total += o->allocations[g];
		o->gpus_used += count[g] > 0;
	}
	o->total_memory = total + o->cpu_weights + o->cpu_cache;
	o->layers_model = n;
	o->layers_offload = placed;
	o->full_offload = full;
	o->required_full = 0;
	for (uint64_t l = 0; l < n; l++)
		o->required_full += size[l];
	o->required_full += gmax;
	o->required_partial = total;
	o->graph_full = fullg;
	o->graph_partial = partial;
	o->layout_lines = true;
	o->own_engine = own;
}

/* num_ctx, parallel, batch, flash attention and the cache type as Ollama
 * 0.12.11 on settles them (server/routes.go, server/sched.go,
 * llm/server.go NewLlamaServer; docs/method.md §14b). */
static gs_status settings_new(gs_estimate *e, const gsi_ollama_release *r, const char *arch, bool own,
                              gs_ollama_fit *o, gs_error *err)
{
	const gs_workload *w = &e->workload;
	const gs_model *m = &e->model;
	o->gpu_overhead = gs_wl_set(w, GS_F_GPU_OVERHEAD) ? gs_wl_u64(w, GS_F_GPU_OVERHEAD) : 0;
	o->minimum_memory = OLLAMA_CUDA_MINIMUM;
	gs_bytes vram = 0; /* the sum over the GPUs of their total less OLLAMA_GPU_OVERHEAD */
	if (e->has_capacity)
		vram = gs_mul_sat(e->capacity > o->gpu_overhead ? e->capacity - o->gpu_overhead : 0, e->gpus);
	if (e->length) {
		o->num_ctx = e->length;
		snprintf(o->num_ctx_why, sizeof o->num_ctx_why, "the sheet's length");
	} else if (r->ctx_tiers) {
		o->num_ctx = vram >= 47 * GS_GiB ? 262144 : vram >= 23 * GS_GiB ? 32768 : 4096;
		snprintf(o->num_ctx_why, sizeof o->num_ctx_why,
		         "Ollama %s's vram-based default for %s in all",
		         r->rel.version, e->has_capacity ? "the GPUs' memory" : "no GPU given (4096)");
	} else {
		o->num_ctx = r->num_ctx;
		snprintf(o->num_ctx_why, sizeof o->num_ctx_why, "Ollama %s's default", r->rel.version);
		if (gsi_in_words(r->ctx8192_archs, arch) && (!e->has_capacity || vram >= 20 * GS_GiB)) {
			o->num_ctx = 8192;
			snprintf(o->num_ctx_why, sizeof o->num_ctx_why,
			         "Ollama %s's default for %s (20 GiB of GPU memory or more)",
			         r->rel.version, arch);
		}
	}
	if (r->cap_ctx_at_train && m->max_position && o->num_ctx > m->max_position) {
		o->num_ctx = m->max_position;
		snprintf(o->num_ctx_why, sizeof o->num_ctx_why, "capped at the model's trained context");
	}
	if (gsi_in_words(r->parallel1_archs, arch)) {
		o->parallel = 1;
		snprintf(o->parallel_why, sizeof o->parallel_why,
		         "forced to 1 for %s (server/sched.go)", arch);
	} else if (gs_wl_given(w, GS_F_CONCURRENCY)) {
		o->parallel = e->concurrency;
		snprintf(o->parallel_why, sizeof o->parallel_why,
		         "OLLAMA_NUM_PARALLEL = the sheet's concurrency");
	} else {
		o->parallel = 1;
		snprintf(o->parallel_why, sizeof o->parallel_why, "OLLAMA_NUM_PARALLEL's default, 1");
	}
	o->num_batch = gs_wl_u64(w, GS_F_NUM_BATCH);
	if (r->auto_batch && !gs_wl_given(w, GS_F_NUM_BATCH))
		o->num_batch = o->num_ctx > 32768 ? 2048 : o->num_ctx > 4096 ? 1024 : 512;
	if (o->num_batch > o->num_ctx)
		o->num_batch = o->num_ctx;
	/* flash attention: OLLAMA_FLASH_ATTENTION when set, else the model's
	 * default (its list) or llama.cpp's auto; never for K and V heads of two
	 * sizes or gemma2 (SupportsFlashAttention) */
	bool model_ok = m->head_dim == m->v_head_dim && strcmp(arch, "gemma2") != 0;
	bool env = w->v[GS_F_ATTENTION].from != GS_FROM_DEFAULT && gs_wl_attention(w) != GS_ATTN_IMPL_AUTO;
	bool auto_fa = false;
	if (env)
		o->flash_attention = gs_wl_attention(w) == GS_ATTN_IMPL_FLASH && model_ok;
	else if (own || !r->llama_fa_auto)
		o->flash_attention = gsi_in_words(r->fa_archs, arch) && model_ok;
	else
		o->flash_attention = auto_fa = true;
	if (r->layout == GSI_OLLAMA_LLAMA_SERVER && !env)
		o->flash_attention = auto_fa = true;
	e->attention = o->flash_attention ? GS_ATTN_IMPL_FLASH : GS_ATTN_IMPL_SDPA;
	snprintf(o->kv_cache_type, sizeof o->kv_cache_type, "f16");
	if (gs_wl_set(w, GS_F_KV_FORMAT) && strcmp(gs_wl_str(w, GS_F_KV_FORMAT), "fp16") &&
	    strcmp(gs_wl_str(w, GS_F_KV_FORMAT), "f16")) {
		const char *t = gs_wl_str(w, GS_F_KV_FORMAT);
		bool taken = r->layout == GSI_OLLAMA_LLAMA_SERVER ? o->flash_attention
		                                                  : o->flash_attention && (own || !auto_fa);
		if (taken)
			snprintf(o->kv_cache_type, sizeof o->kv_cache_type, "%.7s", t);
		else
			snprintf(o->settings_note, sizeof o->settings_note,
			         "OLLAMA_KV_CACHE_TYPE=%.8s is ignored %s: the cache stays f16", t,
			         auto_fa ? "unless OLLAMA_FLASH_ATTENTION=1 is set (auto is not enough)"
			                 : "without flash attention");
	}
	gs_status s = gs_kv_format_parse(!strcmp(o->kv_cache_type, "f16") ? "fp16" : o->kv_cache_type,
	                                 "kv_format", &e->kv_format, err);
	if (s)
		return s;
	e->kv_format_v = e->kv_format;
	if (gs_wl_set(w, GS_F_GPU_FREE)) {
		o->gpu_free = gs_wl_u64(w, GS_F_GPU_FREE);
		o->gpu_free_known = true;
		snprintf(o->gpu_free_how, sizeof o->gpu_free_how,
		         "gpu_free %.40s", gs_wl_str(w, GS_F_GPU_FREE));
	} else if (e->has_capacity) {
		gs_bytes ctx = gsi_llamacpp_context(w);
		o->gpu_free = e->cuda_total > ctx ? e->cuda_total - ctx : 0;
		o->gpu_free_known = true;
		snprintf(o->gpu_free_how, sizeof o->gpu_free_how, "CUDA total less the runtime context (%llu "
		         "MiB); give gpu_free from Ollama's \"gpu memory\" line for its exact figure",
		         (unsigned long long)(ctx / GS_MiB));
	} else {
		o->gpu_free = NO_GPU_LIMIT;
		snprintf(o->gpu_free_how, sizeof o->gpu_free_how, "no GPU given: every layer assumed to fit");
	}
	return GS_OK;
}

/* Ollama 0.12.11 to 0.24: its layout, then the buffers its runner holds. */
static gs_status estimate_layout(gs_estimate *e, uint32_t dev, const gsi_ollama_release *r,
                                 const facts *file_facts, bool own, gs_error *err)
{
	const gs_workload *w = &e->workload;
	gs_ollama_fit *o = &e->ollama;
	/* Ollama's own engine loads a vision model's tower and projector from
	 * the same file and reports them in the output layer (ml/backend/ggml/
	 * ggml.go New: v.*, mm.* and s.* on the output's device, 0.11.5 to
	 * 0.24.0), in F16 as its gemma3 uploads store them (§14b "Ollama tags":
	 * the files' sizes hold the tower at 2 B a parameter) */
	facts ff = *file_facts;
	const facts *f = &ff;
	if (own && e->model.vision_params)
		ff.out_layer = gs_add_sat(ff.out_layer, gs_mul_sat(e->model.vision_params, 2));
	/* Gemma 3n: its engine puts per_layer_token_embd, per_layer_model_proj
	 * and per_layer_proj_norm with the output (ggml.go New, v0.20.7), not on
	 * the host and in block 0 as llama.cpp does (model/models/gemma3n: its
	 * KV layers are the first block_count - attention.shared_kv_layers) */
	const gs_inventory_summary *si = &e->model.inv;
	uint64_t blk[GS_MAX_LAYERS];
	bool ple = own && (si->ple_bytes || si->ple_proj_bytes);
	if (ple) {
		memcpy(blk, file_facts->blk, sizeof blk);
		blk[0] -= si->ple_proj_bytes;
		ff.blk = blk;
	}
	gs_bytes ple_out = ple ? si->ple_bytes + si->ple_proj_bytes : 0;
	ff.out_layer = gs_add_sat(ff.out_layer, ple_out);
	gs_status s = settings_new(e, r, f->arch, own, o, err);
	if (s)
		return s;
	uint64_t kvl = 0;
	gs_bytes partial = 0, full = 0;
	if (own) {
		uint64_t cells = 0, swa = 0;
		engine_cells(e, r, o, &cells, &swa);
		partial = full = gsi_llamacpp_graph(e, cells, o->num_batch, o->flash_attention, o->num_batch,
		                                    true);
		gsi_unknown(e,
		            "Ollama's own engine reserves its compute graph for num_batch %llu tokens as "
		            "ggml sizes it (and the CUDA pool's scratch); sized here with llama.cpp's graph "
		            "rule",
		            (unsigned long long)o->num_batch);
	} else {
		graph_size(f, o->num_ctx * o->parallel, o->num_batch, o->kv_cache_type, &kvl, &partial, &full,
		           &o->graph_by_rule);
	}
	int64_t num_gpu = gs_wl_set(w, GS_F_GPU_LAYERS) ? (int64_t)gs_wl_u64(w, GS_F_GPU_LAYERS) : -1;
	create_layout(e, r, f, own, o, num_gpu, partial, full, kvl);
	e->length = o->num_ctx;
	e->concurrency = o->parallel;
	e->has_ollama = true;
	gsi_llamacpp_run run;
	memset(&run, 0, sizeof run);
	run.build = gsi_llamacpp_build(r->llamacpp_build);
	run.ngl = o->layers_offload;
	run.n_seq = o->parallel;
	run.n_batch = o->num_batch * o->parallel;
	run.n_ubatch = own || r->ubatch_is_batch ? o->num_batch : o->num_batch * o->parallel < 512
	                                                           ? o->num_batch * o->parallel : 512;
	o->n_ubatch = run.n_ubatch;
	run.fa = o->flash_attention;
	run.swa_cache = false; /* the C API's swa_full, which Ollama's runner keeps */
	if (own)
		engine_cells(e, r, o, &run.cells, &run.swa_cells);
	run.has_split = e->gpus > 1;
	for (uint64_t g = 0; g < e->gpus && g < GS_MAX_STAGES; g++)
		run.split[g] = (double)o->layer_split[g];
	run.output_extra = ff.out_layer - file_facts->out_layer - ple_out; /* the vision tower, above */
	run.ple_with_output = ple;
	if ((s = gsi_llamacpp_buffers(e, dev, &run, err)))
		return s;
	items_note(e, o);
	return GS_OK;
}

/* Ollama 0.30 on: llama-server with the options Ollama passes. */
static gs_status estimate_server(gs_estimate *e, uint32_t dev, const gsi_ollama_release *r, const facts *f,
                                 gs_error *err)
{
	gs_ollama_fit *o = &e->ollama;
	gs_status s = settings_new(e, r, f->arch, false, o, err);
	if (s)
		return s;
	const gs_workload *w = &e->workload;
	bool env = w->v[GS_F_ATTENTION].from != GS_FROM_DEFAULT && gs_wl_attention(w) != GS_ATTN_IMPL_AUTO;
	/* num_gpu: -ngl N (0: CPU only) when the user sets it, else none
	 * (llm/llama_server.go startLlamaServer, v0.30.0) */
	int64_t ngl = gs_wl_set(w, GS_F_GPU_LAYERS) ? (int64_t)gs_wl_u64(w, GS_F_GPU_LAYERS) : -1;
	gsi_llamacpp_serve sv = {gsi_llamacpp_build(r->llamacpp_build), o->parallel, o->num_batch,
	                         o->num_batch, env ? o->flash_attention : -1, ngl};
	e->length = o->num_ctx;
	e->concurrency = o->parallel;
	o->n_ubatch = o->num_batch;
	o->llama_server = true;
	e->has_ollama = true;
	if ((s = gsi_llamacpp_served(e, dev, &sv, err)))
		return s;
	o->layers_model = e->llamacpp.layers;
	o->layers_offload = e->llamacpp.gpu_layers;
	o->full_offload = !e->llamacpp.fit_moved;
	o->gpus_used = e->gpus;
	if (o->settings_note[0])
		gsi_unknown(e, "Ollama: %s", o->settings_note);
	if (r->auto_batch && !gs_wl_given(w, GS_F_NUM_BATCH))
		gsi_unknown(e,
		            "Ollama %s sets num_batch %llu for num_ctx %llu and steps it down (2048, 1024, "
		            "512) while its prediction of the model needs more than 60 %% (2048) or 75 %% "
		            "(1024) of the free memory (generationBatchFits): a tight fit runs with a "
		            "smaller compute buffer than sized here",
		            r->rel.version, (unsigned long long)o->num_batch,
		            (unsigned long long)o->num_ctx);
	return GS_OK;
}

gs_status gsi_estimate_ollama(gs_estimate *e, uint32_t dev, gs_error *err)
{
	const gs_workload *w = &e->workload;
	gs_status s = gsi_llamacpp_model(e, err);
	if (s)
		return s;
	facts f;
	read_facts(e, &f);
	const gsi_ollama_release *r;
	bool own = false;
	if ((s = gsi_ollama_release_for(e, &r, err)))
		return s;
	/* Ollama's converter (convert/convert_olmo.go) writes Olmo 3 as its own
	 * arch olmo3 from v0.13.4, which its engine runs (model/models/olmo3),
	 * and as llama.cpp's olmo2 from v0.30.0 (9db4bdba), when every GGUF
	 * runs in llama-server */
	bool olmo3 = !strcmp(e->model.model_type, "olmo3");
	if (olmo3 && r->layout != GSI_OLLAMA_LLAMA_SERVER) {
		f.arch = "olmo3";
		if (gsi_ollama_runner_of(r, f.arch) == GSI_OLLAMA_RUNS_NONE)
			return gs_error_set(err, GS_EUNSUPPORTED, "model",
			                    "Ollama %s neither converts nor runs Olmo 3 (its converter "
			                    "writes arch olmo3, which its engine runs, from 0.13.4): give "
			                    "runtime_version 0.13.4 or later, or size a llama.cpp-made "
			                    ".gguf (arch olmo2) by giving it",
			                    r->rel.version);
	}
	if ((s = release_and_arch(e, &r, f.arch, &own, err)))
		return s;
	if (!f.L || f.L > GS_MAX_LAYERS || !f.heads || !f.hkv)
		return gs_error_set(err, GS_EINPUT, "model",
		                    "Ollama's estimate needs the block count and head counts");
	gs_ollama_fit *o = &e->ollama;
	memset(o, 0, sizeof *o);
	/* GLM's converter writes block_count = layers + MTP blocks (glm.py),
	 * and Ollama's estimate walks every block of the file */
	if (e->model.mtp_layers && r->layout != GSI_OLLAMA_LLAMA_SERVER &&
	    e->model.inv.layer_bytes[f.L < GS_MAX_LAYERS ? f.L : 0])
		gsi_unknown(e, "Ollama: the file's block_count counts its %u MTP block(s) too, which "
		            "llama.cpp does not load; Ollama's own layer estimate (what picks the layers "
		            "it offloads) may count them, %llu B more than sized here",
		            e->model.mtp_layers, (unsigned long long)e->model.inv.layer_bytes[f.L]);
	if (r->layout == GSI_OLLAMA_LLAMA_SERVER)
		return estimate_server(e, dev, r, &f, err);
	if (r->layout == GSI_OLLAMA_CREATE_LAYOUT)
		return estimate_layout(e, dev, r, &f, own, err);
	if ((s = settings(e, r, o, err)))
		return s;
	/* parallel: the sheet's concurrency when given, else the release's rule */
	uint64_t tries[2];
	size_t ntries;
	if (w->v[GS_F_CONCURRENCY].from != GS_FROM_DEFAULT) {
		tries[0] = e->concurrency;
		ntries = 1;
		snprintf(o->parallel_why, sizeof o->parallel_why,
		         "OLLAMA_NUM_PARALLEL = the sheet's concurrency");
	} else if (r->auto_parallel) {
		tries[0] = r->auto_parallel;
		tries[1] = 1;
		ntries = 2;
	} else {
		tries[0] = 1;
		ntries = 1;
		snprintf(o->parallel_why, sizeof o->parallel_why, "OLLAMA_NUM_PARALLEL's default in %s",
		         r->rel.version);
	}
	int64_t num_gpu = gs_wl_set(w, GS_F_GPU_LAYERS) ? (int64_t)gs_wl_u64(w, GS_F_GPU_LAYERS) : -1;
	schedule(r, &f, e, o->num_ctx, tries, ntries, num_gpu, o);
	if (ntries == 2)
		snprintf(o->parallel_why, sizeof o->parallel_why,
		         "OLLAMA_NUM_PARALLEL 0 (automatic): %llu %s", (unsigned long long)o->parallel,
		         o->parallel == tries[0] ? "fits entirely on the GPU"
		                                 : "(the larger value does not fit entirely)");
	/* the server then caps num_ctx at the trained context (0.11.x) and
	 * estimates once more with the GPUs the scheduler chose */
	if (r->cap_ctx_at_train && e->model.max_position && o->num_ctx > e->model.max_position) {
		o->num_ctx = e->model.max_position;
		snprintf(o->num_ctx_why, sizeof o->num_ctx_why, "capped at the model's trained context");
	}
	uint64_t parallel = o->parallel, used = o->gpus_used;
	estimate_layers(r, &f, o->num_ctx * parallel, o->num_batch, o->kv_cache_type, num_gpu, used,
	                o->gpu_free, o->gpu_overhead, o);
	o->parallel = parallel;
	o->gpus_used = used;
	/* llama.cpp as Ollama starts it: n_batch = num_batch x parallel, and
	 * llama.cpp's own n_ubatch default of 512 caps the physical batch */
	o->n_ubatch = o->num_batch * parallel < 512 ? o->num_batch * parallel : 512;
	e->length = o->num_ctx;
	e->concurrency = parallel;
	e->has_ollama = true;
	gsi_llamacpp_run run;
	memset(&run, 0, sizeof run);
	/* the llama.cpp the release vendors: with or without the sliding-window
	 * cache (the row's llamacpp_swa_cache, and the tags it cites) */
	run.swa_cache = r->llamacpp_swa_cache;
	run.build = r->llamacpp_build ? gsi_llamacpp_build(r->llamacpp_build) : NULL;
	run.ngl = o->layers_offload;
	run.n_ubatch = o->n_ubatch;
	run.n_batch = o->num_batch * parallel;
	run.n_seq = parallel;
	run.unified = false; /* llama_context_default_params' kv_unified, which Ollama keeps */
	run.fa = o->flash_attention;
	run.has_split = e->gpus > 1;
	for (uint64_t g = 0; g < e->gpus && g < GS_MAX_STAGES; g++)
		run.split[g] = g < used ? (double)o->layer_split[g] : 0;
	if ((s = gsi_llamacpp_buffers(e, dev, &run, err)))
		return s;
	items_note(e, o);
	return GS_OK;
}

/* fit's changes of Ollama's own (its row's own_changes): its environment's
 * settings; OLLAMA_KV_CACHE_TYPE applies only with flash attention. */
size_t gsi_ollama_changes(const gs_workload *w, gsi_change *c, size_t cap)
{
	size_t n = 0;
#define ADD(F, V, F2, V2, COST) gsi_change_add(c, &n, cap, F, V, F2, V2, COST)
	if (gs_wl_attention(w) != GS_ATTN_IMPL_FLASH) {
		ADD(GS_F_ATTENTION, "flash", GS_F__COUNT, "",
		    "OLLAMA_FLASH_ATTENTION=1: no KQ matrix in the compute buffer; "
		    "the GPU must support it (compute capability 7.0 or newer)");
		ADD(GS_F_ATTENTION, "flash", GS_F_KV_FORMAT, "q8_0",
		    "OLLAMA_FLASH_ATTENTION=1 and OLLAMA_KV_CACHE_TYPE=q8_0: "
		    "KV cache about halved; output quality to re-confirm");
	} else if (!gs_wl_set(w, GS_F_KV_FORMAT) || strcmp(gs_wl_str(w, GS_F_KV_FORMAT), "q8_0") != 0) {
		ADD(GS_F_KV_FORMAT, "q8_0", GS_F__COUNT, "",
		    "OLLAMA_KV_CACHE_TYPE=q8_0: KV cache about halved; output "
		    "quality to re-confirm");
	}
	if (w->v[GS_F_CONCURRENCY].from == GS_FROM_DEFAULT)
		ADD(GS_F_CONCURRENCY, "1", GS_F__COUNT, "",
		    "OLLAMA_NUM_PARALLEL=1: one request at a time, each with the "
		    "whole num_ctx");
#undef ADD
	return n;
}

/* Ollama's own figures where fit's search stopped. */
bool gsi_ollama_layer_fit(const gs_estimate *e, gsi_layer_fit *out)
{
	if (!e->has_ollama)
		return false;
	snprintf(out->placer, sizeof out->placer, "Ollama");
	out->offload = e->ollama.layers_offload;
	out->layers = e->ollama.layers_model;
	out->required = e->ollama.required_full;
	out->available = e->ollama.gpu_free;
	return true;
}

/* --- the renderers' hooks (engine.h) --------------------------------------------- */

/* A size as Ollama's format.HumanBytes2 prints it ("6.5 GiB"), so that its
 * estimate's line can be compared with its log word for word. */
static const char *human2(gs_bytes b, char *buf, size_t cap)
{
	if (b >= GS_GiB)
		snprintf(buf, cap, "%.1f GiB", (double)b / (double)GS_GiB);
	else if (b >= GS_MiB)
		snprintf(buf, cap, "%.1f MiB", (double)b / (double)GS_MiB);
	else if (b >= 1024)
		snprintf(buf, cap, "%.1f KiB", (double)b / 1024.0);
	else
		snprintf(buf, cap, "%llu B", (unsigned long long)b);
	return buf;
}

/* Ollama's settings and its own estimate, as its "offload to cuda" log line
 * prints it, beside the llama.cpp buffers it leads to. */
/* Ollama's own figure for GPU 0 beside the buffers llama.cpp holds there. */
static void compare_line(const gs_estimate *e, bool md, gsi_text *o)
{
	const gs_ollama_fit *f = &e->ollama;
	char a[40], x[96], y[96];
	gs_bytes mine = 0;
	for (size_t i = 0; i < e->n_buffers; i++)
		if (!strcmp(e->buffers[i].device, "CUDA0"))
			mine = gs_add_sat(mine, e->buffers[i].bytes);
	gsi_text_put(o,
	             "%sOllama vs llama.cpp:  llama.cpp's buffers on CUDA0 add up to %s; Ollama counts %s "
	             "there, and keeps %s free beyond it%s%s\n",
	             md ? "- " : "", gs_format_bytes_triple(mine, x, sizeof x),
	             gs_format_bytes_triple(f->allocations[0], y, sizeof y),
	             human2(f->minimum_memory, a, sizeof a),
	             f->layout_lines ? "" : " (one spare block included)",
	             f->full_offload ? "" : "; it offloads only part of the model");
}

/* 0.12.11 on: createLayout's figures as Ollama's "model weights", "kv cache",
 * "compute graph" and "total memory" lines print them. */
static void layout_estimate(const gs_estimate *e, bool md, gsi_text *o)
{
	const gs_ollama_fit *f = &e->ollama;
	char a[40], b[40], c[40];
	const char *li = md ? "- " : "", *in = md ? "  " : "";
	gsi_text_put(o, "%sOllama's own layout (llm/server.go createLayout, recomputed, %s; its log's memory "
	             "lines read the same): %llu of %llu layers on the GPU%s\n", li,
	             f->own_engine ? "its own engine's figures"
	                           : "GraphSize's figures for its llama.cpp runner",
	             (unsigned long long)f->layers_offload, (unsigned long long)f->layers_model,
	             f->gpus_used == 1 ? "" : "s");
	for (uint64_t g = 0; g < e->gpus && g < GS_MAX_STAGES; g++) {
		if (!f->layer_split[g])
			continue;
		gsi_text_put(o,
		             "%s  model weights device=CUDA%llu size=\"%s\"  kv cache device=CUDA%llu "
		             "size=\"%s\"  compute graph device=CUDA%llu size=\"%s\"\n",
		             in, (unsigned long long)g,
		             human2(f->dev_weights[g], a, sizeof a), (unsigned long long)g,
		             human2(f->dev_cache[g], b, sizeof b), (unsigned long long)g,
		             human2(f->dev_graph[g], c, sizeof c));
	}
	gsi_text_put(o, "%s  model weights device=CPU size=\"%s\"  kv cache device=CPU size=\"%s\"  total "
	             "memory size=\"%s\"\n", in, human2(f->cpu_weights, a, sizeof a),
	             human2(f->cpu_cache, b, sizeof b), human2(f->total_memory, c, sizeof c));
}

static void own_estimate(const gs_estimate *e, bool md, gsi_text *o)
{
	const gs_ollama_fit *f = &e->ollama;
	char a[40], b[40], c[40];
	const char *li = md ? "- " : "", *in = md ? "  " : "";
	bool unlimited = !f->gpu_free_known;
	if (f->llama_server) {
		char ngl[64] = "no -ngl (its --fit places the layers; below)";
		if (gs_wl_set(&e->workload, GS_F_GPU_LAYERS))
			snprintf(ngl, sizeof ngl, "-ngl %llu (num_gpu)",
			         (unsigned long long)gs_wl_u64(&e->workload, GS_F_GPU_LAYERS));
		gsi_text_put(o, "%sOllama %s settings:  llama-server -c %llu -np %llu -b %llu -ub %llu "
		             "--flash-attn %s%s%s, %s\n", li,
		             e->runtime_version, (unsigned long long)(f->num_ctx * f->parallel),
		             (unsigned long long)f->parallel, (unsigned long long)f->num_batch,
		             (unsigned long long)f->n_ubatch, e->llamacpp.fa ? "auto (on)" : "off",
		             strcmp(f->kv_cache_type, "f16") ? " --cache-type-k/v " : "",
		             strcmp(f->kv_cache_type, "f16") ? f->kv_cache_type : "", ngl);
		return;
	}
	gsi_text_put(o, "%sOllama %s settings:  num_batch %llu tokens (llama.cpp n_ubatch %llu tokens), "
	    "flash attention %s, KV cache %s, %llu GPU%s used; memory.available %s per GPU (%s)\n", li,
	    e->runtime_version, (unsigned long long)f->num_batch, (unsigned long long)f->n_ubatch,
	    f->flash_attention ? "on" : "off", f->kv_cache_type, (unsigned long long)f->gpus_used,
	    f->gpus_used == 1 ? "" : "s", unlimited ? "unlimited" : human2(f->gpu_free, a, sizeof a),
	    f->gpu_free_how);
	if (f->layout_lines) {
		layout_estimate(e, md, o);
		compare_line(e, md, o);
		return;
	}
	gsi_text_put(o, "%sOllama's own estimate (llm/memory.go, recomputed; its log line reads the same):\n",
	    li);
	gsi_text_put(o, "%s  layers.model=%llu layers.offload=%llu layers.split=\"", in,
	    (unsigned long long)f->layers_model, (unsigned long long)f->layers_offload);
	for (uint64_t g = 0; f->gpus_used > 1 && g < f->gpus_used; g++)
		gsi_text_put(o, "%s%llu", g ? "," : "", (unsigned long long)f->layer_split[g]);
	gsi_text_put(o, "\" memory.gpu_overhead=\"%s\"\n", human2(f->gpu_overhead, a, sizeof a));
	gsi_text_put(o, "%s  memory.required.full=\"%s\" memory.required.partial=\"%s\" "
	    "memory.required.kv=\"%s\" memory.required.allocations=\"[", in,
	    human2(f->required_full, a, sizeof a), human2(f->required_partial, b, sizeof b),
	    human2(f->kv, c, sizeof c));
	for (uint64_t g = 0; g < f->gpus_used; g++)
		gsi_text_put(o, "%s%s", g ? " " : "", human2(f->allocations[g], a, sizeof a));
	gsi_text_put(o, "]\"\n%s  memory.weights.total=\"%s\" memory.weights.repeating=\"%s\" "
	    "memory.weights.nonrepeating=\"%s\"", in, human2(f->weights_total, a, sizeof a),
	    human2(f->weights_repeating, b, sizeof b), human2(f->weights_nonrepeating, c, sizeof c));
	gsi_text_put(o, " memory.graph.full=\"%s\" memory.graph.partial=\"%s\"%s\n",
	    human2(f->graph_full, a, sizeof a), human2(f->graph_partial, b, sizeof b),
	    f->graph_by_rule ? " (GQA x KV / 6 rule)" : "");
	compare_line(e, md, o);
}

/* The estimate's lines in Ollama's terms (num_ctx, parallel requests, its
 * own estimate, a partial offload), and compare's columns for its layers. */
bool gsi_ollama_text_lines(const gs_estimate *e, gsi_text_part part, bool md, gsi_text *o)
{
	const gs_ollama_fit *f = &e->ollama;
	if (!e->has_ollama && part != GSI_COMPARE_ROW) /* a compare's rows are as its first says */
		return false;
	char a[48], b[96];
	switch (part) {
	case GSI_TEXT_LENGTH:
		gsi_text_put(o, "length:      num_ctx %llu tokens (%s)\n", (unsigned long long)e->length,
		    f->num_ctx_why);
		return true;
	case GSI_TEXT_CONCURRENCY:
		gsi_text_put(o, "concurrency: %llu parallel request%s (%s); llama.cpp n_ctx = %llu x %llu\n",
		    (unsigned long long)e->concurrency, e->concurrency == 1 ? "" : "s", f->parallel_why,
		    (unsigned long long)e->length, (unsigned long long)e->concurrency);
		return true;
	case GSI_TEXT_SUMMARY:
		own_estimate(e, md, o);
		if (f->llama_server) /* llama-server's own settings and --fit */
			gsi_llamacpp_text_lines(e, part, md, o);
		return true;
	case GSI_TEXT_CAPACITY: /* part of the model offloaded: the GPU part is all the GPU holds */
		if (!e->has_capacity || e->verdict.rule != GS_RULE_OLLAMA_LAYERS || f->full_offload)
			return false;
		gsi_text_put(o, "%spoint estimate:      DOES NOT FIT on the GPU: %s; "
		    "the GPU part peaks at %s of %s\n", md ? "- " : "", e->verdict.why,
		    gs_format_bytes(e->phases[e->peak_phase].peak, GS_UNIT_GiB, a, sizeof a),
		    gs_format_bytes_triple(e->capacity, b, sizeof b));
		return true;
	case GSI_COMPARE_RUNTIME:
		gsi_text_put(o, "Ollama's llama.cpp");
		return true;
	case GSI_COMPARE_HEAD:
		gsi_text_put(o, "%s", md ? " Ollama layers x parallel | Ollama required.full [GiB] |"
		                         : "  Ollama layers x parallel  Ollama required.full [GiB]");
		return true;
	case GSI_COMPARE_RULE:
		gsi_text_put(o, "---:|---:|");
		return true;
	case GSI_COMPARE_ROW: {
		char layers[48];
		snprintf(layers, sizeof layers, "%llu/%llu x %llu", (unsigned long long)f->layers_offload,
		         (unsigned long long)f->layers_model, (unsigned long long)f->parallel);
		gs_format_bytes(f->required_full, GS_UNIT_GiB, a, sizeof a);
		char *sp = strchr(a, ' '); /* the number alone: the column's head has the unit */
		if (sp)
			*sp = 0;
		gsi_text_put(o, md ? " %s | %s |" : "  %24s  %26s", layers, a);
		return true;
	}
	case GSI_COMPARE_NOTE:
		gsi_text_put(o, "Ollama %s: layers offloaded of the model's (blocks + output) "
		    "x parallel requests, as its own estimate chooses them for each file type; "
		    "n_ctx = num_ctx x parallel per row.\n", e->runtime_version);
		return true;
	case GSI_TEXT_POOL:
		break;
	}
	return false;
}

/* "ollama": its settings and its own estimate, figure by figure. */
static json_t *ollama_json(const gs_estimate *e)
{
	const gs_ollama_fit *f = &e->ollama;
	json_t *split = json_array(), *alloc = json_array();
	for (uint64_t g = 0; g < f->gpus_used; g++) {
		json_array_append_new(split, json_integer((json_int_t)f->layer_split[g]));
		json_array_append_new(alloc, gsi_json_bytes(f->allocations[g]));
	}
	json_t *o = json_pack("{s:I, s:s, s:I, s:s, s:I, s:I, s:b, s:s, s:I}", "num_ctx",
	    (json_int_t)f->num_ctx, "num_ctx_why", f->num_ctx_why, "parallel", (json_int_t)f->parallel,
	    "parallel_why", f->parallel_why, "num_batch", (json_int_t)f->num_batch, "n_ubatch",
	    (json_int_t)f->n_ubatch, "flash_attention", f->flash_attention, "kv_cache_type", f->kv_cache_type,
	    "gpus_used", (json_int_t)f->gpus_used);
	bool unlimited = !f->gpu_free_known;
	json_object_set_new(o, "available_bytes", unlimited ? json_null() : gsi_json_bytes(f->gpu_free));
	json_object_set_new(o, "available_how", json_string(f->gpu_free_how));
	json_object_set_new(o, "minimum_memory_bytes", gsi_json_bytes(f->minimum_memory));
	json_object_set_new(o, "gpu_overhead_bytes", gsi_json_bytes(f->gpu_overhead));
	json_object_set_new(o, "layers_model", json_integer((json_int_t)f->layers_model));
	json_object_set_new(o, "layers_offload", json_integer((json_int_t)f->layers_offload));
	json_object_set_new(o, "layers_split", split);
	json_object_set_new(o, "full_offload", json_boolean(f->full_offload));
	json_object_set_new(o, "required_full_bytes", gsi_json_bytes(f->required_full));
	json_object_set_new(o, "required_partial_bytes", gsi_json_bytes(f->required_partial));
	json_object_set_new(o, "required_kv_bytes", gsi_json_bytes(f->kv));
	json_object_set_new(o, "allocations_bytes", alloc);
	json_object_set_new(o, "weights_total_bytes", gsi_json_bytes(f->weights_total));
	json_object_set_new(o, "weights_repeating_bytes", gsi_json_bytes(f->weights_repeating));
	json_object_set_new(o, "weights_nonrepeating_bytes", gsi_json_bytes(f->weights_nonrepeating));
	json_object_set_new(o, "graph_full_bytes", gsi_json_bytes(f->graph_full));
	json_object_set_new(o, "graph_partial_bytes", gsi_json_bytes(f->graph_partial));
	json_object_set_new(o, "graph_by_rule", json_boolean(f->graph_by_rule));
	if (f->settings_note[0])
		json_object_set_new(o, "settings_note", json_string(f->settings_note));
	json_object_set_new(o, "layout", json_string(f->llama_server   ? "llama-server"
	                                             : f->layout_lines ? "createLayout"
	                                                               : "memory.go"));
	if (f->layout_lines) {
		json_t *devs = json_array();
		for (uint64_t g = 0; g < GS_MAX_STAGES && g < f->layers_model; g++) {
			if (!f->layer_split[g])
				continue;
			char dev[16];
			snprintf(dev, sizeof dev, "CUDA%llu", (unsigned long long)g);
			json_t *d = json_pack("{s:s, s:I, s:o, s:o, s:o}", "device", dev, "layers",
			                      (json_int_t)f->layer_split[g], "weights_bytes",
			                      gsi_json_bytes(f->dev_weights[g]), "cache_bytes",
			                      gsi_json_bytes(f->dev_cache[g]), "graph_bytes",
			                      gsi_json_bytes(f->dev_graph[g]));
			json_array_append_new(devs, d);
		}
		json_object_set_new(o, "devices", devs);
		json_object_set_new(o, "cpu_weights_bytes", gsi_json_bytes(f->cpu_weights));
		json_object_set_new(o, "cpu_cache_bytes", gsi_json_bytes(f->cpu_cache));
		json_object_set_new(o, "total_memory_bytes", gsi_json_bytes(f->total_memory));
		json_object_set_new(o, "own_engine", json_boolean(f->own_engine));
	}
	return o;
}

void gsi_ollama_extras_json(json_t *root, const gs_estimate *e)
{
	if (e->has_ollama)
		json_object_set_new(root, "ollama", ollama_json(e));
	if (e->has_ollama && e->ollama.llama_server)
		gsi_llamacpp_extras_json(root, e);
}
