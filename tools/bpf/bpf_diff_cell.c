/* SPDX-License-Identifier: LGPL-2.1-only */
/* bpf_diff_cell: the diff engine's tracking simulator, and regions from the cells it finds. */

/*
 * track() is bpf_sim_run() with a tag on every register and scratch word:
 * a constant, an input word (and'ed with a mask), or neither. A
 * conditional jump on a tagged word and a constant is an atom of the
 * cell; any other comparison of an input-derived value makes the cell
 * opaque. The semantics are bpf_sim's, instruction for instruction; the
 * engine proves every region with the solver anyway.
 */
#include "bpf_diff_cell.h"

#include <stddef.h>
#include <string.h>

/* What a tracked register holds: a constant, an input word, or neither. */
enum tv_kind { TV_CONST, TV_WORD, TV_OPAQUE };

struct tv {
	uint32_t v;    /* its value on this input */
	uint32_t mask; /* TV_WORD: the word, and'ed with mask */
	uint8_t kind;
	uint8_t word;
};

/* ---- the tracking simulator ------------------------------------------- */

static struct tv tconst(uint32_t v)
{
	struct tv t = { .v = v, .mask = ~0u, .kind = TV_CONST };

	return t;
}

static void cell_add(struct cell *c, const struct atom *a)
{
	unsigned int i;

	if (a->mask == 0)
		return; /* (word & 0) is 0: the outcome is the same for all */
	for (i = 0; i < c->cnt; i++)
		if (memcmp(&c->atom[i], a, sizeof(*a)) == 0)
			return;
	if (c->cnt == MAX_ATOMS)
		c->opaque = true;
	else
		c->atom[c->cnt++] = *a;
}

/* The comparison a conditional jump makes, as an atom of the cell. */
static void jump_atom(struct cell *c, uint16_t op, struct tv a, struct tv src,
		      bool taken)
{
	struct atom at = { .mask = a.mask, .k = src.v, .word = a.word };

	if (a.kind == TV_CONST && src.kind == TV_CONST)
		return;
	if (a.kind != TV_WORD || src.kind != TV_CONST) {
		c->opaque = true;
		return;
	}
	at.truth = taken;
	switch (op) {
	case BPF_JEQ:
		at.op = OP_EQ;
		break;
	case BPF_JGT:
		at.op = OP_GT;
		break;
	case BPF_JGE:
		at.op = OP_GE;
		break;
	default:
		at.op = OP_SET;
		at.mask &= src.v;
		at.k = 0;
		break;
	}
	cell_add(c, &at);
}

/*
 * Runs a verified program on @d as bpf_sim_run() does, adding the atoms
 * of its path to @c. Returns the value it returns.
 */
static uint32_t track(const struct bpf_sim_prog *prog,
		      const struct seccomp_data *d, struct cell *c)
{
	struct tv a = tconst(0), x = a, mem[BPF_MEMWORDS], src, v;
	unsigned int pc = 0, i;
	bool taken;

	for (i = 0; i < BPF_MEMWORDS; i++)
		mem[i] = a;
	while (pc < prog->len) {
		const struct sock_filter *f = &prog->insns[pc];

		src = BPF_SRC(f->code) == BPF_X ? x : tconst(f->k);
		switch (BPF_CLASS(f->code)) {
		case BPF_LD:
		case BPF_LDX:
			if (BPF_MODE(f->code) == BPF_ABS &&
			    BPF_CLASS(f->code) == BPF_LD) {
				v.kind = TV_WORD;
				v.word = (uint8_t)(f->k / 4);
				v.mask = ~0u;
				v.v = bpf_sim_data_word(d, f->k,
							prog->big_endian);
			} else if (BPF_MODE(f->code) == BPF_LEN) {
				v = tconst(BPF_SIM_DATA_LEN);
			} else if (BPF_MODE(f->code) == BPF_MEM) {
				v = mem[f->k % BPF_MEMWORDS];
			} else {
				v = tconst(f->k);
			}
			if (BPF_CLASS(f->code) == BPF_LD)
				a = v;
			else
				x = v;
			pc++;
			break;
		case BPF_ST:
			mem[f->k % BPF_MEMWORDS] = a;
			pc++;
			break;
		case BPF_STX:
			mem[f->k % BPF_MEMWORDS] = x;
			pc++;
			break;
		case BPF_ALU:
			/* dividing by X: whether it is 0 is a condition too */
			if (BPF_OP(f->code) == BPF_DIV && src.kind != TV_CONST)
				c->opaque = true;
			if (BPF_OP(f->code) == BPF_DIV && src.v == 0)
				return 0; /* only X can be 0: the kernel's 0 */
			v.v = bpf_sim_alu(BPF_OP(f->code), a.v, src.v);
			if (a.kind == TV_CONST && (src.kind == TV_CONST ||
						   BPF_OP(f->code) == BPF_NEG))
				a = tconst(v.v);
			else if (BPF_OP(f->code) == BPF_AND &&
				 a.kind == TV_WORD && src.kind == TV_CONST)
				a.mask &= src.v, a.v = v.v;
			else
				a.kind = TV_OPAQUE, a.v = v.v;
			pc++;
			break;
		case BPF_JMP:
			if (BPF_OP(f->code) == BPF_JA) {
				pc += 1 + f->k;
				break;
			}
			taken = bpf_sim_jump_taken(BPF_OP(f->code), a.v, src.v);
			if (f->jt != f->jf)
				jump_atom(c, BPF_OP(f->code), a, src, taken);
			pc += 1u + (taken ? f->jt : f->jf);
			break;
		case BPF_RET:
			if (BPF_RVAL(f->code) != BPF_A)
				return f->k;
			if (a.kind != TV_CONST)
				c->opaque = true;
			return a.v;
		default:
			if (BPF_MISCOP(f->code) == BPF_TAX)
				x = a;
			else
				a = x;
			pc++;
			break;
		}
	}
	return 0; /* a verified program never falls off its end */
}

