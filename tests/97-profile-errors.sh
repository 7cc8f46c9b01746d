#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-only
# 97-profile-errors: every kind of bad input to scmp_profile gets its message, with the line and column in the profile, exit status 2, and no output file.
#
# Each case writes a profile, runs scmp_profile compile (or explain) with
# -o over an existing file, and checks the exit status, that stderr holds
# the expected text (its position included) and that the old file is
# still there untouched: output goes to a temporary file renamed into
# place only when everything succeeded.

test_name=profile-errors
. "${srcdir:-.}/lib/profile_test.sh"

# expect NAME STATUS TEXT [OPTIONS...]: the profile on stdin (a here
# document: a pipe would run expect in a subshell, losing the counts)
expect() {
	name=$1 want=$2 text=$3
	shift 3
	cat >"$tmp/p.json"
	echo old >"$tmp/out"
	"$tool" compile "$@" -o "$tmp/out" "$tmp/p.json" >/dev/null 2>"$tmp/err"
	got=$?
	why=""
	[ "$got" = "$want" ] || why="exit status $got, want $want"
	[ -z "$text" ] || grep -qF -- "$text" "$tmp/err" ||
		why="$why; no \"$text\" on stderr"
	if [ "$want" != 0 ] && [ "$(cat "$tmp/out")" != old ]; then
		why="$why; the output file was changed"
	fi
	if [ "$want" != 0 ] && [ -n "$(ls "$tmp" | grep 'out\.tmp')" ]; then
		why="$why; a temporary file was left"
	fi
	verdict "$name" "$why"
}

good='"defaultAction": "SCMP_ACT_ERRNO", "architectures": ["SCMP_ARCH_X86_64"]'

expect malformed-json 2 'p.json:3:1: error: malformed JSON' <<EOF
{
	"defaultAction": "SCMP_ACT_ALLOW",
}
EOF

expect duplicate-key 2 'p.json:1:51: error: malformed JSON: duplicate object key' <<EOF
{"defaultAction": "SCMP_ACT_ALLOW", "defaultAction": "SCMP_ACT_LOG"}
EOF

expect not-an-object 2 'p.json:1:1: error: a profile is a JSON object' <<EOF
[1, 2]
EOF

expect unknown-default-action 2 \
	'p.json:1:19: error: defaultAction: unknown action "SCMP_ACT_MAYBE"' <<EOF
{"defaultAction": "SCMP_ACT_MAYBE"}
EOF

expect unknown-action 2 \
	'p.json:4:34: error: syscalls[1].action: unknown action "SCMP_ACT_ALOW"' <<EOF
{$good,
 "syscalls": [
  {"names": ["read"], "action": "SCMP_ACT_ALLOW"},
  {"names": ["write"], "action": "SCMP_ACT_ALOW"}
 ]}
EOF

expect unknown-operator 2 \
	'p.json:4:35: error: syscalls[0].args[1].op: unknown operator "SCMP_CMP_IN"' <<EOF
{$good,
 "syscalls": [{"names": ["socket"], "action": "SCMP_ACT_ALLOW", "args": [
   {"index": 0, "value": 1, "op": "SCMP_CMP_EQ"},
   {"index": 1, "value": 1, "op": "SCMP_CMP_IN"}]}]}
EOF

expect index-above-5 2 \
	'p.json:3:14: error: syscalls[0].args[0].index: argument index 6' <<EOF
{$good,
 "syscalls": [{"names": ["socket"], "action": "SCMP_ACT_ALLOW", "args": [
   {"index": 6, "value": 1, "op": "SCMP_CMP_EQ"}]}]}
EOF

expect unknown-arch 2 \
	'p.json:1:72: error: architectures[1]: unknown architecture "SCMP_ARCH_Z80"' <<EOF
{"defaultAction": "SCMP_ACT_ALLOW", "architectures": ["SCMP_ARCH_X86", "SCMP_ARCH_Z80"]}
EOF

