/* SPDX-License-Identifier: LGPL-2.1-only */
/* PFC of multiplexed socket and IPC rules on x86, and of pseudo syscalls on x86_64. */

#include "filter_spec.h"

/* clang-format off */
static const char *const spec[] = {
	"init ALLOW",
	"arch -native +x86_64 +x86",
	"rule ERRNO(1) socket a1==1",
	"rule ERRNO(2) connect a0==5 a2==16",
	"rule ERRNO(3) accept4",
	"rule ERRNO(4) shmget a2==0x1ff",
	"rule ERRNO(5) semop",
	"rule ERRNO(6) -110",
	"rule ERRNO(7) -10060",
	NULL
};
/* clang-format on */

int main(int argc, char *argv[])
{
	return spec_pfc_main(argc, argv, spec);
}
