/* SPDX-License-Identifier: LGPL-2.1-only */
/* fuzz-api: bytes -> a sequence of API calls; every exported program checked.
 */

/*
 * The input decodes to seccomp_init() and then calls: arch add/remove, rule
 * add through all four entry points with any comparisons (also invalid
 * ones, and several of one argument), priority, attributes, transactions, reset, merge with a second
 * filter, precompute, resolvers, and exports to BPF (fd and memory) and
 * PFC. Each call's return code is checked against the independent model
 * of tests/lib/prop_model.c (where it models the call) or against the
 * documented contract. Every exported program must be a valid seccomp
 * filter (the kernel's checks, in the simulator of tools/bpf_sim.c),
 * at most BPF_MAXINSNS long, using only the instructions libseccomp
 * emits, byte-identical between the fd, memory and precomputed paths; on
 * inputs the model proposes (sampled) it must return the model's action.
 * The PFC must be well-formed. A finding aborts with a message.
 *
 * FUZZ_VERBOSE=1 in the environment prints the decoded calls, for
 * reading a crash input: ./fuzz-api -runs=1 crash-FILE.
 *
 * The API level is forced to 7, so results do not depend on the kernel.
 */

#define _GNU_SOURCE
#include <errno.h>
#include <stdbool.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <seccomp.h>

#include "bpf_sim.h"
#include "fuzz_common.h"
#include "prop.h"

/* Most calls decoded from one input, and most sampled inputs per export. */
#define OPS_MAX 64
#define SAMPLES_MAX 1500
/* With this many rules a filter may legitimately outgrow BPF_MAXINSNS. */
#define RULES_BIG 40

static struct prop_api api;
static struct pm_state *model;
static int pool[64];
static unsigned int pool_cnt;
static uint32_t tokens[32];
static unsigned int token_cnt;
static int memfd = -1;
static bool verbose;

/* What the harness knows of the filter under test. */
struct run {
	scmp_filter_ctx ctx;
	uint32_t def;
	bool model_on;	    /* the model describes the filter exactly */
	unsigned int rules; /* successful rule adds: a size estimate */
	uint64_t seed;	    /* for the sampled inputs */
	unsigned int op;
	/*
	 * SCMP_FLTATR_CTL_KVERMAX and its action, which the model lacks: a
	 * number no rule names may then get the ENOSYS action instead of the
	 * default (which numbers, 74-sim-kvermax checks).
	 */
	uint32_t kvermax;
	uint32_t act_enosys;
};

#define TRACE(...)                                    \
	do {                                          \
		if (verbose)                          \
			fprintf(stderr, __VA_ARGS__); \
	} while (0)

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const struct prop_arch *a;
	unsigned int i;

	verbose = getenv("FUZZ_VERBOSE") != NULL;
	if (seccomp_api_set(7) != 0)
		FUZZ_FAIL("seccomp_api_set(7)");
	prop_api_ours(&api);
	model = pm_new(&api);
	if (model == NULL)
		FUZZ_FAIL("pm_new");
	pool_cnt = (unsigned int)prop_syscall_pool(&api, pool, FUZZ_N(pool));
	tokens[token_cnt++] = SCMP_ARCH_NATIVE;
	for (i = 0; (a = prop_arch_at(i)) != NULL; i++)
		tokens[token_cnt++] = a->token;
	tokens[token_cnt++] = 0x12345678; /* no such ABI */
	memfd = memfd_create("fuzz-api", 0);
	if (memfd < 0)
		FUZZ_FAIL("memfd_create");
	return 0;
}

/*
 * Decoding values
 */

static uint32_t get_token(struct fuzz_in *in)
{
	return tokens[fuzz_u8(in) % token_cnt];
}

static uint32_t get_action(struct fuzz_in *in)
{
	uint8_t b = fuzz_u8(in);

	switch (b % 12) {
	case 0:
	case 1:
		return SCMP_ACT_ALLOW;
	case 2:
		return SCMP_ACT_KILL;
	case 3:
		return SCMP_ACT_KILL_PROCESS;
	case 4:
		/* SCMP_ACT_TRAPX: any 16-bit si_errno */
		return b & 0x80 ? SCMP_ACT_TRAPX(fuzz_u16(in)) : SCMP_ACT_TRAP;
	case 5:
		/* mostly small, sometimes at or past MAX_ERRNO */
		return b & 0x80 ? SCMP_ACT_ERRNO(fuzz_u16(in)) :
				  SCMP_ACT_ERRNO(fuzz_u8(in));
	case 6:
		return SCMP_ACT_TRACE(fuzz_u16(in));
	case 7:
		return SCMP_ACT_LOG;
	case 8:
		return SCMP_ACT_NOTIFY;
	case 9:
		return SCMP_ACT_ERRNO(b >> 4);
	case 10:
		return SCMP_ACT_ERRNO(4094 + (b >> 7));
	default:
		return fuzz_u32(in); /* mostly invalid */
	}
}

