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

static const char *const little[] = {
	"init ALLOW", "arch -native +x86_64", MERGE64_RULES, NULL
};

static const char *const big[] = {
	"init ALLOW", "arch -native +s390x", MERGE64_RULES, NULL
};

SPEC_SIM_MAIN(
	{ "le", little },
	{ "be", big })
/* clang-format on */
