/* SPDX-License-Identifier: LGPL-2.1-only */
/* make bench: build time, size and run cost of filters for real policies. */

/*
 * One source, built twice: against this tree's seccomp.h and libseccomp.so.2
 * and against the system's (Debian's libseccomp-dev), so it may use only
 * the public API that both have (libseccomp 2.5). run-bench.sh runs the
 * two builds and joins their output into one table.
 *
 * For every workload (a policy turned into rules the way its runtime does
 * it) the program
 *  - times building the filter and exporting its BPF: seccomp_init, the
 *    arches and attributes, one seccomp_rule_add_array per rule (numbers
 *    resolved beforehand), seccomp_export_bpf to /dev/null,
 *    seccomp_release; the median CPU time of repeated runs, and separately
 *    the median time to resolve the rules' names (both less the clock's
 *    own cost);
 *  - exports the program once and runs it in tools/bpf/bpf_sim.c on every
 *    syscall number 0..550 of each arch of the filter (x32: with the x32
 *    bit), with argument probes taken from the rules (see probes_for());
 *  - asks bpf_sim_cache_allow() whether each syscall that the policy
 *    allows without argument checks is provably ALLOW for the kernel's
 *    action cache.
 *
 * Output: tab-separated records on stdout (documented in run-bench.sh),
 * and with --dump DIR one file per workload listing every probe's action,
 * which run-bench.sh compares between the two libraries.
 */

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <seccomp.h>

#include "bpf_sim.h"
#include "workload.h"

/* Syscall numbers simulated per arch: 0..550 covers x86_64, x86, x32 (its
 * compat calls are 512..547) and aarch64 tables. */
#define NR_SPAN 551u
/* A syscall with at least this many argument rules gets a "focus" line. */
#define FOCUS_MIN 4u

struct bench {
	struct workload_set set;
	const char *only;
	const char *time_id; /* --time: time just this workload */
	const char *dump;
	const char *label;
	double min_time;
	unsigned int min_reps;
	unsigned int max_reps;
};

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/*
 * CPU time of this thread: a build is single-threaded and makes no system
 * call but the export's write(), so this is its cost without the time
 * other processes on a shared machine take from it.
 */
static double cpu_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int dcmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/*
 * What reading the clock twice costs (a system call each time): the median
 * of empty intervals, taken off every measured median so that it does not
 * count as build time. It weighs most on the shortest builds.
 */
static double clock_cost(void)
{
	double s[201];
	size_t i;

	for (i = 0; i < sizeof(s) / sizeof(s[0]); i++) {
		s[i] = cpu_now();
		s[i] = cpu_now() - s[i];
	}
	qsort(s, i, sizeof(s[0]), dcmp);
	return s[i / 2];
}

/* A median less the clock's own cost, never below zero. */
static double net(double median, double overhead)
{
	return median > overhead ? median - overhead : 0;
}

/* Exports the program into memory (seccomp_export_bpf_mem is 2.6 only). */
static int export_mem(scmp_filter_ctx ctx, void **buf, size_t *size)
{
	FILE *f = tmpfile();
	long end;
	int rc;

	if (f == NULL)
		return -errno;
	rc = seccomp_export_bpf(ctx, fileno(f));
	if (rc < 0)
		goto out;
	end = lseek(fileno(f), 0, SEEK_END);
	rc = -EIO;
	if (end <= 0 || lseek(fileno(f), 0, SEEK_SET) != 0)
		goto out;
	*buf = workload_xrealloc(NULL, (size_t)end);
	*size = (size_t)end;
	if (read(fileno(f), *buf, (size_t)end) != end) {
		free(*buf);
		goto out;
	}
	rc = 0;
out:
	fclose(f);
	return rc;
}

struct timing {
	double build;	/* median build+export, seconds */
	double resolve; /* median name resolution, seconds */
	unsigned int reps;
};

