/* SPDX-License-Identifier: LGPL-2.1-only */
/* 84-tool-bpf-diff-stack: the diff engine composes stacks of filters as the kernel does, and reports proved regions. */

/*
 * bpf_diff_run() (tools/bpf/bpf_diff.h) on hand-written programs, stacked:
 *
 *  - precedence: the lowest (int32_t)(ret & SECCOMP_RET_ACTION_FULL)
 *    wins, so KILL_PROCESS (0x80000000) beats KILL_THREAD (0) and ALLOW
 *    loses to everything; on a tie the newer program (the higher index,
 *    bpf_stack.h) keeps its data;
 *  - known answers: each region's arch, numbers, conditions and pair, and
 *    an example on which bpf_stack_run() gives that pair;
 *  - big-endian programs: which half of an argument is at which offset;
 *  - random programs, 40 pairs ($DIFF_PAIRS): every input drawn inside a
 *    region returns its pair, and every input drawn on which the two
 *    differ lies in a reported region;
 *  - the limit (@more), a callback's error, and bad sides (an empty
 *    stack, a program the kernel refuses, two byte orders).
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bpf_diff.h"
#include "bpf_names.h"

#define RET(k) BPF_STMT(BPF_RET | BPF_K, (k))
#define LD(off) BPF_STMT(BPF_LD | BPF_W | BPF_ABS, (off))
#define JEQ(k, t, f) BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (k), (t), (f))
#define JGE(k, t, f) BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, (k), (t), (f))
#define JSET(k, t, f) BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, (k), (t), (f))

#define ALLOW SECCOMP_RET_ALLOW
#define ERRNO(n) (SECCOMP_RET_ERRNO | (n))
#define KILL_PROCESS SECCOMP_RET_KILL_PROCESS
#define KILL_THREAD SECCOMP_RET_KILL_THREAD
#define X86_64 0xc000003eu
#define X86 0x40000003u

#define MAX_FOUND 256
/* Pairs of random programs compared ($DIFF_PAIRS overrides it). */
#define ROUNDS 40
/* Regions of one pair, at most: a sample takes a dozen solver calls. */
#define RANDOM_MAX 40

struct found {
	struct bpf_diff_region r[MAX_FOUND];
	unsigned int cnt;
	const struct bpf_stack *side[2];
	int fail_with; /* the callback's answer */
	int bad_example;
};

static int failed;

static int on_found(const struct bpf_diff_region *r, void *arg)
{
	struct found *f = arg;
	uint32_t v[2];
	unsigned int i;

	if (f->cnt < MAX_FOUND)
		f->r[f->cnt] = *r;
	f->cnt++;
	/* the example shows the pair */
	for (i = 0; i < 2; i++)
		if (bpf_stack_run(f->side[i], &r->example, &v[i], NULL) < 0 ||
		    v[i] != r->action[i])
			f->bad_example++;
	return f->fail_with;
}

/* A program of @n instructions, little-endian. */
static struct bpf_sim_prog prog(const struct sock_filter *insns, size_t n,
				int big_endian)
{
	struct bpf_sim_prog p = { 0 };

	if (bpf_sim_load_host(&p, insns, n, big_endian) < 0) {
		printf("FAIL cannot load a program\n");
		exit(1);
	}
	return p;
}

#define PROG(...)                                                  \
	prog((const struct sock_filter[]){ __VA_ARGS__ },          \
	     sizeof((const struct sock_filter[]){ __VA_ARGS__ }) / \
		     sizeof(struct sock_filter),                   \
	     0)

/* Runs the engine on two stacks; returns its result. */
static int run(struct bpf_sim_prog *old, unsigned int nold,
	       struct bpf_sim_prog *new, unsigned int nnew, unsigned int max,
	       struct found *f, bool *more)
{
	struct bpf_stack s[2] = { { old, nold }, { new, nnew } };
	struct bpf_diff_opts o = { .max = max, .found = on_found, .arg = f };
	int rc;

	f->cnt = 0;
	f->bad_example = 0;
	f->side[0] = &s[0];
	f->side[1] = &s[1];
	rc = bpf_diff_run(&s[0], &s[1], &o, more);
	if (f->bad_example > 0) {
		printf("FAIL an example does not show its pair\n");
		failed++;
	}
	return rc;
}

static void check(bool ok, const char *what)
{
	printf("%s %s\n", ok ? "ok" : "FAIL", what);
	if (!ok)
		failed++;
}

