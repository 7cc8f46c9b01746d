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
 * mask, or a sign flip: BPF has no signed jumps) in front of the target.
 * Because a node is a pure function of the accumulator and its targets,
 * sharing nodes is always sound; the state
 * libseccomp's block de-duplication once got wrong (its bug #148) is part
 * of each node here.
 *
 * Layout: a depth-first reverse post-order puts every target after its
 * jumps, with the false target right behind its jump where possible. The
 * walk writes the program back to front as it goes, each node once all its
 * targets are written: classic BPF's conditional jumps reach at most 255
 * instructions ahead, so a farther target gets a trampoline right behind
 * the jump (a copy of the return, or a "ja"), shared by later jumps to the
 * same target while in reach. The walk's state lives in the nodes, so a
 * layout allocates nothing but the program.
 */

#include <errno.h>
#include <endian.h>
#include <stdlib.h>
#include <string.h>

#include "bpf_ir.h"

#define JUMP_MAX 255U
#define FULL_MASK 0xffffffffU
#define SIGN_BIT 0x80000000U
/* Ids are ints and tables double: a bound far above any real program. */
#define MAX_SLOTS (1U << 24)

/**
 * bpf_ir_init - make @ir an empty program graph
 *
 * Returns 0, or -ENOMEM (then @ir holds nothing to release).
 */
int bpf_ir_init(struct bpf_ir *ir)
{
	ir->cnt = 0;
	ir->cap = BPF_IR_NODES_FOR(BPF_IR_FIRST_SLOTS);
	ir->slot_cnt = BPF_IR_FIRST_SLOTS;
	ir->slot_shift = 64 - BPF_IR_FIRST_SLOTS_LOG2;
	ir->laid_out = false;
	memset(ir->rets, 0, sizeof(ir->rets));
	ir->nodes = malloc(ir->cap * sizeof(*ir->nodes));
	ir->slots = malloc(ir->slot_cnt * sizeof(*ir->slots));
	if (ir->nodes == NULL || ir->slots == NULL) {
		bpf_ir_release(ir);
		return -ENOMEM;
	}
	memset(ir->slots, 0xff, ir->slot_cnt * sizeof(*ir->slots));
	return 0;
}

/**
 * bpf_ir_release - release what a program graph allocated as it grew
 */
void bpf_ir_release(struct bpf_ir *ir)
{
	free(ir->nodes);
	free(ir->slots);
}

/* Two adjacent 32-bit fields as the 64-bit word they make in memory. */
static inline uint64_t word_of(uint32_t first, uint32_t second)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	return (uint64_t)second << 32 | first;
#else
	return (uint64_t)first << 32 | second;
#endif
}

/* Multiplicative hashing: the top bits of the product pick the slot. */
static inline unsigned int key_slot(const struct bpf_ir *ir, uint64_t op,
				    uint64_t to, bpf_acc need)
{
	uint64_t h = (op * 0x9e3779b97f4a7c15ULL ^ to ^ need) *
		     0xc2b2ae3d27d4eb4fULL;

	return (unsigned int)(h >> ir->slot_shift);
}

/* Twice the slots, and room for as many more nodes. */
static int grow(struct bpf_ir *ir)
{
	unsigned int slot_cnt = ir->slot_cnt * 2;
	unsigned int cap = BPF_IR_NODES_FOR(slot_cnt);
	unsigned int i, s;
	struct bpf_ir_node *nodes;
	int *slots;

	if (slot_cnt > MAX_SLOTS)
		return -ENOMEM;
	slots = malloc(slot_cnt * sizeof(*slots));
	if (slots == NULL)
		return -ENOMEM;
	nodes = realloc(ir->nodes, cap * sizeof(*nodes));
	if (nodes == NULL) {
		free(slots);
		return -ENOMEM;
	}
	ir->nodes = nodes;
	ir->cap = cap;

	memset(slots, 0xff, slot_cnt * sizeof(*slots));
	ir->slot_cnt = slot_cnt;
	ir->slot_shift--;
	for (i = 0; i < ir->cnt; i++) {
		s = key_slot(ir, nodes[i].key[0], nodes[i].key[1],
			     nodes[i].need);
		while (slots[s] >= 0)
			s = (s + 1) & (slot_cnt - 1);
		slots[s] = (int)i;
	}
	free(ir->slots);
	ir->slots = slots;
	return 0;
}

