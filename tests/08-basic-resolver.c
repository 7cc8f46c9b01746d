/* SPDX-License-Identifier: LGPL-2.1-only */
/* Bad input to every resolver call gives the documented answer, never a crash. */

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <seccomp.h>

static int failures;

#define EXPECT(expr, want)                                                \
	do {                                                              \
		long long got_ = (long long)(expr);                       \
		if (got_ != (long long)(want)) {                          \
			printf("FAIL line %d: %s = %lld, want %lld\n",    \
			       __LINE__, #expr, got_, (long long)(want)); \
			failures++;                                       \
		}                                                         \
	} while (0)

static void expect_name(uint32_t token, int num, const char *want, int line)
{
	char *got = seccomp_syscall_resolve_num_arch(token, num);

	if ((got == NULL) != (want == NULL) ||
	    (got != NULL && strcmp(got, want) != 0)) {
		printf("FAIL line %d: resolve_num(%#x, %d) = %s, want %s\n",
		       line, token, num, got ? got : "NULL",
		       want ? want : "NULL");
		failures++;
	}
	free(got);
}
#define EXPECT_NAME(t, n, w) expect_name(t, n, w, __LINE__)

/* Every number below a MIPS ABI's base names what the number plus the base
 * names. */
static void expect_mips_plain(uint32_t token, int base)
{
	char *plain, *based;
	int num;

	for (num = 0; num < base; num++) {
		plain = seccomp_syscall_resolve_num_arch(token, num);
		based = seccomp_syscall_resolve_num_arch(token, num + base);
		if ((plain == NULL) != (based == NULL) ||
		    (plain != NULL && strcmp(plain, based) != 0)) {
			printf("FAIL: resolve_num(%#x, %d) = %s, "
			       "but %d is %s\n",
			       token, num, plain ? plain : "NULL", num + base,
			       based ? based : "NULL");
			failures++;
		}
		free(plain);
		free(based);
	}
}

/*
 * A rule for the shared pseudo number -10191 goes, on an ABI that has both
 * names, to the syscall the number resolves to: libseccomp 2.6.1 translates
 * a number through its name, so there it is sys_debug_setcontext (256 on
 * ppc64le), whichever name the program gave. Needs an x86_64 host, whose
 * filters take ppc64le and lack both names.
 */
static void expect_shared_rule(void)
{
	scmp_filter_ctx ctx;
	char text[4096];
	size_t len;
	FILE *f;

	if (seccomp_arch_native() != SCMP_ARCH_X86_64)
		return;
	ctx = seccomp_init(SCMP_ACT_ALLOW);
	f = tmpfile();
	if (ctx == NULL || f == NULL) {
		printf("FAIL: no filter or temporary file\n");
		failures++;
		goto out;
	}
	EXPECT(seccomp_arch_add(ctx, SCMP_ARCH_PPC64LE), 0);
	EXPECT(seccomp_rule_add(ctx, SCMP_ACT_ERRNO(1), -10191, 0), 0);
	EXPECT(seccomp_export_pfc(ctx, fileno(f)), 0);
	rewind(f);
	len = fread(text, 1, sizeof(text) - 1, f);
	text[len] = '\0';
	if (strstr(text, "\"sys_debug_setcontext\" (256)") == NULL) {
		printf("FAIL: -10191 is not sys_debug_setcontext on "
		       "ppc64le:\n%s",
		       text);
		failures++;
	}
out:
	if (f != NULL)
		fclose(f);
	seccomp_release(ctx);
}

int main(void)
{
	/* clang-format off */
	static const char *const odd[] = {
		"", " ", "read ", " read", "READ", "read\n", "r\xffgh", "-1",
		"0", "%s%s%n", "../read", "sys_read",
	};
	static const struct {
		uint32_t token;
		int base;
	} mips[] = {
		{ SCMP_ARCH_MIPS, 4000 },	{ SCMP_ARCH_MIPSEL, 4000 },
		{ SCMP_ARCH_MIPS64, 5000 },	{ SCMP_ARCH_MIPSEL64, 5000 },
		{ SCMP_ARCH_MIPS64N32, 6000 },	{ SCMP_ARCH_MIPSEL64N32, 6000 },
	};
	static const char *const arch_names[] = {
		"x86", "x86_64", "x32", "arm", "aarch64", "loongarch64",
		"m68k", "mips", "mipsel", "mips64", "mipsel64", "mips64n32",
		"mipsel64n32", "parisc", "parisc64", "ppc", "ppc64", "ppc64le",
		"riscv64", "s390", "s390x", "sh", "sheb", NULL,
	};
	/* clang-format on */
	char longname[4096];
	unsigned int i;

	/* arch names: exact strings only */
	EXPECT(seccomp_arch_resolve_name(NULL), 0);
	EXPECT(seccomp_arch_resolve_name(""), 0);
	EXPECT(seccomp_arch_resolve_name("X86_64"), 0);
	EXPECT(seccomp_arch_resolve_name("x86_64 "), 0);
	EXPECT(seccomp_arch_resolve_name("i386"), 0);
	EXPECT(seccomp_arch_resolve_name("x86_64"), SCMP_ARCH_X86_64);
	EXPECT(seccomp_arch_resolve_name("sh"), SCMP_ARCH_SH);
	EXPECT(seccomp_arch_resolve_name("sheb"), SCMP_ARCH_SHEB);
	EXPECT(seccomp_arch_native() != 0, 1);

	/* names: NULL, odd characters, unknown arch tokens */
	EXPECT(seccomp_syscall_resolve_name(NULL), __NR_SCMP_ERROR);
	EXPECT(seccomp_syscall_resolve_name_arch(SCMP_ARCH_X86_64, NULL),
	       __NR_SCMP_ERROR);
	EXPECT(seccomp_syscall_resolve_name_rewrite(SCMP_ARCH_X86, NULL),
	       __NR_SCMP_ERROR);
	for (i = 0; i < sizeof(odd) / sizeof(odd[0]); i++) {
		EXPECT(seccomp_syscall_resolve_name(odd[i]), __NR_SCMP_ERROR);
		EXPECT(seccomp_syscall_resolve_name_arch(SCMP_ARCH_X86, odd[i]),
		       __NR_SCMP_ERROR);
		EXPECT(seccomp_syscall_resolve_name_rewrite(SCMP_ARCH_MIPS,
							    odd[i]),
		       __NR_SCMP_ERROR);
	}
	memset(longname, 'a', sizeof(longname) - 1);
	longname[sizeof(longname) - 1] = '\0';
	EXPECT(seccomp_syscall_resolve_name(longname), __NR_SCMP_ERROR);
	EXPECT(seccomp_syscall_resolve_name_arch(0x12345678, "read"),
	       __NR_SCMP_ERROR);
	EXPECT(seccomp_syscall_resolve_name_arch(UINT32_MAX, "read"),
	       __NR_SCMP_ERROR);
	EXPECT(seccomp_syscall_resolve_name_rewrite(1, "read"),
	       __NR_SCMP_ERROR);

	/* numbers: negative, huge, unknown arch tokens */
	EXPECT_NAME(0x12345678, 0, NULL);
	EXPECT_NAME(SCMP_ARCH_X86_64, -1, NULL);
	EXPECT_NAME(SCMP_ARCH_X86_64, -2, NULL);
	EXPECT_NAME(SCMP_ARCH_X86_64, INT_MIN, NULL);
	EXPECT_NAME(SCMP_ARCH_X86_64, INT_MAX, NULL);
	EXPECT_NAME(SCMP_ARCH_X86_64, 100000, NULL);
	EXPECT_NAME(SCMP_ARCH_X32, INT_MIN, NULL);
	EXPECT_NAME(SCMP_ARCH_X86, -100, NULL);
	EXPECT_NAME(SCMP_ARCH_X86, -121, NULL);
	EXPECT_NAME(SCMP_ARCH_X86, -200, NULL);
	EXPECT_NAME(SCMP_ARCH_X86, -225, NULL);
	EXPECT_NAME(SCMP_ARCH_X86, -205, NULL);
	/* unused numbers in and around each ABI's dense range, and the
	 * ARM private calls beyond it */
	EXPECT_NAME(SCMP_ARCH_X86_64, 400, NULL);
	EXPECT_NAME(SCMP_ARCH_X86_64, 472, NULL);
	EXPECT_NAME(SCMP_ARCH_X86_64, 471, "rseq_slice_yield");
	EXPECT_NAME(SCMP_ARCH_MIPS, 3999, NULL);
	EXPECT_NAME(SCMP_ARCH_MIPS, 4000, "syscall");
	EXPECT_NAME(SCMP_ARCH_S390, 0, NULL);
	EXPECT_NAME(SCMP_ARCH_X32, 0x40000000 + 548, NULL);
	EXPECT_NAME(SCMP_ARCH_X32, 547, "pwritev2");
	EXPECT_NAME(SCMP_ARCH_ARM, 0x0f0000, NULL);
	EXPECT_NAME(SCMP_ARCH_ARM, 0x0f0001, "breakpoint");

	/* the facts scripts rely on (libseccomp's answers) */
	EXPECT(seccomp_syscall_resolve_name_arch(SCMP_ARCH_X86, "socket"),
	       -101);
	EXPECT(seccomp_syscall_resolve_name_rewrite(SCMP_ARCH_X86, "socket"),
	       102);
	EXPECT(seccomp_syscall_resolve_name_rewrite(SCMP_ARCH_X86, "shmget"),
	       117);
	EXPECT(seccomp_syscall_resolve_name_arch(SCMP_ARCH_X86_64, "socket"),
	       41);
	EXPECT(seccomp_syscall_resolve_name_arch(SCMP_ARCH_X86_64,
						 "socketcall"),
	       -10060);
	EXPECT(seccomp_syscall_resolve_name_arch(SCMP_ARCH_X32, "read"),
	       0x40000000);
	EXPECT(seccomp_syscall_resolve_name_arch(SCMP_ARCH_MIPS, "read"), 4003);
	EXPECT(seccomp_syscall_resolve_name_rewrite(SCMP_ARCH_MIPS, "socket"),
	       4102);
	EXPECT(seccomp_syscall_resolve_name_arch(SCMP_ARCH_ARM, "breakpoint"),
	       0x0f0001);
	EXPECT(seccomp_syscall_resolve_name_arch(SCMP_ARCH_X86_64, "uselib"),
	       134);
	EXPECT_NAME(SCMP_ARCH_X86, 359, "socket");
	EXPECT_NAME(SCMP_ARCH_X86, -101, "socket");
	EXPECT_NAME(SCMP_ARCH_X86_64, -101, NULL);
	EXPECT_NAME(SCMP_ARCH_X86_64, -10024, "ipc");
	EXPECT_NAME(SCMP_ARCH_X32, 0, "read");
	EXPECT_NAME(SCMP_ARCH_X32, 0x40000000, "read");
	EXPECT_NAME(SCMP_ARCH_X32, 13, NULL);
	EXPECT_NAME(SCMP_ARCH_ARM, 341, "arm_sync_file_range");
	EXPECT_NAME(SCMP_ARCH_NATIVE, 0, "read");

	/*
	 * MIPS: a number below the ABI's base counts from it, as in
	 * libseccomp 2.5.4 and 2.6.1; pseudo numbers stay as they are.
	 */
	for (i = 0; i < sizeof(mips) / sizeof(mips[0]); i++)
		expect_mips_plain(mips[i].token, mips[i].base);
	EXPECT_NAME(SCMP_ARCH_MIPS, 0, "syscall");
	EXPECT_NAME(SCMP_ARCH_MIPSEL, 42, "pipe");
	EXPECT_NAME(SCMP_ARCH_MIPS, 8003, NULL);
	EXPECT_NAME(SCMP_ARCH_MIPS64, 0, "read");
	EXPECT_NAME(SCMP_ARCH_MIPSEL64, 42, "accept");
	EXPECT_NAME(SCMP_ARCH_MIPS64, 4000, NULL);
	EXPECT_NAME(SCMP_ARCH_MIPS64N32, 3, "close");
	EXPECT_NAME(SCMP_ARCH_MIPSEL64N32, 5000, NULL);
	EXPECT_NAME(SCMP_ARCH_MIPS, -1, NULL);
	EXPECT_NAME(SCMP_ARCH_MIPS, -101, "socket");
	EXPECT_NAME(SCMP_ARCH_MIPS64, -10244, "memfd_secret");
	EXPECT(seccomp_syscall_resolve_name_arch(SCMP_ARCH_MIPS64, "read"),
	       5000);

	/*
	 * Pseudo numbers name what libseccomp 2.6.1 names: -10191, shared
	 * by two names, is sys_debug_setcontext wherever both are pseudo;
	 * -10146 (__PNR_oldwait4, an alpha call) names nothing.
	 */
	for (i = 0; arch_names[i] != NULL; i++) {
		uint32_t token = seccomp_arch_resolve_name(arch_names[i]);

		EXPECT(token != 0, 1);
		EXPECT_NAME(token, -10146, NULL);
		EXPECT(seccomp_syscall_resolve_name_arch(token, "oldwait4"),
		       __NR_SCMP_ERROR);
		if (seccomp_syscall_resolve_name_arch(token, "switch_endian") ==
		    -10191)
			EXPECT_NAME(token, -10191, "sys_debug_setcontext");
	}
	EXPECT(seccomp_syscall_resolve_name_arch(SCMP_ARCH_X86_64,
						 "switch_endian"),
	       -10191);
	EXPECT(seccomp_syscall_resolve_name_arch(SCMP_ARCH_X86_64,
						 "sys_debug_setcontext"),
	       -10191);
	EXPECT_NAME(SCMP_ARCH_X86_64, -10191, "sys_debug_setcontext");
	EXPECT_NAME(SCMP_ARCH_PPC64, 363, "switch_endian");
	EXPECT_NAME(SCMP_ARCH_PPC64, 256, "sys_debug_setcontext");
	EXPECT_NAME(SCMP_ARCH_PPC64, -10191, NULL);
	expect_shared_rule();

	/*
	 * loongarch64: nfsservctl keeps the generic table's 42, as on
	 * aarch64 and riscv64 (and in libseccomp 2.6.1); memfd_secret is
	 * the kernel's 447, where libseccomp 2.6.1 has a pseudo number.
	 */
	EXPECT(seccomp_syscall_resolve_name_arch(SCMP_ARCH_LOONGARCH64,
						 "nfsservctl"),
	       42);
	EXPECT_NAME(SCMP_ARCH_LOONGARCH64, 42, "nfsservctl");
	EXPECT(seccomp_syscall_resolve_name_arch(SCMP_ARCH_LOONGARCH64,
						 "memfd_secret"),
	       447);
	EXPECT_NAME(SCMP_ARCH_LOONGARCH64, 447, "memfd_secret");
	EXPECT_NAME(SCMP_ARCH_LOONGARCH64, -10244, NULL);

	/* API levels: only 1..7 can be forced */
	EXPECT(seccomp_api_set(0), -EINVAL);
	EXPECT(seccomp_api_set(8), -EINVAL);
	EXPECT(seccomp_api_set(UINT_MAX), -EINVAL);
	EXPECT(seccomp_api_get() >= 1, 1);

	printf("%s\n", failures ? "FAILED" : "ok");
	return failures ? 1 : 0;
}
