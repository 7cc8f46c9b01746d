# SPDX-License-Identifier: LGPL-2.1-only
# seccomp.ext: this library's extensions, as the C library has them.

"""features() reports both extensions there are, and the first one is
true (a rule with two comparisons of one argument is accepted);
notify_set_flags() raises as documented on bad input, and on a real
listener succeeds with SYNC_WAKE_UP where the kernel has it (Linux 6.6),
after which a notification still makes its round trip.
notify_addfd_send() raises as documented on bad input, and answers a
child's open(2) of a path that does not exist with the supervisor's own
file, whose number the child's call returns (Linux 5.14)."""

import errno
import os
import tempfile
import unittest

import seccomp
import seccomp.ext
from seccomp.ext import features, notify_addfd_send, notify_set_flags

from pyhelpers import check_script

# A child under a NOTIFY rule for getpriority, with SYNC_WAKE_UP set on
# the listener, answered with a value it checks.
SYNC_WAKE_UP = r"""
import errno, fcntl, os, struct, sys
import seccomp, seccomp.ext
from seccomp import *

if seccomp.get_api() < 5:
    print("API level %d: no user notification" % seccomp.get_api())
    sys.exit(77)

f = SyscallFilter(ALLOW)
f.add_rule(NOTIFY, "getpriority")
f.load()
fd = f.get_notify_fd()
# the kernel's own answer to SECCOMP_IOCTL_NOTIF_SET_FLAGS (_IOW('!', 4,
# __u64)) decides what the library must say
try:
    fcntl.ioctl(fd, 0x40082104, 0)
    want = 0
except OSError as exc:
    want = errno.EOPNOTSUPP
try:
    seccomp.ext.notify_set_flags(fd, seccomp.ext.USER_NOTIF_FD_SYNC_WAKE_UP)
    got = 0
except RuntimeError as exc:
    got = exc.errno
if got != want:
    print("FAILED: errno", got, "want", want)
    sys.exit(1)

pid = os.fork()
if pid == 0:
    os._exit(0 if os.getpriority(os.PRIO_PGRP, 4242) == 7 else 1)
n = f.receive_notify()
f.respond_notify(NotificationResponse(n, val=20 - 7, error=0, flags=0))
_, status = os.waitpid(pid, 0)
print("child status", os.WEXITSTATUS(status))
"""

# A child's open(2) with O_NOCTTY | O_NOFOLLOW goes to the listener, which
# answers with a file of its own at number 40: the child reads it from a
# path that does not exist. Then the answered id is stale (ENOENT).
ADDFD_SEND = r"""
import errno, fcntl, os, struct, sys, tempfile
import seccomp, seccomp.ext
from seccomp import *

if seccomp.get_api() < 5:
    print("API level %d: no user notification" % seccomp.get_api())
    sys.exit(77)

tmp = tempfile.NamedTemporaryFile()
tmp.write(b"the supervisor's file")
tmp.flush()
marks = os.O_NOCTTY | os.O_NOFOLLOW
f = SyscallFilter(ALLOW)
f.add_rule(NOTIFY, "openat", Arg(2, MASKED_EQ, marks, marks))
f.load()
fd = f.get_notify_fd()
# the kernel's own answer: SECCOMP_IOCTL_NOTIF_ADDFD (_IOW('!', 3, 24
# bytes)) checks its flags (EINVAL without SEND) before srcfd (EBADF)
try:
    fcntl.ioctl(fd, 0x40182103, struct.pack("QIIII", 0, 2, 2**32 - 1, 0, 0))
    have_send = False
except OSError as exc:
    have_send = exc.errno == errno.EBADF

pid = os.fork()
if pid == 0:
    try:
        c = os.open("/nonexistent/test_ext", os.O_RDONLY | marks)
    except OSError as exc:
        print("child: errno", exc.errno, flush=True)
        os._exit(2)
    os.write(1, b"child: fd %d: %r\n" % (c, os.read(c, 100)))
    os._exit(0)
n = f.receive_notify()
src = os.open(tmp.name, os.O_RDONLY)
try:
    got = seccomp.ext.notify_addfd_send(fd, n.id, src, 40, os.O_CLOEXEC)
except RuntimeError as exc:
    got = -exc.errno
    f.respond_notify(NotificationResponse(n, val=0, error=-errno.ENOSYS,
                                          flags=0))
_, status = os.waitpid(pid, 0)
if not have_send:
    print("kernel without SECCOMP_ADDFD_FLAG_SEND (Linux 5.14)")
    sys.exit(77 if got == -errno.EOPNOTSUPP else 1)
print("supervisor: fd", got)
print("status", os.WEXITSTATUS(status))
try:
    seccomp.ext.notify_addfd_send(fd, n.id, src)
except RuntimeError as exc:
    print("again: errno", errno.errorcode[exc.errno])
"""


