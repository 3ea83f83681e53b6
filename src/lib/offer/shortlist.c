/*
 * shortlist.c — requirements, verdicts and ranking (gpusizer/catalog.h).
 *
 * Each mandatory requirement is admissible (evidence confirms it within its
 * scope, or the arithmetic does), to confirm (nothing establishes it yet: the
 * exact condition is written down) or exclude (an established failure). An
 * offer is retained only when every mandatory requirement is admissible; the
 * retained ones are ranked by the total cost of the package for the
 * campaign, then the useful margin. Prices never rank speed.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gpusizer/catalog.h"
#include "gpusizer/interval.h"
#include "engine/engine.h"
#include "gpusizer/devices.h"
#include "core/fmt.h"

/* The first record for (offer, requirement) with this outcome; `kind` and
 * `with_bytes` narrow it when given. */
static const gs_evidence *find_kind(const gs_evidence_set *ev, const gs_offer *o, gs_req r, bool confirms,
                                    const char *kind, bool with_bytes)
{
	for (size_t i = 0; ev && i < ev->n; i++) {
		const gs_evidence *e = &ev->e[i];
		if (e->requirement == r && e->confirms == confirms &&
		    (!strcmp(e->offer, o->id) || !strcmp(e->offer, "any")) &&
		    (!kind || !strcmp(e->kind, kind)) && (!with_bytes || e->bytes))
			return e;
	}
	return NULL;
}

static const gs_evidence *find_evidence(const gs_evidence_set *ev, const gs_offer *o, gs_req r, bool confirms)
{
	return find_kind(ev, o, r, confirms, NULL, false);
}

/* A user condition's evidence: requirement user with the same condition text. */
static const gs_evidence *find_user(const gs_evidence_set *ev, const gs_offer *o, const char *cond,
                                    bool confirms)
{
	for (size_t i = 0; ev && i < ev->n; i++) {
		const gs_evidence *e = &ev->e[i];
		if (e->requirement == GS_REQ_USER && e->confirms == confirms && !strcmp(e->condition, cond) &&
		    (!strcmp(e->offer, o->id) || !strcmp(e->offer, "any")))
			return e;
	}
	return NULL;
}

/* The evidence file's own words (kind, version, scope): a cut ends "..." */
static void cite(gs_req_result *q, const gs_evidence *e)
{
	gsi_fmt(q->evidence, sizeof q->evidence, "%s %s, %s (%s)%s%s", e->kind,
	        e->confirms ? "confirms" : "fails", e->version, e->scope, e->date[0] ? " " : "", e->date);
}

static gs_req_result *add(gs_offer_result *r, gs_req req, gs_verdict v)
{
	gs_req_result *q = &r->reqs[r->n_reqs++];
	memset(q, 0, sizeof *q);
	q->req = req;
	q->mandatory = true;
	q->verdict = v;
	return q;
}

/* A failed record excludes; a confirming one admits; otherwise `open`
 * stands as the condition to confirm. */
static void judge_by_evidence(gs_offer_result *r, const gs_evidence_set *ev, gs_req req, const char *open)
{
	const gs_evidence *bad = find_evidence(ev, r->offer, req, false),
			  *good = find_evidence(ev, r->offer, req, true);
	gs_req_result *q = add(r, req, bad ? GS_EXCLUDE : good ? GS_ADMISSIBLE : GS_TO_CONFIRM);
	if (bad || good)
		cite(q, bad ? bad : good);
	snprintf(q->detail, sizeof q->detail, "%s",
	         bad    ? "an established failure"
	         : good ? "confirmed"
	                : open);
}


/* margin as "2.82 GiB (12.6 %)" or "short by 1.10 GiB" */
static void margin_text(gs_bytes usable, gs_bytes need, gs_unit u, char *buf, size_t cap)
{
	char g[40];
	if (need <= usable) {
		gs_format_bytes(usable - need, u, g, sizeof g);
		uint64_t permille = usable ? (usable - need) * 1000 / usable : 0;
		snprintf(buf, cap, "margin %s (%llu.%llu %%)", g, (unsigned long long)(permille / 10),
		         (unsigned long long)(permille % 10));
	} else {
		gs_format_bytes(need - usable, u, g, sizeof g);
		snprintf(buf, cap, "short by %s", g);
	}
}

