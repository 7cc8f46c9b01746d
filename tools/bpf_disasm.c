/* SPDX-License-Identifier: LGPL-2.1-only */
/* bpf_disasm: a seccomp program as a listing or a Graphviz graph. */

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bpf_diff_names.h"
#include "bpf_disasm.h"
/* The one list of ABIs, for the syscall table column of each: only that */
#include "../src/arch_list.h"

/* Name of an ALU operation, or NULL if not an ALU op we know. */
static const char *alu_name(uint16_t op)
{
	switch (op) {
	case BPF_ADD:
		return "add";
	case BPF_SUB:
		return "sub";
	case BPF_MUL:
		return "mul";
	case BPF_DIV:
		return "div";
	case BPF_MOD:
		return "mod";
	case BPF_AND:
		return "and";
	case BPF_OR:
		return "or";
	case BPF_XOR:
		return "xor";
	case BPF_LSH:
		return "lsh";
	case BPF_RSH:
		return "rsh";
	}
	return NULL;
}

/* Name of a conditional jump, or NULL. */
static const char *jmp_name(uint16_t op)
{
	switch (op) {
	case BPF_JEQ:
		return "jeq";
	case BPF_JGT:
		return "jgt";
	case BPF_JGE:
		return "jge";
	case BPF_JSET:
		return "jset";
	}
	return NULL;
}

/*
 * Write the mnemonic of instruction @pc into @buf.  With @targets the
 * jump targets are included (listing); without, they are left to the
 * graph's edges.  Opcodes seccomp does not permit print as "???", except
 * mod, which classic BPF has but seccomp rejects: it prints as "mod" so
 * the reader sees what was meant.
 */
static void mnemonic(const struct sock_filter *f, unsigned int pc, int targets,
		     char *buf, size_t size)
{
	const uint16_t code = f->code;
	const char *name;
	char act[32];

	switch (code) {
	case BPF_LD | BPF_W | BPF_ABS:
		snprintf(buf, size, "ld  $data[%u]", f->k);
		return;
	case BPF_LD | BPF_W | BPF_LEN:
		snprintf(buf, size, "ld  $len");
		return;
	case BPF_LD | BPF_IMM:
		snprintf(buf, size, "ld  #%u", f->k);
		return;
	case BPF_LD | BPF_MEM:
		snprintf(buf, size, "ld  M[%u]", f->k);
		return;
	case BPF_LDX | BPF_W | BPF_LEN:
		snprintf(buf, size, "ldx $len");
		return;
	case BPF_LDX | BPF_IMM:
		snprintf(buf, size, "ldx #%u", f->k);
		return;
	case BPF_LDX | BPF_MEM:
		snprintf(buf, size, "ldx M[%u]", f->k);
		return;
	case BPF_ST:
		snprintf(buf, size, "st  M[%u]", f->k);
		return;
	case BPF_STX:
		snprintf(buf, size, "stx M[%u]", f->k);
		return;
	case BPF_MISC | BPF_TAX:
		snprintf(buf, size, "tax");
		return;
	case BPF_MISC | BPF_TXA:
		snprintf(buf, size, "txa");
		return;
	case BPF_ALU | BPF_NEG:
		snprintf(buf, size, "neg");
		return;
	case BPF_RET | BPF_A:
		snprintf(buf, size, "ret a");
		return;
	case BPF_RET | BPF_K:
		bpf_sim_action_str(f->k, act, sizeof(act));
		snprintf(buf, size, "ret %s", act);
		return;
	case BPF_JMP | BPF_JA:
		snprintf(buf, size, "ja  %.4" PRIu64, (uint64_t)pc + 1 + f->k);
		return;
	}

	if (BPF_CLASS(code) == BPF_ALU && (code & ~0xf8u) == BPF_ALU &&
	    (name = alu_name(BPF_OP(code))) != NULL) {
		if (BPF_SRC(code) == BPF_X)
			snprintf(buf, size, "%-3s x", name);
		else if (BPF_OP(code) == BPF_AND || BPF_OP(code) == BPF_OR ||
			 BPF_OP(code) == BPF_XOR)
			snprintf(buf, size, "%-3s 0x%.8x", name, f->k);
		else
			snprintf(buf, size, "%-3s %u", name, f->k);
		return;
	}
	if (BPF_CLASS(code) == BPF_JMP && (code & ~0xf8u) == BPF_JMP &&
	    (name = jmp_name(BPF_OP(code))) != NULL) {
		char operand[16];
		int n;

		if (BPF_SRC(code) == BPF_X)
			snprintf(operand, sizeof(operand), "x");
		else if (BPF_OP(code) == BPF_JSET)
			snprintf(operand, sizeof(operand), "0x%.8x", f->k);
		else
			snprintf(operand, sizeof(operand), "%u", f->k);
		n = snprintf(buf, size, "%s %s", name, operand);
		if (targets && n > 0 && (size_t)n < size)
			snprintf(buf + n, size - (size_t)n,
				 " true:%.4u false:%.4u", pc + 1 + f->jt,
				 pc + 1 + f->jf);
		return;
	}
	snprintf(buf, size, "???");
}

