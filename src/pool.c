/* SPDX-License-Identifier: LGPL-2.1-only */
/* Fixed-size slots for a filter's entries, carved from blocks. */

#include <stdint.h>
#include <string.h>

#include "pool.h"

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
	*pool = (struct pool){ .slot_size = (slot_size + align - 1) / align *
					    align };
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
	chunk = block_get(size);
	if (chunk == NULL)
		return NULL;
	mem = chunk_slots(chunk);
	slots = (size - (size_t)(mem - (char *)chunk)) / pool->slot_size;
	BLOCK_POISON(mem, slots * pool->slot_size);
	chunk->next = pool->chunks;
	chunk->size = size;
	pool->chunks = chunk;
	pool->fresh = mem + pool->slot_size;
	pool->fresh_end = mem + slots * pool->slot_size;
	BLOCK_UNPOISON(mem, pool->slot_size);
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
	BLOCK_POISON((char *)s + sizeof(*s), pool->slot_size - sizeof(*s));
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
 * pool_drop - give every chunk back (block_put): all slots become
 * invalid
 */
void pool_drop(struct pool *pool)
{
	struct pool_chunk *chunk, *next;

	for (chunk = pool->chunks; chunk != NULL; chunk = next) {
		next = chunk->next;
		block_put(chunk, chunk->size);
	}
	pool_init(pool, pool->slot_size);
}
