# SPDX-License-Identifier: LGPL-2.1-only
# Where the module goes for an install prefix: where this Python imports from.

"""Usage: PYTHON -E -s sitedir.py EXEC_PREFIX

Prints two lines: the directory configure installs the module in for
EXEC_PREFIX, and "yes" or "no": whether PYTHON imports from it, that is,
whether it is on sys.path (run with -E -s, so that neither PYTHONPATH nor
the user's site directory counts).

The directory is PYTHON's sysconfig platlib with EXEC_PREFIX for its base,
except that
- Debian's python3, whose default scheme installs into /usr/local under
  another name, imports from /usr/lib/python3/dist-packages for /usr and
  from /usr/local/lib/python3.X/dist-packages for /usr/local;
- for /usr/local, the default prefix, an interpreter that imports from
  nothing under it (pyenv's, a virtual environment's) gets its own
  platlib, where pip would install the module.
"""

import os
import sys
import sysconfig

DEFAULT_PREFIX = "/usr/local"


def default_scheme():
    if hasattr(sysconfig, "get_default_scheme"):
        return sysconfig.get_default_scheme()
    return sysconfig._get_default_scheme()


def platlib(scheme, base):
    return sysconfig.get_path("platlib", scheme,
                              vars={"base": base, "platbase": base})


def module_dir(prefix):
    """The directory for prefix, as the module's docstring says."""
    if "deb_system" in sysconfig.get_scheme_names():
        if prefix == "/usr":
            return platlib("deb_system", prefix)
        if prefix == "/usr/local":
            # posix_local is {base}/local/lib/python3.X/dist-packages
            return platlib("posix_local", "/usr")
    scheme = default_scheme()
    if scheme == "posix_local":
        scheme = "posix_prefix"
    path = platlib(scheme, prefix)
    if prefix == DEFAULT_PREFIX and not imports_from(path):
        path = sysconfig.get_path("platlib")
    return path


def imports_from(path):
    return os.path.normpath(path) in map(os.path.normpath, sys.path)


def main(argv):
    if len(argv) != 2 or not os.path.isabs(argv[1]):
        print(__doc__, file=sys.stderr)
        return 2
    path = module_dir(os.path.normpath(argv[1]))
    print(path)
    print("yes" if imports_from(path) else "no")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
