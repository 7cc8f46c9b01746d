/* SPDX-License-Identifier: LGPL-2.1-only */
/* seccomp-ext.h: the feature bits, the reserved values, notify_set_flags' errors. */

/*
 * The extensions' namespace: seccomp_ext_features() reports exactly the
 * extensions there are, and each bit tells the truth (a rule with several
 * comparisons of one argument is accepted); the undefined attributes of
 * the reserved range, SCMP_EXT_ACT_UNSET where an action is wanted and the
 * op bits 24-29 on equality operators are refused, the filter unchanged; seccomp_ext_notify_set_flags() fails as documented
 * without a listener (tests/39-live-ext-notify has one).
 */

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include <seccomp-ext.h>

#include "filter_snap.h"
#include "test_util.h"

/* The bits, the values: these are ABI once released. */
static void check_constants(void)
{
	EXPECT(SCMP_EXT_VERSION, 9);
	EXPECT(SCMP_EXT_F_CMP_AND, 1);
	EXPECT(SCMP_EXT_F_NOTIFY_SET_FLAGS, 2);
	EXPECT(SCMP_FLTATR_EXT_BASE, 0x53430000);
	EXPECT(SCMP_EXT_ACT_UNSET, 0xffffffffU);
	EXPECT(SCMP_CMP_EXT_MASK, 0x3f000000U);
	EXPECT(SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP, 1);
	EXPECT(SCMP_EXT_F_NOTIFY_ADDFD_SEND, 1 << 9);
	/* nothing of libseccomp's: its operators, its 32-bit flag (bit 16) */
	EXPECT(SCMP_CMP_EXT_MASK & 0x0001ffffU, 0);
	EXPECT(SCMP_FLTATR_EXT_BASE > _SCMP_FLTATR_MAX, 1);
	EXPECT(SCMP_EXT_F_ACT_BADARG32, 4);
	EXPECT(SCMP_EXT_F_CMP_SIGNED, 8);
	EXPECT(SCMP_FLTATR_EXT_ACT_BADARG32, 0x53430000);
	EXPECT(SCMP_CMP_EXT_SIGNED, 0x1000000U);
	EXPECT(SCMP_CMP_EXT_SIGNED & ~SCMP_CMP_EXT_MASK, 0);
	EXPECT(SCMP_EXT_F_SYSCALL_ADD, 1U << 5);
	EXPECT(SCMP_EXT_F_SYSCALL_TABLE_LOAD, 1U << 6);
	EXPECT(SCMP_EXT_F_RULE_ADD_RAW, 1U << 7);
	EXPECT(SCMP_EXT_F_RESOLVE_NAME_DIRECT, 1U << 8);
	EXPECT(seccomp_ext_features(),
	       SCMP_EXT_F_CMP_AND | SCMP_EXT_F_NOTIFY_SET_FLAGS |
		       SCMP_EXT_F_ACT_BADARG32 | SCMP_EXT_F_CMP_SIGNED |
		       SCMP_EXT_F_ACT_MUX | SCMP_EXT_F_SYSCALL_ADD |
		       SCMP_EXT_F_SYSCALL_TABLE_LOAD | SCMP_EXT_F_RULE_ADD_RAW |
		       SCMP_EXT_F_RESOLVE_NAME_DIRECT |
		       SCMP_EXT_F_NOTIFY_ADDFD_SEND);
	EXPECT(SCMP_EXT_F_ACT_MUX, 16);
	EXPECT(SCMP_FLTATR_EXT_ACT_MUX, 0x53430001);
}

/* SCMP_EXT_F_CMP_AND: two comparisons of a0 in one rule, an AND. */
static void check_cmp_and(scmp_filter_ctx ctx)
{
	EXPECT(seccomp_rule_add(ctx, SCMP_ACT_ERRNO(1), SCMP_SYS(socket), 2,
				SCMP_A0(SCMP_CMP_GE, 3),
				SCMP_A0(SCMP_CMP_LE, 9)),
	       0);
}

/*
 * Attributes from SCMP_FLTATR_EXT_BASE that are not defined (+0 is
 * SCMP_FLTATR_EXT_ACT_BADARG32, tests/40-basic-badarg32; +1
 * SCMP_FLTATR_EXT_ACT_MUX): refused.
 */
static void check_attrs(scmp_filter_ctx ctx)
{
	static const uint32_t offsets[] = { 2, 0xffff };
	enum scmp_filter_attr attr;
	uint32_t value = 7;
	unsigned int i;

	for (i = 0; i < sizeof(offsets) / sizeof(offsets[0]); i++) {
		attr = (enum scmp_filter_attr)(SCMP_FLTATR_EXT_BASE +
					       offsets[i]);
		EXPECT(seccomp_attr_get(ctx, attr, &value), -EINVAL);
		EXPECT_KEEPS(ctx, seccomp_attr_set(ctx, attr, 1), -EINVAL);
		EXPECT_KEEPS(ctx,
			     seccomp_attr_set(ctx, attr, SCMP_EXT_ACT_UNSET),
			     -EINVAL);
	}
	EXPECT(value, 7);
}

/*
 * SCMP_FLTATR_EXT_ACT_MUX: off by default; an action or SCMP_EXT_ACT_UNSET,
 * -EINVAL for anything else with the filter unchanged.
 */
