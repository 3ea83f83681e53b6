/* test_shortlist.c — catalog and evidence files, verdicts, ranking (issue #5). */
#include <stdlib.h>
#include "helpers.h"
#include "gpusizer/catalog.h"

#define SEED GS_DATA_DIR "/catalogs/seed-offers.yaml"
static gs_estimate *E;
static gs_catalog *C;
static gs_evidence_set *V;
static gs_shortlist *S;

static void seed_estimate(void)
{
	gs_model m;
	run_estimate(E, &m, GS_F_PARAMS, "7e9", GS_F_BITS, "16", GS_F_RESERVE, "6GiB", GS_F_QUALITY,
	             "eval v3", GS_F_CAMPAIGN, "3d", -1);
}

static void bad(const char *yaml, bool catalog, const char *where, const char *needle);

static const gs_offer_result *offer(const char *id)
{
	for (size_t i = 0; i < S->n; i++)
		if (!strcmp(S->r[i].offer->id, id))
			return &S->r[i];
	fail_msg("no offer %s", id);
	return NULL;
}

static const gs_req_result *req(const gs_offer_result *r, gs_req q)
{
	for (size_t k = 0; k < r->n_reqs; k++)
		if (r->reqs[k].req == q)
			return &r->reqs[k];
	fail_msg("no requirement %s", gs_req_name(q));
	return NULL;
}

static void test_seed_offers(void **st)
{
	(void)st;
	gs_error err;
	seed_estimate();
	assert_int_equal(gs_catalog_load_file(SEED, C, &err), GS_OK);
	memset(V, 0, sizeof *V);
	assert_int_equal(gs_shortlist_run(E, C, V, S, NULL), GS_OK);
	assert_int_equal(S->n_to_confirm, 2);
	assert_int_equal(S->n_retained, 0);
	const gs_offer_result *a = offer("rtx4090-3d"), *b = offer("rtx6000ada-3d");
	/* both fit on memory: device-reported 24564 MiB for the 4090, margins in GiB */
	assert_int_equal(a->usable, 24564ull << 20);
	assert_true(a->margin > 0 && b->margin > 0);
	assert_non_null(strstr(req(a, GS_REQ_MEMORY)->detail, "nominal 24 GB: margin 2.82 GiB"));
	assert_non_null(strstr(req(a, GS_REQ_MEMORY)->detail, "margin 4.46 GiB"));
	/* software, availability and quality stay to confirm, with the condition written */
	for (int k = 0; k < 2; k++) {
		const gs_offer_result *r = k ? b : a;
		assert_int_equal(req(r, GS_REQ_SOFTWARE)->verdict, GS_TO_CONFIRM);
		assert_int_equal(req(r, GS_REQ_AVAILABILITY)->verdict, GS_TO_CONFIRM);
		assert_int_equal(req(r, GS_REQ_QUALITY)->verdict, GS_TO_CONFIRM);
		assert_non_null(strstr(req(r, GS_REQ_AVAILABILITY)->detail, "72 h"));
		assert_non_null(strstr(req(r, GS_REQ_QUALITY)->detail, "eval v3"));
	}
	/* the cost of a 3-day batch: exact prices, one period each */
	char c[32];
	assert_string_equal(gs_ratio_decimal(a->cost, c, sizeof c), "47.14");
	assert_string_equal(gs_ratio_decimal(b->cost, c, sizeof c), "55.71");
	assert_int_equal(a->periods, 1);
	/* a 1-week campaign takes 3 periods of 3 days */
	gs_model m;
	run_estimate(E, &m, GS_F_PARAMS, "7e9", GS_F_BITS, "16", GS_F_RESERVE, "6GiB", GS_F_CAMPAIGN, "1w",
	             -1);
	assert_int_equal(gs_shortlist_run(E, C, V, S, NULL), GS_OK);
	assert_string_equal(gs_ratio_decimal(offer("rtx4090-3d")->cost, c, sizeof c), "141.42");
}

