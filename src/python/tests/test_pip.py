# SPDX-License-Identifier: LGPL-2.1-only
# pip install . of the source tree, into a virtual environment.

"""A copy of the source tree, spoiled the way a configured or earlier
built tree can be (an include/seccomp.h that must not be used, a build/
directory with a module newer than the sources), is installed with
pip install --no-build-isolation --no-index, CPPFLAGS naming a directory
with another seccomp.h that must not be used, into a new virtual
environment of this interpreter (python3 -m venv --system-site-packages:
its setuptools, and wheel, from Debian's wheels if it has none). Then, in
that environment, from another directory and with PYTHONPATH unset:

- seccomp is the module pip installed, maps no libseccomp.so and needs
  none (ldd), exports only PyInit_seccomp, reports this tree's version and
  has what only this library has; it builds a filter and exports it as PFC
  and BPF;
- pip wrote nothing into the tree (no build/, no egg-info);
- the stubs are installed as seccomp-stubs, and mypy (where installed)
  type-checks a program against them with that environment;
- after a change of the version (configure.ac) and of a C source, a second
  pip install of the same tree gives the changed module: nothing of the
  first build is reused.

Skips without venv/ensurepip (Debian: python3-venv), pip, or setuptools and
wheel (Debian: python3-setuptools, python3-wheel); all but pip are looked
for first, so that the skip is at once."""

import glob
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
import unittest

from pyhelpers import env_path

DEBIAN_WHEELS = "/usr/share/python-wheels"
DEBIAN_PYTHON = "/usr/bin/python3"

# Not copied: version control and build products of an in-tree build.
IGNORE = shutil.ignore_patterns(".git", "autom4te.cache", ".libs", ".deps",
                                "*.o", "*.lo", "*.la", "*.so", "*.a",
                                "*.log", "*.trs", "__pycache__")

# Run in the environment: what the installed module is and does.
CHECK = r"""
import json, os, sys
import seccomp
f = seccomp.SyscallFilter(seccomp.KILL)
f.add_rule(seccomp.ALLOW, "write", seccomp.Arg(0, seccomp.EQ, 1))
f.add_rule(seccomp.ERRNO(38), "uname")
pfc = os.path.join(sys.argv[1], "filter.pfc")
with open(pfc, "w") as out:
    f.export_pfc(out)
with open(os.path.join(sys.argv[1], "filter.bpf"), "wb") as out:
    f.export_bpf(out)
maps = [line.split()[-1] for line in open("/proc/self/maps")
        if "seccomp" in line and "/" in line]
print(json.dumps({
    "file": seccomp.__file__,
    "version": list(seccomp.version()),
    "__version__": seccomp.__version__,
    "bpf_mem": len(f.export_bpf_mem()),
    "write": seccomp.resolve_syscall(seccomp.Arch(), "write"),
    "maps": sorted(set(maps)),
    "ours": [hasattr(seccomp.Arch, "LOONGARCH64"),
             hasattr(seccomp, "NotificationAddfd"),
             seccomp.TRAPX(0) == seccomp.TRAP],
    "doc": seccomp.version.__doc__,
}))
"""

STUB_PROGRAM = """
import seccomp
import seccomp.ext
f = seccomp.SyscallFilter(seccomp.KILL)
name: str = seccomp.resolve_syscall("x86_64", "read")
bits: str = seccomp.ext.features()
"""


