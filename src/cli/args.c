/* args.c — argument parsing shared by the subcommands. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include "cli.h"
#include "gpusizer/render.h"
#include "gpusizer/file.h"
#include "gpusizer/measure.h"
#include "gpusizer/measured.h"
#include "gpusizer/nearest.h"
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

int cli_put_json(json_t *o)
{
	int bad = !o || json_dumpf(o, stdout, JSON_INDENT(2)) != 0;
	if (!bad)
		putchar('\n');
	json_decref(o);
	if (bad) {
		fprintf(stderr, "gpusizer: error: the JSON answer could not be written (out of memory)\n");
		return EXIT_ENV;
	}
	return 0;
}

void cli_print_fields(void)
{
	printf("  --verbose, -v               also say on stderr what was read (hub transfers, tensor-table "
	       "size)\n\n"
	       "Workload fields (sheet key, or the same name as a flag; flags override the sheet;\n"
	       "token counts take 8k = 8192, parameter counts 7B = 7e9):\n");
	for (int f = 0; f < GS_F__COUNT; f++) {
		char flag[48];
		gs_field_flag((gs_field)f, flag, sizeof flag);
		if (f == GS_F_LENGTH)
			snprintf(flag, sizeof flag, "--context, --length");
		static char help[GS_FIELD_HELP_MAX];
		printf("  %-28s %s\n", flag, gs_render_field_help((gs_field)f, help, sizeof help));
	}
}

static bool ends_with(const char *s, const char *suf)
{
	size_t n = strlen(s), m = strlen(suf);
	return n >= m && strcmp(s + n - m, suf) == 0;
}

/* The options of every command with a table, and of those that read a workload. */
static const cli_option help_options[] = {
	{"--help", "-h", NULL, CLI_SWITCH, CLI_AT(help), "this text"},
	CLI_OPTIONS_END
};
static const cli_option workload_options[] = {
	{"--verbose", "-v", NULL, CLI_SWITCH, CLI_AT(verbose), "also say on stderr what was read"},
	{"--sheet", NULL, "FILE", CLI_TEXT, CLI_AT(sheet), "the workload sheet (or give it as SHEET.yaml)"},
	{"--recipe-config", NULL, "FILE", CLI_TEXT, CLI_AT(recipe_config),
	 "an Axolotl or LLaMA-Factory training YAML: its keys that size memory as fields\n"
	 "(recipe axolotl or llama-factory); a key gpusizer does not know is refused"},
	CLI_OPTIONS_END
};

static const cli_option *find_option(const cli_option *t, const char *name)
{
	for (; t && t->name; t++)
		if (!strcmp(t->name, name) || (t->alias && !strcmp(t->alias, name)))
			return t;
	return NULL;
}

/* The command's option named `name` (or its alias), its own or a common one. */
static const cli_option *option_of(const cli_command *c, const char *name)
{
	const cli_option *o = find_option(c->options, name);
	if (!o)
		o = find_option(help_options, name);
	if (!o && (c->flags & CLI_WORKLOAD))
		o = find_option(workload_options, name);
	return o;
}

/* Set what option o names in a; value is NULL for a switch. */
static int apply_option(const cli_option *o, const char *value, const char *cmd, cli_args *a)
{
	char *at = (char *)a + o->at;
	switch (o->kind) {
	case CLI_SWITCH: *(bool *)(void *)at = true; break;
	case CLI_TEXT: *(const char **)(void *)at = value; break;
	case CLI_LIST: {
		cli_list *l = (cli_list *)(void *)at;
		if (l->n == CLI_LIST_MAX) {
			fprintf(stderr, "gpusizer %s: at most %d %s files\n", cmd, CLI_LIST_MAX, o->name);
			return EXIT_USAGE;
		}
		l->v[l->n++] = value;
		break;
	}
	case CLI_UNIT: {
		gs_error err;
		if (gs_parse_unit(value, (gs_unit *)(void *)at, &err))
			return cli_fail(&err);
		break;
	}
	}
	return 0;
}

/* Whether field f is a yes/no switch (kind bool): --FIELD alone means yes,
 * --no-FIELD no. */
static bool bool_field(int f)
{
	return f >= 0 && f < GS_F__COUNT && gs_field_kind((gs_field)f) == GS_KIND_BOOL;
}

/* Whether the word after a bool field's flag is its value: one of the
 * row's values, or a word meant as one (no option, no path, model id or
 * sheet: "maybe" is refused naming no and yes), so that --conservative
 * model.json is --conservative yes and a model. */
static bool bool_word(int f, const char *w)
{
	const char *const *v = gs_field_values((gs_field)f);
	for (size_t i = 0; v && v[i]; i++)
		if (!strcasecmp(w, v[i]))
			return true;
	return w[0] != '-' && !strpbrk(w, "/.:");
}

/* A word that is not an option: a sheet (by its extension) or the model;
 * for a command without a workload, one of its words. */
