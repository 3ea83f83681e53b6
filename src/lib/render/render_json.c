/*
 * render_json.c — the machine output (schema gpusizer/estimate/v1 and
 * gpusizer/fit/v1), built with jansson. Bytes are JSON integers, exact.
 */
#include <string.h>
#include "gpusizer/devices.h"
#include "gpusizer/interval.h"
#include "gpusizer/render.h"
#include "engine/engine.h"
#include "engine/engine_release.h"

static json_t *jbytes(gs_bytes b) { return json_integer(b > INT64_MAX ? INT64_MAX : (json_int_t)b); }

/* {"bytes": N, "gib": "13.04 GiB", "gb": "14.00 GB"} */
static json_t *figure(gs_bytes b)
{
	char gi[32], gb[32];
	return json_pack("{s:o, s:s, s:s}", "bytes", jbytes(b), "gib",
	                 gs_format_bytes(b, GS_UNIT_GiB, gi, sizeof gi), "gb",
	                 gs_format_bytes(b, GS_UNIT_GB, gb, sizeof gb));
}

static json_t *workload_json(const gs_workload *w)
{
	json_t *o = json_object();
	for (int f = 0; f < GS_F__COUNT; f++) {
		const gs_value *v = &w->v[f];
		if (v->from == GS_FROM_UNSET)
			continue;
		json_t *val;
		switch (gs_field_kind((gs_field)f)) {
		case GS_KIND_COUNT:
		case GS_KIND_TOKENS:
		case GS_KIND_PARAMS:
			val = json_integer((json_int_t)(v->u > INT64_MAX ? INT64_MAX : v->u));
			break;
		case GS_KIND_BYTES: val = jbytes(v->u); break;
		default: val = json_string(v->text); break;
		}
		json_object_set_new(o, gs_field_key((gs_field)f),
		                    json_pack("{s:o, s:s, s:s, s:s}", "value", val ? val : json_null(),
		                              "text", v->text, "from", gs_origin_name(v->from), "where",
		                              v->where));
	}
	return o;
}

static json_t *model_json(const gs_estimate *e)
{
	const gs_model *m = &e->model;
	const gs_workload *w = &e->workload;
	json_t *o = json_pack("{s:s, s:o, s:s, s:s, s:I, s:b}", "source", m->source, "revision",
	                      m->revision[0]                ? json_string(m->revision)
	                      : gs_wl_set(w, GS_F_REVISION) ? json_string(gs_wl_str(w, GS_F_REVISION))
	                                                    : json_null(),
	                      "model_type", m->model_type, "architecture", m->architecture, "parameters",
	                      (json_int_t)m->params, "has_architecture", m->has_architecture);
	if (m->library_copy[0])
		json_object_set_new(o, "library_copy", json_string(m->library_copy));
	if (m->mtp_params) { /* stored in the checkpoint, outside parameters */
		json_object_set_new(o, "mtp_parameters", json_integer((json_int_t)m->mtp_params));
		json_object_set_new(o, "mtp_layers", json_integer(m->mtp_layers));
	}
	if (m->towers_uncounted[0]) /* Gemma 3n: what config.json does not size */
		json_object_set_new(o, "towers_uncounted", json_string(m->towers_uncounted));
	if (m->ple_params)
		json_object_set_new(o, "per_layer_embedding_parameters",
		                    json_integer((json_int_t)m->ple_params));
	uint64_t shared = gs_model_attention_layers(m) - gs_model_kv_layers(m);
	if (m->has_architecture && shared)
		json_object_set_new(o, "kv_shared_layers", json_integer((json_int_t)shared));
	if (m->has_architecture) {
		json_object_set_new(o, "parameter_split",
		                    json_pack("{s:I, s:I, s:I, s:I, s:I}", "linear",
		                              (json_int_t)m->split.linear, "embed",
		                              (json_int_t)m->split.embed, "lm_head",
		                              (json_int_t)m->split.lm_head, "norm", (json_int_t)m->split.norm,
		                              "other", (json_int_t)m->split.other));
		json_object_set_new(o, "layers", json_integer(m->layers));
		json_object_set_new(o, "hidden_size", json_integer(m->hidden));
		json_object_set_new(o, "attention_heads", json_integer(m->heads));
		json_object_set_new(o, "kv_heads", json_integer(m->kv_heads));
		json_object_set_new(o, "head_dim", json_integer(m->head_dim));
		json_object_set_new(o, "vocab_size", json_integer(m->vocab));
		json_object_set_new(o, "attention", json_string(m->attn == GS_ATTN_MLA ? "mla" : "mha_gqa"));
		json_object_set_new(o, "experts", json_integer(m->experts));
		json_object_set_new(o, "sliding_window", json_integer(m->sliding_window));
		json_object_set_new(o, "max_position_embeddings", json_integer(m->max_position));
	}
	return o;
}

