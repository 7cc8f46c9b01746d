# SPDX-License-Identifier: LGPL-2.1-only
# No input crashes the interpreter or leaks: bad values for every parameter, many times.

"""Every callable of the module gets, one parameter at a time, values of
the wrong type, negative and huge numbers, unknown names, embedded NULs,
unencodable text. Each call must return or raise TypeError or ValueError
(InvalidArgument) or RuntimeError: nothing else, and no crash. Then the
same sweep, and calls that allocate in C, run many times while the
interpreter's block count and the process's memory stay flat (under the
sanitizers, which keep freed memory in quarantine and catch memory errors
themselves, only the block count).

The sweep runs in a fresh interpreter: a crash fails the test instead of
the runner, and set_api() changes nothing here."""

import unittest

from pyhelpers import run_python, sanitized

SWEEP = r"""
import gc, os, sys
import seccomp
from seccomp import *

BAD = [None, -1, -(1 << 31) - 1, 1 << 31, 1 << 32, 1 << 63, 1 << 64,
       -(1 << 64), 1 << 200, 1.5, float("nan"), "", "bogus", "\0", "read\0x",
       "\udcff", b"\xff", b"", [], (), {}, object(), Arch, SyscallFilter]
ALLOWED = (TypeError, ValueError, RuntimeError)
unexpected = []

def call(fn, *args, **kwds):
    try:
        fn(*args, **kwds)
    except ALLOWED:
        pass
    except BaseException as exc:
        unexpected.append("%s%r: %s: %s" % (getattr(fn, "__qualname__", fn),
                                            args, type(exc).__name__, exc))

def sweep(fn, *valid):
    # each parameter bad in turn, then too many and too few arguments
    for i in range(len(valid)):
        for bad in BAD:
            args = list(valid)
            args[i] = bad
            call(fn, *args)
    call(fn, *(list(valid) + [1, 2, 3, 4, 5, 6, 7, 8]))
    call(fn)
    call(fn, bad=1)

def notification():
    return Notification(1, 2, 3, 4, 5, 6, [1, 2, 3, 4, 5, 6])

def run_sweep():
    native = system_arch()
    sweep(Arch, "x86_64")
    sweep(Arg, 0, EQ, 1, 0)
    sweep(ERRNO, 1)
    sweep(TRACE, 1)
    sweep(TRAPX, 1)
    sweep(resolve_syscall, native, "read")
    sweep(resolve_syscall, native, 0)
    sweep(set_api, get_api())
    sweep(SyscallFilter, KILL)
    sweep(Notification, 1, 2, 3, 4, 5, 6, [1, 2, 3, 4, 5, 6])
    n = notification()
    sweep(NotificationResponse, n, 0, 0, 0)
    r = NotificationResponse(n)
    for attr in ("id", "val", "error", "flags"):
        for bad in BAD:
            call(setattr, r, attr, bad)
        call(delattr, r, attr)
    sweep(NotificationAddfd, n, 0, 0, 0, 0)
    a = NotificationAddfd(n, 0, 0)
    for attr in ("id", "flags", "srcfd", "newfd", "newfd_flags"):
        for bad in BAD:
            call(setattr, a, attr, bad)
        call(delattr, a, attr)

    f = SyscallFilter(KILL)
    merged = SyscallFilter(KILL)
    merged.remove_arch(native)
    merged.add_arch(Arch.X86 if native != Arch.X86 else Arch.ARM)
    f.merge(merged)
    blank = SyscallFilter.__new__(SyscallFilter)
    for filt in (f, merged, blank):
        sweep(filt.reset, ALLOW)
        sweep(filt.add_rule, ERRNO(1), "read", Arg(0, EQ, 1))
        sweep(filt.add_rule_exactly, ERRNO(1), "read", Arg(0, EQ, 1))
        sweep(filt.exist_arch, native)
        sweep(filt.add_arch, native)
        sweep(filt.remove_arch, native)
        sweep(filt.get_attr, Attr.CTL_NNP)
        sweep(filt.set_attr, Attr.CTL_NNP, 1)
        sweep(filt.syscall_priority, "read", 1)
        sweep(filt.merge, f)
        sweep(filt.respond_notify, NotificationResponse(n))
        sweep(filt.notify_addfd, NotificationAddfd(n, 0, 0), -1)
        sweep(filt.export_pfc, -1)
        sweep(filt.export_bpf, -1)
        for name in ("get_notify_fd", "receive_notify", "export_bpf_mem",
                     "precompute", "start_transaction", "commit_transaction",
                     "reject_transaction"):
            call(getattr(filt, name))
            sweep(getattr(filt, name))
        filt.reset(KILL)

def reentry():
    # an __index__ that re-initialises or merges away the very filter the
    # method works on, while the method converts its arguments
    native = system_arch()
    f = SyscallFilter(KILL)

    class Reinit:
        def __index__(self):
            f.__init__(ALLOW)
            return 1

    class MergeAway:
        def __index__(self):
            g = SyscallFilter(f.get_attr(Attr.ACT_DEFAULT))
            g.remove_arch(native)
            g.add_arch(Arch.X86 if native != Arch.X86 else Arch.ARM)
            g.merge(f)
            return 1

    for evil in (Reinit, MergeAway):
        call(f.add_rule, evil(), "read")
        call(f.add_rule, ERRNO(1), evil())
        call(lambda: f.add_rule(ERRNO(1), "read", Arg(0, EQ, evil())))
        call(f.set_attr, Attr.CTL_NNP, evil())
        call(f.get_attr, evil())
        call(f.syscall_priority, "read", evil())
        call(f.add_arch, evil())
        call(f.exist_arch, evil())
        call(f.remove_arch, evil())
        call(f.reset, evil())
        call(f.export_bpf, evil())
        call(SyscallFilter.__init__, f, evil())
        f.reset(KILL)

def c_paths():
    # one call per path that allocates in C (contexts, rules, programs,
    # names, notification buffers, exceptions), each to be run many times:
    # a leak of a few bytes per call then shows in the process's memory
    native = system_arch()
    other = Arch.X86 if native != Arch.X86 else Arch.ARM
    f = SyscallFilter(ERRNO(1))
    for i in range(40):
        f.add_rule(ALLOW, i, Arg(0, EQ, i), Arg(1, MASKED_EQ, 0xff, i))

    def rules():
        g = SyscallFilter(ERRNO(1))
        g.add_rule(ALLOW, "read", Arg(0, EQ, 1))
        g.add_rule(ALLOW, "read", Arg(0, EQ, 2))
        call(g.add_rule, ALLOW, "read", Arg(0, EQ, 1), Arg(0, EQ, 2))

    def transaction():
        f.start_transaction()
        f.add_rule(ALLOW, "write")
        f.reject_transaction()

    def merge():
        g, h = SyscallFilter(ERRNO(1)), SyscallFilter(ERRNO(1))
        h.remove_arch(native)
        h.add_arch(other)
        g.merge(h)

    def program():
        f.add_rule(ALLOW, "close")
        f.export_bpf_mem()
        f.precompute()

    return [
        ("resolve number", lambda: resolve_syscall(native, 0)),
        ("resolve name", lambda: resolve_syscall(native, "read")),
        ("unknown number", lambda: call(resolve_syscall, native, 99999)),
        ("rules", rules),
        ("transaction", transaction),
        ("merge", merge),
        ("program", program),
        ("errors", lambda: call(f.add_rule, ERRNO(1), "bogus")),
        ("notify", lambda: call(f.receive_notify)),
        ("objects", lambda: (str(Arch()), repr(Arg(0, EQ, 1)),
                             NotificationResponse(notification()),
                             NotificationAddfd(notification(), 0, 0))),
    ]

def rss_kib():
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024

def measure_once(fn, rounds):
    gc.collect()
    blocks, rss = sys.getallocatedblocks(), rss_kib()
    for _ in range(rounds):
        fn()
    gc.collect()
    return sys.getallocatedblocks() - blocks, rss_kib() - rss

def measure(fn, rounds):
    # the interpreter's own caches grow in bursts (a few hundred blocks,
    # where depends on the hash seed); a leak grows in every measurement
    runs = [measure_once(fn, rounds) for _ in range(3)]
    return min(r[0] for r in runs), min(r[1] for r in runs)

run_sweep()
reentry()
if unexpected:
    print("\n".join(unexpected[:20]))
    sys.exit(1)
rounds, check_rss = int(sys.argv[1]), sys.argv[2] == "rss"
# warm up first: the interpreter's caches and specialisations settle
for _ in range(3):
    measure(run_sweep, 100)
blocks, rss = measure(run_sweep, 100)
print("sweep x 100: %+d blocks, %+d KiB" % (blocks, rss))
leaks = blocks > 200 or (check_rss and rss > 2048)
for name, fn in c_paths():
    measure(fn, 100 * rounds)
    blocks, rss = measure(fn, 2500 * rounds)
    print("%s x %d: %+d blocks, %+d KiB" % (name, 2500 * rounds, blocks, rss))
    leaks = leaks or blocks > 100 or (check_rss and rss > 1024)
if leaks:
    print("LEAK")
    sys.exit(1)
if unexpected:
    print("\n".join(unexpected[:20]))
    sys.exit(1)
"""


class TestRobust(unittest.TestCase):

    def test_bad_input_and_leaks(self):
        # ASan keeps freed memory in quarantine: only count Python blocks
        if sanitized():
            res = run_python(SWEEP, "2", "norss", timeout=900)
        else:
            res = run_python(SWEEP, "20", "rss", timeout=600)
        out = (res.stdout + res.stderr).decode(errors="replace")
        self.assertEqual(res.returncode, 0, out)
        print(out)


if __name__ == "__main__":
    unittest.main()
