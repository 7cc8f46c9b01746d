/* SPDX-License-Identifier: LGPL-2.1-only */
/* PFC of SCMP_FLTATR_EXT_ACT_BADARG32's high-word checks, on a 64-bit and a 32-bit ABI. */

#include "filter_spec.h"

/* clang-format off */
static const char *const spec[] = {
	/* KILL_PROCESS whatever the kernel */
	"api 5",
	"init ALLOW",
	"arch -native +x86_64 +x86",
	/*
	 * "attr badarg32": on x86_64 each syscall block opens with the
	 * check of each argument its rules compare 32-bit, once, the lowest
	 * argument first; x86 has no high word and shows none
	 */
	"attr badarg32 KILL_PROCESS",
	"rule ERRNO(1) openat a0_32.lo32==-100",
	"rule ERRNO(2) lseek a2.lo32==1 a0.lo32<3",
	"rule ERRNO(3) lseek a1==5",
	"rule ERRNO(4) read a0.lo32!=0x10 a1.lo32==2",
	/* compared in full: no check */
	"rule ERRNO(5) dup a0==3",
	NULL
};
/* clang-format on */

int main(int argc, char *argv[])
{
	return spec_pfc_main(argc, argv, spec);
}
