/* SPDX-License-Identifier: LGPL-2.1-only */
/* sim-check: run a filter program's exported BPF against a .tests data table. */

/*
 * usage: sim-check [-p PROGRAM] TESTS_FILE
 *
 * Runs PROGRAM (default: the TESTS_FILE's name without ".tests", in the
 * current directory), which builds a filter through the public API and
 * writes the BPF to stdout, then evaluates every row of TESTS_FILE in the
 * independent simulator (tools/bpf_sim.c). A row is
 *
 *	ARCH  SYSCALL  [ARG0 .. ARG5]  RESULT
 *
 * ARCH is a seccomp arch name; SYSCALL a name (resolved on ARCH), a number
 * or a range "LO-HI" of numbers; missing arguments are 0; RESULT is an
 * action as the simulator prints it: ALLOW, KILL, KILL_PROCESS, TRAP,
 * TRAP(n), ERRNO(n), TRACE(n), LOG, NOTIFY. '#' starts a comment. Exit 0 if every
 * row matches, 1 otherwise, 77 if the program asks to skip (exit 77).
 *
 * ARCH may be a comma-separated list: the row is checked on each. A line
 *
 *	@run [WORD ..]
 *
 * runs PROGRAM with the WORDs as arguments; the rows after it are checked
 * against its filter (without any @run, PROGRAM runs once without
 * arguments). "@also [WORD ..]" adds one more filter to those of the last
 * @run: a row is then checked against every filter that tests its ARCH,
 * or against all of them if none does. A filter's byte order is the one
 * in which it is a valid program (the row's ARCH decides if both are).
 */

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <seccomp.h>

#include "bpf_sim.h"

#define MAX_PROG (64 * 1024 * 8)
/* Most filters checked at once, and arch tokens one filter tests. */
#define MAX_FILTERS 32
#define MAX_TOKENS 32

/* One program output: its bytes, loaded once its byte order is known. */
struct filter {
	unsigned char *buf;
	size_t len;
	struct bpf_sim_prog prog;
	int loaded;
	uint32_t tokens[MAX_TOKENS];
	int token_cnt;
};

/* Runs the program and reads its stdout; returns its exit status or -1. */
static int run_program(char *const argv[], unsigned char *buf, size_t *len)
{
	int fds[2], status;
	ssize_t n;
	pid_t pid;

	if (pipe(fds) < 0)
		return -1;
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		dup2(fds[1], STDOUT_FILENO);
		close(fds[0]);
		close(fds[1]);
		execv(argv[0], argv);
		_exit(127);
	}
	close(fds[1]);
	*len = 0;
	while ((n = read(fds[0], buf + *len, MAX_PROG - *len)) > 0)
		*len += (size_t)n;
	close(fds[0]);
	if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

/* Whether the bytes are a valid filter in one byte order. */
static int valid_as(const struct filter *f, int big_endian)
{
	struct bpf_sim_prog prog;
	struct bpf_sim_fault fault;
	int ok;

	if (bpf_sim_load_mem(&prog, f->buf, f->len, big_endian) < 0)
		return 0;
	ok = bpf_sim_verify(&prog, &fault) == 0;
	bpf_sim_free(&prog);
	return ok;
}

/*
 * Loads a filter in the byte order that makes it valid; @hint decides
 * when both do. Returns 0 or -1.
 */
static int filter_load(struct filter *f, int hint)
{
	int le = valid_as(f, 0), be = valid_as(f, 1);

	if (!le && !be)
		return -1;
	if (bpf_sim_load_mem(&f->prog, f->buf, f->len, le && be ? hint : be) <
	    0)
		return -1;
	f->token_cnt = bpf_sim_arch_tokens(&f->prog, f->tokens, MAX_TOKENS);
	if (f->token_cnt > MAX_TOKENS)
		f->token_cnt = MAX_TOKENS;
	f->loaded = 1;
	return 0;
}

