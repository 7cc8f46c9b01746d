/* SPDX-License-Identifier: LGPL-2.1-only */
/* 81-hard-nomem: every allocating call, with its Nth allocation failing. */

/*
 * For each public call that allocates, on each fixture filter, the Nth
 * allocation inside the call fails, for N = 1, 2, ... until the call gets
 * through without reaching N (lib/fail_alloc.c counts the allocations of
 * the static library). Each failing run must
 *
 *  - return -ENOMEM (NULL for seccomp_init and the name resolver) and
 *    write nothing (an export), or succeed with exactly the result of an
 *    undisturbed run (a call may have a way around a failed allocation,
 *    but not a different answer);
 *  - leak nothing allocated during the call;
 *  - leave the filter as it was: the same BPF bytes, PFC text and
 *    attributes, and the same state after rejecting its open transaction
 *    (so the transaction stack is intact too). A failed merge leaves both
 *    filters.
 *
 * seccomp_load is left out: its only allocation is the program, made by
 * the same code as seccomp_export_bpf's.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <linux/filter.h>
#include <seccomp-ext.h>

#include <seccomp-ext.h>

#include "fail_alloc.h"
#include "filter_snap.h"
#include "test_util.h"

/* Far more allocations than any call here makes: a runaway loop. */
#define N_MAX 100000UL

struct fixture {
	const char *name;
	scmp_filter_ctx (*build)(void);
};

/*
 * Where an export writes: a file and a buffer made before the call, so
 * that the test's own allocations stay out of the counted window.
 */
struct io {
	FILE *f;
	char *buf;
	size_t len;
};

#define IO_BUF (BPF_MAXINSNS * 8 + 8)

struct call {
	const char *name;
	int (*run)(scmp_filter_ctx ctx, scmp_filter_ctx src, struct io *io);
	bool needs_src; /* merge: a second filter */
	bool frees_src; /* on success */
};

/*
 * Fixtures: filters with rules of every kind
 */

static const struct scmp_arg_cmp cmps_all[] = {
	SCMP_A0(SCMP_CMP_EQ, 1), SCMP_A1(SCMP_CMP_NE, 0x100000000ULL),
	SCMP_A2(SCMP_CMP_LT, 7), SCMP_A3(SCMP_CMP_LE, 0xffffffff00000000ULL),
	SCMP_A4(SCMP_CMP_GT, 3), SCMP_A5(SCMP_CMP_MASKED_EQ, 0xff00, 0x1200),
};

static void add_rules(scmp_filter_ctx ctx)
{
	unsigned int i;

	seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(read), 0);
	seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(write), 1,
			 SCMP_A0(SCMP_CMP_EQ, 1));
	seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(write), 1,
			 SCMP_A0(SCMP_CMP_EQ, 2));
	seccomp_rule_add(ctx, SCMP_ACT_ERRNO(9), SCMP_SYS(write), 2,
			 SCMP_A0(SCMP_CMP_GE, 3), SCMP_A2(SCMP_CMP_GT, 100));
	for (i = 0; i < 6; i++)
		seccomp_rule_add(ctx, SCMP_ACT_TRACE(i), SCMP_SYS(openat), 1,
				 SCMP_A2(SCMP_CMP_MASKED_EQ, 3, i & 3));
	seccomp_rule_add_array(ctx, SCMP_ACT_TRAP, SCMP_SYS(ioctl), 6,
			       cmps_all);
	for (i = 0; i < 8; i++)
		seccomp_rule_add(ctx, SCMP_ACT_ERRNO(i + 1), SCMP_SYS(fcntl), 1,
				 SCMP_A1(SCMP_CMP_EQ, i * 0x100000001ULL));
	/* a level of more than DB_LEVEL_BUF nodes listed in another order */
	for (i = 0; i < 70; i++)
		seccomp_rule_add(ctx, SCMP_ACT_ERRNO(20 + i),
				 SCMP_SYS(getpriority), 1,
				 SCMP_A1(SCMP_CMP_LT, 1000 - i));
	seccomp_rule_add(ctx, SCMP_ACT_KILL_PROCESS, SCMP_SYS(ptrace), 0);
	seccomp_rule_add(ctx, SCMP_ACT_LOG, SCMP_SYS(socket), 1,
			 SCMP_A0(SCMP_CMP_EQ, 2));
	seccomp_rule_add(ctx, SCMP_ACT_ERRNO(1), SCMP_SYS(shmget), 0);
	/* the low word alone (provisional), beside a full test */
	seccomp_rule_add(ctx, SCMP_ACT_ERRNO(2), SCMP_SYS(openat), 2,
			 SCMP_A0(SCMP_CMP_EQ | SCMP_CMP_32BIT, -100),
			 SCMP_A0(SCMP_CMP_NE, 0xffffff9c));
	seccomp_syscall_priority(ctx, SCMP_SYS(fcntl), 200);
	seccomp_syscall_priority(ctx, SCMP_SYS(close), 10);
}

