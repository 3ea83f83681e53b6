/* cmd_sheet.c — `gpusizer sheet`: the one-page sizing sheet (Markdown,
 * --json, --html). */
#include <stdio.h>
#include <stdlib.h>
#include "cli.h"
#include "gpusizer/measured.h"
#include "gpusizer/render.h"

const cli_option cli_sheet_options[] = {
	{"--html", NULL, NULL, CLI_SWITCH, CLI_AT(html), "a self-contained HTML page"},
	{"--json", NULL, NULL, CLI_SWITCH, CLI_AT(json), "machine output, schema gpusizer/sheet/v1"},
	{"--markdown", NULL, NULL, CLI_SWITCH, CLI_AT(markdown), "Markdown (the default)"},
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
	printf("usage: gpusizer sheet [SHEET.yaml] [MODEL] [--catalog offers.yaml] [--evidence ev.yaml ...] "
	       "[--html | --json]\n\n");
	printf("The one-page sizing sheet: workload, estimate per phase and GPU, measurements, the\n"
	       "requirement table with verdicts and evidence, the shortlist with costs and margins, and\n"
	       "what would invalidate it. Markdown by default; --html a self-contained page.\n\n");
	cli_print_options("sheet");
	printf("\nCatalog and evidence formats: include/gpusizer/catalog.h and docs/sheet.md.\n\n");
	cli_print_fields();
}

int cmd_sheet(int argc, char **argv)
{
	cli_args a;
	int rc = cli_parse(argc, argv, "sheet", &a);
	if (rc)
		return rc;
	if (a.help) {
		usage();
		return 0;
	}
	cli_offers o;
	if (!(rc = cli_offers_run(&a, &o))) {
		if (a.json) {
			json_t *j = gs_sheet_to_json(o.e, o.sl, o.ms);
			if (!j || json_dumpf(j, stdout, JSON_INDENT(2)))
				rc = EXIT_ENV;
			putchar('\n');
			json_decref(j);
		} else if (a.html ? gs_render_sheet_html(stdout, o.e, o.sl, o.ms)
		                  : gs_render_sheet_markdown(stdout, o.e, o.sl, o.ms)) {
			rc = EXIT_ENV;
		}
		if (!rc && (fflush(stdout) || ferror(stdout)))
			rc = EXIT_ENV;
	}
	cli_offers_free(&o);
	return rc;
}
