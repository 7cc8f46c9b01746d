/* SPDX-License-Identifier: LGPL-2.1-only */
/* Test helper: prove a filter's program against its rules with Z3. */

/*
 * Translation validation: the program a filter exports is a finite
 * function of its input (tools/bpf_prove.h writes it down as a Z3 term),
 * and so are the rules the filter was built from (prove.c writes them
 * down from the independent model, tests/lib/prop_model.c). The solver
 * either shows that no input (arch, syscall number, instruction pointer,
 * six 64-bit arguments) makes the two differ, or gives one that does: a
 * counterexample, checked again in the simulator and the concrete model
 * and printed as an scmp_bpf_sim command line.
 *
 * Two ways in:
 *  - prove_bpf() on a program and the model of its rules, for callers
 *    that drive the model themselves (the fuzz harness, the mutants);
 *  - prove_ctx() on a filter built through the public API in a test
 *    program linked with PROVE_LINK (tests/prove.am): every call of
 *    the API it makes is recorded into a shadow model (prove_record.c),
 *    so filters built by the spec runner, bench's workload builder or
 *    the random scripts are proved without telling the prover how they
 *    were built.
 */

#ifndef PROVE_H
#define PROVE_H

#include <stdbool.h>
#include <stdio.h>

#include <seccomp.h>

#include "bpf_sim.h"
#include "prop.h"

/* The result of one proof. */
struct prove_result {
	bool proved;
	struct seccomp_data cex; /* the counterexample, if not proved */
	uint32_t prog_action;	 /* what the program returns for it */
	uint32_t rule_action;	 /* what the rules say */
	unsigned int insns;	 /* program length */
	double seconds;		 /* encoding and solving */
};

/* Proofs made so far, for a test's closing line. */
struct prove_tally {
	unsigned int proved;
	unsigned int failed;
	unsigned int skipped;
	double seconds;
	double max_seconds;
	char slowest[64];
	unsigned int max_insns;
	char largest[64];
};

int prove_bpf(const struct pm_state *st, const struct bpf_sim_prog *prog,
	      struct prove_result *res);
void prove_report(FILE *f, const char *name, const struct pm_state *st,
		  const struct bpf_sim_prog *prog,
		  const struct prove_result *res);
void prove_tally_add(struct prove_tally *t, const char *name,
		     const struct prove_result *res);
void prove_tally_print(FILE *f, const char *what, const struct prove_tally *t);
void prove_only_init(const char *test);
bool prove_only(void);
bool prove_wanted(const char *name);
unsigned int prove_only_missed(FILE *f);

/* prove_record.c: the shadow models of the filters this process built. */
int prove_ctx(scmp_filter_ctx ctx, const char *name, struct prove_tally *t);
int prove_record_model(scmp_filter_ctx ctx, const struct pm_state **st,
		       const char **why_not);
const struct prop_api *prove_record_resolver(void);

#endif
