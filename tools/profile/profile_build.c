/* SPDX-License-Identifier: LGPL-2.1-only */
/* The filter of resolved rules, as runc makes it (see profile.h). */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "profile_json.h"

/*
 * SCMP_FLTATR_CTL_KVERMAX and enum scmp_kver by their values (those of
 * libseccomp's proposal, PR #457): libseccomp's own seccomp.h, which the
 * benchmark builds this file against, has neither, and its
 * seccomp_attr_set() refuses the attribute with -EINVAL.
 */
#define ATTR_KVERMAX 12
/*
 * SCMP_FLTATR_EXT_ACT_MUX (seccomp-ext.h) by value, for the same reason:
 * libseccomp refuses it with -EINVAL.
 */
#define ATTR_EXT_ACT_MUX 0x53430001
#define KV_3_0 2U /* then one value per release, in order */

/*
 * Linux's releases from 3.0 on, each series from .0 to its last, ending
 * where enum scmp_kver ends (include/seccomp-kvers.h).
 */
static const struct {
	unsigned int major, last_minor;
} kver_series[] = {
	{ 3, 19 }, { 4, 20 }, { 5, 19 }, { 6, 19 }, { 7, 2 },
};

/*
 * @kver as an enum scmp_kver value: 3.0 for anything older (the tables
 * date no syscall before it), the newest the tables know (7.2) for
 * anything newer.
 */
static uint32_t kver_enum(unsigned int kver)
{
	unsigned int major = kver >> 16, minor = kver & 0xffff;
	uint32_t value = KV_3_0;
	size_t i;

	for (i = 0; i < N(kver_series); i++) {
		if (major < kver_series[i].major)
			return i == 0 ? KV_3_0 : value - 1;
		if (major == kver_series[i].major)
			return value + (minor < kver_series[i].last_minor ?
						minor :
						kver_series[i].last_minor);
		value += kver_series[i].last_minor + 1;
	}
	return value - 1;
}

int profile_kvermax_set(scmp_filter_ctx ctx, unsigned int kver)
{
	return seccomp_attr_set(ctx, (enum scmp_filter_attr)ATTR_KVERMAX,
				kver_enum(kver));
}

/*
 * Multiplexed calls. x86, s390, ppc, m68k, sh and MIPS o32 reach socket
 * and IPC calls through socketcall(2) and ipc(2) too (only that way on
 * some of them): the call number in argument 0, the call's own arguments
 * in memory, behind a pointer in argument 1. seccomp cannot read memory,
 * so the library (as libseccomp) puts a rule on such a call on the
 * multiplexer with the call number as its only check: "socket if a0 !=
 * AF_ALG" allows socketcall(SYS_SOCKET, ...) whatever the family.
 * --strict-mux sets the library's SCMP_FLTATR_EXT_ACT_MUX to the default
 * action: the direct syscall keeps its checks, and the multiplexed call
 * takes the default action, or a rule's where that is stricter (a rule
 * that denies stands), even against a rule on the multiplexer itself.
 */

/*
 * Whether ABI @token reaches @name through a multiplexer: then @mux is the
 * multiplexer's number and @call the call number (its argument 0).
 */
static bool name_muxed(uint32_t token, const char *name, int *mux,
		       unsigned int *call)
{
	int nr = seccomp_syscall_resolve_name_arch(token, name);

	/* a multiplexed name resolves to its pseudo number */
	if (nr >= 0 || nr == __NR_SCMP_ERROR)
		return false;
	*mux = seccomp_syscall_resolve_name_rewrite(token, name);
	if (*mux < 0)
		return false;
	/* libseccomp's pseudo numbers: -100 - call (socketcall), -200 - call
	 * (ipc) */
	*call = (unsigned int)(-nr % 100);
	return true;
}

/* Whether the library drops @r's conditions on ABI @token. */
static bool rule_muxed(const struct profile *p, const struct profile_rule *r,
		       uint32_t token, int *mux, unsigned int *call)
{
	int m;
	unsigned int c;

	if (r->cnt == 0 || r->action == p->def_action)
		return false;
	return name_muxed(token, r->name, mux != NULL ? mux : &m,
			  call != NULL ? call : &c);
}

/*
 * Whether leaving @r out fails closed: the default action is as strict as
 * @r's, in the kernel's order of precedence (the lower action value as a
 * signed number wins: KILL_PROCESS, KILL_THREAD, TRAP, ERRNO, USER_NOTIF,
 * TRACE, LOG, ALLOW). A stricter rule, ERRNO in a profile that allows by
 * default, stays: the multiplexed call then takes its action whatever the
 * arguments, which is closed already.
 */
static bool rule_droppable(const struct profile *p,
			   const struct profile_rule *r)
{
	return (int32_t)(p->def_action & 0xffff0000u) <=
	       (int32_t)(r->action & 0xffff0000u);
}

/*
 * The call as linux/net.h and linux/ipc.h name it: SYS_SOCKET (socketcall),
 * SEMOP (ipc).
 */
