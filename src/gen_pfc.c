/* SPDX-License-Identifier: LGPL-2.1-only */
/* Filter database -> PFC, libseccomp's human-readable pseudo filter code. */

/*
 * PFC is libseccomp's layout of the rules, not the program this library
 * emits (gen_bpf.c searches syscall numbers in a tree; libseccomp tests
 * them one after the other, which is what PFC shows). It stays compatible
 * byte for byte because libseccomp's own tests and users' tools compare
 * it; scmp_bpf_disasm shows the real program.
 *
 * The text follows libseccomp's layout line for line, so that people who
 * diff it see no change: per ABI an "if ($arch == TOKEN)" block, in it one
 * "if ($syscall == NR)" block per syscall, highest priority first, then
 * the default action; then the bad-arch action. Argument tests print in
 * trie order, 64-bit arguments as high and low words, equality tests that
 * share a high word under one high-word line. A 32-bit test
 * (SCMP_CMP_32BIT, provisional) shows as its low-word line alone,
 * "if ($a0.lo32 == 4294967196)": no high-word line tests it. A signed
 * test (SCMP_CMP_EXT_SIGNED, ours) shows the word that holds the sign as
 * a C cast and its datum as a signed number: "if ((int32_t)$a0.lo32 >=
 * 0)", "if ((int32_t)$a1.hi32 > -1)"; a 64-bit one's low word is unsigned.
 * With SCMP_FLTATR_EXT_ACT_BADARG32 (ours) a syscall's block opens with
 * the high-word check of each argument it tests 32-bit:
 * "if ($a0 != (uint32_t)$a0 && $a0 != (int32_t)$a0)" and the action.
 *
 * With SCMP_FLTATR_CTL_KVERMAX (which libseccomp has not), an ABI's block
 * shows, between its syscalls and its default action, the numbers that get
 * the ENOSYS action: one "if ($syscall == N)" or "if ($syscall >= LO)" /
 * "if ($syscall <= HI)" block per stretch, the numbers of its rules left
 * out (they fall through to the default action, as the program has it).
 */

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <seccomp-ext.h>

#include "action.h"
#include "gen_pfc.h"

/* The text's first buffer size; it doubles as it fills. */
#define PFC_START 4096U

/*
 * The text is built in memory, every write checked, so that a failure
 * anywhere (memory, mostly) is the whole export's: the caller writes the
 * text out only once it is complete. After the first failure, @err holds
 * its -errno and writes do nothing.
 */
struct pfc {
	char *buf; /* @len bytes of text and a NUL, in @cap */
	size_t len;
	size_t cap;
	const struct db_filter *filter;
	const struct arch_def *arch;
	int err;
};

/* Room for @n more bytes and a NUL; false (and @p->err set) if none. */
static bool reserve(struct pfc *p, size_t n)
{
	size_t cap = p->cap > 0 ? p->cap * 2 : PFC_START;
	char *buf;

	if (p->err < 0)
		return false;
	if (p->len + n < p->cap)
		return true;
	if (cap < p->len + n + 1)
		cap = p->len + n + 1;
	buf = realloc(p->buf, cap);
	if (buf == NULL) {
		p->err = -ENOMEM;
		return false;
	}
	p->buf = buf;
	p->cap = cap;
	return true;
}

/*
 * emit - append a line indented @depth levels (two spaces each), formatted
 * as by printf(3)
 *
 * On failure sets @p->err (-ENOMEM, or vsnprintf()'s -errno); the text
 * is then dropped whole.
 */
__attribute__((format(printf, 3, 4))) static void
emit(struct pfc *p, unsigned int depth, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (!reserve(p, depth * 2))
		return;
	memset(p->buf + p->len, ' ', depth * 2);
	p->len += depth * 2;
	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0) {
		p->err = -errno;
		return;
	}
	if (!reserve(p, (size_t)n))
		return;
	va_start(ap, fmt);
	vsnprintf(p->buf + p->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	p->len += (size_t)n;
}

/*
 * TRAP's data came after its PFC spelling (SCMP_ACT_TRAPX): TRAP(n) only
 * for n != 0, so that the PFC of a plain TRAP stays libseccomp's.
 */
static void print_action(struct pfc *p, unsigned int depth, uint32_t action)
{
	const struct action_def *def = action_find(action);

	if (def == NULL || def->pfc_name == NULL)
		emit(p, depth, "action 0x%x;\n", action);
	else if (def->data_max > 0 &&
		 (def->value != SCMP_ACT_TRAP || (action & ACTION_DATA) != 0))
		emit(p, depth, "action %s(%u);\n", def->pfc_name,
		     action & ACTION_DATA);
	else
		emit(p, depth, "action %s;\n", def->pfc_name);
}

