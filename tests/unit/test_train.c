/* test_train.c — adaptation and placement (issue #4's worked values). */
#include <stdlib.h>
#include "helpers.h"

#define END -1
#define L3 CFG("meta-llama__Meta-Llama-3-8B.json")
static gs_estimate *E;

/* phases: 0 load, 1 forward, 2 backward, 3 first_update, 4 update, 5 validation, 6 export */

static void test_full_mixed_adamw(void **st)
{
	(void)st;
	gs_model m;
	run_estimate(E, &m, GS_F_PARAMS, "7e9", GS_F_TASK, "full", END);
	assert_int_equal(item_at(E, "weights", 3), 14000000000ull);        /* 2 B */
	assert_int_equal(item_at(E, "gradients", 3), 14000000000ull);      /* 2 B */
	assert_int_equal(item_at(E, "master_weights", 3), 28000000000ull); /* 4 B */
	assert_int_equal(item_at(E, "optimizer_states", 3), 56000000000ull); /* 8 B */
	assert_int_equal(E->train.model_states, 112000000000ull);          /* 16 B per parameter */
	assert_int_equal(E->n_phases, 7);
	assert_string_equal(E->phases[3].id, "first_update");
	/* optimizer states are created lazily: not at load */
	assert_false(gs_estimate_item(E, "optimizer_states")->live & 1u);
	/* fp32: 4 + 4 + 8; pure bf16: 2 + 2 + 4; 8-bit Adam: 2 B + block absmax */
	run_estimate(E, &m, GS_F_PARAMS, "7e9", GS_F_TASK, "full", GS_F_PRECISION, "fp32", END);
	assert_int_equal(E->train.model_states, 112000000000ull);
	assert_int_equal(item_at(E, "master_weights", 3), 0);
	run_estimate(E, &m, GS_F_PARAMS, "7e9", GS_F_TASK, "full", GS_F_PRECISION, "bf16", END);
	assert_int_equal(E->train.model_states, 56000000000ull);
	run_estimate(E, &m, GS_F_PARAMS, "7e9", GS_F_TASK, "full", GS_F_OPTIMIZER, "adamw-8bit", END);
	assert_int_equal(item_at(E, "optimizer_states", 3), 14000000000ull + 27343750ull);
	assert_int_equal(item_at(E, "optimizer_temporaries", 3), 0);
	run_estimate(E, &m, GS_F_PARAMS, "7e9", GS_F_TASK, "full", GS_F_OPTIMIZER, "sgd", END);
	assert_int_equal(item_at(E, "optimizer_states", 3), 0);
	/* gradients are alive in forward only while they accumulate */
	assert_int_equal(item_at(E, "gradients", 1), 0);
	run_estimate(E, &m, GS_F_PARAMS, "7e9", GS_F_TASK, "full", GS_F_GRAD_ACCUM, "4", END);
	assert_int_equal(item_at(E, "gradients", 1), 14000000000ull);
}

static void test_lora_and_qlora(void **st)
{
	(void)st;
	gs_model m;
	run_estimate(E, &m, GS_F_MODEL, L3, GS_F_TASK, "lora", GS_F_LORA_RANK, "16", GS_F_LORA_TARGETS,
	             "q_proj,k_proj,v_proj,o_proj", END);
	assert_int_equal(E->train.trainable, 13631488ull); /* issue #4 */
	assert_int_equal(E->train.frozen, 8030261248ull);
	assert_int_equal(item_at(E, "adapter_weights", 0), 13631488ull * 4);
	assert_int_equal(item_at(E, "gradients", 2), 13631488ull * 4);
	assert_int_equal(item_at(E, "optimizer_states", 3), 13631488ull * 8);
	assert_int_equal(item_at(E, "weights", 0), 16060522496ull); /* frozen bf16 base */
	/* all-linear adds gate, up and down: 32 x 16 x (3 x (4096 + 14336)) more */
	run_estimate(E, &m, GS_F_MODEL, L3, GS_F_TASK, "lora", GS_F_LORA_RANK, "16", GS_F_LORA_TARGETS,
	             "all-linear", END);
	assert_int_equal(E->train.trainable, 13631488ull + 32ull * 16 * 3 * (4096 + 14336));
	/* QLoRA: nf4 with double quantization by default, method.md §3 */
	run_estimate(E, &m, GS_F_MODEL, L3, GS_F_TASK, "qlora", GS_F_LORA_RANK, "16", GS_F_LORA_TARGETS,
	             "q_proj,k_proj,v_proj,o_proj", END);
	assert_string_equal(E->format.name, "nf4-dq");
	assert_int_equal(item_at(E, "weights", 0), 3489660928ull);
	assert_int_equal(item_at(E, "quant_metadata", 0), 110755840ull);
	assert_int_equal(item_at(E, "other_format_modules", 0), 2101878784ull);
	assert_non_null(strstr(E->train.kept_aside, "embed_tokens, lm_head, norms"));
	/* the QLoRA merge needs the base dequantized, on the GPU unless export cpu */
	assert_int_equal(item_at(E, "export_transient", 6), 6979321856ull * 2);
	run_estimate(E, &m, GS_F_MODEL, L3, GS_F_TASK, "qlora", GS_F_EXPORT, "cpu", END);
	assert_int_equal(item_at(E, "export_transient", 6), 0);
	assert_int_equal(E->host_bytes, 6979321856ull * 2);
}

static void test_activation_shapes(void **st)
{
	(void)st;
	gs_model m;
	/* per layer s x b x (20h + 4 a_kv d + 8i) + 4 a s b; Llama-3-8B, s 1024, b 1 */
	run_estimate(E, &m, GS_F_MODEL, L3, GS_F_TASK, "full", GS_F_LENGTH, "1024", END);
	gs_bytes a1 = item_at(E, "activations", 1);
	assert_int_equal(a1, 32ull * (1024ull * 200704 + 4ull * 32 * 1024));
	run_estimate(E, &m, GS_F_MODEL, L3, GS_F_TASK, "full", GS_F_LENGTH, "1024", GS_F_MICROBATCH, "2",
	             END);
	assert_int_equal(item_at(E, "activations", 1), 2 * a1); /* linear in microbatch */
	run_estimate(E, &m, GS_F_MODEL, L3, GS_F_TASK, "full", GS_F_LENGTH, "2048", END);
	assert_int_equal(item_at(E, "activations", 1), 2 * a1); /* linear in length with flash/SDPA */
	/* eager: + 6 a s^2 b per layer, quadratic in length */
	run_estimate(E, &m, GS_F_MODEL, L3, GS_F_TASK, "full", GS_F_LENGTH, "1024", GS_F_ATTENTION, "eager",
	             END);
	gs_bytes e1 = item_at(E, "activations", 1);
	assert_int_equal(e1, 32ull * (1024ull * 200704 + 6ull * 32 * 1024 * 1024));
	run_estimate(E, &m, GS_F_MODEL, L3, GS_F_TASK, "full", GS_F_LENGTH, "2048", GS_F_ATTENTION, "eager",
	             END);
	assert_int_equal(item_at(E, "activations", 1), 32ull * (2048ull * 200704 + 6ull * 32 * 2048 * 2048));
	/* full checkpointing: each layer's input + one layer's full set */
	run_estimate(E, &m, GS_F_MODEL, L3, GS_F_TASK, "full", GS_F_LENGTH, "1024", GS_F_CHECKPOINTING,
	             "full", END);
	assert_int_equal(item_at(E, "activations", 1),
	                 32ull * 1024 * 4096 * 2 + (1024ull * 200704 + 4ull * 32 * 1024));
	/* offloaded checkpointing: two layer inputs on the GPU + one layer's
	 * full set; the 32 inputs in host memory */
	run_estimate(E, &m, GS_F_MODEL, L3, GS_F_TASK, "full", GS_F_LENGTH, "1024", GS_F_CHECKPOINTING,
	             "offloaded", END);
	assert_int_equal(item_at(E, "activations", 1),
	                 2ull * 1024 * 4096 * 2 + (1024ull * 200704 + 4ull * 32 * 1024));
	assert_true(E->host_bytes >= 32ull * 1024 * 4096 * 2);
	assert_int_equal(E->train.host_inputs, 32ull * 1024 * 4096 * 2);
	/* selective drops the eager score term */
	run_estimate(E, &m, GS_F_MODEL, L3, GS_F_TASK, "full", GS_F_LENGTH, "1024", GS_F_ATTENTION, "eager",
	             GS_F_CHECKPOINTING, "selective", END);
	assert_int_equal(item_at(E, "activations", 1), a1);
	/* loss logits: s x b x V x (2 + 4 + 4); chunked: 1024-token chunks */
	run_estimate(E, &m, GS_F_MODEL, L3, GS_F_TASK, "full", GS_F_LENGTH, "4096", END);
	assert_int_equal(item_at(E, "logits", 1), 4096ull * 128256 * 10);
	run_estimate(E, &m, GS_F_MODEL, L3, GS_F_TASK, "full", GS_F_LENGTH, "4096", GS_F_LOSS, "chunked",
	             END);
	assert_int_equal(item_at(E, "logits", 1), 1024ull * 128256 * 10);
}

