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
 * A command that cannot run (not found, not executable) or that a signal
 * ends gives no profile: learn exits 127, 126 or 128 + N and an older
 * file is left as it was; one that exits 3 gives a profile, a warning and
 * exit status 3. --for adds what runc and crun call after the load
 * (runc,crun by default, nothing with none); compile --for runc fails
 * the numbers above the largest named syscall with ENOSYS, as runc 1.1.5
 * does, and --for crun ignores the profile's kvermax, as crun does (x86_64
 * only: the numbers are x86_64's). Bad values of --for exit with 2.
 * Where runc (and crun) can run a container here (root, a static busybox
 * for its root file system), a profile learned from busybox true starts
 * the container with --for for that runtime, and fails it with --for
 * none (runc 1.1.5 and crun 1.8.1 call fstatfs, close, ... after they
 * load the filter).
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
#include <sys/syscall.h>
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
	    "assert b.recv(1) == b'x'\n"
	    /* learns write(2), without which the traceback is lost */
	    "print('ok')\n",
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
 * Calls one run of the same command makes and the next may not: glibc's
 * malloc trims with madvise(2) and threads wait on futex(2) depending on
 * timing, so under load the two runs need not agree on them.
 */
static bool timing_dependent(const char *name)
{
	return strcmp(name, "madvise") == 0 || strcmp(name, "futex") == 0 ||
	       strcmp(name, "sched_yield") == 0;
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
		if (!has_name(names, json_string_value(v)) &&
		    !timing_dependent(json_string_value(v))) {
			printf("FAIL strace saw %s, learn did not\n",
			       json_string_value(v));
			differ++;
		}
	json_array_foreach(names, k, v)
		if (!has_name(seen, json_string_value(v)) &&
		    strcmp(json_string_value(v), "exit") != 0 &&
		    strcmp(json_string_value(v), "exit_group") != 0 &&
		    !timing_dependent(json_string_value(v))) {
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
	char *argv[ARGS_MAX], *lsargv[ARGS_MAX + 7], *text;
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
	/* strace sees the command alone */
	lsargv[n++] = "--for=none";
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

/* Runs scmp_profile with @args (NULL-ended, at most 8); its exit status. */
static int tool_run(const char *const *args, const char *err)
{
	char *argv[10];
	unsigned int i;

	argv[0] = tool;
	for (i = 0; args[i] != NULL && i < 8; i++)
		argv[i + 1] = (char *)args[i];
	argv[i + 1] = NULL;
	return run_exit(argv, NULL, err);
}

/* Whether @path holds exactly @text. */
static bool file_is(const char *path, const char *text)
{
	char *got = read_file(path, NULL);
	bool same = got != NULL && strcmp(got, text) == 0;

	free(got);
	return same;
}

static bool file_has(const char *path, const char *text)
{
	char *got = read_file(path, NULL);
	bool has = got != NULL && strstr(got, text) != NULL;

	free(got);
	return has;
}

/*
 * An output that cannot be written (no such directory, a directory) is
 * refused before the command runs: it leaves no mark.
 */
static void check_unwritable(const char *err)
{
	char mark[512], cmd[600], nodir[512];
	const char *args[] = {
		"learn", "-o", nodir, "--", "sh", "-c", cmd, NULL
	};

	snprintf(mark, sizeof(mark), "%s/ran", tmp);
	snprintf(cmd, sizeof(cmd), "touch '%s'", mark);
	snprintf(nodir, sizeof(nodir), "%s/no/such/x.json", tmp);
	EXPECT(tool_run(args, err), 1);
	EXPECT(file_has(err, "cannot write"), 1);
	EXPECT(access(mark, F_OK), -1);
	args[2] = tmp;
	EXPECT(tool_run(args, err), 1);
	EXPECT(file_has(err, "Is a directory"), 1);
	EXPECT(access(mark, F_OK), -1);
}

/* A run that cannot give a profile, and one that exits non-zero. */
static void check_failures(void)
{
	char json[512], err[512], noexec[512];
	static const char keep[] = "an older profile\n";
	struct {
		const char *what;
		const char *cmd[4];
		int status;
	} rows[] = {
		{ "not found", { "scmp-no-such-command", NULL }, 127 },
		{ "not executable", { noexec, NULL }, 126 },
		{ "killed", { "sh", "-c", "kill -TERM $$", NULL }, 128 + 15 },
	};
	const char *args[10];
	unsigned int i, k;
	json_t *names;
	FILE *f;
	int rc;

	snprintf(json, sizeof(json), "%s/fail.json", tmp);
	snprintf(err, sizeof(err), "%s/fail.err", tmp);
	snprintf(noexec, sizeof(noexec), "%s/noexec", tmp);
	f = fopen(noexec, "w");
	if (f != NULL)
		fclose(f);
	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		f = fopen(json, "w");
		if (f == NULL || fputs(keep, f) < 0 || fclose(f) != 0)
			return;
		args[0] = "learn";
		args[1] = "-o";
		args[2] = json;
		args[3] = "--";
		for (k = 0; rows[i].cmd[k] != NULL; k++)
			args[4 + k] = rows[i].cmd[k];
		args[4 + k] = NULL;
		rc = tool_run(args, err);
		if (rc != rows[i].status || !file_is(json, keep) ||
		    !file_has(err, "no profile written")) {
			printf("FAIL learn, command %s: exit %d (want %d),"
			       " %s\n",
			       rows[i].what, rc, rows[i].status,
			       file_is(json, keep) ? "file kept" :
						     "file changed");
			test_failures++;
		}
	}
	args[0] = "learn";
	args[1] = "-o";
	args[2] = json;
	args[3] = "--";
	args[4] = "sh";
	args[5] = "-c";
	args[6] = "exit 3";
	args[7] = NULL;
	EXPECT(tool_run(args, err), 3);
	EXPECT(file_has(err, "warning: sh exited with status 3"), 1);
	names = learned_names(json);
	EXPECT(has_name(names, "execve"), 1);
	json_decref(names);
	check_unwritable(err);
	printf("learn: commands that cannot run, killed, exit 3, an output"
	       " it cannot write: checked\n");
}

/* learn --for: what each runtime adds. */
static void check_for_learn(void)
{
	static const struct {
		const char *opt;
		bool runc, crun;
	} rows[] = {
		{ NULL, true, true },
		{ "--for=none", false, false },
		{ "--for=runc", true, false },
		{ "--for=crun", false, true },
		{ "--for=crun,runc", true, true },
	};
	static const char *const bad[] = { "--for=", "--for=docker",
					   "--for=runc,", "--for=none,runc" };
	char json[512], err[512];
	const char *args[8];
	unsigned int i, n;
	json_t *names;

	snprintf(json, sizeof(json), "%s/for.json", tmp);
	snprintf(err, sizeof(err), "%s/for.err", tmp);
	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		n = 0;
		args[n++] = "learn";
		args[n++] = "-o";
		args[n++] = json;
		if (rows[i].opt != NULL)
			args[n++] = rows[i].opt;
		args[n++] = "--";
		args[n++] = "true";
		args[n] = NULL;
		unlink(json);
		EXPECT(tool_run(args, err), 0);
		names = learned_names(json);
		/* true calls none of these itself */
		EXPECT(has_name(names, "fstatfs"), rows[i].runc);
		EXPECT(has_name(names, "getdents64"), rows[i].runc);
		EXPECT(has_name(names, "setresuid"), rows[i].crun);
		EXPECT(has_name(names, "rt_sigprocmask"), rows[i].crun);
		EXPECT(has_name(names, "execve"), 1);
		json_decref(names);
	}
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		args[0] = "learn";
		args[1] = "-o";
		args[2] = json;
		args[3] = bad[i];
		args[4] = "--";
		args[5] = "true";
		args[6] = NULL;
		unlink(json);
		EXPECT(tool_run(args, err), 2);
		EXPECT(access(json, F_OK), -1);
	}
	printf("learn --for: checked\n");
}

