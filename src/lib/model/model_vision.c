/*
 * model_vision.c — vision-language configs (gemma3, llava, llava_next,
 * qwen2_vl, qwen2_5_vl, mllama, mistral3, qwen3_vl, qwen3_vl_moe, llama4, lfm2_vl,
 * gemma3n, gemma4, kimi_k25): the text
 * decoder read from text_config, over the defaults of its configuration
 * class, plus the vision tower and the projector that feeds it
 * (docs/method.md §2, "Vision-language models").
 *
 * The configs on the hub leave most text fields to their class's defaults
 * (llava-1.5's text_config names little more than its vocabulary), so each
 * kind carries the defaults of its text and vision configuration classes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "gpusizer/units.h"
#include "model/model_internal.h"

typedef enum {
	TOWER_SIGLIP, TOWER_CLIP, TOWER_QWEN2VL, TOWER_QWEN25VL, TOWER_MLLAMA, TOWER_PIXTRAL, TOWER_QWEN3VL,
	TOWER_LLAMA4, TOWER_SIGLIP2, TOWER_UNCOUNTED, TOWER_GEMMA4, TOWER_MOONVIT
} tower_kind;

typedef struct mm_kind {
	const char *type;          /* the outer model_type                          */
	const char *text_type;     /* text_config's model_type when it names none   */
	const char *text_defaults; /* the text configuration class's defaults       */
	const char *vision_defaults;
	tower_kind tower;
	bool anyres;               /* LLaVA-NeXT: tiles per image chosen by resolution,
	                              and an image_newline                          */
	bool outer_tie;            /* the outer tie_word_embeddings decides the head,
	                              over text_config's (Qwen3-VL: Transformers-v5
	                              dumps write true inside, false outside, and the
	                              checkpoint stores lm_head)                    */
} mm_kind;

/* Configuration classes' defaults that more than one kind starts from:
 * LlamaConfig (configuration_llama.py), CLIPVisionConfig
 * (configuration_clip.py), Qwen2VLConfig's text fields
 * (configuration_qwen2_vl.py). */
#define LLAMA_TEXT_DEFAULTS                                                                                 \
	"{\"vocab_size\":32000,\"hidden_size\":4096,\"intermediate_size\":11008,\"num_hidden_layers\":32," \
	"\"num_attention_heads\":32,\"max_position_embeddings\":2048}"
#define CLIP_VISION_DEFAULTS                                                                                \
	"{\"hidden_size\":768,\"intermediate_size\":3072,\"num_hidden_layers\":12,"                         \
	"\"num_attention_heads\":12,\"num_channels\":3,\"image_size\":224,\"patch_size\":32}"
#define QWEN2_TEXT_DEFAULTS                                                                                 \
	"{\"vocab_size\":152064,\"hidden_size\":8192,\"intermediate_size\":29568,\"num_hidden_layers\":80," \
	"\"num_attention_heads\":64,\"num_key_value_heads\":8,\"max_position_embeddings\":32768}"

/* Qwen3VLVisionConfig's and Qwen3VLMoeVisionConfig's defaults (the same;
 * configuration_qwen3_vl.py@000c33fd, configuration_qwen3_vl_moe.py@008e5743) */
#define QWEN3VL_VISION_DEFAULTS                                                                             \
	"{\"depth\":27,\"hidden_size\":1152,\"intermediate_size\":4304,\"num_heads\":16,\"in_channels\":3," \
	"\"patch_size\":16,\"spatial_merge_size\":2,\"temporal_patch_size\":2,\"out_hidden_size\":3584,"     \
	"\"num_position_embeddings\":2304,\"deepstack_visual_indexes\":[8,16,24]}"

/* Qwen3_5VisionConfig's defaults: Qwen3-VL's tower without deepstack (the
 * class has no such key; the hub's configs write an empty list) */
#define QWEN3_5_VISION_DEFAULTS                                                                             \
	"{\"depth\":27,\"hidden_size\":1152,\"intermediate_size\":4304,\"num_heads\":16,\"in_channels\":3," \
	"\"patch_size\":16,\"spatial_merge_size\":2,\"temporal_patch_size\":2,\"out_hidden_size\":3584,"     \
	"\"num_position_embeddings\":2304,\"deepstack_visual_indexes\":[]}"

