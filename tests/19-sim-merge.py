#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-only
# Python twin of 19-sim-merge.c: SyscallFilter.merge() of filters with their own ABIs and rules.

"""Builds dst_spec, src_spec and arm_spec of 19-sim-merge.c (read from it
by lib/filter_spec.py), merges them in the order of the argument ("012":
dst, src, arm) and writes the BPF to stdout for sim-check, which runs it
against 19-sim-merge.tests."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "lib"))
import filter_spec  # noqa: E402


def main(argv):
    c_path = os.path.splitext(os.path.abspath(__file__))[0] + ".c"
    try:
        arrays, _ = filter_spec.c_specs(c_path)
        specs = [arrays[name] for name in ("dst_spec", "src_spec", "arm_spec")]
        merged = None
        for index in argv[1] if len(argv) > 1 else "012":
            part, status = filter_spec.build(specs[int(index)])
            if part is None:
                return status
            if merged is None:
                merged = part
                continue
            merged.merge(part)
    except (OSError, KeyError, filter_spec.SpecError) as exc:
        print(exc, file=sys.stderr)
        return 1
    except (ValueError, RuntimeError) as exc:
        print("merge: %s" % exc, file=sys.stderr)
        return 1
    return filter_spec.print_bpf(merged)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
