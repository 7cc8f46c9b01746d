/* SPDX-License-Identifier: LGPL-2.1-only */
/* scmp_sys_resolver: syscall names to numbers and back, for any ABI. */

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <seccomp.h>

#include "arch.h"

/* libseccomp's names of every ABI, for -a (seccomp_arch_resolve_name) */
static const char *const arch_names[] = { ARCH_LIST(ARCH_LIST_NAME) };

static void print_arch_names(void)
{
	size_t i;

	fprintf(stderr, "architectures:");
	for (i = 0; i < sizeof(arch_names) / sizeof(arch_names[0]); i++)
		fprintf(stderr, " %s", arch_names[i]);
	fprintf(stderr, "\n");
}

/* Exit status EINVAL for every usage error, as libseccomp's tool. */
static int usage(const char *program)
{
	fprintf(stderr,
		"usage: %s [-h] [-a <arch>] [-t|-k] <name>|<number>\n"
		"\n"
		"Resolve a syscall name to its number, or a number to its name.\n"
		"  -a ARCH  the ABI (see below); default: the native one\n"
		"  -t       give socketcall's or ipc's number for calls that the\n"
		"           ABI multiplexes through them\n"
		"  -k       give the Linux version in which the ABI got the\n"
		"           syscall (3.0: 3.0 or older), for\n"
		"           SCMP_FLTATR_CTL_KVERMAX\n"
		"  -h       show this help\n"
		"Arguments that start with a digit or '-' are numbers; put\n"
		"negative numbers after \"--\".\n",
		program);
	print_arch_names();
	return EINVAL;
}

/*
 * -k: the version in which the ABI got the syscall of a name or number,
 * or UNKNOWN where it has none.
 */
static void print_kver(uint32_t token, const char *arg, bool number)
{
	const struct arch_def *arch = arch_by_token(token);
	unsigned int major, minor;
	int num;

	num = number ? atoi(arg) : arch_syscall_resolve_name(arch, arg);
	if (arch_kver_version(arch_syscall_kver(arch, num), &major, &minor))
		printf("%u.%u\n", major, minor);
	else
		printf("UNKNOWN\n");
}

int main(int argc, char *argv[])
{
	uint32_t arch = SCMP_ARCH_NATIVE;
	bool rewrite = false, kver = false, number;
	const char *arg;
	char *name;
	int opt;

	while ((opt = getopt(argc, argv, "a:tkh")) != -1) {
		switch (opt) {
		case 'a':
			arch = seccomp_arch_resolve_name(optarg);
			if (arch == 0) {
				fprintf(stderr,
					"%s: unknown architecture '%s'\n",
					argv[0], optarg);
				print_arch_names();
				return EINVAL;
			}
			break;
		case 't':
			rewrite = true;
			break;
		case 'k':
			kver = true;
			break;
		default:
			return usage(argv[0]);
		}
	}
	/* arguments after the first are ignored, as libseccomp's tool does */
	if (optind >= argc || (rewrite && kver))
		return usage(argv[0]);
	arg = argv[optind];
	number = (arg[0] >= '0' && arg[0] <= '9') || arg[0] == '-';

	if (kver) {
		print_kver(arch, arg, number);
	} else if (number) {
		name = seccomp_syscall_resolve_num_arch(arch, atoi(arg));
		printf("%s\n", name != NULL ? name : "UNKNOWN");
		free(name);
	} else if (rewrite) {
		printf("%d\n", seccomp_syscall_resolve_name_rewrite(arch, arg));
	} else {
		printf("%d\n", seccomp_syscall_resolve_name_arch(arch, arg));
	}
	return 0;
}
