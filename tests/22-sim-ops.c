/* SPDX-License-Identifier: LGPL-2.1-only */
/* Every comparison operator with a datum that has both halves set, on 64- and 32-bit ABIs of both byte orders. */

#include "filter_spec.h"

/* clang-format off */
/*
 * One operator per syscall, all against 0x500000007. 32-bit ABIs compare
 * only the low word (7); arguments 0 and 1 are used to check both word
 * offsets in both byte orders.
 */
#define OPS_RULES							\
	"rule ERRNO(1) read a1==0x500000007",				\
	"rule ERRNO(2) write a1!=0x500000007",				\
	"rule ERRNO(3) close a0<0x500000007",				\
	"rule ERRNO(4) dup a0<=0x500000007",				\
	"rule ERRNO(5) lseek a1>=0x500000007",				\
	"rule ERRNO(6) fchdir a0>0x500000007",				\
	"rule ERRNO(7) fchmod a1&0xf0000000f==0x500000007"

static const char *const little[] = {
	"init ALLOW",
	"arch -native +x86_64 +aarch64 +x86 +arm +mipsel +x32",
	OPS_RULES,
	NULL
};

static const char *const big[] = {
	"init ALLOW",
	"arch -native +s390x +ppc64 +mips",
	OPS_RULES,
	NULL
};

SPEC_SIM_MAIN(
	{ "le", little },
	{ "be", big })
/* clang-format on */
