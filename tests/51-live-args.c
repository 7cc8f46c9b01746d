/* SPDX-License-Identifier: LGPL-2.1-only */
/* 51-live-args: argument rules in the kernel decide as in the simulator. */

/*
 * First, rules with several comparisons of one argument (an AND, which
 * libseccomp refuses): Docker's socket rule, allowed unless AF_VSOCK or
 * AF_ALG, an interval and a contradiction, each answer known beforehand.
 *
 * Then random filters of argument rules (every operator, a fifth of them
 * with SCMP_CMP_32BIT, 64-bit data around the 32-bit boundaries, now and
 * then two comparisons of one argument) are built through the API and
 * exported. A child loads each one and makes the victim syscalls with
 * many argument vectors; the errno the kernel answered must be what
 * bpf_sim computes from the exported program. Every rule action is an
 * ERRNO, and so is the default, so no victim syscall ever runs: only
 * write and exit_group are allowed, for the child to report and end.
 * Fixed seed (SEED=n overrides; ROUNDS=n sets the number of filters).
 * Native ABI only; exit 77 without seccomp filter support.
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>

#include <seccomp.h>

#include "bpf_sim.h"
#include "live_util.h"

/* the filter runs on the native ABI: the host's byte order */
#define BIG_ENDIAN_HOST (__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__)

#define DEFAULT_ERRNO 1000
#define VECTORS 48
#define RULES_MAX 5

/* Harmless whatever their arguments, should a broken filter let them run. */
static const int victims[] = { __NR_getppid, __NR_getuid, __NR_getpgid };
#define VICTIM_CNT (sizeof(victims) / sizeof(victims[0]))

struct vector {
	int nr;
	uint64_t args[6];
};

struct round {
	struct vector vec[VICTIM_CNT * VECTORS];
	long kernel[VICTIM_CNT * VECTORS];
};

static uint64_t rng_state;

static uint64_t rnd(void)
{
	/* xorshift64*: reproducible from the seed alone */
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545f4914f6cdd1dULL;
}

/* Data worth comparing with: word boundaries, sign bits, small numbers. */
static uint64_t datum(void)
{
	static const uint64_t edges[] = {
		0,
		1,
		2,
		0x7fffffff,
		0x80000000,
		0xffffffff,
		0x100000000ULL,
		0x1ffffffffULL,
		0xffffffff00000000ULL,
		0x8000000000000000ULL,
		0x7fffffffffffffffULL,
		~0ULL,
		0xfffffffeULL,
	};

	switch (rnd() % 4) {
	case 0:
		return rnd();
	case 1:
		return rnd() % 8;
	default:
		return edges[rnd() % (sizeof(edges) / sizeof(edges[0]))];
	}
}

/* A random filter; the comparisons' data are kept in @seen for vectors. */
static scmp_filter_ctx random_filter(uint64_t *seen, unsigned int *seen_cnt)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ERRNO(DEFAULT_ERRNO));
	struct scmp_arg_cmp cmps[6];
	unsigned int v, r, rules, c, cnt, op;

	if (ctx == NULL ||
	    seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(write), 0) != 0 ||
	    seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(exit_group), 0))
		return NULL;
	for (v = 0; v < VICTIM_CNT; v++) {
		rules = 1 + (unsigned int)(rnd() % RULES_MAX);
		for (r = 0; r < rules; r++) {
			cnt = (unsigned int)(rnd() % 4);
			for (c = 0; c < cnt; c++) {
				unsigned int arg = (unsigned int)(rnd() % 6);

				/* now and then one compared before: an AND */
				if (c > 0 && rnd() % 3 == 0)
					arg = cmps[rnd() % c].arg;
				op = 1 + (unsigned int)(rnd() % 7);
				cmps[c] = (struct scmp_arg_cmp){
					.arg = arg,
					.op = (enum scmp_compare)op,
					.datum_a = datum(),
					.datum_b = datum(),
				};
				if (op == SCMP_CMP_MASKED_EQ)
					cmps[c].datum_b &= cmps[c].datum_a;
				/* the low words alone (provisional) */
				if (rnd() % 5 == 0)
					cmps[c].op = (enum scmp_compare)(
						op | SCMP_CMP_32BIT);
				if (*seen_cnt < 64)
					seen[(*seen_cnt)++] = cmps[c].datum_b;
				if (*seen_cnt < 64)
					seen[(*seen_cnt)++] = cmps[c].datum_a;
			}
			/*
			 * -EEXIST (the same comparisons with another action)
			 * and merges that drop a rule are part of the game.
			 */
			seccomp_rule_add_array(ctx,
					       SCMP_ACT_ERRNO(1 + rnd() % 200),
					       victims[v], c, cmps);
		}
	}
	return ctx;
}

