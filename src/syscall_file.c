/* SPDX-License-Identifier: LGPL-2.1-only */
/* Syscall tables from a file, in src/syscalls.csv's format, all or nothing. */

/*
 * The file: lines of comma-separated cells, '\n' ending each. Lines that
 * start with '#' and empty lines are skipped. The first other line is the
 * column header: "name", then ABI names (seccomp_arch_resolve_name()'s;
 * an ABI and its byte-order twin are one column) and "pnr", each at most
 * once, in any order. Each later line is a syscall: its name, then per
 * column a number (as the kernel sees it: MIPS bases and the x32 bit
 * included; "@VERSION" after it is allowed and ignored), or "PNR" or
 * nothing where the ABI lacks the call. The pnr cell is nothing or a
 * pseudo number below -100, and is ignored: names this library's table
 * lacks get pseudo numbers of its own. So src/syscalls.csv itself loads,
 * adding nothing.
 */

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arch.h"
#include "syscall_file.h"

/* Bounds: src/syscalls.csv has 54 kB, and lines of under 150 bytes. */
#define FILE_SIZE_MAX (1024U * 1024U)
#define LINE_MAX_LEN 4096U

/* A column: an ABI, or the ignored pnr column (arch NULL). */
struct column {
	const struct arch_def *arch;
};

/* The header as read: column 0 is the name. */
struct header {
	struct column cols[ARCH_COUNT + 1];
	unsigned int cnt; /* columns after the name */
};

/*
 * Reads the whole file into a NUL-terminated buffer @*out (the caller
 * frees it). Returns 0, -EFBIG past FILE_SIZE_MAX, -ENOMEM or an I/O
 * -errno.
 */
static int read_all(const char *path, char **out, size_t *len)
{
	char *buf = malloc(FILE_SIZE_MAX + 1);
	size_t got = 0;
	ssize_t n;
	int fd, rc = 0;

	if (buf == NULL)
		return -ENOMEM;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		rc = -errno;
		goto out;
	}
	/* one byte more than allowed tells a file that is too big */
	while (got <= FILE_SIZE_MAX) {
		n = read(fd, buf + got, FILE_SIZE_MAX + 1 - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			rc = -errno;
			break;
		}
		if (n == 0)
			break;
		got += (size_t)n;
	}
	close(fd);
	if (rc == 0 && got > FILE_SIZE_MAX)
		rc = -EFBIG;
out:
	if (rc < 0) {
		free(buf);
		return rc;
	}
	buf[got] = '\0';
	*out = buf;
	*len = got;
	return 0;
}

/*
 * Cuts the next cell off @*line at a comma (which it overwrites) or the
 * end. Returns the cell, or NULL when no cell is left.
 */
static char *next_cell(char **line)
{
	char *cell = *line, *comma;

	if (cell == NULL)
		return NULL;
	comma = strchr(cell, ',');
	if (comma != NULL)
		*comma++ = '\0';
	*line = comma;
	return cell;
}

/* Reads the header line. Returns 0, or -1 if it is not one. */
static int header_read(char *line, struct header *hdr)
{
	char *cell = next_cell(&line);
	const struct arch_def *arch;
	unsigned int i;
	bool pnr = false;

	if (cell == NULL || strcmp(cell, "name") != 0)
		return -1;
	hdr->cnt = 0;
	while ((cell = next_cell(&line)) != NULL) {
		if (hdr->cnt >= ARCH_COUNT + 1)
			return -1;
		arch = NULL;
		if (strcmp(cell, "pnr") == 0) {
			if (pnr)
				return -1;
			pnr = true;
		} else if ((arch = arch_by_name(cell)) == NULL) {
			return -1;
		}
		/* a column twice, or both twins of a byte order */
		for (i = 0; arch != NULL && i < hdr->cnt; i++)
			if (hdr->cols[i].arch != NULL &&
			    hdr->cols[i].arch->abi == arch->abi)
				return -1;
		hdr->cols[hdr->cnt++].arch = arch;
	}
	return 0;
}

/*
 * The decimal number at the start of @cell: no sign, no leading zeros, up
 * to INT_MAX. Returns it and sets @*end after its digits, or returns -1.
 */
static int cell_num(const char *cell, const char **end)
{
	long long v = 0;
	const char *c = cell;

	if (*c < '0' || *c > '9' || (c[0] == '0' && c[1] >= '0' && c[1] <= '9'))
		return -1;
	for (; *c >= '0' && *c <= '9'; c++) {
		v = v * 10 + (*c - '0');
		if (v > INT_MAX)
			return -1;
	}
	*end = c;
	return (int)v;
}