/*
 * The id of the node with key[] @op (code, k) and @to (jt, jf), entered
 * with @need; added if new. Returns it or -ENOMEM.
 */
static inline int intern(struct bpf_ir *ir, uint64_t op, uint64_t to,
			 bpf_acc need)
{
	struct bpf_ir_node *n;
	unsigned int s;
	int id;

	/* full: grown first, as growing moves every slot */
	if (ir->cnt == ir->cap && grow(ir) < 0)
		return -ENOMEM;
	for (s = key_slot(ir, op, to, need); (id = ir->slots[s]) >= 0;
	     s = (s + 1) & (ir->slot_cnt - 1)) {
		n = &ir->nodes[id];
		if (n->key[0] == op && n->key[1] == to && n->need == need)
			return id;
	}
	id = (int)ir->cnt++;
	n = &ir->nodes[id];
	n->key[0] = op;
	n->key[1] = to;
	n->need = need;
	n->pos = 0;
	n->parent = 0;
	ir->slots[s] = id;
	return id;
}

/* The id of the node "@code @k" with targets @jt and @jf (-1: none). */
static inline int intern_insn(struct bpf_ir *ir, uint16_t code, uint32_t k,
			      int jt, int jf, bpf_acc need)
{
	return intern(ir, word_of(code, k), word_of((uint32_t)jt, (uint32_t)jf),
		      need);
}

/*
 * A node that, entered with the accumulator holding @have, makes it hold
 * what @target needs and goes on to it: a load, a mask, a sign flip, or a
 * load and one of the others.
 */
static inline int enter_via(struct bpf_ir *ir, int target, bpf_acc have,
			    bpf_acc need)
{
	uint32_t mask = (uint32_t)need;
	bool flip = (need & BPF_ACC_FLIP) != 0;
	bpf_acc plain = need & ~BPF_ACC_FLIP;
	bpf_acc word = plain | FULL_MASK;
	int via;

	if (flip && have == plain)
		return intern_insn(ir, BPF_ALU | BPF_XOR | BPF_K, SIGN_BIT,
				   target, -1, plain);
	if (!flip && mask != FULL_MASK && have == word)
		return intern_insn(ir, BPF_ALU | BPF_AND | BPF_K, mask, target,
				   -1, word);
	/*
	 * Many jumps lead to the same target from other words: its load
	 * (and mask) is kept in the target, until layout takes the field
	 * (writing it after that is harmless). Ids of loads are above the
	 * target's: 0 is none.
	 */
	via = ir->nodes[target].via;
	if (via > 0 && !ir->laid_out)
		return via;
	via = target;
	if (flip) {
		via = intern_insn(ir, BPF_ALU | BPF_XOR | BPF_K, SIGN_BIT, via,
				  -1, plain);
		if (via < 0)
			return via;
	}
	if (mask != FULL_MASK) {
		via = intern_insn(ir, BPF_ALU | BPF_AND | BPF_K, mask, via, -1,
				  word);
		if (via < 0)
			return via;
	}
	via = intern_insn(ir, BPF_LD | BPF_W | BPF_ABS,
			  (uint32_t)(plain >> 32) - 1, via, -1, BPF_ACC_ANY);
	if (via > 0)
		ir->nodes[target].via = via;
	return via;
}

