/* test_model.c — parameter counts per model_type and the config reader's errors. */
#include <stdlib.h>
#include <unistd.h>
#include <sys/stat.h>
#include "helpers.h"

static gs_model load(const char *path)
{
	gs_model m;
	gs_error err;
	if (gs_model_from_config_file(path, &m, &err))
		fail_msg("%s: %s", path, err.msg);
	return m;
}

static void test_issue_counts(void **st)
{
	(void)st;
	/* issue #2 "Must show", also the calibration params records */
	assert_int_equal(load(CFG("meta-llama__Meta-Llama-3-8B.json")).params, 8030261248ull);
	assert_int_equal(load(CFG("mistralai__Mistral-7B-v0.1.json")).params, 7241732096ull);
	assert_int_equal(load(CFG("meta-llama__Llama-2-7b-hf.json")).params, 6738415616ull);
	assert_int_equal(load(CFG("meta-llama__Llama-3.1-8B.json")).params, 8030261248ull);
}

/* One config per model type (and layout), with its parameter count. */
static const struct {
	const char *file;
	uint64_t params;
	const char *type;
} every[] = {
		{CFG("Qwen__Qwen2.5-7B.json"), 7615616512ull, "qwen2"},
		{CFG("Qwen__Qwen3-8B.json"), 8190735360ull, "qwen3"},
		/* the library's fields copies of two models that share a shape: the
		 * coder of Qwen2.5-7B's, R1-0528's distill of Qwen3-8B's */
		{CFG("Qwen__Qwen2.5-Coder-7B-Instruct.json"), 7615616512ull, "qwen2"},
		{CFG("deepseek-ai__DeepSeek-R1-0528-Qwen3-8B.json"), 8190735360ull, "qwen3"},
		/* published totals (the hub API): phi-4, Gemma 3 27B with its vision
		 * tower, Qwen3-Coder-30B-A3B */
		{CFG("microsoft__phi-4.json"), 14659507200ull, "phi3"},
		{CFG("google__gemma-3-27b-it.json"), 27432406640ull, "gemma3"},
		/* Gemma 4: the cards' 30.7B and 25.2B text decoders with their
		 * vision towers (test_gemma4) */
		{CFG("google__gemma-4-31B-it.json"), 31273088876ull, "gemma4"},
		{CFG("google__gemma-4-26B-A4B-it.json"), 25805936206ull, "gemma4"},
		{CFG("Qwen__Qwen3-Coder-30B-A3B-Instruct.json"), 30532122624ull, "qwen3_moe"},
		/* worked by hand: tied embeddings, 36 x 100,930,816 a layer (q,o 2560x4096,
		 * k,v 2560x1024, MLP 3x2560x9728, q/k norms 128, two norms) + 151936x2560
		 * + 2560 final norm; the hub page rounds it to 4.02B */
		{CFG("Qwen__Qwen3-4B.json"), 4022468096ull, "qwen3"},
		{CFG("Qwen__Qwen3-30B-A3B.json"), 30532122624ull, "qwen3_moe"},
		{CFG("mistralai__Mixtral-8x7B-v0.1.json"), 46702792704ull, "mixtral"},
		{CFG("google__gemma-7b.json"), 8537680896ull, "gemma"},
		{CFG("google__gemma-2-9b.json"), 9241705984ull, "gemma2"},
		{CFG("google__gemma-3-1b-it.json"), 999885952ull, "gemma3_text"},
		{CFG("microsoft__Phi-3-mini-4k-instruct.json"), 3821079552ull, "phi3"},
		{CFG("openai-community__gpt2.json"), 124439808ull, "gpt2"},
		{CFG("deepseek-ai__DeepSeek-V3.json"), 671026419200ull, "deepseek_v3"},
		{CFG("EleutherAI__pythia-2.8b.json"), 2775208960ull, "gpt_neox"},
		/* model.parameters() as a published study tabulates them (bench record
		 * params-panel-pythia-70m / -410m): 70,426,624 and 405,334,016 */
		{CFG("EleutherAI__pythia-70m.json"), 70426624ull, "gpt_neox"},
		{CFG("EleutherAI__pythia-410m.json"), 405334016ull, "gpt_neox"},
		/* 335,141,888 BertModel + 1024 x 2 + 2 classifier */
		{TCFG("bert-large-uncased-seqcls.json"), 335143938ull, "bert"},
		/* measured model.parameters() of BertForMaskedLM (no pooler; the
		 * MLM transform, its LayerNorm and the decoder bias; the decoder tied):
		 * bert-base-uncased 109,514,298 and BertModel 109,482,240, bert-tiny
		 * 4,416,698 (gh:25387056261); BERT-Large 335,174,458 and the
		 * multilingual cased base 177,974,523 (gyunggyung/DistilKoBiLSTM) */
		{CFG("google-bert__bert-base-uncased.json"), 109514298ull, "bert"},
		{TCFG("bert-base-uncased-bertmodel.json"), 109482240ull, "bert"},
		{TCFG("bert-tiny-fields.json"), 4416698ull, "bert"},
		{CFG("google-bert__bert-large-uncased.json"), 335174458ull, "bert"},
		{CFG("google-bert__bert-base-multilingual-cased.json"), 177974523ull, "bert"},
		{CFG("bigcode__octocoder.json"), 15517456384ull, "gpt_bigcode"}, /* StarCoder, MQA */
		/* KerasHub's bloom_560m_multi preset: "params": 559214592 */
		{CFG("bigscience__bloom-560m.json"), 559214592ull, "bloom"},
		/* KerasHub's falcon_refinedweb_1b_en preset: "params": 1311625216 */
		{CFG("tiiuae__falcon-rw-1b.json"), 1311625216ull, "falcon"},
		/* worked values of the same rules for the other two layouts:
		 * 7B multi-query with one LayerNorm, 40B's new decoder architecture */
		{CFG("tiiuae__falcon-7b.json"), 6921720704ull, "falcon"},
		{CFG("tiiuae__falcon-40b.json"), 41303293952ull, "falcon"},
		/* KerasHub's gpt_oss_20b_en and gpt_oss_120b_en presets */
		{CFG("openai__gpt-oss-20b.json"), 20914757184ull, "gpt_oss"},
		{CFG("openai__gpt-oss-120b.json"), 116829156672ull, "gpt_oss"},
		/* our counts, each at the published rounded size: Qwen-7B "7.72B",
		 * StarCoder2-3B "3.03B", OLMo-2-1124-7B "7.30B", InternLM2.5-7B
		 * "7.74B", Command R v01 "35B", DeepSeek-V2-Lite "15.7B" */
		{CFG("Qwen__Qwen-7B.json"), 7721324544ull, "qwen"},
		{CFG("bigcode__starcoder2-3b.json"), 3030371328ull, "starcoder2"},
		{CFG("allenai__OLMo-2-1124-7B.json"), 7298617344ull, "olmo2"},
		/* Olmo 3 32B's 32,233,522,176 (gh:53559420034) and EXAONE-4.0-32B
		 * at the card's 30.95B without embeddings (test_olmo3_exaone4) */
		{CFG("allenai__Olmo-3.1-32B-Instruct.json"), 32233522176ull, "olmo3"},
		{CFG("LGAI-EXAONE__EXAONE-4.0-32B.json"), 32003216384ull, "exaone4"},
		{CFG("internlm__internlm2_5-7b.json"), 7737708544ull, "internlm2"},
		{CFG("CohereForAI__c4ai-command-r-v01.json"), 34980831232ull, "cohere"},
		{CFG("deepseek-ai__DeepSeek-V2-Lite.json"), 15706484224ull, "deepseek_v2"},
		/* Granite-3.0-1B-A400M: our count, published "1.33B" */
		{CFG("ibm-granite__granite-3.0-1b-a400m-base.json"), 1334628352ull, "granitemoe"},
		/* GLM-4-9B-0414: our count, published "9.4B" (the remote-code GLM-4-9B's
		 * 9,399,951,360 + two more norms per layer: 40 x 2 x 4096) */
		{CFG("THUDM__GLM-4-9B-0414.json"), 9400279040ull, "glm4"},
		/* ChatGLM3-6B: our count, the published 6,243,584,000 */
		{CFG("THUDM__chatglm3-6b.json"), 6243584000ull, "chatglm"},
		/* vision-language: KerasHub's gemma3_instruct_4b, 4,299,915,632 (vocabulary
		 * 262,144) + Transformers' 64 more rows (262,208) x 2560; LLaVA-1.5-7B:
		 * Vicuna (vocabulary 32,064) + CLIP ViT-L/14-336 303,507,456 + the
		 * two-layer projector 20,979,712 */
		{CFG("google__gemma-3-4b-it.json"), 4300079472ull, "gemma3"},
		{CFG("llava-hf__llava-1.5-7b-hf.json"), 7063427072ull, "llava"},
		/* Qwen2-VL-7B-Instruct: Qwen2-7B 7,615,616,512 + its vision transformer
		 * and merger 675,759,104: the published 8,291,375,616 */
		{CFG("Qwen__Qwen2-VL-7B-Instruct.json"), 8291375616ull, "qwen2_vl"},
		/* LLaVA-NeXT (1.6) Mistral-7B: Mistral with 32,064 tokens + CLIP-L/336 +
		 * projector + image_newline (4096): our count, published "7.57B" */
		{CFG("llava-hf__llava-v1.6-mistral-7b-hf.json"), 7566747648ull, "llava_next"},
		/* Qwen2.5-VL-7B-Instruct: our count, published "8.29B" (RMSNorms and a
		 * gated MLP with biases in the vision blocks) */
		{CFG("Qwen__Qwen2.5-VL-7B-Instruct.json"), 8292166656ull, "qwen2_5_vl"},
		/* Llama 3.2 Vision 11B: our count (MllamaVisionModel with 560-pixel
		 * tiles, the projector, Llama with 8 cross-attention layers and 8 more
		 * embedding rows) equals the hub's safetensors total as we recall it
		 * (10,670,220,835; "10.7B"); the hub is not reachable to re-read it */
		{CFG("meta-llama__Llama-3.2-11B-Vision-Instruct.json"), 10670220835ull, "mllama"},
		/* Llama 3.2 Vision 90B: Llama 3.1 70B's decoder (70,553,706,496 with
		 * 128,256 tokens) + 20 cross-attention layers of 855,654,658 (q, k, v,
		 * o, q/k norms, two gates, the MLP, two norms) + 8 embedding rows + the
		 * same tower as the 11B's and a projector into 8192: 88,593,355,323,
		 * 0.24 % below the model card's "90B (88.8)", Meta's rounded figure
		 * (its "11B (10.6)" is 0.7 % below the 11B's count above) */
		{CFG("meta-llama__Llama-3.2-90B-Vision-Instruct.json"), 88593355323ull, "mllama"},
		/* olmOCR-2-7B-1025: a fine-tune of Qwen2.5-VL-7B-Instruct, its config
		 * as Transformers 4.55 saves it (text_config of model_type
		 * qwen2_5_vl_text): Qwen2.5-VL-7B's count below, "8.29B" */
		{CFG("allenai__olmOCR-2-7B-1025.json"), 8292166656ull, "qwen2_5_vl"},
		/* Mistral 3 (Magistral-Small-2509, the hub's config.json): Mistral 24B
		 * text 23,572,403,200 + Pixtral tower 403,305,472 + projector (norm,
		 * patch merger 4096 -> 1024, linear_1, linear_2) 35,652,608 equals the
		 * hub API's safetensors total at that revision, 24,011,361,280 */
		{CFG("mistralai__Magistral-Small-2509.json"), 24011361280ull, "mistral3"},
		/* ERNIE 4.5 MoE (ERNIE-4.5-21B-A3B-Thinking, the hub's config.json): a
		 * dense layer 0, 27 layers of 64 experts + 2 x 1536-wide shared ones,
		 * fp32 routers and correction biases (the API's F32 4,425,408 = 27 x
		 * (64 x 2560 + 64)), tied head: the API's total, 21,825,437,888 */
		{CFG("baidu__ERNIE-4.5-21B-A3B-Thinking.json"), 21825437888ull, "ernie4_5_moe"},
		/* hybrid: Jamba-v0.1, our count, published "51.6B" (4 attention and 28
		 * Mamba layers, 16 of them with 16 experts) */
		{CFG("ai21labs__Jamba-v0.1.json"), 51570323328ull, "jamba"},
		/* Mamba-2: Mamba-Codestral-7B-v0.1, our count, published "7.29B" */
		{CFG("mistralai__Mamba-Codestral-7B-v0.1.json"), 7285403648ull, "mamba2"},
		/* state-space: our count of MambaForCausalLM (tied head), "130M" */
		{CFG("state-spaces__mamba-130m-hf.json"), 129135360ull, "mamba"},
		/* encoder-decoders: KerasHub's t5_small_multi (tied head), flan_base_multi
		 * and flan_large_multi (untied, gated-gelu) presets */
		{CFG("google-t5__t5-small.json"), 60506624ull, "t5"},
		{CFG("google__flan-t5-base.json"), 247577856ull, "t5"},
		{CFG("google__flan-t5-large.json"), 783150080ull, "t5"},
		/* KerasHub's bart_large_en, 406,287,360, + Transformers' two extra
		 * position rows per stack (BartLearnedPositionalEmbedding offset 2):
		 * 2 x 2 x 1024 */
		{CFG("facebook__bart-large.json"), 406291456ull, "bart"},
		/* our count: a relative position bias in every block */
		{CFG("google__umt5-small.json"), 306601984ull, "umt5"},
		/* OPT-125m (the hub's config.json) and OPT-350m (fields, with
		 * word_embed_proj_dim 512 behind project_in/out and post-LN without a
		 * final norm): 125,239,296 and 331,196,416, model.parameters() as a
		 * published study measured them (transformers 4.39.3) */
		{CFG("facebook__opt-125m.json"), 125239296ull, "opt"},
		{TCFG("opt-350m-fields.json"), 331196416ull, "opt"},
		/* PhiMoE: our counts at the published sizes, Phi-mini-MoE-instruct (the
		 * hub's config.json) "7.6B" and Phi-3.5-MoE-instruct's fields "41.9B";
		 * the difference from Mixtral's rules is 2h of LayerNorm bias per norm,
		 * the q/k/v/o biases and lm_head's bias (V) */
		{CFG("microsoft__Phi-mini-MoE-instruct.json"), 7647632704ull, "phimoe"},
		{TCFG("phi-3.5-moe-fields.json"), 41873153344ull, "phimoe"},
		/* MarianMT: opus-mt-en-de's fields give 74,410,496, the published
		 * count of the frozen model (the sinusoidal positions are parameters
		 * too); opus-mt-en-fr (the hub's config.json) is the same shape with
		 * 59,514 tokens */
		{TCFG("marian-en-de-fields.json"), 74410496ull, "marian"},
		{CFG("Helsinki-NLP__opus-mt-en-fr.json"), 75133952ull, "marian"},
		/* Ling-flash-2.0 (bailing_moe V2, the hub's config.json): one dense
		 * layer, 31 of 256 experts + one shared, q/k norms, fp32 expert biases
		 * (the API's F32 7,936 = 31 x 256): the API's total, 102,889,705,216 */
		{CFG("inclusionAI__Ling-flash-2.0.json"), 102889705216ull, "bailing_moe"},
		/* Kimi K2 is DeepSeek-V3's architecture (384 experts, 64 heads, no
		 * MTP layer); its checkpoint total and DeepSeek-R1's: test_fp8_checkpoints */
		{CFG("moonshotai__Kimi-K2-Instruct.json"), 1026408232448ull, "kimi_k2"},
		/* Kimi K2.5: that trunk + MoonViT and its projector (test_kimi_k25) */
		{CFG("moonshotai__Kimi-K2.5.json"), 1026879376368ull, "kimi_k25"},
		{CFG("deepseek-ai__DeepSeek-R1.json"), 671026419200ull, "deepseek_v3"},
		/* DeepSeek-V3.2: R1's shapes + a DSA indexer a layer, without the MTP
		 * layer (test_deepseek_v32 pins the report's total with it) */
		{CFG("deepseek-ai__DeepSeek-V3.2.json"), 671877944064ull, "deepseek_v32"},
		/* Ministral 3 = Mistral's decoder: Devstral 2 (standalone, 88 layers,
		 * "123B" by Mistral Large 2's size class, whose vocabulary of 32,768
		 * would give 122.6 B; 131,072 tokens add 2.4 B) and Devstral Small 2
		 * (mistral3 + ministral3 text: the Mistral Small 3.x count, the hub's
		 * 24,011,361,280 for Magistral-Small-2509 above) */
		{CFG("mistralai__Devstral-2-123B-Instruct-2512.json"), 125025988608ull, "ministral3"},
		{CFG("mistralai__Devstral-Small-2-24B-Instruct-2512.json"), 24011361280ull, "mistral3"},
		{CFG("mistralai__Mistral-Small-3.1-24B-Instruct-2503.json"), 24011361280ull, "mistral3"},
		/* Mistral-Small-3.2-24B-Instruct-2506 (FLUX.2-dev's text encoder
		 * config): the 24,011,361,280 a public budget audit records as the
		 * published count of revision 95a6d26c (gh:67656380512), the card's 24B */
		{CFG("mistralai__Mistral-Small-3.2-24B-Instruct-2506.json"), 24011361280ull, "mistral3"},
		/* Qwen3-Next-80B-A3B-Thinking: the Instruct model's shapes, its
		 * checkpoint the same 81,324,862,720 with the mtp.* layer
		 * (test_qwen3_next); card "80B" */
		{CFG("Qwen__Qwen3-Next-80B-A3B-Thinking.json"), 79674391296ull, "qwen3_next"},
		/* Qwen3-Reranker-8B: Qwen3-8B with 151,669 tokens, untied: its
		 * report's safetensors total, 8,188,548,096, to the unit */
		{CFG("Qwen__Qwen3-Reranker-8B.json"), 8188548096ull, "qwen3"},
		/* Qwen2.5-32B-Instruct: QwQ-32B's shape, whose safetensors total a
		 * model report prints, 32,763,876,352 (the card rounds to "32.5B") */
		{CFG("Qwen__Qwen2.5-32B-Instruct.json"), 32763876352ull, "qwen2"},
		/* a Transformers-v5 dump (num_local_experts): Qwen3-30B-A3B's count */
		{CFG("Qwen__Qwen3-30B-A3B-Thinking-2507.json"), 30532122624ull, "qwen3_moe"},
		/* our count: 62 layers of 160 experts (2560 wide), 96 heads, "480B" */
		{CFG("Qwen__Qwen3-Coder-480B-A35B-Instruct.json"), 480154875392ull, "qwen3_moe"},
		/* Qwen3-VL: Qwen3 / Qwen3-MoE text + the deepstack tower, each the
		 * safetensors total a model report prints, to the unit (test_qwen3_vl) */
		{CFG("Qwen__Qwen3-VL-8B-Instruct.json"), 8767123696ull, "qwen3_vl"},
		{CFG("Qwen__Qwen3-VL-30B-A3B-Instruct.json"), 31070754032ull, "qwen3_vl_moe"},
		{CFG("Qwen__Qwen3-VL-235B-A22B-Instruct.json"), 235670022896ull, "qwen3_vl_moe"},
		/* Qwen3.5 / 3.6: Gated DeltaNet hybrids + Qwen3-VL's tower without
		 * deepstack; the checkpoints' totals add the mtp.* layer (test_qwen3_5) */
		/* Nemotron-3-Nano-30B-A3B: 52 layers of Mamba-2 (23), attention (6)
		 * and 128-expert MoE with a shared expert (23) by
		 * hybrid_override_pattern: the card's 31.6B (calc.py agrees) */
		{CFG("nvidia__NVIDIA-Nemotron-3-Nano-30B-A3B-BF16.json"), 31577940288ull, "nemotron_h"},
		/* Unsloth's bnb-4bit re-upload of Meta-Llama-3-8B-Instruct: its shapes
		 * (8.03B on the card); its quantization_config: test_unsloth_bnb */
		{CFG("unsloth__llama-3-8b-Instruct-bnb-4bit.json"), 8030261248ull, "llama"},
		{CFG("Qwen__Qwen3.5-0.8B-Base.json"), 852985920ull, "qwen3_5"},
		{CFG("Qwen__Qwen3.5-4B.json"), 4539265536ull, "qwen3_5"},
		{CFG("Qwen__Qwen3.5-9B.json"), 9409813744ull, "qwen3_5"},
		{CFG("Qwen__Qwen3.5-27B.json"), 27356728560ull, "qwen3_5"},
		{CFG("Qwen__Qwen3.6-27B.json"), 27356728560ull, "qwen3_5"},
		{CFG("Qwen__Qwen3.5-35B-A3B.json"), 35107181936ull, "qwen3_5_moe"},
		{CFG("Qwen__Qwen3.5-397B-A17B.json"), 396802360816ull, "qwen3_5_moe"},
		/* GLM, the model without its MTP layers (test_glm4_moe pins the
		 * checkpoints' totals with them: GLM-4.7-Flash's and GLM-5.1's
		 * safetensors totals their model reports print, to the unit);
		 * GLM-4.5-Air's trunk is the card's "106B" */
		{CFG("zai-org__GLM-4.5-Air.json"), 106852251264ull, "glm4_moe"},
		{CFG("zai-org__GLM-4.7-Flash.json"), 29943393920ull, "glm4_moe_lite"},
		{CFG("zai-org__GLM-5.1.json"), 743911218432ull, "glm_moe_dsa"},
		{TCFG("glm-4.7-fp8-fields.json"), 352797829024ull, "glm4_moe"},
		/* Llama 4, our counts (test_llama4): Scout 107,769,861,120 text +
		 * 871,932,416 tower (card "109B"), Maverick 400,711,848,960 +
		 * the same tower (card "400B") */
		{CFG("meta-llama__Llama-4-Scout-17B-16E-Instruct.json"), 108641793536ull, "llama4"},
		{CFG("meta-llama__Llama-4-Maverick-17B-128E-Instruct.json"), 401583781376ull, "llama4"},
		/* MiniMax-M2.7: its report's safetensors total, 228,703,644,928,
		 * is this count and the fp32 scales of its FP8 128 x 128 blocks,
		 * 62 x (q 1152 + k 192 + v 192 + o 1152 + 256 experts x 864 blocks)
		 * = 13,880,064, to the unit (test_minimax_m2) */
		{CFG("MiniMaxAI__MiniMax-M2.7.json"), 228689764864ull, "minimax_m2"},
		/* Granite 4.0 H-Small's fields (test_granitemoehybrid): card "32B",
		 * the hub's "32.2B"; H-Tiny: llama.cpp's print_info "6.94 B" */
		{TCFG("granite-4.0-h-small-fields.json"), 32207337984ull,
		 "granitemoehybrid"},
		{CFG("ibm-granite__granite-4.0-h-small.json"), 32207337984ull, "granitemoehybrid"},
		{CFG("ibm-granite__granite-4.0-h-tiny.json"), 6939037248ull, "granitemoehybrid"},
		/* LFM2.5-VL-1.6B: its LFM2-1.2B text model 1,170,340,608 + SigLIP2
		 * tower and projector 426,285,296 (test_lfm2); the name's "1.6B" */
		{CFG("LiquidAI__LFM2.5-VL-1.6B.json"), 1596625904ull, "lfm2_vl"},
};

