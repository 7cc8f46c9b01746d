/* SPDX-License-Identifier: LGPL-2.1-only */
/* bpf_diff_cell: the diff engine's tracking simulator and the cells it finds (internal). */

/*
 * A cell is what the tracking simulator learns from running both sides on
 * one input: every comparison of an input word on the paths taken, as an
 * atom (word & mask) op k with its truth on that input. The inputs that
 * satisfy all the atoms take the same paths, so get the same values;
 * bpf_diff_cell_region() turns a cell into a region: an arch, a range of
 * syscall numbers around the input, and the atoms on the other words.
 * Only bpf_diff.c includes this.
 */
#ifndef BPF_DIFF_CELL_H
#define BPF_DIFF_CELL_H

#include <stdbool.h>
#include <stdint.h>

#include "bpf_diff.h"

/* The 32-bit words of seccomp_data: nr, arch, then ip and args[] halves. */
#define W_NR 0u
#define W_ARCH 1u
#define W_FIRST_FIELD 2u

/* Atoms kept per cell; a longer path makes the cell opaque. */
#define MAX_ATOMS 96u

enum atom_op { OP_EQ, OP_GT, OP_GE, OP_SET };

/* (word & mask) op k is @truth on the input; OP_SET tests word & mask. */
struct atom {
	uint32_t mask;
	uint32_t k;
	uint8_t word;
	uint8_t op;
	uint8_t truth;
};

struct cell {
	struct atom atom[MAX_ATOMS];
	unsigned int cnt;
	bool opaque;
};

/* A region being built: the public one, with its atoms still raw. */
struct reg {
	uint32_t arch;
	bool other_arch;
	unsigned int arch_not_cnt;
	uint32_t arch_not[BPF_DIFF_ARCH_NOT];
	uint32_t lo;
	uint32_t hi;
	unsigned int cnt;
	struct atom atom[MAX_ATOMS];
	uint32_t action[2];
	struct seccomp_data example;
};

/**
 * bpf_diff_cell_stack - a stack on one input, tracked
 * @s: the stack (verified programs)
 * @d: the input
 * @c: receives the atoms of every program's path (added to what it has);
 *     c->opaque is set where a path compares a value computed from the
 *     input, which no atom describes
 *
 * Returns the composed value, as bpf_stack_run() gives it.
 */
uint32_t bpf_diff_cell_stack(const struct bpf_stack *s,
			     const struct seccomp_data *d, struct cell *c);

/**
 * bpf_diff_cell_narrow - intersect [*lo, *hi] with [from, to]
 */
void bpf_diff_cell_narrow(uint32_t *lo, uint32_t *hi, uint32_t from,
			  uint32_t to);

/**
 * bpf_diff_cell_region - the region of some cells around an input
 * @c:      the cells (one per side)
 * @ncells: how many
 * @d:      the input they were tracked on
 * @fixed:  the region's arch is d->arch (the caller restricts it)
 * @lo, @hi: the numbers the region may take at most
 * @r:      receives the region (its actions are left 0)
 *
 * Returns true; false if the cells have no such form (opaque, too many
 * atoms, or arch compared otherwise than for equality).
 */
bool bpf_diff_cell_region(const struct cell *c, unsigned int ncells,
			  const struct seccomp_data *d, bool fixed, uint32_t lo,
			  uint32_t hi, struct reg *r);

#endif /* BPF_DIFF_CELL_H */
