/* SPDX-License-Identifier: LGPL-2.1-only */
/* The benchmark's policies (workloads) and how a filter is built from one. */

#ifndef BENCH_WORKLOAD_H
#define BENCH_WORKLOAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <seccomp.h>

#define WORKLOAD_ARGS 6u
#define WORKLOAD_ARCHES 4u

struct rule {
	char *name;
	uint32_t action;
	unsigned int cnt;
	struct scmp_arg_cmp cmp[WORKLOAD_ARGS];
	int nr; /* native number, this library's resolver */
};

/* A policy turned into rules the way its runtime does it. */
struct workload {
	char id[48];
	char title[128];
	uint32_t def;
	uint32_t arches[WORKLOAD_ARCHES];
	unsigned int narch;
	bool drop_native;  /* the filter is not for this machine's ABI */
	uint32_t optimize; /* 0: the library's default */
	uint32_t kvermax;  /* SCMP_FLTATR_CTL_KVERMAX (enum scmp_kver), or 0 */
	struct rule *rules;
	size_t cnt;
	size_t cap;
	size_t dropped;	     /* rules of names unknown to a library */
	size_t same_default; /* skipped: action == default action */
};

struct workload_set {
	struct workload *w;
	size_t cnt;
	size_t cap;
	char **drop; /* sorted; "name" or "x86_64:name" */
	size_t drop_cnt;
	char **pool; /* candidate names for the synthetic series */
	size_t pool_cnt;
	const char *data; /* the directory of the policy files */
};

/* A filter built from a workload. */
struct workload_build {
	scmp_filter_ctx ctx;
	size_t errors; /* rules the library refused */
	int first_error;
};

/**
 * workload_load_all() - every workload, in the benchmark's order
 * @set: zeroed, with @data set; names in @drop (workload_read_drop())
 *       stay out of the synthetic series
 *
 * Reads the policy files of @set->data (Docker's and Podman's profiles,
 * Firecracker's, systemd's @system-service list) and generates the
 * synthetic series from Docker's allow list. Rules keep their names:
 * workload_resolve() numbers them.
 *
 * Return: 0; -errno if a file cannot be read (said on stderr); -EINVAL
 * if a policy has an unexpected form.
 */
int workload_load_all(struct workload_set *set);

/**
 * workload_read_drop() - names to leave out, one a line
 *
 * Return: 0; -errno if @path cannot be read.
 */
int workload_read_drop(struct workload_set *set, const char *path);

/**
 * workload_resolve() - number a workload's rules
 *
 * Drops (and counts in @w->dropped) the rules whose name @set drops or
 * the library does not know; the others get their native number.
 */
void workload_resolve(const struct workload_set *set, struct workload *w);

/**
 * workload_build() - the filter of a resolved workload
 * @out: receives the context (the caller releases it) and how many rules
 *       the library refused
 *
 * Return: 0; -ENOMEM or the error of an arch or attribute call.
 */
int workload_build(const struct workload *w, struct workload_build *out);

/** workload_set_free() - release every workload and list of @set */
void workload_set_free(struct workload_set *set);

/** workload_xrealloc() - realloc() that exits with a message on failure */
void *workload_xrealloc(void *p, size_t n);

#endif
