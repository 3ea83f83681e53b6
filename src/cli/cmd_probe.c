/* cmd_probe.c — `gpusizer probe`: this machine's GPUs through NVML. */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "cli.h"
#include "gpusizer/probe.h"
#include "gpusizer/render.h"

const cli_option cli_probe_options[] = {
	{"--json", NULL, NULL, CLI_SWITCH, CLI_AT(json), "machine output, schema gpusizer/probe/v1"},
	{"--evidence", NULL, "FILE", CLI_TEXT, CLI_AT(evidence_out),
	 "write a memory evidence record for shortlist (GPU 0's device-reported capacity)"},
	{"--offer", NULL, "ID", CLI_TEXT, CLI_AT(offer),
	 "the offer the evidence record is for (default any)"},
	CLI_OPTIONS_END
};

int cmd_probe(int argc, char **argv)
{
	cli_args args;
	int rc = cli_parse(argc, argv, "probe", &args);
	if (rc)
		return rc;
	if (args.help) {
		printf("usage: gpusizer probe [--json] [--evidence FILE [--offer ID]]\n\n"
		       "The GPUs of this machine as they report themselves (NVML, loaded at run time): "
		       "name,\n"
		       "UUID, total/free/used bytes, compute capability, ECC and MIG modes, driver and CUDA\n"
		       "versions. --evidence writes a memory evidence record for shortlist (the "
		       "device-reported\n"
		       "capacity of GPU 0, with version and scope). Exit 3 without a driver or a GPU.\n\n");
		cli_print_options("probe");
		return 0;
	}
	bool json = args.json;
	const char *evidence = args.evidence_out, *offer = args.offer ? args.offer : "any";
	gs_probe p;
	gs_error err;
	gs_error_clear(&err);
	if (gs_probe_run(&p, &err))
		return cli_fail(&err);
	char a[48], b[48], c[48];
	if (json) {
		if (cli_put_json(gs_probe_to_json(&p)))
			return EXIT_ENV;
	} else {
		printf("driver %s, CUDA %d.%d (NVML: %s)\n", p.driver[0] ? p.driver : "unknown",
		       p.cuda / 1000, p.cuda % 1000 / 10, p.library);
		for (unsigned i = 0; i < p.n; i++) {
			const gs_gpu_info *g = &p.gpu[i];
			printf("GPU %u: %s %s, compute capability %d.%d, ECC %s, MIG %s\n", i, g->name,
			       g->uuid, g->cc_major, g->cc_minor,
			       g->ecc < 0 ? "n/a"
			       : g->ecc   ? "on"
			                  : "off",
			       g->mig < 0 ? "n/a"
			       : g->mig   ? "on"
			                  : "off");
			printf("  total %s (%llu B, device-reported), free %s, used %s\n",
			       gs_format_bytes(g->total, GS_UNIT_GiB, a, sizeof a),
			       (unsigned long long)g->total,
			       gs_format_bytes(g->free, GS_UNIT_GiB, b, sizeof b),
			       gs_format_bytes(g->used, GS_UNIT_GiB, c, sizeof c));
		}
	}
	if (evidence) {
		char host[128] = "unknown", date[16];
		gethostname(host, sizeof host - 1);
		time_t now = time(NULL);
		struct tm tm;
		gmtime_r(&now, &tm);
		strftime(date, sizeof date, "%Y-%m-%d", &tm);
		FILE *f = fopen(evidence, "w");
		if (!f || gs_probe_write_evidence(f, &p, 0, offer, host, date) || fclose(f)) {
			fprintf(stderr, "gpusizer probe: cannot write %s\n", evidence);
			return EXIT_ENV;
		}
	}
	return fflush(stdout) == 0 && !ferror(stdout) ? 0 : EXIT_ENV;
}
