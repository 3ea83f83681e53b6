#define _GNU_SOURCE /* memmem */
/*
 * safetensors.c — the safetensors header and the sharded index
 * (gpusizer/inventory.h has the format). Only the header is read; the data
 * offsets are checked to cover the data region exactly, as the format
 * requires ("no holes"), so a header that disagrees with its file is caught.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "checkpoint/tensor_table.h"
#include "core/json_guard.h"

static const struct {
	const char *name;
	unsigned bits;
} st_dtypes[] = {
	{"BOOL", 8}, {"U8", 8},  {"I8", 8},   {"F8_E5M2", 8}, {"F8_E4M3", 8}, {"F8_E8M0", 8},
	{"I16", 16}, {"U16", 16}, {"F16", 16}, {"BF16", 16},   {"I32", 32},    {"U32", 32},
	{"F32", 32}, {"F64", 64}, {"I64", 64}, {"U64", 64},   {"F4", 4},      {"F6_E2M3", 6},
	{"F6_E3M2", 6},
};

static unsigned dtype_bits(const char *d)
{
	for (size_t i = 0; i < sizeof st_dtypes / sizeof st_dtypes[0]; i++)
		if (strcmp(d, st_dtypes[i].name) == 0)
			return st_dtypes[i].bits;
	return 0;
}

static gs_status bad(gs_error *err, const char *file, const char *what, const char *tensor)
{
	return gs_error_set(err, GS_EPARSE, file, "safetensors header%s%.80s%s: %s",
	                    tensor ? ", tensor \"" : "", tensor ? tensor : "", tensor ? "\"" : "", what);
}

/* What a header's tree would hold, bounded on its bytes before jansson
 * builds it (issue 50 item 9: 7 million __metadata__ keys took 17 s and
 * 1.35 GB, one 52-million-entry shape 7.85 s): a header is an object of
 * tensors and __metadata__ (at most GS_SAFETENSORS_MAX_TENSORS members
 * each), a tensor an object of dtype, shape (at most GS_MAX_DIMS entries)
 * and data_offsets (2), three levels in all. */
static gs_status header_shape(const char *hdr, size_t n, const char *name, gs_error *err)
{
	gsi_json_shape sh;
	char what[200];
	if (!gsi_json_measure(hdr, n, 3, &sh))
		snprintf(what, sizeof what, "nested deeper than a header's 3 levels (header, tensor, shape)");
	else if (sh.max_array > GS_MAX_DIMS)
		snprintf(what, sizeof what,
		         "an array of %llu entries at header byte %llu: more than %d dimensions (and "
		         "data_offsets has 2)",
		         (unsigned long long)sh.max_array, (unsigned long long)sh.at, GS_MAX_DIMS);
	else if (sh.max_members > GS_SAFETENSORS_MAX_TENSORS + 1)
		snprintf(what, sizeof what,
		         "an object of %llu members at header byte %llu (at most %d tensors or metadata "
		         "entries)",
		         (unsigned long long)sh.max_members, (unsigned long long)sh.at,
		         GS_SAFETENSORS_MAX_TENSORS);
	else
		return GS_OK;
	return bad(err, name, what, NULL);
}

