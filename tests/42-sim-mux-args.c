/* SPDX-License-Identifier: LGPL-2.1-only */
/* With SCMP_FLTATR_EXT_ACT_MUX, no path through socketcall/ipc tests an argument but the call number, for every call on every ABI. */

/*
 * For each ABI that multiplexes and each call of socketcall(2) and ipc(2)
 * (the pseudo numbers -101.. and -201.. that name a call there), a rule
 * with a test of every argument is added, deny-list (KILL, default ALLOW)
 * and allow-list (ALLOW, default KILL), with the attribute at ERRNO(1).
 * The exported program is walked from its start with the multiplexer's
 * number, the ABI's audit value and the call number in argument 0 known
 * and the rest unknown, taking both branches of a test of an unknown
 * value: no path may load another argument, and every path must return
 * the rule's action where it is stricter (KILL), else the attribute's.
 * Without the attribute, libseccomp's way, ppc64's companion of a rule on
 * send's flags loads argument 3 (upstream's open issue): the walk finds
 * that load, so the check can fail.
 */

#include <endian.h>
#include <errno.h>
#include <stdbool.h>
#include <string.h>

#include <linux/filter.h>
#include <seccomp-ext.h>

#include "test_util.h"

#define MUX_ACT SCMP_ACT_ERRNO(1)

struct abi {
	const char *name;
	bool big_endian;
};

static const struct abi abis[] = {
	{ "x86", false },     { "m68k", true }, { "mips", true },
	{ "mipsel", false },  { "ppc", true },	{ "ppc64", true },
	{ "ppc64le", false }, { "s390", true }, { "s390x", true },
	{ "sh", false },      { "sheb", true },
};

/* What a walk knows of seccomp_data, and what it found. */
struct walk {
	uint32_t nr, arch, call;
	bool big_endian;
	const struct sock_filter *insns;
	size_t len;
	unsigned int bad_loads; /* loads of arguments 1 to 5 */
	unsigned int rets;	/* paths that return */
	uint32_t want;		/* the action every path must return */
	unsigned int wrong;	/* paths that return another */
};

/* The value at offset @off when known: *@v, true. */
static bool known_word(struct walk *w, uint32_t off, uint32_t *v)
{
	uint32_t low = 16 + (w->big_endian ? 4 : 0);

	if (off == 0 || off == 4) {
		*v = off == 0 ? w->nr : w->arch;
		return true;
	}
	if (off == 16 || off == 20) {
		*v = off == low ? w->call : 0;
		return true;
	}
	if (off >= 24 && off < 64)
		w->bad_loads++;
	return false;
}

/* Walks from @pc with the accumulator @a (known if @known). */
static void walk_from(struct walk *w, size_t pc, bool known, uint32_t a)
{
	const struct sock_filter *in;
	bool jump;

	for (; pc < w->len; pc++) {
		in = &w->insns[pc];
		switch (in->code) {
		case BPF_LD | BPF_W | BPF_ABS:
			known = known_word(w, in->k, &a);
			continue;
		case BPF_ALU | BPF_AND | BPF_K:
			a &= in->k;
			continue;
		case BPF_JMP | BPF_JA:
			pc += in->k;
			continue;
		case BPF_RET | BPF_K:
			w->rets++;
			if (in->k != w->want)
				w->wrong++;
			return;
		}
		switch (BPF_OP(in->code)) {
		case BPF_JEQ:
			jump = a == in->k;
			break;
		case BPF_JGT:
			jump = a > in->k;
			break;
		case BPF_JGE:
			jump = a >= in->k;
			break;
		case BPF_JSET:
			jump = (a & in->k) != 0;
			break;
		default:
			printf("FAIL: instruction %#x not walked\n", in->code);
			test_failures++;
			return;
		}
		if (!known)
			walk_from(w, pc + 1 + in->jf, known, a);
		pc += jump || !known ? in->jt : in->jf;
	}
}

/*
 * The filter of one ABI with the attribute at MUX_ACT (or unset) and a
 * rule of @action, default @def, on the call of pseudo number @pnr with
 * the tests @cmps. Returns the filter, or NULL.
 */
static scmp_filter_ctx mux_filter(const char *abi, bool attr, uint32_t def,
				  uint32_t action, int pnr,
				  const struct scmp_arg_cmp *cmps,
				  unsigned int cnt)
{
	scmp_filter_ctx ctx = seccomp_init(def);
	uint32_t token = seccomp_arch_resolve_name(abi);
	char *name;
	int nr, rc;

	if (ctx == NULL)
		return NULL;
	/* the native ABI's number of the call, or its pseudo number */
	name = seccomp_syscall_resolve_num_arch(token, pnr);
	nr = name != NULL ? seccomp_syscall_resolve_name(name) : -1;
	free(name);
	rc = seccomp_arch_remove(ctx, SCMP_ARCH_NATIVE);
	if (rc == 0)
		rc = seccomp_arch_add(ctx, token);
	if (rc == 0 && attr)
		rc = seccomp_attr_set(
			ctx, (enum scmp_filter_attr)SCMP_FLTATR_EXT_ACT_MUX,
			MUX_ACT);
	if (rc == 0)
		rc = seccomp_rule_add_array(ctx, action, nr >= 0 ? nr : pnr,
					    cnt, cmps);
	if (rc < 0) {
		printf("FAIL %s pseudo %d: %s\n", abi, pnr, strerror(-rc));
		test_failures++;
		seccomp_release(ctx);
		return NULL;
	}
	return ctx;
}

