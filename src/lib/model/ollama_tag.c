/*
 * ollama_tag.c — Ollama model tags ("llama3.1:8b-instruct-q4_K_M") mapped to
 * the built-in library's models and the tag's quantization (ollama_tag.h;
 * docs/method.md §14b "Ollama tags").
 *
 * A tag is name:size[-variant...][-quant]. The name and size pick the model
 * whose config.json the library holds; instruct, text and chat variants of
 * one size share their shapes, so one config serves them all. The size a
 * bare name:latest runs is the one Ollama's README lists for `ollama run
 * NAME` (README.md at fad3bcccb^, 2026-02-12); names it does not list need
 * a size. The quantization is the tag's last part when it is one of
 * llama.cpp's file types; the registry's default for a tag without one is
 * in the manifest it serves, which differs between uploads (Q4_0 for older
 * ones, Q4_K_M for newer) and is not readable offline, so it is asked for,
 * never guessed.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "model/ollama_tag.h"

typedef struct tag_row {
	const char *name;    /* Ollama library name                          */
	const char *size;    /* size tag ("8b"); the first row of a name whose
	                        latest is listed in the README carries it    */
	const char *model;   /* the library id                               */
	bool latest;         /* the size `ollama run NAME` pulls (README)    */
} tag_row;

static const tag_row rows[] = {
	{"llama2", "7b", "meta-llama/Llama-2-7b-hf", false},
	{"llama2", "13b", "meta-llama/Llama-2-13b-hf", false},
	{"llama2", "70b", "meta-llama/Llama-2-70b-hf", false},
	{"llama3", "8b", "meta-llama/Meta-Llama-3-8B", false},
	{"llama3.1", "8b", "meta-llama/Llama-3.1-8B-Instruct", true},
	{"llama3.1", "70b", "meta-llama/Llama-3.1-70B-Instruct", false},
	{"llama3.1", "405b", "meta-llama/Llama-3.1-405B", false},
	{"llama3.2", "1b", "meta-llama/Llama-3.2-1B-Instruct", false},
	{"llama3.2", "3b", "meta-llama/Llama-3.2-3B-Instruct", true},
	{"llama3.2-vision", "11b", "meta-llama/Llama-3.2-11B-Vision-Instruct", true},
	{"llama3.3", "70b", "meta-llama/Llama-3.3-70B-Instruct", true},
	{"codellama", "7b", "codellama/CodeLlama-7b-hf", true},
	{"codellama", "13b", "codellama/CodeLlama-13b-hf", false},
	{"codellama", "34b", "codellama/CodeLlama-34b-hf", false},
	{"mistral", "7b", "mistralai/Mistral-7B-v0.3", true},
	{"mistral-nemo", "12b", "mistralai/Mistral-Nemo-Base-2407", false},
	{"mixtral", "8x7b", "mistralai/Mixtral-8x7B-v0.1", false},
	{"qwen2", "0.5b", "Qwen/Qwen2-0.5B-Instruct", false},
	{"qwen2", "1.5b", "Qwen/Qwen2-1.5B-Instruct", false},
	{"qwen2", "7b", "Qwen/Qwen2-7B-Instruct", false},
	{"qwen2.5", "1.5b", "Qwen/Qwen2.5-1.5B-Instruct", false},
	{"qwen2.5", "3b", "Qwen/Qwen2.5-3B-Instruct", false},
	{"qwen2.5", "7b", "Qwen/Qwen2.5-7B-Instruct", false},
	{"qwen2.5", "72b", "Qwen/Qwen2.5-72B-Instruct", false},
	{"qwen3", "0.6b", "Qwen/Qwen3-0.6B", false},
	{"qwen3", "1.7b", "Qwen/Qwen3-1.7B", false},
	{"qwen3", "4b", "Qwen/Qwen3-4B", false},
	{"qwen3", "8b", "Qwen/Qwen3-8B", false},
	{"qwen3", "14b", "Qwen/Qwen3-14B", false},
	{"qwen3", "32b", "Qwen/Qwen3-32B", false},
	{"qwen3", "30b", "Qwen/Qwen3-30B-A3B", false},
	{"qwq", "32b", "Qwen/QwQ-32B", true},
	{"gemma", "2b", "google/gemma-2b", false},
	{"gemma", "7b", "google/gemma-7b", false},
	{"gemma2", "2b", "google/gemma-2-2b-it", false},
	{"gemma2", "9b", "google/gemma-2-9b", false},
	{"gemma2", "27b", "google/gemma-2-27b", false},
	{"gemma3", "1b", "google/gemma-3-1b-it", false},
	{"gemma3", "4b", "google/gemma-3-4b-it", true},
	{"phi3", "3.8b", "microsoft/Phi-3-mini-4k-instruct", false},
	{"phi3.5", "3.8b", "microsoft/Phi-3.5-mini-instruct", false},
	{"phi4-mini", "3.8b", "microsoft/Phi-4-mini-instruct", true},
	{"tinyllama", "1.1b", "TinyLlama/TinyLlama-1.1B-Chat-v1.0", false},
	{"smollm2", "135m", "HuggingFaceTB/SmolLM2-135M-Instruct", false},
	{"smollm2", "360m", "HuggingFaceTB/SmolLM2-360M-Instruct", false},
	{"starcoder2", "3b", "bigcode/starcoder2-3b", false},
	{"starcoder2", "7b", "bigcode/starcoder2-7b", false},
	{"falcon", "7b", "tiiuae/falcon-7b", false},
	{"falcon", "40b", "tiiuae/falcon-40b", false},
	{"olmo2", "7b", "allenai/OLMo-2-1124-7B", false},
	{"olmo2", "13b", "allenai/OLMo-2-1124-13B", false},
	{"gpt-oss", "20b", "openai/gpt-oss-20b", false},
	{"gpt-oss", "120b", "openai/gpt-oss-120b", false},
};