/* Hybrid and state-space layers (method.md §10, "State-space and
 * linear-attention layers"): a layer keeps its norms (8h a token each), its
 * attention (4h + 4 a_kv d, + 4 a d with an output gate, + 4a logsumexp)
 * and its MLP (8i), and its mixer's saved tensors in attention's place:
 * worked values by hand, one microbatch of 1 sequence, 16-bit. */
static void test_hybrid_activations(void **st)
{
	(void)st;
	gs_model m;
	/* Qwen3.5-9B, s 1024: h 4096, i 12288, 24 Gated DeltaNet layers of K
	 * 2048, V 4096, H 32, dk 128: fla's saved q, k (2 H dk), v (V), A (64H),
	 * beta (H), the conv input (2K + V), the torch gated norm's 3V 16-bit +
	 * 3V fp32, fp32 rstd, cumsum and softplus (5H): 34,848 16-bit + 12,448
	 * fp32 values, 119,488 B a token, + 16h + 8i = 283,328; 8 gated
	 * attention layers 20h + 4 x 1024 + 8i + 4 x 16 x 256 + 4 x 16 = 200,768 */
	run_estimate(E, &m, GS_F_MODEL, CFG("Qwen__Qwen3.5-9B.json"), GS_F_TASK, "lora", GS_F_LORA_TARGETS,
	             "all-linear", GS_F_LENGTH, "1024", END);
	assert_int_equal(item_at(E, "activations", 1), 1024ull * (24 * 283328 + 8 * 200768));
	/* full checkpointing: 32 inputs 2 s h + the largest layer, a GDN one */
	run_estimate(E, &m, GS_F_MODEL, CFG("Qwen__Qwen3.5-9B.json"), GS_F_TASK, "lora", GS_F_LORA_TARGETS,
	             "all-linear", GS_F_LENGTH, "1024", GS_F_CHECKPOINTING, "full", END);
	assert_int_equal(item_at(E, "activations", 1), 32ull * 1024 * 4096 * 2 + 1024ull * 283328);
	/* Mamba-130m, s 1024: one norm and a Mamba-1 mixer a layer (no MLP):
	 * 8 x 768 + 2 x (3 x 1536 + 48 + 4 x 16) = 15,584 B a token, + the
	 * scan's fp32 intermediates 1536 x 2 x 16 x 4 B a 2048-token chunk */
	run_estimate(E, &m, GS_F_MODEL, CFG("state-spaces__mamba-130m-hf.json"), GS_F_TASK, "lora",
	             GS_F_LORA_TARGETS, "all-linear", GS_F_LENGTH, "1024", END);
	assert_int_equal(item_at(E, "activations", 1), 24ull * (1024 * 15584 + 1536 * 2 * 16 * 4));
	/* Nemotron-H fixture "M-M*-M", s 1000 (PEFT's default q,k,v,o): one
	 * norm a layer; Mamba-2 zxbcdt 2 x 256 + 2 x 2 x 16 + 8, out_x 256 and
	 * 2 fp32 rstd: 2048 + 1680 + 8; MLP 2048 + 8 x 512; attention 2048 +
	 * 1024 + 4 x 128 + 16 */
	run_estimate(E, &m, GS_F_MODEL, TCFG("nemotron-h-tiny.json"), GS_F_TASK, "lora", GS_F_LENGTH, "1000",
	             END);
	assert_int_equal(item_at(E, "activations", 1), 1000ull * (3 * 3736 + 2 * 6144 + 3600));
	/* Falcon-H1 fixture, s 1000: attention + Mamba-2 (I 384, 6 heads, 1
	 * group) side by side, the muP input copies 4h, the MLP 8 x 512 */
	run_estimate(E, &m, GS_F_MODEL, TCFG("falcon-h1-tiny.json"), GS_F_TASK, "lora", GS_F_LORA_TARGETS,
	             "all-linear", GS_F_LENGTH, "1000", END);
	assert_int_equal(item_at(E, "activations", 1), 2ull * 1000 *
	                 (16 * 256 + 4 * 256 + 4 * 128 + 4 * 256 + 8 * 512 + 2 * 1190 + 4 + 16));
	/* LFM2.5-VL-1.6B's text, s 1000: 10 short-convolution layers 16h + 8i
	 * + 12 x 2048 (in_proj's B, C, x, B x x, the conv output, the
	 * contiguous C x conv_out), 6 attention layers 20h + 4 x 512 + 8i + 128 */
	run_estimate(E, &m, GS_F_MODEL, CFG("LiquidAI__LFM2.5-VL-1.6B.json"), GS_F_TASK, "lora",
	             GS_F_LORA_TARGETS, "all-linear", GS_F_LENGTH, "1000", END);
	assert_int_equal(item_at(E, "activations", 1), 1000ull * (10 * 122880 + 6 * 108672));
}

/* Mixed precision under autocast and per-parameter optimizers (method.md
 * §10, "Mixed precision under autocast"; issue #14). BERT-large: 24 layers,
 * h 1024, 16 heads, s 512, b 4, eager attention. */
