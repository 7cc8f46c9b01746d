/* SPDX-License-Identifier: LGPL-2.1-only */
/* A classic BPF program as a shared instruction graph, and its layout. */

/*
 * How programs are built
 * ----------------------
 * Generators describe a program bottom-up as a graph of instructions: a
 * return, or a conditional jump with its two targets, each instruction
 * stating what the accumulator must hold when it runs. Identical
 * instructions with identical targets are the same node (hash-consing), so
 * every repeated tail of the program exists once.
 *
 * Loads are never asked for: when a jump's target needs a different
 * accumulator value than the jump tested, the graph gets a load (and a
 * mask) in front of the target. Because a node is a pure function of the
 * accumulator and its targets, sharing nodes is always sound; the state
 * libseccomp's block de-duplication once got wrong (its bug #148) is part
 * of each node here.
 *
 * Layout: a depth-first reverse post-order puts every target after its
 * jumps, with the false target right behind its jump where possible. Then
 * one backward pass writes the program: classic BPF's conditional jumps
 * reach at most 255 instructions ahead, so a farther target gets a
 * trampoline right behind the jump (a copy of the return, or a "ja"),
 * shared by later jumps to the same target while in reach.
 */

#include <errno.h>
#include <endian.h>
#include <stdlib.h>
#include <string.h>

#include "bpf_ir.h"

#define JUMP_MAX 255U
#define FULL_MASK 0xffffffffU

struct ir_node {
	uint16_t code;
	uint32_t k;
	int jt;		/* jump: true target; load and mask: the next node */
	int jf;		/* jump: false target */
	bpf_acc need;	/* accumulator on entry */
};

/* Returns are asked for once per rule leaf: a few actions, many times. */
#define RET_CACHE 8U

struct bpf_ir {
	struct ir_node *nodes;
	unsigned int cnt;
	unsigned int cap;
	int *slots;		/* open-addressing index of nodes, -1 free */
	unsigned int slot_cap;	/* a power of two */
	struct {
		uint32_t action;
		int id;		/* 0 (never a return's id here): empty */
	} rets[RET_CACHE];
};

/**
 * bpf_ir_new - an empty program graph
 * Returns the graph, or NULL on allocation failure.
 */
struct bpf_ir *bpf_ir_new(void)
{
	return calloc(1, sizeof(struct bpf_ir));
}

/**
 * bpf_ir_free - release a program graph (NULL is fine)
 */
void bpf_ir_free(struct bpf_ir *ir)
{
	if (ir == NULL)
		return;
	free(ir->nodes);
	free(ir->slots);
	free(ir);
}

static uint64_t node_hash(const struct ir_node *n)
{
	uint64_t h = n->code;

	h = h * 0x100000001b3ULL ^ n->k;
	h = h * 0x100000001b3ULL ^ (uint32_t)n->jt;
	h = h * 0x100000001b3ULL ^ (uint32_t)n->jf;
	h = h * 0x100000001b3ULL ^ n->need;
	return h ^ (h >> 29);
}

static bool node_same(const struct ir_node *a, const struct ir_node *b)
{
	return a->code == b->code && a->k == b->k && a->jt == b->jt &&
	       a->jf == b->jf && a->need == b->need;
}

static int slots_grow(struct bpf_ir *ir)
{
	unsigned int cap = ir->slot_cap ? ir->slot_cap * 2 : 256;
	unsigned int i, s;
	int *slots;

	slots = malloc(cap * sizeof(*slots));
	if (slots == NULL)
		return -ENOMEM;
	memset(slots, 0xff, cap * sizeof(*slots));
	for (i = 0; i < ir->cnt; i++) {
		s = (unsigned int)node_hash(&ir->nodes[i]) & (cap - 1);
		while (slots[s] >= 0)
			s = (s + 1) & (cap - 1);
		slots[s] = (int)i;
	}
	free(ir->slots);
	ir->slots = slots;
	ir->slot_cap = cap;
	return 0;
}

/* The id of a node equal to @n, added if new. Returns it or -ENOMEM. */
static int intern(struct bpf_ir *ir, const struct ir_node *n)
{
	struct ir_node *nodes;
	unsigned int s;

	if ((ir->cnt + 1) * 2 > ir->slot_cap && slots_grow(ir) < 0)
		return -ENOMEM;
	s = (unsigned int)node_hash(n) & (ir->slot_cap - 1);
	for (; ir->slots[s] >= 0; s = (s + 1) & (ir->slot_cap - 1))
		if (node_same(&ir->nodes[ir->slots[s]], n))
			return ir->slots[s];
	if (ir->cnt == ir->cap) {
		nodes = realloc(ir->nodes,
				(ir->cap ? ir->cap * 2 : 256) * sizeof(*nodes));
		if (nodes == NULL)
			return -ENOMEM;
		ir->nodes = nodes;
		ir->cap = ir->cap ? ir->cap * 2 : 256;
	}
	ir->nodes[ir->cnt] = *n;
	ir->slots[s] = (int)ir->cnt;
	return (int)ir->cnt++;
}

