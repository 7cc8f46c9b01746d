/* SPDX-License-Identifier: LGPL-2.1-only */
/* 11-live-sim-kernel: bpf_sim against the running kernel's seccomp. */

/*
 * The simulator is only a good oracle if it agrees with the kernel.  This
 * test attaches programs in forked children and compares:
 *  1. acceptance: bpf_sim_verify() == 0  <=>  seccomp(SET_MODE_FILTER)
 *     succeeds, for hand-written corner cases and random programs;
 *  2. execution: for random accepted programs, the 32-bit accumulator the
 *     kernel computes (read back one byte at a time through ERRNO), or
 *     the kill on division by X == 0 or an odd verdict, against
 *     bpf_sim_run().
 * Random programs come from a fixed seed (override: SEED=n in the
 * environment; ROUNDS=n sets the count), so failures reproduce.
 * Exit 0 pass, 1 fail, 77 skip (no seccomp filter support, or not the
 * native ABI the simulator knows).
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bpf_sim.h"

#define S(code, k) BPF_STMT(code, k)
#define J(code, k, jt, jf) BPF_JUMP(code, k, jt, jf)
#define RET(k) S(BPF_RET | BPF_K, k)
#define ALLOW SECCOMP_RET_ALLOW
#define N(a) (sizeof(a) / sizeof((a)[0]))

/* Room for prologue + body + epilogue. */
#define MAXPROG 96
#define BODY_MAX 40

static const struct bpf_sim_arch *native;
static int failures;
static unsigned int compared, ran, kills;

/* Child side of an attach: never returns. */
static void child_attach(const struct sock_filter *f, size_t n, int report_fd,
			 const long args[5])
{
	struct sock_fprog fp = { (unsigned short)n, (struct sock_filter *)f };
	const struct rlimit nocore = { 0, 0 };
	int bytes[4], i;
	long r;

	/* A KILL verdict dumps core by default; keep the tree clean. */
	setrlimit(RLIMIT_CORE, &nocore);
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
		_exit(100);
	if (syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &fp) != 0)
		_exit(errno == EINVAL ? 101 : 102);
	if (report_fd < 0)
		_exit(0);
	/*
	 * getppid with our arguments: the filter answers ERRNO(byte) where
	 * arg5 selects which byte of its result.  ERRNO(0) reads as 0.
	 */
	for (i = 0; i < 4; i++) {
		errno = 0;
		r = syscall(SYS_getppid, args[0], args[1], args[2], args[3],
			    args[4], (long)(i * 8));
		bytes[i] = r == 0 ? 0 : r == -1 ? errno : -1;
	}
	if (write(report_fd, bytes, sizeof(bytes)) != sizeof(bytes))
		_exit(103);
	_exit(0);
}

/*
 * Attach in a child.  Returns 1 if accepted, 0 if rejected with EINVAL,
 * -1 on anything unexpected.  With @bytes, also collects the four result
 * bytes (*killed set if the child died of the filter instead).
 */
static int kernel_attach(const struct sock_filter *f, size_t n,
			 const long args[5], int bytes[4], int *killed)
{
	int pfd[2] = { -1, -1 }, status;
	ssize_t got = 0;
	pid_t pid;

	if (bytes != NULL && pipe(pfd) != 0)
		return -1;
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		if (pfd[0] >= 0)
			close(pfd[0]);
		child_attach(f, n, pfd[1], args);
	}
	if (pfd[1] >= 0) {
		close(pfd[1]);
		got = read(pfd[0], bytes, 4 * sizeof(int));
		close(pfd[0]);
	}
	if (waitpid(pid, &status, 0) != pid)
		return -1;
	if (WIFSIGNALED(status)) {
		/* Only the filter itself kills: it was accepted. */
		if (killed != NULL)
			*killed = 1;
		return WTERMSIG(status) == SIGSYS ? 1 : -1;
	}
	if (!WIFEXITED(status))
		return -1;
	switch (WEXITSTATUS(status)) {
	case 0:
		if (bytes != NULL && got != 4 * (ssize_t)sizeof(int))
			return -1;
		return 1;
	case 101:
		return 0;
	default:
		return -1;
	}
}

/* Our verdict on a host-order program. */
static int sim_accepts(const struct sock_filter *f, size_t n,
		       struct bpf_sim_fault *why)
{
	struct bpf_sim_prog p;
	int rc;

