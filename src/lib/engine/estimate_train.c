/*
 * estimate_train.c — adaptation memory: full fine-tuning, LoRA and QLoRA,
 * itemized over the phases of a training run (docs/method.md §10-11).
 *
 * Items are computed here for the whole model on one GPU; estimate.c's
 * placement step then divides each by its gs_shard kind (tensor, pipeline
 * and data parallelism, ZeRO, FSDP), so the same formulas serve every
 * layout.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gpusizer/devices.h"
#include "engine/engine.h"
#include "engine/estimate_items.h"
#include "workload/recipe.h"

#define METHOD "docs/method.md "

#define TRAIN_STEP (LIVE(PH_FWD) | LIVE(PH_BWD) | LIVE(PH_FIRST) | LIVE(PH_UPD))
#define ALL_TRAIN ((1u << 7) - 1)
/* zoo gradient_checkpointing.py: MINIMUM_SIZE = 2 MiB of elements */
#define GC_MINIMUM_SIZE (2ull << 20)

/* Bytes per trainable parameter by precision (ZeRO paper's 16Ψ split). */
typedef struct precision {
	const char *name;
	unsigned weight, grad, master, state; /* state: bytes of one optimizer state element */
	const char *note;
} precision;

/* indexed by gs_precision */
static const precision precisions[] = {
	{"mixed", 2, 2, 4, 4,
         "bf16 weights and gradients, fp32 master copy and states (ZeRO paper's 2+2+4+8 = 16 bytes with "
         "Adam)"},
	{"amp", 4, 4, 0, 4,
         "fp32 parameters under autocast (PyTorch AMP): 4+4+8 = 16 bytes with Adam, plus the 16-bit weight "
         "copies autocast casts for the matmuls"},
	{"bf16", 2, 2, 0, 2,
         "pure bf16: weights, gradients and optimizer states in bf16 (2+2+4 = 8 bytes with Adam)"},
	{"fp32", 4, 4, 0, 4, "fp32 throughout: 4+4+8 = 16 bytes with Adam"},
};

/* LoRA adapters: PEFT casts them to fp32 on a 16-bit base
 * (autocast_adapter_dtype): fp32 weights, gradients and Adam states. */
static const precision lora_precision = {"lora", 4, 4,
                                         0,      4, "LoRA adapters in fp32 (PEFT autocast_adapter_dtype)"};

static bool has_target(const char *list, const char *name)
{
	size_t n = strlen(name);
	for (const char *p = list; *p;) {
		const char *c = strchr(p, ',');
		size_t len = c ? (size_t)(c - p) : strlen(p);
		while (len && *p == ' ')
			p++, len--;
		if (len == n && strncmp(p, name, n) == 0)
			return true;
		if (!c)
			break;
		p = c + 1;
	}
	return false;
}

/* The sheet's targets, or PEFT's default for the model type (recorded on
 * the estimate's workload, so every output shows what was adapted). */
static gs_status lora_targets(gs_estimate *e, gs_error *err)
{
	gs_workload *w = &e->workload;
	const char *type = e->model.model_type;
	/* given on the sheet, or a recipe's own default (its `where` names it) */
	if (w->v[GS_F_LORA_TARGETS].from != GS_FROM_DEFAULT || !type[0] ||
	    !strncmp(w->v[GS_F_LORA_TARGETS].where, "recipe ", 7))
		return GS_OK;
	const char *t = e->model.peft_targets;
	if (!t[0])
		return gs_error_set(err, GS_EINPUT, "lora_targets",
		                    "PEFT v0.20.0 has no default LoRA target modules for "
		                    "model_type \"%.40s\" (it asks for target_modules): give lora_targets, "
		                    "e.g. all-linear",
		                    type);
	char where[96];
	snprintf(where, sizeof where, "PEFT default for %.40s", type);
	return gs_workload_set(w, GS_F_LORA_TARGETS, t, strlen(t), GS_FROM_DEFAULT, where, err);
}

/* The largest single parameter tensor, in elements: what an optimizer that
 * loops over parameters one at a time holds temporaries for. */
static uint64_t largest_tensor(const gs_model *m)
{
	uint64_t big = m->has_architecture ? (uint64_t)m->vocab * m->hidden : m->params;
	for (size_t i = 0; i < m->n_modules; i++)
		if (m->modules[i].in * m->modules[i].out > big)
			big = m->modules[i].in * m->modules[i].out;
	/* 3-D experts are one tensor per layer: gate_up_proj (E, h, 2 x moe width) */
	uint64_t fused = gs_mul_sat(gs_mul_sat(m->experts, m->hidden),
	                            (uint64_t)(m->gated_mlp ? 2 : 1) * m->moe_intermediate);
	if (m->experts_params && fused > big)
		big = fused;
	return big;
}

/* How a Transformers release builds a mixture of experts decides what
 * PEFT's all-linear (every nn.Linear and Conv1D but the output head,
 * tuners_utils.py _maybe_include_all_linear_layers, v0.20.0) adapts, and
 * the release is not in the workload. The 4.x layout is counted (experts
 * and router as nn.Linear: modeling_mixtral.py, modeling_phimoe.py at
 * 008f5c8c29be); the other layout is named with its size. gpt-oss, whose
 * experts are parameters in every release, is counted as it is
 * (m->experts_params: nothing to name). */
static void moe_layout_unknowns(gs_estimate *e, uint64_t r)
{
	const gs_model *m = &e->model;
	if (m->experts_params)
		return;
	/* Kimi K2 runs DeepSeek's own modeling_deepseek.py (its auto_map) */
	static const char *const weight_only[] = {"deepseek_v2", "deepseek_v3", "kimi_k2"};
	bool router_linear = true;
	for (size_t i = 0; i < sizeof weight_only / sizeof weight_only[0]; i++)
		router_linear &= strcmp(m->model_type, weight_only[i]) != 0;
	uint64_t moe_layers = gs_model_moe_layers(m);
	if (router_linear)
		gsi_unknown(e,
		            "trainable: all-linear also adapts each MoE layer's router where the "
		            "Transformers release "
		            "builds it as an nn.Linear (the gate of Mixtral, Qwen-MoE and PhiMoE in 4.x): r "
		            "x (%u + %u) x "
		            "%llu layers = %llu parameters more, not counted",
		            m->hidden, m->experts, (unsigned long long)moe_layers,
		            (unsigned long long)gs_mul_sat(gs_mul_sat(r, (uint64_t)m->hidden + m->experts),
		                                           moe_layers));
	uint64_t experts = gs_mul_sat(r, gs_add_sat(m->split.expert_rows, m->split.expert_cols));
	gsi_unknown(e,
	            "trainable: where the Transformers release stores the experts as 3-D parameters (its "
	            "newer MixtralExperts, gate_up_proj and down_proj under @use_experts_implementation), "
	            "all-linear "
	            "adapts none of them: %llu parameters of the count above are the experts' adapters",
	            (unsigned long long)experts);
}

/* Trainable LoRA parameters: r x (in + out) per adapted matrix. Fills
 * e->train.adapted; returns GS_EINPUT when a target matches nothing. `u`:
 * the Unsloth release that runs, NULL for another recipe. */
static gs_status lora_params(gs_estimate *e, const gsi_unsloth_release *u, uint64_t *trainable,
                             uint64_t *adafactor_elems, uint64_t *largest_adapter, gs_error *err)
{
	gs_status ts = lora_targets(e, err);
	if (ts)
		return ts;
	const gs_model *m = &e->model;
	const gs_workload *w = &e->workload;
	const char *targets = gs_wl_str(w, GS_F_LORA_TARGETS);
	uint64_t r = gs_wl_u64(w, GS_F_LORA_RANK);
	bool all = strcmp(targets, "all-linear") == 0;
	*trainable = *adafactor_elems = *largest_adapter = 0;
	char *out = e->train.adapted;
	size_t cap = sizeof e->train.adapted;
	out[0] = 0;
	/* PEFT v0.20.0 (tuners_utils.py inject_adapter) matches targets by
	 * the modules' last name and refuses only a list that matches nothing;
	 * names the model lacks are passed over in silence (q_proj on Phi-3's
	 * fused qkv_proj), so they are named here */
	/* Unsloth from 2026.2 takes gate/up/down to the 3-D experts (below) */
	/* from 2026.7.1 also the per-expert nn.Linear of gpt-oss's 4-bit upload
	 * (get_moe_target_modules, #6936): the same r x (in + out) per expert */
	bool moe_params = u && m->experts_params && m->experts &&
	                  (e->bnb_experts_linear ? u->experts_linear_targets : u->experts_as_parameters);
	char unmatched[200] = "";
	bool any = all;
	for (const char *p = targets; !all && *p;) {
		const char *c = strchr(p, ',');
		size_t len = c ? (size_t)(c - p) : strlen(p);
		bool found = false;
		for (size_t i = 0; i < m->n_modules; i++)
			found |= strlen(m->modules[i].name) == len &&
			         strncmp(m->modules[i].name, p, len) == 0;
		static const char *const mlp[] = {"gate_proj", "up_proj", "down_proj", "gate_up_proj"};
		for (size_t k = 0; moe_params && k < sizeof mlp / sizeof mlp[0]; k++)
			found |= strlen(mlp[k]) == len && !strncmp(mlp[k], p, len);
		any |= found;
		if (!found)
			snprintf(unmatched + strlen(unmatched), sizeof unmatched - strlen(unmatched),
			         "%s%.*s", unmatched[0] ? ", " : "", (int)(len > 40 ? 40 : len), p);
		if (!c)
			break;
		p = c + 1;
	}
	if (!any) {
		char have[300] = "";
		for (size_t i = 0; i < m->n_modules; i++)
			if (!strstr(have, m->modules[i].name))
				snprintf(have + strlen(have), sizeof have - strlen(have), "%s%s",
				         i ? ", " : "", m->modules[i].name);
		return gs_error_set(err, GS_EINPUT, w->v[GS_F_LORA_TARGETS].where,
		                    "lora_targets: none of \"%.100s\" is a linear module of this model (PEFT "
		                    "refuses a "
		                    "target list that matches nothing); it has: %s (or all-linear)%s",
		                    targets, have,
		                    m->experts_params
		                            ? "; its experts are 3-D parameters, which PEFT adapts "
		                              "through target_parameters, a LoRA gpusizer does not size"
		                            : "");
	}
	if (all && m->experts)
		moe_layout_unknowns(e, r);
	/* a recipe that freezes the tower leaves its layers out; PEFT's name
	 * matching, which the others use, adapts a tower layer whose name matches */
	bool freeze_tower = gsi_recipe_freezes_vision_tower(gs_wl_recipe(w));
	e->train.tower_layers = 0;
	for (size_t i = 0; i < m->n_modules; i++) {
		const gs_linear_module *x = &m->modules[i];
		if ((!all && !has_target(targets, x->name)) || (x->tower && freeze_tower))
			continue;
		if (x->tower && x->count > e->train.tower_layers)
			e->train.tower_layers = x->count;
		*trainable = gs_add_sat(*trainable, gs_mul_sat(gs_mul_sat(r, x->in + x->out), x->count));
		*adafactor_elems = gs_add_sat(*adafactor_elems, gs_mul_sat(2 * r + x->in + x->out, x->count));
		if (r * (x->in > x->out ? x->in : x->out) > *largest_adapter)
			*largest_adapter = r * (x->in > x->out ? x->in : x->out);
		snprintf(out + strlen(out), cap - strlen(out), "%s%s%s %llux(%llu->%llu)", out[0] ? ", " : "",
		         x->tower ? "vision " : "", x->name, (unsigned long long)x->count,
		         (unsigned long long)x->in, (unsigned long long)x->out);
	}
	/* Unsloth from 2026.2 (get_moe_target_parameters, models/_utils.py, #3812
	 * 2026-02-05) adapts 3-D expert parameters through PEFT's
	 * target_parameters when gate/up or down is a target: PEFT v0.20.0's
	 * ParamWrapper (tuners/lora/layer.py) gives a (E, in, out) parameter
	 * lora_A in -> r x E and lora_B r x E -> out, r x E x (in + out) */
	if (moe_params) {
		uint64_t L = gs_model_moe_layers(m), E = m->experts, h = m->hidden, I = m->moe_intermediate;
		bool gu = has_target(targets, "gate_proj") || has_target(targets, "up_proj") ||
		          has_target(targets, "gate_up_proj"), dn = has_target(targets, "down_proj");
		uint64_t width = m->gated_mlp ? 2 * I : I;
		uint64_t add = gs_add_sat(gu ? gs_mul_sat(gs_mul_sat(r * E, h + width), L) : 0,
		                          dn ? gs_mul_sat(gs_mul_sat(r * E, I + h), L) : 0);
		if (add) {
			*trainable = gs_add_sat(*trainable, add);
			*adafactor_elems = gs_add_sat(*adafactor_elems, add);
			snprintf(out + strlen(out), cap - strlen(out), "%s%s%s %llu layers x %llu experts %s",
			         out[0] ? ", " : "", gu ? "experts.gate_up_proj" : "",
			         gu && dn ? " and experts.down_proj"
			         : dn     ? "experts.down_proj"
			                  : "",
			         (unsigned long long)L, (unsigned long long)E,
			         e->bnb_experts_linear ? "as one nn.Linear each (Unsloth's "
			                                 "get_moe_target_modules: r x (in + out) "
			                                 "per expert)"
			                               : "as 3-D parameters (Unsloth's target_parameters: r "
			                                 "x E x (in + out))");
		}
	}
	if (unmatched[0])
		snprintf(out + strlen(out), cap - strlen(out),
		         "; not in this model, so PEFT adapts nothing for: %s%s", unmatched,
		         gs_wl_recipe(w) == GS_RECIPE_UNSLOTH && !strcmp(m->model_type, "phi3")
		                 ? " (Unsloth's models/mapper.py loads its own unsloth/ copy of Phi-3: size "
		                   "that copy's config.json "
		                   "when you train it)"
		                 : "");
	return GS_OK;
}

