# SPDX-License-Identifier: LGPL-2.1-only
# Type stubs of seccomp.ext, this library's extensions (src/python/ext.c).

"""The names, signatures and types of the submodule seccomp.ext; checked
against the module by tests/test_stubs.py, as __init__.pyi is."""

# the version of the extensions of the library's header
VERSION: int

# features() bits
F_CMP_AND: int
F_NOTIFY_SET_FLAGS: int

# notify_set_flags() flags
USER_NOTIF_FD_SYNC_WAKE_UP: int

def features() -> int: ...
def notify_set_flags(fd: int, flags: int, /) -> None: ...

# seccomp_ext_notify_addfd_send()
F_NOTIFY_ADDFD_SEND: int
def notify_addfd_send(fd: int, id: int, srcfd: int, newfd: int = -1,
                      newfd_flags: int = 0, /) -> int: ...