static int get_syscall(struct fuzz_in *in)
{
	static const int odd[] = { -2,	   -99,	      -100,	 -10001,
				   -10254, INT32_MIN, INT32_MAX, 0x3fffffff,
				   4000,   5000,      6000 };
	uint8_t b = fuzz_u8(in);

	if (b < 0x80)
		return pool[b % pool_cnt];
	if (b < 0x90)
		return odd[b % FUZZ_N(odd)];
	if (b < 0xa0)
		return (int)fuzz_u32(in);
	return fuzz_u8(in) | (b & 1) << 8; /* a native number 0..511 */
}

static uint64_t get_datum(struct fuzz_in *in)
{
	static const uint64_t edges[] = {
		0,
		1,
		2,
		0x7f,
		0x80,
		0xff,
		0xfff,
		0x7fffffff,
		0x80000000,
		0xfffffffe,
		0xffffffff,
		0x100000000ULL,
		0x100000001ULL,
		0xffffffff00000000ULL,
		0xffffffff80000000ULL,
		0x7fffffffffffffffULL,
		0x8000000000000000ULL,
		0xfffffffffffffffeULL,
		0xffffffffffffffffULL,
		0xf0f0f0f0f0f0f0f0ULL,
	};
	uint8_t b = fuzz_u8(in);

	if (b < 0xa0)
		return edges[b % FUZZ_N(edges)];
	if (b < 0xd0)
		return fuzz_u8(in);
	if (b < 0xe0)
		return fuzz_u32(in);
	return fuzz_u64(in);
}

static void get_cmp(struct fuzz_in *in, struct scmp_arg_cmp *c)
{
	uint8_t b = fuzz_u8(in);
	unsigned int op = (b >> 3) % 9; /* 0 and 8 too */

	/* 6 and 7 are out of range; a repeated one makes an AND */
	c->arg = b & 7;
	/* the upper half with SCMP_CMP_32BIT, one with a flag none has */
	if (b >> 3 >= 18)
		op |= SCMP_CMP_32BIT;
	if (b >> 3 == 29)
		op |= 1U << (17 + fuzz_u8(in) % 15);
	/* ours, SCMP_CMP_EXT_SIGNED: on any operator, 32-bit or not */
	if ((b >> 3) % 5 == 4)
		op |= SCMP_CMP_EXT_SIGNED;
	c->op = (enum scmp_compare)op;
	if (b >= 0xf8)
		c->arg = fuzz_u32(in);
	c->datum_a = get_datum(in);
	c->datum_b = (op & SCMP_CMP_OPMASK) == SCMP_CMP_MASKED_EQ ?
			     get_datum(in) :
			     0;
}

/*
 * Facts the harness reads through the public API
 */

static unsigned int arch_count(scmp_filter_ctx ctx)
{
	const struct prop_arch *a;
	unsigned int i, n = 0;

	for (i = 0; (a = prop_arch_at(i)) != NULL; i++)
		if (seccomp_arch_exist(ctx, a->token) == 0)
			n++;
	return n;
}

static bool big_endian(scmp_filter_ctx ctx)
{
	const struct prop_arch *a;
	unsigned int i;

	for (i = 0; (a = prop_arch_at(i)) != NULL; i++)
		if (seccomp_arch_exist(ctx, a->token) == 0)
			return a->big_endian;
	return false;
}

/* The whole contents of the memory file, after an export into it. */
static char *memfd_take(size_t *len)
{
	off_t size = lseek(memfd, 0, SEEK_END);
	char *buf;

	if (size < 0)
		FUZZ_FAIL("lseek");
	buf = malloc((size_t)size + 1);
	if (buf == NULL || pread(memfd, buf, (size_t)size, 0) != size)
		FUZZ_FAIL("reading the memory file");
	buf[size] = '\0';
	*len = (size_t)size;
	return buf;
}

