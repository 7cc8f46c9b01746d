/* SPDX-License-Identifier: LGPL-2.1-only */
/* 50-live-actions: every action, loaded through the API, in the kernel. */

/*
 * Every check builds a filter through the public API, loads it in a forked
 * child and asserts what the kernel did: the errno a syscall returned, the
 * SIGSYS and its siginfo, which thread or process died. getppid is the
 * victim syscall: it takes no arguments, never fails and nothing in libc
 * calls it behind our back.
 */

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>

#include <seccomp.h>

#include "live_util.h"

#ifndef SYS_SECCOMP
#define SYS_SECCOMP 1
#endif

#define VICTIM __NR_getppid

/* A filter: default @def, @action for the victim. NULL on failure. */
static scmp_filter_ctx victim_filter(uint32_t def, uint32_t action)
{
	scmp_filter_ctx ctx = seccomp_init(def);

	if (ctx == NULL)
		return NULL;
	if (seccomp_rule_add(ctx, action, VICTIM, 0) != 0) {
		seccomp_release(ctx);
		return NULL;
	}
	return ctx;
}

/* In a child: load @ctx or exit LIVE_SETUP_FAILED. */
static void load_or_die(scmp_filter_ctx ctx)
{
	int rc = -EINVAL;

	/*
	 * Generate first and keep the context: under a filter that fails
	 * most syscalls, the allocator (AddressSanitizer's mmap) must not be
	 * needed after the load. The child exits without freeing.
	 */
	if (ctx != NULL)
		rc = seccomp_precompute(ctx);
	if (rc == 0)
		rc = seccomp_load(ctx);
	if (rc != 0) {
		printf("FAIL: seccomp_load: %d\n", rc);
		fflush(stdout);
		live_exit(LIVE_SETUP_FAILED);
	}
}

static long victim(void)
{
	return live_syscall(VICTIM, 0, 0, 0, 0, 0, 0);
}

/* ERRNO(n) fails the syscall with n, without running it. */
static int child_errno(void *arg)
{
	unsigned int err = *(unsigned int *)arg;

	load_or_die(victim_filter(SCMP_ACT_ALLOW, SCMP_ACT_ERRNO(err)));
	/* ERRNO(0) returns 0: getppid itself would return our parent's pid */
	EXPECT(victim(), -(long)err);
	/* the rest of the process is untouched */
	EXPECT(live_syscall(__NR_getpid, 0, 0, 0, 0, 0, 0), getpid());
	return live_child_result();
}

static volatile sig_atomic_t trap_count;
static siginfo_t trap_info;

static void on_sigsys(int sig, siginfo_t *info, void *uctx)
{
	(void)sig;
	(void)uctx;
	trap_info = *info;
	trap_count++;
}

/* TRAP delivers SIGSYS naming the syscall and its ABI. */
static int child_trap(void *arg)
{
	struct sigaction sa;

	(void)arg;
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_sigsys;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGSYS, &sa, NULL);
	load_or_die(victim_filter(SCMP_ACT_ALLOW, SCMP_ACT_TRAP));
	victim();
	EXPECT(trap_count, 1);
	EXPECT(trap_info.si_signo, SIGSYS);
	EXPECT(trap_info.si_code, SYS_SECCOMP);
	EXPECT(trap_info.si_syscall, VICTIM);
	EXPECT(trap_info.si_arch, live_kernel_arch());
	/* SCMP_ACT_TRAP is TRAPX(0) */
	EXPECT(trap_info.si_errno, 0);
	return live_child_result();
}

/*
 * TRAPX(n): the kernel hands n, the low 16 bits of SECCOMP_RET_TRAP's
 * data, to the handler as si_errno; the default action and the rules
 * each carry their own.
 */
