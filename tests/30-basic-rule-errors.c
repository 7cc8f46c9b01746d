/* SPDX-License-Identifier: LGPL-2.1-only */
/* Every error of the rule_add family and of seccomp_syscall_priority, in libseccomp's order of checks; a failed call changes nothing. */

#include <errno.h>
#include <string.h>

#include "filter_snap.h"
#include "filter_spec.h"
#include "test_util.h"

#define READ 0 /* x86_64 numbers: the test needs an x86_64 host */
#define WRITE 1

static const struct scmp_arg_cmp a0_eq1[] = { SCMP_A0(SCMP_CMP_EQ, 1) };

/* The array and exact array variants; failures must change nothing. */
static void expect_all(scmp_filter_ctx ctx, uint32_t action, int syscall,
		       unsigned int cnt, const struct scmp_arg_cmp *cmps,
		       int want, int want_exact)
{
	if (want < 0)
		EXPECT_KEEPS(
			ctx,
			seccomp_rule_add_array(ctx, action, syscall, cnt, cmps),
			want);
	else
		EXPECT(seccomp_rule_add_array(ctx, action, syscall, cnt, cmps),
		       want);
	if (want_exact < 0)
		EXPECT_KEEPS(ctx,
			     seccomp_rule_add_exact_array(ctx, action, syscall,
							  cnt, cmps),
			     want_exact);
	else
		EXPECT(seccomp_rule_add_exact_array(ctx, action, syscall, cnt,
						    cmps),
		       want_exact);
}

/* 1. arg_cnt > 6 comes before everything, even a missing array. */
static void check_arg_cnt(scmp_filter_ctx ctx)
{
	EXPECT_KEEPS(ctx, seccomp_rule_add(ctx, SCMP_ACT_ALLOW, READ, 7),
		     -EINVAL);
	EXPECT_KEEPS(ctx, seccomp_rule_add_exact(ctx, SCMP_ACT_ALLOW, READ, 7),
		     -EINVAL);
	/* with the default action (-EACCES) and a reserved number */
	expect_all(ctx, SCMP_ACT_KILL, -50, 7, NULL, -EINVAL, -EINVAL);
	EXPECT(seccomp_rule_add(NULL, SCMP_ACT_ALLOW, READ, 7), -EINVAL);
	EXPECT(seccomp_rule_add(ctx, SCMP_ACT_ALLOW, READ, 0xffffffffU),
	       -EINVAL);
}

/* 2. arg_cnt > 0 with a NULL array. */
static void check_null_array(scmp_filter_ctx ctx)
{
	expect_all(ctx, SCMP_ACT_ALLOW, READ, 1, NULL, -EINVAL, -EINVAL);
	/* before -EACCES for the default action */
	expect_all(ctx, SCMP_ACT_KILL, READ, 2, NULL, -EINVAL, -EINVAL);
	/* arg_cnt 0 ignores the array */
	expect_all(ctx, SCMP_ACT_ALLOW, READ, 0, NULL, 0, 0);
}

