/* SPDX-License-Identifier: LGPL-2.1-only */
/* bpf_disasm: a seccomp program as a listing or a Graphviz graph. */

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bpf_disasm.h"
#include "bpf_disasm_priv.h"
#include "bpf_names.h"

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

/**
 * bpf_disasm_first_abi - see bpf_disasm.h
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

/**
 * bpf_disasm_is_x86_64 - see bpf_disasm_priv.h
 */
bool bpf_disasm_is_x86_64(const struct bpf_sim_arch *abi)
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
	if (bpf_disasm_is_x86_64(abi) && (nr & BPF_SIM_X32_BIT) &&
	    nr != UINT32_MAX)
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

/**
 * bpf_disasm_ret_errno - see bpf_disasm_priv.h
 */
const char *bpf_disasm_ret_errno(const struct bpf_sim_arch *abi,
				 uint32_t action)
{
	if ((action & SECCOMP_RET_ACTION_FULL) != SECCOMP_RET_ERRNO)
		return NULL;
	return errno_name(abi, action & SECCOMP_RET_DATA);
}

/*
 * The annotator (struct state, bpf_disasm_priv.h): one forward pass, as
 * seccomp programs only jump forward.
 */

static const char *path_syscall(const struct state *s);

/* Whether two values are the same description. */
static bool val_eq(const struct val *a, const struct val *b)
{
	return a->kind == b->kind && a->arg == b->arg && a->high == b->high &&
	       a->lo32 == b->lo32 && a->alu == b->alu && a->op == b->op &&
	       a->k == b->k;
}

/* What two paths agree a register holds: the value, or unknown. */
static void val_meet(struct val *dst, const struct val *src)
{
	if (!val_eq(dst, src))
		memset(dst, 0, sizeof(*dst));
}

/**
 * bpf_disasm_state_merge - see bpf_disasm_priv.h
 */
void bpf_disasm_state_merge(struct state *dst, const struct state *src)
{
	const char *a, *b;
	unsigned int i;

	if (!dst->seen) {
		*dst = *src;
		dst->sys = path_syscall(src);
		dst->seen = true;
		return;
	}
	dst->after_high |= src->after_high;
	dst->after_sign |= src->after_sign;
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

/**
 * bpf_disasm_jumped - see bpf_disasm_priv.h
 */
void bpf_disasm_jumped(const struct sock_filter *f, struct state *s)
{
	s->after_high = 0;
	s->after_sign = 0;
	if (s->a.kind != V_ARG)
		return;
	/* a signed test flips the high half first: a test of it still */
	if (s->a.high)
		s->after_high = (uint8_t)(1u << s->a.arg);
	else if (f->code == (BPF_JMP | BPF_JSET | BPF_K) &&
		 f->k == 0x80000000u && !s->a.alu)
		s->after_sign = (uint8_t)(1u << s->a.arg);
}

/*
 * Whether every ABI of @s compares 64-bit arguments: its arch values say
 * so (__AUDIT_ARCH_64BIT), and no x32 number (under x86_64's value) has
 * been matched.
 */
static bool wide_args(const struct state *s)
{
	unsigned int i;

	for (i = 0; i < s->ntok; i++)
		if (!(s->tok[i] & 0x80000000u))
			return false;
	return s->ntok > 0 && !(s->lo & BPF_SIM_X32_BIT);
}

/**
 * bpf_disasm_low_alone - see bpf_disasm_priv.h
 */
bool bpf_disasm_low_alone(const struct state *s, const struct val *v)
{
	return v->kind == V_ARG && !v->high && wide_args(s) &&
	       (!(s->after_high & (1u << v->arg)) ||
		(s->after_sign & (1u << v->arg)));
}

/**
 * bpf_disasm_transfer - see bpf_disasm_priv.h
 */
void bpf_disasm_transfer(const struct sock_filter *f, int big_endian,
			 struct state *s)
{
	struct val v = { 0 };

	if (f->code == (BPF_LD | BPF_W | BPF_ABS)) {
		s->a = data_val(f->k, big_endian);
		s->a.lo32 = bpf_disasm_low_alone(s, &s->a);
	}
	/* no jump's test is right behind the next instruction */
	s->after_high = 0;
	s->after_sign = 0;
	switch (f->code) {
	case BPF_LD | BPF_W | BPF_ABS:
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
				bpf_disasm_state_merge(&st[pc + 1 + f->k], &s);
			continue;
		}
		if (BPF_CLASS(f->code) == BPF_JMP) {
			jt = pc + 1 + f->jt;
			jf = pc + 1 + f->jf;
			bpf_disasm_jumped(f, &s);
			t = s;
			refine(f, true, &t);
			if (jt < prog->len)
				bpf_disasm_state_merge(&st[jt], &t);
			t = s;
			refine(f, false, &t);
			if (jf < prog->len)
				bpf_disasm_state_merge(&st[jf], &t);
			continue;
		}
		bpf_disasm_transfer(f, prog->big_endian, &s);
		bpf_disasm_state_merge(&st[pc + 1], &s);
	}
	return st;
}

