/* SPDX-License-Identifier: LGPL-2.1-only */
/* The search over an ABI's syscall numbers, from ranges with one outcome. */

/*
 * What the search computes
 * ------------------------
 * gen_bpf.c cuts an ABI's number space into ranges r[0..cnt), sorted, each
 * with an outcome (a graph node) and a weight: how much it matters that
 * the search reaches it fast. A search of depth d is a tree of "jge lo"
 * comparisons with at most d of them on the way to any range; it tells at
 * most 2^d ranges apart. A range may carry a folded lone number (folds 1):
 * its outcome begins with a jeq, one more comparison on its way.
 *
 * Many ranges: the search splits at the cut that leaves both sides
 * within the depth and closest in weight, until at most PLAN_MAX remain.
 *
 * Few ranges: the cheapest search within the depth, where the cost of a
 * search is the sum over its ranges of weight x comparisons on the way.
 * An optimal alphabetic tree with a depth bound, by dynamic programming:
 * with W(i, len) the weight of r[i..i+len),
 *
 *   cost(d, i, 1)   = weight(i) x folds(i), if folds(i) <= d
 *   cost(d, i, len) = W(i, len) + min over k of
 *                     cost(d - 1, i, k) + cost(d - 1, i + k, len - k)
 *                     for cuts k that leave neither side more than
 *                     2^(d-1) ranges
 *   cost(d, i, 3)   = W(i, 3) when r[i+1] is a lone number between two
 *                     ranges of one outcome: one jeq sets it apart
 *
 * and no search at all where no cut fits. Ties go to the smallest k. No
 * search over len ranges needs more than len comparisons (a folded
 * range's jeq included), so cost(d, i, len) = cost(len, i, len) for
 * d > len. Every cut is tried: with a depth bound, Knuth's shortcut over
 * the cuts can miss the best one.
 *
 * Cost: the table is filled bottom up, every interval at depths 1 to
 * D - 2, just the sides of the whole's cuts at D - 1 and the whole at D
 * (D <= cnt): O(D x cnt^3) cut sums, about 400 for 16 ranges 5 deep (the
 * usual case) and 4,200 at most. The split above it is linear per level.
 *
 * plan_entry() computes one entry as the recurrence states it.
 * plan_entries() computes four neighbours in a row at once, as the lanes
 * of a vector. Measured with make bench's timing (the lowest of 9
 * medians), plan_entry() alone builds Firecracker api x86_64 22% slower
 * than both (4.21 us against 3.44 us), vcpu 17%, Docker x86_64 9%.
 * 91-sim-planner checks that the two agree on random tables and ranges.
 */

#include <errno.h>
#include <string.h>

#include "gen_bpf_search.h"

/*
 * Searches over at most this many ranges are planned exactly (the plan's
 * cost grows with the cube; the bottom of a search is where the weight
 * balance alone goes wrong most). Measured with make bench from 8 to 16:
 * below 14, Firecracker's ioctl sinks a level; 16 costs little more.
 */
#define PLAN_MAX 16U

/*
 * A plan's cost where no search fits: above every cost (the weights are
 * below 2^22: 16 ranges, each at most 16 comparisons deep, stay below
 * 2^30), and two of it still add up within an int32_t.
 */
#define NO_SEARCH (INT32_MAX / 2)

/* A plan's cut that is not a split: the middle of three ranges, by jeq. */
#define CUT_FOLD 0

_Static_assert(GEN_BPF_FOLD_MAX == 1, "one lone number per range");

/*
 * A row is planned four first ranges at a time, as the lanes of a vector.
 * Lanes past the row's last interval read whatever the table holds there
 * and make junk of it, which no lane that counts reads. Lanes add as
 * unsigned (junk may wrap) and compare as signed (SSE2 has no unsigned
 * compare): real costs, and sums of two, stay below 2^31.
 */
typedef uint32_t plan_vec __attribute__((vector_size(16)));
typedef int32_t plan_svec __attribute__((vector_size(16)));
#define PLAN_VEC 4U
/* Room for a row's last four lanes, and for what they read past it. */
#define PLAN_LANES (PLAN_MAX + PLAN_VEC)

