/*
 * estimate_llamacpp.c — llama.cpp's buffers for a GGUF model, per device,
 * by build (docs/method.md §14; the build rows are engine_release.c's).
 *
 * llama.cpp (src/llama-model.cpp, llama-kv-cache*.cpp, llama-memory-
 * recurrent.cpp, llama-context.cpp, common/arg.cpp):
 *  - -ngl N offloads the last N blocks, and the output head when N exceeds
 *    the block count; from b7467 the head and the last N - 1 blocks. The
 *    token embeddings always stay in host memory; -ot and --n-cpu-moe keep
 *    matching tensors there too;
 *  - --tensor-split spreads the offloaded blocks over the GPUs by cumulative
 *    proportion, the output on the device of "block" n_layer;
 *  - the KV cache holds n_ctx cells, rounded by the build's rule, in one
 *    cache or in one stream per sequence, of n_embd_k_gqa K and n_embd_v_gqa
 *    V elements in type_k/type_v (an MLA layer its latent), on the device of
 *    its block; sliding-window layers keep fewer cells in their own cache;
 *    a recurrent layer keeps f32 states of one cell per sequence;
 *  - each device reserves a compute buffer for the worst-case graph of
 *    n_ubatch tokens. Its size is our derivation from the graph (to be
 *    measured): the largest of the attention step (without flash attention
 *    the f32 KQ matrix n_kv x n_ubatch x n_head, with it an f16 mask), the
 *    FFN step and the output step, plus a few n_ubatch x n_embd f32 tensors.
 * The build decides the defaults a sheet leaves open (flash attention, -c,
 * -np, -ngl, --fit); --fit is run here as llama.cpp runs it, from these
 * same buffers.
 */
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <jansson.h>
#include "engine/engine.h"
#include "engine/engine_release.h"
#include "engine/estimate_items.h"
#include "gpusizer/dtype.h"
#include "engine/gguf_plan.h"
#include "gpusizer/inventory.h"

#define METHOD "docs/method.md "
#define FIT_MARGIN (1024 * GS_MiB) /* common_params.fit_params_target */
#define FIT_MIN_CTX 4096           /* common_params.fit_params_min_ctx */

/* Which blocks llama.cpp offloads for -ngl n over L blocks
 * (llama_model::load_tensors: i_gpu_start and act_gpu_layers; the output
 * "block" is index L): from b7467 n counts the output first. */
static void gpu_range(uint64_t L, uint64_t n, bool output_first, uint64_t *start, uint64_t *act)
{
	uint64_t first = L + (output_first ? 1 : 0);
	*start = n >= first ? 0 : first - n;
	*act = n < L + 1 ? n : L + 1;
}

static gs_status parse_split(const gs_estimate *e, const gsi_llamacpp_run *r, double *cum, uint64_t ndev,
                             gs_error *err)
{
	const gs_workload *w = &e->workload;
	double part[GS_MAX_STAGES] = {0}, total = 0;
	if (r->has_split) { /* the caller's own split (Ollama's layer counts) */
		for (uint64_t d = 0; d < ndev; d++)
			total += part[d] = r->split[d];
		if (total <= 0)
			for (uint64_t d = 0; d < ndev; d++)
				total += part[d] = 1;
	} else if (gs_wl_set(w, GS_F_TENSOR_SPLIT)) {
		const char *p = gs_wl_str(w, GS_F_TENSOR_SPLIT);
		uint64_t n = 0;
		while (*p && n < GS_MAX_STAGES) {
			char *end;
			double v = strtod(p, &end);
			if (end == p || !(v >= 0) || v > 1e12) /* NaN fails v >= 0 */
				break;
			part[n++] = v;
			total += v;
			p = end;
			if (*p == ',')
				p++;
		}
		if (*p || n != ndev || total <= 0)
			return gs_error_set(err, GS_EINPUT, w->v[GS_F_TENSOR_SPLIT].where,
			                    "tensor_split \"%s\": expected %llu non-negative proportions "
			                    "separated by commas (one per GPU)",
			                    gs_wl_str(w, GS_F_TENSOR_SPLIT), (unsigned long long)ndev);
	} else {
		for (uint64_t d = 0; d < ndev; d++)
			part[d] = 1;
		total = (double)ndev;
	}
	double run = 0;
	for (uint64_t d = 0; d < ndev; d++) {
		run += part[d];
		cum[d] = run / total;
	}
	return GS_OK;
}

static uint64_t type_row_bytes(const gs_format *f, uint64_t elems)
{
	gs_ratio bpw = gs_format_bpw(f);
	return (elems * bpw.num + bpw.den * 8 - 1) / (bpw.den * 8);
}

static uint64_t pad_to(uint64_t n, uint64_t p) { return p > 1 ? (n + p - 1) / p * p : n; }

/* One device's share of a run: where each block goes, and the buffers it
 * holds (computed first, then emitted as items, so that --fit can probe). */
typedef struct layout {
	uint32_t dev;
	const gsi_llamacpp_run *r;
	const gsi_llamacpp_release *b;
	uint64_t L, ndev, start, act, my_layers, host_layers;
	bool row;       /* --split-mode row */
	double cum[GS_MAX_STAGES];
	bool has_output, fa;
	bool mask_pad;     /* the flash-attention mask's rows padded to 64 (before b7350) */
	bool head_on_host; /* the output head stays in host memory */
	gs_bytes model_mine, tied_head;
	gs_bytes host;       /* host memory: model, KV and state of host blocks */
	gs_bytes host_model; /* of which the model's tensors */
	gs_bytes host_parts; /* of which what -ot / --n-cpu-moe kept there */
	gs_bytes host_expert_max; /* the largest expert tensor kept in host memory */
	uint64_t expert_host_blocks;
	uint64_t ub, n_ctx, streams, stream_cells, cells, swa_cells, pad;
	bool hybrid_each;    /* a hybrid's streams each n_ctx cells (b6079 to b8024) */
	bool swa;
	uint64_t my_swa, my_kv, kv_k, kv_v;
	bool kv_reuse;       /* shared-KV blocks keep no cache (b6263 on) */
	uint64_t my_reused;  /* ... of this device's blocks */
	gs_bytes kv_mine, host_kv;
	uint64_t rs_cells, rs_layers;
	gs_bytes rs_layer, rs_mine, host_rs;
	gs_bytes cb;
	char cb_off[200];
	bool offloaded;
} layout;

/* Which device holds block `il` (il == L: the output head); -1 = host. */
static int device_of(const layout *y, uint64_t il)
{
	if (il < y->start || il - y->start >= y->act)
		return -1;
	double pos = (double)(il - y->start) / (double)y->act;
	for (uint64_t d = 0; d < y->ndev; d++)
		if (pos < y->cum[d])
			return (int)d;
	return (int)y->ndev - 1;
}

/* The bytes of block l that -ot / --n-cpu-moe keep in host memory. */
static gs_bytes parts_on_host(const gs_model *m, const gsi_llamacpp_run *r, uint64_t l, gs_bytes *largest)
{
	uint8_t bits = l < GS_MAX_LAYERS ? r->host_parts[l] : 0;
	if (!bits)
		return 0;
	const gs_inventory_summary *s = &m->inv;
	gs_bytes exps = 0, b = 0;
	for (int k = 0; k < 3; k++) {
		exps += s->exps_bytes[l][k];
		if (bits & (1u << k)) {
			b += s->exps_bytes[l][k];
			if (s->exps_bytes[l][k] > *largest)
				*largest = s->exps_bytes[l][k];
		}
	}
	if (bits & GSI_HOST_REST)
		b += s->layer_bytes[l] - exps;
	return b;
}

/* The model buffer on this device, from the GGUF's exact tensor bytes. */
static void model_buffer(const gs_estimate *e, layout *y)
{
	const gs_inventory_summary *s = &e->model.inv;
	uint64_t mine = 0;
	/* Gemma 3n's per-layer embeddings: an input on the host like token_embd
	 * (LLM_TENSOR_LAYER_INPUT), its projection with block 0; Ollama's engine
	 * puts both with the output (ml/backend/ggml/ggml.go New) */
	gs_bytes ple_moved = y->r->ple_with_output ? s->ple_bytes : 0,
		 proj_moved = y->r->ple_with_output ? s->ple_proj_bytes : 0;
	y->host = s->input_bytes - ple_moved;
	/* --split-mode row: every offloaded block's matrices split by rows over
	 * the GPUs by tensor_split; KV, the head and the rest on the main GPU */
	double share = y->dev == 0 ? y->cum[0] : y->cum[y->dev] - y->cum[y->dev - 1];
	/* tied embeddings: llama-model.cpp creates the head from token_embd with
	 * TENSOR_DUPLICATED, a second copy in the output's buffer whenever that
	 * is not the embeddings' own (the GPU's, when the head is offloaded) */
	uint64_t tied_head = s->head_bytes ? 0 : s->input_bytes - s->ple_bytes;
	for (uint64_t l = 0; l <= y->L; l++) {
		int d = device_of(y, l);
		uint64_t b = l < y->L ? s->layer_bytes[l] - (l ? 0 : proj_moved)
		                      : s->output_bytes + (d >= 0 ? tied_head : 0) + ple_moved + proj_moved;
		gs_bytes kept = 0;
		if (l < y->L && d >= 0) {
			kept = parts_on_host(&e->model, y->r, l, &y->host_expert_max);
			b -= kept;
			if (y->r->host_parts[l] & 7u)
				y->expert_host_blocks++;
		}
		if (y->row && d >= 0) {
			bool block = l < y->L;
			mine += block ? (uint64_t)((double)b * share + 0.5) : (y->dev == 0 ? b : 0);
			y->my_layers += block && y->dev == 0;
		} else if (d == (int)y->dev) {
			mine += b;
			y->my_layers += l < y->L;
		} else if (d < 0) {
			y->host += b;
			y->host_layers += l < y->L;
		}
		y->host += kept;
		y->host_parts += kept;
	}
	y->has_output = y->row ? y->dev == 0 && device_of(y, y->L) >= 0 : device_of(y, y->L) == (int)y->dev;
	y->head_on_host = device_of(y, y->L) < 0;
	if (y->has_output) /* what another program puts beside the head (Ollama's vision tower) */
		mine = gs_add_sat(mine, y->r->output_extra);
	else if (y->head_on_host && y->dev == 0)
		y->host = gs_add_sat(y->host, y->r->output_extra);
	y->host_model = y->host;
	y->model_mine = mine;
	y->tied_head = tied_head;
}

/* The architectures llama.cpp gives a sliding-window cache of their own
 * (llama-model.cpp load_hparams: swa_type STANDARD with set_swa_pattern;
 * docs/method.md §14 "Sliding-window layers"). Other models' sliding_window
 * (Mistral v0.1's, converted as llama) is not applied by llama.cpp. */
