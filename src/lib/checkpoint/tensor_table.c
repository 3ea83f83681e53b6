/*
 * tensor_table.c — the tensor table container both header parsers fill
 * (tensor_table.h): tensors by name through a hash, metadata entries, and
 * the checks the parsers share. It calls nothing above it.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/keyed_hash.h"
#include "checkpoint/tensor_table.h"

gs_inventory *gs_inventory_new(void) { return calloc(1, sizeof(gs_inventory)); }

void gs_inventory_free(gs_inventory *inv)
{
	if (!inv)
		return;
	for (size_t i = 0; i < inv->n; i++)
		free(inv->t[i].name);
	for (size_t i = 0; i < inv->nkv; i++) {
		free(inv->kv[i].key);
		free(inv->kv[i].str);
	}
	free(inv->t);
	free(inv->hash);
	free(inv->kv);
	free(inv);
}

size_t gs_inventory_count(const gs_inventory *inv) { return inv->n; }
const gs_tensor *gs_inventory_tensor(const gs_inventory *inv, size_t i)
{
	return i < inv->n ? &inv->t[i] : NULL;
}

static long find(const gs_inventory *inv, const char *name, size_t n)
{
	if (!inv->hcap)
		return -1;
	for (size_t k = gsi_keyed_hash(name, n) & (inv->hcap - 1);; k = (k + 1) & (inv->hcap - 1)) {
		uint32_t v = inv->hash[k];
		if (!v)
			return -1;
		const char *t = inv->t[v - 1].name;
		if (strlen(t) == n && memcmp(t, name, n) == 0)
			return (long)v - 1;
	}
}

long gsi_inv_find(const gs_inventory *inv, const char *name) { return find(inv, name, strlen(name)); }

/* Index every tensor into the zeroed table h of cap slots (a power of two,
 * larger than inv->n): open addressing, index + 1, 0 = empty. */
static void fill_hash(const gs_inventory *inv, uint32_t *h, size_t cap)
{
	for (size_t i = 0; i < inv->n; i++) {
		size_t k = gsi_keyed_hash(inv->t[i].name, strlen(inv->t[i].name)) & (cap - 1);
		while (h[k])
			k = (k + 1) & (cap - 1);
		h[k] = (uint32_t)i + 1;
	}
}

static bool rehash(gs_inventory *inv, size_t cap)
{
	uint32_t *h = calloc(cap, sizeof *h);
	if (!h)
		return false;
	fill_hash(inv, h, cap);
	free(inv->hash);
	inv->hash = h;
	inv->hcap = cap;
	return true;
}

uint64_t gs_inventory_file_end(const gs_inventory *inv) { return inv->file_end; }

gs_status gsi_inv_add(gs_inventory *inv, const char *name, size_t n, const gs_tensor *t, const char *file,
                      gs_error *err)
{
	if (find(inv, name, n) >= 0)
		return gs_error_set(err, GS_EPARSE, file, "tensor \"%.*s\" appears twice",
		                    (int)(n > 80 ? 80 : n), name);
	if (inv->n >= GSI_INV_MAX_TENSORS) /* memory: the table, not the bytes read, is what grows */
		return gs_error_set(err, GS_EPARSE, file,
		                    "more than %u tensors in one checkpoint (the largest published hold "
		                    "about 92,000)",
		                    (unsigned)GSI_INV_MAX_TENSORS);
	/* checked sums: 16 shards of 2^60 B each wrapped to 0 and "fit" */
	uint64_t tb, tl, te;
	if (__builtin_add_overflow(inv->total_bytes, t->bytes, &tb) || tb > GSI_INV_MAX_TOTAL ||
	    __builtin_add_overflow(inv->total_logical, t->logical, &tl) || tl > GSI_INV_MAX_TOTAL ||
	    __builtin_add_overflow(inv->total_elements, t->elements, &te) || te > GSI_INV_MAX_TOTAL)
		return gs_error_set(err, GS_EPARSE, file,
		                    "tensor \"%.*s\": the tensors' sizes add up to more than 2^53 bytes or "
		                    "parameters: not a real checkpoint",
		                    (int)(n > 80 ? 80 : n), name);
	if (inv->n == inv->cap) {
		size_t cap = inv->cap ? inv->cap * 2 : 256;
		gs_tensor *nt = realloc(inv->t, cap * sizeof *nt);
		if (!nt)
			return gs_error_set(err, GS_ENOMEM, file, "out of memory");
		inv->t = nt;
		inv->cap = cap;
	}
	char *copy = malloc(n + 1);
	if (!copy)
		return gs_error_set(err, GS_ENOMEM, file, "out of memory");
	memcpy(copy, name, n);
	copy[n] = 0;
	inv->t[inv->n] = *t;
	inv->t[inv->n].name = copy;
	inv->n++;
	if (inv->n * 2 > inv->hcap) {
		/* grow: rehash inserts every tensor, the new one included */
		if (!rehash(inv, inv->hcap ? inv->hcap * 2 : 1024)) {
			inv->n--;
			free(copy);
			return gs_error_set(err, GS_ENOMEM, file, "out of memory");
		}
	} else {
		size_t k = gsi_keyed_hash(copy, n) & (inv->hcap - 1);
		while (inv->hash[k])
			k = (k + 1) & (inv->hcap - 1);
		inv->hash[k] = (uint32_t)inv->n;
	}
	inv->total_bytes = tb;
	inv->total_logical = tl;
	inv->total_elements = te;
	return GS_OK;
}

