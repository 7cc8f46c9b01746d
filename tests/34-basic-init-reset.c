/* SPDX-License-Identifier: LGPL-2.1-only */
/* seccomp_init, seccomp_reset, seccomp_release, the API level and the calls that only check their filter. */

#include <errno.h>

#include "filter_snap.h"
#include "filter_spec.h"
#include "test_util.h"

static void check_init(void)
{
	static const uint32_t bad[] = {
		0x12345678,
		SCMP_ACT_ERRNO(4095),
		0x00010000,
		0xffffffff,
	};
	unsigned int i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		EXPECT(seccomp_init(bad[i]) == NULL, 1);
	/* actions the API level lacks */
	EXPECT(seccomp_api_set(2), 0);
	EXPECT(seccomp_init(SCMP_ACT_LOG) == NULL, 1);
	EXPECT(seccomp_init(SCMP_ACT_KILL_PROCESS) == NULL, 1);
	EXPECT(seccomp_api_set(4), 0);
	EXPECT(seccomp_init(SCMP_ACT_NOTIFY) == NULL, 1);
	EXPECT(seccomp_api_set(6), 0);
	seccomp_release(NULL);
	/* TRAP's data (SCMP_ACT_TRAPX) at every level, as TRAP itself */
	for (i = 1; i <= 7; i++) {
		scmp_filter_ctx ctx;

		EXPECT(seccomp_api_set(i), 0);
		ctx = seccomp_init(SCMP_ACT_TRAPX(0x1234));
		EXPECT(ctx != NULL, 1);
		EXPECT(seccomp_reset(ctx, SCMP_ACT_TRAPX(0xffff)), 0);
		EXPECT(seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH,
					SCMP_ACT_TRAPX(7)),
		       0);
		seccomp_release(ctx);
	}
	EXPECT(seccomp_api_set(6), 0);
}

static void check_api(void)
{
	EXPECT(seccomp_api_set(0), -EINVAL);
	EXPECT(seccomp_api_set(8), -EINVAL);
	EXPECT(seccomp_api_set(3), 0);
	EXPECT(seccomp_api_get(), 3);
	EXPECT(seccomp_api_set(6), 0);
	EXPECT(seccomp_api_get(), 6);
}

static void check_reset(void)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
	scmp_filter_ctx fresh = seccomp_init(SCMP_ACT_TRAP);
	struct filter_snap want;

	EXPECT(SPEC(ctx, "arch +x86 +x32", "attr badarch ERRNO(1)",
		    "attr optimize 2", "attr nnp 0", "attr tskip 1",
		    "rule KILL read", "prio write 3", "rule KILL -1"),
	       0);
	/* a bad action changes nothing */
	EXPECT_KEEPS(ctx, seccomp_reset(ctx, 0x12345678), -EINVAL);
	EXPECT(seccomp_api_set(2), 0);
	EXPECT_KEEPS(ctx, seccomp_reset(ctx, SCMP_ACT_LOG), -EINVAL);
	EXPECT(seccomp_api_set(6), 0);
	/* afterwards the filter is a new one: native ABI, defaults */
	EXPECT(seccomp_reset(ctx, SCMP_ACT_TRAP), 0);
	filter_snap_take(fresh, &want);
	EXPECT(filter_snap_same(ctx, &want), 1);
	EXPECT(seccomp_arch_exist(ctx, SCMP_ARCH_X86), -EEXIST);

	/* a filter without ABIs can be reset, and gets the native one */
	EXPECT(seccomp_arch_remove(ctx, SCMP_ARCH_NATIVE), 0);
	EXPECT(seccomp_rule_add(ctx, SCMP_ACT_KILL, 0, 0), -EINVAL);
	EXPECT(seccomp_reset(ctx, SCMP_ACT_TRAP), 0);
	EXPECT(filter_snap_same(ctx, &want), 1);
	/* the byte order is free again after a reset */
	EXPECT(SPEC(ctx, "arch -native +ppc64"), 0);
	EXPECT(seccomp_reset(ctx, SCMP_ACT_TRAP), 0);
	EXPECT(seccomp_arch_add(ctx, SCMP_ARCH_X86), 0);
	filter_snap_free(&want);

	/* NULL resets the library's global state only */
	EXPECT(seccomp_reset(NULL, 0), 0);
	EXPECT(seccomp_reset(NULL, 0x12345678), 0);
	seccomp_release(ctx);
	seccomp_release(fresh);
}

/* Calls whose only error is an invalid filter. */
static void check_null(void)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);

	EXPECT(seccomp_load(NULL), -EINVAL);
	EXPECT(seccomp_export_bpf(NULL, 1), -EINVAL);
	EXPECT(seccomp_export_pfc(NULL, 1), -EINVAL);
	EXPECT(seccomp_notify_fd(NULL), -EINVAL);
	/* a filter without ABIs is just as invalid */
	EXPECT(seccomp_arch_remove(ctx, SCMP_ARCH_NATIVE), 0);
	EXPECT(seccomp_load(ctx), -EINVAL);
	EXPECT(seccomp_export_bpf(ctx, 1), -EINVAL);
	EXPECT(seccomp_export_pfc(ctx, 1), -EINVAL);
	EXPECT(seccomp_notify_fd(ctx), -EINVAL);
	seccomp_release(ctx);
}

int main(void)
{
	check_api();
	check_init();
	check_reset();
	check_null();
	return test_result();
}
