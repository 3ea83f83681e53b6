/*
 * ollama_tag.c — Ollama model tags ("llama3.1:8b-instruct-q4_K_M") mapped to
 * the built-in library's models and the GGUF file type they pull
 * (ollama_tag.h; docs/method.md §14b "Ollama tags").
 *
 * A tag is name:size[-variant...][-quant]. The name and size pick the model
 * whose config.json the library holds; instruct, text and chat variants of
 * one size share their shapes, so one config serves them all. The size a
 * bare name:latest runs is the one Ollama's README lists for `ollama run
 * NAME` (README.md at fad3bcccb^, 2026-02-12), or the size a capture of
 * name:latest showed.
 *
 * The file type is the tag's last part when that is a ggml type or
 * llama.cpp file type. A tag without one pulls whatever the registry's
 * manifest serves at pull time, which is not in Ollama's source and not
 * readable offline. A row records the upload seen under a tag: its file
 * type, `ollama list`'s ID for it (the manifest digest's first 12 hex) and
 * the dates it was pulled, from /api/tags answers users published
 * (docs/method.md §14b lists them). That upload is the default for exactly
 * the tag it was seen under; a variant tag (8b-instruct) or a size no
 * capture shows is asked for, never guessed. Where a tag's upload changed
 * (mistral:7b was Q4_0 in 2024; deepseek-r1:8b was a Llama distill before
 * R1-0528) the row says what it was before.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "core/nearest.h"
#include "gpusizer/dtype.h"
#include "model/ollama_tag.h"

typedef struct tag_row {
	const char *name;     /* Ollama library name                                */
	const char *size;     /* size tag ("8b")                                    */
	const char *model;    /* the library id                                     */
	bool latest;          /* the size `ollama run NAME` pulls                   */
	const char *quant;    /* file type of the upload seen, NULL: none seen      */
	const char *observed; /* the tag body it was seen under ("8b", "latest",
	                         "13b-instruct")                                   */
	const char *id;       /* `ollama list`'s ID of that upload                  */
	uint64_t bytes;       /* its model file's size (the /api/tags "size")       */
	const char *seen;     /* the captures' pull dates                           */
	const char *before;   /* what the tag pulled earlier, when that changed     */
} tag_row;

/* name, size, model, latest: the mapping; the rest: the upload seen. */
/* clang-format off */
#define MAP(n, s, m, l) {n, s, m, l, NULL, NULL, NULL, 0, NULL, NULL}
#define SEEN(n, s, m, l, q, o, id, sz, d, b) {n, s, m, l, q, o, id, sz, d, b}
/* clang-format on */

