/* SPDX-License-Identifier: LGPL-2.1-only */
/* Fixed-size slots carved from chunks: cheap to take, return and drop. */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pool.h"

/*
 * Chunks grow fourfold from the first size up to the last. The first holds
 * the ~100 entries of a typical filter (8 KiB): one allocation per filter.
 * Growing fourfold, the largest chunk is three quarters of a large pool.
 * glibc maps such a block, and once one is freed it serves blocks up to
 * that size from its heap and keeps up to twice that size there across
 * filters: the whole pool then stays. Growing twofold, the pool came to
 * twice its largest chunk, and a 20k-rule filter's pages went back to the
 * kernel at every release, to be faulted in again by the next build
 * (make bench: synthetic 20k built 29% slower).
 */
#define CHUNK_SLOTS_FIRST 128U
#define CHUNK_SLOTS_MAX 65536U

/* A chunk's header; its slots follow on the next cache line. */
struct pool_chunk {
	struct pool_chunk *next;
	size_t slots;
};

/*
 * Where a chunk's slots start. Chunks come from malloc() with room to
 * round up: malloc() is what the allocation-failure tests make fail.
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
	size_t slots;
	char *mem;

	slots = pool->chunks == NULL ? CHUNK_SLOTS_FIRST :
		pool->chunks->slots * 4;
	if (slots > CHUNK_SLOTS_MAX)
		slots = CHUNK_SLOTS_MAX;
	chunk = malloc(sizeof(*chunk) + POOL_ALIGN - 1 +
		       slots * pool->slot_size);
	if (chunk == NULL)
		return NULL;
	mem = chunk_slots(chunk);
	POOL_POISON(mem, slots * pool->slot_size);
	chunk->next = pool->chunks;
	chunk->slots = slots;
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
 * pool_drop - free every chunk: all slots become invalid
 */
void pool_drop(struct pool *pool)
{
	struct pool_chunk *chunk, *next;

	for (chunk = pool->chunks; chunk != NULL; chunk = next) {
		next = chunk->next;
		POOL_UNPOISON(chunk_slots(chunk),
			      chunk->slots * pool->slot_size);
		free(chunk);
	}
	pool_init(pool, pool->slot_size);
}
