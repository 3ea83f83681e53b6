/*
 * gpusizer/request.h — a workload from a JSON object: the web API's request
 * body (gpusizer serve). The object holds the sheet's fields under their sheet
 * keys ("params", "format", "length", ...), each a string or a number; null
 * means "not given". Two members are not sheet fields:
 *   "config"  an uploaded config.json (an object), read as the model;
 *   keys the caller names in `extra` ("for", "catalog", ...), left to it.
 * Anything else is refused, naming the member. Nothing here opens a file or
 * the network: a "model" name is only recorded; the caller resolves it with
 * gs_workload_model() (estimate.h).
 */
#ifndef GPUSIZER_REQUEST_H
#define GPUSIZER_REQUEST_H

#include <stdbool.h>
#include <jansson.h>
#include "gpusizer/estimate.h"

/* Fill w (initialised here, finished with gs_workload_finish) from `body`.
 * When "config" is present, *m receives the parsed model and *have_model is
 * set; otherwise *m is untouched and *have_model false. `extra` is a
 * NULL-terminated list of member names to skip (may be NULL).
 * Errors: GS_EINPUT "request body: <member>: ..." for a non-object body, an
 * unknown member, a value that is not a string or number, "model" together
 * with "config", an invalid value or config.json; GS_ENOMEM. err->field
 * names the member at fault ("length", "config", an unknown member's name). */
gs_status gs_request_workload(const json_t *body, const char *const *extra, gs_workload *w /* OUT */,
                              gs_model *m /* OUT */, bool *have_model /* OUT */,
                              gs_error *err) GS_WARN_UNUSED;

#endif
