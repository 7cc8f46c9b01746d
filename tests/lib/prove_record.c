/* SPDX-License-Identifier: LGPL-2.1-only */
/* Test helper: a shadow model of every filter a test program builds. */

/*
 * A program linked with PROVE_LINK (tests/prove.am) has the linker
 * send its calls of the filter-building API through the __wrap_ functions
 * below (ld --wrap): each makes the real call, then the same call on the
 * filter's shadow model (prop_model.c), and compares the return codes.
 * prove_ctx() then proves the exported program against that model, so
 * any code that builds filters through the public API (the spec runner,
 * bench's workload builder, the random scripts) is proved as it is,
 * without telling the prover how the filter was made.
 *
 * A filter whose model cannot follow it is not proved: when a return code
 * differs (said on stderr when it happens, and a failure in the test that
 * proves it), after seccomp_merge() (the model has no merge), or after a
 * change of the default action through seccomp_attr_set().
 *
 * Calls that do not change the program (exports, loads, notification,
 * resolvers, attributes other than the bad-arch action, API_TSKIP,
 * OPTIMIZE, the ENOSYS action, KVERMAX and our BADARG32) pass through
 * unrecorded. TSYNC
 * is one of them: the model takes a NOTIFY ENOSYS action as valid, as a
 * kernel with TSYNC_ESRCH (Linux 5.7) does.
 *
 * A merge the library accepts must have met the model's conditions that
 * the record can see: both filters' ENOSYS actions, KVERMAX versions and
 * BADARG32 actions equal (seccomp_merge(3)); a merge of different ones is
 * a divergence.
 *
 * prove_ctx() is the way in: it proves a filter against its shadow model.
 */

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "prove.h"

/* One filter this process made, and its model. */
struct record {
	scmp_filter_ctx ctx;
	struct pm_state *st;
	int calls;	     /* script position of the next call */
	const char *why_not; /* set once the model cannot follow */
	bool diverged;	     /* because a return code differed */
	char why[192];
};

static struct record *records;
static unsigned int record_cnt, record_cap;
static struct prop_api resolver;
static bool resolver_ready;

scmp_filter_ctx __real_seccomp_init(uint32_t def_action);
int __real_seccomp_reset(scmp_filter_ctx ctx, uint32_t def_action);
void __real_seccomp_release(scmp_filter_ctx ctx);
int __real_seccomp_merge(scmp_filter_ctx dst, scmp_filter_ctx src);
int __real_seccomp_arch_add(scmp_filter_ctx ctx, uint32_t token);
int __real_seccomp_arch_remove(scmp_filter_ctx ctx, uint32_t token);
int __real_seccomp_attr_set(scmp_filter_ctx ctx, enum scmp_filter_attr attr,
			    uint32_t value);
int __real_seccomp_syscall_priority(scmp_filter_ctx ctx, int syscall,
				    uint8_t priority);
int __real_seccomp_rule_add_array(scmp_filter_ctx ctx, uint32_t action,
				  int syscall, unsigned int cnt,
				  const struct scmp_arg_cmp *cmps);
int __real_seccomp_rule_add_exact_array(scmp_filter_ctx ctx, uint32_t action,
					int syscall, unsigned int cnt,
					const struct scmp_arg_cmp *cmps);
int __real_seccomp_rule_add(scmp_filter_ctx ctx, uint32_t action, int syscall,
			    unsigned int cnt, ...);
int __real_seccomp_rule_add_exact(scmp_filter_ctx ctx, uint32_t action,
				  int syscall, unsigned int cnt, ...);
int __real_seccomp_transaction_start(scmp_filter_ctx ctx);
int __real_seccomp_transaction_commit(scmp_filter_ctx ctx);
void __real_seccomp_transaction_reject(scmp_filter_ctx ctx);

scmp_filter_ctx __wrap_seccomp_init(uint32_t def_action);
int __wrap_seccomp_reset(scmp_filter_ctx ctx, uint32_t def_action);
void __wrap_seccomp_release(scmp_filter_ctx ctx);
int __wrap_seccomp_merge(scmp_filter_ctx dst, scmp_filter_ctx src);
int __wrap_seccomp_arch_add(scmp_filter_ctx ctx, uint32_t token);
int __wrap_seccomp_arch_remove(scmp_filter_ctx ctx, uint32_t token);
int __wrap_seccomp_attr_set(scmp_filter_ctx ctx, enum scmp_filter_attr attr,
			    uint32_t value);
int __wrap_seccomp_syscall_priority(scmp_filter_ctx ctx, int syscall,
				    uint8_t priority);
int __wrap_seccomp_rule_add_array(scmp_filter_ctx ctx, uint32_t action,
				  int syscall, unsigned int cnt,
				  const struct scmp_arg_cmp *cmps);
