/*
 * gpusizer/model.h — what the estimator knows about a model: its parameter
 * count, split by module class, and the architecture facts the cache and
 * activation formulas need.
 *
 * Two sources in this version:
 *   - a bare parameter count (the quick calculator): parameters only, no
 *     architecture; every architecture-dependent item becomes "unknown";
 *   - a Hugging Face config.json (a file, or a folder holding one): the
 *     parameter count is computed per module from the config (docs/method.md
 *     §1) for the model types gs_model_supported_types() lists.
 *
 * gs_model is a plain value (no heap memory): copy it freely.
 */
#ifndef GPUSIZER_MODEL_H
#define GPUSIZER_MODEL_H

#include <stdbool.h>
#include <stdint.h>
#include "gpusizer/status.h"

#define GS_MAX_LAYERS 512

/* Parts of the linear matrices a checkpoint's quantization config may
 * keep in 16 bits by module name (ModelOpt's exclude_modules / ignore,
 * compressed-tensors' ignore): attention projections (MLA's and the DSA
 * indexer's too), the shared experts, the state-space and linear-attention
 * mixers' projections (Mamba, Gated DeltaNet, short convolutions), a
 * vision tower with its projector, and the dense MLPs (a decoder layer's
 * mlp.gate_proj / up_proj / down_proj, not experts: the first dense layers
 * of a DeepSeek-V3-style mixture of experts, or every layer of a dense
 * model). */
typedef enum gs_role {
	GS_ROLE_ATTN, GS_ROLE_SHARED, GS_ROLE_MIXER, GS_ROLE_TOWER, GS_ROLE_DENSE, GS_ROLES
} gs_role;

/* One role's matrices: their parameters and the shape sums the
 * quantization metadata needs (a part of linear and its sums). */
typedef struct gs_role_sum {
	uint64_t params, matrices, rows, cols;
} gs_role_sum;

/* Parameters by module class. linear is what a quantized format quantizes;
 * the others may stay in another format (see gs_format.keep_default). */
typedef struct gs_param_split {
	uint64_t linear;  /* weight matrices of attention, MLP, experts       */
	uint64_t embed;   /* token + position embeddings                      */
	uint64_t lm_head; /* output projection; 0 when tied to the embeddings */
	uint64_t norm;    /* normalisation weights and biases                 */
	uint64_t other;   /* linear biases, MoE routers, correction biases    */
	/* Shapes the quantization metadata needs (sums over linear matrices). */
	uint64_t linear_matrices; /* number of weight matrices                */
	uint64_t linear_rows;     /* sum of output features                   */
	uint64_t linear_cols;     /* sum of input features                    */
	/* The routed experts' matrices, a part of linear (what MXFP4
	 * checkpoints quantize), and their part of the three shape sums. */
	uint64_t experts, expert_matrices, expert_rows, expert_cols;
	gs_role_sum role[GS_ROLES]; /* parts of linear by role (gs_role) */
} gs_param_split;

typedef enum gs_attn_kind { GS_ATTN_MHA_GQA, GS_ATTN_MLA } gs_attn_kind;

/* What a checkpoint's tensor table says (gpusizer/inventory.h), kept with
 * the model as a plain value. Per-class arrays follow gs_tensor_class:
 * linear, embed, lm_head, norm, other, quant_meta, buffer. */
