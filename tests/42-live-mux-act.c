/* SPDX-License-Identifier: LGPL-2.1-only */
/* 42-live-mux-act: SCMP_FLTATR_EXT_ACT_MUX in the kernel: the direct call checked, socketcall/ipc the attribute's action. */

/*
 * A filter refuses socket(AF_UNIX) and shmget with flags 0x1ff, each with
 * an errno of its own, and sets the multiplexed route's action to a third
 * errno. A child loads it and makes each call directly and, where the ABI
 * has them, through socketcall(2) and ipc(2): the direct calls keep their
 * checks (AF_INET and flags 0 pass), the multiplexed ones get the
 * attribute's errno whatever their arguments. On x86_64 with IA-32
 * emulation the filter has x86 too, and the same calls go through
 * int $0x80 (seccomp sees AUDIT_ARCH_I386). Each answer must also be the
 * simulator's on the exported program. shmget of size 0 fails with
 * EINVAL when allowed, so nothing is created; check-arch runs this on
 * s390x and the other guests. Exit 77 without seccomp filters.
 */

#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/syscall.h>

#include <seccomp-ext.h>

#include "bpf_sim.h"
#include "live_util.h"

#define BIG_ENDIAN_HOST (__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__)
#if defined(__x86_64__) && !defined(__ILP32__)
#define INT80 1
#else
#define INT80 0
#endif

/* the rules' errnos and the attribute's: no real answer of these calls */
#define E_UNIX 3011
#define E_SHM 3012
#define E_MUX 3013

/* linux/net.h, linux/ipc.h; x86's numbers for int $0x80 */
#define SYS_SOCKET_ 1
#define SYS_SOCKETPAIR_ 8
#define SHMGET_ 23
#define X86_SOCKETCALL 102
#define X86_IPC 117
#define X86_SOCKET 359
#define X86_SHMGET 395
#define X86_GETPID 20
#define AUDIT_I386 0x40000003U

struct call {
	const char *what;
	bool x86;      /* through int $0x80 */
	long nr, a[4]; /* a[1] == 1: the argument block's address */
	long block[4]; /* socketcall's argument block */
	int want;      /* our errno, or 0: allowed */
};

/* clang-format off */
static struct call calls[] = {
#ifdef __NR_socket
	{ "socket(AF_UNIX)", false, __NR_socket, { AF_UNIX, SOCK_STREAM },
	  { 0 }, E_UNIX },
	{ "socket(AF_INET)", false, __NR_socket, { AF_INET, SOCK_DGRAM },
	  { 0 }, 0 },
#endif
#ifdef __NR_shmget
	{ "shmget(0x1ff)", false, __NR_shmget, { 0, 0, 0x1ff }, { 0 }, E_SHM },
	{ "shmget(0)", false, __NR_shmget, { 0, 0, 0 }, { 0 }, 0 },
#endif
#ifdef __NR_socketcall
	{ "socketcall(SOCKET, AF_INET)", false, __NR_socketcall,
	  { SYS_SOCKET_, 1 }, { AF_INET, SOCK_DGRAM }, E_MUX },
	{ "socketcall(SOCKET, AF_UNIX)", false, __NR_socketcall,
	  { SYS_SOCKET_, 1 }, { AF_UNIX, SOCK_STREAM }, E_MUX },
	/* no rule: allowed (EFAULT, no room for the pair) */
	{ "socketcall(SOCKETPAIR)", false, __NR_socketcall,
	  { SYS_SOCKETPAIR_, 1 }, { AF_UNIX, SOCK_STREAM }, 0 },
#endif
#ifdef __NR_ipc
	{ "ipc(SHMGET, 0)", false, __NR_ipc, { SHMGET_, 0, 0, 0 }, { 0 },
	  E_MUX },
#endif
#if INT80
	{ "x86 socket(AF_UNIX)", true, X86_SOCKET, { AF_UNIX, SOCK_STREAM },
	  { 0 }, E_UNIX },
	{ "x86 socket(AF_INET)", true, X86_SOCKET, { AF_INET, SOCK_DGRAM },
	  { 0 }, 0 },
	{ "x86 shmget(0x1ff)", true, X86_SHMGET, { 0, 0, 0x1ff }, { 0 },
	  E_SHM },
	{ "x86 socketcall(SOCKET, AF_INET)", true, X86_SOCKETCALL,
	  { SYS_SOCKET_, 1 }, { AF_INET, SOCK_DGRAM }, E_MUX },
	{ "x86 ipc(SHMGET, 0)", true, X86_IPC, { SHMGET_, 0, 0, 0 }, { 0 },
	  E_MUX },
#endif
};
/* clang-format on */

static struct bpf_sim_prog prog;
/* int $0x80 passes 32-bit pointers: a block below 4 GiB */
static unsigned int *low_block;

