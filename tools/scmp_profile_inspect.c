/* SPDX-License-Identifier: LGPL-2.1-only */
/* scmp_profile inspect: what a running process's seccomp filters really do. */

/*
 *   scmp_profile inspect [--profile PROFILE.json] [--json] [-n MAX]
 *                        [--for runc|crun|none] [--dump DIR] PID
 *
 * Reading. /proc/PID/status says the mode (Seccomp: 0 none, 1 strict, 2
 * filter). In filter mode the tool attaches with PTRACE_SEIZE, stops the
 * process with PTRACE_INTERRUPT and reads every filter with
 * PTRACE_SECCOMP_GET_FILTER (index 0, 1, ... until ENOENT) and its flags
 * with PTRACE_SECCOMP_GET_METADATA, then detaches. The kernel numbers the
 * filters from the OLDEST: index 0 is the first one installed (checked
 * on Linux 6.18; ptrace(2) says the reverse). Both requests need
 * CAP_SYS_ADMIN and a reader that is under no seccomp filter itself.
 *
 * Composing. On every syscall the kernel runs every filter, the newest
 * first, and keeps the result whose action, (int32_t)(ret & 0xffff0000),
 * is the lowest: KILL_PROCESS < KILL_THREAD < TRAP < ERRNO < USER_NOTIF <
 * TRACE < LOG < ALLOW. On a tie the newer filter's result (its data)
 * stays, since a later one must be strictly lower to replace it.
 *
 * Reporting, per ABI the filters test (and this machine's): for every
 * syscall number, each filter is walked knowing only nr and arch
 * (values known or not, joined where paths meet). A filter whose every
 * reachable return gives one value decides by the number alone; one that
 * can return several decides by the arguments (or the instruction
 * pointer). Numbers with the same outcome make one region. The action
 * cache (Linux >= 5.11) is bpf_sim_cache_allow() of every filter. With
 * --profile the stack is compared, for every input, with the profile's
 * program as compile builds it: a Z3 proof by the diff engine (bpf_diff.h).
 */

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "scmp_profile_shared.h"
#include "scmp_profile_inspect_read.h"
#include "scmp_profile_inspect_abi.h"
#include "scmp_profile_inspect_prove.h"

/* Differences --profile shows by default. */
#define DEFAULT_MAX 16u
/* Exit status: the process and --profile differ (as diff(1)'s 1, moved). */
#define SP_EXIT_DIFFER 3

/* The command's options. */
struct opts {
	const char *profile;
	const char *dump; /* --dump DIR, or NULL */
	unsigned int set; /* --for: SP_FOR_RUNC, SP_FOR_CRUN or 0 */
	struct sp_resolve r;
	bool json;
	unsigned int max;
};

/* A filter's flags, as names where known: LOG, else 0x...; null if unknown. */
static json_t *flags_json(const struct filter *f)
{
	json_t *a;

	if (!f->flags_known)
		return json_null();
	a = json_array();
	if (f->flags & SECCOMP_FILTER_FLAG_LOG)
		json_array_append_new(a, json_string("LOG"));
	if (f->flags & ~(uint64_t)SECCOMP_FILTER_FLAG_LOG) {
		char hex[32];

		snprintf(hex, sizeof(hex), "0x%" PRIx64,
			 f->flags & ~(uint64_t)SECCOMP_FILTER_FLAG_LOG);
		json_array_append_new(a, json_string(hex));
	}
	return a;
}

static const char *mode_name(int mode)
{
	return mode == 0 ? "none" :
	       mode == 1 ? "strict" :
	       mode == 2 ? "filter" :
			   "unknown";
}