static void call_macro(const char *mux_name, const char *name, char *buf,
		       size_t size)
{
	size_t i, n;

	n = (size_t)snprintf(buf, size, "%s",
			     strcmp(mux_name, "socketcall") == 0 ? "SYS_" : "");
	for (i = 0; name[i] != '\0' && n + 1 < size; i++)
		buf[n++] = (char)(name[i] >= 'a' && name[i] <= 'z' ?
					  name[i] - 'a' + 'A' :
					  name[i]);
	buf[n < size ? n : size - 1] = '\0';
}

/*
 * A rule of the profile on the multiplexer itself at least as open as the
 * default (Docker's allows socketcall by name): without --strict-mux, it
 * lets every multiplexed call through.
 */
static const struct profile_rule *mux_rule(const struct profile *p,
					   const char *mux_name)
{
	size_t i;

	for (i = 0; i < p->cnt; i++)
		if (strcmp(p->rules[i].name, mux_name) == 0 &&
		    p->rules[i].action != p->def_action &&
		    rule_droppable(p, &p->rules[i]))
			return &p->rules[i];
	return NULL;
}

/*
 * How warn_muxed() ends the warning of rule @r on a multiplexer named
 * @mux_name: entries of one name that end alike share one warning.
 */
static int mux_kind(const struct profile *p, const struct profile_opts *o,
		    const struct profile_rule *r, const char *mux_name)
{
	if (!rule_droppable(p, r))
		return 1;
	if (o->strict_mux)
		return 2;
	if (mux_name != NULL && mux_rule(p, mux_name) != NULL)
		return 0;
	return r->action == SCMP_ACT_ALLOW ? 3 : 4;
}

/* Whether rules @i and @j share a warning on ABI @token (mux_kind()). */
static bool mux_same(const struct profile *p, const struct profile_opts *o,
		     uint32_t token, size_t i, size_t j, const char *mux_name)
{
	int mux;
	unsigned int call;

	return j != i && strcmp(p->rules[j].name, p->rules[i].name) == 0 &&
	       rule_muxed(p, &p->rules[j], token, &mux, &call) &&
	       mux_kind(p, o, &p->rules[j], mux_name) ==
		       mux_kind(p, o, &p->rules[i], mux_name);
}

/*
 * Whether rule @i's warning on ABI @token was given: an earlier rule
 * shares it. Otherwise the lines of the later ones that do go to @f
 * after its name: " (entries at lines 439, 452, 465)".
 */
static bool mux_said(const struct profile *p, const struct profile_opts *o,
		     uint32_t token, size_t i, const char *mux_name, FILE *f)
{
	int line, col;
	unsigned int n = 0;
	size_t j;

	for (j = 0; j < i; j++)
		if (mux_same(p, o, token, i, j, mux_name))
			return true;
	for (j = i + 1; j < p->cnt && f != NULL; j++) {
		if (!mux_same(p, o, token, i, j, mux_name))
			continue;
		if (n++ == 0) {
			profile_entry_where(p, p->rules[i].entry, &line, &col);
			fprintf(f, " (entries at lines %d", line);
		}
		profile_entry_where(p, p->rules[j].entry, &line, &col);
		fprintf(f, ", %d", line);
	}
	if (n > 0)
		fprintf(f, ")");
	return false;
}

/* One warning per ABI and rule whose conditions a multiplexer drops. */
static void warn_muxed(const struct profile *p, const struct profile_opts *o)
{
	const struct profile_rule *r, *own;
	char macro[64], *mux_name;
	const char *arch;
	unsigned int k, call;
	int line, col, mux, own_line, own_col;
	size_t i;

	if (o->warn == NULL || o->quiet_mux)
		return;
	for (k = 0; k < p->narch; k++) {
		arch = profile_arch_name(p->arches[k]);
		for (i = 0; i < p->cnt; i++) {
			r = &p->rules[i];
			if (!rule_muxed(p, r, p->arches[k], &mux, &call))
				continue;
			mux_name = seccomp_syscall_resolve_num_arch(
				p->arches[k], mux);
			call_macro(mux_name != NULL ? mux_name : "?", r->name,
				   macro, sizeof(macro));
			profile_entry_where(p, r->entry, &line, &col);
			if (mux_said(p, o, p->arches[k], i, mux_name, NULL)) {
				free(mux_name);
				continue;
			}
			fprintf(o->warn,
				"%s:%d:%d: warning: %s: %s's argument checks",
				p->path, line, col, arch, r->name);
			mux_said(p, o, p->arches[k], i, mux_name, o->warn);
			fprintf(o->warn,
				" do not apply to %s(2) (%s, %u): its"
				" arguments are in memory; ",
				mux_name != NULL ? mux_name : "?", macro, call);
			own = mux_name != NULL ? mux_rule(p, mux_name) : NULL;
			if (own != NULL)
				profile_entry_where(p, own->entry, &own_line,
						    &own_col);
			if (!rule_droppable(p, r))
				fprintf(o->warn,
					"the call takes the rule's action"
					" unchecked, stricter than the"
					" default\n");
			else if (o->strict_mux)
				fprintf(o->warn,
					"--strict-mux gives it the default"
					" action; the direct %s keeps its"
					" checks\n",
					r->name);
			else if (own != NULL)
				fprintf(o->warn,
					"the call is let through unchecked, and"
					" the entry at line %d names %s"
					" itself (--strict-mux makes it fail"
					" closed)\n",
					own_line, mux_name);
			else
				fprintf(o->warn,
					"the call %s unchecked (--strict-mux"
					" makes it fail closed)\n",
					r->action == SCMP_ACT_ALLOW ?
						"is allowed" :
						"takes the rule's action");
			free(mux_name);
		}
	}
}

