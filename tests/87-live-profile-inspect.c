/* SPDX-License-Identifier: LGPL-2.1-only */
/* 87-live-profile-inspect: scmp_profile inspect on processes with 0, 1, 2
 * and 5 stacked filters, known answers; and every way it can be refused. */

/*
 * A child installs its filters, says so on a pipe and waits; the test
 * runs `scmp_profile inspect --json PID` and checks, on x86_64, the
 * effective action of a few syscalls, the filter that decides it, which
 * syscalls depend on their arguments, the action cache and each filter's
 * flags. The filters, in the order installed (the kernel's index):
 *
 *   0  this library: uname ERRNO(11), getppid ERRNO(12), write with
 *      a0 == 1000 ERRNO(13), else ALLOW
 *   1  Debian's libseccomp (dlmopen()ed), with SCMP_FLTATR_CTL_LOG:
 *      uname ERRNO(21), getppid TRAP, else ALLOW
 *   2  by hand: getpgrp KILL_PROCESS, else ALLOW
 *   3  by hand, SECCOMP_FILTER_FLAG_LOG: uname LOG, getpgrp and
 *      sethostname ERRNO(31), else ALLOW
 *   4  this library: sethostname ERRNO(41), else ALLOW
 *
 * The stacks of 1, 2 and 5 are the first 1, 2 and 5 of them. Expected: the
 * lowest action wins, the newer filter on a tie (uname: ERRNO(21) from
 * 1, not ERRNO(11) from 0, not LOG; sethostname ERRNO(41) from 4).
 * --profile with a profile equal to filter 0 proves them equivalent
 * (exit 0); one errno changed gives that difference (exit 3). A process
 * under the program compile --for runc builds is equivalent to its
 * profile with --for runc only.
 *
 * A process in strict mode: mode "strict", no filters, and --profile
 * refused. A call with eight alternatives by its arguments lists them all
 * in the text report. Refusals: not a number, no such process, a process another tracer
 * has, a reader without CAP_SYS_ADMIN (uid nobody, on its own child), a
 * reader under seccomp itself, a bad --profile. --dump writes each
 * filter for scmp_bpf_sim, or refuses a directory it cannot make. Skips
 * unless root on x86_64 (the known answers are x86_64's); the Debian
 * cases skip without Debian's libseccomp.
 */

#define _GNU_SOURCE /* dlmopen() */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <seccomp.h>

#include "run_cmd.h"
#include "test_util.h"

static char tool[512], tmp[256];

static const char *env_or(const char *name, const char *dflt)
{
	const char *v = getenv(name);

	return v != NULL && *v != '\0' ? v : dflt;
}

/*
 * The filters
 */

/* Debian's libseccomp, in a namespace of its own beside ours. */
struct theirs {
	void *h;
	scmp_filter_ctx (*init)(uint32_t);
	int (*rule_add)(scmp_filter_ctx, uint32_t, int, unsigned int, ...);
	int (*attr_set)(scmp_filter_ctx, enum scmp_filter_attr, uint32_t);
	int (*load)(scmp_filter_ctx);
};

static struct theirs debian;

static bool debian_open(void)
{
	const char *path = env_or("LIBSECCOMP_SYSTEM",
				  "/usr/lib/x86_64-linux-gnu/libseccomp.so.2");

	debian.h = dlmopen(LM_ID_NEWLM, path, RTLD_NOW | RTLD_LOCAL);
	if (debian.h == NULL)
		return false;
	debian.init =
		(scmp_filter_ctx(*)(uint32_t))dlsym(debian.h, "seccomp_init");
	*(void **)&debian.rule_add = dlsym(debian.h, "seccomp_rule_add");
	*(void **)&debian.attr_set = dlsym(debian.h, "seccomp_attr_set");
	*(void **)&debian.load = dlsym(debian.h, "seccomp_load");
	return debian.init != NULL && debian.rule_add != NULL &&
	       debian.attr_set != NULL && debian.load != NULL;
}

static int load_ours0(void)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
	int rc;

	if (ctx == NULL)
		return -ENOMEM;
	rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(11), SCMP_SYS(uname), 0);
	if (rc == 0)
		rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(12),
				      SCMP_SYS(getppid), 0);
	if (rc == 0)
		rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(13), SCMP_SYS(write),
				      1, SCMP_A0(SCMP_CMP_EQ, 1000));
	if (rc == 0)
		rc = seccomp_load(ctx);
	seccomp_release(ctx);
	return rc;
}

