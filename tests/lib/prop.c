/* SPDX-License-Identifier: LGPL-2.1-only */
/* Random API call scripts: generation, replay through a library, printing. */

#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "prop.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

/*
 * ABI facts (abi.md, section 2.4 and 3.6): x32 reports x86_64's audit value
 * and has 32-bit arguments; the socketcall/ipc ABIs are listed in 3.6. The
 * last column names the ABI's syscall table (a column of src/syscalls.csv):
 * the ABIs of one family and two byte orders share one.
 */
/* clang-format off */
#define ARCH(nm, mac, tok, data, bits, be, mux, tab) \
	{ #nm, "SCMP_ARCH_" #mac, tok, data, bits == 64, be, mux, #tab }
/* clang-format on */
static const struct prop_arch arches[] = {
	ARCH(x86, X86, 0x40000003, 0x40000003, 32, false, true, x86),
	ARCH(x86_64, X86_64, 0xc000003e, 0xc000003e, 64, false, false, x86_64),
	ARCH(x32, X32, 0x4000003e, 0xc000003e, 32, false, false, x32),
	ARCH(arm, ARM, 0x40000028, 0x40000028, 32, false, false, arm),
	ARCH(aarch64, AARCH64, 0xc00000b7, 0xc00000b7, 64, false, false,
	     aarch64),
	ARCH(loongarch64, LOONGARCH64, 0xc0000102, 0xc0000102, 64, false, false,
	     loongarch64),
	ARCH(m68k, M68K, 0x00000004, 0x00000004, 32, true, true, m68k),
	ARCH(mips, MIPS, 0x00000008, 0x00000008, 32, true, true, mips),
	ARCH(mipsel, MIPSEL, 0x40000008, 0x40000008, 32, false, true, mips),
	ARCH(mips64, MIPS64, 0x80000008, 0x80000008, 64, true, false, mips64),
	ARCH(mipsel64, MIPSEL64, 0xc0000008, 0xc0000008, 64, false, false,
	     mips64),
	ARCH(mips64n32, MIPS64N32, 0xa0000008, 0xa0000008, 32, true, false,
	     mips64n32),
	ARCH(mipsel64n32, MIPSEL64N32, 0xe0000008, 0xe0000008, 32, false, false,
	     mips64n32),
	ARCH(parisc, PARISC, 0x0000000f, 0x0000000f, 32, true, false, parisc),
	ARCH(parisc64, PARISC64, 0x8000000f, 0x8000000f, 64, true, false,
	     parisc64),
	ARCH(ppc, PPC, 0x00000014, 0x00000014, 32, true, true, ppc),
	ARCH(ppc64, PPC64, 0x80000015, 0x80000015, 64, true, true, ppc64),
	ARCH(ppc64le, PPC64LE, 0xc0000015, 0xc0000015, 64, false, true, ppc64),
	ARCH(s390, S390, 0x00000016, 0x00000016, 32, true, true, s390),
	ARCH(s390x, S390X, 0x80000016, 0x80000016, 64, true, true, s390x),
	ARCH(riscv64, RISCV64, 0xc00000f3, 0xc00000f3, 64, false, false,
	     riscv64),
	ARCH(sh, SH, 0x4000002a, 0x4000002a, 32, false, true, sh),
	ARCH(sheb, SHEB, 0x0000002a, 0x0000002a, 32, true, true, sh),
};

/**
 * prop_arch - the facts about an ABI
 * @token: an SCMP_ARCH_* token; SCMP_ARCH_NATIVE means the host's
 *
 * Returns the entry, or NULL for an unknown token.
 */
const struct prop_arch *prop_arch(uint32_t token)
{
	unsigned int i;

	if (token == SCMP_ARCH_NATIVE)
		token = prop_arch_native();
	for (i = 0; i < N(arches); i++)
		if (arches[i].token == token)
			return &arches[i];
	return NULL;
}

/** prop_arch_at - the i-th known ABI, or NULL past the end */
const struct prop_arch *prop_arch_at(unsigned int i)
{
	return i < N(arches) ? &arches[i] : NULL;
}

/** prop_arch_native - the token of the ABI the tests were built for */
uint32_t prop_arch_native(void)
{
	const struct bpf_sim_arch *a = bpf_sim_arch_native();

	return a == NULL ? 0 : a->token;
}

/*
 * Library entry points
 */

static char *ours_resolve_num_arch(uint32_t token, int num)
{
	return seccomp_syscall_resolve_num_arch(token, num);
}

/** prop_api_ours - the entry points of the library this tree builds */
void prop_api_ours(struct prop_api *api)
{
	memset(api, 0, sizeof(*api));
	api->name = "ours";
	api->version = seccomp_version;
	api->api_set = seccomp_api_set;
	api->api_get = seccomp_api_get;
	api->init = seccomp_init;
	api->release = seccomp_release;
	api->arch_add = seccomp_arch_add;
	api->arch_remove = seccomp_arch_remove;
	api->attr_set = seccomp_attr_set;
	api->priority = seccomp_syscall_priority;
	api->rule_add = seccomp_rule_add;
	api->rule_add_array = seccomp_rule_add_array;
	api->rule_add_exact = seccomp_rule_add_exact;
	api->rule_add_exact_array = seccomp_rule_add_exact_array;
	api->export_bpf = seccomp_export_bpf;
	api->export_bpf_mem = seccomp_export_bpf_mem;
	api->export_pfc = seccomp_export_pfc;
	api->txn_start = seccomp_transaction_start;
	api->txn_commit = seccomp_transaction_commit;
	api->txn_reject = seccomp_transaction_reject;
	api->resolve_num_arch = ours_resolve_num_arch;
	api->resolve_name_arch = seccomp_syscall_resolve_name_arch;
	api->free = free;
}

/*
 * prop_api_open - load another libseccomp.so.2 beside ours
 * @path: the shared object, by absolute path
 *
 * A new link-map namespace keeps its symbols and its own libc apart from
 * ours: their internal calls cannot bind to our exports of the same name.
 * Strings it returns must go back to its free(), hence api->free. Entry
 * points the library lacks stay NULL. Returns 0, or -ENOENT when it cannot
 * be loaded.
 */
int prop_api_open(struct prop_api *api, const char *path)
{
	void *h;

	memset(api, 0, sizeof(*api));
	h = dlmopen(LM_ID_NEWLM, path, RTLD_NOW | RTLD_LOCAL);
	if (h == NULL)
		return -ENOENT;
	api->name = "theirs";
	api->handle = h;
#define SYM(field, sym) (*(void **)&api->field = dlsym(h, sym))
	SYM(version, "seccomp_version");
	SYM(api_set, "seccomp_api_set");
	SYM(api_get, "seccomp_api_get");
	SYM(init, "seccomp_init");
	SYM(release, "seccomp_release");
	SYM(arch_add, "seccomp_arch_add");
	SYM(arch_remove, "seccomp_arch_remove");
	SYM(attr_set, "seccomp_attr_set");
	SYM(priority, "seccomp_syscall_priority");
	SYM(rule_add, "seccomp_rule_add");
	SYM(rule_add_array, "seccomp_rule_add_array");
	SYM(rule_add_exact, "seccomp_rule_add_exact");
	SYM(rule_add_exact_array, "seccomp_rule_add_exact_array");
	SYM(export_bpf, "seccomp_export_bpf");
	SYM(export_bpf_mem, "seccomp_export_bpf_mem");
	SYM(export_pfc, "seccomp_export_pfc");
	SYM(txn_start, "seccomp_transaction_start");
	SYM(txn_commit, "seccomp_transaction_commit");
	SYM(txn_reject, "seccomp_transaction_reject");
	SYM(resolve_num_arch, "seccomp_syscall_resolve_num_arch");
	SYM(resolve_name_arch, "seccomp_syscall_resolve_name_arch");
	SYM(free, "free");
#undef SYM
	if (api->init == NULL || api->export_bpf == NULL ||
	    api->resolve_num_arch == NULL || api->free == NULL) {
		dlclose(h);
		api->handle = NULL;
		return -ENOENT;
	}
	return 0;
}

/* Where Debian and others install the system's libseccomp. */
static const char *const system_paths[] = {
	"/usr/lib/x86_64-linux-gnu/libseccomp.so.2",
	"/usr/lib/i386-linux-gnu/libseccomp.so.2",
	"/usr/lib/aarch64-linux-gnu/libseccomp.so.2",
	"/usr/lib64/libseccomp.so.2",
	"/usr/lib/libseccomp.so.2",
	"/lib/x86_64-linux-gnu/libseccomp.so.2",
};

/**
 * prop_api_open_system - load the system's libseccomp
 *
 * $LIBSECCOMP_SYSTEM names it, or the usual places are tried. Returns 0,
 * or -ENOENT.
 */
int prop_api_open_system(struct prop_api *api)
{
	const char *env = getenv("LIBSECCOMP_SYSTEM");
	unsigned int i;

	if (env != NULL && *env != '\0')
		return prop_api_open(api, env);
	for (i = 0; i < sizeof(system_paths) / sizeof(system_paths[0]); i++)
		if (prop_api_open(api, system_paths[i]) == 0)
			return 0;
	return -ENOENT;
}

/** prop_api_close - unload a library loaded by prop_api_open() */
void prop_api_close(struct prop_api *api)
{
	if (api->handle != NULL)
		dlclose(api->handle);
	api->handle = NULL;
}

/*
 * Random numbers
 */

/** prop_rand - the next 64 random bits (splitmix64) */
uint64_t prop_rand(struct prop_rng *rng)
{
	uint64_t z = (rng->s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/** prop_below - a random number in 0..n-1 (n > 0) */
uint32_t prop_below(struct prop_rng *rng, uint32_t n)
{
	return (uint32_t)(prop_rand(rng) % n);
}

/** prop_seed_mix - the seed of one round, so any round replays alone */
uint64_t prop_seed_mix(uint64_t seed, uint64_t round)
{
	struct prop_rng r = { seed ^ (round * 0xd1b54a32d192ed03ULL) };

	return prop_rand(&r);
}

static bool chance(struct prop_rng *rng, unsigned int percent)
{
	return prop_below(rng, 100) < percent;
}

/*
 * Generation
 */

/* clang-format off */
/*
 * Syscalls the rules name: common ones, socket and IPC calls (multiplexed
 * on some ABIs), calls only some ABIs have, ARM's private calls, names
 * newer than old tables, and raw numbers: the x32 bit set, no name at all.
 */
static const char *const pool_names[] = {
	"read", "write", "close", "open", "openat", "fstat", "mmap",
	"mmap2", "ioctl", "futex", "clone", "clone3", "execve", "prctl",
	"arch_prctl", "time", "getrandom", "_llseek", "statx", "ppoll",
	"socket", "connect", "accept", "accept4", "sendto", "recvmmsg",
	"sendmmsg", "socketpair", "getsockopt", "shutdown", "semop",
	"semget", "semtimedop", "msgsnd", "shmat", "shmctl", "ipc",
	"socketcall", "set_tls", "breakpoint", "cacheflush",
	"sync_file_range2", "faccessat2", "cachestat", "listns",
	"map_shadow_stack", "riscv_hwprobe", "uretprobe", "getpagesize",
};
/* clang-format on */

/**
 * prop_syscall_pool - the native syscall numbers scripts draw from
 * @api: whose resolver turns names into numbers
 * @out: receives the numbers
 * @max: room in @out
 *
 * Returns how many were written.
 */
int prop_syscall_pool(const struct prop_api *api, int *out, unsigned int max)
{
	uint32_t native = prop_arch_native();
	static const int raw[] = {
		1000,	    /* no name anywhere */
		0x40000000, /* x32's read as a native number */
		0x40000001 + 200,
		-101,	/* socket's pseudo number */
		-118,	/* accept4's */
		-201,	/* semop's */
		-224,	/* shmctl's */
		-10060, /* socketcall's */
		-1,	/* "skip", with API_TSKIP */
		-50,	/* reserved: always -EINVAL */
	};
	unsigned int i, n = 0;
	int nr;

	for (i = 0; i < N(pool_names) && n < max; i++) {
		nr = api->resolve_name_arch(native, pool_names[i]);
		if (nr != __NR_SCMP_ERROR)
			out[n++] = nr;
	}
	for (i = 0; i < N(raw) && n < max; i++)
		out[n++] = raw[i];
	return (int)n;
}

static uint32_t gen_action(struct prop_rng *rng)
{
	/* clang-format off */
	static const uint32_t fixed[] = {
		SCMP_ACT_ALLOW, SCMP_ACT_ALLOW, SCMP_ACT_LOG, SCMP_ACT_KILL,
		SCMP_ACT_KILL_PROCESS, SCMP_ACT_TRAP, SCMP_ACT_NOTIFY,
		SCMP_ACT_ERRNO(0), SCMP_ACT_ERRNO(1), SCMP_ACT_ERRNO(13),
		SCMP_ACT_ERRNO(4094), SCMP_ACT_TRACE(0), SCMP_ACT_TRACE(7),
		SCMP_ACT_TRACE(0xffff),
	};
	/* clang-format on */

	return fixed[prop_below(rng, N(fixed))];
}

/* clang-format off */
static const uint64_t datum_edges[] = {
	0, 1, 2, 3, 0x7f, 0x80, 0xff, 0x7fffffff, 0x80000000, 0xfffffffe,
	0xffffffff, 0x100000000ULL, 0x100000001ULL, 0x1ffffffffULL,
	0xffffffff00000000ULL, 0xffffffff80000000ULL, 0xfffffffffffffffeULL,
	0xffffffffffffffffULL, 0x8000000000000000ULL, 0x7fffffffffffffffULL,
};

static const uint64_t mask_edges[] = {
	0, 0xffffffffffffffffULL, 0xffffffff, 0xffffffff00000000ULL, 0xff,
	0x1, 0x80000000, 0x100000000ULL, 0xf0f0f0f0f0f0f0f0ULL, 0xfff,
};
/* clang-format on */

/* A datum near the edges, a random one, or one sharing a high word. */
static uint64_t gen_datum(struct prop_rng *rng, const uint64_t *pool,
			  unsigned int pool_cnt)
{
	uint64_t v;

	switch (prop_below(rng, 10)) {
	case 0:
		return datum_edges[prop_below(rng, N(datum_edges))];
	case 1:
		return prop_below(rng, 16);
	case 2:
		return prop_rand(rng);
	case 3:
		/* same high word as a pool value, different low word */
		v = pool[prop_below(rng, pool_cnt)];
		return (v & 0xffffffff00000000ULL) | (uint32_t)prop_rand(rng);
	case 4:
		v = pool[prop_below(rng, pool_cnt)];
		return v + prop_below(rng, 5) - 2;
	default:
		return pool[prop_below(rng, pool_cnt)];
	}
}

static uint64_t gen_mask(struct prop_rng *rng, const uint64_t *pool,
			 unsigned int pool_cnt)
{
	switch (prop_below(rng, 6)) {
	case 0:
		return prop_rand(rng);
	case 1:
		return 1ULL << prop_below(rng, 64);
	case 2:
		return pool[prop_below(rng, pool_cnt)];
	default:
		return mask_edges[prop_below(rng, N(mask_edges))];
	}
}

/*
 * Adds SCMP_CMP_32BIT to @c in @opts->cmp32 percent of the draws, and to
 * a range test SCMP_CMP_EXT_SIGNED (ours) in @opts->sign percent.
 */
static void gen_flag32(struct prop_rng *rng, struct scmp_arg_cmp *c,
		       const struct prop_gen_opts *opts)
{
	unsigned int oper;

	if (opts->cmp32 > 0 && chance(rng, opts->cmp32))
		c->op = (enum scmp_compare)((unsigned int)c->op |
					    SCMP_CMP_32BIT);
	oper = c->op & SCMP_CMP_OPMASK;
	if (opts->sign > 0 && oper != SCMP_CMP_EQ && oper != SCMP_CMP_NE &&
	    oper != SCMP_CMP_MASKED_EQ && chance(rng, opts->sign))
		c->op = (enum scmp_compare)((unsigned int)c->op |
					    SCMP_CMP_EXT_SIGNED);
}

/*
 * The comparisons of a rule: 0..6, on distinct arguments or, with
 * @repeat, now and then on one compared before (an AND on it); some of
 * them with flags (gen_flag32()).
 */
static void gen_cmps(struct prop_rng *rng, struct prop_op *op,
		     const uint64_t *pool, unsigned int pool_cnt, bool invalid,
		     bool repeat, const struct prop_gen_opts *opts)
{
	static const unsigned int weights[] = { 20, 30, 25, 12, 7, 3, 3 };
	unsigned int i, w = prop_below(rng, 100), used = 0, arg;
	struct scmp_arg_cmp *c;

	for (op->cnt = 0; op->cnt < 6 && w >= weights[op->cnt]; op->cnt++)
		w -= weights[op->cnt];
	/* an AND on one argument needs two comparisons at least */
	if (repeat && op->cnt < 2)
		op->cnt = 2 + prop_below(rng, 3);
	for (i = 0; i < op->cnt; i++) {
		c = &op->cmps[i];
		if (repeat && i > 0 && chance(rng, 60)) {
			arg = op->cmps[prop_below(rng, i)].arg;
		} else {
			/* mostly the first three arguments, so rules overlap */
			do {
				arg = chance(rng, 70) ? prop_below(rng, 3) :
							prop_below(rng, 6);
			} while (used & (1U << arg));
		}
		used |= 1U << arg;
		c->arg = arg;
		c->op = (enum scmp_compare)(1 + prop_below(rng, 7));
		if (c->op == SCMP_CMP_MASKED_EQ) {
			c->datum_a = gen_mask(rng, pool, pool_cnt);
			c->datum_b = gen_datum(rng, pool, pool_cnt);
			if (chance(rng, 60))
				c->datum_b &= c->datum_a;
		} else {
			c->datum_a = gen_datum(rng, pool, pool_cnt);
			/* unused by these operators: must make no difference */
			c->datum_b = chance(rng, 80) ? 0 : prop_rand(rng);
		}
		gen_flag32(rng, c, opts);
	}
	if (!invalid || op->cnt == 0)
		return;
	/*
	 * A comparison the library must refuse; or one on the argument of
	 * another, which libseccomp refuses and this library takes as an
	 * AND (the model knows either).
	 */
	c = &op->cmps[prop_below(rng, op->cnt)];
	switch (prop_below(rng, 3)) {
	case 0:
		c->arg = 6 + prop_below(rng, 3);
		break;
	case 1:
		/* with 32-bit tests, now and then a flag bit none has */
		if (opts->cmp32 > 0 && chance(rng, 30))
			c->op = (enum scmp_compare)(
				(unsigned int)c->op |
				1U << (17 + prop_below(rng, 15)));
		else
			c->op = prop_below(rng, 2) ? _SCMP_CMP_MIN :
						     _SCMP_CMP_MAX;
		break;
	default:
		if (op->cnt > 1)
			c->arg = op->cmps[(c - op->cmps + 1) % op->cnt].arg;
		else
			c->arg = 7;
		break;
	}
}

static struct prop_op *gen_op(struct prop_script *s, enum prop_op_kind kind)
{
	struct prop_op *op = &s->ops[s->cnt++];

	memset(op, 0, sizeof(*op));
	op->kind = kind;
	return op;
}

/*
 * A few nested bounds for range rules on one argument, in ascending order,
 * some of them equal: small numbers, numbers about 2^31, numbers under one
 * high word, or on high words of their own.
 */
static void gen_bounds(struct prop_rng *rng, uint64_t *v, unsigned int cnt)
{
	uint64_t at, step;
	unsigned int i, j;

	switch (prop_below(rng, 4)) {
	case 0:
		at = prop_below(rng, 4);
		step = 1 + prop_below(rng, 300);
		break;
	case 1:
		at = 0x7fffff00;
		step = 1 + prop_below(rng, 0x80);
		break;
	case 2:
		at = prop_rand(rng) & 0xffffffff00000000ULL;
		step = 1 + prop_below(rng, 0x10000);
		break;
	default:
		at = prop_below(rng, 3);
		step = (1ULL << 32) + prop_below(rng, 3);
		break;
	}
	for (i = 0; i < cnt; i++) {
		if (i > 0 && chance(rng, 15))
			v[i] = v[i - 1];
		else if (chance(rng, 10))
			v[i] = datum_edges[prop_below(rng, N(datum_edges))];
		else
			v[i] = at + step * (i + prop_below(rng, 2));
	}
	/* an insertion sort: a handful of values */
	for (i = 1; i < cnt; i++) {
		at = v[i];
		for (j = i; j > 0 && v[j - 1] > at; j--)
			v[j] = v[j - 1];
		v[j] = at;
	}
}

/*
 * The rules of a threshold round: < <= > >= on one argument against nested
 * bounds, mostly each with its own action, now and then with an equality
 * test on the argument instead or a test of another argument besides, and
 * with transactions if asked for.
 */
static void gen_thresholds(struct prop_rng *rng,
			   const struct prop_gen_opts *opts,
			   struct prop_script *s, const int *sys,
			   unsigned int sys_cnt)
{
	static const enum scmp_compare ranges[] = {
		SCMP_CMP_LT,
		SCMP_CMP_LE,
		SCMP_CMP_GT,
		SCMP_CMP_GE,
	};
	unsigned int i, rules, bound_cnt, arg, other, txn_depth = 0;
	uint64_t bounds[6];
	struct scmp_arg_cmp *c;
	struct prop_op *op;

	bound_cnt = 2 + prop_below(rng, N(bounds) - 1);
	gen_bounds(rng, bounds, bound_cnt);
	arg = chance(rng, 70) ? prop_below(rng, 3) : prop_below(rng, 6);
	rules = 3 + prop_below(rng, 12);
	for (i = 0; i < rules && s->cnt < PROP_OPS_MAX - 2; i++) {
		if (opts->txn && chance(rng, 5)) {
			gen_op(s, PROP_TXN_START);
			txn_depth++;
		} else if (txn_depth > 0 && chance(rng, 20)) {
			gen_op(s, chance(rng, 50) ? PROP_TXN_COMMIT :
						    PROP_TXN_REJECT);
			txn_depth--;
		}
		op = gen_op(s, PROP_RULE);
		op->syscall = sys[prop_below(rng, sys_cnt > 2 ? 2 : sys_cnt)];
		op->action = chance(rng, 80) ? SCMP_ACT_ERRNO(1 + i) :
					       gen_action(rng);
		op->call = chance(rng, 50) ? PROP_CALL_ARRAY : PROP_CALL_VA;
		op->cnt = 1;
		c = &op->cmps[0];
		c->arg = arg;
		c->op = ranges[prop_below(rng, N(ranges))];
		c->datum_a = bounds[prop_below(rng, bound_cnt)];
		if (chance(rng, 10)) {
			c->op = (enum scmp_compare)(
				chance(rng, 50) ? SCMP_CMP_EQ : SCMP_CMP_NE);
		} else if (chance(rng, 5)) {
			c->op = SCMP_CMP_MASKED_EQ;
			c->datum_b = c->datum_a & 0xff;
			c->datum_a = 0xff;
		}
		gen_flag32(rng, c, opts);
		if (chance(rng, 20)) {
			other = (arg + 1 + prop_below(rng, 5)) % 6;
			op->cmps[op->cnt++] = (struct scmp_arg_cmp){
				other, ranges[prop_below(rng, N(ranges))],
				bounds[prop_below(rng, bound_cnt)], 0
			};
		}
		/* another bound on the argument: an interval, mostly */
		if (opts->repeat > 0 && chance(rng, opts->repeat)) {
			op->cmps[op->cnt++] = (struct scmp_arg_cmp){
				arg, ranges[prop_below(rng, N(ranges))],
				bounds[prop_below(rng, bound_cnt)], 0
			};
			gen_flag32(rng, &op->cmps[op->cnt - 1], opts);
		}
	}
	while (txn_depth-- > 0 && s->cnt < PROP_OPS_MAX)
		gen_op(s, chance(rng, 50) ? PROP_TXN_COMMIT : PROP_TXN_REJECT);
}

/* An ABI token other than the native one, of the given byte order. */
static uint32_t gen_arch(struct prop_rng *rng, bool big_endian)
{
	const struct prop_arch *a;

	do {
		a = &arches[prop_below(rng, N(arches))];
	} while (a->big_endian != big_endian);
	return a->token;
}

/* The script of prop_gen() without KVERMAX. */
static void gen_script(struct prop_rng *rng, const struct prop_gen_opts *opts,
		       struct prop_script *s)
{
	uint64_t pool[10];
	int sys[8];
	unsigned int i, j, pool_cnt, sys_cnt, rules, arch_cnt = 1;
	unsigned int act_cnt, txn_depth = 0;
	uint32_t acts[4], native = prop_arch_native();
	bool big_endian = false, bad, repeat;
	struct prop_op *op;

	memset(s, 0, sizeof(*s));
	s->def_action = gen_action(rng);
	act_cnt = 2 + prop_below(rng, 3);
	for (i = 0; i < act_cnt; i++)
		do {
			acts[i] = gen_action(rng);
		} while (acts[i] == s->def_action);

	/* ABIs */
	if (chance(rng, 65)) {
		big_endian = chance(rng, 30);
		j = 1 + prop_below(rng, 4);
		if (big_endian || chance(rng, 40)) {
			gen_op(s, PROP_ARCH_REMOVE)->token =
				chance(rng, 50) ? SCMP_ARCH_NATIVE : native;
			arch_cnt = 0;
		}
		for (i = 0; i < j; i++) {
			gen_op(s, PROP_ARCH_ADD)->token =
				gen_arch(rng, big_endian);
			arch_cnt++;
		}
	}
	if (opts->invalid && chance(rng, 5))
		gen_op(s, PROP_ARCH_ADD)->token = gen_arch(rng, !big_endian);

	/* attributes */
	if (chance(rng, 30)) {
		op = gen_op(s, PROP_ATTR_SET);
		op->attr = SCMP_FLTATR_ACT_BADARCH;
		op->value = gen_action(rng);
	}
	if (chance(rng, 25)) {
		op = gen_op(s, PROP_ATTR_SET);
		op->attr = SCMP_FLTATR_API_TSKIP;
		op->value = 1;
	}
	if (chance(rng, 40)) {
		op = gen_op(s, PROP_ATTR_SET);
		op->attr = SCMP_FLTATR_CTL_OPTIMIZE;
		op->value = 2;
	}

	/* a few syscalls and datums per round, so rules meet */
	sys_cnt = 1 + prop_below(rng, N(sys));
	for (i = 0; i < sys_cnt; i++)
		sys[i] = opts->syscalls[prop_below(rng, opts->syscall_cnt)];
	pool_cnt = 3 + prop_below(rng, N(pool) - 3);
	for (i = 0; i < pool_cnt; i++)
		pool[i] = datum_edges[prop_below(rng, N(datum_edges))];
	for (i = 0; i < pool_cnt; i++)
		if (chance(rng, 40))
			pool[i] = gen_datum(rng, pool, pool_cnt);

	if (chance(rng, 20)) {
		gen_thresholds(rng, opts, s, sys, sys_cnt);
		return;
	}

	rules = 1 + prop_below(rng, 30);
	for (i = 0; i < rules && s->cnt < PROP_OPS_MAX - 6; i++) {
		if (chance(rng, 8)) {
			op = gen_op(s, PROP_PRIORITY);
			op->syscall = sys[prop_below(rng, sys_cnt)];
			op->priority = (uint8_t)prop_rand(rng);
		}
		if (chance(rng, 3)) {
			gen_op(s, PROP_ARCH_ADD)->token =
				gen_arch(rng, big_endian);
			arch_cnt++;
		}
		if (opts->txn && chance(rng, 6)) {
			gen_op(s, PROP_TXN_START);
			txn_depth++;
		} else if (txn_depth > 0 && chance(rng, 15)) {
			gen_op(s, chance(rng, 50) ? PROP_TXN_COMMIT :
						    PROP_TXN_REJECT);
			txn_depth--;
		}

		op = gen_op(s, PROP_RULE);
		op->syscall = sys[prop_below(rng, sys_cnt)];
		op->action = chance(rng, 4) ? s->def_action :
					      acts[prop_below(rng, act_cnt)];
		op->call = chance(rng, 50) ? PROP_CALL_ARRAY : PROP_CALL_VA;
		if (chance(rng, arch_cnt == 1 ? 20 : 2))
			op->call = op->call == PROP_CALL_ARRAY ?
					   PROP_CALL_EXACT_ARRAY :
					   PROP_CALL_EXACT_VA;
		/* one draw after the other: arguments have no order */
		bad = opts->invalid && chance(rng, 4);
		repeat = opts->repeat > 0 && chance(rng, opts->repeat);
		gen_cmps(rng, op, pool, pool_cnt, bad, repeat, opts);
		if (opts->invalid && chance(rng, 1))
			op->action = SCMP_ACT_ERRNO(4095 + prop_below(rng, 2));
	}
	while (txn_depth-- > 0 && s->cnt < PROP_OPS_MAX)
		gen_op(s, chance(rng, 50) ? PROP_TXN_COMMIT : PROP_TXN_REJECT);
}

/* Puts @op into a script before call @at, if there is room. */
static void gen_insert(struct prop_script *s, unsigned int at,
		       const struct prop_op *op)
{
	if (s->cnt == PROP_OPS_MAX)
		return;
	memmove(&s->ops[at + 1], &s->ops[at],
		(s->cnt - at) * sizeof(s->ops[0]));
	s->ops[at] = *op;
	s->cnt++;
}

/*
 * Inserts @op anywhere after the script's leading ABI calls (attributes
 * may come before or after rules, in any order).
 */
static void gen_insert_late(struct prop_rng *rng, struct prop_script *s,
			    const struct prop_op *op)
{
	unsigned int lo;

	for (lo = 0; lo < s->cnt && (s->ops[lo].kind == PROP_ARCH_ADD ||
				     s->ops[lo].kind == PROP_ARCH_REMOVE);
	     lo++)
		;
	gen_insert(s, lo + prop_below(rng, s->cnt - lo + 1), op);
}

/*
 * SCMP_FLTATR_CTL_KVERMAX in @opts->kvermax percent of the scripts: a
 * version from 3.0 to 7.2, half the time with an ENOSYS action, now and
 * then turned off again; each call anywhere after the leading ABI calls,
 * before or after rules (any order is allowed). With @opts->invalid, now
 * and then a value the library must refuse.
 */
static void gen_kvermax(struct prop_rng *rng, const struct prop_gen_opts *opts,
			struct prop_script *s)
{
	static const uint32_t bad_kvers[] = { __SCMP_KV_NULL, __SCMP_KV_MAX,
					      0xffffffff };
	struct prop_op op = { .kind = PROP_ATTR_SET,
			      .attr = SCMP_FLTATR_CTL_KVERMAX };

	if (!chance(rng, opts->kvermax))
		return;
	op.value = SCMP_KV_3_0 + prop_below(rng, SCMP_KV_7_2 - SCMP_KV_3_0 + 1);
	if (opts->invalid && chance(rng, 10))
		op.value = bad_kvers[prop_below(rng, N(bad_kvers))];
	gen_insert_late(rng, s, &op);
	if (chance(rng, 50)) {
		op.attr = SCMP_FLTATR_ACT_ENOSYS;
		op.value = gen_action(rng);
		if (opts->invalid && chance(rng, 10))
			op.value = SCMP_ACT_ERRNO(4095);
		gen_insert_late(rng, s, &op);
	}
	if (chance(rng, 10)) {
		op.attr = SCMP_FLTATR_CTL_KVERMAX;
		op.value = SCMP_KV_UNDEF;
		gen_insert_late(rng, s, &op);
	}
}

/*
 * SCMP_FLTATR_EXT_ACT_BADARG32 (ours) in @opts->badarg percent of the
 * scripts, anywhere after the leading ABI calls; now and then turned off
 * again, or with @opts->invalid set to a value the library must refuse.
 */
static void gen_badarg(struct prop_rng *rng, const struct prop_gen_opts *opts,
		       struct prop_script *s)
{
	struct prop_op op = { .kind = PROP_ATTR_SET,
			      .attr = (int)SCMP_FLTATR_EXT_ACT_BADARG32 };

	if (!chance(rng, opts->badarg))
		return;
	op.value = chance(rng, 50) ? SCMP_ACT_KILL_PROCESS : gen_action(rng);
	if (opts->invalid && chance(rng, 10))
		op.value = chance(rng, 50) ? SCMP_ACT_ERRNO(4095) : 0xfffffffeU;
	gen_insert_late(rng, s, &op);
	if (chance(rng, 10)) {
		op.value = SCMP_EXT_ACT_UNSET;
		gen_insert_late(rng, s, &op);
	}
}

/*
 * SCMP_FLTATR_EXT_ACT_MUX in @opts->act_mux percent of the scripts: an
 * action, anywhere after the leading ABI calls, now and then turned off
 * again (SCMP_EXT_ACT_UNSET); with @opts->invalid, now and then a value
 * the library must refuse. Drawn after KVERMAX.
 */
static void gen_act_mux(struct prop_rng *rng, const struct prop_gen_opts *opts,
			struct prop_script *s)
{
	struct prop_op op = { .kind = PROP_ATTR_SET, .attr = 0x53430001 };
	unsigned int lo;

	if (!chance(rng, opts->act_mux))
		return;
	for (lo = 0; lo < s->cnt && (s->ops[lo].kind == PROP_ARCH_ADD ||
				     s->ops[lo].kind == PROP_ARCH_REMOVE);
	     lo++)
		;
	op.value = gen_action(rng);
	if (opts->invalid && chance(rng, 10))
		op.value = SCMP_ACT_ERRNO(4095) + 0x10000;
	gen_insert(s, lo + prop_below(rng, s->cnt - lo + 1), &op);
	if (chance(rng, 10)) {
		op.value = 0xffffffffU;
		gen_insert(s, lo + prop_below(rng, s->cnt - lo + 1), &op);
	}
}

/**
 * prop_gen - a random script
 * @rng: the generator, seeded for this round
 * @opts: which calls may appear and the syscall pool
 * @s: receives the script
 *
 * One filter: a default action, a set of ABIs of one byte order (the
 * native one alone about a third of the time), attributes, then 1..30
 * rules on a handful of syscalls with 0..6 comparisons drawn from a small
 * pool of boundary values so that rules share and overlap, with priorities,
 * exact adds and, if asked for, transactions, calls that must fail and
 * rules that compare one argument more than once (@opts->repeat percent
 * of them: 2..6 comparisons, each after the first on an argument compared
 * before more often than not). One round in five is a threshold round
 * instead: 3..14 range rules on one argument of one or two syscalls
 * against nested bounds, with different actions, and with @opts->repeat
 * a second bound on the argument now and then (gen_thresholds()). If
 * asked for, some scripts set KVERMAX
 * (gen_kvermax()): drawn last, so the rest of a script is the same with
 * and without.
 */
void prop_gen(struct prop_rng *rng, const struct prop_gen_opts *opts,
	      struct prop_script *s)
{
	gen_script(rng, opts, s);
	if (opts->kvermax > 0)
		gen_kvermax(rng, opts, s);
	if (opts->badarg > 0)
		gen_badarg(rng, opts, s);
	if (opts->act_mux > 0)
		gen_act_mux(rng, opts, s);
}

/**
 * prop_kvermax_set - whether a script's calls, as they returned @rcs,
 * leave KVERMAX set
 */
bool prop_kvermax_set(const struct prop_script *s, const int *rcs)
{
	bool set = false;
	unsigned int i;

	for (i = 0; i < s->cnt; i++)
		if (s->ops[i].kind == PROP_ATTR_SET &&
		    s->ops[i].attr == SCMP_FLTATR_CTL_KVERMAX && rcs[i] == 0)
			set = s->ops[i].value != SCMP_KV_UNDEF;
	return set;
}

/** prop_script_drop - remove call @i from a script */
void prop_script_drop(struct prop_script *s, unsigned int i)
{
	memmove(&s->ops[i], &s->ops[i + 1],
		(s->cnt - i - 1) * sizeof(s->ops[0]));
	s->cnt--;
}

/** prop_script_drop_cmp - remove comparison @j from call @i of a script */
void prop_script_drop_cmp(struct prop_script *s, unsigned int i, unsigned int j)
{
	struct prop_op *op = &s->ops[i];

	memmove(&op->cmps[j], &op->cmps[j + 1],
		(op->cnt - j - 1) * sizeof(*op->cmps));
	op->cnt--;
}

/*
 * Replay
 */

static int run_rule(const struct prop_api *api, scmp_filter_ctx ctx,
		    const struct prop_op *op)
{
	const struct scmp_arg_cmp *c = op->cmps;
	bool exact = op->call == PROP_CALL_EXACT_ARRAY ||
		     op->call == PROP_CALL_EXACT_VA;
	int (*va)(scmp_filter_ctx, uint32_t, int, unsigned int, ...);

	if (op->call == PROP_CALL_ARRAY)
		return api->rule_add_array(ctx, op->action, op->syscall,
					   op->cnt, op->cnt ? c : NULL);
	if (op->call == PROP_CALL_EXACT_ARRAY)
		return api->rule_add_exact_array(ctx, op->action, op->syscall,
						 op->cnt, op->cnt ? c : NULL);
	va = exact ? api->rule_add_exact : api->rule_add;
	switch (op->cnt) {
	case 0:
		return va(ctx, op->action, op->syscall, 0);
	case 1:
		return va(ctx, op->action, op->syscall, 1, c[0]);
	case 2:
		return va(ctx, op->action, op->syscall, 2, c[0], c[1]);
	case 3:
		return va(ctx, op->action, op->syscall, 3, c[0], c[1], c[2]);
	case 4:
		return va(ctx, op->action, op->syscall, 4, c[0], c[1], c[2],
			  c[3]);
	case 5:
		return va(ctx, op->action, op->syscall, 5, c[0], c[1], c[2],
			  c[3], c[4]);
	default:
		return va(ctx, op->action, op->syscall, 6, c[0], c[1], c[2],
			  c[3], c[4], c[5]);
	}
}

/**
 * prop_run - make a script's calls on a library
 * @rcs: receives each call's return code (0 for the void ones)
 *
 * Returns the filter (the caller releases it with api->release), or NULL
 * if seccomp_init failed.
 */
scmp_filter_ctx prop_run(const struct prop_api *api,
			 const struct prop_script *s, int *rcs)
{
	scmp_filter_ctx ctx = api->init(s->def_action);
	const struct prop_op *op;
	unsigned int i;
	int rc;

	if (ctx == NULL)
		return NULL;
	for (i = 0; i < s->cnt; i++) {
		op = &s->ops[i];
		if (api->progress != NULL)
			*api->progress = (int)i;
		rc = -ENOSYS;
		switch (op->kind) {
		case PROP_ARCH_ADD:
			rc = api->arch_add(ctx, op->token);
			break;
		case PROP_ARCH_REMOVE:
			rc = api->arch_remove(ctx, op->token);
			break;
		case PROP_ATTR_SET:
			rc = api->attr_set(ctx, (enum scmp_filter_attr)op->attr,
					   op->value);
			break;
		case PROP_PRIORITY:
			rc = api->priority(ctx, op->syscall, op->priority);
			break;
		case PROP_RULE:
			rc = run_rule(api, ctx, op);
			break;
		case PROP_TXN_START:
			if (api->txn_start)
				rc = api->txn_start(ctx);
			break;
		case PROP_TXN_COMMIT:
			if (api->txn_commit)
				rc = api->txn_commit(ctx);
			break;
		case PROP_TXN_REJECT:
			if (api->txn_reject) {
				api->txn_reject(ctx);
				rc = 0;
			}
			break;
		}
		rcs[i] = rc;
	}
	return ctx;
}

/**
 * prop_export_raw - a filter's BPF as the library writes it
 * @buf: set to a malloc'd copy of the bytes (the caller frees it)
 * @len: set to their size
 *
 * Uses seccomp_export_bpf_mem where the library has it, else
 * seccomp_export_bpf into a memory file. Returns 0, the library's
 * negative return code, or another -errno.
 */
int prop_export_raw(const struct prop_api *api, scmp_filter_ctx ctx,
		    unsigned char **buf, size_t *len)
{
	ssize_t n;
	off_t size;
	int fd, rc;

	*buf = NULL;
	*len = 0;
	if (api->export_bpf_mem != NULL) {
		rc = api->export_bpf_mem(ctx, NULL, len);
		if (rc < 0)
			return rc;
		*buf = malloc(*len + 1);
		if (*buf == NULL)
			return -ENOMEM;
		return api->export_bpf_mem(ctx, *buf, len);
	}

	fd = memfd_create("prop-bpf", 0);
	if (fd < 0)
		return -errno;
	rc = api->export_bpf(ctx, fd);
	if (rc < 0)
		goto out;
	size = lseek(fd, 0, SEEK_END);
	rc = -EIO;
	if (size < 0 || lseek(fd, 0, SEEK_SET) != 0)
		goto out;
	*buf = malloc((size_t)size + 1);
	rc = -ENOMEM;
	if (*buf == NULL)
		goto out;
	n = read(fd, *buf, (size_t)size);
	rc = n == size ? 0 : -EIO;
	*len = (size_t)size;
out:
	close(fd);
	return rc;
}

/**
 * prop_export - a filter's BPF, loaded into the simulator
 * @big_endian: the byte order of the filter's ABIs
 * @prog: receives the program
 *
 * Returns 0, the library's negative return code, or another -errno.
 */
int prop_export(const struct prop_api *api, scmp_filter_ctx ctx,
		bool big_endian, struct bpf_sim_prog *prog)
{
	unsigned char *buf;
	size_t len;
	int rc;

	memset(prog, 0, sizeof(*prog));
	rc = prop_export_raw(api, ctx, &buf, &len);
	if (rc == 0)
		rc = bpf_sim_load_mem(prog, buf, len, big_endian);
	free(buf);
	return rc;
}

/**
 * prop_export_pfc - export a filter's PFC text (to a memory file)
 *
 * Returns the library's return code, or -errno if no file could be made.
 */
int prop_export_pfc(const struct prop_api *api, scmp_filter_ctx ctx)
{
	int fd, rc;

	fd = memfd_create("prop-pfc", 0);
	if (fd < 0)
		return -errno;
	rc = api->export_pfc(ctx, fd);
	if (rc == 0 && lseek(fd, 0, SEEK_END) <= 0)
		rc = -EIO;
	close(fd);
	return rc;
}

/*
 * Printing
 */

/** prop_action_str - an action as the SCMP_ACT_* expression for it */
const char *prop_action_str(uint32_t action, char *buf, size_t size)
{
	switch (action & 0xffff0000U) {
	case SCMP_ACT_KILL_PROCESS:
		snprintf(buf, size, "SCMP_ACT_KILL_PROCESS");
		break;
	case SCMP_ACT_KILL:
		snprintf(buf, size, "SCMP_ACT_KILL");
		break;
	case SCMP_ACT_TRAP:
		if ((action & 0xffffU) != 0) {
			snprintf(buf, size, "SCMP_ACT_TRAPX(%u)",
				 action & 0xffffU);
			return buf;
		}
		snprintf(buf, size, "SCMP_ACT_TRAP");
		break;
	case SCMP_ACT_NOTIFY:
		snprintf(buf, size, "SCMP_ACT_NOTIFY");
		break;
	case SCMP_ACT_LOG:
		snprintf(buf, size, "SCMP_ACT_LOG");
		break;
	case SCMP_ACT_ALLOW:
		snprintf(buf, size, "SCMP_ACT_ALLOW");
		break;
	case 0x00050000U:
		snprintf(buf, size, "SCMP_ACT_ERRNO(%u)", action & 0xffffU);
		return buf;
	case 0x7ff00000U:
		snprintf(buf, size, "SCMP_ACT_TRACE(%u)", action & 0xffffU);
		return buf;
	default:
		snprintf(buf, size, "0x%08" PRIx32, action);
		return buf;
	}
	if ((action & 0xffffU) != 0)
		snprintf(buf, size, "0x%08" PRIx32, action);
	return buf;
}

static const char *arch_str(uint32_t token, char *buf, size_t size)
{
	const struct prop_arch *a = prop_arch(token);

	if (token == SCMP_ARCH_NATIVE)
		snprintf(buf, size, "SCMP_ARCH_NATIVE");
	else if (a != NULL)
		snprintf(buf, size, "%s", a->macro);
	else
		snprintf(buf, size, "0x%08" PRIx32, token);
	return buf;
}

/* An operator as C: "SCMP_CMP_NE | SCMP_CMP_32BIT", or its number. */
static const char *op_name(unsigned int op, char *buf, size_t size)
{
	/* clang-format off */
	static const char *const names[] = {
		"0", "SCMP_CMP_NE", "SCMP_CMP_LT", "SCMP_CMP_LE", "SCMP_CMP_EQ",
		"SCMP_CMP_GE", "SCMP_CMP_GT", "SCMP_CMP_MASKED_EQ",
	};
	/* clang-format on */

	unsigned int flags = op & ~(unsigned int)SCMP_CMP_OPMASK;

	if ((op & SCMP_CMP_OPMASK) >= N(names) ||
	    (flags & ~(SCMP_CMP_32BIT | SCMP_CMP_EXT_SIGNED)) != 0)
		snprintf(buf, size, "0x%x", op);
	else
		snprintf(buf, size, "%s%s%s", names[op & SCMP_CMP_OPMASK],
			 flags & SCMP_CMP_32BIT ? " | SCMP_CMP_32BIT" : "",
			 flags & SCMP_CMP_EXT_SIGNED ?
				 " | SCMP_CMP_EXT_SIGNED" :
				 "");
	return buf;
}

static const char *attr_name(int attr)
{
	switch (attr) {
	case SCMP_FLTATR_ACT_BADARCH:
		return "SCMP_FLTATR_ACT_BADARCH";
	case SCMP_FLTATR_API_TSKIP:
		return "SCMP_FLTATR_API_TSKIP";
	case SCMP_FLTATR_CTL_OPTIMIZE:
		return "SCMP_FLTATR_CTL_OPTIMIZE";
	case SCMP_FLTATR_ACT_ENOSYS:
		return "SCMP_FLTATR_ACT_ENOSYS";
	case SCMP_FLTATR_CTL_KVERMAX:
		return "SCMP_FLTATR_CTL_KVERMAX";
	case (int)SCMP_FLTATR_EXT_ACT_BADARG32:
		return "SCMP_FLTATR_EXT_ACT_BADARG32";
	case 0x53430001:
		return "SCMP_FLTATR_EXT_ACT_MUX";
	default:
		return "?";
	}
}

static void print_cmp(FILE *f, const struct scmp_arg_cmp *c, bool array)
{
	const char *sep = array ? "{ " : "";
	char op[48];

	op_name(c->op, op, sizeof(op));
	if (array)
		fprintf(f, "%s%u, %s, 0x%" PRIx64 "ULL, 0x%" PRIx64 "ULL }",
			sep, c->arg, op, c->datum_a, c->datum_b);
	else if ((c->op & SCMP_CMP_OPMASK) == SCMP_CMP_MASKED_EQ)
		fprintf(f,
			"SCMP_CMP64(%u, %s, 0x%" PRIx64 "ULL, 0x%" PRIx64
			"ULL)",
			c->arg, op, c->datum_a, c->datum_b);
	else
		fprintf(f, "SCMP_CMP64(%u, %s, 0x%" PRIx64 "ULL)", c->arg, op,
			c->datum_a);
}

/**
 * prop_print - a script as the C calls that reproduce it
 * @api: its resolver annotates syscall numbers with names
 * @rcs: the return codes to show next to each call, or NULL
 */
void prop_print(FILE *f, const struct prop_api *api,
		const struct prop_script *s, const int *rcs)
{
	static const char *const calls[] = {
		"seccomp_rule_add_array",
		"seccomp_rule_add",
		"seccomp_rule_add_exact_array",
		"seccomp_rule_add_exact",
	};
	const struct prop_op *op;
	char buf[64], *name;
	unsigned int i, j;
	bool array;

	fprintf(f, "\tscmp_filter_ctx ctx = seccomp_init(%s);\n",
		prop_action_str(s->def_action, buf, sizeof(buf)));
	for (i = 0; i < s->cnt; i++) {
		op = &s->ops[i];
		fprintf(f, "\t");
		switch (op->kind) {
		case PROP_ARCH_ADD:
		case PROP_ARCH_REMOVE:
			fprintf(f, "seccomp_arch_%s(ctx, %s);",
				op->kind == PROP_ARCH_ADD ? "add" : "remove",
				arch_str(op->token, buf, sizeof(buf)));
			break;
		case PROP_ATTR_SET:
			if (op->attr == SCMP_FLTATR_ACT_BADARCH ||
			    op->attr == SCMP_FLTATR_ACT_ENOSYS ||
			    op->attr == (int)SCMP_FLTATR_EXT_ACT_BADARG32)
				prop_action_str(op->value, buf, sizeof(buf));
			else
				snprintf(buf, sizeof(buf), "%u", op->value);
			fprintf(f, "seccomp_attr_set(ctx, %s, %s);",
				attr_name(op->attr), buf);
			break;
		case PROP_PRIORITY:
			fprintf(f, "seccomp_syscall_priority(ctx, %d, %u);",
				op->syscall, op->priority);
			break;
		case PROP_TXN_START:
			fprintf(f, "seccomp_transaction_start(ctx);");
			break;
		case PROP_TXN_COMMIT:
			fprintf(f, "seccomp_transaction_commit(ctx);");
			break;
		case PROP_TXN_REJECT:
			fprintf(f, "seccomp_transaction_reject(ctx);");
			break;
		case PROP_RULE:
			array = op->call == PROP_CALL_ARRAY ||
				op->call == PROP_CALL_EXACT_ARRAY;
			if (array && op->cnt > 0) {
				fprintf(f, "{\n\t\tstruct scmp_arg_cmp "
					   "a[] = {\n");
				for (j = 0; j < op->cnt; j++) {
					fprintf(f, "\t\t\t");
					print_cmp(f, &op->cmps[j], true);
					fprintf(f, ",\n");
				}
				fprintf(f, "\t\t};\n\t\t");
			}
			fprintf(f, "%s(ctx, %s, %d, %u", calls[op->call],
				prop_action_str(op->action, buf, sizeof(buf)),
				op->syscall, op->cnt);
			if (array)
				fprintf(f, ", %s", op->cnt ? "a" : "NULL");
			for (j = 0; !array && j < op->cnt; j++) {
				fprintf(f, ",\n\t\t\t");
				print_cmp(f, &op->cmps[j], false);
			}
			fprintf(f, ");");
			if (array && op->cnt > 0)
				fprintf(f, "\n\t}");
			name = api->resolve_num_arch(prop_arch_native(),
						     op->syscall);
			if (name != NULL) {
				fprintf(f, " /* %s */", name);
				api->free(name);
			}
			break;
		}
		if (rcs != NULL)
			fprintf(f, " /* rc %d */", rcs[i]);
		fprintf(f, "\n");
	}
}

/** prop_print_data - one syscall as the filter sees it */
void prop_print_data(FILE *f, const struct seccomp_data *d)
{
	const struct bpf_sim_arch *a = bpf_sim_arch_by_token(d->arch);
	unsigned int i;

	fprintf(f, "arch 0x%08" PRIx32 " (%s) nr %d (0x%x) args", d->arch,
		a != NULL ? a->name : "foreign", d->nr, (unsigned int)d->nr);
	for (i = 0; i < PROP_ARGS; i++)
		fprintf(f, " 0x%llx", (unsigned long long)d->args[i]);
	fprintf(f, "\n");
}