/*
 * Syscall names, from src/syscalls.csv (bpf_diff_names.h)
 */

/* Each ABI's column of the CSV (arch_list.h): byte-order twins share one. */
#define ARCH_COLUMN(mac, name, col, ...) { name, #col },
static const struct {
	const char *abi;
	const char *column;
} abi_columns[] = { ARCH_LIST(ARCH_COLUMN) };
#undef ARCH_COLUMN

#define NAMES (sizeof(diff_names) / sizeof(diff_names[0]))

/* The CSV column of @abi, or -1. */
static int abi_column(const struct bpf_sim_arch *abi)
{
	size_t i, j;

	if (abi == NULL)
		return -1;
	for (i = 0; i < sizeof(abi_columns) / sizeof(abi_columns[0]); i++) {
		if (strcmp(abi->name, abi_columns[i].abi) != 0)
			continue;
		for (j = 0; j < DIFF_ABIS; j++)
			if (strcasecmp(abi_columns[i].column, diff_abis[j]) ==
			    0)
				return (int)j;
	}
	return -1;
}

/**
 * bpf_disasm_syscall_name() - see bpf_disasm.h
 */
const char *bpf_disasm_syscall_name(const struct bpf_sim_arch *abi, uint32_t nr)
{
	int col = abi_column(abi);
	size_t i;

	for (i = 0; col >= 0 && i < NAMES; i++)
		if (diff_names[i].nr[col] >= 0 &&
		    (uint32_t)diff_names[i].nr[col] == nr)
			return diff_names[i].name;
	return NULL;
}

/**
 * bpf_disasm_syscall_nr() - see bpf_disasm.h
 */
int bpf_disasm_syscall_nr(const struct bpf_sim_arch *abi, const char *name,
			  uint32_t *nr)
{
	int col = abi_column(abi);
	size_t i;

	for (i = 0; col >= 0 && i < NAMES; i++)
		if (strcmp(diff_names[i].name, name) == 0 &&
		    diff_names[i].nr[col] >= 0) {
			*nr = (uint32_t)diff_names[i].nr[col];
			return 0;
		}
	return -ENOENT;
}

/**
 * bpf_disasm_first_abi() - see bpf_disasm.h
 */
const struct bpf_sim_arch *bpf_disasm_first_abi(const struct bpf_sim_prog *prog)
{
	uint32_t tokens[8];
	int i, n = bpf_sim_arch_tokens(prog, tokens, 8);

	for (i = 0; i < n && i < 8; i++)
		if (bpf_sim_arch_by_token(tokens[i]) != NULL)
			return bpf_sim_arch_by_token(tokens[i]);
	return NULL;
}

/* Whether @abi is x86_64, whose arch value x32 calls carry too. */
static bool is_x86_64(const struct bpf_sim_arch *abi)
{
	return abi != NULL && strcmp(abi->name, "x86_64") == 0;
}

/*
 * The ABI whose table names number @nr under @abi's arch value: x32 calls
 * reach a filter as x86_64's with the x32 bit set in the number (-1, a
 * tracer's skipped call, is neither).
 */
static const struct bpf_sim_arch *nr_abi(const struct bpf_sim_arch *abi,
					 uint32_t nr)
{
	if (is_x86_64(abi) && (nr & BPF_SIM_X32_BIT) && nr != UINT32_MAX)
		return bpf_sim_arch_by_name("x32");
	return abi;
}