static int positional(const char *arg, const cli_command *c, cli_args *a)
{
	if (!(c->flags & CLI_WORKLOAD)) {
		if (a->words.n == c->words || a->words.n == CLI_LIST_MAX) {
			fprintf(stderr, "gpusizer %s: unexpected argument \"%s\" (see gpusizer %s --help)\n",
			        c->name, arg, c->name);
			return EXIT_USAGE;
		}
		a->words.v[a->words.n++] = arg;
	} else if (ends_with(arg, ".yaml") || ends_with(arg, ".yml") || ends_with(arg, ".sheet.json")) {
		if (a->sheet) {
			fprintf(stderr, "gpusizer %s: two sheets given (%s, %s)\n", c->name, a->sheet, arg);
			return EXIT_USAGE;
		}
		a->sheet = arg;
	} else if (c->flags & CLI_MODELS) { /* one row per model */
		if (a->n_models == sizeof a->models / sizeof a->models[0]) {
			fprintf(stderr, "gpusizer %s: at most %zu models\n", c->name,
			        sizeof a->models / sizeof a->models[0]);
			return EXIT_USAGE;
		}
		a->models[a->n_models++] = arg;
	} else if (a->positional) {
		fprintf(stderr, "gpusizer %s: unexpected argument \"%s\" (model already %s)\n", c->name, arg,
		        a->positional);
		return EXIT_USAGE;
	} else {
		a->positional = arg;
	}
	return 0;
}

/* An option that is neither the command's nor a field: the nearest of
 * them, its table's and (with a workload) the fields', is suggested. */
static int unknown_option(const char *name, const cli_command *c)
{
	const char *own[64];
	size_t n = 0;
	bool workload = c->flags & CLI_WORKLOAD;
	const cli_option *tables[] = {c->options, help_options, workload ? workload_options : NULL};
	for (size_t t = 0; t < 3; t++)
		for (const cli_option *o = tables[t]; o && o->name && n < sizeof own / sizeof own[0]; o++)
			own[n++] = o->name;
	char near[64], hint[96] = "";
	const char *s = workload ? gs_flag_suggest(name, own, n, near, sizeof near)
	                         : gs_nearest(name, own, n);
	if (s)
		snprintf(hint, sizeof hint, "; did you mean %s?", s);
	fprintf(stderr, "gpusizer %s: unknown option \"%s\"%s (see gpusizer %s --help)\n", c->name, name,
	        hint, c->name);
	return EXIT_USAGE;
}

/* A workload field given as a flag (where: the flag as written). */
static int field_flag(int f, const char *value, const char *where, const cli_command *c, cli_args *a)
{
	if (a->n_flags == CLI_MAX_FLAGS) {
		fprintf(stderr, "gpusizer %s: too many options\n", c->name);
		return EXIT_USAGE;
	}
	cli_flag *fl = &a->flags[a->n_flags++];
	fl->field = f;
	fl->value = value;
	snprintf(fl->where, sizeof fl->where, "%s", where);
	return 0;
}

int cli_parse(int argc, char **argv, const char *cmd, cli_args *a)
{
	const cli_command *c = cli_command_named(cmd);
	assert(c && c->options);
	memset(a, 0, sizeof *a);
	a->cmd = cmd;
	a->unit = GS_UNIT_GiB;
	for (int i = 0; i < argc; i++) {
		const char *arg = argv[i];
		int rc;
		/* a switch as written (--json, -h) */
		const cli_option *o = option_of(c, arg);
		if (o && !o->arg) {
			if ((rc = apply_option(o, NULL, cmd, a)))
				return rc;
			continue;
		}
		/* an engine's switch that sets a field (--enforce-eager: cuda_graphs 0GiB) */
		/* the flag keeps a pointer to its value until the workload is built:
		 * the value lives as long as the process, one slot per field */
		static char implied[GS_F__COUNT][32];
		char val[32];
		int sw = (c->flags & CLI_WORKLOAD) ? gs_field_by_switch(arg, val, sizeof val) : -1;
		if (sw >= 0) {
			memcpy(implied[sw], val, sizeof val);
			if ((rc = field_flag(sw, implied[sw], arg, c, a)))
				return rc;
			continue;
		}
		/* a word, unless it is an engine's short flag of a field (-c, -ngl) */
		if (strncmp(arg, "--", 2) != 0 &&
		    !(arg[0] == '-' && (c->flags & CLI_WORKLOAD) && gs_field_by_flag(arg) >= 0)) {
			if ((rc = positional(arg, c, a)))
				return rc;
			continue;
		}
		/* --name VALUE or --name=VALUE */
		char name[64];
		const char *eq = strchr(arg, '='), *value = NULL;
		size_t n = eq ? (size_t)(eq - arg) : strlen(arg);
		if (n >= sizeof name) {
			fprintf(stderr, "gpusizer %s: unknown option \"%.60s\"\n", cmd, arg);
			return EXIT_USAGE;
		}
		memcpy(name, arg, n);
		name[n] = 0;
		o = option_of(c, name);
		int f = o || !(c->flags & CLI_WORKLOAD) ? -1 : gs_field_by_flag(name);
		if (!o && f < 0 && !eq && (c->flags & CLI_WORKLOAD) && !strncmp(name, "--no-", 5)) {
			/* --no-FIELD: a yes/no field's no */
			char yes[64];
			snprintf(yes, sizeof yes, "--%s", name + 5);
			int g = gs_field_by_flag(yes);
			if (bool_field(g)) {
				if ((rc = field_flag(g, "no", name, c, a)))
					return rc;
				continue;
			}
		}
		if (!o && f < 0)
			return unknown_option(name, c);
		if (o && !o->arg) {
			fprintf(stderr, "gpusizer %s: option %s takes no value\n", cmd, name);
			return EXIT_USAGE;
		}
		if (eq)
			value = eq + 1;
		else if (!o && bool_field(f) && (i + 1 >= argc || !bool_word(f, argv[i + 1])))
			value = "yes"; /* --conservative alone */
		else if (i + 1 < argc)
			value = argv[++i];
		else {
			fprintf(stderr, "gpusizer %s: option %s needs a value\n", cmd, name);
			return EXIT_USAGE;
		}
		if ((rc = o ? apply_option(o, value, cmd, a) : field_flag(f, value, name, c, a)))
			return rc;
	}
	return 0;
}

