#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-only
# The seed article's filter in Python: default KILL, open allowed, write only to fd 1.

"""Python twin of 20-sim-seed.c: writes the filter's BPF to stdout for
sim-check, which runs it against 20-sim-seed.tests."""

import sys

from seccomp import ALLOW, EQ, KILL, Arch, Arg, SyscallFilter


def main():
    f = SyscallFilter(defaction=KILL)
    f.remove_arch(Arch.NATIVE)
    f.add_arch(Arch.X86_64)
    f.add_rule(ALLOW, "open")
    f.add_rule(ALLOW, "write", Arg(0, EQ, 1))
    f.export_bpf(sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
