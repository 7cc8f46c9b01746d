/* SPDX-License-Identifier: LGPL-2.1-only */
/* bpf_sim: seccomp classic BPF as the kernel checks, runs and caches it. */

/*
 * Everything here follows the kernel's behaviour for a seccomp filter:
 *  - attach time: the generic classic-BPF checker (opcode known, jumps in
 *    range, constant divisor nonzero, constant shift < 32, scratch slot
 *    indices, last instruction a return, scratch written before read) and
 *    then seccomp's own whitelist of opcodes plus the seccomp_data bounds
 *    of ld [k];
 *  - run time: the classic interpreter semantics as the kernel executes
 *    them after converting the program (A = X = 0 at entry, 32-bit ALU,
 *    shift counts by X masked to 5 bits, a zero X divisor returns 0);
 *  - the action cache: the kernel's small emulator that only knows nr and
 *    arch.
 * The opcode whitelist and the corner cases were checked against Linux
 * 6.18 by attaching filters in a child (tests/11-live-sim-kernel.c keeps
 * doing that).
 */
#include "bpf_sim.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Offsets of seccomp_data fields: nr, arch, then ip and args[] from 8. */
#define OFF_NR 0u
#define OFF_ARCH 4u
#define OFF_ARGS 16u

static const struct bpf_sim_arch arches[] = {
	{ "x86", 0x40000003u, 0x40000003u, 0, 0 },
	{ "x86_64", 0xc000003eu, 0xc000003eu, 0, 0 },
	/* x32 shares x86_64's audit arch; its calls carry the x32 bit. */
	{ "x32", 0x4000003eu, 0xc000003eu, BPF_SIM_X32_BIT, 0 },
	{ "arm", 0x40000028u, 0x40000028u, 0, 0 },
	{ "aarch64", 0xc00000b7u, 0xc00000b7u, 0, 0 },
	{ "loongarch64", 0xc0000102u, 0xc0000102u, 0, 0 },
	{ "m68k", 0x00000004u, 0x00000004u, 0, 1 },
	{ "mips", 0x00000008u, 0x00000008u, 4000, 1 },
	{ "mipsel", 0x40000008u, 0x40000008u, 4000, 0 },
	{ "mips64", 0x80000008u, 0x80000008u, 5000, 1 },
	{ "mipsel64", 0xc0000008u, 0xc0000008u, 5000, 0 },
	{ "mips64n32", 0xa0000008u, 0xa0000008u, 6000, 1 },
	{ "mipsel64n32", 0xe0000008u, 0xe0000008u, 6000, 0 },
	{ "parisc", 0x0000000fu, 0x0000000fu, 0, 1 },
	{ "parisc64", 0x8000000fu, 0x8000000fu, 0, 1 },
	{ "ppc", 0x00000014u, 0x00000014u, 0, 1 },
	{ "ppc64", 0x80000015u, 0x80000015u, 0, 1 },
	{ "ppc64le", 0xc0000015u, 0xc0000015u, 0, 0 },
	{ "s390", 0x00000016u, 0x00000016u, 0, 1 },
	{ "s390x", 0x80000016u, 0x80000016u, 0, 1 },
	{ "riscv64", 0xc00000f3u, 0xc00000f3u, 0, 0 },
	/* SuperH: "sh" is the little-endian ABI, "sheb" the big-endian one. */
	{ "sh", 0x4000002au, 0x4000002au, 0, 0 },
	{ "sheb", 0x0000002au, 0x0000002au, 0, 1 },
};

#define N_ARCHES (sizeof(arches) / sizeof(arches[0]))

/* Name of the ABI we are compiled for, from the compiler's predefines. */
#if defined(__x86_64__) && defined(__ILP32__)
#define NATIVE_NAME "x32"
#elif defined(__x86_64__)
#define NATIVE_NAME "x86_64"
#elif defined(__i386__)
#define NATIVE_NAME "x86"
#elif defined(__aarch64__)
#define NATIVE_NAME "aarch64"
#elif defined(__arm__)
#define NATIVE_NAME "arm"
#elif defined(__loongarch64)
#define NATIVE_NAME "loongarch64"
#elif defined(__m68k__)
#define NATIVE_NAME "m68k"
#elif defined(__mips__) && defined(_MIPS_SIM) && defined(_ABIO32) && \
	_MIPS_SIM == _ABIO32
