/* SPDX-License-Identifier: LGPL-2.1-only */
/* bpf_disasm_graph: what a seccomp program does for one ABI, as a graph. */

/*
 * bpf_disasm_graph() of bpf_disasm.h. The program is walked once, in
 * order (seccomp programs only jump forward), with the arch fixed.
 */

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bpf_disasm.h"
#include "bpf_names.h"
#include "bpf_disasm_priv.h"

/*
 * The graph of one ABI. Items are sets of syscall numbers on their way
 * from a drawn node (a test of something else than the number or the
 * arch, or the start) through the tests of the number to the next drawn
 * node; each (origin, branch, target) with its numbers is an edge.
 */

struct item {
	int origin;	 /* the drawn node left, -1: the start */
	uint8_t branch;	 /* 1: its true branch, 0: its false one */
	uint32_t lo, hi; /* the syscall numbers */
};

struct items {
	struct item *v;
	size_t n, cap;
};

struct edge {
	int origin;
	uint8_t branch;
	unsigned int target;
	size_t first, n; /* its numbers: pool.v[first .. first + n) */
};

struct graph {
	const struct bpf_sim_prog *prog;
	const struct bpf_sim_arch *abi;
	struct state *st;
	struct items *in;  /* per instruction: the items reaching it */
	struct items *ctx; /* per drawn instruction: the numbers reaching it */
	struct items pool;
	struct edge *edges;
	size_t nedges, cap;
	bool *drawn; /* per instruction: its node is out */
};

/* Append [lo, hi] from (origin, branch) to @s (nothing if empty); -ENOMEM. */
static int items_add(struct items *s, int origin, uint8_t branch, uint32_t lo,
		     uint32_t hi)
{
	struct item *v;

	if (lo > hi)
		return 0;
	if (s->n == s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 8;

		v = realloc(s->v, cap * sizeof(*v));
		if (v == NULL)
			return -ENOMEM;
		s->v = v;
		s->cap = cap;
	}
	s->v[s->n].origin = origin;
	s->v[s->n].branch = branch;
	s->v[s->n].lo = lo;
	s->v[s->n].hi = hi;
	s->n++;
	return 0;
}

/* qsort order of items: by origin, branch, then first number. */
static int item_cmp(const void *a, const void *b)
{
	const struct item *x = a, *y = b;

	if (x->origin != y->origin)
		return x->origin < y->origin ? -1 : 1;
	if (x->branch != y->branch)
		return x->branch < y->branch ? -1 : 1;
	if (x->lo != y->lo)
		return x->lo < y->lo ? -1 : 1;
	return 0;
}

/* qsort order of edges: by origin, branch, then target. */
static int edge_cmp(const void *a, const void *b)
{
	const struct edge *x = a, *y = b;

	if (x->origin != y->origin)
		return x->origin < y->origin ? -1 : 1;
	if (x->branch != y->branch)
		return x->branch < y->branch ? -1 : 1;
	if (x->target != y->target)
		return x->target < y->target ? -1 : 1;
	return 0;
}

/* Append v[0..n) (sorted by lo) to @dst as disjoint intervals. */
static int add_merged(struct items *dst, const struct item *v, size_t n,
		      int origin, uint8_t branch)
{
	uint32_t lo, hi;
	size_t i = 0;

	while (i < n) {
		lo = v[i].lo;
		hi = v[i].hi;
		for (i++; i < n && (uint64_t)v[i].lo <= (uint64_t)hi + 1; i++)
			hi = v[i].hi > hi ? v[i].hi : hi;
		if (items_add(dst, origin, branch, lo, hi) < 0)
			return -ENOMEM;
	}
	return 0;
}

/*
 * The instruction that stands for @pc in the graph: the first return of
 * the same value, so that each action is one node.
 */
static unsigned int canon(const struct graph *g, unsigned int pc)
{
	const struct sock_filter *f = &g->prog->insns[pc];
	unsigned int i;

	if (f->code != (BPF_RET | BPF_K))
		return pc;
	for (i = 0; i < pc; i++)
		if (g->prog->insns[i].code == f->code &&
		    g->prog->insns[i].k == f->k)
			return i;
	return pc;
}

