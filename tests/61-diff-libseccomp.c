/* SPDX-License-Identifier: LGPL-2.1-only */
/* 61-diff-libseccomp: random API calls through ours and Debian's libseccomp. */

/*
 * The system's libseccomp.so.2 is loaded with dlmopen() into a namespace
 * of its own, beside ours (linked normally). Every round runs one random
 * script (lib/prop.c) on both and compares
 *
 *  - the return code of every call;
 *  - the action both exported programs return, in the same simulator, on
 *    every input the model proposes (lib/prop_model.c);
 *
 * and, first, both resolvers on every syscall name of every ABI both know.
 *
 * Each difference is put in a category from what the model says about it
 * (for example "order:range/range": the input matches several rules and
 * the two libraries try them in a different order). Categories listed in
 * diff-known.txt, each with its reason, are counted; anything else fails
 * the test with a minimal reproduction. A call whose return codes differ
 * in a known way is dropped and the round run again, so that the rest of
 * the script is still compared; so is a call 2.5.4 never returns from
 * (their side runs in a child with a timeout) and every failed call when
 * failed calls changed 2.5.4's filter.
 *
 * Environment: SEED, ROUNDS, ROUND_SEED (replay the one round a report
 * names), VERBOSE=1 (print each script), EXAMPLES=1 (a minimal example of
 * every known category met; EXAMPLES=CATEGORY: of that one), DIFF_TALLY=1 (count unlisted categories
 * instead of stopping; still fails), DIFF_TIMEOUT_MS, LIBSECCOMP_SYSTEM
 * (path of the library to compare with). Exit 77 when it cannot be
 * loaded.
 */

#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "prop.h"

#define DEFAULT_SEED 0xd1ff0a11ULL
#define DEFAULT_ROUNDS 300
#define RANDOM_PER_SYSCALL 16
#define MAX_REPORTS 3
#define CAT_LEN 96
#define KNOWN_MAX 256

struct known {
	char cat[CAT_LEN];
	char reason[512];
	unsigned long long seen;
	bool shown; /* an example was printed */
};

struct diff {
	struct prop_api ours, theirs;
	struct pm_state *model;
	int pool[64];
	unsigned int pool_cnt;
	struct known known[KNOWN_MAX];
	unsigned int known_cnt;
	unsigned long long inputs, rounds_clean, dropped;
	bool examples;
	const char *example_cat; /* show examples of this one only */
	bool tally;
	int timeout_ms;		/* for one script on their library */
	volatile int *progress; /* shared with the child: its call */
	uint32_t model_default; /* the current script's default action */
	uint64_t seed;		/* the current round's */
};

/* One difference: where it is and its category. */
struct finding {
	bool rc; /* a return code, else a filter result */
	unsigned int op;
	int ours_rc, theirs_rc;
	struct seccomp_data data;
	uint32_t ours_act, theirs_act;
	char cat[CAT_LEN];
};

/* What their library made of a script, sent back by the child. */
struct theirs {
	int init_ok;
	int export_rc;
	uint32_t len;
	int rcs[PROP_OPS_MAX];
	unsigned char *bpf;
	int hung; /* the call that did not return, or -1 */
};

static struct known *known_lookup(struct diff *df, const char *cat)
{
	unsigned int i;

	for (i = 0; i < df->known_cnt; i++)
		if (strcmp(df->known[i].cat, cat) == 0)
			return &df->known[i];
	return NULL;
}

/*
 * The listed category, or NULL. With DIFF_TALLY=1 an unlisted one is added
 * as "UNLISTED" so that a run surveys them all (and still fails).
 */
static struct known *known_find(struct diff *df, const char *cat)
{
	struct known *k = known_lookup(df, cat);

	if (k != NULL || !df->tally || df->known_cnt == KNOWN_MAX)
		return k;
	k = &df->known[df->known_cnt++];
	snprintf(k->cat, sizeof(k->cat), "%s", cat);
	snprintf(k->reason, sizeof(k->reason), "UNLISTED");
	printf("first %s: round seed 0x%016" PRIx64 "\n", cat, df->seed);
	return k;
}

/* Whether to stop and show an example of a (listed) category. */
static bool want_example(const struct diff *df, const struct known *k)
{
	return df->examples && !k->shown &&
	       (df->example_cat == NULL ||
		strcmp(df->example_cat, k->cat) == 0);
}

/* Reads "CATEGORY REASON..." lines; '#' starts a comment line. */
static int known_load(struct diff *df, const char *path)
{
	char line[1024], *p;
	struct known *k;
	FILE *f;

	f = fopen(path, "r");
	if (f == NULL)
		return -errno;
	while (fgets(line, sizeof(line), f) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		if (line[0] == '#' || line[0] == '\0')
			continue;
		if (df->known_cnt == KNOWN_MAX)
			break;
		k = &df->known[df->known_cnt++];
		p = line + strcspn(line, " \t");
		snprintf(k->cat, sizeof(k->cat), "%.*s", (int)(p - line), line);
		p += strspn(p, " \t");
		snprintf(k->reason, sizeof(k->reason), "%s", p);
	}
	fclose(f);
	return 0;
}

/* A set of syscall names (linear: it is filled once, a few hundred). */
struct names {
	char **v;
	unsigned int cnt, cap;
};

