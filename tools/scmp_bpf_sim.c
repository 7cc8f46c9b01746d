/* SPDX-License-Identifier: LGPL-2.1-only */
/* scmp_bpf_sim: run an exported filter on one syscall, print the action. */

/*
 * Compatible with libseccomp's scmp_bpf_sim:
 *   stdout   KILL_PROCESS, KILL, TRAP, ERRNO(n), TRACE(n), LOG, ALLOW; exit 0
 *   stderr   ERROR (exit ENOEXEC) for an unknown action or a program that
 *            would fall off its end; FAULT (exit EFAULT) for an unreadable
 *            or invalid program, an unknown arch or a second -f; exit
 *            EINVAL for a bad option or number, or no -f.
 * Differences, all deliberate:
 *  - NOTIFY (SECCOMP_RET_USER_NOTIF) prints "NOTIFY"; libseccomp's tool
 *    prints ERROR for it although the kernel accepts it.  A TRAP with
 *    nonzero data prints TRAP(n).
 *  - Any seccomp-valid classic BPF runs (X register, scratch memory, all
 *    ALU ops, jset, ret a, ...), not only the subset libseccomp emits; the
 *    program is verified first exactly as the kernel would at attach time.
 *  - A program of exactly 4096 instructions is accepted, as by the kernel.
 *  - -i sets the instruction pointer; -c also prints the instruction count.
 *  - Each error is named on a line of its own first ("scmp_bpf_sim:
 *    FILE: No such file or directory", then FAULT); -h and --help print
 *    the usage on stdout and exit 0 (libseccomp's tool: EINVAL); -a takes
 *    Go's names too (amd64, arm64, 386...).
 *  - -s takes a syscall name too, looked up in the arch's table (x32's
 *    numbers with the x32 bit), as bpf_disasm.c names them: from
 *    src/syscalls.csv, not the library.
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bpf_disasm.h"
#include "bpf_names.h"
#include "bpf_sim.h"

static int opt_verbose;

static const struct option longopts[] = {
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

/* Print the usage text on @f and exit with @status. */
static _Noreturn void usage(const char *prog, FILE *f, int status)
{
	fprintf(f,
		"usage: %s -f <bpf_file> [-a <arch>] [-s <syscall>]"
		" [-0 <a0>] ... [-5 <a5>] [-i <ip>] [-c] [-v] [-h]\n"
		"  -f FILE  filter exported by seccomp_export_bpf(), in the"
		" arch's byte order\n"
		"  -a ARCH  arch name (default: this machine's); sets"
		" seccomp_data.arch\n"
		"           and the byte order; x32 reports x86_64's token\n"
		"  -s SYS   syscall: a name on the arch (x32's with the x32 bit"
		" 0x40000000),\n"
		"           or a number (decimal, 0x hex, negative ok)\n"
		"  -0..-5 N syscall arguments, 64-bit\n"
		"  -i IP    instruction pointer, 64-bit\n"
		"  -c       also print \"insns: N\", the instructions executed\n"
		"  -v       verbose errors (errno, instruction line, reason)\n"
		"  -h, --help  this text\n"
		"prints the action (KILL_PROCESS, KILL, TRAP, ERRNO(n),"
		" TRACE(n), LOG, ALLOW,\n"
		"NOTIFY) and exits 0; ERROR and exit %d for an unknown action;"
		" FAULT and\nexit %d for an unusable program or arch; exit %d"
		" for a usage error\n",
		prog, ENOEXEC, EFAULT, EINVAL);
	exit(status);
}

/* Says what is wrong with the command line and exits with EINVAL. */
static _Noreturn __attribute__((format(printf, 2, 3))) void
bad_usage(const char *prog, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "scmp_bpf_sim: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry '%s -h' for help.\n", prog);
	exit(EINVAL);
}

/* Report a fault (bad input) and exit with EFAULT. */
static _Noreturn void exit_fault(int err, const struct bpf_sim_fault *why)
{
	if (!opt_verbose && why != NULL && why->reason != BPF_SIM_OK)
		fprintf(stderr, "scmp_bpf_sim: instruction %u: %s\nFAULT\n",
			why->pc, bpf_sim_reason_str(why->reason));
	else if (!opt_verbose)
		fprintf(stderr, "FAULT\n");
	else if (why != NULL && why->reason != BPF_SIM_OK)
		fprintf(stderr, "FAULT: errno = %d, line = %u: %s\n", err,
			why->pc, bpf_sim_reason_str(why->reason));
	else
		fprintf(stderr, "FAULT: errno = %d\n", err);
	exit(EFAULT);
}

/* Says what is wrong with the input, then FAULT as exit_fault() does. */
static _Noreturn __attribute__((format(printf, 2, 3))) void
bad_input(int err, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "scmp_bpf_sim: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n");
	exit_fault(err, NULL);
}

/* Says why @file cannot be loaded (@rc from bpf_sim_load_file()). */
static _Noreturn void load_fault(const char *file, int rc)
{
	if (rc == -EINVAL)
		bad_input(EINVAL,
			  "%s: not a seccomp program: its size is not a"
			  " positive multiple of 8 bytes",
			  file);
	if (rc == -E2BIG)
		bad_input(E2BIG, "%s: more than %u instructions", file,
			  BPF_MAXINSNS);
	bad_input(-rc, "%s: %s", file, strerror(-rc));
}

