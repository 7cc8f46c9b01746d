/* SPDX-License-Identifier: LGPL-2.1-only */
/* Large filters: one beyond BPF_MAXINSNS must fail to export and load, never come out truncated; one that fits, with jumps that need trampolines, is checked rule by rule. */

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <linux/audit.h>
#include <seccomp.h>

#include "bpf_sim.h"
#include "test_util.h"

/* x86_64 syscall numbers below this get a rule (about 370 exist). */
#define NR_LIMIT 460

/* A distinct 64-bit datum per syscall and seed: both words differ. */
static uint64_t datum(int nr, unsigned int seed)
{
	return ((uint64_t)(nr + 1 + seed * 1000) << 32) |
	       (uint32_t)(nr * 7 + 1 + seed);
}

/*
 * A filter for one ABI in which every x86_64 syscall gets "a0 == datum ->
 * ERRNO(nr + 1)": a distinct return and comparison each, so nothing can
 * be shared. Filters of other seeds share nothing with it either.
 */
static scmp_filter_ctx build(uint32_t arch, unsigned int seed)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
	int nr, num;

	if (ctx == NULL || seccomp_arch_remove(ctx, SCMP_ARCH_NATIVE) != 0 ||
	    seccomp_arch_add(ctx, arch) != 0)
		goto fail;
	for (nr = 0; nr < NR_LIMIT; nr++) {
		num = test_x86_64_nr(nr);
		if (num < 0)
			continue;
		if (seccomp_rule_add(ctx, SCMP_ACT_ERRNO(nr + 1), num, 1,
				     SCMP_A0(SCMP_CMP_EQ, datum(nr, seed))) !=
		    0)
			goto fail;
	}
	return ctx;
fail:
	printf("FAIL: cannot build the filter\n");
	seccomp_release(ctx);
	return NULL;
}

static uint32_t run(struct bpf_sim_prog *prog, int nr, uint64_t a0)
{
	struct seccomp_data data = { .nr = nr, .arch = AUDIT_ARCH_X86_64 };
	struct bpf_sim_result res;

	data.args[0] = a0;
	if (bpf_sim_run(prog, &data, &res) < 0)
		return 0xdeadbeef;
	return res.action;
}

/* Counts "ja" instructions: the trampolines of jumps beyond 255. */
static unsigned int count_ja(const struct bpf_sim_prog *prog)
{
	unsigned int i, cnt = 0;

	for (i = 0; i < prog->len; i++)
		if (prog->insns[i].code == (BPF_JMP | BPF_JA))
			cnt++;
	return cnt;
}

/* The x86_64 filter that fits: every rule, every neighbour, row by row. */
static void check_fitting(void)
{
	scmp_filter_ctx ctx = build(SCMP_ARCH_X86_64, 0);
	struct bpf_sim_prog prog;
	struct bpf_sim_fault fault;
	size_t len = 0;
	void *buf;
	int nr, rules = 0;

	if (ctx == NULL) {
		test_failures++;
		return;
	}
	EXPECT(seccomp_export_bpf_mem(ctx, NULL, &len), 0);
	buf = malloc(len);
	EXPECT(seccomp_export_bpf_mem(ctx, buf, &len), 0);
	EXPECT(bpf_sim_load_mem(&prog, buf, len, 0), 0);
	EXPECT(bpf_sim_verify(&prog, &fault), 0);
	printf("fitting filter: %u instructions, %u ja\n", prog.len,
	       count_ja(&prog));
	/* long enough that the syscall search must jump far */
	EXPECT(prog.len > 4 * 255, 1);
	EXPECT(count_ja(&prog) > 0, 1);

	for (nr = 0; nr < 1024; nr++) {
		uint64_t d = datum(nr, 0);

		if (nr >= NR_LIMIT || test_x86_64_nr(nr) < 0) {
			EXPECT(run(&prog, nr, d), SCMP_ACT_ALLOW);
			continue;
		}
		rules++;
		EXPECT(run(&prog, nr, d), SCMP_ACT_ERRNO(nr + 1));
		EXPECT(run(&prog, nr, d + 1), SCMP_ACT_ALLOW);
		EXPECT(run(&prog, nr, d ^ (1ULL << 32)), SCMP_ACT_ALLOW);
		EXPECT(run(&prog, nr, (uint32_t)d), SCMP_ACT_ALLOW);
	}
	EXPECT(rules > 300, 1);
	/* x32 numbers and the bad-arch path still work at the far end */
	EXPECT(run(&prog, 0x40000000, 0), SCMP_ACT_KILL);
	bpf_sim_free(&prog);
	free(buf);
	seccomp_release(ctx);
}