/* @target, entered with the accumulator holding @have: as is, or via. */
static inline int enter(struct bpf_ir *ir, int target, bpf_acc have)
{
	bpf_acc need = ir->nodes[target].need;

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
	unsigned int slot = (action ^ action >> 16) % BPF_IR_RET_CACHE;
	int id;

	if (ir->rets[slot].id > 0 && ir->rets[slot].action == action)
		return ir->rets[slot].id;
	id = intern_insn(ir, BPF_RET | BPF_K, action, -1, -1, BPF_ACC_ANY);
	if (id > 0) {
		ir->rets[slot].action = action;
		ir->rets[slot].id = id;
	}
	return id;
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

/**
 * bpf_ir_jump - the node "if (@acc @op @k) goto @jt else goto @jf"
 * @op: BPF_JEQ, BPF_JGT, BPF_JGE or BPF_JSET
 * @acc: the accumulator value the comparison is about
 * @jt: the true target's id, or a negative errno to pass on
 * @jf: the false target's id, or a negative errno to pass on
 *
 * Returns the node's id (or the target itself when both are the same), or
 * a negative errno: -EFAULT for a target that is not a node.
 */
int bpf_ir_jump(struct bpf_ir *ir, uint16_t op, uint32_t k, bpf_acc acc, int jt,
		int jf)
{
	if (jt < 0)
		return jt;
	if (jf < 0)
		return jf;
	/* only earlier nodes: a later one could make a cycle */
	if ((unsigned int)jt >= ir->cnt || (unsigned int)jf >= ir->cnt)
		return -EFAULT;
	if (jt == jf)
		return jt;
	jt = enter(ir, jt, acc);
	if (jt < 0)
		return jt;
	jf = enter(ir, jf, acc);
	if (jf < 0)
		return jf;
	return intern_insn(ir, BPF_JMP | op | BPF_K, k, jt, jf, acc);
}

/*
 * The program being written backwards, from the end of @buf: its last
 * instruction first, at @buf[@cap - 1].
 */
struct emit {
	struct sock_filter *buf;
	unsigned int cap;
	unsigned int cnt;
};

/* Room for twice as many instructions, up to BPF_MAXINSNS. */
static int emit_grow(struct emit *e)
{
	unsigned int cap =
		e->cap * 2 < BPF_MAXINSNS ? e->cap * 2 : BPF_MAXINSNS;
	struct sock_filter *buf;

	if (e->cap >= BPF_MAXINSNS)
		return -E2BIG;
	buf = malloc(cap * sizeof(*buf));
	if (buf == NULL)
		return -ENOMEM;
	memcpy(buf + cap - e->cnt, e->buf + e->cap - e->cnt,
	       e->cnt * sizeof(*buf));
	free(e->buf);
	e->buf = buf;
	e->cap = cap;
	return 0;
}

static inline int push(struct emit *e, uint16_t code, uint8_t jt, uint8_t jf,
		       uint32_t k)
{
	int rc;

	if (e->cnt == e->cap && (rc = emit_grow(e)) < 0)
		return rc;
	e->cnt++;
	e->buf[e->cap - e->cnt] = (struct sock_filter){ code, jt, jf, k };
	return 0;
}

/*
 * The position (from the end) a jump written next can reach @target at:
 * the target itself, a trampoline to it in reach, or a new trampoline.
 */
static int reach(struct emit *e, struct bpf_ir_node *nodes, int target,
		 unsigned int *at)
{
	struct bpf_ir_node *t = &nodes[target];
	int rc;

	if (e->cnt - t->pos <= JUMP_MAX) {
		*at = t->pos;
		return 0;
	}
	if (t->tramp != 0 && e->cnt - t->tramp <= JUMP_MAX) {
		*at = t->tramp;
		return 0;
	}
	/* a return is as short as a jump to it, and runs faster */
	if (BPF_CLASS(t->code) == BPF_RET)
		rc = push(e, (uint16_t)t->code, 0, 0, t->k);
	else
		rc = push(e, BPF_JMP | BPF_JA, 0, 0, e->cnt - t->pos);
	if (rc < 0)
		return rc;
	t->tramp = e->cnt;
	*at = e->cnt;
	return 0;
}

/* A jump with a target out of reach: through trampolines. */
static int emit_far_jump(struct emit *e, struct bpf_ir_node *nodes,
			 const struct bpf_ir_node *n)
{
	unsigned int at_t, at_f, before;
	int rc;

	/* a trampoline for one target may push the other out of reach */
	do {
		before = e->cnt;
		if ((rc = reach(e, nodes, n->jt, &at_t)) < 0 ||
		    (rc = reach(e, nodes, n->jf, &at_f)) < 0)
			return rc;
	} while (e->cnt != before &&
		 (e->cnt - at_t > JUMP_MAX || e->cnt - at_f > JUMP_MAX));
	return push(e, (uint16_t)n->code, (uint8_t)(e->cnt - at_t),
		    (uint8_t)(e->cnt - at_f), n->k);
}

/* Writes node @id, whose targets are all written; @follower runs next. */
static int emit_node(struct emit *e, struct bpf_ir_node *nodes, int id,
		     int follower)
{
	struct bpf_ir_node *n = &nodes[id];
	unsigned int to_t, to_f;
	int rc;

	if (n->jf >= 0) {
		to_t = e->cnt - nodes[n->jt].pos;
		to_f = e->cnt - nodes[n->jf].pos;
		if (to_t <= JUMP_MAX && to_f <= JUMP_MAX)
			rc = push(e, (uint16_t)n->code, (uint8_t)to_t,
				  (uint8_t)to_f, n->k);
		else
			rc = emit_far_jump(e, nodes, n);
	} else {
		/* a load or mask falls through: jump if its next is elsewhere */
		if (n->jt >= 0 && n->jt != follower) {
			rc = push(e, BPF_JMP | BPF_JA, 0, 0,
				  e->cnt - nodes[n->jt].pos);
			if (rc < 0)
				return rc;
		}
		rc = push(e, (uint16_t)n->code, 0, 0, n->k);
	}
	n->pos = e->cnt;
	n->tramp = 0;
	return rc;
}

/* The first of @n's targets not written yet, true first; -1: none. */
static int unwritten_target(const struct bpf_ir_node *nodes,
			    const struct bpf_ir_node *n)
{
	if (n->jt >= 0 && nodes[n->jt].pos == 0)
		return n->jt;
	if (n->jf >= 0 && nodes[n->jf].pos == 0)
		return n->jf;
	return -1;
}

/*
 * Writes the program from @root in reverse post-order, depth first, true
 * targets first: each node is written (backwards) once all its targets
 * are, and the false target, visited last, lands right behind its jump.
 * No recursion (chains of priority checks can be long): each node on the
 * path remembers its parent.
 */
static int emit_graph(struct emit *e, struct bpf_ir_node *nodes, int root)
{
	int id = root, next, parent, written = -1, rc;
	struct bpf_ir_node *n;

	nodes[root].parent = -1;
	for (;;) {
		/* down, to the first node whose targets are all written */
		n = &nodes[id];
		while ((next = unwritten_target(nodes, n)) >= 0) {
			nodes[next].parent = id;
			id = next;
			n = &nodes[id];
		}
		/* up, writing nodes, until one has a false target left */
		for (;;) {
			/* read first: a written node keeps tramp there */
			parent = n->parent;
			rc = emit_node(e, nodes, id, written);
			if (rc < 0)
				return rc;
			written = id;
			if (parent < 0)
				return 0;
			id = parent;
			n = &nodes[id];
			/* just written: the false target, or the true one */
			if (n->jf >= 0 && n->jf != written &&
			    nodes[n->jf].pos == 0)
				break;
		}
		nodes[n->jf].parent = id;
		id = n->jf;
	}
}

/**
 * bpf_ir_layout - write the program that starts at @root
 * @big_endian: write code and k in big-endian byte order
 * @prog: set to the malloc'd program; the caller frees it
 * @len: set to its number of instructions
 *
 * A graph is laid out once: layout keeps its bookkeeping in the nodes.
 * Returns 0, -E2BIG if the program would exceed BPF_MAXINSNS, -EINVAL on
 * a second layout, -EFAULT if @root is not a node, or -ENOMEM.
 */
int bpf_ir_layout(struct bpf_ir *ir, int root, bool big_endian,
		  struct sock_filter **prog, size_t *len)
{
	struct emit e = { 0 };
	unsigned int i;
	int rc;

	if (root < 0)
		return root;
	if ((unsigned int)root >= ir->cnt)
		return -EFAULT;
	if (ir->laid_out)
		return -EINVAL;
	/* the first instruction must not depend on the accumulator */
	root = enter(ir, root, BPF_ACC_ANY);
	if (root < 0)
		return root;
	ir->laid_out = true;

	/* one instruction per node, mostly: trampolines are rare */
	e.cap = ir->cnt + ir->cnt / 8 + 16;
	if (e.cap > BPF_MAXINSNS)
		e.cap = BPF_MAXINSNS;
	e.buf = malloc(e.cap * sizeof(*e.buf));
	if (e.buf == NULL)
		return -ENOMEM;
	rc = emit_graph(&e, ir->nodes, root);
	if (rc < 0) {
		free(e.buf);
		return rc;
	}

	memmove(e.buf, e.buf + e.cap - e.cnt, e.cnt * sizeof(*e.buf));
	for (i = 0; big_endian && i < e.cnt; i++) {
		e.buf[i].code = htobe16(e.buf[i].code);
		e.buf[i].k = htobe32(e.buf[i].k);
	}
	*prog = e.buf;
	*len = e.cnt;
	return 0;
}