/* The edges into drawn instruction @pc, and the numbers reaching it. */
static int record_edges(struct graph *g, unsigned int pc)
{
	struct items *in = &g->in[pc];
	struct edge *e;
	size_t i = 0, j;

	qsort(in->v, in->n, sizeof(*in->v), item_cmp);
	while (i < in->n) {
		for (j = i; j < in->n && in->v[j].origin == in->v[i].origin &&
			    in->v[j].branch == in->v[i].branch;
		     j++)
			;
		if (g->nedges == g->cap) {
			size_t cap = g->cap ? 2 * g->cap : 16;

			e = realloc(g->edges, cap * sizeof(*e));
			if (e == NULL)
				return -ENOMEM;
			g->edges = e;
			g->cap = cap;
		}
		e = &g->edges[g->nedges++];
		e->origin = in->v[i].origin;
		e->branch = in->v[i].branch;
		e->target = canon(g, pc);
		e->first = g->pool.n;
		if (add_merged(&g->pool, in->v + i, j - i, 0, 0) < 0)
			return -ENOMEM;
		e->n = g->pool.n - e->first;
		i = j;
	}
	/* all of them, for the node's label and its own edges */
	for (i = 0; i < in->n; i++)
		in->v[i].origin = in->v[i].branch = 0;
	qsort(in->v, in->n, sizeof(*in->v), item_cmp);
	return add_merged(&g->ctx[pc], in->v, in->n, (int)pc, 0);
}

/* Whether jump @f in state @s tests the number or the arch, unchanged. */
static bool dispatch(const struct sock_filter *f, const struct state *s)
{
	return BPF_SRC(f->code) == BPF_K && !s->a.alu &&
	       (s->a.kind == V_NR || s->a.kind == V_ARCH);
}

/* Send the numbers of @it through number test @f, to @t and @e. */
static int split(const struct sock_filter *f, const struct item *it,
		 struct items *t, struct items *e)
{
	const uint32_t k = f->k, lo = it->lo, hi = it->hi;
	const int o = it->origin;
	const uint8_t b = it->branch;
	unsigned int bit;
	int rc = 0;

	switch (BPF_OP(f->code)) {
	case BPF_JEQ:
		if (k < lo || k > hi)
			return items_add(e, o, b, lo, hi);
		rc |= items_add(t, o, b, k, k);
		if (k > lo)
			rc |= items_add(e, o, b, lo, k - 1);
		if (k < hi)
			rc |= items_add(e, o, b, k + 1, hi);
		return rc;
	case BPF_JGT:
		if (k < hi)
			rc |= items_add(t, o, b, k >= lo ? k + 1 : lo, hi);
		if (k >= lo)
			rc |= items_add(e, o, b, lo, k < hi ? k : hi);
		return rc;
	case BPF_JGE:
		if (k <= hi)
			rc |= items_add(t, o, b, k > lo ? k : lo, hi);
		if (k > lo)
			rc |= items_add(e, o, b, lo, k - 1 < hi ? k - 1 : hi);
		return rc;
	}
	/* jset: exact when the interval agrees on every bit of the mask */
	if (k == 0)
		return items_add(e, o, b, lo, hi);
	for (bit = 0; !(k & (1u << bit)); bit++)
		;
	if ((lo >> bit) == (hi >> bit))
		return items_add((lo & k) ? t : e, o, b, lo, hi);
	rc |= items_add(t, o, b, lo, hi);
	rc |= items_add(e, o, b, lo, hi);
	return rc;
}

/* Pass every item of @from on to instruction @to with state @s. */
static int pass_on(struct graph *g, const struct items *from, unsigned int to,
		   const struct state *s)
{
	size_t i;

	if (from->n == 0 || to >= g->prog->len)
		return 0;
	bpf_disasm_state_merge(&g->st[to], s);
	for (i = 0; i < from->n; i++)
		if (items_add(&g->in[to], from->v[i].origin, from->v[i].branch,
			      from->v[i].lo, from->v[i].hi) < 0)
			return -ENOMEM;
	return 0;
}

/*
 * Merge the items reaching an instruction by (origin, branch): jset's
 * approximation sends one interval both ways, and without this a chain
 * of them would double the items at every step.
 */
