/* SPDX-License-Identifier: LGPL-2.1-only */
/* The architecture registry: what each ABI's filters and syscalls look like. */

#ifndef ARCH_H
#define ARCH_H

#include <stdbool.h>
#include <stdint.h>

#include "syscalls.h"

/* x32 syscalls carry this bit in their number (__X32_SYSCALL_BIT). */
#define ARCH_X32_SYSCALL_BIT 0x40000000U

/* One ABI a filter can hold. */
struct arch_def {
	uint32_t token;		/* SCMP_ARCH_* */
	uint32_t token_bpf;	/* seccomp_data.arch value (x32: x86_64's) */
	const char *name;	/* libseccomp's name for it */
	enum syscall_abi abi;	/* syscall table column */
	uint8_t arg_bits;	/* width of syscall arguments: 32 or 64 */
	bool big_endian;
	/*
	 * ABIs that multiplex socket and SysV IPC calls through socketcall(2)
	 * and ipc(2) have their numbers here; 0 elsewhere.
	 */
	int nr_socketcall;
	int nr_ipc;
	/*
	 * The syscall numbers that are this ABI's under its audit value: all
	 * of them, unless two ABIs share the value (x86_64 and x32).
	 */
	uint32_t nr_first;
	uint32_t nr_last;
};

/* Where a rule for a native syscall goes on one ABI (arch_syscall_route). */
struct arch_route {
	int num;		/* the direct syscall, or a pseudo number */
	int mux_nr;		/* socketcall's or ipc's number, or 0 */
	unsigned int call;	/* the multiplexer's argument 0 */
	int prio;		/* num or mux_nr: where a priority goes */
};

const struct arch_def *arch_native(void);
const struct arch_def *arch_by_token(uint32_t token);
const struct arch_def *arch_by_name(const char *name);
const struct arch_def *arch_at(unsigned int index);

bool arch_multiplexes(const struct arch_def *arch);
int arch_syscall_resolve_name(const struct arch_def *arch, const char *name);
int arch_syscall_rewrite(const struct arch_def *arch, int num);
int arch_syscall_translate(const struct arch_def *arch, int num, int *out);
int arch_syscall_route(const struct arch_def *arch, int num,
		       const struct syscall_def **row, struct arch_route *out);
const char *arch_syscall_resolve_num(const struct arch_def *arch, int num);
void arch_syscall_span(const struct arch_def *arch, uint32_t *first,
		       uint32_t *last);

unsigned int arch_arg_offset_lo(const struct arch_def *arch, unsigned int arg);
unsigned int arch_arg_offset_hi(const struct arch_def *arch, unsigned int arg);

#endif
