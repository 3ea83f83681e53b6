/* cli.h — what the subcommands share: parsed arguments and exit codes. */
#ifndef GS_CLI_H
#define GS_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <jansson.h>
#include "gpusizer/catalog.h"
#include "gpusizer/estimate.h"
#include "gpusizer/resolve.h"
#include "gpusizer/units.h"
#include "gpusizer/workload.h"

/* Exit codes (contract, docs/sheet.md "Commands"). */
enum {
	EXIT_OK_ = 0,
	EXIT_NO_FIT = 1,  /* the answer is "does not fit"            */
	EXIT_USAGE = 2,   /* usage or input error                    */
	EXIT_ENV = 3,     /* environment: no GPU, network, memory    */
	EXIT_TO_CONFIRM = 4 /* fits only under a condition to confirm */
};

#define CLI_MAX_FLAGS 64
#define CLI_LIST_MAX 8

typedef struct cli_flag {
	int field;
	const char *value;
	char where[64];
} cli_flag;

/* A repeatable option's values, in order. */
typedef struct cli_list {
	const char *v[CLI_LIST_MAX];
	size_t n;
} cli_list;

typedef struct cli_args {
	const char *cmd;
	const char *sheet;        /* --sheet or a positional .yaml/.yml/.json */
	const char *recipe_config; /* --recipe-config: an Axolotl or LLaMA-Factory YAML */
	const char *positional;   /* a positional model (config.json, folder) */
	bool json, markdown, help, verbose, brief;
	gs_unit unit;
	const char *fit_for;      /* fit: "context" | "concurrency" | NULL     */
	const char *catalog;      /* shortlist, sheet: --catalog FILE          */
	cli_list evidence;        /* --evidence FILE, repeatable               */
	bool html;                /* sheet --html                               */
	cli_list runs;            /* estimate, sheet, shortlist: --run FILE     */
	const char *run;          /* ladder, diagnose: --run FILE, the one run  */
	const char *oom;          /* sheet, shortlist: --oom LOG                */
	bool force_run;           /* --force-run: use a run of another sheet     */
	const char *models[128];   /* matrix: every positional model             */
	size_t n_models;
	const char *formats;      /* matrix: --formats LIST                     */
	const char *models_dir;   /* matrix: --models-dir DIR                   */
	bool library;             /* matrix: --library, every library model     */
	cli_list words;           /* a command without a workload: its words    */
	const char *offer;        /* probe: --offer ID                          */
	const char *evidence_out; /* probe: --evidence FILE, written            */
	size_t n_flags;
	cli_flag flags[CLI_MAX_FLAGS];
} cli_args;

/* --- the commands and their options (git's commands[] and parse-options) ---------- */

/* What an option sets in cli_args, at the member `at` names. */
typedef enum cli_opt_kind {
	CLI_SWITCH, /* bool: given means true                         */
	CLI_TEXT,   /* const char *: the value (the last one given)   */
	CLI_LIST,   /* cli_list: each value, at most CLI_LIST_MAX     */
	CLI_UNIT    /* gs_unit: the value, a unit name (units.h)      */
} cli_opt_kind;

/* One option of a command: it parses it, `--help` prints it and the man
 * page (scripts/manpage.sh) is made of that help. */
typedef struct cli_option {
	const char *name;  /* "--json"                                          */
	const char *alias; /* "-v", or NULL                                     */
	const char *arg;   /* the value's name in the help ("FILE"); NULL: a switch */
	cli_opt_kind kind;
	size_t at;         /* CLI_AT(member)                                    */
	const char *help;  /* a "\n" goes on under the help column              */
} cli_option;
#define CLI_AT(member) offsetof(cli_args, member)
#define CLI_OPTIONS_END {NULL, NULL, NULL, CLI_SWITCH, 0, NULL}

/* The options shortlist and sheet share. */
#define CLI_OPT_CATALOG {"--catalog", NULL, "FILE", CLI_TEXT, CLI_AT(catalog), \
	"the offers to judge (default: the built-in catalog, two example offers)"}
#define CLI_OPT_EVIDENCE {"--evidence", NULL, "FILE", CLI_LIST, CLI_AT(evidence), \
	"memory evidence for the offers (gpusizer probe --evidence), repeatable"}
