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
#include <strings.h>

#include "scmp_profile_shared.h"

/*
 * The operator flags explain knows: SCMP_CMP_32BIT. A flag of our own
 * (SCMP_CMP_EXT_SIGNED) goes here, in cmp_holds() and in cmp_text().
 */
#define KNOWN_FLAGS SCMP_CMP_32BIT

/*
 * Whether @c holds for @args on an ABI with 64-bit arguments (@wide) or
 * 32-bit ones; SCMP_CMP_32BIT compares the low words alone. A flag this
 * tool does not know never holds: no entry is named rather than a wrong
 * one.
 */
static bool cmp_holds(const struct scmp_arg_cmp *c, const uint64_t *args,
		      bool wide)
{
	uint64_t mask =
		wide && !(c->op & SCMP_CMP_32BIT) ? UINT64_MAX : 0xffffffffu;
	uint64_t v = args[c->arg] & mask, a = c->datum_a & mask;

	if (c->op & ~(SCMP_CMP_OPMASK | KNOWN_FLAGS))
		return false;
	switch (c->op & SCMP_CMP_OPMASK) {
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

/* A datum: decimal below 0x10000 unless a mask, else hexadecimal. */
static void datum_text(char *buf, size_t size, uint64_t v, bool hex)
{
	snprintf(buf, size, v == 0 || (!hex && v < 0x10000) ? "%llu" : "0x%llx",
		 (unsigned long long)v);
}

/*
 * Comparison @c as explain shows it: "a0 != 16", "a1 & 0x3 == 0x2"; with
 * SCMP_CMP_32BIT on a 64-bit ABI (@wide) "a0.lo32 != 16", PFC's name of
 * the low word (on a 32-bit ABI the flag changes nothing).
 */
static void cmp_text(const struct scmp_arg_cmp *c, bool wide, char *buf,
		     size_t size)
{
	static const char *const ops[] = {
		[SCMP_CMP_NE] = "!=",	     [SCMP_CMP_LT] = "<",
		[SCMP_CMP_LE] = "<=",	     [SCMP_CMP_EQ] = "==",
		[SCMP_CMP_GE] = ">=",	     [SCMP_CMP_GT] = ">",
		[SCMP_CMP_MASKED_EQ] = "==",
	};
	unsigned int op = c->op & SCMP_CMP_OPMASK;
	bool lo32 = (c->op & SCMP_CMP_32BIT) != 0;
	bool masked = op == SCMP_CMP_MASKED_EQ;
	uint64_t width = wide && !lo32 ? UINT64_MAX : 0xffffffffu;
	char mask[24] = "", datum[24];

	if (op >= sizeof(ops) / sizeof(ops[0]) || ops[op] == NULL ||
	    (c->op & ~(SCMP_CMP_OPMASK | KNOWN_FLAGS))) {
		snprintf(buf, size, "a%u op %#x", c->arg, (unsigned int)c->op);
		return;
	}
	if (masked) {
		memcpy(mask, " & ", 4);
		datum_text(mask + 3, sizeof(mask) - 3, c->datum_a & width,
			   true);
	}
	datum_text(datum, sizeof(datum),
		   (masked ? c->datum_b : c->datum_a) & width, masked);
	snprintf(buf, size, "a%u%s%s %s %s", c->arg,
		 wide && lo32 ? ".lo32" : "", mask, ops[op], datum);
}

/*
 * The first rule that holds for @d and returns @action, among those whose
 * name is @nr on the ABI (maybe a pseudo number) or @d->nr itself; with
 * @any_args, whatever its conditions say.
 */
static const struct profile_rule *responsible(const struct profile *p,
					      uint32_t token, int nr,
					      const struct seccomp_data *d,
					      uint32_t action, bool any_args)
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
		rnr = seccomp_syscall_resolve_name_arch(token, r->name);
		if (rnr != nr && rnr != d->nr)
			continue;
		for (k = 0; k < r->cnt && cmp_holds(&r->cmp[k], args, wide);
		     k++)
			;
		if (k == r->cnt || any_args)
			return r;
	}
	return NULL;
}

/* What explain found for one call on one ABI. */
struct verdict {
	const struct bpf_sim_arch *a;
	char call[96];	    /* "socket (41)", "socket through socketcall..." */
	int nr;		    /* the number run; -1: no such syscall */
	const char *mux;    /* the multiplexer's name, or NULL */
	int mux_call;	    /* its call number */
	bool ran;	    /* the program ran */
	uint32_t action;    /* its action */
	const char *reason; /* "entry", "default", "kvermax", "unmatched" */
	const struct profile_rule *r; /* with "entry" */
};