static int normalise(struct items *in)
{
	struct items out = { 0 };
	size_t i = 0, j;

	qsort(in->v, in->n, sizeof(*in->v), item_cmp);
	while (i < in->n) {
		for (j = i; j < in->n && in->v[j].origin == in->v[i].origin &&
			    in->v[j].branch == in->v[i].branch;
		     j++)
			;
		if (add_merged(&out, in->v + i, j - i, in->v[i].origin,
			       in->v[i].branch) < 0) {
			free(out.v);
			return -ENOMEM;
		}
		i = j;
	}
	free(in->v);
	*in = out;
	return 0;
}

/* One instruction of the walk. */
static int walk_one(struct graph *g, unsigned int pc)
{
	const struct sock_filter *f = &g->prog->insns[pc];
	struct items *in = &g->in[pc];
	struct items t = { 0 }, e = { 0 };
	struct state s = g->st[pc];
	unsigned int jt = pc + 1 + f->jt, jf = pc + 1 + f->jf;
	size_t i;
	int rc = 0;

	if (BPF_CLASS(f->code) == BPF_RET)
		return record_edges(g, pc);
	if (f->code == (BPF_JMP | BPF_JA))
		return pass_on(g, in, pc + 1 + f->k, &s);
	if (BPF_CLASS(f->code) != BPF_JMP) {
		bpf_disasm_transfer(f, g->prog->big_endian, &s);
		return pass_on(g, in, pc + 1, &s);
	}
	bpf_disasm_jumped(f, &s);
	if (!dispatch(f, &s)) {
		rc = record_edges(g, pc);
		for (i = 0; rc == 0 && i < g->ctx[pc].n; i++) {
			rc |= items_add(&t, (int)pc, 1, g->ctx[pc].v[i].lo,
					g->ctx[pc].v[i].hi);
			rc |= items_add(&e, (int)pc, 0, g->ctx[pc].v[i].lo,
					g->ctx[pc].v[i].hi);
		}
	} else if (s.a.kind == V_ARCH) {
		rc = pass_on(g, in,
			     bpf_sim_jump_taken(BPF_OP(f->code),
						g->abi->data_arch, f->k) ?
				     jt :
				     jf,
			     &s);
	} else {
		for (i = 0; rc == 0 && i < in->n; i++)
			rc = split(f, &in->v[i], &t, &e);
	}
	if (rc == 0)
		rc = pass_on(g, &t, jt, &s);
	if (rc == 0)
		rc = pass_on(g, &e, jf, &s);
	free(t.v);
	free(e.v);
	return rc < 0 ? -ENOMEM : 0;
}

/* The rows of the syscall names. */
static size_t rows(void)
{
	size_t i;
	int nr;

	for (i = 0; bpf_names_row(i, 0, &nr) != NULL; i++)
		;
	return i;
}

/* A syscall and its number. */
struct named {
	uint32_t nr;
	const char *name;
};

/* qsort order of names: by number. */
static int named_cmp(const void *a, const void *b)
{
	const struct named *x = a, *y = b;

	return x->nr < y->nr ? -1 : x->nr > y->nr;
}

/*
 * The syscalls of @abi among numbers v[0..n): the first @max of them, in
 * order of number, into @out. Returns how many there are.
 */
static size_t named_in(const struct bpf_sim_arch *abi, const struct item *v,
		       size_t n, struct named *out, size_t max)
{
	int col = bpf_names_column(abi != NULL ? abi->name : NULL), row;
	const char *name;
	size_t i, j, cnt = 0;
	uint32_t nr;

	for (i = 0; (name = bpf_names_row(i, col, &row)) != NULL; i++) {
		if (row < 0)
			continue;
		nr = (uint32_t)row;
		for (j = 0; j < n; j++)
			if (nr >= v[j].lo && nr <= v[j].hi)
				break;
		if (j < n && cnt < max) {
			out[cnt].nr = nr;
			out[cnt].name = name;
		}
		cnt += j < n;
	}
	qsort(out, cnt < max ? cnt : max, sizeof(*out), named_cmp);
	return cnt;
}

