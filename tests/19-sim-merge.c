/* SPDX-License-Identifier: LGPL-2.1-only */
/* seccomp_merge: the ABIs of two filters, with their own rules, in one program. */

#include <stdio.h>
#include <string.h>

#include "filter_spec.h"

/* clang-format off */
/* The merged filter keeps the destination's bad-arch action. */
static const char *const dst_spec[] = {
	"init ERRNO(1)",
	"arch -native +x86_64",
	"attr badarch TRAP",
	"rule ALLOW read",
	"rule ALLOW write a0==1",
	NULL
};

/* x32 joins x86_64: the x32 bit check goes away. */
static const char *const src_spec[] = {
	"init ERRNO(1)",
	"arch -native +x86 +x32",
	"attr badarch ERRNO(9)",
	"rule ALLOW close",
	"rule ALLOW write a0==2",
	NULL
};

static const char *const arm_spec[] = {
	"init ERRNO(1)",
	"arch -native +arm +aarch64",
	"rule KILL getpid",
	NULL
};
/* clang-format on */

/* Merges the filters in argv[1] order ("abc": dst, src, arm). */
int main(int argc, char *argv[])
{
	const char *const *specs[] = { dst_spec, src_spec, arm_spec };
	const char *order = argc > 1 ? argv[1] : "012";
	scmp_filter_ctx ctx = NULL, add;
	int status = 0, rc;

	for (; *order != '\0' && status == 0; order++) {
		add = spec_build(specs[*order - '0'], &status);
		if (add == NULL)
			break;
		if (ctx == NULL) {
			ctx = add;
			continue;
		}
		rc = seccomp_merge(ctx, add);
		if (rc != 0) {
			fprintf(stderr, "seccomp_merge: %d\n", rc);
			seccomp_release(add);
			status = 1;
		}
	}
	if (status == 0)
		status = spec_print_bpf(ctx);
	seccomp_release(ctx);
	return status;
}