/* What explain_main() was asked, and how to answer. */
struct query {
	const char *syscall; /* NULL: the raw number @raw_nr on the host */
	int raw_nr;
	const char *argv[PROFILE_ARGS];
	unsigned int nargs;
	bool json;
	bool expect;	       /* --expect given */
	uint32_t want;	       /* its action */
	uint32_t want_mask;    /* the bits of the action that must match */
	json_t *results;       /* with json */
	unsigned int differ;   /* verdicts --expect refused */
	unsigned int verdicts; /* verdicts given */
};

/* The names of @r's entry: "names", or "name", or Firecracker's. */
static json_t *entry_names(const struct profile *p,
			   const struct profile_rule *r)
{
	json_t *e;

	if (p->format == PROFILE_FORMAT_FIRECRACKER)
		return NULL;
	e = json_array_get(json_object_get(p->doc, "syscalls"), r->entry);
	return json_object_get(e, "names");
}

/*
 * The conditions of the entry that decides @v, as "a0.lo32 != 16 && a1
 * == 3" (none through a multiplexer, which cannot see them), or "".
 */
static void conds_text(const struct verdict *v, char *buf, size_t size)
{
	bool wide = profile_arch_64bit(v->a->token);
	char one[80];
	size_t used = 0;
	unsigned int k;
	int n;

	buf[0] = '\0';
	for (k = 0; v->mux == NULL && k < v->r->cnt; k++) {
		cmp_text(&v->r->cmp[k], wide, one, sizeof(one));
		n = snprintf(buf + used, size - used, "%s%s", k ? " && " : "",
			     one);
		if (n < 0 || (size_t)n >= size - used)
			break;
		used += (size_t)n;
	}
}

/*
 * "syscalls[2] at line 412 (socket)", at most four names shown, then
 * its conditions as conds_text() gives them.
 */
static void print_entry(const struct profile *p, const struct verdict *v)
{
	const struct profile_rule *r = v->r;
	char conds[PROFILE_ARGS * 80];

	json_t *names = entry_names(p, r);
	size_t i, n = json_array_size(names);
	char label[160];
	int line, col;

	profile_entry_where(p, r->entry, &line, &col);
	profile_entry_label(p, r->entry, label, sizeof(label));
	printf("%s at line %d (", label, line);
	if (n == 0)
		printf("%s", r->name);
	for (i = 0; i < n && i < 4; i++)
		printf("%s%s", i ? ", " : "",
		       json_string_value(json_array_get(names, i)));
	if (n > 4)
		printf(", ... %zu names", n);
	conds_text(v, conds, sizeof(conds));
	printf(")%s%s\n", conds[0] ? " where " : "", conds);
}

/* The JSON of verdict @v (schema in scmp_profile(1)). */
static json_t *verdict_json(const struct profile *p, const struct verdict *v)
{
	json_t *o = json_object(), *e, *names;
	char action[48], label[160], conds[PROFILE_ARGS * 80];
	int line, col, data;
	const char *name;

	json_object_set_new(o, "arch", json_string(v->a->name));
	json_object_set_new(o, "nr",
			    v->nr >= 0 ? json_integer(v->nr) : json_null());
	json_object_set_new(o, "through",
			    v->mux != NULL ? json_string(v->mux) : json_null());
	json_object_set_new(o, "call",
			    v->mux != NULL ? json_integer(v->mux_call) :
					     json_null());
	if (!v->ran) {
		json_object_set_new(o, "action", json_null());
		json_object_set_new(o, "errno", json_null());
		json_object_set_new(
			o, "reason",
			json_string(v->nr < 0 ? "no-syscall" : "no-run"));
		json_object_set_new(o, "entry", json_null());
		return o;
	}
	sp_action_str(v->action, action, sizeof(action));
	name = profile_action_str(v->action, &data);
	json_object_set_new(o, "action", json_string(action));
	json_object_set_new(o, "errno",
			    name != NULL && data >= 0 ? json_integer(data) :
							json_null());
	json_object_set_new(o, "reason", json_string(v->reason));
	if (v->r == NULL) {
		json_object_set_new(o, "entry", json_null());
		return o;
	}
	e = json_object();
	profile_entry_where(p, v->r->entry, &line, &col);
	profile_entry_label(p, v->r->entry, label, sizeof(label));
	json_object_set_new(e, "path", json_string(label));
	json_object_set_new(e, "index", json_integer((json_int_t)v->r->entry));
	json_object_set_new(e, "line", json_integer(line));
	json_object_set_new(e, "column", json_integer(col));
	names = entry_names(p, v->r);
	if (names != NULL) {
		json_object_set(e, "names", names);
	} else {
		names = json_array();
		json_array_append_new(names, json_string(v->r->name));
		json_object_set_new(e, "names", names);
	}
	conds_text(v, conds, sizeof(conds));
	json_object_set_new(e, "conditions", json_string(conds));
	json_object_set_new(o, "entry", e);
	return o;
}

