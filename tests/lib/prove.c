/* SPDX-License-Identifier: LGPL-2.1-only */
/* Test helper: prove a filter's program against its rules with Z3. */

/*
 * What a filter must do, as a formula
 *
 * For an input (arch, nr, ip, args) the rules of a filter, as the model
 * keeps them (prop_model.c: merged, translated to each ABI, multiplexed
 * socket and IPC calls rewritten, in the order they are tried), decide:
 *
 *  1. arch is no ABI's of the filter: the bad-arch action.
 *  2. x86_64 and x32 share one arch value and tell their calls apart by
 *     the x32 bit of nr. A filter with only one of them sends the other's
 *     calls (nr >= 0x40000000 for x86_64, nr < 0x40000000 for x32) to the
 *     bad-arch action, except nr -1 (a tracer skipping the call).
 *  3. Otherwise, of the filter's ABIs with this arch value, the first in
 *     filter order that has rules for nr decides; without any, the default
 *     action, or with KVERMAX set (SCMP_FLTATR_CTL_KVERMAX) the ENOSYS
 *     action where the model's view says: on each ABI the numbers outside
 *     the spans of its table's syscalls of that version or older, nr -1
 *     aside. x86_64 and x32 share an arch value: with both in the filter,
 *     numbers with the x32 bit go by x32's spans, the others by x86_64's.
 *  4. That ABI's rules for nr are tried in order: an unconditional rule
 *     decides alone; otherwise the first rule whose tests all hold gives
 *     its action, and if none does, the default action. A test compares
 *     one argument, the whole 64 bits on 64-bit ABIs and the low 32 on
 *     32-bit ABIs (their high words are never looked at) and in a 32-bit
 *     test (SCMP_CMP_32BIT, on any ABI); a signed one (SCMP_CMP_EXT_SIGNED,
 *     ours) with the sign bit of both sides flipped.
 *     With SCMP_FLTATR_EXT_ACT_BADARG32 (ours), before any rule, an
 *     argument of the view's badarg_args whose high word is neither 0 nor
 *     0xffffffff over a low word with bit 31 set gives its action.
 *
 * Rules on pseudo numbers (a syscall an ABI lacks) never reach a program;
 * rules on -1 do only with API_TSKIP: the model's view leaves them out.
 * Socket and IPC calls on multiplexing ABIs need nothing here: the model
 * has already turned them into socketcall/ipc rules with a0 == the call
 * and rules for the direct syscalls, which (3) and (4) then cover.
 *
 * The order of (4) is the documented one (seccomp_rule_add(3), "Which rule
 * wins"), so the proof shows more than "never more permissive": that the
 * program returns exactly the action its rules give, for every input.
 */

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bpf_prove.h"
#include "prove.h"

/* A syscall's rules on one ABI: a run of the view. */
struct group {
	uint32_t data_arch;
	int num;
	unsigned int abi;   /* position in the filter's ABIs */
	unsigned int first; /* its first rule in the view */
	unsigned int cnt;
};

static int group_cmp(const void *a, const void *b)
{
	const struct group *x = a, *y = b;

	if (x->data_arch != y->data_arch)
		return x->data_arch < y->data_arch ? -1 : 1;
	if (x->num != y->num)
		return x->num < y->num ? -1 : 1;
	return (x->abi > y->abi) - (x->abi < y->abi);
}

static unsigned int abi_pos(const struct pm_view *v, uint32_t token)
{
	unsigned int i;

	for (i = 0; i < v->arch_cnt && v->arches[i] != token; i++)
		;
	return i;
}

static Z3_ast bool2(Z3_context ctx, Z3_ast a, Z3_ast b, bool both)
{
	Z3_ast ab[2] = { a, b };

	return both ? Z3_mk_and(ctx, 2, ab) : Z3_mk_or(ctx, 2, ab);
}

/*
 * Whether one test of a rule comes out as the rule wants: on the whole
 * argument on a 64-bit ABI (@arg64), on its low word on a 32-bit ABI and
 * for a 32-bit test (SCMP_CMP_32BIT).
 */
