#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-only
# 82-profile-mux: scmp_profile warns of argument checks socketcall(2) and ipc(2) drop, and --strict-mux fails closed, in the simulator.
#
# A profile allows socket(2) unless its family is AF_ALG (38), and semop
# on one semaphore set only. On x86 both calls are also reached through a
# multiplexer whose arguments are in memory: by default socketcall
# (SYS_SOCKET) is allowed whatever the family (the hole); --strict-mux
# refuses it (SCMP_FLTATR_EXT_ACT_MUX), and the direct x86 call keeps its
# checks. x86_64 is unchanged. compile
# and explain warn with the entry's line and column, once per ABI and
# name (entries of one name that end alike: one warning), and -q and
# --no-warn=mux quiet them. tests/83-live-profile-mux checks the same in
# the kernel.

test_name=profile-mux
. "${srcdir:-.}/lib/profile_test.sh"

# check NAME FILE: FILE (stdout or stderr of the last run) must be stdin
check() {
	cat >"$tmp/want"
	if [ "$rc" = 0 ] && cmp -s "$tmp/want" "$2"; then
		passed=$((passed + 1))
		return
	fi
	echo "FAIL $1 (exit status $rc):"
	diff -u "$tmp/want" "$2" | sed 's/^/    /'
	failed=$((failed + 1))
}

explain() {
	"$tool" explain --kernel=6.1 "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
}

cat >"$tmp/mux.json" <<EOF
{
	"defaultAction": "SCMP_ACT_ERRNO",
	"architectures": ["SCMP_ARCH_X86_64", "SCMP_ARCH_X86"],
	"syscalls": [
		{
			"names": ["read", "write"],
			"action": "SCMP_ACT_ALLOW"
		},
		{
			"names": ["socket"],
			"action": "SCMP_ACT_ALLOW",
			"args": [
				{"index": 0, "value": 38, "op": "SCMP_CMP_NE"}
			]
		},
		{
			"names": ["semop"],
			"action": "SCMP_ACT_ALLOW",
			"args": [
				{"index": 0, "value": 7, "op": "SCMP_CMP_EQ"}
			]
		}
	]
}
EOF
f=$tmp/mux.json
: >"$tmp/empty" # not /dev/null: a sandbox may have a file there

explain "$f" socket 38
check default-alg "$tmp/out" <<EOF
x86_64 socket (41): SCMP_ACT_ERRNO(1): default action
x86 socket (359): SCMP_ACT_ERRNO(1): default action
x86 socket through socketcall (102, call 1): SCMP_ACT_ALLOW: syscalls[1] at line 9 (socket)
EOF
check default-warning "$tmp/err" <<EOF
$f:9:3: warning: x86: socket's argument checks do not apply to socketcall(2) (SYS_SOCKET, 1): its arguments are in memory; the call is allowed unchecked (--strict-mux makes it fail closed)
$f:16:3: warning: x86: semop's argument checks do not apply to ipc(2) (SEMOP, 1): its arguments are in memory; the call is allowed unchecked (--strict-mux makes it fail closed)
EOF

explain --strict-mux "$f" socket 38
check strict-alg "$tmp/out" <<EOF
x86_64 socket (41): SCMP_ACT_ERRNO(1): default action
x86 socket (359): SCMP_ACT_ERRNO(1): default action
x86 socket through socketcall (102, call 1): SCMP_ACT_ERRNO(1): default action (--strict-mux: the entries of socket check arguments socketcall cannot see)
EOF
check strict-warning "$tmp/err" <<EOF
$f:9:3: warning: x86: socket's argument checks do not apply to socketcall(2) (SYS_SOCKET, 1): its arguments are in memory; --strict-mux gives it the default action; the direct socket keeps its checks
$f:16:3: warning: x86: semop's argument checks do not apply to ipc(2) (SEMOP, 1): its arguments are in memory; --strict-mux gives it the default action; the direct semop keeps its checks
EOF

