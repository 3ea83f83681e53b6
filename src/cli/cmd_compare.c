/*
 * cmd_compare.c — `gpusizer compare estimate.json run.jsonl`: the estimate
 * against a measured run, phase by phase, and a margin.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "gpusizer/file.h"
#include "gpusizer/measure.h"
#include "gpusizer/render.h"

const cli_option cli_compare_options[] = {
	{"--json", NULL, NULL, CLI_SWITCH, CLI_AT(json), "machine output, schema gpusizer/compare/v1"},
	CLI_OPTIONS_END
};

int cmd_compare(int argc, char **argv)
{
	cli_args a;
	int rc = cli_parse(argc, argv, "compare", &a);
	if (rc)
		return rc;
	if (a.help) {
		printf("usage: gpusizer compare ESTIMATE.json RUN.jsonl [--json]\n\n"
		       "ESTIMATE.json from gpusizer estimate --json, RUN.jsonl from gpusizer measure. Per "
		       "phase:\n"
		       "the estimated peak against the measured device use (NVML; PyTorch's reserved peak "
		       "when\n"
		       "there is no NVML), the measured figures fed back as basis \"measured\", and a "
		       "margin\n"
		       "proposed from the largest shortfall.\n\n");
		cli_print_options("compare");
		return 0;
	}
	bool json = a.json;
	const char *const *files = a.words.v;
	if (a.words.n != 2) {
		fprintf(stderr, "gpusizer compare: give ESTIMATE.json and RUN.jsonl\n");
		return EXIT_USAGE;
	}
	char *text;
	size_t tlen;
	gs_error ferr;
	if (gs_file_read(files[0], GS_RUN_MAX_FILE, "an estimate's JSON", &text, &tlen, &ferr))
		return cli_fail(&ferr);
	json_error_t je;
	json_t *est = json_loadb(text, tlen, JSON_REJECT_DUPLICATES, &je);
	free(text);
	const char *schema = json_string_value(json_object_get(est, "schema"));
	if (!est || !schema || strcmp(schema, "gpusizer/estimate/v1")) {
		fprintf(stderr,
		        "gpusizer: error: %s:%d:%d: expected the JSON of gpusizer estimate --json (schema "
		        "gpusizer/estimate/v1)%s%s\n",
		        files[0], je.line, je.column, est ? "" : ": ", est ? "" : je.text);
		json_decref(est);
		return EXIT_USAGE;
	}
	gs_run *r = cli_load_run(files[1], &rc);
	gs_compare *c = r ? malloc(sizeof *c) : NULL;
	if (!c) {
		json_decref(est);
		free(r);
		return r ? EXIT_ENV : rc;
	}
	gs_compare_run(est, r, c);
	json_decref(est);
	free(r);
	if (json) {
		rc = cli_put_json(gs_compare_to_json(c));
	} else {
		gs_render_run_compare_text(stdout, c);
	}
	/* nothing measured is not a pass: exit 1, as for "does not fit" */
	if (!rc)
		rc = c->n ? 0 : EXIT_NO_FIT;
	free(c);
	return rc;
}
