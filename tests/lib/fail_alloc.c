/* SPDX-License-Identifier: LGPL-2.1-only */
/* Test helper: fail the Nth allocation inside a window, and count leaks. */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fail_alloc.h"

void *__real_malloc(size_t size);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *ptr, size_t size);
void __real_free(void *ptr);
char *__real_strdup(const char *s);

void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *ptr, size_t size);
void __wrap_free(void *ptr);
char *__wrap_strdup(const char *s);

/* Blocks allocated in the window: an open-addressing set of pointers. */
#define LIVE_CAP 65536U

static struct {
	bool on;
	bool failed;
	unsigned long count;
	unsigned long fail_at;
	unsigned long live_cnt;
	void *live[LIVE_CAP];
} st;

static unsigned int slot(const void *p)
{
	uintptr_t h = (uintptr_t)p;

	h ^= h >> 17;
	h *= 0x9e3779b97f4a7c15ULL;
	return (unsigned int)(h >> 40) & (LIVE_CAP - 1);
}

static void track(void *p)
{
	unsigned int s;

	if (p == NULL || !st.on || st.live_cnt >= LIVE_CAP / 2)
		return;
	for (s = slot(p); st.live[s] != NULL; s = (s + 1) & (LIVE_CAP - 1))
		;
	st.live[s] = p;
	st.live_cnt++;
}

static void untrack(void *p)
{
	unsigned int s, next, want;

	if (p == NULL || st.live_cnt == 0)
		return;
	for (s = slot(p); st.live[s] != p; s = (s + 1) & (LIVE_CAP - 1))
		if (st.live[s] == NULL)
			return;
	/* remove, then move back entries of the run that belong earlier */
	st.live[s] = NULL;
	st.live_cnt--;
	for (next = (s + 1) & (LIVE_CAP - 1); st.live[next] != NULL;
	     next = (next + 1) & (LIVE_CAP - 1)) {
		want = slot(st.live[next]);
		if (((next - want) & (LIVE_CAP - 1)) >=
		    ((next - s) & (LIVE_CAP - 1))) {
			st.live[s] = st.live[next];
			st.live[next] = NULL;
			s = next;
		}
	}
}

/* Whether this allocation is the one to fail. */
static bool inject(void)
{
	if (!st.on)
		return false;
	if (++st.count != st.fail_at)
		return false;
	st.failed = true;
	return true;
}

void fail_alloc_start(unsigned long n)
{
	memset(st.live, 0, sizeof(st.live));
	st.live_cnt = 0;
	st.count = 0;
	st.fail_at = n;
	st.failed = false;
	st.on = true;
}

unsigned long fail_alloc_stop(void)
{
	st.on = false;
	return st.count;
}

bool fail_alloc_failed(void)
{
	return st.failed;
}

unsigned long fail_alloc_live(void)
{
	return st.live_cnt;
}

void *__wrap_malloc(size_t size)
{
	void *p;

	if (inject())
		return NULL;
	p = __real_malloc(size);
	track(p);
	return p;
}

void *__wrap_calloc(size_t n, size_t size)
{
	void *p;

	if (inject())
		return NULL;
	p = __real_calloc(n, size);
	track(p);
	return p;
}

void *__wrap_realloc(void *ptr, size_t size)
{
	void *p;

	if (inject())
		return NULL;
	p = __real_realloc(ptr, size);
	if (p != NULL && p != ptr) {
		untrack(ptr);
		track(p);
	} else if (p != NULL && ptr == NULL) {
		track(p);
	}
	return p;
}

void __wrap_free(void *ptr)
{
	untrack(ptr);
	__real_free(ptr);
}

char *__wrap_strdup(const char *s)
{
	char *p;

	if (inject())
		return NULL;
	p = __real_strdup(s);
	track(p);
	return p;
}
