/* cmd_estimate.c — `gpusizer estimate`: itemized memory per phase. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"

/* The exit status of a class, the worse of it and `so_far` (1 over 4 over 0). */
static int class_exit(gs_class c, int so_far)
{
	int code = c == GS_CLASS_DOES_NOT_FIT ? EXIT_NO_FIT : c == GS_CLASS_TO_CONFIRM ? EXIT_TO_CONFIRM : 0;
	return so_far == EXIT_NO_FIT || code == EXIT_NO_FIT ? EXIT_NO_FIT : code ? code : so_far;
}
#include "gpusizer/measured.h"
#include "gpusizer/render.h"

#define MAX_ROWS 16

const cli_option cli_estimate_options[] = {
	{"--json", NULL, NULL, CLI_SWITCH, CLI_AT(json), "machine output, schema gpusizer/estimate/v1"},
	{"--markdown", NULL, NULL, CLI_SWITCH, CLI_AT(markdown), "Markdown tables"},
	{"--brief", NULL, NULL, CLI_SWITCH, CLI_AT(brief),
	 "only the verdict: fits / to confirm / does not fit, the load\n"
	 "against the capacity, what binds, what to confirm"},
	{"--units", NULL, "U", CLI_UNIT, CLI_AT(unit), "table unit: GiB (default), GB, MiB, MB"},
	CLI_OPT_RUN_MEASURED("a measured run (gpusizer measure), repeatable: the phases it covered at the\n"
	                     "sheet's dimensions become measured, and the need per GPU its peak + margin"),
	CLI_OPT_FORCE_RUN,
	CLI_OPTIONS_END
};

static void usage(void)
{
	printf("usage: gpusizer estimate [SHEET.yaml] [CONFIG.json | MODEL_DIR | MODEL.gguf | org/name] "
	       "[options]\n\n"
	       "GPU memory itemized per program phase and per GPU, each item estimated or unknown:\n"
	       "inference (Transformers: load, prefill, decode; vLLM: load, profile, serve; llama.cpp),\n"
	       "adaptation (--task full, lora or qlora: load to export), and multi-GPU placement (--gpus,\n"
	       "--tp, --pp, --zero, --fsdp, --offload), with the quick calculator's two figures (weights\n"
	       "only and the indicative envelope).\n\n");
	cli_print_options("estimate");
	/* workload fields with a meaning of their own here */
	printf("  --bits 16,8,4       a comma list (or --format bf16,int8,nf4) compares formats in one "
	       "table;\n                      with --gpu each row gets the verdict it gets alone, exit 1 "
	       "if one does not fit\n  --gpu/--capacity    also checks the peak against the device: exit 1 "
	       "if it does not fit\n\n");
	cli_print_fields();
	printf("\nExamples:\n"
	       "  gpusizer estimate --params 7e9 --bits 16 --reserve 6GiB\n"
	       "  gpusizer estimate --params 7e9 --bits 16,8,4 --reserve 6GiB\n"
	       "  gpusizer estimate data/models/meta-llama__Meta-Llama-3-8B.json --context 8k --concurrency "
	       "4\n"
	       "  gpusizer estimate data/models/meta-llama__Meta-Llama-3-8B.json --task qlora --context "
	       "4096\n"
	       "  gpusizer estimate data/models/meta-llama__Meta-Llama-3-8B.json --task full --gpus 8 --zero "
	       "3\n");
}

/* Split a comma list of at most MAX_ROWS entries in place. */
static size_t split(char *s, char **out)
{
	size_t n = 0;
	for (char *p = s; n < MAX_ROWS;) {
		out[n++] = p;
		char *c = strchr(p, ',');
		if (!c)
			break;
		*c = 0;
		p = c + 1;
	}
	return n;
}

static int finish_stdout(void)
{
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "gpusizer: error: cannot write the output\n");
		return EXIT_ENV;
	}
	return 0;
}