static void test_every_model_type(void **st)
{
	(void)st;
	for (size_t i = 0; i < sizeof every / sizeof every[0]; i++) {
		gs_model m = load(every[i].file);
		if (m.params != every[i].params)
			fail_msg("%s: %llu parameters, expected %llu", every[i].file,
			         (unsigned long long)m.params, (unsigned long long)every[i].params);
		assert_string_equal(m.model_type, every[i].type);
		const gs_param_split *s = &m.split;
		assert_int_equal(s->linear + s->embed + s->lm_head + s->norm + s->other, m.params);
	}
}

static void test_split_llama3(void **st)
{
	(void)st;
	gs_model m = load(CFG("meta-llama__Meta-Llama-3-8B.json"));
	/* 32 x (attention 41943040 + MLP 176160768) */
	assert_int_equal(m.split.linear, 6979321856ull);
	assert_int_equal(m.split.embed, 525336576ull);   /* 128256 x 4096 */
	assert_int_equal(m.split.lm_head, 525336576ull);
	assert_int_equal(m.split.norm, 266240);           /* 32 x 2 x 4096 + 4096 */
	assert_int_equal(m.split.linear_matrices, 32 * 7);
	assert_int_equal(m.split.linear_rows, 32ull * (4096 + 1024 + 1024 + 4096 + 14336 * 2 + 4096));
	/* gpt2 ties the head and learns position embeddings */
	gs_model g = load(CFG("openai-community__gpt2.json"));
	assert_int_equal(g.split.lm_head, 0);
	assert_int_equal(g.split.embed, (50257ull + 1024) * 768);
}

static const gs_linear_module *module(const gs_model *m, const char *name, uint64_t out)
{
	for (size_t i = 0; i < m->n_modules; i++)
		if (strcmp(m->modules[i].name, name) == 0 && (!out || m->modules[i].out == out))
			return &m->modules[i];
	fail_msg("no module %s", name);
	return NULL;
}

static void test_modules(void **st)
{
	(void)st;
	gs_model m = load(CFG("meta-llama__Meta-Llama-3-8B.json"));
	assert_int_equal(m.n_modules, 7);
	assert_int_equal(module(&m, "q_proj", 0)->count, 32);
	assert_int_equal(module(&m, "k_proj", 0)->out, 1024);
	assert_int_equal(module(&m, "down_proj", 0)->in, 14336);
	/* one layer: attention 41943040 + MLP 176160768 + 2 norms */
	assert_int_equal(m.largest_layer_params, 41943040ull + 176160768ull + 8192);
	gs_model x = load(CFG("mistralai__Mixtral-8x7B-v0.1.json"));
	assert_int_equal(module(&x, "w1", 0)->count, 8 * 32);
	gs_model g = load(CFG("openai-community__gpt2.json"));
	assert_true(g.gpt_style);
	assert_int_equal(module(&g, "c_fc", 0)->count, 12);
	assert_int_equal(module(&g, "c_proj", 768)->in, 768); /* attention; the MLP c_proj is 3072 -> 768 */
	gs_model b = load(TCFG("bert-large-uncased-seqcls.json"));
	assert_int_equal(b.num_labels, 2);
	/* attention output x 24 + pooler are 1024 -> 1024; the MLP output (4096 -> 1024) is its own entry */
	assert_int_equal(module(&b, "dense", 1024)->count, 24 + 1);
	/* BertForMaskedLM: no pooler, the MLM transform instead; vocabulary logits */
	gs_model mlm = load(CFG("google-bert__bert-large-uncased.json"));
	assert_int_equal(mlm.num_labels, 0);
	assert_int_equal(mlm.token_labels, 0);
	assert_int_equal(module(&mlm, "dense", 1024)->count, 24 + 1);
}

/* A BERT config read with another class: the head modeling_bert.py builds
 * for it, from the base model's 335,141,888 (pooler 1,049,600 included). */
static gs_model bert_as(const char *arch, const char *extra)
{
	char text[1024];
	snprintf(text, sizeof text,
	         "{\"architectures\": [\"%s\"], \"model_type\": \"bert\", \"hidden_size\": 1024, "
	         "\"intermediate_size\": 4096, \"num_attention_heads\": 16, \"num_hidden_layers\": 24, "
	         "\"vocab_size\": 30522, \"max_position_embeddings\": 512, \"type_vocab_size\": 2%s}",
	         arch, extra);
	gs_model m;
	gs_error err;
	memset(&m, 0, sizeof m);
	if (gs_model_from_config_json(text, strlen(text), "bert.json", &m, &err))
		fail_msg("%s: %s", arch, err.msg);
	return m;
}

static void test_bert_heads(void **st)
{
	(void)st;
	const uint64_t base = 335141888ull, pooler = 1024ull * 1024 + 1024;
	/* transform, LayerNorm, decoder bias */
	const uint64_t mlm = 1024ull * 1024 + 1024 + 2 * 1024 + 30522;
	assert_int_equal(bert_as("BertModel", "").params, base);
	assert_int_equal(bert_as("BertForMaskedLM", "").params, base - pooler + mlm);
	assert_int_equal(bert_as("BertLMHeadModel", "").params, base - pooler + mlm);
	/* an untied decoder adds its matrix */
	assert_int_equal(bert_as("BertForMaskedLM", ", \"tie_word_embeddings\": false").params,
	                 base - pooler + mlm + 30522ull * 1024);
	/* 336,226,108: the pooler, the MLM head and NSP's 1024 x 2 + 2 */
	assert_int_equal(bert_as("BertForPreTraining", "").params, base + mlm + 2050);
	assert_int_equal(bert_as("BertForNextSentencePrediction", "").params, base + 2050);
	assert_int_equal(bert_as("BertForMultipleChoice", "").params, base + 1025);
	gs_model tok = bert_as("BertForTokenClassification",
	                       ", \"id2label\": {\"0\": \"O\", \"1\": \"B\", \"2\": \"I\"}");
	assert_int_equal(tok.params, base - pooler + 3 * 1024 + 3);
	assert_int_equal(tok.token_labels, 3);
	assert_int_equal(tok.num_labels, 0);
	assert_int_equal(bert_as("BertForQuestionAnswering", "").params, base - pooler + 2050);
	/* a class whose head is not known is refused by name, never counted as another */
	gs_model m;
	gs_error err;
	const char *bad = "{\"architectures\": [\"BertForSomething\"], \"model_type\": \"bert\", "
	                  "\"hidden_size\": 64, \"intermediate_size\": 128, \"num_attention_heads\": 4, "
	                  "\"num_hidden_layers\": 2, \"vocab_size\": 100, \"max_position_embeddings\": 64}";
	assert_int_equal(gs_model_from_config_json(bad, strlen(bad), "bad.json", &m, &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "architectures"));
	assert_non_null(strstr(err.msg, "BertForMaskedLM"));
}

static void test_kv_elements(void **st)
{
	(void)st;
	gs_model m = load(CFG("meta-llama__Meta-Llama-3-8B.json"));
	assert_int_equal(gs_model_kv_elements(&m, 8192, false), 2ull * 32 * 8 * 128 * 8192);
	/* Mistral v0.1: every layer keeps at most 4096 tokens */
	gs_model mi = load(CFG("mistralai__Mistral-7B-v0.1.json"));
	assert_int_equal(gs_model_kv_elements(&mi, 8192, false), 2ull * 32 * 8 * 128 * 4096);
	assert_int_equal(gs_model_kv_elements(&mi, 1000, false), 2ull * 32 * 8 * 128 * 1000);
	/* Gemma 2: even layers slide (window 4096), odd layers are global */
	gs_model g2 = load(CFG("google__gemma-2-9b.json"));
	assert_true(g2.layer_is_sliding[0]);
	assert_false(g2.layer_is_sliding[1]);
	assert_int_equal(gs_model_kv_elements(&g2, 8192, false), 21ull * 4096 * 8192 + 21ull * 4096 * 4096);
	/* vision towers: SigLIP so400m/14 at 896 (4096 patches) + Gemma 3's
	 * projector; CLIP ViT-L/14-336 (576 patches, the class token aside) */
	gs_model g4 = load(CFG("google__gemma-3-4b-it.json"));
	assert_int_equal(g4.vision_params, 416866032ull + 1152ull * 2560 + 1152);
	assert_int_equal(g4.vision_patches, 4096);
	assert_int_equal(g4.image_tokens, 256);
	assert_int_equal(g4.vocab, 262208); /* Gemma3TextConfig's default: the config names none */
	gs_model lv = load(CFG("llava-hf__llava-1.5-7b-hf.json"));
	assert_int_equal(lv.vision_params, 303507456ull + 20979712ull);
	assert_int_equal(lv.image_tokens, 576);
	assert_int_equal(lv.hidden, 4096); /* LlamaConfig's defaults under a sparse text_config */
	assert_int_equal(module(&lv, "fc1", 0)->count, 24);
	/* Jamba: attention in layers 4, 12, 20, 28 only; 28 Mamba layers' state */
	gs_model jb = load(CFG("ai21labs__Jamba-v0.1.json"));
	assert_false(jb.layer_is_ssm[4]);
	assert_true(jb.layer_is_ssm[5] && jb.layer_is_moe[5] && !jb.layer_is_moe[4]);
	assert_int_equal(gs_model_kv_elements(&jb, 1000, false), 2ull * 4 * 8 * 128 * 1000);
	assert_int_equal(gs_model_ssm_state_elements(&jb), 28ull * 8192 * 20);
	/* Mamba: no KV cache; per sequence 24 layers x 1536 x (4 + 16) */
	gs_model mb = load(CFG("state-spaces__mamba-130m-hf.json"));
	assert_int_equal(gs_model_kv_elements(&mb, 8192, false), 0);
	assert_int_equal(gs_model_ssm_state_elements(&mb), 24ull * 1536 * 20);
	assert_int_equal(gs_model_ssm_state_elements(&m), 0);
	/* Cohere2 (Command R7B layout): every 4th layer global; a whole-model
	 * qk norm (use_qk_norm) adds a x d + a_kv x d per layer */
	const char *c2 = "{\"model_type\":\"cohere2\",\"hidden_size\":64,\"num_hidden_layers\":8,"
	                 "\"num_attention_heads\":4,\"num_key_value_heads\":2,\"intermediate_size\":128,"
	                 "\"vocab_size\":100,\"sliding_window\":16,\"use_qk_norm\":true}";
	gs_model co;
	gs_error err;
	assert_int_equal(gs_model_from_config_json(c2, strlen(c2), "config.json", &co, &err), GS_OK);
	assert_true(co.layer_is_sliding[0] && co.layer_is_sliding[2] && !co.layer_is_sliding[3] &&
	            !co.layer_is_sliding[7]);
	assert_int_equal(co.split.norm, 8ull * (64 + 64 + 32) + 64); /* 1 norm + q,k norms per layer, final */
	/* Gemma 3: every 6th layer global, window 512 */
	gs_model g3 = load(CFG("google__gemma-3-1b-it.json"));
	assert_false(g3.layer_is_sliding[5]);
	assert_true(g3.layer_is_sliding[4]);
	assert_int_equal(gs_model_kv_elements(&g3, 32768, false), 4ull * 512 * 32768 + 22ull * 512 * 512);
	/* DeepSeek-V3: MLA latent (vLLM) vs decompressed heads (Transformers) */
	gs_model d = load(CFG("deepseek-ai__DeepSeek-V3.json"));
	assert_int_equal(gs_model_kv_elements(&d, 1, true), 61ull * (512 + 64));
	assert_int_equal(gs_model_kv_elements(&d, 1, false), 61ull * (128 * 192 + 128 * 128));
	assert_string_equal(d.quant_method, "fp8");
	/* Qwen2.5: use_sliding_window false means no window */
	gs_model q = load(CFG("Qwen__Qwen2.5-7B.json"));
	assert_int_equal(gs_model_kv_elements(&q, 200000, false), 2ull * 28 * 4 * 128 * 200000);
}

