/* SPDX-License-Identifier: LGPL-2.1-only */
/* scmp_bpf_diff: prove two exported filters equivalent, or show where they differ. */

/*
 *   scmp_bpf_diff [-a ARCH] [-n MAX] [-q] [--json] [--progress] OLD NEW
 *
 * The engine (bpf_diff.h) does the work: it reports each region of inputs
 * on which the two programs return different values as soon as it has
 * proved it, and this prints it, one a line (or as one JSON document):
 * the ABI, the syscall numbers (named, or a range), the conditions on the
 * arguments, and the two actions, as scmp_bpf_sim spells them.
 *
 * "Different" is exact: the 32-bit values returned, so ERRNO(1) and
 * ERRNO(2) differ.
 *
 * Exit status, as diff(1): 0 equivalent, 1 different, 2 trouble (usage,
 * unreadable file, a program the kernel would refuse, solver failure).
 * Like scmp_bpf_sim it never links the library: syscall names come from
 * a table generated from src/syscalls.csv at build time.
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bpf_diff.h"
#include "bpf_names.h"
#include "bpf_sim.h"

#define DEFAULT_MAX 16
/* Names listed for a range of numbers, at most. */
#define LIST_NAMES 8u

enum { OPT_JSON = 256, OPT_PROGRESS, OPT_SYSCALLS };

struct out {
	bool quiet;
	bool json;
	bool progress;
	bool tty;
	unsigned int count;
	double start;
	double last;
	bool progress_shown;
};

