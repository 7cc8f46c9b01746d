/* SPDX-License-Identifier: LGPL-2.1-only */
/* PFC of SCMP_CMP_32BIT comparisons on a 64-bit and a 32-bit ABI. */

#include "filter_spec.h"

/* clang-format off */
static const char *const spec[] = {
	"init ALLOW",
	"arch -native +x86_64 +x86",
	/*
	 * "aN.lo32": the operator with SCMP_CMP_32BIT (provisional). On
	 * x86_64 a low-word line alone, no high-word line; on x86 as
	 * without the flag
	 */
	"rule ERRNO(1) read a0.lo32!=0x10",
	"rule ERRNO(2) write a1.lo32==0x500000007",
	"rule ERRNO(3) close a0.lo32<0x500000007",
	"rule ERRNO(4) dup a0.lo32<=7",
	"rule ERRNO(5) lseek a2.lo32>=7",
	"rule ERRNO(6) fchdir a0.lo32>7",
	"rule ERRNO(7) fchmod a1.lo32&0xf0000000f==0x500000007",
	"rule ERRNO(8) openat a0_32.lo32==-100",
	/*
	 * 32-bit equality tests of one argument are one group, apart from
	 * the full ones
	 */
	"rule ERRNO(9) ioctl a1.lo32==1",
	"rule ERRNO(10) ioctl a1.lo32==2",
	"rule ERRNO(11) ioctl a1==0x100000003",
	"rule ERRNO(12) ioctl a1.lo32==4",
	/* with full tests of the argument: the full one first */
	"rule ERRNO(13) fsync a0.lo32==7 a0!=0x500000007",
	"rule ERRNO(14) umask a0.lo32>5 a0>5",
	NULL
};
/* clang-format on */

int main(int argc, char *argv[])
{
	return spec_pfc_main(argc, argv, spec);
}
