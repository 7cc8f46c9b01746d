/* SPDX-License-Identifier: LGPL-2.1-only */
/* Random API call scripts for the property and differential tests. */

/*
 * A script is the list of calls a test makes on one filter: seccomp_init
 * and then arch, attribute, priority, rule and transaction calls. It is
 * plain data, so the same script can be run through our library and
 * through Debian's (loaded with dlmopen), replayed with calls removed when
 * a failure is minimised, and printed as C for a reproduction.
 *
 * struct prop_api is the table of library entry points a script runs on;
 * prop_api_ours() fills it with this tree's library, prop_api_open() with
 * another copy of libseccomp.so.2 in a separate link-map namespace.
 *
 * The independent model of the rules (prop_model.c) is declared here too:
 * it predicts every return code and every filter result from libseccomp's
 * documented semantics, never from our library's code.
 */

#ifndef PROP_H
#define PROP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <seccomp.h>
#include <seccomp-ext.h>

#include "bpf_sim.h"

#define PROP_OPS_MAX 96
#define PROP_ARGS 6
/* Most tests of a rule: six, and a multiplexer's call number. */
#define PROP_TESTS (PROP_ARGS + 1)

enum prop_op_kind {
	PROP_ARCH_ADD,
	PROP_ARCH_REMOVE,
	PROP_ATTR_SET,
	PROP_PRIORITY,
	PROP_RULE,
	PROP_TXN_START, /* our API only (2.6) */
	PROP_TXN_COMMIT,
	PROP_TXN_REJECT,
};

/* Which rule_add entry point a rule goes through. */
enum prop_call {
	PROP_CALL_ARRAY,
	PROP_CALL_VA,
	PROP_CALL_EXACT_ARRAY,
	PROP_CALL_EXACT_VA,
};

struct prop_op {
	enum prop_op_kind kind;
	uint32_t token; /* ARCH_* */
	int attr;	/* ATTR_SET */
	uint32_t value;
	int syscall; /* PRIORITY, RULE: native number */
	uint8_t priority;
	uint32_t action; /* RULE */
	enum prop_call call;
	unsigned int cnt;
	struct scmp_arg_cmp cmps[PROP_ARGS];
};

struct prop_script {
	uint32_t def_action;
	unsigned int cnt;
	struct prop_op ops[PROP_OPS_MAX];
};

/* The entry points a script uses; NULL where a library lacks one. */
struct prop_api {
	const char *name;
	void *handle; /* dlmopen handle, NULL for ours */
	const struct scmp_version *(*version)(void);
	int (*api_set)(unsigned int level);
	unsigned int (*api_get)(void);
	scmp_filter_ctx (*init)(uint32_t def_action);
	void (*release)(scmp_filter_ctx ctx);
	int (*arch_add)(scmp_filter_ctx ctx, uint32_t token);
	int (*arch_remove)(scmp_filter_ctx ctx, uint32_t token);
	int (*attr_set)(scmp_filter_ctx ctx, enum scmp_filter_attr attr,
			uint32_t value);
	int (*priority)(scmp_filter_ctx ctx, int syscall, uint8_t priority);
	int (*rule_add)(scmp_filter_ctx ctx, uint32_t action, int syscall,
			unsigned int cnt, ...);
	int (*rule_add_array)(scmp_filter_ctx ctx, uint32_t action, int syscall,
			      unsigned int cnt,
			      const struct scmp_arg_cmp *cmps);
	int (*rule_add_exact)(scmp_filter_ctx ctx, uint32_t action, int syscall,
			      unsigned int cnt, ...);
	int (*rule_add_exact_array)(scmp_filter_ctx ctx, uint32_t action,
				    int syscall, unsigned int cnt,
				    const struct scmp_arg_cmp *cmps);
	int (*export_bpf)(const scmp_filter_ctx ctx, int fd);
	int (*export_bpf_mem)(const scmp_filter_ctx ctx, void *buf,
			      size_t *len);
	int (*export_pfc)(const scmp_filter_ctx ctx, int fd);
	int (*txn_start)(const scmp_filter_ctx ctx);
	int (*txn_commit)(const scmp_filter_ctx ctx);
	void (*txn_reject)(const scmp_filter_ctx ctx);
	char *(*resolve_num_arch)(uint32_t token, int num);
	int (*resolve_name_arch)(uint32_t token, const char *name);
	void (*free)(void *ptr); /* the library's own free() */
	volatile int *progress;	 /* if set, prop_run() stores each call's
				 * index here before making it */
};

