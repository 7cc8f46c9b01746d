# SPDX-License-Identifier: LGPL-2.1-only
# make check's runner for one Python test file: pytest, else unittest.

"""Usage: PYTHON runtests.py TEST_FILE

Runs the file's tests (unittest.TestCase classes, which pytest collects
too) with pytest when this interpreter can import it. Debian's
python3-pytest is installed for Debian's python3 only, so when the
configured interpreter is another one of the same version (a pyenv build,
say) Debian's copy is used from its directory; with no pytest at all the
file runs under unittest. SECCOMP_TEST_RUNNER=unittest forces unittest.

Exit status for automake's harness: 0 pass, 1 fail, 77 when every test
was skipped.
"""

import importlib.util
import os
import subprocess
import sys
import unittest

DEBIAN_PYTHON = "/usr/bin/python3"


def import_pytest():
    """The pytest module, or None."""
    try:
        import pytest
        return pytest
    except ImportError:
        pass
    if not os.path.exists(DEBIAN_PYTHON) or \
            os.path.realpath(DEBIAN_PYTHON) == os.path.realpath(sys.executable):
        return None
    query = ("import os, sys, pytest\n"
             "print('%d.%d' % sys.version_info[:2])\n"
             "print(os.path.dirname(os.path.dirname(pytest.__file__)))\n")
    try:
        out = subprocess.run([DEBIAN_PYTHON, "-c", query],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                             universal_newlines=True, timeout=120)
    except (OSError, subprocess.SubprocessError):
        return None
    lines = out.stdout.splitlines()
    if out.returncode != 0 or len(lines) != 2 or \
            lines[0] != "%d.%d" % sys.version_info[:2]:
        return None
    # last, so that nothing of this interpreter's own is shadowed
    sys.path.append(lines[1])
    try:
        import pytest
        return pytest
    except ImportError:
        sys.path.remove(lines[1])
        return None


class Outcomes:
    """A pytest plugin counting what ran."""

    def __init__(self):
        self.passed = self.failed = self.skipped = 0

    def pytest_runtest_logreport(self, report):
        if report.failed:
            self.failed += 1
        elif report.skipped:
            self.skipped += 1
        elif report.passed and report.when == "call":
            self.passed += 1


def run_pytest(pytest, path):
    outcomes = Outcomes()
    print("runner: pytest %s (%s)" % (pytest.__version__, sys.executable))
    sys.stdout.flush()
    rc = pytest.main(["-v", "-rs", "-p", "no:cacheprovider",
                      "-c", os.devnull,
                      "--rootdir", os.path.dirname(os.path.abspath(path)),
                      path], plugins=[outcomes])
    if rc == 0 and outcomes.passed == 0 and outcomes.skipped > 0:
        return 77
    return 0 if rc == 0 else 1


def run_unittest(path):
    print("runner: unittest (%s)" % sys.executable)
    name = os.path.splitext(os.path.basename(path))[0]
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    suite = unittest.defaultTestLoader.loadTestsFromModule(module)
    result = unittest.TextTestRunner(stream=sys.stdout, verbosity=2).run(suite)
    if not result.wasSuccessful() or result.testsRun == 0:
        return 1
    return 77 if len(result.skipped) == result.testsRun else 0


def main(argv):
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 99
    path = argv[1]
    sys.path.insert(0, os.path.dirname(os.path.abspath(path)))
    pytest = None
    if os.environ.get("SECCOMP_TEST_RUNNER") != "unittest":
        pytest = import_pytest()
    if pytest is not None:
        return run_pytest(pytest, path)
    return run_unittest(path)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
