/* SPDX-License-Identifier: LGPL-2.1-only */
/* Transactions: nested start/commit/reject bring back rules and ABIs exactly; attributes are not part of them. */

#include <errno.h>

#include "filter_snap.h"
#include "filter_spec.h"
#include "test_util.h"

static void check_nested(void)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
	struct filter_snap s0, s1, s2, s3;

	EXPECT(SPEC(ctx, "rule KILL read"), 0);
	filter_snap_take(ctx, &s0);

	EXPECT(seccomp_transaction_start(ctx), 0);
	EXPECT(SPEC(ctx, "rule ERRNO(1) write a0==1", "arch +x86"), 0);
	filter_snap_take(ctx, &s1);

	EXPECT(seccomp_transaction_start(ctx), 0);
	EXPECT(SPEC(ctx, "rule ERRNO(2) close", "arch -native +x32",
		    "prio write 9", "rule ERRNO(1) write a0==2"),
	       0);
	filter_snap_take(ctx, &s2);

	EXPECT(seccomp_transaction_start(ctx), 0);
	EXPECT(SPEC(ctx, "arch -x86 -x32 +aarch64", "rule TRAP read"), 0);
	filter_snap_take(ctx, &s3);
	/* a failing call inside a transaction changes nothing either */
	EXPECT_KEEPS(ctx, seccomp_rule_add(ctx, SCMP_ACT_TRAP, 1000, 0),
		     -EFAULT);
	EXPECT(filter_snap_same(ctx, &s3), 1);

	seccomp_transaction_reject(ctx);
	EXPECT(filter_snap_same(ctx, &s2), 1);
	seccomp_transaction_reject(ctx);
	EXPECT(filter_snap_same(ctx, &s1), 1);

	/* a committed inner transaction belongs to the outer one */
	EXPECT(seccomp_transaction_start(ctx), 0);
	EXPECT(SPEC(ctx, "rule KILL open", "arch +x32"), 0);
	EXPECT(seccomp_transaction_commit(ctx), 0);
	EXPECT(filter_snap_same(ctx, &s1), 0);
	seccomp_transaction_reject(ctx);
	EXPECT(filter_snap_same(ctx, &s0), 1);

	/* without a transaction: reject does nothing, commit returns 0 */
	seccomp_transaction_reject(ctx);
	EXPECT(filter_snap_same(ctx, &s0), 1);
	EXPECT(seccomp_transaction_commit(ctx), 0);
	EXPECT(filter_snap_same(ctx, &s0), 1);

	/* committed changes stay */
	EXPECT(seccomp_transaction_start(ctx), 0);
	EXPECT(SPEC(ctx, "rule ERRNO(1) write a0==1", "arch +x86"), 0);
	EXPECT(seccomp_transaction_commit(ctx), 0);
	seccomp_transaction_reject(ctx);
	EXPECT(filter_snap_same(ctx, &s1), 1);

	filter_snap_free(&s0);
	filter_snap_free(&s1);
	filter_snap_free(&s2);
	filter_snap_free(&s3);
	seccomp_release(ctx);
}

/* A merge and the removal of every ABI are undone like other changes. */
static void check_merge(void)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
	scmp_filter_ctx src = seccomp_init(SCMP_ACT_ALLOW);
	struct filter_snap s0;

	EXPECT(SPEC(ctx, "rule KILL read"), 0);
	EXPECT(SPEC(src, "arch -native +x86", "rule KILL write"), 0);
	filter_snap_take(ctx, &s0);
	EXPECT(seccomp_transaction_start(ctx), 0);
	EXPECT(seccomp_merge(ctx, src), 0);
	EXPECT(seccomp_arch_exist(ctx, SCMP_ARCH_X86), 0);
	seccomp_transaction_reject(ctx);
	EXPECT(filter_snap_same(ctx, &s0), 1);

	EXPECT(seccomp_transaction_start(ctx), 0);
	EXPECT(seccomp_arch_remove(ctx, SCMP_ARCH_NATIVE), 0);
	/* without ABIs the filter is invalid, but reject still works */
	EXPECT(seccomp_transaction_start(ctx), -EINVAL);
	EXPECT(seccomp_transaction_commit(ctx), -EINVAL);
	seccomp_transaction_reject(ctx);
	EXPECT(filter_snap_same(ctx, &s0), 1);
	filter_snap_free(&s0);
	seccomp_release(ctx);
}

/* Attributes are outside transactions: reject keeps them. */
static void check_attrs(void)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
	struct filter_snap s0;
	uint32_t v;

	EXPECT(seccomp_transaction_start(ctx), 0);
	EXPECT(SPEC(ctx, "attr badarch TRAP", "rule KILL read"), 0);
	seccomp_transaction_reject(ctx);
	EXPECT(seccomp_attr_get(ctx, SCMP_FLTATR_ACT_BADARCH, &v), 0);
	EXPECT(v, SCMP_ACT_TRAP);
	/* a reset ends all transactions: reject has nothing to go back to */
	EXPECT(seccomp_transaction_start(ctx), 0);
	EXPECT(seccomp_reset(ctx, SCMP_ACT_ALLOW), 0);
	EXPECT(SPEC(ctx, "rule KILL write"), 0);
	filter_snap_take(ctx, &s0);
	seccomp_transaction_reject(ctx);
	EXPECT(filter_snap_same(ctx, &s0), 1);
	filter_snap_free(&s0);
	seccomp_release(ctx);
}

int main(void)
{
	EXPECT(seccomp_transaction_start(NULL), -EINVAL);
	EXPECT(seccomp_transaction_commit(NULL), -EINVAL);
	seccomp_transaction_reject(NULL);
	check_nested();
	check_merge();
	check_attrs();
	return test_result();
}
