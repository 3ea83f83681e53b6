/*
 * inventory.c — a checkpoint's tensor table from local files (headers only:
 * a .gguf, a .safetensors file, or a folder with its shards), the class of
 * each tensor by name, and the summary an estimate uses (gpusizer/inventory.h).
 */
#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "gpusizer/dtype.h"
#include "gpusizer/file.h"
#include "checkpoint/tensor_table.h"

/* --- classification ------------------------------------------------------------ */

static bool ends(const char *s, const char *suf)
{
	size_t n = strlen(s), m = strlen(suf);
	return n >= m && strcmp(s + n - m, suf) == 0;
}

static const char *const quant_suffixes[] = {
	".absmax", ".quant_map", ".nested_absmax", ".nested_quant_map", ".quant_state.bitsandbytes__nf4",
	".quant_state.bitsandbytes__fp4", ".SCB", ".weight_format", ".scales", ".qzeros", ".g_idx",
	".weight_scale", ".weight_scale_inv", ".input_scale", ".weight_zero_point", ".k_scale", ".v_scale",
	/* NVFP4's second-level scales: ModelOpt's weight_scale_2, compressed-
	 * tensors' weight_global_scale and input_global_scale, and the packed
	 * shape compressed-tensors keeps beside weight_packed */
	".weight_scale_2", ".weight_global_scale", ".input_global_scale", ".weight_shape",
};

static gs_tensor_class classify(const gs_tensor *t)
{
	const char *n = t->name;
	if (ends(n, "inv_freq") || ends(n, ".attn.bias") || ends(n, ".attn.masked_bias") ||
	    ends(n, "position_ids"))
		return GS_TC_BUFFER;
	for (size_t i = 0; i < sizeof quant_suffixes / sizeof quant_suffixes[0]; i++)
		if (ends(n, quant_suffixes[i]))
			return GS_TC_QUANT_META;
	if (strstr(n, "embed_tokens") || strstr(n, "wte.") || strstr(n, "wpe.") || strstr(n, "embed_in") ||
	    strstr(n, "word_embeddings") || strstr(n, "position_embeddings") ||
	    strstr(n, "token_type_embeddings") || strncmp(n, "token_embd", 10) == 0 ||
	    strncmp(n, "per_layer_token_embd", 20) == 0 || /* Gemma 3n's GGUF */
	    strncmp(n, "position_embd", 13) == 0)
		return strstr(n, "norm") || strstr(n, "LayerNorm") ? GS_TC_NORM : GS_TC_EMBED;
	if (strncmp(n, "lm_head", 7) == 0 || strstr(n, "embed_out") || strcmp(n, "output.weight") == 0)
		return GS_TC_LM_HEAD;
	if (strstr(n, "norm") || strstr(n, "ln_") || strstr(n, "LayerNorm") || strstr(n, "layernorm"))
		return GS_TC_NORM;
	return t->ndim >= 2 ? GS_TC_LINEAR : GS_TC_OTHER;
}

static int32_t layer_of(const char *n)
{
	static const char *const marks[] = {".layers.", ".h.", "blk.", ".layer.", ".blocks."};
	for (size_t k = 0; k < sizeof marks / sizeof marks[0]; k++) {
		const char *p = strstr(n, marks[k]);
		if (!p && k == 2 && strncmp(n, "blk.", 4) == 0)
			p = n;
		if (!p)
			continue;
		p += strlen(marks[k]);
		long v = 0;
		int d = 0;
		while (*p >= '0' && *p <= '9' && d < 6) {
			v = v * 10 + (*p++ - '0');
			d++;
		}
		if (d && *p == '.')
			return (int32_t)v;
	}
	return -1;
}

static bool has(const gs_inventory *inv, const char *base, const char *suffix)
{
	char buf[700];
	size_t b = strlen(base), x = strlen(suffix);
	if (b + x >= sizeof buf)
		return false;
	memcpy(buf, base, b);
	memcpy(buf + b, suffix, x + 1);
	return gsi_inv_find(inv, buf) >= 0;
}

/* How many matrices of each quantized storage the table holds. */
typedef struct quant_tally {
	uint64_t nf4, fp4, dq, int8, gptq, fp8, gidx, nvfp4, mxfp4;
} quant_tally;

