/* SPDX-License-Identifier: LGPL-2.1-only */
/* bpf_prove: seccomp classic BPF programs as Z3 terms, and checks on them. */

/*
 * The encoding walks the program once, in instruction order. Jumps only
 * go forward, so every edge into an instruction is known when the walk
 * reaches it. Each reachable instruction gets
 *
 *	reach   a boolean: the input takes a path through it;
 *	A, X, M the register and scratch terms on entry: an if-then-else
 *	        over its incoming edges (conditions that exclude each
 *	        other), collapsed where the edges agree, which they mostly
 *	        do (a filter loads a field, then tests it many times).
 *
 * An exit is a return (value k, or A) or a division by an X of 0 (value
 * 0); on every input exactly one exit is taken, so the program's value is
 * an if-then-else chain over the exits' conditions. Terms are shared, so
 * the formula grows with the number of edges, not of paths.
 */
#include "bpf_prove.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* Offsets of seccomp_data fields: nr, arch, then ip and args[] from 8. */
#define OFF_NR 0u
#define OFF_ARCH 4u
#define OFF_ARGS 16u

/* The machine state on entry to an instruction. */
struct state {
	Z3_ast a;
	Z3_ast x;
	Z3_ast mem[BPF_MEMWORDS];
};

/* What the walk knows about one instruction: NULL reach = unreachable. */
struct node {
	Z3_ast reach;
	struct state st;
};

/* Errors are read back with Z3_get_error_code(): never abort or print. */
static void ignore_error(Z3_context ctx, Z3_error_code code)
{
	(void)ctx;
	(void)code;
}

static Z3_ast var(Z3_context ctx, const char *name, unsigned int bits)
{
	return Z3_mk_const(ctx, Z3_mk_string_symbol(ctx, name),
			   Z3_mk_bv_sort(ctx, bits));
}

/**
 * bpf_prove_open - see bpf_prove.h
 */
int bpf_prove_open(struct bpf_prove *p)
{
	static const char *const names[BPF_PROVE_ARGS] = { "a0", "a1", "a2",
							   "a3", "a4", "a5" };
	Z3_tactic tactic;
	Z3_config cfg;
	unsigned int i;

	memset(p, 0, sizeof(*p));
	cfg = Z3_mk_config();
	if (cfg == NULL)
		return -ENOMEM;
	p->ctx = Z3_mk_context(cfg);
	Z3_del_config(cfg);
	if (p->ctx == NULL)
		return -ENOMEM;
	Z3_set_error_handler(p->ctx, ignore_error);
	p->nr = var(p->ctx, "nr", 32);
	p->arch = var(p->ctx, "arch", 32);
	p->ip = var(p->ctx, "ip", 64);
	for (i = 0; i < BPF_PROVE_ARGS; i++)
		p->args[i] = var(p->ctx, names[i], 64);
	/*
	 * Z3's bit-vector tactic, not its incremental solver: 2-4 times
	 * faster on filters of hundreds of instructions (Docker's on three
	 * ABIs: 0.15 s against 0.46 s), 50 times faster than the generic one.
	 */
	tactic = Z3_mk_tactic(p->ctx, "qfbv");
	if (tactic != NULL) {
		Z3_tactic_inc_ref(p->ctx, tactic);
		p->solver = Z3_mk_solver_from_tactic(p->ctx, tactic);
		Z3_tactic_dec_ref(p->ctx, tactic);
	}
	if (Z3_get_error_code(p->ctx) != Z3_OK || p->solver == NULL) {
		Z3_del_context(p->ctx);
		p->ctx = NULL;
		return -ENOMEM;
	}
	Z3_solver_inc_ref(p->ctx, p->solver);
	return 0;
}

/**
 * bpf_prove_close - see bpf_prove.h
 */
void bpf_prove_close(struct bpf_prove *p)
{
	if (p->ctx == NULL)
		return;
	if (p->solver != NULL)
		Z3_solver_dec_ref(p->ctx, p->solver);
	Z3_del_context(p->ctx);
	memset(p, 0, sizeof(*p));
}