static bool llamacpp_swa_arch(const gs_model *m)
{
	/* Llama 4's chunked layers: swa_type CHUNKED, n_swa 8192, the same cache
	 * rule (src/models/llama4.cpp load_arch_hparams) */
	static const char *const archs[] = {"gemma2",      "gemma3",      "gemma3_text",  "gpt_oss",
	                                    "gguf:gemma2", "gguf:gemma3", "gguf:gpt-oss", "llama4",
	                                    "llama4_text", "gguf:llama4", "gemma3n",      "gemma3n_text",
	                                    "gemma4",      "gemma4_text"};
	for (size_t i = 0; i < sizeof archs / sizeof *archs; i++)
		if (!strcmp(m->model_type, archs[i]))
			return m->sliding_window > 0;
	/* olmo2 (Olmo 3's files): swa_type STANDARD when the file has a
	 * sliding_window (src/models/olmo2.cpp load_arch_hparams) */
	if (!strcmp(m->model_type, "olmo3") || !strcmp(m->model_type, "gguf:olmo2"))
		return m->sliding_window > 0;
	/* exaone4: only a 64-layer model (the 32B) slides its window
	 * (src/models/exaone4.cpp load_arch_hparams: n_layer() == 64) */
	if (!strcmp(m->model_type, "exaone4") || !strcmp(m->model_type, "gguf:exaone4"))
		return m->sliding_window > 0 && m->layers == 64;
	return false;
}

/* Where block l's KV lives: 1 on this device, -1 in host memory, 0 elsewhere. */
static int kv_home(const layout *y, uint64_t l)
{
	int d = device_of(y, l);
	if (d < 0)
		return -1;
	if (y->row) /* --split-mode row: the KV on the main GPU */
		return y->dev == 0 ? 1 : 0;
	return d == (int)y->dev ? 1 : 0;
}

/* The cells the build gives n_ctx over its streams (llama_context's and
 * llama_kv_cache's rounding; docs/method.md §14 "Builds"), and the
 * sliding-window cache's. */
static void kv_cells(const gs_estimate *e, layout *y)
{
	const gsi_llamacpp_run *r = y->r;
	const gsi_llamacpp_release *b = y->b;
	const gs_model *m = &e->model;
	uint64_t n = y->n_ctx, s = b->streams && !r->unified && r->n_seq > 1 ? r->n_seq : 1;
	/* a hybrid's attention cache (llama_memory_hybrid): one stream to
	 * b6078; from b6079 to b8024 n_ctx cells in each stream, N times the
	 * cache (PR #19559 fixed it) */
	bool hybrid = !m->ssm && (m->parallel_ssm || gs_model_ssm_layers(m) > 0);
	if (hybrid && s > 1 && b->hybrid_kv == GSI_LCPP_HYBRID_KV_ONE)
		s = 1;
	uint64_t copies = 1;
	if (hybrid && s > 1 && b->hybrid_kv == GSI_LCPP_HYBRID_KV_EACH) {
		copies = s;
		s = 1;
	}
	y->streams = s;
	uint64_t per = 0, pad = 1;
	switch (b->pad) {
	case GSI_LCPP_PAD_BY_FA:
	case GSI_LCPP_PAD_UNLESS_OFF:
		pad = y->fa || (b->pad == GSI_LCPP_PAD_UNLESS_OFF && r->fa_auto) ? 256 : 32;
		per = pad_to((n + s - 1) / s, pad);
		break;
	case GSI_LCPP_PAD_NONE: /* b6868: ceil per stream; b6925: floor */
		per = b->auto_slots ? n / s : (n + s - 1) / s;
		break;
	case GSI_LCPP_PAD_CTX_256:
		pad = 256;
		per = s > 1 ? pad_to(pad_to(n, 256) / s, 256) : pad_to(n, 256);
		break;
	}
	if (r->cells) { /* sized by another program (Ollama's own engine) */
		s = 1;
		y->streams = 1;
		per = r->cells;
	}
	y->hybrid_each = copies > 1;
	if (copies > 1) { /* each stream sized as the one n_ctx stream */
		s = copies;
		y->streams = s;
	}
	y->pad = pad;
	y->stream_cells = per;
	y->cells = per * s;
	/* the SWA cache: n_swa x n_seq (one stream: n_swa) + the batch, by the
	 * build's rule, or the base size with --swa-full */
	y->swa = r->swa_cache && b->swa != GSI_LCPP_SWA_NONE && llamacpp_swa_arch(m) &&
	         !gs_wl_swa_full(&e->workload);
	uint64_t sw = per;
	if (r->cells) {
		y->swa = r->swa_cells && llamacpp_swa_arch(m);
		y->swa_cells = y->swa ? r->swa_cells : per;
		return;
	}
	if (y->swa) {
		uint64_t seqs = s > 1 ? 1 : r->n_seq;
		uint64_t want = gs_add_sat(gs_mul_sat(m->sliding_window, seqs),
		                           b->swa == GSI_LCPP_SWA_BATCH ? r->n_batch : y->ub);
		if (b->swa == GSI_LCPP_SWA_PAD256)
			sw = pad_to(want < per ? want : per, 256);
		else {
			want = pad_to(want, pad);
			sw = want < per ? want : per;
		}
	}
	y->swa_cells = sw * s;
}

/* K and V elements a layer caches per token (an MLA layer its latent, as
 * the build keeps it). */
static void kv_widths(const gs_estimate *e, const layout *y, uint64_t *k, uint64_t *v)
{
	const gs_model *m = &e->model;
	if (m->attn == GS_ATTN_MLA) {
		uint64_t latent = (uint64_t)m->kv_lora_rank + m->qk_rope_head_dim;
		switch (y->b->mla) {
		case GSI_LCPP_MLA_NONE:
			*k = (uint64_t)m->heads * (m->qk_nope_head_dim + m->qk_rope_head_dim);
			*v = (uint64_t)m->heads * m->v_head_dim;
			return;
		case GSI_LCPP_MLA_KV:
			*k = latent;
			*v = m->kv_lora_rank;
			return;
		case GSI_LCPP_MLA_K:
			*k = latent;
			*v = 0;
			return;
		}
	}
	*k = (uint64_t)m->kv_heads * m->head_dim;
	*v = (uint64_t)m->kv_heads * m->v_head_dim;
}

/* Block l's K and V row bytes where the layers' K/V shapes differ (Gemma
 * 4's full-attention layers: llama_hparams n_embd_k_gqa(il) and
 * n_embd_v_gqa(il), src/llama-hparams.cpp); without flash attention the V
 * cache is transposed and every layer's V padded to the widest
 * (src/llama-kv-cache.cpp, TAG_V_CACHE_VARIABLE, since #15467). `row`
 * otherwise. */
static uint64_t layer_row(const gs_estimate *e, const layout *y, uint64_t l, uint64_t row)
{
	const gs_model *m = &e->model;
	if (m->attn == GS_ATTN_MLA || !gs_model_mixed_kv_shapes(m))
		return row;
	uint64_t kv = gs_model_layer_kv_heads(m, (uint32_t)l);
	uint64_t k = kv * gs_model_layer_head_dim(m, (uint32_t)l);
	uint64_t v = kv * gs_model_layer_v_head_dim(m, (uint32_t)l);
	for (uint32_t j = 0; !y->fa && j < m->layers && j < GS_MAX_LAYERS; j++) {
		uint64_t vj = (uint64_t)gs_model_layer_kv_heads(m, j) * gs_model_layer_v_head_dim(m, j);
		v = vj > v ? vj : v;
	}
	return type_row_bytes(&e->kv_format, k) + type_row_bytes(&e->kv_format_v, v);
}

static bool has_state(const gs_model *m, uint64_t l)
{
	return m->ssm || m->parallel_ssm || (l < GS_MAX_LAYERS && m->layer_is_ssm[l]);
}

/* Whether block l has a KV cache of its own. Gemma 3n's shared-KV blocks
 * have none from b6263 (PR #15504, "kv-cache : support layer reuse":
 * hparams.n_layer_kv_from_start, the memory's layer_reuse_cb); before, the
 * cache held every block and the graph used the first 20 (llama-model.cpp
 * llm_build_gemma3n_iswa n_layer_kv). */
static bool has_kv(const gs_model *m, uint64_t l, bool reuse)
{
	if (reuse && l < GS_MAX_LAYERS && m->layer_shares_kv[l])
		return false;
	return !m->ssm && (m->parallel_ssm || l >= GS_MAX_LAYERS || !m->layer_is_ssm[l]);
}

/* The KV cache of this device's blocks, and the recurrent state of its
 * state layers (llama-memory-recurrent.cpp: one f32 cell a sequence, r =
 * (d_conv - 1) x (d_inner + 2 n_group d_state) and s = d_state x d_inner
 * values a layer). */
static void kv_cache(const gs_estimate *e, layout *y)
{
	const gs_model *m = &e->model;
	kv_cells(e, y);
	kv_widths(e, y, &y->kv_k, &y->kv_v);
	uint64_t row = type_row_bytes(&e->kv_format, y->kv_k) + type_row_bytes(&e->kv_format_v, y->kv_v);
	uint64_t K = m->ssm_conv ? m->ssm_conv - 1 : 0;
	y->rs_layer = gs_mul_sat((uint64_t)K * (m->ssm_inner + 2ull * m->ssm_groups * m->ssm_state) +
	                                 (uint64_t)m->ssm_state * m->ssm_inner,
	                         4);
	y->rs_cells = y->r->n_seq ? y->r->n_seq : 1;
	for (uint64_t l = 0; l < y->L && l < GS_MAX_LAYERS; l++) {
		int home = kv_home(y, l);
		if (home > 0 && !has_kv(m, l, y->kv_reuse) && has_kv(m, l, false))
			y->my_reused++;
		if (has_kv(m, l, y->kv_reuse)) {
			bool sliding = y->swa && m->layer_is_sliding[l];
			gs_bytes b = gs_mul_sat(sliding ? y->swa_cells : y->cells, layer_row(e, y, l, row));
			if (home > 0) {
				y->kv_mine = gs_add_sat(y->kv_mine, b);
				y->my_swa += sliding;
				y->my_kv++;
			} else if (home < 0) {
				y->host_kv = gs_add_sat(y->host_kv, b);
			}
		}
		if (has_state(m, l)) {
			gs_bytes b = gs_mul_sat(y->rs_layer, y->rs_cells);
			y->rs_layers += home > 0;
			if (home > 0)
				y->rs_mine = gs_add_sat(y->rs_mine, b);
			else if (home < 0)
				y->host_rs = gs_add_sat(y->host_rs, b);
		}
	}
	/* blocks left on the host keep their KV and state there */
	y->host = gs_add_sat(y->host, gs_add_sat(y->host_kv, y->host_rs));
}

/* One backend's graph for n_ubatch tokens: the largest of the attention
 * step, the FFN step and (with the head) the output step, whose logits are
 * `outputs` rows (every token of the batch; llama-server's slots from
 * b9460). */
