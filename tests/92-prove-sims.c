/* SPDX-License-Identifier: LGPL-2.1-only */
/* 92-prove-sims: every filter of the spec-based sim and pfc tests, proved against its rules for every input. */

/*
 * The sim tests check their filters on the rows of their tables, the pfc
 * tests their PFC; this proves the programs of the same filters on every
 * input. Each NN-sim-topic or NN-pfc-topic program whose source hands its
 * filters to SPEC_SIM_MAIN() or spec_pfc_main() (lib/filter_spec.h)
 * lists them with --specs; every one is built again here from the same
 * statements through the public API, its calls recorded into a shadow
 * model (lib/prove_record.c), exported, and proved against the model with
 * Z3 (lib/prove.h). A counterexample is printed with the rules it
 * involves and an scmp_bpf_sim command that replays it.
 *
 * The programs are those of $srcdir's NN-*.tests tables and NN-*.pfc
 * golden files, so a new spec-based test is proved without being named
 * here. Filters whose spec asks for another native ABI are skipped, as
 * their test skips. Nothing else may be left out: a program that is not
 * spec-based and not one of the exceptions below, a spec-based one that
 * lists no filter, and a filter that the model cannot follow (or that
 * does not export) fail the test, so that a change in how the tests hand
 * over their filters cannot shrink the proofs unseen (a rename of the
 * runner's entry point once left 7 programs of 23 proved).
 *
 * Environment: PROVE_ONLY (lib/prove.c) to prove only some filters.
 */

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "filter_spec.h"
#include "prove.h"

#define LINE_MAX_LEN 1024

/*
 * The sim tests that build their filters without the spec runner: the
 * seed article's program (20), API calls as the article writes them, and
 * the merge test (19), whose filters the model cannot follow (it has no
 * seccomp_merge()), and the run-time syscall table's (43), whose names
 * the model does not know.
 */
static const char *const not_spec_based[] = { "20-sim-seed", "19-sim-merge",
					      "43-sim-systab" };

#define N(a) (sizeof(a) / sizeof((a)[0]))

