/* SPDX-License-Identifier: LGPL-2.1-only */
/* Test helper: build a filter through the public API from a compact text description. */

/*
 * The spec language is described in filter_spec.h. Only the public API is
 * used, and only calls that libseccomp 2.5 has, so the same test programs
 * also build against Debian's libseccomp to compare results.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "filter_spec.h"

#define TOK_MAX 16
/*
 * SCMP_CMP_32BIT (provisional) by value: libseccomp 2.5's header lacks it,
 * and its library refuses it with -EINVAL.
 */
#define SPEC_CMP_32BIT 0x10000U
/* This library's by value too (seccomp-ext.h): SCMP_CMP_EXT_SIGNED, */
#define SPEC_CMP_SIGNED 0x1000000U
/* SCMP_FLTATR_EXT_ACT_BADARG32, _ACT_MUX and SCMP_EXT_ACT_UNSET. */
#define SPEC_ATTR_BADARG32 0x53430000U
#define SPEC_ATTR_MUX 0x53430001U
#define SPEC_ACT_UNSET 0xffffffffU

/* Where a statement came from, for messages. */
struct stmt {
	const char *text;
	unsigned int index;
};

static int fail(const struct stmt *st, const char *why, const char *what)
{
	fprintf(stderr, "spec statement %u \"%s\": %s%s%s\n", st->index,
		st->text, why, what ? ": " : "", what ? what : "");
	return 1;
}

static int parse_num(const char *s, unsigned long long *v)
{
	char *end;

	errno = 0;
	if (s[0] == '-')
		*v = (unsigned long long)strtoll(s, &end, 0);
	else
		*v = strtoull(s, &end, 0);
	return errno == 0 && end != s && *end == '\0' ? 0 : -1;
}

/* An action name, ERRNO(n), TRACE(n), TRAP(n) or a raw number. */
static int parse_action(const char *s, uint32_t *action)
{
	static const struct {
		const char *name;
		uint32_t action;
	} names[] = {
		{ "KILL_PROCESS", SCMP_ACT_KILL_PROCESS },
		{ "KILL_THREAD", SCMP_ACT_KILL_THREAD },
		{ "KILL", SCMP_ACT_KILL },
		{ "TRAP", SCMP_ACT_TRAP },
		{ "LOG", SCMP_ACT_LOG },
		{ "ALLOW", SCMP_ACT_ALLOW },
		{ "NOTIFY", SCMP_ACT_NOTIFY },
	};
	unsigned long long v;
	unsigned int i, data;
	char close;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (strcmp(s, names[i].name) == 0) {
			*action = names[i].action;
			return 0;
		}
	}
	if (sscanf(s, "ERRNO(%u%c", &data, &close) == 2 && close == ')') {
		*action = SCMP_ACT_ERRNO(data);
		return 0;
	}
	if (sscanf(s, "TRACE(%u%c", &data, &close) == 2 && close == ')') {
		*action = SCMP_ACT_TRACE(data);
		return 0;
	}
	if (sscanf(s, "TRAP(%u%c", &data, &close) == 2 && close == ')') {
		*action = SCMP_ACT_TRAPX(data);
		return 0;
	}
	if (parse_num(s, &v) < 0)
		return -1;
	*action = (uint32_t)v;
	return 0;
}

/* An errno name as used after '!'. */
static int parse_errno(const char *s)
{
	static const struct {
		const char *name;
		int err;
	} names[] = {
		{ "EACCES", EACCES },
		{ "ECANCELED", ECANCELED },
		{ "EDOM", EDOM },
		{ "EEXIST", EEXIST },
		{ "EFAULT", EFAULT },
		{ "EINVAL", EINVAL },
		{ "ENOENT", ENOENT },
		{ "ENOMEM", ENOMEM },
		{ "EOPNOTSUPP", EOPNOTSUPP },
		{ "ERANGE", ERANGE },
		{ "ESRCH", ESRCH },
	};
	unsigned int i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strcmp(s, names[i].name) == 0)
			return -names[i].err;
	return 0;
}

static uint32_t arch_token(const char *name)
{
	return strcmp(name, "native") == 0 ? SCMP_ARCH_NATIVE :
					     seccomp_arch_resolve_name(name);
}

