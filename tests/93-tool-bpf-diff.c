/* SPDX-License-Identifier: LGPL-2.1-only */
/* 93-tool-bpf-diff: scmp_bpf_diff proves equal programs equivalent and shows exactly where others differ. */

/*
 * Filters are built through the API (ours, and Debian's libseccomp 2.5.4
 * where it is installed), exported to files and given to the tool as a
 * user would:
 *
 *  - equivalent (exit 0): Docker's profile at OPTIMIZE 1 and 2; ours
 *    against libseccomp 2.5.4's for the same rules on x86_64, at both
 *    levels (their programs are laid out quite differently);
 *  - different (exit 1), each difference on its own line and nothing
 *    else: one more allowed syscall; one argument bound moved by one;
 *    one more ABI; a changed errno;
 *  - trouble (exit 2): a file that is no filter, a missing file, a bad
 *    option.
 *
 * Docker's profile comes from ../shared/data beside the source tree
 * ($SHARED_DATA overrides it); without it, or without the system
 * libseccomp, those cases are reported skipped and the others run.
 */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "prop.h"
#include "workload.h"

#define OUT_MAX 8192

struct ctx {
	char tool[512];
	char dir[256];
	int failed;
	int skipped;
};

static const char *env_or(const char *name, const char *fallback)
{
	const char *v = getenv(name);

	return v != NULL && *v != '\0' ? v : fallback;
}

/* Exports a filter of @api to DIR/NAME.bpf; returns 0 or -errno. */
static int save(struct ctx *c, const struct prop_api *api, scmp_filter_ctx f,
		const char *name)
{
	char path[512];
	int fd, rc;

	snprintf(path, sizeof(path), "%s/%s.bpf", c->dir, name);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return -errno;
	rc = api->export_bpf(f, fd);
	close(fd);
	return rc;
}

/*
 * Runs shell command @cmd into @out (NUL-terminated): its exit status, -1
 * if a signal ended it, -2 (counted as a failure) if it could not run.
 */
