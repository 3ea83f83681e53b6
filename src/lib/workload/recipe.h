/*
 * recipe.h — the defaults adaptation recipes really use (docs/method.md
 * §10a): each row one setting of one recipe, at the release it was read
 * from, applied to the fields the sheet leaves unset.
 */
#ifndef GS_RECIPE_H
#define GS_RECIPE_H

#include <stdbool.h>
#include <stddef.h>
#include "gpusizer/status.h"
#include "gpusizer/workload.h"

/* One default of a recipe: the field and its value as the sheet would
 * spell it. */
typedef struct gsi_recipe_default {
	gs_field field;
	const char *value;   /* NULL: the framework has no default and refuses to run without it */
	const char *why;     /* for a NULL value: the framework's rule, and what its examples give */
} gsi_recipe_default;

/* The defaults recipe r uses for task, into out (at most cap); returns how
 * many. The workload applies them to the fields the sheet leaves unset
 * (workload.c): this table knows nothing of workloads, so it sits below
 * them. */
size_t gsi_recipe_defaults(gs_recipe r, gs_task task, gsi_recipe_default out[], size_t cap);

/* Whether recipe r keeps a vision-language model's tower and projector out
 * of its LoRA targets whatever their names (LLaMA-Factory's
 * freeze_vision_tower, True by default); the others hand PEFT names, which
 * match a tower's layers too. */
bool gsi_recipe_freezes_vision_tower(gs_recipe r);

/* --- Unsloth's releases (docs/method.md §10a) ---------------------------------
 * Unsloth's recipe rows above are its defaults at the release read
 * (v0.1.801-beta). What else it allocates changed between its releases; each
 * row below is the release it stands for, with the facts the adaptation
 * estimate reads, so the estimate asks the row and never compares dates. */

/* A model type Unsloth runs on its own rotary class, and the bytes of one
 * element of the cos/sin cache that class builds. */
typedef struct gsi_unsloth_rope {
	const char *model_type;
	unsigned bytes;
} gsi_unsloth_rope;

/* How a release computes the loss on the language-model head (docs/method.md
 * §10a, "Unsloth by release"). */
typedef enum gsi_unsloth_loss {
	GSI_ULOSS_LOGITS,          /* lm_head's logits in the model's 16 bits, held to
	                              backward, the gradient written into them      */
	GSI_ULOSS_CCE,             /* Cut Cross-Entropy: no logits tensor          */
	GSI_ULOSS_CCE_OVER_1024,   /* the logits up to 1024 tokens a microbatch,
	                              Cut Cross-Entropy above                       */
	GSI_ULOSS_FUSED_OVER_1024, /* the logits up to 1024 tokens, zoo's fused
	                              chunked loss above                            */
	GSI_ULOSS_FUSED,           /* zoo's fused chunked loss at every length     */
	GSI_ULOSS_STANDARD,        /* the logits and an fp32 cross-entropy over them
	                              (Transformers' loss; zoo's compiler may run Cut
	                              Cross-Entropy instead, which holds less)       */
} gsi_unsloth_loss;

/* The memory zoo's fused loss aims a chunk of fp32 logits at. */
typedef enum gsi_unsloth_target {
	GSI_UTARGET_1GIB,          /* target_gb = 1                                */
	GSI_UTARGET_HALF_FREE,     /* half the free memory (torch.cuda.mem_get_info) */
	GSI_UTARGET_HALF_FREE_CAP4 /* half the free memory, at most 4 GiB          */
} gsi_unsloth_target;