static void names_add(struct names *ns, const char *name)
{
	char **v;
	unsigned int i;

	for (i = 0; i < ns->cnt; i++)
		if (strcmp(ns->v[i], name) == 0)
			return;
	if (ns->cnt == ns->cap) {
		v = realloc(ns->v, (ns->cap * 2 + 64) * sizeof(*v));
		if (v == NULL)
			return;
		ns->v = v;
		ns->cap = ns->cap * 2 + 64;
	}
	ns->v[ns->cnt] = strdup(name);
	if (ns->v[ns->cnt] != NULL)
		ns->cnt++;
}

/* Every name a library gives a number of an ABI. */
static void names_collect(struct names *ns, const struct prop_api *api,
			  uint32_t token)
{
	/* pseudo numbers, the tables, MIPS bases, x32, ARM private calls */
	static const int ranges[][2] = {
		{ -10300, -10000 },   { -300, 1100 },
		{ 4000, 4600 },	      { 5000, 5600 },
		{ 6000, 6600 },	      { 0x40000000, 0x40000600 },
		{ 0xf0000, 0xf0010 },
	};
	unsigned int r;
	char *name;
	int n;

	for (r = 0; r < sizeof(ranges) / sizeof(ranges[0]); r++) {
		for (n = ranges[r][0]; n < ranges[r][1]; n++) {
			name = api->resolve_num_arch(token, n);
			if (name == NULL)
				continue;
			names_add(ns, name);
			api->free(name);
		}
	}
}

/*
 * One name on every ABI 2.5.4 knows: the same number in both libraries,
 * or a listed "table:NAME". Returns whether it differs anywhere.
 */
static bool table_differs(struct diff *df, const char *name, int *fails)
{
	const struct prop_arch *a;
	char cat[CAT_LEN];
	struct known *k;
	unsigned int i;
	int o, t;

	for (i = 0; (a = prop_arch_at(i)) != NULL; i++) {
		/* an ABI 2.5.4 lacks: the arch calls will tell */
		if (df->theirs.resolve_name_arch(a->token, "read") ==
		    __NR_SCMP_ERROR)
			continue;
		o = df->ours.resolve_name_arch(a->token, name);
		t = df->theirs.resolve_name_arch(a->token, name);
		if (o == t)
			continue;
		snprintf(cat, sizeof(cat), "table:%s", name);
		k = known_find(df, cat);
		if (k == NULL) {
			printf("FAIL unlisted difference %s: %s %s is %d in "
			       "ours, %d in theirs\n",
			       cat, a->name, name, o, t);
			(*fails)++;
		} else if (k->seen++ == 0 && df->examples) {
			printf("example %s: %s %s is %d in ours, %d in "
			       "theirs\n",
			       cat, a->name, name, o, t);
		}
		return true;
	}
	return false;
}

/*
 * Resolvers: every name either library gives any number of any ABI both
 * know must map to the same number in both, or be a listed "table:NAME".
 * Returns the number of unlisted differences. Names that differ are taken
 * out of the syscall pool: their rules differ for that reason alone.
 */
static int compare_tables(struct diff *df)
{
	uint32_t native = prop_arch_native();
	struct names ns = { NULL, 0, 0 };
	const struct prop_arch *a;
	unsigned int i, b;
	int n, fails = 0;

	for (i = 0; (a = prop_arch_at(i)) != NULL; i++) {
		names_collect(&ns, &df->ours, a->token);
		names_collect(&ns, &df->theirs, a->token);
	}
	for (i = 0; i < ns.cnt; i++) {
		if (table_differs(df, ns.v[i], &fails)) {
			n = df->ours.resolve_name_arch(native, ns.v[i]);
			for (b = 0; b < df->pool_cnt; b++)
				if (df->pool[b] == n && n != __NR_SCMP_ERROR)
					df->pool[b--] =
						df->pool[--df->pool_cnt];
		}
		free(ns.v[i]);
	}
	free(ns.v);
	return fails;
}

static int theirs_run(struct diff *df, const struct prop_script *s,
		      struct theirs *t);

/*
 * Whether call @i returns @theirs in the model once a call is left out
 * whose rule has all the tests of another live rule of its syscall (what
 * 2.5.4 silently drops, see diff-known.txt). The model is left at the
 * state before call @i.
 */
static bool subset_dropped(struct diff *df, const struct prop_script *s,
			   unsigned int i, int theirs)
{
	struct pm_state *st = df->model;
	int w, q, n, skip, rc;
	unsigned int j;

	n = pm_rule_count(st);
	for (w = 0; w < n; w++) {
		for (q = 0; q < n && !pm_rules_subset(st, q, w); q++)
			;
		if (q == n)
			continue;
		skip = pm_rule_op(st, w);
		pm_init(st, s->def_action);
		for (j = 0; j < i; j++)
			if ((int)j != skip)
				pm_apply(st, &s->ops[j], (int)j);
		rc = pm_apply(st, &s->ops[i], (int)i);
		pm_init(st, s->def_action);
		for (j = 0; j < i; j++)
			pm_apply(st, &s->ops[j], (int)j);
		if (rc == theirs)
			return true;
	}
	return false;
}

/* Whether a rule compares one argument more than once. */
static bool repeats_arg(const struct prop_op *op)
{
	unsigned int i, j;

	for (i = 0; i < op->cnt && i < PROP_ARGS; i++)
		for (j = i + 1; j < op->cnt && j < PROP_ARGS; j++)
			if (op->cmps[i].arg == op->cmps[j].arg)
				return true;
	return false;
}

