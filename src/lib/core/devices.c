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
#include <stdbool.h>
#include <stdio.h>
#include <strings.h>
#include "gpusizer/devices.h"
#include "core/nearest.h"

#define MIB(x) ((uint64_t)(x) << 20)

/* name, nvidia-smi / rocm-smi names, aliases, nominal GB, device total, how,
 * CUDA total, how, compute capability, sources. A total of 0 means nothing
 * was published: --gpu then asks for --capacity instead of using the
 * nominal figure. */
#define NONE 0, ""
#define DGPU false, NULL /* its own memory, not shared with the CPU */
static const gs_device table[] = {
	{"V100 16GB", "Tesla V100-SXM2-16GB;Tesla V100-PCIE-16GB", "v100 sxm2 16gb,v100 pcie 16gb,v100-16gb",
	 16, MIB(16384),
	 "nvidia-smi total, newer drivers (16160 MiB on driver 460, 16130 MiB older); PCIe not seen, same "
	 "HBM2 size", NONE, "7.0", "[gh:35401588398] [gh:38632579129] [gh:8910230101] [CC]", DGPU},
	{"V100 32GB", "Tesla V100-SXM2-32GB;Tesla V100-PCIE-32GB;Tesla V100S-PCIE-32GB",
	 "v100 sxm2 32gb,v100-32gb,v100s", 32, MIB(32768),
	 "nvidia-smi total (SXM2; PCIe not seen, same HBM2 size)", NONE, "7.0", "[gh:26177832817] [CC]",
	 DGPU},
	{"T4", "Tesla T4", "", 16, MIB(15360), "nvidia-smi total (ECC on)", MIB(14930),
	 "torch total_memory 14930-15109 MiB on different hosts: the lower", "7.5", "[ct] [M] [CC] [gh]",
	 DGPU},
	{"A2", "NVIDIA A2", "", 16, MIB(15356), "nvidia-smi total (ECC on)", NONE, "8.6",
	 "[gh:19231731506] [CC]", DGPU},
	{"L4", "NVIDIA L4", "", 24, MIB(23034), "nvidia-smi total (ECC on)", NONE, "8.9", "[ct] [M] [CC]",
	 DGPU},
	{"A10", "NVIDIA A10", "", 24, 24146608128ull, "NVML total", NONE, "8.6",
	 "[a10] [CC]; nominal not found", DGPU},
	{"A10G", "NVIDIA A10G", "", 24, MIB(23028), "nvidia-smi total", MIB(22587), "torch total_memory",
	 "8.6", "[hf] [a10g] [gh]", DGPU},
	{"A30", "NVIDIA A30", "", 24, MIB(24576),
	 "nvidia-smi total, newer drivers (24258 MiB on an older one)", NONE, "8.0",
	 "[gh:26030154796] [gh:13998366843] [CC]", DGPU},
	{"A40", "NVIDIA A40", "", 48, MIB(46068), "nvidia-smi total, ECC on (49140 MiB with ECC off)", NONE,
	 "8.6", "[a40] [gh] [CC]", DGPU},
	{"L20", "NVIDIA L20", "", 48, MIB(46068), "nvidia-smi total, ECC on (49140 MiB with ECC off)", NONE,
	 "8.9", "[gh:52722972152] [gh:57433044301] [CC]", DGPU},
	{"L40", "NVIDIA L40", "", 48, MIB(46068), "nvidia-smi total, ECC on (49140 MiB with ECC off)", NONE,
	 "8.9", "[gh:60430572081] [gh:52496202912] [CC]", DGPU},
	{"L40S", "NVIDIA L40S", "", 48, MIB(46068), "nvidia-smi total (ECC on)", MIB(45589),
	 "torch total_memory", "8.9", "[l40s] [M] [CC] [gh]", DGPU},
	{"RTX 3060", "NVIDIA GeForce RTX 3060", "3060", 12, MIB(12288), "nvidia-smi total (12 GB model)",
	 NONE, "8.6", "[gh:61987237133] [CC]", DGPU},
	{"RTX 3060 Ti", "NVIDIA GeForce RTX 3060 Ti", "3060 ti", 8, MIB(8192), "nvidia-smi total", NONE,
	 "8.6", "[gh:19341342725] [CC]", DGPU},
	{"RTX 3070", "NVIDIA GeForce RTX 3070", "3070", 8, MIB(8192), "nvidia-smi total", NONE, "8.6",
	 "[gh:47386422904] [CC]", DGPU},
	{"RTX 3070 Ti", "NVIDIA GeForce RTX 3070 Ti", "3070 ti", 8, NONE, NONE, "8.6", "[CC]; no total seen",
	 DGPU},
	{"RTX 3080", "NVIDIA GeForce RTX 3080", "3080", 10, MIB(10240),
	 "nvidia-smi total of the 10 GB model (the 12 GB model prints the same name)", NONE, "8.6",
	 "[gh:9387090229] [CC]", DGPU},
	{"RTX 3080 Ti", "NVIDIA GeForce RTX 3080 Ti", "3080 ti", 12, MIB(12288), "nvidia-smi total", NONE,
	 "8.6", "[gh:2443130170] [CC]", DGPU},
	{"RTX 3090", "NVIDIA GeForce RTX 3090", "3090", 24, MIB(24576),
	 "nvidia-smi total, driver 595 (24268 MiB on driver 455)", 25318829015ull,
	 "vLLM log total_gpu_memory=23.58GiB (rounded to 0.01 GiB)", "8.6",
	 "[3090s] [3090a] [3090b] [CC] [v10517]", DGPU},
	{"RTX 3090 Ti", "NVIDIA GeForce RTX 3090 Ti", "3090 ti", 24, MIB(24564),
	 "nvidia-smi total, drivers 550 and 580", NONE, "8.6", "[gh:54604722741] [gh:66913551230] [CC]",
	 DGPU},
	{"RTX 4060", "NVIDIA GeForce RTX 4060", "4060", 8, MIB(8188), "nvidia-smi total", NONE, "8.9",
	 "[gh:5591925720] [CC]", DGPU},
	{"RTX 4060 Ti 8GB", "NVIDIA GeForce RTX 4060 Ti", "4060 ti 8gb", 8, MIB(8188),
	 "nvidia-smi total (8 GB model)", NONE, "8.9", "[gh:2991525688] [CC]", DGPU},
	{"RTX 4060 Ti 16GB", "NVIDIA GeForce RTX 4060 Ti", "4060 ti 16gb", 16, MIB(16380),
	 "nvidia-smi total (16 GB model)", NONE, "8.9", "[gh:56254815482] [CC]", DGPU},
	{"RTX 4070", "NVIDIA GeForce RTX 4070", "4070", 12, MIB(12282), "nvidia-smi total", NONE, "8.9",
	 "[gh:51798860820] [CC]", DGPU},
	{"RTX 4070 SUPER", "NVIDIA GeForce RTX 4070 SUPER", "4070 super", 12, MIB(12282),
	 "nvidia-smi memory.total", NONE, "8.9", "[gh:70736045926] [gh:71453728966] [CC]", DGPU},
	{"RTX 4070 Ti", "NVIDIA GeForce RTX 4070 Ti", "4070 ti", 12, MIB(12282), "nvidia-smi total", NONE,
	 "8.9", "[gh:54290425506] [CC]", DGPU},
	{"RTX 4070 Ti SUPER", "NVIDIA GeForce RTX 4070 Ti SUPER", "4070 ti super", 16, MIB(16376),
	 "nvidia-smi total, driver 595", NONE, "8.9", "[gh:56935351508] [gh:71484930427] [CC]", DGPU},
	{"RTX 4080", "NVIDIA GeForce RTX 4080", "4080", 16, MIB(16376), "nvidia-smi total", NONE, "8.9",
	 "[gh:37147423438] [CC]", DGPU},
	{"RTX 4080 SUPER", "NVIDIA GeForce RTX 4080 SUPER", "4080 super", 16, MIB(16376),
	 "nvidia-smi total, driver 596 (WSL2); Vulkan reports the same", NONE, "8.9",
	 "[gh:57413754492] [gh:57864370361] [CC]", DGPU},
	{"RTX 4090", "NVIDIA GeForce RTX 4090", "4090", 24, MIB(24564), "nvidia-smi total", 25254407700ull,
	 "torch total_memory 23.52 GiB (printed to two decimals); other hosts published 23.65 GiB and 24563 "
	 "MiB: the lowest", "8.9", "[gh:11223326262] [gh:67133514795] [sip] [4090] [CC] [gh]", DGPU},
	{"RTX 4090 D", "NVIDIA GeForce RTX 4090 D", "4090 d,4090d", 24, MIB(24564), "nvidia-smi total", NONE,
	 "8.9", "[gh:33295060080] [CC]", DGPU},
	/* the 8 GB and 16 GB models print the same name, as the RTX 4060 Ti's */
	{"RTX 5060 Ti 8GB", "NVIDIA GeForce RTX 5060 Ti", "5060 ti 8gb", 8, NONE, NONE, "12.0",
	 "[CC]; no total of the 8 GB model seen", DGPU},
	{"RTX 5060 Ti 16GB", "NVIDIA GeForce RTX 5060 Ti", "5060 ti 16gb", 16, MIB(16311),
	 "nvidia-smi total (16 GB model), drivers 580 and 610", MIB(15885),
	 "llama.cpp's CUDA0 total on another host (Linux)", "12.0",
	 "[gh:57395833205] [gh:62877645410] [gh:68833971439] [gh:70430969571] [CC]", DGPU},
	{"RTX 5070", "NVIDIA GeForce RTX 5070", "5070", 12, MIB(12227), "nvidia-smi total", NONE, "12.0",
	 "[gh:67263251492] [CC]", DGPU},
	{"RTX 5070 Ti", "NVIDIA GeForce RTX 5070 Ti", "5070 ti", 16, MIB(16303), "nvidia-smi total", NONE,
	 "12.0", "[gh:2532591600] [CC]", DGPU},
	{"RTX 5080", "NVIDIA GeForce RTX 5080", "5080", 16, MIB(16303), "nvidia-smi total", NONE, "12.0",
	 "[gh:58648023060] [CC]", DGPU},
	{"RTX 5090", "NVIDIA GeForce RTX 5090", "5090", 32, MIB(32607), "nvidia-smi total", 33677180928ull,
	 "deviceQuery total global memory", "12.0", "[sph] [5090] [dq5090] [CC]", DGPU},
	{"RTX A4000", "NVIDIA RTX A4000", "a4000", 16, MIB(16376), "nvidia-smi total", NONE, "8.6",
	 "[gh:6211116526] [CC]", DGPU},
	{"RTX A5000", "NVIDIA RTX A5000", "a5000", 24, MIB(24564), "nvidia-smi total", NONE, "8.6",
	 "[gh:24400242706] [CC]", DGPU},
	{"RTX A6000", "NVIDIA RTX A6000", "a6000", 48, MIB(49140),
	 "nvidia-smi total, ECC off (46068 MiB with ECC on)", NONE, "8.6", "[sth] [gh] [CC]", DGPU},
	{"RTX 4000 Ada", "NVIDIA RTX 4000 Ada Generation", "4000 ada", 20, MIB(20475),
	 "per-GPU total in a published machine table (tool not named)", NONE, "8.9", "[gh:62016914516] [CC]",
	 DGPU},
	{"RTX 5000 Ada", "NVIDIA RTX 5000 Ada Generation", "5000 ada", 32, NONE, NONE, "8.9",
	 "[CC]; no total seen", DGPU},
	{"RTX 6000 Ada", "NVIDIA RTX 6000 Ada Generation", "6000 ada", 48, MIB(49140),
	 "nvidia-smi total, ECC off", NONE, "8.9", "[yl] [gh] [CC]", DGPU},
	/* RTX PRO Blackwell workstation cards: GDDR7 with ECC on loses no
	 * sixteenth (32623 of 32768 MiB), unlike GDDR6 */
	{"RTX PRO 4000", "NVIDIA RTX PRO 4000 Blackwell", "rtx pro 4000 blackwell,pro 4000 blackwell", 24,
	 MIB(24467), "nvidia-smi total, driver 580 (ECC on)", NONE, "12.0",
	 "[gh:60303654814] [gh:66872460601] [gh:58825018486] [CC]", DGPU},
	{"RTX PRO 4500", "NVIDIA RTX PRO 4500 Blackwell", "rtx pro 4500 blackwell,pro 4500 blackwell", 32,
	 MIB(32623), "nvidia-smi total, driver 580 (ECC on); the Server Edition's not seen", NONE, "12.0",
	 "[gh:57702240939] [gh:56031245638] [gh:57433723468] [gh:55949061524] [CC]", DGPU},
	/* 47.26 GiB x 2^30, as torch printed it (two decimals) */
	{"RTX PRO 5000", "NVIDIA RTX PRO 5000 Blackwell", "rtx pro 5000 blackwell,pro 5000 blackwell", 48,
	 MIB(48935), "nvidia-smi total of the 48 GB model, driver 595 (the 72 GB model's not seen)",
	 50745038602ull, "torch total 47.26 GiB on another host, driver 580 (two decimals)", "12.0",
	 "[gh:61580017853] [gh:69000837578] [CC]", DGPU},
	/* 94.97 GiB x 2^30, as vLLM printed it (two decimals); the same log's
	 * 0.92 of it, 87.37 GiB, bounds it to 94.962-94.973 GiB */
	{"RTX PRO 6000",
	 "NVIDIA RTX PRO 6000 Blackwell Server Edition;NVIDIA RTX PRO 6000 Blackwell Workstation "
	 "Edition;NVIDIA RTX PRO 6000 Blackwell Max-Q Workstation Edition",
	 "rtx pro 6000 blackwell,pro 6000 blackwell", 96, MIB(97887),
	 "nvidia-smi total, all three editions (97886 MiB on Windows)", 101973261025ull,
	 "vLLM's device total 94.97 GiB on a Server Edition (printed to two decimals)", "12.0",
	 "[gh:51775020357] [gh:54960637267] [gh:60661372536] [gh:56961843898] [gh:56903712922] [CC]", DGPU},
	{"A100 40GB", "NVIDIA A100-SXM4-40GB;NVIDIA A100-PCIE-40GB", "a100 40gb sxm,a100 40gb pcie", 40,
	 MIB(40960), "nvidia-smi total, driver 580 (40536 MiB on driver 470)", 42298834944ull,
	 "deviceQuery total global memory", "8.0", "[gk] [br834] [gh:8854356503] [br3873] [CC]", DGPU},
	{"A100 80GB", "NVIDIA A100-SXM4-80GB;NVIDIA A100 80GB PCIe", "a100 80gb sxm,a100 80gb pcie", 80,
	 MIB(81920), "nvidia-smi total", NONE, "8.0", "[gk] [M] [CC]", DGPU},
	{"A800 80GB", "NVIDIA A800-SXM4-80GB;NVIDIA A800 80GB PCIe", "a800", 80, MIB(81920),
	 "nvidia-smi total (SXM4)", NONE, "8.0", "[gh:36921727690] [CC]", DGPU},
	{"H100 PCIe", "NVIDIA H100 PCIe", "h100 pcie 80gb", 80, MIB(81559), "nvidia-smi total", NONE, "9.0",
	 "[h100p] [gh] [CC]", DGPU},
	{"H100 SXM", "NVIDIA H100 80GB HBM3", "h100 sxm 80gb,h100 sxm5", 80, MIB(81559),
	 "nvidia-smi total, driver 550", MIB(81082),
	 "torch total_memory 81082-81090 MiB on different hosts: the lower", "9.0", "[lz] [nccl] [CC] [gh]",
	 DGPU},
	{"H100 NVL", "NVIDIA H100 NVL", "", 94, MIB(95830), "nvidia-smi total", NONE, "9.0",
	 "[gp] [gh] [CC]", DGPU},
	{"H800", "NVIDIA H800", "h800 80gb", 80, MIB(81559), "nvidia-smi total", NONE, "9.0",
	 "[gh:19549779807] [CC]", DGPU},
	{"H20", "NVIDIA H20", "h20 96gb", 96, MIB(97871), "nvidia-smi total", NONE, "9.0",
	 "[gh:69432946739] [CC]", DGPU},
	{"H20-3e", "NVIDIA H20-3e", "h20 3e,h20 141gb", 141, MIB(143771), "nvidia-smi total (the H200's)",
	 NONE, "9.0", "[gh:59265961539] [gh:61255895334] [gh:65832400105]", DGPU},
	{"H200", "NVIDIA H200", "h200 141gb", 141, MIB(143771), "nvidia-smi total", MIB(143156),
	 "torch total_memory (an OOM message's 139.80 GiB agrees)", "9.0", "[lz] [gh] [CC]", DGPU},
	{"H200 NVL", "NVIDIA H200 NVL", "h200 nvl 141gb", 141, MIB(143771),
	 "nvidia-smi total, drivers 570 and 580 (the H200 SXM's)", NONE, "9.0",
	 "[gh:66510701415] [gh:63088202880] [CC]", DGPU},
	{"GH200", "NVIDIA GH200 480GB", "gh200 96gb", 96, MIB(97871), "nvidia-smi total (96 GB HBM3 variant)",
	 NONE, "9.0", "[sgh] [gh] [CC]", DGPU},
	{"B200", "NVIDIA B200", "", 180, MIB(183359), "nvidia-smi total", MIB(182631),
	 "torch total_memory 182631-182642 MiB on different hosts: the lower", "10.0",
	 "[hfjs] [trt] [CC] [gh]", DGPU},
	{"B300", "NVIDIA B300 SXM6 AC", "b300 sxm6,b300 288gb", 288, MIB(275040),
	 "nvidia-smi total, driver 580 (268.6 GiB; 288 GB is the marketed HBM3e)", NONE, "10.3",
	 "[gh:71609078484] [gh:59706846006] [gh:63125688786] [CC]", DGPU},
	/* unified memory: nvidia-smi shows "Not Supported" / [N/A] for the
	 * memory (NVML's nvmlDeviceGetMemoryInfo returns NOT_SUPPORTED, a
	 * known issue NVIDIA lists); cudaMemGetInfo's total is the OS's
	 * MemTotal. 121.63 GiB x 2^30, as vLLM printed it (two decimals), the
	 * lowest published */
	{"GB10", "NVIDIA GB10", "dgx spark,nvidia dgx spark", 128, NONE, 130599218053ull,
	 "vLLM's 121.63 GiB, the OS's MemTotal (121.69 GiB, 124609-124610 MiB elsewhere)", "12.1",
	 "[spark-smi] [spark-nvml] [gh:56608019572] [gh:66936607119] [spark-v] [spark-free] [CC]", true,
	 "128 GB of LPDDR5x shared with the CPU; CUDA's total is the OS's MemTotal (about 6 GiB never "
	 "reach Linux); the GPU has what the OS, its page cache and CPU processes leave (101.3-102.2 GiB "
	 "free at boot on one headless box)"},
	{"MI210", "", "amd instinct mi210", 64, NONE, NONE, "CDNA2", "[mt]; no total seen", DGPU},
	{"MI250X", "", "mi250x gcd,amd instinct mi250x", 64, 68702699520ull,
	 "rocm-smi total per GCD (one device of the two on a card)", NONE, "gfx90a", "[zx] [gh] [rs165]",
	 DGPU},
	{"MI300X", "", "amd instinct mi300x", 192, 206141652992ull, "rocm-smi VRAM total", NONE, "gfx942",
	 "[aa] [r4750]", DGPU},
	{"MI325X", "", "amd instinct mi325x", 256, NONE, NONE, "CDNA3", "[aa]; no total seen", DGPU},
};
#undef NONE
#undef DGPU