static const mm_kind kinds[] = {
	/* Gemma3Config: Gemma3TextConfig and SiglipVisionConfig defaults
	 * (configuration_gemma3.py, configuration_siglip.py) */
	{"gemma3", "gemma3_text",
	 "{\"vocab_size\":262208,\"hidden_size\":2304,\"intermediate_size\":9216,\"num_hidden_layers\":26,"
	 "\"num_attention_heads\":8,\"num_key_value_heads\":4,\"head_dim\":256,"
	 "\"max_position_embeddings\":131072,\"sliding_window\":4096,\"sliding_window_pattern\":6}",
	 "{\"hidden_size\":768,\"intermediate_size\":3072,\"num_hidden_layers\":12,"
	 "\"num_attention_heads\":12,\"num_channels\":3,\"image_size\":224,\"patch_size\":16}",
	 TOWER_SIGLIP, false, false},
	/* LlavaConfig: LlamaConfig and CLIPVisionConfig defaults
	 * (configuration_llama.py, configuration_clip.py) */
	{"llava", "llama", LLAMA_TEXT_DEFAULTS, CLIP_VISION_DEFAULTS, TOWER_CLIP, false, false},
	/* LlavaNextConfig: the same classes' defaults (configuration_llava_next.py) */
	{"llava_next", "llama", LLAMA_TEXT_DEFAULTS, CLIP_VISION_DEFAULTS, TOWER_CLIP, true, false},
	/* Qwen2VLConfig: Qwen2 text fields at the top level (or in text_config
	 * in later configs), Qwen2VLVisionConfig's defaults
	 * (configuration_qwen2_vl.py) */
	{"qwen2_vl", "qwen2", QWEN2_TEXT_DEFAULTS,
	 "{\"depth\":32,\"embed_dim\":1280,\"mlp_ratio\":4,\"num_heads\":16,\"in_chans\":3,\"patch_size\":14,"
	 "\"spatial_merge_size\":2,\"temporal_patch_size\":2}",
	 TOWER_QWEN2VL, false, false},
	/* MllamaConfig (Llama 3.2 Vision): MllamaTextConfig and
	 * MllamaVisionConfig defaults (configuration_mllama.py). The text
	 * decoder is Llama's plus cross-attention layers; it is read as llama,
	 * then given those layers (read_mllama). */
	{"mllama", "llama",
	 "{\"vocab_size\":128256,\"hidden_size\":4096,\"intermediate_size\":14336,\"num_hidden_layers\":40,"
	 "\"num_attention_heads\":32,\"num_key_value_heads\":8,\"max_position_embeddings\":131072,"
	 "\"rope_theta\":500000,\"tie_word_embeddings\":false,"
	 "\"cross_attention_layers\":[3,8,13,18,23,28,33,38]}",
	 "{\"hidden_size\":1280,\"num_hidden_layers\":32,\"num_global_layers\":8,\"attention_heads\":16,"
	 "\"num_channels\":3,\"intermediate_size\":5120,\"vision_output_dim\":7680,\"image_size\":448,"
	 "\"patch_size\":14,\"max_num_tiles\":4,"
	 "\"supported_aspect_ratios\":[[1,1],[1,2],[1,3],[1,4],[2,1],[2,2],[3,1],[4,1]]}",
	 TOWER_MLLAMA, false, false},
	/* Qwen2_5_VLConfig: the same layout; Qwen2_5_VLVisionConfig's defaults
	 * (configuration_qwen2_5_vl.py) */
	{"qwen2_5_vl", "qwen2", QWEN2_TEXT_DEFAULTS,
	 "{\"depth\":32,\"hidden_size\":3584,\"intermediate_size\":3420,\"num_heads\":16,\"in_channels\":3,"
	 "\"patch_size\":14,\"spatial_merge_size\":2,\"temporal_patch_size\":2,\"out_hidden_size\":3584}",
	 TOWER_QWEN25VL, false, false},
	/* Mistral3Config (Mistral Small 3.1/3.2, Magistral Small): a text_config
	 * given as a dict is built as MistralConfig(**text_config), so its
	 * missing fields take MistralConfig's defaults (configuration_mistral.py);
	 * the vision tower PixtralVisionConfig's (configuration_pixtral.py) */
	{"mistral3", "mistral",
	 "{\"vocab_size\":32000,\"hidden_size\":4096,\"intermediate_size\":14336,\"num_hidden_layers\":32,"
	 "\"num_attention_heads\":32,\"num_key_value_heads\":8,\"max_position_embeddings\":131072,"
	 "\"sliding_window\":4096,\"tie_word_embeddings\":false}",
	 "{\"hidden_size\":1024,\"intermediate_size\":4096,\"num_hidden_layers\":24,"
	 "\"num_attention_heads\":16,\"num_channels\":3,\"image_size\":1024,\"patch_size\":16}",
	 TOWER_PIXTRAL, false, false},
	/* Qwen3VLConfig: Qwen3VLTextConfig's defaults (Qwen3's decoder, no
	 * sliding window) and the Qwen3-VL tower's */
	{"qwen3_vl", "qwen3_vl_text",
	 "{\"vocab_size\":151936,\"hidden_size\":4096,\"intermediate_size\":22016,\"num_hidden_layers\":32,"
	 "\"num_attention_heads\":32,\"num_key_value_heads\":32,\"head_dim\":128,"
	 "\"max_position_embeddings\":128000}",
	 QWEN3VL_VISION_DEFAULTS, TOWER_QWEN3VL, false, true},
	/* Qwen3VLMoeConfig: Qwen3VLMoeTextConfig's defaults (its own tie_word_
	 * embeddings default, true, yields to the outer key's false) but for
	 * num_experts (60), which Transformers v5 writes as num_local_experts:
	 * a default under the old name would contradict the new one */
	{"qwen3_vl_moe", "qwen3_vl_moe_text",
	 "{\"vocab_size\":151936,\"hidden_size\":2048,\"intermediate_size\":5632,\"num_hidden_layers\":24,"
	 "\"num_attention_heads\":16,\"num_key_value_heads\":16,\"max_position_embeddings\":128000,"
	 "\"num_experts_per_tok\":4,\"moe_intermediate_size\":1408}",
	 QWEN3VL_VISION_DEFAULTS, TOWER_QWEN3VL, false, true},
	/* Qwen3_5Config: Qwen3_5TextConfig's and Qwen3_5VisionConfig's defaults
	 * (vLLM transformers_utils/configs/qwen3_5.py@7cfb97e3379, a copy of
	 * Transformers'): the Qwen3-VL tower without deepstack */
	{"qwen3_5", "qwen3_5_text",
	 "{\"vocab_size\":248320,\"hidden_size\":4096,\"intermediate_size\":12288,\"num_hidden_layers\":32,"
	 "\"num_attention_heads\":16,\"num_key_value_heads\":4,\"head_dim\":256,"
	 "\"max_position_embeddings\":32768,\"linear_conv_kernel_dim\":4,\"linear_key_head_dim\":128,"
	 "\"linear_value_head_dim\":128,\"linear_num_key_heads\":16,\"linear_num_value_heads\":32}",
	 QWEN3_5_VISION_DEFAULTS, TOWER_QWEN3VL, false, true},
	/* Qwen3_5MoeConfig: Qwen3_5MoeTextConfig's defaults (qwen3_5_moe.py) */
	{"qwen3_5_moe", "qwen3_5_moe_text",
	 "{\"vocab_size\":248320,\"hidden_size\":2048,\"num_hidden_layers\":40,\"num_attention_heads\":16,"
	 "\"num_key_value_heads\":2,\"head_dim\":256,\"max_position_embeddings\":32768,"
	 "\"linear_conv_kernel_dim\":4,\"linear_key_head_dim\":128,\"linear_value_head_dim\":128,"
	 "\"linear_num_key_heads\":16,\"linear_num_value_heads\":32,\"moe_intermediate_size\":512,"
	 "\"shared_expert_intermediate_size\":512,\"num_experts_per_tok\":8}",
	 QWEN3_5_VISION_DEFAULTS, TOWER_QWEN3VL, false, true},
	/* Llama4Config (Llama 4 Scout, Maverick): Llama4TextConfig's defaults
	 * (configuration_llama4.py @008e5743); the hub's vision_config names
	 * every field the tower needs, so it takes none */
	{"llama4", "llama4_text",
	 "{\"vocab_size\":202048,\"hidden_size\":5120,\"intermediate_size\":8192,"
	 "\"intermediate_size_mlp\":16384,\"num_hidden_layers\":48,\"num_attention_heads\":40,"
	 "\"num_key_value_heads\":8,\"head_dim\":128,\"num_local_experts\":16,\"num_experts_per_tok\":1,"
	 "\"interleave_moe_layer_step\":1,\"no_rope_layer_interval\":4,\"attention_chunk_size\":8192,"
	 "\"tie_word_embeddings\":false}",
	 "{}", TOWER_LLAMA4, false, false},
	/* Lfm2VlConfig (LFM2-VL, LFM2.5-VL): its text_config is an Lfm2Config
	 * and the hub's names every field the reader needs; the SigLIP2 NaFlex
	 * tower's fields are all in vision_config */
	{"lfm2_vl", "lfm2", "{}", "{}", TOWER_SIGLIP2, false, false},
	/* Gemma3nConfig (Gemma 3n E2B, E4B): Gemma3nTextConfig's defaults
	 * (configuration_gemma3n.py @c5d9fba1, E4B's); its towers are a timm
	 * model and an audio conformer that config.json does not size
	 * (read_uncounted_towers) */
	{"gemma3n", "gemma3n_text",
	 "{\"vocab_size\":262400,\"vocab_size_per_layer_input\":262144,\"hidden_size\":2048,"
	 "\"hidden_size_per_layer_input\":256,\"intermediate_size\":16384,\"num_hidden_layers\":35,"
	 "\"num_attention_heads\":8,\"num_key_value_heads\":2,\"head_dim\":256,"
	 "\"max_position_embeddings\":32768,\"sliding_window\":512,\"altup_num_inputs\":4,"
	 "\"num_kv_shared_layers\":15,\"laurel_rank\":64}",
	 "{}", TOWER_UNCOUNTED, false, false},
	/* Gemma4Config (Gemma 4 E2B, E4B, 26B-A4B, 31B): Gemma4TextConfig's and
	 * Gemma4VisionConfig's defaults (configuration_gemma4.py @008e5743; the
	 * decoder's own keys default in model_gemma4.c); vision_config and
	 * audio_config may be null (no tower) */
	{"gemma4", "gemma4_text",
	 "{\"vocab_size\":262144,\"hidden_size\":2304,\"intermediate_size\":9216,\"num_hidden_layers\":30,"
	 "\"num_attention_heads\":8,\"num_key_value_heads\":4,\"head_dim\":256,"
	 "\"max_position_embeddings\":131072}",
	 "{\"hidden_size\":768,\"intermediate_size\":3072,\"num_hidden_layers\":16,"
	 "\"num_attention_heads\":12,\"num_key_value_heads\":12,\"head_dim\":64,\"patch_size\":16,"
	 "\"pooling_kernel_size\":3,\"position_embedding_size\":10240}",
	 TOWER_GEMMA4, false, false},
	/* KimiK25Config (Kimi K2.5; vLLM transformers_utils/configs/kimi_k25.py
	 * @7cfb97e3379): text_config a DeepseekV3Config (model_type kimi_k2,
	 * which the hub's config names with every field), vision_config
	 * Moonshot's MoonViT with its vt_* keys, every field named too */
	{"kimi_k25", "kimi_k2", "{}", "{}", TOWER_MOONVIT, false, false},
};

bool gsi_is_multimodal_type(const char *type)
{
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if (!strcmp(kinds[i].type, type))
			return true;
	return false;
}

/* defaults overlaid by the config's own object; NULL on a malformed
 * default (a bug) or when `over` is not an object */
static json_t *merged(const char *defaults, json_t *over)
{
	json_t *d = json_loads(defaults, 0, NULL);
	if (!d || !json_is_object(over) || json_object_update(d, over)) {
		json_decref(d);
		return NULL;
	}
	return d;
}

static gs_status vdim(json_t *v, const char *name, const char *key, uint64_t *out, gs_error *err)
{
	json_t *x = json_object_get(v, key);
	if (!json_is_integer(x) || json_integer_value(x) < 1 ||
	    json_integer_value(x) >= ((json_int_t)1 << 31))
		return gs_error_set(err, GS_EINPUT, name,
		                    "field \"vision_config.%s\" must be an integer in [1, 2^31)", key);
	*out = (uint64_t)json_integer_value(x);
	return GS_OK;
}

/* The fields every ViT-style vision_config names (SigLIP, CLIP, Pixtral):
 * width, MLP width, layers, heads, channels, patch and image size. */
static gs_status vit_dims(json_t *vis, const char *name, uint64_t *hv, uint64_t *iv, uint64_t *lv,
                          uint64_t *heads, uint64_t *c, uint64_t *p, uint64_t *img, gs_error *err)
{
	gs_status st;
	if ((st = vdim(vis, name, "hidden_size", hv, err)) ||
	    (st = vdim(vis, name, "intermediate_size", iv, err)) ||
	    (st = vdim(vis, name, "num_hidden_layers", lv, err)) ||
	    (st = vdim(vis, name, "num_attention_heads", heads, err)) ||
	    (st = vdim(vis, name, "num_channels", c, err)) || (st = vdim(vis, name, "patch_size", p, err)))
		return st;
	return vdim(vis, name, "image_size", img, err);
}

/* n ViT encoder layers' matrices, q/k/v/`out` (h x h) and fc1/fc2 (h x i):
 * added to the split and the module table; returns their parameters. */
static uint64_t vit_layer_matrices(gs_model *m, uint64_t h, uint64_t i, uint64_t n, const char *out)
{
	gs_param_split *s = &m->split;
	uint64_t lin = gs_mul_sat(n, 4 * h * h + 2 * h * i);
	s->linear = gs_add_sat(s->linear, lin);
	s->linear_matrices = gs_add_sat(s->linear_matrices, 6 * n);
	s->linear_rows = gs_add_sat(s->linear_rows, gs_mul_sat(n, 4 * h + i + h));
	s->linear_cols = gs_add_sat(s->linear_cols, gs_mul_sat(n, 4 * h + h + i));
	gsi_note_module(m, "q_proj", h, h, n);
	gsi_note_module(m, "k_proj", h, h, n);
	gsi_note_module(m, "v_proj", h, h, n);
	gsi_note_module(m, out, h, h, n);
	gsi_note_module(m, "fc1", h, i, n);
	gsi_note_module(m, "fc2", i, h, n);
	return lin;
}

/* The ViT encoder of SigLIP or CLIP (modeling_siglip.py, modeling_clip.py):
 * a patch convolution (bias in SigLIP only), learned positions (+ CLIP's
 * class token and its pre-LayerNorm), per layer q/k/v/out with biases, two
 * LayerNorms with bias and an MLP fc1/fc2 with biases, a post-LayerNorm.
 * Adds to the split and the module table; returns the parameters. */
