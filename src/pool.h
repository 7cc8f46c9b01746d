/* SPDX-License-Identifier: LGPL-2.1-only */
/* Blocks a filter holds, kept for reuse; fixed-size slots carved from them. */

#ifndef POOL_H
#define POOL_H

#include <stddef.h>
#include <string.h>

/*
 * Under AddressSanitizer, slots on the free list (but for their link),
 * untouched chunk memory and spare blocks (but for their link) are
 * poisoned: a use after pool_put() or pool_block_put() is reported as it
 * would be after free().
 */
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define POOL_ASAN
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(POOL_ASAN)
#include <sanitizer/asan_interface.h>
#define POOL_POISON(addr, size) ASAN_POISON_MEMORY_REGION(addr, size)
#define POOL_UNPOISON(addr, size) ASAN_UNPOISON_MEMORY_REGION(addr, size)
#else
#define POOL_POISON(addr, size) ((void)(addr), (void)(size))
#define POOL_UNPOISON(addr, size) ((void)(addr), (void)(size))
#endif

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
	struct pool_free_slot *free_slots;	/* returned slots */
	struct pool_chunk *chunks;	/* newest first */
	char *fresh;			/* next untouched slot, or NULL */
	char *fresh_end;		/* end of the newest chunk's slots */
};

/*
 * Blocks: everything a filter holds (its pool's chunks, the filter itself,
 * its ABIs and transactions, its program) and notification buffers come
 * from pool_block_get() and go back with pool_block_put(), never to
 * free(). A program may load a filter that allows no memory system call,
 * and glibc's free() can make one (brk, munmap, madvise) to return memory
 * to the kernel: releasing a filter must not. Put blocks wait, per size
 * class, for the next filter; the library keeps about what it held at
 * most at one time. pool_block_drain() frees them.
 */
void *pool_block_get(size_t size);
void pool_block_put(void *block, size_t size);
void pool_block_drain(void);

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
		POOL_UNPOISON(slot, pool->slot_size);
		return slot;
	}
	if (fresh == pool->fresh_end)
		return pool_refill(pool);
	pool->fresh = fresh + pool->slot_size;
	POOL_UNPOISON(fresh, pool->slot_size);
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
