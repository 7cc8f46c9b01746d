/* SPDX-License-Identifier: LGPL-2.1-only */
/* 52-live-seed: the seed article's filter: stdout works, other fds kill. */

/*
 * The filter of the article the project started from: default KILL, open
 * allowed, write allowed only on fd 1, plus exit_group so that the process
 * can end on its own. In a child whose stdout is a pipe to us:
 *  - writing to stdout works (we read the bytes) and exit_group exits;
 *  - writing to fd 2 kills the child with SIGSYS before anything is written;
 *  - fd 1 with a bit set above the low 32 is another value to the filter
 *    (the kernel's write() would truncate it to 1): killed as well;
 *  - any other syscall (getpid) kills.
 */

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>

#include <seccomp.h>

#include "live_util.h"

static const char msg[] = "hello from the sandbox\n";

enum misdeed { NONE, WRITE_STDERR, WRITE_FD_HIGH_BITS, GETPID };

static scmp_filter_ctx article_filter(void)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_KILL);
	int open_nr = seccomp_syscall_resolve_name("open");

	if (ctx == NULL)
		return NULL;
	/* ABIs without open(2) resolve it to a pseudo number: skipped */
	if (seccomp_rule_add(ctx, SCMP_ACT_ALLOW, open_nr, 0) != 0 ||
	    seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(write), 1,
			     SCMP_A0(SCMP_CMP_EQ, STDOUT_FILENO)) != 0 ||
	    seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(exit_group), 0)) {
		seccomp_release(ctx);
		return NULL;
	}
	return ctx;
}

struct job {
	enum misdeed misdeed;
	int out; /* the pipe's write end: the child's stdout */
};

static int child(void *arg)
{
	const struct job *job = arg;
	scmp_filter_ctx ctx = article_filter();

	if (dup2(job->out, STDOUT_FILENO) < 0 || ctx == NULL ||
	    seccomp_load(ctx) != 0)
		return LIVE_SETUP_FAILED;
	/* raw syscalls: no stdio buffering between us and the filter */
	syscall(__NR_write, STDOUT_FILENO, msg, sizeof(msg) - 1);
	switch (job->misdeed) {
	case NONE:
		break;
	case WRITE_STDERR:
		syscall(__NR_write, STDERR_FILENO, msg, sizeof(msg) - 1);
		break;
	case WRITE_FD_HIGH_BITS:
		syscall(__NR_write, 0x100000000L | STDOUT_FILENO, msg,
			sizeof(msg) - 1);
		break;
	case GETPID:
		syscall(__NR_getpid);
		break;
	}
	syscall(__NR_exit_group, 0);
	return 2;
}

/* Run a child; the status, and what it wrote to stdout in @got. */
static int run(enum misdeed misdeed, char *got, size_t size)
{
	struct job job = { .misdeed = misdeed };
	int pfd[2], status;
	size_t len = 0;
	ssize_t n;
	pid_t pid;

	if (pipe(pfd) != 0)
		return -1;
	job.out = pfd[1];
	pid = live_start(child, &job);
	close(pfd[1]);
	while (len + 1 < size &&
	       (n = read(pfd[0], got + len, size - 1 - len)) > 0)
		len += (size_t)n;
	got[len] = '\0';
	close(pfd[0]);
	status = live_wait(pid);
	return status;
}

int main(void)
{
	/*
	 * A high word exists where arguments are 64-bit; x32's are too, but
	 * its syscall(2) passes 32-bit longs.
	 */
	static const enum misdeed kills[] = {
		WRITE_STDERR,
#if __SIZEOF_LONG__ == 8
		WRITE_FD_HIGH_BITS,
#endif
		GETPID
	};
	char got[128];
	size_t i;

	live_require(live_kernel_filters(), "seccomp filters");

	EXPECT_EXIT(run(NONE, got, sizeof(got)), 0);
	EXPECT(strcmp(got, msg), 0);
	for (i = 0; i < sizeof(kills) / sizeof(kills[0]); i++) {
		EXPECT_SIGNAL(run(kills[i], got, sizeof(got)), SIGSYS);
		/* only the first message got through */
		EXPECT(strcmp(got, msg), 0);
	}
	return test_result();
}
