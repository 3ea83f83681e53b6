/*
 * devices.c — the built-in device table (gpusizer/devices.h).
 *
 * Every figure is copied from shared data gpus.md, with its source key; the
 * keys resolve in docs/devices.md. Where gpus.md has two totals (ECC on and
 * off, old and new driver) the row uses the one a rented datacenter card
 * normally shows and says so in reported_how. Nothing here is computed,
 * except MiB -> bytes (x 2^20).
 */
#include <ctype.h>
#include <string.h>
#include <strings.h>
#include "gpusizer/devices.h"

#define MIB(x) ((uint64_t)(x) << 20)

static const gs_device table[] = {
	{"T4", "tesla t4", 16, MIB(15360), "nvidia-smi total (ECC on)", "7.5", "[ct] [M] [CC]"},
	{"L4", "", 24, MIB(23034), "nvidia-smi total (ECC on)", "8.9", "[ct] [M] [CC]"},
	{"A10", "", 0, 24146608128ull, "NVML total", "8.6", "[a10] [CC]; nominal not found"},
	{"A10G", "", 24, MIB(23028), "nvidia-smi total", "8.6", "[hf] [a10g]"},
	{"A40", "", 48, MIB(46068), "nvidia-smi total, ECC on (49140 MiB with ECC off)", "8.6", "[a40] [gh] [CC]"},
	{"L40S", "", 48, MIB(46068), "nvidia-smi total (ECC on)", "8.9", "[l40s] [M] [CC]"},
	{"RTX 3090", "geforce rtx 3090,3090", 24, MIB(24576), "nvidia-smi total, driver 595 (24268 MiB on driver 455)", "8.6", "[3090s] [3090a] [3090b] [CC]"},
	{"RTX 4090", "geforce rtx 4090,4090", 24, MIB(24564), "nvidia-smi total", "8.9", "[sip] [4090] [CC]"},
	{"RTX 5090", "geforce rtx 5090,5090", 32, MIB(32607), "nvidia-smi total", "12.0", "[sph] [5090] [CC]"},
	{"RTX A6000", "a6000", 48, MIB(49140), "nvidia-smi total, ECC off (46068 MiB with ECC on)", "8.6", "[sth] [gh] [CC]"},
	{"RTX 6000 Ada", "rtx 6000 ada generation,6000 ada", 48, MIB(49140), "nvidia-smi total, ECC off", "8.9", "[yl] [gh] [CC]"},
	{"A100 40GB", "a100-40gb,a100 40gb sxm,a100 40gb pcie", 40, MIB(40960), "nvidia-smi total, driver 580 (SXM)", "8.0", "[gk] [br834] [CC]"},
	{"A100 80GB", "a100-80gb,a100,a100 80gb sxm,a100 80gb pcie", 80, MIB(81920), "nvidia-smi total", "8.0", "[gk] [M] [CC]"},
	{"H100 PCIe", "h100 pcie 80gb", 80, MIB(81559), "nvidia-smi total", "9.0", "[h100p] [gh] [CC]"},
	{"H100 SXM", "h100,h100 80gb,h100 sxm 80gb,h100 80gb hbm3", 80, MIB(81559), "nvidia-smi total, driver 550", "9.0", "[lz] [nccl] [CC]"},
	{"H100 NVL", "", 94, MIB(95830), "nvidia-smi total", "9.0", "[gp] [gh] [CC]"},
	{"H200", "h200 141gb", 141, MIB(143771), "nvidia-smi total", "9.0", "[lz] [gh] [CC]"},
	{"GH200", "gh200 96gb", 96, MIB(97871), "nvidia-smi total (96 GB HBM3 variant)", "9.0", "[sgh] [gh] [CC]"},
	{"B200", "", 180, MIB(183359), "nvidia-smi total", "10.0", "[hfjs] [trt] [CC]"},
	{"MI210", "", 0, 0, "not found", "CDNA2", "[mt]"},
	{"MI250X", "mi250x gcd", 64, 68702699520ull, "rocm-smi total per GCD (one device of the two on a card)", "gfx90a", "[zx] [gh] [rs165]"},
	{"MI300X", "", 192, 206141652992ull, "rocm-smi VRAM total", "gfx942", "[aa] [r4750]"},
	{"MI325X", "", 256, 0, "not found", "CDNA3", "[aa]"},
};

/* Compare ignoring case, spaces and dashes. */
static int loose_eq(const char *a, size_t alen, const char *b, size_t blen)
{
	size_t i = 0, j = 0;
	for (;;) {
		while (i < alen && (a[i] == ' ' || a[i] == '-' || a[i] == '_'))
			i++;
		while (j < blen && (b[j] == ' ' || b[j] == '-' || b[j] == '_'))
			j++;
		if (i == alen || j == blen)
			return i == alen && j == blen;
		if (tolower((unsigned char)a[i]) != tolower((unsigned char)b[j]))
			return 0;
		i++;
		j++;
	}
}

const gs_device *gs_device_find(const char *name)
{
	size_t n = strlen(name);
	if (n > 7 && strncasecmp(name, "nvidia ", 7) == 0) {
		name += 7; /* "NVIDIA H200" as nvidia-smi prints it */
		n -= 7;
	}
	for (size_t k = 0; k < sizeof table / sizeof table[0]; k++) {
		const gs_device *d = &table[k];
		if (loose_eq(name, n, d->name, strlen(d->name)))
			return d;
		for (const char *p = d->aliases; *p;) {
			const char *e = strchr(p, ',');
			size_t len = e ? (size_t)(e - p) : strlen(p);
			if (len && loose_eq(name, n, p, len))
				return d;
			p += len;
			if (*p == ',')
				p++;
		}
	}
	return NULL;
}

size_t gs_device_table(const gs_device **out)
{
	*out = table;
	return sizeof table / sizeof table[0];
}