/* Runs the program with @args and keeps its output as a new filter. */
static int filter_add(struct filter *filters, int *cnt, const char *program,
		      char **args, int arg_cnt)
{
	char *argv[16];
	struct filter *f;
	int i, status;

	if (*cnt == MAX_FILTERS || arg_cnt > 14) {
		fprintf(stderr, "%s: too many filters or arguments\n", program);
		return 1;
	}
	f = &filters[*cnt];
	memset(f, 0, sizeof(*f));
	f->buf = malloc(MAX_PROG);
	if (f->buf == NULL)
		return 99;
	argv[0] = (char *)program;
	for (i = 0; i < arg_cnt; i++)
		argv[i + 1] = args[i];
	argv[arg_cnt + 1] = NULL;
	status = run_program(argv, f->buf, &f->len);
	if (status != 0) {
		free(f->buf);
		if (status == 77)
			return 77;
		fprintf(stderr, "%s: exit status %d\n", program, status);
		return 1;
	}
	(*cnt)++;
	return 0;
}

static int parse_u64(const char *s, uint64_t *v)
{
	char *end;

	errno = 0;
	if (s[0] == '-')
		*v = (uint64_t)strtoll(s, &end, 0);
	else
		*v = strtoull(s, &end, 0);
	return errno == 0 && *end == '\0' && end != s ? 0 : -1;
}

/* The syscall column: a name, a number or a range. */
static int parse_syscall(const char *s, const struct bpf_sim_arch *arch,
			 uint64_t *lo, uint64_t *hi)
{
	const char *dash = strchr(s + 1, '-');
	char first[64];
	int nr;

	if ((s[0] >= '0' && s[0] <= '9') || s[0] == '-') {
		if (dash == NULL) {
			if (parse_u64(s, lo) < 0)
				return -1;
			*hi = *lo;
			return 0;
		}
		if ((size_t)(dash - s) >= sizeof(first))
			return -1;
		memcpy(first, s, (size_t)(dash - s));
		first[dash - s] = '\0';
		return parse_u64(first, lo) < 0 || parse_u64(dash + 1, hi) < 0 ?
			       -1 :
			       0;
	}
	nr = seccomp_syscall_resolve_name_arch(arch->token, s);
	if (nr < 0)
		return -1;
	*lo = *hi = (uint32_t)nr;
	return 0;
}

static void filters_free(struct filter *filters, int *cnt)
{
	int i;

	for (i = 0; i < *cnt; i++) {
		if (filters[i].loaded)
			bpf_sim_free(&filters[i].prog);
		free(filters[i].buf);
	}
	*cnt = 0;
}

/* One row on one ABI against one filter. */
static int check_arch(struct bpf_sim_prog *prog,
		      const struct bpf_sim_arch *arch, char **tok, int cnt,
		      const char *where)
{
	struct seccomp_data data = { 0 };
	struct bpf_sim_result res;
	uint64_t lo, hi, nr, v;
	char got[64];
	int i, bad = 0;

	if (cnt < 3 || cnt > 9 || parse_syscall(tok[1], arch, &lo, &hi) < 0) {
		fprintf(stderr, "%s: bad row\n", where);
		return 1;
	}
	data.arch = arch->data_arch;
	for (i = 2; i < cnt - 1; i++) {
		if (parse_u64(tok[i], &v) < 0) {
			fprintf(stderr, "%s: bad argument %s\n", where, tok[i]);
			return 1;
		}
		data.args[i - 2] = v;
	}
	for (nr = lo; nr <= hi; nr++) {
		data.nr = (int)(uint32_t)nr;
		if (bpf_sim_run(prog, &data, &res) < 0) {
			fprintf(stderr, "%s: the program faults\n", where);
			return 1;
		}
		bpf_sim_action_str(res.action, got, sizeof(got));
		if (strcmp(got, tok[cnt - 1]) != 0) {
			fprintf(stderr,
				"%s: %s nr %" PRIu64 ": got %s, want %s\n",
				where, arch->name, nr, got, tok[cnt - 1]);
			if (++bad > 5)
				break;
		}
	}
	return bad ? 1 : 0;
}

/* Whether a filter tests an ABI's seccomp_data.arch value. */
static int filter_has(const struct filter *f, const struct bpf_sim_arch *arch)
{
	int i;

	for (i = 0; i < f->token_cnt; i++)
		if (f->tokens[i] == arch->data_arch)
			return 1;
	return 0;
}

