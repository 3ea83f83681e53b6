/* test_inventory.c — safetensors, index and GGUF readers: one named test per
 * validation rule, and the fixtures' exact counts. */
#include <stdlib.h>
#include "helpers.h"
#include "gpusizer/fit.h"
#include "gpusizer/inventory.h"

/* ---- safetensors ---------------------------------------------------------- */

static unsigned char *st_buf(const char *json, size_t *len)
{
	size_t n = strlen(json);
	unsigned char *b = malloc(8 + n);
	for (int i = 0; i < 8; i++)
		b[i] = (unsigned char)((uint64_t)n >> (8 * i));
	memcpy(b + 8, json, n);
	*len = 8 + n;
	return b;
}

/* data < 0: file size unknown; else the file holds the header and `data` bytes */
static void st_expect_fs(const char *json, uint64_t file_size, gs_status want, const char *needle);
static void st_expect(const char *json, long data, gs_status want, const char *needle)
{
	st_expect_fs(json, data < 0 ? 0 : 8 + strlen(json) + (uint64_t)data, want, needle);
}

static void st_expect_fs(const char *json, uint64_t file_size, gs_status want, const char *needle)
{
	size_t len;
	unsigned char *b = st_buf(json, &len);
	gs_inventory *inv = gs_inventory_new();
	gs_error err;
	uint64_t need;
	gs_error_clear(&err);
	gs_status s = gs_safetensors_parse(inv, b, len, file_size, "x.safetensors", 0, &need, &err);
	if (s != want || (needle && !strstr(err.msg, needle)))
		fail_msg("%s: status %d (want %d): %s (want \"%s\")", json, s, want, err.msg,
		         needle ? needle : "");
	gs_inventory_free(inv);
	free(b);
}

#define T1 "\"a\":{\"dtype\":\"BF16\",\"shape\":[2,3],\"data_offsets\":[0,12]}"

static void st_valid(void **st)
{
	(void)st;
	st_expect("{" T1 "}", 12, GS_OK, NULL);
	st_expect("{\"__metadata__\":{\"format\":\"pt\"}," T1 "}", -1, GS_OK, NULL);
}
static void st_huge_header_length(void **st)
{
	(void)st;
	unsigned char b[8] = {0, 0, 0, 0, 0, 1, 0, 0}; /* 2^40 */
	gs_inventory *inv = gs_inventory_new();
	gs_error err;
	uint64_t need;
	assert_int_equal(gs_safetensors_parse(inv, b, 8, 0, "x", 0, &need, &err), GS_EPARSE);
	assert_non_null(strstr(err.msg, "100 MiB"));
	gs_inventory_free(inv);
}
static void st_truncated_length(void **st)
{
	(void)st;
	gs_inventory *inv = gs_inventory_new();
	gs_error err;
	uint64_t need;
	assert_int_equal(gs_safetensors_parse(inv, "abc", 3, 0, "x", 0, &need, &err), GS_EPARSE);
	assert_int_equal(need, 8);
	gs_inventory_free(inv);
}
static void st_truncated_header(void **st)
{
	(void)st;
	size_t len;
	unsigned char *b = st_buf("{" T1 "}", &len);
	gs_inventory *inv = gs_inventory_new();
	gs_error err;
	uint64_t need;
	assert_int_equal(gs_safetensors_parse(inv, b, 20, 0, "x", 0, &need, &err), GS_EPARSE);
	assert_int_equal(need, len); /* asks for exactly the announced header */
	assert_non_null(strstr(err.msg, "truncated"));
	gs_inventory_free(inv);
	free(b);
}
static void st_header_past_eof(void **st)
{
	(void)st;
	st_expect_fs("{" T1 "}", 30, GS_EPARSE, "past the end");
}
static void st_not_object(void **st) { (void)st; st_expect("[1,2]", -1, GS_EPARSE, "JSON object"); }
static void st_malformed_json(void **st) { (void)st; st_expect("{\"a\":", -1, GS_EPARSE, "malformed JSON"); }
static void st_duplicate_key(void **st)
{
	(void)st;
	st_expect("{" T1 "," T1 "}", -1, GS_EPARSE, "malformed JSON");
}
static void st_unknown_dtype(void **st)
{
	(void)st;
	st_expect("{\"a\":{\"dtype\":\"Q4\",\"shape\":[2],\"data_offsets\":[0,1]}}", -1, GS_EPARSE,
	          "unknown dtype");
}
static void st_negative_shape(void **st)
{
	(void)st;
	st_expect("{\"a\":{\"dtype\":\"U8\",\"shape\":[-2],\"data_offsets\":[0,2]}}", -1, GS_EPARSE,
	          "non-negative");
}
static void st_too_many_dims(void **st)
{
	(void)st;
	st_expect("{\"a\":{\"dtype\":\"U8\",\"shape\":[1,1,1,1,1,1,1,1,1],\"data_offsets\":[0,1]}}", -1,
	          GS_EPARSE, "8 dimensions");
}
static void st_shape_overflow(void **st)
{
	(void)st;
	st_expect("{\"a\":{\"dtype\":\"U8\",\"shape\":[4294967296,4294967296],\"data_offsets\":[0,1]}}", -1,
	          GS_EPARSE, "overflows");
}
static void st_offsets_mismatch(void **st)
{
	(void)st;
	st_expect("{\"a\":{\"dtype\":\"BF16\",\"shape\":[2,3],\"data_offsets\":[0,11]}}", -1, GS_EPARSE,
	          "needs 12");
}
static void st_overlap(void **st)
{
	(void)st;
	st_expect("{" T1 ",\"b\":{\"dtype\":\"U8\",\"shape\":[4],\"data_offsets\":[8,12]}}", -1, GS_EPARSE,
	          "overlap");
}
static void st_hole(void **st)
{
	(void)st;
	st_expect("{\"b\":{\"dtype\":\"U8\",\"shape\":[4],\"data_offsets\":[4,8]}}", -1, GS_EPARSE, "hole");
}
static void st_data_past_eof(void **st) { (void)st; st_expect("{" T1 "}", 6, GS_EPARSE, "past the end"); }
static void st_not_covering(void **st) { (void)st; st_expect("{" T1 "}", 20, GS_EPARSE, "do not cover"); }
static void st_non_utf8_name(void **st)
{
	(void)st;
	st_expect("{\"\xff\":{\"dtype\":\"U8\",\"shape\":[1],\"data_offsets\":[0,1]}}", -1, GS_EPARSE,
	          "malformed JSON");
}
static void st_empty_name(void **st)
{
	(void)st;
	st_expect("{\"\":{\"dtype\":\"U8\",\"shape\":[1],\"data_offsets\":[0,1]}}", -1, GS_EPARSE, "empty");
}
static void st_metadata_types(void **st)
{
	(void)st;
	st_expect("{\"__metadata__\":{\"a\":1}}", -1, GS_EPARSE, "strings");
}