/* aN[_32|_64][.lo32][.s] OP VALUE, as one token. */
static int parse_cmp(const char *s, struct scmp_arg_cmp *cmp)
{
	static const struct {
		const char *text;
		enum scmp_compare op;
	} ops[] = {
		/* two-character operators before their one-character prefixes */
		{ "==", SCMP_CMP_EQ }, { "!=", SCMP_CMP_NE },
		{ "<=", SCMP_CMP_LE }, { ">=", SCMP_CMP_GE },
		{ "<", SCMP_CMP_LT },  { ">", SCMP_CMP_GT },
	};
	unsigned long long a, b = 0;
	char buf[128], *p, *eq;
	unsigned int i, arg;
	enum scmp_compare op = _SCMP_CMP_MIN;
	unsigned int flags = 0;
	int w32 = 0;

	if (s[0] != 'a' || s[1] < '0' || s[1] > '9' || strlen(s) >= sizeof(buf))
		return -1;
	arg = (unsigned int)strtoul(s + 1, &p, 10);
	if (strncmp(p, "_32", 3) == 0) {
		w32 = 1;
		p += 3;
	} else if (strncmp(p, "_64", 3) == 0) {
		p += 3;
	}
	if (strncmp(p, ".lo32", 5) == 0) {
		flags = SPEC_CMP_32BIT;
		p += 5;
	}
	if (strncmp(p, ".s", 2) == 0) {
		flags |= SPEC_CMP_SIGNED;
		p += 2;
	}
	if (*p == '&') {
		/* &MASK==VALUE */
		snprintf(buf, sizeof(buf), "%s", p + 1);
		eq = strstr(buf, "==");
		if (eq == NULL)
			return -1;
		*eq = '\0';
		if (parse_num(buf, &a) < 0 || parse_num(eq + 2, &b) < 0)
			return -1;
		op = SCMP_CMP_MASKED_EQ;
	} else {
		for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
			if (strncmp(p, ops[i].text, strlen(ops[i].text)) == 0) {
				op = ops[i].op;
				p += strlen(ops[i].text);
				break;
			}
		}
		if (op == _SCMP_CMP_MIN || parse_num(p, &a) < 0)
			return -1;
	}
	op = (enum scmp_compare)((unsigned int)op | flags);
	if (w32)
		*cmp = SCMP_CMP32(arg, op, a, b);
	else
		*cmp = SCMP_CMP64(arg, op, a, b);
	return 0;
}

/* The attribute names of "attr". */
static int parse_attr(const char *s, enum scmp_filter_attr *attr)
{
	static const struct {
		const char *name;
		enum scmp_filter_attr attr;
	} names[] = {
		{ "default", SCMP_FLTATR_ACT_DEFAULT },
		{ "badarch", SCMP_FLTATR_ACT_BADARCH },
		{ "nnp", SCMP_FLTATR_CTL_NNP },
		{ "tsync", SCMP_FLTATR_CTL_TSYNC },
		{ "tskip", SCMP_FLTATR_API_TSKIP },
		{ "log", SCMP_FLTATR_CTL_LOG },
		{ "ssb", SCMP_FLTATR_CTL_SSB },
		{ "optimize", SCMP_FLTATR_CTL_OPTIMIZE },
		{ "rawrc", SCMP_FLTATR_API_SYSRAWRC },
	};
	unsigned int i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (strcmp(s, names[i].name) == 0) {
			*attr = names[i].attr;
			return 0;
		}
	}
	/*
	 * A 2.6 attribute and those of ENOSYS past a kernel version, by
	 * value so that this builds against 2.5.
	 */
	if (strcmp(s, "waitkill") == 0) {
		*attr = (enum scmp_filter_attr)10;
		return 0;
	}
	if (strcmp(s, "enosys") == 0) {
		*attr = (enum scmp_filter_attr)11;
		return 0;
	}
	if (strcmp(s, "kvermax") == 0) {
		*attr = (enum scmp_filter_attr)12;
		return 0;
	}
	if (strcmp(s, "badarg32") == 0) {
		*attr = (enum scmp_filter_attr)SPEC_ATTR_BADARG32;
		return 0;
	}
	/* ours: SCMP_FLTATR_EXT_ACT_MUX (seccomp-ext.h) */
	if (strcmp(s, "mux") == 0) {
		*attr = (enum scmp_filter_attr)SPEC_ATTR_MUX;
		return 0;
	}
	return -1;
}

/*
 * An attribute's value: a Linux version M.m as enum scmp_kver has it (by
 * value, see parse_attr()), "undef" (SCMP_KV_UNDEF), or an action.
 */
