/*
 * gpusizer/resolve.h — the model a workload names, made into a gs_model:
 * a config.json (file or folder), a checkpoint (model folder, .safetensors,
 * .gguf), a hub id (read from the built-in model library, gpusizer/library.h,
 * when it holds that id at the asked revision; else from the hub,
 * gpusizer/hub.h), or a bare parameter count.
 *
 * Which names may open local files is a policy: the CLI reads any path its
 * user gives; the web server (gpusizer serve) reads only below the folders
 * its operator named, or none at all.
 */
#ifndef GPUSIZER_RESOLVE_H
#define GPUSIZER_RESOLVE_H

#include <stdbool.h>
#include <stddef.h>
#include "gpusizer/model.h"
#include "gpusizer/status.h"
#include "gpusizer/workload.h"

#define GS_MAX_MODEL_ROOTS 16

typedef struct gs_model_policy {
	/* false: hub ids only, never a local path (serve --allow-remote) */
	bool local_paths;
	/* when n_roots > 0: a local path must resolve (symbolic links and ".."
	 * followed) to a place below one of these folders, and a relative path
	 * is taken relative to them, never to the working directory */
	size_t n_roots;
	char roots[GS_MAX_MODEL_ROOTS][1024]; /* canonical absolute paths */
	/* false: errors about a local file name its path and the kind of
	 * problem, never a word of its content */
	bool quote_content;
} gs_model_policy;

/* Add `dir` (must be an existing folder) to p->roots, canonicalised.
 * GS_EINPUT naming dir when it is not a folder or there are too many. */
gs_status gs_model_policy_add_root(gs_model_policy *p, const char *dir, gs_error *err) GS_WARN_UNUSED;

/* Build the model the workload names, as the CLI does: any local path.
 * Errors as gs_model_from_config_file, the inventory readers and
 * gs_hub_fetch; GS_EINPUT when neither model nor params is set. */
gs_status gs_workload_model(const gs_workload *w, gs_model *out /* OUT */, gs_error *err) GS_WARN_UNUSED;

/* The same under a policy (NULL = the CLI's). A path the policy does not
 * allow: GS_EINPUT "model: ... is not below a --models-dir folder" (or "local
 * paths are not read"), without saying whether it exists. */
gs_status gs_workload_model_with(const gs_workload *w, const gs_model_policy *policy, gs_model *out /* OUT */,
                                 gs_error *err) GS_WARN_UNUSED;

/* Whether text is an Ollama tag of a name the built-in library maps
 * (llama3.1:8b-instruct-q4_K_M; docs/method.md §14b): the model is then that
 * library entry, and the tag's quantization its format. A tag of a mapped
 * name with an unmapped size is one too (its error comes with the workload). */
bool gs_ollama_tag_is(const char *text);

/* For text shaped name:tag whose name no row maps ("lama3.1:8b"): up to four
 * mapped tags whose names are a few edits away, as "llama3.1:8b, ..." in
 * out; how many (0: none close, or not tag-shaped). */
size_t gs_ollama_tag_nearest(const char *text, char *out, size_t cap);

#endif