/**
 * bpf_prove_reset - see bpf_prove.h
 */
int bpf_prove_reset(struct bpf_prove *p)
{
	Z3_solver_reset(p->ctx, p->solver);
	return Z3_get_error_code(p->ctx) != Z3_OK ? -EFAULT : 0;
}

/**
 * bpf_prove_u32 - see bpf_prove.h
 */
Z3_ast bpf_prove_u32(struct bpf_prove *p, uint32_t v)
{
	return Z3_mk_unsigned_int(p->ctx, v, Z3_mk_bv_sort(p->ctx, 32));
}

/**
 * bpf_prove_u64 - see bpf_prove.h
 */
Z3_ast bpf_prove_u64(struct bpf_prove *p, uint64_t v)
{
	return Z3_mk_unsigned_int64(p->ctx, v, Z3_mk_bv_sort(p->ctx, 64));
}

/* The word ld [off] loads (off verified: aligned, inside seccomp_data). */
static Z3_ast data_word(struct bpf_prove *p, uint32_t off, int big_endian)
{
	Z3_ast wide;
	unsigned int high;

	if (off == OFF_NR)
		return p->nr;
	if (off == OFF_ARCH)
		return p->arch;
	wide = off < OFF_ARGS ? p->ip : p->args[(off - OFF_ARGS) / 8];
	/* which half sits at the lower address depends on the byte order */
	high = ((off / 4) & 1) ^ (big_endian ? 1u : 0u);
	return high ? Z3_mk_extract(p->ctx, 63, 32, wide) :
		      Z3_mk_extract(p->ctx, 31, 0, wide);
}

/**
 * bpf_prove_word - see bpf_prove.h
 */
Z3_ast bpf_prove_word(struct bpf_prove *p, uint32_t off, int big_endian)
{
	return data_word(p, off, big_endian);
}

static Z3_ast and2(Z3_context ctx, Z3_ast a, Z3_ast b)
{
	Z3_ast both[2] = { a, b };

	return Z3_mk_and(ctx, 2, both);
}

static Z3_ast or2(Z3_context ctx, Z3_ast a, Z3_ast b)
{
	Z3_ast either[2] = { a, b };

	return Z3_mk_or(ctx, 2, either);
}

/* ite(c, a, b), or a itself where both sides are one term. */
static Z3_ast pick(Z3_context ctx, Z3_ast c, Z3_ast a, Z3_ast b)
{
	return Z3_is_eq_ast(ctx, a, b) ? a : Z3_mk_ite(ctx, c, a, b);
}

/* Adds the edge "under @cond, with state @st" into node @to. */
static void edge(Z3_context ctx, struct node *to, Z3_ast cond,
		 const struct state *st)
{
	unsigned int i;

	if (to->reach == NULL) {
		to->reach = cond;
		to->st = *st;
		return;
	}
	to->reach = or2(ctx, cond, to->reach);
	to->st.a = pick(ctx, cond, st->a, to->st.a);
	to->st.x = pick(ctx, cond, st->x, to->st.x);
	for (i = 0; i < BPF_MEMWORDS; i++)
		to->st.mem[i] = pick(ctx, cond, st->mem[i], to->st.mem[i]);
}

/* A plus the ALU operation of @f with operand @src (X or k). */
static Z3_ast alu(Z3_context ctx, const struct sock_filter *f, Z3_ast a,
		  Z3_ast src, Z3_ast five)
{
	switch (BPF_OP(f->code)) {
	case BPF_ADD:
		return Z3_mk_bvadd(ctx, a, src);
	case BPF_SUB:
		return Z3_mk_bvsub(ctx, a, src);
	case BPF_MUL:
		return Z3_mk_bvmul(ctx, a, src);
	case BPF_DIV:
		return Z3_mk_bvudiv(ctx, a, src);
	case BPF_AND:
		return Z3_mk_bvand(ctx, a, src);
	case BPF_OR:
		return Z3_mk_bvor(ctx, a, src);
	case BPF_XOR:
		return Z3_mk_bvxor(ctx, a, src);
	case BPF_LSH:
		/* constant counts are < 32 (verified); X counts wrap */
		return Z3_mk_bvshl(ctx, a, Z3_mk_bvand(ctx, src, five));
	case BPF_RSH:
		return Z3_mk_bvlshr(ctx, a, Z3_mk_bvand(ctx, src, five));
	default:
		return Z3_mk_bvneg(ctx, a);
	}
}