static void check_act_mux(scmp_filter_ctx ctx)
{
	const enum scmp_filter_attr attr =
		(enum scmp_filter_attr)SCMP_FLTATR_EXT_ACT_MUX;
	uint32_t value = 7;

	EXPECT(seccomp_attr_get(ctx, attr, &value), 0);
	EXPECT(value, SCMP_EXT_ACT_UNSET);
	EXPECT(seccomp_attr_get(ctx, attr, NULL), -EINVAL);
	EXPECT(seccomp_attr_get(NULL, attr, &value), -EINVAL);
	EXPECT(seccomp_attr_set(NULL, attr, SCMP_ACT_KILL), -EINVAL);
	EXPECT(seccomp_attr_set(ctx, attr, SCMP_ACT_ERRNO(1)), 0);
	EXPECT_KEEPS(ctx, seccomp_attr_set(ctx, attr, 0x12345678), -EINVAL);
	/* no action of the kernel's */
	EXPECT_KEEPS(ctx, seccomp_attr_set(ctx, attr, 0x00060000U), -EINVAL);
	EXPECT(seccomp_attr_get(ctx, attr, &value), 0);
	EXPECT(value, SCMP_ACT_ERRNO(1));
	EXPECT(seccomp_attr_set(ctx, attr, SCMP_ACT_KILL), 0);
	EXPECT(seccomp_attr_set(ctx, attr, SCMP_EXT_ACT_UNSET), 0);
	EXPECT(seccomp_attr_get(ctx, attr, &value), 0);
	EXPECT(value, SCMP_EXT_ACT_UNSET);
}

/* SCMP_EXT_ACT_UNSET is no action: refused wherever one is taken. */
static void check_act_unset(scmp_filter_ctx ctx)
{
	EXPECT(seccomp_init(SCMP_EXT_ACT_UNSET) == NULL, 1);
	EXPECT_KEEPS(
		ctx,
		seccomp_rule_add(ctx, SCMP_EXT_ACT_UNSET, SCMP_SYS(read), 0),
		-EINVAL);
	EXPECT_KEEPS(ctx,
		     seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH,
				      SCMP_EXT_ACT_UNSET),
		     -EINVAL);
	EXPECT_KEEPS(ctx,
		     seccomp_attr_set(ctx, SCMP_FLTATR_ACT_ENOSYS,
				      SCMP_EXT_ACT_UNSET),
		     -EINVAL);
	EXPECT_KEEPS(ctx, seccomp_reset(ctx, SCMP_EXT_ACT_UNSET), -EINVAL);
}

/*
 * Each op bit of SCMP_CMP_EXT_MASK on the equality operators: -EINVAL
 * (SCMP_CMP_EXT_SIGNED takes only <, <=, >, >=: tests/40-sim-cmp-signed).
 */
static void check_op_bits(scmp_filter_ctx ctx)
{
	struct scmp_arg_cmp cmp;
	unsigned int bit, n = 0;

	for (bit = 0; bit < 32; bit++) {
		if (!(SCMP_CMP_EXT_MASK & (1U << bit)))
			continue;
		n++;
		cmp = SCMP_A1(SCMP_CMP_EQ, 5);
		cmp.op = (enum scmp_compare)(SCMP_CMP_EQ | (1U << bit));
		EXPECT_KEEPS(ctx,
			     seccomp_rule_add_array(ctx, SCMP_ACT_ERRNO(2),
						    SCMP_SYS(write), 1, &cmp),
			     -EINVAL);
		cmp.op = (enum scmp_compare)(SCMP_CMP_MASKED_EQ | (1U << bit));
		EXPECT_KEEPS(
			ctx,
			seccomp_rule_add_exact_array(ctx, SCMP_ACT_ERRNO(2),
						     SCMP_SYS(write), 1, &cmp),
			-EINVAL);
	}
	EXPECT(n, 6);
}

/*
 * notify_set_flags without a listener: unknown flags first, then the fd,
 * then the kernel (a forced API level without notifications).
 */
static void check_set_flags_errors(void)
{
	unsigned int level = seccomp_api_get();
	int null_fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
	int closed_fd = dup(null_fd);

	close(closed_fd);
	EXPECT(null_fd >= 0, 1);
	EXPECT(seccomp_ext_notify_set_flags(null_fd, 2), -EINVAL);
	EXPECT(seccomp_ext_notify_set_flags(null_fd, UINT64_C(1) << 32),
	       -EINVAL);
	EXPECT(seccomp_ext_notify_set_flags(-1, ~UINT64_C(0)), -EINVAL);
	EXPECT(seccomp_ext_notify_set_flags(-1, 0), -EBADF);
	EXPECT(seccomp_ext_notify_set_flags(-1, 1), -EBADF);
	if (level >= 5) {
		EXPECT(seccomp_ext_notify_set_flags(closed_fd, 1), -EBADF);
		/* open, but no notification fd: the kernel says ENOTTY */
		EXPECT(seccomp_ext_notify_set_flags(null_fd, 1), -EBADF);
		EXPECT(seccomp_ext_notify_set_flags(STDOUT_FILENO, 0), -EBADF);
	}
	EXPECT(seccomp_api_set(4), 0);
	EXPECT(seccomp_ext_notify_set_flags(null_fd, 1), -EOPNOTSUPP);
	EXPECT(seccomp_ext_notify_set_flags(null_fd, 2), -EINVAL);
	EXPECT(seccomp_ext_notify_set_flags(-1, 1), -EBADF);
	EXPECT(seccomp_api_set(level), 0);
	close(null_fd);
}

int main(void)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);

	if (ctx == NULL)
		return 1;
	check_constants();
	check_cmp_and(ctx);
	check_attrs(ctx);
	check_act_mux(ctx);
	check_act_unset(ctx);
	check_op_bits(ctx);
	check_set_flags_errors();
	seccomp_release(ctx);
	return test_result();
}
