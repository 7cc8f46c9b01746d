/* SPDX-License-Identifier: LGPL-2.1-only */
/* 98-prove-policies: the benchmark's real policies (Docker, Podman, Firecracker, systemd), proved against their rules for every input at OPTIMIZE 1 and 2. */

/*
 * The policies are bench/workload.c's, built as bench and the golden
 * programs build them (their rules, default action and attributes), and
 * proved on each ABI set bench uses for them: x86_64 alone and with x86
 * and x32 (Docker, Podman, systemd, Firecracker's x86_64 threads), and
 * aarch64 alone (Firecracker's aarch64 threads); each at OPTIMIZE=1 and
 * at OPTIMIZE=2, whatever the workload says. A policy bench lists twice
 * (docker-opt2 is docker's rules) is proved once per ABI set, and its
 * program checked to be the one proved (docker-kvermax has docker's rules
 * too, and KVERMAX: taken for docker, it was never proved). The calls
 * are recorded into a shadow model (lib/prove_record.c) and the exported
 * program proved against it (lib/prove.h); a filter the model cannot
 * follow fails. The synthetic series is left to make check-long
 * (PROVE_ALL=1 here), except its smallest, on x86_64 alone.
 *
 * The policy files are read from ../shared/data beside the source tree
 * ($SHARED_DATA overrides it); without them the test skips. PROVE_ONLY
 * (lib/prove.c) proves only some programs ("docker-kvermax@opt1").
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "prove.h"
#include "workload.h"

#define API_LEVEL 7

static const char *env_or(const char *name, const char *fallback)
{
	const char *v = getenv(name);

	return v != NULL && *v != '\0' ? v : fallback;
}

static bool synthetic(const struct workload *w)
{
	return strncmp(w->id, "synthetic-", 10) == 0;
}

/* The synthetic series past its first step is long work, not make check's. */
static bool wanted(const struct workload *w, bool all)
{
	return all || !synthetic(w) || strcmp(w->id, "synthetic-1k") == 0;
}

static bool same_rule(const struct rule *a, const struct rule *b)
{
	return a->nr == b->nr && a->action == b->action && a->cnt == b->cnt &&
	       memcmp(a->cmp, b->cmp, a->cnt * sizeof(a->cmp[0])) == 0;
}

/* A workload on one ABI set. */
struct job {
	struct workload *w;
	uint32_t arches[WORKLOAD_ARCHES];
	unsigned int narch;
};

/* Whether two jobs make one filter (OPTIMIZE aside). */
static bool same_filter(const struct job *a, const struct job *b)
{
	size_t i;

	if (a->w->def != b->w->def || a->w->cnt != b->w->cnt ||
	    a->w->kvermax != b->w->kvermax || a->narch != b->narch ||
	    a->w->drop_native != b->w->drop_native ||
	    memcmp(a->arches, b->arches, a->narch * sizeof(a->arches[0])))
		return false;
	for (i = 0; i < a->w->cnt; i++)
		if (!same_rule(&a->w->rules[i], &b->w->rules[i]))
			return false;
	return true;
}

/* The program a filter exports; 0 or -errno. */
static int export(scmp_filter_ctx ctx, unsigned char *buf, size_t *len)
{
	*len = (BPF_MAXINSNS + 1) * sizeof(struct sock_filter);
	return seccomp_export_bpf_mem(ctx, buf, len);
}

/* A job's name: the workload's, and the ABI set if not the workload's. */
static void job_name(const struct job *j, char *buf, size_t size)
{
	snprintf(buf, size, "%s%s", j->w->id,
		 j->narch == j->w->narch ? "" :
		 j->narch == 1		 ? "-x86_64" :
					   "+x86+x32");
}

/* The program of a job at OPTIMIZE=1; 0 or -errno. */
static int job_program(const struct job *j, unsigned char *buf, size_t *len)
{
	struct workload w = *j->w;
	struct workload_build bd;
	int rc;

	memcpy(w.arches, j->arches, sizeof(w.arches));
	w.narch = j->narch;
	w.optimize = 1;
	rc = workload_build(&w, &bd);
	if (rc == 0)
		rc = export(bd.ctx, buf, len);
	seccomp_release(bd.ctx);
	return rc;
}

/*
 * A job that same_filter() calls the filter of an earlier one is not
 * proved again: its program must be that one's, byte for byte. Returns 1
 * if not (same_filter() missed a difference).
 */
static int check_twin(const struct job *proved, const struct job *twin,
		      unsigned char *prog[2])
{
	char a[96], b[96];
	size_t len[2];

	job_name(proved, a, sizeof(a));
	job_name(twin, b, sizeof(b));
	if (job_program(proved, prog[0], &len[0]) < 0 ||
	    job_program(twin, prog[1], &len[1]) < 0) {
		printf("FAIL %s: not built\n", b);
		return 1;
	}
	if (len[0] != len[1] || memcmp(prog[0], prog[1], len[0]) != 0) {
		printf("FAIL %s: taken for %s, whose program differs\n", b, a);
		return 1;
	}
	printf("twin %s: the program of %s\n", b, a);
	return 0;
}

