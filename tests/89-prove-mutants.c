/* SPDX-License-Identifier: LGPL-2.1-only */
/* 89-prove-mutants: the prover finds what is wrong in programs changed on purpose, and never proves a wrong one. */

/*
 * A prover that always says "proved" would pass every other proof test.
 * This one builds random filters (lib/prop.c's scripts, fixed seed; every
 * second one sets KVERMAX, every fourth has rules that compare one
 * argument more than once), proves each, then changes its program one
 * instruction at a time:
 *
 *	ret k          another action (ALLOW <-> KILL_PROCESS, ERRNO(n+1), ..)
 *	jeq/jgt/jge k  the constant k + 1
 *	a branch       its two targets swapped
 *
 * Every mutant the kernel would still accept is proved again. Each must
 * either get a counterexample (which prove_bpf() has checked concretely:
 * the simulator and the model disagree on it) or, if the prover calls it
 * equal to the rules, agree with the model on every input the model
 * proposes (pm_inputs(): each syscall with rules and its neighbours,
 * foreign ABIs, the edges of every comparison): a mutant proved that the
 * model shows wrong fails the test. Most mutants must be caught.
 *
 * Every fourth filter has 32-bit and signed comparisons and sets
 * SCMP_FLTATR_EXT_ACT_BADARG32 (ours). One mutant is made on purpose: a
 * filter's high-word check dropped (its "jeq #0" goes to the rules either
 * way, as if the check were never emitted) must be caught.
 *
 * Environment: SEED, FILTERS (default 8), MUTANTS (per filter, default
 * 16); PROVE_ONLY (lib/prove.c) names the filters ("round-1") to use.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "prove.h"

#define DEFAULT_SEED 0x3a7a7e5ULL
#define DEFAULT_FILTERS 8
#define DEFAULT_MUTANTS 16
#define INPUTS_PER_SYSCALL 16

struct tally {
	unsigned int killed;
	unsigned int equal;   /* proved, and the model agrees */
	unsigned int invalid; /* the kernel would refuse the mutant */
	unsigned int wrong;   /* proved, but the model disagrees */
};

/* An action that is not @k. */
static uint32_t other_action(uint32_t k)
{
	if (k == SCMP_ACT_ALLOW)
		return SCMP_ACT_KILL_PROCESS;
	if ((k & 0xffff0000U) == SCMP_ACT_ERRNO(0))
		return k + 1;
	return SCMP_ACT_ALLOW;
}

/*
 * Mutation @m (0 or 1) of an instruction, if it has one: returns false
 * for an instruction without it.
 */
static bool mutate(struct sock_filter *f, unsigned int m)
{
	uint8_t jt;

	switch (BPF_CLASS(f->code)) {
	case BPF_RET:
		if (m != 0 || BPF_RVAL(f->code) != BPF_K)
			return false;
		f->k = other_action(f->k);
		return true;
	case BPF_JMP:
		if (BPF_OP(f->code) == BPF_JA || f->jt == f->jf)
			return false;
		if (m == 0) {
			jt = f->jt;
			f->jt = f->jf;
			f->jf = jt;
			return true;
		}
		if (m == 1 && BPF_SRC(f->code) == BPF_K &&
		    BPF_OP(f->code) != BPF_JSET) {
			f->k++;
			return true;
		}
		return false;
	default:
		return false;
	}
}

struct sample {
	struct bpf_sim_prog *prog;
	const struct pm_state *st;
	struct seccomp_data bad;
};

/* pm_inputs() callback: stops at the first input where they differ. */
static int sample_one(const struct seccomp_data *d, void *arg)
{
	struct sample *s = arg;
	struct bpf_sim_result out;

	if (bpf_sim_run(s->prog, d, &out) < 0)
		return -1;
	if (out.action == pm_eval(s->st, d, NULL))
		return 0;
	s->bad = *d;
	return 1;
}