/* Whether region @r is every arch and number, with that pair. */
static bool everything(const struct bpf_diff_region *r, uint32_t a, uint32_t b)
{
	return r->kind == BPF_DIFF_REGION && r->other_arch &&
	       r->arch_not_cnt == 0 && r->nr_lo == 0 && r->nr_hi == ~0u &&
	       r->cond_cnt == 0 && r->action[0] == a && r->action[1] == b;
}

static void check_precedence(void)
{
	struct bpf_sim_prog allow = PROG(RET(ALLOW));
	struct bpf_sim_prog e5 = PROG(RET(ERRNO(5)));
	struct bpf_sim_prog e7 = PROG(RET(ERRNO(7)));
	struct bpf_sim_prog kp = PROG(RET(KILL_PROCESS));
	struct bpf_sim_prog kt = PROG(RET(KILL_THREAD));
	struct bpf_sim_prog s[3];
	static struct found f;
	bool more;
	int rc;

	s[0] = allow;
	s[1] = e5;
	rc = run(s, 2, &e5, 1, 0, &f, &more);
	check(rc == 0 && f.cnt == 0, "ERRNO beats ALLOW, whatever the index");
	s[0] = e7;
	s[1] = e5;
	rc = run(s, 2, &e5, 1, 0, &f, &more);
	check(rc == 0, "a tie: the newer filter (index 1) keeps its data");
	rc = run(s, 2, &e7, 1, 0, &f, &more);
	check(rc == 1 && f.cnt == 1 && everything(&f.r[0], ERRNO(5), ERRNO(7)),
	      "a tie: the older (index 0) loses its data, on every input");
	s[0] = kt;
	s[1] = kp;
	rc = run(s, 2, &kp, 1, 0, &f, &more);
	check(rc == 0, "KILL_PROCESS beats KILL_THREAD (signed)");
	rc = run(s, 2, &kt, 1, 0, &f, &more);
	check(rc == 1 && everything(&f.r[0], KILL_PROCESS, KILL_THREAD),
	      "KILL_PROCESS against KILL_THREAD: one region");
	s[0] = allow;
	s[1] = allow;
	s[2] = kp;
	rc = run(s, 3, &kp, 1, 0, &f, &more);
	check(rc == 0, "three programs, the last KILL_PROCESS");
	bpf_sim_free(&allow);
	bpf_sim_free(&e5);
	bpf_sim_free(&e7);
	bpf_sim_free(&kp);
	bpf_sim_free(&kt);
}

