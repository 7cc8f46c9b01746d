/* SPDX-License-Identifier: LGPL-2.1-only */
/* 92-prove-random: random filters (the property test's scripts), proved against their rules for every input. */

/*
 * Each round builds a filter from a random script of lib/prop.c (ABIs,
 * attributes, priorities, rules with any comparisons, transactions, now
 * and then a call that must fail) through the public API, its calls
 * recorded into a shadow model (lib/prove_record.c), and proves the
 * exported program against it (lib/prove.h). The default seed is the
 * golden programs' (tests/90-golden-programs), whose 40 random programs
 * are this test's first 40 rounds, with failing calls too; make
 * check-long runs many more rounds from another seed.
 *
 * Environment: SEED, ROUNDS (default 100), ROUND (prove only that one).
 * Exit 0, or 1 if a filter is not proved.
 */

#include <stdio.h>
#include <stdlib.h>

#include "prove.h"

#define DEFAULT_SEED 0x601de2ULL
#define DEFAULT_ROUNDS 100

static uint64_t env_u64(const char *name, uint64_t fallback)
{
	const char *v = getenv(name);

	return v != NULL && *v != '\0' ? strtoull(v, NULL, 0) : fallback;
}

int main(void)
{
	uint64_t seed = env_u64("SEED", DEFAULT_SEED);
	uint64_t rounds = env_u64("ROUNDS", DEFAULT_ROUNDS);
	uint64_t first = env_u64("ROUND", 0), r;
	struct prop_gen_opts opts = { .txn = true };
	struct prove_tally t = { 0 };
	struct prop_script s;
	struct prop_rng rng;
	struct prop_api api;
	scmp_filter_ctx ctx;
	int pool[64], rcs[PROP_OPS_MAX];
	char name[48];
	int failed = 0;

	if (getenv("ROUND") != NULL)
		rounds = first + 1;
	/* every action the generator uses is valid, whatever the kernel */
	seccomp_api_set(7);
	prop_api_ours(&api);
	opts.syscalls = pool;
	opts.syscall_cnt = (unsigned int)prop_syscall_pool(&api, pool, 64);
	for (r = first; r < rounds; r++) {
		/* the golden corpus has no failing calls; later rounds do */
		opts.invalid = r >= 40;
		rng.s = prop_seed_mix(seed, r);
		prop_gen(&rng, &opts, &s);
		snprintf(name, sizeof(name), "round-%llu",
			 (unsigned long long)r);
		ctx = prop_run(&api, &s, rcs);
		if (ctx == NULL) {
			printf("FAIL %s: seccomp_init\n", name);
			failed = 1;
			continue;
		}
		if (prove_ctx(ctx, name, &t) == 1) {
			printf("  the calls (SEED=0x%llx ROUND=%llu):\n",
			       (unsigned long long)seed,
			       (unsigned long long)r);
			prop_print(stdout, &api, &s, rcs);
			failed = 1;
		}
		api.release(ctx);
	}
	printf("seed 0x%llx, %llu rounds: ", (unsigned long long)seed,
	       (unsigned long long)(rounds - first));
	prove_tally_print(stdout, "random filters", &t);
	return failed || t.failed > 0 ? 1 : 0;
}
