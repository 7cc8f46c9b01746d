/* SPDX-License-Identifier: LGPL-2.1-only */
/* PFC of priorities: user priorities, the rule-complexity part, a multiplexed call's priority and a priority without a rule. */

#include "filter_spec.h"

/* clang-format off */
static const char *const spec[] = {
	"init ALLOW",
	"arch -native +x86_64 +x86",
	"prio read 10",
	"prio write 200",
	"prio close 200",
	"prio close 100",
	"prio getpid 255",
	"prio socket 30",
	"rule KILL read",
	"rule KILL write a0==1",
	"rule KILL write a0==2 a1>=3",
	"rule ERRNO(1) close a0<5",
	"rule TRAP socket a1==2",
	"rule KILL open",
	"rule KILL stat",
	"rule ERRNO(2) lseek a2!=0",
	NULL
};
/* clang-format on */

int main(int argc, char *argv[])
{
	return spec_pfc_main(argc, argv, spec);
}
