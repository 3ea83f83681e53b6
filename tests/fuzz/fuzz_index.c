/* fuzz_index.c — libFuzzer target: model.safetensors.index.json. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "gpusizer/inventory.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char **files;
	size_t n;
	uint64_t total;
	gs_error err;
	if (gs_safetensors_index_parse(data, size, "fuzz", &files, &n, &total, &err) == GS_OK) {
		for (size_t i = 0; i < n; i++)
			if (strchr(files[i], '/'))
				__builtin_trap(); /* shard names never leave the folder */
		gs_shard_list_free(files, n);
	}
	return 0;
}