#define NROWS (sizeof rows / sizeof rows[0])

/* llama.cpp's file types as Ollama's tags spell them (q4_K_M, fp16). */
static bool quant_of(const char *part, size_t n, char *out, size_t cap)
{
	static const char *const types[] = {"q2_K",   "q3_K_S", "q3_K_M", "q3_K_L", "q4_0",   "q4_1",
	                                    "q4_K_S", "q4_K_M", "q5_0",   "q5_1",   "q5_K_S", "q5_K_M",
	                                    "q6_K",   "q8_0",   "fp16",   "bf16",   "f16"};
	for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
		if (strlen(types[i]) == n && !strncasecmp(part, types[i], n)) {
			const char *t = !strcmp(types[i], "fp16") || !strcmp(types[i], "f16") ? "F16"
			              : !strcmp(types[i], "bf16") ? "BF16" : NULL;
			if (t)
				snprintf(out, cap, "%s", t);
			else { /* Q4_K_M: upper case but the K's suffix letters */
				size_t j = 0;
				for (; j < n && j + 1 < cap; j++)
					out[j] = (char)(part[j] >= 'a' && part[j] <= 'z' ? part[j] - 'a' + 'A'
					                                                 : part[j]);
				out[j] = 0;
			}
			return true;
		}
	return false;
}

static bool known_name(const char *name, size_t n)
{
	for (size_t i = 0; i < NROWS; i++)
		if (strlen(rows[i].name) == n && !strncmp(rows[i].name, name, n))
			return true;
	return false;
}

static void sizes_of(const char *name, size_t n, char *out, size_t cap)
{
	out[0] = 0;
	for (size_t i = 0; i < NROWS; i++)
		if (strlen(rows[i].name) == n && !strncmp(rows[i].name, name, n)) {
			size_t k = strlen(out);
			snprintf(out + k, cap - k, "%s%s", k ? ", " : "", rows[i].size);
		}
}

int gsi_ollama_tag_parse(const char *text, gsi_ollama_tag *out, char *why, size_t cap)
{
	memset(out, 0, sizeof *out);
	why[0] = 0;
	const char *colon = strchr(text, ':');
	if (!colon || strchr(text, '/') || strlen(text) >= sizeof out->tag)
		return 0;
	size_t nl = (size_t)(colon - text);
	if (!known_name(text, nl))
		return 0;
	snprintf(out->tag, sizeof out->tag, "%s", text);
	const char *tag = colon + 1;
	size_t sl = strcspn(tag, "-");
	const char *last = strrchr(tag, '-');
	if (last && quant_of(last + 1, strlen(last + 1), out->quant, sizeof out->quant))
		; /* the quantization is the tag's last part */
	else if (!last && quant_of(tag, strlen(tag), out->quant, sizeof out->quant))
		sl = 0; /* "name:q4_K_M" would need the latest size */
	const tag_row *hit = NULL;
	bool latest = sl == 0 || (sl == 6 && !strncmp(tag, "latest", 6));
	for (size_t i = 0; i < NROWS && !hit; i++) {
		const tag_row *r = &rows[i];
		if (strlen(r->name) != nl || strncmp(r->name, text, nl))
			continue;
		if (latest ? r->latest : strlen(r->size) == sl && !strncasecmp(r->size, tag, sl))
			hit = r;
	}
	if (!hit) {
		char sizes[160];
		sizes_of(text, nl, sizes, sizeof sizes);
		if (latest)
			snprintf(why, cap,
			         "Ollama tag \"%.60s\": which size %.*s:latest pulls is not recorded here "
			         "(Ollama's README lists no size for it); name one: %s",
			         text, (int)nl, text, sizes);
		else
			snprintf(why, cap,
			         "Ollama tag \"%.60s\": size \"%.*s\" of %.*s is not in the built-in "
			         "library; known sizes: %s (or give the model's config.json or .gguf)",
			         text, (int)(sl > 20 ? 20 : sl), tag, (int)nl, text, sizes);
		return -1;
	}
	out->model = hit->model;
	return 1;
}

const char *gsi_ollama_tag_row(size_t i, char *tag, size_t cap)
{
	if (i >= NROWS)
		return NULL;
	snprintf(tag, cap, "%s:%s", rows[i].name, rows[i].size);
	return rows[i].model;
}
