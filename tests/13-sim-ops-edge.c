/* SPDX-License-Identifier: LGPL-2.1-only */
/* Comparisons at the edges: 0, the word boundary, all ones; tautologies and comparisons that never hold. */

#include "filter_spec.h"

/* clang-format off */
/* On 32-bit ABIs the datums and masks lose their high words. */
#define EDGE_RULES							\
	"rule ERRNO(1) read a0>0xffffffffffffffff",			\
	"rule ERRNO(2) write a0<0",					\
	"rule ERRNO(3) close a0>=0",					\
	"rule ERRNO(4) dup a0<=0xffffffffffffffff",			\
	"rule ERRNO(5) lseek a0==0",					\
	"rule ERRNO(6) fchdir a0!=0",					\
	"rule ERRNO(7) fchmod a0>0xffffffff",				\
	"rule ERRNO(8) fsync a0>=0x100000000",				\
	"rule ERRNO(9) fdatasync a0<0x100000000",			\
	"rule ERRNO(10) umask a0&0xffffffff00000000==0x100000000",	\
	"rule ERRNO(11) getpgid a0&0==0",				\
	"rule ERRNO(12) flock a0&0xffffffff==0"

static const char *const little[] = {
	"init ALLOW", "arch -native +x86_64 +x86", EDGE_RULES, NULL
};

static const char *const big[] = {
	"init ALLOW", "arch -native +s390x +mips", EDGE_RULES, NULL
};

SPEC_SIM_MAIN(
	{ "le", little },
	{ "be", big })
/* clang-format on */
