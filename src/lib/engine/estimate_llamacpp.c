/*
 * estimate_llamacpp.c — llama.cpp's buffers for a GGUF model, per device
 * (docs/method.md §14).
 *
 * llama.cpp (src/llama-model.cpp, llama-kv-cache.cpp, llama-context.cpp):
 *  - with -ngl N the last N blocks go to the GPU(s), and the output head too
 *    when N > n_layer; the token embeddings always stay in host memory;
 *  - --tensor-split spreads the offloaded blocks over the GPUs by cumulative
 *    proportion, the output on the device of "block" n_layer;
 *  - the KV cache holds n_ctx cells padded to 256 with flash attention (32
 *    without), each of n_embd_k_gqa K and n_embd_v_gqa V elements in
 *    type_k/type_v, on the device of its block; a quantized V cache needs
 *    flash attention;
 *  - each device reserves a compute buffer for the worst-case graph of
 *    n_ubatch tokens. Its size is our derivation from the graph (to be
 *    measured): the largest of the attention step (without flash attention
 *    the f32 KQ matrix n_kv x n_ubatch x n_head, with it an f16 mask), the
 *    FFN step and the output step, plus a few n_ubatch x n_embd f32 tensors.
 * The sheet's concurrency shares one context: n_ctx = length x concurrency.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "engine/engine.h"
#include "engine/estimate_items.h"
#include "gpusizer/dtype.h"
#include "engine/gguf_plan.h"
#include "gpusizer/inventory.h"

#define METHOD "docs/method.md "

/* Which device holds block `il` (il == L means the output head); -1 = host. */
static int device_of(uint64_t il, uint64_t L, uint64_t ngl, const double *cum, uint64_t ndev)
{
	uint64_t start = ngl >= L ? 0 : L - ngl;
	if (il < start || (il == L && ngl <= L))
		return -1;
	uint64_t act = L - start + 1; /* blocks offloaded + the output "block" */
	double pos = (double)(il - start) / (double)act;
	for (uint64_t d = 0; d < ndev; d++)
		if (pos < cum[d])
			return (int)d;
	return (int)ndev - 1;
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

/* Where each block goes: this device's share (dev), the host's, and
 * whether the output head is here. */
typedef struct layout {
	uint32_t dev;
	uint64_t L, ngl, ndev, my_layers, host_layers;
	bool row;       /* --split-mode row */
	double cum[GS_MAX_STAGES];
	bool has_output, fa;
	bool head_on_host; /* -ngl N <= n_layer: the output head stays in host memory */
	bool swa_cache;    /* gsi_llamacpp_run.swa_cache */
	gs_bytes host;  /* model bytes left in host memory */
	gs_bytes host_model; /* of which the model's tensors */
	uint64_t cells; /* KV cells after llama.cpp's padding */
	uint64_t ub;    /* n_ubatch */
	gs_bytes host_kv; /* the KV of the blocks left in host memory */
} layout;

/* The model buffer on this device, from the GGUF's exact tensor bytes. */
static void model_buffer(gs_estimate *e, layout *y)
{
	const gs_inventory_summary *s = &e->model.inv;
	uint64_t mine = 0;
	y->host = s->input_bytes;
	/* --split-mode row: every offloaded block's matrices split by rows over
	 * the GPUs by tensor_split; KV, the head and the rest on the main GPU */
	double share = y->dev == 0 ? y->cum[0] : y->cum[y->dev] - y->cum[y->dev - 1];
	/* tied embeddings: llama-model.cpp creates the head from token_embd with
	 * TENSOR_DUPLICATED, a second copy in the output's buffer whenever that
	 * is not the embeddings' own (the GPU's, when the head is offloaded) */
	uint64_t tied_head = s->head_bytes ? 0 : s->input_bytes;
	for (uint64_t l = 0; l <= y->L; l++) {
		int d = device_of(l, y->L, y->ngl, y->cum, y->ndev);
		uint64_t b = l < y->L ? s->layer_bytes[l] : s->output_bytes + (d >= 0 ? tied_head : 0);
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
	}
	y->has_output = y->row ? y->dev == 0 && y->ngl > y->L
	                       : device_of(y->L, y->L, y->ngl, y->cum, y->ndev) == (int)y->dev;
	y->head_on_host = y->ngl <= y->L;
	y->host_model = y->host;
	char src[200];
	snprintf(src, sizeof src,
	         METHOD "§14; llama.cpp llama-model.cpp (layer offload); tensor bytes from the GGUF");
	gs_item *wt = gsi_item(e, "weights", GS_BASIS_ESTIMATED, src);
	gsi_item_all(wt, 7, mine);
	gsi_formula(wt, "model buffer: %llu of %llu blocks%s on GPU %u (-ngl %llu), exact tensor bytes",
	            (unsigned long long)y->my_layers, (unsigned long long)y->L,
	            !y->has_output ? ""
	            : tied_head    ? " + output head (tied: a second copy of token_embd)"
	                           : " + output head",
	            y->dev, (unsigned long long)y->ngl);
}

/* The architectures llama.cpp gives a sliding-window cache of their own
 * (llama-model.cpp load_hparams: swa_type STANDARD with set_swa_pattern;
 * docs/method.md §14 "Sliding-window layers"). Other models' sliding_window
 * (Mistral v0.1's, converted as llama) is not applied by llama.cpp. */
static bool llamacpp_swa_arch(const gs_model *m)
{
	static const char *const archs[] = {"gemma2", "gemma3", "gemma3_text"};
	for (size_t i = 0; i < sizeof archs / sizeof *archs; i++)
		if (!strcmp(m->model_type, archs[i]))
			return m->sliding_window > 0;
	return false;
}

/* Where block l's KV lives: 1 on this device, -1 in host memory, 0 elsewhere. */
static int kv_home(const layout *y, uint64_t l)
{
	int d = device_of(l, y->L, y->ngl, y->cum, y->ndev);
	if (d < 0)
		return -1;
	if (y->row) /* --split-mode row: the KV on the main GPU */
		return y->dev == 0 ? 1 : 0;
	return d == (int)y->dev ? 1 : 0;
}

/* The KV cache of this device's blocks (llama-kv-cache.cpp; sliding-window
 * layers in their own, smaller cache, llama-kv-cache-iswa.cpp). */
static void kv_cache(gs_estimate *e, layout *y)
{
	const gs_model *m = &e->model;
	const gs_workload *w = &e->workload;
	uint64_t ctx = gs_mul_sat(e->length ? e->length : (m->max_position ? m->max_position : 4096),
	                          e->concurrency);
	uint64_t pad = y->fa ? 256 : 32;
	y->cells = (ctx + pad - 1) / pad * pad;
	/* the SWA cache: min(base cells, n_swa x n_seq + n_ubatch) padded to 256
	 * (one unified context of concurrency sequences, as sized here), or the
	 * base size with --swa-full */
	bool swa = y->swa_cache && llamacpp_swa_arch(m) && !gs_wl_swa_full(w);
	uint64_t swa_cells = y->cells;
	if (swa) {
		uint64_t want = gs_add_sat(gs_mul_sat(m->sliding_window, e->concurrency), y->ub);
		swa_cells = (want < y->cells ? want : y->cells);
		swa_cells = (swa_cells + 255) / 256 * 256;
	}
	uint64_t kgqa = (uint64_t)m->kv_heads * m->head_dim, vgqa = (uint64_t)m->kv_heads * m->v_head_dim;
	uint64_t row = type_row_bytes(&e->kv_format, kgqa) + type_row_bytes(&e->kv_format_v, vgqa);
	gs_bytes mine = 0, host = 0;
	uint64_t my_swa = 0;
	for (uint64_t l = 0; l < y->L && l < GS_MAX_LAYERS; l++) {
		bool sliding = swa && m->layer_is_sliding[l];
		gs_bytes b = gs_mul_sat(sliding ? swa_cells : y->cells, row);
		int home = kv_home(y, l);
		if (home > 0) {
			mine = gs_add_sat(mine, b);
			my_swa += sliding;
		} else if (home < 0) {
			host = gs_add_sat(host, b);
		}
	}
	y->host_kv = host;
	gs_item *kv = gsi_item(e, "kv_cache", GS_BASIS_ESTIMATED, METHOD "§14; llama.cpp llama-kv-cache.cpp");
	kv->varies = true;
	gsi_item_all(kv, 6, mine);
	char swa_how[160] = "";
	if (swa)
		snprintf(swa_how, sizeof swa_how,
		         "; %llu of them sliding-window layers with min(cells, window %u x %llu sequences + "
		         "n_ubatch %llu) padded to 256 = %llu cells",
		         (unsigned long long)my_swa, m->sliding_window, (unsigned long long)e->concurrency,
		         (unsigned long long)y->ub, (unsigned long long)swa_cells);
	gsi_formula(kv,
	            "%llu blocks x n_ctx %llu padded to %llu cells (pad %llu%s) x (K %llu elements in %s + V "
	            "%llu elements in %s)%s",
	            (unsigned long long)y->my_layers, (unsigned long long)ctx, (unsigned long long)y->cells,
	            (unsigned long long)pad, y->fa ? ", flash attention" : "", (unsigned long long)kgqa,
	            e->kv_format.name, (unsigned long long)vgqa, e->kv_format_v.name, swa_how);
	if (swa)
		gsi_unknown(e,
		            "kv_cache: sliding-window cells grow with n_seq_max (here concurrency %llu): "
		            "llama-server's --parallel auto (4 slots, unified) holds window x 4 + n_ubatch; "
		            "builds before May 2025 (PR #13194) keep n_ctx, as swa_full yes does",
		            (unsigned long long)e->concurrency);
	/* blocks left on the host keep their KV there */
	y->host = gs_add_sat(y->host, host);
}

/* One backend's graph for n_ubatch tokens: the largest of the attention
 * step, the FFN step and (with the head) the output step. */
static gs_bytes graph_bytes(const gs_estimate *e, const layout *y, bool with_output)
{
	const gs_model *m = &e->model;
	uint64_t cells = y->cells;
	uint64_t ub = y->ub, h = m->hidden, a = m->heads, ff = m->intermediate;
	gs_bytes attn = y->fa ? gs_mul_sat(gs_mul_sat(cells, (ub + 63) / 64 * 64), 2)
	                      : gs_mul_sat(gs_mul_sat(cells, ub), a * 4);
	attn = gs_add_sat(attn, gs_mul_sat(ub, 7 * h * 4));
	gs_bytes ffn = gs_mul_sat(ub, (2 * ff + 3 * h) * 4);
	gs_bytes out = with_output ? gs_mul_sat(ub, ((uint64_t)m->vocab + 2 * h) * 4) : 0;
	gs_bytes cb = attn > ffn ? attn : ffn;
	return out > cb ? out : cb;
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
	       (y->host_layers || y->head_on_host);
}

/* The largest offloaded op's split on the first GPU: the head when it stays
 * on the host (its weights, the normed n_ubatch x n_embd input, the logits of
 * n_ubatch tokens: the worst-case graph has every token as an output), and a
 * host block's expert tensor (one whole ffn_*_exps copy, its input and the
 * n_ubatch x n_expert_used x n_ff_exp result). A dense block's matrices are
 * smaller than the head whenever n_vocab >= n_ff. */
static gs_bytes offloaded_split(const gs_estimate *e, const layout *y, char *how, size_t cap)
{
	const gs_model *m = &e->model;
	const gs_inventory_summary *s = &m->inv;
	uint64_t ub = y->ub, h = m->hidden;
	gs_bytes head = 0, experts = 0;
	if (y->head_on_host) {
		/* tied: token_embd is the head */
		gs_bytes w = s->head_bytes ? s->head_bytes : s->input_bytes;
		head = gs_add_sat(w, gs_mul_sat(ub, ((uint64_t)m->vocab + h) * 4));
	}
	if (y->host_layers && s->gate_exps0_bytes)
		experts = gs_add_sat(s->gate_exps0_bytes, gs_mul_sat(ub, (h + (uint64_t)m->experts_per_token *
		                                                                      m->moe_intermediate) *
		                                                                 4));
	snprintf(how, cap, "%s%s%s",
	         head ? "head on the host: its weights + n_ubatch x (n_vocab + n_embd) x 4" : "",
	         head && experts ? "; " : "",
	         experts ? "a host block's expert tensor + n_ubatch x (n_embd + n_expert_used x n_ff_exp) x 4"
	                 : "");
	return head > experts ? head : experts;
}

/* The compute buffer: the largest of attention, FFN and output graphs, and
 * under partial offload the largest op offloaded from the host. */
static void compute_buffer(gs_estimate *e, const layout *y)
{
	const gs_model *m = &e->model;
	bool fa = y->fa, has_output = y->has_output;
	uint64_t ub = y->ub, h = m->hidden, ff = m->intermediate;
	gs_bytes cb = graph_bytes(e, y, has_output);
	if (!y->my_layers && !has_output)
		cb = 0;
	if (y->row && y->dev > 0) /* the other GPUs hold their row slices' results */
		cb = gs_mul_sat(ub, (2 * ff + h) * 4) / y->ndev;
	char off[200] = "";
	bool offloaded = ops_offloaded(e, y);
	gs_bytes split = offloaded ? offloaded_split(e, y, off, sizeof off) : 0;
	if (split > cb)
		cb = split;
	gs_item *cbi = gsi_item(e, "activations", GS_BASIS_ESTIMATED,
	                        METHOD "§14 (compute buffer: our derivation from llama.cpp's graph and "
	                               "ggml-backend's scheduler; the offloaded head reproduces ggml-ci's "
	                               "build-4020 log)");
	cbi->varies = true;
	gsi_item_all(cbi, 6, cb);
	gsi_formula(cbi,
	            "compute buffer: max(attention %s + 7 x %llu x %llu x 4, FFN %llu x (2 x %llu + 3 x "
	            "%llu) x 4%s%s%s) B",
	            fa ? "mask cells x n_ubatch x 2" : "KQ cells x n_ubatch x n_head x 4",
	            (unsigned long long)ub, (unsigned long long)h, (unsigned long long)ub,
	            (unsigned long long)ff, (unsigned long long)h,
	            has_output ? ", output n_ubatch x (n_vocab + 2 n_embd) x 4" : "",
	            split ? ", ops offloaded from the host (batch >= 32): " : "", off);
	if (offloaded && y->host_layers && m->vocab < ff && !m->inv.gate_exps0_bytes)
		gsi_unknown(e,
		            "activations: n_vocab %u is below n_ff %llu, so a host block's FFN matrix "
		            "offloaded to the GPU may be the largest split, which is not sized",
		            m->vocab, (unsigned long long)ff);
}

/* Host memory: embeddings, blocks not offloaded and their KV, the host
 * compute buffer (input embeddings + f32 KQ mask) and the logits. */
static void host_side(gs_estimate *e, const layout *y)
{
	const gs_model *m = &e->model;
	uint64_t ub = y->ub, h = m->hidden, cells = y->cells;
	gs_bytes hc = gs_add_sat(gs_mul_sat(ub, h * 4), gs_mul_sat(gs_mul_sat(cells, ub), 4));
	/* blocks left on the CPU run their own graph there: the same steps,
	 * in host memory (and the head, when it is not offloaded) */
	bool head_on_host = y->ngl <= y->L;
	if (y->host_layers || head_on_host)
		hc = gs_add_sat(hc, graph_bytes(e, y, head_on_host));
	gs_bytes logits = gs_mul_sat(gs_mul_sat((uint64_t)m->vocab, 4), e->concurrency);
	e->host_bytes = gs_add_sat(gs_add_sat(y->host, hc), logits);
	snprintf(e->host_what, sizeof e->host_what,
	         "token embeddings%s, host compute buffer %llu B%s, logits %llu B",
	         y->host_layers ? " and the blocks not offloaded with their KV" : "", (unsigned long long)hc,
	         y->host_layers || head_on_host ? " (with the graph of the layers on the CPU)" : "",
	         (unsigned long long)logits);
	add_buffer(e, "CPU", "model", y->host_model);
	if (y->host_layers)
		add_buffer(e, "CPU", "kv", y->host_kv);
	add_buffer(e, "CPU", "compute", hc);
	add_buffer(e, "CPU", "output", logits);
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
			int d = device_of(l, y->L, y->ngl, y->cum, y->ndev);
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

/* The file type a config.json is to become: a llama.cpp file type from
 * --format (gguf:Q4_K_M, Q4_K_M), or the float types bf16 / fp16 / fp32. */
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
	gsi_quant_opts opts = {q, gs_wl_imatrix(w)};
	gs_status s = gsi_gguf_plan_by(&e->model, ft, &opts, NULL, NULL, err);
	if (s)
		return s;
	e->weights_only = e->model.inv.stored_bytes; /* the planned file's tensors */
	e->weights_only_from_file = true;          /* its bits per weight, not the type's nominal bits */
	gsi_unknown(e,
	            "weights: the tensor table is planned from config.json as llama.cpp's converter and "
	            "quantizer (%s) would make a %s file %s an importance matrix%s; a published .gguf may "
	            "differ (another converter, --tensor-type overrides): read it for exact bytes",
	            q == GS_QUANT_B4020 ? "build 4020's src/llama.cpp" : "llama-quant.cpp at 007dbbf3", ft,
	            opts.imatrix ? "with" : "without",
	            !opts.imatrix && strncmp(ft, "IQ", 2) == 0 ? " (with one for the types that need it)"
	                                                       : "");
	/* where an importance matrix changes the types and the sheet does not
	 * say whether the file had one, name the other file's size */
	const char *change = gsi_gguf_imatrix_change(ft);
	if (change && !gs_wl_given(w, GS_F_IMATRIX)) {
		gs_model other = e->model;
		gsi_quant_opts with = {q, true};
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
	return !strcmp(m->model_type, "gemma3");
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
		            "vision: clip.cpp's compute buffer for an image (%u patches through the tower) "
		            "is not sized; it is the mmproj's own graph, reserved once for the largest image",
		            m->vision_patches);
}

gs_status gsi_llamacpp_buffers(gs_estimate *e, uint32_t dev, const gsi_llamacpp_run *r, gs_error *err)
{
	const gs_model *m = &e->model;
	const gs_workload *w = &e->workload;
	layout y;
	memset(&y, 0, sizeof y);
	y.dev = dev;
	y.fa = e->attention == GS_ATTN_IMPL_FLASH;
	/* llama.cpp refuses a quantized V cache without flash attention
	 * (llama-context.cpp); a quantized K cache is fine */
	gs_field vfield = gs_wl_set(w, GS_F_KV_FORMAT_V) ? GS_F_KV_FORMAT_V : GS_F_KV_FORMAT;
	if (e->kv_format_v.quantized && !y.fa)
		return gs_error_set(err, GS_EINPUT, w->v[vfield].where,
		                    "llama.cpp keeps a quantized V cache only with flash attention: add "
		                    "--attention flash, or give the V cache a float format (kv_format_v "
		                    "fp16)");
	y.L = m->layers;
	y.ndev = e->gpus;
	y.row = gs_wl_split_mode(w) == GS_SPLIT_ROW && e->gpus > 1;
	y.ngl = r->ngl;
	y.ub = r->n_ubatch;
	y.swa_cache = r->swa_cache;
	gs_status st = parse_split(e, r, y.cum, y.ndev, err);
	if (st)
		return st;
	gsi_phase(e, 0, "load", "model buffers on the devices");
	gsi_phase(e, 1, "context", "KV cache and compute buffers reserved");
	gsi_phase(e, 2, "decode", "serving requests");
	e->n_phases = 3;
	model_buffer(e, &y);
	kv_cache(e, &y);
	compute_buffer(e, &y);
	gs_item *ctxi = gsi_item(e, "runtime_context", GS_BASIS_ESTIMATED,
	                         METHOD "§6 (llama.cpp CUDA backend ~250 MiB)");
	gsi_item_all(ctxi, 7, gsi_llamacpp_context(w));
	gsi_formula(ctxi, "CUDA context and backend: %s", gs_wl_set(w, GS_F_RUNTIME_CONTEXT)
	                                                    ? gs_wl_str(w, GS_F_RUNTIME_CONTEXT) : "250 MiB");
	char name[12];
	snprintf(name, sizeof name, "CUDA%u", dev);
	add_buffer(e, name, "model", gsi_item_bytes(e, "weights", 0));
	add_buffer(e, name, "kv", gsi_item_bytes(e, "kv_cache", 1));
	add_buffer(e, name, "compute", gsi_item_bytes(e, "activations", 1));
	if (dev == 0)
		host_side(e, &y);
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

gs_status gsi_estimate_llamacpp(gs_estimate *e, uint32_t dev, gs_error *err)
{
	const gs_workload *w = &e->workload;
	gs_status s = gsi_llamacpp_model(e, err);
	if (s)
		return s;
	gsi_llamacpp_run r;
	memset(&r, 0, sizeof r);
	r.ngl = gs_wl_set(w, GS_F_GPU_LAYERS) ? gs_wl_u64(w, GS_F_GPU_LAYERS) : (uint64_t)e->model.layers + 1;
	r.n_ubatch = gs_wl_u64(w, GS_F_N_UBATCH);
	r.swa_cache = true; /* the builds sized here: the newest read (docs/method.md §14) */
	return gsi_llamacpp_buffers(e, dev, &r, err);
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
