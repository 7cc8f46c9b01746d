/* SPDX-License-Identifier: LGPL-2.1-only */
/* bpf_diff: the differences of two filter stacks, as proved regions of inputs. */

/*
 * The engine has three parts (bpf_diff.h says why):
 *
 *   track()     (bpf_diff_cell.c) runs a program on one input like
 *               bpf_sim_run(), and records the comparisons of input
 *               words on the path it takes (atoms: (word & mask) op k,
 *               true or false). Every input that satisfies all the atoms
 *               of both sides takes the same paths, so gets the same
 *               values: a cell.
 *   walk()      steps through the syscall numbers of one arch value, a
 *               cell at a time (arguments 0), and keeps the ranges where
 *               the sides differ, merged into runs of one (old, new) pair,
 *               and the cells whose paths compare arguments.
 *   the solver  proves the runs in one query, searches each syscall whose
 *               verdict depends on its arguments for the cells that differ
 *               there, and finally looks for any difference left.
 *
 * A value that is computed from the input (anything but an input word,
 * masked with and #k, or a constant) makes a cell opaque: its comparisons
 * are not atoms, and the input is reported as a sample instead.
 */
#include "bpf_diff.h"
#include "bpf_diff_cell.h"

#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

/* The one list of ABIs, for the argument width of each */
#include "../../src/arch_list.h"
#include "bpf_names.h"
#include "bpf_prove.h"

/* Cells one arch value's walk may take before it leaves the rest. */
#define WALK_STEPS (1u << 18)
/* Numbers in a row the walk cannot describe before it leaves the rest. */
#define WALK_OPAQUE 256u
/* An unnamed stretch of this many numbers inside a run is its own region. */
#define NAME_GAP 16u
/* Named numbers of one ABI, at most. */
#define MAX_NAMED 2048u
/* Arch values walked, at most. */
#define MAX_ARCHES 64u

/* What the walk keeps: a run of numbers, or a cell to search. */
enum run_group {
	G_KIND,	   /* named, the action changes */
	G_ARGS,	   /* the verdict depends on the arguments: search it */
	G_DATA,	   /* named, only the action's data changes */
	G_UNNAMED, /* no number has a name */
};

struct run {
	uint32_t arch;
	uint32_t lo;
	uint32_t hi;
	uint32_t action[2];
	unsigned int order; /* the ABI's place in the walk */
	enum run_group group;
	bool bad; /* the proof failed: left to the last checks */
};

struct runs {
	struct run *r;
	size_t cnt;
	size_t cap;
};

/* A region found now, reported later. */
struct later {
	struct reg r;
	enum bpf_diff_kind kind;
};

struct dctx {
	struct later *later;
	size_t later_cnt;
	size_t later_cap;
	size_t later_done;
	const struct bpf_stack *side[2];
	const struct bpf_diff_opts *opts;
	struct bpf_prove p;
	Z3_solver clean;
	Z3_ast term[2];
	int be;
	unsigned int found;
	bool stop;
	struct bpf_diff_progress pr;
	uint32_t arch[MAX_ARCHES];
	unsigned int narch;
	bool whole[MAX_ARCHES][2];
};

/* ---- syscall names ---------------------------------------------------- */

#define ARCH_INFO(mac, name, col, bits, ...) { name, bits },
static const struct {
	const char *abi;
	unsigned int bits;
} abi_info[] = { ARCH_LIST(ARCH_INFO) };
#undef ARCH_INFO

#define N_ABI_INFO (sizeof(abi_info) / sizeof(abi_info[0]))

/**
 * bpf_diff_abi_bits - see bpf_diff.h
 */
unsigned int bpf_diff_abi_bits(const char *abi)
{
	unsigned int i;

	for (i = 0; abi != NULL && i < N_ABI_INFO; i++)
		if (strcmp(abi, abi_info[i].abi) == 0)
			return abi_info[i].bits;
	return 64;
}

/**
 * bpf_diff_cond_view - see bpf_diff.h
 */
void bpf_diff_cond_view(const struct bpf_diff_cond *c, const char *abi,
			char *field, size_t size, uint64_t *mask,
			uint64_t *value)
{
	const char *half = "";

	*mask = c->mask;
	*value = c->value;
	if (c->field != BPF_DIFF_IP && bpf_diff_abi_bits(abi) == 64) {
		if (c->mask == 0xffffffffull) {
			half = ".lo32";
			*mask = ~0ull;
		} else if (c->mask == 0xffffffff00000000ull) {
			half = ".hi32";
			*mask = ~0ull;
			*value = c->value >> 32;
		}
	}
	if (c->field == BPF_DIFF_IP)
		snprintf(field, size, "ip");
	else
		snprintf(field, size, "a%u%s", c->field, half);
}

