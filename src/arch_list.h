/* SPDX-License-Identifier: LGPL-2.1-only */
/* The one list of ABIs: the library, its tools and the Python module. */

#ifndef ARCH_LIST_H
#define ARCH_LIST_H

#include <stdbool.h>

/*
 * ARCH_LIST(X) calls X(mac, name, col, bits, be, base, goarch) for every
 * ABI libseccomp knows, in the order of its architecture list:
 *   mac     SCMP_ARCH_##mac is its token (include/seccomp.h.in);
 *   name    libseccomp's name for it (seccomp_arch_resolve_name());
 *   col     SYSCALL_ABI_##col is its syscall table, a column of
 *           src/syscalls.csv: the two byte orders of a family share one;
 *   bits    the width of syscall arguments, 32 or 64;
 *   be      big-endian;
 *   base    where its syscall numbers start (MIPS), else 0;
 *   goarch  the name Docker's profiles use for it in includes and
 *           excludes: Go's GOARCH, or libseccomp's name where Go has none.
 * Use mac and col only with # or ##: compilers predefine some of those
 * names (PPC on 32-bit PowerPC, mips on MIPS), which would expand first.
 *
 * x86_64 and x32 share an audit value; arch.c says how. The BPF simulator
 * (tools/bpf/bpf_sim.c) and the tests' ABI table (tests/lib/prop.c) keep their
 * own lists on purpose: they are the independent oracle the library is
 * checked against. Adding an ABI: doc/HACKING.md.
 */
#define ARCH_LIST(X)                                                        \
	X(X86, "x86", X86, 32, false, 0, "386")                             \
	X(X86_64, "x86_64", X86_64, 64, false, 0, "amd64")                  \
	X(X32, "x32", X32, 32, false, 0, "x32")                             \
	X(ARM, "arm", ARM, 32, false, 0, "arm")                             \
	X(AARCH64, "aarch64", AARCH64, 64, false, 0, "arm64")               \
	X(LOONGARCH64, "loongarch64", LOONGARCH64, 64, false, 0, "loong64") \
	X(M68K, "m68k", M68K, 32, true, 0, "m68k")                          \
	X(MIPS, "mips", MIPS, 32, true, 4000, "mips")                       \
	X(MIPSEL, "mipsel", MIPS, 32, false, 4000, "mipsle")                \
	X(MIPS64, "mips64", MIPS64, 64, true, 5000, "mips64")               \
	X(MIPSEL64, "mipsel64", MIPS64, 64, false, 5000, "mips64le")        \
	X(MIPS64N32, "mips64n32", MIPS64N32, 32, true, 6000, "mips64n32")   \
	X(MIPSEL64N32, "mipsel64n32", MIPS64N32, 32, false, 6000,           \
	  "mipsel64n32")                                                    \
	X(PARISC, "parisc", PARISC, 32, true, 0, "parisc")                  \
	X(PARISC64, "parisc64", PARISC64, 64, true, 0, "parisc64")          \
	X(PPC, "ppc", PPC, 32, true, 0, "ppc")                              \
	X(PPC64, "ppc64", PPC64, 64, true, 0, "ppc64")                      \
	X(PPC64LE, "ppc64le", PPC64, 64, false, 0, "ppc64le")               \
	X(RISCV64, "riscv64", RISCV64, 64, false, 0, "riscv64")             \
	X(S390, "s390", S390, 32, true, 0, "s390")                          \
	X(S390X, "s390x", S390X, 64, true, 0, "s390x")                      \
	X(SH, "sh", SH, 32, false, 0, "sh")                                 \
	X(SHEB, "sheb", SH, 32, true, 0, "sheb")

/* The names alone: { ARCH_LIST(ARCH_LIST_NAME) } */
#define ARCH_LIST_NAME(mac, name, ...) name,

#endif