/* The dtype of the tensor named base + suffix, or "" when there is none. */
static const char *dtype_of(const gs_inventory *inv, const char *base, const char *suffix)
{
	char buf[700];
	size_t b = strlen(base), x = strlen(suffix);
	if (b + x >= sizeof buf)
		return "";
	memcpy(buf, base, b);
	memcpy(buf + b, suffix, x + 1);
	long i = gsi_inv_find(inv, buf);
	return i >= 0 ? inv->t[i].dtype : "";
}

/* A 4-bit float matrix: two E2M1 codes a byte (U8), with E4M3 scales per
 * 16 and a second-level scale (NVFP4: ModelOpt's weight_scale_2,
 * compressed-tensors' weight_global_scale) or E8M0 scales per 32 in U8
 * (compressed-tensors' MXFP4). Returns 'n', 'm' or 0. */
static int fp4_kind(const gs_inventory *inv, const gs_tensor *t, const char *base)
{
	if (strcmp(t->dtype, "U8"))
		return 0;
	const char *sc = dtype_of(inv, base, ".weight_scale");
	bool global = has(inv, base, ".weight_scale_2") || has(inv, base, ".weight_global_scale");
	if (!strcmp(sc, "F8_E4M3") && global)
		return 'n';
	if (!strcmp(sc, "U8") || !strcmp(sc, "F8_E8M0"))
		return 'm';
	return 0;
}

/* The first 8 distinct dtypes, with their tensor counts and bytes. */
typedef struct dtype_tally {
	char names[8][12];
	uint64_t count[8], bytes[8];
	size_t n;
} dtype_tally;

/* A weight's logical values (packed 4-bit codes count twice, a GPTQ int32
 * word 32 / bits times) and the quantized storage it shows. */
static void count_packing(const gs_inventory *inv, gs_tensor *t, unsigned bits, quant_tally *q)
{
	if (ends(t->name, ".g_idx"))
		q->gidx++;
	if (t->cls != GS_TC_LINEAR && t->cls != GS_TC_EMBED && t->cls != GS_TC_LM_HEAD)
		return;
	size_t n = strlen(t->name);
	if (ends(t->name, ".qweight")) {
		t->logical = t->elements * (32 / bits); /* int32 words packing 32/bits values */
		q->gptq++;
	} else if (has(inv, t->name, ".quant_state.bitsandbytes__nf4") ||
	           has(inv, t->name, ".quant_state.bitsandbytes__fp4")) {
		t->logical = t->elements * 2; /* two 4-bit codes per byte */
		has(inv, t->name, ".quant_state.bitsandbytes__nf4") ? q->nf4++ : q->fp4++;
		if (has(inv, t->name, ".nested_absmax"))
			q->dq++;
	} else if ((n > 7 && ends(t->name, ".weight")) || (n > 14 && ends(t->name, ".weight_packed"))) {
		bool packed = ends(t->name, ".weight_packed");
		size_t cut = n - (packed ? 14 : 7);
		char base[700];
		snprintf(base, sizeof base, "%.*s", (int)(cut < 690 ? cut : 690), t->name);
		int fp4 = fp4_kind(inv, t, base);
		if (fp4) {
			t->logical = t->elements * 2; /* two E2M1 codes per byte */
			fp4 == 'n' ? q->nvfp4++ : q->mxfp4++;
		} else if (packed && !strcmp(t->dtype, "I32")) {
			t->logical = t->elements * (32 / bits); /* compressed-tensors pack-quantized int */
			q->gptq++;
		} else if (has(inv, base, ".SCB"))
			q->int8++;
		else if (has(inv, base, ".weight_scale") || has(inv, base, ".weight_scale_inv"))
			q->fp8++;
	}
}

static bool float_dtype(const char *d)
{
	return !strcmp(d, "BF16") || !strcmp(d, "F16") || !strcmp(d, "F32") || !strcmp(d, "F64");
}

int gs_gguf_expert_kind(const char *name)
{
	static const char *const kinds[][2] = {{".ffn_gate_up_exps", ".ffn_gate_up_chexps"},
	                                       {".ffn_gate_exps", ".ffn_gate_chexps"},
	                                       {".ffn_up_exps", ".ffn_up_chexps"},
	                                       {".ffn_down_exps", ".ffn_down_chexps"}};
	static const int kind[] = {0, 0, 1, 2};
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		for (int j = 0; j < 2; j++) {
			const char *p = strstr(name, kinds[i][j]);
			size_t n = strlen(kinds[i][j]);
			if (p && (p[n] == '.' || p[n] == 0))
				return kind[i];
		}
	return -1;
}