static Z3_ast test_term(struct bpf_prove *p, const struct pm_view_test *t,
			bool arg64)
{
	Z3_context ctx = p->ctx;
	bool wide = arg64 && !t->low;
	Z3_sort sort = Z3_mk_bv_sort(ctx, wide ? 64 : 32);
	Z3_ast v = p->args[t->arg], datum, c;

	if (!wide)
		v = Z3_mk_extract(ctx, 31, 0, v);
	if (t->bias != 0)
		v = Z3_mk_bvxor(ctx, v,
				Z3_mk_unsigned_int64(ctx, t->bias, sort));
	datum = Z3_mk_unsigned_int64(ctx, t->datum, sort);
	switch (t->op) {
	case PM_TEST_EQ:
		c = Z3_mk_eq(
			ctx,
			Z3_mk_bvand(ctx, v,
				    Z3_mk_unsigned_int64(ctx, t->mask, sort)),
			datum);
		break;
	case PM_TEST_GT:
		c = Z3_mk_bvugt(ctx, v, datum);
		break;
	default:
		c = Z3_mk_bvuge(ctx, v, datum);
		break;
	}
	return t->holds ? c : Z3_mk_not(ctx, c);
}

/*
 * Whether argument @arg's high word is other than 0 or the sign extension
 * of its low word.
 */
static Z3_ast badarg_term(struct bpf_prove *p, unsigned int arg)
{
	Z3_context ctx = p->ctx;
	Z3_ast v = p->args[arg];
	Z3_ast hi = Z3_mk_extract(ctx, 63, 32, v);
	Z3_ast sext = Z3_mk_sign_ext(ctx, 32, Z3_mk_extract(ctx, 31, 0, v));

	return Z3_mk_not(ctx, bool2(ctx, Z3_mk_eq(ctx, hi, bpf_prove_u32(p, 0)),
				    Z3_mk_eq(ctx, v, sext), false));
}

/* (4): the action of one syscall's rules, the default if none matches. */
static Z3_ast rules_term(struct bpf_prove *p, const struct pm_view *v,
			 const struct group *g)
{
	const struct pm_view_rule *r;
	Z3_ast result = bpf_prove_u32(p, v->def_action), match;
	unsigned int i, j, args = v->rules[g->first].badarg_args;
	bool arg64;

	for (i = g->cnt; i-- > 0;) {
		r = &v->rules[g->first + i];
		if (r->len == 0) {
			result = bpf_prove_u32(p, r->action);
			continue;
		}
		arg64 = pm_arch_is_64(r->token);
		match = test_term(p, &r->t[0], arg64);
		for (j = 1; j < r->len; j++)
			match = bool2(p->ctx, match,
				      test_term(p, &r->t[j], arg64), true);
		result = Z3_mk_ite(p->ctx, match, bpf_prove_u32(p, r->action),
				   result);
	}
	for (i = 0; i < PROP_ARGS; i++)
		if (args & (1U << i))
			result = Z3_mk_ite(p->ctx, badarg_term(p, i),
					   bpf_prove_u32(p, v->badarg), result);
	return result;
}

/* Whether nr is in one of @cnt spans. */
static Z3_ast in_spans(struct bpf_prove *p, const struct pm_view_span *spans,
		       unsigned int cnt)
{
	Z3_context ctx = p->ctx;
	Z3_ast in = Z3_mk_false(ctx), span;
	unsigned int i;

	for (i = 0; i < cnt; i++) {
		span = bool2(
			ctx,
			Z3_mk_bvuge(ctx, p->nr, bpf_prove_u32(p, spans[i].lo)),
			Z3_mk_bvule(ctx, p->nr, bpf_prove_u32(p, spans[i].hi)),
			true);
		in = bool2(ctx, in, span, false);
	}
	return in;
}

/*
 * (3) for a number that no rule names, on the ABIs of one arch value:
 * the default action, or with KVERMAX the ENOSYS action outside the
 * spans of the ABI whose number it is.
 */