/* The sheet's estimate on this offer's device: the workload with the
 * offer's GPU (its table total and CUDA total), or the capacity the offer's
 * evidence or seller states on that same device, judged by the one verdict
 * (gpusizer/verdict.h). A run that validates the sheet, or a failed run,
 * keeps its need. *out is scratch owned by the caller. */
static gs_status offer_estimate(const gs_estimate *e, const gs_offer *o, gs_bytes usable, bool from_table,
                                gs_estimate *out, gs_error *err)
{
	gs_workload w = e->workload;
	gs_workload_unset(&w, GS_F_GPU);
	gs_workload_unset(&w, GS_F_CAPACITY);
	gs_workload_unset(&w, GS_F_CUDA_TOTAL); /* the user's own device's, not the offer's */
	gs_status s;
	if (from_table) {
		s = gs_workload_set(&w, GS_F_GPU, o->device->name, strlen(o->device->name), GS_FROM_FLAG,
		                    o->id, err);
	} else {
		char t[32];
		int n = snprintf(t, sizeof t, "%llu B", (unsigned long long)usable);
		s = gs_workload_set(&w, GS_F_CAPACITY, t, (size_t)n, GS_FROM_FLAG, o->id, err);
		w.device = o->device; /* the device's own rules, with the stated capacity */
	}
	if (!s)
		s = gs_estimate_run(&w, &e->model, out, err);
	if (s)
		return s;
	if (e->need_basis[0] && strcmp(e->need_basis, "estimate")) {
		snprintf(out->need_basis, sizeof out->need_basis, "%s", e->need_basis);
		out->need = e->need;
		snprintf(out->need_why, sizeof out->need_why, "%s", e->need_why);
		gs_verdict_decide(out);
	}
	return GS_OK;
}