static void check_regions(void)
{
	/* x86_64 only: getpid (39) ERRNO(1), write (1) with a0 >= 3 KILL */
	struct bpf_sim_prog a =
		PROG(LD(4), JEQ(X86_64, 1, 0), RET(KILL_PROCESS), LD(0),
		     JEQ(39, 0, 1), RET(ERRNO(1)), JEQ(1, 0, 4), LD(16),
		     JGE(3, 0, 1), RET(KILL_THREAD), RET(ALLOW), RET(ALLOW));
	/* the same, but clone (56) with a0 & 0x10000000 ERRNO(2) */
	struct bpf_sim_prog b = PROG(
		LD(4), JEQ(X86_64, 1, 0), RET(KILL_PROCESS), LD(0),
		JEQ(39, 0, 1), RET(ERRNO(1)), JEQ(56, 0, 3), LD(16),
		JSET(0x10000000, 0, 1), RET(ERRNO(2)), RET(ALLOW), RET(ALLOW));
	struct bpf_sim_prog allow = PROG(RET(ALLOW));
	/* numbers around x32's bit, on every arch value */
	struct bpf_sim_prog mid =
		PROG(LD(0), JGE(0x3ffffff0, 0, 2), JGE(0x40000011, 1, 0),
		     RET(ERRNO(3)), RET(ALLOW));
	struct bpf_sim_prog opaque = PROG(
		LD(4), JEQ(X86_64, 1, 0), RET(KILL_PROCESS), LD(0),
		JEQ(1, 0, 4), LD(16), BPF_STMT(BPF_ALU | BPF_ADD | BPF_K, 1),
		JEQ(7, 0, 1), RET(ERRNO(9)), RET(ALLOW));
	struct bpf_sim_prog x86_64 =
		PROG(LD(4), JEQ(X86_64, 1, 0), RET(KILL_PROCESS), RET(ALLOW));
	struct bpf_sim_prog s[2];
	static struct found f;
	const struct bpf_diff_region *r;
	unsigned int i;
	bool more, seen[4] = { false };
	int rc;

	/* a against b: write's a0 >= 3 (a0 is 64 bits), clone's flag */
	rc = run(&a, 1, &b, 1, 0, &f, &more);
	for (i = 0; i < f.cnt && i < MAX_FOUND; i++) {
		r = &f.r[i];
		if (r->kind != BPF_DIFF_REGION || r->abi == NULL ||
		    strcmp(r->abi->name, "x86_64") != 0 || r->arch != X86_64)
			continue;
		if (r->nr_lo == 56 && r->nr_hi == 56 && r->cond_cnt == 1 &&
		    r->cond[0].field == 0 && r->cond[0].mask == 0x10000000 &&
		    r->cond[0].op == BPF_DIFF_NE && r->cond[0].value == 0 &&
		    r->action[0] == ALLOW && r->action[1] == ERRNO(2))
			seen[0] = true;
		/* a0's low word >= 3 with any high word: one condition */
		if (r->nr_lo == 1 && r->nr_hi == 1 && r->cond_cnt == 1 &&
		    r->cond[0].field == 0 && r->cond[0].mask == 0xffffffff &&
		    r->cond[0].op == BPF_DIFF_GE && r->cond[0].value == 3 &&
		    r->action[0] == KILL_THREAD && r->action[1] == ALLOW)
			seen[1] = true;
	}
	check(rc == 2 && f.cnt == 2 && seen[0] && seen[1],
	      "known regions: clone's flag, write's bound");
	/* a stack [a, allow] is a; [allow, b] is b */
	s[0] = a;
	s[1] = allow;
	rc = run(s, 2, &a, 1, 0, &f, &more);
	check(rc == 0, "a stack with ALLOW on top is its other filter");
	s[0] = allow;
	s[1] = b;
	rc = run(&a, 1, s, 2, 0, &f, &more);
	check(rc == 2 && f.cnt == 2, "the same two regions through a stack");
	/* [a, b] against a: only clone's flag differs (b's ERRNO(2) wins) */
	s[0] = a;
	s[1] = b;
	rc = run(s, 2, &a, 1, 0, &f, &more);
	check(rc == 1 && f.cnt == 1 && f.r[0].nr_lo == 56 &&
		      f.r[0].action[0] == ERRNO(2) && f.r[0].action[1] == ALLOW,
	      "a stack of both against one: clone's flag only");
	/* other arch values: a kills them, ALLOW lets them through */
	rc = run(&a, 1, &allow, 1, 0, &f, &more);
	for (i = 0; i < f.cnt && i < MAX_FOUND; i++) {
		r = &f.r[i];
		if (r->other_arch && r->arch_not_cnt == 1 &&
		    r->arch_not[0] == X86_64 && r->nr_lo == 0 &&
		    r->nr_hi == ~0u && r->action[0] == KILL_PROCESS)
			seen[2] = true;
		if (r->abi != NULL && strcmp(r->abi->name, "x86_64") == 0 &&
		    r->nr_lo == 39 && r->nr_hi == 39 && r->named == 1 &&
		    r->action[0] == ERRNO(1))
			seen[3] = true;
	}
	check(rc > 0 && seen[2] && seen[3],
	      "other arch values as one region; getpid by its name");
	/* no arch test: one region across x32's bit, whatever the arch */
	rc = run(&mid, 1, &allow, 1, 0, &f, &more);
	check(rc == 1 && f.r[0].other_arch && f.r[0].arch_not_cnt == 0 &&
		      f.r[0].nr_lo == 0x3ffffff0 &&
		      f.r[0].nr_hi == 0x40000010 && f.r[0].cond_cnt == 0 &&
		      f.r[0].action[0] == ERRNO(3),
	      "any arch: numbers across the x32 bit are one region");
	/* a0 + 1 == 7: no region describes it, an example shows it */
	rc = run(&opaque, 1, &x86_64, 1, 0, &f, &more);
	check(rc == 1 && f.r[0].kind == BPF_DIFF_SAMPLE && !f.r[0].other_arch &&
		      f.r[0].arch == X86_64 && f.r[0].nr_lo == 1 &&
		      f.r[0].nr_hi == 1 &&
		      (uint32_t)f.r[0].example.args[0] == 6 &&
		      f.r[0].action[0] == ERRNO(9) && f.r[0].action[1] == ALLOW,
	      "a computed comparison: a sample");
	/* the limit: one region, and more left */
	rc = run(&a, 1, &b, 1, 1, &f, &more);
	check(rc == 1 && f.cnt == 1 && more, "max 1: one region, more left");
	rc = run(&a, 1, &b, 1, 2, &f, &more);
	check(rc == 2 && !more, "max 2: both, nothing left");
	/* a callback's error stops the run */
	f.fail_with = -ECANCELED;
	rc = run(&a, 1, &b, 1, 0, &f, &more);
	f.fail_with = 0;
	check(rc == -ECANCELED && f.cnt == 1, "a callback's error");
	bpf_sim_free(&a);
	bpf_sim_free(&b);
	bpf_sim_free(&allow);
	bpf_sim_free(&mid);
	bpf_sim_free(&opaque);
	bpf_sim_free(&x86_64);
}