static void test_evidence_decides(void **st)
{
	(void)st;
	gs_error err;
	seed_estimate();
	assert_int_equal(gs_catalog_load_file(SEED, C, &err), GS_OK);
	memset(V, 0, sizeof *V);
	assert_int_equal(gs_evidence_load_file(GS_DATA_DIR "/evidence/rtx4090-confirmed.yaml", V, &err),
	                 GS_OK);
	assert_int_equal(gs_shortlist_run(E, C, V, S, NULL), GS_OK);
	assert_int_equal(S->n_retained, 1);
	assert_string_equal(S->r[0].offer->id, "rtx4090-3d"); /* retained first */
	assert_int_equal(S->r[0].verdict, GS_ADMISSIBLE);
	/* a failed run excludes, whatever the price */
	assert_int_equal(gs_evidence_load_file(GS_DATA_DIR "/evidence/rtx6000ada-failed.yaml", V, &err),
	                 GS_OK);
	assert_int_equal(gs_shortlist_run(E, C, V, S, NULL), GS_OK);
	assert_int_equal(offer("rtx6000ada-3d")->verdict, GS_EXCLUDE);
	assert_non_null(strstr(req(offer("rtx6000ada-3d"), GS_REQ_SOFTWARE)->evidence, "driver 535"));
}

static void test_user_conditions(void **st)
{
	(void)st;
	gs_error err;
	gs_model m;
	run_estimate(E, &m, GS_F_PARAMS, "7e9", GS_F_BITS, "16", GS_F_REQUIRE, "EU data centre", GS_F_PREFER,
	             "ECC memory; weekend support", -1);
	const char *cat = "offers:\n  - id: eu\n    gpu: L40S\n    count: 2\n    price: 1.5\n    currency: "
	                  "EUR\n"
			  "    period: 1d\n  - id: us\n    gpu: L40S\n";
	assert_int_equal(gs_catalog_load_buffer(cat, strlen(cat), "c.yaml", C, &err), GS_OK);
	const char *ev = "evidence:\n  - requirement: user\n    condition: EU data centre\n    offer: us\n   "
	                 " kind: commercial\n"
			 "    version: offer sheet v2\n    scope: the us offer\n    outcome: fails\n"
			 "  - requirement: user\n    condition: ECC memory\n    offer: eu\n    kind: "
	                 "commercial\n"
			 "    version: offer sheet v2\n    scope: the eu offer\n    outcome: confirms\n";
	memset(V, 0, sizeof *V);
	assert_int_equal(gs_evidence_load_buffer(ev, strlen(ev), "e.yaml", V, &err), GS_OK);
	assert_int_equal(gs_shortlist_run(E, C, V, S, NULL), GS_OK);
	assert_int_equal(offer("us")->verdict, GS_EXCLUDE);      /* a required condition failed */
	assert_int_equal(offer("eu")->verdict, GS_TO_CONFIRM);   /* still open: required, not yet confirmed */
	assert_int_equal(offer("eu")->preferences_met, 1);
	/* a preference that is open never decides: only the required one counts */
	size_t prefs = 0;
	for (size_t k = 0; k < offer("eu")->n_reqs; k++)
		prefs += offer("eu")->reqs[k].req == GS_REQ_USER && !offer("eu")->reqs[k].mandatory;
	assert_int_equal(prefs, 2);
	/* the price is per GPU and period: 2 GPUs x 1 day */
	char c[32];
	assert_string_equal(gs_ratio_decimal(offer("eu")->cost, c, sizeof c), "3.00");
	bad("evidence:\n  - requirement: user\n    offer: a\n    kind: probe\n    version: v\n    scope: s\n"
	    "    outcome: confirms\n", false, "e.yaml:2:5", "condition");
}

static void test_default_catalog(void **st)
{
	(void)st;
	seed_estimate();
	gs_catalog_default(C);
	assert_true(C->n > 20);
	assert_string_equal(C->offers[0].id, "rtx4090-3d");
	memset(V, 0, sizeof *V);
	assert_int_equal(gs_shortlist_run(E, C, V, S, NULL), GS_OK);
	assert_int_equal(offer("t4")->verdict, GS_EXCLUDE);   /* 15360 MiB < the peak */
	assert_false(offer("h100-sxm")->has_cost);            /* no price with a source */
	/* bf16 needs compute capability 8.0: a T4 (7.5) is excluded for it */
	gs_model m;
	run_estimate(E, &m, GS_F_MODEL, CFG("meta-llama__Llama-2-7b-hf.json"), GS_F_FORMAT, "nf4",
	             GS_F_LENGTH, "512", -1);
	assert_int_equal(gs_shortlist_run(E, C, V, S, NULL), GS_OK);
	assert_int_equal(req(offer("t4"), GS_REQ_COMPUTE)->verdict, GS_EXCLUDE);
	assert_int_equal(req(offer("l4"), GS_REQ_COMPUTE)->verdict, GS_ADMISSIBLE);
}

