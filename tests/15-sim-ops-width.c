/* SPDX-License-Identifier: LGPL-2.1-only */
/* Argument width: SCMP_CMP32 against sign-extended datums, and 64-bit datums truncated on 32-bit ABIs (exact adds too). */

#include "filter_spec.h"

/* clang-format off */
/*
 * "a0==-1" is SCMP_A0(SCMP_CMP_EQ, -1): the int is sign-extended to
 * 0xffffffffffffffff. "a0_32==-1" is SCMP_A0_32: it is cast to
 * 0xffffffff, and a 32-bit MASKED_EQ mask leaves the high word unchecked.
 */
#define WIDTH_RULES							\
	"rule ERRNO(1) read a0==-1",					\
	"rule ERRNO(2) write a0_32==-1",				\
	"rule ERRNO(3) close a0>0",					\
	"rule ERRNO(4) dup a0_32<-1",					\
	"rule ERRNO(5) lseek a0_32&-1==-2",				\
	"rule ERRNO(6) fchdir a0&-1==-2",				\
	"rule ERRNO(7) fchmod a0_32==0x100000005",			\
	"rule ERRNO(8) fsync a0==0x100000005"

static const char *const little[] = {
	"init ALLOW", "arch -native +x86_64 +x86", WIDTH_RULES, NULL
};

static const char *const big[] = {
	"init ALLOW", "arch -native +s390x +mips", WIDTH_RULES, NULL
};

/* Exact adds truncate the same way. */
#define EXACT_RULES							\
	"exact ERRNO(1) read a0==0x100000005",				\
	"exact ERRNO(2) write a1&0xffffffff00000000==0x100000000",	\
	"exact ERRNO(3) close a0>0x1ffffffff"

static const char *const exact_x86[] = {
	"init ALLOW", "arch -native +x86", EXACT_RULES, NULL
};

static const char *const exact_mips[] = {
	"init ALLOW", "arch -native +mips", EXACT_RULES, NULL
};

static const char *const exact_x86_64[] = {
	"init ALLOW", "arch -native +x86_64", EXACT_RULES, NULL
};

SPEC_SIM_MAIN(
	{ "le", little },
	{ "be", big },
	{ "exact-x86", exact_x86 },
	{ "exact-mips", exact_mips },
	{ "exact-x86_64", exact_x86_64 })
/* clang-format on */
