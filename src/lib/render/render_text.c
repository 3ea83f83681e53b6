/*
 * render_text.c — estimates and fit answers for people: a plain table or
 * Markdown. Every figure carries its unit; exact bytes are shown where a
 * figure is one of the headline numbers.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "gpusizer/fit.h"
#include "gpusizer/interval.h"
#include "gpusizer/library.h"
#include "gpusizer/render.h"
#include "render/render_internal.h"
#include "engine/engine.h"
#include "engine/engine_release.h"

/* The runtime's own lines at `part` (its row's text_lines, engine.h):
 * true when it wrote them. */
static bool engine_text(out *o, const gs_estimate *e, gsi_text_part part, bool md)
{
	return e->engine && e->engine->text_lines && e->engine->text_lines(e, part, md, o);
}

/* "13.04 GiB (14.00 GB; 14000000000 B)" (core's, which the engines' text
 * hooks use too) */
#define triple gs_format_bytes_triple

/* A number in `unit` without the unit name (the column header has it). */
static const char *cell(gs_bytes b, gs_unit unit, char *buf, size_t cap)
{
	char tmp[40];
	gs_format_bytes(b, unit, tmp, sizeof tmp);
	char *sp = strchr(tmp, ' ');
	if (sp)
		*sp = 0;
	snprintf(buf, cap, "%s", tmp);
	return buf;
}

/* Text without its bracketed source keys (" [gh:11223326262] [CC]"). */
static void drop_keys(const char *in, char *buf, size_t cap)
{
	size_t k = 0;
	for (const char *p = in; *p && k + 1 < cap; p++) {
		const char *close = *p == ' ' && p[1] == '[' ? strchr(p, ']') : NULL;
		if (close && !memchr(p + 2, ' ', (size_t)(close - p - 2))) {
			p = close; /* a key holds no space: " [CC]", " [gh:N]" */
			continue;
		}
		buf[k++] = *p;
	}
	buf[k] = 0;
}

static void header(out *o, const gs_estimate *e)
{
	const gs_model *m = &e->model;
	const gs_workload *w = &e->workload;
	char buf[96];
	put(o, "model:       %s", m->source);
	if (m->model_type[0])
		put(o, " (%s%s%s)", m->model_type, m->architecture[0] ? ", " : "", m->architecture);
	if (m->library_copy[0]) /* the config came from the built-in library, not the hub */
		put(o, "\nrevision:    %s (gpusizer's model library, copy: %s; gpusizer models)\n",
		    gs_library_revision_text(m->revision), m->library_copy);
	else
		put(o, "\nrevision:    %s%s\n", m->revision[0] ? m->revision : gs_wl_set(w, GS_F_REVISION)
		    ? gs_wl_str(w, GS_F_REVISION) : "not given (record it on the sheet)",
		    m->revision[0] ? " (the commit the hub resolved)" : "");
	put(o, "parameters:  %llu", (unsigned long long)m->params);
	if (m->mtp_params) /* in the checkpoint, not in the model the estimate loads */
		put(o, " (the checkpoint also stores %llu in %u MTP layer%s, loaded only to draft tokens for "
		    "speculative decoding: not sized)", (unsigned long long)m->mtp_params, m->mtp_layers,
		    m->mtp_layers == 1 ? "" : "s");
	if (m->towers_uncounted[0] && !(m->has_inventory && !m->inv.planned))
		put(o, " (the text decoder%s, %llu of them its per-layer embeddings; %s are not counted)",
		    m->vision_params ? " and the vision tower" : "", (unsigned long long)m->ple_params,
		    m->towers_uncounted);
	put(o, "\n");
	char rt[48];
	snprintf(rt, sizeof rt, "%s%s%s", gs_runtime_name(e->runtime), e->runtime_version[0] ? " " : "",
	         e->runtime_version);
	if (e->gpus > 1)
		put(o,
		    "task:        %s, runtime %s, %llu GPUs = dp %llu x tp %llu x pp %llu; figures per GPU "
		    "(the worst: pipeline stage %u)\n",
		    gs_wl_str(w, GS_F_TASK), rt, (unsigned long long)e->gpus, (unsigned long long)e->dp,
		    (unsigned long long)e->tp, (unsigned long long)e->pp, e->stage);
	else
		put(o, "task:        %s, runtime %s, one GPU\n", gs_wl_str(w, GS_F_TASK), rt);
	/* the files each default was read from: --verbose (and the sheet) */
	if (e->runtime_version[0])
		put(o, "defaults:    %s %s release%s%s%s%s%s%s\n", gs_runtime_name(e->runtime),
		    e->runtime_version,
		    gs_wl_set(w, GS_F_RUNTIME_VERSION) ? ""
		                                       : ", the newest gpusizer knows (--runtime-version)",
		    e->release_note[0] ? "; " : "", e->release_note, o->flags & GS_TEXT_VERBOSE ? " (" : "",
		    o->flags & GS_TEXT_VERBOSE ? e->release_source : "",
		    o->flags & GS_TEXT_VERBOSE ? ")" : "");
	/* attention implementations are Transformers' choice (attn_implementation);
	 * vLLM and llama.cpp pick their own kernels, so no label there */
	char attn[48] = "";
	static const char *const impl[] = {"flash", "sdpa", "eager"};
	if (e->engine && e->engine->attn_implementation) /* the one counted, which a model may force */
		snprintf(attn, sizeof attn, ", attention %s", impl[e->attention]);
	if (strcmp(e->kv_format.name, e->kv_format_v.name))
		put(o, "format:      weights %s, KV cache K %s and V %s%s\n", e->format.name,
		    e->kv_format.name, e->kv_format_v.name, attn);
	else
		put(o, "format:      weights %s, KV cache %s%s\n", e->format.name, e->kv_format.name, attn);
	/* the checkpoint's own words: its quantization_config, the
	 * hf_quant_config.json beside it, or what its name implies */
	if (e->format_from_checkpoint) {
		const char *by = !strncmp(m->quant_read, "implied by the name", 19)
		                       ? "the model's name implies"
		               : strstr(m->quant_read, "hf_quant_config.json")
		                       ? "its hf_quant_config.json stores them"
		                       : "config.json's quantization_config stores them";
		put(o, "             weights as %s: %s\n", by, m->quant_read);
	}
	if (engine_text(o, e, GSI_TEXT_LENGTH, false)) { /* the header reads the same in Markdown */
		/* the runtime's own (Ollama's num_ctx) */
	} else if (e->length && e->images)
		put(o, "length:      %llu tokens (%llu text + %llu images x %u image tokens)\n",
		    (unsigned long long)e->length,
		    (unsigned long long)(e->length - e->images * e->image_tokens),
		    (unsigned long long)e->images, (unsigned)e->image_tokens);
	else if (e->length)
		put(o, "length:      %llu tokens\n", (unsigned long long)e->length);
	else
		put(o, "length:      not given\n");
	const gs_train_info *t = &e->train;
	if (t->training) {
		put(o,
		    "batch:       microbatch %llu x grad_accum %llu x data-parallel %llu = effective batch "
		    "%llu "
		    "sequence%s per update\n",
		    (unsigned long long)t->microbatch, (unsigned long long)t->grad_accum,
		    (unsigned long long)e->dp, (unsigned long long)t->effective_batch,
		    t->effective_batch == 1 ? "" : "s");
		if (t->lengths[2])
			put(o,
			    "executed:    %llu tokens, the dataset's longest (p50 %llu, p95 %llu): batches "
			    "are padded to their "
			    "longest sequence, so the training phases are sized at %llu, not at length "
			    "%llu\n",
			    (unsigned long long)t->lengths[2], (unsigned long long)t->lengths[0],
			    (unsigned long long)t->lengths[1], (unsigned long long)t->lengths[2],
			    (unsigned long long)e->length);
		put(o, "trainable:   %llu parameters%s", (unsigned long long)t->trainable,
		    t->frozen ? "" : "\n");
		if (t->frozen)
			put(o, " (LoRA r=%s: %s); frozen base %llu\n", gs_wl_str(w, GS_F_LORA_RANK),
			    t->adapted, (unsigned long long)t->frozen);
		if (t->kept_aside[0])
			put(o, "kept aside:  %s\n", t->kept_aside);
		put(o, "optimizer:   %s, precision %s, checkpointing %s, loss %s\n",
		    gs_wl_str(w, GS_F_OPTIMIZER),
		    t->frozen ? "bf16 base + fp32 adapters" : gs_wl_str(w, GS_F_PRECISION),
		    gs_wl_str(w, GS_F_CHECKPOINTING), gs_wl_str(w, GS_F_LOSS));
		char set[400];
		gs_workload_recipe_settings(w, set, sizeof set);
		put(o, "recipe:      %s: %s; its defaults here: %s\n", gs_wl_str(w, GS_F_RECIPE),
		    gs_recipe_source(gs_wl_recipe(w)), set[0] ? set : "none beyond the plain ones");
	} else if (!engine_text(o, e, GSI_TEXT_CONCURRENCY, false)) {
		put(o, "concurrency: %llu sequence%s (%s)\n",
		    (unsigned long long)gs_wl_u64(w, GS_F_CONCURRENCY),
		    gs_wl_u64(w, GS_F_CONCURRENCY) == 1 ? "" : "s",
		    gs_origin_name(w->v[GS_F_CONCURRENCY].from));
	}
	if (gs_wl_set(w, GS_F_QUALITY))
		put(o, "quality:     %s (a requirement to confirm by evaluation)\n",
		    gs_wl_str(w, GS_F_QUALITY));
	if (e->has_capacity) {
		/* the device table's source keys ([gh:N], [CC]): with --verbose,
		 * and explained once; plain, dropped */
		char how[sizeof e->capacity_how];
		if (o->flags & GS_TEXT_VERBOSE)
			snprintf(how, sizeof how, "%s", e->capacity_how);
		else
			drop_keys(e->capacity_how, how, sizeof how);
		put(o, "capacity:    %s — %s\n", triple(e->capacity, buf, sizeof buf), how);
		if ((o->flags & GS_TEXT_VERBOSE) && strchr(e->capacity_how, '['))
			put(o, "             [keys]: the published sources of docs/devices.md's device table "
			       "([gh:N]: a "
			       "public file the project's code index holds)\n");
	}
	if (e->has_capacity && e->engine && e->engine->budgets_cuda_total)
		put(o, "CUDA total:  %s — %s (the engine budgets from it)\n",
		    triple(e->cuda_total, buf, sizeof buf), e->cuda_how);
}

