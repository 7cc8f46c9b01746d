# SPDX-License-Identifier: LGPL-2.1-only
# Type stubs of the Python module "seccomp" (installed as seccomp-stubs).

"""The names, signatures and types of src/python/*.c, for type checkers and
IDEs (PEP 561). The signatures are those of the docstrings' signature
lines, which inspect.signature() reads; tests/test_stubs.py checks that the
two agree and that every public name of the module is here and nothing
more. Actions, arch tokens and attributes are C ints (see seccomp.c)."""

import errno as errno
from . import ext as ext
from typing import ClassVar, Protocol, final, overload

__version__: str

class _FileLike(Protocol):
    def fileno(self) -> int: ...

# An architecture: an Arch, a token (0: native) or a name ("x86_64").
_ArchLike = Arch | int | str | bytes
# A syscall: a name (str or bytes) or a number on the native ABI.
_Syscall = int | str | bytes

# actions
KILL_PROCESS: int
KILL: int
TRAP: int
LOG: int
ALLOW: int
NOTIFY: int

def ERRNO(errno: int, /) -> int: ...
def TRACE(value: int, /) -> int: ...
def TRAPX(value: int, /) -> int: ...

# comparison operators of Arg
NE: int
LT: int
LE: int
EQ: int
GE: int
GT: int
MASKED_EQ: int
# a flag OR-ed into one of them (provisional)
CMP_32BIT: int

# NotificationAddfd flags
ADDFD_FLAG_SETFD: int
ADDFD_FLAG_SEND: int

# Linux versions for Attr.CTL_KVERMAX
KV_UNDEF: int
KV_3_0: int
KV_3_1: int
KV_3_2: int
KV_3_3: int
KV_3_4: int
KV_3_5: int
KV_3_6: int
KV_3_7: int
KV_3_8: int
KV_3_9: int
KV_3_10: int
KV_3_11: int
KV_3_12: int
KV_3_13: int
KV_3_14: int
KV_3_15: int
KV_3_16: int
KV_3_17: int
KV_3_18: int
KV_3_19: int
KV_4_0: int
KV_4_1: int
KV_4_2: int
KV_4_3: int
KV_4_4: int
KV_4_5: int
KV_4_6: int
KV_4_7: int
KV_4_8: int
KV_4_9: int
KV_4_10: int
KV_4_11: int
KV_4_12: int
KV_4_13: int
KV_4_14: int
KV_4_15: int
KV_4_16: int
KV_4_17: int
KV_4_18: int
KV_4_19: int
KV_4_20: int
KV_5_0: int
KV_5_1: int
KV_5_2: int
KV_5_3: int
KV_5_4: int
KV_5_5: int
KV_5_6: int
KV_5_7: int
KV_5_8: int
KV_5_9: int
KV_5_10: int
KV_5_11: int
KV_5_12: int
KV_5_13: int
KV_5_14: int
KV_5_15: int
KV_5_16: int
KV_5_17: int
KV_5_18: int
KV_5_19: int
KV_6_0: int
KV_6_1: int
KV_6_2: int
KV_6_3: int
KV_6_4: int
KV_6_5: int
KV_6_6: int
KV_6_7: int
KV_6_8: int
KV_6_9: int
KV_6_10: int
KV_6_11: int
KV_6_12: int
KV_6_13: int
KV_6_14: int
KV_6_15: int
KV_6_16: int
KV_6_17: int
KV_6_18: int
KV_6_19: int
KV_7_0: int
KV_7_1: int
KV_7_2: int

class InvalidArgument(ValueError, RuntimeError):
    """EINVAL: a ValueError, and a RuntimeError as libseccomp's module
    raised. The module sets errno on the instances it raises (and on its
    RuntimeErrors)."""
    errno: int