/* The quick calculator's figures and the conservative envelope. */
static void figures_json(json_t *root, const gs_estimate *e)
{
	json_t *wo = figure(e->weights_only);
	json_object_set_new(wo, "formula",
	                    json_string(e->weights_only_from_file ? "the parameter tensors' stored bytes "
	                                                            "(the file's effective bits per weight)"
	                                                          : "parameters x bits / 8 (the quick "
	                                                            "calculator's weights only)"));
	json_object_set_new(root, "weights_only", wo);
	/* one weights figure: as loaded (the table), beside the calculator's */
	gs_bytes loaded, parts[3];
	if (gs_estimate_weights_loaded(e, &loaded, parts)) {
		json_t *wl = figure(loaded);
		json_object_set_new(wl, "kept_modules_bytes", jbytes(parts[2]));
		json_object_set_new(wl, "quant_metadata_bytes", jbytes(parts[1]));
		json_object_set_new(wl, "formula",
		                    json_string("weights + quant_metadata + other_format_modules at "
		                                "load, on one GPU"));
		json_object_set_new(root, "weights_loaded", wl);
	}
	json_t *env = figure(e->envelope);
	json_object_set_new(env, "kind", json_string("indicative"));
	json_object_set_new(env, "reserve_bytes", jbytes(gs_wl_u64(&e->workload, GS_F_RESERVE)));
	json_object_set_new(env, "formula", json_string("weights only + reserve"));
	json_object_set_new(root, "envelope", env);
	json_t *cons = figure(e->conservative);
	json_object_set_new(cons, "label",
	                    json_string("conservative envelope (sum of maxima, not an observed peak)"));
	json_object_set_new(root, "conservative_envelope", cons);

}

/* {low_bytes, high_bytes, coverage_target, records} around a shown peak
 * (gpusizer/interval.h). */
static json_t *interval_json(const gs_estimate *e, gs_bytes shown)
{
	gs_bytes lo, hi;
	gs_estimate_interval(e, shown, &lo, &hi);
	return json_pack("{s:o, s:o, s:f, s:i}", "low_bytes", jbytes(lo), "high_bytes", jbytes(hi),
	                 "coverage_target", GS_COVERAGE_TARGET, "records", (int)e->interval.records);
}

/* The items per phase, and the phases with their peaks. */
static void items_json(json_t *root, const gs_estimate *e)
{
	json_t *items = json_array();
	for (size_t i = 0; i < e->n_items; i++) {
		const gs_item *it = &e->items[i];
		json_t *ph = json_object();
		gs_bytes mx = 0;
		for (size_t p = 0; p < e->n_phases; p++) {
			if (!(it->live & (1u << p)))
				continue;
			json_object_set_new(ph, e->phases[p].id,
			                    it->basis == GS_BASIS_UNKNOWN ? json_null()
			                                                  : jbytes(it->bytes[p]));
			if (it->bytes[p] > mx)
				mx = it->bytes[p];
		}
		json_array_append_new(items,
		                      json_pack("{s:s, s:o, s:s, s:o, s:s, s:s}", "id", it->id, "bytes",
		                                it->basis == GS_BASIS_UNKNOWN ? json_null() : jbytes(mx),
		                                "basis", gs_basis_name(it->basis), "phases", ph, "formula",
		                                it->formula, "source", it->source));
	}
	json_object_set_new(root, "items", items);
	json_t *phases = json_array();
	for (size_t p = 0; p < e->n_phases; p++) {
		const gs_phase *ph = &e->phases[p];
		json_t *o = json_pack("{s:s, s:s, s:o, s:b, s:s}", "id", ph->id, "what", ph->what,
		                      "peak_bytes", jbytes(ph->peak), "excludes_unknowns", ph->has_unknown,
		                      "basis", ph->measured ? "measured" : "estimated");
		if (o)
			json_object_set_new(o, "peak_interval", interval_json(e, ph->peak));
		if (o && ph->measured) {
			json_object_set_new(o, "measured_bytes", jbytes(ph->measured_peak));
			json_object_set_new(o, "measured_counter", json_string(ph->measured_counter));
			json_object_set_new(o, "measured_run", json_string(ph->measured_run));
		}
		json_array_append_new(phases, o);
	}
	json_object_set_new(root, "phases", phases);
	if (e->need_basis[0]) {
		json_object_set_new(root, "need",
		                    json_pack("{s:s, s:o, s:s, s:o, s:s}", "basis", e->need_basis,
		                              "bytes_per_gpu", jbytes(e->need), "why", e->need_why,
		                              "floor_bytes", jbytes(e->floor), "floor_why", e->floor_why));
	}
}