int __wrap_seccomp_rule_add_exact_array(scmp_filter_ctx ctx, uint32_t action,
					int syscall, unsigned int cnt,
					const struct scmp_arg_cmp *cmps);
int __wrap_seccomp_rule_add(scmp_filter_ctx ctx, uint32_t action, int syscall,
			    unsigned int cnt, ...);
int __wrap_seccomp_rule_add_exact(scmp_filter_ctx ctx, uint32_t action,
				  int syscall, unsigned int cnt, ...);
int __wrap_seccomp_transaction_start(scmp_filter_ctx ctx);
int __wrap_seccomp_transaction_commit(scmp_filter_ctx ctx);
void __wrap_seccomp_transaction_reject(scmp_filter_ctx ctx);

/**
 * prove_record_resolver - the resolvers the shadow models name syscalls
 * with (this tree's library)
 */
const struct prop_api *prove_record_resolver(void)
{
	if (!resolver_ready) {
		prop_api_ours(&resolver);
		resolver_ready = true;
	}
	return &resolver;
}

static struct record *find(scmp_filter_ctx ctx)
{
	unsigned int i;

	for (i = 0; ctx != NULL && i < record_cnt; i++)
		if (records[i].ctx == ctx)
			return &records[i];
	return NULL;
}

static void forget(scmp_filter_ctx ctx)
{
	struct record *r = find(ctx);

	if (r == NULL)
		return;
	pm_free(r->st);
	*r = records[--record_cnt];
}

