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
 *  - exports the program once and runs it in tools/bpf_sim.c on every
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
#include "json.h"

/* Syscall numbers simulated per arch: 0..550 covers x86_64, x86, x32 (its
 * compat calls are 512..547) and aarch64 tables. */
#define NR_SPAN 551u
#define ARG_MAX 6u
#define ARCH_MAX 4u
/* A syscall with at least this many argument rules gets a "focus" line. */
#define FOCUS_MIN 4u

struct rule {
	char *name;
	uint32_t action;
	unsigned int cnt;
	struct scmp_arg_cmp cmp[ARG_MAX];
	int nr;			/* native number, this library's resolver */
};

struct workload {
	char id[48];
	char title[128];
	uint32_t def;
	uint32_t arches[ARCH_MAX];
	unsigned int narch;
	bool drop_native;	/* the filter is not for this machine's ABI */
	uint32_t optimize;	/* 0: the library's default */
	struct rule *rules;
	size_t cnt;
	size_t cap;
	size_t dropped;		/* rules of names unknown to a library */
	size_t same_default;	/* skipped: action == default action */
};

struct bench {
	struct workload *w;
	size_t cnt;
	size_t cap;
	char **drop;		/* sorted; "name" or "x86_64:name" */
	size_t drop_cnt;
	char **pool;		/* candidate names for the synthetic series */
	size_t pool_cnt;
	const char *data;
	const char *only;
	const char *time_id;	/* --time: time just this workload */
	const char *dump;
	const char *label;
	double min_time;
	unsigned int min_reps;
	unsigned int max_reps;
};

static void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n);
	if (p == NULL) {
		fprintf(stderr, "bench: out of memory\n");
		exit(1);
	}
	return p;
}

static char *xstrdup(const char *s)
{
	return strcpy(xrealloc(NULL, strlen(s) + 1), s);
}

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

static int scmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool dropped(const struct bench *b, const char *key)
{
	return b->drop_cnt > 0 &&
	       bsearch(&key, b->drop, b->drop_cnt, sizeof(*b->drop), scmp);
}

/*
 * Workloads
 */

static struct workload *workload_new(struct bench *b, const char *id,
				     const char *title, uint32_t def)
{
	struct workload *w;

	if (b->cnt == b->cap) {
		b->cap = b->cap ? b->cap * 2 : 16;
		b->w = xrealloc(b->w, b->cap * sizeof(*b->w));
	}
	w = &b->w[b->cnt++];
	memset(w, 0, sizeof(*w));
	snprintf(w->id, sizeof(w->id), "%s", id);
	snprintf(w->title, sizeof(w->title), "%s", title);
	w->def = def;
	w->arches[w->narch++] = SCMP_ARCH_X86_64;
	return w;
}

static void workload_arches(struct workload *w, const uint32_t *arches,
			    unsigned int n)
{
	memcpy(w->arches, arches, n * sizeof(*arches));
	w->narch = n;
}

static void rule_push(struct workload *w, const char *name, uint32_t action,
		      const struct scmp_arg_cmp *cmp, unsigned int cnt)
{
	struct rule *r;

	if (action == w->def) {
		w->same_default++;
		return;
	}
	if (w->cnt == w->cap) {
		w->cap = w->cap ? w->cap * 2 : 64;
		w->rules = xrealloc(w->rules, w->cap * sizeof(*w->rules));
	}
	r = &w->rules[w->cnt++];
	memset(r, 0, sizeof(*r));
	r->name = xstrdup(name);
	r->action = action;
	r->cnt = cnt;
	if (cnt > 0)
		memcpy(r->cmp, cmp, cnt * sizeof(*cmp));
}

static void workload_free(struct workload *w)
{
	size_t i;

	for (i = 0; i < w->cnt; i++)
		free(w->rules[i].name);
	free(w->rules);
}

static bool in_list(const struct json *arr, const char *s)
{
	size_t i;

	if (arr == NULL || arr->type != JSON_ARRAY)
		return false;
	for (i = 0; i < arr->cnt; i++)
		if (arr->items[i].type == JSON_STRING &&
		    strcmp(arr->items[i].str, s) == 0)
			return true;
	return false;
}

static bool has_cap(const char *const *caps, const char *cap)
{
	for (; *caps != NULL; caps++)
		if (strcmp(*caps, cap) == 0)
			return true;
	return false;
}

