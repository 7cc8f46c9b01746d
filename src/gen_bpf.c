/* SPDX-License-Identifier: LGPL-2.1-only */
/* Filter database -> classic BPF program (pure: no system calls). */

/*
 * What the generated program looks like
 * -------------------------------------
 *   ld [arch]; one jeq per ABI (x86_64 and x32 share one, as the kernel
 *   reports x32 as x86_64); no match: ret BADARCH
 *   per ABI: ld [nr]; a search over the syscall number
 *   per syscall: ret ACTION, or the argument checks of its rule trie
 *
 * The syscall number space 0..2^32-1 of an ABI is cut into ranges with the
 * same outcome: the default action, BADARCH (x32 numbers in an x86_64-only
 * filter and the reverse), an unconditional action or an argument check.
 * Equal outcomes are equal graph nodes, so neighbouring syscalls with the
 * same rules form one range. A search tree over the range bounds finds the
 * outcome in at most ceil(log2(ranges)) comparisons; within that bound it
 * favours the numbers of the ABI's table that rules let through or check
 * (weighted NAMED_WEIGHT times the rest): near the root it splits so that
 * both sides weigh about the same, and searches over few ranges are
 * planned as optimal alphabetic trees (gen_bpf_search.c). A lone number
 * between two ranges of one outcome can be set apart by one jeq instead of
 * two bounds. A syscall's priority (OPTIMIZE=1) multiplies its range's
 * weight by 1 + priority: it rises as high as the bound allows, and no
 * other syscall pays for it. Only "ld [nr]", "ld [arch]", "jeq/jge" and
 * "ret" lie on the way to a syscall without argument rules, so the
 * kernel's action cache can prove every such ALLOW constant.
 *
 * Argument checks follow the trie's evaluation order (see db.c). 64-bit
 * arguments are compared high word first: GT is "hi > H, or hi == H and
 * lo > L"; a 32-bit test (SCMP_CMP_32BIT) loads the low word alone, as on
 * a 32-bit ABI, one jump where the whole argument takes two or three.
 * A signed test (SCMP_CMP_EXT_SIGNED) flips the sign bit of the word that
 * holds the sign (the high one, or the low one of a 32-bit test) before
 * its jump: "ld; xor #0x80000000; jge", as unsigned jumps are all BPF has.
 * With SCMP_FLTATR_EXT_ACT_BADARG32 a syscall first checks the high word
 * of each argument its rules test 32-bit (gen_badarg()).
 *
 * A run of equality tests on one argument under one mask whose false
 * branches go on with the next sibling is compiled as a search over the
 * values (from two values when they have a high word to test, four
 * otherwise).
 *
 * gen_bpf_search.c builds the search over the ranges; bpf_ir.c shares
 * identical tails and lays the graph out.
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <seccomp-ext.h>

#include "action.h"
#include "bpf_ir.h"
#include "gen_bpf.h"
#include "gen_bpf_search.h"

#define ARCH_OFFSET 4U
#define FULL_MASK 0xffffffffU
/* Value runs shorter than this stay a chain of jeq. */
#define SEARCH_MIN 4U
/* ... unless they test high words: a chain repeats that test per value. */
#define SEARCH_MIN_WIDE 2U

struct gen {
	struct bpf_ir *ir;
	const struct db_filter *filter;
	const struct arch_def *arch; /* the ABI being generated */
	void *scratch;		     /* gen_arch()'s arrays, per ABI */
	size_t scratch_size;
};

static int gen_level(struct gen *g, const struct db_node *level, int fail);

static bpf_acc acc_arg(const struct gen *g, unsigned int arg, bool hi,
		       uint32_t mask)
{
	unsigned int off = hi ? arch_arg_offset_hi(g->arch, arg) :
				arch_arg_offset_lo(g->arch, arg);

	return bpf_acc_word(off, mask);
}

static int gen_branch(struct gen *g, const struct db_branch *br, int next)
{
	if (db_branch_kind(br) == DB_BR_ACTION)
		return bpf_ir_ret(g->ir, db_branch_action(br));
	if (db_branch_kind(br) == DB_BR_LEVEL)
		return gen_level(g, db_branch_level(br), next);
	return next;
}

/* The BPF jump of an operator; 0 for what is not one. */
static uint16_t jump_op(enum db_op op)
{
	switch (op) {
	case DB_OP_EQ:
		return BPF_JEQ;
	case DB_OP_GT:
		return BPF_JGT;
	case DB_OP_GE:
		return BPF_JGE;
	}
	return 0;
}

/*
 * The high-word part of a 64-bit GT or GE: a larger high word holds (@t),
 * an equal one defers to the low word's test @lo, a smaller one fails
 * (@f). A signed test compares the high word signed, the low one not.
 */