/*
 * The category of two different return codes of call @i (@rcs: ours):
 *
 *	arch:NAME		an ABI 2.5.4 does not know
 *	state:failed-call	theirs changes once the calls that failed
 *				before are left out
 *	rc:and-one-arg:O	a rule comparing one argument more than
 *				once, which 2.5.4 refuses (-EINVAL) and
 *				ours takes as an AND
 *	rc:hiword64:O/T		a new rule that parts from a live one
 *				at tests agreeing in the high word
 *				(pm_rules_hiword())
 *	rc:norm:O/T		a new rule sharing a test with a live one
 *				that was given in another form
 *				(pm_rules_normalised())
 *	rc:subset:O/T		theirs once a live rule that has all the
 *				tests of another is left out (2.5.4 drops
 *				such rules; pm_rules_subset())
 *	rc:KIND:O/T:RELATION	anything else, with how a rule meets the
 *				live rules (pm_relation())
 */
static void classify_rc(struct diff *df, const struct prop_script *s,
			unsigned int i, const int *rcs, int theirs, char *cat)
{
	const struct prop_op *op = &s->ops[i];
	const struct prop_arch *a = prop_arch(op->token);
	/* clang-format off */
	static const char *const kinds[] = {
		"arch_add", "arch_remove", "attr_set", "priority", "rule",
		"txn", "txn", "txn",
	};
	/* clang-format on */
	struct prop_script t;
	struct theirs th;
	char rel[64] = "";
	unsigned int j, n;

	if ((op->kind == PROP_ARCH_ADD || op->kind == PROP_ARCH_REMOVE) &&
	    a != NULL &&
	    df->theirs.resolve_name_arch(a->token, "read") == __NR_SCMP_ERROR) {
		snprintf(cat, CAT_LEN, "arch:%s", a->name);
		return;
	}

	t.def_action = s->def_action;
	for (j = n = 0; j <= i; j++)
		if (j == i || rcs[j] >= 0)
			t.ops[n++] = s->ops[j];
	t.cnt = n;
	if (n <= i && theirs_run(df, &t, &th) == 0) {
		free(th.bpf);
		if (th.init_ok && th.rcs[n - 1] != theirs) {
			snprintf(cat, CAT_LEN, "state:failed-call");
			return;
		}
	}

	if (op->kind == PROP_RULE && theirs == -EINVAL && repeats_arg(op)) {
		snprintf(cat, CAT_LEN, "rc:and-one-arg:%d", rcs[i]);
		return;
	}
	if (op->kind == PROP_RULE) {
		pm_init(df->model, s->def_action);
		for (j = 0; j < i; j++)
			pm_apply(df->model, &s->ops[j], (int)j);
		if (pm_hiword_op(df->model, op)) {
			snprintf(cat, CAT_LEN, "rc:hiword64:%d/%d", rcs[i],
				 theirs);
			return;
		}
		if (pm_normalised_op(df->model, op)) {
			snprintf(cat, CAT_LEN, "rc:norm:%d/%d", rcs[i], theirs);
			return;
		}
		if (subset_dropped(df, s, i, theirs)) {
			snprintf(cat, CAT_LEN, "rc:subset:%d/%d", rcs[i],
				 theirs);
			return;
		}
		rel[0] = ':';
		pm_relation(df->model, op, rel + 1, sizeof(rel) - 1);
	}
	snprintf(cat, CAT_LEN, "rc:%s:%d/%d%s", kinds[op->kind], rcs[i], theirs,
		 rel);
}

/*
 * Drops the rule calls 2.5.4 would never return from (see
 * pm_forks_after_range()), when that is a listed difference.
 */
static void drop_hangs(struct diff *df, struct prop_script *s)
{
	struct known *k = known_lookup(df, "hang:fork-after-range");
	unsigned int i;

	if (k == NULL)
		return;
	pm_init(df->model, s->def_action);
	for (i = 0; i < s->cnt; i++) {
		if (s->ops[i].kind == PROP_RULE &&
		    pm_forks_after_range(df->model, &s->ops[i])) {
			k->seen++;
			df->dropped++;
			prop_script_drop(s, i--);
			continue;
		}
		pm_apply(df->model, &s->ops[i], (int)i);
	}
}

/*
 * Whether the run of @prog on @d passes a test of the accumulator that
 * does not know what the accumulator holds: a jump that paths with
 * different loaded fields reach, or a test of the arch field inside an
 * ABI's block or against a value that is no audit arch (a missing "ld
 * nr"). libseccomp 2.5.4 makes such programs when it shares blocks
 * between rules; its PFC of the same filter is right. Knowing the source
 * of each accumulator value is a forward pass: classic BPF only jumps
 * forward.
 */
