# SPDX-License-Identifier: LGPL-2.1-only
# make install puts the module where the configured interpreter imports from.

"""make install DESTDIR=tmp in SECCOMP_INSTALL_FROM (make check: src/, the
library and the module; CI: the whole tree), then the configured
interpreter, with PYTHONPATH unset and LD_LIBRARY_PATH at the staged
libdir, imports seccomp from the staged module directory. That directory
less DESTDIR must be on the interpreter's sys.path when the prefix is
/usr/local (the default) or the interpreter's own; other prefixes are the
user's to add (configure warns). sitedir.py, which configure asks, is
checked for those prefixes directly, and for Debian's python3 too."""

import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import unittest

from pyhelpers import env_path

DEBIAN_PYTHON = "/usr/bin/python3"

# Run by the interpreter under test: argv = the directory once installed,
# the staged one. Prints whether sys.path has the first, then the module.
IMPORT_CHECK = """
import sys
real, staged = sys.argv[1:3]
on_path = real in sys.path
sys.path.insert(0, staged)
import seccomp
f = seccomp.SyscallFilter(seccomp.ALLOW)
f.add_rule(seccomp.ERRNO(1), "uname")
assert len(f.export_bpf_mem()) > 0
print(on_path)
print(seccomp.__file__)
"""


def clean_env(**extra):
    """This environment without PYTHONPATH, make's variables or the
    sanitizer preload, plus extra."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "MAKEFLAGS", "MFLAGS", "MAKELEVEL",
                        "LD_PRELOAD")}
    env.update(extra)
    return env


def run(args, **kwds):
    return subprocess.run(args, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, universal_newlines=True,
                          timeout=600, **kwds)


def sys_path(python):
    """python's sys.path with PYTHONPATH unset."""
    res = run([python, "-c", "import sys; print('\\n'.join(sys.path))"],
              env=clean_env())
    if res.returncode != 0:
        raise AssertionError(res.stderr)
    return res.stdout.splitlines()


def site_dir(python, prefix):
    """sitedir.py's answer for prefix: (directory, imported from)."""
    res = run([python, "-E", "-s", env_path("SECCOMP_SITEDIR"), prefix],
              env=clean_env())
    if res.returncode != 0:
        raise AssertionError(res.stderr)
    path, searched = res.stdout.splitlines()
    return path, searched == "yes"


def is_debians(python):
    res = run([python, "-c", "import sysconfig; "
               "print('deb_system' in sysconfig.get_scheme_names())"])
    return res.stdout.strip() == "True"


class TestInstall(unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        cls.pyexecdir = env_path("SECCOMP_PYEXECDIR")
        cls.libdir = env_path("SECCOMP_LIBDIR")
        cls.exec_prefix = env_path("SECCOMP_PYTHON_EXEC_PREFIX")
        cls.make = env_path("SECCOMP_MAKE")
        cls.install_from = env_path("SECCOMP_INSTALL_FROM")
        cls.destdir = tempfile.mkdtemp(prefix="seccomp-install.")
        res = run([cls.make, "-C", cls.install_from, "install",
                   "DESTDIR=" + cls.destdir], env=clean_env())
        cls.install = res

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.destdir, ignore_errors=True)

    def staged(self, path):
        return self.destdir + path

    def test_installed(self):
        self.assertEqual(self.install.returncode, 0, self.install.stderr)
        module = os.path.join(self.staged(self.pyexecdir),
                              "seccomp" + sysconfig.get_config_var(
                                  "EXT_SUFFIX"))
        self.assertTrue(os.path.isfile(module), module)
        self.assertFalse(os.path.exists(os.path.join(
            self.staged(self.pyexecdir), "seccomp.la")))
        # the stubs beside it, where type checkers look (PEP 561); ours,
        # not libseccomp's: none with --disable-extras
        for name in ("__init__.pyi", "ext.pyi"):
            stubs = os.path.join(self.staged(self.pyexecdir),
                                 "seccomp-stubs", name)
            self.assertEqual(os.path.isfile(stubs),
                             os.environ.get("SECCOMP_EXTRAS") != "no", stubs)

    def test_imports_from_module_dir(self):
        self.assertEqual(self.install.returncode, 0, self.install.stderr)
        staged = self.staged(self.pyexecdir)
        res = run([sys.executable, "-c", IMPORT_CHECK, self.pyexecdir,
                   staged], env=clean_env(
                       LD_LIBRARY_PATH=self.staged(self.libdir),
                       LD_PRELOAD=os.environ.get("LD_PRELOAD", "")))
        self.assertEqual(res.returncode, 0, res.stderr)
        on_path, module = res.stdout.splitlines()
        self.assertEqual(os.path.dirname(module), staged)
        if self.exec_prefix in ("/usr/local", sys.exec_prefix):
            self.assertEqual(on_path, "True", "%s is not on %s's sys.path"
                             % (self.pyexecdir, sys.executable))

    def test_configure_asked_sitedir(self):
        path, _ = site_dir(sys.executable, self.exec_prefix)
        self.assertEqual(path, self.pyexecdir)

    def test_default_and_own_prefix(self):
        path = sys_path(sys.executable)
        for prefix in ("/usr/local", sys.exec_prefix):
            with self.subTest(prefix=prefix):
                site, searched = site_dir(sys.executable, prefix)
                self.assertIn(site, path)
                self.assertTrue(searched)

    def test_other_prefix(self):
        prefix = os.path.join(self.destdir, "elsewhere")
        site, searched = site_dir(sys.executable, prefix)
        self.assertTrue(site.startswith(prefix + "/"), site)
        self.assertFalse(searched)

    def test_debian_python(self):
        if not os.path.exists(DEBIAN_PYTHON) or not is_debians(
                DEBIAN_PYTHON):
            self.skipTest("no Debian python3 at %s" % DEBIAN_PYTHON)
        version = run([DEBIAN_PYTHON, "-c", "import sys; "
                       "print('%d.%d' % sys.version_info[:2])"]).stdout
        expected = {
            "/usr": "/usr/lib/python3/dist-packages",
            "/usr/local": "/usr/local/lib/python%s/dist-packages"
                          % version.strip(),
        }
        path = sys_path(DEBIAN_PYTHON)
        for prefix, want in expected.items():
            with self.subTest(prefix=prefix):
                site, searched = site_dir(DEBIAN_PYTHON, prefix)
                self.assertEqual(site, want)
                self.assertIn(site, path)
                self.assertTrue(searched)

    def test_uninstall(self):
        # its own DESTDIR: the other tests use the first one's files
        destdir = os.path.join(self.destdir, "uninstall")
        for target in ("install", "uninstall"):
            res = run([self.make, "-C", self.install_from, target,
                       "DESTDIR=" + destdir], env=clean_env())
            self.assertEqual(res.returncode, 0, res.stderr)
        left = [os.path.join(d, f) for d, _, files in os.walk(destdir)
                for f in files]
        self.assertEqual(left, [])


if __name__ == "__main__":
    unittest.main()
