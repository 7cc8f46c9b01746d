# SPDX-License-Identifier: LGPL-2.1-only
# The module's constants equal the C header's values.

"""consts (tests/consts.c, compiled against seccomp.h) prints the value of
every constant as a C int; each must equal the module's. libseccomp's
module (Cython) has its constants as C ints, so actions and arch tokens
with the top bit set are negative: Arch.X86_64 == -1073741762. Where
Debian's python3-seccomp is installed, its values are compared too."""

import json
import os
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
    TRAPX(n), version().major."""
    m = re.fullmatch(r"(ERRNO|TRACE|TRAPX)\((\d+)\)", name)
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
                            ("Attr.", seccomp.Attr), ("ext.", seccomp.ext)):
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

    def test_libseccomp_module_values(self):
        # code written for libseccomp's module compares with these
        self.assertEqual(seccomp.Arch.X86_64, -1073741762)
        self.assertEqual(seccomp.Arch.AARCH64, -1073741641)
        self.assertEqual(seccomp.Arch.X86, 1073741827)
        self.assertEqual(seccomp.KILL_PROCESS, -2147483648)
        self.assertEqual(seccomp.ALLOW, 0x7fff0000)

    def test_native(self):
        native = seccomp.system_arch()
        self.assertIn(native, [getattr(seccomp.Arch, n)
                               for n in int_attrs(seccomp.Arch)])
        self.assertEqual(int(seccomp.Arch()), native)
        self.assertEqual(int(seccomp.Arch(seccomp.Arch.NATIVE)), native)


# The int constants of libseccomp's module (Debian's python3-seccomp), as
# JSON: {"": {name: value}, "Arch": {...}, "Attr": {...}, "calls": {...}}.
REFERENCE_DUMP = """
import json, seccomp
def ints(obj):
    return {n: getattr(obj, n) for n in dir(obj)
            if n.isupper() and isinstance(getattr(obj, n), int)}
calls = {"ERRNO(5)": seccomp.ERRNO(5), "TRACE(3)": seccomp.TRACE(3),
         "int(Arch())": int(seccomp.Arch())}
for name in ints(seccomp.Arch):
    if name != "NATIVE":
        calls["int(Arch('%s'))" % name.lower()] = int(seccomp.Arch(name.lower()))
names = {"": [n for n in dir(seccomp) if not n.startswith("__")]}
for cls in ("Arch", "Attr", "Arg", "Notification", "NotificationResponse",
            "SyscallFilter"):
    names[cls] = [n for n in dir(getattr(seccomp, cls))
                  if not n.startswith("__")]
print(json.dumps({"file": seccomp.__file__, "": ints(seccomp),
                  "Arch": ints(seccomp.Arch), "Attr": ints(seccomp.Attr),
                  "calls": calls, "names": names}))
"""

REFERENCE_PYTHON = "/usr/bin/python3"
REFERENCE_DIR = "/usr/lib/python3/dist-packages"


class TestAgainstLibseccomp(unittest.TestCase):
    """Every int constant of libseccomp's module has the same value here."""

    @classmethod
    def setUpClass(cls):
        if not os.path.exists(REFERENCE_PYTHON):
            raise unittest.SkipTest("no %s" % REFERENCE_PYTHON)
        # -E -s: Debian's own module, not this one through PYTHONPATH
        res = subprocess.run([REFERENCE_PYTHON, "-E", "-s", "-c",
                              REFERENCE_DUMP], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, universal_newlines=True)
        if res.returncode != 0:
            raise unittest.SkipTest(
                "libseccomp's module is not installed (Debian: "
                "python3-seccomp): %s" % res.stderr.strip().splitlines()[-1])
        cls.ref = json.loads(res.stdout)

    def test_is_libseccomps(self):
        self.assertTrue(self.ref["file"].startswith(REFERENCE_DIR),
                        self.ref["file"])

    def test_constants(self):
        self.assertIn("KILL_PROCESS", self.ref[""])
        for prefix, obj in (("", seccomp), ("Arch", seccomp.Arch),
                            ("Attr", seccomp.Attr)):
            for name, value in self.ref[prefix].items():
                with self.subTest(name="%s.%s" % (prefix, name)):
                    self.assertEqual(getattr(obj, name), value)

    def test_names(self):
        # every name of the module and of its classes, methods included
        self.assertIn("SyscallFilter", self.ref["names"][""])
        for owner, names in self.ref["names"].items():
            obj = getattr(seccomp, owner) if owner else seccomp
            for name in names:
                with self.subTest(name="%s.%s" % (owner, name)):
                    self.assertTrue(hasattr(obj, name))

    def test_calls(self):
        calls = self.ref["calls"]
        self.assertEqual(seccomp.ERRNO(5), calls["ERRNO(5)"])
        self.assertEqual(seccomp.TRACE(3), calls["TRACE(3)"])
        self.assertEqual(int(seccomp.Arch()), calls["int(Arch())"])
        for name, value in calls.items():
            m = re.fullmatch(r"int\(Arch\('(\w+)'\)\)", name)
            if m:
                with self.subTest(name=name):
                    self.assertEqual(int(seccomp.Arch(m.group(1))), value)


if __name__ == "__main__":
    unittest.main()
