# SPDX-License-Identifier: LGPL-2.1-only
# The type stubs (seccomp-stubs/__init__.pyi) and the module agree.

"""Every public name of the module is in the stubs and every name of the
stubs is in the module, for the module and for each class; every function,
method and class has a signature inspect.signature() can read (the
docstrings' signature lines), with the parameters of the stubs: the same
names, kinds (positional-only, *args, ...) and defaults. Where mypy is
installed (Debian: python3-mypy, possibly for Debian's python3 when this
is another build of the same Python version), mypy.stubtest compares the
stubs with the module too, and mypy accepts a program using the module
and rejects a wrong one through them."""

import ast
import inspect
import os
import subprocess
import sys
import tempfile
import unittest

import seccomp

STUBS_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                         os.pardir)
STUBS = os.path.join(STUBS_DIR, "seccomp-stubs", "__init__.pyi")
EXT_STUBS = os.path.join(STUBS_DIR, "seccomp-stubs", "ext.pyi")
DEBIAN_PYTHON = "/usr/bin/python3"

GOOD_PROGRAM = """
import seccomp
import seccomp.ext
bits: int = seccomp.ext.features() & seccomp.ext.F_CMP_AND
seccomp.ext.notify_set_flags(3, seccomp.ext.USER_NOTIF_FD_SYNC_WAKE_UP)
new_fd: int = seccomp.ext.notify_addfd_send(3, 1, 4, -1, 0)
f = seccomp.SyscallFilter(seccomp.KILL)
f.add_rule(seccomp.ALLOW, "write", seccomp.Arg(0, seccomp.EQ, 1))
f.add_arch(seccomp.Arch("aarch64"))
number: int = seccomp.resolve_syscall(seccomp.Arch.X86_64, "read")
name: bytes = seccomp.resolve_syscall("x86_64", 0)
version: tuple[int, int, int] = seccomp.version()
program: memoryview = f.export_bpf_mem()
f.export_pfc(1)
try:
    seccomp.Arch("no such architecture")
except seccomp.InvalidArgument as exc:
    code: int = exc.errno
"""

BAD_PROGRAM = """
import seccomp
import seccomp.ext
seccomp.ext.notify_set_flags("3", 0)
seccomp.ext.notify_addfd_send(3, 1, "4")
f = seccomp.SyscallFilter(seccomp.KILL)
f.add_rule(seccomp.ALLOW, "write", 1)
name: str = seccomp.resolve_syscall("x86_64", "read")
"""


def parse_stubs(path=STUBS):
    with open(path, encoding="utf-8") as f:
        return ast.parse(f.read(), path)


def body_names(body):
    """name -> node of the definitions in a module or class body (the
    first overload of a function)."""
    names = {}
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.setdefault(node.name, node)
        elif isinstance(node, ast.AnnAssign):
            names[node.target.id] = node
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                names[target.id] = node
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                if alias.asname is not None:
                    names[alias.asname] = node
    return names


def raised(cls):
    """An exception of class cls as the module raises it."""
    try:
        seccomp.Arch("no such architecture")
    except cls as exc:
        return exc
    raise AssertionError("no %s raised" % cls.__name__)


def public(names):
    return {n for n in names if not n.startswith("_")}


def stub_params(func, method):
    """(name, kind, has default) of a stub function's parameters, without
    self or cls; "__x" is positional-only, the old way."""
    args = func.args
    positional = args.posonlyargs + args.args
    first_default = len(positional) - len(args.defaults)
    params = []
    for i, arg in enumerate(positional):
        name = arg.arg
        if i < len(args.posonlyargs):
            kind = inspect.Parameter.POSITIONAL_ONLY
        elif name.startswith("__") and not name.endswith("__"):
            kind, name = inspect.Parameter.POSITIONAL_ONLY, name[2:]
        else:
            kind = inspect.Parameter.POSITIONAL_OR_KEYWORD
        params.append((name, kind, i >= first_default))
    if args.vararg is not None:
        params.append((args.vararg.arg, inspect.Parameter.VAR_POSITIONAL,
                       False))
    for arg, default in zip(args.kwonlyargs, args.kw_defaults):
        params.append((arg.arg, inspect.Parameter.KEYWORD_ONLY,
                       default is not None))
    if args.kwarg is not None:
        params.append((args.kwarg.arg, inspect.Parameter.VAR_KEYWORD, False))
    return params[1:] if method else params


