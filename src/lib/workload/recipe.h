/*
 * recipe.h — the defaults adaptation recipes really use (docs/method.md
 * §10a): each row one setting of one recipe, at the release it was read
 * from, applied to the fields the sheet leaves unset.
 */
#ifndef GS_RECIPE_H
#define GS_RECIPE_H

#include <stddef.h>
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

#endif
