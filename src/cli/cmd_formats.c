/* cmd_formats.c — `gpusizer formats`: the named weight formats and devices. */
#include <stdio.h>
#include "cli.h"
#include "gpusizer/devices.h"
#include "gpusizer/dtype.h"
#include "gpusizer/render.h"

static void mib_text(uint64_t b, char *buf, size_t cap)
{
	if (!b)
		snprintf(buf, cap, "-");
	else if (b % (1u << 20) == 0)
		snprintf(buf, cap, "%llu MiB", (unsigned long long)(b >> 20));
	else
		snprintf(buf, cap, "%llu B", (unsigned long long)b);
}

static void bpw(gs_ratio r, char *buf, size_t cap)
{
	/* four decimals, rounded half up from the exact ratio */
	unsigned long long x = (unsigned long long)((r.num * 10000 * 2 + r.den) / (2 * r.den));
	snprintf(buf, cap, "%llu.%04llu", x / 10000, x % 10000);
}

const cli_option cli_formats_options[] = {
	{"--json", NULL, NULL, CLI_SWITCH, CLI_AT(json),
	 "machine output, schema gpusizer/formats/v1 (what /api/formats serves)"},
	CLI_OPTIONS_END
};

int cmd_formats(int argc, char **argv)
{
	cli_args a;
	int rc = cli_parse(argc, argv, "formats", &a);
	if (rc)
		return rc;
	if (a.help) {
		printf("usage: gpusizer formats [--json]\n\nLists the named weight formats (bits per weight "
		       "including "
		       "block metadata, modules kept aside) and the built-in device table.\n\n");
		cli_print_options("formats");
		return 0;
	}
	if (a.json) {
		json_t *o = gs_formats_to_json();
		int bad = !o || json_dumpf(o, stdout, JSON_INDENT(2)) != 0;
		putchar('\n');
		json_decref(o);
		return bad || fflush(stdout) || ferror(stdout) ? EXIT_ENV : 0;
	}
	const gs_format *t;
	size_t n = gs_format_table(&t);
	printf("%-14s %10s %10s  %-22s %s\n", "format", "bits/value", "bits/wt*", "kept in 16 bits",
	       "description [source]");
	for (size_t i = 0; i < n; i++) {
		char v[32], w[32];
		bpw(t[i].value_bits, v, sizeof v);
		bpw(gs_format_bpw(&t[i]), w, sizeof w);
		printf("%-14s %10s %10s  %-22s %s [%s]\n", t[i].name, v, w,
		       t[i].keep_default ? "embed,lm_head,norm" : "-", t[i].description, t[i].source);
	}
	printf("* bits per weight with block/group metadata; per-row scales (int8, fp8-channel), g_idx\n"
	       "  (gptq-gN-act) and per-matrix scales need the model's shapes and are counted by estimate.\n"
	       "Also: gptq-gN, gptq-gN-act, awq-gN (any group N), gguf:TYPE (any ggml type or file type\n"
	       "such as gguf:Q4_K_M), bits:N.\n\n");
	const gs_device *d;
	n = gs_device_table(&d);
	printf("%-17s %7s %11s %11s  %-6s %s\n", "device", "nominal", "reported", "CUDA total", "cc",
	       "names nvidia-smi / rocm-smi print; how reported [sources]");
	for (size_t i = 0; i < n; i++) {
		char nom[32], rep[40], cuda[40];
		snprintf(nom, sizeof nom, "%llu GB", (unsigned long long)d[i].nominal_gb);
		mib_text(d[i].reported_bytes, rep, sizeof rep);
		mib_text(d[i].cuda_bytes, cuda, sizeof cuda);
		printf("%-17s %7s %11s %11s  %-6s %s%s%s%s%s%s%s %s\n", d[i].name, nom, rep, cuda,
		       d[i].compute_capability, d[i].smi_names, d[i].smi_names[0] ? "; " : "",
		       d[i].unified          ? "unified memory, no device total"
		       : d[i].reported_bytes ? d[i].reported_how
		                             : "no total seen",
		       d[i].cuda_bytes ? "; CUDA: " : "", d[i].cuda_bytes ? d[i].cuda_how : "",
		       d[i].unified ? "; " : "", d[i].unified ? d[i].unified_how : "", d[i].source);
	}
	printf("A row without a reported total is sized at its nominal size, to confirm; a unified-memory\n"
	       "row at CUDA's total, to confirm against the GPU's share; the CUDA total engines budget from\n"
	       "is derived (reported - 728 MiB) where none is published (docs/devices.md).\n");
	return fflush(stdout) == 0 && !ferror(stdout) ? 0 : EXIT_ENV;
}
