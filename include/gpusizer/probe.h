/*
 * gpusizer/probe.h — the GPUs of this machine as they report themselves,
 * through NVML loaded at run time with dlopen (libnvidia-ml.so.1), so that
 * gpusizer builds and runs on machines without a driver.
 * $GPUSIZER_NVML names another library (the tests' fake NVML).
 *
 * Figures per GPU: name, UUID, total/free/used bytes (nvmlDeviceGetMemoryInfo:
 * "total" is what the driver reports, below the nominal capacity), compute
 * capability, ECC and MIG modes; driver and CUDA versions for the machine.
 */
#ifndef GPUSIZER_PROBE_H
#define GPUSIZER_PROBE_H

#include <stdint.h>
#include <stdio.h>
#include "gpusizer/status.h"
#include "gpusizer/units.h"

#define GS_MAX_PROBED 16

typedef struct gs_gpu_info {
	char name[96];
	char uuid[96];
	gs_bytes total, free, used;
	int cc_major, cc_minor;   /* -1 unknown                         */
	int ecc;                  /* 1 on, 0 off, -1 not supported      */
	int mig;                  /* 1 on, 0 off, -1 not supported      */
} gs_gpu_info;

typedef struct gs_probe {
	char library[256];        /* the NVML library used              */
	char driver[80];
	int cuda;                 /* e.g. 12040 for 12.4; 0 unknown      */
	unsigned n;
	gs_gpu_info gpu[GS_MAX_PROBED];
} gs_probe;

/* Query every GPU. GS_ENODEV with a clear message when NVML cannot be
 * loaded, the driver is not running, or there is no GPU. */
gs_status gs_probe_run(gs_probe *out /* OUT */, gs_error *err) GS_WARN_UNUSED;

/* Sampling for `measure`: keep NVML open, read per GPU the device's used
 * bytes and the bytes used by the given processes (the measured process
 * tree). gs_nvml_open fills *info like gs_probe_run; NULL with *err set
 * when NVML is unavailable. gs_nvml_close(NULL) is a no-op. */
typedef struct gs_nvml gs_nvml;
gs_nvml *gs_nvml_open(gs_probe *info /* OUT */, gs_error *err);
int gs_nvml_sample(gs_nvml *n, unsigned gpu, const int *pids, size_t npids, gs_bytes *device_used /* OUT */,
                   gs_bytes *process_used /* OUT */);
void gs_nvml_close(gs_nvml *n);

/* Write an evidence record (gpusizer/catalog.h format) for GPU `i`: the
 * device-reported capacity for offer `offer`, with version and scope. */
int gs_probe_write_evidence(FILE *out, const gs_probe *p, unsigned i, const char *offer, const char *host,
                            const char *date);

#endif
