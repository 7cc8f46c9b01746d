/* SPDX-License-Identifier: LGPL-2.1-only */
/* The syscall search keeps its bound: random single-ABI filters, priorities included, never take more than 4 + ceil(log2 K) instructions for a syscall without argument rules, and every such ALLOW stays provable for the kernel's action cache; syscalls whose action lets the call go on sit higher than denied ones. */

/*
 * K counts the ranges of syscall numbers with one outcome, as the rules
 * define them (a syscall with argument rules is a range of its own): the
 * search needs at most ceil(log2 K) comparisons, plus "ld [arch]", the
 * arch check, "ld [nr]" and the return. Priorities and the weighting by
 * outcome move syscalls up the search, never past that bound.
 *
 * Fixed seed (SEED=n overrides; ROUNDS=n sets the number of filters).
 */

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <linux/audit.h>
#include <seccomp.h>

#include "bpf_sim.h"
#include "test_util.h"

/* Numbers tried on each ABI: beyond every table. */
#define NR_SPAN 1024
#define RULES_MAX 80

static uint64_t rng_state;

static uint32_t rnd(uint32_t bound)
{
	return test_rand(&rng_state, bound);
}

/* What the rules say for one number of the ABI. */
struct slot {
	int rule; /* 0 none, 1 unconditional, 2 a0 == datum */
	uint32_t action;
	uint64_t datum;
};

/* clang-format off */
static const uint32_t actions[] = {
	SCMP_ACT_ALLOW, SCMP_ACT_ERRNO(2), SCMP_ACT_LOG, SCMP_ACT_TRAP,
	SCMP_ACT_KILL_PROCESS,
};
/* clang-format on */

static uint32_t run(struct bpf_sim_prog *prog, uint32_t arch, uint32_t nr,
		    uint64_t a0, unsigned int *insns)
{
	struct seccomp_data data = { .nr = (int)nr, .arch = arch };
	struct bpf_sim_result res = { 0 };

	data.args[0] = a0;
	if (bpf_sim_run(prog, &data, &res) < 0)
		return 0xdeadbeef;
	*insns = res.insns;
	return res.action;
}

/*
 * The number rules give for @arch's syscall @nr: native, or a pseudo
 * number for one the native ABI lacks; __NR_SCMP_ERROR if @nr is none.
 */
static int native_nr(uint32_t arch, uint32_t nr)
{
	char *name = seccomp_syscall_resolve_num_arch(arch, (int)nr);
	int num;

	if (name == NULL)
		return __NR_SCMP_ERROR;
	num = seccomp_syscall_resolve_name(name);
	free(name);
	return num;
}

/* Same-outcome ranges over the ABI's whole number space. */
static unsigned int count_ranges(const struct slot *sl, uint32_t def,
				 uint32_t arch)
{
	uint64_t prev = UINT64_MAX, tag;
	unsigned int k = 0, n;

	for (n = 0; n < NR_SPAN; n++) {
		tag = sl[n].rule == 2 ? 1ULL << 32 | n :
		      sl[n].rule == 1 ? sl[n].action :
					def;
		k += tag != prev;
		prev = tag;
	}
	k += def != prev;
	/* x86_64 alone: x32 numbers go to BADARCH, then -1 to the default */
	if (arch == SCMP_ARCH_X86_64)
		k += 2;
	return k;
}

static unsigned int ceil_log2(unsigned int k)
{
	unsigned int d = 0;

	while ((1U << d) < k)
		d++;
	return d;
}