static uint64_t tower_params(gs_model *m, tower_kind k, uint64_t h, uint64_t i, uint64_t L, uint64_t c,
                             uint64_t p, uint64_t patches)
{
	gs_param_split *s = &m->split;
	uint64_t lin = vit_layer_matrices(m, h, i, L, "out_proj");
	uint64_t bias = gs_mul_sat(L, 4 * h + i + h);
	uint64_t norms = gs_mul_sat(L, 4 * h) + 2 * h + (k == TOWER_CLIP ? 2 * h : 0);
	uint64_t embed = gs_mul_sat(c * p * p, h) + (k == TOWER_SIGLIP ? h : 0) /* patch conv */
	               + gs_mul_sat(patches + (k == TOWER_CLIP ? 1 : 0), h)     /* positions */
	               + (k == TOWER_CLIP ? h : 0);                              /* class */
	s->other = gs_add_sat(s->other, gs_add_sat(bias, embed));
	s->norm = gs_add_sat(s->norm, norms);
	return gs_add_sat(gs_add_sat(lin, bias), gs_add_sat(norms, embed));
}

/* The projector from the vision tower into the text decoder's embedding:
 * Gemma 3's mm_input_projection_weight (h_v x h_t) and mm_soft_emb_norm
 * (h_v, RMSNorm); LLaVA's linear_1 (h_v -> h_t) and linear_2 (h_t -> h_t),
 * both with bias. */
static uint64_t projector_params(gs_model *m, tower_kind k, uint64_t hv, uint64_t ht)
{
	gs_param_split *s = &m->split;
	if (k == TOWER_SIGLIP) {
		s->linear = gs_add_sat(s->linear, hv * ht);
		s->linear_matrices++;
		s->linear_rows += ht;
		s->linear_cols += hv;
		s->norm = gs_add_sat(s->norm, hv);
		return hv * ht + hv;
	}
	s->linear = gs_add_sat(s->linear, hv * ht + ht * ht);
	s->linear_matrices += 2;
	s->linear_rows += 2 * ht;
	s->linear_cols += hv + ht;
	s->other = gs_add_sat(s->other, 2 * ht);
	gsi_note_module(m, "linear_1", hv, ht, 1);
	gsi_note_module(m, "linear_2", ht, ht, 1);
	return hv * ht + ht * ht + 2 * ht;
}

/* Qwen2-VL's vision transformer (modeling_qwen2_vl.py): a Conv3d patch
 * embedding of channels x temporal_patch x patch^2 x embed_dim without bias,
 * rotary positions (no parameters), per block two LayerNorms, a fused qkv
 * and proj with biases, fc1/fc2 of mlp_ratio x embed_dim with biases; the
 * PatchMerger: a LayerNorm, then Linear(d, d) and Linear(d, h_text) with
 * biases over d = embed_dim x spatial_merge_size^2. */
static uint64_t qwen2vl_params(gs_model *m, bool v25, uint64_t h, uint64_t i, uint64_t L, uint64_t c,
                               uint64_t p, uint64_t tp, uint64_t ms, uint64_t ht)
{
	gs_param_split *s = &m->split;
	uint64_t d = h * ms * ms, mlp_mats = v25 ? 3 : 2;
	uint64_t lin = gs_add_sat(gs_mul_sat(L, 4 * h * h + mlp_mats * h * i), d * d + d * ht);
	uint64_t bias = gs_add_sat(gs_mul_sat(L, 3 * h + h + (mlp_mats - 1) * i + h), d + ht);
	uint64_t norm_w = v25 ? 1 : 2; /* Qwen2.5-VL's RMSNorms carry no bias */
	uint64_t norms = gs_mul_sat(L, 2 * norm_w * h) + norm_w * h;
	uint64_t embed = gs_mul_sat(c * tp * p * p, h);
	s->linear = gs_add_sat(s->linear, lin);
	s->linear_matrices = gs_add_sat(s->linear_matrices, (2 + mlp_mats) * L + 2);
	s->linear_rows = gs_add_sat(s->linear_rows,
	                            gs_mul_sat(L, 3 * h + h + (mlp_mats - 1) * i + h) + d + ht);
	s->linear_cols = gs_add_sat(s->linear_cols, gs_mul_sat(L, h + h + (mlp_mats - 1) * h + i) + d + d);
	s->other = gs_add_sat(s->other, gs_add_sat(bias, embed));
	s->norm = gs_add_sat(s->norm, norms);
	gsi_note_module(m, "qkv", h, 3 * h, L);
	gsi_note_module(m, "proj", h, h, L);
	if (v25) {
		gsi_note_module(m, "gate_proj", h, i, L);
		gsi_note_module(m, "up_proj", h, i, L);
		gsi_note_module(m, "down_proj", i, h, L);
	} else {
		gsi_note_module(m, "fc1", h, i, L);
		gsi_note_module(m, "fc2", i, h, L);
	}
	return gs_add_sat(gs_add_sat(lin, bias), gs_add_sat(norms, embed));
}

/* Pixtral's vision encoder and Mistral 3's projector (modeling_pixtral.py
 * PixtralVisionModel, modeling_mistral3.py Mistral3MultiModalProjector): a
 * patch convolution without bias, ln_pre (RMSNorm), per layer q/k/v/o and a
 * gated MLP (gate/up/down) without biases and two RMSNorms, rotary 2-D
 * positions (no parameters); then an RMSNorm of the vision width, the patch
 * merger Linear(h x ms^2, h) without bias, linear_1 (h x feature layers ->
 * h_text) and linear_2 (h_text -> h_text), with biases when
 * multimodal_projector_bias. */
static uint64_t pixtral_params(gs_model *m, uint64_t h, uint64_t i, uint64_t L, uint64_t c, uint64_t p,
                               uint64_t ms, uint64_t nfl, bool proj_bias)
{
	gs_param_split *s = &m->split;
	uint64_t ht = m->hidden, merged = h * ms * ms;
	uint64_t tower = gs_mul_sat(L, 4 * h * h + 3 * h * i);
	uint64_t proj = merged * h + h * nfl * ht + ht * ht;
	uint64_t norms = gs_mul_sat(L, 2 * h) + h + h;           /* the layers', ln_pre, the projector's */
	uint64_t other = c * p * p * h + (proj_bias ? 2 * ht : 0); /* patch conv, linear_1/2 biases */
	s->linear = gs_add_sat(s->linear, gs_add_sat(tower, proj));
	s->linear_matrices = gs_add_sat(s->linear_matrices, 7 * L + 3);
	s->linear_rows = gs_add_sat(s->linear_rows, gs_mul_sat(L, 4 * h + 2 * i + h) + h + ht + ht);
	s->linear_cols = gs_add_sat(s->linear_cols, gs_mul_sat(L, 4 * h + 2 * h + i) + merged + h * nfl + ht);
	s->norm = gs_add_sat(s->norm, norms);
	s->other = gs_add_sat(s->other, other);
	gsi_note_module(m, "q_proj", h, h, L);
	gsi_note_module(m, "k_proj", h, h, L);
	gsi_note_module(m, "v_proj", h, h, L);
	gsi_note_module(m, "o_proj", h, h, L);
	gsi_note_module(m, "gate_proj", h, i, L);
	gsi_note_module(m, "up_proj", h, i, L);
	gsi_note_module(m, "down_proj", i, h, L);
	gsi_note_module(m, "merging_layer", merged, h, 1);
	gsi_note_module(m, "linear_1", h * nfl, ht, 1);
	gsi_note_module(m, "linear_2", ht, ht, 1);
	return gs_add_sat(gs_add_sat(tower, proj), gs_add_sat(norms, other));
}

/* One patch merger of the Qwen3-VL tower (modeling_qwen3_vl.py
 * Qwen3VLVisionPatchMerger; vLLM qwen3_vl.py Qwen3_VisionPatchMerger): a
 * LayerNorm with bias over the vision width `norm_w` (hv, or 4hv after the
 * shuffle for the deepstack mergers), linear_fc1 d x d and linear_fc2 d ->
 * out with biases, d = hv x merge^2. */
static uint64_t qwen3vl_merger(gs_model *m, uint64_t norm_w, uint64_t d, uint64_t out)
{
	gs_param_split *s = &m->split;
	s->linear = gs_add_sat(s->linear, d * d + d * out);
	s->linear_matrices += 2;
	s->linear_rows += d + out;
	s->linear_cols += 2 * d;
	s->other = gs_add_sat(s->other, d + out);
	s->norm = gs_add_sat(s->norm, 2 * norm_w);
	gsi_note_module(m, "linear_fc1", d, d, 1);
	gsi_note_module(m, "linear_fc2", d, out, 1);
	return d * d + d * out + d + out + 2 * norm_w;
}

/* The Qwen3-VL vision tower (Transformers modeling_qwen3_vl.py read at
 * 68a7b7e2; vLLM qwen3_vl.py Qwen3_VisionTransformer@7cfb97e3379): a Conv3d
 * patch embedding of channels x temporal_patch x patch^2 x h **with** a
 * bias, a learned position table of num_position_embeddings x h (bilinearly
 * interpolated; rotary positions besides, no parameters), per block two
 * LayerNorms with bias, a fused qkv and proj with biases and a plain
 * (GELU-tanh) linear_fc1/linear_fc2 with biases; the merger over hv x
 * merge^2; and one more merger per deepstack index, whose LayerNorm comes
 * after the shuffle (4hv wide): their outputs are added to the first
 * decoder layers' hidden states, no text parameter. */