/*
 * The errno names of a filter's ERRNO(n). 1..34 are the same on every
 * Linux ABI; the others only on the generic ones (MIPS and PA-RISC number
 * theirs apart), and only those a profile commonly returns are here.
 */
static const char *errno_name(const struct bpf_sim_arch *abi, uint32_t e)
{
	static const char *const base[] = {
		NULL,	  "EPERM",  "ENOENT",  "ESRCH",	  "EINTR",  "EIO",
		"ENXIO",  "E2BIG",  "ENOEXEC", "EBADF",	  "ECHILD", "EAGAIN",
		"ENOMEM", "EACCES", "EFAULT",  "ENOTBLK", "EBUSY",  "EEXIST",
		"EXDEV",  "ENODEV", "ENOTDIR", "EISDIR",  "EINVAL", "ENFILE",
		"EMFILE", "ENOTTY", "ETXTBSY", "EFBIG",	  "ENOSPC", "ESPIPE",
		"EROFS",  "EMLINK", "EPIPE",   "EDOM",	  "ERANGE",
	};
	static const struct {
		uint32_t nr;
		const char *name;
	} generic[] = {
		{ 38, "ENOSYS" },
		{ 93, "EPROTONOSUPPORT" },
		{ 95, "EOPNOTSUPP" },
		{ 97, "EAFNOSUPPORT" },
	};
	size_t i;

	if (e < sizeof(base) / sizeof(base[0]))
		return base[e];
	if (abi == NULL || strncmp(abi->name, "mips", 4) == 0 ||
	    strncmp(abi->name, "parisc", 6) == 0)
		return NULL;
	for (i = 0; i < sizeof(generic) / sizeof(generic[0]); i++)
		if (generic[i].nr == e)
			return generic[i].name;
	return NULL;
}

/* The errno name of return value @action, or NULL. */
static const char *ret_errno(const struct bpf_sim_arch *abi, uint32_t action)
{
	if ((action & SECCOMP_RET_ACTION_FULL) != SECCOMP_RET_ERRNO)
		return NULL;
	return errno_name(abi, action & SECCOMP_RET_DATA);
}

/*
 * The annotator: what the accumulator, X and scratch memory hold on every
 * path into an instruction, the arch value and the range of syscall
 * numbers every path has matched. One forward pass: seccomp programs only
 * jump forward.
 */

enum val_kind { V_UNKNOWN, V_NR, V_ARCH, V_ARG, V_IP, V_CONST, V_LEN };

struct val {
	uint8_t kind; /* enum val_kind */
	uint8_t arg;  /* V_ARG: which */
	bool high;    /* V_ARG, V_IP: the high half */
	bool alu;     /* an ALU operation has been applied: */
	uint16_t op;  /* its BPF_OP | BPF_SRC */
	uint32_t k;   /* its operand; V_CONST: the value */
};

struct state {
	bool seen;
	struct val a, x, m[BPF_MEMWORDS];
	/* the arch values the paths have matched, each one (x86 and x86_64
	 * code may be shared); 0 of them: unknown */
	uint32_t tok[4];
	unsigned int ntok;
	uint32_t lo, hi; /* the syscall number is in [lo, hi] */
	/* the syscall every path has matched, each on its ABI (code that
	 * x86 and x86_64 share), or NULL */
	const char *sys;
};

static const char *path_syscall(const struct state *s);

static bool val_eq(const struct val *a, const struct val *b)
{
	return a->kind == b->kind && a->arg == b->arg && a->high == b->high &&
	       a->alu == b->alu && a->op == b->op && a->k == b->k;
}

static void val_meet(struct val *dst, const struct val *src)
{
	if (!val_eq(dst, src))
		memset(dst, 0, sizeof(*dst));
}

