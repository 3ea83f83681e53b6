/* cmd_fit.c — `gpusizer fit`: the largest context or concurrency for a capacity. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "gpusizer/fit.h"
#include "gpusizer/render.h"

static void usage(void)
{
	printf("usage: gpusizer fit [SHEET.yaml] [CONFIG.json | MODEL_DIR] (--gpu NAME | --capacity SIZE) [options]\n\n"
	       "The largest context (for the given concurrency) or the largest concurrency (for the\n"
	       "given --context) whose estimated peak, reserve included, fits the capacity, exact to\n"
	       "the token. --gpu uses the device-reported total from the built-in table and says so.\n"
	       "Exit 1 when even 1 token or 1 sequence does not fit.\n\n"
	       "  --for context|concurrency   what to search (default: concurrency when --context is\n"
	       "                              given, else context)\n"
	       "  --json                      machine output, schema gpusizer/fit/v1\n\n");
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
	if ((rc = cli_workload(&a, 0, true, &w)))
		return rc;
	gs_error err;
	gs_error_clear(&err);
	gs_bytes cap;
	bool found;
	char how[192];
	if (gs_workload_capacity(&w, &cap, &found, how, sizeof how, &err))
		return cli_fail(&err);
	if (!found) {
		fprintf(stderr, "gpusizer fit: give a capacity: --gpu \"RTX 4090\" or --capacity 24GB\n");
		return EXIT_USAGE;
	}
	gs_fit_target t = GS_FIT_CONTEXT;
	if (a.fit_for)
		t = strcmp(a.fit_for, "context") == 0 ? GS_FIT_CONTEXT : GS_FIT_CONCURRENCY;
	else if (w.v[GS_F_LENGTH].from != GS_FROM_UNSET && w.v[GS_F_CONCURRENCY].from == GS_FROM_DEFAULT)
		t = GS_FIT_CONCURRENCY;
	gs_model m;
	if (gs_workload_model(&w, &m, &err))
		return cli_fail(&err);
	gs_fit_result r;
	if (gs_fit_run(&w, &m, cap, how, t, &r, &err))
		return cli_fail(&err);
	if (a.json) {
		gs_estimate *e = NULL;
		if (r.fits) {
			gs_workload wb = w;
			gs_field f = t == GS_FIT_CONTEXT ? GS_F_LENGTH : GS_F_CONCURRENCY;
			char num[32];
			snprintf(num, sizeof num, "%llu", (unsigned long long)r.best);
			e = malloc(sizeof *e);
			if (!e || gs_workload_set(&wb, f, num, strlen(num), GS_FROM_FLAG, "fit", &err) ||
			    gs_estimate_run(&wb, &m, e, &err)) {
				free(e);
				return e ? cli_fail(&err) : EXIT_ENV;
			}
		}
		json_t *o = gs_fit_to_json(&r, e);
		json_dumpf(o, stdout, JSON_INDENT(2));
		putchar('\n');
		json_decref(o);
		free(e);
	} else {
		gs_render_fit_text(stdout, &r);
	}
	if (fflush(stdout) != 0 || ferror(stdout))
		return EXIT_ENV;
	return r.fits ? 0 : EXIT_NO_FIT;
}
