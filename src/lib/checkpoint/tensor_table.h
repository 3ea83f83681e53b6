/* tensor_table.h — the inventory container below both header parsers
 * (gguf.c, safetensors.c) and the helpers they share: name lookup, UTF-8
 * checks, little-endian reads and checked arithmetic. */
#ifndef GS_TENSOR_TABLE_H
#define GS_TENSOR_TABLE_H

#include "gpusizer/inventory.h"

typedef struct gsi_meta {
	char *key;
	uint32_t type;      /* GGUF value type; 9 = array                      */
	uint32_t atype;     /* array element type                              */
	uint64_t u;         /* integer value, or the first array element       */
	uint64_t alen;      /* array length                                    */
	char *str;          /* string value (NULL when longer than kept)       */
} gsi_meta;

struct gs_inventory {
	gs_tensor *t;
	size_t n, cap;
	uint32_t *hash;     /* open addressing over t (index + 1; 0 = empty)   */
	size_t hcap;
	gsi_meta *kv;
	size_t nkv, kvcap;
	uint64_t header_bytes;
	uint64_t file_end;  /* the last parsed file: where its last tensor ends, as its header says */
	uint32_t shards;
	char format[16];
	/* running totals over every tensor added: bounded at insertion, so no
	 * later sum over the table can wrap (gsi_inv_add) */
	uint64_t total_bytes, total_logical, total_elements;
};

/* No checkpoint holds more than this many bytes or parameters (8 PiB; the
 * largest published models hold a few TB): totals beyond it are refused. */
#define GSI_INV_MAX_TOTAL ((uint64_t)1 << 53)

/* No checkpoint has more tensors than this (DeepSeek-V3, by its layout, about 92,000 over
 * 163 shards): a table past it is refused, bounding its memory (issue 39:
 * the hub's budget counted header bytes, not the tree parsed from them). */
#define GSI_INV_MAX_TENSORS (1u << 18)

/* Append a tensor (name copied). GS_EPARSE for a duplicate name, or when
 * the table's bytes, parameters or elements would pass GSI_INV_MAX_TOTAL;
 * GS_ENOMEM on allocation failure. */
gs_status gsi_inv_add(gs_inventory *inv, const char *name, size_t name_len, const gs_tensor *t,
                      const char *file, gs_error *err);

/* A tensor's data: [begin, end) bytes from the start of the data. */
typedef struct gsi_span {
	uint64_t begin, end;
} gsi_span;

/* Sort spans by begin (O(n log n)). */
void gsi_spans_sort(gsi_span *s, size_t n);

/* a * b into *out; false (and *out untouched) when it overflows 64 bits */
static inline bool gsi_mul_ok(uint64_t a, uint64_t b, uint64_t *out)
{
	return !__builtin_mul_overflow(a, b, out);
}

static inline bool gsi_add_ok(uint64_t a, uint64_t b, uint64_t *out)
{
	return !__builtin_add_overflow(a, b, out);
}

/* Drop the tensors and metadata entries added after the first n_tensors and
 * n_kv (a parse that asked for a longer prefix is undone this way). */
void gsi_inv_truncate(gs_inventory *inv, size_t n_tensors, size_t n_kv);

/* Index of the tensor named `name`, or -1. */
long gsi_inv_find(const gs_inventory *inv, const char *name);

/* True when s[0..len) is valid UTF-8 without NUL bytes. */
bool gsi_utf8_ok(const char *s, size_t len);

static inline uint64_t gsi_le64(const unsigned char *p)
{
	uint64_t v = 0;
	for (int i = 7; i >= 0; i--)
		v = (v << 8) | p[i];
	return v;
}

static inline uint32_t gsi_le32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

#endif