class TestFeatures(unittest.TestCase):

    def test_bits(self):
        self.assertEqual(features(), seccomp.ext.F_CMP_AND |
                         seccomp.ext.F_NOTIFY_SET_FLAGS |
                         seccomp.ext.F_ACT_BADARG32 |
                         seccomp.ext.F_CMP_SIGNED |
                         seccomp.ext.F_SYSCALL_ADD |
                         seccomp.ext.F_SYSCALL_TABLE_LOAD |
                         seccomp.ext.F_RULE_ADD_RAW |
                         seccomp.ext.F_RESOLVE_NAME_DIRECT |
                         seccomp.ext.F_NOTIFY_ADDFD_SEND |
                         seccomp.ext.F_ACT_MUX)
        self.assertEqual(seccomp.ext.F_CMP_AND, 1)
        self.assertEqual(seccomp.ext.F_NOTIFY_SET_FLAGS, 2)
        self.assertEqual(seccomp.ext.F_ACT_BADARG32, 4)
        self.assertEqual(seccomp.ext.F_CMP_SIGNED, 8)
        self.assertEqual(seccomp.ext.F_ACT_MUX, 1 << 4)
        self.assertEqual(seccomp.ext.F_SYSCALL_ADD, 1 << 5)
        self.assertEqual(seccomp.ext.F_SYSCALL_TABLE_LOAD, 1 << 6)
        self.assertEqual(seccomp.ext.F_RULE_ADD_RAW, 1 << 7)
        self.assertEqual(seccomp.ext.F_RESOLVE_NAME_DIRECT, 1 << 8)
        self.assertEqual(seccomp.ext.F_NOTIFY_ADDFD_SEND, 1 << 9)
        self.assertEqual(seccomp.ext.VERSION, 9)

    def test_badarg32(self):
        ext = seccomp.ext
        f = seccomp.SyscallFilter(seccomp.ALLOW)
        self.assertEqual(f.get_attr(ext.ATTR_ACT_BADARG32), ext.ACT_UNSET)
        self.assertEqual(ext.ACT_UNSET, -1)
        f.set_attr(ext.ATTR_ACT_BADARG32, seccomp.KILL_PROCESS)
        self.assertEqual(f.get_attr(ext.ATTR_ACT_BADARG32),
                         seccomp.KILL_PROCESS)
        with self.assertRaises(ValueError):
            f.set_attr(ext.ATTR_ACT_BADARG32, 0x12345678)
        self.assertEqual(f.get_attr(ext.ATTR_ACT_BADARG32),
                         seccomp.KILL_PROCESS)
        f.set_attr(ext.ATTR_ACT_BADARG32, ext.ACT_UNSET)
        self.assertEqual(f.get_attr(ext.ATTR_ACT_BADARG32), ext.ACT_UNSET)
        with self.assertRaises(ValueError):
            f.get_attr(ext.ATTR_ACT_BADARG32 + 0x10000)

    def test_cmp_signed(self):
        ext = seccomp.ext
        f = seccomp.SyscallFilter(seccomp.ALLOW)
        f.add_rule(seccomp.ERRNO(1), "close",
                   seccomp.Arg(0, seccomp.LT | seccomp.CMP_32BIT |
                               ext.CMP_SIGNED, 0))
        f.add_rule(seccomp.ERRNO(2), "dup",
                   seccomp.Arg(0, seccomp.GE | ext.CMP_SIGNED, -5))
        for op in (seccomp.EQ, seccomp.NE, seccomp.MASKED_EQ):
            with self.assertRaises(ValueError):
                f.add_rule(seccomp.ERRNO(3), "read",
                           seccomp.Arg(0, op | ext.CMP_SIGNED, 1))

    def test_cmp_and(self):
        f = seccomp.SyscallFilter(seccomp.ALLOW)
        f.add_rule(seccomp.ERRNO(1), "socket", seccomp.Arg(0, seccomp.GE, 3),
                   seccomp.Arg(0, seccomp.LE, 9))

    def test_import_forms(self):
        self.assertIs(seccomp.ext.features, features)
        from seccomp import ext
        self.assertIs(ext, seccomp.ext)
        self.assertEqual(ext.__name__, "seccomp.ext")