gs_bytes gsi_llamacpp_graph(const gs_estimate *e, uint64_t cells, uint64_t ub, bool fa,
                            uint64_t outputs, bool mask_pad)
{
	const gs_model *m = &e->model;
	uint64_t h = m->hidden, a = m->heads, ff = m->intermediate;
	bool with_output = outputs > 0;
	/* the flash-attention mask's rows padded to GGML_KQ_MASK_PAD (64) until
	 * b7350 (4dff236a, PR #17910 removed it) */
	uint64_t rows = mask_pad ? (ub + 63) / 64 * 64 : ub;
	gs_bytes attn = fa ? gs_mul_sat(gs_mul_sat(cells, rows), 2)
	                   : gs_mul_sat(gs_mul_sat(cells, ub), a * 4);
	attn = gs_add_sat(attn, gs_mul_sat(ub, 7 * h * 4));
	gs_bytes ffn = gs_mul_sat(ub, (2 * ff + 3 * h) * 4);
	gs_bytes out = 0;
	if (with_output)
		out = gs_add_sat(gs_mul_sat(outputs, (uint64_t)m->vocab * 4), gs_mul_sat(ub, 2 * h * 4));
	gs_bytes cb = attn > ffn ? attn : ffn;
	return out > cb ? out : cb;
}

/* The attention step's cells are one stream's: the KQ mask is n_kv x
 * (n_tokens / n_stream) x 1 x n_stream with n_kv the largest stream's
 * (src/llama-graph.cpp build_attn_inp_kv, llama-kv-cache.cpp get_n_kv at
 * b10470), n_kv x n_tokens elements in all whatever the streams. */
static gs_bytes graph_bytes(const gs_estimate *e, const layout *y, bool with_output, uint64_t outputs)
{
	return gsi_llamacpp_graph(e, y->stream_cells, y->ub, y->fa, with_output ? outputs : 0, y->mask_pad);
}

static uint64_t outputs_of(const layout *y)
{
	uint64_t n = y->r->n_seq ? y->r->n_seq : 1;
	return y->b->outputs_by_slots && n < y->ub ? n : y->ub;
}

static void add_buffer(gs_estimate *e, const char *device, const char *kind, gs_bytes b)
{
	if (e->n_buffers < GS_MAX_BUFFERS) {
		gs_buffer *x = &e->buffers[e->n_buffers++];
		snprintf(x->device, sizeof x->device, "%s", device);
		snprintf(x->kind, sizeof x->kind, "%s", kind);
		x->bytes = b;
	}
}

/* ggml-backend's scheduler runs an op whose weights sit in host memory on
 * the first GPU when that GPU's backend asks for it (ggml_backend_sched
 * "1.off"; CUDA's offload_op: a batch of 32 tokens or more), copying the
 * weights into that GPU's compute buffer as the split's input. llama.cpp
 * --no-op-offload turns this off (docs/method.md §14 "Partial offload"). */
#define OP_OFFLOAD_MIN_BATCH 32

static bool ops_offloaded(const gs_estimate *e, const layout *y)
{
	return y->dev == 0 && y->ub >= OP_OFFLOAD_MIN_BATCH && gs_wl_op_offload(&e->workload) &&
	       (y->host_layers || y->head_on_host || y->host_expert_max);
}

/* The largest offloaded op's split on the first GPU: the head when it stays
 * on the host (its weights, the normed n_ubatch x n_embd input, the logits of
 * every output row), and an expert tensor left in host memory (a host
 * block's, or one -ot / --n-cpu-moe kept there: one whole ffn_*_exps copy,
 * its input and the n_ubatch x n_expert_used x n_ff_exp result). A dense
 * block's matrices are smaller than the head whenever n_vocab >= n_ff. */
static gs_bytes offloaded_split(const gs_estimate *e, const layout *y, char *how, size_t cap)
{
	const gs_model *m = &e->model;
	const gs_inventory_summary *s = &m->inv;
	uint64_t ub = y->ub, h = m->hidden;
	gs_bytes head = 0, experts = 0, w = 0;
	if (y->head_on_host) {
		/* tied: token_embd is the head */
		gs_bytes hw = s->head_bytes ? s->head_bytes : s->input_bytes - s->ple_bytes;
		gs_bytes act = gs_add_sat(gs_mul_sat(ub, h * 4),
		                          gs_mul_sat(outputs_of(y), (uint64_t)m->vocab * 4));
		head = gs_add_sat(hw, act);
	}
	if (y->host_layers && s->gate_exps0_bytes)
		w = s->gate_exps0_bytes;
	if (y->host_expert_max > w)
		w = y->host_expert_max;
	if (w)
		experts = gs_add_sat(
		        w, gs_mul_sat(ub, (h + (uint64_t)m->experts_per_token * m->moe_intermediate) * 4));
	snprintf(how, cap, "%s%s%s",
	         head ? "head on the host: its weights + n_ubatch x n_embd x 4 + outputs x n_vocab x 4" : "",
	         head && experts ? "; " : "",
	         experts ? "an expert tensor in host memory + n_ubatch x (n_embd + n_expert_used x n_ff_exp) "
	                   "x 4"
	                 : "");
	return head > experts ? head : experts;
}

/* The compute buffer: the largest of attention, FFN and output graphs, and
 * under partial offload the largest op offloaded from the host. */
static void compute_buffer(const gs_estimate *e, layout *y)
{
	const gs_model *m = &e->model;
	uint64_t ub = y->ub, h = m->hidden, ff = m->intermediate;
	gs_bytes cb = graph_bytes(e, y, y->has_output, outputs_of(y));
	if (!y->my_layers && !y->has_output)
		cb = 0;
	if (y->row && y->dev > 0) /* the other GPUs hold their row slices' results */
		cb = gs_mul_sat(ub, (2 * ff + h) * 4) / y->ndev;
	y->offloaded = ops_offloaded(e, y);
	gs_bytes split = y->offloaded ? offloaded_split(e, y, y->cb_off, sizeof y->cb_off) : 0;
	if (split > cb)
		cb = split;
	y->cb = cb;
}

/* Host memory: embeddings, blocks not offloaded and their KV, the host
 * compute buffer (input embeddings + f32 KQ mask) and the output buffer
 * (llama_context::output_reserve: n_seq_max rows of logits, CUDA_Host). */
static void host_side(gs_estimate *e, const layout *y)
{
	const gs_model *m = &e->model;
	uint64_t ub = y->ub, h = m->hidden, cells = y->cells;
	gs_bytes hc = gs_add_sat(gs_mul_sat(ub, h * 4), gs_mul_sat(gs_mul_sat(cells, ub), 4));
	/* blocks left on the CPU run their own graph there: the same steps,
	 * in host memory (and the head, when it is not offloaded) */
	if (y->host_layers || y->head_on_host)
		hc = gs_add_sat(hc, graph_bytes(e, y, y->head_on_host, outputs_of(y)));
	uint64_t rows = y->r->n_seq ? y->r->n_seq : 1;
	gs_bytes logits = gs_mul_sat(gs_mul_sat((uint64_t)m->vocab, 4), rows);
	e->host_bytes = gs_add_sat(gs_add_sat(y->host, hc), logits);
	snprintf(e->host_what, sizeof e->host_what,
	         "token embeddings%s%s, host compute %llu B, output %llu B",
	         y->host_layers ? ", blocks not offloaded with their KV and graph"
	         : y->head_on_host ? ", the head and its graph" : "",
	         y->host_parts ? ", experts kept there" : "", (unsigned long long)hc,
	         (unsigned long long)logits);
	add_buffer(e, "CPU", "model", y->host_model);
	if (y->host_kv)
		add_buffer(e, "CPU", "kv", y->host_kv);
	if (y->host_rs) /* before b5702 the states are cells of the KV cache */
		add_buffer(e, "CPU", y->b->recurrent ? "state" : "kv", y->host_rs);
	add_buffer(e, "CPU", "compute", hc);
	add_buffer(e, "CPU", "output", logits);
}

/* The build a run is: the one asked (--runtime-version bNNNN under
 * runtime llamacpp), else the newest the row stands for (Ollama's runners:
 * the build its release vendors, which the row stands for). */
static uint32_t build_of(const gs_estimate *e, const gsi_llamacpp_release *b)
{
	const gs_workload *w = &e->workload;
	const char *v = e->runtime == GS_RT_LLAMACPP && gs_wl_set(w, GS_F_RUNTIME_VERSION)
	                        ? gs_wl_str(w, GS_F_RUNTIME_VERSION)
	                : b->rel.same_to ? b->rel.same_to
	                                 : b->rel.version;
	return (uint32_t)strtoul(v + 1, NULL, 10);
}

/* Lay out device `dev`'s share of run `r` (no items). */
static gs_status lay_out(const gs_estimate *e, uint32_t dev, const gsi_llamacpp_run *r, layout *y,
                         gs_error *err)
{
	const gs_model *m = &e->model;
	memset(y, 0, sizeof *y);
	y->dev = dev;
	y->r = r;
	y->b = r->build;
	y->fa = r->fa;
	y->mask_pad = build_of(e, y->b) < 7350;
	y->kv_reuse = build_of(e, y->b) >= 6263;
	y->L = m->layers;
	y->ndev = e->gpus;
	y->row = gs_wl_split_mode(&e->workload) == GS_SPLIT_ROW && e->gpus > 1;
	gpu_range(y->L, r->ngl, y->b->output_first, &y->start, &y->act);
	y->ub = r->n_ubatch;
	y->n_ctx = gs_mul_sat(e->length ? e->length : (m->max_position ? m->max_position : 4096),
	                      e->concurrency ? e->concurrency : 1);

	gs_status st = parse_split(e, r, y->cum, y->ndev, err);
	if (st)
		return st;
	model_buffer(e, y);
	kv_cache(e, y);
	compute_buffer(e, y);
	return GS_OK;
}

/* What device `dev` holds for run `r`: its buffers and the CUDA context
 * (--fit's projection: llama_get_memory_breakdown of a dry run). */
static gs_bytes device_total(const gs_estimate *e, uint32_t dev, const gsi_llamacpp_run *r)
{
	layout y;
	if (lay_out(e, dev, r, &y, NULL))
		return UINT64_MAX;
	gs_bytes t = gs_add_sat(gs_add_sat(y.model_mine, y.kv_mine), gs_add_sat(y.rs_mine, y.cb));
	return gs_add_sat(t, gsi_llamacpp_context(&e->workload));
}

