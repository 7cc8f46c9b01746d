/* SPDX-License-Identifier: LGPL-2.1-only */
/* scmp_profile inspect: one syscall number's outcome (scmp_profile_inspect_walk.c). */

#ifndef SCMP_PROFILE_INSPECT_WALK_H
#define SCMP_PROFILE_INSPECT_WALK_H

#include <stdbool.h>
#include <stdint.h>

#include "scmp_profile_inspect_read.h"

/* Return values one walk keeps apart before it gives up counting. */
#define WALK_VALUES 8u

/* A register or scratch word: a known value or not. */
struct val {
	bool known;
	uint32_t v;
};

/* The state on entry to an instruction, joined over the edges into it. */
struct wstate {
	bool seen;
	struct val a, x, mem[BPF_MEMWORDS];
};

/* What the whole stack does for one syscall number. */
struct cell {
	uint32_t action; /* with every argument and the ip 0 */
	int decider;	 /* that run's deciding filter, -1 if all allow */
	uint64_t args;	 /* filters whose arguments can change it (bit i) */
	uint32_t alt[WALK_VALUES]; /* other results the arguments can give */
	unsigned int alt_cnt;
	bool cached; /* every filter is always ALLOW for it */
};

/**
 * inspect_run_stack - every filter on @d as the kernel runs them
 * @decider: receives the deciding filter, -1 when every filter allows
 *
 * Returns the stack's value.
 */
uint32_t inspect_run_stack(struct target *t, const struct seccomp_data *d,
			   int *decider);

/**
 * inspect_eval_cell - what the stack does for one syscall number of one
 * arch value, knowing only those
 * @cache: whether the kernel's action cache serves the ABI
 * @st:    room for the walk, a state per instruction of the longest filter
 *
 * Returns 0 or -ENOMEM.
 */
int inspect_eval_cell(struct target *t, uint32_t arch, uint32_t nr, bool cache,
		      struct wstate *st, struct cell *c);

/** inspect_cell_eq - whether two numbers have the same outcome */
bool inspect_cell_eq(const struct cell *a, const struct cell *b);

#endif
