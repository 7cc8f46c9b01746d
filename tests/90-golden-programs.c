/* SPDX-License-Identifier: LGPL-2.1-only */
/* 90-golden-programs: the exported BPF and PFC of the benchmark's policies and of a fixed random corpus stay byte for byte what tests/golden/ holds. */

/*
 * For each program NAME, tests/golden/ holds
 *   NAME.bpf.txt  what tools/scmp_bpf_disasm -n lists for the exported
 *                 BPF: one instruction a line, its opcode, jt, jf and k in
 *                 hex (the program itself, byte for byte), then its
 *                 mnemonic (-n: without the names, which follow the
 *                 syscall tables, not the program)
 *   NAME.pfc      the PFC export
 * The test builds every program anew, exports and lists it, and compares
 * both files with the committed ones; each difference is printed as a
 * unified diff (diff -u, committed first) and fails the test. A committed
 * file that no program produces any more fails it too.
 *
 * --refresh (make golden-refresh) prints the same diffs, then rewrites
 * the goldens that differ and removes the stale ones.
 *
 * The programs:
 *  - the workloads of bench/workload.c named in bench_ids[], built as
 *    bench builds them (its rules, arches and attributes) but without a
 *    drop list: every name this library knows stays in. They read the
 *    policy files of ../shared/data beside the source tree ($SHARED_DATA
 *    overrides it); without them each one is reported skipped and the
 *    others are still checked.
 *  - random-NN: scripts of the property generator (lib/prop.c) from a
 *    fixed seed, run through the API as 60-prop-random runs them. A
 *    change to that generator changes them too: refresh, and say so.
 *
 * seccomp_init() adds the native ABI, so the programs are x86_64's; on
 * other hosts the test skips. The API level is set to 7: actions a kernel
 * lacks are refused, so the programs would otherwise follow the kernel
 * (and valgrind, which has no seccomp(2), makes it level 1).
 */

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "prop.h"
#include "workload.h"

#define RANDOM_SEED 0x601de2ULL
#define RANDOM_COUNT 40
#define GOLDEN_API_LEVEL 7
#define NAME_MAX_LEN 64

/* clang-format off */
/* The benchmark's workloads that have goldens (docker-3arch-opt2 and the
 * larger synthetic series add size, not layouts the others lack). */
static const char *const bench_ids[] = {
	"docker", "docker-3arch", "docker-opt2", "docker-kvermax",
	"docker-3arch-kvermax", "podman-3arch",
	"fc-x86_64-vmm", "fc-x86_64-api", "fc-x86_64-vcpu", "fc-aarch64-vmm",
	"fc-aarch64-api", "fc-aarch64-vcpu", "systemd", "synthetic-1k",
};
/* clang-format on */

#define N(a) (sizeof(a) / sizeof((a)[0]))

struct golden {
	const char *src; /* tests/golden in the source tree */
	bool refresh;
	const char *disasm; /* tools/scmp_bpf_disasm */
	char tmp[256];	    /* this run's exports */
	char names[N(bench_ids) + RANDOM_COUNT][NAME_MAX_LEN];
	unsigned int cnt; /* programs produced */
	unsigned int failed;
	unsigned int changed;
};

/* Reads a whole file; NULL (and -errno in *rc) if it cannot. */
static char *slurp(const char *path, int *rc)
{
	FILE *f = fopen(path, "re");
	char *text = NULL;
	long size = -1;

	*rc = f == NULL ? -errno : -EIO;
	if (f != NULL && fseek(f, 0, SEEK_END) == 0)
		size = ftell(f);
	if (size >= 0 && fseek(f, 0, SEEK_SET) == 0)
		text = malloc((size_t)size + 1);
	if (text != NULL && fread(text, 1, (size_t)size, f) == (size_t)size) {
		text[size] = '\0';
		*rc = 0;
	}
	if (f != NULL)
		fclose(f);
	if (*rc < 0) {
		free(text);
		return NULL;
	}
	return text;
}