static int load_debian1(void)
{
	scmp_filter_ctx ctx = debian.init(SCMP_ACT_ALLOW);
	int rc;

	if (ctx == NULL)
		return -ENOMEM;
	/* Debian's and our numbers agree on x86_64: SCMP_SYS is a constant */
	rc = debian.attr_set(ctx, SCMP_FLTATR_CTL_LOG, 1);
	if (rc == 0)
		rc = debian.rule_add(ctx, SCMP_ACT_ERRNO(21), SCMP_SYS(uname),
				     0);
	if (rc == 0)
		rc = debian.rule_add(ctx, SCMP_ACT_TRAP, SCMP_SYS(getppid), 0);
	if (rc == 0)
		rc = debian.load(ctx);
	/* their release is not called: the child only waits and exits */
	return rc;
}

/* A filter by hand: nr == a → ra, nr == b → rb, else ALLOW. */
static int load_hand(unsigned int flags, int a, uint32_t ra, int b, uint32_t rb,
		     int c, uint32_t rc_)
{
	struct sock_filter f[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, 0),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (uint32_t)a, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, ra),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (uint32_t)b, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, rb),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (uint32_t)c, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, rc_),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = { sizeof(f) / sizeof(f[0]), f };

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
		return -errno;
	if (syscall(__NR_seccomp, SECCOMP_SET_MODE_FILTER, flags, &prog) != 0)
		return -errno;
	return 0;
}

static int load_ours4(void)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
	int rc;

	if (ctx == NULL)
		return -ENOMEM;
	rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(41), SCMP_SYS(sethostname),
			      0);
	if (rc == 0)
		rc = seccomp_load(ctx);
	seccomp_release(ctx);
	return rc;
}

static int load_stack(unsigned int n)
{
	int rc = 0;

	if (n > 0)
		rc = load_ours0();
	if (rc == 0 && n > 1)
		rc = load_debian1();
	if (rc == 0 && n > 2)
		rc = load_hand(0, __NR_getpgrp, SECCOMP_RET_KILL_PROCESS, -1, 0,
			       -1, 0);
	if (rc == 0 && n > 3)
		rc = load_hand(SECCOMP_FILTER_FLAG_LOG, __NR_uname,
			       SECCOMP_RET_LOG, __NR_getpgrp,
			       SECCOMP_RET_ERRNO | 31, __NR_sethostname,
			       SECCOMP_RET_ERRNO | 31);
	if (rc == 0 && n > 4)
		rc = load_ours4();
	return rc;
}

/*
 * Children that wait
 */

struct waiter {
	pid_t pid;
	int go; /* closing it ends the child */
};

/*
 * A child that runs @setup(@arg), then waits for the pipe to close. Returns
 * 0 once it is ready, -1 if it could not get there.
 */
static int waiter_start(struct waiter *w, int (*setup)(unsigned int),
			unsigned int arg)
{
	int ready[2], go[2];
	char c = 0;
	ssize_t n;

	if (pipe(ready) != 0 || pipe(go) != 0)
		return -1;
	w->pid = fork();
	if (w->pid == 0) {
		close(ready[0]);
		close(go[1]);
		alarm(60);
		c = setup != NULL && setup(arg) != 0 ? 'F' : 'R';
		if (write(ready[1], &c, 1) != 1 || c == 'F')
			syscall(__NR_exit_group, 1);
		while (read(go[0], &c, 1) > 0)
			;
		/* exit, not exit_group: strict mode allows only the first */
		syscall(__NR_exit, 0);
	}
	close(ready[1]);
	close(go[0]);
	w->go = go[1];
	n = read(ready[0], &c, 1);
	close(ready[0]);
	if (w->pid < 0 || n != 1 || c != 'R') {
		printf("FAIL: a child could not install its filters\n");
		test_failures++;
		return -1;
	}
	return 0;
}

static void waiter_end(struct waiter *w)
{
	int status;

	close(w->go);
	waitpid(w->pid, &status, 0);
	EXPECT(WIFEXITED(status) && WEXITSTATUS(status) == 0, 1);
}

/*
 * Running the tool
 */