/* 3. the filter and the reserved numbers -99..-1. */
static void check_syscall(scmp_filter_ctx ctx)
{
	static const int reserved[] = { -1, -2, -50, -99 };
	unsigned int i;

	expect_all(NULL, SCMP_ACT_ALLOW, READ, 0, NULL, -EINVAL, -EINVAL);
	for (i = 0; i < sizeof(reserved) / sizeof(reserved[0]); i++) {
		/* -EINVAL, not the -EACCES the default action would give */
		expect_all(ctx, SCMP_ACT_KILL, reserved[i], 0, NULL, -EINVAL,
			   -EINVAL);
		expect_all(ctx, SCMP_ACT_ALLOW, reserved[i], 1, a0_eq1, -EINVAL,
			   -EINVAL);
	}
	/* TSKIP allows -1 only */
	EXPECT(seccomp_attr_set(ctx, SCMP_FLTATR_API_TSKIP, 1), 0);
	expect_all(ctx, SCMP_ACT_KILL, -1, 0, NULL, -EACCES, -EACCES);
	expect_all(ctx, SCMP_ACT_ALLOW, -2, 0, NULL, -EINVAL, -EINVAL);
	expect_all(ctx, SCMP_ACT_ALLOW, -99, 0, NULL, -EINVAL, -EINVAL);
	EXPECT(seccomp_rule_add(ctx, SCMP_ACT_ERRNO(3), -1, 0), 0);
	EXPECT(seccomp_rule_add_exact(ctx, SCMP_ACT_ERRNO(3), -1, 0), 0);
	EXPECT(seccomp_attr_set(ctx, SCMP_FLTATR_API_TSKIP, 0), 0);
	/* -100 is no longer reserved: a pseudo number, fine without exact */
	EXPECT(seccomp_rule_add(ctx, SCMP_ACT_ERRNO(4), -100, 0), 0);
	EXPECT_KEEPS(ctx,
		     seccomp_rule_add_exact(ctx, SCMP_ACT_ERRNO(4), -100, 0),
		     -EDOM);
}

/* 4. invalid or unsupported actions. */
static void check_action(scmp_filter_ctx ctx)
{
	static const uint32_t bad[] = {
		0x12345678,
		SCMP_ACT_ERRNO(4095),
		SCMP_ACT_ERRNO(0xffff),
		0x00010000,
		0x7ff80000,
		0xffffffff,
		SCMP_ACT_KILL_PROCESS | 1,
	};
	unsigned int i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		expect_all(ctx, bad[i], WRITE, 0, NULL, -EINVAL, -EINVAL);
		/* before the comparisons are looked at */
		expect_all(
			ctx, bad[i], WRITE, 1,
			(struct scmp_arg_cmp[]){ SCMP_CMP(6, SCMP_CMP_EQ, 0) },
			-EINVAL, -EINVAL);
	}
	EXPECT(seccomp_rule_add(ctx, SCMP_ACT_ERRNO(4094), 2, 0), 0);
	EXPECT(seccomp_rule_add(ctx, SCMP_ACT_TRACE(0xffff), 3, 0), 0);

	/* TRAP takes any si_errno (SCMP_ACT_TRAPX) at every API level */
	EXPECT(seccomp_api_set(1), 0);
	EXPECT(seccomp_rule_add(ctx, SCMP_ACT_TRAPX(1), 20, 0), 0);
	EXPECT(seccomp_rule_add(ctx, SCMP_ACT_TRAPX(0xffff), 21, 1,
				SCMP_A0(SCMP_CMP_EQ, 1)),
	       0);
	EXPECT(seccomp_rule_add_exact(ctx, SCMP_ACT_TRAPX(0x1234), 22, 0), 0);
	/* KILL has no data field */
	expect_all(ctx, SCMP_ACT_KILL | 1, 23, 0, NULL, -EINVAL, -EINVAL);

	/* KILL_PROCESS and LOG need API level 3, NOTIFY level 5 */
	EXPECT(seccomp_api_set(2), 0);
	expect_all(ctx, SCMP_ACT_KILL_PROCESS, 4, 0, NULL, -EINVAL, -EINVAL);
	expect_all(ctx, SCMP_ACT_LOG, 4, 0, NULL, -EINVAL, -EINVAL);
	EXPECT(seccomp_api_set(3), 0);
	expect_all(ctx, SCMP_ACT_NOTIFY, 4, 0, NULL, -EINVAL, -EINVAL);
	EXPECT(seccomp_rule_add(ctx, SCMP_ACT_LOG, 4, 0), 0);
	EXPECT(seccomp_rule_add(ctx, SCMP_ACT_KILL_PROCESS, 5, 0), 0);
	/* NOTIFY with TSYNC needs TSYNC_ESRCH (level 6) */
	EXPECT(seccomp_api_set(5), 0);
	EXPECT(seccomp_attr_set(ctx, SCMP_FLTATR_CTL_TSYNC, 1), 0);
	expect_all(ctx, SCMP_ACT_NOTIFY, 6, 0, NULL, -EINVAL, -EINVAL);
	EXPECT(seccomp_api_set(6), 0);
	EXPECT(seccomp_rule_add(ctx, SCMP_ACT_NOTIFY, 6, 0), 0);
	EXPECT(seccomp_attr_set(ctx, SCMP_FLTATR_CTL_TSYNC, 0), 0);
}