/* Says, records and checks against --expect the verdict @v. */
static void report(const struct profile *p, struct query *q,
		   const struct verdict *v)
{
	char action[48], want[48];

	if (q->json)
		json_array_append_new(q->results, verdict_json(p, v));
	if (!v->ran) {
		if (!q->json && v->nr < 0)
			printf("%s: no syscall \"%s\" on this ABI\n",
			       v->a->name, q->syscall);
		else if (!q->json)
			printf("%s %s: the program does not run\n", v->a->name,
			       v->call);
		return;
	}
	q->verdicts++;
	sp_action_str(v->action, action, sizeof(action));
	if (q->expect && (v->action & q->want_mask) != q->want) {
		q->differ++;
		sp_action_str(q->want, want, sizeof(want));
		/* ERRNO or TRACE of any value: the name alone */
		if (q->want_mask != 0xffffffffu)
			*strchr(want, '(') = '\0';
		fprintf(stderr, "scmp_profile: %s %s: %s, expected %s%s\n",
			v->a->name, v->call, action, want,
			q->want_mask != 0xffffffffu ? " (any value)" : "");
	}
	if (q->json)
		return;
	printf("%s %s: %s: ", v->a->name, v->call, action);
	if (v->r != NULL)
		print_entry(p, v);
	else if (strcmp(v->reason, "default") == 0)
		printf("default action\n");
	else if (strcmp(v->reason, "strict-mux") == 0)
		printf("default action (--strict-mux: the entries of %s check"
		       " arguments %s cannot see)\n",
		       q->syscall, v->mux);
	else if (strcmp(v->reason, "kvermax") == 0)
		printf("kvermax %u.%u: no such syscall in that kernel\n",
		       p->kvermax >> 16, p->kvermax & 0xffff);
	else
		printf("no single entry matches these arguments\n");
}

/*
 * Whether an entry with conditions names @nr on ABI @token: through a
 * multiplexer, --strict-mux gives such a call the default action.
 */
static bool checked_entry(const struct profile *p, uint32_t token, int nr)
{
	size_t i;

	for (i = 0; i < p->cnt; i++)
		if (p->rules[i].cnt > 0 &&
		    p->rules[i].action != p->def_action &&
		    seccomp_syscall_resolve_name_arch(token,
						      p->rules[i].name) == nr)
			return true;
	return false;
}

