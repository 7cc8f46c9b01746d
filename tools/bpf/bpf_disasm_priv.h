/* SPDX-License-Identifier: LGPL-2.1-only */
/* bpf_disasm_priv.h: what the listing and the graph of bpf_disasm share. */

#ifndef BPF_DISASM_PRIV_H
#define BPF_DISASM_PRIV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bpf_sim.h"

/*
 * What the accumulator, X and scratch memory hold on every path into an
 * instruction, the arch values and the range of syscall numbers the
 * paths have matched.
 */
enum val_kind { V_UNKNOWN, V_NR, V_ARCH, V_ARG, V_IP, V_CONST, V_LEN };

struct val {
	uint8_t kind; /* enum val_kind */
	uint8_t arg;  /* V_ARG: which */
	bool high;    /* V_ARG, V_IP: the high half */
	bool lo32;    /* V_ARG: a low half loaded with no test of its high
			 half before it on a 64-bit ABI: a 32-bit test */
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
	/* the arguments (a bit each) whose high half a conditional jump has
	 * just tested on some path into the instruction, and those whose
	 * low half's sign bit has (jset 0x80000000: the high-word check of
	 * SCMP_FLTATR_EXT_ACT_BADARG32 lets a sign-extended int through) */
	uint8_t after_high, after_sign;
};

/**
 * bpf_disasm_state_merge - join state @src of one more path into @dst
 */
void bpf_disasm_state_merge(struct state *dst, const struct state *src);

/**
 * bpf_disasm_transfer - the effect of non-jump instruction @f on @s
 * @big_endian: the filter's byte order (where each half of an argument is)
 */
void bpf_disasm_transfer(const struct sock_filter *f, int big_endian,
			 struct state *s);

/**
 * bpf_disasm_jumped - @s as conditional jump @f on what it holds leaves
 * it, on either branch
 */
void bpf_disasm_jumped(const struct sock_filter *f, struct state *s);

/**
 * bpf_disasm_low_alone - whether loading @v in state @s is a 32-bit test:
 * the low half of an argument on a 64-bit ABI, on no path right after a
 * test of its high half (as SCMP_CMP_32BIT, or a mask without high bits,
 * compiles) unless some path comes from the high-word check, whose clean
 * high word goes to the same place as its sign-extended one
 */
bool bpf_disasm_low_alone(const struct state *s, const struct val *v);

/**
 * bpf_disasm_signed_text - a signed test (SCMP_CMP_EXT_SIGNED) as PFC
 * writes it, "(int32_t)a0.lo32 >= 0", "(int32_t)a0 >= 0" on a 32-bit ABI,
 * into @buf: jump @f in state @s on the half of an argument that holds
 * the sign, flipped (xor #0x80000000) so that an unsigned jump orders it
 * as signed
 *
 * Returns false, @buf untouched, if @f in @s is no such test.
 */
bool bpf_disasm_signed_text(const struct sock_filter *f, const struct state *s,
			    char *buf, size_t size);

/** bpf_disasm_is_x86_64 - whether @abi is x86_64 (whose value x32 shares) */
bool bpf_disasm_is_x86_64(const struct bpf_sim_arch *abi);

/**
 * bpf_disasm_ret_errno - the errno name of return value @action on
 * @abi (NULL: only the names every ABI shares)
 *
 * Returns a static string, or NULL if @action is no ERRNO or unnamed.
 */
const char *bpf_disasm_ret_errno(const struct bpf_sim_arch *abi,
				 uint32_t action);

#endif
