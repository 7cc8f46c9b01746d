/* SPDX-License-Identifier: LGPL-2.1-only */
/* scmp_sys_resolver: syscall names to numbers and back, for any ABI. */

#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <seccomp-ext.h>

#include "arch.h"
#include "libcheck.h"

/* --syscalls: a long option only */
#define OPT_SYSCALLS 256

/* libseccomp's names of every ABI, for -a (seccomp_arch_resolve_name) */
static const char *const arch_names[] = { ARCH_LIST(ARCH_LIST_NAME) };

/* Go's names of the same ABIs (GOARCH, as Docker's profiles write them) */
#define ARCH_LIST_GO(mac, name, col, bits, be, base, goarch) goarch,
static const char *const go_names[] = { ARCH_LIST(ARCH_LIST_GO) };
#undef ARCH_LIST_GO

static void print_arch_names(void)
{
	size_t i;

	fprintf(stderr, "architectures:");
	for (i = 0; i < sizeof(arch_names) / sizeof(arch_names[0]); i++)
		fprintf(stderr, " %s", arch_names[i]);
	fprintf(stderr, "\n");
}

/*
 * The ABI of -a: libseccomp's name, Go's (amd64), or the audit value an
 * audit record prints as arch= (c000003e or 0xc000003e; x32's calls come
 * under x86_64's, with the x32 bit in the number). 0 if none.
 */
static uint32_t arch_option(const char *arg)
{
	uint32_t token = seccomp_arch_resolve_name(arg);
	const char *hex = arg;
	size_t i;

	if (token != 0)
		return token;
	for (i = 0; i < sizeof(go_names) / sizeof(go_names[0]); i++)
		if (strcmp(arg, go_names[i]) == 0)
			return seccomp_arch_resolve_name(arch_names[i]);
	if (hex[0] == '0' && (hex[1] == 'x' || hex[1] == 'X'))
		hex += 2;
	if (strlen(hex) == 0 || strlen(hex) > 8 ||
	    strspn(hex, "0123456789abcdefABCDEF") != strlen(hex))
		return 0;
	token = (uint32_t)strtoul(hex, NULL, 16);
	return arch_by_token(token) != NULL ? token : 0;
}

/* Exit status EINVAL for every usage error, as libseccomp's tool. */
static int usage(const char *program)
{
	fprintf(stderr,
		"usage: %s [-h] [-a <arch>] [-t|-k|-j] <name>|<number>\n"
		"\n"
		"Resolve a syscall name to its number, or a number to its name.\n"
		"  -a ARCH  the ABI (see below), Go's name for it (amd64), or"
		" the arch= of\n"
		"           an audit record (c000003e); default: the native"
		" one\n"
		"  -t       give socketcall's or ipc's number for calls that the\n"
		"           ABI multiplexes through them\n"
		"  -k       give the Linux version in which the ABI got the\n"
		"           syscall (3.0: 3.0 or older), for\n"
		"           SCMP_FLTATR_CTL_KVERMAX\n"
		"  -j, --json  all of it as one JSON object: arch, query, name,"
		" nr,\n"
		"           filter_nr (what a filter tests), kernel\n"
		"  --syscalls FILE  first teach the library the syscalls of a"
		" table in\n"
		"           src/syscalls.csv's format"
		" (seccomp_ext_syscall_table_load(3))\n"
		"  -h, --help  show this help\n"
		"Arguments that start with a digit or '-' are numbers; put\n"
		"negative numbers after \"--\".\n",
		program);
	print_arch_names();
	return EINVAL;
}

/*
 * The version in which the ABI got the syscall of a name or number, into
 * @buf; false where it has none.
 */
static bool kver_of(uint32_t token, const char *arg, bool number, char *buf,
		    size_t size)
{
	const struct arch_def *arch = arch_by_token(token);
	unsigned int major, minor;
	int num;

	num = number ? atoi(arg) : arch_syscall_resolve_name(arch, arg);
	if (!arch_kver_version(arch_syscall_kver(arch, num), &major, &minor))
		return false;
	snprintf(buf, size, "%u.%u", major, minor);
	return true;
}

