/*
 * gguf.c — the GGUF header, metadata and tensor infos (gpusizer/inventory.h
 * has the format). Every count is checked against the bytes remaining
 * before it is trusted, as ggml's own gguf reader does; a read past the
 * buffer asks the caller for a longer prefix through *need.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/keyed_hash.h"
#include "gpusizer/dtype.h"
#include "checkpoint/tensor_table.h"

enum {
	T_U8, T_I8, T_U16, T_I16, T_U32, T_I32, T_F32, T_BOOL, T_STRING, T_ARRAY, T_U64, T_I64, T_F64,
	T__COUNT
};
static const unsigned type_size[T__COUNT] = {1, 1, 2, 2, 4, 4, 4, 1, 0, 0, 8, 8, 8};

#define GGML_MAX_DIMS 4
#define GGML_MAX_NAME 64
#define KEEP_STRING 1024 /* longer string values are validated, not kept */
/* Limits of this reader, far above any real file (llama.cpp's own GGUFs
 * hold 20-60 metadata keys of under 100 bytes): a file past them is refused
 * by name rather than read slowly. */
#define MAX_KV 65536
#define MAX_KEY_LEN 65535
/* strings in one metadata array: llama.cpp's tokenizer arrays hold a
 * vocabulary (262,144 for Gemma 3) or merges (about 450,000 for o200k);
 * each string is walked, so a count past this is refused before the walk */
#define MAX_ARRAY_STRINGS (1u << 21)

/* The metadata keys seen so far, for the duplicate check in O(1) each
 * (open addressing over indexes into inv->kv, +1; 0 = empty). */
typedef struct key_set {
	uint32_t *slot;
	size_t cap;
} key_set;

typedef struct cursor {
	const unsigned char *p, *end;
	const char *file;
	uint64_t file_size;
	size_t len;
	uint64_t *need;
	bool short_read; /* the buffer ended: a longer prefix may help */
	gs_error *err;
	key_set keys;    /* this file's keys (an inventory holds one GGUF) */
} cursor;

static size_t left(const cursor *c) { return (size_t)(c->end - c->p); }

