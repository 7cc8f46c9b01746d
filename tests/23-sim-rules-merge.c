/* SPDX-License-Identifier: LGPL-2.1-only */
/* Rules for one syscall merging: unconditional ones win, longer ones are absorbed or pruned, conflicts fail with -EEXIST. */

#include "filter_spec.h"

/* clang-format off */
#define MERGE_RULES							\
	/* a later unconditional rule replaces the argument rules */	\
	"rule ERRNO(1) read a0==1",					\
	"rule ERRNO(2) read a1>5",					\
	"rule KILL read",						\
	/* an unconditional rule stays: later rules are dropped */	\
	"rule KILL write",						\
	"rule ERRNO(2) write",						\
	"rule ERRNO(2) write a0==1",					\
	/* the same comparisons: same action fine, another one not */	\
	"rule ERRNO(4) close a0==1",					\
	"rule ERRNO(4) close a0==1",					\
	"!EEXIST rule ERRNO(5) close a0==1",				\
	"!EEXIST rule KILL close a0==1",				\
	"rule ERRNO(5) close a0!=1",					\
	/* a longer rule behind a shorter one is absorbed */		\
	"rule ERRNO(6) dup a0==1",					\
	"rule ERRNO(7) dup a0==1 a1==2",				\
	"rule ERRNO(6) dup a0==1 a1==3",				\
	/* a shorter rule with the same action prunes longer ones */	\
	"rule ERRNO(8) lseek a0==1 a1==2",				\
	"rule ERRNO(8) lseek a0==1 a1==3 a2==4",			\
	"rule ERRNO(8) lseek a0==1",					\
	/* ... but cannot replace other actions */			\
	"rule ERRNO(9) fchdir a0==1 a1==2",				\
	"!EEXIST rule ERRNO(10) fchdir a0==1",				\
	"rule ERRNO(10) fchdir a0==2",					\
	/* both branches of one test */					\
	"rule ERRNO(11) fchmod a0==1",					\
	"rule ERRNO(11) fchmod a0!=1",					\
	/* a priority alone makes no rule; a rule later does */		\
	"prio fsync 10",						\
	"prio fdatasync 10",						\
	"rule ERRNO(12) fdatasync a0==3"

/* 0x100000004 is 4 on a 32-bit ABI: the rule fails on x86 and so on all */
static const char *const filter[] = {
	"init ALLOW",
	"arch -native +x86_64 +x86",
	MERGE_RULES,
	"rule ERRNO(20) umask a0==4",
	"!EEXIST rule ERRNO(21) umask a0==0x100000004",
	"rule ERRNO(22) umask a0==0x100000005",
	NULL
};

SPEC_SIM_MAIN({ "main", filter })
/* clang-format on */
