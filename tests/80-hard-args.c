/* SPDX-License-Identifier: LGPL-2.1-only */
/* 80-hard-args: every public function with bad input: its documented error, no
 * crash, no change. */

/*
 * One table row per bad call: NULL and ABI-less contexts, NULL pointers,
 * out-of-range enums, unknown arch tokens, reserved and untranslatable
 * syscall numbers, too many comparisons, argument indexes past 5, unknown
 * operators and operator flags (bits 17..31), errno values past
 * MAX_ERRNO, attributes that conflict with each other or with the
 * (forced) kernel API level. Each row names the
 * return code abi.md documents; rows marked KEEP also check that the
 * filters the call was given look exactly as before (BPF bytes, PFC text,
 * attributes).
 *
 * Not here: a released context. Like libseccomp, the library cannot tell
 * one from a live context (that would need a registry of all contexts);
 * using one is a use-after-free that ASan and valgrind report.
 */

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <seccomp-ext.h>

#include "filter_snap.h"
#include "test_util.h"

/* Filters every row starts from (built afresh per row). */
struct env {
	scmp_filter_ctx ctx;   /* native ABI, default ALLOW, some rules */
	scmp_filter_ctx empty; /* every ABI removed */
	scmp_filter_ctx multi; /* native and a second ABI, same order */
	scmp_filter_ctx mux;   /* only x86 (socketcall, ipc) */
	scmp_filter_ctx other; /* an ABI of the other byte order */
	scmp_filter_ctx same;  /* like ctx: mergeable but for its ABI */
};

static const struct scmp_arg_cmp one_cmp[] = { SCMP_A0(SCMP_CMP_EQ, 1) };
static const struct scmp_arg_cmp seven_cmps[7] = {
	SCMP_A0(SCMP_CMP_EQ, 0), SCMP_A1(SCMP_CMP_EQ, 1),
	SCMP_A2(SCMP_CMP_EQ, 2), SCMP_A3(SCMP_CMP_EQ, 3),
	SCMP_A4(SCMP_CMP_EQ, 4), SCMP_A5(SCMP_CMP_EQ, 5),
	SCMP_A5(SCMP_CMP_EQ, 6),
};

static uint32_t other_order_arch(void)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
	uint32_t token = seccomp_arch_add(ctx, SCMP_ARCH_S390X) == -EDOM ?
				 SCMP_ARCH_S390X :
				 SCMP_ARCH_X86_64;

	seccomp_release(ctx);
	return token;
}

static uint32_t same_order_arch(void)
{
	return other_order_arch() == SCMP_ARCH_S390X ? SCMP_ARCH_AARCH64 :
						       SCMP_ARCH_PPC64;
}

static void env_make(struct env *e)
{
	seccomp_api_set(7);
	e->ctx = seccomp_init(SCMP_ACT_ALLOW);
	seccomp_rule_add(e->ctx, SCMP_ACT_ERRNO(1), SCMP_SYS(write), 1,
			 SCMP_A0(SCMP_CMP_EQ, 2));
	seccomp_rule_add(e->ctx, SCMP_ACT_KILL, SCMP_SYS(ptrace), 0);
	e->empty = seccomp_init(SCMP_ACT_ALLOW);
	seccomp_arch_remove(e->empty, SCMP_ARCH_NATIVE);
	e->multi = seccomp_init(SCMP_ACT_ALLOW);
	seccomp_arch_add(e->multi, same_order_arch());
	e->mux = seccomp_init(SCMP_ACT_ALLOW);
	seccomp_arch_remove(e->mux, SCMP_ARCH_NATIVE);
	seccomp_arch_add(e->mux, SCMP_ARCH_X86);
	e->other = seccomp_init(SCMP_ACT_ALLOW);
	seccomp_arch_remove(e->other, SCMP_ARCH_NATIVE);
	seccomp_arch_add(e->other, other_order_arch());
	e->same = seccomp_init(SCMP_ACT_ALLOW);
}

static void env_free(struct env *e)
{
	seccomp_release(e->ctx);
	seccomp_release(e->empty);
	seccomp_release(e->multi);
	seccomp_release(e->mux);
	seccomp_release(e->other);
	seccomp_release(e->same);
	seccomp_api_set(7);
}

/* A rule call through all four entry points must give the same answer. */
static int rule4(scmp_filter_ctx ctx, uint32_t act, int sys, unsigned int cnt,
		 const struct scmp_arg_cmp *c)
{
	int a = seccomp_rule_add_array(ctx, act, sys, cnt, c);
	int b = seccomp_rule_add_exact_array(ctx, act, sys, cnt, c);
	int v, x;

	/* the variadic forms take the comparisons as arguments */
	switch (cnt) {
	case 0:
		v = seccomp_rule_add(ctx, act, sys, 0);
		x = seccomp_rule_add_exact(ctx, act, sys, 0);
		break;
	case 1:
		v = x = a; /* a NULL array has no variadic form */
		if (c != NULL) {
			v = seccomp_rule_add(ctx, act, sys, 1, c[0]);
			x = seccomp_rule_add_exact(ctx, act, sys, 1, c[0]);
		}
		break;
	default:
		/* past six the count is refused before any argument is read */
		v = x = a;
		if (cnt > 6) {
			v = seccomp_rule_add(ctx, act, sys, cnt);
			x = seccomp_rule_add_exact(ctx, act, sys, cnt);
		}
		break;
	}
	if (a != b || a != v || a != x) {
		printf("  array %d, exact array %d, va %d, exact va %d\n", a, b,
		       v, x);
		return -1000;
	}
	return a;
}

/* One comparison in a rule on write(2). */
static int cmp1(scmp_filter_ctx ctx, unsigned int arg, int op)
{
	struct scmp_arg_cmp c = { arg, (enum scmp_compare)op, 1, 1 };

	return rule4(ctx, SCMP_ACT_ERRNO(2), SCMP_SYS(read), 1, &c);
}

/*
 * EQ | SCMP_CMP_32BIT with each flag bit above it that none has (17..31)
 * besides: -EINVAL each time, or the first other return code.
 */
static int cmp_flag_bits(scmp_filter_ctx ctx)
{
	unsigned int bit;
	int rc;

	for (bit = 17; bit < 32; bit++) {
		rc = cmp1(ctx, 0,
			  (int)(SCMP_CMP_EQ | SCMP_CMP_32BIT | 1U << bit));
		if (rc != -EINVAL)
			return rc;
	}
	return -EINVAL;
}

