/* SPDX-License-Identifier: LGPL-2.1-only */
/* scmp_profile inspect: what each filter, and the stack, does for one syscall number. */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "scmp_profile_inspect_walk.h"

/*
 * What one filter does for one syscall number
 */

/* The values a filter can return for one (arch, nr). */
struct outcome {
	uint32_t v[WALK_VALUES];
	unsigned int cnt;
	bool unknown; /* a value the walk cannot name (ret A, too many) */
};

static void join_val(struct val *d, const struct val *s)
{
	if (!d->known || !s->known || d->v != s->v)
		d->known = false;
}

static void join(struct wstate *d, const struct wstate *s)
{
	unsigned int i;

	if (!d->seen) {
		*d = *s;
		return;
	}
	join_val(&d->a, &s->a);
	join_val(&d->x, &s->x);
	for (i = 0; i < BPF_MEMWORDS; i++)
		join_val(&d->mem[i], &s->mem[i]);
}

static void outcome_add(struct outcome *o, uint32_t v)
{
	unsigned int i;

	for (i = 0; i < o->cnt; i++)
		if (o->v[i] == v)
			return;
	if (o->cnt == WALK_VALUES)
		o->unknown = true;
	else
		o->v[o->cnt++] = v;
}

/*
 * Jump @f at @pc in state @s (@src: its operand) passes @s on to the
 * side it takes, or to both when the values are not known.
 */
static void walk_jump(struct wstate *st, unsigned int pc,
		      const struct sock_filter *f, const struct wstate *s,
		      struct val src)
{
	unsigned int t;

	if (BPF_OP(f->code) == BPF_JA) {
		join(&st[pc + 1 + f->k], s);
		return;
	}
	if (s->a.known && src.known) {
		t = bpf_sim_jump_taken(BPF_OP(f->code), s->a.v, src.v) ? f->jt :
									 f->jf;
		join(&st[pc + 1 + t], s);
	} else {
		join(&st[pc + 1 + f->jt], s);
		join(&st[pc + 1 + f->jf], s);
	}
}

/*
 * Every value @prog can return when seccomp_data.arch is @arch and nr is
 * @nr, the rest of the input unknown: a forward pass (jumps only go
 * forward) that follows both sides of a test it cannot decide. It may
 * follow a path no input takes (two tests of one argument that exclude
 * each other), never miss one: a single value is exact.
 */
static int walk(const struct bpf_sim_prog *prog, uint32_t arch, uint32_t nr,
		struct wstate *st, struct outcome *o)
{
	unsigned int pc;

	memset(o, 0, sizeof(*o));
	memset(st, 0, (prog->len + 1) * sizeof(*st));
	st[0].seen = true;
	for (unsigned int i = 0; i < BPF_MEMWORDS; i++)
		st[0].mem[i].known = true; /* 0, as the kernel starts them */
	st[0].a.known = st[0].x.known = true;
	for (pc = 0; pc < prog->len; pc++) {
		const struct sock_filter *f = &prog->insns[pc];
		struct wstate s = st[pc];
		struct val src;

		if (!s.seen)
			continue;
		src = BPF_SRC(f->code) == BPF_X ? s.x :
						  (struct val){ true, f->k };
		switch (BPF_CLASS(f->code)) {
		case BPF_RET:
			if (BPF_RVAL(f->code) == BPF_K)
				outcome_add(o, f->k);
			else if (s.a.known)
				outcome_add(o, s.a.v);
			else
				o->unknown = true;
			continue;
		case BPF_JMP:
			walk_jump(st, pc, f, &s, src);
			continue;
		case BPF_LD:
			if (BPF_MODE(f->code) == BPF_ABS)
				s.a = f->k == 0 ? (struct val){ true, nr } :
				      f->k == 4 ? (struct val){ true, arch } :
						  (struct val){ false, 0 };
			else if (BPF_MODE(f->code) == BPF_IMM)
				s.a = (struct val){ true, f->k };
			else if (BPF_MODE(f->code) == BPF_MEM)
				s.a = s.mem[f->k];
			else if (BPF_MODE(f->code) == BPF_LEN)
				s.a = (struct val){ true, BPF_SIM_DATA_LEN };
			else
				s.a.known = false;
			break;
		case BPF_LDX:
			if (BPF_MODE(f->code) == BPF_IMM)
				s.x = (struct val){ true, f->k };
			else if (BPF_MODE(f->code) == BPF_MEM)
				s.x = s.mem[f->k];
			else if (BPF_MODE(f->code) == BPF_LEN)
				s.x = (struct val){ true, BPF_SIM_DATA_LEN };
			else
				s.x.known = false;
			break;
		case BPF_ST:
			s.mem[f->k] = s.a;
			break;
		case BPF_STX:
			s.mem[f->k] = s.x;
			break;
		case BPF_ALU:
			if ((BPF_OP(f->code) == BPF_DIV ||
			     BPF_OP(f->code) == BPF_MOD) &&
			    (!src.known || src.v == 0)) {
				/* a division by 0 returns 0 (KILL_THREAD) */
				outcome_add(o, 0);
				if (src.known)
					continue;
			}
			if (s.a.known &&
			    (src.known || BPF_OP(f->code) == BPF_NEG))
				s.a.v = bpf_sim_alu(BPF_OP(f->code), s.a.v,
						    src.v);
			else
				s.a.known = false;
			break;
		case BPF_MISC:
			if (BPF_MISCOP(f->code) == BPF_TAX)
				s.x = s.a;
			else
				s.a = s.x;
			break;
		}
		join(&st[pc + 1], &s);
	}
	return 0;
}