static void print_level(struct pfc *p, const struct db_node *level,
			unsigned int depth);

static void print_branch(struct pfc *p, const struct db_branch *br,
			 unsigned int depth)
{
	if (db_branch_kind(br) == DB_BR_ACTION)
		print_action(p, depth, db_branch_action(br));
	else if (db_branch_kind(br) == DB_BR_LEVEL)
		print_level(p, db_branch_level(br), depth);
}

/* "else" and a false branch, if it holds anything. */
static void print_else(struct pfc *p, const struct db_branch *br,
		       unsigned int depth)
{
	if (db_branch_empty(br))
		return;
	emit(p, depth, "else\n");
	print_branch(p, br, depth + 1);
}

/* How PFC writes an operator. */
static const char *op_name(enum db_op op)
{
	switch (op) {
	case DB_OP_EQ:
		return "==";
	case DB_OP_GT:
		return ">";
	case DB_OP_GE:
		return ">=";
	}
	return "?";
}

/*
 * One test line: "if ($a0 == 5)", "if ($a1.hi32 & 0x0000ffff == 2)"; with
 * @sign, of the word that holds the sign: "if ((int32_t)$a0.lo32 < -1)".
 */
static void print_test(struct pfc *p, unsigned int depth,
		       const struct db_cmp *c, const char *half, uint32_t mask,
		       uint32_t datum, bool sign)
{
	const char *op = op_name((enum db_op)c->op);

	/* as libseccomp, a MASKED_EQ rule's mask shows even if all ones */
	if (c->op == DB_OP_EQ && (c->masked || mask != 0xffffffffU))
		emit(p, depth, "if ($a%u%s & 0x%.8x == %u)\n", c->arg, half,
		     mask, datum);
	else if (sign)
		/* the datum was flipped (db.c): flip it back */
		emit(p, depth, "if ((int32_t)$a%u%s %s %d)\n", c->arg, half, op,
		     (int32_t)(datum ^ 0x80000000U));
	else
		emit(p, depth, "if ($a%u%s %s %u)\n", c->arg, half, op, datum);
}

/* The low-word part of a node on a 64-bit ABI, or the whole on 32-bit. */
static void print_low(struct pfc *p, const struct db_node *n,
		      unsigned int depth)
{
	const char *half = p->arch->arg_bits == 64 ? ".lo32" : "";
	/* a 64-bit signed test's low word is compared unsigned */
	bool sign = n->cmp.sign && (p->arch->arg_bits == 32 || n->cmp.low);

	print_test(p, depth, &n->cmp, half, (uint32_t)n->cmp.mask,
		   (uint32_t)n->cmp.datum, sign);
	print_branch(p, &n->br[1], depth + 1);
	print_else(p, &n->br[0], depth);
}

static void print_level(struct pfc *p, const struct db_node *level,
			unsigned int depth)
{
	const struct db_branch *miss;
	const struct db_node *n, *run;
	uint32_t dh;

	for (n = level; n != NULL;) {
		dh = (uint32_t)(n->cmp.datum >> 32);
		if (p->arch->arg_bits == 32 || n->cmp.low) {
			print_low(p, n, depth);
			n = n->next;
			continue;
		}
		if (n->cmp.op == DB_OP_EQ) {
			print_test(p, depth, &n->cmp, ".hi32",
				   (uint32_t)(n->cmp.mask >> 32), dh, false);
			miss = &n->br[0];
			/* a group shares the line of its high word */
			for (run = n;
			     n != NULL && db_cmp_same_group(&run->cmp, &n->cmp);
			     n = n->next) {
				print_low(p, n, depth + 1);
				if (db_branch_empty(miss))
					miss = &n->br[0];
			}
			print_else(p, miss, depth);
			continue;
		}
		/* GT, GE: a larger high word decides, an equal one defers */
		if (n->cmp.sign)
			emit(p, depth, "if ((int32_t)$a%u.hi32 > %d)\n",
			     n->cmp.arg, (int32_t)(dh ^ 0x80000000U));
		else
			emit(p, depth, "if ($a%u.hi32 > %u)\n", n->cmp.arg, dh);
		print_branch(p, &n->br[1], depth + 1);
		emit(p, depth, "else\n");
		emit(p, depth + 1, "if ($a%u.hi32 == %u)\n", n->cmp.arg,
		     dh ^ (n->cmp.sign ? 0x80000000U : 0));
		print_low(p, n, depth + 2);
		print_else(p, &n->br[0], depth + 1);
		n = n->next;
	}
}

