/* fuzz_request.c — libFuzzer target: the web API's request body (JSON) into
 * a workload, as gpusizer serve reads it before resolving a model. */
#include <stddef.h>
#include <stdint.h>
#include "gpusizer/request.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const extra[] = {"catalog", "evidence", "for", NULL};
	json_t *body = json_loadb((const char *)data, size, JSON_REJECT_DUPLICATES, NULL);
	if (!body)
		return 0;
	gs_workload w;
	gs_model m;
	gs_error err;
	bool have_model;
	gs_error_clear(&err);
	if (gs_request_workload(body, extra, &w, &m, &have_model, &err) != GS_OK && !err.msg[0])
		__builtin_trap(); /* every failure says why */
	json_decref(body);
	return 0;
}