/* The profile's program; SP_EXIT_* on failure, said on stderr. */
static int profile_prog(const struct opts *o, struct bpf_sim_prog *prog)
{
	struct profile p;
	scmp_filter_ctx ctx = NULL;
	void *raw = NULL;
	size_t len = 0;
	int rc;

	if (sp_for_check(&o->r, o->set) != 0)
		return SP_EXIT_BAD;
	rc = sp_filter(o->profile, &o->r, &p, &ctx);
	if (rc == 0)
		rc = sp_for_compile(ctx, &p, o->set);
	if (rc == 0)
		rc = sp_program(ctx, &p, prog, &raw, &len);
	free(raw);
	seccomp_release(ctx);
	profile_free(&p);
	return rc;
}

/* The text's first line: the process, its mode and how many filters. */
static void report_process(const struct target *t)
{
	printf("process %d: seccomp mode %s", (int)t->pid, mode_name(t->mode));
	if (t->mode == 2)
		printf(", %u filter%s (index 0 installed first; the"
		       " newest runs first and wins ties)",
		       t->s.cnt, t->s.cnt == 1 ? "" : "s");
	/* Seccomp_filters (Linux 5.9+) counts them too */
	if (t->mode == 2 && t->status_count >= 0 &&
	    t->status_count != (long)t->s.cnt)
		printf("; /proc/%d/status says %ld: the stack changed"
		       " while read",
		       (int)t->pid, t->status_count);
	printf("\n");
}

/* Each filter: its length and flags, as text or into @jf. */
static void report_filters(const struct target *t, bool json, json_t *jf)
{
	unsigned int i;

	for (i = 0; i < t->s.cnt; i++) {
		const struct filter *f = &t->f[i];
		json_t *fl = flags_json(f);

		if (json) {
			json_array_append_new(
				jf, json_pack("{s:i, s:i, s:o}", "index", i,
					      "instructions", t->s.prog[i].len,
					      "flags", fl));
			continue;
		}
		printf("filter %u: %u instructions, flags: ", i,
		       t->s.prog[i].len);
		if (!json_is_array(fl))
			printf("unknown (no PTRACE_SECCOMP_GET_METADATA)");
		else if (json_array_size(fl) == 0)
			printf("none");
		for (size_t k = 0; json_is_array(fl) && k < json_array_size(fl);
		     k++)
			printf("%s%s", k ? "," : "",
			       json_string_value(json_array_get(fl, k)));
		printf("\n");
		json_decref(fl);
	}
}

/*
 * The report of @t, as text or one JSON document, and with --profile the
 * proof against it. Returns 0, SP_EXIT_DIFFER or SP_EXIT_FAIL (said).
 */