static int time_builds(const struct bench *b, const struct workload *w,
		       int nullfd, struct timing *t)
{
	double *s, start, t0, t1, overhead = clock_cost();
	unsigned int n = 0, cap = 64;
	struct workload_build bd;
	size_t r;
	volatile int sink = 0;
	int rc = 0;

	s = workload_xrealloc(NULL, cap * sizeof(*s));
	start = now();
	while (n < b->max_reps &&
	       (n < b->min_reps || now() - start < b->min_time)) {
		t0 = cpu_now();
		rc = workload_build(w, &bd);
		if (rc == 0) {
			seccomp_export_bpf(bd.ctx, nullfd);
			seccomp_release(bd.ctx);
		}
		t1 = cpu_now();
		if (rc < 0)
			break;
		if (n == cap) {
			cap *= 2;
			s = workload_xrealloc(s, cap * sizeof(*s));
		}
		s[n++] = t1 - t0;
	}
	t->reps = n;
	qsort(s, n, sizeof(*s), dcmp);
	t->build = n > 0 ? net(s[n / 2], overhead) : 0;

	/* name resolution alone, as a runtime does it before adding */
	for (n = 0; n < 15; n++) {
		t0 = cpu_now();
		for (r = 0; r < w->cnt; r++)
			sink += seccomp_syscall_resolve_name(w->rules[r].name);
		s[n] = cpu_now() - t0;
	}
	qsort(s, n, sizeof(*s), dcmp);
	t->resolve = net(s[n / 2], overhead);
	free(s);
	(void)sink;
	return rc;
}

/*
 * Analysis
 */

/* What the policy says for one syscall number of one arch. */
struct slot {
	size_t first; /* index into the rule list of the slot */
	size_t cnt;
	bool args;	 /* argument checks decide (no arg-free rule) */
	uint32_t action; /* the arg-free rule's action, if !args */
};

struct arch_stats {
	double w_allowed, c_allowed, w_denied, c_denied, c_all;
	unsigned int max, max_noarg;
	size_t samples, cache_ok, cache_total, k;
	unsigned int focus_max_allowed, focus_max;
	bool focus_seen;
};

/* Probe argument vectors for a slot: all zero, then for each rule one
 * vector meeting all its conditions and one missing the first of them. */
static size_t probes_for(const struct workload *w, const size_t *list,
			 const struct slot *sl, uint64_t (*out)[WORKLOAD_ARGS])
{
	const struct rule *r;
	const struct scmp_arg_cmp *c;
	size_t i, n = 1, p, q;
	unsigned int k;
	uint64_t v;

	memset(out[0], 0, sizeof(out[0]));
	if (!sl->args)
		return 1;
	for (i = 0; i < sl->cnt; i++) {
		r = &w->rules[list[sl->first + i]];
		memset(out[n], 0, sizeof(out[n]));
		for (k = 0; k < r->cnt; k++) {
			c = &r->cmp[k];
			switch (c->op) {
			case SCMP_CMP_NE:
				v = c->datum_a + 1;
				break;
			case SCMP_CMP_LT:
				v = c->datum_a - (c->datum_a > 0);
				break;
			case SCMP_CMP_GT:
				v = c->datum_a + 1;
				break;
			case SCMP_CMP_MASKED_EQ:
				v = c->datum_b & c->datum_a;
				break;
			default: /* EQ, LE, GE */
				v = c->datum_a;
				break;
			}
			if (c->arg < WORKLOAD_ARGS)
				out[n][c->arg] = v;
		}
		memcpy(out[n + 1], out[n], sizeof(out[n]));
		if (r->cnt > 0 && r->cmp[0].arg < WORKLOAD_ARGS) {
			c = &r->cmp[0];
			switch (c->op) {
			case SCMP_CMP_NE:
				v = c->datum_a;
				break;
			case SCMP_CMP_LT:
			case SCMP_CMP_LE:
				v = c->datum_a + 1;
				break;
			case SCMP_CMP_GT:
			case SCMP_CMP_GE:
				v = c->datum_a - (c->datum_a > 0);
				break;
			case SCMP_CMP_MASKED_EQ:
				v = (c->datum_b & c->datum_a) ^
				    (c->datum_a & -c->datum_a);
				break;
			default:
				v = c->datum_a + 1;
				break;
			}
			out[n + 1][c->arg] = v;
		}
		n += 2;
	}
	/* drop repeated vectors, keeping the first */
	for (p = 1, q = 1; p < n; p++) {
		for (i = 0; i < q; i++)
			if (memcmp(out[i], out[p], sizeof(out[p])) == 0)
				break;
		if (i == q)
			memmove(out[q++], out[p], sizeof(out[p]));
	}
	return q;
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp((*(const struct rule *const *)a)->name,
		      (*(const struct rule *const *)b)->name);
}