/* @s as a JSON string (a name from the command line may hold anything). */
static void json_string(const char *s)
{
	putchar('"');
	for (; *s != '\0'; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			printf("\\%c", c);
		else if (c < 0x20)
			printf("\\u%04x", c);
		else
			putchar(c);
	}
	putchar('"');
}

/*
 * -j: every answer at once. "nr" is what seccomp_syscall_resolve_*()
 * give (a negative pseudo number for a multiplexed call), "filter_nr"
 * what a filter sees (-t), null where the ABI has no such syscall (a
 * name libseccomp knows from another ABI has a pseudo "nr" still).
 */
static void print_json(uint32_t token, const char *arg, bool number)
{
	char kver[16];
	char *name = NULL;
	int nr, filter_nr;

	if (number) {
		nr = filter_nr = atoi(arg);
		name = seccomp_syscall_resolve_num_arch(token, nr);
		/* a pseudo number is a multiplexed call's */
		if (nr < 0 && name != NULL)
			filter_nr = seccomp_syscall_resolve_name_rewrite(token,
									 name);
	} else {
		nr = seccomp_syscall_resolve_name_arch(token, arg);
		filter_nr = seccomp_syscall_resolve_name_rewrite(token, arg);
		if (nr != __NR_SCMP_ERROR)
			name = seccomp_syscall_resolve_num_arch(token, nr);
	}
	printf("{\"arch\": \"%s\", \"query\": ", arch_by_token(token)->name);
	json_string(arg);
	printf(", \"name\": ");
	if (name != NULL)
		json_string(name);
	else
		printf("null");
	if (name != NULL)
		printf(", \"nr\": %d", nr);
	else
		printf(", \"nr\": null");
	/* a pseudo number that stays negative: no call a filter can see */
	if (name != NULL && filter_nr >= 0)
		printf(", \"filter_nr\": %d", filter_nr);
	else
		printf(", \"filter_nr\": null");
	if (name != NULL && kver_of(token, arg, number, kver, sizeof(kver)))
		printf(", \"kernel\": \"%s\"}\n", kver);
	else
		printf(", \"kernel\": null}\n");
	free(name);
}

/* --syscalls: returns 0, or EINVAL after saying what was wrong. */
static int load_syscalls(const char *program, const char *path)
{
	int rc = seccomp_ext_syscall_table_load(path);

	if (rc > 0)
		fprintf(stderr, "%s: %s:%d: not a syscall table line\n",
			program, path, rc);
	else if (rc < 0)
		fprintf(stderr, "%s: cannot load %s: %s\n", program, path,
			strerror(-rc));
	return rc == 0 ? 0 : EINVAL;
}

int main(int argc, char *argv[])
{
	uint32_t arch = SCMP_ARCH_NATIVE;
	static const struct option longopts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ "syscalls", required_argument, NULL, OPT_SYSCALLS },
		{ NULL, 0, NULL, 0 },
	};
	bool rewrite = false, kver = false, json = false, number;
	char buf[16];
	const char *arg;
	char *name;
	int opt;

	if (libcheck_verify("scmp_sys_resolver") < 0)
		return 1;
	while ((opt = getopt_long(argc, argv, "a:tkjh", longopts, NULL)) !=
	       -1) {
		switch (opt) {
		case 'a':
			arch = arch_option(optarg);
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
		case 'j':
			json = true;
			break;
		case OPT_SYSCALLS:
			if (load_syscalls(argv[0], optarg) != 0)
				return EINVAL;
			break;
		default:
			return usage(argv[0]);
		}
	}
	/* arguments after the first are ignored, as libseccomp's tool does */
	if (optind >= argc || rewrite + kver + json > 1)
		return usage(argv[0]);
	arg = argv[optind];
	number = (arg[0] >= '0' && arg[0] <= '9') || arg[0] == '-';

	if (arch == SCMP_ARCH_NATIVE)
		arch = seccomp_arch_native();
	if (json) {
		print_json(arch, arg, number);
	} else if (kver) {
		printf("%s\n", kver_of(arch, arg, number, buf, sizeof(buf)) ?
				       buf :
				       "UNKNOWN");
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
