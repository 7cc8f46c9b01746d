/* SPDX-License-Identifier: LGPL-2.1-only */
/* 43-basic-systab: the run-time syscall table, its file format, raw rules, direct names. */

/*
 * seccomp_ext_syscall_add(): names and numbers the resolvers then know,
 * conflicts (-EEXIST), bad input (-EINVAL), byte-order twins.
 * seccomp_ext_syscall_table_load(): a good file, then files with an error
 * on line N (the call returns N and adds nothing), I/O errors, the
 * library's own src/syscalls.csv (nothing new). A filter built before
 * names are added keeps its program, byte for byte, even regenerated;
 * the same filter built after takes the new numbers.
 * seccomp_ext_rule_add_raw(): its errors (the filter unchanged) and its
 * rule on one ABI only. seccomp_ext_syscall_resolve_name_direct(): the
 * direct syscall where the ABI has one.
 */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <seccomp-ext.h>

#include "filter_snap.h"
#include "test_util.h"

#define X32_BIT 0x40000000

/* The name's number on an ABI, as seccomp_syscall_resolve_name_arch(). */
static int nr(uint32_t arch, const char *name)
{
	return seccomp_syscall_resolve_name_arch(arch, name);
}

/* Whether a number on an ABI has the name. */
static int named(uint32_t arch, int num, const char *name)
{
	char *got = seccomp_syscall_resolve_num_arch(arch, num);
	int same = got != NULL && strcmp(got, name) == 0;

	free(got);
	return same;
}

static void check_add(void)
{
	EXPECT(seccomp_ext_syscall_add(SCMP_ARCH_X86_64, "systab_one", 1000),
	       0);
	EXPECT(seccomp_ext_syscall_add(SCMP_ARCH_X86_64, "systab_one", 1000),
	       0);
	EXPECT(nr(SCMP_ARCH_X86_64, "systab_one"), 1000);
	EXPECT(named(SCMP_ARCH_X86_64, 1000, "systab_one"), 1);
	/* a pseudo number where the ABI lacks it, the same on all of them */
	EXPECT(nr(SCMP_ARCH_X86, "systab_one") < -100, 1);
	EXPECT(nr(SCMP_ARCH_X86, "systab_one"),
	       nr(SCMP_ARCH_S390X, "systab_one"));
	EXPECT(named(SCMP_ARCH_X86, nr(SCMP_ARCH_X86, "systab_one"),
		     "systab_one"),
	       1);
	/* then it gets one there too, x32's with the x32 bit */
	EXPECT(seccomp_ext_syscall_add(SCMP_ARCH_X32, "systab_one",
				       X32_BIT | 1000),
	       0);
	EXPECT(nr(SCMP_ARCH_X32, "systab_one"), X32_BIT | 1000);
	EXPECT(named(SCMP_ARCH_X32, 1000, "systab_one"), 1);
	EXPECT(nr(SCMP_ARCH_X86_64, "systab_one"), 1000);
	/* a built-in name on an ABI that lacks it (x86's ioperm) */
	EXPECT(seccomp_ext_syscall_add(SCMP_ARCH_AARCH64, "ioperm", 1001), 0);
	EXPECT(nr(SCMP_ARCH_AARCH64, "ioperm"), 1001);
	EXPECT(nr(SCMP_ARCH_X86_64, "ioperm"), 173);
	EXPECT(named(SCMP_ARCH_AARCH64, 1001, "ioperm"), 1);
	/* twins share their numbers; MIPS numbers count from their base */
	EXPECT(seccomp_ext_syscall_add(SCMP_ARCH_MIPSEL, "systab_one", 4999),
	       0);
	EXPECT(nr(SCMP_ARCH_MIPS, "systab_one"), 4999);
	/* a built-in name and number again: nothing to do */
	EXPECT(seccomp_ext_syscall_add(SCMP_ARCH_X86_64, "read", 0), 0);
	EXPECT(seccomp_ext_syscall_add(SCMP_ARCH_NATIVE, "close",
				       nr(SCMP_ARCH_NATIVE, "close")),
	       0);
}