static int parse_value(const char *s, uint32_t *value)
{
	/* each major version's .0 in enum scmp_kver, then __SCMP_KV_MAX */
	static const unsigned int zero[] = { 2, 22, 43, 63, 83, 86 };
	unsigned int major, minor;
	char end;

	if (strcmp(s, "undef") == 0) {
		*value = 1;
		return 0;
	}
	if (strcmp(s, "unset") == 0) {
		*value = SPEC_ACT_UNSET;
		return 0;
	}
	if (sscanf(s, "%u.%u%c", &major, &minor, &end) == 2) {
		if (major < 3 ||
		    major - 3 + 1 >= sizeof(zero) / sizeof(zero[0]) ||
		    zero[major - 3] + minor >= zero[major - 2])
			return -1;
		*value = zero[major - 3] + minor;
		return 0;
	}
	return parse_action(s, value);
}

/* A syscall name (native ABI) or a raw number. */
static int parse_syscall(const char *s, int *nr)
{
	unsigned long long v;

	if ((s[0] >= '0' && s[0] <= '9') || s[0] == '-') {
		if (parse_num(s, &v) < 0)
			return -1;
		*nr = (int)v;
		return 0;
	}
	*nr = seccomp_syscall_resolve_name(s);
	return *nr == __NR_SCMP_ERROR ? -1 : 0;
}

/* rule, exact and prio: once per syscall of the comma-separated list. */
static int run_syscalls(scmp_filter_ctx ctx, const struct stmt *st, char **tok,
			int cnt, int want)
{
	struct scmp_arg_cmp cmps[TOK_MAX];
	char list[512], *name, *save;
	unsigned long long prio = 0;
	unsigned int cmp_cnt = 0;
	uint32_t action = 0;
	int i, nr, rc, is_prio = strcmp(tok[0], "prio") == 0;

	if (is_prio) {
		if (cnt != 3 || parse_num(tok[2], &prio) < 0)
			return fail(st, "bad prio statement", NULL);
		snprintf(list, sizeof(list), "%s", tok[1]);
	} else {
		if (cnt < 3 || parse_action(tok[1], &action) < 0)
			return fail(st, "bad action", tok[1]);
		snprintf(list, sizeof(list), "%s", tok[2]);
		for (i = 3; i < cnt; i++)
			if (parse_cmp(tok[i], &cmps[cmp_cnt++]) < 0)
				return fail(st, "bad comparison", tok[i]);
	}
	for (name = strtok_r(list, ",", &save); name != NULL;
	     name = strtok_r(NULL, ",", &save)) {
		if (parse_syscall(name, &nr) < 0)
			return fail(st, "unknown syscall", name);
		if (is_prio)
			rc = seccomp_syscall_priority(ctx, nr, (uint8_t)prio);
		else if (strcmp(tok[0], "exact") == 0)
			rc = seccomp_rule_add_exact_array(ctx, action, nr,
							  cmp_cnt, cmps);
		else
			rc = seccomp_rule_add_array(ctx, action, nr, cmp_cnt,
						    cmps);
		if (rc != want) {
			fprintf(stderr,
				"spec statement %u \"%s\": %s returned "
				"%d, want %d\n",
				st->index, st->text, name, rc, want);
			return 1;
		}
	}
	return 0;
}

