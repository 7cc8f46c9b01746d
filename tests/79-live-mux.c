/* SPDX-License-Identifier: LGPL-2.1-only */
/* 79-live-mux: socket and ipc calls, direct and multiplexed, in the kernel. */

/*
 * Rules on socket(2), socketpair(2), shmget(2) and semget(2) must reach
 * the calls however the ABI makes them: directly, and through socketcall(2)
 * or ipc(2) where the ABI has those multiplexers (x86, s390x, ppc64le,
 * MIPS o32, ...). A child loads the filter and makes each call; the errno
 * the kernel answered must be what bpf_sim computes from the exported
 * program for the same seccomp_data, and every rule must have been seen
 * by the kernel on at least one path. A multiplexed call's arguments are
 * in memory, out of the filter's reach: its rule applies whatever they
 * hold (the hazard seccomp_rule_add(3) describes), which the rows with
 * AF_INET show.
 * Native ABI only; exit 77 without seccomp filter support.
 */

#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sys/syscall.h>

#include <seccomp.h>

#include "bpf_sim.h"
#include "live_util.h"

#define BIG_ENDIAN_HOST (__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__)

/* The rules' errnos: no real answer of these calls. */
#define E_SOCKET_UNIX 3001
#define E_SOCKETPAIR 3002
#define E_SHMGET 3003
#define E_SEMGET 3004

/* socketcall(2)'s and ipc(2)'s call numbers (linux/net.h, linux/ipc.h) */
#define MUX_SOCKET 1
#define MUX_SOCKETPAIR 8
#define MUX_SEMGET 2
#define MUX_SHMGET 23

/* IPC_PRIVATE with no flags: an answer needs no existing key */
#define KEY_PRIVATE 0

struct call {
	const char *what;
	long nr, a[6];
	/* the socketcall argument block a[1] points to (a[1] == 0: none) */
	unsigned long block[6];
};

static struct bpf_sim_prog prog;
static unsigned int hits[4];

static scmp_filter_ctx build_filter(void)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);

	if (ctx == NULL ||
	    seccomp_rule_add(ctx, SCMP_ACT_ERRNO(E_SOCKET_UNIX),
			     SCMP_SYS(socket), 1,
			     SCMP_A0(SCMP_CMP_EQ, AF_UNIX)) != 0 ||
	    seccomp_rule_add(ctx, SCMP_ACT_ERRNO(E_SOCKETPAIR),
			     SCMP_SYS(socketpair), 0) != 0 ||
	    seccomp_rule_add(ctx, SCMP_ACT_ERRNO(E_SHMGET), SCMP_SYS(shmget),
			     0) != 0 ||
	    seccomp_rule_add(ctx, SCMP_ACT_ERRNO(E_SEMGET), SCMP_SYS(semget),
			     0) != 0) {
		seccomp_release(ctx);
		return NULL;
	}
	return ctx;
}

/* The simulator's answer for @c, as the kernel would return it. */
static long simulate(const struct call *c, int *is_errno)
{
	struct seccomp_data data;
	struct bpf_sim_result res;
	int i;

	memset(&data, 0, sizeof(data));
	data.nr = (int)c->nr;
	data.arch = bpf_sim_arch_native()->data_arch;
	for (i = 0; i < 6; i++)
		data.args[i] = (unsigned long)c->a[i];
	if (bpf_sim_run(&prog, &data, &res) != 0)
		return *is_errno = -1, 0;
	*is_errno = (res.action & SECCOMP_RET_ACTION_FULL) == SECCOMP_RET_ERRNO;
	return -(long)(res.action & SECCOMP_RET_DATA);
}

/* In the filtered child: make @c, compare with the simulator. */
static void check_call(struct call *c)
{
	int is_errno;
	long want, got;

	if (c->a[1] == 1)
		c->a[1] = (long)c->block;
	want = simulate(c, &is_errno);
	got = live_syscall(c->nr, c->a[0], c->a[1], c->a[2], c->a[3], c->a[4],
			   c->a[5]);
	if (is_errno < 0) {
		printf("FAIL %s: the simulator cannot run the program\n",
		       c->what);
		test_failures++;
	} else if (is_errno ? got != want :
			      got <= -E_SOCKET_UNIX && got >= -E_SEMGET) {
		printf("FAIL %s (nr %ld, a0 %#lx): kernel %ld, simulator %s "
		       "%ld\n",
		       c->what, c->nr, (unsigned long)c->a[0], got,
		       is_errno ? "errno" : "allow", want);
		test_failures++;
	}
	if (got <= -E_SOCKET_UNIX && got >= -E_SEMGET)
		hits[-got - E_SOCKET_UNIX]++;
	else if (got >= 0)
		close((int)got);
}

static int child(void *arg)
{
	scmp_filter_ctx ctx = arg;
	/* clang-format off */
	struct call calls[] = {
#ifdef __NR_socket
		{"socket(AF_UNIX)", __NR_socket, {AF_UNIX, SOCK_STREAM}, {0}},
		{"socket(AF_INET)", __NR_socket, {AF_INET, SOCK_DGRAM}, {0}},
#endif
#ifdef __NR_socketpair
		{"socketpair", __NR_socketpair, {AF_UNIX, SOCK_STREAM}, {0}},
#endif
#ifdef __NR_shmget
		{"shmget", __NR_shmget, {KEY_PRIVATE, 4096}, {0}},
#endif
#ifdef __NR_semget
		{"semget", __NR_semget, {KEY_PRIVATE, 1}, {0}},
#endif
#ifdef __NR_socketcall
		/* a[1] == 1 stands for the argument block's address */
		{"socketcall(SOCKET, AF_UNIX)", __NR_socketcall,
		 {MUX_SOCKET, 1}, {AF_UNIX, SOCK_STREAM}},
		{"socketcall(SOCKET, AF_INET)", __NR_socketcall,
		 {MUX_SOCKET, 1}, {AF_INET, SOCK_DGRAM}},
		{"socketcall(SOCKETPAIR)", __NR_socketcall,
		 {MUX_SOCKETPAIR, 1}, {AF_UNIX, SOCK_STREAM}},
#endif
#ifdef __NR_ipc
		{"ipc(SHMGET)", __NR_ipc, {MUX_SHMGET, KEY_PRIVATE, 4096}, {0}},
		{"ipc(SEMGET)", __NR_ipc, {MUX_SEMGET, KEY_PRIVATE, 1}, {0}},
#endif
	};
	/* clang-format on */
	size_t i;

	if (seccomp_load(ctx) != 0)
		return LIVE_SETUP_FAILED;
	for (i = 0; i < sizeof(calls) / sizeof(calls[0]); i++)
		check_call(&calls[i]);
	/* each rule was enforced on some path this ABI has */
	for (i = 0; i < 4; i++)
		if (hits[i] == 0) {
			printf("FAIL: no call answered errno %zu\n",
			       E_SOCKET_UNIX + i);
			test_failures++;
		}
	return live_child_result();
}

int main(void)
{
	scmp_filter_ctx ctx;
	char buf[4096];
	size_t len = sizeof(buf);

	live_require(live_kernel_filters(), "seccomp filters");
	ctx = build_filter();
	EXPECT(ctx != NULL, 1);
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
