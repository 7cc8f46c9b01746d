/* SPDX-License-Identifier: LGPL-2.1-only */
/* Every ABI of the header: a plain rule, 32- and 64-bit datums, multiplexed calls; alone, and mixed with the others of its byte order. */

#include "filter_spec.h"

/* clang-format off */
/*
 * socket and shmget become socketcall(SYS_SOCKET) and ipc(SHMGET) where
 * the ABI multiplexes them (x86, m68k, mips o32, ppc, s390, sh), beside
 * the direct calls where it has them.
 */
#define ALL_RULES							\
	"rule ERRNO(1) read",						\
	"rule ERRNO(2) write a0==7",					\
	"rule ERRNO(3) close a0==0x100000007",				\
	"rule ERRNO(4) socket a1==1",					\
	"rule ERRNO(5) shmget"

/* Every little-endian ABI together with x86_64. */
static const char *const little[] = {
	"init ALLOW",
	"arch -native +x86_64 +x86 +x32 +arm +aarch64 +loongarch64 +mipsel +mipsel64 +mipsel64n32 +ppc64le +riscv64 +sh",
	ALL_RULES,
	NULL
};

/* Every big-endian ABI; x86_64 and x86 do not fit. */
static const char *const big[] = {
	"init ALLOW",
	"arch -native +m68k +mips +mips64 +mips64n32 +parisc +parisc64 +ppc +ppc64 +s390 +s390x +sheb",
	"!EDOM arch +x86_64",
	"!EDOM arch +x86",
	ALL_RULES,
	NULL
};

/*
 * Each ABI alone, as plain arrays (the Python twin reads the statements
 * from this file).
 */
static const char *const only_x86[] = {
	"init ALLOW", "arch -native +x86", ALL_RULES, NULL
};

static const char *const only_arm[] = {
	"init ALLOW", "arch -native +arm", ALL_RULES, NULL
};

static const char *const only_aarch64[] = {
	"init ALLOW", "arch -native +aarch64", ALL_RULES, NULL
};

static const char *const only_loongarch64[] = {
	"init ALLOW", "arch -native +loongarch64", ALL_RULES, NULL
};

static const char *const only_mipsel[] = {
	"init ALLOW", "arch -native +mipsel", ALL_RULES, NULL
};

static const char *const only_mipsel64[] = {
	"init ALLOW", "arch -native +mipsel64", ALL_RULES, NULL
};

static const char *const only_mipsel64n32[] = {
	"init ALLOW", "arch -native +mipsel64n32", ALL_RULES, NULL
};

static const char *const only_ppc64le[] = {
	"init ALLOW", "arch -native +ppc64le", ALL_RULES, NULL
};

static const char *const only_riscv64[] = {
	"init ALLOW", "arch -native +riscv64", ALL_RULES, NULL
};

static const char *const only_sh[] = {
	"init ALLOW", "arch -native +sh", ALL_RULES, NULL
};

static const char *const only_m68k[] = {
	"init ALLOW", "arch -native +m68k", ALL_RULES, NULL
};

static const char *const only_mips[] = {
	"init ALLOW", "arch -native +mips", ALL_RULES, NULL
};

static const char *const only_mips64[] = {
	"init ALLOW", "arch -native +mips64", ALL_RULES, NULL
};

static const char *const only_mips64n32[] = {
	"init ALLOW", "arch -native +mips64n32", ALL_RULES, NULL
};

static const char *const only_parisc[] = {
	"init ALLOW", "arch -native +parisc", ALL_RULES, NULL
};

static const char *const only_parisc64[] = {
	"init ALLOW", "arch -native +parisc64", ALL_RULES, NULL
};

static const char *const only_ppc[] = {
	"init ALLOW", "arch -native +ppc", ALL_RULES, NULL
};

static const char *const only_ppc64[] = {
	"init ALLOW", "arch -native +ppc64", ALL_RULES, NULL
};

static const char *const only_s390[] = {
	"init ALLOW", "arch -native +s390", ALL_RULES, NULL
};

static const char *const only_s390x[] = {
	"init ALLOW", "arch -native +s390x", ALL_RULES, NULL
};

static const char *const only_sheb[] = {
	"init ALLOW", "arch -native +sheb", ALL_RULES, NULL
};

static const char *const only_x32[] = {
	"init ALLOW", "arch -native +x32", ALL_RULES, NULL
};


SPEC_SIM_MAIN(
	{ "le", little },
	{ "be", big },
	{ "x86", only_x86 },
	{ "arm", only_arm },
	{ "aarch64", only_aarch64 },
	{ "loongarch64", only_loongarch64 },
	{ "mipsel", only_mipsel },
	{ "mipsel64", only_mipsel64 },
	{ "mipsel64n32", only_mipsel64n32 },
	{ "ppc64le", only_ppc64le },
	{ "riscv64", only_riscv64 },
	{ "sh", only_sh },
	{ "m68k", only_m68k },
	{ "mips", only_mips },
	{ "mips64", only_mips64 },
	{ "mips64n32", only_mips64n32 },
	{ "parisc", only_parisc },
	{ "parisc64", only_parisc64 },
	{ "ppc", only_ppc },
	{ "ppc64", only_ppc64 },
	{ "s390", only_s390 },
	{ "s390x", only_s390x },
	{ "sheb", only_sheb },
	{ "x32", only_x32 })
/* clang-format on */