expect unknown-archmap-arch 2 \
	'p.json:3:25: error: archMap[0].subArchitectures[0]: unknown architecture' <<EOF
{"defaultAction": "SCMP_ACT_ALLOW", "archMap": [
  {"architecture": "SCMP_ARCH_X86_64",
   "subArchitectures": ["SCMP_ARCH_I386"]}]}
EOF

expect unknown-includes-arch 2 \
	'p.json:3:28: error: syscalls[0].includes.arches[0]: unknown architecture' <<EOF
{$good,
 "syscalls": [{"names": ["arch_prctl"], "action": "SCMP_ACT_ALLOW",
   "includes": {"arches": ["amd46"]}}]}
EOF

expect unknown-capability 2 \
	'p.json:3:43: error: syscalls[0].excludes.caps[1]: unknown capability' <<EOF
{$good,
 "syscalls": [{"names": ["chroot"], "action": "SCMP_ACT_ALLOW",
   "excludes": {"caps": ["CAP_SYS_ADMIN", "CAP_SYS_CHROOOT"]}}]}
EOF

expect bad-min-kernel 2 \
	'p.json:3:30: error: syscalls[0].includes.minKernel: not a kernel version' <<EOF
{$good,
 "syscalls": [{"names": ["ptrace"], "action": "SCMP_ACT_ALLOW",
   "includes": {"minKernel": "four"}}]}
EOF

expect both-arch-lists 2 \
	'error: archMap: both "architectures" and "archMap" are given' <<EOF
{$good, "archMap": [{"architecture": "SCMP_ARCH_X86_64"}]}
EOF

expect errno-on-allow 2 \
	'p.json:3:16: error: syscalls[0].errnoRet: only SCMP_ACT_ERRNO and SCMP_ACT_TRACE take an errno' <<EOF
{$good,
 "syscalls": [{"names": ["read"], "action": "SCMP_ACT_ALLOW",
   "errnoRet": 1}]}
EOF

# as in runc: a profile's SCMP_ACT_TRAP takes no value (SCMP_ACT_TRAPX)
expect errno-on-trap 2 \
	'p.json:3:16: error: syscalls[0].errnoRet: only SCMP_ACT_ERRNO and SCMP_ACT_TRACE take an errno' <<EOF
{$good,
 "syscalls": [{"names": ["read"], "action": "SCMP_ACT_TRAP",
   "errnoRet": 1}]}
EOF

expect wrong-type 2 'p.json:2:25: error: syscalls[0].names: must be an array' <<EOF
{$good,
 "syscalls": [{"names": "read", "action": "SCMP_ACT_ALLOW"}]}
EOF

# Values are Go uint64s to runc: up to 2^64-1 (beyond jansson's int64),
# not more; an index so big is out of its range, not malformed
expect value-uint64 0 '' -f pfc <<EOF
{$good,
 "syscalls": [{"names": ["ioctl"], "action": "SCMP_ACT_ALLOW", "args": [
   {"index": 1, "op": "SCMP_CMP_MASKED_EQ", "value": 18446744073709551615,
    "valueTwo": 9223372036854775808}]}]}
EOF
if grep -q 'if (\$a1.hi32 & 0xffffffff == 2147483648)' "$tmp/out" &&
	grep -q 'if (\$a1.lo32 & 0xffffffff == 0)' "$tmp/out"; then
	passed=$((passed + 1))
else
	echo "FAIL value-uint64: not in the program:"
	sed 's/^/    /' "$tmp/out"
	failed=$((failed + 1))
fi
expect value-too-big 2 'p.json:3:66: error: malformed JSON: too big integer' <<EOF
{$good,
 "syscalls": [{"names": ["ioctl"], "action": "SCMP_ACT_ALLOW", "args": [
   {"index": 1, "op": "SCMP_CMP_EQ", "value": 18446744073709551616}]}]}
EOF
expect index-uint64 2 'p.json:3:14: error: syscalls[0].args[0].index: must be an integer from 0 to 9223372036854775807' <<EOF
{$good,
 "syscalls": [{"names": ["ioctl"], "action": "SCMP_ACT_ALLOW", "args": [
   {"index": 18446744073709551615, "op": "SCMP_CMP_EQ", "value": 1}]}]}