static int gen_range_hi(struct gen *g, const struct db_cmp *c, int t, int lo,
			int f)
{
	uint32_t dh = (uint32_t)(c->datum >> 32);
	bpf_acc hi = acc_arg(g, c->arg, true, FULL_MASK);

	if (c->sign)
		hi = bpf_acc_flipped(hi);
	if (dh == 0)
		return bpf_ir_jump(g->ir, BPF_JGT, 0, hi, t, lo);
	return bpf_ir_jump(g->ir, BPF_JGT, dh, hi, t,
			   bpf_ir_jump(g->ir, BPF_JEQ, dh, hi, lo, f));
}

/* One comparison: jump to @t if it holds, to @f if not. */
static int gen_cmp(struct gen *g, const struct db_cmp *c, int t, int f)
{
	uint32_t dh = (uint32_t)(c->datum >> 32), dl = (uint32_t)c->datum;
	uint32_t mh = (uint32_t)(c->mask >> 32), ml = (uint32_t)c->mask;
	uint16_t op = jump_op((enum db_op)c->op);
	bool one_word = g->arch->arg_bits == 32 || c->low;
	bpf_acc acc_lo = acc_arg(g, c->arg, false, ml);
	int lo;

	if (op == 0)
		return -EINVAL;
	/* "arg >= 0" always holds (signed: "arg >= INT_MIN", its datum 0) */
	if (c->op == DB_OP_GE && c->datum == 0)
		return t;
	/* a signed test: the word holding the sign, flipped (db.c) */
	if (c->sign && one_word)
		acc_lo = bpf_acc_flipped(acc_lo);
	/* 64-bit signed >= of a zero low word, as "fd < 0": one jump */
	if (c->sign && !one_word && c->op == DB_OP_GE && dl == 0)
		return bpf_ir_jump(
			g->ir, BPF_JGE, dh,
			bpf_acc_flipped(acc_arg(g, c->arg, true, FULL_MASK)), t,
			f);
	/* an empty mask half tests nothing: (x & 0) == 0 */
	lo = ml == 0 ? t : bpf_ir_jump(g->ir, op, dl, acc_lo, t, f);
	if (one_word)
		return lo;

	if (c->op == DB_OP_EQ)
		return mh == 0 ?
			       lo :
			       bpf_ir_jump(g->ir, BPF_JEQ, dh,
					   acc_arg(g, c->arg, true, mh), lo, f);
	/* GT and GE: a larger high word decides; an equal one defers to lo */
	return gen_range_hi(g, c, t, lo, f);
}

/*
 * One value of an equality run: its node, then the word compared and where
 * it leads.
 */
struct value {
	const struct db_node *node;
	uint32_t key;
	int target;
};

/*
 * A search over sorted distinct @keys in the accumulator @acc: the target
 * of the matching key, or @miss.
 */
static int gen_search(struct gen *g, const struct value *v, unsigned int cnt,
		      bpf_acc acc, int miss)
{
	unsigned int half;
	int target = miss;

	if (cnt <= 2) {
		while (cnt-- > 0)
			target = bpf_ir_jump(g->ir, BPF_JEQ, v[cnt].key, acc,
					     v[cnt].target, target);
		return target;
	}
	half = cnt / 2;
	return bpf_ir_jump(g->ir, BPF_JGT, v[half - 1].key, acc,
			   gen_search(g, v + half, cnt - half, acc, miss),
			   gen_search(g, v, half, acc, miss));
}

static int value_cmp(const void *a, const void *b)
{
	uint64_t x = ((const struct value *)a)->node->cmp.datum;
	uint64_t y = ((const struct value *)b)->node->cmp.datum;

	return (x > y) - (x < y);
}

/*
 * Lists the @cnt nodes of a run from @first, sorted by value. The level
 * keeps equality siblings with one mask in descending order, so listing
 * them backwards usually is all it takes.
 */
static void values_list(struct value *vals, const struct db_node *first,
			unsigned int cnt)
{
	unsigned int i;

	for (i = cnt; i > 0; first = first->next)
		vals[--i].node = first;
	for (i = 1; i < cnt; i++)
		if (vals[i - 1].node->cmp.datum > vals[i].node->cmp.datum)
			break;
	if (i < cnt)
		qsort(vals, cnt, sizeof(*vals), value_cmp);
}

/*
 * A run of @cnt equality tests on one argument with one mask, from
 * @first. The values exclude each other, so their order does not matter
 * and a failed sub-trie of one of them can only go on to the end of the
 * run: @fail.
 */