static void index_rules(void **st)
{
	(void)st;
	char **files;
	size_t n;
	uint64_t total;
	gs_error err;
	const char *ok = "{\"metadata\":{\"total_size\":10},\"weight_map\":{\"a\":\"m-1.safetensors\","
	                 "\"b\":\"m-2.safetensors\",\"c\":\"m-1.safetensors\"}}";
	assert_int_equal(gs_safetensors_index_parse(ok, strlen(ok), "i.json", &files, &n, &total, &err),
	                 GS_OK);
	assert_int_equal(n, 2); /* each shard once */
	assert_int_equal(total, 10);
	assert_string_equal(files[1], "m-2.safetensors");
	gs_shard_list_free(files, n);
	const char *bad[] = {"{\"weight_map\":{\"a\":\"../../etc/passwd.safetensors\"}}",
	                     "{\"weight_map\":{\"a\":\"x/y.safetensors\"}}",
	                     "{\"weight_map\":{\"a\":\"model.bin\"}}",
	                     "{\"weight_map\":{}}",
	                     "{\"metadata\":{}}",
	                     "[",
	                     "{\"weight_map\":{\"a\":5}}"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		assert_int_equal(gs_safetensors_index_parse(bad[i], strlen(bad[i]), "i.json", &files, &n,
		                                            &total, &err),
		                 GS_EPARSE);
	/* issue 39: the shard cap is checked as names arrive, before the n^2 of comparing them all */
	size_t cap = 300 * 40 + 64;
	char *many = malloc(cap);
	assert_non_null(many);
	size_t k = (size_t)snprintf(many, cap, "{\"weight_map\":{");
	for (int i = 0; i < 300; i++)
		k += (size_t)snprintf(many + k, cap - k, "%s\"t%d\":\"s%05d.safetensors\"", i ? "," : "", i,
		                      i);
	assert_true(k + (size_t)snprintf(many + k, cap - k, "}}") < cap);
	assert_int_equal(gs_safetensors_index_parse(many, strlen(many), "i.json", &files, &n, &total, &err),
	                 GS_EINPUT);
	assert_non_null(strstr(err.msg, "more than 256 shard files"));
	free(many);
	/* issue 50 item 10: 2^18 + 1 entries naming one shard are refused from the bytes */
	size_t entries = (1u << 18) + 1;
	cap = entries * 32 + 64;
	many = malloc(cap);
	assert_non_null(many);
	k = (size_t)snprintf(many, cap, "{\"weight_map\":{");
	for (size_t i = 0; i < entries; i++)
		k += (size_t)snprintf(many + k, cap - k, "%s\"t%zu\":\"a.safetensors\"", i ? "," : "", i);
	assert_true(k + (size_t)snprintf(many + k, cap - k, "}}") < cap);
	assert_int_equal(gs_safetensors_index_parse(many, strlen(many), "i.json", &files, &n, &total, &err),
	                 GS_EINPUT);
	assert_non_null(strstr(err.msg, "more than 262144 entries"));
	free(many);
}

/* issue 50 item 9: a header's tree is bounded on its bytes: a 9-entry
 * shape, 65,538 metadata keys and a fourth level of nesting are refused
 * before jansson builds anything */
static void st_shape_bounded(void **st)
{
	(void)st;
	st_expect("{\"a\":{\"dtype\":\"F16\",\"shape\":[1,1,1,1,1,1,1,1,1],\"data_offsets\":[0,2]}}", 2,
	          GS_EPARSE, "an array of 9 entries at header byte 28: more than 8 dimensions");
	st_expect("{\"a\":{\"dtype\":\"F16\",\"shape\":[[1]],\"data_offsets\":[0,2]}}", 2, GS_EPARSE,
	          "nested deeper than a header's 3 levels");
	size_t keys = 65538, cap = keys * 16 + 128, k;
	char *h = malloc(cap);
	assert_non_null(h);
	k = (size_t)snprintf(h, cap, "{\"__metadata__\":{");
	for (size_t i = 0; i < keys; i++)
		k += (size_t)snprintf(h + k, cap - k, "%s\"k%zu\":\"\"", i ? "," : "", i);
	snprintf(h + k, cap - k, "}}");
	st_expect(h, 0, GS_EPARSE, "an object of 65538 members at header byte 16");
	free(h);
}

/* ---- GGUF ------------------------------------------------------------------ */

typedef struct gb {
	unsigned char b[16384];
	size_t n;
} gb;
static void gput(gb *g, const void *d, size_t n) { memcpy(g->b + g->n, d, n); g->n += n; }
static void g32(gb *g, uint32_t v)
{
	for (int i = 0; i < 4; i++) {
		unsigned char c = (unsigned char)(v >> (8 * i));
		gput(g, &c, 1);
	}
}
static void g64(gb *g, uint64_t v)
{
	for (int i = 0; i < 8; i++) {
		unsigned char c = (unsigned char)(v >> (8 * i));
		gput(g, &c, 1);
	}
}
static void gstr(gb *g, const char *s) { g64(g, strlen(s)); gput(g, s, strlen(s)); }

/* A valid v3 file: 2 metadata keys, one F32 tensor of 32 elements. */
static void gguf_base(gb *g, uint32_t version, uint64_t nt, uint64_t nkv)
{
	g->n = 0;
	gput(g, "GGUF", 4);
	g32(g, version);
	g64(g, nt);
	g64(g, nkv);
}

static gs_status gguf_run(const gb *g, uint64_t file_size, gs_error *err, uint64_t *need)
{
	gs_inventory *inv = gs_inventory_new();
	gs_error_clear(err);
	gs_status s = gs_gguf_parse(inv, g->b, g->n, file_size, "x.gguf", need, err);
	gs_inventory_free(inv);
	return s;
}

static void gguf_expect(const gb *g, uint64_t file_size, gs_status want, const char *needle)
{
	gs_error err;
	uint64_t need;
	gs_status s = gguf_run(g, file_size, &err, &need);
	if (s != want || (needle && !strstr(err.msg, needle)))
		fail_msg("status %d (want %d): %s (want \"%s\")", s, want, err.msg, needle ? needle : "");
}

static void valid_gguf(gb *g)
{
	gguf_base(g, 3, 1, 2);
	gstr(g, "general.architecture"); g32(g, 8); gstr(g, "llama");
	gstr(g, "general.alignment"); g32(g, 4); g32(g, 32);
	gstr(g, "w"); g32(g, 1); g64(g, 32); g32(g, 0); g64(g, 0);
}

static void gguf_valid(void **st)
{
	(void)st;
	gb g;
	valid_gguf(&g);
	uint64_t data = (g.n + 31) / 32 * 32;
	gguf_expect(&g, data + 128, GS_OK, NULL);
	gs_inventory *inv = gs_inventory_new();
	gs_error err;
	uint64_t need;
	assert_int_equal(gs_gguf_parse(inv, g.b, g.n, data + 128, "x.gguf", &need, &err), GS_OK);
	assert_string_equal(gs_inventory_meta_str(inv, "general.architecture"), "llama");
	assert_int_equal(gs_inventory_tensor(inv, 0)->bytes, 128);
	gs_inventory_free(inv);
}
/* issue 39: two tensors on the same bytes, and sizes whose sum would wrap */
static void gguf_overlap_and_wrap(void **st)
{
	(void)st;
	gb g;
	gguf_base(&g, 3, 2, 1);
	gstr(&g, "general.architecture"); g32(&g, 8); gstr(&g, "llama");
	gstr(&g, "a"); g32(&g, 1); g64(&g, 32); g32(&g, 0); g64(&g, 0);
	gstr(&g, "b");
	g32(&g, 1);
	g64(&g, 32);
	g32(&g, 0);
	g64(&g, 96); /* a holds bytes 0-127: b starts inside it */
	uint64_t data = (g.n + 31) / 32 * 32;
	gguf_expect(&g, data + 256, GS_EPARSE, "overlap");
	gguf_base(&g, 3, 2, 0);
	gstr(&g, "a");
	g32(&g, 1);
	g64(&g, 1ull << 51);
	g32(&g, 0);
	g64(&g, 0); /* 2^53 B: the most a table holds */
	gstr(&g, "b"); g32(&g, 1); g64(&g, 1ull << 51); g32(&g, 0); g64(&g, 1ull << 53);
	gguf_expect(&g, 0, GS_EPARSE, "add up to more than 2^53");
}

static void gguf_bad_magic(void **st)
{
	(void)st;
	gb g;
	valid_gguf(&g);
	g.b[0] = 'X';
	gguf_expect(&g, 0, GS_EPARSE, "bad magic");
}
static void gguf_version_1(void **st)
{
	(void)st;
	gb g;
	valid_gguf(&g);
	g.b[4] = 1;
	gguf_expect(&g, 0, GS_EPARSE, "version 1");
}
static void gguf_future_version(void **st)
{
	(void)st;
	gb g;
	valid_gguf(&g);
	g.b[4] = 4;
	gguf_expect(&g, 0, GS_EPARSE, "newer");
}
static void gguf_huge_tensor_count(void **st)
{
	(void)st;
	gb g;
	gguf_base(&g, 3, UINT64_MAX / 2, 0);
	gguf_expect(&g, 1000, GS_EPARSE, "cannot fit");
}
static void gguf_huge_kv_count(void **st)
{
	(void)st;
	gb g;
	gguf_base(&g, 3, 0, 1ull << 40);
	gguf_expect(&g, 1000, GS_EPARSE, "cannot fit");
}
static void gguf_truncated(void **st)
{
	(void)st;
	gb g;
	valid_gguf(&g);
	g.n -= 10;
	gs_error err;
	uint64_t need;
	assert_int_equal(gguf_run(&g, 0, &err, &need), GS_EPARSE);
	assert_true(need > g.n); /* asks for a longer prefix */
	assert_non_null(strstr(err.msg, "truncated"));
}
static void gguf_duplicate_key(void **st)
{
	(void)st;
	gb g;
	gguf_base(&g, 3, 0, 2);
	gstr(&g, "a"); g32(&g, 4); g32(&g, 1);
	gstr(&g, "a"); g32(&g, 4); g32(&g, 2);
	gguf_expect(&g, 0, GS_EPARSE, "duplicate metadata key");
}
static void gguf_bad_alignment(void **st)
{
	(void)st;
	gb g;
	gguf_base(&g, 3, 0, 1);
	gstr(&g, "general.alignment"); g32(&g, 4); g32(&g, 48);
	gguf_expect(&g, 0, GS_EPARSE, "power of two");
}
static void gguf_misaligned_offset(void **st)
{
	(void)st;
	gb g;
	gguf_base(&g, 3, 1, 0);
	gstr(&g, "w"); g32(&g, 1); g64(&g, 32); g32(&g, 0); g64(&g, 7);
	gguf_expect(&g, 0, GS_EPARSE, "not aligned");
}
static void gguf_unknown_type(void **st)
{
	(void)st;
	gb g;
	gguf_base(&g, 3, 1, 0);
	gstr(&g, "w"); g32(&g, 1); g64(&g, 32); g32(&g, 4); g64(&g, 0); /* id 4 was removed from ggml */
	gguf_expect(&g, 0, GS_EPARSE, "unknown ggml type 4");
}
static void gguf_nested_array(void **st)
{
	(void)st;
	gb g;
	gguf_base(&g, 3, 0, 1);
	gstr(&g, "a"); g32(&g, 9); g32(&g, 9); g64(&g, 1);
	gguf_expect(&g, 0, GS_EPARSE, "nested arrays");
}
static void gguf_huge_array(void **st)
{
	(void)st;
	gb g;
	gguf_base(&g, 3, 0, 1);
	gstr(&g, "a"); g32(&g, 9); g32(&g, 8); g64(&g, 1ull << 60);
	gguf_expect(&g, 4096, GS_EPARSE, "more than the file can hold");
}
static void gguf_too_many_dims(void **st)
{
	(void)st;
	gb g;
	gguf_base(&g, 3, 1, 0);
	gstr(&g, "w"); g32(&g, 5);
	for (int i = 0; i < 5; i++) g64(&g, 1);
	g32(&g, 0); g64(&g, 0);
	gguf_expect(&g, 0, GS_EPARSE, "dimensions");
}
static void gguf_long_name(void **st)
{
	(void)st;
	gb g;
	gguf_base(&g, 3, 1, 0);
	gstr(&g, "0123456789012345678901234567890123456789012345678901234567890123456789");
	g32(&g, 1); g64(&g, 32); g32(&g, 0); g64(&g, 0);
	gguf_expect(&g, 0, GS_EPARSE, "64 bytes or longer");
}
static void gguf_non_utf8_key(void **st)
{
	(void)st;
	gb g;
	gguf_base(&g, 3, 0, 1);
	gstr(&g, "\xc3\x28"); g32(&g, 4); g32(&g, 1);
	gguf_expect(&g, 0, GS_EPARSE, "not UTF-8");
}
static void gguf_partial_block(void **st)
{
	(void)st;
	gb g;
	gguf_base(&g, 3, 1, 0);
	gstr(&g, "w"); g32(&g, 1); g64(&g, 33); g32(&g, 8); g64(&g, 0); /* Q8_0 rows are 32-element blocks */
	gguf_expect(&g, 0, GS_EPARSE, "whole number");
}
static void gguf_data_past_eof(void **st)
{
	(void)st;
	gb g;
	valid_gguf(&g);
	gguf_expect(&g, g.n + 40, GS_EPARSE, "past the end");
}
static void gguf_duplicate_tensor(void **st)
{
	(void)st;
	gb g;
	gguf_base(&g, 3, 2, 0);
	for (int i = 0; i < 2; i++) { gstr(&g, "w"); g32(&g, 1); g64(&g, 32); g32(&g, 0); g64(&g, 0); }
	gguf_expect(&g, 0, GS_EPARSE, "appears twice");
}
static void gguf_string_past_file(void **st)
{
	(void)st;
	gb g;
	gguf_base(&g, 3, 0, 1);
	g64(&g, 1ull << 50);
	gguf_expect(&g, 4096, GS_EPARSE, "keys of at most 65535 bytes");
	/* size unknown (hub): still refused at once */
	gguf_expect(&g, 0, GS_EPARSE, "keys of at most 65535 bytes");
	gguf_base(&g, 3, 0, 1);
	gstr(&g, "a"); g32(&g, 8); g64(&g, 1ull << 40);
	gguf_expect(&g, 4096, GS_EPARSE, "longer than the file");
	gguf_expect(&g, 0, GS_EPARSE, "256 MiB header limit");
}
/* elements x 4 bytes (F32) past 2^64: an error naming the tensor, never "0 B" */
static void gguf_bytes_overflow(void **st)
{
	(void)st;
	gb g;
	gguf_base(&g, 3, 1, 0);
	gstr(&g, "w"); g32(&g, 1); g64(&g, 1ull << 62); g32(&g, 0); g64(&g, 0);
	gguf_expect(&g, 0, GS_EPARSE,
	            "tensor \"w\": its byte count (blocks x block size) is too large to represent");
}
static void gguf_offset_overflow(void **st)
{
	(void)st;
	gb g;
	gguf_base(&g, 3, 1, 0);
	gstr(&g, "w"); g32(&g, 1); g64(&g, 32); g32(&g, 0); g64(&g, UINT64_MAX - 31);
	gguf_expect(&g, 0, GS_EPARSE, "tensor \"w\": its data offset and size are too large to represent");
	gguf_expect(&g, 1ull << 40, GS_EPARSE, "too large to represent");
}
/* 60,000 distinct keys parse (a hash set, not a scan per key); a duplicate
 * among them is still found; more than 65,536 are refused by count */
static void gguf_many_keys(void **st)
{
	(void)st;
	size_t cap = 60001 * 32 + 64;
	unsigned char *b = malloc(cap);
	assert_non_null(b);
	for (int dup = 0; dup < 2; dup++) {
		size_t n = 0;
		memcpy(b, "GGUF", 4); n = 4;
		uint32_t v = 3; memcpy(b + n, &v, 4); n += 4;
		uint64_t nt = 0, nkv = 60001; memcpy(b + n, &nt, 8); n += 8; memcpy(b + n, &nkv, 8); n += 8;
		for (int i = 0; i <= 60000; i++) {
			char k[16];
			int kl = snprintf(k, sizeof k, "k%05d", dup && i == 60000 ? 123 : i);
			uint64_t l = (uint64_t)kl;
			memcpy(b + n, &l, 8);
			n += 8;
			memcpy(b + n, k, (size_t)kl);
			n += (size_t)kl;
			uint32_t t = 4, val = (uint32_t)i;
			memcpy(b + n, &t, 4);
			n += 4;
			memcpy(b + n, &val, 4);
			n += 4;
		}
		gs_inventory *inv = gs_inventory_new();
		gs_error err;
		uint64_t need;
		gs_status s = gs_gguf_parse(inv, b, n, n, "many.gguf", &need, &err);
		gs_inventory_free(inv);
		if (dup) {
			assert_int_equal(s, GS_EPARSE);
			assert_non_null(strstr(err.msg, "duplicate metadata key \"k00123\""));
		} else {
			assert_int_equal(s, GS_OK);
		}
	}
	free(b);
	gb g;
	gguf_base(&g, 3, 0, 65537);
	gguf_expect(&g, 1ull << 40, GS_EPARSE, "at most 65536");
}
/* head_count_kv 0 made the KV cache 0 B; 5 does not divide 32 query heads */
static void gguf_kv_heads(void **st)
{
	(void)st;
	const uint32_t bad[] = {0, 5, 64};
	for (size_t i = 0; i < 3; i++) {
		gb g;
		gguf_base(&g, 3, 0, 5);
		gstr(&g, "general.architecture"); g32(&g, 8); gstr(&g, "llama");
		gstr(&g, "llama.block_count"); g32(&g, 4); g32(&g, 32);
		gstr(&g, "llama.embedding_length"); g32(&g, 4); g32(&g, 4096);
		gstr(&g, "llama.attention.head_count"); g32(&g, 4); g32(&g, 32);
		gstr(&g, "llama.attention.head_count_kv"); g32(&g, 4); g32(&g, bad[i]);
		gs_inventory *inv = gs_inventory_new();
		gs_error err;
		uint64_t need;
		assert_int_equal(gs_gguf_parse(inv, g.b, g.n, g.n, "kv.gguf", &need, &err), GS_OK);
		gs_model m;
		assert_int_equal(gs_model_from_gguf(inv, "kv.gguf", &m, &err), GS_EINPUT);
		assert_non_null(strstr(err.msg, "head_count_kv"));
		assert_non_null(strstr(err.msg, "divide"));
		gs_inventory_free(inv);
	}
}
/* issue 50 item 4: 70B llama metadata (80 blocks, 8192 wide) over one
 * 32-byte tensor is no model: refused, naming the first missing block;
 * the same with every block but a token_embd of another width too */
static void gguf_metadata_without_tensors(void **st)
{
	(void)st;
	for (int with_blocks = 0; with_blocks < 2; with_blocks++) {
		gb g;
		gguf_base(&g, 3, with_blocks ? 81 : 1, 4);
		gstr(&g, "general.architecture"); g32(&g, 8); gstr(&g, "llama");
		gstr(&g, "llama.block_count"); g32(&g, 4); g32(&g, 80);
		gstr(&g, "llama.embedding_length"); g32(&g, 4); g32(&g, 8192);
		gstr(&g, "llama.attention.head_count"); g32(&g, 4); g32(&g, 64);
		uint64_t off = 0;
		for (int l = 0; with_blocks && l < 80; l++) { /* one F32 norm of 8 a block */
			char name[32];
			snprintf(name, sizeof name, "blk.%d.attn_norm.weight", l);
			gstr(&g, name); g32(&g, 1); g64(&g, 8); g32(&g, 0); g64(&g, off);
			off += 32;
		}
		/* token_embd: 8 x 1 F32 (32 B) where 8192 x V is due */
		gstr(&g, with_blocks ? "token_embd.weight" : "w"); g32(&g, 2); g64(&g, 8); g64(&g, 1);
		g32(&g, 0); g64(&g, off);
		gs_inventory *inv = gs_inventory_new();
		gs_error err;
		uint64_t need, data = (g.n + 31) / 32 * 32;
		assert_int_equal(gs_gguf_parse(inv, g.b, g.n, data + off + 32, "70b.gguf", &need, &err),
		                 GS_OK);
		gs_model m;
		assert_int_equal(gs_model_from_gguf(inv, "70b.gguf", &m, &err), GS_EINPUT);
		assert_non_null(strstr(err.msg, with_blocks ? "token_embd.weight is of another width"
		                                            : "no tensor of block 0 (blk.0.*)"));
		gs_inventory_free(inv);
	}
}
static void st_bytes_overflow(void **st)
{
	(void)st;
	st_expect("{\"a\":{\"dtype\":\"F64\",\"shape\":[1152921504606846976],\"data_offsets\":[0,8]}}", -1,
	          GS_EPARSE, "too large to represent");
}

/* ---- fixtures (written by gen_fixtures before this test) ---------------------- */

/* A config.json planned as llama.cpp's GGUF (gguf_plan.c) and the GGUF
 * gen_fixtures wrote from the same plan: the file route (read back, blocks
 * placed by name) and the config route must agree on the model buffers. */
static void planned_gguf_routes(void **st)
{
	(void)st;
	static const struct {
		const char *config, *ftype, *file;
	} cases[] = {
		{CFG("meta-llama__Meta-Llama-3-8B.json"), "Q4_K_M", "planned-llama3-8b-Q4_K_M.gguf"},
		{CFG("meta-llama__Llama-2-7b-hf.json"), "Q3_K_M", "planned-llama2-7b-Q3_K_M.gguf"},
		{CFG("mistralai__Mistral-7B-v0.1.json"), "Q5_K_M", "planned-mistral-7b-Q5_K_M.gguf"},
		{CFG("Qwen__Qwen2.5-7B.json"), "Q4_0", "planned-qwen2.5-7b-Q4_0.gguf"},
		{CFG("mistralai__Mixtral-8x7B-v0.1.json"), "IQ2_XS", "planned-mixtral-IQ2_XS.gguf"},
		{CFG("Qwen__Qwen3-30B-A3B.json"), "Q4_K_S", "planned-qwen3-30b-a3b-Q4_K_S.gguf"},
		{CFG("google__gemma-2-9b.json"), "Q6_K", "planned-gemma2-9b-Q6_K.gguf"},
		{CFG("microsoft__Phi-3-mini-4k-instruct.json"), "Q8_0", "planned-phi3-mini-Q8_0.gguf"},
	};
	gs_estimate *a = malloc(sizeof *a), *b = malloc(sizeof *b);
	gs_model m;
	char path[512];
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		snprintf(path, sizeof path, "%s/%s", GS_FIXTURE_DIR, cases[i].file);
		run_estimate(a, &m, GS_F_MODEL, path, GS_F_RUNTIME, "llamacpp", GS_F_LENGTH, "4096", -1);
		run_estimate(b, &m, GS_F_MODEL, cases[i].config, GS_F_RUNTIME, "llamacpp", GS_F_FORMAT,
		             cases[i].ftype, GS_F_LENGTH, "4096", -1);
		gs_bytes fa = item_at(a, "weights", 0), fb = item_at(b, "weights", 0);
		/* within 0.5 % (the routes share the plan, so in fact equal) */
		assert_true(fa * 1000 >= fb * 995 && fa * 1000 <= fb * 1005);
		assert_int_equal(fa, fb);
		assert_int_equal(a->host_bytes, b->host_bytes);
		assert_int_equal(a->model.inv.stored_bytes, b->model.inv.stored_bytes);
	}
	/* a LoRA adapter .gguf: its blocks' tensors go where the blocks go */
	run_estimate(a, &m, GS_F_MODEL, CFG("meta-llama__Meta-Llama-3-8B.json"), GS_F_RUNTIME, "llamacpp",
	             GS_F_FORMAT, "Q4_K_M", GS_F_LENGTH, "2048", GS_F_LORA_ADAPTER,
	             GS_FIXTURE_DIR "/lora-llama3-8b-r16-f32.gguf", -1);
	assert_int_equal(item_at(a, "lora_adapter", 0), 160ull << 20); /* 448 F32 tensors of rank 16 */
	run_estimate(a, &m, GS_F_MODEL, CFG("meta-llama__Meta-Llama-3-8B.json"), GS_F_RUNTIME, "llamacpp",
	             GS_F_FORMAT, "Q4_K_M", GS_F_LENGTH, "2048", GS_F_GPU_LAYERS, "17", GS_F_LORA_ADAPTER,
	             GS_FIXTURE_DIR "/lora-llama3-8b-r16-f32.gguf", -1);
	/* -ngl 17 from b7467: the output head and the last 16 blocks, whose half of the adapter */
	assert_int_equal(item_at(a, "lora_adapter", 0), 80ull << 20);
	bool cpu_lora = false;
	for (size_t i = 0; i < a->n_buffers; i++)
		cpu_lora |= !strcmp(a->buffers[i].device, "CPU") && !strcmp(a->buffers[i].kind, "lora") &&
		            a->buffers[i].bytes == 80ull << 20;
	assert_true(cpu_lora);
	free(a);
	free(b);
}

