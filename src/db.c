/* SPDX-License-Identifier: LGPL-2.1-only */
/* The filter database: per-ABI rule sets, rule merging and transactions. */

/*
 * How the database looks
 * ----------------------
 * A filter (struct db_filter) holds its attributes and one struct db_arch
 * per ABI, in the order the ABIs were added. A db_arch holds an ordered set
 * of struct db_syscall keyed by the syscall's number on that ABI.
 *
 * A syscall either has one action for every call (unconditional) or a trie
 * of argument comparisons, held the way a node's branch holds an action or
 * a level (db.h). Each rule becomes a path through the trie: its
 * comparisons in ascending argument order, each normalised to EQ (masked),
 * GT or GE, continuing on the true branch or, for NE, LT and LE, on the
 * false branch, and ending in the rule's action. An EQ node remembers
 * whether it was written as MASKED_EQ: libseccomp keeps the two forms
 * apart, so masked == 5 under an all-ones mask is not the node of == 5.
 * A comparison with SCMP_CMP_32BIT (provisional, from libseccomp's open
 * pull request) on a 64-bit ABI compares the low word alone: its datum
 * and mask are cut to 32 bits, as on a 32-bit ABI, and its node is marked
 * "low", a test of its own (not the node of the same comparison without
 * the flag, even where both test the same, as masked == under a mask
 * without a high half). On a 32-bit ABI the flag changes nothing.
 * A range test with SCMP_CMP_EXT_SIGNED (ours) is marked "sign" and its
 * datum has the sign bit of what it compares flipped (bit 63, or bit 31
 * of a 32-bit test and on 32-bit ABIs): x <s K is x ^ S <u K ^ S, so the
 * node orders, merges and compiles as an unsigned test of the flipped
 * datum, the generators flipping the argument's sign bit as they load it.
 * It is never the node of a test without the flag.
 * Rules share the nodes of their common prefix. A level of the trie is a
 * list of sibling nodes, each with its comparison and rank (the operators
 * the rule that made the node was written with: ==, != and masked ==; <
 * and <=; > and >=).
 *
 * A rule may compare one argument several times (libseccomp refuses that
 * with -EINVAL): all of them must hold, like any two of its comparisons
 * (a0 != 40 && a0 != 38; 3 <= a0 <= 9 as a0 >= 3 && a0 <= 9). They follow
 * each other on its path in chain order, whatever order they were written
 * in, so that one conjunction is one path and merges as one rule:
 *
 *  a. by rank, as siblings go: equality tests, then < and <=, then > and
 *     >=;
 *  b. equality tests by datum, the larger first, then by mask, the larger
 *     first, then == before masked ==; < and <= by datum, the smaller
 *     first, > and >= the larger first, and of two range tests of one
 *     datum the stricter first (< before <=, > before >=);
 *  c. then the test of the whole argument before its low word's (a
 *     32-bit test), then unsigned before signed, then == before !=.
 *
 * The same comparison twice (normalised: on a 32-bit ABI and in 32-bit
 * tests, datums that agree in the low word are one) is one node. A contradiction (a0 > 5 &&
 * a0 < 3, a0 == 1 && a0 != 1) is a path like any other that no call
 * follows to its end: it never matches. The nodes after a path's first
 * test of an argument lie on the levels below it, where the order of
 * siblings and merging (below) treat them as tests of any other argument.
 * So after a0 < 10, a rule a0 < 10 && a0 > 5 is dropped as covered; the
 * other way round, a0 < 10 replaces it, or with another action is -EEXIST.
 *
 * The list is in libseccomp's order, the order siblings are tried in,
 * which a node takes when it is made and keeps:
 *
 *  1. the higher argument first;
 *  2. by rank: equality tests first, then < and <=, then > and >=;
 *  3. equality tests by datum, the larger first; on 64-bit ABIs by the
 *     high word first, then by group, then by the low word: the equality
 *     nodes whose high words (datum and mask) agree and that are written
 *     alike (== or masked ==) are a group, which keeps the place of its
 *     first node among the groups of one high datum (libseccomp shares one
 *     high-word node between them); an argument's 32-bit equality tests
 *     are a group of their own. < and <= by datum, the smaller first;
 *     > and >= by datum, the larger first. On 32-bit ABIs these are the
 *     datums as truncated;
 *  4. what that leaves equal (one datum under other masks, or > and >= of
 *     one datum) in the order the nodes were made.
 *
 * A new comparison finds its node as libseccomp's ordered list does: walked
 * in that order, the level gives it the first node that tests the same, or
 * a new node in front of the first one it must precede (level_join()). So
 * a < or <= joins the node that a > or >= rule made for the same test (a0
 * < 10 and a0 >= 10 test one thing) only if no node lies between their
 * places: a range test of the argument with a larger datum, or the other
 * of > and >= on that datum made before it. Otherwise it makes a node of
 * its own, with rank "<", which later rules of that test (which meet it
 * first) join.
 * Nodes come and go with whole levels only (a rule that ends where others
 * go on frees the level after it), so the order of the nodes that stay
 * never changes.
 *
 * Evaluation, which the generators must reproduce: walk a level's siblings
 * in order; a node's comparison selects a branch; an action there is the
 * result, a sub-level there is evaluated the same way, and nothing there,
 * or a sub-level without a result, means going on with the next sibling.
 * A level without a result leaves the syscall to the default action.
 * Equivalently: the first rule in trie order whose comparisons all hold
 * wins.
 *
 * Merging follows libseccomp: an unconditional rule replaces a trie, but a
 * rule for an unconditional syscall is dropped; a rule whose path ends
 * where an existing one goes on replaces the longer ones if they all end in
 * its action (-EEXIST otherwise); a rule that goes on where an existing one
 * ends is dropped; the same path with another action is -EEXIST.
 *
 * Every change is made in two steps: prepare allocates all memory and
 * checks for conflicts, apply links the new nodes in and cannot fail.
 * Prepare changes the filter only by linking in new syscall entries,
 * which take the rule's path at once (nothing else refers to them yet),
 * and are taken out again if the change fails: a failed call leaves the
 * filter as it was.
 * Transactions are deep copies of the per-ABI sets, restored on reject.
 *
 * Trie nodes and syscall entries live in the filter's pool (pool.c), one
 * cache line each on 64-bit hosts: rule changes return freed ones to it,
 * and releasing the filter drops the pool's chunks instead of walking the
 * sets. Everything else the filter holds (the filter itself, its ABIs,
 * snapshots and generated program) is a block from pool.c too, given
 * back with block_put() and never to free(): releasing a filter
 * makes no system call, even after a load that allows none.
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <seccomp-ext.h>

#include "db.h"

struct db_snapshot {
	struct db_arch *arches[DB_ARCH_MAX];
	unsigned int arch_cnt;
	bool notify_used;
	struct db_snapshot *next;
};

#define SYSCALL(t) ((struct db_syscall *)(t))

static const struct db_attrs attrs_default = {
	.act_badarch = SCMP_ACT_KILL,
	.nnp = true,
	.optimize = 1,
	.act_enosys = SCMP_ACT_ERRNO(ENOSYS),
	.kvermax = SCMP_KV_UNDEF,
	.act_badarg32 = SCMP_EXT_ACT_UNSET,
	.act_mux = SCMP_EXT_ACT_UNSET,
};

/*
 * Freeing and copying
 */