static Z3_ast unnamed_term(struct bpf_prove *p, const struct pm_view *v,
			   uint32_t data_arch)
{
	Z3_context ctx = p->ctx;
	Z3_ast def = bpf_prove_u32(p, v->def_action), result = NULL, abi;
	Z3_ast x32_part;
	unsigned int i;

	if (!v->kvermax)
		return def;
	x32_part = Z3_mk_bvuge(ctx, p->nr, bpf_prove_u32(p, BPF_SIM_X32_BIT));
	for (i = 0; i < v->arch_cnt; i++) {
		if (prop_arch(v->arches[i])->data_arch != data_arch)
			continue;
		abi = Z3_mk_ite(ctx, in_spans(p, v->spans[i], v->span_cnt[i]),
				def, bpf_prove_u32(p, v->enosys));
		if (result == NULL)
			result = abi;
		else if (v->arches[i] == SCMP_ARCH_X32)
			result = Z3_mk_ite(ctx, x32_part, abi, result);
		else
			result = Z3_mk_ite(ctx, x32_part, result, abi);
	}
	return Z3_mk_ite(ctx,
			 Z3_mk_eq(ctx, p->nr, bpf_prove_u32(p, 0xffffffffU)),
			 def, result);
}

/* (2) for the ABIs of one arch value, around @body. */
static Z3_ast x32_split(struct bpf_prove *p, const struct pm_view *v,
			uint32_t data_arch, uint32_t badarch, Z3_ast body)
{
	Z3_context ctx = p->ctx;
	Z3_ast other, skip;
	uint32_t token = 0;
	unsigned int i, cnt = 0;

	for (i = 0; i < v->arch_cnt; i++) {
		if (prop_arch(v->arches[i])->data_arch == data_arch) {
			token = v->arches[i];
			cnt++;
		}
	}
	if (cnt != 1 || (token != SCMP_ARCH_X86_64 && token != SCMP_ARCH_X32))
		return body;
	other = Z3_mk_bvuge(ctx, p->nr, bpf_prove_u32(p, BPF_SIM_X32_BIT));
	if (token == SCMP_ARCH_X32)
		other = Z3_mk_not(ctx, other);
	skip = Z3_mk_eq(ctx, p->nr, bpf_prove_u32(p, 0xffffffffU));
	return Z3_mk_ite(ctx, bool2(ctx, other, Z3_mk_not(ctx, skip), true),
			 bpf_prove_u32(p, badarch), body);
}

/*
 * The action the rules give for every input (the top of this file), as
 * a 32-bit term. Returns 0 or -ENOMEM.
 */
static int rules_spec(struct bpf_prove *p, const struct pm_view *v, Z3_ast *out)
{
	struct group *groups;
	Z3_ast result = bpf_prove_u32(p, v->badarch), body;
	unsigned int i, j, cnt = 0;
	uint32_t data_arch;

	groups = calloc(v->cnt + 1, sizeof(*groups));
	if (groups == NULL)
		return -ENOMEM;
	for (i = 0; i < v->cnt; i++) {
		if (cnt > 0 && v->rules[i].token == v->rules[i - 1].token &&
		    v->rules[i].num == v->rules[i - 1].num) {
			groups[cnt - 1].cnt++;
			continue;
		}
		groups[cnt].data_arch = prop_arch(v->rules[i].token)->data_arch;
		groups[cnt].num = v->rules[i].num;
		groups[cnt].abi = abi_pos(v, v->rules[i].token);
		groups[cnt].first = i;
		groups[cnt++].cnt = 1;
	}
	qsort(groups, cnt, sizeof(*groups), group_cmp);

	for (i = 0; i < v->arch_cnt; i++) {
		data_arch = prop_arch(v->arches[i])->data_arch;
		for (j = 0; j < i; j++)
			if (prop_arch(v->arches[j])->data_arch == data_arch)
				break;
		if (j < i)
			continue; /* this arch value is done */
		/* (3): per number, the group of the first ABI in order */
		body = unnamed_term(p, v, data_arch);
		for (j = 0; j < cnt; j++) {
			if (groups[j].data_arch != data_arch ||
			    (j > 0 && groups[j - 1].data_arch == data_arch &&
			     groups[j - 1].num == groups[j].num))
				continue;
			body = Z3_mk_ite(
				p->ctx,
				Z3_mk_eq(p->ctx, p->nr,
					 bpf_prove_u32(
						 p, (uint32_t)groups[j].num)),
				rules_term(p, v, &groups[j]), body);
		}
		body = x32_split(p, v, data_arch, v->badarch, body);
		result = Z3_mk_ite(
			p->ctx,
			Z3_mk_eq(p->ctx, p->arch, bpf_prove_u32(p, data_arch)),
			body, result);
	}
	free(groups);
	*out = result;
	return 0;
}

