/* SPDX-License-Identifier: LGPL-2.1-only */
/* bpf_disasm: a seccomp program as a listing or a Graphviz graph. */

/*
 * Part of the simulator library (libbpfsim): it knows classic BPF and the
 * seccomp return values, nothing of libseccomp. scmp_bpf_disasm and
 * scmp_profile print programs through it.
 *
 * Listing format (one line per instruction, numbers in hex, then text):
 *    line  OP   JT   JF   K
 *   =================================
 *    0000: 0x20 0x00 0x00 0x00000004   ld  $data[4]
 * Jump targets are absolute instruction numbers. Immediates print in
 * decimal, except the bit masks of and/or/xor/jset (hex).
 */

#ifndef BPF_DISASM_H
#define BPF_DISASM_H

#include <stdio.h>

#include "bpf_sim.h"

/**
 * bpf_disasm_listing() - write the listing of @prog to @out
 */
void bpf_disasm_listing(FILE *out, const struct bpf_sim_prog *prog);

/**
 * bpf_disasm_dot() - write @prog as a Graphviz digraph to @out
 * @notes: NULL, or one string (or NULL) per instruction, shown on a
 *         second line of its box (a syscall's name, say); it must not
 *         contain '"' or '\\'
 *
 * One box per instruction labelled like the listing, returns as ellipses,
 * fall-through edges plain and branch edges labelled true/false.
 */
void bpf_disasm_dot(FILE *out, const struct bpf_sim_prog *prog,
		    char *const *notes);

#endif