/* The weights as the runtime holds them on one GPU at load: the table's
 * weights, quantization metadata and modules kept in another format; false
 * when there is no model (the calculator alone) or the weights are split
 * over GPUs (the table is then per GPU, the calculator's figure whole). */
bool gs_estimate_weights_loaded(const gs_estimate *e, gs_bytes *bytes, gs_bytes parts[3])
{
	static const char *const ids[3] = {"weights", "quant_metadata", "other_format_modules"};
	if (!e->model.has_architecture || e->tp * e->pp != 1 || !e->n_phases)
		return false;
	*bytes = 0;
	for (int k = 0; k < 3; k++) {
		const gs_item *it = gs_estimate_item(e, ids[k]);
		parts[k] = it && it->basis != GS_BASIS_UNKNOWN ? it->bytes[0] : 0;
		*bytes = gs_add_sat(*bytes, parts[k]);
	}
	return *bytes != 0;
}

/* One weights figure (issue 45): the weights as loaded, beside the quick
 * calculator's params x nominal bits, and what makes them differ. */
static void loaded_line(out *o, const gs_estimate *e)
{
	gs_bytes loaded, parts[3];
	if (!gs_estimate_weights_loaded(e, &loaded, parts) || loaded == e->weights_only)
		return;
	char buf[96], d[48], m[48], k[48];
	gs_bytes diff = loaded > e->weights_only ? loaded - e->weights_only : e->weights_only - loaded;
	put(o,
	    "weights as loaded:   %s = weights + quant_metadata + other_format_modules at load (the table); "
	    "weights only above is the calculator's params x nominal bits\n",
	    triple(loaded, buf, sizeof buf));
	put(o,
	    "                     %s %s than the calculator's: %s of modules kept in another format, %s of "
	    "quantization metadata%s\n",
	    gs_format_bytes(diff, GS_UNIT_GiB, d, sizeof d), loaded > e->weights_only ? "more" : "less",
	    gs_format_bytes(parts[2], GS_UNIT_GiB, k, sizeof k),
	    gs_format_bytes(parts[1], GS_UNIT_GiB, m, sizeof m),
	    e->weights_only_from_file ? ", the rest the file's own layout"
	                              : ", the rest padding and the "
	                                "format's own layout");
}

