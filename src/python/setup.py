# SPDX-License-Identifier: LGPL-2.1-only
# Builds the module on its own, against an installed libseccomp (>= 2.5).

"""Outside the autotools build (./configure --enable-python), for example

    python3 setup.py build_ext --inplace
    pip install ./src/python

builds seccomp.c against the libseccomp that pkg-config (or the default
compiler paths) finds, linking libseccomp.so.2 dynamically. Needs
setuptools (Debian: python3-setuptools) and the library's development
files (Debian: libseccomp-dev, or this tree's make install). pip install .
at the top of the tree (pyproject.toml, ../../setup.py) builds the module
with this tree's library compiled in instead."""

import os
import shlex
import subprocess

from setuptools import Extension, setup


def pkg_config(option):
    try:
        out = subprocess.run(["pkg-config", option, "libseccomp"],
                             stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, check=True,
                             universal_newlines=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return []
    return shlex.split(out)


def flags(option, prefix):
    return [f[len(prefix):] for f in pkg_config(option) if f.startswith(prefix)]


def version():
    out = pkg_config("--modversion")
    return out[0] if out else "0"


here = os.path.dirname(os.path.abspath(__file__))

setup(
    name="seccomp",
    version=version(),
    description="Python bindings for libseccomp",
    license="LGPL-2.1-only",
    ext_modules=[Extension(
        "seccomp",
        sources=[os.path.relpath(os.path.join(here, name)) for name in
                 ("seccomp.c", "filter.c", "types.c", "value.c",
                  "ext.c")],
        depends=[os.path.relpath(os.path.join(here, "module.h"))],
        include_dirs=flags("--cflags-only-I", "-I"),
        library_dirs=flags("--libs-only-L", "-L"),
        runtime_library_dirs=flags("--libs-only-L", "-L"),
        libraries=["seccomp"],
    )],
)
