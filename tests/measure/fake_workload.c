/*
 * fake_workload.c — a stand-in for a GPU job in the measure tests: it sends
 * phase markers over $GPUSIZER_MARKER_FD and "allocates" by writing
 * "PID BYTES" to $FAKE_NVML_USED_FILE, which the fake NVML reports.
 * Phases: load 2 GiB, prefill 6 GiB (4096 tokens, 1 sequence), decode 5 GiB.
 * With --die it kills itself with SIGKILL in the middle of prefill.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static FILE *chan;

static void use(unsigned long long bytes)
{
	const char *path = getenv("FAKE_NVML_USED_FILE");
	FILE *f = path ? fopen(path, "w") : NULL;
	if (f) {
		fprintf(f, "%d %llu\n", (int)getpid(), bytes);
		fclose(f);
	}
}

static void pause_ms(long ms)
{
	struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
	nanosleep(&ts, NULL);
}

static void phase(const char *name, unsigned long long bytes, unsigned long long alloc, unsigned long long reserved,
                  int tokens, int die)
{
	use(bytes); /* allocate, then say the phase began: no sample mixes two phases */
	if (chan)
		fprintf(chan, "{\"event\":\"phase_begin\",\"phase\":\"%s\",\"tokens\":%d,\"sequences\":1}\n", name, tokens);
	pause_ms(250);
	if (die)
		raise(SIGKILL);
	if (chan)
		fprintf(chan, "{\"event\":\"phase_end\",\"phase\":\"%s\",\"tokens\":%d,\"sequences\":1,\"cuda\":true,"
		              "\"devices\":[{\"device\":0,\"max_memory_allocated\":%llu,\"max_memory_reserved\":%llu}]}\n",
		        name, tokens, alloc, reserved);
}

int main(int argc, char **argv)
{
	int die = argc > 1 && !strcmp(argv[1], "--die");
	const char *fd = getenv("GPUSIZER_MARKER_FD");
	chan = fd ? fdopen((int)strtol(fd, NULL, 10), "w") : NULL;
	if (chan)
		setvbuf(chan, NULL, _IOLBF, 0);
	phase("load", 2ull << 30, 2ull << 30, (2ull << 30) + (20ull << 20), 0, 0);
	phase("prefill", 6ull << 30, 5905580032ull, 6ull << 30, 4096, die);
	phase("decode", 5ull << 30, 5ull << 30, (5ull << 30) + (512ull << 20), 4096, 0);
	use(0);
	return 0;
}