static void bad(const char *yaml, bool catalog, const char *where, const char *needle)
{
	gs_error err;
	gs_error_clear(&err);
	memset(V, 0, sizeof *V);
	gs_status s = catalog ? gs_catalog_load_buffer(yaml, strlen(yaml), "c.yaml", C, &err)
	                      : gs_evidence_load_buffer(yaml, strlen(yaml), "e.yaml", V, &err);
	if (!s || (where && strcmp(err.where, where)) || !strstr(err.msg, needle))
		fail_msg("%s: status %d where \"%s\" msg \"%s\" (want %s, %s)", yaml, s, err.where, err.msg,
		         where, needle);
}

static void test_file_errors(void **st)
{
	(void)st;
	bad("offers:\n  - id: a\n    gpu: RTX 4090\n    prize: 3\n", true, "c.yaml:4:5",
	    "unknown field \"prize\"");
	bad("offers:\n  - id: a\n    gpu: RTX 9090\n", true, "c.yaml:3:10", "not in the device table");
	/* issue 39: anchors are counted before libyaml's loader registers them (a quadratic scan) */
	size_t cap = 300 * 16 + 64;
	char *anchors = malloc(cap);
	assert_non_null(anchors);
	size_t k = (size_t)snprintf(anchors, cap, "offers:\n  - id: a\n    gpu: RTX 4090\n    notes: [");
	for (int i = 0; i < 300; i++)
		k += (size_t)snprintf(anchors + k, cap - k, "%s&a%d 0", i ? ", " : "", i);
	assert_true(k + (size_t)snprintf(anchors + k, cap - k, "]\n") < cap);
	bad(anchors, true, NULL, "more than 256 anchors and aliases");
	free(anchors);
	/* an absurd capacity is a typo, not a device */
	bad("offers:\n  - id: a\n    gpu: RTX 4090\n    reported: 9000000TB\n", true, NULL,
	    "more than one GPU holds");
	bad("offers:\n  - id: a\n    gpu: L4\n  - id: a\n    gpu: L4\n", true, "c.yaml:4:5", "used twice");
	bad("offers:\n  - id: a\n    gpu: L4\n    price: 3\n", true, "c.yaml:2:5", "currency and period");
	bad("offers:\n  - id: a\n    gpu: L4\n    period: 3 days\n", true, "c.yaml:4:13", "72h, 3d");
	bad("offers:\n  - id: a\n    gpu: L4\n    price: -3\n", true, "c.yaml:4:12", "price");
	bad("offers:\n  - id: a\n    id: b\n", true, "c.yaml:3:5", "appears twice");
	bad("offers: [\n", true, NULL, "malformed YAML");
	bad("offerz: []\n", true, "c.yaml:1:1", "expected \"offers\"");
	bad("evidence:\n  - requirement: memory\n    offer: a\n    kind: probe\n    outcome: confirms\n",
	    false, "e.yaml:2:5", "version");
	bad("evidence:\n  - requirement: speed\n", false, "e.yaml:2:18", "requirement");
	bad("evidence:\n  - requirement: memory\n    outcome: maybe\n", false, "e.yaml:3:14",
	    "confirms or fails");
}

static int setup(void **st)
{
	(void)st;
	E = malloc(sizeof *E);
	C = malloc(sizeof *C);
	V = calloc(1, sizeof *V);
	S = malloc(sizeof *S);
	return E && C && V && S ? 0 : -1;
}
static int teardown(void **st) { (void)st; free(E); free(C); free(V); free(S); return 0; }

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_seed_offers), cmocka_unit_test(test_evidence_decides),
		cmocka_unit_test(test_default_catalog), cmocka_unit_test(test_file_errors),
		cmocka_unit_test(test_user_conditions),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
