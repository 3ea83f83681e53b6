/* cmd_diagnose.c — `gpusizer diagnose LOG [SHEET]`: the first out-of-memory,
 * its phase, and the single changes to try, ranked by predicted saving. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "gpusizer/api.h"
#include "gpusizer/diagnose.h"
#include "gpusizer/file.h"
#include "gpusizer/fit.h"
#include "gpusizer/measure.h"
#include "gpusizer/render.h"

#define MAX_LOG_READ GS_DIAGNOSE_MAX_LOG

static void figure(const char *name, bool has, gs_bytes b, bool *first)
{
	char g[40];
	if (!has)
		return;
	printf("%s%s %s", *first ? "  " : "; ", name,
	       gs_format_bytes(b, b >= GS_GiB ? GS_UNIT_GiB : GS_UNIT_MiB, g, sizeof g));
	*first = false;
}

/* The first out-of-memory in the log at `path`: 0, or an exit code. */
static int read_oom(const char *path, gs_oom *o)
{
	char *buf;
	size_t len;
	gs_error ferr;
	if (gs_file_read(path, MAX_LOG_READ, "a log (cut it to the lines around the failure)", &buf, &len,
	                 &ferr))
		return cli_fail(&ferr);
	bool found = gs_diagnose_log(buf, len, o);
	free(buf);
	if (!found) {
		fprintf(stderr,
		        "gpusizer: error: %s: no out-of-memory message found; expected PyTorch's \"CUDA out "
		        "of memory\", "
		        "llama.cpp's \"cudaMalloc failed\" or \"failed to allocate\", vLLM's KV-cache errors "
		        "or SGLang's \"Not enough "
		        "memory\"\n",
		        path);
		return EXIT_USAGE;
	}
	return 0;
}

/* --run FILE: the phase a measured run had open when it ended is the phase
 * that failed. 0, or an exit code. */
static int phase_from_run(const char *run_path, gs_oom *o)
{
	char *rb = NULL;
	size_t rl = 0;
	gs_error rerr;
	if (gs_file_read(run_path, MAX_LOG_READ, "a run file", &rb, &rl, &rerr))
		return cli_fail(&rerr);
	gs_run *run = malloc(sizeof *run);
	if (!run || gs_run_load(rb, rl, run_path, run, &rerr)) {
		fprintf(stderr, "gpusizer: error: %s\n", run ? rerr.msg : "out of memory");
		free(rb);
		free(run);
		return EXIT_USAGE;
	}
	gs_oom_phase_from_run(o, run, run_path);
	free(rb);
	free(run);
	return 0;
}

/* The workload's estimate and the single changes that act on the failing
 * phase (gs_remedies_find, shared with the API). */
static int find_remedies(const cli_args *a, const gs_oom *o, gs_remedies *r)
{
	gs_workload w;
	gs_model m;
	gs_error err;
	gs_error_clear(&err);
	int rc = cli_workload(a, -1, true, &w);
	if (rc)
		return rc;
	if (gs_workload_model(&w, &m, &err) || gs_remedies_find(&w, &m, o, r, &err))
		return cli_fail(&err);
	return 0;
}

