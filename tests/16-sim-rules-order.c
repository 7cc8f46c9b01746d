/* SPDX-License-Identifier: LGPL-2.1-only */
/* Several rules per syscall: comparisons ANDed, rules ORed, and libseccomp's sibling order deciding between rules. */

#include "filter_spec.h"

/* clang-format off */
/*
 * The evaluation order of siblings is: higher argument first, equality
 * (EQ, NE, MASKED_EQ) before range tests, larger datum first (< and <=:
 * smaller first, see 64-sim-order-thresholds), GT and GE of one datum in
 * the order added; a sibling whose branch has no result goes on with the
 * next one.
 */
#define ORDER_RULES							\
	/* a higher argument first, whatever the order of adding */	\
	"rule ERRNO(1) read a0==1",					\
	"rule KILL read a1==2",						\
	/* AND within a rule */						\
	"rule ERRNO(2) write a0==1 a1==2 a2==3",			\
	/* equality before a range */					\
	"rule ERRNO(4) close a0>3",					\
	"rule ERRNO(3) close a0==5",					\
	/* the larger datum first */					\
	"rule ERRNO(7) dup a0>5",					\
	"rule ERRNO(6) dup a0>10",					\
	/* GT and GE on the same datum: the first added first */	\
	"rule ERRNO(9) lseek a0>=5",					\
	"rule ERRNO(8) lseek a0>5",					\
	/* NE is an equality test: before LT */				\
	"rule ERRNO(11) fchdir a0<5",					\
	"rule ERRNO(10) fchdir a0!=0",					\
	/* a failed sub-level goes on with the next sibling */		\
	"rule ERRNO(12) fchmod a1==2 a2==5",				\
	"rule ERRNO(13) fchmod a0==1",					\
	/* shared prefixes */						\
	"rule ERRNO(14) fsync a0==1 a1==1",				\
	"rule ERRNO(15) fsync a0==1 a1==2",				\
	"rule ERRNO(16) fsync a0==2",					\
	/* more rules than arguments: ORed */				\
	"rule ERRNO(17) umask a0==1",					\
	"rule ERRNO(18) umask a0==2",					\
	"rule ERRNO(19) umask a0==3",					\
	"rule ERRNO(20) umask a0==4",					\
	"rule ERRNO(21) umask a0==0x100000005",				\
	"rule ERRNO(22) umask a0&0xf0==0x20",				\
	"rule ERRNO(23) umask a0>=0x1000",				\
	/* LE and LT with other arguments */				\
	"rule TRAP flock a0<=3 a1>=7",					\
	"rule TRACE(5) flock a2!=9",					\
	/* == and masked == are two tests even with an all-ones mask, */ \
	/* as in libseccomp: both rules are added, the first decides */	\
	"rule ERRNO(24) fdatasync a0==5",				\
	"rule ERRNO(25) fdatasync a0&0xffffffffffffffff==5",		\
	/* ... and a failed sub-level goes on to the other form */	\
	"rule ERRNO(26) ftruncate a0&0xffffffffffffffff==5 a1==1",	\
	"rule ERRNO(27) ftruncate a0==5",				\
	"rule ERRNO(28) ftruncate a0==6",				\
	/* on 64-bit ABIs each form's tests are tried together, the */	\
	/* form made first first; on 32-bit ABIs by datum */		\
	"rule ERRNO(29) fchown a0&0xffffffffffffffff==2 a1==1",	\
	"rule ERRNO(30) fchown a0==1",					\
	"rule ERRNO(31) fchown a0==2 a1==0",				\
	"rule ERRNO(32) fchown a0&0xffffffffffffffff==0"

static const char *const le[] = {
	"init ALLOW", "arch -native +x86_64 +x86", ORDER_RULES, NULL
};

static const char *const be[] = {
	"init ALLOW", "arch -native +s390x +s390", ORDER_RULES, NULL
};

SPEC_SIM_MAIN(
	{ "le", le },
	{ "be", be })
/* clang-format on */
