/* SPDX-License-Identifier: LGPL-2.1-only */
/* 66-live-no-syscall-after-load: nothing after the load reaches the kernel. */

/*
 * A program may load an allow-list without the memory system calls (brk,
 * mmap, munmap, madvise: arping -z does) and then release the filter:
 * once seccomp_load() has installed the filter, the rest of
 * seccomp_load(), seccomp_release() and seccomp_notify_free() must make
 * no system call. glibc's free() can make one (it returns memory at the
 * top of a heap to the kernel, and unmaps large blocks), so this is a
 * property of what the library frees and when.
 *
 * Each case runs in a forked child that shapes its heap, builds a filter
 * whose default action kills the process (KILL_PROCESS, TRAP on kernels
 * without it) and that allows write and exit_group only, loads it,
 * releases it and ends with exit_group. Any other system call kills the
 * child with SIGSYS. Before it ends, the child checks that the filter is
 * in force (a rule's errno comes back). The sweep:
 *  - rules: 1 to 4000, one comparison each, with programs of 13 to about
 *    4070 instructions; above 900 rules the extra ones end in a trie
 *    that an unconditional rule replaces, so the filter's memory keeps
 *    growing while its program still fits;
 *  - heap states: fresh; heap blocks freed before seccomp_init (a large
 *    top chunk); a 1 MiB mapped block freed first (glibc then raises its
 *    mmap and trim thresholds) and heap blocks freed; the filter's first
 *    block at the end of the heap, next to its top (arping's layout);
 *    blocks allocated between the steps and kept across the load;
 *  - the main thread, or a second thread (its own malloc arena, which
 *    glibc trims with madvise and munmap instead of brk);
 *  - plain; the same filter built and released first (its blocks are
 *    reused); precomputed program; a transaction left open; notification
 *    buffers freed after the release, a NOTIFY rule (a listener fd) and,
 *    in the main thread, TSYNC.
 * First, the library's cache of blocks under threads: four threads build,
 * export and release filters of those sizes at once; each program must
 * be the one built alone. Exit 77 without seccomp filters.
 */

#include <errno.h>
#include <malloc.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>

#include <linux/filter.h>
#include <seccomp.h>

#include "live_util.h"

/* Rules beyond this many go to the spill syscall's replaced trie. */
#define RULES_IN_PROGRAM 900U

/*
 * Targets of the rules, called by nothing in the child: rules there can
 * never let a stray system call through. The last one takes the spill.
 */
static const int targets[] = {
	__NR_getppid, __NR_getpgid, __NR_getuid,      __NR_getgid,
	__NR_geteuid, __NR_getegid, __NR_sched_yield,
};
#define TARGET_CNT (sizeof(targets) / sizeof(targets[0]))
#define SPILL __NR_getpid
#define SPILL_ERRNO 77

static const unsigned int sizes[] = {
	1, 2, 10, 50, 100, 200, 400, 700, 1000, 1500, 2000, 3000, 4000,
};
#define SIZE_CNT (sizeof(sizes) / sizeof(sizes[0]))

enum heap {
	HEAP_FRESH,
	HEAP_FREED,
	HEAP_MMAP_FREED,
	HEAP_TOP_LOW,
	HEAP_KEPT,
	HEAP_CNT
};
static const char *const heap_names[] = {
	"fresh", "heap-freed", "mmap-freed", "top-low", "kept",
};

enum variant { PLAIN, REUSED, PRECOMPUTE, TRANSACTION, NOTIFY, VARIANT_CNT };
static const char *const variant_names[] = {
	"plain", "reused", "precompute", "transaction", "notify",
};

struct setup {
	unsigned int rules;
	enum heap heap;
	enum variant variant;
	bool thread;
	uint32_t deflt;
	bool notify_ok; /* the kernel has user notification */
};

/*
 * Blocks kept across the load, never freed; volatile, or the compiler may
 * drop blocks that nothing reads, and their malloc() calls with them.
 */
#define KEPT_MAX 64
static void *volatile kept[KEPT_MAX];
static unsigned int kept_cnt;

static void keep(size_t size)
{
	if (kept_cnt < KEPT_MAX)
		kept[kept_cnt++] = malloc(size);
}

/* Allocate @cnt (up to 64) blocks of @size, then free them all. */
static void churn(unsigned int cnt, size_t size)
{
	void *volatile blocks[64];
	unsigned int i;

	for (i = 0; i < cnt && i < 64; i++)
		blocks[i] = malloc(size);
	while (i-- > 0)
		free(blocks[i]);
}

/*
 * arping's layout: the filter's first block grows the heap and lies at
 * its end, while the library's smaller blocks fit in holes below. The
 * holes (4000 bytes, too small for that block) are kept apart by blocks
 * kept across the load, then the top chunk is carved down to less than
 * a page with more kept blocks, then the holes are freed. glibc only:
 * mallinfo2() tells the main arena's top; in other arenas (other
 * threads) only the holes are made.
 */