/* An x86 (i386) syscall from this x86_64 process: -errno or its result. */
static long x86_syscall(int nr)
{
	int ret = -ENOSYS;

#ifdef __x86_64__
	__asm__ volatile("int $0x80"
			 : "=a"(ret)
			 : "a"(nr), "b"(0), "c"(0), "d"(0), "S"(0), "D"(0)
			 : "memory");
#endif
	return ret;
}

/* Whether this kernel runs x86 syscalls (IA32 emulation can be off). */
static bool have_x86(void)
{
	int status;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid == 0)
		_exit(x86_syscall(64) == getppid() ? 0 : 1);
	return pid > 0 && waitpid(pid, &status, 0) == pid &&
	       WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

/*
 * The errno syscall @nr (zero arguments; X86_BIT: x86's syscall @nr)
 * gets under the program in @bpf; 0 if it succeeds, -1 if the test could
 * not tell.
 */
#define X86_BIT 0x1000000

static int errno_under(const char *bpf, int nr)
{
	struct sock_fprog fprog;
	size_t len = 0;
	char *insns = read_file(bpf, &len);
	int status;
	long r;
	pid_t pid;

	if (insns == NULL || len == 0 || len % sizeof(struct sock_filter)) {
		free(insns);
		return -1;
	}
	fprog.len = (unsigned short)(len / sizeof(struct sock_filter));
	fprog.filter = (struct sock_filter *)insns;
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 ||
		    prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &fprog) != 0)
			_exit(255);
		/*
		 * exit_group directly: the sanitizers' _exit() checks for
		 * leaks first, with calls the filter refuses.
		 */
		if (nr & X86_BIT) {
			r = x86_syscall(nr & ~X86_BIT);
			syscall(SYS_exit_group,
				r < 0 && r > -4096 ? (int)-r : 0);
		}
		r = syscall(nr, 0, 0, 0, 0, 0, 0);
		syscall(SYS_exit_group, r < 0 ? errno : 0);
	}
	free(insns);
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status) == 255 ? -1 : WEXITSTATUS(status);
}

