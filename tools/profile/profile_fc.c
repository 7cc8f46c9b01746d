/* SPDX-License-Identifier: LGPL-2.1-only */
/* Firecracker's seccompiler JSON: one of its filters as profile rules. */

/*
 * Firecracker's seccompiler JSON: an object of named filters, one a
 * thread ("vmm", "api", "vcpu"), each
 *   {"default_action": A, "filter_action": A, "filter": [RULE, ...]}
 * with A one of "allow", "trap", "log", "kill_thread", "kill_process",
 * {"errno": N}, {"trace": N}; RULE {"syscall": NAME, "args": [COND, ...]}
 * (rules ORed, a rule's conditions ANDed), COND {"index": 0..5, "type":
 * "dword" or "qword", "op": OP, "val": N} and OP "eq", "ne", "lt", "le",
 * "gt", "ge" or {"masked_eq": MASK}. A dword condition tests the low 32
 * bits of the argument alone (seccompiler loads only that word of
 * seccomp_data), a qword all 64: a dword is the operator with
 * SCMP_CMP_32BIT, its mask cut to 32 bits, a qword the operator alone.
 * Refused: a val that a dword cannot hold, and a masked_eq whose val has
 * bits outside the mask (seccompiler's condition never holds; refused
 * rather than made into one that does).
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "profile_fc.h"
#include "profile_priv.h"

/*
 * The flag of a dword. The benchmark also builds this file against
 * libseccomp 2.5's seccomp.h (this library's alone includes
 * seccomp-kvers.h), which has no SCMP_CMP_32BIT: there a dword eq or
 * masked_eq is MASKED_EQ under a 32-bit mask (the same test) and the
 * other operators on a dword are refused.
 */
#ifdef _SECCOMP_H_KVERS
#define FC_DWORD SCMP_CMP_32BIT
#else
#define FC_DWORD 0
#endif

/* The members of seccompiler's objects: filter, rule, condition. */
/* clang-format off */
static const struct known fc_filter_keys[] = {
	{ "default_action", -1 }, { "filter_action", -1 }, { "filter", -1 },
};
static const struct known fc_rule_keys[] = {
	{ "syscall", -1 }, { "args", -1 }, { "comment", JSON_STRING },
};
static const struct known fc_cond_keys[] = {
	{ "index", -1 }, { "type", -1 }, { "op", -1 }, { "val", -1 },
	{ "comment", JSON_STRING },
};
/* clang-format on */

/* No defaultAction, and named filters. */
bool profile_fc_detect(const json_t *doc)
{
	const char *key;
	json_t *v;

	if (!json_is_object(doc) || json_object_size(doc) == 0 ||
	    json_object_get(doc, "defaultAction") != NULL)
		return false;
	json_object_foreach((json_t *)doc, key, v)
		if (!json_is_object(v) ||
		    (json_object_get(v, "default_action") == NULL &&
		     json_object_get(v, "filter_action") == NULL &&
		     json_object_get(v, "filter") == NULL))
			return false;
	return true;
}

static int fc_action(const struct profile *p, struct profile_diag *d,
		     const json_t *obj, const struct path *at, const char *key,
		     uint32_t *out)
{
	static const struct {
		const char *name;
		uint32_t action;
	} plain[] = {
		{ "allow", SCMP_ACT_ALLOW },
		{ "trap", SCMP_ACT_TRAP },
		{ "log", SCMP_ACT_LOG },
		{ "kill_thread", SCMP_ACT_KILL_THREAD },
		{ "kill_process", SCMP_ACT_KILL_PROCESS },
	};
	struct path path = profile_json_sub(at, key, 0);
	json_t *v = json_object_get(obj, key);
	uint64_t n;
	size_t i;

	if (v == NULL)
		return profile_json_fail(p, d, at, "\"%s\" is missing", key);
	for (i = 0; json_is_string(v) && i < N(plain); i++)
		if (strcmp(json_string_value(v), plain[i].name) == 0) {
			*out = plain[i].action;
			return 0;
		}
	if (json_is_object(v) && json_object_size(v) == 1 &&
	    (json_object_get(v, "errno") != NULL ||
	     json_object_get(v, "trace") != NULL)) {
		key = json_object_get(v, "errno") != NULL ? "errno" : "trace";
		if (profile_json_get_uint(p, d, v, &path, key, 0xffff, &n,
					  NULL) < 0)
			return -EINVAL;
		*out = (key[0] == 'e' ? SCMP_ACT_ERRNO(0) : SCMP_ACT_TRACE(0)) |
		       (uint32_t)n;
		return 0;
	}
	return profile_json_fail(
		p, d, &path,
		"unknown action: one of \"allow\", \"trap\", \"log\","
		" \"kill_thread\", \"kill_process\", {\"errno\": N},"
		" {\"trace\": N}");
}

