/* SPDX-License-Identifier: LGPL-2.1-only */
/* 88-prove-large: filters at and past BPF_MAXINSNS, proved against their rules for every input, or refused whole. */

/*
 * libseccomp 2.6.1's advisories GHSA-46fr-jh49-xvhx (a double free) and
 * GHSA-2hqh-5c36-grrm (heap corruption) are about oversized filters in
 * its generator. Their exact triggers are not at hand; 68-sim-large has
 * the strongest cases of that class we could make, checked in the
 * simulator (and under valgrind by make check-valgrind). This test proves
 * with Z3 (lib/prove.h) that the programs around the limit mean their
 * rules for every input, not only for the rows 68 runs:
 *   chain       one syscall, 880 rules on a0 (4064 instructions, its
 *               argument tree far past the 255 a jump spans: trampolines);
 *   edge        the same, grown one rule at a time: the last program that
 *               fits is proved, every later one refused with -EFAULT;
 *   tree        OPTIMIZE=2 on x86_64, x86 and x32, a rule with two
 *               comparisons on every syscall of each;
 *   rejected    a small filter whose transaction added 2000 rules (a
 *               program of 8000 instructions or more) and was rejected:
 *               its program failed to generate, again and again, and the
 *               filter it comes back to is proved (68-sim-large goes past
 *               65535 instructions; the model here takes its time with
 *               thousands of rules on one filter).
 * The calls are recorded into shadow models (lib/prove_record.c).
 * PROVE_ONLY (lib/prove.c) proves only some of them ("chain").
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "prove.h"
#include "test_util.h"

#define CHAIN_RULES 880
#define EDGE_RULES 40
#define HUGE_RULES 2000
#define NR_LIMIT 460

/* A distinct 64-bit datum per index and seed: both words differ. */
static uint64_t datum(unsigned int i, unsigned int seed)
{
	return ((uint64_t)(i + 1 + seed * 1000) << 32) |
	       (uint32_t)(i * 7 + 1 + seed);
}

/* A filter for x86_64 alone (whatever the host), default ALLOW. */
static scmp_filter_ctx x86_64_filter(void)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);

	if (ctx != NULL && (seccomp_arch_remove(ctx, SCMP_ARCH_NATIVE) != 0 ||
			    seccomp_arch_add(ctx, SCMP_ARCH_X86_64) != 0)) {
		seccomp_release(ctx);
		ctx = NULL;
	}
	return ctx;
}

static int chain_rule(scmp_filter_ctx ctx, unsigned int i)
{
	return seccomp_rule_add(ctx, SCMP_ACT_ERRNO(i + 1), test_x86_64_nr(0),
				1, SCMP_A0(SCMP_CMP_EQ, datum(i, 9)));
}

/* Proves @ctx as @name unless PROVE_ONLY leaves it out; 1 if not proved. */
static int prove(scmp_filter_ctx ctx, const char *name, struct prove_tally *t)
{
	if (ctx == NULL) {
		printf("FAIL %s: cannot build the filter\n", name);
		return 1;
	}
	if (!prove_wanted(name))
		return 0;
	/* a filter here must be proved: a skip is a failure */
	return prove_ctx(ctx, name, t) != 0;
}

/* The program of @ctx exported, or its -errno. */
static int export_len(scmp_filter_ctx ctx, size_t *len)
{
	*len = 0;
	return seccomp_export_bpf_mem(ctx, NULL, len);
}

static int chain_and_edge(struct prove_tally *t)
{
	scmp_filter_ctx ctx;
	unsigned int i;
	int failed = 0, rc = 0;
	size_t len;

	/* PROVE_ONLY names others: not even built (valgrind runs it so) */
	if (!prove_wanted("chain") && !prove_wanted("edge"))
		return 0;
	ctx = x86_64_filter();

	for (i = 0; ctx != NULL && i < CHAIN_RULES && rc == 0; i++)
		rc = chain_rule(ctx, i);
	if (rc != 0) {
		printf("FAIL chain: rule %u: %d\n", i, rc);
		seccomp_release(ctx);
		return 1;
	}
	failed |= prove(ctx, "chain", t);

	/* one rule at a time up to the first program that does not fit */
	for (; ctx != NULL && i < CHAIN_RULES + EDGE_RULES; i++) {
		if (chain_rule(ctx, i) != 0) {
			printf("FAIL edge: rule %u\n", i);
			failed = 1;
			break;
		}
		rc = export_len(ctx, &len);
		if (rc == -EFAULT)
			break;
		if (rc != 0 ||
		    len > BPF_MAXINSNS * sizeof(struct sock_filter)) {
			printf("FAIL edge: %u rules: %d, %zu bytes\n", i + 1,
			       rc, len);
			failed = 1;
			break;
		}
		/* the rule before this one may have been the last that fits */
		if (seccomp_transaction_start(ctx) != 0)
			failed = 1;
	}
	if (rc != -EFAULT) {
		printf("FAIL edge: %u rules still fit\n", i);
		failed = 1;
	} else {
		/* the innermost transaction held the rule that did not fit */
		seccomp_transaction_reject(ctx);
		rc = export_len(ctx, &len);
		printf("edge: %u rules fit in %zu instructions, %u do not\n", i,
		       len / sizeof(struct sock_filter), i + 1);
		if (rc != 0) {
			printf("FAIL edge: %u rules: %d\n", i, rc);
			failed = 1;
		} else {
			failed |= prove(ctx, "edge", t);
		}
	}
	seccomp_release(ctx);
	return failed;
}

