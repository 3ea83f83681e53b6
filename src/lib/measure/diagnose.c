#define _GNU_SOURCE /* memmem */
/*
 * diagnose.c — the first out-of-memory in a log (gpusizer/diagnose.h).
 * Lines are matched against the libraries' message templates; the figures
 * are parsed with the exact unit parser; the phase is read off the lines
 * before the message (the traceback).
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gpusizer/diagnose.h"
#include "core/fmt.h"

#define MAX_LOG GS_DIAGNOSE_MAX_LOG
#define LOOKBACK 120

const char *gs_oom_kind_name(gs_oom_kind k)
{
	switch (k) {
	case GS_OOM_TORCH: return "PyTorch CUDA out of memory";
	case GS_OOM_LLAMACPP: return "llama.cpp buffer allocation failed";
	case GS_OOM_VLLM_KV: return "vLLM: max_model_len above the KV cache";
	case GS_OOM_VLLM_NO_CACHE: return "vLLM: no memory left for the KV cache";
	case GS_OOM_SGLANG_POOL: return "SGLang: no memory left for the token-to-KV pool";
	case GS_OOM_NONE: break;
	}
	return "none";
}

/* The line [s, e) as a NUL-terminated copy of at most cap - 1 bytes. */
static void copy_line(const char *s, const char *e, char *buf, size_t cap)
{
	size_t n = (size_t)(e - s) < cap - 1 ? (size_t)(e - s) : cap - 1;
	for (size_t i = 0; i < n; i++)
		buf[i] = (s[i] >= 32 && s[i] < 127) ? s[i] : ' ';
	buf[n] = 0;
}

/* A size right after `key` in line: "244.00 MiB", "0 bytes", "7.73 GiB". */
static bool size_after(const char *line, const char *key, gs_bytes *out)
{
	const char *p = strstr(line, key);
	if (!p)
		return false;
	p += strlen(key);
	char num[64];
	size_t n = 0;
	while ((isdigit((unsigned char)*p) || *p == '.') && n < 40)
		num[n++] = *p++;
	if (!n)
		return false;
	while (*p == ' ')
		p++;
	const char *u = p;
	while (isalpha((unsigned char)*p))
		p++;
	size_t ul = (size_t)(p - u);
	if (ul == 5 && !strncmp(u, "bytes", 5))
		ul = 0; /* "0 bytes": plain bytes */
	else if (ul > 3)
		return false;
	num[n++] = ' ';
	memcpy(num + n, ul ? u : "B", ul ? ul : 1);
	n += ul ? ul : 1;
	return gs_parse_bytes(num, n, "log", out, NULL) == GS_OK;
}

static bool uint_after(const char *line, const char *key, uint64_t *out)
{
	const char *p = strstr(line, key);
	if (!p)
		return false;
	p += strlen(key);
	char *end;
	errno = 0;
	unsigned long long v = strtoull(p, &end, 10);
	if (end == p || errno == ERANGE)
		return false;
	*out = v;
	return true;
}

/* A device index as a log gives it: no machine has 65,536 GPUs, and an
 * index past int's range must not wrap to GPU 0 ("on device 4294967296"). */
static bool gpu_after(const char *line, const char *key, int *gpu)
{
	uint64_t v;
	if (!uint_after(line, key, &v) || v > 65535)
		return false;
	*gpu = (int)v;
	return true;
}

