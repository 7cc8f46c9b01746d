# SPDX-License-Identifier: LGPL-2.1-only
# Every example in the module's docstrings runs and shows what it says.

"""The docstrings' examples run under doctest, each docstring in a forked
child: an example may load a filter, which stays for the life of the
process. The child's report comes back on its fd 1, which the module's
load examples allow writing to. help(seccomp)'s example also runs as a
script in a fresh interpreter: it prints what the docstring shows and the
interpreter exits cleanly under its filter."""

import doctest
import inspect
import os
import signal
import traceback
import unittest

import seccomp
import seccomp.ext

from pyhelpers import require_seccomp, run_python, sanitized


def docstrings():
    """(name, docstring) of the module and of everything in it: functions,
    classes, their methods and attributes."""
    found = [("seccomp", seccomp.__doc__)]
    for name, obj in vars(seccomp.ext).items():
        if callable(obj):
            found.append(("seccomp.ext." + name, obj.__doc__))
    for name, obj in vars(seccomp).items():
        if callable(obj) and getattr(obj, "__module__", None) == "seccomp":
            found.append(("seccomp." + name, obj.__doc__))
        if inspect.isclass(obj) and obj.__module__ == "seccomp":
            for attr, member in vars(obj).items():
                doc = getattr(member, "__doc__", None)
                if isinstance(doc, str) and doc != getattr(
                        type(member), "__doc__", None):
                    found.append(("seccomp.%s.%s" % (name, attr), doc))
    return [(name, doc) for name, doc in found if doc]


def doctests():
    """doctest's own finder over the module and seccomp.ext: the docstrings
    with examples, by name."""
    finder = doctest.DocTestFinder()
    return {test.name: test
            for test in finder.find(seccomp) + finder.find(seccomp.ext)
            if test.examples}


def loads_filter(test):
    return any(".load()" in example.source for example in test.examples)


def run_forked(test):
    """Runs test in a child; returns (exit status, the runner's report)."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        code = 2
        try:
            os.close(r)
            os.dup2(w, 1)
            runner = doctest.DocTestRunner(verbose=False)
            failed, _ = runner.run(
                test, out=lambda text: os.write(1, text.encode()))
            code = 1 if failed else 0
        except BaseException:
            os.write(1, traceback.format_exc().encode())
        os._exit(code)
    os.close(w)
    chunks = []
    while True:
        chunk = os.read(r, 65536)
        if not chunk:
            break
        chunks.append(chunk)
    os.close(r)
    _, status = os.waitpid(pid, 0)
    return status, b"".join(chunks).decode(errors="replace")


class TestDocstringExamples(unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        cls.tests = doctests()

    def test_finder_sees_every_example(self):
        # a docstring with examples that doctest's finder does not reach
        # would go untested
        with_examples = {name for name, doc in docstrings() if ">>>" in doc}
        self.assertIn("seccomp", with_examples)
        self.assertGreaterEqual(len(with_examples), 5)
        self.assertEqual(with_examples - set(self.tests), set())

    def check(self, tests):
        self.assertTrue(tests)
        for name, test in sorted(tests.items()):
            with self.subTest(docstring=name):
                status, report = run_forked(test)
                self.assertTrue(os.WIFEXITED(status), "child ended by "
                                "signal %d" % os.WTERMSIG(status))
                self.assertEqual(os.WEXITSTATUS(status), 0, report)

    def test_examples(self):
        self.check({name: test for name, test in self.tests.items()
                    if not loads_filter(test)})

    def test_examples_that_load(self):
        require_seccomp()
        if sanitized():
            self.skipTest("the sanitizer runtimes' allocator maps memory, "
                          "which the examples' filters do not allow")
        self.check({name: test for name, test in self.tests.items()
                    if loads_filter(test)})

    def test_module_example_loads(self):
        self.assertTrue(loads_filter(self.tests["seccomp"]))


class TestModuleExampleScript(unittest.TestCase):
    """help(seccomp)'s example as a script: it prints what the docstring
    says and the interpreter exits with status 0."""

    def test_exits_cleanly(self):
        require_seccomp()
        if sanitized():
            self.skipTest("the sanitizer runtimes make syscalls at exit")
        examples = doctest.DocTestParser().get_examples(seccomp.__doc__)
        self.assertTrue(examples)
        script = "".join(example.source for example in examples)
        want = "".join(example.want for example in examples)
        res = run_python(script)
        self.assertNotEqual(res.returncode, -signal.SIGSYS,
                            "killed by its own filter")
        self.assertEqual(res.returncode, 0, res.stderr)
        self.assertEqual(res.stdout.decode(), want)
        self.assertEqual(res.stderr, b"")


if __name__ == "__main__":
    unittest.main()