/* One statement; returns 0, 77 to skip the test, or 1 after a message. */
static int run_stmt(scmp_filter_ctx *ctx, const struct stmt *st)
{
	char buf[1024], *tok[TOK_MAX], *save;
	unsigned long long v;
	enum scmp_filter_attr attr;
	uint32_t action, value;
	int cnt = 0, want = 0, i, rc = 0;

	if (strlen(st->text) >= sizeof(buf))
		return fail(st, "too long", NULL);
	strcpy(buf, st->text);
	for (tok[cnt] = strtok_r(buf, " \t", &save);
	     tok[cnt] != NULL && cnt < TOK_MAX - 1;
	     tok[++cnt] = strtok_r(NULL, " \t", &save))
		;
	if (cnt > 0 && tok[0][0] == '!') {
		want = parse_errno(tok[0] + 1);
		if (want == 0)
			return fail(st, "unknown errno", tok[0]);
		memmove(tok, tok + 1, (size_t)cnt-- * sizeof(*tok));
	}
	if (cnt == 0)
		return fail(st, "empty statement", NULL);

	if (strcmp(tok[0], "api") == 0 && cnt == 2 &&
	    parse_num(tok[1], &v) == 0)
		rc = seccomp_api_set((unsigned int)v);
	else if (strcmp(tok[0], "native") == 0 && cnt == 2)
		return seccomp_arch_native() == arch_token(tok[1]) ? 0 : 77;
	else if (strcmp(tok[0], "init") == 0 && cnt == 2 &&
		 parse_action(tok[1], &action) == 0) {
		if (*ctx != NULL)
			return fail(st, "a second init", NULL);
		*ctx = seccomp_init(action);
		if (*ctx == NULL)
			return fail(st, "seccomp_init failed", NULL);
		return 0;
	} else if (*ctx == NULL)
		return fail(st, "no filter yet (init first)", NULL);
	else if (strcmp(tok[0], "reset") == 0 && cnt == 2 &&
		 parse_action(tok[1], &action) == 0)
		rc = seccomp_reset(*ctx, action);
	else if (strcmp(tok[0], "attr") == 0 && cnt == 3 &&
		 parse_attr(tok[1], &attr) == 0 &&
		 parse_value(tok[2], &value) == 0)
		rc = seccomp_attr_set(*ctx, attr, value);
	else if (strcmp(tok[0], "rule") == 0 || strcmp(tok[0], "exact") == 0 ||
		 strcmp(tok[0], "prio") == 0)
		return run_syscalls(*ctx, st, tok, cnt, want);
	else if (strcmp(tok[0], "arch") == 0 && cnt >= 2) {
		for (i = 1; i < cnt; i++) {
			if ((tok[i][0] != '+' && tok[i][0] != '-') ||
			    (strcmp(tok[i] + 1, "native") != 0 &&
			     arch_token(tok[i] + 1) == 0))
				return fail(st, "bad arch", tok[i]);
			rc = tok[i][0] == '+' ?
				     seccomp_arch_add(*ctx,
						      arch_token(tok[i] + 1)) :
				     seccomp_arch_remove(
					     *ctx, arch_token(tok[i] + 1));
			if (rc != want)
				break;
		}
	} else
		return fail(st, "cannot parse", NULL);

	if (rc != want) {
		fprintf(stderr,
			"spec statement %u \"%s\": returned %d, want %d\n",
			st->index, st->text, rc, want);
		return 1;
	}
	return 0;
}

/**
 * spec_run - run a spec's statements on a filter
 * @ctx: the filter; NULL until the spec's "init" creates it
 * @spec: NULL-terminated statements
 *
 * Returns 0, 77 if the test should be skipped, or 1 after printing which
 * statement failed. The caller releases *ctx in every case.
 */
int spec_run(scmp_filter_ctx *ctx, const char *const *spec)
{
	struct stmt st;
	int rc;

	for (st.index = 0; spec[st.index] != NULL; st.index++) {
		st.text = spec[st.index];
		rc = run_stmt(ctx, &st);
		if (rc != 0)
			return rc;
	}
	return 0;
}

/**
 * spec_build - a new filter from a spec that starts it with "init"
 * @status: set to 0, 77 (skip) or 1 (failed)
 *
 * Returns the filter, or NULL if the spec failed.
 */
scmp_filter_ctx spec_build(const char *const *spec, int *status)
{
	scmp_filter_ctx ctx = NULL;

	*status = spec_run(&ctx, spec);
	if (*status != 0) {
		seccomp_release(ctx);
		return NULL;
	}
	if (ctx == NULL) {
		fprintf(stderr, "spec without init\n");
		*status = 1;
	}
	return ctx;
}

/**
 * spec_print_bpf - write a filter's BPF to stdout
 *
 * Returns 0, or 1 after a message.
 */
int spec_print_bpf(scmp_filter_ctx ctx)
{
	int rc;

	fflush(stdout);
	rc = seccomp_export_bpf(ctx, STDOUT_FILENO);
	if (rc != 0) {
		fprintf(stderr, "seccomp_export_bpf: %d\n", rc);
		return 1;
	}
	return 0;
}

/* Lists a filter's statements, as --specs does. */
static void spec_list(const char *name, const char *const *spec)
{
	printf("filter %s\n", name);
	for (; *spec != NULL; spec++)
		printf("%s\n", *spec);
}

/**
 * spec_sim_main - main() of a sim test program
 * @filters: the program's filters, ended by a NULL name
 *
 * Builds the filter argv[1] names (the first one without an argument, as
 * sim-check runs the program) and writes its BPF to stdout. With
 * --specs, lists every filter instead, as "filter NAME" and then its
 * statements, one a line (tests/92-prove-sims proves them all). Returns
 * the exit status: 0, 77 (skip) or 1.
 */
int spec_sim_main(int argc, char *argv[], const struct spec_filter *filters)
{
	const struct spec_filter *f = filters;
	scmp_filter_ctx ctx;
	int status;

	if (argc == 2 && strcmp(argv[1], "--specs") == 0) {
		for (; f->name != NULL; f++)
			spec_list(f->name, f->spec);
		return 0;
	}
	if (argc > 1)
		for (; f->name != NULL && strcmp(f->name, argv[1]) != 0; f++)
			;
	if (f->name == NULL) {
		fprintf(stderr, "%s: no filter %s\n", argv[0], argv[1]);
		return 1;
	}
	ctx = spec_build(f->spec, &status);
	if (ctx == NULL)
		return status;
	status = spec_print_bpf(ctx);
	seccomp_release(ctx);
	return status;
}