/* The rules into @ctx. */
static int build_rules(const struct profile *p, const struct profile_opts *o,
		       scmp_filter_ctx ctx, struct profile_diag *d)
{
	const struct profile_rule *r;
	struct path at;
	int line, col, nr, rc;
	size_t i;

	for (i = 0; i < p->cnt; i++) {
		r = &p->rules[i];
		/* runc leaves these out: libseccomp refuses them */
		if (r->action == p->def_action)
			continue;
		nr = seccomp_syscall_resolve_name(r->name);
		at = profile_json_name_path(p, r);
		if (nr == __NR_SCMP_ERROR && o->strict)
			return profile_json_fail(p, d, &at,
						 "no ABI has a syscall \"%s\"",
						 r->name);
		if (nr == __NR_SCMP_ERROR) {
			profile_json_where(p, &at, &line, &col);
			if (o->warn != NULL)
				fprintf(o->warn,
					"%s:%d:%d: warning: no ABI has a"
					" syscall \"%s\"; skipped\n",
					p->path, line, col, r->name);
			continue;
		}
		rc = seccomp_rule_add_array(ctx, r->action, nr, r->cnt,
					    r->cnt > 0 ? r->cmp : NULL);
		if (rc < 0) {
			at = profile_json_entry_path(p, r->entry);
			return profile_json_fail(
				p, d, &at,
				"the library refuses the rule for \"%s\":"
				" %s",
				r->name, strerror(-rc));
		}
	}
	return 0;
}

/* The filter of ABIs @arches. */
static int build_abis(const struct profile *p, const struct profile_opts *o,
		      const uint32_t *arches, unsigned int narch,
		      scmp_filter_ctx *out, struct profile_diag *d)
{
	struct path root = { .n = 0 }, at;
	scmp_filter_ctx ctx;
	bool native = false;
	unsigned int i;
	int rc = 0;

	*out = NULL;
	ctx = seccomp_init(p->def_action);
	if (ctx == NULL) {
		at = profile_json_sub(&root, "defaultAction", 0);
		return profile_json_fail(
			p, d, &at, "the library refuses this default action");
	}
	for (i = 0; i < narch; i++)
		native |= arches[i] == seccomp_arch_native();
	/* first: an ABI of the other byte order cannot join this one */
	if (!native)
		rc = seccomp_arch_remove(ctx, SCMP_ARCH_NATIVE);
	for (i = 0; i < narch && rc == 0; i++)
		if (seccomp_arch_exist(ctx, arches[i]) != 0)
			rc = seccomp_arch_add(ctx, arches[i]);
	if (rc < 0) {
		profile_json_fail(p, d, &root,
				  "cannot set the filter's ABIs: %s",
				  strerror(-rc));
		goto fail;
	}
	for (i = 0; i < p->nflags; i++) {
		rc = seccomp_attr_set(ctx, p->flags[i], 1);
		if (rc < 0) {
			at = profile_json_sub(&root, "flags", 0);
			profile_json_fail(p, d, &at,
					  "the library refuses a flag: %s",
					  strerror(-rc));
			goto fail;
		}
	}
	if (p->kvermax != 0) {
		rc = profile_kvermax_set(ctx, p->kvermax);
		if (rc < 0) {
			at = profile_json_sub(&root, "kvermax", 0);
			profile_json_fail(p, d, &at,
					  "the library refuses it: %s",
					  strerror(-rc));
			goto fail;
		}
	}
	if (o->strict_mux) {
		rc = seccomp_attr_set(ctx,
				      (enum scmp_filter_attr)ATTR_EXT_ACT_MUX,
				      p->def_action);
		if (rc < 0) {
			profile_json_fail(p, d, &root,
					  "the library cannot give socketcall"
					  " and ipc an action of their own"
					  " (--strict-mux): %s",
					  strerror(-rc));
			goto fail;
		}
	}
	rc = build_rules(p, o, ctx, d);
	if (rc < 0)
		goto fail;
	*out = ctx;
	return 0;
fail:
	seccomp_release(ctx);
	return -EINVAL;
}

int profile_build(const struct profile *p, const struct profile_opts *o,
		  scmp_filter_ctx *out, struct profile_diag *d)
{
	memset(d, 0, sizeof(*d));
	*out = NULL;
	warn_muxed(p, o);
	return build_abis(p, o, p->arches, p->narch, out, d);
}