/* The syscall with the most argument rules, if it has FOCUS_MIN. */
static const char *focus_name(const struct workload *w)
{
	const struct rule **v =
		workload_xrealloc(NULL, (w->cnt + 1) * sizeof(*v));
	const char *name = NULL;
	size_t i, j, n = 0, best = 0;

	for (i = 0; i < w->cnt; i++)
		if (w->rules[i].cnt > 0)
			v[n++] = &w->rules[i];
	qsort(v, n, sizeof(*v), name_cmp);
	for (i = 0; i < n; i = j) {
		for (j = i; j < n && strcmp(v[j]->name, v[i]->name) == 0; j++)
			;
		if (j - i > best) {
			best = j - i;
			name = v[i]->name;
		}
	}
	free(v);
	return best >= FOCUS_MIN ? name : NULL;
}

static bool has_arch(const struct workload *w, uint32_t token)
{
	unsigned int i;

	for (i = 0; i < w->narch; i++)
		if (w->arches[i] == token)
			return true;
	return false;
}

/* Outcome tag of a slot: its action, or a unique tag for its checks. */
static uint64_t slot_tag(const struct workload *w, const struct slot *sl,
			 uint32_t nr)
{
	if (sl->cnt == 0)
		return w->def;
	if (sl->args)
		return 1ULL << 32 | nr;
	return sl->action;
}

/*
 * Number of same-outcome ranges over the whole 32-bit number space of the
 * search that handles @arch: x86_64 and x32 share one when the filter has
 * both; an x86_64 filter without x32 sends x32 numbers but -1 to BADARCH.
 */
static size_t count_ranges(const struct workload *w, const struct slot *sl,
			   const struct slot *sl_x32, uint32_t token)
{
	uint64_t prev = UINT64_MAX, tag;
	size_t k = 0;
	uint32_t n;

	for (n = 0; n < NR_SPAN; n++) {
		tag = slot_tag(w, &sl[n], n);
		k += tag != prev;
		prev = tag;
	}
	k += w->def != prev; /* NR_SPAN..0x3fffffff */
	prev = w->def;
	if (token == SCMP_ARCH_X86_64 && sl_x32 == NULL) {
		k += 2; /* BADARCH, then -1 */
		return k;
	}
	if (sl_x32 != NULL) {
		for (n = 0; n < NR_SPAN; n++) {
			tag = slot_tag(w, &sl_x32[n], 0x40000000u + n);
			k += tag != prev;
			prev = tag;
		}
		k += w->def != prev;
	}
	return k;
}

/* Fills slots[0..NR_SPAN) and the rule index list for one arch. */
static void make_slots(const struct workload *w, uint32_t token, uint32_t base,
		       struct slot *slots, size_t *list)
{
	size_t i, *cnt = calloc(NR_SPAN, sizeof(size_t)), at = 0;
	int *nrs = workload_xrealloc(NULL, (w->cnt + 1) * sizeof(int));
	uint32_t n;

	if (cnt == NULL)
		exit(1);
	for (i = 0; i < w->cnt; i++) {
		nrs[i] = seccomp_syscall_resolve_name_arch(token,
							   w->rules[i].name);
		n = (uint32_t)nrs[i] - base;
		if (nrs[i] >= 0 && n < NR_SPAN)
			cnt[n]++;
	}
	for (n = 0; n < NR_SPAN; n++) {
		slots[n] = (struct slot){ .first = at, .args = true };
		at += cnt[n];
	}
	for (i = 0; i < w->cnt; i++) {
		n = (uint32_t)nrs[i] - base;
		if (nrs[i] < 0 || n >= NR_SPAN)
			continue;
		list[slots[n].first + slots[n].cnt++] = i;
		/* the first arg-free rule wins; it overrides argument rules */
		if (w->rules[i].cnt == 0 && slots[n].args) {
			slots[n].args = false;
			slots[n].action = w->rules[i].action;
		}
	}
	for (n = 0; n < NR_SPAN; n++)
		if (slots[n].cnt == 0)
			slots[n].args = false;
	free(cnt);
	free(nrs);
}

