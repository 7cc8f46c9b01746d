/* SPDX-License-Identifier: LGPL-2.1-only */
/* Names added at run time in a multi-ABI filter, and raw rules on one ABI's number. */

/*
 * systab_new is added on x86_64, x32 and aarch64, systab_args on x86_64
 * and x86: a rule on each lands on those ABIs' numbers and nowhere else,
 * as a built-in name that some ABIs lack. Raw rules: 500 on x86_64 and
 * 500 with the x32 bit on x32 (flatpak's "block a syscall known only by
 * its number"), each on its ABI alone; x86's direct socket (359) with an
 * argument check, and socketcall(2) left alone.
 */

#include <unistd.h>

#include <seccomp-ext.h>

#define X32_BIT 0x40000000

/* The adds and the filter; returns the first failure or 0. */
static int build(scmp_filter_ctx ctx)
{
	static const uint32_t arches[] = { SCMP_ARCH_X86_64, SCMP_ARCH_X32,
					   SCMP_ARCH_X86, SCMP_ARCH_AARCH64 };
	unsigned int i;
	int rc = 0;

	rc |= seccomp_ext_syscall_add(SCMP_ARCH_X86_64, "systab_new", 490);
	rc |= seccomp_ext_syscall_add(SCMP_ARCH_X32, "systab_new",
				      X32_BIT | 490);
	rc |= seccomp_ext_syscall_add(SCMP_ARCH_AARCH64, "systab_new", 490);
	rc |= seccomp_ext_syscall_add(SCMP_ARCH_X86_64, "systab_args", 491);
	rc |= seccomp_ext_syscall_add(SCMP_ARCH_X86, "systab_args", 491);
	rc |= seccomp_arch_remove(ctx, SCMP_ARCH_NATIVE);
	for (i = 0; i < sizeof(arches) / sizeof(arches[0]); i++)
		rc |= seccomp_arch_add(ctx, arches[i]);
	rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(1),
			       seccomp_syscall_resolve_name("systab_new"), 0);
	rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(2),
			       seccomp_syscall_resolve_name("systab_args"), 1,
			       SCMP_A0(SCMP_CMP_EQ, 5));
	rc |= seccomp_ext_rule_add_raw(ctx, SCMP_ACT_ERRNO(3), SCMP_ARCH_X86_64,
				       500, 0, NULL);
	rc |= seccomp_ext_rule_add_raw(ctx, SCMP_ACT_ERRNO(4), SCMP_ARCH_X32,
				       X32_BIT | 500, 0, NULL);
	rc |= seccomp_ext_rule_add_raw(ctx, SCMP_ACT_ERRNO(5), SCMP_ARCH_X86,
				       359, 1, &SCMP_A0(SCMP_CMP_EQ, 2));
	return rc;
}

int main(void)
{
	scmp_filter_ctx ctx;
	int rc;

	/* the rules take native numbers: x86_64's here */
	if (seccomp_arch_native() != SCMP_ARCH_X86_64)
		return 77;
	ctx = seccomp_init(SCMP_ACT_ALLOW);
	if (ctx == NULL)
		return 1;
	rc = build(ctx);
	if (rc == 0)
		rc = seccomp_export_bpf(ctx, STDOUT_FILENO);
	seccomp_release(ctx);
	return rc == 0 ? 0 : 1;
}