static scmp_filter_ctx fx_native(void)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_KILL);

	add_rules(ctx);
	return ctx;
}

/* Several ABIs of the native byte order, some multiplexing socket calls. */
static scmp_filter_ctx fx_multi(void)
{
	static const uint32_t more[] = {
		SCMP_ARCH_X86,	  SCMP_ARCH_X32,   SCMP_ARCH_AARCH64,
		SCMP_ARCH_MIPSEL, SCMP_ARCH_S390X, SCMP_ARCH_PPC,
	};
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
	unsigned int i;

	for (i = 0; i < sizeof(more) / sizeof(more[0]); i++)
		seccomp_arch_add(ctx, more[i]); /* -EDOM for the other order */
	seccomp_rule_add(ctx, SCMP_ACT_ERRNO(1), SCMP_SYS(socket), 1,
			 SCMP_A0(SCMP_CMP_EQ, 2));
	seccomp_rule_add(ctx, SCMP_ACT_ERRNO(2), SCMP_SYS(connect), 0);
	seccomp_rule_add(ctx, SCMP_ACT_KILL, SCMP_SYS(shmat), 0);
	seccomp_rule_add(ctx, SCMP_ACT_TRAP, SCMP_SYS(write), 1,
			 SCMP_A2(SCMP_CMP_GT, 4096));
	seccomp_syscall_priority(ctx, SCMP_SYS(accept4), 5);
	seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_TRAP);
	return ctx;
}

/* Big-endian ABIs only. */
static scmp_filter_ctx fx_big(void)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ERRNO(5));

	seccomp_arch_remove(ctx, SCMP_ARCH_NATIVE);
	seccomp_arch_add(ctx, SCMP_ARCH_S390X);
	seccomp_arch_add(ctx, SCMP_ARCH_PPC);
	seccomp_rule_add(ctx, SCMP_ACT_ALLOW, 1, 2, SCMP_A0(SCMP_CMP_LE, 9),
			 SCMP_A1(SCMP_CMP_MASKED_EQ, 0xf0, 0x10));
	seccomp_rule_add(ctx, SCMP_ACT_ALLOW, 3, 0);
	return ctx;
}

/* The binary tree layout, -1 rules, and two open transactions. */
static scmp_filter_ctx fx_txn(void)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_TRAP);
	int i;

	seccomp_attr_set(ctx, SCMP_FLTATR_CTL_OPTIMIZE, 2);
	seccomp_attr_set(ctx, SCMP_FLTATR_API_TSKIP, 1);
	seccomp_rule_add(ctx, SCMP_ACT_ALLOW, -1, 0);
	for (i = 0; i < 20; i++)
		seccomp_rule_add(ctx, SCMP_ACT_ALLOW, i * 3, 0);
	seccomp_transaction_start(ctx);
	seccomp_rule_add(ctx, SCMP_ACT_KILL, 100, 1, SCMP_A0(SCMP_CMP_EQ, 5));
	seccomp_transaction_start(ctx);
	seccomp_rule_add(ctx, SCMP_ACT_KILL, 101, 0);
	return ctx;
}

