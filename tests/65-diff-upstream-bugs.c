/* SPDX-License-Identifier: LGPL-2.1-only */
/* 65-diff-upstream-bugs: the libseccomp bugs the README says we do not have. */

/*
 * Each case is a filter from the README's list of libseccomp bugs, an
 * input its rules deny, and the action they give it. Ours must give that
 * action in the simulator and, on an x86_64 host, the kernel must kill a
 * child that makes the call under our filter. The system's libseccomp
 * (as in 61-diff-libseccomp) is run on the same cases and its answers are
 * printed, not judged: they show the bug where that library still has it.
 */

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>

#include <linux/audit.h>
#include <seccomp.h>

#include "bpf_sim.h"
#include "live_util.h"
#include "prop.h"

/* One rule of a case: its action, the syscall's name, its comparisons. */
struct rule {
	uint32_t action;
	const char *name;
	unsigned int cnt;
	struct scmp_arg_cmp cmps[2];
};

struct bug {
	const char *what;
	uint32_t def_action;
	uint32_t extra_arch; /* an ABI added to x86_64, or 0 */
	struct rule rules[2];
	int nr; /* the input, on x86_64 */
	uint64_t args[6];
	uint32_t want; /* the action the rules give it */
};

/* clang-format off: the cases read as tables */
static const struct bug bugs[] = {
	/*
	 * libseccomp loses an ABI's "load the syscall number" when it skips
	 * that ABI's first syscall entry (here set_tls, a pseudo number on
	 * x86 ABIs): the x86_64 checks then compare the arch word, and
	 * ptrace goes through.
	 */
	{
		.what = "ptrace(16, 999999) with set_tls's entry skipped",
		.def_action = SCMP_ACT_ALLOW,
		.extra_arch = SCMP_ARCH_X32,
		.rules = {
			{ SCMP_ACT_KILL_PROCESS, "ptrace", 1,
			  { { .arg = 0, .op = SCMP_CMP_NE, .datum_a = 0 } } },
			{ SCMP_ACT_KILL_PROCESS, "set_tls", 0, { { 0 } } },
		},
		.nr = 101,
		.args = { 16, 999999 },
		.want = SCMP_ACT_KILL_PROCESS,
	},
	/*
	 * libseccomp splits 64-bit comparisons into high and low words and
	 * shares equal high-word tests between rules: a0 > 2 and a0 >= 0
	 * share "high word >= 0", so dup3(0, 10, 0) reaches the first rule's
	 * a1 == 10 and is allowed, though a0 > 2 does not hold and neither
	 * does a2 != 0.
	 */
	{
		.what = "dup3(0, 10, 0) past a shared high-word test",
		.def_action = SCMP_ACT_KILL_PROCESS,
		.rules = {
			{ SCMP_ACT_ALLOW, "dup3", 2,
			  { { .arg = 0, .op = SCMP_CMP_GT, .datum_a = 2 },
			    { .arg = 1, .op = SCMP_CMP_EQ, .datum_a = 10 } } },
			{ SCMP_ACT_ERRNO(1), "dup3", 2,
			  { { .arg = 0, .op = SCMP_CMP_GE, .datum_a = 0 },
			    { .arg = 2, .op = SCMP_CMP_NE, .datum_a = 0 } } },
		},
		.nr = 292,
		.args = { 0, 10, 0 },
		.want = SCMP_ACT_KILL_PROCESS,
	},
};
/* clang-format on */

/* @bug's filter for x86_64 (whatever the host), built through @api. */
static scmp_filter_ctx build(const struct prop_api *api, const struct bug *bug)
{
	scmp_filter_ctx ctx = api->init(bug->def_action);
	unsigned int i;
	int nr;

	if (ctx == NULL)
		return NULL;
	if (prop_arch_native() != SCMP_ARCH_X86_64 &&
	    (api->arch_add(ctx, SCMP_ARCH_X86_64) < 0 ||
	     api->arch_remove(ctx, SCMP_ARCH_NATIVE) < 0))
		goto fail;
	if (bug->extra_arch != 0 && api->arch_add(ctx, bug->extra_arch) < 0)
		goto fail;
	for (i = 0; i < 2; i++) {
		const struct rule *r = &bug->rules[i];

		nr = api->resolve_name_arch(SCMP_ARCH_X86_64, r->name);
		if (api->rule_add_array(ctx, r->action, nr, r->cnt, r->cmps) <
		    0)
			goto fail;
	}
	return ctx;
fail:
	api->release(ctx);
	return NULL;
}

#define BUGS (sizeof(bugs) / sizeof(bugs[0]))

/* The action of @api's filter for @bug's input, or -1 if none. */
static int64_t simulate(const struct prop_api *api, const struct bug *bug)
{
	struct seccomp_data d = { .nr = bug->nr, .arch = AUDIT_ARCH_X86_64 };
	struct bpf_sim_prog prog;
	struct bpf_sim_result res;
	scmp_filter_ctx ctx = build(api, bug);
	int64_t action = -1;
	unsigned int i;

	if (ctx == NULL)
		return -1;
	for (i = 0; i < 6; i++)
		d.args[i] = bug->args[i];
	if (prop_export(api, ctx, false, &prog) == 0) {
		if (bpf_sim_run(&prog, &d, &res) == 0)
			action = res.action;
		bpf_sim_free(&prog);
	}
	api->release(ctx);
	return action;
}

/* In a child: load our filter and make the call it must not survive. */
static int make_call(void *arg)
{
	const struct bug *bug = arg;
	struct prop_api ours;
	scmp_filter_ctx ctx;

	prop_api_ours(&ours);
	ctx = build(&ours, bug);
	if (ctx == NULL || seccomp_load(ctx) != 0)
		return LIVE_SETUP_FAILED;
	live_syscall(bug->nr, (long)bug->args[0], (long)bug->args[1],
		     (long)bug->args[2], 0, 0, 0);
	return 0;
}

int main(void)
{
	struct prop_api ours, theirs;
	bool have_theirs = prop_api_open_system(&theirs) == 0;
	bool live =
		prop_arch_native() == SCMP_ARCH_X86_64 && live_kernel_filters();
	char want[32], got[32];
	unsigned int i;

	prop_api_ours(&ours);
	for (i = 0; i < BUGS; i++) {
		const struct bug *bug = &bugs[i];
		int64_t action = simulate(&ours, bug);

		prop_action_str(bug->want, want, sizeof(want));
		if (action != bug->want) {
			printf("FAIL: %s: ours gives %s, want %s\n", bug->what,
			       action < 0 ? "no program" :
					    prop_action_str((uint32_t)action,
							    got, sizeof(got)),
			       want);
			test_failures++;
		}
		if (live)
			EXPECT_SIGNAL(live_run(make_call, (void *)bug), SIGSYS);
		if (have_theirs) {
			action = simulate(&theirs, bug);
			printf("%s: system libseccomp gives %s (rules: %s)\n",
			       bug->what,
			       action < 0 ? "no program" :
					    prop_action_str((uint32_t)action,
							    got, sizeof(got)),
			       want);
		}
	}
	if (!live)
		printf("not an x86_64 host with seccomp: kernel half skipped\n");
	if (have_theirs)
		prop_api_close(&theirs);
	if (test_failures == 0)
		printf("ok\n");
	return test_failures != 0;
}