#define BERT TCFG("bert-large-uncased-seqcls.json")
static void test_autocast_and_forloop(void **st)
{
	(void)st;
	gs_model m;
	const uint64_t sbh = 512ull * 4 * 1024, as2b = 16ull * 512 * 512 * 4, layers = 24;
	run_estimate(E, &m, GS_F_MODEL, BERT, GS_F_TASK, "full", GS_F_LENGTH, "512", GS_F_MICROBATCH, "4",
	             GS_F_ATTENTION, "eager", GS_F_PRECISION, "amp", END);
	/* Korthikanti's 16-bit 34 s b h + 5 a s^2 b, plus what autocast keeps in
	 * fp32: 8 s b h + 2 a s^2 b, i.e. 42 s b h + 7 a s^2 b per layer */
	assert_int_equal(item_at(E, "activations", 1), layers * (42 * sbh + 7 * as2b));
	/* 16-bit copies of the matmul weights, forward and backward only */
	assert_int_equal(item_at(E, "autocast_cache", 1), m.split.linear * 2);
	assert_int_equal(item_at(E, "autocast_cache", 2), m.split.linear * 2);
	assert_int_equal(item_at(E, "autocast_cache", 5), 0);
	/* fp32 keeps no cast cache; activations stay twice the 16-bit count */
	run_estimate(E, &m, GS_F_MODEL, BERT, GS_F_TASK, "full", GS_F_LENGTH, "512", GS_F_MICROBATCH, "4",
	             GS_F_ATTENTION, "eager", GS_F_PRECISION, "fp32", END);
	assert_null(gs_estimate_item(E, "autocast_cache"));
	assert_int_equal(item_at(E, "activations", 1), layers * 2 * (34 * sbh + 5 * as2b));
	/* checkpointing under autocast keeps fp32 layer inputs (the residual) */
	run_estimate(E, &m, GS_F_MODEL, BERT, GS_F_TASK, "full", GS_F_LENGTH, "512", GS_F_MICROBATCH, "1",
	             GS_F_ATTENTION, "eager", GS_F_PRECISION, "amp", GS_F_CHECKPOINTING, "full", END);
	const uint64_t sbh1 = sbh / 4, as2b1 = as2b / 4;
	assert_int_equal(item_at(E, "activations", 1), layers * 4 * sbh1 + (42 * sbh1 + 7 * as2b1));
	/* a per-parameter AdamW holds two fp32 temporaries of the largest tensor
	 * (the word embeddings, 30522 x 1024); foreach holds one per parameter */
	run_estimate(E, &m, GS_F_MODEL, BERT, GS_F_TASK, "full", GS_F_LENGTH, "512", GS_F_OPTIMIZER,
	             "adamw-forloop", END);
	assert_int_equal(item_at(E, "optimizer_temporaries", 3), 2ull * 30522 * 1024 * 4);
	assert_int_equal(item_at(E, "optimizer_states", 3), m.params * 8);
	run_estimate(E, &m, GS_F_MODEL, BERT, GS_F_TASK, "full", GS_F_LENGTH, "512", GS_F_OPTIMIZER,
	             "adafactor", END);
	assert_int_equal(item_at(E, "optimizer_temporaries", 3), 2ull * 30522 * 1024 * 4);
	run_estimate(E, &m, GS_F_MODEL, BERT, GS_F_TASK, "full", GS_F_LENGTH, "512", END);
	assert_int_equal(item_at(E, "optimizer_temporaries", 3), m.params * 4);
	/* llama-style layers under autocast: + 14 s b h + 4 s b a_kv d */
	run_estimate(E, &m, GS_F_MODEL, L3, GS_F_TASK, "full", GS_F_LENGTH, "1024", GS_F_PRECISION, "amp",
	             END);
	assert_int_equal(item_at(E, "activations", 1),
	                 32ull * (1024ull * 200704 + 4ull * 32 * 1024 + 1024ull * (14 * 4096 + 4 * 1024)));
}

/* Export: on the GPU, in host memory, tensor by tensor, adapters alone
 * (docs/method.md §10a); and the recipes' defaults. */
static void test_export_and_recipes(void **st)
{
	(void)st;
	gs_model m;
	run_estimate(E, &m, GS_F_MODEL, L3, GS_F_TASK, "qlora", GS_F_LENGTH, "1024", END);
	gs_bytes gpu = item_at(E, "export_transient", 6);
	assert_int_equal(gpu, m.split.linear * 2);
	/* prepare_model_for_kbit_training */
	assert_string_equal(gs_wl_str(&E->workload, GS_F_CHECKPOINTING), "full");
	run_estimate(E, &m, GS_F_MODEL, L3, GS_F_TASK, "qlora", GS_F_LENGTH, "1024", GS_F_EXPORT, "adapters",
	             END);
	assert_int_equal(item_at(E, "export_transient", 6), 0);
	run_estimate(E, &m, GS_F_MODEL, L3, GS_F_TASK, "qlora", GS_F_LENGTH, "1024", GS_F_EXPORT, "layerwise",
	             END);
	/* the largest module (down/gate/up: 4096 x 14336) in fp32, twice */
	assert_int_equal(item_at(E, "export_transient", 6), 2ull * 4096 * 14336 * 4);
	assert_int_equal(E->host_bytes, m.params * 2);
	run_estimate(E, &m, GS_F_MODEL, L3, GS_F_TASK, "lora", GS_F_LENGTH, "1024", GS_F_EXPORT, "cpu", END);
	assert_int_equal(item_at(E, "export_transient", 6), 0);
	assert_int_equal(E->host_bytes, m.params * 2);
	/* recipes: their defaults where the sheet is silent, the sheet's own values win */
	run_estimate(E, &m, GS_F_MODEL, L3, GS_F_TASK, "lora", GS_F_RECIPE, "trl-sft", END);
	assert_int_equal(E->length, 1024);
	assert_string_equal(gs_wl_str(&E->workload, GS_F_LOSS), "chunked");
	assert_string_equal(E->workload.v[GS_F_LOSS].where, "recipe trl-sft");
	run_estimate(E, &m, GS_F_MODEL, L3, GS_F_TASK, "lora", GS_F_RECIPE, "trl-sft", GS_F_LENGTH, "4096",
	             GS_F_CHECKPOINTING, "none", END);
	assert_int_equal(E->length, 4096);
	assert_string_equal(gs_wl_str(&E->workload, GS_F_CHECKPOINTING), "none");
	run_estimate(E, &m, GS_F_MODEL, L3, GS_F_TASK, "full", GS_F_RECIPE, "torchtune", GS_F_LENGTH, "1024",
	             END);
	assert_int_equal(E->train.microbatch, 2);
	assert_string_equal(gs_wl_str(&E->workload, GS_F_OPTIMIZER), "paged-adamw-8bit");
	assert_string_equal(gs_wl_str(&E->workload, GS_F_PRECISION), "bf16");
	run_estimate(E, &m, GS_F_MODEL, L3, GS_F_TASK, "qlora", GS_F_RECIPE, "llama-factory", END);
	assert_string_equal(gs_wl_str(&E->workload, GS_F_EXPORT), "cpu");
	assert_int_equal(E->length, 2048);
	run_estimate(E, &m, GS_F_MODEL, L3, GS_F_TASK, "lora", GS_F_RECIPE, "axolotl", GS_F_LORA_RANK, "32",
	             GS_F_LORA_TARGETS, "all-linear", END);
	assert_string_equal(gs_wl_str(&E->workload, GS_F_OPTIMIZER), "adamw-fused");
	assert_int_equal(E->length, 512);
}

/* The trainable count each recipe's framework prints, from the defaults
 * read at its release (docs/method.md §10a). Published prints: Unsloth's
 * notebooks (unslothai/notebooks, 2026-08-18) show 83,886,080 for
 * Llama-3.1-8B and Mistral-7B-v0.3 at lora_rank 32 on the seven
 * projections (Llama3.1_(8B)-GRPO, Mistral_v0.3_(7B)-GRPO) and 40,370,176
 * for Qwen2.5(-Coder)-7B at its default r = 16 (CodeForces-cot). */