static void round_once(unsigned int round, unsigned int *long_progs)
{
	static struct slot sl[NR_SPAN];
	uint32_t arch = rnd(2) ? SCMP_ARCH_X86_64 : SCMP_ARCH_AARCH64;
	uint32_t def = actions[rnd(5)], action;
	unsigned int rules = 1 + rnd(RULES_MAX), i, n, insns = 0, bound;
	struct bpf_sim_prog prog;
	scmp_filter_ctx ctx;
	size_t len = 0;
	void *buf = NULL;
	int num, fails = test_failures;

	memset(sl, 0, sizeof(sl));
	ctx = seccomp_init(def);
	EXPECT(ctx != NULL, 1);
	if (ctx == NULL)
		return;
	if (arch != SCMP_ARCH_X86_64) {
		EXPECT(seccomp_arch_remove(ctx, SCMP_ARCH_NATIVE), 0);
		EXPECT(seccomp_arch_add(ctx, arch), 0);
	}
	for (i = 0; i < rules; i++) {
		n = rnd(480);
		num = native_nr(arch, n);
		if (num == __NR_SCMP_ERROR || sl[n].rule != 0)
			continue;
		do
			action = actions[rnd(5)];
		while (action == def);
		sl[n].action = action;
		if (rnd(8) == 0) {
			sl[n].rule = 2;
			sl[n].datum = rnd(1000) + 1;
			EXPECT(seccomp_rule_add(
				       ctx, action, num, 1,
				       SCMP_A0(SCMP_CMP_EQ, sl[n].datum)),
			       0);
		} else {
			sl[n].rule = 1;
			EXPECT(seccomp_rule_add(ctx, action, num, 0), 0);
		}
		if (rnd(16) == 0)
			EXPECT(seccomp_syscall_priority(
				       ctx, num, (uint8_t)(1 + rnd(255))),
			       0);
	}
	EXPECT(seccomp_export_bpf_mem(ctx, NULL, &len), 0);
	buf = malloc(len);
	EXPECT(buf != NULL, 1);
	EXPECT(seccomp_export_bpf_mem(ctx, buf, &len), 0);
	EXPECT(bpf_sim_load_mem(&prog, buf, len, 0), 0);

	/* beyond 256 instructions a far jump may need a "ja" on the way */
	bound = 4 + ceil_log2(count_ranges(sl, def, arch));
	if (prog.len > 256)
		(*long_progs)++;
	for (n = 0; n < NR_SPAN; n++) {
		action = sl[n].rule == 1 ? sl[n].action : def;
		if (sl[n].rule == 2) {
			EXPECT(run(&prog, arch, n, sl[n].datum, &insns),
			       sl[n].action);
			EXPECT(run(&prog, arch, n, sl[n].datum + 1, &insns),
			       def);
			continue;
		}
		EXPECT(run(&prog, arch, n, 0, &insns), action);
		if (prog.len <= 256 && insns > bound) {
			printf("  nr %u: %u instructions, bound %u\n", n, insns,
			       bound);
			test_failures++;
		}
		if (action == SCMP_ACT_ALLOW)
			EXPECT(bpf_sim_cache_allow(&prog, arch, n), 1);
	}
	if (arch == SCMP_ARCH_X86_64) {
		EXPECT(run(&prog, arch, 0x40000000U | rnd(NR_SPAN), 0, &insns),
		       SCMP_ACT_KILL);
		EXPECT(prog.len > 256 || insns <= bound, 1);
	}
	if (test_failures != fails)
		printf("  in round %u (%s, %u rules, %u instructions)\n", round,
		       arch == SCMP_ARCH_X86_64 ? "x86_64" : "aarch64", rules,
		       prog.len);
	bpf_sim_free(&prog);
	free(buf);
	seccomp_release(ctx);
}

/* Syscalls in each of weighting_by_action()'s two blocks of rules. */
#define HALF 8

/* The rule of syscall @n: @low's block, then @high's; ERRNO(5) between. */
static uint32_t block_rule(unsigned int n, uint32_t low, uint32_t high)
{
	if (n % 2)
		return SCMP_ACT_ERRNO(5);
	return n < 2 * HALF ? low : high;
}

/*
 * Instructions run by the syscalls of x86_64 whose rule is @mine, in a
 * filter where @mine and @other each own a block of syscalls and the rest
 * go to @def; once with @mine's block low, once high, so that only the
 * outcomes' weights can tell @mine's total from @other's.
 */