/* Add one tensor to the summary's sums by class, layer and storage. */
static void add_tensor(gs_inventory_summary *s, const gs_tensor *t)
{
	s->class_logical[t->cls] += t->logical;
	s->class_bytes[t->cls] += t->bytes;
	if (!strcmp(t->name, "output.weight"))
		s->head_bytes += t->bytes;
	else if (!strcmp(t->name, "blk.0.ffn_gate_exps.weight"))
		s->gate_exps0_bytes += t->bytes;
	/* Gemma 3n's GGUF: per_layer_token_embd is an input (the host's), its
	 * projection and norm go with block 0 (llama.cpp's tn(..., 0)) */
	int32_t layer = t->layer;
	if (!strcmp(t->name, "per_layer_token_embd.weight"))
		s->ple_bytes += t->bytes;
	else if (!strncmp(t->name, "per_layer_model_proj.", 21) ||
	         !strncmp(t->name, "per_layer_proj_norm.", 20)) {
		s->ple_proj_bytes += t->bytes;
		layer = 0;
	}
	if (layer >= 0 && layer < GS_MAX_LAYERS) {
		s->layer_bytes[layer] += t->bytes;
		int k = gs_gguf_expert_kind(t->name);
		if (k >= 0)
			s->exps_bytes[layer][k] += t->bytes;
	} else if (t->cls == GS_TC_EMBED)
		s->input_bytes += t->bytes;
	else if (t->cls != GS_TC_BUFFER)
		s->output_bytes += t->bytes;
	if (t->cls != GS_TC_BUFFER && t->cls != GS_TC_QUANT_META) {
		if (float_dtype(t->dtype))
			s->float_param_bytes += t->bytes;
		else
			s->packed_param_bytes += t->bytes;
	}
	s->stored_bytes += t->bytes;
	if (t->cls == GS_TC_BUFFER)
		s->buffer_elements += t->elements;
	else if (t->cls != GS_TC_QUANT_META)
		s->param_elements += t->logical;
}

static void tally_dtype(dtype_tally *d, const gs_tensor *t)
{
	size_t k;
	for (k = 0; k < d->n; k++)
		if (strcmp(d->names[k], t->dtype) == 0)
			break;
	if (k == d->n && d->n < 8)
		snprintf(d->names[d->n++], sizeof d->names[0], "%s", t->dtype);
	if (k < 8) {
		d->count[k]++;
		d->bytes[k] += t->bytes;
	}
}

/* The main format: what the linear weights are stored as. */
static const char *main_dtype(const gs_inventory *inv, const dtype_tally *d)
{
	const char *main = "?";
	uint64_t best = 0;
	for (size_t k = 0; k < d->n; k++) {
		uint64_t b = 0;
		for (size_t i = 0; i < inv->n; i++)
			if (inv->t[i].cls == GS_TC_LINEAR && strcmp(inv->t[i].dtype, d->names[k]) == 0)
				b += inv->t[i].bytes;
		if (b > best) {
			best = b;
			main = d->names[k];
		}
	}
	return main;
}