static void analyse_arch(const struct workload *w, struct bpf_sim_prog *prog,
			 const struct bpf_sim_arch *arch, const char *focus,
			 FILE *dump, struct arch_stats *st)
{
	struct slot *slots = workload_xrealloc(NULL, NR_SPAN * sizeof(*slots));
	struct slot *x32 = NULL;
	size_t *list = workload_xrealloc(NULL, (w->cnt + 1) * sizeof(*list));
	size_t *list32 = NULL;
	uint64_t(*probes)[WORKLOAD_ARGS];
	struct seccomp_data data;
	struct bpf_sim_result res;
	int focus_nr =
		focus ? seccomp_syscall_resolve_name_arch(arch->token, focus) :
			-1;
	size_t np, p, maxp = 1;
	uint32_t n, nr;
	unsigned int a;
	double wgt;

	memset(st, 0, sizeof(*st));
	make_slots(w, arch->token, arch->nr_base, slots, list);
	for (n = 0; n < NR_SPAN; n++)
		if (2 * slots[n].cnt + 1 > maxp)
			maxp = 2 * slots[n].cnt + 1;
	probes = workload_xrealloc(NULL, maxp * sizeof(*probes));

	for (n = 0; n < NR_SPAN; n++) {
		nr = arch->nr_base + n;
		np = probes_for(w, list, &slots[n], probes);
		wgt = 1.0 / (double)np;
		for (p = 0; p < np; p++) {
			memset(&data, 0, sizeof(data));
			data.nr = (int)nr;
			data.arch = arch->data_arch;
			for (a = 0; a < WORKLOAD_ARGS; a++)
				data.args[a] = probes[p][a];
			if (bpf_sim_run(prog, &data, &res) < 0) {
				fprintf(stderr, "bench: simulator refused the"
						" program\n");
				exit(1);
			}
			st->samples++;
			if (res.action == SCMP_ACT_ALLOW) {
				st->w_allowed += wgt;
				st->c_allowed += wgt * res.insns;
			} else {
				st->w_denied += wgt;
				st->c_denied += wgt * res.insns;
			}
			st->c_all += wgt * res.insns;
			if (res.insns > st->max)
				st->max = res.insns;
			if (!slots[n].args && res.insns > st->max_noarg)
				st->max_noarg = res.insns;
			if (focus_nr >= 0 && (uint32_t)focus_nr == nr) {
				st->focus_seen = true;
				if (res.insns > st->focus_max)
					st->focus_max = res.insns;
				if (res.action == SCMP_ACT_ALLOW &&
				    res.insns > st->focus_max_allowed)
					st->focus_max_allowed = res.insns;
			}
			if (dump != NULL)
				fprintf(dump,
					"%s\t%" PRIu32 "\t%zu\t%08" PRIx32 "\n",
					arch->name, n, p, res.action);
		}
		/* arg-free ALLOW: can the kernel's action cache prove it? */
		if (slots[n].cnt > 0 && !slots[n].args &&
		    slots[n].action == SCMP_ACT_ALLOW) {
			st->cache_total++;
			st->cache_ok += bpf_sim_cache_allow(
						prog, arch->data_arch, nr) == 1;
		}
	}
	st->c_all /= NR_SPAN;

	if (arch->token == SCMP_ARCH_X86_64 && has_arch(w, SCMP_ARCH_X32)) {
		x32 = workload_xrealloc(NULL, NR_SPAN * sizeof(*x32));
		list32 =
			workload_xrealloc(NULL, (w->cnt + 1) * sizeof(*list32));
		make_slots(w, SCMP_ARCH_X32, 0x40000000u, x32, list32);
	}
	if (arch->token == SCMP_ARCH_X32 && has_arch(w, SCMP_ARCH_X86_64)) {
		x32 = slots;
		slots = workload_xrealloc(NULL, NR_SPAN * sizeof(*slots));
		list32 = list;
		list = workload_xrealloc(NULL, (w->cnt + 1) * sizeof(*list));
		make_slots(w, SCMP_ARCH_X86_64, 0, slots, list);
	}
	st->k = count_ranges(w, slots, x32, arch->token);
	free(slots);
	free(x32);
	free(list);
	free(list32);
	free(probes);
}

static const char *arch_label(uint32_t token)
{
	const struct bpf_sim_arch *a = bpf_sim_arch_by_token(token);

	return a != NULL ? a->name : "?";
}

/*
 * A timing alone, for run-bench.sh to alternate the two libraries workload
 * by workload: a slower or faster spell of a shared machine then hits both.
 */
static void time_workload(const struct bench *b, struct workload *w, int nullfd)
{
	struct timing t = { 0 };

	workload_resolve(&b->set, w);
	time_builds(b, w, nullfd, &t);
	printf("time\t%s\t%.3f\t%u\t%.3f\n", w->id, t.build * 1e6, t.reps,
	       t.resolve * 1e6);
	fflush(stdout);
}

