/* SPDX-License-Identifier: LGPL-2.1-only */
/* SCMP_CMP_32BIT: every operator on the low words alone, on 64- and 32-bit ABIs of both byte orders. */

#include "filter_spec.h"

/*
 * "aN.lo32" adds SCMP_CMP_32BIT (provisional: libseccomp's open pull
 * request) to the operator. 64-bit ABIs then compare the low words of
 * argument and data, whatever the high words hold; 32-bit ABIs compare
 * nothing else anyway. The data have both halves set: 0x500000007 is 7
 * with the flag. a0 and a1 check both word offsets in both byte orders.
 */
/* clang-format off */
#define OPS32_RULES							\
	/* upstream's example: 0xffffffff00000001 matches, not		\
	 * 0xffffffff00000010 */					\
	"rule ERRNO(1) read a0.lo32!=0x10",				\
	"rule ERRNO(2) write a1.lo32==0x500000007",			\
	"rule ERRNO(3) close a0.lo32<0x500000007",			\
	"rule ERRNO(4) dup a0.lo32<=0x500000007",			\
	"rule ERRNO(5) lseek a1.lo32>=0x500000007",			\
	"rule ERRNO(6) fchdir a0.lo32>0x500000007",			\
	/* both high words ignored */					\
	"rule ERRNO(7) fchmod a1.lo32&0xf0000000f==0x500000007",	\
	/* AT_FDCWD, sign-extended or not: one test */			\
	"rule ERRNO(8) openat a0.lo32==-100",				\
	"rule ERRNO(8) openat a0_32.lo32==-100",			\
	"!EEXIST rule ERRNO(9) openat a0_32.lo32==-100",		\
	/* unsigned low words: -1 is 0xffffffff */			\
	"rule ERRNO(9) fchown a1.lo32>0x7fffffff",			\
	/* with a full test of the argument: never on 32-bit ABIs */	\
	"rule ERRNO(10) fsync a0.lo32==7 a0!=0x500000007",		\
	/* an interval of low words */					\
	"rule ERRNO(11) fdatasync a0.lo32>=3 a0.lo32<=9",		\
	/* one test with the flag and one without: one on 32-bit ABIs */ \
	"rule ERRNO(12) umask a0.lo32>5 a0>5",				\
	/* a socket call, multiplexed too */				\
	"rule ERRNO(13) socket a1.lo32==1",				\
	/* the flag changes nothing on 32-bit ABIs: == 0x10 there */	\
	"rule ERRNO(14) getpgid a0==0x10",				\
	"!EEXIST rule ERRNO(15) getpgid a0.lo32==0x10",			\
	/* edges of the low word: >= 0 and <= 0xffffffff always hold,	\
	 * > 0xffffffff and < 0 never */				\
	"rule ERRNO(16) mlock a0.lo32>=0x100000000",			\
	"rule ERRNO(17) munlock a0.lo32>0xffffffff",			\
	"rule ERRNO(18) msync a0.lo32<0x100000000",			\
	"rule ERRNO(19) madvise a0.lo32<=-1"
/* clang-format on */

static const char *const little[] = {
	"init ALLOW", "arch -native +x86_64 +aarch64 +x86 +arm +mipsel +x32",
	OPS32_RULES, NULL
};

static const char *const big[] = { "init ALLOW",
				   "arch -native +s390x +ppc64 +mips",
				   OPS32_RULES, NULL };

/*
 * 64-bit ABIs alone: a 32-bit test and a full one of one value are two
 * tests, tried in the order they were added; merges.
 */
/* clang-format off */
#define WIDE_RULES							\
	"rule ERRNO(14) getpgid a0==0x10",				\
	"rule ERRNO(15) getpgid a0.lo32==0x10",				\
	"rule ERRNO(16) getpgid a0.lo32==0x11",				\
	"rule ERRNO(17) getsid a0.lo32<5",				\
	"rule ERRNO(18) getsid a0<5",					\
	/* a longer rule, then its prefix */				\
	"rule ERRNO(19) setpgid a0.lo32==5 a1==1",			\
	"rule ERRNO(19) setpgid a0.lo32==5",				\
	"rule ERRNO(20) setpgid a0.lo32==5 a1==2",			\
	"!EEXIST rule ERRNO(21) setpgid a0.lo32==5"
/* clang-format on */

static const char *const wide_le[] = { "init ALLOW",
				       "arch -native +x86_64 +aarch64",
				       WIDE_RULES, NULL };

static const char *const wide_be[] = { "init ALLOW",
				       "arch -native +s390x +ppc64", WIDE_RULES,
				       NULL };

SPEC_SIM_MAIN({ "le", little }, { "be", big }, { "wide-le", wide_le },
	      { "wide-be", wide_be })