static bool parse_torch(const char *l, gs_oom *o)
{
	if (!strstr(l, "CUDA out of memory") && !strstr(l, "OutOfMemoryError"))
		return false;
	o->kind = GS_OOM_TORCH;
	o->has_requested = size_after(l, "Tried to allocate ", &o->requested);
	gpu_after(l, "GPU ", &o->gpu);
	/* 2.x */
	o->has_capacity = size_after(l, "has a total capacity of ", &o->capacity) ||
	                  size_after(l, "has a total capacty of ", &o->capacity);
	o->has_free = size_after(l, " of which ", &o->free);
	o->has_process = size_after(l, "this process has ", &o->process);
	o->has_allocated = size_after(l, "Of the allocated memory ", &o->allocated);
	o->has_reserved = size_after(l, "is allocated by PyTorch, and ", &o->reserved_unallocated);
	/* 1.x: (GPU 0; C total capacity; A already allocated; F free; R reserved ...) */
	if (!o->has_capacity) {
		const char *p = strstr(l, "(GPU ");
		if (p && (p = strchr(p, ';'))) {
			o->has_capacity = size_after(p, "; ", &o->capacity);
			o->has_allocated = size_after(p, "total capacity; ", &o->allocated);
			o->has_free = size_after(p, "already allocated; ", &o->free);
			gs_bytes reserved;
			if (size_after(p, "free; ", &reserved) && o->has_allocated &&
			    reserved >= o->allocated) {
				o->reserved_unallocated = reserved - o->allocated;
				o->has_reserved = true;
			}
		}
	}
	return true;
}

static bool parse_llamacpp(const char *l, gs_oom *o)
{
	uint64_t bytes;
	if (strstr(l, "cudaMalloc failed") && strstr(l, "allocating ")) {
		o->kind = GS_OOM_LLAMACPP;
		o->has_requested = size_after(l, "allocating ", &o->requested);
		gpu_after(l, "on device ", &o->gpu);
		return true;
	}
	const char *p = strstr(l, "failed to allocate CUDA");
	if (p && uint_after(p, "buffer of size ", &bytes)) {
		o->kind = GS_OOM_LLAMACPP;
		o->requested = bytes;
		o->has_requested = true;
		gpu_after(p, "failed to allocate CUDA", &o->gpu);
		return true;
	}
	return false;
}

/* vLLM's start-up failures, V0 and V1 wording, and a negative pool after
 * profiling (the fixed items took the whole budget). */
static bool parse_vllm(const char *l, gs_oom *o)
{
	if (strstr(l, "larger than the maximum number of tokens that can be stored in KV cache")) {
		o->kind = GS_OOM_VLLM_KV;
		uint_after(l, "max seq len (", &o->max_model_len);
		uint_after(l, "stored in KV cache (", &o->kv_tokens);
		return true;
	}
	if (strstr(l, "To serve at least one request with the model")) {
		/* V1: "(24.0 GiB KV cache is needed, which is larger than the
		 * available KV cache memory (3.18 GiB). Based on the available
		 * memory, the estimated maximum model length is 34736." */
		o->kind = GS_OOM_VLLM_KV;
		uint_after(l, "max seq len (", &o->max_model_len);
		o->has_requested = size_after(l, "), (", &o->requested);
		o->has_free = size_after(l, "available KV cache memory (", &o->free);
		uint_after(l, "estimated maximum model length is ", &o->kv_tokens);
		return true;
	}
	if (strstr(l, "No available memory for the cache blocks") ||
	    strstr(l, "available_kv_cache_memory=-") || strstr(l, "Available KV cache memory: -") ||
	    strstr(l, "kv_cache_size=-")) {
		o->kind = GS_OOM_VLLM_NO_CACHE;
		return true;
	}
	return false;
}

/* SGLang: the pool came out empty or negative (model_runner.py). */
static bool parse_sglang(const char *l, gs_oom *o)
{
	if ((strstr(l, "Not enough memory") || strstr(l, "Not enought memory")) && strstr(l, "mem-fraction-"
	                                                                                     "static")) {
		o->kind = GS_OOM_SGLANG_POOL;
		return true;
	}
	const char *p = strstr(l, "is larger than the profiled value -");
	if (p) {
		o->kind = GS_OOM_SGLANG_POOL;
		return true;
	}
	return false;
}

typedef struct clue {
	const char *needle, *phase, *items;
} clue;

/* Most specific first: a traceback through autograd is a backward pass even
 * when the training loop's forward is on the stack too. */