#define HOLES 24

static void *volatile holes[HOLES];

static void heap_top_low(bool main_thread)
{
	unsigned int i;
	size_t top;

	for (i = 0; i < HOLES; i++) {
		holes[i] = malloc(4000);
		keep(1100);
	}
#if defined(__GLIBC__) && __GLIBC_PREREQ(2, 33)
	while (main_thread && kept_cnt < KEPT_MAX) {
		top = mallinfo2().keepcost;
		if (top < 4096)
			break;
		/* below the mmap threshold: carved from the top, not mapped */
		keep(top - 2048 < 65536 ? top - 2048 : 65536);
	}
#else
	(void)main_thread;
	(void)top;
#endif
	for (i = 0; i < HOLES; i++)
		free(holes[i]);
}

static void shape_heap(enum heap heap, bool main_thread)
{
	void *volatile big;

	switch (heap) {
	case HEAP_FRESH:
	case HEAP_KEPT:
	case HEAP_CNT:
		break;
	case HEAP_TOP_LOW:
		heap_top_low(main_thread);
		break;
	case HEAP_FREED:
		churn(48, 16384);
		break;
	case HEAP_MMAP_FREED:
		big = malloc(1 << 20);
		free(big);
		churn(64, 16384);
		break;
	}
}

/* The argument value of rule @i: distinct high and low words. */
static uint64_t rule_value(unsigned int i)
{
	return ((uint64_t)i << 32) | (uint32_t)(i * 2654435761U);
}

/* In a child: report a failed step with write(2) only, and end. */
static void fail(const char *what)
{
	static const char prefix[] = "child: ";

	if (write(STDOUT_FILENO, prefix, sizeof(prefix) - 1) < 0 ||
	    write(STDOUT_FILENO, what, strlen(what)) < 0 ||
	    write(STDOUT_FILENO, "\n", 1) < 0)
		live_exit(LIVE_SETUP_FAILED);
	live_exit(LIVE_SETUP_FAILED);
}

/*
 * The allow-list and the sweep's @rules rules; with @keep_between, blocks
 * kept every 512 rules. Returns 0 or the failing call's -errno.
 */
static int add_rules(scmp_filter_ctx ctx, unsigned int rules, bool keep_between)
{
	unsigned int i;
	int rc;

	rc = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(write), 0);
	if (rc == 0)
		rc = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(exit_group),
				      0);
	for (i = 0; i < rules && rc == 0; i++) {
		rc = seccomp_rule_add(
			ctx, SCMP_ACT_ERRNO(1 + i % 100),
			i < RULES_IN_PROGRAM ? targets[i % TARGET_CNT] : SPILL,
			1, SCMP_A0(SCMP_CMP_EQ, rule_value(i)));
		if (keep_between && i % 512 == 0)
			keep(3000);
	}
	/* the spill's trie goes back to the filter's memory, not its program */
	if (rc == 0 && rules > RULES_IN_PROGRAM)
		rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(SPILL_ERRNO), SPILL,
				      0);
	return rc;
}

static scmp_filter_ctx build(const struct setup *s)
{
	scmp_filter_ctx ctx = seccomp_init(s->deflt);
	int rc = -ENOMEM;

	if (s->heap == HEAP_KEPT)
		keep(100);
	if (ctx != NULL)
		rc = add_rules(ctx, s->rules, s->heap == HEAP_KEPT);
	if (rc == 0 && s->variant == NOTIFY)
		rc = seccomp_rule_add(ctx, SCMP_ACT_NOTIFY, SCMP_SYS(acct), 0);
	/* TSYNC would bind the waiting main thread too, which is not idle */
	if (rc == 0 && s->variant == NOTIFY && !s->thread)
		rc = seccomp_attr_set(ctx, SCMP_FLTATR_CTL_TSYNC, 1);
	if (rc == 0 && s->variant == PRECOMPUTE)
		rc = seccomp_precompute(ctx);
	if (rc == 0 && s->variant == TRANSACTION)
		rc = seccomp_transaction_start(ctx);
	if (s->heap == HEAP_KEPT)
		keep(70000);
	if (rc != 0)
		fail("building the filter failed");
	return ctx;
}

/*
 * The case itself: from seccomp_load() on, only write and exit_group
 * are allowed, and the rules' syscalls.
 */
static void *run_case(void *arg)
{
	const struct setup *s = arg;
	struct seccomp_notif *req = NULL;
	struct seccomp_notif_resp *resp = NULL;
	scmp_filter_ctx ctx;
	long rc;

	shape_heap(s->heap, !s->thread);
	/* the same filter built and released before: its blocks are reused */
	if (s->variant == REUSED)
		seccomp_release(build(s));
	ctx = build(s);
	if (s->variant == NOTIFY && seccomp_notify_alloc(&req, &resp) != 0)
		fail("seccomp_notify_alloc failed");
	if (seccomp_load(ctx) != 0)
		fail("seccomp_load failed");
	seccomp_release(ctx);
	seccomp_notify_free(req, resp);
	/* the filter is in force: rule 0 answers with its errno */
	/* a long, as syscall(2) reads it: a 64-bit value would take a
	 * register pair on 32-bit ABIs that align them (MIPS o32, arm) */
	rc = syscall(targets[0], (long)rule_value(0), 0L, 0L, 0L, 0L, 0L);
	if (rc != -1 || errno != 1)
		fail("the filter is not in force");
	live_exit(0);
	return NULL;
}