/* modules_to_save: PEFT trains a full copy of each named module. */
static gs_status modules_to_save(gs_estimate *e, uint64_t *params, gs_error *err)
{
	const gs_workload *w = &e->workload;
	*params = 0;
	if (!gs_wl_set(w, GS_F_MODULES_TO_SAVE))
		return GS_OK;
	const char *list = gs_wl_str(w, GS_F_MODULES_TO_SAVE);
	for (const char *p = list; *p;) {
		const char *c = strchr(p, ',');
		size_t len = c ? (size_t)(c - p) : strlen(p);
		if (len == 7 && strncmp(p, "lm_head", 7) == 0)
			*params += e->model.split.lm_head ? e->model.split.lm_head : e->model.split.embed;
		else if ((len == 12 && strncmp(p, "embed_tokens", 12) == 0) ||
		         (len == 5 && strncmp(p, "embed", 5) == 0))
			*params += e->model.split.embed;
		else
			return gs_error_set(err, GS_EINPUT, w->v[GS_F_MODULES_TO_SAVE].where,
			                    "modules_to_save: \"%.*s\": expected lm_head and/or embed_tokens",
			                    (int)(len > 40 ? 40 : len), p);
		if (!c)
			break;
		p = c + 1;
	}
	return GS_OK;
}

/* Bytes per element of the residual stream, which checkpointing keeps at
 * each block's input: fp32 under fp32 training and under autocast (the
 * parameters, hence the residual additions, are fp32), else 16 bits. */
static uint64_t residual_bytes(const gs_estimate *e)
{
	gs_precision p = gs_wl_precision(&e->workload);
	return p == GS_PREC_FP32 || p == GS_PREC_AMP || e->train.act_fp32 ? 4 : 2;
}

/* Blocks whose input checkpointing keeps: the decoder's, and an
 * encoder-decoder's encoder blocks too. */
static uint32_t checkpointed_blocks(const gs_model *m)
{
	return m->layers + m->encoder_layers;
}

/* One block's checkpointed input for a microbatch of b x s: s x b x h. */
static uint64_t block_input_bytes(const gs_estimate *e, uint64_t b, uint64_t s)
{
	return gs_mul_sat(gs_mul_sat(s, b), residual_bytes(e) * (uint64_t)e->model.hidden);
}

/* Under autocast (fp32 parameters, 16-bit matmuls) the saved tensors are
 * not all 16-bit: the residual stream stays fp32 (a 16-bit matmul output
 * added to an fp32 residual is promoted), normalisation and softmax run in
 * fp32 (autocast's fp32 op list) and save fp32 tensors, and every linear
 * casts its fp32 input to 16 bits itself, saving its own copy. The extra
 * bytes per layer over the all-16-bit count, derived op by op in method.md
 * §10 ("Mixed precision under autocast"):
 *   LayerNorm blocks (BERT, GPT-2, NeoX): 8 s b h, and eager attention 2 a s^2 b
 *     (fp32 softmax output + its 16-bit cast for the matmul instead of 16-bit
 *     probabilities);
 *   llama-style blocks: 14 s b h + 4 s b a_kv d (fp32 RMSNorm input and output,
 *     one cast per q/k/v/gate/up projection, fp32 RoPE outputs cast back). */
static uint64_t amp_extra_per_layer(const gs_model *m, uint64_t b, uint64_t s, bool eager)
{
	uint64_t h = m->hidden, a = m->heads, kvd = (uint64_t)m->kv_heads * m->head_dim;
	uint64_t sb = gs_mul_sat(s, b);
	if (m->gpt_style)
		return gs_add_sat(gs_mul_sat(sb, 8 * h),
		                  eager ? gs_mul_sat(gs_mul_sat(b, a), gs_mul_sat(s, 2 * s)) : 0);
	return gs_mul_sat(sb, 14 * h + 4 * kvd);
}

/* One block's saved activations for a microbatch of b x s with MLP width i
 * (method.md §10), at the workload's precision. */
static uint64_t layer_activations(const gs_estimate *e, uint64_t b, uint64_t s, uint64_t i, bool eager)
{
	const gs_model *m = &e->model;
	gs_precision prec = gs_wl_precision(&e->workload);
	uint64_t h = m->hidden, a = m->heads, kvd = (uint64_t)m->kv_heads * m->head_dim,
		 sb = gs_mul_sat(s, b);
	uint64_t per = m->gpt_style ? gs_mul_sat(sb, 18 * h + 4 * i)            /* Korthikanti et al. */
	                            : gs_mul_sat(sb, 20 * h + 4 * kvd + 8 * i);   /* our llama derivation */
	uint64_t att = eager ? gs_mul_sat(gs_mul_sat(b, a), gs_mul_sat(s, s * (m->gpt_style ? 5 : 6)))
	                     : gs_mul_sat(sb, 4 * a);                          /* fp32 logsumexp */
	per = gs_mul_sat(gs_add_sat(per, att), prec == GS_PREC_FP32 || e->train.act_fp32
	                                               ? 2 : 1); /* fp32 activations are twice bf16's */
	if (prec == GS_PREC_AMP)
		per = gs_add_sat(per, amp_extra_per_layer(m, b, s, eager));
	return per;
}

/* --- state-space and linear-attention layers (docs/method.md §10) ------------
 *
 * The llama count above reads, per token at 16 bits, as 8h for each RMSNorm
 * (its fp32 input 4h, the 16-bit normalised 2h its weight's gradient needs,
 * the output 2h the projections after it keep), 4h + 4 a_kv d for attention
 * (q after RoPE, k, v and SDPA's output, which o_proj keeps) and 8i for the
 * MLP: 2 x 8h + 4h + 4 a_kv d + 8i. A hybrid's layer keeps its norms and MLP
 * and puts its mixer's saved tensors in the attention's place; what each
 * mixer saves is read from the kernels Transformers calls in training. */

/* What one mixer saves a token: e16 elements in the model's 16 bits, e32 in
 * fp32, and seq32 fp32 bytes a sequence (Mamba-1's scan intermediates). */
typedef struct mixer_saved {
	uint64_t e16, e32, seq32;
} mixer_saved;

/* Gated DeltaNet (Qwen3-Next, Qwen3.5) with flash-linear-attention and
 * causal-conv1d installed, as Unsloth's notebooks install them. K = key
 * heads x key dim, V = value heads x value dim, H value heads, dk key dim:
 *  - causal_conv1d_fn (CausalConv1dFn) saves its input, the 2K + V q/k/v
 *    projection (in_proj_qkv, or Qwen3-Next's cat of in_proj_qkvz's parts);
 *  - Transformers repeats q and k to H heads (Qwen3NextGatedDeltaNet at
 *    huggingface/transformers@7515843b; Qwen3.5's while fla < 0.5.0,
 *    fla_needs_equal_qk_heads at 009e78d6), and fla's
 *    ChunkGatedDeltaRuleFunction (fla/ops/gated_delta_rule/chunk.py, the
 *    same save_for_backward from v0.3.0 to v0.5.2) saves the l2-normalised
 *    q and k (2 H dk), their fp32 rstd (2H), v made contiguous by
 *    input_guard (V), the gate's fp32 chunk cumsum (H), beta (H) and the WY
 *    matrix A, H x 64 (chunk_size) a token in k's dtype; the per-chunk
 *    states h are recomputed in backward, not saved;
 *  - the gate's softplus input and output, fp32 (2H);
 *  - the gated RMSNorm: Qwen3.5's torch Qwen3_5RMSNormGated (009e78d6)
 *    keeps its fp32 input, fp32 gate and fp32 silu(gate) (3V), the 16-bit
 *    normalised value and its weighted copy (2V) and the output out_proj
 *    keeps (V); Qwen3-Next at 7515843b builds fla's FusedRMSNormGated when
 *    fla is installed, which keeps its input, the gate z and the output
 *    (3V) and an fp32 rstd per head (H). */