static int oci_action(const char *s, const struct json *ret, uint32_t *out)
{
	/* runc: ERRNO and TRACE without errnoRet use EPERM */
	uint32_t data = ret != NULL && ret->is_uint ? (uint32_t)ret->u : 1;

	if (s == NULL)
		return -EINVAL;
	if (strcmp(s, "SCMP_ACT_ALLOW") == 0)
		*out = SCMP_ACT_ALLOW;
	else if (strcmp(s, "SCMP_ACT_ERRNO") == 0)
		*out = SCMP_ACT_ERRNO(data);
	else if (strcmp(s, "SCMP_ACT_TRACE") == 0)
		*out = SCMP_ACT_TRACE(data);
	else if (strcmp(s, "SCMP_ACT_KILL") == 0 ||
		 strcmp(s, "SCMP_ACT_KILL_THREAD") == 0)
		*out = SCMP_ACT_KILL;
	else if (strcmp(s, "SCMP_ACT_KILL_PROCESS") == 0)
		*out = SCMP_ACT_KILL_PROCESS;
	else if (strcmp(s, "SCMP_ACT_TRAP") == 0)
		*out = SCMP_ACT_TRAP;
	else if (strcmp(s, "SCMP_ACT_LOG") == 0)
		*out = SCMP_ACT_LOG;
	else
		return -EINVAL;
	return 0;
}

static int oci_op(const char *s, enum scmp_compare *op)
{
	static const struct {
		const char *name;
		enum scmp_compare op;
	} ops[] = {
		{ "SCMP_CMP_NE", SCMP_CMP_NE }, { "SCMP_CMP_LT", SCMP_CMP_LT },
		{ "SCMP_CMP_LE", SCMP_CMP_LE }, { "SCMP_CMP_EQ", SCMP_CMP_EQ },
		{ "SCMP_CMP_GE", SCMP_CMP_GE }, { "SCMP_CMP_GT", SCMP_CMP_GT },
		{ "SCMP_CMP_MASKED_EQ", SCMP_CMP_MASKED_EQ },
	};
	size_t i;

	for (i = 0; s != NULL && i < sizeof(ops) / sizeof(ops[0]); i++)
		if (strcmp(s, ops[i].name) == 0) {
			*op = ops[i].op;
			return 0;
		}
	return -EINVAL;
}

static uint64_t num_u(const struct json *v)
{
	return v != NULL && v->is_uint ? v->u : 0;
}

/*
 * An OCI/moby profile as runc applies it on an amd64 host for a container
 * with the capability set @caps: entries whose includes/excludes do not
 * match are skipped, minKernel is taken as satisfied (a current kernel),
 * each name of an entry becomes one rule with all its args (ANDed).
 */
static int load_oci(struct workload *w, const struct json *doc,
		    const char *const *caps, struct bench *b)
{
	const struct json *calls = json_get(doc, "syscalls"), *e, *inc, *exc;
	const struct json *names, *args, *a;
	struct scmp_arg_cmp cmp[ARG_MAX];
	uint32_t action;
	size_t i, j, k;
	unsigned int n;
	bool skip;

	if (oci_action(json_str(doc, "defaultAction"),
		       json_get(doc, "defaultErrnoRet"), &w->def) < 0 ||
	    calls == NULL || calls->type != JSON_ARRAY)
		return -EINVAL;
	for (i = 0; i < calls->cnt; i++) {
		e = &calls->items[i];
		inc = json_get(e, "includes");
		exc = json_get(e, "excludes");
		skip = in_list(json_get(exc, "arches"), "amd64");
		a = json_get(exc, "caps");
		for (k = 0; a != NULL && a->type == JSON_ARRAY && k < a->cnt;
		     k++)
			skip |= a->items[k].type == JSON_STRING &&
				has_cap(caps, a->items[k].str);
		skip |= json_get(exc, "minKernel") != NULL &&
			json_get(exc, "minKernel")->type == JSON_STRING;
		a = json_get(inc, "arches");
		if (a != NULL && a->type == JSON_ARRAY && a->cnt > 0)
			skip |= !in_list(a, "amd64");
		a = json_get(inc, "caps");
		for (k = 0; a != NULL && a->type == JSON_ARRAY && k < a->cnt;
		     k++)
			skip |= a->items[k].type != JSON_STRING ||
				!has_cap(caps, a->items[k].str);
		if (skip)
			continue;
		if (oci_action(json_str(e, "action"), json_get(e, "errnoRet"),
			       &action) < 0)
			return -EINVAL;
		args = json_get(e, "args");
		n = 0;
		for (k = 0; args != NULL && args->type == JSON_ARRAY &&
			    k < args->cnt; k++) {
			a = &args->items[k];
			if (n == ARG_MAX ||
			    oci_op(json_str(a, "op"), &cmp[n].op) < 0)
				return -EINVAL;
			cmp[n].arg = (unsigned int)num_u(json_get(a, "index"));
			cmp[n].datum_a = num_u(json_get(a, "value"));
			cmp[n].datum_b = num_u(json_get(a, "valueTwo"));
			n++;
		}
		names = json_get(e, "names");
		for (j = 0; names != NULL && names->type == JSON_ARRAY &&
			    j < names->cnt; j++)
			if (names->items[j].type == JSON_STRING)
				rule_push(w, names->items[j].str, action, cmp,
					  n);
		/* the synthetic series draws from the big allow list */
		if (b != NULL && b->pool_cnt == 0 && n == 0 &&
		    action == SCMP_ACT_ALLOW && names != NULL &&
		    names->cnt > 100) {
			b->pool = xrealloc(NULL, names->cnt * sizeof(char *));
			for (j = 0; j < names->cnt; j++)
				if (names->items[j].type == JSON_STRING)
					b->pool[b->pool_cnt++] =
						xstrdup(names->items[j].str);
		}
	}
	return 0;
}