	if (bpf_sim_load_host(&p, f, n, native->big_endian) < 0)
		return 0;
	rc = bpf_sim_verify(&p, why);
	bpf_sim_free(&p);
	return rc == 0;
}

/* Compare acceptance of one program; print it if the two disagree. */
static void compare_accept(const char *name, const struct sock_filter *f,
			   size_t n)
{
	struct bpf_sim_fault why = { BPF_SIM_OK, 0 };
	int k = kernel_attach(f, n, NULL, NULL, NULL);
	int s = sim_accepts(f, n, &why);

	compared++;
	if (k < 0) {
		fprintf(stderr, "%s: unexpected kernel outcome\n", name);
		failures++;
	} else if (k != s) {
		fprintf(stderr, "%s: kernel %s, simulator %s (%s at %u)\n",
			name, k ? "accepts" : "rejects",
			s ? "accepts" : "rejects",
			bpf_sim_reason_str(why.reason), why.pc);
		failures++;
	}
}

/* Hand-written corner cases of the attach-time checks. */
static void corner_cases(void)
{
	static struct sock_filter big[BPF_MAXINSNS + 1];
	size_t i;

#define CASE(name, ...)                                          \
	do {                                                     \
		const struct sock_filter f_[] = { __VA_ARGS__ }; \
		compare_accept(name, f_, N(f_));                 \
	} while (0)

	CASE("ret", RET(ALLOW));
	CASE("ret a", S(BPF_RET | BPF_A, 0));
	CASE("no final ret", RET(ALLOW), S(BPF_LD | BPF_IMM, 0));
	CASE("ld 60", S(BPF_LD | BPF_W | BPF_ABS, 60), RET(ALLOW));
	CASE("ld 64", S(BPF_LD | BPF_W | BPF_ABS, 64), RET(ALLOW));
	CASE("ld 2", S(BPF_LD | BPF_W | BPF_ABS, 2), RET(ALLOW));
	CASE("ld h", S(BPF_LD | BPF_H | BPF_ABS, 0), RET(ALLOW));
	CASE("mod k", S(BPF_ALU | BPF_MOD | BPF_K, 3), RET(ALLOW));
	CASE("mod x", S(BPF_ALU | BPF_MOD | BPF_X, 0), RET(ALLOW));
	CASE("xor k", S(BPF_ALU | BPF_XOR | BPF_K, 3), RET(ALLOW));
	CASE("div k0", S(BPF_ALU | BPF_DIV | BPF_K, 0), RET(ALLOW));
	CASE("lsh 31", S(BPF_ALU | BPF_LSH | BPF_K, 31), RET(ALLOW));
	CASE("lsh 32", S(BPF_ALU | BPF_LSH | BPF_K, 32), RET(ALLOW));
	CASE("rsh 32", S(BPF_ALU | BPF_RSH | BPF_K, 32), RET(ALLOW));
	CASE("st 16", S(BPF_ST, 16), RET(ALLOW));
	CASE("st ld", S(BPF_ST, 15), S(BPF_LD | BPF_MEM, 15), RET(ALLOW));
	CASE("ld unwritten", S(BPF_LD | BPF_MEM, 0), RET(ALLOW));
	CASE("ja 0", S(BPF_JMP | BPF_JA, 0), RET(ALLOW));
	CASE("ja out", S(BPF_JMP | BPF_JA, 1), RET(ALLOW));
	CASE("ja huge", S(BPF_JMP | BPF_JA, 0xffffffffu), RET(ALLOW));
	CASE("jeq out", J(BPF_JMP | BPF_JEQ | BPF_K, 0, 1, 0), RET(ALLOW));
	CASE("jset x", J(BPF_JMP | BPF_JSET | BPF_X, 0, 0, 0), RET(ALLOW));
	CASE("ret x", S(BPF_RET | BPF_X, 0));
	CASE("code 0x106", S(0x106, ALLOW));
	CASE("ret after ret", RET(ALLOW), RET(0));
	CASE("kernel conservatism after ret",
	     J(BPF_JMP | BPF_JEQ | BPF_K, 0, 0, 2), S(BPF_ST, 0),
	     S(BPF_JMP | BPF_JA, 2), RET(ALLOW), RET(ALLOW),
	     S(BPF_LD | BPF_MEM, 0), RET(ALLOW));
	CASE("unreachable read after ja", S(BPF_JMP | BPF_JA, 1),
	     S(BPF_LD | BPF_MEM, 0), RET(ALLOW));
#undef CASE

	for (i = 0; i < N(big); i++)
		big[i] = (struct sock_filter)RET(ALLOW);
	compared++;
	if (kernel_attach(big, BPF_MAXINSNS, NULL, NULL, NULL) != 1 ||
	    !sim_accepts(big, BPF_MAXINSNS, NULL)) {
		fprintf(stderr, "4096 instructions: not accepted by both\n");
		failures++;
	}

	/* Every 8-bit opcode alone before a ret, k chosen harmlessly. */
	for (i = 0; i < 256; i++) {
		struct sock_filter f[] = { S((uint16_t)i, 0), RET(ALLOW) };
		char name[32];

		if (BPF_CLASS(i) == BPF_ALU)
			f[0].k = 1;
		snprintf(name, sizeof(name), "opcode 0x%02zx", i);
		compare_accept(name, f, N(f));
	}
}

