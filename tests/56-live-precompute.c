/* SPDX-License-Identifier: LGPL-2.1-only */
/* 56-live-precompute: a precomputed load allocates nothing. */

/*
 * This program replaces the allocator (malloc, free and the rest, or the
 * sanitizer's hooks when built with AddressSanitizer) with one that aborts
 * on any call while "armed". The parent builds and precomputes a filter;
 * a forked child arms the tripwire, loads, and execs this program again,
 * which checks that the filter is in force. So the load ran between fork
 * and exec without touching the heap. Also:
 *  - without precompute the same load trips the wire (the check works);
 *  - attributes the program does not depend on (NNP, TSYNC, LOG, SSB) keep
 *    the precomputed program; a new rule drops it;
 *  - seccomp_export_bpf_mem of a precomputed filter allocates nothing and
 *    gives the bytes seccomp_export_bpf writes;
 *  - a NOTIFY filter gets its listener without allocating.
 * Exit 77 without seccomp filters.
 */

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>

#include <seccomp.h>

#include "live_util.h"

/* not getppid: sanitizer runtimes call that while starting up */
#define VICTIM __NR_getpgid
#define PROBE_ARG "--probe-victim"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define WITH_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define WITH_ASAN 1
#endif

static volatile int armed;

/* Die loudly: an allocation happened where none may. */
static void tripped(const char *what)
{
	static const char msg[] = "allocator called while armed: ";

	/* no stdio: it might allocate */
	if (write(STDOUT_FILENO, msg, sizeof(msg) - 1) < 0 ||
	    write(STDOUT_FILENO, what, strlen(what)) < 0 ||
	    write(STDOUT_FILENO, "\n", 1) < 0)
		abort();
	abort();
}

#ifdef WITH_ASAN
/* from <sanitizer/allocator_interface.h>, not installed everywhere */
int __sanitizer_install_malloc_and_free_hooks(
	void (*malloc_hook)(const volatile void *ptr, size_t size),
	void (*free_hook)(const volatile void *ptr));

static void hook_malloc(const volatile void *ptr, size_t size)
{
	(void)ptr;
	(void)size;
	if (armed)
		tripped("malloc");
}

static void hook_free(const volatile void *ptr)
{
	if (armed && ptr != NULL)
		tripped("free");
}

static void allocator_setup(void)
{
	__sanitizer_install_malloc_and_free_hooks(hook_malloc, hook_free);
}
#else
/* glibc's own allocator, which ours forwards to. */
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t n, size_t size);
extern void *__libc_realloc(void *ptr, size_t size);
extern void *__libc_memalign(size_t align, size_t size);
extern void __libc_free(void *ptr);
/* not in every libc's headers */
void *memalign(size_t align, size_t size);

void *malloc(size_t size)
{
	if (armed)
		tripped("malloc");
	return __libc_malloc(size);
}

void *calloc(size_t n, size_t size)
{
	if (armed)
		tripped("calloc");
	return __libc_calloc(n, size);
}

void *realloc(void *ptr, size_t size)
{
	if (armed)
		tripped("realloc");
	return __libc_realloc(ptr, size);
}

void free(void *ptr)
{
	if (armed && ptr != NULL)
		tripped("free");
	__libc_free(ptr);
}

void *memalign(size_t align, size_t size)
{
	if (armed)
		tripped("memalign");
	return __libc_memalign(align, size);
}

void *aligned_alloc(size_t align, size_t size)
{
	return memalign(align, size);
}

int posix_memalign(void **ptr, size_t align, size_t size)
{
	void *p = memalign(align, size);

	if (p == NULL)
		return ENOMEM;
	*ptr = p;
	return 0;
}

static void allocator_setup(void)
{
}
#endif

/* A filter failing the victim with EACCES; NULL on failure. */
static scmp_filter_ctx victim_filter(uint32_t action)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);

	if (ctx == NULL)
		return NULL;
	if (seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EACCES), VICTIM, 0) != 0 ||
	    seccomp_rule_add(ctx, action, SCMP_SYS(acct), 0) != 0) {
		seccomp_release(ctx);
		return NULL;
	}
	return ctx;
}

struct job {
	scmp_filter_ctx ctx;
	bool exec; /* exec the probe after the load */
};

static char self[4096];

