/*
 * render_sheet.c — the shortlist and the one-page sizing sheet, as text,
 * Markdown, JSON (gpusizer/sheet/v1, gpusizer/shortlist/v1) and a
 * self-contained HTML page with an inline SVG chart (no scripts, no fonts,
 * nothing fetched).
 */
#include <stdio.h>
#include <string.h>
#include "gpusizer/interval.h"
#include "gpusizer/library.h"
#include "gpusizer/measured.h"
#include "gpusizer/render.h"
#include "render/render_internal.h"
#include "engine/engine.h"


static json_t *jb(gs_bytes b) { return json_integer(b > INT64_MAX ? INT64_MAX : (json_int_t)b); }

static const char *gib(gs_bytes b, char *buf, size_t cap)
{
	return gs_format_bytes(b, GS_UNIT_GiB, buf, cap);
}

static void cost_text(const gs_offer_result *r, char *buf, size_t cap)
{
	const gs_offer *o = r->offer;
	char total[32];
	if (!r->has_cost) {
		snprintf(buf, cap, "unknown (no price with a source)");
		return;
	}
	gs_ratio_decimal(r->cost, total, sizeof total);
	if (o->count > 1)
		snprintf(buf, cap, "%s %s (%llu GPUs x %llu x %s %s per %s)", total, o->currency,
		         (unsigned long long)o->count, (unsigned long long)r->periods, o->price_text,
		         o->currency, o->period_text);
	else
		snprintf(buf, cap, "%s %s (%llu x %s %s per %s)", total, o->currency,
		         (unsigned long long)r->periods, o->price_text, o->currency, o->period_text);
}

static void margin_text(const gs_offer_result *r, char *buf, size_t cap)
{
	char g[40];
	bool pool = r->rule == GS_RULE_VLLM_POOL || r->rule == GS_RULE_SGLANG_POOL;
	if (pool) /* the engine's KV pool, not the device: no share of the card */
		snprintf(buf, cap, r->margin >= 0 ? "%s of KV pool to spare" : "short by %s of KV pool",
		         gib((gs_bytes)(r->margin >= 0 ? r->margin : -r->margin), g, sizeof g));
	else if (r->margin >= 0) {
		uint64_t pm = r->usable ? (uint64_t)r->margin * 1000 / r->usable : 0;
		snprintf(buf, cap, "%s (%llu.%llu %% of %s)", gib((gs_bytes)r->margin, g, sizeof g),
		         (unsigned long long)(pm / 10), (unsigned long long)(pm % 10), r->usable_how);
	} else {
		snprintf(buf, cap, "short by %s", gib((gs_bytes)(-r->margin), g, sizeof g));
	}
}