/* Reads a whole file into a NUL-terminated buffer; NULL on failure. */
static char *read_all(FILE *f)
{
	size_t len = 0, cap = 4096, n;
	char *buf = malloc(cap), *grown;

	while (buf != NULL && (n = fread(buf + len, 1, cap - len - 1, f)) > 0) {
		len += n;
		if (cap - len > 1)
			continue;
		grown = realloc(buf, cap * 2);
		if (grown == NULL)
			free(buf);
		buf = grown;
		cap *= 2;
	}
	if (buf != NULL)
		buf[len] = '\0';
	return buf;
}

/* The first line where two texts differ, 1-based; 0 if they are equal. */
static unsigned int first_diff(const char *a, const char *b, const char **la,
			       const char **lb)
{
	unsigned int line = 1;

	*la = a;
	*lb = b;
	for (; *a == *b; a++, b++) {
		if (*a == '\0')
			return 0;
		if (*a == '\n') {
			line++;
			*la = a + 1;
			*lb = b + 1;
		}
	}
	return line;
}

/**
 * spec_pfc_check - compare a filter's PFC with a golden file
 * @golden: the file name, looked up in $srcdir
 * @write: nonzero: write the PFC to stdout instead (to make the file)
 *
 * On a mismatch the PFC is also written to ./GOLDEN.out. Returns 0 or 1.
 */
int spec_pfc_check(scmp_filter_ctx ctx, const char *golden, int write)
{
	const char *srcdir = getenv("srcdir"), *la, *lb;
	char path[4096];
	char *want = NULL, *got = NULL;
	FILE *tmp, *f;
	unsigned int line;
	int rc, status = 1;

	if (write) {
		fflush(stdout);
		return seccomp_export_pfc(ctx, STDOUT_FILENO) == 0 ? 0 : 1;
	}
	tmp = tmpfile();
	if (tmp == NULL)
		return 1;
	rc = seccomp_export_pfc(ctx, fileno(tmp));
	if (rc != 0) {
		fprintf(stderr, "seccomp_export_pfc: %d\n", rc);
		goto out;
	}
	rewind(tmp);
	got = read_all(tmp);
	snprintf(path, sizeof(path), "%s/%s", srcdir ? srcdir : ".", golden);
	f = fopen(path, "r");
	if (f == NULL) {
		perror(path);
		goto out;
	}
	want = read_all(f);
	fclose(f);
	if (got == NULL || want == NULL)
		goto out;
	line = first_diff(want, got, &la, &lb);
	if (line == 0) {
		status = 0;
		goto out;
	}
	fprintf(stderr, "%s:%u: differs\n  want: %.*s\n  got:  %.*s\n", path,
		line, (int)strcspn(la, "\n"), la, (int)strcspn(lb, "\n"), lb);
	snprintf(path, sizeof(path), "%s.out", golden);
	f = fopen(path, "w");
	if (f != NULL) {
		fputs(got, f);
		fclose(f);
		fprintf(stderr, "the whole output is in %s\n", path);
	}
out:
	free(want);
	free(got);
	fclose(tmp);
	return status;
}

/**
 * spec_pfc_main - main() of a pfc test program
 *
 * Builds the spec's filter and compares its PFC with the golden file
 * named after the program (NAME.pfc in $srcdir); with -w writes the PFC
 * to stdout instead, with --specs the spec as spec_sim_main() lists its
 * filters. Returns the exit status: 0, 77 (skip) or 1.
 */
int spec_pfc_main(int argc, char *argv[], const char *const *spec)
{
	const char *base = strrchr(argv[0], '/');
	char golden[256];
	scmp_filter_ctx ctx;
	int status;

	base = base ? base + 1 : argv[0];
	/* libtool runs the real binary as lt-NAME */
	if (strncmp(base, "lt-", 3) == 0)
		base += 3;
	snprintf(golden, sizeof(golden), "%s.pfc", base);
	if (argc == 2 && strcmp(argv[1], "--specs") == 0) {
		spec_list(base, spec);
		return 0;
	}
	ctx = spec_build(spec, &status);
	if (ctx == NULL)
		return status;
	status = spec_pfc_check(ctx, golden,
				argc > 1 && strcmp(argv[1], "-w") == 0);
	seccomp_release(ctx);
	return status;
}