#if defined(__MIPSEB__)
#define NATIVE_NAME "mips"
#else
#define NATIVE_NAME "mipsel"
#endif
#elif defined(__mips__) && defined(_MIPS_SIM) && defined(_ABIN32) && \
	_MIPS_SIM == _ABIN32
#if defined(__MIPSEB__)
#define NATIVE_NAME "mips64n32"
#else
#define NATIVE_NAME "mipsel64n32"
#endif
#elif defined(__mips__)
#if defined(__MIPSEB__)
#define NATIVE_NAME "mips64"
#else
#define NATIVE_NAME "mipsel64"
#endif
#elif defined(__hppa64__)
#define NATIVE_NAME "parisc64"
#elif defined(__hppa__)
#define NATIVE_NAME "parisc"
#elif defined(__powerpc64__) && defined(__LITTLE_ENDIAN__)
#define NATIVE_NAME "ppc64le"
#elif defined(__powerpc64__)
#define NATIVE_NAME "ppc64"
#elif defined(__powerpc__)
#define NATIVE_NAME "ppc"
#elif defined(__s390x__)
#define NATIVE_NAME "s390x"
#elif defined(__s390__)
#define NATIVE_NAME "s390"
#elif defined(__riscv) && defined(__riscv_xlen) && __riscv_xlen == 64
#define NATIVE_NAME "riscv64"
#elif defined(__sh__) && defined(__BIG_ENDIAN__)
#define NATIVE_NAME "sheb"
#elif defined(__sh__)
#define NATIVE_NAME "sh"
#else
#define NATIVE_NAME NULL
#endif

/**
 * bpf_sim_arch_get - see bpf_sim.h
 */
const struct bpf_sim_arch *bpf_sim_arch_get(size_t i)
{
	return i < N_ARCHES ? &arches[i] : NULL;
}

/**
 * bpf_sim_arch_by_name - see bpf_sim.h
 */
const struct bpf_sim_arch *bpf_sim_arch_by_name(const char *name)
{
	size_t i;

	if (name == NULL)
		return NULL;
	for (i = 0; i < N_ARCHES; i++)
		if (strcmp(arches[i].name, name) == 0)
			return &arches[i];
	return NULL;
}

/**
 * bpf_sim_arch_by_token - see bpf_sim.h
 */
const struct bpf_sim_arch *bpf_sim_arch_by_token(uint32_t token)
{
	size_t i;

	for (i = 0; i < N_ARCHES; i++)
		if (arches[i].token == token)
			return &arches[i];
	return NULL;
}

/**
 * bpf_sim_arch_native - see bpf_sim.h
 */
const struct bpf_sim_arch *bpf_sim_arch_native(void)
{
	return bpf_sim_arch_by_name(NATIVE_NAME);
}

/* Decode a 16/32-bit value stored in the given byte order. */
static uint16_t get16(const unsigned char *p, int big_endian)
{
	return big_endian ? (uint16_t)(p[0] << 8 | p[1]) :
			    (uint16_t)(p[1] << 8 | p[0]);
}