int gs_render_shortlist_text(FILE *f, const gs_shortlist *sl, const gs_estimate *e, bool md)
{
	out o = {f, 0, 0};
	char a[48], c[160], m[320];
	if (sl->devices)
		put(&o,
		    "%sno catalog given: these rows rank devices, not offers (the built-in device table, "
		    "nominal "
		    "and unpriced, and two example offers with stated prices); give --catalog with the "
		    "offers you "
		    "can rent\n",
		    md ? "" : "");
	if (e->need_basis[0] && strcmp(e->need_basis, "estimate"))
		put(&o, "%sshortlist: %zu offers against the need per GPU, %s (basis %s: %s); campaign %s\n",
		    md ? "### " : "", sl->n, gib(e->need, a, sizeof a), e->need_basis, e->need_why,
		    sl->campaign_hours ? "given" : "not given (costs are per price period)");
	else if (!gs_wl_training(&e->workload) && e->engine && e->engine->judged_per_device)
		/* an engine's verdict depends on the device: each offer's is its own */
		put(&o,
		    "%sshortlist: %zu offers, each judged by %s on its own GPU (the sheet's need alone: %s, "
		    "%s); campaign %s\n",
		    md ? "### " : "", sl->n, gs_runtime_name(e->runtime),
		    gib(gs_estimate_peak(e), a, sizeof a), e->phases[e->peak_phase].id,
		    sl->campaign_hours ? "given" : "not given (costs are per price period)");
	else
		put(&o, "%sshortlist: %zu offers against the peak per GPU, %s (%s)%s; campaign %s\n",
		    md ? "### " : "", sl->n, gib(gs_estimate_peak(e), a, sizeof a),
		    e->phases[e->peak_phase].id,
		    e->phases[e->peak_phase].has_unknown ? " + unknown items" : "",
		    sl->campaign_hours ? "given" : "not given (costs are per price period)");
	if (e->floor)
		put(&o, "%smeasured floor: %s per GPU (%s): offers below it are excluded\n", md ? "" : "",
		    gib(e->floor, a, sizeof a), e->floor_why);
	static const char *const heads[3] = {
		"retained: every mandatory requirement admissible, ranked by total cost, then margin",
		"to confirm (preselection): the open conditions",
		("excluded: a mandatory requirement fails (each line says whether by the estimate or by a "
		 "measured failure)")};
	for (int v = GS_ADMISSIBLE; v <= GS_EXCLUDE; v++) {
		put(&o, "\n%s%s:\n", md ? "#### " : "", heads[v]);
		size_t shown = 0;
		for (size_t i = 0; i < sl->n; i++) {
			const gs_offer_result *r = &sl->r[i];
			if ((int)r->verdict != v)
				continue;
			shown++;
			cost_text(r, c, sizeof c);
			margin_text(r, m, sizeof m);
			put(&o, "%s%zu. %s: %s x%llu; cost %s; margin %s; planning: %s\n", md ? "" : "  ",
			    shown, r->offer->id, r->offer->gpu, (unsigned long long)r->offer->count, c, m,
			    r->offer->availability[0] ? r->offer->availability : "not stated");
			for (size_t k = 0; k < r->n_reqs; k++) {
				const gs_req_result *q = &r->reqs[k];
				if (v == GS_ADMISSIBLE && q->req != GS_REQ_MEMORY)
					continue;
				if (v != GS_ADMISSIBLE && (int)q->verdict == GS_ADMISSIBLE &&
				    q->req != GS_REQ_MEMORY)
					continue;
				if (v == GS_EXCLUDE && q->verdict != GS_EXCLUDE)
					continue;
				put(&o, "%s- %s [%s]: %s%s%s\n", md ? "    " : "       ", gs_req_name(q->req),
				    gs_verdict_name(q->verdict), q->detail,
				    q->evidence[0] ? "; evidence: " : "", q->evidence);
			}
		}
		if (!shown)
			put(&o, "%s(none)\n", md ? "" : "  ");
	}
	put(&o, "\nPrices compare packages for the campaign; they rank no speed.\n");
	return o.bad ? -1 : 0;
}

static const char *basis_of(const gs_estimate *e)
{
	return e->need_basis[0] ? e->need_basis : "estimate";
}

static json_t *offer_json(const gs_offer_result *r, const gs_estimate *e)
{
	char c[32];
	json_t *reqs = json_array();
	for (size_t k = 0; k < r->n_reqs; k++)
		json_array_append_new(reqs, json_pack("{s:s, s:b, s:s, s:s, s:s}", "requirement",
		                                      gs_req_name(r->reqs[k].req), "mandatory",
		                                      r->reqs[k].mandatory, "verdict",
		                                      gs_verdict_name(r->reqs[k].verdict), "detail",
		                                      r->reqs[k].detail, "evidence", r->reqs[k].evidence));
	json_t *o = json_pack("{s:s, s:s, s:I, s:s, s:o, s:s, s:o, s:o, s:o}", "id", r->offer->id, "gpu",
	                      r->offer->gpu, "count", (json_int_t)r->offer->count, "verdict",
	                      gs_verdict_name(r->verdict), "usable_bytes_per_gpu", jb(r->usable),
	                      "usable_how", r->usable_how, "need_bytes_per_gpu", jb(r->need), "margin_bytes",
	                      json_integer(r->margin), "requirements", reqs);
	json_object_set_new(o, "need_basis", json_string(basis_of(e)));
	if (r->has_cost)
		json_object_set_new(o, "cost",
		                    json_pack("{s:s, s:s, s:I, s:s, s:s}", "total",
		                              gs_ratio_decimal(r->cost, c, sizeof c), "currency",
		                              r->offer->currency, "periods", (json_int_t)r->periods, "price",
		                              r->offer->price_text, "period", r->offer->period_text));
	else
		json_object_set_new(o, "cost", json_null());
	json_object_set_new(o, "planning", json_string(r->offer->availability));
	json_object_set_new(o, "source", json_string(r->offer->source));
	return o;
}

