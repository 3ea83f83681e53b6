/*
 * gpusizer/file.h — the one way gpusizer opens and reads a local file.
 *
 * Only regular files are opened: a FIFO, a device, a socket or a directory
 * is refused at once (the open is non-blocking, then fstat decides), so no
 * path a user or a web request names can hang the process. Whole-file reads
 * take an explicit size cap and refuse a larger file with its size and the
 * cap; nothing is ever truncated silently.
 */
#ifndef GPUSIZER_FILE_H
#define GPUSIZER_FILE_H

#include <stddef.h>
#include <stdint.h>
#include "gpusizer/status.h"

/* Open `path` read-only if it is a regular file; *fd receives a blocking
 * descriptor the caller closes, *size its size in bytes (size may be NULL).
 * Errors: GS_EIO "<path>: <strerror>" or "<path>: not a regular file (a
 * FIFO|device|socket|directory)". */
gs_status gs_file_open(const char *path, int *fd /* OUT */, uint64_t *size /* OUT */,
                       gs_error *err) GS_WARN_UNUSED;

/* Read the whole regular file `path` into a new NUL-terminated buffer
 * (*buf, caller frees; *len excludes the NUL). A file larger than `cap`
 * bytes is refused: GS_EINPUT "<path>: N bytes is larger than the CAP-byte
 * limit for <what>". Read errors: GS_EIO. GS_ENOMEM. */
gs_status gs_file_read(const char *path, size_t cap, const char *what, char **buf /* OUT */,
                       size_t *len /* OUT */, gs_error *err) GS_WARN_UNUSED;

/* Read up to `len` bytes from offset 0 of the open file `fd` into buf;
 * *got is what was there (less at the end of the file). GS_EIO names path. */
gs_status gs_file_pread_all(int fd, const char *path, void *buf, size_t len, size_t *got /* OUT */,
                            gs_error *err) GS_WARN_UNUSED;

#endif