/* Labels are built in a buffer this size; longer ones end in "...". */
#define LABEL_MAX 4096
/* Lines of names a set's box holds. */
#define SET_LINES 24

struct label {
	char buf[LABEL_MAX];
	size_t len;
	size_t line; /* length of the current line */
	unsigned int lines;
	bool full;
};

/* Append @s to @l; once it is full, nothing more. */
static void label_add(struct label *l, const char *s)
{
	int n;

	if (l->full)
		return;
	n = snprintf(l->buf + l->len, sizeof(l->buf) - l->len, "%s", s);
	if (n < 0 || (size_t)n >= sizeof(l->buf) - l->len - 16) {
		l->buf[l->len] = '\0';
		l->full = true;
		return;
	}
	l->len += (size_t)n;
}

/* Add @word to a wrapped, left-aligned list of words. */
static void label_word(struct label *l, const char *word, bool last)
{
	const size_t width = 64;

	if (l->line > 0 && l->line + strlen(word) + 2 > width) {
		label_add(l, "\\l");
		l->line = 0;
		l->lines++;
	}
	label_add(l, word);
	label_add(l, last ? "" : ", ");
	l->line += strlen(word) + 2;
}

/* The box of the syscalls a set of numbers holds. */
static void set_label(struct label *l, const struct bpf_sim_arch *abi,
		      const struct item *v, size_t n)
{
	struct named *names = calloc(rows() + 1, sizeof(*names));
	/* x32's numbers show without the x32 bit */
	const uint32_t base = abi->token != abi->data_arch ? abi->nr_base : 0;
	size_t cnt = 0, i, j, shown = 0;
	uint64_t total = 0;
	char word[160];

	for (i = 0; i < n; i++)
		total += (uint64_t)v[i].hi - v[i].lo + 1;
	if (names != NULL)
		cnt = named_in(abi, v, n, names, rows());
	snprintf(word, sizeof(word), "%zu syscall%s:\\l", cnt,
		 cnt == 1 ? "" : "s");
	if (cnt > 0)
		label_add(l, word);
	for (i = 0; i < cnt && l->lines < SET_LINES; i = j + 1) {
		/* a run of consecutive numbers, all in the set */
		for (j = i; j + 1 < cnt && names[j + 1].nr == names[j].nr + 1;
		     j++)
			;
		if (j - i >= 2)
			snprintf(word, sizeof(word), "%s .. %s [%u-%u]",
				 names[i].name, names[j].name,
				 names[i].nr - base, names[j].nr - base);
		else if (j > i)
			snprintf(word, sizeof(word), "%s, %s", names[i].name,
				 names[j].name);
		else
			snprintf(word, sizeof(word), "%s", names[i].name);
		shown = j + 1;
		label_word(l, word, shown == cnt);
	}
	if (shown < cnt) {
		snprintf(word, sizeof(word), "... and %zu more", cnt - shown);
		label_word(l, word, true);
	}
	if (cnt > 0)
		label_add(l, "\\l");
	if (total > cnt && cnt > 0) {
		snprintf(word, sizeof(word), "+ %" PRIu64 " other numbers\\l",
			 total - cnt);
		label_add(l, word);
	} else if (cnt == 0) {
		snprintf(word, sizeof(word), "%" PRIu64 " numbers:\\l", total);
		label_add(l, word);
		for (i = 0; i < n && i < 4; i++) {
			snprintf(word, sizeof(word), "[%#x-%#x]", v[i].lo,
				 v[i].hi);
			label_word(l, word, i + 1 == n);
		}
		label_add(l, n > 4 ? ", ...\\l" : "\\l");
	}
	free(names);
}

/*
 * Whether numbers v[0..n) are one to three syscalls and nothing else; if
 * so, @buf receives their names.
 */
static bool few_syscalls(const struct bpf_sim_arch *abi, const struct item *v,
			 size_t n, char *buf, size_t size)
{
	struct named names[4];
	uint64_t total = 0;
	size_t i, cnt;
	int len = 0;

	for (i = 0; i < n; i++)
		total += (uint64_t)v[i].hi - v[i].lo + 1;
	if (total > 3)
		return false;
	cnt = named_in(abi, v, n, names, 4);
	if (cnt != total)
		return false;
	buf[0] = '\0';
	for (i = 0; i < cnt && len >= 0 && (size_t)len < size; i++)
		len += snprintf(buf + len, size - (size_t)len, "%s%s",
				i ? ", " : "", names[i].name);
	return true;
}

