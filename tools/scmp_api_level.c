/* SPDX-License-Identifier: LGPL-2.1-only */
/* scmp_api_level: print the API level the running kernel supports. */

#include <stdio.h>

#include <seccomp.h>

int main(void)
{
	printf("%u\n", seccomp_api_get());
	return 0;
}