json_t *gs_shortlist_to_json(const gs_shortlist *sl, const gs_estimate *e)
{
	json_t *arr = json_array();
	for (size_t i = 0; i < sl->n; i++)
		json_array_append_new(arr, offer_json(&sl->r[i], e));
	json_t *o = json_pack("{s:s, s:o, s:s, s:I, s:I, s:I, s:I, s:o}", "schema", "gpusizer/shortlist/v1",
	                      "peak_bytes_per_gpu", jb(gs_estimate_peak(e)), "peak_phase",
	                      e->phases[e->peak_phase].id, "campaign_hours", (json_int_t)sl->campaign_hours,
	                      "retained", (json_int_t)sl->n_retained, "to_confirm",
	                      (json_int_t)sl->n_to_confirm, "excluded", (json_int_t)sl->n_excluded, "offers",
	                      arr);
	if (o) {
		/* no catalog given: the rows are devices, not offers to rent */
		json_object_set_new(o, "devices_not_offers", json_boolean(sl->devices));
		json_object_set_new(o, "need_basis", json_string(basis_of(e)));
		if (e->need_basis[0] && strcmp(e->need_basis, "estimate")) {
			json_object_set_new(o, "need_bytes_per_gpu", jb(e->need));
			json_object_set_new(o, "need_why", json_string(e->need_why));
		}
		if (e->floor) {
			json_object_set_new(o, "measured_floor_bytes", jb(e->floor));
			json_object_set_new(o, "measured_floor_why", json_string(e->floor_why));
		}
	}
	return o;
}

/* --- what would invalidate the sheet --------------------------------------------- */

static size_t invalidators(const gs_estimate *e, char lines[][240], size_t cap)
{
	size_t n = 0;
	char a[48], b[48];
	const gs_item *kv = gs_estimate_item(e, "kv_cache");
	if (kv && kv->basis != GS_BASIS_UNKNOWN && e->length) {
		gs_bytes per_k = kv->bytes[e->n_phases - 1] / e->length * 1000;
		snprintf(lines[n++], 240,
		         "a longer window than %llu tokens: the KV cache grows by about %s per 1000 tokens "
		         "at this concurrency",
		         (unsigned long long)e->length, gib(per_k, a, sizeof a));
	} else {
		snprintf(lines[n++], 240,
		         "a length: none was given, so nothing that grows with it is counted");
	}
	if (kv && kv->basis != GS_BASIS_UNKNOWN && e->concurrency && !e->train.training)
		snprintf(lines[n++], 240, "more concurrency than %llu: each sequence adds about %s",
		         (unsigned long long)e->concurrency,
		         gib(kv->bytes[e->n_phases - 1] / e->concurrency, b, sizeof b));
	snprintf(lines[n++], 240,
	         "another weight or KV format than %.40s / %.40s: other bytes, and the quality to re-confirm",
	         e->format.name, e->kv_format.name);
	if (e->runtime_version[0])
		snprintf(lines[n++], 240,
		         "another framework or release than %.20s %.20s: its defaults change between "
		         "releases, and runtime context and activation terms are estimates for it",
		         gs_runtime_name(e->runtime), e->runtime_version);
	else
		snprintf(lines[n++], 240,
		         "another framework or version than %.20s: runtime context, allocator slack and "
		         "activation terms are estimates for it",
		         gs_runtime_name(e->runtime));
	if (gs_wl_set(&e->workload, GS_F_QUALITY))
		snprintf(lines[n++], 240, "another evaluation than \"%.150s\"",
		         gs_wl_str(&e->workload, GS_F_QUALITY));
	for (size_t i = 0; i < e->n_items && n < cap; i++)
		if (e->items[i].basis == GS_BASIS_UNKNOWN)
			snprintf(lines[n++], 240, "%s, not known yet, turning out larger than the margin",
			         e->items[i].id);
	if (n < cap)
		snprintf(lines[n++], 240,
		         "a device reporting less memory than assumed, or other processes on it");
	return n;
}

