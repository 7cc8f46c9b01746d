# SPDX-License-Identifier: LGPL-2.1-only
# User notification: a child under a NOTIFY rule, its supervisor in Python.

"""A fresh interpreter loads a filter with NOTIFY rules for getpriority
(ALLOW for the rest), forks, and supervises its child: it receives each
getpriority call, checks what the kernel reported and answers it, once
with a value and once with an error. The child checks the answers. Descriptors go into the
child with notify_addfd(), at a chosen number and as a call's result. And
a supervisor waiting for a notification can be interrupted by a signal."""

import unittest

from pyhelpers import check_script

SUPERVISOR = r"""
import errno, os, sys
import seccomp
from seccomp import *

if seccomp.get_api() < 5:
    print("API level %d: no user notification" % seccomp.get_api())
    sys.exit(77)

def check(ok, what):
    if not ok:
        print("FAILED:", what)
        sys.exit(1)

f = SyscallFilter(ALLOW)
f.add_rule(NOTIFY, "getpriority")
f.load()
fd = f.get_notify_fd()
check(fd >= 0, fd)

pid = os.fork()
if pid == 0:
    # the child: glibc returns 20 - the kernel's value, as a nice value
    status = 0
    if os.getpriority(os.PRIO_PGRP, 4242) != 7:
        status |= 1
    try:
        os.getpriority(os.PRIO_PROCESS, 4243)
        status |= 2
    except OSError as exc:
        if exc.errno != errno.ESRCH:
            status |= 4
    os._exit(status)

nr = resolve_syscall(Arch(), "getpriority")
n = f.receive_notify()
check(isinstance(n, Notification), n)
check(n.pid == pid, (n.pid, pid))
check(n.syscall == nr, n.syscall)
check(n.syscall_arch == system_arch(), n.syscall_arch)
check(n.syscall_args[:2] == [os.PRIO_PGRP, 4242], n.syscall_args)
check(n.syscall_ip != 0, n.syscall_ip)
f.respond_notify(NotificationResponse(n, val=20 - 7, error=0, flags=0))

n = f.receive_notify()
check(n.syscall_args[:2] == [os.PRIO_PROCESS, 4243], n.syscall_args)
r = NotificationResponse(n)
r.error = -errno.ESRCH
f.respond_notify(r)

# the id is stale now: the kernel refuses a second answer
try:
    f.respond_notify(r)
    check(False, "answered twice")
except RuntimeError as exc:
    check(exc.errno > 0, exc)

_, status = os.waitpid(pid, 0)
check(os.WIFEXITED(status), status)
print("child status", os.WEXITSTATUS(status))
sys.exit(os.WEXITSTATUS(status))
"""

# Descriptors injected into the child: at a chosen number (SETFD, with
# O_CLOEXEC) and as the call's result (SEND); and the errors before.
ADDFD = r"""
import ctypes, errno, fcntl, os, sys
import seccomp
from seccomp import *

if seccomp.get_api() < 5:
    print("API level %d: no user notification" % seccomp.get_api())
    sys.exit(77)

def check(ok, what):
    if not ok:
        print("FAILED:", what)
        sys.exit(1)

nr = resolve_syscall(Arch(), "getpriority")
libc = ctypes.CDLL(None, use_errno=True)
f = SyscallFilter(ALLOW)
f.add_rule(NOTIFY, "getpriority")
f.load()

pid = os.fork()
if pid == 0:
    # the raw syscall's result: the injected descriptor's number
    status = 0
    fd = libc.syscall(nr, os.PRIO_PGRP, 1)
    flags = fcntl.fcntl(fd, fcntl.F_GETFD) if fd >= 0 else 0
    if fd != 100 or not flags & fcntl.FD_CLOEXEC:
        status |= 1
    elif os.write(fd, b"setfd") != 5:
        status |= 2
    fd = libc.syscall(nr, os.PRIO_PGRP, 2)
    if fd < 0 or fcntl.fcntl(fd, fcntl.F_GETFD) & fcntl.FD_CLOEXEC:
        status |= 4
    elif os.write(fd, b"send") != 4:
        status |= 8
    os._exit(status)

def lib_errno(call):
    try:
        call()
    except RuntimeError as exc:
        return exc.errno
    return 0

n = f.receive_notify()
check(n.syscall_args[:2] == [os.PRIO_PGRP, 1], n.syscall_args)
r1, w1 = os.pipe()
# the kernel's EINVAL is EOPNOTSUPP, other refusals ECANCELED
check(lib_errno(lambda: f.notify_addfd(NotificationAddfd(n, 1 << 7, w1)))
      == errno.EOPNOTSUPP, "unknown flag")
check(lib_errno(lambda: f.notify_addfd(NotificationAddfd(n, 0, w1, 5)))
      == errno.EOPNOTSUPP, "newfd without SETFD")
closed = os.dup(w1)
os.close(closed)
check(lib_errno(lambda: f.notify_addfd(NotificationAddfd(n, 0, closed)))
      == errno.ECANCELED, "closed srcfd")
a = NotificationAddfd(n, ADDFD_FLAG_SETFD, w1, newfd=100,
                      newfd_flags=os.O_CLOEXEC)
check(f.notify_addfd(a) == 100, "SETFD")
os.close(w1)
f.respond_notify(NotificationResponse(n, val=100))

n = f.receive_notify()
check(n.syscall_args[:2] == [os.PRIO_PGRP, 2], n.syscall_args)
r2, w2 = os.pipe()
got = f.notify_addfd(NotificationAddfd(n, ADDFD_FLAG_SEND, w2),
                     fd=f.get_notify_fd())
check(got >= 0, got)
os.close(w2)

_, status = os.waitpid(pid, 0)
check(os.WIFEXITED(status), status)
check(os.read(r1, 16) == b"setfd", "SETFD pipe")
check(os.read(r2, 16) == b"send", "SEND pipe")
print("child status", os.WEXITSTATUS(status))
sys.exit(os.WEXITSTATUS(status))
"""

# A signal ends the wait for a notification with the handler's exception.
INTERRUPT = r"""
import signal, sys
import seccomp
from seccomp import *

if seccomp.get_api() < 5:
    print("API level %d: no user notification" % seccomp.get_api())
    sys.exit(77)

class Alarm(Exception):
    pass

def alarm(signum, frame):
    raise Alarm()

f = SyscallFilter(ALLOW)
f.add_rule(NOTIFY, "getpriority")
f.load()
signal.signal(signal.SIGALRM, alarm)
signal.alarm(1)
try:
    f.receive_notify()
except Alarm:
    print("interrupted")
"""


class TestNotify(unittest.TestCase):

    def test_supervisor(self):
        check_script(self, SUPERVISOR, b"child status 0\n")

    def test_addfd(self):
        check_script(self, ADDFD, b"child status 0\n")

    def test_interrupted_wait(self):
        check_script(self, INTERRUPT, b"interrupted\n")


if __name__ == "__main__":
    unittest.main()