static void state_merge(struct state *dst, const struct state *src)
{
	const char *a, *b;
	unsigned int i;

	if (!dst->seen) {
		*dst = *src;
		dst->sys = path_syscall(src);
		dst->seen = true;
		return;
	}
	a = path_syscall(dst);
	b = path_syscall(src);
	dst->sys = a != NULL && b != NULL && strcmp(a, b) == 0 ? a : NULL;
	val_meet(&dst->a, &src->a);
	val_meet(&dst->x, &src->x);
	for (i = 0; i < BPF_MEMWORDS; i++)
		val_meet(&dst->m[i], &src->m[i]);
	for (i = 0; dst->ntok > 0 && i < src->ntok; i++) {
		unsigned int j;

		for (j = 0; j < dst->ntok && dst->tok[j] != src->tok[i]; j++)
			;
		if (j == dst->ntok && j < 4)
			dst->tok[dst->ntok++] = src->tok[i];
		else if (j == dst->ntok)
			dst->ntok = 0;
	}
	if (src->ntok == 0)
		dst->ntok = 0;
	dst->lo = src->lo < dst->lo ? src->lo : dst->lo;
	dst->hi = src->hi > dst->hi ? src->hi : dst->hi;
}

/* What ld $data[@off] reads. */
static struct val data_val(uint32_t off, int big_endian)
{
	struct val v = { 0 };

	if (off == 0) {
		v.kind = V_NR;
	} else if (off == 4) {
		v.kind = V_ARCH;
	} else if (off == 8 || off == 12) {
		v.kind = V_IP;
		v.high = (off == 12) != (big_endian != 0);
	} else if (off >= 16 && off < BPF_SIM_DATA_LEN) {
		v.kind = V_ARG;
		v.arg = (uint8_t)((off - 16) / 8);
		v.high = ((off - 16) % 8 == 4) != (big_endian != 0);
	}
	return v;
}

/* The effect of non-jump instruction @f on @s. */
static void transfer(const struct sock_filter *f, int big_endian,
		     struct state *s)
{
	struct val v = { 0 };

	switch (f->code) {
	case BPF_LD | BPF_W | BPF_ABS:
		s->a = data_val(f->k, big_endian);
		return;
	case BPF_LD | BPF_W | BPF_LEN:
	case BPF_LDX | BPF_W | BPF_LEN:
		v.kind = V_LEN;
		break;
	case BPF_LD | BPF_IMM:
	case BPF_LDX | BPF_IMM:
		v.kind = V_CONST;
		v.k = f->k;
		break;
	case BPF_LD | BPF_MEM:
	case BPF_LDX | BPF_MEM:
		if (f->k < BPF_MEMWORDS)
			v = s->m[f->k];
		break;
	case BPF_ST:
		if (f->k < BPF_MEMWORDS)
			s->m[f->k] = s->a;
		return;
	case BPF_STX:
		if (f->k < BPF_MEMWORDS)
			s->m[f->k] = s->x;
		return;
	case BPF_MISC | BPF_TAX:
		s->x = s->a;
		return;
	case BPF_MISC | BPF_TXA:
		s->a = s->x;
		return;
	default:
		if (BPF_CLASS(f->code) == BPF_ALU) {
			/* one operation on a known value is described */
			if (s->a.kind != V_UNKNOWN && !s->a.alu &&
			    s->a.kind != V_CONST) {
				s->a.alu = true;
				s->a.op = (uint16_t)(BPF_OP(f->code) |
						     BPF_SRC(f->code));
				s->a.k = f->k;
			} else {
				memset(&s->a, 0, sizeof(s->a));
			}
		}
		return;
	}
	if (BPF_CLASS(f->code) == BPF_LDX)
		s->x = v;
	else
		s->a = v;
}

/* What taking branch @taken of conditional jump @f tells of (nr, arch). */
static void refine(const struct sock_filter *f, bool taken, struct state *s)
{
	const uint32_t k = f->k;

	if (BPF_SRC(f->code) != BPF_K || s->a.alu)
		return;
	if (s->a.kind == V_ARCH && BPF_OP(f->code) == BPF_JEQ && taken) {
		s->tok[0] = k;
		s->ntok = 1;
	}
	if (s->a.kind != V_NR)
		return;
	switch (BPF_OP(f->code)) {
	case BPF_JEQ:
		if (taken) {
			s->lo = k > s->lo ? k : s->lo;
			s->hi = k < s->hi ? k : s->hi;
		} else if (k == s->lo && s->lo < s->hi) {
			s->lo++;
		} else if (k == s->hi && s->lo < s->hi) {
			s->hi--;
		}
		break;
	case BPF_JGT:
		if (taken && k < UINT32_MAX && k + 1 > s->lo)
			s->lo = k + 1;
		else if (!taken && k < s->hi)
			s->hi = k;
		break;
	case BPF_JGE:
		if (taken && k > s->lo)
			s->lo = k;
		else if (!taken && k > 0 && k - 1 < s->hi)
			s->hi = k - 1;
		break;
	}
}