static int attr_get_bad(scmp_filter_ctx ctx, int attr)
{
	uint32_t v = 0xabcd;
	int rc = seccomp_attr_get(ctx, (enum scmp_filter_attr)attr, &v);

	return v == 0xabcd ? rc : -1000;
}

static int at_level(unsigned int level)
{
	return seccomp_api_set(level);
}

static int export_pfc_fd(scmp_filter_ctx ctx, int fd)
{
	return seccomp_export_pfc(ctx, fd);
}

static int bpf_mem_short(scmp_filter_ctx ctx)
{
	char buf[8];
	size_t len = sizeof(buf), want = 0;
	int rc;

	seccomp_export_bpf_mem(ctx, NULL, &want);
	rc = seccomp_export_bpf_mem(ctx, buf, &len);
	return len == want ? rc : -1000;
}

static int rawrc(scmp_filter_ctx ctx)
{
	return seccomp_attr_set(ctx, SCMP_FLTATR_API_SYSRAWRC, 1);
}

/*
 * KEEP: the call must leave every filter of the row as it was; KEEP_CTX:
 * e->ctx at least (the row changed others before the call).
 */
enum { KEEP = 1, KEEP_CTX = 2 };

struct row {
	const char *what;
	int (*run)(struct env *e);
	int want;
	int flags;
};

#define ROW(name, expr)                \
	static int name(struct env *e) \
	{                              \
		return (expr);         \
	}

/* NULL and ABI-less contexts */
ROW(r_merge_null_dst, seccomp_merge(NULL, e->same))
ROW(r_merge_null_src, seccomp_merge(e->ctx, NULL))
ROW(r_merge_self, seccomp_merge(e->ctx, e->ctx))
ROW(r_merge_empty, seccomp_merge(e->ctx, e->empty))
ROW(r_merge_into_empty, seccomp_merge(e->empty, e->other))
ROW(r_arch_exist_null, seccomp_arch_exist(NULL, SCMP_ARCH_NATIVE))
ROW(r_arch_add_null, seccomp_arch_add(NULL, SCMP_ARCH_NATIVE))
ROW(r_arch_remove_null, seccomp_arch_remove(NULL, SCMP_ARCH_NATIVE))
ROW(r_load_null, seccomp_load(NULL))
ROW(r_load_empty, seccomp_load(e->empty))
ROW(r_attr_get_null, attr_get_bad(NULL, SCMP_FLTATR_CTL_NNP))
ROW(r_attr_get_empty, attr_get_bad(e->empty, SCMP_FLTATR_CTL_NNP))
ROW(r_attr_set_null, seccomp_attr_set(NULL, SCMP_FLTATR_CTL_NNP, 0))
ROW(r_attr_set_empty, seccomp_attr_set(e->empty, SCMP_FLTATR_CTL_NNP, 0))
ROW(r_prio_null, seccomp_syscall_priority(NULL, SCMP_SYS(read), 1))
ROW(r_prio_empty, seccomp_syscall_priority(e->empty, SCMP_SYS(read), 1))
ROW(r_rule_null, rule4(NULL, SCMP_ACT_KILL, SCMP_SYS(read), 0, NULL))
ROW(r_rule_empty, rule4(e->empty, SCMP_ACT_KILL, SCMP_SYS(read), 0, NULL))
ROW(r_notify_fd_null, seccomp_notify_fd(NULL))
ROW(r_notify_fd_empty, seccomp_notify_fd(e->empty))
ROW(r_pfc_null, seccomp_export_pfc(NULL, 1))
ROW(r_pfc_empty, seccomp_export_pfc(e->empty, 1))
ROW(r_bpf_null, seccomp_export_bpf(NULL, 1))
ROW(r_bpf_empty, seccomp_export_bpf(e->empty, 1))
ROW(r_mem_null, seccomp_export_bpf_mem(NULL, NULL, &(size_t){ 0 }))
ROW(r_mem_empty, seccomp_export_bpf_mem(e->empty, NULL, &(size_t){ 0 }))
ROW(r_txn_start_null, seccomp_transaction_start(NULL))
ROW(r_txn_start_empty, seccomp_transaction_start(e->empty))
ROW(r_txn_commit_null, seccomp_transaction_commit(NULL))
ROW(r_txn_commit_empty, seccomp_transaction_commit(e->empty))
ROW(r_txn_reject_null, (seccomp_transaction_reject(NULL), 0))
ROW(r_precompute_null, seccomp_precompute(NULL))
ROW(r_precompute_empty, seccomp_precompute(e->empty))
ROW(r_release_null, (seccomp_release(NULL), 0))
ROW(r_arch_exist_empty, seccomp_arch_exist(e->empty, SCMP_ARCH_NATIVE))
ROW(r_arch_remove_empty, seccomp_arch_remove(e->empty, SCMP_ARCH_NATIVE))

/* NULL pointers */
ROW(r_attr_get_nullval, seccomp_attr_get(e->ctx, SCMP_FLTATR_CTL_NNP, NULL))
ROW(r_mem_nulllen, seccomp_export_bpf_mem(e->ctx, NULL, NULL))
ROW(r_mem_nulllen_buf, seccomp_export_bpf_mem(e->ctx, (char[8]){ 0 }, NULL))
ROW(r_rule_nullarray, rule4(e->ctx, SCMP_ACT_KILL, SCMP_SYS(read), 1, NULL))
ROW(r_arch_name_null, (int)seccomp_arch_resolve_name(NULL))
ROW(r_arch_name_empty, (int)seccomp_arch_resolve_name(""))
ROW(r_arch_name_bad, (int)seccomp_arch_resolve_name("x86-64"))
ROW(r_arch_token_bad, seccomp_arch_name(0xC0009026U) == NULL ? 0 : -1)
ROW(r_name_null, seccomp_syscall_resolve_name(NULL))
ROW(r_name_arch_null, seccomp_syscall_resolve_name_arch(SCMP_ARCH_NATIVE, NULL))
ROW(r_name_rewrite_null,
    seccomp_syscall_resolve_name_rewrite(SCMP_ARCH_NATIVE, NULL))
ROW(r_name_unknown, seccomp_syscall_resolve_name("no_such_syscall"))
ROW(r_notify_recv_null, seccomp_notify_receive(0, NULL))
ROW(r_notify_resp_null, seccomp_notify_respond(0, NULL))
ROW(r_notify_addfd_null, seccomp_notify_addfd(0, NULL))
ROW(r_notify_free_null, (seccomp_notify_free(NULL, NULL), 0))

