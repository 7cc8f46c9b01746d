/* SPDX-License-Identifier: LGPL-2.1-only */
/* Test helper: fail the Nth allocation inside a window, and count leaks. */

/*
 * A test that uses this links the static library with
 *
 *	-Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=free,
 *	--wrap=strdup,--wrap=open_memstream
 *
 * so that every allocation the library makes goes through lib/fail_alloc.c
 * (and through the real allocator, or the sanitizers', after it). Between
 * fail_alloc_start() and fail_alloc_stop() allocations are counted; the
 * Nth one fails; every block allocated in the window and not freed is a
 * leak. open_memstream() has no wrapper: a library that called it, whose
 * allocations inside the C library nobody counts, would not link.
 */

#ifndef FAIL_ALLOC_H
#define FAIL_ALLOC_H

#include <stdbool.h>

/* Count allocations from now on; fail number @n (1-based; 0: none). */
void fail_alloc_start(unsigned long n);
/* Stop counting. Returns how many allocations were made in the window. */
unsigned long fail_alloc_stop(void);
/* Whether the window's Nth allocation was reached (and failed). */
bool fail_alloc_failed(void);
/* Blocks allocated in the last window and still not freed. */
unsigned long fail_alloc_live(void);

#endif