typedef struct gs_inventory_summary {
	char format[16];             /* "safetensors" or "gguf"                     */
	uint64_t tensors, shards;
	uint64_t stored_bytes;       /* every tensor                                */
	uint64_t param_elements;     /* logical parameters (packed weights unpacked) */
	uint64_t buffer_elements;    /* stored buffers that are not parameters      */
	uint64_t class_logical[7];   /* parameters per class                        */
	uint64_t class_bytes[7];     /* stored bytes per class                      */
	uint64_t header_bytes;       /* bytes read to build this                    */
	uint64_t packed_param_bytes; /* parameters stored in a quantized dtype       */
	uint64_t layer_bytes[GS_MAX_LAYERS]; /* every tensor of block l           */
	uint64_t input_bytes;        /* token/position embeddings (llama.cpp keeps them on the host) */
	uint64_t output_bytes;       /* output norm and head                         */
	uint64_t head_bytes;         /* the head alone (GGUF output.weight); 0 when tied to the embeddings */
	/* Gemma 3n's per-layer embeddings (GGUF per_layer_token_embd), a part
	 * of input_bytes (llama.cpp keeps it on the host like token_embd) that
	 * is not the tied head; its projection and norm (per_layer_model_proj,
	 * per_layer_proj_norm), a part of layer_bytes[0] (llama.cpp creates them
	 * with block 0's buffer; Ollama's own engine with the output) */
	uint64_t ple_bytes, ple_proj_bytes;
	uint64_t gate_exps0_bytes;   /* GGUF blk.0.ffn_gate_exps.weight (Ollama's MoE graph rule reads it) */
	/* GGUF: each block's routed-expert tensors (ffn_{gate,up,down}_exps and
	 * their biases; a fused gate_up counts as gate), which llama.cpp's -ot
	 * and --n-cpu-moe keep in host memory */
	uint64_t exps_bytes[GS_MAX_LAYERS][3];
	uint64_t float_param_bytes;  /* parameters stored as F16/BF16/F32/F64       */
	uint64_t config_params;      /* config.json's count, 0 when there is none   */
	bool quantized;
	char main_format[40];        /* "bf16", "nf4-dq", "gptq-g128", "gguf:Q4_K"   */
	char quantization[160];      /* what was recognised, in words               */
	bool planned;                /* planned from config.json (gguf_plan.h), not
	                                read from a file                            */
	char unquantized[160];       /* classes stored in 16/32 bits next to it      */
	char dtypes[320];            /* "BF16: 291 tensors, 16060522496 B; ..."     */
	char note[320];              /* config vs tensors, explained                 */
} gs_inventory_summary;

/* A named kind of linear layer ("q_proj"), as PEFT's target_modules match
 * it: `count` matrices of in x out over the whole model. */
#define GS_MAX_MODULES 32
typedef struct gs_linear_module {
	char name[32];          /* Gemma 3n's altup_unembed_projections: 25 */
	uint64_t in, out, count;
	bool tower;             /* a vision tower's or projector's module, not the text decoder's */
} gs_linear_module;