static int spill(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	int rc;

	if (f == NULL)
		return -errno;
	rc = fputs(text, f) < 0 ? -EIO : 0;
	if (fclose(f) != 0 && rc == 0)
		rc = -EIO;
	return rc;
}

/*
 * Compares one produced file (in g->tmp) with its golden; prints the diff
 * and, with --refresh, rewrites the golden.
 */
static void compare(struct golden *g, const char *file)
{
	char old_path[512], new_path[512], cmd[2048];
	char *old_text, *new_text;
	int rc;

	snprintf(old_path, sizeof(old_path), "%s/%s", g->src, file);
	snprintf(new_path, sizeof(new_path), "%s/%s", g->tmp, file);
	new_text = slurp(new_path, &rc);
	if (new_text == NULL) {
		printf("FAIL %s: not produced: %s\n", file, strerror(-rc));
		g->failed++;
		return;
	}
	old_text = slurp(old_path, &rc);
	if (old_text != NULL && strcmp(old_text, new_text) == 0)
		goto out;
	g->changed++;
	if (old_text == NULL) {
		printf("%s %s: no golden yet\n", g->refresh ? "new" : "FAIL",
		       file);
	} else {
		printf("%s %s:\n", g->refresh ? "changed" : "FAIL", file);
		fflush(stdout);
		snprintf(cmd, sizeof(cmd),
			 "diff -u --label 'golden/%s' --label 'now/%s'"
			 " '%s' '%s'",
			 file, file, old_path, new_path);
		if (system(cmd) == -1)
			printf("  (cannot run diff)\n");
	}
	if (!g->refresh) {
		g->failed++;
		goto out;
	}
	rc = spill(old_path, new_text);
	if (rc < 0) {
		printf("FAIL %s: %s\n", old_path, strerror(-rc));
		g->failed++;
	}
out:
	free(old_text);
	free(new_text);
	unlink(new_path);
}

/* The first big-endian ABI of the filter: its programs are in its order. */
static const char *big_endian_abi(scmp_filter_ctx ctx)
{
	const struct prop_arch *a;
	unsigned int i;

	for (i = 0; (a = prop_arch_at(i)) != NULL; i++)
		if (a->big_endian && seccomp_arch_exist(ctx, a->token) == 0)
			return a->name;
	return NULL;
}

static int export_to(const char *path, scmp_filter_ctx ctx,
		     int (*export)(const scmp_filter_ctx ctx, int fd))
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	int rc;

	if (fd < 0)
		return -errno;
	rc = export(ctx, fd);
	close(fd);
	return rc;
}

/* Exports @ctx as program @name, lists it and compares both goldens. */
static void check_program(struct golden *g, const char *name,
			  scmp_filter_ctx ctx)
{
	char bin[512], list[512], file[NAME_MAX_LEN + 8], cmd[2048];
	const char *abi = big_endian_abi(ctx);
	int rc;

	snprintf(g->names[g->cnt++], NAME_MAX_LEN, "%s", name);
	snprintf(bin, sizeof(bin), "%s/%s.bpf", g->tmp, name);
	snprintf(list, sizeof(list), "%s/%s.bpf.txt", g->tmp, name);
	rc = export_to(bin, ctx, seccomp_export_bpf);
	if (rc == 0) {
		snprintf(cmd, sizeof(cmd), "'%s' -n %s%s '%s' > '%s'",
			 g->disasm, abi ? "-a " : "", abi ? abi : "", bin,
			 list);
		rc = system(cmd) == 0 ? 0 : -EIO;
	}
	unlink(bin);
	if (rc < 0) {
		printf("FAIL %s: export or listing: %s\n", name, strerror(-rc));
		g->failed++;
		unlink(list);
	} else {
		snprintf(file, sizeof(file), "%s.bpf.txt", name);
		compare(g, file);
	}
	snprintf(file, sizeof(file), "%s.pfc", name);
	snprintf(bin, sizeof(bin), "%s/%s", g->tmp, file);
	rc = export_to(bin, ctx, seccomp_export_pfc);
	if (rc < 0) {
		printf("FAIL %s: PFC export: %s\n", name, strerror(-rc));
		g->failed++;
		unlink(bin);
		return;
	}
	compare(g, file);
}

