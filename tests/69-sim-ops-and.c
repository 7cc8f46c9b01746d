/* SPDX-License-Identifier: LGPL-2.1-only */
/* Several comparisons of one argument in one rule: all must hold, for every operator, on 64- and 32-bit ABIs. */

#include "filter_spec.h"

/*
 * libseccomp refuses these rules (-EINVAL); here a rule is the AND of all
 * its comparisons, several of one argument included (src/db.c: they chain
 * in one order whatever order they are written in; a repeated one counts
 * once). 32-bit ABIs compare the low words, so two datums that differ only
 * in the high word are one there.
 */
#define AND_RULES                                                                                                                      \
	/* GT and LT: an open interval, beside other rules of a1 */                                                                    \
	"rule ERRNO(1) read a1>5 a1<10", "rule ERRNO(11) read a1==7",                                                                  \
		"rule ERRNO(12) read a1<20", /* the same AND written the other way round: the same rule */                             \
		"rule ERRNO(1) read a1<10 a1>5",                                                                                       \
		"!EEXIST rule ERRNO(15) read a1<10 a1>5", /* GE and LE: a closed interval */                                           \
		"rule ERRNO(2) write a1>=3 a1<=9", /* a prefix of it with another action cuts it off: refused */                       \
		"!EEXIST rule ERRNO(13) write a1<=9", /* one that extends it is covered: dropped */                                    \
		"rule ERRNO(14) write a1>=3 a1<=9 a2==1", /* NE twice: Docker's a0 != AF_VSOCK && a0 != AF_ALG */                      \
		"rule ERRNO(3) close a0!=40 a0!=38", /* MASKED_EQ twice: two bit fields */                                             \
		"rule ERRNO(4) dup a0&0xf==1 a0&0xf0==0x20", /* EQ and MASKED_EQ of the low word */                                    \
		"rule ERRNO(5) lseek a1==0x500000007 a1&0xffffffff==7", /* 64-bit bounds: never on 32-bit ABIs (>= 0 and < 0 there) */ \
		"rule ERRNO(6) fchdir a0>=0x100000000 a0<0x300000000", /* contradictions: accepted, never match */                     \
		"rule ERRNO(7) fchmod a0>5 a0<3",                                                                                      \
		"rule ERRNO(8) fchmod a1==1 a1!=1", /* the same comparison twice is one */                                             \
		"rule ERRNO(9) dup3 a1==7 a1==7", /* one on 32-bit ABIs, a contradiction on 64-bit ones */                             \
		"rule ERRNO(16) fsync a0==7 a0==0x100000007", /* with a comparison of another argument */                              \
		"rule ERRNO(10) mprotect a2==7 a0<0x2000 a0>=0x1000"

static const char *const little[] = {
	"init ALLOW", "arch -native +x86_64 +aarch64 +x86 +arm +mipsel +x32",
	AND_RULES, NULL
};

static const char *const big[] = { "init ALLOW",
				   "arch -native +s390x +ppc64 +mips",
				   AND_RULES, NULL };

/*
 * Docker's profile allows socket() but for AF_VSOCK (40) and AF_ALG (38);
 * libseccomp made that three rules of Docker's. On ABIs that multiplex,
 * socketcall(SYS_SOCKET) hides the family behind a pointer: allowed.
 */
#define DOCKER_RULES "rule ALLOW socket a0!=40 a0!=38", "rule ALLOW exit_group"

static const char *const docker_le[] = { "init ERRNO(1)",
					 "arch -native +x86_64 +x86",
					 DOCKER_RULES, NULL };

static const char *const docker_be[] = { "init ERRNO(1)",
					 "arch -native +s390x +ppc64",
					 DOCKER_RULES, NULL };

SPEC_SIM_MAIN({ "le", little }, { "be", big }, { "docker-le", docker_le },
	      { "docker-be", docker_be })
