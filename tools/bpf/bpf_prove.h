/* SPDX-License-Identifier: LGPL-2.1-only */
/* bpf_prove API: a seccomp classic BPF program as a Z3 term over its input. */

/*
 * A seccomp filter has no loops (every jump goes forward), so the value it
 * returns is a finite function of struct seccomp_data. bpf_prove_prog()
 * writes that function down as a Z3 bit-vector term over variables for
 * every input field: nr and arch (32 bits), instruction_pointer and the
 * six arguments (64 bits each, the program loading their halves in the
 * filter's byte order). An SMT solver then answers questions about every
 * possible input at once: "can these two programs return different
 * values?" (scmp_bpf_diff), or "can this program return something other
 * than its rules say?" (the tests' prover, tests/lib/prove.c).
 *
 * The semantics are bpf_sim_run()'s, instruction for instruction: A, X
 * and the 16 scratch words start at 0; ALU is 32-bit and wraps; shift
 * counts by X are masked to 5 bits; a division by an X of 0 returns 0.
 * Programs are verified first (bpf_sim_verify()), so loads stay inside
 * seccomp_data and every path ends in a return.
 *
 * Like bpf_sim, this knows nothing of the library: it is part of the
 * tests' oracle and of a tool that compares any two exported programs.
 * Functions return >= 0 or -errno and never print.
 */
#ifndef BPF_PROVE_H
#define BPF_PROVE_H

#include <stdint.h>

#include <z3.h>

#include "bpf_sim.h"

#define BPF_PROVE_ARGS 6u

/**
 * struct bpf_prove - a Z3 context with the input variables and a solver
 * @ctx:    the context (owned)
 * @solver: the solver the checks use (owned)
 * @nr:     seccomp_data.nr, 32 bits
 * @arch:   seccomp_data.arch, 32 bits
 * @ip:     seccomp_data.instruction_pointer, 64 bits
 * @args:   seccomp_data.args[], 64 bits each
 * @big_endian: the byte order of the last program bpf_prove_prog() took
 */
struct bpf_prove {
	Z3_context ctx;
	Z3_solver solver;
	Z3_ast nr;
	Z3_ast arch;
	Z3_ast ip;
	Z3_ast args[BPF_PROVE_ARGS];
	int big_endian;
};

/**
 * bpf_prove_open - a fresh context, input variables and solver
 *
 * Z3 errors never abort: they are reported by the calls below.
 *
 * Returns 0; -ENOMEM if Z3 cannot make a context.
 */
int bpf_prove_open(struct bpf_prove *p);

/**
 * bpf_prove_close - release everything bpf_prove_open() made
 *
 * Every term of the context goes with it. A zeroed @p is fine.
 */
void bpf_prove_close(struct bpf_prove *p);

/**
 * bpf_prove_reset - drop everything asserted on the solver
 *
 * The context and its terms stay (until bpf_prove_close()), so that one
 * context can serve many checks: making a new one costs more than
 * checking a small program.
 *
 * Returns 0, or -EFAULT on a Z3 error.
 */
int bpf_prove_reset(struct bpf_prove *p);

/**
 * bpf_prove_prog - the value a program returns, as a 32-bit term
 * @prog: a program that bpf_sim_verify() accepts; its byte order decides
 *        where the halves of the 64-bit fields are
 * @out:  receives the term
 *
 * Returns 0; -EINVAL if the program does not verify; -ENOMEM; -EFAULT if
 * Z3 reported an error.
 */
int bpf_prove_prog(struct bpf_prove *p, const struct bpf_sim_prog *prog,
		   Z3_ast *out);

/**
 * bpf_prove_word - the 32-bit input word a program loads with ld [off]
 * @off:        a multiple of 4 below sizeof(struct seccomp_data)
 * @big_endian: the byte order, which decides which half of a 64-bit
 *              field sits at the lower offset
 *
 * Returns nr, arch, or the right half of the instruction pointer or an
 * argument, as a term over the input variables.
 */
Z3_ast bpf_prove_word(struct bpf_prove *p, uint32_t off, int big_endian);

/**
 * bpf_prove_u32 - a 32-bit constant term
 */
Z3_ast bpf_prove_u32(struct bpf_prove *p, uint32_t v);

/**
 * bpf_prove_u64 - a 64-bit constant term
 */
Z3_ast bpf_prove_u64(struct bpf_prove *p, uint64_t v);

/**
 * bpf_prove_check - look for an input on which two terms differ
 * @a, @b: terms of one sort over the input variables
 * @cex:   receives such an input, if there is one
 *
 * The solver keeps what callers asserted on it before (inputs to leave
 * out, for example); the difference itself is asserted only for this
 * call. Of the inputs that show the difference, @cex is one whose arch
 * value is a known ABI's of @p->big_endian's byte order if any is (so
 * that scmp_bpf_sim can replay it), with as many of instruction_pointer,
 * args[0..5] zero as the solver finds, in that order, keeping its arch
 * and nr: the values that remain are the ones that matter.
 *
 * Returns 0 if no input makes them differ (proved equal), 1 if @cex
 * holds one, -ETIME if the solver gave up, -EFAULT on a Z3 error.
 */
int bpf_prove_check(struct bpf_prove *p, Z3_ast a, Z3_ast b,
		    struct seccomp_data *cex);

/**
 * bpf_prove_exclude - leave an (arch, nr) pair out of later checks
 *
 * Asserts on the solver that the input is not that syscall of that
 * arch value, so that the next bpf_prove_check() finds another one.
 *
 * Returns 0, or -EFAULT on a Z3 error.
 */
int bpf_prove_exclude(struct bpf_prove *p, uint32_t arch, uint32_t nr);

/**
 * bpf_prove_sim_arch - the ABI scmp_bpf_sim -a needs for an input
 * @data_arch:  seccomp_data.arch of the input
 * @big_endian: the program's byte order
 *
 * Returns the first known ABI with that arch value and byte order (for
 * x86_64's value, x86_64, not x32), or NULL if there is none.
 */
const struct bpf_sim_arch *bpf_prove_sim_arch(uint32_t data_arch,
					      int big_endian);

#endif /* BPF_PROVE_H */
