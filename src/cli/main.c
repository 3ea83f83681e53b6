/*
 * main.c — gpusizer's command line: a thin shell over libgpusizer.
 * Human text to stdout, diagnostics to stderr; exit 0 ok, 1 "does not
 * fit", 2 usage or input error, 3 environment error.
 */
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "gpusizer/nearest.h"

#ifndef GS_VERSION
#define GS_VERSION "dev"
#endif

/* One table drives dispatch, `gpusizer --help`, each command's options
 * (cli_parse, its --help) and so the man page, which is generated from the
 * help texts. measure (whose words after -- are a command line) and serve
 * (src/serve) read their words themselves. */
static const cli_command commands[] = {
	{"estimate", cmd_estimate, "itemized memory per phase and per GPU: inference, adaptation, multi-GPU",
	 cli_estimate_options, CLI_WORKLOAD, 0},
	{"fit", cmd_fit, "largest context, concurrency or microbatch that fits a GPU or capacity",
	 cli_fit_options, CLI_WORKLOAD, 0},
	{"matrix", cmd_matrix, "what fits on this GPU: models x formats, the largest context in each cell",
	 cli_matrix_options, CLI_WORKLOAD | CLI_MODELS, 0},
	{"shortlist", cmd_shortlist,
	 "which offers can carry the workload: admissible, to confirm, excluded; ranked",
	 cli_shortlist_options, CLI_WORKLOAD, 0},
	{"sheet", cmd_sheet, "the one-page sizing sheet (Markdown, --json, --html)",
	 cli_sheet_options, CLI_WORKLOAD, 0},
	{"probe", cmd_probe, "this machine's GPUs as they report themselves (NVML)",
	 cli_probe_options, 0, 0},
	{"serve", cmd_serve, "the calculator as a local web page, with a JSON API", NULL, 0, 0},
	{"measure", cmd_measure, "run a command and record memory per phase, per GPU, per counter",
	 NULL, 0, 0},
	{"ladder", cmd_ladder, "the stepwise validation plan, and whether a measured run validates the sheet",
	 cli_ladder_options, CLI_WORKLOAD, 0},
	{"compare", cmd_compare, "an estimate against a measured run, phase by phase, and a justified margin",
	 cli_compare_options, 0, 2},
	{"diagnose", cmd_diagnose, "the first out-of-memory in a log: its phase and the change to try next",
	 cli_diagnose_options, CLI_WORKLOAD, 0},
	{"models", cmd_models,
	 "the model library built in: hub ids sized offline (family, parameters, context)",
	 cli_models_options, 0, 1},
	{"formats", cmd_formats, "the weight formats and the built-in device table",
	 cli_formats_options, 0, 0},
};
#define N_COMMANDS (sizeof commands / sizeof commands[0])

const cli_command *cli_command_named(const char *name)
{
	for (size_t i = 0; i < N_COMMANDS; i++)
		if (!strcmp(name, commands[i].name))
			return &commands[i];
	return NULL;
}

static void usage(FILE *f)
{
	fprintf(f, "usage: gpusizer COMMAND [args]\n\n"
	           "How much GPU memory does this exact workload need?\n\n"
	           "commands:\n");
	for (size_t i = 0; i < N_COMMANDS; i++)
		fprintf(f, "  %-10s %s\n", commands[i].name, commands[i].summary);
	fprintf(f,
	        "\ngpusizer COMMAND --help for its options; gpusizer --version.\n"
	        "Exit status: 0 ok (fits), 1 does not fit (or nothing measured), 2 usage or input error, 3 "
	        "environment, 4 fits only under a condition to confirm.\n");
}

int main(int argc, char **argv)
{
	int rc = -1;
	if (argc < 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	const char *cmd = argv[1];
	if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
		usage(stdout);
		rc = 0;
	} else if (strcmp(cmd, "--version") == 0) {
		printf("gpusizer %s\n", GS_VERSION);
		rc = 0;
	} else if (cli_command_named(cmd)) {
		rc = cli_command_named(cmd)->run(argc - 2, argv + 2);
	} else {
		const char *names[N_COMMANDS], *near;
		for (size_t i = 0; i < N_COMMANDS; i++)
			names[i] = commands[i].name;
		if ((near = gs_nearest(cmd, names, N_COMMANDS)))
			fprintf(stderr, "gpusizer: unknown command \"%s\"; did you mean %s?\n", cmd, near);
		else
			fprintf(stderr, "gpusizer: unknown command \"%s\"\n", cmd);
		usage(stderr);
		return EXIT_USAGE;
	}
	/* a failed write (full disk, closed pipe) must not look like success */
	if (fclose(stdout) != 0 && rc == 0) {
		fprintf(stderr, "gpusizer: error: cannot write the output\n");
		rc = EXIT_ENV;
	}
	return rc;
}
