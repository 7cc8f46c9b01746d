/* SPDX-License-Identifier: LGPL-2.1-only */
/* A classic BPF program as a shared instruction graph, and its layout. */

#ifndef BPF_IR_H
#define BPF_IR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <linux/filter.h>

/*
 * What the accumulator must hold when an instruction runs: a 32-bit word of
 * seccomp_data at some offset, possibly masked or with its sign bit
 * flipped, or anything (BPF_ACC_ANY).
 */
typedef uint64_t bpf_acc;
#define BPF_ACC_ANY ((bpf_acc)0)

static inline bpf_acc bpf_acc_word(unsigned int offset, uint32_t mask)
{
	return ((bpf_acc)(offset + 1) << 32) | mask;
}

/*
 * A word's value with its sign bit flipped (xor 0x80000000), under which
 * unsigned jumps compare as signed ones: BPF has only unsigned jumps.
 */
#define BPF_ACC_FLIP ((bpf_acc)1 << 48)

static inline bpf_acc bpf_acc_flipped(bpf_acc word)
{
	return word | BPF_ACC_FLIP;
}

/*
 * A node: the instruction, then layout's bookkeeping. Every node is made
 * after its targets, so targets have smaller ids and the graph has no
 * cycles: a depth-first walk never meets a node still on its path.
 */
struct bpf_ir_node {
	/* the instruction: compared and hashed as key[] and need */
	union {
		struct {
			uint32_t code; /* a uint16_t in the program */
			uint32_t k;
			int jt; /* jump: true target; load and mask: the next */
			int jf; /* jump: false target; anything else: -1 */
		};
		uint64_t key[2];
	};
	bpf_acc need; /* accumulator on entry */
	/* layout keeps its state here (no scratch); pos is zero until then */
	unsigned int pos; /* written at this position from the end */
	union {
		int via;    /* before layout: its load, see enter_via() */
		int parent; /* on the depth-first path: who led here */
		unsigned int tramp; /* once written: its nearest trampoline */
	};
};

/*
 * Returns are asked for once per rule leaf: a few actions, many times
 * (without the cache, make bench: systemd builds 9% slower, Docker 7%).
 */
#define BPF_IR_RET_CACHE 8U

/*
 * The index of nodes has a power of two slots, at most half of them
 * used. Most filters fit in the first ones.
 */
#define BPF_IR_FIRST_SLOTS_LOG2 9U
#define BPF_IR_FIRST_SLOTS (1U << BPF_IR_FIRST_SLOTS_LOG2)
#define BPF_IR_NODES_FOR(slots) ((slots) / 2)

/*
 * A program graph. Its fields belong to bpf_ir.c; the struct is here so
 * that a generator can hold one where it likes.
 */
struct bpf_ir {
	struct bpf_ir_node *nodes;
	unsigned int cnt;
	unsigned int cap; /* BPF_IR_NODES_FOR(slot_cnt) */
	int *slots;	  /* open-addressing index of nodes, -1 free */
	unsigned int slot_cnt;
	unsigned int slot_shift; /* 64 - log2(slot_cnt): hash to slot */
	bool laid_out;		 /* layout used the bookkeeping already */
	struct {
		uint32_t action;
		int id; /* 0 (never a return's id here): empty */
	} rets[BPF_IR_RET_CACHE];
};

int bpf_ir_init(struct bpf_ir *ir);
void bpf_ir_release(struct bpf_ir *ir);

int bpf_ir_ret(struct bpf_ir *ir, uint32_t action);
bool bpf_ir_ret_action(const struct bpf_ir *ir, int id, uint32_t *action);
int bpf_ir_jump(struct bpf_ir *ir, uint16_t op, uint32_t k, bpf_acc acc, int jt,
		int jf);
int bpf_ir_layout(struct bpf_ir *ir, int root, bool big_endian,
		  struct sock_filter **prog, size_t *len);

#endif