static int fc_action(const struct json *v, uint32_t *out)
{
	const struct json *d;

	if (v != NULL && v->type == JSON_STRING) {
		if (strcmp(v->str, "allow") == 0)
			*out = SCMP_ACT_ALLOW;
		else if (strcmp(v->str, "trap") == 0)
			*out = SCMP_ACT_TRAP;
		else if (strcmp(v->str, "log") == 0)
			*out = SCMP_ACT_LOG;
		else if (strcmp(v->str, "kill_process") == 0)
			*out = SCMP_ACT_KILL_PROCESS;
		else if (strcmp(v->str, "kill_thread") == 0 ||
			 strcmp(v->str, "kill") == 0)
			*out = SCMP_ACT_KILL;
		else
			return -EINVAL;
		return 0;
	}
	if ((d = json_get(v, "errno")) != NULL && d->is_uint) {
		*out = SCMP_ACT_ERRNO((uint32_t)d->u);
		return 0;
	}
	if ((d = json_get(v, "trace")) != NULL && d->is_uint) {
		*out = SCMP_ACT_TRACE((uint32_t)d->u);
		return 0;
	}
	return -EINVAL;
}

/*
 * One thread's filter of a seccompiler (Firecracker) file. Rules of one
 * syscall are ORed, a rule's conditions ANDed. A "dword" condition tests
 * only the low 32 bits of the argument, exactly what MASKED_EQ with the
 * mask 0xffffffff (or the condition's own mask cut to 32 bits) does; other
 * operators on a dword fall back to 64-bit comparisons (none occur).
 */
static int load_fc(struct workload *w, const struct json *doc,
		   const char *thread)
{
	const struct json *t = json_get(doc, thread);
	const struct json *rules, *r, *args, *a, *op;
	struct scmp_arg_cmp cmp[ARG_MAX];
	uint32_t action;
	uint64_t val, mask;
	size_t i, k;
	unsigned int n;
	bool dword;

	if (t == NULL ||
	    fc_action(json_get(t, "default_action"), &w->def) < 0 ||
	    fc_action(json_get(t, "filter_action"), &action) < 0)
		return -EINVAL;
	rules = json_get(t, "filter");
	if (rules == NULL || rules->type != JSON_ARRAY)
		return -EINVAL;
	for (i = 0; i < rules->cnt; i++) {
		r = &rules->items[i];
		args = json_get(r, "args");
		n = 0;
		for (k = 0; args != NULL && args->type == JSON_ARRAY &&
			    k < args->cnt; k++) {
			a = &args->items[k];
			op = json_get(a, "op");
			dword = json_str(a, "type") == NULL ||
				strcmp(json_str(a, "type"), "qword") != 0;
			val = num_u(json_get(a, "val"));
			if (n == ARG_MAX || op == NULL)
				return -EINVAL;
			cmp[n].arg = (unsigned int)num_u(json_get(a, "index"));
			cmp[n].datum_b = 0;
			if (op->type == JSON_OBJECT &&
			    json_get(op, "masked_eq") != NULL) {
				mask = num_u(json_get(op, "masked_eq"));
				if (dword)
					mask &= 0xffffffffULL;
				cmp[n].op = SCMP_CMP_MASKED_EQ;
				cmp[n].datum_a = mask;
				cmp[n].datum_b = val & mask;
			} else if (op->type != JSON_STRING) {
				return -EINVAL;
			} else if (strcmp(op->str, "eq") == 0 && dword) {
				cmp[n].op = SCMP_CMP_MASKED_EQ;
				cmp[n].datum_a = 0xffffffffULL;
				cmp[n].datum_b = val & 0xffffffffULL;
			} else {
				static const char *const names[] = {
					"", "ne", "lt", "le", "eq", "ge", "gt",
				};
				unsigned int o;

				for (o = 1; o < 7; o++)
					if (strcmp(op->str, names[o]) == 0)
						break;
				if (o == 7)
					return -EINVAL;
				cmp[n].op = (enum scmp_compare)o;
				cmp[n].datum_a = val;
			}
			n++;
		}
		if (json_str(r, "syscall") == NULL)
			return -EINVAL;
		rule_push(w, json_str(r, "syscall"), action, cmp, n);
	}
	return 0;
}

