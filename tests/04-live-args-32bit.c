/* SPDX-License-Identifier: LGPL-2.1-only */
/* 04-live-args-32bit: SCMP_CMP_32BIT in the kernel: openat's AT_FDCWD with either upper half. */

/*
 * openat's dirfd is an int, passed in a 64-bit register whose upper half
 * the ABI leaves open: Debian 12's glibc passes AT_FDCWD as
 * 0x00000000ffffff9c, Debian 13's (and a raw syscall(2) of -100) as
 * 0xffffffffffffff9c. A rule SCMP_A0(SCMP_CMP_EQ | SCMP_CMP_32BIT,
 * (uint32_t)AT_FDCWD) (provisional: libseccomp's open pull request) must
 * let both through, and refuse a dirfd whose low word differs; the same
 * rule without the flag lets the first through only. The calls are raw
 * syscalls with the registers as given; the kernel reads the int from the
 * low word, so every allowed form opens /dev/null. Every ABI runs it
 * (check-arch boots them): a big-endian one keeps the low word second in
 * seccomp_data; where a long is 32 bits (x86, arm, mips, and x32 and n32,
 * whose filters compare 32-bit arguments) a call passes the low word
 * alone and both rules test only it, so each case comes out as its low
 * word says, with the flag or without.
 */

#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/syscall.h>

#include <seccomp.h>

#include "live_util.h"

/* the filter's default: no real errno */
#define DENIED 1000

/*
 * One call: its dirfd, and whether each filter lets it through where a
 * call can pass all 64 bits.
 */
struct open_case {
	uint64_t dirfd;
	bool low_word; /* under EQ | SCMP_CMP_32BIT */
	bool whole;    /* under EQ of the whole register */
};

/* Whether a call passes the upper half of a register (a 64-bit long). */
#define WIDE (sizeof(long) == 8)

static const struct open_case cases[] = {
	{ 0x00000000ffffff9cULL, true, true },	 /* Debian 12's glibc */
	{ 0xffffffffffffff9cULL, true, false },	 /* Debian 13's glibc */
	{ 0x12345678ffffff9cULL, true, false },	 /* any upper half */
	{ 0xffffffffffffff9dULL, false, false }, /* -99: another low word */
	{ 0x00000000ffffff9dULL, false, false },
	{ 0xffffff9c00000000ULL, false, false }, /* AT_FDCWD in the high word */
};

#define CASE_CNT (sizeof(cases) / sizeof(cases[0]))

/* the bit of the call through the C library's openat(), after the cases */
#define LIBC_BIT (1 << CASE_CNT)

_Static_assert(CASE_CNT + 1 <= 8,
	       "a child reports each case by a bit of its exit status");

/* Whether case @i gets through the rule with the flag (@low_word) or not. */
static bool expected(unsigned int i, bool low_word)
{
	return low_word || !WIDE ? cases[i].low_word : cases[i].whole;
}

/* What a child is given: its filter and which column it must match. */
struct run {
	scmp_filter_ctx ctx;
	bool low_word;
};

/*
 * In the child: each call under the filter; bit i set if case i came out
 * otherwise than its column says (opened, or refused with DENIED).
 */
static int child_open(void *arg)
{
	const struct run *run = arg;
	unsigned int i;
	int failed = 0;
	bool want;
	long rc;

	/* precomputed: from here on only openat, close and exit_group run */
	if (seccomp_load(run->ctx) != 0)
		return LIVE_SETUP_FAILED;
	for (i = 0; i < CASE_CNT; i++) {
		want = expected(i, run->low_word);
		rc = live_syscall(__NR_openat, (long)cases[i].dirfd,
				  (long)"/dev/null", O_RDONLY | O_CLOEXEC, 0, 0,
				  0);
		if (rc >= 0)
			live_syscall(__NR_close, rc, 0, 0, 0, 0, 0);
		if (want ? rc < 0 : rc != -DENIED)
			failed |= 1 << i;
	}
	/* AT_FDCWD as this C library passes it: the flag lets it through */
	rc = openat(AT_FDCWD, "/dev/null", O_RDONLY | O_CLOEXEC);
	if (rc >= 0)
		live_syscall(__NR_close, rc, 0, 0, 0, 0, 0);
	if (run->low_word && rc < 0)
		failed |= LIBC_BIT;
	return failed;
}

/* Loads the rule with or without the flag in a child and checks each case. */
static void check(bool low_word)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ERRNO(DENIED));
	unsigned int op = SCMP_CMP_EQ | (low_word ? SCMP_CMP_32BIT : 0);
	struct run run = { ctx, low_word };
	unsigned int i;
	int status;

	if (ctx == NULL ||
	    seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(exit_group), 0) ||
	    seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(close), 0) ||
	    seccomp_rule_add(
		    ctx, SCMP_ACT_ALLOW, SCMP_SYS(openat), 1,
		    SCMP_A0((enum scmp_compare)op, (uint32_t)AT_FDCWD)) ||
	    seccomp_precompute(ctx) != 0) {
		printf("FAIL: the openat rule (flag %d) is refused\n",
		       low_word);
		test_failures++;
		seccomp_release(ctx);
		return;
	}
	status = live_run(child_open, &run);
	if (status != -1 && WIFEXITED(status) &&
	    WEXITSTATUS(status) != LIVE_SETUP_FAILED) {
		for (i = 0; i < CASE_CNT; i++)
			if (WEXITSTATUS(status) & (1 << i)) {
				printf("FAIL: %s: openat(%#llx, ...) was not "
				       "%s\n",
				       low_word ? "EQ | 32BIT" : "EQ",
				       (unsigned long long)cases[i].dirfd,
				       expected(i, low_word) ? "allowed" :
							       "refused");
				test_failures++;
			}
		if (WEXITSTATUS(status) & LIBC_BIT) {
			printf("FAIL: EQ | 32BIT: the C library's"
			       " openat(AT_FDCWD, ...) was refused\n");
			test_failures++;
		}
	} else {
		EXPECT_EXIT(status, 0);
	}
	seccomp_release(ctx);
}

int main(void)
{
	live_require(live_kernel_filters(), "seccomp filters");
	check(true);
	check(false);
	return test_result();
}