static void workload_lines(const gs_estimate *e, char lines[][240], size_t *n)
{
	const gs_workload *w = &e->workload;
	const gs_model *m = &e->model;
	snprintf(lines[(*n)++], 240, "model: %.120s%s%.40s", m->source, m->model_type[0] ? ", " : "",
	         m->model_type);
	if (m->library_copy[0])
		snprintf(lines[(*n)++], 240, "revision: %.64s (gpusizer's model library, copy: %s)",
		         gs_library_revision_text(m->revision), m->library_copy);
	else
		snprintf(lines[(*n)++], 240, "revision: %.64s",
		         m->revision[0]                ? m->revision
		         : gs_wl_set(w, GS_F_REVISION) ? gs_wl_str(w, GS_F_REVISION)
		                                       : "not given");
	snprintf(lines[(*n)++], 240, "parameters: %llu", (unsigned long long)m->params);
	snprintf(lines[(*n)++], 240, "task: %.20s on %.20s", gs_wl_str(w, GS_F_TASK),
	         gs_runtime_name(e->runtime));
	if (strcmp(e->kv_format.name, e->kv_format_v.name))
		snprintf(lines[(*n)++], 240, "precision: weights %s, KV: K %s, V %s", e->format.name,
		         e->kv_format.name, e->kv_format_v.name);
	else
		snprintf(lines[(*n)++], 240, "precision: weights %s, KV %s", e->format.name,
		         e->kv_format.name);
	if (e->length)
		snprintf(lines[(*n)++], 240, "length: %llu tokens", (unsigned long long)e->length);
	else
		snprintf(lines[(*n)++], 240, "length: not given");
	if (e->train.training)
		snprintf(lines[(*n)++], 240,
		         "microbatch: %llu x grad_accum %llu x dp %llu = %llu sequences per update",
		         (unsigned long long)e->train.microbatch, (unsigned long long)e->train.grad_accum,
		         (unsigned long long)e->dp, (unsigned long long)e->train.effective_batch);
	else
		snprintf(lines[(*n)++], 240, "concurrency: %llu sequence%s",
		         (unsigned long long)e->concurrency, e->concurrency == 1 ? "" : "s");
	snprintf(lines[(*n)++], 240, "GPUs: %llu (dp %llu x tp %llu x pp %llu)", (unsigned long long)e->gpus,
	         (unsigned long long)e->dp, (unsigned long long)e->tp, (unsigned long long)e->pp);
	snprintf(lines[(*n)++], 240, "quality: %.200s",
	         gs_wl_set(w, GS_F_QUALITY) ? gs_wl_str(w, GS_F_QUALITY) : "not given");
}

/* --- Markdown ------------------------------------------------------------------------- */

int gs_render_sheet_markdown(FILE *f, const gs_estimate *e, const gs_shortlist *sl, const gs_measurements *ms)
{
	out o = {f, 0, 0};
	char lines[24][240], a[48], b[48];
	size_t n = 0;
	put(&o, "# Sizing sheet\n\n## Workload\n\n");
	workload_lines(e, lines, &n);
	for (size_t i = 0; i < n; i++)
		put(&o, "- %s\n", lines[i]);
	put(&o, "\n## Estimate (computed, not measured)\n\n");
	put(&o, "- weights only: %s; indicative envelope: %s (weights only + reserve)\n",
	    gib(e->weights_only, a, sizeof a), gib(e->envelope, b, sizeof b));
	put(&o, "- peak per GPU: %s in phase %s%s\n", gib(gs_estimate_peak(e), a, sizeof a),
	    e->phases[e->peak_phase].id,
	    e->phases[e->peak_phase].has_unknown ? " (excluding unknown items)" : "");
	{
		gs_bytes lo, hi;
		char l[64], h[64];
		gs_estimate_interval(e, gs_estimate_peak(e), &lo, &hi);
		put(&o, "- interval (%.0f %% target): %s to %s; %s\n", 100 * GS_COVERAGE_TARGET,
		    gib(lo, l, sizeof l), gib(hi, h, sizeof h), e->interval.why);
	}
	put(&o, "- conservative envelope (sum of maxima, not an observed peak): %s\n\n",
	    gib(e->conservative, a, sizeof a));
	if (gs_render_estimate_text(f, e, GS_UNIT_GiB, true))
		o.bad = 1;
	put(&o, "\n## Measurements\n\n");
	if (gs_render_measurements_markdown(f, ms))
		o.bad = 1;
	put(&o, "\n## Commercial decision\n\n");
	if (sl && gs_render_shortlist_text(f, sl, e, true))
		o.bad = 1;
	put(&o, "\n## What would invalidate this\n\n");
	n = invalidators(e, lines, 24);
	for (size_t i = 0; i < n; i++)
		put(&o, "- %s\n", lines[i]);
	return o.bad ? -1 : 0;
}