/* The placement over GPUs and one figure per GPU. */
static void placement_json(json_t *root, const gs_estimate *e)
{
	json_object_set_new(root, "placement",
	                    json_pack("{s:I, s:I, s:I, s:I, s:I, s:s, s:s}", "gpus", (json_int_t)e->gpus,
	                              "dp", (json_int_t)e->dp, "tp", (json_int_t)e->tp, "pp",
	                              (json_int_t)e->pp, "items_for_stage", (json_int_t)e->stage, "zero",
	                              gs_wl_str(&e->workload, GS_F_ZERO), "fsdp",
	                              gs_wl_str(&e->workload, GS_F_FSDP)));
	/* one figure per GPU: GPU g runs pipeline stage g / (dp x tp) */
	json_t *gpus = json_array();
	uint64_t per_stage = (e->dp * e->tp) != 0 ? e->dp * e->tp : 1;
	for (uint64_t g = 0; g < e->gpus && g < 4096; g++) {
		size_t st = e->n_stages > 1 ? (size_t)(g / per_stage) : 0;
		gs_bytes pk = e->stage_peak[st < GS_MAX_STAGES ? st : 0];
		json_array_append_new(gpus, json_pack("{s:I, s:I, s:o, s:o}", "gpu", (json_int_t)g, "stage",
		                                      (json_int_t)st, "peak_bytes", jbytes(pk),
		                                      "peak_interval", interval_json(e, pk)));
	}
	json_object_set_new(root, "gpus", gpus);
}

/* What only some estimates have: training, host memory, a tensor table, a
 * capacity (a runtime's own members follow, its row's extras_json). */
static void extras_json(json_t *root, const gs_estimate *e)
{
	if (e->train.training) {
		char set[400];
		gs_workload_recipe_settings(&e->workload, set, sizeof set);
		json_object_set_new(root, "recipe",
		                    json_pack("{s:s, s:s, s:s}", "name", gs_wl_str(&e->workload, GS_F_RECIPE),
		                              "source", gs_recipe_source(gs_wl_recipe(&e->workload)),
		                              "defaults_set", set));
	}
	if (e->train.training) {
		const gs_train_info *t = &e->train;
		json_object_set_new(root, "training",
		                    json_pack("{s:I, s:I, s:I, s:I, s:I, s:s, s:s, s:o, s:o}",
		                              "trainable_parameters", (json_int_t)t->trainable,
		                              "frozen_parameters", (json_int_t)t->frozen, "microbatch",
		                              (json_int_t)t->microbatch, "grad_accum",
		                              (json_int_t)t->grad_accum, "effective_batch",
		                              (json_int_t)t->effective_batch, "adapted_modules", t->adapted,
		                              "kept_in_16_bit", t->kept_aside, "model_states_bytes",
		                              jbytes(t->model_states), "host_bytes_per_gpu",
		                              jbytes(t->host_per_gpu)));
		json_t *tr = json_object_get(root, "training");
		if (tr)
			json_object_set_new(tr, "executed_length",
			                    json_integer((json_int_t)t->executed_length));
		if (tr && t->lengths[2])
			json_object_set_new(tr, "lengths",
			                    json_pack("{s:I, s:I, s:I}", "p50", (json_int_t)t->lengths[0],
			                              "p95", (json_int_t)t->lengths[1], "max",
			                              (json_int_t)t->lengths[2]));
	}
	if (e->host_bytes)
		json_object_set_new(root, "host",
		                    json_pack("{s:o, s:s}", "bytes", jbytes(e->host_bytes), "what",
		                              e->host_what));
	if (e->n_buffers) {
		json_t *arr = json_array();
		for (size_t i = 0; i < e->n_buffers; i++)
			json_array_append_new(arr, json_pack("{s:s, s:s, s:o}", "device",
			                                     e->buffers[i].device, "kind", e->buffers[i].kind,
			                                     "bytes", jbytes(e->buffers[i].bytes)));
		json_object_set_new(root, "llamacpp", json_pack("{s:o}", "buffers", arr));
	}
	if (e->model.has_inventory) {
		const gs_inventory_summary *s = &e->model.inv;
		json_object_set_new(root, "tensor_table",
		                    json_pack("{s:s, s:I, s:I, s:o, s:I, s:I, s:s, s:s, s:s, s:s, s:o, s:I}",
		                              "format", s->format, "tensors", (json_int_t)s->tensors, "files",
		                              (json_int_t)s->shards, "stored_bytes", jbytes(s->stored_bytes),
		                              "parameters", (json_int_t)s->param_elements, "buffer_elements",
		                              (json_int_t)s->buffer_elements, "stored_format", s->main_format,
		                              "quantization", s->quantization, "unquantized", s->unquantized,
		                              "note", s->note, "header_bytes", jbytes(s->header_bytes),
		                              "config_parameters", (json_int_t)s->config_params));
		json_t *tt = json_object_get(root, "tensor_table");
		json_object_set_new(tt, "types", json_string(s->dtypes));
		json_object_set_new(tt, "planned_from_config", json_boolean(s->shards == 0));
	}
	if (e->has_capacity)
		json_object_set_new(root, "capacity", gs_verdict_to_json(e));
}

