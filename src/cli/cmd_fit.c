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
	       "  --for context|concurrency|microbatch\n"
	       "                              what to search (inference default: concurrency when --context\n"
	       "                              is given, else context; adaptation: microbatch and context)\n"
	       "With --context, also lists single changes that lower the peak, largest saving first,\n"
	       "each with what it costs.\n"
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
	bool training = strcmp(gs_wl_str(&w, GS_F_TASK), "inference") != 0;
	gs_model m;
	if (gs_workload_model(&w, &m, &err))
		return cli_fail(&err);
	cli_report_model(&a, &m);
	/* what to search: --for, else for adaptation both the microbatch (at the
	 * sheet's length) and the length (at its microbatch); for inference the
	 * concurrency when a context is given, else the context */
	gs_fit_target targets[2];
	size_t nt = 0;
	if (a.fit_for)
		targets[nt++] = strcmp(a.fit_for, "context") == 0 ? GS_FIT_CONTEXT
		              : strcmp(a.fit_for, "microbatch") == 0 ? GS_FIT_MICROBATCH : GS_FIT_CONCURRENCY;
	else if (training) {
		if (gs_wl_set(&w, GS_F_LENGTH))
			targets[nt++] = GS_FIT_MICROBATCH;
		targets[nt++] = GS_FIT_CONTEXT;
	} else
		targets[nt++] = gs_wl_set(&w, GS_F_LENGTH) && w.v[GS_F_CONCURRENCY].from == GS_FROM_DEFAULT
		              ? GS_FIT_CONCURRENCY : GS_FIT_CONTEXT;
	gs_fit_result r[2];
	bool any_fits = false;
	for (size_t i = 0; i < nt; i++) {
		if (gs_fit_run(&w, &m, cap, how, targets[i], &r[i], &err))
			return cli_fail(&err);
		any_fits |= r[i].fits;
	}
	gs_change changes[GS_MAX_CHANGES];
	size_t nch = 0;
	gs_bytes peak_now = 0;
	bool have_changes = gs_wl_set(&w, GS_F_LENGTH) &&
	                    gs_fit_changes(&w, &m, cap, changes, &nch, &peak_now, &err) == GS_OK;
	if (a.json) {
		json_t *arr = json_array();
		for (size_t i = 0; i < nt; i++) {
			gs_estimate *e = NULL;
			if (r[i].fits) {
				gs_workload wb = w;
				gs_field f = targets[i] == GS_FIT_CONTEXT ? GS_F_LENGTH
				           : targets[i] == GS_FIT_MICROBATCH ? GS_F_MICROBATCH : GS_F_CONCURRENCY;
				char num[32];
				snprintf(num, sizeof num, "%llu", (unsigned long long)r[i].best);
				e = malloc(sizeof *e);
				if (!e || gs_workload_set(&wb, f, num, strlen(num), GS_FROM_FLAG, "fit", &err) ||
				    gs_estimate_run(&wb, &m, e, &err)) {
					free(e);
					json_decref(arr);
					return e ? cli_fail(&err) : EXIT_ENV;
				}
			}
			json_array_append_new(arr, gs_fit_to_json(&r[i], e));
			free(e);
		}
		json_t *o = nt == 1 ? json_incref(json_array_get(arr, 0))
		                    : json_pack("{s:s, s:O}", "schema", "gpusizer/fit-set/v1", "answers", arr);
		if (have_changes)
			json_object_set_new(o, "changes", gs_changes_to_json(changes, nch, peak_now, cap));
		json_dumpf(o, stdout, JSON_INDENT(2));
		putchar('\n');
		json_decref(o);
		json_decref(arr);
	} else {
		for (size_t i = 0; i < nt; i++) {
			if (i)
				putchar('\n');
			gs_render_fit_text(stdout, &r[i]);
		}
		if (have_changes) {
			putchar('\n');
			gs_render_changes_text(stdout, changes, nch, peak_now, cap);
		}
	}
	if (fflush(stdout) != 0 || ferror(stdout))
		return EXIT_ENV;
	return any_fits ? 0 : EXIT_NO_FIT;
}
