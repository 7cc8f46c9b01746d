/* SPDX-License-Identifier: LGPL-2.1-only */
/* scmp_profile explain: which action a syscall gets, and which entry says so.
 */

/*
 * The action is the program's: the filter is built as compile builds it
 * and run in the simulator, once per ABI of the filter. The entry is then
 * looked for among the rules: the first (in the profile's order) for this
 * syscall whose conditions hold for the arguments and whose action is the
 * one the program returned. When several rules match with different
 * actions the program's answer decides which one is named.
 */

#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "scmp_profile.h"

static bool cmp_holds(const struct scmp_arg_cmp *c, const uint64_t *args,
		      bool wide)
{
	uint64_t mask = wide ? UINT64_MAX : 0xffffffffu;
	uint64_t v = args[c->arg] & mask, a = c->datum_a & mask;

	switch (c->op) {
	case SCMP_CMP_NE:
		return v != a;
	case SCMP_CMP_LT:
		return v < a;
	case SCMP_CMP_LE:
		return v <= a;
	case SCMP_CMP_EQ:
		return v == a;
	case SCMP_CMP_GE:
		return v >= a;
	case SCMP_CMP_GT:
		return v > a;
	case SCMP_CMP_MASKED_EQ:
		return (v & a) == (c->datum_b & mask);
	default:
		return false;
	}
}

/*
 * The first rule that holds for @d and returns @action, among those whose
 * name is @nr on the ABI (maybe a pseudo number) or @d->nr itself.
 */
static const struct profile_rule *responsible(const struct profile *p,
					      uint32_t token, int nr,
					      const struct seccomp_data *d,
					      uint32_t action, bool strict_mux)
{
	const uint64_t *args = (const uint64_t *)d->args;
	const struct profile_rule *r;
	bool wide = profile_arch_64bit(token);
	unsigned int k;
	size_t i;
	int rnr;

	for (i = 0; i < p->cnt; i++) {
		r = &p->rules[i];
		/* rules with the default action are not in the filter */
		if (r->action != action || r->action == p->def_action)
			continue;
		/* nor those --strict-mux leaves out on this ABI */
		if (strict_mux && profile_rule_dropped(p, r, token))
			continue;
		rnr = seccomp_syscall_resolve_name_arch(token, r->name);
		if (rnr != nr && rnr != d->nr)
			continue;
		for (k = 0; k < r->cnt && cmp_holds(&r->cmp[k], args, wide);
		     k++)
			;
		if (k == r->cnt)
			return r;
	}
	return NULL;
}

/* "syscalls[2] at line 412 (socket)", at most four names shown. */
static void print_entry(const struct profile *p, const struct profile_rule *r)
{
	json_t *e =
		json_array_get(json_object_get(p->doc, "syscalls"), r->entry);
	json_t *names = json_object_get(e, "names");
	size_t i, n = json_array_size(names);
	int line, col;

	profile_entry_where(p, r->entry, &line, &col);
	printf("syscalls[%zu] at line %d (", r->entry, line);
	if (n == 0)
		printf("%s", r->name);
	for (i = 0; i < n && i < 4; i++)
		printf("%s%s", i ? ", " : "",
		       json_string_value(json_array_get(names, i)));
	if (n > 4)
		printf(", ... %zu names", n);
	printf(")\n");
}

/* One call as the kernel sees it: the action, and why. */
static void explain_call(const struct profile *p, struct bpf_sim_prog *prog,
			 const struct bpf_sim_arch *a, const char *call,
			 const struct seccomp_data *data, int name_nr,
			 bool strict_mux)
{
	const struct profile_rule *r;
	struct bpf_sim_result res;
	char action[48];

	if (bpf_sim_run(prog, data, &res) < 0) {
		printf("%s %s: the program does not run\n", a->name, call);
		return;
	}
	sp_action_str(res.action, action, sizeof(action));
	printf("%s %s: %s: ", a->name, call, action);
	r = responsible(p, a->token, name_nr, data, res.action, strict_mux);
	if (r != NULL)
		print_entry(p, r);
	else if (res.action == p->def_action)
		printf("default action\n");
	else if (p->kvermax != 0 && res.action == SCMP_ACT_ERRNO(ENOSYS))
		printf("kvermax %u.%u: no such syscall in that kernel\n",
		       p->kvermax >> 16, p->kvermax & 0xffff);
	else
		printf("no single entry matches these arguments\n");
}

/* The ABI's own number for @name, where it resolves to a pseudo one. */
static int direct_number(const struct bpf_sim_arch *a, const char *name)
{
	uint32_t nr;
	char *s;
	bool same;

	for (nr = a->nr_base; nr < a->nr_base + 1024; nr++) {
		s = seccomp_syscall_resolve_num_arch(a->token, (int)nr);
		same = s != NULL && strcmp(s, name) == 0;
		free(s);
		if (same)
			return (int)nr;
	}
	return -1;
}