explain --strict-mux "$f" socket 1
check strict-unix "$tmp/out" <<EOF
x86_64 socket (41): SCMP_ACT_ALLOW: syscalls[1] at line 9 (socket) where a0 != 38
x86 socket (359): SCMP_ACT_ALLOW: syscalls[1] at line 9 (socket) where a0 != 38
x86 socket through socketcall (102, call 1): SCMP_ACT_ERRNO(1): default action (--strict-mux: the entries of socket check arguments socketcall cannot see)
EOF

# the other entries stay on x86: its filter is merged into x86_64's
explain --strict-mux "$f" read
check strict-read "$tmp/out" <<EOF
x86_64 read (0): SCMP_ACT_ALLOW: syscalls[0] at line 5 (read, write)
x86 read (3): SCMP_ACT_ALLOW: syscalls[0] at line 5 (read, write)
EOF

# no multiplexing ABI, no warning
explain --arch=x86_64 "$f" socket 38
check x86_64-only "$tmp/err" <"$tmp/empty"

# A rule stricter than the default stays under --strict-mux: leaving it
# out would open the direct call too. socketcall(SYS_SOCKET) takes its
# action whatever the family, which is closed already; the program is the
# same.
cat >"$tmp/deny.json" <<EOF
{
	"defaultAction": "SCMP_ACT_ALLOW",
	"architectures": ["SCMP_ARCH_X86_64", "SCMP_ARCH_X86"],
	"syscalls": [
		{
			"names": ["socket"],
			"action": "SCMP_ACT_ERRNO",
			"args": [{"index": 0, "value": 38, "op": "SCMP_CMP_EQ"}]
		}
	]
}
EOF
g=$tmp/deny.json
for mode in --strict --strict-mux; do
	explain $mode "$g" socket 38
	check "deny$mode" "$tmp/out" <<EOF
x86_64 socket (41): SCMP_ACT_ERRNO(1): syscalls[0] at line 5 (socket) where a0 == 38
x86 socket (359): SCMP_ACT_ERRNO(1): syscalls[0] at line 5 (socket) where a0 == 38
x86 socket through socketcall (102, call 1): SCMP_ACT_ERRNO(1): syscalls[0] at line 5 (socket)
EOF
	check "deny-warning$mode" "$tmp/err" <<EOF
$g:5:3: warning: x86: socket's argument checks do not apply to socketcall(2) (SYS_SOCKET, 1): its arguments are in memory; the call takes the rule's action unchecked, stricter than the default
EOF
done
"$tool" compile -o "$tmp/deny.bpf" "$g" 2>/dev/null &&
	"$tool" compile --strict-mux -o "$tmp/deny-strict.bpf" "$g" 2>/dev/null
rc=$?
if [ $rc = 0 ] && cmp -s "$tmp/deny.bpf" "$tmp/deny-strict.bpf"; then
	passed=$((passed + 1))
else
	echo "FAIL deny compile --strict-mux: another program, or exit status $rc"
	failed=$((failed + 1))
fi

# A profile that allows socketcall by name (Docker's does) lets every
# socket call through it; --strict-mux closes that too: the attribute's
# action is stricter than the multiplexer's own rule.
cat >"$tmp/named.json" <<EOF
{
	"defaultAction": "SCMP_ACT_ERRNO",
	"architectures": ["SCMP_ARCH_X86_64", "SCMP_ARCH_X86"],
	"syscalls": [
		{
			"names": ["socket"],
			"action": "SCMP_ACT_ALLOW",
			"args": [{"index": 0, "value": 38, "op": "SCMP_CMP_NE"}]
		},
		{"names": ["socketcall"], "action": "SCMP_ACT_ALLOW"}
	]
}
EOF
h=$tmp/named.json
explain --strict-mux "$h" socket 38
check named "$tmp/out" <<EOF
x86_64 socket (41): SCMP_ACT_ERRNO(1): default action
x86 socket (359): SCMP_ACT_ERRNO(1): default action
x86 socket through socketcall (102, call 1): SCMP_ACT_ERRNO(1): default action (--strict-mux: the entries of socket check arguments socketcall cannot see)
EOF
check named-warning "$tmp/err" <<EOF
$h:5:3: warning: x86: socket's argument checks do not apply to socketcall(2) (SYS_SOCKET, 1): its arguments are in memory; --strict-mux gives it the default action; the direct socket keeps its checks
EOF

