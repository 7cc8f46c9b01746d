/* SPDX-License-Identifier: LGPL-2.1-only */
/* Fixed-size slots carved from chunks: cheap to take, return and drop. */

#include <stdlib.h>
#include <string.h>

#include "pool.h"

/*
 * Under AddressSanitizer, slots on the free list (but for their link) and
 * untouched chunk memory are poisoned: a use after pool_put() is reported
 * as it would be after free().
 */
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define POOL_ASAN
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(POOL_ASAN)
#include <sanitizer/asan_interface.h>
#define POISON(addr, size) ASAN_POISON_MEMORY_REGION(addr, size)
#define UNPOISON(addr, size) ASAN_UNPOISON_MEMORY_REGION(addr, size)
#else
#define POISON(addr, size) ((void)(addr), (void)(size))
#define UNPOISON(addr, size) ((void)(addr), (void)(size))
#endif

/* Chunks double from the first size up to the last. */
#define CHUNK_SLOTS_FIRST 32U
#define CHUNK_SLOTS_MAX 4096U

struct pool_chunk {
	struct pool_chunk *next;
	size_t slots;
	max_align_t mem[];
};

/* Free slots hold the link to the next one. */
struct free_slot {
	struct free_slot *next;
};

/**
 * pool_init - an empty pool of @slot_size byte slots
 */
void pool_init(struct pool *pool, size_t slot_size)
{
	size_t align = sizeof(max_align_t);

	if (slot_size < sizeof(struct free_slot))
		slot_size = sizeof(struct free_slot);
	*pool = (struct pool){ .slot_size = (slot_size + align - 1) /
					    align * align };
}

/**
 * pool_zalloc - a zeroed slot
 * Returns the slot, or NULL if a new chunk could not be allocated.
 */
void *pool_zalloc(struct pool *pool)
{
	struct free_slot *slot = pool->free_slots;
	struct pool_chunk *chunk;
	size_t slots;

	if (slot != NULL) {
		pool->free_slots = slot->next;
		UNPOISON(slot, pool->slot_size);
	} else {
		if (pool->fresh == 0) {
			slots = pool->chunks == NULL ? CHUNK_SLOTS_FIRST :
				pool->chunks->slots * 2;
			if (slots > CHUNK_SLOTS_MAX)
				slots = CHUNK_SLOTS_MAX;
			chunk = malloc(sizeof(*chunk) +
				       slots * pool->slot_size);
			if (chunk == NULL)
				return NULL;
			POISON(chunk->mem, slots * pool->slot_size);
			chunk->next = pool->chunks;
			chunk->slots = slots;
			pool->chunks = chunk;
			pool->fresh = slots;
		}
		chunk = pool->chunks;
		slot = (struct free_slot *)((char *)chunk->mem +
			(chunk->slots - pool->fresh--) * pool->slot_size);
		UNPOISON(slot, pool->slot_size);
	}
	memset(slot, 0, pool->slot_size);
	return slot;
}

/**
 * pool_put - return a slot taken from @pool (NULL is fine)
 */
void pool_put(struct pool *pool, void *slot)
{
	struct free_slot *s = slot;

	if (s == NULL)
		return;
	s->next = pool->free_slots;
	pool->free_slots = s;
	POISON((char *)s + sizeof(max_align_t),
	       pool->slot_size - sizeof(max_align_t));
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
			dst->fresh = 0;
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
		UNPOISON(chunk->mem, chunk->slots * pool->slot_size);
		free(chunk);
	}
	pool_init(pool, pool->slot_size);
}
