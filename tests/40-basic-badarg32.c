/* SPDX-License-Identifier: LGPL-2.1-only */
/* SCMP_FLTATR_EXT_ACT_BADARG32 through the API: values, the kept program, merges, transactions, reset. */

/*
 * The attribute is off (SCMP_EXT_ACT_UNSET) by default and then changes
 * nothing in the program; it takes an action or SCMP_EXT_ACT_UNSET, and
 * nothing else, leaving the filter as it was. Setting it drops a
 * precomputed program. seccomp_merge() wants both filters to agree on it;
 * like the other attributes, a rejected transaction does not restore it;
 * seccomp_reset() does.
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <seccomp-ext.h>

#include "filter_snap.h"
#include "test_util.h"

#define BADARG SCMP_FLTATR_EXT_ACT_BADARG32
#define PROG_MAX 65536

/* The filter's BPF in @buf; returns its length, 0 on failure. */
static size_t bpf_of(scmp_filter_ctx ctx, void *buf)
{
	size_t len = PROG_MAX;

	return seccomp_export_bpf_mem(ctx, buf, &len) == 0 ? len : 0;
}

/*
 * Adds the first of four 64-bit ABIs that is not native and has the
 * native byte order to @ctx; returns its token.
 */
static uint32_t add_wide(scmp_filter_ctx ctx)
{
	static const uint32_t wide[] = { SCMP_ARCH_X86_64, SCMP_ARCH_AARCH64,
					 SCMP_ARCH_S390X, SCMP_ARCH_PPC64 };
	unsigned int i;

	for (i = 0; i < sizeof(wide) / sizeof(wide[0]); i++)
		if (wide[i] != seccomp_arch_native() &&
		    seccomp_arch_add(ctx, wide[i]) == 0)
			return wide[i];
	abort();
}

/* A filter with a 32-bit test of openat's a0, on a 64-bit ABI. */
static scmp_filter_ctx filter_32bit(void)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ERRNO(1));

	if (ctx == NULL)
		abort();
	add_wide(ctx);
	EXPECT(seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(openat), 1,
				SCMP_A0_32(SCMP_CMP_EQ | SCMP_CMP_32BIT,
					   (uint32_t)-100)),
	       0);
	return ctx;
}

static void check_values(void)
{
	scmp_filter_ctx ctx = filter_32bit();
	uint32_t value = 7;

	EXPECT(seccomp_attr_get(ctx, BADARG, &value), 0);
	EXPECT(value, SCMP_EXT_ACT_UNSET);
	EXPECT(seccomp_attr_set(ctx, BADARG, SCMP_ACT_KILL_PROCESS), 0);
	EXPECT(seccomp_attr_get(ctx, BADARG, &value), 0);
	EXPECT(value, SCMP_ACT_KILL_PROCESS);
	EXPECT_KEEPS(ctx, seccomp_attr_set(ctx, BADARG, 0x12345678), -EINVAL);
	EXPECT_KEEPS(ctx, seccomp_attr_set(ctx, BADARG, 0xfffffffe), -EINVAL);
	EXPECT_KEEPS(ctx, seccomp_attr_set(ctx, BADARG, SCMP_ACT_ERRNO(4096)),
		     -EINVAL);
	EXPECT(seccomp_attr_get(ctx, BADARG, &value), 0);
	EXPECT(value, SCMP_ACT_KILL_PROCESS);
	EXPECT(seccomp_attr_set(NULL, BADARG, SCMP_ACT_KILL), -EINVAL);
	EXPECT(seccomp_attr_get(NULL, BADARG, &value), -EINVAL);
	EXPECT(seccomp_attr_get(ctx, BADARG, NULL), -EINVAL);
	EXPECT(seccomp_attr_set(ctx, BADARG, SCMP_ACT_ERRNO(5)), 0);
	EXPECT(seccomp_attr_set(ctx, BADARG, SCMP_EXT_ACT_UNSET), 0);
	EXPECT(seccomp_attr_get(ctx, BADARG, &value), 0);
	EXPECT(value, SCMP_EXT_ACT_UNSET);
	/* reset: back to off */
	EXPECT(seccomp_attr_set(ctx, BADARG, SCMP_ACT_TRAP), 0);
	EXPECT(seccomp_reset(ctx, SCMP_ACT_ALLOW), 0);
	EXPECT(seccomp_attr_get(ctx, BADARG, &value), 0);
	EXPECT(value, SCMP_EXT_ACT_UNSET);
	seccomp_release(ctx);
}

