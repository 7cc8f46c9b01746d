/* SPDX-License-Identifier: LGPL-2.1-only */
/* Attributes that change the program: API_TSKIP (rules for syscall -1) and ACT_BADARCH. */

#include "filter_spec.h"

/* clang-format off */
/* nr -1 is what a tracer sets to skip a call; rules for it need TSKIP. */
static const char *const tskip[] = {
	"init ALLOW",
	"arch -native +x86_64 +x86",
	"!EINVAL rule ERRNO(5) -1",
	"!EINVAL prio -1 10",
	"attr tskip 1",
	"rule ERRNO(5) -1",
	"prio -1 10",
	"rule ERRNO(6) read",
	NULL
};

/* The rule stays in the filter but is only emitted while TSKIP is set. */
static const char *const tskip_off[] = {
	"init ALLOW",
	"arch -native +x86_64",
	"attr tskip 1",
	"rule ERRNO(5) -1",
	"attr tskip 0",
	NULL
};

static const char *const tskip_x32[] = {
	"init ALLOW",
	"arch -native +x32",
	"attr tskip 1",
	"rule ERRNO(5) -1 a0==3",
	NULL
};

/* The bad-arch action may be any action, set before or after rules. */
static const char *const badarch[] = {
	"init KILL",
	"arch -native +aarch64",
	"rule ALLOW read",
	"attr badarch ALLOW",
	NULL
};

SPEC_SIM_MAIN(
	{ "tskip", tskip },
	{ "tskip-off", tskip_off },
	{ "tskip-x32", tskip_x32 },
	{ "badarch", badarch })
/* clang-format on */
