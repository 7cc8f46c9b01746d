/* SPDX-License-Identifier: LGPL-2.1-only */
/* The benchmark's policies: real profiles and generated rule sets as rules. */

/*
 * Public API only, like bench.c: this file is built against this tree's
 * library and against the system's. bench.c times and analyses the
 * workloads; tests/90-golden-programs exports each one and checks the
 * program against its golden copy.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profile.h"
#include "workload.h"

void *workload_xrealloc(void *p, size_t n)
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
	return strcpy(workload_xrealloc(NULL, strlen(s) + 1), s);
}

static int scmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool dropped(const struct workload_set *set, const char *key)
{
	return set->drop_cnt > 0 && bsearch(&key, set->drop, set->drop_cnt,
					    sizeof(*set->drop), scmp);
}

/*
 * Workloads
 */

/* SCMP_KV_6_13, by value: the system's seccomp.h has no enum scmp_kver */
#define KV_6_13 76u

static struct workload *workload_new(struct workload_set *set, const char *id,
				     const char *title, uint32_t def)
{
	struct workload *w;

	if (set->cnt == set->cap) {
		set->cap = set->cap ? set->cap * 2 : 16;
		set->w = workload_xrealloc(set->w, set->cap * sizeof(*set->w));
	}
	w = &set->w[set->cnt++];
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
		w->rules =
			workload_xrealloc(w->rules, w->cap * sizeof(*w->rules));
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

/* @dir/@file read and resolved with @opts; errors said on stderr. */
static int read_profile(const char *dir, const char *file,
			const struct profile_opts *opts, struct profile *p)
{
	struct profile_diag d;
	char path[4096];
	int rc;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	rc = profile_read(path, p, &d);
	if (rc == 0)
		rc = profile_resolve(p, opts, &d);
	if (rc == -EINVAL)
		fprintf(stderr, "bench: %s:%d:%d: %s\n", path, d.line, d.column,
			d.msg);
	else if (rc < 0)
		fprintf(stderr, "bench: %s: %s\n", path, strerror(-rc));
	if (rc < 0)
		profile_free(p);
	return rc;
}

/*
 * An OCI/moby profile as runc applies it on an amd64 host for a container
 * with the capability set @caps (tools/profile/profile.c), minKernel taken as
 * reached (a current kernel); each name of an entry is one rule.
 */
static int load_oci(struct workload *w, const char *dir, const char *file,
		    const char *const *caps, struct workload_set *set)
{
	struct profile_opts opts = {
		.host_arch = SCMP_ARCH_X86_64,
		.caps = caps,
		.kernel = PROFILE_KERNEL_ANY,
	};
	const struct profile_rule *r;
	struct profile p;
	size_t i, j, n;
	int rc;

	rc = read_profile(dir, file, &opts, &p);
	if (rc < 0)
		return rc;
	w->def = p.def_action;
	for (i = 0; i < p.cnt; i = j) {
		r = &p.rules[i];
		for (j = i; j < p.cnt && p.rules[j].entry == r->entry; j++)
			rule_push(w, p.rules[j].name, p.rules[j].action,
				  p.rules[j].cmp, p.rules[j].cnt);
		/* the synthetic series draws from the big allow list */
		n = j - i;
		if (set == NULL || set->pool_cnt > 0 || r->cnt > 0 ||
		    r->action != SCMP_ACT_ALLOW || n <= 100)
			continue;
		set->pool = workload_xrealloc(NULL, n * sizeof(char *));
		for (; i < j; i++)
			set->pool[set->pool_cnt++] = xstrdup(p.rules[i].name);
	}
	profile_free(&p);
	return 0;
}

/*
 * One thread's filter of a Firecracker (seccompiler) file, read by
 * tools/profile/profile_fc.c for ABI @arch: rules of one syscall ORed, a rule's
 * conditions ANDed, a "dword" condition on the low 32 bits of the
 * argument (SCMP_CMP_32BIT; MASKED_EQ where the header lacks it).
 */
static int load_fc(struct workload *w, const char *dir, const char *file,
		   const char *thread, uint32_t arch)
{
	struct profile_opts opts = {
		.host_arch = arch,
		.arches = &arch,
		.narch = 1,
		.kernel = PROFILE_KERNEL_ANY,
		.format = PROFILE_FORMAT_FIRECRACKER,
		.filter = thread,
	};
	struct profile p;
	size_t i;
	int rc;

	rc = read_profile(dir, file, &opts, &p);
	if (rc < 0)
		return rc;
	w->def = p.def_action;
	for (i = 0; i < p.cnt; i++)
		rule_push(w, p.rules[i].name, p.rules[i].action, p.rules[i].cmp,
			  p.rules[i].cnt);
	profile_free(&p);
	return 0;
}

/*
 * Calls @line for every line of @path without its end of line; the
 * line may be changed in place.
 */
static int each_line(const char *path, void (*line_fn)(void *, char *),
		     void *arg)
{
	FILE *f = fopen(path, "re");
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;

	if (f == NULL)
		return -errno;
	while ((len = getline(&line, &cap, f)) >= 0) {
		if (len > 0 && line[len - 1] == '\n')
			line[len - 1] = '\0';
		line_fn(arg, line);
	}
	free(line);
	fclose(f);
	return 0;
}

static void list_line(void *arg, char *line)
{
	char *end;

	while (*line == ' ' || *line == '\t')
		line++;
	end = line + strlen(line);
	while (end > line && (end[-1] == ' ' || end[-1] == '\r'))
		*--end = '\0';
	if (*line != '\0' && *line != '#')
		rule_push(arg, line, SCMP_ACT_ALLOW, NULL, 0);
}

/* A plain list of names (systemd's @system-service), one a line. */
static int load_list(struct workload *w, const char *path)
{
	return each_line(path, list_line, w);
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
static void load_synthetic(struct workload_set *set, struct workload *w,
			   size_t n)
{
	struct scmp_arg_cmp cmp[2];
	char key[80];
	char **pool;
	size_t i, s = 0, k, j;
	uint64_t h;
	unsigned int c;

	pool = workload_xrealloc(NULL, (set->pool_cnt + 1) * sizeof(*pool));
	for (i = 0; i < set->pool_cnt; i++) {
		snprintf(key, sizeof(key), "x86_64:%s", set->pool[i]);
		if (dropped(set, set->pool[i]) || dropped(set, key) ||
		    seccomp_syscall_resolve_name_arch(SCMP_ARCH_X86_64,
						      set->pool[i]) < 0)
			continue;
		pool[s++] = set->pool[i];
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

/* clang-format off */
/* Default capability sets of a container started without --cap-add:
 * Docker's is profile_docker_caps. */
static const char *const podman_caps[] = {
	"CAP_CHOWN", "CAP_DAC_OVERRIDE", "CAP_FOWNER", "CAP_FSETID",
	"CAP_KILL", "CAP_NET_BIND_SERVICE", "CAP_SETFCAP", "CAP_SETGID",
	"CAP_SETPCAP", "CAP_SETUID", "CAP_SYS_CHROOT", NULL,
};
/* clang-format on */

int workload_load_all(struct workload_set *set)
{
	static const uint32_t x86_3[] = { SCMP_ARCH_X86_64, SCMP_ARCH_X86,
					  SCMP_ARCH_X32 };
	static const uint32_t a64[] = { SCMP_ARCH_AARCH64 };
	static const char *const threads[] = { "vmm", "api", "vcpu" };
	static const size_t scale[] = { 1000, 2000, 5000, 20000 };
	static const char docker[] = "docker-default-seccomp.json";
	static const char podman[] = "containers-common-seccomp.json";
	static const char fc64[] = "firecracker-x86_64-musl-seccomp.json";
	static const char fca64[] = "firecracker-aarch64-musl-seccomp.json";
	struct workload *w;
	char id[48], title[128], path[4096];
	size_t i;
	int rc;

	w = workload_new(set, "docker", "Docker default", 0);
	rc = load_oci(w, set->data, docker, profile_docker_caps, set);
	w = workload_new(set, "docker-3arch", "Docker default", 0);
	workload_arches(w, x86_3, 3);
	rc |= load_oci(w, set->data, docker, profile_docker_caps, NULL);
	w = workload_new(set, "docker-opt2", "Docker default, OPTIMIZE=2", 0);
	w->optimize = 2;
	rc |= load_oci(w, set->data, docker, profile_docker_caps, NULL);
	w = workload_new(set, "docker-3arch-opt2", "Docker default, OPTIMIZE=2",
			 0);
	workload_arches(w, x86_3, 3);
	w->optimize = 2;
	rc |= load_oci(w, set->data, docker, profile_docker_caps, NULL);
	/*
	 * The profile with ENOSYS for what it does not know: its newest calls
	 * came in 6.13 (setxattrat and the other *xattrat calls).
	 */
	w = workload_new(set, "docker-kvermax", "Docker default, KVERMAX 6.13",
			 0);
	w->kvermax = KV_6_13;
	rc |= load_oci(w, set->data, docker, profile_docker_caps, NULL);
	w = workload_new(set, "docker-3arch-kvermax",
			 "Docker default, KVERMAX 6.13", 0);
	workload_arches(w, x86_3, 3);
	w->kvermax = KV_6_13;
	rc |= load_oci(w, set->data, docker, profile_docker_caps, NULL);
	w = workload_new(set, "podman-3arch", "containers-common (Podman)", 0);
	workload_arches(w, x86_3, 3);
	rc |= load_oci(w, set->data, podman, podman_caps, NULL);
	for (i = 0; i < 3; i++) {
		snprintf(id, sizeof(id), "fc-x86_64-%s", threads[i]);
		snprintf(title, sizeof(title), "Firecracker %s", threads[i]);
		w = workload_new(set, id, title, 0);
		rc |= load_fc(w, set->data, fc64, threads[i], SCMP_ARCH_X86_64);
	}
	for (i = 0; i < 3; i++) {
		snprintf(id, sizeof(id), "fc-aarch64-%s", threads[i]);
		snprintf(title, sizeof(title), "Firecracker %s", threads[i]);
		w = workload_new(set, id, title, 0);
		workload_arches(w, a64, 1);
		w->drop_native = true;
		rc |= load_fc(w, set->data, fca64, threads[i],
			      SCMP_ARCH_AARCH64);
	}
	/* systemd loads one filter per arch; its default kills the process */
	w = workload_new(set, "systemd", "systemd 252 @system-service",
			 SCMP_ACT_KILL_PROCESS);
	snprintf(path, sizeof(path), "%s/%s", set->data,
		 "systemd-252-system-service-syscalls.txt");
	rc |= load_list(w, path);
	for (i = 0; i < sizeof(scale) / sizeof(scale[0]); i++) {
		snprintf(id, sizeof(id), "synthetic-%zuk", scale[i] / 1000);
		snprintf(title, sizeof(title), "synthetic %zuk rules",
			 scale[i] / 1000);
		w = workload_new(set, id, title, SCMP_ACT_ERRNO(1));
		load_synthetic(set, w, scale[i]);
	}
	if (rc != 0)
		fprintf(stderr, "bench: a policy has an unexpected form\n");
	return rc != 0 ? -EINVAL : 0;
}

void workload_resolve(const struct workload_set *set, struct workload *w)
{
	size_t i, n = 0;

	for (i = 0; i < w->cnt; i++) {
		if (dropped(set, w->rules[i].name) ||
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

int workload_build(const struct workload *w, struct workload_build *out)
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
	/* libseccomp has no KVERMAX: its build is the profile without it */
#ifdef _SECCOMP_H_KVERS
	if (w->kvermax != 0) {
		rc = seccomp_attr_set(out->ctx, SCMP_FLTATR_CTL_KVERMAX,
				      w->kvermax);
		if (rc < 0)
			goto fail;
	}
#endif
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

static void drop_line(void *arg, char *line)
{
	struct workload_set *set = arg;

	if (*line == '\0')
		return;
	set->drop = workload_xrealloc(set->drop,
				      (set->drop_cnt + 1) * sizeof(*set->drop));
	set->drop[set->drop_cnt++] = xstrdup(line);
}

int workload_read_drop(struct workload_set *set, const char *path)
{
	int rc = each_line(path, drop_line, set);

	if (rc < 0)
		return rc;
	qsort(set->drop, set->drop_cnt, sizeof(*set->drop), scmp);
	return 0;
}

void workload_set_free(struct workload_set *set)
{
	size_t i;

	for (i = 0; i < set->cnt; i++)
		workload_free(&set->w[i]);
	for (i = 0; i < set->drop_cnt; i++)
		free(set->drop[i]);
	for (i = 0; i < set->pool_cnt; i++)
		free(set->pool[i]);
	free(set->drop);
	free(set->pool);
	free(set->w);
}