/*
 * The cheapest searches over the intervals of r[0..cnt): cost[d][len][i]
 * and cut[d][len][i] for r[i..i+len) at depth d, the cut being the length
 * of the left side. Depths above len hold copies of the costs at depth
 * len, so that a cut at depth d reads its sides at d - 1. Entries past
 * i = cnt - len hold junk.
 */
struct plan {
	const struct gen_bpf_range *r;
	int32_t sum[PLAN_LANES]; /* sum[i]: weight of r[0..i) */
	int32_t cost[PLAN_MAX + 1][PLAN_MAX + 1][PLAN_LANES];
	int32_t cut[PLAN_MAX + 1][PLAN_MAX + 1][PLAN_LANES];
};

/* What one search keeps while it builds: the scratch the caller gives. */
struct search {
	struct bpf_ir *ir;
	struct plan plan;
	uint32_t right[]; /* search_ranges(): slots of r[i..cnt) */
};

/*
 * A lone number between two ranges of one outcome: one jeq sets it apart,
 * and every number of the three pays just that comparison.
 */
static bool foldable(const struct gen_bpf_range *r)
{
	return r[1].lo == r[1].hi && r[0].target == r[2].target &&
	       r[0].folds == 0 && r[1].folds == 0 && r[2].folds == 0;
}

/* The cuts k that leave neither side more than 2^(d-1) ranges: lo..hi. */
static void plan_cuts(unsigned int d, unsigned int len, unsigned int *lo,
		      unsigned int *hi)
{
	unsigned int half = 1U << (d - 1);

	*lo = len > half ? len - half : 1;
	*hi = len - 1 < half ? len - 1 : half;
}

/* Fills the entry of r[i..i+len) at depth @d (2 <= len, 1 <= d <= len). */
static void plan_entry(struct plan *p, unsigned int d, unsigned int len,
		       unsigned int i)
{
	int32_t best = NO_SEARCH, sides, cut = CUT_FOLD;
	unsigned int lo, hi;
	size_t k;

	plan_cuts(d, len, &lo, &hi);
	if (len == 3 && foldable(p->r + i)) {
		best = 0;
		lo = hi + 1;
	}
	for (k = lo; k <= hi; k++) {
		sides = p->cost[d - 1][k][i] + p->cost[d - 1][len - k][i + k];
		if (sides < best) {
			best = sides;
			cut = (int32_t)k;
		}
	}
	best += p->sum[i + len] - p->sum[i];
	p->cost[d][len][i] = best < NO_SEARCH ? best : NO_SEARCH;
	p->cut[d][len][i] = cut;
}

static plan_vec vec_load(const int32_t *at)
{
	plan_vec v;

	memcpy(&v, at, sizeof(v));
	return v;
}

static void vec_store(int32_t *at, plan_vec v)
{
	memcpy(at, &v, sizeof(v));
}

/* Each lane: @a where @mask is set, @b where it is clear. */
static plan_vec vec_pick(plan_vec mask, plan_vec a, plan_vec b)
{
	return b ^ ((a ^ b) & mask);
}

/* plan_entry() for r[i..i+len) to r[i+3..i+3+len) at once, but no fold. */
static void plan_entries(struct plan *p, unsigned int d, unsigned int len,
			 unsigned int i)
{
	const plan_vec none = { NO_SEARCH, NO_SEARCH, NO_SEARCH, NO_SEARCH };
	plan_vec best = none, cut = { 0 }, at, sides, better;
	unsigned int lo, hi;
	size_t k;

	plan_cuts(d, len, &lo, &hi);
	at = (plan_vec){ 0 } + lo;
	for (k = lo; k <= hi; k++, at += 1) {
		sides = vec_load(&p->cost[d - 1][k][i]) +
			vec_load(&p->cost[d - 1][len - k][i + k]);
		/* a comparison sets all bits of a lane where it holds */
		better = (plan_vec)((plan_svec)sides < (plan_svec)best);
		best = vec_pick(better, sides, best);
		cut = vec_pick(better, at, cut);
	}
	best += vec_load(&p->sum[i + len]) - vec_load(&p->sum[i]);
	better = (plan_vec)((plan_svec)best < (plan_svec)none);
	vec_store(&p->cost[d][len][i], vec_pick(better, best, none));
	vec_store(&p->cut[d][len][i], cut);
}

