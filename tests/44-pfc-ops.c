/* SPDX-License-Identifier: LGPL-2.1-only */
/* PFC of every comparison operator on a 64-bit and a 32-bit ABI. */

#include "filter_spec.h"

/* clang-format off */
static const char *const spec[] = {
	"init ALLOW",
	"arch -native +aarch64 +arm",
	"rule ERRNO(1) read a0!=0x100000002",
	"rule ERRNO(2) write a1<0x300000004",
	"rule ERRNO(3) close a0<=5",
	"rule ERRNO(4) dup a0>=0x600000000",
	"rule ERRNO(5) lseek a2>7",
	"rule ERRNO(6) fchdir a0&0xff000000ff==0x1200000034",
	"rule ERRNO(7) fchmod a1&0xff==0x10",
	"rule ERRNO(8) fsync a0&0xf00000000==0x100000000",
	"rule ERRNO(9) umask a0==1 a1!=2 a2<3 a3<=4 a4>5 a5>=6",
	"rule ERRNO(10) flock a0>0 a1>=0",
	/*
	 * nested bounds: < and <= smaller first, > and >= larger first;
	 * the arm lines are libseccomp 2.5.4's, which shares high-word
	 * tests on aarch64
	 */
	"rule ERRNO(11) ioctl a2>=4096",
	"rule ERRNO(12) ioctl a2<256",
	"rule ERRNO(13) ioctl a2<128",
	"rule ERRNO(14) ioctl a2>1000",
	"rule ERRNO(15) ioctl a2<=64",
	/*
	 * masked == shows its mask even if all ones, and is a test of its
	 * own beside ==: on 64-bit ABIs each form has its high-word tests
	 */
	"rule ERRNO(16) fchown a0&0xffffffffffffffff==2 a1==1",
	"rule ERRNO(17) fchown a0==1",
	"rule ERRNO(18) fchown a0==2 a1==0",
	"rule ERRNO(19) fchown a0&0xffffffffffffffff==0",
	"rule ERRNO(20) fchown a0&0xffffffff==7",
	NULL
};
/* clang-format on */

int main(int argc, char *argv[])
{
	return spec_pfc_main(argc, argv, spec);
}