/* Proves every mutant of one filter's program. */
static void mutants(const char *name, const struct pm_state *st,
		    const struct bpf_sim_prog *orig, struct prop_rng *rng,
		    unsigned int per_filter, struct tally *t)
{
	struct bpf_sim_prog mut = { 0 };
	struct prove_result res;
	struct sample s = { &mut, st, { 0 } };
	struct sock_filter probe;
	unsigned int *sites, cnt = 0, tries, pc, site;
	int rc;

	/* the (instruction, mutation) pairs there are, drawn from below */
	sites = calloc(orig->len * 2, sizeof(*sites));
	if (sites == NULL)
		return;
	for (site = 0; site < orig->len * 2; site++) {
		probe = orig->insns[site / 2];
		if (mutate(&probe, site % 2))
			sites[cnt++] = site;
	}
	for (tries = 0; tries < per_filter && cnt > 0; tries++) {
		if (bpf_sim_load_host(&mut, orig->insns, orig->len,
				      orig->big_endian) < 0)
			break;
		site = sites[prop_below(rng, cnt)];
		pc = site / 2;
		mutate(&mut.insns[pc], site % 2);
		if (bpf_sim_verify(&mut, NULL) < 0) {
			t->invalid++;
			bpf_sim_free(&mut);
			continue;
		}
		rc = prove_bpf(st, &mut, &res);
		if (rc < 0) {
			printf("FAIL %s: mutant at %u: no proof: %s\n", name,
			       pc, strerror(-rc));
			t->wrong++;
		} else if (!res.proved) {
			t->killed++;
		} else if (pm_inputs(st, rng, INPUTS_PER_SYSCALL, sample_one,
				     &s) == 0) {
			t->equal++;
		} else {
			printf("FAIL %s: mutant at %u proved, but the model"
			       " disagrees on\n  ",
			       name, pc);
			prop_print_data(stdout, &s.bad);
			t->wrong++;
		}
		bpf_sim_free(&mut);
	}
	free(sites);
}

/*
 * The first high-word check of SCMP_FLTATR_EXT_ACT_BADARG32 in @prog:
 * "ld [hi]; jeq #0; jeq #0xffffffff" (gen_bpf.c). Returns the pc of its
 * "jeq #0", or -1.
 */
static int badarg_check_at(const struct bpf_sim_prog *prog)
{
	const struct sock_filter *f = prog->insns;
	unsigned int pc;

	for (pc = 0; pc + 2 < prog->len; pc++)
		if (f[pc].code == (BPF_LD | BPF_W | BPF_ABS) &&
		    f[pc + 1].code == (BPF_JMP | BPF_JEQ | BPF_K) &&
		    f[pc + 1].k == 0 &&
		    f[pc + 2].code == (BPF_JMP | BPF_JEQ | BPF_K) &&
		    f[pc + 2].k == 0xffffffffU && f[pc + 1].jf == 0)
			return (int)pc + 1;
	return -1;
}

/*
 * A filter with the high-word check, proved; then the check dropped,
 * which the prover must catch. Returns 0, or 1 after a message.
 */
static int dropped_badarg(unsigned char *buf)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
	struct bpf_sim_prog prog = { 0 };
	struct prove_result res;
	const struct pm_state *st;
	const char *why;
	size_t len = (BPF_MAXINSNS + 1) * sizeof(struct sock_filter);
	int pc, rc = 1;

	if (ctx == NULL)
		return 1;
	/* a 64-bit ABI of the native byte order */
	if (seccomp_arch_add(ctx, SCMP_ARCH_X86_64) == -EDOM)
		seccomp_arch_add(ctx, SCMP_ARCH_S390X);
	if (seccomp_attr_set(ctx, SCMP_FLTATR_EXT_ACT_BADARG32,
			     SCMP_ACT_KILL_PROCESS) != 0 ||
	    seccomp_rule_add(ctx, SCMP_ACT_ERRNO(1), SCMP_SYS(openat), 1,
			     SCMP_A0_32(SCMP_CMP_EQ | SCMP_CMP_32BIT,
					(uint32_t)-100)) != 0 ||
	    prove_record_model(ctx, &st, &why) != 0 ||
	    seccomp_export_bpf_mem(ctx, buf, &len) < 0 ||
	    bpf_sim_load_mem(&prog, buf, len, pm_big_endian(st)) < 0 ||
	    prove_bpf(st, &prog, &res) < 0 || !res.proved) {
		printf("FAIL the filter with the high-word check is not"
		       " proved\n");
		goto out;
	}
	pc = badarg_check_at(&prog);
	if (pc < 0) {
		printf("FAIL no high-word check in the program\n");
		goto out;
	}
	prog.insns[pc].jf = prog.insns[pc].jt;
	if (bpf_sim_verify(&prog, NULL) < 0 || prove_bpf(st, &prog, &res) < 0 ||
	    res.proved) {
		printf("FAIL the dropped high-word check is not caught\n");
		goto out;
	}
	printf("the dropped high-word check (at %d) is caught\n", pc);
	rc = 0;
