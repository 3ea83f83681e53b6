/*
 * gpusizer/devices.h — the built-in device table: nominal capacity and the
 * capacity devices report, from shared data gpus.md (each row keeps its
 * source). A nominal "24 GB" is not what a card offers: fit and the vLLM
 * budget use the device-reported figure and say which one they used.
 */
#ifndef GPUSIZER_DEVICES_H
#define GPUSIZER_DEVICES_H

#include <stddef.h>
#include <stdint.h>
#include "gpusizer/status.h"

typedef struct gs_device {
	const char *name;          /* "RTX 4090"                                 */
	const char *smi_names;     /* ';' list: exactly as nvidia-smi / rocm-smi print it */
	const char *aliases;       /* comma list matched case-insensitively      */
	uint64_t nominal_gb;       /* nominal capacity, decimal GB               */
	uint64_t reported_bytes;   /* total as the device reports it; 0 = none  */
	const char *reported_how;  /* "nvidia-smi total (ECC on)"                */
	uint64_t cuda_bytes;       /* total CUDA reports (cudaMemGetInfo); 0 = none published */
	const char *cuda_how;      /* where that figure comes from               */
	const char *compute_capability; /* "8.9", "gfx942", or "?"               */
	const char *source;        /* source keys of gpus.md                     */
	/* Unified memory (GB10 / DGX Spark): the GPU allocates out of the
	 * memory the CPU uses. nvidia-smi then reports no total; CUDA's total
	 * (cuda_bytes) is the operating system's memory, and the GPU's share
	 * of it is what the OS, its page cache and CPU processes leave, which
	 * no table can state: an estimate on it says so and fits only to
	 * confirm (gs_workload_capacity_shared). */
	bool unified;
	const char *unified_how;   /* what is known of the split, with sources  */
} gs_device;

/* Find a device by marketing name, by the exact name nvidia-smi / rocm-smi
 * prints ("NVIDIA A100-SXM4-40GB", "Tesla V100-SXM2-16GB") or by alias;
 * case, spaces, dashes and the vendor words (NVIDIA, Tesla, GeForce, AMD,
 * Instinct) are ignored. A name that is the start of several rows' names
 * ("A100": 40 GB or 80 GB) is ambiguous. NULL when not found or ambiguous. */
const gs_device *gs_device_find(const char *name);

/* The same, explaining a miss: GS_OK with *out set, or GS_EINPUT with a
 * message in err that lists the candidates of an ambiguous name or
 * suggests the nearest known one. */
gs_status gs_device_lookup(const char *name, const char *where, const gs_device **out /* OUT */,
                           gs_error *err) GS_WARN_UNUSED;

/* The CUDA-visible total for a device total `smi_total` on device d (NULL
 * when the capacity was given, not looked up): the published figure when
 * there is one, else smi_total minus the largest gap seen between the two
 * in published pairs (GS_CUDA_GAP_MAX). `how` says which. */
#define GS_CUDA_GAP_MAX (728ull << 20)

/* The most memory one GPU is taken to hold: 4 TiB, over ten times the
 * largest device of the table (288 GB, B300). A capacity, a reserve or any other
 * per-GPU size beyond it is a typo, and a margin computed from it would
 * read as a percentage of nothing real. */
#define GS_DEVICE_MAX_BYTES (4ull << 40)

/* GS_EINPUT naming `field` when b is above GS_DEVICE_MAX_BYTES. */
gs_status gs_device_bytes_check(uint64_t b, const char *field, gs_error *err) GS_WARN_UNUSED;
uint64_t gs_device_cuda_total(const gs_device *d, uint64_t smi_total, char *how, size_t howcap);

/* The whole table; *out is borrowed static storage. */
size_t gs_device_table(const gs_device **out /* OUT */);

#endif
