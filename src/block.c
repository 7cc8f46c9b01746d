/* SPDX-License-Identifier: LGPL-2.1-only */
/* Blocks a filter holds, kept for reuse: no system call to give them back. */

#include <malloc.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "block.h"

/*
 * Block size classes: powers of two from BLOCK_MIN bytes up to 4 MiB. A
 * block is plain malloc() memory of its class's size, so that a caller
 * may still hand a notification buffer to free(). Put blocks wait on a
 * list per class: a spare block's first bytes link it to the next.
 */
#define BLOCK_MIN 64U
#define BLOCK_CLASSES 17U

struct spare {
	struct spare *next;
};

/*
 * Lock-free, so that no thread ever waits in a system call (futex) for
 * another: a push links in with compare-and-swap; a get takes the whole
 * list, keeps the first block and pushes the others back, which cannot
 * be fooled by a block taken and put back meanwhile (ABA), as popping
 * one block with compare-and-swap could. Pushing them back walks them: a
 * list is as long as the most blocks of its class in use at once.
 */
static _Atomic(struct spare *) spares[BLOCK_CLASSES];

/* The class of blocks of @size bytes; BLOCK_CLASSES if none is as large. */
static unsigned int block_class(size_t size)
{
	unsigned int cls = 0;

	while (cls < BLOCK_CLASSES && (size_t)BLOCK_MIN << cls < size)
		cls++;
	return cls;
}

static size_t class_size(unsigned int cls)
{
	return (size_t)BLOCK_MIN << cls;
}

/* Links the spares @first .. @last (already linked) into @cls's list. */
static void spares_push(unsigned int cls, struct spare *first,
			struct spare *last)
{
	struct spare *head = atomic_load(&spares[cls]);

	do
		last->next = head;
	while (!atomic_compare_exchange_weak(&spares[cls], &head, first));
}

/**
 * block_get - a block of at least @size bytes, aligned for any type
 *
 * A spare block of the size's class, or a new one. Returns the block
 * (contents undefined), or NULL if @size is over 4 MiB or memory is out.
 */
void *block_get(size_t size)
{
	unsigned int cls = block_class(size);
	struct spare *block, *last;

	if (cls == BLOCK_CLASSES)
		return NULL;
	block = atomic_exchange(&spares[cls], NULL);
	if (block == NULL)
		return malloc(class_size(cls));
	if (block->next != NULL) {
		for (last = block->next; last->next != NULL; last = last->next)
			;
		spares_push(cls, block->next, last);
	}
	BLOCK_UNPOISON(block, class_size(cls));
	return block;
}

/**
 * block_put - give back a block of block_get(@size) (NULL is
 * fine): it waits for reuse, and no system call is made
 *
 * A block smaller than its class is none of ours: a notification buffer
 * the caller allocated itself and handed to seccomp_notify_free(), which
 * libseccomp's plain free() tolerates. Cached, it would be handed out at
 * its class's size; it goes to free() instead.
 */
void block_put(void *block, size_t size)
{
	unsigned int cls = block_class(size);
	struct spare *spare = block;

	if (spare == NULL)
		return;
	if (malloc_usable_size(block) < class_size(cls)) {
		free(block);
		return;
	}
	BLOCK_POISON(spare + 1, class_size(cls) - sizeof(*spare));
	spares_push(cls, spare, spare);
}

/**
 * block_drain - free the blocks waiting for reuse
 *
 * free() may then return memory to the kernel: never call this where a
 * loaded filter might deny the system calls that takes.
 */
void block_drain(void)
{
	struct spare *spare, *next;
	unsigned int cls;

	for (cls = 0; cls < BLOCK_CLASSES; cls++) {
		spare = atomic_exchange(&spares[cls], NULL);
		for (; spare != NULL; spare = next) {
			next = spare->next;
			BLOCK_UNPOISON(spare, class_size(cls));
			free(spare);
		}
	}
}