/*
 * The states on entry to every instruction of @prog (len + 1 of them,
 * calloc'd), or NULL without memory.
 */
static struct state *analyse(const struct bpf_sim_prog *prog,
			     const struct bpf_sim_arch *abi)
{
	struct state *st = calloc(prog->len + 1, sizeof(*st));
	struct state s, t;
	unsigned int pc, jt, jf;

	if (st == NULL)
		return NULL;
	st[0].seen = true;
	st[0].hi = UINT32_MAX;
	st[0].tok[0] = abi != NULL ? abi->data_arch : 0;
	st[0].ntok = abi != NULL;
	for (pc = 0; pc < prog->len; pc++) {
		const struct sock_filter *f = &prog->insns[pc];

		if (!st[pc].seen || BPF_CLASS(f->code) == BPF_RET)
			continue;
		s = st[pc];
		if (f->code == (BPF_JMP | BPF_JA)) {
			if ((uint64_t)pc + 1 + f->k < prog->len)
				state_merge(&st[pc + 1 + f->k], &s);
			continue;
		}
		if (BPF_CLASS(f->code) == BPF_JMP) {
			jt = pc + 1 + f->jt;
			jf = pc + 1 + f->jf;
			t = s;
			refine(f, true, &t);
			if (jt < prog->len)
				state_merge(&st[jt], &t);
			t = s;
			refine(f, false, &t);
			if (jf < prog->len)
				state_merge(&st[jf], &t);
			continue;
		}
		transfer(f, prog->big_endian, &s);
		state_merge(&st[pc + 1], &s);
	}
	return st;
}

/*
 * The name of number @nr on every ABI of @s, or NULL if they disagree;
 * @x32 tells if it is x32's, on x86_64's arch value.
 */
static const char *name_on(const struct state *s, uint32_t nr, bool *x32)
{
	const struct bpf_sim_arch *abi;
	const char *first = NULL, *name;
	unsigned int i;

	*x32 = false;
	for (i = 0; i < s->ntok; i++) {
		abi = bpf_sim_arch_by_token(s->tok[i]);
		name = bpf_disasm_syscall_name(nr_abi(abi, nr), nr);
		if (i == 0) {
			first = name;
			*x32 = nr_abi(abi, nr) != abi;
		} else if (name == NULL || first == NULL ||
			   strcmp(name, first) != 0) {
			*x32 = false;
			return NULL;
		}
	}
	return first;
}

/* The syscall every path into @s has matched, or NULL. */
static const char *path_syscall(const struct state *s)
{
	bool x32;

	if (s->ntok == 0 || s->lo != s->hi)
		return s->sys;
	return name_on(s, s->lo, &x32);
}

/* Whether x86_64 is among the ABIs of @s. */
static bool has_x86_64(const struct state *s)
{
	unsigned int i;

	for (i = 0; i < s->ntok; i++)
		if (is_x86_64(bpf_sim_arch_by_token(s->tok[i])))
			return true;
	return false;
}

/* "args[0] low", "ip high", ... for the listing. */
static void data_name(const struct val *v, char *buf, size_t size)
{
	static const char *const kinds[] = { "?",  "nr", "arch", "args",
					     "ip", "#",	 "len" };

	if (v->kind == V_ARG)
		snprintf(buf, size, "args[%u] %s", v->arg,
			 v->high ? "high" : "low");
	else if (v->kind == V_IP)
		snprintf(buf, size, "ip %s", v->high ? "high" : "low");
	else
		snprintf(buf, size, "%s", kinds[v->kind]);
}

/* Whether jump @f on the number, under x86_64's arch value, is x32's test. */
static bool x32_test(const struct sock_filter *f)
{
	switch (BPF_OP(f->code)) {
	case BPF_JGE:
	case BPF_JSET:
		return f->k == BPF_SIM_X32_BIT;
	case BPF_JGT:
		return f->k == BPF_SIM_X32_BIT - 1;
	}
	return false;
}