static void run_workload(const struct bench *b, const struct workload *w,
			 int nullfd)
{
	struct bpf_sim_prog prog = { 0 };
	struct bpf_sim_fault fault;
	struct arch_stats st;
	struct timing t = { 0 };
	struct workload_build bd;
	const char *focus = focus_name(w);
	char arches[64] = "", path[4096];
	void *buf = NULL;
	size_t size = 0, len = 0;
	unsigned int i;
	FILE *dump = NULL;
	int rc, valid = 0;

	for (i = 0; i < w->narch; i++)
		snprintf(arches + strlen(arches),
			 sizeof(arches) - strlen(arches), "%s%s", i ? "+" : "",
			 arch_label(w->arches[i]));
	rc = workload_build(w, &bd);
	if (rc == 0) {
		rc = export_mem(bd.ctx, &buf, &size);
		seccomp_release(bd.ctx);
	}
	if (rc == 0) {
		len = size / sizeof(struct sock_filter);
		rc = bpf_sim_load_mem(&prog, buf, size, 0);
		if (rc == 0)
			valid = bpf_sim_verify(&prog, &fault) == 0;
	}
	time_builds(b, w, nullfd, &t);
	printf("filter\t%s\t%s\t%s\t%zu\t%zu\t%zu\t%d\t%d\t%.3f\t%u\t%.3f\n",
	       w->id, w->title, arches, w->cnt, w->dropped, bd.errors,
	       len > 0 ? (int)len : rc, valid, t.build * 1e6, t.reps,
	       t.resolve * 1e6);
	if (!valid) {
		free(buf);
		bpf_sim_free(&prog);
		fflush(stdout);
		return;
	}
	if (b->dump != NULL) {
		/* the program, for scmp_bpf_disasm, and every probe's action */
		snprintf(path, sizeof(path), "%s/%s-%s.bpf", b->dump, b->label,
			 w->id);
		dump = fopen(path, "w");
		if (dump != NULL) {
			fwrite(buf, 1, size, dump);
			fclose(dump);
		}
		snprintf(path, sizeof(path), "%s/%s-%s.actions", b->dump,
			 b->label, w->id);
		dump = fopen(path, "w");
	}
	for (i = 0; i < w->narch; i++) {
		const struct bpf_sim_arch *a;

		a = bpf_sim_arch_by_token(w->arches[i]);
		if (a == NULL)
			continue;
		analyse_arch(w, &prog, a, focus, dump, &st);
		printf("arch\t%s\t%s\t%zu\t%.2f\t%.2f\t%.2f\t%u\t%u\t%zu"
		       "\t%zu\t%zu\t%s\t%u\t%u\n",
		       w->id, a->name, st.samples,
		       st.w_allowed > 0 ? st.c_allowed / st.w_allowed : 0,
		       st.w_denied > 0 ? st.c_denied / st.w_denied : 0,
		       st.c_all, st.max, st.max_noarg, st.k, st.cache_ok,
		       st.cache_total, st.focus_seen ? focus : "-",
		       st.focus_max_allowed, st.focus_max);
	}
	if (dump != NULL)
		fclose(dump);
	fflush(stdout);
	free(buf);
	bpf_sim_free(&prog);
}

/* Names in any workload this library cannot resolve, and pool names that
 * are no x86_64 syscall for it: the driver drops them in both runs. */
static void list_unknown(const struct workload_set *set)
{
	size_t i, j;

	for (i = 0; i < set->cnt; i++)
		for (j = 0; j < set->w[i].cnt; j++)
			if (seccomp_syscall_resolve_name(
				    set->w[i].rules[j].name) == __NR_SCMP_ERROR)
				printf("%s\n", set->w[i].rules[j].name);
	for (i = 0; i < set->pool_cnt; i++)
		if (seccomp_syscall_resolve_name_arch(SCMP_ARCH_X86_64,
						      set->pool[i]) < 0)
			printf("x86_64:%s\n", set->pool[i]);
}

