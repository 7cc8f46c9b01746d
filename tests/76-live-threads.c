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
 * Then the threads share one context: each round they export a new
 * filter all at once, with seccomp_export_bpf_mem() or
 * seccomp_export_pfc(), the first BPF export making the program that the
 * context keeps. Every thread must get the main thread's program and
 * text; in a forked child they then load that context at once, each
 * load stacking the same filter.
 *
 * Last, in a forked child, one thread loads a filter with a NOTIFY rule
 * while another asks seccomp_notify_fd() until the listener appears:
 * it must see the fd the load made, or -EFAULT before it.
 *
 * 77-live-threads-tsan.sh builds this program and the library's sources
 * with ThreadSanitizer, which then fails the test on any data race.
 * Exit 77 without seccomp filters.
 */

#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
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

/*
 * Runs @fn in THREADS threads, the ith on @base + i * @size, all let go
 * at once from the barrier. Returns how many failed to start or join.
 */
static int run_threads(void *(*fn)(void *), void *base, size_t size)
{
	pthread_t threads[THREADS];
	int i, failed = 0;

	for (i = 0; i < THREADS; i++)
		failed += pthread_create(&threads[i], NULL, fn,
					 (char *)base + i * size) != 0;
	pthread_barrier_wait(&start);
	for (i = 0; i < THREADS; i++)
		failed += pthread_join(threads[i], NULL) != 0;
	return failed;
}

/* The first round runs before any other call of the library. */
static void run_round(void)
{
	memset(seen, 0, sizeof(seen));
	EXPECT(run_threads(worker, seen, sizeof(seen[0])), 0);
}

static void check_round(const struct answers *want)
{
	int i;

	for (i = 0; i < THREADS; i++) {
		EXPECT(seen[i].api, want->api);
		EXPECT(seen[i].build_rc, want->build_rc);
		EXPECT(seen[i].alloc_rc, want->alloc_rc);
		EXPECT(seen[i].zeroed, want->zeroed);
		EXPECT(seen[i].notify_fd, want->notify_fd);
		EXPECT(seen[i].len, want->len);
		EXPECT(memcmp(seen[i].program, want->program, want->len), 0);
	}
}

/*
 * One context shared by the threads
 */

/* What a thread exported of the shared context: BPF, or PFC if @pfc. */
struct export
{
	bool pfc;
	int rc;
	size_t len;
	unsigned char bytes[PROGRAM_MAX];
};

static scmp_filter_ctx shared;
static struct export exports[THREADS];

/*
 * A filter that every thread may load, under valgrind too (whose own
 * files have large numbers): it denies getpgid() (getpgrp() is not on
 * every ABI: check-arch builds this for aarch64 and riscv64 too) and some
 * getpriority().
 */
static scmp_filter_ctx shared_new(void)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);

	if (ctx != NULL &&
	    (seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOMSG), SCMP_SYS(getpgid),
			      0) != 0 ||
	     seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(getpriority),
			      1, SCMP_A0(SCMP_CMP_GT, 2)) != 0)) {
		seccomp_release(ctx);
		ctx = NULL;
	}
	return ctx;
}

/* Exports @ctx as @out asks; the PFC goes through the file @f. */
static void export_to(scmp_filter_ctx ctx, struct export *out, FILE *f)
{
	if (!out->pfc) {
		out->len = sizeof(out->bytes);
		out->rc = seccomp_export_bpf_mem(ctx, out->bytes, &out->len);
		return;
	}
	out->rc = f != NULL ? seccomp_export_pfc(ctx, fileno(f)) : -EBADF;
	if (f == NULL)
		return;
	rewind(f);
	out->len = fread(out->bytes, 1, sizeof(out->bytes), f);
	fclose(f);
}

static void *export_worker(void *arg)
{
	struct export *out = arg;
	FILE *f = out->pfc ? tmpfile() : NULL;

	pthread_barrier_wait(&start);
	export_to(shared, out, f);
	return NULL;
}

/*
 * Rounds of exports of one new context by every thread at once, odd
 * threads PFC, even ones BPF: each gets what the main thread exports of
 * the same filter alone.
 */
static void check_exports(void)
{
	static struct export want[2];
	int round, i;

	for (i = 0; i < 2; i++) {
		want[i].pfc = i;
		shared = shared_new();
		export_to(shared, &want[i], i ? tmpfile() : NULL);
		EXPECT(want[i].rc, 0);
		seccomp_release(shared);
	}
	for (round = 0; round < ROUNDS && test_failures == 0; round++) {
		memset(exports, 0, sizeof(exports));
		for (i = 0; i < THREADS; i++)
			exports[i].pfc = i % 2;
		shared = shared_new();
		EXPECT(run_threads(export_worker, exports, sizeof(exports[0])),
		       0);
		for (i = 0; i < THREADS; i++) {
			EXPECT(exports[i].rc, 0);
			EXPECT(exports[i].len, want[i % 2].len);
			EXPECT(memcmp(exports[i].bytes, want[i % 2].bytes,
				      want[i % 2].len),
			       0);
		}
		seccomp_release(shared);
	}
}

/* Loads the shared context into this thread: 0, or 1 if getpgid() works. */
static void *load_worker(void *arg)
{
	int *rc = arg;

	pthread_barrier_wait(&start);
	*rc = seccomp_load(shared);
	errno = 0;
	if (*rc == 0 && (syscall(SYS_getpgid, 0) != -1 || errno != ENOMSG))
		*rc = 1;
	return NULL;
}

/* In a child: every thread loads the shared context at once. */
static int loads_child(void)
{
	int rcs[THREADS], i;

	shared = shared_new();
	if (shared == NULL)
		return 10;
	if (run_threads(load_worker, rcs, sizeof(rcs[0])) != 0)
		return 11;
	for (i = 0; i < THREADS; i++)
		if (rcs[i] != 0)
			return 20 + i;
	seccomp_release(shared);
	return 0;
}

/* Runs @child in a forked process; returns its exit status, or 100+. */
static int in_child(int (*child)(void))
{
	int status;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid == 0)
		_exit(child());
	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		return 100;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 100 + status;
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
	int round;

	EXPECT(pthread_barrier_init(&start, NULL, THREADS + 1), 0);
	run_round();
	ask(&alone);
	if (alone.api >= 5) {
		EXPECT(alone.build_rc, 0);
		EXPECT(alone.alloc_rc, 0);
		EXPECT(alone.zeroed, 1);
		EXPECT(alone.notify_fd, -EFAULT);
	}
	check_round(&alone);
	for (round = 1; round < ROUNDS && test_failures == 0; round++) {
		seccomp_reset(NULL, 0);
		run_round();
		check_round(&alone);
	}
	check_exports();
	for (round = 0; round < ROUNDS / 4 && test_failures == 0; round++)
		EXPECT(in_child(loads_child), 0);
	pthread_barrier_destroy(&start);
	if (alone.api < 5) {
		printf("left out: the listener (no NOTIFY: API level %u)\n",
		       alone.api);
		return test_result();
	}

	EXPECT(pthread_barrier_init(&start, NULL, 2), 0);
	EXPECT(in_child(listener_child), 0);
	pthread_barrier_destroy(&start);
	return test_result();
}