static gs_status parse(const char *json, gs_error *err)
{
	gs_model m;
	gs_error_clear(err);
	return gs_model_from_config_json(json, strlen(json), "config.json", &m, err);
}

static gs_model parse_model(const char *json)
{
	gs_model m;
	gs_error err;
	if (gs_model_from_config_json(json, strlen(json), "config.json", &m, &err))
		fail_msg("%s: %s", json, err.msg);
	return m;
}

/* The list users read (gs_model_supported_types, in every "not supported"
 * message) is written by hand: each type it names has a reader (a bare
 * config is refused for a missing field, never as unsupported), and each
 * type test_every_model_type reads is named in it. */
/* Mllama: 8 of 40 layers attend to the image; their K/V cover 4 tiles of
 * 1601 tokens (40 x 40 patches + a class token) per image, not the text,
 * and the tower runs on each tile padded to 1608 patches. */
static void test_mllama_cross_attention(void **st)
{
	(void)st;
	gs_model m = load(CFG("meta-llama__Llama-3.2-11B-Vision-Instruct.json"));
	assert_int_equal(gs_model_cross_layers(&m), 8);
	assert_true(m.layer_is_cross[3] && m.layer_is_cross[38] && !m.layer_is_cross[0]);
	assert_int_equal(m.cross_tokens_per_image, 6404);
	assert_int_equal(m.vision_patches, 6432);
	assert_int_equal(m.image_tokens, 1);
	assert_int_equal(gs_model_kv_elements(&m, 4097, false), 32ull * 8 * 256 * 4097);  /* 268,500,992 */
	assert_int_equal(gs_model_cross_kv_elements(&m, 1), 8ull * 8 * 256 * 6404);       /* 104,923,136 */
	assert_int_equal(gs_model_cross_kv_elements(&m, 0), 0);
	/* a cross-attention index past the decoder is refused by name */
	static const char bad[] = "{\"model_type\":\"mllama\",\"text_config\":{\"cross_attention_layers\":[3,"
	                          "40]},\"vision_config\":{}}";
	gs_error err;
	assert_int_equal(parse(bad, &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "cross_attention_layers[1]"));
}

/* Mamba-2: the state per sequence is (inner + 2 G N) x taps + heads x
 * head_dim x N per layer; every field that sizes the mixer is required. */
static void test_mamba2(void **st)
{
	(void)st;
	gs_model m = load(CFG("mistralai__Mamba-Codestral-7B-v0.1.json"));
	assert_true(m.ssm);
	assert_int_equal(m.ssm_groups, 8);
	/* 69,730,304 */
	assert_int_equal(gs_model_ssm_state_elements(&m), 64ull * (10240 * 4 + 8192ull * 128));
	assert_int_equal(gs_model_kv_elements(&m, 8192, false), 0);
	gs_error err;
	static const char no_groups[] = "{\"model_type\":\"mamba2\",\"hidden_size\":64,"
	                                "\"num_hidden_layers\":2,\"vocab_size\":100,\"state_size\":16,"
	                                "\"conv_kernel\":4,\"expand\":2,\"num_heads\":2,\"head_dim\":64,"
	                                "\"chunk_size\":256}";
	assert_int_equal(parse(no_groups, &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "n_groups"));
	static const char odd_groups[] = "{\"model_type\":\"mamba2\",\"hidden_size\":64,"
	                                 "\"num_hidden_layers\":2,\"vocab_size\":100,\"state_size\":16,"
	                                 "\"conv_kernel\":4,\"expand\":2,\"num_heads\":2,\"head_dim\":64,"
	                                 "\"n_groups\":3,\"chunk_size\":256}";
	assert_int_equal(parse(odd_groups, &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "field \"n_groups\" must divide num_heads, and 2 x n_groups x "
	                                "state_size"));
	static const char bad_heads[] = "{\"model_type\":\"mamba2\",\"hidden_size\":64,"
	                                "\"num_hidden_layers\":2,\"vocab_size\":100,\"state_size\":16,"
	                                "\"conv_kernel\":4,\"expand\":2,\"num_heads\":3,\"head_dim\":64,"
	                                "\"n_groups\":1,\"chunk_size\":256}";
	assert_int_equal(parse(bad_heads, &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "num_heads"));
	static const char no_bias[] = "{\"model_type\":\"mamba2\",\"hidden_size\":64,\"num_hidden_layers\":2,"
	                              "\"vocab_size\":100,\"state_size\":16,\"conv_kernel\":4,\"expand\":2,"
	                              "\"num_heads\":2,\"head_dim\":64,\"n_groups\":1,\"chunk_size\":256}";
	assert_int_equal(parse(no_bias, &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "use_bias"));
}

/* Nemotron-H: each layer one of Mamba-2, attention or MLP. The tiny
 * fixture "M-M*-M" counts, by hand: a Mamba-2 layer 217,176 (in_proj
 * 584 x 256, out_proj 256 x 256, conv 320 x 5, 3 x 8 per-head values, the
 * gated norm 256, the block norm 256), an MLP layer 262,400, the attention
 * layer 196,864; 3, 2 and 1 of them + 256,000 x 2 (embedding and head) +
 * the final norm 256 = 1,885,448. */
static void test_nemotron_h(void **st)
{
	(void)st;
	gs_model m = load(TCFG("nemotron-h-tiny.json"));
	assert_int_equal(m.params, 1885448);
	assert_int_equal(m.layers, 6);
	assert_int_equal(gs_model_ssm_layers(&m), 3);
	assert_int_equal(gs_model_attention_layers(&m), 1);
	assert_true(m.layer_is_mlp_only[1] && m.layer_is_mlp_only[4] && !m.layer_is_mlp_only[3]);
	assert_int_equal(gs_model_kv_elements(&m, 1000, false), 1000ull * 2 * 2 * 64);
	assert_int_equal(gs_model_ssm_conv_elements(&m), 3ull * (256 + 2 * 2 * 16) * 4);  /* 3,840 */
	assert_int_equal(gs_model_ssm_recurrent_elements(&m), 3ull * 8 * 32 * 16); /* 12,288, kept in fp32 */
	assert_true(m.ssm_state_fp32);
	gs_error err;
	/* the same layers as a list of kinds (NemotronHConfig's layers_block_type) */
	static const char listed[] = "{\"model_type\":\"nemotron_h\",\"hidden_size\":256,\"vocab_size\":1000,"
	                             "\"num_attention_heads\":4,\"num_key_value_heads\":2,\"head_dim\":64,"
	                             "\"intermediate_size\":512,\"ssm_state_size\":16,\"mamba_num_heads\":8,"
	                             "\"mamba_head_dim\":32,\"mamba_n_groups\":2,\"mamba_d_conv\":4,"
	                             "\"chunk_size\":64,\"layers_block_type\":[\"mamba\",\"mlp\","
	                             "\"linear_attention\",\"full_attention\",\"mlp\",\"mamba\"]}";
	assert_int_equal(gs_model_from_config_json(listed, sizeof listed - 1, "nh.json", &m, &err), GS_OK);
	assert_int_equal(m.params, 1885448);
	/* NemotronHConfig writes its experts' fields even for dense models: they are its own, not a second
	 * architecture's; and layers_block_type wins over hybrid_override_pattern, as there */
	static const char dense[] = "{\"model_type\":\"nemotron_h\",\"hidden_size\":256,\"vocab_size\":1000,"
	                            "\"num_attention_heads\":4,\"num_key_value_heads\":2,\"head_dim\":64,"
	                            "\"intermediate_size\":512,\"ssm_state_size\":16,\"mamba_num_heads\":8,"
	                            "\"mamba_head_dim\":32,\"n_groups\":2,\"conv_kernel\":4,"
	                            "\"chunk_size\":64,\"n_routed_experts\":8,\"moe_intermediate_size\":7688,"
	                            "\"num_experts_per_tok\":2,\"hybrid_override_pattern\":\"MEEEEE\","
	                            "\"layers_block_type\":[\"mamba\",\"mlp\",\"mamba\",\"attention\","
	                            "\"mlp\",\"mamba\"]}";
	assert_int_equal(gs_model_from_config_json(dense, sizeof dense - 1, "nh.json", &m, &err), GS_OK);
	assert_int_equal(m.params, 1885448);
	/* mixture-of-experts layers need their experts' fields, named when absent */
	static const char moe[] = "{\"model_type\":\"nemotron_h\",\"hidden_size\":256,\"vocab_size\":1000,"
	    "\"num_attention_heads\":4,\"intermediate_size\":512,\"ssm_state_size\":16,\"mamba_num_heads\":8,"
	    "\"mamba_head_dim\":32,\"n_groups\":2,\"conv_kernel\":4,\"chunk_size\":64,"
	    "\"hybrid_override_pattern\":\"ME*\"}";
	assert_int_equal(parse(moe, &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "n_routed_experts"));
	static const char none[] = "{\"model_type\":\"nemotron_h\",\"hidden_size\":256,\"vocab_size\":1000,"
	    "\"num_attention_heads\":4,\"intermediate_size\":512,\"ssm_state_size\":16,\"mamba_num_heads\":8,"
	    "\"mamba_head_dim\":32,\"n_groups\":2,\"conv_kernel\":4,\"chunk_size\":64}";
	assert_int_equal(parse(none, &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "layers_block_type"));
	/* a field absent under both its names is named under both */
	static const char nogroups[] = "{\"model_type\":\"nemotron_h\",\"hidden_size\":256,"
	                               "\"vocab_size\":1000,\"num_attention_heads\":4,"
	                               "\"intermediate_size\":512,\"ssm_state_size\":16,"
	                               "\"mamba_num_heads\":8,\"mamba_head_dim\":32,\"conv_kernel\":4,"
	                               "\"chunk_size\":64,\"hybrid_override_pattern\":\"M*\"}";
	assert_int_equal(parse(nogroups, &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "\"n_groups\" is required (or its older name \"mamba_n_groups\")"));
}

/* Nemotron-H's experts (NemotronHMoE), "ME*E" on the tiny fixture's
 * dimensions, by hand: an E layer is 4 experts x (128 x 256 + 256 x 128) =
 * 262,144, the router 4 x 256 and its 4 correction biases, the shared MLP
 * 2 x 256 x 256 = 131,072 and the norm 256: 394,500. With moe_latent_size
 * 64 the experts work in 64 (4 x 2 x 128 x 64 = 65,536) behind fc1/fc2
 * latent projections of 2 x 64 x 256: 230,660. */
static void test_nemotron_h_experts(void **st)
{
	(void)st;
	gs_model m = load(TCFG("nemotron-h-moe-tiny.json"));
	assert_int_equal(m.params, 217176ull + 196864 + 2 * 394500ull + 2 * 256000 + 256); /* 1,715,296 */
	assert_int_equal(m.experts, 4);
	assert_true(m.layer_is_moe[1] && m.layer_is_moe[3] && m.layer_is_mlp_only[1]);
	assert_int_equal(gs_model_attention_layers(&m), 1);
	assert_int_equal(m.shared_intermediate, 256);
	/* the dense intermediate_size, above the shared 256 */
	assert_int_equal(gs_model_widest_mlp(&m), 512);
	char buf[2048];
	FILE *f = fopen(TCFG("nemotron-h-moe-tiny.json"), "r");
	assert_non_null(f);
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	fclose(f);
	buf[n] = 0;
	char *lat = strstr(buf, "\"moe_latent_size\": null");
	assert_non_null(lat);
	memcpy(lat, "\"moe_latent_size\":   64", strlen("\"moe_latent_size\": null"));
	gs_error err;
	assert_int_equal(gs_model_from_config_json(buf, n, "latent.json", &m, &err), GS_OK);
	assert_int_equal(m.params, 217176ull + 196864 + 2 * 230660ull + 2 * 256000 + 256); /* 1,387,616 */
}

/* DeepSeek's shared experts: their width (n_shared_experts x
 * moe_intermediate_size) is kept exactly, and refused by name past 2^31
 * rather than wrapped in 32 bits. */
static void test_shared_experts_width(void **st)
{
	(void)st;
	gs_model m = load(CFG("deepseek-ai__DeepSeek-V2-Lite.json"));
	assert_int_equal(m.shared_intermediate, 2 * 1408);
	static const char wide[] = "{\"model_type\":\"deepseek_v2\",\"hidden_size\":64,"
	                           "\"num_hidden_layers\":2,\"num_attention_heads\":4,"
	                           "\"intermediate_size\":128,\"vocab_size\":100,\"n_routed_experts\":4,"
	                           "\"num_experts_per_tok\":2,\"moe_intermediate_size\":65536,"
	                           "\"n_shared_experts\":65536,\"kv_lora_rank\":16,\"qk_rope_head_dim\":8,"
	                           "\"qk_nope_head_dim\":8,\"v_head_dim\":8}";
	gs_error err;
	assert_int_equal(parse(wide, &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "n_shared_experts"));
}

/* Falcon-H1: every layer runs attention and a Mamba-2 mixer side by side,
 * then a gated MLP. The tiny fixture (2 layers, mamba_d_ssm 384, no gated
 * norm) counts, by hand, per layer: attention 196,608, the mixer 306,738
 * (in_proj 806 x 256, out_proj 384 x 256, conv 416 x 5, 3 x 6 per-head
 * values), the MLP 393,216, two norms 512; x 2, + 256,000 x 2 + 256. */
static void test_falcon_h1(void **st)
{
	(void)st;
	gs_model m = load(TCFG("falcon-h1-tiny.json"));
	assert_int_equal(m.params, 2306404);
	assert_true(m.parallel_ssm);
	assert_int_equal(gs_model_ssm_layers(&m), 2);
	assert_int_equal(gs_model_attention_layers(&m), 2);
	assert_int_equal(gs_model_kv_elements(&m, 1000, false), 1000ull * 2 * 2 * 2 * 64);
	assert_int_equal(gs_model_ssm_state_elements(&m), 2ull * ((384 + 32) * 4 + 6 * 64 * 16)); /* 15,616 */
	gs_error err;
	static const char bad[] = "{\"model_type\":\"falcon_h1\",\"hidden_size\":256,\"num_hidden_layers\":2,"
	                          "\"num_attention_heads\":4,\"intermediate_size\":512,\"vocab_size\":1000,"
	                          "\"mamba_d_ssm\":384,\"mamba_n_heads\":4,\"mamba_d_head\":64,"
	                          "\"mamba_n_groups\":1,\"mamba_d_state\":16,\"mamba_d_conv\":4,"
	                          "\"mamba_chunk_size\":64,\"mamba_rms_norm\":true,\"mamba_conv_bias\":true,"
	                          "\"mamba_proj_bias\":false,\"projectors_bias\":false}";
	assert_int_equal(parse(bad, &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "mamba_n_heads"));
}

/* Qwen3-Next (the hub's Qwen3-Next-80B-A3B-Instruct config.json): 12 gated
 * attention layers and 36 Gated DeltaNet layers, every one with 512 experts,
 * a shared expert and its gate. The hub API's total, 81,324,862,720, is this
 * count plus the mtp.* module Transformers does not load: one more
 * attention + MoE layer, a 2h -> h fc and three norms, to the unit. */