static const tag_row rows[] = {
	SEEN("llama2", "7b", "meta-llama/Llama-2-7b-hf", true, "Q4_0", "latest", "78e26419b446",
             3826793677ull, "2024-03-25", NULL),
	MAP("llama2", "13b", "meta-llama/Llama-2-13b-hf", false),
	MAP("llama2", "70b", "meta-llama/Llama-2-70b-hf", false),
	MAP("llama3", "8b", "meta-llama/Meta-Llama-3-8B", false),
	SEEN("llama3.1", "8b", "meta-llama/Llama-3.1-8B-Instruct", true, "Q4_K_M", "8b", "46e0c10c039e",
             4920753328ull, "2026-01-14 to 2026-05-21", NULL),
	MAP("llama3.1", "70b", "meta-llama/Llama-3.1-70B-Instruct", false),
	MAP("llama3.1", "405b", "meta-llama/Llama-3.1-405B", false),
	MAP("llama3.2", "1b", "meta-llama/Llama-3.2-1B-Instruct", false),
	SEEN("llama3.2", "3b", "meta-llama/Llama-3.2-3B-Instruct", true, "Q4_K_M", "3b", "a80c4f17acd5",
             2019393189ull, "2025-04-16 to 2025-08-09", NULL),
	MAP("llama3.2-vision", "11b", "meta-llama/Llama-3.2-11B-Vision-Instruct", true),
	MAP("llama3.3", "70b", "meta-llama/Llama-3.3-70B-Instruct", true),
	MAP("codellama", "7b", "codellama/CodeLlama-7b-hf", true),
	SEEN("codellama", "13b", "codellama/CodeLlama-13b-hf", false, "Q4_0", "13b-instruct", "9f438cb9cd58",
             7365960935ull, "2025-06-03", NULL),
	MAP("codellama", "34b", "codellama/CodeLlama-34b-hf", false),
	SEEN("mistral", "7b", "mistralai/Mistral-7B-v0.3", true, "Q4_K_M", "7b", "6577803aa9a0",
             4372824384ull, "2025-07-28 to 2026-01-10",
             "Q4_0 in 2024 (ID 61e88e884507, pulled 2024-03-25): give --format Q4_0 for that upload"),
	MAP("mistral-nemo", "12b", "mistralai/Mistral-Nemo-Base-2407", false),
	MAP("mixtral", "8x7b", "mistralai/Mixtral-8x7B-v0.1", false),
	MAP("qwen2", "0.5b", "Qwen/Qwen2-0.5B-Instruct", false),
	MAP("qwen2", "1.5b", "Qwen/Qwen2-1.5B-Instruct", false),
	MAP("qwen2", "7b", "Qwen/Qwen2-7B-Instruct", false),
	MAP("qwen2.5", "1.5b", "Qwen/Qwen2.5-1.5B-Instruct", false),
	SEEN("qwen2.5", "3b", "Qwen/Qwen2.5-3B-Instruct", false, "Q4_K_M", "3b", "357c53fb659c",
             1929912432ull, "2025-05-04", NULL),
	SEEN("qwen2.5", "7b", "Qwen/Qwen2.5-7B-Instruct", false, "Q4_K_M", "7b", "845dbda0ea48",
             4683087332ull, "2025-04-17", NULL),
	MAP("qwen2.5", "72b", "Qwen/Qwen2.5-72B-Instruct", false),
	SEEN("qwen2.5-coder", "7b", "Qwen/Qwen2.5-Coder-7B-Instruct", false, "Q4_K_M", "7b", "dae161e27b0e",
             4683087561ull, "2025-02-26 to 2026-05-17", NULL),
	MAP("qwen3", "0.6b", "Qwen/Qwen3-0.6B", false),
	MAP("qwen3", "1.7b", "Qwen/Qwen3-1.7B", false),
	MAP("qwen3", "4b", "Qwen/Qwen3-4B", false),
	SEEN("qwen3", "8b", "Qwen/Qwen3-8B", false, "Q4_K_M", "8b", "500a1f067a9f", 5225388164ull,
             "2025-05-02 to 2026-08-14", NULL),
	MAP("qwen3", "14b", "Qwen/Qwen3-14B", false),
	MAP("qwen3", "32b", "Qwen/Qwen3-32B", false),
	MAP("qwen3", "30b", "Qwen/Qwen3-30B-A3B", false),
	SEEN("qwen3-coder", "30b", "Qwen/Qwen3-Coder-30B-A3B-Instruct", true, "Q4_K_M", "30b", "06c1097efce0",
             18556700761ull, "2026-01-25 to 2026-07-13", NULL),
	MAP("qwq", "32b", "Qwen/QwQ-32B", true),
	MAP("gemma", "2b", "google/gemma-2b", false),
	MAP("gemma", "7b", "google/gemma-7b", false),
	MAP("gemma2", "2b", "google/gemma-2-2b-it", false),
	MAP("gemma2", "9b", "google/gemma-2-9b", false),
	MAP("gemma2", "27b", "google/gemma-2-27b", false),
	MAP("gemma3", "1b", "google/gemma-3-1b-it", false),
	SEEN("gemma3", "4b", "google/gemma-3-4b-it", true, "Q4_K_M", "4b", "a2af6cc3eb7f", 3338801804ull,
             "2025-04-16", NULL),
	SEEN("gemma3", "27b", "google/gemma-3-27b-it", false, "Q4_K_M", "27b", "a418f5838eaf", 17396936941ull,
             "2025-04-27", NULL),
	MAP("phi3", "3.8b", "microsoft/Phi-3-mini-4k-instruct", false),
	MAP("phi3.5", "3.8b", "microsoft/Phi-3.5-mini-instruct", false),
	SEEN("phi4", "14b", "microsoft/phi-4", true, "Q4_K_M", "14b", "ac896e5b8b34", 9053116391ull,
             "2025-01-11", NULL),
	SEEN("phi4-mini", "3.8b", "microsoft/Phi-4-mini-instruct", true, "Q4_K_M", "latest", "78fad5d182a7",
             2491876774ull, "2025-04-17", NULL),
	MAP("tinyllama", "1.1b", "TinyLlama/TinyLlama-1.1B-Chat-v1.0", false),
	MAP("smollm2", "135m", "HuggingFaceTB/SmolLM2-135M-Instruct", false),
	MAP("smollm2", "360m", "HuggingFaceTB/SmolLM2-360M-Instruct", false),
	MAP("starcoder2", "3b", "bigcode/starcoder2-3b", false),
	MAP("starcoder2", "7b", "bigcode/starcoder2-7b", false),
	MAP("falcon", "7b", "tiiuae/falcon-7b", false),
	MAP("falcon", "40b", "tiiuae/falcon-40b", false),
	MAP("olmo2", "7b", "allenai/OLMo-2-1124-7B", false),
	MAP("olmo2", "13b", "allenai/OLMo-2-1124-13B", false),
	SEEN("gpt-oss", "20b", "openai/gpt-oss-20b", true, "MXFP4", "20b", "17052f91a42e", 13793441244ull,
             "2026-01-24 to 2026-08-05", NULL),
	SEEN("gpt-oss", "120b", "openai/gpt-oss-120b", false, "MXFP4", "120b", "a951a23b46a1", 65369818941ull,
             "2026-07-13", NULL),
	SEEN("deepseek-r1", "7b", "deepseek-ai/DeepSeek-R1-Distill-Qwen-7B", false, "Q4_K_M", "7b",
             "0a8c26691023", 4683075271ull, "2025-03-11 to 2025-05-16", NULL),
	SEEN("deepseek-r1", "8b", "deepseek-ai/DeepSeek-R1-0528-Qwen3-8B", true, "Q4_K_M", "latest",
             "6995872bfe4c", 5225376047ull, "2025-06-03 to 2025-08-30",
             "before R1-0528 (2025-05-28) DeepSeek-R1-Distill-Llama-8B (ID 28f8fd6cdc67): give that model"),
	MAP("deepseek-r1", "32b", "deepseek-ai/DeepSeek-R1-Distill-Qwen-32B", false),
	MAP("deepseek-r1", "70b", "deepseek-ai/DeepSeek-R1-Distill-Llama-70B", false),
};

