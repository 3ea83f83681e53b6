/* cmd_sheet.c — `gpusizer sheet`: the one-page sizing sheet (Markdown,
 * --json, --html). */
#include <stdio.h>
#include <stdlib.h>
#include "cli.h"
#include "gpusizer/measured.h"
#include "gpusizer/render.h"

static void usage(void)
{
	printf("usage: gpusizer sheet [SHEET.yaml] [MODEL] [--catalog offers.yaml] [--evidence ev.yaml ...] "
	       "[--html | --json]\n\n");
	printf("The one-page sizing sheet: workload, estimate per phase and GPU, measurements, the\n"
	       "requirement table with verdicts and evidence, the shortlist with costs and margins, and\n"
	       "what would invalidate it. Markdown by default; --html a self-contained page.\n\n");
	cli_print_offers_options();
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