/*
 * Facts about one ABI, from the kernel and libseccomp's documentation:
 * its audit token, what seccomp_data.arch holds for it, the width of the
 * arguments the filter compares, byte order, whether socket and IPC calls
 * go through socketcall(2)/ipc(2), and which syscall table it has (the
 * column of src/syscalls.csv).
 */
struct prop_arch {
	const char *name;
	const char *macro; /* SCMP_ARCH_* spelling for reproductions */
	uint32_t token;
	uint32_t data_arch;
	bool arg64;
	bool big_endian;
	bool mux;
	const char *table;
};

const struct prop_arch *prop_arch(uint32_t token);
const struct prop_arch *prop_arch_at(unsigned int i);
uint32_t prop_arch_native(void);

void prop_api_ours(struct prop_api *api);
int prop_api_open(struct prop_api *api, const char *path);
int prop_api_open_system(struct prop_api *api);
void prop_api_close(struct prop_api *api);

/* A small, fast, seedable generator (splitmix64). */
struct prop_rng {
	uint64_t s;
};

uint64_t prop_rand(struct prop_rng *rng);
uint32_t prop_below(struct prop_rng *rng, uint32_t n);
uint64_t prop_seed_mix(uint64_t seed, uint64_t round);

/* What kinds of calls a generated script may contain. */
struct prop_gen_opts {
	bool txn;	      /* transactions (2.6 API) */
	bool invalid;	      /* now and then a call that must fail */
	unsigned int kvermax; /* percent of scripts that set KVERMAX */
	unsigned int repeat;  /* percent of rules that compare one
				 * argument more than once (an extension:
				 * libseccomp refuses them) */
	unsigned int cmp32;   /* percent of comparisons with SCMP_CMP_32BIT
			       * (provisional: libseccomp 2.5 and 2.6
			       * refuse it), and with @invalid now and then
			       * a flag bit that none has */
	unsigned int sign;    /* percent of range comparisons with
			       * SCMP_CMP_EXT_SIGNED (ours) */
	unsigned int badarg;  /* percent of scripts that set
			       * SCMP_FLTATR_EXT_ACT_BADARG32 (ours) */
	const int *syscalls;  /* pool of native numbers to draw from */
	unsigned int syscall_cnt;
	unsigned int act_mux; /* percent of scripts that set our
			       * SCMP_FLTATR_EXT_ACT_MUX (libseccomp
			       * refuses it) */
};

void prop_gen(struct prop_rng *rng, const struct prop_gen_opts *opts,
	      struct prop_script *s);
int prop_syscall_pool(const struct prop_api *api, int *out, unsigned int max);

scmp_filter_ctx prop_run(const struct prop_api *api,
			 const struct prop_script *s, int *rcs);
int prop_export_raw(const struct prop_api *api, scmp_filter_ctx ctx,
		    unsigned char **buf, size_t *len);
int prop_export(const struct prop_api *api, scmp_filter_ctx ctx,
		bool big_endian, struct bpf_sim_prog *prog);
int prop_export_pfc(const struct prop_api *api, scmp_filter_ctx ctx);
void prop_print(FILE *f, const struct prop_api *api,
		const struct prop_script *s, const int *rcs);
void prop_print_data(FILE *f, const struct seccomp_data *d);
const char *prop_action_str(uint32_t action, char *buf, size_t size);
bool prop_kvermax_set(const struct prop_script *s, const int *rcs);
void prop_script_drop(struct prop_script *s, unsigned int i);
void prop_script_drop_cmp(struct prop_script *s, unsigned int i,
			  unsigned int j);

/*
 * The model
 */

struct pm_state;

/* Why the model gave its answer for one input. */
struct pm_why {
	int kind;	      /* PM_BADARCH, _DEFAULT, _UNCOND, _RULE,
				 * _ENOSYS */
	uint32_t token;	      /* the ABI that decided */
	int num;	      /* its syscall number */
	int rule;	      /* index of the winning rule, or -1 */
	unsigned int entries; /* ABIs of the audit value with rules */
	unsigned int matches; /* how many rules of the syscall match */
	uint32_t match_actions[PROP_OPS_MAX * 2];
	int match_rules[PROP_OPS_MAX * 2];
};

/*
 * PM_ENOSYS: no rule names the number, which KVERMAX finds newer;
 * PM_BADARG: SCMP_FLTATR_EXT_ACT_BADARG32's check failed
 */
enum { PM_BADARCH, PM_DEFAULT, PM_UNCOND, PM_RULE, PM_ENOSYS, PM_BADARG };

struct pm_state *pm_new(const struct prop_api *resolver);
void pm_free(struct pm_state *st);
void pm_init(struct pm_state *st, uint32_t def_action);
int pm_apply(struct pm_state *st, const struct prop_op *op, int op_index);
uint32_t pm_eval(const struct pm_state *st, const struct seccomp_data *d,
		 struct pm_why *why);
