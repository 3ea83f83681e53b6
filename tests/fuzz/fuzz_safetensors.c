/* fuzz_safetensors.c — libFuzzer target: the safetensors header reader.
 * The first byte picks whether the file size is known (then the input's
 * own length) so both the truncation and the coverage paths are explored. */
#include <stddef.h>
#include <stdint.h>
#include "gpusizer/inventory.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	gs_inventory *inv = gs_inventory_new();
	gs_error err;
	uint64_t need;
	uint64_t file_size = data[0] & 1 ? size - 1 : 0;
	if (inv && gs_safetensors_parse(inv, data + 1, size - 1, file_size, "fuzz", 0, &need, &err) == GS_OK) {
		gs_inventory_summary s;
		gs_inventory_summarize(inv, 0, &s);
	}
	gs_inventory_free(inv);
	return 0;
}
