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
                         seccomp.ext.F_ACT_MUX)
        self.assertEqual(seccomp.ext.F_CMP_AND, 1)
        self.assertEqual(seccomp.ext.F_NOTIFY_SET_FLAGS, 2)
        self.assertEqual(seccomp.ext.VERSION, 1)

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