static void memory(gs_offer_result *r, const gs_estimate *e, const gs_evidence_set *ev, gs_unit u,
                   gs_estimate *oe)
{
	const gs_offer *o = r->offer;
	const gs_device *d = o->device;
	/* a probe tells the capacity; only a measured run of this workload
	 * confirms that what the estimate does not know fits too */
	const gs_evidence *bad = find_evidence(ev, o, GS_REQ_MEMORY, false);
	const gs_evidence *cap = find_kind(ev, o, GS_REQ_MEMORY, true, NULL, true);
	const gs_evidence *run = find_kind(ev, o, GS_REQ_MEMORY, true, "measurement", false);
	const gs_evidence *good = run ? run : cap;
	gs_bytes nominal = o->nominal_gb * GS_GB;
	char a[64], b[96], c[96], dd[64], how[256];
	bool measured = !strcmp(e->need_basis, "measured");
	bool from_table = false;
	if (cap) {
		r->usable = cap->bytes;
		snprintf(r->usable_how, sizeof r->usable_how, "reported by the device (%s evidence)",
		         cap->kind);
	} else if (o->reported) {
		r->usable = o->reported;
		snprintf(r->usable_how, sizeof r->usable_how, "device-reported per the offer");
	} else if (d && d->unified) {
		/* shared with the CPU: at most CUDA's total, the OS's memory; the
		 * GPU's share of it is not stated, so nothing fits outright */
		r->usable = d->cuda_bytes ? d->cuda_bytes : nominal;
		snprintf(r->usable_how, sizeof r->usable_how,
		         "unified memory: CUDA's total, shared with the CPU in a split not stated");
	} else if (d && d->reported_bytes) {
		r->usable = d->reported_bytes;
		from_table = true;
		snprintf(r->usable_how, sizeof r->usable_how, "device-reported (%s, device table)",
		         d->reported_how);
	} else {
		r->usable = nominal;
		snprintf(r->usable_how, sizeof r->usable_how, "nominal %llu GB (no device-reported figure)",
		         (unsigned long long)o->nominal_gb);
	}
	snprintf(how, sizeof how, "%s", r->usable_how);
	gs_error err;
	gs_error_clear(&err);
	if (offer_estimate(e, o, r->usable, from_table, oe, &err)) {
		/* the workload cannot be sized on this device (an engine's rule
		 * refuses it): nothing establishes that it fits */
		gs_req_result *q = add(r, GS_REQ_MEMORY, bad ? GS_EXCLUDE : GS_TO_CONFIRM);
		r->need = gs_estimate_peak(e);
		r->margin = (int64_t)r->usable - (int64_t)r->need;
		gsi_fmt(q->detail, sizeof q->detail, "not sized on %s: %s", o->gpu, err.msg);
		if (bad)
			cite(q, bad);
		return;
	}
	const gs_capacity_verdict *v = &oe->verdict;
	r->need = v->load;
	r->rule = v->rule;
	r->margin = v->fits ? (int64_t)v->margin : -(int64_t)v->shortfall;
	bool unknown = oe->phases[oe->peak_phase].has_unknown && !measured;
	bool below_floor = e->floor && r->usable < e->floor;
	/* the verdict module's class (gpusizer/verdict.h) is the requirement's:
	 * fits admits, to confirm keeps its condition, does not fit excludes;
	 * a measured run of this workload on the device confirms */
	gs_verdict verdict = bad || below_floor                     ? GS_EXCLUDE
	                   : v->klass == GS_CLASS_DOES_NOT_FIT        ? GS_EXCLUDE
	                   : run && v->fits                           ? GS_ADMISSIBLE
	                   : v->klass == GS_CLASS_TO_CONFIRM || unknown ? GS_TO_CONFIRM
	                   : d && d->unified && !cap && !o->reported  ? GS_TO_CONFIRM
	                                                               : GS_ADMISSIBLE;
	gs_req_result *q = add(r, GS_REQ_MEMORY, verdict);
	gs_format_bytes(v->load, u, a, sizeof a);
	margin_text(nominal, v->load, u, b, sizeof b);
	gs_format_bytes(r->usable, u, dd, sizeof dd);
	/* the unknown items' ids, as many as fit (snprintf's count summed
	 * here once ran past the array: gsi_fmt_add stops at its end) */
	char unk[200] = "";
	if (unknown && !bad && !run)
		for (size_t i = 0; i < oe->n_items; i++)
			if (oe->items[i].basis == GS_BASIS_UNKNOWN)
				gsi_fmt_add(unk, sizeof unk, "%s%s", unk[0] ? ", " : "", oe->items[i].id);
	char basis[400];
	if (e->need_basis[0] && strcmp(e->need_basis, "estimate"))
		snprintf(basis, sizeof basis, "%s: %s", e->need_basis, e->need_why);
	else
		snprintf(basis, sizeof basis, "%s", oe->phases[oe->peak_phase].id);
	/* below a measured floor the unknown items no longer matter: say why instead */
	if (below_floor) {
		char g[48];
		gs_format_bytes(e->floor, u, g, sizeof g);
		snprintf(unk, sizeof unk, "%.40s (%.150s)", g, e->floor_why);
	}
	/* the rule's own words: a pool engine's blocks or tokens apart from
	 * the device, whose nominal figure says nothing about the pool; a
	 * detail too long for its array ends "..." (core/fmt.h) */
	if (v->rule == GS_RULE_VLLM_POOL || v->rule == GS_RULE_SGLANG_POOL) {
		gs_format_bytes(v->device_margin, u, c, sizeof c);
		gsi_fmt(q->detail, sizeof q->detail,
		        "%s on this GPU: %s; device: peak %s per GPU (%.40s) of usable %s, %s: %s %s",
		        oe->engine ? oe->engine->label : "", v->why, a, basis, dd, how, c,
		        v->device_fits ? "outside the engine's budget" : "over the device");
	} else {
		margin_text(r->usable, v->load, u, c, sizeof c);
		gsi_fmt(q->detail, sizeof q->detail,
		        "%s %s per GPU (%.200s); nominal %llu GB: %s; usable %s, %s: %s",
		        measured ? "need" : "peak", a, basis, (unsigned long long)o->nominal_gb, b, dd, how,
		        c);
		if (gs_rule_by_layers(v->rule) && !v->fits)
			gsi_fmt_add(q->detail, sizeof q->detail, " (%s)", v->why);
	}
	gsi_fmt_add(q->detail, sizeof q->detail, "%s%s%s", below_floor ? "; below a measured peak of "
	            : unk[0] ? "; to confirm: the items not yet known (" : "", unk,
	            below_floor ? "" : unk[0] ? ") must fit in that margin" : "");
	/* an exclusion says what it rests on: the estimate (its low end) or a
	 * measured failure; to confirm, what decides */
	if (verdict == GS_EXCLUDE && !bad && !below_floor && !measured && !gs_rule_by_layers(v->rule)) {
		gs_bytes lo, hi;
		gs_estimate_interval(oe, v->load, &lo, &hi);
		char l[48];
		gs_format_bytes(lo, u, l, sizeof l);
		gsi_fmt_add(q->detail, sizeof q->detail,
		            "; by the estimate: even its interval's low end, %s, %s", l,
		            v->rule == GS_RULE_PEAK ? "exceeds the usable memory" : "leaves the pool short");
	} else if (verdict == GS_EXCLUDE && bad) {
		gsi_fmt_add(q->detail, sizeof q->detail, "; a measured failure");
	} else if (verdict == GS_TO_CONFIRM && v->condition[0] && !unk[0]) {
		/* the pool's condition is in tokens; a peak's is said here in the
		 * shortlist's own unit */
		if (v->rule == GS_RULE_PEAK || gs_rule_by_layers(v->rule)) {
			gs_bytes lo, hi;
			gs_estimate_interval(oe, v->load, &lo, &hi);
			char l[48], h[48];
			gs_format_bytes(lo, u, l, sizeof l);
			gs_format_bytes(hi, u, h, sizeof h);
			gsi_fmt_add(q->detail, sizeof q->detail,
			            "; to confirm: measure phase %s: it fits if its peak is at "
			            "most %s (the estimate's interval is %s to %s)",
			            oe->phases[oe->peak_phase].id, dd, l, h);
		} else {
			gsi_fmt_add(q->detail, sizeof q->detail, "; to confirm: %s", v->condition);
		}
	}
	if (bad || good)
		cite(q, bad ? bad : good);
}

