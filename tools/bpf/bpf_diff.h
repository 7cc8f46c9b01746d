/* SPDX-License-Identifier: LGPL-2.1-only */
/* bpf_diff API: the proved differences of two seccomp filter stacks, as regions of inputs. */

/*
 * bpf_diff_run() compares two sides, each a stack of classic BPF
 * programs (struct bpf_stack, index 0 the oldest) composed as the kernel
 * composes the filters of a task: every program runs on the input, and
 * the value whose action has the lowest precedence wins, the precedence
 * being (int32_t)(ret & SECCOMP_RET_ACTION_FULL) compared as signed
 * (KILL_PROCESS, 0x80000000, wins over everything; ALLOW, 0x7fff0000,
 * loses to everything). On a tie the newer program keeps its value
 * (bpf_stack.h). A single program is a stack of one.
 *
 * The answer is a list of regions, each reported through a callback as
 * soon as it is proved: a region is a set of inputs (an arch value, a
 * range of syscall numbers, conditions on the arguments) on every one of
 * which the old side returns one value and the new side another, fixed,
 * value. Every region is proved with the Z3 solver before it is reported,
 * except those of kind BPF_DIFF_SAMPLE, which are one input shown as an
 * example where no simple region describes the difference (a program that
 * computes on its input before comparing it; the other inputs of that
 * syscall are then left out). Together the regions cover every input on
 * which the sides differ (unless the caller's limit stopped the search:
 * bpf_diff_run() says so). Regions of different pairs never overlap; two
 * of one pair may, where an argument region was widened to leave out an
 * argument that does not matter.
 *
 * How: both sides run in a tracking simulator that records, for the
 * input at hand, every comparison of an input word on the path taken;
 * those comparisons bound the set of inputs that take the same paths,
 * and so return the same values. A walk over the syscall numbers of each
 * ABI the programs test, with arguments 0, yields the ranges of numbers
 * whose verdict does not depend on the arguments, merged into runs with
 * one (old, new) pair; each syscall whose verdict does depend on them is
 * searched with the solver, restricted to that syscall, one argument
 * region at a time. A last solver check looks for any difference left
 * (other arch values, programs the walk cannot follow).
 *
 * Like bpf_sim and bpf_prove, this never links the library. Functions
 * return >= 0 or -errno and never print.
 */
#ifndef BPF_DIFF_H
#define BPF_DIFF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bpf_sim.h"
#include "bpf_stack.h"

/* The field number of the instruction pointer in struct bpf_diff_cond. */
#define BPF_DIFF_IP 6u
/* At most this many argument conditions in one region. */
#define BPF_DIFF_CONDS 24u
/* At most this many arch values in a region's arch_not[]. */
#define BPF_DIFF_ARCH_NOT 32u

/** enum bpf_diff_op - how a condition compares (field & mask) with value */
enum bpf_diff_op {
	BPF_DIFF_EQ,
	BPF_DIFF_NE,
	BPF_DIFF_GE, /* unsigned */
	BPF_DIFF_LE, /* unsigned */
};

/**
 * struct bpf_diff_cond - one condition on a 64-bit input field
 * @field: 0-5 for args[0..5], BPF_DIFF_IP for instruction_pointer
 * @mask:  the bits compared (all 64: ~0; the low half only: 0xffffffff)
 * @op:    the comparison
 * @value: what (field & mask) is compared with
 */
struct bpf_diff_cond {
	unsigned int field;
	uint64_t mask;
	enum bpf_diff_op op;
	uint64_t value;
};

/** enum bpf_diff_kind - what a reported region is */
enum bpf_diff_kind {
	/* proved: every input of the region differs, with these values */
	BPF_DIFF_REGION,
	/* proved: every call of the ABI differs (values vary: see example) */
	BPF_DIFF_WHOLE_ABI,
	/* one input only, an example: the difference has no simple region */
	BPF_DIFF_SAMPLE,
};

