/* SPDX-License-Identifier: LGPL-2.1-only */
/* 57-live-transaction: nested transactions against a model, then live. */

/*
 * Random sequences of seccomp_transaction_start/commit/reject, rule adds
 * (unconditional, or on arg0 equal to a small number) and priorities run
 * on a filter and, in parallel, on a model of libseccomp's merge rules:
 *   - a rule whose action is the default fails with -EACCES;
 *   - the first unconditional rule of a syscall stays; a later one, or a
 *     conditional one, is dropped (0);
 *   - an unconditional rule replaces the syscall's conditional ones;
 *   - the same condition with another action is -EEXIST, with the same
 *     action a no-op;
 *   - start saves the state, commit keeps the changes, reject returns to
 *     the saved state; both are no-ops outside a transaction.
 * After every step the exported program, run in bpf_sim for every victim
 * syscall and arg0 value, must give the model's answer; a reject and a
 * failed add must leave the program byte for byte as it was. At the end of
 * each sequence a child loads the filter and the kernel must answer as the
 * model does. Fixed seed (SEED=n overrides; ROUNDS=n sets the number of
 * sequences). Exit 77 without seccomp filters.
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>

#include <seccomp.h>

#include "bpf_sim.h"
#include "live_util.h"

#define BIG_ENDIAN_HOST (__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__)

#define DEFAULT_ERRNO 100
#define VALUES 4 /* rules test arg0 == 0..VALUES-1 */
#define STEPS 60
#define DEPTH_MAX 8
#define PROG_MAX (64 * 1024)

/* Harmless whatever their arguments, should a broken filter let them run. */
static const int victims[] = {
	__NR_getppid, __NR_getuid,  __NR_getgid, __NR_geteuid,
	__NR_getegid, __NR_getpgid, __NR_getsid, __NR_sched_getscheduler,
};
#define VICTIM_CNT (sizeof(victims) / sizeof(victims[0]))

/* What one syscall holds; action 0 means none (no rule uses ERRNO(0)). */
struct model_sys {
	uint32_t uncond;
	uint32_t on_value[VALUES];
};

struct model {
	struct model_sys sys[VICTIM_CNT];
};

struct prog_bytes {
	size_t len;
	unsigned char buf[PROG_MAX];
};

static uint64_t rng_state;
static unsigned int round_no, step_no;
static bool trace; /* TRACE=1: print each step */

static uint64_t rnd(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545f4914f6cdd1dULL;
}

/* The model's rule add: its return code, changing @m as libseccomp does. */
static int model_add(struct model *m, unsigned int v, uint32_t action,
		     int value)
{
	struct model_sys *s = &m->sys[v];

	if (action == SCMP_ACT_ERRNO(DEFAULT_ERRNO))
		return -EACCES;
	if (s->uncond != 0)
		return 0;
	if (value < 0) {
		memset(s, 0, sizeof(*s));
		s->uncond = action;
		return 0;
	}
	if (s->on_value[value] == 0)
		s->on_value[value] = action;
	else if (s->on_value[value] != action)
		return -EEXIST;
	return 0;
}

static uint32_t model_eval(const struct model *m, unsigned int v, uint64_t arg0)
{
	const struct model_sys *s = &m->sys[v];

	if (s->uncond != 0)
		return s->uncond;
	if (arg0 < VALUES && s->on_value[arg0] != 0)
		return s->on_value[arg0];
	return SCMP_ACT_ERRNO(DEFAULT_ERRNO);
}

static bool export(scmp_filter_ctx ctx, struct prog_bytes *p)
{
	p->len = sizeof(p->buf);
	return seccomp_export_bpf_mem(ctx, p->buf, &p->len) == 0;
}

static bool same_bytes(const struct prog_bytes *a, const struct prog_bytes *b)
{
	return a->len == b->len && memcmp(a->buf, b->buf, a->len) == 0;
}

static void fail(const char *what)
{
	printf("FAIL round %u step %u: %s\n", round_no, step_no, what);
	test_failures++;
}

/* Every victim and arg0 through the simulator, against the model. */
static void check_sim(scmp_filter_ctx ctx, const struct model *m)
{
	static struct prog_bytes p;
	struct bpf_sim_prog prog = { 0 };
	struct bpf_sim_result res;
	struct seccomp_data data;
	unsigned int v;
	uint64_t a;

	if (!export(ctx, &p) ||
	    bpf_sim_load_mem(&prog, p.buf, p.len, BIG_ENDIAN_HOST) != 0) {
		fail("no program");
		return;
	}
	for (v = 0; v < VICTIM_CNT; v++) {
		for (a = 0; a <= VALUES; a++) {
			memset(&data, 0, sizeof(data));
			data.nr = victims[v];
			data.arch = live_kernel_arch();
			data.args[0] = a;
			if (bpf_sim_run(&prog, &data, &res) != 0 ||
			    res.action != model_eval(m, v, a)) {
				printf("FAIL round %u step %u: nr %d arg0 %llu:"
				       " program %#x, model %#x\n",
				       round_no, step_no, data.nr,
				       (unsigned long long)a, res.action,
				       model_eval(m, v, a));
				test_failures++;
			}
		}
	}
	bpf_sim_free(&prog);
}

