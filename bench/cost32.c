/* SPDX-License-Identifier: LGPL-2.1-only */
/* make bench: what 32-bit, signed and high-word-checked comparisons cost a syscall. */

/*
 * Built against this tree only (it uses seccomp-ext.h, which no other
 * libseccomp has). For a few one-syscall filters on x86_64 it prints the
 * program's length and the instructions the simulator (tools/bpf) runs on
 * the way to the syscall's answer, for the comparison written without
 * SCMP_CMP_32BIT, with it, signed (SCMP_CMP_EXT_SIGNED) and with
 * SCMP_FLTATR_EXT_ACT_BADARG32's check for a clean, a sign-extended and a
 * dirty high word; then the check's cost per syscall in a filter of many
 * syscalls with 32-bit rules. Counts, not times: nothing here is timed.
 */

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include <seccomp.h>
#include <seccomp-ext.h>

#include "bpf_sim.h"

#define NR_OPENAT 257
#define PROG_BYTES (4096 * 8)

/* One filter: openat with one comparison, the check on or off. */
struct cost_case {
	const char *what;
	struct scmp_arg_cmp cmp;
	bool badarg;
};

/* The filter's program loaded for the simulator; 0 or -1. */
static int build(const struct scmp_arg_cmp *cmps, unsigned int cnt,
		 const int *nrs, unsigned int nr_cnt, bool badarg,
		 struct bpf_sim_prog *prog)
{
	static unsigned char buf[PROG_BYTES];
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ERRNO(1));
	size_t len = sizeof(buf);
	unsigned int i;
	int rc = -1;

	if (ctx == NULL)
		return -1;
	if (seccomp_arch_native() != SCMP_ARCH_X86_64 &&
	    (seccomp_arch_add(ctx, SCMP_ARCH_X86_64) != 0 ||
	     seccomp_arch_remove(ctx, SCMP_ARCH_NATIVE) != 0))
		goto out;
	if (badarg && seccomp_attr_set(ctx, SCMP_FLTATR_EXT_ACT_BADARG32,
				       SCMP_ACT_KILL_PROCESS) != 0)
		goto out;
	for (i = 0; i < nr_cnt; i++) {
		/* no @cmps: a0.lo32 == nr && a1.lo32 != 7 */
		const struct scmp_arg_cmp own[] = {
			SCMP_A0(SCMP_CMP_EQ | SCMP_CMP_32BIT, (uint64_t)nrs[i]),
			SCMP_A1(SCMP_CMP_NE | SCMP_CMP_32BIT, 7),
		};

		if (seccomp_rule_add_array(ctx, SCMP_ACT_ALLOW, nrs[i], cnt,
					   cmps != NULL ? cmps : own) != 0)
			goto out;
	}
	if (seccomp_export_bpf_mem(ctx, buf, &len) == 0 &&
	    bpf_sim_load_mem(prog, buf, len, 0) == 0)
		rc = 0;
out:
	seccomp_release(ctx);
	return rc;
}

/* Instructions run for openat(@a0): "N (ACTION)". */
static void path(struct bpf_sim_prog *prog, uint64_t a0)
{
	struct seccomp_data d = { .nr = NR_OPENAT,
				  .arch = SCMP_ARCH_X86_64,
				  .args = { a0 } };
	struct bpf_sim_result res;
	char act[32];

	if (bpf_sim_run(prog, &d, &res) != 0) {
		printf(" | ?");
		return;
	}
	bpf_sim_action_str(res.action, act, sizeof(act));
	printf(" | %u %s", res.insns, act);
}

static void one_syscall(void)
{
	static const int nr = NR_OPENAT;
	const struct cost_case cases[] = {
		{ "a0 == 0xffffff9c", SCMP_A0(SCMP_CMP_EQ, 0xffffff9c), false },
		{ "a0.lo32 == 0xffffff9c",
		  SCMP_A0(SCMP_CMP_EQ | SCMP_CMP_32BIT, 0xffffff9c), false },
		{ "a0.lo32 == 0xffffff9c, BADARG32",
		  SCMP_A0(SCMP_CMP_EQ | SCMP_CMP_32BIT, 0xffffff9c), true },
		{ "a0 < 10", SCMP_A0(SCMP_CMP_LT, 10), false },
		{ "a0.lo32 < 10", SCMP_A0(SCMP_CMP_LT | SCMP_CMP_32BIT, 10),
		  false },
		{ "(int64_t)a0 < 0",
		  SCMP_A0(SCMP_CMP_LT | SCMP_CMP_EXT_SIGNED, 0), false },
		{ "(int64_t)a0 < -100",
		  SCMP_A0(SCMP_CMP_LT | SCMP_CMP_EXT_SIGNED, -100), false },
		{ "(int32_t)a0 < 0",
		  SCMP_A0((enum scmp_compare)(SCMP_CMP_LT | SCMP_CMP_32BIT |
					      SCMP_CMP_EXT_SIGNED),
			  0),
		  false },
		{ "(int32_t)a0 < 0, BADARG32",
		  SCMP_A0((enum scmp_compare)(SCMP_CMP_LT | SCMP_CMP_32BIT |
					      SCMP_CMP_EXT_SIGNED),
			  0),
		  true },
	};
	struct bpf_sim_prog prog;
	unsigned int i;

	printf("| openat, x86_64 | program | a0 = 0x00000000ffffff9c |"
	       " 0xffffffffffffff9c | 0x12345678ffffff9c | 5 |\n");
	printf("|---|---|---|---|---|---|\n");
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		if (build(&cases[i].cmp, 1, &nr, 1, cases[i].badarg, &prog) !=
		    0) {
			printf("| %s | refused |\n", cases[i].what);
			continue;
		}
		printf("| %s | %u", cases[i].what, prog.len);
		path(&prog, 0xffffff9cULL);
		path(&prog, 0xffffffffffffff9cULL);
		path(&prog, 0x12345678ffffff9cULL);
		path(&prog, 5);
		printf(" |\n");
		bpf_sim_free(&prog);
	}
}

/*
 * The check per syscall: @cnt syscalls (0..cnt-1), each with its own
 * 32-bit rule on a0 and a1 (a0.lo32 == its number: identical rules would
 * share one tail, check included), with and without the attribute.
 */
static void many_syscalls(unsigned int cnt)
{
	struct bpf_sim_prog off, on;
	int *nrs = malloc(cnt * sizeof(*nrs));
	unsigned int i;

	if (nrs == NULL)
		return;
	for (i = 0; i < cnt; i++)
		nrs[i] = (int)i;
	if (build(NULL, 2, nrs, cnt, false, &off) == 0 &&
	    build(NULL, 2, nrs, cnt, true, &on) == 0) {
		printf("| %u syscalls, a0.lo32 == nr && a1.lo32 != 7 | %u | %u |"
		       " %.1f |\n",
		       cnt, off.len, on.len, (double)(on.len - off.len) / cnt);
		bpf_sim_free(&off);
		bpf_sim_free(&on);
	}
	free(nrs);
}

int main(void)
{
	printf("Instructions run (and the answer) for openat(a0, ...)\n\n");
	one_syscall();
	printf("\nThe high-word check's size, per syscall (two checked "
	       "arguments)\n\n");
	printf("| filter | without | with BADARG32 | per syscall |\n");
	printf("|---|---|---|---|\n");
	many_syscalls(1);
	many_syscalls(20);
	many_syscalls(200);
	return 0;
}