static mixer_saved gdn_saved(const gs_model *m)
{
	uint64_t K = (uint64_t)m->ssm_groups * m->ssm_state, V = (uint64_t)m->ssm_heads * m->ssm_head_dim,
		 H = m->ssm_heads, dk = m->ssm_state;
	mixer_saved x = {2 * K + V + 2 * H * dk + V + H * (64 + 1) + 3 * V, 3 * H + 2 * H, 0};
	/* the gated norm's fp32 parts: Qwen3.5's torch norm, or fla's rstd */
	x.e32 += strcmp(m->model_type, "qwen3_next") ? 3 * V : H;
	return x;
}

/* Mamba-2 (Granite 4.0 hybrids, Nemotron-H, Falcon-H1, Mamba2) in training:
 * Transformers calls mamba_ssm's mamba_split_conv1d_scan_combined
 * (GraniteMoeHybridMambaLayer at 00511f5d, NemotronHMamba2Mixer at 008d9e95,
 * FalconH1Mixer at 001f85b3), whose MambaSplitConv1dScanCombinedFn
 * (mamba_ssm/ops/triton/ssd_combined.py, v2.2.5) saves the in_proj output
 * zxbcdt (2I + 2GN + H), the scan output out_x (I) and the gated norm's fp32
 * rstd (G); the convolution, the norm's output and out_proj's input are
 * recomputed in backward. */
static mixer_saved mamba2_saved(const gs_model *m)
{
	uint64_t I = m->ssm_inner, gn = 2ull * m->ssm_groups * m->ssm_state;
	return (mixer_saved){2 * I + gn + m->ssm_heads + I, m->ssm_groups, 0};
}

/* Mamba-1 (mamba): MambaMixer in training calls mamba_inner_fn
 * (modeling_mamba.py at 00328d4e), whose MambaInnerFn (mamba_ssm
 * selective_scan_interface.py, v2.2.5, checkpoint_lvl 1) saves xz (2I, made
 * contiguous), x_proj's output x_dbl (R + 2N), contiguous copies of B and C
 * (2N), the scan output (I), and the scan's fp32 intermediates, I x 2N a
 * 2048-token chunk (selective_scan_fwd); the convolution and delta are
 * recomputed. */
static mixer_saved mamba1_saved(const gs_model *m, uint64_t s)
{
	uint64_t I = m->ssm_inner, N = m->ssm_state;
	return (mixer_saved){3 * I + m->ssm_dt_rank + 4 * N, 0,
	                     gs_mul_sat(gs_mul_sat(I, 2 * N * 4), (s + 2047) / 2048)};
}

/* LFM2's ShortConv (Lfm2ShortConv, modeling_lfm2.py at 0096ba4f, with or
 * without causal-conv1d): in_proj's B, C, x (3 conv_dim, kept by B x x and
 * C x conv_out), B x x (the convolution's input), the convolution's output
 * and the contiguous C x conv_out out_proj keeps: 6 conv_dim. */
static mixer_saved short_conv_saved(const gs_model *m)
{
	return (mixer_saved){6ull * m->ssm_inner, 0, 0};
}

static mixer_saved mixer_of(const gs_model *m, uint64_t s)
{
	if (m->gdn)
		return gdn_saved(m);
	if (m->short_conv)
		return short_conv_saved(m);
	if (m->ssm_groups)
		return mamba2_saved(m);
	return mamba1_saved(m, s);
}

const char *gsi_train_unsized_mixer(const gs_model *m)
{
	if (!gs_model_ssm_layers(m) || m->gdn || m->short_conv || m->ssm_groups || m->ssm)
		return NULL;
	return "Jamba's Mamba mixer (JambaMambaMixer, with RMSNorms on dt, B and C) calls the "
	       "kernels one by one, and what they save for backward is not read";
}

/* The parts of hybrid layer l (docs/method.md §10): its norms, attention,
 * mixer and MLP, at 16 bits a token (b16), fp32 a token (b32), fp32 a
 * sequence (seq32); *attn says whether it has attention. */
static void hybrid_parts(const gs_model *m, uint32_t l, uint64_t s, uint64_t *b16, uint64_t *b32,
                         uint64_t *seq32, bool *attn)
{
	uint64_t h = m->hidden, kvd = (uint64_t)m->kv_heads * m->head_dim;
	bool one = m->ssm || m->single_mixer, mixer = m->layer_is_ssm[l] || m->parallel_ssm;
	bool moe = m->layer_is_moe[l];
	*attn = !m->ssm && (m->parallel_ssm || (!m->layer_is_ssm[l] && !m->layer_is_mlp_only[l] &&
	                                        !(m->single_mixer && moe)));
	bool mlp = !m->ssm && (!m->single_mixer || moe || m->layer_is_mlp_only[l]);
	uint64_t i = moe ? (uint64_t)m->experts_per_token * m->moe_intermediate + m->shared_intermediate
	                 : m->intermediate;
	*b16 = (one ? 8 : 16) * h + (mlp ? 8 * i : 0);
	*b32 = *seq32 = 0;
	if (*attn) {
		*b16 += 4 * h + 4 * kvd;
		/* Qwen3-Next's output gate: sigmoid(gate) and the gated product
		 * o_proj keeps (Qwen3NextAttention at 7515843b) */
		if (m->attn_out_gate)
			*b16 += 4ull * m->heads * m->head_dim;
		/* Falcon-H1 scales the attention's and the mixer's inputs by their
		 * multipliers (FalconH1DecoderLayer, FalconH1Mixer): a copy each */
		if (m->parallel_ssm)
			*b16 += 4 * h;
	}
	if (mixer) {
		mixer_saved x = mixer_of(m, s);
		*b16 += 2 * x.e16;
		*b32 = 4 * x.e32;
		*seq32 = x.seq32;
	}
}

static uint64_t hybrid_layer_activations(const gs_estimate *e, uint32_t l, uint64_t b, uint64_t s, bool eager)
{
	const gs_model *m = &e->model;
	gs_precision prec = gs_wl_precision(&e->workload);
	uint64_t scale = prec == GS_PREC_FP32 || e->train.act_fp32 ? 2 : 1, sb = gs_mul_sat(s, b);
	uint64_t b16, b32, seq32;
	bool attn;
	hybrid_parts(m, l, s, &b16, &b32, &seq32, &attn);
	uint64_t per = gs_mul_sat(sb, b16);
	if (attn)
		per = gs_add_sat(per, eager ? gs_mul_sat(gs_mul_sat(b, m->heads), gs_mul_sat(s, 6 * s))
		                            : gs_mul_sat(sb, 4ull * m->heads));
	per = gs_mul_sat(per, scale);
	per = gs_add_sat(per, gs_add_sat(gs_mul_sat(sb, b32), gs_mul_sat(b, seq32)));
	if (prec == GS_PREC_AMP)
		per = gs_add_sat(per, amp_extra_per_layer(m, b, s, eager));
	return per;
}

/* The hybrid count's text: the parts a layer may hold, and its mixer's. */
static void hybrid_text(const gs_model *m, uint64_t s, bool eager, const char *under, char *out, size_t cap)
{
	mixer_saved x = mixer_of(m, s);
	const char *what = m->gdn        ? "Gated DeltaNet (fla chunk_gated_delta_rule, causal-conv1d)"
	                 : m->short_conv ? "short-convolution (LFM2 ShortConv)"
	                 : m->ssm_groups ? "Mamba-2 (mamba_split_conv1d_scan_combined)"
	                                 : "Mamba (mamba_inner_fn)";
	snprintf(out, cap,
	         "sum over %u layers of what each holds, a token: 8h per RMSNorm (%s)%s%s%s, and the %llu %s "
	         "mixers' %llu 16-bit + %llu fp32 values%s in attention's place (our derivation from the "
	         "kernels' saved tensors),%s",
	         m->layers, m->ssm || m->single_mixer ? "one a layer" : "two a layer",
	         m->ssm ? "" : ", attention 4h + 4 a_kv d",
	         m->ssm                ? ""
	         : m->attn_out_gate    ? " + 4 a d (output gate)"
	         : m->parallel_ssm     ? " + 4h (the muP multipliers' input copies)"
	                               : "",
	         m->ssm ? "" : eager ? " + 6 a s (eager scores), MLP 8i" : " + 4a (fp32 logsumexp), MLP 8i",
	         (unsigned long long)(m->ssm ? m->layers : gs_model_ssm_layers(m)), what,
	         (unsigned long long)x.e16, (unsigned long long)x.e32,
	         x.seq32 ? " + the scan's fp32 intermediates, 2N x I x 4 B a 2048-token chunk" : "", under);
}

/* Activations saved for backward by one layer, whole model summed, for one
 * microbatch (docs/method.md §10). */
