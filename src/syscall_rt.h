/* SPDX-License-Identifier: LGPL-2.1-only */
/* The run-time syscall table: names and numbers added to the built-in one. */

#ifndef SYSCALL_RT_H
#define SYSCALL_RT_H

#include <stddef.h>

#include "syscalls.h"

/*
 * Rows added at run time (seccomp_ext_syscall_add()), process-wide and
 * append-only. Each row is a whole struct syscall_def, immutable once
 * published: a name that gets a number on another ABI gets a new row, a
 * copy of its previous one (or of its built-in row) with that number set,
 * in front of the older ones, sharing its name's string (so a row's
 * name is found by comparing pointers). The first row of a name in the
 * list is its current one, and readers take no lock: they load the list's head
 * (acquire) and walk rows that never change and are never freed. Writers
 * take a mutex for a batch (one name, or a whole file), stage rows on top
 * of the published head and publish them at once (release), or free them.
 *
 * A name the built-in table lacks gets a pseudo number of its own, from
 * SYSCALL_RT_PNR_FIRST down, far from libseccomp's (-10001 and up, the
 * multiplexed calls' -101.. and -201..).
 */
#define SYSCALL_RT_PNR_FIRST (-30001)

/* How many rows the run-time table takes at most: memory stays bounded. */
#define SYSCALL_RT_ROWS_MAX 65536U

/* A syscall name has fewer bytes than this (the longest has 28). */
#define SYSCALL_NAME_MAX 64U

struct syscall_rt;

/* A writer's batch: rows staged on top of the published ones. */
struct syscall_rt_batch {
	struct syscall_rt *head; /* the newest staged row, or published */
	struct syscall_rt *base; /* the head when the batch began */
	unsigned int count;	 /* rows in the table with the staged */
};

const struct syscall_rt *syscall_rt_head(void);
const struct syscall_def *syscall_rt_name(const struct syscall_rt *head,
					  const char *name);
const struct syscall_def *syscall_rt_num(const struct syscall_rt *head,
					 enum syscall_abi abi, int num);
const struct syscall_def *syscall_rt_current(const struct syscall_rt *head,
					     const struct syscall_def *def);

void syscall_rt_begin(struct syscall_rt_batch *batch);
int syscall_rt_stage(struct syscall_rt_batch *batch,
		     const struct syscall_def *from, const char *name,
		     enum syscall_abi abi, int num);
void syscall_rt_commit(struct syscall_rt_batch *batch);
void syscall_rt_abort(struct syscall_rt_batch *batch);

#endif