static unsigned int blocks_insns(uint32_t mine, uint32_t other, uint32_t def)
{
	unsigned int total = 0, insns = 0, way, n;
	struct bpf_sim_prog prog;
	scmp_filter_ctx ctx;
	uint32_t low, high;
	size_t len = 0;
	void *buf;

	for (way = 0; way < 2; way++) {
		low = way == 0 ? mine : other;
		high = way == 0 ? other : mine;
		ctx = seccomp_init(def);
		EXPECT(ctx != NULL, 1);
		if (ctx == NULL)
			return 0;
		/* BADARCH's KILL would otherwise share a return with KILL */
		EXPECT(seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH,
					SCMP_ACT_ERRNO(3)),
		       0);
		for (n = 0; n < 4 * HALF; n++)
			EXPECT(seccomp_rule_add(ctx, block_rule(n, low, high),
						(int)n, 0),
			       0);
		EXPECT(seccomp_export_bpf_mem(ctx, NULL, &len), 0);
		buf = malloc(len);
		EXPECT(buf != NULL, 1);
		EXPECT(seccomp_export_bpf_mem(ctx, buf, &len), 0);
		EXPECT(bpf_sim_load_mem(&prog, buf, len, 0), 0);
		for (n = 0; n < 4 * HALF; n++) {
			if (block_rule(n, low, high) != mine)
				continue;
			EXPECT(run(&prog, SCMP_ARCH_X86_64, n, 0, &insns),
			       mine);
			total += insns;
		}
		bpf_sim_free(&prog);
		free(buf);
		seccomp_release(ctx);
	}
	return total;
}

/*
 * The search weighs a syscall by its outcome: those whose action lets the
 * call go on (ALLOW, LOG, TRACE, NOTIFY) come up higher than those denied,
 * which programs give up on; the denying actions weigh alike.
 */
static void weighting_by_action(void)
{
	static const struct {
		uint32_t action;
		bool goes_on;
	} cases[] = {
		{ SCMP_ACT_ALLOW, true },
		{ SCMP_ACT_LOG, true },
		{ SCMP_ACT_TRACE(7), true },
		{ SCMP_ACT_NOTIFY, true },
		{ SCMP_ACT_ERRNO(1), false },
		{ SCMP_ACT_TRAP, false },
		{ SCMP_ACT_KILL_THREAD, false },
		{ SCMP_ACT_KILL_PROCESS, false },
	};
	const uint32_t denied = SCMP_ACT_ERRNO(2);
	unsigned int i, mine, other;
	uint32_t def;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		def = cases[i].action == SCMP_ACT_KILL_PROCESS ?
			      SCMP_ACT_TRAP :
			      SCMP_ACT_KILL_PROCESS;
		mine = blocks_insns(cases[i].action, denied, def);
		other = blocks_insns(denied, cases[i].action, def);
		if (cases[i].goes_on ? mine < other : mine == other)
			continue;
		printf("FAIL: action 0x%08x: %u instructions against %u for "
		       "ERRNO(2)\n",
		       cases[i].action, mine, other);
		test_failures++;
	}
}

int main(void)
{
	unsigned int rounds = 300, i, long_progs = 0;
	const char *env;

	/* level 5: KILL_PROCESS and LOG are valid whatever the kernel */
	EXPECT(seccomp_api_set(5), 0);
	rng_state = 0x5ea4c4b0d5ULL;
	env = getenv("SEED");
	if (env != NULL && *env)
		rng_state = strtoull(env, NULL, 0) | 1;
	env = getenv("ROUNDS");
	if (env != NULL && *env)
		rounds = (unsigned int)strtoul(env, NULL, 0);
	weighting_by_action();
	for (i = 0; i < rounds && test_failures < 20; i++)
		round_once(i, &long_progs);
	/* the bound was checked on nearly every filter */
	printf("%u filters, %u over 256 instructions\n", i, long_progs);
	EXPECT(long_progs * 10 <= i, 1);
	return test_result();
}