/* A plain list of names (systemd's @system-service), one a line. */
static int load_list(struct workload *w, const char *path)
{
	char *text, *line, *save = NULL, *end;
	int rc;

	rc = json_read_file(path, &text);
	if (rc < 0)
		return rc;
	for (line = strtok_r(text, "\n", &save); line != NULL;
	     line = strtok_r(NULL, "\n", &save)) {
		while (*line == ' ' || *line == '\t')
			line++;
		end = line + strlen(line);
		while (end > line && (end[-1] == ' ' || end[-1] == '\r'))
			*--end = '\0';
		if (*line != '\0' && *line != '#')
			rule_push(w, line, SCMP_ACT_ALLOW, NULL, 0);
	}
	free(text);
	return 0;
}

static uint64_t splitmix64(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ULL;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

/*
 * The synthetic series: @n rules over the S real x86_64 syscalls of
 * Docker's allow list (known to both libraries), round robin: rule i is
 * for syscall k = i mod S, its j = i / S-th. Syscalls come in 16 variants
 * (k mod 16); a rule's values depend on (variant, j) only, so syscalls of
 * one variant share their argument checks, as generated policies for
 * similar syscalls do. Each rule: arg1 == (j << 16 | random 16 bits), a
 * third also arg2 & 0xf0 == random; 1 in 16 is ERRNO(EACCES), the rest
 * ALLOW. Default ERRNO(EPERM). Deterministic: the same rules every run.
 */
static void load_synthetic(struct bench *b, struct workload *w, size_t n)
{
	struct scmp_arg_cmp cmp[2];
	char key[80];
	char **pool;
	size_t i, s = 0, k, j;
	uint64_t h;
	unsigned int c;

	pool = xrealloc(NULL, (b->pool_cnt + 1) * sizeof(*pool));
	for (i = 0; i < b->pool_cnt; i++) {
		snprintf(key, sizeof(key), "x86_64:%s", b->pool[i]);
		if (dropped(b, b->pool[i]) || dropped(b, key) ||
		    seccomp_syscall_resolve_name_arch(SCMP_ARCH_X86_64,
						      b->pool[i]) < 0)
			continue;
		pool[s++] = b->pool[i];
	}
	for (i = 0; i < n && s > 0; i++) {
		k = i % s;
		j = i / s;
		h = splitmix64((uint64_t)(k % 16) * 1000003u + j);
		c = 0;
		cmp[c].arg = 1;
		cmp[c].op = SCMP_CMP_EQ;
		cmp[c].datum_a = (uint64_t)j << 16 | (h & 0xffff);
		cmp[c++].datum_b = 0;
		if (h % 3 == 0) {
			cmp[c].arg = 2;
			cmp[c].op = SCMP_CMP_MASKED_EQ;
			cmp[c].datum_a = 0xf0;
			cmp[c++].datum_b = (h >> 24) & 0xf0;
		}
		rule_push(w, pool[k],
			  (h >> 40) % 16 == 0 ? SCMP_ACT_ERRNO(13) :
						SCMP_ACT_ALLOW,
			  cmp, c);
	}
	free(pool);
}

static int load_json(const char *dir, const char *file, struct json *doc)
{
	char path[4096], *text;
	size_t at = 0;
	int rc;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	rc = json_read_file(path, &text);
	if (rc < 0) {
		fprintf(stderr, "bench: %s: %s\n", path, strerror(-rc));
		return rc;
	}
	rc = json_parse(text, doc, &at);
	if (rc < 0)
		fprintf(stderr, "bench: %s: invalid JSON at byte %zu\n", path,
			at);
	free(text);
	return rc;
}

/* Default capability sets of a container started without --cap-add. */
static const char *const docker_caps[] = {
	"CAP_CHOWN", "CAP_DAC_OVERRIDE", "CAP_FSETID", "CAP_FOWNER",
	"CAP_MKNOD", "CAP_NET_RAW", "CAP_SETGID", "CAP_SETUID",
	"CAP_SETFCAP", "CAP_SETPCAP", "CAP_NET_BIND_SERVICE",
	"CAP_SYS_CHROOT", "CAP_KILL", "CAP_AUDIT_WRITE", NULL,
};
static const char *const podman_caps[] = {
	"CAP_CHOWN", "CAP_DAC_OVERRIDE", "CAP_FOWNER", "CAP_FSETID",
	"CAP_KILL", "CAP_NET_BIND_SERVICE", "CAP_SETFCAP", "CAP_SETGID",
	"CAP_SETPCAP", "CAP_SETUID", "CAP_SYS_CHROOT", NULL,
};

static int load_all(struct bench *b)
{
	static const uint32_t x86_3[] = { SCMP_ARCH_X86_64, SCMP_ARCH_X86,
					  SCMP_ARCH_X32 };
	static const uint32_t a64[] = { SCMP_ARCH_AARCH64 };
	static const char *const threads[] = { "vmm", "api", "vcpu" };
	static const size_t scale[] = { 1000, 2000, 5000, 20000 };
	struct json docker, podman, fc64, fca64;
	struct workload *w;
	char id[48], title[128], path[4096];
	size_t i;
	int rc;

	memset(&docker, 0, sizeof(docker));
	memset(&podman, 0, sizeof(podman));
	memset(&fc64, 0, sizeof(fc64));
	memset(&fca64, 0, sizeof(fca64));
	rc = load_json(b->data, "docker-default-seccomp.json", &docker);
	if (rc == 0)
		rc = load_json(b->data, "containers-common-seccomp.json",
			       &podman);
	if (rc == 0)
		rc = load_json(b->data, "firecracker-x86_64-musl-seccomp.json",
			       &fc64);
	if (rc == 0)
		rc = load_json(b->data, "firecracker-aarch64-musl-seccomp.json",
			       &fca64);
	if (rc < 0) {
		json_free(&docker);
		json_free(&podman);
		json_free(&fc64);
		return rc;
	}

	w = workload_new(b, "docker", "Docker default", 0);
	rc = load_oci(w, &docker, docker_caps, b);
	w = workload_new(b, "docker-3arch", "Docker default", 0);
	workload_arches(w, x86_3, 3);
	rc |= load_oci(w, &docker, docker_caps, NULL);
	w = workload_new(b, "docker-opt2", "Docker default, OPTIMIZE=2", 0);
	w->optimize = 2;
	rc |= load_oci(w, &docker, docker_caps, NULL);
	w = workload_new(b, "docker-3arch-opt2", "Docker default, OPTIMIZE=2",
			 0);
	workload_arches(w, x86_3, 3);
	w->optimize = 2;
	rc |= load_oci(w, &docker, docker_caps, NULL);
	w = workload_new(b, "podman-3arch", "containers-common (Podman)", 0);
	workload_arches(w, x86_3, 3);
	rc |= load_oci(w, &podman, podman_caps, NULL);
	for (i = 0; i < 3; i++) {
		snprintf(id, sizeof(id), "fc-x86_64-%s", threads[i]);
		snprintf(title, sizeof(title), "Firecracker %s", threads[i]);
		w = workload_new(b, id, title, 0);
		rc |= load_fc(w, &fc64, threads[i]);
	}
	for (i = 0; i < 3; i++) {
		snprintf(id, sizeof(id), "fc-aarch64-%s", threads[i]);
		snprintf(title, sizeof(title), "Firecracker %s", threads[i]);
		w = workload_new(b, id, title, 0);
		workload_arches(w, a64, 1);
		w->drop_native = true;
		rc |= load_fc(w, &fca64, threads[i]);
	}
	/* systemd loads one filter per arch; its default kills the process */
	w = workload_new(b, "systemd", "systemd 252 @system-service",
			 SCMP_ACT_KILL_PROCESS);
	snprintf(path, sizeof(path), "%s/%s", b->data,
		 "systemd-252-system-service-syscalls.txt");
	rc |= load_list(w, path);
	for (i = 0; i < sizeof(scale) / sizeof(scale[0]); i++) {
		snprintf(id, sizeof(id), "synthetic-%zuk", scale[i] / 1000);
		snprintf(title, sizeof(title), "synthetic %zuk rules",
			 scale[i] / 1000);
		w = workload_new(b, id, title, SCMP_ACT_ERRNO(1));
		load_synthetic(b, w, scale[i]);
	}
	json_free(&docker);
	json_free(&podman);
	json_free(&fc64);
	json_free(&fca64);
	if (rc != 0)
		fprintf(stderr, "bench: a policy has an unexpected form\n");
	return rc != 0 ? -EINVAL : 0;
}

/* Drops rules whose name a library does not know; resolves the rest. */
static void workload_resolve(const struct bench *b, struct workload *w)
{
	size_t i, n = 0;

	for (i = 0; i < w->cnt; i++) {
		if (dropped(b, w->rules[i].name) ||
		    seccomp_syscall_resolve_name(w->rules[i].name) ==
			    __NR_SCMP_ERROR) {
			w->dropped++;
			free(w->rules[i].name);
			continue;
		}
		w->rules[n] = w->rules[i];
		w->rules[n].nr = seccomp_syscall_resolve_name(w->rules[n].name);
		n++;
	}
	w->cnt = n;
}

/*
 * Building
 */

struct build {
	scmp_filter_ctx ctx;
	size_t errors;		/* rules the library refused */
	int first_error;
};

static int build(const struct workload *w, struct build *out)
{
	unsigned int i;
	size_t r;
	int rc;

	out->errors = 0;
	out->first_error = 0;
	out->ctx = seccomp_init(w->def);
	if (out->ctx == NULL)
		return -ENOMEM;
	for (i = 0; i < w->narch; i++) {
		if (seccomp_arch_exist(out->ctx, w->arches[i]) == 0)
			continue;
		rc = seccomp_arch_add(out->ctx, w->arches[i]);
		if (rc < 0)
			goto fail;
	}
	if (w->drop_native) {
		rc = seccomp_arch_remove(out->ctx, SCMP_ARCH_NATIVE);
		if (rc < 0)
			goto fail;
	}
	if (w->optimize != 0) {
		rc = seccomp_attr_set(out->ctx, SCMP_FLTATR_CTL_OPTIMIZE,
				      w->optimize);
		if (rc < 0)
			goto fail;
	}
	for (r = 0; r < w->cnt; r++) {
		rc = seccomp_rule_add_array(out->ctx, w->rules[r].action,
					    w->rules[r].nr, w->rules[r].cnt,
					    w->rules[r].cnt ? w->rules[r].cmp :
							      NULL);
		if (rc < 0) {
			if (out->errors++ == 0)
				out->first_error = rc;
		}
	}
	return 0;
fail:
	seccomp_release(out->ctx);
	out->ctx = NULL;
	return rc;
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
	*buf = xrealloc(NULL, (size_t)end);
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
	double build;		/* median build+export, seconds */
	double resolve;		/* median name resolution, seconds */
	unsigned int reps;
};

static int time_builds(const struct bench *b, const struct workload *w,
		       int nullfd, struct timing *t)
{
	double *s, start, t0, t1, overhead = clock_cost();
	unsigned int n = 0, cap = 64;
	struct build bd;
	size_t r;
	volatile int sink = 0;
	int rc = 0;

	s = xrealloc(NULL, cap * sizeof(*s));
	start = now();
	while (n < b->max_reps &&
	       (n < b->min_reps || now() - start < b->min_time)) {
		t0 = cpu_now();
		rc = build(w, &bd);
		if (rc == 0) {
			seccomp_export_bpf(bd.ctx, nullfd);
			seccomp_release(bd.ctx);
		}
		t1 = cpu_now();
		if (rc < 0)
			break;
		if (n == cap) {
			cap *= 2;
			s = xrealloc(s, cap * sizeof(*s));
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
	size_t first;		/* index into the rule list of the slot */
	size_t cnt;
	bool args;		/* argument checks decide (no arg-free rule) */
	uint32_t action;	/* the arg-free rule's action, if !args */
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
			 const struct slot *sl, uint64_t (*out)[ARG_MAX])
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
			default:	/* EQ, LE, GE */
				v = c->datum_a;
				break;
			}
			if (c->arg < ARG_MAX)
				out[n][c->arg] = v;
		}
		memcpy(out[n + 1], out[n], sizeof(out[n]));
		if (r->cnt > 0 && r->cmp[0].arg < ARG_MAX) {
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
	const struct rule **v = xrealloc(NULL, (w->cnt + 1) * sizeof(*v));
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
	k += w->def != prev;		/* NR_SPAN..0x3fffffff */
	prev = w->def;
	if (token == SCMP_ARCH_X86_64 && sl_x32 == NULL) {
		k += 2;			/* BADARCH, then -1 */
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
static void make_slots(const struct workload *w, uint32_t token,
		       uint32_t base, struct slot *slots, size_t *list)
{
	size_t i, *cnt = calloc(NR_SPAN, sizeof(size_t)), at = 0;
	int *nrs = xrealloc(NULL, (w->cnt + 1) * sizeof(int));
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
	struct slot *slots = xrealloc(NULL, NR_SPAN * sizeof(*slots));
	struct slot *x32 = NULL;
	size_t *list = xrealloc(NULL, (w->cnt + 1) * sizeof(*list));
	size_t *list32 = NULL;
	uint64_t (*probes)[ARG_MAX];
	struct seccomp_data data;
	struct bpf_sim_result res;
	int focus_nr = focus ? seccomp_syscall_resolve_name_arch(arch->token,
								  focus) : -1;
	size_t np, p, maxp = 1;
	uint32_t n, nr;
	unsigned int a;
	double wgt;

	memset(st, 0, sizeof(*st));
	make_slots(w, arch->token, arch->nr_base, slots, list);
	for (n = 0; n < NR_SPAN; n++)
		if (2 * slots[n].cnt + 1 > maxp)
			maxp = 2 * slots[n].cnt + 1;
	probes = xrealloc(NULL, maxp * sizeof(*probes));

	for (n = 0; n < NR_SPAN; n++) {
		nr = arch->nr_base + n;
		np = probes_for(w, list, &slots[n], probes);
		wgt = 1.0 / (double)np;
		for (p = 0; p < np; p++) {
			memset(&data, 0, sizeof(data));
			data.nr = (int)nr;
			data.arch = arch->data_arch;
			for (a = 0; a < ARG_MAX; a++)
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
				fprintf(dump, "%s\t%" PRIu32 "\t%zu\t%08" PRIx32
					      "\n", arch->name, n, p,
					res.action);
		}
		/* arg-free ALLOW: can the kernel's action cache prove it? */
		if (slots[n].cnt > 0 && !slots[n].args &&
		    slots[n].action == SCMP_ACT_ALLOW) {
			st->cache_total++;
			st->cache_ok += bpf_sim_cache_allow(prog,
							    arch->data_arch,
							    nr) == 1;
		}
	}
	st->c_all /= NR_SPAN;

	if (arch->token == SCMP_ARCH_X86_64 && has_arch(w, SCMP_ARCH_X32)) {
		x32 = xrealloc(NULL, NR_SPAN * sizeof(*x32));
		list32 = xrealloc(NULL, (w->cnt + 1) * sizeof(*list32));
		make_slots(w, SCMP_ARCH_X32, 0x40000000u, x32, list32);
	}
	if (arch->token == SCMP_ARCH_X32 && has_arch(w, SCMP_ARCH_X86_64)) {
		x32 = slots;
		slots = xrealloc(NULL, NR_SPAN * sizeof(*slots));
		list32 = list;
		list = xrealloc(NULL, (w->cnt + 1) * sizeof(*list));
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
static void time_workload(const struct bench *b, struct workload *w,
			  int nullfd)
{
	struct timing t = { 0 };

	workload_resolve(b, w);
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
	struct build bd;
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
	rc = build(w, &bd);
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
	       len > 0 ? (int)len : rc, valid,
	       t.build * 1e6, t.reps, t.resolve * 1e6);
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
static void list_unknown(const struct bench *b)
{
	size_t i, j;

	for (i = 0; i < b->cnt; i++)
		for (j = 0; j < b->w[i].cnt; j++)
			if (seccomp_syscall_resolve_name(
				    b->w[i].rules[j].name) == __NR_SCMP_ERROR)
				printf("%s\n", b->w[i].rules[j].name);
	for (i = 0; i < b->pool_cnt; i++)
		if (seccomp_syscall_resolve_name_arch(SCMP_ARCH_X86_64,
						      b->pool[i]) < 0)
			printf("x86_64:%s\n", b->pool[i]);
}

/* For each arch the workloads use: "arch name number" of every name. */
static void list_numbers(const struct bench *b)
{
	static const uint32_t tokens[] = { SCMP_ARCH_X86_64, SCMP_ARCH_X86,
					   SCMP_ARCH_X32, SCMP_ARCH_AARCH64 };
	size_t i, j;
	unsigned int a;

	for (a = 0; a < 4; a++)
		for (i = 0; i < b->cnt; i++)
			for (j = 0; j < b->w[i].cnt; j++)
				printf("%s %s %d\n", arch_label(tokens[a]),
				       b->w[i].rules[j].name,
				       seccomp_syscall_resolve_name_arch(
					       tokens[a],
					       b->w[i].rules[j].name));
}

static int read_drop(struct bench *b, const char *path)
{
	char *text, *line, *save = NULL;
	size_t cap = 0;
	int rc = json_read_file(path, &text);

	if (rc < 0)
		return rc;
	for (line = strtok_r(text, "\n", &save); line != NULL;
	     line = strtok_r(NULL, "\n", &save)) {
		if (*line == '\0')
			continue;
		if (b->drop_cnt == cap) {
			cap = cap ? cap * 2 : 64;
			b->drop = xrealloc(b->drop, cap * sizeof(*b->drop));
		}
		b->drop[b->drop_cnt++] = xstrdup(line);
	}
	free(text);
	qsort(b->drop, b->drop_cnt, sizeof(*b->drop), scmp);
	return 0;
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
		case 'd': b.data = optarg; break;
		case 'l': b.label = optarg; break;
		case 'x': drop = optarg; break;
		case 'D': b.dump = optarg; break;
		case 'o': b.only = optarg; break;
		case 'T': b.time_id = optarg; break;
		case 't': b.min_time = strtod(optarg, NULL); break;
		case 'r':
			b.min_reps = (unsigned int)strtoul(optarg, NULL, 10);
			break;
		case 'R':
			b.max_reps = (unsigned int)strtoul(optarg, NULL, 10);
			break;
		case 'u':
		case 'n': mode = c; break;
		default: usage();
		}
	}
	if (b.data == NULL || optind != argc || b.max_reps == 0)
		usage();
	/* a header of one library with the other library is a build error */
	if (v == NULL || v->major != SCMP_VER_MAJOR ||
	    v->minor != SCMP_VER_MINOR) {
		fprintf(stderr, "bench: header %d.%d does not match the library"
				" (%u.%u)\n", SCMP_VER_MAJOR, SCMP_VER_MINOR,
			v ? v->major : 0, v ? v->minor : 0);
		return 1;
	}
	if (drop != NULL && read_drop(&b, drop) < 0) {
		fprintf(stderr, "bench: cannot read %s\n", drop);
		return 1;
	}
	if (load_all(&b) < 0)
		return 1;
	if (mode == 'u') {
		list_unknown(&b);
		return 0;
	}
	if (mode == 'n') {
		list_numbers(&b);
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
	for (i = 0; i < b.cnt; i++) {
		if (b.only != NULL && strstr(b.w[i].id, b.only) == NULL)
			continue;
		if (b.time_id != NULL) {
			if (strcmp(b.w[i].id, b.time_id) == 0)
				time_workload(&b, &b.w[i], nullfd);
			continue;
		}
		workload_resolve(&b, &b.w[i]);
		run_workload(&b, &b.w[i], nullfd);
	}
	close(nullfd);
	for (i = 0; i < b.cnt; i++)
		workload_free(&b.w[i]);
	for (i = 0; i < b.drop_cnt; i++)
		free(b.drop[i]);
	for (i = 0; i < b.pool_cnt; i++)
		free(b.pool[i]);
	free(b.drop);
	free(b.pool);
	free(b.w);
	return 0;
}