static void level_free(struct pool *pool, struct db_node *level)
{
	struct db_node *node, *next;

	for (node = level; node != NULL; node = next) {
		next = node->next;
		level_free(pool, db_branch_level(&node->br[0]));
		level_free(pool, db_branch_level(&node->br[1]));
		pool_put(pool, node);
	}
}

static void syscalls_free(struct pool *pool, struct treap_node *set)
{
	struct db_syscall *sys = SYSCALL(set);

	if (set == NULL)
		return;
	syscalls_free(pool, set->left);
	syscalls_free(pool, set->right);
	level_free(pool, db_branch_level(&sys->rules));
	pool_put(pool, sys);
}

/* Frees an ABI's rules; with @pool NULL, leaves its entries to the pool. */
static void arch_free(struct pool *pool, struct db_arch *arch)
{
	if (arch == NULL)
		return;
	if (pool != NULL)
		syscalls_free(pool, arch->syscalls);
	block_put(arch, sizeof(*arch));
}

/*
 * Links @node into the level that starts at *@first, in front of @before
 * (NULL: at the end).
 */
static void level_link(struct db_node **first, struct db_node *node,
		       struct db_node *before)
{
	struct db_node *head = *first;

	node->next = before;
	if (head == NULL) {
		node->prev = node;
		*first = node;
	} else if (before == NULL) {
		node->prev = head->prev;
		head->prev->next = node;
		head->prev = node;
	} else {
		node->prev = before->prev;
		if (before == head)
			*first = node;
		else
			before->prev->next = node;
		before->prev = node;
	}
}

static struct db_node *level_copy(struct pool *pool,
				  const struct db_node *level);

/* On failure @dst is left empty: freeing it frees nothing of @src. */
static int branch_copy(struct pool *pool, struct db_branch *dst,
		       const struct db_branch *src)
{
	const struct db_node *level = db_branch_level(src);
	struct db_node *copy;

	*dst = *src;
	if (level == NULL)
		return 0;
	copy = level_copy(pool, level);
	db_branch_set_level(dst, copy);
	return copy != NULL ? 0 : -ENOMEM;
}

/* Copies a trie level; returns NULL on allocation failure. */
static struct db_node *level_copy(struct pool *pool,
				  const struct db_node *level)
{
	struct db_node *first = NULL, *copy;
	const struct db_node *node;

	for (node = level; node != NULL; node = node->next) {
		copy = pool_alloc(pool);
		if (copy == NULL)
			goto fail;
		*copy = *node;
		copy->br[0] = copy->br[1] = (struct db_branch){ 0 };
		level_link(&first, copy, NULL);
		if (branch_copy(pool, &copy->br[0], &node->br[0]) < 0 ||
		    branch_copy(pool, &copy->br[1], &node->br[1]) < 0)
			goto fail;
	}
	return first;

fail:
	level_free(pool, first);
	return NULL;
}

/* Copies a set of syscalls; returns NULL on allocation failure. */
static struct treap_node *syscalls_copy(struct pool *pool,
					const struct treap_node *set)
{
	struct db_syscall *copy;

	copy = pool_zalloc(pool);
	if (copy == NULL)
		return NULL;
	*copy = *SYSCALL(set);
	copy->link.left = copy->link.right = NULL;
	copy->rules = (struct db_branch){ 0 };
	if ((set->left != NULL &&
	     (copy->link.left = syscalls_copy(pool, set->left)) == NULL) ||
	    (set->right != NULL &&
	     (copy->link.right = syscalls_copy(pool, set->right)) == NULL) ||
	    branch_copy(pool, &copy->rules, &SYSCALL(set)->rules) < 0) {
		syscalls_free(pool, &copy->link);
		return NULL;
	}
	return &copy->link;
}

static void snapshots_free(struct pool *pool, struct db_snapshot *snap)
{
	struct db_snapshot *next;
	unsigned int i;

	for (; snap != NULL; snap = next) {
		next = snap->next;
		for (i = 0; i < snap->arch_cnt; i++)
			arch_free(pool, snap->arches[i]);
		block_put(snap, sizeof(*snap));
	}
}

/*
 * Filters
 */

/*
 * Gives a filter without ABIs its native one, without rules, and the
 * default attributes.
 */
static void filter_start(struct db_filter *filter, struct db_arch *native,
			 uint32_t act_default)
{
	*native = (struct db_arch){ .arch = arch_native() };
	filter->attr = attrs_default;
	filter->attr.act_default = act_default;
	filter->notify_used = act_default == SCMP_ACT_NOTIFY;
	filter->arches[0] = native;
	filter->arch_cnt = 1;
}

/**
 * db_new - a new filter for the native ABI with default attributes
 * @act_default: the default action (already validated)
 *
 * Returns the filter, or NULL on allocation failure.
 */
struct db_filter *db_new(uint32_t act_default)
{
	struct db_filter *filter;
	struct db_arch *native;

	filter = block_get(sizeof(*filter));
	native = block_get(sizeof(*native));
	if (filter == NULL || native == NULL) {
		block_put(filter, sizeof(*filter));
		block_put(native, sizeof(*native));
		return NULL;
	}
	*filter = (struct db_filter){ 0 };
	pool_init(&filter->pool, sizeof(union db_entry));
	filter_start(filter, native, act_default);
	return filter;
}

/* Drops all rules and snapshots: the pool goes as a whole. */
static void filter_clear(struct db_filter *filter)
{
	unsigned int i;

	for (i = 0; i < filter->arch_cnt; i++)
		arch_free(NULL, filter->arches[i]);
	filter->arch_cnt = 0;
	snapshots_free(NULL, filter->snapshots);
	filter->snapshots = NULL;
	pool_drop(&filter->pool);
	db_changed(filter);
}

/**
 * db_free - release a filter and everything it owns
 * @filter: the filter, or NULL
 */
void db_free(struct db_filter *filter)
{
	if (filter == NULL)
		return;
	filter_clear(filter);
	block_put(filter, sizeof(*filter));
}

/**
 * db_reset - empty a filter: native ABI only, no rules, default attributes
 * @filter: the filter
 * @act_default: the new default action (already validated)
 *
 * Returns 0, or -ENOMEM (the filter is then unchanged).
 */
int db_reset(struct db_filter *filter, uint32_t act_default)
{
	struct db_arch *native;

	native = block_get(sizeof(*native));
	if (native == NULL)
		return -ENOMEM;
	filter_clear(filter);
	filter_start(filter, native, act_default);
	return 0;
}

