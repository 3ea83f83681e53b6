/*
 * resolve.c — the model a workload names (gpusizer/resolve.h): a local
 * config.json or checkpoint, a hub id (from the built-in model library when
 * it holds it), or a bare parameter count, under the caller's policy for
 * local paths.
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include <assert.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "gpusizer/hub.h"
#include "gpusizer/inventory.h"
#include "gpusizer/library.h"
#include "gpusizer/resolve.h"
#include "model/ollama_tag.h"
#include "checkpoint/tensor_table.h"
#include "core/fmt.h"

/* A model folder or a .gguf/.safetensors file: the tensor table gives the
 * exact counts; config.json (for safetensors) the architecture. */
static gs_status model_from_checkpoint(const char *path, bool is_dir, gs_model *out, gs_error *err)
{
	gs_inventory *inv = gs_inventory_new();
	if (!inv)
		return gs_error_set(err, GS_ENOMEM, path, "out of memory");
	gs_status s = gs_inventory_load_path(inv, path, err);
	gs_inventory_summary sum;
	if (!s) {
		bool gguf = strcmp(inv->format, "gguf") == 0;
		unsigned bits = 0;
		if (!gguf) {
			char cfg[1100];
			if (is_dir)
				snprintf(cfg, sizeof cfg, "%s", path);
			else {
				const char *slash = strrchr(path, '/');
				snprintf(cfg, sizeof cfg, "%.*s", slash ? (int)(slash - path) : 1,
				         slash ? path : ".");
			}
			s = gs_model_from_config_file(cfg, out, err);
			bits = out->quant_bits;
		} else {
			s = gs_model_from_gguf(inv, path, out, err);
		}
		if (!s) {
			gs_inventory_summarize(inv, bits, &sum);
			if (gguf)
				out->params = 0; /* no config count to compare with */
			s = gs_model_apply_inventory(out, &sum, path, err);
		}
	}
	gs_inventory_free(inv);
	return s;
}

/* A hub id is read from the model library when it holds that id, unless
 * the workload asks (id@REV or --revision) for a revision the library's
 * copy was not taken at; a copy with no recorded revision answers only
 * when none is asked. An id naming a file (id:FILE) is the hub's. */
static bool in_library(const gs_workload *w, const char *id, gs_library_entry *e)
{
	char bare[sizeof e->id];
	size_t n = strcspn(id, "@:");
	if (id[n] == ':' || n >= sizeof bare)
		return false;
	snprintf(bare, sizeof bare, "%.*s", (int)n, id);
	if (!gs_library_find(bare, e))
		return false;
	const char *want = id[n] == '@'                  ? id + n + 1
	                   : gs_wl_set(w, GS_F_REVISION) ? gs_wl_str(w, GS_F_REVISION)
	                                                 : NULL;
	return !want || (e->revision[0] && strcmp(want, e->revision) == 0);
}

/* An error about a file of the hub's cache names the file by the hub's
 * id and commit, never by the cache's path on this machine (a server's
 * folders are its own; docs/serve.md; issue 50 item 16). */
static gs_status hub_names(gs_error *err, const char *path, const char *label, gs_status s)
{
	if (!err || !*path)
		return s;
	char *texts[2] = {err->msg, err->where};
	size_t caps[2] = {sizeof err->msg, sizeof err->where};
	size_t n = strlen(path);
	for (int i = 0; i < 2; i++) {
		char out[sizeof err->msg] = "";
		const char *t = texts[i], *hit;
		while ((hit = strstr(t, path)) != NULL) {
			gsi_fmt_add(out, sizeof out, "%.*s%s", (int)(hit - t), t, label);
			t = hit + n;
		}
		gsi_fmt_add(out, sizeof out, "%s", t);
		gsi_fmt(texts[i], caps[i], "%s", out);
	}
	return s;
}

/* A hub id the hub could not answer, read by its name as a re-upload of a
 * library model (gs_library_derive): the base's config.json with the
 * quantization the name implies, all of it said in the model's source.
 * GS_OK when read; else `hub_status` with why appended to err. */
