/* SPDX-License-Identifier: LGPL-2.1-only */
/* The seed article's filter: default KILL, open allowed, write only to fd 1. */

#include <unistd.h>

#include <seccomp.h>

int main(void)
{
	scmp_filter_ctx ctx;
	int rc;

	ctx = seccomp_init(SCMP_ACT_KILL);
	if (ctx == NULL)
		return 1;
	rc = seccomp_arch_remove(ctx, SCMP_ARCH_NATIVE);
	if (rc == 0)
		rc = seccomp_arch_add(ctx, SCMP_ARCH_X86_64);
	if (rc == 0)
		rc = seccomp_rule_add(ctx, SCMP_ACT_ALLOW,
				      seccomp_syscall_resolve_name("open"), 0);
	if (rc == 0)
		rc = seccomp_rule_add(ctx, SCMP_ACT_ALLOW,
				      seccomp_syscall_resolve_name("write"), 1,
				      SCMP_A0(SCMP_CMP_EQ, STDOUT_FILENO));
	if (rc == 0)
		rc = seccomp_export_bpf(ctx, STDOUT_FILENO);
	seccomp_release(ctx);
	return rc == 0 ? 0 : 1;
}