/*
 * The number of tests libseccomp's tree would hold for a syscall: on
 * 64-bit ABIs an equality test is a high and a low word test (sharing the
 * high one with its neighbours), a range test three; a 32-bit test one.
 */
static unsigned int level_tests(const struct arch_def *arch,
				const struct db_node *level)
{
	const struct db_node *n, *before = NULL;
	unsigned int b, tests = 0;

	for (n = level; n != NULL; before = n, n = n->next) {
		if (arch->arg_bits == 32 || n->cmp.low)
			tests += 1;
		else if (n->cmp.op != DB_OP_EQ)
			tests += 3;
		else
			/* clang-format off */
			tests += before != NULL &&
					 db_cmp_same_group(&before->cmp, &n->cmp) ?
					 1 : 2;
		/* clang-format on */
		for (b = 0; b < 2; b++)
			tests += level_tests(arch, db_branch_level(&n->br[b]));
	}
	return tests;
}

static uint32_t priority(const struct arch_def *arch,
			 const struct db_syscall *sys)
{
	/* none for an unconditional action */
	unsigned int tests = level_tests(arch, db_branch_level(&sys->rules));

	if (tests > 0xffff)
		tests = 0xffff;
	return ((uint32_t)sys->priority << 16) | (0xffffU - tests);
}

struct entry {
	const struct db_syscall *sys;
	uint32_t priority;
};

/*
 * Highest priority first; then, as libseccomp prints, the higher number,
 * compared unsigned: pseudo numbers (negative) come before real ones.
 */
static int entry_cmp(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;
	uint32_t xn = (uint32_t)x->sys->num, yn = (uint32_t)y->sys->num;

	if (x->priority != y->priority)
		return x->priority > y->priority ? -1 : 1;
	return (xn < yn) - (xn > yn);
}

/* The binary tree (OPTIMIZE=2) ignores priorities: by number only. */
static int entry_num_cmp(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;
	uint32_t xn = (uint32_t)x->sys->num, yn = (uint32_t)y->sys->num;

	return (xn < yn) - (xn > yn);
}

/*
 * The high-word checks SCMP_FLTATR_EXT_ACT_BADARG32 puts before a
 * syscall's rules: an argument that is neither its low word zero- nor
 * sign-extended takes the action.
 */
static void print_badarg(struct pfc *p, const struct db_syscall *sys,
			 unsigned int depth)
{
	unsigned int args = db_badarg_args(p->filter, p->arch, sys), arg;

	for (arg = 0; arg < DB_ARG_MAX; arg++) {
		if (!(args & (1U << arg)))
			continue;
		emit(p, depth,
		     "if ($a%u != (uint32_t)$a%u && $a%u != (int32_t)$a%u)\n",
		     arg, arg, arg, arg);
		print_action(p, depth + 1, p->filter->attr.act_badarg32);
	}
}

static void print_syscall(struct pfc *p, const struct entry *e,
			  unsigned int depth)
{
	const char *name = arch_syscall_resolve_num(p->arch, e->sys->num);

	emit(p, depth, "# filter for syscall \"%s\" (%u) [priority: %u]\n",
	     name ? name : "UNKNOWN", (uint32_t)e->sys->num, e->priority);
	emit(p, depth, "if ($syscall == %u)\n", (uint32_t)e->sys->num);
	print_badarg(p, e->sys, depth + 1);
	print_branch(p, &e->sys->rules, depth + 1);
}

/*
 * Leaves @leaf .. @leaf + @leaves of libseccomp's binary tree: @list (by
 * number, highest first) cut into leaves of four syscalls; each level
 * tests "above the lower part", the upper part holding the largest power
 * of two of leaves below their count.
 */
static void print_tree(struct pfc *p, const struct entry *list,
		       unsigned int cnt, unsigned int leaf, unsigned int leaves,
		       unsigned int depth)
{
	unsigned int half = 1, i;
	uint32_t split;

	if (leaves == 1) {
		for (i = leaf * 4; i < leaf * 4 + 4 && i < cnt; i++)
			print_syscall(p, &list[i], depth);
		return;
	}
	while (half * 2 < leaves)
		half *= 2;
	split = (uint32_t)list[(leaf + half) * 4].sys->num;
	emit(p, depth, "if ($syscall > %u)\n", split);
	print_tree(p, list, cnt, leaf, half, depth + 1);
	emit(p, depth, "else # ($syscall <= %u)\n", split);
	print_tree(p, list, cnt, leaf + half, leaves - half, depth + 1);
}