/* Fills the entries of r[i..i+len) at depth @d for i = @first..@last. */
static void plan_row(struct plan *p, unsigned int d, unsigned int len,
		     unsigned int first, unsigned int last)
{
	unsigned int i;

	for (i = first; i <= last; i += PLAN_VEC)
		plan_entries(p, d, len, i);
	for (i = first; len == 3 && i <= last; i++) {
		if (foldable(p->r + i)) {
			p->cost[d][len][i] = p->sum[i + len] - p->sum[i];
			p->cut[d][len][i] = CUT_FOLD;
		}
	}
}

/* Plans r[0..cnt) (2 < cnt <= PLAN_MAX) within @depth comparisons. */
static void plan_make(struct plan *p, const struct gen_bpf_range *r,
		      unsigned int cnt, unsigned int depth)
{
	unsigned int d, i, len;

	p->r = r;
	p->sum[0] = 0;
	for (i = 0; i < cnt; i++) {
		p->sum[i + 1] = p->sum[i] + (int32_t)r[i].weight;
		p->cost[0][1][i] = r[i].folds == 0 ? 0 : NO_SEARCH;
		p->cost[1][1][i] = (int32_t)(r[i].weight * r[i].folds);
	}
	if (depth > cnt)
		depth = cnt;
	for (d = 1; d < depth; d++) {
		for (len = 1; len < d; len++)
			memcpy(p->cost[d][len], p->cost[d - 1][len],
			       sizeof(p->cost[d][len]));
		for (len = d > 2 ? d : 2; len <= cnt && len <= 1U << d; len++) {
			if (d + 1 < depth) {
				plan_row(p, d, len, 0, cnt - len);
				continue;
			}
			/* just below the whole: only the sides of its cuts */
			plan_entry(p, d, len, 0);
			plan_entry(p, d, len, cnt - len);
		}
	}
	plan_entry(p, depth, cnt, 0);
}

/* The entry of r[i..i+len) at depth @d: the one planned at depth len. */
static unsigned int plan_depth(unsigned int d, unsigned int len)
{
	return d < len ? d : len;
}

/* Either end's lone number (0 or 2^32-1): a jeq reads better than jge. */
static int search_pair(struct search *s, const struct gen_bpf_range *r)
{
	if (r[1].lo == r[1].hi && r[1].hi == UINT32_MAX)
		return bpf_ir_jump(s->ir, BPF_JEQ, r[1].lo, GEN_BPF_NR,
				   r[1].target, r[0].target);
	if (r[0].lo == r[0].hi && r[0].lo == 0)
		return bpf_ir_jump(s->ir, BPF_JEQ, 0, GEN_BPF_NR, r[0].target,
				   r[1].target);
	return bpf_ir_jump(s->ir, BPF_JGE, r[1].lo, GEN_BPF_NR, r[1].target,
			   r[0].target);
}

/* The search the plan found for r[i..i+len) at depth @d. */
static int search_planned(struct search *s, unsigned int d, unsigned int i,
			  unsigned int len)
{
	const struct plan *p = &s->plan;
	const struct gen_bpf_range *r = p->r + i;
	unsigned int cut;

	if (len == 1)
		return r[0].target;
	if (len == 2)
		return search_pair(s, r);
	/* a whole that fits has parts that fit: never guess */
	d = plan_depth(d, len);
	if (p->cost[d][len][i] == NO_SEARCH)
		return -EFAULT;
	cut = p->cut[d][len][i];
	if (cut == CUT_FOLD)
		return bpf_ir_jump(s->ir, BPF_JEQ, r[1].lo, GEN_BPF_NR,
				   r[1].target, r[0].target);
	return bpf_ir_jump(s->ir, BPF_JGE, r[cut].lo, GEN_BPF_NR,
			   search_planned(s, d - 1, i + cut, len - cut),
			   search_planned(s, d - 1, i, cut));
}

