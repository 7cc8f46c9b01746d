/* SPDX-License-Identifier: LGPL-2.1-only */
/* Helpers of the live tests: run code in a forked child, judge how it ended. */

/*
 * A live test never loads a filter into itself: the filter would stay for
 * the rest of the test. Each check runs in a child made by live_run(),
 * which an alarm ends if it hangs, and the parent judges the wait status:
 * the kernel's verdict. A child reports its own EXPECT failures through
 * its exit status (return live_child_result()).
 */

#ifndef LIVE_UTIL_H
#define LIVE_UTIL_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <linux/audit.h>
#include <seccomp.h>

#include "test_util.h"

/*
 * Seconds a child may take before SIGALRM ends it (and the check fails),
 * unless the environment's LIVE_TIMEOUT says otherwise: a check-arch guest
 * under emulation (TCG) sets a bound of minutes, since the same work takes
 * 10 to 100 times longer there and its own per-test limit catches hangs.
 */
#define LIVE_TIMEOUT 10

/* Exit status of a child whose setup failed before its check ran. */
#define LIVE_SETUP_FAILED 99

/*
 * live_fork - fork a child for a check: in the child (0 returned) an alarm
 * of LIVE_TIMEOUT seconds (or the environment's) is set and core dumps are
 * off. Returns as fork.
 */
pid_t live_fork(void);

/*
 * live_exit - end a child: flush stdio and exit_group(2) directly. It does
 * not return, but is not declared noreturn: AddressSanitizer precedes
 * calls of noreturn functions (and its _exit) with calls a strict filter
 * refuses.
 */
void live_exit(int status);

/* live_wait - wait for a child of live_start(); its status, or -1. */
int live_wait(pid_t pid);

/*
 * live_start - run @fn(@arg) in a forked child, exiting with its result;
 * the child counts only its own EXPECT failures. Returns the child's pid,
 * or -1 if fork failed.
 */
static inline pid_t live_start(int (*fn)(void *), void *arg)
{
	pid_t pid = live_fork();

	if (pid == 0) {
		test_failures = 0;
		live_exit(fn(arg));
	}
	return pid;
}

/* live_run - live_start() and live_wait() */
static inline int live_run(int (*fn)(void *), void *arg)
{
	return live_wait(live_start(fn, arg));
}

/* A readable form of a wait status ("exit 3", "signal 31"...). */
const char *live_status_str(int status);

/* In a child: the exit status that reports its EXPECT failures. */
static inline int live_child_result(void)
{
	return test_failures ? 1 : 0;
}

/*
 * EXPECT_EXIT / EXPECT_SIGNAL - a child ended with this exit status, or
 * was killed by this signal; print and count a mismatch.
 */
#define EXPECT_EXIT(status, code) \
	live_expect_status(__FILE__, __LINE__, #status, status, false, code)
#define EXPECT_SIGNAL(status, sig) \
	live_expect_status(__FILE__, __LINE__, #status, status, true, sig)

static inline void live_expect_status(const char *file, int line,
				      const char *what, int status,
				      bool signaled, int want)
{
	bool ok = status != -1 &&
		  (signaled ? WIFSIGNALED(status) && WTERMSIG(status) == want :
			      WIFEXITED(status) && WEXITSTATUS(status) == want);

	if (ok)
		return;
	printf("FAIL %s:%d: %s ended with %s, want %s %d\n", file, line, what,
	       live_status_str(status), signaled ? "signal" : "exit", want);
	test_failures++;
}

/*
 * The kernel's side, asked directly rather than through the library under
 * test: whether seccomp filters work at all, and whether an action or a
 * filter flag is known. A test skips (77) only on what these deny.
 */
bool live_kernel_filters(void);
bool live_kernel_action(uint32_t action);
bool live_kernel_flag(unsigned long flag);

/* live_require - exit 77 with a message unless @have */
void live_require(bool have, const char *what);

/* The number of seccomp filters of the calling thread (/proc), or -1. */
int live_filter_count(void);

/*
 * The arch the kernel reports (seccomp_data.arch, si_arch) for a call of
 * the native ABI: x32's calls are x86_64's, told apart by a bit in the
 * number, so x32's token never reaches a filter.
 */
static inline uint32_t live_kernel_arch(void)
{
#if defined(__x86_64__) && defined(__ILP32__)
	return AUDIT_ARCH_X86_64;
#else
	return seccomp_arch_native();
#endif
}

/*
 * live_listener - load a filter that allows everything but @syscall with
 * @arg_cnt comparisons @args (SCMP_ACT_NOTIFY). Returns the process's
 * notification fd, or -1.
 */
int live_listener(int syscall, unsigned int arg_cnt,
		  const struct scmp_arg_cmp *args);

/* A raw syscall that returns -errno on failure instead of setting errno. */
long live_syscall(long nr, long a0, long a1, long a2, long a3, long a4,
		  long a5);

#endif
