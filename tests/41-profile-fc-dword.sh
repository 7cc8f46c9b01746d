#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-only
# 41-profile-fc-dword: Firecracker's "dword" conditions are SCMP_CMP_32BIT comparisons with every operator, and explain, the listing and the diff show them as such.
#
# seccompiler's dword tests the argument's low 32 bits alone, its qword
# all 64. A file with one rule per operator on a dword (and a qword ne
# beside them) is explained with arguments whose high half is dirty: on
# the 64-bit ABIs the verdict follows the low word and the rule reads
# "a0.lo32 != 16", on x86 (32-bit arguments) "a0 != 16". Then the
# program's listing names the 32-bit test, and scmp_bpf_diff of the qword
# and dword forms of one rule gives the region they differ in. The real
# Firecracker policies (../shared/data, or $SHARED_DATA) are explained
# with a dirty high word too when they are there.

test_name=profile-fc-dword
. "${srcdir:-.}/lib/profile_test.sh"
data=${SHARED_DATA:-${top_srcdir:-..}/../shared/data}
bpf_tools=${top_builddir:-..}/tools

cat >"$tmp/fc.json" <<'EOF'
{
	"main": {
		"default_action": "kill_process",
		"filter_action": "allow",
		"filter": [
			{"syscall": "read", "args": [{"index": 0, "type": "dword", "op": "ne", "val": 16}]},
			{"syscall": "write", "args": [{"index": 0, "type": "dword", "op": "lt", "val": 16}]},
			{"syscall": "close", "args": [{"index": 0, "type": "dword", "op": "le", "val": 16}]},
			{"syscall": "fsync", "args": [{"index": 0, "type": "dword", "op": "gt", "val": 16}]},
			{"syscall": "fdatasync", "args": [{"index": 0, "type": "dword", "op": "ge", "val": 16}]},
			{"syscall": "ioctl", "args": [{"index": 1, "type": "dword", "op": "eq", "val": 44672}]},
			{"syscall": "fcntl", "args": [{"index": 1, "type": "dword", "op": {"masked_eq": 255}, "val": 3}]},
			{"syscall": "lseek", "args": [{"index": 0, "type": "qword", "op": "ne", "val": 16}]}
		]
	}
}
EOF

# explain NAME ACTION LINE ARCHES SYSCALL ARG...: the action on every ABI
# of ARCHES, and LINE (if not empty) among the lines printed
explain() {
	name=$1 action=$2 line=$3 arches=$4
	shift 4
	"$tool" explain --arch "$arches" --expect "$action" "$tmp/fc.json" \
		"$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	why=""
	[ $rc = 0 ] || why="exit status $rc: $(cat "$tmp/out")"
	[ -z "$line" ] || grep -qxF -- "$line" "$tmp/out" ||
		why="$why; no line \"$line\" in: $(cat "$tmp/out")"
	verdict "$name" "$why"
}

all=x86_64,aarch64,x86
explain ne-dirty ALLOW \
	'x86_64 read (0): SCMP_ACT_ALLOW: main.filter[0] at line 6 (read) where a0.lo32 != 16' \
	$all read 0xffffffff00000001
explain ne-x86 ALLOW \
	'x86 read (3): SCMP_ACT_ALLOW: main.filter[0] at line 6 (read) where a0 != 16' \
	$all read 0xffffffff00000001
explain ne-low-equal KILL_PROCESS \
	'aarch64 read (63): SCMP_ACT_KILL_PROCESS: default action' \
	$all read 0xffffffff00000010
explain lt ALLOW \
	'x86_64 write (1): SCMP_ACT_ALLOW: main.filter[1] at line 7 (write) where a0.lo32 < 16' \
	$all write 0x100000005
explain lt-low-equal KILL_PROCESS '' $all write 16
explain le ALLOW '' $all close 0xffffffff00000010
explain gt-dirty-low-equal KILL_PROCESS '' $all fsync 0xffffffff00000010
explain gt ALLOW \
	'x86_64 fsync (74): SCMP_ACT_ALLOW: main.filter[3] at line 9 (fsync) where a0.lo32 > 16' \
	$all fsync 0x11
