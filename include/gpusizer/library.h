/*
 * gpusizer/library.h — the model library built into gpusizer: config.json
 * files of popular open models (data/models/, listed in its index.tsv), so
 * that a hub id such as meta-llama/Llama-3.1-8B is sized offline. Every
 * command resolves a library id here before it asks the hub
 * (gpusizer/resolve.h); `gpusizer models` lists them.
 *
 * Each entry says how faithful its file is (`copy`): "verbatim", the whole
 * config.json as the hub serves it; "preset", a copy another public project
 * keeps of it (named in `source`); "fields", the architecture fields as the
 * model card and the Transformers configuration class give them.
 *
 * Ownership: entries are plain values; `config` points into the binary's
 * read-only data and lives as long as the program. No state is kept.
 */
#ifndef GPUSIZER_LIBRARY_H
#define GPUSIZER_LIBRARY_H

#include <stdbool.h>
#include <stddef.h>
#include <jansson.h>
#include "gpusizer/model.h"
#include "gpusizer/status.h"

typedef struct gs_library_entry {
	char id[128];          /* the hub id, org/name                          */
	char file[160];        /* its file in data/models/                      */
	char family[48];       /* "Llama 3.1", "Qwen2.5", ...                    */
	char copy[12];         /* verbatim | preset | fields                    */
	char revision[64];     /* the hub commit the copy was taken at, or ""   */
	char source[400];      /* where the copy was read, for people            */
	const char *config;    /* the config.json text (static)                  */
	size_t config_len;
} gs_library_entry;

/* A copy's revision as outputs print it: the commit, or a note saying the
 * source recorded none (static string when revision is empty). */
const char *gs_library_revision_text(const char *revision);

/* How many models the library holds. */
size_t gs_library_count(void);

/* Entry i (0 <= i < gs_library_count()), in the index's order (family,
 * then id). GS_EINPUT past the end; GS_EINPUT naming index.tsv and the row
 * when the embedded index is malformed (a build that passed its tests
 * never is). */
gs_status gs_library_at(size_t i, gs_library_entry *out /* OUT */, gs_error *err) GS_WARN_UNUSED;

/* "Did you mean": up to three library ids nearest to `id` (without its
 * @revision or :file), ignoring case, comma-separated into buf. Returns how
 * many; 0 when none is within 3 edits and under half the id. */
size_t gs_library_nearest(const char *id, char *buf, size_t cap);

/* The entry whose id equals `id`, ignoring case as the hub does. False
 * when there is none (or `id` carries a revision "@..." or a file ":..."). */
bool gs_library_find(const char *id, gs_library_entry *out /* OUT */);

/* A hub id the library does not hold, read by its name as a re-upload of
 * a model it does (unsloth/Qwen3-14B, unsloth/Llama-3.1-8B-Instruct-bnb-4bit,
 * nvidia/Qwen3-32B-NVFP4, org/X-AWQ, org/X-GGUF): the base is the library
 * model whose name (after the org) is the id's name, or the id's name
 * without a quantization suffix it reads (-bnb-4bit, -unsloth-bnb-4bit,
 * -bnb-8bit, -FP8, -FP8-Dynamic, -W8A8, -W4A16, -quantized.w8a8,
 * -quantized.w4a16, -AWQ, -GPTQ[-Int4|-Int8],
 * -NVFP4, -NVFP4A16, nvidia's -FP4, -MXFP4, -GGUF), the case ignored. */
typedef struct gs_library_derived {
	gs_library_entry base;
	char suffix[32];        /* the suffix as the id writes it, or ""        */
	char quant_method[32];  /* what the suffix stands for ("" for none, and
	                           "gguf" for a GGUF repository: its file type
	                           is the runtime's, not the name's)            */
	char format[40];        /* its gpusizer format, or ""                   */
	char quant_kv[16];      /* "fp8": the producer's checkpoints declare FP8
	                           KV scales (nvidia's ModelOpt NVFP4 uploads)   */
	char what[240];         /* what is assumed, in words                    */
} gs_library_derived;

/* Read `id` (org/name, no revision or file) by its name. 1: derived into
 * *out; 0: no library model has that name, with or without a suffix it
 * reads (nothing said); -1: a library model would be the base but the
 * suffix is not one it reads, or the name matches several: why, with the
 * nearest reading, in why. Names that the library holds are not derived. */
int gs_library_derive(const char *id, gs_library_derived *out /* OUT */, char *why, size_t whycap);

/* The model the entry describes, as gs_model_from_config_json reads it,
 * with source = the id, revision = the entry's, library_copy = its copy.
 * Errors as gs_model_from_config_json. */
gs_status gs_library_model(const gs_library_entry *e, gs_model *out /* OUT */, gs_error *err) GS_WARN_UNUSED;

/* Whether the entry's id, family or model_type (m, as gs_library_model
 * read it) contains `text`, ignoring ASCII case; NULL matches every one. */
bool gs_library_matches(const gs_library_entry *e, const gs_model *m, const char *text);

/* The entries that match `text` (NULL: all) as gpusizer/models/v1:
 * {schema, library_models, models: [{id, family, model_type, parameters,
 * context_tokens (null when the config has none), copy, revision (null
 * when not recorded), source, file}]}. *matched (may be NULL) gets their
 * number. NULL on an error of gs_library_at or gs_library_model (in err),
 * or out of memory. The caller owns the result (json_decref). */
json_t *gs_library_to_json(const char *text, size_t *matched /* OUT */, gs_error *err);

#endif