static void seed_figures(out *o, const gs_estimate *e)
{
	char buf[96];
	const gs_workload *w = &e->workload;
	char bits[48];
	gs_ratio vb = e->format.value_bits;
	if (vb.den == 1)
		snprintf(bits, sizeof bits, "%llu", (unsigned long long)vb.num);
	else
		snprintf(bits, sizeof bits, "%llu/%llu", (unsigned long long)vb.num,
		         (unsigned long long)vb.den);
	if (e->weights_only_from_file) {
		/* a planned file holds what the converter writes to it: Gemma 3's
		 * text GGUF leaves the vision tower to the --mmproj file, so its
		 * own parameters, not the checkpoint's, carry the bits */
		bool planned = e->model.inv.planned;
		uint64_t np = planned && e->model.inv.param_elements ? e->model.inv.param_elements
		                                                     : e->model.params;
		gs_ratio eff = {gs_mul_sat(e->weights_only, 8), np};
		char d[32];
		put(o,
		    "\nweights only:        %s = %llu params x %s bits / 8 (the %sfile's effective bits per "
		    "weight: "
		    "its parameter tensors' stored bytes)\n",
		    triple(e->weights_only, buf, sizeof buf), (unsigned long long)np,
		    gs_ratio_decimal(eff, d, sizeof d), planned ? "planned " : "");
	} else {
		put(o, "\nweights only:        %s = %llu params x %s bits / 8\n",
		    triple(e->weights_only, buf, sizeof buf), (unsigned long long)e->model.params, bits);
	}
	/* the seed's second figure: for an engine that fills its own budget
	 * (a pool, llama.cpp's buffers) it says nothing unless a reserve is
	 * given, so it is left out there (issue 45) */
	if (!e->engine || e->engine->attn_implementation || gs_wl_given(w, GS_F_RESERVE))
		put(o, "indicative envelope: %s = weights only + reserve %s\n",
		    triple(e->envelope, buf, sizeof buf), gs_wl_str(w, GS_F_RESERVE));
	loaded_line(o, e);
}

static void table(out *o, const gs_estimate *e, gs_unit unit, bool md)
{
	char buf[40];
	const char *u = gs_unit_name(unit);
	put(o, "\n");
	if (md) {
		put(o, "| item | basis |");
		for (size_t p = 0; p < e->n_phases; p++)
			put(o, " %s [%s] |", e->phases[p].id, u);
		put(o, "\n|---|---|");
		for (size_t p = 0; p < e->n_phases; p++)
			put(o, "---:|");
		put(o, "\n");
	} else {
		put(o, "%-22s %-10s", "item", "basis");
		for (size_t p = 0; p < e->n_phases; p++) {
			char h[40];
			snprintf(h, sizeof h, "%s [%s]", e->phases[p].id, u);
			put(o, " %15s", h);
		}
		put(o, "\n");
	}
	for (size_t i = 0; i < e->n_items; i++) {
		const gs_item *it = &e->items[i];
		put(o, md ? "| %s | %s |" : "%-22s %-10s", it->id, gs_basis_name(it->basis));
		for (size_t p = 0; p < e->n_phases; p++) {
			const char *c = !(it->live & (1u << p)) ? "-"
			                : it->basis == GS_BASIS_UNKNOWN
			                        ? "unknown"
			                        : cell(it->bytes[p], unit, buf, sizeof buf);
			put(o, md ? " %s |" : " %15s", c);
		}
		put(o, "\n");
	}
	const gs_unit other = unit == GS_UNIT_GiB || unit == GS_UNIT_MiB ? GS_UNIT_GB : GS_UNIT_GiB;
	const gs_unit both[2] = {unit, other};
	for (int k = 0; k < 2; k++) {
		char label[40];
		snprintf(label, sizeof label, "phase peak [%s]", gs_unit_name(both[k]));
		put(o, md ? "| **%s** | |" : "%-22s %-10s", label, "");
		for (size_t p = 0; p < e->n_phases; p++) {
			char c[48];
			snprintf(c, sizeof c, "%s%s", cell(e->phases[p].peak, both[k], buf, sizeof buf),
			         e->phases[p].has_unknown ? "+?" : "");
			put(o, md ? " %s |" : " %15s", c);
		}
		put(o, "\n");
	}
}

/* The lines only some estimates have: model states, host memory, the
 * tensor table, one figure per GPU. */
static void summary_lines(out *o, const gs_estimate *e, bool md)
{
	char buf[96];
	if (e->train.training && e->train.trainable) {
		char per[40];
		uint64_t whole = e->train.model_states / e->train.trainable;
		uint64_t frac = (e->train.model_states % e->train.trainable) * 100 / e->train.trainable;
		snprintf(per, sizeof per, "%llu.%02llu", (unsigned long long)whole, (unsigned long long)frac);
		put(o, "%smodel states:        %s per GPU (weights + gradients + master + optimizer)%s%s%s\n",
		    md ? "- " : "", triple(e->train.model_states, buf, sizeof buf),
		    e->gpus == 1 && !e->train.frozen ? " = " : "",
		    e->gpus == 1 && !e->train.frozen ? per : "",
		    e->gpus == 1 && !e->train.frozen ? " B per parameter" : "");
	}
	if (e->host_bytes)
		put(o, "%shost memory:         %s for %s (its own requirement, not GPU memory)\n",
		    md ? "- " : "", triple(e->host_bytes, buf, sizeof buf), e->host_what);
	if (e->model.has_inventory) {
		const gs_inventory_summary *s = &e->model.inv;
		if (!s->shards) /* planned from config.json, no file read */
			put(o, "%stensor table:        %llu tensors, %s: %s\n", md ? "- " : "",
			    (unsigned long long)s->tensors, s->quantization, s->dtypes);
		else
			put(o,
			    "%stensor table:        %llu tensors in %llu %s file%s (%llu header bytes read): "
			    "%s%s%s\n",
			    md ? "- " : "", (unsigned long long)s->tensors, (unsigned long long)s->shards,
			    s->format, s->shards == 1 ? "" : "s", (unsigned long long)s->header_bytes,
			    s->quantization, s->note[0] ? "; " : "", s->note);
	}
	if (e->gpus > 1) {
		put(o, "%sper GPU (peak):     ", md ? "- " : "");
		for (size_t st = 0; st < e->n_stages; st++) {
			char g[40];
			gs_format_bytes(e->stage_peak[st], GS_UNIT_GiB, g, sizeof g);
			if (e->dp * e->tp == 1)
				put(o, " GPU %zu: %s;", st, g);
			else
				put(o, " GPUs %llu-%llu (stage %zu): %s;",
				    (unsigned long long)(st * e->dp * e->tp),
				    (unsigned long long)((st + 1) * e->dp * e->tp - 1), st, g);
		}
		put(o, " never one pooled number: each GPU must hold its own peak\n");
	}
}

