/*
 * gpusizer/status.h — error codes and the error record every fallible call fills.
 *
 * Ownership rule for the whole library (one rule, not one comment per call):
 * a pointer a function returns is borrowed from the object it came from and
 * stays valid until that object is freed or reset; a pointer passed in is only
 * borrowed for the duration of the call unless the function says it
 * "consumes" it. Destructors accept NULL.
 *
 * Bad data (a malformed file, an impossible size) returns a status and fills a
 * gs_error; API misuse (NULL where a value is required) asserts.
 */
#ifndef GPUSIZER_STATUS_H
#define GPUSIZER_STATUS_H

#include <stdbool.h>
#include <stddef.h>

#if defined(__GNUC__)
#define GS_WARN_UNUSED __attribute__((warn_unused_result))
#define GS_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define GS_WARN_UNUSED
#define GS_PRINTF(f, a)
#endif

/* Append-only: values never change meaning once released. */
typedef enum gs_status {
	GS_OK = 0,
	GS_EINPUT = 1,       /* bad user input: a flag, a sheet field, a size */
	GS_EPARSE = 2,       /* a file could not be parsed (JSON, YAML)       */
	GS_EUNSUPPORTED = 3, /* well-formed, but not something we model       */
	GS_EIO = 4,          /* a file could not be read                      */
	GS_ERANGE = 5,       /* a value overflows what can be represented     */
	GS_ENOMEM = 6,       /* allocation failed                             */
	GS_ENET = 7,         /* network or hub: unreachable, HTTP error, offline */
	GS_ENODEV = 8,       /* no GPU driver or no GPU                       */
	GS_ETIME = 9         /* the calling thread's deadline passed (gs_deadline_set) */
} gs_status;

/* What went wrong and where. `where` is "file:line:column", "file: field
 * path" or a flag name ("--context"); empty when there is no location. */
typedef struct gs_error {
	gs_status code;
	char where[256];
	char msg[1024]; /* room for a list of the supported model types */
	/* The sheet field or request member the error is about ("length",
	 * "catalog"), set by whoever knows it (gs_error_field); "" when the
	 * error is about no one field. Front doors read it, never the text. */
	char field[64];
} gs_error;

/* Short, static English name of a status ("bad input", ...). Never NULL. */
const char *gs_strerror(gs_status s);

/* Fill *err (if err is not NULL) and return `code`. The message is
 * "WHERE: " followed by fmt's text when `where` is a location (a file with
 * line and column, a flag, a sheet field), or fmt's text alone when `where`
 * is NULL or empty: callers never write the location into fmt themselves.
 * A message too long for gs_error.msg is cut on a UTF-8 character boundary
 * and ends with "..."; err->msg may be one of the arguments. */
gs_status gs_error_set(gs_error *err, gs_status code, const char *where,
                       const char *fmt, ...) GS_PRINTF(4, 5);

/* Reset *err to GS_OK with empty strings. */
void gs_error_clear(gs_error *err);

/* Record the field or member err is about (see gs_error.field); returns
 * err->code, so that `return gs_error_field(err, "length");` passes the
 * status on. A NULL err is a no-op returning GS_OK. */
gs_status gs_error_field(gs_error *err, const char *field);

/* A deadline for the calling thread's long work: fit's searches, matrix
 * cells, shortlist offers and single changes check it between steps and stop
 * with GS_ETIME once it has passed, so a server stops work on a request whose
 * time is up (issue 39). `seconds` from now on the monotonic clock; 0 or
 * less clears it (the default: no deadline). Each thread has its own. */
void gs_deadline_set(double seconds);

/* Whether the calling thread's deadline has passed (false when none is set). */
bool gs_deadline_passed(void);

#endif