static int tree(struct prove_tally *t)
{
	scmp_filter_ctx ctx;
	int failed, rc = 0, nr, i;

	if (!prove_wanted("tree"))
		return 0;
	ctx = x86_64_filter();
	if (ctx == NULL || seccomp_arch_add(ctx, SCMP_ARCH_X86) != 0 ||
	    seccomp_arch_add(ctx, SCMP_ARCH_X32) != 0 ||
	    seccomp_attr_set(ctx, SCMP_FLTATR_CTL_OPTIMIZE, 2) != 0)
		rc = -1;
	for (i = 0; i < NR_LIMIT && rc == 0; i += 2) {
		nr = test_x86_64_nr(i);
		if (nr >= 0)
			rc = seccomp_rule_add(
				ctx, SCMP_ACT_ERRNO(i + 1), nr, 2,
				SCMP_A0(SCMP_CMP_EQ, i),
				SCMP_A1(SCMP_CMP_GT, datum(i, 3)));
	}
	if (rc != 0) {
		printf("FAIL tree: cannot build the filter\n");
		seccomp_release(ctx);
		return 1;
	}
	failed = prove(ctx, "tree", t);
	seccomp_release(ctx);
	return failed;
}

static int rejected(struct prove_tally *t)
{
	scmp_filter_ctx ctx;
	unsigned int i, round;
	int failed = 0, rc = 0, nr;
	size_t len;

	if (!prove_wanted("rejected"))
		return 0;
	ctx = x86_64_filter();
	if (ctx == NULL ||
	    seccomp_rule_add(ctx, SCMP_ACT_ERRNO(1), test_x86_64_nr(1), 1,
			     SCMP_A0(SCMP_CMP_EQ, 1)) != 0 ||
	    seccomp_rule_add(ctx, SCMP_ACT_KILL, test_x86_64_nr(2), 1,
			     SCMP_A1(SCMP_CMP_GE, datum(2, 2))) != 0 ||
	    seccomp_precompute(ctx) != 0 || seccomp_transaction_start(ctx) != 0)
		rc = -1;
	/* two 64-bit datums no other rule shares: four jumps each, at least */
	for (i = 0; i < HUGE_RULES && rc == 0; i++) {
		nr = test_x86_64_nr((int)(i % NR_LIMIT));
		rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(1 + i % 4094),
				      nr < 0 ? test_x86_64_nr(0) : nr, 2,
				      SCMP_A0(SCMP_CMP_EQ, datum(i, 7)),
				      SCMP_A1(SCMP_CMP_EQ, datum(i, 8)));
	}
	if (rc != 0) {
		printf("FAIL rejected: cannot build the filter\n");
		seccomp_release(ctx);
		return 1;
	}
	for (round = 0; round < 3; round++) {
		if (seccomp_precompute(ctx) != -EFAULT ||
		    export_len(ctx, &len) != -EFAULT) {
			printf("FAIL rejected: %u rules generate\n",
			       HUGE_RULES + 2);
			failed = 1;
		}
	}
	seccomp_transaction_reject(ctx);
	failed |= prove(ctx, "rejected", t);
	seccomp_release(ctx);
	return failed;
}

int main(void)
{
	struct prove_tally t = { 0 };
	int failed = 0;

	prove_only_init("88-prove-large");
	failed |= chain_and_edge(&t);
	failed |= tree(&t);
	failed |= rejected(&t);
	prove_tally_print(stdout, "filters", &t);
	if (prove_only_missed(stdout) > 0)
		failed = 1;
	return failed || t.failed > 0 ? 1 : 0;
}