/* Marks a filter's model as unable to follow it, the first reason kept. */
static void lose(struct record *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void lose(struct record *r, const char *fmt, ...)
{
	va_list ap;

	if (r->why_not != NULL)
		return;
	va_start(ap, fmt);
	vsnprintf(r->why, sizeof(r->why), fmt, ap);
	va_end(ap);
	r->why_not = r->why;
}

/* Makes a call on a filter's model; the library returned @rc for it. */
static void follow(scmp_filter_ctx ctx, const struct prop_op *op, int rc)
{
	struct record *r = find(ctx);
	int want;

	if (r == NULL || r->why_not != NULL)
		return;
	want = pm_apply(r->st, op, r->calls++);
	if (want == rc)
		return;
	lose(r,
	     "call %d (kind %d, syscall %d): the library returned %d,"
	     " the model %d",
	     r->calls, (int)op->kind, op->syscall, rc, want);
	r->diverged = true;
	fprintf(stderr, "prove_record: %s\n", r->why);
}

/**
 * prove_record_model - the shadow model of a filter this process built
 * @st:      receives the model
 * @why_not: receives the reason if there is none
 *
 * Returns 0 (*@st set); 77 if the model cannot follow the filter (it was
 * not built through the recorded calls, merged, or given a new default
 * action); 1 if the model and the library disagreed on a return code.
 */
int prove_record_model(scmp_filter_ctx ctx, const struct pm_state **st,
		       const char **why_not)
{
	struct record *r = find(ctx);

	*st = NULL;
	if (r == NULL) {
		*why_not = "not built through the recorded calls";
		return 77;
	}
	*why_not = r->why_not;
	if (r->why_not != NULL)
		return r->diverged ? 1 : 77;
	*st = r->st;
	return 0;
}

scmp_filter_ctx __wrap_seccomp_init(uint32_t def_action)
{
	scmp_filter_ctx ctx = __real_seccomp_init(def_action);
	struct record *grown, *r;

	if (ctx == NULL)
		return NULL;
	if (record_cnt == record_cap) {
		grown = realloc(records, (record_cap * 2 + 8) * sizeof(*grown));
		if (grown == NULL)
			return ctx; /* unrecorded: skipped by a proof */
		records = grown;
		record_cap = record_cap * 2 + 8;
	}
	r = &records[record_cnt];
	memset(r, 0, sizeof(*r));
	r->ctx = ctx;
	r->st = pm_new(prove_record_resolver());
	if (r->st == NULL)
		return ctx;
	pm_init(r->st, def_action);
	record_cnt++;
	return ctx;
}

int __wrap_seccomp_reset(scmp_filter_ctx ctx, uint32_t def_action)
{
	int rc = __real_seccomp_reset(ctx, def_action);
	struct record *r = find(ctx);

	/* a reset filter starts over, as after seccomp_init() */
	if (r != NULL && rc == 0) {
		pm_init(r->st, def_action);
		r->calls = 0;
		r->why_not = NULL;
		r->diverged = false;
	}
	return rc;
}

void __wrap_seccomp_release(scmp_filter_ctx ctx)
{
	forget(ctx);
	__real_seccomp_release(ctx);
}

int __wrap_seccomp_merge(scmp_filter_ctx dst, scmp_filter_ctx src)
{
	struct record *r = find(dst), *s = find(src);
	/* whether the models, where they follow both, allow the merge */
	bool refused = r != NULL && s != NULL && r->why_not == NULL &&
		       s->why_not == NULL && !pm_merge_attrs(r->st, s->st);
	int rc = __real_seccomp_merge(dst, src);

	if (rc != 0)
		return rc;
	forget(src);
	r = find(dst);
	if (r != NULL && refused) {
		lose(r, "seccomp_merge() of filters whose ENOSYS actions or"
			" KVERMAX versions differ returned 0");
		r->diverged = true;
		fprintf(stderr, "prove_record: %s\n", r->why);
	} else if (r != NULL) {
		lose(r, "seccomp_merge() (the model has no merge)");
	}
	return rc;
}

int __wrap_seccomp_arch_add(scmp_filter_ctx ctx, uint32_t token)
{
	struct prop_op op = { .kind = PROP_ARCH_ADD, .token = token };
	int rc = __real_seccomp_arch_add(ctx, token);

	follow(ctx, &op, rc);
	return rc;
}

int __wrap_seccomp_arch_remove(scmp_filter_ctx ctx, uint32_t token)
{
	struct prop_op op = { .kind = PROP_ARCH_REMOVE, .token = token };
	int rc = __real_seccomp_arch_remove(ctx, token);

	follow(ctx, &op, rc);
	return rc;
}

int __wrap_seccomp_attr_set(scmp_filter_ctx ctx, enum scmp_filter_attr attr,
			    uint32_t value)
{
	struct prop_op op = { .kind = PROP_ATTR_SET,
			      .attr = (int)attr,
			      .value = value };
	int rc = __real_seccomp_attr_set(ctx, attr, value);
	struct record *r;

	/* ours (seccomp-ext.h), outside the enum: the model follows them */
	if (attr == SCMP_FLTATR_EXT_ACT_BADARG32 ||
	    attr == SCMP_FLTATR_EXT_ACT_MUX) {
		follow(ctx, &op, rc);
		return rc;
	}
	switch (attr) {
	case SCMP_FLTATR_ACT_BADARCH:
	case SCMP_FLTATR_API_TSKIP:
	case SCMP_FLTATR_CTL_OPTIMIZE:
	case SCMP_FLTATR_ACT_ENOSYS:
	case SCMP_FLTATR_CTL_KVERMAX:
		follow(ctx, &op, rc);
		break;
	case SCMP_FLTATR_ACT_DEFAULT:
		r = find(ctx);
		if (r != NULL && rc == 0)
			lose(r, "a new default action (the model keeps"
				" seccomp_init()'s)");
		break;
	default:
		break; /* no effect on the program */
	}
	return rc;
}

int __wrap_seccomp_syscall_priority(scmp_filter_ctx ctx, int syscall,
				    uint8_t priority)
{
	struct prop_op op = { .kind = PROP_PRIORITY,
			      .syscall = syscall,
			      .priority = priority };
	int rc = __real_seccomp_syscall_priority(ctx, syscall, priority);

	follow(ctx, &op, rc);
	return rc;
}

/* The model's call for a rule, any of the four entry points. */
static void rule_op(struct prop_op *op, enum prop_call call, uint32_t action,
		    int syscall, unsigned int cnt,
		    const struct scmp_arg_cmp *cmps)
{
	memset(op, 0, sizeof(*op));
	op->kind = PROP_RULE;
	op->call = call;
	op->action = action;
	op->syscall = syscall;
	/* more than PROP_ARGS: the model refuses it before the tests */
	op->cnt = cnt;
	if (cmps != NULL)
		memcpy(op->cmps, cmps,
		       (cnt < PROP_ARGS ? cnt : PROP_ARGS) * sizeof(*cmps));
}

int __wrap_seccomp_rule_add_array(scmp_filter_ctx ctx, uint32_t action,
				  int syscall, unsigned int cnt,
				  const struct scmp_arg_cmp *cmps)
{
	int rc = __real_seccomp_rule_add_array(ctx, action, syscall, cnt, cmps);
	struct prop_op op;

	rule_op(&op, PROP_CALL_ARRAY, action, syscall, cnt, cmps);
	follow(ctx, &op, rc);
	return rc;
}

int __wrap_seccomp_rule_add_exact_array(scmp_filter_ctx ctx, uint32_t action,
					int syscall, unsigned int cnt,
					const struct scmp_arg_cmp *cmps)
{
	int rc = __real_seccomp_rule_add_exact_array(ctx, action, syscall, cnt,
						     cmps);
	struct prop_op op;

	rule_op(&op, PROP_CALL_EXACT_ARRAY, action, syscall, cnt, cmps);
	follow(ctx, &op, rc);
	return rc;
}

/*
 * The variadic entry points: the comparisons are read here (none if more
 * than PROP_ARGS: the library refuses those without reading them) and
 * passed on; the callee reads only @cnt of them, the rest are ignored.
 */
static void va_cmps(va_list ap, unsigned int cnt, struct scmp_arg_cmp *c)
{
	unsigned int i;

	for (i = 0; i < cnt && cnt <= PROP_ARGS; i++)
		c[i] = va_arg(ap, struct scmp_arg_cmp);
}

int __wrap_seccomp_rule_add(scmp_filter_ctx ctx, uint32_t action, int syscall,
			    unsigned int cnt, ...)
{
	struct scmp_arg_cmp c[PROP_ARGS] = { { 0 } };
	struct prop_op op;
	va_list ap;
	int rc;

	va_start(ap, cnt);
	va_cmps(ap, cnt, c);
	va_end(ap);
	rc = __real_seccomp_rule_add(ctx, action, syscall, cnt, c[0], c[1],
				     c[2], c[3], c[4], c[5]);
	rule_op(&op, PROP_CALL_VA, action, syscall, cnt, c);
	follow(ctx, &op, rc);
	return rc;
}

int __wrap_seccomp_rule_add_exact(scmp_filter_ctx ctx, uint32_t action,
				  int syscall, unsigned int cnt, ...)
{
	struct scmp_arg_cmp c[PROP_ARGS] = { { 0 } };
	struct prop_op op;
	va_list ap;
	int rc;

	va_start(ap, cnt);
	va_cmps(ap, cnt, c);
	va_end(ap);
	rc = __real_seccomp_rule_add_exact(ctx, action, syscall, cnt, c[0],
					   c[1], c[2], c[3], c[4], c[5]);
	rule_op(&op, PROP_CALL_EXACT_VA, action, syscall, cnt, c);
	follow(ctx, &op, rc);
	return rc;
}

int __wrap_seccomp_transaction_start(scmp_filter_ctx ctx)
{
	struct prop_op op = { .kind = PROP_TXN_START };
	int rc = __real_seccomp_transaction_start(ctx);

	follow(ctx, &op, rc);
	return rc;
}

int __wrap_seccomp_transaction_commit(scmp_filter_ctx ctx)
{
	struct prop_op op = { .kind = PROP_TXN_COMMIT };
	int rc = __real_seccomp_transaction_commit(ctx);

	follow(ctx, &op, rc);
	return rc;
}

void __wrap_seccomp_transaction_reject(scmp_filter_ctx ctx)
{
	struct prop_op op = { .kind = PROP_TXN_REJECT };

	__real_seccomp_transaction_reject(ctx);
	follow(ctx, &op, 0);
}

/**
 * prove_ctx - export a filter built in this process and prove it
 * @name: names it in messages
 * @t:    counts the outcome
 *
 * The filter's rules come from the shadow model its calls were recorded
 * into (prove_record.c). A filter the model could not follow, or that does
 * not export, is skipped with the reason on stdout; one whose return codes
 * the model did not predict fails.
 *
 * Returns 0 if proved, 1 if not (explained on stdout), 77 if skipped.
 */
int prove_ctx(scmp_filter_ctx ctx, const char *name, struct prove_tally *t)
{
	const struct pm_state *st;
	const char *why_not = NULL;
	struct prove_result res;
	struct bpf_sim_prog prog = { 0 };
	size_t len = (BPF_MAXINSNS + 1) * sizeof(struct sock_filter);
	unsigned char *buf;
	int rc;

	rc = prove_record_model(ctx, &st, &why_not);
	if (rc == 1) {
		printf("FAIL %s: %s\n", name, why_not);
		t->failed++;
		return 1;
	}
	if (rc != 0) {
		printf("skip %s: %s\n", name, why_not);
		t->skipped++;
		return 77;
	}
	buf = malloc(len);
	if (buf == NULL)
		return 1;
	rc = seccomp_export_bpf_mem(ctx, buf, &len);
	if (rc < 0) {
		printf("skip %s: seccomp_export_bpf_mem: %d\n", name, rc);
		free(buf);
		t->skipped++;
		return 77;
	}
	rc = bpf_sim_load_mem(&prog, buf, len, pm_big_endian(st));
	free(buf);
	if (rc == 0)
		rc = prove_bpf(st, &prog, &res);
	if (rc < 0) {
		printf("FAIL %s: no proof: %s\n", name, strerror(-rc));
		t->failed++;
		bpf_sim_free(&prog);
		return 1;
	}
	prove_tally_add(t, name, &res);
	if (res.proved)
		printf("proved %s: %u instructions, %.3f s\n", name, res.insns,
		       res.seconds);
	else
		prove_report(stdout, name, st, &prog, &res);
	bpf_sim_free(&prog);
	return res.proved ? 0 : 1;
}