static int child_trapx(void *arg)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
	struct sigaction sa;

	(void)arg;
	if (ctx == NULL ||
	    seccomp_rule_add(ctx, SCMP_ACT_TRAPX(0x1234), VICTIM, 0) != 0 ||
	    seccomp_rule_add(ctx, SCMP_ACT_TRAPX(0xffff), __NR_getuid, 0) ||
	    seccomp_rule_add(ctx, SCMP_ACT_TRAPX(0), __NR_getgid, 0))
		return LIVE_SETUP_FAILED;
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_sigsys;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGSYS, &sa, NULL);
	load_or_die(ctx);
	victim();
	EXPECT(trap_count, 1);
	EXPECT(trap_info.si_signo, SIGSYS);
	EXPECT(trap_info.si_code, SYS_SECCOMP);
	EXPECT(trap_info.si_syscall, VICTIM);
	EXPECT(trap_info.si_arch, live_kernel_arch());
	EXPECT(trap_info.si_errno, 0x1234);
	live_syscall(__NR_getuid, 0, 0, 0, 0, 0, 0);
	EXPECT(trap_count, 2);
	EXPECT(trap_info.si_syscall, __NR_getuid);
	EXPECT(trap_info.si_errno, 0xffff);
	live_syscall(__NR_getgid, 0, 0, 0, 0, 0, 0);
	EXPECT(trap_count, 3);
	EXPECT(trap_info.si_syscall, __NR_getgid);
	EXPECT(trap_info.si_errno, 0);
	return live_child_result();
}

/* TRAPX as the default action: every call without a rule traps with n. */
static int child_trapx_default(void *arg)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_TRAPX(77));
	struct sigaction sa;

	(void)arg;
	/* what the child needs to report and end; the handler needs none */
	if (ctx == NULL ||
	    seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(write), 0) != 0 ||
	    seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(exit_group), 0) ||
	    seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(rt_sigreturn), 0))
		return LIVE_SETUP_FAILED;
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_sigsys;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGSYS, &sa, NULL);
	load_or_die(ctx);
	victim();
	EXPECT(trap_count, 1);
	EXPECT(trap_info.si_syscall, VICTIM);
	EXPECT(trap_info.si_errno, 77);
	return live_child_result();
}

/* Without a handler, TRAP's SIGSYS kills. */
static int child_trap_unhandled(void *arg)
{
	(void)arg;
	load_or_die(victim_filter(SCMP_ACT_ALLOW, SCMP_ACT_TRAP));
	victim();
	return 2;
}

static void *thread_victim(void *arg)
{
	(void)arg;
	victim();
	return (void *)1;
}

/*
 * KILL_PROCESS in a second thread takes the whole process down: the main
 * thread would otherwise exit 3 once the other has ended.
 */
static int child_kill_process(void *arg)
{
	pthread_t t;

	(void)arg;
	load_or_die(victim_filter(SCMP_ACT_ALLOW, SCMP_ACT_KILL_PROCESS));
	if (pthread_create(&t, NULL, thread_victim, NULL) != 0)
		return LIVE_SETUP_FAILED;
	pthread_join(t, NULL);
	return 3;
}

/*
 * KILL_THREAD kills only the thread that made the call: the main thread
 * sees it end without returning and exits normally.
 */
static int child_kill_thread(void *arg)
{
	void *ret = NULL;
	pthread_t t;

	(void)arg;
	load_or_die(victim_filter(SCMP_ACT_ALLOW, SCMP_ACT_KILL_THREAD));
	if (pthread_create(&t, NULL, thread_victim, NULL) != 0)
		return LIVE_SETUP_FAILED;
	EXPECT(pthread_join(t, &ret), 0);
	/* the thread never got to return from thread_victim() */
	EXPECT(ret == (void *)1, 0);
	return live_child_result();
}

/* KILL_THREAD on the only thread: the process dies of SIGSYS. */
static int child_kill_single(void *arg)
{
	(void)arg;
	load_or_die(victim_filter(SCMP_ACT_ALLOW, SCMP_ACT_KILL));
	victim();
	return 2;
}

