/* SPDX-License-Identifier: LGPL-2.1-only */
/* The search over an ABI's syscall numbers, from ranges with one outcome. */

#ifndef GEN_BPF_SEARCH_H
#define GEN_BPF_SEARCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bpf_ir.h"

/* The accumulator holding the syscall number: seccomp_data's nr, whole. */
#define GEN_BPF_NR bpf_acc_word(0U, 0xffffffffU)

/* Most lone numbers folded into one range (jeq tests in front of it). */
#define GEN_BPF_FOLD_MAX 1U

/* A stretch of syscall numbers with one outcome (a graph node). */
struct gen_bpf_range {
	uint32_t lo;
	uint32_t hi;
	int target;
	uint32_t weight;    /* how much the search should favour it */
	unsigned int folds; /* lone numbers folded in: jeq tests in front */
	bool named;	    /* an outcome of rules: not default, BADARCH */
	uint8_t priority;   /* the highest of its syscalls' priorities */
};

size_t gen_bpf_search_scratch(unsigned int cnt);
int gen_bpf_search(struct bpf_ir *ir, const struct gen_bpf_range *r,
		   unsigned int cnt, unsigned int depth, void *scratch);

#endif