out:
	bpf_sim_free(&prog);
	seccomp_release(ctx);
	return rc;
}

static uint64_t env_u64(const char *name, uint64_t fallback)
{
	const char *v = getenv(name);

	return v != NULL && *v != '\0' ? strtoull(v, NULL, 0) : fallback;
}

int main(void)
{
	uint64_t seed = env_u64("SEED", DEFAULT_SEED);
	unsigned int rounds = (unsigned int)env_u64("FILTERS", DEFAULT_FILTERS);
	unsigned int per_filter =
		(unsigned int)env_u64("MUTANTS", DEFAULT_MUTANTS);
	struct prop_gen_opts opts = { .txn = true };
	struct tally t = { 0 };
	struct prove_tally pt = { 0 };
	const struct pm_state *st;
	struct bpf_sim_prog prog = { 0 };
	struct prove_result res;
	struct prop_script s;
	struct prop_rng rng;
	struct prop_api api;
	scmp_filter_ctx ctx;
	unsigned char *buf;
	const char *why;
	int pool[64], rcs[PROP_OPS_MAX];
	char name[32];
	unsigned int r, kvermax = 0;
	size_t len;

	buf = malloc((BPF_MAXINSNS + 1) * sizeof(struct sock_filter));
	if (buf == NULL)
		return 1;
	/* every action the generator uses is valid, whatever the kernel */
	seccomp_api_set(7);
	prop_api_ours(&api);
	opts.syscalls = pool;
	opts.syscall_cnt = (unsigned int)prop_syscall_pool(&api, pool, 64);
	prove_only_init("89-prove-mutants");
	for (r = 0; r < rounds; r++) {
		snprintf(name, sizeof(name), "round-%u", r);
		if (!prove_wanted(name))
			continue;
		rng.s = prop_seed_mix(seed, r);
		opts.kvermax = r % 2 == 1 ? 100 : 0;
		opts.repeat = r % 4 == 2 ? 60 : 0;
		opts.cmp32 = r % 4 == 3 ? 40 : 0;
		opts.sign = r % 4 == 3 ? 30 : 0;
		opts.badarg = r % 4 == 3 ? 100 : 0;
		prop_gen(&rng, &opts, &s);
		ctx = prop_run(&api, &s, rcs);
		kvermax += ctx != NULL && prop_kvermax_set(&s, rcs);
		if (ctx == NULL || prove_record_model(ctx, &st, &why) != 0) {
			printf("FAIL %s: no model\n", name);
			t.wrong++;
			api.release(ctx);
			continue;
		}
		len = (BPF_MAXINSNS + 1) * sizeof(struct sock_filter);
		if (seccomp_export_bpf_mem(ctx, buf, &len) < 0 ||
		    bpf_sim_load_mem(&prog, buf, len, pm_big_endian(st)) < 0 ||
		    prove_bpf(st, &prog, &res) < 0 || !res.proved) {
			printf("FAIL %s: the filter itself is not proved\n",
			       name);
			t.wrong++;
		} else {
			prove_tally_add(&pt, name, &res);
			mutants(name, st, &prog, &rng, per_filter, &t);
		}
		bpf_sim_free(&prog);
		api.release(ctx);
	}
	if (!prove_only() && dropped_badarg(buf) != 0)
		t.wrong++;
	free(buf);
	printf("%u with KVERMAX; ", kvermax);
	prove_tally_print(stdout, "filters", &pt);
	printf("mutants: %u caught, %u equal to the rules (the model"
	       " agrees), %u refused by the kernel's checks, %u wrong\n",
	       t.killed, t.equal, t.invalid, t.wrong);
	if (t.wrong > 0 || prove_only_missed(stdout) > 0)
		return 1;
	if (t.killed == 0 || t.killed < t.equal) {
		printf("FAIL fewer mutants caught than proved equal\n");
		return 1;
	}
	return 0;
}
