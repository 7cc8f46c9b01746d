#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-only
# Python twin of 25-sim-mux.c: its filters, built through the seccomp module.

"""Builds the filter the argument names (the first one without an
argument) from the spec statements of the C program of the same name, read
by lib/filter_spec.py, and writes its BPF to stdout for sim-check, which
runs it against the table of the same name."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "lib"))
import filter_spec  # noqa: E402

if __name__ == "__main__":
    sys.exit(filter_spec.twin_main(__file__))