/*
 * Proves one job at OPTIMIZE 1 and 2; a program that OPTIMIZE=2 leaves as
 * it was needs no second proof. Returns 1 if a proof failed.
 */
static int prove_job(const struct job *j, unsigned char *prog[2],
		     struct prove_tally *t, unsigned int *same)
{
	struct workload w = *j->w;
	struct workload_build bd;
	char base[96], name[104];
	size_t len[2];
	unsigned int opt;
	int failed = 0;

	memcpy(w.arches, j->arches, sizeof(w.arches));
	w.narch = j->narch;
	job_name(j, base, sizeof(base));
	len[0] = 0;
	for (opt = 1; opt <= 2; opt++) {
		w.optimize = opt;
		snprintf(name, sizeof(name), "%s@opt%u", base, opt);
		if (!prove_wanted(name))
			continue;
		if (workload_build(&w, &bd) < 0 ||
		    export(bd.ctx, prog[opt - 1], &len[opt - 1]) < 0) {
			printf("FAIL %s: not built\n", name);
			failed = 1;
			seccomp_release(bd.ctx);
			continue;
		}
		if (opt == 2 && len[0] == len[1] &&
		    memcmp(prog[0], prog[1], len[0]) == 0) {
			printf("same %s: the program of OPTIMIZE=1\n", name);
			(*same)++;
		} else {
			failed |= prove_ctx(bd.ctx, name, t) == 1;
		}
		seccomp_release(bd.ctx);
	}
	return failed;
}

int main(void)
{
	static const uint32_t x86_3[] = { SCMP_ARCH_X86_64, SCMP_ARCH_X86,
					  SCMP_ARCH_X32 };
	struct workload_set set = { 0 };
	struct prove_tally t = { 0 };
	struct workload *w;
	char data[512], probe[1024];
	const char *top = env_or("top_srcdir", "..");
	bool all = getenv("PROVE_ALL") != NULL;
	unsigned char *prog[2];
	struct job *jobs;
	size_t i, k, cnt = 0;
	unsigned int same = 0;
	int failed = 0;

	prove_only_init("98-prove-policies");
	snprintf(data, sizeof(data), "%s/../shared/data", top);
	set.data = env_or("SHARED_DATA", data);
	snprintf(probe, sizeof(probe), "%s/docker-default-seccomp.json",
		 set.data);
	if (access(probe, R_OK) != 0) {
		fprintf(stderr, "no policy data in %s (SHARED_DATA=DIR)\n",
			set.data);
		return 77;
	}
	if (seccomp_arch_native() != SCMP_ARCH_X86_64) {
		fprintf(stderr, "the policies are x86_64's\n");
		return 77;
	}
	prog[0] = malloc((BPF_MAXINSNS + 1) * sizeof(struct sock_filter));
	prog[1] = malloc((BPF_MAXINSNS + 1) * sizeof(struct sock_filter));
	if (prog[0] == NULL || prog[1] == NULL)
		return 1;
	/* actions a kernel lacks would be refused: the programs would vary */
	if (seccomp_api_set(API_LEVEL) < 0) {
		printf("FAIL seccomp_api_set(%d)\n", API_LEVEL);
		return 1;
	}
	if (workload_load_all(&set) < 0) {
		printf("FAIL policy data in %s unreadable\n", set.data);
		workload_set_free(&set);
		return 1;
	}
	/* each policy as bench has it; x86_64's also on the other ABI set */
	jobs = calloc(set.cnt * 2, sizeof(*jobs));
	if (jobs == NULL)
		return 1;
	for (i = 0; i < set.cnt; i++) {
		w = &set.w[i];
		if (!wanted(w, all))
			continue;
		workload_resolve(&set, w);
		jobs[cnt].w = w;
		memcpy(jobs[cnt].arches, w->arches, sizeof(w->arches));
		jobs[cnt++].narch = w->narch;
		if (w->drop_native || synthetic(w))
			continue;
		jobs[cnt].w = w;
		memcpy(jobs[cnt].arches, x86_3, sizeof(x86_3));
		jobs[cnt++].narch = w->narch == 1 ? 3 : 1;
	}
	for (i = 0; i < cnt; i++) {
		for (k = 0; k < i && !same_filter(&jobs[k], &jobs[i]); k++)
			;
		if (k == i)
			failed |= prove_job(&jobs[i], prog, &t, &same);
		else if (!prove_only())
			failed |= check_twin(&jobs[k], &jobs[i], prog);
	}
	free(jobs);
	workload_set_free(&set);
	free(prog[0]);
	free(prog[1]);
	prove_tally_print(stdout, "policies", &t);
	if (prove_only_missed(stdout) > 0)
		failed = 1;
	printf("%u programs at OPTIMIZE=2 are those at OPTIMIZE=1, byte for"
	       " byte\n",
	       same);
	return failed || t.failed > 0 || t.skipped > 0 ? 1 : 0;
}
