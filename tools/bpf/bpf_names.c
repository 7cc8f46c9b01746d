/* SPDX-License-Identifier: LGPL-2.1-only */
/* bpf_names: syscall names and numbers per ABI, for the BPF tools. */

#include "bpf_names.h"

#include <errno.h>
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
	if (i >= ROWS || col < 0)
		return NULL;
	*nr = diff_names[i].nr[col];
	return diff_names[i].name;
}

/**
 * bpf_names_syscall - see bpf_names.h
 */
const char *bpf_names_syscall(const char *abi, uint32_t nr)
{
	int col = bpf_names_column(abi);
	size_t i;

	for (i = 0; col >= 0 && i < ROWS; i++)
		if (diff_names[i].nr[col] >= 0 &&
		    (uint32_t)diff_names[i].nr[col] == nr)
			return diff_names[i].name;
	return NULL;
}

/**
 * bpf_names_nr - see bpf_names.h
 */
int bpf_names_nr(const char *abi, const char *name, uint32_t *nr)
{
	int col = bpf_names_column(abi);
	size_t i;

	for (i = 0; col >= 0 && i < ROWS; i++)
		if (strcmp(diff_names[i].name, name) == 0 &&
		    diff_names[i].nr[col] >= 0) {
			*nr = (uint32_t)diff_names[i].nr[col];
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
	size_t i;

	if (max > 64)
		max = 64;
	for (i = 0; col >= 0 && i < ROWS; i++) {
		int64_t n = diff_names[i].nr[col];

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
			names[j] = diff_names[i].name;
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