/* out-of-range enums */
ROW(r_api_set_0, seccomp_api_set(0))
ROW(r_api_set_8, seccomp_api_set(8))
ROW(r_api_set_max, seccomp_api_set(UINT_MAX))
ROW(r_attr_get_0, attr_get_bad(e->ctx, _SCMP_FLTATR_MIN))
ROW(r_attr_get_11, attr_get_bad(e->ctx, _SCMP_FLTATR_MAX))
ROW(r_attr_get_neg, attr_get_bad(e->ctx, -1))
ROW(r_attr_get_huge, attr_get_bad(e->ctx, INT_MAX))
ROW(r_attr_set_0, seccomp_attr_set(e->ctx, _SCMP_FLTATR_MIN, 1))
ROW(r_attr_set_11, seccomp_attr_set(e->ctx, _SCMP_FLTATR_MAX, 1))
ROW(r_attr_set_neg, seccomp_attr_set(e->ctx, (enum scmp_filter_attr) - 1, 1))
ROW(r_op_0, cmp1(e->ctx, 0, _SCMP_CMP_MIN))
ROW(r_op_8, cmp1(e->ctx, 0, _SCMP_CMP_MAX))
ROW(r_op_neg, cmp1(e->ctx, 0, -1))
ROW(r_op_huge, cmp1(e->ctx, 0, INT_MAX))
ROW(r_op_flags, cmp_flag_bits(e->ctx))
ROW(r_op_mask, cmp1(e->ctx, 0, SCMP_CMP_OPMASK))
ROW(r_op_32bit, cmp1(e->ctx, 0, SCMP_CMP_32BIT))

/* unknown arch tokens */
ROW(r_arch_add_bad, seccomp_arch_add(e->ctx, 0x12345678))
ROW(r_arch_add_ones, seccomp_arch_add(e->ctx, 0xffffffff))
ROW(r_arch_remove_bad, seccomp_arch_remove(e->ctx, 0x12345678))
ROW(r_arch_exist_bad, seccomp_arch_exist(e->ctx, 1))
ROW(r_num_arch_bad, seccomp_syscall_resolve_num_arch(0x12345678, 0) != NULL)
ROW(r_name_arch_bad, seccomp_syscall_resolve_name_arch(0x12345678, "read"))
ROW(r_rewrite_bad, seccomp_syscall_resolve_name_rewrite(1, "socket"))

/* syscall numbers */
ROW(r_sys_m2, rule4(e->ctx, SCMP_ACT_KILL, -2, 0, NULL))
ROW(r_sys_m99, rule4(e->ctx, SCMP_ACT_KILL, -99, 0, NULL))
ROW(r_sys_m1, rule4(e->ctx, SCMP_ACT_KILL, -1, 0, NULL))
ROW(r_prio_m50, seccomp_syscall_priority(e->ctx, -50, 1))
ROW(r_prio_m1, seccomp_syscall_priority(e->ctx, -1, 1))
ROW(r_sys_untranslatable, seccomp_rule_add(e->multi, SCMP_ACT_KILL, 1000, 0))
ROW(r_prio_untranslatable, seccomp_syscall_priority(e->multi, 1000, 1))
ROW(r_sys_exact_pseudo,
    seccomp_rule_add_exact(e->ctx, SCMP_ACT_KILL, -10001, 0))
ROW(r_num_m2, seccomp_syscall_resolve_num_arch(SCMP_ARCH_NATIVE, -2) != NULL)
ROW(r_num_max,
    seccomp_syscall_resolve_num_arch(SCMP_ARCH_NATIVE, INT_MAX) != NULL)

/* comparisons: count, argument index, operator */
ROW(r_cnt_7, rule4(e->ctx, SCMP_ACT_KILL, SCMP_SYS(read), 7, seven_cmps))
ROW(r_cnt_max,
    rule4(e->ctx, SCMP_ACT_KILL, SCMP_SYS(read), UINT_MAX, seven_cmps))
ROW(r_cnt_7_va, seccomp_rule_add(e->ctx, SCMP_ACT_KILL, SCMP_SYS(read), 7))
ROW(r_arg_6, cmp1(e->ctx, 6, SCMP_CMP_EQ))
ROW(r_arg_100, cmp1(e->ctx, 100, SCMP_CMP_EQ))
ROW(r_arg_max, cmp1(e->ctx, UINT_MAX, SCMP_CMP_EQ))
/* two comparisons on one argument are an AND: fine but for a bad one */
ROW(r_arg_twice,
    seccomp_rule_add(e->ctx, SCMP_ACT_KILL, SCMP_SYS(read), 2,
		     SCMP_A1(SCMP_CMP_EQ, 1), SCMP_A1(_SCMP_CMP_MAX, 2)))

/* actions and errno values */
ROW(r_errno_4095, rule4(e->ctx, SCMP_ACT_ERRNO(4095), SCMP_SYS(read), 0, NULL))
ROW(r_errno_ffff,
    rule4(e->ctx, SCMP_ACT_ERRNO(0xffff), SCMP_SYS(read), 0, NULL))
ROW(r_act_bad, rule4(e->ctx, 0x12345678, SCMP_SYS(read), 0, NULL))
ROW(r_act_ret_data, rule4(e->ctx, SCMP_ACT_ALLOW | 1, SCMP_SYS(read), 0, NULL))
ROW(r_init_errno, seccomp_init(SCMP_ACT_ERRNO(4095)) != NULL)
ROW(r_init_bad, seccomp_init(0x00010000) != NULL)
ROW(r_reset_errno, seccomp_reset(e->ctx, SCMP_ACT_ERRNO(5000)))
ROW(r_badarch_errno,
    seccomp_attr_set(e->ctx, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_ERRNO(4095)))
ROW(r_badarch_bad, seccomp_attr_set(e->ctx, SCMP_FLTATR_ACT_BADARCH, 1))
ROW(r_enosys_errno,
    seccomp_attr_set(e->ctx, SCMP_FLTATR_ACT_ENOSYS, SCMP_ACT_ERRNO(4095)))
ROW(r_enosys_bad, seccomp_attr_set(e->ctx, SCMP_FLTATR_ACT_ENOSYS, 1))
ROW(r_kvermax_null,
    seccomp_attr_set(e->ctx, SCMP_FLTATR_CTL_KVERMAX, __SCMP_KV_NULL))