/* What the accumulator holds, for a node's label: "a0 low & 0xff". */
static void val_text(const struct val *v, char *buf, size_t size)
{
	static const char *const ops[16] = {
		[BPF_ADD >> 4] = "+",  [BPF_SUB >> 4] = "-",
		[BPF_MUL >> 4] = "*",  [BPF_DIV >> 4] = "/",
		[BPF_OR >> 4] = "|",   [BPF_AND >> 4] = "&",
		[BPF_LSH >> 4] = "<<", [BPF_RSH >> 4] = ">>",
		[BPF_MOD >> 4] = "%",  [BPF_XOR >> 4] = "^",
	};
	const char *op;
	char base[32];
	int n;

	if (v->kind == V_ARG && v->lo32)
		snprintf(base, sizeof(base), "a%u.lo32", v->arg);
	else if (v->kind == V_ARG)
		snprintf(base, sizeof(base), "a%u %s", v->arg,
			 v->high ? "high" : "low");
	else if (v->kind == V_IP)
		snprintf(base, sizeof(base), "ip %s", v->high ? "high" : "low");
	else if (v->kind == V_CONST)
		snprintf(base, sizeof(base), "%u", v->k);
	else
		snprintf(base, sizeof(base), "%s",
			 v->kind == V_NR   ? "nr" :
			 v->kind == V_ARCH ? "arch" :
			 v->kind == V_LEN  ? "len" :
					     "A");
	n = snprintf(buf, size, "%s", base);
	if (!v->alu || n < 0 || (size_t)n >= size)
		return;
	op = ops[(v->op & 0xf0) >> 4];
	if (BPF_OP(v->op) == BPF_NEG)
		snprintf(buf, size, "-(%s)", base);
	else if (BPF_SRC(v->op) == BPF_X)
		snprintf(buf + n, size - (size_t)n, " %s X", op ? op : "?");
	else
		snprintf(buf + n, size - (size_t)n, " %s %#x", op ? op : "?",
			 v->k);
}

/* The names of the syscalls reaching a node: up to three, else a count. */
static void ctx_text(const struct bpf_sim_arch *abi, const struct items *c,
		     char *buf, size_t size)
{
	struct named names[4];
	size_t cnt, i;
	int n = 0;

	buf[0] = '\0';
	cnt = named_in(abi, c->v, c->n, names, 4);
	if (cnt > 3) {
		snprintf(buf, size, "%zu syscalls", cnt);
		return;
	}
	for (i = 0; i < cnt && n >= 0 && (size_t)n < size; i++)
		n += snprintf(buf + n, size - (size_t)n, "%s%s", i ? ", " : "",
			      names[i].name);
}

/* The colour of an action's node. */
static const char *ret_color(uint32_t action)
{
	switch (action & SECCOMP_RET_ACTION_FULL) {
	case SECCOMP_RET_ALLOW:
		return "palegreen";
	case SECCOMP_RET_ERRNO:
		return "lightgoldenrod1";
	case SECCOMP_RET_KILL_PROCESS:
	case SECCOMP_RET_KILL_THREAD:
		return "salmon";
	case SECCOMP_RET_LOG:
		return "lightcyan";
	}
	return "lightblue";
}

