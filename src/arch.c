/* SPDX-License-Identifier: LGPL-2.1-only */
/* The architecture registry and per-ABI syscall name/number translation. */

#include <errno.h>
#include <stddef.h>
#include <string.h>

#include <seccomp.h>

#include "arch.h"

#define ARCH(tok, bpf, nm, col, bits, be, sock, ipc) \
	{ .token = (tok), .token_bpf = (bpf), .name = (nm), \
	  .abi = SYSCALL_ABI_##col, .arg_bits = (bits), .big_endian = (be), \
	  .nr_socketcall = (sock), .nr_ipc = (ipc) }

/*
 * Every ABI libseccomp knows. x32 shares x86_64's audit value in the kernel;
 * its syscalls are told apart by the x32 bit in the number instead. MIPS
 * o32 numbers start at 4000, so its socketcall and ipc do too.
 */
static const struct arch_def arch_defs[] = {
	ARCH(SCMP_ARCH_X86, SCMP_ARCH_X86, "x86", X86, 32, false, 102, 117),
	ARCH(SCMP_ARCH_X86_64, SCMP_ARCH_X86_64, "x86_64", X86_64, 64, false, 0, 0),
	ARCH(SCMP_ARCH_X32, SCMP_ARCH_X86_64, "x32", X32, 32, false, 0, 0),
	ARCH(SCMP_ARCH_ARM, SCMP_ARCH_ARM, "arm", ARM, 32, false, 0, 0),
	ARCH(SCMP_ARCH_AARCH64, SCMP_ARCH_AARCH64, "aarch64", AARCH64, 64, false, 0, 0),
	ARCH(SCMP_ARCH_LOONGARCH64, SCMP_ARCH_LOONGARCH64, "loongarch64", LOONGARCH64, 64, false, 0, 0),
	ARCH(SCMP_ARCH_M68K, SCMP_ARCH_M68K, "m68k", M68K, 32, true, 102, 117),
	ARCH(SCMP_ARCH_MIPS, SCMP_ARCH_MIPS, "mips", MIPS, 32, true, 4102, 4117),
	ARCH(SCMP_ARCH_MIPSEL, SCMP_ARCH_MIPSEL, "mipsel", MIPS, 32, false, 4102, 4117),
	ARCH(SCMP_ARCH_MIPS64, SCMP_ARCH_MIPS64, "mips64", MIPS64, 64, true, 0, 0),
	ARCH(SCMP_ARCH_MIPSEL64, SCMP_ARCH_MIPSEL64, "mipsel64", MIPS64, 64, false, 0, 0),
	ARCH(SCMP_ARCH_MIPS64N32, SCMP_ARCH_MIPS64N32, "mips64n32", MIPS64N32, 32, true, 0, 0),
	ARCH(SCMP_ARCH_MIPSEL64N32, SCMP_ARCH_MIPSEL64N32, "mipsel64n32", MIPS64N32, 32, false, 0, 0),
	ARCH(SCMP_ARCH_PARISC, SCMP_ARCH_PARISC, "parisc", PARISC, 32, true, 0, 0),
	ARCH(SCMP_ARCH_PARISC64, SCMP_ARCH_PARISC64, "parisc64", PARISC64, 64, true, 0, 0),
	ARCH(SCMP_ARCH_PPC, SCMP_ARCH_PPC, "ppc", PPC, 32, true, 102, 117),
	ARCH(SCMP_ARCH_PPC64, SCMP_ARCH_PPC64, "ppc64", PPC64, 64, true, 102, 117),
	ARCH(SCMP_ARCH_PPC64LE, SCMP_ARCH_PPC64LE, "ppc64le", PPC64, 64, false, 102, 117),
	ARCH(SCMP_ARCH_RISCV64, SCMP_ARCH_RISCV64, "riscv64", RISCV64, 64, false, 0, 0),
	ARCH(SCMP_ARCH_S390, SCMP_ARCH_S390, "s390", S390, 32, true, 102, 117),
	ARCH(SCMP_ARCH_S390X, SCMP_ARCH_S390X, "s390x", S390X, 64, true, 102, 117),
	ARCH(SCMP_ARCH_SH, SCMP_ARCH_SH, "sh", SH, 32, false, 102, 117),
	ARCH(SCMP_ARCH_SHEB, SCMP_ARCH_SHEB, "sheb", SH, 32, true, 102, 117),
};

