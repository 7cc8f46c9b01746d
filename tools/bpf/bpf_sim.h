/* SPDX-License-Identifier: LGPL-2.1-only */
/* bpf_sim API: load, verify, run and cache-analyse seccomp classic BPF. */

/*
 * This is the test suite's oracle.  It knows only the kernel's seccomp
 * semantics for classic BPF and never includes anything from src/ or
 * include/, so a bug in the library cannot hide itself by being repeated
 * here.
 *
 * Model:
 *  - A program is loaded from the bytes a library exports: an array of
 *    struct sock_filter in the *filter's* byte order (code and k are
 *    byte-swapped on big-endian targets, jt/jf are single bytes).  Loading
 *    converts it to host order and remembers the target byte order, which
 *    decides where the two 32-bit halves of the 64-bit seccomp_data fields
 *    (instruction_pointer, args[]) sit.
 *  - bpf_sim_verify() applies the checks the kernel applies when a filter
 *    is attached (generic classic-BPF checker + the seccomp opcode filter).
 *  - bpf_sim_run() executes the program like the kernel does.
 *  - bpf_sim_cache_allow() emulates the kernel's action-cache analysis
 *    (Linux >= 5.11), which proves a syscall "always ALLOW" per arch.
 *
 * Error model: int functions return >= 0 on success and -errno on failure;
 * nothing here prints, aborts or exits.
 */
#ifndef BPF_SIM_H
#define BPF_SIM_H

#include <stddef.h>
#include <stdint.h>

#include <linux/filter.h>
#include <linux/seccomp.h>