/**
 * db_changed - note that the rules changed: drop the generated program
 */
void db_changed(struct db_filter *filter)
{
	struct db_prog *prog;

	prog = atomic_exchange(&filter->prog, NULL);
	if (prog != NULL)
		block_put(prog, db_prog_size(prog->len));
}

/*
 * ABIs
 */

/**
 * db_arch_find - the rules of one ABI in a filter
 * @token: an SCMP_ARCH_* token (not NATIVE)
 *
 * Returns the ABI's rule set, or NULL if the filter lacks it.
 */
struct db_arch *db_arch_find(const struct db_filter *filter, uint32_t token)
{
	unsigned int i;

	for (i = 0; i < filter->arch_cnt; i++)
		if (filter->arches[i]->arch->token == token)
			return filter->arches[i];
	return NULL;
}

/**
 * db_arch_add - add an ABI without rules
 *
 * Returns 0, -EEXIST if the filter has it, -EDOM if its byte order differs
 * from the filter's ABIs, -EINVAL if the filter is full (it cannot be:
 * it holds each ABI once), or -ENOMEM.
 */
int db_arch_add(struct db_filter *filter, const struct arch_def *arch)
{
	struct db_arch *added;

	if (db_arch_find(filter, arch->token) != NULL)
		return -EEXIST;
	if (filter->arch_cnt >= DB_ARCH_MAX)
		return -EINVAL;
	/* One program has one byte order. */
	if (filter->arch_cnt > 0 &&
	    filter->arches[0]->arch->big_endian != arch->big_endian)
		return -EDOM;
	added = block_get(sizeof(*added));
	if (added == NULL)
		return -ENOMEM;
	*added = (struct db_arch){ .arch = arch };
	filter->arches[filter->arch_cnt++] = added;
	db_changed(filter);
	return 0;
}

/**
 * db_arch_remove - remove an ABI and its rules
 *
 * Returns 0, or -EEXIST if the filter does not have it.
 */
int db_arch_remove(struct db_filter *filter, uint32_t token)
{
	unsigned int i;

	for (i = 0; i < filter->arch_cnt; i++)
		if (filter->arches[i]->arch->token == token)
			break;
	if (i == filter->arch_cnt)
		return -EEXIST;
	arch_free(&filter->pool, filter->arches[i]);
	filter->arch_cnt--;
	memmove(&filter->arches[i], &filter->arches[i + 1],
		(filter->arch_cnt - i) * sizeof(filter->arches[0]));
	db_changed(filter);
	return 0;
}

/**
 * db_merge - move all ABIs of @src into @dst and free @src
 *
 * The caller has checked that the attributes agree. Returns 0, -EDOM if the
 * byte orders differ or -EEXIST if both have an ABI; both filters are then
 * unchanged.
 */
int db_merge(struct db_filter *dst, struct db_filter *src)
{
	unsigned int i;

	if (dst->arch_cnt > 0 && src->arch_cnt > 0 &&
	    dst->arches[0]->arch->big_endian !=
		    src->arches[0]->arch->big_endian)
		return -EDOM;
	for (i = 0; i < src->arch_cnt; i++)
		if (db_arch_find(dst, src->arches[i]->arch->token) != NULL)
			return -EEXIST;
	if (dst->arch_cnt + src->arch_cnt > DB_ARCH_MAX)
		return -EEXIST;

	for (i = 0; i < src->arch_cnt; i++)
		dst->arches[dst->arch_cnt++] = src->arches[i];
	src->arch_cnt = 0;
	pool_adopt(&dst->pool, &src->pool);
	dst->notify_used = dst->notify_used || src->notify_used;
	db_changed(dst);
	db_free(src);
	return 0;
}

/*
 * Rules
 */

static int syscall_cmp(const struct treap_node *a, const struct treap_node *b)
{
	int x = SYSCALL(a)->num, y = SYSCALL(b)->num;

	return x < y ? -1 : x > y;
}

/* A syscall entry's heap value. */
static uint32_t syscall_heap(int num)
{
	return treap_hash((uint32_t)num);
}

/* The branch a rule's path continues on after this node. */
static int path_branch(const struct db_node *node)
{
	return !db_branch_empty(&node->br[1]);
}

/* The next node on a rule's path, or NULL at its end. */
static struct db_node *path_next(const struct db_node *node)
{
	return db_branch_level(&node->br[path_branch(node)]);
}

/* Frees a rule's path from @node up to (not including) @keep. */
static void path_free(struct pool *pool, struct db_node *node,
		      const struct db_node *keep)
{
	struct db_node *next;

	while (node != NULL && node != keep) {
		next = path_next(node);
		pool_put(pool, node);
		node = next;
	}
}

/*
 * Normalises one comparison for an ABI whose arguments are @width wide.
 * SCMP_CMP_32BIT makes a 64-bit ABI's comparison one of the low word, as
 * on a 32-bit ABI (where the flag changes nothing). Returns the branch a
 * rule continues on after it (0: when false), or -EINVAL for what is not
 * an operator.
 */
static int cmp_normalise(const struct scmp_arg_cmp *in, uint64_t width,
			 struct db_cmp *out)
{
	enum scmp_compare op = in->op & SCMP_CMP_OPMASK;

	out->low = (in->op & SCMP_CMP_32BIT) && width >> 32 != 0;
	if (out->low)
		width = 0xffffffffULL;
	out->arg = (uint8_t)in->arg;
	out->mask = width;
	out->datum = in->datum_a & width;
	out->masked = op == SCMP_CMP_MASKED_EQ;
	/* the API takes it with range operators only (cmp_op_ok()) */
	out->sign = (in->op & SCMP_CMP_EXT_SIGNED) != 0;
	if (out->sign)
		out->datum ^= width ^ (width >> 1);
	switch (op) {
	case SCMP_CMP_NE:
		out->op = DB_OP_EQ;
		out->rank = DB_RANK_EQ;
		return 0;
	case SCMP_CMP_EQ:
		out->op = DB_OP_EQ;
		out->rank = DB_RANK_EQ;
		return 1;
	case SCMP_CMP_MASKED_EQ:
		out->op = DB_OP_EQ;
		out->rank = DB_RANK_EQ;
		out->mask = in->datum_a & width;
		out->datum = in->datum_b & out->mask;
		return 1;
	case SCMP_CMP_LT:
		out->op = DB_OP_GE;
		out->rank = DB_RANK_BELOW;
		return 0;
	case SCMP_CMP_GE:
		out->op = DB_OP_GE;
		out->rank = DB_RANK_ABOVE;
		return 1;
	case SCMP_CMP_LE:
		out->op = DB_OP_GT;
		out->rank = DB_RANK_BELOW;
		return 0;
	case SCMP_CMP_GT:
		out->op = DB_OP_GT;
		out->rank = DB_RANK_ABOVE;
		return 1;
	case _SCMP_CMP_MIN:
	case _SCMP_CMP_MAX:
	case SCMP_CMP_OPMASK:
	case SCMP_CMP_32BIT:
		break;
	}
	/* the API refuses these: fail closed all the same */
	return -EINVAL;
}

