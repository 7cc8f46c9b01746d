/* SPDX-License-Identifier: LGPL-2.1-only */
/* 59-live-load-errors: loads the kernel refuses, and the codes reported. */

/*
 * In forked children:
 *  - without NO_NEW_PRIVS (SCMP_FLTATR_CTL_NNP off) and without
 *    CAP_SYS_ADMIN the kernel refuses the filter (EACCES); with NNP on, the
 *    same process loads it;
 *  - a task's filters may hold at most 32768 instructions (of the kernel's
 *    translation, plus 4 per filter): the load after that fails (ENOMEM);
 * and each time: seccomp_load returns -ECANCELED, or the kernel's -errno
 * with SCMP_FLTATR_API_SYSRAWRC, and nothing is installed: /proc counts
 * the same filters, the filter context stays usable.
 * Exit 77 without seccomp filters.
 */

#define _GNU_SOURCE /* setresuid */
#include <errno.h>
#include <unistd.h>
#include <sys/prctl.h>
#include <sys/syscall.h>

#include <linux/filter.h>
#include <seccomp.h>

#include "live_util.h"

#define VICTIM __NR_getppid
/* The kernel's limit on the instructions of a task's filters. */
#define MAX_INSNS_PER_PATH 32768
#define NOBODY 65534

static scmp_filter_ctx victim_filter(void)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);

	if (ctx != NULL &&
	    seccomp_rule_add(ctx, SCMP_ACT_ERRNO(7), VICTIM, 0) != 0) {
		seccomp_release(ctx);
		ctx = NULL;
	}
	return ctx;
}

/* Without NO_NEW_PRIVS only CAP_SYS_ADMIN may load a filter. */
static int child_no_nnp(void *arg)
{
	bool raw = *(bool *)arg;
	scmp_filter_ctx ctx = victim_filter();

	if (ctx == NULL || seccomp_attr_set(ctx, SCMP_FLTATR_CTL_NNP, 0) != 0 ||
	    seccomp_attr_set(ctx, SCMP_FLTATR_API_SYSRAWRC, raw) != 0)
		return LIVE_SETUP_FAILED;
	/* root drops its capabilities by becoming nobody */
	if (geteuid() == 0 && (setresgid(NOBODY, NOBODY, NOBODY) != 0 ||
			       setresuid(NOBODY, NOBODY, NOBODY) != 0))
		return LIVE_SETUP_FAILED;
	if (prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0) != 0)
		return LIVE_SETUP_FAILED;

	EXPECT(seccomp_load(ctx), raw ? -EACCES : -ECANCELED);
	EXPECT(live_filter_count(), 0);
	EXPECT(live_syscall(VICTIM, 0, 0, 0, 0, 0, 0), getppid());
	/* with NO_NEW_PRIVS the same load goes through */
	EXPECT(seccomp_attr_set(ctx, SCMP_FLTATR_CTL_NNP, 1), 0);
	EXPECT(seccomp_load(ctx), 0);
	EXPECT(prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0), 1);
	EXPECT(live_syscall(VICTIM, 0, 0, 0, 0, 0, 0), -7);
	seccomp_release(ctx);
	return live_child_result();
}

/*
 * Load until the kernel's instruction budget is spent. The kernel counts
 * the instructions of the programs it made from ours, so the number of
 * loads that fit is only bounded: each filter costs more than 4.
 */
static int child_too_many(void *arg)
{
	bool raw = *(bool *)arg;
	scmp_filter_ctx ctx = victim_filter();
	size_t size = 0, len;
	unsigned int i, max = MAX_INSNS_PER_PATH / 5 + 1;
	int rc = 0, cnt;

	if (ctx == NULL ||
	    seccomp_attr_set(ctx, SCMP_FLTATR_API_SYSRAWRC, raw) != 0 ||
	    seccomp_export_bpf_mem(ctx, NULL, &size) != 0)
		return LIVE_SETUP_FAILED;
	len = size / sizeof(struct sock_filter);
	for (i = 0; i < max; i++) {
		rc = seccomp_load(ctx);
		if (rc != 0)
			break;
	}
	EXPECT(i > 1 && i < max, 1);
	EXPECT(rc, raw ? -ENOMEM : -ECANCELED);
	cnt = live_filter_count();
	EXPECT(cnt, i);
	/* a failed load installs nothing and changes nothing */
	EXPECT(seccomp_load(ctx), raw ? -ENOMEM : -ECANCELED);
	EXPECT(live_filter_count(), cnt);
	EXPECT(seccomp_export_bpf_mem(ctx, NULL, &size), 0);
	EXPECT(size, len * sizeof(struct sock_filter));
	EXPECT(live_syscall(VICTIM, 0, 0, 0, 0, 0, 0), -7);
	seccomp_release(ctx);
	return live_child_result();
}

int main(void)
{
	bool raw;

	live_require(live_kernel_filters(), "seccomp filters");
	for (raw = false;; raw = true) {
		EXPECT_EXIT(live_run(child_no_nnp, &raw), 0);
		EXPECT_EXIT(live_run(child_too_many, &raw), 0);
		if (raw)
			break;
	}
	return test_result();
}
