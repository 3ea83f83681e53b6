/*
 * probe.c — NVML through dlopen (gpusizer/probe.h). Only the calls used are
 * looked up; a missing optional one (ECC, MIG, compute capability) reads as
 * "not supported" rather than failing the probe.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gpusizer/probe.h"

typedef int nvret;
typedef void *nvdev;
typedef struct nvmem {
	unsigned long long total, free, used;
} nvmem;

typedef struct nvml {
	void *so;
	nvret (*init)(void);
	nvret (*shutdown)(void);
	const char *(*error_string)(nvret);
	nvret (*count)(unsigned *);
	nvret (*handle)(unsigned, nvdev *);
	nvret (*name)(nvdev, char *, unsigned);
	nvret (*uuid)(nvdev, char *, unsigned);
	nvret (*memory)(nvdev, nvmem *);
	nvret (*driver)(char *, unsigned);
	nvret (*cuda)(int *);
	nvret (*ecc)(nvdev, int *, int *);
	nvret (*mig)(nvdev, unsigned *, unsigned *);
	nvret (*cc)(nvdev, int *, int *);
	nvret (*procs)(nvdev, unsigned *, void *);
} nvml;

/* nvmlProcessInfo_t (v2 and v3 share this layout) */
typedef struct nvproc {
	unsigned pid;
	unsigned long long used;
	unsigned gpu_instance, compute_instance;
} nvproc;

/* dlsym returns void *; converting it to a function pointer is what POSIX
 * dlsym is for, done through memcpy to stay within ISO C */
static void sym(void *so, const char *name, void *fp, size_t size)
{
	void *p = dlsym(so, name);
	memset(fp, 0, size);
	if (p)
		memcpy(fp, &p, size < sizeof p ? size : sizeof p);
}
#define SYM(n, field, name) sym((n)->so, name, &(n)->field, sizeof (n)->field)

static const char *why(const nvml *n, nvret r)
{
	return n->error_string ? n->error_string(r) : "NVML error";
}

static gs_status probe_open(gs_probe *p, nvml *np, gs_error *err);

gs_status gs_probe_run(gs_probe *p, gs_error *err)
{
	nvml n;
	gs_status s = probe_open(p, &n, err);
	if (!s) {
		if (n.shutdown)
			n.shutdown();
		dlclose(n.so);
	}
	return s;
}

struct gs_nvml {
	nvml n;
	nvdev dev[GS_MAX_PROBED];
	unsigned count;
};

gs_nvml *gs_nvml_open(gs_probe *info, gs_error *err)
{
	gs_nvml *g = calloc(1, sizeof *g);
	if (!g) {
		gs_error_set(err, GS_ENOMEM, NULL, "out of memory");
		return NULL;
	}
	if (probe_open(info, &g->n, err)) {
		free(g);
		return NULL;
	}
	SYM(&g->n, procs, "nvmlDeviceGetComputeRunningProcesses_v3");
	if (!g->n.procs)
		SYM(&g->n, procs, "nvmlDeviceGetComputeRunningProcesses_v2");
	g->count = info->n;
	for (unsigned i = 0; i < g->count; i++)
		g->n.handle(i, &g->dev[i]);
	return g;
}

int gs_nvml_sample(gs_nvml *g, unsigned gpu, const int *pids, size_t npids, gs_bytes *device_used,
                   gs_bytes *process_used)
{
	nvmem m;
	if (!g || gpu >= g->count || g->n.memory(g->dev[gpu], &m) != 0)
		return -1;
	*device_used = m.used;
	*process_used = 0;
	nvproc procs[64];
	unsigned n = 64;
	if (g->n.procs && g->n.procs(g->dev[gpu], &n, procs) == 0)
		for (unsigned k = 0; k < n && k < 64; k++)
			for (size_t j = 0; j < npids; j++)
				if ((int)procs[k].pid == pids[j])
					*process_used += procs[k].used;
	return 0;
}

void gs_nvml_close(gs_nvml *g)
{
	if (!g)
		return;
	if (g->n.shutdown)
		g->n.shutdown();
	dlclose(g->n.so);
	free(g);
}