/* One stretch of numbers that get the ENOSYS action. */
static void print_newer_span(struct pfc *p, uint32_t lo, uint32_t hi,
			     uint32_t action)
{
	if (lo == hi) {
		emit(p, 1, "if ($syscall == %u)\n", lo);
		print_action(p, 2, action);
		return;
	}
	emit(p, 1, "if ($syscall >= %u)\n", lo);
	emit(p, 2, "if ($syscall <= %u)\n", hi);
	print_action(p, 3, action);
}

/*
 * The numbers SCMP_FLTATR_CTL_KVERMAX sets apart on the ABI, but those
 * of its @cnt syscalls (@sys, in number order) with rules.
 */
static void print_newer(struct pfc *p, const struct db_filter *filter,
			struct db_syscall **sys, int cnt)
{
	unsigned int major, minor, i, n;
	struct arch_span *spans;
	uint32_t *keep;

	spans = malloc((syscall_defs_count + (unsigned int)cnt + 1) *
		       sizeof(*spans));
	keep = malloc(((unsigned int)cnt + 1) * sizeof(*keep));
	if (spans == NULL || keep == NULL) {
		free(spans);
		free(keep);
		p->err = -ENOMEM;
		return;
	}
	n = db_rule_numbers(sys, (unsigned int)cnt, keep);
	n = arch_syscall_newer(p->arch, filter->attr.kvermax, keep, n, spans);
	arch_kver_version(filter->attr.kvermax, &major, &minor);
	emit(p, 1,
	     "# ENOSYS action: no syscall at Linux %u.%u (kvermax) and no rule\n",
	     major, minor);
	for (i = 0; i < n; i++)
		print_newer_span(p, spans[i].lo, spans[i].hi,
				 filter->attr.act_enosys);
	free(spans);
	free(keep);
}

static void print_arch(struct pfc *p, const struct db_filter *filter,
		       const struct db_arch *arch)
{
	struct db_syscall **sys;
	struct pool views;
	struct entry *list;
	bool tree = filter->attr.optimize == 2;
	int cnt, i, n = 0;

	p->arch = arch->arch;
	/* x32 shows x86_64's audit value: the one its filter tests */
	emit(p, 0, "# filter for arch %s (%u)\n", arch->arch->name,
	     arch->arch->token_bpf);
	emit(p, 0, "if ($arch == %u)\n", arch->arch->token_bpf);

	pool_init(&views, sizeof(union db_entry));
	cnt = db_syscalls_gen(filter, arch, &views, &sys);
	list = malloc((cnt > 0 ? cnt : 1) * sizeof(*list));
	if (cnt < 0 || list == NULL) {
		p->err = -ENOMEM;
		free(list);
		free(sys);
		pool_drop(&views);
		return;
	}
	for (i = 0; i < cnt; i++)
		if (!db_branch_empty(&sys[i]->rules))
			list[n++] = (struct entry){ sys[i], priority(arch->arch,
								     sys[i]) };
	qsort(list, n, sizeof(*list), tree ? entry_num_cmp : entry_cmp);

	if (tree && n > 0)
		print_tree(p, list, n, 0, (n + 3) / 4, 1);
	for (i = 0; !tree && i < n; i++)
		print_syscall(p, &list[i], 1);
	if (filter->attr.kvermax != SCMP_KV_UNDEF)
		print_newer(p, filter, sys, cnt);
	emit(p, 1, "# default action\n");
	print_action(p, 1, filter->attr.act_default);
	free(list);
	free(sys);
	pool_drop(&views);
}

/**
 * gen_pfc_generate - a filter as PFC text
 * @text: set to the malloc'd text, @len bytes and a NUL; the caller frees it
 * @len: set to the text's length
 *
 * Returns 0, or -ENOMEM with *@text NULL: the text is whole or none.
 */
int gen_pfc_generate(const struct db_filter *filter, char **text, size_t *len)
{
	struct pfc p = { .filter = filter };
	unsigned int i;

	*text = NULL;
	*len = 0;
	emit(&p, 0, "#\n# pseudo filter code start\n#\n");
	for (i = 0; i < filter->arch_cnt && p.err == 0; i++)
		print_arch(&p, filter, filter->arches[i]);
	emit(&p, 0, "# invalid architecture action\n");
	print_action(&p, 0, filter->attr.act_badarch);
	emit(&p, 0, "#\n# pseudo filter code end\n#\n");
	if (p.err < 0) {
		free(p.buf);
		return p.err;
	}
	*text = p.buf;
	*len = p.len;
	return 0;
}