#if INT80
/* An x86 syscall from this x86_64 process: -errno on failure. */
static long int80(long nr, long a0, long a1, long a2, long a3)
{
	long rc;

	__asm__ volatile("int $0x80"
			 : "=a"(rc)
			 : "a"(nr), "b"(a0), "c"(a1), "d"(a2), "S"(a3)
			 : "memory");
	return (int)rc;
}
#endif

/* The simulator's errno for @c (0: another action), -1 if it fails. */
static long simulate(const struct call *c, const long *a)
{
	struct seccomp_data data;
	struct bpf_sim_result res;
	int i;

	memset(&data, 0, sizeof(data));
	data.nr = (int)c->nr;
	data.arch = c->x86 ? AUDIT_I386 : bpf_sim_arch_native()->data_arch;
	for (i = 0; i < 4; i++)
		data.args[i] = c->x86 ? (uint32_t)a[i] : (unsigned long)a[i];
	if (bpf_sim_run(&prog, &data, &res) != 0)
		return -1;
	if ((res.action & SECCOMP_RET_ACTION_FULL) != SECCOMP_RET_ERRNO)
		return 0;
	return res.action & SECCOMP_RET_DATA;
}

/* Makes @c in the filtered child: -errno or the result. */
static long make_call(const struct call *c, long *a)
{
	unsigned int i;

	if (c->a[1] == 1 && c->x86) {
		for (i = 0; i < 4; i++)
			low_block[i] = (unsigned int)c->block[i];
		a[1] = (long)(uintptr_t)low_block;
	} else if (c->a[1] == 1) {
		a[1] = (long)c->block;
	}
#if INT80
	if (c->x86)
		return int80(c->nr, a[0], a[1], a[2], a[3]);
#endif
	return live_syscall(c->nr, a[0], a[1], a[2], a[3], 0, 0);
}

static int child(void *arg)
{
	long a[4], got, sim;
	unsigned int i;
	bool ours;

	if (seccomp_load(arg) != 0)
		return LIVE_SETUP_FAILED;
	for (i = 0; i < sizeof(calls) / sizeof(calls[0]); i++) {
		memcpy(a, calls[i].a, sizeof(a));
		got = make_call(&calls[i], a);
		sim = simulate(&calls[i], a);
		ours = got <= -E_UNIX && got >= -E_MUX;
		if ((calls[i].want != 0 ? got != -calls[i].want : ours) ||
		    sim != calls[i].want) {
			printf("FAIL %s: kernel %ld, simulator errno %ld, want "
			       "errno %d\n",
			       calls[i].what, got, sim, calls[i].want);
			test_failures++;
		}
		if (got >= 0)
			close((int)got);
	}
	return live_child_result();
}

static scmp_filter_ctx build_filter(void)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
	int rc = ctx == NULL ? -ENOMEM : 0;

	if (rc == 0 && INT80 && low_block != NULL)
		rc = seccomp_arch_add(ctx, SCMP_ARCH_X86);
	if (rc == 0)
		rc = seccomp_attr_set(
			ctx, (enum scmp_filter_attr)SCMP_FLTATR_EXT_ACT_MUX,
			SCMP_ACT_ERRNO(E_MUX));
	if (rc == 0)
		rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(E_UNIX),
				      SCMP_SYS(socket), 1,
				      SCMP_A0(SCMP_CMP_EQ, AF_UNIX));
	if (rc == 0)
		rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(E_SHM),
				      SCMP_SYS(shmget), 1,
				      SCMP_A2(SCMP_CMP_EQ, 0x1ff));
	if (rc < 0) {
		printf("FAIL: filter: %s\n", strerror(-rc));
		seccomp_release(ctx);
		return NULL;
	}
	return ctx;
}

int main(void)
{
	scmp_filter_ctx ctx;
	char buf[8192];
	size_t len = sizeof(buf);
	unsigned int i, n = 0;

	live_require(live_kernel_filters(), "seccomp filters");
#if INT80
	/* without IA-32 emulation only the native calls are made */
	if (int80(X86_GETPID, 0, 0, 0, 0) == getpid()) {
		void *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT, -1, 0);

		low_block = p == MAP_FAILED ? NULL : p;
	}
	for (i = 0; i < sizeof(calls) / sizeof(calls[0]); i++)
		if (calls[i].x86 && low_block == NULL)
			calls[i].nr = X86_GETPID, calls[i].want = 0;
#endif
	for (i = 0; i < sizeof(calls) / sizeof(calls[0]); i++)
		n += calls[i].want == E_MUX;
	printf("%u multiplexed calls with the attribute's action\n", n);
	ctx = build_filter();
	if (ctx == NULL || seccomp_export_bpf_mem(ctx, buf, &len) != 0 ||
	    bpf_sim_load_mem(&prog, buf, len, BIG_ENDIAN_HOST) != 0) {
		seccomp_release(ctx);
		printf("FAIL: no filter\n");
		return 1;
	}
	EXPECT_EXIT(live_run(child, ctx), 0);
	bpf_sim_free(&prog);
	seccomp_release(ctx);
	return test_result();
}
