/* SPDX-License-Identifier: LGPL-2.1-only */
/* Test helper: snapshots of a filter (BPF, PFC, attributes) to check that a failed call changed nothing. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "filter_snap.h"

/* Runs an export into a temporary file; returns its rc, *out the bytes. */
static int export(scmp_filter_ctx ctx, int pfc, char **out, size_t *len)
{
	FILE *f = tmpfile();
	long size;
	int rc;

	*out = NULL;
	*len = 0;
	if (f == NULL)
		return -1;
	rc = pfc ? seccomp_export_pfc(ctx, fileno(f)) :
		   seccomp_export_bpf(ctx, fileno(f));
	/* the library wrote to the descriptor: find the end anew */
	size = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
	if (size >= 0 && (*out = malloc((size_t)size + 1)) != NULL) {
		rewind(f);
		*len = fread(*out, 1, (size_t)size, f);
		(*out)[*len] = '\0';
	}
	fclose(f);
	return rc;
}

/* The attribute in slot @i of a snapshot. */
static enum scmp_filter_attr snap_attr(unsigned int i)
{
	static const uint32_t ext[] = { 0x53430000, 0x53430001 };

	return (enum scmp_filter_attr)(i < 12 ? i + 1 : ext[i - 12]);
}

/**
 * filter_snap_take - record what the API shows of a filter
 * @ctx: the filter (NULL and invalid filters are fine)
 * @snap: filled in; release with filter_snap_free()
 */
void filter_snap_take(scmp_filter_ctx ctx, struct filter_snap *snap)
{
	size_t len;
	unsigned int i;

	memset(snap, 0, sizeof(*snap));
	snap->bpf_rc = export(ctx, 0, &snap->bpf, &snap->bpf_len);
	snap->pfc_rc = export(ctx, 1, &snap->pfc, &len);
	for (i = 0; i < FILTER_SNAP_ATTRS; i++)
		snap->attr_rc[i] =
			seccomp_attr_get(ctx, snap_attr(i), &snap->attr[i]);
}

/**
 * filter_snap_equal - whether two snapshots are the same
 *
 * Returns 1 if equal, 0 otherwise (and prints the first difference).
 */
int filter_snap_equal(const struct filter_snap *a, const struct filter_snap *b)
{
	unsigned int i;

	if (a->bpf_rc != b->bpf_rc || a->bpf_len != b->bpf_len ||
	    (a->bpf_len > 0 && memcmp(a->bpf, b->bpf, a->bpf_len) != 0)) {
		printf("  the BPF differs (rc %d/%d, %zu/%zu bytes)\n",
		       a->bpf_rc, b->bpf_rc, a->bpf_len, b->bpf_len);
		return 0;
	}
	if (a->pfc_rc != b->pfc_rc ||
	    strcmp(a->pfc ? a->pfc : "", b->pfc ? b->pfc : "") != 0) {
		printf("  the PFC differs\n");
		return 0;
	}
	for (i = 0; i < FILTER_SNAP_ATTRS; i++) {
		if (a->attr_rc[i] != b->attr_rc[i] ||
		    (a->attr_rc[i] == 0 && a->attr[i] != b->attr[i])) {
			printf("  attribute %#x differs\n",
			       (unsigned int)snap_attr(i));
			return 0;
		}
	}
	return 1;
}

/**
 * filter_snap_same - whether a filter still looks like a snapshot
 *
 * Returns 1 or 0 (printing the first difference).
 */
int filter_snap_same(scmp_filter_ctx ctx, const struct filter_snap *snap)
{
	struct filter_snap now;
	int same;

	filter_snap_take(ctx, &now);
	same = filter_snap_equal(snap, &now);
	filter_snap_free(&now);
	return same;
}

/**
 * filter_snap_free - release a snapshot's buffers
 */
void filter_snap_free(struct filter_snap *snap)
{
	free(snap->bpf);
	free(snap->pfc);
	snap->bpf = snap->pfc = NULL;
}
