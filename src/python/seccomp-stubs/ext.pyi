# SPDX-License-Identifier: LGPL-2.1-only
# Type stubs of seccomp.ext, this library's extensions (src/python/ext.c).

"""The names, signatures and types of the submodule seccomp.ext; checked
against the module by tests/test_stubs.py, as __init__.pyi is."""

import os

from . import Arch, Arg, SyscallFilter

_ArchLike = Arch | int | str | bytes

# the version of the extensions of the library's header
VERSION: int

# features() bits
F_CMP_AND: int
F_NOTIFY_SET_FLAGS: int
F_SYSCALL_ADD: int
F_SYSCALL_TABLE_LOAD: int
F_RULE_ADD_RAW: int
F_RESOLVE_NAME_DIRECT: int

# notify_set_flags() flags
USER_NOTIF_FD_SYNC_WAKE_UP: int

# the high word of 32-bit arguments checked (F_ACT_BADARG32): the filter
# attribute, for SyscallFilter.set_attr() and get_attr(), and its value
# when off
F_ACT_BADARG32: int
ATTR_ACT_BADARG32: int
ACT_UNSET: int

# signed LT, LE, GE, GT (F_CMP_SIGNED): a flag of Arg's op
F_CMP_SIGNED: int
CMP_SIGNED: int

# SCMP_FLTATR_EXT_ACT_MUX: the attribute (Filter.set_attr/get_attr), its
# feature bit and the value that turns it off
F_ACT_MUX: int
ATTR_ACT_MUX: int

def features() -> int: ...
def notify_set_flags(fd: int, flags: int, /) -> None: ...
def syscall_add(arch: _ArchLike, name: str | bytes, num: int, /) -> None: ...
def syscall_table_load(path: str | bytes | os.PathLike[str] | os.PathLike[bytes],
                       /) -> int: ...
def resolve_syscall_direct(arch: _ArchLike, name: str | bytes, /) -> int: ...
def rule_add_raw(filter: SyscallFilter, action: int, arch: _ArchLike, num: int,
                 *args: Arg) -> None: ...

# seccomp_ext_notify_addfd_send()
F_NOTIFY_ADDFD_SEND: int
def notify_addfd_send(fd: int, id: int, srcfd: int, newfd: int = -1,
                      newfd_flags: int = 0, /) -> int: ...