def runtime_params(obj):
    return [(p.name, p.kind, p.default is not inspect.Parameter.empty)
            for p in inspect.signature(obj).parameters.values()]


class TestNames(unittest.TestCase):
    def setUp(self):
        self.stubs = body_names(parse_stubs().body)

    def test_module(self):
        runtime = public(dir(seccomp)) | {"__version__"}
        stubs = public(self.stubs) | ({"__version__"} & set(self.stubs))
        self.assertEqual(sorted(runtime - stubs), [], "not in the stubs")
        self.assertEqual(sorted(stubs - runtime), [], "not in the module")

    def test_classes(self):
        classes = [n for n, node in self.stubs.items()
                   if isinstance(node, ast.ClassDef)
                   and not n.startswith("_")]
        self.assertIn("SyscallFilter", classes)
        for name in classes:
            with self.subTest(cls=name):
                cls = getattr(seccomp, name)
                self.assertIsInstance(cls, type)
                members = body_names(self.stubs[name].body)
                runtime = public(vars(cls))
                if issubclass(cls, BaseException):
                    # with the attributes the module sets on an instance
                    runtime |= public(vars(raised(cls)))
                self.assertEqual(sorted(runtime - public(members)), [],
                                 "not in the stubs")
                self.assertEqual(sorted(public(members) - runtime), [],
                                 "not in the module")
                for dunder in members:
                    if dunder.startswith("__"):
                        self.assertTrue(hasattr(cls, dunder), dunder)


class TestSignatures(unittest.TestCase):
    def setUp(self):
        self.stubs = body_names(parse_stubs().body)

    def test_functions(self):
        funcs = [n for n, node in self.stubs.items()
                 if isinstance(node, ast.FunctionDef)
                 and not n.startswith("_")]
        self.assertIn("resolve_syscall", funcs)
        for name in funcs:
            with self.subTest(function=name):
                self.assertEqual(runtime_params(getattr(seccomp, name)),
                                 stub_params(self.stubs[name], False))

    def test_methods(self):
        checked = 0
        for cname, cnode in self.stubs.items():
            if not isinstance(cnode, ast.ClassDef) or cname.startswith("_"):
                continue
            cls = getattr(seccomp, cname)
            for name, node in body_names(cnode.body).items():
                if (not isinstance(node, ast.FunctionDef) or
                        name.startswith("_") or any(
                            isinstance(d, ast.Name) and d.id == "property"
                            for d in node.decorator_list)):
                    continue
                with self.subTest(method=cname + "." + name):
                    params = runtime_params(getattr(cls, name))
                    self.assertEqual(params[0][0], "self")
                    self.assertEqual(params[1:], stub_params(node, True))
                    checked += 1
        self.assertGreaterEqual(checked, 20)

    def test_constructors(self):
        for cname, cnode in self.stubs.items():
            if not isinstance(cnode, ast.ClassDef) or cname.startswith("_"):
                continue
            members = body_names(cnode.body)
            init = members.get("__init__", members.get("__new__"))
            if init is None:
                continue
            with self.subTest(cls=cname):
                self.assertEqual(runtime_params(getattr(seccomp, cname)),
                                 stub_params(init, True))

    def test_examples(self):
        sig = inspect.signature(seccomp.SyscallFilter.add_rule)
        self.assertEqual(str(sig), "(self, /, action, syscall, *args)")
        self.assertEqual(str(inspect.signature(seccomp.Arg)),
                         "(arg, op, datum_a, datum_b=0)")
        self.assertEqual(
            inspect.signature(seccomp.Arch).parameters["arch"].default,
            seccomp.Arch.NATIVE)
        # the signature line is not part of the docstring
        self.assertTrue(seccomp.SyscallFilter.add_rule.__doc__.startswith(
            "Add a rule"))


