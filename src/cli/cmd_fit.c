/* cmd_fit.c — `gpusizer fit`: the largest context or concurrency for a capacity. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "gpusizer/fit.h"
#include "gpusizer/render.h"

const cli_option cli_fit_options[] = {
	/* --for is checked by the library's plan (gs_fit_plan) */
	{"--for", NULL, "context|concurrency|microbatch", CLI_TEXT, CLI_AT(fit_for),
	 "what to search (inference default: concurrency when --context\n"
	 "is given, else context; adaptation: microbatch and context)"},
	{"--json", NULL, NULL, CLI_SWITCH, CLI_AT(json), "machine output, schema gpusizer/fit/v1"},
	CLI_OPTIONS_END
};

static void usage(void)
{
	printf("usage: gpusizer fit [SHEET.yaml] [CONFIG.json | MODEL_DIR] (--gpu NAME | --capacity SIZE) "
	       "[options]\n\n"
	       "The largest context (for the given concurrency) or the largest concurrency (for the\n"
	       "given --context) whose estimated peak, reserve included, fits the capacity, exact to\n"
	       "the token. --gpu uses the device-reported total from the built-in table and says so.\n"
	       "Exit 0 when it fits for certain, 4 when it is to confirm (the point estimate fits, the\n"
	       "interval's high end or an unknown item leaves it open: the condition is printed), 1 when\n"
	       "the sheet's own length (with its concurrency or microbatch) does not fit, or, without a\n"
	       "length, when even 1 token does not fit; what does fit is printed either way.\n"
	       "With --context, also checks the sheet's own workload and lists the single changes to it\n"
	       "that lower its peak, largest saving first, each with what it costs.\n\n");
	cli_print_options("fit");
	putchar('\n');
	cli_print_fields();
}

int cmd_fit(int argc, char **argv)
{
	cli_args a;
	int rc = cli_parse(argc, argv, "fit", &a);
	if (rc)
		return rc;
	if (a.help) {
		usage();
		return 0;
	}
	gs_workload w;
	if ((rc = cli_workload(&a, -1, true, &w)))
		return rc;
	gs_error err;
	gs_error_clear(&err);
	gs_model m;
	if (gs_workload_model(&w, &m, &err))
		return cli_fail(&err);
	cli_report_model(&a, &m);
	gs_fit_answer ans;
	if (gs_fit_answer_run(&w, &m, a.fit_for, &ans, &err))
		return cli_fail(&err);
	if (a.json) {
		if (cli_put_json(gs_fit_answer_to_json(&ans))) {
			gs_fit_answer_free(&ans);
			return EXIT_ENV;
		}
	} else {
		gs_render_fit_answer_text(stdout, &ans);
	}
	gs_class k = gs_fit_answer_class(&ans);
	gs_fit_answer_free(&ans);
	if (fflush(stdout) != 0 || ferror(stdout))
		return EXIT_ENV;
	return k == GS_CLASS_FITS ? 0 : k == GS_CLASS_TO_CONFIRM ? EXIT_TO_CONFIRM : EXIT_NO_FIT;
}