ROW(r_kvermax_max,
    seccomp_attr_set(e->ctx, SCMP_FLTATR_CTL_KVERMAX, __SCMP_KV_MAX))
ROW(r_kvermax_ones,
    seccomp_attr_set(e->ctx, SCMP_FLTATR_CTL_KVERMAX, 0xffffffff))

/* conflicts between calls, attributes and filters */
ROW(r_rule_default, rule4(e->ctx, SCMP_ACT_ALLOW, SCMP_SYS(read), 0, NULL))
ROW(r_rule_conflict,
    seccomp_rule_add(e->ctx, SCMP_ACT_ERRNO(3), SCMP_SYS(write), 1,
		     SCMP_A0(SCMP_CMP_EQ, 2)))
ROW(r_set_default,
    seccomp_attr_set(e->ctx, SCMP_FLTATR_ACT_DEFAULT, SCMP_ACT_KILL))
ROW(r_optimize_0, seccomp_attr_set(e->ctx, SCMP_FLTATR_CTL_OPTIMIZE, 0))
ROW(r_optimize_3, seccomp_attr_set(e->ctx, SCMP_FLTATR_CTL_OPTIMIZE, 3))
ROW(r_exact_multi,
    seccomp_rule_add_exact(e->multi, SCMP_ACT_KILL, SCMP_SYS(read), 0))
ROW(r_exact_mux_args,
    seccomp_rule_add_exact_array(e->mux, SCMP_ACT_KILL, SCMP_SYS(socket), 1,
				 one_cmp))
ROW(r_arch_add_twice, seccomp_arch_add(e->ctx, SCMP_ARCH_NATIVE))
ROW(r_arch_add_order, seccomp_arch_add(e->ctx, other_order_arch()))
ROW(r_arch_remove_absent, seccomp_arch_remove(e->ctx, SCMP_ARCH_X86))
ROW(r_merge_default, (seccomp_reset(e->same, SCMP_ACT_KILL),
		      seccomp_arch_remove(e->same, SCMP_ARCH_NATIVE),
		      seccomp_arch_add(e->same, same_order_arch()),
		      seccomp_merge(e->ctx, e->same)))
ROW(r_merge_nnp, (seccomp_attr_set(e->same, SCMP_FLTATR_CTL_NNP, 0),
		  seccomp_arch_remove(e->same, SCMP_ARCH_NATIVE),
		  seccomp_arch_add(e->same, same_order_arch()),
		  seccomp_merge(e->ctx, e->same)))
ROW(r_merge_tsync, (seccomp_attr_set(e->same, SCMP_FLTATR_CTL_TSYNC, 1),
		    seccomp_arch_remove(e->same, SCMP_ARCH_NATIVE),
		    seccomp_arch_add(e->same, same_order_arch()),
		    seccomp_merge(e->ctx, e->same)))
ROW(r_merge_kvermax,
    (seccomp_attr_set(e->same, SCMP_FLTATR_CTL_KVERMAX, SCMP_KV_5_2),
     seccomp_arch_remove(e->same, SCMP_ARCH_NATIVE),
     seccomp_arch_add(e->same, same_order_arch()),
     seccomp_merge(e->ctx, e->same)))
ROW(r_merge_enosys,
    (seccomp_attr_set(e->same, SCMP_FLTATR_ACT_ENOSYS, SCMP_ACT_TRAP),
     seccomp_arch_remove(e->same, SCMP_ARCH_NATIVE),
     seccomp_arch_add(e->same, same_order_arch()),
     seccomp_merge(e->ctx, e->same)))
ROW(r_merge_order, seccomp_merge(e->ctx, e->other))
ROW(r_merge_overlap, seccomp_merge(e->ctx, e->same))
ROW(r_merge_overlap_multi, seccomp_merge(e->multi, e->same))

/* the API level: features the (forced) kernel lacks */
ROW(r_l5_tsync_notify,
    (at_level(5), seccomp_rule_add(e->ctx, SCMP_ACT_NOTIFY, SCMP_SYS(read), 0),
     seccomp_attr_set(e->ctx, SCMP_FLTATR_CTL_TSYNC, 1)))
ROW(r_l5_notify_tsync,
    (at_level(5), seccomp_attr_set(e->same, SCMP_FLTATR_CTL_TSYNC, 1),
     seccomp_rule_add(e->same, SCMP_ACT_NOTIFY, SCMP_SYS(read), 0)))
ROW(r_l1_tsync,
    (at_level(1), seccomp_attr_set(e->ctx, SCMP_FLTATR_CTL_TSYNC, 1)))
ROW(r_l2_log, (at_level(2), seccomp_attr_set(e->ctx, SCMP_FLTATR_CTL_LOG, 1)))
ROW(r_l3_ssb, (at_level(3), seccomp_attr_set(e->ctx, SCMP_FLTATR_CTL_SSB, 1)))
ROW(r_l2_log_act,
    (at_level(2), rule4(e->ctx, SCMP_ACT_LOG, SCMP_SYS(read), 0, NULL)))
ROW(r_l2_kill_process,
    (at_level(2), seccomp_init(SCMP_ACT_KILL_PROCESS) != NULL))
ROW(r_l4_notify_init, (at_level(4), seccomp_init(SCMP_ACT_NOTIFY) != NULL))
ROW(r_l4_notify_reset, (at_level(4), seccomp_reset(e->ctx, SCMP_ACT_NOTIFY)))
ROW(r_l1_notify_alloc, (at_level(1), seccomp_notify_alloc(NULL, NULL)))
ROW(r_l4_notify_recv,
    (at_level(4), seccomp_notify_receive(0, &(struct seccomp_notif){ 0 })))
ROW(r_l4_notify_id, (at_level(4), seccomp_notify_id_valid(0, 1)))
ROW(r_l4_ext_set_flags, (at_level(4), seccomp_ext_notify_set_flags(0, 1)))
ROW(r_l2_badarch_log,
    (at_level(2),
     seccomp_attr_set(e->ctx, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_LOG)))
ROW(r_l2_enosys_log,
    (at_level(2),
     seccomp_attr_set(e->ctx, SCMP_FLTATR_ACT_ENOSYS, SCMP_ACT_LOG)))
ROW(r_l5_enosys_notify_tsync,
    (at_level(5), seccomp_attr_set(e->same, SCMP_FLTATR_CTL_TSYNC, 1),
     seccomp_attr_set(e->same, SCMP_FLTATR_ACT_ENOSYS, SCMP_ACT_NOTIFY)))