#define ARCH_COUNT (sizeof(arch_defs) / sizeof(arch_defs[0]))

/*
 * Calls reached through socketcall(2) and ipc(2), sorted by name (strcmp
 * order), with their pseudo syscall numbers: -(100 + call) for socket
 * calls, -(200 + call) for IPC calls, where call is the number the
 * multiplexer takes in its first argument.
 */
static const struct mux_call {
	const char *name;
	int pseudo;
} mux_calls[] = {
	{ "accept", -105 }, { "accept4", -118 }, { "bind", -102 },
	{ "connect", -103 }, { "getpeername", -107 }, { "getsockname", -106 },
	{ "getsockopt", -115 }, { "listen", -104 }, { "msgctl", -214 },
	{ "msgget", -213 }, { "msgrcv", -212 }, { "msgsnd", -211 },
	{ "recv", -110 }, { "recvfrom", -112 }, { "recvmmsg", -119 },
	{ "recvmsg", -117 }, { "semctl", -203 }, { "semget", -202 },
	{ "semop", -201 }, { "semtimedop", -204 }, { "send", -109 },
	{ "sendmmsg", -120 }, { "sendmsg", -116 }, { "sendto", -111 },
	{ "setsockopt", -114 }, { "shmat", -221 }, { "shmctl", -224 },
	{ "shmdt", -222 }, { "shmget", -223 }, { "shutdown", -113 },
	{ "socket", -101 }, { "socketpair", -108 },
};

#define MUX_CALLS (sizeof(mux_calls) / sizeof(mux_calls[0]))

/* The highest call numbers of socketcall(2) and ipc(2). */
#define SOCKET_CALL_MAX 20
#define IPC_CALL_MAX 24

/* The token of the ABI this library was compiled for. */
#if defined(__x86_64__) && defined(__ILP32__)
#define NATIVE_TOKEN (SCMP_ARCH_X32)
#elif defined(__x86_64__)
#define NATIVE_TOKEN (SCMP_ARCH_X86_64)
#elif defined(__i386__)
#define NATIVE_TOKEN (SCMP_ARCH_X86)
#elif defined(__aarch64__)
#define NATIVE_TOKEN (SCMP_ARCH_AARCH64)
#elif defined(__arm__)
#define NATIVE_TOKEN (SCMP_ARCH_ARM)
#elif defined(__loongarch64)
#define NATIVE_TOKEN (SCMP_ARCH_LOONGARCH64)
#elif defined(__m68k__)
#define NATIVE_TOKEN (SCMP_ARCH_M68K)
#elif defined(__mips__) && _MIPS_SIM == _ABIO32
#define NATIVE_TOKEN (__MIPSEB__ ? SCMP_ARCH_MIPS : SCMP_ARCH_MIPSEL)
#elif defined(__mips__) && _MIPS_SIM == _ABI64
#define NATIVE_TOKEN (__MIPSEB__ ? SCMP_ARCH_MIPS64 : SCMP_ARCH_MIPSEL64)
#elif defined(__mips__) && _MIPS_SIM == _ABIN32
#define NATIVE_TOKEN (__MIPSEB__ ? SCMP_ARCH_MIPS64N32 : SCMP_ARCH_MIPSEL64N32)
#elif defined(__hppa64__)
#define NATIVE_TOKEN (SCMP_ARCH_PARISC64)
#elif defined(__hppa__)
#define NATIVE_TOKEN (SCMP_ARCH_PARISC)
#elif defined(__powerpc64__) && defined(__BIG_ENDIAN__)
#define NATIVE_TOKEN (SCMP_ARCH_PPC64)
#elif defined(__powerpc64__)
#define NATIVE_TOKEN (SCMP_ARCH_PPC64LE)
#elif defined(__powerpc__)
#define NATIVE_TOKEN (SCMP_ARCH_PPC)
#elif defined(__riscv) && __riscv_xlen == 64
#define NATIVE_TOKEN (SCMP_ARCH_RISCV64)
#elif defined(__s390x__)
#define NATIVE_TOKEN (SCMP_ARCH_S390X)
#elif defined(__s390__)
#define NATIVE_TOKEN (SCMP_ARCH_S390)
#elif defined(__sh__) && defined(__BIG_ENDIAN__)
#define NATIVE_TOKEN (SCMP_ARCH_SHEB)
#elif defined(__sh__)
#define NATIVE_TOKEN (SCMP_ARCH_SH)
#else
#error "unsupported architecture"
#endif

