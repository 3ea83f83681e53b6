/*
 * cmd_protocol.c — the measurement protocol around a run:
 *   gpusizer ladder SHEET [--run run.jsonl]   the stepwise validation plan, and whether a
 *                                            measured run validates the sheet
 *   gpusizer compare estimate.json run.jsonl  estimate vs measured per phase, and a margin
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "gpusizer/file.h"
#include "gpusizer/measure.h"
#include "gpusizer/render.h"

static char *slurp(const char *path, size_t *len)
{
	char *buf;
	gs_error err;
	if (gs_file_read(path, GS_RUN_MAX_FILE, "a run file", &buf, len, &err)) {
		cli_fail(&err);
		return NULL;
	}
	return buf;
}

static gs_run *load_run(const char *path, int *rc)
{
	size_t len;
	char *buf = slurp(path, &len);
	gs_run *r = buf ? malloc(sizeof *r) : NULL;
	gs_error err;
	*rc = 0;
	if (!buf || !r) {
		free(buf);
		free(r);
		*rc = buf ? EXIT_ENV : EXIT_USAGE;
		return NULL;
	}
	if (gs_run_load(buf, len, path, r, &err)) {
		*rc = cli_fail(&err);
		free(r);
		r = NULL;
	}
	free(buf);
	return r;
}

/* --- ladder ------------------------------------------------------------------------ */

int cmd_ladder(int argc, char **argv)
{
	const char *run_path = NULL;
	char *rest[64];
	int n = 0;
	for (int i = 0; i < argc && n < 63; i++) {
		if (!strcmp(argv[i], "--run") && i + 1 < argc)
			run_path = argv[++i];
		else
			rest[n++] = argv[i];
	}
	rest[n] = NULL;
	cli_args a;
	int rc = cli_parse(n, rest, "ladder", &a);
	if (rc)
		return rc;
	if (a.help) {
		printf("usage: gpusizer ladder SHEET [workload flags] [--run run.jsonl]\n\n"
		       "The stepwise validation plan: a short input and a small batch to catch preparation errors,\n"
		       "then a usual input, then the true limit of the sheet, each with its estimated peak. With\n"
		       "--run, whether a measured run validates the sheet: a run that executed fewer tokens,\n"
		       "sequences or a smaller microbatch than required does not, and says so (exit 1).\n");
		return 0;
	}
	gs_workload w;
	gs_model m;
	if ((rc = cli_workload_and_model(&a, &w, &m)))
		return rc;
	gs_error err;
	gs_error_clear(&err);
	bool training = gs_wl_training(&w);
	gs_field batch = training ? GS_F_MICROBATCH : GS_F_CONCURRENCY;
	uint64_t L = gs_wl_set(&w, GS_F_LENGTH) ? gs_wl_u64(&w, GS_F_LENGTH) : 0, B = gs_wl_u64(&w, batch);
	if (!L) {
		fprintf(stderr, "gpusizer ladder: the sheet needs a length (the limit to reach)\n");
		return EXIT_USAGE;
	}
	struct step {
		const char *what;
		uint64_t len, b;
	} steps[3] = {
		{"short input, small batch: catches preparation errors", L < 256 ? L : 256, 1},
		{"a usual input (a quarter of the limit unless you know yours)", L / 4 > 256 ? L / 4 : (L < 256 ? L : 256), B},
		{"the sheet's true limit", L, B},
	};
	gs_estimate *e = malloc(sizeof *e);
	if (!e)
		return EXIT_ENV;
	printf("validation ladder for %s (%s): run each step with gpusizer measure; stop at the first failure and\n"
	       "change one thing at a time\n", m.source, gs_wl_str(&w, GS_F_TASK));
	for (int s = 0; s < 3; s++) {
		gs_workload ws = w;
		char a1[32], a2[32], g[40];
		snprintf(a1, sizeof a1, "%llu", (unsigned long long)steps[s].len);
		snprintf(a2, sizeof a2, "%llu", (unsigned long long)steps[s].b);
		if (gs_workload_set(&ws, GS_F_LENGTH, a1, strlen(a1), GS_FROM_FLAG, "ladder", &err) ||
		    gs_workload_set(&ws, batch, a2, strlen(a2), GS_FROM_FLAG, "ladder", &err) || gs_estimate_run(&ws, &m, e, &err)) {
			free(e);
			return cli_fail(&err);
		}
		printf("  %d. %s: length %llu, %s %llu; estimated peak %s per GPU (%s)\n", s + 1, steps[s].what,
		       (unsigned long long)steps[s].len, training ? "microbatch" : "concurrency", (unsigned long long)steps[s].b,
		       gs_format_bytes(gs_estimate_peak(e), GS_UNIT_GiB, g, sizeof g), e->phases[e->peak_phase].id);
	}
	free(e);
	printf("a step validates only what it executed: record the dimensions (python/gpusizer_torch.py phase(...))\n");
	if (!run_path)
		return 0;
	gs_run *r = load_run(run_path, &rc);
	if (!r)
		return rc;
	uint64_t got_b = training ? (r->max_microbatch ? r->max_microbatch : r->max_sequences) : r->max_sequences;
	char why[400] = "";
	size_t k = 0;
	if (r->max_tokens < L)
		k += (size_t)snprintf(why + k, sizeof why - k, "%sexecuted %llu tokens, the sheet requires %llu", k ? "; " : "",
		                      (unsigned long long)r->max_tokens, (unsigned long long)L);
	if (got_b < B)
		k += (size_t)snprintf(why + k, sizeof why - k, "%sexecuted %s %llu, the sheet requires %llu", k ? "; " : "",
		                      training ? "microbatch" : "sequences", (unsigned long long)got_b, (unsigned long long)B);
	if (r->exited && (r->signal >= 0 || r->status != 0))
		k += (size_t)snprintf(why + k, sizeof why - k, "%sthe run ended with %s %d", k ? "; " : "",
		                      r->signal >= 0 ? "signal" : "status", r->signal >= 0 ? r->signal : r->status);
	if (!r->exited)
		k += (size_t)snprintf(why + k, sizeof why - k, "%sthe run file has no exit record", k ? "; " : "");
	if (k)
		printf("run %s does NOT validate the sheet: %s\n", run_path, why);
	else
		printf("run %s validates the sheet's dimensions: %llu tokens >= %llu, %s %llu >= %llu, exit 0\n", run_path,
		       (unsigned long long)r->max_tokens, (unsigned long long)L, training ? "microbatch" : "sequences",
		       (unsigned long long)got_b, (unsigned long long)B);
	free(r);
	return k ? EXIT_NO_FIT : 0;
}

