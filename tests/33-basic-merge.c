/* SPDX-License-Identifier: LGPL-2.1-only */
/* seccomp_merge: which attributes must agree, byte order, overlapping ABIs; a failed merge changes neither filter. */

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "filter_snap.h"
#include "filter_spec.h"
#include "test_util.h"

/* A filter from statements (on top of "init ALLOW", native removed). */
static scmp_filter_ctx make(const char *arches, const char *extra)
{
	const char *spec[] = { "init ALLOW", "arch -native", arches, extra,
			       NULL };
	scmp_filter_ctx ctx;
	int status;

	ctx = spec_build(spec, &status);
	EXPECT(status, 0);
	return ctx;
}

/* Merging @src into @dst must fail with @want and change neither. */
static void expect_fail(scmp_filter_ctx dst, scmp_filter_ctx src, int want)
{
	struct filter_snap before;

	filter_snap_take(src, &before);
	EXPECT_KEEPS(dst, seccomp_merge(dst, src), want);
	EXPECT(filter_snap_same(src, &before), 1);
	filter_snap_free(&before);
}

static void check_errors(void)
{
	scmp_filter_ctx dst = make("arch +x86_64", "rule KILL read");
	scmp_filter_ctx src;

	EXPECT(seccomp_merge(NULL, dst), -EINVAL);
	EXPECT(seccomp_merge(dst, NULL), -EINVAL);
	/* a filter into itself: its ABIs overlap */
	expect_fail(dst, dst, -EEXIST);

	/* the default action, NNP and TSYNC must agree */
	src = seccomp_init(SCMP_ACT_TRAP);
	EXPECT(SPEC(src, "arch -native +x86"), 0);
	expect_fail(dst, src, -EINVAL);
	seccomp_release(src);
	src = make("arch +x86", "attr nnp 0");
	expect_fail(dst, src, -EINVAL);
	seccomp_release(src);
	EXPECT(seccomp_api_set(2), 0);
	src = make("arch +x86", "attr tsync 1");
	expect_fail(dst, src, -EINVAL);
	seccomp_release(src);

	/* byte order, then overlapping ABIs */
	src = make("arch +s390x", "rule KILL read");
	expect_fail(dst, src, -EDOM);
	seccomp_release(src);
	src = make("arch +x86 +x86_64", "rule KILL write");
	expect_fail(dst, src, -EEXIST);
	seccomp_release(src);
	/* filters without ABIs are invalid */
	src = make("arch +x86", "arch -x86");
	expect_fail(dst, src, -EINVAL);
	expect_fail(src, dst, -EINVAL);
	seccomp_release(src);
	seccomp_release(dst);
}

/* Other attributes may differ: the destination's are kept. */
static void check_success(void)
{
	scmp_filter_ctx dst = make("arch +x86_64", "attr badarch TRAP");
	scmp_filter_ctx src = make("arch +x86 +x32", "attr badarch ERRNO(1)");
	uint32_t v;

	EXPECT(SPEC(dst, "rule KILL read"), 0);
	EXPECT(SPEC(src, "attr tskip 1", "attr optimize 2", "attr log 1",
		    "rule KILL write"),
	       0);
	EXPECT(seccomp_merge(dst, src), 0);
	/* src is gone; dst has all three ABIs and its own attributes */
	EXPECT(seccomp_arch_exist(dst, SCMP_ARCH_X86_64), 0);
	EXPECT(seccomp_arch_exist(dst, SCMP_ARCH_X86), 0);
	EXPECT(seccomp_arch_exist(dst, SCMP_ARCH_X32), 0);
	EXPECT(seccomp_attr_get(dst, SCMP_FLTATR_ACT_BADARCH, &v), 0);
	EXPECT(v, SCMP_ACT_TRAP);
	EXPECT(seccomp_attr_get(dst, SCMP_FLTATR_API_TSKIP, &v), 0);
	EXPECT(v, 0);
	EXPECT(seccomp_attr_get(dst, SCMP_FLTATR_CTL_OPTIMIZE, &v), 0);
	EXPECT(v, 1);
	EXPECT(seccomp_attr_get(dst, SCMP_FLTATR_CTL_LOG, &v), 0);
	EXPECT(v, 0);
	/* the merged ABIs take new rules */
	EXPECT(seccomp_rule_add(dst, SCMP_ACT_KILL,
				seccomp_syscall_resolve_name("close"), 0),
	       0);
	/* and refuse further copies of themselves */
	src = make("arch +x32", "rule KILL read");
	expect_fail(dst, src, -EEXIST);
	seccomp_release(src);
	seccomp_release(dst);
}

/* Whether @ctx's PFC has the line @line. */
static bool pfc_has(scmp_filter_ctx ctx, const char *line)
{
	FILE *f = tmpfile();
	char buf[256];
	bool found = false;

	if (f == NULL || seccomp_export_pfc(ctx, fileno(f)) != 0) {
		if (f != NULL)
			fclose(f);
		return false;
	}
	rewind(f);
	while (!found && fgets(buf, sizeof(buf), f) != NULL) {
		buf[strcspn(buf, "\n")] = '\0';
		found = strcmp(buf + strspn(buf, " "), line) == 0;
	}
	fclose(f);
	return found;
}

/*
 * SCMP_ACT_TRAPX: the default actions agree only with the same si_errno;
 * rules, the bad-arch action and their data come along.
 */
static void check_trapx(void)
{
	const char *x86_64[] = { "init TRAP(5)", "arch -native +x86_64",
				 "attr badarch TRAP(6)", "rule TRAP(7) read",
				 NULL };
	const char *x86[] = { "init TRAP(5)", "arch -native +x86",
			      "rule TRAP(8) read", NULL };
	const char *other[] = { "init TRAP(4)", "arch -native +x86", NULL };
	scmp_filter_ctx dst, src;
	uint32_t v;
	int status;

	dst = spec_build(x86_64, &status);
	src = spec_build(other, &status);
	expect_fail(dst, src, -EINVAL);
	seccomp_release(src);
	src = spec_build(x86, &status);
	EXPECT(seccomp_merge(dst, src), 0);
	EXPECT(seccomp_attr_get(dst, SCMP_FLTATR_ACT_DEFAULT, &v), 0);
	EXPECT(v, SCMP_ACT_TRAPX(5));
	EXPECT(seccomp_attr_get(dst, SCMP_FLTATR_ACT_BADARCH, &v), 0);
	EXPECT(v, SCMP_ACT_TRAPX(6));
	/* both filters' rules, with their data */
	EXPECT(pfc_has(dst, "action TRAP(7);"), 1);
	EXPECT(pfc_has(dst, "action TRAP(8);"), 1);
	EXPECT(seccomp_rule_add(dst, SCMP_ACT_TRAPX(9),
				seccomp_syscall_resolve_name("write"), 0),
	       0);
	EXPECT(seccomp_rule_add(dst, SCMP_ACT_TRAPX(5),
				seccomp_syscall_resolve_name("close"), 0),
	       -EACCES);
	seccomp_release(dst);
}

int main(void)
{
	EXPECT(seccomp_api_set(6), 0);
	check_errors();
	EXPECT(seccomp_api_set(6), 0);
	check_success();
	check_trapx();
	return test_result();
}