explain ge ALLOW '' $all fdatasync 0x1000000010
explain ge-low-below KILL_PROCESS '' $all fdatasync 0x100000005
explain eq-dirty ALLOW \
	'x86_64 ioctl (16): SCMP_ACT_ALLOW: main.filter[5] at line 11 (ioctl) where a1.lo32 == 44672' \
	$all ioctl 3 0xffffffff0000ae80
explain masked-dirty ALLOW \
	'x86_64 fcntl (72): SCMP_ACT_ALLOW: main.filter[6] at line 12 (fcntl) where a1.lo32 & 0xff == 0x3' \
	$all fcntl 0 0xffffffff00001203
# a qword keeps all 64 bits
explain qword-high-differs ALLOW \
	'x86_64 lseek (8): SCMP_ACT_ALLOW: main.filter[7] at line 13 (lseek) where a0 != 16' \
	x86_64,aarch64 lseek 0x100000010
explain qword-equal KILL_PROCESS '' x86_64,aarch64 lseek 16

# has NAME FILE TEXT: FILE holds the line TEXT
has() {
	why=""
	grep -qxF -- "$3" "$2" || why="no line \"$3\" in: $(cat "$2")"
	verdict "$1" "$why"
}

# The listing of the program: the 32-bit tests named (read's is code it
# shares with lseek's 64-bit test, where the low half is one of both).
if "$tool" compile --arch x86_64 -f disasm -o "$tmp/fc.txt" "$tmp/fc.json" 2>"$tmp/err"; then
	sed -n 's/.* # //p' "$tmp/fc.txt" >"$tmp/notes"
	has listing-load "$tmp/notes" 'fsync args[0] low alone'
	has listing-gt "$tmp/notes" 'a0.lo32 > 16'
	has listing-ge "$tmp/notes" 'a0.lo32 >= 16'
	has listing-masked "$tmp/notes" 'a1.lo32 & 0xff == 3'
	has listing-qword "$tmp/notes" 'lseek args[0] high'
else
	verdict listing "compile -f disasm failed"
fi

# The diff of the qword and the dword forms of read's rule: where the
# high half is not 0 and the low one 16, the dword kills.
sed 's/"type": "dword", "op": "ne"/"type": "qword", "op": "ne"/' \
	"$tmp/fc.json" >"$tmp/fcq.json"
if "$tool" compile --arch x86_64 -o "$tmp/d.bpf" "$tmp/fc.json" 2>"$tmp/err" &&
	"$tool" compile --arch x86_64 -o "$tmp/q.bpf" "$tmp/fcq.json" 2>"$tmp/err"; then
	"$bpf_tools/scmp_bpf_diff" -a x86_64 "$tmp/q.bpf" "$tmp/d.bpf" >"$tmp/diff" 2>"$tmp/err"
	rc=$?
	if [ $rc = 77 ] || grep -q "without Z3" "$tmp/err"; then
		echo "note: scmp_bpf_diff without Z3: the diff not checked"
	else
		has diff-region "$tmp/diff" 'x86_64 read (0) a0.hi32 >= 1 && a0.lo32 == 16: ALLOW -> KILL_PROCESS'
	fi
else
	verdict diff "compile failed"
fi

# The real policies: a dword's dirty high word changes nothing.
real=$data/firecracker-x86_64-musl-seccomp.json
if [ -r "$real" ]; then
	"$tool" explain --arch x86_64 --filter vcpu --expect ALLOW "$real" \
		ioctl 0 0xffffffff0000ae80 >"$tmp/out" 2>"$tmp/err"
	rc=$?
	why=""
	[ $rc = 0 ] || why="exit status $rc"
	grep -q "^x86_64 ioctl (16): SCMP_ACT_ALLOW: vcpu.filter\[.* where a1.lo32 == 44672$" "$tmp/out" ||
		why="$why; not the KVM_RUN rule: $(cat "$tmp/out")"
	verdict real-fc-dirty-kvm-run "$why"
else
	echo "note: no $real: the real policies not checked"
fi

echo "$passed passed, $failed failed"
[ $failed = 0 ]
