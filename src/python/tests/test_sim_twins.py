# SPDX-License-Identifier: LGPL-2.1-only
# The sim tests' Python twins, run through sim-check against the C tests' tables.

"""For every tests/NN-sim-x.tests, sim-check runs the program's Python twin
(through a wrapper, since it executes a program path) and checks its BPF
against the table, exactly as it checks the C program's. The twin is
tests/NN-sim-x.py where one is written by hand; for a C program built on
SPEC_SIM_MAIN() it is tests/lib/filter_spec.py reading that program's
specs. A table without either fails."""

import glob
import os
import stat
import subprocess
import sys
import tempfile
import unittest

from pyhelpers import env_path


def shell_quote(text):
    return "'" + text.replace("'", "'\\''") + "'"


def spec_program(c_path):
    """Whether the C program builds its filters with SPEC_SIM_MAIN()."""
    try:
        with open(c_path) as f:
            return "SPEC_SIM_MAIN(" in f.read()
    except OSError:
        return False


def tables():
    tests_dir = os.environ.get("SECCOMP_TESTS_DIR")
    if not tests_dir:
        return []
    return sorted(glob.glob(os.path.join(tests_dir, "[0-9]*-sim-*.tests")))


class TestSimTwins(unittest.TestCase):

    def check_twin(self, table):
        sim_check = env_path("SECCOMP_SIM_CHECK")
        base = os.path.splitext(table)[0]
        twin = [base + ".py"]
        if not os.path.exists(twin[0]):
            twin = [os.path.join(os.path.dirname(table), "lib",
                                 "filter_spec.py"), base + ".c"]
            # every table has a twin: a missing one is a test that
            # silently stopped running, not a skip
            self.assertTrue(spec_program(twin[1]),
                            "no Python twin of %s" % os.path.basename(base))
        with tempfile.TemporaryDirectory() as tmp:
            wrapper = os.path.join(tmp, os.path.basename(base))
            with open(wrapper, "w") as f:
                f.write("#!/bin/sh\nexec %s %s \"$@\"\n"
                        % (shell_quote(sys.executable),
                           " ".join(shell_quote(t) for t in twin)))
            os.chmod(wrapper, stat.S_IRWXU)
            res = subprocess.run([sim_check, "-p", wrapper, table],
                                 stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT, cwd=tmp,
                                 universal_newlines=True, timeout=300)
        if res.returncode == 77:
            self.skipTest(res.stdout.strip() or "skipped by the twin")
        self.assertEqual(res.returncode, 0, res.stdout)

    def test_tables_found(self):
        env_path("SECCOMP_TESTS_DIR")
        self.assertTrue(tables(), "no sim tables in SECCOMP_TESTS_DIR")
        # the seed article's twin at least is always there
        seed = [t for t in tables() if os.path.basename(t) ==
                "20-sim-seed.tests"]
        self.assertEqual(len(seed), 1)
        self.assertTrue(os.path.exists(seed[0][:-len(".tests")] + ".py"))


def add_tests():
    """One test method per table, named after it."""
    for table in tables():
        name = os.path.splitext(os.path.basename(table))[0]

        def test(self, table=table):
            self.check_twin(table)

        test.__name__ = "test_" + name.replace("-", "_")
        test.__doc__ = name
        setattr(TestSimTwins, test.__name__, test)


add_tests()

if __name__ == "__main__":
    unittest.main()
