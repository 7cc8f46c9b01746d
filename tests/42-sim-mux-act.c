/* SPDX-License-Identifier: LGPL-2.1-only */
/* SCMP_FLTATR_EXT_ACT_MUX: the action of socketcall/ipc for calls whose rules check arguments, on every ABI that multiplexes. */

#include "filter_spec.h"

/* clang-format off */
/*
 * API level 5 makes LOG valid whatever the kernel (and valgrind) says.
 * x86_64's names, as in 25-sim-mux; send (which x86_64 lacks) by its
 * pseudo number -109. The attribute is EPERM, ERRNO(1).
 */
#define DENY_RULES							\
	/* a tie in precedence: the attribute's errno */		\
	"rule ERRNO(97) socket a0==38",					\
	/* stricter than the attribute: the rule's action */		\
	"rule KILL socketpair a0==1",					\
	/* weaker: the attribute's */					\
	"rule LOG connect a2==16",					\
	/* no checks: as libseccomp */					\
	"rule ERRNO(5) semop",						\
	"rule ERRNO(4) shmget a2==0x1ff",				\
	/* upstream's ppc64 issue: send's flags are no socketcall arg */ \
	"rule TRAP -109 a3==0x40",					\
	"prio socket 200"

#define LITTLE "arch -native +x86 +mipsel +ppc64le +sh"
#define BIG "arch -native +m68k +mips +ppc +ppc64 +s390 +s390x +sheb"

static const char *const deny_le[] = {
	"api 5", "native x86_64", "init ALLOW", LITTLE, "attr mux ERRNO(1)",
	DENY_RULES, NULL
};

static const char *const deny_be[] = {
	"api 5", "native x86_64", "init ALLOW", BIG, "attr mux ERRNO(1)",
	DENY_RULES, NULL
};

/* set after the rules: read when the program is generated */
static const char *const late[] = {
	"api 5", "native x86_64", "init ALLOW", LITTLE, DENY_RULES,
	"attr mux ERRNO(1)", NULL
};

/* off again: libseccomp's companions, a3 test and all */
static const char *const unset[] = {
	"api 5", "native x86_64", "init ALLOW", BIG, "attr mux ERRNO(1)",
	DENY_RULES, "attr mux unset", NULL
};

/* an allow-list that names socketcall, as Docker's does */
#define ALLOW_RULES							\
	"rule ALLOW socket a0==2",					\
	"rule ALLOW socket a0==10",					\
	"rule ALLOW socketcall",					\
	"rule ALLOW sendto",						\
	"rule ALLOW shmget a2==0",					\
	"rule ALLOW semop"

static const char *const allow_le[] = {
	"api 5", "native x86_64", "init KILL", LITTLE, "attr mux ERRNO(13)",
	ALLOW_RULES, NULL
};

static const char *const allow_be[] = {
	"api 5", "native x86_64", "init KILL", BIG, "attr mux ERRNO(13)",
	ALLOW_RULES, NULL
};

/* several rules on one call, and rules on socketcall itself */
static const char *const mixed[] = {
	"api 5", "native x86_64", "init KILL", "arch -native +x86",
	"attr mux ERRNO(1)",
	/* unchecked first: the checked rule is covered, directly too */
	"rule ALLOW socket",
	"rule ERRNO(97) socket a1==5",
	/* the same path as socket's companion with another action */
	"!EEXIST rule ERRNO(97) socket a0==38",
	/* checked first: the unconditional one conflicts, as without */
	"rule ALLOW connect a1==5",
	"!EEXIST rule LOG connect",
	/* a rule on the multiplexer itself, stricter: it stands */
	"rule TRAP socketcall a0==5 a1==7",
	"rule ALLOW accept a2==0",
	"rule LOG socketcall a0==6",
	NULL
};

/* ties in precedence: the attribute's, then the smaller value */
static const char *const ties[] = {
	"api 5", "native x86_64", "init ALLOW", "arch -native +x86",
	"attr mux LOG",
	"rule ERRNO(13) socket a1==1", "rule ERRNO(5) socket a1==2",
	"rule ERRNO(7) bind a1==1", "rule ERRNO(20) bind a1==2",
	"rule ERRNO(9) semop a2==1",
	NULL
};

static const char *const ties_rev[] = {
	"api 5", "native x86_64", "init ALLOW", "arch -native +x86",
	"attr mux ERRNO(9)",
	"rule ERRNO(5) socket a1==2", "rule ERRNO(13) socket a1==1",
	"rule ERRNO(20) bind a1==2", "rule ERRNO(7) bind a1==1",
	"rule ERRNO(3) semop a2==1",
	NULL
};

SPEC_SIM_MAIN(
	{ "deny-le", deny_le },
	{ "deny-be", deny_be },
	{ "late", late },
	{ "unset", unset },
	{ "allow-le", allow_le },
	{ "allow-be", allow_be },
	{ "mixed", mixed },
	{ "ties", ties },
	{ "ties-rev", ties_rev })
/* clang-format on */