/**
 * arch_native - the descriptor of the ABI this library was built for
 */
const struct arch_def *arch_native(void)
{
	return arch_by_token(NATIVE_TOKEN);
}

/**
 * arch_by_token - find an ABI by its SCMP_ARCH_* token
 * @token: the token; SCMP_ARCH_NATIVE means the native ABI
 *
 * Returns the descriptor, or NULL for an unknown token.
 */
const struct arch_def *arch_by_token(uint32_t token)
{
	unsigned int i;

	if (token == SCMP_ARCH_NATIVE)
		token = NATIVE_TOKEN;
	for (i = 0; i < ARCH_COUNT; i++)
		if (arch_defs[i].token == token)
			return &arch_defs[i];
	return NULL;
}

/**
 * arch_by_name - find an ABI by libseccomp's name for it
 * @name: the name (exact match); NULL is allowed
 *
 * Returns the descriptor, or NULL.
 */
const struct arch_def *arch_by_name(const char *name)
{
	unsigned int i;

	if (name == NULL)
		return NULL;
	for (i = 0; i < ARCH_COUNT; i++)
		if (strcmp(arch_defs[i].name, name) == 0)
			return &arch_defs[i];
	return NULL;
}

/**
 * arch_at - iterate over every known ABI
 * @index: 0, 1, ...
 *
 * Returns the descriptor, or NULL past the last one.
 */
const struct arch_def *arch_at(unsigned int index)
{
	return index < ARCH_COUNT ? &arch_defs[index] : NULL;
}

/*
 * The pseudo number of a multiplexed call's name, or 0 if it is not one.
 * Asked for every rule on ABIs that multiplex: a binary search that
 * compares the first two bytes inline (every call name has more) and
 * calls strcmp() only when they agree.
 */
static int mux_pseudo_num(const char *name)
{
	unsigned int lo = 0, hi = MUX_CALLS, mid;
	const char *probe;
	int c;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		probe = mux_calls[mid].name;
		c = (unsigned char)name[0] - (unsigned char)probe[0];
		if (c == 0)
			c = (unsigned char)name[1] - (unsigned char)probe[1];
		if (c == 0)
			c = strcmp(name + 2, probe + 2);
		if (c == 0)
			return mux_calls[mid].pseudo;
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return 0;
}

/* Whether a number is in the pseudo number range of multiplexed calls. */
static bool mux_pseudo_range(int num)
{
	return (num <= -101 && num >= -100 - SOCKET_CALL_MAX) ||
	       (num <= -201 && num >= -200 - IPC_CALL_MAX);
}

/* The name of a multiplexed call's pseudo number, or NULL. */
static const char *mux_pseudo_name(int num)
{
	unsigned int i;

	if (!mux_pseudo_range(num))
		return NULL;
	for (i = 0; i < MUX_CALLS; i++)
		if (mux_calls[i].pseudo == num)
			return mux_calls[i].name;
	return NULL;
}

/* The table row of a name, or NULL: one strcmp() for most names. */
static const struct syscall_def *name_def(const char *name)
{
	unsigned int mask = syscall_name_slots - 1, h = 0, row;
	const unsigned char *c;

	for (c = (const unsigned char *)name; *c != '\0'; c++)
		h = h * 31 + *c;
	for (h &= mask; (row = syscall_name_index[h]) != 0; h = (h + 1) & mask)
		if (strcmp(syscall_defs[row - 1].name, name) == 0)
			return &syscall_defs[row - 1];
	return NULL;
}

/* The raw table number of a name on an ABI, or __NR_SCMP_ERROR. */
static int table_num(const struct arch_def *arch, const char *name)
{
	const struct syscall_def *def = name_def(name);

	return def == NULL ? __NR_SCMP_ERROR : def->num[arch->abi];
}

/**
 * arch_syscall_resolve_name - a syscall's number on an ABI
 * @arch: the ABI
 * @name: the syscall name; NULL is allowed
 *
 * On ABIs that multiplex socket and IPC calls, those names give their pseudo
 * numbers (as libseccomp does), so that a rule on them covers both the
 * multiplexer and any direct syscall. Returns the number, a negative pseudo
 * number where the ABI lacks the call, or __NR_SCMP_ERROR for unknown names.
 */
