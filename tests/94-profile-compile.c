/* SPDX-License-Identifier: LGPL-2.1-only */
/* 94-profile-compile: scmp_profile compile makes the programs the benchmark's
 * reading of Docker's and Podman's profiles makes, in every output format. */

/*
 * For Docker's profile (on x86_64 alone and on x86_64, x86 and x32) and
 * Podman's (three ABIs), with the capability sets bench/workload.c uses:
 *  - scmp_profile compile -f bpf writes a program; bench/workload.c builds
 *    the same policy rule by rule through the API (workload_build()). Both
 *    run in the simulator on every syscall number of each ABI (0 to 1023
 *    from its base, known or not), with zero arguments and with each value
 *    any rule compares an argument with (and one either side of it): the
 *    actions must be the same, errno values included;
 *  - -f disasm is bpf_disasm_listing() of that program, -f pfc is the
 *    library's PFC of the filter tools/profile_build.c builds, -f c compiles
 *    (with $CC) to the same instructions, -f dot has one node per
 *    instruction and names syscalls, --stats names the program's length;
 *  - compile --filter NAME --arch ABI of each Firecracker filter (vmm,
 *    api, vcpu; x86_64 and aarch64) makes bench's program of it;
 *  - --kernel and --caps change what the profile means: with kernel 4.4
 *    ptrace takes the default action (Docker allows it from 4.8), with
 *    CAP_SYS_ADMIN clone3 is allowed instead of failing with ENOSYS.
 * The profiles come from ../shared/data ($SHARED_DATA); without them the
 * test skips.
 */

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bpf_disasm.h"
#include "bpf_sim.h"
#include "profile.h"
#include "run_cmd.h"
#include "test_util.h"
#include "workload.h"

#define SPAN 1024u
#define PROBES_MAX 256u

struct env {
	char tool[512];
	char data[512];
	char tmp[256];
	struct workload_set set;
};

struct compile_case {
	const char *workload; /* bench's id */
	const char *file;
	const char *arches;
	const char *caps; /* as --caps takes them */
};

static const char podman_caps[] =
	"CAP_CHOWN,CAP_DAC_OVERRIDE,CAP_FOWNER,CAP_FSETID,CAP_KILL,"
	"CAP_NET_BIND_SERVICE,CAP_SETFCAP,CAP_SETGID,CAP_SETPCAP,CAP_SETUID,"
	"CAP_SYS_CHROOT";

static const struct compile_case cases[] = {
	{ "docker", "docker-default-seccomp.json", "x86_64", "default" },
	{ "docker-3arch", "docker-default-seccomp.json", "x86_64,x86,x32",
	  "default" },
	{ "podman-3arch", "containers-common-seccomp.json", "x86_64,x86,x32",
	  podman_caps },
};

static const char *env_or(const char *name, const char *fallback)
{
	const char *v = getenv(name);

	return v != NULL && *v != '\0' ? v : fallback;
}

/* Runs scmp_profile compile with @extra options; its exit status. */
static int compile(const struct env *e, const char *file, const char *arches,
		   const char *caps, const char *const *extra, const char *out,
		   const char *err)
{
	char path[1024], archarg[64], caparg[512];
	char *argv[24];
	unsigned int n = 0;

	snprintf(path, sizeof(path), "%s/%s", e->data, file);
	snprintf(archarg, sizeof(archarg), "--arch=%s", arches);
	snprintf(caparg, sizeof(caparg), "--caps=%s", caps);
	argv[n++] = (char *)e->tool;
	argv[n++] = "compile";
	argv[n++] = archarg;
	argv[n++] = caparg;
	argv[n++] = "--kernel=99.0";
	for (; extra != NULL && *extra != NULL && n < 20; extra++)
		argv[n++] = (char *)*extra;
	argv[n++] = "-o";
	argv[n++] = (char *)out;
	argv[n++] = path;
	argv[n] = NULL;
	return run_exit(argv, NULL, err);
}

static struct workload *find_workload(struct env *e, const char *id)
{
	size_t i;

	for (i = 0; i < e->set.cnt; i++)
		if (strcmp(e->set.w[i].id, id) == 0)
			return &e->set.w[i];
	return NULL;
}