static int report(struct target *t, const struct opts *o)
{
	const struct bpf_sim_arch *abis[64];
	json_t *root = NULL, *jf = NULL, *ja = NULL, *jdiff = NULL;
	struct bpf_sim_prog prof = { 0 };
	unsigned int n, i;
	int rc = 0, diffs = 0;

	if (o->profile != NULL && t->mode == 1) {
		fprintf(stderr, "scmp_profile: --profile: strict mode is no"
				" filter to compare\n");
		return SP_EXIT_FAIL;
	}
	if (o->profile != NULL) {
#ifdef SP_HAVE_Z3
		rc = profile_prog(o, &prof);
		if (rc != 0)
			return rc;
#else
		fprintf(stderr, "scmp_profile: --profile needs Z3: this"
				" scmp_profile was built without it\n");
		return SP_EXIT_FAIL;
#endif
	}
	if (o->json) {
		root = json_object();
		jf = json_array();
		ja = json_array();
		json_object_set_new(root, "pid", json_integer(t->pid));
		json_object_set_new(root, "mode",
				    json_string(mode_name(t->mode)));
		json_object_set_new(root, "filters", jf);
		json_object_set_new(root, "abis", ja);
	} else {
		report_process(t);
	}
	if (t->mode == 1 && !o->json)
		printf("strict mode: read, write, exit and rt_sigreturn only;"
		       " any other call kills the thread (SIGKILL)\n");
	if (t->mode == 0 && !o->json)
		printf("no filter: the kernel allows every syscall\n");
	report_filters(t, o->json, jf);
	if (t->mode != 1) {
		n = inspect_report_abis(t, abis, 64);
		for (i = 0; i < n && rc == 0; i++)
			rc = inspect_report_abi(t, abis[i], o->json, ja);
		if (rc == 0)
			inspect_report_other(t, o->json, root);
	}
	if (rc == 0 && o->profile != NULL) {
#ifdef SP_HAVE_Z3
		if (o->json)
			jdiff = json_array();
		else
			printf("\nagainst %s (every input, proved):\n",
			       o->profile);
		diffs = inspect_prove_diff(t, &prof, o->max, jdiff);
		if (diffs < 0) {
			fprintf(stderr, "scmp_profile: no proof: %s\n",
				diffs == -ETIME ? "the solver gave up" :
						  strerror(-diffs));
			rc = SP_EXIT_FAIL;
			json_decref(jdiff);
			goto out;
		}
		if (o->json) {
			json_object_set_new(root, "profile",
					    json_string(o->profile));
			json_object_set_new(root, "equivalent",
					    json_boolean(diffs == 0));
			json_object_set_new(root, "differences", jdiff);
		} else if (diffs == 0) {
			printf("  equivalent: no input makes them return"
			       " different values\n");
		}
#endif
	}
	if (rc == 0 && o->json) {
		json_dumpf(root, stdout, JSON_INDENT(1));
		printf("\n");
	}
	if (rc == 0 && fflush(stdout) != 0)
		rc = SP_EXIT_FAIL;
	if (rc < 0) {
		fprintf(stderr, "scmp_profile: %s\n", strerror(-rc));
		rc = SP_EXIT_FAIL;
	}
	if (rc == 0 && diffs > 0)
		rc = SP_EXIT_DIFFER;
out:
	json_decref(root);
	bpf_sim_free(&prof);
	return rc;
}

/*
 * --dump
 */

/*
 * Makes @dir (if it is not there) and checks it takes files, before the
 * process is traced. Returns 0; SP_EXIT_FAIL, said on stderr.
 */
static int dump_prepare(const char *dir)
{
	struct stat st;

	if (mkdir(dir, 0777) != 0 && errno != EEXIST)
		goto fail;
	if (stat(dir, &st) != 0)
		goto fail;
	errno = ENOTDIR;
	if (!S_ISDIR(st.st_mode) || access(dir, W_OK | X_OK) != 0)
		goto fail;
	return 0;
fail:
	fprintf(stderr, "scmp_profile: --dump %s: %s\n", dir, strerror(errno));
	return SP_EXIT_FAIL;
}

/*
 * Writes filter N as @dir/filter-N.bpf, its instructions as the kernel
 * holds them (this machine's byte order, as seccomp_export_bpf() writes):
 * the input of scmp_bpf_disasm, scmp_bpf_sim and scmp_bpf_diff. Returns
 * 0; SP_EXIT_FAIL, said on stderr.
 */
static int dump_filters(const struct target *t, const char *dir)
{
	struct sp_output o;
	char *path;
	unsigned int i;
	size_t size = strlen(dir) + 32;
	int rc = 0;

	if (t->s.cnt == 0)
		fprintf(stderr,
			"scmp_profile: --dump: process %d has no"
			" filter: nothing written\n",
			(int)t->pid);
	path = malloc(size);
	if (path == NULL) {
		fprintf(stderr, "scmp_profile: %s\n", strerror(ENOMEM));
		return SP_EXIT_FAIL;
	}
	for (i = 0; i < t->s.cnt && rc == 0; i++) {
		snprintf(path, size, "%s/filter-%u.bpf", dir, i);
		rc = sp_output_open(&o, path);
		if (rc != 0)
			break;
		fwrite(t->s.prog[i].insns, sizeof(t->s.prog[i].insns[0]),
		       t->s.prog[i].len, o.f);
		rc = sp_output_commit(&o);
	}
	free(path);
	return rc;
}