/* One table's rows: "  --name ARG" in a column of 20, then the help; a
 * longer name has the help on the next line. */
static void print_rows(const cli_option *o)
{
	for (; o->name; o++) {
		char head[64];
		snprintf(head, sizeof head, "%s%s%s%s%s", o->name, o->alias ? ", " : "",
		         o->alias ? o->alias : "", o->arg ? " " : "", o->arg ? o->arg : "");
		if (strlen(head) < 20)
			printf("  %-20s", head);
		else
			printf("  %s\n%22s", head, "");
		for (const char *h = o->help; *h;) {
			size_t k = strcspn(h, "\n");
			printf("%.*s\n", (int)k, h);
			h += k;
			if (*h == '\n' && *++h)
				printf("%22s", "");
		}
	}
}

void cli_print_options(const char *cmd)
{
	const cli_command *c = cli_command_named(cmd);
	assert(c && c->options);
	print_rows(c->options);
}

int cli_workload(const cli_args *a, int skip, bool finish, gs_workload *w)
{
	gs_error err;
	gs_error_clear(&err);
	gs_workload_init(w);
	if (a->sheet && gs_sheet_load_file(a->sheet, w, &err))
		return cli_fail(&err);
	if (a->recipe_config && gs_recipe_config_load_file(a->recipe_config, w, &err))
		return cli_fail(&err);
	if (a->positional) {
		struct stat st;
		char near[160]; /* a tag of a name not mapped: the library names the nearest */
		if (stat(a->positional, &st) != 0 && !gs_hub_is_id(a->positional) &&
		    !gs_ollama_tag_is(a->positional) && !gs_model_is_hub_address(a->positional) &&
		    !gs_ollama_tag_nearest(a->positional, near, sizeof near)) {
			char latest[128];
			snprintf(latest, sizeof latest, "%.100s:latest", a->positional);
			fprintf(stderr,
			        "gpusizer: error: %s: no such file or folder, and not a hub id%s%s%s; "
			        "expected a "
			        "config.json, a model folder, a .gguf or .safetensors file, a .yaml sheet, "
			        "org/name[@revision], or an Ollama tag (llama3.1:8b-instruct-q4_K_M)\n",
			        a->positional, gs_ollama_tag_is(latest) ? " (the Ollama tag is " : "",
			        gs_ollama_tag_is(latest) ? latest : "", gs_ollama_tag_is(latest) ? ")" : "");
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
		fprintf(stderr,
		        "gpusizer: hub %s at commit %s: %llu bytes transferred in %llu requests (%llu "
		        "retries)%s\n",
		        m->hub_repo, m->revision, (unsigned long long)m->hub_bytes,
		        (unsigned long long)m->hub_requests, (unsigned long long)m->hub_retries,
		        m->hub_from_cache ? ", from the cache" : "");
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
	if (!a->runs.n && !a->oom && !gs_wl_set(&e->workload, GS_F_RUNS))
		return 0;
	gs_measurements *ms = malloc(sizeof *ms);
	if (!ms)
		return EXIT_ENV;
	gs_measurements_init(ms);
	gs_error err;
	gs_error_clear(&err);
	int rc = sheet_runs(a, e, ms);
	for (size_t i = 0; !rc && i < a->runs.n; i++)
		if (gs_measurements_add_run(ms, e, a->runs.v[i], a->sheet, a->force_run, &err))
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