/* The one verdict (gpusizer/verdict.h) with the capacity it judged
 * against: fits, the rule that decided and its margin or shortfall in its
 * own terms, the device beside it, and a pool engine's units. */
json_t *gs_verdict_to_json(const gs_estimate *e)
{
	const gs_capacity_verdict *v = &e->verdict;
	json_t *o = json_pack("{s:o, s:s, s:b, s:s, s:o, s:s, s:b, s:o, s:s}", "bytes", jbytes(e->capacity),
	                      "how", e->capacity_how, "fits", v->fits, "rule", gs_rule_name(v->rule),
	                      v->fits ? "margin_bytes" : "short_bytes",
	                      jbytes(v->fits ? v->margin : v->shortfall), "why", v->why, "as_far_as_known",
	                      v->as_far_as_known, "cuda_total_bytes", jbytes(e->cuda_total), "cuda_total_how",
	                      e->cuda_how);
	json_object_set_new(o, "verdict", json_string(gs_class_id(v->klass)));
	if (v->condition[0])
		json_object_set_new(o, "condition", json_string(v->condition));
	json_object_set_new(o, "device",
	                    json_pack("{s:o, s:b, s:o}", "load_bytes", jbytes(v->load), "fits",
	                              v->device_fits, v->device_fits ? "margin_bytes" : "short_bytes",
	                              jbytes(v->device_margin)));
	if (v->rule == GS_RULE_VLLM_POOL || v->rule == GS_RULE_SGLANG_POOL) {
		json_t *p = json_pack("{s:s, s:I, s:o, s:I, s:I, s:b, s:b}", "unit",
		                      v->unit_tokens == 16 ? "block" : "token", "unit_tokens",
		                      (json_int_t)v->unit_tokens, "unit_bytes", jbytes(v->unit_bytes),
		                      "units", (json_int_t)v->pool_units, "needed_units",
		                      (json_int_t)v->need_units, "holds", v->pool_holds, "refused",
		                      v->pool_refused);
		json_object_set_new(o, "pool", p);
	}
	return o;
}

json_t *gs_estimate_to_json(const gs_estimate *e)
{
	json_t *root = json_object();
	if (!root)
		return NULL;
	json_object_set_new(root, "schema", json_string("gpusizer/estimate/v1"));
	json_object_set_new(root, "workload", workload_json(&e->workload));
	json_object_set_new(root, "model", model_json(e));
	json_object_set_new(root, "format", json_string(e->format.name));
	json_object_set_new(root, "format_from",
	                    json_string(gs_wl_set(&e->workload, GS_F_BITS) ? "bits"
	                                : e->stored_format ? "tensor table"
	                                : e->format_from_checkpoint ? "quantization_config"
	                                : gs_origin_name(e->workload.v[GS_F_FORMAT].from)));
	json_object_set_new(root, "kv_format", json_string(e->kv_format.name));
	json_object_set_new(root, "kv_format_v", json_string(e->kv_format_v.name));
	json_object_set_new(root, "runtime", json_string(gs_runtime_name(e->runtime)));
	json_object_set_new(root, "runtime_version",
	                    e->runtime_version[0] ? json_string(e->runtime_version) : json_null());
	if (e->runtime_version[0]) {
		json_object_set_new(root, "runtime_release_source", json_string(e->release_source));
		if (e->release_note[0])
			json_object_set_new(root, "runtime_release_note", json_string(e->release_note));
	}
	figures_json(root, e);
	items_json(root, e);
	json_object_set_new(root, "peak_phase", json_string(e->phases[e->peak_phase].id));
	json_t *pi = interval_json(e, e->phases[e->peak_phase].peak);
	json_object_set_new(pi, "kind", json_string(e->interval.group));
	json_object_set_new(pi, "why", json_string(e->interval.why));
	json_object_set_new(pi, "conservative", json_boolean(e->interval.conservative));
	json_object_set_new(pi, "peak_is_high_end", json_boolean(e->interval.margin_applied));
	json_object_set_new(root, "peak_interval", pi);
	json_t *unk = json_array();
	for (size_t i = 0; i < e->n_unknowns; i++)
		json_array_append_new(unk, json_string(e->unknowns[i]));
	json_object_set_new(root, "unknowns", unk);
	placement_json(root, e);
	extras_json(root, e);
	if (e->engine && e->engine->extras_json) /* the runtime's own: "vllm", "sglang", "ollama" */
		e->engine->extras_json(root, e);
	return root;
}

