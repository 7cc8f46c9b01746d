/* SPDX-License-Identifier: LGPL-2.1-only */
/* scmp_bpf_diff: prove two exported filters equivalent, or show where they differ. */

/*
 *   scmp_bpf_diff [-a ARCH] [-n MAX] [-q] OLD NEW
 *
 * Both programs become Z3 terms over every input the kernel can hand a
 * filter (bpf_prove.h): arch, syscall number, instruction pointer and six
 * 64-bit arguments. The solver either proves that no input makes them
 * return different values, or gives one that does; the tool prints it,
 * runs both programs on it in the simulator to show the two actions, and
 * asks again with that syscall (arch value and number) left out, until
 * no difference is left or MAX are shown. When every call of an arch
 * value differs (an ABI added or removed), that arch is one line.
 *
 * "Different" is exact: the 32-bit values returned, so ERRNO(1) and
 * ERRNO(2) differ. Arguments are shown only where a nonzero value
 * matters (the solver zeroes what it can).
 *
 * Exit status, as diff(1): 0 equivalent, 1 different, 2 trouble (usage,
 * unreadable file, a program the kernel would refuse, solver failure).
 * Like scmp_bpf_sim it never links the library: syscall names come from
 * a table generated from src/syscalls.csv at build time.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "arch_list.h"
#include "bpf_diff_names.h"
#include "bpf_prove.h"
#include "bpf_sim.h"

#define DEFAULT_MAX 16

/* Each ABI's syscall table: a column of src/syscalls.csv (arch_list.h). */
#define ARCH_COLUMN(mac, name, col, ...) { name, #col },
static const struct {
	const char *abi;
	const char *column;
} abi_columns[] = { ARCH_LIST(ARCH_COLUMN) };
#undef ARCH_COLUMN

static _Noreturn void usage(const char *prog, int status)
{
	fprintf(status == 0 ? stdout : stderr,
		"usage: %s [-a ARCH] [-n MAX] [-q] OLD NEW\n"
		"  OLD, NEW  filters exported by seccomp_export_bpf(), in"
		" ARCH's byte order\n"
		"  -a ARCH   arch name for the byte order (default: this"
		" machine's)\n"
		"  -n MAX    show at most MAX differences (default %d; 0: all)\n"
		"  -q        print nothing; only the exit status tells\n"
		"  -h        this text\n"
		"exit 0: equivalent for every input; 1: they differ; 2:"
		" trouble\n",
		prog, DEFAULT_MAX);
	exit(status);
}

/* The syscall table column of an ABI, or -1. */
static int column(const char *abi)
{
	unsigned int i;

	for (i = 0; i < sizeof(abi_columns) / sizeof(abi_columns[0]); i++)
		if (strcmp(abi, abi_columns[i].abi) == 0)
			abi = abi_columns[i].column;
	for (i = 0; i < DIFF_ABIS; i++)
		if (strcasecmp(abi, diff_abis[i]) == 0)
			return (int)i;
	return -1;
}

/* The name of syscall @nr of ABI @abi, or NULL. */
static const char *syscall_name(const char *abi, uint32_t nr)
{
	int col = column(abi);
	size_t i;

	if (col < 0)
		return NULL;
	for (i = 0; i < sizeof(diff_names) / sizeof(diff_names[0]); i++)
		if (diff_names[i].nr[col] >= 0 &&
		    (uint32_t)diff_names[i].nr[col] == nr)
			return diff_names[i].name;
	return NULL;
}

/*
 * Whether an input of x86_64's arch value is an x32 call: the x32 bit set
 * in nr, which is not -1 (a tracer skipping the call, on either ABI).
 */
static bool x32_call(const struct bpf_sim_arch *a, const struct seccomp_data *d)
{
	return a != NULL && strcmp(a->name, "x86_64") == 0 &&
	       ((uint32_t)d->nr & BPF_SIM_X32_BIT) && (uint32_t)d->nr != ~0U;
}

/* The ABI an input belongs to, or NULL for an arch value no ABI has. */
static const struct bpf_sim_arch *input_abi(const struct seccomp_data *d,
					    int big_endian)
{
	const struct bpf_sim_arch *a = bpf_prove_sim_arch(d->arch, big_endian);

	return x32_call(a, d) ? bpf_sim_arch_by_name("x32") : a;
}

static void print_arch(const struct bpf_sim_arch *a, uint32_t arch)
{
	if (a != NULL)
		printf("%s", a->name);
	else
		printf("arch 0x%08" PRIx32, arch);
}