/* The annotation of instruction @f reached in state @s, or "". */
static void annotate(const struct sock_filter *f, const struct state *s,
		     int big_endian, char *buf, size_t size)
{
	const struct bpf_sim_arch *abi =
		s->ntok > 0 ? bpf_sim_arch_by_token(s->tok[0]) : NULL;
	const char *name, *sys;
	char what[32];
	bool x32;

	buf[0] = '\0';
	if (f->code == (BPF_LD | BPF_W | BPF_ABS)) {
		struct val v = data_val(f->k, big_endian);

		data_name(&v, what, sizeof(what));
		sys = v.kind == V_ARG ? path_syscall(s) : NULL;
		snprintf(buf, size, "%s%s%s", sys ? sys : "", sys ? " " : "",
			 what);
		return;
	}
	if (f->code == (BPF_RET | BPF_K)) {
		name = ret_errno(abi, f->k);
		snprintf(buf, size, "%s", name ? name : "");
		return;
	}
	if (BPF_CLASS(f->code) != BPF_JMP || f->code == (BPF_JMP | BPF_JA) ||
	    BPF_SRC(f->code) != BPF_K || s->a.alu)
		return;
	if (s->a.kind == V_ARCH) {
		abi = bpf_sim_arch_by_token(f->k);
		snprintf(buf, size, "%s", abi ? abi->name : "");
		return;
	}
	if (s->a.kind != V_NR || s->ntok == 0)
		return;
	if (has_x86_64(s) && x32_test(f)) {
		snprintf(buf, size, "x32 bit");
		return;
	}
	if (BPF_OP(f->code) == BPF_JEQ && f->k == UINT32_MAX) {
		snprintf(buf, size, "-1: a call a tracer skipped");
		return;
	}
	if (BPF_OP(f->code) == BPF_JSET)
		return;
	/* x32's numbers on x86_64's arch value say so */
	name = name_on(s, f->k, &x32);
	if (name != NULL || x32)
		snprintf(buf, size, "%s%s%s",
			 BPF_OP(f->code) == BPF_JGE ? ">= " :
			 BPF_OP(f->code) == BPF_JGT ? "> " :
						      "",
			 x32 ? "x32 " : "", name ? name : "");
	if (name == NULL && x32)
		snprintf(buf + strlen(buf), size - strlen(buf), "%u",
			 f->k & ~BPF_SIM_X32_BIT);
}

/**
 * bpf_disasm_print() - write the listing of @prog; see bpf_disasm.h
 */
void bpf_disasm_print(FILE *out, const struct bpf_sim_prog *prog,
		      const struct bpf_sim_arch *abi, unsigned int flags)
{
	struct state *st = NULL;
	char text[96], note[96];
	unsigned int pc;

	if (!(flags & BPF_DISASM_NUMERIC))
		st = analyse(prog, abi);
	fprintf(out, " line  OP   JT   JF   K\n");
	fprintf(out, "=================================\n");
	for (pc = 0; pc < prog->len; pc++) {
		const struct sock_filter *f = &prog->insns[pc];

		mnemonic(f, pc, 1, text, sizeof(text));
		note[0] = '\0';
		if (st != NULL && st[pc].seen)
			annotate(f, &st[pc], prog->big_endian, note,
				 sizeof(note));
		fprintf(out, " %.4u: 0x%.2x 0x%.2x 0x%.2x 0x%.8x   ", pc,
			f->code, f->jt, f->jf, f->k);
		if (note[0] != '\0')
			fprintf(out, "%-36s # %s\n", text, note);
		else
			fprintf(out, "%s\n", text);
	}
	free(st);
}

/**
 * bpf_disasm_listing() - see bpf_disasm.h
 */
void bpf_disasm_listing(FILE *out, const struct bpf_sim_prog *prog)
{
	bpf_disasm_print(out, prog, NULL, 0);
}

/**
 * bpf_disasm_dot() - write @prog as a digraph; see bpf_disasm.h
 */
