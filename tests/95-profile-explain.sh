#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-only
# 95-profile-explain: scmp_profile explain names the action and the entry of Docker's and Podman's profiles that decides it, on each ABI.
#
# Every expected line below was worked out by reading the profiles
# (../shared/data, or $SHARED_DATA; without them the test skips after the
# first cases, which use a profile of its own): which entries apply for
# the capabilities and kernel given, which of their conditions hold. The
# last case shows what the x86 filter cannot see: Docker allows
# socketcall, so socket(AF_VSOCK) through it is allowed although the
# direct call is refused.

data=${SHARED_DATA:-${top_srcdir:-..}/../shared/data}
docker=$data/docker-default-seccomp.json
podman=$data/containers-common-seccomp.json
test_name=profile-explain
. "${srcdir:-.}/lib/profile_test.sh"

# check NAME ARGS...: explain's output must be the lines on stdin
check() {
	name=$1
	shift
	cat >"$tmp/want"
	"$tool" explain --kernel=6.1 "$@" >"$tmp/got" 2>"$tmp/err"
	rc=$?
	if [ $rc = 0 ] && cmp -s "$tmp/want" "$tmp/got"; then
		passed=$((passed + 1))
		return
	fi
	echo "FAIL $name (exit status $rc):"
	diff -u "$tmp/want" "$tmp/got" | sed 's/^/    /'
	sed 's/^/    /' "$tmp/err"
	failed=$((failed + 1))
}

# Two conditions on one argument are one rule, both must hold (AND), as
# the runtime spec says: socket(AF_VSOCK) and socket(AF_ALG) get the
# default action. runc would make a rule of each condition (OR), which
# allows both.
cat >"$tmp/and.json" <<EOF
{
	"defaultAction": "SCMP_ACT_ERRNO",
	"architectures": ["SCMP_ARCH_X86_64", "SCMP_ARCH_X86"],
	"syscalls": [
		{
			"names": ["socket"],
			"action": "SCMP_ACT_ALLOW",
			"args": [
				{"index": 0, "value": 40, "op": "SCMP_CMP_NE"},
				{"index": 0, "value": 38, "op": "SCMP_CMP_NE"}
			]
		},
		{
			"names": ["getpgid"],
			"action": "SCMP_ACT_ERRNO",
			"errnoRet": 22,
			"args": [
				{"index": 0, "value": 5, "op": "SCMP_CMP_GT"},
				{"index": 0, "value": 10, "op": "SCMP_CMP_LT"}
			]
		}
	]
}
EOF

check and-socket-unix "$tmp/and.json" socket 1 <<EOF
x86_64 socket (41): SCMP_ACT_ALLOW: syscalls[0] at line 5 (socket) where a0 != 40 && a0 != 38
x86 socket (359): SCMP_ACT_ALLOW: syscalls[0] at line 5 (socket) where a0 != 40 && a0 != 38
x86 socket through socketcall (102, call 1): SCMP_ACT_ALLOW: syscalls[0] at line 5 (socket)
EOF

for family in 40 38; do
	check and-socket-$family "$tmp/and.json" socket $family <<EOF
x86_64 socket (41): SCMP_ACT_ERRNO(1): default action
x86 socket (359): SCMP_ACT_ERRNO(1): default action
x86 socket through socketcall (102, call 1): SCMP_ACT_ALLOW: syscalls[0] at line 5 (socket)
EOF
done

for pgid in 5 10; do
	check and-getpgid-$pgid --arch=x86_64 "$tmp/and.json" getpgid $pgid <<EOF
x86_64 getpgid (121): SCMP_ACT_ERRNO(1): default action
EOF
done

for pgid in 6 9; do
	check and-getpgid-$pgid --arch=x86_64 "$tmp/and.json" getpgid $pgid <<EOF
x86_64 getpgid (121): SCMP_ACT_ERRNO(22): syscalls[1] at line 13 (getpgid) where a0 > 5 && a0 < 10
EOF
done

