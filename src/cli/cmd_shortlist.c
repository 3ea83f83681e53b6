/* cmd_shortlist.c — `gpusizer shortlist`: every offer judged against the
 * estimate, the admissible ones ranked. */
#include <stdio.h>
#include <stdlib.h>
#include "cli.h"
#include "gpusizer/render.h"

const cli_option cli_shortlist_options[] = {
	{"--json", NULL, NULL, CLI_SWITCH, CLI_AT(json), "machine output, schema gpusizer/shortlist/v1"},
	{"--markdown", NULL, NULL, CLI_SWITCH, CLI_AT(markdown), "Markdown tables"},
	{"--units", NULL, "U", CLI_UNIT, CLI_AT(unit), "the requirements' unit: GiB (default), GB, MiB, MB"},
	CLI_OPT_CATALOG,
	CLI_OPT_EVIDENCE,
	CLI_OPT_RUN_MEASURED("a measured run (gpusizer measure), repeatable; one that validates the sheet\n"
	                     "sets the need per GPU to its peak + the justified margin, and any measured\n"
	                     "peak excludes the offers below it"),
	{"--oom", NULL, "LOG", CLI_TEXT, CLI_AT(oom),
	 "a failed run's log: its first out-of-memory bounds the need from below"},
	CLI_OPT_FORCE_RUN,
	CLI_OPTIONS_END
};

static void usage(void)
{
	printf("usage: gpusizer shortlist [SHEET.yaml] [MODEL] [--catalog offers.yaml] [--evidence ev.yaml "
	       "...] "
	       "[--json | --markdown]\n\n");
	printf("Every offer of the catalog (default: the built-in one, with two example offers)\n"
	       "judged requirement by requirement: admissible, to confirm (with the exact condition) or\n"
	       "exclude; the retained offers ranked by total cost for the campaign, then margin.\n"
	       "Exit 1 when no offer is admissible.\n\n");
	cli_print_options("shortlist");
	printf("\nCatalog and evidence formats: include/gpusizer/catalog.h and docs/sheet.md.\n\n");
	cli_print_fields();
}

int cmd_shortlist(int argc, char **argv)
{
	cli_args a;
	int rc = cli_parse(argc, argv, "shortlist", &a);
	if (rc)
		return rc;
	if (a.help) {
		usage();
		return 0;
	}
	cli_offers o;
	if (!(rc = cli_offers_run(&a, &o))) {
		if (a.json) {
			json_t *j = gs_shortlist_to_json(o.sl, o.e);
			if (!j || json_dumpf(j, stdout, JSON_INDENT(2)))
				rc = EXIT_ENV;
			putchar('\n');
			json_decref(j);
		} else if (gs_render_shortlist_text(stdout, o.sl, o.e, a.markdown)) {
			rc = EXIT_ENV;
		}
		if (!rc && (fflush(stdout) || ferror(stdout)))
			rc = EXIT_ENV;
		if (!rc && o.sl->n_retained == 0)
			rc = EXIT_NO_FIT;
	}
	cli_offers_free(&o);
	return rc;
}
