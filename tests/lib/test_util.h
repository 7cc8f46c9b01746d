/* SPDX-License-Identifier: LGPL-2.1-only */
/* Small helpers shared by the C tests: assertions that report and count. */

#ifndef TEST_UTIL_H
#define TEST_UTIL_H

#include <stdint.h>
#include <stdio.h>

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

#endif