/**
 * bpf_diff_cell_stack - see bpf_diff_cell.h
 */
uint32_t bpf_diff_cell_stack(const struct bpf_stack *s,
			     const struct seccomp_data *d, struct cell *c)
{
	uint32_t best = 0, v;
	unsigned int i;

	for (i = s->cnt; i-- > 0;) {
		v = track(&s->prog[i], d, c);
		if (i == s->cnt - 1 || bpf_stack_wins(v, best))
			best = v;
	}
	return best;
}

/* ---- regions from cells ----------------------------------------------- */

/**
 * bpf_diff_cell_narrow - see bpf_diff_cell.h
 */
void bpf_diff_cell_narrow(uint32_t *lo, uint32_t *hi, uint32_t from,
			  uint32_t to)
{
	if (from > *lo)
		*lo = from;
	if (to < *hi)
		*hi = to;
}

/* Narrows [lo, hi] to numbers around @x on which @a has the same truth. */
static void narrow_atom(uint32_t *lo, uint32_t *hi, const struct atom *a,
			uint32_t x)
{
	uint32_t block;

	if (a->mask == ~0u && a->op != OP_SET) {
		switch (a->op) {
		case OP_EQ:
			if (a->truth)
				bpf_diff_cell_narrow(lo, hi, a->k, a->k);
			else if (a->k < x)
				bpf_diff_cell_narrow(lo, hi, a->k + 1, ~0u);
			else
				bpf_diff_cell_narrow(lo, hi, 0, a->k - 1);
			return;
		case OP_GT:
			if (a->truth)
				bpf_diff_cell_narrow(lo, hi, a->k + 1, ~0u);
			else
				bpf_diff_cell_narrow(lo, hi, 0, a->k);
			return;
		default:
			if (a->truth)
				bpf_diff_cell_narrow(lo, hi, a->k, ~0u);
			else
				bpf_diff_cell_narrow(lo, hi, 0, a->k - 1);
			return;
		}
	}
	/* x & mask is the same on the aligned block below its lowest bit */
	block = (a->mask & (0u - a->mask)) - 1;
	bpf_diff_cell_narrow(lo, hi, x & ~block, x | block);
}

/**
 * bpf_diff_cell_region - see bpf_diff_cell.h
 */
bool bpf_diff_cell_region(const struct cell *c, unsigned int ncells,
			  const struct seccomp_data *d, bool fixed, uint32_t lo,
			  uint32_t hi, struct reg *r)
{
	const struct atom *a;
	bool eq = fixed;
	unsigned int i, j;

	memset(r, 0, offsetof(struct reg, atom));
	r->arch = d->arch;
	r->lo = lo;
	r->hi = hi;
	for (j = 0; j < ncells; j++) {
		if (c[j].opaque)
			return false;
		for (i = 0; i < c[j].cnt; i++) {
			a = &c[j].atom[i];
			if (a->word == W_NR) {
				narrow_atom(&r->lo, &r->hi, a, (uint32_t)d->nr);
			} else if (a->word != W_ARCH) {
				unsigned int k;

				for (k = 0; k < r->cnt; k++)
					if (memcmp(&r->atom[k], a,
						   sizeof(*a)) == 0)
						break;
				if (k < r->cnt)
					continue;
				if (r->cnt == MAX_ATOMS)
					return false;
				r->atom[r->cnt++] = *a;
			} else if (a->mask != ~0u || a->op != OP_EQ) {
				return false;
			} else if (a->truth) {
				eq = true;
			} else if (r->arch_not_cnt < BPF_DIFF_ARCH_NOT) {
				r->arch_not[r->arch_not_cnt++] = a->k;
			} else if (!fixed) {
				return false;
			}
		}
	}
	if (eq)
		r->arch_not_cnt = 0;
	r->other_arch = !eq;
	r->example = *d;
	return true;
}
