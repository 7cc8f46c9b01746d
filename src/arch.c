/* SPDX-License-Identifier: LGPL-2.1-only */
/* The architecture registry and per-ABI syscall name/number translation. */

#include <errno.h>
#include <stddef.h>
#include <string.h>

#include <seccomp.h>

#include "arch.h"
#include "syscall_rt.h"

/* x32 syscalls carry this bit in their number (__X32_SYSCALL_BIT). */
#define X32_SYSCALL_BIT 0x40000000U

/*
 * x32 shares x86_64's audit value in the kernel; the x32 bit in the number
 * tells their syscalls apart: x86_64's are below it, x32's from it up.
 */
#define AUDIT_TOKEN(tok) ((tok) == SCMP_ARCH_X32 ? SCMP_ARCH_X86_64 : (tok))
#define NR_FIRST(tok) ((tok) == SCMP_ARCH_X32 ? X32_SYSCALL_BIT : 0)
#define NR_LAST(tok) \
	((tok) == SCMP_ARCH_X86_64 ? X32_SYSCALL_BIT - 1 : UINT32_MAX)

#define ARCH_DEF(mac, nm, col, bits, be, base, goarch) \
	{ .token = SCMP_ARCH_##mac,                    \
	  .token_bpf = AUDIT_TOKEN(SCMP_ARCH_##mac),   \
	  .name = (nm),                                \
	  .abi = SYSCALL_ABI_##col,                    \
	  .arg_bits = (bits),                          \
	  .big_endian = (be),                          \
	  .nr_first = NR_FIRST(SCMP_ARCH_##mac),       \
	  .nr_last = NR_LAST(SCMP_ARCH_##mac),         \
	  .nr_base = (base) },

/* Every ABI libseccomp knows (arch_list.h). */
static const struct arch_def arch_defs[] = { ARCH_LIST(ARCH_DEF) };

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
#elif defined(__mips__) && _MIPS_SIM == _ABIO32 && defined(__MIPSEB__)
#define NATIVE_TOKEN (SCMP_ARCH_MIPS)
#elif defined(__mips__) && _MIPS_SIM == _ABIO32
#define NATIVE_TOKEN (SCMP_ARCH_MIPSEL)
#elif defined(__mips__) && _MIPS_SIM == _ABI64 && defined(__MIPSEB__)
#define NATIVE_TOKEN (SCMP_ARCH_MIPS64)
#elif defined(__mips__) && _MIPS_SIM == _ABI64
#define NATIVE_TOKEN (SCMP_ARCH_MIPSEL64)
#elif defined(__mips__) && _MIPS_SIM == _ABIN32 && defined(__MIPSEB__)
#define NATIVE_TOKEN (SCMP_ARCH_MIPS64N32)
#elif defined(__mips__) && _MIPS_SIM == _ABIN32
#define NATIVE_TOKEN (SCMP_ARCH_MIPSEL64N32)
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

/*
 * The table row of a number on an ABI, or NULL. A number below the ABI's
 * part of its audit value counts from it: x32 numbers come with or without
 * the x32 bit.
 */
static const struct syscall_def *num_def(const struct arch_def *arch, int num)
{
	const struct syscall_num_range *dense = &syscall_num_ranges[arch->abi];
	const uint16_t *order =
		&syscall_num_order[arch->abi * syscall_defs_count];
	unsigned int lo = 0, hi = syscall_defs_count, mid, row;

	if (num >= 0 && (uint32_t)num < arch->nr_first)
		num += (int)arch->nr_first;
	/* a rule for every syscall of a filter comes here on other ABIs */
	if (num >= dense->first &&
	    (unsigned int)(num - dense->first) < dense->count) {
		row = syscall_num_index[dense->at + (num - dense->first)];
		return row == 0 ? NULL : &syscall_defs[row - 1];
	}
	/*
	 * Pseudo and ARM private numbers: the first entry not below @num.
	 * Two names may share a pseudo number; the tables put the one that
	 * answers (libseccomp's) first.
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
 * arch_multiplexes - whether an ABI reaches some calls through socketcall(2)
 *                    or ipc(2): whether its table has them
 */
bool arch_multiplexes(const struct arch_def *arch)
{
	return syscall_abi_multiplexes[arch->abi] != 0;
}

/**
 * arch_syscall_multiplexer - whether @num is socketcall(2) or ipc(2) on
 *                            @arch, an ABI that multiplexes calls on them
 */
bool arch_syscall_multiplexer(const struct arch_def *arch, int num)
{
	unsigned int i;

	if (!arch_multiplexes(arch) || num < 0)
		return false;
	for (i = 0; i < syscall_mux_count; i++)
		if (syscall_defs[syscall_muxes[i].row].num[arch->abi] == num)
			return true;
	return false;
}

/*
 * The call a pseudo number names, if @arch reaches it through socketcall(2)
 * or ipc(2): returns the call's row and sets @nr to the multiplexer's
 * number and @call to the call number (the multiplexer's argument 0).
 * Returns NULL for other numbers, and on ABIs without the multiplexer.
 */
static inline const struct syscall_def *
mux_call(const struct arch_def *arch, int pnr, int *nr, unsigned int *call)
{
	const struct syscall_mux *mux;
	unsigned int i, row;

	if (!arch_multiplexes(arch))
		return NULL;
	for (i = 0; i < syscall_mux_count; i++) {
		mux = &syscall_muxes[i];
		if (pnr >= mux->pnr_base ||
		    pnr < mux->pnr_base - (int)mux->calls)
			continue;
		*call = (unsigned int)(mux->pnr_base - pnr);
		*nr = syscall_defs[mux->row].num[arch->abi];
		row = syscall_mux_calls[mux->at + *call];
		return *nr >= 0 && row != 0 ? &syscall_defs[row - 1] : NULL;
	}
	return NULL;
}

/*
 * The table row a number names on an ABI, or NULL: on ABIs that multiplex
 * socket and IPC calls, their pseudo numbers name them too.
 */
static const struct syscall_def *num_row(const struct arch_def *arch, int num)
{
	const struct syscall_rt *rt = syscall_rt_head();
	const struct syscall_def *def;
	unsigned int call;
	int nr;

	def = mux_call(arch, num, &nr, &call);
	if (def == NULL)
		def = num_def(arch, num);
	if (def != NULL || rt == NULL)
		return syscall_rt_current(rt, def);
	/* a number or a name added at run time */
	if (num >= 0 && (uint32_t)num < arch->nr_first)
		num += (int)arch->nr_first;
	return syscall_rt_num(rt, arch->abi, num);
}

/*
 * The current row of a name in a view of the run-time table (NULL: none):
 * the run-time table's, else the built-in one. NULL for unknown names.
 */
static const struct syscall_def *name_row(const struct syscall_rt *rt,
					  const char *name)
{
	const struct syscall_def *def;

	if (name == NULL)
		return NULL;
	def = rt == NULL ? NULL : syscall_rt_name(rt, name);
	return def != NULL ? def : name_def(name);
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
	const struct syscall_def *def;
	unsigned int call;
	int nr;

	def = name_row(syscall_rt_head(), name);
	if (def == NULL)
		return __NR_SCMP_ERROR;
	if (mux_call(arch, def->pnr, &nr, &call) != NULL)
		return def->pnr;
	return def->num[arch->abi];
}

/**
 * arch_syscall_resolve_name_direct - a syscall's number on an ABI, the
 *                                    direct syscall first
 * @arch: the ABI
 * @name: the syscall name; NULL is allowed
 *
 * As arch_syscall_resolve_name(), but a socket or IPC call that @arch
 * multiplexes gives its direct syscall's number where @arch has one
 * (socket on s390x: 359, not -101). Returns the number, a negative pseudo
 * number where the ABI lacks the call, or __NR_SCMP_ERROR for unknown
 * names.
 */
int arch_syscall_resolve_name_direct(const struct arch_def *arch,
				     const char *name)
{
	const struct syscall_def *def = name_row(syscall_rt_head(), name);

	return def == NULL ? __NR_SCMP_ERROR : def->num[arch->abi];
}

/**
 * arch_syscall_rewrite - map a multiplexed pseudo number to its multiplexer
 * @arch: the ABI
 * @num: a syscall or pseudo number
 *
 * Returns socketcall's or ipc's number for the pseudo number of a call that
 * @arch multiplexes, and @num unchanged otherwise.
 */
int arch_syscall_rewrite(const struct arch_def *arch, int num)
{
	unsigned int call;
	int nr;

	return mux_call(arch, num, &nr, &call) != NULL ? nr : num;
}

/**
 * arch_syscall_resolve_num - a syscall's name on an ABI
 * @arch: the ABI
 * @num: the syscall number, or a pseudo number
 *
 * x32 numbers may be given with or without the x32 bit, and MIPS numbers
 * with or without their ABI's base: as in libseccomp, a number below the
 * base counts from it (0 and 4000 are both "syscall" on o32). Returns a
 * static string, or NULL if the ABI has no such number.
 */
const char *arch_syscall_resolve_num(const struct arch_def *arch, int num)
{
	const struct syscall_def *def;

	if (num >= 0 && num < arch->nr_base)
		num += arch->nr_base;
	def = num_row(arch, num);
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

/**
 * arch_syscall_kver - the Linux version in which an ABI got a syscall
 * @arch: the ABI
 * @num: a number as arch_syscall_resolve_num() takes it
 *
 * The version of the direct syscall: x86's socket is 4.3, although
 * socketcall(2) reached it long before. Returns an enum scmp_kver value
 * (SCMP_KV_3_0: 3.0 or older), or 0 if the ABI has no such syscall.
 */
unsigned int arch_syscall_kver(const struct arch_def *arch, int num)
{
	const struct syscall_def *def;

	if (num >= 0 && num < arch->nr_base)
		num += arch->nr_base;
	def = num_row(arch, num);
	return def == NULL ? 0 : def->kver[arch->abi];
}

/* The next number, from row @*row of @arch's order, that @kver has. */
static uint32_t next_syscall(const struct arch_def *arch, unsigned int kver,
			     unsigned int *row)
{
	const uint16_t *order =
		&syscall_num_order[arch->abi * syscall_defs_count];
	const struct syscall_def *def;

	while (*row < syscall_defs_count) {
		def = &syscall_defs[order[(*row)++]];
		if (def->num[arch->abi] >= 0 && def->kver[arch->abi] <= kver)
			return (uint32_t)def->num[arch->abi];
	}
	return UINT32_MAX;
}

/**
 * arch_syscall_newer - the numbers of an ABI that are no syscall at a
 *                      Linux version, but those a filter has rules for
 * @arch: the ABI
 * @kver: the version, an enum scmp_kver value
 * @keep: @keep_cnt numbers to leave out, ascending (db_rule_numbers():
 *        rules win over KVERMAX)
 * @out: room for syscall_defs_count + @keep_cnt + 1 spans
 *
 * Of the ABI's part of its audit value (nr_first..nr_last), the numbers
 * its table gives to no syscall, or to one the ABI got after @kver: on
 * MIPS the numbers below the ABI's base too, on ARM those between the
 * table and the private calls. -1 stays out: a tracer sets it to skip a
 * call. Returns how many sorted, disjoint spans it wrote to @out.
 */
unsigned int arch_syscall_newer(const struct arch_def *arch, unsigned int kver,
				const uint32_t *keep, unsigned int keep_cnt,
				struct arch_span *out)
{
	uint32_t from = arch->nr_first, num, sys, rule;
	uint32_t last =
		arch->nr_last < UINT32_MAX ? arch->nr_last : UINT32_MAX - 1;
	unsigned int row = 0, k = 0, cnt = 0;

	/* the table's numbers and @keep, merged: UINT32_MAX ends either */
	sys = next_syscall(arch, kver, &row);
	rule = keep_cnt > 0 ? keep[0] : UINT32_MAX;
	while ((num = sys < rule ? sys : rule) <= last) {
		if (num == sys)
			sys = next_syscall(arch, kver, &row);
		if (num == rule)
			rule = ++k < keep_cnt ? keep[k] : UINT32_MAX;
		if (num < from)
			continue;
		if (num > from)
			out[cnt++] = (struct arch_span){ from, num - 1 };
		from = num + 1;
	}
	if (from <= last)
		out[cnt++] = (struct arch_span){ from, last };
	return cnt;
}

/**
 * arch_kver_version - the Linux version an enum scmp_kver value names
 * @kver: the value
 * @major: set to its major version
 * @minor: set to its minor version
 *
 * Returns false for values that name none (SCMP_KV_UNDEF, the bounds).
 */
bool arch_kver_version(unsigned int kver, unsigned int *major,
		       unsigned int *minor)
{
	/* the enum counts each major version's minor ones from its .0 */
	static const unsigned int zero[] = {
		SCMP_KV_3_0, SCMP_KV_4_0, SCMP_KV_5_0,
		SCMP_KV_6_0, SCMP_KV_7_0, __SCMP_KV_MAX,
	};
	unsigned int i;

	for (i = 0; i + 1 < sizeof(zero) / sizeof(zero[0]); i++) {
		if (kver >= zero[i] && kver < zero[i + 1]) {
			*major = 3 + i;
			*minor = kver - zero[i];
			return true;
		}
	}
	return false;
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

/*
 * arch_syscall_route() for a number that needs its table row: on another
 * ABI than the native one, or on a native ABI that multiplexes.
 */
static int route_row(const struct arch_def *arch, int num,
		     const struct syscall_def **row, struct arch_route *out)
{
	bool native = arch->token == NATIVE_TOKEN;
	unsigned int call;
	int nr;

	if (*row == NULL)
		*row = num_row(native ? arch : arch_native(), num);
	/* a native number without a name stands as it is */
	if (*row == NULL)
		return native ? 0 : -EFAULT;
	if (mux_call(arch, (*row)->pnr, &nr, &call) == NULL) {
		if (!native)
			out->num = out->prio = (*row)->num[arch->abi];
		return 0;
	}
	out->num = (*row)->num[arch->abi];
	out->mux_nr = nr;
	out->call = call;
	/*
	 * A priority goes to one of the two, as in libseccomp: to the
	 * multiplexer where the call goes by its pseudo number (libseccomp
	 * resolves multiplexed names to it, and translates by name), to the
	 * direct syscall where the caller gave that native number.
	 */
	out->prio = native && num >= 0 ? num : nr;
	return 0;
}

/**
 * arch_syscall_route - where a rule and a priority for a syscall go on an ABI
 * @arch: the target ABI
 * @num: a number on the native ABI (as rules and priorities take them)
 * @row: NULL, or what a call for another ABI left here: @num's table row,
 *       so that a rule for several ABIs looks the number up once
 * @out: where the rule and the priority land (see struct arch_route)
 *
 * The native number's table row names the call; the call's row holds its
 * number on every ABI and tells whether the ABI multiplexes it. -1, a
 * tracer's "skip this call", is the same everywhere. Returns 0, or -EFAULT
 * if the native ABI has no name for a number that @arch needs translated.
 */
int arch_syscall_route(const struct arch_def *arch, int num,
		       const struct syscall_def **row, struct arch_route *out)
{
	out->num = num;
	out->mux_nr = 0;
	out->call = 0;
	out->prio = num;
	/* the native ABI: the number as it is (the token spares a search) */
	if (num == -1 ||
	    (arch->token == NATIVE_TOKEN && !arch_multiplexes(arch)))
		return 0;
	return route_row(arch, num, row, out);
}

/*
 * Whether a string may be a syscall name: what the kernel's names are
 * made of (lower-case letters, digits, '_'; no digit first), and shorter
 * than SYSCALL_NAME_MAX.
 */
static bool name_ok(const char *name)
{
	size_t i;

	if (name == NULL || name[0] == '\0' ||
	    (name[0] >= '0' && name[0] <= '9'))
		return false;
	for (i = 0; name[i] != '\0'; i++) {
		if (i + 1 >= SYSCALL_NAME_MAX)
			return false;
		if (!((name[i] >= 'a' && name[i] <= 'z') ||
		      (name[i] >= '0' && name[i] <= '9') || name[i] == '_'))
			return false;
	}
	return true;
}

/**
 * arch_syscall_num_ok - whether an ABI can carry a syscall number
 * @arch: the ABI
 * @num: the number as the kernel sees it and arch_syscall_resolve_name()
 *       gives it, the x32 bit and the MIPS bases included
 *
 * x86_64's numbers stop below the x32 bit; each MIPS ABI has the thousand
 * from its base. Returns false for negative numbers.
 */
bool arch_syscall_num_ok(const struct arch_def *arch, int num)
{
	if (num < 0 || (uint32_t)num < arch->nr_first ||
	    (uint32_t)num > arch->nr_last)
		return false;
	if (arch->nr_base != 0)
		return num >= arch->nr_base && num < arch->nr_base + 1000;
	return true;
}

/**
 * arch_syscall_add - stage a syscall name's number on an ABI
 * @batch: the writer's batch (syscall_rt_begin())
 * @arch: the ABI; its byte-order twin shares its numbers, and so the name
 * @name: the name
 * @num: the number, as arch_syscall_resolve_name() gives it
 *
 * The table with the batch is the reference: the same name and number
 * again stages nothing. Returns 0, -EINVAL for a bad name or a number the
 * ABI cannot carry, -EEXIST if the name has another number on the ABI or
 * the number another name, or -ENOMEM (nothing staged then).
 */
int arch_syscall_add(struct syscall_rt_batch *batch,
		     const struct arch_def *arch, const char *name, int num)
{
	const struct syscall_def *def;

	if (!name_ok(name) || !arch_syscall_num_ok(arch, num))
		return -EINVAL;
	def = name_row(batch->head, name);
	if (def != NULL && def->num[arch->abi] >= 0)
		return def->num[arch->abi] == num ? 0 : -EEXIST;
	if (num_def(arch, num) != NULL ||
	    syscall_rt_num(batch->head, arch->abi, num) != NULL)
		return -EEXIST;
	return syscall_rt_stage(batch, def, name, arch->abi, num);
}