/* --- JSON ------------------------------------------------------------------------------ */

json_t *gs_sheet_to_json(const gs_estimate *e, const gs_shortlist *sl, const gs_measurements *ms)
{
	char lines[24][240];
	size_t n = 0;
	json_t *wl = json_array(), *inv = json_array();
	workload_lines(e, lines, &n);
	for (size_t i = 0; i < n; i++)
		json_array_append_new(wl, json_string(lines[i]));
	n = invalidators(e, lines, 24);
	for (size_t i = 0; i < n; i++)
		json_array_append_new(inv, json_string(lines[i]));
	return json_pack("{s:s, s:o, s:o, s:o, s:o, s:o}", "schema", "gpusizer/sheet/v1", "workload", wl,
	                 "estimate", gs_estimate_to_json(e), "measurements", gs_measurements_to_json(ms),
	                 "commercial", sl ? gs_shortlist_to_json(sl, e) : json_null(), "would_invalidate",
	                 inv);
}

/* --- HTML ------------------------------------------------------------------------------ */

static void esc(out *o, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '<': put(o, "&lt;"); break;
		case '>': put(o, "&gt;"); break;
		case '&': put(o, "&amp;"); break;
		case '"': put(o, "&quot;"); break;
		default: put(o, "%c", *s); break;
		}
	}
}

/* Stacked bars of the known items per phase, scaled to the largest peak. */
static void svg_chart(out *o, const gs_estimate *e)
{
	static const char *const colours[] = {"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f",
	                                      "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac",
	                                      "#86bcb6", "#d37295", "#8cd17d", "#b6992d", "#499894",
	                                      "#79706e", "#d4a6c8", "#fabfd2"};
	gs_bytes top = gs_estimate_peak(e);
	if (!top)
		top = 1;
	int bw = 70, gap = 30, h = 260, left = 10;
	int width = left + (int)e->n_phases * (bw + gap) + 240;
	put(o,
	    "<svg role=\"img\" aria-label=\"memory per phase\" xmlns=\"http://www.w3.org/2000/svg\" "
	    "width=\"%d\" "
	    "height=\"%d\" font-size=\"11\">\n",
	    width, h + 40);
	for (size_t p = 0; p < e->n_phases; p++) {
		int x = left + (int)p * (bw + gap);
		double y = h;
		for (size_t i = 0; i < e->n_items; i++) {
			const gs_item *it = &e->items[i];
			if (it->basis == GS_BASIS_UNKNOWN || !(it->live & (1u << p)) || !it->bytes[p])
				continue;
			double hh = (double)it->bytes[p] / (double)top * (h - 20);
			y -= hh;
			char g[40];
			put(o,
			    "<rect x=\"%d\" y=\"%.1f\" width=\"%d\" height=\"%.1f\" fill=\"%s\"><title>%s: "
			    "%s</title></rect>\n",
			    x, y, bw, hh, colours[i % 18], it->id, gib(it->bytes[p], g, sizeof g));
		}
		char g[40];
		put(o, "<text x=\"%d\" y=\"%d\">%s</text><text x=\"%d\" y=\"%.1f\">%s</text>\n", x, h + 14,
		    e->phases[p].id, x, y - 4, gib(e->phases[p].peak, g, sizeof g));
	}
	int lx = left + (int)e->n_phases * (bw + gap) + 10, ly = 10;
	for (size_t i = 0; i < e->n_items; i++) {
		if (e->items[i].basis == GS_BASIS_UNKNOWN)
			continue;
		put(o,
		    "<rect x=\"%d\" y=\"%d\" width=\"10\" height=\"10\" fill=\"%s\"/><text x=\"%d\" "
		    "y=\"%d\">%s</text>\n",
		    lx, ly, colours[i % 18], lx + 14, ly + 9, e->items[i].id);
		ly += 14;
	}
	put(o, "</svg>\n");
}

