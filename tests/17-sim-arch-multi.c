/* SPDX-License-Identifier: LGPL-2.1-only */
/* Multi-ABI filters: x86 family, ARM pair, both MIPS families; each ABI its own numbers, others BADARCH. */

#include "filter_spec.h"

/* clang-format off */
/* Rules are added after the ABIs, so every ABI gets them. */
#define MULTI_RULES							\
	"attr badarch TRAP",						\
	"rule ALLOW read",						\
	"rule ALLOW write a0==1",					\
	"rule ERRNO(2) close a0>=0x100000000"

static const char *const x86[] = {
	"init ERRNO(1)", "arch -native +x86 +x86_64 +x32", MULTI_RULES, NULL
};

static const char *const arm[] = {
	"init ERRNO(1)", "arch -native +aarch64 +arm", MULTI_RULES, NULL
};

static const char *const mips_be[] = {
	"init ERRNO(1)", "arch -native +mips +mips64 +mips64n32",
	MULTI_RULES, NULL
};

static const char *const mips_le[] = {
	"init ERRNO(1)", "arch -native +mipsel64n32 +mipsel64 +mipsel",
	MULTI_RULES, NULL
};

/* An ABI added after the rules has none of them. */
static const char *const late[] = {
	"init ERRNO(1)",
	"arch -native +x86_64",
	MULTI_RULES,
	"arch +x86",
	NULL
};

SPEC_SIM_MAIN(
	{ "x86", x86 },
	{ "arm", arm },
	{ "mips", mips_be },
	{ "mipsel", mips_le },
	{ "late", late })
/* clang-format on */
