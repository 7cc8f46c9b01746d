/* SPDX-License-Identifier: LGPL-2.1-only */
/* 43-basic-systab-threads: threads add syscall names while others build filters. */

/*
 * Four threads add names to the run-time table (each its own, and all of
 * them one contested name with their own numbers), while four others
 * build and export a filter with rules on built-in names and resolve the
 * added names. The builders' programs must all be the one the main thread
 * built before (adding names changes no filter of built-in names); a name
 * a reader resolves has its number or is unknown, never another; of the
 * contested name exactly one number wins. Run under Helgrind by make
 * check-valgrind and under ThreadSanitizer by 77-live-threads-tsan.sh.
 */

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include <seccomp-ext.h>

#include "test_util.h"

#define ADDERS 4
#define BUILDERS 4
#define NAMES 40
#define PROGRAM_MAX 8192

static pthread_barrier_t start;
static char reference[PROGRAM_MAX];
static size_t reference_len;
static int contested[ADDERS];
static int failures[ADDERS + BUILDERS];

/* The number thread @t gives its name @i on x86_64. */
static int number(unsigned int t, unsigned int i)
{
	return 3000 + (int)(t * NAMES + i);
}

static void name_of(char *buf, size_t size, unsigned int t, unsigned int i)
{
	snprintf(buf, size, "thr_%u_%u", t, i);
}

/* A filter on built-in names and several ABIs; its program in @buf. */
static size_t build(char *buf)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
	size_t len = PROGRAM_MAX;

	if (ctx == NULL)
		return 0;
	seccomp_arch_remove(ctx, SCMP_ARCH_NATIVE);
	seccomp_arch_add(ctx, SCMP_ARCH_X86_64);
	seccomp_arch_add(ctx, SCMP_ARCH_X86);
	seccomp_arch_add(ctx, SCMP_ARCH_AARCH64);
	if (seccomp_rule_add(ctx, SCMP_ACT_ERRNO(1),
			     seccomp_syscall_resolve_name("iopl"), 0) != 0 ||
	    seccomp_rule_add(ctx, SCMP_ACT_ERRNO(2),
			     seccomp_syscall_resolve_name("openat"), 1,
			     SCMP_A2(SCMP_CMP_EQ, 3)) != 0 ||
	    seccomp_export_bpf_mem(ctx, buf, &len) != 0)
		len = 0;
	seccomp_release(ctx);
	return len;
}

static void *adder(void *arg)
{
	unsigned int t = (unsigned int)(size_t)arg, i;
	char name[32];

	pthread_barrier_wait(&start);
	contested[t] = seccomp_ext_syscall_add(SCMP_ARCH_X86_64,
					       "thr_contested", 2000 + (int)t);
	for (i = 0; i < NAMES; i++) {
		name_of(name, sizeof(name), t, i);
		if (seccomp_ext_syscall_add(SCMP_ARCH_X86_64, name,
					    number(t, i)) != 0 ||
		    seccomp_ext_syscall_add(SCMP_ARCH_X86_64, name,
					    number(t, i)) != 0)
			failures[t]++;
	}
	return NULL;
}

static void *builder(void *arg)
{
	unsigned int b = (unsigned int)(size_t)arg, t, i;
	static __thread char program[PROGRAM_MAX];
	char name[32];
	size_t len;
	int num;

	pthread_barrier_wait(&start);
	for (i = 0; i < NAMES; i++) {
		len = build(program);
		if (len != reference_len || memcmp(program, reference, len))
			failures[ADDERS + b]++;
		for (t = 0; t < ADDERS; t++) {
			name_of(name, sizeof(name), t, i);
			num = seccomp_syscall_resolve_name_arch(
				SCMP_ARCH_X86_64, name);
			if (num != __NR_SCMP_ERROR && num != number(t, i))
				failures[ADDERS + b]++;
		}
	}
	return NULL;
}

int main(void)
{
	pthread_t threads[ADDERS + BUILDERS];
	unsigned int i, t, wins = 0;
	char name[32];

	reference_len = build(reference);
	EXPECT(reference_len > 0, 1);
	pthread_barrier_init(&start, NULL, ADDERS + BUILDERS);
	for (i = 0; i < ADDERS + BUILDERS; i++)
		pthread_create(&threads[i], NULL, i < ADDERS ? adder : builder,
			       (void *)(size_t)(i < ADDERS ? i : i - ADDERS));
	for (i = 0; i < ADDERS + BUILDERS; i++)
		pthread_join(threads[i], NULL);
	pthread_barrier_destroy(&start);

	for (i = 0; i < ADDERS + BUILDERS; i++)
		EXPECT(failures[i], 0);
	for (t = 0; t < ADDERS; t++) {
		EXPECT(contested[t] == 0 || contested[t] == -EEXIST, 1);
		wins += contested[t] == 0;
		for (i = 0; i < NAMES; i++) {
			name_of(name, sizeof(name), t, i);
			EXPECT(seccomp_syscall_resolve_name_arch(
				       SCMP_ARCH_X86_64, name),
			       number(t, i));
		}
	}
	EXPECT(wins, 1);
	return test_result();
}