static bool stale_accumulator(const struct bpf_sim_prog *prog,
			      const struct seccomp_data *d)
{
	const struct sock_filter *in = prog->insns;
	uint32_t *src, acc = 0, k;
	unsigned int pc, next[2], n, i, steps = 0;
	bool stale = false, token, in_abi = false;
	const struct prop_arch *a = NULL;

	src = calloc(prog->len + 1, sizeof(*src));
	if (src == NULL)
		return false;
	/* bit w: word w of seccomp_data; bit 31: the initial zero */
	src[0] = 1U << 31;
	for (pc = 0; pc < prog->len; pc++) {
		uint32_t out = src[pc];

		n = 0;
		switch (BPF_CLASS(in[pc].code)) {
		case BPF_LD:
			out = 1U << (in[pc].k / 4 % 16);
			next[n++] = pc + 1;
			break;
		case BPF_JMP:
			if (BPF_OP(in[pc].code) == BPF_JA) {
				next[n++] = pc + 1 + in[pc].k;
			} else {
				next[n++] = pc + 1 + in[pc].jt;
				next[n++] = pc + 1 + in[pc].jf;
			}
			break;
		case BPF_RET:
			break;
		default:
			next[n++] = pc + 1;
			break;
		}
		for (i = 0; i < n; i++)
			if (next[i] < prog->len)
				src[next[i]] |= out;
	}

	/* follow the input's path */
	for (pc = 0; pc < prog->len && steps++ < prog->len;) {
		const struct sock_filter *f = &in[pc];

		if (BPF_CLASS(f->code) == BPF_RET)
			break;
		if (BPF_CLASS(f->code) == BPF_LD) {
			acc = bpf_sim_data_word(d, f->k, prog->big_endian);
			pc++;
			continue;
		}
		if (BPF_CLASS(f->code) == BPF_ALU) {
			if (BPF_OP(f->code) == BPF_AND)
				acc &= f->k;
			else if (BPF_OP(f->code) == BPF_OR)
				acc |= f->k;
			pc++;
			continue;
		}
		if (BPF_CLASS(f->code) != BPF_JMP) {
			pc++;
			continue;
		}
		if (BPF_OP(f->code) == BPF_JA) {
			pc += 1 + f->k;
			continue;
		}
		if (__builtin_popcount(src[pc]) > 1)
			stale = true;
		if (src[pc] == 1U << 1) {
			/* inside an ABI's block the arch is known already */
			token = !in_abi;
			for (i = 0; token && (a = prop_arch_at(i)) != NULL; i++)
				if (a->data_arch == f->k)
					break;
			stale = stale || !token || a == NULL;
			if (BPF_OP(f->code) == BPF_JEQ && acc == f->k)
				in_abi = true;
		}
		k = f->k;
		switch (BPF_OP(f->code)) {
		case BPF_JEQ:
			pc += 1 + (acc == k ? f->jt : f->jf);
			break;
		case BPF_JGT:
			pc += 1 + (acc > k ? f->jt : f->jf);
			break;
		case BPF_JGE:
			pc += 1 + (acc >= k ? f->jt : f->jf);
			break;
		default:
			pc += 1 + ((acc & k) ? f->jt : f->jf);
			break;
		}
	}
	free(src);
	return stale;
}

/*
 * The category of two different filter results for one input, from what
 * the model knows about the rules of the syscall, tried in this order:
 *
 *	bpf:stale-accumulator	see stale_accumulator()
 *	badarch			the input's ABI is not in the filter
 *	x32:shared-number	x86_64 and x32 both have rules for the number
 *	hiword64:*		two of the rules part at 64-bit tests of one
 *				argument that agree in the high word
 *				(pm_rules_hiword())
 *	norm:*			two of the rules share a test given in
 *				two forms (pm_rules_normalised())
 *	subset:*		rules have all the tests of others, and
 *				theirs acts as if they had never been added
 *				(pm_rules_subset(), pm_eval_without())
 *	order:A/B:W		several rules match and theirs is the
 *				action of one that ours tries later; A/B
 *				are the kinds of their first differing
 *				tests, W the ABI's argument width
 *
 * The "*" says what theirs did: "order" (another matching rule's action),
 * "missed" (the default although a rule matches), "spurious" (a rule's
 * action although none matches), "uncond" (not the unconditional action).
 */