gs_status gs_safetensors_parse(gs_inventory *inv, const void *buf, size_t len, uint64_t file_size,
                               const char *name, uint32_t shard, uint64_t *need, gs_error *err)
{
	gs_status st;
	const unsigned char *p = buf;
	*need = 0;
	if (len < 8) {
		*need = 8;
		return bad(err, name, "truncated: the 8-byte header length is missing", NULL);
	}
	uint64_t n = gsi_le64(p);
	if (n > GS_SAFETENSORS_MAX_HEADER) {
		char what[128];
		snprintf(what, sizeof what, "header length %llu exceeds the 100 MiB limit",
		         (unsigned long long)n);
		return bad(err, name, what, NULL);
	}
	if (file_size && 8 + n > file_size) {
		char what[160];
		snprintf(what, sizeof what, "header length %llu runs past the end of the %llu-byte file",
		         (unsigned long long)n, (unsigned long long)file_size);
		return bad(err, name, what, NULL);
	}
	if (len - 8 < n) {
		*need = 8 + n;
		char what[160];
		snprintf(what, sizeof what, "truncated: the header announces %llu bytes, %zu are present",
		         (unsigned long long)n, len - 8);
		return bad(err, name, what, NULL);
	}
	const char *hdr = (const char *)p + 8;
	if (n < 2 || hdr[0] != '{')
		return bad(err, name, "the header must be a JSON object starting with '{'", NULL);
	/* the tensor count bounded before the JSON tree is built: each tensor is
	 * a handful of allocations, and 131,072 of them took over a second */
	size_t tensors = 0;
	for (const char *q = hdr, *e = hdr + n; (q = memmem(q, (size_t)(e - q), "data_offsets", 12)); q += 12)
		if (++tensors > GS_SAFETENSORS_MAX_TENSORS) {
			char what[160];
			snprintf(what, sizeof what,
			         "more than %d tensors in one file (the largest checkpoints hold a few "
			         "thousand per shard)",
			         GS_SAFETENSORS_MAX_TENSORS);
			return bad(err, name, what, NULL);
		}
	if ((st = header_shape(hdr, (size_t)n, name, err)))
		return st;
	json_error_t je;
	json_t *root = json_loadb(hdr, (size_t)n, JSON_REJECT_DUPLICATES, &je);
	if (!root) {
		char what[300];
		snprintf(what, sizeof what, "malformed JSON at header byte %d: %s", je.position, je.text);
		return bad(err, name, what, NULL);
	}
	gs_status s = GS_OK;
	size_t count = json_object_size(root);
	gsi_span *spans = calloc(count ? count : 1, sizeof *spans);
	size_t nspans = 0;
	if (!spans) {
		json_decref(root);
		return gs_error_set(err, GS_ENOMEM, name, "out of memory");
	}
	uint64_t data_len = file_size ? file_size - 8 - n : 0;
	const char *key;
	json_t *val;
	json_object_foreach(root, key, val) {
		if (strcmp(key, "__metadata__") == 0) {
			const char *mk;
			json_t *mv;
			if (!json_is_object(val)) {
				s = bad(err, name, "__metadata__ must be an object of strings", NULL);
				goto out;
			}
			json_object_foreach(val, mk, mv) if (!json_is_string(mv)) {
				s = bad(err, name, "__metadata__ values must be strings", NULL);
				goto out;
			}
			continue;
		}
		if (!*key) {
			s = bad(err, name, "a tensor name is empty", NULL);
			goto out;
		}
		gs_tensor t;
		memset(&t, 0, sizeof t);
		const char *dtype = json_string_value(json_object_get(val, "dtype"));
		json_t *shape = json_object_get(val, "shape"), *off = json_object_get(val, "data_offsets");
		if (!json_is_object(val) || !dtype || !json_is_array(shape) || !json_is_array(off)) {
			s = bad(err, name,
			        "expected {\"dtype\": string, \"shape\": [..], \"data_offsets\": [begin, "
			        "end]}",
			        key);
			goto out;
		}
		unsigned bits = dtype_bits(dtype);
		if (!bits) {
			s = bad(err, name,
			        "unknown dtype (expected BOOL, U8, I8, F8_E5M2, F8_E4M3, F8_E8M0, I16, U16, "
			        "F16, BF16, I32, U32, F32, F64, I64, U64, F4, F6_E2M3 or F6_E3M2)",
			        key);
			goto out;
		}
		snprintf(t.dtype, sizeof t.dtype, "%s", dtype);
		if (json_array_size(shape) > GS_MAX_DIMS) {
			s = bad(err, name, "more than 8 dimensions", key);
			goto out;
		}
		t.ndim = (uint32_t)json_array_size(shape);
		t.elements = 1;
		for (uint32_t d = 0; d < t.ndim; d++) {
			json_t *x = json_array_get(shape, d);
			if (!json_is_integer(x) || json_integer_value(x) < 0) {
				s = bad(err, name, "shape entries must be non-negative integers", key);
				goto out;
			}
			t.shape[d] = (uint64_t)json_integer_value(x);
			if (t.shape[d] && t.elements > UINT64_MAX / 8 / t.shape[d]) {
				s = bad(err, name, "the shape's element count overflows", key);
				goto out;
			}
			t.elements *= t.shape[d];
		}
		json_t *b = json_array_get(off, 0), *e = json_array_get(off, 1);
		if (json_array_size(off) != 2 || !json_is_integer(b) || !json_is_integer(e) ||
		    json_integer_value(b) < 0 || json_integer_value(e) < json_integer_value(b)) {
			s = bad(err, name, "data_offsets must be [begin, end] with 0 <= begin <= end", key);
			goto out;
		}
		t.offset = (uint64_t)json_integer_value(b);
		uint64_t tbits;
		if (!gsi_mul_ok(t.elements, bits, &tbits) || !gsi_add_ok(tbits, 7, &tbits)) {
			s = bad(err, name, "its byte count (elements x bits) is too large to represent", key);
			goto out;
		}
		t.bytes = tbits / 8;
		t.logical = t.elements;
		t.layer = -1;
		t.shard = shard;
		uint64_t end = (uint64_t)json_integer_value(e);
		if (end - t.offset != t.bytes) {
			char what[200];
			snprintf(what, sizeof what,
			         "data_offsets span %llu bytes, but %s x %llu elements needs %llu",
			         (unsigned long long)(end - t.offset), dtype, (unsigned long long)t.elements,
			         (unsigned long long)t.bytes);
			s = bad(err, name, what, key);
			goto out;
		}
		if (file_size && end > data_len) {
			s = bad(err, name, "data_offsets run past the end of the file", key);
			goto out;
		}
		spans[nspans].begin = t.offset;
		spans[nspans].end = end;
		nspans++;
		if ((s = gsi_inv_add(inv, key, strlen(key), &t, name, err)))
			goto out;
	}
	/* the data region is covered exactly: no holes, no overlaps */
	gsi_spans_sort(spans, nspans);
	uint64_t at = 0;
	for (size_t i = 0; i < nspans; i++) {
		if (spans[i].begin != at) {
			s = bad(err, name,
			        spans[i].begin < at ? "two tensors' data overlap"
			                            : "the data has a hole between tensors",
			        NULL);
			goto out;
		}
		at = spans[i].end;
	}
	if (file_size && at != data_len) {
		s = bad(err, name, "the tensors do not cover the data region to the end of the file", NULL);
		goto out;
	}
	inv->header_bytes += 8 + n;
	inv->file_end = 8 + n + at;
	if (shard + 1 > inv->shards)
		inv->shards = shard + 1;
	snprintf(inv->format, sizeof inv->format, "safetensors");
out:
	free(spans);
	json_decref(root);
	return s;
}