static uint64_t qwen3vl_params(gs_model *m, uint64_t h, uint64_t i, uint64_t L, uint64_t c, uint64_t p,
                               uint64_t tp, uint64_t ms, uint64_t out, uint64_t npos, uint64_t n_ds)
{
	gs_param_split *s = &m->split;
	uint64_t d = h * ms * ms;
	uint64_t lin = gs_mul_sat(L, 4 * h * h + 2 * h * i);
	uint64_t bias = gs_mul_sat(L, 3 * h + h + i + h);
	uint64_t norms = gs_mul_sat(L, 4 * h);
	uint64_t embed = gs_mul_sat(c * tp * p * p, h) + h + gs_mul_sat(npos, h);
	s->linear = gs_add_sat(s->linear, lin);
	s->linear_matrices = gs_add_sat(s->linear_matrices, 4 * L);
	s->linear_rows = gs_add_sat(s->linear_rows, gs_mul_sat(L, 3 * h + h + i + h));
	s->linear_cols = gs_add_sat(s->linear_cols, gs_mul_sat(L, h + h + h + i));
	s->other = gs_add_sat(s->other, gs_add_sat(bias, embed));
	s->norm = gs_add_sat(s->norm, norms);
	gsi_note_module(m, "qkv", h, 3 * h, L);
	gsi_note_module(m, "proj", h, h, L);
	gsi_note_module(m, "linear_fc1", h, i, L);
	gsi_note_module(m, "linear_fc2", i, h, L);
	uint64_t total = gs_add_sat(gs_add_sat(lin, bias), gs_add_sat(norms, embed));
	total = gs_add_sat(total, qwen3vl_merger(m, h, d, out));
	for (uint64_t k = 0; k < n_ds; k++)
		total = gs_add_sat(total, qwen3vl_merger(m, d, d, out));
	return total;
}

/* Qwen3-VL's tower from vision_config `vis`, onto m. */
static gs_status read_qwen3vl_tower(json_t *vis, const char *name, gs_model *m, gs_error *err)
{
	uint64_t hv, iv, lv, heads, c, p, tp, ms, out, npos;
	gs_status st;
	if ((st = vdim(vis, name, "hidden_size", &hv, err)) || (st = vdim(vis, name, "depth", &lv, err)) ||
	    (st = vdim(vis, name, "num_heads", &heads, err)) ||
	    (st = vdim(vis, name, "intermediate_size", &iv, err)) ||
	    (st = vdim(vis, name, "in_channels", &c, err)) || (st = vdim(vis, name, "patch_size", &p, err)) ||
	    (st = vdim(vis, name, "temporal_patch_size", &tp, err)) ||
	    (st = vdim(vis, name, "spatial_merge_size", &ms, err)) ||
	    (st = vdim(vis, name, "out_hidden_size", &out, err)) ||
	    (st = vdim(vis, name, "num_position_embeddings", &npos, err)))
		return st;
	json_t *ds = json_object_get(vis, "deepstack_visual_indexes"), *v;
	size_t k;
	if (ds && !json_is_null(ds) && !json_is_array(ds))
		return gs_error_set(err, GS_EINPUT, name,
		                    "field \"vision_config.deepstack_visual_indexes\" must be a list of "
		                    "block indices");
	json_array_foreach(ds, k, v) {
		json_int_t x = json_integer_value(v);
		if (!json_is_integer(v) || x < 0 || x >= (json_int_t)lv)
			return gs_error_set(err, GS_EINPUT, name,
			                    "field \"vision_config.deepstack_visual_indexes[%zu]\" must be a "
			                    "block index below depth (%llu)",
			                    k, (unsigned long long)lv);
	}
	/* bounds far above any real tower keep every product below 2^64 */
	if (hv % heads || lv > GS_MAX_LAYERS || out != m->hidden || hv >= (1u << 20) || iv >= (1u << 20) ||
	    c > 64 || p > 4096 || tp > 64 || ms > 16 || npos >= (1u << 24))
		return gs_error_set(err, GS_EINPUT, name,
		                    "vision_config: num_heads must divide hidden_size, at most 512 blocks, "
		                    "out_hidden_size must be the text hidden_size, widths below 2^20, at "
		                    "most 64 channels, patches of at most 4096 (64 frames), a merge of at "
		                    "most 16 and fewer than 2^24 positions");
	uint64_t n_ds = json_array_size(ds);
	uint64_t vp = qwen3vl_params(m, hv, iv, lv, c, p, tp, ms, out, npos, n_ds);
	m->params = gs_add_sat(m->params, vp);
	m->vision_params = vp;
	m->vision_hidden = (uint32_t)hv;
	m->vision_intermediate = (uint32_t)iv;
	m->vision_merge = (uint32_t)(ms * ms);
	m->deepstack_levels = (uint32_t)n_ds;
	m->image_tokens = 0; /* (H/32) x (W/32) after smart resize: the resolution decides */
	return GS_OK;
}

/* Mistral 3's tower and projector from vision_config `vis` and the outer
 * config `root` (spatial_merge_size, multimodal_projector_bias,
 * vision_feature_layer), onto m. */
static gs_status read_pixtral(json_t *root, json_t *vis, const char *name, gs_model *m, gs_error *err)
{
	uint64_t hv, iv, lv, heads, c, p, img, ms = 2, nfl = 1;
	gs_status st;
	if ((st = vit_dims(vis, name, &hv, &iv, &lv, &heads, &c, &p, &img, err)))
		return st;
	json_t *v = json_object_get(root, "spatial_merge_size");
	if (v && (!json_is_integer(v) || json_integer_value(v) < 1 || json_integer_value(v) > 16))
		return gs_error_set(err, GS_EINPUT, name,
		                    "field \"spatial_merge_size\" must be an integer in [1, 16]");
	if (v)
		ms = (uint64_t)json_integer_value(v);
	v = json_object_get(root, "vision_feature_layer"); /* an int, or a list of layers concatenated */
	if (json_is_array(v))
		nfl = json_array_size(v);
	else if (v && !json_is_integer(v))
		return gs_error_set(err, GS_EINPUT, name,
		                    "field \"vision_feature_layer\" must be an integer or a list");
	v = json_object_get(root, "multimodal_projector_bias");
	if (v && !json_is_boolean(v))
		return gs_error_set(err, GS_EINPUT, name,
		                    "field \"multimodal_projector_bias\" must be true or false");
	if (hv % heads || lv > GS_MAX_LAYERS || nfl < 1 || nfl > GS_MAX_LAYERS || img < p)
		return gs_error_set(err, GS_EINPUT, name,
		                    "vision_config: num_attention_heads must divide hidden_size, at most 512 "
		                    "layers and feature layers, and image_size at least patch_size");
	uint64_t vp = pixtral_params(m, hv, iv, lv, c, p, ms, nfl, json_is_true(v));
	m->params = gs_add_sat(m->params, vp);
	m->vision_params = vp;
	m->vision_hidden = (uint32_t)hv;
	m->vision_intermediate = (uint32_t)iv;
	m->vision_merge = (uint32_t)(ms * ms);
	m->vision_patches = (uint32_t)((img / p) * (img / p));
	/* rows x (columns + 1) of merged patches: the resolution decides (image_tokens) */
	m->image_tokens = 0;
	return GS_OK;
}

/* Llama 4's vision model and projector (vLLM mllama4.py Llama4VisionModel,
 * Llama4UnfoldConvolution, Llama4VisionEncoderLayer,
 * Llama4VisionPixelShuffleMLP, Llama4MultiModalProjector @7cfb97e3379):
 * the patch unfold's Linear(C x p^2, h) without bias, a class embedding,
 * positions for (image / patch)^2 + 1 patches, LayerNorms (weight and bias)
 * before and after; per layer q/k/v/o and fc1/fc2 (GELU, not gated) with
 * biases and two LayerNorms; the pixel-shuffle adapter fc1
 * (intermediate_size -> projector_input_dim) and fc2 (-> projector_output_dim),
 * biased with multi_modal_projector_bias; linear_1 (vision_output_dim ->
 * h_text) without bias. */
static uint64_t llama4_tower_params(gs_model *m, uint64_t h, uint64_t i, uint64_t L, uint64_t c, uint64_t p,
                                    uint64_t P, uint64_t pin, uint64_t pout, uint64_t vo, bool bias)
{
	gs_param_split *s = &m->split;
	uint64_t ht = m->hidden;
	uint64_t own = c * p * p * h + i * pin + pin * pout + vo * ht; /* patch, adapter, projector */
	uint64_t lin = gs_add_sat(vit_layer_matrices(m, h, i, L, "o_proj"), own);
	uint64_t other = gs_mul_sat(L, 4 * h + i + h) + h + gs_mul_sat(P, h) + (bias ? pin + pout : 0);
	uint64_t norms = gs_mul_sat(L, 4 * h) + 4 * h;
	s->linear = gs_add_sat(s->linear, own);
	s->linear_matrices = gs_add_sat(s->linear_matrices, 4);
	s->linear_rows = gs_add_sat(s->linear_rows, h + pin + pout + ht);
	s->linear_cols = gs_add_sat(s->linear_cols, c * p * p + i + pin + vo);
	s->other = gs_add_sat(s->other, other);
	s->norm = gs_add_sat(s->norm, norms);
	gsi_note_module(m, "linear", c * p * p, h, 1);
	gsi_note_module(m, "fc1", i, pin, 1);
	gsi_note_module(m, "fc2", pin, pout, 1);
	gsi_note_module(m, "linear_1", vo, ht, 1);
	return gs_add_sat(gs_add_sat(lin, other), norms);
}

/* Llama 4's tower from vision_config `vis`, onto m. An image is cut in
 * tiles of image_size (up to the image processor's max_patches, 16, plus
 * a global view when there are several: Llama4ImageProcessorFast,
 * preprocessor_config.json), each (image / patch)^2 x pixel_shuffle_ratio^2
 * tokens (144 at 336 and 14); vLLM profiles the largest, 17 tiles
 * (Mllama4ProcessingInfo get_image_size_with_most_features). */