EOF

# A name no ABI knows: runc warns and skips it; --strict refuses it.
unknown='{'$good',
 "syscalls": [{"names": ["read", "frobnicate"], "action": "SCMP_ACT_ALLOW"}]}'
expect unknown-syscall 0 \
	'p.json:2:34: warning: no ABI has a syscall "frobnicate"; skipped' <<EOF
$unknown
EOF
expect unknown-syscall-strict 2 \
	'p.json:2:34: error: syscalls[0].names[1]: no ABI has a syscall "frobnicate"' \
	--strict <<EOF
$unknown
EOF

# Options
expect bad-arch-option 2 \
	'--arch: unknown architecture "x87"' --arch x86_64,x87 <<EOF
{$good}
EOF
expect bad-caps-option 2 \
	'--caps: unknown capability "CAP_FLY"' --caps CAP_CHOWN,CAP_FLY <<EOF
{$good}
EOF
expect bad-kernel-option 2 \
	'--kernel: not a kernel version (X.Y): six' --kernel six <<EOF
{$good}
EOF
expect bad-format 2 'unknown format "elf"' -f elf <<EOF
{$good}
EOF
expect bad-kvermax-option 2 \
	'--kvermax: not a kernel version (X.Y): soon' --kvermax soon <<EOF
{$good}
EOF
expect bad-kvermax-member 2 \
	'p.json:1:87: error: kvermax: not a kernel version ("X.Y")' <<EOF
{$good, "kvermax": "six"}
EOF

# Unknown keys: a warning with the position of the key and the name
# meant; an error under --strict, and always where ignoring the key could
# let through what the profile meant to refuse.
expect unknown-root-key 0 \
	'p.json:3:2: warning: unknown key "sycalls" (did you mean "syscalls"?); ignored' <<EOF
{$good,
 "syscalls": [],
 "sycalls": [{"names": ["read"], "action": "SCMP_ACT_ALLOW"}]}
EOF
expect unknown-root-key-strict 2 \
	'p.json:2:2: error: unknown key "sycalls" (did you mean "syscalls"?)' \
	--strict <<EOF
{$good,
 "sycalls": [{"names": ["read"], "action": "SCMP_ACT_ALLOW"}]}
EOF
expect unknown-key-far 0 \
	'p.json:1:76: warning: unknown key "x-vendor"; ignored' <<EOF
{$good, "x-vendor": 1}
EOF
expect unknown-archmap-key 0 \
	'p.json:3:4: warning: archMap[0]: unknown key "subArchitecture" (did you mean "subArchitectures"?); ignored' <<EOF
{"defaultAction": "SCMP_ACT_ERRNO", "archMap": [
  {"architecture": "SCMP_ARCH_X86_64",
   "subArchitecture": ["SCMP_ARCH_X86"]}]}
EOF
expect unknown-entry-key-allow 2 \
	'p.json:3:4: error: syscalls[0]: unknown key "arg" (did you mean "args"?): the entry lets more through than the default action' <<EOF
{$good,
 "syscalls": [{"names": ["clone"], "action": "SCMP_ACT_ALLOW",
   "arg": [{"index": 0, "value": 268435456, "op": "SCMP_CMP_MASKED_EQ"}]}]}
EOF
expect unknown-includes-key-allow 2 \
	'p.json:3:17: error: syscalls[0].includes: unknown key "cap" (did you mean "caps"?): the entry lets more through' <<EOF
{$good,
 "syscalls": [{"names": ["mount"], "action": "SCMP_ACT_ALLOW",
   "includes": {"cap": ["CAP_SYS_ADMIN"]}}]}
EOF
expect unknown-entry-key-deny 0 \
	'p.json:3:4: warning: syscalls[0]: unknown key "coment" (did you mean "comment"?); ignored' <<EOF
{"defaultAction": "SCMP_ACT_ALLOW", "architectures": ["SCMP_ARCH_X86_64"],
 "syscalls": [{"names": ["mount"], "action": "SCMP_ACT_ERRNO",
   "coment": "no mounts"}]}
