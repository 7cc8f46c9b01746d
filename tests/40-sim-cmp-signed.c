/* SPDX-License-Identifier: LGPL-2.1-only */
/* SCMP_CMP_EXT_SIGNED: signed <, <=, >, >=, 32-bit and 64-bit, on ABIs of both widths and byte orders. */

#include "filter_spec.h"

/*
 * ".s" adds SCMP_CMP_EXT_SIGNED (ours) to the operator: a0.lo32.s<0 is
 * "(int)fd < 0" in one comparison; without .lo32 a 64-bit ABI compares
 * all 64 bits signed, a 32-bit one its 32 bits. The equality operators
 * refuse the flag, and the refused rule changes nothing.
 */
/* clang-format off */
#define SIGNED_RULES							\
	"rule ERRNO(1) close a0.lo32.s<0",				\
	"rule ERRNO(2) dup a0.s<0",					\
	"rule ERRNO(3) fchdir a0.lo32.s<=-100",				\
	"rule ERRNO(4) fsync a0.lo32.s>2147483646",			\
	/* >= INT_MIN always holds */					\
	"rule ERRNO(5) fdatasync a0.lo32.s>=-2147483648",		\
	"rule ERRNO(6) umask a0.s>=-1",					\
	"rule ERRNO(7) getpgid a0.s>0x7ffffffffffffffe",		\
	"rule ERRNO(8) getsid a0.s<-9223372036854775807",		\
	/* an interval around 0 */					\
	"rule ERRNO(9) setuid a0.lo32.s>=-5 a0.lo32.s<=5",		\
	/* unsigned and signed tests of one datum are two tests */	\
	"rule ERRNO(10) setgid a0.lo32<10",				\
	"rule ERRNO(11) setgid a0.lo32.s<10",				\
	/* the flag on an equality operator: -EINVAL, nothing added */	\
	"!EINVAL rule ERRNO(12) getpid a0.s==0",			\
	"!EINVAL rule ERRNO(12) getpid a0.lo32.s!=0",			\
	"!EINVAL rule ERRNO(12) getpid a0.s&1==1",			\
	"!EINVAL rule ERRNO(12) getpid a0.lo32<3 a1.s==0"
/* clang-format on */

static const char *const little[] = {
	"init ALLOW", "arch -native +x86_64 +aarch64 +x86 +arm +x32",
	SIGNED_RULES, NULL
};

static const char *const big[] = { "init ALLOW",
				   "arch -native +s390x +ppc64 +mips",
				   SIGNED_RULES, NULL };

SPEC_SIM_MAIN({ "le", little }, { "be", big })