static gs_status derived(const gs_workload *w, const char *id, gs_model *out, gs_status hub_status,
                         gs_error *err)
{
	gs_library_derived d;
	char why[400];
	int r = gs_library_derive(id, &d, why, sizeof why);
	char near[300];
	if (r < 0 && gs_library_nearest(id, near, sizeof near))
		return hub_status; /* a library id misspelt: the caller's "did you mean" says so */
	if (r < 0 && err) {
		gsi_fmt_add(err->msg, sizeof err->msg, " (%s)", why);
		return hub_status;
	}
	if (r == 0)
		return hub_status;
	/* a GGUF repository holds one file per type: which one is --format's
	 * to say, never a default of 16 bits */
	if (!strcmp(d.quant_method, "gguf") && !gs_wl_format_named(w)) {
		if (err)
			gsi_fmt_add(err->msg, sizeof err->msg,
			            " (by its name a GGUF repository of %s, in the library: give --format "
			            "with the file's type, Q4_K_M for one)",
			            d.base.id);
		return hub_status;
	}
	gs_status s = gs_library_model(&d.base, out, err);
	if (s)
		return s;
	if (d.format[0]) { /* as a quantization_config saying so would */
		snprintf(out->quant_method, sizeof out->quant_method, "%s", d.quant_method);
		snprintf(out->quant_format, sizeof out->quant_format, "%s", d.format);
		snprintf(out->quant_kv, sizeof out->quant_kv, "%s", d.quant_kv);
		gsi_fmt(out->quant_read, sizeof out->quant_read, "implied by the name's %s: %s", d.suffix,
		        d.what);
		out->quant_problem[0] = out->quant_skipped[0] = 0;
		out->quant_kept_roles = 0;
	}
	gsi_fmt(out->source, sizeof out->source,
	        "%s, read offline by its name (the hub did not answer): %s's config.json from the "
	        "library%s%s, %s; give the checkpoint's folder for its own files", id, d.base.id,
	        d.suffix[0] ? " with the name's " : "", d.suffix, d.what);
	return GS_OK;
}

static gs_status from_hub(const gs_workload *w, gs_model *out, gs_error *err)
{
	gs_library_entry e;
	if (in_library(w, gs_wl_str(w, GS_F_MODEL), &e))
		return gs_library_model(&e, out, err);

	gs_hub_result r;
	gs_status s = gs_hub_fetch(gs_wl_str(w, GS_F_MODEL),
	                           gs_wl_set(w, GS_F_REVISION) ? gs_wl_str(w, GS_F_REVISION) : NULL, &r, err);
	if (s) {
		/* say why the library did not answer, so an offline user knows where to look */
		const char *id = gs_wl_str(w, GS_F_MODEL);
		char bare[sizeof e.id]; /* the id without @revision or :file */
		snprintf(bare, sizeof bare, "%.*s", (int)strcspn(id, "@:"), id);
		char near[300];
		size_t used = err ? strlen(err->msg) : 0;
		bool pinned = id[strcspn(id, "@:")] || gs_wl_set(w, GS_F_REVISION);
		if (!pinned && !gs_library_find(bare, &e)) {
			gs_status d = derived(w, bare, out, s, err);
			if (d != s || (err && strlen(err->msg) != used))
				return d;
		}
		if (err && gs_library_find(bare, &e))
			snprintf(err->msg + used, sizeof err->msg - used,
			         " (the built-in library holds this id, but not at that revision)");
		else if (err && gs_library_nearest(bare, near, sizeof near))
			snprintf(err->msg + used, sizeof err->msg - used,
			         " (not in gpusizer's built-in model library either; did you mean %s?)",
			         near);
		else if (err)
			snprintf(err->msg + used, sizeof err->msg - used,
			         " (not in gpusizer's built-in model library either: gpusizer models)");
		return s;
	}
	struct stat st;
	bool dir = stat(r.snapshot, &st) == 0 && S_ISDIR(st.st_mode);
	if ((s = model_from_checkpoint(r.snapshot, dir, out, err))) {
		char label[300];
		gsi_fmt(label, sizeof label, "%s@%s", r.repo, r.commit);
		return hub_names(err, r.snapshot, label, s);
	}
	snprintf(out->source, sizeof out->source, "%s", gs_wl_str(w, GS_F_MODEL));
	snprintf(out->revision, sizeof out->revision, "%s", r.commit);
	snprintf(out->hub_repo, sizeof out->hub_repo, "%s", r.repo);
	out->hub_bytes = r.bytes;
	out->hub_requests = r.requests;
	out->hub_retries = r.retries;
	out->hub_from_cache = r.from_cache;
	return GS_OK;
}

/* A local path: a checkpoint (folder with safetensors, .gguf, .safetensors)
 * or a config.json (file or folder). */