# compile warns the same; the program changes with --strict-mux only
"$tool" compile -o "$tmp/default.bpf" "$f" 2>"$tmp/err"
rc=$?
check compile-warning "$tmp/err" <<EOF
$f:9:3: warning: x86: socket's argument checks do not apply to socketcall(2) (SYS_SOCKET, 1): its arguments are in memory; the call is allowed unchecked (--strict-mux makes it fail closed)
$f:16:3: warning: x86: semop's argument checks do not apply to ipc(2) (SEMOP, 1): its arguments are in memory; the call is allowed unchecked (--strict-mux makes it fail closed)
EOF
"$tool" compile --strict-mux -o "$tmp/strict.bpf" "$f" 2>/dev/null
rc=$?
if [ $rc = 0 ] && ! cmp -s "$tmp/default.bpf" "$tmp/strict.bpf"; then
	passed=$((passed + 1))
else
	echo "FAIL compile --strict-mux: same program, or exit status $rc"
	failed=$((failed + 1))
fi

# Entries of one name that end alike share one warning (Docker's three
# socket entries gave three); -q and --no-warn=mux quiet it, the program
# is the same
cat >"$tmp/twice.json" <<EOF
{
	"defaultAction": "SCMP_ACT_ERRNO",
	"architectures": ["SCMP_ARCH_X86_64", "SCMP_ARCH_X86"],
	"syscalls": [
		{
			"names": ["socket"],
			"action": "SCMP_ACT_ALLOW",
			"args": [{"index": 0, "value": 38, "op": "SCMP_CMP_NE"}]
		},
		{
			"names": ["socket"],
			"action": "SCMP_ACT_ALLOW",
			"args": [{"index": 0, "value": 1, "op": "SCMP_CMP_EQ"}]
		},
		{
			"names": ["semop"],
			"action": "SCMP_ACT_ALLOW",
			"args": [{"index": 0, "value": 7, "op": "SCMP_CMP_EQ"}]
		}
	]
}
EOF
t=$tmp/twice.json
"$tool" compile -o "$tmp/twice.bpf" "$t" 2>"$tmp/err"
rc=$?
check once-warning "$tmp/err" <<EOF
$t:5:3: warning: x86: socket's argument checks (entries at lines 5, 10) do not apply to socketcall(2) (SYS_SOCKET, 1): its arguments are in memory; the call is allowed unchecked (--strict-mux makes it fail closed)
$t:15:3: warning: x86: semop's argument checks do not apply to ipc(2) (SEMOP, 1): its arguments are in memory; the call is allowed unchecked (--strict-mux makes it fail closed)
EOF
for quiet in -q --quiet --no-warn=mux; do
	"$tool" compile $quiet -o "$tmp/quiet.bpf" "$t" 2>"$tmp/err"
	rc=$?
	check "compile $quiet" "$tmp/err" <"$tmp/empty"
	cmp -s "$tmp/twice.bpf" "$tmp/quiet.bpf" || rc=1
	check "compile $quiet: same program" "$tmp/empty" <"$tmp/empty"
	explain $quiet "$t" socket 2
	check "explain $quiet" "$tmp/err" <"$tmp/empty"
done
"$tool" compile --no-warn=muxes -o "$tmp/quiet.bpf" "$t" 2>"$tmp/err"
rc=$?
[ $rc = 2 ] && grep -q 'unknown class "muxes" (mux)' "$tmp/err" && rc=0
check "--no-warn=muxes refused" "$tmp/empty" <"$tmp/empty"

echo "$passed passed, $failed failed"
[ $failed = 0 ]