static void print_text(const char *log, const gs_oom *o, const gs_remedies *r)
{
	char g[40], h[40];
	printf("first out-of-memory: %s line %u: %s\n", log, o->line, gs_oom_kind_name(o->kind));
	if (o->gpu >= 0)
		printf("  on GPU %d\n", o->gpu);
	bool first = true;
	figure("requested", o->has_requested, o->requested, &first);
	figure("capacity", o->has_capacity, o->capacity, &first);
	figure("free", o->has_free, o->free, &first);
	figure("in use by this process", o->has_process, o->process, &first);
	figure("allocated by PyTorch", o->has_allocated, o->allocated, &first);
	figure("reserved but unallocated", o->has_reserved, o->reserved_unallocated, &first);
	if (o->kind == GS_OOM_VLLM_KV)
		printf("%smax_model_len %llu tokens; the KV cache holds %llu", first ? "  " : "; ",
		       (unsigned long long)o->max_model_len, (unsigned long long)o->kv_tokens), first = false;
	if (!first)
		putchar('\n');
	printf("phase: %s (from: \"%s\")\nlikely items: %s\n", o->phase, o->phase_why, o->items);
	if (o->has_reserved && o->has_capacity && o->reserved_unallocated * 20 > o->capacity)
		printf("note: %s reserved but unallocated (over 5 %% of %s): fragmentation; "
		       "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True may recover part of it\n",
		       gs_format_bytes(o->reserved_unallocated, GS_UNIT_GiB, g, sizeof g),
		       gs_format_bytes(o->capacity, GS_UNIT_GiB, h, sizeof h));
	if (r) {
		printf("estimate for the workload: peak %s in phase %s\n",
		       gs_format_bytes(gs_estimate_peak(&r->e), GS_UNIT_GiB, g, sizeof g),
		       r->e.phases[r->e.peak_phase].id);
		gs_pool_view v;
		gs_pool_view_of(&r->e, &v);
		if (v.known)
			gs_render_pool_text(stdout, &v, "  ");
		gs_render_changes_text(stdout, r->ch, r->nch, r->peak_now, r->cap, NULL);
		printf("one change at a time: re-check quality after a format change, coverage after a "
		       "shorter length\n");
	} else {
		printf("give the workload (a sheet or --model/--params with its flags) for single changes "
		       "with their "
		       "predicted savings\n");
	}
}

const cli_option cli_diagnose_options[] = {
	{"--run", NULL, "FILE", CLI_TEXT, CLI_AT(run),
	 "a run of gpusizer measure: the phase still open when it ended failed"},
	{"--json", NULL, NULL, CLI_SWITCH, CLI_AT(json), "machine output, schema gpusizer/diagnose/v1"},
	CLI_OPTIONS_END
};

int cmd_diagnose(int argc, char **argv)
{
	if (argc < 1 || !strcmp(argv[0], "--help") || !strcmp(argv[0], "-h")) {
		printf("usage: gpusizer diagnose LOG [SHEET.yaml | MODEL] [workload flags] [--run run.jsonl] "
		       "[--json]\n\n"
		       "Finds the first out-of-memory in LOG (PyTorch, llama.cpp, vLLM, SGLang), the figures "
		       "it states and\n"
		       "the phase it happened in. With the workload (a sheet or flags), ranks the single "
		       "changes\n"
		       "that lower that phase's memory by the saving the estimator predicts, each with what "
		       "must be\n"
		       "re-checked. --run: a run of gpusizer measure; the phase still open when it ended is "
		       "the\n"
		       "phase that failed. Exit 2 when no out-of-memory message is found.\n\n");
		cli_print_options("diagnose");
		return argc < 1 ? EXIT_USAGE : 0;
	}
	const char *log = argv[0];
	gs_oom o;
	int rc = read_oom(log, &o);
	if (rc)
		return rc;
	cli_args a;
	if ((rc = cli_parse(argc - 1, argv + 1, "diagnose", &a)))
		return rc;
	if (a.run && (rc = phase_from_run(a.run, &o)))
		return rc;
	bool have_workload = a.sheet || a.positional;
	for (size_t i = 0; i < a.n_flags; i++)
		have_workload |= a.flags[i].field == GS_F_MODEL || a.flags[i].field == GS_F_PARAMS;
	gs_remedies *r = NULL;
	if (have_workload && (!(r = malloc(sizeof *r)) || (rc = find_remedies(&a, &o, r)))) {
		free(r);
		return r ? rc : EXIT_ENV;
	}
	if (a.json) {
		json_t *j = gs_oom_to_json(&o,
		                           r ? gs_changes_to_json(r->ch, r->nch, r->peak_now, r->cap) : NULL);
		if (cli_put_json(j)) {
			free(r);
			return EXIT_ENV;
		}
	} else {
		print_text(log, &o, r);
	}
	free(r);
	if (fflush(stdout) || ferror(stdout))
		return EXIT_ENV;
	return 0;
}