/*
 * compile --for on x86_64: getppid (110), exit_group (231) and faccessat2
 * (439, the largest) allowed, default EPERM, "kvermax" 5.0. The verdicts
 * runc 1.1.5 and crun 1.8.1 gave for such a profile (see the man page):
 * runc ENOSYS above 439, EPERM below it, also for 435 (clone3, 5.3);
 * crun EPERM for all; without --for, kvermax 5.0 gives ENOSYS to clone3
 * and above the table. Then x86_64 and x86, rseq the largest named (334,
 * 386): runc gave x86's clock_gettime64 (403, x86 only) ENOSYS, and
 * semget (393) too, where compile --for runc leaves the default action
 * (x86 reaches semget also through ipc(2), see the man page).
 */
static void check_for_compile(void)
{
	static const char profile[] =
		"{ \"defaultAction\": \"SCMP_ACT_ERRNO\",\n"
		"  \"architectures\": [ \"SCMP_ARCH_X86_64\" ],\n"
		"  \"kvermax\": \"5.0\",\n"
		"  \"syscalls\": [ { \"names\": [ \"getppid\","
		" \"exit_group\", \"faccessat2\" ],\n"
		"    \"action\": \"SCMP_ACT_ALLOW\" } ] }\n";
	static const struct {
		int nr, plain, runc, crun;
	} rows[] = {
		{ 110, 0, 0, 0 },
		{ 333, EPERM, EPERM, EPERM },	/* io_pgetevents, 4.18 */
		{ 435, ENOSYS, EPERM, EPERM },	/* clone3, 5.3 */
		{ 440, ENOSYS, ENOSYS, EPERM }, /* process_madvise */
		{ 449, ENOSYS, ENOSYS, EPERM }, /* futex_waitv */
		{ 1000, ENOSYS, ENOSYS, EPERM },
		{ 100000, ENOSYS, ENOSYS, EPERM },
	};
	static const char profile2[] =
		"{ \"defaultAction\": \"SCMP_ACT_ERRNO\",\n"
		"  \"architectures\": [ \"SCMP_ARCH_X86_64\","
		" \"SCMP_ARCH_X86\" ],\n"
		"  \"syscalls\": [ { \"names\": [ \"getppid\","
		" \"exit_group\", \"rseq\" ],\n"
		"    \"action\": \"SCMP_ACT_ALLOW\" } ] }\n";
	static const struct {
		int nr, runc;
	} rows2[] = {
		{ 110, 0 },
		{ 333, EPERM },
		{ 337, ENOSYS }, /* a hole above the largest */
		{ 424, ENOSYS },
		{ X86_BIT | 64, 0 }, /* getppid */
		{ X86_BIT | 385, EPERM },
		{ X86_BIT | 387, ENOSYS },
		{ X86_BIT | 393, EPERM }, /* runc: ENOSYS */
		{ X86_BIT | 403, ENOSYS },
		{ X86_BIT | 1000, ENOSYS },
	};
	static const char *const bad[][3] = {
		{ "--for=docker", NULL },
		{ "--for=runc,crun", NULL },
		{ "--for=runc", "--kvermax=5.0", NULL },
	};
	char json[512], bpf[3][512], err[512];
	const char *args[8];
	unsigned int i, k;
	FILE *f;

	if (seccomp_arch_native() != SCMP_ARCH_X86_64) {
		printf("compile --for: not x86_64, not checked\n");
		return;
	}
	snprintf(json, sizeof(json), "%s/for-compile.json", tmp);
	snprintf(err, sizeof(err), "%s/for-compile.err", tmp);
	f = fopen(json, "w");
	if (f == NULL || fputs(profile, f) < 0 || fclose(f) != 0)
		return;
	for (k = 0; k < 3; k++) {
		snprintf(bpf[k], sizeof(bpf[k]), "%s/for%u.bpf", tmp, k);
		args[0] = "compile";
		args[1] = "-o";
		args[2] = bpf[k];
		args[3] = k == 0 ? "--for=none" :
			  k == 1 ? "--for=runc" :
				   "--for=crun";
		args[4] = json;
		args[5] = NULL;
		EXPECT(tool_run(args, err), 0);
	}
	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		EXPECT(errno_under(bpf[0], rows[i].nr), rows[i].plain);
		EXPECT(errno_under(bpf[1], rows[i].nr), rows[i].runc);
		EXPECT(errno_under(bpf[2], rows[i].nr), rows[i].crun);
	}
	f = fopen(json, "w");
	if (f == NULL || fputs(profile2, f) < 0 || fclose(f) != 0)
		return;
	if (!have_x86())
		printf("compile --for runc: no x86 syscalls here, x86 rows not"
		       " checked\n");
	args[0] = "compile";
	args[1] = "-o";
	args[2] = bpf[1];
	args[3] = "--for=runc";
	args[4] = json;
	args[5] = NULL;
	EXPECT(tool_run(args, err), 0);
	for (i = 0; i < sizeof(rows2) / sizeof(rows2[0]); i++)
		if (!(rows2[i].nr & X86_BIT) || have_x86())
			EXPECT(errno_under(bpf[1], rows2[i].nr), rows2[i].runc);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		args[0] = "compile";
		args[1] = "-o";
		args[2] = bpf[0];
		for (k = 0; bad[i][k] != NULL; k++)
			args[3 + k] = bad[i][k];
		args[3 + k] = json;
		args[4 + k] = NULL;
		unlink(bpf[0]);
		EXPECT(tool_run(args, err), 2);
		EXPECT(access(bpf[0], F_OK), -1);
	}
	printf("compile --for: checked\n");
}

