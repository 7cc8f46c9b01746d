/* SPDX-License-Identifier: LGPL-2.1-only */
/* scmp_bpf_disasm: list an exported filter, draw it, or report its cache. */

/*
 * Compatible with libseccomp's scmp_bpf_disasm ([-a ARCH] [-d] [-h],
 * program on stdin), with these additions: the program may also be named
 * as a file argument (libseccomp's tool meant to allow that but read the
 * wrong argument), every seccomp-permitted opcode has a mnemonic, all 23
 * arches are known, the listing names syscalls, arguments, ABIs and
 * errnos after a "#" (-n leaves them out: libseccomp's listing), -d draws
 * one ABI with the tests of the syscall number collapsed (-n -d: a node
 * per instruction), and -c/--cache prints which syscalls the kernel's
 * action cache would treat as always ALLOW.
 *
 * The listing and the graphs are bpf_disasm.c's.
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bpf_disasm.h"
#include "bpf_names.h"
#include "bpf_sim.h"

/* Syscall numbers scanned by --cache unless --range says otherwise. */
#define CACHE_SPAN 1024u

/* --syscalls: a long option only */
#define OPT_SYSCALLS 256

/* Print the usage text and exit with EINVAL. */
static _Noreturn void usage(const char *prog)
{
	fprintf(stderr,
		"usage: %s [-a <arch>] [-n] [-d | -c [-r <lo>-<hi>]] [-h]"
		" [<file>]\n"
		"  reads the filter from <file>, or from stdin without it, and"
		" lists it:\n"
		"  after \"#\", what loads read (nr, arch, args[N] low/high),"
		" the ABI an\n"
		"  arch test tests, the syscall a number test tests, the errno"
		" returned\n"
		"  -a ARCH       byte order of the filter (default: this"
		" machine's), and the\n"
		"                ABI named before the filter tests the arch; with"
		" -d, the ABI\n"
		"                drawn; with -c, the only arch reported\n"
		"  -n, --numeric no names: libseccomp's listing; with -d, a node"
		" per\n"
		"                instruction\n"
		"  -d, --dot     print a graphviz digraph of one ABI (-a's, or"
		" the first the\n"
		"                filter tests) instead of a listing: syscall"
		" number tests\n"
		"                collapsed into one node, argument tests named\n"
		"  -c, --cache   report the syscalls the kernel's seccomp action"
		" cache\n"
		"                (Linux >= 5.11) proves always ALLOW, one line"
		" per arch:\n"
		"                  ARCH: 0-3,5,7-12 (10 syscalls)\n"
		"                ARCH is every arch token the filter tests"
		" (\"0x%%08x\" if\n"
		"                unknown), or -a's, or else this machine's;"
		" \"none\" if no\n"
		"                syscall qualifies.  Numbers are seccomp_data.nr"
		" values:\n"
		"                1024 from the ABI's base (mips 4000/5000/6000);"
		" an x86_64\n"
		"                filter also gets an \"x32:\" line for"
		" 0x40000000 + 0..1023,\n"
		"                which real kernels never cache (outside their"
		" bitmap)\n"
		"  -r, --range LO-HI  scan these syscall numbers instead\n"
		"  --syscalls FILE  more syscall names, from a table in"
		" src/syscalls.csv's\n"
		"                format (seccomp_ext_syscall_table_load(3))\n"
		"  -h            this text\n",
		prog);
	exit(EINVAL);
}

/*
 * One cache line: "NAME: a-b,c (N syscalls)" for nr in [lo, hi] tested
 * with seccomp_data.arch = @token.
 */
static void print_cache_line(const struct bpf_sim_prog *prog, const char *name,
			     uint32_t token, uint64_t lo, uint64_t hi)
{
	uint64_t nr, start = 0, count = 0;
	int in_run = 0, first = 1;

	printf("%s: ", name);
	for (nr = lo; nr <= hi + 1; nr++) {
		int ok = nr <= hi &&
			 bpf_sim_cache_allow(prog, token, (uint32_t)nr) == 1;

		if (ok) {
			count++;
			if (!in_run)
				start = nr;
			in_run = 1;
			continue;
		}
		if (!in_run)
			continue;
		in_run = 0;
		printf("%s%" PRIu64, first ? "" : ",", start);
		if (nr - 1 > start)
			printf("-%" PRIu64, nr - 1);
		first = 0;
	}
	if (first)
		printf("none");
	printf(" (%" PRIu64 " syscall%s)\n", count, count == 1 ? "" : "s");
}

/* Report one arch: its default range(s) unless --range was given. */
static void cache_arch(const struct bpf_sim_prog *prog, uint32_t token,
		       const struct bpf_sim_arch *arch, int have_range,
		       uint64_t lo, uint64_t hi)
{
	char hexname[16];
	const char *name;
	uint64_t base = 0;

	if (arch != NULL) {
		name = arch->name;
		base = arch->nr_base;
	} else {
		snprintf(hexname, sizeof(hexname), "0x%.8x", token);
		name = hexname;
	}
	if (have_range) {
		print_cache_line(prog, name, token, lo, hi);
		return;
	}
	print_cache_line(prog, name, token, base, base + CACHE_SPAN - 1);
	/* x32 shares x86_64's token; its calls are nr | 0x40000000. */
	if (arch != NULL && strcmp(arch->name, "x86_64") == 0)
		print_cache_line(prog, "x32", token, BPF_SIM_X32_BIT,
				 BPF_SIM_X32_BIT + CACHE_SPAN - 1);
}