/* ENOSYS for newer syscalls: the spans of a pair and of multiplexing ABIs. */
static scmp_filter_ctx fx_kvermax(void)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ERRNO(1));

	seccomp_arch_add(ctx, SCMP_ARCH_X32); /* -EDOM for the other order */
	seccomp_arch_add(ctx, SCMP_ARCH_X86);
	seccomp_arch_add(ctx, SCMP_ARCH_S390X);
	add_rules(ctx);
	seccomp_attr_set(ctx, SCMP_FLTATR_CTL_KVERMAX, SCMP_KV_5_2);
	seccomp_attr_set(ctx, SCMP_FLTATR_ACT_ENOSYS, SCMP_ACT_TRAP);
	seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(clone3), 0);
	return ctx;
}

/*
 * SCMP_FLTATR_EXT_ACT_BADARG32's checks and signed comparisons (ours), on
 * 64-bit ABIs and a 32-bit one.
 */
static scmp_filter_ctx fx_badarg(void)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ERRNO(1));

	seccomp_arch_add(ctx, SCMP_ARCH_X86_64); /* -EDOM for the other order */
	seccomp_arch_add(ctx, SCMP_ARCH_X86);
	seccomp_arch_add(ctx, SCMP_ARCH_S390X);
	add_rules(ctx);
	seccomp_attr_set(ctx, SCMP_FLTATR_EXT_ACT_BADARG32,
			 SCMP_ACT_KILL_PROCESS);
	seccomp_rule_add(
		ctx, SCMP_ACT_ERRNO(3), SCMP_SYS(close), 1,
		SCMP_A0((enum scmp_compare)(SCMP_CMP_LT | SCMP_CMP_32BIT |
					    SCMP_CMP_EXT_SIGNED),
			0));
	seccomp_rule_add(
		ctx, SCMP_ACT_ERRNO(4), SCMP_SYS(dup), 2,
		SCMP_A0((enum scmp_compare)(SCMP_CMP_LT | SCMP_CMP_EXT_SIGNED),
			-5),
		SCMP_A1((enum scmp_compare)(SCMP_CMP_GE | SCMP_CMP_32BIT |
					    SCMP_CMP_EXT_SIGNED),
			-7));
	return ctx;
}

/*
 * SCMP_FLTATR_EXT_ACT_MUX: the generators read views of socketcall and
 * ipc, allocated for each export.
 */
static scmp_filter_ctx fx_act_mux(void)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);

	seccomp_arch_add(ctx, SCMP_ARCH_X86);
	seccomp_attr_set(ctx, (enum scmp_filter_attr)SCMP_FLTATR_EXT_ACT_MUX,
			 SCMP_ACT_ERRNO(1));
	add_rules(ctx);
	seccomp_rule_add(ctx, SCMP_ACT_ERRNO(97), SCMP_SYS(socket), 1,
			 SCMP_A0(SCMP_CMP_EQ, 38));
	seccomp_rule_add(ctx, SCMP_ACT_KILL, SCMP_SYS(shmget), 1,
			 SCMP_A2(SCMP_CMP_EQ, 0x1ff));
	seccomp_rule_add(ctx, SCMP_ACT_TRAP, SCMP_SYS(socketcall), 1,
			 SCMP_A1(SCMP_CMP_EQ, 7));
	return ctx;
}

static const struct fixture fixtures[] = {
	{ "native", fx_native },   { "multi-arch", fx_multi },
	{ "big-endian", fx_big },  { "binary tree, transactions", fx_txn },
	{ "KVERMAX", fx_kvermax }, { "BADARG32, signed", fx_badarg },
	{ "ACT_MUX", fx_act_mux },
};

/*
 * The library keeps the blocks of released filters for later ones, and
 * seccomp_reset(NULL, 0) frees them: a window starts without any, so that
 * every block a call takes is a counted allocation, and what a failed
 * call gave back is freed before the blocks still live are counted.
 * The reset forgets the kernel probes too: the API level is forced again.
 */
static void window_start(unsigned long n)
{
	seccomp_reset(NULL, 0);
	seccomp_api_set(7);
	fail_alloc_start(n);
}