typedef struct gs_model {
	char source[512];       /* path or "--params"; what the user named      */
	char model_type[64];    /* config.json model_type, or "" for --params   */
	char text_model_type[64]; /* a vision-language config's text_config
	                           model_type ("ministral3" in a mistral3), or "" */
	char architecture[96];  /* architectures[0], or ""                      */
	bool has_architecture;  /* false for a bare parameter count             */
	char peft_targets[64];  /* PEFT's default LoRA targets for the type ("" when
	                           PEFT has none)                             */
	bool eager_only;        /* Transformers has no SDPA or flash path for it (BLOOM) */
	bool generic;           /* a model_type gpusizer does not model, read from the
	                           standard keys as a llama-shaped decoder: usable only
	                           with a tensor table, which gives the parameters  */
	uint64_t params;        /* logical parameters (sum of split)            */
	gs_param_split split;
	/* Multi-token-prediction layers the checkpoint stores beside them
	 * (Qwen3-Next's and Qwen3.5's mtp.*, GLM's and DeepSeek's
	 * num_nextn_predict_layers, after the `layers` decoder layers), not in
	 * params: Transformers does not build them, vLLM and SGLang load them
	 * only to draft tokens for speculative decoding, llama.cpp marks them
	 * TENSOR_SKIP. The checkpoint's total is params + mtp_params. */
	uint32_t mtp_layers;
	uint64_t mtp_params;
	bool mtp_embed_head;    /* each MTP layer stores its own embed_tokens and
	                           shared_head.head (GLM-4.7-Flash, DeepSeek-V3)  */

	/* Architecture facts (valid when has_architecture). */
	uint32_t layers, hidden, heads, kv_heads, head_dim, v_head_dim;
	uint32_t intermediate;  /* dense MLP width                            */
	uint32_t vocab;
	uint32_t max_position;  /* max_position_embeddings (0 if not given)     */
	bool gated_mlp;         /* SwiGLU/GeGLU: 3 matrices; else 2             */
	bool qkv_bias;          /* q, k and v projections carry biases          */
	bool qk_norm;           /* per-head RMSNorms on q and k (head_dim each)  */
	bool tied_embeddings;
	/* Mixture of experts: experts per MoE layer, active per token, width;
	 * the shared experts' summed width (one MLP every token runs), or 0. */
	uint32_t experts, experts_per_token, moe_intermediate, shared_intermediate;
	bool experts_params;    /* the routed experts are 3-D parameters, not
	                           nn.Linear modules (gpt-oss's GptOssExperts):
	                           they are absent from modules[], so PEFT's
	                           all-linear and a lora_targets list pass them by */
	bool layer_is_moe[GS_MAX_LAYERS];
	/* Attention: MLA (DeepSeek V2/V3) latent cache dimensions. */
	gs_attn_kind attn;
	uint32_t kv_lora_rank, q_lora_rank, qk_rope_head_dim, qk_nope_head_dim;
	/* Sliding-window layers keep at most `sliding_window` tokens. */
	uint32_t sliding_window;
	bool layer_is_sliding[GS_MAX_LAYERS];
	/* Hybrids (Jamba): layers whose mixer is a Mamba block instead of
	 * attention; every layer of a pure state-space model (ssm below). */
	bool layer_is_ssm[GS_MAX_LAYERS];
	bool gpt_style;         /* LayerNorm + dropout blocks (bert, gpt2, gpt_neox):
	                           Korthikanti's activation formula applies      */
	uint64_t largest_layer_params; /* one decoder layer, for ZeRO-3 gathers */
	uint32_t num_labels;    /* >0: a sequence-classification head (no token logits) */
	uint32_t token_labels;  /* >0: a token-classification head: logits of
	                           this width on every token instead of the vocabulary */
	bool encoder_only;      /* bert: a bidirectional encoder, one forward
	                           pass, no generate() and no KV cache */
	bool mlm_head;          /* bert: vocabulary logits on every token */
	/* Vision-language (gemma3, llava): the vision tower and projector, and
	 * the tokens each image adds to the text sequence. */
	uint64_t vision_params;
	uint32_t vision_hidden, vision_intermediate, vision_patches, image_tokens;
	uint32_t vision_merge;  /* patches per image token (Qwen2-VL: 4); 0 when fixed */
	uint32_t deepstack_levels; /* Qwen3-VL: vision blocks whose merged outputs are
	                           added to the first decoder layers (3), each a
	                           merger of its own; vLLM keeps a buffer of
	                           max_num_batched_tokens x hidden for each      */
	/* vision_config's own num_hidden_layers and hidden_size, as an engine
	 * reads them by those names (SGLang's adjust_mem_fraction_for_vlm); 0
	 * where the config names them otherwise (Qwen2-VL's depth) */
	uint32_t vision_cfg_layers, vision_cfg_hidden;
	/* Mllama (Llama 3.2 Vision): decoder layers that attend to the image
	 * instead of the text; their K/V cover each image's tiles, not the text. */
	bool layer_is_cross[GS_MAX_LAYERS];
	uint32_t cross_tokens_per_image; /* tiles x patches per tile            */
	bool ssm;               /* a pure state-space model (Mamba): no attention, no KV cache;
	                           each sequence keeps, per layer, ssm_inner x
	                           (ssm_conv + ssm_state) values whatever its length */
	uint32_t ssm_inner, ssm_state, ssm_conv;
	/* Mamba-2 (ssm_groups > 0): its state is ssm_heads x ssm_head_dim x
	 * ssm_state per layer, and its convolution also covers B and C
	 * (2 x ssm_groups x ssm_state channels); the scan runs in chunks */
	uint32_t ssm_heads, ssm_head_dim, ssm_groups, ssm_chunk;
	uint32_t ssm_dt_rank;   /* Mamba-1: the time-step projection's width         */
	bool ssm_proj_bias;     /* the mixer's in/out projections have biases      */
	bool ssm_conv_bias;     /* the state layers' convolution has a bias (a GGUF's
	                           ssm_conv1d.bias)                             */
	bool ssm_state_fp32;    /* the SSM state is kept in fp32 whatever the
	                           model's dtype (Nemotron-H's mamba_ssm_cache_dtype) */
	bool state_fp32_config; /* config.json asks an engine for a float32
	                           recurrent state (Qwen3.5's mamba_ssm_dtype,
	                           which vLLM's "auto" follows); without it vLLM
	                           keeps the model's dtype                      */
	bool attn_out_gate;     /* q_proj also gives a sigmoid gate for the attention
	                           output (Qwen3-Next): 2 x heads x head_dim out */
	bool gdn;               /* the state layers are Gated DeltaNet (Qwen3-Next):
	                           the same state shape as Mamba-2's, other kernels */
	bool short_conv;        /* LFM2: the state layers are gated short
	                           convolutions, whose only state is the
	                           convolution's (ssm_state 0, one group, one head
	                           of ssm_inner: Mamba-2's shape with no SSM) */
	bool parallel_ssm;      /* Falcon-H1: every layer has attention (a KV
	                           cache) and a Mamba-2 mixer (a state) side by side */
	bool single_mixer;      /* Nemotron-H: each layer is one norm and one mixer
	                           (Mamba-2, attention, an MLP or experts), with no
	                           MLP beside the attention or the Mamba mixer */
	/* Nemotron-H: layers that are only an MLP (no attention, no state) */
	bool layer_is_mlp_only[GS_MAX_LAYERS];
	uint32_t encoder_layers; /* >0: an encoder-decoder (T5, BART); `layers` are the
	                            decoder's, each with a cross-attention whose K/V
	                            cover the input                              */
	/* DeepSeek Sparse Attention (GLM-5): every attention layer's indexer
	 * keeps one key of index_head_dim per token beside the MLA latent
	 * (index_heads query heads score them; index_topk tokens are attended) */
	uint32_t index_heads, index_head_dim, index_topk;
	/* Layers that keep no K/V of their own: they attend with an earlier
	 * layer's (Gemma 3n's last num_kv_shared_layers; vLLM's
	 * kv_sharing_target_layer_name). gs_model_kv_elements leaves them out;
	 * an engine that allocates their cache all the same (SGLang's pool)
	 * adds gs_model_shared_kv_elements. */
	bool layer_shares_kv[GS_MAX_LAYERS];
	/* Gemma 4: the full-attention layers' (every layer not sliding) head
	 * size and KV heads, where they differ from the sliding layers'
	 * head_dim and kv_heads (global_head_dim; num_global_key_value_heads
	 * with attention_k_eq_v); 0: the same. K and V are both of this size
	 * there. gs_model_layer_head_dim and gs_model_layer_kv_heads read them. */
	uint32_t full_head_dim, full_kv_heads;
	/* Each layer's MLP width where config.json gives a list (Gemma 3n's
	 * MatFormer intermediate_size); 0: `intermediate`, which is then the
	 * widest */
	uint32_t layer_intermediate[GS_MAX_LAYERS];
	/* Gemma 3n: AltUp's streams (altup_num_inputs), LAuReL's rank, the
	 * per-layer embeddings' width (hidden_size_per_layer_input) and their
	 * table's parameters (embed_tokens_per_layer, a part of split.embed);
	 * 0 for other models */
	uint32_t altup_inputs, laurel_rank, ple_dim;
	uint64_t ple_params;
	/* A multimodal checkpoint whose encoders config.json cannot count
	 * (Gemma 3n's timm vision tower and audio encoder): what they are, for
	 * the estimates to name; "" otherwise. vision_params stays 0, and the
	 * engines that load them treat the model as multimodal all the same. */
	char towers_uncounted[160];
	size_t n_modules;
	gs_linear_module modules[GS_MAX_MODULES];
	bool has_inventory;     /* counts come from the checkpoint's tensor table */
	char revision[64];      /* the hub commit the model was read at, or ""  */
	char library_copy[12];  /* read from gpusizer's model library
	                           (gpusizer/library.h): its copy kind; else "" */
	char hub_repo[200];
	uint64_t hub_bytes, hub_requests, hub_retries;
	bool hub_from_cache;
	gs_inventory_summary inv;
	char torch_dtype[16];   /* checkpoint dtype from the config, or ""     */
	char config_attention[24]; /* config.json's _attn_implementation, or "" */
	char quant_method[32];  /* quantization_config.quant_method, or ""     */
	unsigned quant_bits;    /* quantization_config.bits (GPTQ/AWQ), or 0    */
	/* What quantization_config means in gpusizer's formats (model_quant.c):
	 * quant_format is a name gs_format_parse accepts, or "" when the config
	 * could not be read, and then quant_problem says why. */
	char quant_format[40];
	char quant_read[200];    /* what was read, in words                    */
	char quant_problem[200];
	char quant_skipped[160]; /* modules_to_not_convert / ignore beyond the
	                            embeddings, lm_head and norms, or ""       */
	unsigned quant_kept_roles; /* 1 << gs_role for each role the config keeps
	                              in 16 bits by name (ignore, exclude_modules) */
	char quant_kv[16];       /* the KV cache format the checkpoint declares
	                            (ModelOpt's kv_cache_quant_algo "FP8",
	                            kv_cache_scheme float 8-bit): "fp8", or "" */
} gs_model;