static void name_quantization(gs_inventory_summary *s, const gs_inventory *inv, const quant_tally *q,
                              const char *main, unsigned bits)
{
	if (q->nvfp4 || q->mxfp4) {
		bool nv = q->nvfp4 >= q->mxfp4;
		snprintf(s->main_format, sizeof s->main_format, "%s", nv ? "nvfp4" : "mxfp4-linear");
		snprintf(s->quantization, sizeof s->quantization,
		         "%s: E2M1 codes two a byte with %s scales, %llu matrices%s", nv ? "NVFP4" : "MXFP4",
		         nv ? "E4M3 per 16 and fp32 global" : "E8M0 per 32",
		         (unsigned long long)(nv ? q->nvfp4 : q->mxfp4),
		         q->fp8 ? " (and FP8 matrices beside them)" : "");
	} else if (q->nf4 || q->fp4) {
		snprintf(s->main_format, sizeof s->main_format, "%s%s", q->nf4 >= q->fp4 ? "nf4" : "fp4",
		         q->dq ? "-dq" : "");
		snprintf(s->quantization, sizeof s->quantization, "bitsandbytes %s, %llu matrices%s",
		         q->nf4 >= q->fp4 ? "NF4" : "FP4", (unsigned long long)(q->nf4 + q->fp4),
		         q->dq ? ", double quantization" : "");
	} else if (q->gptq) {
		snprintf(s->main_format, sizeof s->main_format, "gptq");
		snprintf(s->quantization, sizeof s->quantization,
		         "GPTQ/AWQ %u-bit packed int32 weights, %llu matrices%s", bits,
		         (unsigned long long)q->gptq, q->gidx ? ", act-order g_idx" : "");
	} else if (q->int8) {
		snprintf(s->main_format, sizeof s->main_format, "int8");
		snprintf(s->quantization, sizeof s->quantization, "bitsandbytes LLM.int8, %llu matrices",
		         (unsigned long long)q->int8);
	} else if (q->fp8) {
		snprintf(s->main_format, sizeof s->main_format, "fp8-e4m3");
		snprintf(s->quantization, sizeof s->quantization, "FP8 with scales, %llu matrices",
		         (unsigned long long)q->fp8);
	} else if (strcmp(inv->format, "gguf") == 0) {
		snprintf(s->main_format, sizeof s->main_format, "gguf:%.20s", main);
		snprintf(s->quantization, sizeof s->quantization, "ggml types per tensor: %.130s", s->dtypes);
	} else {
		const char *f = strcmp(main, "BF16") == 0 ? "bf16" : strcmp(main, "F16") == 0 ? "fp16"
		              : strcmp(main, "F32") == 0 ? "fp32" : main;
		snprintf(s->main_format, sizeof s->main_format, "%.20s", f);
		snprintf(s->quantization, sizeof s->quantization, "none");
	}
}

/* The classes of a quantized checkpoint kept in 16/32-bit floats. */
static void list_unquantized(gs_inventory_summary *s, const gs_inventory *inv)
{
	static const char *const cls[] = {"linear", "embeddings", "lm_head", "norms", "biases/routers"};
	for (int c = 0; c < 5; c++) {
		bool any = false;
		for (size_t i = 0; i < inv->n && !any; i++)
			any = (int)inv->t[i].cls == c && float_dtype(inv->t[i].dtype) &&
			      strcmp(inv->t[i].dtype, "F64");
		if (any)
			snprintf(s->unquantized + strlen(s->unquantized),
			         sizeof s->unquantized - strlen(s->unquantized), "%s%s",
			         s->unquantized[0] ? ", " : "", cls[c]);
	}
}

void gs_inventory_summarize(gs_inventory *inv, unsigned quant_bits, gs_inventory_summary *s)
{
	memset(s, 0, sizeof *s);
	snprintf(s->format, sizeof s->format, "%s", inv->format);
	s->tensors = inv->n;
	s->shards = inv->shards;
	s->header_bytes = inv->header_bytes;
	unsigned bits = quant_bits ? quant_bits : 4;
	quant_tally q = {0};
	dtype_tally d;
	memset(&d, 0, sizeof d);
	for (size_t i = 0; i < inv->n; i++) {
		gs_tensor *t = &inv->t[i];
		t->cls = classify(t);
		t->layer = layer_of(t->name);
		t->logical = t->elements;
		count_packing(inv, t, bits, &q);
		add_tensor(s, t);
		tally_dtype(&d, t);
	}
	for (size_t k = 0; k < d.n; k++)
		snprintf(s->dtypes + strlen(s->dtypes), sizeof s->dtypes - strlen(s->dtypes),
		         "%s%s: %llu tensors, %llu B", k ? "; " : "", d.names[k],
		         (unsigned long long)d.count[k], (unsigned long long)d.bytes[k]);
	const char *main = main_dtype(inv, &d);
	s->quantized = q.nf4 || q.fp4 || q.int8 || q.gptq || q.fp8 || q.nvfp4 || q.mxfp4 ||
	               (strcmp(inv->format, "gguf") == 0 && strchr(main, 'Q'));
	name_quantization(s, inv, &q, main, bits);
	if (s->quantized)
		list_unquantized(s, inv);
}

/* --- reading local checkpoints ------------------------------------------------------ */