static int gen_run(struct gen *g, const struct db_node *first, unsigned int cnt,
		   int fail)
{
	unsigned int i, j, groups = 0;
	unsigned int arg = first->cmp.arg;
	uint32_t mh = (uint32_t)(first->cmp.mask >> 32);
	uint32_t ml = (uint32_t)first->cmp.mask;
	uint32_t high;
	struct value *vals;
	int target = -ENOMEM;

	vals = malloc(cnt * sizeof(*vals));
	if (vals == NULL)
		return -ENOMEM;
	values_list(vals, first, cnt);

	/*
	 * All tests of the run share one mask. 64-bit ABIs: search the
	 * (masked) high words; under each high word search the low words of
	 * the values that have it. vals[] is reused: the low-word searches
	 * are built first, then overwritten by the groups. A mask without a
	 * high half (a 32-bit ABI, or a "low word only" test) leaves one
	 * group and nothing to search there; one without a low half leaves
	 * one value per group.
	 */
	for (i = 0; i < cnt; i = j) {
		high = (uint32_t)(vals[i].node->cmp.datum >> 32);
		for (j = i; j < cnt && vals[j].node->cmp.datum >> 32 == high;
		     j++) {
			vals[j].key = (uint32_t)vals[j].node->cmp.datum;
			vals[j].target =
				gen_branch(g, &vals[j].node->br[1], fail);
			if (vals[j].target < 0) {
				target = vals[j].target;
				goto out;
			}
		}
		target = ml == 0 ? vals[i].target :
				   gen_search(g, vals + i, j - i,
					      acc_arg(g, arg, false, ml), fail);
		if (target < 0)
			goto out;
		vals[groups].key = high;
		vals[groups++].target = target;
	}
	if (mh != 0)
		target = gen_search(g, vals, groups, acc_arg(g, arg, true, mh),
				    fail);
out:
	free(vals);
	return target;
}

/*
 * Whether a sibling can join the search of @last's run: equality tests of
 * one argument with one mask, written alike, exclude each other (distinct
 * siblings have distinct data; == 5 and masked == 5 are two siblings, and
 * so are a 32-bit test and one of the whole argument).
 */
static bool runs_with(const struct db_node *n, const struct db_node *last)
{
	return n->cmp.op == DB_OP_EQ && n->cmp.arg == last->cmp.arg &&
	       n->cmp.mask == last->cmp.mask &&
	       n->cmp.masked == last->cmp.masked &&
	       n->cmp.low == last->cmp.low && db_branch_empty(&n->br[0]);
}

/*
 * One trie level: siblings tried in order, each going on with the next
 * when it has no result; the last one goes on with @fail.
 */
static int gen_level(struct gen *g, const struct db_node *level, int fail)
{
	const struct db_node *last = db_level_last(level), *start, *before;
	unsigned int len;
	int next = fail;

	/* built back to front: each sibling's "go on" is the one after it */
	while (last != NULL && next >= 0) {
		/* the run of equality tests that ends at @last */
		start = last;
		len = 1;
		if (runs_with(last, last)) {
			while ((before = db_level_prev(level, start)) != NULL &&
			       runs_with(before, last)) {
				start = before;
				len++;
			}
		}
		if (len >=
		    (last->cmp.mask >> 32 ? SEARCH_MIN_WIDE : SEARCH_MIN)) {
			next = gen_run(g, start, len, next);
			last = db_level_prev(level, start);
			continue;
		}
		next = gen_cmp(g, &last->cmp, gen_branch(g, &last->br[1], next),
			       gen_branch(g, &last->br[0], next));
		last = db_level_prev(level, last);
	}
	return next;
}

/*
 * The high-word check of argument @arg (SCMP_FLTATR_EXT_ACT_BADARG32):
 *   ld [hi]; jeq #0, @ok; jeq #0xffffffff, +0, @bad;
 *   ld [lo]; jset #0x80000000, @ok, @bad
 * A clean high word (0, the common case) costs a load and a jump.
 */
static int gen_badarg(struct gen *g, unsigned int arg, int ok, int bad)
{
	bpf_acc hi = acc_arg(g, arg, true, FULL_MASK);
	int neg;

	neg = bpf_ir_jump(g->ir, BPF_JSET, 0x80000000U,
			  acc_arg(g, arg, false, FULL_MASK), ok, bad);
	return bpf_ir_jump(
		g->ir, BPF_JEQ, 0, hi, ok,
		bpf_ir_jump(g->ir, BPF_JEQ, FULL_MASK, hi, neg, bad));
}

