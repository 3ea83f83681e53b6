/*
 * main.c — gpusizer's command line: a thin shell over libgpusizer.
 * Human text to stdout, diagnostics to stderr; exit 0 ok, 1 "does not
 * fit", 2 usage or input error, 3 environment error.
 */
#include <stdio.h>
#include <string.h>
#include "cli.h"

#ifndef GS_VERSION
#define GS_VERSION "dev"
#endif

static void usage(FILE *f)
{
	fprintf(f, "usage: gpusizer COMMAND [args]\n\n"
	           "How much GPU memory does this exact workload need?\n\n"
	           "commands:\n"
	           "  estimate   itemized memory per phase for an inference workload\n"
	           "  fit        largest context or concurrency that fits a GPU or capacity\n"
	           "  shortlist  which offers can carry the workload: admissible, to confirm, excluded; ranked\n"
	           "  sheet      the one-page sizing sheet (Markdown, --json, --html)\n"
	           "  probe      this machine's GPUs as they report themselves (NVML)\n"
	           "  serve      the calculator as a local web page, with a JSON API\n"
	           "  measure    run a command and record memory per phase, per GPU, per counter\n"
	           "  ladder     the stepwise validation plan, and whether a measured run validates the sheet\n"
	           "  compare    an estimate against a measured run, phase by phase, and a justified margin\n"
	           "  diagnose   the first out-of-memory in a log: its phase and the change to try next\n"
	           "  formats    the weight formats and the built-in device table\n\n"
	           "gpusizer COMMAND --help for its options; gpusizer --version.\n");
}

int main(int argc, char **argv)
{
	int rc;
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
	} else if (strcmp(cmd, "estimate") == 0) {
		rc = cmd_estimate(argc - 2, argv + 2);
	} else if (strcmp(cmd, "fit") == 0) {
		rc = cmd_fit(argc - 2, argv + 2);
	} else if (strcmp(cmd, "shortlist") == 0) {
		rc = cmd_shortlist(argc - 2, argv + 2);
	} else if (strcmp(cmd, "sheet") == 0) {
		rc = cmd_sheet(argc - 2, argv + 2);
	} else if (strcmp(cmd, "ladder") == 0) {
		rc = cmd_ladder(argc - 2, argv + 2);
	} else if (strcmp(cmd, "compare") == 0) {
		rc = cmd_compare(argc - 2, argv + 2);
	} else if (strcmp(cmd, "measure") == 0) {
		rc = cmd_measure(argc - 2, argv + 2);
	} else if (strcmp(cmd, "diagnose") == 0) {
		rc = cmd_diagnose(argc - 2, argv + 2);
	} else if (strcmp(cmd, "serve") == 0) {
		rc = cmd_serve(argc - 2, argv + 2);
	} else if (strcmp(cmd, "probe") == 0) {
		rc = cmd_probe(argc - 2, argv + 2);
	} else if (strcmp(cmd, "formats") == 0) {
		rc = cmd_formats(argc - 2, argv + 2);
	} else {
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