static gs_bytes train_activations(const gs_estimate *e, const gsi_unsloth_release *u, uint64_t b, uint64_t s,
                                  char *why, size_t cap)
{
	const gs_model *m = &e->model;
	gs_precision prec = gs_wl_precision(&e->workload);
	uint64_t scale = prec == GS_PREC_FP32 || e->train.act_fp32 ? 2 : 1; /* fp32: twice bf16's */
	gs_checkpointing ck = gs_wl_checkpointing(&e->workload);
	bool eager = e->attention == GS_ATTN_IMPL_EAGER && ck != GS_CKPT_SELECTIVE;
	uint64_t h = m->hidden, a = m->heads;
	uint64_t sb = gs_mul_sat(s, b);
	uint64_t total = 0, one_layer = 0;
	bool hybrid = m->ssm || m->parallel_ssm || gs_model_ssm_layers(m) > 0;
	for (uint32_t l = 0; l < m->layers && l < GS_MAX_LAYERS; l++) {
		uint64_t i = m->layer_is_moe[l]
		           ? (uint64_t)m->experts_per_token * m->moe_intermediate + m->shared_intermediate
		           : m->intermediate;
		uint64_t per = hybrid ? hybrid_layer_activations(e, l, b, s, eager)
		                      : layer_activations(e, b, s, i, eager);
		total = gs_add_sat(total, per);
		if (per > one_layer)
			one_layer = per;
	}
	uint32_t nl = checkpointed_blocks(m);
	if (m->encoder_layers) {
		/* an encoder-decoder: the encoder's blocks are dense layers, and each
		 * decoder block adds a cross-attention (Korthikanti's attention part,
		 * 11sbh + the scores, and its norm's 2sbh) */
		uint64_t att = eager ? gs_mul_sat(gs_mul_sat(b, a), gs_mul_sat(s, 5 * s))
		                     : gs_mul_sat(sb, 4 * a);
		uint64_t cross = gs_mul_sat(gs_add_sat(gs_mul_sat(sb, 13 * h), att), scale);
		uint64_t enc = layer_activations(e, b, s, m->intermediate, eager);
		total = gs_add_sat(total, gs_add_sat(gs_mul_sat(enc, m->encoder_layers),
		                                     gs_mul_sat(cross, m->layers)));
		one_layer = gs_add_sat(one_layer, cross);
	}
	uint64_t input = block_input_bytes(e, b, s), in_bytes = residual_bytes(e);
	if (ck == GS_CKPT_OFFLOADED && u && u->gc_small_stays && input <= GC_MINIMUM_SIZE) {
		/* zoo's UnslothCheckpointFunction offloads an input only above
		 * MINIMUM_SIZE (2 MiB): smaller ones stay saved on the GPU */
		if (why)
			snprintf(why, cap,
			         "offloaded checkpointing, but each block input (s x b x h x %llu B = %llu "
			         "B) is "
			         "at most 2 MiB, which Unsloth keeps on the GPU: %u inputs + one block's "
			         "full set "
			         "(%llu B)",
			         (unsigned long long)in_bytes, (unsigned long long)input, nl,
			         (unsigned long long)one_layer);
		return gs_add_sat(gs_mul_sat(input, nl), one_layer);
	}
	if (ck == GS_CKPT_OFFLOADED) {
		/* block inputs go to host memory as they are checkpointed (Unsloth's
		 * "unsloth" mode, torch's save_on_cpu): the GPU staging buffer(s)
		 * and the last block's input, which Unsloth never offloads
		 * (LAST_GC_INDEX), two for the others; one block recomputed in full */
		uint64_t flight = u ? u->gc_gpu_buffers + 1 : 2;
		if (why)
			snprintf(why, cap,
			         "offloaded checkpointing: %u block inputs (s x b x h x %llu B each) in host "
			         "memory, %llu on the GPU (%s) + one block's full set (%llu B)",
			         nl, (unsigned long long)in_bytes, (unsigned long long)flight,
			         u ? (u->gc_gpu_buffers > 1 ? "two staging buffers and the last block's input"
			                                    : "the staging buffer and the last block's input")
			           : "in flight",
			         (unsigned long long)one_layer);
		return gs_add_sat(gs_mul_sat(input, flight), one_layer);
	}
	if (ck == GS_CKPT_FULL) {
		/* each block keeps its input; one block is recomputed in full */
		if (why)
			snprintf(why, cap,
			         "full checkpointing: %u blocks x input s x b x h x %llu B + one block's "
			         "full set "
			         "(%llu B)",
			         nl, (unsigned long long)in_bytes, (unsigned long long)one_layer);
		return gs_add_sat(gs_mul_sat(input, nl), one_layer);
	}
	if (!why)
		return total;
	const char *per_layer = m->gpt_style
	                                ? "s x b x (18h + 4i) (Korthikanti et al. 2022, i = 4h gives 34h)"
	                                : "s x b x (20h + 4 a_kv d + 8i) (our derivation for HF llama-style "
	                                  "layers)";
	const char *scores = !eager ? " + 4 a s b (fp32 logsumexp of flash/SDPA)"
	                   : m->gpt_style ? " + 5 a s^2 b (eager scores)"
	                                  : " + 6 a s^2 b (eager: fp32 softmax + 16-bit probabilities)";
	char under[120];
	if (prec == GS_PREC_AMP)
		snprintf(under, sizeof under, " + what autocast keeps in fp32 (%s)",
		         m->gpt_style ? (eager ? "8 s b h + 2 a s^2 b" : "8 s b h")
		                      : "14 s b h + 4 s b a_kv d");
	else
		snprintf(under, sizeof under, " x %llu for %s activations", (unsigned long long)scale,
		         scale == 2 ? "fp32" : "16-bit");
	if (hybrid)
		hybrid_text(m, s, eager, under, why, cap);
	else
		snprintf(why, cap, "sum over %u layers of %s%s,%s%s", nl, per_layer, scores, under,
		         ck == GS_CKPT_SELECTIVE ? "; selective checkpointing recomputes the attention core"
		                                 : "");
	return total;
}

static uint64_t ratio_bytes(uint64_t n, uint64_t num, uint64_t den)
{
	gs_ratio r = {num, den};
	uint64_t out;
	return gs_mul_ratio_ceil(n, r, &out) ? UINT64_MAX : out;
}

/* Refuse what adaptation cannot do with this model or format. */
static gs_status check_inputs(const gs_estimate *e, gs_error *err)
{
	const gs_workload *w = &e->workload;
	const char *task = gs_wl_str(w, GS_F_TASK); /* for messages */
	bool full = gs_wl_task(w) == GS_TASK_FULL, qlora = gs_wl_task(w) == GS_TASK_QLORA;
	bool arch = e->model.has_architecture;
	if (!full && !arch)
		return gs_error_set(err, GS_EINPUT, w->v[GS_F_TASK].where,
		                    "task %s needs the model's module shapes for the adapters: give --model "
		                    "config.json, not --params", task);
	if (full && e->format.quantized)
		return gs_error_set(err, GS_EINPUT, w->v[GS_F_FORMAT].where,
		                    "full fine-tuning trains every weight, so they cannot stay in %s; use "
		                    "fp32/bf16/fp16, or task qlora for a 4-bit base",
		                    e->format.name);
	if (qlora && e->format.family != GS_FAM_BNB_4BIT)
		return gs_error_set(err, GS_EINPUT, w->v[GS_F_FORMAT].where,
		                    "QLoRA trains adapters on a bitsandbytes 4-bit base: format nf4, nf4-dq, "
		                    "fp4 "
		                    "or fp4-dq, not %s",
		                    e->format.name);

	return GS_OK;
}

/* The sheet's lengths (p50,p95,max of the dataset): the frameworks pad a
 * batch to its longest sequence (Transformers' DataCollatorWithPadding and
 * TRL's collator pad to the longest in the batch) and truncate a sequence
 * to their max_length, so the peak is at the data's longest, and a longest
 * beyond length is cut before it trains. */
static gs_status dataset_lengths(gs_estimate *e, gs_error *err)
{
	const gs_workload *w = &e->workload;
	e->train.executed_length = e->length;
	if (!gs_wl_set(w, GS_F_LENGTHS))
		return GS_OK;
	const char *t = gs_wl_str(w, GS_F_LENGTHS), *where = w->v[GS_F_LENGTHS].where;
	uint64_t v[3];
	size_t n = 0;
	for (const char *p = t; n < 3;) {
		const char *c = strchr(p, ',');
		size_t len = c ? (size_t)(c - p) : strlen(p);
		while (len && *p == ' ')
			p++, len--;
		gs_error perr;
		if (gs_parse_count(p, len, "lengths", &v[n], &perr) || !v[n])
			return gs_error_set(err, GS_EINPUT, where,
			                    "lengths: got \"%.60s\", expected the dataset's tokens per "
			                    "sequence as p50,p95,max, three whole numbers such as "
			                    "380,1200,3900",
			                    t);
		n++;
		if (!c)
			break;
		p = c + 1;
	}
	size_t commas = 0;
	for (const char *p = t; *p; p++)
		commas += *p == ',';
	if (n != 3 || commas != 2)
		return gs_error_set(err, GS_EINPUT, where,
		                    "lengths: got \"%.60s\", expected three figures, p50,p95,max "
		                    "(e.g. 380,1200,3900)",
		                    t);
	if (v[0] > v[1] || v[1] > v[2])
		return gs_error_set(err, GS_EINPUT, where,
		                    "lengths: %llu,%llu,%llu: expected p50 <= p95 <= max",
		                    (unsigned long long)v[0], (unsigned long long)v[1],
		                    (unsigned long long)v[2]);
	if (e->length && v[2] > e->length)
		return gs_error_set(err, GS_EINPUT, where,
		                    "lengths: the dataset's longest sequence, %llu tokens, is beyond "
		                    "length %llu (%s): the trainers truncate every sequence to their "
		                    "max_length / "
		                    "max_seq_length, so what trains is cut there; give length %llu or more, "
		                    "or the lengths "
		                    "after truncation",
		                    (unsigned long long)v[2], (unsigned long long)e->length,
		                    w->v[GS_F_LENGTH].where, (unsigned long long)v[2]);
	memcpy(e->train.lengths, v, sizeof v);
	e->train.executed_length = v[2];
	return GS_OK;
}

/* Unsloth's RoPE cache (unsloth/models/llama.py LlamaRotaryEmbedding, read
 * at v0.1.801-beta): cos and sin for min(4 x 8192, max_position_embeddings)
 * positions x head_dim, built at init in the default dtype (the model's 16
 * bits while Transformers builds it; Gemma's in fp32). Since #1516 (2025-01-07, "For
 * transformers > 4.47.1 ... add rotary_emb to all attention layers") every
 * layer shares the model's one; the 2024 releases, on Transformers up to
 * 4.47, built one in each attention layer. The release row (recipe.c) says
 * which. */
static void unsloth_rope(gs_estimate *e, const gsi_unsloth_release *u)
{
	const gs_model *m = &e->model;
	if (!u)
		return;
	bool per_layer = u->rope_per_layer;
	/* Unsloth's own rotary classes serve the types it dispatches to its
	 * own models (the row's rope_types, Gemma's cache in fp32); every other
	 * type runs Transformers' rotary, which caches nothing */
	unsigned el = gsi_unsloth_rope_bytes(u, m->model_type);
	if (!el || !m->head_dim || !gs_model_attention_layers(m))
		return;
	uint64_t pos = m->max_position && m->max_position < 4 * 8192 ? m->max_position : 4 * 8192;
	uint64_t copies = per_layer ? gs_model_attention_layers(m) : 1;
	gs_item *rc = gsi_item(e, "rope_cache", GS_BASIS_ESTIMATED,
	                       METHOD
	                       "§10a; Unsloth unsloth/models/llama.py LlamaRotaryEmbedding (v0.1.801-beta), "
	                       "shared since #1516 (2025-01-07)");
	rc->shard = GS_SHARD_NONE;
	gsi_item_all(rc, ALL_TRAIN, gs_mul_sat(gs_mul_sat(copies, pos), (uint64_t)m->head_dim * 2 * el));
	gsi_formula(rc, "%llu x cos and sin of %llu positions x %u head dim x %u B (%s)",
	            (unsigned long long)copies, (unsigned long long)pos, m->head_dim, el,
	            per_layer ? "one per attention layer: Unsloth before 2025.1"
	                      : "one, shared by every layer");
}

/* recipe_release: which Unsloth release runs; Unsloth's banner prints it as
 * year.month[.patch]. Only Unsloth's releases differ here in what they
 * allocate: *u is its row (recipe.c), NULL for another recipe. A run that
 * states none is sized with the newest row, and its answer is to confirm
 * (verdict.c). */
static gs_status recipe_release(gs_estimate *e, const gsi_unsloth_release **u, gs_error *err)
{
	const gs_workload *w = &e->workload;
	bool given = gs_wl_set(w, GS_F_RECIPE_RELEASE), stated = false;
	/* gs_workload_finish refused it for any other recipe */
	gs_status s = gsi_unsloth_release_parse(given ? gs_wl_str(w, GS_F_RECIPE_RELEASE) : NULL,
	                                        w->v[GS_F_RECIPE_RELEASE].where, u, &e->train.recipe_release,
	                                        &stated, err);
	if (gs_wl_recipe(w) != GS_RECIPE_UNSLOTH) {
		*u = NULL;
		return s;
	}
	if (s)
		return s;
	e->train.release_unstated = !stated;
	snprintf(e->train.release_row, sizeof e->train.release_row, "%s", (*u)->release);
	return GS_OK;
}