static _Noreturn void usage(const char *prog, int status)
{
	fprintf(status == 0 ? stdout : stderr,
		"usage: %s [-a ARCH] [-n MAX] [-q] [--json] [--progress] OLD"
		" NEW\n"
		"  OLD, NEW    filters exported by seccomp_export_bpf(), in"
		" ARCH's byte order\n"
		"  -a ARCH     arch name for the byte order (default: this"
		" machine's)\n"
		"  -n MAX      show at most MAX differences (default %d; 0:"
		" all)\n"
		"  -q          print nothing; only the exit status tells\n"
		"  --json      one JSON document (schema: scmp_bpf_diff(1))\n"
		"  --progress  progress on stderr even when it is no"
		" terminal\n"
		"  --syscalls FILE  more syscall names, from a table in"
		" src/syscalls.csv's\n"
		"              format (seccomp_ext_syscall_table_load(3))\n"
		"  -h, --help  this text\n"
		"Each line is a proved region of inputs: ABI, syscalls,"
		" argument\nconditions, and OLD -> NEW actions.\n"
		"exit 0: equivalent for every input; 1: they differ; 2:"
		" trouble\n",
		prog, DEFAULT_MAX);
	exit(status);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static const char *const op_text[] = {
	[BPF_DIFF_EQ] = "==",
	[BPF_DIFF_NE] = "!=",
	[BPF_DIFF_GE] = ">=",
	[BPF_DIFF_LE] = "<=",
};

/* A value: decimal if small and unmasked, else hex. */
static void print_value(FILE *f, uint64_t v, bool masked)
{
	if (v == 0 || (!masked && v < 0x10000))
		fprintf(f, "%" PRIu64, v);
	else
		fprintf(f, "0x%" PRIx64, v);
}

/* A field as the JSON names it: "a0", "ip". */
static void print_field(FILE *f, unsigned int field)
{
	if (field == BPF_DIFF_IP)
		fprintf(f, "ip");
	else
		fprintf(f, "a%u", field);
}

/*
 * The conditions of a region: "a0 & 0x7e020000 != 0 && a1 in [1, 5]", a
 * half of a 64-bit argument alone as "a0.lo32 != 16" (bpf_diff_cond_view).
 */
static void print_conds(FILE *f, const struct bpf_diff_region *r)
{
	const char *abi = r->abi ? r->abi->name : NULL;
	uint64_t word = bpf_diff_abi_bits(abi) == 32 ? 0xffffffffu : ~0ull;
	const struct bpf_diff_cond *c, *n;
	uint64_t mask, value, next_mask, next_value;
	char field[16];
	unsigned int i;
	bool full;

	for (i = 0; i < r->cond_cnt; i++) {
		c = &r->cond[i];
		n = i + 1 < r->cond_cnt ? &r->cond[i + 1] : NULL;
		bpf_diff_cond_view(c, abi, field, sizeof(field), &mask, &value);
		full = mask == ~0ull || mask == word;
		fprintf(f, "%s%s", i == 0 ? " " : " && ", field);
		if (!full)
			fprintf(f, " & 0x%" PRIx64, mask);
		if (c->op == BPF_DIFF_GE && n != NULL && n->op == BPF_DIFF_LE &&
		    n->field == c->field && n->mask == c->mask) {
			bpf_diff_cond_view(n, abi, field, sizeof(field),
					   &next_mask, &next_value);
			fprintf(f, " in [");
			print_value(f, value, !full);
			fprintf(f, ", ");
			print_value(f, next_value, !full);
			fprintf(f, "]");
			i++;
			continue;
		}
		fprintf(f, " %s ", op_text[c->op]);
		print_value(f, value, !full);
	}
}

static void print_arch(FILE *f, const struct bpf_diff_region *r)
{
	const struct bpf_sim_arch *a;
	unsigned int i;

	if (r->abi != NULL) {
		fprintf(f, "%s", r->abi->name);
		return;
	}
	if (!r->other_arch) {
		fprintf(f, "arch 0x%08" PRIx32, r->arch);
		return;
	}
	if (r->arch_not_cnt == 0) {
		fprintf(f, "any arch");
		return;
	}
	fprintf(f, "other arch values (not");
	for (i = 0; i < r->arch_not_cnt; i++) {
		a = bpf_sim_arch_by_token(r->arch_not[i]);
		if (a != NULL)
			fprintf(f, "%s %s", i ? "," : "", a->name);
		else
			fprintf(f, "%s 0x%08" PRIx32, i ? "," : "",
				r->arch_not[i]);
	}
	fprintf(f, ")");
}

/* The syscalls of a region: "setns (308)", "[335-423] unnamed", ... */
static void print_nrs(FILE *f, const struct bpf_diff_region *r)
{
	const char *abi = r->abi != NULL ? r->abi->name : NULL;
	const char *names[LIST_NAMES];
	unsigned int n, i, shown;

	if (r->nr_lo == r->nr_hi) {
		const char *name = bpf_names_syscall(abi, r->nr_lo);

		if (name != NULL)
			fprintf(f, " %s (%" PRIu32 ")", name, r->nr_lo);
		else
			fprintf(f, " syscall %" PRIu32, r->nr_lo);
		return;
	}
	if (r->nr_lo == 0 && r->nr_hi == ~0u && r->abi == NULL)
		return;
	fprintf(f, " [%" PRIu32 "-%" PRIu32 "]", r->nr_lo, r->nr_hi);
	n = bpf_names_range(abi, r->nr_lo, r->nr_hi, names, LIST_NAMES);
	if (n == 0) {
		fprintf(f, " unnamed");
		return;
	}
	shown = n < LIST_NAMES ? n : LIST_NAMES;
	for (i = 0; i < shown; i++)
		fprintf(f, "%s%s", i ? ", " : " ", names[i]);
	if (n > shown)
		fprintf(f, " and %u more", n - shown);
	if ((uint64_t)r->nr_hi - r->nr_lo + 1 > n)
		fprintf(f, " (%u of %" PRIu64 " named)", n,
			(uint64_t)r->nr_hi - r->nr_lo + 1);
}

static void print_example(FILE *f, const struct seccomp_data *d)
{
	unsigned int i;

	for (i = 0; i < 6; i++)
		if (d->args[i] != 0)
			fprintf(f, " a%u=0x%llx", i,
				(unsigned long long)d->args[i]);
	if (d->instruction_pointer != 0)
		fprintf(f, " ip=0x%llx",
			(unsigned long long)d->instruction_pointer);
}

static void print_actions(FILE *f, const uint32_t action[2])
{
	char a[32], b[32];

	bpf_sim_action_str(action[0], a, sizeof(a));
	bpf_sim_action_str(action[1], b, sizeof(b));
	fprintf(f, ": %s -> %s", a, b);
}

static void print_text(const struct bpf_diff_region *r)
{
	struct bpf_diff_region one = *r;

	print_arch(stdout, r);
	if (r->kind == BPF_DIFF_WHOLE_ABI) {
		printf(": every call differs, e.g. ");
		print_arch(stdout, r);
		one.nr_hi = one.nr_lo = (uint32_t)r->example.nr;
		print_nrs(stdout, &one);
	} else if (r->kind == BPF_DIFF_SAMPLE) {
		one.nr_hi = one.nr_lo = (uint32_t)r->example.nr;
		print_nrs(stdout, &one);
		printf(", e.g.");
		print_example(stdout, &r->example);
	} else {
		print_nrs(stdout, r);
		print_conds(stdout, r);
	}
	print_actions(stdout, r->action);
	if (r->kind == BPF_DIFF_SAMPLE)
		printf(" (one input: no simple region)");
	printf("\n");
}

static void json_string(const char *s)
{
	printf("\"");
	for (; *s != '\0'; s++)
		if (*s == '"' || *s == '\\')
			printf("\\%c", *s);
		else
			printf("%c", *s);
	printf("\"");
}

static void json_action(const char *key, uint32_t v)
{
	char buf[32];

	bpf_sim_action_str(v, buf, sizeof(buf));
	printf("\"%s\": {\"value\": %" PRIu32 ", \"action\": ", key, v);
	json_string(buf);
	printf("}");
}

static void print_json(const struct bpf_diff_region *r, unsigned int index)
{
	static const char *const kinds[] = {
		[BPF_DIFF_REGION] = "region",
		[BPF_DIFF_WHOLE_ABI] = "whole_abi",
		[BPF_DIFF_SAMPLE] = "sample",
	};
	const char *names[LIST_NAMES];
	const char *abi = r->abi != NULL ? r->abi->name : NULL;
	const struct bpf_diff_cond *c;
	unsigned int i, n;

	printf("%s\n    {\"kind\": \"%s\", \"abi\": ", index ? "," : "",
	       kinds[r->kind]);
	if (abi != NULL)
		json_string(abi);
	else
		printf("null");
	if (r->other_arch)
		printf(", \"arch\": null");
	else
		printf(", \"arch\": %" PRIu32, r->arch);
	printf(", \"arch_not\": [");
	for (i = 0; i < r->arch_not_cnt; i++)
		printf("%s%" PRIu32, i ? ", " : "", r->arch_not[i]);
	printf("], \"nr\": [%" PRIu32 ", %" PRIu32 "], \"named\": %u", r->nr_lo,
	       r->nr_hi, r->named);
	printf(", \"names\": [");
	n = r->kind == BPF_DIFF_WHOLE_ABI ?
		    0 :
		    bpf_names_range(abi, r->nr_lo, r->nr_hi, names, LIST_NAMES);
	for (i = 0; i < n && i < LIST_NAMES; i++) {
		printf("%s", i ? ", " : "");
		json_string(names[i]);
	}
	printf("], \"conditions\": [");
	for (i = 0; i < r->cond_cnt; i++) {
		c = &r->cond[i];
		printf("%s{\"field\": \"", i ? ", " : "");
		print_field(stdout, c->field);
		printf("\", \"mask\": \"0x%" PRIx64 "\", \"op\": \"%s\","
		       " \"value\": \"0x%" PRIx64 "\"}",
		       c->mask, op_text[c->op], c->value);
	}
	printf("], ");
	json_action("old", r->action[0]);
	printf(", ");
	json_action("new", r->action[1]);
	printf(", \"example\": {\"arch\": %" PRIu32 ", \"nr\": %" PRIu32
	       ", \"ip\": \"0x%llx\", \"args\": [",
	       r->example.arch, (uint32_t)r->example.nr,
	       (unsigned long long)r->example.instruction_pointer);
	for (i = 0; i < 6; i++)
		printf("%s\"0x%llx\"", i ? ", " : "",
		       (unsigned long long)r->example.args[i]);
	printf("]}}");
}

static void progress_clear(struct out *o)
{
	if (o->progress_shown && o->tty)
		fprintf(stderr, "\r\033[K");
	o->progress_shown = false;
}

static int found(const struct bpf_diff_region *r, void *arg)
{
	struct out *o = arg;

	if (!o->quiet) {
		progress_clear(o);
		if (o->json)
			print_json(r, o->count);
		else
			print_text(r);
		fflush(stdout);
	}
	o->count++;
	return 0;
}

static void progress(const struct bpf_diff_progress *pr, void *arg)
{
	struct out *o = arg;
	double t = now();

	if (!o->progress || t - o->last < (o->tty ? 0.2 : 1.0))
		return;
	o->last = t;
	fprintf(stderr, "%sscmp_bpf_diff: %.1f s: %s", o->tty ? "\r" : "",
		t - o->start, pr->phase);
	if (pr->total != 0)
		fprintf(stderr, " %u/%u", pr->done, pr->total);
	fprintf(stderr, ", %u differences%s", pr->found,
		o->tty ? "\033[K" : "\n");
	o->progress_shown = true;
}

/* Loads and checks one program; exits 2 with a message if it cannot. */
static void load(struct bpf_sim_prog *prog, const char *path, int big_endian)
{
	struct bpf_sim_fault why;
	int rc = bpf_sim_load_file(prog, path, big_endian);

	if (rc < 0) {
		fprintf(stderr, "scmp_bpf_diff: %s: %s\n", path,
			rc == -EINVAL ? "not a seccomp filter (empty, or not"
					" whole 8-byte instructions)" :
			rc == -E2BIG  ? "more than 4096 instructions" :
					strerror(-rc));
		exit(2);
	}
	if (bpf_sim_verify(prog, &why) < 0) {
		fprintf(stderr,
			"scmp_bpf_diff: %s: not a filter the kernel"
			" accepts: instruction %u: %s\n",
			path, why.pc, bpf_sim_reason_str(why.reason));
		exit(2);
	}
	prog->state = 1;
}

/* --json: the document up to its list of differences. */
static void json_head(const char *old, const char *new)
{
	printf("{\n  \"version\": 1,\n  \"old\": ");
	json_string(old);
	printf(",\n  \"new\": ");
	json_string(new);
	printf(",\n  \"differences\": [");
	fflush(stdout);
}

/* --json: the rest of the document, once bpf_diff_run() gave @rc. */
static void json_tail(const struct out *o, int rc, bool more)
{
	printf("%s  ],\n  \"count\": %u,\n  \"complete\": %s,\n"
	       "  \"equivalent\": %s,\n  \"error\": ",
	       o->count ? "\n" : "", o->count,
	       rc >= 0 && !more ? "true" : "false", rc == 0 ? "true" : "false");
	if (rc < 0)
		json_string(rc == -ETIME  ? "the solver gave up" :
			    rc == -EPROTO ? "the simulator disagrees"
					    " with the solver" :
					    strerror(-rc));
	else
		printf("null");
	printf("\n}\n");
}

/* Why bpf_diff_run() gave no answer (@rc < 0), on stderr; exit status 2. */
static int no_answer(int rc)
{
	fprintf(stderr, "scmp_bpf_diff: no answer: %s\n",
		rc == -ETIME  ? "the solver gave up" :
		rc == -EPROTO ? "the simulator disagrees with the"
				" solver (a bug)" :
				strerror(-rc));
	return 2;
}

/* The text's last line, once bpf_diff_run() gave @rc. */
static void text_tail(int rc, bool more)
{
	if (rc == 0)
		printf("equivalent: no input makes them return"
		       " different values\n");
	else if (more)
		printf("(more differences: -n 0 shows them all)\n");
}

/* scmp_bpf_diff OLD NEW: exit 0 if equivalent, 1 if not, 2 on errors. */
int main(int argc, char *argv[])
{
	static const struct option longs[] = {
		{ "arch", required_argument, NULL, 'a' },
		{ "max", required_argument, NULL, 'n' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "json", no_argument, NULL, OPT_JSON },
		{ "progress", no_argument, NULL, OPT_PROGRESS },
		{ "syscalls", required_argument, NULL, OPT_SYSCALLS },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const struct bpf_sim_arch *arch = bpf_sim_arch_native();
	struct bpf_sim_prog prog[2] = { { 0 } };
	struct bpf_stack side[2];
	struct bpf_diff_opts opts = { .max = DEFAULT_MAX };
	struct out o = { .quiet = false };
	unsigned long max = DEFAULT_MAX;
	bool more = false;
	char *end;
	int c, rc, i;

	while ((c = getopt_long(argc, argv, "a:hn:q", longs, NULL)) != -1) {
		switch (c) {
		case 'a':
			arch = bpf_sim_arch_by_name(optarg);
			if (arch == NULL) {
				fprintf(stderr,
					"scmp_bpf_diff: unknown"
					" architecture '%s'\n",
					optarg);
				usage(argv[0], 2);
			}
			break;
		case 'n':
			errno = 0;
			max = strtoul(optarg, &end, 0);
			if (errno != 0 || *end != '\0' || *optarg == '-' ||
			    *optarg == '\0' || max > 1000000) {
				fprintf(stderr,
					"scmp_bpf_diff: -n wants a number"
					" from 0 to 1000000, not '%s'\n",
					optarg);
				usage(argv[0], 2);
			}
			break;
		case 'q':
			o.quiet = true;
			break;
		case OPT_JSON:
			o.json = true;
			break;
		case OPT_PROGRESS:
			o.progress = true;
			break;
		case OPT_SYSCALLS:
			if (bpf_names_load_report(argv[0], optarg) < 0)
				return 2;
			break;
		case 'h':
			usage(argv[0], 0);
		default:
			usage(argv[0], 2);
		}
	}
	if (argc - optind != 2)
		usage(argv[0], 2);
	if (arch == NULL) {
		fprintf(stderr, "scmp_bpf_diff: unknown host ABI: use -a\n");
		return 2;
	}
	for (i = 0; i < 2; i++) {
		load(&prog[i], argv[optind + i], arch->big_endian);
		side[i].prog = &prog[i];
		side[i].cnt = 1;
	}
	o.tty = isatty(STDERR_FILENO) == 1;
	o.progress = (o.progress || o.tty) && !o.quiet;
	o.start = o.last = now();
	opts.max = (unsigned int)max;
	opts.found = found;
	opts.progress = progress;
	opts.arg = &o;
	if (o.json && !o.quiet)
		json_head(argv[optind], argv[optind + 1]);
	rc = bpf_diff_run(&side[0], &side[1], &opts, &more);
	progress_clear(&o);
	if (o.progress && rc >= 0)
		fprintf(stderr, "scmp_bpf_diff: %.1f s: done, %d differences\n",
			now() - o.start, rc);
	bpf_sim_free(&prog[0]);
	bpf_sim_free(&prog[1]);
	if (o.json && !o.quiet)
		json_tail(&o, rc, more);
	if (rc < 0)
		return no_answer(rc);
	if (!o.quiet && !o.json)
		text_tail(rc, more);
	return rc == 0 ? 0 : 1;
}
