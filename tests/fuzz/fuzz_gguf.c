/* fuzz_gguf.c — libFuzzer target: the GGUF header reader, and a model built
 * from what it read. */
#include <stddef.h>
#include <stdint.h>
#include "gpusizer/inventory.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	gs_inventory *inv = gs_inventory_new();
	gs_error err;
	uint64_t need;
	if (inv && gs_gguf_parse(inv, data, size, 0, "fuzz", &need, &err) == GS_OK) {
		gs_inventory_summary s;
		gs_inventory_summarize(inv, 0, &s);
		gs_model m;
		if (gs_model_from_gguf(inv, "fuzz", &m, &err) == GS_OK && gs_model_apply_inventory(&m, &s, "fuzz", &err))
			m.params = 0; /* refused: nothing more to exercise */
	}
	gs_inventory_free(inv);
	return 0;
}