static bool excepted(const char *name)
{
	unsigned int i;

	for (i = 0; i < N(not_spec_based); i++)
		if (strcmp(name, not_spec_based[i]) == 0)
			return true;
	return false;
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Whether $srcdir/NAME.c hands its filters to the spec runner. */
static bool spec_based(const char *srcdir, const char *name)
{
	char path[512], line[LINE_MAX_LEN];
	bool found = false;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s.c", srcdir, name);
	f = fopen(path, "r");
	if (f == NULL)
		return false;
	while (!found && fgets(line, sizeof(line), f) != NULL)
		found = strstr(line, "SPEC_SIM_MAIN(") != NULL ||
			strstr(line, "spec_pfc_main(") != NULL;
	fclose(f);
	return found;
}

/*
 * Builds and proves one filter of a program; 0, 1 (failed) or 77 (not for
 * this ABI).
 */
static int prove_one(const char *prog, const char *filter,
		     const char *const *spec, struct prove_tally *t)
{
	char name[128];
	scmp_filter_ctx ctx;
	int status;

	/* a pfc test has one filter, named after it */
	if (strcmp(prog, filter) == 0)
		snprintf(name, sizeof(name), "%s", prog);
	else
		snprintf(name, sizeof(name), "%s/%s", prog, filter);
	if (!prove_wanted(name))
		return 0;
	/* each sim test runs in a fresh process: the API level as probed */
	seccomp_reset(NULL, 0);
	ctx = spec_build(spec, &status);
	if (ctx == NULL) {
		if (status == 77) {
			printf("skip %s: not for this ABI\n", name);
			t->skipped++;
			return 77;
		}
		printf("FAIL %s: the spec does not build\n", name);
		t->failed++;
		return 1;
	}
	status = prove_ctx(ctx, name, t);
	seccomp_release(ctx);
	if (status == 77) {
		/* said why above; a sim filter must be proved */
		printf("FAIL %s: not proved\n", name);
		t->skipped--;
		t->failed++;
		return 1;
	}
	return status;
}

/*
 * Proves every filter ./PROG --specs lists; returns 0 or 1 (failed, or no
 * filter listed).
 */
static int prove_program(const char *prog, struct prove_tally *t)
{
	char cmd[256], line[LINE_MAX_LEN], *filter = NULL;
	char **spec = NULL, **grown;
	unsigned int cnt = 0, cap = 0, i, filters = 0;
	int failed = 0, rc;
	size_t len;
	FILE *out;

	snprintf(cmd, sizeof(cmd), "./%s --specs", prog);
	out = popen(cmd, "r");
	if (out == NULL) {
		printf("FAIL %s: cannot run it\n", prog);
		return 1;
	}
	/* one more line than the output has: a NULL ends the last filter */
	for (;;) {
		bool end = fgets(line, sizeof(line), out) == NULL;

		len = end ? 0 : strcspn(line, "\n");
		line[len] = '\0';
		if (filter != NULL &&
		    (end || strncmp(line, "filter ", 7) == 0)) {
			spec[cnt] = NULL;
			failed |= prove_one(prog, filter,
					    (const char *const *)spec, t) == 1;
			for (i = 0; i < cnt; i++)
				free(spec[i]);
			free(filter);
			filter = NULL;
			cnt = 0;
		}
		if (end)
			break;
		if (strncmp(line, "filter ", 7) == 0) {
			filter = strdup(line + 7);
			filters++;
			continue;
		}
		if (cnt + 2 > cap) {
			grown = realloc(spec, (cap * 2 + 16) * sizeof(*spec));
			if (grown == NULL)
				break;
			spec = grown;
			cap = cap * 2 + 16;
		}
		spec[cnt++] = strdup(line);
	}
	for (i = 0; i < cnt; i++)
		free(spec[i]);
	free(spec);
	free(filter);
	rc = pclose(out);
	if (rc != 0) {
		printf("FAIL %s --specs: exit status %d\n", prog, rc);
		failed = 1;
	}
	if (filters == 0) {
		printf("FAIL %s --specs: no filter\n", prog);
		failed = 1;
	}
	return failed;
}

int main(void)
{
	const char *srcdir = getenv("srcdir");
	struct prove_tally t = { 0 };
	char **names = NULL, **grown;
	unsigned int cnt = 0, programs = 0, i;
	struct dirent *e;
	int failed = 0;
	size_t len;
	DIR *d;

	if (srcdir == NULL)
		srcdir = ".";
	prove_only_init("92-prove-sims");
	d = opendir(srcdir);
	if (d == NULL) {
		perror(srcdir);
		return 1;
	}
	while ((e = readdir(d)) != NULL) {
		len = strlen(e->d_name);
		if (len > 6 && strcmp(e->d_name + len - 6, ".tests") == 0)
			len -= 6;
		else if (len > 4 && strcmp(e->d_name + len - 4, ".pfc") == 0)
			len -= 4;
		else
			continue;
		grown = realloc(names, (cnt + 1) * sizeof(*names));
		if (grown == NULL)
			break;
		names = grown;
		names[cnt] = strdup(e->d_name);
		names[cnt++][len] = '\0';
	}
	closedir(d);
	qsort(names, cnt, sizeof(*names), name_cmp);
	for (i = 0; i < cnt; i++) {
		if (spec_based(srcdir, names[i])) {
			programs++;
			failed |= prove_program(names[i], &t);
		} else if (excepted(names[i])) {
			printf("not spec-based: %s (an exception)\n", names[i]);
		} else {
			printf("FAIL %s: not spec-based (SPEC_SIM_MAIN() or"
			       " spec_pfc_main()) and no exception\n",
			       names[i]);
			failed = 1;
		}
		free(names[i]);
	}
	free(names);
	printf("%u sim and pfc test programs: ", programs);
	prove_tally_print(stdout, "filters", &t);
	if (prove_only_missed(stdout) > 0)
		failed = 1;
	if (failed || t.failed > 0)
		return 1;
	if (t.proved == 0) {
		fprintf(stderr,
			"no filter proved (no spec-based sim or pfc"
			" test in %s?)\n",
			srcdir);
		return 77;
	}
	return 0;
}
