# SPDX-License-Identifier: LGPL-2.1-only
# The Python API: every class and function, its results and its errors.

"""Semantics of the module without loading a filter: values, exceptions
and the errno they carry, and the fixes to libseccomp's module (reset()
keeps the default action, Arch(Arch.RISCV64) works)."""

import errno
import operator
import os
import tempfile
import unittest
import warnings

import seccomp
from seccomp import (ALLOW, EQ, ERRNO, GT, KILL, KILL_PROCESS, LOG, MASKED_EQ,
                     NE, TRAP, Arch, Arg, Attr, Notification,
                     NotificationResponse, SyscallFilter)


class ErrnoAssertions(unittest.TestCase):

    def assertInvalid(self, call, *args, **kwds):
        """call raises InvalidArgument: a ValueError and a RuntimeError
        with errno EINVAL."""
        with self.assertRaises(ValueError) as ctx:
            call(*args, **kwds)
        self.assertIsInstance(ctx.exception, RuntimeError)
        self.assertIsInstance(ctx.exception, seccomp.InvalidArgument)
        self.assertEqual(ctx.exception.errno, errno.EINVAL)
        return ctx.exception

    def assertLibError(self, err, call, *args, **kwds):
        """call raises RuntimeError (not ValueError) with errno err."""
        with self.assertRaises(RuntimeError) as ctx:
            call(*args, **kwds)
        self.assertNotIsInstance(ctx.exception, ValueError)
        self.assertEqual(ctx.exception.errno, err)
        self.assertEqual(str(ctx.exception),
                         "Library error (errno = %d)" % -err)


class TestArch(ErrnoAssertions):

    def test_native(self):
        self.assertEqual(int(Arch()), seccomp.system_arch())
        self.assertEqual(int(Arch(Arch.NATIVE)), seccomp.system_arch())
        self.assertEqual(Arch.NATIVE, 0)

    def test_every_token(self):
        # libseccomp's module refused Arch(Arch.RISCV64)
        self.assertEqual(int(Arch(Arch.RISCV64)), Arch.RISCV64)
        for name in dir(Arch):
            if name.isupper() and name != "NATIVE":
                token = getattr(Arch, name)
                self.assertEqual(int(Arch(token)), token)
                self.assertEqual(operator.index(Arch(token)), token)

    def test_names(self):
        self.assertEqual(int(Arch("x86_64")), Arch.X86_64)
        self.assertEqual(int(Arch(b"aarch64")), Arch.AARCH64)
        self.assertEqual(str(Arch("mips64n32")), "mips64n32")
        self.assertEqual(repr(Arch("x86")), "seccomp.Arch('x86')")

    def test_signed_tokens(self):
        # tokens are C ints, as in libseccomp's module; their uint32 form is
        # accepted too and gives the same Arch
        self.assertEqual(Arch.X86_64, -1073741762)
        self.assertEqual(int(Arch(0xc000003e)), Arch.X86_64)
        self.assertEqual(int(Arch(Arch.X86_64)), Arch.X86_64)
        self.assertEqual(Arch(0xc000003e), Arch.X86_64)
        self.assertEqual(hash(Arch(0xc000003e)), hash(Arch.X86_64))
        self.assertEqual(str(Arch(0xc000003e)), "x86_64")
        self.assertEqual(seccomp.resolve_syscall(0xc000003e, "read"), 0)
        self.assertEqual(seccomp.resolve_syscall(Arch.X86_64, "read"), 0)

    def test_compare(self):
        self.assertEqual(Arch("x86"), Arch(Arch.X86))
        self.assertEqual(Arch("x86"), Arch.X86)
        self.assertNotEqual(Arch("x86"), Arch("arm"))
        self.assertEqual(hash(Arch("arm")), hash(Arch.ARM))
        self.assertEqual(len({Arch("arm"), Arch(Arch.ARM)}), 1)

    def test_invalid(self):
        for bad in ("bogus", "", 12345, -1, 1 << 40, "x86\0"):
            with self.subTest(bad=bad):
                self.assertInvalid(Arch, bad)
        for bad in (None, 1.5, [], object()):
            with self.subTest(bad=bad):
                self.assertRaises(TypeError, Arch, bad)