/* --- compare ------------------------------------------------------------------------ */

int cmd_compare(int argc, char **argv)
{
	bool json = false;
	const char *files[2] = {NULL, NULL};
	int nf = 0;
	for (int i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "--json"))
			json = true;
		else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			printf("usage: gpusizer compare ESTIMATE.json RUN.jsonl [--json]\n\n"
			       "ESTIMATE.json from gpusizer estimate --json, RUN.jsonl from gpusizer measure. Per phase:\n"
			       "the estimated peak against the measured device use (NVML; PyTorch's reserved peak when\n"
			       "there is no NVML), the measured figures fed back as basis \"measured\", and a margin\n"
			       "proposed from the largest shortfall.\n");
			return 0;
		} else if (nf < 2)
			files[nf++] = argv[i];
		else {
			fprintf(stderr, "gpusizer compare: unexpected argument \"%s\"\n", argv[i]);
			return EXIT_USAGE;
		}
	}
	if (nf != 2) {
		fprintf(stderr, "gpusizer compare: give ESTIMATE.json and RUN.jsonl\n");
		return EXIT_USAGE;
	}
	json_error_t je;
	json_t *est = json_load_file(files[0], JSON_REJECT_DUPLICATES, &je);
	if (!est || strcmp(json_string_value(json_object_get(est, "schema")) ? json_string_value(json_object_get(est, "schema")) : "",
	                   "gpusizer/estimate/v1")) {
		fprintf(stderr, "gpusizer: error: %s:%d:%d: expected the JSON of gpusizer estimate --json (schema "
		        "gpusizer/estimate/v1)%s%s\n", files[0], je.line, je.column, est ? "" : ": ", est ? "" : je.text);
		json_decref(est);
		return EXIT_USAGE;
	}
	int rc;
	gs_run *r = load_run(files[1], &rc);
	if (!r) {
		json_decref(est);
		return rc;
	}
	json_t *rows = json_array(), *measured = json_array();
	size_t compared = 0; /* phase x GPU pairs with a measured counter */
	int64_t worst = 0;
	char worst_phase[32] = "";
	json_t *phases = json_object_get(est, "phases");
	if (!json) printf("%-14s %-4s %-22s %-22s %-9s %s\n", "phase", "gpu", "estimated peak", "measured", "counter", "difference");
	for (size_t i = 0; i < json_array_size(phases); i++) {
		json_t *ph = json_array_get(phases, i);
		const char *id = json_string_value(json_object_get(ph, "id"));
		gs_bytes est_b = (gs_bytes)json_integer_value(json_object_get(ph, "peak_bytes"));
		for (size_t k = 0; id && k < r->nphases; k++) {
			if (strcmp(r->phases[k].name, id))
				continue;
			for (unsigned g = 0; g < (r->ngpus ? r->ngpus : 1); g++) {
				const gs_run_counters *c = &r->phases[k].gpu[g];
				if (!c->has_device && !c->has_torch)
					continue;
				compared++;
				gs_bytes got = c->has_device ? c->device_used : c->reserved;
				const char *counter = c->has_device ? "device" : "reserved";
				int64_t diff = (int64_t)got - (int64_t)est_b;
				if (diff > worst) {
					worst = diff;
					snprintf(worst_phase, sizeof worst_phase, "%s", id);
				}
				char a[40], b[40], d[40];
				gs_format_bytes(est_b, GS_UNIT_GiB, a, sizeof a);
				gs_format_bytes(got, GS_UNIT_GiB, b, sizeof b);
				gs_format_bytes((gs_bytes)(diff < 0 ? -diff : diff), GS_UNIT_GiB, d, sizeof d);
				if (!json)
					printf("%-14s %-4u %-22s %-22s %-9s %s%s (%+.1f %%)\n", id, g, a, b, counter, diff < 0 ? "-" : "+", d,
					       est_b ? 100.0 * (double)diff / (double)est_b : 0.0);
				json_array_append_new(rows, json_pack("{s:s, s:i, s:I, s:I, s:s, s:I}", "phase", id, "gpu", (int)g,
				                                      "estimated_bytes", (json_int_t)est_b, "measured_bytes", (json_int_t)got,
				                                      "counter", counter, "difference_bytes", (json_int_t)diff));
				json_array_append_new(measured, json_pack("{s:s, s:s, s:i, s:I, s:s, s:s}", "id", "measured_peak", "phase", id,
				                                          "gpu", (int)g, "bytes", (json_int_t)got, "basis", "measured",
				                                          "counter", counter));
			}
		}
	}
	if (!compared) { /* nothing to compare with: no verdict, and not a pass */
		if (json) {
			json_t *o = json_pack("{s:s, s:o, s:o, s:n, s:s}", "schema", "gpusizer/compare/v1", "phases", rows,
			                      "measured_items", measured, "proposed_margin_bytes", "nothing_measured",
			                      r->samples ? "no sample fell in a phase the estimate has" : "the run has no samples");
			json_dumpf(o, stdout, JSON_INDENT(2));
			putchar('\n');
			json_decref(o);
		} else {
			json_decref(rows);
			json_decref(measured);
			printf("nothing was measured in a phase of the estimate (%llu samples, %zu phases in the run): no "
			       "margin can be proposed; run gpusizer measure around the workload with phase markers\n",
			       (unsigned long long)r->samples, r->nphases);
		}
		json_decref(est);
		free(r);
		return EXIT_NO_FIT;
	}
	/* the margin the measurement justifies: the largest shortfall, rounded up to 256 MiB */
	gs_bytes margin = worst > 0 ? ((gs_bytes)worst + (256ull << 20) - 1) / (256ull << 20) * (256ull << 20) : 0;
	char m[40];
	gs_format_bytes(margin, GS_UNIT_GiB, m, sizeof m);
	if (json) {
		json_t *o = json_pack("{s:s, s:o, s:o, s:I, s:s}", "schema", "gpusizer/compare/v1", "phases", rows, "measured_items",
		                      measured, "proposed_margin_bytes", (json_int_t)margin, "justified_by", worst_phase);
		json_dumpf(o, stdout, JSON_INDENT(2));
		putchar('\n');
		json_decref(o);
	} else {
		json_decref(rows);
		json_decref(measured);
		if (margin)
			printf("proposed margin: %s: the measured peak of %s exceeded the estimate by that much (rounded up to 256 MiB); "
			       "add it as the reserve, or calibrate the item that differs\n", m, worst_phase);
		else
			printf("proposed margin: none beyond the estimate's own reserve: every measured phase stayed at or under it\n");
	}
	json_decref(est);
	free(r);
	return 0;
}