/* Load NVML and fill *p; on success *np stays open (the caller closes it). */
static gs_status probe_open(gs_probe *p, nvml *np, gs_error *err)
{
	memset(p, 0, sizeof *p);
	const char *lib = getenv("GPUSIZER_NVML");
	if (!lib || !*lib)
		lib = "libnvidia-ml.so.1";
	snprintf(p->library, sizeof p->library, "%s", lib);
	nvml n;
	memset(&n, 0, sizeof n);
	memset(np, 0, sizeof *np);
	n.so = dlopen(lib, RTLD_NOW | RTLD_LOCAL);
	if (!n.so)
		return gs_error_set(err, GS_ENODEV, NULL,
		                    "cannot load NVML (%s): no NVIDIA driver on this machine, or not in the "
		                    "library path",
		                    lib);
	SYM(&n, init, "nvmlInit_v2");
	SYM(&n, shutdown, "nvmlShutdown");
	SYM(&n, error_string, "nvmlErrorString");
	SYM(&n, count, "nvmlDeviceGetCount_v2");
	SYM(&n, handle, "nvmlDeviceGetHandleByIndex_v2");
	SYM(&n, name, "nvmlDeviceGetName");
	SYM(&n, uuid, "nvmlDeviceGetUUID");
	SYM(&n, memory, "nvmlDeviceGetMemoryInfo");
	SYM(&n, driver, "nvmlSystemGetDriverVersion");
	SYM(&n, cuda, "nvmlSystemGetCudaDriverVersion_v2");
	SYM(&n, ecc, "nvmlDeviceGetEccMode");
	SYM(&n, mig, "nvmlDeviceGetMigMode");
	SYM(&n, cc, "nvmlDeviceGetCudaComputeCapability");
	gs_status s = GS_OK;
	nvret r;
	if (!n.init || !n.count || !n.handle || !n.memory || !n.name) {
		s = gs_error_set(err, GS_ENODEV, NULL,
		                 "%s is not a usable NVML library (a required call is missing)", lib);
		goto out;
	}
	if ((r = n.init()) != 0) {
		s = gs_error_set(err, GS_ENODEV, NULL,
		                 "NVML could not start: %s (is the NVIDIA driver loaded?)", why(&n, r));
		goto out;
	}
	unsigned count = 0;
	if ((r = n.count(&count)) != 0 || count == 0) {
		s = gs_error_set(err, GS_ENODEV, NULL, "NVML sees no GPU%s%s", r ? ": " : "",
		                 r ? why(&n, r) : "");
		goto done;
	}
	if (n.driver)
		n.driver(p->driver, sizeof p->driver);
	if (n.cuda)
		n.cuda(&p->cuda);
	for (unsigned i = 0; i < count && i < GS_MAX_PROBED; i++) {
		gs_gpu_info *g = &p->gpu[p->n];
		nvdev d;
		nvmem m;
		if ((r = n.handle(i, &d)) != 0 || (r = n.memory(d, &m)) != 0) {
			s = gs_error_set(err, GS_ENODEV, NULL, "GPU %u: %s", i, why(&n, r));
			goto done;
		}
		n.name(d, g->name, sizeof g->name);
		g->name[sizeof g->name - 1] = 0;
		if (n.uuid)
			n.uuid(d, g->uuid, sizeof g->uuid);
		g->uuid[sizeof g->uuid - 1] = 0;
		g->total = m.total;
		g->free = m.free;
		g->used = m.used;
		int cur, pend;
		unsigned ucur, upend;
		g->ecc = n.ecc && n.ecc(d, &cur, &pend) == 0 ? cur != 0 : -1;
		g->mig = n.mig && n.mig(d, &ucur, &upend) == 0 ? ucur != 0 : -1;
		g->cc_major = g->cc_minor = -1;
		if (n.cc)
			n.cc(d, &g->cc_major, &g->cc_minor);
		p->n++;
	}
	*np = n; /* success: stays open for the caller */
	return GS_OK;
done:
	if (n.shutdown)
		n.shutdown();
out:
	dlclose(n.so);
	return s;
}

int gs_probe_write_evidence(FILE *f, const gs_probe *p, unsigned i, const char *offer, const char *host,
                            const char *date)
{
	const gs_gpu_info *g = &p->gpu[i];
	int r = fprintf(f,
	                "evidence:\n"
	                "  - requirement: memory\n"
	                "    offer: %s\n"
	                "    kind: probe\n"
	                "    version: \"driver %s, CUDA %d.%d, NVML %s\"\n"
	                "    scope: \"GPU %u %s %s on host %s\"\n"
	                "    date: %s\n"
	                "    outcome: confirms\n"
	                "    bytes: %lluB\n"
	                "    note: \"device-reported total; free %lluB and used %lluB at the time of the "
	                "probe\"\n",
	                offer, p->driver[0] ? p->driver : "unknown", p->cuda / 1000, p->cuda % 1000 / 10,
	                p->library, i, g->name, g->uuid, host, date, (unsigned long long)g->total,
	                (unsigned long long)g->free, (unsigned long long)g->used);
	return r < 0 ? -1 : 0;
}
