/*
 * prop.c — the property layer (issue 35): every model of the built-in
 * library x every advertised format spelling x every runtime x inference,
 * LoRA, QLoRA and full fine-tuning, checked against invariants that hold for
 * any workload, rather than against worked values:
 *
 *   refusal    no crash and no unexplained refusal: every error is one of the
 *              deliberate refusals listed below (a new message fails here
 *              until it is added on purpose, with the reason it is right);
 *   peak       the peak is the largest phase and at least the weights; the
 *              JSON's phases and the text's "peak phase" line say the same;
 *   bits       weights never grow as bits fall (fp32 >= bf16 >= int8 >= nf4);
 *   kv         the KV cache is linear in the length and in the concurrency
 *              (vLLM and SGLang: their need, to the block);
 *   fit        fit's largest answer fits by the estimate on the same device
 *              and the next step does not; its class there is the
 *              estimate's, and the largest value it calls certain fits
 *              for certain while the next does not;
 *   shortlist  the shortlist's memory requirement on a device agrees with
 *              `estimate --gpu` on it;
 *   sheet      a sheet and the same fields as flags give the same JSON;
 *   tp         tp 2 on 2 GPUs halves the weights per GPU, within the share
 *              of the embeddings and output head (replicated or padded);
 *   devices    every device of the table resolves to its own capacity;
 *   aliases    awq = awq-g128, gptq = gptq-g128, fp8 = fp8-e4m3, file-type
 *              spellings; each named format keeps its own row's figures;
 *   matrix     each matrix cell is fit's answer for that model and format;
 *   lean       a search's lean estimate has the full one's figures and verdict;
 *   releases   every release --help names, and the ends of its range, map to
 *              that row of the release table; a release newer than every row
 *              takes the newest and is never "fits" (to confirm);
 *   texts      no item's formula and no unknown was cut at its array's size
 *              (gsi_formula and gsi_unknown record each cut);
 *   contra     contradictory inputs are never "fits" (issue 50): data
 *              lengths far below the sheet's length, a GGUF file type under
 *              Transformers, a KV type the engine lacks, a tensor-parallel
 *              degree the heads do not divide: refused, or at most to confirm;
 *   tags       every Ollama tag equals its explicit form: the tag with the
 *              file type spelled (llama3.1:8b-q4_K_M), and the library's
 *              model under Ollama with that format, give the same phases
 *              and items;
 *   derived    a re-upload named after a library model (another org, and
 *              with an -AWQ suffix) is read by its name as that model, with
 *              the suffix's format (issue 48 item 5).
 *
 * Usage: prop [--every N] [--verbose] [--all]
 *   --every N  check one combination in N (deterministic; default 1 = the
 *              whole cross product, `make sweep`); `make check` runs a sample.
 *   --verbose  also list the deliberate refusals met; --all  print every
 *              violation (by default the first 12 of each kind).
 * Prints each violation and a summary; exit 1 when there is any.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "gpusizer/catalog.h"
#include "gpusizer/devices.h"
#include "gpusizer/dtype.h"
#include "gpusizer/estimate.h"
#include "gpusizer/fit.h"
#include "gpusizer/library.h"
#include "gpusizer/matrix.h"
#include "gpusizer/render.h"
#include "gpusizer/resolve.h"
#include "gpusizer/workload.h"
#include "model/ollama_tag.h"

/* The deliberate refusals: a substring of the message and why refusing is
 * the right answer. Anything else the library refuses is a violation. */
static const struct {
	const char *needle, *why;
} refusals[] = {
	{"serves models; adaptation runs with runtime transformers",
	 "vLLM, SGLang, llama.cpp and Ollama serve models; adaptation is sized under Transformers"},
	{"QLoRA trains adapters on a bitsandbytes",
	 "QLoRA's base is a bitsandbytes 4-bit format; any other format contradicts the task"},
	{"has no default LoRA target modules",
	 "PEFT itself asks for target_modules on this model_type: the user must name them"},
	{"tensor layout and quantization rules are implemented for",
	 "llama.cpp's planned tensor table covers the listed families; others need their .gguf read"},
	{"quantizes the experts of a mixture of experts", "mxfp4-experts has no meaning on a dense model"},
	{"is not a llama.cpp file type", "llama.cpp and Ollama load GGUF file types; other formats do not exist there"},
	{"tp: read by runtimes transformers, vllm and sglang, not by",
	 "llama.cpp and Ollama split layers over GPUs by tensor_split: the field table has no tp for them"},
	{"verify_with_parallel_config", "the engine's own divisibility rule refuses the degree (docs/method.md §11a)"},
	{"its tp_plan shards q_proj, k_proj and v_proj as torch.chunk does",
	 "Transformers' tp_plan needs whole query and KV heads on every rank (docs/method.md §11a, issue 50 item 6)"},
	{"dequantizes a GGUF when it loads it",
	 "Transformers' gguf_file= loads a GGUF dequantized: the dtype it loads into is what to size (issue 50 item 5)"},
	{"a state-space model has no attention to shard and no tensor-parallel plan",
	 "Transformers' tp_plans are attention decoders' (docs/method.md §11a)"},
	{"is a state-space model or hybrid: gpusizer sizes it with runtime transformers only",
	 "the engines' hybrid cache layouts are not modelled yet: refused, not guessed (issue 36)"},
	{"is a vision-language model: gpusizer sizes it with runtime transformers only",
	 "the engines' encoder cache and profile are not modelled yet: refused, not guessed (issue 36)"},
	{"the cross-attention layers' saved tensors", "Llama 3.2 Vision's cross-attention layers in training: a named "
	 "unknown, refused, not guessed"},
	{"a trained vision tower's activations are not modelled", "full fine-tuning trains the tower itself: a named "
	 "unknown, refused, not guessed (LoRA and QLoRA are sized)"},
	{"the training activations of a state-space model", "a named unknown: refused, not guessed"},
	{"is an encoder-decoder: gpusizer sizes it with runtime transformers only",
	 "the serving engines' rules are for decoders; an encoder-decoder's cross-attention cache is not theirs"},
	{"is an encoder (no generation, no KV cache): gpusizer sizes it with runtime transformers only",
	 "an encoder generates nothing: there is no serving engine pool to size"},
	{"full fine-tuning trains every weight, so they cannot stay in",
	 "trained weights are floating point: a quantized format contradicts full fine-tuning"},
	{"does not know architecture", "Ollama's llama.cpp runner has no graph for it: Ollama refuses the model"},
	{"on its own engine, not on llama.cpp", "Ollama before 0.12.11 sizes its own engine's models by no rule of "
	 "llm/memory.go: refused there; from 0.12.11 createLayout sizes them (issue 47)"},
	{"no longer serves Llama 3.2 Vision", "vLLM's registry lists mllama as last supported in 0.10.2: the engine "
	 "refuses it, so does gpusizer"},
	{"has no model for model_type", "the release predates the engine's model file for that architecture "
	 "(engine_release.c model_since: vLLM's models/ tree, SGLang's tags): the engine cannot load it"},
	{"serves no Mamba-1 hybrid (Jamba) or attention-free state-space model",
	 "SGLang has no Jamba, Mamba or Mamba-2 model at any 0.5 tag: the engine cannot serve it, so gpusizer "
	 "refuses it (issue 46)"},
	{"under runtime transformers: Transformers has no ModelOpt quantizer",
	 "Transformers' quantizers/auto.py has no ModelOpt entry: it cannot load an NVFP4 checkpoint (issue 48)"},
	{"under runtime transformers: how Transformers' compressed-tensors quantizer holds 4-bit float",
	 "how Transformers holds compressed-tensors' NVFP4 or MXFP4 is not read: refused, not guessed (issue 48)"},
	{"loads ModelOpt nvfp4", "the engine release's NVFP4 path needs a newer GPU (get_min_capability, "
	 "Blackwell only before its Marlin path): the engine refuses it, so does gpusizer (issue 48)"},
	{"loads compressed-tensors nvfp4", "the engine release's NVFP4 scheme needs a newer GPU (issue 48)"},
	{"loads compressed-tensors mxfp4-linear", "the engine's MXFP4 scheme needs compute capability 8.0 (issue 48)"},
	{"path (it arrived in", "the release predates the engine's 4-bit float path (issue 48)"},
	{"is not read in any release", "the engine's loading of that 4-bit float format was not read: refused, not "
	 "guessed (issue 48)"},
	{"does not serve model_type", "the asked vLLM or SGLang release predates the model's file in its tree "
	 "(engine_release.c engine_models): the engine cannot load it, so gpusizer refuses it by name"},
};