static const clue clues[] = {
	/* merging adapters for export: the base dequantized to 16 bits */
	{"merge_and_unload", "export", "the base dequantized to 16 bits for the merge, the merged weights"},
	{"save_pretrained_merged", "export", "the merged weights, one tensor dequantized at a time"},
	{"_merge_lora", "export", "the merged weights, one tensor dequantized at a time"},
	{"backward", "backward", "activations kept for backward, gradients, the loss logits"},
	{"autograd", "backward", "activations kept for backward, gradients, the loss logits"},
	{"optimizer.step", "first_update",
         "optimizer states (created at the first step), optimizer temporaries, gradients"},
	{"_multi_tensor_adam", "first_update",
         "optimizer states (created at the first step), optimizer temporaries, gradients"},
	{"_single_tensor_adam", "first_update", "optimizer states (created at the first step), gradients"},
	{"from_pretrained", "load", "weights, a quantize-on-load transient, modules kept in 16 bits"},
	{"load_state_dict", "load", "weights, a second copy while loading"},
	{"llama_model_load", "load", "weights (model buffers)"},
	{"load_tensors", "load", "weights (model buffers)"},
	{"llama_init_from_model", "context", "KV cache, compute buffer"},
	{"llama_new_context", "context", "KV cache, compute buffer"},
	{"ggml_gallocr", "context", "compute buffer"},
	{"evaluation_loop", "validation", "activations and logits of the evaluation batch"},
	{"prediction_step", "validation", "activations and logits of the evaluation batch"},
	{"prefill", "prefill", "KV cache, prefill activations, logits"},
	{"generate", "prefill", "KV cache, prefill activations (the first step is the largest), logits"},
	{"determine_num_available_blocks", "serve", "the KV cache pool"},
	{"determine_available_memory", "serve", "the KV cache pool"},
	{"_initialize_kv_caches", "serve", "the KV cache pool"},
	{".to(", "load", "weights moved to the device"},
	{".cuda(", "load", "weights moved to the device"},
	{"training_step", "forward", "activations, the loss logits"},
	{"forward", "forward", "activations, the loss logits"},
};

/* The last LOOKBACK lines before the failure, as a ring. */
typedef struct lookback {
	const char *starts[LOOKBACK], *ends[LOOKBACK];
	size_t seen;
} lookback;

/* The k-th line before the failure (0 = the nearest) into buf. */
static void line_before(const lookback *lb, size_t k, char *buf, size_t cap)
{
	size_t idx = (lb->seen - 1 - k) % LOOKBACK;
	copy_line(lb->starts[idx], lb->ends[idx], buf, cap);
}

static void set_phase(gs_oom *o, const clue *c, const char *why)
{
	gsi_fmt(o->phase, sizeof o->phase, "%s", c->phase);
	snprintf(o->items, sizeof o->items, "%s", c->items);
	while (*why == ' ')
		why++;
	gsi_fmt(o->phase_why, sizeof o->phase_why, "%.190s", why);
}

/* llama.cpp logs step by step: the nearest step before the failure says where. */
static void llamacpp_step(const lookback *lb, gs_oom *o)
{
	static const clue steps[] = {
		{"llama_kv_cache", "context", "KV cache (n_ctx x layers x KV width), compute buffer"},
		{"llama_init_from_model", "context", "KV cache, compute buffer"},
		{"llama_new_context", "context", "KV cache, compute buffer"},
		{"ggml_gallocr", "context", "compute buffer"},
		{"load_tensors", "load", "weights (model buffers)"},
		{"llama_model_load", "load", "weights (model buffers)"},
	};
	size_t nback = lb->seen < LOOKBACK ? lb->seen : LOOKBACK;
	for (size_t k = 0; k < nback && !o->phase[0]; k++) {
		char prev[512];
		line_before(lb, k, prev, sizeof prev);
		for (size_t c = 0; c < sizeof steps / sizeof steps[0]; c++)
			if (strstr(prev, steps[c].needle)) {
				set_phase(o, &steps[c], prev);
				break;
			}
	}
}

