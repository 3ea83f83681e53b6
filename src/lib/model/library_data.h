/*
 * library_data.h — the model library's files as the build embedded them
 * (cmake/embed_models.cmake writes library_data.c from data/models/).
 * Only library.c reads these; everything else goes through gpusizer/library.h.
 */
#ifndef GS_LIBRARY_DATA_H
#define GS_LIBRARY_DATA_H

#include <stddef.h>

typedef struct gsi_library_file {
	const char *name;   /* file name in data/models/                      */
	const char *bytes;  /* its content, NUL-terminated                    */
	size_t len;         /* without the NUL                                */
} gsi_library_file;

extern const char *const gsi_library_index; /* data/models/index.tsv        */
extern const size_t gsi_library_index_len;
extern const gsi_library_file gsi_library_files[];
extern const size_t gsi_library_n_files;

#endif
