/* SPDX-License-Identifier: LGPL-2.1-only */
/* 75-live-kvermax: a policy older than clone3 (KVERMAX 5.2): clone3 gets ENOSYS, and glibc's threads and posix_spawn fall back to clone. */

/*
 * The situation of container profiles: default ERRNO(EPERM), an allow-list
 * of what the program needs, written before clone3 (Linux 5.3) and so
 * without it. glibc (2.34 and later) creates threads and spawns processes
 * with clone3 first and falls back to clone only on ENOSYS. In a child:
 *  - without SCMP_FLTATR_CTL_KVERMAX, clone3 fails with EPERM, and so do
 *    pthread_create() and posix_spawn(): the breakage the attribute fixes;
 *  - with it set to 5.2, clone3 fails with ENOSYS, pthread_create() runs
 *    the thread and posix_spawn() runs /bin/true, through clone;
 *  - a rule on clone3 wins over the attribute.
 * Where glibc creates threads with clone alone (2.36 on arm, aarch64,
 * ppc64le, s390x and MIPS), threads and posix_spawn() work in every case
 * and the checks of clone3 itself still hold.
 * clone3 is called with a NULL argument, so that a filter that let it
 * through makes the kernel answer EFAULT rather than fork.
 */

#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <spawn.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include <linux/filter.h>
#include <linux/seccomp.h>

#include <seccomp.h>

#include "live_util.h"

#ifndef __NR_clone3
#define __NR_clone3 435
#endif

/* struct clone_args as Linux 5.5 has it */
#define CLONE_ARGS_SIZE 88

#define TRUE_PROGRAM "/bin/true"

extern char **environ;

/* clang-format off */
/*
 * What a process, its threads and a spawned /bin/true need (names that an
 * ABI lacks resolve to pseudo numbers, which add no rule there). clone3
 * and every call newer than 5.2 are left out, as a profile of 5.2 has them.
 */
static const char *const allowed[] = {
	"read", "write", "close", "open", "openat", "stat", "fstat",
	"newfstatat", "lstat", "statx", "lseek", "pread64", "access",
	"faccessat", "readlink", "readlinkat", "getcwd", "ioctl", "fcntl",
	"dup", "dup2", "dup3", "pipe", "pipe2", "mmap", "mprotect", "munmap",
	"mremap", "madvise", "brk", "rt_sigaction", "rt_sigprocmask",
	"rt_sigreturn", "sigaltstack", "clone", "fork", "vfork", "execve",
	"exit", "exit_group", "wait4", "waitid", "kill", "tgkill", "gettid",
	"getpid", "getppid", "futex", "set_robust_list", "get_robust_list",
	"set_tid_address", "rseq", "arch_prctl", "prctl", "getrandom",
	"prlimit64", "sched_getaffinity", "sched_yield", "uname", "getuid",
	"geteuid", "getgid", "getegid", "clock_gettime", "clock_nanosleep",
	"nanosleep", "sysinfo", "statfs", "fstatfs",
	/* the 32-bit ABIs' own names of these */
	"mmap2", "set_thread_area", "_llseek", "stat64", "lstat64", "fstat64",
	"fstatat64", "fcntl64", "ugetrlimit", "getrlimit", "sigreturn",
	"clock_gettime64", "clock_nanosleep_time64", "futex_time64",
	"statfs64", "fstatfs64", "getuid32", "geteuid32", "getgid32",
	"getegid32",
	/* arm's private call: glibc's start-up sets the thread pointer */
	"set_tls",
};
/* clang-format on */

enum variant { PLAIN, KVERMAX, KVERMAX_RULE };

/* The profile, default ERRNO(EPERM); NULL on failure. */
static scmp_filter_ctx profile(enum variant variant)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ERRNO(EPERM));
	unsigned int i;
	int nr, rc = 0;

	if (ctx == NULL)
		return NULL;
	for (i = 0; i < sizeof(allowed) / sizeof(allowed[0]) && rc == 0; i++) {
		nr = seccomp_syscall_resolve_name(allowed[i]);
		if (nr != __NR_SCMP_ERROR)
			rc = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, nr, 0);
	}
	if (rc == 0 && variant != PLAIN)
		rc = seccomp_attr_set(ctx, SCMP_FLTATR_CTL_KVERMAX,
				      SCMP_KV_5_2);
	if (rc == 0 && variant == KVERMAX_RULE)
		rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EACCES),
				      SCMP_SYS(clone3), 0);
	/* built now: after the load the allocator may not get memory */
	if (rc == 0)
		rc = seccomp_precompute(ctx);
	if (rc != 0) {
		seccomp_release(ctx);
		return NULL;
	}
	return ctx;
}

