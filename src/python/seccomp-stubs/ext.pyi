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

# SCMP_FLTATR_EXT_ACT_MUX: the attribute (Filter.set_attr/get_attr), its
# feature bit and the value that turns it off
F_ACT_MUX: int
ATTR_ACT_MUX: int
ACT_UNSET: int

def features() -> int: ...
def notify_set_flags(fd: int, flags: int, /) -> None: ...
