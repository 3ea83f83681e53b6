/*
 * gpusizer/catalog.h — offers, evidence, and the shortlist: which offers
 * can carry the workload, which still need something confirmed, which are
 * excluded, and among those retained, which cost least for the margin and
 * the schedule ("a preference never outweighs an excluding criterion").
 *
 * Catalog file (YAML; every value a scalar; errors name file:line:column and
 * the field):
 *   offers:
 *     - id: rtx4090-3d                  # unique
 *       gpu: RTX 4090                   # a name of the device table (gpusizer formats)
 *       count: 1                        # GPUs in the package
 *       nominal_gb: 24                  # per GPU, as sold (default: the device table's)
 *       reported: 24564MiB              # per GPU as the device reports it, if the seller says
 *       host_ram: 64GB
 *       interconnect: PCIe 4.0          # NVLink, PCIe ..., or leave out
 *       price: 47.14                    # per GPU and period, exact decimal; leave out when unknown
 *       currency: USD
 *       period: 3d                      # the price buys this long: 3d, 72h, 1w, 1mo (30 d)
 *       subscription: batch of one card for 3 days
 *       availability: 2026-12-01        # planning: a date, a lead time, or text
 *       software: Ubuntu 22.04, driver 550, CUDA 12.4
 *       notes: ...
 *
 * Evidence file (YAML):
 *   evidence:
 *     - requirement: software     # memory | gpus | interconnect | host_ram | compute_capability
 *                                 # | software | availability | quality | user
 *       condition: EU data centre # with requirement user: the sheet's require/prefer text
 *       offer: rtx4090-3d         # or "any"
 *       kind: probe               # commercial | probe | measurement | documentation | quality
 *       version: driver 550.163.01, CUDA 12.4, vLLM 0.6.4
 *       scope: one RTX 4090 of the offer, 2026-11-28
 *       date: 2026-11-28
 *       outcome: confirms         # confirms | fails
 *       bytes: 25757220864        # memory evidence: the capacity the device reported
 *       note: ...
 *
 * All types are plain values; gs_catalog and gs_evidence_set hold fixed
 * arrays (GS_MAX_OFFERS, GS_MAX_EVIDENCE) and are large: allocate them.
 */
#ifndef GPUSIZER_CATALOG_H
#define GPUSIZER_CATALOG_H

#include <stdbool.h>
#include <stdint.h>
#include "gpusizer/devices.h"
#include "gpusizer/estimate.h"
#include "gpusizer/status.h"
#include "gpusizer/units.h"

#define GS_MAX_OFFERS 64
#define GS_MAX_EVIDENCE 128

typedef struct gs_offer {
	char id[64];
	char gpu[48];
	const gs_device *device;  /* gpu's row, resolved when the offer is read   */
	char where[160];          /* file:line:column of the record                 */
	uint64_t count;
	uint64_t nominal_gb;      /* per GPU, decimal GB; 0 unknown                  */
	gs_bytes reported;        /* per GPU, as the seller states it; 0 unknown      */
	gs_bytes host_ram;        /* 0 unknown                                       */
	char interconnect[48];
	bool has_price;
	gs_ratio price;           /* exact decimal                                   */
	char price_text[24];      /* as written: "47.14"                             */
	char currency[8];
	uint64_t period_hours;    /* 0 unknown                                       */
	char period_text[16];
	char subscription[96], availability[96], software[160], notes[200];
	char source[96];          /* "catalog file" or "built-in: ..."              */
} gs_offer;

typedef struct gs_catalog {
	char name[256];
	bool builtin;             /* gs_catalog_default's: the device table, not offers */
	size_t n;
	gs_offer offers[GS_MAX_OFFERS];
} gs_catalog;

typedef enum gs_req {
	GS_REQ_MEMORY, GS_REQ_GPUS, GS_REQ_INTERCONNECT, GS_REQ_HOST_RAM, GS_REQ_COMPUTE,
	GS_REQ_SOFTWARE, GS_REQ_AVAILABILITY, GS_REQ_QUALITY, GS_REQ_USER, GS_REQ__COUNT
} gs_req;

#define GS_MAX_USER_REQS 8

typedef struct gs_evidence {
	gs_req requirement;
	char condition[120];      /* requirement user: the condition it speaks to  */
	char offer[64];           /* an offer id or "any"                          */
	char kind[16];
	char version[120], scope[120], date[16], note[160];
	bool confirms;            /* outcome: confirms (true) or fails (false)    */
	gs_bytes bytes;           /* memory: the capacity reported, 0 if not given */
	char where[160];
} gs_evidence;

