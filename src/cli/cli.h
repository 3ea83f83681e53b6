/* cli.h — what the subcommands share: parsed arguments and exit codes. */
#ifndef GS_CLI_H
#define GS_CLI_H

#include <stdbool.h>
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
	EXIT_ENV = 3      /* environment: no GPU, network, memory    */
};

#define CLI_MAX_FLAGS 64

typedef struct cli_flag {
	int field;
	const char *value;
	char where[64];
} cli_flag;

typedef struct cli_args {
	const char *cmd;
	const char *sheet;        /* --sheet or a positional .yaml/.yml/.json */
	const char *positional;   /* a positional model (config.json, folder) */
	bool json, markdown, help, verbose;
	gs_unit unit;
	const char *fit_for;      /* fit: "context" | "concurrency" | NULL     */
	const char *catalog;      /* shortlist, sheet: --catalog FILE          */
	const char *evidence[8];  /* --evidence FILE, repeatable               */
	size_t n_evidence;
	bool html;                /* sheet --html                               */
	const char *runs[8];      /* estimate, sheet, shortlist: --run FILE     */
	size_t n_runs;
	const char *oom;          /* sheet, shortlist: --oom LOG                */
	bool force_run;           /* --force-run: use a run of another sheet     */
	const char *models[128];   /* matrix: every positional model             */
	size_t n_models;
	const char *formats;      /* matrix: --formats LIST                     */
	const char *models_dir;   /* matrix: --models-dir DIR                   */
	bool library;             /* matrix: --library, every library model     */
	size_t n_flags;
	cli_flag flags[CLI_MAX_FLAGS];
} cli_args;

/* Parse argv after the subcommand. Prints the problem and returns
 * EXIT_USAGE on misuse, else 0. */
int cli_parse(int argc, char **argv, const char *cmd, cli_args *a);

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
/* Their options about runs, and where the catalog format is (for --help). */
void cli_print_offers_options(void);

/* A run file of gpusizer measure (gpusizer/measure.h), read and parsed; NULL
 * with the error printed and *rc its exit code (free the run otherwise). */
struct gs_run;
struct gs_run *cli_load_run(const char *path, int *rc);

/* Print a library error to stderr and return the exit code it maps to. */
int cli_fail(const gs_error *err);

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