static unsigned long window_live(void)
{
	seccomp_reset(NULL, 0);
	seccomp_api_set(7);
	return fail_alloc_live();
}

/*
 * Calls
 */

static int c_rule_new(scmp_filter_ctx ctx, scmp_filter_ctx src, struct io *io)
{
	return seccomp_rule_add_array(ctx, SCMP_ACT_ERRNO(77), SCMP_SYS(mmap),
				      6, cmps_all);
}

static int c_rule_merge(scmp_filter_ctx ctx, scmp_filter_ctx src, struct io *io)
{
	return seccomp_rule_add(ctx, SCMP_ACT_ERRNO(3), SCMP_SYS(write), 3,
				SCMP_A0(SCMP_CMP_GE, 3),
				SCMP_A1(SCMP_CMP_NE, 8),
				SCMP_A2(SCMP_CMP_LE, 100));
}

static int c_rule_uncond(scmp_filter_ctx ctx, scmp_filter_ctx src,
			 struct io *io)
{
	return seccomp_rule_add(ctx, SCMP_ACT_ERRNO(4), SCMP_SYS(fcntl), 0);
}

static int c_rule_mux(scmp_filter_ctx ctx, scmp_filter_ctx src, struct io *io)
{
	return seccomp_rule_add(ctx, SCMP_ACT_ERRNO(5), SCMP_SYS(accept4), 2,
				SCMP_A0(SCMP_CMP_EQ, 3),
				SCMP_A3(SCMP_CMP_MASKED_EQ, 0x800, 0x800));
}

static int c_rule_exact(scmp_filter_ctx ctx, scmp_filter_ctx src, struct io *io)
{
	return seccomp_rule_add_exact(ctx, SCMP_ACT_ERRNO(6), SCMP_SYS(close),
				      1, SCMP_A0(SCMP_CMP_GT, 2));
}

static int c_priority(scmp_filter_ctx ctx, scmp_filter_ctx src, struct io *io)
{
	return seccomp_syscall_priority(ctx, SCMP_SYS(getpid), 99);
}

static int c_arch_add(scmp_filter_ctx ctx, scmp_filter_ctx src, struct io *io)
{
	int rc = seccomp_arch_add(ctx, SCMP_ARCH_RISCV64);

	/* a big-endian filter: the same call with a big-endian ABI */
	return rc == -EDOM ? seccomp_arch_add(ctx, SCMP_ARCH_MIPS64) : rc;
}

static int c_arch_remove(scmp_filter_ctx ctx, scmp_filter_ctx src,
			 struct io *io)
{
	int rc = seccomp_arch_remove(ctx, SCMP_ARCH_NATIVE);

	return rc == -EEXIST ? seccomp_arch_remove(ctx, SCMP_ARCH_PPC) : rc;
}

static int c_reset(scmp_filter_ctx ctx, scmp_filter_ctx src, struct io *io)
{
	return seccomp_reset(ctx, SCMP_ACT_ERRNO(11));
}

static int c_attr(scmp_filter_ctx ctx, scmp_filter_ctx src, struct io *io)
{
	return seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_LOG);
}

static int c_txn_start(scmp_filter_ctx ctx, scmp_filter_ctx src, struct io *io)
{
	return seccomp_transaction_start(ctx);
}

static int c_precompute(scmp_filter_ctx ctx, scmp_filter_ctx src, struct io *io)
{
	return seccomp_precompute(ctx);
}

static int c_export_bpf(scmp_filter_ctx ctx, scmp_filter_ctx src, struct io *io)
{
	return seccomp_export_bpf(ctx, fileno(io->f));
}

static int c_export_mem(scmp_filter_ctx ctx, scmp_filter_ctx src, struct io *io)
{
	io->len = IO_BUF;
	return seccomp_export_bpf_mem(ctx, io->buf, &io->len);
}

static int c_export_pfc(scmp_filter_ctx ctx, scmp_filter_ctx src, struct io *io)
{
	return seccomp_export_pfc(ctx, fileno(io->f));
}

static int c_merge(scmp_filter_ctx ctx, scmp_filter_ctx src, struct io *io)
{
	return seccomp_merge(ctx, src);
}