static gs_status read_llama4_tower(json_t *vis, const char *name, gs_model *m, gs_error *err)
{
	uint64_t hv, iv, lv, heads, c, p, img, pin, pout, vo;
	gs_status st;
	if ((st = vit_dims(vis, name, &hv, &iv, &lv, &heads, &c, &p, &img, err)) ||
	    (st = vdim(vis, name, "projector_input_dim", &pin, err)) ||
	    (st = vdim(vis, name, "projector_output_dim", &pout, err)) ||
	    (st = vdim(vis, name, "vision_output_dim", &vo, err)))
		return st;
	json_t *ratio = json_object_get(vis, "pixel_shuffle_ratio");
	json_t *b = json_object_get(vis, "multi_modal_projector_bias");
	if (!json_is_number(ratio) || json_number_value(ratio) != 0.5)
		return gs_error_set(err, GS_EINPUT, name,
		                    "field \"vision_config.pixel_shuffle_ratio\" must be 0.5 (every Llama 4 "
		                    "checkpoint's; the tokens per tile follow from it)");
	if (b && !json_is_boolean(b))
		return gs_error_set(err, GS_EINPUT, name,
		                    "field \"vision_config.multi_modal_projector_bias\" must be true or "
		                    "false");
	if (img % p || hv % heads || lv > GS_MAX_LAYERS || img / p > 4096 || hv >= (1u << 20) ||
	    iv >= (1u << 20) || pin >= (1u << 20) || pout >= (1u << 20) || vo >= (1u << 20) || c > 64 ||
	    p > 4096)
		return gs_error_set(err, GS_EINPUT, name,
		                    "vision_config: image_size must be a multiple of patch_size, "
		                    "num_attention_heads must divide hidden_size; at most 512 layers, 64 "
		                    "channels and 4096 patches a side, widths below 2^20");
	uint64_t grid = (img / p) * (img / p);
	uint64_t v = llama4_tower_params(m, hv, iv, lv, c, p, grid + 1, pin, pout, vo, json_is_true(b));
	m->params = gs_add_sat(m->params, v);
	m->vision_params = v;
	m->vision_hidden = (uint32_t)hv;
	m->vision_intermediate = (uint32_t)iv;
	m->vision_merge = 4;                          /* pixel shuffle 0.5: 2 x 2 patches a token */
	m->vision_patches = (uint32_t)(17 * grid);    /* 16 tiles and the global view */
	m->image_tokens = 0;                          /* 144 a tile: the resolution decides */
	return GS_OK;
}

/* LFM2-VL's tower and projector (vLLM lfm2_vl.py and lfm2_siglip2.py
 * @7cfb97e3379): SigLIP2 NaFlex, a SigLIP tower whose patch embedding is a
 * Linear(C x p^2, h_v) with bias and whose positions are a num_patches grid
 * (resized to each image), no head (vision_use_head false); then a 2 x 2
 * pixel unshuffle (downsample_factor), a LayerNorm of its width with
 * projector_use_layernorm, linear_1 (h_v x factor^2 -> projector_hidden_size)
 * and linear_2 (-> h_text), biased with projector_bias. A 512 x 512 tile
 * gives (512 / 16 / 2)^2 = 256 tokens; an image up to max_tiles tiles and
 * a thumbnail; vLLM profiles one 512 x 512 image (get_image_size_with_
 * most_features: max_image_tokens 256 at patch 16 and factor 2). */
/* Gemma 3n's towers (Transformers modeling_gemma3n.py; vLLM gemma3n_mm.py
 * @7cfb97e3379): the vision tower is the timm model vision_config.architecture
 * names (MobileNetV5-300M, built by TimmWrapper through AutoModel), whose
 * blocks config.json does not list; the audio encoder a USM conformer
 * (Gemma3nAudioEncoder) of audio_config; each with a multimodal embedder
 * (embed_vision, embed_audio). None is counted from config.json: the text
 * decoder is exact, and what they add is said (m->towers_uncounted) until a
 * tensor table gives it. */
static gs_status read_uncounted_towers(json_t *root, json_t *vis, gs_model *m)
{
	const char *arch = json_string_value(json_object_get(vis, "architecture"));
	json_t *audio = json_object_get(root, "audio_config");
	snprintf(m->towers_uncounted, sizeof m->towers_uncounted,
	         "the vision tower (timm %.40s)%s and their embedders", arch ? arch : "mobilenetv5_300m_enc",
	         json_is_object(audio) ? ", the audio encoder (a USM conformer)" : "");
	return GS_OK;
}

/* `n` matrices of in x out of a tower, added to the split and noted as
 * modules `name`; returns their parameters */
static uint64_t tower_matrices(gs_model *m, const char *name, uint64_t in, uint64_t out, uint64_t n)
{
	gs_param_split *s = &m->split;
	uint64_t p = gs_mul_sat(n, in * out);
	s->linear = gs_add_sat(s->linear, p);
	s->linear_matrices = gs_add_sat(s->linear_matrices, n);
	s->linear_rows = gs_add_sat(s->linear_rows, gs_mul_sat(n, out));
	s->linear_cols = gs_add_sat(s->linear_cols, gs_mul_sat(n, in));
	gsi_note_module(m, name, in, out, n);
	return p;
}

/* Gemma 4's vision tower and embedder (Transformers modeling_gemma4.py
 * Gemma4VisionPatchEmbedder, Gemma4VisionEncoderLayer, Gemma4VisionModel,
 * Gemma4MultimodalEmbedder; vLLM gemma4_mm.py @7cfb97e3379): input_proj
 * Linear(3 x patch^2, h_v) without bias and a position table of 2 x
 * position_embedding_size x h_v (one row set for x, one for y); per layer
 * q/k/v/o without bias (heads, KV heads of head_dim), q_norm and k_norm of
 * head_dim (v_norm has no weight), a gated MLP gate/up/down h_v x i_v and
 * four RMSNorms of h_v, with use_clipped_linears four scalars on each of
 * the seven Linears; std_bias and std_scale (h_v each) with standardize;
 * the pooler averages pooling_kernel_size^2 patches into one token, without
 * parameters; embed_vision.embedding_projection h_v -> h_text without bias
 * (its pre-projection norm has no weight). An image is
 * vision_soft_tokens_per_image tokens (vision_config.default_output_length,
 * 280), the tower seeing k^2 patches for each. */
static gs_status read_gemma4_tower(json_t *root, json_t *vis, const char *name, gs_model *m, gs_error *err)
{
	uint64_t hv, iv, lv, heads, kvh, hd, p, pos, k;
	gs_status st;
	if ((st = vdim(vis, name, "hidden_size", &hv, err)) ||
	    (st = vdim(vis, name, "intermediate_size", &iv, err)) ||
	    (st = vdim(vis, name, "num_hidden_layers", &lv, err)) ||
	    (st = vdim(vis, name, "num_attention_heads", &heads, err)) ||
	    (st = vdim(vis, name, "num_key_value_heads", &kvh, err)) ||
	    (st = vdim(vis, name, "head_dim", &hd, err)) || (st = vdim(vis, name, "patch_size", &p, err)) ||
	    (st = vdim(vis, name, "pooling_kernel_size", &k, err)) ||
	    (st = vdim(vis, name, "position_embedding_size", &pos, err)))
		return st;
	json_t *tok = json_object_get(root, "vision_soft_tokens_per_image");
	if (!tok || json_is_null(tok))
		tok = json_object_get(vis, "default_output_length");
	json_int_t tokens = tok && !json_is_null(tok) ? json_integer_value(tok) : 280;
	json_t *clip = json_object_get(vis, "use_clipped_linears");
	json_t *std = json_object_get(vis, "standardize");
	if ((tok && !json_is_null(tok) && (!json_is_integer(tok) || tokens < 1 || tokens > 65536)) ||
	    (clip && !json_is_boolean(clip)) || (std && !json_is_boolean(std)))
		return gs_error_set(err, GS_EINPUT, name,
		                    "vision_soft_tokens_per_image (vision_config.default_output_length) must "
		                    "be an integer in [1, 65536], vision_config's use_clipped_linears and "
		                    "standardize true or false");
	if (kvh > heads || heads % kvh || lv > GS_MAX_LAYERS || hv >= (1u << 20) || iv >= (1u << 20) ||
	    hd >= (1u << 16) || heads >= (1u << 12) || p > 4096 || k > 64 || pos >= (1u << 24))
		return gs_error_set(err, GS_EINPUT, name,
		                    "vision_config: num_key_value_heads must divide num_attention_heads; at "
		                    "most 512 layers, 4096 heads, patch 4096, pooling kernel 64; widths "
		                    "below 2^20, head_dim below 2^16, position_embedding_size below 2^24");
	gs_param_split *s = &m->split;
	uint64_t q = heads * hd, kv = kvh * hd, ht = m->hidden;
	uint64_t lin = tower_matrices(m, "q_proj", hv, q, lv) + tower_matrices(m, "k_proj", hv, kv, lv) +
	               tower_matrices(m, "v_proj", hv, kv, lv) + tower_matrices(m, "o_proj", q, hv, lv) +
	               tower_matrices(m, "gate_proj", hv, iv, lv) + tower_matrices(m, "up_proj", hv, iv, lv) +
	               tower_matrices(m, "down_proj", iv, hv, lv) +
	               tower_matrices(m, "input_proj", 3 * p * p, hv, 1) +
	               tower_matrices(m, "embedding_projection", hv, ht, 1);
	uint64_t norms = lv * (2 * hd + 4 * hv);
	uint64_t other = 2 * pos * hv + (json_is_true(clip) ? lv * 7 * 4 : 0) +
	                 (json_is_true(std) ? 2 * hv : 0);
	s->norm = gs_add_sat(s->norm, norms);
	s->other = gs_add_sat(s->other, other);
	uint64_t v = gs_add_sat(lin, norms + other);
	m->params = gs_add_sat(m->params, v);
	m->vision_params = v;
	m->vision_hidden = (uint32_t)hv;
	m->vision_intermediate = (uint32_t)iv;
	m->image_tokens = (uint32_t)tokens;
	m->vision_patches = (uint32_t)((uint64_t)tokens * k * k);
	return GS_OK;
}