/* @abi's name for bpf_names, NULL for no ABI. */
static const char *abi_name(const struct bpf_sim_arch *abi)
{
	return abi != NULL ? abi->name : NULL;
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
		name = bpf_names_syscall(abi_name(nr_abi(abi, nr)), nr);
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
		if (bpf_disasm_is_x86_64(bpf_sim_arch_by_token(s->tok[i])))
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

/**
 * bpf_disasm_signed_text - see bpf_disasm_priv.h
 */
bool bpf_disasm_signed_text(const struct sock_filter *f, const struct state *s,
			    char *buf, size_t size)
{
	static const char *const rel[16] = {
		[BPF_JEQ >> 4] = "==",
		[BPF_JGT >> 4] = ">",
		[BPF_JGE >> 4] = ">=",
	};
	const char *op = rel[BPF_OP(f->code) >> 4];
	const struct val *a = &s->a;
	const char *half = a->high ? ".hi32" : a->lo32 ? ".lo32" : "";

	/* a 64-bit test's low half is unsigned; a 32-bit ABI's is whole */
	if (a->kind != V_ARG || !a->alu || a->op != (BPF_XOR | BPF_K) ||
	    a->k != 0x80000000u || op == NULL || BPF_SRC(f->code) != BPF_K ||
	    (half[0] == '\0' && (s->ntok == 0 || wide_args(s))))
		return false;
	snprintf(buf, size, "(int32_t)a%u%s %s %d", a->arg, half, op,
		 (int32_t)(f->k ^ 0x80000000u));
	return true;
}

/*
 * The note of a jump on an argument that the listing names, or "", as
 * PFC writes it: a 32-bit test (no high-half test before its load), maybe
 * masked, "a0.lo32 == 16", "a1.lo32 & 0xff == 3"; a signed one
 * (SCMP_CMP_EXT_SIGNED: the half that holds the sign flipped before the
 * jump) "(int32_t)a0.lo32 >= 0", "(int32_t)a1.hi32 > -1". The high-word
 * check is named by its place (find_checks()).
 */
static void arg_note(const struct sock_filter *f, const struct state *s,
		     char *buf, size_t size)
{
	const struct val *a = &s->a;
	static const char *const rel[16] = {
		[BPF_JEQ >> 4] = "==",
		[BPF_JGT >> 4] = ">",
		[BPF_JGE >> 4] = ">=",
		[BPF_JSET >> 4] = "&",
	};
	const char *op = rel[BPF_OP(f->code) >> 4];
	char mask[16] = "";

	if (a->kind != V_ARG || op == NULL)
		return;
	if (bpf_disasm_signed_text(f, s, buf, size) || !a->lo32)
		return;
	/* a mask, as MASKED_EQ compiles */
	if (a->alu && a->op != (BPF_AND | BPF_K))
		return;
	if (a->alu)
		snprintf(mask, sizeof(mask), " & %#x", a->k);
	snprintf(buf, size,
		 f->k < 0x10000 && BPF_OP(f->code) != BPF_JSET ?
			 "a%u.lo32%s %s %u" :
			 "a%u.lo32%s %s %#x",
		 a->arg, mask, op, f->k);
}

/* What an instruction of a high-word check (find_checks()) does. */
enum check_role { CHK_NONE, CHK_LOAD, CHK_ZERO, CHK_ONES, CHK_SIGN };

/* Where a chain of ja from @pc lands: @pc itself if it is no ja. */
static unsigned int land(const struct bpf_sim_prog *p, unsigned int pc)
{
	unsigned int n;

	for (n = 0; pc < p->len && n < p->len &&
		    p->insns[pc].code == (BPF_JMP | BPF_JA);
	     n++)
		pc = (unsigned int)((uint64_t)pc + 1 + p->insns[pc].k);
	return pc;
}

/* Whether @pc is "@op #@k" (a conditional jump on a constant). */
static bool jump_at(const struct bpf_sim_prog *p, unsigned int pc, uint16_t op,
		    uint32_t k)
{
	return pc < p->len && p->insns[pc].code == (BPF_JMP | op | BPF_K) &&
	       p->insns[pc].k == k;
}

/* Where conditional jump @pc goes when @taken, through ja. */
static unsigned int branch(const struct bpf_sim_prog *p, unsigned int pc,
			   bool taken)
{
	const struct sock_filter *f = &p->insns[pc];

	return land(p, pc + 1 + (taken ? f->jt : f->jf));
}

/* What the load at @pc reads, V_UNKNOWN if it is no load of the data. */
static struct val load_at(const struct bpf_sim_prog *p, unsigned int pc)
{
	struct val v = { 0 };

	if (pc < p->len && p->insns[pc].code == (BPF_LD | BPF_W | BPF_ABS))
		v = data_val(p->insns[pc].k, p->big_endian);
	return v;
}

/*
 * Whether a check's sign test going to @t goes where its clean high word
 * goes (@ok): there, or past @ok's load of the same low word, which the
 * sign test has in the accumulator already (the library shares the rest).
 */
static bool joins(const struct bpf_sim_prog *p, unsigned int t, unsigned int ok,
		  const struct val *lo)
{
	struct val v = load_at(p, ok);

	return t == ok || (v.kind == V_ARG && !v.high && v.arg == lo->arg &&
			   land(p, ok + 1) == t);
}

/*
 * Marks in @role the high-word checks of SCMP_FLTATR_EXT_ACT_BADARG32 as
 * the library lays one out before a syscall's rules (any jump through
 * ja): "ld [hi]; jeq #0, OK, next; jeq #0xffffffff, next, BAD; ld [lo];
 * jset #0x80000000, OK, BAD", a zero- or sign-extended int going on (OK
 * may begin with a load of that low word, which the jset jumps past).
 */
static void find_checks(const struct bpf_sim_prog *p, uint8_t *role)
{
	unsigned int pc, zero, ones, low, sign, ok, bad;
	struct val hi, lo;

	for (pc = 0; pc < p->len; pc++) {
		hi = load_at(p, pc);
		zero = land(p, pc + 1);
		if (hi.kind != V_ARG || !hi.high ||
		    !jump_at(p, zero, BPF_JEQ, 0))
			continue;
		ok = branch(p, zero, true);
		ones = branch(p, zero, false);
		if (!jump_at(p, ones, BPF_JEQ, UINT32_MAX))
			continue;
		low = branch(p, ones, true);
		bad = branch(p, ones, false);
		lo = load_at(p, low);
		sign = land(p, low + 1);
		if (lo.kind != V_ARG || lo.high || lo.arg != hi.arg ||
		    !jump_at(p, sign, BPF_JSET, 0x80000000u) ||
		    !joins(p, branch(p, sign, true), ok, &lo) ||
		    branch(p, sign, false) != bad)
			continue;
		role[pc] = CHK_LOAD;
		role[zero] = CHK_ZERO;
		role[ones] = CHK_ONES;
		role[sign] = CHK_SIGN;
	}
}

/* The note of a jump of a high-word check (@role) on argument @arg. */
static void check_note(uint8_t role, unsigned int arg, char *buf, size_t size)
{
	if (role == CHK_ZERO)
		snprintf(buf, size, "a%u.hi32 == 0: zero-extended", arg);
	else if (role == CHK_ONES)
		snprintf(buf, size, "a%u.hi32 == 0xffffffff", arg);
	else if (role == CHK_SIGN)
		snprintf(buf, size, "a%u.lo32 & 0x80000000: sign-extended",
			 arg);
}

/* The annotation of instruction @f reached in state @s, or "". */
static void annotate(const struct sock_filter *f, const struct state *s,
		     uint8_t role, int big_endian, char *buf, size_t size)
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
		snprintf(buf, size, "%s%s%s%s", sys ? sys : "", sys ? " " : "",
			 what,
			 role == CHK_LOAD	     ? ": the high-word check" :
			 bpf_disasm_low_alone(s, &v) ? " alone" :
						       "");
		return;
	}
	if (f->code == (BPF_RET | BPF_K)) {
		name = bpf_disasm_ret_errno(abi, f->k);
		snprintf(buf, size, "%s", name ? name : "");
		return;
	}
	if (BPF_CLASS(f->code) != BPF_JMP || f->code == (BPF_JMP | BPF_JA) ||
	    BPF_SRC(f->code) != BPF_K)
		return;
	if (s->a.kind == V_ARG && role != CHK_NONE) {
		check_note(role, s->a.arg, buf, size);
		return;
	}
	if (s->a.kind == V_ARG) {
		arg_note(f, s, buf, size);
		return;
	}
	if (s->a.alu)
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
 * bpf_disasm_print - write the listing of @prog; see bpf_disasm.h
 */