static int child(void *arg)
{
	struct setup *s = arg;
	pthread_t thread;

	if (!s->thread) {
		run_case(s);
		return LIVE_SETUP_FAILED;
	}
	/* the thread ends the process with exit_group */
	if (pthread_create(&thread, NULL, run_case, s) != 0 ||
	    pthread_join(thread, NULL) != 0)
		return LIVE_SETUP_FAILED;
	return LIVE_SETUP_FAILED;
}

/*
 * The block cache under threads, in a child of its own (the sweep's
 * children start from the parent's heap): THREADS threads build, export
 * and release filters of the sweep's sizes at once, and allocate and free
 * notification buffers; every program must be the one built alone.
 */
#define THREADS 4
#define ROUNDS 40

struct program {
	size_t len;
	struct sock_filter insns[BPF_MAXINSNS];
};

static struct program refs[SIZE_CNT];

static int export(unsigned int rules, struct program *prog)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_TRAP);
	int rc = -ENOMEM;

	if (ctx != NULL)
		rc = add_rules(ctx, rules, false);
	prog->len = sizeof(prog->insns);
	if (rc == 0)
		rc = seccomp_export_bpf_mem(ctx, prog->insns, &prog->len);
	seccomp_release(ctx);
	return rc;
}

/* One thread's rounds; returns how many went wrong. */
static void *rounds(void *arg)
{
	struct program *prog = malloc(sizeof(*prog));
	struct seccomp_notif *req;
	struct seccomp_notif_resp *resp;
	uintptr_t wrong = 0;
	unsigned int r, n;

	for (r = 0; r < ROUNDS && prog != NULL; r++) {
		n = (r + (uintptr_t)arg) % SIZE_CNT;
		if (export(sizes[n], prog) != 0 || prog->len != refs[n].len ||
		    memcmp(prog->insns, refs[n].insns, prog->len) != 0)
			wrong++;
		if (seccomp_notify_alloc(&req, &resp) == 0)
			seccomp_notify_free(req, resp);
	}
	free(prog);
	return (void *)(prog != NULL ? wrong : ROUNDS);
}

static int concurrency(void *arg)
{
	pthread_t threads[THREADS];
	void *wrong;
	unsigned int n, t;

	(void)arg;
	for (n = 0; n < SIZE_CNT; n++)
		EXPECT(export(sizes[n], &refs[n]), 0);
	for (t = 0; t < THREADS; t++)
		if (pthread_create(&threads[t], NULL, rounds,
				   (void *)(uintptr_t)t) != 0)
			return LIVE_SETUP_FAILED;
	for (t = 0; t < THREADS; t++) {
		if (pthread_join(threads[t], &wrong) != 0)
			return LIVE_SETUP_FAILED;
		EXPECT((uintptr_t)wrong, 0);
	}
	return live_child_result();
}

/* Runs one case; prints and counts it if the child did not exit 0. */
static void check(struct setup *s)
{
	int status = live_run(child, s);

	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return;
	printf("FAIL %u rules, heap %s, %s, %s thread: %s\n", s->rules,
	       heap_names[s->heap], variant_names[s->variant],
	       s->thread ? "second" : "main", live_status_str(status));
	test_failures++;
}

int main(void)
{
	struct setup s = { 0 };
	unsigned int n, cases = 0;
	int h, v, t;

	live_require(live_kernel_filters(), "seccomp filters");
	s.deflt = SCMP_ACT_TRAP;
	if (live_kernel_action(SCMP_ACT_KILL_PROCESS))
		s.deflt = SCMP_ACT_KILL_PROCESS;
	/* NOTIFY with TSYNC needs TSYNC_ESRCH: API level 6 */
	s.notify_ok =
		live_kernel_action(SCMP_ACT_NOTIFY) && seccomp_api_get() >= 6;

	EXPECT_EXIT(live_run(concurrency, NULL), 0);
	for (n = 0; n < SIZE_CNT; n++) {
		s.rules = sizes[n];
		for (h = 0; h < HEAP_CNT; h++) {
			s.heap = h;
			for (v = 0; v < VARIANT_CNT; v++) {
				s.variant = v;
				if (v == NOTIFY && !s.notify_ok)
					continue;
				for (t = 0; t < 2; t++) {
					s.thread = t;
					check(&s);
					cases++;
				}
			}
		}
	}
	printf("%u cases\n", cases);
	return test_result();
}