class ErrnoCase(unittest.TestCase):
    """A function of seccomp.ext (call) that raises with an errno."""

    call = None

    def raises(self, exc_type, err, *args):
        with self.assertRaises(exc_type) as cm:
            self.call(*args)
        self.assertEqual(cm.exception.errno, err)


class TestNotifySetFlags(ErrnoCase):

    call = staticmethod(notify_set_flags)

    def test_errors(self):
        self.raises(seccomp.InvalidArgument, errno.EINVAL, 0, 2)
        self.raises(seccomp.InvalidArgument, errno.EINVAL, -1, 1 << 63)
        self.raises(RuntimeError, errno.EBADF, -1, 0)
        with open(os.devnull) as f:
            self.raises(RuntimeError, errno.EBADF, f.fileno(), 1)
        self.raises(seccomp.InvalidArgument, errno.EINVAL, 0, -1)
        self.raises(seccomp.InvalidArgument, errno.EINVAL, 0, 1 << 64)
        self.raises(seccomp.InvalidArgument, errno.EINVAL, 1 << 31, 0)
        with self.assertRaises(TypeError):
            notify_set_flags("0", 0)
        with self.assertRaises(TypeError):
            notify_set_flags(0)

    def test_listener(self):
        check_script(self, SYNC_WAKE_UP, b"child status 0\n")


class TestNotifyAddfdSend(ErrnoCase):

    call = staticmethod(notify_addfd_send)

    def test_errors(self):
        self.raises(seccomp.InvalidArgument, errno.EINVAL, 0, 1, 0, -2)
        self.raises(seccomp.InvalidArgument, errno.EINVAL, -1, 1, -1, -1,
                    os.O_NONBLOCK)
        self.raises(RuntimeError, errno.EBADF, -1, 1, 0)
        self.raises(RuntimeError, errno.EBADF, 0, 1, -1, -1, os.O_CLOEXEC)
        with open(os.devnull) as f:
            self.raises(RuntimeError, errno.EBADF, f.fileno(), 1, f.fileno())
        self.raises(seccomp.InvalidArgument, errno.EINVAL, 0, 1 << 64, 0)
        self.raises(seccomp.InvalidArgument, errno.EINVAL, 1 << 31, 1, 0)
        self.raises(seccomp.InvalidArgument, errno.EINVAL, 0, 1, 0, -1,
                    1 << 32)
        with self.assertRaises(TypeError):
            notify_addfd_send(0, 1)
        with self.assertRaises(TypeError):
            notify_addfd_send(0, 1, "0")

    def test_listener(self):
        check_script(self, ADDFD_SEND,
                     b"child: fd 40: b\"the supervisor's file\"\n"
                     b"supervisor: fd 40\nstatus 0\nagain: errno ENOENT\n")
