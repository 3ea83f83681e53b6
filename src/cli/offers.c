/* offers.c — what shortlist and sheet share: the workload's estimate, with
 * its measured runs, judged against a catalog and the evidence given. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "gpusizer/measured.h"

int cli_offers_run(const cli_args *a, cli_offers *o)
{
	memset(o, 0, sizeof *o);
	gs_workload w;
	gs_model m;
	int rc = cli_workload_and_model(a, &w, &m);
	if (rc)
		return rc;
	gs_error err;
	gs_error_clear(&err);
	o->e = malloc(sizeof *o->e);
	o->cat = malloc(sizeof *o->cat);
	o->ev = calloc(1, sizeof *o->ev);
	o->sl = malloc(sizeof *o->sl);
	if (!o->e || !o->cat || !o->ev || !o->sl)
		return EXIT_ENV;
	if (gs_estimate_run(&w, &m, o->e, &err) ||
	    (a->catalog ? gs_catalog_load_file(a->catalog, o->cat, &err) : (gs_catalog_default(o->cat), GS_OK)))
		return cli_fail(&err);
	for (size_t i = 0; i < a->n_evidence; i++)
		if (gs_evidence_load_file(a->evidence[i], o->ev, &err))
			return cli_fail(&err);
	if ((rc = cli_measurements(a, o->e, &o->ms)))
		return rc;
	if (gs_shortlist_run(o->e, o->cat, o->ev, o->sl, &err))
		return cli_fail(&err);
	return 0;
}

void cli_offers_free(cli_offers *o)
{
	free(o->ms);
	free(o->e);
	free(o->cat);
	free(o->ev);
	free(o->sl);
	memset(o, 0, sizeof *o);
}

void cli_print_offers_options(void)
{
	printf("  --run FILE      a measured run (gpusizer measure), repeatable; one that validates the sheet\n"
	       "                  sets the need per GPU to its peak + the justified margin, and any measured\n"
	       "                  peak excludes the offers below it\n"
	       "  --oom LOG       a failed run's log: its first out-of-memory bounds the need from below\n"
	       "  --force-run     use a run recorded for another sheet anyway\n\n");
	printf("Catalog and evidence formats: include/gpusizer/catalog.h and docs/sheet.md.\n\n");
}
