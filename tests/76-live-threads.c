/* SPDX-License-Identifier: LGPL-2.1-only */
/* 76-live-threads: threads may make their first library calls at once. */

/*
 * The library keeps a little state per process: the kernel's answers to
 * its feature probes, the API level, the notification buffer sizes, the
 * listener fd and a cache of spare blocks. A program may well make its
 * first calls from several threads at the same moment (a supervisor
 * with worker threads, a test runner), so each round here lets eight
 * threads go at once from a barrier, the first round before any other
 * call and each later one after seccomp_reset(NULL, 0) made the library
 * forget its probes: each thread asks for the API level,
 * builds the same filter with actions and attributes that make the
 * library probe the kernel, exports it, allocates and frees notification
 * buffers and asks for the listener fd. Every thread must get the same
 * answers and the same program, the main thread's alone afterwards.
 *
 * Then, in a forked child, one thread loads a filter with a NOTIFY rule
 * while another asks seccomp_notify_fd() until the listener appears:
 * it must see the fd the load made, or -EFAULT before it.
 *
 * 77-live-threads-tsan.sh builds this program and the library's sources
 * with ThreadSanitizer, which then fails the test on any data race.
 * Exit 77 without seccomp filters.
 */

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include <seccomp.h>

#include "test_util.h"

#define THREADS 8
#define ROUNDS 40
#define PROGRAM_MAX 4096

struct answers {
	unsigned int api;
	int build_rc;
	int alloc_rc;
	int zeroed;
	int notify_fd;
	size_t len;
	unsigned char program[PROGRAM_MAX];
};

static pthread_barrier_t start;
static struct answers seen[THREADS];

/* A filter whose actions and attributes each need a probe of the kernel. */
static int build(struct answers *out)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_KILL_PROCESS);
	int rc;

	if (ctx == NULL)
		return -ENOMEM;
	rc = seccomp_rule_add(ctx, SCMP_ACT_LOG, SCMP_SYS(getppid), 0);
	if (rc == 0)
		rc = seccomp_rule_add(ctx, SCMP_ACT_NOTIFY, SCMP_SYS(getpgrp),
				      0);
	if (rc == 0)
		rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM),
				      SCMP_SYS(write), 1,
				      SCMP_A0(SCMP_CMP_GT, 2));
	if (rc == 0)
		rc = seccomp_attr_set(ctx, SCMP_FLTATR_CTL_LOG, 1);
	if (rc == 0)
		rc = seccomp_attr_set(ctx, SCMP_FLTATR_CTL_SSB, 1);
	if (rc == 0) {
		out->len = sizeof(out->program);
		rc = seccomp_export_bpf_mem(ctx, out->program, &out->len);
	}
	out->notify_fd = seccomp_notify_fd(ctx);
	seccomp_release(ctx);
	return rc;
}

/* What one thread (or the main thread alone) sees of the library. */
static void ask(struct answers *out)
{
	struct seccomp_notif *req = NULL;
	struct seccomp_notif_resp *resp = NULL;

	out->api = seccomp_api_get();
	out->build_rc = build(out);
	out->alloc_rc = seccomp_notify_alloc(&req, &resp);
	out->zeroed = req != NULL && resp != NULL && req->id == 0 &&
		      req->pid == 0 && resp->id == 0 && resp->val == 0;
	seccomp_notify_free(req, resp);
}

static void *worker(void *arg)
{
	pthread_barrier_wait(&start);
	ask(arg);
	return NULL;
}

/* The first round runs before any other call of the library. */
static void run_round(void)
{
	pthread_t threads[THREADS];
	int i;

	memset(seen, 0, sizeof(seen));
	for (i = 0; i < THREADS; i++)
		EXPECT(pthread_create(&threads[i], NULL, worker, &seen[i]), 0);
	pthread_barrier_wait(&start);
	for (i = 0; i < THREADS; i++)
		EXPECT(pthread_join(threads[i], NULL), 0);
}

static void check_round(const struct answers *want)
{
	int i;

	for (i = 0; i < THREADS; i++) {
		EXPECT(seen[i].api, want->api);
		EXPECT(seen[i].build_rc, want->build_rc);
		EXPECT(seen[i].alloc_rc, want->alloc_rc);
		EXPECT(seen[i].zeroed, want->zeroed);
		EXPECT(seen[i].notify_fd, -EFAULT);
		EXPECT(seen[i].len, want->len);
		EXPECT(memcmp(seen[i].program, want->program, want->len), 0);
	}
}

static volatile int listener_seen = -EFAULT;

/* Asks for the listener until a load makes one (or a second passes). */
static void *watch_listener(void *ctx)
{
	int fd = -EFAULT;
	int tries;

	pthread_barrier_wait(&start);
	for (tries = 0; tries < 1000000 && fd < 0; tries++) {
		fd = seccomp_notify_fd(ctx);
		if (fd != -EFAULT && fd < 0)
			break;
	}
	listener_seen = fd;
	return NULL;
}

/* In a child: a NOTIFY load while another thread asks for its fd. */
static int listener_child(void)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
	pthread_t watcher;
	int fd;

	if (ctx == NULL ||
	    seccomp_rule_add(ctx, SCMP_ACT_NOTIFY, SCMP_SYS(getpgrp), 0) != 0)
		return 10;
	if (pthread_create(&watcher, NULL, watch_listener, ctx) != 0)
		return 11;
	pthread_barrier_wait(&start);
	if (seccomp_load(ctx) != 0)
		return 12;
	fd = seccomp_notify_fd(ctx);
	if (pthread_join(watcher, NULL) != 0)
		return 13;
	seccomp_release(ctx);
	if (fd < 0)
		return 14;
	/* the watcher saw the listener, or gave up before the load ended */
	if (listener_seen != fd && listener_seen != -EFAULT)
		return 15;
	return 0;
}

int main(void)
{
	static struct answers alone;
	int round, status;
	pid_t pid;

	EXPECT(pthread_barrier_init(&start, NULL, THREADS + 1), 0);
	run_round();
	if (seen[0].api < 5) {
		printf("skip: the kernel has no NOTIFY (API level %u)\n",
		       seen[0].api);
		return 77;
	}
	ask(&alone);
	EXPECT(alone.build_rc, 0);
	EXPECT(alone.alloc_rc, 0);
	EXPECT(alone.zeroed, 1);
	check_round(&alone);
	for (round = 1; round < ROUNDS && test_failures == 0; round++) {
		seccomp_reset(NULL, 0);
		run_round();
		check_round(&alone);
	}
	pthread_barrier_destroy(&start);

	EXPECT(pthread_barrier_init(&start, NULL, 2), 0);
	fflush(stdout);
	pid = fork();
	if (pid == 0)
		_exit(listener_child());
	EXPECT(waitpid(pid, &status, 0), pid);
	EXPECT(WIFEXITED(status) ? WEXITSTATUS(status) : 100 + status, 0);
	pthread_barrier_destroy(&start);
	return test_result();
}