/* Walks @ctx's program for call @call of multiplexer @mux on @a. */
static void walk_filter(struct walk *w, scmp_filter_ctx ctx,
			const struct abi *a, int mux, unsigned int call)
{
	static struct sock_filter insns[BPF_MAXINSNS];
	size_t len = sizeof(insns), i;
	int rc;

	*w = (struct walk){ .nr = (uint32_t)mux,
			    .arch = seccomp_arch_resolve_name(a->name),
			    .call = call,
			    .big_endian = a->big_endian,
			    .insns = insns,
			    .want = w->want };
	rc = seccomp_export_bpf_mem(ctx, insns, &len);
	EXPECT(rc, 0);
	if (rc < 0)
		return;
	w->len = len / sizeof(insns[0]);
	/* a big-endian ABI's program comes in its byte order */
	for (i = 0; a->big_endian != (BYTE_ORDER == BIG_ENDIAN) && i < w->len;
	     i++) {
		insns[i].code = __builtin_bswap16(insns[i].code);
		insns[i].k = __builtin_bswap32(insns[i].k);
	}
	walk_from(w, 0, false, 0);
}

/* Both profiles for one call: returns 1 if the call exists on @a. */
static int check_call(const struct abi *a, int mux, int pnr)
{
	static const uint32_t acts[2][3] = {
		/* default, rule, what the multiplexed call must return */
		{ SCMP_ACT_ALLOW, SCMP_ACT_KILL, SCMP_ACT_KILL },
		{ SCMP_ACT_KILL, SCMP_ACT_ALLOW, MUX_ACT },
	};
	struct scmp_arg_cmp cmps[6];
	scmp_filter_ctx ctx;
	struct walk w;
	unsigned int i, k;
	char *name;

	name = seccomp_syscall_resolve_num_arch(
		seccomp_arch_resolve_name(a->name), pnr);
	if (name == NULL)
		return 0;
	for (i = 0; i < 6; i++)
		cmps[i] = (struct scmp_arg_cmp){ .arg = i,
						 .op = SCMP_CMP_EQ,
						 .datum_a = i + 1 };
	for (k = 0; k < 2; k++) {
		ctx = mux_filter(a->name, true, acts[k][0], acts[k][1], pnr,
				 cmps, 6);
		if (ctx == NULL)
			break;
		w.want = acts[k][2];
		walk_filter(&w, ctx, a, mux, (unsigned int)(-pnr % 100));
		if (w.bad_loads != 0 || w.wrong != 0 || w.rets == 0) {
			printf("FAIL %s %s: %u loads of arguments 1-5, %u of "
			       "%u paths with another action\n",
			       a->name, name, w.bad_loads, w.wrong, w.rets);
			test_failures++;
		}
		seccomp_release(ctx);
	}
	free(name);
	return 1;
}

/* Upstream's issue: without the attribute, ppc64's send companion loads a3. */
static void check_upstream_issue(void)
{
	const struct scmp_arg_cmp flags = { .arg = 3,
					    .op = SCMP_CMP_MASKED_EQ,
					    .datum_a = 0x40,
					    .datum_b = 0x40 };
	const struct abi *ppc64 = &abis[5];
	int mux = seccomp_syscall_resolve_name_arch(SCMP_ARCH_PPC64,
						    "socketcall");
	scmp_filter_ctx ctx;
	struct walk w;
	bool attr;

	for (attr = false;; attr = true) {
		ctx = mux_filter("ppc64", attr, SCMP_ACT_ALLOW, SCMP_ACT_TRAP,
				 -109, &flags, 1);
		if (ctx == NULL)
			return;
		w.want = SCMP_ACT_TRAP;
		walk_filter(&w, ctx, ppc64, mux, 9);
		printf("ppc64 send a3 & 0x40, %s: %u loads of arguments 1-5\n",
		       attr ? "ACT_MUX ERRNO(1)" : "libseccomp's way",
		       w.bad_loads);
		EXPECT(w.bad_loads != 0, !attr);
		EXPECT(w.wrong != 0, !attr);
		seccomp_release(ctx);
		if (attr)
			break;
	}
}

int main(void)
{
	unsigned int i, calls;
	int pnr, mux;

	check_upstream_issue();
	for (i = 0; i < sizeof(abis) / sizeof(abis[0]); i++) {
		calls = 0;
		for (pnr = -101; pnr >= -224; pnr--) {
			if (pnr == -121)
				pnr = -201;
			mux = seccomp_syscall_resolve_name_arch(
				seccomp_arch_resolve_name(abis[i].name),
				pnr > -200 ? "socketcall" : "ipc");
			calls += (unsigned int)check_call(&abis[i], mux, pnr);
		}
		printf("%s: %u multiplexed calls\n", abis[i].name, calls);
		/* 20 socket calls, 12 IPC calls */
		EXPECT(calls, 32);
	}
	return test_result();
}
