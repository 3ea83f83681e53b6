/*
 * bench_estimate.c — in-process speed: config.json reads per second and
 * estimates per second (Meta-Llama-3-8B, 8192 tokens, transformers and
 * vLLM), and one fit. Usage: bench_estimate CONFIG.json [iterations]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "gpusizer/estimate.h"
#include "gpusizer/fit.h"

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int set(gs_workload *w, gs_field f, const char *v)
{
	gs_error err;
	if (gs_workload_set(w, f, v, strlen(v), GS_FROM_FLAG, "bench", &err)) {
		fprintf(stderr, "%s\n", err.msg);
		return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: bench_estimate CONFIG.json [iterations]\n");
		return 2;
	}
	long n = argc > 2 ? strtol(argv[2], NULL, 10) : 20000;
	if (n <= 0)
		n = 20000;
	gs_error err;
	gs_model m;
	double t0 = now();
	for (long i = 0; i < n / 10; i++)
		if (gs_model_from_config_file(argv[1], &m, &err)) {
			fprintf(stderr, "%s\n", err.msg);
			return 1;
		}
	double t_cfg = now() - t0;

	static gs_estimate e;
	const char *runtimes[] = {"transformers", "vllm"};
	printf("config.json reads:   %.0f per second (%ld reads)\n", (double)(n / 10) / t_cfg, n / 10);
	for (int r = 0; r < 2; r++) {
		gs_workload w;
		gs_workload_init(&w);
		if (set(&w, GS_F_MODEL, argv[1]) || set(&w, GS_F_LENGTH, "8192") ||
		    set(&w, GS_F_RUNTIME, runtimes[r]) || set(&w, GS_F_GPU, "H100 SXM") ||
		    gs_workload_finish(&w, &err))
			return 1;
		/* full: every formula and sentence; lean: the figures a search reads */
		for (int lean = 0; lean < 2; lean++) {
			t0 = now();
			for (long i = 0; i < n; i++)
				if ((lean ? gs_estimate_run_lean : gs_estimate_run)(&w, &m, &e, &err))
					return 1;
			double t = now() - t0;
			printf("estimates (%s%s): %.0f per second (%ld runs, %.2f us each)\n", runtimes[r], lean ? ", lean" : "",
			       (double)n / t, n, t / (double)n * 1e6);
		}
	}
	gs_workload w;
	gs_workload_init(&w);
	if (set(&w, GS_F_MODEL, argv[1]) || set(&w, GS_F_CONCURRENCY, "8") || set(&w, GS_F_CAPACITY, "24564MiB") ||
	    gs_workload_finish(&w, &err))
		return 1;
	gs_fit_result fr;
	t0 = now();
	int fits = n / 100 > 0 ? (int)(n / 100) : 1;
	for (int i = 0; i < fits; i++)
		if (gs_fit_run(&w, &m, GS_FIT_CONTEXT, &fr, &err))
			return 1;
	double t = now() - t0;
	printf("fit (largest context for 8 sequences on 24564 MiB): %.0f per second (answer %llu tokens)\n", fits / t,
	       (unsigned long long)fr.best);
	return 0;
}