/* xorshift64*: small, seedable, good enough for program shapes. */
static uint64_t rng_state;

static uint32_t rnd(uint32_t bound)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return (uint32_t)((rng_state * 2685821657736338717ull) >> 32) % bound;
}

/* Interesting constants, so comparisons and masks sometimes hit. */
static uint32_t rnd_const(void)
{
	static const uint32_t pool[] = {
		0,	     1,		  2,	       3,	    7,
		31,	     32,	  64,	       0xff,	    0x40000000u,
		0x7fffffffu, 0x80000000u, 0xffffffffu, SYS_getppid,
	};

	return rnd(3) ? pool[rnd(N(pool))] : rnd(0xffffffffu);
}

/*
 * Random body of @len instructions starting at index @base; jumps go
 * forward to at most @end (the epilogue's first instruction).  With
 * @sloppy, also emits things the verifier must reject.
 */
static void gen_body(struct sock_filter *f, unsigned int base, unsigned int len,
		     unsigned int end, int sloppy)
{
	/* Loads avoid the ip (unknown to us) and arg5 (the selector). */
	static const uint32_t offs[] = { 0,  4,	 16, 20, 24, 28,
					 32, 36, 40, 44, 48, 52 };
	static const uint16_t alu_ops[] = { BPF_ADD, BPF_SUB, BPF_MUL,
					    BPF_DIV, BPF_AND, BPF_OR,
					    BPF_XOR, BPF_LSH, BPF_RSH };
	static const uint16_t jmp_ops[] = { BPF_JEQ, BPF_JGT, BPF_JGE,
					    BPF_JSET };
	unsigned int i, pc, room;
	uint16_t op;

	for (i = 0; i < len; i++) {
		struct sock_filter *x = &f[base + i];

		pc = base + i;
		room = end - pc; /* targets pc+1 .. end */
		x->jt = x->jf = 0;
		x->k = 0;
		switch (rnd(12)) {
		case 0:
			x->code = BPF_LD | BPF_W | BPF_ABS;
			x->k = offs[rnd(N(offs))];
			if (sloppy && rnd(8) == 0)
				x->k = rnd(2) ? 8 * rnd(9) + 2 : 64;
			break;
		case 1:
			x->code = rnd(2) ? BPF_LD | BPF_IMM : BPF_LDX | BPF_IMM;
			x->k = rnd_const();
			break;
		case 2:
			x->code = rnd(2) ? BPF_LD | BPF_W | BPF_LEN :
					   BPF_LDX | BPF_W | BPF_LEN;
			break;
		case 3: {
			static const uint16_t mem[] = { BPF_ST, BPF_STX,
							BPF_LD | BPF_MEM,
							BPF_LDX | BPF_MEM };
			x->code = mem[rnd(4)];
			/* Few slots, so reads often find a write. */
			x->k = rnd(3);
			if (sloppy && rnd(10) == 0)
				x->k = 16;
			break;
		}
		case 4:
		case 5:
			op = alu_ops[rnd(N(alu_ops))];
			x->code = BPF_ALU | op | BPF_K;
			x->k = rnd_const();
			if (op == BPF_LSH || op == BPF_RSH)
				x->k = sloppy && rnd(6) == 0 ? 32 : rnd(32);
			if (op == BPF_DIV && x->k == 0 && !(sloppy && rnd(2)))
				x->k = 3;
			break;
		case 6:
			x->code = BPF_ALU | alu_ops[rnd(N(alu_ops))] | BPF_X;
			break;
		case 7:
			x->code = rnd(3) ? BPF_ALU | BPF_NEG :
					   (rnd(2) ? BPF_MISC | BPF_TAX :
						     BPF_MISC | BPF_TXA);
			break;
		case 8:
		case 9:
		case 10:
			x->code = BPF_JMP | jmp_ops[rnd(N(jmp_ops))] |
				  (rnd(2) ? BPF_X : BPF_K);
			x->k = rnd_const();
			x->jt = (uint8_t)rnd(room);
			x->jf = (uint8_t)rnd(room);
			if (sloppy && rnd(12) == 0)
				x->jt = (uint8_t)(room + 1 + rnd(3));
			break;
		default:
			x->code = BPF_JMP | BPF_JA;
			x->k = rnd(room);
			if (sloppy && rnd(12) == 0)
				x->k = room + 5;
			if (sloppy && rnd(20) == 0)
				x->code = BPF_ALU | BPF_MOD | BPF_K;
			break;
		}
	}
}