/* scmp_profile inspect ARGS... PID: exit status, stdout and stderr. */
static int inspect(const char *const *args, const char *pid, char **out,
		   char **err)
{
	char *argv[16], outp[300], errp[300];
	unsigned int n = 0;
	int status;

	argv[n++] = tool;
	argv[n++] = "inspect";
	while (*args != NULL && n < 14)
		argv[n++] = (char *)*args++;
	argv[n++] = (char *)pid;
	argv[n] = NULL;
	snprintf(outp, sizeof(outp), "%s/out.%d", tmp, (int)getpid());
	snprintf(errp, sizeof(errp), "%s/err.%d", tmp, (int)getpid());
	status = run_exit(argv, outp, errp);
	*out = read_file(outp, NULL);
	*err = read_file(errp, NULL);
	return status;
}

static char *pid_str(pid_t pid)
{
	static char buf[32];

	snprintf(buf, sizeof(buf), "%d", (int)pid);
	return buf;
}

/* The region of the first ABI that holds syscall @nr, or NULL. */
static json_t *region_of(json_t *root, int nr)
{
	json_t *abi = json_array_get(json_object_get(root, "abis"), 0), *r;
	size_t i;

	json_array_foreach(json_object_get(abi, "regions"), i, r)
		if (json_integer_value(json_object_get(r, "first")) <= nr &&
		    json_integer_value(json_object_get(r, "last")) >= nr)
			return r;
	return NULL;
}

/* Expects @nr's action, deciding filter (-1: all allow) and cache. */
static void expect_call(json_t *root, const char *what, int nr,
			const char *action, int filter, int cached)
{
	json_t *r = region_of(root, nr), *f;
	const char *got;

	if (r == NULL) {
		printf("FAIL %s: no region has syscall %d\n", what, nr);
		test_failures++;
		return;
	}
	got = json_string_value(json_object_get(r, "action"));
	f = json_object_get(r, "filter");
	if (got == NULL || strcmp(got, action) != 0 ||
	    (filter < 0 ? !json_is_null(f) : json_integer_value(f) != filter) ||
	    (cached >= 0 &&
	     json_is_true(json_object_get(r, "cached")) != cached)) {
		printf("FAIL %s: syscall %d: %s by filter %lld (cached %d),"
		       " want %s by %d (cached %d)\n",
		       what, nr, got ? got : "?",
		       json_is_null(f) ? -1LL : json_integer_value(f),
		       json_is_true(json_object_get(r, "cached")), action,
		       filter, cached);
		test_failures++;
	}
}

/* Expects @nr to depend on the arguments of @filter, else be @action. */
static void expect_args(json_t *root, const char *what, int nr,
			const char *action, int filter, const char *also)
{
	json_t *r = region_of(root, nr), *by, *alt;

	by = json_object_get(r, "by_arguments");
	alt = json_object_get(r, "also");
	if (r == NULL || json_array_size(by) != 1 ||
	    json_integer_value(json_array_get(by, 0)) != filter ||
	    strcmp(json_string_value(json_object_get(r, "action")), action) !=
		    0 ||
	    json_array_size(alt) != 1 ||
	    strcmp(json_string_value(json_array_get(alt, 0)), also) != 0 ||
	    json_is_true(json_object_get(r, "cached"))) {
		printf("FAIL %s: syscall %d is not \"%s, or %s by the arguments"
		       " of filter %d\"\n",
		       what, nr, action, also, filter);
		test_failures++;
	}
}

static void expect_flags(json_t *root, const char *what, unsigned int i,
			 bool log)
{
	json_t *f = json_array_get(json_object_get(root, "filters"), i);
	json_t *fl = json_object_get(f, "flags");

	if (json_array_size(fl) != (log ? 1u : 0u) ||
	    (log && strcmp(json_string_value(json_array_get(fl, 0)), "LOG"))) {
		printf("FAIL %s: filter %u's flags are not %s\n", what, i,
		       log ? "[LOG]" : "[]");
		test_failures++;
	}
}