/* A model known only by its parameter count (the quick calculator). */
void gs_model_from_params(uint64_t params, gs_model *out /* OUT */);

/* Read a Hugging Face config.json from `path` (a file, or a folder that holds
 * config.json). Errors: GS_EIO (cannot read, with the path), GS_EPARSE
 * (malformed JSON, with line:column), GS_EINPUT (a required field missing or
 * of the wrong type, naming the field), GS_EUNSUPPORTED (unknown model_type,
 * listing the supported ones). */
gs_status gs_model_from_config_file(const char *path, gs_model *out /* OUT */,
                                    gs_error *err) GS_WARN_UNUSED;

/* The same from a buffer (need not be NUL-terminated); `name` is used in
 * error locations. This is the fuzzed entry point. */
gs_status gs_model_from_config_json(const char *buf, size_t len, const char *name,
                                    gs_model *out /* OUT */, gs_error *err) GS_WARN_UNUSED;

/* Comma-separated list of supported model_type values (static string). */
const char *gs_model_supported_types(void);

/* The model_type with a reader nearest to `type` by name (olmo3 -> olmo2),
 * NULL when none is close enough to suggest (static string). */
const char *gs_model_nearest_type(const char *type);

/* KV-cache elements stored per token, summed over layers, for a sequence of
 * `tokens` tokens: sliding-window layers count min(tokens, window), layers
 * that reuse another layer's K/V (layer_shares_kv) nothing. With
 * `latent_mla` true, MLA layers store the compressed latent (vLLM, SGLang);
 * false, they store the decompressed per-head K and V (Transformers'
 * DeepseekV3Attention). Returns the element count for the whole sequence. */
