/* cmd_shortlist.c — `gpusizer shortlist` and `gpusizer sheet`: offers judged
 * against the estimate, and the one-page sizing sheet. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "gpusizer/measured.h"
#include "gpusizer/render.h"

static void usage(const char *cmd)
{
	printf("usage: gpusizer %s [SHEET.yaml] [MODEL] [--catalog offers.yaml] [--evidence ev.yaml ...] %s\n\n", cmd,
	       strcmp(cmd, "sheet") ? "[--json | --markdown]" : "[--html | --json]");
	if (!strcmp(cmd, "sheet"))
		printf("The one-page sizing sheet: workload, estimate per phase and GPU, measurements, the\n"
		       "requirement table with verdicts and evidence, the shortlist with costs and margins, and\n"
		       "what would invalidate it. Markdown by default; --html a self-contained page.\n\n");
	else
		printf("Every offer of the catalog (default: the built-in one, with two example offers)\n"
		       "judged requirement by requirement: admissible, to confirm (with the exact condition) or\n"
		       "exclude; the retained offers ranked by total cost for the campaign, then margin.\n"
		       "Exit 1 when no offer is admissible.\n\n");
	printf("  --run FILE      a measured run (gpusizer measure), repeatable; one that validates the sheet\n"
	       "                  sets the need per GPU to its peak + the justified margin, and any measured\n"
	       "                  peak excludes the offers below it\n"
	       "  --oom LOG       a failed run's log: its first out-of-memory bounds the need from below\n"
	       "  --force-run     use a run recorded for another sheet anyway\n\n");
	printf("Catalog and evidence formats: include/gpusizer/catalog.h and docs/sheet.md.\n\n");
	cli_print_fields();
}

static int run(int argc, char **argv, const char *cmd)
{
	cli_args a;
	int rc = cli_parse(argc, argv, cmd, &a);
	if (rc)
		return rc;
	if (a.help) {
		usage(cmd);
		return 0;
	}
	gs_workload w;
	gs_model m;
	if ((rc = cli_workload_and_model(&a, &w, &m)))
		return rc;
	gs_error err;
	gs_error_clear(&err);
	gs_estimate *e = malloc(sizeof *e);
	gs_catalog *cat = malloc(sizeof *cat);
	gs_evidence_set *ev = calloc(1, sizeof *ev);
	gs_shortlist *sl = malloc(sizeof *sl);
	gs_measurements *ms = NULL;
	if (!e || !cat || !ev || !sl) {
		rc = EXIT_ENV;
		goto out;
	}
	if (gs_estimate_run(&w, &m, e, &err) ||
	    (a.catalog ? gs_catalog_load_file(a.catalog, cat, &err) : (gs_catalog_default(cat), GS_OK))) {
		rc = cli_fail(&err);
		goto out;
	}
	for (size_t i = 0; i < a.n_evidence; i++)
		if (gs_evidence_load_file(a.evidence[i], ev, &err)) {
			rc = cli_fail(&err);
			goto out;
		}
	if ((rc = cli_measurements(&a, e, &ms)))
		goto out;
	if (gs_shortlist_run(e, cat, ev, sl, &err)) {
		rc = cli_fail(&err);
		goto out;
	}
	if (a.json) {
		json_t *o = strcmp(cmd, "sheet") ? gs_shortlist_to_json(sl, e) : gs_sheet_to_json(e, sl, ms);
		if (!o || json_dumpf(o, stdout, JSON_INDENT(2)))
			rc = EXIT_ENV;
		putchar('\n');
		json_decref(o);
	} else if (!strcmp(cmd, "sheet")) {
		if (a.html ? gs_render_sheet_html(stdout, e, sl, ms) : gs_render_sheet_markdown(stdout, e, sl, ms))
			rc = EXIT_ENV;
	} else if (gs_render_shortlist_text(stdout, sl, e, a.markdown)) {
		rc = EXIT_ENV;
	}
	if (!rc && (fflush(stdout) || ferror(stdout)))
		rc = EXIT_ENV;
	if (!rc && !strcmp(cmd, "shortlist") && sl->n_retained == 0)
		rc = EXIT_NO_FIT;
out:
	free(ms);
	free(e);
	free(cat);
	free(ev);
	free(sl);
	return rc;
}

int cmd_shortlist(int argc, char **argv) { return run(argc, argv, "shortlist"); }
int cmd_sheet(int argc, char **argv) { return run(argc, argv, "sheet"); }