/* The items and buffers of a laid-out device. */
static void emit(gs_estimate *e, const layout *y)
{
	const gs_model *m = &e->model;
	const gs_workload *w = &e->workload;
	char src[200];
	snprintf(src, sizeof src,
	         METHOD "§14; llama.cpp llama-model.cpp (layer offload); tensor bytes from the GGUF");
	gs_item *wt = gsi_item(e, "weights", GS_BASIS_ESTIMATED, src);
	gsi_item_all(wt, 7, y->model_mine);
	gsi_formula(wt, "model buffer: %llu of %llu blocks%s on GPU %u (-ngl %llu)%s, exact tensor bytes",
	            (unsigned long long)y->my_layers, (unsigned long long)y->L,
	            !y->has_output ? ""
	            : y->r->output_extra ? " + output head and the vision tower (Ollama's engine loads it "
	                                   "from the model's file beside the head)"
	            : y->tied_head ? " + output head (tied: a second copy of token_embd)"
	                           : " + output head",
	            y->dev, (unsigned long long)y->r->ngl,
	            y->expert_host_blocks ? ", the experts -ot / --n-cpu-moe keep in host memory left out"
	                                  : "");
	gs_item *kv = gsi_item(e, "kv_cache", GS_BASIS_ESTIMATED, METHOD "§14; llama.cpp llama-kv-cache.cpp");
	kv->varies = true;
	gsi_item_all(kv, 6, y->kv_mine);
	char swa_how[200] = "", streams[128] = "";
	if (y->swa)
		snprintf(swa_how, sizeof swa_how,
		         "; %llu of them sliding-window layers with %llu cells (window %u)",
		         (unsigned long long)y->my_swa, (unsigned long long)y->swa_cells, m->sliding_window);
	if (y->streams > 1)
		snprintf(streams, sizeof streams, " in %llu streams of %llu%s",
		         (unsigned long long)y->streams, (unsigned long long)y->stream_cells,
		         y->hybrid_each ? " (a hybrid's cache: n_ctx in each stream to b8024)" : "");
	if (y->my_reused) {
		size_t n = strlen(swa_how);
		snprintf(swa_how + n, sizeof swa_how - n, "; %llu more blocks reuse an earlier block's K/V "
		         "and keep none (b6263 on)", (unsigned long long)y->my_reused);
	}
	gsi_formula(kv,
	            "%llu blocks x n_ctx %llu as %llu cells%s (%s, pad %llu%s) x (K %llu elements in %s + V "
	            "%llu elements in %s)%s%s",
	            (unsigned long long)y->my_kv, (unsigned long long)y->n_ctx,
	            (unsigned long long)y->cells, streams, y->b->rel.version, (unsigned long long)y->pad,
	            y->fa ? ", flash attention" : "",
	            (unsigned long long)y->kv_k, e->kv_format.name, (unsigned long long)y->kv_v,
	            e->kv_format_v.name, m->attn == GS_ATTN_MLA ? " (the MLA latent)" : "", swa_how);
	if (y->rs_layers || y->host_rs) {
		/* before b5702 (PR #13979) the KV cache itself held the states:
		 * max(1, n_seq_max) cells of n_embd_k_s + n_embd_v_s in f32
		 * (src/llama.cpp llama_kv_cache_init at b4020), the same bytes */
		gs_item *rs = gsi_item(e, "state_cache", GS_BASIS_ESTIMATED,
		                       y->b->recurrent ? METHOD "§14 (llama.cpp llama-memory-recurrent.cpp)"
		                                       : METHOD "§14 (llama.cpp src/llama.cpp "
		                                                "llama_kv_cache_init, recurrent cells)");
		gsi_item_all(rs, 6, y->rs_mine);
		gsi_formula(rs,
		            "%llu state layers x %llu cells (one a sequence) x %llu B in f32 (r (d_conv - 1) "
		            "x (d_inner + 2 n_group d_state) + s d_state x d_inner)%s",
		            (unsigned long long)y->rs_layers, (unsigned long long)y->rs_cells,
		            (unsigned long long)y->rs_layer,
		            y->b->recurrent ? "" : "; before b5702 these are the KV cache's cells: the log "
		                                   "counts them in its KV buffer");
	}
	gs_item *cbi = gsi_item(e, "activations", GS_BASIS_ESTIMATED,
	                        METHOD "§14 (compute buffer: our derivation from llama.cpp's graph and "
	                               "ggml-backend's scheduler; the offloaded head reproduces ggml-ci's "
	                               "build-4020 log)");
	cbi->varies = true;
	gsi_item_all(cbi, 6, y->cb);
	uint64_t ub = y->ub, h = m->hidden, ff = m->intermediate;
	gsi_formula(cbi,
	            "compute buffer: max(attention %s + 7 x %llu x %llu x 4, FFN %llu x (2 x %llu + 3 x "
	            "%llu) x 4%s%s%s) B",
	            y->fa ? "mask cells x n_ubatch x 2" : "KQ cells x n_ubatch x n_head x 4",
	            (unsigned long long)ub, (unsigned long long)h, (unsigned long long)ub,
	            (unsigned long long)ff, (unsigned long long)h,
	            y->has_output ? ", output rows x n_vocab x 4 + n_ubatch x 2 n_embd x 4" : "",
	            y->offloaded && y->cb_off[0] ? ", ops offloaded from the host (batch >= 32): " : "",
	            y->offloaded ? y->cb_off : "");
	if (y->offloaded && y->host_layers && m->vocab < ff && !m->inv.gate_exps0_bytes)
		gsi_unknown(e,
		            "activations: n_vocab %u is below n_ff %llu, so a host block's FFN matrix "
		            "offloaded to the GPU may be the largest split, which is not sized",
		            m->vocab, (unsigned long long)ff);
	gs_item *ctxi = gsi_item(e, "runtime_context", GS_BASIS_ESTIMATED,
	                         METHOD "§6 (llama.cpp CUDA backend ~250 MiB)");
	gsi_item_all(ctxi, 7, gsi_llamacpp_context(w));
	gsi_formula(ctxi, "CUDA context and backend: %s", gs_wl_set(w, GS_F_RUNTIME_CONTEXT)
	                                                    ? gs_wl_str(w, GS_F_RUNTIME_CONTEXT) : "250 MiB");
	char name[12];
	snprintf(name, sizeof name, "CUDA%u", y->dev);
	add_buffer(e, name, "model", y->model_mine);
	add_buffer(e, name, "kv", y->kv_mine);
	if (y->rs_mine)
		add_buffer(e, name, y->b->recurrent ? "state" : "kv", y->rs_mine);
	add_buffer(e, name, "compute", y->cb);
	if (y->dev == 0)
		host_side(e, y);
	if (y->swa && e->runtime == GS_RT_LLAMACPP)
		gsi_unknown(e,
		            "kv_cache: sliding-window cells grow with the sequences (here %llu%s); "
		            "--swa-full keeps n_ctx cells, as builds before May 2025 (b5429) always did",
		            (unsigned long long)y->r->n_seq, y->r->unified ? ", one unified cache" : "");
	else if (y->swa) /* Ollama's engine: its own cells (kvcache/causal.go), no --swa-full */
		gsi_unknown(e,
		            "kv_cache: sliding-window cells grow with the sequences (here %llu)",
		            (unsigned long long)y->r->n_seq);
	if (y->rs_layers && y->dev == 0)
		gsi_unknown(e, "activations: the recurrent layers' scan buffers in the compute graph are not "
		               "derived (the state itself is counted)");
}
/* A LoRA adapter (--lora): llama.cpp loads each adapter tensor into the
 * buffer of the base tensor it adapts, so a block's adapter goes where the
 * block goes (llama-adapter.cpp). From the adapter's .gguf, its exact tensor
 * bytes per block; from a size, spread over the blocks evenly. */
static gs_status lora_adapter(gs_estimate *e, const layout *y, gs_error *err)
{
	const gs_workload *w = &e->workload;
	const char *text = gs_wl_str(w, GS_F_LORA_ADAPTER), *where = w->v[GS_F_LORA_ADAPTER].where;
	gs_bytes size, mine = 0, host = 0;
	char how[160];
	if (gs_parse_bytes(text, strlen(text), "lora_adapter", &size, NULL) == GS_OK) {
		uint64_t L = y->L ? y->L : 1;
		mine = gs_mul_sat(size, y->my_layers) / L;
		host = gs_mul_sat(size, y->host_layers) / L;
		snprintf(how, sizeof how, "%s spread over the %llu blocks by their place", text,
		         (unsigned long long)L);
	} else {
		gs_inventory *inv = gs_inventory_new();
		if (!inv)
			return gs_error_set(err, GS_ENOMEM, where, "out of memory");
		gs_status s = gs_inventory_load_path(inv, text, err);
		gs_inventory_summary sum;
		if (!s)
			gs_inventory_summarize(inv, 0, &sum);
		gs_inventory_free(inv);
		if (s)
			return s;
		if (strcmp(sum.format, "gguf") != 0)
			return gs_error_set(err, GS_EINPUT, where,
			                    "%.80s: llama.cpp loads adapters from .gguf files (convert a "
			                    "PEFT adapter with convert_lora_to_gguf.py), or give its size "
			                    "(160MiB)",
			                    text);
		for (uint64_t l = 0; l < y->L && l < GS_MAX_LAYERS; l++) {
			int d = device_of(y, l);
			if (d == (int)y->dev)
				mine = gs_add_sat(mine, sum.layer_bytes[l]);
			else if (d < 0)
				host = gs_add_sat(host, sum.layer_bytes[l]);
		}
		/* adapters of the embeddings and the head follow those tensors */
		if (y->has_output)
			mine = gs_add_sat(mine, sum.output_bytes);
		if (y->dev == 0)
			host = gs_add_sat(host, sum.input_bytes);
		snprintf(how, sizeof how, "%.80s: %llu tensors, exact bytes per block", text,
		         (unsigned long long)sum.tensors);
	}
	gs_item *it = gsi_item(e, "lora_adapter", GS_BASIS_ESTIMATED,
	                       METHOD "§14 (llama.cpp llama-adapter.cpp: adapter tensors in the buffer of "
	                              "the tensor they adapt)");
	gsi_item_all(it, 7, mine);
	gsi_formula(it, "adapter on GPU %u: %s", y->dev, how);
	char name[12];
	snprintf(name, sizeof name, "CUDA%u", y->dev);
	add_buffer(e, name, "lora", mine);
	if (y->dev == 0 && host) {
		add_buffer(e, "CPU", "lora", host);
		e->host_bytes = gs_add_sat(e->host_bytes, host);
	}
	return GS_OK;
}

/* GLM's MTP blocks, which the converter writes after the decoder's
 * (layer_bytes from index `layers` on) and llama.cpp never places on a
 * device (TENSOR_SKIP in src/models/glm4-moe.cpp; deepseek2.cpp loads
 * them only for MTP drafting): in weights only (the file), in no buffer. */
static void mtp_blocks(gs_estimate *e)
{
	const gs_model *m = &e->model;
	gs_bytes skipped = 0;
	for (uint32_t l = m->layers; l < m->layers + m->mtp_layers && l < GS_MAX_LAYERS; l++)
		skipped = gs_add_sat(skipped, m->inv.layer_bytes[l]);
	if (skipped)
		gsi_unknown(e, "weights: the planned file holds %u MTP block(s) (blk.%u, %llu B) that "
		            "llama.cpp does not load for generation (TENSOR_SKIP, src/models/glm4-moe.cpp; "
		            "deepseek2.cpp loads them only to draft tokens): in weights only (the file), "
		            "on no device", m->mtp_layers, m->layers, (unsigned long long)skipped);
}

/* The file type a config.json is to become: a llama.cpp file type from
 * --format (gguf:Q4_K_M, Q4_K_M), or the float types bf16 / fp16 / fp32. */
/* Gemma 3n's per_layer_token_embd, the largest tensor of the file, is
 * typed three ways: as the tied head by llama-quant.cpp from b8266 (PR
 * #19770's tensor categories), as token_embd before (its own branch by
 * name, b5763), left as converted by Ollama's quantizer. The plan follows
 * the runtime's (opts); the other file's size is said. */