static json_t *pool_json(const gs_pool_view *v)
{
	json_t *o = json_pack("{s:s, s:I, s:I, s:I, s:I, s:I, s:I, s:o, s:s, s:o, s:b, s:b}", "engine",
	                      v->engine,
	                 "kv_tokens", (json_int_t)v->tokens, "blocks", (json_int_t)v->blocks,
	                 "request_tokens", (json_int_t)v->request_tokens, "needed_tokens",
	                 (json_int_t)v->need_tokens, "max_context", (json_int_t)v->max_context,
	                 "max_concurrency", (json_int_t)v->max_concurrency, "budget_bytes", jbytes(v->budget),
	                 "largest_fixed_item", v->eater, "largest_fixed_bytes", jbytes(v->eater_bytes),
	                 "refused", v->refused, "fits", v->fits);
	/* a vLLM hybrid's pool and needs count block ids, not tokens */
	if (o)
		json_object_set_new(o, "unit", json_string(v->in_blocks ? "block_ids" : "tokens"));
	return o;
}

json_t *gs_fit_to_json(const gs_fit_result *r, const gs_estimate *at_best)
{
	json_t *o = json_pack("{s:s, s:s, s:b, s:I, s:I, s:o, s:s, s:b, s:s, s:s, s:o, s:o}", "schema",
	                      "gpusizer/fit/v1", "target", r->target == GS_FIT_CONTEXT ? "context"
	                      : r->target == GS_FIT_MICROBATCH ? "microbatch" : "concurrency",
	                      "fits", r->fits, "best", (json_int_t)r->best, "fixed", (json_int_t)r->fixed,
	                      "capacity_bytes", jbytes(r->capacity), "capacity_how", r->capacity_how,
	                      "bounded_by_model", r->bounded_by_model, "limit_phase", r->limit_phase,
	                      "limit_item", r->limit_item, "peak_at_best_bytes", jbytes(r->peak_at_best),
	                      "peak_over_bytes", jbytes(r->peak_over));
	/* the seed's three classes (issue 45): the class at best, the largest
	 * value that fits for certain, what to confirm above it */
	if (o) {
		json_object_set_new(o, "class", json_string(gs_class_id(r->klass)));
		json_object_set_new(o, "best_certain",
		                    r->fits ? json_integer((json_int_t)r->best_certain) : json_null());
		if (r->condition[0])
			json_object_set_new(o, "condition", json_string(r->condition));
	}
	if (o && at_best)
		json_object_set_new(o, "estimate_at_best", gs_estimate_to_json(at_best));
	if (o && r->pool.known)
		json_object_set_new(o, "pool", pool_json(&r->pool));
	return o;
}

json_t *gs_changes_to_json(const gs_change *c, size_t n, gs_bytes peak_now, gs_bytes cap)
{
	json_t *arr = json_array();
	for (size_t i = 0; i < n; i++)
	{
		json_t *x = json_pack("{s:s, s:s, s:s, s:o, s:o, s:o, s:s}", "field", c[i].field, "value",
		                      c[i].value, "also", c[i].also, "saves_bytes", jbytes(c[i].saves),
		                      "peak_after_bytes", jbytes(c[i].peak_after), "fits_after",
		                      cap ? json_boolean(c[i].fits_after) : json_null(), "cost", c[i].cost);
		if (x && c[i].phase[0])
			json_object_set_new(x, "acts_on",
			                    json_pack("{s:s, s:o, s:o}", "phase", c[i].phase, "before_bytes",
			                              jbytes(c[i].phase_before), "after_bytes",
			                              jbytes(c[i].phase_after)));
		if (c[i].pool)
			json_object_set_new(x, "pool",
			                    json_pack("{s:I, s:I, s:I}", "kv_tokens_after",
			                              (json_int_t)c[i].pool_tokens_after, "blocks_after",
			                              (json_int_t)c[i].pool_blocks_after, "needed_tokens",
			                              (json_int_t)c[i].need_after));
		json_array_append_new(arr, x);
	}
	return json_pack("{s:o, s:o}", "peak_now_bytes", jbytes(peak_now), "ranked", arr);
}