/* One comparison of a path, normalised, and the branch it goes on on. */
struct path_cmp {
	struct db_cmp cmp;
	int branch;
};

/* -1 if @x goes first when the larger goes first, 1 if @y does, or 0. */
static int larger_first(uint64_t x, uint64_t y)
{
	return (x < y) - (x > y);
}

/*
 * The order of a path's comparisons (the top of the file): by argument,
 * then on one argument in chain order. Returns < 0 if @x goes first, > 0
 * if @y does, 0 if both are the same test on the same branch.
 */
static int chain_order(const struct path_cmp *x, const struct path_cmp *y)
{
	const struct db_cmp *a = &x->cmp, *b = &y->cmp;
	int c;

	if (a->arg != b->arg)
		return a->arg < b->arg ? -1 : 1;
	if (a->rank != b->rank)
		return a->rank < b->rank ? -1 : 1;
	switch (a->rank) {
	case DB_RANK_EQ:
		c = larger_first(a->datum, b->datum);
		if (c == 0)
			c = larger_first(a->mask, b->mask);
		if (c == 0)
			c = a->masked - b->masked;
		break;
	case DB_RANK_BELOW:
		c = -larger_first(a->datum, b->datum);
		/* the stricter first: < (>= on the false branch) before <= */
		if (c == 0)
			c = (a->op == DB_OP_GT) - (b->op == DB_OP_GT);
		break;
	default:
		c = larger_first(a->datum, b->datum);
		/* the stricter first: > before >= */
		if (c == 0)
			c = (a->op == DB_OP_GE) - (b->op == DB_OP_GE);
		break;
	}
	/* the whole argument before its low word (SCMP_CMP_32BIT) */
	if (c == 0)
		c = a->low - b->low;
	/* unsigned before signed (SCMP_CMP_EXT_SIGNED) */
	if (c == 0)
		c = a->sign - b->sign;
	/* == before != */
	if (c == 0)
		c = y->branch - x->branch;
	return c;
}

/*
 * Builds the trie path of a rule on one ABI. 32-bit ABIs compare only the
 * low word of an argument, so the high halves of datum and mask are
 * dropped there. A masked test with an empty mask always holds and is left
 * out; so is a second copy of a comparison. Sets *path to NULL when no
 * comparison remains: the rule is then unconditional. Returns 0, -EINVAL
 * or -ENOMEM.
 */
static int path_build(struct pool *pool, const struct arch_def *arch,
		      uint32_t action, const struct scmp_arg_cmp *cmps,
		      unsigned int cnt, struct db_node **path)
{
	struct db_node *head = NULL, *tail = NULL, *node;
	uint64_t width = arch->arg_bits == 32 ? 0xffffffffULL : ~0ULL;
	struct path_cmp pc[DB_PATH_MAX], c;
	unsigned int i, j, n = 0;
	int branch;

	/* never fewer tests than asked for: none is dropped to fit */
	if (cnt > DB_PATH_MAX)
		return -EINVAL;
	for (i = 0; i < cnt; i++) {
		branch = cmp_normalise(&cmps[i], width, &c.cmp);
		if (branch < 0)
			return branch;
		if (c.cmp.op == DB_OP_EQ && c.cmp.mask == 0)
			continue;
		c.branch = branch;
		/* a handful at most, mostly in order: an insertion sort */
		for (j = n; j > 0 && chain_order(&pc[j - 1], &c) > 0; j--)
			;
		if (j > 0 && chain_order(&pc[j - 1], &c) == 0)
			continue;
		memmove(&pc[j + 1], &pc[j], (n - j) * sizeof(pc[0]));
		pc[j] = c;
		n++;
	}

	for (i = 0; i < n; i++) {
		node = pool_alloc(pool);
		if (node == NULL) {
			path_free(pool, head, NULL);
			return -ENOMEM;
		}
		/* each node of a path is a level of its own */
		*node = (struct db_node){ .prev = node, .cmp = pc[i].cmp };
		db_branch_set_action(&node->br[pc[i].branch], action);
		if (tail == NULL) {
			head = node;
		} else {
			/* the previous node now goes on to this one */
			db_branch_set_level(&tail->br[path_branch(tail)], node);
		}
		tail = node;
	}
	*path = head;
	return 0;
}

/* Whether every action reachable in a level is @action. */
static bool level_all(const struct db_node *level, uint32_t action)
{
	const struct db_node *node;
	const struct db_branch *br;
	int b;

	for (node = level; node != NULL; node = node->next) {
		for (b = 0; b < 2; b++) {
			br = &node->br[b];
			if (db_branch_kind(br) == DB_BR_ACTION &&
			    db_branch_action(br) != action)
				return false;
			if (!level_all(db_branch_level(br), action))
				return false;
		}
	}
	return true;
}

/*
 * What applying a prepared rule does. The branch changed is a trie node's
 * or a syscall entry's rules.
 */
enum change_kind {
	CHANGE_NOTHING, /* the rule is already covered */
	CHANGE_NEW,	/* the path is on a new syscall entry already */
	CHANGE_SIBLING, /* add the rest of the path to a branch's level */
	CHANGE_BRANCH,	/* hang the rest of the path on an empty branch */
	CHANGE_PRUNE,	/* replace a branch's level by the action */
};

/* One rule for one syscall on one ABI, prepared to be applied. */
struct change {
	struct db_arch *arch;
	int num;
	bool mux; /* num is socketcall or ipc, taking mux_call */
	unsigned int mux_call;
	uint32_t action;
	struct db_node *path;	/* NULL: unconditional */
	struct db_syscall *sys; /* the syscall entry */
	enum change_kind kind;
	struct db_branch *br;	/* the branch changed */
	struct db_node *before; /* SIBLING: the node the path goes in front
				 * of, NULL: the end of the level */
	struct db_node *rest;	/* first node of the path to link in */
};

/*
 * Whether a new node's comparison @x tests what @y tests: the same
 * equality test, written alike, or the same range test, which a < or <=
 * rule and a > or >= rule share (a0 < 10 and a0 >= 10 test one thing).
 */
static bool same_test(const struct db_cmp *x, const struct db_cmp *y)
{
	if (x->arg != y->arg || x->op != y->op || x->datum != y->datum ||
	    x->low != y->low || x->sign != y->sign)
		return false;
	return x->op != DB_OP_EQ ||
	       (x->mask == y->mask && x->masked == y->masked);
}

/*
 * Whether a new node's comparison @x goes in front of @y, which follows
 * @prev on the level (NULL: @y is first), in the order of the top of the
 * file.
 */
