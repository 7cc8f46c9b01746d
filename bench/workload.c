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

#include "json.h"
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
	return set->drop_cnt > 0 &&
	       bsearch(&key, set->drop, set->drop_cnt, sizeof(*set->drop),
		       scmp);
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
		w->rules = workload_xrealloc(w->rules,
					     w->cap * sizeof(*w->rules));
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
		    const char *const *caps, struct workload_set *set)
{
	const struct json *calls = json_get(doc, "syscalls"), *e, *inc, *exc;
	const struct json *names, *args, *a;
	struct scmp_arg_cmp cmp[WORKLOAD_ARGS];
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
			if (n == WORKLOAD_ARGS ||
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
		if (set != NULL && set->pool_cnt == 0 && n == 0 &&
		    action == SCMP_ACT_ALLOW && names != NULL &&
		    names->cnt > 100) {
			set->pool = workload_xrealloc(NULL, names->cnt *
							      sizeof(char *));
			for (j = 0; j < names->cnt; j++)
				if (names->items[j].type == JSON_STRING)
					set->pool[set->pool_cnt++] =
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
	struct scmp_arg_cmp cmp[WORKLOAD_ARGS];
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
			if (n == WORKLOAD_ARGS || op == NULL)
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

int workload_load_all(struct workload_set *set)
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
	rc = load_json(set->data, "docker-default-seccomp.json", &docker);
	if (rc == 0)
		rc = load_json(set->data, "containers-common-seccomp.json",
			       &podman);
	if (rc == 0)
		rc = load_json(set->data,
			       "firecracker-x86_64-musl-seccomp.json", &fc64);
	if (rc == 0)
		rc = load_json(set->data,
			       "firecracker-aarch64-musl-seccomp.json", &fca64);
	if (rc < 0) {
		json_free(&docker);
		json_free(&podman);
		json_free(&fc64);
		return rc;
	}

	w = workload_new(set, "docker", "Docker default", 0);
	rc = load_oci(w, &docker, docker_caps, set);
	w = workload_new(set, "docker-3arch", "Docker default", 0);
	workload_arches(w, x86_3, 3);
	rc |= load_oci(w, &docker, docker_caps, NULL);
	w = workload_new(set, "docker-opt2", "Docker default, OPTIMIZE=2", 0);
	w->optimize = 2;
	rc |= load_oci(w, &docker, docker_caps, NULL);
	w = workload_new(set, "docker-3arch-opt2", "Docker default, OPTIMIZE=2",
			 0);
	workload_arches(w, x86_3, 3);
	w->optimize = 2;
	rc |= load_oci(w, &docker, docker_caps, NULL);
	/*
	 * The profile with ENOSYS for what it does not know: its newest calls
	 * came in 6.13 (setxattrat and the other *xattrat calls).
	 */
	w = workload_new(set, "docker-kvermax", "Docker default, KVERMAX 6.13",
			 0);
	w->kvermax = KV_6_13;
	rc |= load_oci(w, &docker, docker_caps, NULL);
	w = workload_new(set, "docker-3arch-kvermax",
			 "Docker default, KVERMAX 6.13", 0);
	workload_arches(w, x86_3, 3);
	w->kvermax = KV_6_13;
	rc |= load_oci(w, &docker, docker_caps, NULL);
	w = workload_new(set, "podman-3arch", "containers-common (Podman)", 0);
	workload_arches(w, x86_3, 3);
	rc |= load_oci(w, &podman, podman_caps, NULL);
	for (i = 0; i < 3; i++) {
		snprintf(id, sizeof(id), "fc-x86_64-%s", threads[i]);
		snprintf(title, sizeof(title), "Firecracker %s", threads[i]);
		w = workload_new(set, id, title, 0);
		rc |= load_fc(w, &fc64, threads[i]);
	}
	for (i = 0; i < 3; i++) {
		snprintf(id, sizeof(id), "fc-aarch64-%s", threads[i]);
		snprintf(title, sizeof(title), "Firecracker %s", threads[i]);
		w = workload_new(set, id, title, 0);
		workload_arches(w, a64, 1);
		w->drop_native = true;
		rc |= load_fc(w, &fca64, threads[i]);
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
	json_free(&docker);
	json_free(&podman);
	json_free(&fc64);
	json_free(&fca64);
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

int workload_read_drop(struct workload_set *set, const char *path)
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
		if (set->drop_cnt == cap) {
			cap = cap ? cap * 2 : 64;
			set->drop = workload_xrealloc(set->drop,
						      cap * sizeof(*set->drop));
		}
		set->drop[set->drop_cnt++] = xstrdup(line);
	}
	free(text);
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