/* What an Unsloth release does with this model before a byte is counted:
 * whether it loads it at all, how its 4-bit path holds the experts, and
 * whether it trains in float32 on this GPU. */
static gs_status unsloth_model(gs_estimate *e, const gsi_unsloth_release *u, bool qlora, gs_error *err)
{
	const gs_model *m = &e->model;
	const gs_workload *w = &e->workload;
	if (!u)
		return GS_OK;
	bool oss = !strcmp(m->model_type, "gpt_oss");
	if (oss && !u->gpt_oss)
		return gs_error_set(err, GS_EINPUT, w->v[GS_F_RECIPE_RELEASE].where,
		                    "Unsloth %s loads no gpt_oss: its mapper and zoo's gpt-oss patches "
		                    "arrive "
		                    "with 2025.8.2 (models/mapper.py at 5fa56a5cda); give recipe_release "
		                    "2025.8.2 or later",
		                    gs_wl_str(w, GS_F_RECIPE_RELEASE));
	/* gpt-oss under load_in_4bit is mapped to unsloth/gpt-oss-*-unsloth-bnb-4bit,
	 * whose experts zoo builds as one nn.Linear each (patch_gpt_oss_linearized,
	 * later GptOssExpertsBnb4bit), so bitsandbytes holds them in NF4 with the
	 * attention; Transformers 5's 3-D experts of the other families are
	 * quantized from zoo 2026.5.2 (moe_utils_bnb4bit.py) */
	if (qlora && m->experts_params && (oss || u->experts_3d_4bit))
		e->bnb_experts_linear = true;
	if (gsi_unsloth_forces_float32(u, m->model_type)) {
		const gs_device *d = w->device;
		long major = d ? strtol(d->compute_capability, NULL, 10) : 0;
		if (d && major > 0 && major < 8)
			e->train.act_fp32 = true;
		else if (!d)
			gsi_unknown(e,
			            "activations: on a GPU without bfloat16 (compute capability below 8.0, "
			            "e.g. a "
			            "T4) Unsloth %s trains %s in float32 (FORCE_FLOAT32, models/loader.py): "
			            "its "
			            "activations would be twice those counted; give the GPU",
			            u->release, m->model_type);
	}
	/* full fine-tuning keeps the loaded bfloat16 weights ("Using bfloat16
	 * full finetuning which cuts memory usage by 50%"), or on a float16 GPU
	 * upcasts them to float32 under float16 autocast ("Float16 full
	 * finetuning uses more memory since we upcast weights to float32"):
	 * models/loader.py, zoo training_utils.py prepare_model_for_training */
	if (gs_wl_task(w) == GS_TASK_FULL && w->v[GS_F_PRECISION].from == GS_FROM_DEFAULT) {
		const gs_device *d = w->device;
		bool f16 = d && strtol(d->compute_capability, NULL, 10) > 0 &&
		           strtol(d->compute_capability, NULL, 10) < 8;
		const char *p = f16 ? "amp" : "bf16";
		gs_status ps = gs_workload_set(&e->workload, GS_F_PRECISION, p, strlen(p), GS_FROM_DEFAULT,
		                               f16 ? "recipe unsloth (a float16 GPU: fp32 weights)"
		                                   : "recipe unsloth (bfloat16 weights)",
		                               err);
		if (ps)
			return ps;
	}
	gs_qat qat = gs_wl_qat(w);
	if (qat != GS_QAT_NONE) {
		const char *scheme = gs_wl_str(w, GS_F_QAT_SCHEME),
			   *first = gsi_unsloth_qat_missing(scheme, e->train.recipe_release);
		if (first)
			return gs_error_set(err, GS_EINPUT, w->v[GS_F_QAT_SCHEME].where,
			                    "Unsloth %s has no qat_scheme %s: it arrives with %s "
			                    "(models/_utils.py "
			                    "_prepare_model_for_qat)",
			                    gs_wl_str(w, GS_F_RECIPE_RELEASE), scheme, first);
		/* int8-int4's prequantization_transform clones the tied embeddings
		 * into a head of its own (_untie_input_output_embeddings) */
		if (m->tied_embeddings &&
		    gsi_unsloth_qat_unties(u, e->train.recipe_release, scheme, m->model_type))
			e->train.untied_params = gs_mul_sat(m->vocab, m->hidden);
		gsi_unknown(e,
		            "qat_scheme %s: torchao's fake quantization makes a quantized copy of each "
		            "weight "
		            "(and int8 activations) as its layer runs, one layer at a time under "
		            "checkpointing: not counted",
		            scheme);
	}
	if (oss && qlora)
		gsi_unknown(e, "weights: the unquantized modules of unsloth/gpt-oss-*-unsloth-bnb-4bit are "
		               "in its own "
		               "quantization_config (not read); its notebooks reserve 1.15 GiB (20b, T4) and "
		               "1.47 GiB "
		               "(120b, A100) more after loading than counted here, not attributed");
	return GS_OK;
}

/* The bytes per trainable parameter (weights, gradients, master, states);
 * full fine-tuning also stores the weights at the precision's width. */
static gs_status precision_of(gs_estimate *e, bool full, const precision **out, gs_error *err)
{
	*out = &lora_precision;
	if (!full)
		return GS_OK;
	*out = &precisions[gs_wl_precision(&e->workload)];
	const char *store = (*out)->weight == 4 ? "fp32"
	                  : e->format.value_bits.num != 16 * e->format.value_bits.den ? "bf16" : NULL;
	return store ? gs_format_parse(store, "precision", &e->format, err) : GS_OK;
}

static void train_phases(gs_estimate *e, bool full, bool qlora)
{
	gsi_phase(e, PH_LOAD, "load", "model (and master copy) on the device");
	gsi_phase(e, PH_FWD, "forward", "a training forward pass; activations saved for backward");
	gsi_phase(e, PH_BWD, "backward", "gradients computed while saved activations are still held");
	gsi_phase(e, PH_FIRST, "first_update",
	          "first optimizer step: states created, next to every gradient");
	gsi_phase(e, PH_UPD, "update", "later optimizer steps");
	gsi_phase(e, PH_VAL, "validation", "evaluation batch without gradients");
	gsi_phase(e, PH_EXPORT, "export",
	          full    ? "saving the weights"
	          : qlora ? "merging adapters into a dequantized base"
	                  : "merging adapters into the base");
	e->n_phases = 7;

}

/* Trainable parameters (and Adafactor's factored state elements); fills
 * e->train's counts and batch. */
static gs_status trainable_counts(gs_estimate *e, bool full, bool qlora, const gsi_unsloth_release *u,
                                  uint64_t *trainable, uint64_t *adafactor_elems, uint64_t *largest,
                                  gs_error *err)
{
	const gs_model *m = &e->model;
	const gs_workload *w = &e->workload;
	bool arch = m->has_architecture;
	gs_status st;
	uint64_t saved;
	if (full) {
		/* QAT int8-int4 trains the untied head too (Unsloth prints it:
		 * Qwen3-0.6B 596,049,920 + 151,936 x 1,024 = 751,632,384) */
		*trainable = gs_add_sat(m->params, e->train.untied_params);
		*largest = largest_tensor(m);
		*adafactor_elems = arch ? gs_add_sat(gs_add_sat(m->split.linear_rows, m->split.linear_cols),
		                                    m->params - m->split.linear)
		                       : m->params;
	} else {
		if ((st = lora_params(e, u, trainable, adafactor_elems, largest, err)))
			return st;
		if ((st = modules_to_save(e, &saved, err)))
			return st;
		if (saved && largest_tensor(m) > *largest)
			*largest = largest_tensor(m); /* lm_head or the embeddings, trained in full */
		*trainable = gs_add_sat(*trainable, saved);
		*adafactor_elems = gs_add_sat(*adafactor_elems, saved);
	}
	e->train.training = true;
	e->train.trainable = *trainable;
	e->train.frozen = full ? 0 : m->params;
	e->train.microbatch = gs_wl_u64(w, GS_F_MICROBATCH);
	e->train.grad_accum = gs_wl_u64(w, GS_F_GRAD_ACCUM);
	e->train.effective_batch = gs_mul_sat(gs_mul_sat(e->train.microbatch, e->train.grad_accum), e->dp);
	if (qlora && arch)
		snprintf(e->train.kept_aside, sizeof e->train.kept_aside, "%s%s%s%s%s",
		         gsi_bnb_passes_experts(e) ? "the experts (3-D parameters), " : "",
		         e->keep & GS_KEEP_EMBED ? "embed_tokens, " : "",
		         e->keep & GS_KEEP_LM_HEAD && !m->tied_embeddings ? "lm_head, " : "",
		         e->keep & GS_KEEP_NORM ? "norms, " : "", "biases and routers (in bf16)");

	return GS_OK;
}

/* Autocast casts each fp32 weight a matmul uses to 16 bits once per forward
 * and caches the copy (torch/csrc/autograd ... autocast_mode.cpp: cached when
 * the weight is a leaf that requires grad and grad mode is on). The linear
 * saves that copy for its backward, so the copies live from forward until
 * the layer's backward; validation (no grad) does not cache. Embeddings are
 * gathered, not cast. */
static void autocast_cache_item(gs_estimate *e)
{
	const gs_model *m = &e->model;
	gs_item *cc = gsi_item(e, "autocast_cache", GS_BASIS_ESTIMATED,
	                       METHOD
	                       "§10 (PyTorch autocast weight cast cache, aten/src/ATen/autocast_mode.cpp)");
	cc->shard = GS_SHARD_WEIGHTS;
	uint64_t linear = m->has_architecture ? m->split.linear : m->params;
	gsi_item_all(cc, LIVE(PH_FWD) | LIVE(PH_BWD), gs_mul_sat(linear, 2));
	gsi_formula(cc, "16-bit copies of the %llu matmul weights x 2 B, held from forward to their backward",
	            (unsigned long long)linear);
}

/* The model states: base weights (frozen or trained), adapters, gradients,
 * master copy. */
