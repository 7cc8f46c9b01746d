/* SPDX-License-Identifier: LGPL-2.1-only */
/* The syscall search's planner: the rows it fills four entries at a time equal the recurrence entry by entry, cost and cut, ties included, on random tables and on random ranges. */

/*
 * gen_bpf_search.c plans most entries with plan_entries(), four at once,
 * and the rest with plan_entry(), the recurrence as it stands. Both are
 * static: this test compiles the planner (and the graph it builds in)
 * into itself to reach them.
 *
 * Random tables: the costs a row reads are random, often equal (ties
 * must go to the smallest cut in every lane) and often NO_SEARCH; rows
 * of three have foldable lone numbers. Random ranges: plan_make() on
 * ranges like gen_bpf.c's, each of its rows recomputed entry by entry,
 * and the search built from the plan.
 *
 * Fixed seed (SEED=n overrides; ROUNDS=n sets the number of cases).
 */

#include <stdlib.h>

#include "test_util.h"

#include "../src/bpf_ir.c"
#include "../src/gen_bpf_search.c"

static uint64_t rng_state;

static uint32_t rnd(uint32_t bound)
{
	return test_rand(&rng_state, bound);
}

static unsigned long env_num(const char *name, unsigned long def)
{
	const char *v = getenv(name);

	return v != NULL ? strtoul(v, NULL, 0) : def;
}

/* A weight below gen_bpf_search()'s bound of 2^22, small ones often. */
static uint32_t rnd_weight(void)
{
	switch (rnd(3)) {
	case 0:
		return 1 + rnd(4);
	case 1:
		return 1 + rnd(5000);
	default:
		return 1 + rnd((1U << 22) - 1);
	}
}

/*
 * @cnt ranges: lone numbers and wider ones, few outcomes (so that lone
 * numbers sit between two ranges of one outcome), a few folded.
 */
static void rnd_ranges(struct gen_bpf_range *r, unsigned int cnt,
		       bool with_folds)
{
	uint32_t lo = 0;
	unsigned int i;

	for (i = 0; i < cnt; i++) {
		r[i].lo = lo;
		r[i].hi =
			i + 1 == cnt ? UINT32_MAX : lo + (rnd(2) ? 0 : rnd(9));
		r[i].target = 1 + (int)rnd(3);
		r[i].weight = rnd_weight();
		r[i].folds = with_folds && rnd(6) == 0 ? 1 : 0;
		lo = r[i].hi + 1;
	}
}

/* A cost that a row reads: small (ties), large, or no search. */
static int32_t rnd_cost(void)
{
	switch (rnd(4)) {
	case 0:
		return NO_SEARCH;
	case 1:
		return (int32_t)rnd(1U << 26);
	default:
		return (int32_t)rnd(4);
	}
}

/* Compares the row of @len at depth @d in @fast and @plain. */
static void expect_row(const struct plan *fast, const struct plan *plain,
		       unsigned int d, unsigned int len, unsigned int cnt)
{
	unsigned int i;

	for (i = 0; i + len <= cnt; i++) {
		EXPECT(fast->cost[d][len][i], plain->cost[d][len][i]);
		EXPECT(fast->cut[d][len][i], plain->cut[d][len][i]);
	}
}

/* One row over random costs: plan_row() against plan_entry(). */
static void check_random_row(struct plan *fast, struct plan *plain)
{
	struct gen_bpf_range r[PLAN_MAX];
	unsigned int cnt = 3 + rnd(PLAN_MAX - 2), d, len, least, most, i, k;

	rnd_ranges(r, cnt, true);
	/* a row that plan_make() fills: 2 <= len, d <= len <= 2^d */
	d = 1 + rnd(cnt - 1);
	least = d > 2 ? d : 2;
	most = 1U << d < cnt ? 1U << d : cnt;
	len = least + rnd(most - least + 1);

	fast->r = r;
	fast->sum[0] = 0;
	for (i = 0; i + 1 < PLAN_LANES; i++)
		fast->sum[i + 1] =
			fast->sum[i] + (i < cnt ? (int32_t)r[i].weight : 0);
	for (k = 1; k < len; k++)
		for (i = 0; i < PLAN_LANES; i++)
			fast->cost[d - 1][k][i] = rnd_cost();
	memcpy(plain, fast, sizeof(*plain));

	plan_row(fast, d, len, 0, cnt - len);
	for (i = 0; i + len <= cnt; i++)
		plan_entry(plain, d, len, i);
	expect_row(fast, plain, d, len, cnt);
}

/*
 * plan_make() on random ranges: every row it filled four at a time
 * (depths below the last two) equals plan_entry()'s; the search it plans
 * builds.
 */
static void check_random_plan(struct plan *fast, struct plan *plain,
			      struct bpf_ir *ir, struct search *s)
{
	struct gen_bpf_range r[PLAN_MAX];
	unsigned int cnt = 3 + rnd(PLAN_MAX - 2), depth = 0, d, len, i;
	uint32_t slots = 0;
	int root;

	rnd_ranges(r, cnt, true);
	for (i = 0; i < cnt; i++)
		slots = slots_add(slots, r[i].folds);
	while ((1U << depth) < slots)
		depth++;
	depth += rnd(3);

	plan_make(fast, r, cnt, depth);
	depth = depth < cnt ? depth : cnt;
	memcpy(plain, fast, sizeof(*plain));
	for (d = 1; d + 1 < depth; d++) {
		for (len = d > 2 ? d : 2; len <= cnt && len <= 1U << d; len++) {
			for (i = 0; i + len <= cnt; i++)
				plan_entry(plain, d, len, i);
			expect_row(fast, plain, d, len, cnt);
		}
	}
	EXPECT(fast->cost[depth][cnt][0] < NO_SEARCH, 1);

	EXPECT(bpf_ir_init(ir), 0);
	s->ir = ir;
	/* targets of the ranges: returns in the graph */
	for (i = 0; i < cnt; i++)
		r[i].target = bpf_ir_ret(ir, (uint32_t)r[i].target);
	root = search_ranges(s, r, cnt, depth);
	EXPECT(root >= 0, 1);
	bpf_ir_release(ir);
}

int main(void)
{
	unsigned long rounds = env_num("ROUNDS", 20000), n;
	struct plan *fast = malloc(sizeof(*fast));
	struct plan *plain = malloc(sizeof(*plain));
	struct search *s = malloc(gen_bpf_search_scratch(PLAN_MAX));
	struct bpf_ir ir;

	if (fast == NULL || plain == NULL || s == NULL) {
		fprintf(stderr, "91-sim-planner: out of memory\n");
		return 99;
	}
	rng_state = env_num("SEED", 0x91) * 0x9e3779b97f4a7c15ULL + 1;
	for (n = 0; n < rounds && test_failures == 0; n++) {
		check_random_row(fast, plain);
		check_random_plan(fast, plain, &ir, s);
	}
	printf("%lu random rows and plans\n", n);
	free(fast);
	free(plain);
	free(s);
	return test_result();
}
