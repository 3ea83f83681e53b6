/* args.c — argument parsing shared by the subcommands. */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include "cli.h"
#include "gpusizer/file.h"
#include "gpusizer/measure.h"
#include "gpusizer/measured.h"
#include "gpusizer/hub.h"
#include "gpusizer/resolve.h"

int cli_fail(const gs_error *err)
{
	fprintf(stderr, "gpusizer: error: %s\n", err->msg[0] ? err->msg : gs_strerror(err->code));
	switch (err->code) {
	case GS_ENOMEM:
	case GS_ENET:
	case GS_ETIME:
	case GS_ENODEV: return EXIT_ENV;
	default: return EXIT_USAGE;
	}
}

void cli_print_fields(void)
{
	printf("  --verbose, -v               also say on stderr what was read (hub transfers, tensor-table size)\n\n"
	       "Workload fields (sheet key, or the same name as a flag; flags override the sheet;\n"
	       "token counts take 8k = 8192, parameter counts 7B = 7e9):\n");
	for (int f = 0; f < GS_F__COUNT; f++) {
		char flag[48];
		gs_field_flag((gs_field)f, flag, sizeof flag);
		if (f == GS_F_LENGTH)
			snprintf(flag, sizeof flag, "--context, --length");
		printf("  %-28s %s\n", flag, gs_field_help((gs_field)f));
	}
}

static bool ends_with(const char *s, const char *suf)
{
	size_t n = strlen(s), m = strlen(suf);
	return n >= m && strcmp(s + n - m, suf) == 0;
}

/* The commands that take measured runs (--run) and a failed run (--oom). */
static bool runs_allowed(const char *cmd)
{
	return !strcmp(cmd, "estimate") || !strcmp(cmd, "sheet") || !strcmp(cmd, "shortlist");
}

/* A switch without a value (--json, --verbose, ...); true when it was one. */
static bool switch_option(const char *arg, const char *cmd, cli_args *a)
{
	if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0)
		a->help = true;
	else if (strcmp(arg, "--json") == 0)
		a->json = true;
	else if (strcmp(arg, "--markdown") == 0)
		a->markdown = true;
	else if (strcmp(arg, "--html") == 0 && strcmp(cmd, "sheet") == 0)
		a->html = true;
	else if (strcmp(arg, "--verbose") == 0 || strcmp(arg, "-v") == 0)
		a->verbose = true;
	else if (strcmp(arg, "--force-run") == 0 && runs_allowed(cmd))
		a->force_run = true;
	else if (strcmp(arg, "--library") == 0 && strcmp(cmd, "matrix") == 0)
		a->library = true;
	else
		return false;
	return true;
}

/* A word that is not an option: a sheet (by its extension) or the model. */
static int positional(const char *arg, const char *cmd, cli_args *a)
{
	if (ends_with(arg, ".yaml") || ends_with(arg, ".yml") || ends_with(arg, ".sheet.json")) {
		if (a->sheet) {
			fprintf(stderr, "gpusizer %s: two sheets given (%s, %s)\n", cmd, a->sheet, arg);
			return EXIT_USAGE;
		}
		a->sheet = arg;
	} else if (!strcmp(cmd, "matrix")) { /* one row per model */
		if (a->n_models == sizeof a->models / sizeof a->models[0]) {
			fprintf(stderr, "gpusizer matrix: at most %zu models\n", sizeof a->models / sizeof a->models[0]);
			return EXIT_USAGE;
		}
		a->models[a->n_models++] = arg;
	} else if (a->positional) {
		fprintf(stderr, "gpusizer %s: unexpected argument \"%s\" (model already %s)\n", cmd, arg, a->positional);
		return EXIT_USAGE;
	} else {
		a->positional = arg;
	}
	return 0;
}

