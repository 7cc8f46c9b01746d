/* SPDX-License-Identifier: LGPL-2.1-only */
/* 83-live-profile-mux: socket(AF_ALG) through socketcall(2), strict or not. */

/*
 * A profile allows socket(2) unless its family is AF_ALG (38). On x86 a
 * filter cannot see socketcall(2)'s arguments (they are in memory), so the
 * library's filter allows socketcall(SYS_SOCKET, {AF_ALG, ...}): the hole
 * scmp_profile warns of. With --strict-mux (profile_opts.strict_mux, the
 * library's SCMP_FLTATR_EXT_ACT_MUX) socketcall(SYS_SOCKET) takes the
 * default action whatever the family, and the direct x86 socket(2) keeps
 * its check.
 *
 * An x86_64 process makes x86 syscalls with int $0x80, which seccomp sees
 * as AUDIT_ARCH_I386. A child loads each filter and makes each call; the
 * kernel's answer must be the table's and the simulator's (bpf_sim, on
 * the exported program). x86_64 with IA-32 emulation only; exit 77
 * otherwise.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/wait.h>

#include <seccomp.h>

#include "bpf_sim.h"
#include "live_util.h"
#include "profile.h"

#if defined(__x86_64__) && !defined(__ILP32__)

/* The profile's default errno: no real answer of socket(2). */
#define E_DEFAULT 3005

#define AF_ALG_ 38
#define AF_UNIX_ 1
#define SOCK_SEQPACKET_ 5
#define SOCK_STREAM_ 1

/* x86's numbers (arch/x86/entry/syscalls/syscall_32.tbl, linux/net.h) */
#define X86_SOCKETCALL 102
#define X86_SOCKET 359
#define X86_GETPID 20
#define SYS_SOCKET_ 1

static const char profile_text[] =
	"{\n"
	"\t\"defaultAction\": \"SCMP_ACT_ERRNO\",\n"
	"\t\"defaultErrnoRet\": 3005,\n"
	"\t\"architectures\": [\"SCMP_ARCH_X86_64\", \"SCMP_ARCH_X86\"],\n"
	"\t\"syscalls\": [\n"
	"\t\t{\n"
	"\t\t\t\"names\": [\"socket\"],\n"
	"\t\t\t\"action\": \"SCMP_ACT_ALLOW\",\n"
	"\t\t\t\"args\": [{\"index\": 0, \"value\": 38,"
	" \"op\": \"SCMP_CMP_NE\"}]\n"
	"\t\t},\n"
	"\t\t{\n"
	"\t\t\t\"names\": [\"write\", \"exit\", \"exit_group\", \"close\","
	" \"getpid\"],\n"
	"\t\t\t\"action\": \"SCMP_ACT_ALLOW\"\n"
	"\t\t}\n"
	"\t]\n"
	"}\n";

struct call {
	const char *what;
	bool x86;	     /* through int $0x80 */
	long nr, a0, a1, a2; /* a1 == 1: the argument block */
	unsigned int block[3];
	bool allowed[2]; /* by default, with --strict-mux */
};

static const struct call calls[] = {
	{ "x86_64 socket(AF_ALG)",
	  false,
	  41,
	  AF_ALG_,
	  SOCK_SEQPACKET_,
	  0,
	  { 0 },
	  { false, false } },
	{ "x86_64 socket(AF_UNIX)",
	  false,
	  41,
	  AF_UNIX_,
	  SOCK_STREAM_,
	  0,
	  { 0 },
	  { true, true } },
	{ "x86 socket(AF_ALG)",
	  true,
	  X86_SOCKET,
	  AF_ALG_,
	  SOCK_SEQPACKET_,
	  0,
	  { 0 },
	  { false, false } },
	/* --strict-mux keeps the direct call checked (scmp_profile(1)) */
	{ "x86 socket(AF_UNIX)",
	  true,
	  X86_SOCKET,
	  AF_UNIX_,
	  SOCK_STREAM_,
	  0,
	  { 0 },
	  { true, true } },
	/* the hole: AF_ALG through socketcall is allowed by default */
	{ "x86 socketcall(SYS_SOCKET, AF_ALG)",
	  true,
	  X86_SOCKETCALL,
	  SYS_SOCKET_,
	  1,
	  0,
	  { AF_ALG_, SOCK_SEQPACKET_, 0 },
	  { true, false } },
	{ "x86 socketcall(SYS_SOCKET, AF_UNIX)",
	  true,
	  X86_SOCKETCALL,
	  SYS_SOCKET_,
	  1,
	  0,
	  { AF_UNIX_, SOCK_STREAM_, 0 },
	  { true, false } },
};

#define NCALLS (sizeof(calls) / sizeof(calls[0]))

/* An x86 syscall from this x86_64 process: -errno on failure. */
static long int80(long nr, long a0, long a1, long a2)
{
	long rc;

	__asm__ volatile("int $0x80"
			 : "=a"(rc)
			 : "a"(nr), "b"(a0), "c"(a1), "d"(a2)
			 : "memory");
	return (int)rc;
}

/* The argument block: int $0x80 passes 32-bit pointers. */
static unsigned int *low_block(void)
{
	void *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT, -1, 0);

	return p == MAP_FAILED ? NULL : p;
}

