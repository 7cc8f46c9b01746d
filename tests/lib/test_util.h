/* SPDX-License-Identifier: LGPL-2.1-only */
/* Small helpers shared by the C tests: assertions that report and count. */

#ifndef TEST_UTIL_H
#define TEST_UTIL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <seccomp.h>

static int test_failures;

/* Compare two integer values; print and count a mismatch. */
#define EXPECT(expr, want)                                                     \
	do {                                                                   \
		long long got_ = (long long)(expr);                            \
		long long want_ = (long long)(want);                           \
		if (got_ != want_) {                                           \
			printf("FAIL %s:%d: %s = %lld, want %lld\n", __FILE__, \
			       __LINE__, #expr, got_, want_);                  \
			test_failures++;                                       \
		}                                                              \
	} while (0)

/* A number below @bound from a xorshift64 generator; *@state not 0. */
static inline uint32_t test_rand(uint64_t *state, uint32_t bound)
{
	*state ^= *state << 13;
	*state ^= *state >> 7;
	*state ^= *state << 17;
	return (uint32_t)(*state >> 32) % bound;
}

/* The exit status of a test: 0 when nothing failed. */
static inline int test_result(void)
{
	printf("%s\n", test_failures ? "FAILED" : "ok");
	return test_failures ? 1 : 0;
}

/* The x86_64 syscall @nr as the native ABI numbers it, or -1. */
static inline int test_x86_64_nr(int nr)
{
	char *name = seccomp_syscall_resolve_num_arch(SCMP_ARCH_X86_64, nr);
	int num;

	if (name == NULL)
		return -1;
	num = seccomp_syscall_resolve_name(name);
	free(name);
	return num == __NR_SCMP_ERROR ? -1 : num;
}

#endif
