/* offers.c — what shortlist and sheet share: the workload's estimate, with
 * its measured runs, judged against a catalog and the evidence given. */
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
	if (gs_estimate_run(&w, &m, o->e, &err))
		return cli_fail(&err);
	if (!a->catalog)
		gs_catalog_default(o->cat);
	else if (gs_catalog_load_file(a->catalog, o->cat, &err))
		return cli_fail(&err);
	for (size_t i = 0; i < a->evidence.n; i++)
		if (gs_evidence_load_file(a->evidence.v[i], o->ev, &err))
			return cli_fail(&err);
	if ((rc = cli_measurements(a, o->e, &o->ms)))
		return rc;
	/* the requirements' texts in --units, as the API's "units" (sheet: GiB throughout) */
	if (gs_shortlist_run_units(o->e, o->cat, o->ev, a->unit, o->sl, &err))
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