/* In a child: the kernel's answers must be the model's. */
struct kernel_job {
	scmp_filter_ctx ctx;
	const struct model *m;
};

static int child_kernel(void *arg)
{
	const struct kernel_job *job = arg;
	long got[VICTIM_CNT][VALUES + 1];
	unsigned int v, a;

	if (seccomp_load(job->ctx) != 0)
		return LIVE_SETUP_FAILED;
	/*
	 * Precomputed: the load allocates nothing, and only write and
	 * exit_group run from here (not even mmap for a sanitizer's
	 * allocator): no stdio until done.
	 */
	for (v = 0; v < VICTIM_CNT; v++)
		for (a = 0; a <= VALUES; a++)
			got[v][a] = live_syscall(victims[v], a, 0, 0, 0, 0, 0);
	for (v = 0; v < VICTIM_CNT; v++)
		for (a = 0; a <= VALUES; a++)
			EXPECT(got[v][a],
			       -(long)(model_eval(job->m, v, a) & 0xffff));
	return live_child_result();
}

static void one_round(void)
{
	static struct prog_bytes saved[DEPTH_MAX], before, after;
	struct model model, stack[DEPTH_MAX];
	unsigned int depth = 0, v;
	struct kernel_job job;
	scmp_filter_ctx ctx;
	uint32_t action;
	int value, rc, want;

	memset(&model, 0, sizeof(model));
	ctx = seccomp_init(SCMP_ACT_ERRNO(DEFAULT_ERRNO));
	/* what the kernel check's child needs to report and end */
	if (ctx == NULL ||
	    seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(write), 0) != 0 ||
	    seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(exit_group), 0)) {
		fail("setup");
		return;
	}

	for (step_no = 0; step_no < STEPS; step_no++) {
		switch (rnd() % 10) {
		case 0:
		case 1:
			if (depth == DEPTH_MAX)
				break;
			if (trace)
				printf("%u: start\n", step_no);
			EXPECT(seccomp_transaction_start(ctx), 0);
			stack[depth] = model;
			export(ctx, &saved[depth]);
			depth++;
			break;
		case 2:
			if (trace)
				printf("%u: commit\n", step_no);
			EXPECT(seccomp_transaction_commit(ctx), 0);
			if (depth > 0)
				depth--;
			break;
		case 3:
			if (trace)
				printf("%u: reject\n", step_no);
			seccomp_transaction_reject(ctx);
			if (depth == 0) {
				check_sim(ctx, &model);
				break;
			}
			depth--;
			model = stack[depth];
			export(ctx, &after);
			if (!same_bytes(&saved[depth], &after))
				fail("reject did not restore the program");
			break;
		case 4:
			/* priorities change the layout, never the answers */
			v = (unsigned int)(rnd() % VICTIM_CNT);
			action = (uint8_t)rnd();
			if (trace)
				printf("%u: priority %d %u\n", step_no,
				       victims[v], action);
			EXPECT(seccomp_syscall_priority(ctx, victims[v],
							(uint8_t)action),
			       0);
			break;
		default:
			v = (unsigned int)(rnd() % VICTIM_CNT);
			/* now and then the default action: -EACCES */
			action =
				SCMP_ACT_ERRNO(rnd() % 16 == 0 ? DEFAULT_ERRNO :
								 1 + rnd() % 6);
			/* -1: unconditional */
			value = (int)(rnd() % (VALUES + 1)) - 1;
			export(ctx, &before);
			if (value < 0)
				rc = seccomp_rule_add(ctx, action, victims[v],
						      0);
			else
				rc = seccomp_rule_add(
					ctx, action, victims[v], 1,
					SCMP_A0(SCMP_CMP_EQ, value));
			want = model_add(&model, v, action, value);
			if (trace)
				printf("%u: add %d ERRNO(%u) arg0 == %d: %d\n",
				       step_no, victims[v], action & 0xffff,
				       value, rc);
			EXPECT(rc, want);
			if (rc != 0) {
				export(ctx, &after);
				if (!same_bytes(&before, &after))
					fail("a failed add changed the program");
			}
			break;
		}
		check_sim(ctx, &model);
	}

	/* the child's load must not need the allocator: see child_kernel() */
	EXPECT(seccomp_precompute(ctx), 0);
	job.ctx = ctx;
	job.m = &model;
	EXPECT_EXIT(live_run(child_kernel, &job), 0);
	seccomp_release(ctx);
}

int main(void)
{
	const char *env;
	unsigned int rounds = 40;

	live_require(live_kernel_filters(), "seccomp filters");
	rng_state = 0x7a5c7e57ULL;
	env = getenv("SEED");
	if (env != NULL)
		rng_state = strtoull(env, NULL, 0) | 1;
	trace = getenv("TRACE") != NULL;
	env = getenv("ROUNDS");
	if (env != NULL)
		rounds = (unsigned int)strtoul(env, NULL, 0);

	for (round_no = 0; round_no < rounds; round_no++)
		one_round();
	return test_result();
}