static int u32_cmp(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

/* Every named number of @abi in [lo, hi], sorted; returns how many. */
static unsigned int named_nrs(const char *abi, uint32_t lo, uint32_t hi,
			      uint32_t *out)
{
	unsigned int cnt = 0;
	int col = bpf_names_column(abi), n;
	size_t i;

	for (i = 0; bpf_names_row(i, col, &n) != NULL && cnt < MAX_NAMED; i++)
		if (n >= 0 && (uint32_t)n >= lo && (uint32_t)n <= hi)
			out[cnt++] = (uint32_t)n;
	qsort(out, cnt, sizeof(*out), u32_cmp);
	return cnt;
}

/* ---- ABIs and stacks -------------------------------------------------- */

static bool is_x86_64(uint32_t arch, int be)
{
	const struct bpf_sim_arch *a = bpf_prove_sim_arch(arch, be);

	return a != NULL && strcmp(a->name, "x86_64") == 0;
}

/* x32's calls: x86_64's arch value, the x32 bit in nr, nr not -1. */
static bool x32_nr(uint32_t nr)
{
	return (nr & BPF_SIM_X32_BIT) && nr != ~0u;
}

/* The ABI of an input, or NULL for an arch value no ABI has. */
static const struct bpf_sim_arch *input_abi(uint32_t arch, uint32_t nr, int be)
{
	const struct bpf_sim_arch *a = bpf_prove_sim_arch(arch, be);

	if (a != NULL && strcmp(a->name, "x86_64") == 0 && x32_nr(nr))
		return bpf_sim_arch_by_name("x32");
	return a;
}

/*
 * The numbers around @nr of one ABI: x86_64's arch value is cut where the
 * x32 bit changes sides; other arch values are one segment.
 */
static void segment(uint32_t arch, uint32_t nr, int be, uint32_t *lo,
		    uint32_t *hi)
{
	if (!is_x86_64(arch, be)) {
		*lo = 0;
		*hi = ~0u;
	} else if (nr == ~0u) {
		*lo = *hi = nr;
	} else {
		*lo = nr & 0xc0000000u;
		*hi = (nr | 0x3fffffffu) == ~0u ? ~0u - 1 : nr | 0x3fffffffu;
	}
}

/* ---- terms ------------------------------------------------------------ */

static Z3_ast and_list(Z3_context ctx, Z3_ast *t, unsigned int n)
{
	return n == 0 ? Z3_mk_true(ctx) : n == 1 ? t[0] : Z3_mk_and(ctx, n, t);
}

static Z3_ast atom_term(struct dctx *c, const struct atom *a)
{
	Z3_context ctx = c->p.ctx;
	Z3_ast w = bpf_prove_word(&c->p, a->word * 4u, c->be), k, t;

	if (a->mask != ~0u)
		w = Z3_mk_bvand(ctx, w, bpf_prove_u32(&c->p, a->mask));
	k = bpf_prove_u32(&c->p, a->k);
	switch (a->op) {
	case OP_EQ:
		t = Z3_mk_eq(ctx, w, k);
		break;
	case OP_GT:
		t = Z3_mk_bvugt(ctx, w, k);
		break;
	case OP_GE:
		t = Z3_mk_bvuge(ctx, w, k);
		break;
	default:
		t = Z3_mk_not(ctx, Z3_mk_eq(ctx, w, bpf_prove_u32(&c->p, 0)));
		break;
	}
	return a->truth ? t : Z3_mk_not(ctx, t);
}

/* The inputs of arch value @arch (all, or one side of the x32 bit). */
static Z3_ast arch_term(struct dctx *c, uint32_t arch, int x32_side)
{
	Z3_context ctx = c->p.ctx;
	Z3_ast t[3];

	t[0] = Z3_mk_eq(ctx, c->p.arch, bpf_prove_u32(&c->p, arch));
	if (x32_side < 0)
		return t[0];
	t[1] = Z3_mk_not(
		ctx,
		Z3_mk_eq(ctx,
			 Z3_mk_bvand(ctx, c->p.nr,
				     bpf_prove_u32(&c->p, BPF_SIM_X32_BIT)),
			 bpf_prove_u32(&c->p, 0)));
	t[2] = Z3_mk_not(ctx,
			 Z3_mk_eq(ctx, c->p.nr, bpf_prove_u32(&c->p, ~0u)));
	t[1] = and_list(ctx, &t[1], 2);
	t[1] = x32_side ? t[1] : Z3_mk_not(ctx, t[1]);
	return and_list(ctx, t, 2);
}

static Z3_ast nr_term(struct dctx *c, uint32_t lo, uint32_t hi)
{
	Z3_context ctx = c->p.ctx;
	Z3_ast t[2];
	unsigned int n = 0;

	if (lo == hi)
		return Z3_mk_eq(ctx, c->p.nr, bpf_prove_u32(&c->p, lo));
	if (lo > 0)
		t[n++] = Z3_mk_bvuge(ctx, c->p.nr, bpf_prove_u32(&c->p, lo));
	if (hi < ~0u)
		t[n++] = Z3_mk_bvule(ctx, c->p.nr, bpf_prove_u32(&c->p, hi));
	return and_list(ctx, t, n);
}

static Z3_ast reg_term(struct dctx *c, const struct reg *r)
{
	Z3_context ctx = c->p.ctx;
	Z3_ast t[MAX_ATOMS + BPF_DIFF_ARCH_NOT + 2];
	unsigned int n = 0, i;

	if (!r->other_arch)
		t[n++] = arch_term(c, r->arch, -1);
	for (i = 0; r->other_arch && i < r->arch_not_cnt; i++)
		t[n++] = Z3_mk_not(ctx, arch_term(c, r->arch_not[i], -1));
	t[n++] = nr_term(c, r->lo, r->hi);
	for (i = 0; i < r->cnt; i++)
		t[n++] = atom_term(c, &r->atom[i]);
	return and_list(ctx, t, n);
}

/* The sides return @action[0] and @action[1]. */
static Z3_ast pair_term(struct dctx *c, const uint32_t action[2])
{
	Z3_context ctx = c->p.ctx;
	Z3_ast t[2];

	t[0] = Z3_mk_eq(ctx, c->term[0], bpf_prove_u32(&c->p, action[0]));
	t[1] = Z3_mk_eq(ctx, c->term[1], bpf_prove_u32(&c->p, action[1]));
	return and_list(ctx, t, 2);
}

/*
 * Whether some input satisfies what is asserted on @solver and @extra: 1,
 * 0, -errno. The search solver (c->p.solver) holds the exclusions of what
 * was reported; the proof solver (c->clean) holds nothing, so that a
 * proof never leans on an earlier one.
 */
static int sat(struct dctx *c, Z3_solver solver, Z3_ast extra,
	       struct seccomp_data *model)
{
	Z3_context ctx = c->p.ctx;
	Z3_lbool r;

	if (Z3_get_error_code(ctx) != Z3_OK)
		return -EFAULT;
	Z3_solver_push(ctx, solver);
	Z3_solver_assert(ctx, solver, extra);
	r = Z3_solver_check(ctx, solver);
	if (r == Z3_L_TRUE && model != NULL) {
		Z3_model m = Z3_solver_get_model(ctx, solver);
		Z3_ast v;
		uint64_t u;

		memset(model, 0, sizeof(*model));
		if (m != NULL) {
			Z3_model_inc_ref(ctx, m);
			if (Z3_model_eval(ctx, m, c->p.nr, true, &v) &&
			    Z3_get_numeral_uint64(ctx, v, &u))
				model->nr = (int)(uint32_t)u;
			if (Z3_model_eval(ctx, m, c->p.arch, true, &v) &&
			    Z3_get_numeral_uint64(ctx, v, &u))
				model->arch = (uint32_t)u;
			Z3_model_dec_ref(ctx, m);
		}
	}
	Z3_solver_pop(ctx, solver, 1);
	if (Z3_get_error_code(ctx) != Z3_OK)
		return -EFAULT;
	return r == Z3_L_TRUE ? 1 : r == Z3_L_FALSE ? 0 : -ETIME;
}

/* Whether every input of @r makes the sides return r->action: 1, 0, -errno. */
static int prove(struct dctx *c, const struct reg *r)
{
	Z3_context ctx = c->p.ctx;
	Z3_ast t[2] = { reg_term(c, r),
			Z3_mk_not(ctx, pair_term(c, r->action)) };
	int rc = sat(c, c->clean, and_list(ctx, t, 2), NULL);

	return rc < 0 ? rc : !rc;
}

static void exclude(struct dctx *c, Z3_ast t)
{
	Z3_solver_assert(c->p.ctx, c->p.solver, Z3_mk_not(c->p.ctx, t));
}

/* ---- reporting -------------------------------------------------------- */

struct half {
	uint32_t lo, hi;
	unsigned int ne_cnt;
	uint32_t ne[BPF_DIFF_CONDS];
};

static bool add_cond(struct bpf_diff_region *o, unsigned int field,
		     uint64_t mask, enum bpf_diff_op op, uint64_t value)
{
	if (o->cond_cnt == BPF_DIFF_CONDS)
		return false;
	o->cond[o->cond_cnt].field = field;
	o->cond[o->cond_cnt].mask = mask;
	o->cond[o->cond_cnt].op = op;
	o->cond[o->cond_cnt++].value = value;
	return true;
}

/* Conditions lo <= (field & mask) <= hi, != each ne, shifted by @shift. */
static bool half_conds(struct bpf_diff_region *o, unsigned int field,
		       const struct half *h, unsigned int shift)
{
	uint64_t mask = (uint64_t)~0u << shift;
	bool ok = true;
	unsigned int i;

	if (h->lo == h->hi)
		return add_cond(o, field, mask, BPF_DIFF_EQ,
				(uint64_t)h->lo << shift);
	if (h->lo > 0)
		ok &= add_cond(o, field, mask, BPF_DIFF_GE,
			       (uint64_t)h->lo << shift);
	if (h->hi < ~0u)
		ok &= add_cond(o, field, mask, BPF_DIFF_LE,
			       (uint64_t)h->hi << shift);
	for (i = 0; i < h->ne_cnt; i++)
		ok &= add_cond(o, field, mask, BPF_DIFF_NE,
			       (uint64_t)h->ne[i] << shift);
	return ok;
}

static bool half_free(const struct half *h)
{
	return h->lo == 0 && h->hi == ~0u && h->ne_cnt == 0;
}

/*
 * The full-width atoms of @field as an interval per half (h[1]: the high
 * word), with the values left out inside it; false if too many.
 */
static bool field_halves(const struct dctx *c, const struct reg *r,
			 unsigned int field, struct half h[2])
{
	const struct atom *a;
	unsigned int i, j, high;
	bool ok = true;

	/* full-width comparisons first: an interval per half */
	for (i = 0; i < r->cnt; i++) {
		a = &r->atom[i];
		if ((a->word - W_FIRST_FIELD) / 2 != field)
			continue;
		high = (a->word & 1u) ^ (c->be ? 1u : 0u);
		if (a->mask != ~0u && a->op != OP_SET)
			continue;
		if (a->op == OP_SET && a->mask != ~0u)
			continue;
		if (a->op == OP_SET || a->op == OP_EQ) {
			uint32_t k = a->op == OP_SET ? 0 : a->k;
			bool eq = a->op == OP_SET ? !a->truth : a->truth;

			if (eq)
				bpf_diff_cell_narrow(&h[high].lo, &h[high].hi,
						     k, k);
			else if (h[high].ne_cnt < BPF_DIFF_CONDS)
				h[high].ne[h[high].ne_cnt++] = k;
			else
				ok = false;
		} else if (a->op == OP_GT) {
			if (a->truth)
				bpf_diff_cell_narrow(&h[high].lo, &h[high].hi,
						     a->k + 1, ~0u);
			else
				bpf_diff_cell_narrow(&h[high].lo, &h[high].hi,
						     0, a->k);
		} else if (a->truth) {
			bpf_diff_cell_narrow(&h[high].lo, &h[high].hi, a->k,
					     ~0u);
		} else {
			bpf_diff_cell_narrow(&h[high].lo, &h[high].hi, 0,
					     a->k - 1);
		}
	}
	for (high = 0; high < 2; high++) {
		struct half *x = &h[high];
		bool moved = true;

		/* a bound that is also left out moves in, until none is */
		while (moved && x->lo < x->hi) {
			moved = false;
			for (i = 0; i < x->ne_cnt; i++)
				if (x->ne[i] == x->lo && x->lo < x->hi)
					x->lo++, moved = true;
				else if (x->ne[i] == x->hi && x->lo < x->hi)
					x->hi--, moved = true;
		}
		for (i = j = 0; i < x->ne_cnt; i++)
			if (x->ne[i] >= x->lo && x->ne[i] <= x->hi)
				x->ne[j++] = x->ne[i];
		x->ne_cnt = j;
	}
	return ok;
}

/* The halves of @field as conditions, 64-bit where they allow; false if too many. */
static bool halves_conds(struct bpf_diff_region *o, unsigned int field,
			 const struct half h[2])
{
	unsigned int i;
	bool ok = true;
	uint64_t base;

	if (h[1].lo == h[1].hi && h[1].ne_cnt == 0 && !half_free(&h[0])) {
		/* one high word: a 64-bit interval */
		base = (uint64_t)h[1].lo << 32;
		if (h[0].lo == h[0].hi) {
			ok &= add_cond(o, field, ~0ull, BPF_DIFF_EQ,
				       base | h[0].lo);
		} else {
			if ((base | h[0].lo) != 0)
				ok &= add_cond(o, field, ~0ull, BPF_DIFF_GE,
					       base | h[0].lo);
			if ((base | h[0].hi) != ~0ull)
				ok &= add_cond(o, field, ~0ull, BPF_DIFF_LE,
					       base | h[0].hi);
		}
		for (i = 0; i < h[0].ne_cnt; i++)
			ok &= add_cond(o, field, ~0ull, BPF_DIFF_NE,
				       base | h[0].ne[i]);
	} else if (half_free(&h[0]) && h[1].ne_cnt == 0 && !half_free(&h[1])) {
		/* only the high word: a 64-bit interval too */
		if (h[1].lo > 0)
			ok &= add_cond(o, field, ~0ull, BPF_DIFF_GE,
				       (uint64_t)h[1].lo << 32);
		if (h[1].hi < ~0u)
			ok &= add_cond(o, field, ~0ull, BPF_DIFF_LE,
				       (uint64_t)h[1].hi << 32 | 0xffffffffu);
	} else {
		if (!half_free(&h[1]))
			ok &= half_conds(o, field, &h[1], 32);
		if (!half_free(&h[0]))
			ok &= half_conds(o, field, &h[0], 0);
	}
	return ok;
}

/* The masked atoms of @field as conditions; false if too many. */
static bool masked_conds(const struct dctx *c, const struct reg *r,
			 unsigned int field, struct bpf_diff_region *o)
{
	const struct atom *a;
	unsigned int i, shift;
	bool ok = true;

	/* then the masked ones, as they are */
	for (i = 0; i < r->cnt; i++) {
		uint64_t mask, k;
		enum bpf_diff_op op;

		a = &r->atom[i];
		if ((a->word - W_FIRST_FIELD) / 2 != field || a->mask == ~0u)
			continue;
		shift = ((a->word & 1u) ^ (c->be ? 1u : 0u)) ? 32 : 0;
		mask = (uint64_t)a->mask << shift;
		k = (uint64_t)a->k << shift;
		switch (a->op) {
		case OP_EQ:
			op = a->truth ? BPF_DIFF_EQ : BPF_DIFF_NE;
			break;
		case OP_SET:
			op = a->truth ? BPF_DIFF_NE : BPF_DIFF_EQ;
			k = 0;
			break;
		case OP_GT:
			op = a->truth ? BPF_DIFF_GE : BPF_DIFF_LE;
			k = a->truth ? (uint64_t)(a->k + 1) << shift : k;
			break;
		default:
			op = a->truth ? BPF_DIFF_GE : BPF_DIFF_LE;
			k = a->truth ? k : (uint64_t)(a->k - 1) << shift;
			break;
		}
		ok &= add_cond(o, field, mask, op, k);
	}
	return ok;
}

/* One field's atoms as 64-bit conditions; false if too many. */
static bool field_conds(struct dctx *c, const struct reg *r, unsigned int field,
			struct bpf_diff_region *o)
{
	struct half h[2] = { { 0, ~0u, 0, { 0 } }, { 0, ~0u, 0, { 0 } } };
	bool ok;

	ok = field_halves(c, r, field, h);
	ok &= halves_conds(o, field, h);
	ok &= masked_conds(c, r, field, o);
	return ok;
}

/* Hands one region to the caller and leaves its inputs out of later checks. */
static int report(struct dctx *c, const struct reg *r, enum bpf_diff_kind kind,
		  Z3_ast excluded)
{
	struct bpf_diff_region o;
	unsigned int field;
	int rc;

	memset(&o, 0, sizeof(o));
	o.kind = kind;
	o.abi = r->other_arch ? NULL : input_abi(r->arch, r->lo, c->be);
	o.arch = r->arch;
	o.other_arch = r->other_arch;
	o.arch_not_cnt = r->arch_not_cnt;
	memcpy(o.arch_not, r->arch_not, sizeof(o.arch_not));
	o.nr_lo = r->lo;
	o.nr_hi = r->hi;
	if (o.abi != NULL && kind != BPF_DIFF_WHOLE_ABI)
		o.named = bpf_names_range(o.abi->name, r->lo, r->hi, NULL, 0);
	o.action[0] = r->action[0];
	o.action[1] = r->action[1];
	o.example = r->example;
	/* the arguments (fields 1-6 of the words), then the pointer (0) */
	for (field = 1; field <= BPF_DIFF_IP + 1 && kind == BPF_DIFF_REGION;
	     field++)
		if (!field_conds(c, r, field % (BPF_DIFF_IP + 1), &o)) {
			/* too many to describe: only the example is shown */
			o.kind = BPF_DIFF_SAMPLE;
			o.cond_cnt = 0;
			o.nr_lo = o.nr_hi = (uint32_t)r->example.nr;
			break;
		}
	/* the public numbers: arguments 0-5, then BPF_DIFF_IP */
	for (field = 0; field < o.cond_cnt; field++)
		o.cond[field].field = o.cond[field].field == 0 ?
					      BPF_DIFF_IP :
					      o.cond[field].field - 1;
	if (excluded != NULL)
		exclude(c, excluded);
	c->found++;
	c->pr.found = c->found;
	if (c->opts->max != 0 && c->found >= c->opts->max)
		c->stop = true;
	rc = c->opts->found != NULL ? c->opts->found(&o, c->opts->arg) : 0;
	if (rc < 0)
		return rc;
	return Z3_get_error_code(c->p.ctx) != Z3_OK ? -EFAULT : 0;
}

static void progress(struct dctx *c, const char *phase, unsigned int done,
		     unsigned int total)
{
	if (c->opts->progress == NULL)
		return;
	c->pr.phase = phase;
	c->pr.done = done;
	c->pr.total = total;
	c->opts->progress(&c->pr, c->opts->arg);
}

/* ---- the search ------------------------------------------------------- */

/* Both sides on @d: their values, their cells; -EPROTO if they agree. */
static int both(struct dctx *c, const struct seccomp_data *d,
		struct cell cells[2], uint32_t action[2], bool must_differ)
{
	unsigned int i;

	for (i = 0; i < 2; i++) {
		cells[i].cnt = 0;
		cells[i].opaque = false;
		action[i] = bpf_diff_cell_stack(c->side[i], d, &cells[i]);
	}
	return must_differ && action[0] == action[1] ? -EPROTO : 0;
}

/*
 * Drops the fields a proved region does not need: a cell is cut by every
 * comparison on the paths, also by those after which both sides still
 * return the same pair (one argument compared on the way to a rule that
 * another argument decides). A field goes whole or not at all, so that
 * what is left reads as the programs compare it. Returns 1, or -errno.
 */
static int generalize(struct dctx *c, struct reg *r)
{
	struct atom kept[MAX_ATOMS];
	unsigned int field, i, n, cnt = r->cnt;
	int rc;

	for (field = 0; field <= BPF_DIFF_IP && r->cnt > 0; field++) {
		memcpy(kept, r->atom, r->cnt * sizeof(*kept));
		cnt = r->cnt;
		for (i = n = 0; i < cnt; i++)
			if ((kept[i].word - W_FIRST_FIELD) / 2 != field)
				r->atom[n++] = kept[i];
		if (n == cnt)
			continue;
		r->cnt = n;
		rc = prove(c, r);
		if (rc < 0)
			return rc;
		if (rc == 0) {
			/* needed: back as it was */
			memcpy(r->atom, kept, cnt * sizeof(*kept));
			r->cnt = cnt;
		}
	}
	return 1;
}

/* The example of a difference the solver found, as a sample region. */
static void sample(const struct seccomp_data *d, const uint32_t action[2],
		   struct reg *r)
{
	memset(r, 0, offsetof(struct reg, atom));
	r->arch = d->arch;
	r->lo = r->hi = (uint32_t)d->nr;
	r->action[0] = action[0];
	r->action[1] = action[1];
	r->example = *d;
}

/*
 * The solver's next difference, as a proved region around it in @r (a
 * sample if it has none: *@kind says which), within arch value d.arch
 * if @fixed and numbers [lo, hi]. Returns 1 if there is one, 0 if none
 * is left, -errno.
 */
static int find_next(struct dctx *c, bool fixed, uint32_t lo, uint32_t hi,
		     struct reg *r, struct cell cells[2],
		     enum bpf_diff_kind *kind)
{
	struct seccomp_data d;
	uint32_t action[2], slo, shi;
	int rc;

	rc = bpf_prove_check(&c->p, c->term[0], c->term[1], &d);
	if (rc <= 0)
		return rc;
	rc = both(c, &d, cells, action, true);
	if (rc < 0)
		return rc;
	*kind = BPF_DIFF_REGION;
	if (bpf_diff_cell_region(cells, 2, &d, fixed, lo, hi, r)) {
		/* one ABI a region: x86_64's arch value is cut at x32's bit */
		if (!r->other_arch) {
			segment(d.arch, (uint32_t)d.nr, c->be, &slo, &shi);
			bpf_diff_cell_narrow(&r->lo, &r->hi, slo, shi);
		}
		r->action[0] = action[0];
		r->action[1] = action[1];
		rc = prove(c, r);
		if (rc > 0)
			rc = generalize(c, r);
		if (rc != 0)
			return rc;
	}
	*kind = BPF_DIFF_SAMPLE;
	sample(&d, action, r);
	return 1;
}

static int runs_add(struct runs *s, const struct run *u)
{
	struct run *grown;

	if (s->cnt == s->cap) {
		grown = realloc(s->r, (s->cap * 2 + 64) * sizeof(*s->r));
		if (grown == NULL)
			return -ENOMEM;
		s->r = grown;
		s->cap = s->cap * 2 + 64;
	}
	s->r[s->cnt++] = *u;
	return 0;
}

/* The walk's place of the ABI of (arch index @i, number @nr). */
static unsigned int order_of(struct dctx *c, unsigned int i, uint32_t nr)
{
	return 2 * i + (is_x86_64(c->arch[i], c->be) && x32_nr(nr) ? 1 : 0);
}

/*
 * Steps through the numbers of arch value c->arch[@i] a cell at a time,
 * adding runs that differ and cells to search to @out. A cell the walk
 * cannot describe ends it: the last checks find what is left.
 */
static int walk(struct dctx *c, unsigned int i, struct runs *out, struct reg *r,
		struct cell cells[2])
{
	uint32_t action[2], slo, shi;
	struct seccomp_data d;
	struct run u, *last;
	uint64_t nr = 0;
	unsigned int steps = 0, opaque = 0, order;
	int rc;

	while (nr <= ~0u && steps++ < WALK_STEPS) {
		segment(c->arch[i], (uint32_t)nr, c->be, &slo, &shi);
		order = order_of(c, i, (uint32_t)nr);
		if (c->whole[i][order & 1]) {
			nr = (uint64_t)shi + 1;
			continue;
		}
		memset(&d, 0, sizeof(d));
		d.arch = c->arch[i];
		d.nr = (int)(uint32_t)nr;
		rc = both(c, &d, cells, action, false);
		if (rc < 0)
			return rc;
		if (!bpf_diff_cell_region(cells, 2, &d, true, slo, shi, r)) {
			/* left to the last checks; a long stretch ends it */
			if (++opaque > WALK_OPAQUE)
				return 0;
			nr++;
			continue;
		}
		opaque = 0;
		memset(&u, 0, sizeof(u));
		u.arch = d.arch;
		u.lo = r->lo;
		u.hi = r->hi;
		u.action[0] = action[0];
		u.action[1] = action[1];
		u.order = order;
		u.group = r->cnt > 0 ? G_ARGS : G_KIND;
		last = out->cnt > 0 ? &out->r[out->cnt - 1] : NULL;
		nr = (uint64_t)r->hi + 1;
		if (u.group == G_KIND && action[0] == action[1])
			continue;
		if (u.group == G_KIND && last != NULL &&
		    last->group == G_KIND && last->arch == u.arch &&
		    last->order == u.order && last->hi + 1 == u.lo &&
		    last->action[0] == u.action[0] &&
		    last->action[1] == u.action[1]) {
			last->hi = u.hi;
			continue;
		}
		rc = runs_add(out, &u);
		if (rc < 0)
			return rc;
	}
	return 0;
}

/* Adds the piece [lo, hi] of run @u to @out, in group @g. */
static int piece(struct runs *out, const struct run *u, uint32_t lo,
		 uint32_t hi, enum run_group g)
{
	struct run p = *u;

	p.lo = lo;
	p.hi = hi;
	p.group = g;
	return runs_add(out, &p);
}

/*
 * Cuts the runs of @in at unnamed stretches of NAME_GAP numbers or more,
 * and sorts each piece into its group.
 */
static int split_named(struct dctx *c, const struct runs *in, struct runs *out)
{
	uint32_t nrs[MAX_NAMED], from;
	const struct bpf_sim_arch *abi;
	const struct run *u;
	enum run_group named;
	unsigned int n, k;
	uint64_t next, gap;
	size_t i;
	int rc = 0;

	for (i = 0; i < in->cnt && rc == 0; i++) {
		u = &in->r[i];
		if (u->group == G_ARGS) {
			rc = runs_add(out, u);
			continue;
		}
		abi = input_abi(u->arch, u->lo, c->be);
		n = abi != NULL ? named_nrs(abi->name, u->lo, u->hi, nrs) : 0;
		if (n == 0) {
			rc = piece(out, u, u->lo, u->hi, G_UNNAMED);
			continue;
		}
		named = (u->action[0] & SECCOMP_RET_ACTION_FULL) !=
					(u->action[1] &
					 SECCOMP_RET_ACTION_FULL) ?
				G_KIND :
				G_DATA;
		from = u->lo;
		if (nrs[0] - u->lo >= NAME_GAP) {
			rc = piece(out, u, u->lo, nrs[0] - 1, G_UNNAMED);
			from = nrs[0];
		}
		for (k = 0; k < n && rc == 0; k++) {
			next = k + 1 < n ? nrs[k + 1] : (uint64_t)u->hi + 1;
			gap = next - nrs[k] - 1;
			if (gap >= NAME_GAP) {
				rc = piece(out, u, from, nrs[k], named);
				if (rc == 0)
					rc = piece(out, u, nrs[k] + 1,
						   (uint32_t)(next - 1),
						   G_UNNAMED);
				from = (uint32_t)next;
			} else if (k + 1 == n) {
				rc = piece(out, u, from, u->hi, named);
			}
		}
	}
	return rc;
}

static int run_cmp(const void *a, const void *b)
{
	const struct run *x = a, *y = b;
	/* argument cells go with the runs whose action changes */
	int gx = x->group == G_ARGS ? G_KIND : (int)x->group;
	int gy = y->group == G_ARGS ? G_KIND : (int)y->group;

	if (gx != gy)
		return gx < gy ? -1 : 1;
	if (x->order != y->order)
		return x->order < y->order ? -1 : 1;
	return (x->lo > y->lo) - (x->lo < y->lo);
}

static void run_reg(const struct run *u, struct reg *r)
{
	memset(r, 0, offsetof(struct reg, atom));
	r->arch = u->arch;
	r->lo = u->lo;
	r->hi = u->hi;
	r->action[0] = u->action[0];
	r->action[1] = u->action[1];
	r->example.arch = u->arch;
	r->example.nr = (int)u->lo;
}

/*
 * Proves every run of the walk in one query: no input of a run returns
 * other than its pair. A run the solver refutes (a bug somewhere) is
 * marked bad and left to the last checks.
 */
static int prove_runs(struct dctx *c, struct runs *s, struct reg *r)
{
	Z3_context ctx = c->p.ctx;
	struct seccomp_data d;
	Z3_ast *any, t[2];
	unsigned int n, tries;
	size_t i;
	int rc = 0;

	any = calloc(s->cnt + 1, sizeof(*any));
	if (any == NULL)
		return -ENOMEM;
	for (tries = 0; tries < 16; tries++) {
		for (i = 0, n = 0; i < s->cnt; i++) {
			if (s->r[i].group == G_ARGS || s->r[i].bad)
				continue;
			run_reg(&s->r[i], r);
			t[0] = reg_term(c, r);
			t[1] = Z3_mk_not(ctx, pair_term(c, r->action));
			any[n++] = and_list(ctx, t, 2);
		}
		if (n == 0)
			break;
		rc = sat(c, c->clean, n == 1 ? any[0] : Z3_mk_or(ctx, n, any),
			 &d);
		if (rc <= 0)
			break;
		for (i = 0, n = 0; i < s->cnt; i++)
			if (s->r[i].group != G_ARGS && !s->r[i].bad &&
			    s->r[i].arch == d.arch &&
			    s->r[i].lo <= (uint32_t)d.nr &&
			    s->r[i].hi >= (uint32_t)d.nr)
				s->r[i].bad = true, n++;
		if (n == 0) {
			rc = -EPROTO; /* the model is in no run */
			break;
		}
	}
	/* still refuted after many tries: none of them is reported as proved */
	for (i = 0; rc > 0 && i < s->cnt; i++)
		s->r[i].bad = s->r[i].bad || s->r[i].group != G_ARGS;
	rc = rc > 0 ? 0 : rc;
	free(any);
	return rc;
}

/* Keeps a proved region to report later, with the runs of its group. */
static int defer(struct dctx *c, const struct reg *r, enum bpf_diff_kind kind)
{
	struct later *grown;

	if (c->later_cnt == c->later_cap) {
		grown = realloc(c->later,
				(c->later_cap * 2 + 4) * sizeof(*c->later));
		if (grown == NULL)
			return -ENOMEM;
		c->later = grown;
		c->later_cap = c->later_cap * 2 + 4;
	}
	c->later[c->later_cnt].r = *r;
	c->later[c->later_cnt++].kind = kind;
	return 0;
}

/* Reports what defer() kept (its inputs are excluded already). */
static int flush_later(struct dctx *c)
{
	int rc = 0;

	for (; c->later_done < c->later_cnt && rc == 0 && !c->stop;
	     c->later_done++)
		rc = report(c, &c->later[c->later_done].r,
			    c->later[c->later_done].kind, NULL);
	return rc;
}

/* Searches one cell whose verdict depends on the arguments. */
static int search_args(struct dctx *c, const struct run *u, struct reg *r,
		       struct cell cells[2])
{
	Z3_context ctx = c->p.ctx;
	Z3_ast t[2], *kept = NULL, *grown;
	unsigned int cnt = 0, cap = 0, i;
	enum bpf_diff_kind kind;
	int rc = 0;

	t[0] = arch_term(c, u->arch, -1);
	t[1] = nr_term(c, u->lo, u->hi);
	t[0] = and_list(ctx, t, 2);
	Z3_solver_push(ctx, c->p.solver);
	Z3_solver_assert(ctx, c->p.solver, t[0]);
	while (!c->stop) {
		rc = find_next(c, true, u->lo, u->hi, r, cells, &kind);
		if (rc <= 0)
			break;
		if ((r->action[0] & SECCOMP_RET_ACTION_FULL) ==
		    (r->action[1] & SECCOMP_RET_ACTION_FULL)) {
			/* only the data changes: shown with the runs of such */
			rc = defer(c, r, kind);
			exclude(c, reg_term(c, r));
		} else {
			rc = report(c, r, kind, reg_term(c, r));
		}
		if (rc < 0)
			break;
		if (cnt == cap) {
			grown = realloc(kept, (cap * 2 + 8) * sizeof(*kept));
			if (grown == NULL) {
				rc = -ENOMEM;
				break;
			}
			kept = grown;
			cap = cap * 2 + 8;
		}
		kept[cnt++] = reg_term(c, r);
	}
	Z3_solver_pop(ctx, c->p.solver, 1);
	if (rc == 0 && !c->stop)
		exclude(c, t[0]); /* searched to the end */
	else
		for (i = 0; i < cnt; i++)
			exclude(c, kept[i]);
	free(kept);
	return rc < 0 ? rc : 0;
}

/* Arch values the programs test, in the order the old side tests them. */
static void collect_arches(struct dctx *c)
{
	uint32_t tok[MAX_ARCHES];
	unsigned int s, i, j, k;
	int n;

	/* newest first, the order the kernel runs them in */
	for (s = 0; s < 2; s++)
		for (i = c->side[s]->cnt; i-- > 0;) {
			n = bpf_sim_arch_tokens(&c->side[s]->prog[i], tok,
						MAX_ARCHES);
			for (j = 0;
			     n > 0 && j < (unsigned int)n && j < MAX_ARCHES;
			     j++) {
				for (k = 0; k < c->narch; k++)
					if (c->arch[k] == tok[j])
						break;
				if (k == c->narch && c->narch < MAX_ARCHES)
					c->arch[c->narch++] = tok[j];
			}
		}
}

/* Reports the ABIs on every call of which the sides differ. */
static int whole_abis(struct dctx *c, struct reg *r)
{
	Z3_context ctx = c->p.ctx;
	struct seccomp_data d;
	uint32_t action[2];
	struct cell *cells;
	unsigned int i, s, sides;
	Z3_ast calls, t[2];
	int rc = 0, x32;

	cells = calloc(2, sizeof(*cells));
	if (cells == NULL)
		return -ENOMEM;
	for (i = 0; i < c->narch && rc >= 0 && !c->stop; i++) {
		sides = is_x86_64(c->arch[i], c->be) ? 2 : 1;
		for (s = 0; s < sides && rc >= 0 && !c->stop; s++) {
			x32 = sides == 2 ? (int)s : -1;
			calls = arch_term(c, c->arch[i], x32);
			t[0] = calls;
			t[1] = Z3_mk_eq(ctx, c->term[0], c->term[1]);
			rc = sat(c, c->clean, and_list(ctx, t, 2), NULL);
			if (rc != 0)
				continue;
			c->whole[i][s] = true;
			memset(&d, 0, sizeof(d));
			d.arch = c->arch[i];
			d.nr = x32 == 1 ? (int)BPF_SIM_X32_BIT : 0;
			rc = both(c, &d, cells, action, true);
			if (rc < 0)
				break;
			memset(r, 0, offsetof(struct reg, atom));
			r->arch = d.arch;
			r->lo = (uint32_t)d.nr;
			r->hi = x32 == 1 ? ~0u - 1 : ~0u;
			r->action[0] = action[0];
			r->action[1] = action[1];
			r->example = d;
			rc = report(c, r, BPF_DIFF_WHOLE_ABI, calls);
		}
	}
	free(cells);
	return rc < 0 ? rc : 0;
}

static int compose(struct dctx *c, const struct bpf_stack *s, Z3_ast *out)
{
	Z3_context ctx = c->p.ctx;
	Z3_ast t, full = bpf_prove_u32(&c->p, SECCOMP_RET_ACTION_FULL);
	unsigned int i;
	int rc;

	for (i = s->cnt; i-- > 0;) {
		rc = bpf_prove_prog(&c->p, &s->prog[i], &t);
		if (rc < 0)
			return rc;
		/* an older program replaces only a strictly lower precedence */
		*out = i == s->cnt - 1 ?
			       t :
			       Z3_mk_ite(ctx,
					 Z3_mk_bvslt(
						 ctx, Z3_mk_bvand(ctx, t, full),
						 Z3_mk_bvand(ctx, *out, full)),
					 t, *out);
	}
	return Z3_get_error_code(ctx) != Z3_OK ? -EFAULT : 0;
}

/* The proof solver: the same tactic as bpf_prove_open()'s. */
static int clean_solver(struct dctx *c)
{
	Z3_tactic tactic = Z3_mk_tactic(c->p.ctx, "qfbv");

	if (tactic == NULL)
		return -ENOMEM;
	Z3_tactic_inc_ref(c->p.ctx, tactic);
	c->clean = Z3_mk_solver_from_tactic(c->p.ctx, tactic);
	Z3_tactic_dec_ref(c->p.ctx, tactic);
	if (c->clean == NULL || Z3_get_error_code(c->p.ctx) != Z3_OK) {
		c->clean = NULL;
		return -ENOMEM;
	}
	Z3_solver_inc_ref(c->p.ctx, c->clean);
	return 0;
}

static int check_sides(const struct bpf_stack *old, const struct bpf_stack *new)
{
	const struct bpf_stack *s[2] = { old, new };
	unsigned int i, j;

	for (i = 0; i < 2; i++) {
		if (s[i] == NULL || s[i]->cnt == 0 || s[i]->prog == NULL)
			return -EINVAL;
		for (j = 0; j < s[i]->cnt; j++)
			if (bpf_sim_verify(&s[i]->prog[j], NULL) < 0 ||
			    s[i]->prog[j].big_endian != old->prog[0].big_endian)
				return -EINVAL;
	}
	return 0;
}

/*
 * The proved runs in their order: each region reported, or the arguments
 * of its syscall searched. Returns 0 or -errno.
 */
static int report_runs(struct dctx *c, const struct runs *runs, struct reg *r,
		       struct cell *cells)
{
	size_t i;
	int rc = 0;

	for (i = 0; i < runs->cnt && rc == 0 && !c->stop; i++) {
		const struct run *u = &runs->r[i];

		if (u->bad)
			continue;
		if (u->group >= G_DATA) {
			rc = flush_later(c);
			if (rc < 0 || c->stop)
				break;
		}
		progress(c,
			 u->group == G_ARGS ?
				 "searching a syscall's arguments" :
				 "regions",
			 (unsigned int)i, (unsigned int)runs->cnt);
		if (u->group == G_ARGS) {
			rc = search_args(c, u, r, cells);
			continue;
		}
		run_reg(u, r);
		rc = report(c, r, BPF_DIFF_REGION, reg_term(c, r));
	}
	return rc;
}

/*
 * Anything left: other arch values, cells the walk could not take.
 * Returns 0 or -errno.
 */
static int last_checks(struct dctx *c, struct reg *r, struct cell *cells)
{
	int rc = 0;

	while (rc == 0 && !c->stop) {
		enum bpf_diff_kind kind;

		progress(c, "last checks", 0, 0);
		rc = find_next(c, false, 0, ~0u, r, cells, &kind);
		if (rc <= 0)
			break;
		rc = report(c, r, kind, reg_term(c, r));
	}
	return rc;
}

/**
 * bpf_diff_run - see bpf_diff.h
 */
int bpf_diff_run(const struct bpf_stack *old, const struct bpf_stack *new,
		 const struct bpf_diff_opts *opts, bool *more)
{
	struct runs walked = { 0 }, runs = { 0 };
	struct dctx *c;
	struct cell *cells = NULL;
	struct reg *r = NULL;
	size_t i;
	int rc;

	if (more != NULL)
		*more = false;
	rc = check_sides(old, new);
	if (rc < 0 || opts == NULL)
		return -EINVAL;
	c = calloc(1, sizeof(*c));
	cells = calloc(2, sizeof(*cells));
	r = calloc(1, sizeof(*r));
	if (c == NULL || cells == NULL || r == NULL) {
		rc = -ENOMEM;
		goto out;
	}
	c->side[0] = old;
	c->side[1] = new;
	c->opts = opts;
	c->be = old->prog[0].big_endian;
	rc = bpf_prove_open(&c->p);
	if (rc < 0)
		goto out;
	rc = clean_solver(c);
	if (rc < 0)
		goto out;
	rc = compose(c, old, &c->term[0]);
	if (rc == 0)
		rc = compose(c, new, &c->term[1]);
	if (rc < 0)
		goto out;
	collect_arches(c);
	progress(c, "whole ABIs", 0, c->narch);
	rc = whole_abis(c, r);
	for (i = 0; i < c->narch && rc == 0 && !c->stop; i++) {
		progress(c, "walking syscall numbers", (unsigned int)i,
			 c->narch);
		rc = walk(c, (unsigned int)i, &walked, r, cells);
	}
	if (rc == 0 && !c->stop)
		rc = split_named(c, &walked, &runs);
	if (rc == 0 && !c->stop) {
		if (runs.cnt > 0) /* runs.r is NULL when there are none */
			qsort(runs.r, runs.cnt, sizeof(*runs.r), run_cmp);
		progress(c, "proving runs", 0, 0);
		rc = prove_runs(c, &runs, r);
	}
	if (rc == 0)
		rc = report_runs(c, &runs, r, cells);
	if (rc == 0)
		rc = flush_later(c);
	if (rc == 0)
		rc = last_checks(c, r, cells);
	if (rc == 0 && c->stop && more != NULL) {
		rc = sat(c, c->p.solver,
			 Z3_mk_not(c->p.ctx,
				   Z3_mk_eq(c->p.ctx, c->term[0], c->term[1])),
			 NULL);
		*more = rc > 0 || c->later_done < c->later_cnt;
		rc = rc < 0 ? rc : 0;
	}
out:
	if (c != NULL) {
		if (c->clean != NULL)
			Z3_solver_dec_ref(c->p.ctx, c->clean);
		bpf_prove_close(&c->p);
		free(c->later);
	}
	free(walked.r);
	free(runs.r);
	free(cells);
	free(r);
	if (c != NULL && rc == 0)
		rc = (int)c->found;
	free(c);
	return rc;
}
