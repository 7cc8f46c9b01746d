/* SPDX-License-Identifier: LGPL-2.1-only */
/* bpf_disasm: a seccomp program as a listing or a Graphviz graph. */

/*
 * Part of the simulator library (libbpfsim): it knows classic BPF and the
 * seccomp return values, nothing of libseccomp. scmp_bpf_disasm and
 * scmp_profile print programs through it. Syscall names come from
 * bpf_names.h (src/syscalls.csv, compiled in at build time).
 *
 * Listing format (one line per instruction, numbers in hex, then text):
 *    line  OP   JT   JF   K
 *   =================================
 *    0000: 0x20 0x00 0x00 0x00000004   ld  $data[4]                 # arch
 *    0001: 0x15 0x00 0x05 0xc000003e   jeq 3221225534 true:0002 false:0007  # x86_64
 * Jump targets are absolute instruction numbers. Immediates print in
 * decimal, except the bit masks of and/or/xor/jset (hex). The comment
 * after "#" is the annotation: what a load reads (arch, nr,
 * args[N] low/high, ip low/high, with the syscall's name when the paths
 * into it have matched one), the ABI an arch comparison tests, the
 * syscall a number comparison tests on the ABI the paths have matched
 * ("x32 bit" for x86_64's test of 0x40000000), the errno a return gives.
 * BPF_DISASM_NUMERIC leaves the annotations out: libseccomp's listing.
 */

#ifndef BPF_DISASM_H
#define BPF_DISASM_H

#include <stdint.h>
#include <stdio.h>

#include "bpf_sim.h"

/* bpf_disasm_print() flags */
#define BPF_DISASM_NUMERIC 1u /* no annotations */

/**
 * bpf_disasm_print - write the listing of @prog to @out
 * @abi:   NULL, or the ABI whose names apply before the program has
 *         tested the arch (a filter without arch test)
 * @flags: 0 or BPF_DISASM_NUMERIC
 */
void bpf_disasm_print(FILE *out, const struct bpf_sim_prog *prog,
		      const struct bpf_sim_arch *abi, unsigned int flags);

/**
 * bpf_disasm_listing - bpf_disasm_print() with annotations, no ABI
 */
void bpf_disasm_listing(FILE *out, const struct bpf_sim_prog *prog);

/**
 * bpf_disasm_dot - write @prog as a Graphviz digraph, one node per
 * instruction, labelled like the listing without annotations
 *
 * Returns as ellipses, fall-through edges plain and branch edges
 * labelled true/false.
 */
void bpf_disasm_dot(FILE *out, const struct bpf_sim_prog *prog);

/**
 * bpf_disasm_graph - write what @prog does for one ABI as a digraph
 * @abi: the ABI drawn; NULL: the first the program tests (else this
 *       machine's)
 *
 * The program is followed with seccomp_data.arch fixed to the ABI's value
 * (and, for x86_64 and x32, the syscall number's x32 bit clear or set), so
 * every test of the arch disappears; a run of tests of the syscall number
 * becomes one "syscall" node with an edge per outcome, through a box
 * naming the syscalls that take it (runs of three or more numbers as
 * "first .. last [lo-hi]"). The argument checks stay, one node per
 * comparison, labelled with the syscalls that reach it and what it
 * compares ("a0 low == 39 ?"); loads and ALU operations fold into those
 * labels. Returns are ellipses named by action (and errno), one per
 * action; a dashed node, "arch other than x86_64, x86" (the ABIs the
 * program tests), leads to the return of an arch value it does not test.
 *
 * Returns 0; -EINVAL if @prog does not verify; -ENOMEM.
 */
int bpf_disasm_graph(FILE *out, const struct bpf_sim_prog *prog,
		     const struct bpf_sim_arch *abi);

/**
 * bpf_disasm_first_abi - the first ABI @prog tests the arch against
 *
 * Returns the ABI, or NULL if it tests none that is known.
 */
const struct bpf_sim_arch *
bpf_disasm_first_abi(const struct bpf_sim_prog *prog);

#endif