/* One estimate per entry of a --bits or --format list. */
static int compare(const cli_args *a, int field, const char *list)
{
	char buf[512];
	char *vals[MAX_ROWS];
	snprintf(buf, sizeof buf, "%s", list);
	size_t n = split(buf, vals);
	gs_estimate *rows = calloc(n, sizeof *rows);
	const gs_estimate *ptrs[MAX_ROWS];
	if (!rows)
		return EXIT_ENV;
	int rc = 0;
	bool no_fit = false;
	gs_workload base, w;
	gs_model m;
	gs_error err;
	gs_error_clear(&err);
	if ((rc = cli_workload(a, (int)field, false, &base)))
		goto out;
	for (size_t r = 0; r < n; r++) {
		w = base;
		if (gs_workload_set(&w, (gs_field)field, vals[r], strlen(vals[r]), GS_FROM_FLAG,
		                    field == GS_F_BITS ? "--bits" : "--format", &err) ||
		    gs_workload_finish(&w, &err)) {
			rc = cli_fail(&err);
			goto out;
		}
		if (r == 0 && gs_workload_model(&w, &m, &err)) {
			rc = cli_fail(&err);
			goto out;
		}
		if (gs_estimate_run(&w, &m, &rows[r], &err)) {
			rc = cli_fail(&err);
			goto out;
		}
		ptrs[r] = &rows[r];
	}
	/* each row gets the verdict and exit status it gets alone: exit 1 when one
	 * does not fit, else 4 when one is to confirm */
	int worst = 0;
	for (size_t r = 0; r < n; r++)
		worst = rows[r].has_capacity ? class_exit(rows[r].verdict.klass, worst) : worst;
	no_fit = worst != 0;
	if (a->json) {
		rc = cli_put_json(gs_estimate_rows_to_json((const gs_estimate *const *)ptrs, n));
	} else if (gs_render_compare_text(stdout, ptrs, n, a->markdown)) {
		rc = EXIT_ENV;
	}
out:
	free(rows);
	if (!rc)
		rc = finish_stdout();
	return rc ? rc : no_fit ? worst : 0;
}

int cmd_estimate(int argc, char **argv)
{
	cli_args a;
	int rc = cli_parse(argc, argv, "estimate", &a);
	if (rc)
		return rc;
	if (a.help) {
		usage();
		return 0;
	}
	for (size_t i = 0; i < a.n_flags; i++)
		if ((a.flags[i].field == GS_F_BITS || a.flags[i].field == GS_F_FORMAT) &&
		    strchr(a.flags[i].value, ','))
			return compare(&a, a.flags[i].field, a.flags[i].value);

	gs_workload w;
	gs_model m;
	if ((rc = cli_workload_and_model(&a, &w, &m)))
		return rc;
	gs_error err;
	gs_error_clear(&err);
	gs_estimate *e = malloc(sizeof *e);
	if (!e)
		return EXIT_ENV;
	if (gs_estimate_run(&w, &m, e, &err)) {
		free(e);
		return cli_fail(&err);
	}
	gs_measurements *ms;
	if ((rc = cli_measurements(&a, e, &ms))) {
		free(e);
		return rc;
	}
	if (a.json) {
		json_t *o = gs_estimate_to_json(e);
		if (o && ms)
			json_object_set_new(o, "measurements", gs_measurements_to_json(ms));
		if (!o || json_dumpf(o, stdout, JSON_INDENT(2)) != 0)
			rc = EXIT_ENV;
		putchar('\n');
		json_decref(o);
	} else if (gs_render_estimate_text_with(stdout, e, a.unit, a.markdown,
	                                        (a.brief ? GS_TEXT_BRIEF : 0) |
	                                                (a.verbose ? GS_TEXT_VERBOSE : 0))) {
		rc = EXIT_ENV;
	}
	/* with a capacity the answer is one of three classes: exit 0 fits, 1
	 * does not fit, 4 to confirm (the verdict module's, gpusizer/verdict.h) */
	int code = e->has_capacity ? class_exit(e->verdict.klass, 0) : 0;
	free(ms);
	free(e);
	if (!rc)
		rc = finish_stdout();
	return rc ? rc : code;
}