static bool wanted(const char *id)
{
	unsigned int i;

	for (i = 0; i < N(bench_ids); i++)
		if (strcmp(bench_ids[i], id) == 0)
			return true;
	return false;
}

/* Returns false if the policy data is absent (the workloads skipped). */
static bool check_bench(struct golden *g, const char *data)
{
	struct workload_set set = { .data = data };
	struct workload_build bd;
	unsigned int i, seen = 0;
	char probe[4096];

	snprintf(probe, sizeof(probe), "%s/docker-default-seccomp.json", data);
	if (access(probe, R_OK) != 0) {
		for (i = 0; i < N(bench_ids); i++)
			printf("skipped %s: no policy data in %s\n",
			       bench_ids[i], data);
		return false;
	}
	if (workload_load_all(&set) < 0) {
		printf("FAIL policy data in %s unreadable\n", data);
		g->failed++;
		workload_set_free(&set);
		return true;
	}
	for (i = 0; i < set.cnt; i++) {
		if (!wanted(set.w[i].id))
			continue;
		seen++;
		workload_resolve(&set, &set.w[i]);
		if (workload_build(&set.w[i], &bd) < 0) {
			printf("FAIL %s: not built\n", set.w[i].id);
			g->failed++;
			continue;
		}
		check_program(g, set.w[i].id, bd.ctx);
		seccomp_release(bd.ctx);
	}
	if (seen != N(bench_ids)) {
		printf("FAIL bench has %u of the %zu workloads named here\n",
		       seen, N(bench_ids));
		g->failed++;
	}
	workload_set_free(&set);
	return true;
}

/* What the corpus must cover, so that it keeps testing these. */
struct coverage {
	unsigned int optimize2, multi_abi, priority, big_endian;
};

static void cover(struct coverage *cv, const struct prop_script *s,
		  scmp_filter_ctx ctx)
{
	const struct prop_arch *a;
	unsigned int i, abis = 0;
	uint32_t level = 0;

	for (i = 0; (a = prop_arch_at(i)) != NULL; i++)
		abis += seccomp_arch_exist(ctx, a->token) == 0;
	cv->multi_abi += abis > 1;
	cv->big_endian += big_endian_abi(ctx) != NULL;
	seccomp_attr_get(ctx, SCMP_FLTATR_CTL_OPTIMIZE, &level);
	cv->optimize2 += level == 2;
	for (i = 0; i < s->cnt; i++)
		if (s->ops[i].kind == PROP_PRIORITY) {
			cv->priority++;
			break;
		}
}

static void check_random(struct golden *g)
{
	struct prop_gen_opts opts = { .txn = true };
	struct coverage cv = { 0 };
	struct prop_script s;
	struct prop_api api;
	struct prop_rng rng;
	int pool[64], rcs[PROP_OPS_MAX];
	scmp_filter_ctx ctx;
	char name[NAME_MAX_LEN];
	unsigned int r;

	prop_api_ours(&api);
	opts.syscalls = pool;
	opts.syscall_cnt = (unsigned int)prop_syscall_pool(&api, pool, 64);
	for (r = 0; r < RANDOM_COUNT; r++) {
		rng.s = prop_seed_mix(RANDOM_SEED, r);
		prop_gen(&rng, &opts, &s);
		snprintf(name, sizeof(name), "random-%02u", r);
		ctx = prop_run(&api, &s, rcs);
		if (ctx == NULL) {
			printf("FAIL %s: seccomp_init\n", name);
			g->failed++;
			continue;
		}
		cover(&cv, &s, ctx);
		check_program(g, name, ctx);
		seccomp_release(ctx);
	}
	printf("random corpus: %u programs, %u with OPTIMIZE=2, %u with"
	       " several ABIs, %u big-endian, %u with priorities\n",
	       RANDOM_COUNT, cv.optimize2, cv.multi_abi, cv.big_endian,
	       cv.priority);
	if (cv.optimize2 == 0 || cv.optimize2 == RANDOM_COUNT ||
	    cv.multi_abi == 0 || cv.big_endian == 0 || cv.priority == 0) {
		printf("FAIL the random corpus lost one of these kinds\n");
		g->failed++;
	}
}

