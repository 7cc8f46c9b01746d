/* SPDX-License-Identifier: LGPL-2.1-only */
/* 96-live-profile-learn: scmp_profile learn records what real programs call;
 * the compiled profile runs them, and fails them with EPERM once a recorded
 * syscall is taken out. */

/*
 * For `ls -l /`, `tar c` of a directory and a python3 that opens a
 * socket pair and writes to it from a thread:
 *  - scmp_profile learn -o P.json -- CMD succeeds, and P.json names the
 *    syscall the case is about (getdents64, socketpair, ...);
 *  - scmp_profile compile P.json, loaded with seccomp(2) in a child that
 *    then executes CMD: CMD succeeds;
 *  - the same with that one syscall taken out of P.json: CMD fails, and
 *    says "Operation not permitted" (EPERM, the learned default);
 *  - strace -f -c, where it runs, sees the same syscalls, except exit and
 *    exit_group, which never return and so are not in its summary
 *    (oci-seccomp-bpf-hook, which traces containers with eBPF, needs BCC
 *    and the running kernel's headers: not here).
 * Skips without seccomp user notification (API level 5) or a program.
 */

#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <seccomp.h>

#include "run_cmd.h"
#include "test_util.h"

#define ARGS_MAX 8

struct learn_case {
	const char *name;
	const char *argv[ARGS_MAX]; /* "@DIR", "@OUT": the case's paths */
	const char *removed;	    /* the syscall taken out */
};

static const struct learn_case cases[] = {
	{ "ls", { "ls", "-l", "/", NULL }, "getdents64" },
	{ "tar",
	  { "tar", "-c", "-f", "@OUT", "-C", "@DIR", ".", NULL },
	  "getdents64" },
	{ "python",
	  { "python3", "-c",
	    "import socket, threading\n"
	    "a, b = socket.socketpair()\n"
	    "t = threading.Thread(target=lambda: a.send(b'x'))\n"
	    "t.start(); t.join()\n"
	    "assert b.recv(1) == b'x'\n",
	    NULL },
	  "socketpair" },
};

static char tool[512], tmp[256];

static const char *env_or(const char *name, const char *fallback)
{
	const char *v = getenv(name);

	return v != NULL && *v != '\0' ? v : fallback;
}

/* The case's argv with its paths filled in. */
static void case_argv(const struct learn_case *c, char **argv, char *dir,
		      char *out)
{
	unsigned int i;

	for (i = 0; c->argv[i] != NULL; i++)
		argv[i] = strcmp(c->argv[i], "@DIR") == 0 ? dir :
			  strcmp(c->argv[i], "@OUT") == 0 ? out :
							    (char *)c->argv[i];
	argv[i] = NULL;
}

/* Runs @argv under the program in @bpf; its exit status, stderr in @err. */
static int run_filtered(const char *bpf, char *const *argv, const char *err)
{
	struct sock_fprog fprog;
	size_t len = 0;
	char *insns = read_file(bpf, &len);
	int status, fd;
	pid_t pid;

	if (insns == NULL || len == 0 || len % sizeof(struct sock_filter))
		return -1;
	fprog.len = (unsigned short)(len / sizeof(struct sock_filter));
	fprog.filter = (struct sock_filter *)insns;
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		fd = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd < 0 || dup2(fd, 2) < 0 ||
		    (fd = open("/dev/null", O_RDWR)) < 0 || dup2(fd, 1) < 0 ||
		    dup2(fd, 0) < 0)
			_exit(126);
		if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 ||
		    prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &fprog) != 0)
			_exit(125);
		execvp(argv[0], argv);
		_exit(127);
	}
	free(insns);
	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 256 + WTERMSIG(status);
}

/* The names the learned profile allows unconditionally (its entry 0). */
static json_t *learned_names(const char *path)
{
	json_t *doc = json_load_file(path, 0, NULL), *names;

	names = json_object_get(
		json_array_get(json_object_get(doc, "syscalls"), 0), "names");
	json_incref(names);
	json_decref(doc);
	return names;
}

static bool has_name(const json_t *names, const char *name)
{
	const json_t *v;
	size_t i;

	json_array_foreach(names, i, v)
		if (strcmp(json_string_value(v), name) == 0)
			return true;
	return false;
}

/* Writes @in without @name in its allowed names to @out. */
static int remove_name(const char *in, const char *out, const char *name)
{
	json_t *doc = json_load_file(in, 0, NULL), *names, *v;
	size_t i;
	int rc;

	names = json_object_get(
		json_array_get(json_object_get(doc, "syscalls"), 0), "names");
	json_array_foreach(names, i, v)
		if (strcmp(json_string_value(v), name) == 0)
			break;
	rc = json_array_remove(names, i);
	if (rc == 0)
		rc = json_dump_file(doc, out, JSON_INDENT(2));
	json_decref(doc);
	return rc;
}

static int compile(const char *json, const char *bpf)
{
	char *argv[] = {
		tool, "compile", "-o", (char *)bpf, (char *)json, NULL
	};

	return run_exit(argv, NULL, NULL);
}

/*
 * strace -f -c's syscalls against the learned ones; -1 if strace cannot
 * run here.
 */