/* Gemma 4 E2B's and E4B's audio encoder (Gemma4AudioModel, a conformer of
 * audio_config) and its embed_audio: not counted from config.json; said
 * (m->towers_uncounted) until a tensor table gives it. */
static void gemma4_audio(json_t *root, gs_model *m)
{
	if (json_is_object(json_object_get(root, "audio_config")))
		snprintf(m->towers_uncounted, sizeof m->towers_uncounted,
		         "the audio encoder (Gemma4AudioModel, a conformer) and its embedder embed_audio");
}

static gs_status read_siglip2_tower(json_t *root, json_t *vis, const char *name, gs_model *m, gs_error *err)
{
	uint64_t hv, iv, lv, heads, c, p, np, ds = 2, ph;
	gs_status st;
	if ((st = vdim(vis, name, "hidden_size", &hv, err)) ||
	    (st = vdim(vis, name, "intermediate_size", &iv, err)) ||
	    (st = vdim(vis, name, "num_hidden_layers", &lv, err)) ||
	    (st = vdim(vis, name, "num_attention_heads", &heads, err)) ||
	    (st = vdim(vis, name, "num_channels", &c, err)) ||
	    (st = vdim(vis, name, "patch_size", &p, err)) || (st = vdim(vis, name, "num_patches", &np, err)))
		return st;
	json_t *phv = json_object_get(root, "projector_hidden_size");
	if (!json_is_integer(phv) || json_integer_value(phv) < 1 || json_integer_value(phv) >= (1 << 20))
		return gs_error_set(err, GS_EINPUT, name,
		                    "field \"projector_hidden_size\" must be an integer in [1, 2^20)");
	ph = (uint64_t)json_integer_value(phv);
	json_t *v = json_object_get(root, "downsample_factor");
	if (v && (!json_is_integer(v) || json_integer_value(v) < 1 || json_integer_value(v) > 8))
		return gs_error_set(err, GS_EINPUT, name, "field \"downsample_factor\" must be an integer in "
		                    "[1, 8]");
	if (v)
		ds = (uint64_t)json_integer_value(v);
	json_t *head = json_object_get(vis, "vision_use_head");
	if (json_is_true(head))
		return gs_error_set(err, GS_EINPUT, name, "field \"vision_config.vision_use_head\" must be "
		                    "false: LFM2-VL uses the tower's last hidden states, no pooling head");
	json_t *pb = json_object_get(root, "projector_bias"), *ln = json_object_get(root,
	                                                                          "projector_use_layernorm");
	if ((pb && !json_is_boolean(pb)) || (ln && !json_is_boolean(ln)))
		return gs_error_set(err, GS_EINPUT, name,
		                    "fields \"projector_bias\" and \"projector_use_layernorm\" must be true "
		                    "or false");
	if (hv % heads || lv > GS_MAX_LAYERS || hv >= (1u << 20) || iv >= (1u << 20) || ph >= (1u << 20) ||
	    np >= (1u << 20) || c > 64 || p > 4096)
		return gs_error_set(err, GS_EINPUT, name,
		                    "vision_config: num_attention_heads must divide hidden_size; at most 512 "
		                    "layers, 64 channels, patch 4096; widths and num_patches below 2^20");
	gs_param_split *s = &m->split;
	uint64_t tower = tower_params(m, TOWER_SIGLIP, hv, iv, lv, c, p, np);
	bool bias = !pb || json_is_true(pb), norm = !ln || json_is_true(ln);
	uint64_t pin = hv * ds * ds, ht = m->hidden;
	uint64_t proj = pin * ph + ph * ht + (bias ? ph + ht : 0) + (norm ? 2 * pin : 0);
	s->linear = gs_add_sat(s->linear, pin * ph + ph * ht);
	s->linear_matrices += 2;
	s->linear_rows += ph + ht;
	s->linear_cols += pin + ph;
	s->other = gs_add_sat(s->other, bias ? ph + ht : 0);
	s->norm = gs_add_sat(s->norm, norm ? 2 * pin : 0);
	gsi_note_module(m, "linear_1", pin, ph, 1);
	gsi_note_module(m, "linear_2", ph, ht, 1);
	m->params = gs_add_sat(m->params, gs_add_sat(tower, proj));
	m->vision_params = tower + proj;
	m->vision_hidden = (uint32_t)hv;
	m->vision_intermediate = (uint32_t)iv;
	m->vision_merge = (uint32_t)(ds * ds);
	m->vision_patches = (uint32_t)((512 / p) * (512 / p)); /* the 512 x 512 tile vLLM profiles */
	m->image_tokens = 0; /* 64 to 256 a small image, 256 a tile, tiles and a thumbnail: it depends */
	return GS_OK;
}

/* An optional boolean of vision_config (absent: `def`); -1 when not a
 * boolean. */
static int vbool(json_t *vis, const char *key, bool def)
{
	json_t *v = json_object_get(vis, key);
	if (!v)
		return def;
	return json_is_boolean(v) ? json_is_true(v) : -1;
}

/* An optional string of vision_config that must be `want` when given. */
static gs_status vstring(json_t *vis, const char *name, const char *key, const char *want, gs_error *err)
{
	json_t *v = json_object_get(vis, key);
	if (!v || (json_is_string(v) && !strcmp(json_string_value(v), want)))
		return GS_OK;
	return gs_error_set(err, GS_EUNSUPPORTED, name,
	                    "vision_config.%s \"%.40s\": gpusizer sizes Kimi K2.5's MoonViT with %s "
	                    "(vLLM models/kimi_k25_vit.py builds no other)",
	                    key, json_is_string(v) ? json_string_value(v) : "?", want);
}

/* Kimi K2.5's MoonViT and projector (vLLM models/kimi_k25_vit.py
 * MoonViT3dPretrainedModel and KimiK25MultiModalProjector @7cfb97e3379,
 * as added in 0.15.0, PR #33131; SGLang models/kimi_k25.py of v0.5.9 the
 * same): a patch Conv2d(3, h_v, patch) with bias (patch_embed_proj_bias),
 * a learned position table init_pos_emb_height x init_pos_emb_width x h_v
 * (the temporal sin-cos table is a buffer, not stored); per block two
 * LayerNorms, wqkv h_v -> 3 x qkv and wo qkv -> h_v with biases
 * (attn_bias), an MLP fc0 h_v -> i_v and fc1 i_v -> h_v with biases
 * (linear_bias); a final LayerNorm; rotary positions without parameters.
 * The patch merger averages frames and gathers kh x kw patches into one
 * token (no parameters); the projector a LayerNorm of h_v, then linear_1
 * d -> d and linear_2 d -> h_text with biases, d = h_v x kh x kw.
 * KimiK25Config points mm_hidden_size at the text width when it equals
 * the tower's. vLLM's KimiK25VisionConfig names the widths without vt_
 * (its defaults equal K2.5's); the hub's config.json writes vt_*, as
 * Moonshot's own configuration_kimi_k25.py reads them, and so do we. */
static gs_status read_moonvit(json_t *vis, const char *name, gs_model *m, gs_error *err)
{
	uint64_t hv, iv, lv, heads, p, ph, pw, qkv, kh, kw, ht = m->hidden;
	gs_status st;
	if ((st = vdim(vis, name, "vt_hidden_size", &hv, err)) ||
	    (st = vdim(vis, name, "vt_intermediate_size", &iv, err)) ||
	    (st = vdim(vis, name, "vt_num_hidden_layers", &lv, err)) ||
	    (st = vdim(vis, name, "vt_num_attention_heads", &heads, err)) ||
	    (st = vdim(vis, name, "patch_size", &p, err)) ||
	    (st = vdim(vis, name, "init_pos_emb_height", &ph, err)) ||
	    (st = vdim(vis, name, "init_pos_emb_width", &pw, err)))
		return st;
	qkv = hv;
	if (json_object_get(vis, "qkv_hidden_size") && (st = vdim(vis, name, "qkv_hidden_size", &qkv, err)))
		return st;
	json_t *mk = json_object_get(vis, "merge_kernel_size");
	json_int_t k0 = json_integer_value(json_array_get(mk, 0));
	json_int_t k1 = json_integer_value(json_array_get(mk, 1));
	if (json_array_size(mk) != 2 || k0 < 1 || k0 > 8 || k1 < 1 || k1 > 8)
		return gs_error_set(err, GS_EINPUT, name,
		                    "field \"vision_config.merge_kernel_size\" must be two integers in "
		                    "[1, 8]");
	kh = (uint64_t)k0;
	kw = (uint64_t)k1;
	if ((st = vstring(vis, name, "pos_emb_type", "divided_fixed", err)) ||
	    (st = vstring(vis, name, "merge_type", "sd2_tpool", err)) ||
	    (st = vstring(vis, name, "mm_projector_type", "patchmerger", err)) ||
	    (st = vstring(vis, name, "norm_type", "layernorm", err)) ||
	    (st = vstring(vis, name, "mlp_type", "mlp2", err)))
		return st;
	int pbias = vbool(vis, "patch_embed_proj_bias", true), abias = vbool(vis, "attn_bias", true),
	    lbias = vbool(vis, "linear_bias", true);
	if (pbias < 0 || abias < 0 || lbias < 0)
		return gs_error_set(err, GS_EINPUT, name,
		                    "vision_config's patch_embed_proj_bias, attn_bias and linear_bias "
		                    "must be true or false");
	/* the projector's output: mm_hidden_size, which KimiK25Config sets to
	 * the text width when it equals the tower's; SGLang's text_hidden_size */
	uint64_t mm = hv, th = ht;
	if (json_object_get(vis, "mm_hidden_size") && (st = vdim(vis, name, "mm_hidden_size", &mm, err)))
		return st;
	if (json_object_get(vis, "text_hidden_size") && (st = vdim(vis, name, "text_hidden_size", &th, err)))
		return st;
	if (mm == hv)
		mm = ht;
	if (qkv % heads || lv > GS_MAX_LAYERS || hv >= (1u << 20) || iv >= (1u << 20) || qkv >= (1u << 20) ||
	    p > 4096 || ph > 4096 || pw > 4096 || mm != ht || th != ht)
		return gs_error_set(err, GS_EINPUT, name,
		                    "vision_config: vt_num_attention_heads must divide the qkv width, at "
		                    "most 512 layers, widths below 2^20, patch and position table at most "
		                    "4096, and the projector (mm_hidden_size, text_hidden_size) must feed "
		                    "the text hidden_size (%llu)",
		                    (unsigned long long)ht);
	gs_param_split *s = &m->split;
	uint64_t d = hv * kh * kw;
	uint64_t lin = tower_matrices(m, "wqkv", hv, 3 * qkv, lv) + tower_matrices(m, "wo", qkv, hv, lv) +
	               tower_matrices(m, "fc0", hv, iv, lv) + tower_matrices(m, "fc1", iv, hv, lv) +
	               tower_matrices(m, "linear_1", d, d, 1) + tower_matrices(m, "linear_2", d, ht, 1);
	uint64_t bias = lv * ((abias ? 3 * qkv + hv : 0) + (lbias ? iv + hv : 0)) + d + ht;
	uint64_t embed = 3 * p * p * hv + (pbias ? hv : 0) + ph * pw * hv;
	uint64_t norms = lv * 4 * hv + 2 * hv /* final_layernorm */ + 2 * hv /* pre_norm */;
	s->other = gs_add_sat(s->other, bias + embed);
	s->norm = gs_add_sat(s->norm, norms);
	uint64_t v = gs_add_sat(lin, bias + embed + norms);
	m->params = gs_add_sat(m->params, v);
	m->vision_params = v;
	m->vision_hidden = (uint32_t)hv;
	m->vision_intermediate = (uint32_t)iv;
	m->vision_merge = (uint32_t)(kh * kw);
	m->image_tokens = 0; /* (H/28) x (W/28) for an image: the resolution decides */
	return GS_OK;
}

