/* SPDX-License-Identifier: LGPL-2.1-only */
/* 60-prop-random: random rule sets, our filters against an model */

/*
 * Each round builds one random filter through the public API (see
 * lib/prop.c for what a script holds), replays the same calls on the
 * model of lib/prop_model.c, and checks:
 *
 *  - every call returned what the model predicts;
 *  - the exported BPF is a valid seccomp program of at most 4096
 *    instructions (the kernel's checks, in the simulator);
 *  - the PFC export succeeds;
 *  - on every input the model proposes (each ABI, foreign ABIs, each
 *    syscall number with rules and its neighbours, numbers without rules,
 *    x32 numbers, -1, and per argument the edges of every comparison) the
 *    simulated filter returns the model's action.
 *
 * A failure is minimised (calls are dropped while it persists) and printed
 * as C calls. A filter that lets through more than the model allows is
 * flagged SECURITY.
 *
 * Environment: SEED, ROUNDS, ROUND_SEED (replay the one round a report
 * names), VERBOSE=1 (print each script). Exit 0, or 1 on any failure.
 */

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "prop.h"

#define DEFAULT_SEED 0x5ecc0a11ULL
#define DEFAULT_ROUNDS 2000
#define RANDOM_PER_SYSCALL 24
#define MAX_REPORTS 3

/*
 * Fixed scripts for behaviour the random rounds once got wrong, with the
 * return codes libseccomp 2.5.4 gives (found by 61-diff-libseccomp).
 */
struct regression {
	const char *what;
	struct prop_script s;
	int rcs[8];
};

static struct prop_op *reg_op(struct prop_script *s, enum prop_op_kind kind)
{
	struct prop_op *op = &s->ops[s->cnt++];

	memset(op, 0, sizeof(*op));
	op->kind = kind;
	return op;
}

static void reg_rule(struct prop_script *s, uint32_t action, int syscall,
		     unsigned int arg, enum scmp_compare cmp, uint64_t datum)
{
	struct prop_op *op = reg_op(s, PROP_RULE);

	op->action = action;
	op->syscall = syscall;
	op->call = PROP_CALL_ARRAY;
	if (cmp == 0)
		return;
	op->cnt = 1;
	op->cmps[0] = (struct scmp_arg_cmp){ arg, cmp, datum, 0 };
}

static unsigned int regressions(struct regression *r)
{
	struct prop_script *s;

	/*
	 * A multiplexing ABI (ppc64le) drops a rule for a syscall it lacks
	 * (arch_prctl): no pseudo-number entry, so no conflict (was -EEXIST).
	 */
	memset(r, 0, sizeof(*r));
	r->what = "mux ABI drops a syscall it lacks";
	s = &r->s;
	s->def_action = SCMP_ACT_TRACE(1);
	reg_rule(s, SCMP_ACT_KILL, 158, 0, 0, 0);
	reg_op(s, PROP_ARCH_ADD)->token = SCMP_ARCH_PPC64LE;
	reg_rule(s, SCMP_ACT_NOTIFY, 158, 1, SCMP_CMP_GE, 0x80000000);
	reg_rule(s, SCMP_ACT_KILL, 158, 1, SCMP_CMP_GE, 0x80000000);
	memcpy(r->rcs, (int[]){ 0, 0, 0, 0 }, 4 * sizeof(int));
	r++;

	/* other ABIs keep it on the pseudo number: conflicts still count */
	memset(r, 0, sizeof(*r));
	r->what = "non-mux ABI keeps a pseudo-number rule";
	s = &r->s;
	s->def_action = SCMP_ACT_TRACE(1);
	reg_op(s, PROP_ARCH_REMOVE)->token = SCMP_ARCH_NATIVE;
	reg_op(s, PROP_ARCH_ADD)->token = SCMP_ARCH_AARCH64;
	reg_rule(s, SCMP_ACT_NOTIFY, 2, 1, SCMP_CMP_GE, 0x80000000);
	reg_rule(s, SCMP_ACT_KILL, 2, 1, SCMP_CMP_GE, 0x80000000);
	memcpy(r->rcs, (int[]){ 0, 0, 0, -EEXIST }, 4 * sizeof(int));
	r++;

	/*
	 * A socket call a multiplexing ABI has no direct syscall for (accept
	 * on m68k) keeps the user's comparisons on its pseudo number, where
	 * they conflict even once socketcall is unconditional. The model
	 * had dropped them (round 2617 of SEED=0x16).
	 */
	memset(r, 0, sizeof(*r));
	r->what = "mux pseudo-number rule without a direct syscall";
	s = &r->s;
	s->def_action = SCMP_ACT_TRACE(0);
	reg_op(s, PROP_ARCH_REMOVE)->token = SCMP_ARCH_X86_64;
	reg_op(s, PROP_ARCH_ADD)->token = SCMP_ARCH_M68K;
	reg_rule(s, SCMP_ACT_TRACE(65535), 43, 0, SCMP_CMP_EQ, 0xfffffffe);
	reg_rule(s, SCMP_ACT_NOTIFY, -10060, 0, 0, 0);
	reg_rule(s, SCMP_ACT_NOTIFY, 43, 0, SCMP_CMP_EQ, 0xfffffffe);
	memcpy(r->rcs, (int[]){ 0, 0, 0, 0, -EEXIST }, 5 * sizeof(int));
	return 3;
}

