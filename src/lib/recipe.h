/*
 * recipe.h — the defaults adaptation recipes really use (docs/method.md
 * §10a): each row one setting of one recipe, at the release it was read
 * from, applied to the fields the sheet leaves unset.
 */
#ifndef GS_RECIPE_H
#define GS_RECIPE_H

#include "gpusizer/status.h"
#include "gpusizer/workload.h"

/* Set the recipe's defaults (the sheet's `recipe`, else peft) on every
 * unset field, recorded as defaults whose `where` names the recipe. For
 * adaptation tasks only; errors only from a malformed table (a bug). */
gs_status gsi_recipe_apply(gs_workload *w, gs_error *err);

/* "checkpointing full, length 1024": the fields whose value came from the
 * recipe, in `buf` ("" when none). */
void gsi_recipe_settings(const gs_workload *w, char *buf, size_t cap);

#endif