/* Read the first `len` bytes of a file, or fewer at its end. */
static gs_status read_prefix(const char *path, uint64_t len, unsigned char **out, size_t *got, uint64_t *size,
                             gs_error *err)
{
	int fd;
	gs_status s = gs_file_open(path, &fd, size, err);
	if (s)
		return s;
	if (len > *size)
		len = *size;
	unsigned char *buf = malloc(len ? len : 1);
	if (!buf) {
		close(fd);
		return gs_error_set(err, GS_ENOMEM, path, "out of memory");
	}
	size_t have = 0;
	s = gs_file_pread_all(fd, path, buf, (size_t)len, &have, err);
	close(fd);
	if (s) {
		free(buf);
		return s;
	}
	*out = buf;
	*got = have;
	return GS_OK;
}

typedef gs_status (*header_parser)(gs_inventory *, const void *, size_t, uint64_t, const char *, uint32_t,
                                   uint64_t *, gs_error *);

static gs_status gguf_adapter(gs_inventory *inv, const void *b, size_t l, uint64_t fs, const char *n,
                              uint32_t shard, uint64_t *need, gs_error *err)
{
	(void)shard;
	return gs_gguf_parse(inv, b, l, fs, n, need, err);
}

/* Read growing prefixes until the header parses (each parser says how much it needs). */
static gs_status load_file(gs_inventory *inv, const char *path, header_parser parse, uint32_t shard,
                           gs_error *err)
{
	uint64_t want = 1u << 20;
	for (int tries = 0; tries < 16; tries++) {
		unsigned char *buf;
		size_t got;
		uint64_t size, need;
		gs_status s = read_prefix(path, want, &buf, &got, &size, err);
		if (s)
			return s;
		size_t before = inv->n, kv_before = inv->nkv;
		s = parse(inv, buf, got, size, path, shard, &need, err);
		free(buf);
		if (s == GS_OK || !need || need <= got)
			return s;
		if (need > size && size < 8) /* the file ends before its header does */
			return gs_error_set(err, GS_EPARSE, path,
			                    "the file has %llu bytes: empty, or not a model file",
			                    (unsigned long long)size);
		if (need > size)
			return gs_error_set(err, GS_EPARSE, path,
			                    "the file has %llu bytes, too few for the header it starts (%llu "
			                    "bytes)",
			                    (unsigned long long)size, (unsigned long long)need);
		/* undo the partial parse and try again with the prefix it asked for */
		gsi_inv_truncate(inv, before, kv_before);
		want = need;
	}
	return gs_error_set(err, GS_EPARSE, path, "the header kept growing: giving up");
}

static bool ends_ci(const char *s, const char *suf) { return ends(s, suf); }

gs_status gs_inventory_load_path(gs_inventory *inv, const char *path, gs_error *err)
{
	assert(inv && path);
	struct stat st;
	if (stat(path, &st) != 0)
		return gs_error_set(err, GS_EIO, path, "%s", strerror(errno));
	if (!S_ISDIR(st.st_mode)) {
		if (ends_ci(path, ".gguf"))
			return load_file(inv, path, gguf_adapter, 0, err);
		if (ends_ci(path, ".safetensors"))
			return load_file(inv, path, gs_safetensors_parse, 0, err);
		return gs_error_set(err, GS_EINPUT, path,
		                    "expected a .safetensors or .gguf file, or a model folder");
	}
	char file[1200];
	snprintf(file, sizeof file, "%s/model.safetensors.index.json", path);
	unsigned char *buf;
	size_t got;
	uint64_t size;
	if (stat(file, &st) == 0) {
		gs_status s = read_prefix(file, GS_SAFETENSORS_MAX_HEADER, &buf, &got, &size, err);
		if (s)
			return s;
		char **files;
		size_t n;
		uint64_t total;
		s = gs_safetensors_index_parse(buf, got, file, &files, &n, &total, err);
		free(buf);
		for (size_t i = 0; !s && i < n; i++) {
			snprintf(file, sizeof file, "%s/%s", path, files[i]);
			s = load_file(inv, file, gs_safetensors_parse, (uint32_t)i, err);
		}
		gs_shard_list_free(files, n);
		return s;
	}
	snprintf(file, sizeof file, "%s/model.safetensors", path);
	if (stat(file, &st) == 0)
		return load_file(inv, file, gs_safetensors_parse, 0, err);
	return gs_error_set(err, GS_EIO, path,
	                    "no model.safetensors.index.json or model.safetensors in this folder");
}