/* --name VALUE: the command's own options, else a workload field. */
static int valued_option(const char *name, const char *value, const char *cmd, cli_args *a)
{
	bool offers = !strcmp(cmd, "shortlist") || !strcmp(cmd, "sheet");
	if (strcmp(name, "--sheet") == 0) {
		a->sheet = value;
	} else if (strcmp(name, "--units") == 0) {
		gs_error err;
		if (gs_parse_unit(value, &a->unit, &err))
			return cli_fail(&err);
	} else if (strcmp(name, "--catalog") == 0 && offers) {
		a->catalog = value;
	} else if (strcmp(name, "--evidence") == 0 && offers) {
		if (a->n_evidence == 8) {
			fprintf(stderr, "gpusizer %s: at most 8 --evidence files\n", cmd);
			return EXIT_USAGE;
		}
		a->evidence[a->n_evidence++] = value;
	} else if (strcmp(name, "--run") == 0 && runs_allowed(cmd)) {
		if (a->n_runs == 8) {
			fprintf(stderr, "gpusizer %s: at most 8 --run files\n", cmd);
			return EXIT_USAGE;
		}
		a->runs[a->n_runs++] = value;
	} else if (strcmp(name, "--oom") == 0 && offers) {
		a->oom = value;
	} else if (strcmp(name, "--formats") == 0 && strcmp(cmd, "matrix") == 0) {
		a->formats = value;
	} else if (strcmp(name, "--models-dir") == 0 && strcmp(cmd, "matrix") == 0) {
		a->models_dir = value;
	} else if (strcmp(name, "--for") == 0 && strcmp(cmd, "fit") == 0) {
		a->fit_for = value; /* checked by the library's plan (gs_fit_plan) */
	} else {
		int f = gs_field_by_flag(name);
		if (f < 0) {
			static const char *const own[] = {"--help", "--json", "--markdown", "--html", "--verbose", "--force-run",
			                                  "--library", "--sheet", "--units", "--catalog", "--evidence", "--run",
			                                  "--oom", "--formats", "--models-dir", "--for", "--conservative",
			                                  "--imatrix"};
			char near[64];
			if (gs_flag_suggest(name, own, sizeof own / sizeof *own, near, sizeof near))
				fprintf(stderr, "gpusizer %s: unknown option \"%s\"; did you mean %s? (see gpusizer %s --help)\n",
				        cmd, name, near, cmd);
			else
				fprintf(stderr, "gpusizer %s: unknown option \"%s\" (see gpusizer %s --help)\n", cmd, name, cmd);
			return EXIT_USAGE;
		}
		if (a->n_flags == CLI_MAX_FLAGS) {
			fprintf(stderr, "gpusizer %s: too many options\n", cmd);
			return EXIT_USAGE;
		}
		cli_flag *fl = &a->flags[a->n_flags++];
		fl->field = f;
		fl->value = value;
		snprintf(fl->where, sizeof fl->where, "%s", name);
	}
	return 0;
}

int cli_parse(int argc, char **argv, const char *cmd, cli_args *a)
{
	memset(a, 0, sizeof *a);
	a->cmd = cmd;
	a->unit = GS_UNIT_GiB;
	for (int i = 0; i < argc; i++) {
		const char *arg = argv[i];
		int rc;
		if (switch_option(arg, cmd, a))
			continue;
		if (strncmp(arg, "--", 2) != 0) {
			if ((rc = positional(arg, cmd, a)))
				return rc;
			continue;
		}
		/* --conservative and --imatrix alone are --conservative yes, --imatrix yes */
		if ((strcmp(arg, "--conservative") == 0 || strcmp(arg, "--imatrix") == 0) &&
		    (i + 1 >= argc || (strcmp(argv[i + 1], "yes") != 0 && strcmp(argv[i + 1], "no") != 0))) {
			if ((rc = valued_option(arg, "yes", cmd, a)))
				return rc;
			continue;
		}
		/* --name VALUE or --name=VALUE */
		char name[64];
		const char *eq = strchr(arg, '='), *value;
		size_t n = eq ? (size_t)(eq - arg) : strlen(arg);
		if (n >= sizeof name) {
			fprintf(stderr, "gpusizer %s: unknown option \"%.60s\"\n", cmd, arg);
			return EXIT_USAGE;
		}
		memcpy(name, arg, n);
		name[n] = 0;
		if (eq) {
			value = eq + 1;
		} else if (i + 1 < argc) {
			value = argv[++i];
		} else {
			fprintf(stderr, "gpusizer %s: option %s needs a value\n", cmd, name);
			return EXIT_USAGE;
		}
		if ((rc = valued_option(name, value, cmd, a)))
			return rc;
	}
	return 0;
}

int cli_workload(const cli_args *a, int skip, bool finish, gs_workload *w)
{
	gs_error err;
	gs_error_clear(&err);
	gs_workload_init(w);
	if (a->sheet && gs_sheet_load_file(a->sheet, w, &err))
		return cli_fail(&err);
	if (a->positional) {
		struct stat st;
		if (stat(a->positional, &st) != 0 && !gs_hub_is_id(a->positional) && !gs_ollama_tag_is(a->positional)) {
			char latest[128];
			snprintf(latest, sizeof latest, "%.100s:latest", a->positional);
			fprintf(stderr, "gpusizer: error: %s: no such file or folder, and not a hub id%s%s%s; expected a "
			        "config.json, a model folder, a .gguf or .safetensors file, a .yaml sheet, "
			        "org/name[@revision], or an Ollama tag (llama3.1:8b-instruct-q4_K_M)\n", a->positional,
			        gs_ollama_tag_is(latest) ? " (the Ollama tag is " : "", gs_ollama_tag_is(latest) ? latest : "",
			        gs_ollama_tag_is(latest) ? ")" : "");
			return EXIT_USAGE;
		}
		if (gs_workload_set(w, GS_F_MODEL, a->positional, strlen(a->positional), GS_FROM_FLAG,
		                    "argument", &err))
			return cli_fail(&err);
	}
	for (size_t i = 0; i < a->n_flags; i++) {
		const cli_flag *fl = &a->flags[i];
		if (fl->field == skip)
			continue;
		if (gs_workload_set(w, (gs_field)fl->field, fl->value, strlen(fl->value), GS_FROM_FLAG,
		                    fl->where, &err))
			return cli_fail(&err);
	}
	/* a flag for model replaces a sheet's params and vice versa */
	for (size_t i = 0; i < a->n_flags; i++) {
		if (a->flags[i].field == GS_F_MODEL && w->v[GS_F_PARAMS].from == GS_FROM_SHEET)
			w->v[GS_F_PARAMS].from = GS_FROM_UNSET;
		if (a->flags[i].field == GS_F_PARAMS && w->v[GS_F_MODEL].from == GS_FROM_SHEET)
			w->v[GS_F_MODEL].from = GS_FROM_UNSET;
		if (a->flags[i].field == GS_F_BITS && w->v[GS_F_FORMAT].from == GS_FROM_SHEET)
			w->v[GS_F_FORMAT].from = GS_FROM_UNSET;
		if (a->flags[i].field == GS_F_FORMAT && w->v[GS_F_BITS].from == GS_FROM_SHEET)
			w->v[GS_F_BITS].from = GS_FROM_UNSET;
	}
	if (a->positional && w->v[GS_F_PARAMS].from == GS_FROM_SHEET)
		w->v[GS_F_PARAMS].from = GS_FROM_UNSET;
	if (finish && gs_workload_finish(w, &err))
		return cli_fail(&err);
	return 0;
}

