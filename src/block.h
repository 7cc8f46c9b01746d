/* SPDX-License-Identifier: LGPL-2.1-only */
/* Blocks a filter holds, kept for reuse: no system call to give them back. */

#ifndef BLOCK_H
#define BLOCK_H

#include <stddef.h>

/*
 * Under AddressSanitizer, slots on the free list (but for their link),
 * untouched chunk memory and spare blocks (but for their link) are
 * poisoned: a use after pool_put() or block_put() is reported as it
 * would be after free().
 */
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define BLOCK_ASAN
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(BLOCK_ASAN)
#include <sanitizer/asan_interface.h>
#define BLOCK_POISON(addr, size) ASAN_POISON_MEMORY_REGION(addr, size)
#define BLOCK_UNPOISON(addr, size) ASAN_UNPOISON_MEMORY_REGION(addr, size)
#else
#define BLOCK_POISON(addr, size) ((void)(addr), (void)(size))
#define BLOCK_UNPOISON(addr, size) ((void)(addr), (void)(size))
#endif

/*
 * Everything a filter holds (its pool's chunks, the filter itself, its
 * ABIs and transactions, its program) and notification buffers come from
 * block_get() and go back with block_put(), never to free(). A program may load a filter that allows no memory system call,
 * and glibc's free() can make one (brk, munmap, madvise) to return memory
 * to the kernel: releasing a filter must not. Put blocks wait, per size
 * class, for the next filter; the library keeps about what it held at
 * most at one time. block_drain() frees them.
 */
void *block_get(size_t size);
void block_put(void *block, size_t size);
void block_drain(void);

#endif