static void ple_unknown(gs_estimate *e, const char *ft, const gsi_quant_opts *opts)
{
	if (!e->model.ple_params || !e->model.inv.quantized)
		return;
	gs_model other = e->model;
	gsi_quant_opts alt = *opts;
	alt.ple = opts->ple == GSI_PLE_KEEP ? GSI_PLE_TIED : GSI_PLE_TOKEN;
	if (gsi_gguf_plan_by(&other, ft, &alt, NULL, NULL, NULL) != GS_OK)
		return;
	gs_bytes a = e->model.inv.ple_bytes, b = other.inv.ple_bytes;
	if (opts->ple == GSI_PLE_KEEP)
		gsi_unknown(e, "weights: per_layer_token_embd is planned unquantized (%llu B), as Ollama's "
		            "quantizer leaves it (server/quantization.go, PR #11207); a %s GGUF made by "
		            "llama.cpp's llama-quantize holds it in %llu B (and quantizes none of the small "
		            "altup, laurel and per_layer_model_proj tensors Ollama's does)",
		            (unsigned long long)a, ft, (unsigned long long)b);
	else
		gsi_unknown(e, "weights: per_layer_token_embd is typed as the tied head (%llu B), as "
		            "llama-quantize has since b8266 (PR #19770); %s files quantized before hold it "
		            "as token_embd (%llu B), and Ollama's quantizer leaves it unquantized",
		            (unsigned long long)a, ft, (unsigned long long)b);
}

static gs_status plan_from_config(gs_estimate *e, gs_error *err)
{
	const gs_workload *w = &e->workload;
	char ft[32];
	const char *name = e->format.name;
	if (!strcmp(name, "bf16") || !strcmp(name, "fp16") || !strcmp(name, "fp32"))
		snprintf(ft, sizeof ft, "%s",
		         !strcmp(name, "bf16")   ? "BF16"
		         : !strcmp(name, "fp16") ? "F16"
		                                 : "F32");
	else if (!gsi_gguf_ftype(name, ft, sizeof ft))
		return gs_error_set(err, GS_EINPUT, w->v[GS_F_FORMAT].where,
		                    "format %s is not a llama.cpp file type; expected one of %s (or a .gguf "
		                    "model)",
		                    name, gsi_gguf_ftypes());
	gs_quantizer q = gs_wl_quantizer(w);
	/* an Ollama model's file is made by Ollama's quantizer, which leaves
	 * Gemma 3n's per-layer embeddings unquantized */
	gsi_quant_opts opts = {q, gs_wl_imatrix(w),
	                       e->runtime == GS_RT_OLLAMA ? GSI_PLE_KEEP : GSI_PLE_TIED};
	/* "MXFP4" stays itself: for gpt-oss, the converter's file of its own
	 * MXFP4 experts, not llama-quantize's MXFP4_MOE */
	const char *bare = strncasecmp(name, "gguf:", 5) ? name : name + 5;
	const char *plan_as = !strcasecmp(bare, "mxfp4") ? "MXFP4" : ft;
	gs_status s = gsi_gguf_plan_by(&e->model, plan_as, &opts, NULL, NULL, err);
	if (s)
		return s;
	/* gpt-oss: the converter keeps its MXFP4 experts in an MXFP4 or float
	 * file (--outtype bf16, f16, f32); llama-quantize requantizes them */
	bool converter = !strcmp(e->model.model_type, "gpt_oss") &&
	                 (!strcmp(plan_as, "MXFP4") || !strcmp(ft, "BF16") || !strcmp(ft, "F16") ||
	                  !strcmp(ft, "F32"));
	if (!strcmp(e->model.model_type, "gpt_oss") && e->model.inv.quantized && !converter)
		gsi_unknown(e,
		            "weights: llama-quantize requantizes gpt-oss's MXFP4 experts to %s as planned; "
		            "published gpt-oss GGUFs of that name often keep them in MXFP4 (--tensor-type "
		            "overrides): --format MXFP4 sizes the converter's file", ft);
	e->weights_only = e->model.inv.stored_bytes; /* the planned file's tensors */
	e->weights_only_from_file = true;          /* its bits per weight, not the type's nominal bits */
	mtp_blocks(e);
	if (converter)
		gsi_unknown(e,
		            "weights: the tensor table is planned from config.json as llama.cpp's converter "
		            "writes gpt-oss (its MXFP4 experts kept, the rest in %s); Ollama's and other "
		            "converters' files may differ: read the file for exact bytes",
		            !strcmp(plan_as, "MXFP4") ? "its float type" : ft);
	else
		gsi_unknown(e,
		            "weights: the tensor table is planned from config.json as llama.cpp's converter "
		            "and quantizer (%s) would make a %s file %s an importance matrix%s; a published "
		            ".gguf may differ (another converter, --tensor-type overrides): read it for "
		            "exact bytes",
		            q == GS_QUANT_B4020 ? "build 4020's src/llama.cpp"
		                                : "llama-quant.cpp at 007dbbf3",
		            ft, opts.imatrix ? "with" : "without",
		            !opts.imatrix && strncmp(ft, "IQ", 2) == 0 ? " (with one for the types that need "
		                                                         "it)" : "");
	/* where an importance matrix changes the types and the sheet does not
	 * say whether the file had one, name the other file's size */
	const char *change = gsi_gguf_imatrix_change(ft);
	if (change && !gs_wl_given(w, GS_F_IMATRIX)) {
		gs_model other = e->model;
		gsi_quant_opts with = {q, true, opts.ple};
		if (gsi_gguf_plan_by(&other, ft, &with, NULL, NULL, err) == GS_OK &&
		    other.inv.stored_bytes != e->model.inv.stored_bytes) {
			gs_bytes a = e->model.inv.stored_bytes, b = other.inv.stored_bytes;
			gsi_unknown(e,
			            "weights: made with an importance matrix (llama-quantize --imatrix, as "
			            "many published %s files are), the file holds %llu B %s (%s): --imatrix "
			            "plans that file",
			            ft, (unsigned long long)(b > a ? b - a : a - b), b > a ? "more" : "less",
			            change);
		}
	}
	ple_unknown(e, ft, &opts);
	/* a fused attn_qkv (Phi-3, GPT-NeoX) is typed by a rule that changed
	 * between quantizer releases: say which one planned it */
	if (e->model.inv.quantized &&
	    (!strcmp(e->model.model_type, "phi3") || !strcmp(e->model.model_type, "gpt_neox")) &&
	    !gs_wl_given(w, GS_F_QUANTIZER))
		gsi_unknown(e, "weights: attn_qkv is typed as llama-quant.cpp at 007dbbf3 types attn_v; a "
		               "file made by an older llama-quantize (build 4020, Nov 2024) gives it its own "
		               "rule (Q3_K_M/L: Q4_K, Q4_K_M: Q5_K, Q5_K_M: Q6_K, else the file type's): "
		               "--quantizer b4020 plans that file");
	return GS_OK;
}

gs_status gsi_llamacpp_model(gs_estimate *e, gs_error *err)
{
	const gs_model *m = &e->model;
	gs_field plan = gsi_gguf_plan_field_given(&e->workload);
	if (m->has_inventory && plan != GS_F__COUNT)
		return gs_error_set(err, GS_EINPUT, e->workload.v[plan].where,
		                    "%s: it plans a file type from a config.json; this model's tensor types "
		                    "are read from its file",
		                    gs_field_key(plan));
	if (!m->has_inventory) {
		/* a config.json: plan the GGUF llama.cpp would make of it */
		gs_status ps = plan_from_config(e, err);
		if (ps)
			return ps;
	}
	if (!m->has_inventory || strcmp(m->inv.format, "gguf") != 0)
		return gs_error_set(err, GS_EINPUT, e->workload.v[GS_F_RUNTIME].where,
		                    "runtime %s sizes a GGUF file, or a config.json with a llama.cpp file "
		                    "type (--format Q4_K_M): this model's tensors are %s",
		                    gs_runtime_name(e->runtime), m->inv.format);
	return GS_OK;
}

bool gsi_llamacpp_vision_as_text(const gs_model *m)
{
	/* convert_hf_to_gguf writes their text GGUF and a separate --mmproj
	 * (conversion/gemma.py Gemma4Model and Gemma4VisionAudioModel, PR
	 * #21309; conversion/qwen3vl.py: Qwen3VLTextModel, Qwen3VLMoeTextModel and
	 * Qwen3VLVisionModel, an MmprojModel that also takes Qwen3.5's tower;
	 * conversion/qwen.py Qwen3_5TextModel, Qwen3_5MoeTextModel; Kimi K2.5:
	 * conversion/deepseek.py and conversion/kimivl.py KimiK25Model, b8003) */
	static const char *const types[] = {"gemma3",      "mistral3", "qwen3_vl", "qwen3_vl_moe",
	                                    "qwen3_5",     "qwen3_5_moe", "llama4", "lfm2_vl",
	                                    "gemma4",      "kimi_k25"};
	for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
		if (!strcmp(m->model_type, types[i]))
			return true;
	return false;
}

/* Gemma 3's vision tower and projector: convert_hf_to_gguf.py --mmproj
 * writes them in F16 by default, and llama-server / llama-mtmd-cli load the
 * file on GPU 0 unless --no-mmproj-offload. Its compute buffer (clip.cpp's
 * graph for the largest image) is not derived: named, not guessed. */
static void vision_projector(gs_estimate *e, uint32_t dev)
{
	const gs_model *m = &e->model;
	const gs_workload *w = &e->workload;
	gs_bytes f16 = gs_mul_sat(m->vision_params, 2);
	if (!gs_wl_set(w, GS_F_IMAGES) || !gs_wl_u64(w, GS_F_IMAGES)) {
		gsi_unknown(e,
		            "vision: the text model alone is sized (llama.cpp's %s GGUF); with --mmproj, the "
		            "vision tower and projector add %llu B in F16 on GPU 0 and clip.cpp's compute "
		            "buffer: give images to count the projector",
		            gsi_gguf_arch(m), (unsigned long long)f16);
		return;
	}
	gs_item *it = gsi_item(e, "vision_tower", GS_BASIS_ESTIMATED,
	                       METHOD "§14 \"Gemma 3\" (the --mmproj file convert_hf_to_gguf.py writes, F16 "
	                              "by default)");
	gsi_item_all(it, 7, dev == 0 ? f16 : 0);
	gsi_formula(it, "mmproj on GPU 0: %llu vision parameters x 2 B (F16)",
	            (unsigned long long)m->vision_params);
	if (dev == 0)
		gsi_unknown(e,
		            "vision: clip.cpp's compute buffer for an image (%llu patches through the "
		            "tower) is not sized; it is the mmproj's own graph, reserved once for the "
		            "largest image",
		            (unsigned long long)(m->vision_merge
		                                         ? gs_mul_sat(e->image_tokens, m->vision_merge)
		                                         : m->vision_patches));
}