static void state_items(gs_estimate *e, const precision *pr, uint64_t trainable, bool full)
{
	const gs_workload *w = &e->workload;
	/* frozen or trained base weights */
	gsi_weight_items(e, ALL_TRAIN);
	if (e->train.untied_params) {
		/* the head QAT int8-int4 clones from the tied embeddings: trained in
		 * full fine-tuning (at the precision's width), frozen under LoRA */
		unsigned el = full ? pr->weight : 2;
		gs_item *uh = gsi_item(e, "untied_lm_head", GS_BASIS_ESTIMATED,
		                       METHOD
		                       "§10a; Unsloth models/_utils.py _untie_input_output_embeddings");
		gsi_item_all(uh, ALL_TRAIN, gs_mul_sat(e->train.untied_params, el));
		gsi_formula(uh, "qat_scheme %s clones the tied embeddings into lm_head: %llu x %u B",
		            gs_wl_str(w, GS_F_QAT_SCHEME), (unsigned long long)e->train.untied_params, el);
	}
	for (size_t i = 0; i < e->n_items; i++)
		e->items[i].shard = GS_SHARD_WEIGHTS;
	if (!full) {
		gs_item *ad = gsi_item(e, "adapter_weights", GS_BASIS_ESTIMATED,
		                       METHOD "§10; PEFT LoRA (r x (in + out) per module)");
		ad->shard = GS_SHARD_WEIGHTS;
		gsi_item_all(ad, ALL_TRAIN, gs_mul_sat(trainable, pr->weight));
		gsi_formula(ad, "%llu trainable params x %u B (r=%s on %s%s%s)",
		            (unsigned long long)trainable, pr->weight, gs_wl_str(w, GS_F_LORA_RANK),
		            e->train.adapted, gs_wl_set(w, GS_F_MODULES_TO_SAVE) ? "; modules_to_save " : "",
		            gs_wl_set(w, GS_F_MODULES_TO_SAVE) ? gs_wl_str(w, GS_F_MODULES_TO_SAVE) : "");
	}

	gs_item *gr = gsi_item(e, "gradients", GS_BASIS_ESTIMATED,
	                       METHOD "§10; ZeRO paper (Rajbhandari et al. 2020) §3");
	gr->shard = GS_SHARD_GRADS;
	/* with gradient accumulation the .grad tensors of the earlier
	 * microbatches are alive during the next one's forward (zero_grad runs
	 * only after the optimizer step) */
	bool accumulating = e->train.grad_accum > 1;
	gsi_item_all(gr, LIVE(PH_BWD) | LIVE(PH_FIRST) | LIVE(PH_UPD) | (accumulating ? LIVE(PH_FWD) : 0),
	             gs_mul_sat(trainable, pr->grad));
	gsi_formula(gr, "%llu trainable params x %u B%s", (unsigned long long)trainable, pr->grad,
	            accumulating ? "; also during forward: accumulated over the microbatches of one update"
	                         : "");

	if (full && gs_wl_precision(w) == GS_PREC_AMP)
		autocast_cache_item(e);

	gs_item *ms = gsi_item(e, "master_weights", GS_BASIS_ESTIMATED,
	                       METHOD "§10; ZeRO paper §3 (fp32 master copy)");
	ms->shard = GS_SHARD_OPTIM;
	gsi_item_all(ms, ALL_TRAIN, gs_mul_sat(trainable, pr->master));
	if (pr->master)
		gsi_formula(ms, "%llu trainable params x 4 B (%s)", (unsigned long long)trainable, pr->note);
	else
		gsi_formula(ms, "none (%s)", pr->note);

}

/* Optimizer states and the temporaries of its step. */
static void optimizer_items(gs_estimate *e, const precision *pr, uint64_t trainable, uint64_t adafactor_elems,
                            uint64_t largest)
{
	const gs_workload *w = &e->workload;
	/* optimizer states and temporaries */
	gs_optimizer opt = gs_wl_optimizer(w);
	uint64_t states = 0, temps = 0;
	const char *osrc = METHOD "§10";
	/* a per-parameter loop holds temporaries for one tensor at a time: the
	 * largest trained tensor (full fine-tuning: usually the embeddings) */
	uint64_t one = largest < trainable ? largest : trainable;
	if (opt == GS_OPT_ADAMW || opt == GS_OPT_ADAMW_FUSED) {
		states = gs_mul_sat(trainable, 2ull * pr->state);
		temps = opt == GS_OPT_ADAMW_FUSED ? 0 : gs_mul_sat(trainable, 4);
		osrc = METHOD "§10; torch.optim.AdamW (exp_avg, exp_avg_sq; foreach default)";
	} else if (opt == GS_OPT_ADAMW_FORLOOP) {
		/* torch _single_tensor_adamw: sqrt() and the division are two
		 * tensors of one parameter's size before add_ works in place;
		 * Transformers' adamw_hf (exp_avg_sq.sqrt().add_) needs one */
		states = gs_mul_sat(trainable, 2ull * pr->state);
		temps = gs_mul_sat(one, 2ull * 4);
		osrc = METHOD "§10; torch.optim.AdamW(foreach=False) _single_tensor_adamw, Transformers "
		              "AdamW (adamw_hf)";
	} else if (opt == GS_OPT_ADAMW_8BIT || opt == GS_OPT_PAGED_ADAMW_8BIT) {
		/* bitsandbytes: two uint8 states + an fp32 absmax per 2048-element block each */
		states = gs_add_sat(gs_mul_sat(trainable, 2), ratio_bytes(trainable, 8, 2048));
		osrc = METHOD
			"§10; bitsandbytes 8-bit optimizers (Dettmers et al. 2022, block-wise quantization)";
	} else if (opt == GS_OPT_SGD) {
		states = 0;
		osrc = METHOD "§10; torch.optim.SGD without momentum keeps no state";
	} else if (opt == GS_OPT_SGD_MOMENTUM || opt == GS_OPT_LION) {
		states = gs_mul_sat(trainable, pr->state);
		temps = opt == GS_OPT_LION ? gs_mul_sat(trainable, pr->state) : 0;
		osrc = METHOD "§10; one momentum buffer (SGD momentum; Lion, Chen et al. 2023)";
	} else if (opt == GS_OPT_ADAFACTOR) {
		/* Transformers' Adafactor loops over parameters: grad**2 + eps and
		 * the row x column product are two full-size fp32 tensors */
		states = gs_mul_sat(adafactor_elems, 4);
		temps = gs_mul_sat(one, 2ull * 4);
		osrc = METHOD "§10; Adafactor (Shazeer & Stern 2018): factored second moment, rows + columns";
	}
	gs_item *os = gsi_item(e, "optimizer_states", GS_BASIS_ESTIMATED, osrc);
	os->shard = GS_SHARD_OPTIM;
	gsi_item_all(os,
	             LIVE(PH_FWD) | LIVE(PH_BWD) | LIVE(PH_FIRST) | LIVE(PH_UPD) | LIVE(PH_VAL) |
	                     LIVE(PH_EXPORT),
	             states);
	gsi_formula(os, "%s on %llu trainable params: %llu B (created lazily at the first step)%s",
	            gs_wl_str(w, GS_F_OPTIMIZER), (unsigned long long)trainable, (unsigned long long)states,
	            opt == GS_OPT_PAGED_ADAMW_8BIT ? "; paged: may move to host memory under pressure" : "");
	gs_item *ot = gsi_item(e, "optimizer_temporaries", GS_BASIS_ESTIMATED,
	                       METHOD "§10; PyTorch optimizers: foreach (multi-tensor), fused, or a loop "
	                              "over parameters");
	ot->shard = GS_SHARD_OPTIM;
	ot->varies = false;
	gsi_item_all(ot, LIVE(PH_FIRST) | LIVE(PH_UPD), temps);
	if (temps && (opt == GS_OPT_ADAMW_FORLOOP || opt == GS_OPT_ADAFACTOR))
		gsi_formula(ot,
		            "a per-parameter loop: two fp32 temporaries of the largest tensor, 2 x %llu x 4 "
		            "B",
		            (unsigned long long)one);
	else if (temps)
		gsi_formula(ot,
		            "about one gradient-sized buffer: %llu params x %llu B (adamw-fused avoids most)",
		            (unsigned long long)trainable,
		            (unsigned long long)(temps / (trainable ? trainable : 1)));
	else
		gsi_formula(ot, "none for %s", gs_wl_str(w, GS_F_OPTIMIZER));

}

/* A vision tower whose layers carry adapters is trained through them: each
 * of its layers keeps its activations for backward, 34 B per patch and
 * hidden unit in 16 bits with SDPA (Korthikanti et al. 2022's per-layer
 * 34 s b h, applied to the ViT layers: our derivation, to be measured), or
 * under checkpointing (Transformers' gradient_checkpointing_enable reaches
 * the tower's encoder too) its layer inputs and one layer recomputed.
 * 0 when the tower is frozen or no image is given. */
static gs_bytes tower_saved(const gs_estimate *e, uint64_t b, char *why, size_t cap)
{
	const gs_model *m = &e->model;
	uint64_t Lv = e->train.tower_layers;
	if (!Lv || !e->images)
		return 0;
	uint64_t patches = m->vision_merge ? gs_mul_sat(e->image_tokens, m->vision_merge) : m->vision_patches;
	uint64_t T = gs_mul_sat(gs_mul_sat(b, e->images), patches), hv = m->vision_hidden,
		 el = gsi_act_bytes(e);
	uint64_t layer = gs_mul_sat(gs_mul_sat(T, hv), 17 * el);
	bool ckpt = gs_wl_checkpointing(&e->workload) != GS_CKPT_NONE;
	gs_bytes saved = ckpt ? gs_add_sat(gs_mul_sat(gs_mul_sat(Lv, T), hv * el), layer)
	                      : gs_mul_sat(Lv, layer);
	size_t n = strlen(why);
	snprintf(why + n, cap > n ? cap - n : 0, "; vision tower with adapters on %llu layers: %s = %llu B",
	         (unsigned long long)Lv,
	         ckpt ? "layer inputs L_v x patches x h_v x bytes + one layer's 17 x bytes"
	              : "L_v x patches x h_v x 17 x bytes (34 B in 16 bits)",
	         (unsigned long long)saved);
	return saved;
}

/* The chunks zoo's fused loss splits a microbatch of T tokens into
 * (fused_losses/cross_entropy_loss.py get_chunk_size): L = the fp32 logits
 * of the whole microbatch in GiB over the target; up to zoo 2026.7.0
 * max(round(L / 4) x 4, 1) (Python's round, half to even), from zoo 2026.7.1
 * (d9fe1f43) 1 when L <= 1, else ceil(L / 4) x 4. */
static uint64_t fused_chunks(uint64_t T, uint64_t V, double target_gib, bool cap4)
{
	double L = (double)T * (double)V * 4.0 / 1073741824.0 / target_gib;
	if (cap4)
		return L <= 1.0 + 1e-9 ? 1 : (uint64_t)ceil(L / 4.0 - 1e-9) * 4;
	double n = nearbyint(L / 4.0) * 4.0;
	return n < 1 ? 1 : (uint64_t)n;
}

/* The memory the phase holds before the loss runs: what zoo's fused loss
 * sees free is the capacity less this (torch.cuda.mem_get_info). */
static gs_bytes held_before_loss(const gs_estimate *e, gs_bytes activations)
{
	gs_bytes held = activations;
	for (size_t i = 0; i < e->n_items; i++)
		held = gs_add_sat(held, e->items[i].bytes[PH_FWD]);
	return held;
}

/* Unsloth's loss on the head by release (docs/method.md §10a): what the
 * forward leaves for backward, for a microbatch of b x s tokens. Its own
 * models (llama.py) and the ones zoo's compiler patches take the row's
 * two rules. */