static void test_qwen3_next(void **st)
{
	(void)st;
	gs_model m = load(CFG("Qwen__Qwen3-Next-80B-A3B-Instruct.json"));
	assert_int_equal(m.params, 79674391296ull);
	/* q+gate, k, v, o, q/k norms */
	uint64_t attn_layer = 2048ull * 8192 + 2 * 2048ull * 512 + 4096ull * 2048 + 512;
	/* + shared, gates */
	uint64_t moe_layer = 512ull * 3 * 2048 * 512 + 3ull * 2048 * 512 + 2048 + 512ull * 2048;
	assert_int_equal(m.params + attn_layer + moe_layer + 2 * 2048 + 2ull * 2048 * 2048 + 3 * 2048,
	                 81324862720ull);
	/* the reader counts that mtp.* layer apart (num_nextn_predict_layers,
	 * absent from the config: vLLM's default 1) */
	assert_int_equal(m.mtp_layers, 1);
	assert_int_equal(m.params + m.mtp_params, 81324862720ull);
	/* the Thinking model's config (aiconfigurator's copy) reads the same */
	gs_model t = load(CFG("Qwen__Qwen3-Next-80B-A3B-Thinking.json"));
	assert_int_equal(t.params + t.mtp_params, 81324862720ull);
	assert_true(m.gdn && m.attn_out_gate);
	assert_int_equal(gs_model_ssm_layers(&m), 36);
	assert_int_equal(gs_model_attention_layers(&m), 12);
	assert_false(m.layer_is_ssm[3]); /* every 4th layer is attention */
	assert_int_equal(gs_model_kv_elements(&m, 1000, false), 1000ull * 12 * 2 * 2 * 256);
	/* per GDN layer: conv (2 x 16 x 128 + 32 x 128) x 4 taps, state 32 x 128 x 128 */
	assert_int_equal(gs_model_ssm_conv_elements(&m), 36ull * 8192 * 4);
	assert_int_equal(gs_model_ssm_recurrent_elements(&m), 36ull * 32 * 128 * 128);
	gs_error err;
	static const char bad[] = "{\"model_type\":\"qwen3_next\",\"hidden_size\":256,"
	                          "\"num_hidden_layers\":4,\"num_attention_heads\":4,"
	                          "\"num_key_value_heads\":2,\"head_dim\":64,\"intermediate_size\":512,"
	                          "\"vocab_size\":1000,\"num_experts\":4,\"num_experts_per_tok\":2,"
	                          "\"moe_intermediate_size\":64,\"linear_num_key_heads\":3,"
	                          "\"linear_key_head_dim\":32,\"linear_num_value_heads\":4,"
	                          "\"linear_value_head_dim\":32,\"linear_conv_kernel_dim\":4}";
	assert_int_equal(parse(bad, &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "linear_num_value_heads"));
}

/* GLM's three layouts and their multi-token-prediction layers (vLLM
 * glm4_moe.py, glm4_moe_mtp.py, glm4_moe_lite.py, deepseek_v2.py Indexer
 * @7cfb97e3379). */
static void test_glm4_moe(void **st)
{
	(void)st;
	/* GLM-4.5-Air: 46 layers of h 4096, q/k/v biases, no q/k norms; the MTP
	 * layer = attention (4096 x 12288 q, 2 x 4096 x 1024 k/v, 12288 x 4096
	 * o, biases 12288 + 2048) + 128 experts x 3 x 4096 x 1408 + router and
	 * correction bias 128 x 4097 + the shared expert 3 x 4096 x 1408 +
	 * eh_proj 8192 x 4096 + five norms (two of the layer, enorm, hnorm,
	 * shared_head.norm), without an embed or head of its own */
	gs_model m = load(CFG("zai-org__GLM-4.5-Air.json"));
	uint64_t attn = 4096ull * 12288 * 2 + 2 * 4096ull * 1024 + 12288 + 2048;
	uint64_t moe = 128ull * 3 * 4096 * 1408 + 128ull * 4097 + 3ull * 4096 * 1408;
	assert_int_equal(m.mtp_layers, 1);
	assert_false(m.mtp_embed_head);
	assert_int_equal(m.mtp_params, attn + moe + 8192ull * 4096 + 5 * 4096);
	assert_int_equal(m.params, 106852251264ull); /* the MTP layer counted apart */
	assert_int_equal(m.params + m.mtp_params, 109227310848ull);
	assert_int_equal(gs_model_moe_layers(&m), 45); /* first_k_dense_replace 1 */
	assert_true(m.qkv_bias);
	assert_false(m.qk_norm);
	/* no module of the MTP layer is noted: Transformers does not build it */
	for (size_t i = 0; i < m.n_modules; i++)
		if (!strcmp(m.modules[i].name, "q_proj"))
			assert_int_equal(m.modules[i].count, 46);
	assert_int_equal(m.split.linear + m.split.embed + m.split.lm_head + m.split.norm + m.split.other,
	                 m.params);
	assert_int_equal(gs_model_kv_elements(&m, 1000, true), 1000ull * 46 * 2 * 8 * 128);

	/* GLM-4.7's shape with q/k norms and an FP8 quantization_config: the
	 * card's 355B between the trunk and the total */
	m = load(TCFG("glm-4.7-fp8-fields.json"));
	assert_int_equal(m.params, 352797829024ull);
	assert_int_equal(m.params + m.mtp_params, 356785898816ull);
	assert_true(m.qk_norm);
	assert_string_equal(m.quant_format, "fp8-block128");

	/* GLM-4.7-Flash: MLA, whose 20 heads do not divide 2048 (no head_dim is
	 * derived); its MTP layer stores embed_tokens and shared_head.head */
	m = load(CFG("zai-org__GLM-4.7-Flash.json"));
	assert_true(m.mtp_embed_head);
	assert_int_equal(m.params, 29943393920ull);
	/* its report's safetensors total, the MTP layer's own embedding and head included */
	assert_int_equal(m.params + m.mtp_params, 31221488576ull);
	assert_true(m.mtp_params > 2 * 154880ull * 2048);
	assert_int_equal(m.head_dim, 192 + 64);
	assert_int_equal(gs_model_kv_elements(&m, 1, true), 47ull * (512 + 64));

	/* GLM-5.1: the DSA indexer on each of 78 + 1 layers, 32 x 128 x 2048
	 * wq_b + 128 x 6144 wk + k_norm's weight and bias + 32 x 6144
	 * weights_proj = 9,371,904 */
	m = load(CFG("zai-org__GLM-5.1.json"));
	assert_int_equal(m.index_heads, 32);
	assert_int_equal(m.index_head_dim, 128);
	assert_int_equal(m.index_topk, 2048);
	assert_int_equal(m.params, 743911218432ull);
	assert_int_equal(m.params + m.mtp_params, 753864139008ull); /* its report's total */
	assert_false(m.mtp_embed_head);
	/* the same config read as DeepSeek-V3 (no indexer; its MTP layer apart either way) */
	char buf[4096];
	FILE *f = fopen(CFG("zai-org__GLM-5.1.json"), "r");
	assert_non_null(f);
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	fclose(f);
	buf[n] = 0;
	char *type = strstr(buf, "\"glm_moe_dsa\"");
	assert_non_null(type);
	memcpy(type, "\"deepseek_v3\"", strlen("\"deepseek_v3\""));
	gs_model d;
	gs_error err;
	assert_int_equal(gs_model_from_config_json(buf, n, "v3.json", &d, &err), GS_OK);
	assert_int_equal(m.params - d.params, 78ull * 9371904);

	/* the abridged GLM-4.7-FP8 config: the fields that decide the count
	 * are required, not guessed */
	static const char abridged[] = "{\"model_type\":\"glm4_moe\",\"num_hidden_layers\":4,"
	                               "\"hidden_size\":256,\"num_attention_heads\":4,\"head_dim\":64,"
	                               "\"num_key_value_heads\":2,\"intermediate_size\":512,"
	                               "\"vocab_size\":1000,\"n_routed_experts\":4,\"n_shared_experts\":1,"
	                               "\"num_experts_per_tok\":2,\"moe_intermediate_size\":64,"
	                               "\"first_k_dense_replace\":1}";
	assert_int_equal(parse(abridged, &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "attention_bias"));
	static const char index_cache[] = "{\"model_type\":\"glm_moe_dsa\",\"index_topk_freq\":2}";
	assert_int_equal(parse(index_cache, &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "index_topk_freq"));
}

/* Llama 4 (vLLM llama4.py and mllama4.py @7cfb97e3379): MoE and dense
 * layers by interleave_moe_layer_step, three chunked layers in four, the
 * weightless q/k norm, the vision tower and its pixel-shuffle adapter. */
static void test_llama4(void **st)
{
	(void)st;
	gs_model s = load(CFG("meta-llama__Llama-4-Scout-17B-16E-Instruct.json"));
	gs_model v = load(CFG("meta-llama__Llama-4-Maverick-17B-128E-Instruct.json"));
	assert_int_equal(gs_model_moe_layers(&s), 48);
	assert_int_equal(gs_model_moe_layers(&v), 24);
	assert_false(v.layer_is_moe[0]);
	assert_true(v.layer_is_moe[1]);
	assert_int_equal(v.intermediate, 16384); /* intermediate_size_mlp: the dense layers' */
	assert_int_equal(v.moe_intermediate, 8192);
	assert_int_equal(v.shared_intermediate, 8192);
	/* a Maverick MoE layer: attention 5120 x (2 x 5120 + 2 x 1024) + 128
	 * experts x 3 x 5120 x 8192, router 128 x 5120, the shared expert and two
	 * norms; a dense layer the MLP of 16384 instead */
	uint64_t attn = 5120ull * (2 * 5120 + 2 * 1024);
	uint64_t moe = 128ull * 3 * 5120 * 8192 + 128ull * 5120 + 3ull * 5120 * 8192;
	uint64_t dense = 3ull * 5120 * 16384;
	assert_int_equal(v.params - v.vision_params,
	                 24 * (attn + moe + 2 * 5120) + 24 * (attn + dense + 2 * 5120) +
	                         2 * 202048ull * 5120 + 5120);
	/* the tower: 34 layers of 1408 (q/k/v/o, fc1/fc2 of 5632, biases, two
	 * LayerNorms), patch 588 x 1408, class and 577 positions, LayerNorms
	 * before and after, adapter 5632 -> 4096 -> 4096, projector 4096 x 5120 */
	uint64_t layer = 4 * 1408ull * 1408 + 4 * 1408 + 2 * 1408ull * 5632 + 5632 + 1408 + 4 * 1408;
	uint64_t tower = 34 * layer + 588ull * 1408 + 1408 + 577ull * 1408 + 4 * 1408 + 5632ull * 4096 +
	                 4096ull * 4096 + 4096ull * 5120;
	assert_int_equal(s.vision_params, tower);
	assert_int_equal(v.vision_params, 871932416ull);
	/* layers 3, 7, ..., 47 are global (NoPE); the others keep one chunk */
	assert_int_equal(s.sliding_window, 8192);
	assert_false(s.layer_is_sliding[3]);
	assert_true(s.layer_is_sliding[0]);
	assert_int_equal(gs_model_kv_elements(&s, 10000, true),
	                 (36ull * 8192 + 12ull * 10000) * 2 * 8 * 128);
	/* 144 tokens a 336 x 336 tile, 17 tiles at most */
	assert_int_equal(s.vision_patches / s.vision_merge, 2448);
	/* no weight in the q/k norm, none noted as a module either */
	assert_false(s.qk_norm);
}

/* MiniMax-M2 (vLLM minimax_m2.py @7cfb97e3379): q/k norms over all heads,
 * 256 experts on every layer with a correction bias, FP8 blocks. */
static void test_minimax_m2(void **st)
{
	(void)st;
	gs_model m = load(CFG("MiniMaxAI__MiniMax-M2.7.json"));
	uint64_t h = 3072, attn = h * 48 * 128 * 2 + 2 * h * 8 * 128 + 48 * 128 + 8 * 128;
	uint64_t moe = 256ull * 3 * h * 1536 + 256 * h + 256;
	assert_int_equal(m.params, 62 * (attn + moe + 2 * h) + 2 * 200064ull * h + h);
	assert_int_equal(m.mtp_layers, 0); /* announced by use_mtp, not stored */
	assert_string_equal(m.quant_format, "fp8-block128");
	assert_string_equal(m.quant_skipped, ""); /* gate, e_score_correction_bias: kept anyway */
	/* the scale tensors of 128 x 128 blocks, ceil(out/128) x ceil(in/128)
	 * for each FP8 matrix: q and o 24 x 48, k and v 8 x 24, each expert's
	 * w1/w3 12 x 24 and w2 24 x 12 */
	uint64_t scales = 62 * (2 * 24 * 48 + 2 * 8 * 24 + 256ull * 3 * 12 * 24);
	assert_int_equal(scales, 13880064);
	assert_int_equal(m.params + scales, 228703644928ull);
	gs_error err;
	static const char lightning[] = "{\"model_type\":\"minimax_m2\",\"num_hidden_layers\":2,"
	                                "\"hidden_size\":256,\"num_attention_heads\":4,"
	                                "\"intermediate_size\":64,\"vocab_size\":100,"
	                                "\"num_local_experts\":4,\"num_experts_per_tok\":2,"
	                                "\"attn_type_list\":[0,1]}";
	assert_int_equal(parse(lightning, &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "attn_type_list"));
}

/* Granite 4.0 hybrids (vLLM granitemoehybrid.py, mamba_mixer2.py
 * @7cfb97e3379): a Mamba-2 mixer or attention, then GraniteMoE's experts
 * and a shared MLP on every layer. */
static void test_granitemoehybrid(void **st)
{
	(void)st;
	gs_model m = load(TCFG("granite-4.0-h-small-fields.json"));
	uint64_t h = 4096, inner = 8192, gn = 2 * 128;
	/* in_proj (2 x inner + 2GN + heads) x h, conv (inner + 2GN) x (4 + bias),
	 * dt_bias, A_log, D, the gated norm, out_proj */
	uint64_t mixer = (2 * inner + gn + 128) * h + (inner + gn) * 5 + 3 * 128 + inner + h * inner;
	uint64_t attn = h * 4096 * 2 + 2 * h * 1024;
	uint64_t ffn = 72 * 3 * h * 768 + 72 * h + 3 * h * 1536;
	assert_int_equal(m.params, 36 * (mixer + ffn + 2 * h) + 4 * (attn + ffn + 2 * h) + 100352 * h + h);
	assert_int_equal(gs_model_ssm_layers(&m), 36);
	assert_int_equal(gs_model_attention_layers(&m), 4);
	assert_int_equal(gs_model_moe_layers(&m), 40);
	assert_int_equal(m.ssm_heads * m.ssm_head_dim, inner);
	assert_int_equal(gs_model_kv_elements(&m, 1000, false), 1000ull * 4 * 2 * 8 * 128);
	/* the dense Micro layout: no experts, the shared MLP the only one */
	gs_error err;
	static const char micro[] = "{\"model_type\":\"granitemoehybrid\",\"hidden_size\":256,"
	                            "\"num_hidden_layers\":2,\"num_attention_heads\":4,"
	                            "\"intermediate_size\":512,\"vocab_size\":100,\"num_local_experts\":0,"
	                            "\"shared_intermediate_size\":512,"
	                            "\"layer_types\":[\"mamba\",\"attention\"],"
	                            "\"mamba_n_heads\":8,\"mamba_n_groups\":1,\"mamba_d_state\":16,"
	                            "\"mamba_d_conv\":4,\"tie_word_embeddings\":true}";
	gs_model d;
	assert_int_equal(gs_model_from_config_json(micro, strlen(micro), "micro.json", &d, &err), GS_OK);
	assert_int_equal(gs_model_moe_layers(&d), 0);
	assert_int_equal(d.intermediate, 512);
	static const char bad[] = "{\"model_type\":\"granitemoehybrid\",\"hidden_size\":256,"
	                          "\"num_hidden_layers\":2,\"num_attention_heads\":4,"
	                          "\"intermediate_size\":64,"
	                          "\"vocab_size\":100,\"shared_intermediate_size\":64,\"mamba_n_heads\":8,"
	                          "\"mamba_d_head\":32,\"mamba_n_groups\":1,\"mamba_d_state\":16,"
	                          "\"mamba_d_conv\":4}";
	assert_int_equal(parse(bad, &err), GS_EINPUT); /* 8 x 32 is not 2 x 256 */
	assert_non_null(strstr(err.msg, "mamba_d_head"));
}

/* LFM2 (vLLM lfm2.py, layers/mamba/short_conv.py, lfm2_vl.py @7cfb97e3379):
 * 10 short-convolution and 6 attention layers, the MLP width adjusted
 * from 12288 to 8192, a convolution state only. */
static void test_lfm2(void **st)
{
	(void)st;
	gs_model m = load(CFG("LiquidAI__LFM2.5-VL-1.6B.json"));
	uint64_t h = 2048, mlp = 3 * h * 8192 + 2 * h;
	uint64_t conv = 3 * h * h + h * 3 + h * h, attn = 2 * h * h + 2 * h * 512 + 2 * 64;
	assert_int_equal(m.params - m.vision_params, 10 * (conv + mlp) + 6 * (attn + mlp) + 65536 * h + h);
	assert_int_equal(m.params - m.vision_params, 1170340608ull); /* LFM2-1.2B's total */
	assert_int_equal(m.intermediate, 8192);
	assert_true(m.short_conv);
	assert_int_equal(gs_model_ssm_layers(&m), 10);
	assert_int_equal(gs_model_attention_layers(&m), 6);
	/* per sequence: the convolution's 2048 channels x 3 taps a layer, no SSM state */
	assert_int_equal(gs_model_ssm_conv_elements(&m), 10ull * 2048 * 3);
	assert_int_equal(gs_model_ssm_recurrent_elements(&m), 0);
	assert_int_equal(gs_model_kv_elements(&m, 100, false), 100ull * 6 * 2 * 8 * 64);
	/* the tower: 27 SigLIP layers of 1152 (fc 4304), a 768 x 1152 patch
	 * Linear with bias, 256 positions, the post-LayerNorm; the projector
	 * 4608 -> 2048 -> 2048 with biases, no LayerNorm */
	uint64_t hv = 1152, layer = 4 * hv * hv + 4 * hv + 2 * hv * 4304 + 4304 + hv + 4 * hv;
	assert_int_equal(m.vision_params, 27 * layer + 768 * hv + hv + 256 * hv + 2 * hv + 4608ull * 2048 +
	                                          2048ull * 2048 + 2 * 2048);
	assert_int_equal(m.vision_patches / m.vision_merge, 256);
}