static void *thread_main(void *arg)
{
	*(int *)arg = 42;
	return NULL;
}

/* pthread_create()'s result; the thread must have run when it is 0. */
static int start_thread(void)
{
	pthread_t thread;
	int ran = 0, rc;

	rc = pthread_create(&thread, NULL, thread_main, &ran);
	if (rc != 0)
		return rc;
	EXPECT(pthread_join(thread, NULL), 0);
	EXPECT(ran, 42);
	return 0;
}

/* posix_spawn()'s result; /bin/true must have exited 0 when it is 0. */
static int spawn_true(void)
{
	char *argv[] = { (char *)TRUE_PROGRAM, NULL };
	int rc, status = -1;
	pid_t pid;

	rc = posix_spawn(&pid, TRUE_PROGRAM, NULL, NULL, argv, environ);
	if (rc != 0)
		return rc;
	EXPECT(waitpid(pid, &status, 0), pid);
	EXPECT(WIFEXITED(status) && WEXITSTATUS(status) == 0, 1);
	return 0;
}

/* whether glibc tries clone3 first on this ABI (probed in main) */
static bool glibc_clone3;

static int child(void *arg)
{
	enum variant variant = *(enum variant *)arg;
	scmp_filter_ctx ctx = profile(variant);
	int clone3_breaks = glibc_clone3 ? EPERM : 0;

	if (ctx == NULL || seccomp_load(ctx) != 0)
		return LIVE_SETUP_FAILED;
	switch (variant) {
	case PLAIN:
		EXPECT(live_syscall(__NR_clone3, 0, CLONE_ARGS_SIZE, 0, 0, 0,
				    0),
		       -EPERM);
		EXPECT(start_thread(), clone3_breaks);
		EXPECT(spawn_true(), clone3_breaks);
		break;
	case KVERMAX:
		EXPECT(live_syscall(__NR_clone3, 0, CLONE_ARGS_SIZE, 0, 0, 0,
				    0),
		       -ENOSYS);
		EXPECT(start_thread(), 0);
		EXPECT(spawn_true(), 0);
		break;
	case KVERMAX_RULE:
		EXPECT(live_syscall(__NR_clone3, 0, CLONE_ARGS_SIZE, 0, 0, 0,
				    0),
		       -EACCES);
		break;
	}
	return live_child_result();
}

/* In a child: EPERM for clone3, through a filter written by hand. */
static int child_clone3_eperm(void *arg)
{
	struct sock_filter insns[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
			 offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_clone3, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = { sizeof(insns) / sizeof(insns[0]), insns };

	(void)arg;
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 ||
	    prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) != 0)
		return LIVE_SETUP_FAILED;
	return start_thread() == EPERM ? 0 : 1;
}

/*
 * Whether glibc creates threads with clone3 first: 2.34 and later do on
 * some ABIs (x86_64), not on all (arm); asked of glibc itself, with the
 * library under test out of the way.
 */
static bool glibc_uses_clone3(void)
{
	return live_run(child_clone3_eperm, NULL) == 0;
}

int main(void)
{
	static const struct {
		const char *what;
		enum variant variant;
	} runs[] = {
		{ "without KVERMAX", PLAIN },
		{ "KVERMAX 5.2", KVERMAX },
		{ "KVERMAX 5.2, a rule on clone3", KVERMAX_RULE },
	};
	unsigned int i;
	int fails;

	live_require(live_kernel_filters(), "seccomp filters");
	/* the kernel's own answer, unfiltered: EFAULT where it has clone3 */
	live_require(live_syscall(__NR_clone3, 0, CLONE_ARGS_SIZE, 0, 0, 0,
				  0) != -ENOSYS,
		     "clone3 (Linux 5.3)");
	live_require(access(TRUE_PROGRAM, X_OK) == 0, TRUE_PROGRAM);
	glibc_clone3 = glibc_uses_clone3();
	printf("glibc creates threads with %s\n",
	       glibc_clone3 ? "clone3 first" : "clone");

	for (i = 0; i < sizeof(runs) / sizeof(runs[0]); i++) {
		fails = test_failures;
		EXPECT_EXIT(live_run(child, (void *)&runs[i].variant), 0);
		if (test_failures > fails)
			printf("  in \"%s\"\n", runs[i].what);
	}
	return test_result();
}