/*
 * The stack's outcome for one (arch, nr)
 */

/*
 * Runs every filter on @d as the kernel does: the result and its filter,
 * -1 when every filter allows (the kernel then returns SECCOMP_RET_ALLOW
 * itself, whatever data an ALLOW carried).
 */
uint32_t inspect_run_stack(struct target *t, const struct seccomp_data *d,
			   int *decider)
{
	uint32_t ret;

	/*
	 * Verified when read, so a run cannot fail; if one did, the stack
	 * counts as killing rather than as absent.
	 */
	if (bpf_stack_run(&t->s, d, &ret, decider) < 0) {
		*decider = -1;
		return SECCOMP_RET_KILL_PROCESS;
	}
	if (!bpf_stack_wins(ret, SECCOMP_RET_ALLOW)) {
		*decider = -1;
		return SECCOMP_RET_ALLOW;
	}
	return ret;
}

static void alt_add(struct cell *c, uint32_t v)
{
	unsigned int i;

	if (v == c->action)
		return;
	for (i = 0; i < c->alt_cnt; i++)
		if (c->alt[i] == v)
			return;
	if (c->alt_cnt < WALK_VALUES)
		c->alt[c->alt_cnt++] = v;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

/*
 * The least strict value the stack can return: the strictest of each
 * filter's least strict value (one the walk cannot name counts as ALLOW).
 * With a tie the newer filter's value wins, as the kernel's does.
 */
static uint32_t floor_value(const struct outcome *o, unsigned int cnt)
{
	uint32_t floor = SECCOMP_RET_ALLOW, least;
	unsigned int i, k;

	for (i = 0; i < cnt; i++) {
		least = o[i].unknown || o[i].cnt == 0 ? SECCOMP_RET_ALLOW :
							o[i].v[0];
		for (k = 1; k < o[i].cnt && !o[i].unknown; k++)
			if (bpf_sim_action_rank(o[i].v[k]) >
			    bpf_sim_action_rank(least))
				least = o[i].v[k];
		if (bpf_sim_action_rank(least) <= bpf_sim_action_rank(floor))
			floor = least;
	}
	return floor;
}

/*
 * One syscall number of one arch value. A filter that can return several
 * values matters only if one of them could beat what the filters that
 * decide by number alone give; the alternatives listed are those values
 * (an over-approximation: which combinations occur is the prover's job),
 * and the least strict outcome the stack can give (floor()).
 */
int inspect_eval_cell(struct target *t, uint32_t arch, uint32_t nr, bool cache,
		      struct wstate *st, struct cell *c)
{
	struct seccomp_data d = { .nr = (int)nr, .arch = arch };
	uint32_t fixed = SECCOMP_RET_ALLOW;
	int fixed_by = -1;
	struct outcome *o;
	unsigned int i, k;

	memset(c, 0, sizeof(*c));
	o = calloc(t->s.cnt ? t->s.cnt : 1, sizeof(*o));
	if (o == NULL)
		return -ENOMEM;
	c->action = inspect_run_stack(t, &d, &c->decider);
	c->cached = cache && t->s.cnt > 0;
	for (i = t->s.cnt; i-- > 0;) {
		walk(&t->s.prog[i], arch, nr, st, &o[i]);
		if (cache && bpf_sim_cache_allow(&t->s.prog[i], arch, nr) != 1)
			c->cached = false;
		if (o[i].cnt == 1 && !o[i].unknown &&
		    bpf_sim_action_rank(o[i].v[0]) <
			    bpf_sim_action_rank(fixed)) {
			fixed = o[i].v[0];
			fixed_by = (int)i;
		}
	}
	for (i = 0; i < t->s.cnt; i++) {
		bool matters = o[i].unknown;

		if (o[i].cnt == 1 && !o[i].unknown)
			continue;
		for (k = 0; k < o[i].cnt; k++) {
			/* lower wins; a tie goes to the newer filter */
			if (bpf_sim_action_rank(o[i].v[k]) <
				    bpf_sim_action_rank(fixed) ||
			    (bpf_sim_action_rank(o[i].v[k]) ==
				     bpf_sim_action_rank(fixed) &&
			     (int)i > fixed_by && o[i].v[k] != fixed)) {
				matters = true;
				alt_add(c, o[i].v[k]);
			}
		}
		if (matters) {
			c->args |= 1ull << (i < 63 ? i : 63);
			alt_add(c, floor_value(o, t->s.cnt));
		}
	}
	qsort(c->alt, c->alt_cnt, sizeof(c->alt[0]), cmp_u32);
	free(o);
	return 0;
}

bool inspect_cell_eq(const struct cell *a, const struct cell *b)
{
	return a->action == b->action && a->decider == b->decider &&
	       a->args == b->args && a->cached == b->cached &&
	       a->alt_cnt == b->alt_cnt &&
	       memcmp(a->alt, b->alt, a->alt_cnt * sizeof(a->alt[0])) == 0;
}