/* The filter's BPF (NULL, *len 0 if there is none), malloc'd. */
static char *export_bytes(scmp_filter_ctx ctx, size_t *len)
{
	char *buf;

	*len = 0;
	if (seccomp_export_bpf_mem(ctx, NULL, len) != 0) {
		*len = 0;
		return NULL;
	}
	buf = malloc(*len);
	if (buf == NULL || seccomp_export_bpf_mem(ctx, buf, len) != 0)
		FUZZ_FAIL("export_bpf_mem");
	return buf;
}

static void memfd_clear(void)
{
	if (ftruncate(memfd, 0) != 0 || lseek(memfd, 0, SEEK_SET) != 0)
		FUZZ_FAIL("ftruncate");
}

/*
 * Checking exports
 */

/*
 * The instructions libseccomp's generator may emit (abi.md 3.11), and the
 * sign flip of our signed comparisons (SCMP_CMP_EXT_SIGNED), xor with
 * 0x80000000 alone.
 */
static bool insn_expected(const struct sock_filter *f)
{
	if (f->code == (BPF_ALU | BPF_XOR | BPF_K))
		return f->k == 0x80000000U;
	switch (f->code) {
	case BPF_LD | BPF_W | BPF_ABS:
	case BPF_ALU | BPF_AND | BPF_K:
	case BPF_JMP | BPF_JEQ | BPF_K:
	case BPF_JMP | BPF_JGT | BPF_K:
	case BPF_JMP | BPF_JGE | BPF_K:
	case BPF_JMP | BPF_JSET | BPF_K:
	case BPF_JMP | BPF_JA:
	case BPF_RET | BPF_K:
		return true;
	}
	return false;
}

struct sample {
	struct bpf_sim_prog *prog;
	const struct run *run;
	unsigned int cnt;
};

/* One input: the simulated filter must return the model's action. */
static int sample_one(const struct seccomp_data *d, void *arg)
{
	struct sample *s = arg;
	struct bpf_sim_result res;
	struct pm_why why;
	uint32_t want;

	if (bpf_sim_run(s->prog, d, &res) != 0)
		FUZZ_FAIL("bpf_sim_run failed on a verified program");
	want = pm_eval(model, d, &why);
	/* KVERMAX: the default of a number no rule names may be ENOSYS */
	if (why.kind == PM_DEFAULT && why.entries == 0 &&
	    s->run->kvermax != SCMP_KV_UNDEF && d->nr != 0xffffffffU &&
	    res.action == s->run->act_enosys)
		want = res.action;
	if (res.action != want)
		FUZZ_FAIL("arch 0x%08x nr %d args %#llx %#llx %#llx %#llx "
			  "%#llx %#llx: filter 0x%08x, model 0x%08x "
			  "(model reason %d, rule %d)",
			  d->arch, d->nr, (unsigned long long)d->args[0],
			  (unsigned long long)d->args[1],
			  (unsigned long long)d->args[2],
			  (unsigned long long)d->args[3],
			  (unsigned long long)d->args[4],
			  (unsigned long long)d->args[5], res.action, want,
			  why.kind, why.rule);
	return ++s->cnt >= SAMPLES_MAX;
}

/* The PFC text: header, one block per ABI, footer. */
static void check_pfc(struct run *r, unsigned int arch_cnt)
{
	static const char head[] = "#\n# pseudo filter code start\n#\n";
	static const char tail[] = "#\n# pseudo filter code end\n#\n";
	const char *p;
	unsigned int blocks = 0;
	size_t len;
	char *text;
	int rc;

	memfd_clear();
	rc = seccomp_export_pfc(r->ctx, memfd);
	if (arch_cnt == 0) {
		if (rc != -EINVAL)
			FUZZ_FAIL("export_pfc without ABIs: %d", rc);
		return;
	}
	if (rc != 0)
		FUZZ_FAIL("export_pfc: %d", rc);
	text = memfd_take(&len);
	if (len < sizeof(head) + sizeof(tail) ||
	    memcmp(text, head, sizeof(head) - 1) != 0 ||
	    strcmp(text + len - (sizeof(tail) - 1), tail) != 0 ||
	    strlen(text) != len)
		FUZZ_FAIL("malformed PFC:\n%s", text);
	for (p = text; (p = strstr(p, "\n# filter for arch ")) != NULL; p++)
		blocks++;
	if (blocks != arch_cnt)
		FUZZ_FAIL("PFC has %u ABI blocks, the filter %u ABIs", blocks,
			  arch_cnt);
	free(text);
}

/*
 * Exports the filter every way and checks the program; with @sample, also
 * compares it with the model on sampled inputs.
 */