/* The items x phases table, each item's formula as its tooltip. */
static void html_items(out *o, const gs_estimate *e)
{
	char a[48];
	put(o, "<table><tr><th>item</th><th>basis</th>");
	for (size_t p = 0; p < e->n_phases; p++)
		put(o, "<th>%s [GiB]</th>", e->phases[p].id);
	put(o, "</tr>\n");
	for (size_t i = 0; i < e->n_items; i++) {
		const gs_item *it = &e->items[i];
		put(o, "<tr><td title=\"");
		esc(o, it->formula);
		put(o, "\">%s</td><td>%s</td>", it->id, gs_basis_name(it->basis));
		for (size_t p = 0; p < e->n_phases; p++) {
			if (!(it->live & (1u << p)))
				put(o, "<td>-</td>");
			else if (it->basis == GS_BASIS_UNKNOWN)
				put(o, "<td>unknown</td>");
			else
				put(o, "<td>%s</td>", gib(it->bytes[p], a, sizeof a));
		}
		put(o, "</tr>\n");
	}
	/* the phase peaks in both units, as the Markdown sheet's table ends */
	static const struct {
		gs_unit unit;
		const char *name;
	} units[] = {{GS_UNIT_GiB, "GiB"}, {GS_UNIT_GB, "GB"}};
	for (size_t u = 0; u < 2; u++) {
		put(o, "<tr class=\"phase-peak\"><th>phase peak [%s]</th><td></td>", units[u].name);
		for (size_t p = 0; p < e->n_phases; p++)
			put(o, "<th>%s</th>", gs_format_bytes(e->phases[p].peak, units[u].unit, a, sizeof a));
		put(o, "</tr>\n");
	}
	put(o, "</table>\n");
}

/* Every item's formula with its source, as the Markdown sheet lists them. */
static void html_formulas(out *o, const gs_estimate *e)
{
	put(o, "<h3>Formulas and sources</h3>\n<ul id=\"formulas\">\n");
	for (size_t i = 0; i < e->n_items; i++) {
		put(o, "<li><b>%s</b>: ", e->items[i].id);
		esc(o, e->items[i].formula);
		put(o, " [");
		esc(o, e->items[i].source);
		put(o, "]</li>\n");
	}
	put(o, "</ul>\n");
}

/* The offers with their verdicts, each requirement with its condition and
 * evidence (an excluded offer: only what excludes it). */
static void html_offers(out *o, const gs_shortlist *sl)
{
	char c[160], m[320];
	put(o, "<table><tr><th>offer</th><th>GPU</th><th>verdict</th><th>cost</th><th>margin per GPU</th>"
	    "<th style=\"text-align:left\">requirements: verdict, condition, evidence</th></tr>\n");
	for (size_t i = 0; i < sl->n; i++) {
		const gs_offer_result *r = &sl->r[i];
		cost_text(r, c, sizeof c);
		margin_text(r, m, sizeof m);
		put(o, "<tr><td>");
		esc(o, r->offer->id);
		put(o, "</td><td>");
		esc(o, r->offer->gpu);
		put(o, " x%llu</td><td class=\"v-%s\">%s</td><td>", (unsigned long long)r->offer->count,
		    r->verdict == GS_TO_CONFIRM ? "to-confirm" : gs_verdict_name(r->verdict),
		    gs_verdict_name(r->verdict));
		esc(o, c);
		put(o, "</td><td>");
		esc(o, m);
		put(o, "</td><td style=\"text-align:left\"><ul>");
		for (size_t k = 0; k < r->n_reqs; k++) {
			const gs_req_result *q = &r->reqs[k];
			/* excluded offers: only what excludes them; others: every requirement */
			if (r->verdict == GS_EXCLUDE && q->verdict != GS_EXCLUDE)
				continue;
			put(o, "<li><span class=\"v-%s\">%s</span> %s%s: ",
			    q->verdict == GS_TO_CONFIRM ? "to-confirm" : gs_verdict_name(q->verdict),
			    gs_verdict_name(q->verdict), gs_req_name(q->req),
			    q->mandatory ? "" : " (preference)");
			esc(o, q->detail);
			if (q->evidence[0]) {
				put(o, " <i>evidence: ");
				esc(o, q->evidence);
				put(o, "</i>");
			}
			put(o, "</li>");
		}
		put(o, "</ul></td></tr>\n");
	}
	put(o, "</table>\n<p>Prices compare packages for the campaign; they rank no speed.</p>\n");
}

