/* consumer.c — a program that links an installed libgpusizer through
 * pkg-config, as a user's would: the quick calculator's 7B example. */
#include <stdio.h>
#include <string.h>
#include <gpusizer/estimate.h>
#include <gpusizer/resolve.h>

int main(void)
{
	gs_workload w;
	gs_model m;
	gs_error err;
	static gs_estimate e;
	gs_workload_init(&w);
	if (gs_workload_set(&w, GS_F_PARAMS, "7e9", 3, GS_FROM_FLAG, "--params", &err) ||
	    gs_workload_set(&w, GS_F_BITS, "16", 2, GS_FROM_FLAG, "--bits", &err) ||
	    gs_workload_set(&w, GS_F_RESERVE, "6GiB", 4, GS_FROM_FLAG, "--reserve", &err) ||
	    gs_workload_finish(&w, &err) || gs_workload_model(&w, &m, &err) || gs_estimate_run(&w, &m, &e, &err)) {
		fprintf(stderr, "consumer: %s\n", err.msg);
		return 1;
	}
	printf("weights only %llu B, envelope %llu B\n", (unsigned long long)e.weights_only,
	       (unsigned long long)e.envelope);
	return e.weights_only == 14000000000ull && e.envelope == 20442450944ull ? 0 : 1;
}