int arch_syscall_resolve_name(const struct arch_def *arch, const char *name)
{
	int mux;

	if (name == NULL)
		return __NR_SCMP_ERROR;
	if (arch->nr_socketcall != 0) {
		mux = mux_pseudo_num(name);
		if (mux != 0)
			return mux;
	}
	return table_num(arch, name);
}

/**
 * arch_syscall_rewrite - map a multiplexed pseudo number to its multiplexer
 * @arch: the ABI
 * @num: a syscall or pseudo number
 *
 * Returns socketcall's or ipc's number for a socket or IPC pseudo number on
 * an ABI that multiplexes them, and @num unchanged otherwise.
 */
int arch_syscall_rewrite(const struct arch_def *arch, int num)
{
	if (arch->nr_socketcall == 0)
		return num;
	if (num <= -101 && num >= -100 - SOCKET_CALL_MAX)
		return arch->nr_socketcall;
	if (num <= -201 && num >= -200 - IPC_CALL_MAX)
		return arch->nr_ipc;
	return num;
}

/*
 * The table row of a number on an ABI (x32 numbers with or without the
 * x32 bit), or NULL.
 */
static const struct syscall_def *num_def(const struct arch_def *arch, int num)
{
	const struct syscall_num_range *dense = &syscall_num_ranges[arch->abi];
	const uint16_t *order =
		&syscall_num_order[arch->abi * syscall_defs_count];
	unsigned int lo = 0, hi = syscall_defs_count, mid, row;

	if (arch->abi == SYSCALL_ABI_X32 && num >= 0)
		num |= ARCH_X32_SYSCALL_BIT;
	/* a rule for every syscall of a filter comes here on other ABIs */
	if (num >= dense->first &&
	    (unsigned int)(num - dense->first) < dense->count) {
		row = syscall_num_index[dense->at + (num - dense->first)];
		return row == 0 ? NULL : &syscall_defs[row - 1];
	}
	/*
	 * Pseudo and ARM private numbers: the first entry not below @num.
	 * Two names may share a pseudo number, and the first answers.
	 */
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (syscall_defs[order[mid]].num[arch->abi] < num)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == syscall_defs_count ||
	    syscall_defs[order[lo]].num[arch->abi] != num)
		return NULL;
	return &syscall_defs[order[lo]];
}

/**
 * arch_syscall_resolve_num - a syscall's name on an ABI
 * @arch: the ABI
 * @num: the syscall number, or a pseudo number
 *
 * x32 numbers may be given with or without the x32 bit. Returns a static
 * string, or NULL if the ABI has no such number.
 */
const char *arch_syscall_resolve_num(const struct arch_def *arch, int num)
{
	const struct syscall_def *def;

	if (arch->nr_socketcall != 0 && mux_pseudo_name(num) != NULL)
		return mux_pseudo_name(num);
	def = num_def(arch, num);
	return def == NULL ? NULL : def->name;
}

/**
 * arch_syscall_span - the lowest and highest syscall number of an ABI
 * @first: set to the lowest number in its table
 * @last: set to the highest of its dense part (ARM's private calls, few
 *        and far above the rest, are left out)
 */
void arch_syscall_span(const struct arch_def *arch, uint32_t *first,
		       uint32_t *last)
{
	const struct syscall_num_range *dense = &syscall_num_ranges[arch->abi];

	*first = (uint32_t)dense->first;
	*last = (uint32_t)dense->first + dense->count - 1;
}

/*
 * Syscall arguments are 64-bit words in seccomp_data starting at offset 16;
 * on big-endian ABIs the high half comes first.
 */
#define ARG_OFFSET(arg) (16U + 8U * (arg))

/**
 * arch_arg_offset_lo - offset in seccomp_data of an argument's low word
 */
unsigned int arch_arg_offset_lo(const struct arch_def *arch, unsigned int arg)
{
	return ARG_OFFSET(arg) + (arch->big_endian ? 4U : 0U);
}

/**
 * arch_arg_offset_hi - offset in seccomp_data of an argument's high word
 */
unsigned int arch_arg_offset_hi(const struct arch_def *arch, unsigned int arg)
{
	return ARG_OFFSET(arg) + (arch->big_endian ? 0U : 4U);
}

/**
 * arch_syscall_translate - map a native syscall number to another ABI
 * @arch: the target ABI
 * @num: a number on the native ABI (as rules and priorities take them)
 * @out: the number on @arch, possibly a negative pseudo number
 *
 * -1 (the tracer's "skip this call") is the same everywhere. Returns 0, or
 * -EFAULT if the native ABI has no name for @num.
 */