EOF
expect unknown-arg-key 2 \
	'p.json:3:17: error: syscalls[0].args[0]: unknown key "vaule" (did you mean "value"?): ignoring it would change what the condition tests' <<EOF
{"defaultAction": "SCMP_ACT_ALLOW", "architectures": ["SCMP_ARCH_X86_64"],
 "syscalls": [{"names": ["socket"], "action": "SCMP_ACT_ERRNO", "args": [
   {"index": 0, "vaule": 40, "op": "SCMP_CMP_EQ"}]}]}
EOF
expect comment-not-string 0 \
	'p.json:2:74: warning: syscalls[0].comment: must be a string; ignored' <<EOF
{$good,
 "syscalls": [{"names": ["read"], "action": "SCMP_ACT_ALLOW", "comment": 5}]}
EOF
expect comment-not-string-strict 2 \
	'p.json:2:74: error: syscalls[0].comment: must be a string' --strict <<EOF
{$good,
 "syscalls": [{"names": ["read"], "action": "SCMP_ACT_ALLOW", "comment": 5}]}
EOF
expect listener-path-not-string 0 \
	'p.json:1:92: warning: listenerPath: must be a string; ignored' <<EOF
{$good, "listenerPath": []}
EOF

# Firecracker (seccompiler) files
fc_good='"default_action": "trap", "filter_action": "allow"'
expect fc-several-filters 2 \
	'p.json:1:1: error: a Firecracker file of 2 filters (vmm, vcpu): pick one with --filter' <<EOF
{"vmm": {$fc_good, "filter": []}, "vcpu": {$fc_good, "filter": []}}
EOF
expect fc-unknown-filter 2 \
	'p.json:1:1: error: no filter "api" (the file has vmm, vcpu)' --filter api <<EOF
{"vmm": {$fc_good, "filter": []}, "vcpu": {$fc_good, "filter": []}}
EOF
expect fc-filter-on-oci 2 \
	'p.json:1:1: error: --filter "vcpu": not a Firecracker file' --filter vcpu <<EOF
{$good}
EOF
expect fc-as-oci 2 'p.json:1:1: error: "defaultAction" is missing' \
	--input oci <<EOF
{"vmm": {$fc_good, "filter": []}}
EOF
expect fc-unknown-action 2 \
	'p.json:2:21: error: vmm.default_action: unknown action: one of "allow"' <<EOF
{"vmm": {
  "default_action": "kill", "filter_action": "allow", "filter": []}}
EOF
expect fc-errno-too-big 2 \
	'p.json:1:63: error: vmm.filter_action.errno: must be an integer from 0 to 65535' <<EOF
{"vmm": {"default_action": "trap", "filter_action": {"errno": 70000}, "filter": []}}
EOF
expect fc-same-actions 2 \
	'p.json:1:54: error: vmm.filter_action: the same as default_action' <<EOF
{"vmm": {"default_action": "allow", "filter_action": "allow", "filter": []}}
EOF
expect fc-no-filter 2 'p.json:1:9: error: vmm: "filter" is missing' <<EOF
{"vmm": {$fc_good}}
EOF
expect fc-no-syscall 2 'p.json:2:3: error: vmm.filter[0]: "syscall" is missing' <<EOF
{"vmm": {$fc_good, "filter": [
  {"args": [{"index": 0, "type": "dword", "op": "eq", "val": 1}]}]}}
EOF
expect fc-empty-args 2 \
	'p.json:2:32: error: vmm.filter[0].args: empty: leave it out' <<EOF
{"vmm": {$fc_good, "filter": [
  {"syscall": "ioctl", "args": []}]}}
EOF
expect fc-no-type 2 \
	'p.json:2:4: error: vmm.filter[0].args[0]: "type" must be "dword" or "qword"' <<EOF
{"vmm": {$fc_good, "filter": [{"syscall": "ioctl", "args": [
   {"index": 1, "op": "eq", "val": 1}]}]}}
EOF
expect fc-bad-type 2 \
	'p.json:2:25: error: vmm.filter[0].args[0].type: "type" must be "dword" or "qword"' <<EOF
{"vmm": {$fc_good, "filter": [{"syscall": "ioctl", "args": [
   {"index": 1, "type": "word", "op": "eq", "val": 1}]}]}}
