# SPDX-License-Identifier: LGPL-2.1-only
# Helpers shared by the Python module's tests.

"""Paths from make check's environment, subprocess runs, kernel probes."""

import os
import resource
import subprocess
import sys
import unittest


def env_path(name):
    """A path make check exports, or skip the test when run without it."""
    value = os.environ.get(name)
    if not value:
        raise unittest.SkipTest("%s is not set (run through make check)"
                                % name)
    return value


def no_core():
    """preexec_fn: a SIGSYS kill must not leave a core file behind."""
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def run_python(code, *args, timeout=120):
    """Runs code in a new interpreter (this one, with this environment);
    returns the CompletedProcess with stdout and stderr as bytes."""
    return subprocess.run([sys.executable, "-c", code] + list(args),
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          preexec_fn=no_core, timeout=timeout)


_LOADABLE = None

PROBE = """
import sys
from seccomp import ALLOW, SyscallFilter
try:
    SyscallFilter(ALLOW).load()
except (ValueError, RuntimeError) as exc:
    print(exc)
    sys.exit(1)
"""


def require_seccomp():
    """Skips the test unless this kernel lets a process load a filter."""
    global _LOADABLE
    if _LOADABLE is None:
        res = run_python(PROBE)
        _LOADABLE = (res.returncode == 0,
                     res.stdout.decode(errors="replace").strip())
    if not _LOADABLE[0]:
        raise unittest.SkipTest("cannot load a seccomp filter here: %s"
                                % _LOADABLE[1])


def sanitized():
    """True when the sanitizer runtimes are preloaded (--enable-sanitizers):
    they make extra syscalls of their own, at exit among others."""
    return "asan" in os.environ.get("LD_PRELOAD", "")


def check_script(test, code, stdout):
    """Runs code in a new interpreter where filters can be loaded: skips
    test when it exits 77 (saying why on stdout), else asserts that it
    exits 0 and prints stdout (bytes)."""
    require_seccomp()
    res = run_python(code, timeout=60)
    if res.returncode == 77:
        test.skipTest(res.stdout.decode().strip())
    test.assertEqual(res.returncode, 0,
                     (res.stdout + res.stderr).decode(errors="replace"))
    test.assertEqual(res.stdout, stdout)
