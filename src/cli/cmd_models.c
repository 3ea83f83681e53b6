/* cmd_models.c — `gpusizer models`: the model library built into gpusizer. */
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <jansson.h>
#include "cli.h"
#include "gpusizer/library.h"

static void usage(void)
{
	printf("usage: gpusizer models [TEXT] [--json | --markdown]\n\n"
	       "The model library built into gpusizer: config.json files of popular open models, so that\n"
	       "every command sizes these hub ids offline (e.g. gpusizer estimate meta-llama/Llama-3.1-8B).\n"
	       "TEXT keeps the models whose id, family or model_type contains it (any case); a single\n"
	       "match also shows where its copy was taken. The copy column says how faithful it is:\n"
	       "verbatim (the whole config.json as the hub serves it), preset (another public project's\n"
	       "copy, named in its source), fields (the architecture fields of the model card and the\n"
	       "Transformers configuration class). A hub id with @REVISION, or --revision other than the\n"
	       "copy's, is read from the hub instead.\n"
	       "Exit 2 when no model matches TEXT.\n\n"
	       "  --json       machine output, schema gpusizer/models/v1\n"
	       "  --markdown   a Markdown table\n");
}

/* Whether `hay` contains `needle`, ignoring ASCII case (strcasestr is GNU). */
static bool contains(const char *hay, const char *needle)
{
	size_t n = strlen(needle);
	for (; *hay; hay++)
		if (strncasecmp(hay, needle, n) == 0)
			return true;
	return n == 0;
}

static bool matches(const gs_library_entry *e, const gs_model *m, const char *text)
{
	return !text || contains(e->id, text) || contains(e->family, text) || contains(m->model_type, text);
}

static json_t *entry_json(const gs_library_entry *e, const gs_model *m)
{
	return json_pack("{s:s, s:s, s:s, s:I, s:o, s:s, s:o, s:s, s:s}", "id", e->id, "family", e->family,
	                 "model_type", m->model_type, "parameters", (json_int_t)m->params, "context_tokens",
	                 m->max_position ? json_integer(m->max_position) : json_null(), "copy", e->copy, "revision",
	                 e->revision[0] ? json_string(e->revision) : json_null(), "source", e->source, "file", e->file);
}

static void row_text(const gs_library_entry *e, const gs_model *m, bool md)
{
	char ctx[24];
	if (m->max_position)
		snprintf(ctx, sizeof ctx, "%u", m->max_position);
	else
		snprintf(ctx, sizeof ctx, "-");
	if (md)
		printf("| %s | %s | %s | %llu | %s | %s |\n", e->id, e->family, m->model_type, (unsigned long long)m->params,
		       ctx, e->copy);
	else
		printf("%-40s %-13s %-12s %13llu %9s  %s\n", e->id, e->family, m->model_type, (unsigned long long)m->params,
		       ctx, e->copy);
}

int cmd_models(int argc, char **argv)
{
	const char *text = NULL;
	bool json = false, md = false;
	for (int i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			usage();
			return 0;
		} else if (!strcmp(argv[i], "--json")) {
			json = true;
		} else if (!strcmp(argv[i], "--markdown")) {
			md = true;
		} else if (argv[i][0] == '-' || text) {
			fprintf(stderr, "gpusizer models: unexpected argument \"%s\" (gpusizer models --help)\n", argv[i]);
			return EXIT_USAGE;
		} else {
			text = argv[i];
		}
	}
	json_t *list = json_array();
	if (!list)
		return EXIT_ENV;
	size_t n = gs_library_count(), shown = 0;
	gs_library_entry e, last;
	static gs_model m; /* large; one at a time */
	for (size_t i = 0; i < n; i++) {
		gs_error err;
		gs_error_clear(&err);
		if (gs_library_at(i, &e, &err) || gs_library_model(&e, &m, &err)) {
			json_decref(list);
			return cli_fail(&err);
		}
		if (!matches(&e, &m, text))
			continue;
		if (json) {
			json_array_append_new(list, entry_json(&e, &m));
		} else {
			if (!shown && md)
				printf("| id | family | model_type | parameters | context (tokens) | copy |\n|---|---|---|---:|---:|---|\n");
			else if (!shown)
				printf("%-40s %-13s %-12s %13s %9s  %s\n", "id", "family", "model_type", "parameters",
				       "context", "copy");
			row_text(&e, &m, md);
		}
		last = e;
		shown++;
	}
	int rc = 0;
	if (!shown) {
		fprintf(stderr, "gpusizer models: no model of the library (%zu models) matches \"%s\"; a hub id not in "
		        "the library is read from the hub\n", n, text);
		rc = EXIT_USAGE;
	} else if (json) {
		json_t *o = json_pack("{s:s, s:I, s:o}", "schema", "gpusizer/models/v1", "library_models", (json_int_t)n,
		                      "models", list);
		list = NULL;
		if (!o || json_dumpf(o, stdout, JSON_INDENT(2)))
			rc = EXIT_ENV;
		putchar('\n');
		json_decref(o);
	} else if (shown == 1) {
		printf("\nrevision: %s\nsource:   %s\nfile:     data/models/%s\n",
		       last.revision[0] ? last.revision : "not recorded where the copy was taken", last.source, last.file);
	} else {
		printf("\n%zu of %zu library models; context is max_position_embeddings in tokens (- when the model "
		       "has none); gpusizer models ID shows one with its source.\n", shown, n);
	}
	json_decref(list);
	if (!rc && (fflush(stdout) || ferror(stdout)))
		rc = EXIT_ENV;
	return rc;
}
