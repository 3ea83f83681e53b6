/*
 * fake_nvml.c — a stand-in for libnvidia-ml.so.1 with the calls gpusizer
 * uses, for tests on machines without a GPU. FAKE_NVML selects the machine:
 *   unset or "h200"   one NVIDIA H200 (143771 MiB), driver 550.163.01, CUDA 12.4, ECC on, MIG off
 *   "two"             two of them
 *   "nodriver"        nvmlInit_v2 fails with NVML_ERROR_DRIVER_NOT_LOADED (9)
 *   "nogpu"           no device
 * With FAKE_NVML_USED_FILE set, that file holds "PID BYTES" (written by the
 * fake workload): the device's used memory is 500 MiB + BYTES and PID is
 * listed as a compute process using BYTES.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
	unsigned long long total, free, used;
} nvmem;

static const char *mode(void)
{
	const char *m = getenv("FAKE_NVML");
	return m ? m : "h200";
}

int nvmlInit_v2(void);
int nvmlShutdown(void);
const char *nvmlErrorString(int r);
int nvmlDeviceGetCount_v2(unsigned *n);
int nvmlDeviceGetHandleByIndex_v2(unsigned i, void **d);
int nvmlDeviceGetName(void *d, char *buf, unsigned len);
int nvmlDeviceGetUUID(void *d, char *buf, unsigned len);
int nvmlDeviceGetMemoryInfo(void *d, nvmem *m);
int nvmlSystemGetDriverVersion(char *buf, unsigned len);
int nvmlSystemGetCudaDriverVersion_v2(int *v);
int nvmlDeviceGetEccMode(void *d, int *cur, int *pend);
int nvmlDeviceGetMigMode(void *d, unsigned *cur, unsigned *pend);
int nvmlDeviceGetCudaComputeCapability(void *d, int *major, int *minor);

int nvmlInit_v2(void) { return strcmp(mode(), "nodriver") == 0 ? 9 : 0; }
int nvmlShutdown(void) { return 0; }
const char *nvmlErrorString(int r) { return r == 9 ? "Driver Not Loaded" : "Unknown Error"; }
int nvmlDeviceGetCount_v2(unsigned *n)
{
	*n = !strcmp(mode(), "nogpu") ? 0 : !strcmp(mode(), "two") ? 2 : 1;
	return 0;
}
int nvmlDeviceGetHandleByIndex_v2(unsigned i, void **d)
{
	*d = (void *)(unsigned long)(i + 1);
	return 0;
}
int nvmlDeviceGetName(void *d, char *buf, unsigned len)
{
	(void)d;
	snprintf(buf, len, "NVIDIA H200");
	return 0;
}
int nvmlDeviceGetUUID(void *d, char *buf, unsigned len)
{
	snprintf(buf, len, "GPU-fake-%04lu", (unsigned long)d);
	return 0;
}
typedef struct {
	unsigned pid;
	unsigned long long used;
	unsigned gi, ci;
} nvproc;

int nvmlDeviceGetComputeRunningProcesses_v3(void *d, unsigned *count, nvproc *p);

static int used_file(unsigned *pid, unsigned long long *bytes)
{
	const char *path = getenv("FAKE_NVML_USED_FILE");
	FILE *f = path ? fopen(path, "r") : NULL;
	if (!f)
		return 0;
	int ok = fscanf(f, "%u %llu", pid, bytes) == 2;
	fclose(f);
	return ok;
}

int nvmlDeviceGetMemoryInfo(void *d, nvmem *m)
{
	(void)d;
	unsigned pid;
	unsigned long long bytes;
	m->total = 143771ull << 20;
	m->used = used_file(&pid, &bytes) ? (500ull << 20) + bytes : 615ull << 20;
	m->free = m->total - m->used;
	return 0;
}

int nvmlDeviceGetComputeRunningProcesses_v3(void *d, unsigned *count, nvproc *p)
{
	(void)d;
	unsigned pid;
	unsigned long long bytes;
	if (!used_file(&pid, &bytes) || *count < 1) {
		*count = 0;
		return 0;
	}
	p[0].pid = pid;
	p[0].used = bytes;
	p[0].gi = p[0].ci = 0;
	*count = 1;
	return 0;
}
int nvmlSystemGetDriverVersion(char *buf, unsigned len)
{
	snprintf(buf, len, "550.163.01");
	return 0;
}
int nvmlSystemGetCudaDriverVersion_v2(int *v)
{
	*v = 12040;
	return 0;
}
int nvmlDeviceGetEccMode(void *d, int *cur, int *pend)
{
	(void)d;
	*cur = *pend = 1;
	return 0;
}
int nvmlDeviceGetMigMode(void *d, unsigned *cur, unsigned *pend)
{
	(void)d;
	*cur = *pend = 0;
	return 0;
}
int nvmlDeviceGetCudaComputeCapability(void *d, int *major, int *minor)
{
	(void)d;
	*major = 9;
	*minor = 0;
	return 0;
}