ROW(r_l5_tsync_enosys_notify,
    (at_level(5),
     seccomp_attr_set(e->same, SCMP_FLTATR_ACT_ENOSYS, SCMP_ACT_NOTIFY),
     seccomp_attr_set(e->same, SCMP_FLTATR_CTL_TSYNC, 1)))

/* file descriptors and buffers */
ROW(r_bpf_badfd, seccomp_export_bpf(e->ctx, -1))
ROW(r_pfc_badfd, export_pfc_fd(e->ctx, -1))
ROW(r_bpf_badfd_raw, (rawrc(e->same), seccomp_export_bpf(e->same, -1)))
ROW(r_pfc_badfd_raw, (rawrc(e->same), seccomp_export_pfc(e->same, -1)))
ROW(r_mem_short, bpf_mem_short(e->ctx))
ROW(r_notify_id_badfd, seccomp_notify_id_valid(-1, 1))
ROW(r_notify_recv_badfd,
    seccomp_notify_receive(-1, &(struct seccomp_notif){ 0 }))
ROW(r_notify_resp_badfd,
    seccomp_notify_respond(-1, &(struct seccomp_notif_resp){ 0 }))
ROW(r_notify_addfd_badfd,
    seccomp_notify_addfd(-1, &(struct seccomp_notif_addfd){ 0 }))
ROW(r_notify_fd_none, seccomp_notify_fd(e->ctx))
ROW(r_ext_set_flags_badfd, seccomp_ext_notify_set_flags(-1, 0))
ROW(r_ext_set_flags_notfd, seccomp_ext_notify_set_flags(STDIN_FILENO, 1))
ROW(r_ext_set_flags_badflags, seccomp_ext_notify_set_flags(0, 2))
ROW(r_l4_ext_addfd_send,
    (at_level(4), seccomp_ext_notify_addfd_send(0, 1, 0, -1, 0)))
ROW(r_ext_addfd_send_badfd, seccomp_ext_notify_addfd_send(-1, 1, 0, -1, 0))
ROW(r_ext_addfd_send_badsrc, seccomp_ext_notify_addfd_send(0, 1, -1, -1, 0))
ROW(r_ext_addfd_send_notfd,
    seccomp_ext_notify_addfd_send(STDIN_FILENO, 1, 0, -1, 0))
ROW(r_ext_addfd_send_badnewfd, seccomp_ext_notify_addfd_send(-1, 1, -1, -2, 0))
ROW(r_ext_addfd_send_badflags,
    seccomp_ext_notify_addfd_send(-1, 1, -1, -1, O_NONBLOCK))
ROW(r_ext_raw_null,
    seccomp_ext_rule_add_raw(NULL, SCMP_ACT_KILL, SCMP_ARCH_NATIVE, 5, 0, NULL))
ROW(r_ext_raw_empty, seccomp_ext_rule_add_raw(e->empty, SCMP_ACT_KILL,
					      SCMP_ARCH_NATIVE, 5, 0, NULL))
ROW(r_ext_raw_badarch,
    seccomp_ext_rule_add_raw(e->ctx, SCMP_ACT_KILL, 0x12345, 5, 0, NULL))
ROW(r_ext_raw_absent, seccomp_ext_rule_add_raw(e->ctx, SCMP_ACT_KILL,
					       other_order_arch(), 5, 0, NULL))
ROW(r_ext_raw_pseudo, seccomp_ext_rule_add_raw(e->ctx, SCMP_ACT_KILL,
					       SCMP_ARCH_NATIVE, -101, 0, NULL))
ROW(r_ext_raw_seven,
    seccomp_ext_rule_add_raw(e->ctx, SCMP_ACT_KILL, SCMP_ARCH_NATIVE, 5, 7,
			     seven_cmps))
ROW(r_ext_raw_nullcmp, seccomp_ext_rule_add_raw(e->ctx, SCMP_ACT_KILL,
						SCMP_ARCH_NATIVE, 5, 1, NULL))
ROW(r_ext_raw_default,
    seccomp_ext_rule_add_raw(e->ctx, SCMP_ACT_ALLOW, SCMP_ARCH_NATIVE, 5, 1,
			     one_cmp))
ROW(r_ext_sysadd_badarch, seccomp_ext_syscall_add(0x12345, "hard_args", 1))
ROW(r_ext_sysadd_null, seccomp_ext_syscall_add(SCMP_ARCH_NATIVE, NULL, 1))
ROW(r_ext_sysadd_neg,
    seccomp_ext_syscall_add(SCMP_ARCH_NATIVE, "hard_args", -5))
ROW(r_ext_sysadd_clash, seccomp_ext_syscall_add(SCMP_ARCH_X86, "hard_args", 0))
ROW(r_ext_load_null, seccomp_ext_syscall_table_load(NULL))
ROW(r_ext_load_missing, seccomp_ext_syscall_table_load("/nonexistent/t.csv"))
ROW(r_ext_direct_badarch,
    seccomp_ext_syscall_resolve_name_direct(0x12345, "read"))