/* Bench's program of workload @w (resolved and built as bench does). */
static int bench_program(const struct workload *w, struct bpf_sim_prog *prog)
{
	struct workload_build bd;
	void *buf = NULL;
	size_t len = 0;
	int rc;

	rc = workload_build(w, &bd);
	if (rc < 0)
		return rc;
	EXPECT(bd.errors, 0);
	rc = seccomp_export_bpf_mem(bd.ctx, NULL, &len);
	if (rc == 0 && (buf = malloc(len)) == NULL)
		rc = -ENOMEM;
	if (rc == 0)
		rc = seccomp_export_bpf_mem(bd.ctx, buf, &len);
	if (rc == 0)
		rc = bpf_sim_load_mem(prog, buf, len, 0);
	free(buf);
	seccomp_release(bd.ctx);
	return rc;
}

/* Every value a rule compares an argument with, and its neighbours. */
static unsigned int probe_values(const struct workload *w, uint64_t *v)
{
	unsigned int n = 0, k, d;
	size_t i;

	for (i = 0; i < w->cnt; i++)
		for (k = 0; k < w->rules[i].cnt; k++)
			for (d = 0; d < 3 && n < PROBES_MAX; d++)
				v[n++] = w->rules[i].cmp[k].datum_a + d - 1;
	return n;
}

static unsigned int compare_on(struct bpf_sim_prog *a, struct bpf_sim_prog *b,
			       const struct seccomp_data *d, const char *id,
			       const char *arch)
{
	struct bpf_sim_result ra, rb;

	if (bpf_sim_run(a, d, &ra) < 0 || bpf_sim_run(b, d, &rb) < 0) {
		printf("FAIL %s: a program does not run\n", id);
		return 1;
	}
	if (ra.action == rb.action)
		return 0;
	printf("FAIL %s %s nr %d args %#llx %#llx %#llx: scmp_profile %#x,"
	       " bench %#x\n",
	       id, arch, d->nr, (unsigned long long)d->args[0],
	       (unsigned long long)d->args[1], (unsigned long long)d->args[2],
	       ra.action, rb.action);
	return 1;
}

/* Both programs on every number of every ABI the case names. */
static void compare_programs(const struct compile_case *c,
			     const struct workload *w,
			     struct bpf_sim_prog *tool,
			     struct bpf_sim_prog *bench)
{
	uint64_t values[PROBES_MAX];
	unsigned int nv = probe_values(w, values), i, k, bad = 0;
	struct seccomp_data d;
	const struct bpf_sim_arch *a;
	char arches[64], *name, *save = NULL;
	unsigned long runs = 0;
	uint32_t nr;

	snprintf(arches, sizeof(arches), "%s", c->arches);
	for (name = strtok_r(arches, ",", &save); name != NULL;
	     name = strtok_r(NULL, ",", &save)) {
		a = bpf_sim_arch_by_name(name);
		for (nr = a->nr_base; nr < a->nr_base + SPAN && bad < 10;
		     nr++) {
			memset(&d, 0, sizeof(d));
			d.nr = (int)nr;
			d.arch = a->data_arch;
			bad += compare_on(tool, bench, &d, w->id, name);
			for (i = 0; i < nv && bad < 10; i++)
				for (k = 0; k < 6; k++) {
					memset(d.args, 0, sizeof(d.args));
					d.args[k] = values[i];
					bad += compare_on(tool, bench, &d,
							  w->id, name);
					runs++;
				}
		}
	}
	test_failures += bad;
	printf("%s: %lu inputs compared, %u differ\n", w->id, runs, bad);
}

/* The file at @path is exactly @len bytes of @want. */
static void expect_file(const char *path, const void *want, size_t len,
			const char *what)
{
	size_t got_len = 0;
	char *got = read_file(path, &got_len);

	if (got == NULL || got_len != len || memcmp(got, want, len) != 0) {
		printf("FAIL %s: %s differs (%zu bytes, want %zu)\n", what,
		       path, got_len, len);
		test_failures++;
	}
	free(got);
}

