/* SPDX-License-Identifier: LGPL-2.1-only */
/*
 * Every (ABI, name, number) of the committed CSV resolves both ways; a row no
 * ABI has is a pseudo number only, and resolves neither way.
 */

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <seccomp.h>

/* seccomp arch names and the CSV column of their syscall numbers */
static const struct {
	const char *arch;
	const char *column;
	bool mux;     /* socket and IPC calls go through socketcall/ipc */
	int mux_base; /* where socketcall (+102) and ipc (+117) are */
} abis[] = {
	{ "x86", "x86", true, 0 },
	{ "x86_64", "x86_64", false, 0 },
	{ "x32", "x32", false, 0 },
	{ "arm", "arm", false, 0 },
	{ "aarch64", "aarch64", false, 0 },
	{ "loongarch64", "loongarch64", false, 0 },
	{ "m68k", "m68k", true, 0 },
	{ "mips", "mips", true, 4000 },
	{ "mipsel", "mips", true, 4000 },
	{ "mips64", "mips64", false, 0 },
	{ "mipsel64", "mips64", false, 0 },
	{ "mips64n32", "mips64n32", false, 0 },
	{ "mipsel64n32", "mips64n32", false, 0 },
	{ "parisc", "parisc", false, 0 },
	{ "parisc64", "parisc64", false, 0 },
	{ "ppc", "ppc", true, 0 },
	{ "ppc64", "ppc64", true, 0 },
	{ "ppc64le", "ppc64", true, 0 },
	{ "riscv64", "riscv64", false, 0 },
	{ "s390", "s390", true, 0 },
	{ "s390x", "s390x", true, 0 },
	{ "sh", "sh", true, 0 },
	{ "sheb", "sh", true, 0 },
};
#define ABI_CNT (sizeof(abis) / sizeof(abis[0]))
#define COL_MAX 32
#define SHARED_MAX 8

/* The CSV's "#shared PNR NAME" lines: the name a shared number gives. */
static struct {
	int pnr;
	char name[64];
} shared[SHARED_MAX];
static unsigned int shared_cnt;

static int failures;

static void fail(const char *what, const char *arch, const char *name, long got,
		 long want)
{
	if (++failures <= 30)
		printf("FAIL %s %s %s: got %ld, want %ld\n", what, arch, name,
		       got, want);
}

/* @name, or the answer of a "#shared" line if @num is a shared pnr. */
static const char *num_answer(int num, const char *name)
{
	unsigned int i;

	for (i = 0; i < shared_cnt; i++)
		if (num < 0 && shared[i].pnr == num)
			return shared[i].name;
	return name;
}

/* @num resolves to @name on an ABI, or to nothing if @name is NULL. */
static void check_num(uint32_t token, const char *arch, int num,
		      const char *name)
{
	char *got = seccomp_syscall_resolve_num_arch(token, num);

	if ((got == NULL) != (name == NULL) ||
	    (got != NULL && strcmp(got, name) != 0)) {
		if (++failures <= 30)
			printf("FAIL num %s %d: got %s, want %s\n", arch, num,
			       got ? got : "NULL", name ? name : "NULL");
	}
	free(got);
}

int main(void)
{
	const char *top = getenv("top_srcdir");
	char path[4096], line[1024], *cols[COL_MAX], *save, *tok;
	int col_of[ABI_CNT], ncols = 0, rows = 0, i, want, pnr;
	unsigned int a;
	bool syscall;
	FILE *f;

	snprintf(path, sizeof(path), "%s/src/syscalls.csv", top ? top : "..");
	f = fopen(path, "r");
	if (f == NULL) {
		perror(path);
		return 1;
	}
	while (fgets(line, sizeof(line), f) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		if (strncmp(line, "#shared ", 8) == 0) {
			if (shared_cnt == SHARED_MAX ||
			    sscanf(line + 8, "%d %63s", &shared[shared_cnt].pnr,
				   shared[shared_cnt].name) != 2) {
				printf("FAIL: bad line %s\n", line);
				return 1;
			}
			shared_cnt++;
		}
		if (line[0] == '#')
			continue;
		for (i = 0, tok = strtok_r(line, ",", &save);
		     tok && i < COL_MAX; tok = strtok_r(NULL, ",", &save))
			cols[i++] = tok;
		if (ncols == 0) {
			/* the column header: find each ABI's column */
			ncols = i;
			for (a = 0; a < ABI_CNT; a++) {
				col_of[a] = -1;
				for (i = 0; i < ncols; i++)
					if (strcmp(cols[i], abis[a].column) ==
					    0)
						col_of[a] = i;
				if (col_of[a] < 0) {
					printf("FAIL: no column %s\n",
					       abis[a].column);
					return 1;
				}
			}
			continue;
		}
		/* an empty pnr field collapses in strtok: count the fields */
		if (i == ncols - 1) {
			memmove(&cols[2], &cols[1],
				(ncols - 2) * sizeof(cols[0]));
			cols[1] = "";
		}
		rows++;
		pnr = atoi(cols[1]);
		syscall = false;
		for (i = 2; i < ncols; i++)
			if (strcmp(cols[i], "PNR") != 0)
				syscall = true;
		for (a = 0; a < ABI_CNT && !syscall; a++) {
			uint32_t token;

			token = seccomp_arch_resolve_name(abis[a].arch);
			i = seccomp_syscall_resolve_name_arch(token, cols[0]);
			if (i != __NR_SCMP_ERROR)
				fail("pseudo-only name", abis[a].arch, cols[0],
				     i, __NR_SCMP_ERROR);
			check_num(token, abis[a].arch, pnr, NULL);
		}
		for (a = 0; a < ABI_CNT && syscall; a++) {
			uint32_t token =
				seccomp_arch_resolve_name(abis[a].arch);
			const char *val = cols[col_of[a]];
			bool mux =
				abis[a].mux && ((pnr <= -101 && pnr >= -120) ||
						(pnr <= -201 && pnr >= -224));
			int rewrite;

			if (token == 0) {
				fail("arch", abis[a].arch, "", 0, 1);
				continue;
			}
			want = strcmp(val, "PNR") == 0 ? pnr : atoi(val);
			if (mux)
				want = pnr;
			i = seccomp_syscall_resolve_name_arch(token, cols[0]);
			if (i != want)
				fail("name", abis[a].arch, cols[0], i, want);

			rewrite = want;
			if (mux)
				rewrite = abis[a].mux_base +
					  (pnr > -200 ? 102 : 117);
			i = seccomp_syscall_resolve_name_rewrite(token,
								 cols[0]);
			if (i != rewrite)
				fail("rewrite", abis[a].arch, cols[0], i,
				     rewrite);

			check_num(token, abis[a].arch, want,
				  num_answer(want, cols[0]));
			if (strcmp(val, "PNR") != 0 && mux)
				check_num(token, abis[a].arch, atoi(val),
					  cols[0]);
			/* x32 numbers resolve with or without the x32 bit */
			if (strcmp(abis[a].arch, "x32") == 0 && want >= 0)
				check_num(token, "x32", want & ~0x40000000,
					  cols[0]);
		}
	}
	fclose(f);
	if (rows < 400) {
		printf("FAIL: only %d rows in %s\n", rows, path);
		return 1;
	}
	printf("%d names x %zu ABIs: %s\n", rows, ABI_CNT,
	       failures ? "FAILED" : "ok");
	return failures ? 1 : 0;
}