/* The capacity check and a pool engine's budget: the one verdict's words
 * and figures (gpusizer/verdict.h), the device beside a pool engine's own
 * rule; a runtime may say its check itself (Ollama's partial offload). */
static void capacity_lines(out *o, const gs_estimate *e, bool md)
{
	const gs_phase *pk = &e->phases[e->peak_phase];
	const gs_capacity_verdict *vd = &e->verdict;
	char buf[96];
	if (e->has_capacity && !engine_text(o, e, GSI_TEXT_CAPACITY, md)) {
		char cap[96];
		triple(e->capacity, cap, sizeof cap);
		char peak[40];
		gs_format_bytes(pk->peak, GS_UNIT_GiB, peak, sizeof peak);
		unsigned long long pm = (unsigned long long)(gs_mul_sat(vd->device_margin, 1000) /
		                                             (e->capacity ? e->capacity : 1));
		switch (vd->rule) {
		case GS_RULE_MEASURED:
			put(o, "%sneed check:          %s: need %s (basis %s) of %s, %s %s\n", md ? "- " : "",
			    vd->fits ? "fits" : "DOES NOT FIT", triple(e->need, buf, sizeof buf),
			    e->need_basis, cap, vd->fits ? "useful margin" : "short by",
			    gs_format_bytes(vd->fits ? vd->margin : vd->shortfall, GS_UNIT_GiB, peak,
			                    sizeof peak));
			break;
		case GS_RULE_OLLAMA_LAYERS:
		case GS_RULE_LLAMACPP_FIT:
		case GS_RULE_PEAK:
			if (vd->fits)
				put(o,
				    "%spoint estimate:      fits%s: peak %s %s of %s, useful margin %s "
				    "(%llu.%01llu %%)\n",
				    md ? "- " : "", vd->as_far_as_known ? " as far as known" : "", pk->id,
				    peak, cap, triple(vd->margin, buf, sizeof buf), pm / 10, pm % 10);
			else
				put(o, "%spoint estimate:      DOES NOT FIT: peak %s %s, short by %s on %s\n",
				    md ? "- " : "", pk->id, peak, triple(vd->shortfall, buf, sizeof buf),
				    cap);
			break;
		case GS_RULE_VLLM_POOL:
		case GS_RULE_SGLANG_POOL:
			put(o, "%spoint estimate:      %s%s: %s\n", md ? "- " : "",
			    vd->fits ? "fits" : "DOES NOT FIT", vd->as_far_as_known ? " as far as known" : "",
			    vd->why);
			/* the device apart: what the engine's budget leaves on the card */
			if (vd->device_fits)
				put(o,
				    "%sdevice:              peak %s %s of %s; %s (%llu.%01llu %%) outside "
				    "%s's budget\n",
				    md ? "- " : "", pk->id, peak, cap,
				    triple(vd->device_margin, buf, sizeof buf), pm / 10, pm % 10,
				    e->engine ? e->engine->label : "");
			else
				put(o, "%sdevice:              peak %s %s exceeds %s by %s\n", md ? "- " : "",
				    pk->id, peak, cap, triple(vd->device_margin, buf, sizeof buf));
			break;
		case GS_RULE_NONE:
			break;
		}
	}
	engine_text(o, e, GSI_TEXT_POOL, md); /* the pool engine's budget, in its own terms */
}

const char *gs_render_field_help(gs_field f, char *buf, size_t cap)
{
	gs_field_describe(f, buf, cap);
	if (f != GS_F_RUNTIME_VERSION) /* its values are the engines' release rows */
		return buf;
	size_t k = strlen(buf);
	const char *lead = " -- releases: ";
	for (int r = 0; r < GS_RT__COUNT && k < cap; r++) {
		if (!(gs_field_runtimes(f) >> r & 1u))
			continue;
		char list[GSI_RELEASE_LIST_MAX];
		gsi_release_list((gs_runtime)r, list, sizeof list);
		int n = snprintf(buf + k, cap - k, "%s%s %s", lead, gs_runtime_name((gs_runtime)r), list);
		if (n > 0)
			k += (size_t)n;
		lead = ", ";
	}
	return buf;
}

/* A class as a verdict line leads with it: the two that ask something of
 * the reader in capitals. */
static const char *class_heading(gs_class c)
{
	return c == GS_CLASS_TO_CONFIRM     ? "TO CONFIRM"
	       : c == GS_CLASS_DOES_NOT_FIT ? "DOES NOT FIT"
	                                    : gs_class_name(c);
}

/* The answer first (issue 45): the class, the load against the capacity in
 * both units, the margin or shortfall in the deciding rule's terms, what
 * binds, and what to confirm. The detail follows. */
static void verdict_block(out *o, const gs_estimate *e)
{
	const gs_capacity_verdict *v = &e->verdict;
	if (!e->has_capacity || v->klass == GS_CLASS_NONE)
		return;
	char load[96], cap[96];
	const char *phase = v->rule == GS_RULE_MEASURED ? "need" : e->phases[e->peak_phase].id;
	put(o, "verdict:     %s%s%s\n", class_heading(v->klass), v->why[0] ? ": " : "", v->why);
	put(o, "             %s %s of %s\n", phase, triple(v->load, load, sizeof load),
	    triple(v->capacity, cap, sizeof cap));
	if (v->condition[0])
		put(o, "             to confirm: %s\n", v->condition);
}

int gs_render_estimate_text(FILE *f, const gs_estimate *e, gs_unit unit, bool md)
{
	return gs_render_estimate_text_with(f, e, unit, md, 0);
}