/* 5. the default action itself: -EACCES (-EPERM before 2.5). */
static void check_default(scmp_filter_ctx ctx)
{
	expect_all(ctx, SCMP_ACT_KILL, WRITE, 0, NULL, -EACCES, -EACCES);
	/* KILL and KILL_THREAD are one value */
	expect_all(ctx, SCMP_ACT_KILL_THREAD, WRITE, 1, a0_eq1, -EACCES,
		   -EACCES);
	/* before comparison errors */
	expect_all(ctx, SCMP_ACT_KILL, WRITE, 1,
		   (struct scmp_arg_cmp[]){ SCMP_CMP(6, SCMP_CMP_EQ, 0) },
		   -EACCES, -EACCES);
}

/*
 * 7. comparisons: argument index, operator. A repeated argument is no
 * error here (libseccomp: -EINVAL): the rule is an AND of both.
 */
static void check_cmps(scmp_filter_ctx ctx)
{
	static const struct scmp_arg_cmp bad[][2] = {
		{ SCMP_A0(SCMP_CMP_EQ, 1), SCMP_CMP(6, SCMP_CMP_EQ, 1) },
		{ SCMP_CMP(100, SCMP_CMP_EQ, 1), SCMP_A0(SCMP_CMP_EQ, 1) },
		{ SCMP_A0(SCMP_CMP_EQ, 1), SCMP_A1(0, 1) },
		{ SCMP_A0(_SCMP_CMP_MAX, 1), SCMP_A1(SCMP_CMP_EQ, 1) },
		{ SCMP_A0((enum scmp_compare)(-1), 1),
		  SCMP_A1(SCMP_CMP_EQ, 1) },
		/* a repeated argument does not excuse a bad comparison */
		{ SCMP_A1(SCMP_CMP_EQ, 1), SCMP_A1(_SCMP_CMP_MAX, 2) },
		{ SCMP_CMP(6, SCMP_CMP_EQ, 1), SCMP_CMP(6, SCMP_CMP_NE, 2) },
	};
	static const struct scmp_arg_cmp repeated[][2] = {
		{ SCMP_A1(SCMP_CMP_EQ, 1), SCMP_A1(SCMP_CMP_NE, 2) },
		{ SCMP_A2(SCMP_CMP_GT, 1), SCMP_A2(SCMP_CMP_GT, 1) },
		/* never matches, and is a rule all the same */
		{ SCMP_A3(SCMP_CMP_GT, 5), SCMP_A3(SCMP_CMP_LT, 3) },
	};
	unsigned int i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		expect_all(ctx, SCMP_ACT_ALLOW, 7, 2, bad[i], -EINVAL, -EINVAL);
	for (i = 0; i < sizeof(repeated) / sizeof(repeated[0]); i++)
		expect_all(ctx, SCMP_ACT_ALLOW, 7, 2, repeated[i], 0, 0);
	/* six on one argument; seven are too many, as ever */
	EXPECT(seccomp_rule_add(
		       ctx, SCMP_ACT_ALLOW, 7, 6, SCMP_A4(SCMP_CMP_NE, 1),
		       SCMP_A4(SCMP_CMP_NE, 2), SCMP_A4(SCMP_CMP_NE, 3),
		       SCMP_A4(SCMP_CMP_NE, 4), SCMP_A4(SCMP_CMP_NE, 5),
		       SCMP_A4(SCMP_CMP_NE, 6)),
	       0);
	EXPECT_KEEPS(ctx,
		     seccomp_rule_add(
			     ctx, SCMP_ACT_ALLOW, 7, 7, SCMP_A4(SCMP_CMP_NE, 1),
			     SCMP_A4(SCMP_CMP_NE, 2), SCMP_A4(SCMP_CMP_NE, 3),
			     SCMP_A4(SCMP_CMP_NE, 4), SCMP_A4(SCMP_CMP_NE, 5),
			     SCMP_A4(SCMP_CMP_NE, 6), SCMP_A4(SCMP_CMP_NE, 7)),
		     -EINVAL);
	/* six distinct arguments in any order are fine */
	EXPECT(seccomp_rule_add(
		       ctx, SCMP_ACT_ALLOW, 7, 6, SCMP_A5(SCMP_CMP_EQ, 5),
		       SCMP_A1(SCMP_CMP_NE, 1), SCMP_A3(SCMP_CMP_LT, 3),
		       SCMP_A0(SCMP_CMP_LE, 0), SCMP_A4(SCMP_CMP_GT, 4),
		       SCMP_A2(SCMP_CMP_MASKED_EQ, 2, 2)),
	       0);
}