json_t *gs_fit_answer_to_json(const gs_fit_answer *a)
{
	json_t *o;
	if (a->n == 1) {
		o = gs_fit_to_json(&a->r[0], a->at_best[0]);
	} else {
		json_t *arr = json_array();
		for (size_t i = 0; i < a->n; i++)
			json_array_append_new(arr, gs_fit_to_json(&a->r[i], a->at_best[i]));
		o = json_pack("{s:s, s:o}", "schema", "gpusizer/fit-set/v1", "answers", arr);
	}
	/* the answer's class, fit's exit status (each search has its own "class") */
	if (o)
		json_object_set_new(o, "verdict", json_string(gs_class_id(gs_fit_answer_class(a))));
	if (o && a->has_sheet)
		json_object_set_new(o, "sheet",
		                    json_pack("{s:s, s:b, s:s, s:o, s:o}", "workload", a->sheet_workload,
		                              "fits", a->sheet_fits, "peak_phase", a->sheet_phase,
		                              "peak_bytes", jbytes(a->sheet_peak), "capacity_bytes",
		                              jbytes(a->capacity)));
	if (o && a->has_sheet) {
		const gs_capacity_verdict *v = &a->sheet_verdict;
		json_t *sv = json_pack("{s:s, s:b, s:o, s:s, s:s}", "rule", gs_rule_name(v->rule), "fits",
		                       v->fits, v->fits ? "margin_bytes" : "short_bytes",
		                       jbytes(v->fits ? v->margin : v->shortfall), "why", v->why, "class",
		                       gs_class_id(v->klass));
		if (sv && v->condition[0])
			json_object_set_new(sv, "condition", json_string(v->condition));
		json_object_set_new(json_object_get(o, "sheet"), "verdict", sv);
	}
	if (o && a->has_sheet && a->sheet_pool.known)
		json_object_set_new(json_object_get(o, "sheet"), "pool", pool_json(&a->sheet_pool));
	if (o && a->has_changes)
		json_object_set_new(o, "changes",
		                    gs_changes_to_json(a->changes, a->n_changes, a->sheet_peak, a->capacity));
	if (o && a->headline[0]) {
		json_object_set_new(o, "answer", json_string(a->headline));
		json_t *over = json_array();
		for (size_t k = 0; k < a->n_over; k++) {
			json_t *lowers = json_array();
			for (size_t i = 0; i < a->n_changes; i++) {
				gs_bytes after = a->changes[i].phases_after[a->over_index[k]];
				if (after && after < a->over_peak[k])
					json_array_append_new(lowers, json_pack("{s:s, s:s, s:o, s:b}",
					                                        "field", a->changes[i].field,
					                                        "value", a->changes[i].value,
					                                        "phase_after_bytes",
					                                        jbytes(after), "fits_after",
					                                        a->changes[i].fits_after));
			}
			json_array_append_new(over,
			                      json_pack("{s:s, s:o, s:o}", "phase", a->over[k], "peak_bytes",
			                                jbytes(a->over_peak[k]), "changes", lowers));
		}
		json_object_set_new(o, "overflowing_phases", over);
	}
	return o;
}

json_t *gs_estimate_rows_to_json(const gs_estimate *const *rows, size_t n)
{
	json_t *arr = json_array();
	bool judged = false, all_fit = true;
	for (size_t r = 0; r < n; r++) {
		json_array_append_new(arr, gs_estimate_to_json(rows[r]));
		judged |= rows[r]->has_capacity;
		all_fit &= !rows[r]->has_capacity || rows[r]->verdict.fits;
	}
	json_t *o = json_pack("{s:s, s:o}", "schema", "gpusizer/estimate-compare/v1", "rows", arr);
	if (o && judged) /* each row's own verdict is its "capacity" object; this is the exit status's */
		json_object_set_new(o, "all_fit", json_boolean(all_fit));
	return o;
}