/* A name reduced for comparison: lower case, without spaces, dashes,
 * underscores and the vendor words nvidia-smi and rocm-smi put in front
 * ("NVIDIA GeForce RTX 4090" -> "rtx4090"). */
static void reduce_name(const char *in, size_t len, char *out, size_t cap)
{
	static const char *const vendor[] = {"nvidia", "tesla", "geforce", "amd", "instinct"};
	size_t n = 0;
	size_t i = 0;
	while (i < len && n + 1 < cap) {
		while (i < len && (in[i] == ' ' || in[i] == '-' || in[i] == '_'))
			i++;
		bool skipped = false;
		for (size_t v = 0; v < sizeof vendor / sizeof vendor[0]; v++) {
			size_t vl = strlen(vendor[v]);
			if (len - i >= vl && strncasecmp(in + i, vendor[v], vl) == 0 &&
			    (i + vl == len || in[i + vl] == ' ')) {
				i += vl;
				skipped = true;
				break;
			}
		}
		if (skipped)
			continue;
		while (i < len && in[i] != ' ' && n + 1 < cap) {
			if (in[i] != '-' && in[i] != '_')
				out[n++] = (char)tolower((unsigned char)in[i]);
			i++;
		}
	}
	out[n] = 0;
}

#define NDEV (sizeof table / sizeof table[0])
enum { KEY = 64 };