/* A Python traceback before the message says where, read by specificity:
 * the most telling clue anywhere in the lookback wins. */
static void traceback_clue(const lookback *lb, gs_oom *o)
{
	size_t nback = lb->seen < LOOKBACK ? lb->seen : LOOKBACK;
	for (size_t c = 0; c < sizeof clues / sizeof clues[0] && !o->phase[0]; c++)
		for (size_t k = 0; k < nback; k++) {
			char prev[512];
			line_before(lb, k, prev, sizeof prev);
			if (strstr(prev, clues[c].needle)) {
				set_phase(o, &clues[c], prev);
				break;
			}
		}
}

/* Serving engines' start-up failures name their phase by their kind. */
static const struct engine_phase {
	gs_oom_kind kind;
	const char *phase, *why, *items;
} engine_phases[] = {
	{GS_OOM_VLLM_KV, "serve",
         "vLLM sized its KV pool after the profile run: it is smaller than one request of max_model_len",
         "the KV cache pool against max_model_len; what the budget keeps for weights, the profile run, "
         "non-torch memory"},
	{GS_OOM_VLLM_NO_CACHE, "profile",
         "vLLM's profile run left nothing of gpu_memory_utilization x the CUDA total for the KV cache",
         "weights, the profile run's activations and logits, non-torch memory against the budget"},
	{GS_OOM_SGLANG_POOL, "pool",
         "SGLang sizes its token-to-KV pool from mem_fraction_static of the free memory, after the weights",
         "weights against mem_fraction_static x the free memory"},
};

/* The failure at `line`: its kind was parsed; now its phase. */
static void place_failure(const lookback *lb, gs_oom *o)
{
	for (size_t i = 0; i < sizeof engine_phases / sizeof engine_phases[0]; i++)
		if (o->kind == engine_phases[i].kind) {
			snprintf(o->phase, sizeof o->phase, "%s", engine_phases[i].phase);
			snprintf(o->phase_why, sizeof o->phase_why, "%s", engine_phases[i].why);
			snprintf(o->items, sizeof o->items, "%s", engine_phases[i].items);
			return;
		}
	if (o->kind == GS_OOM_LLAMACPP)
		llamacpp_step(lb, o);
	traceback_clue(lb, o);
	if (!o->phase[0]) {
		snprintf(o->phase, sizeof o->phase, "unknown");
		snprintf(o->phase_why, sizeof o->phase_why,
		         "no traceback or log line before the message says where");
	}
}

/* Words one of the parsers above needs in a line for it to match (no
 * spaces: copy_line turns a tab or control byte into one): a line without
 * any cannot be the failure, so the scan jumps from one occurrence to the
 * next with memmem instead of copying and testing every line (issue 50
 * item 12: 33 million short lines took 3.3 s). A parser that learns a new
 * template adds its word here. */
static const char *const triggers[] = {
	"memory",   /* CUDA out of memory, No available memory, Not enough memory, *_memory=- */
	"Memory",   /* OutOfMemoryError */
	"CUDA",     /* CUDA out of memory; llama.cpp: failed to allocate CUDA */
	"cudaMalloc", /* llama.cpp: cudaMalloc failed */
	"allocate", /* llama.cpp: failed to allocate CUDA */
	"KV",       /* vLLM: ... stored in KV cache */
	"request",  /* vLLM: To serve at least one request */
	"cache",    /* vLLM: the cache blocks, *_kv_cache_*, KV cache memory */
	"fraction", /* SGLang: mem-fraction-static */
	"profiled", /* SGLang: profiled value - */
};
enum { W_memory = 1, W_Memory = 2, W_CUDA = 4, W_cudaMalloc = 8, W_allocate = 16, W_KV = 32,
       W_request = 64, W_cache = 128, W_fraction = 256, W_profiled = 512 };