static gs_bytes unsloth_loss(const gs_estimate *e, const gsi_unsloth_release *u, uint64_t b, uint64_t s,
                             gs_bytes activations, gs_bytes *without_cce, char *why, size_t cap)
{
	const gs_model *m = &e->model;
	uint64_t T = gs_mul_sat(b, s), V = m->vocab, h = m->hidden;
	bool own = gsi_unsloth_own_model(u, m->model_type);
	gsi_unsloth_loss rule = own ? u->loss : u->loss_compiled;
	const char *path = own ? "Unsloth's own model" : "zoo's compiled model";
	/* the head's dtype: fp32 when full fine-tuning keeps fp32 parameters */
	gs_precision p = gs_wl_precision(&e->workload);
	uint64_t el = gs_wl_task(&e->workload) == GS_TASK_FULL && (p == GS_PREC_FP32 || p == GS_PREC_AMP) ? 4
	                                                                                                  : 2;
	if ((rule == GSI_ULOSS_CCE_OVER_1024 || rule == GSI_ULOSS_FUSED_OVER_1024) && T <= 1024)
		rule = GSI_ULOSS_LOGITS;
	else if (rule == GSI_ULOSS_CCE_OVER_1024)
		rule = GSI_ULOSS_CCE;
	else if (rule == GSI_ULOSS_FUSED_OVER_1024)
		rule = GSI_ULOSS_FUSED;
	if (rule == GSI_ULOSS_LOGITS) {
		/* Fast_CrossEntropyLoss saves the logits and a fp32 logsumexp per
		 * 65536-wide chunk of the vocabulary, and writes the gradient into
		 * the logits in backward; the model returns the logits, and under
		 * mixed precision Accelerate's prepare_model wraps forward in
		 * convert_outputs_to_fp32, so an fp32 copy lives until the trainer's
		 * compute_loss returns: the end of forward holds both */
		uint64_t lse = gs_mul_sat(T, 4 * ((V + 65535) / 65536) + 4);
		snprintf(why, cap,
		         "Unsloth %s, %s: the logits %llu x %llu x %llu B, held to backward (the gradient is "
		         "written into them), and at the end of forward their fp32 copy (Accelerate's "
		         "convert_outputs_to_fp32) %llu x %llu x 4 B, + fp32 logsumexp and losses %llu B",
		         u->release, path, (unsigned long long)T, (unsigned long long)V,
		         (unsigned long long)el, (unsigned long long)T, (unsigned long long)V,
		         (unsigned long long)lse);
		return gs_add_sat(gs_mul_sat(gs_mul_sat(T, V), el + 4), lse);
	}
	if (rule == GSI_ULOSS_CCE) {
		/* HAS_CUT_CROSS_ENTROPY needs the package, torch >= 2.4, Triton >= 3
		 * and compute capability 7.5 or more; without it the logits path
		 * runs (the caller names the difference) */
		if (without_cce)
			*without_cce = gs_add_sat(gs_mul_sat(gs_mul_sat(T, V), el + 4),
			                          gs_mul_sat(T, 4 * ((V + 65535) / 65536) + 4));
		snprintf(why, cap,
		         "Unsloth %s, %s: Cut Cross-Entropy (fused_linear_cross_entropy) builds no logits "
		         "tensor: its fp32 logsumexp and loss, %llu x 8 B",
		         u->release, path, (unsigned long long)T);
		return gs_mul_sat(T, 8);
	}
	if (rule == GSI_ULOSS_STANDARD) {
		snprintf(why, cap,
		         "Unsloth %s, %s: the logits and an fp32 cross-entropy over them, %llu x %llu x "
		         "(%llu + 4 "
		         "+ 4) B (zoo's compiler may run Cut Cross-Entropy instead, which holds less)",
		         u->release, path, (unsigned long long)T, (unsigned long long)V,
		         (unsigned long long)el);
		return gs_mul_sat(gs_mul_sat(T, V), el + 8);
	}
	/* zoo's fused loss: per chunk the head's logits, their fp32 copy and its
	 * gradient (torch.func.grad_and_value); grad_inputs, the input's gradient
	 * for the whole microbatch, is written during forward */
	double target = 1.0;
	char tw[160];
	snprintf(tw, sizeof tw, "target_gb 1");
	if (u->target != GSI_UTARGET_1GIB) {
		if (e->has_capacity) {
			gs_bytes held = held_before_loss(e, activations);
			double free_gib = held < e->capacity ? (double)(e->capacity - held) / 1073741824.0
			                                     : 0.0;
			target = free_gib * 0.5;
			if (u->target == GSI_UTARGET_HALF_FREE_CAP4 && target > 4.0)
				target = 4.0;
			snprintf(tw, sizeof tw, "target half the free %.2f GiB%s", free_gib,
			         u->target == GSI_UTARGET_HALF_FREE_CAP4 ? ", at most 4" : "");
		} else {
			target = 1e30; /* no capacity: one chunk, the largest it can be */
			snprintf(tw, sizeof tw, "half the free memory, unknown without a GPU: one chunk");
		}
	}
	uint64_t n = target > 1e-9 ? fused_chunks(T, V, target, u->target == GSI_UTARGET_HALF_FREE_CAP4) : T;
	if (n > T)
		n = T ? T : 1;
	uint64_t rows = (T + n - 1) / n;
	gs_bytes chunk = gs_mul_sat(gs_mul_sat(rows, V), el + 8);
	gs_bytes grad_in = gs_mul_sat(gs_mul_sat(T, h), 2);
	snprintf(why, cap,
	         "Unsloth %s, %s: zoo's fused loss (%s) in %llu chunk%s of %llu rows: %llu x %llu x (%llu + "
	         "4 + "
	         "4) B, + grad_inputs %llu x %llu x 2 B",
	         u->release, path, tw, (unsigned long long)n, n == 1 ? "" : "s", (unsigned long long)rows,
	         (unsigned long long)rows, (unsigned long long)V, (unsigned long long)el,
	         (unsigned long long)T, (unsigned long long)h);
	return gs_add_sat(chunk, grad_in);
}

/* What the hybrid layers' count leaves out: the paths Transformers takes
 * without the kernels, Nemotron-H's padded batches, and the adapters the
 * fused Mamba kernels pass by. */
static void hybrid_unknowns(gs_estimate *e, uint64_t b, uint64_t s)
{
	const gs_model *m = &e->model;
	if (!m->ssm && !m->parallel_ssm && !gs_model_ssm_layers(m))
		return;
	if (m->gdn) {
		/* torch_chunk_gated_delta_rule's loop over chunks: each chunk's
		 * recurrent state is an operand of the next chunk's matmuls */
		char g[32];
		gs_format_bytes(gs_mul_sat(gs_mul_sat(b, (s + 63) / 64),
		                           gs_mul_sat((uint64_t)m->ssm_heads * m->ssm_state,
		                                      (uint64_t)m->ssm_head_dim * 4)),
		                GS_UNIT_GiB, g, sizeof g);
		gsi_unknown(e,
		            "activations: without flash-linear-attention, Transformers' "
		            "torch_chunk_gated_delta_rule keeps fp32 q, k, v and each 64-token chunk's "
		            "state for backward: at least %s a Gated DeltaNet layer (b x ceil(s / 64) x %u "
		            "heads x %u x %u x 4 B), not the count above",
		            g, m->ssm_heads, m->ssm_state, m->ssm_head_dim);
		return;
	}
	if (m->short_conv)
		return; /* the same tensors with or without causal-conv1d */
	gsi_unknown(e, "activations: without the mamba-ssm and causal-conv1d kernels Transformers trains "
	               "the Mamba layers with its PyTorch scan, whose fp32 chunk products it keeps for "
	               "backward: far more than counted, not sized; install the kernels");
	if (m->single_mixer)
		gsi_unknown(e, "activations: NemotronHMamba2Mixer takes the fused kernel only when no "
		               "token is padding (input_not_masked, modeling_nemotron_h.py at 008d9e95); "
		               "a padded batch runs the kernels one by one, which keep more "
		               "(causal_conv1d's input, the scan's inputs, the gated norm's): not sized");
	const char *t = gs_wl_str(&e->workload, GS_F_LORA_TARGETS);
	bool all = !strcmp(t, "all-linear"), out = all || has_target(t, "out_proj"),
	     inner = all || has_target(t, "x_proj") || has_target(t, "dt_proj");
	if (gs_wl_task(&e->workload) != GS_TASK_FULL && (out || (!m->ssm_groups && inner)))
		gsi_unknown(e, "trainable: in training the fused Mamba kernels apply %s with the base "
		               "weight itself (outproj_weight=self.out_proj.weight), so PEFT's adapters "
		               "there get no gradient and no optimizer state: counted here all the same",
		            m->ssm_groups ? "out_proj" : "x_proj, dt_proj and out_proj");
}