EOF
expect fc-bad-op 2 \
	'p.json:2:40: error: vmm.filter[0].args[0].op: "op" must be one of' <<EOF
{"vmm": {$fc_good, "filter": [{"syscall": "ioctl", "args": [
   {"index": 1, "type": "qword", "op": "in", "val": 1}]}]}}
EOF
expect fc-index-6 2 \
	'p.json:2:14: error: vmm.filter[0].args[0].index: argument index 6' <<EOF
{"vmm": {$fc_good, "filter": [{"syscall": "ioctl", "args": [
   {"index": 6, "type": "qword", "op": "eq", "val": 1}]}]}}
EOF
expect fc-dword-too-big 2 \
	'p.json:2:53: error: vmm.filter[0].args[0].val: 4294967296 does not fit a dword' <<EOF
{"vmm": {$fc_good, "filter": [{"syscall": "ioctl", "args": [
   {"index": 1, "type": "dword", "op": "eq", "val": 4294967296}]}]}}
EOF
expect fc-mask-outside 2 \
	'p.json:2:67: error: vmm.filter[0].args[0].val: bits outside the mask: the condition never holds' <<EOF
{"vmm": {$fc_good, "filter": [{"syscall": "ioctl", "args": [
   {"index": 1, "type": "qword", "op": {"masked_eq": 255}, "val": 256}]}]}}
EOF
expect fc-unknown-rule-key 2 \
	'p.json:2:24: error: vmm.filter[0]: unknown key "arg" (did you mean "args"?): the entry lets more through' <<EOF
{"vmm": {$fc_good, "filter": [
  {"syscall": "ioctl", "arg": [{"index": 1, "type": "dword", "op": "eq", "val": 3}]}]}}
EOF
expect fc-unknown-cond-key 2 \
	'p.json:2:56: error: vmm.filter[0].args[0]: unknown key "mask"' <<EOF
{"vmm": {$fc_good, "filter": [{"syscall": "ioctl", "args": [
   {"index": 1, "type": "dword", "op": "eq", "val": 3, "mask": 1}]}]}}
EOF
expect fc-unknown-filter-key 0 \
	'p.json:1:62: warning: vmm: unknown key "comment"; ignored' <<EOF
{"vmm": {$fc_good, "comment": "x", "filter": []}}
EOF
expect fc-unknown-syscall 0 \
	'p.json:2:15: warning: no ABI has a syscall "frobnicate"; skipped' <<EOF
{"vmm": {$fc_good, "filter": [
  {"syscall": "frobnicate"}, {"syscall": "read"}]}}