static void test_recipe_trainable_counts(void **st)
{
	(void)st;
	static const struct {
		const char *model, *recipe, *rank;
		uint64_t trainable;
	} rows[] = {
		{CFG("meta-llama__Llama-3.1-8B.json"), "peft", NULL, 3407872},     /* q,v r=8 */
		{CFG("meta-llama__Llama-3.1-8B.json"), "trl-sft", NULL, 6815744},  /* q,v r=16 */
		{CFG("meta-llama__Llama-3.1-8B.json"), "unsloth", NULL, 41943040}, /* 7 projections r=16 */
		/* the GRPO notebook's print */
		{CFG("meta-llama__Llama-3.1-8B.json"), "unsloth", "32", 83886080},
		{CFG("meta-llama__Llama-3.1-8B.json"), "llama-factory", NULL, 20971520}, /* all r=8 */
		{CFG("meta-llama__Llama-3.1-8B.json"), "torchtune", NULL, 19660800},     /* q,v,o + MLP r=8 */
		{CFG("mistralai__Mistral-7B-v0.3.json"), "unsloth", NULL, 41943040},
		{CFG("mistralai__Mistral-7B-v0.3.json"), "unsloth", "32", 83886080},
		{CFG("mistralai__Mistral-7B-v0.1.json"), "llama-factory", NULL, 20971520},
		{CFG("Qwen__Qwen2.5-7B.json"), "peft", NULL, 2523136},
		{CFG("Qwen__Qwen2.5-7B.json"), "unsloth", NULL, 40370176},
		{CFG("Qwen__Qwen2.5-7B.json"), "llama-factory", NULL, 20185088},
		{CFG("Qwen__Qwen2.5-7B.json"), "torchtune", NULL, 19267584},
	};
	gs_model m;
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		if (rows[i].rank)
			run_estimate(E, &m, GS_F_MODEL, rows[i].model, GS_F_TASK, "qlora", GS_F_RECIPE,
			             rows[i].recipe, GS_F_LORA_RANK, rows[i].rank, GS_F_LENGTH, "512", END);
		else
			run_estimate(E, &m, GS_F_MODEL, rows[i].model, GS_F_TASK, "qlora", GS_F_RECIPE,
			             rows[i].recipe, GS_F_LENGTH, "512", END);
		assert_int_equal(E->train.trainable, rows[i].trainable);
	}
	/* gpt-oss-20b's experts are 3-D parameters: Unsloth 2025.8.5 adapted the
	 * attention only (its notebook prints 3,981,312 at r 8,
	 * nb/gpt-oss-(20B)-Fine-tuning.ipynb); from 2026.2 gate/up/down reach the
	 * experts through target_parameters, r x E x (in + out) per layer */
	run_estimate(E, &m, GS_F_MODEL, CFG("openai__gpt-oss-20b.json"), GS_F_TASK, "lora", GS_F_RECIPE,
	             "unsloth", GS_F_LORA_RANK, "8", GS_F_RECIPE_RELEASE, "2025.8.5", GS_F_LENGTH, "512",
	             END);
	assert_int_equal(E->train.trainable, 3981312);
	run_estimate(E, &m, GS_F_MODEL, CFG("openai__gpt-oss-20b.json"), GS_F_TASK, "lora", GS_F_RECIPE,
	             "unsloth", GS_F_LORA_RANK, "8", GS_F_LENGTH, "512", END);
	assert_int_equal(E->train.trainable, 3981312 + 8ull * 32 * ((2880 + 5760) + (2880 + 2880)) * 24);
	/* Unsloth's RoPE cache: one shared, or one per attention layer before 2025.1; Gemma's in fp32 */
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-3.1-8B.json"), GS_F_TASK, "qlora", GS_F_RECIPE,
	             "unsloth", GS_F_RECIPE_RELEASE, "2024.8", GS_F_LENGTH, "512", END);
	assert_int_equal(item_at(E, "rope_cache", 0), 32ull * 32768 * 128 * 2 * 2);
	run_estimate(E, &m, GS_F_MODEL, CFG("google__gemma-2-9b.json"), GS_F_TASK, "qlora", GS_F_RECIPE,
	             "unsloth", GS_F_LENGTH, "512", END);
	assert_int_equal(item_at(E, "rope_cache", 0), 8192ull * 256 * 2 * 4);
	/* Axolotl runs LoRA only when its config names the rank and the targets */
	gs_workload w;
	gs_error err;
	gs_workload_init(&w);
	assert_int_equal(gs_workload_set(&w, GS_F_MODEL, L3, strlen(L3), GS_FROM_FLAG, "t", &err), GS_OK);
	assert_int_equal(gs_workload_set(&w, GS_F_TASK, "lora", 4, GS_FROM_FLAG, "t", &err), GS_OK);
	assert_int_equal(gs_workload_set(&w, GS_F_RECIPE, "axolotl", 7, GS_FROM_FLAG, "t", &err), GS_OK);
	assert_int_equal(gs_workload_finish(&w, &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "Axolotl v0.18.0 has no default lora_r"));
	/* PEFT passes over target names the model lacks, and says nothing: named here */
	run_estimate(E, &m, GS_F_MODEL, CFG("microsoft__Phi-3-mini-4k-instruct.json"), GS_F_TASK, "lora",
	             GS_F_RECIPE, "unsloth", GS_F_LENGTH, "512", END);
	assert_non_null(strstr(E->train.adapted, "PEFT adapts nothing for: q_proj, k_proj, v_proj, "
	                                         "gate_proj, up_proj"));
	/* o, down */
	assert_int_equal(E->train.trainable, 16ull * (3072 + 3072) * 32 + 16ull * (8192 + 3072) * 32);
}

/* lengths: a batch is padded to its longest sequence, so the training
 * phases at lengths' max equal those of a sheet whose length is that max */
static void test_dataset_lengths(void **st)
{
	(void)st;
	gs_model m;
	run_estimate(E, &m, GS_F_MODEL, L3, GS_F_TASK, "qlora", GS_F_LENGTH, "1900", GS_F_MICROBATCH, "2",
	             END);
	gs_bytes act = item_at(E, "activations", 2), lg = item_at(E, "logits", 2), peak = gs_estimate_peak(E);
	run_estimate(E, &m, GS_F_MODEL, L3, GS_F_TASK, "qlora", GS_F_LENGTH, "4096", GS_F_LENGTHS,
	             "380,1200,1900", GS_F_MICROBATCH, "2", END);
	assert_int_equal(E->train.executed_length, 1900);
	assert_int_equal(E->length, 4096);
	assert_int_equal(item_at(E, "activations", 2), act);
	assert_int_equal(item_at(E, "logits", 2), lg);
	assert_int_equal(gs_estimate_peak(E), peak);
	json_t *j = gs_estimate_to_json(E);
	assert_int_equal(json_integer_value(
				 json_object_get(json_object_get(json_object_get(j, "training"), "lengths"),
	                                         "p95")),
	                 1200);
	json_decref(j);
}