class TestFunctions(ErrnoAssertions):

    def test_actions(self):
        self.assertEqual(ERRNO(0), seccomp.ERRNO(0))
        self.assertEqual(ERRNO(1) & 0xffff, 1)
        self.assertEqual(ERRNO(65535) & 0xffff, 65535)
        self.assertEqual(seccomp.TRACE(7) & 0xffff, 7)
        self.assertEqual(ERRNO(5) & ~0xffff, ERRNO(0))
        # TRAPX(n): SIGSYS with si_errno n; TRAPX(0) is TRAP
        self.assertEqual(seccomp.TRAPX(0), TRAP)
        self.assertEqual(seccomp.TRAPX(0x1234), 0x00031234)
        self.assertEqual(seccomp.TRAPX(65535), 0x0003ffff)
        for call in (seccomp.ERRNO, seccomp.TRACE, seccomp.TRAPX):
            for bad in (-1, 65536, 1 << 64):
                self.assertInvalid(call, bad)
            self.assertRaises(TypeError, call, None)
            self.assertRaises(TypeError, call, "1")

    def test_resolve_name(self):
        self.assertEqual(seccomp.resolve_syscall(Arch.X86_64, "read"), 0)
        self.assertEqual(seccomp.resolve_syscall(Arch("x86_64"), b"write"), 1)
        self.assertEqual(seccomp.resolve_syscall("x86", "read"), 3)
        # multiplexed calls give the multiplexer's number
        self.assertEqual(seccomp.resolve_syscall(Arch.X86, "socket"), 102)
        self.assertEqual(seccomp.resolve_syscall(Arch.X86_64, "bogus"), -1)
        # absent on the ABI: its pseudo number
        self.assertLess(seccomp.resolve_syscall(Arch.AARCH64, "open"), -9999)
        self.assertEqual(seccomp.resolve_syscall(
            Arch.NATIVE, "read"), seccomp.resolve_syscall(Arch(), "read"))

    def test_resolve_number(self):
        self.assertEqual(seccomp.resolve_syscall(Arch.X86_64, 0), b"read")
        self.assertEqual(seccomp.resolve_syscall(Arch.X86, 3), b"read")
        self.assertEqual(seccomp.resolve_syscall(Arch.X32, 0x40000000),
                         b"read")
        for bad in (99999, -1, -10000, 1 << 31):
            self.assertInvalid(seccomp.resolve_syscall, Arch.X86_64, bad)

    def test_resolve_invalid(self):
        self.assertInvalid(seccomp.resolve_syscall, 12345, "read")
        self.assertInvalid(seccomp.resolve_syscall, "bogus", "read")
        self.assertInvalid(seccomp.resolve_syscall, Arch.X86, "re\0ad")
        self.assertRaises(TypeError, seccomp.resolve_syscall, Arch.X86, None)
        self.assertRaises(TypeError, seccomp.resolve_syscall, Arch.X86, 1.0)
        self.assertRaises(TypeError, seccomp.resolve_syscall, None, "read")
        self.assertRaises(TypeError, seccomp.resolve_syscall, Arch.X86)

    def test_api(self):
        level = seccomp.get_api()
        self.assertGreaterEqual(level, 1)
        for bad in (0, -1, 99, 1 << 40):
            self.assertInvalid(seccomp.set_api, bad)
        self.assertRaises(TypeError, seccomp.set_api, None)
        seccomp.set_api(level)
        self.assertEqual(seccomp.get_api(), level)

    def test_version(self):
        version = seccomp.version()
        self.assertIsInstance(version, tuple)
        self.assertEqual(len(version), 3)
        self.assertEqual("%d.%d.%d" % version, seccomp.__version__)

    def test_libseccomp_helpers(self):
        # names libseccomp's module has besides its API
        self.assertEqual(seccomp.c_str("write"), b"write")
        self.assertRaises(TypeError, seccomp.c_str, b"write")
        self.assertRaises(TypeError, seccomp.c_str, 1)
        self.assertRaises(UnicodeEncodeError, seccomp.c_str, "\u00e9")
        self.assertEqual(seccomp.errno.EPERM, 1)


