/* SPDX-License-Identifier: LGPL-2.1-only */
/* The seed article's sandbox: a child may write to stdout only, or die. */

/*
 * Builds the filter of the libseccomp 2.2.0 article: kill the process on
 * any syscall but open(2)/openat(2) and write(2) to stdout, plus
 * exit_group(2) so it can end cleanly. Two children load it: one writes to
 * stdout and exits, the other writes to stderr and is killed by SIGSYS.
 */

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <linux/filter.h>
#include <seccomp.h>

static scmp_filter_ctx build_filter(void)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_KILL_PROCESS);

	if (ctx == NULL ||
	    seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(open), 0) < 0 ||
	    seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(openat), 0) < 0 ||
	    seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(write), 1,
			     SCMP_A0(SCMP_CMP_EQ, STDOUT_FILENO)) < 0 ||
	    seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(exit_group), 0) <
		    0) {
		seccomp_release(ctx);
		return NULL;
	}
	return ctx;
}

/* Runs @fd's write in a sandboxed child; returns its wait status. */
static int sandboxed_write(scmp_filter_ctx ctx, int fd, const char *msg)
{
	int status;
	pid_t pid;

	fflush(NULL);
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		if (seccomp_load(ctx) < 0)
			_exit(100);
		/* raw syscalls: stdio could need more than the filter allows */
		syscall(SYS_write, fd, msg, strlen(msg));
		syscall(SYS_exit_group, 0);
	}
	if (waitpid(pid, &status, 0) < 0)
		return -1;
	return status;
}

static void report(const char *what, int status)
{
	if (status == -1)
		printf("%s: could not run the child\n", what);
	else if (WIFSIGNALED(status))
		printf("%s: killed by signal %d (%s)\n", what, WTERMSIG(status),
		       strsignal(WTERMSIG(status)));
	else if (WEXITSTATUS(status) == 100)
		printf("%s: the filter did not load\n", what);
	else
		printf("%s: exited with status %d\n", what,
		       WEXITSTATUS(status));
}

int main(void)
{
	scmp_filter_ctx ctx = build_filter();
	size_t len = 0;
	int to_stdout, to_stderr;

	if (ctx == NULL) {
		fprintf(stderr, "cannot build the filter\n");
		return 1;
	}
	seccomp_export_bpf_mem(ctx, NULL, &len);
	printf("filter: default KILL_PROCESS; allow open, openat, exit_group, "
	       "and write to fd 1 only (%zu BPF instructions)\n\n",
	       len / sizeof(struct sock_filter));
	/* PFC goes straight to the fd: flush what stdio holds first */
	fflush(stdout);
	seccomp_export_pfc(ctx, STDOUT_FILENO);
	printf("\n");

	to_stdout = sandboxed_write(ctx, STDOUT_FILENO,
				    "child 1: hello from the sandbox\n");
	report("child 1, write to stdout", to_stdout);
	to_stderr = sandboxed_write(ctx, STDERR_FILENO,
				    "child 2: this must never appear\n");
	report("child 2, write to stderr", to_stderr);
	seccomp_release(ctx);

	if (to_stdout != 0 || !WIFSIGNALED(to_stderr) ||
	    WTERMSIG(to_stderr) != SIGSYS) {
		printf("\nunexpected: is seccomp enabled in this kernel?\n");
		return 1;
	}
	printf("\nthe kernel enforced the filter as the article describes\n");
	return 0;
}