/* 6. exact adds on a filter of two ABIs; the order against 4, 5 and 7. */
static void check_exact_multi(scmp_filter_ctx ctx)
{
	EXPECT(seccomp_arch_add(ctx, SCMP_ARCH_X86), 0);
	EXPECT_KEEPS(ctx, seccomp_rule_add_exact(ctx, SCMP_ACT_ALLOW, 8, 0),
		     -EOPNOTSUPP);
	EXPECT_KEEPS(ctx,
		     seccomp_rule_add_exact(ctx, SCMP_ACT_ALLOW, 8, 1,
					    SCMP_A0(SCMP_CMP_EQ, 1)),
		     -EOPNOTSUPP);
	/* after invalid actions and the default action */
	EXPECT_KEEPS(ctx, seccomp_rule_add_exact(ctx, 0x12345678, 8, 0),
		     -EINVAL);
	EXPECT_KEEPS(ctx, seccomp_rule_add_exact(ctx, SCMP_ACT_KILL, 8, 0),
		     -EACCES);
	/* before comparisons */
	EXPECT_KEEPS(ctx,
		     seccomp_rule_add_exact(ctx, SCMP_ACT_ALLOW, 8, 1,
					    SCMP_CMP(6, SCMP_CMP_EQ, 1)),
		     -EOPNOTSUPP);
	/* not exact: fine; raw numbers without a name: -EFAULT */
	EXPECT(seccomp_rule_add(ctx, SCMP_ACT_ALLOW, 8, 0), 0);
	EXPECT_KEEPS(ctx, seccomp_rule_add(ctx, SCMP_ACT_ALLOW, 1000, 0),
		     -EFAULT);
	EXPECT_KEEPS(ctx, seccomp_rule_add(ctx, SCMP_ACT_ALLOW, -10000, 0),
		     -EFAULT);
	EXPECT(seccomp_arch_remove(ctx, SCMP_ARCH_X86), 0);
	EXPECT(seccomp_rule_add(ctx, SCMP_ACT_ALLOW, 1000, 0), 0);
}