EOF
expect fc-malformed 2 'p.json:2:0: error: malformed JSON' <<EOF
{"vmm": {$fc_good, "filter": [
EOF

# More options
echo "{$good}" >"$tmp/p.json"
for bad in "--input yaml" "--stats=xml" "--stats=json -o -" "--arch amd46" \
	"--caps SYS_ADMN" "--caps CAP_" "--caps nonE,x" "--filter"; do
	# shellcheck disable=SC2086
	"$tool" compile $bad "$tmp/p.json" >/dev/null 2>"$tmp/err"
	got=$?
	if [ $got != 2 ] || [ ! -s "$tmp/err" ]; then
		echo "FAIL compile $bad: exit status $got, want 2 and a message"
		failed=$((failed + 1))
	else
		echo "ok   compile $bad: $(head -n 1 "$tmp/err")"
		passed=$((passed + 1))
	fi
done

# A profile that cannot be read, and explain's own input.
rm -f "$tmp/none.json"
if "$tool" compile -o "$tmp/out" "$tmp/none.json" 2>"$tmp/err"; then
	echo "FAIL missing-file: exit status 0"
	failed=$((failed + 1))
elif [ $? != 2 ] || ! grep -qF 'none.json: error: cannot read' "$tmp/err"; then
	echo "FAIL missing-file: $(cat "$tmp/err")"
	failed=$((failed + 1))
else
	passed=$((passed + 1))
fi
echo "{$good}" >"$tmp/p.json"
for args in "frobnicate" "read notanumber" "read 1 2 3 4 5 6 7" \
	"99999999999" "-1" "0x" "read AF_FOO" "read AF_INET|" "read |1" \
	"read 1||2" "read af_inet" "read 1e3" "--expect MAYBE read" \
	"--expect ALLOW(1) read" "--expect ERRNO(x) read" \
	"--expect ERRNO(65536) read" "--expect= read" \
	"--arch mips socket 1 SOCK_STREAM" "--json=1 read"; do
	# shellcheck disable=SC2086
	"$tool" explain "$tmp/p.json" $args >/dev/null 2>"$tmp/err"
	got=$?
	if [ $got != 2 ] || [ ! -s "$tmp/err" ]; then
		echo "FAIL explain $args: exit status $got, want 2 and a message"
		failed=$((failed + 1))
	else
		echo "ok   explain $args: $(cat "$tmp/err" | head -n 1)"
		passed=$((passed + 1))
	fi
done

# Hostile input: files that never end, random bytes, a number without
# end. Each run has 20 seconds and, where the tool starts under one, 1 GiB
# of address space (not under AddressSanitizer, which reserves terabytes):
# a reader that takes its input whole runs out of one or the other.
limit=
if (ulimit -v 1048576 && "$tool" --version) >/dev/null 2>&1; then
	limit=1048576
fi
# hostile NAME STATUS TEXT FILE [COMMAND...]: compile FILE (COMMAND's
# output on the tool's stdin, if given); stderr must match the ERE TEXT,
# or be empty if TEXT is
hostile() {
	name=$1 want=$2 text=$3 file=$4
	shift 4
	[ $# -gt 0 ] || set -- true
	"$@" | (
		[ -z "$limit" ] || ulimit -v $limit
		exec timeout 20 "$tool" compile -o "$tmp/out" "$file"
	) >/dev/null 2>"$tmp/err"
	got=$?
	why=""
	[ "$got" = "$want" ] || why="exit status $got, want $want"
	if [ -z "$text" ]; then
		[ ! -s "$tmp/err" ] || why="$why; a message on stderr"
	elif ! grep -qE -- "$text" "$tmp/err"; then
		why="$why; no \"$text\" on stderr"
	fi
	verdict "$name" "$why"
}
endless_number() {
	printf '{"defaultAction": 1'
	yes 1111111111 | tr -d '\n'
}
hostile dev-zero 2 '^/dev/zero: error: not JSON text: a NUL byte at offset 0$' \
	/dev/zero
# the first byte is JSON one time in 51, the second one time in 2,000
hostile dev-urandom 2 '^/dev/urandom:[0-9:]* error: (malformed JSON|not JSON text)' \
	/dev/urandom
hostile endless-number 2 \
	'^/dev/stdin: error: larger than 16777216 bytes \(SCMP_PROFILE_MAX_BYTES\)$' \
	/dev/stdin endless_number
{
	printf '{"defaultAction": 1'
	head -c 1000000 /dev/zero | tr '\0' 1
	printf '}\n'
} >"$tmp/number.json"
hostile big-number 2 'number.json:1:1000019: error: malformed JSON: too big integer' \
	"$tmp/number.json"
echo "{$good}" >"$tmp/p.json"
size=$(wc -c <"$tmp/p.json")
export SCMP_PROFILE_MAX_BYTES=$((size - 1))
hostile over-the-limit 2 "p.json: error: larger than $((size - 1)) bytes" \
	"$tmp/p.json"
SCMP_PROFILE_MAX_BYTES=$size
hostile at-the-limit 0 '' "$tmp/p.json"
SCMP_PROFILE_MAX_BYTES=16M
hostile limit-not-a-number 2 \
	'p.json: error: SCMP_PROFILE_MAX_BYTES="16M" is not a number of bytes' \
	"$tmp/p.json"
unset SCMP_PROFILE_MAX_BYTES

echo "$passed passed, $failed failed"
[ $failed = 0 ]