enum fail_kind { F_NONE, F_INIT, F_RC, F_EXPORT, F_VERIFY, F_PFC, F_ACTION };

struct failure {
	enum fail_kind kind;
	unsigned int op;	  /* F_RC */
	int want, got;		  /* F_RC, F_EXPORT, F_PFC */
	struct seccomp_data data; /* F_ACTION */
	uint32_t want_act, got_act;
	struct bpf_sim_fault fault;
};

struct ctx {
	struct prop_api api;
	struct pm_state *model;
	int pool[64];
	unsigned int pool_cnt;
	unsigned long long inputs;
	unsigned long long rules_ok, rules_failed;
	unsigned long long rc_count[160]; /* rule adds by -rc */
};

struct run {
	struct ctx *c;
	struct bpf_sim_prog *prog;
	struct failure *f;
	const struct seccomp_data *only; /* check just this input */
};

static int check_input(const struct seccomp_data *d, void *arg)
{
	struct run *run = arg;
	struct bpf_sim_result res;
	uint32_t want;

	run->c->inputs++;
	want = pm_eval(run->c->model, d, NULL);
	if (bpf_sim_run(run->prog, d, &res) < 0)
		res.action = 0xdeadbeef;
	if (res.action == want)
		return 0;
	run->f->kind = F_ACTION;
	run->f->data = *d;
	run->f->want_act = want;
	run->f->got_act = res.action;
	return 1;
}

/*
 * Runs one script on our library and the model. Returns true if all
 * agree, else fills @f with the first disagreement.
 */
static bool check(struct ctx *c, const struct prop_script *s, uint64_t seed,
		  const struct seccomp_data *only, struct failure *f)
{
	struct prop_rng rng = { seed ^ 0x1badcafeULL };
	struct bpf_sim_prog prog = { 0 };
	struct run run = { c, &prog, f, only };
	int rcs[PROP_OPS_MAX], want, rc;
	scmp_filter_ctx ctx;
	unsigned int i;

	memset(f, 0, sizeof(*f));
	ctx = prop_run(&c->api, s, rcs);
	if (ctx == NULL) {
		f->kind = F_INIT;
		return false;
	}
	pm_init(c->model, s->def_action);
	for (i = 0; i < s->cnt; i++) {
		want = pm_apply(c->model, &s->ops[i], (int)i);
		if (s->ops[i].kind == PROP_RULE) {
			if (rcs[i] == 0)
				c->rules_ok++;
			else
				c->rules_failed++;
			if (rcs[i] <= 0 && rcs[i] > -160)
				c->rc_count[-rcs[i]]++;
		}
		if (want != rcs[i]) {
			f->kind = F_RC;
			f->op = i;
			f->want = want;
			f->got = rcs[i];
			goto out;
		}
	}

	rc = prop_export(&c->api, ctx, pm_big_endian(c->model), &prog);
	if (rc < 0) {
		f->kind = F_EXPORT;
		f->got = rc;
		goto out;
	}
	if (bpf_sim_verify(&prog, &f->fault) < 0) {
		f->kind = F_VERIFY;
		goto out;
	}
	rc = prop_export_pfc(&c->api, ctx);
	if (rc < 0) {
		f->kind = F_PFC;
		f->got = rc;
		goto out;
	}
	if (only != NULL)
		check_input(only, &run);
	else
		pm_inputs(c->model, &rng, RANDOM_PER_SYSCALL, check_input,
			  &run);
out:
	bpf_sim_free(&prog);
	c->api.release(ctx);
	return f->kind == F_NONE;
}