/* The outcome of one syscall entry: its action or its argument checks. */
static int gen_syscall(struct gen *g, const struct db_syscall *sys)
{
	unsigned int args, arg;
	int next, bad;

	if (db_branch_kind(&sys->rules) == DB_BR_ACTION)
		return bpf_ir_ret(g->ir, db_branch_action(&sys->rules));
	next = gen_level(g, db_branch_level(&sys->rules),
			 bpf_ir_ret(g->ir, g->filter->attr.act_default));
	args = db_badarg_args(g->filter, g->arch, sys);
	if (args == 0 || next < 0)
		return next;
	/* once per argument, before the rules, the lowest argument first */
	bad = bpf_ir_ret(g->ir, g->filter->attr.act_badarg32);
	for (arg = DB_ARG_MAX; arg-- > 0 && next >= 0;)
		if (args & (1U << arg))
			next = gen_badarg(g, arg, next, bad);
	return next;
}

/*
 * How much the search should favour a range: by how many numbers of the
 * ABI's syscall table (@first..@last, from arch_syscall_span(), which
 * scans the table: called once per ABI) it spans (x32's carry the x32 bit,
 * MIPS ones their base). Other numbers weigh a little, so the rest of the
 * space still gets a short path.
 */
static uint32_t range_weight(uint32_t first, uint32_t last, uint32_t lo,
			     uint32_t hi)
{
	uint32_t w = 1;

	if (hi >= first && lo <= last)
		w += (hi < last ? hi : last) - (lo > first ? lo : first) + 1;
	return w;
}

/*
 * Sorted ranges covering the numbers 0..2^32-1, each with an outcome that
 * its neighbours do not have.
 */
struct ranges {
	struct gen_bpf_range *r;
	unsigned int cnt;
	unsigned int cap;
};

/*
 * The range holding @at: the last one starting at or below it (r[0]
 * starts at 0). Most often the last one, as syscalls come in number order.
 */
static unsigned int ranges_at(const struct ranges *rs, uint32_t at)
{
	unsigned int i = 0, hi = rs->cnt - 1, mid;

	if (rs->r[hi].lo <= at)
		return hi;
	while (i < hi) {
		mid = i + (hi - i + 1) / 2;
		if (rs->r[mid].lo <= at)
			i = mid;
		else
			hi = mid - 1;
	}
	return i;
}

/* Makes a range start at @at (0 < @at): splits the one holding it. */
static unsigned int ranges_split(struct ranges *rs, uint32_t at)
{
	unsigned int i = ranges_at(rs, at);

	if (rs->r[i].lo == at)
		return i;
	memmove(&rs->r[i + 1], &rs->r[i], (rs->cnt - i) * sizeof(*rs->r));
	rs->cnt++;
	rs->r[i].hi = at - 1;
	rs->r[i + 1].lo = at;
	return i + 1;
}

/* Makes r[i] and r[i + 1] one range if they have one outcome. */
static void ranges_join(struct ranges *rs, unsigned int i)
{
	if (i + 1 >= rs->cnt || rs->r[i].target != rs->r[i + 1].target)
		return;
	rs->r[i].hi = rs->r[i + 1].hi;
	memmove(&rs->r[i + 1], &rs->r[i + 2],
		(rs->cnt - i - 2) * sizeof(*rs->r));
	rs->cnt--;
}

/* ranges_set() where lo..hi does not lie inside the last range. */
static int ranges_replace(struct ranges *rs, uint32_t lo, uint32_t hi,
			  int target)
{
	unsigned int i, j;

	i = lo == 0 ? 0 : ranges_split(rs, lo);
	j = hi == UINT32_MAX ? rs->cnt : ranges_split(rs, hi + 1);
	/* ranges i..j-1 now make up lo..hi exactly: keep one */
	rs->r[i].hi = hi;
	rs->r[i].target = target;
	memmove(&rs->r[i + 1], &rs->r[j], (rs->cnt - j) * sizeof(*rs->r));
	rs->cnt -= j - i - 1;
	ranges_join(rs, i);
	if (i > 0)
		ranges_join(rs, i - 1);
	return 0;
}

/*
 * Gives the numbers lo..hi the outcome @target, over whatever they had;
 * neighbours with one outcome become one range. Syscalls come in number
 * order: most often the last range splits, which needs no search and no
 * move (with ranges_replace() alone, make bench: systemd and Docker x86_64
 * build 40% slower).
 */
static inline int ranges_set(struct ranges *rs, uint32_t lo, uint32_t hi,
			     int target)
{
	struct gen_bpf_range *r = &rs->r[rs->cnt - 1];
	uint32_t end = r->hi;
	int was = r->target;

	/* gen_arch() makes room for every split: cannot happen */
	if (rs->cnt + 2 > rs->cap)
		return -EFAULT;
	if (lo >= r->lo && hi < end) {
		if (target == was)
			return 0;
		if (lo > r->lo) {
			r->hi = lo - 1;
			r++;
			rs->cnt++;
		} else if (rs->cnt > 1 && r[-1].target == target) {
			/* right after a range with this outcome: extend it */
			r[-1].hi = hi;
			r->lo = hi + 1;
			return 0;
		}
		r[0] = (struct gen_bpf_range){ .lo = lo,
					       .hi = hi,
					       .target = target };
		r[1] = (struct gen_bpf_range){ .lo = hi + 1,
					       .hi = end,
					       .target = was };
		rs->cnt++;
		return 0;
	}
	return ranges_replace(rs, lo, hi, target);
}