static void check_export(struct run *r, bool sample)
{
	unsigned int arch_cnt = arch_count(r->ctx), i;
	struct bpf_sim_prog prog = { 0 };
	struct bpf_sim_fault fault;
	size_t len = 0, len2, fd_len;
	char *buf, *fd_buf;
	int rc;

	rc = seccomp_export_bpf_mem(r->ctx, NULL, &len);
	if (arch_cnt == 0) {
		if (rc != -EINVAL ||
		    seccomp_export_bpf(r->ctx, memfd) != -EINVAL)
			FUZZ_FAIL("export without ABIs: %d", rc);
		check_pfc(r, 0);
		return;
	}
	/* too big for BPF_MAXINSNS: -E2BIG, which the API reports as -EFAULT */
	if (rc == -EFAULT && r->rules >= RULES_BIG)
		return;
	if (rc != 0)
		FUZZ_FAIL("export_bpf_mem size query: %d", rc);
	if (len == 0 || len % sizeof(struct sock_filter) != 0 ||
	    len > BPF_MAXINSNS * sizeof(struct sock_filter))
		FUZZ_FAIL("program size %zu bytes", len);

	buf = malloc(len);
	len2 = len;
	if (buf == NULL || seccomp_export_bpf_mem(r->ctx, buf, &len2) != 0 ||
	    len2 != len)
		FUZZ_FAIL("export_bpf_mem");
	/* a buffer one instruction short: -ERANGE, the size still told */
	len2 = len - sizeof(struct sock_filter);
	rc = seccomp_export_bpf_mem(r->ctx, buf, &len2);
	if (rc != -ERANGE || len2 != len)
		FUZZ_FAIL("export_bpf_mem, short buffer: %d, %zu", rc, len2);
	memfd_clear();
	rc = seccomp_export_bpf(r->ctx, memfd);
	fd_buf = memfd_take(&fd_len);
	if (rc != 0 || fd_len != len || memcmp(fd_buf, buf, len) != 0)
		FUZZ_FAIL("export_bpf (%d) differs from export_bpf_mem", rc);
	free(fd_buf);

	rc = bpf_sim_load_mem(&prog, buf, len, big_endian(r->ctx));
	if (rc != 0)
		FUZZ_FAIL("bpf_sim_load_mem: %d", rc);
	if (bpf_sim_verify(&prog, &fault) != 0)
		FUZZ_FAIL("invalid program: insn %u: %s", fault.pc,
			  bpf_sim_reason_str(fault.reason));
	for (i = 0; i < prog.len; i++)
		if (!insn_expected(&prog.insns[i]))
			FUZZ_FAIL("insn %u: unexpected opcode 0x%02x", i,
				  prog.insns[i].code);

	if (sample && r->model_on) {
		struct prop_rng rng = { r->seed ^ r->op };
		struct sample s = { &prog, r, 0 };

		rc = pm_inputs(model, &rng, 2, sample_one, &s);
		if (rc < 0)
			FUZZ_FAIL("pm_inputs: %d", rc);
	}
	bpf_sim_free(&prog);
	free(buf);
	check_pfc(r, arch_cnt);
}

/*
 * Calls
 */

/* A call the model describes: its return code must be the model's. */
static void expect_model(struct run *r, const struct prop_op *op, int got,
			 const char *what)
{
	int want;

	if (!r->model_on)
		return;
	want = pm_apply(model, op, (int)r->op);
	if (got != want)
		FUZZ_FAIL("call %u (%s): returned %d, the model says %d", r->op,
			  what, got, want);
}

static int call_rule(struct run *r, const struct prop_op *op, bool null_array)
{
	const struct scmp_arg_cmp *c = op->cmps;
	bool exact = op->call == PROP_CALL_EXACT_ARRAY ||
		     op->call == PROP_CALL_EXACT_VA;
	int (*va)(scmp_filter_ctx, uint32_t, int, unsigned int, ...);

	if (op->call == PROP_CALL_ARRAY)
		return seccomp_rule_add_array(r->ctx, op->action, op->syscall,
					      op->cnt, null_array ? NULL : c);
	if (op->call == PROP_CALL_EXACT_ARRAY)
		return seccomp_rule_add_exact_array(r->ctx, op->action,
						    op->syscall, op->cnt,
						    null_array ? NULL : c);
	va = exact ? seccomp_rule_add_exact : seccomp_rule_add;
	switch (op->cnt) {
	case 0:
		return va(r->ctx, op->action, op->syscall, 0);
	case 1:
		return va(r->ctx, op->action, op->syscall, 1, c[0]);
	case 2:
		return va(r->ctx, op->action, op->syscall, 2, c[0], c[1]);
	case 3:
		return va(r->ctx, op->action, op->syscall, 3, c[0], c[1], c[2]);
	case 4:
		return va(r->ctx, op->action, op->syscall, 4, c[0], c[1], c[2],
			  c[3]);
	case 5:
		return va(r->ctx, op->action, op->syscall, 5, c[0], c[1], c[2],
			  c[3], c[4]);
	case 6:
		return va(r->ctx, op->action, op->syscall, 6, c[0], c[1], c[2],
			  c[3], c[4], c[5]);
	default:
		/* rejected before any argument is read */
		return va(r->ctx, op->action, op->syscall, op->cnt);
	}
}