/* A drawn instruction's node. */
static void draw_node(FILE *out, struct graph *g, unsigned int pc)
{
	const struct sock_filter *f = &g->prog->insns[pc];
	const char *errname;
	char ctx[128], what[64], act[32];
	static const char *const rel[16] = {
		[BPF_JEQ >> 4] = "==",
		[BPF_JGT >> 4] = ">",
		[BPF_JGE >> 4] = ">=",
		[BPF_JSET >> 4] = "&",
	};

	if (BPF_CLASS(f->code) == BPF_RET) {
		if (f->code != (BPF_RET | BPF_K)) {
			fprintf(out,
				"\tn%u [label=\"ret A\", shape=ellipse];\n",
				pc);
			return;
		}
		bpf_sim_action_str(f->k, act, sizeof(act));
		errname = bpf_disasm_ret_errno(g->abi, f->k);
		fprintf(out,
			"\tn%u [label=\"%s%s%s\", shape=ellipse, style=filled,"
			" fillcolor=%s];\n",
			pc, act, errname ? "\\n" : "", errname ? errname : "",
			ret_color(f->k));
		return;
	}
	ctx_text(g->abi, &g->ctx[pc], ctx, sizeof(ctx));
	if (bpf_disasm_signed_text(f, &g->st[pc], what, sizeof(what))) {
		fprintf(out, "\tn%u [label=\"%s%s%s ?\"];\n", pc, ctx,
			ctx[0] ? "\\n" : "", what);
		return;
	}
	val_text(&g->st[pc].a, what, sizeof(what));
	fprintf(out, "\tn%u [label=\"%s%s%s %s ", pc, ctx, ctx[0] ? "\\n" : "",
		what,
		rel[BPF_OP(f->code) >> 4] ? rel[BPF_OP(f->code) >> 4] : "?");
	if (BPF_SRC(f->code) == BPF_X)
		fprintf(out, "X");
	else if (f->k < 4096)
		fprintf(out, "%u", f->k);
	else
		fprintf(out, "%#x", f->k);
	fprintf(out, " ?\"];\n");
}

/* The node an edge leaves: "start" or "nPC". */
static void node_id(char *buf, size_t size, int origin)
{
	if (origin < 0)
		snprintf(buf, size, "start");
	else
		snprintf(buf, size, "n%d", origin);
}

/* An edge, labelled unless @label is "". */
static void print_edge(FILE *out, const char *from, const char *to,
		       const char *label)
{
	if (label[0] != '\0')
		fprintf(out, "\t%s -> %s [label=\"%s\"];\n", from, to, label);
	else
		fprintf(out, "\t%s -> %s;\n", from, to);
}

/* The edges of one (origin, branch): e[0..n), sorted by target. */
static void draw_edges(FILE *out, struct graph *g, const struct edge *e,
		       size_t n)
{
	const char *blabel = e->origin < 0 ? "" : e->branch ? "yes" : "no";
	struct label *l;
	char from[16], to[32], names[128];
	size_t i;

	node_id(from, sizeof(from), e->origin);
	if (n == 1) {
		snprintf(to, sizeof(to), "n%u", e->target);
		print_edge(out, from, to, blabel);
		return;
	}
	/* a test of the number: one node, a box per outcome */
	fprintf(out,
		"\td%s_%u [label=\"%s syscall\", shape=diamond, style=filled,"
		" fillcolor=lightgray];\n",
		from, e->branch, g->abi->name);
	snprintf(to, sizeof(to), "d%s_%u", from, e->branch);
	print_edge(out, from, to, blabel);
	l = malloc(sizeof(*l));
	for (i = 0; i < n; i++) {
		const struct item *v = g->pool.v + e[i].first;

		/* a few syscalls and nothing else label the edge itself */
		if (few_syscalls(g->abi, v, e[i].n, names, sizeof(names))) {
			fprintf(out, "\td%s_%u -> n%u [label=\"%s\"];\n", from,
				e->branch, e[i].target, names);
			continue;
		}
		if (l != NULL) {
			memset(l, 0, sizeof(*l));
			set_label(l, g->abi, v, e[i].n);
		}
		fprintf(out,
			"\ts%s_%u_%u [label=\"%s\", shape=note,"
			" fontsize=10];\n",
			from, e->branch, e[i].target, l ? l->buf : "");
		fprintf(out, "\td%s_%u -> s%s_%u_%u [arrowhead=none];\n", from,
			e->branch, from, e->branch, e[i].target);
		fprintf(out, "\ts%s_%u_%u -> n%u;\n", from, e->branch,
			e[i].target, e[i].target);
	}
	free(l);
}

/* Merge the edges of one (origin, branch, target) (sorted): two returns
 * of one value are one node. */