typedef struct gsi_unsloth_release {
	/* The first release the row stands for, as Unsloth's banner prints it
	 * (year.month[.patch]); it stands for every later one up to the next
	 * row. */
	const char *release;
	bool rope_per_layer;         /* a RoPE cache in every attention layer, not
	                                one the layers share                    */
	bool experts_as_parameters;  /* gate/up/down targets reach 3-D experts
	                                through PEFT's target_parameters        */
	bool experts_linear_targets; /* gate/up/down targets reach experts held as
	                                one nn.Linear each (get_moe_target_modules) */
	bool gpt_oss;                /* loads gpt-oss, its 4-bit path on the
	                                -unsloth-bnb-4bit upload with one
	                                nn.Linear per expert                    */
	bool experts_3d_4bit;        /* load_in_4bit quantizes Transformers 5's
	                                3-D expert parameters too (zoo's bnb
	                                dispatcher)                             */
	bool untie_qat;              /* QAT int8-int4 (phone-deployment) unties a
	                                tied lm_head from the embeddings        */
	bool gc_small_stays;         /* layer inputs of 2 MiB or less stay on the
	                                GPU (zoo's MINIMUM_SIZE)                */
	unsigned gc_gpu_buffers;     /* GPU staging buffers of the offloaded
	                                checkpointing (1, or 2 double-buffered) */
	gsi_unsloth_loss loss;       /* Unsloth's own models (llama.py)         */
	gsi_unsloth_loss loss_compiled; /* the models zoo's compiler patches   */
	gsi_unsloth_target target;   /* the fused loss's chunk target           */
	const char *const *force_float32; /* FORCE_FLOAT32's types, NULL-ended   */
	const gsi_unsloth_rope *rope_types; /* the types on its own rotary classes,
	                                ended by a NULL model_type              */
	const char *source;          /* where the row's facts are read            */
} gsi_unsloth_release;

/* The release the sheet's recipe_release names (`text`, as Unsloth's banner
 * prints it: 2024.8, 2025.4.7; or a v0.1.x-beta tag that was read), or the
 * newest row when text is NULL (*stated false: the answer is to confirm).
 * *version is year x 10^6 + month x 10^3 + patch (0 for none given).
 * GS_EINPUT at `where` for any other text, and for a release older than
 * the oldest row. */
gs_status gsi_unsloth_release_parse(const char *text, const char *where, const gsi_unsloth_release **out,
                                    unsigned *version, bool *stated, gs_error *err) GS_WARN_UNUSED;

/* The newest row: what a run without a stated release is sized with. */
const gsi_unsloth_release *gsi_unsloth_newest(void);

/* The bytes of one element of the RoPE cache Unsloth release r builds for
 * model_type; 0 when that type runs Transformers' rotary, which caches
 * nothing. */
unsigned gsi_unsloth_rope_bytes(const gsi_unsloth_release *r, const char *model_type);

/* Whether Unsloth runs model_type on its own model code (llama.py and the
 * files beside it), whose loss is r->loss; the others run Transformers'
 * code patched by zoo's compiler (r->loss_compiled). */
bool gsi_unsloth_own_model(const gsi_unsloth_release *r, const char *model_type);

/* Whether Unsloth forces float32 training for model_type on a GPU without
 * bfloat16 (FORCE_FLOAT32 in models/loader.py): gemma3, gpt-oss. */
bool gsi_unsloth_forces_float32(const gsi_unsloth_release *r, const char *model_type);

/* Unsloth's qat_scheme by release (models/_utils.py _prepare_model_for_qat):
 * the first release that knows `scheme`, or NULL when the release
 * (`version` as gsi_unsloth_release_parse gives it, 0: the newest) knows
 * it. */
const char *gsi_unsloth_qat_missing(const char *scheme, unsigned version);

/* Whether `scheme` unties a tied lm_head from the embeddings under row r
 * (_untie_input_output_embeddings, int8-int4's prequantization_transform;
 * phone-deployment is int8-int4), for model_type: from 2025.12.9 a Gemma 3
 * asked for int8-int4 runs int4 instead, which does not untie. */
bool gsi_unsloth_qat_unties(const gsi_unsloth_release *r, unsigned version, const char *scheme,
                            const char *model_type);

#endif