/* One stack: inspect it and check the known answer. */
static void check_stack(unsigned int n)
{
	static const char *const json_args[] = { "--json", NULL };
	struct waiter w;
	char what[32], *out, *err;
	json_error_t jerr;
	json_t *root;
	int status;
	unsigned int i;

	snprintf(what, sizeof(what), "%u filters", n);
	if (waiter_start(&w, load_stack, n) != 0)
		return;
	status = inspect(json_args, pid_str(w.pid), &out, &err);
	root = out != NULL ? json_loads(out, 0, &jerr) : NULL;
	if (status != 0 || root == NULL) {
		printf("FAIL %s: exit %d, %s\n", what, status,
		       err != NULL ? err : "");
		test_failures++;
		goto out;
	}
	EXPECT(strcmp(json_string_value(json_object_get(root, "mode")),
		      n ? "filter" : "none"),
	       0);
	EXPECT(json_array_size(json_object_get(root, "filters")), n);
	for (i = 0; i < n; i++)
		expect_flags(root, what, i, i == 1 || i == 3);
	expect_call(root, what, __NR_read, "ALLOW", -1, n > 0);
	switch (n) {
	case 0:
		expect_call(root, what, __NR_uname, "ALLOW", -1, 0);
		expect_call(root, what, __NR_write, "ALLOW", -1, 0);
		break;
	case 1:
		expect_call(root, what, __NR_uname, "ERRNO(11)", 0, 0);
		expect_call(root, what, __NR_getppid, "ERRNO(12)", 0, 0);
		expect_args(root, what, __NR_write, "ALLOW", 0, "ERRNO(13)");
		break;
	case 2:
		expect_call(root, what, __NR_uname, "ERRNO(21)", 1, 0);
		expect_call(root, what, __NR_getppid, "TRAP", 1, 0);
		expect_args(root, what, __NR_write, "ALLOW", 0, "ERRNO(13)");
		break;
	case 5:
		expect_call(root, what, __NR_uname, "ERRNO(21)", 1, 0);
		expect_call(root, what, __NR_getppid, "TRAP", 1, 0);
		expect_call(root, what, __NR_getpgrp, "KILL_PROCESS", 2, 0);
		expect_call(root, what, __NR_sethostname, "ERRNO(41)", 4, 0);
		expect_args(root, what, __NR_write, "ALLOW", 0, "ERRNO(13)");
		break;
	}
	printf("%s: checked\n", what);
out:
	json_decref(root);
	free(out);
	free(err);
	waiter_end(&w);
}

/*
 * --profile
 */

static void write_profile(const char *path, int uname_errno)
{
	FILE *f = fopen(path, "w");

	if (f == NULL)
		return;
	fprintf(f,
		"{ \"defaultAction\": \"SCMP_ACT_ALLOW\",\n"
		"  \"architectures\": [ \"SCMP_ARCH_X86_64\" ],\n"
		"  \"syscalls\": [\n"
		"    { \"names\": [ \"uname\" ], \"action\": \"SCMP_ACT_ERRNO\","
		" \"errnoRet\": %d },\n"
		"    { \"names\": [ \"getppid\" ], \"action\":"
		" \"SCMP_ACT_ERRNO\", \"errnoRet\": 12 },\n"
		"    { \"names\": [ \"write\" ], \"action\": \"SCMP_ACT_ERRNO\","
		" \"errnoRet\": 13,\n"
		"      \"args\": [ { \"index\": 0, \"value\": 1000, \"op\":"
		" \"SCMP_CMP_EQ\" } ] } ] }\n",
		uname_errno);
	fclose(f);
}

/* Whether the tool said it lacks Z3 for @what (then a skip, said). */
static bool no_z3(const char *what, int status, const char *err)
{
	if (status != 1 || err == NULL || strstr(err, "needs Z3") == NULL)
		return false;
	printf("%s: skipped, built without Z3\n", what);
	return true;
}

static void check_profile(void)
{
	char same[300], other[300], *out, *err;
	const char *args[] = { "--profile", same, NULL };
	struct waiter w;
	int status;

	snprintf(same, sizeof(same), "%s/same.json", tmp);
	snprintf(other, sizeof(other), "%s/other.json", tmp);
	write_profile(same, 11);
	write_profile(other, 12);
	if (waiter_start(&w, load_stack, 1) != 0)
		return;
	status = inspect(args, pid_str(w.pid), &out, &err);
	if (!no_z3("--profile", status, err)) {
		EXPECT(status, 0);
		EXPECT(out != NULL && strstr(out, "equivalent") != NULL, 1);
		free(out);
		free(err);
		args[1] = other;
		status = inspect(args, pid_str(w.pid), &out, &err);
		EXPECT(status, 3);
		EXPECT(out != NULL &&
			       strstr(out, "x86_64 uname (63): process"
					   " ERRNO(11) (filter 0), profile"
					   " ERRNO(12)") != NULL,
		       1);
		printf("--profile: checked\n");
	}
	free(out);
	free(err);
	waiter_end(&w);
}