static int merge_edges(struct graph *g)
{
	struct edge *e = g->edges;
	struct item *tmp;
	size_t i, j, k, n, out = 0;
	int rc = 0;

	for (i = 0; i < g->nedges; i = j) {
		n = 0;
		for (j = i; j < g->nedges && edge_cmp(&e[i], &e[j]) == 0; j++)
			n += e[j].n;
		e[out] = e[i];
		if (j - i > 1) {
			tmp = malloc(n * sizeof(*tmp));
			if (tmp == NULL)
				return -ENOMEM;
			for (n = 0, k = i; k < j; k++) {
				memcpy(tmp + n, g->pool.v + e[k].first,
				       e[k].n * sizeof(*tmp));
				n += e[k].n;
			}
			qsort(tmp, n, sizeof(*tmp), item_cmp);
			e[out].first = g->pool.n;
			rc = add_merged(&g->pool, tmp, n, 0, 0);
			e[out].n = g->pool.n - e[out].first;
			free(tmp);
			if (rc < 0)
				return rc;
		}
		out++;
	}
	g->nedges = out;
	return 0;
}

/*
 * Where a call of an ABI the filter does not test goes: the return that
 * loading the arch and failing equality tests of it lead to, or -1 if
 * that path does anything else first.
 */
static int other_arch_ret(const struct bpf_sim_prog *prog)
{
	const struct sock_filter *f;
	unsigned int pc = 0;
	bool arch = false;

	while (pc < prog->len) {
		f = &prog->insns[pc];
		if (f->code == (BPF_LD | BPF_W | BPF_ABS) && f->k == 4) {
			arch = true;
			pc++;
		} else if (f->code == (BPF_JMP | BPF_JA)) {
			pc += 1 + f->k;
		} else if (arch && f->code == (BPF_JMP | BPF_JEQ | BPF_K)) {
			pc += 1u + f->jf;
		} else {
			return f->code == (BPF_RET | BPF_K) && arch ? (int)pc :
								      -1;
		}
	}
	return -1;
}

/*
 * The dashed node of arch values the filter has no ABI for. It names the
 * filter's ABIs, so that one drawn apart (x86 beside x86_64) is not read
 * as going there: "arch other than x86_64, x86".
 */
static void draw_other(FILE *out, const struct graph *g)
{
	const struct bpf_sim_arch *a, *name;
	uint32_t tokens[16];
	int n = bpf_sim_arch_tokens(g->prog, tokens, 16);
	size_t i, j;

	fprintf(out, "\tother [label=\"arch other than");
	for (i = 0; n > 0 && i < (size_t)n && i < 16; i++) {
		/* x86_64 and x32 share a value: the ABI whose token it is */
		name = NULL;
		for (j = 0; (a = bpf_sim_arch_get(j)) != NULL; j++)
			if (a->data_arch == tokens[i] &&
			    a->big_endian == g->abi->big_endian &&
			    (name == NULL || a->token == tokens[i]))
				name = a;
		if (name != NULL)
			fprintf(out, "%s %s", i ? "," : "", name->name);
		else
			fprintf(out, "%s %#x", i ? "," : "", tokens[i]);
	}
	fprintf(out, "\", style=dashed];\n");
}