void bpf_disasm_dot(FILE *out, const struct bpf_sim_prog *prog)
{
	char text[96];
	unsigned int pc;

	fprintf(out, "digraph bpf {\n");
	fprintf(out, "\tnode [shape=box, fontname=\"monospace\"];\n");
	for (pc = 0; pc < prog->len; pc++) {
		const struct sock_filter *f = &prog->insns[pc];
		const uint16_t cls = BPF_CLASS(f->code);

		mnemonic(f, pc, 0, text, sizeof(text));
		fprintf(out, "\tn%.4u [label=\"%.4u: %s\"%s];\n", pc, pc, text,
			cls == BPF_RET ? ", shape=ellipse" : "");
		if (cls == BPF_RET)
			continue;
		if (f->code == (BPF_JMP | BPF_JA)) {
			fprintf(out, "\tn%.4u -> n%.4" PRIu64 ";\n", pc,
				(uint64_t)pc + 1 + f->k);
		} else if (cls == BPF_JMP) {
			fprintf(out, "\tn%.4u -> n%.4u [label=\"true\"];\n", pc,
				pc + 1 + f->jt);
			fprintf(out, "\tn%.4u -> n%.4u [label=\"false\"];\n",
				pc, pc + 1 + f->jf);
		} else if (pc + 1 < prog->len) {
			fprintf(out, "\tn%.4u -> n%.4u;\n", pc, pc + 1);
		}
	}
	fprintf(out, "}\n");
}

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

/* Jump @f's outcome for accumulator value @v. */
static bool jump_taken(const struct sock_filter *f, uint32_t v)
{
	switch (BPF_OP(f->code)) {
	case BPF_JEQ:
		return v == f->k;
	case BPF_JGT:
		return v > f->k;
	case BPF_JGE:
		return v >= f->k;
	}
	return (v & f->k) != 0; /* BPF_JSET */
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
	state_merge(&g->st[to], s);
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
		transfer(f, g->prog->big_endian, &s);
		return pass_on(g, in, pc + 1, &s);
	}
	if (!dispatch(f, &s)) {
		rc = record_edges(g, pc);
		for (i = 0; rc == 0 && i < g->ctx[pc].n; i++) {
			rc |= items_add(&t, (int)pc, 1, g->ctx[pc].v[i].lo,
					g->ctx[pc].v[i].hi);
			rc |= items_add(&e, (int)pc, 0, g->ctx[pc].v[i].lo,
					g->ctx[pc].v[i].hi);
		}
	} else if (s.a.kind == V_ARCH) {
		rc = pass_on(g, in, jump_taken(f, g->abi->data_arch) ? jt : jf,
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

/* The syscalls of @abi among numbers v[0..n), in order of number. */
struct named {
	uint32_t nr;
	const char *name;
};

static int named_cmp(const void *a, const void *b)
{
	const struct named *x = a, *y = b;

	return x->nr < y->nr ? -1 : x->nr > y->nr;
}

static size_t named_in(const struct bpf_sim_arch *abi, const struct item *v,
		       size_t n, struct named *out, size_t max)
{
	int col = abi_column(abi);
	size_t i, j, cnt = 0;
	uint32_t nr;

	for (i = 0; col >= 0 && i < NAMES; i++) {
		if (diff_names[i].nr[col] < 0)
			continue;
		nr = (uint32_t)diff_names[i].nr[col];
		for (j = 0; j < n; j++)
			if (nr >= v[j].lo && nr <= v[j].hi)
				break;
		if (j < n && cnt < max) {
			out[cnt].nr = nr;
			out[cnt].name = diff_names[i].name;
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
	struct named *names = calloc(NAMES + 1, sizeof(*names));
	/* x32's numbers show without the x32 bit */
	const uint32_t base = abi->token != abi->data_arch ? abi->nr_base : 0;
	size_t cnt = 0, i, j, shown = 0;
	uint64_t total = 0;
	char word[160];

	for (i = 0; i < n; i++)
		total += (uint64_t)v[i].hi - v[i].lo + 1;
	if (names != NULL)
		cnt = named_in(abi, v, n, names, NAMES);
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

	if (v->kind == V_ARG)
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
		errname = ret_errno(g->abi, f->k);
		fprintf(out,
			"\tn%u [label=\"%s%s%s\", shape=ellipse, style=filled,"
			" fillcolor=%s];\n",
			pc, act, errname ? "\\n" : "", errname ? errname : "",
			ret_color(f->k));
		return;
	}
	ctx_text(g->abi, &g->ctx[pc], ctx, sizeof(ctx));
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
	if (is_x86_64(abi))
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
		fprintf(out, "\tother [label=\"other ABIs\", style=dashed];\n");
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
 * bpf_disasm_graph() - see bpf_disasm.h
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
	if (is_x86_64(abi)) {
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