static bool goes_before(const struct db_cmp *x, const struct db_cmp *y,
			const struct db_cmp *prev)
{
	if (x->arg != y->arg)
		return x->arg > y->arg;
	if (x->rank != y->rank)
		return x->rank < y->rank;
	if (x->rank == DB_RANK_EQ) {
		if (x->datum >> 32 != y->datum >> 32)
			return x->datum >> 32 > y->datum >> 32;
		/* a group keeps its place: @x ends its run at the latest */
		if (!db_cmp_same_group(x, y))
			return prev != NULL && db_cmp_same_group(x, prev);
	}
	/* after the nodes it leaves equal, which were made before it */
	if (x->datum == y->datum)
		return false;
	return (x->datum < y->datum) == (x->rank == DB_RANK_BELOW);
}

/*
 * The node a path's @node joins on a level, walked as libseccomp walks
 * its list: the first one that tests the same, unless one that @node must
 * precede comes before it. Then NULL, with *@before set to that one (NULL:
 * the end of the level).
 */
static struct db_node *level_join(struct db_node *level,
				  const struct db_node *node,
				  struct db_node **before)
{
	const struct db_cmp *prev = NULL;
	struct db_node *n;

	for (n = level; n != NULL; prev = &n->cmp, n = n->next) {
		if (same_test(&node->cmp, &n->cmp))
			return n;
		if (goes_before(&node->cmp, &n->cmp, prev))
			break;
	}
	*before = n;
	return NULL;
}

/*
 * Decides how a path merges into the level on @br: checks, changes
 * nothing.
 */
static int change_path(struct change *p, struct db_branch *br,
		       struct db_node *node)
{
	struct db_node *found, *next;

	found = level_join(db_branch_level(br), node, &p->before);
	if (found == NULL) {
		p->kind = CHANGE_SIBLING;
		p->br = br;
		p->rest = node;
		return 0;
	}
	p->br = &found->br[path_branch(node)];
	next = path_next(node);
	if (db_branch_empty(p->br)) {
		p->kind = CHANGE_BRANCH;
		p->rest = next;
		return 0;
	}
	if (db_branch_kind(p->br) == DB_BR_ACTION) {
		/* the same path with another action conflicts */
		if (next == NULL && db_branch_action(p->br) != p->action)
			return -EEXIST;
		/* the same rule, or a longer one an existing rule covers */
		p->kind = CHANGE_NOTHING;
		return 0;
	}
	if (next != NULL)
		return change_path(p, p->br, next);
	/* the new path ends where existing ones go on */
	if (!level_all(db_branch_level(p->br), p->action))
		return -EEXIST;
	p->kind = CHANGE_PRUNE;
	return 0;
}

/* Prepares one rule: builds its path and decides how it merges. */
static int change_prepare(struct change *p, struct db_filter *filter,
			  const struct db_rule *rule,
			  const struct scmp_arg_cmp *cmps, unsigned int cnt)
{
	struct treap_node **at;
	struct db_syscall key;
	int rc;

	p->action = rule->action;
	/* most rules have no comparisons: p->path stays NULL */
	if (cnt > 0) {
		rc = path_build(&filter->pool, p->arch->arch, rule->action,
				cmps, cnt, &p->path);
		if (rc < 0)
			return rc;
	}

	key.num = p->num;
	key.link.heap = syscall_heap(p->num);
	p->sys = SYSCALL(
		treap_search(&p->arch->syscalls, &key.link, syscall_cmp, &at));
	if (p->sys == NULL) {
		p->sys = pool_alloc(&filter->pool);
		if (p->sys == NULL)
			return -ENOMEM;
		*p->sys = (struct db_syscall){
			.link.heap = key.link.heap,
			.num = p->num,
		};
		/*
		 * Linked in right away, where the lookup ended, with the
		 * rule's path: change_discard() takes both out again if the
		 * rule fails.
		 */
		if (p->path == NULL)
			db_branch_set_action(&p->sys->rules, rule->action);
		else
			db_branch_set_level(&p->sys->rules, p->path);
		treap_insert_at(at, &p->sys->link, syscall_cmp);
		p->kind = CHANGE_NEW;
		return 0;
	}

	p->br = &p->sys->rules;
	if (db_branch_empty(p->br)) {
		/* the syscall's first rule */
		p->kind = CHANGE_BRANCH;
		p->rest = p->path;
		return 0;
	}
	if (db_branch_kind(p->br) == DB_BR_ACTION) {
		/* the whole syscall already has an action */
		p->kind = CHANGE_NOTHING;
		return 0;
	}
	if (p->path == NULL) {
		/* an unconditional rule replaces the trie, whatever it holds */
		p->kind = CHANGE_PRUNE;
		return 0;
	}
	return change_path(p, p->br, p->path);
}

/* Releases what a change allocated, and unlinks the entry it added. */
static void change_discard(struct pool *pool, struct change *p)
{
	path_free(pool, p->path, NULL);
	if (p->kind == CHANGE_NEW) {
		treap_remove(&p->arch->syscalls, &p->sys->link, syscall_cmp);
		pool_put(pool, p->sys);
	}
}

/* Links a prepared rule in. Cannot fail. */
static void change_apply(struct pool *pool, struct change *p)
{
	struct db_node *level;

	switch (p->kind) {
	case CHANGE_NOTHING:
		path_free(pool, p->path, NULL);
		break;
	case CHANGE_NEW:
		break;
	case CHANGE_SIBLING:
		path_free(pool, p->path, p->rest);
		level = db_branch_level(p->br);
		level_link(&level, p->rest, p->before);
		db_branch_set_level(p->br, level);
		break;
	case CHANGE_BRANCH:
		path_free(pool, p->path, p->rest);
		if (p->rest == NULL)
			db_branch_set_action(p->br, p->action);
		else
			db_branch_set_level(p->br, p->rest);
		break;
	case CHANGE_PRUNE:
		path_free(pool, p->path, NULL);
		level_free(pool, db_branch_level(p->br));
		db_branch_set_action(p->br, p->action);
		break;
	}
}

/*
 * The syscalls a rule goes to on one ABI: translates the native syscall
 * number, and on ABIs that multiplex socket and IPC calls adds the
 * multiplexer, with the call number as argument 0, before the direct
 * syscall. Without a direct syscall the rule stays on the pseudo number,
 * as in libseccomp: never in BPF, but shown in PFC.
 *
 * Starts a change per syscall in @changes (room for two). Returns how many, or
 * -errno.
 */
static int rule_targets(struct db_filter *filter, const struct db_rule *rule,
			const struct syscall_def **row, struct db_arch *arch,
			struct change *changes)
{
	struct arch_route route;
	int cnt = 0, num, rc;

	rc = arch_syscall_route(arch->arch, rule->syscall, row, &route);
	if (rc < 0)
		return rc;
	num = route.num;