uint64_t gs_model_kv_elements(const gs_model *m, uint64_t tokens, bool latent_mla);

/* Layer l's K (and V) head size and KV heads: head_dim (v_head_dim) and
 * kv_heads, or full_head_dim and full_kv_heads on a full-attention layer of
 * a model that has them (Gemma 4). */
uint32_t gs_model_layer_head_dim(const gs_model *m, uint32_t l);
uint32_t gs_model_layer_v_head_dim(const gs_model *m, uint32_t l);
uint32_t gs_model_layer_kv_heads(const gs_model *m, uint32_t l);

/* Whether some layers' K/V shape differs from the others' (Gemma 4's
 * full-attention layers): an engine that sizes one layer and multiplies
 * must then go layer by layer. */
bool gs_model_mixed_kv_shapes(const gs_model *m);

/* gs_model_kv_elements on one of `tp` tensor-parallel ranks: each layer's
 * KV heads split over the ranks, a head replicated on every rank when there
 * are fewer heads than ranks (vLLM's and SGLang's QKVParallelLinear:
 * max(1, heads / tp)); an MLA latent whole on every rank. */
uint64_t gs_model_kv_rank_elements(const gs_model *m, uint64_t tokens, bool latent_mla, uint64_t tp);

/* Layers with a Mamba block: all of a pure state-space model, some of a
 * hybrid (Jamba, Nemotron-H), all of Falcon-H1 (beside their attention),
 * 0 for an attention-only model. */