static void classify_act(struct diff *df, const struct seccomp_data *d,
			 const struct bpf_sim_prog *prog, uint32_t theirs,
			 char *cat)
{
	const struct pm_state *st = df->model;
	const char *symptom, *width;
	struct pm_why why;
	char kinds[48];
	int a, b, n = pm_rule_count(st), other = -1;
	bool hi = false, sub = false, norm = false, *skip;
	unsigned int i;

	if (stale_accumulator(prog, d)) {
		snprintf(cat, CAT_LEN, "bpf:stale-accumulator");
		return;
	}
	pm_eval(st, d, &why);
	if (why.kind == PM_BADARCH) {
		snprintf(cat, CAT_LEN, "badarch");
		return;
	}
	if (why.entries > 1) {
		snprintf(cat, CAT_LEN, "x32:shared-number");
		return;
	}
	width = pm_arch_is_64(why.token) ? "64" : "32";
	skip = calloc((size_t)n + 1, sizeof(*skip));
	if (skip == NULL) {
		snprintf(cat, CAT_LEN, "no-memory");
		return;
	}
	for (a = 0; a < n; a++) {
		if (!pm_rule_is(st, a, why.token, why.num))
			continue;
		for (b = 0; b < n; b++) {
			hi = hi || pm_rules_hiword(st, a, b);
			norm = norm || pm_rules_normalised(st, a, b);
			skip[a] = skip[a] || pm_rules_subset(st, b, a);
			sub = sub || skip[a];
		}
	}
	/* 2.5.4 acts as if the rules with all the tests of another were not */
	sub = sub && pm_eval_without(st, d, skip) == theirs;
	free(skip);
	/*
	 * The matching rule with their action that parts from ours' first
	 * match nearest the root (the node whose order they disagree on),
	 * and of those the one ours tries first.
	 */
	for (i = 0; i < why.matches; i++) {
		b = why.match_rules[i];
		if (why.match_actions[i] != theirs)
			continue;
		if (other < 0 ||
		    pm_rule_part(st, why.rule, b) <
			    pm_rule_part(st, why.rule, other) ||
		    (pm_rule_part(st, why.rule, b) ==
			     pm_rule_part(st, why.rule, other) &&
		     pm_rule_cmp_first_diff(st, b, other, kinds,
					    sizeof(kinds)) < 0))
			other = b;
	}
	if (why.kind == PM_UNCOND)
		symptom = "uncond";
	else if (other >= 0)
		symptom = "order";
	else if (why.matches > 0 && theirs == df->model_default)
		symptom = "missed";
	else if (why.matches == 0)
		symptom = "spurious";
	else
		symptom = "other";

	if (hi) {
		snprintf(cat, CAT_LEN, "hiword64:%s", symptom);
	} else if (sub) {
		snprintf(cat, CAT_LEN, "subset:%s", symptom);
	} else if (norm) {
		snprintf(cat, CAT_LEN, "norm:%s", symptom);
	} else if (other >= 0) {
		pm_rule_cmp_first_diff(st, why.rule, other, kinds,
				       sizeof(kinds));
		snprintf(cat, CAT_LEN, "order:%s:%s", kinds, width);
	} else {
		snprintf(cat, CAT_LEN, "%s:%s", symptom, width);
	}
}

struct input_run {
	struct diff *df;
	struct bpf_sim_prog *ours, *theirs;
	struct finding *f;
	const char *want_cat; /* when minimising: this category only */
	const struct prop_script *s;
	const int *rcs;
};

/* Whether an action is one the script mentions anywhere. */
static bool script_action(const struct prop_script *s, uint32_t action)
{
	unsigned int i;

	if (action == s->def_action || action == SCMP_ACT_KILL)
		return true;
	for (i = 0; i < s->cnt; i++)
		if ((s->ops[i].kind == PROP_RULE &&
		     s->ops[i].action == action) ||
		    (s->ops[i].kind == PROP_ATTR_SET &&
		     s->ops[i].attr == SCMP_FLTATR_ACT_BADARCH &&
		     s->ops[i].value == action))
			return true;
	return false;
}

static int check_input(const struct seccomp_data *d, void *arg)
{
	struct input_run *ir = arg;
	struct bpf_sim_result ro, rt;
	struct known *k;
	uint32_t want;
	char cat[CAT_LEN];

	ir->df->inputs++;
	if (bpf_sim_run(ir->ours, d, &ro) < 0)
		ro.action = 0xdeadbeef;
	if (bpf_sim_run(ir->theirs, d, &rt) < 0)
		rt.action = 0xdeadbeef;
	want = pm_eval(ir->df->model, d, NULL);
	if (ro.action != want) {
		/* the property test's business, but never let it pass */
		snprintf(cat, sizeof(cat), "model");
	} else if (ro.action == rt.action) {
		return 0;
	} else if (!script_action(ir->s, rt.action)) {
		/* seen only past 256 instructions: jumps that need fixing */
		snprintf(cat, sizeof(cat), "bpf:bogus-action%s",
			 ir->theirs->len > 256 ? ":long" : "");
	} else {
		classify_act(ir->df, d, ir->theirs, rt.action, cat);
	}
	if (ir->want_cat != NULL) {
		if (strcmp(cat, ir->want_cat) != 0)
			return 0;
	} else if ((k = known_find(ir->df, cat)) != NULL) {
		k->seen++;
		if (!want_example(ir->df, k))
			return 0;
	}
	ir->f->rc = false;
	ir->f->data = *d;
	ir->f->ours_act = ro.action;
	ir->f->theirs_act = rt.action;
	snprintf(ir->f->cat, CAT_LEN, "%s", cat);
	return 1;
}

static int read_all(int fd, void *buf, size_t len, int64_t deadline)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	struct timespec now;
	size_t got = 0;
	ssize_t n;
	int64_t left;

	while (got < len) {
		clock_gettime(CLOCK_MONOTONIC, &now);
		left = deadline - (now.tv_sec * 1000 + now.tv_nsec / 1000000);
		if (left <= 0 || poll(&p, 1, (int)left) == 0)
			return -ETIMEDOUT;
		n = read(fd, (char *)buf + got, len - got);
		if (n <= 0)
			return n < 0 && errno == EINTR ? 0 : -ECHILD;
		got += (size_t)n;
	}
	return 0;
}

/*
 * Runs a script on their library in a child process: 2.5.4 can loop
 * forever on some rule sets, and a test must not. Returns 0, -ETIMEDOUT
 * if the child took longer than df->timeout_ms, or -ECHILD if it died.
 */
static int theirs_run(struct diff *df, const struct prop_script *s,
		      struct theirs *t)
{
	struct timespec now;
	int fds[2], status, rc;
	unsigned char *buf;
	scmp_filter_ctx ctx;
	int64_t deadline;
	size_t len;
	pid_t pid;