def clean_env(**extra):
    """This environment without PYTHONPATH, make's variables or the
    sanitizer preload (pip's build is not instrumented), plus extra."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "MAKEFLAGS", "MFLAGS", "MAKELEVEL",
                        "LD_PRELOAD", "PYTHONDONTWRITEBYTECODE")}
    env.update(PIP_DISABLE_PIP_VERSION_CHECK="1", PIP_NO_INPUT="1")
    env.update(extra)
    return env


def run(args, **kwds):
    kwds.setdefault("env", clean_env())
    return subprocess.run(args, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, universal_newlines=True,
                          timeout=900, **kwds)


def tree_files(top):
    found = set()
    for dirpath, dirnames, filenames in os.walk(top):
        for name in dirnames + filenames:
            found.add(os.path.relpath(os.path.join(dirpath, name), top))
    return found


def copy_tree(src, dst):
    """A writable copy of the source tree (make distcheck's is read-only)."""
    shutil.copytree(src, dst, ignore=IGNORE, symlinks=True,
                    copy_function=shutil.copyfile)
    for dirpath, dirnames, filenames in os.walk(dst):
        os.chmod(dirpath, 0o755)


def spoil(top):
    """What a configured or built tree may hold: a header of an older
    configure run, and a module in build/ newer than every source."""
    with open(os.path.join(top, "include", "seccomp.h"), "w") as f:
        f.write('#error "include/seccomp.h of the tree was used"\n')
    plat = "lib.%s-%s" % (sysconfig.get_platform(),
                          sys.implementation.cache_tag)
    stale = os.path.join(top, "build", plat)
    os.makedirs(stale)
    ext = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    path = os.path.join(stale, "seccomp" + ext)
    with open(path, "w") as f:
        f.write("not a module: a stale build was reused\n")
    future = time.time() + 86400
    os.utime(path, (future, future))


def mypy_python():
    """An interpreter with mypy for this Python version, or None."""
    for python in (sys.executable, DEBIAN_PYTHON):
        if not os.access(python, os.X_OK):
            continue
        res = subprocess.run(
            [python, "-c", "import sys, mypy; "
             "print('%d.%d' % sys.version_info[:2])"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            universal_newlines=True)
        if (res.returncode == 0 and
                res.stdout.strip() == "%d.%d" % sys.version_info[:2]):
            return python
    return None


class TestPipInstall(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        top = os.path.dirname(os.path.abspath(env_path("SECCOMP_TESTS_DIR")))
        if not os.path.exists(os.path.join(top, "pyproject.toml")):
            raise unittest.SkipTest("no pyproject.toml in %s" % top)
        with open(os.path.join(top, "configure.ac")) as f:
            match = re.search(r"^AC_INIT\(\[[^]]*\],\s*\[([\d.]+)\]",
                              f.read(), re.M)
        cls.version = [int(v) for v in match.group(1).split(".")]
        cls.check_prerequisites()
        cls.tmp = tempfile.TemporaryDirectory(prefix="seccomp-pip-")
        try:
            cls.venv = os.path.join(cls.tmp.name, "venv")
            cls.python = os.path.join(cls.venv, "bin", "python")
            cls.make_venv()
            cls.tree = os.path.join(cls.tmp.name, "tree")
            copy_tree(top, cls.tree)
            spoil(cls.tree)
            cls.before = tree_files(cls.tree)
            cls.install = cls.pip_install()
            cls.work = os.path.join(cls.tmp.name, "work")
            os.mkdir(cls.work)
            cls.result = cls.check()
        except BaseException:
            cls.tmp.cleanup()
            raise

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    @classmethod
    def check_prerequisites(cls):
        """Skips at once without what make_venv() needs, before the copy
        and the virtual environment (a minute on a busy machine)."""
        for mod, debian in (("venv", "python3-venv"),
                            ("ensurepip", "python3-venv"),
                            ("setuptools", "python3-setuptools")):
            if importlib.util.find_spec(mod) is None:
                raise unittest.SkipTest("%s has no %s (Debian: %s)"
                                        % (sys.executable, mod, debian))
        if (importlib.util.find_spec("wheel") is None and
                not glob.glob(os.path.join(DEBIAN_WHEELS, "wheel-*.whl"))):
            raise unittest.SkipTest("%s has no wheel (Debian: "
                                    "python3-wheel or python3-wheel-whl)"
                                    % sys.executable)

    @classmethod
    def make_venv(cls):
        res = run([sys.executable, "-m", "venv", "--system-site-packages",
                   cls.venv])
        if res.returncode != 0:
            raise unittest.SkipTest("%s -m venv failed (Debian: "
                                    "python3-venv): %s"
                                    % (sys.executable, res.stdout[-300:]))
        if run([cls.python, "-m", "pip", "--version"]).returncode != 0:
            raise unittest.SkipTest("no pip in the virtual environment "
                                    "(Debian: python3-venv, python3-pip)")
        if run([cls.python, "-c", "import setuptools"]).returncode != 0:
            raise unittest.SkipTest("%s has no setuptools (Debian: "
                                    "python3-setuptools)" % sys.executable)
        if run([cls.python, "-c", "import wheel"]).returncode != 0:
            # Debian's pure-Python wheel (python3-wheel-whl), offline
            run([cls.python, "-m", "pip", "install", "--no-index",
                 "--find-links", DEBIAN_WHEELS, "wheel"])
            if run([cls.python, "-c", "import wheel"]).returncode != 0:
                raise unittest.SkipTest("%s has no wheel (Debian: "
                                        "python3-wheel or python3-wheel-whl)"
                                        % sys.executable)

    @classmethod
    def pip_install(cls):
        # a header elsewhere that CPPFLAGS names must not be used either
        foreign = os.path.join(cls.tmp.name, "foreign")
        os.makedirs(foreign, exist_ok=True)
        with open(os.path.join(foreign, "seccomp.h"), "w") as f:
            f.write('#error "the seccomp.h of CPPFLAGS was used"\n')
        env = clean_env(CPPFLAGS=("-I" + foreign + " " +
                                  os.environ.get("CPPFLAGS", "")).strip())
        res = run([cls.python, "-m", "pip", "install", "--no-build-isolation",
                   "--no-index", "--no-deps", "-v", "."], cwd=cls.tree,
                  env=env)
        if res.returncode != 0:
            raise AssertionError("pip install failed:\n" + res.stdout[-6000:])
        return res.stdout

    @classmethod
    def check(cls):
        script = os.path.join(cls.work, "check.py")
        with open(script, "w") as f:
            f.write(CHECK)
        res = run([cls.python, script, cls.work], cwd=cls.work)
        if res.returncode != 0:
            raise AssertionError("the installed module failed:\n" +
                                 res.stdout)
        return json.loads(res.stdout.splitlines()[-1])

    def site_packages(self):
        res = run([self.python, "-c",
                   "import sysconfig; print(sysconfig.get_path('platlib'))"])
        return res.stdout.strip()

    def test_installed_module(self):
        self.assertEqual(os.path.dirname(self.result["file"]),
                         self.site_packages())
        self.assertEqual(self.result["version"], self.version)
        self.assertEqual(self.result["__version__"],
                         ".".join(map(str, self.version)))
        self.assertEqual(self.result["ours"], [True, True, True])

    def test_no_system_library(self):
        # only the module itself has "seccomp" in its name among the maps
        self.assertEqual(self.result["maps"], [self.result["file"]])
        if shutil.which("ldd"):
            res = run(["ldd", self.result["file"]])
            self.assertEqual(res.returncode, 0, res.stdout)
            self.assertNotIn("libseccomp", res.stdout)
        if shutil.which("nm"):
            res = run(["nm", "-D", "--defined-only", self.result["file"]])
            self.assertEqual(res.returncode, 0, res.stdout)
            self.assertEqual([line.split()[-1] for line in
                              res.stdout.splitlines()], ["PyInit_seccomp"])

    def test_filter(self):
        with open(os.path.join(self.work, "filter.pfc")) as f:
            pfc = f.read()
        self.assertIn("if ($syscall == %d)" % self.result["write"], pfc)
        self.assertRegex(pfc, r"if \(\$a0(\.lo32)? == 1\)")
        self.assertIn("action ERRNO(38);", pfc)
        self.assertIn("action KILL;", pfc)
        size = os.path.getsize(os.path.join(self.work, "filter.bpf"))
        self.assertEqual(size, self.result["bpf_mem"])
        self.assertTrue(size > 0 and size % 8 == 0, size)

    def test_tree_untouched(self):
        self.assertEqual(sorted(tree_files(self.tree) - self.before), [])
        self.assertIn("seccomp-build-", self.install)

    def test_stubs(self):
        for name in ("__init__.pyi", "ext.pyi"):
            stubs = os.path.join(self.site_packages(), "seccomp-stubs", name)
            with open(stubs) as f, open(os.path.join(
                    self.tree, "src", "python", "seccomp-stubs", name)) as g:
                self.assertEqual(f.read(), g.read())
        python = mypy_python()
        if python is None:
            self.skipTest("mypy is not installed (Debian: python3-mypy)")
        prog = os.path.join(self.work, "prog.py")
        with open(prog, "w") as f:
            f.write(STUB_PROGRAM)
        res = run([python, "-m", "mypy", "--python-executable", self.python,
                   "--cache-dir", os.path.join(self.work, "cache"), prog],
                  cwd=self.work)
        self.assertEqual(res.returncode, 1, res.stdout)
        self.assertIn('expression has type "int", variable has type "str"',
                      res.stdout)
        # the submodule's stubs too: the only other error is in its line
        self.assertIn("prog.py:5: error:", res.stdout)
        self.assertIn("Found 2 errors", res.stdout)

    def test_rebuild(self):
        configure = os.path.join(self.tree, "configure.ac")
        with open(configure) as f:
            text = f.read()
        new = re.sub(r"^(AC_INIT\(\[[^]]*\],\s*\[)[\d.]+\]", r"\g<1>9.8.7]",
                     text, count=1, flags=re.M)
        self.assertNotEqual(new, text)
        with open(configure, "w") as f:
            f.write(new)
        source = os.path.join(self.tree, "src", "python", "seccomp.c")
        with open(source) as f:
            text = f.read()
        new = text.replace("The library's version as a tuple",
                           "Rebuilt: the version as a tuple")
        self.assertNotEqual(new, text)
        with open(source, "w") as f:
            f.write(new)
        self.pip_install()
        result = self.check()
        self.assertEqual(result["version"], [9, 8, 7])
        self.assertIn("Rebuilt: the version", result["doc"])
        self.assertEqual(result["file"], self.result["file"])


if __name__ == "__main__":
    unittest.main()