class TestArg(ErrnoAssertions):

    def test_fields(self):
        a = Arg(2, MASKED_EQ, 0xf0, 0x10)
        self.assertEqual((a.arg, a.op, a.datum_a, a.datum_b),
                         (2, MASKED_EQ, 0xf0, 0x10))
        self.assertEqual(Arg(0, EQ, 5).datum_b, 0)
        self.assertEqual(Arg(arg=1, op=GT, datum_a=3).op, GT)
        self.assertEqual(repr(Arg(1, EQ, 2)), "seccomp.Arg(1, 4, 2, 0)")
        with self.assertRaises(AttributeError):
            a.arg = 1

    def test_datum_range(self):
        self.assertEqual(Arg(0, EQ, (1 << 64) - 1).datum_a, (1 << 64) - 1)
        # negative data are two's complement, as a negative int in C
        self.assertEqual(Arg(0, EQ, -1).datum_a, (1 << 64) - 1)
        self.assertEqual(Arg(0, EQ, -(1 << 63)).datum_a, 1 << 63)
        for bad in (1 << 64, -(1 << 63) - 1):
            self.assertInvalid(Arg, 0, EQ, bad)
            self.assertInvalid(Arg, 0, MASKED_EQ, 1, bad)

    def test_cmp_32bit(self):
        # provisional: libseccomp's open pull request
        self.assertEqual(seccomp.CMP_32BIT, 0x10000)
        a = Arg(0, NE | seccomp.CMP_32BIT, 0x10)
        self.assertEqual(a.op, NE | seccomp.CMP_32BIT)
        self.assertEqual(repr(a), "seccomp.Arg(0, 65537, 16, 0)")
        a = Arg(1, MASKED_EQ | seccomp.CMP_32BIT, 0xf0000000f, 7)
        self.assertEqual((a.op & 0xffff, a.datum_a), (MASKED_EQ, 0xf0000000f))

    def test_masked_outside(self):
        # bits of datum_b outside the mask are dropped: a UserWarning, the
        # Arg as given; the seed article's swap (mask 0) passes everything
        with self.assertWarnsRegex(UserWarning, r"\(arg & 0x0\) == 0x0, "
                                   "which every value passes; are the two "
                                   "swapped"):
            a = Arg(1, MASKED_EQ, 0, 3)
        self.assertEqual((a.datum_a, a.datum_b), (0, 3))
        with self.assertWarnsRegex(UserWarning, r"\(arg & 0xf0\) == 0x10;"):
            Arg(1, MASKED_EQ, 0xf0, 0x11)
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            Arg(1, MASKED_EQ, 3, 1)
            Arg(1, EQ, 0, 3)
            warnings.simplefilter("error", UserWarning)
            self.assertRaises(UserWarning, Arg, 1, MASKED_EQ, 0, 3)

    def test_invalid(self):
        for bad in (-1, 6, 1 << 40):
            self.assertInvalid(Arg, bad, EQ, 1)
        for bad in (0, 8, -1, 0xffff, seccomp.CMP_32BIT,
                    EQ | seccomp.CMP_32BIT | 1 << 17, EQ | 1 << 31,
                    EQ | 1 << 32):
            self.assertInvalid(Arg, 0, bad, 1)
        self.assertRaises(TypeError, Arg, None, EQ, 1)
        self.assertRaises(TypeError, Arg, 0, EQ, 1.5)
        self.assertRaises(TypeError, Arg, 0, EQ)