/* Exact adds of syscalls the ABI lacks, and of multiplexed calls. */
static void check_exact_single(void)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_KILL);

	EXPECT(SPEC(ctx, "arch -native +x86"), 0);
	/* x86_64's accept (43) has no x86 syscall but socketcall */
	EXPECT(seccomp_rule_add_exact(ctx, SCMP_ACT_ALLOW, 43, 0), 0);
	/* with arguments: -EINVAL, before anything is added */
	EXPECT_KEEPS(ctx,
		     seccomp_rule_add_exact(ctx, SCMP_ACT_ALLOW, 41, 1,
					    SCMP_A1(SCMP_CMP_EQ, 1)),
		     -EINVAL);
	/* a comparison error still comes first */
	EXPECT_KEEPS(ctx,
		     seccomp_rule_add_exact(ctx, SCMP_ACT_ALLOW, 41, 1,
					    SCMP_CMP(6, SCMP_CMP_EQ, 1)),
		     -EINVAL);
	EXPECT(seccomp_rule_add(ctx, SCMP_ACT_ALLOW, 41, 1,
				SCMP_A1(SCMP_CMP_EQ, 1)),
	       0);
	/* x86_64's newfstatat: no x86 syscall */
	EXPECT_KEEPS(ctx, seccomp_rule_add_exact(ctx, SCMP_ACT_ALLOW, 262, 0),
		     -EDOM);
	EXPECT(seccomp_rule_add(ctx, SCMP_ACT_ALLOW, 262, 0), 0);
	/* a conflict: -EEXIST */
	EXPECT(seccomp_rule_add(ctx, SCMP_ACT_ERRNO(1), READ, 1,
				SCMP_A0(SCMP_CMP_EQ, 1)),
	       0);
	EXPECT_KEEPS(ctx,
		     seccomp_rule_add_exact(ctx, SCMP_ACT_ERRNO(2), READ, 1,
					    SCMP_A0(SCMP_CMP_EQ, 1)),
		     -EEXIST);
	EXPECT_KEEPS(ctx,
		     seccomp_rule_add(ctx, SCMP_ACT_ERRNO(2), READ, 1,
				      SCMP_A0(SCMP_CMP_EQ, 1)),
		     -EEXIST);
	seccomp_release(ctx);
}

/* seccomp_syscall_priority: filter, reserved numbers, translation. */
static void check_priority(scmp_filter_ctx ctx)
{
	EXPECT(seccomp_syscall_priority(NULL, READ, 1), -EINVAL);
	EXPECT_KEEPS(ctx, seccomp_syscall_priority(ctx, -1, 1), -EINVAL);
	EXPECT_KEEPS(ctx, seccomp_syscall_priority(ctx, -99, 1), -EINVAL);
	EXPECT(seccomp_attr_set(ctx, SCMP_FLTATR_API_TSKIP, 1), 0);
	EXPECT(seccomp_syscall_priority(ctx, -1, 1), 0);
	EXPECT_KEEPS(ctx, seccomp_syscall_priority(ctx, -2, 1), -EINVAL);
	EXPECT(seccomp_attr_set(ctx, SCMP_FLTATR_API_TSKIP, 0), 0);
	EXPECT(seccomp_syscall_priority(ctx, READ, 255), 0);
	EXPECT(seccomp_syscall_priority(ctx, 1000, 1), 0);
	EXPECT(seccomp_arch_add(ctx, SCMP_ARCH_ARM), 0);
	EXPECT_KEEPS(ctx, seccomp_syscall_priority(ctx, 1001, 1), -EFAULT);
	/* the pseudo number of a call x86_64 lacks: fine on both */
	EXPECT(seccomp_syscall_priority(ctx, -110, 1), 0);
	EXPECT(seccomp_arch_remove(ctx, SCMP_ARCH_ARM), 0);
}

/*
 * The program of a filter (default KILL, on ABI @arch only) with one
 * rule: ALLOW read if @cmps hold. Returns its length in *@len, 0 if the
 * rule or the export failed.
 */
static void one_rule_bpf(uint32_t arch, unsigned int cnt,
			 const struct scmp_arg_cmp *cmps, unsigned char *buf,
			 size_t *len)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_KILL);
	size_t size = *len;

	*len = 0;
	if (ctx == NULL)
		return;
	if ((arch == seccomp_arch_native() ||
	     (seccomp_arch_add(ctx, arch) == 0 &&
	      seccomp_arch_remove(ctx, SCMP_ARCH_NATIVE) == 0)) &&
	    seccomp_rule_add_array(ctx, SCMP_ACT_ALLOW, READ, cnt, cmps) == 0 &&
	    seccomp_export_bpf_mem(ctx, buf, &size) == 0)
		*len = size;
	seccomp_release(ctx);
}

