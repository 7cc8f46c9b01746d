/* SPDX-License-Identifier: LGPL-2.1-only */
/* 40-live-badarg32: SCMP_FLTATR_EXT_ACT_BADARG32 in the kernel: openat's AT_FDCWD clean, sign-extended or dirty. */

/*
 * A rule SCMP_A0_32(SCMP_CMP_EQ | SCMP_CMP_32BIT, AT_FDCWD) with the
 * attribute set (ours) lets openat's AT_FDCWD through as glibc passes it
 * and as 0xffffffffffffff9c from syscall(2), and gives any other high word
 * the attribute's action: 0x12345678ffffff9c, and 0xffffffff0000009c (no
 * sign extension: bit 31 of the low word is clear). On 64-bit ABIs of
 * either byte order; a 32-bit ABI (x86, arm, x32, ...) has no high word
 * to check, and no way to pass one: there only the clean forms run.
 */

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/syscall.h>

#include <seccomp.h>
#include <seccomp-ext.h>

#include "live_util.h"

/* the filter's default and the check's action: no real errnos */
#define DENIED 1000
#define BADARG 1001

/* how a case opens /dev/null */
enum how {
	BY_LIBC,    /* glibc's openat(): AT_FDCWD as it passes it */
	BY_SYSCALL, /* syscall(2) with the register as given */
};

struct open_case {
	enum how how;
	uint64_t dirfd;
	long want; /* >= 0: opened; else -errno */
	bool wide; /* needs a 64-bit register */
};

static const struct open_case cases[] = {
	{ BY_LIBC, 0, 0, false },
	{ BY_SYSCALL, (uint32_t)AT_FDCWD, 0, false },
	{ BY_SYSCALL, 0xffffffffffffff9cULL, 0, true },
	{ BY_SYSCALL, (uint32_t)-99, -DENIED, false },
	{ BY_SYSCALL, 0x12345678ffffff9cULL, -BADARG, true },
	{ BY_SYSCALL, 0xffffffff0000009cULL, -BADARG, true },
	{ BY_SYSCALL, 0x00000001ffffff9cULL, -BADARG, true },
};

#define CASE_CNT (sizeof(cases) / sizeof(cases[0]))

_Static_assert(CASE_CNT <= 8,
	       "a child reports each case by a bit of its exit status");

/* Whether a long holds a 64-bit register here (not x32, not 32-bit). */
static bool wide_regs(void)
{
	return sizeof(long) == 8;
}

/* One case; returns openat's result or -errno. */
static long open_case(const struct open_case *c)
{
	long rc;

	if (c->how == BY_LIBC) {
		rc = openat(AT_FDCWD, "/dev/null", O_RDONLY | O_CLOEXEC);
		return rc < 0 ? -errno : rc;
	}
	return live_syscall(__NR_openat, (long)c->dirfd, (long)"/dev/null",
			    O_RDONLY | O_CLOEXEC, 0, 0, 0);
}

/* In the child: bit i set if case i came out otherwise than it should. */
static int child_open(void *arg)
{
	unsigned int i;
	int failed = 0;
	long rc;

	/* precomputed: from here on only openat, close and exit_group run */
	if (seccomp_load(arg) != 0)
		return LIVE_SETUP_FAILED;
	for (i = 0; i < CASE_CNT; i++) {
		if (cases[i].wide && !wide_regs())
			continue;
		rc = open_case(&cases[i]);
		if (rc >= 0)
			live_syscall(__NR_close, rc, 0, 0, 0, 0, 0);
		if (cases[i].want >= 0 ? rc < 0 : rc != cases[i].want)
			failed |= 1 << i;
	}
	return failed;
}

int main(void)
{
	scmp_filter_ctx ctx;
	unsigned int i;
	int status;

	live_require(live_kernel_filters(), "seccomp filters");
	ctx = seccomp_init(SCMP_ACT_ERRNO(DENIED));
	if (ctx == NULL ||
	    seccomp_attr_set(ctx, SCMP_FLTATR_EXT_ACT_BADARG32,
			     SCMP_ACT_ERRNO(BADARG)) ||
	    seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(exit_group), 0) ||
	    seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(close), 0) ||
	    seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(openat), 1,
			     SCMP_A0_32(SCMP_CMP_EQ | SCMP_CMP_32BIT,
					(uint32_t)AT_FDCWD)) ||
	    seccomp_precompute(ctx) != 0) {
		printf("FAIL: the filter is refused\n");
		seccomp_release(ctx);
		return 1;
	}
	status = live_run(child_open, ctx);
	if (status != -1 && WIFEXITED(status) &&
	    WEXITSTATUS(status) != LIVE_SETUP_FAILED) {
		for (i = 0; i < CASE_CNT; i++)
			if (WEXITSTATUS(status) & (1 << i)) {
				printf("FAIL: case %u, openat(%#llx, ...) did "
				       "not give %ld\n",
				       i, (unsigned long long)cases[i].dirfd,
				       cases[i].want);
				test_failures++;
			}
	} else {
		EXPECT_EXIT(status, 0);
	}
	seccomp_release(ctx);
	return test_result();
}