/* Big-endian programs: a0's high word is at offset 16, its low one at 20. */
static void check_big_endian(void)
{
	const struct sock_filter lo[] = { LD(20), JGE(3, 0, 1), RET(ERRNO(4)),
					  RET(ALLOW) };
	const struct sock_filter hi[] = { LD(16), JEQ(1, 0, 1), RET(ERRNO(4)),
					  RET(ALLOW) };
	const struct sock_filter allow[] = { RET(ALLOW) };
	struct bpf_sim_prog p_lo = prog(lo, 4, 1), p_hi = prog(hi, 4, 1);
	struct bpf_sim_prog p_allow = prog(allow, 1, 1);
	static struct found f;
	bool more;
	int rc;

	rc = run(&p_lo, 1, &p_allow, 1, 0, &f, &more);
	check(rc == 1 && f.r[0].cond_cnt == 1 && f.r[0].cond[0].field == 0 &&
		      f.r[0].cond[0].mask == 0xffffffffu &&
		      f.r[0].cond[0].op == BPF_DIFF_GE &&
		      f.r[0].cond[0].value == 3,
	      "big-endian: the low word at offset 20");
	rc = run(&p_hi, 1, &p_allow, 1, 0, &f, &more);
	check(rc == 1 && f.r[0].cond_cnt == 2 && f.r[0].cond[0].field == 0 &&
		      f.r[0].cond[0].mask == ~0ull &&
		      f.r[0].cond[0].op == BPF_DIFF_GE &&
		      f.r[0].cond[0].value == 0x100000000ull &&
		      f.r[0].cond[1].op == BPF_DIFF_LE &&
		      f.r[0].cond[1].value == 0x1ffffffffull,
	      "big-endian: the high word at offset 16, a 64-bit interval");
	bpf_sim_free(&p_lo);
	bpf_sim_free(&p_hi);
	bpf_sim_free(&p_allow);
}

static void check_bad(void)
{
	struct bpf_sim_prog ok = PROG(RET(ALLOW));
	struct bpf_sim_prog noret = PROG(LD(0));
	struct bpf_sim_prog big =
		prog((const struct sock_filter[]){ RET(ALLOW) }, 1, 1);
	struct bpf_stack s[2] = { { &ok, 1 }, { &ok, 0 } };
	struct bpf_diff_opts o = { 0 };

	check(bpf_diff_run(&s[0], &s[1], &o, NULL) == -EINVAL,
	      "an empty stack");
	s[1].prog = &noret;
	s[1].cnt = 1;
	check(bpf_diff_run(&s[0], &s[1], &o, NULL) == -EINVAL,
	      "a program without a return");
	s[1].prog = &big;
	check(bpf_diff_run(&s[0], &s[1], &o, NULL) == -EINVAL,
	      "two byte orders");
	s[1].prog = &ok;
	check(bpf_diff_run(&s[0], &s[1], NULL, NULL) == -EINVAL, "no options");
	check(bpf_diff_run(&s[0], &s[1], &o, NULL) == 0,
	      "the same program, no callback");
	check(bpf_names_syscall("x86_64", 39) != NULL &&
		      strcmp(bpf_names_syscall("x86_64", 39), "getpid") == 0 &&
		      bpf_names_syscall("x32", 39) == NULL &&
		      bpf_names_syscall("nosuchabi", 1) == NULL &&
		      bpf_diff_abi_bits("x86") == 32 &&
		      bpf_diff_abi_bits("aarch64") == 64,
	      "names and widths");
	bpf_sim_free(&ok);
	bpf_sim_free(&noret);
	bpf_sim_free(&big);
}