if [ ! -r "$docker" ] || [ ! -r "$podman" ]; then
	echo "$passed passed, $failed failed"
	[ $failed = 0 ] || exit 1
	echo "skipped: no profiles in $data (the $passed cases of its own profile passed)" >&2
	exit 77
fi

check read "$docker" read <<EOF
x86_64 read (0): SCMP_ACT_ALLOW: syscalls[0] at line 62 (accept, accept4, access, adjtimex, ... 361 names)
x86 read (3): SCMP_ACT_ALLOW: syscalls[0] at line 62 (accept, accept4, access, adjtimex, ... 361 names)
x32 read (1073741824): SCMP_ACT_ALLOW: syscalls[0] at line 62 (accept, accept4, access, adjtimex, ... 361 names)
EOF

check socket-af-ieee802154 --arch=x86_64 "$docker" socket 39 <<EOF
x86_64 socket (41): SCMP_ACT_ALLOW: syscalls[3] at line 452 (socket) where a0 == 39
EOF

check socket-af-vsock --arch=x86_64 "$docker" socket 40 <<EOF
x86_64 socket (41): SCMP_ACT_ERRNO(1): default action
EOF

check clone3-enosys "$docker" clone3 <<EOF
x86_64 clone3 (435): SCMP_ACT_ERRNO(38): syscalls[20] at line 716 (clone3)
x86 clone3 (435): SCMP_ACT_ERRNO(38): syscalls[20] at line 716 (clone3)
x32 clone3 (1073742259): SCMP_ACT_ERRNO(38): syscalls[20] at line 716 (clone3)
EOF

check clone3-sys-admin --arch=x86_64 --caps=CAP_SYS_ADMIN "$docker" clone3 <<EOF
x86_64 clone3 (435): SCMP_ACT_ALLOW: syscalls[17] at line 633 (bpf, clone, clone3, fanotify_init, ... 26 names)
EOF

check clone-thread --arch=x86_64 "$docker" clone 0x1200011 <<EOF
x86_64 clone (56): SCMP_ACT_ALLOW: syscalls[18] at line 669 (clone) where a0 & 0x7e020000 == 0
EOF

check clone-newuser --arch=x86_64 "$docker" clone 0x10000000 <<EOF
x86_64 clone (56): SCMP_ACT_ERRNO(1): default action
EOF

# The same calls with constants, and a syscall by its number (x86_64's
# 165 is mount; on x86 mount is 21)
check socket-af-vsock-const --arch=x86_64 "$docker" socket AF_VSOCK <<EOF
x86_64 socket (41): SCMP_ACT_ERRNO(1): default action
EOF

check socket-af-nfc-const --arch=x86_64 "$docker" socket AF_NFC 'SOCK_STREAM|SOCK_CLOEXEC' <<EOF
x86_64 socket (41): SCMP_ACT_ALLOW: syscalls[3] at line 452 (socket) where a0 == 39
EOF

check clone-newuser-const --arch=x86_64 "$docker" clone 'CLONE_NEWUSER|CLONE_NEWNS' <<EOF
x86_64 clone (56): SCMP_ACT_ERRNO(1): default action
EOF

check clone-thread-const --arch=x86_64 "$docker" clone 'CLONE_VM|CLONE_FS|CLONE_FILES|CLONE_SIGHAND|CLONE_THREAD|CLONE_SYSVSEM|CLONE_SETTLS|CLONE_PARENT_SETTID|CLONE_CHILD_CLEARTID' <<EOF
x86_64 clone (56): SCMP_ACT_ALLOW: syscalls[18] at line 669 (clone) where a0 & 0x7e020000 == 0
EOF

check mount-by-number --arch=x86_64,x86 "$docker" 165 <<EOF
x86_64 mount (165): SCMP_ACT_ERRNO(1): default action
x86 mount (21): SCMP_ACT_ERRNO(1): default action
EOF

check mount-by-number-sys-admin --arch=amd64 --caps=sys_admin "$docker" 165 <<EOF
x86_64 mount (165): SCMP_ACT_ALLOW: syscalls[17] at line 633 (bpf, clone, clone3, fanotify_init, ... 26 names)
EOF