/* seccomp_load in a child: a filter that loaded would only bind it. */
static int load_in_child(scmp_filter_ctx ctx)
{
	int status;
	pid_t pid;

	/* what stdout holds is the parent's to print */
	fflush(stdout);
	pid = fork();
	if (pid == 0)
		_exit(-seccomp_load(ctx) & 0xff);
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return -WEXITSTATUS(status);
}

/* Four 64-bit ABIs, each with its own datums: far beyond 4096 instructions. */
static void check_too_large(void)
{
	static const uint32_t arches[] = {
		SCMP_ARCH_X86_64,
		SCMP_ARCH_AARCH64,
		SCMP_ARCH_RISCV64,
		SCMP_ARCH_LOONGARCH64,
	};
	scmp_filter_ctx ctx, part;
	struct bpf_sim_prog prog;
	unsigned int i;
	char byte;
	int fds[2];
	size_t len = 0;
	void *buf;

	ctx = build(arches[0], 0);
	for (i = 1; i < 4 && ctx != NULL; i++) {
		part = build(arches[i], i);
		if (part == NULL || seccomp_merge(ctx, part) != 0) {
			seccomp_release(part);
			seccomp_release(ctx);
			ctx = NULL;
		}
	}
	if (ctx == NULL) {
		test_failures++;
		return;
	}
	/* the generator's -E2BIG is not in the promised errno set */
	EXPECT(seccomp_export_bpf_mem(ctx, NULL, &len), -EFAULT);
	len = 64 * 1024;
	buf = malloc(len);
	EXPECT(seccomp_export_bpf_mem(ctx, buf, &len), -EFAULT);
	free(buf);
	EXPECT(seccomp_precompute(ctx), -EFAULT);
	EXPECT(load_in_child(ctx), -EFAULT);

	/* nothing at all reaches the file descriptor */
	EXPECT(pipe(fds), 0);
	EXPECT(seccomp_export_bpf(ctx, fds[1]), -EFAULT);
	close(fds[1]);
	EXPECT(read(fds[0], &byte, 1), 0);
	close(fds[0]);

	/* the filter stays usable: with one ABI left it fits */
	EXPECT(seccomp_arch_remove(ctx, SCMP_ARCH_AARCH64), 0);
	EXPECT(seccomp_arch_remove(ctx, SCMP_ARCH_RISCV64), 0);
	EXPECT(seccomp_arch_remove(ctx, SCMP_ARCH_LOONGARCH64), 0);
	EXPECT(seccomp_precompute(ctx), 0);
	len = 0;
	EXPECT(seccomp_export_bpf_mem(ctx, NULL, &len), 0);
	buf = malloc(len);
	EXPECT(seccomp_export_bpf_mem(ctx, buf, &len), 0);
	EXPECT(bpf_sim_load_mem(&prog, buf, len, 0), 0);
	EXPECT(run(&prog, 0, datum(0, 0)), SCMP_ACT_ERRNO(1));
	EXPECT(run(&prog, 1, datum(1, 0)), SCMP_ACT_ERRNO(2));
	bpf_sim_free(&prog);
	free(buf);
	seccomp_release(ctx);
}

/*
 * libseccomp 2.6.1's advisories GHSA-46fr-jh49-xvhx (a double free) and
 * GHSA-2hqh-5c36-grrm (heap corruption) are about oversized filters in
 * its generator, which kept the program's length in 16 bits and its jump
 * offsets in 8. Their exact triggers are not at hand: below are the
 * strongest cases of that class we could make. A filter whose program
 * would pass 65535 instructions (every rule compares two 64-bit datums
 * that share no word with another rule: at least four jumps each) must
 * fail every generation with -EFAULT, again and again, never hand out a
 * stale or truncated program, still print its PFC, come back whole from a
 * rejected transaction and be released once (make check-valgrind runs
 * this test under valgrind; CI also under ASan). A filter that fits with
 * one syscall's argument tree longer than 255 instructions, whose jumps
 * need trampolines, is checked rule by rule (and proved by 88-prove-large).
 */