/*
 * Wrap a body: only getppid reaches it (everything else is allowed, so
 * the child can report), and the epilogue returns ERRNO(byte) of the
 * body's accumulator, the byte picked by arg5.
 */
static size_t build(struct sock_filter *f, unsigned int body_len, int sloppy)
{
	const uint32_t arg5_lo = native->big_endian ? 60 : 56;
	unsigned int n = 0, end;

	f[n++] = (struct sock_filter)S(BPF_LD | BPF_W | BPF_ABS, 0);
	f[n++] = (struct sock_filter)J(BPF_JMP | BPF_JEQ | BPF_K, SYS_getppid,
				       1, 0);
	f[n++] = (struct sock_filter)RET(ALLOW);
	end = n + body_len;
	gen_body(f, n, body_len, end, sloppy);
	n = end;
	f[n++] = (struct sock_filter)S(BPF_ST, 15);
	f[n++] = (struct sock_filter)S(BPF_LD | BPF_W | BPF_ABS, arg5_lo);
	f[n++] = (struct sock_filter)S(BPF_MISC | BPF_TAX, 0);
	f[n++] = (struct sock_filter)S(BPF_LD | BPF_MEM, 15);
	f[n++] = (struct sock_filter)S(BPF_ALU | BPF_RSH | BPF_X, 0);
	f[n++] = (struct sock_filter)S(BPF_ALU | BPF_AND | BPF_K, 0xff);
	f[n++] = (struct sock_filter)S(BPF_ALU | BPF_OR | BPF_K,
				       SECCOMP_RET_ERRNO);
	f[n++] = (struct sock_filter)S(BPF_RET | BPF_A, 0);
	return n;
}

/* Print a program for a failure report. */
static void dump(const struct sock_filter *f, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		fprintf(stderr, "  %3zu: code 0x%04x jt %3u jf %3u k 0x%08x\n",
			i, f[i].code, f[i].jt, f[i].jf, f[i].k);
}

/*
 * What the child observes for one filter verdict on getppid: the errno
 * (ERRNO data, capped at MAX_ERRNO 4095 by the kernel; 0 reads as a 0
 * return), ENOSYS for TRACE/NOTIFY with nobody listening, -1 for a real
 * getppid (ALLOW, LOG), or -2 for death by SIGSYS (KILL, TRAP, and every
 * unknown action, which the kernel treats as KILL_PROCESS).
 */
static int observe(uint32_t action)
{
	const uint32_t data = action & SECCOMP_RET_DATA;

	switch (action & SECCOMP_RET_ACTION_FULL) {
	case SECCOMP_RET_ERRNO:
		return data > 4095 ? 4095 : (int)data;
	case SECCOMP_RET_TRACE:
	case SECCOMP_RET_USER_NOTIF:
		return ENOSYS;
	case SECCOMP_RET_ALLOW:
	case SECCOMP_RET_LOG:
		return -1;
	}
	return -2;
}

