/* SPDX-License-Identifier: LGPL-2.1-only */
/* seccomp_precompute: the cached program equals a fresh one, and every change that affects the program drops it. */

#include <errno.h>
#include <string.h>

#include "filter_spec.h"
#include "test_util.h"

#define BUF_MAX 4096

struct prog {
	unsigned char buf[BUF_MAX];
	size_t len;
};

static void export(scmp_filter_ctx ctx, struct prog *p)
{
	p->len = sizeof(p->buf);
	EXPECT(seccomp_export_bpf_mem(ctx, p->buf, &p->len), 0);
}

static int same(const struct prog *a, const struct prog *b)
{
	return a->len == b->len && memcmp(a->buf, b->buf, a->len) == 0;
}

/* clang-format off */
/* enough syscalls around write that a priority moves it up the search */
#define BASE "rule KILL read", "rule ERRNO(1) write a0==1", "attr tskip 1", \
	     "rule ERRNO(2) -1", "rule ERRNO(3) open", "rule ERRNO(4) stat", \
	     "rule ERRNO(5) fstat", "rule ERRNO(6) lstat"
/* clang-format on */

/* Each change, made after seccomp_precompute, must show in the export. */
static const char *const changes[][3] = {
	{ "rule TRAP close", NULL },
	{ "rule ERRNO(1) write a0==2", NULL },
	{ "arch +x86", NULL },
	{ "arch +x86", "rule TRAP close" },
	{ "arch -native +aarch64", NULL },
	{ "attr badarch TRAP", NULL },
	{ "attr tskip 0", NULL },
	{ "prio write 200", NULL },
	{ "reset TRAP", NULL },
};

/*
 * Two equal filters, one precomputed, get the same change: their exports
 * must agree, and differ from before the change.
 */
static void check_change(const char *const *change)
{
	scmp_filter_ctx pre = seccomp_init(SCMP_ACT_ALLOW);
	scmp_filter_ctx plain = seccomp_init(SCMP_ACT_ALLOW);
	struct prog before, a, b;
	unsigned int i;

	EXPECT(SPEC(pre, BASE), 0);
	EXPECT(SPEC(plain, BASE), 0);
	EXPECT(seccomp_precompute(pre), 0);
	export(pre, &before);
	for (i = 0; change[i] != NULL; i++) {
		EXPECT(spec_run(&pre, (const char *const[]){ change[i], NULL }),
		       0);
		EXPECT(spec_run(&plain,
				(const char *const[]){ change[i], NULL }),
		       0);
	}
	export(pre, &a);
	export(plain, &b);
	if (!same(&a, &b) || same(&a, &before))
		printf("  after \"%s\"\n", change[0]);
	EXPECT(same(&a, &b), 1);
	EXPECT(same(&a, &before), 0);
	seccomp_release(pre);
	seccomp_release(plain);
}

/* merge, transaction reject and OPTIMIZE drop the program too. */
static void check_other(void)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
	scmp_filter_ctx src = seccomp_init(SCMP_ACT_ALLOW);
	scmp_filter_ctx plain = seccomp_init(SCMP_ACT_ALLOW);
	struct prog before, a, b;

	EXPECT(SPEC(ctx, BASE), 0);
	EXPECT(SPEC(src, "arch -native +x86", "rule KILL write"), 0);
	EXPECT(seccomp_precompute(ctx), 0);
	export(ctx, &before);
	EXPECT(seccomp_merge(ctx, src), 0);
	export(ctx, &a);
	EXPECT(same(&a, &before), 0);
	EXPECT(seccomp_arch_remove(ctx, SCMP_ARCH_X86), 0);
	export(ctx, &a);
	EXPECT(same(&a, &before), 1);

	EXPECT(seccomp_transaction_start(ctx), 0);
	EXPECT(SPEC(ctx, "rule TRAP close"), 0);
	EXPECT(seccomp_precompute(ctx), 0);
	seccomp_transaction_reject(ctx);
	export(ctx, &a);
	EXPECT(same(&a, &before), 1);

	/* OPTIMIZE may or may not change the layout; the export follows */
	EXPECT(SPEC(plain, BASE, "attr optimize 2"), 0);
	EXPECT(seccomp_precompute(ctx), 0);
	EXPECT(SPEC(ctx, "attr optimize 2"), 0);
	export(ctx, &a);
	export(plain, &b);
	EXPECT(same(&a, &b), 1);
	seccomp_release(ctx);
	seccomp_release(plain);
}

int main(void)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
	struct prog a, b;
	unsigned int i;

	EXPECT(seccomp_precompute(NULL), -EINVAL);
	EXPECT(SPEC(ctx, BASE), 0);
	export(ctx, &a);
	EXPECT(seccomp_precompute(ctx), 0);
	EXPECT(seccomp_precompute(ctx), 0);
	export(ctx, &b);
	EXPECT(same(&a, &b), 1);
	/* load-only attributes keep the program */
	EXPECT(SPEC(ctx, "attr nnp 0", "attr rawrc 1", "attr waitkill 1"), 0);
	export(ctx, &b);
	EXPECT(same(&a, &b), 1);
	EXPECT(seccomp_arch_remove(ctx, SCMP_ARCH_NATIVE), 0);
	EXPECT(seccomp_precompute(ctx), -EINVAL);
	seccomp_release(ctx);

	for (i = 0; i < sizeof(changes) / sizeof(changes[0]); i++)
		check_change(changes[i]);
	check_other();
	return test_result();
}