#define CLI_OPT_RUN_MEASURED(help) {"--run", NULL, "FILE", CLI_LIST, CLI_AT(runs), help}
#define CLI_OPT_FORCE_RUN {"--force-run", NULL, NULL, CLI_SWITCH, CLI_AT(force_run), \
	"use a run recorded for another sheet anyway"}

/* How a command reads its words. */
enum {
	CLI_WORKLOAD = 1u << 0, /* a workload: a sheet, a model and the fields as flags */
	CLI_MODELS = 1u << 1    /* every word that is not a sheet is a model, a row (matrix) */
};

typedef struct cli_command {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *summary;
	const cli_option *options; /* its own, CLI_OPTIONS_END last; NULL: it reads its words itself */
	unsigned flags;
	unsigned words;            /* without a workload: how many words it takes (cli_args.words) */
} cli_command;

/* The command named `name` in main.c's table; NULL when none is. */
const cli_command *cli_command_named(const char *name);

/* Each command's own options (in its cmd_*.c). */
extern const cli_option cli_estimate_options[], cli_fit_options[], cli_matrix_options[],
	cli_shortlist_options[], cli_sheet_options[], cli_diagnose_options[], cli_ladder_options[],
	cli_probe_options[], cli_compare_options[], cli_models_options[], cli_formats_options[];

/* Parse argv after the subcommand by the command's table: its options and
 * --help; for a workload command also --verbose, --sheet and the workload's
 * fields as flags (a yes/no field alone, the next word missing or an option,
 * means yes; --no-FIELD no), else its words. Prints the problem and returns
 * EXIT_USAGE on misuse, else 0. */
int cli_parse(int argc, char **argv, const char *cmd, cli_args *a);

/* Print the command's own options, as its table gives them (for --help). */
void cli_print_options(const char *cmd);

/* Build the workload: sheet, then positional model, then flags (skipping
 * field `skip`, -1 for none: a list-valued flag handled by the caller),
 * then defaults unless !finish. Prints the error and returns EXIT_USAGE on failure. */
int cli_workload(const cli_args *a, int skip, bool finish, gs_workload *w);

/* With --verbose, say where the model came from (hub transfers) on stderr. */
void cli_report_model(const cli_args *a, const gs_model *m);

/* cli_workload with every flag, finished; then its model, reported as
 * cli_report_model does. Returns 0, or the exit code with the error printed. */
int cli_workload_and_model(const cli_args *a, gs_workload *w, gs_model *m);

/* The runs (--run, and the sheet's `runs`) and a failed run's log (--oom)
 * set against estimate e (gpusizer/measured.h). *out is NULL when none was
 * given (free it otherwise). Returns 0, or the exit code with the error
 * printed. */
struct gs_measurements;
int cli_measurements(const cli_args *a, gs_estimate *e, struct gs_measurements **out);

/* shortlist and sheet: the estimate (with its runs) against the catalog
 * and the evidence the options give, shortlisted. Returns 0, or the exit
 * code with the error printed; release with cli_offers_free either way. */
typedef struct cli_offers {
	gs_estimate *e;
	gs_catalog *cat;
	gs_evidence_set *ev;
	gs_shortlist *sl;
	struct gs_measurements *ms;
} cli_offers;
int cli_offers_run(const cli_args *a, cli_offers *o /* OUT */);
void cli_offers_free(cli_offers *o);

/* A run file of gpusizer measure (gpusizer/measure.h), read and parsed; NULL
 * with the error printed and *rc its exit code (free the run otherwise). */
struct gs_run;
struct gs_run *cli_load_run(const char *path, int *rc);

/* Print a library error to stderr and return the exit code it maps to. */
int cli_fail(const gs_error *err);

/* Print o (taking its reference) to stdout as indented JSON and a newline:
 * 0, or EXIT_ENV with the error printed when o is NULL or cannot be
 * written (a JSON answer is never an empty line with exit 0). */
int cli_put_json(json_t *o);

/* Print the workload flags (for --help). */
void cli_print_fields(void);

int cmd_estimate(int argc, char **argv);
int cmd_fit(int argc, char **argv);
int cmd_models(int argc, char **argv);
int cmd_matrix(int argc, char **argv);
int cmd_formats(int argc, char **argv);
int cmd_shortlist(int argc, char **argv);
int cmd_sheet(int argc, char **argv);
int cmd_probe(int argc, char **argv);
int cmd_diagnose(int argc, char **argv);
int cmd_measure(int argc, char **argv);
int cmd_ladder(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_serve(int argc, char **argv);

#endif