/* Qwen2-VL: the text fields sit at the top level in the hub's configs. */
static json_t *flat_text(const mm_kind *k, json_t *root)
{
	json_t *copy = json_deep_copy(root), *t;
	if (!copy)
		return NULL;
	json_object_del(copy, "vision_config");
	t = merged(k->text_defaults, copy);
	json_decref(copy);
	if (t)
		json_object_set_new(t, "model_type", json_string(k->text_type));
	return t;
}

/* Mllama's vision model (modeling_mllama.py, MllamaVisionModel): a patch
 * convolution without bias, a class embedding, a gated position embedding
 * (P x h) with a tile table ((A + 1) x tiles x P x h), gated pre- and
 * post-tile embeddings ((A + 1) x tiles x h each), LayerNorms before and
 * after, L local layers and G global (gated) layers of q/k/v/o without
 * bias, fc1/fc2 with bias and two LayerNorms; then the projector
 * Linear(vision_output_dim, h_text) with bias. P = (image/patch)^2 + 1. */
static uint64_t mllama_tower_params(gs_model *m, uint64_t h, uint64_t i, uint64_t L, uint64_t G, uint64_t c,
                                    uint64_t p, uint64_t P, uint64_t tiles, uint64_t A, uint64_t vo)
{
	gs_param_split *s = &m->split;
	uint64_t n = L + G, ht = m->hidden;
	uint64_t lin = gs_add_sat(vit_layer_matrices(m, h, i, n, "o_proj"), vo * ht);
	uint64_t bias = gs_add_sat(gs_mul_sat(n, i + h), ht);
	uint64_t norms = gs_mul_sat(n, 4 * h) + 4 * h;
	uint64_t rows = (A + 1) * tiles;
	uint64_t embed = c * p * p * h + h + gs_mul_sat(P, h) + gs_mul_sat(rows * P, h) + 2 * rows * h;
	uint64_t gates = 1 + 2 + 2 * G;
	s->linear = gs_add_sat(s->linear, vo * ht); /* the projector; the layers' are counted above */
	s->linear_matrices = gs_add_sat(s->linear_matrices, 1);
	s->linear_rows = gs_add_sat(s->linear_rows, ht);
	s->linear_cols = gs_add_sat(s->linear_cols, vo);
	s->other = gs_add_sat(s->other, gs_add_sat(gs_add_sat(bias, embed), gates));
	s->norm = gs_add_sat(s->norm, norms);
	gsi_note_module(m, "multi_modal_projector", vo, ht, 1);
	return gs_add_sat(gs_add_sat(lin, bias), gs_add_sat(gs_add_sat(norms, embed), gates));
}

/* Mllama: the decoder's cross-attention layers (`cl`, text_config's
 * cross_attention_layers), which add to a Llama layer a q_norm and k_norm
 * of head_dim and two scalar gates and cache K/V of the image tiles, not of
 * the text; the 8 extra embedding rows of MllamaTextModel; and the tower.
 * Each image puts one <|image|> token in the text. */
static gs_status read_mllama(json_t *cl, json_t *vis, const char *name, gs_model *m, gs_error *err)
{
	size_t idx;
	json_t *v;
	uint64_t n = 0;
	if (!json_is_array(cl) || !json_array_size(cl))
		return gs_error_set(err, GS_EINPUT, name,
		                    "field \"text_config.cross_attention_layers\" must be a non-empty list "
		                    "of layer indices");
	json_array_foreach(cl, idx, v) {
		json_int_t l = json_integer_value(v);
		if (!json_is_integer(v) || l < 0 || l >= (json_int_t)m->layers || m->layer_is_cross[l])
			return gs_error_set(err, GS_EINPUT, name,
			                    "field \"text_config.cross_attention_layers[%zu]\" must be a "
			                    "distinct layer index in [0, %u)",
			                    idx, m->layers);
		m->layer_is_cross[l] = true;
		n++;
	}
	uint64_t hd = m->head_dim, extra_cross = n * (2 * hd + 2), extra_embed = 8 * (uint64_t)m->hidden;
	m->params = gs_add_sat(m->params, extra_cross + extra_embed);
	m->split.norm = gs_add_sat(m->split.norm, n * 2 * hd);
	m->split.other = gs_add_sat(m->split.other, 2 * n);
	m->split.embed = gs_add_sat(m->split.embed, extra_embed);

	uint64_t h, i, L, G, heads, c, p, img, tiles, vo;
	gs_status st;
	if ((st = vdim(vis, name, "hidden_size", &h, err)) ||
	    (st = vdim(vis, name, "intermediate_size", &i, err)) ||
	    (st = vdim(vis, name, "num_hidden_layers", &L, err)) ||
	    (st = vdim(vis, name, "num_global_layers", &G, err)) ||
	    (st = vdim(vis, name, "attention_heads", &heads, err)) ||
	    (st = vdim(vis, name, "num_channels", &c, err)) ||
	    (st = vdim(vis, name, "patch_size", &p, err)) ||
	    (st = vdim(vis, name, "image_size", &img, err)) ||
	    (st = vdim(vis, name, "max_num_tiles", &tiles, err)) ||
	    (st = vdim(vis, name, "vision_output_dim", &vo, err)))
		return st;
	json_t *ar = json_object_get(vis, "supported_aspect_ratios");
	/* bounds far above any real tower keep every product below 2^64 */
	if (img % p || h % heads || L + G > GS_MAX_LAYERS || tiles > 64 || img / p > 4096 ||
	    !json_is_array(ar) || !json_array_size(ar) || json_array_size(ar) > 4096 || h >= (1u << 20) ||
	    i >= (1u << 20) || vo >= (1u << 24) || c > 64 || p > 4096)
		return gs_error_set(err, GS_EINPUT, name,
		                    "vision_config: image_size must be a multiple of patch_size, "
		                    "attention_heads must divide hidden_size; at most 512 layers, 64 tiles, "
		                    "64 channels, 4096 aspect ratios and 4096 patches a side; widths below "
		                    "2^20 (vision_output_dim 2^24), and supported_aspect_ratios a non-empty "
		                    "list");
	uint64_t P = (img / p) * (img / p) + 1; /* patches and the class token, per tile */
	uint64_t v_params = mllama_tower_params(m, h, i, L, G, c, p, P, tiles, json_array_size(ar), vo);
	m->params = gs_add_sat(m->params, v_params);
	m->vision_params = v_params;
	m->vision_hidden = (uint32_t)h;
	m->vision_intermediate = (uint32_t)i;
	/* the tower runs on every tile, its patches padded to a multiple of 8 */
	m->vision_patches = (uint32_t)(tiles * (P + (8 - P % 8) % 8));
	m->cross_tokens_per_image = (uint32_t)(tiles * P);
	m->image_tokens = 1;
	return GS_OK;
}