void gs_shard_list_free(char **files, size_t n)
{
	for (size_t i = 0; files && i < n; i++)
		free(files[i]);
	free(files);
}

gs_status gs_safetensors_index_parse(const void *buf, size_t len, const char *name, char ***files, size_t *n,
                                     uint64_t *total_size, gs_error *err)
{
	*files = NULL;
	*n = 0;
	*total_size = 0;
	json_error_t je;
	if (len > GS_SAFETENSORS_MAX_HEADER)
		return gs_error_set(err, GS_EPARSE, name, "index larger than 100 MiB");
	/* an index is {metadata, weight_map}: one entry a tensor, bounded on
	 * its bytes before the tree is built (issue 50 item 10: 3.9 million
	 * entries took 8.3 s and 771 MiB) */
	gsi_json_shape sh;
	if (!gsi_json_measure(buf, len, 3, &sh) || sh.max_members > GSI_INV_MAX_TENSORS ||
	    sh.max_array > GSI_INV_MAX_TENSORS)
		return gs_error_set(err, GS_EINPUT, name,
		                    "an index whose weight_map or metadata holds more than %u entries, or "
		                    "nests deeper than 3 levels (%llu members at byte %llu): more tensors "
		                    "than any checkpoint has",
		                    GSI_INV_MAX_TENSORS, (unsigned long long)sh.max_members,
		                    (unsigned long long)sh.at);
	json_t *root = json_loadb(buf, len, JSON_REJECT_DUPLICATES, &je);
	if (!root) {
		char where[300];
		snprintf(where, sizeof where, "%s:%d:%d", name, je.line, je.column);
		return gs_error_set(err, GS_EPARSE, where, "malformed JSON: %s", je.text);
	}
	gs_status s = GS_OK;
	json_t *map = json_object_get(root, "weight_map");
	json_t *total = json_object_get(json_object_get(root, "metadata"), "total_size");
	if (!json_is_object(map) || json_object_size(map) == 0) {
		s = gs_error_set(err, GS_EPARSE, name,
		                 "expected a non-empty \"weight_map\" object of tensor -> shard file");
		goto out;
	}
	if (total && json_is_integer(total) && json_integer_value(total) > 0)
		*total_size = (uint64_t)json_integer_value(total);
	char **list = calloc(json_object_size(map), sizeof *list);
	if (!list) {
		s = gs_error_set(err, GS_ENOMEM, name, "out of memory");
		goto out;
	}
	size_t count = 0;
	const char *key;
	json_t *val;
	json_object_foreach(map, key, val) {
		const char *f = json_string_value(val);
		size_t fl = f ? strlen(f) : 0;
		if (!f || fl < 13 || fl > 255 || strcmp(f + fl - 12, ".safetensors") != 0 || strchr(f, '/') ||
		    strchr(f, '\\') || f[0] == '.') {
			gs_shard_list_free(list, count);
			s = gs_error_set(err, GS_EPARSE, name,
			                 "weight_map[\"%.60s\"]: expected a plain file name ending in "
			                 ".safetensors (no folders, no \"..\")",
			                 key);
			goto out;
		}
		size_t k;
		for (k = 0; k < count; k++)
			if (strcmp(list[k], f) == 0)
				break;
		if (k == count && count == GS_SAFETENSORS_MAX_SHARDS) {
			/* the cap before any more work: every new name would be compared
			 * with every earlier one (a 4 MB index took 19 s) */
			gs_shard_list_free(list, count);
			s = gs_error_set(err, GS_EINPUT, name,
			                 "weight_map names more than %d shard files: more than this version "
			                 "reads",
			                 GS_SAFETENSORS_MAX_SHARDS);
			goto out;
		}
		if (k == count) {
			list[count] = strdup(f);
			if (!list[count]) {
				gs_shard_list_free(list, count);
				s = gs_error_set(err, GS_ENOMEM, name, "out of memory");
				goto out;
			}
			count++;
		}
	}
	*files = list;
	*n = count;
out:
	json_decref(root);
	return s;
}