uint32_t pm_eval_without(const struct pm_state *st,
			 const struct seccomp_data *d, const bool *skip);
bool pm_big_endian(const struct pm_state *st);
bool pm_merge_attrs(const struct pm_state *dst, const struct pm_state *src);
int pm_rule_op(const struct pm_state *st, int rule);
void pm_rule_print(FILE *f, const struct pm_state *st, int rule);
int pm_rule_part(const struct pm_state *st, int a, int b);
int pm_rule_cmp_first_diff(const struct pm_state *st, int a, int b, char *buf,
			   size_t size);
bool pm_arch_is_64(uint32_t token);
bool pm_action_valid(uint32_t action);
int pm_relation(struct pm_state *st, const struct prop_op *op, char *buf,
		size_t size);
bool pm_forks_after_range(struct pm_state *st, const struct prop_op *op);
int pm_rule_count(const struct pm_state *st);
bool pm_rule_is(const struct pm_state *st, int r, uint32_t token, int num);
bool pm_rules_related(const struct pm_state *st, int a, int b);
bool pm_rules_hiword(const struct pm_state *st, int a, int b);
bool pm_hiword_op(struct pm_state *st, const struct prop_op *op);
bool pm_rules_normalised(const struct pm_state *st, int a, int b);
bool pm_normalised_op(struct pm_state *st, const struct prop_op *op);
bool pm_rules_subset(const struct pm_state *st, int q, int w);

/*
 * The live rules as a filter must apply them, for the prover
 * (tests/lib/prove.c): each rule's tests in the model's normal form,
 *
 *	PM_TEST_EQ  (arg & mask) == datum
 *	PM_TEST_GT  arg > datum
 *	PM_TEST_GE  arg >= datum
 *
 * a rule matching when each test comes out as @holds says (on 32-bit ABIs
 * and for @low tests on the argument's low word, xor @bias for a signed
 * test). A syscall's rules come after the check of its badarg_args.
 * Only rules that reach a filter are listed
 * (no pseudo numbers; -1 only with API_TSKIP), by ABI in filter order,
 * then by number, then in the order they are tried.
 *
 * With KVERMAX set, each ABI's numbers that no rule names get the default
 * action where its spans say (its syscalls of that version or older) and
 * the ENOSYS action elsewhere, -1 aside (prop_model.c's top comment says
 * which ABI a number of x86_64's arch value belongs to).
 */
enum { PM_TEST_EQ, PM_TEST_GT, PM_TEST_GE };

#define PM_VIEW_ARCHES 32

struct pm_view_test {
	unsigned int arg;
	int op;
	bool holds;
	bool low;      /* SCMP_CMP_32BIT on a 64-bit ABI: the low word alone */
	uint64_t bias; /* SCMP_CMP_EXT_SIGNED: the sign bit flipped on both
			* sides (in datum already), 0 for unsigned */
	uint64_t mask; /* PM_TEST_EQ only */
	uint64_t datum;
};

struct pm_view_rule {
	uint32_t token;
	int num;
	uint32_t action;
	unsigned int len; /* 0: unconditional */
	struct pm_view_test t[PROP_TESTS];
	int live; /* its index among the live rules */
	/* the arguments SCMP_FLTATR_EXT_ACT_BADARG32 checks on its syscall
	 * before any rule (bit n: argument n), 0 for none */
	unsigned int badarg_args;
};

/* Syscall numbers lo..hi, both included. */
struct pm_view_span {
	uint32_t lo;
	uint32_t hi;
};

struct pm_view {
	uint32_t def_action;
	uint32_t badarch;
	unsigned int arch_cnt;
	uint32_t arches[PM_VIEW_ARCHES]; /* filter order */
	unsigned int cnt;
	struct pm_view_rule *rules;
	bool kvermax;	 /* KVERMAX is set */
	uint32_t enosys; /* its action */
	uint32_t badarg; /* SCMP_FLTATR_EXT_ACT_BADARG32 */
	/* per ABI (as arches[]), with KVERMAX: the default's numbers */
	unsigned int span_cnt[PM_VIEW_ARCHES];
	struct pm_view_span *spans[PM_VIEW_ARCHES];
};

int pm_view(const struct pm_state *st, struct pm_view *v);
void pm_view_free(struct pm_view *v);

typedef int (*pm_input_fn)(const struct seccomp_data *d, void *arg);
int pm_inputs(const struct pm_state *st, struct prop_rng *rng,
	      unsigned int random_per_syscall, pm_input_fn fn, void *arg);

#endif