gs_status gsi_llamacpp_buffers(gs_estimate *e, uint32_t dev, const gsi_llamacpp_run *r, gs_error *err)
{
	const gs_model *m = &e->model;
	const gs_workload *w = &e->workload;
	gsi_llamacpp_run run = *r;
	if (!run.build)
		run.build = gsi_llamacpp_build(NULL);
	/* llama.cpp refuses a quantized V cache without flash attention
	 * (llama-context.cpp); a quantized K cache is fine */
	gs_field vfield = gs_wl_set(w, GS_F_KV_FORMAT_V) ? GS_F_KV_FORMAT_V : GS_F_KV_FORMAT;
	if (e->kv_format_v.quantized && !run.fa)
		return gs_error_set(err, GS_EINPUT, w->v[vfield].where,
		                    "llama.cpp keeps a quantized V cache only with flash attention: add "
		                    "--attention flash (-fa on), or give the V cache a float format "
		                    "(kv_format_v fp16)");
	gsi_phase(e, 0, "load", "model buffers on the devices");
	gsi_phase(e, 1, "context", "KV cache and compute buffers reserved");
	gsi_phase(e, 2, "decode", "serving requests");
	e->n_phases = 3;
	layout y;
	gs_status st = lay_out(e, dev, &run, &y, err);
	if (st)
		return st;
	emit(e, &y);
	if (m->vision_params && gsi_llamacpp_vision_as_text(m))
		vision_projector(e, dev);
	if (gs_wl_set(w, GS_F_LORA_ADAPTER))
		return lora_adapter(e, &y, err);
	return GS_OK;
}

gs_bytes gsi_llamacpp_context(const gs_workload *w)
{
	return gs_wl_set(w, GS_F_RUNTIME_CONTEXT) ? gs_wl_u64(w, GS_F_RUNTIME_CONTEXT) : 250 * GS_MiB;
}

/* --- llama.cpp started directly: the build's defaults, -ot, --fit ------------ */

/* Whether the build knows the model's architecture (src/llama-arch.cpp). */
static gs_status arch_known(const gs_estimate *e, const gsi_llamacpp_release *b, gs_error *err)
{
	const char *arch = gsi_gguf_arch(&e->model), *pr;
	uint32_t since = gsi_llamacpp_arch_since(arch, &pr);
	const gs_workload *w = &e->workload;
	uint32_t build = build_of(e, b);
	if (since != UINT32_MAX && build < since)
		return gs_error_set(err, GS_EINPUT, w->v[GS_F_RUNTIME_VERSION].where,
		                    "runtime_version: llama.cpp %s has no architecture \"%s\" (added in b%u, "
		                    "PR %s): give b%u or newer",
		                    gs_wl_str(w, GS_F_RUNTIME_VERSION), arch, since, pr, since);
	/* Olmo 3 converts as olmo2 with a sliding window, which the converter
	 * writes and olmo2 reads from b6492 (85286f35, PR #16015) */
	if (!strcmp(e->model.model_type, "olmo3") && build < 6492)
		return gs_error_set(err, GS_EINPUT, w->v[GS_F_RUNTIME_VERSION].where,
		                    "runtime_version: llama.cpp %s converts and runs no Olmo 3 (arch olmo2 "
		                    "with its sliding window from b6492, PR #16015): give b6492 or newer",
		                    gs_wl_str(w, GS_F_RUNTIME_VERSION));
	return GS_OK;
}

/* One -ot pattern's tensors, on the names llama.cpp gives a block's
 * tensors: bits of the expert kinds it matches in block l, GSI_HOST_REST
 * when it matches every other tensor of the block; -1 when it matches only
 * some of those (not sized). */
static int ot_block(const regex_t *re, const gs_model *m, uint32_t l)
{
	static const char *const exps[3] = {"ffn_gate_exps.weight", "ffn_up_exps.weight",
	                                    "ffn_down_exps.weight"};
	static const char *const dense[] = {"attn_norm.weight",   "attn_q.weight",   "attn_k.weight",
	                                    "attn_v.weight",      "attn_output.weight", "ffn_norm.weight",
	                                    "ffn_gate.weight",    "ffn_up.weight",   "ffn_down.weight"};
	static const char *const moe[] = {"attn_norm.weight", "attn_q.weight",      "attn_k.weight",
	                                  "attn_v.weight",    "attn_output.weight", "ffn_norm.weight",
	                                  "ffn_gate_inp.weight"};
	bool is_moe = l < GS_MAX_LAYERS && m->layer_is_moe[l];
	const char *const *rest = is_moe ? moe : dense;
	size_t nrest = is_moe ? sizeof moe / sizeof moe[0] : sizeof dense / sizeof dense[0];
	char name[64];
	int bits = 0;
	for (int k = 0; k < 3 && is_moe; k++) {
		snprintf(name, sizeof name, "blk.%u.%s", l, exps[k]);
		if (!regexec(re, name, 0, NULL, 0))
			bits |= 1 << k;
	}
	size_t hit = 0;
	for (size_t i = 0; i < nrest; i++) {
		snprintf(name, sizeof name, "blk.%u.%s", l, rest[i]);
		hit += !regexec(re, name, 0, NULL, 0);
	}
	if (hit == nrest)
		bits |= GSI_HOST_REST;
	else if (hit)
		return -1;
	return bits;
}

/* -ot PATTERN=CPU[,...]: llama.cpp's std::regex_search on each tensor's
 * name, here as a POSIX extended expression (\d read as [0-9]). Only the
 * host (CPU) buffer is sized; a pattern that matches nothing, or only part
 * of a block's non-expert tensors, is refused. */
static gs_status override_tensors(const gs_estimate *e, gsi_llamacpp_run *r, gs_error *err)
{
	const gs_workload *w = &e->workload;
	const gs_model *m = &e->model;
	const char *text = gs_wl_str(w, GS_F_OVERRIDE_TENSOR), *where = w->v[GS_F_OVERRIDE_TENSOR].where;
	for (const char *p = text; *p;) {
		size_t n = strcspn(p, ",");
		const char *eq = memchr(p, '=', n);
		if (!eq || eq == p)
			return gs_error_set(err, GS_EINPUT, where,
			                    "override_tensor \"%.60s\": expected PATTERN=CPU pairs separated "
			                    "by commas, e.g. \"exps=CPU\"", text);
		size_t pl = (size_t)(eq - p), bl = n - pl - 1;
		if (bl != 3 || strncasecmp(eq + 1, "CPU", 3))
			return gs_error_set(err, GS_EINPUT, where,
			                    "override_tensor \"%.*s\": only =CPU (host memory) is sized; "
			                    "moving tensors to another GPU is not", (int)(n > 80 ? 80 : n),
			                    p);
		char pat[256];
		size_t o = 0;
		for (size_t i = 0; i < pl && o + 6 < sizeof pat; i++) {
			if (p[i] == '\\' && i + 1 < pl && p[i + 1] == 'd') {
				memcpy(pat + o, "[0-9]", 5);
				o += 5;
				i++;
			} else {
				pat[o++] = p[i];
			}
		}
		pat[o] = 0;
		regex_t re;
		if (regcomp(&re, pat, REG_EXTENDED | REG_NOSUB))
			return gs_error_set(err, GS_EINPUT, where,
			                    "override_tensor: \"%.80s\" is not a regular expression", pat);
		bool any = false;
		int bad = -1;
		for (uint32_t l = 0; l < m->layers && l < GS_MAX_LAYERS; l++) {
			int bits = ot_block(&re, m, l);
			if (bits < 0) {
				bad = (int)l;
				break;
			}
			any |= bits != 0;
			r->host_parts[l] |= (uint8_t)bits;
		}
		bool head = !regexec(&re, "output.weight", 0, NULL, 0);
		regfree(&re);
		if (bad >= 0)
			return gs_error_set(err, GS_EINPUT, where,
			                    "override_tensor \"%.80s\" matches some of block %d's tensors "
			                    "other than its experts: gpusizer places expert tensors "
			                    "(ffn_*_exps) and whole blocks", pat, bad);
		if (head)
			return gs_error_set(err, GS_EINPUT, where,
			                    "override_tensor \"%.80s\" matches the output head: keep it in "
			                    "host memory with -ngl instead", pat);
		if (!any)
			return gs_error_set(err, GS_EINPUT, where,
			                    "override_tensor \"%.80s\" matches no tensor of this model (its "
			                    "blocks are blk.N.*%s)", pat,
			                    m->experts ? ", the experts blk.N.ffn_{gate,up,down}_exps.weight"
			                               : "");
		p += n + (p[n] == ',');
	}
	return GS_OK;
}

/* --n-cpu-moe N / --cpu-moe: the experts of the first N blocks (every
 * block's) stay in host memory (common/arg.cpp: one override per block,
 * LLM_FFN_EXPS_REGEX). */
static gs_status cpu_moe(const gs_estimate *e, gsi_llamacpp_run *r, uint64_t *n, gs_error *err)
{
	const gs_workload *w = &e->workload;
	const gs_model *m = &e->model;
	const char *text = gs_wl_str(w, GS_F_N_CPU_MOE), *where = w->v[GS_F_N_CPU_MOE].where;
	char *end;
	unsigned long long v = strtoull(text, &end, 10);
	if (!strcasecmp(text, "all"))
		v = m->layers;
	else if (end == text || *end || v > (1u << 16))
		return gs_error_set(err, GS_EINPUT, where,
		                    "n_cpu_moe \"%.40s\": expected a block count (0 to %u) or all",
		                    text, m->layers);
	if (!m->experts)
		return gs_error_set(err, GS_EINPUT, where, "n_cpu_moe: model_type \"%.40s\" has no routed "
		                    "experts", m->model_type);
	*n = v < m->layers ? v : m->layers;
	for (uint64_t l = 0; l < *n && l < GS_MAX_LAYERS; l++)
		r->host_parts[l] |= 7u;
	return GS_OK;
}

/* A build's flag the sheet uses before the build had it. */
static gs_status build_has(const gs_estimate *e, gs_field f, bool has, const char *since, gs_error *err)
{
	const gs_workload *w = &e->workload;
	if (!gs_wl_set(w, f) || has)
		return GS_OK;
	const char *asked = gs_wl_set(w, GS_F_RUNTIME_VERSION) ? gs_wl_str(w, GS_F_RUNTIME_VERSION)
	                                                       : e->runtime_version;
	return gs_error_set(err, GS_EINPUT, w->v[f].where,
	                    "%s: llama.cpp %s has no such option (from %s); give runtime_version %s or newer",
	                    gs_field_key(f), asked, since, since);
}