/*
 * One Z3 context serves the process's proofs: a new one per proof costs
 * more than a small proof (its memory is mapped and cleared anew: 200
 * random filters took 4.8 s so, 1.3 s with one context). It is renewed
 * every CONTEXT_USES proofs, so that the terms of past proofs do not pile
 * up, and closed at exit.
 */
#define CONTEXT_USES 64

static struct bpf_prove z3;
static unsigned int z3_uses;
static bool z3_at_exit;

static void z3_close(void)
{
	bpf_prove_close(&z3);
}

/* The context for a new proof, without assertions; 0 or -errno. */
static int z3_get(struct bpf_prove **p)
{
	int rc;

	if (z3.ctx != NULL && z3_uses++ >= CONTEXT_USES) {
		bpf_prove_close(&z3);
		z3_uses = 0;
	}
	if (z3.ctx == NULL) {
		rc = bpf_prove_open(&z3);
		if (rc < 0)
			return rc;
		if (!z3_at_exit)
			atexit(z3_close);
		z3_at_exit = true;
	}
	*p = &z3;
	return bpf_prove_reset(&z3);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/**
 * prove_bpf - prove a program against the model of its rules
 * @st:   the model, in the state the filter was exported in
 * @prog: the exported program, in the byte order of the filter's ABIs
 * @res:  receives the verdict and, if not proved, a counterexample
 *
 * A counterexample is checked again concretely: the simulator runs the
 * program on it and the model evaluates the rules; they must differ.
 *
 * Returns 0 (see @res->proved); -EINVAL if the program is not one the
 * kernel accepts; -EDOM if the model has no single order of rules to
 * prove against; -EPROTO if the counterexample does not hold concretely
 * (the formula of the rules and the model disagree: a bug here); -ETIME
 * if the solver gave up; -ENOMEM; -EFAULT on a Z3 error.
 */
int prove_bpf(const struct pm_state *st, const struct bpf_sim_prog *prog,
	      struct prove_result *res)
{
	struct bpf_sim_prog run = *prog;
	struct bpf_sim_result out;
	struct bpf_prove *p;
	struct pm_view v;
	Z3_ast prog_term, rule_term;
	double start = now();
	int rc;

	memset(res, 0, sizeof(*res));
	res->insns = prog->len;
	rc = pm_view(st, &v);
	if (rc < 0)
		return rc;
	rc = z3_get(&p);
	if (rc == 0)
		rc = bpf_prove_prog(p, prog, &prog_term);
	if (rc == 0)
		rc = rules_spec(p, &v, &rule_term);
	if (rc == 0)
		rc = bpf_prove_check(p, prog_term, rule_term, &res->cex);
	pm_view_free(&v);
	res->seconds = now() - start;
	if (rc < 0)
		return rc;
	res->proved = rc == 0;
	if (res->proved)
		return 0;
	run.state = 0;
	if (bpf_sim_run(&run, &res->cex, &out) < 0)
		return -EINVAL;
	res->prog_action = out.action;
	res->rule_action = pm_eval(st, &res->cex, NULL);
	return res->prog_action != res->rule_action ? 0 : -EPROTO;
}

/* @v in @bytes bytes of one byte order. */
static void put(unsigned char *b, uint32_t v, unsigned int bytes,
		int big_endian)
{
	unsigned int i;

	for (i = 0; i < bytes; i++)
		b[big_endian ? bytes - 1 - i : i] =
			(unsigned char)(v >> (8 * i));
}

/* Writes a program as exported (its ABIs' byte order); 0 or -errno. */
static int save_prog(const char *path, const struct bpf_sim_prog *prog)
{
	const struct sock_filter *in;
	unsigned char b[8];
	unsigned int i;
	int fd, rc = 0;

	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return -errno;
	for (i = 0; i < prog->len && rc == 0; i++) {
		in = &prog->insns[i];
		put(b, in->code, 2, prog->big_endian);
		b[2] = in->jt;
		b[3] = in->jf;
		put(b + 4, in->k, 4, prog->big_endian);
		if (write(fd, b, sizeof(b)) != (ssize_t)sizeof(b))
			rc = -EIO;
	}
	if (close(fd) < 0 && rc == 0)
		rc = -errno;
	return rc;
}

static const char *action(uint32_t a, char *buf, size_t size)
{
	bpf_sim_action_str(a, buf, size);
	return buf;
}

/**
 * prove_report - explain a counterexample of prove_bpf()
 * @name: the filter's name; the program is saved as prove-NAME.bpf in the
 *        current directory, so that the printed scmp_bpf_sim command
 *        replays the input
 */
void prove_report(FILE *f, const char *name, const struct pm_state *st,
		  const struct bpf_sim_prog *prog,
		  const struct prove_result *res)
{
	const struct seccomp_data *d = &res->cex;
	const struct bpf_sim_arch *a;
	struct pm_why why;
	char path[128], pa[32], ra[32];
	unsigned int i;
	bool among = false;

	snprintf(path, sizeof(path), "prove-%s.bpf", name);
	for (i = 6; path[i] != '\0'; i++)
		if (strchr("/ \t'\"\\$`", path[i]) != NULL)
			path[i] = '_';
	fprintf(f,
		"FAIL %s: the program returns %s where the rules give %s,"
		" for\n  ",
		name, action(res->prog_action, pa, sizeof(pa)),
		action(res->rule_action, ra, sizeof(ra)));
	prop_print_data(f, d);
	pm_eval(st, d, &why);
	switch (why.kind) {
	case PM_BADARCH:
		fprintf(f,
			"  no ABI of the filter takes it: bad-arch action\n");
		break;
	case PM_DEFAULT:
		fprintf(f, "  no rule matches: default action\n");
		break;
	case PM_ENOSYS:
		fprintf(f,
			"  no rule names it, KVERMAX finds it newer on"
			" %s: ENOSYS action\n",
			prop_arch(why.token)->name);
		break;
	default:
		fprintf(f, "  %u rule(s) of nr %d match:\n", why.matches,
			why.num);
		for (i = 0; i < why.matches; i++) {
			among = among ||
				why.match_actions[i] == res->prog_action;
			fprintf(f, "    ");
			pm_rule_print(f, st, why.match_rules[i]);
		}
		if (why.kind == PM_UNCOND)
			fprintf(f, "    (an unconditional rule)\n");
		else if (among)
			fprintf(f, "  the program took another matching rule:"
				   " an order question\n");
		break;
	}
	if (save_prog(path, prog) < 0) {
		fprintf(f, "  (cannot write %s)\n", path);
		return;
	}
	a = bpf_prove_sim_arch(d->arch, prog->big_endian);
	if (a == NULL) {
		fprintf(f,
			"  arch 0x%08" PRIx32 " is no ABI's: scmp_bpf_sim"
			" cannot replay it\n",
			d->arch);
		return;
	}
	fprintf(f,
		"  replay (in tests/): ../tools/scmp_bpf_sim -f %s -a %s"
		" -s %d",
		path, a->name, d->nr);
	for (i = 0; i < PROP_ARGS; i++)
		if (d->args[i] != 0)
			fprintf(f, " -%u 0x%llx", i,
				(unsigned long long)d->args[i]);
	if (d->instruction_pointer != 0)
		fprintf(f, " -i 0x%llx",
			(unsigned long long)d->instruction_pointer);
	fprintf(f, "\n");
}

/** prove_tally_add - count a proof made */
void prove_tally_add(struct prove_tally *t, const char *name,
		     const struct prove_result *res)
{
	if (res->proved)
		t->proved++;
	else
		t->failed++;
	t->seconds += res->seconds;
	if (res->seconds > t->max_seconds) {
		t->max_seconds = res->seconds;
		snprintf(t->slowest, sizeof(t->slowest), "%s", name);
	}
	if (res->insns > t->max_insns) {
		t->max_insns = res->insns;
		snprintf(t->largest, sizeof(t->largest), "%s", name);
	}
}

/** prove_tally_print - the closing line of a test that proves filters */
void prove_tally_print(FILE *f, const char *what, const struct prove_tally *t)
{
	fprintf(f,
		"%s: %u proved, %u failed, %u skipped in %.2f s;"
		" slowest %s (%.3f s), largest %s (%u instructions)\n",
		what, t->proved, t->failed, t->skipped, t->seconds,
		t->slowest[0] ? t->slowest : "-", t->max_seconds,
		t->largest[0] ? t->largest : "-", t->max_insns);
}

/*
 * $PROVE_ONLY: the filters to prove, as TEST:NAME words (space-separated)
 * with the test's program name and the filter's name as the test prints
 * it: "92-prove-sims:74-sim-kvermax/x86-4.0", "99-prove-random:round-47".
 * A test that it names nothing of proves all. make check-valgrind sets it:
 * Z3 under valgrind takes about half a second a proof, and valgrind is
 * there for the library's memory, which a few proofs exercise as well as
 * all of them.
 */
#define ONLY_MAX 16

static char only_buf[1024];
static const char *only[ONLY_MAX];
static bool only_seen[ONLY_MAX];
static unsigned int only_cnt;

/**
 * prove_only_init - read the names $PROVE_ONLY gives test @test (its
 * program name); call it before the other prove_only functions
 */
void prove_only_init(const char *test)
{
	const char *env = getenv("PROVE_ONLY");
	size_t len = strlen(test);
	char *tok, *save = NULL;

	only_cnt = 0;
	if (env == NULL)
		return;
	snprintf(only_buf, sizeof(only_buf), "%s", env);
	for (tok = strtok_r(only_buf, " \t\n", &save);
	     tok != NULL && only_cnt < ONLY_MAX;
	     tok = strtok_r(NULL, " \t\n", &save))
		if (strncmp(tok, test, len) == 0 && tok[len] == ':')
			only[only_cnt++] = tok + len + 1;
}

/** prove_only - whether $PROVE_ONLY names this test's filters to prove */
bool prove_only(void)
{
	return only_cnt > 0;
}

/**
 * prove_wanted - whether to prove the filter @name: yes, unless
 * $PROVE_ONLY names others of this test
 */
bool prove_wanted(const char *name)
{
	unsigned int i;
	bool wanted = only_cnt == 0;

	for (i = 0; i < only_cnt; i++) {
		if (strcmp(only[i], name) == 0) {
			only_seen[i] = true;
			wanted = true;
		}
	}
	return wanted;
}

/**
 * prove_only_missed - say which of this test's names in $PROVE_ONLY no
 * prove_wanted() asked about: a list that names no filter the test builds
 * would prove nothing
 *
 * Returns their count.
 */
unsigned int prove_only_missed(FILE *f)
{
	unsigned int i, missed = 0;

	for (i = 0; i < only_cnt; i++) {
		if (only_seen[i])
			continue;
		fprintf(f,
			"FAIL PROVE_ONLY names %s, which this test does not"
			" build\n",
			only[i]);
		missed++;
	}
	return missed;
}
