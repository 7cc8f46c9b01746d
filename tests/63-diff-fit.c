/* SPDX-License-Identifier: LGPL-2.1-only */
/* 63-diff-fit: a policy that fits BPF_MAXINSNS here and not in libseccomp 2.5. */

/*
 * An ioctl allow-list of VALUES 64-bit request codes (on arg1), the rest
 * killed. libseccomp 2.5 tests the values one after the other, four
 * instructions each: past 4096 instructions, its export fails or makes a
 * program the kernel refuses. Ours searches the values and must fit,
 * allow every listed code and kill its neighbours (the low word one off,
 * the high word one off) and other syscalls, in the simulator.
 *
 * The system's libseccomp is loaded as in 61-diff-libseccomp
 * ($LIBSECCOMP_SYSTEM or the usual places); without it only our half
 * runs, and says so.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/audit.h>
#include <linux/filter.h>
#include <seccomp.h>

#include "bpf_sim.h"
#include "prop.h"

#define VALUES 1100
#define NR_IOCTL 16 /* on x86_64, which the filter is for */

static uint64_t value(unsigned int i)
{
	return (uint64_t)(i * 7 + 1) << 32 | (0x40000000U + i * 13);
}

static scmp_filter_ctx build(const struct prop_api *api)
{
	scmp_filter_ctx ctx = api->init(SCMP_ACT_KILL_PROCESS);
	struct scmp_arg_cmp cmp = { .arg = 1, .op = SCMP_CMP_EQ };
	unsigned int i;
	int nr;

	if (ctx == NULL)
		return NULL;
	/* the filter is for x86_64 whatever the host; rules name ioctl by
	 * its native number */
	nr = api->resolve_name_arch(prop_arch_native(), "ioctl");
	if (prop_arch_native() != SCMP_ARCH_X86_64 &&
	    (api->arch_add(ctx, SCMP_ARCH_X86_64) < 0 ||
	     api->arch_remove(ctx, SCMP_ARCH_NATIVE) < 0)) {
		api->release(ctx);
		return NULL;
	}
	for (i = 0; i < VALUES; i++) {
		cmp.datum_a = value(i);
		if (api->rule_add_array(ctx, SCMP_ACT_ALLOW, nr, 1, &cmp) < 0) {
			api->release(ctx);
			return NULL;
		}
	}
	return ctx;
}

static uint32_t run(struct bpf_sim_prog *prog, int nr, uint64_t arg1)
{
	struct seccomp_data d = { .nr = nr, .arch = AUDIT_ARCH_X86_64 };
	struct bpf_sim_result res;

	d.args[1] = arg1;
	if (bpf_sim_run(prog, &d, &res) < 0)
		return 0xffffffff;
	return res.action;
}

static int check_ours(void)
{
	struct prop_api ours;
	struct bpf_sim_prog prog;
	scmp_filter_ctx ctx;
	unsigned int i, bad = 0;
	int rc;

	prop_api_ours(&ours);
	ctx = build(&ours);
	if (ctx == NULL) {
		printf("FAIL: ours: building the filter\n");
		return 1;
	}
	rc = prop_export(&ours, ctx, false, &prog);
	ours.release(ctx);
	if (rc < 0 || prog.len > BPF_MAXINSNS) {
		printf("FAIL: ours: export %d, %u instructions\n", rc,
		       rc < 0 ? 0 : prog.len);
		return 1;
	}
	for (i = 0; i < VALUES; i++) {
		bad += run(&prog, NR_IOCTL, value(i)) != SCMP_ACT_ALLOW;
		bad += run(&prog, NR_IOCTL, value(i) + 1) !=
		       SCMP_ACT_KILL_PROCESS;
		bad += run(&prog, NR_IOCTL, value(i) + (1ULL << 32)) !=
		       SCMP_ACT_KILL_PROCESS;
	}
	bad += run(&prog, NR_IOCTL + 1, value(0)) != SCMP_ACT_KILL_PROCESS;
	printf("ours: %u instructions, %u wrong answers\n", prog.len, bad);
	bpf_sim_free(&prog);
	return bad != 0;
}

static int check_theirs(void)
{
	struct prop_api theirs;
	unsigned char *buf;
	scmp_filter_ctx ctx;
	size_t len;
	int rc, failed = 0;

	if (prop_api_open_system(&theirs) < 0) {
		printf("theirs: no system libseccomp.so.2, not compared\n");
		return 0;
	}
	ctx = build(&theirs);
	if (ctx == NULL) {
		printf("FAIL: theirs: building the filter\n");
		prop_api_close(&theirs);
		return 1;
	}
	rc = prop_export_raw(&theirs, ctx, &buf, &len);
	theirs.release(ctx);
	if (rc == 0 && len / sizeof(struct sock_filter) <= BPF_MAXINSNS) {
		printf("FAIL: theirs fits (%zu instructions): the policy no "
		       "longer shows the difference\n",
		       len / sizeof(struct sock_filter));
		failed = 1;
	} else {
		printf("theirs: %s\n", rc < 0 ? strerror(-rc) : "too long");
		if (rc == 0)
			printf("theirs: %zu instructions\n",
			       len / sizeof(struct sock_filter));
	}
	free(buf);
	prop_api_close(&theirs);
	return failed;
}

int main(void)
{
	int failed = check_ours();

	failed |= check_theirs();
	return failed;
}
