/*
 * file.c — regular files only, read whole under a cap (gpusizer/file.h).
 *
 * Why O_NONBLOCK: opening a FIFO read-only blocks until a writer appears,
 * and a character device may block on read; with O_NONBLOCK the open
 * returns at once and fstat tells what the path is before any read.
 */
#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "gpusizer/file.h"

static const char *kind_of(mode_t m)
{
	return S_ISDIR(m) ? "a directory" : S_ISFIFO(m) ? "a FIFO" : S_ISCHR(m) ? "a character device"
	     : S_ISBLK(m) ? "a block device" : S_ISSOCK(m) ? "a socket" : "not a plain file";
}

gs_status gs_file_open(const char *path, int *fd, uint64_t *size, gs_error *err)
{
	assert(path && fd);
	int d = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
	if (d < 0)
		return gs_error_set(err, GS_EIO, path, "%s", strerror(errno));
	struct stat st;
	if (fstat(d, &st) != 0) {
		int e = errno;
		close(d);
		return gs_error_set(err, GS_EIO, path, "%s", strerror(e));
	}
	if (!S_ISREG(st.st_mode)) {
		close(d);
		return gs_error_set(err, GS_EIO, path, "not a regular file (%s)", kind_of(st.st_mode));
	}
	/* regular files ignore O_NONBLOCK; clear it anyway so reads behave as documented */
	int fl = fcntl(d, F_GETFL);
	if (fl >= 0)
		(void)fcntl(d, F_SETFL, fl & ~O_NONBLOCK);
	*fd = d;
	if (size)
		*size = (uint64_t)st.st_size;
	return GS_OK;
}

gs_status gs_file_pread_all(int fd, const char *path, void *buf, size_t len, size_t *got, gs_error *err)
{
	size_t have = 0;
	while (have < len) {
		ssize_t r = pread(fd, (char *)buf + have, len - have, (off_t)have);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return gs_error_set(err, GS_EIO, path, "read error: %s", strerror(errno));
		if (r == 0)
			break;
		have += (size_t)r;
	}
	*got = have;
	return GS_OK;
}

gs_status gs_file_read(const char *path, size_t cap, const char *what, char **buf, size_t *len, gs_error *err)
{
	assert(path && what && buf && len);
	int fd;
	uint64_t size;
	gs_status s = gs_file_open(path, &fd, &size, err);
	if (s)
		return s;
	if (size > cap) {
		close(fd);
		return gs_error_set(err, GS_EINPUT, path,
		                    "%llu bytes is larger than the %zu-byte limit for %s",
		                    (unsigned long long)size, cap, what);
	}
	/* read one byte past the size fstat gave: a file that grew meanwhile is
	 * caught by the cap rather than cut */
	char *b = malloc((size_t)size + 2);
	if (!b) {
		close(fd);
		return gs_error_set(err, GS_ENOMEM, path, "out of memory");
	}
	size_t got = 0;
	s = gs_file_pread_all(fd, path, b, (size_t)size + 1, &got, err);
	close(fd);
	if (!s && got > cap)
		s = gs_error_set(err, GS_EINPUT, path,
		                 "larger than the %zu-byte limit for %s (it grew while read)", cap, what);
	if (s) {
		free(b);
		return s;
	}
	b[got] = 0;
	*buf = b;
	*len = got;
	return GS_OK;
}
