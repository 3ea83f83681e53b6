/* fuzz_config.c — libFuzzer target: config.json reader. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "gpusizer/estimate.h"
#include "gpusizer/model.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	gs_model m;
	gs_error err;
	if (gs_model_from_config_json((const char *)data, size, "fuzz.json", &m, &err) == GS_OK) {
		/* a config that parses must also estimate without tripping a sanitizer */
		gs_workload w;
		gs_workload_init(&w);
		if (gs_workload_set(&w, GS_F_MODEL, "fuzz.json", 9, GS_FROM_FLAG, "fuzz", &err) ||
		    gs_workload_set(&w, GS_F_LENGTH, "4096", 4, GS_FROM_FLAG, "fuzz", &err) ||
		    gs_workload_finish(&w, &err))
			return 0;
		static gs_estimate e;
		if (gs_estimate_run(&w, &m, &e, &err) == GS_OK && gs_estimate_peak(&e) == 0)
			__builtin_trap(); /* a parsed model always has weights */
		/* the serving engines size pools from the same facts */
		static const char *const rt[] = {"vllm", "sglang", "llamacpp", "ollama"};
		for (int i = 0; i < 4; i++) {
			gs_workload s = w;
			if (gs_workload_set(&s, GS_F_RUNTIME, rt[i], strlen(rt[i]), GS_FROM_FLAG, "fuzz", &err) ||
			    gs_workload_set(&s, GS_F_GPU, "H100 SXM", 8, GS_FROM_FLAG, "fuzz", &err) ||
			    (i >= 2 && gs_workload_set(&s, GS_F_FORMAT, "Q4_K_M", 6, GS_FROM_FLAG, "fuzz", &err)))
				continue;
			if (gs_estimate_run(&s, &m, &e, &err) == GS_OK && gs_estimate_peak(&e) == 0)
				__builtin_trap();
		}
	}
	return 0;
}