/* ---- random programs: every region holds, every difference is in one */

static uint64_t rng_state = 0x84d1ffu;

static uint32_t rnd(void)
{
	/* xorshift64* */
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return (uint32_t)((rng_state * 0x2545f4914f6cdd1dull) >> 32);
}

/* Constants the programs compare with, and the inputs are made of. */
static const uint32_t pool[] = { 0,	      1,	   2,
				 5,	      6,	   39,
				 0x40000000u, 0x40000001u, 0xffffffffu,
				 0x10000u,    X86_64,	   X86 };

static uint32_t pick(void)
{
	return rnd() % 4 == 0 ? rnd() : pool[rnd() % (sizeof(pool) / 4)];
}

/* A random verified program: loads, masks, jumps forward, returns. */
static struct bpf_sim_prog random_prog(void)
{
	static const uint32_t rets[] = { ALLOW, ERRNO(1), ERRNO(2),
					 KILL_PROCESS, SECCOMP_RET_TRAP };
	struct sock_filter f[24];
	unsigned int n = 6 + rnd() % 18, pc, left, r;

	for (pc = 0; pc + 1 < n; pc++) {
		left = n - 2 - pc; /* the furthest a jump may go */
		r = rnd() % 100;
		if (r < 30 || pc == 0)
			f[pc] = (struct sock_filter)LD(4 * (rnd() % 16));
		else if (r < 34)
			f[pc] = (struct sock_filter)BPF_STMT(
				BPF_ALU | BPF_AND | BPF_K, pick());
		else if (r < 36)
			f[pc] = (struct sock_filter)BPF_STMT(
				BPF_ALU | BPF_ADD | BPF_K, 1);
		else if (r < 46)
			f[pc] = (struct sock_filter)RET(rets[rnd() % 5]);
		else
			f[pc] = (struct sock_filter)BPF_JUMP(
				BPF_JMP |
					(rnd() % 4 == 0 ? BPF_JEQ :
					 rnd() % 3 == 0 ? BPF_JGT :
					 rnd() % 2 == 0 ? BPF_JGE :
							  BPF_JSET) |
					BPF_K,
				pick(), (uint8_t)(rnd() % (left + 1)),
				(uint8_t)(rnd() % (left + 1)));
	}
	f[n - 1] = (struct sock_filter)RET(rets[rnd() % 5]);
	return prog(f, n, 0);
}

static uint64_t field_of(const struct seccomp_data *d, unsigned int field)
{
	return field == BPF_DIFF_IP ? d->instruction_pointer : d->args[field];
}

static bool cond_holds(const struct bpf_diff_cond *c,
		       const struct seccomp_data *d)
{
	uint64_t v = field_of(d, c->field) & c->mask;

	switch (c->op) {
	case BPF_DIFF_EQ:
		return v == c->value;
	case BPF_DIFF_NE:
		return v != c->value;
	case BPF_DIFF_GE:
		return v >= c->value;
	default:
		return v <= c->value;
	}
}

/* Whether input @d is one of region @r's. */
static bool in_region(const struct bpf_diff_region *r,
		      const struct seccomp_data *d)
{
	uint32_t nr = (uint32_t)d->nr;
	unsigned int i;
	bool x32;

	if (r->kind == BPF_DIFF_WHOLE_ABI) {
		/* x86_64's arch value has two sides: the x32 bit's */
		x32 = (nr & 0x40000000u) && nr != ~0u;
		if (d->arch != r->arch)
			return false;
		if (r->arch != X86_64)
			return true;
		return (strcmp(r->abi->name, "x32") == 0) == x32;
	}
	if (r->other_arch) {
		for (i = 0; i < r->arch_not_cnt; i++)
			if (d->arch == r->arch_not[i])
				return false;
	} else if (d->arch != r->arch) {
		return false;
	}
	if (nr < r->nr_lo || nr > r->nr_hi)
		return false;
	if (r->kind == BPF_DIFF_SAMPLE)
		return true; /* the whole syscall is left out */
	for (i = 0; i < r->cond_cnt; i++)
		if (!cond_holds(&r->cond[i], d))
			return false;
	return true;
}

static uint64_t random_word64(void)
{
	uint64_t hi = rnd() % 3 == 0 ? pick() : 0;

	return hi << 32 | pick();
}