	memset(t, 0, sizeof(*t));
	t->hung = -1;
	if (df->progress == NULL) {
		df->progress = mmap(NULL, sizeof(int), PROT_READ | PROT_WRITE,
				    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
		if (df->progress == MAP_FAILED) {
			df->progress = NULL;
			return -ECHILD;
		}
	}
	*df->progress = -1;
	if (pipe(fds) < 0)
		return -ECHILD;
	pid = fork();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return -ECHILD;
	}
	if (pid == 0) {
		close(fds[0]);
		df->theirs.progress = df->progress;
		ctx = prop_run(&df->theirs, s, t->rcs);
		*df->progress = -1;
		t->init_ok = ctx != NULL;
		buf = NULL;
		len = 0;
		if (ctx != NULL)
			t->export_rc =
				prop_export_raw(&df->theirs, ctx, &buf, &len);
		t->len = (uint32_t)len;
		if (write(fds[1], t, sizeof(*t)) != (ssize_t)sizeof(*t) ||
		    (len > 0 && write(fds[1], buf, len) != (ssize_t)len))
			_exit(1);
		_exit(0);
	}
	close(fds[1]);
	clock_gettime(CLOCK_MONOTONIC, &now);
	deadline = now.tv_sec * 1000 + now.tv_nsec / 1000000 + df->timeout_ms;
	rc = read_all(fds[0], t, sizeof(*t), deadline);
	t->bpf = NULL;
	if (rc == 0 && t->len > 0) {
		t->bpf = malloc(t->len);
		rc = t->bpf == NULL ?
			     -ECHILD :
			     read_all(fds[0], t->bpf, t->len, deadline);
	}
	close(fds[0]);
	if (rc == -ETIMEDOUT) {
		kill(pid, SIGKILL);
		t->hung = *df->progress;
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status) != 0)
		rc = rc == 0 ? -ECHILD : rc;
	if (rc < 0) {
		free(t->bpf);
		t->bpf = NULL;
	}
	return rc;
}

/*
 * A difference that makes the round go on without call @i: a listed one is
 * counted and the call dropped (returns true); when minimising it counts
 * only if it is the category looked for.
 */
static bool drop_known(struct diff *df, struct prop_script *s, unsigned int i,
		       const char *cat, const char *want_cat)
{
	struct known *k;

	if (want_cat != NULL && strcmp(cat, want_cat) == 0)
		return false;
	k = known_find(df, cat);
	if (k == NULL || (want_cat == NULL && want_example(df, k)))
		return false;
	k->seen++;
	df->dropped++;
	prop_script_drop(s, i);
	return true;
}

/*
 * Runs a script on both libraries. Known differences in return codes, calls
 * 2.5.4 does not return from, and failed calls that change 2.5.4's filter
 * drop calls and start again (the script is changed). Returns true if
 * nothing unknown turned up; else @f holds the first unknown difference.
 * With @want_cat only a difference of that category counts (minimising),
 * and @only limits the inputs to one.
 */
static bool run_both(struct diff *df, struct prop_script *s, uint64_t seed,
		     const char *want_cat, const struct seccomp_data *only,
		     struct finding *f)
{
	struct bpf_sim_prog po = { 0 }, pt = { 0 };
	struct input_run ir = { df, &po, &pt, f, want_cat, s, NULL };
	struct prop_rng rng = { seed ^ 0x5eedULL };
	int ro[PROP_OPS_MAX], want, rc;
	struct prop_script clean;
	scmp_filter_ctx co = NULL;
	struct theirs t = { 0 }, tc;
	unsigned int i, j, again;
	bool ok = false, failed, cleaned = false;
	struct known *k;
	char cat[CAT_LEN];

