/* SPDX-License-Identifier: LGPL-2.1-only */
/* Multiplexed socket and IPC calls: a rule for a call also matches socketcall/ipc with the call number as argument 0. */

#include "filter_spec.h"

/* clang-format off */
/*
 * Syscalls are given as the native (x86_64) ABI knows them: by name,
 * accept4 by its x86_64 number, recv (which x86_64 lacks) by its pseudo
 * number. (A pseudo number of a call x86_64 has, like accept's -105, is
 * no x86_64 syscall: -EFAULT in filters with other ABIs.)
 */
#define MUX_RULES							\
	"rule ERRNO(1) socket a1==1",					\
	/* the user's arg 0 is replaced by the call number */		\
	"rule ERRNO(2) connect a0==5 a2==16",				\
	"rule ERRNO(3) accept",						\
	"rule ERRNO(4) shmget a2==0x1ff",				\
	"rule ERRNO(5) semop",						\
	"rule ERRNO(6) 288",						\
	"rule ERRNO(7) -110"

static const char *const little[] = {
	"native x86_64",
	"init ALLOW",
	"arch -native +x86 +mipsel +ppc64le +x86_64",
	MUX_RULES,
	NULL
};

static const char *const big[] = {
	"native x86_64",
	"init ALLOW",
	"arch -native +mips +ppc +s390 +s390x",
	MUX_RULES,
	NULL
};

/* Exact adds on one ABI: no argument comparisons on multiplexed calls. */
static const char *const exact[] = {
	"init ALLOW",
	"arch -native +x86",
	"exact ERRNO(1) socket",
	"!EINVAL exact ERRNO(2) connect a2==16",
	"!EINVAL exact ERRNO(2) connect a0==3",
	"exact ERRNO(3) semop",
	/* socketcall itself is an ordinary syscall */
	"rule ERRNO(8) socketcall a1==7",
	NULL
};

SPEC_SIM_MAIN(
	{ "le", little },
	{ "be", big },
	{ "exact", exact })
/* clang-format on */