/*
 * Off, the program is the one without the attribute; on, it differs,
 * also after seccomp_precompute() kept one; set back, the same again.
 */
static void check_program(void)
{
	static unsigned char plain[PROG_MAX], now[PROG_MAX];
	scmp_filter_ctx ctx = filter_32bit();
	size_t len = bpf_of(ctx, plain), n;

	EXPECT(len > 0, 1);
	EXPECT(seccomp_precompute(ctx), 0);
	EXPECT(seccomp_attr_set(ctx, BADARG, SCMP_ACT_KILL_PROCESS), 0);
	n = bpf_of(ctx, now);
	/* the check: four jumps, two loads; the action's return */
	EXPECT(n > len + 5 * 8, 1);
	EXPECT(seccomp_precompute(ctx), 0);
	EXPECT(seccomp_attr_set(ctx, BADARG, SCMP_EXT_ACT_UNSET), 0);
	n = bpf_of(ctx, now);
	EXPECT(n == len && memcmp(plain, now, len) == 0, 1);
	/* no 32-bit test: nothing to check */
	EXPECT(seccomp_reset(ctx, SCMP_ACT_ERRNO(1)), 0);
	EXPECT(seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(read), 1,
				SCMP_A0(SCMP_CMP_EQ, 3)),
	       0);
	len = bpf_of(ctx, plain);
	EXPECT(seccomp_attr_set(ctx, BADARG, SCMP_ACT_KILL_PROCESS), 0);
	n = bpf_of(ctx, now);
	EXPECT(n == len && memcmp(plain, now, len) == 0, 1);
	seccomp_release(ctx);
}

/* Merging wants one value; a rejected transaction keeps the new one. */
static void check_merge_transaction(void)
{
	scmp_filter_ctx dst = seccomp_init(SCMP_ACT_ERRNO(1));
	scmp_filter_ctx src = seccomp_init(SCMP_ACT_ERRNO(1));
	uint32_t value = 0;

	EXPECT(dst != NULL && src != NULL, 1);
	add_wide(src);
	EXPECT(seccomp_arch_remove(src, SCMP_ARCH_NATIVE), 0);
	EXPECT(seccomp_attr_set(dst, BADARG, SCMP_ACT_KILL_PROCESS), 0);
	EXPECT_KEEPS(dst, seccomp_merge(dst, src), -EINVAL);
	EXPECT(seccomp_attr_set(src, BADARG, SCMP_ACT_TRAP), 0);
	EXPECT_KEEPS(dst, seccomp_merge(dst, src), -EINVAL);

	EXPECT(seccomp_transaction_start(dst), 0);
	EXPECT(seccomp_attr_set(dst, BADARG, SCMP_ACT_TRAP), 0);
	seccomp_transaction_reject(dst);
	EXPECT(seccomp_attr_get(dst, BADARG, &value), 0);
	EXPECT(value, SCMP_ACT_TRAP);

	EXPECT(seccomp_merge(dst, src), 0);
	EXPECT(seccomp_attr_get(dst, BADARG, &value), 0);
	EXPECT(value, SCMP_ACT_TRAP);
	seccomp_release(dst);
}

int main(void)
{
	/* KILL_PROCESS valid whatever the kernel (valgrind's: level 1) */
	if (seccomp_api_set(5) != 0)
		return 1;
	check_values();
	check_program();
	check_merge_transaction();
	return test_result();
}
