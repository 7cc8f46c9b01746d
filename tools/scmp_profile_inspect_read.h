/* SPDX-License-Identifier: LGPL-2.1-only */
/* scmp_profile inspect: the process as read (scmp_profile_inspect_read.c). */

#ifndef SCMP_PROFILE_INSPECT_READ_H
#define SCMP_PROFILE_INSPECT_READ_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "bpf_stack.h"

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

/**
 * inspect_read_target - the mode of process @t->pid and, in filter
 * mode, its filters (attached, stopped and let go again)
 *
 * Returns 0, SP_EXIT_BAD (no such process) or SP_EXIT_FAIL, said on
 * stderr.
 */
int inspect_read_target(struct target *t);

#endif
