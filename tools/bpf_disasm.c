/* SPDX-License-Identifier: LGPL-2.1-only */
/* bpf_disasm: a seccomp program as a listing or a Graphviz graph. */

#include <inttypes.h>
#include <stdio.h>

#include "bpf_disasm.h"

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
 * bpf_disasm_listing() - write the listing of @prog; see bpf_disasm.h
 */
void bpf_disasm_listing(FILE *out, const struct bpf_sim_prog *prog)
{
	char text[96];
	unsigned int pc;

	fprintf(out, " line  OP   JT   JF   K\n");
	fprintf(out, "=================================\n");
	for (pc = 0; pc < prog->len; pc++) {
		const struct sock_filter *f = &prog->insns[pc];

		mnemonic(f, pc, 1, text, sizeof(text));
		fprintf(out, " %.4u: 0x%.2x 0x%.2x 0x%.2x 0x%.8x   %s\n", pc,
			f->code, f->jt, f->jf, f->k, text);
	}
}

/**
 * bpf_disasm_dot() - write @prog as a digraph; see bpf_disasm.h
 */
void bpf_disasm_dot(FILE *out, const struct bpf_sim_prog *prog,
		    char *const *notes)
{
	char text[96];
	const char *note;
	unsigned int pc;

	fprintf(out, "digraph bpf {\n");
	fprintf(out, "\tnode [shape=box, fontname=\"monospace\"];\n");
	for (pc = 0; pc < prog->len; pc++) {
		const struct sock_filter *f = &prog->insns[pc];
		const uint16_t cls = BPF_CLASS(f->code);

		mnemonic(f, pc, 0, text, sizeof(text));
		note = notes != NULL ? notes[pc] : NULL;
		fprintf(out, "\tn%.4u [label=\"%.4u: %s%s%s\"%s];\n", pc, pc,
			text, note != NULL ? "\\n" : "",
			note != NULL ? note : "",
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
