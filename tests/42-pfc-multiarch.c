/* SPDX-License-Identifier: LGPL-2.1-only */
/* PFC of a filter for five ABIs, with a bad-arch action and a syscall some ABIs lack. */

#include "filter_spec.h"

/* clang-format off */
/*
 * The golden file is libseccomp 2.5.4's output. aarch64 lacks open: its
 * pseudo number is printed, as an unsigned number and so before the real
 * syscalls of the same priority. x32 shows x86_64's audit value.
 */
static const char *const spec[] = {
	"init ERRNO(38)",
	"arch -native +x86_64 +x86 +arm +aarch64 +x32",
	"attr badarch TRAP",
	"rule ALLOW read",
	"rule ALLOW open",
	"rule KILL getpid a0==3",
	"rule ALLOW exit_group",
	NULL
};
/* clang-format on */

int main(int argc, char *argv[])
{
	return spec_pfc_main(argc, argv, spec);
}
