/*
 * cmd_ladder.c — `gpusizer ladder SHEET [--run run.jsonl]`: the stepwise
 * validation plan of the measurement protocol, and whether a measured run
 * validates the sheet.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "gpusizer/measure.h"

/* The three steps with their estimated peaks. 0, or an exit code. */
static int print_plan(const gs_workload *w, const gs_model *mp, uint64_t L, uint64_t B)
{
	gs_model m = *mp;
	gs_error err;
	gs_error_clear(&err);
	bool training = gs_wl_training(w);
	gs_field batch = training ? GS_F_MICROBATCH : GS_F_CONCURRENCY;
	struct step {
		const char *what;
		uint64_t len, b;
	} steps[3] = {
		{"short input, small batch: catches preparation errors", L < 256 ? L : 256, 1},
		{"a usual input (a quarter of the limit unless you know yours)",
	         L / 4 > 256 ? L / 4 : (L < 256 ? L : 256), B},
		{"the sheet's true limit", L, B},
	};
	gs_estimate *e = malloc(sizeof *e);
	if (!e)
		return EXIT_ENV;
	printf("validation ladder for %s (%s): run each step with gpusizer measure; stop at the first "
	       "failure and\n"
	       "change one thing at a time\n",
	       m.source, gs_wl_str(w, GS_F_TASK));
	for (int s = 0; s < 3; s++) {
		gs_workload ws = *w;
		char a1[32], a2[32], g[40];
		snprintf(a1, sizeof a1, "%llu", (unsigned long long)steps[s].len);
		snprintf(a2, sizeof a2, "%llu", (unsigned long long)steps[s].b);
		if (gs_workload_set(&ws, GS_F_LENGTH, a1, strlen(a1), GS_FROM_FLAG, "ladder", &err) ||
		    gs_workload_set(&ws, batch, a2, strlen(a2), GS_FROM_FLAG, "ladder", &err) ||
		    gs_estimate_run(&ws, &m, e, &err)) {
			free(e);
			return cli_fail(&err);
		}
		printf("  %d. %s: length %llu, %s %llu; estimated peak %s per GPU (%s)\n", s + 1,
		       steps[s].what, (unsigned long long)steps[s].len,
		       training ? "microbatch" : "concurrency", (unsigned long long)steps[s].b,
		       gs_format_bytes(gs_estimate_peak(e), GS_UNIT_GiB, g, sizeof g),
		       e->phases[e->peak_phase].id);
	}
	free(e);
	printf("a step validates only what it executed: record the dimensions (python/gpusizer_torch.py "
	       "phase(...))\n");
	return 0;
}

/* Whether run_path executed the sheet's dimensions and exited 0: 0 when it
 * validates the sheet, EXIT_NO_FIT when not, or another exit code. */
static int run_verdict(const char *run_path, bool training, uint64_t L, uint64_t B)
{
	int rc;
	gs_run *r = cli_load_run(run_path, &rc);
	if (!r)
		return rc;
	char why[480];
	bool ok = gs_run_validates(r, L, B, training, why, sizeof why);
	printf("run %s %s: %s\n", run_path,
	       ok ? "validates the sheet's dimensions" : "does NOT validate the sheet", why);
	free(r);
	return ok ? 0 : EXIT_NO_FIT;
}

const cli_option cli_ladder_options[] = {
	{"--run", NULL, "FILE", CLI_TEXT, CLI_AT(run),
	 "a run of gpusizer measure: whether it validates the sheet (exit 1 when not)"},
	CLI_OPTIONS_END
};

int cmd_ladder(int argc, char **argv)
{
	cli_args a;
	int rc = cli_parse(argc, argv, "ladder", &a);
	if (rc)
		return rc;
	if (a.help) {
		printf("usage: gpusizer ladder SHEET [workload flags] [--run run.jsonl]\n\n"
		       "The stepwise validation plan: a short input and a small batch to catch preparation "
		       "errors,\n"
		       "then a usual input, then the true limit of the sheet, each with its estimated peak. "
		       "With\n"
		       "--run, whether a measured run validates the sheet: a run that executed fewer "
		       "tokens,\n"
		       "sequences or a smaller microbatch than required does not, and says so (exit 1).\n\n");
		cli_print_options("ladder");
		return 0;
	}
	const char *run_path = a.run;
	gs_workload w;
	gs_model m;
	if ((rc = cli_workload_and_model(&a, &w, &m)))
		return rc;
	bool training = gs_wl_training(&w);
	gs_field batch = training ? GS_F_MICROBATCH : GS_F_CONCURRENCY;
	uint64_t L = gs_wl_set(&w, GS_F_LENGTH) ? gs_wl_u64(&w, GS_F_LENGTH) : 0, B = gs_wl_u64(&w, batch);
	if (!L) {
		fprintf(stderr, "gpusizer ladder: the sheet needs a length (the limit to reach)\n");
		return EXIT_USAGE;
	}
	if ((rc = print_plan(&w, &m, L, B)))
		return rc;
	if (!run_path)
		return 0;
	return run_verdict(run_path, training, L, B);
}
