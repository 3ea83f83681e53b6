/* cmd_models.c — `gpusizer models`: the model library built into gpusizer. */
#include <stdio.h>
#include <string.h>
#include <jansson.h>
#include "cli.h"
#include "gpusizer/library.h"

const cli_option cli_models_options[] = {
	{"--json", NULL, NULL, CLI_SWITCH, CLI_AT(json), "machine output, schema gpusizer/models/v1"},
	{"--markdown", NULL, NULL, CLI_SWITCH, CLI_AT(markdown), "a Markdown table"},
	CLI_OPTIONS_END
};

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
	       "Exit 2 when no model matches TEXT.\n\n");
	cli_print_options("models");
}

/* The id column is as wide as the library's longest id, so every listing
 * of this build lines up the same way. */
static int id_width(void)
{
	size_t w = 2;
	gs_library_entry e;
	gs_error err;
	for (size_t i = 0; i < gs_library_count(); i++)
		if (!gs_library_at(i, &e, &err) && strlen(e.id) > w)
			w = strlen(e.id);
	return (int)w;
}

static void row_text(const gs_library_entry *e, const gs_model *m, bool md, int w)
{
	char ctx[24];
	if (m->max_position)
		snprintf(ctx, sizeof ctx, "%u", m->max_position);
	else
		snprintf(ctx, sizeof ctx, "-");
	if (md)
		printf("| %s | %s | %s | %llu | %s | %s |\n", e->id, e->family, m->model_type,
		       (unsigned long long)m->params, ctx, e->copy);
	else
		printf("%-*s %-16s %-12s %13llu %10s  %s\n", w, e->id, e->family, m->model_type,
		       (unsigned long long)m->params, ctx, e->copy);
}

static int no_match(const char *text, size_t n)
{
	fprintf(stderr,
	        "gpusizer models: no model of the library (%zu models) matches \"%s\"; a hub id not in "
	        "the library is read from the hub\n",
	        n, text);
	return EXIT_USAGE;
}

int cmd_models(int argc, char **argv)
{
	cli_args a;
	int rc = cli_parse(argc, argv, "models", &a);
	if (rc)
		return rc;
	if (a.help) {
		usage();
		return 0;
	}
	const char *text = a.words.n ? a.words.v[0] : NULL;
	bool json = a.json, md = a.markdown;
	gs_error err;
	gs_error_clear(&err);
	size_t n = gs_library_count(), shown = 0;
	if (json) {
		json_t *o = gs_library_to_json(text, &shown, &err);
		if (!o)
			return err.msg[0] ? cli_fail(&err) : EXIT_ENV;
		rc = shown && json_dumpf(o, stdout, JSON_INDENT(2)) ? EXIT_ENV : 0;
		json_decref(o);
		if (shown)
			putchar('\n');
		return shown ? rc : no_match(text, n);
	}
	gs_library_entry e, last;
	static gs_model m; /* large; one at a time */
	int w = id_width();
	for (size_t i = 0; i < n; i++) {
		if (gs_library_at(i, &e, &err) || gs_library_model(&e, &m, &err))
			return cli_fail(&err);
		if (!gs_library_matches(&e, &m, text))
			continue;
		if (!shown && md)
			printf("| id | family | model_type | parameters | max tokens | copy "
			       "|\n|---|---|---|---:|---:|---|\n");
		else if (!shown)
			printf("%-*s %-16s %-12s %13s %10s  %s\n", w, "id", "family", "model_type",
			       "parameters", "max tokens", "copy");
		row_text(&e, &m, md, w);
		last = e;
		shown++;
	}
	if (!shown)
		return no_match(text, n);
	if (shown == 1)
		printf("\nrevision: %s\nsource:   %s\nfile:     data/models/%s\n",
		       gs_library_revision_text(last.revision), last.source, last.file);
	else
		printf("\n%zu of %zu library models; max tokens is max_position_embeddings (- when the model "
		       "has "
		       "none); gpusizer models ID shows one with its source.\n",
		       shown, n);
	return fflush(stdout) || ferror(stdout) ? EXIT_ENV : 0;
}