/* A row: on each of its ABIs, against the filters that test the ABI. */
static int check_row(struct filter *filters, int filter_cnt, char **tok,
		     int cnt, const char *where)
{
	const struct bpf_sim_arch *arch;
	char names[256], *name, *save;
	int i, any, failed = 0;

	snprintf(names, sizeof(names), "%s", tok[0]);
	for (name = strtok_r(names, ",", &save); name != NULL;
	     name = strtok_r(NULL, ",", &save)) {
		arch = bpf_sim_arch_by_name(name);
		if (arch == NULL) {
			fprintf(stderr, "%s: unknown arch %s\n", where, name);
			return 1;
		}
		for (i = 0, any = 0; i < filter_cnt; i++)
			any |= filter_has(&filters[i], arch);
		for (i = 0; i < filter_cnt; i++)
			if (!any || filter_has(&filters[i], arch))
				failed |= check_arch(&filters[i].prog, arch,
						     tok, cnt, where);
	}
	return failed;
}

int main(int argc, char *argv[])
{
	const char *program = NULL, *tests;
	char path[4096], line[1024], where[4200], first[64], *tok[16], *save;
	const struct bpf_sim_arch *arch;
	struct filter filters[MAX_FILTERS];
	unsigned int lineno = 0, rows = 0;
	int opt, cnt, i, rc, failed = 0, filter_cnt = 0;
	FILE *f;

	while ((opt = getopt(argc, argv, "p:")) != -1) {
		if (opt != 'p')
			return 99;
		program = optarg;
	}
	if (optind != argc - 1) {
		fprintf(stderr, "usage: %s [-p PROGRAM] TESTS_FILE\n", argv[0]);
		return 99;
	}
	tests = argv[optind];
	if (program == NULL) {
		const char *base = strrchr(tests, '/');

		base = base ? base + 1 : tests;
		snprintf(path, sizeof(path), "./%.*s", (int)strcspn(base, "."),
			 base);
		program = path;
	}

	f = fopen(tests, "r");
	if (f == NULL) {
		perror(tests);
		return 99;
	}
	while (fgets(line, sizeof(line), f) != NULL) {
		lineno++;
		line[strcspn(line, "#\n")] = '\0';
		cnt = 0;
		for (tok[cnt] = strtok_r(line, " \t", &save);
		     tok[cnt] != NULL && cnt < 15;
		     tok[++cnt] = strtok_r(NULL, " \t", &save))
			;
		if (cnt == 0)
			continue;
		snprintf(where, sizeof(where), "%s:%u", tests, lineno);
		if (tok[0][0] == '@' && strcmp(tok[0], "@run") != 0 &&
		    strcmp(tok[0], "@also") != 0) {
			fprintf(stderr, "%s: unknown %s\n", where, tok[0]);
			return 1;
		}
		if (strcmp(tok[0], "@run") == 0)
			filters_free(filters, &filter_cnt);
		if (tok[0][0] == '@' || filter_cnt == 0) {
			rc = tok[0][0] == '@' ?
				     filter_add(filters, &filter_cnt, program,
						tok + 1, cnt - 1) :
				     filter_add(filters, &filter_cnt, program,
						NULL, 0);
			if (rc != 0)
				return rc;
		}
		if (tok[0][0] == '@')
			continue;
		/* filters not loaded yet take the byte order of this row's ABI */
		snprintf(first, sizeof(first), "%.*s",
			 (int)strcspn(tok[0], ","), tok[0]);
		arch = bpf_sim_arch_by_name(first);
		for (i = 0; i < filter_cnt; i++) {
			if (filters[i].loaded)
				continue;
			if (filter_load(&filters[i],
					arch != NULL && arch->big_endian) < 0) {
				fprintf(stderr, "%s: not a valid filter\n",
					where);
				return 1;
			}
		}
		failed |= check_row(filters, filter_cnt, tok, cnt, where);
		rows++;
	}
	fclose(f);
	filters_free(filters, &filter_cnt);
	if (rows == 0) {
		fprintf(stderr, "%s: no rows\n", tests);
		return 1;
	}
	printf("%u rows, %s\n", rows, failed ? "FAILED" : "ok");
	return failed;
}