class Arch:
    NATIVE: ClassVar[int]
    X86: ClassVar[int]
    X86_64: ClassVar[int]
    X32: ClassVar[int]
    ARM: ClassVar[int]
    AARCH64: ClassVar[int]
    LOONGARCH64: ClassVar[int]
    M68K: ClassVar[int]
    MIPS: ClassVar[int]
    MIPSEL: ClassVar[int]
    MIPS64: ClassVar[int]
    MIPSEL64: ClassVar[int]
    MIPS64N32: ClassVar[int]
    MIPSEL64N32: ClassVar[int]
    PARISC: ClassVar[int]
    PARISC64: ClassVar[int]
    PPC: ClassVar[int]
    PPC64: ClassVar[int]
    PPC64LE: ClassVar[int]
    RISCV64: ClassVar[int]
    S390: ClassVar[int]
    S390X: ClassVar[int]
    SH: ClassVar[int]
    SHEB: ClassVar[int]
    def __new__(cls, arch: _ArchLike = ...) -> Arch: ...
    def __int__(self) -> int: ...
    def __index__(self) -> int: ...
    def __eq__(self, other: object) -> bool: ...
    def __ne__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Attr:
    ACT_DEFAULT: ClassVar[int]
    ACT_BADARCH: ClassVar[int]
    CTL_NNP: ClassVar[int]
    CTL_TSYNC: ClassVar[int]
    API_TSKIP: ClassVar[int]
    CTL_LOG: ClassVar[int]
    CTL_SSB: ClassVar[int]
    CTL_OPTIMIZE: ClassVar[int]
    API_SYSRAWRC: ClassVar[int]
    CTL_WAITKILL: ClassVar[int]
    ACT_ENOSYS: ClassVar[int]
    CTL_KVERMAX: ClassVar[int]

class Arg:
    def __new__(cls, arg: int, op: int, datum_a: int,
                datum_b: int = ...) -> Arg: ...
    @property
    def arg(self) -> int: ...
    @property
    def op(self) -> int: ...
    @property
    def datum_a(self) -> int: ...
    @property
    def datum_b(self) -> int: ...

class Notification:
    def __new__(cls, id: int, pid: int, flags: int, syscall: int,
                syscall_arch: int, syscall_ip: int,
                syscall_args: list[int] | tuple[int, ...]) -> Notification: ...
    @property
    def id(self) -> int: ...
    @property
    def pid(self) -> int: ...
    @property
    def flags(self) -> int: ...
    @property
    def syscall(self) -> int: ...
    @property
    def syscall_arch(self) -> int: ...
    @property
    def syscall_ip(self) -> int: ...
    @property
    def syscall_args(self) -> list[int]: ...

class NotificationResponse:
    id: int
    val: int
    error: int
    flags: int
    def __new__(cls, notify: Notification, val: int = ..., error: int = ...,
                flags: int = ...) -> NotificationResponse: ...

class NotificationAddfd:
    id: int
    flags: int
    srcfd: int
    newfd: int
    newfd_flags: int
    def __new__(cls, notify: Notification, flags: int, srcfd: int,
                newfd: int = ..., newfd_flags: int = ...) -> NotificationAddfd: ...

class SyscallFilter:
    def __init__(self, defaction: int) -> None: ...
    def reset(self, defaction: int | None = None) -> None: ...
    def merge(self, filter: SyscallFilter, /) -> None: ...
    def exist_arch(self, arch: _ArchLike, /) -> bool: ...
    def add_arch(self, arch: _ArchLike, /) -> None: ...
    def remove_arch(self, arch: _ArchLike, /) -> None: ...
    def load(self) -> None: ...
    def get_attr(self, attr: int, /) -> int: ...
    def set_attr(self, attr: int, value: int, /) -> None: ...
    def syscall_priority(self, syscall: _Syscall, priority: int) -> None: ...
    def add_rule(self, action: int, syscall: _Syscall, *args: Arg) -> None: ...
    def add_rule_exactly(self, action: int, syscall: _Syscall,
                         *args: Arg) -> None: ...
    def receive_notify(self) -> Notification: ...
    def respond_notify(self, response: NotificationResponse, /) -> None: ...
    def get_notify_fd(self) -> int: ...
    def notify_addfd(self, addfd: NotificationAddfd,
                     fd: int | None = None) -> int: ...
    def export_pfc(self, file: int | _FileLike, /) -> None: ...
    def export_bpf(self, file: int | _FileLike, /) -> None: ...
    def export_bpf_mem(self) -> memoryview: ...
    def precompute(self) -> None: ...
    def start_transaction(self) -> None: ...
    def commit_transaction(self) -> None: ...
    def reject_transaction(self) -> None: ...

def system_arch() -> int: ...
# (overloads name positional-only parameters the old way, for mypy 1.0)
@overload
def resolve_syscall(__arch: _ArchLike, __syscall: str | bytes) -> int: ...
@overload
def resolve_syscall(__arch: _ArchLike, __syscall: int) -> bytes: ...
def get_api() -> int: ...
def set_api(level: int, /) -> None: ...
def version() -> tuple[int, int, int]: ...
def c_str(string: str, /) -> bytes: ...