#ifdef __cplusplus
extern "C" {
#endif

/* sizeof(struct seccomp_data): the only data a seccomp filter can load. */
#define BPF_SIM_DATA_LEN 64u

/* Syscall number bit the x32 ABI sets in seccomp_data.nr. */
#define BPF_SIM_X32_BIT 0x40000000u

/**
 * struct bpf_sim_prog - a loaded program, host byte order
 * @insns:      the instructions (owned; release with bpf_sim_free())
 * @len:        number of instructions, 1..BPF_MAXINSNS after a successful load
 * @big_endian: target byte order: 1 if the filter runs on a big-endian ABI
 * @state:      verification cache used by bpf_sim_run(): 0 not yet checked,
 *              1 valid, -1 invalid; reset it to 0 after editing @insns
 */
struct bpf_sim_prog {
	struct sock_filter *insns;
	unsigned int len;
	int big_endian;
	int state;
};

/** enum bpf_sim_reason - why bpf_sim_verify() rejected a program */
enum bpf_sim_reason {
	BPF_SIM_OK = 0,
	BPF_SIM_ERR_EMPTY,	/* no instructions */
	BPF_SIM_ERR_TOO_LONG,	/* more than BPF_MAXINSNS instructions */
	BPF_SIM_ERR_OPCODE,	/* opcode not permitted in seccomp filters */
	BPF_SIM_ERR_JUMP,	/* jump target past the last instruction */
	BPF_SIM_ERR_NO_RET,	/* the last instruction is not a return */
	BPF_SIM_ERR_LOAD_ALIGN, /* ld [k] with k not a multiple of 4 */
	BPF_SIM_ERR_LOAD_RANGE, /* ld [k] with k >= sizeof(seccomp_data) */
	BPF_SIM_ERR_MEM_INDEX,	/* scratch slot index >= BPF_MEMWORDS */
	BPF_SIM_ERR_MEM_UNINIT, /* scratch slot may be read before written */
	BPF_SIM_ERR_DIV_ZERO,	/* division by the constant 0 */
	BPF_SIM_ERR_SHIFT,	/* shift by a constant >= 32 */
};

/**
 * struct bpf_sim_fault - first problem found by bpf_sim_verify()
 * @reason: what is wrong (BPF_SIM_OK if nothing)
 * @pc:     index of the offending instruction (0 for EMPTY/TOO_LONG)
 */
struct bpf_sim_fault {
	enum bpf_sim_reason reason;
	unsigned int pc;
};

/**
 * struct bpf_sim_result - outcome of bpf_sim_run()
 * @action: the 32-bit value the filter returned (SECCOMP_RET_*)
 * @insns:  number of instructions executed, the final return included
 * @pc:     index of the return instruction that ended the run
 */
struct bpf_sim_result {
	uint32_t action;
	unsigned int insns;
	unsigned int pc;
};

/**
 * struct bpf_sim_arch - one seccomp ABI as a filter sees it
 * @name:       libseccomp's arch name ("x86_64", "mipsel64n32", ...)
 * @token:      the SCMP_ARCH_* value (an AUDIT_ARCH_* value)
 * @data_arch:  what the kernel stores in seccomp_data.arch for this ABI;
 *              equal to @token except for x32, which reports x86_64's
 * @nr_base:    first syscall number of the ABI (MIPS o32/n64/n32 number
 *              from 4000/5000/6000; x32 ORs BPF_SIM_X32_BIT)
 * @big_endian: 1 for big-endian ABIs
 */
struct bpf_sim_arch {
	const char *name;
	uint32_t token;
	uint32_t data_arch;
	uint32_t nr_base;
	int big_endian;
};

/**
 * bpf_sim_load_mem - load a program from exported bytes
 * @prog:       receives the program (overwritten, not freed first)
 * @buf:        struct sock_filter[] in the target byte order
 * @size:       size of @buf in bytes
 * @big_endian: nonzero if @buf (and the target) is big-endian
 *
 * Returns 0; -EINVAL if @size is 0 or not a multiple of 8 or an argument
 * is NULL; -E2BIG above BPF_MAXINSNS instructions; -ENOMEM.  On failure
 * @prog is left empty (bpf_sim_free() is still safe).
 */
int bpf_sim_load_mem(struct bpf_sim_prog *prog, const void *buf, size_t size,
		     int big_endian);

/**
 * bpf_sim_load_host - load a program already in host byte order
 * @prog:       receives a copy of @insns
 * @insns:      the instructions
 * @len:        number of instructions
 * @big_endian: target byte order (placement of 64-bit field halves)
 *
 * Returns as bpf_sim_load_mem().
 */
int bpf_sim_load_host(struct bpf_sim_prog *prog,
		      const struct sock_filter *insns, size_t len,
		      int big_endian);

/**
 * bpf_sim_load_fd - read a whole program from a file descriptor
 * @prog:       receives the program
 * @fd:         readable fd; read to EOF, not closed
 * @big_endian: target byte order of the bytes
 *
 * Reading stops once the input is known to exceed BPF_MAXINSNS
 * instructions, so an endless input cannot exhaust memory.
 *
 * Returns as bpf_sim_load_mem(), or the -errno of a failed read().
 */
int bpf_sim_load_fd(struct bpf_sim_prog *prog, int fd, int big_endian);

/**
 * bpf_sim_load_file - bpf_sim_load_fd() on a path ("-" means stdin)
 *
 * Returns as bpf_sim_load_fd(), or the -errno of a failed open().
 */
int bpf_sim_load_file(struct bpf_sim_prog *prog, const char *path,
		      int big_endian);

/**
 * bpf_sim_free - release a program's instructions; NULL is fine
 */
void bpf_sim_free(struct bpf_sim_prog *prog);

/**
 * bpf_sim_verify - check a program the way the kernel does on attach
 * @prog:  the program
 * @fault: optional; receives the first problem (or BPF_SIM_OK)
 *
 * Checks, in this order: length (1..BPF_MAXINSNS); per instruction, an
 * opcode from the seccomp-permitted set, ld [k] aligned and inside
 * seccomp_data, scratch indices < BPF_MEMWORDS, no division by constant 0,
 * constant shifts < 32, jump targets inside the program; a return as the
 * last instruction; finally that no scratch slot can be read before it
 * is written.
 *
 * The scratch-memory check is the kernel's own forward pass, which is
 * conservative: a slot counts as written at an instruction only if it is
 * written on every edge into it, and the state after a return still flows
 * into the next instruction (the kernel does not reset it there, while it
 * does after jumps).  So a load placed right after a return can be
 * rejected although no real path reaches it unwritten; the kernel rejects
 * the same programs (checked against Linux 6.18).
 *
 * Returns 0 if valid, -EINVAL if not (see @fault), -ENOMEM.
 */
int bpf_sim_verify(const struct bpf_sim_prog *prog,
		   struct bpf_sim_fault *fault);

/**
 * bpf_sim_reason_str - short English text for a verifier reason
 *
 * Returns a static string, never NULL.
 */
const char *bpf_sim_reason_str(enum bpf_sim_reason reason);

/**
 * bpf_sim_data_word - the 32-bit word a filter loads with ld [off]
 * @data:       the syscall data (host byte order, host struct layout)
 * @off:        byte offset, a multiple of 4 below BPF_SIM_DATA_LEN
 * @big_endian: target byte order
 *
 * On little-endian targets the low half of a 64-bit field is at its
 * offset and the high half at +4; big-endian targets swap them.
 *
 * Returns the word; 0 for an invalid @off.
 */
uint32_t bpf_sim_data_word(const struct seccomp_data *data, uint32_t off,
			   int big_endian);

/**
 * bpf_sim_alu - what an ALU instruction leaves in A
 * @op:  BPF_OP() of the instruction
 * @a:   A before it
 * @src: X or the constant, as BPF_SRC() says
 *
 * 32-bit with wrap-around; shifts use the low 5 bits of @src. The caller
 * handles a division by 0, which ends the program instead.
 */
uint32_t bpf_sim_alu(uint16_t op, uint32_t a, uint32_t src);

/**
 * bpf_sim_jump_taken - whether a conditional jump takes its jt branch
 * @op: BPF_OP() of the instruction: BPF_JEQ, BPF_JGT, BPF_JGE or BPF_JSET
 */
int bpf_sim_jump_taken(uint16_t op, uint32_t a, uint32_t src);

/**
 * bpf_sim_action_rank - where a return value stands among stacked filters
 *
 * The kernel runs every filter of a task and keeps the value of the
 * lowest rank, (int32_t)(@action & SECCOMP_RET_ACTION_FULL): KILL_PROCESS
 * lowest, ALLOW highest; on a tie, the value of the filter it ran first
 * (the newest).
 */
int32_t bpf_sim_action_rank(uint32_t action);

/**
 * bpf_sim_run - execute a program on one syscall
 * @prog: the program; verified on first use and the verdict cached in
 *        prog->state (so a shared program should be verified before
 *        threads run it)
 * @data: the syscall: nr, arch (the value the kernel reports, e.g. the
 *        x86_64 token for x32), instruction_pointer, args
 * @res:  receives the returned action and the instruction count
 *
 * A and X start at 0.  ALU is 32-bit with wrap-around.  Shifts by X use
 * the low 5 bits of X.  Division by X == 0 ends the program with return
 * value 0 (SECCOMP_RET_KILL_THREAD), as the kernel's converted program
 * does.
 *
 * Returns 0; -EINVAL if the program does not verify (or NULL arguments);
 * -ENOMEM.
 */
int bpf_sim_run(struct bpf_sim_prog *prog, const struct seccomp_data *data,
		struct bpf_sim_result *res);

/**
 * bpf_sim_action_str - spell an action like scmp_bpf_sim does
 * @action: a filter return value
 * @buf:    output buffer (at least 24 bytes is always enough)
 * @size:   size of @buf
 *
 * KILL_PROCESS, KILL, TRAP, ERRNO(n), TRACE(n), LOG, ALLOW, NOTIFY.  The
 * action is the top 16 bits as the kernel decodes them; the data is shown
 * for ERRNO, TRACE and a nonzero TRAP (as TRAP(n)), and ignored for the
 * others, whose data the kernel ignores too.  Unknown actions are written
 * as 0x%08x.
 *
 * Returns 0 for a known action, -EINVAL for an unknown one (buf still
 * filled, if @size allows).
 */
int bpf_sim_action_str(uint32_t action, char *buf, size_t size);

/**
 * bpf_sim_cache_allow - would the kernel's action cache mark nr ALLOW?
 * @prog: the program
 * @arch: the value of seccomp_data.arch
 * @nr:   the syscall number (seccomp_data.nr)
 *
 * Emulates the kernel's seccomp_is_const_allow(): it runs the program
 * knowing only nr and arch.  It follows ld [nr], ld [arch], and #k, ja,
 * jeq/jgt/jge/jset #k and ret #k.  Any other instruction (a load of the
 * instruction pointer or an argument, anything using X, scratch memory,
 * ret a, ...) means "not provably constant" and so not cached.  Only a
 * ret of exactly SECCOMP_RET_ALLOW is cached.  Note that the kernel then
 * only consults the cache for its native and compat arch tokens and for
 * nr below its syscall count, so x32 numbers (BPF_SIM_X32_BIT) never hit
 * the cache on a real kernel.
 *
 * Returns 1 if cacheable as ALLOW, 0 if not, -EINVAL for NULL @prog.
 */
int bpf_sim_cache_allow(const struct bpf_sim_prog *prog, uint32_t arch,
			uint32_t nr);

/**
 * bpf_sim_arch_tokens - arch tokens a program tests
 * @prog:   the program
 * @tokens: receives up to @max distinct tokens, in program order
 * @max:    capacity of @tokens
 *
 * A token is the k of a jeq #k whose accumulator holds seccomp_data.arch
 * on every path into it (tracked through ld [4] and jumps).
 *
 * Returns the number of distinct tokens found (may exceed @max), or
 * -EINVAL for NULL arguments.
 */
int bpf_sim_arch_tokens(const struct bpf_sim_prog *prog, uint32_t *tokens,
			size_t max);

/**
 * bpf_sim_arch_by_name - look up an arch by libseccomp name
 *
 * Returns the descriptor, or NULL if @name is unknown or NULL.
 */
const struct bpf_sim_arch *bpf_sim_arch_by_name(const char *name);

/**
 * bpf_sim_arch_by_token - look up an arch by token
 *
 * Returns the descriptor whose token is @token, or NULL.
 */
const struct bpf_sim_arch *bpf_sim_arch_by_token(uint32_t token);

/**
 * bpf_sim_arch_native - the ABI this code was compiled for
 *
 * Returns the descriptor, or NULL on an ABI seccomp does not know.
 */
const struct bpf_sim_arch *bpf_sim_arch_native(void);

/**
 * bpf_sim_arch_get - iterate over the known arches
 * @i: index from 0
 *
 * Returns the i-th descriptor, or NULL past the end.
 */
const struct bpf_sim_arch *bpf_sim_arch_get(size_t i);

#ifdef __cplusplus
}
#endif

#endif /* BPF_SIM_H */
