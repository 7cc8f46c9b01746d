/* SPDX-License-Identifier: LGPL-2.1-only */
/* bpf_stack: the filters of a task, as one stack, and what it returns. */

/*
 * A task holds a stack of filters. Index 0 is the oldest (the first
 * installed), as PTRACE_SECCOMP_GET_FILTER and the kernel number them.
 * The kernel runs the newest first and keeps the value of the lowest
 * rank (bpf_sim_action_rank()); on a tie the value it has, the newer
 * filter's, stays. bpf_stack_run() is that run; the diff engine's
 * tracking simulator and its formulas (bpf_diff.c) walk a stack in the
 * same order with bpf_stack_wins(). A single program is a stack of one.
 */
#ifndef BPF_STACK_H
#define BPF_STACK_H

#include <stdbool.h>
#include <stdint.h>

#include "bpf_sim.h"

/**
 * struct bpf_stack - stacked filters
 * @prog: the programs, index 0 the oldest; all of one byte order
 * @cnt:  how many
 */
struct bpf_stack {
	struct bpf_sim_prog *prog;
	unsigned int cnt;
};

/**
 * bpf_stack_wins - whether an older filter's value @v replaces @kept,
 * the value of the newer ones: only with a strictly lower rank
 */
bool bpf_stack_wins(uint32_t v, uint32_t kept);

/**
 * bpf_stack_run - what a stack returns for one input
 * @s:       the stack
 * @d:       the input
 * @ret:     receives the value: the newest filter's, unless an older one
 *           wins (SECCOMP_RET_ALLOW for an empty stack)
 * @decider: receives the index of the filter whose value it is (-1 for
 *           an empty stack); NULL if not wanted
 *
 * Returns 0, or the -errno of bpf_sim_run().
 */
int bpf_stack_run(const struct bpf_stack *s, const struct seccomp_data *d,
		  uint32_t *ret, int *decider);

#endif
