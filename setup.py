# SPDX-License-Identifier: LGPL-2.1-only
# pip install . : the Python module "seccomp" with this tree's library in it.

"""The build behind pyproject.toml, for pip (or python3 -m build) at the
top of the tree; no configure run needed, and none used if there was one.

The extension is compiled from the sources alone: the library's C files
(libseccomp_la_SOURCES in src/Makefile.am) and the module's
(seccomp_la_SOURCES in src/python/Makefile.am), against include/seccomp.h
made here from include/seccomp.h.in with the version of configure.ac's
AC_INIT, as configure would make it. That header comes first on the
include path (before CPPFLAGS), so neither a system seccomp.h
(libseccomp-dev), nor another one -I names, nor a stale one of an earlier
configure run is seen, and nothing links libseccomp.so:
a linker version script leaves PyInit_seccomp the module's only exported
symbol, so the library's calls bind inside the module even where another
libseccomp.so.2 is loaded.

Everything built goes to a new temporary directory, removed at exit, and
never to build/ in the tree: each pip install compiles every source anew
and cannot pick up objects of an older tree. (--build-base and friends on
the command line still win, for whoever wants a directory kept.)

The type stubs, src/python/seccomp-stubs/__init__.pyi, are installed as
the stub-only package seccomp-stubs (PEP 561), where mypy and IDEs look
for them.

src/python/setup.py is the other build: the module alone, linked against
an installed libseccomp."""

import atexit
import os
import re
import shutil
import tempfile

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

TOP = os.path.dirname(os.path.abspath(__file__))


def read(*path):
    with open(os.path.join(TOP, *path), encoding="utf-8") as f:
        return f.read()


def automake_sources(makefile, variable):
    """The .c files of an automake _SOURCES variable, relative to TOP."""
    text = read(makefile).replace("\\\n", " ")
    match = re.search(r"^%s\s*=(.*)$" % re.escape(variable), text, re.M)
    if match is None:
        raise SystemExit("setup.py: no %s in %s" % (variable, makefile))
    where = os.path.dirname(makefile)
    return [os.path.join(where, name) for name in match.group(1).split()
            if name.endswith(".c")]


def package_version():
    """configure.ac's AC_INIT version: the library's, major.minor.micro."""
    match = re.search(r"^AC_INIT\(\[[^]]*\],\s*\[(\d+)\.(\d+)\.(\d+)\]",
                      read("configure.ac"), re.M)
    if match is None:
        raise SystemExit("setup.py: no version in configure.ac's AC_INIT")
    return match.groups()


VERSION = package_version()
LIB_SOURCES = automake_sources("src/Makefile.am", "libseccomp_la_SOURCES")
MOD_SOURCES = automake_sources("src/python/Makefile.am", "seccomp_la_SOURCES")


class BuildExt(build_ext):
    """build_ext that first writes the generated header and the version
    script into its temporary directory."""

    def build_extensions(self):
        gen = os.path.join(os.path.abspath(self.build_temp), "generated")
        os.makedirs(gen, exist_ok=True)
        header = read("include", "seccomp.h.in")
        for name, value in zip(("MAJOR", "MINOR", "MICRO"), VERSION):
            header = header.replace("@VERSION_%s@" % name, value)
        with open(os.path.join(gen, "seccomp.h"), "w",
                  encoding="utf-8") as f:
            f.write(header)
        script = os.path.join(gen, "seccomp.map")
        with open(script, "w", encoding="utf-8") as f:
            f.write("{ global: PyInit_seccomp; local: *; };\n")
        # Before the first option, so before CPPFLAGS and CFLAGS from the
        # environment too, whose -I would otherwise come first (after the
        # compiler's name: CC may be "ccache gcc").
        command = self.compiler.compiler_so
        first = next((i for i, arg in enumerate(command)
                      if arg.startswith("-")), len(command))
        command[first:first] = ["-I" + gen,
                                "-I" + os.path.join(TOP, "include")]
        for ext in self.extensions:
            ext.extra_link_args.append("-Wl,--version-script=" + script)
            ext.depends.append(os.path.join(gen, "seccomp.h"))
        super().build_extensions()


def temporary_build_dir():
    """A new directory for this run's build, egg-info included."""
    path = tempfile.mkdtemp(prefix="seccomp-build-")
    atexit.register(shutil.rmtree, path, ignore_errors=True)
    return path


BUILD = temporary_build_dir()

setup(
    name="seccomp",
    version=".".join(VERSION),
    description="Python bindings for libseccomp, the library compiled in",
    long_description=read("src", "python", "README.md"),
    long_description_content_type="text/markdown",
    license="LGPL-2.1-only",
    python_requires=">=3.6",
    ext_modules=[Extension(
        "seccomp",
        sources=LIB_SOURCES + MOD_SOURCES,
        depends=[os.path.join("src", name) for name in os.listdir(
            os.path.join(TOP, "src")) if name.endswith(".h")] +
        ["src/python/module.h", "include/seccomp-syscalls.h",
         "include/seccomp-kvers.h", "include/seccomp-ext.h",
         "include/seccomp.h.in"],
        extra_compile_args=["-fvisibility=hidden"],
        # the hardening of the autotools build (configure's HARDEN_LDFLAGS)
        extra_link_args=["-Wl,-z,relro", "-Wl,-z,now", "-Wl,-z,noexecstack"],
    )],
    packages=["seccomp-stubs"],
    package_dir={"seccomp-stubs": "src/python/seccomp-stubs"},
    package_data={"seccomp-stubs": ["__init__.pyi", "ext.pyi"]},
    cmdclass={"build_ext": BuildExt},
    options={
        "build": {"build_base": os.path.join(BUILD, "build")},
        "egg_info": {"egg_base": BUILD},
    },
    zip_safe=False,
)
