/* SPDX-License-Identifier: LGPL-2.1-only */
/* Several range and equality rules on one 64-bit argument whose datums share high words: the results follow the full 64-bit datums. */

#include "filter_spec.h"

/* clang-format off */
/*
 * Tests that share a high word must still be decided by the full datum
 * (libseccomp's GHSA-4q85-33p6-j5g6 was a slip there). The expected
 * results follow the rule order of db.c: equality tests first, then < and
 * <= by the smaller datum, then > and >= by the larger. libseccomp 2.5.4
 * agrees wherever its shared high-word test leaves the low words to
 * decide (read a0 < 0x100000000, for one, gets ERRNO(2) there).
 */
#define MERGE64_RULES							\
	"rule ERRNO(1) read a0>0x100000005",				\
	"rule ERRNO(2) read a0<=0x100000009",				\
	"rule ERRNO(3) read a0>=0x100000007",				\
	"rule ERRNO(4) read a0<0x100000003",				\
	"rule ERRNO(5) read a0==0x100000006",				\
	"rule ERRNO(1) write a0>0x500000000",				\
	"rule ERRNO(2) write a0>0x4ffffffff",				\
	"rule ERRNO(3) write a0>=0x500000001",				\
	"rule ERRNO(4) write a0<0x400000000",				\
	"rule ERRNO(1) close a0<=0x300000010",				\
	"rule ERRNO(2) close a0<0x300000020",				\
	"rule ERRNO(3) close a0!=0x300000015",				\
	"rule ERRNO(4) close a0==0x200000010",				\
	"rule ERRNO(1) dup a0>0x100000000",				\
	"rule ERRNO(2) dup a0<=0x1ffffffff",				\
	"rule ERRNO(3) dup a0>=0x200000000"

/*
 * GHSA-4q85-33p6-j5g6 (libseccomp 2.6.1): merging the 64-bit comparisons
 * of several rules on one argument dropped a check, so a call the rules
 * deny was allowed. The advisory's exact rules are not at hand: these
 * are the strongest cases of its class we could make, under a default
 * that kills: rules sharing a high word but not the low one, sharing the
 * low word but not the high one, masked comparisons whose masks differ in
 * either half, ranges that leave a gap inside one high word, and range
 * rules that also test a second argument. Match sets are disjoint, so
 * each input has one right answer whatever the order of the rules; the
 * table probes both sides of every half-word boundary, and 92-prove-sims
 * proves the programs for every input.
 */
#define ADVISORY_RULES							\
	"rule ALLOW fstat a0==0x100000002",				\
	"rule ALLOW fstat a0&0xffffffff0000ffff==0x100000003",		\
	"rule ERRNO(1) fstat a0==0x200000002",				\
	"rule ALLOW lstat a0>=0x500000010",				\
	"rule ERRNO(2) lstat a0<0x500000000",				\
	"rule ALLOW poll a0>0x100000005 a1==1",				\
	"rule ERRNO(3) poll a0<0x100000003 a1==2",			\
	"rule ERRNO(4) poll a0==0x100000004",				\
	"rule ALLOW lseek a0&0xff00000000000000==0x100000000000000",	\
	"rule ERRNO(5) lseek a0&0xffff000000000000==0x201000000000000",	\
	"rule ERRNO(6) lseek a0&0xff000000ffffffff==0x7"

/*
 * The same class with the rules denying under a default that allows:
 * pairs whose high-word tests are the same (GT and GE, EQ and EQ, LT and
 * LE), where a merge decided by the high word alone would lose one; the
 * overlapping pairs follow db.c's order (> and >= by the larger datum
 * first, < and <= by the smaller).
 */
#define ADVISORY_DENY_RULES						\
	"rule KILL_PROCESS mprotect a0>0x100000005",			\
	"rule ERRNO(1) mprotect a0>=0x100000000",			\
	"rule KILL_PROCESS munmap a0==0x300000001",			\
	"rule ERRNO(2) munmap a0==0x300000002",				\
	"rule ERRNO(3) munmap a0==0x400000001",				\
	"rule KILL_PROCESS brk a0<0x700000003",				\
	"rule ERRNO(4) brk a0<=0x700000008",				\
	"rule KILL_PROCESS ioctl a0==0x100000001 a1>0x200000000",	\
	"rule ERRNO(5) ioctl a0==0x100000001 a1<=0x200000000"

static const char *const advisory_deny_le[] = {
	"api 3", "init ALLOW", "arch -native +x86_64", ADVISORY_DENY_RULES,
	NULL
};

static const char *const advisory_deny_be[] = {
	"api 3", "init ALLOW", "arch -native +s390x", ADVISORY_DENY_RULES,
	NULL
};

/* API level 3 makes KILL_PROCESS valid whatever the kernel (or valgrind) */
static const char *const advisory_le[] = {
	"api 3", "init KILL_PROCESS", "arch -native +x86_64", ADVISORY_RULES,
	NULL
};

static const char *const advisory_be[] = {
	"api 3", "init KILL_PROCESS", "arch -native +s390x", ADVISORY_RULES,
	NULL
};

static const char *const little[] = {
	"init ALLOW", "arch -native +x86_64", MERGE64_RULES, NULL
};

static const char *const big[] = {
	"init ALLOW", "arch -native +s390x", MERGE64_RULES, NULL
};

SPEC_SIM_MAIN(
	{ "le", little },
	{ "be", big },
	{ "advisory-le", advisory_le },
	{ "advisory-be", advisory_be },
	{ "advisory-deny-le", advisory_deny_le },
	{ "advisory-deny-be", advisory_deny_be })
/* clang-format on */
