/* SPDX-License-Identifier: LGPL-2.1-only */
/* fuzz-prove: bytes -> a filter, proved against its rules for every input with Z3. */

/*
 * The input's first 8 bytes seed the property test's script generator
 * (tests/lib/prop.c: ABIs, attributes, priorities, rules with any
 * comparisons, several of one argument among them, transactions, failing
 * calls); the rest edit the script,
 * 6 bytes an edit: which rule call, what to change (a datum, an operator,
 * an argument, the action, the syscall), and the new value. So libFuzzer's
 * mutations move datums onto each other's edges and operators across
 * their boundaries, where layouts go wrong.
 *
 * The script runs through the library and, call by call, on the
 * independent model (tests/lib/prop_model.c); the return codes must agree.
 * The exported program is then proved against the model (tests/lib/
 * prove.h): a counterexample, which the prover has checked in the
 * simulator, is a finding, printed with the rules it involves.
 *
 * The API level is forced to 7, so results do not depend on the kernel.
 */

#include <errno.h>
#include <string.h>

#include <seccomp.h>

#include "fuzz_common.h"
#include "prop.h"
#include "prove.h"

static struct prop_api api;
static struct pm_state *model;
static int pool[64];
static unsigned int pool_cnt;
static unsigned char *buf;

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	seccomp_api_set(7);
	prop_api_ours(&api);
	pool_cnt = (unsigned int)prop_syscall_pool(&api, pool, 64);
	model = pm_new(&api);
	buf = malloc((BPF_MAXINSNS + 1) * sizeof(struct sock_filter));
	if (model == NULL || buf == NULL)
		FUZZ_FAIL("out of memory");
	return 0;
}

/* Applies one 6-byte edit to the script's rule calls. */
static void edit(struct prop_script *s, struct fuzz_in *in)
{
	/* clang-format off */
	static const uint32_t actions[] = {
		SCMP_ACT_ALLOW, SCMP_ACT_KILL_PROCESS, SCMP_ACT_KILL,
		SCMP_ACT_TRAP, SCMP_ACT_LOG, SCMP_ACT_ERRNO(1),
		SCMP_ACT_ERRNO(2), SCMP_ACT_TRACE(3),
	};
	/* clang-format on */
	unsigned int what = fuzz_u8(in), i = fuzz_u8(in) % s->cnt, j;
	uint32_t v = fuzz_u32(in);
	struct prop_op *op = &s->ops[i];

	if (op->kind != PROP_RULE)
		return;
	j = op->cnt > 0 ? (what >> 3) % op->cnt : 0;
	switch (what % 8) {
	case 0: /* a datum near another one's, or anywhere */
		/* clang-format off */
		if (op->cnt > 0)
			op->cmps[j].datum_a =
				(v & 1) ? op->cmps[j].datum_a +
						  (uint64_t)((int64_t)((v >> 1) % 5) - 2) :
					  (uint64_t)v << (v >> 31 ? 32 : 0);
		/* clang-format on */
		break;
	case 1:
		if (op->cnt > 0)
			op->cmps[j].op = (enum scmp_compare)(1 + v % 7);
		break;
	case 2:
		if (op->cnt > 0)
			op->cmps[j].arg = v % PROP_ARGS;
		break;
	case 3:
		if (op->cnt > 0)
			op->cmps[j].datum_b = v;
		break;
	case 4:
		op->action = actions[v % FUZZ_N(actions)];
		break;
	case 5:
		op->syscall = pool[v % pool_cnt];
		break;
	case 6: /* one comparison fewer */
		if (op->cnt > 0)
			op->cnt--;
		break;
	default: /* high words: the other half of a 64-bit test */
		if (op->cnt > 0)
			op->cmps[j].datum_a ^= (uint64_t)v << 32;
		break;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct prop_gen_opts opts = { .txn = true,
				      .invalid = true,
				      .repeat = 15,
				      .cmp32 = 15,
				      .sign = 15,
				      .badarg = 20 };
	struct fuzz_in in = { data, size };
	struct bpf_sim_prog prog = { 0 };
	struct prove_result res;
	struct prop_script s;
	struct prop_rng rng;
	scmp_filter_ctx ctx;
	int rcs[PROP_OPS_MAX], rc;
	size_t len = (BPF_MAXINSNS + 1) * sizeof(struct sock_filter);
	unsigned int i;

	opts.syscalls = pool;
	opts.syscall_cnt = pool_cnt;
	rng.s = fuzz_u64(&in);
	prop_gen(&rng, &opts, &s);
	while (in.n > 0 && s.cnt > 0)
		edit(&s, &in);
	ctx = prop_run(&api, &s, rcs);
	if (ctx == NULL)
		return 0; /* an invalid default action */
	pm_init(model, s.def_action);
	for (i = 0; i < s.cnt; i++) {
		rc = pm_apply(model, &s.ops[i], (int)i);
		if (rc != rcs[i]) {
			prop_print(stderr, &api, &s, rcs);
			FUZZ_FAIL("call %u: the library returned %d, the model"
				  " %d",
				  i + 1, rcs[i], rc);
		}
	}
	rc = seccomp_export_bpf_mem(ctx, buf, &len);
	seccomp_release(ctx);
	if (rc < 0)
		return 0; /* beyond BPF_MAXINSNS: nothing to prove */
	if (bpf_sim_load_mem(&prog, buf, len, pm_big_endian(model)) < 0)
		FUZZ_FAIL("the export does not load");
	rc = prove_bpf(model, &prog, &res);
	if (rc < 0 || !res.proved) {
		prop_print(stderr, &api, &s, rcs);
		if (rc == 0)
			prove_report(stderr, "fuzz", model, &prog, &res);
		FUZZ_FAIL("not proved: %s",
			  rc < 0 ? strerror(-rc) : "a counterexample");
	}
	bpf_sim_free(&prog);
	return 0;
}