/* Call fn(key) for each name a row answers to; stop when it returns true. */
static bool each_key(const gs_device *d, bool (*fn)(const char *key, void *ctx), void *ctx)
{
	char key[KEY];
	reduce_name(d->name, strlen(d->name), key, sizeof key);
	if (fn(key, ctx))
		return true;
	const char *lists[2] = {d->smi_names, d->aliases};
	const char seps[2] = {';', ','};
	for (int l = 0; l < 2; l++)
		for (const char *p = lists[l]; *p;) {
			const char *e = strchr(p, seps[l]);
			size_t len = e ? (size_t)(e - p) : strlen(p);
			if (len) {
				reduce_name(p, len, key, sizeof key);
				if (fn(key, ctx))
					return true;
			}
			p += len;
			if (*p)
				p++;
		}
	return false;
}

static bool key_equal(const char *key, void *ctx) { return strcmp(key, ctx) == 0; }
static bool key_prefix(const char *key, void *ctx) { return strncmp(key, ctx, strlen(ctx)) == 0; }

/* Rows matching `want` exactly; else rows it is a prefix of. */
static size_t matches(const char *want, const gs_device **hit, size_t cap)
{
	size_t n = 0;
	for (int pass = 0; pass < 2 && n == 0; pass++)
		for (size_t k = 0; k < NDEV; k++)
			if (each_key(&table[k], pass ? key_prefix : key_equal, (void *)want) && n < cap)
				hit[n++] = &table[k];
	return n;
}