static void test_placement(void **st)
{
	(void)st;
	gs_model m;
	run_estimate(E, &m, GS_F_MODEL, L3, GS_F_TASK, "full", GS_F_LENGTH, "2048", END);
	gs_bytes w1 = item_at(E, "weights", 3), g1 = item_at(E, "gradients", 3),
		 o1 = item_at(E, "optimizer_states", 3);
	/* ZeRO-3 on 8 GPUs: weights, gradients and states / 8, plus the gathered layer */
	run_estimate(E, &m, GS_F_MODEL, L3, GS_F_TASK, "full", GS_F_LENGTH, "2048", GS_F_GPUS, "8", GS_F_ZERO,
	             "3", END);
	assert_int_equal(E->dp, 8);
	assert_int_equal(item_at(E, "weights", 3), (w1 + 7) / 8);
	assert_int_equal(item_at(E, "gradients", 3), (g1 + 7) / 8);
	assert_int_equal(item_at(E, "optimizer_states", 3), (o1 + 7) / 8);
	assert_int_equal(item_at(E, "gathered_params", 1), 4 * m.largest_layer_params);
	json_t *j = gs_estimate_to_json(E);
	assert_int_equal(json_array_size(json_object_get(j, "gpus")), 8); /* one figure per GPU */
	json_decref(j);
	/* ZeRO-1 shards only the states; DDP adds a bucket copy of the gradients */
	run_estimate(E, &m, GS_F_MODEL, L3, GS_F_TASK, "full", GS_F_LENGTH, "2048", GS_F_GPUS, "8", GS_F_ZERO,
	             "1", END);
	assert_int_equal(item_at(E, "weights", 3), w1);
	assert_int_equal(item_at(E, "gradients", 3), g1);
	assert_int_equal(item_at(E, "optimizer_states", 3), (o1 + 7) / 8);
	run_estimate(E, &m, GS_F_MODEL, L3, GS_F_TASK, "full", GS_F_LENGTH, "2048", GS_F_GPUS, "2", END);
	assert_int_equal(item_at(E, "buffers", 2), 3ull * 2048 * 8 + g1);
	/* offload: states and master in host memory, none on the GPU */
	run_estimate(E, &m, GS_F_MODEL, L3, GS_F_TASK, "full", GS_F_LENGTH, "2048", GS_F_OFFLOAD, "optimizer",
	             END);
	assert_int_equal(item_at(E, "optimizer_states", 3), 0);
	assert_int_equal(E->train.host_per_gpu, o1 + 8030261248ull * 4 + 8030261248ull * 4);
	/* TP=2 inference halves the sharded weights and the KV cache */
	run_estimate(E, &m, GS_F_MODEL, L3, GS_F_LENGTH, "8192", GS_F_GPUS, "2", GS_F_TP, "2", END);
	assert_int_equal(item_at(E, "weights", 0), 16060522496ull / 2);
	assert_int_equal(item_at(E, "kv_cache", 1), 1073741824ull / 2);
	/* more than one GPU adds 1 GiB of NCCL buffers to the runtime context,
	 * unless a measured runtime context is given: it holds them already */
	gs_bytes ctx2 = item_at(E, "runtime_context", 0);
	run_estimate(E, &m, GS_F_MODEL, L3, GS_F_LENGTH, "8192", END);
	assert_int_equal(ctx2, item_at(E, "runtime_context", 0) + GS_GiB);
	run_estimate(E, &m, GS_F_MODEL, L3, GS_F_LENGTH, "8192", GS_F_GPUS, "2", GS_F_TP, "2",
	             GS_F_RUNTIME_CONTEXT, "300MiB", END);
	assert_int_equal(item_at(E, "runtime_context", 0), 300ull << 20);
	/* pipeline: stage 0 holds pp microbatches in flight of its layers, the last stage the logits */
	run_estimate(E, &m, GS_F_MODEL, L3, GS_F_TASK, "full", GS_F_LENGTH, "2048", GS_F_GPUS, "4", GS_F_PP,
	             "4", END);
	assert_int_equal(E->n_stages, 4);
	/* 1F1B: stage s holds pp - s microbatches, so middle stages fall off */
	assert_true(E->stage_peak[1] > E->stage_peak[2]);
	assert_true(E->stage_peak[0] > E->stage_peak[1]); /* + embeddings, 4 in flight */
	assert_int_equal(E->stage, 0);
	/* 8 layers x 4 */
	assert_int_equal(item_at(E, "activations", 1), 32ull * (2048ull * 200704 + 4ull * 32 * 2048));
	assert_int_equal(item_at(E, "logits", 1), 0); /* the head is on stage 3 */
}

/* Encoder-decoders (T5, BART; issue #13, method.md §2 and §10): PEFT's
 * default targets match the cross-attention's q/v too, the decoder caches
 * the input's cross-attention K/V, and training keeps both stacks. */
static void test_encoder_decoder(void **st)
{
	(void)st;
	gs_model m;
	/* t5-small: q,v in 6 encoder self-attentions and 6 x (self + cross) in
	 * the decoder: 36 matrices x 8 x (512 + 512), as PEFT prints it */
	run_estimate(E, &m, GS_F_MODEL, CFG("google-t5__t5-small.json"), GS_F_TASK, "lora", GS_F_LENGTH,
	             "512", END);
	assert_int_equal(E->train.trainable, 294912ull);
	/* ChatGLM3-6B: PEFT's query_key_value, 28 x 8 x (4096 + 4608) = 1,949,696,
	 * as print_trainable_parameters() shows it in the ChatGLM tutorials */
	run_estimate(E, &m, GS_F_MODEL, CFG("THUDM__chatglm3-6b.json"), GS_F_TASK, "lora", GS_F_LENGTH, "512",
	             END);
	assert_int_equal(E->train.trainable, 1949696ull);
	/* bart-large: q_proj,v_proj, 72 matrices x 8 x (1024 + 1024) */
	run_estimate(E, &m, GS_F_MODEL, CFG("facebook__bart-large.json"), GS_F_TASK, "lora", GS_F_LENGTH,
	             "512", END);
	assert_int_equal(E->train.trainable, 1179648ull);
	/* KV: decoder self-attention + cross-attention over the input, both at
	 * the length: 2 x 6 layers x 8 heads x (64 + 64) x 512 tokens x 2 B */
	run_estimate(E, &m, GS_F_MODEL, CFG("google-t5__t5-small.json"), GS_F_LENGTH, "512", END);
	assert_int_equal(gs_model_kv_elements(&m, 512, false), 2ull * 6 * 8 * 128 * 512);
	assert_int_equal(item_at(E, "kv_cache", 1), 2ull * 6 * 8 * 128 * 512 * 2);
	assert_int_equal(E->attention, GS_ATTN_IMPL_EAGER); /* T5 adds its position bias itself */
	/* full fine-tuning, s 512, b 1, 16-bit: 6 encoder + 6 decoder blocks of
	 * s(18h + 4i) + 5as^2, and per decoder block a cross-attention of
	 * 13sh + 5as^2 (h 512, i 2048, a 8) */
	run_estimate(E, &m, GS_F_MODEL, CFG("google-t5__t5-small.json"), GS_F_TASK, "full", GS_F_LENGTH,
	             "512", END);
	const uint64_t s = 512, block = s * (18 * 512 + 4 * 2048) + 5ull * 8 * s * s,
		       cross = s * 13 * 512 + 5ull * 8 * s * s;
	assert_int_equal(item_at(E, "activations", 1), 12 * block + 6 * cross);
}

/* gpt-oss keeps its experts (GptOssExperts) and router as nn.Parameter:
 * PEFT's all-linear adapts attention alone, bitsandbytes leaves the experts
 * in 16 bits, and a 3-D expert tensor is the largest one a loop touches. */
