/* SPDX-License-Identifier: LGPL-2.1-only */
/* Blocks a filter holds, kept for reuse; fixed-size slots carved from them. */

#include <malloc.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pool.h"

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
 * pool_block_get - a block of at least @size bytes, aligned for any type
 *
 * A spare block of the size's class, or a new one. Returns the block
 * (contents undefined), or NULL if @size is over 4 MiB or memory is out.
 */
void *pool_block_get(size_t size)
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
	POOL_UNPOISON(block, class_size(cls));
	return block;
}

/**
 * pool_block_put - give back a block of pool_block_get(@size) (NULL is
 * fine): it waits for reuse, and no system call is made
 *
 * A block smaller than its class is none of ours: a notification buffer
 * the caller allocated itself and handed to seccomp_notify_free(), which
 * libseccomp's plain free() tolerates. Cached, it would be handed out at
 * its class's size; it goes to free() instead.
 */
void pool_block_put(void *block, size_t size)
{
	unsigned int cls = block_class(size);
	struct spare *spare = block;

	if (spare == NULL)
		return;
	if (malloc_usable_size(block) < class_size(cls)) {
		free(block);
		return;
	}
	POOL_POISON(spare + 1, class_size(cls) - sizeof(*spare));
	spares_push(cls, spare, spare);
}

/**
 * pool_block_drain - free the blocks waiting for reuse
 *
 * free() may then return memory to the kernel: never call this where a
 * loaded filter might deny the system calls that takes.
 */
void pool_block_drain(void)
{
	struct spare *spare, *next;
	unsigned int cls;

	for (cls = 0; cls < BLOCK_CLASSES; cls++) {
		spare = atomic_exchange(&spares[cls], NULL);
		for (; spare != NULL; spare = next) {
			next = spare->next;
			POOL_UNPOISON(spare, class_size(cls));
			free(spare);
		}
	}
}

/*
 * Chunks are blocks that grow fourfold from the first size up to the
 * last. The first holds the ~100 entries of a typical filter (8 KiB): one
 * block per filter. Growing fourfold, the largest chunk is three quarters
 * of a large pool: few blocks for any size of filter, reused whole by the
 * next filter of that size (make bench: growing twofold, synthetic 20k
 * built 29% slower).
 */
#define CHUNK_FIRST 8192U
#define CHUNK_MAX (4U << 20)

/* A chunk's header; its slots follow on the next cache line. */
struct pool_chunk {
	struct pool_chunk *next;
	size_t size; /* of its block */
};

/*
 * Where a chunk's slots start: blocks are aligned for any type, which is
 * less than a cache line.
 */
static char *chunk_slots(struct pool_chunk *chunk)
{
	char *end = (char *)(chunk + 1);

	return end + (-(uintptr_t)end & (POOL_ALIGN - 1));
}

/**
 * pool_init - an empty pool of @slot_size byte slots
 */
void pool_init(struct pool *pool, size_t slot_size)
{
	size_t align = _Alignof(max_align_t);

	if (slot_size < sizeof(struct pool_free_slot))
		slot_size = sizeof(struct pool_free_slot);
	*pool = (struct pool){ .slot_size = (slot_size + align - 1) /
					    align * align };
}

/**
 * pool_refill - start a new chunk and take its first slot
 *
 * The slow path of pool_alloc(), for when neither returned nor untouched
 * slots are left. Returns the slot (contents undefined), or NULL if the
 * chunk could not be allocated; the pool is then unchanged.
 */
void *pool_refill(struct pool *pool)
{
	struct pool_chunk *chunk;
	size_t size, slots;
	char *mem;

	size = pool->chunks == NULL ? CHUNK_FIRST : pool->chunks->size * 4;
	if (size > CHUNK_MAX)
		size = CHUNK_MAX;
	chunk = pool_block_get(size);
	if (chunk == NULL)
		return NULL;
	mem = chunk_slots(chunk);
	slots = (size - (size_t)(mem - (char *)chunk)) / pool->slot_size;
	POOL_POISON(mem, slots * pool->slot_size);
	chunk->next = pool->chunks;
	chunk->size = size;
	pool->chunks = chunk;
	pool->fresh = mem + pool->slot_size;
	pool->fresh_end = mem + slots * pool->slot_size;
	POOL_UNPOISON(mem, pool->slot_size);
	return mem;
}

/**
 * pool_put - return a slot taken from @pool (NULL is fine)
 */
void pool_put(struct pool *pool, void *slot)
{
	struct pool_free_slot *s = slot;

	if (s == NULL)
		return;
	s->next = pool->free_slots;
	pool->free_slots = s;
	POOL_POISON((char *)s + sizeof(*s), pool->slot_size - sizeof(*s));
}

/**
 * pool_adopt - move @src's chunks into @dst (same slot size)
 *
 * Slots taken from @src may then be returned to @dst; @src is left empty.
 * Its unused slots are given up until @dst is dropped.
 */
void pool_adopt(struct pool *dst, struct pool *src)
{
	struct pool_chunk *last;

	if (src->chunks != NULL) {
		for (last = src->chunks; last->next != NULL; last = last->next)
			;
		/* behind dst's newest chunk, whose fresh slots stay usable */
		if (dst->chunks == NULL) {
			dst->chunks = src->chunks;
			dst->fresh = dst->fresh_end = NULL;
		} else {
			last->next = dst->chunks->next;
			dst->chunks->next = src->chunks;
		}
	}
	pool_init(src, src->slot_size);
}

/**
 * pool_drop - give every chunk back (pool_block_put): all slots become
 * invalid
 */
void pool_drop(struct pool *pool)
{
	struct pool_chunk *chunk, *next;

	for (chunk = pool->chunks; chunk != NULL; chunk = next) {
		next = chunk->next;
		pool_block_put(chunk, chunk->size);
	}
	pool_init(pool, pool->slot_size);
}