static int fc_cond(const struct profile *p, struct profile_diag *d,
		   const json_t *c, const struct path *at,
		   struct scmp_arg_cmp *cmp)
{
	static const char *const ops[] = { "ne", "lt", "le", "eq", "ge", "gt" };
	static const enum scmp_compare op_cmp[] = {
		SCMP_CMP_NE, SCMP_CMP_LT, SCMP_CMP_LE,
		SCMP_CMP_EQ, SCMP_CMP_GE, SCMP_CMP_GT,
	};
	struct path oat = profile_json_sub(at, "op", 0),
		    tat = profile_json_sub(at, "type", 0);
	const char *type;
	json_t *op;
	uint64_t index, val, mask = 0;
	bool dword, masked = false, has;
	size_t k = N(ops);
	int rc;

	if (!json_is_object(c))
		return profile_json_fail(p, d, at, "must be an object");
	rc = profile_json_get_uint(p, d, c, at, "index", UINT64_MAX >> 1,
				   &index, &has);
	if (rc == 0 && !has)
		rc = profile_json_fail(p, d, at, "\"index\" is missing");
	if (rc == 0)
		rc = profile_json_get_uint(p, d, c, at, "val", UINT64_MAX >> 1,
					   &val, &has);
	if (rc == 0 && !has)
		rc = profile_json_fail(p, d, at, "\"val\" is missing");
	if (rc == 0)
		rc = profile_json_get_string(p, d, c, at, "type", &type);
	if (rc < 0)
		return rc;
	if (type == NULL ||
	    (strcmp(type, "dword") != 0 && strcmp(type, "qword") != 0))
		return profile_json_fail(
			p, d, type == NULL ? at : &tat,
			"\"type\" must be \"dword\" or \"qword\"");
	dword = type[0] == 'd';
	if (index >= PROFILE_ARGS) {
		oat = profile_json_sub(at, "index", 0);
		return profile_json_fail(
			p, d, &oat,
			"argument index %llu: a syscall has 6 (0 to 5)",
			(unsigned long long)index);
	}
	op = json_object_get(c, "op");
	if (json_is_object(op) && json_object_size(op) == 1 &&
	    json_object_get(op, "masked_eq") != NULL) {
		rc = profile_json_get_uint(p, d, op, &oat, "masked_eq",
					   UINT64_MAX >> 1, &mask, NULL);
		if (rc < 0)
			return rc;
		masked = true;
	} else {
		for (k = 0; json_is_string(op) && k < N(ops); k++)
			if (strcmp(json_string_value(op), ops[k]) == 0)
				break;
		if (!json_is_string(op) || k == N(ops))
			return profile_json_fail(
				p, d, op == NULL ? at : &oat,
				"\"op\" must be one of \"eq\", \"ne\","
				" \"lt\", \"le\", \"gt\", \"ge\","
				" {\"masked_eq\": MASK}");
	}
	oat = profile_json_sub(at, "val", 0);
	if (dword && val > 0xffffffffu)
		return profile_json_fail(p, d, &oat,
					 "%llu does not fit a dword (32 bits)",
					 (unsigned long long)val);
	if (dword && masked)
		mask &= 0xffffffffu;
	if (masked && (val & ~mask) != 0)
		return profile_json_fail(
			p, d, &oat,
			"bits outside the mask: the condition never holds");
	if (dword && FC_DWORD == 0 && !masked) {
		oat = profile_json_sub(at, "op", 0);
		if (op_cmp[k] != SCMP_CMP_EQ)
			return profile_json_fail(p, d, &oat,
						 "\"%s\" on a dword needs"
						 " SCMP_CMP_32BIT",
						 ops[k]);
		masked = true;
		mask = 0xffffffffu;
	}
	cmp->arg = (unsigned int)index;
	cmp->op = masked ? SCMP_CMP_MASKED_EQ : op_cmp[k];
	if (dword)
		cmp->op = (enum scmp_compare)(cmp->op | FC_DWORD);
	cmp->datum_a = masked ? mask : val;
	cmp->datum_b = masked ? val : 0;
	return 0;
}

/* The names of a Firecracker file's filters, as "vmm, api, vcpu". */
static void fc_names(const json_t *doc, char *buf, size_t size)
{
	const char *key;
	size_t used = 0;
	json_t *v;
	int n;

	buf[0] = '\0';
	json_object_foreach((json_t *)doc, key, v) {
		n = snprintf(buf + used, size - used, "%s%s", used ? ", " : "",
			     key);
		if (n < 0 || (size_t)n >= size - used)
			break;
		used += (size_t)n;
	}
}