class TestNotificationObjects(ErrnoAssertions):

    def notification(self):
        return Notification(7, 100, 0, 39, Arch.X86_64, 0x1000,
                            [1, 2, 3, 4, 5, 6])

    def test_notification(self):
        n = self.notification()
        self.assertEqual((n.id, n.pid, n.flags, n.syscall, n.syscall_arch,
                          n.syscall_ip), (7, 100, 0, 39, Arch.X86_64, 0x1000))
        self.assertEqual(n.syscall_args, [1, 2, 3, 4, 5, 6])
        n.syscall_args.append(7)
        self.assertEqual(len(n.syscall_args), 6)
        with self.assertRaises(AttributeError):
            n.pid = 1
        self.assertEqual(Notification(1, 2, 3, 4, 5, 6, [9]).syscall_args,
                         [9, 0, 0, 0, 0, 0])
        self.assertInvalid(Notification, 1, 2, 3, 4, 5, 6, [0] * 7)
        self.assertInvalid(Notification, 1 << 64, 2, 3, 4, 5, 6, [])
        self.assertInvalid(Notification, 1, -1, 3, 4, 5, 6, [1 << 64])
        self.assertRaises(TypeError, Notification, 1, 2, 3, 4, 5, 6, None)

    def test_response(self):
        n = self.notification()
        r = NotificationResponse(n, val=-5, error=-errno.EPERM, flags=1)
        self.assertEqual((r.id, r.val, r.error, r.flags),
                         (7, -5, -errno.EPERM, 1))
        r.id, r.val, r.error, r.flags = 8, 1 << 62, 0, 0
        self.assertEqual((r.id, r.val, r.error, r.flags), (8, 1 << 62, 0, 0))
        self.assertEqual(NotificationResponse(n).val, 0)
        with self.assertRaises(ValueError):
            r.val = 1 << 63
        with self.assertRaises(ValueError):
            r.error = 1 << 31
        with self.assertRaises(TypeError):
            r.flags = None
        with self.assertRaises(TypeError):
            del r.val
        self.assertRaises(TypeError, NotificationResponse, None)
        self.assertRaises(TypeError, NotificationResponse, 7)

    def test_addfd(self):
        n = self.notification()
        a = seccomp.NotificationAddfd(n, seccomp.ADDFD_FLAG_SETFD, 3,
                                      newfd=10, newfd_flags=os.O_CLOEXEC)
        self.assertEqual((a.id, a.flags, a.srcfd, a.newfd, a.newfd_flags),
                         (7, 1, 3, 10, os.O_CLOEXEC))
        a = seccomp.NotificationAddfd(notify=n, flags=0, srcfd=4)
        self.assertEqual((a.newfd, a.newfd_flags), (0, 0))
        a.id, a.flags, a.srcfd, a.newfd, a.newfd_flags = 8, 2, 5, 6, 0
        self.assertEqual((a.id, a.flags, a.srcfd, a.newfd, a.newfd_flags),
                         (8, 2, 5, 6, 0))
        self.assertEqual((seccomp.ADDFD_FLAG_SETFD, seccomp.ADDFD_FLAG_SEND),
                         (1, 2))
        with self.assertRaises(ValueError):
            a.srcfd = 1 << 32
        with self.assertRaises(ValueError):
            a.id = 1 << 64
        with self.assertRaises(TypeError):
            a.flags = None
        with self.assertRaises(TypeError):
            del a.newfd
        self.assertRaises(TypeError, seccomp.NotificationAddfd, None, 0, 0)
        self.assertRaises(TypeError, seccomp.NotificationAddfd, n, 0)
        # no listener yet, a bad fd, an fd that is no listener
        f = SyscallFilter(ALLOW)
        self.assertRaises(TypeError, f.notify_addfd, None)
        self.assertRaises(TypeError, f.notify_addfd, n)
        with self.assertRaises(RuntimeError) as ctx:
            f.notify_addfd(seccomp.NotificationAddfd(n, 0, 0))
        self.assertEqual(ctx.exception.errno, errno.ENOENT)
        self.assertInvalid(f.notify_addfd, seccomp.NotificationAddfd(n, 0, 0),
                           fd=-1)
        if seccomp.get_api() >= 5:
            with open(os.devnull) as null:
                self.assertLibError(errno.ECANCELED, f.notify_addfd,
                                    seccomp.NotificationAddfd(n, 0, 0),
                                    null.fileno())