/* How much more a number rules let through or check weighs than others. */
#define NAMED_WEIGHT 64U

/*
 * The most a prioritised range weighs: a folded range, three ranges in
 * one, stays below the 2^22 that gen_bpf_search() takes.
 */
#define WEIGHT_MAX (1U << 20)

/* A range with priority p (1..255) weighs 1 + p times as much. */
static uint32_t prio_weight(uint32_t weight, uint8_t priority)
{
	uint64_t w = (uint64_t)weight * (1U + priority);

	return w < WEIGHT_MAX ? (uint32_t)w : WEIGHT_MAX;
}

/*
 * Whether a syscall's outcome is one programs meet again and again: an
 * action that lets the call through, or argument checks.
 */
static bool range_hot(const struct gen *g, int target)
{
	const struct action_def *def;
	uint32_t action;

	if (!bpf_ir_ret_action(g->ir, target, &action))
		return true;
	def = action_find(action);
	return def != NULL && def->lets_through;
}

/* What gen_arch() weighs an ABI's ranges by. */
struct weighing {
	uint32_t span[4]; /* first, last: of the ABI, of its pair */
	bool pair;	  /* x86_64 with x32: both tables count */
	int deflt;
	int badarch;
	int enosys; /* the ENOSYS action, or -1 without KVERMAX */
};

/*
 * Weighs @r by the numbers of the ABI's tables it spans, NAMED_WEIGHT
 * times for an outcome of rules that programs meet again and again, and
 * lifted by its priority; marks whether it is named.
 */
static void range_weigh(const struct gen *g, const struct weighing *w,
			struct gen_bpf_range *r)
{
	r->weight = range_weight(w->span[0], w->span[1], r->lo, r->hi);
	if (w->pair)
		r->weight += range_weight(w->span[2], w->span[3], r->lo, r->hi);
	/* the syscalls a policy names are the ones programs make */
	r->named = r->target != w->deflt && r->target != w->badarch &&
		   r->target != w->enosys;
	if (r->named && range_hot(g, r->target))
		r->weight *= NAMED_WEIGHT;
	if (r->priority > 0)
		r->weight = prio_weight(r->weight, r->priority);
}

/*
 * Weighs the ranges (range_weigh()) and folds lone numbers: a lone number
 * between two ranges of one outcome that the policy leaves to the default
 * (or BADARCH) makes two more ranges for the search: fold it and the
 * right-hand range into the left-hand one, whose outcome becomes "jeq NR:
 * the lone number's outcome, else the old one". The search gets shallower
 * for everything; only the lightly weighed default pays the jeq. (The plan
 * folds lone numbers inside named ranges where it pays off.)
 * Returns 0 or a negative errno.
 */
static int weigh_and_fold(struct gen *g, const struct weighing *w,
			  struct gen_bpf_range *r, unsigned int *cnt)
{
	struct gen_bpf_range *in, *end = r + *cnt, *out = r;

	/*
	 * out[-1] is the last range kept; one not folded yet
	 * (GEN_BPF_FOLD_MAX is 1) still has its own outcome as its target.
	 */
	for (in = r; in < end; in++) {
		range_weigh(g, w, in);
		if (out > r && in + 1 < end && in->lo == in->hi &&
		    in->priority == 0 && !out[-1].named && out[-1].folds == 0 &&
		    out[-1].target == in[1].target) {
			range_weigh(g, w, in + 1);
			out[-1].target =
				bpf_ir_jump(g->ir, BPF_JEQ, in->lo, GEN_BPF_NR,
					    in->target, out[-1].target);
			if (out[-1].target < 0)
				return out[-1].target;
			out[-1].folds++;
			out[-1].hi = in[1].hi;
			out[-1].weight += in->weight + in[1].weight;
			in++;
			continue;
		}
		if (out != in)
			*out = *in;
		out++;
	}
	*cnt = (unsigned int)(out - r);
	return 0;
}

/* The fewest comparisons that tell @cnt ranges apart: ceil(log2 cnt). */
static unsigned int search_depth(unsigned int cnt)
{
	unsigned int depth = 0;

	while ((1ULL << depth) < cnt)
		depth++;
	return depth;
}

/*
 * Adds an ABI's syscalls (@sys, in number order) to the ranges; collects
 * its prioritised ones.
 */