/* Drops calls while the same failure remains. */
static void minimise(struct ctx *c, struct prop_script *s, uint64_t seed,
		     const struct failure *f)
{
	struct seccomp_data data = f->data;
	struct prop_script t;
	struct failure g;
	bool changed = true;
	unsigned int i, j;

	while (changed) {
		changed = false;
		for (i = s->cnt; i-- > 0;) {
			t = *s;
			prop_script_drop(&t, i);
			if (check(c, &t, seed,
				  f->kind == F_ACTION ? &data : NULL, &g) ||
			    g.kind != f->kind)
				continue;
			*s = t;
			changed = true;
		}
		/* then the comparisons of the rules that remain */
		for (i = 0; i < s->cnt; i++) {
			for (j = s->ops[i].cnt; j-- > 0;) {
				t = *s;
				prop_script_drop_cmp(&t, i, j);
				if (check(c, &t, seed,
					  f->kind == F_ACTION ? &data : NULL,
					  &g) ||
				    g.kind != f->kind)
					continue;
				*s = t;
				changed = true;
			}
		}
	}
}

/* Lower is more restrictive: the kernel's precedence of actions. */
static int32_t strictness(uint32_t action)
{
	return (int32_t)(action & 0xffff0000U);
}

static void report(struct ctx *c, struct prop_script *s, uint64_t seed,
		   const char *what)
{
	static const char *const kinds[] = {
		"",
		"seccomp_init failed",
		"return code",
		"export failed",
		"invalid BPF",
		"PFC export failed",
		"filter result",
	};
	struct pm_why why;
	struct failure f;
	int rcs[PROP_OPS_MAX];
	char a[48], b[48];
	struct seccomp_data data;
	scmp_filter_ctx ctx;
	unsigned int i;

	check(c, s, seed, NULL, &f);
	minimise(c, s, seed, &f);
	data = f.data;
	check(c, s, seed, f.kind == F_ACTION ? &data : NULL, &f);

	printf("FAIL %s seed 0x%016" PRIx64 ": %s", what, seed, kinds[f.kind]);
	if (f.kind == F_ACTION &&
	    strictness(f.got_act) > strictness(f.want_act))
		printf(" (SECURITY: the filter is more permissive)");
	printf("\nminimal reproduction:\n");
	ctx = prop_run(&c->api, s, rcs);
	if (ctx != NULL)
		c->api.release(ctx);
	prop_print(stdout, &c->api, s, rcs);
	switch (f.kind) {
	case F_RC:
		printf("call %u returned %d, the model expects %d\n", f.op + 1,
		       f.got, f.want);
		break;
	case F_EXPORT:
	case F_PFC:
		printf("export returned %d\n", f.got);
		break;
	case F_VERIFY:
		printf("verifier: %s at instruction %u\n",
		       bpf_sim_reason_str(f.fault.reason), f.fault.pc);
		break;
	case F_ACTION:
		printf("input: ");
		prop_print_data(stdout, &f.data);
		pm_eval(c->model, &f.data, &why);
		printf("filter returns %s, the model expects %s\n",
		       prop_action_str(f.got_act, a, sizeof(a)),
		       prop_action_str(f.want_act, b, sizeof(b)));
		for (i = 0; i < why.matches; i++) {
			printf("  matching rule%s: ",
			       why.match_rules[i] == why.rule ? " (first)" :
								"");
			pm_rule_print(stdout, c->model, why.match_rules[i]);
		}
		break;
	default:
		break;
	}
}

static uint64_t env_u64(const char *name, uint64_t def)
{
	const char *v = getenv(name);

	return v != NULL && *v != '\0' ? strtoull(v, NULL, 0) : def;
}