#define NROWS (sizeof rows / sizeof rows[0])

/* Uploads whose file holds more than llama.cpp's quantizer makes of the
 * model (the plan gpusizer sizes; test_ollama_uploads pins the gaps): which
 * tensors Ollama stored wider is not readable offline, so the answer says
 * by how much its weights may be low. */
static const struct {
	const char *id, *note;
} unlike_plan[] = {
	{"500a1f067a9f", "its file is 203.6 MB (3.9 %) over llama.cpp's Q4_K_M sized here: weights may be "
                         "low "
                         "by that much"},
	{"6995872bfe4c", "its file is 203.5 MB (3.9 %) over llama.cpp's Q4_K_M sized here: weights may be "
                         "low "
                         "by that much"},
};

static const char *unlike(const char *id)
{
	for (size_t i = 0; i < sizeof unlike_plan / sizeof unlike_plan[0]; i++)
		if (!strcmp(unlike_plan[i].id, id))
			return unlike_plan[i].note;
	return NULL;
}

/* A tag part that is a ggml type or llama.cpp file type as Ollama spells
 * it (q4_K_M, q8_0, fp16, iq2_xxs, mxfp4): the canonical name in out. The
 * format table decides which names exist (core/dtype.c), so a type it
 * learns is a tag's too. */