class TestFilter(ErrnoAssertions):

    def bpf(self, f):
        return bytes(f.export_bpf_mem())

    def test_init(self):
        self.assertEqual(SyscallFilter(ALLOW).get_attr(Attr.ACT_DEFAULT),
                         ALLOW)
        self.assertEqual(SyscallFilter(defaction=ERRNO(3)).get_attr(
            Attr.ACT_DEFAULT), ERRNO(3))
        # an action with the top bit set, also in its uint32 form
        f = SyscallFilter(KILL_PROCESS & 0xffffffff)
        self.assertEqual(f.get_attr(Attr.ACT_DEFAULT), KILL_PROCESS)
        for bad in (12345, -1, 1 << 32, ERRNO(5000)):
            self.assertInvalid(SyscallFilter, bad)
        self.assertEqual(SyscallFilter(ERRNO(4094)).get_attr(
            Attr.ACT_DEFAULT), ERRNO(4094))

    def test_errno_limit(self):
        # ERRNO above 4094 says the limit, wherever the action goes
        f = SyscallFilter(ALLOW)
        for call, args in ((SyscallFilter, ()), (f.reset, ()),
                           (f.add_rule, ("uname",))):
            with self.subTest(call=call):
                e = self.assertInvalid(call, ERRNO(5000), *args)
                self.assertEqual(str(e), "ERRNO(5000): the errno must be 0"
                                 " to 4094 (below the kernel's MAX_ERRNO,"
                                 " 4095)")
        f.add_rule(ERRNO(4094), "uname")
        self.assertRaises(TypeError, SyscallFilter, None)
        self.assertRaises(TypeError, SyscallFilter)

    def test_read_back_equals_constant(self):
        # a value read back from a filter equals the constant it was set
        # from, given signed (as libseccomp's module has it) or unsigned
        for action in (KILL_PROCESS, KILL_PROCESS & 0xffffffff):
            with self.subTest(action=action):
                f = SyscallFilter(action)
                self.assertEqual(f.get_attr(Attr.ACT_DEFAULT), -(1 << 31))
                self.assertEqual(f.get_attr(Attr.ACT_DEFAULT), KILL_PROCESS)
                f.set_attr(Attr.ACT_BADARCH, action)
                self.assertEqual(f.get_attr(Attr.ACT_BADARCH), KILL_PROCESS)
                f.reset(ALLOW)
                f.reset(action)
                self.assertEqual(f.get_attr(Attr.ACT_DEFAULT), KILL_PROCESS)
                f.reset(ALLOW)
                f.add_rule(action, "read")
                f.add_rule_exactly(action, "write")
        for token in (Arch.X86_64, Arch.X86_64 & 0xffffffff):
            f = SyscallFilter(ALLOW)
            f.remove_arch(Arch.NATIVE)
            f.add_arch(token)
            self.assertTrue(f.exist_arch(Arch.X86_64))
            self.assertTrue(f.exist_arch(token))
            f.remove_arch(token)
            self.assertFalse(f.exist_arch(Arch.X86_64))
        n = Notification(1, 2, 0, 0, Arch.X86_64 & 0xffffffff, 0, [])
        self.assertEqual(n.syscall_arch, Arch.X86_64)
        self.assertEqual(n.syscall_arch, -1073741762)
        self.assertEqual(seccomp.system_arch(), int(Arch()))

    def test_reset_keeps_default(self):
        # libseccomp's module reset to KILL when called without an action
        f = SyscallFilter(ALLOW)
        f.add_rule(KILL, "read")
        f.reset()
        self.assertEqual(f.get_attr(Attr.ACT_DEFAULT), ALLOW)
        self.assertEqual(self.bpf(f), self.bpf(SyscallFilter(ALLOW)))
        f.reset(-1)
        self.assertEqual(f.get_attr(Attr.ACT_DEFAULT), ALLOW)
        f.reset(ERRNO(3))
        f.reset()
        self.assertEqual(f.get_attr(Attr.ACT_DEFAULT), ERRNO(3))
        f.reset(defaction=LOG)
        self.assertEqual(f.get_attr(Attr.ACT_DEFAULT), LOG)
        self.assertInvalid(f.reset, 12345)
        self.assertEqual(f.get_attr(Attr.ACT_DEFAULT), LOG)

    def test_add_rule(self):
        f = SyscallFilter(KILL)
        f.add_rule(ALLOW, "read")
        f.add_rule(ALLOW, 1, Arg(0, EQ, 1))
        f.add_rule(ERRNO(1), "close", Arg(0, GT, 2), Arg(1, NE, 0))
        f.add_rule(action=TRAP, syscall="openat")
        f.add_rule(TRAP, syscall="dup")
        f.add_rule(ALLOW, "lseek", *[Arg(i, EQ, i) for i in range(6)])
        # several comparisons of one argument: all must hold (libseccomp
        # refuses them)
        f.add_rule(ALLOW, "fchdir", Arg(0, NE, 40), Arg(0, NE, 38))
        pfc = self.pfc(f)
        for name in ("read", "write", "close", "openat", "dup", "lseek",
                     "fchdir"):
            self.assertIn('"%s"' % name, pfc)
        self.assertIn("$a0.lo32 == 38", pfc)

    def test_add_rule_errors(self):
        f = SyscallFilter(KILL)
        e = self.assertInvalid(f.add_rule, ALLOW, "bogus")
        self.assertIn("bogus", str(e))
        self.assertInvalid(f.add_rule, ALLOW, -5)
        self.assertInvalid(f.add_rule, ALLOW, 1 << 40)
        self.assertInvalid(f.add_rule, 12345, "read")
        self.assertInvalid(f.add_rule, ALLOW, "write",
                           *[Arg(i % 6, EQ, 1) for i in range(7)])
        # the default action itself: EACCES from the library
        self.assertLibError(errno.EACCES, f.add_rule, KILL, "write")
        self.assertRaises(TypeError, f.add_rule, ALLOW, "write", 3)
        self.assertRaises(TypeError, f.add_rule, ALLOW, None)
        self.assertRaises(TypeError, f.add_rule, ALLOW)
        self.assertRaises(TypeError, f.add_rule, ALLOW, "read", bogus=1)
        self.assertRaises(TypeError, f.add_rule, ALLOW, "read", action=ALLOW)
        # nothing of the failed calls stayed in the filter
        self.assertEqual(self.bpf(f), self.bpf(SyscallFilter(KILL)))

    def test_add_rule_exactly(self):
        f = SyscallFilter(ALLOW)
        f.add_rule_exactly(KILL, "read", Arg(0, EQ, 0))
        f.add_arch(Arch.X86 if seccomp.system_arch() != Arch.X86
                   else Arch.X86_64)
        self.assertLibError(errno.EOPNOTSUPP, f.add_rule_exactly, KILL,
                            "write")

    def test_arches(self):
        f = SyscallFilter(KILL)
        self.assertTrue(f.exist_arch(Arch.NATIVE))
        self.assertTrue(f.exist_arch(Arch()))
        other = Arch.X86 if seccomp.system_arch() != Arch.X86 else Arch.ARM
        self.assertFalse(f.exist_arch(other))
        f.add_arch(other)
        self.assertTrue(f.exist_arch(Arch(other)))
        self.assertTrue(f.exist_arch(str(Arch(other))))
        self.assertLibError(errno.EEXIST, f.add_arch, other)
        f.remove_arch(str(Arch(other)))
        self.assertFalse(f.exist_arch(other))
        self.assertLibError(errno.EEXIST, f.remove_arch, other)
        # byte order differs from the native one (little-endian hosts)
        if seccomp.system_arch() in (Arch.X86_64, Arch.AARCH64, Arch.X86):
            self.assertLibError(errno.EDOM, f.add_arch, Arch.PPC)
        self.assertInvalid(f.add_arch, 12345)
        self.assertInvalid(f.exist_arch, "bogus")
        self.assertRaises(TypeError, f.remove_arch, None)

    def test_attrs(self):
        f = SyscallFilter(ALLOW)
        self.assertEqual(f.get_attr(Attr.CTL_NNP), 1)
        f.set_attr(Attr.CTL_NNP, 0)
        self.assertEqual(f.get_attr(Attr.CTL_NNP), 0)
        f.set_attr(Attr.ACT_BADARCH, KILL_PROCESS)
        self.assertEqual(f.get_attr(Attr.ACT_BADARCH), KILL_PROCESS)
        f.set_attr(Attr.CTL_OPTIMIZE, 2)
        self.assertEqual(f.get_attr(Attr.CTL_OPTIMIZE), 2)
        f.set_attr(Attr.API_TSKIP, 1)
        self.assertEqual(f.get_attr(Attr.API_TSKIP), 1)
        self.assertLibError(errno.EACCES, f.set_attr, Attr.ACT_DEFAULT, KILL)
        self.assertLibError(errno.EOPNOTSUPP, f.set_attr, Attr.CTL_OPTIMIZE,
                            5)
        self.assertInvalid(f.set_attr, Attr.ACT_BADARCH, 12345)
        for bad in (0, 99, -1):
            self.assertInvalid(f.get_attr, bad)
            self.assertInvalid(f.set_attr, bad, 1)
        self.assertInvalid(f.set_attr, Attr.CTL_NNP, 1 << 32)
        self.assertRaises(TypeError, f.get_attr, None)

    def test_kvermax(self):
        # ENOSYS past a kernel version: off by default, any version, in
        # any order with rules; bad values raise and change nothing
        f = SyscallFilter(ERRNO(1))
        self.assertEqual(f.get_attr(Attr.CTL_KVERMAX), seccomp.KV_UNDEF)
        self.assertEqual(f.get_attr(Attr.ACT_ENOSYS), ERRNO(errno.ENOSYS))
        f.add_rule(ALLOW, "read")
        f.set_attr(Attr.CTL_KVERMAX, seccomp.KV_5_2)
        f.set_attr(Attr.ACT_ENOSYS, TRAP)
        f.add_rule(ALLOW, "clone3")
        self.assertEqual(f.get_attr(Attr.CTL_KVERMAX), seccomp.KV_5_2)
        self.assertEqual(f.get_attr(Attr.ACT_ENOSYS), TRAP)
        for bad in (0, seccomp.KV_7_2 + 1, -1):
            self.assertInvalid(f.set_attr, Attr.CTL_KVERMAX, bad)
        self.assertInvalid(f.set_attr, Attr.ACT_ENOSYS, 12345)
        self.assertEqual(f.get_attr(Attr.CTL_KVERMAX), seccomp.KV_5_2)
        self.assertEqual(f.get_attr(Attr.ACT_ENOSYS), TRAP)
        # the versions in order, from libseccomp's proposal on
        self.assertEqual((seccomp.KV_UNDEF, seccomp.KV_3_0, seccomp.KV_4_0,
                          seccomp.KV_5_0, seccomp.KV_6_0, seccomp.KV_6_16,
                          seccomp.KV_7_2), (1, 2, 22, 43, 63, 79, 85))

    def test_priority(self):
        f = SyscallFilter(KILL)
        f.syscall_priority("read", 255)
        f.syscall_priority(1, 0)
        f.add_rule(ALLOW, "read")
        g = SyscallFilter(KILL)
        g.add_rule(ALLOW, "read")
        self.assertNotEqual(self.pfc(f), self.pfc(g))
        for bad in (-1, 256):
            e = self.assertInvalid(f.syscall_priority, "read", bad)
            self.assertIn("between 0 and 255", str(e))
        self.assertInvalid(f.syscall_priority, "bogus", 1)

    def test_merge(self):
        a = SyscallFilter(KILL)
        b = SyscallFilter(KILL)
        other = Arch.X86 if seccomp.system_arch() != Arch.X86 else Arch.ARM
        b.remove_arch(Arch.NATIVE)
        b.add_arch(other)
        b.add_rule(ALLOW, "read")
        a.merge(b)
        self.assertTrue(a.exist_arch(other))
        # b gave its context away; reset() gives it a new one
        self.assertInvalid(b.add_rule, ALLOW, "read")
        self.assertInvalid(b.export_bpf_mem)
        self.assertInvalid(a.merge, b)
        b.reset()
        b.add_rule(ALLOW, "read")
        self.assertInvalid(a.merge, a)
        self.assertRaises(TypeError, a.merge, None)
        c = SyscallFilter(ALLOW)
        c.remove_arch(Arch.NATIVE)
        c.add_arch(other)
        self.assertInvalid(a.merge, c)

    def test_uninitialised(self):
        f = SyscallFilter.__new__(SyscallFilter)
        self.assertInvalid(f.add_rule, ALLOW, "read")
        self.assertInvalid(f.load)
        f.__init__(ALLOW)
        f.add_rule(KILL, "read")

    def test_subclass(self):
        class Mine(SyscallFilter):
            def __init__(self):
                super().__init__(ERRNO(1))
                self.add_rule(ALLOW, "read")
        self.assertEqual(Mine().get_attr(Attr.ACT_DEFAULT), ERRNO(1))

    def pfc(self, f):
        with tempfile.TemporaryFile("w+") as tmp:
            f.export_pfc(tmp)
            tmp.seek(0)
            return tmp.read()

    def test_export(self):
        f = SyscallFilter(KILL)
        f.add_rule(ALLOW, "read", Arg(0, EQ, 3))
        mem = f.export_bpf_mem()
        self.assertIsInstance(mem, memoryview)
        self.assertTrue(mem.readonly)
        self.assertEqual(len(mem) % 8, 0)
        self.assertEqual(bytes(mem), mem.tobytes())
        with tempfile.TemporaryFile() as tmp:
            f.export_bpf(tmp)
            tmp.seek(0)
            self.assertEqual(tmp.read(), bytes(mem))
        r, w = os.pipe()
        try:
            f.export_bpf(w)
            self.assertEqual(os.read(r, 65536), bytes(mem))
        finally:
            os.close(r)
            os.close(w)
        pfc = self.pfc(f)
        self.assertIn("# pseudo filter code start", pfc)
        self.assertIn('# filter for syscall "read"', pfc)

    def test_trapx(self):
        # a rule, the default and the bad-arch action take TRAP's data
        f = SyscallFilter(seccomp.TRAPX(7))
        self.assertEqual(f.get_attr(Attr.ACT_DEFAULT), seccomp.TRAPX(7))
        f.add_rule(seccomp.TRAPX(0x1234), "read")
        f.add_rule(TRAP, "write")
        f.set_attr(Attr.ACT_BADARCH, seccomp.TRAPX(65535))
        self.assertEqual(f.get_attr(Attr.ACT_BADARCH), seccomp.TRAPX(65535))
        pfc = self.pfc(f)
        self.assertIn("action TRAP(4660);", pfc)
        self.assertIn("action TRAP;", pfc)
        self.assertIn("action TRAP(7);", pfc)
        self.assertIn("action TRAP(65535);", pfc)
        # the default's action, data included, is no rule's
        self.assertLibError(errno.EACCES, f.add_rule, seccomp.TRAPX(7),
                            "close")
        # merge: the same default, data included
        other = Arch.X86 if seccomp.system_arch() != Arch.X86 else Arch.ARM
        g = SyscallFilter(seccomp.TRAPX(7))
        g.remove_arch(Arch.NATIVE)
        g.add_arch(other)
        g.add_rule(seccomp.TRAPX(3), "read")
        f.merge(g)
        self.assertIn("action TRAP(3);", self.pfc(f))
        h = SyscallFilter(seccomp.TRAPX(1))
        h.remove_arch(Arch.NATIVE)
        h.add_arch(other)
        self.assertInvalid(SyscallFilter(TRAP).merge, h)

    def test_cmp_32bit(self):
        # upstream's example: the low words alone, on a 64-bit and a
        # 32-bit ABI (where the flag changes nothing)
        f = SyscallFilter(ALLOW)
        f.remove_arch(Arch.NATIVE)
        f.add_arch(Arch.X86_64)
        f.add_arch(Arch.X86)
        f.add_rule(ERRNO(1), "read", Arg(0, NE | seccomp.CMP_32BIT, 0x10))
        f.add_rule(ERRNO(2), "openat",
                   Arg(0, EQ | seccomp.CMP_32BIT, -100 & 0xffffffff))
        pfc = self.pfc(f)
        self.assertIn("    if ($a0.lo32 == 16)\n    else\n"
                      "      action ERRNO(1);\n", pfc)
        self.assertIn("    if ($a0 == 16)\n", pfc)
        self.assertIn("    if ($a0.lo32 == 4294967196)\n"
                      "      action ERRNO(2);\n", pfc)
        self.assertNotIn("$a0.hi32", pfc)
        # the same comparison with another action, on x86 the same test
        self.assertLibError(errno.EEXIST, f.add_rule, ERRNO(3), "openat",
                            Arg(0, EQ | seccomp.CMP_32BIT, -100))

    def test_export_flushes(self):
        f = SyscallFilter(KILL)
        with tempfile.TemporaryFile("w+") as tmp:
            tmp.write("before\n")
            f.export_pfc(tmp)
            tmp.seek(0)
            self.assertTrue(tmp.read().startswith("before\n#\n"))

    def test_export_errors(self):
        f = SyscallFilter(KILL)
        self.assertRaises(TypeError, f.export_bpf, None)
        self.assertRaises(TypeError, f.export_pfc, "file")
        self.assertInvalid(f.export_bpf, -1)
        self.assertInvalid(f.export_pfc, 1 << 40)
        with open(os.devnull, "rb") as ro:
            self.assertLibError(errno.ECANCELED, f.export_bpf, ro)
        f.set_attr(Attr.API_SYSRAWRC, 1)
        with open(os.devnull, "rb") as ro:
            self.assertLibError(errno.EBADF, f.export_bpf, ro.fileno())

    def test_precompute(self):
        f = SyscallFilter(KILL)
        f.add_rule(ALLOW, "read")
        f.precompute()
        before = self.bpf(f)
        f.add_rule(ALLOW, "write")
        self.assertNotEqual(self.bpf(f), before)

    def test_transactions(self):
        f = SyscallFilter(KILL)
        f.add_rule(ALLOW, "read")
        empty = self.bpf(f)
        f.start_transaction()
        f.add_rule(ALLOW, "write")
        f.reject_transaction()
        self.assertEqual(self.bpf(f), empty)
        f.start_transaction()
        f.add_rule(ALLOW, "write")
        f.start_transaction()
        f.add_rule(ALLOW, "close")
        f.reject_transaction()
        f.commit_transaction()
        pfc = self.pfc(f)
        self.assertIn('"write"', pfc)
        self.assertNotIn('"close"', pfc)
        # nothing open: both are no-ops
        f.commit_transaction()
        f.reject_transaction()

    def test_notify_not_loaded(self):
        f = SyscallFilter(ALLOW)
        f.add_rule(seccomp.NOTIFY, "getppid")
        for call in (f.get_notify_fd, f.receive_notify):
            with self.assertRaises(RuntimeError) as ctx:
                call()
            self.assertEqual(ctx.exception.errno, errno.ENOENT)
        n = Notification(1, 2, 3, 4, 5, 6, [])
        self.assertRaises(RuntimeError, f.respond_notify,
                          NotificationResponse(n))
        self.assertRaises(TypeError, f.respond_notify, n)


if __name__ == "__main__":
    unittest.main()
