/* SPDX-License-Identifier: LGPL-2.1-only */
/* SCMP_FLTATR_CTL_KVERMAX: syscalls newer than the policy, and numbers without a syscall, get SCMP_FLTATR_ACT_ENOSYS on each ABI family; rules win. */

#include "filter_spec.h"

/* clang-format off */
/*
 * Default ERRNO(1) (EPERM, as container profiles have it), BADARCH KILL.
 * Rules: read and write allowed; openat2 (5.6) has a rule, mseal (6.10) a
 * conditional one, clone3 (5.3) only a priority, which names no action.
 */
#define RULES                                                                \
	"rule ALLOW read,write", "rule ERRNO(9) openat2",                     \
		"rule ALLOW mseal a0==0", "prio clone3 10"

static const char *const x86_64_52[] = {
	"init ERRNO(1)", "arch -native +x86_64", "attr kvermax 5.2", RULES,
	NULL
};

static const char *const x86_64_53[] = {
	"init ERRNO(1)", "arch -native +x86_64", RULES, "attr kvermax 5.3",
	NULL
};

/* the ENOSYS action as set, the version set again, default ALLOW */
static const char *const x86_64_trap[] = {
	"init ALLOW",
	"arch -native +x86_64",
	"attr kvermax 6.0",
	"attr enosys TRAP",
	"rule ERRNO(2) getpid",
	"attr kvermax 5.2",
	NULL
};

/*
 * A rule that can never match still wins: clone3 keeps the default action
 * (a0 < 0 holds for no argument). The prover found the ENOSYS action there.
 */
static const char *const never_match[] = {
	"init ERRNO(1)", "arch -native +x86_64", "arch +x86",
	"attr kvermax 5.2", "rule ALLOW clone3 a0<0", NULL
};

/* a rule on clone3 wins, whichever the action */
static const char *const x86_64_clone3[] = {
	"init ERRNO(1)", "arch -native +x86_64", "attr kvermax 5.2",
	"rule ERRNO(38) clone3 a0==0", "rule ALLOW clone3 a0==1", NULL
};

/* bad values change nothing; unset, it is the plain program */
static const char *const x86_64_errors[] = {
	"init ERRNO(1)",
	"arch -native +x86_64",
	"attr kvermax 5.2",
	"!EINVAL attr kvermax 0",
	"!EINVAL attr kvermax 86",
	"!EINVAL attr kvermax 0xffffffff",
	"!EINVAL attr enosys 0x12345678",
	"!EINVAL attr enosys ERRNO(4095)",
	"rule ALLOW read",
	"attr kvermax undef",
	NULL
};

/*
 * x86 multiplexes: its direct socket calls came in 4.3, its direct IPC
 * calls in 5.1; socketcall(2) and ipc(2) are old. A rule on connect goes
 * to both.
 */
static const char *const x86_40[] = {
	"init ERRNO(1)", "arch -native +x86", "attr kvermax 4.0", RULES,
	"rule ALLOW connect", NULL
};

static const char *const x86_53[] = {
	"init ERRNO(1)", "arch -native +x86", "attr kvermax 5.3", RULES,
	"rule ALLOW connect", NULL
};

static const char *const x32_52[] = {
	"init ERRNO(1)", "arch -native +x32", "attr kvermax 5.2", RULES, NULL
};

static const char *const x86_64_x32_52[] = {
	"init ERRNO(1)", "arch -native +x86_64 +x32", "attr kvermax 5.2",
	RULES, NULL
};

static const char *const aarch64_52[] = {
	"init ERRNO(1)", "arch -native +aarch64", "attr kvermax 5.2", RULES,
	NULL
};

static const char *const aarch64_53[] = {
	"init ERRNO(1)", "arch -native +aarch64", "attr kvermax 5.3", RULES,
	NULL
};

static const char *const arm_52[] = {
	"init ERRNO(1)", "arch -native +arm", "attr kvermax 5.2", RULES, NULL
};

static const char *const arm_61[] = {
	"init ERRNO(1)", "arch -native +arm", "attr kvermax 6.1", RULES, NULL
};

static const char *const s390x_40[] = {
	"init ERRNO(1)", "arch -native +s390x", "attr kvermax 4.0", RULES,
	"rule ALLOW connect", NULL
};

static const char *const s390x_53[] = {
	"init ERRNO(1)", "arch -native +s390x", "attr kvermax 5.3", RULES,
	NULL
};

/* MIPS wired clone3 in 5.4 */
static const char *const mips_53[] = {
	"init ERRNO(1)", "arch -native +mips", "attr kvermax 5.3", RULES, NULL
};

static const char *const mips_54[] = {
	"init ERRNO(1)", "arch -native +mips", "attr kvermax 5.4", RULES, NULL
};

SPEC_SIM_MAIN(
	{ "x86_64-5.2", x86_64_52 },
	{ "x86_64-5.3", x86_64_53 },
	{ "x86_64-trap", x86_64_trap },
	{ "x86_64-clone3", x86_64_clone3 },
	{ "never-match", never_match },
	{ "x86_64-errors", x86_64_errors },
	{ "x86-4.0", x86_40 },
	{ "x86-5.3", x86_53 },
	{ "x32-5.2", x32_52 },
	{ "x86_64-x32-5.2", x86_64_x32_52 },
	{ "aarch64-5.2", aarch64_52 },
	{ "aarch64-5.3", aarch64_53 },
	{ "arm-5.2", arm_52 },
	{ "arm-6.1", arm_61 },
	{ "s390x-4.0", s390x_40 },
	{ "s390x-5.3", s390x_53 },
	{ "mips-5.3", mips_53 },
	{ "mips-5.4", mips_54 })
/* clang-format on */