static void check_add_errors(void)
{
	static const char *const bad_names[] = {
		"",
		"Read",
		"9p",
		"a-b",
		"a b",
		"a,b",
		"x\n",
		"ab34567890123456789012345678901234567890123456789012345678901234",
	};
	unsigned int i;

	/* conflicts: another number, a number taken, built-in or added */
	EXPECT(seccomp_ext_syscall_add(SCMP_ARCH_X86_64, "systab_one", 1002),
	       -EEXIST);
	EXPECT(seccomp_ext_syscall_add(SCMP_ARCH_X86_64, "systab_two", 1000),
	       -EEXIST);
	EXPECT(seccomp_ext_syscall_add(SCMP_ARCH_X86_64, "systab_two", 0),
	       -EEXIST);
	EXPECT(seccomp_ext_syscall_add(SCMP_ARCH_X86_64, "read", 1002),
	       -EEXIST);
	EXPECT(seccomp_ext_syscall_add(SCMP_ARCH_MIPS, "systab_two", 4999),
	       -EEXIST);
	/* the ABI, the name, the number */
	EXPECT(seccomp_ext_syscall_add(0x12345, "systab_two", 1002), -EINVAL);
	EXPECT(seccomp_ext_syscall_add(SCMP_ARCH_X86_64, NULL, 1002), -EINVAL);
	for (i = 0; i < sizeof(bad_names) / sizeof(bad_names[0]); i++)
		EXPECT(seccomp_ext_syscall_add(SCMP_ARCH_X86_64, bad_names[i],
					       1002),
		       -EINVAL);
	EXPECT(seccomp_ext_syscall_add(SCMP_ARCH_X86_64, "systab_two", -1),
	       -EINVAL);
	EXPECT(seccomp_ext_syscall_add(SCMP_ARCH_X86_64, "systab_two",
				       X32_BIT | 1002),
	       -EINVAL);
	EXPECT(seccomp_ext_syscall_add(SCMP_ARCH_X32, "systab_two", 1002),
	       -EINVAL);
	EXPECT(seccomp_ext_syscall_add(SCMP_ARCH_MIPS, "systab_two", 1002),
	       -EINVAL);
	EXPECT(seccomp_ext_syscall_add(SCMP_ARCH_MIPS, "systab_two", 5000),
	       -EINVAL);
	EXPECT(seccomp_ext_syscall_add(SCMP_ARCH_MIPS64N32, "systab_two", 5999),
	       -EINVAL);
	/* none of them added anything */
	EXPECT(nr(SCMP_ARCH_X86_64, "systab_two"), __NR_SCMP_ERROR);
	/* the longest name allowed: 63 bytes */
	EXPECT(seccomp_ext_syscall_add(SCMP_ARCH_X86_64, bad_names[7] + 1,
				       1003),
	       0);
}

static void check_direct(void)
{
	EXPECT(seccomp_ext_syscall_resolve_name_direct(SCMP_ARCH_S390X,
						       "socket"),
	       359);
	EXPECT(nr(SCMP_ARCH_S390X, "socket"), -101);
	EXPECT(seccomp_ext_syscall_resolve_name_direct(SCMP_ARCH_X86, "socket"),
	       359);
	EXPECT(seccomp_ext_syscall_resolve_name_direct(SCMP_ARCH_X86_64,
						       "socket"),
	       41);
	/* x86 reaches recv through socketcall(2) only */
	EXPECT(seccomp_ext_syscall_resolve_name_direct(SCMP_ARCH_X86, "recv"),
	       -110);
	EXPECT(seccomp_ext_syscall_resolve_name_direct(SCMP_ARCH_X86_64,
						       "systab_one"),
	       1000);
	EXPECT(seccomp_ext_syscall_resolve_name_direct(SCMP_ARCH_X86_64,
						       "no_such_call"),
	       __NR_SCMP_ERROR);
	EXPECT(seccomp_ext_syscall_resolve_name_direct(SCMP_ARCH_X86_64, NULL),
	       __NR_SCMP_ERROR);
	EXPECT(seccomp_ext_syscall_resolve_name_direct(0x12345, "read"),
	       __NR_SCMP_ERROR);
}

/* Writes @text to a file of the test's own; returns its path. */
static const char *file_with(const char *text)
{
	static char path[] = "43-basic-systab.tmp";
	FILE *f = fopen(path, "w");

	if (f == NULL || fputs(text, f) < 0 || fclose(f) != 0) {
		perror(path);
		exit(99);
	}
	return path;
}

