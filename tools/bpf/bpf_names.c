/* SPDX-License-Identifier: LGPL-2.1-only */
/* bpf_names: syscall names and numbers per ABI, for the BPF tools. */

#include "bpf_names.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bpf_diff_names.h"
/* The one list of ABIs, for the table column of each */
#include "../../src/arch_list.h"

#define ARCH_COLUMN(mac, name, col, ...) { name, #col },
static const struct {
	const char *abi;
	const char *column;
} abi_columns[] = { ARCH_LIST(ARCH_COLUMN) };
#undef ARCH_COLUMN

#define ARCH_GO(mac, name, col, bits, be, base, goarch) { name, goarch },
static const struct {
	const char *abi;
	const char *go;
} abi_go[] = { ARCH_LIST(ARCH_GO) };
#undef ARCH_GO

#define ROWS (sizeof(diff_names) / sizeof(diff_names[0]))

/*
 * Rows read from a file (bpf_names_load()), after the built-in ones; the
 * tools are single-threaded and keep them until they exit.
 */
struct extra_name {
	char *name;
	int nr[DIFF_ABIS];
};
static struct extra_name *extra;
static size_t extra_cnt;

/* Row @i of the built-in and the loaded rows, or NULL past the last. */
static const char *row_at(size_t i, const int **nr)
{
	if (i < ROWS) {
		*nr = diff_names[i].nr;
		return diff_names[i].name;
	}
	if (i - ROWS < extra_cnt) {
		*nr = extra[i - ROWS].nr;
		return extra[i - ROWS].name;
	}
	return NULL;
}

/**
 * bpf_names_column - see bpf_names.h
 */
int bpf_names_column(const char *abi)
{
	size_t i, j;

	for (i = 0;
	     abi != NULL && i < sizeof(abi_columns) / sizeof(abi_columns[0]);
	     i++) {
		if (strcmp(abi, abi_columns[i].abi) != 0)
			continue;
		for (j = 0; j < DIFF_ABIS; j++)
			if (strcasecmp(abi_columns[i].column, diff_abis[j]) ==
			    0)
				return (int)j;
	}
	return -1;
}

/**
 * bpf_names_row - see bpf_names.h
 */
const char *bpf_names_row(size_t i, int col, int *nr)
{
	const char *name;
	const int *nrs;

	if (col < 0)
		return NULL;
	name = row_at(i, &nrs);
	if (name != NULL)
		*nr = nrs[col];
	return name;
}

/**
 * bpf_names_syscall - see bpf_names.h
 */
const char *bpf_names_syscall(const char *abi, uint32_t nr)
{
	int col = bpf_names_column(abi);
	const char *name;
	const int *nrs;
	size_t i;

	for (i = 0; col >= 0 && (name = row_at(i, &nrs)) != NULL; i++)
		if (nrs[col] >= 0 && (uint32_t)nrs[col] == nr)
			return name;
	return NULL;
}

/**
 * bpf_names_nr - see bpf_names.h
 */
int bpf_names_nr(const char *abi, const char *name, uint32_t *nr)
{
	int col = bpf_names_column(abi);
	const char *row;
	const int *nrs;
	size_t i;

	for (i = 0; col >= 0 && (row = row_at(i, &nrs)) != NULL; i++)
		if (strcmp(row, name) == 0 && nrs[col] >= 0) {
			*nr = (uint32_t)nrs[col];
			return 0;
		}
	return -ENOENT;
}

/**
 * bpf_names_range - see bpf_names.h
 */
unsigned int bpf_names_range(const char *abi, uint32_t lo, uint32_t hi,
			     const char **names, unsigned int max)
{
	uint32_t nrs[64];
	unsigned int cnt = 0, kept = 0, j;
	int col = bpf_names_column(abi);
	const char *name;
	const int *row_nrs;
	size_t i;

	if (max > 64)
		max = 64;
	for (i = 0; col >= 0 && (name = row_at(i, &row_nrs)) != NULL; i++) {
		int64_t n = row_nrs[col];

		if (n < 0 || (uint32_t)n < lo || (uint32_t)n > hi)
			continue;
		cnt++;
		/* keep the @max lowest numbers, sorted */
		for (j = kept; j > 0 && nrs[j - 1] > (uint32_t)n; j--)
			if (j < max) {
				nrs[j] = nrs[j - 1];
				names[j] = names[j - 1];
			}
		if (j < max) {
			nrs[j] = (uint32_t)n;
			names[j] = name;
			if (kept < max)
				kept++;
		}
	}
	return cnt;
}

/**
 * bpf_names_abi - see bpf_names.h
 */
const char *bpf_names_abi(const char *name)
{
	size_t i;

	for (i = 0; name != NULL && i < sizeof(abi_go) / sizeof(abi_go[0]); i++)
		if (strcmp(name, abi_go[i].abi) == 0 ||
		    strcmp(name, abi_go[i].go) == 0)
			return abi_go[i].abi;
	return NULL;
}