/* Whether @s is a version "M.m" as "@" takes it. */
static bool version_ok(const char *s)
{
	const char *end;

	if (cell_num(s, &end) < 0 || *end != '.')
		return false;
	return cell_num(end + 1, &end) >= 0 && *end == '\0';
}

/*
 * Stages one cell of an ABI column. Returns 0, 1 if the cell is bad, or
 * -ENOMEM.
 */
static int cell_stage(struct syscall_rt_batch *batch,
		      const struct arch_def *arch, const char *name,
		      const char *cell)
{
	const char *end;
	int num, rc;

	if (cell[0] == '\0' || strcmp(cell, "PNR") == 0)
		return 0;
	num = cell_num(cell, &end);
	if (num < 0 || (*end != '\0' && (*end != '@' || !version_ok(end + 1))))
		return 1;
	rc = arch_syscall_add(batch, arch, name, num);
	return rc == -ENOMEM ? rc : rc < 0 ? 1 : 0;
}

/* Whether a pnr cell is nothing or a pseudo number below -100. */
static bool pnr_ok(const char *cell)
{
	const char *end;
	int v;

	if (cell[0] == '\0')
		return true;
	if (cell[0] != '-')
		return false;
	v = cell_num(cell + 1, &end);
	return v > 100 && *end == '\0';
}

/* Stages a syscall line. Returns 0, 1 if it is bad, or -ENOMEM. */
static int row_stage(struct syscall_rt_batch *batch, const struct header *hdr,
		     char *line)
{
	const char *name = next_cell(&line), *cell;
	unsigned int i;
	int rc;

	for (i = 0; i < hdr->cnt; i++) {
		cell = next_cell(&line);
		if (cell == NULL)
			return 1;
		if (hdr->cols[i].arch == NULL) {
			if (!pnr_ok(cell))
				return 1;
			continue;
		}
		rc = cell_stage(batch, hdr->cols[i].arch, name, cell);
		if (rc != 0)
			return rc;
	}
	/* a row must name its call; more cells than columns is wrong */
	return line != NULL || name[0] == '\0' ? 1 : 0;
}

/*
 * Stages every line of @buf (@len bytes). Returns 0, the number of the
 * first bad line, or -ENOMEM.
 */
static int lines_stage(struct syscall_rt_batch *batch, char *buf, size_t len)
{
	struct header hdr;
	bool have_hdr = false;
	char *line = buf, *nl;
	int lineno = 0, rc;

	while (line < buf + len) {
		lineno++;
		nl = memchr(line, '\n', (size_t)(buf + len - line));
		if (nl == NULL)
			nl = buf + len;
		*nl = '\0';
		/* a NUL inside the line, or one too long */
		if (strlen(line) != (size_t)(nl - line) ||
		    (size_t)(nl - line) > LINE_MAX_LEN)
			return lineno;
		if (line[0] == '#' || line[0] == '\0') {
			rc = 0;
		} else if (!have_hdr) {
			rc = header_read(line, &hdr) < 0 ? lineno : 0;
			have_hdr = true;
		} else {
			rc = row_stage(batch, &hdr, line);
			rc = rc == 1 ? lineno : rc;
		}
		if (rc != 0)
			return rc;
		line = nl + 1;
	}
	/* no header: the line after the last is where it was wanted */
	return have_hdr ? 0 : lineno + 1;
}

/**
 * syscall_file_load - add the syscalls of a file to the run-time table
 * @path: the file
 *
 * All or nothing. Returns 0; the number (from 1) of the first bad line,
 * with nothing added (the line after the last if the file has no column
 * header); -EINVAL for a NULL or empty @path; -EFBIG for a file over
 * 1 MiB; -ENOMEM; or the -errno of opening or reading the file.
 */
int syscall_file_load(const char *path)
{
	struct syscall_rt_batch batch;
	char *buf;
	size_t len;
	int rc;

	if (path == NULL || path[0] == '\0')
		return -EINVAL;
	rc = read_all(path, &buf, &len);
	if (rc < 0)
		return rc;
	syscall_rt_begin(&batch);
	rc = lines_stage(&batch, buf, len);
	if (rc == 0)
		syscall_rt_commit(&batch);
	else
		syscall_rt_abort(&batch);
	free(buf);
	return rc;
}