static bool cc_at_least(const char *cc, unsigned major, unsigned minor)
{
	unsigned a = 0, b = 0;
	if (sscanf(cc, "%u.%u", &a, &b) != 2)
		return false;
	return a > major || (a == major && b >= minor);
}

static void compute(gs_offer_result *r, const gs_estimate *e, const gs_evidence_set *ev)
{
	const gs_device *d = r->offer->device;
	const char *cc = d ? d->compute_capability : "?";
	bool fp8 = e->format.family == GS_FAM_FP8 || e->kv_format.family == GS_FAM_FP8;
	bool bf16 = !fp8 && e->format.family != GS_FAM_RAW_BITS && e->format.family != GS_FAM_GGUF &&
	            strcmp(e->format.name, "fp16") != 0 && strcmp(e->format.name, "fp32") != 0;
	unsigned maj = fp8 ? 8 : bf16 ? 8 : 0, min = fp8 ? 9 : 0;
	const gs_evidence *bad = find_evidence(ev, r->offer, GS_REQ_COMPUTE, false);
	gs_verdict v;
	char why[200];
	if (bad) {
		v = GS_EXCLUDE;
		snprintf(why, sizeof why, "an established failure");
	} else if (!maj) {
		v = GS_ADMISSIBLE;
		snprintf(why, sizeof why, "%s needs no minimum compute capability", e->format.name);
	} else if (!strchr(cc, '.') || strncmp(cc, "gfx", 3) == 0) {
		v = find_evidence(ev, r->offer, GS_REQ_COMPUTE, true) ? GS_ADMISSIBLE : GS_TO_CONFIRM;
		snprintf(why, sizeof why, "%s support on %s (%s): confirm with the offered software",
		         fp8 ? "FP8" : "bf16", r->offer->gpu, cc);
	} else {
		v = cc_at_least(cc, maj, min) ? GS_ADMISSIBLE : GS_EXCLUDE;
		snprintf(why, sizeof why, "%s needs compute capability >= %u.%u; %s has %s",
		         fp8 ? "FP8" : "bf16", maj, min, r->offer->gpu, cc);
	}
	gs_req_result *q = add(r, GS_REQ_COMPUTE, v);
	snprintf(q->detail, sizeof q->detail, "%s", why);
	if (bad)
		cite(q, bad);
}

/* Your own conditions from the sheet, ';'-separated: mandatory ones decide
 * like the others, preferences only count toward the ranking. */