/* -f disasm and -f pfc against the simulator's listing and the library. */
static void check_text_formats(const struct env *e,
			       const struct compile_case *c,
			       const struct bpf_sim_prog *prog)
{
	static const char *const disasm[] = { "-f", "disasm", NULL };
	static const char *const pfc[] = { "-f", "pfc", NULL };
	char out[512], want[512], path[1024];
	struct profile_opts o = { .caps = profile_docker_caps,
				  .kernel = PROFILE_KVER(99, 0) };
	struct profile_diag diag;
	struct profile p;
	scmp_filter_ctx ctx = NULL;
	uint32_t arches[3];
	char *text;
	size_t len = 0;
	FILE *f;

	snprintf(out, sizeof(out), "%s/out.txt", e->tmp);
	snprintf(want, sizeof(want), "%s/want.txt", e->tmp);
	EXPECT(compile(e, c->file, c->arches, c->caps, disasm, out, NULL), 0);
	f = fopen(want, "w");
	if (f != NULL) {
		bpf_disasm_listing(f, prog);
		fclose(f);
	}
	text = read_file(want, &len);
	if (text != NULL)
		expect_file(out, text, len, "-f disasm");
	free(text);

	/* the filter tools/profile_build.c builds, exported by the library */
	if (strcmp(c->caps, "default") != 0)
		return;
	snprintf(path, sizeof(path), "%s/%s", e->data, c->file);
	arches[0] = SCMP_ARCH_X86_64;
	arches[1] = SCMP_ARCH_X86;
	arches[2] = SCMP_ARCH_X32;
	o.arches = arches;
	o.narch = strchr(c->arches, ',') != NULL ? 3 : 1;
	o.host_arch = SCMP_ARCH_X86_64;
	EXPECT(profile_read(path, &p, &diag), 0);
	EXPECT(profile_resolve(&p, &o, &diag), 0);
	EXPECT(profile_build(&p, &o, &ctx, &diag), 0);
	f = fopen(want, "w");
	if (f != NULL && ctx != NULL) {
		fflush(f);
		EXPECT(seccomp_export_pfc(ctx, fileno(f)), 0);
	}
	if (f != NULL)
		fclose(f);
	seccomp_release(ctx);
	profile_free(&p);
	EXPECT(compile(e, c->file, c->arches, c->caps, pfc, out, NULL), 0);
	text = read_file(want, &len);
	if (text != NULL)
		expect_file(out, text, len, "-f pfc");
	free(text);
}

/*
 * -f c, compiled with $CC into a program that writes the array: the
 * bytes of -f bpf (on this little-endian ABI, host order is the
 * filter's).
 */
static void check_c_format(const struct env *e, const struct compile_case *c,
			   const char *bpf_path)
{
	static const char *const fmt_c[] = { "-f", "c", NULL };
	char src[512], main_src[512], exe[512], out[512];
	char *argv[8];
	size_t len = 0;
	char *want;
	FILE *f;

	snprintf(src, sizeof(src), "%s/filter.c", e->tmp);
	snprintf(main_src, sizeof(main_src), "%s/main.c", e->tmp);
	snprintf(exe, sizeof(exe), "%s/filter", e->tmp);
	snprintf(out, sizeof(out), "%s/c.bin", e->tmp);
	EXPECT(compile(e, c->file, c->arches, c->caps, fmt_c, src, NULL), 0);
	f = fopen(main_src, "w");
	if (f == NULL)
		return;
	fprintf(f, "#include <stdio.h>\n#include \"filter.c\"\n"
		   "int main(void)\n{\n"
		   "\treturn fwrite(seccomp_prog.filter, sizeof(*seccomp_prog"
		   ".filter), seccomp_prog.len, stdout) != seccomp_prog.len;"
		   "\n}\n");
	fclose(f);
	argv[0] = (char *)env_or("CC", "cc");
	argv[1] = "-o";
	argv[2] = exe;
	argv[3] = main_src;
	argv[4] = NULL;
	if (run_exit(argv, NULL, NULL) != 0) {
		printf("FAIL -f c: %s does not compile with %s\n", src,
		       argv[0]);
		test_failures++;
		return;
	}
	argv[0] = exe;
	argv[1] = NULL;
	EXPECT(run_exit(argv, out, NULL), 0);
	want = read_file(bpf_path, &len);
	if (want != NULL)
		expect_file(out, want, len, "-f c");
	free(want);
}