/* By hand: x32's uname (the x32 bit in nr) ERRNO(1), else ALLOW. */
static int x32_uname(unsigned int unused)
{
	(void)unused;
	return load_hand(0, 0x40000000 | __NR_uname, SECCOMP_RET_ERRNO | 1, -1,
			 SECCOMP_RET_ALLOW, -1, SECCOMP_RET_ALLOW);
}

/*
 * A difference on one x32 number names it as the x32 table does, without
 * the x32 bit, as the regions of the report and a range of them do.
 */
static void check_profile_x32(void)
{
	char path[300], *out, *err;
	const char *args[] = { "--profile", path, NULL };
	struct waiter w;
	FILE *f;
	int status;

	snprintf(path, sizeof(path), "%s/x32.json", tmp);
	f = fopen(path, "w");
	if (f == NULL)
		return;
	fprintf(f, "{ \"defaultAction\": \"SCMP_ACT_ALLOW\", \"architectures\":"
		   " [ \"SCMP_ARCH_X86_64\", \"SCMP_ARCH_X32\" ] }\n");
	fclose(f);
	if (waiter_start(&w, x32_uname, 0) != 0)
		return;
	status = inspect(args, pid_str(w.pid), &out, &err);
	if (!no_z3("--profile on x32", status, err)) {
		EXPECT(status, 3);
		EXPECT(out != NULL &&
			       strstr(out,
				      "x32 uname (63): process ERRNO(1)"
				      " (filter 0), profile ALLOW") != NULL,
		       1);
		printf("--profile on x32: checked\n");
	}
	free(out);
	free(err);
	waiter_end(&w);
}

/*
 * Refusals
 */

/* Expects exit @want and @msg in what it said on stderr. */
static void expect_refusal(const char *what, const char *const *args,
			   const char *pid, int want, const char *msg)
{
	char *out, *err;
	int status = inspect(args, pid, &out, &err);

	if (status != want || err == NULL || strstr(err, msg) == NULL) {
		printf("FAIL %s: exit %d, said \"%s\"; want exit %d, \"%s\"\n",
		       what, status, err != NULL ? err : "", want, msg);
		test_failures++;
	}
	free(out);
	free(err);
}

/*
 * --dump
 */

/* Runs scmp_bpf_sim on @file for x86_64 syscall @sys: its output. */
static char *sim_on(const char *file, const char *sys)
{
	char sim[512], outp[300];
	char *argv[] = { sim,	   "-f", (char *)file, "-a",
			 "x86_64", "-s", (char *)sys,  NULL };

	snprintf(sim, sizeof(sim), "%s/tools/scmp_bpf_sim",
		 env_or("top_builddir", ".."));
	snprintf(outp, sizeof(outp), "%s/sim.%d", tmp, (int)getpid());
	if (run_exit(argv, outp, outp) != 0)
		return NULL;
	return read_file(outp, NULL);
}

/*
 * The stack of two (one without Debian's libseccomp) written to a new
 * directory, each file the simulator's input; a directory that cannot
 * be made is refused before the process is traced.
 */
static void check_dump(unsigned int n)
{
	char dir[300], file[340], *out, *err, *sim;
	const char *args[] = { "--dump", dir, NULL };
	struct waiter w;
	size_t len;
	int status;

	snprintf(dir, sizeof(dir), "%s/dump", tmp);
	if (waiter_start(&w, load_stack, n) != 0)
		return;
	status = inspect(args, pid_str(w.pid), &out, &err);
	EXPECT(status, 0);
	free(out);
	free(err);
	snprintf(file, sizeof(file), "%s/filter-0.bpf", dir);
	sim = sim_on(file, "uname");
	EXPECT(sim != NULL && strcmp(sim, "ERRNO(11)\n") == 0, 1);
	free(sim);
	snprintf(file, sizeof(file), "%s/filter-%u.bpf", dir, n - 1);
	sim = sim_on(file, "getppid");
	EXPECT(sim != NULL && strcmp(sim, n > 1 ? "TRAP\n" : "ERRNO(12)\n"), 0);
	free(sim);
	free(read_file(file, &len));
	EXPECT(len > 0 && len % 8 == 0, 1);
	snprintf(file, sizeof(file), "%s/filter-%u.bpf", dir, n);
	EXPECT(access(file, F_OK), -1);
	snprintf(dir, sizeof(dir), "%s/no/such", tmp);
	expect_refusal("--dump into no directory", args, pid_str(w.pid), 1,
		       "--dump");
	snprintf(dir, sizeof(dir), "%s/same.json", tmp);
	expect_refusal("--dump into a file", args, pid_str(w.pid), 1,
		       "Not a directory");
	waiter_end(&w);
	printf("--dump: checked\n");
}