/* How llama-server starts from the sheet and the build's defaults. */
static gs_status start_options(gs_estimate *e, const gsi_llamacpp_release *b, gsi_llamacpp_run *r,
                               gs_llamacpp_info *in, gs_error *err)
{
	const gs_workload *w = &e->workload;
	const gs_model *m = &e->model;
	gs_status s;
	/* --cpu-moe (n_cpu_moe all) from b6051, --n-cpu-moe N from b6089 */
	bool all = gs_wl_set(w, GS_F_N_CPU_MOE) && !strcasecmp(gs_wl_str(w, GS_F_N_CPU_MOE), "all");
	if ((s = build_has(e, GS_F_OVERRIDE_TENSOR, b->override_tensor, "b5028", err)) ||
	    (s = build_has(e, GS_F_N_CPU_MOE, all ? b->cpu_moe_all : b->cpu_moe, all ? "b6051" : "b6089",
	                   err)) ||
	    (s = build_has(e, GS_F_KV_UNIFIED, b->streams, "b5913", err)) ||
	    (s = build_has(e, GS_F_FIT, b->fit, "b7407", err)))
		return s;
	memset(r, 0, sizeof *r);
	r->build = b;
	r->swa_cache = true;
	r->n_batch = gs_wl_u64(w, GS_F_N_BATCH);
	uint64_t ub = gs_wl_u64(w, GS_F_N_UBATCH);
	r->n_ubatch = ub < r->n_batch ? ub : r->n_batch;
	/* flash attention */
	gs_attention a = gs_wl_attention(w);
	if (w->v[GS_F_ATTENTION].from != GS_FROM_DEFAULT && a != GS_ATTN_IMPL_AUTO) {
		r->fa = a == GS_ATTN_IMPL_FLASH;
		snprintf(in->fa_why, sizeof in->fa_why, "-fa %s, as given", r->fa ? "on" : "off");
	} else if (b->fa_auto) {
		r->fa = r->fa_auto = true;
		snprintf(in->fa_why, sizeof in->fa_why, "-fa auto (the default from b6325): on where every "
		         "layer's attention runs on its own device, as CUDA's does");
		gsi_unknown(e,
		            "attention: -fa auto turns flash attention off where a layer's FLASH_ATTN_EXT "
		            "falls back to another device (a head size the GPU's kernels lack; the log says "
		            "\"Flash Attention was auto, set to disabled\"): then the compute buffer holds "
		            "the KQ matrix, as --attention sdpa sizes");
	} else {
		r->fa = false;
		snprintf(in->fa_why, sizeof in->fa_why,
		         "off: %s's default (auto from b6325)", b->rel.version);
	}
	e->attention = r->fa ? GS_ATTN_IMPL_FLASH : GS_ATTN_IMPL_SDPA;
	/* sequences: -np, or llama-server's automatic slots */
	bool np = gs_wl_given(w, GS_F_CONCURRENCY);
	bool kvu = gs_wl_set(w, GS_F_KV_UNIFIED);
	uint32_t build = build_of(e, b);
	if (np && e->concurrency == 1 && !kvu && b->auto_slots && build < 7433) {
		/* b6925 to b7432: llama-server made n_parallel 1 without
		 * kv_unified into its automatic slots (tools/server/server.cpp,
		 * PR #16736), an explicit -np 1 too; -np auto from b7433 (PR
		 * #17997) honours it */
		r->n_seq = b->auto_slots;
		r->unified = true;
		snprintf(in->seq_why, sizeof in->seq_why,
		         "-np 1 becomes llama-server's %u automatic slots sharing one cache in builds "
		         "b6925 to b7432 (b%u)", b->auto_slots, build);
	} else if (np) {
		r->n_seq = e->concurrency;
		r->unified = kvu ? gs_wl_bool(w, GS_F_KV_UNIFIED) : !b->streams;
		snprintf(in->seq_why, sizeof in->seq_why, "-np %llu (the sheet's concurrency)%s",
		         (unsigned long long)r->n_seq,
		         r->unified ? "" : ", each its own stream of n_ctx / -np cells");
	} else if (b->auto_slots) {
		r->n_seq = b->auto_slots;
		r->unified = kvu ? gs_wl_bool(w, GS_F_KV_UNIFIED) : true;
		snprintf(in->seq_why, sizeof in->seq_why,
		         "llama-server's automatic -np: %u slots sharing one cache (kv_unified, b6925 on); "
		         "any one request may use all of n_ctx", b->auto_slots);
	} else {
		r->n_seq = 1;
		r->unified = true;
		snprintf(in->seq_why, sizeof in->seq_why, "-np 1, %s's default", b->rel.version);
	}
	/* the context: -c, or the build's default */
	if (e->length) {
		snprintf(in->ctx_why, sizeof in->ctx_why, "-c: the sheet's length%s",
		         np && e->concurrency > 1 ? " x -np" : "");
	} else {
		e->length = b->ctx_train && m->max_position ? m->max_position : 4096;
		snprintf(in->ctx_why, sizeof in->ctx_why, "%s's default: %s", b->rel.version,
		         b->ctx_train ? "-c 0, the model's trained context" : "4096 (common_params.n_ctx)");
	}
	/* llama_context: n_batch = min(n_ctx, n_batch) for a causal model, at
	 * least GGML_KQ_MASK_PAD (64) before b7350, then n_ubatch at most that */
	uint64_t n_ctx = gs_mul_sat(e->length, e->concurrency ? e->concurrency : 1);
	if (r->n_batch > n_ctx) {
		r->n_batch = n_ctx < 64 && build < 7350 ? 64 : n_ctx;
		if (r->n_ubatch > r->n_batch)
			r->n_ubatch = r->n_batch;
	}
	/* -ngl */
	if (gs_wl_set(w, GS_F_GPU_LAYERS)) {
		r->ngl = gs_wl_u64(w, GS_F_GPU_LAYERS);
		snprintf(in->ngl_why, sizeof in->ngl_why, "-ngl %llu, as given%s", (unsigned long long)r->ngl,
		         b->output_first ? " (the output head first, b7467 on)" : "");
	} else {
		r->ngl = b->ngl_all ? (uint64_t)m->layers + 1 : 0;
		snprintf(in->ngl_why, sizeof in->ngl_why, "%s's default: %s", b->rel.version,
		         b->ngl_all ? "every layer"
		                    : "0 on CUDA (llama_model_default_params; 999 only on Metal)");
		if (!b->ngl_all)
			gsi_unknown(e,
			            "gpu_layers: llama.cpp %s offloads nothing to a CUDA GPU without -ngl; "
			            "the GPU holds the compute buffer alone: give gpu_layers (-ngl 99) to "
			            "offload",
			            b->rel.version);
	}
	uint64_t ncmoe = 0;
	if (gs_wl_set(w, GS_F_OVERRIDE_TENSOR) && (s = override_tensors(e, r, err)))
		return s;
	if (gs_wl_set(w, GS_F_N_CPU_MOE) && (s = cpu_moe(e, r, &ncmoe, err)))
		return s;
	return GS_OK;
}

static bool all_fit(const gs_estimate *e, const gsi_llamacpp_run *r, gs_bytes target)
{
	for (uint32_t d = 0; d < e->gpus; d++)
		if (device_total(e, d, r) > target)
			return false;
	return true;
}

static gs_bytes all_used(const gs_estimate *e, const gsi_llamacpp_run *r)
{
	gs_bytes t = 0;
	for (uint32_t d = 0; d < e->gpus; d++)
		t = gs_add_sat(t, device_total(e, d, r));
	return t;
}

/* --fit (b7407 on, llama_params_fit_impl / common_params_fit_impl): from
 * dry runs of these same buffers, leave 1024 MiB free on every GPU. First
 * the context, when -c was not given, by interpolating between 4096 cells
 * and the trained context (b7550's rule), rounded down to 256; then, for
 * a mixture of experts, the experts of the first blocks in host memory;
 * then whole blocks. */
static void run_fit(gs_estimate *e, gsi_llamacpp_run *r, bool ctx_free, gs_llamacpp_info *in)
{
	const gs_model *m = &e->model;
	gs_bytes target = e->capacity > FIT_MARGIN ? e->capacity - FIT_MARGIN : 0;
	char a[40];
	in->fit_target = target;
	for (uint32_t d = 0; d < e->gpus; d++) {
		gs_bytes t = device_total(e, d, r);
		in->full_peak = t > in->full_peak ? t : in->full_peak;
	}
	if (in->full_peak <= target) {
		snprintf(in->fit_what, sizeof in->fit_what,
		         "--fit: every device keeps 1024 MiB free, no change");
		return;
	}
	in->fit_ran = true;
	uint64_t train = e->length;
	if (ctx_free && train > FIT_MIN_CTX) {
		e->length = FIT_MIN_CTX;
		gs_bytes lo = all_used(e, r);
		e->length = train;
		gs_bytes hi = all_used(e, r), want = gs_mul_sat(target, e->gpus);
		uint64_t n = FIT_MIN_CTX;
		if (want > lo && hi > lo)
			n = FIT_MIN_CTX + (uint64_t)((double)(train - FIT_MIN_CTX) * (double)(want - lo) /
			                             (double)(hi - lo));
		n = n / 256 * 256;
		n = n < FIT_MIN_CTX ? FIT_MIN_CTX : n > train ? train : n;
		e->length = n;
		snprintf(in->ctx_why, sizeof in->ctx_why, "--fit reduced -c 0 (the trained %llu) to %llu to "
		         "leave 1024 MiB free", (unsigned long long)train, (unsigned long long)n);
		if (all_fit(e, r, target)) {
			snprintf(in->fit_what, sizeof in->fit_what,
			         "--fit: context reduced from %llu to %llu",
			         (unsigned long long)train, (unsigned long long)n);
			return;
		}
	}
	in->fit_moved = true;
	uint64_t L = m->layers;
	if (m->experts) {
		for (uint64_t k = 1; k <= L && k <= GS_MAX_LAYERS; k++) {
			r->host_parts[k - 1] |= 7u;
			if (all_fit(e, r, target)) {
				snprintf(in->fit_what, sizeof in->fit_what,
				         "--fit: the experts of the first %llu of %llu blocks in host memory "
				         "(as --n-cpu-moe %llu) to leave 1024 MiB free",
				         (unsigned long long)k, (unsigned long long)L, (unsigned long long)k);
				return;
			}
		}
	}
	uint64_t n = r->ngl > L + 1 ? L + 1 : r->ngl;
	for (r->ngl = n; r->ngl > 0 && !all_fit(e, r, target); r->ngl--)
		;
	n = r->ngl;
	snprintf(in->fit_what, sizeof in->fit_what, "--fit: %llu of %llu layers on the GPU%s%s to leave "
	         "1024 MiB free (%s a GPU)", (unsigned long long)n, (unsigned long long)L + 1,
	         m->experts ? ", every block's experts in host memory" : "", n ? "" : " (none fits)",
	         gs_format_bytes(target, GS_UNIT_GiB, a, sizeof a));
}

/* The run's tail: --fit where it applies, what the run is (e->llamacpp),
 * the buffers. `ctx_free`: -c was not given (fit may lower it); `np`: -np
 * was given (n_ctx is the context times the sequences). */