int main(void)
{
	uint64_t seed = env_u64("SEED", DEFAULT_SEED);
	uint64_t rounds = env_u64("ROUNDS", DEFAULT_ROUNDS);
	uint64_t round_seed = env_u64("ROUND_SEED", 0);
	bool verbose = env_u64("VERBOSE", 0) != 0;
	/*
	 * a tenth of the scripts set KVERMAX, a tenth of the rules compare
	 * an argument more than once, a tenth of the comparisons take
	 * SCMP_CMP_32BIT, a tenth of the range ones SCMP_CMP_EXT_SIGNED, a
	 * tenth of the scripts set SCMP_FLTATR_EXT_ACT_BADARG32, a tenth
	 * SCMP_FLTATR_EXT_ACT_MUX (lib/prop.c)
	 */
	struct prop_gen_opts opts = { .txn = true,
				      .invalid = true,
				      .kvermax = 10,
				      .repeat = 10,
				      .cmp32 = 10,
				      .sign = 10,
				      .badarg = 10,
				      .act_mux = 10 };
	struct prop_script s;
	struct failure f;
	struct prop_rng rng;
	struct regression reg[4];
	int rcs[PROP_OPS_MAX];
	scmp_filter_ctx ctx;
	struct ctx c;
	unsigned int fails = 0, i, reg_cnt;
	uint64_t r, rs;
	char what[64];

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (round_seed != 0)
		rounds = 1;
	memset(&c, 0, sizeof(c));
	prop_api_ours(&c.api);
	/* every action valid whatever the kernel: results must not vary */
	if (c.api.api_set(6) != 0) {
		printf("seccomp_api_set(6) failed\n");
		return 1;
	}
	c.model = pm_new(&c.api);
	if (c.model == NULL)
		return 1;
	c.pool_cnt = (unsigned int)prop_syscall_pool(
		&c.api, c.pool, sizeof(c.pool) / sizeof(c.pool[0]));
	opts.syscalls = c.pool;
	opts.syscall_cnt = c.pool_cnt;

	/* the scripts use x86_64's syscall numbers */
	reg_cnt = prop_arch_native() == SCMP_ARCH_X86_64 ? regressions(reg) : 0;
	for (i = 0; i < reg_cnt; i++) {
		ctx = prop_run(&c.api, &reg[i].s, rcs);
		if (ctx != NULL)
			c.api.release(ctx);
		if (ctx == NULL ||
		    memcmp(rcs, reg[i].rcs, reg[i].s.cnt * sizeof(int)) != 0) {
			printf("FAIL regression \"%s\": return codes\n",
			       reg[i].what);
			prop_print(stdout, &c.api, &reg[i].s, rcs);
			fails++;
		}
		if (!check(&c, &reg[i].s, 0, NULL, &f)) {
			fails++;
			report(&c, &reg[i].s, 0, reg[i].what);
		}
	}

	for (r = 0; r < rounds && fails < MAX_REPORTS; r++) {
		rs = round_seed != 0 ? round_seed : prop_seed_mix(seed, r);
		snprintf(what, sizeof(what), "round %" PRIu64, r);
		rng.s = rs;
		prop_gen(&rng, &opts, &s);
		if (verbose) {
			printf("# %s seed 0x%016" PRIx64 "\n", what, rs);
			prop_print(stdout, &c.api, &s, NULL);
		}
		if (check(&c, &s, rs, NULL, &f))
			continue;
		fails++;
		report(&c, &s, rs, what);
	}
	printf("%" PRIu64 " rounds (SEED=0x%" PRIx64 "), %llu rules accepted, "
	       "%llu refused, %llu inputs checked\n",
	       r, seed, c.rules_ok, c.rules_failed, c.inputs);
	printf("rule add return codes:");
	for (r = 0; r < 160; r++)
		if (c.rc_count[r] > 0)
			printf(" %s%" PRIu64 ": %llu", r ? "-" : "", r,
			       c.rc_count[r]);
	printf("\n");
	pm_free(c.model);
	printf("%s\n", fails ? "FAILED" : "ok");
	return fails ? 1 : 0;
}