/*
 * -f dot: the first ABI's graph (bpf_disasm_graph(), which 86-tool-disasm
 * checks), syscall number tests collapsed, socket's argument checks
 * named; --stats: the length.
 */
static void check_dot_stats(const struct env *e, const struct compile_case *c,
			    const struct bpf_sim_prog *prog)
{
	static const char *const dot[] = { "-f", "dot", "--stats", NULL };
	char out[512], err[512], want[64];
	unsigned int nodes = 0;
	char *text, *s;

	snprintf(out, sizeof(out), "%s/out.dot", e->tmp);
	snprintf(err, sizeof(err), "%s/stats.txt", e->tmp);
	EXPECT(compile(e, c->file, c->arches, c->caps, dot, out, err), 0);
	text = read_file(out, NULL);
	/* a node is "\tn12 [label=...", an edge "\tn12 -> n14 ..." */
	for (s = text; s != NULL && (s = strstr(s, "\n\tn")) != NULL; s++)
		nodes += strchr(s + 3, ' ') != NULL &&
			 strchr(s + 3, ' ')[1] == '[';
	EXPECT(nodes > 2 && nodes < prog->len / 4, 1);
	EXPECT(text != NULL && strncmp(text, "digraph \"x86_64\"", 16) == 0, 1);
	EXPECT(text != NULL && strstr(text, "\"x86_64 syscall\"") != NULL, 1);
	EXPECT(text != NULL && strstr(text, "socket\\na0 low") != NULL, 1);
	EXPECT(text != NULL && strstr(text, "[label=\"ALLOW\"") != NULL, 1);
	free(text);
	text = read_file(err, NULL);
	snprintf(want, sizeof(want), "program: %u instructions\n", prog->len);
	EXPECT(text != NULL && strstr(text, want) != NULL, 1);
	EXPECT(text != NULL && strstr(text, "x86_64: ") != NULL, 1);
	free(text);
}

static void check_case(struct env *e, const struct compile_case *c)
{
	struct bpf_sim_prog tool = { 0 }, bench = { 0 };
	struct workload *w = find_workload(e, c->workload);
	char bpf[512];

	snprintf(bpf, sizeof(bpf), "%s/%s.bpf", e->tmp, c->workload);
	EXPECT(compile(e, c->file, c->arches, c->caps, NULL, bpf, NULL), 0);
	EXPECT(bpf_sim_load_file(&tool, bpf, 0), 0);
	if (w == NULL || bench_program(w, &bench) < 0 || tool.len == 0) {
		printf("FAIL %s: no program to compare\n", c->workload);
		test_failures++;
	} else {
		compare_programs(c, w, &tool, &bench);
		check_text_formats(e, c, &tool);
		check_c_format(e, c, bpf);
		check_dot_stats(e, c, &tool);
	}
	unlink(bpf);
	bpf_sim_free(&tool);
	bpf_sim_free(&bench);
}

/* The action the program of @file gives @syscall (zero arguments). */
static uint32_t action_of(const struct env *e, const char *file,
			  const char *caps, const char *const *extra,
			  const char *syscall)
{
	struct bpf_sim_prog prog = { 0 };
	struct seccomp_data d = { 0 };
	struct bpf_sim_result res = { 0 };
	char bpf[512];

	snprintf(bpf, sizeof(bpf), "%s/one.bpf", e->tmp);
	if (compile(e, file, "x86_64", caps, extra, bpf, NULL) != 0 ||
	    bpf_sim_load_file(&prog, bpf, 0) < 0)
		return 1;
	d.nr = seccomp_syscall_resolve_name_arch(SCMP_ARCH_X86_64, syscall);
	d.arch = SCMP_ARCH_X86_64;
	bpf_sim_run(&prog, &d, &res);
	bpf_sim_free(&prog);
	unlink(bpf);
	return res.action;
}

/*
 * Firecracker's filters, by name: the program of compile --filter is the
 * one bench builds from the workload (both read the file through
 * tools/profile_fc.c, bench rule by rule through the API).
 */
