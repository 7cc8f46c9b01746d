/* SPDX-License-Identifier: LGPL-2.1-only */
/* PFC of argument rules on a 64-bit and a 32-bit ABI: high and low words, truncated datums, shared prefixes. */

#include "filter_spec.h"

/* clang-format off */
static const char *const spec[] = {
	"init KILL",
	"arch -native +x86_64 +x86",
	"rule ALLOW read a0==0",
	"rule ALLOW write a0==1 a2==0x100000010",
	"rule ERRNO(5) write a0==2",
	"rule ERRNO(6) write a0==1 a2==7",
	"rule ERRNO(2) close a0==3 a1==0x1234",
	"rule ERRNO(3) close a0==4",
	"rule ERRNO(4) dup a5==0xffffffff00000000",
	NULL
};
/* clang-format on */

int main(int argc, char *argv[])
{
	return spec_pfc_main(argc, argv, spec);
}
