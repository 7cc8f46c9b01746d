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
 * ERRNO(n), TRACE(n), LOG, NOTIFY. '#' starts a comment. Exit 0 if every
 * row matches, 1 otherwise, 77 if the program asks to skip (exit 77).
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

/* Runs the program and reads its stdout; returns its exit status or -1. */
static int run_program(const char *path, unsigned char *buf, size_t *len)
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
		execl(path, path, (char *)NULL);
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
			       -1 : 0;
	}
	nr = seccomp_syscall_resolve_name_arch(arch->token, s);
	if (nr < 0)
		return -1;
	*lo = *hi = (uint32_t)nr;
	return 0;
}

static int check_row(struct bpf_sim_prog *prog, char **tok, int cnt,
		     const char *where)
{
	const struct bpf_sim_arch *arch;
	struct seccomp_data data = { 0 };
	struct bpf_sim_result res;
	uint64_t lo, hi, nr, v;
	char got[64];
	int i, bad = 0;

	arch = bpf_sim_arch_by_name(tok[0]);
	if (arch == NULL || cnt < 3 || cnt > 9 ||
	    parse_syscall(tok[1], arch, &lo, &hi) < 0) {
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
			fprintf(stderr, "%s: nr %" PRIu64 ": got %s, want %s\n",
				where, nr, got, tok[cnt - 1]);
			if (++bad > 5)
				break;
		}
	}
	return bad ? 1 : 0;
}

int main(int argc, char *argv[])
{
	const char *program = NULL, *tests;
	char path[4096], line[1024], where[4200], *tok[16], *save;
	const struct bpf_sim_arch *arch;
	struct bpf_sim_prog prog;
	struct bpf_sim_fault fault;
	unsigned char *buf;
	unsigned int lineno = 0, rows = 0;
	int opt, status, cnt, failed = 0, loaded = 0;
	size_t len;
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

	buf = malloc(MAX_PROG);
	f = fopen(tests, "r");
	if (buf == NULL || f == NULL) {
		perror(tests);
		return 99;
	}
	status = run_program(program, buf, &len);
	if (status == 77)
		return 77;
	if (status != 0) {
		fprintf(stderr, "%s: exit status %d\n", program, status);
		return 1;
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
		if (!loaded) {
			arch = bpf_sim_arch_by_name(tok[0]);
			if (arch == NULL ||
			    bpf_sim_load_mem(&prog, buf, len, arch->big_endian) < 0 ||
			    bpf_sim_verify(&prog, &fault) != 0) {
				fprintf(stderr, "%s: not a valid filter\n", where);
				return 1;
			}
			loaded = 1;
		}
		failed |= check_row(&prog, tok, cnt, where);
		rows++;
	}
	fclose(f);
	free(buf);
	if (loaded)
		bpf_sim_free(&prog);
	if (rows == 0) {
		fprintf(stderr, "%s: no rows\n", tests);
		return 1;
	}
	printf("%u rows, %s\n", rows, failed ? "FAILED" : "ok");
	return failed;
}