/* LOG and ALLOW run the syscall. */
static int child_passes(void *arg)
{
	uint32_t action = *(uint32_t *)arg;

	/* a default that is not ALLOW, so that ALLOW can be a rule */
	scmp_filter_ctx ctx = victim_filter(SCMP_ACT_ERRNO(77), action);

	if (ctx == NULL ||
	    seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(write), 0) != 0 ||
	    seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(exit_group), 0))
		return LIVE_SETUP_FAILED;
	load_or_die(ctx);
	EXPECT(victim(), getppid());
	/* everything else takes the default */
	EXPECT(live_syscall(__NR_getpid, 0, 0, 0, 0, 0, 0), -77);
	return live_child_result();
}

/* TRACE with no tracer attached: the kernel fails the call with ENOSYS. */
static int child_trace(void *arg)
{
	(void)arg;
	load_or_die(victim_filter(SCMP_ACT_ALLOW, SCMP_ACT_TRACE(5)));
	EXPECT(victim(), -ENOSYS);
	return live_child_result();
}

/*
 * The default action: everything without a rule gets it. Writing the
 * result needs write and exit_group, allowed by rules.
 */
static int child_default(void *arg)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ERRNO(13));

	(void)arg;
	if (ctx == NULL ||
	    seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(write), 0) != 0 ||
	    seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(exit_group), 0) ||
	    seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(getpid), 0))
		return LIVE_SETUP_FAILED;
	load_or_die(ctx);
	EXPECT(victim(), -13);
	EXPECT(live_syscall(__NR_getuid, 0, 0, 0, 0, 0, 0), -13);
	EXPECT(live_syscall(__NR_getpid, 0, 0, 0, 0, 0, 0), getpid());
	return live_child_result();
}

/*
 * Stacked filters: the kernel runs all of them and the most restrictive
 * action wins, so a second load can only tighten (libseccomp issue #87).
 */
static int child_stacked(void *arg)
{
	(void)arg;
	load_or_die(victim_filter(SCMP_ACT_ALLOW, SCMP_ACT_ERRNO(7)));
	EXPECT(victim(), -7);
	load_or_die(victim_filter(SCMP_ACT_ALLOW, SCMP_ACT_LOG));
	EXPECT(victim(), -7);
	EXPECT(live_filter_count(), 2);
	load_or_die(victim_filter(SCMP_ACT_ALLOW, SCMP_ACT_KILL_PROCESS));
	victim();
	return 2;
}

int main(void)
{
	unsigned int errs[] = { 0, 1, EPERM, 4094 };
	uint32_t pass[] = { SCMP_ACT_ALLOW, SCMP_ACT_LOG };
	size_t i;

	live_require(live_kernel_filters(), "seccomp filters");
	live_require(live_kernel_action(SCMP_ACT_KILL_PROCESS) &&
			     live_kernel_action(SCMP_ACT_LOG),
		     "the KILL_PROCESS and LOG actions");

	for (i = 0; i < sizeof(errs) / sizeof(errs[0]); i++)
		EXPECT_EXIT(live_run(child_errno, &errs[i]), 0);
	EXPECT_EXIT(live_run(child_trap, NULL), 0);
	EXPECT_EXIT(live_run(child_trapx, NULL), 0);
	EXPECT_EXIT(live_run(child_trapx_default, NULL), 0);
	EXPECT_SIGNAL(live_run(child_trap_unhandled, NULL), SIGSYS);
	EXPECT_SIGNAL(live_run(child_kill_process, NULL), SIGSYS);
	EXPECT_EXIT(live_run(child_kill_thread, NULL), 0);
	EXPECT_SIGNAL(live_run(child_kill_single, NULL), SIGSYS);
	for (i = 0; i < sizeof(pass) / sizeof(pass[0]); i++)
		EXPECT_EXIT(live_run(child_passes, &pass[i]), 0);
	EXPECT_EXIT(live_run(child_trace, NULL), 0);
	EXPECT_EXIT(live_run(child_default, NULL), 0);
	EXPECT_SIGNAL(live_run(child_stacked, NULL), SIGSYS);
	return test_result();
}