/* The whole digraph of a walked program. */
static void draw(FILE *out, struct graph *g)
{
	const struct bpf_sim_arch *abi = g->abi;
	int other = other_arch_ret(g->prog);
	unsigned int pc;
	size_t i, j;

	fprintf(out, "digraph \"%s\" {\n", abi->name);
	fprintf(out, "\tgraph [rankdir=LR, fontname=\"Helvetica\","
		     " labelloc=t];\n");
	fprintf(out, "\tnode [shape=box, fontname=\"Helvetica\"];\n");
	fprintf(out, "\tedge [fontname=\"Helvetica\", fontsize=10];\n");
	fprintf(out, "\tstart [label=\"%s\\narch == %#x", abi->name,
		abi->data_arch);
	if (bpf_disasm_is_x86_64(abi))
		fprintf(out, "\\nnr & %#x == 0", BPF_SIM_X32_BIT);
	else if (abi->token != abi->data_arch)
		fprintf(out, "\\nnr & %#x != 0", BPF_SIM_X32_BIT);
	fprintf(out, "\", style=filled, fillcolor=lightgray];\n");
	for (pc = 0; pc < g->prog->len; pc++) {
		if (g->ctx[pc].n == 0 || g->drawn[canon(g, pc)])
			continue;
		g->drawn[canon(g, pc)] = true;
		draw_node(out, g, canon(g, pc));
	}
	/* the other ABIs' calls, dashed: the bad-arch action */
	if (other >= 0) {
		pc = canon(g, (unsigned int)other);
		draw_other(out, g);
		if (!g->drawn[pc])
			draw_node(out, g, pc);
		g->drawn[pc] = true;
		fprintf(out, "\tother -> n%u [style=dashed];\n", pc);
	}
	for (i = 0; i < g->nedges; i = j) {
		for (j = i; j < g->nedges &&
			    g->edges[j].origin == g->edges[i].origin &&
			    g->edges[j].branch == g->edges[i].branch;
		     j++)
			;
		draw_edges(out, g, g->edges + i, j - i);
	}
	fprintf(out, "}\n");
}

/**
 * bpf_disasm_graph - see bpf_disasm.h
 */
int bpf_disasm_graph(FILE *out, const struct bpf_sim_prog *prog,
		     const struct bpf_sim_arch *abi)
{
	struct graph g = { .prog = prog };
	unsigned int pc;
	int rc = 0;

	if (bpf_sim_verify(prog, NULL) < 0)
		return -EINVAL;
	if (abi == NULL)
		abi = bpf_disasm_first_abi(prog);
	if (abi == NULL)
		abi = bpf_sim_arch_native();
	if (abi == NULL)
		return -EINVAL;
	g.abi = abi;
	g.st = calloc(prog->len + 1, sizeof(*g.st));
	g.in = calloc(prog->len + 1, sizeof(*g.in));
	g.ctx = calloc(prog->len + 1, sizeof(*g.ctx));
	g.drawn = calloc(prog->len + 1, sizeof(*g.drawn));
	if (g.st == NULL || g.in == NULL || g.ctx == NULL || g.drawn == NULL) {
		rc = -ENOMEM;
		goto out;
	}
	/* x32 calls carry x86_64's arch value and the x32 bit */
	g.st[0].seen = true;
	/* the ABI's own token: whether its arguments are 64-bit (x32's not) */
	g.st[0].tok[0] = abi->token;
	g.st[0].ntok = 1;
	g.st[0].hi = UINT32_MAX;
	if (bpf_disasm_is_x86_64(abi)) {
		rc |= items_add(&g.in[0], -1, 0, 0, BPF_SIM_X32_BIT - 1);
		rc |= items_add(&g.in[0], -1, 0, 0x80000000u, 0xbfffffffu);
	} else if (abi->token != abi->data_arch) {
		rc |= items_add(&g.in[0], -1, 0, BPF_SIM_X32_BIT, 0x7fffffffu);
		rc |= items_add(&g.in[0], -1, 0, 0xc0000000u, UINT32_MAX);
	} else {
		rc |= items_add(&g.in[0], -1, 0, 0, UINT32_MAX);
	}
	for (pc = 0; rc == 0 && pc < prog->len; pc++) {
		if (g.in[pc].n > 0)
			rc = normalise(&g.in[pc]);
		if (rc == 0 && g.in[pc].n > 0)
			rc = walk_one(&g, pc);
		free(g.in[pc].v);
		g.in[pc].v = NULL;
	}
	if (rc == 0) {
		qsort(g.edges, g.nedges, sizeof(*g.edges), edge_cmp);
		rc = merge_edges(&g);
	}
	if (rc == 0)
		draw(out, &g);
out:
	for (pc = 0; g.ctx != NULL && pc < prog->len; pc++)
		free(g.ctx[pc].v);
	for (pc = 0; g.in != NULL && pc < prog->len; pc++)
		free(g.in[pc].v);
	free(g.st);
	free(g.in);
	free(g.ctx);
	free(g.drawn);
	free(g.pool.v);
	free(g.edges);
	return rc < 0 ? -ENOMEM : 0;
}