/* One call as the kernel sees it: the action, and why. */
static void explain_call(const struct profile *p, struct bpf_sim_prog *prog,
			 struct verdict *v, const struct seccomp_data *data,
			 int name_nr, bool strict_mux)
{
	struct bpf_sim_result res;

	v->ran = bpf_sim_run(prog, data, &res) >= 0;
	if (!v->ran)
		return;
	v->action = res.action;
	v->r = responsible(p, v->a->token, name_nr, data, res.action, false);
	/*
	 * Through a multiplexer the filter cannot see the call's arguments:
	 * the rule that decides may be one whose conditions were dropped.
	 */
	if (v->r == NULL && v->mux != NULL && res.action != p->def_action)
		v->r = responsible(p, v->a->token, name_nr, data, res.action,
				   true);
	if (v->mux != NULL && strict_mux && res.action == p->def_action &&
	    checked_entry(p, v->a->token, name_nr))
		v->reason = "strict-mux";
	else if (v->r != NULL)
		v->reason = "entry";
	else if (res.action == p->def_action)
		v->reason = "default";
	else if (p->kvermax != 0 && res.action == SCMP_ACT_ERRNO(ENOSYS))
		v->reason = "kvermax";
	/* the action of SCMP_FLTATR_EXT_ACT_BADARG32, once a profile can
	 * set it, is a reason of its own here */
	else
		v->reason = "unmatched";
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
 * Explains the query on one ABI. A socket or IPC call that the ABI also
 * reaches through socketcall(2) or ipc(2) resolves to a pseudo number:
 * both ways are explained, the multiplexed one with the call's number
 * (libseccomp's pseudo numbers are -100 - call and -200 - call) as the
 * first argument, which is all a filter can see of it (libseccomp applies
 * a rule's conditions to socketcall's own arguments, as here).
 */
static void explain_abi(const struct profile *p, struct bpf_sim_prog *prog,
			uint32_t token, struct query *q, const uint64_t *args,
			bool strict_mux)
{
	const struct bpf_sim_arch *a = bpf_sim_arch_by_token(token);
	struct seccomp_data data;
	struct verdict v;
	char *mux_name;
	int nr, direct, mux;
	unsigned int i;

	if (a == NULL)
		return;
	memset(&data, 0, sizeof(data));
	memset(&v, 0, sizeof(v));
	v.a = a;
	data.arch = a->data_arch;
	for (i = 0; i < PROFILE_ARGS; i++)
		data.args[i] = args[i];
	if (q->syscall == NULL) {
		data.nr = v.nr = q->raw_nr;
		snprintf(v.call, sizeof(v.call), "%d", q->raw_nr);
		explain_call(p, prog, &v, &data, q->raw_nr, strict_mux);
		report(p, q, &v);
		return;
	}
	nr = seccomp_syscall_resolve_name_arch(token, q->syscall);
	direct = nr >= 0 ? nr : direct_number(a, q->syscall);
	mux = nr < 0 ? seccomp_syscall_resolve_name_rewrite(token, q->syscall) :
		       -1;
	if (direct >= 0) {
		data.nr = v.nr = direct;
		snprintf(v.call, sizeof(v.call), "%s (%d)", q->syscall, direct);
		explain_call(p, prog, &v, &data, nr, strict_mux);
		report(p, q, &v);
	}
	if (mux >= 0) {
		mux_name = seccomp_syscall_resolve_num_arch(token, mux);
		memset(data.args, 0, sizeof(data.args));
		data.args[0] = (uint64_t)(-nr % 100);
		data.nr = v.nr = mux;
		/* the name outlives the call: the JSON keeps a copy */
		v.mux = mux_name != NULL ? mux_name : "?";
		v.mux_call = -nr % 100;
		snprintf(v.call, sizeof(v.call), "%s through %s (%d, call %d)",
			 q->syscall, v.mux, mux, v.mux_call);
		explain_call(p, prog, &v, &data, nr, strict_mux);
		report(p, q, &v);
		free(mux_name);
	}
	if (direct < 0 && mux < 0) {
		v.nr = -1;
		report(p, q, &v);
	}
}

/*
 * --expect's action: as the tool prints it (SCMP_ACT_ERRNO(1)), without
 * "SCMP_ACT_" (ERRNO(1)), in any case (errno(1), kill_process); ERRNO and
 * TRACE without a value match any value.
 */
static int parse_expect(const char *s, uint32_t *want, uint32_t *mask)
{
	const char *name, *rest;
	unsigned long v;
	size_t i, len;
	bool data;
	char *end;

	if (strncasecmp(s, "SCMP_ACT_", 9) == 0)
		s += 9;
	for (i = 0; (name = profile_action_at(i, want, &data)) != NULL; i++) {
		name += strlen("SCMP_ACT_");
		len = strlen(name);
		if (strncasecmp(s, name, len) == 0 &&
		    (s[len] == '\0' || s[len] == '('))
			break;
	}
	if (name == NULL)
		return -EINVAL;
	rest = s + len;
	*mask = data ? 0xffff0000u : 0xffffffffu;
	if (*rest == '\0')
		return 0;
	if (!data)
		return -EINVAL;
	errno = 0;
	v = strtoul(rest + 1, &end, 0);
	if (errno != 0 || end == rest + 1 || strcmp(end, ")") != 0 ||
	    v > 0xffff)
		return -EINVAL;
	*want |= (uint32_t)v;
	*mask = 0xffffffffu;
	return 0;
}

const char sp_explain_help[] =
	"explain (SYSCALL: a name, or a number of the host ABI: the first"
	" --arch,\n"
	"else this machine's; ARG: numbers and constants such as AF_VSOCK"
	" or\n"
	"CLONE_NEWUSER|CLONE_NEWNS):\n"
	"  --json             one JSON document instead of the lines\n"
	"  --expect ACTION    exit 1 if some ABI's action differs: ALLOW,"
	" ERRNO(1),\n"
	"                     ERRNO (any errno), KILL_PROCESS, SCMP_ACT_TRAP"
	"...\n"
	"  -h, --help         this help\n";

static int explain_usage(void)
{
	fprintf(stderr, "usage: scmp_profile explain [OPTIONS] PROFILE.json"
			" SYSCALL [ARG...] (at most 6)\n"
			"see scmp_profile explain --help\n");
	return SP_EXIT_BAD;
}

/*
 * SYSCALL as a number: the name it has on the host ABI, or (none) the
 * number itself. Returns 1 if @s is a number, 0 if not, SP_EXIT_BAD.
 */
static int parse_number(const char *s, uint32_t host, struct query *q)
{
	unsigned long v;
	char *end;

	if (*s < '0' || *s > '9')
		return 0;
	errno = 0;
	v = strtoul(s, &end, 0);
	if (errno != 0 || *end != '\0' || v > 0x7fffffff) {
		fprintf(stderr, "scmp_profile: not a syscall number: \"%s\"\n",
			s);
		return SP_EXIT_BAD;
	}
	q->raw_nr = (int)v;
	q->syscall = seccomp_syscall_resolve_num_arch(host, (int)v);
	return 1;
}

/* The arguments on ABI @token: 0, or SP_EXIT_BAD (said on stderr). */
static int eval_args(const struct query *q, uint32_t token, uint64_t *args)
{
	char bad[64];
	unsigned int i;
	int rc;

	for (i = 0; i < PROFILE_ARGS; i++)
		args[i] = 0;
	for (i = 0; i < q->nargs; i++) {
		rc = profile_const_eval(q->argv[i], token, &args[i], bad,
					sizeof(bad));
		if (rc == -ENOENT)
			fprintf(stderr,
				"scmp_profile: argument %u: unknown constant"
				" \"%s\"\n",
				i, bad);
		else if (rc == -EDOM)
			fprintf(stderr,
				"scmp_profile: argument %u: %s has another"
				" value on %s; give the number\n",
				i, bad, profile_arch_name(token));
		else if (rc < 0)
			fprintf(stderr,
				"scmp_profile: argument %u: not a number nor"
				" a constant: \"%s\"\n",
				i, q->argv[i]);
		if (rc < 0)
			return SP_EXIT_BAD;
	}
	return 0;
}

/*
 * The query's syscall @arg: a name some ABI has, or a number of @host's
 * (@named receives the name it has there, to free). Returns 0 or
 * SP_EXIT_BAD (said).
 */
static int parse_syscall(const char *arg, uint32_t host, struct query *q,
			 char **named)
{
	int rc;

	rc = parse_number(arg, host, q);
	if (rc == SP_EXIT_BAD)
		return rc;
	*named = rc == 1 ? (char *)q->syscall : NULL;
	if (rc == 0)
		q->syscall = arg;
	if (rc == 0 && !profile_known_name(q->syscall)) {
		fprintf(stderr, "scmp_profile: no ABI has a syscall \"%s\"\n",
			q->syscall);
		return SP_EXIT_BAD;
	}
	return 0;
}

/*
 * A number no syscall has is that number on the host's ABI alone: the
 * filter must be for it. Returns 0 or SP_EXIT_BAD (said).
 */
static int check_host(const struct query *q, const struct profile *p,
		      uint32_t host)
{
	unsigned int i;

	for (i = 0; i < p->narch && p->arches[i] != host; i++)
		;
	if (i == p->narch) {
		fprintf(stderr,
			"scmp_profile: %d names no syscall on %s, and"
			" the filter is not for %s\n",
			q->raw_nr, profile_arch_name(host),
			profile_arch_name(host));
		return SP_EXIT_BAD;
	}
	return 0;
}

/* --json's document of query @q on @file, before the results fill it. */
static json_t *query_json(const char *file, struct query *q,
			  const uint64_t *args)
{
	json_t *doc = json_object(), *qargs = json_array();
	unsigned int i;

	q->results = json_array();
	json_object_set_new(doc, "profile", json_string(file));
	json_object_set_new(doc, "syscall",
			    q->syscall != NULL ? json_string(q->syscall) :
						 json_null());
	for (i = 0; i < q->nargs; i++)
		json_array_append_new(qargs, json_integer((json_int_t)args[i]));
	json_object_set_new(doc, "args", qargs);
	json_object_set(doc, "results", q->results);
	return doc;
}

/* --expect's verdict: 0, or 1 (said) if none or some differ. */
static int expect_verdict(const struct query *q)
{
	if (q->verdicts == 0) {
		fprintf(stderr,
			"scmp_profile: --expect: no ABI of the filter has the"
			" syscall\n");
		return 1;
	}
	if (q->differ > 0) {
		fprintf(stderr,
			"scmp_profile: %u of %u verdicts differ from --expect\n",
			q->differ, q->verdicts);
		return 1;
	}
	return 0;
}

/**
 * explain_main - scmp_profile explain [OPTIONS] PROFILE SYSCALL [ARG...]
 *
 * Returns the exit status: 0; 1 if an action differs from --expect's;
 * SP_EXIT_BAD for bad input; SP_EXIT_FAIL.
 */
int explain_main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		SP_RESOLVE_OPTIONS,
		{ "json", no_argument, NULL, 'j' },
		{ "expect", required_argument, NULL, 'e' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	uint64_t args[PROFILE_ARCHES][PROFILE_ARGS];
	struct bpf_sim_prog prog = { 0 };
	scmp_filter_ctx ctx = NULL;
	struct query q = { 0 };
	struct sp_resolve r;
	struct profile p;
	json_t *doc = NULL;
	char *named = NULL;
	size_t raw_len;
	void *raw = NULL;
	unsigned int i;
	uint32_t host;
	int c, rc;

	sp_resolve_init(&r);
	while ((c = getopt_long(argc, argv, "qh", longopts, NULL)) != -1) {
		rc = sp_resolve_option(&r, c, optarg);
		if (rc == 1)
			continue;
		if (rc != 0)
			return SP_EXIT_BAD;
		switch (c) {
		case 'j':
			q.json = true;
			break;
		case 'e':
			if (parse_expect(optarg, &q.want, &q.want_mask) < 0) {
				fprintf(stderr,
					"scmp_profile: --expect: unknown"
					" action \"%s\" (ALLOW, ERRNO(1),"
					" ERRNO, KILL_PROCESS, ...)\n",
					optarg);
				return SP_EXIT_BAD;
			}
			q.expect = true;
			break;
		case 'h':
			printf("usage: scmp_profile explain [OPTIONS]"
			       " PROFILE.json SYSCALL [ARG...]\n\n%s%s",
			       sp_resolve_help, sp_explain_help);
			return fflush(stdout) != 0 ? SP_EXIT_FAIL : 0;
		default:
			return explain_usage();
		}
	}
	if (argc - optind < 2 || argc - optind > 2 + (int)PROFILE_ARGS)
		return explain_usage();
	q.nargs = (unsigned int)(argc - optind - 2);
	for (i = 0; i < q.nargs; i++)
		q.argv[i] = argv[optind + 2 + i];
	host = r.opts.host_arch != 0 ? r.opts.host_arch : seccomp_arch_native();
	if (parse_syscall(argv[optind + 1], host, &q, &named) != 0)
		return SP_EXIT_BAD;
	rc = sp_filter(argv[optind], &r, &p, &ctx);
	/* a number no syscall has: that number, on the host's ABI alone */
	if (rc == 0 && q.syscall == NULL)
		rc = check_host(&q, &p, host);
	for (i = 0; rc == 0 && i < p.narch; i++)
		rc = eval_args(&q, p.arches[i], args[i]);
	if (rc == 0)
		rc = sp_program(ctx, &p, &prog, &raw, &raw_len);
	if (rc == 0 && q.json)
		doc = query_json(argv[optind], &q, args[0]);
	for (i = 0; rc == 0 && i < p.narch; i++)
		if (q.syscall != NULL || p.arches[i] == host)
			explain_abi(&p, &prog, p.arches[i], &q, args[i],
				    r.opts.strict_mux);
	if (rc == 0 && q.json) {
		json_object_set_new(doc, "expect",
				    q.expect ? json_boolean(q.differ == 0) :
					       json_null());
		if (json_dumpf(doc, stdout, JSON_INDENT(2)) < 0 ||
		    fputc('\n', stdout) == EOF)
			rc = SP_EXIT_FAIL;
	}
	if (rc == 0 && fflush(stdout) != 0)
		rc = SP_EXIT_FAIL;
	if (rc == 0 && q.expect)
		rc = expect_verdict(&q);
	json_decref(q.results);
	json_decref(doc);
	free(named);
	free(raw);
	bpf_sim_free(&prog);
	seccomp_release(ctx);
	profile_free(&p);
	return rc;
}
