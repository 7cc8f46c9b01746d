/* SPDX-License-Identifier: LGPL-2.1-only */
/* Fixed-size slots for a filter's entries, carved from blocks. */

#ifndef POOL_H
#define POOL_H

#include <stddef.h>
#include <string.h>

#include "block.h"

/*
 * A chunk's slots start on a cache line (64 bytes on common hosts): slots
 * whose size is a multiple of it never straddle two lines.
 */
#define POOL_ALIGN 64

struct pool_chunk;

/* Free slots hold the link to the next one. */
struct pool_free_slot {
	struct pool_free_slot *next;
};

/*
 * A filter builds and tears down many small, same-sized records (trie
 * nodes, syscall entries). A pool hands them out from larger chunks and
 * keeps returned ones on a free list; dropping the pool frees every chunk
 * without walking what was built in them.
 */
struct pool {
	size_t slot_size;
	struct pool_free_slot *free_slots; /* returned slots */
	struct pool_chunk *chunks;	   /* newest first */
	char *fresh;			   /* next untouched slot, or NULL */
	char *fresh_end;		   /* end of the newest chunk's slots */
};

void pool_init(struct pool *pool, size_t slot_size);
void *pool_refill(struct pool *pool);
void pool_put(struct pool *pool, void *slot);
void pool_adopt(struct pool *dst, struct pool *src);
void pool_drop(struct pool *pool);

/*
 * Taking a slot is inline: it is most of the cost of adding a rule that
 * the caller then fills in whole.
 */

/**
 * pool_alloc - a slot with undefined contents
 * Returns the slot, or NULL if a new chunk could not be allocated.
 */
static inline void *pool_alloc(struct pool *pool)
{
	struct pool_free_slot *slot = pool->free_slots;
	char *fresh = pool->fresh;

	if (slot != NULL) {
		pool->free_slots = slot->next;
		BLOCK_UNPOISON(slot, pool->slot_size);
		return slot;
	}
	if (fresh == pool->fresh_end)
		return pool_refill(pool);
	pool->fresh = fresh + pool->slot_size;
	BLOCK_UNPOISON(fresh, pool->slot_size);
	return fresh;
}

/**
 * pool_zalloc - a zeroed slot
 * Returns the slot, or NULL if a new chunk could not be allocated.
 */
static inline void *pool_zalloc(struct pool *pool)
{
	void *slot = pool_alloc(pool);

	if (slot != NULL)
		memset(slot, 0, pool->slot_size);
	return slot;
}

#endif
