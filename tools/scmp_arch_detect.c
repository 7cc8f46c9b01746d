/* SPDX-License-Identifier: LGPL-2.1-only */
/* scmp_arch_detect: print the native ABI's name (or token). */

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <unistd.h>

#include <seccomp.h>

#include "arch_list.h"

/* The public API maps names to tokens only, so try every name. */
static const char *const arch_names[] = { ARCH_LIST(ARCH_LIST_NAME) };

int main(int argc, char *argv[])
{
	uint32_t native = seccomp_arch_native();
	const char *name = "unknown";
	bool token = false;
	unsigned int i;
	int opt;

	while ((opt = getopt(argc, argv, "th")) != -1) {
		switch (opt) {
		case 't':
			token = true;
			break;
		default:
			fprintf(stderr,
				"usage: %s [-h] [-t]\n"
				"Print the native ABI's name, or with -t its "
				"token.\n",
				argv[0]);
			return EINVAL;
		}
	}
	if (token) {
		/* %d, as libseccomp prints it: 64-bit ABIs come out negative */
		printf("%d\n", (int)native);
		return 0;
	}
	for (i = 0; i < sizeof(arch_names) / sizeof(arch_names[0]); i++)
		if (seccomp_arch_resolve_name(arch_names[i]) == native)
			name = arch_names[i];
	printf("%s\n", name);
	return 0;
}
