/* SPDX-License-Identifier: LGPL-2.1-only */
/* 58-live-large: the kernel takes large and multi-ABI programs. */

/*
 * Two kinds of program the generator has to get right for the kernel, not
 * just for the simulator:
 *  - A large one: a rule on every native syscall (arg0 equal to a value no
 *    real call passes), each with its own errno so that nothing can be
 *    shared or merged into ranges: jumps to the default action, and with
 *    OPTIMIZE=2 into the upper halves of the tree, reach far past the 255
 *    instructions a conditional jump can span and need trampolines. A
 *    child calls harmless victim syscalls spread over the program with
 *    and without the value and must get what bpf_sim computes.
 *  - On x86_64, a filter for x86_64, x86 and x32 together: calls through
 *    int $0x80 (x86) and with the x32 bit are filtered by their own ABI's
 *    rules (with 32-bit argument comparisons on x86 and x32), and ABIs the
 *    filter lacks get the bad-arch action.
 * Exit 77 without seccomp filters.
 */

#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>

#include <seccomp.h>

#include "bpf_sim.h"
#include "live_util.h"

#define BIG_ENDIAN_HOST (__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__)

/* Passed by no real call: a rule on it never stops the child's own calls. */
#define MAGIC 0x5eed00001234abcdULL
#define NR_SCAN 1024
/* The native ABI's first syscall number: x32 and MIPS start at a base. */
#if defined(__x86_64__) && defined(__ILP32__)
#define NR_BASE __X32_SYSCALL_BIT
#elif defined(__NR_Linux)
#define NR_BASE __NR_Linux
#else
#define NR_BASE 0
#endif
/* One errno per syscall number: 1..NR_SCAN; the victims' are above. */
#define VICTIM_ERRNO(v) (NR_SCAN + 1 + (v))

/* Harmless whatever their arguments, in ascending number on most ABIs. */
static const char *const victim_names[] = {
	"sched_yield", "getppid", "gettid", "getrandom", "membarrier",
};
#define VICTIM_CNT (sizeof(victim_names) / sizeof(victim_names[0]))

static int victims[VICTIM_CNT];

struct program {
	struct sock_filter insns[BPF_MAXINSNS];
	size_t len;
};

/* The big filter: every native syscall, victims with their own errno. */
static scmp_filter_ctx big_filter(uint32_t optimize)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
	unsigned int v;
	char *name;
	int nr, rc;

	if (ctx == NULL ||
	    seccomp_attr_set(ctx, SCMP_FLTATR_CTL_OPTIMIZE, optimize) != 0)
		return NULL;
	for (v = 0; v < VICTIM_CNT; v++) {
		rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(VICTIM_ERRNO(v)),
				      victims[v], 1,
				      SCMP_A0(SCMP_CMP_EQ, MAGIC));
		if (rc != 0)
			goto fail;
	}
	for (nr = NR_BASE; nr < NR_BASE + NR_SCAN; nr++) {
		name = seccomp_syscall_resolve_num_arch(SCMP_ARCH_NATIVE, nr);
		if (name == NULL)
			continue;
		free(name);
		rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(1 + nr - NR_BASE), nr,
				      1, SCMP_A0(SCMP_CMP_EQ, MAGIC));
		/* victims have their rule already: same chain, -EEXIST */
		if (rc != 0 && rc != -EEXIST)
			goto fail;
	}
	return ctx;
fail:
	seccomp_release(ctx);
	return NULL;
}

/* The longest "ja" in the program, in instructions. */
static unsigned int longest_ja(const struct program *p)
{
	unsigned int max = 0;
	size_t i;

	for (i = 0; i < p->len; i++)
		if (p->insns[i].code == (BPF_JMP | BPF_JA) &&
		    p->insns[i].k > max)
			max = p->insns[i].k;
	return max;
}

struct big_job {
	scmp_filter_ctx ctx;
	long got[VICTIM_CNT][2];
};

static int child_big(void *arg)
{
	struct big_job *job = arg;
	unsigned int v;

	if (seccomp_load(job->ctx) != 0)
		return LIVE_SETUP_FAILED;
	for (v = 0; v < VICTIM_CNT; v++) {
		job->got[v][0] =
			live_syscall(victims[v], (long)MAGIC, 0, 0, 0, 0, 0);
		job->got[v][1] = live_syscall(victims[v], (long)(MAGIC + 1), 0,
					      0, 0, 0, 0);
	}
	/* the filter must not stop the calls this child makes to report */
	for (v = 0; v < VICTIM_CNT; v++) {
		EXPECT(job->got[v][0], -(long)VICTIM_ERRNO(v));
		/* ran for real, whatever it answered: not the rule's errno */
		EXPECT(job->got[v][1] == -(long)VICTIM_ERRNO(v), 0);
	}
	return live_child_result();
}