static gs_status fail(cursor *c, const char *fmt, ...) GS_PRINTF(2, 3);
static gs_status fail(cursor *c, const char *fmt, ...)
{
	char what[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	return gs_error_set(c->err, GS_EPARSE, c->file, "GGUF: %s", what);
}

/* The buffer ended before the header did: if the file is longer, ask for more. */
/* The buffer ends before n more bytes: ask for a longer prefix, at
 * least twice this one, and at least one that holds those n bytes (a
 * 256 MiB array is then read once more, not doubled up to it). */
static gs_status short_read_n(cursor *c, uint64_t n)
{
	if (!c->file_size || c->len < c->file_size) {
		uint64_t want = (uint64_t)c->len * 2 + (1u << 20);
		uint64_t at = (uint64_t)(c->p - (c->end - c->len));
		if (n < GS_GGUF_MAX_METADATA && at + n + (1u << 20) > want)
			want = at + n + (1u << 20);
		if (c->file_size && want > c->file_size)
			want = c->file_size;
		if (want > GS_GGUF_MAX_METADATA)
			return fail(c, "the header is larger than the 256 MiB limit");
		*c->need = want;
		c->short_read = true;
	}
	return fail(c, "truncated header: it ends after %zu bytes", c->len);
}

static gs_status short_read(cursor *c) { return short_read_n(c, 0); }

static gs_status rd(cursor *c, void *out, size_t n)
{
	if (left(c) < n)
		return short_read(c);
	memcpy(out, c->p, n);
	c->p += n;
	return GS_OK;
}

static gs_status rd32(cursor *c, uint32_t *v)
{
	unsigned char b[4] = {0};
	gs_status s = rd(c, b, 4);
	if (!s)
		*v = gsi_le32(b);
	return s;
}

static gs_status rd64(cursor *c, uint64_t *v)
{
	unsigned char b[8] = {0};
	gs_status s = rd(c, b, 8);
	if (!s)
		*v = gsi_le64(b);
	return s;
}

/* A string's n bytes, its length already read; *s points into the buffer. */
static gs_status rdbytes(cursor *c, uint64_t n, const char **s)
{
	*s = NULL;
	if (n > left(c)) {
		if ((c->file_size && n > c->file_size) || n > GS_GGUF_MAX_METADATA)
			return fail(c, "a string of %llu bytes is longer than the %s", (unsigned long long)n,
			            c->file_size && n > c->file_size ? "file" : "256 MiB header limit");
		return short_read(c);
	}
	*s = (const char *)c->p;
	c->p += n;
	return GS_OK;
}

/* A string: u64 length then bytes. */
static gs_status rdstr(cursor *c, const char **s, uint64_t *n)
{
	gs_status st = rd64(c, n);
	return st ? st : rdbytes(c, *n, s);
}

/* Keep a metadata entry; consumes m->str (freed on failure). */
static gs_status add_meta(gs_inventory *inv, cursor *c, const char *key, size_t klen, gsi_meta *m)
{
	size_t mask = c->keys.cap - 1, at = (size_t)gsi_keyed_hash(key, klen) & mask;
	for (; c->keys.slot[at]; at = (at + 1) & mask) {
		const char *k0 = inv->kv[c->keys.slot[at] - 1].key;
		if (strlen(k0) == klen && memcmp(k0, key, klen) == 0) {
			char k[80];
			snprintf(k, sizeof k, "%.*s", (int)(klen > 70 ? 70 : klen), key);
			free(m->str);
			return fail(c, "duplicate metadata key \"%s\"", k);
		}
	}
	if (inv->nkv == inv->kvcap) {
		size_t cap = inv->kvcap ? inv->kvcap * 2 : 64;
		gsi_meta *kv = realloc(inv->kv, cap * sizeof *kv);
		if (!kv) {
			free(m->str);
			return gs_error_set(c->err, GS_ENOMEM, c->file, "out of memory");
		}
		inv->kv = kv;
		inv->kvcap = cap;
	}
	m->key = malloc(klen + 1);
	if (!m->key) {
		free(m->str);
		return gs_error_set(c->err, GS_ENOMEM, c->file, "out of memory");
	}
	memcpy(m->key, key, klen);
	m->key[klen] = 0;
	inv->kv[inv->nkv++] = *m;
	c->keys.slot[at] = (uint32_t)inv->nkv;
	return GS_OK;
}

static gs_status read_value(cursor *c, uint32_t type, gsi_meta *m, bool keep)
{
	gs_status s;
	if (type >= T__COUNT)
		return fail(c, "unknown value type %u", (unsigned)type);
	if (type == T_STRING) {
		const char *str;
		uint64_t n;
		if ((s = rdstr(c, &str, &n)))
			return s;
		if (keep && n <= KEEP_STRING) {
			m->str = malloc(n + 1);
			if (!m->str)
				return gs_error_set(c->err, GS_ENOMEM, c->file, "out of memory");
			memcpy(m->str, str, n);
			m->str[n] = 0;
		}
		return GS_OK;
	}
	unsigned char b[8] = {0};
	if ((s = rd(c, b, type_size[type])))
		return s;
	switch (type) {
	case T_U8: case T_BOOL: m->u = b[0]; break;
	case T_I8: m->u = (uint64_t)(int64_t)(int8_t)b[0]; break;
	case T_U16: m->u = (uint64_t)b[0] | (uint64_t)b[1] << 8; break;
	case T_I16: m->u = (uint64_t)(int64_t)(int16_t)((uint16_t)b[0] | (uint16_t)b[1] << 8); break;
	case T_U32: m->u = gsi_le32(b); break;
	case T_I32: m->u = (uint64_t)(int64_t)(int32_t)gsi_le32(b); break;
	case T_U64: case T_I64: m->u = gsi_le64(b); break;
	default: m->u = 0; break; /* floats: not needed for sizing */
	}
	return GS_OK;
}

static gs_status read_kv(gs_inventory *inv, cursor *c)
{
	const char *key;
	uint64_t klen;
	uint32_t type;
	gs_status s;
	if ((s = rd64(c, &klen)))
		return s;
	if (klen > MAX_KEY_LEN)
		return fail(c, "a metadata key of %llu bytes (this reader takes keys of at most %d bytes)",
		            (unsigned long long)klen, MAX_KEY_LEN);
	if ((s = rdbytes(c, klen, &key)) || (s = rd32(c, &type)))
		return s;
	if (klen == 0 || !gsi_utf8_ok(key, (size_t)klen))
		return fail(c, "a metadata key is empty or not UTF-8");
	gsi_meta m;
	memset(&m, 0, sizeof m);
	m.type = type;
	if (type == T_ARRAY) {
		uint32_t at;
		uint64_t count;
		if ((s = rd32(c, &at)) || (s = rd64(c, &count)))
			return s;
		if (at == T_ARRAY)
			return fail(c, "nested arrays are not supported");
		if (at >= T__COUNT)
			return fail(c, "unknown array element type %u", (unsigned)at);
		m.atype = at;
		m.alen = count;
		/* each element takes at least its size (a string at least its 8-byte length) */
		uint64_t min = at == T_STRING ? 8 : type_size[at];
		if (count > (c->file_size ? c->file_size : UINT64_MAX) / min)
			return fail(c, "an array claims %llu elements, more than the file can hold",
			            (unsigned long long)count);
		if (at != T_STRING) {
			/* the first element is kept; the rest are skipped whole, so
			 * a 256 MiB u8 array costs a bounds check, not 2^28 reads
			 * (issue 50 item 11) */
			const char *rest;
			if (count * min > left(c))
				return short_read_n(c, count * min);
			if (count && (s = read_value(c, at, &m, false)))
				return s;
			if (count > 1 && (s = rdbytes(c, (count - 1) * min, &rest)))
				return s;
		} else {
			if (count > MAX_ARRAY_STRINGS)
				return fail(c, "an array of %llu strings (this reader takes at most %u: the "
				            "largest tokenizers hold about 450,000 merges)",
				            (unsigned long long)count, MAX_ARRAY_STRINGS);
			for (uint64_t i = 0; i < count; i++) {
				const char *str;
				uint64_t n;
				if ((s = rdstr(c, &str, &n)))
					return s;
			}
		}
	} else if ((s = read_value(c, type, &m, true))) {
		return s;
	}
	return add_meta(inv, c, key, (size_t)klen, &m);
}

static gs_status read_all_kv(gs_inventory *inv, cursor *c, uint64_t n_kv)
{
	for (uint64_t i = 0; i < n_kv; i++) {
		gs_status s = read_kv(inv, c);
		if (s)
			return s;
	}
	return GS_OK;
}

gs_status gs_gguf_parse(gs_inventory *inv, const void *buf, size_t len, uint64_t file_size, const char *name,
                        uint64_t *need, gs_error *err)
{
	cursor c = {buf, (const unsigned char *)buf + len, name, file_size, len, need, false, err, {NULL, 0}};
	*need = 0;
	gs_status s;
	unsigned char magic[4];
	uint32_t version;
	uint64_t n_tensors, n_kv;
	if ((s = rd(&c, magic, 4)))
		return s;
	if (memcmp(magic, "GGUF", 4) != 0)
		return fail(&c, "bad magic: expected \"GGUF\"");
	if ((s = rd32(&c, &version)))
		return s;
	if (version == 1)
		return fail(&c, "version 1 (32-bit counts) is not supported; convert with a current "
		                "llama.cpp");
	if (version > 3)
		return fail(&c, "version %u is newer than this reader (2 and 3)", (unsigned)version);
	if (version < 1)
		return fail(&c, "version %u is invalid", (unsigned)version);
	if ((s = rd64(&c, &n_tensors)) || (s = rd64(&c, &n_kv)))
		return s;
	/* a metadata entry takes at least 8 + 1 + 4 + 1 bytes; a tensor info 8 + 1 + 4 + 8 + 4 + 8 */
	uint64_t room = file_size ? file_size : (uint64_t)len;
	if (n_kv > room / 14)
		return fail(&c, "%llu metadata entries cannot fit in the file", (unsigned long long)n_kv);
	if (n_kv > MAX_KV)
		return fail(&c, "%llu metadata entries (this reader takes at most %d)",
		            (unsigned long long)n_kv, MAX_KV);
	c.keys.cap = 64;
	while (c.keys.cap < 2 * (size_t)n_kv)
		c.keys.cap *= 2;
	c.keys.slot = calloc(c.keys.cap, sizeof *c.keys.slot);
	if (!c.keys.slot)
		return gs_error_set(err, GS_ENOMEM, name, "out of memory");
	s = read_all_kv(inv, &c, n_kv);
	free(c.keys.slot);
	if (s)
		return s;
	if (n_tensors > room / 33)
		return fail(&c, "%llu tensors cannot fit in the file", (unsigned long long)n_tensors);
	uint64_t align = 32, a;
	if (gs_inventory_meta_u64(inv, "general.alignment", &a)) {
		if (a == 0 || (a & (a - 1)) || a > (1u << 30))
			return fail(&c, "general.alignment %llu is not a power of two",
			            (unsigned long long)a);
		align = a;
	}
	size_t first = inv->n;
	for (uint64_t i = 0; i < n_tensors; i++) {
		const char *tn;
		uint64_t tl;
		uint32_t nd, type;
		gs_tensor t;
		memset(&t, 0, sizeof t);
		if ((s = rdstr(&c, &tn, &tl)) || (s = rd32(&c, &nd)))
			return s;
		if (tl == 0 || tl >= GGML_MAX_NAME || !gsi_utf8_ok(tn, (size_t)tl))
			return fail(&c, "tensor %llu: its name is empty, 64 bytes or longer, or not UTF-8",
			            (unsigned long long)i);
		if (nd == 0 || nd > GGML_MAX_DIMS)
			return fail(&c, "a tensor has %u dimensions (1 to 4 allowed)", (unsigned)nd);
		t.ndim = nd;
		t.elements = 1;
		for (uint32_t d = 0; d < nd; d++) {
			if ((s = rd64(&c, &t.shape[d])))
				return s;
			if (t.shape[d] > (uint64_t)INT64_MAX ||
			    (t.shape[d] && t.elements > (uint64_t)INT64_MAX / t.shape[d]))
				return fail(&c, "a tensor's element count overflows");
			t.elements *= t.shape[d];
		}
		if ((s = rd32(&c, &type)) || (s = rd64(&c, &t.offset)))
			return s;
		const char *tname;
		uint32_t block, size;
		if (!gs_ggml_type(type, &tname, &block, &size))
			return fail(&c, "unknown ggml type %u", (unsigned)type);
		if (t.shape[0] % block)
			return fail(&c,
			            "a tensor's row of %llu elements is not a whole number of %u-element "
			            "blocks",
			            (unsigned long long)t.shape[0], (unsigned)block);
		if (t.offset % align)
			return fail(&c, "a tensor's data offset %llu is not aligned to %llu",
			            (unsigned long long)t.offset, (unsigned long long)align);
		snprintf(t.dtype, sizeof t.dtype, "%s", tname);
		if (!gsi_mul_ok(t.elements / block, size, &t.bytes))
			return fail(&c,
			            "tensor \"%.*s\": its byte count (blocks x block size) is too large to "
			            "represent",
			            (int)tl, tn);
		t.logical = t.elements;
		t.layer = -1;
		if ((s = gsi_inv_add(inv, tn, (size_t)tl, &t, name, err)))
			return s;
	}
	uint64_t header = (uint64_t)(c.p - (const unsigned char *)buf);
	uint64_t data_start = (header + align - 1) / align * align;
	uint64_t end = data_start;
	gsi_span *spans = malloc((inv->n - first + 1) * sizeof *spans);
	size_t ns = 0;
	if (!spans)
		return gs_error_set(err, GS_ENOMEM, name, "out of memory");
	for (size_t i = first; i < inv->n; i++) {
		const gs_tensor *t = &inv->t[i];
		uint64_t t_end;
		if (!gsi_add_ok(data_start, t->offset, &t_end) || !gsi_add_ok(t_end, t->bytes, &t_end)) {
			free(spans);
			return fail(&c, "tensor \"%s\": its data offset and size are too large to represent",
			            t->name);
		}
		if (file_size && t_end > file_size) {
			free(spans);
			return fail(&c, "tensor \"%s\": its data runs past the end of the %llu-byte file",
			            t->name, (unsigned long long)file_size);
		}
		if (t_end > end)
			end = t_end;
		if (t->bytes)
			spans[ns++] = (gsi_span){t->offset, t->offset + t->bytes};
	}
	/* two tensors on the same bytes: 1,000 tensors of 16 MiB at offset 0 in
	 * a 16 MB file read as 15.63 GiB of weights. Alignment padding between
	 * tensors is allowed; an overlap is not. */
	gsi_spans_sort(spans, ns);
	for (size_t i = 1; i < ns; i++)
		if (spans[i].begin < spans[i - 1].end) {
			uint64_t at = spans[i].begin;
			free(spans);
			return fail(&c, "two tensors' data overlap (at data offset %llu)",
			            (unsigned long long)at);
		}
	free(spans);
	inv->file_end = end;
	inv->header_bytes += header;
	inv->shards = 1;
	snprintf(inv->format, sizeof inv->format, "gguf");
	return GS_OK;
}