/* The Measurements section: each run with its file, hash, verdict,
 * versions and phases per counter; a failed run; the need per GPU. */
static void html_measurements(out *o, const gs_measurements *ms)
{
	char a[48], b[48], c[4][48];
	if (!ms || (!ms->n_runs && !ms->has_oom)) {
		put(o, "<p>None given: every figure above is an estimate.</p>\n");
		return;
	}
	for (size_t i = 0; i < ms->n_runs; i++) {
		const gs_measured_run *m = &ms->runs[i];
		put(o, "<h3>Run ");
		esc(o, m->file);
		put(o,
		    "</h3>\n<ul><li>SHA-256 <code>%s</code></li><li class=\"%s\">%s the sheet: ", m->sha256,
		    m->validates ? "v-admissible" : "v-exclude",
		    m->validates ? "validates" : "does NOT validate");
		esc(o, m->why);
		put(o, "</li><li>versions: ");
		esc(o, m->versions);
		put(o, "</li>");
		for (unsigned g = 0; g < m->ngpus && g < GS_MAX_PROBED; g++) {
			put(o, "<li>GPU %u: ", g);
			esc(o, m->gpu_name[g][0] ? m->gpu_name[g] : "not named (no NVML)");
			put(o, "</li>");
		}
		put(o, "</ul>\n<table><tr><th>phase</th><th>GPU</th><th>tokens</th><th>sequences</th><th>"
		       "allocated</th><th>reserved</th><th>device used</th><th>process used</th><th>"
		       "estimate</th><th>measured at the sheet's dimensions</th></tr>\n");
		for (size_t k = 0; k < m->n; k++) {
			const gs_measured_phase *x = &m->ph[k];
			for (int j = 0; j < 4; j++)
				snprintf(c[j], sizeof c[j], "-");
			if (x->c.has_torch) {
				gib(x->c.allocated, c[0], sizeof c[0]);
				gib(x->c.reserved, c[1], sizeof c[1]);
			}
			if (x->c.has_device) {
				gib(x->c.device_used, c[2], sizeof c[2]);
				gib(x->c.process_used, c[3], sizeof c[3]);
			}
			put(o, "<tr><td>");
			esc(o, x->phase);
			put(o,
			    "%s</td><td>%u</td><td>%llu</td><td>%llu</td><td>%s</td><td>%s</td><td>%s</td>"
			    "<td>%s</td><td>%s</td><td>%s</td></tr>\n",
			    x->ended ? "" : " (cut)", x->gpu, (unsigned long long)x->tokens,
			    (unsigned long long)x->sequences, c[0], c[1], c[2], c[3],
			    x->in_estimate ? gib(x->estimated, a, sizeof a) : "no such phase",
			    x->at_sheet && m->validates && x->ended ? "yes" : "no");
		}
		put(o, "</table>\n<p>Counters are four different quantities, never added together.</p>\n");
	}
	if (ms->has_oom) {
		put(o, "<h3>Failed run ");
		esc(o, ms->oom.file);
		put(o, "</h3>\n<ul><li>SHA-256 <code>%s</code></li><li>line %u: ", ms->oom.sha256,
		    ms->oom.oom.line);
		esc(o, ms->oom.oom.message);
		put(o, "</li><li>lower bound on the need: %s (", gib(ms->oom.bound, a, sizeof a));
		esc(o, ms->oom.how);
		put(o, ")</li></ul>\n");
	}
	put(o,
	    "<p>Need per GPU for the shortlist: <b id=\"need\">%s</b> (basis: <span "
	    "id=\"need-basis\">%s</span>)",
	    gib(ms->need, a, sizeof a), ms->need_basis);
	if (!strcmp(ms->need_basis, "measured")) {
		put(o, ": measured %s (%s, phase ", gib(ms->measured_peak, a, sizeof a), ms->peak_counter);
		esc(o, ms->peak_phase);
		put(o, ") + justified margin %s:</p><ul>\n", gib(ms->margin, b, sizeof b));
		for (size_t i = 0; i < ms->n_reasons; i++) {
			put(o, "<li>");
			esc(o, ms->reasons[i]);
			put(o, "</li>\n");
		}
		put(o, "</ul>\n");
	} else {
		put(o, ".</p>\n");
	}
	if (ms->floor) {
		put(o, "<p>Floor: no offer below %s per GPU is retained: ", gib(ms->floor, a, sizeof a));
		esc(o, ms->floor_why);
		put(o, ".</p>\n");
	}
}