static void user_conditions(gs_offer_result *r, const gs_evidence_set *ev, const char *list, bool mandatory)
{
	for (const char *p = list; p && *p;) {
		const char *end = strchr(p, ';');
		size_t n = end ? (size_t)(end - p) : strlen(p);
		while (n && (*p == ' ')) {
			p++;
			n--;
		}
		while (n && p[n - 1] == ' ')
			n--;
		if (n && r->n_reqs < sizeof r->reqs / sizeof r->reqs[0]) {
			char cond[256]; /* a workload value is at most 255 bytes: never cut */
			snprintf(cond, sizeof cond, "%.*s", (int)n, p);
			const gs_evidence *bad = find_user(ev, r->offer, cond, false),
					  *good = find_user(ev, r->offer, cond, true);
			gs_req_result *q = add(r, GS_REQ_USER,
			                       bad    ? GS_EXCLUDE
			                       : good ? GS_ADMISSIBLE
			                              : GS_TO_CONFIRM);
			q->mandatory = mandatory;
			snprintf(q->condition, sizeof q->condition, "%s", cond);
			snprintf(q->detail, sizeof q->detail, "%s \"%s\": %s",
			         mandatory ? "required" : "preferred", cond,
			         bad    ? "an established failure"
			         : good ? "confirmed"
			                : "to confirm with the seller or a test");
			if (bad || good)
				cite(q, bad ? bad : good);
			if (!mandatory && good)
				r->preferences_met++;
		}
		p = end ? end + 1 : p + strlen(p);
	}
}

static int rank(const void *pa, const void *pb)
{
	const gs_offer_result *a = pa, *b = pb;
	if (a->verdict != b->verdict)
		return (int)a->verdict - (int)b->verdict;
	if (a->has_cost != b->has_cost)
		return a->has_cost ? -1 : 1;
	if (a->has_cost) {
		__extension__ unsigned __int128 x = (unsigned __int128)a->cost.num * b->cost.den;
		__extension__ unsigned __int128 y = (unsigned __int128)b->cost.num * a->cost.den;
		if (x != y)
			return x < y ? -1 : 1;
	}
	if (a->margin != b->margin)
		return a->margin > b->margin ? -1 : 1;
	/* documented planning, then preferences met: they only break ties */
	bool pa_doc = a->offer->availability[0] != 0, pb_doc = b->offer->availability[0] != 0;
	if (pa_doc != pb_doc)
		return pa_doc ? -1 : 1;
	return (int)b->preferences_met - (int)a->preferences_met;
}

gs_status gs_shortlist_run(const gs_estimate *e, const gs_catalog *cat, const gs_evidence_set *ev,
                           gs_shortlist *out, gs_error *err)
{
	return gs_shortlist_run_units(e, cat, ev, GS_UNIT_GiB, out, err);
}