static void check_firecracker(struct env *e)
{
	static const char *const threads[] = { "vmm", "api", "vcpu" };
	static const char *const abis[] = { "x86_64", "aarch64" };
	struct bpf_sim_prog tool = { 0 }, bench = { 0 };
	struct compile_case c = { 0 };
	const char *extra[2] = { NULL, NULL };
	char bpf[512], id[64], file[96], filter[64];
	struct workload *w;
	size_t i, k;

	snprintf(bpf, sizeof(bpf), "%s/fc.bpf", e->tmp);
	for (k = 0; k < 2; k++)
		for (i = 0; i < 3; i++) {
			snprintf(id, sizeof(id), "fc-%s-%s", abis[k],
				 threads[i]);
			snprintf(file, sizeof(file),
				 "firecracker-%s-musl-seccomp.json", abis[k]);
			snprintf(filter, sizeof(filter), "--filter=%s",
				 threads[i]);
			extra[0] = filter;
			c.workload = id;
			c.file = file;
			c.arches = abis[k];
			c.caps = "none";
			w = find_workload(e, id);
			if (w != NULL)
				workload_resolve(&e->set, w);
			EXPECT(compile(e, file, abis[k], "none", extra, bpf,
				       NULL),
			       0);
			EXPECT(bpf_sim_load_file(&tool, bpf, 0), 0);
			if (w == NULL || bench_program(w, &bench) < 0 ||
			    tool.len == 0) {
				printf("FAIL %s: no program to compare\n", id);
				test_failures++;
			} else {
				compare_programs(&c, w, &tool, &bench);
			}
			bpf_sim_free(&tool);
			bpf_sim_free(&bench);
			unlink(bpf);
		}
}

static void check_host(const struct env *e)
{
	static const char *const old[] = { "--kernel=4.4", NULL };
	static const char docker[] = "docker-default-seccomp.json";

	EXPECT(action_of(e, docker, "default", NULL, "ptrace"), SCMP_ACT_ALLOW);
	EXPECT(action_of(e, docker, "default", old, "ptrace"),
	       SCMP_ACT_ERRNO(EPERM));
	EXPECT(action_of(e, docker, "default", NULL, "clone3"),
	       SCMP_ACT_ERRNO(ENOSYS));
	EXPECT(action_of(e, docker, "CAP_SYS_ADMIN", NULL, "clone3"),
	       SCMP_ACT_ALLOW);
	EXPECT(action_of(e, docker, "none", NULL, "chroot"),
	       SCMP_ACT_ERRNO(EPERM));
	EXPECT(action_of(e, docker, "default", NULL, "chroot"), SCMP_ACT_ALLOW);
}

int main(void)
{
	static struct env e;
	char probe[1024];
	size_t i;

	if (seccomp_arch_native() != SCMP_ARCH_X86_64) {
		fprintf(stderr, "skipped: the cases are x86_64's\n");
		return 77;
	}
	snprintf(e.tool, sizeof(e.tool), "%s/tools/scmp_profile",
		 env_or("top_builddir", ".."));
	snprintf(probe, sizeof(probe), "%s/../shared/data",
		 env_or("top_srcdir", ".."));
	snprintf(e.data, sizeof(e.data), "%s", env_or("SHARED_DATA", probe));
	snprintf(probe, sizeof(probe), "%s/docker-default-seccomp.json",
		 e.data);
	if (access(probe, R_OK) != 0) {
		fprintf(stderr, "skipped: no profiles in %s\n", e.data);
		return 77;
	}
	/* the programs use every action this library has */
	if (seccomp_api_set(7) < 0)
		return 1;
	snprintf(e.tmp, sizeof(e.tmp), "%s/profile-compile.XXXXXX",
		 env_or("TMPDIR", "/tmp"));
	if (mkdtemp(e.tmp) == NULL)
		return 1;
	e.set.data = e.data;
	if (workload_load_all(&e.set) < 0)
		return 1;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		workload_resolve(&e.set, find_workload(&e, cases[i].workload));
		check_case(&e, &cases[i]);
	}
	check_firecracker(&e);
	check_host(&e);
	workload_set_free(&e.set);
	snprintf(probe, sizeof(probe), "rm -rf '%s'", e.tmp);
	if (system(probe) != 0)
		printf("note: %s left behind\n", e.tmp);
	return test_result();
}
