/* SPDX-License-Identifier: LGPL-2.1-only */
/* PFC of SCMP_CMP_EXT_SIGNED comparisons, 32-bit and 64-bit, on a 64-bit and a 32-bit ABI. */

#include "filter_spec.h"

/* clang-format off */
static const char *const spec[] = {
	"init ALLOW",
	"arch -native +x86_64 +x86",
	/*
	 * ".s": the word holding the sign shows as a C cast with a signed
	 * datum; a 64-bit test's low word stays unsigned
	 */
	"rule ERRNO(1) close a0.lo32.s<0",
	"rule ERRNO(2) dup a0.s<0",
	"rule ERRNO(3) fchdir a0.lo32.s<=-100",
	"rule ERRNO(4) umask a0.s>=-5",
	"rule ERRNO(5) setuid a0.lo32.s>-5 a0.lo32.s<5",
	"rule ERRNO(6) getpgid a0.s>0x7ffffffffffffffe",
	NULL
};
/* clang-format on */

int main(int argc, char *argv[])
{
	return spec_pfc_main(argc, argv, spec);
}
