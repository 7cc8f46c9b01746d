/* SPDX-License-Identifier: LGPL-2.1-only */
/* PFC of SCMP_ACT_TRAPX: TRAP(n) for the rules, default and bad-arch action. */

#include "filter_spec.h"

/*
 * TRAP's data prints as TRAP(n) only when n is not 0: TRAPX(0) is TRAP
 * and prints as libseccomp prints TRAP ("action TRAP;"), so every older
 * golden file stays as it was.
 */
static const char *const spec[] = { "native x86_64",
				    "init TRAP(1)",
				    "arch -native +x86_64",
				    "attr badarch TRAP(65535)",
				    "rule TRAP(4660) read",
				    "rule TRAP(0) write",
				    "rule TRAP close",
				    "rule TRAP(2) openat a0==3",
				    "rule TRAP(3) openat a0==4",
				    "rule ERRNO(1) openat a0==5",
				    NULL };

int main(int argc, char *argv[])
{
	return spec_pfc_main(argc, argv, spec);
}