json_t *gs_formats_to_json(void)
{
	const gs_format *t;
	size_t n = gs_format_table(&t);
	json_t *fs = json_array(), *ds = json_array();
	for (size_t i = 0; i < n; i++) {
		gs_ratio b = gs_format_bpw(&t[i]);
		json_t *kept = json_array();
		unsigned bit;
		for (size_t k = 0; gs_keep_class(k, &bit); k++)
			if (t[i].keep_default & bit)
				json_array_append_new(kept, json_string(gs_keep_class(k, NULL)));
		json_array_append_new(fs, json_pack("{s:s, s:f, s:f, s:b, s:o, s:f, s:b, s:s, s:s}", "name",
		                                    t[i].name, "bits_per_weight",
		                                    (double)b.num / (double)b.den, "value_bits",
		                                    (double)t[i].value_bits.num / (double)t[i].value_bits.den,
		                                    "quantized", t[i].quantized, "kept", kept, "kept_bits",
		                                    t[i].keep_bits.den ? (double)t[i].keep_bits.num /
		                                                                 (double)t[i].keep_bits.den
		                                                       : 0.0,
		                                    "experts_only", t[i].experts_only, "description",
		                                    t[i].description, "source", t[i].source));
	}
	const gs_device *d;
	n = gs_device_table(&d);
	for (size_t i = 0; i < n; i++)
		json_array_append_new(ds, json_pack("{s:s, s:s, s:I, s:I, s:s, s:I, s:s, s:s, s:s, s:o}",
		                                    "name", d[i].name, "smi_names", d[i].smi_names,
		                                    "nominal_gb", (json_int_t)d[i].nominal_gb,
		                                    "reported_bytes", (json_int_t)d[i].reported_bytes,
		                                    "reported_how", d[i].reported_how, "cuda_total_bytes",
		                                    (json_int_t)d[i].cuda_bytes, "cuda_total_how",
		                                    d[i].cuda_how, "compute_capability",
		                                    d[i].compute_capability, "source", d[i].source,
		                                    /* shared with the CPU: what is known of the split */
		                                    "unified_memory",
		                                    d[i].unified ? json_string(d[i].unified_how)
		                                                 : json_null()));
	json_t *kv = json_array(), *gg = json_array();
	for (size_t i = 0; kv && gs_kv_format_name(i); i++)
		json_array_append_new(kv, json_string(gs_kv_format_name(i)));
	for (size_t i = 0; gg && gs_gguf_file_type_name(i); i++)
		json_array_append_new(gg, json_string(gs_gguf_file_type_name(i)));
	return json_pack("{s:s, s:o, s:o, s:o, s:o}", "schema", "gpusizer/formats/v1", "formats", fs,
	                 "kv_formats", kv, "gguf_file_types", gg, "devices", ds);
}

json_t *gs_catalog_to_json(const gs_catalog *cat)
{
	json_t *offers = json_array();
	for (size_t i = 0; i < cat->n; i++) {
		const gs_offer *o = &cat->offers[i];
		json_array_append_new(offers,
		                      json_pack("{s:s, s:s, s:I, s:I, s:o, s:s, s:s, s:s}", "id", o->id,
		                                "gpu", o->gpu, "count", (json_int_t)o->count, "nominal_gb",
		                                (json_int_t)o->nominal_gb, "price",
		                                o->has_price ? json_string(o->price_text) : json_null(),
		                                "currency", o->currency, "period", o->period_text, "source",
		                                o->source));
	}
	return json_pack("{s:s, s:o}", "schema", "gpusizer/catalog/v1", "offers", offers);
}

json_t *gs_probe_to_json(const gs_probe *p)
{
	json_t *gpus = json_array();
	for (unsigned i = 0; i < p->n; i++) {
		const gs_gpu_info *g = &p->gpu[i];
		json_array_append_new(gpus,
		                      json_pack("{s:i, s:s, s:s, s:I, s:I, s:I, s:i, s:i, s:i, s:i}", "index",
		                                i, "name", g->name, "uuid", g->uuid, "total_bytes",
		                                (json_int_t)g->total, "free_bytes", (json_int_t)g->free,
		                                "used_bytes", (json_int_t)g->used, "cc_major", g->cc_major,
		                                "cc_minor", g->cc_minor, "ecc", g->ecc, "mig", g->mig));
	}
	return json_pack("{s:s, s:s, s:s, s:i, s:o}", "schema", "gpusizer/probe/v1", "library", p->library,
	                 "driver", p->driver, "cuda", p->cuda, "gpus", gpus);
}

json_t *gs_oom_to_json(const gs_oom *o, json_t *changes)
{
	json_t *j = json_pack("{s:s, s:s, s:i, s:s, s:i, s:s, s:s, s:s}", "schema", "gpusizer/diagnose/v1",
	                      "kind", gs_oom_kind_name(o->kind), "line", (int)o->line, "message", o->message,
	                      "gpu", o->gpu, "phase", o->phase, "phase_evidence", o->phase_why,
	                      "likely_items", o->items);
	if (!j) {
		json_decref(changes);
		return NULL;
	}
	if (o->has_requested) json_object_set_new(j, "requested_bytes", jbytes(o->requested));
	if (o->has_capacity) json_object_set_new(j, "capacity_bytes", jbytes(o->capacity));
	if (o->has_free) json_object_set_new(j, "free_bytes", jbytes(o->free));
	if (o->has_allocated) json_object_set_new(j, "allocated_bytes", jbytes(o->allocated));
	if (o->has_reserved)
		json_object_set_new(j, "reserved_unallocated_bytes", jbytes(o->reserved_unallocated));
	if (o->has_process) json_object_set_new(j, "process_bytes", jbytes(o->process));
	if (changes)
		json_object_set_new(j, "changes", changes);
	return j;
}