static void test_moe_experts_as_parameters(void **st)
{
	(void)st;
	gs_model m;
	const char *oss = CFG("openai__gpt-oss-20b.json");
	run_estimate(E, &m, GS_F_MODEL, oss, GS_F_TASK, "lora", GS_F_LORA_TARGETS, "all-linear", GS_F_LENGTH,
	             "512", END);
	/* 24 x 8 x ((2880 + 4096) + 2 x (2880 + 512) + (4096 + 2880)) */
	assert_int_equal(E->train.trainable, 3981312ull);
	assert_true(m.experts_params);
	run_estimate(E, &m, GS_F_MODEL, oss, GS_F_TASK, "qlora", GS_F_LORA_TARGETS, "all-linear", GS_F_LENGTH,
	             "512", END);
	/* quantized: attention's 24 x (2 x 2880 x 4096 + 2 x 2880 x 512) = 637,009,920 params at 4 bits */
	assert_int_equal(item_at(E, "weights", 0), 637009920ull / 2);
	assert_int_equal(item_at(E, "other_format_modules", 0), (20914757184ull - 637009920ull) * 2);
	assert_non_null(strstr(E->train.kept_aside, "the experts (3-D parameters)"));
	assert_int_equal(item_at(E, "export_transient", 6), 637009920ull * 2);
	expect_estimate_error(E, GS_EINPUT,
	                      "its experts are 3-D parameters, which PEFT adapts through target_parameters",
	                      GS_F_MODEL, oss, GS_F_TASK, "lora", GS_F_LORA_TARGETS, "gate_up_proj",
	                      GS_F_LENGTH, "512", END);
	/* GraniteMoE: experts are parameters (GraniteMoeParallelExperts), the
	 * router an nn.Linear (router.layer): all-linear adapts attention and
	 * the router, 24 x 8 x ((1024 + 1024) x 2 + (1024 + 512) x 2 + (1024 + 32)) */
	run_estimate(E, &m, GS_F_MODEL, CFG("ibm-granite__granite-3.0-1b-a400m-base.json"), GS_F_TASK, "lora",
	             GS_F_LORA_TARGETS, "all-linear", GS_F_LENGTH, "512", END);
	assert_int_equal(E->train.trainable, 1579008ull);
	/* a per-parameter loop's temporaries: the 3-D gate_up_proj, 128 x 2880 x 5760 in the 120b */
	run_estimate(E, &m, GS_F_MODEL, CFG("openai__gpt-oss-120b.json"), GS_F_TASK, "full", GS_F_OPTIMIZER,
	             "adamw-forloop", GS_F_LENGTH, "512", END);
	assert_int_equal(item_at(E, "optimizer_temporaries", 3), 2ull * 2123366400ull * 4);
}

/* Unsloth by release (recipe.c's table, docs/method.md §10a). */
static void test_unsloth_releases(void **st)
{
	(void)st;
	gs_model m;
	const char *oss = CFG("openai__gpt-oss-20b.json"), *l31 = CFG("meta-llama__Llama-3.1-8B.json");
	/* gpt-oss under load_in_4bit loads unsloth/gpt-oss-20b-unsloth-bnb-4bit,
	 * one nn.Linear per expert: experts (24 x 32 x (2880 x 5760 + 2880 x
	 * 2880) = 19,110,297,600) and attention (637,009,920) at 4 bits, the
	 * rest in 16; its notebook prints 3,981,312 trainable at r 8 (2025.8.5) */
	run_estimate(E, &m, GS_F_MODEL, oss, GS_F_TASK, "qlora", GS_F_RECIPE, "unsloth", GS_F_LORA_RANK, "8",
	             GS_F_RECIPE_RELEASE, "2025.8.5", GS_F_LENGTH, "1024", END);
	assert_int_equal(E->train.trainable, 3981312);
	assert_int_equal(item_at(E, "weights", 0), (19110297600ull + 637009920ull) / 2);
	assert_int_equal(item_at(E, "other_format_modules", 0),
	                 (20914757184ull - 19110297600ull - 637009920ull) * 2);
	assert_null(strstr(E->train.kept_aside, "experts"));
	assert_false(E->train.release_unstated);
	assert_string_equal(E->train.release_row, "2025.8.5");
	/* from 2026.7.1 gate/up/down reach each expert's nn.Linear (#6936) */
	run_estimate(E, &m, GS_F_MODEL, oss, GS_F_TASK, "qlora", GS_F_RECIPE, "unsloth", GS_F_LORA_RANK, "8",
	             GS_F_LENGTH, "1024", END);
	assert_int_equal(E->train.trainable, 3981312 + 8ull * 32 * ((2880 + 5760) + (2880 + 2880)) * 24);
	assert_true(E->train.release_unstated);
	assert_string_equal(E->train.release_row, "2026.7.1");
	expect_estimate_error(E, GS_EINPUT, "loads no gpt_oss", GS_F_MODEL, oss, GS_F_TASK, "qlora",
	                      GS_F_RECIPE, "unsloth", GS_F_RECIPE_RELEASE, "2025.7.2", GS_F_LENGTH, "1024",
	                      END);
	expect_estimate_error(E, GS_EINPUT, "older than Unsloth's first release, 2023.11", GS_F_MODEL, l31,
	                      GS_F_TASK, "qlora", GS_F_RECIPE, "unsloth", GS_F_RECIPE_RELEASE, "2023.10",
	                      GS_F_LENGTH, "1024", END);
	/* a GPU without bfloat16 trains gpt-oss in float32 (FORCE_FLOAT32) */
	run_estimate(E, &m, GS_F_MODEL, oss, GS_F_TASK, "qlora", GS_F_RECIPE, "unsloth", GS_F_RECIPE_RELEASE,
	             "2025.8.5", GS_F_GPU, "T4", GS_F_LENGTH, "1024", END);
	assert_true(E->train.act_fp32);
	run_estimate(E, &m, GS_F_MODEL, oss, GS_F_TASK, "qlora", GS_F_RECIPE, "unsloth", GS_F_RECIPE_RELEASE,
	             "2025.8.5", GS_F_GPU, "A100 80GB", GS_F_LENGTH, "1024", END);
	assert_false(E->train.act_fp32);
	/* the loss by release, microbatch 2 x 2048 = 4096 tokens, vocabulary
	 * 128256: the 16-bit logits and Accelerate's fp32 copy of them, with a
	 * logsumexp per 65536-wide chunk and the loss in fp32 (2024) */
	run_estimate(E, &m, GS_F_MODEL, l31, GS_F_TASK, "qlora", GS_F_RECIPE, "unsloth", GS_F_RECIPE_RELEASE,
	             "2024.8", GS_F_MICROBATCH, "2", GS_F_LENGTH, "2048", END);
	assert_int_equal(item_at(E, "logits", 1), 4096ull * 128256 * 6 + 4096ull * (2 * 4 + 4));
	/* 2025.4: Cut Cross-Entropy above 1024 tokens, the logits up to it */
	run_estimate(E, &m, GS_F_MODEL, l31, GS_F_TASK, "qlora", GS_F_RECIPE, "unsloth", GS_F_RECIPE_RELEASE,
	             "2025.4.7", GS_F_MICROBATCH, "2", GS_F_LENGTH, "2048", END);
	assert_int_equal(item_at(E, "logits", 1), 4096ull * 8);
	run_estimate(E, &m, GS_F_MODEL, l31, GS_F_TASK, "qlora", GS_F_RECIPE, "unsloth", GS_F_RECIPE_RELEASE,
	             "2025.4.7", GS_F_LENGTH, "1024", END);
	assert_int_equal(item_at(E, "logits", 1), 1024ull * 128256 * 6 + 1024ull * (2 * 4 + 4));
	/* 2025.8.5: zoo's fused loss, 1 GiB target: 8192 tokens of fp32 logits
	 * are 3.91 GiB, round(3.91 / 4) x 4 = 4 chunks of 2048 rows, + the
	 * input's gradient for all 8192 */
	run_estimate(E, &m, GS_F_MODEL, l31, GS_F_TASK, "qlora", GS_F_RECIPE, "unsloth", GS_F_RECIPE_RELEASE,
	             "2025.8.5", GS_F_MICROBATCH, "4", GS_F_LENGTH, "2048", END);
	assert_int_equal(item_at(E, "logits", 1), 2048ull * 128256 * 10 + 8192ull * 4096 * 2);
	/* at 4096 tokens (1.96 GiB) the rounding gives one chunk */
	run_estimate(E, &m, GS_F_MODEL, l31, GS_F_TASK, "qlora", GS_F_RECIPE, "unsloth", GS_F_RECIPE_RELEASE,
	             "2025.8.5", GS_F_MICROBATCH, "2", GS_F_LENGTH, "2048", END);
	assert_int_equal(item_at(E, "logits", 1), 4096ull * 128256 * 10 + 4096ull * 4096 * 2);
	/* a sheet that names the loss keeps it */
	run_estimate(E, &m, GS_F_MODEL, l31, GS_F_TASK, "qlora", GS_F_RECIPE, "unsloth", GS_F_LOSS,
	             "standard", GS_F_LENGTH, "1024", END);
	assert_int_equal(item_at(E, "logits", 1), 1024ull * 128256 * 10);
	/* offloaded checkpointing: inputs of 2 MiB or less stay on the GPU from
	 * 2025.3.1 (128 x 4096 x 2 B = 1 MiB); above, host memory holds them */
	run_estimate(E, &m, GS_F_MODEL, l31, GS_F_TASK, "qlora", GS_F_RECIPE, "unsloth", GS_F_RECIPE_RELEASE,
	             "2025.4.7", GS_F_LENGTH, "128", END);
	assert_int_equal(E->train.host_inputs, 0);
	run_estimate(E, &m, GS_F_MODEL, l31, GS_F_TASK, "qlora", GS_F_RECIPE, "unsloth", GS_F_RECIPE_RELEASE,
	             "2024.8", GS_F_LENGTH, "128", END);
	assert_int_equal(E->train.host_inputs, 32ull * 128 * 4096 * 2);
}