/*
 * --profile --for runc
 */

static char runc_bpf[300];

/* Loads the program compile --for runc wrote to runc_bpf. */
static int load_file(unsigned int unused)
{
	struct sock_fprog prog;
	size_t len;
	char *buf = read_file(runc_bpf, &len);
	int rc = -1;

	(void)unused;
	prog.len = (unsigned short)(len / sizeof(struct sock_filter));
	prog.filter = (struct sock_filter *)buf;
	if (buf != NULL && prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0)
		rc = (int)syscall(__NR_seccomp, SECCOMP_SET_MODE_FILTER, 0,
				  &prog);
	free(buf);
	return rc;
}

/*
 * A process that runs the profile as runc builds it (ENOSYS above the
 * largest syscall named, exit_group) differs from the profile, and is
 * equivalent to it with --for runc; --for is one runtime, without
 * --kvermax.
 */
static void check_for_runc(void)
{
	char json[300], *out, *err;
	const char *args[] = { "--profile", json, "--for", "runc", NULL };
	const char *plain[] = { "--profile", json, NULL };
	const char *both[] = { "--for", "runc,crun", NULL };
	const char *kv[] = { "--profile", json,	 "--for", "runc",
			     "--kvermax", "5.0", NULL };
	char *compile[] = { tool, "compile", "--for", "runc",
			    "-o", runc_bpf,  json,    NULL };
	struct waiter w;
	FILE *f;
	int status;

	snprintf(json, sizeof(json), "%s/runc.json", tmp);
	snprintf(runc_bpf, sizeof(runc_bpf), "%s/runc.bpf", tmp);
	f = fopen(json, "w");
	if (f == NULL)
		return;
	fprintf(f, "{ \"defaultAction\": \"SCMP_ACT_ERRNO\",\n"
		   "  \"architectures\": [ \"SCMP_ARCH_X86_64\" ],\n"
		   "  \"syscalls\": [ { \"names\": [ \"read\", \"write\","
		   " \"exit\", \"exit_group\", \"rt_sigreturn\" ],\n"
		   "    \"action\": \"SCMP_ACT_ALLOW\" } ] }\n");
	fclose(f);
	EXPECT(run_exit(compile, NULL, NULL), 0);
	if (waiter_start(&w, load_file, 0) != 0)
		return;
	status = inspect(plain, pid_str(w.pid), &out, &err);
	if (status == 1 && err != NULL && strstr(err, "needs Z3") != NULL) {
		printf("--for runc: skipped, built without Z3\n");
		goto out;
	}
	EXPECT(status, 3);
	EXPECT(out != NULL && strstr(out, "process ERRNO(38)") != NULL, 1);
	free(out);
	free(err);
	status = inspect(args, pid_str(w.pid), &out, &err);
	EXPECT(status, 0);
	EXPECT(out != NULL && strstr(out, "equivalent") != NULL, 1);
	expect_refusal("--for two runtimes", both, pid_str(w.pid), 2,
		       "one runtime");
	expect_refusal("--for with --kvermax", kv, pid_str(w.pid), 2,
		       "no kvermax");
	printf("--for runc: checked\n");
out:
	free(out);
	free(err);
	waiter_end(&w);
}

static int strict_mode(unsigned int unused)
{
	(void)unused;
	return (int)syscall(__NR_seccomp, SECCOMP_SET_MODE_STRICT, 0, NULL);
}