check personality-const --arch=x86_64 "$docker" personality PER_LINUX32 <<EOF
x86_64 personality (135): SCMP_ACT_ALLOW: syscalls[6] at line 491 (personality) where a0 == 8
EOF

check personality --arch=x86_64 "$docker" personality 8 <<EOF
x86_64 personality (135): SCMP_ACT_ALLOW: syscalls[6] at line 491 (personality) where a0 == 8
EOF

check ptrace-old-kernel --arch=x86_64 --kernel=4.4 "$docker" ptrace <<EOF
x86_64 ptrace (101): SCMP_ACT_ERRNO(1): default action
EOF

check ptrace --arch=x86_64 "$docker" ptrace <<EOF
x86_64 ptrace (101): SCMP_ACT_ALLOW: syscalls[1] at line 428 (process_vm_readv, process_vm_writev, ptrace)
EOF

check modify-ldt-x86-host --arch=x86 "$docker" modify_ldt <<EOF
x86 modify_ldt (123): SCMP_ACT_ERRNO(1): default action
EOF

check modify-ldt-x86-sub --arch=x86_64,x86 "$docker" modify_ldt <<EOF
x86_64 modify_ldt (154): SCMP_ACT_ALLOW: syscalls[13] at line 584 (modify_ldt)
x86 modify_ldt (123): SCMP_ACT_ALLOW: syscalls[13] at line 584 (modify_ldt)
EOF

check podman-netlink-audit --arch=x86_64 --caps=none "$podman" socket 16 0 9 <<EOF
x86_64 socket (41): SCMP_ACT_ERRNO(22): syscalls[31] at line 960 (socket) where a0 == 16 && a2 == 9
EOF

check podman-audit-write --arch=x86_64 --caps=CAP_AUDIT_WRITE "$podman" socket 16 0 9 <<EOF
x86_64 socket (41): SCMP_ACT_ALLOW: syscalls[35] at line 1052 (socket)
EOF

check podman-chroot --arch=x86_64 --caps=none "$podman" chroot <<EOF
x86_64 chroot (161): SCMP_ACT_ERRNO(1): syscalls[18] at line 748 (chroot)
EOF

check podman-default-errno --arch=x86_64 "$podman" mseal <<EOF
x86_64 mseal (462): SCMP_ACT_ERRNO(38): default action
EOF

check podman-x86-only "$podman" bdflush <<EOF
x86_64: no syscall "bdflush" on this ABI
x86 bdflush (134): SCMP_ACT_ERRNO(1): syscalls[0] at line 55 (bdflush, cachestat, futex_requeue, futex_wait, ... 35 names)
x32: no syscall "bdflush" on this ABI
EOF

check socketcall-bypass --arch=x86_64,x86 "$docker" socket 40 <<EOF
x86_64 socket (41): SCMP_ACT_ERRNO(1): default action
x86 socket (359): SCMP_ACT_ERRNO(1): default action
x86 socket through socketcall (102, call 1): SCMP_ACT_ALLOW: syscalls[0] at line 62 (accept, accept4, access, adjtimex, ... 361 names)
EOF

# Under kvermax, a syscall newer than it that the profile does not name
# fails with ENOSYS; without, or under a kvermax that has it, the default.
check file-getattr-kvermax-6.13 --arch=x86_64 --kvermax=6.13 "$docker" file_getattr <<EOF
x86_64 file_getattr (468): SCMP_ACT_ERRNO(38): kvermax 6.13: no such syscall in that kernel
EOF

check file-getattr-kvermax-6.17 --arch=x86_64 --kvermax=6.17 "$docker" file_getattr <<EOF
x86_64 file_getattr (468): SCMP_ACT_ERRNO(1): default action
EOF

check file-getattr --arch=x86_64 "$docker" file_getattr <<EOF
x86_64 file_getattr (468): SCMP_ACT_ERRNO(1): default action
EOF

echo "$passed passed, $failed failed"
[ $failed = 0 ]
