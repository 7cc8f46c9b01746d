#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-only
# 86-tool-disasm: the names of scmp_bpf_disasm's listing and graph, and scmp_bpf_sim -s NAME.
#
# Known answers for small hand-made filters: the listing's annotations
# (loads, ABIs, syscalls, the x32 bit, errnos, both byte orders), the
# graph of each ABI (the arch fixed, the number tests collapsed, argument
# checks named), syscall names for scmp_bpf_sim -s, the bad-input rows;
# scmp_profile compile --graph-arch where scmp_profile is built, and
# dot(1) reading the graphs where Graphviz is installed. The tools are
# found as 12-sim-tools finds them. Exit 0 pass, 1 fail, 77 skip.

set -u

. "${srcdir:-.}/lib/tool_test.sh"

SIM=${SCMP_BPF_SIM:-$(find_tool scmp_bpf_sim)}
DISASM=${SCMP_BPF_DISASM:-$(find_tool scmp_bpf_disasm)}
PROFILE=$(find_tool scmp_profile)
if [ -z "$SIM" ] || [ -z "$DISASM" ]; then
	echo "FAIL: scmp_bpf_sim/scmp_bpf_disasm not found (set TOOLS_DIR)" >&2
	exit 1
fi

T=$(mktemp -d "${TMPDIR:-/tmp}/86-tool-disasm.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT

# --- a tiny assembler: instructions to stdout in $ENDIAN order -----------
ENDIAN=le
byte() {
	# shellcheck disable=SC2059 # the format is the octal escape itself
	printf "\\$(printf '%03o' "$1")"
}
word() { # VALUE BYTES: big- or little-endian as $ENDIAN says
	if [ "$ENDIAN" = be ]; then
		i=$(($2 - 1))
		while [ $i -ge 0 ]; do byte $(($1 >> (8 * i) & 255)); i=$((i - 1)); done
	else
		i=0
		while [ $i -lt "$2" ]; do byte $(($1 >> (8 * i) & 255)); i=$((i + 1)); done
	fi
}
insn() { word $(($1)) 2; byte $(($2)); byte $(($3)); word $(($4 & 0xffffffff)) 4; }
ld() { insn 0x20 0 0 "$1"; }		# ld [k]
ret() { insn 0x06 0 0 "$1"; }		# ret #k
jeq() { insn 0x15 "$2" "$3" "$1"; }	# jeq #k, jt, jf
jge() { insn 0x35 "$2" "$3" "$1"; }	# jge #k, jt, jf
jset() { insn 0x45 "$2" "$3" "$1"; }	# jset #k, jt, jf
jgt() { insn 0x25 "$2" "$3" "$1"; }	# jgt #k, jt, jf
xor() { insn 0xa4 0 0 "$1"; }		# xor #k
ja() { insn 0x05 0 0 "$1"; }		# ja +k

# same WHAT FILE: stdout of the last run ($T/out) is FILE, byte for byte
same() {
	checks=$((checks + 1))
	if ! cmp -s "$T/out" "$2"; then
		fail "$1: output differs:"
		diff "$2" "$T/out" >&2
	fi
}

# has WHAT TEXT: $T/out holds the line TEXT
has() {
	checks=$((checks + 1))
	grep -F -x -q -- "$2" "$T/out" || fail "$1: no line \"$2\" in: $(cat "$T/out")"
}

# --- 1. the listing's names ----------------------------------------------
# x86_64 only (x32 and other numbers killed), execve allowed, read
# allowed on fd 0, everything else EPERM.
x86_64_prog() {
	ld 4					# 0
	jeq 0xc000003e 0 8			# 1 -> 2 / 10
	ld 0					# 2
	jge 0x40000000 6 0			# 3 -> 10 / 4
	jeq 59 4 0				# 4 -> 9 / 5
	jeq 0 0 2				# 5 -> 6 / 8
	ld 16					# 6
	jeq 0 1 0				# 7 -> 9 / 8
	ret 0x50001				# 8
	ret 0x7fff0000				# 9
	ret 0x80000000				# 10
}
x86_64_prog > "$T/x86_64.bpf"
cat > "$T/want" <<'EOF2'
 line  OP   JT   JF   K
=================================
 0000: 0x20 0x00 0x00 0x00000004   ld  $data[4]                         # arch
 0001: 0x15 0x00 0x08 0xc000003e   jeq 3221225534 true:0002 false:0010  # x86_64
 0002: 0x20 0x00 0x00 0x00000000   ld  $data[0]                         # nr
 0003: 0x35 0x06 0x00 0x40000000   jge 1073741824 true:0010 false:0004  # x32 bit
 0004: 0x15 0x04 0x00 0x0000003b   jeq 59 true:0009 false:0005          # execve
 0005: 0x15 0x00 0x02 0x00000000   jeq 0 true:0006 false:0008           # read
 0006: 0x20 0x00 0x00 0x00000010   ld  $data[16]                        # read args[0] low alone
 0007: 0x15 0x01 0x00 0x00000000   jeq 0 true:0009 false:0008           # a0.lo32 == 0
 0008: 0x06 0x00 0x00 0x00050001   ret ERRNO(1)                         # EPERM
 0009: 0x06 0x00 0x00 0x7fff0000   ret ALLOW
 0010: 0x06 0x00 0x00 0x80000000   ret KILL_PROCESS
EOF2
"$DISASM" -a x86_64 "$T/x86_64.bpf" > "$T/out"
same "listing of x86_64.bpf" "$T/want"
# -n: the same without the names
sed 's/ *# .*//' "$T/want" > "$T/want-n"
"$DISASM" -n -a x86_64 "$T/x86_64.bpf" > "$T/out"
same "listing -n" "$T/want-n"

# x32 through x86_64's arch value: names with the x32 bit; s390x, big
# endian: the low half of args[0] at 20, the high half at 16.
ENDIAN=le
{ ld 4; jeq 0xc000003e 0 3; ld 0; jeq 0x40000208 0 1; ret 0x7fff0000;
  ret 0x50026; } > "$T/x32.bpf"
"$DISASM" -a x86_64 "$T/x32.bpf" > "$T/out"
has "x32 execve" " 0003: 0x15 0x00 0x01 0x40000208   jeq 1073742344 true:0004 false:0005  # x32 execve"
has "ENOSYS" " 0005: 0x06 0x00 0x00 0x00050026   ret ERRNO(38)                        # ENOSYS"
ENDIAN=be
{ ld 4; jeq 0x80000016 0 5; ld 0; jeq 11 0 3; ld 20; ld 16;
  ret 0x7fff0000; ret 0; } > "$T/s390x.bpf"
ENDIAN=le
"$DISASM" -a s390x "$T/s390x.bpf" > "$T/out"
has "s390x arch" " 0001: 0x15 0x00 0x05 0x80000016   jeq 2147483670 true:0002 false:0007  # s390x"
has "s390x low" " 0004: 0x20 0x00 0x00 0x00000014   ld  \$data[20]                        # execve args[0] low alone"
has "s390x high" " 0005: 0x20 0x00 0x00 0x00000010   ld  \$data[16]                        # execve args[0] high"
# A 32-bit test (SCMP_CMP_32BIT) is a low half loaded with no test of its
# high half right before it, on a 64-bit ABI: named with its jumps as PFC
# writes it. A 64-bit test's low half is none, nor is a load on x86.
{ ld 4; jeq 0xc000003e 0 7; ld 0; jeq 16 0 5; ld 20; jeq 0 0 3; ld 16;
  jeq 16 1 0; ret 0x7fff0000; ret 0; } > "$T/wide.bpf"
"$DISASM" -a x86_64 "$T/wide.bpf" > "$T/out"
has "64-bit test: low" " 0006: 0x20 0x00 0x00 0x00000010   ld  \$data[16]                        # ioctl args[0] low"
has "64-bit test: no note" " 0007: 0x15 0x01 0x00 0x00000010   jeq 16 true:0009 false:0008"
{ ld 4; jeq 0xc000003e 0 5; ld 0; jeq 16 0 3; ld 16; jset 0x80000000 1 0;
  ret 0x7fff0000; ret 0; } > "$T/jset.bpf"
"$DISASM" -a x86_64 "$T/jset.bpf" > "$T/out"
has "32-bit jset" " 0005: 0x45 0x01 0x00 0x80000000   jset 0x80000000 true:0007 false:0006 # a0.lo32 & 0x80000000"
{ ld 4; jeq 0x40000003 0 5; ld 0; jeq 54 0 3; ld 16; jset 0x80000000 1 0;
  ret 0x7fff0000; ret 0; } > "$T/x86-low.bpf"
"$DISASM" -a x86 "$T/x86-low.bpf" > "$T/out"
has "x86: the whole argument" " 0004: 0x20 0x00 0x00 0x00000010   ld  \$data[16]                        # ioctl args[0] low"
has "x86: no note" " 0005: 0x45 0x01 0x00 0x80000000   jset 0x80000000 true:0007 false:0006"
# The high-word check of SCMP_FLTATR_EXT_ACT_BADARG32 before a 32-bit
# rule: named, and the rule's low half, which its clean high word reaches
# too, still a 32-bit test.
{ ld 4; jeq 0xc000003e 0 11; ld 0; jeq 16 0 9; ld 20; jeq 0 3 0;
  jeq 0xffffffff 0 5; ld 16; jset 0x80000000 0 3; ld 16; jeq 0xffffff9c 0 2;
  ret 0x7fff0000; ret 0x50016; ret 0x80000000; } > "$T/badarg.bpf"
"$DISASM" -a x86_64 "$T/badarg.bpf" > "$T/out"
has "check: load" " 0004: 0x20 0x00 0x00 0x00000014   ld  \$data[20]                        # ioctl args[0] high: the high-word check"
has "check: zero" " 0005: 0x15 0x03 0x00 0x00000000   jeq 0 true:0009 false:0006           # a0.hi32 == 0: zero-extended"
has "check: ones" " 0006: 0x15 0x00 0x05 0xffffffff   jeq 4294967295 true:0007 false:0012  # a0.hi32 == 0xffffffff"
has "check: sign" " 0008: 0x45 0x00 0x03 0x80000000   jset 0x80000000 true:0009 false:0012 # a0.lo32 & 0x80000000: sign-extended"
has "check: the rule" " 0010: 0x15 0x00 0x02 0xffffff9c   jeq 4294967196 true:0011 false:0013  # a0.lo32 == 0xffffff9c"
# The same as the library lays it out: the sign test jumps past the load
# of the low word that the clean high word goes to, as it holds it.
{ ld 4; jeq 0xc000003e 0 11; ld 0; jeq 16 0 9; ld 20; jeq 0 3 0;
  jeq 0xffffffff 0 5; ld 16; jset 0x80000000 1 3; ld 16; jeq 0xffffff9c 0 2;
  ret 0x7fff0000; ret 0x50016; ret 0x80000000; } > "$T/badarg-lib.bpf"
"$DISASM" -a x86_64 "$T/badarg-lib.bpf" > "$T/out"
has "check past the load: load" " 0004: 0x20 0x00 0x00 0x00000014   ld  \$data[20]                        # ioctl args[0] high: the high-word check"
has "check past the load: sign" " 0008: 0x45 0x01 0x03 0x80000000   jset 0x80000000 true:0010 false:0012 # a0.lo32 & 0x80000000: sign-extended"
# Signed tests (SCMP_CMP_EXT_SIGNED): the half holding the sign flipped.
{ ld 4; jeq 0xc000003e 0 9; ld 0; jeq 16 0 7; ld 16; xor 0x80000000;
  jge 0x80000000 0 4; ld 28; xor 0x80000000; jgt 0x7fffffff 0 1;
  ret 0x7fff0000; ret 0; } > "$T/signed.bpf"
"$DISASM" -a x86_64 "$T/signed.bpf" > "$T/out"
has "signed 32-bit" " 0006: 0x35 0x00 0x04 0x80000000   jge 2147483648 true:0007 false:0011  # (int32_t)a0.lo32 >= 0"
has "signed high half" " 0009: 0x25 0x00 0x01 0x7fffffff   jgt 2147483647 true:0010 false:0011  # (int32_t)a1.hi32 > -1"
"$DISASM" -d -a x86_64 "$T/signed.bpf" > "$T/out"
has "signed graph" '	n6 [label="ioctl\n(int32_t)a0.lo32 >= 0 ?"];'
# On a 32-bit ABI the whole argument is the word that holds the sign.
{ ld 4; jeq 0x40000003 0 6; ld 0; jeq 54 0 4; ld 16; xor 0x80000000;
  jge 0x80000000 0 1; ret 0x7fff0000; ret 0; } > "$T/signed-x86.bpf"
"$DISASM" -a x86 "$T/signed-x86.bpf" > "$T/out"
has "signed x86" " 0006: 0x35 0x00 0x01 0x80000000   jge 2147483648 true:0007 false:0008  # (int32_t)a0 >= 0"
# Code x86_64 and x86 share: named where both ABIs' paths matched calls
# of one name (clone is 56 on x86_64, 120 on x86).
{ ld 4; jeq 0xc000003e 0 3; ld 0; jeq 56 4 0; ja 5; jeq 0x40000003 0 6;
  ld 0; jeq 120 0 2; ld 16; jeq 0 1 0; ret 0x50001; ret 0x7fff0000;
  ret 0; } > "$T/shared.bpf"
"$DISASM" "$T/shared.bpf" > "$T/out"
has "shared clone" " 0008: 0x20 0x00 0x00 0x00000010   ld  \$data[16]                        # clone args[0] low"
has "x86 clone" " 0007: 0x15 0x00 0x02 0x00000078   jeq 120 true:0008 false:0010         # clone"
{ ld 4; jeq 0xc000003e 0 3; ld 0; jeq 0xffffffff 0 1; ret 0x7fff0000;
  ret 0; } > "$T/minus1.bpf"
"$DISASM" "$T/minus1.bpf" > "$T/out"
has "-1" " 0003: 0x15 0x00 0x01 0xffffffff   jeq 4294967295 true:0004 false:0005  # -1: a call a tracer skipped"
# No arch test: -a's names, none without -a.
{ ld 0; jeq 221 0 1; ret 0x7fff0000; ret 0; } > "$T/noarch.bpf"
"$DISASM" -a aarch64 "$T/noarch.bpf" > "$T/out"
has "-a aarch64" " 0001: 0x15 0x00 0x01 0x000000dd   jeq 221 true:0002 false:0003         # execve"
"$DISASM" "$T/noarch.bpf" > "$T/out"
has "no -a" " 0001: 0x15 0x00 0x01 0x000000dd   jeq 221 true:0002 false:0003"

# --- 2. the graph of one ABI ---------------------------------------------
# The boxes of syscall names follow the syscall tables: checked by their
# first lines only; the rest exactly.
cat > "$T/want" <<'EOF2'
digraph "x86_64" {
	graph [rankdir=LR, fontname="Helvetica", labelloc=t];
	node [shape=box, fontname="Helvetica"];
	edge [fontname="Helvetica", fontsize=10];
	start [label="x86_64\narch == 0xc000003e\nnr & 0x40000000 == 0", style=filled, fillcolor=lightgray];
	n7 [label="read\na0.lo32 == 0 ?"];
	n8 [label="ERRNO(1)\nEPERM", shape=ellipse, style=filled, fillcolor=lightgoldenrod1];
	n9 [label="ALLOW", shape=ellipse, style=filled, fillcolor=palegreen];
	n10 [label="KILL_PROCESS", shape=ellipse, style=filled, fillcolor=salmon];
	other [label="arch other than x86_64", style=dashed];
	other -> n10 [style=dashed];
	dstart_0 [label="x86_64 syscall", shape=diamond, style=filled, fillcolor=lightgray];
	start -> dstart_0;
	dstart_0 -> n7 [label="read"];
	dstart_0 -> sstart_0_8 [arrowhead=none];
	sstart_0_8 -> n8;
	dstart_0 -> n9 [label="execve"];
	sstart_0_10 [label="1073741824 numbers:\l[0x80000000-0xbfffffff]\l", shape=note, fontsize=10];
	dstart_0 -> sstart_0_10 [arrowhead=none];
	sstart_0_10 -> n10;
	n7 -> n8 [label="no"];
	n7 -> n9 [label="yes"];
}
EOF2
"$DISASM" -d "$T/x86_64.bpf" > "$T/graph"
grep -v '^	sstart_0_8 \[' "$T/graph" > "$T/out"
same "graph of x86_64.bpf" "$T/want"
grep '^	sstart_0_8 \[' "$T/graph" > "$T/out"
checks=$((checks + 1))
grep -F -q 'label="' "$T/out" &&
grep -F -q 'syscalls:\lwrite .. vfork [1-58], exit .. ' "$T/out" &&
grep -F -q 'other numbers\l", shape=note' "$T/out" ||
	fail "graph: the EPERM box: $(cat "$T/out")"
# -a picks the ABI: x32's calls are all killed by the x32 bit's test, x86
# fails the arch test.
for abi in x32 x86; do
	"$DISASM" -d -a $abi "$T/x86_64.bpf" > "$T/out"
	has "graph -a $abi" "digraph \"$abi\" {"
	has "graph -a $abi" "	start -> n10;"
	has "graph -a $abi" "	other -> n10 [style=dashed];"
	checks=$((checks + 1))
	[ "$(grep -c -- '->' "$T/out")" = 2 ] || fail "graph -a $abi: $(cat "$T/out")"
done
"$DISASM" -d -a x32 "$T/x86_64.bpf" > "$T/out"
has "x32's start" "	start [label=\"x32\\narch == 0xc000003e\\nnr & 0x40000000 != 0\", style=filled, fillcolor=lightgray];"
# The node of other arch values names the filter's ABIs: x86, drawn
# apart, does not go there.
"$DISASM" -d "$T/shared.bpf" > "$T/out"
has "other: both ABIs" '	other [label="arch other than x86_64, x86", style=dashed];'
# The default ABI is the first the filter tests; a bad filter is refused.
{ ld 4; jeq 0x40000003 0 1; ret 0x7fff0000; ret 0; } > "$T/x86.bpf"
"$DISASM" -d "$T/x86.bpf" > "$T/out"
has "first ABI" 'digraph "x86" {'
{ jeq 0 5 0; ret 0x7fff0000; } > "$T/bad.bpf"
expect "" 14 "$DISASM" -d -a x86_64 "$T/bad.bpf"
checks=$((checks + 1))
grep -q "invalid seccomp filter" "$T/stderr" || fail "-d bad.bpf: $(cat "$T/stderr")"
# Two returns of one action are one node; a number test after an
# argument test (libseccomp's layout) is resolved by the numbers reaching
# it: read's failed check goes straight to EPERM.
{ ld 4; jeq 0xc000003e 0 9; ld 0; jeq 0 0 3; ld 16; jeq 1 0 1;
  ret 0x7fff0000; ld 0; jeq 1 0 1; ret 0x7fff0000; ret 0x50001;
  ret 0; } > "$T/chain.bpf"
"$DISASM" -d "$T/chain.bpf" > "$T/out"
has "chain: one ALLOW" "	n6 [label=\"ALLOW\", shape=ellipse, style=filled, fillcolor=palegreen];"
has "chain: read's check" "	n5 [label=\"read\\na0.lo32 == 1 ?\"];"
has "chain: read denied" "	n5 -> n10 [label=\"no\"];"
has "chain: write" "	dstart_0 -> n6 [label=\"write\"];"
checks=$((checks + 1))
[ "$(grep -c 'label="ALLOW"' "$T/out")" = 1 ] || fail "chain: two ALLOW nodes"
if command -v dot > /dev/null 2>&1; then
	for f in x86_64 x86 chain; do
		checks=$((checks + 1))
		"$DISASM" -d "$T/$f.bpf" | dot -Tsvg > /dev/null 2> "$T/stderr" ||
			fail "dot refuses the graph of $f.bpf: $(cat "$T/stderr")"
	done
else
	echo "note: no dot(1) (Debian: graphviz), graphs not rendered" >&2
fi

# --- 3. scmp_bpf_sim -s NAME ----------------------------------------------
expect "ALLOW" 0 "$SIM" -a aarch64 -f "$T/noarch.bpf" -s execve
expect "KILL" 0 "$SIM" -a x86_64 -f "$T/noarch.bpf" -s execve
expect "ALLOW" 0 "$SIM" -a x86_64 -f "$T/noarch.bpf" -s 221
expect "ALLOW" 0 "$SIM" -a x86_64 -f "$T/x32.bpf" -s 0x40000208
expect "ALLOW" 0 "$SIM" -a x32 -f "$T/x32.bpf" -s execve
expect "ERRNO(38)" 0 "$SIM" -a x86_64 -f "$T/x32.bpf" -s execve
expect "ALLOW" 0 "$SIM" -a x86_64 -f "$T/x86_64.bpf" -s execve
expect "ERRNO(1)" 0 "$SIM" -a x86_64 -f "$T/x86_64.bpf" -s read -0 1
expect "ALLOW" 0 "$SIM" -a x86_64 -f "$T/x86_64.bpf" -s read
expect "KILL_PROCESS" 0 "$SIM" -a x32 -f "$T/x86_64.bpf" -s read
expect "" 22 "$SIM" -a x86_64 -f "$T/x86_64.bpf" -s nosuchcall
expect "" 22 "$SIM" -a x86_64 -f "$T/x86_64.bpf" -s ''
# the name is looked up on -a's arch, wherever -a is
expect "ALLOW" 0 "$SIM" -s execve -f "$T/noarch.bpf" -a aarch64
# socketcall exists on x86 only
expect "" 22 "$SIM" -a x86_64 -f "$T/noarch.bpf" -s socketcall
expect "KILL" 0 "$SIM" -a x86 -f "$T/noarch.bpf" -s socketcall

# --- 4. scmp_profile compile --graph-arch ----------------------------------
if [ -n "$PROFILE" ]; then
	cat > "$T/p.json" <<'EOF2'
{ "defaultAction": "SCMP_ACT_ERRNO",
  "syscalls": [ { "names": [ "read", "execve" ], "action": "SCMP_ACT_ALLOW" } ] }
EOF2
	expect "" 0 "$PROFILE" compile --arch x86_64,x86 -f dot \
		--graph-arch x86 -o "$T/p.dot" "$T/p.json"
	cp "$T/p.dot" "$T/out"
	has "--graph-arch x86" 'digraph "x86" {'
	has "--graph-arch x86" "	dstart_0 -> n$(grep -o 'n[0-9]* \[label="ALLOW"' "$T/p.dot" | sed 's/^n//; s/ .*//') [label=\"read, execve\"];"
	expect "" 0 "$PROFILE" compile --arch x86_64,x86 -f dot \
		-o "$T/p.dot" "$T/p.json"
	cp "$T/p.dot" "$T/out"
	has "default: the first" 'digraph "x86_64" {'
	rm -f "$T/p.dot"
	expect "" 2 "$PROFILE" compile --arch x86_64,x86 -f dot \
		--graph-arch arm -o "$T/p.dot" "$T/p.json"
	checks=$((checks + 1))
	grep -q "graph-arch arm: not one of the filter's ABIs" "$T/stderr" ||
		fail "--graph-arch arm: $(cat "$T/stderr")"
	checks=$((checks + 1))
	[ ! -e "$T/p.dot" ] || fail "--graph-arch arm wrote $T/p.dot"
	expect "" 2 "$PROFILE" compile -f dot --graph-arch nosuch \
		-o "$T/p.dot" "$T/p.json"
	# -f disasm is the named listing
	"$PROFILE" compile --arch x86_64 -f disasm "$T/p.json" > "$T/out"
	checks=$((checks + 1))
	grep -q '# execve$' "$T/out" || fail "-f disasm: no execve: $(cat "$T/out")"
else
	echo "note: no scmp_profile (built with jansson), --graph-arch not run" >&2
fi

echo "86-tool-disasm: $checks checks, $fails failed"
[ "$fails" -eq 0 ] || exit 1
exit 0