gs_status gs_shortlist_run_units(const gs_estimate *e, const gs_catalog *cat, const gs_evidence_set *ev,
                                 gs_unit unit, gs_shortlist *out, gs_error *err)
{
	assert(e && cat && ev && out);
	memset(out, 0, sizeof *out);
	gs_estimate *oe = malloc(sizeof *oe); /* each offer's estimate, in turn */
	if (!oe)
		return gs_error_set(err, GS_ENOMEM, NULL, "out of memory");
	const gs_workload *w = &e->workload;
	out->campaign_hours = gs_wl_set(w, GS_F_CAMPAIGN) ? gs_wl_u64(w, GS_F_CAMPAIGN) : 0;
	out->devices = cat->builtin;
	bool training = gs_wl_training(w);
	char cond[480]; /* wide enough for every field it quotes: nothing is cut */
	for (size_t i = 0; i < cat->n; i++) {
		if (gs_deadline_passed()) { /* a server's request whose time is up: no more offers */
			free(oe);
			return gs_error_set(err, GS_ETIME, NULL,
			                    "stopped after %zu offers: the time limit for this request "
			                    "passed",
			                    i);
		}
		gs_offer_result *r = &out->r[out->n++];
		const gs_offer *o = &cat->offers[i];
		r->offer = o;
		memory(r, e, ev, unit, oe);
		gs_req_result *q = add(r, GS_REQ_GPUS, o->count >= e->gpus ? GS_ADMISSIBLE : GS_EXCLUDE);
		snprintf(q->detail, sizeof q->detail, "the placement needs %llu GPU%s; the offer has %llu",
		         (unsigned long long)e->gpus, e->gpus == 1 ? "" : "s", (unsigned long long)o->count);
		if (e->gpus > 1 && (e->tp > 1 || e->pp > 1 || training)) {
			snprintf(cond, sizeof cond,
			         "the link between the %llu GPUs (NVLink or PCIe, bandwidth) for dp %llu x "
			         "tp %llu x pp %llu%s%s",
			         (unsigned long long)e->gpus, (unsigned long long)e->dp,
			         (unsigned long long)e->tp, (unsigned long long)e->pp,
			         o->interconnect[0] ? "; offered: " : "", o->interconnect);
			judge_by_evidence(r, ev, GS_REQ_INTERCONNECT, cond);
		}
		if (e->host_bytes) {
			char need[48];
			gs_format_bytes(e->host_bytes, unit, need, sizeof need);
			gs_verdict v = !o->host_ram                   ? GS_TO_CONFIRM
			               : o->host_ram >= e->host_bytes ? GS_ADMISSIBLE
			                                              : GS_EXCLUDE;
			q = add(r, GS_REQ_HOST_RAM, v);
			snprintf(q->detail, sizeof q->detail, "host memory %s per GPU for %s%s", need,
			         e->host_what, o->host_ram ? "" : ": the offer does not state its RAM");
		}
		compute(r, e, ev);
		snprintf(cond, sizeof cond,
		         "run %.15s (%.15s, %.40s weights) in the offered environment and record driver, "
		         "CUDA and framework versions; offered: %s",
		         gs_runtime_name(e->runtime), gs_wl_str(w, GS_F_TASK), e->format.name,
		         o->software[0] ? o->software : "not stated");
		judge_by_evidence(r, ev, GS_REQ_SOFTWARE, cond);
		if (out->campaign_hours)
			snprintf(cond, sizeof cond,
			         "the GPUs stay available for the whole campaign (%llu h) from its planned "
			         "start; a stated stock is not a duration%s%s",
			         (unsigned long long)out->campaign_hours,
			         o->availability[0] ? "; offer says: " : "", o->availability);
		else
			snprintf(cond, sizeof cond,
			         "the campaign's duration (give campaign: 3d) and the GPUs' availability for "
			         "it%s%s",
			         o->availability[0] ? "; offer says: " : "", o->availability);
		judge_by_evidence(r, ev, GS_REQ_AVAILABILITY, cond);
		if (gs_wl_set(w, GS_F_QUALITY)) {
			snprintf(cond, sizeof cond, "evaluate the quality criterion \"%s\" with this setup",
			         gs_wl_str(w, GS_F_QUALITY));
			judge_by_evidence(r, ev, GS_REQ_QUALITY, cond);
		}
		user_conditions(r, ev, gs_wl_set(w, GS_F_REQUIRE) ? gs_wl_str(w, GS_F_REQUIRE) : NULL, true);
		user_conditions(r, ev, gs_wl_set(w, GS_F_PREFER) ? gs_wl_str(w, GS_F_PREFER) : NULL, false);
		r->verdict = GS_ADMISSIBLE;
		for (size_t k = 0; k < r->n_reqs; k++)
			if (r->reqs[k].mandatory && r->reqs[k].verdict > r->verdict)
				r->verdict = r->reqs[k].verdict;
		if (o->has_price) {
			r->has_cost = true;
			r->periods = out->campaign_hours && o->period_hours
			           ? (out->campaign_hours + o->period_hours - 1) / o->period_hours : 1;
			r->cost.num = o->price.num * r->periods * o->count; /* price per GPU and period */
			r->cost.den = o->price.den;
		}
	}
	free(oe);
	qsort(out->r, out->n, sizeof out->r[0], rank);
	for (size_t i = 0; i < out->n; i++) {
		out->n_retained += out->r[i].verdict == GS_ADMISSIBLE;
		out->n_to_confirm += out->r[i].verdict == GS_TO_CONFIRM;
		out->n_excluded += out->r[i].verdict == GS_EXCLUDE;
	}
	return GS_OK;
}