static int run_tool(struct ctx *c, const char *what, const char *cmd, char *out,
		    size_t size)
{
	size_t len;
	FILE *p;
	int rc;

	p = popen(cmd, "r");
	if (p == NULL) {
		printf("FAIL %s: cannot run %s\n", what, c->tool);
		c->failed++;
		return -2;
	}
	len = fread(out, 1, size - 1, p);
	out[len] = '\0';
	rc = pclose(p);
	return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

/*
 * Runs the tool on DIR/OLD.bpf and DIR/NEW.bpf (or @args as they are, if
 * given) and checks its exit status and that its output has exactly
 * @lines lines, each containing the matching string of @want (NULL ends
 * the list; fewer strings than lines: the rest are not looked at).
 */
static void expect(struct ctx *c, const char *what, const char *old,
		   const char *new, const char *args, int status,
		   unsigned int lines, const char *const *want)
{
	char cmd[2048], out[OUT_MAX], *line, *save_ptr;
	unsigned int n = 0, i;
	int rc, failed = c->failed;

	if (args != NULL)
		snprintf(cmd, sizeof(cmd), "'%s' %s 2>&1", c->tool, args);
	else
		snprintf(cmd, sizeof(cmd), "'%s' '%s/%s.bpf' '%s/%s.bpf' 2>&1",
			 c->tool, c->dir, old, c->dir, new);
	rc = run_tool(c, what, cmd, out, sizeof(out));
	if (rc == -2)
		return;
	for (line = strtok_r(out, "\n", &save_ptr); line != NULL;
	     line = strtok_r(NULL, "\n", &save_ptr), n++) {
		for (i = 0; want != NULL && want[i] != NULL && i < n; i++)
			;
		if (want != NULL && i == n && want[i] != NULL &&
		    strstr(line, want[i]) == NULL) {
			printf("FAIL %s: line %u \"%s\" lacks \"%s\"\n", what,
			       n + 1, line, want[i]);
			c->failed++;
		}
		printf("  %s: %s\n", what, line);
	}
	if (rc != status || n != lines) {
		printf("FAIL %s: exit %d and %u lines, want exit %d and %u"
		       " lines\n",
		       what, rc, n, status, lines);
		c->failed++;
		return;
	}
	if (c->failed == failed)
		printf("ok %s\n", what);
}

#define WANT(...) ((const char *const[]){ __VA_ARGS__, NULL })

/* A small filter of ours; @extra adds one difference to it. */
static scmp_filter_ctx small(uint32_t errno_read, int extra)
{
	scmp_filter_ctx f = seccomp_init(SCMP_ACT_ERRNO(1));

	if (f == NULL)
		return NULL;
	seccomp_rule_add(f, SCMP_ACT_ALLOW, SCMP_SYS(write), 1,
			 SCMP_A0(SCMP_CMP_LE, extra == 2 ? 6 : 5));
	seccomp_rule_add(f, SCMP_ACT_ALLOW, SCMP_SYS(exit_group), 0);
	seccomp_rule_add(f, SCMP_ACT_ERRNO(errno_read), SCMP_SYS(read), 0);
	if (extra == 1)
		seccomp_rule_add(f, SCMP_ACT_ALLOW, SCMP_SYS(getrandom), 0);
	if (extra == 3)
		seccomp_arch_add(f, SCMP_ARCH_X86);
	return f;
}

static void check_small(struct ctx *c, const struct prop_api *ours)
{
	static const char *const names[] = { "base", "rule", "bound", "abi" };
	char args[1024];
	scmp_filter_ctx f;
	unsigned int i;
	int rc = 0;

	for (i = 0; i < 4 && rc == 0; i++) {
		f = small(13, (int)i);
		rc = f == NULL ? -ENOMEM : save(c, ours, f, names[i]);
		seccomp_release(f);
	}
	f = small(12, 0);
	if (rc == 0)
		rc = save(c, ours, f, "errno");
	seccomp_release(f);
	if (rc < 0) {
		printf("FAIL small filters: %s\n", strerror(-rc));
		c->failed++;
		return;
	}
	expect(c, "the same filter", "base", "base", NULL, 0, 1,
	       WANT("equivalent"));
	expect(c, "one more rule", "base", "rule", NULL, 1, 1,
	       WANT("x86_64 getrandom (318): ERRNO(1) -> ALLOW"));
	expect(c, "one bound", "base", "bound", NULL, 1, 1,
	       WANT("x86_64 write (1) a0 == 6: ERRNO(1) -> ALLOW"));
	expect(c, "one more ABI", "base", "abi", NULL, 1, 1,
	       WANT("x86: every call differs, e.g. x86 restart_syscall (0):"
		    " KILL -> ERRNO(1)"));
	expect(c, "another errno", "base", "errno", NULL, 1, 1,
	       WANT("x86_64 read (0): ERRNO(13) -> ERRNO(12)"));
	expect(c, "two differences", "rule", "bound", NULL, 1, 2,
	       WANT("x86_64 write (1) a0 == 6: ERRNO(1) -> ALLOW",
		    "x86_64 getrandom (318): ALLOW -> ERRNO(1)"));
	snprintf(args, sizeof(args), "-n 1 '%s/rule.bpf' '%s/bound.bpf'",
		 c->dir, c->dir);
	expect(c, "-n 1", NULL, NULL, args, 1, 2,
	       WANT("x86_64", "more differences"));
	snprintf(args, sizeof(args), "-q '%s/rule.bpf' '%s/bound.bpf'", c->dir,
		 c->dir);
	expect(c, "-q", NULL, NULL, args, 1, 0, NULL);
}

/*
 * Runs the tool with @args and checks its exit status and that each of
 * @want is somewhere in its output (stdout and stderr), and none of
 * @unwanted is.
 */
static void expect_has(struct ctx *c, const char *what, const char *args,
		       int status, const char *const *want,
		       const char *const *unwanted)
{
	char cmd[2048];
	static char out[1 << 16];
	unsigned int i;
	int rc, failed = c->failed;

	snprintf(cmd, sizeof(cmd), "'%s' %s 2>&1", c->tool, args);
	rc = run_tool(c, what, cmd, out, sizeof(out));
	if (rc == -2)
		return;
	printf("  %s:\n%s", what, out);
	if (rc != status) {
		printf("FAIL %s: exit %d, want %d\n", what, rc, status);
		c->failed++;
	}
	for (i = 0; want != NULL && want[i] != NULL; i++)
		if (strstr(out, want[i]) == NULL) {
			printf("FAIL %s: no \"%s\"\n", what, want[i]);
			c->failed++;
		}
	for (i = 0; unwanted != NULL && unwanted[i] != NULL; i++)
		if (strstr(out, unwanted[i]) != NULL) {
			printf("FAIL %s: \"%s\"\n", what, unwanted[i]);
			c->failed++;
		}
	if (c->failed == failed)
		printf("ok %s\n", what);
}

/*
 * Known answers: a changed default errno (ranges of numbers, named and
 * not), a bound on write's a0 (an argument region in 64 bits), and a
 * clone rule on flags (a masked region), on x86_64 only.
 */
static void check_ranges(struct ctx *c, const struct prop_api *ours)
{
	scmp_filter_ctx f;
	char args[1024];
	int rc = 0, i;

	for (i = 0; i < 2 && rc == 0; i++) {
		f = seccomp_init(i == 0 ? SCMP_ACT_ERRNO(1) :
					  SCMP_ACT_ERRNO(38));
		if (f == NULL) {
			rc = -ENOMEM;
			break;
		}
		seccomp_rule_add(f, SCMP_ACT_ALLOW, SCMP_SYS(write), 1,
				 SCMP_A0(SCMP_CMP_LE, 5));
		seccomp_rule_add(f, SCMP_ACT_ALLOW, SCMP_SYS(exit_group), 0);
		seccomp_rule_add(f, SCMP_ACT_ERRNO(13), SCMP_SYS(read), 0);
		if (i == 1)
			seccomp_rule_add(
				f, SCMP_ACT_ALLOW, SCMP_SYS(clone), 1,
				SCMP_A0(SCMP_CMP_MASKED_EQ, 0x7e020000, 0));
		rc = save(c, ours, f, i == 0 ? "ranges-old" : "ranges-new");
		seccomp_release(f);
	}
	if (rc < 0) {
		printf("FAIL range filters: %s\n", strerror(-rc));
		c->failed++;
		return;
	}
	snprintf(args, sizeof(args),
		 "-n 0 '%s/ranges-old.bpf' '%s/ranges-new.bpf'", c->dir,
		 c->dir);
	/* the action changes first; then the errno's, named; then unnamed */
	expect(c, "ranges", NULL, NULL, args, 1, 11,
	       WANT("x86_64 clone (56) a0 & 0x7e020000 == 0: ERRNO(1) -> ALLOW",
		    "x86_64 write (1) a0 ", "x86_64 write (1) a0 ",
		    "x86_64 clone (56) a0 & 0x7e020000 != 0: ERRNO(1) ->"
		    " ERRNO(38)",
		    "x86_64 [2-55] open, close, stat, fstat, lstat, poll,"
		    " lseek, mmap and 46 more: ERRNO(1) -> ERRNO(38)",
		    "x86_64 [57-230] fork, ", "x86_64 [232-336] ",
		    "x86_64 [424-",
		    "x86_64 [337-423] unnamed: ERRNO(1) ->"
		    " ERRNO(38)",
		    /* its first number follows the newest syscall */
		    "-1073741823] unnamed: ERRNO(1) -> ERRNO(38)",
		    "x86_64 syscall 4294967295: ERRNO(1) -> ERRNO(38)"));
	expect_has(c, "ranges: the write regions", args, 1,
		   WANT("x86_64 write (1) a0 in [6, 0xffffffff]: ERRNO(1) ->"
			" ERRNO(38)\n",
			"x86_64 write (1) a0 >= 0x100000000: ERRNO(1) ->"
			" ERRNO(38)\n"),
		   WANT("read (0)", "exit_group", "x32", "more differences"));
	snprintf(args, sizeof(args),
		 "-n 3 '%s/ranges-old.bpf' '%s/ranges-new.bpf'", c->dir,
		 c->dir);
	expect(c, "ranges -n 3", NULL, NULL, args, 1, 4,
	       WANT("x86_64 clone (56) a0 & 0x7e020000 == 0", "x86_64 write",
		    "x86_64 write", "(more differences: -n 0 shows them all)"));
}

/* The JSON document: exact values, and valid JSON where Python says so. */
static void check_json(struct ctx *c)
{
	char args[1024];

	snprintf(args, sizeof(args), "--json '%s/rule.bpf' '%s/bound.bpf'",
		 c->dir, c->dir);
	expect_has(
		c, "--json", args, 1,
		WANT("\"version\": 1", "\"count\": 2", "\"complete\": true",
		     "\"equivalent\": false", "\"error\": null",
		     "{\"kind\": \"region\", \"abi\": \"x86_64\", \"arch\":"
		     " 3221225534, \"arch_not\": [], \"nr\": [1, 1],"
		     " \"named\": 1, \"names\": [\"write\"], \"conditions\":"
		     " [{\"field\": \"a0\", \"mask\": \"0xffffffffffffffff\","
		     " \"op\": \"==\", \"value\": \"0x6\"}], \"old\":"
		     " {\"value\": 327681, \"action\": \"ERRNO(1)\"}, \"new\":"
		     " {\"value\": 2147418112, \"action\": \"ALLOW\"},"
		     " \"example\": {\"arch\": 3221225534, \"nr\": 1, \"ip\":"
		     " \"0x0\", \"args\": [\"0x6\", \"0x0\", \"0x0\", \"0x0\","
		     " \"0x0\", \"0x0\"]}}",
		     "\"nr\": [318, 318], \"named\": 1, \"names\":"
		     " [\"getrandom\"], \"conditions\": [], \"old\":"
		     " {\"value\": 2147418112, \"action\": \"ALLOW\"}"),
		WANT("more differences"));
	snprintf(args, sizeof(args), "--json -n 1 '%s/rule.bpf' '%s/bound.bpf'",
		 c->dir, c->dir);
	expect_has(c, "--json -n 1", args, 1,
		   WANT("\"count\": 1", "\"complete\": false"),
		   WANT("getrandom"));
	snprintf(args, sizeof(args), "--json '%s/base.bpf' '%s/base.bpf'",
		 c->dir, c->dir);
	expect_has(c, "--json, equivalent", args, 0,
		   WANT("\"differences\": [  ]", "\"count\": 0",
			"\"complete\": true", "\"equivalent\": true"),
		   NULL);
	snprintf(args, sizeof(args), "--json '%s/base.bpf' '%s/abi.bpf'",
		 c->dir, c->dir);
	expect_has(c, "--json, a whole ABI", args, 1,
		   WANT("{\"kind\": \"whole_abi\", \"abi\": \"x86\", \"arch\":"
			" 1073741827",
			"\"count\": 1"),
		   NULL);
	snprintf(args, sizeof(args), "--json -q '%s/base.bpf' '%s/abi.bpf'",
		 c->dir, c->dir);
	expect(c, "--json -q", NULL, NULL, args, 1, 0, NULL);
	snprintf(args, sizeof(args), "--json '%s/base.bpf' '%s/none.bpf'",
		 c->dir, c->dir);
	expect(c, "--json, a missing file", NULL, NULL, args, 2, 1,
	       WANT("No such file"));
	if (system("python3 -c '' 2>/dev/null") != 0) {
		printf("skipped the JSON parse: no python3\n");
		c->skipped++;
		return;
	}
	snprintf(args, sizeof(args),
		 "--json -n 0 '%s/ranges-old.bpf' '%s/ranges-new.bpf' | python3"
		 " -c 'import json, sys; d = json.load(sys.stdin);"
		 " print(\"parsed\", d[\"count\"], len(d[\"differences\"]),"
		 " d[\"differences\"][0][\"conditions\"][0][\"mask\"])'",
		 c->dir, c->dir);
	expect(c, "--json parses", NULL, NULL, args, 0, 1,
	       WANT("parsed 11 11 0x7e020000"));
}

/* Bad input to the new options, and --progress's last line. */
static void check_options(struct ctx *c)
{
	char args[1024];

	expect(c, "-n abc", NULL, NULL, "-n abc a b", 2, 14,
	       WANT("-n wants a number"));
	expect(c, "-n -1", NULL, NULL, "-n -1 a b", 2, 14,
	       WANT("-n wants a number"));
	expect(c, "-n 2000000", NULL, NULL, "-n 2000000 a b", 2, 14,
	       WANT("-n wants a number"));
	expect(c, "an unknown flag", NULL, NULL, "--jsonx a b", 2, 14,
	       WANT("unrecognized option"));
	expect(c, "--json with one file", NULL, NULL, "--json a", 2, 13,
	       WANT("usage"));
	expect(c, "-h", NULL, NULL, "-h", 0, 13, WANT("usage"));
	snprintf(args, sizeof(args), "--progress '%s/rule.bpf' '%s/bound.bpf'",
		 c->dir, c->dir);
	expect_has(c, "--progress", args, 1,
		   WANT("s: done, 2 differences\n", "x86_64 getrandom"), NULL);
	snprintf(args, sizeof(args),
		 "--progress -q '%s/rule.bpf' '%s/bound.bpf'", c->dir, c->dir);
	expect(c, "--progress -q", NULL, NULL, args, 1, 0, NULL);
}

static void check_trouble(struct ctx *c)
{
	char args[1024], path[512];
	FILE *f;

	/* 16 bytes: two instructions, the first of opcode 0x6f6e */
	snprintf(path, sizeof(path), "%s/junk.bpf", c->dir);
	f = fopen(path, "w");
	if (f != NULL) {
		fputs("not a filter ok\n", f);
		fclose(f);
	}
	expect(c, "not a filter", "base", "junk", NULL, 2, 1,
	       WANT("not a filter the kernel accepts: instruction 0"));
	snprintf(path, sizeof(path), "%s/short.bpf", c->dir);
	f = fopen(path, "w");
	if (f != NULL) {
		fputs("short\n", f);
		fclose(f);
	}
	expect(c, "not whole instructions", "short", "base", NULL, 2, 1,
	       WANT("not a seccomp filter"));
	snprintf(args, sizeof(args), "'%s/base.bpf' '%s/none.bpf'", c->dir,
		 c->dir);
	expect(c, "a missing file", NULL, NULL, args, 2, 1,
	       WANT("No such file"));
	expect(c, "a bad option", NULL, NULL, "-x a b", 2, 14, NULL);
}

/* Builds Docker's profile with @api, as bench builds it; NULL if not. */
static scmp_filter_ctx docker(const struct prop_api *api,
			      const struct workload *w, uint32_t optimize)
{
	scmp_filter_ctx f = api->init(w->def);
	size_t i;

	if (f == NULL)
		return NULL;
	if (api->attr_set(f, SCMP_FLTATR_CTL_OPTIMIZE, optimize) < 0) {
		api->release(f);
		return NULL;
	}
	for (i = 0; i < w->cnt; i++)
		api->rule_add_array(f, w->rules[i].action, w->rules[i].nr,
				    w->rules[i].cnt, w->rules[i].cmp);
	return f;
}

/*
 * Docker's profile against Podman's on x86_64, x86 and x32: the real
 * differences come first (mount, reboot, setns, clone's namespace flags),
 * the default errnos' ranges after them, and -n 0 finds every one.
 */
static void check_podman(struct ctx *c, const struct prop_api *ours,
			 struct workload_set *set)
{
	static const char *const ids[] = { "docker-3arch", "podman-3arch" };
	struct workload_build b;
	struct timespec t0, t1;
	char args[1024];
	double secs;
	size_t i, k;
	int rc = 0, failed;

	for (k = 0; k < 2 && rc == 0; k++) {
		for (i = 0; i < set->cnt; i++)
			if (strcmp(set->w[i].id, ids[k]) == 0)
				break;
		if (i == set->cnt) {
			rc = -ENOENT;
			break;
		}
		workload_resolve(set, &set->w[i]);
		rc = workload_build(&set->w[i], &b);
		if (rc == 0)
			rc = save(c, ours, b.ctx, ids[k]);
		seccomp_release(b.ctx);
	}
	if (rc < 0) {
		printf("FAIL Docker's and Podman's profiles: not built: %s\n",
		       strerror(-rc));
		c->failed++;
		return;
	}
	snprintf(args, sizeof(args),
		 "'%s/docker-3arch.bpf' '%s/podman-3arch.bpf'", c->dir, c->dir);
	expect(c, "Docker against Podman", NULL, NULL, args, 1, 17,
	       WANT("x86_64 socket (41) a0 in [38, 40] && a0 != 39: ERRNO(1)"
		    " -> ALLOW",
		    "x86_64 socket (41) a0 == 16 && a2 == 9: ALLOW -> ERRNO(22)",
		    "x86_64 clone (56) a0 & 0x7e020000 != 0: ERRNO(1) -> ALLOW",
		    "x86_64 syslog (103): ERRNO(1) -> ALLOW",
		    "x86_64 pivot_root (155): ERRNO(1) -> ALLOW",
		    "x86_64 [165-166] mount, umount2: ERRNO(1) -> ALLOW",
		    "x86_64 reboot (169): ERRNO(1) -> ALLOW"));
	snprintf(args, sizeof(args),
		 "-n 0 '%s/docker-3arch.bpf' '%s/podman-3arch.bpf'", c->dir,
		 c->dir);
	failed = c->failed;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	expect_has(c, "Docker against Podman, -n 0", args, 1,
		   WANT("\nx86_64 setns (308): ERRNO(1) -> ALLOW\n",
			"\nx32 setns (1073742132): ERRNO(1) -> ALLOW\n",
			"\nx86 setns (346): ERRNO(1) -> ALLOW\n",
			"\nx86 clone (120) a0 & 0x7e020000 != 0: ERRNO(1) ->"
			" ALLOW\n",
			"\nx86_64 personality (135) a0 >= 0x100000000: ERRNO(1)"
			" -> ERRNO(38)\n",
			"\nx86_64 [337-423] unnamed: ERRNO(1) -> ERRNO(38)\n",
			"\nx32 [1073742372-2147483647] unnamed: ERRNO(1) ->"
			" ERRNO(38)\n",
			"-4294967295] unnamed: ERRNO(1) -> ERRNO(38)\n"),
		   WANT("one input", "more differences", "other arch"));
	clock_gettime(CLOCK_MONOTONIC, &t1);
	/* The time is a figure for the log, never a verdict (HACKING). */
	secs = (double)(t1.tv_sec - t0.tv_sec) +
	       (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	printf("Docker against Podman, -n 0: %.2f s\n", secs);
	if (c->failed == failed)
		printf("ok Docker against Podman, -n 0\n");
}

static void check_docker(struct ctx *c, const struct prop_api *ours)
{
	struct workload_set set = { 0 };
	char data[512], probe[1024], name[32];
	struct workload *w = NULL;
	struct prop_api sys;
	scmp_filter_ctx f;
	size_t i;
	int rc = 0, level;

	snprintf(data, sizeof(data), "%s/../shared/data",
		 env_or("top_srcdir", ".."));
	set.data = env_or("SHARED_DATA", data);
	snprintf(probe, sizeof(probe), "%s/docker-default-seccomp.json",
		 set.data);
	if (access(probe, R_OK) != 0 || workload_load_all(&set) < 0) {
		printf("skipped Docker's profile: no policy data in %s\n",
		       set.data);
		c->skipped++;
		workload_set_free(&set);
		return;
	}
	for (i = 0; i < set.cnt; i++)
		if (strcmp(set.w[i].id, "docker") == 0)
			w = &set.w[i];
	if (w != NULL)
		workload_resolve(&set, w);
	for (level = 1; level <= 2 && w != NULL && rc == 0; level++) {
		f = docker(ours, w, (uint32_t)level);
		snprintf(name, sizeof(name), "docker-ours-%d", level);
		rc = f == NULL ? -EINVAL : save(c, ours, f, name);
		ours->release(f);
	}
	if (w == NULL || rc < 0) {
		printf("FAIL Docker's profile: not built\n");
		c->failed++;
		workload_set_free(&set);
		return;
	}
	expect(c, "Docker at OPTIMIZE 1 and 2", "docker-ours-1",
	       "docker-ours-2", NULL, 0, 1, WANT("equivalent"));
	check_podman(c, ours, &set);
	if (prop_api_open_system(&sys) < 0) {
		printf("skipped Docker's profile against libseccomp 2.5.4:"
		       " no system libseccomp.so.2\n");
		c->skipped++;
		workload_set_free(&set);
		return;
	}
	for (level = 1; level <= 2 && rc == 0; level++) {
		f = docker(&sys, w, (uint32_t)level);
		snprintf(name, sizeof(name), "docker-sys-%d", level);
		rc = f == NULL ? -EINVAL : save(c, &sys, f, name);
		sys.release(f);
	}
	if (rc < 0) {
		printf("FAIL Docker's profile: not built by the system"
		       " libseccomp\n");
		c->failed++;
	} else {
		expect(c, "Docker, ours and 2.5.4's", "docker-ours-1",
		       "docker-sys-1", NULL, 0, 1, WANT("equivalent"));
		expect(c, "Docker, ours and 2.5.4's binary tree",
		       "docker-ours-2", "docker-sys-2", NULL, 0, 1,
		       WANT("equivalent"));
	}
	prop_api_close(&sys);
	workload_set_free(&set);
}

int main(void)
{
	struct ctx c = { .failed = 0 };
	struct prop_api ours;
	char cmd[512];

	if (seccomp_arch_native() != SCMP_ARCH_X86_64) {
		fprintf(stderr, "the expected differences are x86_64's\n");
		return 77;
	}
	snprintf(c.tool, sizeof(c.tool), "%s/tools/scmp_bpf_diff",
		 env_or("top_builddir", ".."));
	snprintf(c.dir, sizeof(c.dir), "%s/bpf-diff.XXXXXX",
		 env_or("TMPDIR", "/tmp"));
	if (mkdtemp(c.dir) == NULL) {
		perror("mkdtemp");
		return 1;
	}
	/* actions the kernel lacks would be refused: the programs would vary */
	seccomp_api_set(7);
	prop_api_ours(&ours);
	check_small(&c, &ours);
	check_ranges(&c, &ours);
	check_json(&c);
	check_options(&c);
	check_trouble(&c);
	check_docker(&c, &ours);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", c.dir);
	if (system(cmd) != 0)
		printf("(cannot remove %s)\n", c.dir);
	printf("%d failed, %d skipped\n", c.failed, c.skipped);
	return c.failed > 0 ? 1 : 0;
}