/*
 * The bundle for runtime checks: a root file system with a static
 * busybox, and @runtime's default config.json running "busybox true" under
 * @profile (NULL: no seccomp).
 */
static int bundle(const char *runtime, const char *dir, const char *profile)
{
	char path[600], rootfs[600];
	char *spec[] = { (char *)runtime, "spec", "--bundle", (char *)dir,
			 NULL };
	json_t *c, *proc, *args, *seccomp = NULL;
	int rc;

	snprintf(path, sizeof(path), "%s/config.json", dir);
	unlink(path);
	if (run_exit(spec, NULL, NULL) != 0)
		return -1;
	c = json_load_file(path, 0, NULL);
	if (profile != NULL)
		seccomp = json_load_file(profile, 0, NULL);
	proc = json_object_get(c, "process");
	args = json_array();
	json_array_append_new(args, json_string("/busybox"));
	json_array_append_new(args, json_string("true"));
	json_object_set_new(proc, "args", args);
	json_object_set_new(proc, "terminal", json_false());
	if (seccomp != NULL)
		json_object_set_new(json_object_get(c, "linux"), "seccomp",
				    seccomp);
	snprintf(rootfs, sizeof(rootfs), "%s/rootfs", dir);
	json_object_set_new(json_object_get(c, "root"), "path",
			    json_string(rootfs));
	rc = json_dump_file(c, path, JSON_INDENT(1));
	json_decref(c);
	return rc;
}