int gs_render_sheet_html(FILE *f, const gs_estimate *e, const gs_shortlist *sl, const gs_measurements *ms)
{
	out o = {f, 0, 0};
	char lines[24][240], a[48], b[48];
	size_t n = 0;
	put(&o, "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<meta name=\"viewport\" "
	        "content=\"width=device-width, initial-scale=1\">\n<title>Sizing sheet</title>\n<style>"
	        "body{font:14px/1.4 system-ui,sans-serif;max-width:1000px;margin:1em auto;padding:0 1em;"
	        "color:#222}table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;"
	        "padding:2px 6px;text-align:right}td:first-child,th:first-child{text-align:left}"
	        "section{border-left:4px solid #888;padding-left:.8em;margin:1em 0}"
	        "section.estimate{border-color:#4e79a7}section.measured{border-color:#59a14f}"
	        "section.commercial{border-color:#f28e2b}.v-admissible{color:#1a7f37}"
	        ".v-to-confirm{color:#9a6700}.v-exclude{color:#cf222e}</style></head><body>\n");
	put(&o, "<h1>Sizing sheet</h1>\n<ul>\n");
	workload_lines(e, lines, &n);
	for (size_t i = 0; i < n; i++) {
		put(&o, "<li>");
		esc(&o, lines[i]);
		put(&o, "</li>\n");
	}
	put(&o, "</ul>\n<section class=\"estimate\"><h2>Estimate (computed, not measured)</h2>\n");
	put(&o,
	    "<p>Weights only: <b id=\"weights-only\">%s</b>; indicative envelope (weights only + reserve): "
	    "<b id=\"envelope\">%s</b>.</p>\n",
	    gib(e->weights_only, a, sizeof a), gib(e->envelope, b, sizeof b));
	{
		gs_bytes lo, hi;
		char l[64], h[64];
		gs_estimate_interval(e, gs_estimate_peak(e), &lo, &hi);
		put(&o, "<p>Interval (%.0f %% target): %s to %s; ", 100 * GS_COVERAGE_TARGET,
		    gib(lo, l, sizeof l), gib(hi, h, sizeof h));
		esc(&o, e->interval.why);
		put(&o, ".</p>\n");
	}
	put(&o,
	    "<p>Peak per GPU: <b id=\"peak\">%s</b> in phase %s%s. Conservative envelope (sum of maxima, not "
	    "an observed peak): %s.</p>\n",
	    gib(gs_estimate_peak(e), a, sizeof a), e->phases[e->peak_phase].id,
	    e->phases[e->peak_phase].has_unknown ? " (excluding unknown items)" : "",
	    gib(e->conservative, b, sizeof b));
	if (e->has_capacity) {
		const gs_capacity_verdict *v = &e->verdict;
		put(&o, "<p id=\"verdict\">Capacity check (rule %s): <b>%s%s</b>: ", gs_rule_name(v->rule),
		    v->fits ? "fits" : "DOES NOT FIT",
		    v->fits && v->as_far_as_known ? " as far as known" : "");
		esc(&o, v->why);
		put(&o, ".</p>\n");
	}
	svg_chart(&o, e);
	html_items(&o, e);
	html_formulas(&o, e);
	if (e->n_unknowns) {
		put(&o, "<p>Unknowns (not in any figure):</p><ul>\n");
		for (size_t i = 0; i < e->n_unknowns; i++) {
			put(&o, "<li>");
			esc(&o, e->unknowns[i]);
			put(&o, "</li>\n");
		}
		put(&o, "</ul>\n");
	}
	put(&o, "</section>\n<section class=\"measured\"><h2>Measurements</h2>\n");
	html_measurements(&o, ms);
	put(&o, "</section>\n<section class=\"commercial\"><h2>Commercial decision</h2>\n");
	if (sl)
		html_offers(&o, sl);
	put(&o, "</section>\n<h2>What would invalidate this</h2><ul>\n");
	n = invalidators(e, lines, 24);
	for (size_t i = 0; i < n; i++) {
		put(&o, "<li>");
		esc(&o, lines[i]);
		put(&o, "</li>\n");
	}
	put(&o, "</ul>\n</body></html>\n");
	return o.bad ? -1 : 0;
}