static bool verbose, print_all;
/* how many times each property was checked, for the summary */
enum { P_PEAK, P_KV, P_FIT, P_SHORTLIST, P_SHEET, P_TP, P_BITS, P_DEVICES, P_ALIASES, P_MATRIX, P_LEAN, P_RELEASES,
       P_OFFLOAD, P_TEXTS, P_CLASSES, P_STATE, P_TAGS, P_CONTRA, P_DERIVED, P__N };
static const char *const p_name[P__N] = {"peak", "kv", "fit", "shortlist", "sheet", "tp", "bits", "devices", "aliases",
                                        "matrix", "lean", "releases", "offload", "texts", "classes", "state", "tags", "contra",
                                        "derived"};
static unsigned long p_count[P__N];
static unsigned long n_checked, n_refused, n_bad;
static char seen_refusal[64][160];
static size_t n_seen;

/* Violations by kind: each kind's first ones are printed, all are counted. */
static const char *kinds[16];
static unsigned long kind_count[16];

__attribute__((format(printf, 3, 4)))
static void violation(const char *what, const char *combo, const char *fmt, ...)
{
	va_list ap;
	size_t k = 0;
	n_bad++;
	while (k < 16 && kinds[k] && strcmp(kinds[k], what))
		k++;
	if (k < 16) {
		kinds[k] = what;
		if (++kind_count[k] > 12 && !print_all) /* enough to read; the count says the rest */
			return;
	}
	printf("VIOLATION %s [%s]: ", what, combo);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

/* A refusal is deliberate when its message carries a listed needle. */
static bool deliberate(const char *msg)
{
	for (size_t i = 0; i < sizeof refusals / sizeof *refusals; i++)
		if (strstr(msg, refusals[i].needle)) {
			if (verbose) {
				bool seen = false;
				for (size_t k = 0; k < n_seen && !seen; k++)
					seen = !strcmp(seen_refusal[k], refusals[i].needle);
				if (!seen && n_seen < 64)
					snprintf(seen_refusal[n_seen++], sizeof seen_refusal[0], "%s", refusals[i].needle);
			}
			return true;
		}
	return false;
}

static const char *const formats[] = {
	/* the rows of `gpusizer formats` */
	"fp32", "bf16", "fp16", "fp8-e4m3", "fp8-e5m2", "fp8-channel", "fp8-block128", "int8", "nf4", "nf4-dq", "fp4",
	"fp4-dq", "gptq-g128", "awq-g128", "mxfp4-experts", "mxfp4-linear", "nvfp4", "nvfp4-experts", "int8-channel",
	/* the spellings its help and the error message advertise */
	"fp8", "float32", "bfloat16", "float16", "gptq", "gptq-g64", "gptq-g32", "gptq-g128-act", "gptq8", "gptq8-g128",
	"awq", "awq-g64", "awq-g32", "bits:16", "bits:4", "bits:4.5",
	/* GGUF: types, file types, with and without the prefix */
	"gguf:Q8_0", "gguf:Q4_K_M", "Q4_K_M", "q4_k_m", "gguf:Q6_K", "gguf:Q2_K", "gguf:F16", "gguf:IQ4_XS", "gguf:MXFP4",
};
#define N_FORMATS (sizeof formats / sizeof *formats)
static const char *const runtimes[] = {"transformers", "vllm", "sglang", "llamacpp", "ollama"};
static const char *const tasks[] = {"inference", "lora", "qlora", "full"};
/* devices the combinations rotate through (every row is checked apart) */
static const char *const gpus[] = {"RTX 4090", "L4", "A100 80GB", "H100 SXM", "RTX 3090", "L40S", "H200", "T4",
                                   "RTX PRO 6000", "GB10", "B200"};

typedef struct combo {
	const gs_library_entry *entry;
	const gs_model *m;
	const char *format, *runtime, *task, *gpu;
	uint64_t length, concurrency;
	char name[300];
} combo;

static bool is_gguf(const char *f)
{
	return !strncmp(f, "gguf:", 5) || !strcasecmp(f, "Q4_K_M");
}

static bool vlm_training(const combo *c)
{
	return c->m->vision_params && strcmp(c->task, "inference") != 0;
}

/* Build the combination's workload, with extra (field, value) pairs. */
static gs_status workload_of(const combo *c, gs_workload *w, gs_error *err, int n_extra, const gs_field *ef,
                             const char *const *ev)
{
	gs_workload_init(w);
	struct pair {
		gs_field f;
		const char *v;
	} set[24];
	size_t n = 0;
	char len[24], conc[24];
	snprintf(len, sizeof len, "%llu", (unsigned long long)c->length);
	snprintf(conc, sizeof conc, "%llu", (unsigned long long)c->concurrency);
	set[n++] = (struct pair){GS_F_MODEL, c->entry->id};
	set[n++] = (struct pair){GS_F_FORMAT, c->format};
	set[n++] = (struct pair){GS_F_RUNTIME, c->runtime};
	set[n++] = (struct pair){GS_F_TASK, c->task};
	set[n++] = (struct pair){GS_F_LENGTH, len};
	set[n++] = (struct pair){strcmp(c->task, "inference") ? GS_F_MICROBATCH : GS_F_CONCURRENCY, conc};
	if (c->gpu)
		set[n++] = (struct pair){GS_F_GPU, c->gpu};
	/* vision-language adaptation: PEFT has no default targets for the
	 * outer types, so the Unsloth recipe's names, with one image a sample */
	if (vlm_training(c)) {
		set[n++] = (struct pair){GS_F_RECIPE, "unsloth"};
		set[n++] = (struct pair){GS_F_IMAGES, "1"};
		set[n++] = (struct pair){GS_F_IMAGE_TOKENS, "256"};
	}
	for (int i = 0; i < n_extra; i++)
		set[n++] = (struct pair){ef[i], ev[i]};
	for (size_t i = 0; i < n; i++) {
		gs_status s = gs_workload_set(w, set[i].f, set[i].v, strlen(set[i].v), GS_FROM_FLAG, gs_field_key(set[i].f), err);
		if (s)
			return s;
	}
	return gs_workload_finish(w, err);
}

/* Estimate the combination (with extra fields); false when refused (a
 * deliberate refusal, or a violation already reported). */
static bool estimate_of(const combo *c, gs_estimate *e, int n_extra, const gs_field *ef, const char *const *ev)
{
	gs_workload w;
	gs_error err;
	gs_error_clear(&err);
	if (workload_of(c, &w, &err, n_extra, ef, ev) || gs_estimate_run(&w, c->m, e, &err)) {
		if (!deliberate(err.msg))
			violation("refusal", c->name, "unlisted refusal: %s", err.msg);
		return false;
	}
	return true;
}

static gs_bytes item_max(const gs_estimate *e, const char *id)
{
	const gs_item *it = gs_estimate_item(e, id);
	gs_bytes b = 0;
	for (size_t p = 0; it && p < e->n_phases; p++)
		b = it->bytes[p] > b ? it->bytes[p] : b;
	return b;
}

/* peak: the largest phase, at least the weights; JSON and text agree. */
/* classes: the seed's three classes follow the interval (issue 45): fits
 * means even the high end fits (a pool: its low end holds the need), does
 * not fit that even the low end does not, and to confirm always says what. */
static void check_classes(const combo *c, const gs_estimate *e)
{
	const gs_capacity_verdict *v = &e->verdict;
	if (!e->has_capacity)
		return;
	p_count[P_CLASSES]++;
	bool pool = v->rule == GS_RULE_VLLM_POOL || v->rule == GS_RULE_SGLANG_POOL;
	gs_bytes lo, hi;
	gs_estimate_interval(e, v->load, &lo, &hi);
	if (v->klass == GS_CLASS_NONE)
		violation("classes", c->name, "a capacity but no class");
	if (v->klass == GS_CLASS_FITS && !pool && v->rule != GS_RULE_MEASURED && hi > v->capacity)
		violation("classes", c->name, "fits, but the high end %llu is above the capacity %llu",
		          (unsigned long long)hi, (unsigned long long)v->capacity);
	if (v->klass == GS_CLASS_FITS && pool && v->need_units && v->pool_low < v->need_units)
		violation("classes", c->name, "fits, but the pool's low end %llu units is below the need %llu",
		          (unsigned long long)v->pool_low, (unsigned long long)v->need_units);
	if (v->klass == GS_CLASS_DOES_NOT_FIT && !pool && v->rule == GS_RULE_PEAK && !e->interval.conservative &&
	    lo <= v->capacity)
		violation("classes", c->name, "does not fit, but the low end %llu is within the capacity %llu",
		          (unsigned long long)lo, (unsigned long long)v->capacity);
	if (v->klass == GS_CLASS_FITS && !v->fits)
		violation("classes", c->name, "fits, but the point estimate does not");
	if (v->klass == GS_CLASS_TO_CONFIRM && !v->condition[0] && !e->lean)
		violation("classes", c->name, "to confirm without a condition");
	/* a runtime that allocates through torch is judged against the CUDA
	 * total the device table publishes, not the device's (issue 45) */
	const gs_device *d = e->workload.device;
	if (e->runtime == GS_RT_TRANSFORMERS && d && d->cuda_bytes && d->cuda_bytes < d->reported_bytes &&
	    v->capacity != d->cuda_bytes)
		violation("classes", c->name, "judged against %llu B, the CUDA total is %llu B",
		          (unsigned long long)v->capacity, (unsigned long long)d->cuda_bytes);
}

static void check_peak(const combo *c, const gs_estimate *e)
{
	check_classes(c, e);
	p_count[P_PEAK]++;
	gs_bytes top = 0;
	for (size_t p = 0; p < e->n_phases; p++)
		top = e->phases[p].peak > top ? e->phases[p].peak : top;
	gs_bytes peak = gs_estimate_peak(e);
	if (peak != top || e->phases[e->peak_phase].peak != top)
		violation("peak", c->name, "peak %llu, largest phase %llu", (unsigned long long)peak, (unsigned long long)top);
	gs_bytes w = item_max(e, "weights");
	if (w > peak)
		violation("peak", c->name, "weights %llu above the peak %llu", (unsigned long long)w, (unsigned long long)peak);
	json_t *o = gs_estimate_to_json(e);
	json_t *ph = json_object_get(o, "phases");
	json_int_t jtop = 0;
	size_t i;
	json_t *v;
	json_array_foreach(ph, i, v) {
		json_int_t b = json_integer_value(json_object_get(v, "peak_bytes"));
		jtop = b > jtop ? b : jtop;
	}
	const char *jphase = json_string_value(json_object_get(o, "peak_phase"));
	if ((gs_bytes)jtop != peak || !jphase || strcmp(jphase, e->phases[e->peak_phase].id))
		violation("peak", c->name, "JSON peak %lld in %s, estimate %llu in %s", (long long)jtop, jphase ? jphase : "?",
		          (unsigned long long)peak, e->phases[e->peak_phase].id);
	json_decref(o);
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	if (!f || gs_render_estimate_text(f, e, GS_UNIT_GiB, false))
		violation("peak", c->name, "the text could not be rendered");
	if (f)
		fclose(f);
	char want[64];
	snprintf(want, sizeof want, "; %llu B)", (unsigned long long)peak);
	const char *line = text ? strstr(text, "peak phase:") : NULL;
	const char *eol = line ? strchr(line, '\n') : NULL;
	const char *hit = line ? strstr(line, want) : NULL;
	if (!hit || (eol && hit > eol))
		violation("peak", c->name, "the text's peak phase line does not say %llu B", (unsigned long long)peak);
	free(text);
}

/* Whether every layer keeps all `tokens` tokens: no sliding window that
 * caps it, no state-space or linear-attention layer of constant size. */
static bool attention_only(const gs_model *m, uint64_t tokens)
{
	if (m->ssm || (m->sliding_window && m->sliding_window < tokens))
		return false;
	for (uint32_t l = 0; l < m->layers && l < GS_MAX_LAYERS; l++)
		if (m->layer_is_ssm[l])
			return false;
	return true;
}

/* texts: every formula and unknown was written whole. */
static void check_texts(const combo *c, const gs_estimate *e)
{
	p_count[P_TEXTS]++;
	if (e->unknowns_cut)
		violation("texts", c->name, "%u unknowns cut off or past the %d kept", e->unknowns_cut, GS_MAX_UNKNOWNS);
	for (size_t i = 0; i < e->n_items; i++)
		if (e->items[i].formula_cut)
			violation("texts", c->name, "the formula of %s was cut off: %s", e->items[i].id, e->items[i].formula);
}

/* lean: a search's estimate (no texts) has the full one's figures and verdict. */
static void check_lean(const combo *c, const gs_estimate *full)
{
	p_count[P_LEAN]++;
	gs_estimate *e = malloc(sizeof *e);
	gs_workload w;
	gs_error err;
	if (!e)
		return;
	if (workload_of(c, &w, &err, 0, NULL, NULL) || gs_estimate_run_lean(&w, c->m, e, &err)) {
		violation("lean", c->name, "the lean estimate refused what the full one took: %s", err.msg);
		free(e);
		return;
	}
	bool same = e->n_phases == full->n_phases && e->n_items == full->n_items &&
	            e->verdict.fits == full->verdict.fits && e->verdict.margin == full->verdict.margin &&
	            e->verdict.shortfall == full->verdict.shortfall && e->verdict.rule == full->verdict.rule;
	for (size_t p = 0; same && p < e->n_phases; p++)
		same = e->phases[p].peak == full->phases[p].peak;
	for (size_t i = 0; same && i < e->n_items; i++)
		same = !memcmp(e->items[i].bytes, full->items[i].bytes, sizeof e->items[i].bytes);
	if (!same)
		violation("lean", c->name, "the lean estimate's figures differ from the full one's");
	free(e);
}

/* kv: linear in length and concurrency (engines: their need, to the block). */
static void check_kv(const combo *c, const gs_estimate *e1)
{
	p_count[P_KV]++;
	gs_estimate *e2 = malloc(sizeof *e2);
	combo c2 = *c;
	c2.length = c->length * 2;
	bool engine = !strcmp(c->runtime, "vllm") || !strcmp(c->runtime, "sglang");
	for (int k = 0; k < 2 && e2; k++) {
		if (k == 1) {
			c2.length = c->length;
			c2.concurrency = c->concurrency * 2;
		}
		if (!estimate_of(&c2, e2, 0, NULL, NULL))
			continue;
		if (engine) {
			uint64_t a = e1->verdict.need_units, b = e2->verdict.need_units;
			/* a hybrid's states do not grow with the length: between x1 and x2 */
			if (k == 0 && !attention_only(c->m, c2.length)) {
				if (e1->has_capacity && (b < a || b > 2 * a))
					violation("kv", c->name, "length doubled: the engine's need %llu -> %llu units, "
					          "outside [x1, x2]", (unsigned long long)a, (unsigned long long)b);
				continue;
			}
			if (e1->has_capacity && b != 2 * a)
				violation("kv", c->name, "%s doubled: the engine's need %llu -> %llu units", k ? "concurrency" : "length",
				          (unsigned long long)a, (unsigned long long)b);
			continue;
		}
		/* a partial offload keeps on the GPU the KV of the layers it holds, and
		 * their number moves with the length (Ollama's layer fit, llama.cpp's
		 * --fit): only a whole offload is linear */
		/* Ollama forces one request for some models (server/sched.go) */
		if (k == 1 && e1->has_ollama && e2->ollama.parallel == e1->ollama.parallel)
			continue;
		if ((e1->has_ollama && !e1->ollama.full_offload) || (e2->has_ollama && !e2->ollama.full_offload) ||
		    (e1->has_llamacpp && e1->llamacpp.fit_moved) || (e2->has_llamacpp && e2->llamacpp.fit_moved))
			continue;
		gs_bytes a = item_max(e1, "kv_cache"), b = item_max(e2, "kv_cache");
		if (k == 0 && !attention_only(c->m, c2.length)) { /* windows and states stop growing: between */
			if (b < a || b > 2 * a)
				violation("kv", c->name, "length doubled: kv_cache %llu -> %llu bytes, outside [x1, x2]",
				          (unsigned long long)a, (unsigned long long)b);
			continue;
		}
		if (a && b != 2 * a)
			violation("kv", c->name, "%s doubled: kv_cache %llu -> %llu bytes", k ? "concurrency" : "length",
			          (unsigned long long)a, (unsigned long long)b);
	}
	free(e2);
}

/* fit: its answer fits by the estimate on the same device; the next does not. */
static void check_fit(const combo *c)
{
	p_count[P_FIT]++;
	gs_workload w;
	gs_error err;
	gs_error_clear(&err);
	combo c1 = *c;
	if (workload_of(&c1, &w, &err, 0, NULL, NULL))
		return;
	bool training = strcmp(c->task, "inference") != 0;
	gs_fit_target t = training ? GS_FIT_MICROBATCH : GS_FIT_CONCURRENCY;
	gs_fit_result r;
	if (gs_fit_run(&w, c->m, t, &r, &err)) {
		if (!deliberate(err.msg))
			violation("fit", c->name, "fit refused what estimate took: %s", err.msg);
		return;
	}
	gs_estimate *e = malloc(sizeof *e);
	if (!e)
		return;
	combo at = *c;
	at.concurrency = r.fits ? r.best : 1;
	if (estimate_of(&at, e, 0, NULL, NULL) && e->verdict.fits != r.fits)
		violation("fit", c->name, "fit says %s at %llu, estimate says %s", r.fits ? "fits" : "does not fit",
		          (unsigned long long)at.concurrency, e->verdict.fits ? "fits" : "does not fit");
	if (r.fits && !r.bounded_by_model && r.best < 4096) {
		at.concurrency = r.best + 1;
		if (estimate_of(&at, e, 0, NULL, NULL) && e->verdict.fits)
			violation("fit", c->name, "fit stops at %llu but the estimate fits %llu", (unsigned long long)r.best,
			          (unsigned long long)at.concurrency);
	}
	/* the three classes (issue 45): best_certain is the last value whose
	 * class is fits, and best's class is the estimate's there */
	if (r.fits) {
		at.concurrency = r.best;
		if (estimate_of(&at, e, 0, NULL, NULL) && e->verdict.klass != r.klass)
			violation("fit", c->name, "fit's class at %llu is %s, the estimate's %s", (unsigned long long)r.best,
			          gs_class_id(r.klass), gs_class_id(e->verdict.klass));
		at.concurrency = r.best_certain;
		if (r.best_certain && estimate_of(&at, e, 0, NULL, NULL) && e->verdict.klass != GS_CLASS_FITS)
			violation("fit", c->name, "fit fits for certain at %llu, the estimate says %s",
			          (unsigned long long)r.best_certain, gs_class_id(e->verdict.klass));
		at.concurrency = r.best_certain + 1;
		if (r.best_certain < r.best && estimate_of(&at, e, 0, NULL, NULL) && e->verdict.klass == GS_CLASS_FITS)
			violation("fit", c->name, "fit's certain answer stops at %llu, the estimate fits %llu for certain",
			          (unsigned long long)r.best_certain, (unsigned long long)at.concurrency);
	}
	free(e);
}

/* shortlist: the offer of one card of this device judges memory as estimate does. */
static void check_shortlist(const combo *c, const gs_estimate *e)
{
	p_count[P_SHORTLIST]++;
	static gs_catalog cat;
	static bool loaded;
	if (!loaded) {
		gs_catalog_default(&cat);
		loaded = true;
	}
	gs_evidence_set ev;
	memset(&ev, 0, sizeof ev);
	gs_shortlist *sl = malloc(sizeof *sl);
	gs_error err;
	if (!sl)
		return;
	if (gs_shortlist_run(e, &cat, &ev, sl, &err)) {
		violation("shortlist", c->name, "shortlist refused: %s", err.msg);
		free(sl);
		return;
	}
	const gs_device *d = gs_device_find(c->gpu);
	for (size_t i = 0; i < sl->n; i++) {
		const gs_offer_result *r = &sl->r[i];
		if (r->offer->device != d || r->offer->count != 1 || r->offer->reported)
			continue;
		for (size_t q = 0; q < r->n_reqs; q++)
			/* the offer's memory requirement is the estimate's class on its
			 * device: excluded exactly when the estimate does not fit */
			if (r->reqs[q].req == GS_REQ_MEMORY &&
			    (r->reqs[q].verdict == GS_EXCLUDE) != (e->verdict.klass == GS_CLASS_DOES_NOT_FIT))
				violation("shortlist", c->name, "offer %s: memory %s, estimate --gpu says %s", r->offer->id,
				          gs_verdict_name(r->reqs[q].verdict), gs_class_name(e->verdict.klass));
	}
	free(sl);
}

/* Remove where a field's value came from: the one difference a sheet makes. */
static void strip_origin(json_t *o)
{
	const char *ff = json_string_value(json_object_get(o, "format_from"));
	if (ff && (!strcmp(ff, "flag") || !strcmp(ff, "sheet")))
		json_object_del(o, "format_from");
	json_t *wl = json_object_get(o, "workload");
	const char *k;
	json_t *v;
	json_object_foreach(wl, k, v) {
		json_object_del(v, "from");
		json_object_del(v, "where");
	}
}

/* sheet: the same fields as a YAML sheet give the same JSON as flags. */
static void check_sheet(const combo *c, const gs_estimate *e)
{
	p_count[P_SHEET]++;
	char yaml[1024];
	snprintf(yaml, sizeof yaml, "model: %s\nformat: \"%s\"\nruntime: %s\ntask: %s\nlength: %llu\n%s: %llu\ngpu: \"%s\"\n%s",
	         c->entry->id, c->format, c->runtime, c->task, (unsigned long long)c->length,
	         strcmp(c->task, "inference") ? "microbatch" : "concurrency", (unsigned long long)c->concurrency, c->gpu,
	         vlm_training(c) ? "recipe: unsloth\nimages: 1\nimage_tokens: 256\n" : "");
	gs_workload w;
	gs_error err;
	gs_workload_init(&w);
	gs_estimate *s = malloc(sizeof *s);
	if (!s)
		return;
	if (gs_sheet_load_buffer(yaml, strlen(yaml), "prop.yaml", &w, &err) || gs_workload_finish(&w, &err) ||
	    gs_estimate_run(&w, c->m, s, &err)) {
		violation("sheet", c->name, "the sheet was refused where the flags were not: %s", err.msg);
		free(s);
		return;
	}
	json_t *a = gs_estimate_to_json(e), *b = gs_estimate_to_json(s);
	strip_origin(a);
	strip_origin(b);
	if (!json_equal(a, b)) {
		const char *key = "?", *sub = "";
		json_t *va;
		json_object_foreach(a, key, va) {
			json_t *vb = json_object_get(b, key);
			if (!json_equal(va, vb)) {
				const char *k2;
				json_t *x;
				if (json_is_object(va))
					json_object_foreach(va, k2, x)
						if (!json_equal(x, json_object_get(vb, k2))) {
							sub = k2;
							break;
						}
				break;
			}
		}
		violation("sheet", c->name, "a sheet and the same flags give different JSON at %s%s%s", key, sub[0] ? "." : "",
		          sub);
	}
	json_decref(a);
	json_decref(b);
	free(s);
}

/* tp: two GPUs in tensor parallel hold half the weights each, within the
 * embeddings' and output head's share (replicated or padded by the engine). */
static void check_tp(const combo *c, const gs_estimate *e1)
{
	p_count[P_TP]++;
	static const gs_field ef[] = {GS_F_TP, GS_F_GPUS};
	static const char *const ev[] = {"2", "2"};
	gs_estimate *e2 = malloc(sizeof *e2);
	if (!e2)
		return;
	if (estimate_of(c, e2, 2, ef, ev)) {
		gs_bytes w1 = item_max(e1, "weights"), w2 = item_max(e2, "weights");
		/* embeddings + head at up to 32 bits, and the vocabulary padded to 64 per rank */
		gs_bytes share = (gs_bytes)(c->m->vocab + 128) * c->m->hidden * 4 * 2;
		gs_bytes half = w1 / 2;
		if (w2 + share < half || w2 > half + share)
			violation("tp", c->name, "weights per GPU %llu at tp 2, %llu at tp 1 (share %llu)", (unsigned long long)w2,
			          (unsigned long long)w1, (unsigned long long)share);
	}
	free(e2);
}

/* state: a hybrid's recurrent state kept in float32 holds no more
 * sequences than in bfloat16 (vLLM's block ids, SGLang's pool tokens and
 * states): a larger state never grows the pool. */
static void check_state(const combo *c, const gs_estimate *e1)
{
	if (!gs_model_ssm_layers(c->m) || (strcmp(c->runtime, "vllm") && strcmp(c->runtime, "sglang")) ||
	    !e1->has_capacity)
		return;
	p_count[P_STATE]++;
	static const gs_field ef[] = {GS_F_STATE_DTYPE};
	static const char *const wide[] = {"float32"}, *const narrow[] = {"bfloat16"};
	gs_estimate *a = malloc(sizeof *a), *b = malloc(sizeof *b);
	if (a && b && estimate_of(c, a, 1, ef, wide) && estimate_of(c, b, 1, ef, narrow)) {
		/* vLLM: the sheets that fit in the block ids (a larger state page
		 * also raises the block's tokens); SGLang: tokens and states */
		uint64_t ua, ub, sa = 0, sb = 0;
		if (a->has_sglang) {
			/* the states are whole: what a slot leaves goes to the tokens,
			 * up to one float32 state's worth */
			uint64_t slack = a->sglang.cell_bytes ? a->sglang.state_per_req / a->sglang.cell_bytes + 1 : 0;
			ua = a->sglang.tokens > slack ? a->sglang.tokens - slack : 0, ub = b->sglang.tokens;
			sa = a->sglang.max_running_requests, sb = b->sglang.max_running_requests;
		} else {
			ua = a->verdict.need_units ? a->vllm.blocks / a->verdict.need_units : 0;
			ub = b->verdict.need_units ? b->vllm.blocks / b->verdict.need_units : 0;
		}
		if (ua > ub || sa > sb)
			violation("state", c->name, "state_dtype float32 holds %llu (%llu requests), bfloat16 "
			          "%llu (%llu)", (unsigned long long)ua, (unsigned long long)sa,
			          (unsigned long long)ub, (unsigned long long)sb);
	}
	free(a);
	free(b);
}

/* offload: llama.cpp's GPU peak never falls as -ngl grows, op offload or
 * not (fit's layer search rests on it): every block moved to the GPU brings
 * its weights and KV, and the head moved there brings more than the copy of
 * it the offloaded split held. */
static void check_offload(const combo *c)
{
	p_count[P_OFFLOAD]++;
	static const gs_field ef[] = {GS_F_GPU_LAYERS, GS_F_OP_OFFLOAD};
	gs_estimate *e = malloc(sizeof *e);
	if (!e)
		return;
	uint64_t L = c->m->layers;
	const uint64_t steps[] = {1, 2, L / 2, L - 1, L, L + 1};
	for (int off = 0; off < 2; off++) {
		gs_bytes prev = 0;
		for (size_t i = 0; i < sizeof steps / sizeof *steps; i++) {
			char ngl[24];
			snprintf(ngl, sizeof ngl, "%llu", (unsigned long long)steps[i]);
			const char *ev[] = {ngl, off ? "no" : "yes"};
			if (!estimate_of(c, e, 2, ef, ev))
				break;
			gs_bytes peak = gs_estimate_peak(e);
			if (peak < prev)
				violation("offload", c->name, "GPU peak %llu B at -ngl %s is below %llu B at the step before "
				          "(op_offload %s)", (unsigned long long)peak, ngl, (unsigned long long)prev, ev[1]);
			prev = peak;
		}
	}
	free(e);
}

/* bits: for one model, weights never grow as bits fall. */
static void check_bits(const gs_library_entry *entry, const gs_model *m)
{
	p_count[P_BITS]++;
	static const char *const order[] = {"fp32", "bf16", "int8", "nf4"};
	gs_bytes prev = UINT64_MAX;
	gs_estimate *e = malloc(sizeof *e);
	for (size_t i = 0; i < 4 && e; i++) {
		combo c = {entry, m, order[i], "transformers", "inference", NULL, 256, 1, ""};
		snprintf(c.name, sizeof c.name, "%s %s", entry->id, order[i]);
		if (!estimate_of(&c, e, 0, NULL, NULL))
			continue;
		gs_bytes w = item_max(e, "weights") + item_max(e, "quant_metadata") + item_max(e, "other_format_modules");
		if (w > prev)
			violation("bits", c.name, "weights %llu above the wider format's %llu", (unsigned long long)w,
			          (unsigned long long)prev);
		prev = w;
	}
	free(e);
}

/* devices: every row resolves to its own capacity. */
static void check_devices(void)
{
	p_count[P_DEVICES]++;
	const gs_device *d;
	size_t n = gs_device_table(&d);
	for (size_t i = 0; i < n; i++) {
		gs_workload w;
		gs_error err;
		gs_workload_init(&w);
		gs_bytes cap = 0;
		bool found = false;
		char how[512];
		if (gs_workload_set(&w, GS_F_PARAMS, "7e9", 3, GS_FROM_FLAG, "--params", &err) ||
		    gs_workload_set(&w, GS_F_GPU, d[i].name, strlen(d[i].name), GS_FROM_FLAG, "--gpu", &err) ||
		    gs_workload_finish(&w, &err) || gs_workload_capacity(&w, &cap, &found, how, sizeof how, &err)) {
			violation("devices", d[i].name, "refused: %s", err.msg);
			continue;
		}
		/* a row with no device-reported total answers with its nominal size,
		 * said so (its "fits" is to confirm: the verdict's condition); a
		 * unified-memory row with CUDA's total, said to be shared with the
		 * CPU (its "fits" is to confirm too) */
		gs_bytes want = d[i].reported_bytes ? d[i].reported_bytes
		              : d[i].unified && d[i].cuda_bytes ? d[i].cuda_bytes : d[i].nominal_gb * GS_GB;
		if (d[i].unified && (!gs_workload_capacity_shared(&w) || !strstr(how, "unified memory")))
			violation("devices", d[i].name, "shared capacity not said so: %s", how);
		else if (!d[i].unified && !d[i].reported_bytes &&
		         (!gs_workload_capacity_nominal(&w) || !strstr(how, "nominal")))
			violation("devices", d[i].name, "nominal capacity not said so: %s", how);
		if (cap != want || w.device != &d[i])
			violation("devices", d[i].name, "capacity %llu, the table says %llu", (unsigned long long)cap,
			          (unsigned long long)want);
	}
}

/* aliases: two spellings of one format parse to the same row and figures. */
static void check_aliases(void)
{
	p_count[P_ALIASES]++;
	static const char *const same[][2] = {
		{"awq", "awq-g128"}, {"gptq", "gptq-g128"}, {"fp8", "fp8-e4m3"}, {"float16", "fp16"}, {"bfloat16", "bf16"},
		{"float32", "fp32"}, {"Q4_K_M", "gguf:Q4_K_M"}, {"q4_k_m", "gguf:Q4_K_M"}, {"gptq8", "gptq8-g128"},
		{"q8_0", "gguf:Q8_0"},
	};
	for (size_t i = 0; i < sizeof same / sizeof *same; i++) {
		gs_format a, b;
		gs_error err;
		if (gs_format_parse(same[i][0], "f", &a, &err) || gs_format_parse(same[i][1], "f", &b, &err)) {
			violation("aliases", same[i][0], "refused: %s", err.msg);
			continue;
		}
		if (strcmp(a.name, b.name) || a.family != b.family || gs_format_bpw(&a).num * gs_format_bpw(&b).den !=
		    gs_format_bpw(&b).num * gs_format_bpw(&a).den || strcmp(a.description, b.description) ||
		    strcmp(a.source, b.source) || a.keep_default != b.keep_default || a.experts_only != b.experts_only)
			violation("aliases", same[i][0], "%s and %s differ (%s vs %s)", same[i][0], same[i][1], a.name, b.name);
	}
	/* every spelling whose canonical name is a row of the table carries that row */
	const gs_format *t;
	size_t n = gs_format_table(&t);
	for (size_t k = 0; k < N_FORMATS; k++) {
		gs_format f;
		gs_error err;
		if (gs_format_parse(formats[k], "f", &f, &err)) {
			violation("aliases", formats[k], "an advertised spelling is refused: %s", err.msg);
			continue;
		}
		for (size_t i = 0; i < n; i++)
			if (!strcmp(t[i].name, f.name) &&
			    (t[i].family != f.family || strcmp(t[i].source, f.source) || strcmp(t[i].description, f.description) ||
			     t[i].keep_default != f.keep_default || t[i].experts_only != f.experts_only))
				violation("aliases", formats[k], "parses to %s but not to its row's figures", f.name);
	}
}

/* The estimate of a model text with a format ("" for none) under
 * Ollama's default release at 8192 tokens on an RTX 4090; false when refused. */
static bool tag_estimate(const char *model, const char *format, gs_estimate *e, char *why, size_t cap)
{
	gs_workload w;
	gs_error err;
	gs_error_clear(&err);
	gs_workload_init(&w);
	const char *kv[][2] = {{"model", model}, {"format", format}, {"runtime", "ollama"},
	                       {"length", "8192"}, {"gpu", "RTX 4090"}};
	gs_model m;
	gs_status s = GS_OK;
	for (size_t i = 0; i < sizeof kv / sizeof *kv && !s; i++) {
		int f = gs_field_by_key(kv[i][0], strlen(kv[i][0]));
		if (!*kv[i][1] || f < 0)
			continue;
		s = gs_workload_set(&w, (gs_field)f, kv[i][1], strlen(kv[i][1]), GS_FROM_FLAG, "prop", &err);
	}
	if (!s)
		s = gs_workload_finish(&w, &err);
	if (!s)
		s = gs_workload_model(&w, &m, &err);
	if (!s)
		s = gs_estimate_run(&w, &m, e, &err);
	snprintf(why, cap, "%s", s ? err.msg : "");
	return !s;
}

/* Whether two estimates have the same phases and items, byte for byte. */
static bool same_figures(const gs_estimate *a, const gs_estimate *b)
{
	if (a->n_phases != b->n_phases || a->n_items != b->n_items)
		return false;
	for (size_t p = 0; p < a->n_phases; p++)
		if (a->phases[p].peak != b->phases[p].peak)
			return false;
	for (size_t i = 0; i < a->n_items; i++)
		if (strcmp(a->items[i].id, b->items[i].id) ||
		    memcmp(a->items[i].bytes, b->items[i].bytes, sizeof a->items[i].bytes))
			return false;
	return true;
}

/* tags: each row of Ollama's tag table equals its explicit forms. */
/* derived: a re-upload named after a library model resolves to it by name
 * (gs_library_derive): "org/NAME" is NAME's model; "org/NAME-AWQ" the model
 * NAME-AWQ if the library holds one, else NAME's with the suffix's format,
 * its parameters the model's own. */
static void check_derived(void)
{
	size_t n = gs_library_count();
	for (size_t i = 0; i < n; i++) {
		gs_library_entry e;
		gs_library_derived d;
		char id[300], why[400];
		if (gs_library_at(i, &e, NULL))
			continue;
		p_count[P_DERIVED]++;
		const char *name = strchr(e.id, '/') + 1;
		snprintf(id, sizeof id, "someone-else/%s", name);
		if (gs_library_derive(id, &d, why, sizeof why) != 1 || strcmp(d.base.id, e.id) || d.format[0])
			violation("derived", id, "not read as %s: %s", e.id, why);
		snprintf(id, sizeof id, "someone-else/%s-AWQ", name);
		char whole[200];
		snprintf(whole, sizeof whole, "%s-AWQ", name);
		int r = gs_library_derive(id, &d, why, sizeof why);
		const char *got = r == 1 ? strchr(d.base.id, '/') + 1 : "";
		if (r != 1 || (strcmp(d.base.id, e.id) && strcasecmp(got, whole)) ||
		    (!strcmp(d.base.id, e.id) && strcmp(d.format, "awq-g128")))
			violation("derived", id, "not read as %s with AWQ: %s", e.id, why);
	}
}

static void check_tags(void)
{
	gs_estimate *a = malloc(sizeof *a), *b = malloc(sizeof *b);
	char tag[64], why[1024];
	const char *id, *quant;
	for (size_t i = 0; a && b && (id = gsi_ollama_tag_row(i, tag, sizeof tag, &quant, NULL)); i++) {
		p_count[P_TAGS]++;
		const char *q = quant ? quant : "Q4_K_M"; /* a tag without a recorded upload: spelled */
		char spelled[96], lower[16], fmt[24];
		size_t k = 0;
		bool kq = strstr(q, "_K") != NULL; /* Ollama's spelling: q4_K_M, q8_0, mxfp4 */
		for (; q[k] && k + 1 < sizeof lower; k++)
			lower[k] = (char)(kq && k ? q[k] : tolower((unsigned char)q[k]));
		lower[k] = 0;
		snprintf(spelled, sizeof spelled, "%s-%s", tag, lower);
		snprintf(fmt, sizeof fmt, "gguf:%s", q);
		if (!tag_estimate(spelled, "", a, why, sizeof why)) {
			if (!deliberate(why))
				violation("tags", spelled, "refused: %s", why);
			continue;
		}
		if (!tag_estimate(id, fmt, b, why, sizeof why))
			violation("tags", id, "the library model with %s is refused: %s", fmt, why);
		else if (!same_figures(a, b))
			violation("tags", spelled, "differs from %s --runtime ollama --format %s", id, fmt);
		if (quant && (!tag_estimate(tag, "", b, why, sizeof why) || !same_figures(a, b)))
			violation("tags", tag, "differs from %s (%s)", spelled, why);
	}
	free(a);
	free(b);
}

/* contra: contradictory inputs on model m never come out "fits" (issue
 * 50's wrong verdicts): each is refused, or judged at most to confirm. */
static void check_contradictions(const gs_library_entry *entry, const gs_model *m)
{
	static const struct {
		const char *what;
		const char *kv[6][2];
	} cases[] = {
		{"lengths far below length", {{"task", "lora"}, {"length", "100000"}, {"lengths", "1,1,1"},
		                              {"gpu", "H200"}}},
		{"a GGUF file type under Transformers", {{"format", "Q4_K_M"}, {"runtime", "transformers"},
		                                          {"length", "512"}, {"gpu", "H200"}}},
		{"a KV type vLLM lacks", {{"runtime", "vllm"}, {"kv_format", "q4_0"}, {"length", "512"},
		                          {"gpu", "H200"}}},
		{"tp 3 under Transformers", {{"tp", "3"}, {"gpus", "3"}, {"length", "512"}, {"gpu", "H200"}}},
	};
	gs_estimate *e = malloc(sizeof *e);
	for (size_t i = 0; e && i < sizeof cases / sizeof cases[0]; i++) {
		p_count[P_CONTRA]++;
		gs_workload w;
		gs_error err;
		gs_workload_init(&w);
		gs_status s = gs_workload_set(&w, GS_F_MODEL, entry->id, strlen(entry->id), GS_FROM_FLAG, "p",
		                              &err);
		for (size_t k = 0; !s && k < 6 && cases[i].kv[k][0]; k++) {
			int f = gs_field_by_key(cases[i].kv[k][0], strlen(cases[i].kv[k][0]));
			s = f < 0 ? GS_EINPUT
			          : gs_workload_set(&w, (gs_field)f, cases[i].kv[k][1], strlen(cases[i].kv[k][1]),
			                            GS_FROM_FLAG, "p", &err);
		}
		if (!s)
			s = gs_workload_finish(&w, &err);
		if (!s)
			s = gs_estimate_run(&w, m, e, &err);
		/* tp 3 is no contradiction where it divides the heads */
		bool divides = m->heads % 3 == 0 && (m->kv_heads ? m->kv_heads : m->heads) % 3 == 0;
		if (!s && e->has_capacity && e->verdict.klass == GS_CLASS_FITS && !(strstr(cases[i].what, "tp 3") &&
		                                                                    divides))
			violation("contra", entry->id, "%s: fits", cases[i].what);
	}
	free(e);
}

/* The release `v` of `engine` as an estimate takes it: the row it maps to
 * (e->runtime_version), or "" when refused. */
static void release_row_class(const gs_model *m, const char *engine, const char *v, char *row, size_t cap,
                              gs_class *klass, bool *newer)
{
	gs_workload w;
	gs_error err;
	gs_estimate *e = malloc(sizeof *e);
	row[0] = 0;
	*klass = GS_CLASS_NONE;
	*newer = false;
	if (!e)
		return;
	const char *fmt = strcmp(engine, "ollama") && strcmp(engine, "llamacpp") ? "bf16" : "gguf:Q4_K_M";
	struct { gs_field f; const char *v; } set[] = {
		{GS_F_MODEL, "meta-llama/Llama-3.1-8B-Instruct"}, {GS_F_RUNTIME, engine}, {GS_F_RUNTIME_VERSION, v},
		{GS_F_FORMAT, fmt}, {GS_F_LENGTH, "1024"}, {GS_F_GPU, "H100 SXM"}};
	gs_workload_init(&w);
	bool ok = true;
	for (size_t i = 0; ok && i < sizeof set / sizeof *set; i++)
		ok = !gs_workload_set(&w, set[i].f, set[i].v, strlen(set[i].v), GS_FROM_FLAG, "prop", &err);
	if (ok && !gs_workload_finish(&w, &err) && !gs_estimate_run(&w, m, e, &err)) {
		snprintf(row, cap, "%s", e->runtime_version);
		*klass = e->verdict.klass;
		*newer = e->release_newer;
	}
	free(e);
}

static void release_row(const gs_model *m, const char *engine, const char *v, char *row, size_t cap)
{
	gs_class k;
	bool newer;
	release_row_class(m, engine, v, row, cap, &k, &newer);
}

/* A release newer than the engine's last row takes that row, and its
 * answer is never "fits" (issue 46: to confirm, or does not fit). */
static void check_newer(const gs_model *m, const char *engine, const char *last)
{
	char row[32];
	gs_class k;
	bool newer;
	const char *v = strcmp(engine, "llamacpp") ? "99.0.0" : "b999999";
	release_row_class(m, engine, v, row, sizeof row, &k, &newer);
	if (strcmp(row, last) || !newer || k == GS_CLASS_FITS || k == GS_CLASS_NONE)
		violation("releases", engine, "--runtime-version %s maps to row \"%s\" (%s, %s), want %s to confirm", v,
		          row, newer ? "newer" : "not newer", gs_class_id(k), last);
}

/* vLLM release v on a T4 (compute capability 7.5) in fp16: 0 V0, 1 V1, -1
 * refused. 0.8.0 to 0.10.1 fall back to V0 there, 0.10.2 on run V1. */
static int engine_on_t4(const gs_model *m, const char *v, char *why, size_t cap)
{
	gs_workload w;
	gs_error err;
	gs_estimate *e = malloc(sizeof *e);
	int engine = -1;
	why[0] = 0;
	if (!e)
		return -1;
	struct { gs_field f; const char *v; } set[] = {
		{GS_F_MODEL, "meta-llama/Llama-3.1-8B-Instruct"}, {GS_F_RUNTIME, "vllm"}, {GS_F_RUNTIME_VERSION, v},
		{GS_F_FORMAT, "fp16"}, {GS_F_LENGTH, "1024"}, {GS_F_GPU, "T4"}};
	gs_workload_init(&w);
	bool ok = true;
	for (size_t i = 0; ok && i < sizeof set / sizeof *set; i++)
		ok = !gs_workload_set(&w, set[i].f, set[i].v, strlen(set[i].v), GS_FROM_FLAG, "prop", &err);
	if (ok && !gs_workload_finish(&w, &err) && !gs_estimate_run(&w, m, e, &err))
		engine = e->vllm.v1 ? 1 : 0;
	else
		snprintf(why, cap, "%s", err.msg);
	free(e);
	return engine;
}

/* releases: every release --help names, and both ends of the range it
 * stands for, map to that row of the release table; every vLLM row runs
 * the engine vLLM runs on a T4. */
static void check_releases(const gs_model *m)
{
	p_count[P_RELEASES]++;
	static char help[GS_FIELD_HELP_MAX];
	gs_render_field_help(GS_F_RUNTIME_VERSION, help, sizeof help);
	const char *p = strstr(help, "releases: ");
	char engine[16] = "", last[32] = "";
	while (p && *p) {
		p += strspn(p, ":,| ");
		if (!strncmp(p, "(default", 8))
			break;
		size_t n = strcspn(p, " ,|");
		char word[32];
		snprintf(word, sizeof word, "%.*s", (int)(n < sizeof word ? n : sizeof word - 1), p);
		p += n;
		bool build = word[0] == 'b' && word[1] >= '0' && word[1] <= '9'; /* a llama.cpp build */
		if (!build && (word[0] < '0' || word[0] > '9')) { /* an engine's name: its rows follow */
			if (engine[0] && last[0])
				check_newer(m, engine, last);
			snprintf(engine, sizeof engine, "%.15s", word);
			continue;
		}
		snprintf(last, sizeof last, "%s", word);
		char lo[32], hi[32], row[32];
		snprintf(lo, sizeof lo, "%s", word);
		snprintf(hi, sizeof hi, "%s", word);
		if (!strncmp(p, " (for ", 6) && sscanf(p + 6, "%31s to %31[^)]", lo, hi) == 2)
			p = strchr(p, ')') + 1;
		if (!strcmp(engine, "vllm")) {
			unsigned maj = 0, min = 0, pat = 0;
			sscanf(word, "%u.%u.%u", &maj, &min, &pat);
			int want = maj == 0 && (min < 10 || (min == 10 && pat < 2)) ? 0 : 1;
			char why[sizeof ((gs_error *)0)->msg]; /* the whole refusal */
			int got = engine_on_t4(m, word, why, sizeof why);
			if (got != want)
				violation("releases", "vllm", "%s on a T4 runs %s here, vLLM runs %s%s%s", word,
				          got < 0 ? "nothing (refused)" : got ? "V1" : "V0", want ? "V1" : "V0", why[0] ? ": " : "",
				          why);
		}
		const char *ends[3] = {word, lo, hi};
		for (int k = 0; k < 3; k++) {
			release_row(m, engine, ends[k], row, sizeof row);
			if (strcmp(row, word))
				violation("releases", engine, "--runtime-version %s maps to row \"%s\", --help names %s", ends[k], row,
				          word);
		}
	}
	if (engine[0] && last[0])
		check_newer(m, engine, last);
	if (!engine[0])
		violation("releases", "help", "no release list in --runtime-version's help");
}

/* matrix: each cell is fit's answer on the same device. */
static void check_matrix(const gs_library_entry *entry, const gs_model *m, const char *gpu)
{
	p_count[P_MATRIX]++;
	gs_workload base;
	gs_error err;
	gs_workload_init(&base);
	if (gs_workload_set(&base, GS_F_GPU, gpu, strlen(gpu), GS_FROM_FLAG, "--gpu", &err))
		return;
	gs_matrix *mx = malloc(sizeof *mx);
	/* native: the checkpoint's own format, which estimate takes when no
	 * format is given (issue 45) */
	char fm[3][40] = {"native", "bf16", "nf4"};
	const char *models[1] = {entry->id};
	if (!mx)
		return;
	if (gs_matrix_run(&base, models, 1, fm, 3, mx, &err)) {
		violation("matrix", entry->id, "matrix refused: %s", err.msg);
		free(mx);
		return;
	}
	for (size_t j = 0; j < 3 && mx->n_rows == 1 && !mx->rows[0].problem[0]; j++) {
		const gs_matrix_cell *cell = &mx->rows[0].cells[j];
		gs_workload w = base;
		gs_fit_result r;
		bool native = !strcmp(fm[j], "native");
		if (gs_workload_set(&w, GS_F_MODEL, entry->id, strlen(entry->id), GS_FROM_FLAG, "m", &err) ||
		    (!native && gs_workload_set(&w, GS_F_FORMAT, fm[j], strlen(fm[j]), GS_FROM_FLAG, "f", &err)) ||
		    gs_workload_finish(&w, &err) || gs_fit_run(&w, m, mx->target, &r, &err)) {
			if (!cell->error)
				violation("matrix", entry->id, "%s: the cell answered, fit refused: %s", fm[j], err.msg);
			continue;
		}
		if (cell->error || cell->fits != r.fits || (r.fits && cell->best != r.best) ||
		    cell->best_certain != r.best_certain || cell->klass != r.klass)
			violation("matrix", entry->id, "%s on %s: cell %llu (%s), fit %llu (%s)", fm[j], gpu,
			          (unsigned long long)cell->best, cell->fits ? "fits" : "no", (unsigned long long)r.best,
			          r.fits ? "fits" : "no");
	}
	free(mx);
}

int main(int argc, char **argv)
{
	unsigned long every = 1;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--every") && i + 1 < argc)
			every = strtoul(argv[++i], NULL, 10);
		else if (!strcmp(argv[i], "--verbose"))
			verbose = true;
		else if (!strcmp(argv[i], "--all"))
			print_all = true;
		else {
			fprintf(stderr, "usage: prop [--every N] [--verbose] [--all]\n");
			return 2;
		}
	}
	if (!every)
		every = 1;
	check_devices();
	check_aliases();
	check_tags();
	check_derived();
	{
		gs_library_entry le;
		gs_model lm;
		gs_error err;
		if (gs_library_find("meta-llama/Llama-3.1-8B-Instruct", &le) && !gs_library_model(&le, &lm, &err))
			check_releases(&lm);
		else
			violation("releases", "library", "Llama-3.1-8B-Instruct is not in the library");
	}
	size_t n_models = gs_library_count();
	gs_estimate *e = malloc(sizeof *e);
	gs_library_entry *entries = calloc(n_models, sizeof *entries);
	gs_model *models = calloc(n_models, sizeof *models);
	if (!e || !entries || !models)
		return 3;
	unsigned long k = 0;
	for (size_t i = 0; i < n_models; i++) {
		gs_error err;
		if (gs_library_at(i, &entries[i], &err) || gs_library_model(&entries[i], &models[i], &err)) {
			violation("refusal", entries[i].id, "a library model does not load: %s", err.msg);
			continue;
		}
		const gs_model *m = &models[i];
		check_bits(&entries[i], m);
		if (i % (every > 4 ? every / 4 : 1) == 0)
			check_contradictions(&entries[i], m);
		if (i % (every > 4 ? every / 4 : 1) == 0)
			check_matrix(&entries[i], m, gpus[i % (sizeof gpus / sizeof *gpus)]);
		uint64_t L = m->max_position && m->max_position < 2048 ? m->max_position / 4 : 512;
		L = L >= 16 ? L / 16 * 16 : 16;
		for (size_t r = 0; r < sizeof runtimes / sizeof *runtimes; r++)
			for (size_t t = 0; t < sizeof tasks / sizeof *tasks; t++)
				for (size_t f = 0; f < N_FORMATS; f++) {
					/* a format the runtime does not load, adaptation on a serving
					 * engine: refusals, a few of each suffice */
					bool gguf_rt = r >= 3;
					if ((gguf_rt != is_gguf(formats[f]) || (r && t)) && f % 7)
						continue;
					if (k++ % every)
						continue;
					combo c = {&entries[i], m, formats[f], runtimes[r], tasks[t],
					           gpus[(i + f + r) % (sizeof gpus / sizeof *gpus)], L, 1, ""};
					snprintf(c.name, sizeof c.name, "%s --format %s --runtime %s --task %s --context %llu --gpu \"%s\"%s",
					         c.entry->id, c.format, c.runtime, c.task, (unsigned long long)L, c.gpu,
					         vlm_training(&c) ? " --recipe unsloth --images 1 --image-tokens 256" : "");
					n_checked++;
					if (!estimate_of(&c, e, 0, NULL, NULL)) {
						n_refused++;
						continue;
					}
					check_peak(&c, e);
					check_texts(&c, e);
					check_kv(&c, e);
					check_lean(&c, e);
					check_state(&c, e);
					unsigned long h = k / every;
					if (h % 3 == 0)
						check_sheet(&c, e);
					if (h % 5 == 0)
						check_shortlist(&c, e);
					if (h % 7 == 0 && t == 0 && r != 4)
						check_tp(&c, e);
					if (h % 11 == 0)
						check_fit(&c);
					if (h % 3 == 1 && r == 3 && t == 0)
						check_offload(&c);
				}
	}
	printf("%lu combinations, %lu refused deliberately, %lu violations\n", n_checked, n_refused, n_bad);
	for (size_t i = 0; i < P__N; i++)
		printf("  %-10s checked %lu times\n", p_name[i], p_count[i]);
	for (size_t i = 0; i < 16 && kinds[i]; i++)
		printf("  violations of %s: %lu\n", kinds[i], kind_count[i]);
	for (size_t i = 0; verbose && i < n_seen; i++)
		printf("  refusal seen: %s\n", seen_refusal[i]);
	free(e);
	free(entries);
	free(models);
	return n_bad ? 1 : 0;
}
