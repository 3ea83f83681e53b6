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

typedef struct gsi_unsloth_release {
	/* The first release the row stands for, as Unsloth's banner prints it
	 * (year.month); it stands for every later one up to the next row. NULL:
	 * every release before the next row. The release read is a row of its
	 * own, by its tag. */
	const char *release;
	bool rope_per_layer;         /* a RoPE cache in every attention layer, not
	                                one the layers share                    */
	bool experts_as_parameters;  /* gate/up/down targets reach 3-D experts
	                                through PEFT's target_parameters        */
	const gsi_unsloth_rope *rope_types; /* the types on its own rotary classes,
	                                ended by a NULL model_type              */
	const char *source;          /* where the row's facts are read            */
} gsi_unsloth_release;

/* The release the sheet's recipe_release names (`text`, as Unsloth's banner
 * prints it: 2024.8, 2025.4.7; or v0.1.801-beta, the release read), or the
 * release read when text is NULL. *yyyymm is its year x 100 + month, 0 for
 * the release read. GS_EINPUT at `where` for any other text. */
gs_status gsi_unsloth_release_parse(const char *text, const char *where, const gsi_unsloth_release **out,
                                    unsigned *yyyymm, gs_error *err) GS_WARN_UNUSED;

/* The bytes of one element of the RoPE cache Unsloth release r builds for
 * model_type; 0 when that type runs Transformers' rotary, which caches
 * nothing. */
unsigned gsi_unsloth_rope_bytes(const gsi_unsloth_release *r, const char *model_type);

#endif