int gs_render_estimate_text_with(FILE *f, const gs_estimate *e, gs_unit unit, bool md, unsigned flags)
{
	out o = {f, 0, flags};
	char buf[96];
	if (md)
		put(&o, "## gpusizer estimate\n\n```\n");
	verdict_block(&o, e);
	if (flags & GS_TEXT_BRIEF) {
		if (!e->has_capacity)
			put(&o,
			    "verdict:     none: give a capacity (--gpu \"RTX 4090\" or --capacity 24GB); "
			    "peak %s %s\n",
			    e->phases[e->peak_phase].id, triple(gs_estimate_peak(e), buf, sizeof buf));
		if (md)
			put(&o, "```\n");
		return o.bad ? -1 : 0;
	}
	header(&o, e);
	seed_figures(&o, e);
	if (md)
		put(&o, "```\n");
	table(&o, e, unit, md);
	if (md)
		put(&o, "\n");
	const gs_phase *pk = &e->phases[e->peak_phase];
	bool any_unknown = false;
	for (size_t p = 0; p < e->n_phases; p++)
		any_unknown |= e->phases[p].has_unknown;
	put(&o, "%speak phase:          %s, %s%s\n", md ? "- " : "\n", pk->id,
	    triple(pk->peak, buf, sizeof buf),
	    pk->has_unknown ? " + unknown items (\"+?\": a floor, not a total)" : "");
	{
		char lo_s[40], hi_s[40];
		gs_bytes lo, hi;
		gs_estimate_interval(e, pk->peak, &lo, &hi);
		gs_format_bytes(lo, unit, lo_s, sizeof lo_s);
		gs_format_bytes(hi, unit, hi_s, sizeof hi_s);
		put(&o, "%sinterval (%.0f %% target): %s to %s%s; %s\n", md ? "- " : "",
		    100 * GS_COVERAGE_TARGET, lo_s, hi_s,
		    e->interval.margin_applied ? " (conservative: the peak is its high end)" : "",
		    e->interval.why);
		gs_pool_view pv;
		gs_pool_view_of(e, &pv);
		if (e->interval.has_kv && pv.known && pv.tokens) {
			uint64_t tl = pv.tokens_low, th = pv.tokens_high;
			const char *u = pv.in_blocks ? "block ids" : "tokens";
			put(&o, "%sKV %s interval:  %llu to %llu %s%s; %s\n", md ? "- " : "", u,
			    (unsigned long long)tl, (unsigned long long)th, u,
			    e->interval.conservative ? " (conservative: the sheet is judged by the low end)"
			                             : "",
			    e->interval.kv_why);
		}
	}
	put(&o, "%sconservative envelope (sum of maxima, not an observed peak): %s%s\n", md ? "- " : "",
	    triple(e->conservative, buf, sizeof buf), any_unknown ? ", known items only" : "");
	for (size_t p = 0; p < e->n_phases; p++)
		if (e->phases[p].measured) {
			char d[96];
			const gs_phase *ph = &e->phases[p];
			int64_t diff = (int64_t)ph->measured_peak - (int64_t)ph->peak;
			put(&o, "%smeasured:            phase %s %s (%s, run %s): %s%s than the estimate\n",
			    md ? "- " : "", ph->id, triple(ph->measured_peak, buf, sizeof buf),
			    ph->measured_counter, ph->measured_run,
			    triple((gs_bytes)(diff < 0 ? -diff : diff), d, sizeof d),
			    diff < 0 ? " less" : " more");
		}
	if (e->need_basis[0])
		put(&o, "%sneed per GPU:        %s, basis %s: %s%s%s\n", md ? "- " : "",
		    triple(e->need, buf, sizeof buf), e->need_basis, e->need_why,
		    e->floor ? "; measured floor: " : "", e->floor ? e->floor_why : "");
	summary_lines(&o, e, md);
	engine_text(&o, e, GSI_TEXT_SUMMARY, md); /* Ollama: its own estimate beside llama.cpp's buffers */
	capacity_lines(&o, e, md);
	if (e->n_unknowns) {
		put(&o, "\n%s\n",
		    md ? "### Unknowns (not in any figure above)\n" : "unknowns (not in any figure above):");
		for (size_t i = 0; i < e->n_unknowns; i++)
			put(&o, "  - %s\n", e->unknowns[i]);
	}
	put(&o, "\n%s\n", md ? "### Formulas and sources\n" : "formulas and sources:");
	for (size_t i = 0; i < e->n_items; i++)
		put(&o, "  - %s: %s [%s]\n", e->items[i].id, e->items[i].formula, e->items[i].source);
	return o.bad ? -1 : 0;
}

static gs_bytes item_phase(const gs_estimate *e, const char *id, int phase)
{
	const gs_item *it = gs_estimate_item(e, id);
	return it ? it->bytes[phase] : 0;
}

/* llama.cpp: one row per file type, its buffers on the (first) GPU and the
 * host, from the planned or read tensor table. */
static void llamacpp_rows(out *o, const gs_estimate *const *rows, size_t n, bool md)
{
	/* the runtime's own columns too (Ollama: its layer count, parallel and own figure) */
	if (md)
		put(o, "| file type | file [GB] | model on GPU [GiB] | model on host [GiB] | KV [GiB] | "
		       "compute [GiB] | "
		       "peak per GPU [GiB] |");
	else
		put(o, "%-16s %10s %19s %20s %9s %14s %19s", "file type", "file [GB]", "model on GPU [GiB]",
		    "model on host [GiB]", "KV [GiB]", "compute [GiB]", "peak per GPU [GiB]");
	bool own = engine_text(o, rows[0], GSI_COMPARE_HEAD, md);
	if (md) {
		put(o, "\n|---|---:|---:|---:|---:|---:|---:|");
		engine_text(o, rows[0], GSI_COMPARE_RULE, md);
	}
	put(o, "\n");
	for (size_t r = 0; r < n; r++) {
		const gs_estimate *e = rows[r];
		char v[6][48];
		cell(e->model.inv.stored_bytes, GS_UNIT_GB, v[0], sizeof v[0]);
		cell(item_phase(e, "weights", 0), GS_UNIT_GiB, v[1], sizeof v[1]);
		cell(e->host_bytes, GS_UNIT_GiB, v[2], sizeof v[2]);
		cell(item_phase(e, "kv_cache", 1), GS_UNIT_GiB, v[3], sizeof v[3]);
		cell(item_phase(e, "activations", 1), GS_UNIT_GiB, v[4], sizeof v[4]);
		cell(gs_estimate_peak(e), GS_UNIT_GiB, v[5], sizeof v[5]);
		put(o, md ? "| %s | %s | %s | %s | %s | %s | %s |" : "%-16s %10s %19s %20s %9s %14s %19s",
		    e->format.name, v[0], v[1], v[2], v[3], v[4], v[5]);
		if (own) /* every row in the first row's runtime's columns */
			rows[0]->engine->text_lines(e, GSI_COMPARE_ROW, md, o);
		put(o, "\n");
	}
	put(o, "\nmodel on host: the token embeddings, blocks not offloaded with their KV, the host compute "
	       "buffer "
	       "and the logits.\n");
	if (own)
		engine_text(o, rows[0], GSI_COMPARE_NOTE, md);
}

