/* SPDX-License-Identifier: LGPL-2.1-only */
/* Large filters: one beyond BPF_MAXINSNS must fail to export and load, never come out truncated; one that fits, with jumps that need trampolines, is checked rule by rule. */

#include <errno.h>
#include <inttypes.h>
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

/* The x86_64 syscall @nr as the native ABI numbers it, or -1. */
static int native_nr(int nr)
{
	char *name = seccomp_syscall_resolve_num_arch(SCMP_ARCH_X86_64, nr);
	int num;

	if (name == NULL)
		return -1;
	num = seccomp_syscall_resolve_name(name);
	free(name);
	return num == __NR_SCMP_ERROR ? -1 : num;
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
		num = native_nr(nr);
		if (num < 0)
			continue;
		if (seccomp_rule_add(ctx, SCMP_ACT_ERRNO(nr + 1), num, 1,
				     SCMP_A0(SCMP_CMP_EQ, datum(nr, seed))) != 0)
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

		if (nr >= NR_LIMIT || native_nr(nr) < 0) {
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
	pid_t pid = fork();

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
		SCMP_ARCH_X86_64, SCMP_ARCH_AARCH64, SCMP_ARCH_RISCV64,
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

int main(void)
{
	check_fitting();
	check_too_large();
	return test_result();
}
