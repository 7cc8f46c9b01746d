/* SPDX-License-Identifier: LGPL-2.1-only */
/* A test that cannot be built here: it says why and skips (exit 77). */

#include <stdio.h>

int main(void)
{
	fprintf(stderr, "skipped: %s\n", SKIP_REASON);
	return 77;
}