static uint32_t get32(const unsigned char *p, int big_endian)
{
	if (big_endian)
		return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
		       (uint32_t)p[2] << 8 | p[3];
	return (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[1] << 8 | p[0];
}

/* Reset a program to the empty state. */
static void prog_clear(struct bpf_sim_prog *prog)
{
	prog->insns = NULL;
	prog->len = 0;
	prog->big_endian = 0;
	prog->state = 0;
}

/**
 * bpf_sim_load_mem - see bpf_sim.h
 */
int bpf_sim_load_mem(struct bpf_sim_prog *prog, const void *buf, size_t size,
		     int big_endian)
{
	const unsigned char *p = buf;
	struct sock_filter *insns;
	size_t n, i;

	if (prog == NULL)
		return -EINVAL;
	prog_clear(prog);
	if (buf == NULL || size == 0 || size % sizeof(struct sock_filter))
		return -EINVAL;
	n = size / sizeof(struct sock_filter);
	if (n > BPF_MAXINSNS)
		return -E2BIG;

	insns = calloc(n, sizeof(*insns));
	if (insns == NULL)
		return -ENOMEM;
	/* Layout of struct sock_filter: u16 code, u8 jt, u8 jf, u32 k. */
	for (i = 0; i < n; i++, p += 8) {
		insns[i].code = get16(p, big_endian);
		insns[i].jt = p[2];
		insns[i].jf = p[3];
		insns[i].k = get32(p + 4, big_endian);
	}
	prog->insns = insns;
	prog->len = (unsigned int)n;
	prog->big_endian = big_endian ? 1 : 0;
	return 0;
}

/**
 * bpf_sim_load_host - see bpf_sim.h
 */
int bpf_sim_load_host(struct bpf_sim_prog *prog,
		      const struct sock_filter *insns, size_t len,
		      int big_endian)
{
	if (prog == NULL)
		return -EINVAL;
	prog_clear(prog);
	if (insns == NULL || len == 0)
		return -EINVAL;
	if (len > BPF_MAXINSNS)
		return -E2BIG;
	prog->insns = malloc(len * sizeof(*insns));
	if (prog->insns == NULL)
		return -ENOMEM;
	memcpy(prog->insns, insns, len * sizeof(*insns));
	prog->len = (unsigned int)len;
	prog->big_endian = big_endian ? 1 : 0;
	return 0;
}

/**
 * bpf_sim_load_fd - see bpf_sim.h
 */
int bpf_sim_load_fd(struct bpf_sim_prog *prog, int fd, int big_endian)
{
	/* One byte more than the largest valid program detects "too long". */
	const size_t cap = BPF_MAXINSNS * sizeof(struct sock_filter) + 1;
	unsigned char *buf;
	size_t have = 0;
	ssize_t got;
	int rc;

	if (prog == NULL)
		return -EINVAL;
	prog_clear(prog);
	buf = malloc(cap);
	if (buf == NULL)
		return -ENOMEM;
	while (have < cap) {
		got = read(fd, buf + have, cap - have);
		if (got < 0) {
			if (errno == EINTR)
				continue;
			rc = -errno;
			goto out;
		}
		if (got == 0)
			break;
		have += (size_t)got;
	}
	if (have == cap)
		rc = -E2BIG;
	else
		rc = bpf_sim_load_mem(prog, buf, have, big_endian);
out:
	free(buf);
	return rc;
}

/**
 * bpf_sim_load_file - see bpf_sim.h
 */
int bpf_sim_load_file(struct bpf_sim_prog *prog, const char *path,
		      int big_endian)
{
	int fd, rc;

	if (prog == NULL || path == NULL)
		return -EINVAL;
	prog_clear(prog);
	if (strcmp(path, "-") == 0)
		return bpf_sim_load_fd(prog, STDIN_FILENO, big_endian);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	rc = bpf_sim_load_fd(prog, fd, big_endian);
	close(fd);
	return rc;
}

/**
 * bpf_sim_free - see bpf_sim.h
 */
void bpf_sim_free(struct bpf_sim_prog *prog)
{
	if (prog == NULL)
		return;
	free(prog->insns);
	prog_clear(prog);
}

/**
 * bpf_sim_reason_str - see bpf_sim.h
 */
const char *bpf_sim_reason_str(enum bpf_sim_reason reason)
{
	switch (reason) {
	case BPF_SIM_OK:
		return "valid";
	case BPF_SIM_ERR_EMPTY:
		return "empty program";
	case BPF_SIM_ERR_TOO_LONG:
		return "more than 4096 instructions";
	case BPF_SIM_ERR_OPCODE:
		return "opcode not permitted in seccomp filters";
	case BPF_SIM_ERR_JUMP:
		return "jump target out of range";
	case BPF_SIM_ERR_NO_RET:
		return "last instruction is not a return";
	case BPF_SIM_ERR_LOAD_ALIGN:
		return "load offset not 4-byte aligned";
	case BPF_SIM_ERR_LOAD_RANGE:
		return "load offset outside seccomp_data";
	case BPF_SIM_ERR_MEM_INDEX:
		return "scratch memory index out of range";
	case BPF_SIM_ERR_MEM_UNINIT:
		return "scratch memory may be read before written";
	case BPF_SIM_ERR_DIV_ZERO:
		return "division by constant zero";
	case BPF_SIM_ERR_SHIFT:
		return "constant shift of 32 bits or more";
	}
	return "unknown problem";
}

/* Is this a conditional jump (any JEQ/JGT/JGE/JSET, K or X)? */
static int is_cond_jump(uint16_t code)
{
	if (BPF_CLASS(code) != BPF_JMP)
		return 0;
	switch (BPF_OP(code)) {
	case BPF_JEQ:
	case BPF_JGT:
	case BPF_JGE:
	case BPF_JSET:
		return 1;
	}
	return 0;
}

/*
 * The seccomp whitelist.  Each code is the exact 16-bit value: size or
 * source bits that do not belong (ld #k with BPF_H, neg with BPF_X, ...)
 * make a different, rejected code, as in the kernel.  Note the absence of
 * BPF_MOD and of every byte/half-word or indexed load.
 */
static int opcode_permitted(uint16_t code)
{
	switch (code) {
	case BPF_LD | BPF_W | BPF_ABS:
	case BPF_LD | BPF_W | BPF_LEN:
	case BPF_LDX | BPF_W | BPF_LEN:
	case BPF_LD | BPF_IMM:
	case BPF_LDX | BPF_IMM:
	case BPF_LD | BPF_MEM:
	case BPF_LDX | BPF_MEM:
	case BPF_ST:
	case BPF_STX:
	case BPF_RET | BPF_K:
	case BPF_RET | BPF_A:
	case BPF_MISC | BPF_TAX:
	case BPF_MISC | BPF_TXA:
	case BPF_ALU | BPF_NEG:
	case BPF_JMP | BPF_JA:
		return 1;
	}
	if (BPF_CLASS(code) == BPF_ALU && (code & ~0xf8u) == BPF_ALU) {
		switch (BPF_OP(code)) {
		case BPF_ADD:
		case BPF_SUB:
		case BPF_MUL:
		case BPF_DIV:
		case BPF_AND:
		case BPF_OR:
		case BPF_XOR:
		case BPF_LSH:
		case BPF_RSH:
			return 1;
		}
		return 0;
	}
	if (is_cond_jump(code) && (code & ~0xf8u) == BPF_JMP)
		return 1;
	return 0;
}

/* Record the first fault and return -EINVAL. */
static int fail(struct bpf_sim_fault *fault, enum bpf_sim_reason reason,
		unsigned int pc)
{
	if (fault != NULL) {
		fault->reason = reason;
		fault->pc = pc;
	}
	return -EINVAL;
}

/* Per-instruction checks; returns BPF_SIM_OK or the reason. */
static enum bpf_sim_reason check_insn(const struct sock_filter *f,
				      unsigned int pc, unsigned int len)
{
	/* Instructions left after this one: the farthest legal jump. */
	const unsigned int room = len - 1 - pc;

	if (!opcode_permitted(f->code))
		return BPF_SIM_ERR_OPCODE;
	switch (f->code) {
	case BPF_LD | BPF_W | BPF_ABS:
		if (f->k & 3)
			return BPF_SIM_ERR_LOAD_ALIGN;
		if (f->k >= BPF_SIM_DATA_LEN)
			return BPF_SIM_ERR_LOAD_RANGE;
		break;
	case BPF_LD | BPF_MEM:
	case BPF_LDX | BPF_MEM:
	case BPF_ST:
	case BPF_STX:
		if (f->k >= BPF_MEMWORDS)
			return BPF_SIM_ERR_MEM_INDEX;
		break;
	case BPF_ALU | BPF_DIV | BPF_K:
		if (f->k == 0)
			return BPF_SIM_ERR_DIV_ZERO;
		break;
	case BPF_ALU | BPF_LSH | BPF_K:
	case BPF_ALU | BPF_RSH | BPF_K:
		if (f->k >= 32)
			return BPF_SIM_ERR_SHIFT;
		break;
	case BPF_JMP | BPF_JA:
		/* k is 32 bits wide: the one long jump classic BPF has. */
		if (f->k >= room)
			return BPF_SIM_ERR_JUMP;
		break;
	default:
		if (is_cond_jump(f->code) && (f->jt >= room || f->jf >= room))
			return BPF_SIM_ERR_JUMP;
		break;
	}
	return BPF_SIM_OK;
}

/*
 * Scratch-memory pass, the kernel's algorithm: one bit per slot, all jumps
 * go forward, so a single pass in program order sees every edge into an
 * instruction before the instruction.  in[pc] collects the slots written on
 * every jump into pc; "valid" carries the fall-through state.
 */
static int check_memory(const struct bpf_sim_prog *prog,
			struct bpf_sim_fault *fault)
{
	uint16_t *in;
	uint16_t valid = 0;
	unsigned int pc;
	int rc = 0;

	in = malloc(prog->len * sizeof(*in));
	if (in == NULL)
		return -ENOMEM;
	memset(in, 0xff, prog->len * sizeof(*in));

	for (pc = 0; pc < prog->len; pc++) {
		const struct sock_filter *f = &prog->insns[pc];

		valid &= in[pc];
		switch (f->code) {
		case BPF_ST:
		case BPF_STX:
			valid |= (uint16_t)(1u << f->k);
			break;
		case BPF_LD | BPF_MEM:
		case BPF_LDX | BPF_MEM:
			if (!(valid & (1u << f->k))) {
				rc = fail(fault, BPF_SIM_ERR_MEM_UNINIT, pc);
				goto out;
			}
			break;
		case BPF_JMP | BPF_JA:
			in[pc + 1 + f->k] &= valid;
			valid = 0xffff;
			break;
		default:
			if (is_cond_jump(f->code)) {
				in[pc + 1 + f->jt] &= valid;
				in[pc + 1 + f->jf] &= valid;
				valid = 0xffff;
			}
			/*
			 * A return does not reset "valid": like the kernel we
			 * let its state flow into the next instruction.
			 */
			break;
		}
	}
out:
	free(in);
	return rc;
}

/**
 * bpf_sim_verify - see bpf_sim.h
 */
int bpf_sim_verify(const struct bpf_sim_prog *prog, struct bpf_sim_fault *fault)
{
	enum bpf_sim_reason why;
	uint16_t last;
	unsigned int pc;

	if (fault != NULL) {
		fault->reason = BPF_SIM_OK;
		fault->pc = 0;
	}
	if (prog == NULL || prog->len == 0 || prog->insns == NULL)
		return fail(fault, BPF_SIM_ERR_EMPTY, 0);
	if (prog->len > BPF_MAXINSNS)
		return fail(fault, BPF_SIM_ERR_TOO_LONG, 0);

	for (pc = 0; pc < prog->len; pc++) {
		why = check_insn(&prog->insns[pc], pc, prog->len);
		if (why != BPF_SIM_OK)
			return fail(fault, why, pc);
	}
	last = prog->insns[prog->len - 1].code;
	if (last != (BPF_RET | BPF_K) && last != (BPF_RET | BPF_A))
		return fail(fault, BPF_SIM_ERR_NO_RET, prog->len - 1);
	return check_memory(prog, fault);
}

/**
 * bpf_sim_data_word - see bpf_sim.h
 */
uint32_t bpf_sim_data_word(const struct seccomp_data *data, uint32_t off,
			   int big_endian)
{
	uint64_t wide;
	unsigned int high;

	if (data == NULL || (off & 3) || off >= BPF_SIM_DATA_LEN)
		return 0;
	if (off == OFF_NR)
		return (uint32_t)data->nr;
	if (off == OFF_ARCH)
		return data->arch;
	/* Offsets 8..63: instruction_pointer then args[0..5], 8 bytes each. */
	if (off < OFF_ARGS)
		wide = data->instruction_pointer;
	else
		wide = data->args[(off - OFF_ARGS) / 8];
	/* Which half sits at the lower address depends on the target. */
	high = ((off / 4) & 1) ^ (big_endian ? 1u : 0u);
	return high ? (uint32_t)(wide >> 32) : (uint32_t)wide;
}

/**
 * bpf_sim_alu - see bpf_sim.h
 */
uint32_t bpf_sim_alu(uint16_t op, uint32_t a, uint32_t src)
{
	switch (op) {
	case BPF_ADD:
		return a + src;
	case BPF_SUB:
		return a - src;
	case BPF_MUL:
		return a * src;
	case BPF_DIV:
		return src == 0 ? 0 : a / src;
	case BPF_AND:
		return a & src;
	case BPF_OR:
		return a | src;
	case BPF_XOR:
		return a ^ src;
	case BPF_LSH:
		/* Constant counts are < 32; X counts wrap. */
		return a << (src & 31);
	case BPF_RSH:
		return a >> (src & 31);
	default: /* BPF_NEG, the only other operation the verifier lets by */
		return 0u - a;
	}
}

/**
 * bpf_sim_jump_taken - see bpf_sim.h
 */
int bpf_sim_jump_taken(uint16_t op, uint32_t a, uint32_t src)
{
	switch (op) {
	case BPF_JEQ:
		return a == src;
	case BPF_JGT:
		return a > src;
	case BPF_JGE:
		return a >= src;
	default: /* BPF_JSET */
		return (a & src) != 0;
	}
}

/* Target of a conditional jump, given whether its test held. */
static unsigned int jump_target(const struct sock_filter *f, unsigned int pc,
				int taken)
{
	return pc + 1 + (taken ? f->jt : f->jf);
}

/*
 * The interpreter proper.  The program is already verified, so every
 * jump stays inside it and every scratch slot read was written; the
 * bounds checks below are only belts and braces against a caller who
 * edited insns after verification.
 */
static void interpret(const struct bpf_sim_prog *prog,
		      const struct seccomp_data *data,
		      struct bpf_sim_result *res)
{
	uint32_t a = 0, x = 0, mem[BPF_MEMWORDS];
	unsigned int pc = 0, count = 0;
	uint32_t src;

	memset(mem, 0, sizeof(mem));
	while (pc < prog->len) {
		const struct sock_filter *f = &prog->insns[pc];

		count++;
		src = BPF_SRC(f->code) == BPF_X ? x : f->k;
		switch (BPF_CLASS(f->code)) {
		case BPF_LD:
			switch (BPF_MODE(f->code)) {
			case BPF_ABS:
				a = bpf_sim_data_word(data, f->k,
						      prog->big_endian);
				break;
			case BPF_LEN:
				a = BPF_SIM_DATA_LEN;
				break;
			case BPF_MEM:
				a = mem[f->k % BPF_MEMWORDS];
				break;
			default:
				a = f->k;
				break;
			}
			pc++;
			continue;
		case BPF_LDX:
			switch (BPF_MODE(f->code)) {
			case BPF_LEN:
				x = BPF_SIM_DATA_LEN;
				break;
			case BPF_MEM:
				x = mem[f->k % BPF_MEMWORDS];
				break;
			default:
				x = f->k;
				break;
			}
			pc++;
			continue;
		case BPF_ST:
			mem[f->k % BPF_MEMWORDS] = a;
			pc++;
			continue;
		case BPF_STX:
			mem[f->k % BPF_MEMWORDS] = x;
			pc++;
			continue;
		case BPF_ALU:
			/* Only X can be 0: the kernel returns 0. */
			if (BPF_OP(f->code) == BPF_DIV && src == 0) {
				res->action = 0;
				goto done;
			}
			a = bpf_sim_alu(BPF_OP(f->code), a, src);
			pc++;
			continue;
		case BPF_JMP:
			if (BPF_OP(f->code) == BPF_JA) {
				pc += 1 + f->k;
				continue;
			}
			pc = jump_target(
				f, pc,
				bpf_sim_jump_taken(BPF_OP(f->code), a, src));
			continue;
		case BPF_RET:
			res->action = BPF_RVAL(f->code) == BPF_A ? a : f->k;
			goto done;
		default:
			if (BPF_MISCOP(f->code) == BPF_TAX)
				x = a;
			else
				a = x;
			pc++;
			continue;
		}
	}
	/* Unreachable for a verified program: it cannot fall off the end. */
	res->action = 0;
done:
	res->insns = count;
	res->pc = pc;
}

/**
 * bpf_sim_run - see bpf_sim.h
 */
int bpf_sim_run(struct bpf_sim_prog *prog, const struct seccomp_data *data,
		struct bpf_sim_result *res)
{
	int rc;

	if (prog == NULL || data == NULL || res == NULL)
		return -EINVAL;
	if (prog->state == 0) {
		rc = bpf_sim_verify(prog, NULL);
		if (rc == -ENOMEM)
			return rc;
		prog->state = rc == 0 ? 1 : -1;
	}
	if (prog->state < 0)
		return -EINVAL;
	interpret(prog, data, res);
	return 0;
}

/**
 * bpf_sim_action_rank - see bpf_sim.h
 */
int32_t bpf_sim_action_rank(uint32_t action)
{
	return (int32_t)(action & SECCOMP_RET_ACTION_FULL);
}

/**
 * bpf_sim_action_str - see bpf_sim.h
 */
int bpf_sim_action_str(uint32_t action, char *buf, size_t size)
{
	const uint32_t data = action & SECCOMP_RET_DATA;
	int known = 1;

	if (buf == NULL || size == 0)
		return -EINVAL;
	switch (action & SECCOMP_RET_ACTION_FULL) {
	case SECCOMP_RET_KILL_PROCESS:
		snprintf(buf, size, "KILL_PROCESS");
		break;
	case SECCOMP_RET_KILL_THREAD:
		snprintf(buf, size, "KILL");
		break;
	case SECCOMP_RET_TRAP:
		/* TRAP's data reaches the handler as si_errno. */
		if (data)
			snprintf(buf, size, "TRAP(%u)", data);
		else
			snprintf(buf, size, "TRAP");
		break;
	case SECCOMP_RET_ERRNO:
		snprintf(buf, size, "ERRNO(%u)", data);
		break;
	case SECCOMP_RET_TRACE:
		snprintf(buf, size, "TRACE(%u)", data);
		break;
	case SECCOMP_RET_LOG:
		snprintf(buf, size, "LOG");
		break;
	case SECCOMP_RET_ALLOW:
		snprintf(buf, size, "ALLOW");
		break;
	case SECCOMP_RET_USER_NOTIF:
		snprintf(buf, size, "NOTIFY");
		break;
	default:
		snprintf(buf, size, "0x%08x", action);
		known = 0;
		break;
	}
	return known ? 0 : -EINVAL;
}

/**
 * bpf_sim_cache_allow - see bpf_sim.h
 */
int bpf_sim_cache_allow(const struct bpf_sim_prog *prog, uint32_t arch,
			uint32_t nr)
{
	uint32_t reg = 0;
	unsigned int pc;
	int taken;

	if (prog == NULL || (prog->len > 0 && prog->insns == NULL))
		return -EINVAL;
	for (pc = 0; pc < prog->len; pc++) {
		const struct sock_filter *f = &prog->insns[pc];

		switch (f->code) {
		case BPF_LD | BPF_W | BPF_ABS:
			if (f->k == OFF_NR)
				reg = nr;
			else if (f->k == OFF_ARCH)
				reg = arch;
			else
				return 0; /* depends on ip or arguments */
			break;
		case BPF_ALU | BPF_AND | BPF_K:
			reg &= f->k;
			break;
		case BPF_RET | BPF_K:
			return f->k == SECCOMP_RET_ALLOW;
		case BPF_JMP | BPF_JA:
			/* The loop's pc++ supplies the "+ 1". */
			if (f->k >= prog->len - pc - 1)
				return 0;
			pc += f->k;
			break;
		case BPF_JMP | BPF_JEQ | BPF_K:
		case BPF_JMP | BPF_JGT | BPF_K:
		case BPF_JMP | BPF_JGE | BPF_K:
		case BPF_JMP | BPF_JSET | BPF_K:
			taken = bpf_sim_jump_taken(BPF_OP(f->code), reg, f->k);
			pc += taken ? f->jt : f->jf;
			break;
		default:
			return 0; /* the emulator does not model it */
		}
	}
	/* Fell off the end: the kernel treats that as not cacheable. */
	return 0;
}

/* Merge one more incoming edge state into a tri-state slot. */
static void merge_edge(signed char *slot, int state)
{
	*slot = (signed char)(*slot == -1 ? state : (*slot && state));
}

/**
 * bpf_sim_arch_tokens - see bpf_sim.h
 */
int bpf_sim_arch_tokens(const struct bpf_sim_prog *prog, uint32_t *tokens,
			size_t max)
{
	/*
	 * holds[pc]: 1 if A holds seccomp_data.arch on every jump into pc,
	 * 0 if not, -1 if no jump seen yet; cur is the fall-through state,
	 * -1 after an instruction that never falls through.  Like the memory
	 * pass, one forward sweep suffices because jumps only go forward.
	 */
	signed char *holds = NULL;
	uint32_t *seen = NULL;
	int cur, found = 0;
	unsigned int pc;
	int i, rc;

	if (prog == NULL || (tokens == NULL && max > 0) ||
	    (prog->len > 0 && prog->insns == NULL))
		return -EINVAL;
	if (prog->len == 0)
		return 0;
	holds = malloc(prog->len);
	seen = malloc(prog->len * sizeof(*seen));
	if (holds == NULL || seen == NULL) {
		rc = -ENOMEM;
		goto out;
	}
	memset(holds, -1, prog->len);
	cur = 0;

	for (pc = 0; pc < prog->len; pc++) {
		const struct sock_filter *f = &prog->insns[pc];

		if (holds[pc] != -1)
			cur = cur == -1 ? holds[pc] : (cur && holds[pc]);
		if (cur == -1)
			cur = 0; /* unreachable code: know nothing */

		if (f->code == (BPF_JMP | BPF_JEQ | BPF_K) && cur == 1) {
			for (i = 0; i < found; i++)
				if (seen[i] == f->k)
					break;
			if (i == found)
				seen[found++] = f->k;
		}

		switch (BPF_CLASS(f->code)) {
		case BPF_LD:
			cur = f->code == (BPF_LD | BPF_W | BPF_ABS) &&
			      f->k == OFF_ARCH;
			break;
		case BPF_ALU:
			cur = 0;
			break;
		case BPF_MISC:
			/* tax keeps A; txa replaces it. */
			if (f->code != (BPF_MISC | BPF_TAX))
				cur = 0;
			break;
		case BPF_JMP:
			if (BPF_OP(f->code) == BPF_JA) {
				if (f->k < prog->len - pc - 1)
					merge_edge(&holds[pc + 1 + f->k], cur);
			} else {
				if (f->jt < prog->len - pc - 1)
					merge_edge(&holds[pc + 1 + f->jt], cur);
				if (f->jf < prog->len - pc - 1)
					merge_edge(&holds[pc + 1 + f->jf], cur);
			}
			cur = -1;
			break;
		case BPF_RET:
			cur = -1;
			break;
		default:
			break; /* ldx, st, stx leave A alone */
		}
	}
	for (i = 0; i < found && (size_t)i < max; i++)
		tokens[i] = seen[i];
	rc = found;
out:
	free(holds);
	free(seen);
	return rc;
}