static int add_syscalls(struct gen *g, struct db_syscall **sys, int cnt,
			struct ranges *rs, struct db_syscall **prio,
			unsigned int *prio_cnt)
{
	bool tskip = g->filter->attr.tskip;
	bool prioritise = g->filter->attr.optimize != 2;
	struct db_syscall *s;
	int i, rc, target;

	/* by index: an ABI without syscalls comes as NULL, 0 */
	for (i = 0; i < cnt; i++) {
		s = sys[i];
		/* pseudo numbers never reach the kernel; -1 only with TSKIP */
		if (db_branch_empty(&s->rules) ||
		    (s->num < 0 && !(s->num == -1 && tskip)))
			continue;
		target = gen_syscall(g, s);
		if (target < 0)
			return target;
		rc = ranges_set(rs, (uint32_t)s->num, (uint32_t)s->num, target);
		if (rc < 0)
			return rc;
		if (s->priority > 0 && prioritise)
			prio[(*prio_cnt)++] = s;
	}
	return 0;
}

/*
 * Appends lo..hi with @target to @out, joined with the range before it if
 * that has the same outcome.
 */
static void ranges_push(struct ranges *out, uint32_t lo, uint32_t hi,
			int target)
{
	if (out->cnt > 0 && out->r[out->cnt - 1].target == target) {
		out->r[out->cnt - 1].hi = hi;
		return;
	}
	out->r[out->cnt++] =
		(struct gen_bpf_range){ .lo = lo, .hi = hi, .target = target };
}

/*
 * Gives the @cnt numbers of @spans (sorted, none named by a rule) the
 * outcome @enosys where the ranges leave them to the default action
 * @deflt, which BADARCH numbers are not. Each span splits at most two
 * ranges: @rs has room for 2 x @cnt more. Returns 0 or -ENOMEM.
 */
static int ranges_enosys(struct ranges *rs, const struct arch_span *spans,
			 unsigned int cnt, int deflt, int enosys)
{
	struct ranges out = { .cap = rs->cap };
	const struct gen_bpf_range *r;
	unsigned int i, j = 0;
	uint32_t lo, hi;

	out.r = malloc(out.cap * sizeof(*out.r));
	if (out.r == NULL)
		return -ENOMEM;
	for (i = 0; i < rs->cnt; i++) {
		r = &rs->r[i];
		if (r->target != deflt) {
			ranges_push(&out, r->lo, r->hi, r->target);
			continue;
		}
		/* the spans inside r: ENOSYS, the numbers between: default */
		for (lo = r->lo;;) {
			while (j < cnt && spans[j].hi < lo)
				j++;
			if (j == cnt || spans[j].lo > r->hi) {
				ranges_push(&out, lo, r->hi, deflt);
				break;
			}
			if (spans[j].lo > lo) {
				ranges_push(&out, lo, spans[j].lo - 1, deflt);
				lo = spans[j].lo;
			}
			hi = spans[j].hi < r->hi ? spans[j].hi : r->hi;
			ranges_push(&out, lo, hi, enosys);
			if (hi == r->hi)
				break;
			lo = hi + 1;
		}
	}
	memcpy(rs->r, out.r, out.cnt * sizeof(*out.r));
	rs->cnt = out.cnt;
	free(out.r);
	return 0;
}

_Static_assert(sizeof(struct gen_bpf_range) % _Alignof(void *) == 0,
	       "block_scratch() puts pointers after the ranges");

/*
 * At least @size bytes in g->scratch, which one generation reuses for
 * every ABI: its old contents are gone. Returns 0 or -ENOMEM.
 */
static int scratch_reserve(struct gen *g, size_t size)
{
	if (size <= g->scratch_size)
		return 0;
	free(g->scratch);
	g->scratch = malloc(size);
	g->scratch_size = g->scratch == NULL ? 0 : size;
	return g->scratch == NULL ? -ENOMEM : 0;
}

/*
 * The block of one ABI (x86_64 and x32 together when the filter has both)
 * while it is built: what it reads of the database, then its ranges.
 */
struct abi_block {
	const struct db_arch *arch;
	const struct db_arch *second;	 /* x32 of such a pair, or NULL */
	struct db_syscall **sys, **sys2; /* their entries */
	int cnt, cnt2;
	struct arch_span *newer; /* what KVERMAX sets apart, or NULL */
	int newer_cnt;
	struct ranges rs;
	struct db_syscall **prio; /* entries with a priority */
	unsigned int prio_cnt;
	void *search; /* the search's scratch */
	struct weighing w;
	struct pool views; /* db_syscalls_gen()'s multiplexer views */
};