	if (route.mux_nr != 0) {
		/* socketcall's own arguments are a pointer: only arg 0 is known */
		if (rule->exact && rule->cmp_cnt > 0)
			return -EINVAL;
		changes[cnt++] = (struct change){ .arch = arch,
						  .num = route.mux_nr,
						  .mux = true,
						  .mux_call = route.call };
	} else if (num < 0 && num != -1 && rule->exact) {
		/* the ABI lacks the syscall */
		return -EDOM;
	} else if (num < 0 && num != -1 && arch_multiplexes(arch->arch)) {
		/*
		 * libseccomp's multiplexing ABIs drop a rule for a syscall
		 * they lack; the others keep it on the pseudo number.
		 */
		return 0;
	}
	/* what change_discard() reads; change_prepare() sets the rest */
	changes[cnt].arch = arch;
	changes[cnt].num = num;
	changes[cnt].mux = false;
	changes[cnt].path = NULL;
	changes[cnt].kind = CHANGE_NOTHING;
	return cnt + 1;
}

/*
 * The comparisons of a rule for a multiplexer: its call number as argument
 * 0, then the rule's own on the other arguments. Returns their number.
 */
static unsigned int mux_cmps(const struct change *p,
			     const struct scmp_arg_cmp *cmps, unsigned int cnt,
			     struct scmp_arg_cmp *out)
{
	unsigned int i, n = 0;

	out[n++] = (struct scmp_arg_cmp){ .arg = 0,
					  .op = SCMP_CMP_EQ,
					  .datum_a = p->mux_call };
	for (i = 0; i < cnt; i++)
		if (cmps[i].arg != 0)
			out[n++] = cmps[i];
	return n;
}

/*
 * Notes that multiplexed call @call of multiplexer @nr has a rule with
 * argument checks on @arch (SCMP_FLTATR_EXT_ACT_MUX reads it when the
 * program is generated). There is a slot per multiplexer.
 */
static void mux_mark(struct db_arch *arch, int nr, unsigned int call)
{
	struct db_mux_marks *m;
	unsigned int k;

	for (k = 0; k < DB_MUX_MAX; k++) {
		m = &arch->mux_marks[k];
		if (m->nr == 0 || m->nr == nr) {
			m->nr = nr;
			m->calls |= UINT64_C(1) << (call & 63);
			return;
		}
	}
}

/**
 * db_rule_add - add a rule to every ABI of a filter
 * @rule: the checked rule; several of its comparisons may test one argument
 *
 * All ABIs take the rule or none does. Returns 0, -EFAULT if a syscall
 * number cannot be translated to an ABI, -EDOM if an exact rule's syscall
 * is missing on the ABI, -EINVAL for an exact rule with arguments on a
 * multiplexed syscall, -EEXIST for a conflicting rule, or -ENOMEM.
 */
int db_rule_add(struct db_filter *filter, const struct db_rule *rule)
{
	struct change changes[DB_ARCH_MAX * 2];
	struct scmp_arg_cmp muxed[DB_PATH_MAX];
	const struct scmp_arg_cmp *cmps = rule->cmps;
	/* the syscall's table row, looked up for the first non-native ABI */
	const struct syscall_def *row = NULL;
	unsigned int i, end, change_cnt = 0;
	int rc;

	/* ABI by ABI, as libseccomp: the first failure decides the error */
	for (i = 0; i < filter->arch_cnt; i++) {
		rc = rule_targets(filter, rule, &row, filter->arches[i],
				  &changes[change_cnt]);
		if (rc < 0)
			goto out;
		for (end = change_cnt + (unsigned int)rc; change_cnt < end;) {
			struct change *p = &changes[change_cnt++];
			const struct scmp_arg_cmp *c = cmps;
			unsigned int cnt = rule->cmp_cnt;

			if (p->mux) {
				cnt = mux_cmps(p, cmps, cnt, muxed);
				c = muxed;
			}
			rc = change_prepare(p, filter, rule, c, cnt);
			if (rc < 0)
				goto out;
		}
	}

	for (i = 0; i < change_cnt; i++) {
		change_apply(&filter->pool, &changes[i]);
		if (changes[i].mux && rule->cmp_cnt > 0)
			mux_mark(changes[i].arch, changes[i].num,
				 changes[i].mux_call);
	}
	if (rule->action == SCMP_ACT_NOTIFY)
		filter->notify_used = true;
	db_changed(filter);
	return 0;

out:
	for (i = 0; i < change_cnt; i++)
		change_discard(&filter->pool, &changes[i]);
	return rc;
}

/**
 * db_rule_add_raw - add a rule to one ABI of a filter, on its own number
 * @arch: the ABI, one of the filter's
 * @rule: the checked rule; its syscall is a number on @arch, used as it is:
 *        no translation, no multiplexer
 *
 * Returns 0, -EEXIST for a conflicting rule, or -ENOMEM.
 */
int db_rule_add_raw(struct db_filter *filter, struct db_arch *arch,
		    const struct db_rule *rule)
{
	struct change change = { .arch = arch,
				 .num = rule->syscall,
				 .mux = false,
				 .path = NULL,
				 .kind = CHANGE_NOTHING };
	int rc;

	rc = change_prepare(&change, filter, rule, rule->cmps, rule->cmp_cnt);
	if (rc < 0) {
		change_discard(&filter->pool, &change);
		return rc;
	}
	change_apply(&filter->pool, &change);
	if (rule->action == SCMP_ACT_NOTIFY)
		filter->notify_used = true;
	db_changed(filter);
	return 0;
}

/**
 * db_syscall_priority - raise a syscall's priority on every ABI
 * @syscall: a number on the native ABI
 *
 * The highest priority given is kept. A syscall without rules gets an
 * entry that only holds the priority. Multiplexed calls give their
 * priority to the multiplexer; ABIs lacking the syscall are skipped.
 * Returns 0, -EFAULT if the number cannot be translated, or -ENOMEM.
 */
int db_syscall_priority(struct db_filter *filter, int syscall, uint8_t priority)
{
	struct db_syscall *sys[DB_ARCH_MAX] = { NULL };
	bool fresh[DB_ARCH_MAX] = { false };
	/* where a fresh entry goes: the sets do not change until then */
	struct treap_node **at[DB_ARCH_MAX];
	const struct syscall_def *row = NULL;
	struct arch_route route;
	struct db_syscall key;
	unsigned int i;
	int num, rc = 0;

	for (i = 0; i < filter->arch_cnt; i++) {
		rc = arch_syscall_route(filter->arches[i]->arch, syscall, &row,
					&route);
		if (rc < 0)
			goto out;
		num = route.prio;
		if (num < 0 && num != -1)
			continue;
		key.num = num;
		key.link.heap = syscall_heap(num);
		sys[i] = SYSCALL(treap_search(&filter->arches[i]->syscalls,
					      &key.link, syscall_cmp, &at[i]));
		if (sys[i] != NULL)
			continue;
		sys[i] = pool_zalloc(&filter->pool);
		if (sys[i] == NULL) {
			rc = -ENOMEM;
			goto out;
		}
		fresh[i] = true;
		sys[i]->num = num;
		sys[i]->link.heap = key.link.heap;
	}

	for (i = 0; i < filter->arch_cnt; i++) {
		if (sys[i] == NULL)
			continue;
		if (sys[i]->priority < priority)
			sys[i]->priority = priority;
		if (fresh[i])
			treap_insert_at(at[i], &sys[i]->link, syscall_cmp);
	}
	db_changed(filter);
	return 0;

out:
	for (i = 0; i < filter->arch_cnt; i++)
		if (fresh[i])
			pool_put(&filter->pool, sys[i]);
	return rc;
}

