/* SPDX-License-Identifier: LGPL-2.1-only */
/* Test helper: snapshots of a filter (BPF, PFC, attributes) to check that a failed call changed nothing. */

#ifndef FILTER_SNAP_H
#define FILTER_SNAP_H

#include <stddef.h>
#include <stdint.h>

#include <seccomp.h>

/*
 * Attributes 1..12 (ACT_DEFAULT .. CTL_KVERMAX), then this library's
 * action attributes (seccomp-ext.h: SCMP_FLTATR_EXT_ACT_BADARG32 and
 * _ACT_MUX, by value; a library without them refuses both alike).
 */
#define FILTER_SNAP_ATTRS 14

/* What the public API shows of a filter. */
struct filter_snap {
	char *bpf;
	size_t bpf_len;
	char *pfc;
	int bpf_rc;
	int pfc_rc;
	int attr_rc[FILTER_SNAP_ATTRS];
	uint32_t attr[FILTER_SNAP_ATTRS];
};

void filter_snap_take(scmp_filter_ctx ctx, struct filter_snap *snap);
int filter_snap_equal(const struct filter_snap *a, const struct filter_snap *b);
int filter_snap_same(scmp_filter_ctx ctx, const struct filter_snap *snap);
void filter_snap_free(struct filter_snap *snap);

/*
 * EXPECT (test_util.h) that @expr returns @want and that the filter looks
 * exactly as before.
 */
#define EXPECT_KEEPS(ctx, expr, want)                     \
	do {                                              \
		struct filter_snap snap_;                 \
                                                          \
		filter_snap_take(ctx, &snap_);            \
		EXPECT(expr, want);                       \
		EXPECT(filter_snap_same(ctx, &snap_), 1); \
		filter_snap_free(&snap_);                 \
	} while (0)

#endif