static int build(const char *path, bool strict_mux, scmp_filter_ctx *ctx)
{
	struct profile_opts o = { .host_arch = SCMP_ARCH_X86_64,
				  .caps = profile_docker_caps,
				  .kernel = PROFILE_KERNEL_ANY,
				  .strict_mux = strict_mux };
	struct profile_diag d;
	struct profile p;
	int rc;

	rc = profile_read(path, &p, &d);
	if (rc == 0)
		rc = profile_resolve(&p, &o, &d);
	if (rc == 0)
		rc = profile_build(&p, &o, ctx, &d);
	if (rc < 0)
		printf("FAIL: profile: %d:%d: %s (%d)\n", d.line, d.column,
		       d.msg, rc);
	profile_free(&p);
	return rc;
}

/* Whether the simulator allows @c on the exported filter. */
static int simulated(struct bpf_sim_prog *prog, const struct call *c,
		     const unsigned int *block)
{
	const struct bpf_sim_arch *a = bpf_sim_arch_by_token(
		c->x86 ? SCMP_ARCH_X86 : SCMP_ARCH_X86_64);
	struct seccomp_data data;
	struct bpf_sim_result res;

	memset(&data, 0, sizeof(data));
	data.nr = (int)c->nr;
	data.arch = a->data_arch;
	data.args[0] = (uint64_t)c->a0;
	data.args[1] = c->a1 == 1 && c->block[0] != 0 ?
			       (uint64_t)(uintptr_t)block :
			       (uint64_t)c->a1;
	data.args[2] = (uint64_t)c->a2;
	if (bpf_sim_run(prog, &data, &res) != 0)
		return -1;
	return res.action == SCMP_ACT_ALLOW;
}

/* In the child: load @ctx, make every call, write the answers to @fd. */
static void child(scmp_filter_ctx ctx, int fd, unsigned int *block)
{
	long got[NCALLS];
	const struct call *c;
	size_t i;

	if (seccomp_load(ctx) != 0)
		live_exit(LIVE_SETUP_FAILED);
	for (i = 0; i < NCALLS; i++) {
		c = &calls[i];
		memcpy(block, c->block, sizeof(c->block));
		if (!c->x86)
			got[i] = live_syscall(c->nr, c->a0, c->a1, c->a2, 0, 0,
					      0);
		else
			got[i] = int80(c->nr, c->a0,
				       c->block[0] != 0 ?
					       (long)(uintptr_t)block :
					       c->a1,
				       c->a2);
	}
	if (write(fd, got, sizeof(got)) != (ssize_t)sizeof(got))
		live_exit(LIVE_SETUP_FAILED);
	live_exit(0);
}

static int run(const char *path, bool strict_mux, unsigned int *block)
{
	struct bpf_sim_prog prog = { 0 };
	scmp_filter_ctx ctx = NULL;
	long got[NCALLS];
	char buf[16384];
	size_t len = sizeof(buf), i;
	int fds[2], failures = 0, status, sim;
	const char *mode = strict_mux ? "--strict-mux" : "default";
	bool allowed;
	pid_t pid;

	if (build(path, strict_mux, &ctx) < 0)
		return 1;
	if (seccomp_export_bpf_mem(ctx, buf, &len) != 0 ||
	    bpf_sim_load_mem(&prog, buf, len, 0) != 0 || pipe(fds) != 0) {
		printf("FAIL %s: no program\n", mode);
		seccomp_release(ctx);
		return 1;
	}
	pid = live_fork();
	if (pid == 0) {
		close(fds[0]);
		child(ctx, fds[1], block);
	}
	close(fds[1]);
	if (pid < 0 || read(fds[0], got, sizeof(got)) != (ssize_t)sizeof(got)) {
		printf("FAIL %s: no answers from the child\n", mode);
		failures++;
	}
	close(fds[0]);
	status = pid > 0 ? live_wait(pid) : -1;
	if (status != 0) {
		printf("FAIL %s: child %s\n", mode, live_status_str(status));
		failures++;
	}
	for (i = 0; failures == 0 && i < NCALLS; i++) {
		allowed = got[i] != -E_DEFAULT;
		sim = simulated(&prog, &calls[i], block);
		if (allowed != calls[i].allowed[strict_mux] ||
		    sim != (int)allowed) {
			printf("FAIL %s %s: kernel %ld, simulator %s, want %s\n",
			       mode, calls[i].what, got[i],
			       sim < 0 ? "cannot run" :
			       sim > 0 ? "allow" :
					 "default",
			       calls[i].allowed[strict_mux] ? "allowed" :
							      "refused");
			failures++;
		}
	}
	bpf_sim_free(&prog);
	seccomp_release(ctx);
	return failures;
}

int main(void)
{
	char path[] = "/tmp/83-live-profile-mux.XXXXXX";
	unsigned int *block;
	int fd, failures = 0;

	live_require(live_kernel_filters(), "seccomp filters");
	live_require(int80(X86_GETPID, 0, 0, 0) == getpid(),
		     "IA-32 emulation (int $0x80)");
	block = low_block();
	live_require(block != NULL, "memory below 4 GiB (MAP_32BIT)");
	fd = mkstemp(path);
	if (fd < 0 || write(fd, profile_text, strlen(profile_text)) !=
			      (ssize_t)strlen(profile_text)) {
		printf("FAIL: cannot write %s\n", path);
		return 1;
	}
	close(fd);
	failures += run(path, false, block);
	failures += run(path, true, block);
	unlink(path);
	printf("%s\n", failures ? "FAIL" : "PASS");
	return failures ? 1 : 0;
}

#else

int main(void)
{
	fprintf(stderr, "skipped: x86_64 only (int $0x80)\n");
	return 77;
}

#endif