static int c_rule_raw(scmp_filter_ctx ctx, scmp_filter_ctx src, struct io *io)
{
	return seccomp_ext_rule_add_raw(ctx, SCMP_ACT_ERRNO(12),
					SCMP_ARCH_NATIVE, 1234, 6, cmps_all);
}

static const struct call calls[] = {
	{ "rule_add_array (new syscall, 6 comparisons)", c_rule_new },
	{ "rule_add (into a trie)", c_rule_merge },
	{ "rule_add (unconditional over a trie)", c_rule_uncond },
	{ "rule_add (multiplexed call)", c_rule_mux },
	{ "rule_add_exact", c_rule_exact },
	{ "syscall_priority", c_priority },
	{ "arch_add", c_arch_add },
	{ "arch_remove", c_arch_remove },
	{ "reset", c_reset },
	{ "attr_set", c_attr },
	{ "transaction_start", c_txn_start },
	{ "precompute", c_precompute },
	{ "export_bpf", c_export_bpf },
	{ "export_bpf_mem", c_export_mem },
	{ "export_pfc", c_export_pfc },
	{ "merge", c_merge, true, true },
	{ "ext_rule_add_raw (one ABI's number)", c_rule_raw },
};

/* The filter merged in: an ABI the fixtures lack, of either byte order. */
static scmp_filter_ctx merge_src(scmp_filter_ctx dst)
{
	uint32_t def = 0, kvermax = 0, enosys = 0, badarg = 0;
	scmp_filter_ctx src;

	seccomp_attr_get(dst, SCMP_FLTATR_ACT_DEFAULT, &def);
	seccomp_attr_get(dst, SCMP_FLTATR_CTL_KVERMAX, &kvermax);
	seccomp_attr_get(dst, SCMP_FLTATR_ACT_ENOSYS, &enosys);
	src = seccomp_init(def);
	seccomp_attr_set(src, SCMP_FLTATR_CTL_KVERMAX, kvermax);
	seccomp_attr_set(src, SCMP_FLTATR_ACT_ENOSYS, enosys);
	seccomp_attr_get(dst, SCMP_FLTATR_EXT_ACT_BADARG32, &badarg);
	seccomp_attr_set(src, SCMP_FLTATR_EXT_ACT_BADARG32, badarg);
	/* ours: filters merge only with the same multiplexed action */
	seccomp_attr_get(dst, (enum scmp_filter_attr)SCMP_FLTATR_EXT_ACT_MUX,
			 &enosys);
	seccomp_attr_set(src, (enum scmp_filter_attr)SCMP_FLTATR_EXT_ACT_MUX,
			 enosys);
	seccomp_arch_remove(src, SCMP_ARCH_NATIVE);
	if (seccomp_arch_exist(dst, SCMP_ARCH_S390X) == 0)
		seccomp_arch_add(src, SCMP_ARCH_PARISC64);
	else
		seccomp_arch_add(src, SCMP_ARCH_LOONGARCH64);
	seccomp_rule_add(src,
			 def == SCMP_ACT_ALLOW ? SCMP_ACT_KILL : SCMP_ACT_ALLOW,
			 SCMP_SYS(read), 1, SCMP_A0(SCMP_CMP_EQ, 0));
	return src;
}

static void io_open(struct io *io)
{
	io->f = tmpfile();
	io->buf = calloc(1, IO_BUF);
	io->len = 0;
	if (io->f == NULL || io->buf == NULL) {
		perror("tmpfile");
		exit(99);
	}
}

/* What the call wrote, in one buffer: the file's bytes, then the memory. */
static void io_close(struct io *io, char **out, size_t *out_len)
{
	long size = fseek(io->f, 0, SEEK_END) == 0 ? ftell(io->f) : 0;

	*out = malloc((size_t)size + io->len + 1);
	rewind(io->f);
	*out_len = fread(*out, 1, (size_t)size, io->f);
	memcpy(*out + *out_len, io->buf, io->len);
	*out_len += io->len;
	fclose(io->f);
	free(io->buf);
}