/*
 * SCMP_FLTATR_EXT_ACT_BADARG32
 */

/* The arguments (bit n: argument n) some 32-bit test of @level reads. */
static unsigned int level_low_args(const struct db_node *level)
{
	const struct db_node *n;
	unsigned int args = 0;

	for (n = level; n != NULL; n = n->next) {
		if (n->cmp.low)
			args |= 1U << n->cmp.arg;
		args |= level_low_args(db_branch_level(&n->br[0]));
		args |= level_low_args(db_branch_level(&n->br[1]));
	}
	return args;
}

/**
 * db_badarg_args - the arguments whose high word a syscall checks first
 * @arch: the ABI of @sys
 *
 * With SCMP_FLTATR_EXT_ACT_BADARG32 set, a syscall checks, before its
 * rules, each argument that one of them compares with SCMP_CMP_32BIT: a
 * high word that is neither 0 nor 0xffffffff over a low word with bit 31
 * set (a sign-extended int) takes the attribute's action. 32-bit ABIs
 * have no high word, and socketcall(2) and ipc(2) are left alone: the
 * arguments of the calls they carry are not theirs.
 *
 * Returns a bit per argument (bit n: argument n), 0 for none.
 */
unsigned int db_badarg_args(const struct db_filter *filter,
			    const struct arch_def *arch,
			    const struct db_syscall *sys)
{
	if (filter->attr.act_badarg32 == SCMP_EXT_ACT_UNSET ||
	    arch->arg_bits == 32 || arch_syscall_multiplexer(arch, sys->num))
		return 0;
	return level_low_args(db_branch_level(&sys->rules));
}

/*
 * Transactions
 */

/**
 * db_transaction_start - remember the rules and ABIs to return to
 *
 * Transactions nest. Returns 0 or -ENOMEM.
 */
int db_transaction_start(struct db_filter *filter)
{
	const struct db_arch *arch;
	struct db_snapshot *snap;
	unsigned int i;

	snap = block_get(sizeof(*snap));
	if (snap == NULL)
		return -ENOMEM;
	*snap = (struct db_snapshot){ 0 };
	/*
	 * The ABI blocks first, the rules last: copying them takes slots from
	 * the pool, whose next chunk outgrows all before it, so that a
	 * failure here has not left a new chunk behind.
	 */
	for (i = 0; i < filter->arch_cnt; i++) {
		snap->arches[i] = block_get(sizeof(*snap->arches[i]));
		if (snap->arches[i] == NULL)
			goto out;
		*snap->arches[i] = *filter->arches[i];
		snap->arches[i]->syscalls = NULL;
		snap->arch_cnt = i + 1;
	}
	for (i = 0; i < filter->arch_cnt; i++) {
		arch = filter->arches[i];
		if (arch->syscalls == NULL)
			continue;
		snap->arches[i]->syscalls =
			syscalls_copy(&filter->pool, arch->syscalls);
		if (snap->arches[i]->syscalls == NULL)
			goto out;
	}
	snap->notify_used = filter->notify_used;
	snap->next = filter->snapshots;
	filter->snapshots = snap;
	return 0;

out:
	snapshots_free(&filter->pool, snap);
	return -ENOMEM;
}

/**
 * db_transaction_reject - return to the state of the innermost open
 * transaction's start; nothing happens without one
 */
void db_transaction_reject(struct db_filter *filter)
{
	struct db_snapshot *snap = filter->snapshots;
	unsigned int i;

	if (snap == NULL)
		return;
	for (i = 0; i < filter->arch_cnt; i++)
		arch_free(&filter->pool, filter->arches[i]);
	memcpy(filter->arches, snap->arches, sizeof(filter->arches));
	filter->arch_cnt = snap->arch_cnt;
	filter->notify_used = snap->notify_used;
	filter->snapshots = snap->next;
	block_put(snap, sizeof(*snap));
	db_changed(filter);
}

/**
 * db_transaction_commit - keep the changes of the innermost transaction
 */
void db_transaction_commit(struct db_filter *filter)
{
	struct db_snapshot *snap = filter->snapshots;

	if (snap == NULL)
		return;
	filter->snapshots = snap->next;
	snap->next = NULL;
	snapshots_free(&filter->pool, snap);
}

/*
 * Reading the database (for the generators)
 */

/**
 * db_syscalls - an ABI's syscall entries in number order
 * @out: set to a malloc'd array the caller frees (NULL when empty)
 *
 * Returns the number of entries, or -ENOMEM.
 */
int db_syscalls(const struct db_arch *arch, struct db_syscall ***out)
{
	unsigned int cnt = treap_list(arch->syscalls, NULL, 0);
	struct treap_node **array;

	*out = NULL;
	if (cnt == 0)
		return 0;
	array = malloc(cnt * sizeof(*array));
	if (array == NULL)
		return -ENOMEM;
	treap_list(arch->syscalls, array, cnt);
	/* an entry's set link is its first member */
	*out = (struct db_syscall **)array;
	return (int)cnt;
}

/**
 * db_rule_numbers - the numbers of the entries that have rules
 * @sys: @cnt syscall entries in number order (db_syscalls())
 * @out: room for @cnt numbers
 *
 * Leaves out pseudo numbers and -1, and entries with a priority only.
 * Returns how many, ascending.
 */
unsigned int db_rule_numbers(struct db_syscall *const *sys, unsigned int cnt,
			     uint32_t *out)
{
	unsigned int i, n = 0;

	for (i = 0; i < cnt; i++)
		if (sys[i]->num >= 0 && !db_branch_empty(&sys[i]->rules))
			out[n++] = (uint32_t)sys[i]->num;
	return n;
}

/*
 * The multiplexed route (SCMP_FLTATR_EXT_ACT_MUX)
 * -----------------------------------------------
 * A rule on a multiplexed call always puts its libseccomp companion on the
 * multiplexer (call number as argument 0, the rule's other tests after it),
 * and marks the call when the rule has argument checks (mux_mark()). With
 * the attribute set, the generators read a view of each multiplexer entry
 * instead: for every marked call, one test of argument 0 whose action is
 * the strictest of the attribute and of every action the entry's rules
 * could give that call number (over all values of the other arguments),
 * and after those tests the entry's own level without its tests of those
 * call numbers. Ties in precedence go to the attribute, then to the
 * smaller action value (ERRNO(1) before ERRNO(13)), whatever the order of
 * the rules. Nothing after a marked call's
 * number tests another argument of the multiplexer, which holds only a
 * pointer (socketcall) or the call's arguments shifted by one (ipc).
 */