/*
 * Loading a table: the oracle's own reader of src/syscalls.csv's format
 * (never the library's, which it judges).
 */

/* Bounds, as the library's: 1 MiB a file, 4096 bytes a line. */
#define LOAD_SIZE_MAX (1024L * 1024L)
#define LOAD_LINE_MAX 4096

/* A cell's number: digits, then nothing or "@VERSION"; -1 if none. */
static int cell_nr(const char *cell)
{
	char *end;
	long v;

	if (cell[0] < '0' || cell[0] > '9')
		return -1;
	errno = 0;
	v = strtol(cell, &end, 10);
	if (errno != 0 || v > INT32_MAX || (*end != '\0' && *end != '@'))
		return -1;
	return (int)v;
}

/*
 * The header's columns into @cols (-1: pnr, ignored). Returns their
 * number, or -1 if the line is no header.
 */
static int header_cols(char *line, int *cols)
{
	char *cell = strtok(line, ",");
	int n = 0;

	if (cell == NULL || strcmp(cell, "name") != 0)
		return -1;
	while ((cell = strtok(NULL, ",")) != NULL) {
		if (n >= DIFF_ABIS + 1)
			return -1;
		cols[n] =
			strcmp(cell, "pnr") == 0 ? -1 : bpf_names_column(cell);
		if (cols[n] < 0 && strcmp(cell, "pnr") != 0)
			return -1;
		n++;
	}
	return n;
}

/* One syscall line into @row. Returns 0, or -1 if it is bad. */
static int row_read(char *line, const int *cols, int ncols,
		    struct extra_name *row)
{
	char *cell = line, *comma;
	int i, nr;

	for (i = 0; i < DIFF_ABIS; i++)
		row->nr[i] = -1;
	comma = strchr(cell, ',');
	if (comma == NULL || comma == cell)
		return -1;
	*comma = '\0';
	row->name = cell;
	for (i = 0; i < ncols; i++) {
		cell = comma + 1;
		comma = strchr(cell, ',');
		if ((comma == NULL) != (i == ncols - 1))
			return -1;
		if (comma != NULL)
			*comma = '\0';
		if (cols[i] < 0 || cell[0] == '\0' || strcmp(cell, "PNR") == 0)
			continue;
		nr = cell_nr(cell);
		if (nr < 0)
			return -1;
		row->nr[cols[i]] = nr;
	}
	return 0;
}

/* Appends a row (its name copied). Returns 0 or -ENOMEM. */
static int extra_add(const struct extra_name *row)
{
	struct extra_name *grown;

	grown = realloc(extra, (extra_cnt + 1) * sizeof(*extra));
	if (grown == NULL)
		return -ENOMEM;
	extra = grown;
	extra[extra_cnt] = *row;
	extra[extra_cnt].name = strdup(row->name);
	if (extra[extra_cnt].name == NULL)
		return -ENOMEM;
	extra_cnt++;
	return 0;
}

/**
 * bpf_names_load - see bpf_names.h
 */
int bpf_names_load(const char *path)
{
	char line[LOAD_LINE_MAX + 2];
	int cols[DIFF_ABIS + 1], ncols = -1, lineno = 0, rc = 0;
	struct extra_name row;
	size_t len, keep = extra_cnt;
	FILE *f = fopen(path, "r");

	if (f == NULL)
		return -errno;
	while (rc == 0 && fgets(line, sizeof(line), f) != NULL) {
		lineno++;
		if (ftell(f) > LOAD_SIZE_MAX) {
			rc = -EFBIG;
			break;
		}
		len = strlen(line);
		if (len > 0 && line[len - 1] == '\n')
			line[--len] = '\0';
		else if (!feof(f))
			rc = lineno; /* too long */
		if (rc != 0 || line[0] == '#' || line[0] == '\0')
			continue;
		if (ncols < 0)
			rc = (ncols = header_cols(line, cols)) < 0 ? lineno : 0;
		else if (row_read(line, cols, ncols, &row) < 0)
			rc = lineno;
		else
			rc = extra_add(&row);
	}
	if (rc == 0 && ferror(f))
		rc = -EIO;
	if (rc == 0 && ncols < 0)
		rc = lineno + 1;
	fclose(f);
	/* all or nothing */
	while (rc != 0 && extra_cnt > keep)
		free(extra[--extra_cnt].name);
	return rc;
}

/**
 * bpf_names_load_report - see bpf_names.h
 */
int bpf_names_load_report(const char *prog, const char *path)
{
	int rc = bpf_names_load(path);

	if (rc > 0)
		fprintf(stderr, "%s: %s:%d: not a syscall table line\n", prog,
			path, rc);
	else if (rc < 0)
		fprintf(stderr, "%s: cannot read %s: %s\n", prog, path,
			strerror(-rc));
	return rc == 0 ? 0 : -1;
}