static const struct row rows[] = {
	{ "merge(NULL, ctx)", r_merge_null_dst, -EINVAL, KEEP },
	{ "merge(ctx, NULL)", r_merge_null_src, -EINVAL, KEEP },
	/* its ABIs overlap with themselves, as libseccomp reports */
	{ "merge(ctx, ctx)", r_merge_self, -EEXIST, KEEP },
	{ "merge(ctx, no ABI)", r_merge_empty, -EINVAL, KEEP },
	{ "merge(no ABI, ctx)", r_merge_into_empty, -EINVAL, KEEP },
	{ "arch_exist(NULL)", r_arch_exist_null, -EINVAL, 0 },
	{ "arch_add(NULL)", r_arch_add_null, -EINVAL, 0 },
	{ "arch_remove(NULL)", r_arch_remove_null, -EINVAL, 0 },
	{ "load(NULL)", r_load_null, -EINVAL, 0 },
	{ "load(no ABI)", r_load_empty, -EINVAL, KEEP },
	{ "attr_get(NULL)", r_attr_get_null, -EINVAL, 0 },
	{ "attr_get(no ABI)", r_attr_get_empty, -EINVAL, 0 },
	{ "attr_set(NULL)", r_attr_set_null, -EINVAL, 0 },
	{ "attr_set(no ABI)", r_attr_set_empty, -EINVAL, KEEP },
	{ "syscall_priority(NULL)", r_prio_null, -EINVAL, 0 },
	{ "syscall_priority(no ABI)", r_prio_empty, -EINVAL, KEEP },
	{ "rule_add*(NULL)", r_rule_null, -EINVAL, 0 },
	{ "rule_add*(no ABI)", r_rule_empty, -EINVAL, KEEP },
	{ "notify_fd(NULL)", r_notify_fd_null, -EINVAL, 0 },
	{ "notify_fd(no ABI)", r_notify_fd_empty, -EINVAL, 0 },
	{ "export_pfc(NULL)", r_pfc_null, -EINVAL, 0 },
	{ "export_pfc(no ABI)", r_pfc_empty, -EINVAL, 0 },
	{ "export_bpf(NULL)", r_bpf_null, -EINVAL, 0 },
	{ "export_bpf(no ABI)", r_bpf_empty, -EINVAL, 0 },
	{ "export_bpf_mem(NULL)", r_mem_null, -EINVAL, 0 },
	{ "export_bpf_mem(no ABI)", r_mem_empty, -EINVAL, 0 },
	{ "transaction_start(NULL)", r_txn_start_null, -EINVAL, 0 },
	{ "transaction_start(no ABI)", r_txn_start_empty, -EINVAL, KEEP },
	{ "transaction_commit(NULL)", r_txn_commit_null, -EINVAL, 0 },
	{ "transaction_commit(no ABI)", r_txn_commit_empty, -EINVAL, KEEP },
	{ "transaction_reject(NULL)", r_txn_reject_null, 0, 0 },
	{ "precompute(NULL)", r_precompute_null, -EINVAL, 0 },
	{ "precompute(no ABI)", r_precompute_empty, -EINVAL, KEEP },
	{ "release(NULL)", r_release_null, 0, 0 },
	{ "arch_exist(no ABI)", r_arch_exist_empty, -EEXIST, KEEP },
	{ "arch_remove(no ABI)", r_arch_remove_empty, -EEXIST, KEEP },

	{ "attr_get(value NULL)", r_attr_get_nullval, -EINVAL, KEEP },
	{ "export_bpf_mem(len NULL)", r_mem_nulllen, -EINVAL, KEEP },
	{ "export_bpf_mem(buf, len NULL)", r_mem_nulllen_buf, -EINVAL, KEEP },
	{ "rule_add*_array(1, NULL)", r_rule_nullarray, -EINVAL, KEEP },
	{ "arch_resolve_name(NULL)", r_arch_name_null, 0, 0 },
	{ "arch_resolve_name(\"\")", r_arch_name_empty, 0, 0 },
	{ "arch_resolve_name(\"x86-64\")", r_arch_name_bad, 0, 0 },
	{ "arch_name(alpha): NULL", r_arch_token_bad, 0, 0 },
	{ "syscall_resolve_name(NULL)", r_name_null, __NR_SCMP_ERROR, 0 },
	{ "syscall_resolve_name_arch(NULL)", r_name_arch_null, __NR_SCMP_ERROR,
	  0 },
	{ "syscall_resolve_name_rewrite(NULL)", r_name_rewrite_null,
	  __NR_SCMP_ERROR, 0 },
	{ "syscall_resolve_name(unknown)", r_name_unknown, __NR_SCMP_ERROR, 0 },
	/* as in libseccomp, the kernel's EFAULT: -ECANCELED */
	{ "notify_receive(req NULL)", r_notify_recv_null, -ECANCELED, 0 },
	{ "notify_respond(resp NULL)", r_notify_resp_null, -ECANCELED, 0 },
	{ "notify_addfd(addfd NULL)", r_notify_addfd_null, -ECANCELED, 0 },
	{ "notify_free(NULL, NULL)", r_notify_free_null, 0, 0 },

	{ "api_set(0)", r_api_set_0, -EINVAL, 0 },
	{ "api_set(8)", r_api_set_8, -EINVAL, 0 },
	{ "api_set(UINT_MAX)", r_api_set_max, -EINVAL, 0 },
	{ "attr_get(_SCMP_FLTATR_MIN)", r_attr_get_0, -EINVAL, KEEP },
	{ "attr_get(_SCMP_FLTATR_MAX)", r_attr_get_11, -EINVAL, KEEP },
	{ "attr_get(-1)", r_attr_get_neg, -EINVAL, KEEP },
	{ "attr_get(INT_MAX)", r_attr_get_huge, -EINVAL, KEEP },
	{ "attr_set(_SCMP_FLTATR_MIN)", r_attr_set_0, -EINVAL, KEEP },
	{ "attr_set(_SCMP_FLTATR_MAX)", r_attr_set_11, -EINVAL, KEEP },
	{ "attr_set(-1)", r_attr_set_neg, -EINVAL, KEEP },
	{ "comparison op _SCMP_CMP_MIN", r_op_0, -EINVAL, KEEP },
	{ "comparison op _SCMP_CMP_MAX", r_op_8, -EINVAL, KEEP },
	{ "comparison op -1", r_op_neg, -EINVAL, KEEP },
	{ "comparison op INT_MAX", r_op_huge, -EINVAL, KEEP },
	{ "comparison op EQ|32BIT|bit 17..31", r_op_flags, -EINVAL, KEEP },
	{ "comparison op SCMP_CMP_OPMASK", r_op_mask, -EINVAL, KEEP },
	{ "comparison op SCMP_CMP_32BIT alone", r_op_32bit, -EINVAL, KEEP },

	{ "arch_add(0x12345678)", r_arch_add_bad, -EINVAL, KEEP },
	{ "arch_add(0xffffffff)", r_arch_add_ones, -EINVAL, KEEP },
	{ "arch_remove(0x12345678)", r_arch_remove_bad, -EINVAL, KEEP },
	{ "arch_exist(1)", r_arch_exist_bad, -EINVAL, KEEP },
	{ "syscall_resolve_num_arch(bad token)", r_num_arch_bad, 0, 0 },
	{ "syscall_resolve_name_arch(bad token)", r_name_arch_bad,
	  __NR_SCMP_ERROR, 0 },
	{ "syscall_resolve_name_rewrite(bad token)", r_rewrite_bad,
	  __NR_SCMP_ERROR, 0 },

	{ "rule_add*(syscall -2)", r_sys_m2, -EINVAL, KEEP },
	{ "rule_add*(syscall -99)", r_sys_m99, -EINVAL, KEEP },
	{ "rule_add*(syscall -1, no API_TSKIP)", r_sys_m1, -EINVAL, KEEP },
	{ "syscall_priority(-50)", r_prio_m50, -EINVAL, KEEP },
	{ "syscall_priority(-1, no API_TSKIP)", r_prio_m1, -EINVAL, KEEP },
	{ "rule_add(1000, two ABIs)", r_sys_untranslatable, -EFAULT, KEEP },
	{ "syscall_priority(1000, two ABIs)", r_prio_untranslatable, -EFAULT,
	  KEEP },
	{ "rule_add_exact(pseudo number)", r_sys_exact_pseudo, -EDOM, KEEP },
	{ "syscall_resolve_num_arch(-2)", r_num_m2, 0, 0 },
	{ "syscall_resolve_num_arch(INT_MAX)", r_num_max, 0, 0 },

	{ "rule_add*(7 comparisons)", r_cnt_7, -EINVAL, KEEP },
	{ "rule_add*(UINT_MAX comparisons)", r_cnt_max, -EINVAL, KEEP },
	{ "rule_add(7, no arguments given)", r_cnt_7_va, -EINVAL, KEEP },
	{ "comparison on argument 6", r_arg_6, -EINVAL, KEEP },
	{ "comparison on argument 100", r_arg_100, -EINVAL, KEEP },
	{ "comparison on argument UINT_MAX", r_arg_max, -EINVAL, KEEP },
	{ "two comparisons on one argument, one bad", r_arg_twice, -EINVAL,
	  KEEP },

	{ "rule_add*(ERRNO(4095))", r_errno_4095, -EINVAL, KEEP },
	{ "rule_add*(ERRNO(0xffff))", r_errno_ffff, -EINVAL, KEEP },
	{ "rule_add*(action 0x12345678)", r_act_bad, -EINVAL, KEEP },
	{ "rule_add*(ALLOW | 1)", r_act_ret_data, -EINVAL, KEEP },
	{ "init(ERRNO(4095))", r_init_errno, 0, 0 },
	{ "init(0x00010000)", r_init_bad, 0, 0 },
	{ "reset(ERRNO(5000))", r_reset_errno, -EINVAL, KEEP },
	{ "attr_set(BADARCH, ERRNO(4095))", r_badarch_errno, -EINVAL, KEEP },
	{ "attr_set(BADARCH, 1)", r_badarch_bad, -EINVAL, KEEP },
	{ "attr_set(ACT_ENOSYS, ERRNO(4095))", r_enosys_errno, -EINVAL, KEEP },
	{ "attr_set(ACT_ENOSYS, 1)", r_enosys_bad, -EINVAL, KEEP },
	{ "attr_set(KVERMAX, __SCMP_KV_NULL)", r_kvermax_null, -EINVAL, KEEP },
	{ "attr_set(KVERMAX, __SCMP_KV_MAX)", r_kvermax_max, -EINVAL, KEEP },
	{ "attr_set(KVERMAX, 0xffffffff)", r_kvermax_ones, -EINVAL, KEEP },

	{ "rule action = default action", r_rule_default, -EACCES, KEEP },
	{ "same rule, other action", r_rule_conflict, -EEXIST, KEEP },
	{ "attr_set(ACT_DEFAULT)", r_set_default, -EACCES, KEEP },
	{ "attr_set(OPTIMIZE, 0)", r_optimize_0, -EOPNOTSUPP, KEEP },
	{ "attr_set(OPTIMIZE, 3)", r_optimize_3, -EOPNOTSUPP, KEEP },
	{ "rule_add_exact, two ABIs", r_exact_multi, -EOPNOTSUPP, KEEP },
	{ "rule_add_exact, socket call with arguments", r_exact_mux_args,
	  -EINVAL, KEEP },
	{ "arch_add(present)", r_arch_add_twice, -EEXIST, KEEP },
	{ "arch_add(other byte order)", r_arch_add_order, -EDOM, KEEP },
	{ "arch_remove(absent)", r_arch_remove_absent, -EEXIST, KEEP },
	{ "merge, other default action", r_merge_default, -EINVAL, KEEP_CTX },
	{ "merge, other NNP", r_merge_nnp, -EINVAL, KEEP_CTX },
	{ "merge, other TSYNC", r_merge_tsync, -EINVAL, KEEP_CTX },
	{ "merge, other KVERMAX", r_merge_kvermax, -EINVAL, KEEP_CTX },
	{ "merge, other ACT_ENOSYS", r_merge_enosys, -EINVAL, KEEP_CTX },
	{ "merge, other byte order", r_merge_order, -EDOM, KEEP },
	{ "merge, same ABI", r_merge_overlap, -EEXIST, KEEP },
	{ "merge, one ABI of two shared", r_merge_overlap_multi, -EEXIST,
	  KEEP },

	{ "level 5: TSYNC on a NOTIFY filter", r_l5_tsync_notify, -EINVAL, 0 },
	{ "level 5: NOTIFY rule with TSYNC", r_l5_notify_tsync, -EINVAL, 0 },
	{ "level 1: TSYNC", r_l1_tsync, -EOPNOTSUPP, KEEP },
	{ "level 2: CTL_LOG", r_l2_log, -EOPNOTSUPP, KEEP },
	{ "level 3: CTL_SSB", r_l3_ssb, -EOPNOTSUPP, KEEP },
	{ "level 2: LOG action", r_l2_log_act, -EINVAL, KEEP },
	{ "level 2: init(KILL_PROCESS)", r_l2_kill_process, 0, 0 },
	{ "level 4: init(NOTIFY)", r_l4_notify_init, 0, 0 },
	{ "level 4: reset(NOTIFY)", r_l4_notify_reset, -EINVAL, KEEP },
	{ "level 1: notify_alloc", r_l1_notify_alloc, -EOPNOTSUPP, 0 },
	{ "level 4: notify_receive", r_l4_notify_recv, -EOPNOTSUPP, 0 },
	{ "level 4: notify_id_valid", r_l4_notify_id, -EOPNOTSUPP, 0 },
	{ "level 4: ext_notify_set_flags", r_l4_ext_set_flags, -EOPNOTSUPP, 0 },
	{ "level 2: BADARCH LOG", r_l2_badarch_log, -EINVAL, KEEP },
	{ "level 2: ACT_ENOSYS LOG", r_l2_enosys_log, -EINVAL, KEEP },
	{ "level 5: ACT_ENOSYS NOTIFY with TSYNC", r_l5_enosys_notify_tsync,
	  -EINVAL, 0 },
	{ "level 5: TSYNC with ACT_ENOSYS NOTIFY", r_l5_tsync_enosys_notify,
	  -EINVAL, 0 },

	{ "export_bpf(fd -1)", r_bpf_badfd, -ECANCELED, KEEP },
	{ "export_pfc(fd -1)", r_pfc_badfd, -ECANCELED, KEEP },
	{ "export_bpf(fd -1), SYSRAWRC", r_bpf_badfd_raw, -EBADF, 0 },
	{ "export_pfc(fd -1), SYSRAWRC", r_pfc_badfd_raw, -EBADF, 0 },
	{ "export_bpf_mem(8-byte buffer)", r_mem_short, -ERANGE, KEEP },
	{ "notify_id_valid(fd -1)", r_notify_id_badfd, -ENOENT, 0 },
	{ "notify_receive(fd -1)", r_notify_recv_badfd, -ECANCELED, 0 },
	{ "notify_respond(fd -1)", r_notify_resp_badfd, -ECANCELED, 0 },
	{ "notify_addfd(fd -1)", r_notify_addfd_badfd, -ECANCELED, 0 },
	{ "notify_fd(no listener)", r_notify_fd_none, -EFAULT, 0 },
	{ "ext_notify_set_flags(fd -1)", r_ext_set_flags_badfd, -EBADF, 0 },
	{ "ext_notify_set_flags(stdin)", r_ext_set_flags_notfd, -EBADF, 0 },
	{ "ext_notify_set_flags(flags 2)", r_ext_set_flags_badflags, -EINVAL,
	  0 },
	{ "level 4: ext_notify_addfd_send", r_l4_ext_addfd_send, -EOPNOTSUPP,
	  0 },
	{ "ext_notify_addfd_send(fd -1)", r_ext_addfd_send_badfd, -EBADF, 0 },
	{ "ext_notify_addfd_send(srcfd -1)", r_ext_addfd_send_badsrc, -EBADF,
	  0 },
	{ "ext_notify_addfd_send(stdin)", r_ext_addfd_send_notfd, -EBADF, 0 },
	{ "ext_notify_addfd_send(newfd -2)", r_ext_addfd_send_badnewfd, -EINVAL,
	  0 },
	{ "ext_notify_addfd_send(O_NONBLOCK)", r_ext_addfd_send_badflags,
	  -EINVAL, 0 },
	{ "ext_rule_add_raw(NULL)", r_ext_raw_null, -EINVAL, 0 },
	{ "ext_rule_add_raw(no ABI)", r_ext_raw_empty, -EINVAL, KEEP },
	{ "ext_rule_add_raw(arch 0x12345)", r_ext_raw_badarch, -EINVAL, KEEP },
	{ "ext_rule_add_raw(ABI not in filter)", r_ext_raw_absent, -EDOM,
	  KEEP },
	{ "ext_rule_add_raw(-101)", r_ext_raw_pseudo, -EINVAL, KEEP },
	{ "ext_rule_add_raw(7 cmps)", r_ext_raw_seven, -EINVAL, KEEP },
	{ "ext_rule_add_raw(1 cmp, NULL)", r_ext_raw_nullcmp, -EINVAL, KEEP },
	{ "ext_rule_add_raw(default action)", r_ext_raw_default, -EACCES,
	  KEEP },
	{ "ext_syscall_add(arch 0x12345)", r_ext_sysadd_badarch, -EINVAL, 0 },
	{ "ext_syscall_add(NULL name)", r_ext_sysadd_null, -EINVAL, 0 },
	{ "ext_syscall_add(-5)", r_ext_sysadd_neg, -EINVAL, 0 },
	{ "ext_syscall_add(x86's 0)", r_ext_sysadd_clash, -EEXIST, 0 },
	{ "ext_syscall_table_load(NULL)", r_ext_load_null, -EINVAL, 0 },
	{ "ext_syscall_table_load(missing)", r_ext_load_missing, -ENOENT, 0 },
	{ "ext_syscall_resolve_name_direct(arch 0x12345)", r_ext_direct_badarch,
	  __NR_SCMP_ERROR, 0 },
};