/*
 * An argument as the kernel puts it in seccomp_data: a 32-bit ABI's is
 * widened with zeros, but MIPS keeps 32-bit values sign-extended in its
 * registers, and a 64-bit kernel hands o32's and n32's over as they are
 * there (o32's fifth and sixth, read from the stack as int, too).
 */
static uint64_t widen(long arg)
{
#if defined(__mips__) && __SIZEOF_LONG__ == 4
	struct utsname u;

	if (uname(&u) == 0 && strstr(u.machine, "64") != NULL)
		return (uint64_t)(int64_t)arg;
#endif
	return (uint64_t)(unsigned long)arg;
}

/* One random round: acceptance, then (if accepted) the four result bytes. */
static void random_round(unsigned int round)
{
	struct sock_filter f[MAXPROG];
	struct seccomp_data d;
	struct bpf_sim_prog p;
	struct bpf_sim_result r;
	int kbytes[4], sbytes[4], killed = 0, sim_killed = 0;
	long args[5];
	unsigned int i;
	int sloppy = rnd(4) == 0, k, s;
	size_t n = build(f, 1 + rnd(BODY_MAX), sloppy);

	for (i = 0; i < 5; i++)
		args[i] =
			(long)((uint64_t)rnd(0xffffffffu) << 32 | rnd_const());
	s = sim_accepts(f, n, NULL);
	k = kernel_attach(f, n, args, kbytes, &killed);
	if (k < 0 || k != s) {
		fprintf(stderr, "round %u: kernel %d, simulator %d on:\n",
			round, k, s);
		dump(f, n);
		failures++;
		return;
	}
	if (!s)
		return;
	ran++;
	kills += (unsigned int)killed;

	memset(&d, 0, sizeof(d));
	d.nr = SYS_getppid;
	d.arch = native->data_arch;
	for (i = 0; i < 5; i++)
		d.args[i] = widen(args[i]);
	if (bpf_sim_load_host(&p, f, n, native->big_endian) < 0) {
		failures++;
		return;
	}
	for (i = 0; i < 4; i++) {
		d.args[5] = i * 8;
		if (bpf_sim_run(&p, &d, &r) < 0) {
			failures++;
			break;
		}
		sbytes[i] = observe(r.action);
		if (sbytes[i] == -2)
			sim_killed = 1;
	}
	bpf_sim_free(&p);
	if (killed != sim_killed ||
	    (!killed && memcmp(kbytes, sbytes, sizeof(kbytes)) != 0)) {
		fprintf(stderr,
			"round %u: kernel %s %d %d %d %d, simulator %s"
			" %d %d %d %d on:\n",
			round, killed ? "killed" : "returned", kbytes[0],
			kbytes[1], kbytes[2], kbytes[3],
			sim_killed ? "killed" : "returned", sbytes[0],
			sbytes[1], sbytes[2], sbytes[3]);
		dump(f, n);
		failures++;
	}
}

/**
 * main() - skip without seccomp, else run the corner cases and rounds
 */
int main(void)
{
	static const struct sock_filter allow[] = { RET(ALLOW) };
	const char *env;
	unsigned int rounds = 400, i;
	uint64_t seed = 0x5eccf11e7e57ull;

	native = bpf_sim_arch_native();
	if (native == NULL) {
		printf("SKIP: ABI unknown to the simulator\n");
		return 77;
	}
	if (kernel_attach(allow, 1, NULL, NULL, NULL) != 1) {
		printf("SKIP: cannot attach seccomp filters here\n");
		return 77;
	}
	env = getenv("SEED");
	if (env != NULL && *env)
		seed = strtoull(env, NULL, 0);
	env = getenv("ROUNDS");
	if (env != NULL && *env)
		rounds = (unsigned int)strtoul(env, NULL, 0);
	rng_state = seed ? seed : 1;

	corner_cases();
	for (i = 0; i < rounds; i++)
		random_round(i);
	if (failures) {
		fprintf(stderr,
			"11-live-sim-kernel: %d failure(s), SEED=%llu\n",
			failures, (unsigned long long)seed);
		return 1;
	}
	printf("11-live-sim-kernel: %u corner cases and %u random programs"
	       " (%u attached and run, %u killed) agree with the kernel\n",
	       compared, rounds, ran, kills);
	return 0;
}
