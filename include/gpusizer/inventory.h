/*
 * gpusizer/inventory.h — a checkpoint's own tensor table, read from file
 * headers only (never the weights).
 *
 * safetensors (huggingface/safetensors, docs "format"):
 *   u64 little-endian N | N bytes of UTF-8 JSON | data
 *   The JSON is an object: tensor name -> {"dtype": "BF16", "shape": [..],
 *   "data_offsets": [begin, end]} (offsets relative to the data start), plus
 *   an optional "__metadata__" object of strings. The data must be covered
 *   exactly: no holes, no overlap. A sharded checkpoint lists its shards in
 *   model.safetensors.index.json: {"metadata": {"total_size": N},
 *   "weight_map": {tensor: "model-00001-of-00004.safetensors", ...}}.
 *
 * GGUF v2/v3 (ggml docs/gguf.md), all integers little-endian:
 *   "GGUF" | u32 version | u64 tensor_count | u64 kv_count
 *   kv_count x (string key | u32 type | value)
 *   tensor_count x (string name | u32 n_dims (<= 4) | u64 ne[n_dims] |
 *                   u32 ggml type | u64 offset)
 *   padding to general.alignment (default 32) | tensor data
 *   string = u64 length | bytes (no NUL); value types 0 u8, 1 i8, 2 u16,
 *   3 i16, 4 u32, 5 i32, 6 f32, 7 bool, 8 string, 9 array (u32 type | u64
 *   count | values), 10 u64, 11 i64, 12 f64.
 *
 * Hardening (one named test per rule in tests/unit/test_inventory.c): header
 * sizes are capped (safetensors 100 MiB, GGUF metadata 256 MiB); every count
 * is checked against the bytes remaining before anything is allocated; shapes
 * are multiplied with overflow checks; duplicate keys and names, unknown
 * dtypes and ggml types, misaligned offsets, alignments that are not a power
 * of two, nested arrays, data past the end of the file and invalid UTF-8 names
 * are errors (GS_EPARSE) naming the file and what was expected.
 *
 * Ownership: a gs_inventory owns its tensors and their names; pointers it
 * returns are borrowed until gs_inventory_free. gs_inventory_free(NULL) is a
 * no-op.
 */
#ifndef GPUSIZER_INVENTORY_H
#define GPUSIZER_INVENTORY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "gpusizer/model.h"
#include "gpusizer/status.h"

#define GS_MAX_DIMS 8
#define GS_SAFETENSORS_MAX_HEADER ((uint64_t)100 << 20)
/* At most this many tensors in one safetensors file, counted before the
 * header's JSON is parsed (issue 39). */
#define GS_SAFETENSORS_MAX_TENSORS 65536
#define GS_GGUF_MAX_METADATA ((uint64_t)256 << 20)

typedef enum gs_tensor_class {
	GS_TC_LINEAR,     /* weight matrices (and packed quantized weights)     */
	GS_TC_EMBED,      /* token / position embeddings                        */
	GS_TC_LM_HEAD,    /* output projection                                  */
	GS_TC_NORM,       /* normalisation weights and biases                   */
	GS_TC_OTHER,      /* biases, routers, other 1-D parameters              */
	GS_TC_QUANT_META, /* scales, zero points, absmax, g_idx, quant states   */
	GS_TC_BUFFER,     /* stored buffers that are not parameters (inv_freq)  */
	GS_TC__COUNT
} gs_tensor_class;

typedef struct gs_tensor {
	char *name;                /* owned by the inventory                   */
	char dtype[12];            /* "BF16", "F8_E4M3", "Q4_K"                */
	uint32_t ndim;
	uint64_t shape[GS_MAX_DIMS];
	uint64_t elements;         /* stored elements                          */
	uint64_t logical;          /* parameters it represents (packed x 2, x 8) */
	uint64_t bytes;            /* stored bytes                             */
	uint64_t offset;           /* in the data region                       */
	int32_t layer;             /* block index from the name, or -1         */
	uint32_t shard;            /* index of the file it came from           */
	gs_tensor_class cls;
} gs_tensor;