static void random_input(struct seccomp_data *d)
{
	unsigned int i;

	memset(d, 0, sizeof(*d));
	d->arch = rnd() % 8 == 0 ? pick() : (rnd() % 2 ? X86_64 : X86);
	d->nr = (int)(rnd() % 2 ? pick() + rnd() % 3 - 1 : rnd() % 64);
	for (i = 0; i < 6; i++)
		d->args[i] = rnd() % 2 ? random_word64() : 0;
	d->instruction_pointer = rnd() % 4 == 0 ? random_word64() : 0;
}

/* An input of region @r (conditions by rejection); false if none found. */
static bool input_in(const struct bpf_diff_region *r, struct seccomp_data *d)
{
	unsigned int tries, i;

	for (tries = 0; tries < 2000; tries++) {
		random_input(d);
		if (tries % 2 == 0)
			*d = r->example;
		for (i = 0; i < r->cond_cnt && tries % 3 == 0; i++) {
			/* near the condition's value, in its field */
			__u64 *f = r->cond[i].field == BPF_DIFF_IP ?
					   &d->instruction_pointer :
					   &d->args[r->cond[i].field];

			*f = (*f & ~r->cond[i].mask) |
			     ((r->cond[i].value + rnd() % 3 - 1) &
			      r->cond[i].mask);
		}
		if (!r->other_arch)
			d->arch = r->arch;
		d->nr = (int)(r->nr_lo + (rnd() % 3 == 0 ?
						  0 :
						  rnd() % ((uint64_t)r->nr_hi -
							   r->nr_lo + 1)));
		if (in_region(r, d))
			return true;
	}
	return false;
}

static void check_random(void)
{
	static struct found f;
	struct bpf_sim_prog a, b;
	struct seccomp_data d;
	unsigned int round, i, k, bad = 0, inside = 0, outside = 0;
	const char *env = getenv("DIFF_PAIRS");
	unsigned int rounds = env != NULL ? (unsigned int)atoi(env) : ROUNDS;
	uint32_t v[2];
	bool more;
	int rc;

	for (round = 0; round < rounds && bad == 0; round++) {
		a = random_prog();
		b = random_prog();
		rc = run(&a, 1, &b, 1, RANDOM_MAX, &f, &more);
		if (rc < 0) {
			printf("FAIL random round %u: %s\n", round,
			       strerror(-rc));
			bad++;
		}
		/* every input of every region returns the region's pair */
		for (i = 0; rc > 0 && i < f.cnt && i < MAX_FOUND; i++) {
			if (f.r[i].kind != BPF_DIFF_REGION)
				continue;
			for (k = 0; k < 50 && input_in(&f.r[i], &d); k++) {
				struct bpf_stack s[2] = { { &a, 1 },
							  { &b, 1 } };

				bpf_stack_run(&s[0], &d, &v[0], NULL);
				bpf_stack_run(&s[1], &d, &v[1], NULL);
				inside++;
				if (v[0] != f.r[i].action[0] ||
				    v[1] != f.r[i].action[1]) {
					printf("FAIL random round %u: region"
					       " %u, nr %u: %08x %08x\n",
					       round, i, (uint32_t)d.nr, v[0],
					       v[1]);
					bad++;
					break;
				}
			}
		}
		/* every input on which they differ is in a region */
		for (k = 0; rc >= 0 && !more && k < 5000 && bad == 0; k++) {
			struct bpf_stack s[2] = { { &a, 1 }, { &b, 1 } };

			random_input(&d);
			bpf_stack_run(&s[0], &d, &v[0], NULL);
			bpf_stack_run(&s[1], &d, &v[1], NULL);
			if (v[0] == v[1])
				continue;
			outside++;
			for (i = 0; i < f.cnt && !in_region(&f.r[i], &d); i++)
				;
			if (i == f.cnt) {
				printf("FAIL random round %u: nr %u arch %08x"
				       " differs in no region\n",
				       round, (uint32_t)d.nr, d.arch);
				bad++;
			}
		}
		bpf_sim_free(&a);
		bpf_sim_free(&b);
	}
	printf("random: %u inputs in regions, %u differing inputs checked\n",
	       inside, outside);
	check(bad == 0 && inside > 25 * rounds && outside > 25 * rounds,
	      "random programs: regions hold and cover every difference");
}

int main(void)
{
	check_precedence();
	check_regions();
	check_big_endian();
	check_bad();
	check_random();
	printf("%d failed\n", failed);
	return failed > 0 ? 1 : 0;
}