/* What the indicative envelope (weights only + reserve) leaves out: every
 * other item the estimate carries in some phase, and every unknown one. The
 * envelope is the quick calculator's figure; these items are in the peak. */
static void outside_envelope(const gs_estimate *e, char *left, size_t cap)
{
	left[0] = 0;
	for (size_t i = 0; i < e->n_items; i++) {
		const gs_item *it = &e->items[i];
		if (!strcmp(it->id, "weights") || !strcmp(it->id, "reserve"))
			continue;
		bool live = it->basis == GS_BASIS_UNKNOWN;
		for (size_t p = 0; p < e->n_phases && !live; p++)
			live = it->bytes[p] > 0;
		if (live)
			snprintf(left + strlen(left), cap - strlen(left), "%s%s%s", left[0] ? ", " : "",
			         it->id, it->basis == GS_BASIS_UNKNOWN ? " (unknown)" : "");
	}
	if (!left[0])
		snprintf(left, cap, "nothing");
}

/* With a device, each row's verdict in the words estimate prints for that
 * format alone: the same rule (gpusizer/verdict.h), the same figures. */
static void verdict_rows(out *o, const gs_estimate *const *rows, size_t n, bool md)
{
	char cap[96], peak[40], amount[40];
	put(o, "\n%son %s, %s (each row's verdict, as `estimate` gives it for that format alone):\n",
	    md ? "### " : "",
	    rows[0]->workload.device ? rows[0]->workload.device->name : "the given capacity",
	    triple(rows[0]->capacity, cap, sizeof cap));
	for (size_t r = 0; r < n; r++) {
		const gs_estimate *e = rows[r];
		const gs_capacity_verdict *vd = &e->verdict;
		gs_format_bytes(e->phases[e->peak_phase].peak, GS_UNIT_GiB, peak, sizeof peak);
		gs_format_bytes(vd->fits ? vd->margin : vd->shortfall, GS_UNIT_GiB, amount, sizeof amount);
		bool by_peak = vd->rule ==
		               GS_RULE_PEAK; /* the other rules' sentences carry their own terms */
		put(o, "%s%-14s %s%s (rule %s): peak %s %s, %s %s%s%s%s\n", md ? "- " : "  ", e->format.name,
		    vd->fits ? "fits" : "DOES NOT FIT",
		    vd->fits && vd->as_far_as_known ? " as far as known" : "", gs_rule_name(vd->rule),
		    e->phases[e->peak_phase].id, peak, vd->fits ? "margin" : "short by", amount,
		    vd->rule == GS_RULE_VLLM_POOL || vd->rule == GS_RULE_SGLANG_POOL ? " of pool" : "",
		    by_peak ? "" : "; ", by_peak ? "" : vd->why);
	}
	put(o, "exit status: 0 when every row fits, 1 when one does not\n");
}

int gs_render_compare_text(FILE *f, const gs_estimate *const *rows, size_t n, bool md)
{
	out o = {f, 0, 0};
	if (!n)
		return 0;
	const gs_estimate *e0 = rows[0];
	char a[48], b[48], c[48], d[48];
	if (e0->engine && e0->engine->runs_gguf) {
		put(&o, "model %s, %llu parameters; ", e0->model.source,
		    (unsigned long long)e0->model.params);
		if (!engine_text(&o, e0, GSI_COMPARE_RUNTIME, md)) /* what runs the files */
			put(&o, "%s", e0->engine->label);
		put(&o, ", n_ctx %llu\n\n", (unsigned long long)(e0->length * e0->concurrency));
		llamacpp_rows(&o, rows, n, md);
		goto notes;
	}
	put(&o, "%smodel %s, %llu parameters, reserve %s in every row\n\n", md ? "" : "",
	    e0->model.source, (unsigned long long)e0->model.params, gs_wl_str(&e0->workload, GS_F_RESERVE));
	if (md)
		put(&o, "| format | weights only [GiB] | weights only [GB] | indicative envelope [GiB] | "
		    "indicative envelope [GB] | leaves out |\n|---|---:|---:|---:|---:|---|\n");
	else
		put(&o, "%-14s %19s %18s %26s %25s  %s\n", "format", "weights only [GiB]",
		    "weights only [GB]", "indicative envelope [GiB]", "indicative envelope [GB]",
		    "leaves out");
	for (size_t r = 0; r < n; r++) {
		const gs_estimate *e = rows[r];
		char left[200];
		outside_envelope(e, left, sizeof left);
		cell(e->weights_only, GS_UNIT_GiB, a, sizeof a);
		cell(e->weights_only, GS_UNIT_GB, b, sizeof b);
		cell(e->envelope, GS_UNIT_GiB, c, sizeof c);
		cell(e->envelope, GS_UNIT_GB, d, sizeof d);
		put(&o, md ? "| %s | %s | %s | %s | %s | %s |\n" : "%-14s %19s %18s %26s %25s  %s\n",
		    e->format.name, a, b, c, d, left);
	}
notes:
	if (e0->has_capacity)
		verdict_rows(&o, rows, n, md);
	/* the notes of every row, each said once */
	put(&o, "\nwhat the rows leave out:\n");
	for (size_t r = 0; r < n; r++)
		for (size_t i = 0; i < rows[r]->n_unknowns; i++) {
			bool seen = false;
			for (size_t q = 0; q < r && !seen; q++)
				for (size_t j = 0; j < rows[q]->n_unknowns && !seen; j++)
					seen = strcmp(rows[q]->unknowns[j], rows[r]->unknowns[i]) == 0;
			if (!seen)
				put(&o, "  - [%s] %s\n", rows[r]->format.name, rows[r]->unknowns[i]);
		}
	put(&o, "\nThe same reserve in every row shows only the arithmetic effect of the format; "
	    "it is not a guaranteed total peak.\n");
	return o.bad ? -1 : 0;
}

/* A serving engine's pool in its own terms: what it holds, what one request
 * needs, and the fixed item that takes most of the budget. */