/* The condition of a conditional jump on A and @src. */
static Z3_ast jump_test(Z3_context ctx, uint16_t code, Z3_ast a, Z3_ast src,
			Z3_ast zero)
{
	switch (BPF_OP(code)) {
	case BPF_JEQ:
		return Z3_mk_eq(ctx, a, src);
	case BPF_JGT:
		return Z3_mk_bvugt(ctx, a, src);
	case BPF_JGE:
		return Z3_mk_bvuge(ctx, a, src);
	default:
		return Z3_mk_not(ctx,
				 Z3_mk_eq(ctx, Z3_mk_bvand(ctx, a, src), zero));
	}
}

/* An exit: under @cond the program returns @value. */
struct exits {
	Z3_ast *cond;
	Z3_ast *value;
	unsigned int cnt;
};

static void exit_add(struct exits *e, Z3_ast cond, Z3_ast value)
{
	e->cond[e->cnt] = cond;
	e->value[e->cnt++] = value;
}

/*
 * One reachable instruction: its effect on the state, and the edges or
 * exits it adds.
 */
static void step(struct bpf_prove *p, const struct bpf_sim_prog *prog,
		 struct node *nodes, unsigned int pc, struct exits *ex)
{
	const struct sock_filter *f = &prog->insns[pc];
	Z3_context ctx = p->ctx;
	struct node *n = &nodes[pc];
	struct state st = n->st;
	Z3_ast zero = bpf_prove_u32(p, 0), src, test, ok;

	src = BPF_SRC(f->code) == BPF_X ? st.x : bpf_prove_u32(p, f->k);
	switch (BPF_CLASS(f->code)) {
	case BPF_LD:
	case BPF_LDX:
		if (BPF_MODE(f->code) == BPF_ABS)
			src = data_word(p, f->k, prog->big_endian);
		else if (BPF_MODE(f->code) == BPF_LEN)
			src = bpf_prove_u32(p, BPF_SIM_DATA_LEN);
		else if (BPF_MODE(f->code) == BPF_MEM)
			src = st.mem[f->k % BPF_MEMWORDS];
		else
			src = bpf_prove_u32(p, f->k);
		if (BPF_CLASS(f->code) == BPF_LD)
			st.a = src;
		else
			st.x = src;
		break;
	case BPF_ST:
		st.mem[f->k % BPF_MEMWORDS] = st.a;
		break;
	case BPF_STX:
		st.mem[f->k % BPF_MEMWORDS] = st.x;
		break;
	case BPF_ALU:
		if (BPF_OP(f->code) == BPF_DIV && BPF_SRC(f->code) == BPF_X) {
			/* the kernel returns 0 where X is 0 */
			ok = Z3_mk_not(ctx, Z3_mk_eq(ctx, st.x, zero));
			exit_add(ex, and2(ctx, n->reach, Z3_mk_not(ctx, ok)),
				 zero);
			st.a = alu(ctx, f, st.a, src, bpf_prove_u32(p, 31));
			edge(ctx, &nodes[pc + 1], and2(ctx, n->reach, ok), &st);
			return;
		}
		st.a = alu(ctx, f, st.a, src, bpf_prove_u32(p, 31));
		break;
	case BPF_JMP:
		if (BPF_OP(f->code) == BPF_JA) {
			edge(ctx, &nodes[pc + 1 + f->k], n->reach, &st);
			return;
		}
		if (f->jt == f->jf) {
			edge(ctx, &nodes[pc + 1 + f->jt], n->reach, &st);
			return;
		}
		test = jump_test(ctx, f->code, st.a, src, zero);
		edge(ctx, &nodes[pc + 1 + f->jt], and2(ctx, n->reach, test),
		     &st);
		edge(ctx, &nodes[pc + 1 + f->jf],
		     and2(ctx, n->reach, Z3_mk_not(ctx, test)), &st);
		return;
	case BPF_RET:
		exit_add(ex, n->reach,
			 BPF_RVAL(f->code) == BPF_A ? st.a :
						      bpf_prove_u32(p, f->k));
		return;
	default:
		if (BPF_MISCOP(f->code) == BPF_TAX)
			st.x = st.a;
		else
			st.a = st.x;
		break;
	}
	edge(ctx, &nodes[pc + 1], n->reach, &st);
}