static void big(uint32_t optimize)
{
	static struct program p;
	struct bpf_sim_prog prog = { 0 };
	struct bpf_sim_result res;
	struct seccomp_data data;
	struct big_job job;
	size_t size = sizeof(p.insns);
	unsigned int v;

	job.ctx = big_filter(optimize);
	if (job.ctx == NULL ||
	    seccomp_export_bpf_mem(job.ctx, p.insns, &size) != 0 ||
	    bpf_sim_load_mem(&prog, p.insns, size, BIG_ENDIAN_HOST) != 0) {
		printf("FAIL: optimize %u: no program\n", optimize);
		test_failures++;
		seccomp_release(job.ctx);
		return;
	}
	p.len = size / sizeof(p.insns[0]);
	printf("optimize %u: %zu instructions, longest ja %u\n", optimize,
	       p.len, longest_ja(&p));
	/* big enough that some targets lie beyond a conditional jump */
	EXPECT(p.len > 2 * 255, 1);
	/* the tree's far subtrees are reached through "ja" trampolines */
	if (optimize == 2)
		EXPECT(longest_ja(&p) > 255, 1);
	EXPECT(bpf_sim_verify(&prog, NULL), 0);
	/* the simulator agrees with what the child will check */
	for (v = 0; v < VICTIM_CNT; v++) {
		memset(&data, 0, sizeof(data));
		data.nr = victims[v];
		data.arch = live_kernel_arch();
		data.args[0] = MAGIC;
		EXPECT(bpf_sim_run(&prog, &data, &res), 0);
		EXPECT(res.action, SCMP_ACT_ERRNO(VICTIM_ERRNO(v)));
		data.args[0] = MAGIC + 1;
		EXPECT(bpf_sim_run(&prog, &data, &res), 0);
		EXPECT(res.action, SCMP_ACT_ALLOW);
	}
	EXPECT_EXIT(live_run(child_big, &job), 0);
	bpf_sim_free(&prog);
	seccomp_release(job.ctx);
}

#if defined(__x86_64__) && !defined(__ILP32__)
/* Syscall numbers of the other two ABIs, from the kernel's tables. */
#define X32_BIT 0x40000000L
#define I386_GETPID 20
#define I386_GETPPID 64
#define X32_GETPID (X32_BIT | 39)
#define X32_GETPPID (X32_BIT | 110)

/* A syscall through the x86 (ia32) entry; its result as the ABI's int. */
static long call_i386(long nr, long a0)
{
	long rc;

	__asm__ volatile("int $0x80"
			 : "=a"(rc)
			 : "a"(nr), "b"(a0), "c"(0L), "d"(0L), "S"(0L), "D"(0L)
			 : "r8", "r9", "r10", "r11", "memory", "cc");
	return (int)rc;
}

struct multi_job {
	bool with_x86, with_x32;
};

/*
 * getppid fails with 11 on each ABI in the filter; getpid with arg0 equal
 * to 5 fails with 12. The comparison is 64-bit on x86_64 and 32-bit on x86
 * and x32, so arg0 = 0x100000005 matches only there.
 */
static int child_multi(void *arg)
{
	const struct multi_job *job = arg;
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
	long ppid = getppid(), pid = getpid();
	long wide = 0x100000005L;

	if (ctx == NULL ||
	    seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH,
			     SCMP_ACT_ERRNO(99)) != 0 ||
	    (job->with_x86 && seccomp_arch_add(ctx, SCMP_ARCH_X86) != 0) ||
	    (job->with_x32 && seccomp_arch_add(ctx, SCMP_ARCH_X32) != 0) ||
	    seccomp_rule_add(ctx, SCMP_ACT_ERRNO(11), SCMP_SYS(getppid), 0) ||
	    seccomp_rule_add(ctx, SCMP_ACT_ERRNO(12), SCMP_SYS(getpid), 1,
			     SCMP_A0(SCMP_CMP_EQ, 5)) != 0 ||
	    seccomp_load(ctx) != 0)
		return LIVE_SETUP_FAILED;

	EXPECT(live_syscall(__NR_getppid, 0, 0, 0, 0, 0, 0), -11);
	EXPECT(live_syscall(__NR_getpid, 5, 0, 0, 0, 0, 0), -12);
	EXPECT(live_syscall(__NR_getpid, wide, 0, 0, 0, 0, 0), pid);
	if (job->with_x86) {
		EXPECT(call_i386(I386_GETPPID, 0), -11);
		EXPECT(call_i386(I386_GETPID, 5), -12);
		/* ebx holds 32 bits: the call can not even pass the high */
		EXPECT(call_i386(I386_GETPID, 6), pid);
	} else {
		EXPECT(call_i386(I386_GETPPID, 0), -99);
		EXPECT(call_i386(I386_GETPID, 6), -99);
	}
	if (job->with_x32) {
		EXPECT(live_syscall(X32_GETPPID, 0, 0, 0, 0, 0, 0), -11);
		EXPECT(live_syscall(X32_GETPID, 5, 0, 0, 0, 0, 0), -12);
		/* only the low half is compared on x32 */
		EXPECT(live_syscall(X32_GETPID, wide, 0, 0, 0, 0, 0), -12);
	} else {
		/* the x86_64 block sends x32 numbers to the bad-arch action */
		EXPECT(live_syscall(X32_GETPPID, 0, 0, 0, 0, 0, 0), -99);
	}
	(void)ppid;
	seccomp_release(ctx);
	return live_child_result();
}

/* Whether this kernel runs ia32 syscalls from a 64-bit process at all. */
static int child_has_i386(void *arg)
{
	(void)arg;
	return call_i386(I386_GETPID, 0) == getpid() ? 0 : 1;
}

static void multi(void)
{
	struct multi_job job;
	int x86, x32;

	if (live_run(child_has_i386, NULL) != 0) {
		printf("note: no ia32 emulation; x86 calls not checked\n");
		return;
	}
	for (x86 = 0; x86 < 2; x86++) {
		for (x32 = 0; x32 < 2; x32++) {
			job.with_x86 = x86;
			job.with_x32 = x32;
			EXPECT_EXIT(live_run(child_multi, &job), 0);
		}
	}
}
#else
static void multi(void)
{
	printf("note: the multi-ABI load is checked on x86_64 only\n");
}
#endif

int main(void)
{
	unsigned int v;

	live_require(live_kernel_filters(), "seccomp filters");
	for (v = 0; v < VICTIM_CNT; v++) {
		victims[v] = seccomp_syscall_resolve_name(victim_names[v]);
		if (victims[v] < 0) {
			printf("FAIL: no syscall %s\n", victim_names[v]);
			return 1;
		}
	}
	big(1);
	big(2);
	multi();
	return test_result();
}