/* Runs the bundle in @runtime; its exit status, stderr in @err. */
static int run_container(const char *runtime, const char *dir, const char *err)
{
	char id[64];
	char *del[] = { (char *)runtime, "delete", "-f", id, NULL };
	char *run[] = { (char *)runtime, "run", "--bundle",
			(char *)dir,	 id,	NULL };
	int rc;

	snprintf(id, sizeof(id), "scmp-learn-%d", (int)getpid());
	rc = run_exit(run, NULL, err);
	run_exit(del, NULL, NULL);
	return rc;
}

static void check_runtime(const char *runtime, const char *busybox)
{
	char dir[512], path[700], with[512], none[512], err[512], opt[32];
	char *cp[] = { "cp", (char *)busybox, path, NULL };
	const char *args[8];
	int rc;

	snprintf(dir, sizeof(dir), "%s/bundle-%s", tmp, runtime);
	snprintf(path, sizeof(path), "%s/rootfs", dir);
	mkdir(dir, 0755);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/rootfs/busybox", dir);
	snprintf(with, sizeof(with), "%s/%s.json", tmp, runtime);
	snprintf(none, sizeof(none), "%s/%s-none.json", tmp, runtime);
	snprintf(err, sizeof(err), "%s/%s.err", tmp, runtime);
	snprintf(opt, sizeof(opt), "--for=%s", runtime);
	if (run_exit(cp, NULL, NULL) != 0 || bundle(runtime, dir, NULL) != 0 ||
	    run_container(runtime, dir, err) != 0) {
		printf("skipped %s: it cannot run a container here\n", runtime);
		return;
	}
	args[0] = "learn";
	args[1] = "-o";
	args[2] = with;
	args[3] = opt;
	args[4] = "--";
	args[5] = busybox;
	args[6] = "true";
	args[7] = NULL;
	EXPECT(tool_run(args, err), 0);
	args[2] = none;
	args[3] = "--for=none";
	EXPECT(tool_run(args, err), 0);
	EXPECT(bundle(runtime, dir, with), 0);
	rc = run_container(runtime, dir, err);
	if (rc != 0) {
		printf("FAIL %s: the container under a profile learned with"
		       " %s exited with %d\n",
		       runtime, opt, rc);
		test_failures++;
	}
	EXPECT(bundle(runtime, dir, none), 0);
	rc = run_container(runtime, dir, err);
	/* crun starts a container with noNewPrivileges under the bare
	 * profile: it calls only close and execve after the load */
	if (strcmp(runtime, "runc") == 0 && rc == 0) {
		printf("FAIL runc: the container under a profile learned"
		       " with --for=none started\n");
		test_failures++;
	}
	printf("%s: a learned profile starts a container with %s%s\n", runtime,
	       opt,
	       strcmp(runtime, "runc") == 0 ? ", not with --for=none" : "");
}

/* A busybox that runs without a dynamic linker, or NULL. */
static const char *static_busybox(void)
{
	static const char *const where[] = { "/bin/busybox",
					     "/usr/bin/busybox" };
	char *argv[] = { "sh", "-c", NULL, NULL };
	char cmd[256];
	unsigned int i;

	for (i = 0; i < sizeof(where) / sizeof(where[0]); i++) {
		snprintf(cmd, sizeof(cmd),
			 "test -x %s && ! ldd %s >/dev/null 2>&1", where[i],
			 where[i]);
		argv[2] = cmd;
		if (run_exit(argv, NULL, NULL) == 0)
			return where[i];
	}
	return NULL;
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
	check_failures();
	check_for_learn();
	check_for_compile();
	if (geteuid() != 0)
		printf("skipped runc, crun: not root\n");
	else if (static_busybox() == NULL)
		printf("skipped runc, crun: no static busybox"
		       " (busybox-static)\n");
	for (i = 0; geteuid() == 0 && static_busybox() != NULL && i < 2; i++) {
		if (!have_program(i == 0 ? "runc" : "crun"))
			printf("skipped %s: not installed\n",
			       i == 0 ? "runc" : "crun");
		else
			check_runtime(i == 0 ? "runc" : "crun",
				      static_busybox());
	}
	snprintf(path, sizeof(path), "rm -rf '%s'", tmp);
	if (system(path) != 0)
		printf("note: %s left behind\n", tmp);
	return test_result();
}
