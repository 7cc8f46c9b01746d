#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-only
# 12-sim-tools: scmp_bpf_sim and scmp_bpf_disasm on hand-made programs.
#
# Finds the tools, in this order: $SCMP_BPF_SIM / $SCMP_BPF_DISASM (full
# paths), $TOOLS_DIR, $abs_top_builddir/tools, $top_builddir/tools,
# ${builddir:-.}/../tools (automake runs tests in tests/), ./tools.
# Exit 0 pass, 1 fail (every failed check is printed), 77 skip.

set -u

. "${srcdir:-.}/lib/tool_test.sh"

SIM=${SCMP_BPF_SIM:-$(find_tool scmp_bpf_sim)}
DISASM=${SCMP_BPF_DISASM:-$(find_tool scmp_bpf_disasm)}
if [ -z "$SIM" ] || [ -z "$DISASM" ] || [ ! -x "$SIM" ] ||
   [ ! -x "$DISASM" ]; then
	echo "FAIL: scmp_bpf_sim/scmp_bpf_disasm not found (set TOOLS_DIR)" >&2
	exit 1
fi

T=$(mktemp -d "${TMPDIR:-/tmp}/12-sim-tools.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT

# The host byte order, for the cases that rely on the default arch.
if [ "$(printf '\001\000' | od -An -tu2 | tr -d ' ')" = 1 ]; then
	NATIVE=le
else
	NATIVE=be
fi

# --- a tiny assembler: instructions go to stdout in $ENDIAN order --------
ENDIAN=le

byte() {
	# shellcheck disable=SC2059 # the format is the octal escape itself
	printf "\\$(printf '%03o' "$1")"
}

insn() { # CODE JT JF K
	c=$(($1))
	k=$(($4 & 0xffffffff))
	if [ "$ENDIAN" = be ]; then
		byte $((c >> 8 & 255)); byte $((c & 255))
	else
		byte $((c & 255)); byte $((c >> 8 & 255))
	fi
	byte $(($2)); byte $(($3))
	if [ "$ENDIAN" = be ]; then
		byte $((k >> 24 & 255)); byte $((k >> 16 & 255))
		byte $((k >> 8 & 255)); byte $((k & 255))
	else
		byte $((k & 255)); byte $((k >> 8 & 255))
		byte $((k >> 16 & 255)); byte $((k >> 24 & 255))
	fi
}

ld() { insn 0x20 0 0 "$1"; }		# ld [k]
ret() { insn 0x06 0 0 "$1"; }		# ret #k
jeq() { insn 0x15 "$2" "$3" "$1"; }	# jeq #k, jt, jf
ja() { insn 0x05 0 0 "$1"; }

ALLOW=0x7fff0000
KILL=0
ERRNO=0x50000
X86_64=0xc000003e
X86=0x40000003

# Repeat file $2 $1 times into $3 (by doubling: thousands of insns fast).
repeat() {
	n=$1
	cp "$2" "$T/rep.chunk"
	: > "$3"
	while [ "$n" -gt 0 ]; do
		if [ $((n % 2)) -eq 1 ]; then
			cat "$T/rep.chunk" >> "$3"
		fi
		cat "$T/rep.chunk" "$T/rep.chunk" > "$T/rep.next"
		mv "$T/rep.next" "$T/rep.chunk"
		n=$((n / 2))
	done
}

# expect_err TEXT: the last expect's stderr contains TEXT.
expect_err() {
	checks=$((checks + 1))
	if ! grep -F -q -- "$1" "$T/stderr"; then
		fail "stderr lacks \"$1\": $(cat "$T/stderr")"
	fi
}

# --- 1. every action string ---------------------------------------------
for pair in 0x80000000:KILL_PROCESS 0:KILL 0x30000:TRAP 0x50005:'ERRNO(5)' \
	    0x50000:'ERRNO(0)' 0x7ff00007:'TRACE(7)' 0x7ffc0000:LOG \
	    0x7fff0000:ALLOW 0x7fc00000:NOTIFY 0x0000beef:KILL; do
	ret "${pair%%:*}" > "$T/act.bpf"
	expect "${pair#*:}" 0 "$SIM" -a x86_64 -f "$T/act.bpf"
done
ret 0x12340000 > "$T/act.bpf"
expect "" 8 "$SIM" -a x86_64 -f "$T/act.bpf"
expect_err "ERROR"
expect "" 8 "$SIM" -v -a x86_64 -f "$T/act.bpf"
expect_err "unknown action 0x12340000"

# --- 2. arch dispatch, both byte orders -----------------------------------
dispatch() { # TOKEN1 TOKEN2 TOKEN3 -> ERRNO(1..3), else KILL
	ld 4
	jeq "$1" 0 1; ret $((ERRNO | 1))
	jeq "$2" 0 1; ret $((ERRNO | 2))
	jeq "$3" 0 1; ret $((ERRNO | 3))
	ret $KILL
}
ENDIAN=le dispatch $X86_64 $X86 0x40000028 > "$T/le.bpf"
ENDIAN=be dispatch 0x80000015 0x80000016 8 > "$T/be.bpf"
expect "ERRNO(1)" 0 "$SIM" -a x86_64 -f "$T/le.bpf"
expect "ERRNO(1)" 0 "$SIM" -a x32 -f "$T/le.bpf"    # x32 reports x86_64
expect "ERRNO(2)" 0 "$SIM" -a x86 -f "$T/le.bpf"
expect "ERRNO(3)" 0 "$SIM" -a arm -f "$T/le.bpf"
expect "KILL" 0 "$SIM" -a aarch64 -f "$T/le.bpf"
expect "KILL" 0 "$SIM" -a sh -f "$T/le.bpf"         # sh is little-endian
expect "" 14 "$SIM" -a sheb -f "$T/le.bpf"          # swapped opcodes
expect "" 14 "$SIM" -a ppc64 -f "$T/le.bpf"
expect_err "FAULT"
expect "ERRNO(1)" 0 "$SIM" -a ppc64 -f "$T/be.bpf"
expect "ERRNO(2)" 0 "$SIM" -a s390x -f "$T/be.bpf"
expect "ERRNO(3)" 0 "$SIM" -a mips -f "$T/be.bpf"
expect "KILL" 0 "$SIM" -a m68k -f "$T/be.bpf"
expect "KILL" 0 "$SIM" -a sheb -f "$T/be.bpf"
expect "" 14 "$SIM" -a ppc64le -f "$T/be.bpf"
expect "" 14 "$SIM" -a mipsel -f "$T/be.bpf"
# Go's names (GOARCH) too, as Docker's profiles write them
expect "ERRNO(1)" 0 "$SIM" -a amd64 -f "$T/le.bpf"
expect "ERRNO(2)" 0 "$SIM" -a 386 -f "$T/le.bpf"
expect "KILL" 0 "$SIM" -a arm64 -f "$T/le.bpf"
expect "ERRNO(3)" 0 "$SIM" -a mips -f "$T/be.bpf"
# The default arch is the host's.
ENDIAN=$NATIVE dispatch $X86_64 0xc00000b7 0xc0000015 > "$T/nat.bpf"
case "$(uname -m)" in
x86_64) expect "ERRNO(1)" 0 "$SIM" -f "$T/nat.bpf" ;;
aarch64) expect "ERRNO(2)" 0 "$SIM" -f "$T/nat.bpf" ;;
ppc64le) expect "ERRNO(3)" 0 "$SIM" -f "$T/nat.bpf" ;;
esac