static void op_rule(struct run *r, struct fuzz_in *in)
{
	struct prop_op op = { .kind = PROP_RULE };
	uint8_t b = fuzz_u8(in);
	bool null_array;
	unsigned int i;
	int rc;

	op.call = (enum prop_call)(b & 3);
	op.cnt = (b >> 2) & 7; /* 7: more than six */
	if (b >= 0xfc)
		op.cnt = fuzz_u32(in);
	op.action = get_action(in);
	op.syscall = get_syscall(in);
	for (i = 0; i < op.cnt && i < PROP_ARGS; i++)
		get_cmp(in, &op.cmps[i]);
	null_array = op.cnt > 0 && op.cnt <= PROP_ARGS && (b & 0xe0) == 0xe0 &&
		     (op.call == PROP_CALL_ARRAY ||
		      op.call == PROP_CALL_EXACT_ARRAY);

	rc = call_rule(r, &op, null_array);
	TRACE("%u: rule call %d action 0x%08x syscall %d cnt %u%s -> %d\n",
	      r->op, op.call, op.action, op.syscall, op.cnt,
	      null_array ? " NULL array" : "", rc);
	for (i = 0; i < op.cnt && i < PROP_ARGS && verbose; i++)
		TRACE("     a%u op %d %#llx %#llx\n", op.cmps[i].arg,
		      op.cmps[i].op, (unsigned long long)op.cmps[i].datum_a,
		      (unsigned long long)op.cmps[i].datum_b);
	if (null_array) {
		if (rc != -EINVAL)
			FUZZ_FAIL("rule with a NULL array: %d", rc);
		return;
	}
	expect_model(r, &op, rc, "rule add");
	if (rc == 0)
		r->rules++;
}

/* What attr_set must return for the attributes the model leaves out. */
static int attr_want(unsigned int arch_cnt, int attr, uint32_t value)
{
	if (arch_cnt == 0)
		return -EINVAL;
	switch (attr) {
	case SCMP_FLTATR_ACT_ENOSYS:
		return pm_action_valid(value) ? 0 : -EINVAL;
	case SCMP_FLTATR_CTL_KVERMAX:
		return value > __SCMP_KV_NULL && value < __SCMP_KV_MAX ?
			       0 :
			       -EINVAL;
	case SCMP_FLTATR_ACT_DEFAULT:
		return -EACCES;
	case SCMP_FLTATR_CTL_NNP:
	case SCMP_FLTATR_CTL_TSYNC: /* level 7: TSYNC_ESRCH is there */
	case SCMP_FLTATR_CTL_LOG:
	case SCMP_FLTATR_CTL_SSB:
	case SCMP_FLTATR_API_SYSRAWRC:
	case SCMP_FLTATR_CTL_WAITKILL:
		return 0;
	}
	return -EINVAL;
}