static int by_begin(const void *a, const void *b)
{
	const gsi_span *x = a, *y = b;
	return x->begin < y->begin ? -1 : x->begin > y->begin;
}

void gsi_spans_sort(gsi_span *s, size_t n)
{
	if (n > 1)
		qsort(s, n, sizeof *s, by_begin);
}

bool gsi_utf8_ok(const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	for (size_t i = 0; i < len;) {
		unsigned c = p[i];
		size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
		if (!n || c == 0 || i + n > len || (n == 2 && c < 0xc2))
			return false;
		for (size_t k = 1; k < n; k++)
			if ((p[i + k] & 0xc0) != 0x80)
				return false;
		i += n;
	}
	return true;
}

/* --- metadata ---------------------------------------------------------------- */

static const gsi_meta *meta(const gs_inventory *inv, const char *key)
{
	for (size_t i = 0; i < inv->nkv; i++)
		if (strcmp(inv->kv[i].key, key) == 0)
			return &inv->kv[i];
	return NULL;
}

bool gs_inventory_meta_u64(const gs_inventory *inv, const char *key, uint64_t *out)
{
	const gsi_meta *m = meta(inv, key);
	if (!m || m->type == 8 || m->type == 6 || m->type == 12 ||
	    (m->type == 9 && (m->atype == 8 || m->atype == 6 || m->atype == 12 || m->alen == 0)))
		return false;
	*out = m->u;
	return true;
}

const char *gs_inventory_meta_str(const gs_inventory *inv, const char *key)
{
	const gsi_meta *m = meta(inv, key);
	return m && m->type == 8 ? m->str : NULL;
}

bool gs_inventory_meta_array_len(const gs_inventory *inv, const char *key, uint64_t *out)
{
	const gsi_meta *m = meta(inv, key);
	if (!m || m->type != 9)
		return false;
	*out = m->alen;
	return true;
}

void gsi_inv_truncate(gs_inventory *inv, size_t n_tensors, size_t n_kv)
{
	assert(n_tensors <= inv->n && n_kv <= inv->nkv);
	for (size_t i = n_tensors; i < inv->n; i++)
		free(inv->t[i].name);
	inv->n = n_tensors;
	inv->total_bytes = inv->total_logical = inv->total_elements = 0;
	for (size_t i = 0; i < n_tensors; i++) { /* each sum was checked when it was added */
		inv->total_bytes += inv->t[i].bytes;
		inv->total_logical += inv->t[i].logical;
		inv->total_elements += inv->t[i].elements;
	}
	/* rebuild the hash in place: fewer names than before always fit, and
	 * no allocation can fail and leave entries that point past inv->n */
	if (inv->hcap) {
		memset(inv->hash, 0, inv->hcap * sizeof *inv->hash);
		fill_hash(inv, inv->hash, inv->hcap);
	}
	for (size_t i = n_kv; i < inv->nkv; i++) {
		free(inv->kv[i].key);
		free(inv->kv[i].str);
	}
	inv->nkv = n_kv;
}