static bool produced(const struct golden *g, const char *name)
{
	unsigned int i;

	for (i = 0; i < g->cnt; i++)
		if (strcmp(g->names[i], name) == 0)
			return true;
	return false;
}

/*
 * Golden files no program produced: those of a skipped workload stay,
 * any other is stale (--refresh removes it).
 */
static void check_stale(struct golden *g, bool bench_skipped)
{
	char name[NAME_MAX_LEN], path[512];
	struct dirent *e;
	size_t len;
	DIR *d = opendir(g->src);
	char *dot;

	if (d == NULL) {
		printf("FAIL %s: %s\n", g->src, strerror(errno));
		g->failed++;
		return;
	}
	while ((e = readdir(d)) != NULL) {
		len = strlen(e->d_name);
		if (len >= sizeof(name))
			continue;
		memcpy(name, e->d_name, len + 1);
		dot = strchr(name, '.');
		if (dot == NULL ||
		    (strcmp(dot, ".bpf.txt") != 0 && strcmp(dot, ".pfc") != 0))
			continue;
		*dot = '\0';
		if (produced(g, name) || (bench_skipped && wanted(name)))
			continue;
		g->changed++;
		if (!g->refresh) {
			printf("FAIL %s: stale, no program produces it\n",
			       e->d_name);
			g->failed++;
			continue;
		}
		printf("removed %s\n", e->d_name);
		snprintf(path, sizeof(path), "%s/%s", g->src, e->d_name);
		unlink(path);
	}
	closedir(d);
}

static const char *env_or(const char *name, const char *fallback)
{
	const char *v = getenv(name);

	return v != NULL && *v != '\0' ? v : fallback;
}

int main(int argc, char **argv)
{
	static struct golden g;
	char src[512], disasm[512], data[512];
	const char *top = env_or("top_srcdir", "..");
	const char *build = env_or("top_builddir", "..");
	bool have_data;

	if (argc == 2 && strcmp(argv[1], "--refresh") == 0) {
		g.refresh = true;
	} else if (argc != 1) {
		fprintf(stderr, "usage: %s [--refresh]\n", argv[0]);
		return 2;
	}
	if (seccomp_arch_native() != SCMP_ARCH_X86_64) {
		fprintf(stderr, "SKIP: the golden programs are x86_64's\n");
		return 77;
	}
	if (seccomp_api_set(GOLDEN_API_LEVEL) < 0) {
		printf("FAIL seccomp_api_set(%d)\n", GOLDEN_API_LEVEL);
		return 1;
	}
	snprintf(src, sizeof(src), "%s/tests/golden", top);
	snprintf(disasm, sizeof(disasm), "%s/tools/scmp_bpf_disasm", build);
	snprintf(data, sizeof(data), "%s/../shared/data", top);
	snprintf(g.tmp, sizeof(g.tmp), "%s/golden.XXXXXX",
		 env_or("TMPDIR", "/tmp"));
	g.src = src;
	g.disasm = disasm;
	if (mkdtemp(g.tmp) == NULL) {
		perror("mkdtemp");
		return 1;
	}
	have_data = check_bench(&g, env_or("SHARED_DATA", data));
	check_random(&g);
	check_stale(&g, !have_data);
	rmdir(g.tmp);
	printf("%u programs; golden files %s: %u\n", g.cnt,
	       g.refresh ? "rewritten or removed" : "differing", g.changed);
	if (g.failed > 0 && !g.refresh)
		printf("make golden-refresh rewrites them (say why in the"
		       " commit)\n");
	return g.failed > 0 ? 1 : 0;
}