static bool is_cond_jump(uint16_t code)
{
	return BPF_CLASS(code) == BPF_JMP && BPF_OP(code) != BPF_JA;
}

/*
 * A node that, entered with the accumulator holding @have, makes it hold
 * what @target needs and goes on to it: a load, a mask, both or nothing.
 */
static int enter_via(struct bpf_ir *ir, int target, bpf_acc have,
		     bpf_acc need)
{
	struct ir_node n = { 0 };
	bpf_acc word;
	uint32_t mask;

	mask = (uint32_t)need;
	word = need | FULL_MASK;
	if (mask != FULL_MASK) {
		n.code = BPF_ALU | BPF_AND | BPF_K;
		n.k = mask;
		n.jt = target;
		n.need = word;
		target = intern(ir, &n);
		if (target < 0 || have == word)
			return target;
	}
	n.code = BPF_LD | BPF_W | BPF_ABS;
	n.k = (uint32_t)(need >> 32) - 1;
	n.jt = target;
	n.need = BPF_ACC_ANY;
	return intern(ir, &n);
}

/* Mostly the target itself: the accumulator already holds what it tests. */
static inline int enter(struct bpf_ir *ir, int target, bpf_acc have)
{
	bpf_acc need;

	if (target < 0)
		return target;
	need = ir->nodes[target].need;
	if (need == BPF_ACC_ANY || need == have)
		return target;
	return enter_via(ir, target, have, need);
}

/**
 * bpf_ir_ret - the node "ret @action"
 * Returns its id or -ENOMEM.
 */
int bpf_ir_ret(struct bpf_ir *ir, uint32_t action)
{
	struct ir_node n = {
		.code = BPF_RET | BPF_K, .k = action, .jt = -1, .jf = -1,
	};
	unsigned int slot = (action ^ action >> 16) % RET_CACHE;
	int id;

	if (ir->rets[slot].id > 0 && ir->rets[slot].action == action)
		return ir->rets[slot].id;
	id = intern(ir, &n);
	if (id > 0) {
		ir->rets[slot].action = action;
		ir->rets[slot].id = id;
	}
	return id;
}

/**
 * bpf_ir_jump - the node "if (@acc @op @k) goto @jt else goto @jf"
 * @op: BPF_JEQ, BPF_JGT, BPF_JGE or BPF_JSET
 * @acc: the accumulator value the comparison is about
 * @jt: the true target's id, or a negative errno to pass on
 * @jf: the false target's id, or a negative errno to pass on
 *
 * Returns the node's id (or the target itself when both are the same), or
 * a negative errno.
 */
int bpf_ir_jump(struct bpf_ir *ir, uint16_t op, uint32_t k, bpf_acc acc,
		int jt, int jf)
{
	struct ir_node n = { .code = BPF_JMP | op | BPF_K, .k = k, .need = acc };

	if (jt < 0)
		return jt;
	if (jf < 0)
		return jf;
	if (jt == jf)
		return jt;
	n.jt = enter(ir, jt, acc);
	n.jf = enter(ir, jf, acc);
	if (n.jt < 0)
		return n.jt;
	if (n.jf < 0)
		return n.jf;
	return intern(ir, &n);
}

/**
 * bpf_ir_ret_action - whether node @id returns (rather than tests)
 * @action: set to the action it returns, if it does
 */
bool bpf_ir_ret_action(const struct bpf_ir *ir, int id, uint32_t *action)
{
	if (BPF_CLASS(ir->nodes[id].code) != BPF_RET)
		return false;
	*action = ir->nodes[id].k;
	return true;
}

/* A node on the depth-first stack: which of its targets comes next. */
struct order_frame {
	int node;
	int step;
};

/*
 * Reverse post-order from @root, without recursion (chains of priority
 * checks can be long). Visiting the false target last puts it right after
 * its jump. @stack and @seen (zeroed) have room for every node.
 */
static unsigned int order_nodes(const struct bpf_ir *ir, int root, int *order,
				struct order_frame *stack, unsigned char *seen)
{
	unsigned int depth = 0, done = 0;
	const struct ir_node *n;
	int next;

	stack[depth++] = (struct order_frame){ root, 0 };
	seen[root] = 1;
	while (depth > 0) {
		struct order_frame *f = &stack[depth - 1];

		/* the next target not seen yet, true first; none: done */
		n = &ir->nodes[f->node];
		next = -1;
		if (f->step == 0) {
			f->step = 1;
			if (n->jt >= 0 && !seen[n->jt])
				next = n->jt;
		}
		if (next < 0 && f->step == 1) {
			f->step = 2;
			if (is_cond_jump(n->code) && !seen[n->jf])
				next = n->jf;
		}
		if (next >= 0) {
			seen[next] = 1;
			stack[depth++] = (struct order_frame){ next, 0 };
			continue;
		}
		/* post-order, filled from the back: reverse post-order */
		order[ir->cnt - 1 - done++] = f->node;
		depth--;
	}
	memmove(order, order + ir->cnt - done, done * sizeof(*order));
	return done;
}