/* For each arch the workloads use: "arch name number" of every name. */
static void list_numbers(const struct workload_set *set)
{
	static const uint32_t tokens[] = { SCMP_ARCH_X86_64, SCMP_ARCH_X86,
					   SCMP_ARCH_X32, SCMP_ARCH_AARCH64 };
	size_t i, j;
	unsigned int a;

	for (a = 0; a < 4; a++)
		for (i = 0; i < set->cnt; i++)
			for (j = 0; j < set->w[i].cnt; j++)
				printf("%s %s %d\n", arch_label(tokens[a]),
				       set->w[i].rules[j].name,
				       seccomp_syscall_resolve_name_arch(
					       tokens[a],
					       set->w[i].rules[j].name));
}

static void usage(void)
{
	fprintf(stderr,
		"usage: bench --data DIR [--label NAME] [--drop FILE]"
		" [--dump DIR]\n"
		"             [--only SUBSTRING] [--min-time SECONDS]"
		" [--min-reps N] [--max-reps N]\n"
		"       bench --data DIR [--drop FILE] --time ID [--min-time SECONDS]"
		" [--min-reps N]\n"
		"       bench --data DIR --list-unknown | --list-numbers\n");
	exit(2);
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "data", required_argument, NULL, 'd' },
		{ "label", required_argument, NULL, 'l' },
		{ "drop", required_argument, NULL, 'x' },
		{ "dump", required_argument, NULL, 'D' },
		{ "only", required_argument, NULL, 'o' },
		{ "time", required_argument, NULL, 'T' },
		{ "min-time", required_argument, NULL, 't' },
		{ "min-reps", required_argument, NULL, 'r' },
		{ "max-reps", required_argument, NULL, 'R' },
		{ "list-unknown", no_argument, NULL, 'u' },
		{ "list-numbers", no_argument, NULL, 'n' },
		{ NULL, 0, NULL, 0 },
	};
	struct bench b = {
		.label = "lib",
		.min_time = 0.5,
		.min_reps = 3,
		.max_reps = 2001,
	};
	const struct scmp_version *v = seccomp_version();
	const char *drop = NULL;
	int c, mode = 0, nullfd;
	size_t i;

	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 'd':
			b.set.data = optarg;
			break;
		case 'l':
			b.label = optarg;
			break;
		case 'x':
			drop = optarg;
			break;
		case 'D':
			b.dump = optarg;
			break;
		case 'o':
			b.only = optarg;
			break;
		case 'T':
			b.time_id = optarg;
			break;
		case 't':
			b.min_time = strtod(optarg, NULL);
			break;
		case 'r':
			b.min_reps = (unsigned int)strtoul(optarg, NULL, 10);
			break;
		case 'R':
			b.max_reps = (unsigned int)strtoul(optarg, NULL, 10);
			break;
		case 'u':
		case 'n':
			mode = c;
			break;
		default:
			usage();
		}
	}
	if (b.set.data == NULL || optind != argc || b.max_reps == 0)
		usage();
	/* a header of one library with the other library is a build error */
	if (v == NULL || v->major != SCMP_VER_MAJOR ||
	    v->minor != SCMP_VER_MINOR) {
		fprintf(stderr,
			"bench: header %d.%d does not match the library"
			" (%u.%u)\n",
			SCMP_VER_MAJOR, SCMP_VER_MINOR, v ? v->major : 0,
			v ? v->minor : 0);
		return 1;
	}
	if (drop != NULL && workload_read_drop(&b.set, drop) < 0) {
		fprintf(stderr, "bench: cannot read %s\n", drop);
		return 1;
	}
	if (workload_load_all(&b.set) < 0)
		return 1;
	if (mode == 'u') {
		list_unknown(&b.set);
		return 0;
	}
	if (mode == 'n') {
		list_numbers(&b.set);
		return 0;
	}
	nullfd = open("/dev/null", O_WRONLY | O_CLOEXEC);
	if (nullfd < 0) {
		perror("bench: /dev/null");
		return 1;
	}
	if (b.time_id == NULL)
		printf("lib\t%s\t%u.%u.%u\n", b.label, v->major, v->minor,
		       v->micro);
	for (i = 0; i < b.set.cnt; i++) {
		if (b.only != NULL && strstr(b.set.w[i].id, b.only) == NULL)
			continue;
		if (b.time_id != NULL) {
			if (strcmp(b.set.w[i].id, b.time_id) == 0)
				time_workload(&b, &b.set.w[i], nullfd);
			continue;
		}
		workload_resolve(&b.set, &b.set.w[i]);
		run_workload(&b, &b.set.w[i], nullfd);
	}
	close(nullfd);
	workload_set_free(&b.set);
	return 0;
}
