/*
 * gpusizer/dtype.h — storage formats for weights and caches.
 *
 * A format says how many bits one stored value takes, how much metadata the
 * format adds (block or group scales, zero points, per-row or per-matrix
 * scales), and which module classes stay in another format by default.
 * Sources for every figure: docs/method.md §2-3.
 *
 * Names accepted by gs_format_parse (case-insensitive):
 *   fp32 bf16 fp16                          plain floating point
 *   fp8 fp8-e4m3 fp8-e5m2                   1 B + one fp32 scale per matrix
 *   fp8-channel fp8-block128                ... per output row / per 128x128 block
 *   int8                                    bitsandbytes LLM.int8 (fp32 scale per row)
 *   nf4 nf4-dq fp4 fp4-dq                   bitsandbytes 4-bit, block 64, with/without
 *                                           double quantization
 *   gptq gptq-gN gptq-gN-act awq awq-gN     4-bit, group N (default 128); -act adds g_idx
 *   gptq8 gptq8-gN gptq8-gN-act             8-bit GPTQ, group N
 *   w4a16 w4a16-gN                          symmetric int4, group N (default 128): a 16-bit
 *                                           scale per group, no zero point (compressed-tensors
 *                                           pack-quantized with symmetric true)
 *   mxfp4-experts                           OCP MXFP4 on the MoE experts' matrices only (gpt-oss
 *                                           checkpoints): 4-bit E2M1 + one E8M0 scale per 32;
 *                                           every other module in 16 bits
 *   mxfp4-linear                            the same on every linear matrix (compressed-tensors
 *                                           mxfp4-pack-quantized); "mxfp4" alone is the ggml type
 *   nvfp4 nvfp4-experts                     NVIDIA NVFP4: 4-bit E2M1 + one FP8 E4M3 scale per 16,
 *                                           two fp32 per matrix (weight and input global
 *                                           scales); on every linear, or the experts' alone
 *                                           (ModelOpt MIXED_PRECISION with only experts listed)
 *   int8-channel                            int8 + one fp32 scale per output row for an int8
 *                                           GEMM (compressed-tensors W8A8 int-quantized)
 *   gguf:TYPE                               a ggml type (Q4_0, Q4_K, IQ2_XS, F16, ...) or a
 *                                           llama.cpp file type (Q4_K_M: its base type, with
 *                                           the per-tensor mix reported as unknown)
 *   bits:N                                  raw N bits per value, no metadata (the quick
 *                                           calculator; --bits N is the same thing)
 */
#ifndef GPUSIZER_DTYPE_H
#define GPUSIZER_DTYPE_H

#include <stdbool.h>
#include <stdint.h>
#include "gpusizer/status.h"
#include "gpusizer/units.h"

/* Module classes a quantized format may leave in another format. */
enum {
	GS_KEEP_EMBED = 1u << 0,   /* token (and position) embeddings   */
	GS_KEEP_LM_HEAD = 1u << 1, /* output projection, when not tied   */
	GS_KEEP_NORM = 1u << 2     /* normalisation weights and biases   */
};
#define GS_KEEP_ALL (GS_KEEP_EMBED | GS_KEEP_LM_HEAD | GS_KEEP_NORM)

typedef enum gs_family {
	GS_FAM_FLOAT,    /* fp32 / bf16 / fp16                         */
	GS_FAM_RAW_BITS, /* the quick calculator's bare bits per value */
	GS_FAM_FP8,
	GS_FAM_BNB_INT8,
	GS_FAM_BNB_4BIT,
	GS_FAM_GPTQ,
	GS_FAM_AWQ,
	GS_FAM_GGUF,
	GS_FAM_MXFP4,    /* OCP MXFP4: on the MoE experts only (gpt-oss), or on
	                    every linear (compressed-tensors mxfp4-pack-quantized) */
	GS_FAM_NVFP4,    /* NVIDIA NVFP4: E2M1, an E4M3 scale per 16, fp32 per matrix */
	GS_FAM_INT8      /* int8 weights, an fp32 scale per output row, for an
	                    int8 GEMM (compressed-tensors W8A8 int-quantized); not
	                    bitsandbytes' LLM.int8 */
} gs_family;

