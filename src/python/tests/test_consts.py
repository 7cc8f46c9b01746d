# SPDX-License-Identifier: LGPL-2.1-only
# The module's constants equal the C header's values.

"""consts (tests/consts.c, compiled against seccomp.h) prints the C value
of every constant; each must equal the module's, as a non-negative int."""

import re
import subprocess
import unittest

import seccomp

from pyhelpers import env_path


def c_values():
    out = subprocess.run([env_path("SECCOMP_TEST_CONSTS")],
                         stdout=subprocess.PIPE, check=True,
                         universal_newlines=True).stdout
    values = {}
    for line in out.splitlines():
        name, value = line.split()
        values[name] = int(value)
    return values


def module_value(name):
    """The module's value for a consts.c name: X, Arch.X, ERRNO(n),
    version().major."""
    m = re.fullmatch(r"(ERRNO|TRACE)\((\d+)\)", name)
    if m:
        return getattr(seccomp, m.group(1))(int(m.group(2)))
    m = re.fullmatch(r"version\(\)\.(major|minor|micro)", name)
    if m:
        return seccomp.version()[("major", "minor", "micro").index(m.group(1))]
    obj = seccomp
    for part in name.split("."):
        obj = getattr(obj, part)
    return obj


def int_attrs(obj):
    return {name for name in dir(obj)
            if name.isupper() and isinstance(getattr(obj, name), int)}


class TestConstants(unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        cls.values = c_values()

    def test_every_value(self):
        self.assertGreater(len(self.values), 50)
        for name, value in self.values.items():
            with self.subTest(name=name):
                got = module_value(name)
                self.assertIs(type(got), int)
                self.assertEqual(got, value)

    def test_nothing_unchecked(self):
        # every int constant of the module is one consts.c prints
        listed = set(self.values)
        for prefix, obj in (("", seccomp), ("Arch.", seccomp.Arch),
                            ("Attr.", seccomp.Attr)):
            for name in int_attrs(obj):
                self.assertIn(prefix + name, listed)

    def test_version_string(self):
        self.assertEqual(seccomp.__version__, "%d.%d.%d" % (
            self.values["version().major"], self.values["version().minor"],
            self.values["version().micro"]))

    def test_arch_names(self):
        # each Arch constant is the token of its lower-case name
        for name in int_attrs(seccomp.Arch) - {"NATIVE"}:
            with self.subTest(name=name):
                token = getattr(seccomp.Arch, name)
                self.assertEqual(int(seccomp.Arch(name.lower())), token)
                self.assertEqual(str(seccomp.Arch(token)), name.lower())

    def test_native(self):
        native = seccomp.system_arch()
        self.assertIn(native, [getattr(seccomp.Arch, n)
                               for n in int_attrs(seccomp.Arch)])
        self.assertEqual(int(seccomp.Arch()), native)
        self.assertEqual(int(seccomp.Arch(seccomp.Arch.NATIVE)), native)


if __name__ == "__main__":
    unittest.main()