void cli_report_model(const cli_args *a, const gs_model *m)
{
	if (!a->verbose)
		return;
	if (m->hub_requests || m->hub_from_cache)
		fprintf(stderr, "gpusizer: hub %s at commit %s: %llu bytes transferred in %llu requests (%llu retries)%s\n",
		        m->hub_repo, m->revision, (unsigned long long)m->hub_bytes, (unsigned long long)m->hub_requests,
		        (unsigned long long)m->hub_retries, m->hub_from_cache ? ", from the cache" : "");
	if (m->has_inventory)
		fprintf(stderr, "gpusizer: tensor table: %llu tensors, %llu header bytes read\n",
		        (unsigned long long)m->inv.tensors, (unsigned long long)m->inv.header_bytes);
}

int cli_workload_and_model(const cli_args *a, gs_workload *w, gs_model *m)
{
	int rc = cli_workload(a, -1, true, w);
	if (rc)
		return rc;
	gs_error err;
	gs_error_clear(&err);
	if (gs_workload_model(w, m, &err))
		return cli_fail(&err);
	cli_report_model(a, m);
	return 0;
}

/* The sheet's `runs`: file names separated by commas. */
static int sheet_runs(const cli_args *a, gs_estimate *e, gs_measurements *ms)
{
	const gs_workload *w = &e->workload;
	if (!gs_wl_set(w, GS_F_RUNS))
		return 0;
	const char *p = gs_wl_str(w, GS_F_RUNS);
	while (*p) {
		while (*p == ' ' || *p == ',')
			p++;
		size_t n = strcspn(p, ",");
		while (n && p[n - 1] == ' ')
			n--;
		if (!n)
			break;
		char path[1024];
		snprintf(path, sizeof path, "%.*s", (int)(n < sizeof path - 1 ? n : sizeof path - 1), p);
		gs_error err;
		gs_error_clear(&err);
		if (gs_measurements_add_run(ms, e, path, a->sheet, a->force_run, &err))
			return cli_fail(&err);
		p += strcspn(p, ",");
	}
	return 0;
}

int cli_measurements(const cli_args *a, gs_estimate *e, gs_measurements **out)
{
	*out = NULL;
	if (!a->n_runs && !a->oom && !gs_wl_set(&e->workload, GS_F_RUNS))
		return 0;
	gs_measurements *ms = malloc(sizeof *ms);
	if (!ms)
		return EXIT_ENV;
	gs_measurements_init(ms);
	gs_error err;
	gs_error_clear(&err);
	int rc = sheet_runs(a, e, ms);
	for (size_t i = 0; !rc && i < a->n_runs; i++)
		if (gs_measurements_add_run(ms, e, a->runs[i], a->sheet, a->force_run, &err))
			rc = cli_fail(&err);
	if (!rc && a->oom && gs_measurements_add_oom(ms, a->oom, &err))
		rc = cli_fail(&err);
	if (rc) {
		free(ms);
		return rc;
	}
	gs_measurements_apply(ms, e);
	*out = ms;
	return 0;
}

gs_run *cli_load_run(const char *path, int *rc)
{
	char *buf;
	size_t len;
	gs_error err;
	*rc = 0;
	if (gs_file_read(path, GS_RUN_MAX_FILE, "a run file", &buf, &len, &err)) {
		*rc = EXIT_USAGE;
		cli_fail(&err);
		return NULL;
	}
	gs_run *r = malloc(sizeof *r);
	if (!r) {
		free(buf);
		*rc = EXIT_ENV;
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