#define HUGE_RULES 20000
#define HUGE_SYSCALLS 50
#define CHAIN_RULES 880

/* The ith rule of a huge filter: a0 and a1 datums no other rule shares. */
static int huge_rule(scmp_filter_ctx ctx, unsigned int i)
{
	int nr = test_x86_64_nr((int)(i % HUGE_SYSCALLS));

	if (nr < 0)
		nr = seccomp_syscall_resolve_name("read");
	return seccomp_rule_add(ctx, SCMP_ACT_ERRNO(1 + i % 4094), nr, 2,
				SCMP_A0(SCMP_CMP_EQ, datum((int)i, 7)),
				SCMP_A1(SCMP_CMP_EQ, datum((int)i, 8)));
}

/* Whether @ctx's program, exported, is @len bytes equal to @want. */
static bool exports(scmp_filter_ctx ctx, const void *want, size_t len)
{
	size_t got_len = 0;
	void *got;
	bool same;

	if (seccomp_export_bpf_mem(ctx, NULL, &got_len) != 0 || got_len != len)
		return false;
	got = malloc(got_len);
	same = got != NULL && seccomp_export_bpf_mem(ctx, got, &got_len) == 0 &&
	       memcmp(got, want, len) == 0;
	free(got);
	return same;
}

/* Every way to the program fails, and nothing reaches a descriptor. */
static void expect_no_program(scmp_filter_ctx ctx)
{
	size_t len = 0;
	char byte;
	int fds[2];
	void *buf;

	EXPECT(seccomp_precompute(ctx), -EFAULT);
	EXPECT(seccomp_export_bpf_mem(ctx, NULL, &len), -EFAULT);
	len = 1 << 20;
	buf = malloc(len);
	EXPECT(seccomp_export_bpf_mem(ctx, buf, &len), -EFAULT);
	free(buf);
	EXPECT(load_in_child(ctx), -EFAULT);
	EXPECT(pipe(fds), 0);
	EXPECT(seccomp_export_bpf(ctx, fds[1]), -EFAULT);
	close(fds[1]);
	EXPECT(read(fds[0], &byte, 1), 0);
	close(fds[0]);
}

static void check_oversized(void)
{
	/* static: the children of load_in_child() must leak nothing */
	static struct sock_filter small[BPF_MAXINSNS];
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
	size_t small_len = sizeof(small);
	unsigned int i, round;
	int devnull, rc = 0;

	if (ctx == NULL)
		return;
	/* a small program first, kept by the filter */
	EXPECT(seccomp_rule_add(ctx, SCMP_ACT_ERRNO(1),
				seccomp_syscall_resolve_name("write"), 1,
				SCMP_A0(SCMP_CMP_EQ, 1)),
	       0);
	EXPECT(seccomp_precompute(ctx), 0);
	EXPECT(seccomp_export_bpf_mem(ctx, small, &small_len), 0);

	/* grown past 65535 instructions in a transaction */
	EXPECT(seccomp_transaction_start(ctx), 0);
	for (i = 0; i < HUGE_RULES && rc == 0; i++)
		rc = huge_rule(ctx, i);
	EXPECT(rc, 0);
	/* the kept program is gone, and no generation succeeds */
	for (round = 0; round < 3; round++)
		expect_no_program(ctx);
	/* the PFC has no size limit */
	devnull = open("/dev/null", O_WRONLY);
	EXPECT(seccomp_export_pfc(ctx, devnull), 0);
	close(devnull);
	/* rejected: the small filter again, its very program */
	seccomp_transaction_reject(ctx);
	EXPECT(seccomp_precompute(ctx), 0);
	EXPECT(exports(ctx, small, small_len), 1);

	/* committed, and without a transaction: no program, one release */
	EXPECT(seccomp_transaction_start(ctx), 0);
	for (i = 0; i < HUGE_RULES / 2 && rc == 0; i++)
		rc = huge_rule(ctx, i);
	EXPECT(seccomp_transaction_commit(ctx), 0);
	for (i = HUGE_RULES / 2; i < HUGE_RULES && rc == 0; i++)
		rc = huge_rule(ctx, i);
	EXPECT(rc, 0);
	expect_no_program(ctx);
	seccomp_release(ctx);

	/*
	 * The binary tree (OPTIMIZE=2) of three ABIs, x86_64 and x32 under
	 * one arch check: every syscall of each with a rule of its own
	 */
	ctx = build(SCMP_ARCH_X86_64, 0);
	if (ctx == NULL)
		return;
	EXPECT(seccomp_attr_set(ctx, SCMP_FLTATR_CTL_OPTIMIZE, 2), 0);
	EXPECT(seccomp_precompute(ctx), 0);
	EXPECT(seccomp_arch_add(ctx, SCMP_ARCH_X86), 0);
	EXPECT(seccomp_arch_add(ctx, SCMP_ARCH_X32), 0);
	for (i = 0; i < NR_LIMIT && rc == 0; i++) {
		int nr = test_x86_64_nr((int)i);

		if (nr >= 0)
			rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(i + 1), nr, 2,
					      SCMP_A0(SCMP_CMP_EQ, i),
					      SCMP_A1(SCMP_CMP_NE, i));
	}
	EXPECT(rc, 0);
	expect_no_program(ctx);
	expect_no_program(ctx);
	seccomp_release(ctx);
}