static void pool_lines(out *o, const gs_pool_view *v, const char *lead)
{
	char buf[96];
	if (v->refused) {
		put(o, "%s%s would not start: the fixed items leave no KV pool in its budget of %s\n", lead,
		    v->engine, triple(v->budget, buf, sizeof buf));
	} else {
		const char *u = v->in_blocks ? "block ids" : "tokens";
		put(o, "%s%s's KV pool holds %llu %s", lead, v->engine, (unsigned long long)v->tokens, u);
		if (v->blocks && !v->in_blocks)
			put(o, " (%llu blocks of 16)", (unsigned long long)v->blocks);
		if (v->request_tokens)
			put(o, "; one request needs %llu %s, the sheet %llu",
			    (unsigned long long)v->request_tokens, u, (unsigned long long)v->need_tokens);
		put(o, "\n");
		put(o,
		    "  largest context at the sheet's concurrency: %llu token%s; largest concurrency at its "
		    "length: %llu "
		    "sequence%s\n",
		    (unsigned long long)v->max_context, v->max_context == 1 ? "" : "s",
		    (unsigned long long)v->max_concurrency, v->max_concurrency == 1 ? "" : "s");
	}
	if (v->eater[0])
		put(o, "  the budget's largest fixed item: %s, %s\n", v->eater,
		    triple(v->eater_bytes, buf, sizeof buf));
}

int gs_render_pool_text(FILE *f, const gs_pool_view *v, const char *lead)
{
	out o = {f, 0, 0};
	pool_lines(&o, v, lead);
	return o.bad ? -1 : 0;
}

/* One search's answer, without the capacity line (said once per answer). */
static void fit_body(out *o, const gs_fit_result *r)
{
	char buf[96];
	const char *what = r->target == GS_FIT_CONTEXT      ? "context"
	                   : r->target == GS_FIT_MICROBATCH ? "microbatch"
	                                                    : "concurrency";
	const char *unit = r->target == GS_FIT_CONTEXT ? "token" : "sequence"; /* + "s" unless 1 */
	if (r->target == GS_FIT_CONTEXT)
		put(o, "searched: largest context at %s %llu\n", r->training ? "microbatch" : "concurrency",
		    (unsigned long long)r->fixed);
	else
		put(o, "searched: largest %s at context %llu tokens\n", what, (unsigned long long)r->fixed);
	if (!r->fits && r->pool.known) {
		pool_lines(o, &r->pool, "does not fit: ");
		return;
	}
	char ol[96], oa[96];
	if (r->layers_placed) {
		triple(r->layer_required, ol, sizeof ol);
		triple(r->layer_available, oa, sizeof oa);
	}
	if (!r->fits && r->layers_placed) {
		put(o,
		    "does not fit: even at 1 %s %s offloads %llu of %llu layers (it needs %s on the GPUs "
		    "for all of them; %s available per GPU)\n",
		    r->target == GS_FIT_CONTEXT ? "token" : "sequence", r->placer,
		    (unsigned long long)r->layer_offload, (unsigned long long)r->layer_count, ol, oa);
		return;
	}
	if (!r->fits) {
		put(o, "does not fit: even 1 %s needs %s\n",
		    r->target == GS_FIT_CONTEXT ? "token" : "sequence",
		    triple(r->peak_over, buf, sizeof buf));
		put(o, "limit: phase %s, item %s\n", r->limit_phase, r->limit_item);
		return;
	}
	put(o, "largest %s: %llu %s%s (peak %s): %s\n", what, (unsigned long long)r->best, unit,
	    r->best == 1 ? "" : "s", triple(r->peak_at_best, buf, sizeof buf), class_heading(r->klass));
	/* the seed's three classes: what fits for certain, what is to confirm */
	if (r->klass == GS_CLASS_TO_CONFIRM) {
		if (r->best_certain && r->best_certain + 1 == r->best)
			put(o, "fits for certain up to %llu %s%s; %llu is to confirm\n",
			    (unsigned long long)r->best_certain, unit, r->best_certain == 1 ? "" : "s",
			    (unsigned long long)r->best);
		else if (r->best_certain)
			put(o, "fits for certain up to %llu %s%s; from %llu to %llu to confirm\n",
			    (unsigned long long)r->best_certain, unit, r->best_certain == 1 ? "" : "s",
			    (unsigned long long)r->best_certain + 1, (unsigned long long)r->best);
		else
			put(o, "nothing fits for certain: every %s up to %llu is to confirm\n", what,
			    (unsigned long long)r->best);
		if (r->condition[0])
			put(o, "to confirm at %llu: %s\n", (unsigned long long)r->best, r->condition);
	}
	if (r->bounded_by_model)
		put(o, "limit: the model's max_position_embeddings (%llu), not memory\n",
		    (unsigned long long)r->model_max);
	else if (r->pool.known)
		put(o, "limit: %s's KV pool (%llu %s) at %llu %ss\n", r->pool.engine,
		    (unsigned long long)r->pool.tokens, r->pool.in_blocks ? "block ids" : "tokens",
		    (unsigned long long)r->best + 1, unit);
	else if (r->layers_placed)
		put(o,
		    "limit: at %llu %ss %s offloads %llu of %llu layers (%s needed for all; %s available "
		    "per GPU) and runs the rest on the CPU\n",
		    (unsigned long long)r->best + 1, unit, r->placer, (unsigned long long)r->layer_offload,
		    (unsigned long long)r->layer_count, ol, oa);
	else
		put(o, "limit: phase %s, item %s (at %llu %ss the peak is %s)\n", r->limit_phase,
		    r->limit_item, (unsigned long long)r->best + 1, unit,
		    triple(r->peak_over, buf, sizeof buf));
}

int gs_render_fit_text(FILE *f, const gs_fit_result *r)
{
	out o = {f, 0, 0};
	char buf[96];
	put(&o, "capacity: %s — %s\n", triple(r->capacity, buf, sizeof buf), r->capacity_how);
	fit_body(&o, r);
	return o.bad ? -1 : 0;
}