/* Activations saved for backward, the loss's logits, and validation's. */
static void activation_items(gs_estimate *e, const gsi_unsloth_release *u)
{
	const gs_model *m = &e->model;
	const gs_workload *w = &e->workload;
	bool arch = m->has_architecture, len = e->train.executed_length > 0;
	char why[600];
	/* activations and logits */
	uint64_t b = e->train.microbatch, be = gs_wl_u64(w, GS_F_EVAL_MICROBATCH),
		 s = e->train.executed_length;
	gs_item *act = gsi_item(e, "activations", GS_BASIS_ESTIMATED,
	                        METHOD "§10 (Korthikanti et al. 2022, arXiv 2205.05198; llama terms our "
	                               "derivation, to be measured)");
	act->shard = GS_SHARD_ACT;
	act->varies = true;
	gs_item *lg = gsi_item(e, "logits", GS_BASIS_ESTIMATED,
	                       METHOD "§10 (loss: bf16 logits, fp32 upcast, fp32 gradient)");
	lg->shard = GS_SHARD_LOGITS;
	lg->varies = true;
	if (arch && len) {
		gs_bytes ta = train_activations(e, u, b, s, why, sizeof why);
		bool stays = u && u->gc_small_stays && block_input_bytes(e, b, s) <= GC_MINIMUM_SIZE;
		if (gs_wl_checkpointing(w) == GS_CKPT_OFFLOADED && !stays) {
			gs_bytes inputs = gs_mul_sat(block_input_bytes(e, b, s), checkpointed_blocks(m));
			e->host_bytes = gs_add_sat(e->host_bytes, inputs);
			snprintf(e->host_what, sizeof e->host_what,
			         "the offloaded layer inputs of activation checkpointing");
			e->train.host_inputs = inputs;
		}
		/* a frozen vision tower runs first in the forward pass: no input or
		 * weight of it needs a gradient, so autograd saves nothing of it and
		 * its transient is gone before the decoder's activations build up */
		char tower[400] = "";
		gs_bytes vis = m->vision_params && e->images ? gsi_vision_peak(e, b, tower, sizeof tower) : 0;
		gs_bytes saved = tower_saved(e, b, tower, sizeof tower);
		if (saved) /* adapters in the tower: its layers' activations wait for backward */
			ta = gs_add_sat(ta, saved), vis = 0;
		gsi_item_put(act, PH_FWD, vis > ta ? vis : ta);
		gsi_item_put(act, PH_BWD, ta);
		char vwhy[400];
		gs_bytes va = gsi_forward_peak(e, be, s, s, e->attention, vwhy, sizeof vwhy);
		gs_bytes vva = m->vision_params && e->images ? gsi_vision_peak(e, be, NULL, 0) : 0;
		if (vva > va)
			va = vva;
		gsi_item_put(act, PH_VAL, va);
		gsi_formula(act,
		            "training, per microbatch of %llu x %llu tokens: %s; validation (no grad, batch "
		            "%llu): %s%s%s",
		            (unsigned long long)b, (unsigned long long)s, why, (unsigned long long)be, vwhy,
		            !tower[0] ? ""
		            : e->train.tower_layers
		                    ? "; vision tower with adapters"
		                    : "; frozen vision tower first in forward (nothing saved for backward)",
		            tower);
		if (m->vision_params && !e->images)
			gsi_unknown(e, "vision tower: no images given, so its pass is not counted; give "
			               "images (per sequence)");
		hybrid_unknowns(e, b, s);
		if (u && !m->num_labels && !m->token_labels &&
		    !strncmp(w->v[GS_F_LOSS].where, "recipe ", 7)) {
			/* Unsloth's own loss, by release, unless the sheet names one */
			char lwhy[400], vwhy2[400];
			gs_bytes no_cce = 0;
			gs_bytes tl = unsloth_loss(e, u, b, s, 0, &no_cce, lwhy, sizeof lwhy);
			if (no_cce > tl)
				gsi_unknown(e,
				            "logits: Unsloth runs Cut Cross-Entropy only where the "
				            "cut_cross_entropy "
				            "package is installed (torch >= 2.4, Triton >= 3, compute "
				            "capability >= 7.5); "
				            "without it the logits are held: %.2f GiB more",
				            (double)(no_cce - tl) / 1073741824.0);
			/* evaluation runs the same loss (zoo's fused loss computes its
			 * gradients in forward, under no_grad too) */
			gs_bytes vl = unsloth_loss(e, u, be, s, 0, NULL, vwhy2, sizeof vwhy2);
			gsi_item_put(lg, PH_FWD, tl);
			gsi_item_put(lg, PH_BWD, tl);
			gsi_item_put(lg, PH_VAL, vl);
			snprintf(lg->source, sizeof lg->source, "%s",
			         METHOD
			         "§10a (Unsloth by release: models/llama.py, kernels/cross_entropy_loss.py, "
			         "zoo fused_losses/cross_entropy_loss.py)");
			gsi_formula(lg, "%s; validation (batch %llu) the same loss", lwhy,
			            (unsigned long long)be);
			return;
		}
		bool chunked = gs_wl_loss(w) == GS_LOSS_CHUNKED;
		/* a sequence classifier scores one row a sequence; a token
		 * classifier every token, in its labels' width, unchunked */
		uint64_t rows = m->num_labels ? 1 : m->token_labels ? s : (chunked && s > 1024 ? 1024 : s);
		uint64_t width = m->num_labels ? m->num_labels : m->token_labels ? m->token_labels : m->vocab;
		gs_bytes tl = gs_mul_sat(gs_mul_sat(rows, b), gs_mul_sat(width, 10));
		gs_bytes vl = gs_mul_sat(gs_mul_sat(m->num_labels ? 1 : s, be), gs_mul_sat(width, 6));
		gsi_item_put(lg, PH_FWD, tl);
		gsi_item_put(lg, PH_BWD, tl);
		gsi_item_put(lg, PH_VAL, vl);
		gsi_formula(lg,
		            "%s%llu x %llu x %llu x (2 + 4 + 4) B for the loss; validation %llu x %llu x "
		            "%llu x (2 + 4) B",
		            m->num_labels     ? "classifier: "
		            : m->token_labels ? "token classifier: "
		            : chunked         ? "chunked loss, 1024-token chunks: "
		                              : "",
		            (unsigned long long)rows, (unsigned long long)b, (unsigned long long)width,
		            (unsigned long long)(m->num_labels ? 1 : s), (unsigned long long)be,
		            (unsigned long long)width);
	} else {
		act->basis = lg->basis = GS_BASIS_UNKNOWN;
		act->live = lg->live = LIVE(PH_FWD) | LIVE(PH_BWD) | LIVE(PH_VAL);
		const char *need = !arch ? "an architecture (--model config.json)" : "a length (--context N)";
		gsi_formula(act, "needs %s", need);
		gsi_formula(lg, "needs %s", need);
		gsi_unknown(e, "activations and logits: need %s", need);
	}

}

/* Input batches, and QLoRA's dequantization scratch. */
static void buffer_items(gs_estimate *e, bool qlora)
{
	const gs_model *m = &e->model;
	uint64_t b = e->train.microbatch, s = e->train.executed_length;
	/* buffers: data, communication buckets, dequantization scratch */
	gs_item *bf = gsi_item(e, "buffers", GS_BASIS_ESTIMATED,
	                       METHOD
	                       "§11; PyTorch DDP (gradient_as_bucket_view=False keeps a bucket copy of the "
	                       "gradients); DeepSpeed reduce/allgather_bucket_size 5e8");
	bf->shard = GS_SHARD_NONE;
	uint64_t data = gs_mul_sat(gs_mul_sat(s ? s : 0, b), 3 * 8);
	gsi_item_all(bf, TRAIN_STEP | LIVE(PH_VAL), data);
	gsi_formula(bf, "input ids, labels, mask: 3 x %llu x %llu x 8 B", (unsigned long long)s,
	            (unsigned long long)b);
	if (qlora) {
		/* bitsandbytes dequantizes one weight to 16 bits at a time in forward and backward */
		uint64_t big = 0;
		for (size_t i = 0; i < m->n_modules; i++)
			if (m->modules[i].in * m->modules[i].out > big)
				big = m->modules[i].in * m->modules[i].out;
		gsi_item_all(bf, TRAIN_STEP | LIVE(PH_VAL), gs_add_sat(data, gs_mul_sat(big, 2)));
		gsi_formula(bf,
		            "input ids, labels, mask 3 x %llu x %llu x 8 B + one dequantized weight %llu x 2 "
		            "B",
		            (unsigned long long)s, (unsigned long long)b, (unsigned long long)big);
	}

}

/* What saving or merging the result needs on top of the model. */
static void export_item(gs_estimate *e, bool full, bool qlora)
{
	const gs_model *m = &e->model;
	const gs_workload *w = &e->workload;
	gs_item *ex = gsi_item(e, "export_transient", GS_BASIS_ESTIMATED,
	                       METHOD "§10; PEFT merge_and_unload; bitsandbytes dequantize_4bit");
	ex->shard = GS_SHARD_WEIGHTS;
	if (full) {
		gsi_item_put(ex, PH_EXPORT, 0);
		gsi_formula(ex, "none: saving copies one tensor at a time to host memory");
	} else if (gs_wl_export(w) == GS_EXPORT_ADAPTERS) {
		gsi_item_put(ex, PH_EXPORT, 0);
		gsi_formula(ex, "none: the adapters are saved alone (export adapters), no merge");
	} else if (gs_wl_export(w) == GS_EXPORT_LAYERWISE) {
		/* Unsloth's save_pretrained_merged: each projection dequantized to
		 * fp32 on the GPU, merged, cast and moved to host memory */
		gs_bytes one = 0;
		for (size_t i = 0; i < m->n_modules; i++)
			if (m->modules[i].in * m->modules[i].out * 4 > one)
				one = m->modules[i].in * m->modules[i].out * 4;
		gs_bytes merged = gs_mul_sat(m->params, 2);
		gsi_item_put(ex, PH_EXPORT, gs_mul_sat(one, 2));
		gsi_formula(ex,
		            "merging tensor by tensor: the largest module in fp32 and its merged copy (2 x "
		            "%llu B) on the "
		            "GPU; the merged 16-bit model (%llu B) collects in host memory",
		            (unsigned long long)one, (unsigned long long)merged);
		e->host_bytes = gs_add_sat(e->host_bytes, merged);
		snprintf(e->host_what, sizeof e->host_what, "the merged 16-bit model (export layerwise)%s",
		         e->train.host_inputs ? " and the offloaded layer inputs of checkpointing" : "");
	} else if (qlora) {
		uint64_t quantized = m->split.linear - (gsi_bnb_passes_experts(e) ? m->split.experts : 0);
		uint64_t deq = gs_mul_sat(quantized, 2);
		bool cpu = gs_wl_export(w) == GS_EXPORT_CPU;
		gsi_item_put(ex, PH_EXPORT, cpu ? 0 : deq);
		gsi_formula(ex,
		            "a merge needs the base dequantized: %llu quantized linear params x 2 B = %llu "
		            "B, %s",
		            (unsigned long long)quantized, (unsigned long long)deq,
		            cpu ? "in host memory (export cpu)"
		                : "on the GPU (export cpu moves it to host memory)");
		if (cpu) {
			e->host_bytes = gs_add_sat(e->host_bytes, deq);
			snprintf(e->host_what, sizeof e->host_what,
			         "the dequantized base for the QLoRA merge (export cpu)%s",
			         e->train.host_inputs ? " and the offloaded layer inputs of checkpointing"
			                              : "");
		}
	} else if (gs_wl_export(w) == GS_EXPORT_CPU) {
		gs_bytes merged = gs_mul_sat(m->params, 2);
		gsi_item_put(ex, PH_EXPORT, 0);
		gsi_formula(ex, "merged in host memory (export cpu): the 16-bit model there, %llu B",
		            (unsigned long long)merged);
		e->host_bytes = gs_add_sat(e->host_bytes, merged);
		snprintf(e->host_what, sizeof e->host_what,
		         "the 16-bit model merged in host memory (export cpu)%s",
		         e->train.host_inputs ? " and the offloaded layer inputs of checkpointing" : "");
	} else {
		gs_bytes one = 0;
		for (size_t i = 0; i < m->n_modules; i++)
			if (m->modules[i].in * m->modules[i].out * 2 > one)
				one = m->modules[i].in * m->modules[i].out * 2;
		gsi_item_put(ex, PH_EXPORT, one);
		gsi_formula(ex, "merging in place: one delta B x A of the largest module in 16 bits (%llu B)",
		            (unsigned long long)one);
	}
}

gs_status gsi_estimate_train(gs_estimate *e, gs_error *err)
{
	const gs_workload *w = &e->workload;
	bool full = gs_wl_task(w) == GS_TASK_FULL, qlora = gs_wl_task(w) == GS_TASK_QLORA;
	const precision *pr;
	const gsi_unsloth_release *u;
	uint64_t trainable, adafactor_elems, largest;
	gs_status st;
	if ((st = check_inputs(e, err)) || (st = dataset_lengths(e, err)) ||
	    (st = recipe_release(e, &u, err)) || (st = unsloth_model(e, u, qlora, err)) ||
	    (st = precision_of(e, full, &pr, err)))
		return st;
	train_phases(e, full, qlora);
	if ((st = trainable_counts(e, full, qlora, u, &trainable, &adafactor_elems, &largest, err)))
		return st;
	state_items(e, pr, trainable, full);
	unsloth_rope(e, u);
	optimizer_items(e, pr, trainable, adafactor_elems, largest);
	activation_items(e, u);
	buffer_items(e, qlora);
	export_item(e, full, qlora);
	return GS_OK;
}
