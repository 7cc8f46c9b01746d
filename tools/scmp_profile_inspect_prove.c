/* SPDX-License-Identifier: LGPL-2.1-only */
/* scmp_profile inspect --profile: the proof against a profile's program. */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef SP_HAVE_Z3
#include "bpf_diff.h"
#include "bpf_names.h"
#endif
#include "scmp_profile_inspect_walk.h"
#include "scmp_profile_inspect_abi.h"
#include "scmp_profile_inspect_prove.h"

/*
 * The proof against a profile: the diff engine (bpf_diff.h) with the
 * process's stack as the old side and the profile's one program as the
 * new (bpf_stack.h: the engine numbers filters as ptrace does); a process
 * without filters is a stack of one program that allows everything.
 */
#ifdef SP_HAVE_Z3
struct diff_out {
	struct target *t;
	json_t *json; /* NULL: text */
	unsigned int cnt;
};

/* @c as "a0 & 0xff == 0x3", "a0.lo32 != 0x10" (bpf_diff_cond_view). */
static void cond_text(const struct bpf_diff_cond *c, const char *abi, char *buf,
		      size_t size)
{
	static const char *const ops[] = { "==", "!=", ">=", "<=" };
	uint64_t mask, value;
	char field[16];

	bpf_diff_cond_view(c, abi, field, sizeof(field), &mask, &value);
	if (mask == ~0ull)
		snprintf(buf, size, "%s %s 0x%llx", field, ops[c->op],
			 (unsigned long long)value);
	else
		snprintf(buf, size, "%s & 0x%llx %s 0x%llx", field,
			 (unsigned long long)mask, ops[c->op],
			 (unsigned long long)value);
}

/* A region in words: "x86_64 uname (63)", "x86 457-471 statmount .. (15)". */
static void where_text(const struct bpf_diff_region *r, char *buf, size_t size)
{
	const char *abi = r->abi != NULL ? r->abi->name : NULL;
	uint32_t off = r->abi != NULL ? r->abi->nr_base & BPF_SIM_X32_BIT : 0;
	const char *names[64];
	unsigned int i, n;
	size_t len;

	if (r->other_arch)
		len = (size_t)snprintf(buf, size, "arch values of no ABI");
	else if (abi == NULL)
		len = (size_t)snprintf(buf, size, "arch 0x%08x", r->arch);
	else
		len = (size_t)snprintf(buf, size, "%s", abi);
	if (r->kind == BPF_DIFF_WHOLE_ABI || r->other_arch) {
		snprintf(buf + len, size - len, ": every call differs");
		return;
	}
	n = abi != NULL ? bpf_names_range(abi, r->nr_lo, r->nr_hi, names, 64) :
			  0;
	if (r->nr_lo == r->nr_hi)
		len += (size_t)snprintf(buf + len, size - len, " %s (%d)",
					n ? names[0] : "syscall",
					(int)(r->nr_lo - off));
	else if (r->nr_hi == ~0u || r->nr_hi - r->nr_lo > 0x10000)
		len += (size_t)snprintf(buf + len, size - len,
					" numbers %u and up", r->nr_lo - off);
	else if (n == 0 || n > 64)
		len += (size_t)snprintf(buf + len, size - len,
					" %u-%u (%u named)", r->nr_lo - off,
					r->nr_hi - off, n);
	else if (n == 1)
		len += (size_t)snprintf(buf + len, size - len, " %u-%u %s",
					r->nr_lo - off, r->nr_hi - off,
					names[0]);
	else
		len += (size_t)snprintf(buf + len, size - len,
					" %u-%u %s .. %s (%u)", r->nr_lo - off,
					r->nr_hi - off, names[0], names[n - 1],
					n);
	for (i = 0; i < r->cond_cnt && len < size; i++) {
		char c[96];

		cond_text(&r->cond[i], abi, c, sizeof(c));
		len += (size_t)snprintf(buf + len, size - len, "%s%s",
					i ? ", " : " when ", c);
	}
	if (r->kind == BPF_DIFF_SAMPLE && len < size)
		snprintf(buf + len, size - len, " (one input of it)");
}

static int diff_found(const struct bpf_diff_region *r, void *arg)
{
	struct diff_out *o = arg;
	char where[512], a1[32], a2[32];
	int who;

	inspect_run_stack(o->t, &r->example, &who);
	where_text(r, where, sizeof(where));
	inspect_action_name(r->action[0], a1, sizeof(a1));
	inspect_action_name(r->action[1], a2, sizeof(a2));
	o->cnt++;
	if (o->json != NULL) {
		json_array_append_new(
			o->json,
			json_pack("{s:s, s:s, s:s, s:o, s:s, s:I, s:I}", "kind",
				  r->kind == BPF_DIFF_REGION	? "region" :
				  r->kind == BPF_DIFF_WHOLE_ABI ? "whole_abi" :
								  "sample",
				  "input", where, "process", a1, "filter",
				  who < 0 ? json_null() : json_integer(who),
				  "profile", a2, "nr_lo", (json_int_t)r->nr_lo,
				  "nr_hi", (json_int_t)r->nr_hi));
		return 0;
	}
	if (who < 0)
		printf("  %s: process %s (all allow), profile %s\n", where, a1,
		       a2);
	else
		printf("  %s: process %s (filter %d), profile %s\n", where, a1,
		       who, a2);
	return 0;
}

/*
 * Every difference, up to @max (0: all). Returns the count (plus one if
 * more are left), or -errno.
 */
int inspect_prove_diff(struct target *t, struct bpf_sim_prog *prof,
		       unsigned int max, json_t *jdiff)
{
	static const struct sock_filter allow =
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
	struct bpf_sim_prog none = { 0 };
	struct bpf_stack old = t->s, new = { prof, 1 };
	struct diff_out o = { t, jdiff, 0 };
	struct bpf_diff_opts opts = { .max = max,
				      .found = diff_found,
				      .arg = &o };
	bool more = false;
	int rc;

	if (t->s.cnt == 0) {
		rc = bpf_sim_load_host(&none, &allow, 1, prof->big_endian);
		if (rc < 0)
			return rc;
		old.prog = &none;
		old.cnt = 1;
	}
	rc = bpf_diff_run(&old, &new, &opts, &more);
	if (rc >= 0 && more && jdiff == NULL)
		printf("  (more differences: -n 0 shows them all)\n");
	if (rc >= 0 && more)
		rc++;
	bpf_sim_free(&none);
	return rc;
}
#endif