static void op_attr(struct run *r, struct fuzz_in *in)
{
	struct prop_op op = { .kind = PROP_ATTR_SET };
	unsigned int arch_cnt = arch_count(r->ctx);
	uint8_t b = fuzz_u8(in);
	uint32_t got = 0xdeadbeef, want;
	int rc, rc_get;

	op.attr = b % 14;
	if (b >= 0xf0)
		op.attr = (int)fuzz_u32(in);
	/* ours: SCMP_FLTATR_EXT_ACT_BADARG32 and _ACT_MUX, which the model has */
	if (b >= 0xe8 && b < 0xf0)
		op.attr = (int)SCMP_FLTATR_EXT_ACT_BADARG32;
	if (b >= 0xe0 && b < 0xe8)
		op.attr = (int)SCMP_FLTATR_EXT_ACT_MUX;
	switch (fuzz_u8(in) % 6) {
	case 5:
		op.value = SCMP_EXT_ACT_UNSET;
		break;
	case 0:
		op.value = 0;
		break;
	case 1:
		op.value = 1;
		break;
	case 2:
		op.value = 2;
		break;
	case 3:
		op.value = get_action(in);
		break;
	default:
		op.value = fuzz_u32(in);
		break;
	}
	rc = seccomp_attr_set(r->ctx, (enum scmp_filter_attr)op.attr, op.value);
	TRACE("%u: attr_set %d 0x%x -> %d\n", r->op, op.attr, op.value, rc);
	if (op.attr == SCMP_FLTATR_ACT_BADARCH ||
	    op.attr == SCMP_FLTATR_API_TSKIP ||
	    op.attr == SCMP_FLTATR_CTL_OPTIMIZE ||
	    op.attr == (int)SCMP_FLTATR_EXT_ACT_BADARG32 ||
	    op.attr == (int)SCMP_FLTATR_EXT_ACT_MUX)
		expect_model(r, &op, rc, "attr_set");
	else if (rc != attr_want(arch_cnt, op.attr, op.value))
		FUZZ_FAIL("attr_set(%d, 0x%x) = %d, want %d", op.attr, op.value,
			  rc, attr_want(arch_cnt, op.attr, op.value));
	if (rc == 0 && op.attr == SCMP_FLTATR_CTL_KVERMAX)
		r->kvermax = op.value;
	if (rc == 0 && op.attr == SCMP_FLTATR_ACT_ENOSYS)
		r->act_enosys = op.value;

	/* a set value reads back (booleans as 0 or 1) */
	rc_get = seccomp_attr_get(r->ctx, (enum scmp_filter_attr)op.attr, &got);
	if (rc != 0)
		return;
	want = op.value;
	if (op.attr != SCMP_FLTATR_ACT_BADARCH &&
	    op.attr != SCMP_FLTATR_CTL_OPTIMIZE &&
	    op.attr != SCMP_FLTATR_ACT_ENOSYS &&
	    op.attr != SCMP_FLTATR_CTL_KVERMAX &&
	    op.attr != (int)SCMP_FLTATR_EXT_ACT_BADARG32 &&
	    op.attr != (int)SCMP_FLTATR_EXT_ACT_MUX)
		want = op.value != 0;
	if (rc_get != 0 || got != want)
		FUZZ_FAIL("attr_get(%d) = %d, 0x%x after setting 0x%x", op.attr,
			  rc_get, got, op.value);
}

static void op_arch(struct run *r, struct fuzz_in *in, bool add)
{
	struct prop_op op = { .kind = add ? PROP_ARCH_ADD : PROP_ARCH_REMOVE };
	int rc;

	op.token = get_token(in);
	rc = add ? seccomp_arch_add(r->ctx, op.token) :
		   seccomp_arch_remove(r->ctx, op.token);
	TRACE("%u: arch_%s 0x%08x -> %d\n", r->op, add ? "add" : "remove",
	      op.token, rc);
	expect_model(r, &op, rc, add ? "arch_add" : "arch_remove");
}

static void op_priority(struct run *r, struct fuzz_in *in)
{
	struct prop_op op = { .kind = PROP_PRIORITY };
	int rc;

	op.syscall = get_syscall(in);
	op.priority = fuzz_u8(in);
	rc = seccomp_syscall_priority(r->ctx, op.syscall, op.priority);
	TRACE("%u: priority %d %u -> %d\n", r->op, op.syscall, op.priority, rc);
	expect_model(r, &op, rc, "priority");
}

static void op_txn(struct run *r, struct fuzz_in *in)
{
	struct prop_op op = { 0 };
	int rc = 0;

	switch (fuzz_u8(in) % 3) {
	case 0:
		op.kind = PROP_TXN_START;
		rc = seccomp_transaction_start(r->ctx);
		break;
	case 1:
		op.kind = PROP_TXN_COMMIT;
		rc = seccomp_transaction_commit(r->ctx);
		break;
	default:
		op.kind = PROP_TXN_REJECT;
		seccomp_transaction_reject(r->ctx);
		break;
	}
	TRACE("%u: transaction %d -> %d\n", r->op, op.kind, rc);
	expect_model(r, &op, rc, "transaction");
}