/* Unsloth's QAT int8-int4 (phone-deployment) unties a tied head from
 * 2025.11.3: its Qwen3-0.6B notebook (2025.12.9, nb/Qwen3_(0_6B)-
 * Phone_Deployment.ipynb) prints 751,632,384 trainable = 596,049,920 +
 * 151,936 x 1,024. On a float16 GPU full fine-tuning keeps fp32 weights. */
static void test_unsloth_qat(void **st)
{
	(void)st;
	gs_model m;
	const char *q06 = CFG("Qwen__Qwen3-0.6B.json");
	run_estimate(E, &m, GS_F_MODEL, q06, GS_F_TASK, "full", GS_F_RECIPE, "unsloth", GS_F_QAT_SCHEME,
	             "phone-deployment", GS_F_RECIPE_RELEASE, "2025.12.9", GS_F_GPU, "T4", GS_F_LENGTH,
	             "1024", END);
	assert_int_equal(E->train.trainable, 751632384ull);
	assert_int_equal(item_at(E, "untied_lm_head", 0), 151936ull * 1024 * 4);
	assert_int_equal(gs_wl_precision(&E->workload), GS_PREC_AMP);
	/* bfloat16 GPU: bfloat16 weights; LoRA keeps the cloned head frozen in 16 bits */
	run_estimate(E, &m, GS_F_MODEL, q06, GS_F_TASK, "full", GS_F_RECIPE, "unsloth", GS_F_QAT_SCHEME,
	             "int8-int4", GS_F_GPU, "A100 80GB", GS_F_LENGTH, "1024", END);
	assert_int_equal(gs_wl_precision(&E->workload), GS_PREC_BF16);
	assert_int_equal(item_at(E, "untied_lm_head", 0), 151936ull * 1024 * 2);
	run_estimate(E, &m, GS_F_MODEL, q06, GS_F_TASK, "lora", GS_F_RECIPE, "unsloth", GS_F_QAT_SCHEME,
	             "int8-int4", GS_F_LENGTH, "1024", END);
	assert_int_equal(item_at(E, "untied_lm_head", 0), 151936ull * 1024 * 2);
	/* before 2025.11.3 no untie; int4 never; Gemma 3 runs int4 from 2025.12.9 */
	run_estimate(E, &m, GS_F_MODEL, q06, GS_F_TASK, "full", GS_F_RECIPE, "unsloth", GS_F_QAT_SCHEME,
	             "int8-int4", GS_F_RECIPE_RELEASE, "2025.10.8", GS_F_LENGTH, "1024", END);
	assert_int_equal(E->train.trainable, 596049920ull);
	run_estimate(E, &m, GS_F_MODEL, q06, GS_F_TASK, "full", GS_F_RECIPE, "unsloth", GS_F_QAT_SCHEME,
	             "int4", GS_F_LENGTH, "1024", END);
	assert_int_equal(E->train.trainable, 596049920ull);
	run_estimate(E, &m, GS_F_MODEL, CFG("google__gemma-3-1b-it.json"), GS_F_TASK, "full", GS_F_RECIPE,
	             "unsloth", GS_F_QAT_SCHEME, "int8-int4", GS_F_LENGTH, "1024", END);
	assert_int_equal(E->train.untied_params, 0);
	expect_estimate_error(E, GS_EINPUT, "arrives with 2025.12.6", GS_F_MODEL, q06, GS_F_TASK, "full",
	                      GS_F_RECIPE, "unsloth", GS_F_QAT_SCHEME, "phone-deployment",
	                      GS_F_RECIPE_RELEASE, "2025.10.8", GS_F_LENGTH, "1024", END);
	expect_estimate_error(E, GS_EINPUT, "read with recipe unsloth only", GS_F_MODEL, q06, GS_F_TASK,
	                      "full", GS_F_QAT_SCHEME, "int4", GS_F_LENGTH, "1024", END);
}

/* --recipe-config: an Axolotl or LLaMA-Factory YAML into the fields */
static void test_recipe_config(void **st)
{
	(void)st;
	gs_workload w;
	gs_error err;
	const char *ax = "base_model: meta-llama/Meta-Llama-3-8B\nload_in_4bit: true\n"
	                 "adapter: qlora\nlora_r: 32\nlora_target_modules:\nlora_target_linear: true\n"
	                 "sequence_len: 4096\nsample_packing: true\nmicro_batch_size: 2\n"
	                 "gradient_accumulation_steps: 4\noptimizer: paged_adamw_32bit\nbf16: auto\n"
	                 "gradient_checkpointing: true\nflash_attention: true\n"
	                 "datasets:\n  - path: x\n    type: alpaca\n";
	gs_workload_init(&w);
	assert_int_equal(gs_recipe_config_load_buffer(ax, strlen(ax), "ax.yml", &w, &err), GS_OK);
	assert_int_equal(gs_wl_recipe(&w), GS_RECIPE_AXOLOTL);
	assert_int_equal(gs_wl_task(&w), GS_TASK_QLORA);
	assert_string_equal(w.v[GS_F_FORMAT].text, "nf4-dq");
	assert_string_equal(w.v[GS_F_LORA_TARGETS].text, "all-linear");
	assert_string_equal(w.v[GS_F_LORA_RANK].text, "32");
	assert_string_equal(w.v[GS_F_LENGTH].text, "4096");
	assert_string_equal(w.v[GS_F_OPTIMIZER].text, "adamw");
	assert_string_equal(w.v[GS_F_CHECKPOINTING].text, "full");
	assert_string_equal(w.v[GS_F_ATTENTION].text, "flash");
	assert_non_null(strstr(w.v[GS_F_LENGTH].where, "ax.yml:7:1 sequence_len"));
	/* a key it does not know is refused by name, with its place */
	const char *bad = "base_model: meta-llama/Meta-Llama-3-8B\nadapter: lora\nrelora_steps: 150\n";
	gs_workload_init(&w);
	assert_int_equal(gs_recipe_config_load_buffer(bad, strlen(bad), "b.yml", &w, &err), GS_EINPUT);
	assert_non_null(strstr(err.where, "b.yml:3:1 relora_steps"));
	assert_non_null(strstr(err.msg, "not a key gpusizer reads from Axolotl configs"));
	const char *lf = "model_name_or_path: meta-llama/Meta-Llama-3-8B\nstage: sft\nfinetuning_type: lora\n"
			 "quantization_bit: 4\nquantization_method: bitsandbytes\ndouble_quantization: "
	                 "false\n"
			 "lora_rank: 8\nlora_target: all\ncutoff_len: 2048\nper_device_train_batch_size: 1\n"
			 "gradient_accumulation_steps: 8\nbf16: true\n";
	gs_workload_init(&w);
	assert_int_equal(gs_recipe_config_load_buffer(lf, strlen(lf), "lf.yaml", &w, &err), GS_OK);
	assert_int_equal(gs_wl_recipe(&w), GS_RECIPE_LLAMA_FACTORY);
	assert_int_equal(gs_wl_task(&w), GS_TASK_QLORA);
	assert_string_equal(w.v[GS_F_FORMAT].text, "nf4"); /* double_quantization false */
	assert_string_equal(w.v[GS_F_LORA_TARGETS].text, "all-linear");
	const char *dpo = "model_name_or_path: x\nstage: dpo\nfinetuning_type: lora\n";
	gs_workload_init(&w);
	assert_int_equal(gs_recipe_config_load_buffer(dpo, strlen(dpo), "d.yaml", &w, &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "reference model"));
	const char *neither = "model: x\n";
	gs_workload_init(&w);
	assert_int_equal(gs_recipe_config_load_buffer(neither, strlen(neither), "n.yaml", &w, &err),
	                 GS_EINPUT);
	assert_non_null(strstr(err.msg, "not an Axolotl or LLaMA-Factory training config"));
	/* LitGPT's CLI defaults: q and v at r 8, the frozen base in fp32
	 * (bf16-mixed), QLoRA NF4 without double quantization */
	gs_model m;
	run_estimate(E, &m, GS_F_MODEL, L3, GS_F_TASK, "lora", GS_F_RECIPE, "litgpt", GS_F_LENGTH, "512",
	             END);
	assert_int_equal(E->train.trainable, 32ull * 8 * ((4096 + 4096) + (4096 + 1024)));
	assert_int_equal(item_at(E, "weights", 0), 8030261248ull * 4);
	assert_int_equal(E->train.grad_accum, 16);
	run_estimate(E, &m, GS_F_MODEL, L3, GS_F_TASK, "qlora", GS_F_RECIPE, "litgpt", GS_F_LENGTH, "512",
	             END);
	assert_string_equal(E->format.name, "nf4");
}