/* Strict mode: no filter to read, nothing to compare with a profile. */
static void check_strict(void)
{
	static const char *const json_args[] = { "--json", NULL };
	const char *prof[] = { "--profile", NULL, NULL };
	char path[300], *out, *err;
	struct waiter w;
	json_t *root;
	int status;

	if (waiter_start(&w, strict_mode, 0) != 0)
		return;
	status = inspect(json_args, pid_str(w.pid), &out, &err);
	root = out != NULL ? json_loads(out, 0, NULL) : NULL;
	EXPECT(status, 0);
	EXPECT(root != NULL &&
		       strcmp(json_string_value(json_object_get(root, "mode")),
			      "strict") == 0,
	       1);
	EXPECT(json_array_size(json_object_get(root, "filters")), 0);
	json_decref(root);
	free(out);
	free(err);
	snprintf(path, sizeof(path), "%s/same.json", tmp);
	prof[1] = path;
	expect_refusal("--profile on strict mode", prof, pid_str(w.pid), 1,
		       "strict mode");
	waiter_end(&w);
	printf("strict mode: checked\n");
}

/*
 * By hand: getppid gives ERRNO(10001 + k) when a0 == 1 + k (k < 7), else
 * ERRNO(10008); every other call ALLOW. Eight values by the arguments.
 */
static int many_values(unsigned int unused)
{
	struct sock_filter f[19];
	struct sock_fprog prog = { 19, f };
	unsigned int k, i = 0;

	(void)unused;
	f[i++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, 0);
	f[i++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K,
					      __NR_getppid, 0, 16);
	f[i++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, 16);
	for (k = 0; k < 7; k++) {
		f[i++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K,
						      1 + k, 0, 1);
		f[i++] = (struct sock_filter)BPF_STMT(
			BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (10001 + k));
	}
	f[i++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K,
					      SECCOMP_RET_ERRNO | 10008);
	f[i++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K,
					      SECCOMP_RET_ALLOW);
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
		return -errno;
	return (int)syscall(__NR_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog);
}

/*
 * The text report lists every alternative of a call, however long their
 * names: the eighth, once cut off by the line's buffer, is there.
 */
static void check_many_values(void)
{
	static const char *const no_args[] = { NULL };
	char *out, *err, *line, *eol;
	struct waiter w;

	if (waiter_start(&w, many_values, 0) != 0)
		return;
	EXPECT(inspect(no_args, pid_str(w.pid), &out, &err), 0);
	line = out != NULL ? strstr(out, " getppid ") : NULL;
	eol = line != NULL ? strchr(line, '\n') : NULL;
	if (eol != NULL)
		*eol = '\0';
	EXPECT(line != NULL && strstr(line, "ERRNO(10008) or ERRNO(10001) or "
					    "ERRNO(10002)") != NULL,
	       1);
	/* getppid is never allowed: ALLOW is not among its outcomes */
	EXPECT(line != NULL &&
		       strstr(line, "ERRNO(10007) by arguments") != NULL &&
		       strstr(line, "ALLOW") == NULL,
	       1);
	if (line != NULL)
		printf("eight alternatives:%s\n", line);
	free(out);
	free(err);
	waiter_end(&w);
}

static int traced_child(unsigned int unused)
{
	(void)unused;
	return ptrace(PTRACE_TRACEME, 0, NULL, NULL) == 0 ? load_ours0() : -1;
}

/*
 * Whether this user can run the tool at all: a build directory under a
 * private (0700) one, as CI's sanitizer build is, keeps nobody out.
 */
static bool tool_runs(void)
{
	char *argv[] = { tool, "--version", NULL };
	char outp[300];

	/* not /dev/null: a sandbox may have a root-owned file there */
	snprintf(outp, sizeof(outp), "%s/version.%d", tmp, (int)getpid());
	return run_exit(argv, outp, outp) == 0;
}

