/* SPDX-License-Identifier: LGPL-2.1-only */
/* 43-live-systab: the kernel enforces a rule on a name added at run time and a raw rule. */

/*
 * In a child: "systab_live" is added at a number the kernel has no
 * syscall for (900 from the native ABI's base), a rule denies it by name
 * with ERRNO(77), a raw rule denies the next number with ERRNO(78), and
 * the filter is loaded. The kernel must answer 77 and 78, and ENOSYS for
 * the number after, which no rule names. Exit 77 without seccomp filters.
 */

#include <errno.h>
#include <unistd.h>
#include <sys/syscall.h>

#include <seccomp-ext.h>

#include "live_util.h"

/* Where the native ABI's numbers start: the x32 bit, MIPS bases. */
static long native_base(void)
{
	switch (seccomp_arch_native()) {
	case SCMP_ARCH_X32:
		return 0x40000000L;
	case SCMP_ARCH_MIPS:
	case SCMP_ARCH_MIPSEL:
		return 4000;
	case SCMP_ARCH_MIPS64:
	case SCMP_ARCH_MIPSEL64:
		return 5000;
	case SCMP_ARCH_MIPS64N32:
	case SCMP_ARCH_MIPSEL64N32:
		return 6000;
	}
	return 0;
}

/* -errno of an unknown syscall, or its return value. */
static long try(long nr)
{
	long rc = syscall(nr, 0, 0, 0, 0, 0, 0);

	return rc < 0 ? -errno : rc;
}

static int child(void *unused)
{
	long nr = native_base() + 900;
	scmp_filter_ctx ctx;

	EXPECT(seccomp_ext_syscall_add(SCMP_ARCH_NATIVE, "systab_live",
				       (int)nr),
	       0);
	EXPECT(seccomp_syscall_resolve_name("systab_live"), nr);
	ctx = seccomp_init(SCMP_ACT_ALLOW);
	if (ctx == NULL ||
	    seccomp_rule_add(ctx, SCMP_ACT_ERRNO(77),
			     seccomp_syscall_resolve_name("systab_live"),
			     0) != 0 ||
	    seccomp_ext_rule_add_raw(ctx, SCMP_ACT_ERRNO(78), SCMP_ARCH_NATIVE,
				     (int)nr + 1, 0, NULL) != 0 ||
	    seccomp_load(ctx) != 0)
		return LIVE_SETUP_FAILED;
	seccomp_release(ctx);
	EXPECT(try(nr), -77);
	EXPECT(try(nr + 1), -78);
	EXPECT(try(nr + 2), -ENOSYS);
	return live_child_result();
}

int main(void)
{
	live_require(live_kernel_filters(), "seccomp filters");
	EXPECT_EXIT(live_run(child, NULL), 0);
	return test_result();
}