static bool quant_of(const char *part, size_t n, char *out, size_t cap)
{
	char pre[40];
	if (n == 0 || n > 24)
		return false;
	if (n == 4 && !strncasecmp(part, "fp16", 4)) /* Ollama's spelling of F16 */
		part = "F16";
	snprintf(pre, sizeof pre, "gguf:%.*s", (int)n, part);
	gs_format f;
	gs_error err;
	if (gs_format_parse(pre, "format", &f, &err) != GS_OK || strncmp(f.name, "gguf:", 5))
		return false;
	snprintf(out, cap, "%.15s", f.name + 5);
	return true;
}

static bool same(const char *a, size_t n, const char *row) { return strlen(row) == n && !strncmp(row, a, n); }

static bool known_name(const char *name, size_t n)
{
	for (size_t i = 0; i < NROWS; i++)
		if (same(name, n, rows[i].name))
			return true;
	return false;
}

static void sizes_of(const char *name, size_t n, char *out, size_t cap)
{
	out[0] = 0;
	for (size_t i = 0; i < NROWS; i++)
		if (same(name, n, rows[i].name)) {
			size_t k = strlen(out);
			snprintf(out + k, cap - k, "%s%s", k ? ", " : "", rows[i].size);
		}
}

/* Whether the upload row r records was seen under this tag body (the part
 * after the colon, without a quantization): its size, or latest when the
 * row is the name's latest, are one tag. */
static bool seen_under(const tag_row *r, const char *body, size_t n, bool latest)
{
	if (!r->quant)
		return false;
	bool obs_plain = !strcmp(r->observed, r->size) || !strcmp(r->observed, "latest");
	if (obs_plain && (latest || same(body, n, r->size)))
		return true;
	return same(body, n, r->observed);
}

/* The refusal of a tag that names no file type and has no upload recorded
 * under it: what is known about the name and size. */
static void ask_quant(const tag_row *r, const char *tag, char *why, size_t cap)
{
	if (r->quant)
		snprintf(why, cap,
		         "Ollama tag \"%.60s\" names no quantization; the upload recorded is %s:%s (%s, "
		         "`ollama list` ID %s, pulled %s), not this variant: name its file type as "
		         "Ollama spells it (%s:%s-q4_K_M) or give format (--format Q4_K_M)",
		         tag, r->name, strcmp(r->observed, "latest") ? r->observed : "latest", r->quant,
		         r->id, r->seen, r->name, r->size);
	else
		snprintf(why, cap,
		         "Ollama tag \"%.60s\" names no quantization, and which file type the registry "
		         "serves for %s:%s is not recorded here (docs/method.md §14b): name it in the tag "
		         "as Ollama spells it (%s:%s-q4_K_M) or give format (--format Q4_K_M); `ollama "
		         "show %.60s` prints it as quantization",
		         tag, r->name, r->size, r->name, r->size, tag);
}

/* Split the tag body: size length, the quantization and whether a second
 * one precedes it (-q4_K_M-q8_0). */