const gs_device *gs_device_find(const char *name)
{
	char want[KEY];
	const gs_device *hit[NDEV];
	reduce_name(name, strlen(name), want, sizeof want);
	if (!want[0])
		return NULL;
	return matches(want, hit, NDEV) == 1 ? hit[0] : NULL;
}

struct nearest {
	const char *want;
	size_t best;
};

static bool note_distance(const char *key, void *ctx)
{
	struct nearest *n = ctx;
	size_t d = gsi_edit_distance(n->want, key);
	if (d < n->best)
		n->best = d;
	return false;
}

gs_status gs_device_lookup(const char *name, const char *where, const gs_device **out, gs_error *err)
{
	char want[KEY];
	const gs_device *hit[NDEV];
	reduce_name(name, strlen(name), want, sizeof want);
	size_t n = want[0] ? matches(want, hit, NDEV) : 0;
	if (n == 1) {
		*out = hit[0];
		return GS_OK;
	}
	char list[512] = "";
	if (n > 1) {
		for (size_t i = 0; i < n; i++)
			snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "",
			         hit[i]->name);
		return gs_error_set(err, GS_EINPUT, where,
		                    "GPU \"%.60s\" is ambiguous: %s (give one of these, or the name "
		                    "nvidia-smi prints)",
		                    name, list);
	}
	/* the nearest rows by edit distance on the reduced names */
	size_t best = SIZE_MAX;
	size_t dist[NDEV];
	for (size_t k = 0; k < NDEV; k++) {
		struct nearest ne = {want, SIZE_MAX};
		if (strlen(want) <= KEY)
			each_key(&table[k], note_distance, &ne);
		dist[k] = ne.best;
		if (ne.best < best)
			best = ne.best;
	}
	for (size_t k = 0; k < NDEV && best <= 3; k++)
		if (dist[k] == best)
			snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", list[0] ? ", " : "",
			         table[k].name);
	return gs_error_set(err, GS_EINPUT, where,
	                    "unknown GPU \"%.60s\": not in the device table%s%s%s; `gpusizer formats` lists "
	                    "the known ones (or give --capacity)",
	                    name, list[0] ? "; did you mean " : "", list, list[0] ? "?" : "");
}

