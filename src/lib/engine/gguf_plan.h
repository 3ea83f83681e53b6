/*
 * gguf_plan.h — the GGUF a config.json would become, before the download
 * (docs/method.md §14a).
 *
 * llama.cpp's converter names every tensor (token_embd, blk.N.attn_q, ...)
 * and its quantizer picks a ggml type per tensor from the file type, the
 * tensor's role, its layer and the architecture (src/llama-quant.cpp). This
 * module builds that tensor table from a model's architecture facts and the
 * file type, and sums it the way a read GGUF is summed, so llama.cpp's
 * estimator treats both alike. Static data only; nothing allocates.
 */
#ifndef GS_GGUF_PLAN_H
#define GS_GGUF_PLAN_H

#include "gpusizer/model.h"
#include "gpusizer/status.h"
#include "gpusizer/workload.h"

/* One tensor of the planned file. */
typedef struct gsi_plan_tensor {
	char name[48];
	int layer;          /* -1 outside the blocks                     */
	uint64_t ne[3];     /* ne[0] = row length (input features)       */
	const char *type;   /* ggml type name after the quantizer's rules */
	uint64_t bytes;
} gsi_plan_tensor;

/* The llama.cpp file type names accepted ("Q4_K_M", case-insensitive),
 * for messages. */
const char *gsi_gguf_ftypes(void);

/* Is `name` a llama.cpp file type (case-insensitive, "gguf:" prefix
 * allowed)? Writes the canonical upper-case name. */
bool gsi_gguf_ftype(const char *name, char *canon, size_t cap);

/* The GGUF architecture name llama.cpp's converter writes for model m:
 * general.architecture of a read GGUF ("gguf:llama" model types), else the
 * converter's name for the config's model_type (Mistral and Mixtral are
 * "llama", qwen3_moe "qwen3moe", gemma3_text "gemma3"). Borrowed. */
const char *gsi_gguf_arch(const gs_model *m);

/* Plan model m (from a config.json) as a GGUF of file type `ftype` (a
 * canonical name) and fill m->inv as a read GGUF's summary would be
 * (layer_bytes, input_bytes, output_bytes, stored_bytes, main_format,
 * dtypes), with has_inventory set. `each` (may be NULL) receives every
 * tensor. Errors: GS_EUNSUPPORTED for an architecture whose tensor layout
 * or quantization rules are not implemented (naming it and listing those
 * that are), GS_EINPUT for an unknown file type. */
gs_status gsi_gguf_plan(gs_model *m, const char *ftype, void (*each)(const gsi_plan_tensor *t, void *ctx),
                        void *ctx, gs_error *err) GS_WARN_UNUSED;

/* How the file is quantized: which llama.cpp quantizer release's rules
 * (GS_QUANT_007DBBF3, the default, sizes a fused attn_qkv as attn_v;
 * GS_QUANT_B4020, build 4020 of Nov 2024 and the builds before the
 * tensor-category rules, gives it its own rule), and whether llama-quantize
 * ran with an importance matrix (--imatrix), which changes a few choices;
 * the file types that need one always have it. */
typedef enum gsi_ple_rule {
	GSI_PLE_TIED,  /* Gemma 3n's per_layer_token_embd typed as the tied head
	                  (llama-quant.cpp's tensor categories, b8266 on) */
	GSI_PLE_TOKEN, /* typed as token_embd (b5763 to b8265)                  */
	GSI_PLE_KEEP   /* left in the converter's type (Ollama's quantizer)     */
} gsi_ple_rule;

typedef struct gsi_quant_opts {
	gs_quantizer quantizer;
	bool imatrix;
	gsi_ple_rule ple; /* Gemma 3n's per-layer embeddings */
} gsi_quant_opts;

/* gsi_gguf_plan with those options (NULL: the defaults). Same ownership
 * and errors. */
gs_status gsi_gguf_plan_by(gs_model *m, const char *ftype, const gsi_quant_opts *opts,
                           void (*each)(const gsi_plan_tensor *t, void *ctx), void *ctx,
                           gs_error *err) GS_WARN_UNUSED;

/* The first sheet field that chooses how a file type is planned
 * (quantizer, imatrix) the user gave, or GS_F__COUNT: they mean nothing to
 * a read .gguf or another runtime, which refuse them by name. */
gs_field gsi_gguf_plan_field_given(const gs_workload *w);

/* What an importance matrix changes in the types llama-quantize gives
 * file type `ftype` (canonical name), in words, or NULL where it changes
 * nothing (or the type requires one). Static text. */
const char *gsi_gguf_imatrix_change(const char *ftype);

#endif