static int read_quant(const char *body, gsi_ollama_tag *out, size_t *bl, char *why, size_t cap)
{
	const char *last = strrchr(body, '-');
	const char *q = last ? last + 1 : body;
	*bl = strlen(body);
	if (!quant_of(q, strlen(q), out->quant, sizeof out->quant))
		return 0;
	*bl = last ? (size_t)(last - body) : 0;
	/* any earlier part that is a file type too: two quantizations */
	for (const char *p = body; p < body + *bl;) {
		size_t n = strcspn(p, "-");
		char other[16];
		if (p + n > body + *bl)
			n = (size_t)(body + *bl - p);
		if (quant_of(p, n, other, sizeof other)) {
			snprintf(why, cap,
			         "Ollama tag \"%.60s\" names two quantizations, %s and %s; a tag pulls one "
			         "file: give one of them",
			         out->tag, other, out->quant);
			return -1;
		}
		p += n + (p[n] == '-');
	}
	return 0;
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
	const char *body = colon + 1;
	if (strchr(body, '@')) {
		snprintf(why, cap,
		         "Ollama tag \"%.60s\": a digest or revision after @ pins an upload gpusizer cannot "
		         "read offline; give the tag with its file type (%.*s:SIZE-q4_K_M) or --format, "
		         "or the .gguf file itself",
		         text, (int)nl, text);
		return -1;
	}
	size_t bl;
	if (read_quant(body, out, &bl, why, cap) < 0)
		return -1;
	size_t sl = strcspn(body, "-");
	if (sl > bl)
		sl = bl;
	bool latest = bl == 0 || same(body, bl, "latest");
	const tag_row *hit = NULL;
	for (size_t i = 0; i < NROWS && !hit; i++) {
		const tag_row *r = &rows[i];
		if (same(text, nl, r->name) && (latest ? r->latest : same(body, sl, r->size)))
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
			         text, (int)(sl > 20 ? 20 : sl), body, (int)nl, text, sizes);
		return -1;
	}
	out->model = hit->model;
	if (!out->quant[0] && seen_under(hit, body, bl, latest)) {
		snprintf(out->quant, sizeof out->quant, "%s", hit->quant);
		out->defaulted = true;
		const char *gap = unlike(hit->id);
		snprintf(out->upload, sizeof out->upload,
		         "%s, `ollama list` ID %s, %llu B, pulled %s%s%s%s%s", hit->quant, hit->id,
		         (unsigned long long)hit->bytes, hit->seen, hit->before ? "; " : "",
		         hit->before ? hit->before : "", gap ? "; " : "", gap ? gap : "");
	} else if (!out->quant[0]) {
		ask_quant(hit, text, out->ask, sizeof out->ask);
	}
	return 1;
}

const char *gsi_ollama_tag_row(size_t i, char *tag, size_t cap, const char **quant, uint64_t *bytes)
{
	if (i >= NROWS)
		return NULL;
	const tag_row *r = &rows[i];
	snprintf(tag, cap, "%s:%s", r->name,
	         r->quant && strcmp(r->observed, "latest") ? r->observed : r->size);
	if (quant)
		*quant = r->quant;
	if (bytes)
		*bytes = r->bytes;
	return r->model;
}

/* Names within a few edits of the one typed (lama3.1, qwen3coder), or
 * that start with it (deepseek for deepseek-r1): "name:size" forms, the
 * closest first, in out; how many. */
size_t gsi_ollama_tag_nearest(const char *text, char *out, size_t cap)
{
	out[0] = 0;
	const char *colon = strchr(text, ':');
	if (!colon || strchr(text, '/') || colon == text || (size_t)(colon - text) > 40)
		return 0;
	char name[48];
	snprintf(name, sizeof name, "%.*s", (int)(colon - text), text);
	size_t body = strcspn(colon + 1, "-");
	size_t found = 0;
	for (size_t d = 0; d <= 3 && found < 4; d++)
		for (size_t i = 0; i < NROWS && found < 4; i++) {
			const tag_row *r = &rows[i];
			if (i && !strcmp(rows[i - 1].name, r->name))
				continue; /* one suggestion a name */
			size_t e = gsi_edit_distance(name, r->name);
			bool prefix = !strncasecmp(r->name, name, strlen(name)) && strlen(name) >= 4;
			if ((prefix ? 1 : e) != d || (!prefix && !gsi_near_enough(e, strlen(r->name))))
				continue;
			const tag_row *pick = NULL, *lat = NULL; /* the size typed, the latest, the first */
			for (size_t j = i; j < NROWS && !strcmp(rows[j].name, r->name); j++) {
				if (!pick && same(colon + 1, body, rows[j].size))
					pick = &rows[j];
				if (!lat && rows[j].latest)
					lat = &rows[j];
			}
			pick = pick ? pick : lat ? lat : r;
			size_t k = strlen(out);
			snprintf(out + k, cap - k, "%s%s:%s", k ? ", " : "", pick->name, pick->size);
			found++;
		}
	return found;
}