	memset(f, 0, sizeof(*f));
	drop_hangs(df, s);
	for (again = 0; again < PROP_OPS_MAX; again++) {
		if (co != NULL)
			df->ours.release(co);
		free(t.bpf);
		t.bpf = NULL;
		co = prop_run(&df->ours, s, ro);
		rc = theirs_run(df, s, &t);
		if (rc == -ETIMEDOUT && t.hung >= 0) {
			/* a call 2.5.4 never returns from */
			f->rc = true;
			f->op = (unsigned int)t.hung;
			f->ours_rc = ro[t.hung];
			f->theirs_rc = -ETIMEDOUT;
			snprintf(f->cat, CAT_LEN, "hang");
			if (drop_known(df, s, (unsigned int)t.hung, f->cat,
				       want_cat))
				continue;
			goto out;
		}
		if (rc < 0) {
			/* no call to drop: the export hung, or it crashed */
			snprintf(f->cat, CAT_LEN, "%s",
				 rc == -ETIMEDOUT ? "hang:export" : "crash");
			if (want_cat != NULL)
				goto out;
			k = known_find(df, f->cat);
			if (k == NULL || want_example(df, k))
				goto out;
			k->seen++;
			ok = true;
			goto out;
		}
		if (co == NULL || !t.init_ok) {
			snprintf(f->cat, CAT_LEN, "init");
			goto out;
		}
		pm_init(df->model, s->def_action);
		df->model_default = s->def_action;
		failed = false;
		for (i = 0; i < s->cnt; i++) {
			want = pm_apply(df->model, &s->ops[i], (int)i);
			failed = failed || ro[i] < 0;
			if (ro[i] != want) {
				snprintf(cat, sizeof(cat), "model");
				break;
			}
			if (ro[i] != t.rcs[i]) {
				classify_rc(df, s, i, ro, t.rcs[i], cat);
				break;
			}
		}
		if (i < s->cnt) {
			f->rc = true;
			f->op = i;
			f->ours_rc = ro[i];
			f->theirs_rc = t.rcs[i];
			snprintf(f->cat, CAT_LEN, "%s", cat);
			if (drop_known(df, s, i, cat, want_cat))
				continue;
			goto out;
		}
		if (!failed || cleaned)
			break;

		/*
		 * A failed call must leave the filter as it was: 2.5.4
		 * sometimes changes it (e.g. loses an ABI added since its
		 * last good call).
		 * Then the round goes on without the failed calls.
		 */
		cleaned = true;
		clean = *s;
		for (i = j = 0; i < s->cnt; i++)
			if (ro[i] >= 0)
				clean.ops[j++] = s->ops[i];
		clean.cnt = j;
		if (theirs_run(df, &clean, &tc) < 0)
			break;
		rc = tc.init_ok &&
		     (tc.export_rc != t.export_rc || tc.len != t.len ||
		      (t.len > 0 && memcmp(tc.bpf, t.bpf, t.len) != 0));
		free(tc.bpf);
		if (!rc)
			break;
		f->rc = true;
		f->op = PROP_OPS_MAX;
		snprintf(f->cat, CAT_LEN, "state:failed-call");
		if (want_cat != NULL && strcmp(f->cat, want_cat) == 0)
			goto out;
		k = known_find(df, f->cat);
		if (k == NULL || (want_cat == NULL && want_example(df, k)))
			goto out;
		k->seen++;
		df->dropped += s->cnt - clean.cnt;
		*s = clean;
	}
	memset(f, 0, sizeof(*f));

	rc = prop_export(&df->ours, co, pm_big_endian(df->model), &po);
	if (rc == 0 && bpf_sim_verify(&po, NULL) < 0)
		rc = -ENOEXEC;
	if (rc < 0 && rc == t.export_rc) {
		/* e.g. no ABI left: nothing to export from either */
		ok = true;
		goto out;
	}
	if (rc < 0) {
		snprintf(f->cat, CAT_LEN, "export-ours:%d", rc);
		goto out;
	}
	rc = t.export_rc;
	if (rc == 0)
		rc = bpf_sim_load_mem(&pt, t.bpf, t.len,
				      pm_big_endian(df->model));
	if (rc == 0 && bpf_sim_verify(&pt, NULL) < 0)
		rc = -ENOEXEC;
	if (rc < 0) {
		snprintf(f->cat, CAT_LEN, "export-theirs:%d", rc);
		goto out;
	}
	ir.rcs = ro;
	if (only != NULL)
		ok = check_input(only, &ir) == 0;
	else
		ok = pm_inputs(df->model, &rng, RANDOM_PER_SYSCALL, check_input,
			       &ir) == 0;
out:
	bpf_sim_free(&po);
	bpf_sim_free(&pt);
	free(t.bpf);
	if (co != NULL)
		df->ours.release(co);
	return ok;
}

/* Drops calls and comparisons while a difference of the category stays. */
static void minimise(struct diff *df, struct prop_script *s, uint64_t seed,
		     const struct finding *f)
{
	struct seccomp_data data = f->data;
	struct prop_script t;
	struct finding g;
	bool changed = true;
	unsigned int i, j;
	char cat[CAT_LEN];

	snprintf(cat, sizeof(cat), "%s", f->cat);

	while (changed) {
		changed = false;
		for (i = s->cnt; i-- > 0;) {
			/* run_both() may have dropped calls from s */
			if (i >= s->cnt)
				continue;
			t = *s;
			prop_script_drop(&t, i);
			if (run_both(df, &t, seed, cat, f->rc ? NULL : &data,
				     &g))
				continue;
			*s = t;
			changed = true;
		}
		for (i = 0; i < s->cnt; i++) {
			for (j = s->ops[i].cnt; j-- > 0;) {
				t = *s;
				prop_script_drop_cmp(&t, i, j);
				if (run_both(df, &t, seed, cat,
					     f->rc ? NULL : &data, &g))
					continue;
				*s = t;
				changed = true;
			}
		}
	}
}