/* An argument near the data the rules compare with. */
static uint64_t argument(const uint64_t *seen, unsigned int seen_cnt)
{
	uint64_t d;

	if (seen_cnt == 0 || rnd() % 5 == 0)
		return datum();
	d = seen[rnd() % seen_cnt];
	switch (rnd() % 4) {
	case 0:
		return d + 1;
	case 1:
		return d - 1;
	default:
		return d;
	}
}

static int child_probe(void *arg)
{
	struct round *rd = ((void **)arg)[1];
	scmp_filter_ctx ctx = ((void **)arg)[0];
	int fd = *(int *)((void **)arg)[2];
	size_t i, len = sizeof(rd->kernel);
	const char *p = (const char *)rd->kernel;
	ssize_t n;

	/*
	 * Precomputed: the load allocates nothing, and nothing but the
	 * victims, write and exit_group runs from here on (not even mmap for
	 * a sanitizer's allocator).
	 */
	if (seccomp_load(ctx) != 0)
		return LIVE_SETUP_FAILED;
	for (i = 0; i < VICTIM_CNT * VECTORS; i++) {
		const uint64_t *a = rd->vec[i].args;

		rd->kernel[i] = live_syscall(rd->vec[i].nr, (long)a[0],
					     (long)a[1], (long)a[2], (long)a[3],
					     (long)a[4], (long)a[5]);
	}
	while (len > 0) {
		n = write(fd, p, len);
		if (n <= 0)
			return LIVE_SETUP_FAILED;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

/* One filter: simulate every vector, then ask the kernel. */
static void one_round(unsigned int round, struct round *rd)
{
	struct bpf_sim_prog prog = { 0 };
	struct bpf_sim_result res;
	struct seccomp_data data;
	uint64_t seen[64];
	unsigned int seen_cnt = 0, i, k, mismatches = 0;
	scmp_filter_ctx ctx = random_filter(seen, &seen_cnt);
	void *args[3];
	char buf[32 * 1024];
	size_t len = sizeof(buf), got = 0;
	int pfd[2], status;
	pid_t pid;
	ssize_t n;

	if (ctx == NULL || seccomp_export_bpf_mem(ctx, buf, &len) != 0 ||
	    bpf_sim_load_mem(&prog, buf, len, BIG_ENDIAN_HOST) != 0) {
		printf("FAIL round %u: no filter\n", round);
		test_failures++;
		seccomp_release(ctx);
		return;
	}
	for (i = 0; i < VICTIM_CNT * VECTORS; i++) {
		rd->vec[i].nr = victims[i / VECTORS];
		for (k = 0; k < 6; k++)
			rd->vec[i].args[k] = argument(seen, seen_cnt);
	}

	/* the child's load must not need the allocator: see child_probe() */
	if (seccomp_precompute(ctx) != 0 || pipe(pfd) != 0) {
		test_failures++;
		goto out;
	}
	args[0] = ctx;
	args[1] = rd;
	args[2] = &pfd[1];
	pid = live_start(child_probe, args);
	close(pfd[1]);
	while (got < sizeof(rd->kernel) &&
	       (n = read(pfd[0], (char *)rd->kernel + got,
			 sizeof(rd->kernel) - got)) > 0)
		got += (size_t)n;
	close(pfd[0]);
	status = live_wait(pid);
	EXPECT_EXIT(status, 0);
	if (got != sizeof(rd->kernel))
		goto out;

	for (i = 0; i < VICTIM_CNT * VECTORS; i++) {
		long want;

		memset(&data, 0, sizeof(data));
		data.nr = rd->vec[i].nr;
		data.arch = live_kernel_arch();
		memcpy(data.args, rd->vec[i].args, sizeof(data.args));
		if (bpf_sim_run(&prog, &data, &res) != 0 ||
		    (res.action & SECCOMP_RET_ACTION_FULL) !=
			    SECCOMP_RET_ERRNO) {
			printf("FAIL round %u: simulator says %#x\n", round,
			       res.action);
			test_failures++;
			break;
		}
		want = -(long)(res.action & SECCOMP_RET_DATA);
		if (rd->kernel[i] != want && mismatches++ < 5) {
			printf("FAIL round %u: nr %d args %#llx %#llx %#llx "
			       "%#llx %#llx %#llx: kernel %ld, simulator %ld\n",
			       round, data.nr, (unsigned long long)data.args[0],
			       (unsigned long long)data.args[1],
			       (unsigned long long)data.args[2],
			       (unsigned long long)data.args[3],
			       (unsigned long long)data.args[4],
			       (unsigned long long)data.args[5], rd->kernel[i],
			       want);
			test_failures++;
		}
	}
out:
	bpf_sim_free(&prog);
	seccomp_release(ctx);
}

/* An ANDed rule's case: a call, its first argument, what it must return. */
struct and_case {
	int nr;
	long a0, a1;
	long want; /* -errno, or ALLOWED: whatever the call gives */
};

#define ALLOWED 1
/* the filter's default and its rules' errno values: no real errno */
#define AND_DEFAULT 1000
#define AND_INTERVAL 1001
#define AND_NEVER 1002

static const struct and_case and_cases[] = {
	/* Docker: socket unless AF_VSOCK (40) or AF_ALG (38) */
	{ __NR_socket, 1 /* AF_UNIX */, 1 /* SOCK_STREAM */, ALLOWED },
	{ __NR_socket, 40, 1, -AND_DEFAULT },
	{ __NR_socket, 38, 5 /* SOCK_SEQPACKET */, -AND_DEFAULT },
	/* 5 < a0 < 10 */
	{ __NR_getpgid, 5, 0, -AND_DEFAULT },
	{ __NR_getpgid, 6, 0, -AND_INTERVAL },
	{ __NR_getpgid, 9, 0, -AND_INTERVAL },
	{ __NR_getpgid, 10, 0, -AND_DEFAULT },
	/* a0 > 5 && a0 < 3 never holds */
	{ __NR_getppid, 4, 0, -AND_DEFAULT },
};

_Static_assert(sizeof(and_cases) / sizeof(and_cases[0]) <= 8,
	       "a child reports each case by a bit of its exit status");

/* In the child: the cases under the filter; bit i set if case i failed. */
static int child_and(void *arg)
{
	unsigned int i;
	int failed = 0;
	long rc;

	/* precomputed: from here on only the calls of the cases run */
	if (seccomp_load(arg) != 0)
		return LIVE_SETUP_FAILED;
	for (i = 0; i < sizeof(and_cases) / sizeof(and_cases[0]); i++) {
		rc = live_syscall(and_cases[i].nr, and_cases[i].a0,
				  and_cases[i].a1, 0, 0, 0, 0);
		if (and_cases[i].want == ALLOWED ?
			    rc <= -AND_DEFAULT && rc >= -AND_NEVER :
			    rc != and_cases[i].want)
			failed |= 1 << i;
	}
	return failed;
}

/* The rules with several comparisons of one argument, in the kernel. */
static void and_one_arg(void)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ERRNO(AND_DEFAULT));
	unsigned int i;
	int status;

	if (ctx == NULL ||
	    seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(exit_group), 0) ||
	    seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(socket), 2,
			     SCMP_A0(SCMP_CMP_NE, 40),
			     SCMP_A0(SCMP_CMP_NE, 38)) ||
	    seccomp_rule_add(ctx, SCMP_ACT_ERRNO(AND_INTERVAL),
			     SCMP_SYS(getpgid), 2, SCMP_A0(SCMP_CMP_GT, 5),
			     SCMP_A0(SCMP_CMP_LT, 10)) ||
	    seccomp_rule_add(ctx, SCMP_ACT_ERRNO(AND_NEVER), SCMP_SYS(getppid),
			     2, SCMP_A0(SCMP_CMP_GT, 5),
			     SCMP_A0(SCMP_CMP_LT, 3)) ||
	    seccomp_precompute(ctx) != 0) {
		printf("FAIL: the ANDed rules are refused\n");
		test_failures++;
		seccomp_release(ctx);
		return;
	}
	status = live_run(child_and, ctx);
	if (status != -1 && WIFEXITED(status) &&
	    WEXITSTATUS(status) != LIVE_SETUP_FAILED) {
		for (i = 0; i < sizeof(and_cases) / sizeof(and_cases[0]); i++)
			if (WEXITSTATUS(status) & (1 << i)) {
				printf("FAIL: ANDed rules: nr %d (%ld, %ld) "
				       "did not return %ld\n",
				       and_cases[i].nr, and_cases[i].a0,
				       and_cases[i].a1, and_cases[i].want);
				test_failures++;
			}
	} else {
		EXPECT_EXIT(status, 0);
	}
	seccomp_release(ctx);
}

int main(void)
{
	static struct round rd;
	const char *env;
	unsigned int rounds = 40, r;

	live_require(live_kernel_filters(), "seccomp filters");
	rng_state = 0x51a7e5eedULL;
	env = getenv("SEED");
	if (env != NULL)
		rng_state = strtoull(env, NULL, 0) | 1;
	env = getenv("ROUNDS");
	if (env != NULL)
		rounds = (unsigned int)strtoul(env, NULL, 0);

	and_one_arg();
	for (r = 0; r < rounds; r++)
		one_round(r, &rd);
	return test_result();
}