/* What a filter looks like after rejecting its innermost transaction. */
static void snap_rejected(scmp_filter_ctx ctx, struct filter_snap *snap)
{
	seccomp_transaction_reject(ctx);
	filter_snap_take(ctx, snap);
}

static void run_call(const struct fixture *fx, const struct call *c)
{
	struct filter_snap ref_after, ref_rejected, before, before_src, now;
	scmp_filter_ctx ctx, src = NULL;
	unsigned long n, allocs = 0;
	int ref_rc, rc, fails = test_failures;
	char *ref_out, *out;
	size_t ref_len, len;
	struct io io;

	/* the undisturbed run: its result, and what "unchanged" means */
	ctx = fx->build();
	if (c->needs_src)
		src = merge_src(ctx);
	io_open(&io);
	ref_rc = c->run(ctx, src, &io);
	io_close(&io, &ref_out, &ref_len);
	filter_snap_take(ctx, &ref_after);
	if (c->needs_src && ref_rc != 0)
		seccomp_release(src);
	seccomp_release(ctx);
	ctx = fx->build();
	snap_rejected(ctx, &ref_rejected);
	seccomp_release(ctx);

	for (n = 1; n < N_MAX; n++) {
		ctx = fx->build();
		src = c->needs_src ? merge_src(ctx) : NULL;
		filter_snap_take(ctx, &before);
		if (src != NULL)
			filter_snap_take(src, &before_src);
		io_open(&io);

		window_start(n);
		rc = c->run(ctx, src, &io);
		allocs = fail_alloc_stop();

		io_close(&io, &out, &len);
		if (!fail_alloc_failed()) {
			/* no allocation failed: the call's normal result */
			EXPECT(rc, ref_rc);
		} else if (rc == -ENOMEM || rc != ref_rc) {
			EXPECT(rc, -ENOMEM);
			EXPECT(len, 0); /* an export wrote nothing */
			EXPECT(window_live(), 0);
			EXPECT(filter_snap_same(ctx, &before), 1);
			if (src != NULL)
				EXPECT(filter_snap_same(src, &before_src), 1);
			snap_rejected(ctx, &now);
			EXPECT(filter_snap_equal(&now, &ref_rejected), 1);
			filter_snap_free(&now);
		} else {
			/* got around the failure: the same result */
			EXPECT(len == ref_len && memcmp(out, ref_out, len) == 0,
			       1);
			EXPECT(filter_snap_same(ctx, &ref_after), 1);
		}
		if (src != NULL && !(c->frees_src && rc == 0))
			seccomp_release(src);
		if (src != NULL)
			filter_snap_free(&before_src);
		filter_snap_free(&before);
		free(out);
		seccomp_release(ctx);
		if (!fail_alloc_failed() || test_failures > fails)
			break;
	}
	printf("%-28s %-46s %s: %lu allocations\n", fx->name, c->name,
	       test_failures > fails ? "FAIL" : "ok", allocs);
	if (test_failures > fails)
		printf("  (failing allocation %lu, rc %d)\n", n, rc);
	filter_snap_free(&ref_after);
	free(ref_out);
	filter_snap_free(&ref_rejected);
}

/* seccomp_init: NULL on failure, nothing leaked. */
static void run_init(void)
{
	scmp_filter_ctx ctx;
	unsigned long n;

	for (n = 1; n < N_MAX; n++) {
		window_start(n);
		ctx = seccomp_init(SCMP_ACT_ALLOW);
		fail_alloc_stop();
		if (!fail_alloc_failed()) {
			EXPECT(ctx != NULL, 1);
			seccomp_release(ctx);
			break;
		}
		EXPECT(ctx == NULL, 1);
		EXPECT(window_live(), 0);
		seccomp_release(ctx);
	}
	printf("%-75s ok: %lu allocations\n", "seccomp_init", n - 1);
}