static void report(struct diff *df, struct prop_script *s, uint64_t seed,
		   const char *what, const struct finding *first)
{
	struct finding f = *first;
	struct pm_why why;
	int rcs[PROP_OPS_MAX];
	char a[48], b[48];
	scmp_filter_ctx ctx;
	unsigned int i;
	struct known *k = known_find(df, f.cat);
	struct seccomp_data data;
	char cat[CAT_LEN];
	int timeout = df->timeout_ms;

	/* a hang is seen sooner than a full timeout: minimise faster */
	if (strncmp(f.cat, "hang", 4) == 0)
		df->timeout_ms = 300;
	minimise(df, s, seed, &f);
	snprintf(cat, sizeof(cat), "%s", f.cat);
	data = f.data;
	run_both(df, s, seed, cat, f.rc ? NULL : &data, &f);
	df->timeout_ms = timeout;
	if (k != NULL)
		printf("example %s (%s): %s seed 0x%016" PRIx64 "\n", cat,
		       k->reason, what, seed);
	else
		printf("FAIL %s seed 0x%016" PRIx64 ": unlisted difference "
		       "%s\n",
		       what, seed, cat);
	printf("minimal reproduction:\n");
	ctx = prop_run(&df->ours, s, rcs);
	if (ctx != NULL)
		df->ours.release(ctx);
	prop_print(stdout, &df->ours, s, rcs);
	if (f.rc && f.op >= s->cnt)
		printf("their filter changes when the calls that failed are "
		       "left out\n");
	else if (f.rc && f.theirs_rc == -ETIMEDOUT)
		printf("call %u does not return in theirs (%d in ours)\n",
		       f.op + 1, f.ours_rc);
	else if (f.rc)
		printf("call %u returns %d in ours, %d in theirs\n", f.op + 1,
		       f.ours_rc, f.theirs_rc);
	if (f.rc)
		return;
	if (f.data.arch == 0 && f.data.nr == 0 && f.ours_act == 0)
		return;
	printf("input: ");
	prop_print_data(stdout, &f.data);
	printf("ours returns %s, theirs %s\n",
	       prop_action_str(f.ours_act, a, sizeof(a)),
	       prop_action_str(f.theirs_act, b, sizeof(b)));
	pm_eval(df->model, &f.data, &why);
	for (i = 0; i < why.matches; i++) {
		printf("  matching rule%s: ",
		       why.match_rules[i] == why.rule ? " (first)" : "");
		pm_rule_print(stdout, df->model, why.match_rules[i]);
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
	struct prop_gen_opts opts = { .txn = false, .invalid = true };
	const char *srcdir = getenv("srcdir"), *examples;
	const struct scmp_version *v;
	static struct diff df;
	struct prop_script s;
	struct finding f;
	struct prop_rng rng;
	unsigned int fails = 0, i;
	char path[4096], what[64];
	struct known *k;
	uint64_t r, rs;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (round_seed != 0)
		rounds = 1;
	examples = getenv("EXAMPLES");
	df.examples = examples != NULL && *examples != '\0' &&
		      strcmp(examples, "0") != 0;
	/* EXAMPLES=CATEGORY: that one only */
	df.example_cat =
		df.examples && strcmp(examples, "1") != 0 ? examples : NULL;
	df.timeout_ms = (int)env_u64("DIFF_TIMEOUT_MS", 2000);
	df.tally = env_u64("DIFF_TALLY", 0) != 0;
	prop_api_ours(&df.ours);
	if (prop_api_open_system(&df.theirs) < 0) {
		printf("SKIP: no system libseccomp.so.2 to compare with\n");
		return 77;
	}
	v = df.theirs.version();
	if (v->major != 2 ||
	    (v->minor == SCMP_VER_MINOR && v->micro == SCMP_VER_MICRO)) {
		printf("SKIP: the system library is %u.%u.%u\n", v->major,
		       v->minor, v->micro);
		return 77;
	}
	printf("comparing with libseccomp %u.%u.%u\n", v->major, v->minor,
	       v->micro);
	snprintf(path, sizeof(path), "%s/diff-known.txt",
		 srcdir != NULL ? srcdir : ".");
	if (known_load(&df, path) < 0) {
		printf("cannot read %s\n", path);
		return 1;
	}
	/* every action valid in both, whatever the kernel */
	if (df.ours.api_set(6) != 0 || df.theirs.api_set(6) != 0) {
		printf("seccomp_api_set(6) failed\n");
		return 1;
	}
	df.model = pm_new(&df.ours);
	if (df.model == NULL)
		return 1;
	df.pool_cnt = (unsigned int)prop_syscall_pool(&df.ours, df.pool, 64);
	fails += (unsigned int)compare_tables(&df);
	opts.syscalls = df.pool;
	opts.syscall_cnt = df.pool_cnt;

	for (r = 0; r < rounds && fails < MAX_REPORTS; r++) {
		rs = round_seed != 0 ? round_seed : prop_seed_mix(seed, r);
		df.seed = rs;
		snprintf(what, sizeof(what), "round %" PRIu64, r);
		rng.s = rs;
		prop_gen(&rng, &opts, &s);
		if (verbose) {
			printf("# %s seed 0x%016" PRIx64 "\n", what, rs);
			prop_print(stdout, &df.ours, &s, NULL);
		}
		if (run_both(&df, &s, rs, NULL, NULL, &f)) {
			df.rounds_clean++;
			continue;
		}
		k = known_find(&df, f.cat);
		if (k == NULL)
			fails++;
		report(&df, &s, rs, what, &f);
		if (k != NULL)
			k->shown = true;
	}

	printf("%" PRIu64 " rounds (SEED=0x%" PRIx64 "), %llu passed; "
	       "%llu inputs compared; %llu calls dropped for "
	       "known differences\n",
	       r, seed, df.rounds_clean, df.inputs, df.dropped);
	for (i = 0; i < df.known_cnt; i++) {
		if (df.known[i].seen == 0)
			continue;
		printf("known %-28s %8llu  %s\n", df.known[i].cat,
		       df.known[i].seen, df.known[i].reason);
		if (strcmp(df.known[i].reason, "UNLISTED") == 0)
			fails++;
	}
	pm_free(df.model);
	prop_api_close(&df.theirs);
	printf("%s\n", fails ? "FAILED" : "ok");
	return fails ? 1 : 0;
}