class TestExt(unittest.TestCase):
    """seccomp.ext and seccomp-stubs/ext.pyi: the same names, the same
    signatures."""

    def setUp(self):
        self.stubs = body_names(parse_stubs(EXT_STUBS).body)

    def test_names(self):
        runtime = public(dir(seccomp.ext))
        self.assertIn("notify_set_flags", runtime)
        self.assertEqual(sorted(runtime - public(self.stubs)), [],
                         "not in the stubs")
        self.assertEqual(sorted(public(self.stubs) - runtime), [],
                         "not in the module")

    def test_functions(self):
        funcs = [n for n, node in self.stubs.items()
                 if isinstance(node, ast.FunctionDef)]
        self.assertEqual(sorted(funcs), ["features", "notify_addfd_send",
                                         "notify_set_flags",
                                         "resolve_syscall_direct",
                                         "rule_add_raw", "syscall_add",
                                         "syscall_table_load"])
        for name in funcs:
            with self.subTest(function=name):
                self.assertEqual(runtime_params(getattr(seccomp.ext, name)),
                                 stub_params(self.stubs[name], False))


def mypy_python():
    """An interpreter with mypy that can import this module (this one, or
    Debian's of the same version), or None."""
    for python in (sys.executable, DEBIAN_PYTHON):
        if not os.access(python, os.X_OK):
            continue
        res = subprocess.run(
            [python, "-c", "import sys, mypy.stubtest; "
             "print('%d.%d' % sys.version_info[:2])"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            universal_newlines=True)
        if (res.returncode == 0 and res.stdout.strip() ==
                "%d.%d" % sys.version_info[:2]):
            return python
    return None


class TestMypy(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.python = mypy_python()
        if cls.python is None:
            raise unittest.SkipTest("mypy is not installed for Python %d.%d"
                                    " (Debian: python3-mypy)"
                                    % sys.version_info[:2])
        # the module this test imported, its stubs from the source tree:
        # in MYPYPATH, mypy finds a -stubs package's __init__.pyi but not
        # its submodules (seccomp.ext), so they are linked in as "seccomp"
        cls.tmp = tempfile.TemporaryDirectory()
        stubs = os.path.join(cls.tmp.name, "stubs")
        os.mkdir(stubs)
        os.symlink(os.path.join(STUBS_DIR, "seccomp-stubs"),
                   os.path.join(stubs, "seccomp"))
        cls.env = dict(os.environ, MYPYPATH=stubs,
                       PYTHONPATH=os.path.dirname(seccomp.__file__))
        cls.env["MYPY_CACHE_DIR"] = os.path.join(cls.tmp.name, "cache")

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def mypy(self, *args):
        return subprocess.run([self.python, "-m"] + list(args),
                              stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT,
                              universal_newlines=True, env=self.env,
                              cwd=self.tmp.name, timeout=600)

    def test_stubtest(self):
        res = self.mypy("mypy.stubtest", "seccomp")
        self.assertEqual(res.returncode, 0, res.stdout)

    def test_programs(self):
        good = os.path.join(self.tmp.name, "good.py")
        bad = os.path.join(self.tmp.name, "bad.py")
        for path, text in ((good, GOOD_PROGRAM), (bad, BAD_PROGRAM)):
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
        res = self.mypy("mypy", "--strict", good)
        self.assertEqual(res.returncode, 0, res.stdout)
        res = self.mypy("mypy", bad)
        self.assertEqual(res.returncode, 1, res.stdout)
        self.assertIn('Argument 3 to "add_rule" of "SyscallFilter" has '
                      'incompatible type "int"; expected "Arg"', res.stdout)
        self.assertIn('expression has type "int", variable has type "str"',
                      res.stdout)
        self.assertIn('Argument 1 to "notify_set_flags" has incompatible '
                      'type "str"; expected "int"', res.stdout)
        self.assertIn('Argument 3 to "notify_addfd_send" has incompatible '
                      'type "str"; expected "int"', res.stdout)


if __name__ == "__main__":
    unittest.main()