static void test_supported_list(void **st)
{
	(void)st;
	char list[2048], json[200];
	const char *names[128];
	size_t n = 0;
	snprintf(list, sizeof list, "%s", gs_model_supported_types());
	for (char *save = NULL, *tok = strtok_r(list, ", ", &save); tok && n < 128;
	     tok = strtok_r(NULL, ", ", &save)) {
		if (!strcmp(tok, "and") || tok[0] == '(')
			continue;
		gs_error err;
		snprintf(json, sizeof json, "{\"model_type\":\"%s\"}", tok);
		if (parse(json, &err) == GS_EUNSUPPORTED)
			fail_msg("the supported list names %s, which has no reader: %s", tok, err.msg);
		names[n++] = tok;
	}
	for (size_t i = 0; i < sizeof every / sizeof every[0]; i++) {
		bool named = false;
		for (size_t k = 0; k < n && !named; k++)
			named = !strcmp(names[k], every[i].type);
		if (!named)
			fail_msg("%s is read but not named in the supported list", every[i].type);
	}
}

#define LLAMA_BASE "\"model_type\":\"llama\",\"num_hidden_layers\":2,\"num_attention_heads\":4," \
                   "\"intermediate_size\":128,\"vocab_size\":100"

/* The three readers added for the library's remaining hub configs: what
 * each refuses rather than guesses. */
static void test_opt_marian_bailing_errors(void **st)
{
	(void)st;
	gs_error err;
#define OPT_BASE                                                                                             \
	"\"model_type\":\"opt\",\"hidden_size\":64,\"num_hidden_layers\":2,\"num_attention_heads\":4,"       \
	"\"vocab_size\":100,\"max_position_embeddings\":32"
	assert_int_equal(parse("{" OPT_BASE "}", &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "\"ffn_dim\" is missing"));
	/* 2 x (4 x (64 x 64 + 64) + 2 x 128 + 64 x 256 + 256 + 256 x 64 + 64)
	 * + 100 x 64 + 34 x 64 + final norm 128 */
	gs_model m = parse_model("{" OPT_BASE ",\"ffn_dim\":256}");
	assert_int_equal(m.params, 2ull * (4 * (64 * 64 + 64) + 2 * 128 + 64 * 256 + 256 + 256 * 64 + 64) +
	                                   100 * 64 + 34 * 64 + 128);
	/* no affine LayerNorms: no norm parameters at all */
	m = parse_model("{" OPT_BASE ",\"ffn_dim\":256,\"layer_norm_elementwise_affine\":false}");
	assert_int_equal(m.split.norm, 0);
#define MARIAN_BASE                                                                                          \
	"\"model_type\":\"marian\",\"d_model\":64,\"encoder_layers\":1,\"decoder_layers\":1,"                \
	"\"encoder_attention_heads\":4,\"encoder_ffn_dim\":128,\"vocab_size\":100,"                          \
	"\"max_position_embeddings\":16"
	assert_int_equal(parse("{" MARIAN_BASE ",\"share_encoder_decoder_embeddings\":false}", &err),
	                 GS_EINPUT);
	assert_non_null(strstr(err.msg, "decoder vocabulary of its own"));
	assert_int_equal(parse("{" MARIAN_BASE ",\"decoder_vocab_size\":101}", &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "\"decoder_vocab_size\""));
	m = parse_model("{" MARIAN_BASE "}");
	assert_int_equal(m.split.embed, 100 * 64 + 2 * 16 * 64); /* shared tokens + two sinusoid tables */
	assert_int_equal(m.split.norm, (2 + 3) * 2 * 64);       /* no embedding or final norms */
#define LING_BASE "\"model_type\":\"bailing_moe\",\"hidden_size\":64,\"num_hidden_layers\":2," \
	"\"num_attention_heads\":4,\"num_key_value_heads\":2,\"intermediate_size\":128,\"vocab_size\":100," \
	"\"num_experts\":4,\"num_experts_per_tok\":2,\"moe_intermediate_size\":32"
	assert_int_equal(parse("{" LING_BASE ",\"use_bias\":true}", &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "\"use_bias\" must be false"));
	assert_int_equal(parse("{" LING_BASE ",\"num_shared_experts\":2,"
	                                     "\"moe_shared_expert_intermediate_size\":32}",
	                       &err),
	                 GS_EINPUT);
	assert_non_null(strstr(err.msg, "moe_shared_expert_intermediate_size"));
	assert_int_equal(parse("{" LING_BASE ",\"num_nextn_predict_layers\":1}", &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "multi-token-prediction"));
	/* layer 0 dense, layer 1 experts: fused qkv (4 + 2 x 2) x 16 rows, dense,
	 * q/k norms, router and expert bias, one shared expert of 32 */
	m = parse_model("{" LING_BASE ",\"first_k_dense_replace\":1,\"num_shared_experts\":1,"
	                              "\"use_qk_norm\":true,\"moe_router_enable_expert_bias\":true}");
	uint64_t attn = 64ull * 128 + 64 * 64 + 2 * 16 + 2 * 64;
	assert_int_equal(m.params, 2 * attn + 3 * 64 * 128 + 4 * 3 * 64 * 32 + 4 * 64 + 4 + 3 * 64 * 32 +
	                                   2 * 100 * 64 + 64);
	assert_true(m.layer_is_moe[1] && !m.layer_is_moe[0]);
}

static void test_errors(void **st)
{
	(void)st;
	gs_error err;
	assert_int_equal(parse("{\"model_type\": \"llama\",\n \"hidden_size\": ", &err), GS_EPARSE);
	assert_non_null(strstr(err.where, "config.json:2:"));
	assert_int_equal(parse("{" LLAMA_BASE "}", &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "\"hidden_size\" is missing"));
	assert_int_equal(parse("{" LLAMA_BASE ",\"hidden_size\":\"64\"}", &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "hidden_size\" must be an integer"));
	assert_int_equal(parse("{" LLAMA_BASE ",\"hidden_size\":-64}", &err), GS_EINPUT);
	assert_int_equal(parse("{" LLAMA_BASE ",\"hidden_size\":0}", &err), GS_EINPUT);
	assert_int_equal(parse("{" LLAMA_BASE ",\"hidden_size\":63}", &err), GS_EINPUT); /* 63 % 4 */
	assert_non_null(strstr(err.msg, "head_dim"));
	assert_int_equal(parse("{" LLAMA_BASE ",\"hidden_size\":64}", &err), GS_OK);
	assert_int_equal(parse("{" LLAMA_BASE ",\"hidden_size\":64,\"tie_word_embeddings\":1}", &err),
	                 GS_EINPUT);
	assert_int_equal(parse("{\"model_type\":\"t5\"}", &err), GS_EINPUT); /* read now: d_model named */
	assert_non_null(strstr(err.msg, "\"d_model\" is missing"));
	/* a config mixing two architectures names the foreign field */
	assert_int_equal(parse("{" LLAMA_BASE ",\"hidden_size\":64,\"kv_lora_rank\":16}", &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "\"kv_lora_rank\" belongs to multi-head latent attention"));
	assert_int_equal(parse("{" LLAMA_BASE ",\"hidden_size\":64,\"n_embd\":64}", &err), GS_EINPUT);
	/* a vision-language config: its own fields checked too, never defaulted */
	assert_int_equal(parse("{\"model_type\":\"gemma3\",\"text_config\":{},\"vision_config\":{},"
	                       "\"mm_tokens_per_image\":\"many\"}", &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "\"mm_tokens_per_image\" must be an integer"));
	assert_int_equal(parse("{\"model_type\":\"gemma3\",\"text_config\":{},\"vision_config\":{},"
	                       "\"mm_tokens_per_image\":64}", &err), GS_OK);
	assert_int_equal(parse("{\"model_type\":\"qwen2_vl\",\"vision_config\":{\"depth\":0}}", &err),
	                 GS_EINPUT);
	assert_non_null(strstr(err.msg, "\"vision_config.depth\" must be an integer in [1, 2^31)"));
	/* Mamba: expand x hidden past 2^31 refused, not wrapped; a rank that
	 * is neither an integer nor "auto" named */
	assert_int_equal(parse("{\"model_type\":\"mamba\",\"hidden_size\":1073741824,\"num_hidden_layers\":1,"
	                       "\"vocab_size\":100,\"expand\":4}", &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "\"expand\" times hidden_size must stay below 2^31"));
	assert_int_equal(parse("{\"model_type\":\"mamba\",\"hidden_size\":64,\"num_hidden_layers\":1,"
	                       "\"vocab_size\":100,\"time_step_rank\":\"big\"}", &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "\"time_step_rank\" must be an integer or \"auto\""));
	assert_int_equal(parse("{\"model_type\":\"rwkv\"}", &err), GS_EUNSUPPORTED);
	assert_non_null(strstr(err.msg, "llama, mistral, mixtral, phimoe, qwen2, qwen3, qwen3_moe, gemma, "
	                                "gemma2, gemma3_text, phi3, gpt2"));
	assert_non_null(strstr(err.msg, "deepseek_v3"));
	assert_int_equal(parse("{\"hidden_size\":64}", &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "model_type"));
	assert_int_equal(parse("[1,2]", &err), GS_EINPUT);
	assert_int_equal(parse("{\"model_type\":\"llama\",\"model_type\":\"llama\"}", &err), GS_EPARSE);
	assert_int_equal(parse("{" LLAMA_BASE ",\"hidden_size\":64,\"layer_types\":[\"full_attention\"]}",
	                       &err),
	                 GS_EINPUT);
	assert_non_null(strstr(err.msg, "layer_types"));
	assert_int_equal(parse("{\"model_type\":\"llama\",\"num_hidden_layers\":100000,\"hidden_size\":64,"
	                       "\"num_attention_heads\":4,\"intermediate_size\":128,\"vocab_size\":100}",
	                       &err),
	                 GS_EINPUT);
	assert_int_equal(parse("", &err), GS_EPARSE);
	/* found by fuzzing: experts are counted in closed form, absurd sizes refused */
	assert_int_equal(parse("{\"model_type\":\"deepseek_v3\",\"hidden_size\":64,\"num_hidden_layers\":1,"
	                       "\"num_attention_heads\":4,\"intermediate_size\":128,\"vocab_size\":100,"
	                       "\"n_routed_experts\":77777771,\"num_experts_per_tok\":2,"
	                       "\"moe_intermediate_size\":32,\"kv_lora_rank\":16,\"qk_rope_head_dim\":8,"
	                       "\"qk_nope_head_dim\":8,\"v_head_dim\":8}",
	                       &err),
	                 GS_OK);
	assert_int_equal(parse("{\"model_type\":\"llama\",\"num_hidden_layers\":512,"
	                       "\"hidden_size\":2147483647,\"num_attention_heads\":1,"
	                       "\"intermediate_size\":2147483647,\"vocab_size\":2147483647}",
	                       &err),
	                 GS_EINPUT);
	assert_non_null(strstr(err.msg, "2^53"));
}

static void test_files(void **st)
{
	(void)st;
	gs_model m;
	gs_error err;
	assert_int_equal(gs_model_from_config_file("/nonexistent/config.json", &m, &err), GS_EIO);
	assert_non_null(strstr(err.msg, "/nonexistent/config.json"));
	/* a model folder holding config.json */
	char dir[] = "/tmp/gs_model_XXXXXX";
	assert_non_null(mkdtemp(dir));
	char path[256];
	snprintf(path, sizeof path, "%s/config.json", dir);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs("{" LLAMA_BASE ",\"hidden_size\":64}", f);
	fclose(f);
	assert_int_equal(gs_model_from_config_file(dir, &m, &err), GS_OK);
	assert_string_equal(m.model_type, "llama");
	unlink(path);
	rmdir(dir);
	/* the seed's calculator */
	gs_model_from_params(7000000000ull, &m);
	assert_false(m.has_architecture);
	assert_int_equal(m.params, 7000000000ull);
}

/* quantization_config in the shapes the libraries publish it (fixtures in
 * tests/data/configs/quant) and the format each one means. */
static void test_quantization_config(void **st)
{
	(void)st;
	static const struct {
		const char *file, *format;
	} cases[] = {
		{"gptq-4bit-g128-act", "gptq-g128-act"}, {"awq-4bit-g128", "awq-g128"},
		{"bnb-nf4-dq", "nf4-dq"},                {"fbgemm-fp8", "fp8-channel"},
		{"ct-fp8-channel", "fp8-channel"},       {"ct-w4a16", "w4a16-g128"},
		{"ct-nvfp4", "nvfp4"},                   {"ct-w8a8-int8", "int8-channel"},
		{"modelopt-nvfp4", "nvfp4"},
	};
	char path[512];
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		snprintf(path, sizeof path, "%s", TCFG("quant/llama-3.1-8b-"));
		strncat(path, cases[i].file, sizeof path - strlen(path) - 1);
		strncat(path, ".json", sizeof path - strlen(path) - 1);
		gs_model m = load(path);
		assert_string_equal(m.quant_format, cases[i].format);
		assert_string_equal(m.quant_problem, "");
		assert_string_equal(m.quant_skipped, ""); /* lm_head only: kept anyway */
	}
	gs_model m = load(CFG("deepseek-ai__DeepSeek-V3.json"));
	assert_string_equal(m.quant_format, "fp8-block128");
	m = load(TCFG("quant/llama-3.1-8b-unreadable-hqq.json"));
	assert_string_equal(m.quant_format, "");
	assert_non_null(strstr(m.quant_problem, "hqq"));
	/* ModelOpt's config.json form: FP8 KV scales declared (kv_cache_scheme) */
	m = load(TCFG("quant/llama-3.1-8b-modelopt-nvfp4.json"));
	assert_string_equal(m.quant_method, "modelopt");
	assert_string_equal(m.quant_kv, "fp8");
	assert_int_equal(m.quant_kept_roles, 0);
	/* an ignore list keeping attention in 16 bits in every layer (and the
	 * routers, the head): attention is a role counted apart; one layer's
	 * module is named as counted in the format */
	m = load(TCFG("quant/llama-3.1-8b-ct-nvfp4-attn16.json"));
	assert_string_equal(m.quant_format, "nvfp4");
	assert_int_equal(m.quant_kept_roles, (1u << GS_ROLE_ATTN) | (1u << GS_ROLE_TOWER));
	assert_string_equal(m.quant_skipped, "model.layers.0.mlp.down_proj");
	/* 32 layers of q, k, v and o: 4096 x (4096 + 1024 + 1024) + 4096 x 4096 */
	assert_int_equal(m.split.role[GS_ROLE_ATTN].params, 32ull * (4096 * 6144 + 4096 * 4096));
	assert_int_equal(m.split.role[GS_ROLE_ATTN].matrices, 32 * 4);
	assert_int_equal(m.split.role[GS_ROLE_TOWER].params, 0);
	/* ModelOpt 0.29's hf_quant_config.json beside config.json (the folder):
	 * nvidia/Qwen3-32B-NVFP4's, lm_head excluded, FP8 KV; Qwen3-30B-A3B's
	 * excludes the 48 routers, kept anyway */
	m = load(TCFG("quant/qwen3-32b-nvfp4"));
	assert_string_equal(m.quant_method, "modelopt");
	assert_string_equal(m.quant_format, "nvfp4");
	assert_string_equal(m.quant_kv, "fp8");
	assert_string_equal(m.quant_skipped, "");
	m = load(TCFG("quant/qwen3-30b-a3b-nvfp4"));
	assert_string_equal(m.quant_format, "nvfp4");
	assert_string_equal(m.quant_skipped, "");
	/* MIXED_PRECISION listing the routed experts alone: nvfp4-experts */
	m = load(TCFG("quant/qwen3-30b-a3b-nvfp4-experts"));
	assert_string_equal(m.quant_format, "nvfp4-experts");
	/* what gpusizer does not size is refused with the field: a ModelOpt
	 * algorithm it does not read, NVFP4 with another block, two formats in
	 * one checkpoint (DeepSeek-V4's FP8 attention beside NVFP4 experts) */
