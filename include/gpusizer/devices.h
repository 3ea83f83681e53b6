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
	const char *aliases;       /* comma list matched case-insensitively      */
	uint64_t nominal_gb;       /* nominal capacity, decimal GB               */
	uint64_t reported_bytes;   /* total as the device reports it; 0 = none  */
	const char *reported_how;  /* "nvidia-smi total (ECC on)"                */
	const char *compute_capability; /* "8.9", "gfx942", or "?"               */
	const char *source;        /* source keys of gpus.md                     */
} gs_device;

/* Find a device by name or alias (case-insensitive, spaces and dashes
 * ignored: "rtx4090", "RTX 4090", "4090"). NULL when not found. */
const gs_device *gs_device_find(const char *name);

/* The whole table; *out is borrowed static storage. */
size_t gs_device_table(const gs_device **out /* OUT */);

#endif