void bpf_disasm_print(FILE *out, const struct bpf_sim_prog *prog,
		      const struct bpf_sim_arch *abi, unsigned int flags)
{
	struct state *st = NULL;
	uint8_t *role = NULL;
	char text[96], note[96];
	unsigned int pc;

	if (!(flags & BPF_DISASM_NUMERIC)) {
		st = analyse(prog, abi);
		role = calloc(prog->len + 1, 1);
	}
	if (role != NULL)
		find_checks(prog, role);
	fprintf(out, " line  OP   JT   JF   K\n");
	fprintf(out, "=================================\n");
	for (pc = 0; pc < prog->len; pc++) {
		const struct sock_filter *f = &prog->insns[pc];

		mnemonic(f, pc, 1, text, sizeof(text));
		note[0] = '\0';
		if (st != NULL && st[pc].seen)
			annotate(f, &st[pc], role != NULL ? role[pc] : CHK_NONE,
				 prog->big_endian, note, sizeof(note));
		fprintf(out, " %.4u: 0x%.2x 0x%.2x 0x%.2x 0x%.8x   ", pc,
			f->code, f->jt, f->jf, f->k);
		if (note[0] != '\0')
			fprintf(out, "%-36s # %s\n", text, note);
		else
			fprintf(out, "%s\n", text);
	}
	free(role);
	free(st);
}

/**
 * bpf_disasm_listing - see bpf_disasm.h
 */
void bpf_disasm_listing(FILE *out, const struct bpf_sim_prog *prog)
{
	bpf_disasm_print(out, prog, NULL, 0);
}

/**
 * bpf_disasm_dot - write @prog as a digraph; see bpf_disasm.h
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