/* seccomp_syscall_resolve_num_arch: NULL on failure. */
static void run_resolve(void)
{
	unsigned long n;
	char *name;

	for (n = 1; n < N_MAX; n++) {
		window_start(n);
		name = seccomp_syscall_resolve_num_arch(SCMP_ARCH_NATIVE,
							SCMP_SYS(read));
		fail_alloc_stop();
		if (!fail_alloc_failed()) {
			EXPECT(name != NULL && strcmp(name, "read") == 0, 1);
			free(name);
			break;
		}
		EXPECT(name == NULL, 1);
		EXPECT(window_live(), 0);
	}
	printf("%-75s ok: %lu allocations\n",
	       "seccomp_syscall_resolve_num_arch", n - 1);
}

/* seccomp_notify_alloc: -ENOMEM, the pointers untouched. */
static void run_notify(void)
{
	struct seccomp_notif *req, *req0 = (void *)&req;
	struct seccomp_notif_resp *resp, *resp0 = (void *)&resp;
	unsigned long n;
	int rc;

	rc = seccomp_notify_alloc(&req, &resp);
	if (rc != 0) {
		printf("seccomp_notify_alloc: skipped (%d)\n", rc);
		return;
	}
	seccomp_notify_free(req, resp);
	for (n = 1; n < N_MAX; n++) {
		req = req0;
		resp = resp0;
		window_start(n);
		rc = seccomp_notify_alloc(&req, &resp);
		fail_alloc_stop();
		if (!fail_alloc_failed()) {
			EXPECT(rc, 0);
			seccomp_notify_free(req, resp);
			break;
		}
		EXPECT(rc, -ENOMEM);
		EXPECT(window_live(), 0);
		EXPECT(req == req0 && resp == resp0, 1);
	}
	printf("%-75s ok: %lu allocations\n", "seccomp_notify_alloc", n - 1);
}

/* The file c_table_load() loads: two new names, one known. */
static const char table_path[] = "81-hard-nomem.csv";

static int c_syscall_add(void)
{
	return seccomp_ext_syscall_add(SCMP_ARCH_X86_64, "nomem_add", 1200);
}

static int c_table_load(void)
{
	return seccomp_ext_syscall_table_load(table_path);
}

/*
 * A call that adds to the run-time table: -ENOMEM adds nothing (@name
 * stays unknown) and leaks nothing; the table keeps what the last,
 * successful run added.
 */
static void run_table_call(const char *what, int (*call)(void),
			   const char *name)
{
	unsigned long n;
	int rc;

	for (n = 1; n < N_MAX; n++) {
		window_start(n);
		rc = call();
		fail_alloc_stop();
		if (!fail_alloc_failed()) {
			EXPECT(rc, 0);
			break;
		}
		EXPECT(rc, -ENOMEM);
		EXPECT(window_live(), 0);
		EXPECT(seccomp_syscall_resolve_name_arch(SCMP_ARCH_X86_64,
							 name),
		       __NR_SCMP_ERROR);
	}
	EXPECT(seccomp_syscall_resolve_name_arch(SCMP_ARCH_X86_64, name) > 0,
	       1);
	printf("%-75s ok: %lu allocations\n", what, n - 1);
}

/* seccomp_ext_syscall_add and _table_load */
static void run_syscall_add(void)
{
	static const char table[] = "name,x86_64,aarch64\n"
				    "nomem_f1,1201,1201\n"
				    "nomem_f2,1202,1202\n"
				    "read,0,63\n";
	FILE *f = fopen(table_path, "w");

	if (f == NULL || fputs(table, f) < 0 || fclose(f) != 0) {
		perror(table_path);
		exit(99);
	}
	run_table_call("seccomp_ext_syscall_add", c_syscall_add, "nomem_add");
	run_table_call("seccomp_ext_syscall_table_load", c_table_load,
		       "nomem_f2");
	unlink(table_path);
}

int main(void)
{
	unsigned int f, c;

	/* results independent of the kernel; notify needs level 5 */
	EXPECT(seccomp_api_set(7), 0);
	run_init();
	run_resolve();
	run_notify();
	run_syscall_add();
	for (f = 0; f < sizeof(fixtures) / sizeof(fixtures[0]); f++)
		for (c = 0; c < sizeof(calls) / sizeof(calls[0]); c++)
			run_call(&fixtures[f], &calls[c]);
	return test_result();
}