static void check_load(void)
{
	static const struct {
		const char *text;
		int line;
	} bad[] = {
		/* a bad number on line 4: line 3 is not added either */
		{ "#kernel 7.3\nname,pnr,x86_64,aarch64\nsystab_f1,,1010,PNR\n"
		  "systab_f2,,10x,PNR\n",
		  4 },
		/* a conflict, with the file's own line before */
		{ "name,x86_64\nsystab_f1,1010\nsystab_f3,1010\n", 3 },
		{ "name,x86_64\nsystab_f1,1010\nsystab_one,1011\n", 3 },
		{ "name,x86_64,vax\n", 1 },
		{ "name,x86_64,x86_64\n", 1 },
		{ "name,mips,mipsel\n", 1 },
		{ "pnr,name,x86_64\n", 1 },
		{ "\n# only comments\n", 3 },
		{ "", 1 },
		{ "name,x86_64\nsystab_f1,1010,1011\n", 2 },
		{ "name,x86_64\nsystab_f1\n", 2 },
		{ "name,x86_64\n,1010\n", 2 },
		{ "name,x86_64\nsystab_f1,01010\n", 2 },
		{ "name,x86_64\nsystab_f1,-1010\n", 2 },
		{ "name,x86_64\nsystab_f1,1010@7\n", 2 },
		{ "name,x86_64\nsystab_f1,99999999999\n", 2 },
		{ "name,x86_64\nsystab_f1,1010\r\n", 2 },
		{ "name,pnr,x86_64\nsystab_f1,-5,1010\n", 2 },
		{ "name,x86_64\nSystab_f1,1010\n", 2 },
	};
	char path[4096], *big;
	const char *top = getenv("top_srcdir");
	unsigned int i;
	int fd;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		EXPECT(seccomp_ext_syscall_table_load(file_with(bad[i].text)),
		       bad[i].line);
		EXPECT(nr(SCMP_ARCH_X86_64, "systab_f1"), __NR_SCMP_ERROR);
	}
	/* a line over 4096 bytes */
	big = malloc(2 * 1024 * 1024 + 1);
	memset(big, '#', 2 * 1024 * 1024);
	big[2 * 1024 * 1024] = '\0';
	memcpy(big, "name,x86_64\n", 12);
	big[5000] = '\n';
	big[5001] = '\0';
	EXPECT(seccomp_ext_syscall_table_load(file_with(big)), 2);
	/* a file over 1 MiB */
	big[5001] = '#';
	big[1024 * 1024] = '\n';
	EXPECT(seccomp_ext_syscall_table_load(file_with(big)), -EFBIG);
	free(big);

	EXPECT(seccomp_ext_syscall_table_load(NULL), -EINVAL);
	EXPECT(seccomp_ext_syscall_table_load(""), -EINVAL);
	EXPECT(seccomp_ext_syscall_table_load("/nonexistent/table.csv"),
	       -ENOENT);
	EXPECT(seccomp_ext_syscall_table_load("/"), -EISDIR);

	EXPECT(seccomp_ext_syscall_table_load(file_with(
		       "# twins are one column; versions are ignored\n"
		       "name,pnr,x86_64,mipsel,aarch64\n"
		       "\n"
		       "systab_f1,-999,1010@7.3,4998,PNR\n"
		       "systab_f2,,1011,,1011\n"
		       "systab_one,,1000,4999,\n")),
	       0);
	EXPECT(nr(SCMP_ARCH_X86_64, "systab_f1"), 1010);
	EXPECT(nr(SCMP_ARCH_MIPS, "systab_f1"), 4998);
	EXPECT(nr(SCMP_ARCH_AARCH64, "systab_f1") < -100, 1);
	EXPECT(nr(SCMP_ARCH_AARCH64, "systab_f2"), 1011);

	/* the library's own table: everything in it is known */
	snprintf(path, sizeof(path), "%s/src/syscalls.csv",
		 top != NULL ? top : "..");
	fd = open(path, O_RDONLY);
	if (fd >= 0) {
		close(fd);
		EXPECT(seccomp_ext_syscall_table_load(path), 0);
	}
	unlink(file_with(""));
}

/* Rules on names of every kind, on several ABIs. */
static scmp_filter_ctx build(void)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);

	seccomp_arch_remove(ctx, SCMP_ARCH_NATIVE);
	seccomp_arch_add(ctx, SCMP_ARCH_X86_64);
	seccomp_arch_add(ctx, SCMP_ARCH_X32);
	seccomp_arch_add(ctx, SCMP_ARCH_AARCH64);
	seccomp_rule_add(ctx, SCMP_ACT_ERRNO(1),
			 nr(SCMP_ARCH_NATIVE, "systab_late"), 0);
	seccomp_rule_add(ctx, SCMP_ACT_ERRNO(2), nr(SCMP_ARCH_NATIVE, "iopl"),
			 1, SCMP_A0(SCMP_CMP_EQ, 3));
	seccomp_rule_add(ctx, SCMP_ACT_ERRNO(3), nr(SCMP_ARCH_NATIVE, "read"),
			 0);
	return ctx;
}

/* A filter's program, regenerated: a rejected transaction drops it. */
static size_t program(scmp_filter_ctx ctx, char *buf, size_t size)
{
	size_t len = size;

	seccomp_transaction_start(ctx);
	seccomp_transaction_reject(ctx);
	if (seccomp_export_bpf_mem(ctx, buf, &len) != 0)
		return 0;
	return len;
}