uint64_t gs_device_cuda_total(const gs_device *d, uint64_t smi_total, char *how, size_t howcap)
{
	/* unified memory: the capacity is CUDA's total itself */
	if (d && d->cuda_bytes &&
	    (smi_total == d->reported_bytes || (d->unified && smi_total == d->cuda_bytes))) {
		snprintf(how, howcap, "published: %s for %s", d->cuda_how, d->name);
		return d->cuda_bytes;
	}
	uint64_t cuda = smi_total > GS_CUDA_GAP_MAX ? smi_total - GS_CUDA_GAP_MAX : 0;
	snprintf(how, howcap, "derived: device total - 728 MiB, the largest gap between nvidia-smi's and "
	         "CUDA's totals in published pairs (1-728 MiB); measure torch.cuda.mem_get_info() and give "
	         "--cuda-total");
	return cuda;
}

size_t gs_device_table(const gs_device **out)
{
	*out = table;
	return NDEV;
}

gs_status gs_device_bytes_check(uint64_t b, const char *field, gs_error *err)
{
	if (b <= GS_DEVICE_MAX_BYTES)
		return GS_OK;
	uint64_t largest = 0; /* for the message: the table's own largest device */
	for (size_t k = 0; k < NDEV; k++)
		largest = table[k].nominal_gb > largest ? table[k].nominal_gb : largest;
	return gs_error_set(err, GS_EINPUT, field,
	                    "%llu B is more than one GPU holds (sizes up to 4 TiB are taken; the largest "
	                    "device of the table has %llu GB); check the unit",
	                    (unsigned long long)b, (unsigned long long)largest);
}