typedef struct gs_evidence_set {
	size_t n;
	gs_evidence e[GS_MAX_EVIDENCE];
} gs_evidence_set;

typedef enum gs_verdict { GS_ADMISSIBLE, GS_TO_CONFIRM, GS_EXCLUDE } gs_verdict;

typedef struct gs_req_result {
	gs_req req;
	bool mandatory;
	gs_verdict verdict;
	char detail[900];         /* the figures, or exactly what must be confirmed */
	char condition[256];      /* user requirements and preferences: their text  */
	char evidence[320];       /* the record it rests on, with version and scope */
} gs_req_result;

typedef struct gs_offer_result {
	const gs_offer *offer;
	gs_verdict verdict;       /* exclude if any mandatory excludes; to confirm if any
	                             is open; admissible only when all are          */
	gs_req_result reqs[GS_REQ__COUNT + 2 * GS_MAX_USER_REQS];
	size_t n_reqs;
	unsigned preferences_met;
	gs_bytes usable;          /* per GPU capacity used for the memory check      */
	char usable_how[256];
	gs_bytes need;            /* per GPU peak (reserve included) on this device  */
	int64_t margin;           /* the verdict's margin, or minus its shortfall, in
	                             its rule's terms (device or pool bytes)        */
	gs_rule rule;             /* the rule that judged memory on this device       */
	bool has_cost;
	uint64_t periods;         /* price periods the campaign takes                */
	gs_ratio cost;            /* price x periods x GPUs                          */
} gs_offer_result;

typedef struct gs_shortlist {
	size_t n;
	gs_offer_result r[GS_MAX_OFFERS];   /* retained first (ranked), then to confirm, then excluded */
	size_t n_retained, n_to_confirm, n_excluded;
	uint64_t campaign_hours;            /* 0: one price period                               */
	bool devices;                       /* no catalog was given: the rows are the built-in
	                                       device table (nominal, unpriced) and two example
	                                       offers, not offers to rent                        */
} gs_shortlist;

const char *gs_req_name(gs_req r);
const char *gs_verdict_name(gs_verdict v);

/* Load a catalog or an evidence file (YAML). Errors: GS_EIO, GS_EPARSE
 * (syntax, with line:column), GS_EINPUT (a field: unknown, missing,
 * duplicate, or invalid, naming file:line:column and the field). */
gs_status gs_catalog_load_file(const char *path, gs_catalog *out /* OUT */, gs_error *err) GS_WARN_UNUSED;
gs_status gs_catalog_load_buffer(const char *buf, size_t len, const char *name, gs_catalog *out /* OUT */,
                                 gs_error *err) GS_WARN_UNUSED;
gs_status gs_evidence_load_file(const char *path, gs_evidence_set *set /* appends */,
                                gs_error *err) GS_WARN_UNUSED;
gs_status gs_evidence_load_buffer(const char *buf, size_t len, const char *name, gs_evidence_set *set,
                                  gs_error *err) GS_WARN_UNUSED;

/* The built-in catalog: two example offers (RTX 4090 24 GB at 47.14 USD,
 * RTX 6000 Ada 48 GB at 55.71 USD, each a batch of one card for 3 days) and
 * one offer per GPU of the device table, whose prices have no source and stay
 * unknown. */
void gs_catalog_default(gs_catalog *out /* OUT */);

/* Judge every offer against the estimate e and rank. The memory
 * requirement re-runs e's workload on each offer's device (its table
 * total, or the capacity its evidence or seller states on that device) and
 * reads the one verdict (gpusizer/verdict.h): for a serving engine that is
 * its pool on that device, exactly as `estimate --gpu` says. The campaign
 * duration is the sheet's `campaign` (0: one price period). Errors:
 * GS_ENOMEM only; a workload an offer's device cannot take leaves that
 * requirement to confirm, with the reason. */
gs_status gs_shortlist_run(const gs_estimate *e, const gs_catalog *cat, const gs_evidence_set *ev,
                           gs_shortlist *out /* OUT */, gs_error *err) GS_WARN_UNUSED;

/* The same, with the figures in the requirements' texts in `unit` (the
 * above uses GiB); the byte fields are exact either way. */
gs_status gs_shortlist_run_units(const gs_estimate *e, const gs_catalog *cat, const gs_evidence_set *ev,
                                 gs_unit unit, gs_shortlist *out /* OUT */, gs_error *err) GS_WARN_UNUSED;

#endif