/* Qwen2-VL / Qwen2.5-VL's tower from vision_config `vis`, onto m. */
static gs_status read_qwen_tower(const mm_kind *k, json_t *vis, const char *name, gs_model *m, gs_error *err)
{
	bool v25 = k->tower == TOWER_QWEN25VL;
	uint64_t hv, iv = 0, lv, heads, c, p, ratio = 0, tp, ms, ht = m->hidden;
	gs_status st;
	if ((st = vdim(vis, name, v25 ? "hidden_size" : "embed_dim", &hv, err)) ||
	    (st = vdim(vis, name, "depth", &lv, err)) || (st = vdim(vis, name, "num_heads", &heads, err)) ||
	    (st = vdim(vis, name, v25 ? "intermediate_size" : "mlp_ratio", v25 ? &iv : &ratio, err)) ||
	    (st = vdim(vis, name, v25 ? "in_channels" : "in_chans", &c, err)) ||
	    (st = vdim(vis, name, "patch_size", &p, err)) ||
	    (st = vdim(vis, name, "temporal_patch_size", &tp, err)) ||
	    (st = vdim(vis, name, "spatial_merge_size", &ms, err)) ||
	    (v25 && (st = vdim(vis, name, "out_hidden_size", &ht, err))))
		return st;
	if (!v25)
		iv = hv * ratio;
	if (hv % heads || lv > GS_MAX_LAYERS || ht != m->hidden)
		return gs_error_set(err, GS_EINPUT, name,
		                    "vision_config: num_heads must divide the vision width, at most 512 "
		                    "layers, and its output width must be the text hidden_size");
	uint64_t v = qwen2vl_params(m, v25, hv, iv, lv, c, p, tp, ms, ht);
	m->params = gs_add_sat(m->params, v);
	m->vision_params = v;
	m->vision_hidden = (uint32_t)hv;
	m->vision_intermediate = (uint32_t)iv;
	m->vision_merge = (uint32_t)(ms * ms);
	m->image_tokens = 0; /* (H/28) x (W/28): the resolution decides (image_tokens) */
	return GS_OK;
}

/* A SigLIP or CLIP tower (Gemma 3, LLaVA, LLaVA-NeXT) and its projector
 * from vision_config `vis`, onto m; `root` for mm_tokens_per_image. */
static gs_status read_vit_tower(const mm_kind *k, json_t *root, json_t *vis, const char *name, gs_model *m,
                                gs_error *err)
{
	uint64_t hv, iv, lv, heads, c, p, img;
	gs_status st;
	if ((st = vit_dims(vis, name, &hv, &iv, &lv, &heads, &c, &p, &img, err)))
		return st;
	if (img % p || hv % heads || lv > GS_MAX_LAYERS)
		return gs_error_set(err, GS_EINPUT, name,
		                    "vision_config: image_size must be a multiple of patch_size, "
		                    "num_attention_heads must divide hidden_size, and at most 512 layers");
	/* image tokens per image in the text sequence: Gemma 3 pools to
	 * mm_tokens_per_image (256); LLaVA keeps every patch (the default
	 * vision_feature_select_strategy drops the class token) */
	json_t *t = json_object_get(root, "mm_tokens_per_image");
	json_int_t pooled = t ? json_integer_value(t) : 256;
	if (k->tower == TOWER_SIGLIP && t &&
	    (!json_is_integer(t) || pooled < 1 || pooled >= ((json_int_t)1 << 31)))
		return gs_error_set(err, GS_EINPUT, name,
		                    "field \"mm_tokens_per_image\" must be an integer in [1, 2^31)");
	uint64_t patches = (img / p) * (img / p);
	uint64_t tower = tower_params(m, k->tower, hv, iv, lv, c, p, patches);
	uint64_t proj = projector_params(m, k->tower, hv, m->hidden);
	if (k->anyres) { /* image_newline, one text-width vector */
		proj = gs_add_sat(proj, m->hidden);
		m->split.other = gs_add_sat(m->split.other, m->hidden);
	}
	m->params = gs_add_sat(m->params, gs_add_sat(tower, proj));
	m->vision_params = tower + proj;
	m->vision_hidden = (uint32_t)hv;
	m->vision_intermediate = (uint32_t)iv;
	m->vision_patches = (uint32_t)patches;
	m->image_tokens = (uint32_t)(k->tower == TOWER_SIGLIP ? (uint64_t)pooled : patches);
	if (k->anyres) { /* the base image and 1-4 tiles, each patches tokens, with
	                  * newlines: the resolution decides */
		m->image_tokens = 0;
		m->vision_merge = 1;
	}
	return GS_OK;
}

gs_status gsi_read_multimodal(const void *root_, const char *type, const char *name, gs_model *m,
                              gs_error *err)
{
	json_t *root = (json_t *)root_;
	const mm_kind *k = NULL;
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if (!strcmp(kinds[i].type, type))
			k = &kinds[i];
	json_t *tc = json_object_get(root, "text_config"), *vc = json_object_get(root, "vision_config");
	if (!k)
		return gs_error_set(err, GS_EUNSUPPORTED, name,
		                    "model_type \"%.40s\" is not a vision-language type gpusizer reads",
		                    type);
	bool qwen = k->tower == TOWER_QWEN2VL || k->tower == TOWER_QWEN25VL;
	bool flat = qwen && !tc;
	/* Gemma4Config: a null vision_config builds no vision tower */
	bool no_tower = k->tower == TOWER_GEMMA4 && (!vc || json_is_null(vc));
	json_t *empty = no_tower ? json_object() : NULL;
	if (no_tower)
		vc = empty;
	if ((!flat && !json_is_object(tc)) || !json_is_object(vc)) {
		/* read vc before freeing `empty`, which it may be */
		const char *missing = json_is_object(vc) ? "text_config" : "vision_config";
		json_decref(empty);
		return gs_error_set(err, GS_EINPUT, name,
		                    "field \"%s\" is missing or not an object (a %s config nests its text "
		                    "decoder and its vision tower)",
		                    missing, type);
	}
	json_t *text = flat ? flat_text(k, root) : merged(k->text_defaults, tc),
	       *vis = merged(k->vision_defaults, vc);
	json_t *cross = NULL; /* mllama's cross_attention_layers, kept from the Llama reader */
	gs_status st = GS_OK;
	if (!text || !vis) {
		st = gs_error_set(err, GS_EINPUT, name, "text_config and vision_config must be JSON objects");
		goto out;
	}
	/* mllama_text_model: Llama + cross layers */
	if (!json_object_get(text, "model_type") || k->tower == TOWER_MLLAMA)
		json_object_set_new(text, "model_type", json_string(k->text_type));
	json_t *tie = json_object_get(root, "tie_word_embeddings");
	if (k->outer_tie && tie && !json_is_null(tie))
		json_object_set(text, "tie_word_embeddings", tie);
	if (k->tower == TOWER_MLLAMA) { /* the Llama reader knows no cross-attention layers */
		cross = json_incref(json_object_get(text, "cross_attention_layers"));
		json_object_del(text, "cross_attention_layers");
	}
	const char *tt = json_string_value(json_object_get(text, "model_type"));
	if (!tt || gsi_is_multimodal_type(tt)) { /* one level only: no text_config inside a text_config */
		st = gs_error_set(err, GS_EINPUT, name,
		                  "field \"text_config.model_type\" must name a text decoder such as \"%s\"",
		                  k->text_type);
		goto out;
	}
	char tname[600];
	snprintf(tname, sizeof tname, "%s (text_config)", name);
	st = gsi_read_text_config(text, tt, tname, m, err);
	if (st)
		goto out;
	snprintf(m->text_model_type, sizeof m->text_model_type, "%s", tt);
	size_t first_tower = m->n_modules; /* what follows is the tower's and the projector's */
	gs_param_split text_split = m->split; /* the tower's matrices: what the tower adds */
	if (k->tower == TOWER_MLLAMA)
		st = read_mllama(cross, vis, name, m, err);
	else if (k->tower == TOWER_PIXTRAL)
		st = read_pixtral(root, vis, name, m, err);
	else if (k->tower == TOWER_QWEN3VL)
		st = read_qwen3vl_tower(vis, name, m, err);
	else if (k->tower == TOWER_LLAMA4)
		st = read_llama4_tower(vis, name, m, err);
	else if (k->tower == TOWER_SIGLIP2)
		st = read_siglip2_tower(root, vis, name, m, err);
	else if (k->tower == TOWER_UNCOUNTED)
		st = read_uncounted_towers(root, vis, m);
	else if (k->tower == TOWER_GEMMA4)
		st = no_tower ? GS_OK : read_gemma4_tower(root, vis, name, m, err);
	else if (k->tower == TOWER_MOONVIT)
		st = read_moonvit(vis, name, m, err);
	else
		st = qwen ? read_qwen_tower(k, vis, name, m, err)
		          : read_vit_tower(k, root, vis, name, m, err);
	if (st)
		goto out;
	if (k->tower == TOWER_GEMMA4)
		gemma4_audio(root, m);
	for (size_t i = first_tower; i < m->n_modules; i++)
		m->modules[i].tower = true;
	/* the tower's and projector's matrices, which a quantization config
	 * may keep in 16 bits by name (gs_role) */
	gs_role_sum *tw = &m->split.role[GS_ROLE_TOWER];
	tw->params = m->split.linear - text_split.linear;
	tw->matrices = m->split.linear_matrices - text_split.linear_matrices;
	tw->rows = m->split.linear_rows - text_split.linear_rows;
	tw->cols = m->split.linear_cols - text_split.linear_cols;
	/* vLLM builds Kimi K2.5's tower and projector without a compressed-
	 * tensors quantization (kimi_k25.py _maybe_ignore_quant_config
	 * @7cfb97e3379), whatever the ignore list names: 16 bits */
	if (k->tower == TOWER_MOONVIT && !strcmp(m->quant_method, "compressed-tensors"))
		m->quant_kept_roles |= 1u << GS_ROLE_TOWER;
	if (m->params > GSI_MAX_PARAMS) {
		st = gs_error_set(err, GS_EINPUT, name,
		                  "the dimensions describe more than 2^53 parameters: not a real model");
		goto out;
	}
	m->peft_targets[0] = 0; /* PEFT v0.20.0 has no default for the outer type */
out:
	json_decref(empty);
	json_decref(cross);
	json_decref(text);
	json_decref(vis);
	return st;
}