/* The names of a mask's bits, from a name function. */
static json_t *mask_json(unsigned mask, unsigned n, const char *(*name)(int))
{
	json_t *a = json_array();
	for (unsigned i = 0; a && i < n; i++)
		if (mask >> i & 1u)
			json_array_append_new(a, json_string(name((int)i)));
	return a;
}

static const char *runtime_at(int i) { return gs_runtime_name((gs_runtime)i); }
static const char *task_at(int i) { return gs_task_name((gs_task)i); }
static const char *phase_at(int i) { return gs_phase_kind_id((gs_phase_kind)i); }

/* One field's row, whole: what a binding checks its arguments against and
 * what the page builds its menus and its visibility from. */
static json_t *field_json(gs_field f)
{
	char flag[64], help[GS_FIELD_HELP_MAX];
	gs_kind k = gs_field_kind(f);
	json_t *o = json_pack("{s:s, s:s, s:s, s:s, s:s, s:o, s:o, s:o}", "key", gs_field_key(f), "flag",
	                      gs_field_flag(f, flag, sizeof flag), "kind", gs_kind_name(k), "help",
	                      gs_field_help(f), "describe", gs_render_field_help(f, help, sizeof help),
	                      "runtimes", mask_json(gs_field_runtimes(f), GS_RT__COUNT, runtime_at), "tasks",
	                      mask_json(gs_field_tasks(f), GS_TASK__COUNT, task_at), "phases",
	                      mask_json(gs_field_phases(f), GS_PK__COUNT, phase_at));
	if (!o)
		return NULL;
	const char *def = gs_field_default(f), *unit = gs_kind_unit(k);
	char al[64];
	const char *val;
	json_t *aliases = json_array();
	for (size_t i = 0; aliases && gs_field_alias_at(f, i, al, sizeof al, &val); i++) {
		if (i == 0) /* the first as it always was; all of them, and the switches, in aliases */
			json_object_set_new(o, "alias", json_string(al));
		json_array_append_new(aliases, val ? json_pack("{s:s, s:s}", "switch", al, "sets", val)
		                                   : json_string(al));
	}
	if (aliases && json_array_size(aliases))
		json_object_set_new(o, "aliases", aliases);
	else
		json_decref(aliases);
	if (def)
		json_object_set_new(o, "default", json_string(def));
	if (unit)
		json_object_set_new(o, "unit", json_string(unit));
	const char *const *vals = gs_field_values(f);
	if (vals) {
		json_t *va = json_array();
		for (size_t i = 0; va && vals[i]; i++)
			json_array_append_new(va, json_string(vals[i]));
		json_object_set_new(o, "values", va);
	}
	gs_field on;
	const char *value;
	if (gs_field_requires(f, &on, &value))
		json_object_set_new(o, "requires", json_pack("{s:s}", gs_field_key(on), value));
	uint64_t lo, hi;
	gs_field_bounds(f, &lo, &hi);
	if (lo)
		json_object_set_new(o, "min", json_integer((json_int_t)lo));
	if (hi)
		json_object_set_new(o, "max", json_integer((json_int_t)hi));
	return o;
}

/* The sheet's field table, row by row (key, flag, alias, kind, default,
 * values, bounds, the runtimes and tasks that read each field, the phases
 * its change acts on, its help), and each engine's release rows. */
json_t *gs_fields_to_json(void)
{
	json_t *a = json_array();
	for (int f = 0; a && f < GS_F__COUNT; f++) {
		json_t *o = field_json((gs_field)f);
		if (!o || json_array_append_new(a, o)) {
			json_decref(a);
			return NULL;
		}
	}
	/* the release rows of each runtime runtime_version is read by, oldest first */
	json_t *rel = json_object();
	for (int r = 0; rel && r < GS_RT__COUNT; r++) {
		if (!(gs_field_runtimes(GS_F_RUNTIME_VERSION) >> r & 1u))
			continue;
		const char *v[64];
		size_t n = gsi_release_versions((gs_runtime)r, v, 64);
		json_t *list = json_array();
		for (size_t k = 0; list && k < n; k++)
			json_array_append_new(list, json_string(v[k]));
		if (list && n)
			json_object_set_new(rel, gs_runtime_name((gs_runtime)r), list);
		else
			json_decref(list);
	}
	if (!a || !rel) {
		json_decref(a);
		json_decref(rel);
		return NULL;
	}
	return json_pack("{s:s, s:o, s:o}", "schema", "gpusizer/fields/v1", "fields", a, "releases", rel);
}

json_t *gs_api_error_to_json(const char *msg, unsigned code)
{
	return json_pack("{s:s, s:i}", "error", msg, "status", (int)code);
}

json_t *gs_health_to_json(const char *version)
{
	return json_pack("{s:s, s:s}", "status", "ok", "version", version);
}