/*
 * Rule @i of the filter, @r: its syscall and conditions, pushed as one
 * rule of @action (@closed: why unknown members are refused, see
 * CHECK_KEYS()).
 */
static int fc_rule(struct profile *p, struct profile_diag *d,
		   const struct profile_opts *o, const json_t *r, size_t i,
		   uint32_t action, const char *closed, size_t *cap)
{
	struct path rat, cat;
	struct profile_rule rule;
	json_t *args, *c;
	size_t j;
	int rc;

	rat = profile_json_entry_path(p, i);
	if (!json_is_object(r))
		return profile_json_fail(p, d, &rat, "must be an object");
	memset(&rule, 0, sizeof(rule));
	rc = profile_json_get_string(p, d, r, &rat, "syscall", &rule.name);
	if (rc == 0)
		rc = profile_json_get_array(p, d, r, &rat, "args", &args);
	if (rc < 0)
		return rc;
	if (rule.name == NULL || rule.name[0] == '\0')
		return profile_json_fail(p, d, &rat, "\"syscall\" is missing");
	cat = profile_json_sub(&rat, "args", 0);
	if (args != NULL && json_array_size(args) == 0)
		return profile_json_fail(
			p, d, &cat,
			"empty: leave it out for a rule without"
			" conditions");
	if (json_array_size(args) > PROFILE_ARGS)
		return profile_json_fail(p, d, &cat, "more than 6 conditions");
	json_array_foreach(args, j, c) {
		cat = profile_json_sub(&rat, "args", 0);
		cat = profile_json_sub(&cat, NULL, j);
		rc = fc_cond(p, d, c, &cat, &rule.cmp[rule.cnt++]);
		if (rc == 0)
			rc = CHECK_KEYS(c, &cat, fc_cond_keys,
					profile_json_closed_cond);
		if (rc < 0)
			return rc;
	}
	rc = CHECK_KEYS(r, &rat, fc_rule_keys, closed);
	rule.entry = i;
	rule.action = action;
	p->applies[i] = true;
	if (rc == 0)
		rc = profile_push_rule(p, cap, &rule);
	return rc;
}

int profile_fc_resolve(struct profile *p, const struct profile_opts *o,
		       uint32_t host, struct profile_diag *d, size_t *cap)
{
	struct path root = { .n = 0 }, at, rat;
	const char *key = o->filter, *name, *closed;
	json_t *f, *rules, *r, *c;
	char names[256];
	uint32_t action;
	size_t i;
	int rc;

	fc_names(p->doc, names, sizeof(names));
	if (key == NULL && json_object_size(p->doc) > 1)
		return profile_json_fail(
			p, d, &root,
			"a Firecracker file of %zu filters (%s): pick one"
			" with --filter",
			json_object_size(p->doc), names);
	if (key == NULL)
		json_object_foreach(p->doc, key, f)
			break;
	f = json_object_get(p->doc, key);
	if (f == NULL)
		return profile_json_fail(p, d, &root,
					 "no filter \"%s\" (the file has %s)",
					 key, names);
	/* the key as the document holds it: paths borrow it */
	json_object_foreach(p->doc, name, c)
		if (c == f)
			p->fc_filter = name;
	at = profile_json_path(1, p->fc_filter, (size_t)0);
	if (!json_is_object(f))
		return profile_json_fail(p, d, &at, "must be an object");
	rc = fc_action(p, d, f, &at, "default_action", &p->def_action);
	if (rc == 0)
		rc = fc_action(p, d, f, &at, "filter_action", &action);
	if (rc == 0)
		rc = profile_json_get_array(p, d, f, &at, "filter", &rules);
	if (rc == 0 && rules == NULL)
		rc = profile_json_fail(p, d, &at, "\"filter\" is missing");
	if (rc < 0)
		return rc;
	if (action == p->def_action) {
		rat = profile_json_sub(&at, "filter_action", 0);
		return profile_json_fail(
			p, d, &rat,
			"the same as default_action: the filter would do"
			" nothing");
	}
	for (i = 0; i < o->narch && o->arches != NULL; i++)
		profile_add_arch(p, o->arches[i]);
	if (p->narch == 0)
		profile_add_arch(p, host);
	closed = profile_json_closed_entry(p, action);
	rc = CHECK_KEYS(f, &at, fc_filter_keys, NULL);
	p->entries = json_array_size(rules);
	p->applies = calloc(p->entries + 1, sizeof(*p->applies));
	if (p->applies == NULL)
		return -ENOMEM;
	json_array_foreach(rules, i, r) {
		if (rc < 0)
			return rc;
		rc = fc_rule(p, d, o, r, i, action, closed, cap);
	}
	return rc;
}