/*
 * One syscall, CHAIN_RULES rules on a0: its argument tree alone is far
 * longer than a jump's 255 instructions.
 */
static void check_long_chain(void)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
	struct bpf_sim_prog prog;
	struct bpf_sim_fault fault;
	unsigned int i;
	size_t len = 0;
	void *buf;
	int rc = 0;

	if (ctx == NULL || seccomp_arch_remove(ctx, SCMP_ARCH_NATIVE) != 0 ||
	    seccomp_arch_add(ctx, SCMP_ARCH_X86_64) != 0) {
		test_failures++;
		seccomp_release(ctx);
		return;
	}
	for (i = 0; i < CHAIN_RULES && rc == 0; i++)
		rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(i + 1),
				      test_x86_64_nr(0), 1,
				      SCMP_A0(SCMP_CMP_EQ, datum((int)i, 9)));
	EXPECT(rc, 0);
	EXPECT(seccomp_export_bpf_mem(ctx, NULL, &len), 0);
	buf = malloc(len);
	EXPECT(seccomp_export_bpf_mem(ctx, buf, &len), 0);
	if (bpf_sim_load_mem(&prog, buf, len, 0) != 0 ||
	    bpf_sim_verify(&prog, &fault) != 0) {
		printf("FAIL: the long chain does not export\n");
		test_failures++;
		free(buf);
		seccomp_release(ctx);
		return;
	}
	printf("long chain: %u instructions, %u ja\n", prog.len,
	       count_ja(&prog));
	EXPECT(prog.len > 4 * 255, 1);
	EXPECT(count_ja(&prog) > 0, 1);
	for (i = 0; i < CHAIN_RULES; i++) {
		uint64_t d = datum((int)i, 9);

		EXPECT(run(&prog, 0, d), SCMP_ACT_ERRNO(i + 1));
		EXPECT(run(&prog, 0, d + 1), SCMP_ACT_ALLOW);
		EXPECT(run(&prog, 0, d ^ (1ULL << 32)), SCMP_ACT_ALLOW);
		EXPECT(run(&prog, 0, (uint32_t)d), SCMP_ACT_ALLOW);
		EXPECT(run(&prog, 1, d), SCMP_ACT_ALLOW);
	}
	bpf_sim_free(&prog);
	free(buf);

	/*
	 * Over the edge one rule at a time: each program fits in
	 * BPF_MAXINSNS until the first that would not, which fails, and so
	 * does every one after it.
	 */
	for (i = CHAIN_RULES, rc = 0; i < CHAIN_RULES + 40; i++) {
		EXPECT(seccomp_rule_add(ctx, SCMP_ACT_ERRNO(i + 1),
					test_x86_64_nr(0), 1,
					SCMP_A0(SCMP_CMP_EQ, datum((int)i, 9))),
		       0);
		len = 0;
		if (rc == 0) {
			rc = seccomp_export_bpf_mem(ctx, NULL, &len);
			if (rc == 0)
				EXPECT(len <= BPF_MAXINSNS *
						       sizeof(prog.insns[0]),
				       1);
		} else {
			EXPECT(seccomp_export_bpf_mem(ctx, NULL, &len),
			       -EFAULT);
		}
	}
	EXPECT(rc, -EFAULT);
	seccomp_release(ctx);
}

int main(void)
{
	check_fitting();
	check_too_large();
	check_oversized();
	check_long_chain();
	return test_result();
}
