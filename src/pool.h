/* SPDX-License-Identifier: LGPL-2.1-only */
/* Fixed-size slots carved from chunks: cheap to take, return and drop. */

#ifndef POOL_H
#define POOL_H

#include <stddef.h>

struct pool_chunk;

/*
 * A filter builds and tears down many small, same-sized records (trie
 * nodes, syscall entries). A pool hands them out from larger chunks and
 * keeps returned ones on a free list; dropping the pool frees every chunk
 * without walking what was built in them.
 */
struct pool {
	size_t slot_size;
	void *free_slots;		/* returned slots, linked in place */
	struct pool_chunk *chunks;	/* newest first */
	size_t fresh;			/* untouched slots in the newest chunk */
};

void pool_init(struct pool *pool, size_t slot_size);
void *pool_zalloc(struct pool *pool);
void pool_put(struct pool *pool, void *slot);
void pool_adopt(struct pool *dst, struct pool *src);
void pool_drop(struct pool *pool);

#endif