/*
 * The numbers SCMP_FLTATR_CTL_KVERMAX sets apart on the block's ABI or
 * pair (in number order: x86_64's part lies below x32's), less those with
 * rules, into b->newer, a block the caller frees. Returns how many spans,
 * or -ENOMEM.
 */
static int newer_spans(const struct gen *g, struct abi_block *b)
{
	struct part {
		const struct arch_def *arch;
		struct db_syscall *const *sys;
		unsigned int cnt;
	} part[2] = {
		{ b->arch->arch, b->sys, (unsigned int)b->cnt },
		{ b->second == NULL ? NULL : b->second->arch, b->sys2,
		  (unsigned int)b->cnt2 },
	}, tmp;
	unsigned int kver = g->filter->attr.kvermax, i, keep_cnt, n = 0;
	uint32_t *keep;

	b->newer = malloc(
		(2 * (syscall_defs_count + 1) + part[0].cnt + part[1].cnt) *
		sizeof(*b->newer));
	keep = malloc((part[0].cnt + part[1].cnt + 1) * sizeof(*keep));
	if (b->newer == NULL || keep == NULL) {
		free(keep);
		return -ENOMEM;
	}
	if (part[1].arch != NULL &&
	    part[1].arch->nr_first < part[0].arch->nr_first) {
		tmp = part[0];
		part[0] = part[1];
		part[1] = tmp;
	}
	for (i = 0; i < 2 && part[i].arch != NULL; i++) {
		keep_cnt = db_rule_numbers(part[i].sys, part[i].cnt, keep);
		n += arch_syscall_newer(part[i].arch, kver, keep, keep_cnt,
					b->newer + n);
	}
	free(keep);
	return (int)n;
}

/* Reads the ABIs' entries and the numbers KVERMAX sets apart. */
static int block_read(struct gen *g, struct abi_block *b)
{
	int rc;

	rc = b->cnt = db_syscalls_gen(g->filter, b->arch, &b->views, &b->sys);
	if (rc >= 0 && b->second != NULL)
		rc = b->cnt2 = db_syscalls_gen(g->filter, b->second, &b->views,
					       &b->sys2);
	if (rc >= 0 && g->filter->attr.kvermax != SCMP_KV_UNDEF)
		rc = b->newer_cnt = newer_spans(g, b);
	return rc < 0 ? rc : 0;
}

/*
 * Takes g->scratch for the ranges, the prioritised entries and the
 * search, in one block: ranges fill a multiple of the pointers'
 * alignment, so each part is aligned.
 */
static int block_scratch(struct gen *g, struct abi_block *b)
{
	unsigned int total = (unsigned int)b->cnt + (unsigned int)b->cnt2;
	int rc;

	/*
	 * Each syscall splits off at most two more ranges, BADARCH two, and
	 * the spans of newer numbers two each.
	 */
	b->rs.cap = 2 * total + 8 + 2 * (unsigned int)b->newer_cnt;
	rc = scratch_reserve(g, b->rs.cap * sizeof(*b->rs.r) +
					(total + 1) * sizeof(*b->prio) +
					gen_bpf_search_scratch(b->rs.cap));
	if (rc < 0)
		return rc;
	b->rs.r = g->scratch;
	b->prio = (struct db_syscall **)(b->rs.r + b->rs.cap);
	b->search = b->prio + total + 1;
	return 0;
}

/*
 * The ranges of the number space with their outcomes: the default, the
 * syscalls' rules, BADARCH for the other ABI of a pair, KVERMAX.
 */
static int block_ranges(struct gen *g, struct abi_block *b)
{
	const struct db_filter *filter = g->filter;
	const struct arch_def *arch = b->arch->arch;
	struct ranges *rs = &b->rs;
	int rc;

	b->w.deflt = bpf_ir_ret(g->ir, filter->attr.act_default);
	rs->cnt = 1;
	rs->r[0] = (struct gen_bpf_range){ .lo = 0,
					   .hi = UINT32_MAX,
					   .target = b->w.deflt };
	b->w.badarch = bpf_ir_ret(g->ir, filter->attr.act_badarch);
	rc = b->w.deflt < 0 ? b->w.deflt : b->w.badarch < 0 ? b->w.badarch : 0;
	if (rc < 0)
		return rc;

	/* the later ABI first, so the first one's -1 rule wins */
	if (b->second != NULL) {
		g->arch = b->second->arch;
		rc = add_syscalls(g, b->sys2, b->cnt2, rs, b->prio,
				  &b->prio_cnt);
		g->arch = arch;
		if (rc < 0)
			return rc;
	}
	rc = add_syscalls(g, b->sys, b->cnt, rs, b->prio, &b->prio_cnt);
	if (rc < 0)
		return rc;

	/*
	 * Where two ABIs share an audit value (x86_64 and x32), each has a
	 * part of its numbers. A filter with only one of them sends the
	 * other's calls to BADARCH, whatever rules name such numbers, except
	 * nr -1, which a tracer uses to skip a call.
	 */
	if (b->second == NULL && arch->nr_first > 0)
		rc = ranges_set(rs, 0, arch->nr_first - 1, b->w.badarch);
	if (rc == 0 && b->second == NULL && arch->nr_last < UINT32_MAX - 1)
		rc = ranges_set(rs, arch->nr_last + 1, UINT32_MAX - 1,
				b->w.badarch);
	/* KVERMAX: what rules and BADARCH leave to the default, in part */
	if (rc == 0 && b->newer != NULL) {
		b->w.enosys = bpf_ir_ret(g->ir, filter->attr.act_enosys);
		rc = b->w.enosys < 0 ? b->w.enosys :
				       ranges_enosys(rs, b->newer,
						     (unsigned int)b->newer_cnt,
						     b->w.deflt, b->w.enosys);
	}
	return rc;
}