uint64_t gs_model_ssm_layers(const gs_model *m);

/* Layers whose MLP is a mixture of experts (layer_is_moe): all of Mixtral,
 * all but the first_k_dense_replace of DeepSeek-V3, 0 for a dense model. */
uint64_t gs_model_moe_layers(const gs_model *m);

/* Mllama's cross-attention K/V elements for one sequence with `images`
 * images: cross layers x kv_heads x (head_dim + v_head_dim) x
 * cross_tokens_per_image x images; 0 for other models. */
uint64_t gs_model_cross_kv_elements(const gs_model *m, uint64_t images);

/* The layers that cache K/V of the text: all but the Mamba layers, the
 * cross-attention layers (Mllama) and the MLP-only layers (Nemotron-H).
 * Gemma 3n's shared-KV layers are attention layers, counted here. */
uint64_t gs_model_attention_layers(const gs_model *m);

/* Of those, the layers that keep K/V of their own: all but the ones that
 * reuse an earlier layer's (layer_shares_kv). gs_model_kv_elements sums
 * these. */
uint64_t gs_model_kv_layers(const gs_model *m);

/* K/V elements the shared-KV layers would store for `tokens` tokens (as
 * gs_model_kv_elements counts a layer): what an engine that allocates
 * their cache regardless spends on them; 0 for a model without them. */
uint64_t gs_model_shared_kv_elements(const gs_model *m, uint64_t tokens);

/* The recurrent state of one sequence split into the convolution's part
 * and the SSM's (the two can be kept in different dtypes). */
uint64_t gs_model_ssm_conv_elements(const gs_model *m);
uint64_t gs_model_ssm_recurrent_elements(const gs_model *m);

/* How many decoder layers are cross-attention layers (Mllama), 0 else. */
uint64_t gs_model_cross_layers(const gs_model *m);

/* The recurrent state of one sequence's Mamba layers, in elements,
 * whatever the length (Transformers' MambaCache / Mamba2Cache conv_states
 * and ssm_states): gs_model_ssm_layers x inner width x (convolution taps +
 * state size) for Mamba; for Mamba-2, layers x ((inner + 2 x groups x
 * state) x taps + heads x head_dim x state). 0 for an attention-only model. */
uint64_t gs_model_ssm_state_elements(const gs_model *m);

/* Widest MLP intermediate a token passes through in one layer (dense or one
 * expert), used by the activation formulas. */
uint32_t gs_model_widest_mlp(const gs_model *m);

/* --- models from a checkpoint's tensor table (model_tensors.c) --- */

typedef struct gs_inventory gs_inventory; /* gpusizer/inventory.h */

/* Build a model from a GGUF inventory's metadata and tensors (llama,
 * qwen2, qwen3, mistral-style, gemma, gemma2, gemma3, phi3, gptneox, gpt2,
 * starcoder). GS_EUNSUPPORTED for other general.architecture values. */
gs_status gs_model_from_gguf(const gs_inventory *inv, const char *source, gs_model *out /* OUT */,
                             gs_error *err) GS_WARN_UNUSED;

/* Put the tensor table's exact counts into a model read from config.json:
 * parameters and the split by class come from the tensors, the config
 * keeps the architecture. The summary notes any difference; a table that
 * differs from the config's count by a factor of 10 or more is refused
 * (GS_EINPUT naming `source`): they do not describe one model. */
gs_status gs_model_apply_inventory(gs_model *m, const gs_inventory_summary *s, const char *source,
                                   gs_error *err) GS_WARN_UNUSED;

#endif