#define N_TRIGGERS (sizeof triggers / sizeof triggers[0])
_Static_assert(N_TRIGGERS == 10, "one W_ bit a trigger word, in the table's order");

/* The parsers whose templates need only words the line holds (w). */
static bool parse_line(const char *line, unsigned w, gs_oom *o)
{
	if ((w & W_Memory || (w & W_memory && w & W_CUDA)) && parse_torch(line, o))
		return true;
	if (w & (W_cudaMalloc | W_allocate) && parse_llamacpp(line, o))
		return true;
	if (w & (W_KV | W_request | W_cache) && parse_vllm(line, o))
		return true;
	return w & (W_fraction | W_profiled) && parse_sglang(line, o);
}

/* The start of the next line at or after p holding a trigger word (next[]
 * caches each word's next occurrence), or NULL. */
static const char *next_candidate(const char *p, const char *end, const char *next[N_TRIGGERS])
{
	const char *best = NULL;
	for (size_t t = 0; t < N_TRIGGERS; t++) {
		if (next[t] && next[t] < p)
			next[t] = memmem(p, (size_t)(end - p), triggers[t], strlen(triggers[t]));
		if (next[t] && (!best || next[t] < best))
			best = next[t];
	}
	if (!best)
		return NULL;
	while (best > p && best[-1] != '\n')
		best--;
	return best;
}

/* The lines before [line, ...): up to LOOKBACK of them, oldest first, as
 * line_before reads them; and the line's number. */
static unsigned lines_before(const char *buf, const char *line, lookback *lb)
{
	const char *starts[LOOKBACK], *ends[LOOKBACK];
	size_t m = 0;
	for (const char *e = line; e > buf && m < LOOKBACK; m++) {
		const char *le = e - 1; /* the newline that ends the previous line */
		const char *ls = le;
		while (ls > buf && ls[-1] != '\n')
			ls--;
		starts[m] = ls;
		ends[m] = le;
		e = ls;
	}
	for (size_t i = 0; i < m; i++) {
		lb->starts[i] = starts[m - 1 - i];
		lb->ends[i] = ends[m - 1 - i];
	}
	lb->seen = m;
	unsigned lineno = 1;
	for (const char *q = buf; (q = memchr(q, '\n', (size_t)(line - q))) != NULL; q++)
		lineno++;
	return lineno;
}

bool gs_diagnose_log(const char *buf, size_t len, gs_oom *o)
{
	memset(o, 0, sizeof *o);
	o->gpu = -1;
	if (len > MAX_LOG)
		len = MAX_LOG;
	/* a whole line up to 64 KiB: PyTorch's message comes after a long
	 * traceback line in some logs, and was missed past 2,047 characters */
	enum { LINE_MAX_BYTES = 64 << 10 };
	char *line = malloc(LINE_MAX_BYTES);
	if (!line)
		return false;
	const char *next[N_TRIGGERS], *end = buf + len;
	for (size_t t = 0; t < N_TRIGGERS; t++)
		next[t] = memmem(buf, len, triggers[t], strlen(triggers[t]));
	for (const char *p = buf; p < end && (p = next_candidate(p, end, next)) != NULL;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *le = nl ? nl : end;
		unsigned w = 0; /* the trigger words this line holds */
		for (size_t t = 0; t < N_TRIGGERS; t++)
			if (next[t] && next[t] < le)
				w |= 1u << t;
		copy_line(p, le, line, LINE_MAX_BYTES);
		if (parse_line(line, w, o)) {
			lookback lb;
			o->line = lines_before(buf, p, &lb);
			snprintf(o->message, sizeof o->message, "%.399s", line);
			place_failure(&lb, o);
			free(line);
			return true;
		}
		p = nl ? nl + 1 : end;
	}
	free(line);
	memset(o, 0, sizeof *o);
	o->gpu = -1;
	return false;
}