/*
 * Notification buffers the caller allocated itself, handed to
 * seccomp_notify_free() (libseccomp just free()s them): the library must
 * not reuse them as blocks of its own size, which the small programs
 * built next (64 to 128 bytes, as a request buffer's block) would overrun
 * (ASan and valgrind tell).
 */
static void foreign_notify_buffers(void)
{
	static const int nrs[] = { 0, 1, 2, 3, 4, 5, 6, 7 };
	struct seccomp_notif *req;
	struct seccomp_notif_resp *resp;
	scmp_filter_ctx ctx;
	unsigned int i, k;

	for (i = 0; i <= 8; i++) {
		/* more than the filter takes of each size, so that its
		 * program gets one too */
		for (k = 0; k < 3; k++) {
			req = calloc(1, sizeof(*req));
			resp = calloc(1, sizeof(*resp));
			if (req == NULL || resp == NULL)
				abort();
			seccomp_notify_free(req, resp);
		}

		ctx = seccomp_init(SCMP_ACT_ALLOW);
		EXPECT(ctx != NULL, 1);
		for (k = 0; k < i; k++)
			EXPECT(seccomp_rule_add(ctx, SCMP_ACT_KILL, nrs[k], 0),
			       0);
		EXPECT(seccomp_precompute(ctx), 0);
		seccomp_release(ctx);
	}
}

int main(void)
{
	struct filter_snap snaps[6];
	struct env e;
	scmp_filter_ctx *all[6] = { &e.ctx, &e.empty, &e.multi,
				    &e.mux, &e.other, &e.same };
	unsigned int i, k, keep;
	int rc, fails;

	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		env_make(&e);
		for (k = 0; k < 6; k++)
			filter_snap_take(*all[k], &snaps[k]);
		fails = test_failures;
		rc = rows[i].run(&e);
		seccomp_api_set(7);
		EXPECT(rc, rows[i].want);
		keep = rows[i].flags & KEEP ? 6 : rows[i].flags & KEEP_CTX;
		for (k = 0; k < keep; k++)
			EXPECT(filter_snap_same(*all[k], &snaps[k]), 1);
		if (test_failures > fails)
			printf("  in row \"%s\"\n", rows[i].what);
		for (k = 0; k < 6; k++)
			filter_snap_free(&snaps[k]);
		env_free(&e);
	}
	printf("%u rows\n", i);
	foreign_notify_buffers();
	return test_result();
}
