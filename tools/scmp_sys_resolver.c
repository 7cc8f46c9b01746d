/* SPDX-License-Identifier: LGPL-2.1-only */
/* scmp_sys_resolver: syscall names to numbers and back, for any ABI. */

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <seccomp.h>

static int usage(const char *program)
{
	fprintf(stderr,
		"usage: %s [-h] [-a ARCH] [-t] NAME|NUMBER\n"
		"\n"
		"Resolve a syscall name to its number, or a number to its name.\n"
		"  -a ARCH  the ABI (x86_64, x86, x32, aarch64, arm, mips, ...);\n"
		"           default: the native one\n"
		"  -t       give socketcall's or ipc's number for calls that the\n"
		"           ABI multiplexes through them\n"
		"  -h       show this help\n"
		"Arguments that start with a digit or '-' are numbers; put\n"
		"negative numbers after \"--\".\n",
		program);
	return EINVAL;
}

int main(int argc, char *argv[])
{
	uint32_t arch = SCMP_ARCH_NATIVE;
	bool rewrite = false;
	const char *arg;
	char *name;
	int opt;

	while ((opt = getopt(argc, argv, "a:th")) != -1) {
		switch (opt) {
		case 'a':
			arch = seccomp_arch_resolve_name(optarg);
			if (arch == 0)
				return usage(argv[0]);
			break;
		case 't':
			rewrite = true;
			break;
		default:
			return usage(argv[0]);
		}
	}
	if (optind != argc - 1)
		return usage(argv[0]);
	arg = argv[optind];

	if ((arg[0] >= '0' && arg[0] <= '9') || arg[0] == '-') {
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