/* The ABI of -a, by libseccomp's name or Go's, or a message. */
static const struct bpf_sim_arch *arch_option(const char *name)
{
	const struct bpf_sim_arch *a =
		bpf_sim_arch_by_name(bpf_names_abi(name));

	if (a == NULL)
		bad_input(EINVAL,
			  "-a: unknown architecture \"%s\" (x86_64, aarch64,"
			  " ... or Go's amd64, arm64, ...)",
			  name);
	return a;
}

/* Report an unusable result and exit with ENOEXEC. */
static void exit_error(unsigned int line, const char *what)
{
	if (opt_verbose)
		fprintf(stderr, "ERROR: errno = %d, line = %u: %s\n", ENOEXEC,
			line, what);
	else
		fprintf(stderr, "ERROR\n");
	exit(ENOEXEC);
}

/*
 * Parse a number in decimal, 0x hex or 0 octal, optionally negative.
 * @bits is 32 or 64; negative values are taken as two's complement of
 * that width, so "-1" is 0xffffffff for -s and 0xffff...ffff for args.
 * Returns 0 on success, -1 if the text is not a number in range.
 */
static int parse_num(const char *s, unsigned int bits, uint64_t *out)
{
	const uint64_t umax = bits == 64 ? UINT64_MAX : UINT32_MAX;
	const uint64_t nmax = (uint64_t)1 << (bits - 1);
	unsigned long long v;
	int neg = 0;
	char *end;

	if (*s == '-') {
		neg = 1;
		s++;
	}
	/* strtoull would accept its own sign or spaces; we already did. */
	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtoull(s, &end, 0);
	if (errno != 0 || *end != '\0')
		return -1;
	if (neg) {
		if (v > nmax)
			return -1;
		*out = (0 - (uint64_t)v) & umax;
	} else {
		if (v > umax)
			return -1;
		*out = v;
	}
	return 0;
}

/* The number of -s: a name on @arch, else a number, or a message. */
static int syscall_option(const char *prog, const struct bpf_sim_arch *arch,
			  const char *sys)
{
	uint32_t nr;
	uint64_t v;

	if (bpf_names_nr(arch->name, sys, &nr) == 0)
		return (int)nr;
	if (parse_num(sys, 32, &v) < 0)
		bad_usage(prog,
			  "-s: no syscall \"%s\" on %s, and not a 32-bit"
			  " number",
			  sys, arch->name);
	return (int)(uint32_t)v;
}

/**
 * main - parse options, load, verify and run the filter
 *
 * Returns exit codes as described at the top of this file.
 */
int main(int argc, char *argv[])
{
	const struct bpf_sim_arch *arch = bpf_sim_arch_native();
	struct seccomp_data data;
	struct bpf_sim_prog prog = { 0 };
	struct bpf_sim_fault why = { 0 };
	struct bpf_sim_result res;
	const char *file = NULL, *sys = NULL;
	int opt_count = 0;
	char action[32];
	uint64_t v;
	int c, rc;

	memset(&data, 0, sizeof(data));
	while ((c = getopt_long(argc, argv, "a:cf:hi:s:v0:1:2:3:4:5:", longopts,
				NULL)) != -1) {
		switch (c) {
		case 'a':
			arch = arch_option(optarg);
			break;
		case 'c':
			opt_count = 1;
			break;
		case 'f':
			if (file != NULL)
				bad_input(EINVAL, "-f: one filter only");
			file = optarg;
			break;
		case 'i':
			if (parse_num(optarg, 64, &v) < 0)
				bad_usage(argv[0],
					  "-i: not a 64-bit number: %s",
					  optarg);
			data.instruction_pointer = v;
			break;
		case 's':
			sys = optarg;
			break;
		case 'v':
			opt_verbose = 1;
			break;
		case '0':
		case '1':
		case '2':
		case '3':
		case '4':
		case '5':
			if (parse_num(optarg, 64, &v) < 0)
				bad_usage(argv[0],
					  "-%c: not a 64-bit number: %s", c,
					  optarg);
			data.args[c - '0'] = v;
			break;
		case 'h':
			usage(argv[0], stdout, 0);
		default:
			usage(argv[0], stderr, EINVAL);
		}
	}
	if (file == NULL)
		bad_usage(argv[0], "no filter: -f FILE");
	if (optind != argc)
		bad_usage(argv[0], "unexpected argument: %s", argv[optind]);
	if (arch == NULL) /* unknown host ABI and no -a */
		bad_input(EINVAL, "this machine's ABI is unknown: give -a");
	data.arch = arch->data_arch;
	if (sys != NULL)
		data.nr = syscall_option(argv[0], arch, sys);

	rc = bpf_sim_load_file(&prog, file, arch->big_endian);
	if (rc < 0)
		load_fault(file, rc);
	rc = bpf_sim_verify(&prog, &why);
	if (rc == 0) {
		prog.state = 1;
		rc = bpf_sim_run(&prog, &data, &res);
	}
	/* freed before any exit: the fuzz harness runs this in-process */
	bpf_sim_free(&prog);
	if (rc < 0 && why.reason == BPF_SIM_ERR_NO_RET)
		/* libseccomp's tool reports running off the end as ERROR. */
		exit_error(why.pc, bpf_sim_reason_str(why.reason));
	if (rc < 0)
		exit_fault(-rc, why.reason != BPF_SIM_OK ? &why : NULL);

	if (bpf_sim_action_str(res.action, action, sizeof(action)) < 0) {
		char what[48];

		snprintf(what, sizeof(what), "unknown action %s", action);
		exit_error(res.pc, what);
	}
	printf("%s\n", action);
	if (opt_count)
		printf("insns: %u\n", res.insns);
	return 0;
}
