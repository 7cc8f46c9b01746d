#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-only
# scmp_sys_resolver's output and exit codes, as scripts parse them.
set -u
tool=${abs_top_builddir:-$(pwd)/..}/tools/scmp_sys_resolver
[ -x "$tool" ] || { echo "FAIL: $tool not built"; exit 1; }
fail=0

# expect WANT_OUTPUT WANT_EXIT ARGS...
expect() {
	want=$1 want_rc=$2
	shift 2
	got=$("$tool" "$@" 2>/dev/null)
	rc=$?
	if [ "$got" != "$want" ] || [ $rc -ne "$want_rc" ]; then
		echo "FAIL: scmp_sys_resolver $*: got '$got' (exit $rc)," \
			"want '$want' (exit $want_rc)"
		fail=1
	fi
}

expect 0 0 -a x86_64 read
expect read 0 -a x86_64 0
expect -101 0 -a x86 socket
expect 102 0 -a x86 -t socket
expect socket 0 -a x86 359
expect socket 0 -a x86 -- -101
expect 1073741824 0 -a x32 read
expect 4003 0 -a mips read
expect 4102 0 -a mipsel -t socket
expect -1 0 -a x86_64 no_such_syscall
expect UNKNOWN 0 -a x86_64 99999
expect UNKNOWN 0 -a x86_64 -- -5
expect 134 0 -a x86_64 uselib
expect arm_sync_file_range 0 -a arm 341

# -k: the first version, per ABI (3.0: 3.0 or older; the ABI's own at
# least), of a name or a number; a multiplexed call's direct syscall
expect 5.3 0 -a x86_64 -k clone3
expect 5.3 0 -k -a aarch64 clone3
expect 5.4 0 -a mips -k clone3
expect 5.4 0 -a mips -k 4435
expect 5.4 0 -a mips -k 435
expect 5.3 0 -a x32 -k 1073742259
expect 3.0 0 -a x86_64 -k read
expect 3.4 0 -a x32 -k read
expect 3.7 0 -a aarch64 -k read
expect 5.19 0 -a loongarch64 -k clone3
expect 4.3 0 -a x86 -k socket
expect 4.3 0 -a x86 -k 359
expect 3.0 0 -a x86 -k socketcall
expect 6.17 0 -a x86_64 -k file_getattr
expect UNKNOWN 0 -a x86_64 -k _llseek
expect UNKNOWN 0 -a x86_64 -k no_such_syscall
expect UNKNOWN 0 -a x86_64 -k 99999
expect "" 22 -a x86 -k -t socket

# -j/--json: every answer as one object; null where the ABI has none
expect '{"arch": "x86", "query": "socket", "name": "socket", "nr": -101, "filter_nr": 102, "kernel": "4.3"}' 0 -a x86 -j socket
expect '{"arch": "x86", "query": "359", "name": "socket", "nr": 359, "filter_nr": 359, "kernel": "4.3"}' 0 -a x86 --json 359
expect '{"arch": "x86", "query": "-101", "name": "socket", "nr": -101, "filter_nr": 102, "kernel": "4.3"}' 0 -a x86 -j -- -101
expect '{"arch": "x32", "query": "read", "name": "read", "nr": 1073741824, "filter_nr": 1073741824, "kernel": "3.4"}' 0 -a x32 -j read
expect '{"arch": "mips", "query": "clone3", "name": "clone3", "nr": 4435, "filter_nr": 4435, "kernel": "5.4"}' 0 -a mips -j clone3
expect '{"arch": "x86_64", "query": "_llseek", "name": "_llseek", "nr": -10026, "filter_nr": null, "kernel": null}' 0 -a x86_64 -j _llseek
expect '{"arch": "x86_64", "query": "99999", "name": null, "nr": null, "filter_nr": null, "kernel": null}' 0 -a x86_64 -j 99999
expect '{"arch": "x86_64", "query": "a\"b\\c", "name": null, "nr": null, "filter_nr": null, "kernel": null}' 0 -a x86_64 -j 'a"b\c'
expect "" 22 -a x86 -j -t socket
expect "" 22 -a x86 -j -k socket
expect "" 22 -a x86 --json
if command -v python3 >/dev/null 2>&1; then
	if ! "$tool" -a x86 -j 'odd"name' | python3 -c 'import json, sys
