/* SPDX-License-Identifier: LGPL-2.1-only */
/* scmp_profile inspect: what its files share (the process, the walk, the cells). */

#ifndef SCMP_PROFILE_INSPECT_H
#define SCMP_PROFILE_INSPECT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include <jansson.h>

#include "bpf_stack.h"

/* Return values one walk keeps apart before it gives up counting. */
#define WALK_VALUES 8u

/* What the kernel says of one filter read from the process. */
struct filter {
	uint64_t flags; /* SECCOMP_FILTER_FLAG_*, as the kernel reports */
	bool flags_known;
};

/* The process: its seccomp mode and its filters, oldest first. */
struct target {
	pid_t pid;
	int mode; /* /proc/PID/status "Seccomp:" */
	long status_count;
	struct bpf_stack s; /* the filters, as ptrace numbers them */
	struct filter *f;   /* and their flags, s.cnt of them */
};

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
 * inspect_read_target() - the mode of process @t->pid and, in filter
 * mode, its filters (attached, stopped and let go again)
 *
 * Return: 0, SP_EXIT_BAD (no such process) or SP_EXIT_FAIL, said on
 * stderr.
 */
int inspect_read_target(struct target *t);

/**
 * inspect_run_stack() - every filter on @d as the kernel runs them
 * @decider: receives the deciding filter, -1 when every filter allows
 *
 * Return: the stack's value.
 */
uint32_t inspect_run_stack(struct target *t, const struct seccomp_data *d,
			   int *decider);

/**
 * inspect_eval_cell() - what the stack does for one syscall number of one
 * arch value, knowing only those
 * @cache: whether the kernel's action cache serves the ABI
 * @st:    room for the walk, a state per instruction of the longest filter
 *
 * Return: 0 or -ENOMEM.
 */
int inspect_eval_cell(struct target *t, uint32_t arch, uint32_t nr, bool cache,
		      struct wstate *st, struct cell *c);

/** inspect_cell_eq() - whether two numbers have the same outcome */
bool inspect_cell_eq(const struct cell *a, const struct cell *b);

/** inspect_action_name() - a return value as the report names it */
void inspect_action_name(uint32_t v, char *buf, size_t size);

/**
 * inspect_report_abis() - the ABIs to report: this machine's and those
 * the filters test, at most @max into @out
 *
 * Return: how many.
 */
unsigned int inspect_report_abis(struct target *t,
				 const struct bpf_sim_arch **out, size_t max);

/**
 * inspect_report_abi() - the regions of ABI @a, as text or into @ja
 *
 * Return: 0 or -ENOMEM.
 */
int inspect_report_abi(struct target *t, const struct bpf_sim_arch *a,
		       bool json, json_t *ja);

/** inspect_report_other() - what arch values of no ABI get */
void inspect_report_other(struct target *t, bool json, json_t *root);

/**
 * inspect_prove_diff() - every difference between the stack and the
 * profile's program @prof, up to @max (0: all), as text or into @jdiff
 *
 * Return: the count (plus one if more are left), or -errno.
 */
int inspect_prove_diff(struct target *t, struct bpf_sim_prog *prof,
		       unsigned int max, json_t *jdiff);

#endif
