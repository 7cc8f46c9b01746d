/* SPDX-License-Identifier: LGPL-2.1-only */
/* 53-live-tsync: TSYNC reaches threads started before the load. */

/*
 * In a child with a second thread already running:
 *  - with TSYNC the thread gets the filter (its syscall fails with the
 *    filter's errno and /proc counts one filter); without, it does not;
 *  - when the thread has a filter of its own the two can not be synced:
 *    seccomp_load returns -ESRCH and installs nothing, whether the kernel
 *    reports the thread by its id (API levels 2-5) or with ESRCH (level 6
 *    and up, TSYNC_ESRCH), and also with SCMP_FLTATR_API_SYSRAWRC;
 *  - TSYNC together with a NOTIFY rule (level 6 and up) gives a listener
 *    and a synced thread; a failed sync gives no listener.
 * Exit 77 without TSYNC in the kernel.
 */

#include <errno.h>
#include <pthread.h>
#include <unistd.h>
#include <sys/syscall.h>

#include <seccomp.h>

#include "live_util.h"

#define VICTIM __NR_getppid

struct setup {
	unsigned int level; /* 0: the kernel's own */
	bool tsync;
	bool thread_filter; /* the thread loads one of its own first */
	bool rawrc;
	bool notify;
};

/* The second thread and what it saw. */
static pthread_barrier_t loaded, checked, ready;
static bool thread_filter;
static long thread_victim;
static int thread_filters;

static void *thread_main(void *arg)
{
	scmp_filter_ctx ctx;

	(void)arg;
	if (thread_filter) {
		ctx = seccomp_init(SCMP_ACT_ALLOW);
		if (ctx == NULL ||
		    seccomp_rule_add(ctx, SCMP_ACT_ERRNO(11), SCMP_SYS(acct),
				     0) != 0 ||
		    seccomp_load(ctx) != 0)
			thread_filters = -100;
		seccomp_release(ctx);
	}
	pthread_barrier_wait(&ready);
	pthread_barrier_wait(&loaded);
	thread_victim = live_syscall(VICTIM, 0, 0, 0, 0, 0, 0);
	if (thread_filters == 0)
		thread_filters = live_filter_count();
	pthread_barrier_wait(&checked);
	return NULL;
}

static int child(void *arg)
{
	const struct setup *s = arg;
	scmp_filter_ctx ctx;
	pthread_t t;
	/* the real answer, asked before any filter can change it */
	long ppid = getppid();
	bool synced;
	int rc, own_filters;

	if (s->level != 0 && seccomp_api_set(s->level) != 0)
		return LIVE_SETUP_FAILED;
	thread_filter = s->thread_filter;
	pthread_barrier_init(&ready, NULL, 2);
	pthread_barrier_init(&loaded, NULL, 2);
	pthread_barrier_init(&checked, NULL, 2);
	if (pthread_create(&t, NULL, thread_main, NULL) != 0)
		return LIVE_SETUP_FAILED;
	pthread_barrier_wait(&ready);

	ctx = seccomp_init(SCMP_ACT_ALLOW);
	if (ctx == NULL ||
	    seccomp_rule_add(ctx, SCMP_ACT_ERRNO(42), VICTIM, 0) != 0 ||
	    seccomp_attr_set(ctx, SCMP_FLTATR_CTL_TSYNC, s->tsync) != 0 ||
	    seccomp_attr_set(ctx, SCMP_FLTATR_API_SYSRAWRC, s->rawrc) != 0)
		return LIVE_SETUP_FAILED;
	if (s->notify &&
	    seccomp_rule_add(ctx, SCMP_ACT_NOTIFY, SCMP_SYS(acct), 0) != 0)
		return LIVE_SETUP_FAILED;

	rc = seccomp_load(ctx);
	own_filters = live_filter_count();
	pthread_barrier_wait(&loaded);
	pthread_barrier_wait(&checked);
	pthread_join(t, NULL);

	synced = s->tsync && !s->thread_filter;
	if (s->tsync && s->thread_filter) {
		/* nothing installed anywhere */
		EXPECT(rc, -ESRCH);
		EXPECT(own_filters, 0);
		EXPECT(live_syscall(VICTIM, 0, 0, 0, 0, 0, 0), ppid);
		EXPECT(seccomp_notify_fd(ctx), -EFAULT);
	} else {
		EXPECT(rc, 0);
		EXPECT(own_filters, 1);
		EXPECT(live_syscall(VICTIM, 0, 0, 0, 0, 0, 0), -42);
		EXPECT(seccomp_notify_fd(ctx) >= 0, s->notify);
	}
	EXPECT(thread_victim, synced ? -42 : ppid);
	EXPECT(thread_filters, synced || s->thread_filter ? 1 : 0);
	seccomp_release(ctx);
	return live_child_result();
}

int main(void)
{
	struct setup s;
	unsigned int level;
	int raw;

	live_require(live_kernel_filters(), "seccomp filters");
	live_require(live_kernel_flag(SECCOMP_FILTER_FLAG_TSYNC), "TSYNC");

	for (level = 0; level <= 7; level++) {
		/* level 1 loads with prctl(2): no TSYNC there */
		if (level == 1)
			continue;
		s = (struct setup){ .level = level };
		EXPECT_EXIT(live_run(child, &s), 0);
		s.tsync = true;
		EXPECT_EXIT(live_run(child, &s), 0);
		s.thread_filter = true;
		for (raw = 0; raw < 2; raw++) {
			s.rawrc = raw;
			EXPECT_EXIT(live_run(child, &s), 0);
		}
		s.tsync = false;
		s.rawrc = false;
		EXPECT_EXIT(live_run(child, &s), 0);
	}

	/* TSYNC and a listener together need TSYNC_ESRCH (level 6) */
	if (live_kernel_flag(SECCOMP_FILTER_FLAG_NEW_LISTENER |
			     SECCOMP_FILTER_FLAG_TSYNC |
			     SECCOMP_FILTER_FLAG_TSYNC_ESRCH)) {
		for (level = 6; level <= 7; level++) {
			s = (struct setup){ .level = level,
					    .tsync = true,
					    .notify = true };
			EXPECT_EXIT(live_run(child, &s), 0);
			s.thread_filter = true;
			EXPECT_EXIT(live_run(child, &s), 0);
		}
	}
	return test_result();
}
