/* SPDX-License-Identifier: LGPL-2.1-only */
/* Test helper: build a filter through the public API from a compact text description. */

#ifndef FILTER_SPEC_H
#define FILTER_SPEC_H

#include <stddef.h>

#include <seccomp.h>

/*
 * A spec is a NULL-terminated array of statements, run in order:
 *
 *	api LEVEL		seccomp_api_set(LEVEL)
 *	native ARCH		skip the test (exit 77) unless ARCH is native
 *	init ACTION		seccomp_init(ACTION) (must come before the rest)
 *	reset ACTION		seccomp_reset(ctx, ACTION)
 *	arch +ARCH -ARCH ..	seccomp_arch_add / _remove ("native" allowed)
 *	attr NAME VALUE		seccomp_attr_set; NAME is badarch, tskip,
 *				optimize, nnp, tsync, log, ssb, rawrc, waitkill,
 *				enosys, kvermax, badarg32 (ours:
 *				SCMP_FLTATR_EXT_ACT_BADARG32) or default; VALUE
 *				a number, an action, a Linux version (5.2:
 *				SCMP_KV_5_2), undef (SCMP_KV_UNDEF) or unset
 *				(SCMP_EXT_ACT_UNSET)
 *	prio SYSCALLS N		seccomp_syscall_priority
 *	rule ACTION SYSCALLS [CMP ..]	seccomp_rule_add_array
 *	exact ACTION SYSCALLS [CMP ..]	seccomp_rule_add_exact_array
 *
 * ACTION: KILL_PROCESS, KILL, KILL_THREAD, TRAP, TRAP(n) (SCMP_ACT_TRAPX),
 * ERRNO(n), TRACE(n), LOG, ALLOW, NOTIFY or a raw number. SYSCALLS: comma-separated names (resolved
 * on the native ABI with seccomp_syscall_resolve_name) or raw numbers; the
 * statement runs once for each. CMP: aN OP VALUE without spaces, with OP
 * one of == != < <= >= > or &MASK== (MASKED_EQ); aN_32 builds it with
 * SCMP_CMP32 (datums cast to 32 bits), aN or aN_64 with SCMP_CMP64; a
 * ".lo32" after that (a0.lo32!=16) adds SCMP_CMP_32BIT to the operator, a
 * ".s" after that (a0.s<0, a0.lo32.s<0) our SCMP_CMP_EXT_SIGNED. A
 * VALUE starting with '-' is sign-extended to 64 bits, as an int is.
 *
 * A statement may start with the errno it must fail with: "!EEXIST rule
 * ...". Otherwise it must return 0.
 */

/* One named filter of a test program. */
struct spec_filter {
	const char *name;
	const char *const *spec;
};

int spec_run(scmp_filter_ctx *ctx, const char *const *spec);
/* Runs statements on a filter: SPEC(ctx, "rule ALLOW read", ...) is 0. */
#define SPEC(ctx, ...) \
	spec_run(&(ctx), (const char *const[]){ __VA_ARGS__, NULL })
scmp_filter_ctx spec_build(const char *const *spec, int *status);
int spec_print_bpf(scmp_filter_ctx ctx);
int spec_sim_main(int argc, char *argv[], const struct spec_filter *filters);
/*
 * SPEC_SIM_MAIN - the main() of a sim test, from its named filters as
 * { "name", spec } pairs: spec_sim_main() prints the one asked for.
 * lib/filter_spec.py reads the pairs from the C source for the Python twin.
 */
#define SPEC_SIM_MAIN(...)                                    \
	int main(int argc, char *argv[])                      \
	{                                                     \
		static const struct spec_filter filters[] = { \
			__VA_ARGS__, { NULL, NULL }           \
		};                                            \
		return spec_sim_main(argc, argv, filters);    \
	}
int spec_pfc_main(int argc, char *argv[], const char *const *spec);
int spec_pfc_check(scmp_filter_ctx ctx, const char *golden, int write);

#endif