/* As nobody: a child of its own with a filter, inspected: EACCES. */
static void check_no_cap(void)
{
	struct waiter w;
	pid_t pid = fork();
	int status;
	char *out, *err;
	static const char *const none[] = { NULL };

	if (pid == 0) {
		alarm(60);
		/* setuid() makes it undumpable: untraceable without caps */
		if (setgid(65534) != 0 || setuid(65534) != 0 ||
		    prctl(PR_SET_DUMPABLE, 1, 0, 0, 0) != 0)
			_exit(2);
		test_failures = 0;
		if (!tool_runs())
			_exit(3);
		if (waiter_start(&w, load_stack, 1) != 0)
			_exit(1);
		status = inspect(none, pid_str(w.pid), &out, &err);
		if (status != 1 || err == NULL ||
		    strstr(err, "needs CAP_SYS_ADMIN") == NULL) {
			printf("FAIL no CAP_SYS_ADMIN: exit %d, said \"%s\"\n",
			       status, err ? err : "");
			test_failures++;
		}
		waiter_end(&w);
		_exit(test_failures ? 1 : 0);
	}
	waitpid(pid, &status, 0);
	if (WIFEXITED(status) && WEXITSTATUS(status) == 3) {
		printf("no CAP_SYS_ADMIN: not checked: user nobody cannot run"
		       " %s from here\n",
		       tool);
		return;
	}
	EXPECT(WIFEXITED(status) ? WEXITSTATUS(status) : 100, 0);
}

/* Under an allow-all filter: the kernel refuses (EACCES). */
static void check_under_seccomp(void)
{
	static const char *const none[] = { NULL };
	struct waiter w, victim;
	pid_t pid;
	int status;
	char *out, *err;

	if (waiter_start(&victim, load_stack, 1) != 0)
		return;
	pid = fork();
	if (pid == 0) {
		alarm(60);
		test_failures = 0;
		(void)w;
		if (load_hand(0, -1, 0, -1, 0, -1, 0) != 0)
			_exit(2);
		status = inspect(none, pid_str(victim.pid), &out, &err);
		if (status != 1 || err == NULL ||
		    strstr(err, "runs under seccomp") == NULL) {
			printf("FAIL under seccomp: exit %d, said \"%s\"\n",
			       status, err ? err : "");
			_exit(1);
		}
		_exit(0);
	}
	waitpid(pid, &status, 0);
	EXPECT(WIFEXITED(status) ? WEXITSTATUS(status) : 100, 0);
	waiter_end(&victim);
}

static void check_refusals(void)
{
	static const char *const none[] = { NULL };
	const char *bad[] = { "--profile", "/nonexistent/p.json", NULL };
	const char *badn[] = { "-n", "x", NULL };
	struct waiter w;

	expect_refusal("not a number", none, "12ab", 2, "not a process id");
	expect_refusal("zero", none, "0", 2, "not a process id");
	expect_refusal("negative", none, "-5", 2, "");
	expect_refusal("no such process", none, "2147483646", 2,
		       "no process 2147483646");
	expect_refusal("bad -n", badn, "1", 2, "not a count");
	if (waiter_start(&w, load_stack, 1) == 0) {
		expect_refusal("bad --profile", bad, pid_str(w.pid), 2,
			       "/nonexistent/p.json");
		waiter_end(&w);
	}
	if (waiter_start(&w, traced_child, 0) == 0) {
		expect_refusal("traced already", none, pid_str(w.pid), 1,
			       "cannot trace process");
		kill(w.pid, SIGKILL);
		close(w.go);
		waitpid(w.pid, NULL, 0);
	}
	check_no_cap();
	check_under_seccomp();
	printf("refusals: checked\n");
}

int main(void)
{
	char cmd[300];
	int rc;

#ifndef __x86_64__
	printf("SKIP: the known answers are x86_64's\n");
	return 77;
#endif
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (geteuid() != 0) {
		printf("SKIP: reading filters needs root (CAP_SYS_ADMIN)\n");
		return 77;
	}
	snprintf(tool, sizeof(tool), "%s/tools/scmp_profile",
		 env_or("top_builddir", ".."));
	if (access(tool, X_OK) != 0) {
		printf("SKIP: no %s\n", tool);
		return 77;
	}
	snprintf(tmp, sizeof(tmp), "%s/profile-inspect.XXXXXX",
		 env_or("TMPDIR", "/tmp"));
	if (mkdtemp(tmp) == NULL)
		return 1;
	chmod(tmp, 0777); /* nobody writes its output there too */
	check_stack(0);
	check_stack(1);
	if (debian_open()) {
		check_stack(2);
		check_stack(5);
	} else {
		printf("2 and 5 filters: skipped, no Debian libseccomp\n");
	}
	check_profile();
	check_profile_x32();
	check_dump(debian.h != NULL ? 2 : 1);
	check_for_runc();
	check_strict();
	check_many_values();
	check_refusals();
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmp);
	rc = system(cmd);
	(void)rc;
	return test_result();
}