static void check_unchanged(void)
{
	static char before[32768], after[32768], fresh[32768];
	scmp_filter_ctx ctx, ctx2;
	size_t len_before, len_after, len_fresh;

	if (seccomp_arch_native() != SCMP_ARCH_X86_64)
		return; /* rules take native numbers */
	/* systab_late is unknown: the rule's number is __NR_SCMP_ERROR */
	ctx = build();
	len_before = program(ctx, before, sizeof(before));
	EXPECT(len_before > 0, 1);
	EXPECT(seccomp_ext_syscall_add(SCMP_ARCH_X86_64, "systab_late", 1020),
	       0);
	EXPECT(seccomp_ext_syscall_add(SCMP_ARCH_X32, "systab_late",
				       X32_BIT | 1020),
	       0);
	EXPECT(seccomp_ext_syscall_add(SCMP_ARCH_AARCH64, "iopl", 1021), 0);
	EXPECT(seccomp_ext_syscall_add(SCMP_ARCH_AARCH64, "systab_late", 1022),
	       0);
	len_after = program(ctx, after, sizeof(after));
	EXPECT(len_after, len_before);
	EXPECT(memcmp(before, after, len_before), 0);
	/* the same filter built now has the names on every ABI */
	ctx2 = build();
	len_fresh = program(ctx2, fresh, sizeof(fresh));
	EXPECT(len_fresh > len_before, 1);
	seccomp_release(ctx2);
	seccomp_release(ctx);
}

static void check_raw(void)
{
	static const struct scmp_arg_cmp cmps[7] = {
		SCMP_A0(SCMP_CMP_EQ, 1),
	};
	struct scmp_arg_cmp bad_op = { .arg = 0, .op = 99 };
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);

	/* x86 alone: any host's filter can hold it */
	EXPECT(seccomp_arch_remove(ctx, SCMP_ARCH_NATIVE), 0);
	EXPECT(seccomp_arch_add(ctx, SCMP_ARCH_X86), 0);
	EXPECT_KEEPS(ctx,
		     seccomp_ext_rule_add_raw(ctx, SCMP_ACT_KILL,
					      SCMP_ARCH_S390X, 442, 0, NULL),
		     -EDOM);
	EXPECT_KEEPS(ctx,
		     seccomp_ext_rule_add_raw(ctx, SCMP_ACT_KILL, 0x12345, 442,
					      0, NULL),
		     -EINVAL);
	EXPECT_KEEPS(ctx,
		     seccomp_ext_rule_add_raw(ctx, SCMP_ACT_ALLOW,
					      SCMP_ARCH_X86, 442, 0, NULL),
		     -EACCES);
	EXPECT_KEEPS(ctx,
		     seccomp_ext_rule_add_raw(ctx, 0x12345678, SCMP_ARCH_X86,
					      442, 0, NULL),
		     -EINVAL);
	EXPECT_KEEPS(ctx,
		     seccomp_ext_rule_add_raw(ctx, SCMP_ACT_KILL, SCMP_ARCH_X86,
					      -1, 0, NULL),
		     -EINVAL);
	EXPECT_KEEPS(ctx,
		     seccomp_ext_rule_add_raw(ctx, SCMP_ACT_KILL, SCMP_ARCH_X86,
					      -101, 0, NULL),
		     -EINVAL);
	EXPECT_KEEPS(ctx,
		     seccomp_ext_rule_add_raw(ctx, SCMP_ACT_KILL, SCMP_ARCH_X86,
					      442, 7, cmps),
		     -EINVAL);
	EXPECT_KEEPS(ctx,
		     seccomp_ext_rule_add_raw(ctx, SCMP_ACT_KILL, SCMP_ARCH_X86,
					      442, 1, NULL),
		     -EINVAL);
	EXPECT_KEEPS(ctx,
		     seccomp_ext_rule_add_raw(ctx, SCMP_ACT_KILL, SCMP_ARCH_X86,
					      442, 1, &bad_op),
		     -EINVAL);
	EXPECT(seccomp_ext_rule_add_raw(NULL, SCMP_ACT_KILL, SCMP_ARCH_X86, 442,
					0, NULL),
	       -EINVAL);
	EXPECT(seccomp_ext_rule_add_raw(ctx, SCMP_ACT_KILL, SCMP_ARCH_X86, 442,
					1, cmps),
	       0);
	EXPECT_KEEPS(ctx,
		     seccomp_ext_rule_add_raw(ctx, SCMP_ACT_TRAP, SCMP_ARCH_X86,
					      442, 1, cmps),
		     -EEXIST);
	/* -1 with TSKIP, as the rule_add calls take it */
	seccomp_attr_set(ctx, SCMP_FLTATR_API_TSKIP, 1);
	EXPECT(seccomp_ext_rule_add_raw(ctx, SCMP_ACT_KILL, SCMP_ARCH_X86, -1,
					0, NULL),
	       0);
	seccomp_release(ctx);
}

int main(void)
{
	check_add();
	check_add_errors();
	check_direct();
	check_load();
	check_unchanged();
	check_raw();
	return test_result();
}