class TestSyscallTable(unittest.TestCase):
    """The run-time table: names added, a file, raw rules, direct names."""

    def test_add(self):
        ext = seccomp.ext
        ext.syscall_add("x86_64", "pysystab_one", 1100)
        ext.syscall_add(seccomp.Arch.X86_64, b"pysystab_one", 1100)
        self.assertEqual(seccomp.resolve_syscall("x86_64", "pysystab_one"),
                         1100)
        self.assertEqual(seccomp.resolve_syscall("x86_64", 1100),
                         b"pysystab_one")
        with self.assertRaises(RuntimeError) as cm:
            ext.syscall_add("x86_64", "pysystab_one", 1101)
        self.assertEqual(cm.exception.errno, errno.EEXIST)
        for args in (("x86_64", "Bad", 1101), ("x86_64", "ok_name", -1),
                     ("x32", "ok_name", 1101)):
            with self.assertRaises(seccomp.InvalidArgument):
                ext.syscall_add(*args)
        with self.assertRaises(TypeError):
            ext.syscall_add("x86_64", 5, 1101)

    def test_load(self):
        ext = seccomp.ext
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "table.csv")
            with open(path, "w") as f:
                f.write("name,x86_64\npysystab_f1,1110\npysystab_f2,x\n")
            self.assertEqual(ext.syscall_table_load(path), 3)
            self.assertEqual(
                seccomp.resolve_syscall("x86_64", "pysystab_f1"), -1)
            with open(path, "w") as f:
                f.write("name,x86_64\npysystab_f1,1110\n")
            self.assertEqual(ext.syscall_table_load(path), 0)
            self.assertEqual(
                seccomp.resolve_syscall("x86_64", "pysystab_f1"), 1110)
            with self.assertRaises(RuntimeError) as cm:
                ext.syscall_table_load(os.path.join(tmp, "missing"))
            self.assertEqual(cm.exception.errno, errno.ENOENT)

    def test_direct(self):
        self.assertEqual(seccomp.ext.resolve_syscall_direct("s390x", "socket"),
                         359)
        # resolve_syscall() gives the multiplexer, socketcall(2)
        self.assertEqual(seccomp.resolve_syscall("s390x", "socket"), 102)
        self.assertEqual(
            seccomp.ext.resolve_syscall_direct("x86_64", "no_such_call"), -1)

    def test_raw(self):
        f = seccomp.SyscallFilter(seccomp.ALLOW)
        f.add_arch("x86")
        seccomp.ext.rule_add_raw(f, seccomp.ERRNO(1), "x86", 442,
                                 seccomp.Arg(0, seccomp.EQ, 1))
        with self.assertRaises(RuntimeError) as cm:
            seccomp.ext.rule_add_raw(f, seccomp.ERRNO(1), "s390x", 442)
        self.assertEqual(cm.exception.errno, errno.EDOM)
        with self.assertRaises(TypeError):
            seccomp.ext.rule_add_raw(None, seccomp.ERRNO(1), "x86", 442)
        with self.assertRaises(TypeError):
            seccomp.ext.rule_add_raw(f, seccomp.ERRNO(1), "x86", 442, 1)


class TestActMux(unittest.TestCase):
    """ATTR_ACT_MUX through Filter.get_attr/set_attr: off by default, an
    action or ACT_UNSET, read when the program is generated."""

    def mux_filter(self):
        f = seccomp.SyscallFilter(seccomp.ALLOW)
        f.add_arch(seccomp.Arch.X86)
        f.add_rule(seccomp.ERRNO(97), "socket", seccomp.Arg(0, seccomp.EQ, 38))
        return f

    def test_values(self):
        f = self.mux_filter()
        mux = seccomp.ext.ATTR_ACT_MUX
        self.assertEqual(f.get_attr(mux), seccomp.ext.ACT_UNSET)
        f.set_attr(mux, seccomp.ERRNO(1))
        self.assertEqual(f.get_attr(mux), seccomp.ERRNO(1))
        with self.assertRaises(RuntimeError) as ctx:
            f.set_attr(mux, 0x12345678)
        self.assertEqual(ctx.exception.errno, errno.EINVAL)
        self.assertEqual(f.get_attr(mux), seccomp.ERRNO(1))
        f.set_attr(mux, seccomp.ext.ACT_UNSET)
        self.assertEqual(f.get_attr(mux), seccomp.ext.ACT_UNSET)

    def test_program(self):
        f = self.mux_filter()
        plain = f.export_bpf_mem()
        f.set_attr(seccomp.ext.ATTR_ACT_MUX, seccomp.ERRNO(1))
        self.assertNotEqual(f.export_bpf_mem(), plain)
        f.set_attr(seccomp.ext.ATTR_ACT_MUX, seccomp.ext.ACT_UNSET)
        self.assertEqual(f.export_bpf_mem(), plain)


if __name__ == "__main__":
    unittest.main()