static int compare_strace(char *const *argv, const json_t *names)
{
	char out[512], line[128];
	char *sargv[ARGS_MAX + 10];
	unsigned int n = 0, i, differ = 0;
	const json_t *v;
	json_t *seen = json_array();
	size_t k;
	FILE *f;

	snprintf(out, sizeof(out), "%s/strace.txt", tmp);
	sargv[n++] = "strace";
	sargv[n++] = "-f";
	sargv[n++] = "-qq";
	sargv[n++] = "-c";
	sargv[n++] = "-U";
	sargv[n++] = "name";
	sargv[n++] = "-o";
	sargv[n++] = out;
	for (i = 0; argv[i] != NULL; i++)
		sargv[n++] = argv[i];
	sargv[n] = NULL;
	if (run_exit(sargv, NULL, NULL) != 0 || (f = fopen(out, "r")) == NULL) {
		json_decref(seen);
		return -1;
	}
	while (fgets(line, sizeof(line), f) != NULL) {
		line[strcspn(line, " \n")] = '\0';
		if (line[0] != '\0' && line[0] != '-' &&
		    strcmp(line, "syscall") != 0 && strcmp(line, "total") != 0)
			json_array_append_new(seen, json_string(line));
	}
	fclose(f);
	json_array_foreach(seen, k, v)
		if (!has_name(names, json_string_value(v))) {
			printf("FAIL strace saw %s, learn did not\n",
			       json_string_value(v));
			differ++;
		}
	json_array_foreach(names, k, v)
		if (!has_name(seen, json_string_value(v)) &&
		    strcmp(json_string_value(v), "exit") != 0 &&
		    strcmp(json_string_value(v), "exit_group") != 0) {
			printf("FAIL learn saw %s, strace did not\n",
			       json_string_value(v));
			differ++;
		}
	printf("  strace -f -c: %zu syscalls, %u differences\n",
	       json_array_size(seen), differ);
	json_decref(seen);
	return (int)differ;
}

static void check_case(const struct learn_case *c)
{
	char dir[512], out[512], json[512], minus[512], bpf[512], err[512];
	char *argv[ARGS_MAX], *lsargv[ARGS_MAX + 6], *text;
	json_t *names;
	unsigned int i, n = 0;
	int rc;

	snprintf(dir, sizeof(dir), "%s/dir", tmp);
	snprintf(out, sizeof(out), "%s/out.tar", tmp);
	snprintf(json, sizeof(json), "%s/%s.json", tmp, c->name);
	snprintf(minus, sizeof(minus), "%s/%s-minus.json", tmp, c->name);
	snprintf(bpf, sizeof(bpf), "%s/%s.bpf", tmp, c->name);
	snprintf(err, sizeof(err), "%s/%s.err", tmp, c->name);
	case_argv(c, argv, dir, out);

	lsargv[n++] = tool;
	lsargv[n++] = "learn";
	lsargv[n++] = "-o";
	lsargv[n++] = json;
	lsargv[n++] = "--";
	for (i = 0; argv[i] != NULL; i++)
		lsargv[n++] = argv[i];
	lsargv[n] = NULL;
	rc = run_exit(lsargv, NULL, err);
	if (rc != 0) {
		printf("FAIL %s: learn exited with %d\n", c->name, rc);
		test_failures++;
		return;
	}
	names = learned_names(json);
	printf("%s: %zu syscalls learned\n", c->name, json_array_size(names));
	EXPECT(has_name(names, c->removed), 1);
	EXPECT(has_name(names, "execve"), 1);

	EXPECT(compile(json, bpf), 0);
	EXPECT(run_filtered(bpf, argv, err), 0);

	EXPECT(remove_name(json, minus, c->removed), 0);
	EXPECT(compile(minus, bpf), 0);
	rc = run_filtered(bpf, argv, err);
	text = read_file(err, NULL);
	if (rc == 0 || text == NULL ||
	    strstr(text, "Operation not permitted") == NULL) {
		printf("FAIL %s without %s: exit %d, stderr: %s\n", c->name,
		       c->removed, rc, text != NULL ? text : "(none)");
		test_failures++;
	}
	free(text);

	rc = compare_strace(argv, names);
	if (rc < 0)
		printf("  strace -f -c did not run here: not compared\n");
	else if (rc > 0)
		test_failures++;
	json_decref(names);
}

static bool have_program(const char *name)
{
	char *argv[] = { "sh", "-c", NULL, NULL };
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "command -v %s", name);
	argv[2] = cmd;
	return run_exit(argv, NULL, NULL) == 0;
}

int main(void)
{
	char path[512];
	unsigned int i;
	FILE *f;

	snprintf(tool, sizeof(tool), "%s/tools/scmp_profile",
		 env_or("top_builddir", ".."));
	if (seccomp_api_get() < 5) {
		fprintf(stderr, "skipped: no seccomp user notification here\n");
		return 77;
	}
	snprintf(tmp, sizeof(tmp), "%s/profile-learn.XXXXXX",
		 env_or("TMPDIR", "/tmp"));
	if (mkdtemp(tmp) == NULL)
		return 1;
	/* what tar archives */
	snprintf(path, sizeof(path), "%s/dir", tmp);
	mkdir(path, 0755);
	for (i = 0; i < 3; i++) {
		snprintf(path, sizeof(path), "%s/dir/file%u", tmp, i);
		f = fopen(path, "w");
		if (f != NULL) {
			fprintf(f, "file %u\n", i);
			fclose(f);
		}
	}
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		if (!have_program(cases[i].argv[0])) {
			printf("skipped %s: no %s\n", cases[i].name,
			       cases[i].argv[0]);
			continue;
		}
		check_case(&cases[i]);
	}
	snprintf(path, sizeof(path), "rm -rf '%s'", tmp);
	if (system(path) != 0)
		printf("note: %s left behind\n", tmp);
	return test_result();
}