/**
 * bpf_prove_prog - see bpf_prove.h
 */
int bpf_prove_prog(struct bpf_prove *p, const struct bpf_sim_prog *prog,
		   Z3_ast *out)
{
	struct exits ex = { 0 };
	struct node *nodes;
	Z3_ast result;
	unsigned int pc, i;
	int rc = 0;

	if (bpf_sim_verify(prog, NULL) < 0)
		return -EINVAL;
	nodes = calloc(prog->len, sizeof(*nodes));
	/* at most one exit per instruction */
	ex.cond = calloc(prog->len, sizeof(*ex.cond));
	ex.value = calloc(prog->len, sizeof(*ex.value));
	if (nodes == NULL || ex.cond == NULL || ex.value == NULL) {
		rc = -ENOMEM;
		goto out;
	}
	p->big_endian = prog->big_endian;
	nodes[0].reach = Z3_mk_true(p->ctx);
	nodes[0].st.a = nodes[0].st.x = bpf_prove_u32(p, 0);
	for (i = 0; i < BPF_MEMWORDS; i++)
		nodes[0].st.mem[i] = nodes[0].st.a;
	for (pc = 0; pc < prog->len; pc++)
		if (nodes[pc].reach != NULL)
			step(p, prog, nodes, pc, &ex);
	if (ex.cnt == 0) {
		rc = -EINVAL; /* no return reachable: not a verified program */
		goto out;
	}
	/* one exit is taken on every input: the last needs no condition */
	result = ex.value[ex.cnt - 1];
	for (i = ex.cnt - 1; i-- > 0;)
		result = pick(p->ctx, ex.cond[i], ex.value[i], result);
	if (Z3_get_error_code(p->ctx) != Z3_OK)
		rc = -EFAULT;
	else
		*out = result;
out:
	free(nodes);
	free(ex.cond);
	free(ex.value);
	return rc;
}

/* The value of a term in a model, as an unsigned integer. */
static uint64_t model_value(Z3_context ctx, Z3_model m, Z3_ast t)
{
	Z3_ast v;
	uint64_t u = 0;

	if (Z3_model_eval(ctx, m, t, true, &v))
		Z3_get_numeral_uint64(ctx, v, &u);
	return u;
}

/* The input of the solver's current model. */
static void model_input(struct bpf_prove *p, struct seccomp_data *d)
{
	Z3_model m = Z3_solver_get_model(p->ctx, p->solver);
	unsigned int i;

	memset(d, 0, sizeof(*d));
	if (m == NULL)
		return;
	Z3_model_inc_ref(p->ctx, m);
	d->nr = (int)(uint32_t)model_value(p->ctx, m, p->nr);
	d->arch = (uint32_t)model_value(p->ctx, m, p->arch);
	d->instruction_pointer = model_value(p->ctx, m, p->ip);
	for (i = 0; i < BPF_PROVE_ARGS; i++)
		d->args[i] = model_value(p->ctx, m, p->args[i]);
	Z3_model_dec_ref(p->ctx, m);
}

/* Checks the solver under one more assertion, which is then dropped. */
static Z3_lbool check_with(struct bpf_prove *p, Z3_ast extra,
			   struct seccomp_data *d)
{
	Z3_lbool r;

