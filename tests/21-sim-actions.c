/* SPDX-License-Identifier: LGPL-2.1-only */
/* Every action as a rule, as the default and as the bad-arch action. */

#include "filter_spec.h"

/* clang-format off */
/* API level 5 makes KILL_PROCESS, LOG and NOTIFY valid whatever the kernel. */
static const char *const rules[] = {
	"api 5",
	"init ALLOW",
	"arch -native +x86_64",
	"attr badarch TRAP",
	"rule KILL_PROCESS read",
	"rule KILL write",
	"rule KILL_THREAD open",
	"rule TRAP close",
	"rule TRAP(4660) brk",
	"rule TRAP(65535) ioctl",
	"rule ERRNO(0) stat",
	"rule ERRNO(1) fstat",
	"rule ERRNO(4094) lstat",
	"rule TRACE(0) poll",
	"rule TRACE(65535) lseek",
	"rule LOG mmap",
	"rule NOTIFY mprotect",
	NULL
};

/* The same actions again, now against a default that kills. */
static const char *const kill_default[] = {
	"api 5",
	"init KILL_PROCESS",
	"arch -native +x86_64",
	"attr badarch ERRNO(3)",
	"rule ALLOW read",
	"rule KILL write",
	"rule ERRNO(2) close",
	NULL
};

static const char *const errno_default[] = {
	"api 5", "init ERRNO(38)", "arch -native +x86",
	"attr badarch LOG", "rule ALLOW read", NULL
};

static const char *const trace_default[] = {
	"api 5", "init TRACE(7)", "arch -native +arm",
	"attr badarch KILL_PROCESS", "rule ALLOW read", NULL
};

static const char *const log_default[] = {
	"api 5", "init LOG", "arch -native +aarch64",
	"attr badarch NOTIFY", "rule ALLOW read", NULL
};

static const char *const notify_default[] = {
	"api 5", "init NOTIFY", "arch -native +s390x",
	"attr badarch TRACE(1)", "rule ALLOW read", NULL
};

static const char *const trap_default[] = {
	"api 5", "init TRAP", "arch -native +mips",
	"attr badarch ALLOW", "rule KILL read", NULL
};

/* TRAPX: TRAP with a si_errno, as default, bad-arch action and rules. */
static const char *const trapx_default[] = {
	"init TRAP(1)", "arch -native +x86_64", "attr badarch TRAP(2)",
	"rule TRAP(3) read", "rule TRAP write", "rule TRAP(0) close",
	"rule ALLOW exit_group", NULL
};

SPEC_SIM_MAIN(
	{ "rules", rules },
	{ "kill", kill_default },
	{ "errno", errno_default },
	{ "trace", trace_default },
	{ "log", log_default },
	{ "notify", notify_default },
	{ "trap", trap_default },
	{ "trapx", trapx_default })
/* clang-format on */