/**
 * struct bpf_diff_region - a set of inputs on which the two sides differ
 * @kind:       see enum bpf_diff_kind
 * @abi:        the ABI of the inputs (x32 for x86_64's arch value with the
 *              x32 bit in nr), or NULL when @arch is no known ABI's or
 *              @other_arch is set
 * @arch:       seccomp_data.arch of every input, unless @other_arch
 * @other_arch: the region is every arch value but those of @arch_not
 * @arch_not:   the arch values left out, @arch_not_cnt of them
 * @nr_lo, @nr_hi: the syscall numbers, inclusive (as unsigned)
 * @cond:       conditions on the arguments and instruction pointer, all of
 *              which hold on every input of the region, @cond_cnt of them
 *              (0: any arguments)
 * @named:      how many of the numbers have a syscall name on @abi
 * @action:     what the old side ([0]) and the new side ([1]) return on
 *              every input of the region (for BPF_DIFF_WHOLE_ABI and
 *              BPF_DIFF_SAMPLE: on @example)
 * @example:    one input of the region, with the fields that do not
 *              matter 0
 */
struct bpf_diff_region {
	enum bpf_diff_kind kind;
	const struct bpf_sim_arch *abi;
	uint32_t arch;
	bool other_arch;
	unsigned int arch_not_cnt;
	uint32_t arch_not[BPF_DIFF_ARCH_NOT];
	uint32_t nr_lo;
	uint32_t nr_hi;
	unsigned int cond_cnt;
	struct bpf_diff_cond cond[BPF_DIFF_CONDS];
	unsigned int named;
	uint32_t action[2];
	struct seccomp_data example;
};

/**
 * struct bpf_diff_progress - how far a long comparison has come
 * @phase:   what is being done, in English ("walking x86_64", ...)
 * @done:    steps of the phase done
 * @total:   steps of the phase (0: unknown)
 * @found:   regions reported so far
 */
struct bpf_diff_progress {
	const char *phase;
	unsigned int done;
	unsigned int total;
	unsigned int found;
};

/**
 * struct bpf_diff_opts - what to do with the differences
 * @max:      report at most this many regions (0: all)
 * @found:    called with each region as soon as it is proved (the region
 *            is the engine's: copy what you keep); return 0 to go on or a
 *            -errno, which bpf_diff_run() returns
 * @progress: called now and then on long work (NULL: not)
 * @arg:      passed to both
 */
struct bpf_diff_opts {
	unsigned int max;
	int (*found)(const struct bpf_diff_region *r, void *arg);
	void (*progress)(const struct bpf_diff_progress *pr, void *arg);
	void *arg;
};

/**
 * bpf_diff_run - report every region of inputs on which two sides differ
 * @old, @new: the sides; every program must pass bpf_sim_verify(), and
 *             all of them must have one byte order
 * @opts:      the callbacks and the limit
 * @more:      receives whether differences are left unreported because of
 *             @opts->max (may be NULL)
 *
 * The order: runs of named syscalls whose action changes (not only its
 * data: ERRNO(1) to ALLOW, not ERRNO(1) to ERRNO(38)), then the argument
 * regions of syscalls whose verdict depends on their arguments, then runs
 * of named syscalls whose action data changes, then ranges of numbers
 * without a name, then whatever the last solver checks find; by ABI and
 * number within each.
 *
 * Returns the number of regions reported (0: the sides are equivalent);
 * -EINVAL for an empty stack, a program that does not verify or byte
 * orders that differ; -ENOMEM; -ETIME if the solver gave up; -EPROTO if
 * the simulator and the solver disagree (a bug); -EFAULT on a Z3 error;
 * or the -errno @opts->found returned.
 */
int bpf_diff_run(const struct bpf_stack *old, const struct bpf_stack *new,
		 const struct bpf_diff_opts *opts, bool *more);

/**
 * bpf_diff_abi_bits - the width of an ABI's syscall arguments
 *
 * Returns 32 or 64 (64 for an unknown name).
 */
unsigned int bpf_diff_abi_bits(const char *abi);

/**
 * bpf_diff_cond_view - how condition @c of a region on ABI @abi reads
 * @field: receives "a0", "ip", or on a 64-bit ABI "a0.lo32" for a
 *         comparison of the low half alone (a 32-bit test) and "a0.hi32"
 *         for one of the high half alone
 * @mask:  receives the mask seen through @field (~0: all its bits)
 * @value: receives the value seen through it
 *
 * The one place that says how a condition is written: a signed form or
 * that of the high-word check (SCMP_FLTATR_EXT_ACT_BADARG32) goes here.
 */
void bpf_diff_cond_view(const struct bpf_diff_cond *c, const char *abi,
			char *field, size_t size, uint64_t *mask,
			uint64_t *value);

#endif /* BPF_DIFF_H */