int gs_render_changes_text(FILE *f, const gs_change *c, size_t n, gs_bytes peak_now, gs_bytes cap,
                           const char *at)
{
	out o = {f, 0, 0};
	char a[96], b[40], d[40];
	put(&o, "single changes%s%s, %s first (peak now %s; capacity %s):\n", at ? " to " : "", at ? at : "",
	    n && c[0].pool ? "the largest pool for the need" : "largest saving",
	    triple(peak_now, a, sizeof a), cap ? gs_format_bytes(cap, GS_UNIT_GiB, b, sizeof b)
	                                       : "unknown, so no verdict on fitting");
	if (!n)
		put(&o, "  (no single change lowers the peak)\n");
	for (size_t i = 0; i < n; i++) {
		if (c[i].pool) {
			/* a serving engine: what the pool holds after, against the need */
			put(&o, "  %zu. %s %s%s%s: pool %llu tokens", i + 1, c[i].field, c[i].value,
			    c[i].also[0] ? " with " : "", c[i].also,
			    (unsigned long long)c[i].pool_tokens_after);
			if (c[i].pool_blocks_after)
				put(&o, " (%llu blocks)", (unsigned long long)c[i].pool_blocks_after);
			if (c[i].need_after)
				put(&o, ", %llu.%02llux the %llu tokens the sheet needs",
				    (unsigned long long)(c[i].pool_tokens_after / c[i].need_after),
				    (unsigned long long)(c[i].pool_tokens_after % c[i].need_after * 100 /
				                         c[i].need_after),
				    (unsigned long long)c[i].need_after);
			put(&o, "; peak %s%s%s; cost: %s\n",
			    gs_format_bytes(c[i].peak_after, GS_UNIT_GiB, d, sizeof d),
			    cap && c[i].peak_after > cap ? " (above the card: the engine would not start)"
			                                 : "",
			    !cap              ? ""
			    : c[i].fits_after ? ", fits"
			                      : ", still does not fit",
			    c[i].cost);
			continue;
		}
		put(&o, "  %zu. %s %s%s%s: saves %s -> peak %s%s%s%s; cost: %s\n", i + 1, c[i].field,
		    c[i].value, c[i].also[0] ? " with " : "", c[i].also,
		    gs_format_bytes(c[i].saves, GS_UNIT_GiB, b, sizeof b),
		    gs_format_bytes(c[i].peak_after, GS_UNIT_GiB, d, sizeof d),
		    !cap              ? ""
		    : c[i].fits_after ? ", fits"
		                      : ", still does not fit",
		    c[i].phase[0] ? "; acts on " : "", c[i].phase, c[i].cost);
	}
	return o.bad ? -1 : 0;
}

/* Adaptation: for each phase above the capacity, the changes that act on
 * it, by what they take off that phase. */
static void changes_by_phase(out *o, const gs_fit_answer *a)
{
	char b[40], c[40], d[40], cp[40];
	gs_format_bytes(a->capacity, GS_UNIT_GiB, cp, sizeof cp);
	for (size_t k = 0; k < a->n_over; k++) {
		size_t pi = a->over_index[k];
		gs_bytes before = a->over_peak[k];
		put(o, "\nphase %s overflows (%s > %s): the changes that lower it, largest effect first:\n",
		    a->over[k], gs_format_bytes(before, GS_UNIT_GiB, b, sizeof b), cp);
		const gs_change *order[GS_MAX_CHANGES];
		size_t n = 0;
		for (size_t i = 0; i < a->n_changes; i++) {
			gs_bytes after = a->changes[i].phases_after[pi];
			if (after && after < before)
				order[n++] = &a->changes[i];
		}
		for (size_t i = 1; i < n; i++)
			for (size_t j = i;
			     j > 0 && order[j]->phases_after[pi] < order[j - 1]->phases_after[pi]; j--) {
				const gs_change *t = order[j];
				order[j] = order[j - 1];
				order[j - 1] = t;
			}
		if (!n)
			put(o, "  (none of the changes tried lowers it)\n");
		for (size_t i = 0; i < n && i < 5; i++) {
			const gs_change *x = order[i];
			gs_bytes after = x->phases_after[pi];
			put(o, "  %zu. %s %s%s%s: %s %s -> %s%s; over all phases then %s%s; cost: %s\n",
			    i + 1, x->field, x->value, x->also[0] ? " with " : "", x->also, a->over[k], b,
			    gs_format_bytes(after, GS_UNIT_GiB, c, sizeof c),
			    after <= a->capacity ? " (this phase fits)" : "",
			    gs_format_bytes(x->peak_after, GS_UNIT_GiB, d, sizeof d),
			    x->fits_after ? ", fits" : ", still does not fit", x->cost);
		}
		if (n > 5)
			put(o, "  (%zu more below)\n", n - 5);
	}
}

int gs_render_fit_answer_text(FILE *f, const gs_fit_answer *a)
{
	out o = {f, 0, 0};
	if (a->headline[0])
		put(&o, "%s\n\n", a->headline);
	char buf[96];
	if (a->n)
		put(&o, "capacity: %s — %s\n", triple(a->r[0].capacity, buf, sizeof buf),
		    a->r[0].capacity_how);
	for (size_t i = 0; i < a->n; i++) {
		if (i)
			put(&o, "\n");
		fit_body(&o, &a->r[i]);
	}
	if (a->has_sheet) {
		char pk[40], cap[40], at[160];
		char mg[40];
		const gs_capacity_verdict *v = &a->sheet_verdict;
		/* the seed's three classes, as estimate gives them (issue 45) */
		put(&o, "\nthe sheet's workload (%s): %s: peak %s %s of %s", a->sheet_workload,
		    class_heading(v->klass),
		    a->sheet_phase, gs_format_bytes(a->sheet_peak, GS_UNIT_GiB, pk, sizeof pk),
		    gs_format_bytes(a->capacity, GS_UNIT_GiB, cap, sizeof cap));
		if (v->rule == GS_RULE_PEAK)
			put(&o, ", %s %s", v->fits ? "margin" : "short by",
			    gs_format_bytes(v->fits ? v->margin : v->shortfall, GS_UNIT_GiB, mg, sizeof mg));
		put(&o, "\n");
		/* a rule beyond the peak speaks its own terms: the pool, the layers */
		if (a->sheet_verdict.rule != GS_RULE_PEAK && a->sheet_verdict.why[0])
			put(&o, "  %s\n", a->sheet_verdict.why);
		if (v->condition[0])
			put(&o, "  to confirm: %s\n", v->condition);
		if (a->sheet_pool.known)
			pool_lines(&o, &a->sheet_pool, "  ");
		if (a->has_changes && a->headline[0] && a->n_over)
			changes_by_phase(&o, a);
		if (a->has_changes) {
			snprintf(at, sizeof at, "the sheet's workload (%s)", a->sheet_workload);
			put(&o, "\n");
			if (gs_render_changes_text(f, a->changes, a->n_changes, a->sheet_peak, a->capacity,
			                           at))
				o.bad = 1;
		}
	}
	return o.bad ? -1 : 0;
}
