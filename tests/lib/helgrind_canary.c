/* SPDX-License-Identifier: LGPL-2.1-only */
/* For make check-valgrind: a race of a program's own beside library calls. */

/*
 * Two threads build and compile a filter each, then bump one counter with
 * no lock: doc/libseccomp.helgrind.supp must hide the library's races
 * that are none, but leave this one to Helgrind (tests/hardening.am runs
 * it and wants the race reported in this file).
 */

#include <pthread.h>
#include <stddef.h>

#include <seccomp.h>

static int counter;

static void *run(void *arg)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);

	if (ctx != NULL &&
	    seccomp_rule_add(ctx, SCMP_ACT_ERRNO(1), SCMP_SYS(getpgrp), 0) == 0)
		seccomp_precompute(ctx);
	seccomp_release(ctx);
	counter++; /* the race */
	return arg;
}

int main(void)
{
	pthread_t threads[2];
	int i;

	for (i = 0; i < 2; i++)
		if (pthread_create(&threads[i], NULL, run, NULL) != 0)
			return 99;
	for (i = 0; i < 2; i++)
		pthread_join(threads[i], NULL);
	return counter == 2 ? 0 : 1;
}