#define TINY_LLAMA "{\"model_type\":\"llama\",\"hidden_size\":64,\"num_attention_heads\":4," \
	"\"num_hidden_layers\":2,\"intermediate_size\":128,\"vocab_size\":256,"
	static const struct {
		const char *json, *needle;
	} bad[] = {
		{TINY_LLAMA "\"quantization_config\":{\"quant_method\":"
		 "\"modelopt\",\"quant_algo\":\"NVFP4_AWQ\"}}", "NVFP4_AWQ"},
		{TINY_LLAMA "\"quantization_config\":{\"quant_method\":"
		 "\"modelopt\",\"quant_algo\":\"NVFP4\",\"group_size\":32}}", "group_size 32"},
		{TINY_LLAMA "\"quantization_config\":{\"quant_method\":"
		 "\"modelopt\",\"quant_algo\":\"MIXED_PRECISION\",\"quantized_layers\":{\"model.layers.0.mlp."
		 "experts\":{\"quant_algo\":\"NVFP4\"},\"model.layers.0.self_attn.q_proj\":{\"quant_algo\":"
		 "\"FP8\"}}}}", "one format"},
		{TINY_LLAMA "\"quantization_config\":{\"quant_method\":"
		 "\"compressed-tensors\",\"format\":\"mixed-precision\",\"config_groups\":{\"group_0\":{"
		 "\"targets\":[\"re:.*attn.*\"],\"weights\":{\"num_bits\":8,\"type\":\"float\",\"strategy\":"
		 "\"block\",\"block_structure\":[128,128]}},\"group_1\":{\"targets\":[\"re:.*experts.*\"],"
		 "\"weights\":{\"num_bits\":4,\"type\":\"float\",\"strategy\":\"tensor_group\","
		 "\"group_size\":16}}}}}", "one format per checkpoint"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		gs_error err;
		gs_model b;
		size_t n = strlen(bad[i].json);
		assert_int_equal(gs_model_from_config_json(bad[i].json, n, "q.json", &b, &err), GS_OK);
		assert_string_equal(b.quant_format, "");
		if (!strstr(b.quant_problem, bad[i].needle))
			fail_msg("%s: %s", bad[i].needle, b.quant_problem);
	}
	/* MXFP4 (the hub's gpt-oss-20b config.json): the experts alone, whatever
	 * modules_to_not_convert lists; the split matches the checkpoint's own
	 * dtype split (safetensors: BF16 1,804,459,584, the experts in U8) */
	m = load(CFG("openai__gpt-oss-20b.json"));
	assert_string_equal(m.quant_format, "mxfp4-experts");
	assert_string_equal(m.quant_skipped, "");
	/* 19,110,297,600 */
	assert_int_equal(m.split.experts, 24ull * 32 * (2880ull * 5760 + 2880ull * 2880));
	assert_int_equal(m.params - m.split.experts, 1804459584ull);
	m = load(CFG("meta-llama__Llama-3.1-8B.json"));
	assert_int_equal(m.split.experts, 0);
	/* gptq8: 8-bit values, an fp16 scale and an 8-bit zero per group */
	gs_format f;
	gs_error err;
	assert_int_equal(gs_format_parse("gptq8-g128", "format", &f, &err), GS_OK);
	assert_int_equal(f.value_bits.num, 8);
	assert_int_equal(f.meta_bits.num * 128, 24 * f.meta_bits.den);
}

/* One fp32 scale per 128 x 128 block of a weight (ceil on each side) */
static uint64_t blocks128(uint64_t out, uint64_t in) { return ((out + 127) / 128) * ((in + 127) / 128); }

/* The scales an FP8 block-quantized checkpoint stores beside the text
 * decoder's linear modules (attention, MLP, experts): the module table's
 * shapes, each block ceil'd; routers, embeddings, head and norms stay 16-bit */
static uint64_t fp8_block_scales(const gs_model *m)
{
	uint64_t n = 0;
	for (size_t i = 0; i < m->n_modules; i++)
		if (!m->modules[i].tower)
			n += m->modules[i].count * blocks128(m->modules[i].out, m->modules[i].in);
	return n;
}

/* Checkpoints stored quantized: config.json's count plus what the format
 * adds equals the element totals model reports print from the safetensors
 * headers (index.tsv names each report). */
static void test_fp8_checkpoints(void **st)
{
	(void)st;
	/* Qwen3-30B-A3B-Thinking-2507-FP8: 48 x (q 512 + k 64 + v 64 + o 512 +
	 * 128 experts x 288) = 1,824,768 scales, the report's 30,533,947,392 */
	gs_model q = load(CFG("Qwen__Qwen3-30B-A3B-Thinking-2507-FP8.json"));
	assert_string_equal(q.quant_format, "fp8-block128");
	assert_int_equal(fp8_block_scales(&q), 1824768);
	assert_int_equal(q.params + fp8_block_scales(&q), 30533947392ull);
	/* DeepSeek-R1 (= V3's shape): the trunk, + the MTP layer the checkpoint
	 * stores as model.layers.61 (one MoE decoder layer, enorm, hnorm,
	 * shared_head.norm, eh_proj 2h -> h, and its own embed_tokens and
	 * shared_head.head, V x h each: vLLM's deepseek_mtp.py), + one scale per
	 * block of every quantized linear, the MTP layer's attention and experts
	 * included (eh_proj stays BF16): the report's 684,531,386,000 */
	gs_model r = load(CFG("deepseek-ai__DeepSeek-R1.json"));
	const uint64_t h = 7168, V = 129280;
	uint64_t mtp = r.largest_layer_params + 3 * h + 2 * h * h + 2 * V * h;
	assert_int_equal(mtp, 13463426304ull);
	assert_int_equal(r.mtp_layers, 1); /* counted apart, as DeepSeek-V3.2's */
	assert_true(r.mtp_embed_head);
	assert_int_equal(r.mtp_params, mtp);
	uint64_t attn_scales = blocks128(1536, h) + blocks128(128 * 192, 1536) + blocks128(576, h) +
	                       blocks128(128 * 256, 512) + blocks128(h, 128 * 128);
	uint64_t moe_scales = 257 * (2 * blocks128(2048, h) + blocks128(h, 2048));
	uint64_t scales = fp8_block_scales(&r) + attn_scales + moe_scales;
	assert_int_equal(scales, 41540496);
	assert_int_equal(r.params + mtp + scales, 684531386000ull);
	/* Kimi-K2-Instruct: no MTP layer; the same rule gives 62,495,192 scales,
	 * 1,026,470,727,640 against the report's 1,026,470,731,056: 3,416 = 61 x
	 * 56 short, one more row of blocks of an h-wide (7168 = 56 x 128) input
	 * in each of the 61 layers than the config's shapes give, not explained */
	gs_model k = load(CFG("moonshotai__Kimi-K2-Instruct.json"));
	assert_int_equal(k.mtp_layers, 0);
	assert_int_equal(k.mtp_params, 0);
	assert_int_equal(fp8_block_scales(&k), 62495192);
	assert_int_equal(1026470731056ull - (k.params + fp8_block_scales(&k)), 61 * 56);
	/* Devstral 2: FP8 with one scale per tensor (weight_block_size null,
	 * static activations); the vision tower and projector stay BF16 */
	gs_model d = load(CFG("mistralai__Devstral-Small-2-24B-Instruct-2512.json"));
	assert_string_equal(d.quant_format, "fp8-e4m3");
	assert_string_equal(d.quant_skipped, "");
	assert_int_equal(d.quant_kept_roles, 1u << GS_ROLE_TOWER); /* counted in 16 bits */
	assert_true(d.split.role[GS_ROLE_TOWER].params > 0);
	d = load(CFG("mistralai__Devstral-2-123B-Instruct-2512.json"));
	assert_string_equal(d.quant_format, "fp8-e4m3");
}

/* Kimi K2.5 (model_type kimi_k25; vLLM kimi_k25.py, kimi_k25_vit.py
 * @7cfb97e3379): Kimi K2's DeepSeek-V3 trunk in text_config, MoonViT and
 * its patch-merger projector in vision_config, and the text_config's
 * compressed-tensors int4 (pack-quantized, group 32, symmetric) on every
 * Linear but the ignore list's attention, shared experts, dense MLP and
 * lm_head; vLLM keeps the tower and projector unquantized. */
static void test_kimi_k25(void **st)
{
	(void)st;
	const uint64_t hv = 1152, iv = 4304, L = 27, p = 14, d = 4 * hv, ht = 7168;
	gs_model m = load(CFG("moonshotai__Kimi-K2.5.json"));
	assert_string_equal(m.model_type, "kimi_k25");
	assert_string_equal(m.text_model_type, "kimi_k2");
	/* a block: wqkv h -> 3h and wo with biases, fc0/fc1 with biases, two
	 * LayerNorms; the patch Conv2d with bias, the 64 x 64 position table,
	 * the final LayerNorm; the projector's LayerNorm, linear_1 d -> d and
	 * linear_2 d -> 7168 with biases (d = 4 x 1152) */
	uint64_t block = hv * 3 * hv + 3 * hv + hv * hv + hv + 2 * hv * iv + iv + hv + 4 * hv;
	uint64_t tower = L * block + 3 * p * p * hv + hv + 64 * 64 * hv + 2 * hv;
	uint64_t proj = 2 * hv + d * d + d + d * ht + ht;
	assert_int_equal(tower, 416866032);     /* MoonViT: no published figure to pin */
	assert_int_equal(m.vision_params, tower + proj);
	assert_int_equal(m.vision_params, 471143920);
	assert_int_equal(m.vision_merge, 4);
	/* the trunk is Kimi-K2-Instruct's, shape for shape */
	gs_model k = load(CFG("moonshotai__Kimi-K2-Instruct.json"));
	assert_int_equal(m.params, k.params + m.vision_params);
	assert_int_equal(m.params, 1026879376368ull);
	assert_int_equal(m.mtp_layers, 0);
	/* int4, a bf16 scale per 32 and no zero point (symmetric): the routed
	 * experts alone; attention, shared experts, layer 0's dense MLP (the
	 * ignore list) and the tower (vLLM) stay 16-bit */
	assert_string_equal(m.quant_format, "w4a16-g32");
	assert_string_equal(m.quant_skipped, "");
	assert_int_equal(m.quant_kept_roles, (1u << GS_ROLE_ATTN) | (1u << GS_ROLE_SHARED) |
	                                     (1u << GS_ROLE_DENSE) | (1u << GS_ROLE_TOWER));
	assert_int_equal(m.split.role[GS_ROLE_DENSE].params, 3 * ht * 18432);
	assert_int_equal(m.split.role[GS_ROLE_TOWER].params, L * (3 * hv * hv + hv * hv + 2 * hv * iv) +
	                                                      d * d + d * ht);
	/* the checkpoint's bytes: 60 layers x 384 experts x 3 matrices at 4 +
	 * 16/32 bits and an int64 [2] weight_shape each, the rest 16-bit:
	 * 595,148,699,616 B, the "595GB" a public note gives moonshotai/
	 * Kimi-K2.5's repository (not an exact figure: not pinned to it) */
	uint64_t experts = 60ull * 384 * 3 * ht * 2048;
	assert_int_equal(m.split.experts, experts);
	uint64_t bytes = experts * 9 / 16 + 60ull * 384 * 3 * 16 + (m.params - experts) * 2;
	assert_int_equal(bytes, 595148699616ull);
}

/* DeepSeek-V3.2 (model_type deepseek_v32; vLLM deepseek_v2.py Indexer,
 * deepseek_v32 DeepseekV32MTP @7cfb97e3379): DeepSeek-V3's trunk with a DSA
 * indexer on each layer, one MTP layer with its own embed_tokens and
 * shared_head.head, FP8 128 x 128 blocks with scale_fmt ue8m0 whose scales
 * the checkpoint stores as fp32 (its model report, gh:62736905881, lists
 * each weight_scale_inv as torch.float32). */
static void test_deepseek_v32(void **st)
{
	(void)st;
	const uint64_t h = 7168, V = 129280;
	gs_model m = load(CFG("deepseek-ai__DeepSeek-V3.2.json"));
	assert_string_equal(m.model_type, "deepseek_v32");
	assert_int_equal(m.index_heads, 64);
	assert_int_equal(m.index_head_dim, 128);
	assert_int_equal(m.index_topk, 2048);
	/* the indexer a layer: wq_b 64 x 128 x 1536, wk 128 x 7168, k_norm's
	 * weight and bias 2 x 128, weights_proj 64 x 7168 = 13,959,424 */
	uint64_t indexer = 64ull * 128 * 1536 + 128 * h + 2 * 128 + 64 * h;
	assert_int_equal(indexer, 13959424);
	/* the trunk: DeepSeek-R1's 671,026,419,200 (the same shapes) + 61 indexers */
	gs_model r = load(CFG("deepseek-ai__DeepSeek-R1.json"));
	assert_int_equal(m.params, r.params + 61 * indexer);
	assert_int_equal(m.params, 671877944064ull);
	/* the MTP layer: a MoE decoder layer with its indexer, enorm, hnorm,
	 * shared_head.norm, eh_proj 2h -> h, its own embed_tokens and head */
	assert_int_equal(m.mtp_layers, 1);
	assert_true(m.mtp_embed_head);
	assert_int_equal(m.mtp_params, m.largest_layer_params + 3 * h + 2 * h * h + 2 * V * h);
	assert_int_equal(m.mtp_params, 13477385728ull);
	/* fp32 scales, one per 128 x 128 block of every FP8 linear: the trunk's
	 * modules (wq_b 64 x 12 and wk 1 x 56 blocks among them; weights_proj
	 * stays BF16) and the MTP layer's attention, indexer and 257 experts */
	assert_string_equal(m.quant_format, "fp8-block128");
	assert_non_null(strstr(m.quant_read, "ue8m0"));
	uint64_t attn_scales = blocks128(1536, h) + blocks128(128 * 192, 1536) + blocks128(576, h) +
	                       blocks128(128 * 256, 512) + blocks128(h, 128 * 128) +
	                       blocks128(64 * 128, 1536) + blocks128(128, h);
	uint64_t moe_scales = 257 * (2 * blocks128(2048, h) + blocks128(h, 2048));
	uint64_t scales = fp8_block_scales(&m) + attn_scales + moe_scales;
	assert_int_equal(scales, 41591584);
	/* the report's safetensors total, to the unit (card: 685B) */
	assert_int_equal(m.params + m.mtp_params + scales, 685396921376ull);
	assert_int_equal(m.split.linear + m.split.embed + m.split.lm_head + m.split.norm + m.split.other,
	                 m.params);
	/* latent MLA cache: 512 + 64 a token and layer, as DeepSeek-V3's */
	assert_int_equal(gs_model_kv_elements(&m, 1, true), 61ull * (512 + 64));

	/* required: the indexer's sizes, a q latent; a scale format other than
	 * ue8m0 is refused by name */
	gs_error err;
	static const char no_index[] = "{\"model_type\":\"deepseek_v32\",\"num_hidden_layers\":2,"
	                               "\"hidden_size\":256,\"num_attention_heads\":4,"
	                               "\"intermediate_size\":512,\"vocab_size\":1000,"
	                               "\"n_routed_experts\":4,\"num_experts_per_tok\":2,"
	                               "\"moe_intermediate_size\":64,\"kv_lora_rank\":64,"
	                               "\"q_lora_rank\":96,\"qk_rope_head_dim\":16,"
	                               "\"qk_nope_head_dim\":32,\"v_head_dim\":32,"
	                               "\"num_nextn_predict_layers\":1}";
	assert_int_equal(parse(no_index, &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "index_n_heads"));
	char buf[4096];
	FILE *f = fopen(CFG("deepseek-ai__DeepSeek-V3.2.json"), "r");
	assert_non_null(f);
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	fclose(f);
	buf[n] = 0;
	char *fmt = strstr(buf, "\"ue8m0\"");
	assert_non_null(fmt);
	memcpy(fmt, "\"e4m3x\"", strlen("\"e4m3x\""));
	gs_model q;
	assert_int_equal(gs_model_from_config_json(buf, n, "v32.json", &q, &err), GS_OK);
	assert_string_equal(q.quant_format, "");
	assert_non_null(strstr(q.quant_problem, "scale_fmt \"e4m3x\""));
}

/* Qwen3-32B-AWQ: config.json's quantization_config is AWQ 4-bit, group 128;
 * every linear weight stored as int32-packed codes (in x out / 8), int32
 * zeros (in / 128 x out / 8) and fp16 scales (in / 128 x out) beside the
 * 16-bit rest gives the report's safetensors element total, 5,731,472,384 */
static void test_awq_checkpoint(void **st)
{
	(void)st;
	gs_model m = load(CFG("Qwen__Qwen3-32B-AWQ.json"));
	assert_string_equal(m.quant_method, "awq");
	assert_string_equal(m.quant_format, "awq-g128");
	assert_int_equal(m.params, 32762123264ull); /* Qwen3-32B's */
	uint64_t lin = m.split.linear;
	assert_int_equal(lin % 1024, 0);
	assert_int_equal(lin / 8 + lin / 1024 + lin / 128 + (m.params - lin), 5731472384ull);
}