static gs_status from_path(const char *path, gs_model *out, gs_error *err)
{
	struct stat st;
	char probe[1100];
	size_t n = strlen(path);
	bool gguf = n > 5 && strcmp(path + n - 5, ".gguf") == 0;
	bool st_file = n > 12 && strcmp(path + n - 12, ".safetensors") == 0;
	bool dir = stat(path, &st) == 0 && S_ISDIR(st.st_mode);
	bool tensors = false;
	if (dir) {
		snprintf(probe, sizeof probe, "%s/model.safetensors.index.json", path);
		tensors = stat(probe, &st) == 0;
		snprintf(probe, sizeof probe, "%s/model.safetensors", path);
		tensors = tensors || stat(probe, &st) == 0;
	}
	if (gguf || st_file || tensors)
		return model_from_checkpoint(path, dir, out, err);
	gs_status s = gs_model_from_config_file(path, out, err);
	if (!s && out->generic) {
		/* the nearest reader by name, and what a reader of its own would need */
		const char *near = gs_model_nearest_type(out->model_type);
		char hint[200] = "";
		if (near)
			snprintf(hint, sizeof hint,
			         " (the nearest gpusizer reads is \"%s\"; \"%.40s\" would need a reader "
			         "of its own from its modeling file: docs/method.md §2)",
			         near, out->model_type);
		return gs_error_set(err, GS_EUNSUPPORTED, path,
		                    "model_type \"%.60s\" is not modelled%s: gpusizer can count its "
		                    "parameters only from its tensor table; give the model folder with its "
		                    ".safetensors files, or its hub id (the KV cache then comes from the "
		                    "standard config keys)",
		                    out->model_type, hint);
	}
	return s;
}


gs_status gs_model_policy_add_root(gs_model_policy *p, const char *dir, gs_error *err)
{
	char real[PATH_MAX];
	struct stat st;
	if (p->n_roots == GS_MAX_MODEL_ROOTS)
		return gs_error_set(err, GS_EINPUT, dir, "at most %d model folders", GS_MAX_MODEL_ROOTS);
	if (!realpath(dir, real) || stat(real, &st) != 0 || !S_ISDIR(st.st_mode))
		return gs_error_set(err, GS_EINPUT, dir, "not an existing folder");
	if (strlen(real) >= sizeof p->roots[0])
		return gs_error_set(err, GS_EINPUT, dir, "path too long");
	snprintf(p->roots[p->n_roots++], sizeof p->roots[0], "%s", real);
	p->local_paths = true;
	return GS_OK;
}

static bool below(const char *real, const char *root)
{
	size_t n = strlen(root);
	if (strncmp(real, root, n) != 0)
		return false;
	return real[n] == 0 || real[n] == '/' || (n == 1 && root[0] == '/');
}

/* The canonical path `text` names under the policy's roots, if any: an
 * absolute path as it is, a relative one against each root in turn.
 * *exists says whether it names something at all, even outside the roots
 * (a symbolic link out of a root): such a name is never taken for a hub id. */
static bool allowed_path(const gs_model_policy *p, const char *text, char *out, size_t cap, bool *exists)
{
	*exists = false;
	for (size_t i = 0; i < (text[0] == '/' ? 1 : p->n_roots); i++) {
		char cand[PATH_MAX + 1100], real[PATH_MAX];
		if (text[0] == '/')
			snprintf(cand, sizeof cand, "%s", text);
		else
			snprintf(cand, sizeof cand, "%s/%s", p->roots[i], text);
		/* a name whose first part is in a root is a local name, whether or
		 * not the rest exists: otherwise "link_out/passwd" (refused) and
		 * "link_out/nonexistent" (sent to the hub) would tell a client
		 * which files exist outside the roots */
		if (text[0] != '/') {
			char first[PATH_MAX + 1100];
			struct stat st;
			snprintf(first, sizeof first, "%s/%.*s", p->roots[i], (int)strcspn(text, "/"), text);
			if (lstat(first, &st) == 0)
				*exists = true;
		}
		if (!realpath(cand, real))
			continue;
		*exists = true;
		for (size_t r = 0; r < p->n_roots; r++)
			if (below(real, p->roots[r]) && strlen(real) < cap) {
				snprintf(out, cap, "%s", real);
				return true;
			}
	}
	return false;
}

/* Replace a local file's error with one that names the path as the user
 * gave it and the kind of problem, and quotes nothing from the file. */
