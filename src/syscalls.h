/* SPDX-License-Identifier: LGPL-2.1-only */
/* The generated syscall tables (syscalls-table.c) and the lookups over them. */

#ifndef SYSCALLS_H
#define SYSCALLS_H

#include <stdint.h>

/*
 * One column per syscall numbering in the kernel. Endian twins (mips and
 * mipsel, ppc64 and ppc64le, sh and sheb) share a column: their numbers are
 * the same.
 */
enum syscall_abi {
	SYSCALL_ABI_X86 = 0,
	SYSCALL_ABI_X86_64,
	SYSCALL_ABI_X32,
	SYSCALL_ABI_ARM,
	SYSCALL_ABI_AARCH64,
	SYSCALL_ABI_LOONGARCH64,
	SYSCALL_ABI_M68K,
	SYSCALL_ABI_MIPS,
	SYSCALL_ABI_MIPS64,
	SYSCALL_ABI_MIPS64N32,
	SYSCALL_ABI_PARISC,
	SYSCALL_ABI_PARISC64,
	SYSCALL_ABI_PPC,
	SYSCALL_ABI_PPC64,
	SYSCALL_ABI_RISCV64,
	SYSCALL_ABI_S390,
	SYSCALL_ABI_S390X,
	SYSCALL_ABI_SH,
	SYSCALL_ABI_COUNT
};

/*
 * One syscall name. num[abi] is the number the kernel sees on that ABI
 * (MIPS bases and the x32 bit included), or the name's negative pseudo
 * number (__PNR_*) where the ABI lacks the call. pnr is that pseudo number,
 * or 0 if the name has none. Pseudo numbers lie below -100: no number here
 * is -1, a tracer's "skip this call". kver[abi] is the Linux version in
 * which the ABI got the call (an enum scmp_kver value; SCMP_KV_3_0 for
 * 3.0 or older), or 0 where it lacks the call.
 */
struct syscall_def {
	const char *name;
	int pnr;
	int num[SYSCALL_ABI_COUNT];
	uint8_t kver[SYSCALL_ABI_COUNT];
};

/* Sorted by name (strcmp order). */
extern const struct syscall_def syscall_defs[];
extern const unsigned int syscall_defs_count;

/*
 * The rows by name. A name hashes to h = h * 31 + byte over its bytes,
 * modulo syscall_name_slots (a power of two); its row + 1 is in slot h or
 * in one of the next ones before an empty slot (0).
 */
extern const unsigned int syscall_name_slots;
extern const uint16_t syscall_name_index[];

/*
 * For each ABI, the indices of all syscall_defs sorted by (num[abi], name),
 * except that of the names sharing a pseudo number, the one a lookup of the
 * number gives comes first: entry i of ABI a is
 * syscall_num_order[a * syscall_defs_count + i].
 */
extern const uint16_t syscall_num_order[];

/*
 * The dense part of each ABI's numbers, for lookups without a search: the
 * @count numbers from @first (ARM's private calls and pseudo numbers lie
 * outside). Number n's row is syscall_num_index[at + n - first] - 1, where
 * 0 means that no syscall has the number.
 */
struct syscall_num_range {
	int first;
	unsigned int count;
	unsigned int at;
};

extern const struct syscall_num_range syscall_num_ranges[];
extern const uint16_t syscall_num_index[];

/*
 * The multiplexers: socketcall(2) and ipc(2) reach the socket and SysV IPC
 * calls by a call number in their argument 0, on the ABIs whose table has
 * them (syscall_defs[row].num[abi] is not a pseudo number there). Call n
 * has the pseudo number pnr_base - n on every ABI (1 <= n <= calls); its
 * row is syscall_mux_calls[at + n] - 1, where 0 means that no call has n.
 */
struct syscall_mux {
	unsigned int row; /* the multiplexer's own */
	int pnr_base;
	unsigned int calls;
	unsigned int at;
};

extern const struct syscall_mux syscall_muxes[];
extern const unsigned int syscall_mux_count;
extern const uint16_t syscall_mux_calls[];

/* For each ABI: 1 if its table has a multiplexer, else 0. */
extern const uint8_t syscall_abi_multiplexes[];

#endif