/*
 * Explains @syscall on one ABI. A socket or IPC call that the ABI also
 * reaches through socketcall(2) or ipc(2) resolves to a pseudo number:
 * both ways are explained, the multiplexed one with the call's number
 * (libseccomp's pseudo numbers are -100 - call and -200 - call) as the
 * first argument, which is all a filter can see of it (libseccomp applies
 * a rule's conditions to socketcall's own arguments, as here).
 */
static void explain_abi(const struct profile *p, struct bpf_sim_prog *prog,
			uint32_t token, const char *syscall,
			const uint64_t *args, bool strict_mux)
{
	const struct bpf_sim_arch *a = bpf_sim_arch_by_token(token);
	struct seccomp_data data;
	char call[96], *mux_name;
	int nr, direct, mux;
	unsigned int i;

	nr = seccomp_syscall_resolve_name_arch(token, syscall);
	if (a == NULL)
		return;
	memset(&data, 0, sizeof(data));
	data.arch = a->data_arch;
	for (i = 0; i < PROFILE_ARGS; i++)
		data.args[i] = args[i];
	direct = nr >= 0 ? nr : direct_number(a, syscall);
	if (direct >= 0) {
		data.nr = direct;
		snprintf(call, sizeof(call), "%s (%d)", syscall, direct);
		explain_call(p, prog, a, call, &data, nr, strict_mux);
	}
	mux = nr < 0 ? seccomp_syscall_resolve_name_rewrite(token, syscall) :
		       -1;
	if (mux >= 0) {
		mux_name = seccomp_syscall_resolve_num_arch(token, mux);
		memset(data.args, 0, sizeof(data.args));
		data.args[0] = (uint64_t)(-nr % 100);
		data.nr = mux;
		snprintf(call, sizeof(call), "%s through %s (%d, call %d)",
			 syscall, mux_name != NULL ? mux_name : "?", mux,
			 -nr % 100);
		free(mux_name);
		explain_call(p, prog, a, call, &data, nr, strict_mux);
	}
	if (direct < 0 && mux < 0)
		printf("%s: no syscall \"%s\" on this ABI\n", a->name, syscall);
}

static int parse_arg(const char *s, uint64_t *out)
{
	char *end;

	errno = 0;
	if (*s == '-')
		*out = (uint64_t)strtoll(s, &end, 0);
	else
		*out = strtoull(s, &end, 0);
	if (errno != 0 || end == s || *end != '\0') {
		fprintf(stderr, "scmp_profile: not a number: \"%s\"\n", s);
		return SP_EXIT_BAD;
	}
	return 0;
}

/**
 * explain_main() - scmp_profile explain [OPTIONS] PROFILE SYSCALL [ARG...]
 *
 * Return: the exit status: 0; SP_EXIT_BAD for bad input; SP_EXIT_FAIL.
 */
int explain_main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		SP_RESOLVE_OPTIONS,
		{ NULL, 0, NULL, 0 },
	};
	uint64_t args[PROFILE_ARGS] = { 0 };
	struct bpf_sim_prog prog = { 0 };
	scmp_filter_ctx ctx = NULL;
	struct sp_resolve r;
	struct profile p;
	size_t raw_len;
	void *raw = NULL;
	unsigned int i;
	int c, rc;

	sp_resolve_init(&r);
	while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		rc = sp_resolve_option(&r, c, optarg);
		if (rc != 1) {
			if (rc == 0)
				fprintf(stderr, "see scmp_profile --help\n");
			return SP_EXIT_BAD;
		}
	}
	if (argc - optind < 2 || argc - optind > 2 + (int)PROFILE_ARGS) {
		fprintf(stderr, "usage: scmp_profile explain [OPTIONS]"
				" PROFILE.json SYSCALL [ARG...] (at most 6)\n");
		return SP_EXIT_BAD;
	}
	for (i = 0; (int)i < argc - optind - 2; i++)
		if (parse_arg(argv[optind + 2 + i], &args[i]) != 0)
			return SP_EXIT_BAD;
	if (!profile_known_name(argv[optind + 1])) {
		fprintf(stderr, "scmp_profile: no ABI has a syscall \"%s\"\n",
			argv[optind + 1]);
		return SP_EXIT_BAD;
	}
	rc = sp_filter(argv[optind], &r, &p, &ctx);
	if (rc == 0)
		rc = sp_program(ctx, &p, &prog, &raw, &raw_len);
	for (i = 0; rc == 0 && i < p.narch; i++)
		explain_abi(&p, &prog, p.arches[i], argv[optind + 1], args,
			    r.opts.strict_mux);
	if (rc == 0 && fflush(stdout) != 0)
		rc = SP_EXIT_FAIL;
	free(raw);
	bpf_sim_free(&prog);
	seccomp_release(ctx);
	profile_free(&p);
	return rc;
}
