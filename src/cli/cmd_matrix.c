/* cmd_matrix.c — `gpusizer matrix`: what fits on this GPU, model by format. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "gpusizer/library.h"
#include "gpusizer/matrix.h"

const cli_option cli_matrix_options[] = {
	{"--formats", NULL, "LIST", CLI_TEXT, CLI_AT(formats),
	 "comma-separated columns, e.g. bf16,fp8,awq or q8_0,q4_k_m (the formats are\n"
	 "the columns: not --format or --bits)"},
	{"--library", NULL, NULL, CLI_SWITCH, CLI_AT(library),
	 "every model of the built-in library, sized offline (gpusizer models)"},
	{"--models-dir", NULL, "DIR", CLI_TEXT, CLI_AT(models_dir), "every *.json in DIR, sorted by name"},
	{"--json", NULL, NULL, CLI_SWITCH, CLI_AT(json), "machine output, schema gpusizer/matrix/v1"},
	{"--markdown", NULL, NULL, CLI_SWITCH, CLI_AT(markdown), "a Markdown table"},
	CLI_OPTIONS_END
};

static void usage(void)
{
	printf("usage: gpusizer matrix [MODEL ...] [--library] [--models-dir DIR] (--gpu NAME | --capacity "
	       "SIZE)\n"
	       "                      [--formats LIST]\n"
	       "                      [--runtime R] [--task inference|lora|qlora] [--context N | "
	       "--concurrency N]\n"
	       "                      [--json | --markdown]\n\n"
	       "What fits on this GPU: one row per model (config.json files, model folders, .gguf files,\n"
	       "hub ids, every model of the built-in library (--library, gpusizer models), or every .json "
	       "of\n"
	       "--models-dir), one column per format (default: bf16, fp8,\n"
	       "int8, nf4; for llama.cpp and Ollama Q8_0, Q6_K, Q5_K_M, Q4_K_M, Q3_K_M, Q2_K). Each cell\n"
	       "is the largest context (or, with --context, the largest concurrency, or microbatch for\n"
	       "adaptation) that fits, by the exact search of gpusizer fit, or x with the reason.\n"
	       "Exit 2 without a model or a capacity, or when a model cannot be read (its row says "
	       "why).\n\n");
	cli_print_options("matrix");
	putchar('\n');
	cli_print_fields();
}

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Every *.json of dir, sorted; names are allocated into `store`. */
static int models_dir(const char *dir, const char **models, size_t *n, char *store, size_t cap)
{
	DIR *d = opendir(dir);
	if (!d) {
		fprintf(stderr, "gpusizer matrix: --models-dir %s: cannot open the folder: %s\n", dir,
		        strerror(errno));
		return EXIT_USAGE;
	}
	struct dirent *de;
	size_t used = 0;
	char *names[GS_MATRIX_MAX_MODELS];
	size_t k = 0;
	while ((de = readdir(d)) != NULL) {
		size_t len = strlen(de->d_name);
		if (len < 6 || strcmp(de->d_name + len - 5, ".json") || de->d_name[0] == '.')
			continue;
		if (*n + k >= GS_MATRIX_MAX_MODELS || used + strlen(dir) + len + 2 > cap) {
			closedir(d);
			fprintf(stderr, "gpusizer matrix: at most %d models\n", GS_MATRIX_MAX_MODELS);
			return EXIT_USAGE;
		}
		names[k++] = store + used;
		used += (size_t)snprintf(store + used, cap - used, "%s/%s", dir, de->d_name) + 1;
	}
	closedir(d);
	qsort(names, k, sizeof names[0], by_name);
	for (size_t i = 0; i < k; i++)
		models[(*n)++] = names[i];
	return 0;
}

/* Split a comma list into formats. */
static size_t split_formats(const char *list, char out[][40], size_t cap)
{
	size_t n = 0;
	for (const char *p = list; *p && n < cap;) {
		size_t len = strcspn(p, ",");
		if (len)
			snprintf(out[n++], 40, "%.*s", (int)(len < 39 ? len : 39), p);
		p += len + (p[len] == ',');
	}
	return n;
}

int cmd_matrix(int argc, char **argv)
{
	cli_args a;
	int rc = cli_parse(argc, argv, "matrix", &a);
	if (rc)
		return rc;
	if (a.help) {
		usage();
		return 0;
	}
	_Static_assert(sizeof a.models / sizeof a.models[0] <= GS_MATRIX_MAX_MODELS, "a matrix holds every "
	                                                                             "positional model");
	const char *models[GS_MATRIX_MAX_MODELS];
	size_t n = a.n_models;
	memcpy(models, a.models, n * sizeof models[0]);
	static char store[GS_MATRIX_MAX_MODELS * 600];
	if (a.models_dir && (rc = models_dir(a.models_dir, models, &n, store, sizeof store)))
		return rc;
	static gs_library_entry library[GS_MATRIX_MAX_MODELS];
	for (size_t i = 0, nl = gs_library_count(); a.library && i < nl; i++) {
		gs_error err;
		gs_error_clear(&err);
		if (n == GS_MATRIX_MAX_MODELS) {
			fprintf(stderr, "gpusizer matrix: at most %d models\n", GS_MATRIX_MAX_MODELS);
			return EXIT_USAGE;
		}
		if (gs_library_at(i, &library[i], &err))
			return cli_fail(&err);
		models[n++] = library[i].id;
	}
	gs_workload base;
	if ((rc = cli_workload(&a, -1, false, &base)))
		return rc;
	/* a sheet's model is a row too */
	if (!n && gs_wl_set(&base, GS_F_MODEL))
		models[n++] = gs_wl_str(&base, GS_F_MODEL);
	base.v[GS_F_MODEL].from = GS_FROM_UNSET;
	gs_error err;
	gs_error_clear(&err);
	char cols[GS_MATRIX_MAX_FORMATS][40];
	size_t nf = a.formats ? split_formats(a.formats, cols, GS_MATRIX_MAX_FORMATS)
	                      /* unset, the runtime and task read as their defaults (index 0) */
	                      : gs_matrix_default_formats(gs_wl_runtime(&base), gs_wl_task(&base), cols,
	                                                  GS_MATRIX_MAX_FORMATS);
	gs_matrix *mx = malloc(sizeof *mx);
	if (!mx)
		return EXIT_ENV;
	if (gs_matrix_run(&base, models, n, cols, nf, mx, &err)) {
		free(mx);
		return cli_fail(&err);
	}
	if (a.json) {
		json_t *o = gs_matrix_to_json(mx);
		if (!o || json_dumpf(o, stdout, JSON_INDENT(2)))
			rc = EXIT_ENV;
		putchar('\n');
		json_decref(o);
	} else if (gs_render_matrix_text(stdout, mx, a.markdown)) {
		rc = EXIT_ENV;
	}
	/* a model that could not be read is an input error, though its row is printed */
	bool unreadable = false;
	for (size_t i = 0; i < mx->n_rows; i++)
		unreadable |= mx->rows[i].problem[0] != 0;
	free(mx);
	if (!rc && (fflush(stdout) || ferror(stdout)))
		rc = EXIT_ENV;
	return rc ? rc : unreadable ? EXIT_USAGE : 0;
}