static gs_status finish_run(gs_estimate *e, uint32_t dev, const gsi_llamacpp_release *b, gsi_llamacpp_run *r,
                            bool fit, bool chosen, bool ctx_free, bool np, gs_error *err)
{
	gs_llamacpp_info *in = &e->llamacpp;
	gs_status s;
	if (fit && !chosen && e->has_capacity)
		run_fit(e, r, ctx_free, in);
	else if (fit && chosen)
		snprintf(in->fit_what, sizeof in->fit_what,
		         "--fit changes nothing: -ngl, -ot, --n-cpu-moe or --tensor-split was given");
	else if (fit)
		snprintf(in->fit_what, sizeof in->fit_what, "--fit not run: no GPU given");
	snprintf(in->build, sizeof in->build, "%s", b->rel.version);
	in->n_ctx = gs_mul_sat(e->length, np ? e->concurrency : 1);
	if (!np)
		e->concurrency = 1;
	in->fa = r->fa;
	in->n_seq = r->n_seq;
	in->unified = r->unified;
	in->n_ubatch = r->n_ubatch;
	in->n_batch = r->n_batch;
	in->ngl = r->ngl;
	in->layers = (uint64_t)e->model.layers + 1;
	uint64_t start, act;
	gpu_range(e->model.layers, r->ngl, b->output_first, &start, &act);
	in->gpu_layers = act;
	for (uint64_t l = 0; l < e->model.layers && l < GS_MAX_LAYERS; l++)
		in->expert_host_blocks += (r->host_parts[l] & 7u) != 0;
	layout y;
	if ((s = lay_out(e, dev, r, &y, err)))
		return s;
	in->cells = y.cells;
	in->swa_cells = y.swa ? y.swa_cells : 0;
	in->rs_cells = y.rs_layers || y.host_rs ? y.rs_cells : 0;
	e->has_llamacpp = true;
	if (in->fit_moved) {
		gsi_unknown(e, "%s: the part in host memory runs on the CPU (slow)", in->fit_what);
		/* docs/method.md §14: where gpusizer's --fit departs from upstream's */
		const char *moe = "moves every block's experts first, then brings blocks back and "
		                  "may leave part of one block's experts on the host",
		           *gpus = "measures each GPU's free memory, subtracts a multi-GPU term and "
		                   "fills the GPUs back to front with whole layers";
		if (in->expert_host_blocks || e->gpus > 1)
			gsi_unknown(e, "--fit: upstream's placement %s; the split sized here is an "
			            "approximation: read the log's buffers",
			            in->expert_host_blocks ? moe : gpus);
	}
	return gsi_llamacpp_buffers(e, dev, r, err);
}

gs_status gsi_estimate_llamacpp(gs_estimate *e, uint32_t dev, gs_error *err)
{
	const gs_workload *w = &e->workload;
	gs_status s = gsi_llamacpp_model(e, err);
	if (s)
		return s;
	const gsi_llamacpp_release *b;
	if ((s = gsi_llamacpp_release_for(e, &b, err)) || (s = arch_known(e, b, err)))
		return s;
	gs_llamacpp_info *in = &e->llamacpp;
	memset(in, 0, sizeof *in);
	bool ctx_free = !e->length;
	gsi_llamacpp_run r;
	if ((s = start_options(e, b, &r, in, err)))
		return s;
	bool chosen = gs_wl_set(w, GS_F_GPU_LAYERS) || gs_wl_set(w, GS_F_OVERRIDE_TENSOR) ||
	              gs_wl_set(w, GS_F_N_CPU_MOE) || gs_wl_set(w, GS_F_TENSOR_SPLIT);
	bool fit = b->fit && (!gs_wl_set(w, GS_F_FIT) || gs_wl_bool(w, GS_F_FIT));
	return finish_run(e, dev, b, &r, fit, chosen, ctx_free, gs_wl_given(w, GS_F_CONCURRENCY), err);
}

gs_status gsi_llamacpp_served(gs_estimate *e, uint32_t dev, const gsi_llamacpp_serve *sv, gs_error *err)
{
	const gsi_llamacpp_release *b = sv->build;
	gs_llamacpp_info *in = &e->llamacpp;
	memset(in, 0, sizeof *in);
	gsi_llamacpp_run r;
	memset(&r, 0, sizeof r);
	r.build = b;
	r.swa_cache = true;
	r.n_seq = sv->n_seq ? sv->n_seq : 1;
	r.unified = !b->streams; /* -np given: kv_unified stays off */
	r.n_batch = sv->n_batch;
	r.n_ubatch = sv->n_ubatch < sv->n_batch ? sv->n_ubatch : sv->n_batch;
	r.fa = sv->fa != 0;
	r.fa_auto = sv->fa < 0;
	e->attention = r.fa ? GS_ATTN_IMPL_FLASH : GS_ATTN_IMPL_SDPA;
	r.ngl = sv->ngl >= 0 ? (uint64_t)sv->ngl : (uint64_t)e->model.layers + 1;
	snprintf(in->fa_why, sizeof in->fa_why, "%s", sv->fa < 0 ? "--flash-attn auto, as Ollama passes it"
	                                          : sv->fa ? "--flash-attn on (OLLAMA_FLASH_ATTENTION=1)"
	                                                   : "--flash-attn off");
	snprintf(in->ctx_why, sizeof in->ctx_why, "-c num_ctx x -np, as Ollama passes them");
	snprintf(in->seq_why, sizeof in->seq_why, "-np %llu, as Ollama passes it (OLLAMA_NUM_PARALLEL)",
	         (unsigned long long)r.n_seq);
	if (sv->ngl >= 0)
		snprintf(in->ngl_why, sizeof in->ngl_why,
		         "-ngl %lld, as Ollama passes num_gpu (--fit then leaves the layers alone)",
		         (long long)sv->ngl);
	else
		snprintf(in->ngl_why, sizeof in->ngl_why, "no -ngl: llama-server's --fit places the layers");
	e->concurrency = r.n_seq;
	return finish_run(e, dev, b, &r, b->fit, sv->ngl >= 0, false, true, err);
}

/* --fit's placement, for fit's and matrix's searches (engine.h). */
bool gsi_llamacpp_layer_fit(const gs_estimate *e, gsi_layer_fit *out)
{
	if (!e->has_llamacpp || !e->llamacpp.fit_moved)
		return false;
	snprintf(out->placer, sizeof out->placer, "llama.cpp --fit");
	out->offload = e->llamacpp.expert_host_blocks ? e->llamacpp.layers - e->llamacpp.expert_host_blocks
	                                             : e->llamacpp.gpu_layers;
	out->layers = e->llamacpp.layers;
	out->required = e->llamacpp.full_peak;
	out->available = e->llamacpp.fit_target;
	return true;
}

/* --- the renderers' hooks (engine.h) ------------------------------------------ */

bool gsi_llamacpp_text_lines(const gs_estimate *e, gsi_text_part part, bool md, gsi_text *o)
{
	const gs_llamacpp_info *in = &e->llamacpp;
	if (!e->has_llamacpp)
		return false;
	const char *li = md ? "- " : "";
	switch (part) {
	case GSI_TEXT_LENGTH:
		gsi_text_put(o,
		             "length:      %llu tokens (%s)\n", (unsigned long long)e->length, in->ctx_why);
		return true;
	case GSI_TEXT_CONCURRENCY:
		gsi_text_put(o,
		             "concurrency: %llu sequence%s, n_ctx %llu (%s)\n", (unsigned long long)in->n_seq,
		             in->n_seq == 1 ? "" : "s", (unsigned long long)in->n_ctx, in->seq_why);
		return true;
	case GSI_TEXT_SUMMARY:
		gsi_text_put(o,
		             "%sllama.cpp %s:     flash attention %s (%s); -ngl %llu: %llu of %llu layers on "
		             "the GPUs (%s); n_ubatch %llu, n_batch %llu\n",
		             li, in->build, in->fa ? "on" : "off", in->fa_why,
		             (unsigned long long)in->ngl,
		             (unsigned long long)in->gpu_layers, (unsigned long long)in->layers, in->ngl_why,
		             (unsigned long long)in->n_ubatch, (unsigned long long)in->n_batch);
		if (in->expert_host_blocks)
			gsi_text_put(o, "%s                     the experts of %llu blocks stay in host "
			             "memory\n", li, (unsigned long long)in->expert_host_blocks);
		gsi_text_put(o, "%sllama.cpp KV:         %llu cells%s%s%s\n", li,
		             (unsigned long long)in->cells,
		             in->unified || in->n_seq == 1 ? "" : ", one stream a sequence",
		             in->swa_cells ? " (sliding-window layers: fewer, see kv_cache)" : "",
		             in->rs_cells ? "; recurrent state: one cell a sequence" : "");
		if (in->fit_what[0])
			gsi_text_put(o, "%sllama.cpp fit:        %s\n", li, in->fit_what);
		return true;
	default:
		return false;
	}
}

void gsi_llamacpp_extras_json(json_t *root, const gs_estimate *e)
{
	if (!e->has_llamacpp)
		return;
	const gs_llamacpp_info *in = &e->llamacpp;
	json_t *o = json_pack("{s:s, s:b, s:s, s:I, s:s, s:I, s:b, s:s, s:I, s:I, s:I, s:I, s:I, s:s}",
	                      "build", in->build, "flash_attention", in->fa, "flash_attention_why",
	                      in->fa_why,
	                      "n_ctx", (json_int_t)in->n_ctx, "n_ctx_why", in->ctx_why, "n_seq",
	                      (json_int_t)in->n_seq, "kv_unified", in->unified, "n_seq_why", in->seq_why,
	                      "n_ubatch", (json_int_t)in->n_ubatch, "n_batch", (json_int_t)in->n_batch, "ngl",
	                      (json_int_t)in->ngl, "gpu_layers", (json_int_t)in->gpu_layers, "layers",
	                      (json_int_t)in->layers, "ngl_why", in->ngl_why);
	if (!o)
		return;
	json_object_set_new(o, "expert_host_blocks", json_integer((json_int_t)in->expert_host_blocks));
	json_object_set_new(o, "kv_cells", json_integer((json_int_t)in->cells));
	json_object_set_new(o, "swa_cells", json_integer((json_int_t)in->swa_cells));
	json_object_set_new(o, "state_cells", json_integer((json_int_t)in->rs_cells));
	json_object_set_new(o, "fit", json_pack("{s:b, s:b, s:s}", "ran", in->fit_ran, "moved", in->fit_moved,
	                                        "what", in->fit_what));
	json_t *have = json_object_get(root, "llamacpp"); /* the renderer's buffers */
	if (json_is_object(have)) {
		json_object_update(have, o);
		json_decref(o);
	} else {
		json_object_set_new(root, "llamacpp", o);
	}
}

/* fit's changes of llama.cpp's own (its row's own_changes): its cache types
 * (-ctk/-ctv); a quantized V needs flash attention, a quantized K does not.
 * The weights are the file's. */
size_t gsi_llamacpp_changes(const gs_workload *w, gsi_change *c, size_t cap)
{
	size_t n = 0;
#define ADD(F, V, F2, V2, COST) gsi_change_add(c, &n, cap, F, V, F2, V2, COST)
	const char *kv = gs_wl_set(w, GS_F_KV_FORMAT) ? gs_wl_str(w, GS_F_KV_FORMAT) : "fp16";
	const char *kvv = gs_wl_set(w, GS_F_KV_FORMAT_V) ? gs_wl_str(w, GS_F_KV_FORMAT_V) : kv;
	if (strcmp(kv, "q8_0") != 0)
		ADD(GS_F_KV_FORMAT, "q8_0", GS_F_KV_FORMAT_V, kvv,
		    "K cache in q8_0 (-ctk q8_0), V unchanged; no flash attention "
		    "needed: output quality to re-confirm");
	if (gs_wl_attention(w) == GS_ATTN_IMPL_FLASH) {
		if (strcmp(kvv, "q8_0") != 0)
			ADD(GS_F_KV_FORMAT_V, "q8_0", GS_F__COUNT, "",
			    "V cache in q8_0 (-ctv q8_0): output quality to re-confirm");
	} else {
		ADD(GS_F_ATTENTION, "flash", GS_F__COUNT, "",
		    "flash attention (-fa): cells padded to 256, no KQ matrix; the "
		    "build and the GPU must support it");
	}
#undef ADD
	return n;
}