/* Unsloth's bnb-4bit re-upload: bitsandbytes NF4 with double quantization
 * (llm_int8_skip_modules null: every linear but lm_head), read from its
 * quantization_config, on Meta-Llama-3-8B's shapes (the Instruct's are
 * the same) */
static void test_unsloth_bnb(void **st)
{
	(void)st;
	gs_model m = load(CFG("unsloth__llama-3-8b-Instruct-bnb-4bit.json"));
	assert_string_equal(m.quant_method, "bitsandbytes");
	assert_string_equal(m.quant_format, "nf4-dq");
	assert_string_equal(m.quant_skipped, "");
	gs_model base = load(CFG("meta-llama__Meta-Llama-3-8B.json"));
	assert_int_equal(m.params, base.params);
}

/* Qwen3-VL (hub configs as model reports print them, each equal to the
 * report's safetensors total): the text decoder is Qwen3's (8B: the Qwen3-8B
 * count 8,190,735,360) or Qwen3-MoE's with fused 3-D experts; the tower of
 * 27 blocks (1152 wide, MLP 4304: 4 x 1152^2 + 2 x 1152 x 4304 + 4304 +
 * 5 x 1152 biases and 4 x 1152 of LayerNorms a block), the Conv3d patch
 * embedding with its bias, 2304 learned positions, the merger over 4608 and
 * three deepstack mergers whose LayerNorm is 4608 wide */
static void test_qwen3_vl(void **st)
{
	(void)st;
	gs_model m = load(CFG("Qwen__Qwen3-VL-8B-Instruct.json"));
	const uint64_t hv = 1152, iv = 4304, d = 4 * hv, out = 4096;
	uint64_t block = 4 * hv * hv + 2 * hv * iv + iv + 5 * hv + 4 * hv;
	uint64_t merger = d * d + d * out + d + out;
	uint64_t tower = 27 * block + 3 * 2 * 16 * 16 * hv + hv + 2304 * hv + merger + 2 * hv +
	                 3 * (merger + 2 * d);
	assert_int_equal(m.vision_params, tower);
	assert_int_equal(m.vision_params, 576388336ull);
	assert_int_equal(m.params - m.vision_params, 8190735360ull); /* Qwen3-8B's */
	assert_int_equal(m.deepstack_levels, 3);
	assert_int_equal(m.vision_merge, 4);
	assert_string_equal(m.text_model_type, "qwen3_vl_text");
	/* 235B: Transformers 5.7.0's dump says tie_word_embeddings true inside
	 * text_config, false outside; the checkpoint stores lm_head (the total
	 * counts 151,936 x 4096 for it), so the outer key decides */
	gs_model b = load(CFG("Qwen__Qwen3-VL-235B-A22B-Instruct.json"));
	assert_false(b.tied_embeddings);
	assert_int_equal(b.split.lm_head, 151936ull * 4096);
	assert_true(b.experts_params); /* mlp.experts.gate_up_proj and down_proj: 3-D parameters */
	assert_int_equal(b.experts, 128); /* num_local_experts */
	/* a deepstack index past the tower's blocks is refused */
	gs_error err;
	static const char bad[] = "{\"model_type\":\"qwen3_vl\",\"text_config\":{\"hidden_size\":256,"
	                          "\"num_hidden_layers\":2,\"num_attention_heads\":4,"
	                          "\"num_key_value_heads\":2,\"intermediate_size\":512,"
	                          "\"vocab_size\":1000},\"vision_config\":{\"depth\":4,"
	                          "\"out_hidden_size\":256,\"deepstack_visual_indexes\":[1,4]}}";
	assert_int_equal(parse(bad, &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "deepstack_visual_indexes[1]"));
}

/* Gemma 3n (tests/data/configs/gemma-3n-e4b-it-fields.json, -e2b-: the
 * fields of google/gemma-3n-E4B-it and -E2B-it, no committed copy of the
 * hub files having been found). The text decoder only; the towers (timm
 * MobileNetV5, the audio conformer) are named, not counted. Per layer
 * (vLLM models/gemma3n.py @7cfb97e3379): attention 2048 x (8 + 2 + 2 + 8) x
 * 256 + q/k norms 2 x 256; GeGLU 3 x 2048 x width; LAuReL 2 x 2048 x 64 +
 * 2048; AltUp 4^2 + 4^3 + 2048 x 4 + 2 x 2048; the per-layer input 2 x
 * 2048 x 256 + 2048; four norms. Model: embeddings 262,400 x 2048, the PLE
 * table 262,144 x (layers x 256), its projection 2048 x layers x 256 and
 * norm 256, 2 x 3 AltUp projections of 2048^2, the final norm. Google's
 * docs put E2B's "effective" parameters, without the PLE table and the
 * embeddings, at 1.91B: 4,456,156,768 - 2,013,265,920 - 537,395,200 =
 * 1,905,495,648; E4B's at 4B: 3,980,491,248. */
static void test_gemma3n(void **st)
{
	(void)st;
	static const struct {
		const char *file;
		uint64_t L, width, shared, params, ple;
	} cases[] = {
		{TCFG("gemma-3n-e4b-it-fields.json"), 35, 16384, 15, 6866696688ull, 2348810240ull},
		{TCFG("gemma-3n-e2b-it-fields.json"), 30, 8192, 10, 4456156768ull, 2013265920ull},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		gs_model m = load(cases[i].file);
		uint64_t h = 2048, L = cases[i].L, w = cases[i].width;
		uint64_t layer = h * 20 * 256 + 2 * 256 + 3 * h * w + (2 * h * 64 + h) +
		                 (16 + 64 + h * 4 + 2 * h) + (2 * h * 256 + h) + 4 * h;
		uint64_t model = 262400 * h + 262144 * L * 256 + h * L * 256 + 256 + 6 * h * h + h;
		assert_int_equal(L * layer + model, cases[i].params);
		assert_int_equal(m.params, cases[i].params);
		assert_int_equal(m.ple_params, cases[i].ple);
		assert_int_equal(m.split.embed, 262400 * h + cases[i].ple);
		assert_int_equal(m.split.lm_head, 0);
		assert_int_equal(m.params - m.ple_params - 262400 * h, i ? 1905495648ull : 3980491248ull);
		assert_int_equal(m.vision_params, 0);
		assert_string_equal(m.text_model_type, "gemma3n_text");
		assert_non_null(strstr(m.towers_uncounted, "mobilenetv5_300m_enc"));
		assert_non_null(strstr(m.towers_uncounted, "audio encoder"));
		/* the last `shared` layers keep no K/V; 4 of the 20 others are full */
		assert_int_equal(gs_model_attention_layers(&m), L);
		assert_int_equal(gs_model_kv_layers(&m), L - cases[i].shared);
		assert_true(m.layer_shares_kv[L - 1] && !m.layer_shares_kv[L - cases[i].shared - 1]);
		assert_int_equal(gs_model_kv_elements(&m, 8192, false), (4 * 8192 + 16 * 512) * 1024ull);
		assert_int_equal(gs_model_shared_kv_elements(&m, 8192),
		                 cases[i].shared / 5 * (8192 + 4 * 512) * 1024ull);
		assert_int_equal(m.altup_inputs, 4);
		assert_int_equal(m.ple_dim, 256);
		assert_int_equal(m.sliding_window, 512);
	}
	/* a MatFormer slice: one width per layer */
	static const char slice[] = "{\"model_type\":\"gemma3n_text\",\"hidden_size\":64,"
	                            "\"num_hidden_layers\":5,\"num_attention_heads\":2,"
	                            "\"num_key_value_heads\":1,\"head_dim\":32,"
	                            "\"vocab_size\":100,\"vocab_size_per_layer_input\":90,"
	                            "\"hidden_size_per_layer_input\":8,\"num_kv_shared_layers\":2,"
	                            "\"laurel_rank\":4,\"intermediate_size\":[128,256,128,128,256]}";
	gs_error err;
	gs_model m;
	assert_int_equal(gs_model_from_config_json(slice, sizeof slice - 1, "slice", &m, &err), GS_OK);
	assert_int_equal(m.intermediate, 256);
	assert_int_equal(m.layer_intermediate[1], 256);
	assert_int_equal(m.layer_intermediate[2], 128);
	uint64_t h = 64, layer = h * 6 * 32 + 64 + (2 * h * 4 + h) + (16 + 64 + h * 4 + 2 * h) +
	                         (2 * h * 8 + h) + 4 * h;
	assert_int_equal(m.params, 5 * layer + 3 * h * (3 * 128 + 2 * 256) + 100 * h + 90 * 5 * 8 +
	                                   h * 5 * 8 + 8 + 6 * h * h + h);
	/* the window defaults to 512 on four of five layers */
	assert_true(m.layer_is_sliding[0] && !m.layer_is_sliding[4]);
	assert_int_equal(m.sliding_window, 512);
	static const char short_list[] = "{\"model_type\":\"gemma3n_text\",\"hidden_size\":64,"
	                                 "\"num_hidden_layers\":3,\"num_attention_heads\":2,"
	                                 "\"vocab_size\":100,\"num_kv_shared_layers\":1,"
	                                 "\"intermediate_size\":[128,256]}";
	assert_int_equal(gs_model_from_config_json(short_list, sizeof short_list - 1, "s", &m, &err),
	                 GS_EINPUT);
	assert_non_null(strstr(err.msg, "intermediate_size"));
	static const char all_shared[] = "{\"model_type\":\"gemma3n_text\",\"hidden_size\":64,"
	                                 "\"num_hidden_layers\":3,\"num_attention_heads\":2,"
	                                 "\"vocab_size\":100,\"num_kv_shared_layers\":2,"
	                                 "\"intermediate_size\":128}";
	assert_int_equal(gs_model_from_config_json(all_shared, sizeof all_shared - 1, "a", &m, &err),
	                 GS_EINPUT);
	assert_non_null(strstr(err.msg, "num_kv_shared_layers"));
}

/* Gemma 4 (modeling_gemma4.py, vLLM models/gemma4.py @7cfb97e3379).
 * 31B (the library's preset copy): 50 sliding layers of q 32 x 256, k and v
 * 16 x 256, and 10 full-attention layers of q 32 x 512 and k 4 x 512 with
 * no v_proj (attention_k_eq_v), each with q/k norms of its head size, a
 * GeGLU MLP of 21504, four norms and a stored layer_scalar; tied
 * embeddings. The text decoder is 30,697,345,340, Google's "30.7B" (NVIDIA's
 * card of gemma-4-31b-it: "Total Parameters: 30.7B"); the vision tower and
 * embedder 575,743,536, the "~550M" vision encoder the same pages name
 * (552,152,112 without the 2 x 10240 x 1152 position table). 26B-A4B (the
 * library's field copy): 128 experts of 704 beside a dense MLP of 2112,
 * text 25,233,141,790, the card's "25.2B total", of which 3,822,530,590
 * run for a token (8 of 128 experts), its "3.8B active". */
static void test_gemma4(void **st)
{
	(void)st;
	gs_model m = load(CFG("google__gemma-4-31B-it.json"));
	uint64_t h = 5376, ff = 3 * h * 21504 + 4 * h + 1;
	uint64_t sliding = h * 32 * 256 + 2 * h * 16 * 256 + 32 * 256 * h + 2 * 256 + ff;
	uint64_t full = h * 32 * 512 + h * 4 * 512 + 32 * 512 * h + 2 * 512 + ff;
	uint64_t text = 50 * sliding + 10 * full + 262144 * h + h;
	assert_int_equal(text, 30697345340ull);
	uint64_t hv = 1152, vl = 4 * hv * hv + 2 * 72 + 3 * hv * 4304 + 4 * hv;
	uint64_t vis = 27 * vl + 3 * 16 * 16 * hv + 2 * 10240 * hv + 2 * hv + hv * h;
	assert_int_equal(vis, 575743536ull);
	assert_int_equal(m.vision_params, vis);
	assert_int_equal(m.params, text + vis);
	assert_int_equal(m.params, 31273088876ull);
	assert_string_equal(m.text_model_type, "gemma4_text");
	assert_int_equal(m.split.lm_head, 0);
	assert_int_equal(m.head_dim, 256);
	assert_int_equal(m.kv_heads, 16);
	assert_int_equal(m.full_head_dim, 512);
	assert_int_equal(m.full_kv_heads, 4);
	assert_int_equal(m.sliding_window, 1024);
	assert_int_equal(m.image_tokens, 280);
	assert_int_equal(m.vision_patches, 280 * 9);
	assert_true(m.layer_is_sliding[0] && !m.layer_is_sliding[5] && !m.layer_is_sliding[59]);
	assert_true(gs_model_mixed_kv_shapes(&m));
	assert_int_equal(gs_model_layer_head_dim(&m, 5), 512);
	assert_int_equal(gs_model_layer_kv_heads(&m, 5), 4);
	assert_int_equal(gs_model_layer_kv_heads(&m, 4), 16);
	/* K and V a token: 2 x 16 x 256 = 8192 on a sliding layer, 2 x 4 x 512 =
	 * 4096 on a full one (V cached apart from K even with k_eq_v) */
	assert_int_equal(gs_model_kv_elements(&m, 1, true), 50 * 8192 + 10 * 4096);
	assert_int_equal(gs_model_kv_elements(&m, 8192, false), 50 * 8192 * 1024ull + 10 * 4096 * 8192ull);
	/* tp 8: 2 of 16 sliding KV heads a rank, the 4 full ones replicated to 1 */
	assert_int_equal(gs_model_kv_rank_elements(&m, 1, true, 8), 50 * 2 * 256 * 2 + 10 * 2 * 512);
	assert_int_equal(gs_model_kv_rank_elements(&m, 1, true, 4), (50 * 8192 + 10 * 4096) / 4);

	gs_model moe = load(CFG("google__gemma-4-26B-A4B-it.json"));
	uint64_t t = moe.params - moe.vision_params, experts = 30ull * 128 * 3 * 2816 * 704;
	assert_int_equal(t, 25233141790ull);
	assert_int_equal(moe.split.experts, experts);
	assert_int_equal(t - experts / 128 * 120, 3822530590ull);
	assert_int_equal(moe.experts, 128);
	assert_int_equal(moe.experts_per_token, 8);
	assert_int_equal(moe.shared_intermediate, 2112);
	assert_int_equal(gs_model_moe_layers(&moe), 30);
	assert_int_equal(moe.full_kv_heads, 2);
	assert_int_equal(gs_model_kv_elements(&moe, 1, true), 25 * 2 * 8 * 256 + 5 * 2 * 2 * 512);
}

/* Gemma 4 E2B's text decoder (the fields public test fixtures give it,
 * no committed copy of the hub file having been found): 35 layers of 1536,
 * 8 heads, one KV head of 256 (512 on the full layers, every fifth), the
 * last 20 sharing K/V (no k_proj, v_proj or k_norm: Gemma4TextAttention)
 * with an MLP twice 6144 wide (use_double_wide_mlp), per-layer embeddings
 * of 256. 4,628,569,379 parameters, embeddings 402,653,184 and the PLE
 * table 2,348,810,240: 1,877,105,955 "effective", which with the towers
 * (not counted here) is the card's "2.3B effective, 5.1B with embeddings". */