static gs_status without_content(const char *text, gs_status s, gs_error *err)
{
	if (!err)
		return s;
	const char *kind = s == GS_EIO && strstr(err->msg, "not a regular file") ? "not a regular file"
	                 : s == GS_EIO ? "cannot be read"
	                 : s == GS_EUNSUPPORTED ? "a model gpusizer cannot size yet"
	                 : s == GS_ENOMEM ? "out of memory"
	                 : "not a valid config.json, model folder, .safetensors or .gguf file";
	return gs_error_set(err, s, "model", "model \"%.200s\": %s", text, kind);
}

gs_status gs_workload_model_with(const gs_workload *w, const gs_model_policy *policy, gs_model *out,
                                 gs_error *err)
{
	assert(w && out);
	if (!gs_wl_set(w, GS_F_MODEL)) {
		if (gs_wl_set(w, GS_F_PARAMS)) {
			gs_model_from_params(gs_wl_u64(w, GS_F_PARAMS), out);
			return GS_OK;
		}
		return gs_error_set(err, GS_EINPUT, NULL, "no model: give --model or --params");
	}
	const char *text = gs_wl_str(w, GS_F_MODEL);
	gsi_ollama_tag tag;
	char why[512];
	int r = gsi_ollama_tag_parse(text, &tag, why, sizeof why);
	if (r < 0)
		return gs_error_set(err, GS_EINPUT, w->v[GS_F_MODEL].where, "%s", why);
	if (r > 0) { /* the library's config of that name and size (ollama_tag.c) */
		gs_library_entry le;
		if (!gs_library_find(tag.model, &le))
			return gs_error_set(err, GS_EUNSUPPORTED, w->v[GS_F_MODEL].where,
			                    "Ollama tag \"%s\": %s is not in the built-in library", tag.tag,
			                    tag.model);
		gs_status s = gs_library_model(&le, out, err);
		/* the file type a tag without one was sized at, and which upload that is */
		bool upload = tag.defaulted && w->v[GS_F_FORMAT].from == GS_FROM_DEFAULT;
		if (!s)
			snprintf(out->source, sizeof out->source, "%.70s (Ollama tag %.60s%s%.320s)",
			         tag.model, tag.tag, upload ? ": the upload recorded under it, " : "",
			         upload ? tag.upload : "");
		return s;
	}
	char near[160];
	struct stat st;
	if ((policy || stat(text, &st) != 0) && /* a tag of a name not mapped, not the CLI's file */
	    gsi_ollama_tag_nearest(text, near, sizeof near))
		return gs_error_set(err, GS_EINPUT, w->v[GS_F_MODEL].where,
		                    "model \"%.100s\": not a file, and not an Ollama tag gpusizer maps; "
		                    "the nearest: %s (or give the model's .gguf or config.json)",
		                    text, near);
	if (!policy) /* the CLI: the user's own files, or the hub when no such file exists */
		return gs_hub_is_id(text) ? from_hub(w, out, err) : from_path(text, out, err);
	char real[PATH_MAX];
	bool exists = false;
	if (policy->local_paths && policy->n_roots &&
	    allowed_path(policy, text, real, sizeof real, &exists)) {
		gs_status s = from_path(real, out, err);
		if (s)
			return policy->quote_content ? s : without_content(text, s, err);
		snprintf(out->source, sizeof out->source, "%s", text); /* not the server's own folder names */
		return GS_OK;
	}
	if (gs_hub_id_shape(text) && !exists)
		return from_hub(w, out, err);
	if (!policy->local_paths || !policy->n_roots)
		return gs_error_set(err, GS_EINPUT, NULL,
		                    "model \"%.200s\": this server reads no local paths; give a hub id "
		                    "(org/name), or upload the config.json",
		                    text);
	return gs_error_set(err, GS_EINPUT, NULL,
	                    "model \"%.200s\": not a model below the server's --models-dir folders, and not "
	                    "a hub id (org/name)",
	                    text);
}

size_t gs_ollama_tag_nearest(const char *text, char *out, size_t cap)
{
	return gsi_ollama_tag_nearest(text, out, cap);
}

bool gs_ollama_tag_is(const char *text)
{
	gsi_ollama_tag t;
	char why[512];
	return gsi_ollama_tag_parse(text, &t, why, sizeof why) != 0;
}

gs_status gs_workload_model(const gs_workload *w, gs_model *out, gs_error *err)
{
	return gs_workload_model_with(w, NULL, out, err);
}
