/* SPDX-License-Identifier: LGPL-2.1-only */
/* Syscall numbers across ABIs: native numbers translated by name, calls an ABI lacks skipped (-EDOM when exact), untranslatable numbers -EFAULT. */

#include "filter_spec.h"

/* clang-format off */
/* Raw numbers are x86_64's: 3 is close, 1000 has no name. */
static const char *const multi[] = {
	"native x86_64",
	"init ALLOW",
	"arch -native +x86_64 +aarch64 +x86 +arm",
	"rule ERRNO(1) open",
	"rule ERRNO(2) 3",
	"!EFAULT rule ERRNO(3) 1000",
	"!EFAULT rule ERRNO(3) 0x40000000",
	/* socketcall: only x86 has it */
	"rule ERRNO(4) -10060",
	/* an ARM private call */
	"rule ERRNO(5) cacheflush",
	/* recv: x86 multiplexes it, the unconditional socketcall rule wins */
	"rule ERRNO(6) -110",
	"!EOPNOTSUPP exact ERRNO(7) read",
	NULL
};

static const char *const native[] = {
	"native x86_64",
	"init ALLOW",
	"rule ERRNO(3) 1000",
	"rule ERRNO(4) 0x3fffffff",
	/* pseudo numbers are kept but never reach the program */
	"rule ERRNO(5) -10060",
	"!EDOM exact ERRNO(6) -10060",
	"!EDOM exact ERRNO(6) -110",
	"exact ERRNO(7) read",
	NULL
};

static const char *const aarch64[] = {
	"init ALLOW",
	"arch -native +aarch64",
	"!EDOM exact ERRNO(1) open",
	"rule ERRNO(1) open",
	"exact ERRNO(2) openat",
	"!EDOM exact ERRNO(3) -10060",
	NULL
};

SPEC_SIM_MAIN(
	{ "multi", multi },
	{ "native", native },
	{ "aarch64", aarch64 })
/* clang-format on */