typedef struct gs_format {
	char name[40];            /* canonical name, e.g. "nf4-dq", "gguf:Q4_K"       */
	gs_family family;
	bool quantized;           /* stored below the 16-bit compute precision        */
	gs_ratio value_bits;      /* bits of one stored value, without metadata       */
	gs_ratio meta_bits;       /* block/group metadata, in bits per weight         */
	uint32_t row_meta_bytes;  /* bytes per output row of each matrix (int8 scale) */
	uint32_t in_meta_bytes;   /* bytes per input feature of each matrix (g_idx)   */
	uint32_t matrix_meta_bytes; /* bytes per matrix (per-tensor scale)            */
	unsigned keep_default;    /* GS_KEEP_* classes kept in another format         */
	gs_ratio keep_bits;       /* bits per value of kept modules                   */
	bool mixed_file_type;     /* a llama.cpp file type mixing several ggml types  */
	const char *description;  /* one line for `gpusizer formats`                  */
	const char *source;       /* where the figures come from                      */
	bool experts_only;        /* quantizes the routed experts' matrices alone;
	                             every other parameter is kept at keep_bits     */
} gs_format;

/* Parse a format name (see the list above) into *out. Unknown names are
 * GS_EINPUT with a message listing the accepted families; `field` names the
 * flag or sheet field for the message. */
gs_status gs_format_parse(const char *text, const char *field,
                          gs_format *out /* OUT */, gs_error *err) GS_WARN_UNUSED;

/* The raw-bits format "bits:N" (no metadata, nothing kept aside). */
void gs_format_from_bits(gs_ratio bits, gs_format *out /* OUT */);

/* Bits per weight including block/group metadata (value_bits + meta_bits);
 * excludes per-row, per-input and per-matrix terms, which need shapes. */
gs_ratio gs_format_bpw(const gs_format *f);

/* The built-in named formats, for listing. *out is borrowed static storage. */
size_t gs_format_table(const gs_format **out /* OUT */);

/* ggml type by its GGUF id (ggml.h enum ggml_type): name, elements per
 * block and bytes per block. Returns false for an unknown or removed id. */
bool gs_ggml_type(uint32_t id, const char **name /* OUT */, uint32_t *block /* OUT */,
                  uint32_t *size /* OUT */);

/* The same by name ("Q4_K"); false when unknown. */
bool gs_ggml_type_by_name(const char *name, uint32_t *id /* OUT */, uint32_t *block /* OUT */,
                          uint32_t *size /* OUT */);

/* The KV-cache formats gs_kv_format_parse takes, and the llama.cpp file
 * types (Q4_K_M, Q8_0, ...) a GGUF can be planned as: entry i, NULL past
 * the last. Static strings; the formats verb lists them. */
const char *gs_kv_format_name(size_t i);
const char *gs_gguf_file_type_name(size_t i);

/* Parse a KV-cache format: fp32 bf16 fp16 fp8 fp8-e4m3 fp8-e5m2 q8_0 q4_0
 * q4_1 q5_0 q5_1 iq4_nl. Bytes per cached element = gs_format_bpw / 8. */
gs_status gs_kv_format_parse(const char *text, const char *field,
                             gs_format *out /* OUT */, gs_error *err) GS_WARN_UNUSED;

/* Parse a comma list of module classes for --keep: "embed,lm_head,norm",
 * "none", "default" (returns -1 in *mask meaning "the format's default"). */
/* Module class i (0, 1, ...) by the name --keep takes ("embed", "lm_head",
 * "norm") and its GS_KEEP_* bit; NULL past the last. */
const char *gs_keep_class(size_t i, unsigned *bit /* OUT, may be NULL */);

gs_status gs_keep_parse(const char *text, const char *field, int *mask /* OUT */,
                        gs_error *err) GS_WARN_UNUSED;

#endif