static void op_reset(struct run *r, struct fuzz_in *in)
{
	uint32_t act = get_action(in);
	int rc;

	if (fuzz_u8(in) == 0xff) {
		/* global state: probes and the listener; force the level again
		 */
		rc = seccomp_reset(NULL, act);
		seccomp_api_set(7);
		TRACE("%u: reset NULL -> %d\n", r->op, rc);
		if (rc != 0)
			FUZZ_FAIL("reset(NULL) = %d", rc);
		return;
	}
	rc = seccomp_reset(r->ctx, act);
	TRACE("%u: reset 0x%08x -> %d\n", r->op, act, rc);
	if (rc == 0) {
		pm_init(model, act);
		r->model_on = true;
		r->def = act;
		r->rules = 0;
		r->kvermax = SCMP_KV_UNDEF;
		r->act_enosys = SCMP_ACT_ERRNO(ENOSYS);
		return;
	}
	if (rc != -EINVAL)
		FUZZ_FAIL("reset(0x%08x) = %d", act, rc);
}

/* Whether two filters' ABI sets overlap, and their byte orders. */
static int merge_want(scmp_filter_ctx dst, scmp_filter_ctx src,
		      uint32_t src_def, bool src_tsync, uint32_t dst_def)
{
	const struct prop_arch *a;
	unsigned int i, nd = 0, ns = 0;
	bool overlap = false;
	uint32_t tsync = 0, nnp = 1, kvermax = 0, enosys = 0, badarg = 0,
		 mux = 0;

	for (i = 0; (a = prop_arch_at(i)) != NULL; i++) {
		bool d = seccomp_arch_exist(dst, a->token) == 0;
		bool s = seccomp_arch_exist(src, a->token) == 0;

		nd += d;
		ns += s;
		overlap = overlap || (d && s);
	}
	seccomp_attr_get(dst, SCMP_FLTATR_CTL_TSYNC, &tsync);
	seccomp_attr_get(dst, SCMP_FLTATR_CTL_NNP, &nnp);
	/* the source has the defaults of these */
	seccomp_attr_get(dst, SCMP_FLTATR_CTL_KVERMAX, &kvermax);
	seccomp_attr_get(dst, SCMP_FLTATR_ACT_ENOSYS, &enosys);
	seccomp_attr_get(dst, SCMP_FLTATR_EXT_ACT_BADARG32, &badarg);
	seccomp_attr_get(dst, SCMP_FLTATR_EXT_ACT_MUX, &mux);
	if (nd == 0 || ns == 0 || src_def != dst_def ||
	    src_tsync != (tsync != 0) || nnp != 1 || kvermax != SCMP_KV_UNDEF ||
	    enosys != SCMP_ACT_ERRNO(ENOSYS) || badarg != SCMP_EXT_ACT_UNSET ||
	    mux != SCMP_EXT_ACT_UNSET)
		return -EINVAL;
	if (big_endian(dst) != big_endian(src))
		return -EDOM;
	return overlap ? -EEXIST : 0;
}

static void op_merge(struct run *r, struct fuzz_in *in)
{
	uint8_t b = fuzz_u8(in);
	uint32_t def = b & 1 ? r->def : get_action(in);
	bool tsync = (b & 6) == 6;
	scmp_filter_ctx src = seccomp_init(def);
	unsigned int i, steps = (b >> 3) & 3;
	size_t before_len, after_len;
	char *before, *after;
	int rc, want;

	TRACE("%u: merge with a filter for 0x%08x%s\n", r->op, def,
	      tsync ? " TSYNC" : "");
	if (src == NULL) {
		if (seccomp_merge(r->ctx, NULL) != -EINVAL)
			FUZZ_FAIL("merge with NULL");
		return;
	}
	if (tsync)
		seccomp_attr_set(src, SCMP_FLTATR_CTL_TSYNC, 1);
	if (b & 0x20)
		seccomp_arch_remove(src, SCMP_ARCH_NATIVE);
	for (i = 0; i < steps; i++) {
		seccomp_arch_add(src, get_token(in));
		seccomp_rule_add(src,
				 SCMP_ACT_ERRNO(i + 1) == def ?
					 SCMP_ACT_TRAP :
					 SCMP_ACT_ERRNO(i + 1),
				 get_syscall(in), 0);
	}
	want = merge_want(r->ctx, src, def, tsync, r->def);
	before = export_bytes(r->ctx, &before_len);
	rc = seccomp_merge(r->ctx, src);
	TRACE("     -> %d\n", rc);
	if (rc != want)
		FUZZ_FAIL("merge = %d, want %d", rc, want);
	if (rc == 0) {
		/* the model has no merge: it is out of date from here */
		r->model_on = false;
		free(before);
		return;
	}
	after = export_bytes(r->ctx, &after_len);
	if (before_len != after_len ||
	    (before_len > 0 && memcmp(before, after, before_len) != 0))
		FUZZ_FAIL("a failed merge changed the filter");
	free(before);
	free(after);
	seccomp_release(src);
}

