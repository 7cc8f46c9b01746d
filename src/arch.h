/* SPDX-License-Identifier: LGPL-2.1-only */
/* The architecture registry: what each ABI's filters and syscalls look like. */

#ifndef ARCH_H
#define ARCH_H

#include <stdbool.h>
#include <stdint.h>

#include "arch_list.h"
#include "syscall_rt.h"
#include "syscalls.h"

/* One ABI a filter can hold. */
struct arch_def {
	uint32_t token;	      /* SCMP_ARCH_* */
	uint32_t token_bpf;   /* seccomp_data.arch value (x32: x86_64's) */
	const char *name;     /* libseccomp's name for it */
	enum syscall_abi abi; /* syscall table column */
	uint8_t arg_bits;     /* width of syscall arguments: 32 or 64 */
	bool big_endian;
	/*
	 * The syscall numbers that are this ABI's under its audit value: all
	 * of them, unless two ABIs share the value (x86_64 and x32). A number
	 * below nr_first counts from it.
	 */
	uint32_t nr_first;
	uint32_t nr_last;
	/*
	 * MIPS numbers count from 4000 (o32), 5000 (n64) or 6000 (n32): no
	 * syscall has a number below the base, and the resolvers take one as
	 * counting from it. 0 elsewhere.
	 */
	int nr_base;
};

/*
 * Where a rule and a priority for a syscall number land on one ABI
 * (arch_syscall_route). A rule goes to the direct syscall and, for a call
 * that the ABI multiplexes, to the multiplexer with the call number as
 * argument 0; a priority goes to one of the two. A pseudo number is no
 * syscall of the ABI: nothing of it reaches the program.
 */
struct arch_route {
	int num;	   /* the direct syscall, or a pseudo number */
	int mux_nr;	   /* socketcall's or ipc's number, or 0 */
	unsigned int call; /* the multiplexer's argument 0 */
	int prio;	   /* num or mux_nr */
};

/* How many ABIs there are: the rows of arch_list.h. */
#define ARCH_COUNT_ONE(...) +1
enum { ARCH_COUNT = 0 ARCH_LIST(ARCH_COUNT_ONE) };

/* A stretch of syscall numbers, lo..hi. */
struct arch_span {
	uint32_t lo;
	uint32_t hi;
};

const struct arch_def *arch_native(void);
const struct arch_def *arch_by_token(uint32_t token);
const struct arch_def *arch_by_name(const char *name);

bool arch_multiplexes(const struct arch_def *arch);
bool arch_syscall_multiplexer(const struct arch_def *arch, int num);
int arch_syscall_resolve_name(const struct arch_def *arch, const char *name);
int arch_syscall_resolve_name_direct(const struct arch_def *arch,
				     const char *name);
bool arch_syscall_num_ok(const struct arch_def *arch, int num);
int arch_syscall_add(struct syscall_rt_batch *batch,
		     const struct arch_def *arch, const char *name, int num);
int arch_syscall_rewrite(const struct arch_def *arch, int num);
int arch_syscall_route(const struct arch_def *arch, int num,
		       const struct syscall_def **row, struct arch_route *out);
const char *arch_syscall_resolve_num(const struct arch_def *arch, int num);
void arch_syscall_span(const struct arch_def *arch, uint32_t *first,
		       uint32_t *last);
unsigned int arch_syscall_kver(const struct arch_def *arch, int num);
unsigned int arch_syscall_newer(const struct arch_def *arch, unsigned int kver,
				const uint32_t *keep, unsigned int keep_cnt,
				struct arch_span *out);
bool arch_kver_version(unsigned int kver, unsigned int *major,
		       unsigned int *minor);

unsigned int arch_arg_offset_lo(const struct arch_def *arch, unsigned int arg);
unsigned int arch_arg_offset_hi(const struct arch_def *arch, unsigned int arg);

#endif