static void test_errors(void **st)
{
	(void)st;
	expect_estimate_error(E, GS_EINPUT, "no default LoRA target modules for model_type \"umt5\"",
	                      GS_F_MODEL, CFG("google__umt5-small.json"), GS_F_TASK, "lora", GS_F_LENGTH,
	                      "512", END);
	expect_estimate_error(E, GS_EUNSUPPORTED,
	                      "is an encoder-decoder: gpusizer sizes it with runtime transformers only",
	                      GS_F_MODEL, CFG("google-t5__t5-small.json"), GS_F_RUNTIME, "vllm", GS_F_LENGTH,
	                      "512", END);
	expect_estimate_error(E, GS_EINPUT, "cannot stay in nf4", GS_F_MODEL, L3, GS_F_TASK, "full",
	                      GS_F_FORMAT, "nf4", END);
	expect_estimate_error(E, GS_EINPUT, "bitsandbytes 4-bit base", GS_F_MODEL, L3, GS_F_TASK, "qlora",
	                      GS_F_FORMAT, "bf16", END);
	expect_estimate_error(E, GS_EINPUT, "it has: q_proj, k_proj", GS_F_MODEL, L3, GS_F_TASK, "lora",
	                      GS_F_LORA_TARGETS, "qkv", END);
	expect_estimate_error(E, GS_EINPUT, "not a multiple of tp x pp", GS_F_MODEL, L3, GS_F_GPUS, "3",
	                      GS_F_TP, "2", END);
	expect_estimate_error(E, GS_EINPUT, "zero 3 or fsdp full", GS_F_MODEL, L3, GS_F_TASK, "full",
	                      GS_F_OFFLOAD, "params", END);
	expect_estimate_error(E, GS_EINPUT, "module shapes", GS_F_PARAMS, "7e9", GS_F_TASK, "lora", END);
	expect_estimate_error(E, GS_EINPUT, "adaptation runs with runtime transformers", GS_F_MODEL, L3,
	                      GS_F_TASK, "full", GS_F_RUNTIME, "vllm", END);
}

static void test_fit_training(void **st)
{
	(void)st;
	gs_workload w;
	gs_model m;
	gs_error err;
	gs_workload_init(&w);
	wl_set(&w, GS_F_MODEL, L3);
	wl_set(&w, GS_F_TASK, "qlora");
	wl_set(&w, GS_F_LENGTH, "2048");
	wl_set(&w, GS_F_CHECKPOINTING, "full");
	assert_int_equal(gs_workload_finish(&w, &err), GS_OK);
	assert_int_equal(gs_workload_model(&w, &m, &err), GS_OK);
	gs_fit_result r;
	gs_bytes cap = 24564ull << 20;
	wl_set(&w, GS_F_CAPACITY, "24564MiB");
	assert_int_equal(gs_fit_run(&w, &m, GS_FIT_MICROBATCH, &r, &err), GS_OK);
	assert_true(r.fits);
	gs_workload t = w;
	char num[32];
	snprintf(num, sizeof num, "%llu", (unsigned long long)r.best);
	wl_set(&t, GS_F_MICROBATCH, num);
	assert_int_equal(gs_estimate_run(&t, &m, E, &err), GS_OK);
	assert_true(gs_estimate_peak(E) <= cap);
	snprintf(num, sizeof num, "%llu", (unsigned long long)r.best + 1);
	wl_set(&t, GS_F_MICROBATCH, num);
	assert_int_equal(gs_estimate_run(&t, &m, E, &err), GS_OK);
	assert_true(gs_estimate_peak(E) > cap);
	/* single changes: each lowers the peak, largest saving first */
	wl_set(&w, GS_F_MICROBATCH, "8");
	wl_set(&w, GS_F_CHECKPOINTING, "none");
	gs_change ch[GS_MAX_CHANGES];
	size_t n;
	gs_bytes now;
	assert_int_equal(gs_fit_changes(&w, &m, ch, &n, &now, &err), GS_OK);
	assert_true(n >= 4);
	assert_string_equal(ch[0].field, "checkpointing");
	for (size_t i = 0; i < n; i++) {
		assert_true(ch[i].saves > 0);
		assert_int_equal(ch[i].peak_after + ch[i].saves, now);
		if (i)
			assert_true(ch[i - 1].saves >= ch[i].saves);
	}
}

static int setup(void **st) { (void)st; E = malloc(sizeof *E); return E ? 0 : -1; }
static int teardown(void **st) { (void)st; free(E); return 0; }

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_full_mixed_adamw), cmocka_unit_test(test_lora_and_qlora),
		cmocka_unit_test(test_encoder_decoder),
		cmocka_unit_test(test_activation_shapes), cmocka_unit_test(test_hybrid_activations),
		cmocka_unit_test(test_autocast_and_forloop),
		cmocka_unit_test(test_placement),
		cmocka_unit_test(test_export_and_recipes),
		cmocka_unit_test(test_recipe_trainable_counts),
		cmocka_unit_test(test_dataset_lengths),
		cmocka_unit_test(test_errors), cmocka_unit_test(test_fit_training),
		cmocka_unit_test(test_moe_experts_as_parameters),
		cmocka_unit_test(test_unsloth_releases),
		cmocka_unit_test(test_unsloth_qat),
		cmocka_unit_test(test_recipe_config),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