/* The --cache report; returns the exit code. */
static int print_cache(const struct bpf_sim_prog *prog,
		       const struct bpf_sim_arch *given, int have_range,
		       uint64_t lo, uint64_t hi)
{
	const struct bpf_sim_arch *native = bpf_sim_arch_native();
	struct bpf_sim_fault why;
	uint32_t *tokens;
	int n, i;

	if (bpf_sim_verify(prog, &why) < 0) {
		fprintf(stderr,
			"invalid seccomp filter (line %u: %s); the kernel would"
			" not load it\n",
			why.pc, bpf_sim_reason_str(why.reason));
		return EFAULT;
	}
	if (given != NULL) {
		cache_arch(prog, given->data_arch, given, have_range, lo, hi);
		return 0;
	}
	tokens = malloc(prog->len * sizeof(*tokens));
	if (tokens == NULL)
		return ENOMEM;
	n = bpf_sim_arch_tokens(prog, tokens, prog->len);
	if (n == 0 && native != NULL)
		cache_arch(prog, native->data_arch, native, have_range, lo, hi);
	for (i = 0; i < n; i++)
		cache_arch(prog, tokens[i], bpf_sim_arch_by_token(tokens[i]),
			   have_range, lo, hi);
	free(tokens);
	return n < 0 ? -n : 0;
}

/* The graph of one ABI; returns the exit code. */
static int graph(const struct bpf_sim_prog *prog,
		 const struct bpf_sim_arch *arch)
{
	int rc = bpf_disasm_graph(stdout, prog, arch);

	if (rc == -EINVAL) {
		fprintf(stderr,
			"invalid seccomp filter; the kernel would not load it"
			" (-n -d draws it)\n");
		return EFAULT;
	}
	return rc < 0 ? -rc : 0;
}

/* Parse "LO-HI" (decimal or 0x hex, each 0..0xffffffff). */
static int parse_range(const char *s, uint64_t *lo, uint64_t *hi)
{
	unsigned long long a, b;
	char *end;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	a = strtoull(s, &end, 0);
	if (errno || *end != '-' || end[1] < '0' || end[1] > '9')
		return -1;
	b = strtoull(end + 1, &end, 0);
	if (errno || *end != '\0' || a > b || b > UINT32_MAX)
		return -1;
	*lo = a;
	*hi = b;
	return 0;
}

/**
 * main - parse options, load the program, print what was asked
 *
 * Returns 0; EINVAL for usage errors; EFAULT if the program cannot be
 * read or (with --cache or -d) is not a valid seccomp filter.
 */
int main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "arch", required_argument, NULL, 'a' },
		{ "cache", no_argument, NULL, 'c' },
		{ "dot", no_argument, NULL, 'd' },
		{ "help", no_argument, NULL, 'h' },
		{ "numeric", no_argument, NULL, 'n' },
		{ "range", required_argument, NULL, 'r' },
		{ "syscalls", required_argument, NULL, OPT_SYSCALLS },
		{ NULL, 0, NULL, 0 },
	};
	const struct bpf_sim_arch *arch = NULL;
	struct bpf_sim_prog prog = { 0 };
	int opt_dot = 0, opt_cache = 0, opt_numeric = 0, have_range = 0;
	uint64_t lo = 0, hi = 0;
	const char *file = "-";
	int c, rc, big_endian;

	while ((c = getopt_long(argc, argv, "a:cdhnr:", longopts, NULL)) !=
	       -1) {
		switch (c) {
		case 'a':
			arch = bpf_sim_arch_by_name(optarg);
			if (arch == NULL)
				usage(argv[0]);
			break;
		case 'c':
			opt_cache = 1;
			break;
		case 'd':
			opt_dot = 1;
			break;
		case 'n':
			opt_numeric = 1;
			break;
		case 'r':
			if (parse_range(optarg, &lo, &hi) < 0)
				usage(argv[0]);
			have_range = 1;
			break;
		case OPT_SYSCALLS:
			if (bpf_names_load_report(argv[0], optarg) < 0)
				return EINVAL;
			break;
		default:
			usage(argv[0]);
		}
	}
	if (argc - optind > 1 || (opt_dot && opt_cache) ||
	    (have_range && !opt_cache))
		usage(argv[0]);
	if (optind < argc)
		file = argv[optind];

	if (arch != NULL)
		big_endian = arch->big_endian;
	else if (bpf_sim_arch_native() != NULL)
		big_endian = bpf_sim_arch_native()->big_endian;
	else
		usage(argv[0]); /* unknown host ABI: -a is required */

	rc = bpf_sim_load_file(&prog, file, big_endian);
	if (rc < 0) {
		fprintf(stderr, "%s: cannot load %s: %s\n", argv[0],
			strcmp(file, "-") == 0 ? "stdin" : file,
			rc == -EINVAL ? "empty, or size not a multiple of 8" :
					strerror(-rc));
		return EFAULT;
	}
	rc = 0;
	if (opt_cache)
		rc = print_cache(&prog, arch, have_range, lo, hi);
	else if (opt_dot && opt_numeric)
		bpf_disasm_dot(stdout, &prog);
	else if (opt_dot)
		rc = graph(&prog, arch);
	else
		bpf_disasm_print(stdout, &prog, arch,
				 opt_numeric ? BPF_DISASM_NUMERIC : 0);
	bpf_sim_free(&prog);
	if (fflush(stdout) != 0)
		return EIO;
	return rc;
}
