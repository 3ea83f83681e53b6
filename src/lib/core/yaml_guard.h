/* yaml_guard.h — a streaming pre-check of YAML input before libyaml's
 * document loader builds it: bounded nesting and a single document. */
#ifndef GS_YAML_GUARD_H
#define GS_YAML_GUARD_H

#include <stddef.h>
#include <yaml.h>
#include "gpusizer/status.h"

/* Deeper than this is refused. Sheets nest 1 level, catalogs and evidence
 * files 3; libyaml's scanner slows quadratically with flow nesting, so a
 * hostile "[[[[..." is stopped at this depth, after a few hundred bytes. */
#define GS_YAML_MAX_DEPTH 16
/* Anchors and aliases together, and values (scalars and collections):
 * checked on the event stream, before libyaml's loader registers anchors
 * (a quadratic scan) or builds the nodes. A catalog of the largest size
 * gpusizer reads holds a few thousand values. */
#define GS_YAML_MAX_ANCHORS 256
#define GS_YAML_MAX_NODES 200000

/* GS_OK when buf nests at most max_depth collections, holds at most one
 * document, GS_YAML_MAX_ANCHORS anchors and aliases and GS_YAML_MAX_NODES
 * values; otherwise GS_EINPUT "NAME:LINE:COL: ..." naming the place.
 * Syntax errors are left to the loader (GS_OK), which reports them itself. */
gs_status gsi_yaml_check(const char *buf, size_t len, const char *name, unsigned max_depth, gs_error *err);

/* "NAME:LINE:COL" of a failed parser's problem. libyaml's reader errors
 * (bad UTF-8, a control character) leave problem_mark at 1:1 and give a
 * byte offset instead; the line and column are counted from buf then. */
void gsi_yaml_problem_where(const yaml_parser_t *p, const char *buf, size_t len, const char *name,
                            char *where, size_t cap);

#endif