static void op_precompute(struct run *r)
{
	size_t len1 = 0, len2 = 0;
	char *a, *b;
	int rc;

	if (arch_count(r->ctx) == 0) {
		if (seccomp_precompute(r->ctx) != -EINVAL)
			FUZZ_FAIL("precompute without ABIs");
		return;
	}
	if (seccomp_export_bpf_mem(r->ctx, NULL, &len1) != 0)
		return; /* too big: check_export judges */
	a = malloc(len1);
	if (a == NULL || seccomp_export_bpf_mem(r->ctx, a, &len1) != 0)
		FUZZ_FAIL("export before precompute");
	rc = seccomp_precompute(r->ctx);
	TRACE("%u: precompute -> %d\n", r->op, rc);
	if (rc != 0)
		FUZZ_FAIL("precompute = %d", rc);
	if (seccomp_export_bpf_mem(r->ctx, NULL, &len2) != 0 || len2 != len1)
		FUZZ_FAIL("export after precompute: size %zu, was %zu", len2,
			  len1);
	b = malloc(len2);
	if (b == NULL || seccomp_export_bpf_mem(r->ctx, b, &len2) != 0 ||
	    memcmp(a, b, len1) != 0)
		FUZZ_FAIL("the precomputed program differs");
	free(a);
	free(b);
}

/*
 * A number's name must name it back: the same number, or (x32 numbers with
 * and without their x32 bit, socket calls on multiplexing ABIs, which
 * resolve to their pseudo numbers) one with the same name.
 */
static void op_resolve(struct run *r, struct fuzz_in *in)
{
	uint32_t token = get_token(in);
	int num = get_syscall(in), back;
	char *name, *again;

	name = seccomp_syscall_resolve_num_arch(token, num);
	TRACE("%u: resolve 0x%08x %d -> %s\n", r->op, token, num,
	      name ? name : "(null)");
	if (name == NULL)
		return;
	back = seccomp_syscall_resolve_name_arch(token, name);
	again = back == num ? NULL :
			      seccomp_syscall_resolve_num_arch(token, back);
	if (back != num && (again == NULL || strcmp(again, name) != 0))
		FUZZ_FAIL("%d resolves to \"%s\", which resolves to %d (%s)",
			  num, name, back, again ? again : "(null)");
	free(again);
	free(name);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_in in = { data, size };
	struct run r = { 0 };
	unsigned int i;

	for (i = 0; i < size; i++)
		r.seed = (r.seed ^ data[i]) * 0x100000001b3ULL;
	r.def = get_action(&in);
	r.ctx = seccomp_init(r.def);
	TRACE("init 0x%08x -> %p\n", r.def, r.ctx);
	if (r.ctx == NULL) {
		if (seccomp_rule_add(NULL, SCMP_ACT_ALLOW, 0, 0) != -EINVAL ||
		    seccomp_arch_add(NULL, SCMP_ARCH_NATIVE) != -EINVAL)
			FUZZ_FAIL("calls on a NULL filter");
		return 0;
	}
	pm_init(model, r.def);
	r.model_on = true;
	r.kvermax = SCMP_KV_UNDEF;
	r.act_enosys = SCMP_ACT_ERRNO(ENOSYS);

	for (r.op = 0; r.op < OPS_MAX && in.n > 0; r.op++) {
		switch (fuzz_u8(&in) % 16) {
		case 0:
		case 1:
		case 2:
		case 3:
		case 4:
			op_rule(&r, &in);
			break;
		case 5:
			op_arch(&r, &in, true);
			break;
		case 6:
			op_arch(&r, &in, false);
			break;
		case 7:
			op_priority(&r, &in);
			break;
		case 8:
			op_attr(&r, &in);
			break;
		case 9:
			op_txn(&r, &in);
			break;
		case 10:
			check_export(&r, true);
			break;
		case 11:
			op_precompute(&r);
			break;
		case 12:
			op_reset(&r, &in);
			break;
		case 13:
			op_merge(&r, &in);
			break;
		case 14:
			op_resolve(&r, &in);
			break;
		default:
			check_export(&r, false);
			break;
		}
	}
	check_export(&r, true);
	seccomp_release(r.ctx);
	return 0;
}
