#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-only
# Names added at run time in a multi-ABI filter, and raw rules on one ABI's number.

"""Python twin of 43-sim-systab.c: writes the filter's BPF to stdout for
sim-check, which runs it against 43-sim-systab.tests."""

import sys

import seccomp.ext
from seccomp import ALLOW, EQ, ERRNO, Arch, Arg, SyscallFilter

X32_BIT = 0x40000000


def main():
    if Arch() != Arch.X86_64:
        return 77
    ext = seccomp.ext
    ext.syscall_add("x86_64", "systab_new", 490)
    ext.syscall_add("x32", "systab_new", X32_BIT | 490)
    ext.syscall_add("aarch64", "systab_new", 490)
    ext.syscall_add("x86_64", "systab_args", 491)
    ext.syscall_add("x86", "systab_args", 491)
    f = SyscallFilter(defaction=ALLOW)
    f.remove_arch(Arch.NATIVE)
    for arch in (Arch.X86_64, Arch.X32, Arch.X86, Arch.AARCH64):
        f.add_arch(arch)
    f.add_rule(ERRNO(1), "systab_new")
    f.add_rule(ERRNO(2), "systab_args", Arg(0, EQ, 5))
    ext.rule_add_raw(f, ERRNO(3), "x86_64", 500)
    ext.rule_add_raw(f, ERRNO(4), "x32", X32_BIT | 500)
    ext.rule_add_raw(f, ERRNO(5), "x86", 359, Arg(0, EQ, 2))
    f.export_bpf(sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
