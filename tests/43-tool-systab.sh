#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-only
# 43-tool-systab: the tools' --syscalls FILE: names the built-in table lacks, resolved, compiled and printed.
#
# scmp_sys_resolver resolves a name of the file both ways (and refuses a
# bad file, naming its line); scmp_bpf_disasm names the number in a
# listing only with the file (the oracle reads it itself); scmp_profile
# compiles and explains a profile with the name, and scmp_bpf_diff names
# it in a difference, where they are built (jansson, Z3).
set -u
srcdir=${srcdir:-.}
. "$srcdir/lib/tool_test.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

resolver=$(find_tool scmp_sys_resolver)
disasm=$(find_tool scmp_bpf_disasm)
profile=$(find_tool scmp_profile)
diff=$(find_tool scmp_bpf_diff)
[ -n "$resolver" ] && [ -n "$disasm" ] || { echo "FAIL: tools not built"; exit 1; }

cat > "$T/table.csv" <<'END'
# two calls of a newer kernel
name,pnr,x86_64,x32,aarch64
systab_tool,,490,1073742314,490@7.3
systab_other,,491,PNR,
END
printf 'name,x86_64\nsystab_tool,490\nsystab_bad,49x\n' > "$T/bad.csv"

# the resolver
expect 490 0 "$resolver" --syscalls "$T/table.csv" -a x86_64 systab_tool
expect 1073742314 0 "$resolver" --syscalls "$T/table.csv" -a x32 systab_tool
expect systab_tool 0 "$resolver" --syscalls "$T/table.csv" -a aarch64 490
expect systab_other 0 "$resolver" --syscalls "$T/table.csv" -a x86_64 491
expect -1 0 "$resolver" -a x86_64 systab_tool
expect "" 22 "$resolver" --syscalls "$T/bad.csv" -a x86_64 systab_tool
grep -q "bad.csv:3:" "$T/stderr" || fail "the resolver does not name line 3"
expect "" 22 "$resolver" --syscalls "$T/missing.csv" read

# a filter with a rule on 490 (x86_64), as the library writes it
printf '{"defaultAction": "SCMP_ACT_ALLOW", "architectures": ["SCMP_ARCH_X86_64"], "syscalls": [{"names": ["systab_tool"], "action": "SCMP_ACT_ERRNO", "errnoRet": 1}]}\n' > "$T/p.json"
printf '{"defaultAction": "SCMP_ACT_ALLOW", "architectures": ["SCMP_ARCH_X86_64"], "syscalls": [{"names": ["systab_tool"], "action": "SCMP_ACT_ERRNO", "errnoRet": 2}]}\n' > "$T/p2.json"
if [ -n "$profile" ]; then
	checks=$((checks + 1))
	"$profile" --syscalls "$T/table.csv" compile -o "$T/p.bpf" "$T/p.json" ||
		fail "scmp_profile --syscalls compile"
	"$profile" --syscalls "$T/table.csv" compile -o "$T/p2.bpf" "$T/p2.json" ||
		fail "scmp_profile --syscalls compile (2)"
	expect "x86_64 systab_tool (490): SCMP_ACT_ERRNO(1): syscalls[0] at line 1 (systab_tool)" 0 \
		"$profile" --syscalls "$T/table.csv" explain "$T/p.json" systab_tool
	checks=$((checks + 1))
	"$profile" --syscalls "$T/bad.csv" compile -o "$T/x.bpf" "$T/p.json" \
		2> "$T/stderr" && fail "scmp_profile takes a bad table"
	grep -q "bad.csv:3:" "$T/stderr" || fail "scmp_profile does not name line 3"
	# the disassembler: the name with the table, the number alone without
	checks=$((checks + 1))
	"$disasm" -a x86_64 --syscalls "$T/table.csv" "$T/p.bpf" |
		grep -q 'jeq 490 .*# systab_tool$' ||
		fail "scmp_bpf_disasm --syscalls does not name 490"
	checks=$((checks + 1))
	"$disasm" -a x86_64 "$T/p.bpf" | grep -q 'systab_tool' &&
		fail "scmp_bpf_disasm names 490 without the table"
	expect "" 22 "$disasm" --syscalls "$T/bad.csv" "$T/p.bpf"
	if [ -n "$diff" ]; then
		checks=$((checks + 1))
		"$diff" -a x86_64 --syscalls "$T/table.csv" "$T/p.bpf" "$T/p2.bpf" |
			grep -q 'systab_tool' ||
			fail "scmp_bpf_diff --syscalls does not name 490"
		expect "" 2 "$diff" --syscalls "$T/bad.csv" "$T/p.bpf" "$T/p2.bpf"
	fi
fi
echo "$checks checks, $fails failed"
[ "$fails" -eq 0 ]