static const char inspect_synopsis[] =
	"usage: scmp_profile inspect [OPTIONS] [--profile PROFILE.json]"
	" [--json] [-n MAX]\n"
	"                            [--for runc|crun|none] [--dump DIR] PID\n";

const char sp_inspect_help[] =
	"inspect (a running process's filters; root):\n"
	"  --profile FILE     prove the process's filters equal FILE's, or"
	" show inputs\n"
	"                     where they differ (exit 3; needs Z3); the"
	" profile\n"
	"                     options above say how FILE is compiled\n"
	"  --for runc|crun|none  compile FILE with that runtime's verdicts,"
	" as compile\n"
	"                     --for does (a runc container: runc)\n"
	"  --json             the report as JSON\n"
	"  -n, --max MAX      show at most MAX differences (default 16; 0:"
	" all)\n"
	"  --dump DIR         also write each filter as DIR/filter-N.bpf (N:"
	" its index),\n"
	"                     for scmp_bpf_disasm, scmp_bpf_sim and"
	" scmp_bpf_diff\n"
	"  -h, --help         this help\n";

static int inspect_usage(void)
{
	fprintf(stderr, "%sSee scmp_profile inspect --help.\n",
		inspect_synopsis);
	return SP_EXIT_BAD;
}

int inspect_main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		SP_RESOLVE_OPTIONS,
		{ "profile", required_argument, NULL, 'p' },
		{ "json", no_argument, NULL, 'j' },
		{ "max", required_argument, NULL, 'n' },
		{ "dump", required_argument, NULL, 'D' },
		{ "for", required_argument, NULL, 'R' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct target t = { 0 };
	struct opts o = { .max = DEFAULT_MAX };
	unsigned long v;
	char *end;
	int c, rc;
	unsigned int i;

	sp_resolve_init(&o.r);
	while ((c = getopt_long(argc, argv, "n:qh", longopts, NULL)) != -1) {
		rc = sp_resolve_option(&o.r, c, optarg);
		if (rc == 1)
			continue;
		if (rc != 0)
			return rc;
		switch (c) {
		case 'p':
			o.profile = optarg;
			break;
		case 'j':
			o.json = true;
			break;
		case 'D':
			o.dump = optarg;
			break;
		case 'R':
			if (sp_for_one("inspect", optarg, &o.set) != 0)
				return SP_EXIT_BAD;
			break;
		case 'h':
			printf("%s\n%s%s", inspect_synopsis, sp_resolve_help,
			       sp_inspect_help);
			return fflush(stdout) != 0 ? SP_EXIT_FAIL : 0;
		case 'n':
			errno = 0;
			v = strtoul(optarg, &end, 10);
			if (errno != 0 || *end != '\0' || *optarg == '-' ||
			    *optarg == '\0' || v > 1000000) {
				fprintf(stderr,
					"scmp_profile: -n: not a count: %s\n",
					optarg);
				return SP_EXIT_BAD;
			}
			o.max = (unsigned int)v;
			break;
		default:
			return inspect_usage();
		}
	}
	if (optind != argc - 1)
		return inspect_usage();
	errno = 0;
	v = strtoul(argv[optind], &end, 10);
	if (errno != 0 || *end != '\0' || argv[optind][0] < '1' ||
	    argv[optind][0] > '9' || v > 0x7fffffff) {
		fprintf(stderr, "scmp_profile: not a process id: %s\n",
			argv[optind]);
		return SP_EXIT_BAD;
	}
	t.pid = (pid_t)v;
	rc = o.dump != NULL ? dump_prepare(o.dump) : 0;
	if (rc == 0)
		rc = inspect_read_target(&t);
	if (rc == 0 && o.dump != NULL)
		rc = dump_filters(&t, o.dump);
	if (rc == 0)
		rc = report(&t, &o);
	for (i = 0; i < t.s.cnt; i++)
		bpf_sim_free(&t.s.prog[i]);
	free(t.s.prog);
	free(t.f);
	return rc;
}