int arch_syscall_translate(const struct arch_def *arch, int num, int *out)
{
	const struct arch_def *native = arch_native();
	const struct syscall_def *def;
	const char *name;

	if (num == -1 || arch == native) {
		*out = num;
		return 0;
	}
	name = native->nr_socketcall != 0 ? mux_pseudo_name(num) : NULL;
	if (name != NULL) {
		*out = arch_syscall_resolve_name(arch, name);
	} else {
		/* the name's row holds the number: no lookup by name */
		def = num_def(native, num);
		if (def == NULL)
			return -EFAULT;
		*out = arch->nr_socketcall != 0 ? mux_pseudo_num(def->name) : 0;
		if (*out == 0)
			*out = def->num[arch->abi];
	}
	return *out == __NR_SCMP_ERROR ? -EFAULT : 0;
}

/* Fills in the multiplexer's part of @out for a socket or IPC pseudo number. */
static void mux_route(const struct arch_def *arch, int pseudo,
		      struct arch_route *out)
{
	if (pseudo > -200) {
		out->mux_nr = arch->nr_socketcall;
		out->call = (unsigned int)(-pseudo - 100);
	} else {
		out->mux_nr = arch->nr_ipc;
		out->call = (unsigned int)(-pseudo - 200);
	}
}

/*
 * Whether @num on @arch is a socket or IPC call that @arch multiplexes,
 * given by pseudo number or by its direct number; if so, sets the
 * multiplexer in @out and out->num to the direct number (a negative
 * number if the ABI has none).
 */
static void mux_by_num(const struct arch_def *arch, int num,
		       struct arch_route *out)
{
	const struct syscall_def *def = NULL;
	const char *name;
	int pseudo;

	name = mux_pseudo_name(num);
	if (name == NULL) {
		def = num_def(arch, num);
		if (def == NULL)
			return;
		name = def->name;
	}
	pseudo = mux_pseudo_num(name);
	if (pseudo == 0)
		return;
	mux_route(arch, pseudo, out);
	out->num = def != NULL ? def->num[arch->abi] : table_num(arch, name);
}

/* arch_syscall_route() for an ABI other than the native one. */
static int route_foreign(const struct arch_def *arch, int num,
			 const struct syscall_def **row,
			 struct arch_route *out)
{
	const struct arch_def *native = arch_native();
	int pseudo, rc;

	if (native->nr_socketcall != 0) {
		/* numbers that are no table row's on the native ABI */
		rc = arch_syscall_translate(arch, num, &out->num);
		if (rc == 0 && arch->nr_socketcall != 0)
			mux_by_num(arch, out->num, out);
		return rc;
	}
	if (*row == NULL)
		*row = num_def(native, num);
	if (*row == NULL)
		return -EFAULT;
	out->num = (*row)->num[arch->abi];
	pseudo = arch->nr_socketcall != 0 ? mux_pseudo_num((*row)->name) : 0;
	if (pseudo != 0)
		mux_route(arch, pseudo, out);
	else if (out->num == __NR_SCMP_ERROR)
		return -EFAULT;
	return 0;
}

/**
 * arch_syscall_route - where a rule for a native syscall goes on an ABI
 * @arch: the target ABI
 * @num: a number on the native ABI (as rules take them)
 * @row: NULL, or @num's table row from a call for another ABI; a rule for
 *       several ABIs thus looks the number up once
 * @out: the direct number on @arch (possibly a negative pseudo number),
 *       and, for socket and IPC calls on ABIs that multiplex them, the
 *       multiplexer's number and the call number it takes as argument 0
 *       (mux_nr 0 otherwise)
 *
 * Translation and the multiplexing check in one: the native number's table
 * row holds the name, which answers both. Returns 0, or -EFAULT if the
 * native ABI has no name for the number.
 */
int arch_syscall_route(const struct arch_def *arch, int num,
		       const struct syscall_def **row, struct arch_route *out)
{
	out->mux_nr = 0;
	out->call = 0;
	/* the native ABI: the number as it is (the token spares a search) */
	if (num != -1 && arch->token != NATIVE_TOKEN)
		return route_foreign(arch, num, row, out);
	out->num = num;
	if (arch->nr_socketcall != 0)
		mux_by_num(arch, num, out);
	return 0;
}
