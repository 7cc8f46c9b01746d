/* SPDX-License-Identifier: LGPL-2.1-only */
/* Helpers of the live tests: forked children, wait statuses, kernel probes. */

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/syscall.h>

#include <linux/seccomp.h>

#include "live_util.h"

/* The alarm of a child: $LIVE_TIMEOUT seconds where set, else the default. */
static unsigned int live_timeout(void)
{
	const char *env = getenv("LIVE_TIMEOUT");
	char *end;
	unsigned long secs;

	if (env == NULL || *env == '\0')
		return LIVE_TIMEOUT;
	secs = strtoul(env, &end, 10);
	if (*end != '\0' || secs == 0 || secs > 3600)
		return LIVE_TIMEOUT;
	return (unsigned int)secs;
}

pid_t live_fork(void)
{
	const struct rlimit nocore = { 0, 0 };
	pid_t pid;

	/* what the parent buffered must not be written twice */
	fflush(NULL);
	pid = fork();
	if (pid != 0)
		return pid;
	/* SIGSYS and friends dump core by default: keep the build tree clean */
	setrlimit(RLIMIT_CORE, &nocore);
	signal(SIGALRM, SIG_DFL);
	alarm(live_timeout());
	return 0;
}

void live_exit(int status)
{
	fflush(NULL);
	for (;;)
		syscall(__NR_exit_group, status);
}

int live_wait(pid_t pid)
{
	int status;

	if (pid < 0)
		return -1;
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	return status;
}

const char *live_status_str(int status)
{
	static char buf[64];

	if (status == -1)
		snprintf(buf, sizeof(buf), "no child (fork or wait failed)");
	else if (WIFEXITED(status))
		snprintf(buf, sizeof(buf), "exit %d", WEXITSTATUS(status));
	else if (WIFSIGNALED(status))
		snprintf(buf, sizeof(buf), "signal %d (%s)", WTERMSIG(status),
			 strsignal(WTERMSIG(status)));
	else
		snprintf(buf, sizeof(buf), "status %#x", (unsigned int)status);
	return buf;
}

long live_syscall(long nr, long a0, long a1, long a2, long a3, long a4, long a5)
{
	long rc = syscall(nr, a0, a1, a2, a3, a4, a5);

	return rc == -1 ? -errno : rc;
}

int live_listener(int syscall, unsigned int arg_cnt,
		  const struct scmp_arg_cmp *args)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
	int fd = -1;

	if (ctx != NULL &&
	    seccomp_rule_add_array(ctx, SCMP_ACT_NOTIFY, syscall, arg_cnt,
				   args) == 0 &&
	    seccomp_load(ctx) == 0)
		fd = seccomp_notify_fd(ctx);
	seccomp_release(ctx);
	return fd < 0 ? -1 : fd;
}

bool live_kernel_filters(void)
{
	/* SET_MODE_FILTER with a NULL program: EFAULT proves filter support */
	return live_syscall(__NR_seccomp, SECCOMP_SET_MODE_FILTER, 0, 0, 0, 0,
			    0) == -EFAULT;
}

bool live_kernel_action(uint32_t action)
{
	return live_kernel_filters() &&
	       live_syscall(__NR_seccomp, SECCOMP_GET_ACTION_AVAIL, 0,
			    (long)&action, 0, 0, 0) == 0;
}

bool live_kernel_flag(unsigned long flag)
{
	return live_syscall(__NR_seccomp, SECCOMP_SET_MODE_FILTER, (long)flag,
			    0, 0, 0, 0) == -EFAULT;
}

void live_require(bool have, const char *what)
{
	if (have)
		return;
	printf("SKIP: the kernel lacks %s\n", what);
	exit(77);
}

int live_filter_count(void)
{
	char line[256];
	FILE *f = fopen("/proc/thread-self/status", "r");
	int cnt = -1;

	if (f == NULL)
		return -1;
	while (fgets(line, sizeof(line), f) != NULL)
		if (sscanf(line, "Seccomp_filters: %d", &cnt) == 1)
			break;
	fclose(f);
	return cnt;
}