d = json.load(sys.stdin)
sys.exit(0 if d["query"] == "odd\"name" and d["name"] is None else 1)'; then
		echo "FAIL: -j output is not the JSON it should be"
		fail=1
	fi
fi
if [ "$("$tool" -j read | sed 's/"arch": "[a-z0-9_]*", //')" != \
	'{"query": "read", "name": "read", "nr": '"$("$tool" read)"', "filter_nr": '"$("$tool" -t read)"', "kernel": "'"$("$tool" -k read)"'"}' ]; then
	echo "FAIL: -j on the native ABI differs from -t, -k and the plain answer"
	fail=1
fi

# arguments after the first are ignored, as by libseccomp's tool
expect 0 0 read write
expect read 0 0 1

# -a: Go's names, and the arch= of an audit record (x32's calls come
# under x86_64's value, with the x32 bit in the number)
expect 0 0 -a amd64 read
expect 3 0 -a 386 read
expect 63 0 -a arm64 read
expect 4003 0 -a mipsle read
expect 0 0 -a c000003e read
expect 0 0 -a 0xc000003e read
expect 0 0 -a 0XC000003E read
expect 3 0 -a 40000003 read
expect "" 22 -a 0x12 read
expect "" 22 -a 0x read
expect "" 22 -a 1c000003e read
expect "" 22 -a i386 read

# usage errors: EINVAL (22), with a message on stderr
expect "" 22 -a no_such_arch read
expect "" 22
expect "" 22 -z read
expect "" 22 -h
if ! "$tool" -h 2>&1 | grep -q usage; then
	echo "FAIL: -h prints no usage text"
	fail=1
fi

# An unknown -a names the culprit and lists every ABI: each listed name
# resolves, and there is one per SCMP_ARCH_ token of the header.
msg=$("$tool" -a bogus read 2>&1 >/dev/null)
case $msg in
*"unknown architecture 'bogus'"*) ;;
*) echo "FAIL: -a bogus says: $msg"; fail=1 ;;
esac
names=$(printf '%s\n' "$msg" | sed -n 's/^architectures://p')
for a in $names; do
	"$tool" -a "$a" read >/dev/null 2>&1 ||
		{ echo "FAIL: listed ABI $a does not resolve"; fail=1; }
done
header=${top_srcdir:-..}/include/seccomp.h.in
want=$(grep -c '^#define SCMP_ARCH_[A-Z0-9_]*[[:space:]][[:space:]]*[A-Z(]' "$header")
got=$(echo $names | wc -w)
if [ "$got" -ne "$want" ]; then
	echo "FAIL: -a bogus lists $got ABIs, the header has $want"
	fail=1
fi

# Where Debian's tool (libseccomp 2.5.4) is installed: the same output and
# exit status for what a script may rely on, names and numbers that 2.5.4's
# tables have as well.
ref=/usr/bin/scmp_sys_resolver
if [ -x "$ref" ]; then
	while read -r args; do
		# shellcheck disable=SC2086 # $args is a list of arguments
		want=$("$ref" $args 2>/dev/null)
		want_rc=$?
		# shellcheck disable=SC2086
		expect "$want" $want_rc $args
	done <<-EOF
	read
	-a x86_64 read write
	-a x86 -t socket
	-a x86 socket
	-a s390x -t recvmmsg
	-a x32 read
	-a x32 1073741824
	-a mips 4003
	-a mips64n32 -- 6000
	-a aarch64 63
	-a ppc64le no_such_syscall
	-a arm 99999
	-a arm 983045
	-- -10100
	-a bogus read
	-z read
	-h
	EOF
else
	echo "note: no $ref (Debian: seccomp): not compared with libseccomp's tool"
fi

[ $fail -eq 0 ] && echo ok
exit $fail
