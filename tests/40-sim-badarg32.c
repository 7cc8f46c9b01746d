/* SPDX-License-Identifier: LGPL-2.1-only */
/* SCMP_FLTATR_EXT_ACT_BADARG32: the high word of 32-bit arguments checked once per syscall, before its rules. */

#include "filter_spec.h"

/*
 * "attr badarg32 ACTION" sets SCMP_FLTATR_EXT_ACT_BADARG32 (ours): a call
 * whose argument, compared with SCMP_CMP_32BIT by some rule of its
 * syscall, has a high word other than 0, or 0xffffffff over a low word
 * with bit 31 set (a sign-extended int), takes ACTION, whatever the rules
 * say. One check per syscall and argument. 32-bit ABIs have no high word
 * to check; socketcall(2) and ipc(2) are never checked.
 */
/* clang-format off */
#define BADARG_RULES							\
	/* (uint32_t)AT_FDCWD: both glibcs' forms, nothing else */	\
	"rule ALLOW openat a0_32.lo32==-100",				\
	/* upstream's example */					\
	"rule ALLOW read a0.lo32!=0x10",				\
	/* two rules, one 32-bit: the check comes before both */	\
	"rule ALLOW write a0.lo32<3 a1==5",				\
	"rule ALLOW write a2==7",					\
	/* two arguments checked, a1 not: it is compared in full */	\
	"rule ALLOW lseek a0.lo32==3 a1==0x100000000 a2.lo32==1",	\
	/* no 32-bit test: no check */					\
	"rule ALLOW dup a0==0x100000003",				\
	"rule ALLOW getpid",						\
	/* multiplexed on s390x: socketcall is left alone */		\
	"rule ALLOW socket a1.lo32==1"
/* clang-format on */

/* API level 5 makes KILL_PROCESS and LOG valid whatever the kernel. */
static const char *const on_le[] = {
	"api 5",
	"init ERRNO(1)",
	"arch -native +x86_64 +aarch64 +x86 +arm +x32",
	"attr badarg32 KILL_PROCESS",
	BADARG_RULES,
	NULL
};

static const char *const on_be[] = { "api 5",
				     "init ERRNO(1)",
				     "arch -native +s390x +ppc64 +mips",
				     "attr badarg32 KILL_PROCESS",
				     BADARG_RULES,
				     NULL };

/* off, the default: libseccomp's proposal, the high word ignored */
static const char *const off[] = { "init ERRNO(1)",
				   "arch -native +x86_64 +aarch64",
				   BADARG_RULES, NULL };

/*
 * Set after the rules, changed, turned off and on again; a bad value is
 * refused and changes nothing.
 */
static const char *const later[] = { "init ERRNO(1)",
				     "arch -native +x86_64 +aarch64",
				     BADARG_RULES,
				     "attr badarg32 ERRNO(7)",
				     "attr badarg32 unset",
				     "attr badarg32 TRAP",
				     "!EINVAL attr badarg32 0x12345678",
				     "!EINVAL attr badarg32 0xfffffffe",
				     NULL };

/* the check's action may be NOTIFY, LOG or ALLOW like any other */
static const char *const allow[] = { "api 5",
				     "init ERRNO(1)",
				     "arch -native +x86_64",
				     "attr badarg32 LOG",
				     "rule ALLOW openat a0_32.lo32==-100",
				     NULL };

SPEC_SIM_MAIN({ "on-le", on_le }, { "on-be", on_be }, { "off", off },
	      { "later", later }, { "allow", allow })
