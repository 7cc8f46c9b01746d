# SPDX-License-Identifier: LGPL-2.1-only
# The seed article's Python example, loaded into a fresh interpreter.

"""The filter of the libseccomp 2.2.0 article (LWN, 2015): default KILL,
open allowed, write allowed only on stdout. Run in a subprocess: writing
to stdout works and writing to another fd gets the process killed with
SIGSYS; with the syscalls the interpreter needs to exit allowed as well,
it exits cleanly.

The article names exit_group, rt_sigaction and brk for that; CPython 3.10
to 3.13 also unmap memory at exit (munmap), and 3.6 to 3.9 ask for the
signal stack (sigaltstack) as faulthandler shuts down. That set is
EXIT_SYSCALLS, as the README's Python example and help(seccomp) show it."""

import signal
import unittest

from pyhelpers import require_seccomp, run_python, sanitized

EXIT_SYSCALLS = ("exit_group", "rt_sigaction", "brk", "munmap",
                 "sigaltstack")

# The article's program; the other fd is opened before the filter is loaded
# (os.open() calls openat, which the filter does not allow).
ARTICLE = """
import os, sys
from seccomp import *

x = os.open(os.devnull, os.O_WRONLY)

f = SyscallFilter(defaction=KILL)
f.add_rule(ALLOW, "open")
f.add_rule(ALLOW, "write", Arg(0, EQ, sys.stdout.fileno()))
for name in sys.argv[2:]:
    f.add_rule(ALLOW, name)
f.load()

os.write(sys.stdout.fileno(), b"Hello, world\\n")
if sys.argv[1] == "other-fd":
    os.write(x, b"Hello, world\\n")
"""


class TestSeedArticle(unittest.TestCase):

    def setUp(self):
        require_seccomp()

    def test_other_fd_is_killed(self):
        res = run_python(ARTICLE, "other-fd")
        self.assertEqual(res.returncode, -signal.SIGSYS, res.stderr)
        self.assertEqual(res.stdout, b"Hello, world\n")

    def test_exit_without_exit_syscalls_is_killed(self):
        # the article's filter alone does not let the interpreter exit
        res = run_python(ARTICLE, "stdout")
        self.assertEqual(res.returncode, -signal.SIGSYS, res.stderr)
        self.assertEqual(res.stdout, b"Hello, world\n")

    def test_exits_cleanly(self):
        if sanitized():
            self.skipTest("the sanitizer runtimes make syscalls at exit")
        res = run_python(ARTICLE, "stdout", *EXIT_SYSCALLS)
        self.assertEqual(res.returncode, 0, res.stderr)
        self.assertEqual(res.stdout, b"Hello, world\n")
        self.assertEqual(res.stderr, b"")

    def test_exit_set_still_kills_other_fd(self):
        res = run_python(ARTICLE, "other-fd", *EXIT_SYSCALLS)
        self.assertEqual(res.returncode, -signal.SIGSYS, res.stderr)
        self.assertEqual(res.stdout, b"Hello, world\n")


if __name__ == "__main__":
    unittest.main()
