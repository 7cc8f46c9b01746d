/* SPDX-License-Identifier: LGPL-2.1-only */
/* 99-prove-random: random filters (the property test's scripts), proved against their rules for every input. */

/*
 * Each round builds a filter from a random script of lib/prop.c (ABIs,
 * attributes, priorities, rules with any comparisons, transactions, now
 * and then a call that must fail) through the public API, its calls
 * recorded into a shadow model (lib/prove_record.c), and proves the
 * exported program against it (lib/prove.h). The default seed is the
 * golden programs' (tests/90-golden-programs), whose 40 random programs
 * are this test's first 40 rounds; the later ones have failing calls too,
 * and a fifth of them set KVERMAX (SCMP_FLTATR_CTL_KVERMAX, now and then
 * with an ENOSYS action; drawn after the rest of the script, so that the
 * script is otherwise the one without); a tenth of their comparisons
 * take SCMP_CMP_32BIT. make check-long runs many more
 * rounds from another seed.
 *
 * Rounds of other seeds that once went wrong are proved too (below).
 *
 * Environment: SEED, ROUNDS (default 100), ROUND (prove only that one);
 * PROVE_ONLY (lib/prove.c) names rounds of the default 100 instead.
 * Exit 0, or 1 if a filter is not proved (a round that the model cannot
 * follow included).
 */

#include <stdio.h>
#include <stdlib.h>

#include "prove.h"

#define DEFAULT_SEED 0x601de2ULL
#define DEFAULT_ROUNDS 100
#define GOLDEN_ROUNDS 40
#define KVERMAX_PERCENT 20
/* rules comparing one argument more than once, past the golden rounds */
#define REPEAT_PERCENT 10
/* comparisons with SCMP_CMP_32BIT, past the golden rounds */
#define CMP32_PERCENT 10
/* range comparisons with SCMP_CMP_EXT_SIGNED, past the golden rounds */
#define SIGN_PERCENT 15
/* scripts with SCMP_FLTATR_EXT_ACT_BADARG32, past the golden rounds */
#define BADARG_PERCENT 25

/*
 * Rounds of make check-long's seed the prover once could not take: the
 * model's "tried before" order of their rules (a < and a <= of one 32-bit
 * datum, a test on another argument after one) was no order a sort could
 * follow (-EDOM).
 */
static const uint64_t regressions[][2] = {
	{ 0x10ad5eed, 4230 },
	{ 0x10ad5eed, 19293 },
};

#define N(a) (sizeof(a) / sizeof((a)[0]))

static uint64_t env_u64(const char *name, uint64_t fallback)
{
	const char *v = getenv(name);

	return v != NULL && *v != '\0' ? strtoull(v, NULL, 0) : fallback;
}

/*
 * Builds and proves the filter of one round; returns 1 if not proved.
 * @kvermax counts the filters with KVERMAX set.
 */
static int prove_round(const struct prop_api *api,
		       const struct prop_gen_opts *opts, uint64_t seed,
		       uint64_t round, struct prove_tally *t,
		       unsigned int *kvermax)
{
	struct prop_script s;
	struct prop_rng rng = { prop_seed_mix(seed, round) };
	scmp_filter_ctx ctx;
	int rcs[PROP_OPS_MAX], failed = 0;
	char name[48];

	snprintf(name, sizeof(name), "round-%llu", (unsigned long long)round);
	if (!prove_wanted(name))
		return 0;
	prop_gen(&rng, opts, &s);
	ctx = prop_run(api, &s, rcs);
	if (ctx == NULL) {
		printf("FAIL %s: seccomp_init\n", name);
		return 1;
	}
	*kvermax += prop_kvermax_set(&s, rcs);
	if (prove_ctx(ctx, name, t) == 1) {
		printf("  the calls (SEED=0x%llx ROUND=%llu):\n",
		       (unsigned long long)seed, (unsigned long long)round);
		prop_print(stdout, api, &s, rcs);
		failed = 1;
	}
	api->release(ctx);
	return failed;
}

int main(void)
{
	uint64_t seed = env_u64("SEED", DEFAULT_SEED);
	uint64_t rounds = env_u64("ROUNDS", DEFAULT_ROUNDS);
	uint64_t first = env_u64("ROUND", 0), r;
	struct prop_gen_opts opts = { .txn = true };
	struct prove_tally t = { 0 };
	struct prop_api api;
	int pool[64], failed = 0;
	unsigned int i, kvermax = 0;

	if (getenv("ROUND") != NULL)
		rounds = first + 1;
	prove_only_init("99-prove-random");
	if (prove_only()) {
		first = 0;
		rounds = DEFAULT_ROUNDS;
	}
	/* every action the generator uses is valid, whatever the kernel */
	seccomp_api_set(7);
	prop_api_ours(&api);
	opts.syscalls = pool;
	opts.syscall_cnt = (unsigned int)prop_syscall_pool(&api, pool, 64);
	for (r = first; r < rounds; r++) {
		/*
		 * the golden corpus has no failing calls, no KVERMAX, no
		 * argument compared twice in a rule and no 32-bit comparison
		 */
		opts.invalid = r >= GOLDEN_ROUNDS;
		opts.kvermax = r >= GOLDEN_ROUNDS ? KVERMAX_PERCENT : 0;
		opts.repeat = r >= GOLDEN_ROUNDS ? REPEAT_PERCENT : 0;
		opts.cmp32 = r >= GOLDEN_ROUNDS ? CMP32_PERCENT : 0;
		opts.sign = r >= GOLDEN_ROUNDS ? SIGN_PERCENT : 0;
		opts.badarg = r >= GOLDEN_ROUNDS ? BADARG_PERCENT : 0;
		/* ours: the multiplexed route's action, as often */
		opts.act_mux = r >= GOLDEN_ROUNDS ? CMP32_PERCENT : 0;
		failed |= prove_round(&api, &opts, seed, r, &t, &kvermax);
	}
	printf("seed 0x%llx, %llu rounds (%u with KVERMAX): ",
	       (unsigned long long)seed, (unsigned long long)(rounds - first),
	       kvermax);
	prove_tally_print(stdout, "random filters", &t);
	if (prove_only_missed(stdout) > 0)
		failed = 1;
	if (getenv("SEED") != NULL || getenv("ROUND") != NULL || prove_only())
		return failed || t.failed > 0 || t.skipped > 0 ? 1 : 0;
	/* the rounds as they went wrong */
	opts.invalid = true;
	opts.kvermax = 0;
	opts.repeat = 0;
	opts.cmp32 = 0;
	opts.act_mux = 0;
	for (i = 0; i < N(regressions); i++) {
		printf("regression: seed 0x%llx ",
		       (unsigned long long)regressions[i][0]);
		failed |= prove_round(&api, &opts, regressions[i][0],
				      regressions[i][1], &t, &kvermax);
	}
	return failed || t.failed > 0 || t.skipped > 0 ? 1 : 0;
}