/*
 * Whether @a replaces @best: it takes precedence in the kernel (the lower
 * action as a signed number), or of one kind, @best is not the attribute's
 * @attr and @a is the smaller value.
 */
static bool act_stricter(uint32_t a, uint32_t best, uint32_t attr)
{
	int32_t x = (int32_t)(a & 0xffff0000u),
		y = (int32_t)(best & 0xffff0000u);

	if (x != y)
		return x < y;
	return best != attr && a < best;
}

/* Whether a comparison of argument 0 holds when it is @v. */
static bool cmp_holds(const struct db_cmp *cmp, uint64_t v)
{
	if (cmp->low)
		v &= 0xffffffffULL;
	switch ((enum db_op)cmp->op) {
	case DB_OP_EQ:
		return (v & cmp->mask) == cmp->datum;
	case DB_OP_GT:
		return v > cmp->datum;
	case DB_OP_GE:
		return v >= cmp->datum;
	}
	return true;
}

static void level_strictest(const struct db_node *level, uint64_t call,
			    uint32_t attr, uint32_t *best);

/*
 * Raises *@best (starting at the attribute's @attr) to the strictest
 * action reachable from @br when argument 0 is @call.
 */
static void branch_strictest(const struct db_branch *br, uint64_t call,
			     uint32_t attr, uint32_t *best)
{
	if (db_branch_kind(br) == DB_BR_ACTION) {
		if (act_stricter(db_branch_action(br), *best, attr))
			*best = db_branch_action(br);
		return;
	}
	level_strictest(db_branch_level(br), call, attr, best);
}

/*
 * The same over a level: a test of argument 0 takes the branch @call
 * selects, any other test both (an over-approximation: never weaker).
 */
static void level_strictest(const struct db_node *level, uint64_t call,
			    uint32_t attr, uint32_t *best)
{
	const struct db_node *n;
	int b;

	for (n = level; n != NULL; n = n->next)
		for (b = 1; b >= 0; b--)
			if (n->cmp.arg != 0 || cmp_holds(&n->cmp, call) == b)
				branch_strictest(&n->br[b], call, attr, best);
}

/* The test "argument 0 == @call" as a rule's path has it on @arch. */
static struct db_cmp call_cmp(const struct arch_def *arch, unsigned int call)
{
	return (struct db_cmp){
		.mask = arch->arg_bits == 32 ? 0xffffffffULL : ~0ULL,
		.datum = call,
		.arg = 0,
		.op = DB_OP_EQ,
		.rank = DB_RANK_EQ,
	};
}

/* Whether a top-level node tests one of the call numbers in @calls. */
static bool marked_test(const struct arch_def *arch, const struct db_cmp *cmp,
			uint64_t calls)
{
	struct db_cmp c;

	if (cmp->arg != 0 || cmp->op != DB_OP_EQ || cmp->datum >= 64 ||
	    !(calls >> cmp->datum & 1))
		return false;
	c = call_cmp(arch, (unsigned int)cmp->datum);
	return same_test(&c, cmp);
}

/*
 * Appends to the level at *@first copies of @level's nodes but those that
 * test a call number of @calls. Returns 0 or -ENOMEM.
 */
static int level_copy_unmarked(struct pool *tmp, const struct arch_def *arch,
			       const struct db_node *level, uint64_t calls,
			       struct db_node **first)
{
	const struct db_node *n;
	struct db_node *copy;

	for (n = level; n != NULL; n = n->next) {
		if (marked_test(arch, &n->cmp, calls))
			continue;
		copy = pool_alloc(tmp);
		if (copy == NULL)
			return -ENOMEM;
		*copy = *n;
		copy->br[0] = copy->br[1] = (struct db_branch){ 0 };
		level_link(first, copy, NULL);
		if (branch_copy(tmp, &copy->br[0], &n->br[0]) < 0 ||
		    branch_copy(tmp, &copy->br[1], &n->br[1]) < 0)
			return -ENOMEM;
	}
	return 0;
}

/*
 * The view of multiplexer entry @sys with the attribute's action @act for
 * the calls in @calls (not 0), from pool @tmp. Returns NULL on allocation
 * failure (the pool is dropped as a whole).
 */
static struct db_syscall *mux_view(struct pool *tmp,
				   const struct arch_def *arch,
				   const struct db_syscall *sys, uint64_t calls,
				   uint32_t act)
{
	struct db_node *first = NULL, *node;
	struct db_syscall *view;
	uint32_t best;
	unsigned int c;

	view = pool_zalloc(tmp);
	if (view == NULL)
		return NULL;
	view->num = sys->num;
	view->priority = sys->priority;
	/* the larger call number first, as a level orders == tests */
	for (c = 64; c-- > 0;) {
		if (!(calls >> c & 1))
			continue;
		node = pool_zalloc(tmp);
		if (node == NULL)
			return NULL;
		best = act;
		branch_strictest(&sys->rules, c, act, &best);
		node->cmp = call_cmp(arch, c);
		db_branch_set_action(&node->br[1], best);
		level_link(&first, node, NULL);
	}
	/* an unconditional rule on the multiplexer: the other call numbers */
	if (db_branch_kind(&sys->rules) == DB_BR_ACTION)
		db_branch_set_action(&first->prev->br[0],
				     db_branch_action(&sys->rules));
	else if (level_copy_unmarked(tmp, arch, db_branch_level(&sys->rules),
				     calls, &first) < 0)
		return NULL;
	db_branch_set_level(&view->rules, first);
	return view;
}

/**
 * db_syscalls_gen - an ABI's entries as the generators read them
 * @tmp: an initialised pool (slots of union db_entry) that holds the views
 *	 of multiplexer entries; the caller drops it after generating
 * @out: as db_syscalls()
 *
 * db_syscalls(), but with SCMP_FLTATR_EXT_ACT_MUX set, each multiplexer
 * entry with marked calls is replaced by its view (see above). Returns the
 * number of entries, or -ENOMEM (*@out is then NULL).
 */
int db_syscalls_gen(const struct db_filter *filter, const struct db_arch *arch,
		    struct pool *tmp, struct db_syscall ***out)
{
	const struct db_mux_marks *m;
	struct db_syscall *view;
	unsigned int k;
	int cnt, i;

	cnt = db_syscalls(arch, out);
	if (cnt <= 0 || filter->attr.act_mux == SCMP_EXT_ACT_UNSET)
		return cnt;
	for (i = 0; i < cnt; i++) {
		for (k = 0; k < DB_MUX_MAX; k++) {
			m = &arch->mux_marks[k];
			if (m->calls == 0 || m->nr != (*out)[i]->num)
				continue;
			view = mux_view(tmp, arch->arch, (*out)[i], m->calls,
					filter->attr.act_mux);
			if (view == NULL) {
				free(*out);
				*out = NULL;
				return -ENOMEM;
			}
			(*out)[i] = view;
		}
	}
	return cnt;
}