static void fixtures(void **st)
{
	(void)st;
	gs_estimate *e = malloc(sizeof *e);
	gs_model m;
	/* the same model from config.json and from its shards: the same count */
	run_estimate(e, &m, GS_F_MODEL, GS_FIXTURE_DIR "/llama3-8b", -1);
	assert_true(m.has_inventory);
	assert_int_equal(m.params, 8030261248ull);
	assert_int_equal(m.inv.config_params, 8030261248ull);
	assert_int_equal(m.inv.shards, 4);
	assert_int_equal(item_at(e, "weights", 0), 16060522496ull);
	assert_non_null(strstr(m.inv.note, "agree"));
	/* QLoRA on a bf16 checkpoint: the tensor table's split in nf4-dq */
	run_estimate(e, &m, GS_F_MODEL, GS_FIXTURE_DIR "/llama3-8b", GS_F_TASK, "qlora", GS_F_LENGTH, "1024",
	             -1);
	assert_string_equal(e->format.name, "nf4-dq");
	assert_int_equal(item_at(e, "weights", 0), 3489660928ull);
	/* Llama-2-7b stores 32 x 64 rotary inv_freq buffers: not parameters */
	run_estimate(e, &m, GS_F_MODEL, GS_FIXTURE_DIR "/llama2-7b", -1);
	assert_int_equal(m.params, 6738415616ull);
	assert_int_equal(m.inv.buffer_elements, 2048);
	assert_non_null(strstr(m.inv.note, "buffer"));
	/* bitsandbytes NF4: logical parameters, packed bytes, kept modules */
	run_estimate(e, &m, GS_F_MODEL, GS_FIXTURE_DIR "/tiny-nf4", -1);
	assert_int_equal(m.params, 106816);
	assert_string_equal(m.inv.main_format, "nf4-dq");
	assert_int_equal(item_at(e, "weights", 0), 2 * 36864 / 2); /* 2 layers, two codes a byte */
	assert_int_equal(item_at(e, "other_format_modules", 0), (2 * 16384 + 2 * 128 + 64) * 2);
	assert_non_null(strstr(m.inv.unquantized, "embeddings, lm_head, norms"));
	run_estimate(e, &m, GS_F_MODEL, GS_FIXTURE_DIR "/tiny-gptq", -1);
	assert_int_equal(m.params, 106816);
	assert_non_null(strstr(m.inv.quantization, "act-order"));
	/* NVFP4 (Qwen3-32B in the published ModelOpt and compressed-tensors
	 * layouts): two E2M1 codes a byte count twice; the table's bytes and
	 * the config-only estimate (codes x 4 bits + an E4M3 scale per 16 + 8 B
	 * a matrix + the 16-bit rest) agree within 1 % (here to the 512 B of
	 * the FP8 KV cache's k_scale and v_scale, which the config leaves out) */
	gs_bytes from_table[2];
	static const char *const nvfp4_dirs[2] = {GS_FIXTURE_DIR "/qwen3-32b-nvfp4-modelopt",
	                                          GS_FIXTURE_DIR "/qwen3-32b-nvfp4-ct"};
	for (int k = 0; k < 2; k++) {
		run_estimate(e, &m, GS_F_MODEL, nvfp4_dirs[k], GS_F_RUNTIME, "vllm", GS_F_GPU, "B200",
		             GS_F_LENGTH, "8192", -1);
		assert_int_equal(m.params, 32762123264ull);
		assert_string_equal(m.inv.main_format, "nvfp4");
		assert_string_equal(e->format.name, "nvfp4");
		assert_string_equal(e->kv_format.name, k ? "bf16" : "fp8-e4m3"); /* ModelOpt's FP8 KV */
		from_table[k] = item_at(e, "weights", 0) + item_at(e, "quant_metadata", 0) +
		                item_at(e, "other_format_modules", 0);
	}
	assert_int_equal(from_table[0], from_table[1]);
	run_estimate(e, &m, GS_F_MODEL, GS_TEST_DATA_DIR "/configs/quant/qwen3-32b-nvfp4", GS_F_RUNTIME,
	             "vllm", GS_F_GPU, "B200", GS_F_LENGTH, "8192", -1);
	assert_false(m.has_inventory);
	gs_bytes from_config = item_at(e, "weights", 0) + item_at(e, "quant_metadata", 0) +
	                       item_at(e, "other_format_modules", 0);
	assert_int_equal(from_table[0] - from_config, 64 * 2 * 4);
	assert_true((double)(from_table[0] - from_config) < 0.01 * (double)from_table[0]);
	/* GGUF: exact bytes per tensor; llama.cpp keeps token_embd on the host */
	run_estimate(e, &m, GS_F_MODEL, GS_FIXTURE_DIR "/pythia-2.8b-q4_0.gguf", GS_F_RUNTIME, "llamacpp",
	             GS_F_LENGTH, "2048", -1);
	assert_int_equal(m.params, 2775208960ull);
	assert_int_equal(item_at(e, "weights", 0), 1525496320ull); /* 1454.83 MiB in llama.cpp's log */
	/* weights only is the file's own bytes for its parameters, 4.61 bits a
	 * weight here, not Q4_0's nominal 4: the GPU's weights plus token_embd
	 * (50304 x 2560 in Q4_0, 18 bytes per 32 weights = 72437760 B) */
	assert_true(e->weights_only_from_file);
	assert_int_equal(e->weights_only, 1525496320ull + 72437760ull);
	assert_int_equal(item_at(e, "kv_cache", 1), 640ull << 20);
	/* -ctk q8_0 -ctv f16 (fp16 here): K rows of 2560 elements in q8_0 are 2560 / 32 x 34
	 * = 2720 B, V rows 5120 B; 2048 cells x 32 blocks x (2720 + 5120) B */
	run_estimate(e, &m, GS_F_MODEL, GS_FIXTURE_DIR "/pythia-2.8b-f16.gguf", GS_F_RUNTIME, "llamacpp",
	             GS_F_LENGTH, "2048", GS_F_KV_FORMAT, "q8_0", GS_F_KV_FORMAT_V, "fp16", -1);
	assert_int_equal(item_at(e, "kv_cache", 1), 513802240ull);
	assert_string_equal(e->kv_format_v.name, "fp16");
	/* a quantized V cache needs flash attention (llama-context.cpp); with it,
	 * the same bytes the other way round (2048 cells is a multiple of 256) */
	{
		gs_workload w;
		gs_error err;
		load_workload(&w, &m, GS_F_MODEL, GS_FIXTURE_DIR "/pythia-2.8b-f16.gguf", GS_F_RUNTIME,
		              "llamacpp", GS_F_LENGTH, "2048", GS_F_KV_FORMAT_V, "q8_0",
		              GS_F_ATTENTION, "off", -1);
		assert_int_equal(gs_estimate_run(&w, &m, e, &err), GS_EINPUT);
		assert_non_null(strstr(err.msg, "quantized V cache only with flash attention"));
		assert_non_null(strstr(err.msg, "test"));
	}
	/* a read .gguf's types are its own: a quantizer release to plan with is refused */
	expect_estimate_error(e, GS_EINPUT, "read from its file", GS_F_MODEL,
	                      GS_FIXTURE_DIR "/pythia-2.8b-q4_0.gguf", GS_F_RUNTIME, "llamacpp",
	                      GS_F_QUANTIZER, "b4020", -1);
	run_estimate(e, &m, GS_F_MODEL, GS_FIXTURE_DIR "/pythia-2.8b-f16.gguf", GS_F_RUNTIME, "llamacpp",
	             GS_F_LENGTH, "2048", GS_F_KV_FORMAT, "fp16", GS_F_KV_FORMAT_V, "q8_0", GS_F_ATTENTION,
	             "flash", -1);
	assert_int_equal(item_at(e, "kv_cache", 1), 513802240ull);
	/* fit's changes for llama.cpp at 32768 tokens on 8 GB: the most blocks
	 * that fit is 11 (peak 7868930048 B; 12 blocks: 8361893888 B), then the
	 * K cache in q8_0 (the K half of 10 GiB at 34/64) and flash attention */
	{
		gs_workload w;
		gs_error err;
		/* b7406: every layer by default, no --fit yet; -fa off as given */
		load_workload(&w, &m, GS_F_MODEL, GS_FIXTURE_DIR "/pythia-2.8b-f16.gguf", GS_F_RUNTIME,
		              "llamacpp", GS_F_LENGTH, "32768", GS_F_CAPACITY, "8000000000B",
		              GS_F_RUNTIME_VERSION, "b7406", GS_F_ATTENTION, "off", -1);
		gs_change ch[GS_MAX_CHANGES];
		size_t nch;
		gs_bytes now;
		assert_int_equal(gs_fit_changes(&w, &m, ch, &nch, &now, &err), GS_OK);
		assert_true(nch >= 4);
		assert_string_equal(ch[0].field, "gpu_layers");
		assert_string_equal(ch[0].value, "11");
		assert_int_equal(ch[0].peak_after, 7868930048ull);
		assert_true(ch[0].fits_after);
		bool k_only = false, flash = false;
		for (size_t i = 0; i < nch; i++) {
			if (!strcmp(ch[i].field, "kv_format") && !strcmp(ch[i].value, "q8_0")) {
				k_only = true;
				assert_string_equal(ch[i].also, "kv_format_v fp16");
				assert_int_equal(ch[i].saves, 32ull * 32768 * 2560 * (2 * 32 - 34) / 32);
			}
			flash |= !strcmp(ch[i].field, "attention") && !strcmp(ch[i].value, "flash");
		}
		assert_true(k_only && flash);
	}
	/* partial offload: 16 of 32 blocks on the GPU, the rest in host memory
	 * (-ngl 17 from b7467: the output head first) */
	run_estimate(e, &m, GS_F_MODEL, GS_FIXTURE_DIR "/pythia-2.8b-f16.gguf", GS_F_RUNTIME, "llamacpp",
	             GS_F_LENGTH, "2048", GS_F_GPU_LAYERS, "17", -1);
	assert_int_equal(item_at(e, "kv_cache", 1), 320ull << 20);
	assert_true(e->host_bytes > (2ull << 30));
	/* two GPUs, 3:1 */
	run_estimate(e, &m, GS_F_MODEL, GS_FIXTURE_DIR "/pythia-2.8b-f16.gguf", GS_F_RUNTIME, "llamacpp",
	             GS_F_LENGTH, "2048", GS_F_GPUS, "2", GS_F_TENSOR_SPLIT, "3,1", -1);
	assert_int_equal(e->n_stages, 2);
	assert_true(e->stage_peak[0] > 2 * e->stage_peak[1]);
	free(e);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(st_valid),
		cmocka_unit_test(st_huge_header_length),
		cmocka_unit_test(st_truncated_length),
		cmocka_unit_test(st_truncated_header),
		cmocka_unit_test(st_header_past_eof),
		cmocka_unit_test(st_not_object),
		cmocka_unit_test(st_malformed_json),
		cmocka_unit_test(st_duplicate_key),
		cmocka_unit_test(st_unknown_dtype),
		cmocka_unit_test(st_negative_shape),
		cmocka_unit_test(st_too_many_dims),
		cmocka_unit_test(st_shape_overflow),
		cmocka_unit_test(st_offsets_mismatch),
		cmocka_unit_test(st_overlap),
		cmocka_unit_test(st_hole),
		cmocka_unit_test(st_data_past_eof),
		cmocka_unit_test(st_not_covering),
		cmocka_unit_test(st_non_utf8_name),
		cmocka_unit_test(st_empty_name),
		cmocka_unit_test(st_metadata_types),
		cmocka_unit_test(index_rules),
		cmocka_unit_test(gguf_valid),
		cmocka_unit_test(gguf_overlap_and_wrap),
		cmocka_unit_test(gguf_bad_magic),
		cmocka_unit_test(gguf_version_1),
		cmocka_unit_test(gguf_future_version),
		cmocka_unit_test(gguf_huge_tensor_count),
		cmocka_unit_test(gguf_huge_kv_count),
		cmocka_unit_test(gguf_truncated),
		cmocka_unit_test(gguf_duplicate_key),
		cmocka_unit_test(gguf_bad_alignment),
		cmocka_unit_test(gguf_misaligned_offset),
		cmocka_unit_test(gguf_unknown_type),
		cmocka_unit_test(gguf_nested_array),
		cmocka_unit_test(gguf_huge_array),
		cmocka_unit_test(gguf_too_many_dims),
		cmocka_unit_test(gguf_long_name),
		cmocka_unit_test(gguf_non_utf8_key),
		cmocka_unit_test(gguf_partial_block),
		cmocka_unit_test(gguf_data_past_eof),
		cmocka_unit_test(gguf_duplicate_tensor),
		cmocka_unit_test(gguf_string_past_file),
		cmocka_unit_test(gguf_bytes_overflow),
		cmocka_unit_test(gguf_offset_overflow),
		cmocka_unit_test(gguf_many_keys),
		cmocka_unit_test(st_bytes_overflow),
		cmocka_unit_test(gguf_kv_heads),
		cmocka_unit_test(st_shape_bounded),
		cmocka_unit_test(gguf_metadata_without_tensors),
		cmocka_unit_test(fixtures),
		cmocka_unit_test(planned_gguf_routes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