/*
 * Leaf slots that ranges fill at least, @used so far and then one range
 * with @folds: it takes 2^folds aligned slots. A search of depth d holds
 * ranges iff they fill at most 2^d.
 */
static uint32_t slots_add(uint32_t used, unsigned int folds)
{
	uint32_t size = 1U << folds;

	return (used + size - 1) / size * size + size;
}

/*
 * A search over r[0..cnt) in at most @depth comparisons, folded ranges
 * included (cnt <= 2^depth slots). Few ranges: the plan. Many: among the
 * splits that keep both sides within the remaining depth, the one where
 * the weight of both sides is closest, down to plannable sizes.
 */
static int search_ranges(struct search *s, const struct gen_bpf_range *r,
			 unsigned int cnt, unsigned int depth)
{
	uint64_t total = 0, left = 0, best_diff = UINT64_MAX, diff;
	unsigned int i, split = 0, half = depth > 0 ? 1U << (depth - 1) : 0;
	uint32_t *right = s->right, used = 0;

	if (cnt == 1)
		return r[0].target;
	if (cnt == 2)
		return search_pair(s, r);
	if (cnt <= PLAN_MAX && depth > 0) {
		plan_make(&s->plan, r, cnt, depth);
		if (s->plan.cost[plan_depth(depth, cnt)][cnt][0] != NO_SEARCH)
			return search_planned(s, depth, 0, cnt);
		/* cannot happen (the depth fits the ranges): split below */
	}
	/* right[i]: slots of r[i..cnt); the recursion reuses the array */
	right[cnt] = 0;
	for (i = cnt; i-- > 0;) {
		right[i] = slots_add(right[i + 1], r[i].folds);
		total += r[i].weight;
	}
	for (i = 1; i < cnt; i++) {
		left += r[i - 1].weight;
		used = slots_add(used, r[i - 1].folds);
		if (used > half)
			break;
		if (right[i] > half)
			continue;
		diff = left * 2 > total ? left * 2 - total : total - left * 2;
		if (diff < best_diff) {
			best_diff = diff;
			split = i;
		}
	}
	/* no split fits the depth (cannot happen): a deeper one is as right */
	if (split == 0) {
		split = cnt / 2;
		depth = cnt;
	}
	return bpf_ir_jump(s->ir, BPF_JGE, r[split].lo, GEN_BPF_NR,
			   search_ranges(s, r + split, cnt - split, depth - 1),
			   search_ranges(s, r, split, depth - 1));
}

/**
 * gen_bpf_search_scratch - the scratch gen_bpf_search() needs for @cnt ranges
 * Returns its size in bytes.
 */
size_t gen_bpf_search_scratch(unsigned int cnt)
{
	return sizeof(struct search) + ((size_t)cnt + 1) * sizeof(uint32_t);
}

/**
 * gen_bpf_search - the search over an ABI's ranges
 * @ir: the graph to build it in
 * @r: the ranges, sorted, covering the number space; weights below 2^22
 *     (a plan's costs then stay below 2^30), folds at most
 *     GEN_BPF_FOLD_MAX
 * @cnt: how many (at least one)
 * @depth: the most comparisons on the way to a range (cnt <= 2^depth
 *         slots, a folded range filling two)
 * @scratch: gen_bpf_search_scratch(@cnt) bytes, suitably aligned for any
 *           type (from malloc()); their contents are lost
 *
 * Returns the search's node id, or a negative errno from the graph.
 */
int gen_bpf_search(struct bpf_ir *ir, const struct gen_bpf_range *r,
		   unsigned int cnt, unsigned int depth, void *scratch)
{
	struct search *s = scratch;

	s->ir = ir;
	return search_ranges(s, r, cnt, depth);
}
