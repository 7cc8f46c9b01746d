/* SPDX-License-Identifier: LGPL-2.1-only */
/* The proof tests in a build without Z3: skipped, saying why. */

#include <stdio.h>

int main(void)
{
	fprintf(stderr, "built without Z3: configure found no z3.h and libz3"
		" (Debian: libz3-dev; configure --with-z3)\n");
	return 77;
}