/* One difference: the input, and what each program returns for it. */
static void print_input(const struct seccomp_data *d, int big_endian)
{
	const struct bpf_sim_arch *a = input_abi(d, big_endian);
	const char *name =
		a != NULL ? syscall_name(a->name, (uint32_t)d->nr) : NULL;
	unsigned int i;

	print_arch(a, d->arch);
	if (name != NULL)
		printf(" %s (%d)", name, d->nr);
	else
		printf(" syscall %d", d->nr);
	for (i = 0; i < BPF_PROVE_ARGS; i++)
		if (d->args[i] != 0)
			printf(" a%u=0x%llx", i,
			       (unsigned long long)d->args[i]);
	if (d->instruction_pointer != 0)
		printf(" ip=0x%llx",
		       (unsigned long long)d->instruction_pointer);
}

static void print_action(const char *label, uint32_t action)
{
	char buf[32];

	bpf_sim_action_str(action, buf, sizeof(buf));
	printf("%s %s", label, buf);
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

/*
 * The calls of @d's ABI: its arch value and, for x86_64's, the same side
 * of the x32 bit (x32_call()).
 */
static Z3_ast abi_calls(struct bpf_prove *p, const struct seccomp_data *d,
			int big_endian)
{
	const struct bpf_sim_arch *a = bpf_prove_sim_arch(d->arch, big_endian);
	Z3_context ctx = p->ctx;
	Z3_ast x32, side[2];

	side[0] = Z3_mk_eq(ctx, p->arch, bpf_prove_u32(p, d->arch));
	if (a == NULL || strcmp(a->name, "x86_64") != 0)
		return side[0];
	x32 = Z3_mk_and(
		ctx, 2,
		(Z3_ast[]){ Z3_mk_bvuge(ctx, p->nr,
					bpf_prove_u32(p, BPF_SIM_X32_BIT)),
			    Z3_mk_not(ctx, Z3_mk_eq(ctx, p->nr,
						    bpf_prove_u32(p, ~0U))) });
	side[1] = x32_call(a, d) ? x32 : Z3_mk_not(ctx, x32);
	return Z3_mk_and(ctx, 2, side);
}

/* Whether the programs differ on every input of @calls. */
static bool all_differ(struct bpf_prove *p, Z3_ast a, Z3_ast b, Z3_ast calls)
{
	Z3_context ctx = p->ctx;
	Z3_lbool r;

	Z3_solver_push(ctx, p->solver);
	Z3_solver_assert(ctx, p->solver, calls);
	Z3_solver_assert(ctx, p->solver, Z3_mk_eq(ctx, a, b));
	r = Z3_solver_check(ctx, p->solver);
	Z3_solver_pop(ctx, p->solver, 1);
	return r == Z3_L_FALSE;
}

/* One difference found: an input and the two actions. */
struct diff {
	struct seccomp_data d;
	uint32_t action[2];
	bool whole_abi; /* every call of its ABI differs */
	int abi;	/* its ABI's index in bpf_sim's table */
};

static int diff_cmp(const void *a, const void *b)
{
	const struct diff *x = a, *y = b;

	if (x->abi != y->abi)
		return x->abi < y->abi ? -1 : 1;
	if (x->whole_abi != y->whole_abi)
		return x->whole_abi ? -1 : 1;
	if (x->d.arch != y->d.arch)
		return x->d.arch < y->d.arch ? -1 : 1;
	return ((uint32_t)x->d.nr > (uint32_t)y->d.nr) -
	       ((uint32_t)x->d.nr < (uint32_t)y->d.nr);
}

/* bpf_sim's index of an input's ABI; unknown arch values last. */
static int abi_index(const struct seccomp_data *d, int big_endian)
{
	const struct bpf_sim_arch *a = input_abi(d, big_endian), *b;
	int i;

	for (i = 0; a != NULL && (b = bpf_sim_arch_get((size_t)i)) != NULL; i++)
		if (b == a)
			return i;
	return 1 << 20;
}

static void print_diff(const struct diff *f, int big_endian)
{
	if (f->whole_abi) {
		print_arch(input_abi(&f->d, big_endian), f->d.arch);
		printf(": every call differs, e.g. ");
	}
	print_input(&f->d, big_endian);
	print_action(": old", f->action[0]);
	print_action(", new", f->action[1]);
	printf("\n");
}

/* Makes a whole-ABI difference's example its first call, without args. */
static void example(struct bpf_sim_prog prog[2], struct diff *f)
{
	struct bpf_sim_result out;
	unsigned int i;

	f->d.nr = x32_call(bpf_prove_sim_arch(f->d.arch, prog[0].big_endian),
			   &f->d) ?
			  (int)BPF_SIM_X32_BIT :
			  0;
	f->d.instruction_pointer = 0;
	memset(f->d.args, 0, sizeof(f->d.args));
	for (i = 0; i < 2; i++)
		if (bpf_sim_run(&prog[i], &f->d, &out) == 0)
			f->action[i] = out.action;
}

/*
 * Finds up to @max differences (0: all), one per ABI call (arch value and
 * number) or per ABI if all its calls differ, and prints them by ABI and
 * number. Returns how many, or -errno.
 */
static int differences(struct bpf_prove *p, struct bpf_sim_prog prog[2],
		       Z3_ast term[2], unsigned int max, bool quiet)
{
	struct bpf_sim_result out[2];
	struct diff *found = NULL, *grown, *f;
	struct seccomp_data more;
	unsigned int cnt = 0, cap = 0, i;
	int be = prog[0].big_endian, rc = 0;
	Z3_ast calls;

	while (max == 0 || cnt < max) {
		if (cnt == cap) {
			grown = realloc(found, (cap * 2 + 16) * sizeof(*found));
			if (grown == NULL) {
				rc = -ENOMEM;
				break;
			}
			found = grown;
			cap = cap * 2 + 16;
		}
		f = &found[cnt];
		rc = bpf_prove_check(p, term[0], term[1], &f->d);
		if (rc <= 0)
			break;
		for (i = 0; i < 2 && rc > 0; i++) {
			if (bpf_sim_run(&prog[i], &f->d, &out[i]) < 0)
				rc = -EINVAL;
			f->action[i] = out[i].action;
		}
		/* the simulator must see the difference the solver found */
		if (rc > 0 && f->action[0] == f->action[1])
			rc = -EPROTO;
		if (rc < 0)
			break;
		cnt++;
		f->abi = abi_index(&f->d, be);
		calls = abi_calls(p, &f->d, be);
		f->whole_abi = all_differ(p, term[0], term[1], calls);
		if (f->whole_abi) {
			/* an ABI one program has and the other lacks */
			Z3_solver_assert(p->ctx, p->solver,
					 Z3_mk_not(p->ctx, calls));
			/* any call shows it: the ABI's first */
			example(prog, f);
		} else {
			rc = bpf_prove_exclude(p, f->d.arch, (uint32_t)f->d.nr);
		}
		if (rc < 0)
			break;
	}
	/* one more check says whether the list is complete */
	if (rc >= 0 && max != 0 && cnt == max)
		rc = bpf_prove_check(p, term[0], term[1], &more);
	if (rc >= 0 && !quiet) {
		qsort(found, cnt, sizeof(*found), diff_cmp);
		for (i = 0; i < cnt; i++)
			print_diff(&found[i], be);
		if (rc > 0 && max != 0 && cnt == max)
			printf("(more differences: -n 0 shows them all)\n");
	}
	free(found);
	return rc < 0 ? rc : (int)cnt;
}

int main(int argc, char *argv[])
{
	const struct bpf_sim_arch *arch = bpf_sim_arch_native();
	struct bpf_sim_prog prog[2] = { { 0 } };
	struct bpf_prove p;
	Z3_ast term[2];
	unsigned long max = DEFAULT_MAX;
	bool quiet = false;
	char *end;
	int c, rc, i;

	while ((c = getopt(argc, argv, "a:hn:q")) != -1) {
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
			    max > 1000000)
				usage(argv[0], 2);
			break;
		case 'q':
			quiet = true;
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
	for (i = 0; i < 2; i++)
		load(&prog[i], argv[optind + i], arch->big_endian);
	rc = bpf_prove_open(&p);
	for (i = 0; i < 2 && rc == 0; i++)
		rc = bpf_prove_prog(&p, &prog[i], &term[i]);
	if (rc == 0)
		rc = differences(&p, prog, term, (unsigned int)max, quiet);
	bpf_prove_close(&p);
	bpf_sim_free(&prog[0]);
	bpf_sim_free(&prog[1]);
	if (rc < 0) {
		fprintf(stderr, "scmp_bpf_diff: no answer: %s\n",
			rc == -ETIME  ? "the solver gave up" :
			rc == -EPROTO ? "the simulator disagrees with the"
					" solver (a bug)" :
					strerror(-rc));
		return 2;
	}
	if (rc == 0 && !quiet)
		printf("equivalent: no input makes them return different"
		       " values\n");
	return rc == 0 ? 0 : 1;
}
