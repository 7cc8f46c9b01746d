# SPDX-License-Identifier: LGPL-2.1-only
# seccomp.ext: this library's extensions, as the C library has them.

"""features() reports both extensions there are, and the first one is
true (a rule with two comparisons of one argument is accepted);
notify_set_flags() raises as documented on bad input, and on a real
listener succeeds with SYNC_WAKE_UP where the kernel has it (Linux 6.6),
after which a notification still makes its round trip."""

import errno
import os
import unittest

import seccomp
import seccomp.ext
from seccomp.ext import features, notify_set_flags

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


class TestFeatures(unittest.TestCase):

    def test_bits(self):
        self.assertEqual(features(), seccomp.ext.F_CMP_AND |
                         seccomp.ext.F_NOTIFY_SET_FLAGS |
                         seccomp.ext.F_ACT_BADARG32 |
                         seccomp.ext.F_CMP_SIGNED)
        self.assertEqual(seccomp.ext.F_CMP_AND, 1)
        self.assertEqual(seccomp.ext.F_NOTIFY_SET_FLAGS, 2)
        self.assertEqual(seccomp.ext.F_ACT_BADARG32, 4)
        self.assertEqual(seccomp.ext.F_CMP_SIGNED, 8)
        self.assertEqual(seccomp.ext.VERSION, 1)

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


class TestNotifySetFlags(unittest.TestCase):

    def raises(self, exc_type, err, *args):
        with self.assertRaises(exc_type) as cm:
            notify_set_flags(*args)
        self.assertEqual(cm.exception.errno, err)

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


if __name__ == "__main__":
    unittest.main()