typedef struct gs_inventory gs_inventory;

/* A new empty inventory, or NULL when out of memory. */
gs_inventory *gs_inventory_new(void);
void gs_inventory_free(gs_inventory *inv);

size_t gs_inventory_count(const gs_inventory *inv);
const gs_tensor *gs_inventory_tensor(const gs_inventory *inv, size_t i);

/* Parse one safetensors header from buf (the file's first len bytes).
 * file_size is the whole file's size (0 when unknown: offsets are then
 * checked against each other only). When buf is too short, returns GS_EPARSE
 * with *need set to the prefix length that would suffice (a range reader
 * fetches that much and calls again); *need is 0 otherwise. Tensors are
 * appended with `shard`. */
gs_status gs_safetensors_parse(gs_inventory *inv, const void *buf, size_t len, uint64_t file_size,
                               const char *name, uint32_t shard, uint64_t *need /* OUT */,
                               gs_error *err) GS_WARN_UNUSED;

/* Shard file names of model.safetensors.index.json, each once, in order of
 * first appearance. Names must be plain file names ending in .safetensors.
 * *files is allocated (caller frees each and the array with
 * gs_shard_list_free). */
/* At most this many distinct shard files: refused (GS_EINPUT) at the first
 * name past it, before more comparisons are made. */
#define GS_SAFETENSORS_MAX_SHARDS 256
gs_status gs_safetensors_index_parse(const void *buf, size_t len, const char *name,
                                     char ***files /* OUT */, size_t *n /* OUT */,
                                     uint64_t *total_size /* OUT: 0 if absent */,
                                     gs_error *err) GS_WARN_UNUSED;
void gs_shard_list_free(char **files, size_t n);

/* Where the last file parsed into inv ends, as its header describes it
 * (the end of its last tensor's data); 0 before any parse. */
uint64_t gs_inventory_file_end(const gs_inventory *inv);

/* Parse a GGUF header and tensor infos, as gs_safetensors_parse. Metadata
 * is kept for gs_inventory_meta_*. */
gs_status gs_gguf_parse(gs_inventory *inv, const void *buf, size_t len, uint64_t file_size,
                        const char *name, uint64_t *need /* OUT */, gs_error *err) GS_WARN_UNUSED;

/* GGUF metadata lookups: an unsigned integer (any integer type, or the
 * first element of an integer array), a string (borrowed), an array length.
 * Return false when the key is absent or of another type. */
bool gs_inventory_meta_u64(const gs_inventory *inv, const char *key, uint64_t *out /* OUT */);
const char *gs_inventory_meta_str(const gs_inventory *inv, const char *key);
bool gs_inventory_meta_array_len(const gs_inventory *inv, const char *key, uint64_t *out /* OUT */);

/* Read the tensor table of a local checkpoint: a .safetensors or .gguf
 * file, or a folder with model.safetensors.index.json (and its shards) or
 * model.safetensors. Only headers are read. */
gs_status gs_inventory_load_path(gs_inventory *inv, const char *path, gs_error *err) GS_WARN_UNUSED;

/* Classify the tensors (by name, after Transformers' and llama.cpp's
 * naming), pair packed quantized weights with their scales, and summarise.
 * quant_bits is the quantization_config bits for GPTQ/AWQ (0: 4). */
void gs_inventory_summarize(gs_inventory *inv, unsigned quant_bits, gs_inventory_summary *out /* OUT */);

/* Which routed-expert tensor a GGUF tensor name is, as llama.cpp's
 * LLM_FFN_EXPS_REGEX (\.ffn_(up|down|gate|gate_up)_(ch|)exps) matches it:
 * 0 gate (and a fused gate_up), 1 up, 2 down; -1 for any other tensor
 * (shared experts, ffn_*_shexp, and the router stay apart). */
int gs_gguf_expert_kind(const char *name);

/* gs_model_from_gguf and gs_model_apply_inventory, which make a model from a
 * tensor table, are declared with the model (gpusizer/model.h). */

#endif
