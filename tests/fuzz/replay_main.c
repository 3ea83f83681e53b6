/*
 * replay_main.c — runs a fuzz target over every file of a corpus folder,
 * for builds without libFuzzer (gcc), so the corpus is replayed in every
 * test run (sqlite's fuzzcheck habit).
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv)
{
	int files = 0;
	for (int i = 1; i < argc; i++) {
		DIR *d = opendir(argv[i]);
		if (!d) {
			fprintf(stderr, "replay: cannot open %s\n", argv[i]);
			return 1;
		}
		struct dirent *ent;
		while ((ent = readdir(d))) {
			if (ent->d_name[0] == '.')
				continue;
			char path[4096];
			snprintf(path, sizeof path, "%s/%s", argv[i], ent->d_name);
			FILE *f = fopen(path, "rb");
			if (!f)
				continue;
			static uint8_t buf[1 << 20];
			size_t n = fread(buf, 1, sizeof buf, f);
			fclose(f);
			uint8_t *copy = malloc(n ? n : 1); /* exact size so ASan sees overreads */
			if (!copy)
				return 1;
			memcpy(copy, buf, n);
			LLVMFuzzerTestOneInput(copy, n);
			free(copy);
			files++;
		}
		closedir(d);
	}
	printf("replayed %d inputs\n", files);
	return files > 0 ? 0 : 1;
}