	Z3_solver_push(p->ctx, p->solver);
	Z3_solver_assert(p->ctx, p->solver, extra);
	r = Z3_solver_check(p->ctx, p->solver);
	if (r == Z3_L_TRUE)
		model_input(p, d);
	Z3_solver_pop(p->ctx, p->solver, 1);
	return r;
}

/* arch is the value of a known ABI of the programs' byte order. */
static Z3_ast known_arch(struct bpf_prove *p)
{
	const struct bpf_sim_arch *a;
	Z3_ast any = Z3_mk_false(p->ctx);
	size_t i;

	for (i = 0; (a = bpf_sim_arch_get(i)) != NULL; i++)
		if (a->big_endian == p->big_endian)
			any = or2(p->ctx, any,
				  Z3_mk_eq(p->ctx, p->arch,
					   bpf_prove_u32(p, a->data_arch)));
	return any;
}

/**
 * bpf_prove_check - see bpf_prove.h
 */
int bpf_prove_check(struct bpf_prove *p, Z3_ast a, Z3_ast b,
		    struct seccomp_data *cex)
{
	Z3_context ctx = p->ctx;
	Z3_ast differ = Z3_mk_not(ctx, Z3_mk_eq(ctx, a, b)), fixed, zero;
	Z3_ast wide[1 + BPF_PROVE_ARGS];
	Z3_lbool r;
	unsigned int i;

	if (Z3_get_error_code(ctx) != Z3_OK)
		return -EFAULT;
	r = check_with(p, differ, cex);
	if (r == Z3_L_FALSE)
		return 0;
	if (r != Z3_L_TRUE)
		return Z3_get_error_code(ctx) != Z3_OK ? -EFAULT : -ETIME;
	/* an input scmp_bpf_sim can replay, if there is one */
	if (bpf_prove_sim_arch(cex->arch, p->big_endian) == NULL)
		check_with(p, and2(ctx, differ, known_arch(p)), cex);
	/* then zero what can be zero, one field after the other */
	fixed = and2(ctx, differ,
		     and2(ctx,
			  Z3_mk_eq(ctx, p->arch, bpf_prove_u32(p, cex->arch)),
			  Z3_mk_eq(ctx, p->nr,
				   bpf_prove_u32(p, (uint32_t)cex->nr))));
	wide[0] = p->ip;
	memcpy(&wide[1], p->args, sizeof(p->args));
	zero = bpf_prove_u64(p, 0);
	for (i = 0; i < 1 + BPF_PROVE_ARGS; i++) {
		Z3_ast tried = and2(ctx, fixed, Z3_mk_eq(ctx, wide[i], zero));

		if (check_with(p, tried, cex) == Z3_L_TRUE)
			fixed = tried;
	}
	return Z3_get_error_code(ctx) != Z3_OK ? -EFAULT : 1;
}

/**
 * bpf_prove_exclude - see bpf_prove.h
 */
int bpf_prove_exclude(struct bpf_prove *p, uint32_t arch, uint32_t nr)
{
	Z3_context ctx = p->ctx;

	Z3_solver_assert(
		ctx, p->solver,
		Z3_mk_not(ctx,
			  and2(ctx,
			       Z3_mk_eq(ctx, p->arch, bpf_prove_u32(p, arch)),
			       Z3_mk_eq(ctx, p->nr, bpf_prove_u32(p, nr)))));
	return Z3_get_error_code(ctx) != Z3_OK ? -EFAULT : 0;
}

/**
 * bpf_prove_sim_arch - see bpf_prove.h
 */
const struct bpf_sim_arch *bpf_prove_sim_arch(uint32_t data_arch,
					      int big_endian)
{
	const struct bpf_sim_arch *a;
	size_t i;

	for (i = 0; (a = bpf_sim_arch_get(i)) != NULL; i++)
		if (a->data_arch == data_arch && a->big_endian == big_endian)
			return a;
	return NULL;
}