/* The search over the ranges, weighed and with priorities. */
static int block_search(struct gen *g, struct abi_block *b)
{
	struct ranges *rs = &b->rs;
	struct gen_bpf_range *r;
	unsigned int i, depth;
	int rc;

	/* a priority lifts its syscall's range: as high as the depth allows */
	for (i = 0; i < b->prio_cnt; i++) {
		r = &rs->r[ranges_at(rs, (uint32_t)b->prio[i]->num)];
		if (r->priority < b->prio[i]->priority)
			r->priority = b->prio[i]->priority;
	}
	/* the depth of a balanced search: no number pays for the weighting */
	depth = search_depth(rs->cnt);
	arch_syscall_span(b->arch->arch, &b->w.span[0], &b->w.span[1]);
	if (b->second != NULL)
		arch_syscall_span(b->second->arch, &b->w.span[2],
				  &b->w.span[3]);
	b->w.pair = b->second != NULL;
	rc = weigh_and_fold(g, &b->w, rs->r, &rs->cnt);
	if (rc < 0)
		return rc;
	return gen_bpf_search(g->ir, rs->r, rs->cnt, depth, b->search);
}

/* Generates one ABI block (@second: x32 of a pair with x86_64, or NULL). */
static int gen_arch(struct gen *g, const struct db_arch *arch,
		    const struct db_arch *second)
{
	struct abi_block b = { .arch = arch, .second = second, .w.enosys = -1 };
	int rc;

	g->arch = arch->arch;
	pool_init(&b.views, sizeof(union db_entry));
	rc = block_read(g, &b);
	if (rc == 0)
		rc = block_scratch(g, &b);
	if (rc == 0)
		rc = block_ranges(g, &b);
	if (rc == 0)
		rc = block_search(g, &b);
	free(b.sys);
	free(b.sys2);
	free(b.newer);
	pool_drop(&b.views);
	return rc;
}

/**
 * gen_bpf_generate - compile a filter to a BPF program
 * @filter: the filter (read only)
 * @prog: set to the malloc'd program in the filter's byte order
 * @len: set to its number of instructions
 *
 * Returns 0, -E2BIG if the program would not fit in BPF_MAXINSNS
 * instructions, or -ENOMEM.
 */
int gen_bpf_generate(const struct db_filter *filter, struct sock_filter **prog,
		     size_t *len)
{
	struct bpf_ir ir;
	struct gen g = { .ir = &ir, .filter = filter };
	const struct db_arch *arch, *second;
	int target, block, rc;
	unsigned int i, j;
	bool big_endian = false, later;

	rc = bpf_ir_init(&ir);
	if (rc < 0)
		return rc;

	/* arch checks are built back to front: each one's "else" is the next */
	target = bpf_ir_ret(g.ir, filter->attr.act_badarch);
	for (i = filter->arch_cnt; i-- > 0 && target >= 0;) {
		arch = filter->arches[i];
		big_endian = arch->arch->big_endian;
		/* x86_64 and x32 share one check, at the first of the two */
		second = NULL;
		later = false;
		for (j = 0; j < filter->arch_cnt; j++) {
			if (j == i || filter->arches[j]->arch->token_bpf !=
					      arch->arch->token_bpf)
				continue;
			if (j < i)
				later = true;
			else
				second = filter->arches[j];
		}
		if (later)
			continue;
		block = gen_arch(&g, arch, second);
		target = bpf_ir_jump(g.ir, BPF_JEQ, arch->arch->token_bpf,
				     bpf_acc_word(ARCH_OFFSET, FULL_MASK),
				     block, target);
	}
	rc = bpf_ir_layout(g.ir, target, big_endian, prog, len);
	bpf_ir_release(&ir);
	free(g.scratch);
	return rc;
}
