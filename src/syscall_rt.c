/* SPDX-License-Identifier: LGPL-2.1-only */
/* The run-time syscall table: storage, lookups, batches of additions. */

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "syscall_rt.h"

/* One published row (syscall_rt.h): never changed, never freed. */
struct syscall_rt {
	struct syscall_def def;
	struct syscall_rt *next; /* the older rows */
	char name[]; /* a new name's first row: def.name points here */
};

/* The newest row, or NULL while nothing was added. */
static _Atomic(struct syscall_rt *) rt_head;
/* The rows published; read and written under rt_lock. */
static unsigned int rt_count;
/* Serialises writers only: readers never take it. */
static pthread_mutex_t rt_lock = PTHREAD_MUTEX_INITIALIZER;

/**
 * syscall_rt_head - the run-time table as published now
 *
 * Returns its newest row, or NULL if nothing was added: a reader's view,
 * valid for ever (rows are never freed).
 */
const struct syscall_rt *syscall_rt_head(void)
{
	return atomic_load_explicit(&rt_head, memory_order_acquire);
}

/**
 * syscall_rt_name - the current row of a name
 * @head: a view (syscall_rt_head(), or a batch's head)
 * @name: the name
 *
 * Returns the row, or NULL if the run-time table lacks the name.
 */
const struct syscall_def *syscall_rt_name(const struct syscall_rt *head,
					  const char *name)
{
	for (; head != NULL; head = head->next)
		if (strcmp(head->def.name, name) == 0)
			return &head->def;
	return NULL;
}

/**
 * syscall_rt_num - the current row that has a number on a column
 * @head: a view
 * @abi: the column
 * @num: a syscall number, or the pseudo number of a name the built-in
 *       table lacks
 *
 * A number is never taken back, so the first row that has it is its
 * name's current one. Returns the row, or NULL.
 */
const struct syscall_def *syscall_rt_num(const struct syscall_rt *head,
					 enum syscall_abi abi, int num)
{
	for (; head != NULL; head = head->next)
		if (head->def.num[abi] == num)
			return &head->def;
	return NULL;
}

/**
 * syscall_rt_current - the current row of a built-in or run-time row
 * @head: a view
 * @def: the row, or NULL
 *
 * Returns the newest row of @def's name (@def itself if it has none).
 */
const struct syscall_def *syscall_rt_current(const struct syscall_rt *head,
					     const struct syscall_def *def)
{
	/* the rows of a name share its name's string: one compare a row */
	if (def == NULL)
		return NULL;
	for (; head != NULL; head = head->next)
		if (head->def.name == def->name)
			return &head->def;
	return def;
}

/**
 * syscall_rt_begin - start a batch of additions: waits for other writers
 *
 * End it with syscall_rt_commit() or syscall_rt_abort().
 */
void syscall_rt_begin(struct syscall_rt_batch *batch)
{
	pthread_mutex_lock(&rt_lock);
	batch->head = atomic_load_explicit(&rt_head, memory_order_relaxed);
	batch->base = batch->head;
	batch->count = rt_count;
}

/**
 * syscall_rt_stage - stage a row: a name with a new number on a column
 * @from: the name's current row (built-in or run-time), NULL for a name
 *        known nowhere
 * @name: the name
 * @abi: the column
 * @num: its number there; the caller checked that it is free
 *
 * Returns 0, or -ENOMEM (the table is full, or memory is) with nothing
 * staged.
 */
int syscall_rt_stage(struct syscall_rt_batch *batch,
		     const struct syscall_def *from, const char *name,
		     enum syscall_abi abi, int num)
{
	/* a name's first row holds its string, which later rows share */
	size_t len = from == NULL ? strlen(name) + 1 : 0;
	struct syscall_rt *row;
	unsigned int i;

	if (batch->count >= SYSCALL_RT_ROWS_MAX)
		return -ENOMEM;
	row = malloc(sizeof(*row) + len);
	if (row == NULL)
		return -ENOMEM;
	if (from != NULL) {
		row->def = *from;
	} else {
		memcpy(row->name, name, len);
		row->def.name = row->name;
		/* count new names: each takes the next pseudo number */
		row->def.pnr = SYSCALL_RT_PNR_FIRST - (int)batch->count;
		for (i = 0; i < SYSCALL_ABI_COUNT; i++) {
			row->def.num[i] = row->def.pnr;
			row->def.kver[i] = 0;
		}
	}
	row->def.num[abi] = num;
	/* no version known: KVERMAX leaves the number to the ENOSYS action */
	row->def.kver[abi] = 0;
	row->next = batch->head;
	batch->head = row;
	batch->count++;
	return 0;
}

/**
 * syscall_rt_commit - publish a batch's rows at once, and end it
 */
void syscall_rt_commit(struct syscall_rt_batch *batch)
{
	atomic_store_explicit(&rt_head, batch->head, memory_order_release);
	rt_count = batch->count;
	pthread_mutex_unlock(&rt_lock);
}

/**
 * syscall_rt_abort - free a batch's staged rows, and end it
 */
void syscall_rt_abort(struct syscall_rt_batch *batch)
{
	struct syscall_rt *row, *next;

	for (row = batch->head; row != batch->base; row = next) {
		next = row->next;
		free(row);
	}
	batch->head = batch->base;
	pthread_mutex_unlock(&rt_lock);
}