static void test_gemma4_e2b(void **st)
{
	(void)st;
	static const char e2b[] =
		"{\"model_type\":\"gemma4_text\",\"hidden_size\":1536,\"num_hidden_layers\":35,"
		"\"intermediate_size\":6144,\"num_attention_heads\":8,\"head_dim\":256,"
		"\"global_head_dim\":512,"
		"\"vocab_size\":262144,\"num_key_value_heads\":1,\"num_kv_shared_layers\":20,"
		"\"hidden_size_per_layer_input\":256,\"vocab_size_per_layer_input\":262144,"
		"\"sliding_window\":512,\"sliding_window_pattern\":5,\"use_double_wide_mlp\":true,"
		"\"layer_types\":[\"sliding_attention\",\"sliding_attention\",\"sliding_attention\","
		"\"sliding_attention\",\"full_attention\",\"sliding_attention\",\"sliding_attention\","
		"\"sliding_attention\",\"sliding_attention\",\"full_attention\",\"sliding_attention\","
		"\"sliding_attention\",\"sliding_attention\",\"sliding_attention\",\"full_attention\","
		"\"sliding_attention\",\"sliding_attention\",\"sliding_attention\",\"sliding_attention\","
		"\"full_attention\",\"sliding_attention\",\"sliding_attention\",\"sliding_attention\","
		"\"sliding_attention\",\"full_attention\",\"sliding_attention\",\"sliding_attention\","
		"\"sliding_attention\",\"sliding_attention\",\"full_attention\",\"sliding_attention\","
		"\"sliding_attention\",\"sliding_attention\",\"sliding_attention\",\"full_attention\"]}";
	gs_model m = parse_model(e2b);
	uint64_t h = 1536, p = 256, rest = 4 * h + 1 + 2 * h * p + h; /* norms, scalar, PLE */
	uint64_t own_s = h * 8 * 256 * 2 + 2 * h * 256 + 2 * 256 + 3 * h * 6144 + rest;
	uint64_t own_f = h * 8 * 512 * 2 + 2 * h * 512 + 2 * 512 + 3 * h * 6144 + rest;
	uint64_t shr_s = h * 8 * 256 * 2 + 256 + 3 * h * 12288 + rest;
	uint64_t shr_f = h * 8 * 512 * 2 + 512 + 3 * h * 12288 + rest;
	uint64_t model = 262144 * h + 262144ull * 35 * p + h * 35 * p + p + h;
	assert_int_equal(12 * own_s + 3 * own_f + 16 * shr_s + 4 * shr_f + model, 4628569379ull);
	assert_int_equal(m.params, 4628569379ull);
	assert_int_equal(m.ple_params, 2348810240ull);
	assert_int_equal(m.params - m.ple_params - 262144 * h, 1877105955ull);
	assert_int_equal(m.intermediate, 12288);
	assert_int_equal(m.layer_intermediate[14], 6144);
	assert_int_equal(m.layer_intermediate[15], 12288);
	assert_int_equal(gs_model_kv_layers(&m), 15);
	assert_int_equal(gs_model_kv_elements(&m, 8192, false),
	                 12 * 2 * 256 * 512ull + 3 * 2 * 512 * 8192ull);
	assert_int_equal(m.full_kv_heads, 0); /* no attention_k_eq_v: the sliding layers' count */

	gs_error err;
	static const char bad_kv[] = "{\"model_type\":\"gemma4_text\",\"hidden_size\":64,"
	                             "\"num_hidden_layers\":6,\"intermediate_size\":128,"
	                             "\"num_attention_heads\":4,\"vocab_size\":100,"
	                             "\"attention_k_eq_v\":true,\"num_global_key_value_heads\":3}";
	assert_int_equal(parse(bad_kv, &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "num_global_key_value_heads"));
	static const char no_experts[] = "{\"model_type\":\"gemma4_text\",\"hidden_size\":64,"
	                                 "\"num_hidden_layers\":6,\"intermediate_size\":128,"
	                                 "\"num_attention_heads\":4,\"vocab_size\":100,"
	                                 "\"enable_moe_block\":true,\"top_k_experts\":2}";
	assert_int_equal(parse(no_experts, &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "num_experts"));
	static const char all_shared[] = "{\"model_type\":\"gemma4_text\",\"hidden_size\":64,"
	                                 "\"num_hidden_layers\":6,\"intermediate_size\":128,"
	                                 "\"num_attention_heads\":4,\"vocab_size\":100,"
	                                 "\"num_kv_shared_layers\":6}";
	assert_int_equal(parse(all_shared, &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "num_kv_shared_layers"));
	/* a gemma4 config without a vision tower (vision_config null); the
	 * last layer is full whatever layer_types says */
	static const char text_only[] = "{\"model_type\":\"gemma4\",\"vision_config\":null,\"text_config\":"
	                                "{\"hidden_size\":64,\"num_hidden_layers\":2,"
	                                "\"intermediate_size\":128,"
	                                "\"num_attention_heads\":4,\"num_key_value_heads\":2,\"head_dim\":16,"
	                                "\"global_head_dim\":32,\"vocab_size\":100,"
	                                "\"hidden_size_per_layer_input\":0,"
	                                "\"layer_types\":[\"sliding_attention\",\"sliding_attention\"]}}";
	gs_model t = parse_model(text_only);
	assert_int_equal(t.vision_params, 0);
	assert_true(t.layer_is_sliding[0] && !t.layer_is_sliding[1]);
	assert_int_equal(t.params, (64 * 64 * 2 + 2 * 64 * 32 + 2 * 16 + 3 * 64 * 128 + 4 * 64 + 1) +
	                                   (64 * 128 * 2 + 2 * 64 * 64 + 2 * 32 + 3 * 64 * 128 + 4 * 64 + 1) +
	                                   100 * 64 + 64);
}

/* Qwen3.5 and Qwen3.6: params is what Transformers builds (text + tower);
 * params + mtp_params is the checkpoint, and equals to the unit the
 * safetensors totals model reports and the hub API print (index.tsv names
 * each): 0.8B-Base, 4B, 9B, 27B (its copy lacks mtp_num_hidden_layers:
 * vLLM's default 1), 3.6-27B, 35B-A3B, 397B-A17B (396,802,360,816 without
 * the MTP layer, the API's other figure). */
static void test_qwen3_5(void **st)
{
	(void)st;
	static const struct {
		const char *file;
		uint64_t checkpoint;
	} ck[] = {
		{CFG("Qwen__Qwen3.5-0.8B-Base.json"), 873438784ull},
		{CFG("Qwen__Qwen3.5-4B.json"), 4659865088ull},
		{CFG("Qwen__Qwen3.5-9B.json"), 9653104368ull},
		{CFG("Qwen__Qwen3.5-27B.json"), 27781427952ull},
		{CFG("Qwen__Qwen3.6-27B.json"), 27781427952ull},
		{CFG("Qwen__Qwen3.5-35B-A3B.json"), 35951822704ull},
		{CFG("Qwen__Qwen3.5-397B-A17B.json"), 403397928944ull},
	};
	for (size_t i = 0; i < sizeof ck / sizeof ck[0]; i++) {
		gs_model m = load(ck[i].file);
		if (m.params + m.mtp_params != ck[i].checkpoint)
			fail_msg("%s: %llu + %llu MTP, want %llu", ck[i].file, (unsigned long long)m.params,
			         (unsigned long long)m.mtp_params, (unsigned long long)ck[i].checkpoint);
	}
	/* Qwen3.6-27B by hand: 16 attention layers (q + gate 5120 x 12288, k and
	 * v 5120 x 1024, o 6144 x 5120, q/k norms) and 48 Gated DeltaNet layers
	 * (in_proj_qkv 5120 x 10240, in_proj_z 5120 x 6144, in_proj_b and _a
	 * 5120 x 48, conv 10240 x 4, dt_bias and A_log 48, norm 128, out_proj
	 * 6144 x 5120), each with a 17408-wide MLP and two norms; the MTP layer
	 * is an attention layer + fc 10240 -> 5120 + three norms */
	gs_model m = load(CFG("Qwen__Qwen3.6-27B.json"));
	const uint64_t h = 5120, mlp = 3 * h * 17408 + 2 * h;
	uint64_t attn = h * 12288 + 2 * h * 1024 + 6144 * h + 2 * 256;
	uint64_t gdn = h * 10240 + h * 6144 + 2 * h * 48 + 10240 * 4 + 2 * 48 + 128 + 6144 * h;
	uint64_t text = 16 * (attn + mlp) + 48 * (gdn + mlp) + 2 * 248320ull * h + h;
	assert_int_equal(m.params - m.vision_params, text);
	assert_int_equal(m.mtp_params, attn + mlp + 2 * h * h + 3 * h);
	assert_int_equal(m.vision_params, 460730096ull);
	assert_int_equal(m.deepstack_levels, 0);
	assert_int_equal(gs_model_ssm_layers(&m), 48);
	assert_int_equal(gs_model_attention_layers(&m), 16);
	assert_true(m.gdn && m.attn_out_gate && m.ssm_state_fp32 && m.state_fp32_config);
	assert_int_equal(module(&m, "in_proj_qkv", 0)->out, 10240);
	assert_int_equal(module(&m, "in_proj_z", 0)->count, 48);
	assert_int_equal(module(&m, "in_proj_a", 0)->out, 48);
	/* per GDN layer and sequence: conv (2 x 16 x 128 + 48 x 128) x 4 taps,
	 * state 48 x 128 x 128 */
	assert_int_equal(gs_model_ssm_conv_elements(&m), 48ull * 10240 * 4);
	assert_int_equal(gs_model_ssm_recurrent_elements(&m), 48ull * 48 * 128 * 128);
	/* the copies without mamba_ssm_dtype leave vLLM's "auto" to the model's dtype */
	assert_false(load(CFG("Qwen__Qwen3.5-397B-A17B.json")).state_fp32_config);
	/* 35B-A3B: every layer 256 experts stored fused (3-D parameters) and a
	 * gated shared expert; no dense width */
	gs_model e = load(CFG("Qwen__Qwen3.5-35B-A3B.json"));
	assert_int_equal(gs_model_moe_layers(&e), 40);
	assert_true(e.experts_params);
	assert_int_equal(e.intermediate, 0);
	assert_int_equal(e.shared_intermediate, 512);
	/* refused rather than guessed */
	gs_error err;
	static const char dense[] = "{\"model_type\":\"qwen3_5_moe_text\",\"hidden_size\":256,"
	                            "\"num_hidden_layers\":4,\"num_attention_heads\":4,"
	                            "\"num_key_value_heads\":2,\"head_dim\":64,\"vocab_size\":1000,"
	                            "\"num_experts\":4,\"num_experts_per_tok\":2,"
	                            "\"moe_intermediate_size\":64,\"linear_num_key_heads\":2,"
	                            "\"linear_key_head_dim\":32,\"linear_num_value_heads\":4,"
	                            "\"linear_value_head_dim\":32,\"linear_conv_kernel_dim\":4,"
	                            "\"mlp_only_layers\":[0]}";
	assert_int_equal(parse(dense, &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "mlp_only_layers"));
	static const char own[] = "{\"model_type\":\"qwen3_5_text\",\"hidden_size\":256,"
	                          "\"num_hidden_layers\":4,\"num_attention_heads\":4,"
	                          "\"num_key_value_heads\":2,\"head_dim\":64,\"vocab_size\":1000,"
	                          "\"intermediate_size\":512,\"linear_num_key_heads\":2,"
	                          "\"linear_key_head_dim\":32,\"linear_num_value_heads\":4,"
	                          "\"linear_value_head_dim\":32,\"linear_conv_kernel_dim\":4,"
	                          "\"mtp_use_dedicated_embeddings\":true}";
	assert_int_equal(parse(own, &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "mtp_use_dedicated_embeddings"));
}

/* Olmo 3 / 3.1 and EXAONE 4.0: the same 32B shape (64 layers of 5120, 40
 * heads, 8 KV heads of 128, untied head), three sliding layers (window
 * 4096) to one full one. Olmo 3 norms q and k over the whole projections
 * (5120 + 1024), EXAONE 4.0 per head (128 + 128); both have OLMo 2's two
 * norms after attention and the MLP. */
static void test_olmo3_exaone4(void **st)
{
	(void)st;
	uint64_t h = 5120, attn = 2 * h * h + 2 * h * 1024;
	gs_model o = load(CFG("allenai__Olmo-3.1-32B-Instruct.json"));
	uint64_t olmo = 64 * (attn + 5120 + 1024 + 3 * h * 27648 + 2 * h) + 2 * 100278 * h + h;
	/* Olmo 3 32B's 32,233,522,176 in a public script's model-size constant
	 * (gh:53559420034, "olmo3_32b_bits = 32233522176 * 16") */
	assert_int_equal(olmo, 32233522176ull);
	assert_int_equal(o.params, olmo);
	assert_string_equal(o.model_type, "olmo3");
	assert_int_equal(o.sliding_window, 4096);
	assert_true(o.layer_is_sliding[0] && o.layer_is_sliding[2] && !o.layer_is_sliding[3]);
	assert_false(o.layer_is_sliding[63]);
	/* at 8192 tokens the 48 sliding layers keep 4096, the 16 full ones all */
	uint64_t kv = 2ull * 8 * 128;
	assert_int_equal(gs_model_kv_elements(&o, 8192, false), 48 * kv * 4096 + 16 * kv * 8192);
	assert_int_equal(gs_model_kv_elements(&o, 1000, false), 64 * kv * 1000);

	gs_model x = load(CFG("LGAI-EXAONE__EXAONE-4.0-32B.json"));
	uint64_t layers = 64 * (attn + 2 * 128 + 3 * h * 27392 + 2 * h);
	/* the model card's "Number of Parameters (without embeddings): 30.95B"
	 * (the final norm counted with the layers) */
	assert_int_equal(layers + h, 30954640384ull);
	assert_int_equal(x.params, layers + h + 2 * 102400 * h);
	assert_int_equal(x.params, 32003216384ull);
	assert_int_equal(x.sliding_window, 4096);
	assert_true(x.layer_is_sliding[0] && !x.layer_is_sliding[3] && !x.layer_is_sliding[63]);
	assert_int_equal(gs_model_kv_elements(&x, 8192, false), 48 * kv * 4096 + 16 * kv * 8192);

	/* the classes' defaults: no layer_types, no sliding_window -> 4096 on
	 * three layers of four; sliding_window null -> every layer full */
	gs_model m;
	gs_error err;
#define OLMO3 "{\"model_type\": \"olmo3\", \"architectures\": [\"Olmo3ForCausalLM\"], "
#define EXAONE4 "{\"model_type\": \"exaone4\", \"architectures\": [\"Exaone4ForCausalLM\"], "
#define SMALL "\"hidden_size\": 64, \"intermediate_size\": 128, \"num_attention_heads\": 4, "
	static const char o_def[] = OLMO3 SMALL "\"num_hidden_layers\": 8, \"vocab_size\": 100}";
	assert_int_equal(gs_model_from_config_json(o_def, strlen(o_def), "o.json", &m, &err), GS_OK);
	assert_int_equal(m.sliding_window, 4096);
	assert_true(m.layer_is_sliding[0] && m.layer_is_sliding[6] && !m.layer_is_sliding[7]);
	static const char o_null[] = OLMO3 SMALL "\"num_hidden_layers\": 8, "
	                             "\"vocab_size\": 100, \"sliding_window\": null}";
	assert_int_equal(gs_model_from_config_json(o_null, strlen(o_null), "o.json", &m, &err), GS_OK);
	assert_int_equal(gs_model_kv_elements(&m, 8192, false), 8ull * 2 * 64 * 8192);
	/* EXAONE's string pattern without layer_types: L and G repeating, the
	 * last layer global (layer 6 of 7 here would be L) */
	static const char x_str[] = EXAONE4 SMALL "\"num_hidden_layers\": 7, \"vocab_size\": 100, "
	                            "\"sliding_window\": 16, \"sliding_window_pattern\": \"LLLG\"}";
	assert_int_equal(gs_model_from_config_json(x_str, strlen(x_str), "x.json", &m, &err), GS_OK);
	assert_true(m.layer_is_sliding[4] && m.layer_is_sliding[5] && !m.layer_is_sliding[3]);
	assert_false(m.layer_is_sliding[6]);
	assert_int_equal(m.sliding_window, 16);
	static const char x_bad[] = EXAONE4 SMALL "\"num_hidden_layers\": 7, \"vocab_size\": 100, "
	                            "\"sliding_window_pattern\": \"LLXG\"}";
	assert_int_equal(gs_model_from_config_json(x_bad, strlen(x_bad), "x.json", &m, &err), GS_EINPUT);
	assert_non_null(strstr(err.msg, "sliding_window_pattern"));
	/* EXAONE-4.0-1.2B's layout: no window, every layer full with RoPE */
	static const char x_full[] = EXAONE4 SMALL "\"num_hidden_layers\": 6, "
	                             "\"vocab_size\": 100, \"sliding_window\": null, "
	                             "\"tie_word_embeddings\": true}";
	assert_int_equal(gs_model_from_config_json(x_full, strlen(x_full), "x.json", &m, &err), GS_OK);
	for (uint32_t l = 0; l < 6; l++)
		assert_false(m.layer_is_sliding[l]);
#undef OLMO3
#undef EXAONE4
#undef SMALL
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_issue_counts), cmocka_unit_test(test_every_model_type),
		cmocka_unit_test(test_split_llama3), cmocka_unit_test(test_modules),
		cmocka_unit_test(test_bert_heads),
		cmocka_unit_test(test_kv_elements),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_opt_marian_bailing_errors),       cmocka_unit_test(test_supported_list),
		cmocka_unit_test(test_mllama_cross_attention),
		cmocka_unit_test(test_mamba2),
		cmocka_unit_test(test_nemotron_h),
		cmocka_unit_test(test_nemotron_h_experts),
		cmocka_unit_test(test_falcon_h1),
		cmocka_unit_test(test_qwen3_next),
		cmocka_unit_test(test_glm4_moe),
		cmocka_unit_test(test_llama4),
		cmocka_unit_test(test_minimax_m2),
		cmocka_unit_test(test_granitemoehybrid),
		cmocka_unit_test(test_lfm2),
		cmocka_unit_test(test_shared_experts_width),       cmocka_unit_test(test_files),
		cmocka_unit_test(test_quantization_config),
		cmocka_unit_test(test_fp8_checkpoints),   cmocka_unit_test(test_deepseek_v32),
		cmocka_unit_test(test_kimi_k25),
		cmocka_unit_test(test_awq_checkpoint),
		cmocka_unit_test(test_unsloth_bnb),
		cmocka_unit_test(test_qwen3_vl),         cmocka_unit_test(test_qwen3_5),
		cmocka_unit_test(test_gemma3n),
		cmocka_unit_test(test_gemma4),
		cmocka_unit_test(test_gemma4_e2b),
		cmocka_unit_test(test_olmo3_exaone4),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