# --- 3. where the halves of 64-bit fields sit -----------------------------
words() { # OFF LO HI: ld [OFF]; == LO -> ERRNO(10); == HI -> ERRNO(11)
	ld "$1"
	jeq "$2" 0 1; ret $((ERRNO | 10))
	jeq "$3" 0 1; ret $((ERRNO | 11))
	ret $KILL
}
for e in le be; do
	for off in 8 12 16 20 24 28 56 60; do
		ENDIAN=$e words $off 0x22222222 0x11111111 > "$T/w$e$off.bpf"
	done
done
A=0x1111111122222222
for a in x86_64:le x86:le s390x:be ppc:be; do
	n=${a%%:*}
	e=${a#*:}
	lo="ERRNO(10)" hi="ERRNO(11)"
	if [ "$e" = be ]; then lo="ERRNO(11)" hi="ERRNO(10)"; fi
	expect "$lo" 0 "$SIM" -a "$n" -f "$T/w${e}16.bpf" -0 $A
	expect "$hi" 0 "$SIM" -a "$n" -f "$T/w${e}20.bpf" -0 $A
	expect "$lo" 0 "$SIM" -a "$n" -f "$T/w${e}24.bpf" -1 $A
	expect "$hi" 0 "$SIM" -a "$n" -f "$T/w${e}28.bpf" -1 $A
	expect "$lo" 0 "$SIM" -a "$n" -f "$T/w${e}56.bpf" -5 $A
	expect "$hi" 0 "$SIM" -a "$n" -f "$T/w${e}60.bpf" -5 $A
	expect "$lo" 0 "$SIM" -a "$n" -f "$T/w${e}8.bpf" -i $A
	expect "$hi" 0 "$SIM" -a "$n" -f "$T/w${e}12.bpf" -i $A
	expect "KILL" 0 "$SIM" -a "$n" -f "$T/w${e}16.bpf" -1 $A
done

# --- 4. numbers: negative, hex, 64-bit, out of range -----------------------
{ ld 0; jeq 0xffffffff 0 1; ret $ALLOW; ret $KILL; } > "$T/nr.bpf"
expect "ALLOW" 0 "$SIM" -a x86_64 -f "$T/nr.bpf" -s -1
expect "ALLOW" 0 "$SIM" -a x86_64 -f "$T/nr.bpf" -s 4294967295
expect "ALLOW" 0 "$SIM" -a x86_64 -f "$T/nr.bpf" -s 0xffffffff
expect "KILL" 0 "$SIM" -a x86_64 -f "$T/nr.bpf" -s -2
expect "KILL" 0 "$SIM" -a x86_64 -f "$T/nr.bpf"
expect "" 22 "$SIM" -a x86_64 -f "$T/nr.bpf" -s 4294967296
expect "" 22 "$SIM" -a x86_64 -f "$T/nr.bpf" -s -2147483649
expect "" 22 "$SIM" -a x86_64 -f "$T/nr.bpf" -s abc
expect "" 22 "$SIM" -a x86_64 -f "$T/nr.bpf" -s 12x
{ ld 16; jeq 0xffffffff 0 3; ld 20; jeq 0xffffffff 0 1; \
  ret $ALLOW; ret $KILL; } > "$T/a0.bpf"
expect "ALLOW" 0 "$SIM" -a x86_64 -f "$T/a0.bpf" -0 -1
expect "ALLOW" 0 "$SIM" -a x86_64 -f "$T/a0.bpf" -0 0xffffffffffffffff
expect "ALLOW" 0 "$SIM" -a x86_64 -f "$T/a0.bpf" -0 18446744073709551615
expect "KILL" 0 "$SIM" -a x86_64 -f "$T/a0.bpf" -0 4294967295
expect "KILL" 0 "$SIM" -a x86_64 -f "$T/a0.bpf" -0 -4294967296
expect "" 22 "$SIM" -a x86_64 -f "$T/a0.bpf" -0 18446744073709551616
expect "" 22 "$SIM" -a x86_64 -f "$T/a0.bpf" -0 ' 1'

# --- 5. jumps, including a ja past 8-bit reach, and -c ---------------------
ret $KILL > "$T/kill.bpf"
repeat 300 "$T/kill.bpf" "$T/kills.bpf"
{ ja 300; cat "$T/kills.bpf"; ret $ALLOW; } > "$T/longja.bpf"
expect "ALLOW
insns: 2" 0 "$SIM" -c -a x86_64 -f "$T/longja.bpf"
repeat 255 "$T/kill.bpf" "$T/k255.bpf"
{ ld 0; jeq 7 255 0; cat "$T/k255.bpf"; ret $((ERRNO | 9)); } > "$T/far.bpf"
expect "ERRNO(9)
insns: 3" 0 "$SIM" -c -a x86_64 -s 7 -f "$T/far.bpf"
expect "KILL
insns: 3" 0 "$SIM" -c -a x86_64 -s 8 -f "$T/far.bpf"

# --- 6. the verifier, through the simulator's exit codes -----------------
# Each: program, then the reason -v must name.
check_reject() { # FILE RC REASON
	expect "" "$2" "$SIM" -a x86_64 -f "$1"
	[ "$2" = 14 ] && expect_err "instruction ${3#line = }"
	expect "" "$2" "$SIM" -v -a x86_64 -f "$1"
	expect_err "$3"
}
{ jeq 0 5 0; ret $ALLOW; } > "$T/r.bpf"
check_reject "$T/r.bpf" 14 "line = 0: jump target out of range"
{ ja 1; ret $ALLOW; } > "$T/r.bpf"
check_reject "$T/r.bpf" 14 "line = 0: jump target out of range"
{ ret $ALLOW; insn 0x00 0 0 1; } > "$T/r.bpf"
check_reject "$T/r.bpf" 8 "line = 1: last instruction is not a return"
{ ld 2; ret $ALLOW; } > "$T/r.bpf"
check_reject "$T/r.bpf" 14 "line = 0: load offset not 4-byte aligned"
{ ld 64; ret $ALLOW; } > "$T/r.bpf"
check_reject "$T/r.bpf" 14 "line = 0: load offset outside seccomp_data"
{ insn 0x00 0 0 9; insn 0x94 0 0 2; ret $ALLOW; } > "$T/r.bpf"
check_reject "$T/r.bpf" 14 "line = 1: opcode not permitted"
{ insn 0x28 0 0 0; ret $ALLOW; } > "$T/r.bpf"
check_reject "$T/r.bpf" 14 "line = 0: opcode not permitted"
{ insn 0x02 0 0 1; insn 0x60 0 0 0; ret $ALLOW; } > "$T/r.bpf"
check_reject "$T/r.bpf" 14 "line = 1: scratch memory may be read before written"
{ insn 0x02 0 0 16; ret $ALLOW; } > "$T/r.bpf"
check_reject "$T/r.bpf" 14 "line = 0: scratch memory index out of range"
{ insn 0x34 0 0 0; ret $ALLOW; } > "$T/r.bpf"
check_reject "$T/r.bpf" 14 "line = 0: division by constant zero"
{ insn 0x64 0 0 32; ret $ALLOW; } > "$T/r.bpf"
check_reject "$T/r.bpf" 14 "line = 0: constant shift of 32 bits or more"
ret $ALLOW > "$T/allow.bpf"
repeat 4096 "$T/allow.bpf" "$T/4096.bpf"
expect "ALLOW" 0 "$SIM" -a x86_64 -f "$T/4096.bpf"
cat "$T/4096.bpf" "$T/allow.bpf" > "$T/4097.bpf"
expect "" 14 "$SIM" -a x86_64 -f "$T/4097.bpf"
expect_err "FAULT"
head -c 7 "$T/allow.bpf" > "$T/7.bpf"
expect "" 14 "$SIM" -a x86_64 -f "$T/7.bpf"
expect_err "7.bpf: not a seccomp program: its size is not a positive multiple of 8"
: > "$T/empty.bpf"
expect "" 14 "$SIM" -a x86_64 -f "$T/empty.bpf"
expect_err "empty.bpf: not a seccomp program"
expect "" 14 "$SIM" -a x86_64 -f "$T/does-not-exist.bpf"
expect_err "does-not-exist.bpf: No such file or directory"
expect_err "FAULT"
# The simulator accepts the full seccomp instruction set.
{ insn 0x01 0 0 6; insn 0x80 0 0 0; insn 0x3c 0 0 0; insn 0x02 0 0 3; \
  insn 0x61 0 0 3; insn 0x87 0 0 0; insn 0x4d 1 0 0; ret $KILL; \
  insn 0x44 0 0 $ERRNO; insn 0x16 0 0 0; } > "$T/full.bpf"
expect "ERRNO(10)" 0 "$SIM" -a x86_64 -f "$T/full.bpf"

# --- 7. usage and fault exit codes ---------------------------------------
# each error names its problem; -h and --help print the usage, exit 0
expect "" 22 "$SIM"
expect_err "no filter: -f FILE"
for h in -h --help; do
	checks=$((checks + 1))
	"$SIM" $h > "$T/help" 2>&1 || fail "$h: exit $?"
	grep -q "^usage: .*-f <bpf_file>" "$T/help" || fail "$h: no usage"
	grep -q "exit 22 for a usage error" "$T/help" || fail "$h: no exit codes"
done
expect "" 22 "$SIM" -x -f "$T/allow.bpf"
expect_err "usage:"
expect "" 22 "$SIM" -a x86_64
expect "" 22 "$SIM" -f "$T/allow.bpf" extra
expect_err "unexpected argument: extra"
expect "" 22 "$SIM" -a x86_64 -f "$T/allow.bpf" -s no_such_call
expect_err "-s: no syscall \"no_such_call\" on x86_64"
expect "" 22 "$SIM" -a x86_64 -f "$T/allow.bpf" -3 12x
expect_err "-3: not a 64-bit number: 12x"
expect "" 22 "$SIM" -a x86_64 -f "$T/allow.bpf" -i 1-
expect_err "-i: not a 64-bit number: 1-"
expect "" 14 "$SIM" -a i386 -f "$T/allow.bpf"
expect_err "-a: unknown architecture \"i386\""
expect "" 14 "$SIM" -f "$T/allow.bpf" -f "$T/allow.bpf"
expect_err "-f: one filter only"
expect "" 14 "$SIM" -v -a x86_64 -f "$T/does-not-exist.bpf"
expect_err "FAULT: errno = 2"

# --- 8. the disassembler --------------------------------------------------
prog_all() { # one of everything; line numbers are in the golden text below
	ld 4					# 0
	jeq $X86_64 0 26			# 1 -> 2 / 28
	ld 0					# 2
	insn 0x25 0 1 10			# 3 jgt
	insn 0x3d 0 0 0				# 4 jge x
	insn 0x45 0 0 0xf0			# 5 jset
	insn 0x80 0 0 0				# 6 ld len
	insn 0x81 0 0 0				# 7 ldx len
	insn 0x00 0 0 7				# 8 ld #
	insn 0x01 0 0 3				# 9 ldx #
	insn 0x02 0 0 1				# 10 st
	insn 0x03 0 0 2				# 11 stx
	insn 0x60 0 0 1				# 12 ld M
	insn 0x61 0 0 2				# 13 ldx M
	insn 0x04 0 0 1				# 14 add
	insn 0x1c 0 0 0				# 15 sub x
	insn 0x24 0 0 3				# 16 mul
	insn 0x34 0 0 2				# 17 div
	insn 0x54 0 0 0xff			# 18 and
	insn 0x44 0 0 0x100			# 19 or
	insn 0xa4 0 0 0xf			# 20 xor
	insn 0x64 0 0 4				# 21 lsh
	insn 0x7c 0 0 0				# 22 rsh x
	insn 0x84 0 0 0				# 23 neg
	insn 0x07 0 0 0				# 24 tax
	insn 0x87 0 0 0				# 25 txa
	insn 0x94 0 0 3				# 26 mod (not seccomp)
	ja 8					# 27 -> 36
	ret 0x80000000				# 28
	ret 0x30000				# 29
	ret 0x50005				# 30
	ret 0x7ff00007				# 31
	ret 0x7ffc0000				# 32
	ret 0x7fc00000				# 33
	ret 0x12340000				# 34
	insn 0x28 0 0 0				# 35 ldh: not seccomp
	insn 0x16 0 0 0				# 36 ret a
}
cat > "$T/golden" <<'EOF'
 line  OP   JT   JF   K
=================================
 0000: 0x20 0x00 0x00 0x00000004   ld  $data[4]
 0001: 0x15 0x00 0x1a 0xc000003e   jeq 3221225534 true:0002 false:0028
 0002: 0x20 0x00 0x00 0x00000000   ld  $data[0]
 0003: 0x25 0x00 0x01 0x0000000a   jgt 10 true:0004 false:0005
 0004: 0x3d 0x00 0x00 0x00000000   jge x true:0005 false:0005
 0005: 0x45 0x00 0x00 0x000000f0   jset 0x000000f0 true:0006 false:0006
 0006: 0x80 0x00 0x00 0x00000000   ld  $len
 0007: 0x81 0x00 0x00 0x00000000   ldx $len
 0008: 0x00 0x00 0x00 0x00000007   ld  #7
 0009: 0x01 0x00 0x00 0x00000003   ldx #3
 0010: 0x02 0x00 0x00 0x00000001   st  M[1]
 0011: 0x03 0x00 0x00 0x00000002   stx M[2]
 0012: 0x60 0x00 0x00 0x00000001   ld  M[1]
 0013: 0x61 0x00 0x00 0x00000002   ldx M[2]
 0014: 0x04 0x00 0x00 0x00000001   add 1
 0015: 0x1c 0x00 0x00 0x00000000   sub x
 0016: 0x24 0x00 0x00 0x00000003   mul 3
 0017: 0x34 0x00 0x00 0x00000002   div 2
 0018: 0x54 0x00 0x00 0x000000ff   and 0x000000ff
 0019: 0x44 0x00 0x00 0x00000100   or  0x00000100
 0020: 0xa4 0x00 0x00 0x0000000f   xor 0x0000000f
 0021: 0x64 0x00 0x00 0x00000004   lsh 4
 0022: 0x7c 0x00 0x00 0x00000000   rsh x
 0023: 0x84 0x00 0x00 0x00000000   neg
 0024: 0x07 0x00 0x00 0x00000000   tax
 0025: 0x87 0x00 0x00 0x00000000   txa
 0026: 0x94 0x00 0x00 0x00000003   mod 3
 0027: 0x05 0x00 0x00 0x00000008   ja  0036
 0028: 0x06 0x00 0x00 0x80000000   ret KILL_PROCESS
 0029: 0x06 0x00 0x00 0x00030000   ret TRAP
 0030: 0x06 0x00 0x00 0x00050005   ret ERRNO(5)
 0031: 0x06 0x00 0x00 0x7ff00007   ret TRACE(7)
 0032: 0x06 0x00 0x00 0x7ffc0000   ret LOG
 0033: 0x06 0x00 0x00 0x7fc00000   ret NOTIFY
 0034: 0x06 0x00 0x00 0x12340000   ret 0x12340000
 0035: 0x28 0x00 0x00 0x00000000   ???
 0036: 0x16 0x00 0x00 0x00000000   ret a
EOF
ENDIAN=le prog_all > "$T/all-le.bpf"
ENDIAN=be prog_all > "$T/all-be.bpf"
ENDIAN=$NATIVE prog_all > "$T/all-native.bpf"
golden() { # WHAT INPUT CMD...: stdout must equal $T/golden byte for byte
	what=$1
	input=$2
	shift 2
	checks=$((checks + 1))
	"$@" < "$input" > "$T/out" 2> "$T/stderr"
	rc=$?
	if [ "$rc" != 0 ] || ! cmp -s "$T/out" "$T/golden"; then
		fail "$what: rc $rc, output differs from golden:"
		diff "$T/golden" "$T/out" >&2
	fi
}
# -n: libseccomp's listing, no names (86-tool-disasm checks the names)
golden "disasm -n -a x86_64 < le" "$T/all-le.bpf" "$DISASM" -n -a x86_64
golden "disasm -a x86_64 -n FILE" /dev/null "$DISASM" -a x86_64 -n \
	"$T/all-le.bpf"
golden "disasm -n -a s390x FILE" /dev/null "$DISASM" -n -a s390x \
	"$T/all-be.bpf"
golden "disasm -n -a sheb FILE" /dev/null "$DISASM" -n -a sheb "$T/all-be.bpf"
golden "disasm -n (native) < native" "$T/all-native.bpf" "$DISASM" -n
golden "disasm -n - < native" "$T/all-native.bpf" "$DISASM" -n -
golden "disasm --numeric --arch=ppc < be" "$T/all-be.bpf" "$DISASM" \
	--numeric --arch=ppc

{ ld 0; jeq 3 0 1; ret $ALLOW; ret $KILL; } > "$T/small.bpf"
cat > "$T/golden" <<'EOF'
digraph bpf {
	node [shape=box, fontname="monospace"];
	n0000 [label="0000: ld  $data[0]"];
	n0000 -> n0001;
	n0001 [label="0001: jeq 3"];
	n0001 -> n0002 [label="true"];
	n0001 -> n0003 [label="false"];
	n0002 [label="0002: ret ALLOW", shape=ellipse];
	n0003 [label="0003: ret KILL", shape=ellipse];
}
EOF
golden "disasm -n -d" /dev/null "$DISASM" -n -d -a x86_64 "$T/small.bpf"

expect "" 22 "$DISASM" -h
expect "" 22 "$DISASM" -a nosucharch "$T/small.bpf"
expect "" 22 "$DISASM" "$T/small.bpf" "$T/small.bpf"
expect "" 14 "$DISASM" -a x86_64 "$T/7.bpf"
expect "" 14 "$DISASM" -a x86_64 "$T/does-not-exist.bpf"
expect "" 14 "$DISASM" -a x86_64 "$T/4097.bpf"

# --- 9. the action-cache report --------------------------------------------
cache_prog() { # ARGCHECK: 1 makes syscall 2 depend on arg0
	ld 4					# 0
	jeq $X86_64 0 11			# 1 -> 2 / 13 KILL
	ld 0					# 2
	insn 0x35 9 0 0x40000000		# 3 jge: x32 -> 13 KILL
	jeq 0 7 0				# 4 -> 12 ALLOW
	jeq 1 6 0				# 5
	jeq 3 5 0				# 6
	jeq 5 4 0				# 7
	jeq 2 0 2				# 8 -> 9 / 11 ERRNO
	if [ "$1" = 1 ]; then ld 16; else ja 2; fi	# 9
	jeq 0 1 0				# 10 -> 12 / 11
	ret $((ERRNO | 1))			# 11
	ret $ALLOW				# 12
	ret $KILL				# 13
}
ENDIAN=le cache_prog 0 > "$T/noargs.bpf"
ENDIAN=le cache_prog 1 > "$T/args.bpf"
ENDIAN=$NATIVE cache_prog 0 > "$T/noargs-native.bpf"
# The programs themselves behave as intended.
expect "ALLOW" 0 "$SIM" -a x86_64 -s 2 -f "$T/noargs.bpf"
expect "ALLOW" 0 "$SIM" -a x86_64 -s 2 -f "$T/args.bpf"
expect "ALLOW" 0 "$SIM" -a x86_64 -s 2 -0 0 -f "$T/args.bpf"
expect "ERRNO(1)" 0 "$SIM" -a x86_64 -s 2 -0 1 -f "$T/args.bpf"
expect "ERRNO(1)" 0 "$SIM" -a x86_64 -s 4 -f "$T/args.bpf"
expect "KILL" 0 "$SIM" -a x86_64 -s 0x40000001 -f "$T/args.bpf"
expect "x86_64: 0-3,5 (5 syscalls)
x32: none (0 syscalls)" 0 "$DISASM" -c -a x86_64 "$T/noargs.bpf"
expect "x86_64: 0-1,3,5 (4 syscalls)
x32: none (0 syscalls)" 0 "$DISASM" --cache -a x86_64 "$T/args.bpf"
expect "x86_64: 0-1 (2 syscalls)" 0 "$DISASM" -c -a x86_64 -r 0-2 "$T/args.bpf"
expect "x86_64: 3 (1 syscall)" 0 \
	"$DISASM" -c -a x86_64 --range 2-3 "$T/args.bpf"
expect "x32: none (0 syscalls)" 0 "$DISASM" -c -a x32 "$T/noargs.bpf"
expect "x86_64: 0-3,5 (5 syscalls)
x32: none (0 syscalls)" 0 "$DISASM" -c "$T/noargs-native.bpf"
expect "" 22 "$DISASM" -r 0-2 "$T/args.bpf"
expect "" 22 "$DISASM" -c -r 5-2 "$T/args.bpf"
expect "" 22 "$DISASM" -c -d "$T/args.bpf"
expect "" 14 "$DISASM" -c -a x86_64 "$T/r.bpf"
expect_err "invalid seccomp filter"
# Two arch blocks (x86_64, x86) found without -a; one x32 call allowed.
two() {
	ld 4
	jeq $X86_64 0 2				# 1 -> 2 / 4
	ld 0
	jeq 0x40000001 3 4			# 3 -> 7 ALLOW / 8 KILL
	jeq $X86 0 3				# 4 -> 5 / 8
	ld 0
	jeq 7 0 1				# 6 -> 7 / 8
	ret $ALLOW
	ret $KILL
}
ENDIAN=$NATIVE two > "$T/two.bpf"
ENDIAN=le two > "$T/two-le.bpf"
expect "x86_64: none (0 syscalls)
x32: 1073741825 (1 syscall)
x86: 7 (1 syscall)" 0 "$DISASM" -c "$T/two.bpf"
expect "x86: 7 (1 syscall)" 0 "$DISASM" -c -a x86 "$T/two-le.bpf"
# MIPS numbers start at 4000 (o32), so the default scan starts there.
ENDIAN=be
{ ld 4; jeq 8 0 3; ld 0; jeq 4003 0 1; ret $ALLOW; ret $KILL; } > "$T/mips.bpf"
ENDIAN=le
expect "mips: 4003 (1 syscall)" 0 "$DISASM" -c -a mips "$T/mips.bpf"
expect "mips: none (0 syscalls)" 0 "$DISASM" -c -a mips -r 0-1023 "$T/mips.bpf"

echo "12-sim-tools: $checks checks, $fails failed"
[ "$fails" -eq 0 ] || exit 1
exit 0
