/* SPDX-License-Identifier: LGPL-2.1-only */
/* PFC of unconditional rules, one per action, on one ABI. */

#include "filter_spec.h"

/* clang-format off */
/*
 * libseccomp 2.5.4 prints the same text byte for byte (the golden file
 * was made with it). NOTIFY has no name in PFC: it prints as a number.
 */
static const char *const spec[] = {
	"native x86_64",
	"api 5",
	"init KILL",
	"arch -native +x86_64",
	"rule ALLOW read",
	"rule ERRNO(1) write",
	"rule KILL_PROCESS open",
	"rule TRAP close",
	"rule TRACE(4) stat",
	"rule LOG fstat",
	"rule NOTIFY lstat",
	"rule ERRNO(4094) poll",
	"rule ALLOW 1000",
	NULL
};
/* clang-format on */

int main(int argc, char *argv[])
{
	return spec_pfc_main(argc, argv, spec);
}