/* Whether two one-rule filters have the same program. */
static int same_bpf(uint32_t arch, unsigned int cnt_a,
		    const struct scmp_arg_cmp *a, unsigned int cnt_b,
		    const struct scmp_arg_cmp *b)
{
	unsigned char pa[4096], pb[4096];
	size_t la = sizeof(pa), lb = sizeof(pb);

	one_rule_bpf(arch, cnt_a, a, pa, &la);
	one_rule_bpf(arch, cnt_b, b, pb, &lb);
	if (la == 0 || lb == 0)
		return -1;
	return la == lb && memcmp(pa, pb, la) == 0;
}

/*
 * 8. several comparisons of one argument: written in any order, one
 * rule; the same one twice (on 32-bit ABIs: the same low word), one
 * comparison.
 */
static void check_and_one_arg(void)
{
	static const struct scmp_arg_cmp eq7[] = { SCMP_A1(SCMP_CMP_EQ, 7) };
	static const struct scmp_arg_cmp eq7_twice[] = {
		SCMP_A1(SCMP_CMP_EQ, 7), SCMP_A1(SCMP_CMP_EQ, 7)
	};
	static const struct scmp_arg_cmp eq7_wide[] = {
		SCMP_A1(SCMP_CMP_EQ, 0x100000007ULL), SCMP_A1(SCMP_CMP_EQ, 7)
	};
	static const struct scmp_arg_cmp in[] = { SCMP_A1(SCMP_CMP_GT, 5),
						  SCMP_A1(SCMP_CMP_LT, 10),
						  SCMP_A0(SCMP_CMP_NE, 3),
						  SCMP_A1(SCMP_CMP_NE, 7) };
	static const struct scmp_arg_cmp in_rev[] = { SCMP_A1(SCMP_CMP_NE, 7),
						      SCMP_A1(SCMP_CMP_LT, 10),
						      SCMP_A0(SCMP_CMP_NE, 3),
						      SCMP_A1(SCMP_CMP_GT, 5) };
	static const struct scmp_arg_cmp in_less[] = {
		SCMP_A1(SCMP_CMP_GT, 5), SCMP_A1(SCMP_CMP_LT, 10),
		SCMP_A0(SCMP_CMP_NE, 3)
	};

	EXPECT(same_bpf(SCMP_ARCH_X86_64, 2, eq7_twice, 1, eq7), 1);
	EXPECT(same_bpf(SCMP_ARCH_X86, 2, eq7_twice, 1, eq7), 1);
	EXPECT(same_bpf(SCMP_ARCH_X86, 2, eq7_wide, 1, eq7), 1);
	EXPECT(same_bpf(SCMP_ARCH_X86_64, 2, eq7_wide, 1, eq7), 0);
	EXPECT(same_bpf(SCMP_ARCH_X86_64, 4, in, 4, in_rev), 1);
	EXPECT(same_bpf(SCMP_ARCH_X86, 4, in, 4, in_rev), 1);
	EXPECT(same_bpf(SCMP_ARCH_X86_64, 4, in, 3, in_less), 0);
}

int main(void)
{
	scmp_filter_ctx ctx;

	if (seccomp_arch_native() != SCMP_ARCH_X86_64)
		return 77;
	ctx = seccomp_init(SCMP_ACT_KILL);
	if (ctx == NULL)
		return 1;
	check_arg_cnt(ctx);
	check_null_array(ctx);
	check_syscall(ctx);
	check_action(ctx);
	check_default(ctx);
	check_cmps(ctx);
	check_exact_multi(ctx);
	check_priority(ctx);
	check_exact_single();
	check_and_one_arg();
	seccomp_release(ctx);
	return test_result();
}