/* The program being written backwards, with trampoline bookkeeping. */
struct emit {
	struct sock_filter *rev;	/* instructions, last one first */
	unsigned int cnt;
	unsigned int *pos;	/* per node: its position counted from the end */
	unsigned int *tramp;	/* per node: nearest trampoline to it, or 0 */
};

static int push(struct emit *e, uint16_t code, uint8_t jt, uint8_t jf,
		uint32_t k)
{
	if (e->cnt >= BPF_MAXINSNS)
		return -E2BIG;
	e->rev[e->cnt++] = (struct sock_filter){ code, jt, jf, k };
	return 0;
}

/*
 * The position (from the end) a jump written next can reach @target at:
 * the target itself, a trampoline to it in reach, or a new trampoline.
 */
static int reach(struct emit *e, const struct bpf_ir *ir, int target,
		 unsigned int *at)
{
	const struct ir_node *t = &ir->nodes[target];
	int rc;

	if (e->cnt - e->pos[target] <= JUMP_MAX) {
		*at = e->pos[target];
		return 0;
	}
	if (e->tramp[target] != 0 && e->cnt - e->tramp[target] <= JUMP_MAX) {
		*at = e->tramp[target];
		return 0;
	}
	/* a return is as short as a jump to it, and runs faster */
	if (BPF_CLASS(t->code) == BPF_RET)
		rc = push(e, t->code, 0, 0, t->k);
	else
		rc = push(e, BPF_JMP | BPF_JA, 0, 0,
			  e->cnt - e->pos[target]);
	if (rc < 0)
		return rc;
	e->tramp[target] = e->cnt;
	*at = e->cnt;
	return 0;
}

static int emit_node(struct emit *e, const struct bpf_ir *ir, int id,
		     int follower)
{
	const struct ir_node *n = &ir->nodes[id];
	unsigned int at_t, at_f, before;
	int rc;

	if (is_cond_jump(n->code)) {
		/* a trampoline for one target may push the other out of reach */
		do {
			before = e->cnt;
			if ((rc = reach(e, ir, n->jt, &at_t)) < 0 ||
			    (rc = reach(e, ir, n->jf, &at_f)) < 0)
				return rc;
		} while (e->cnt != before &&
			 (e->cnt - at_t > JUMP_MAX || e->cnt - at_f > JUMP_MAX));
		rc = push(e, n->code, (uint8_t)(e->cnt - at_t),
			  (uint8_t)(e->cnt - at_f), n->k);
	} else {
		/* loads and masks fall through: jump if the next is elsewhere */
		if (n->jt >= 0 && n->jt != follower) {
			rc = push(e, BPF_JMP | BPF_JA, 0, 0,
				  e->cnt - e->pos[n->jt]);
			if (rc < 0)
				return rc;
		}
		rc = push(e, n->code, 0, 0, n->k);
	}
	e->pos[id] = e->cnt;
	return rc;
}

/**
 * bpf_ir_layout - write the program that starts at @root
 * @big_endian: write code and k in big-endian byte order
 * @prog: set to the malloc'd program; the caller frees it
 * @len: set to its number of instructions
 *
 * Returns 0, -E2BIG if the program would exceed BPF_MAXINSNS, or -ENOMEM.
 */
int bpf_ir_layout(struct bpf_ir *ir, int root, bool big_endian,
		  struct sock_filter **prog, size_t *len)
{
	struct emit e = { 0 };
	struct sock_filter *out = NULL;
	struct order_frame *stack;
	unsigned int order_cnt, i;
	unsigned char *seen;
	int *order;
	void *scratch;
	int rc;

	if (root < 0)
		return root;
	/* the first instruction must not depend on the accumulator */
	root = enter(ir, root, BPF_ACC_ANY);
	if (root < 0)
		return root;
	/* per node: pos, tramp, order, a stack frame and a seen flag */
	scratch = calloc(ir->cnt, 3 * sizeof(int) + sizeof(*stack) + 1);
	e.rev = malloc(BPF_MAXINSNS * sizeof(*e.rev));
	rc = -ENOMEM;
	if (scratch == NULL || e.rev == NULL)
		goto out;
	stack = scratch;
	e.pos = (unsigned int *)(stack + ir->cnt);
	e.tramp = e.pos + ir->cnt;
	order = (int *)(e.tramp + ir->cnt);
	seen = (unsigned char *)(order + ir->cnt);
	order_cnt = order_nodes(ir, root, order, stack, seen);

	for (i = order_cnt; i-- > 0;) {
		rc = emit_node(&e, ir, order[i],
			       i + 1 < order_cnt ? order[i + 1] : -1);
		if (rc < 0)
			goto out;
	}

	rc = -ENOMEM;
	out = malloc(e.cnt * sizeof(*out));
	if (out == NULL)
		goto out;
	for (i = 0; i < e.cnt; i++)
		out[i] = e.rev[e.cnt - 1 - i];
	for (i = 0; big_endian && i < e.cnt; i++) {
		out[i].code = htobe16(out[i].code);
		out[i].k = htobe32(out[i].k);
	}
	*prog = out;
	*len = e.cnt;
	rc = 0;
out:
	free(scratch);
	free(e.rev);
	return rc;
}