/* Load with the tripwire armed, then exec the probe (or check here). */
static int child_load(void *arg)
{
	const struct job *job = arg;
	char *const argv[] = { self, PROBE_ARG, NULL };
	int rc;

	armed = 1;
	rc = seccomp_load(job->ctx);
	armed = 0;
	if (rc != 0)
		live_exit(LIVE_SETUP_FAILED);
	if (job->exec) {
		execv(self, argv);
		live_exit(LIVE_SETUP_FAILED);
	}
	return live_syscall(VICTIM, 0, 0, 0, 0, 0, 0) == -EACCES ? 0 : 1;
}

/* The exec'd side: is the filter still in force? */
static int probe_victim(void)
{
	return live_syscall(VICTIM, 0, 0, 0, 0, 0, 0) == -EACCES ? 0 : 1;
}

static int run_load(scmp_filter_ctx ctx, bool exec)
{
	struct job job = { ctx, exec };

	return live_run(child_load, &job);
}

/* export_bpf_mem of a precomputed filter: no allocation, same bytes. */
static int child_export(void *arg)
{
	static char mem[64 * 1024], viafd[64 * 1024];
	scmp_filter_ctx ctx = arg;
	size_t len = sizeof(mem);
	int pfd[2], rc;
	ssize_t n;

	if (pipe(pfd) != 0 || seccomp_export_bpf(ctx, pfd[1]) != 0)
		return LIVE_SETUP_FAILED;
	close(pfd[1]);
	n = read(pfd[0], viafd, sizeof(viafd));
	armed = 1;
	rc = seccomp_export_bpf_mem(ctx, mem, &len);
	armed = 0;
	EXPECT(rc, 0);
	EXPECT(len, n);
	EXPECT(n > 0 && memcmp(mem, viafd, (size_t)n) == 0, 1);
	return live_child_result();
}

int main(int argc, char **argv)
{
	scmp_filter_ctx ctx;
	ssize_t n;

	if (argc > 1 && strcmp(argv[1], PROBE_ARG) == 0)
		return probe_victim();
	allocator_setup();
	live_require(live_kernel_filters(), "seccomp filters");
	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (n <= 0)
		return 99;
	self[n] = '\0';

	ctx = victim_filter(SCMP_ACT_ERRNO(1));
	if (ctx == NULL)
		return 99;

	/* the tripwire works: a load that generates its program trips it */
	printf("expect a trip:\n");
	EXPECT_SIGNAL(run_load(ctx, false), SIGABRT);

	EXPECT(seccomp_precompute(ctx), 0);
	EXPECT_EXIT(run_load(ctx, true), 0);
	EXPECT_EXIT(run_load(ctx, false), 0);
	EXPECT_EXIT(live_run(child_export, ctx), 0);

	/* kernel-flag attributes leave the program as it is */
	EXPECT(seccomp_attr_set(ctx, SCMP_FLTATR_CTL_NNP, 0), 0);
	EXPECT(seccomp_attr_set(ctx, SCMP_FLTATR_CTL_NNP, 1), 0);
	EXPECT(seccomp_attr_set(ctx, SCMP_FLTATR_CTL_TSYNC, 1), 0);
	EXPECT(seccomp_attr_set(ctx, SCMP_FLTATR_CTL_LOG, 1), 0);
	EXPECT(seccomp_attr_set(ctx, SCMP_FLTATR_CTL_SSB, 1), 0);
	EXPECT_EXIT(run_load(ctx, true), 0);

	/* a new rule drops it, a second precompute brings it back */
	EXPECT(seccomp_rule_add(ctx, SCMP_ACT_ERRNO(2), SCMP_SYS(getuid), 0),
	       0);
	printf("expect a trip:\n");
	EXPECT_SIGNAL(run_load(ctx, false), SIGABRT);
	EXPECT(seccomp_precompute(ctx), 0);
	EXPECT_EXIT(run_load(ctx, true), 0);
	seccomp_release(ctx);

	/* a NOTIFY filter: the listener costs no allocation either */
	if (live_kernel_action(SCMP_ACT_NOTIFY)) {
		ctx = victim_filter(SCMP_ACT_NOTIFY);
		EXPECT(ctx != NULL, 1);
		EXPECT(seccomp_precompute(ctx), 0);
		EXPECT_EXIT(run_load(ctx, true), 0);
		seccomp_release(ctx);
	}
	return test_result();
}
