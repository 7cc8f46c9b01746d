/* SPDX-License-Identifier: LGPL-2.1-only */
/* x32 inside x86_64's audit value: the x32 syscall bit sends the other ABI's calls to BADARCH unless both ABIs are in the filter. */

#include "filter_spec.h"

/* clang-format off */
static const char *const x86_64_only[] = {
	"native x86_64",
	"init ALLOW",
	"attr badarch TRAP",
	"rule ERRNO(1) read",
	/* a raw x32 number: BADARCH still wins */
	"rule ERRNO(9) 0x40000001",
	NULL
};

static const char *const x32_only[] = {
	"init ALLOW",
	"arch -native +x32",
	"attr badarch TRAP",
	"rule ERRNO(1) read",
	NULL
};

static const char *const both[] = {
	"init ALLOW",
	"arch -native +x32 +x86_64",
	"attr badarch TRAP",
	"rule ERRNO(1) read",
	NULL
};

/* x86 beside x86_64 changes nothing about x32 numbers */
static const char *const with_x86[] = {
	"init ALLOW",
	"arch -native +x86 +x86_64",
	"attr badarch TRAP",
	"rule ERRNO(1) read",
	NULL
};

SPEC_SIM_MAIN(
	{ "x86_64", x86_64_only },
	{ "x32", x32_only },
	{ "both", both },
	{ "x86", with_x86 })
/* clang-format on */
