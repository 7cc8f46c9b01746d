#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-only
# 85-profile-cli: scmp_profile's command line: --version, --help per command (learn too), Docker's spellings of ABIs and capabilities, unknown keys, Firecracker files, explain by number, with constants, --json and --expect.
#
# Each case states what the tool must print or exit with; the profiles
# are the test's own, then (when ../shared/data or $SHARED_DATA has them)
# the real Docker, Podman and Firecracker ones, which must compile
# without a single warning. JSON is checked with python3 when there is
# one.

data=${SHARED_DATA:-${top_srcdir:-..}/../shared/data}
test_name=profile-cli
. "${srcdir:-.}/lib/profile_test.sh"

ok() {
	passed=$((passed + 1))
	echo "ok   $1"
}
bad() {
	failed=$((failed + 1))
	echo "FAIL $1"
	[ -s "$tmp/err" ] && sed 's/^/    /' "$tmp/err"
}
# run NAME STATUS CMD...: CMD must exit with STATUS; stdout in $tmp/out
run() {
	name=$1 want=$2
	shift 2
	"$@" >"$tmp/out" 2>"$tmp/err"
	got=$?
	if [ "$got" = "$want" ]; then
		return 0
	fi
	bad "$name: exit status $got, want $want"
	return 1
}
# has NAME FILE TEXT: FILE holds TEXT
has() {
	if grep -qF -- "$3" "$2"; then ok "$1"; else bad "$1: no \"$3\" in $(basename "$2")"; fi
}
have_python=false
command -v python3 >/dev/null 2>&1 && have_python=true
# json NAME EXPR: python3 EXPR on the document d of $tmp/out must be true
json() {
	if ! $have_python; then
		echo "note: no python3: $1 not checked"
		return
	fi
	if python3 -c "import json,sys; d=json.load(open('$tmp/out')); sys.exit(0 if ($2) else 1)" 2>"$tmp/err"; then
		ok "$1"
	else
		bad "$1: not ($2)"
		sed 's/^/    /' "$tmp/out" | head -n 40
	fi
}

# --version and --help
if run version 0 "$tool" --version; then
	if grep -qE '^scmp_profile [0-9]+\.[0-9]+\.[0-9]+$' "$tmp/out" &&
		grep -qE '^libseccomp [0-9]+\.[0-9]+\.[0-9]+ \(API level [0-9]+\)$' "$tmp/out"; then
		ok version
	else
		bad "version: $(cat "$tmp/out")"
	fi
fi
run help 0 "$tool" --help && has help-all "$tmp/out" "scmp_profile explain [OPTIONS]"
for cmd in compile explain; do
	for h in -h --help; do
		if run "$cmd $h" 0 "$tool" $cmd $h; then
			has "$cmd $h" "$tmp/out" "usage: scmp_profile $cmd [OPTIONS]"
			[ ! -s "$tmp/err" ] || bad "$cmd $h: stderr not empty"
		fi
	done
done

run compile-help-options 0 "$tool" compile --help && has compile-help-stats "$tmp/out" "--stats[=json]"
for h in -h --help; do
	if run "learn $h" 0 "$tool" learn $h; then
		has "learn $h" "$tmp/out" "usage: scmp_profile learn [-o FILE]"
		has "learn $h --for" "$tmp/out" "--for runc,crun|none"
		[ ! -s "$tmp/err" ] || bad "learn $h: stderr not empty"
	fi
done
run help-learn 0 "$tool" --help && has help-all-learn "$tmp/out" "--args SYSCALL[:N,...]"
run unknown-command 2 "$tool" compyle && has unknown-command-says "$tmp/err" 'unknown command "compyle"'
run compile-bad-option 2 "$tool" compile --nope p.json && has compile-bad-option-says "$tmp/err" "see scmp_profile compile --help"

# A profile of our own
cat >"$tmp/p.json" <<EOF
{
	"defaultAction": "SCMP_ACT_ERRNO",
	"architectures": ["SCMP_ARCH_X86_64", "SCMP_ARCH_X86"],
	"syscalls": [
		{"names": ["read", "write"], "action": "SCMP_ACT_ALLOW"},
		{"names": ["mount"], "action": "SCMP_ACT_ALLOW",
		 "includes": {"caps": ["CAP_SYS_ADMIN"]}},
		{"names": ["socket"], "action": "SCMP_ACT_ERRNO", "errnoRet": 97,
		 "args": [{"index": 0, "value": 40, "op": "SCMP_CMP_EQ"}]},
		{"names": ["clone"], "action": "SCMP_ACT_ALLOW",
		 "args": [{"index": 0, "value": 2114060288, "valueTwo": 0,
			   "op": "SCMP_CMP_MASKED_EQ"}]}
	]
}
EOF

# Go's ABI names (Docker's), any case, are libseccomp's
"$tool" compile --arch x86_64,x86 -f pfc -o "$tmp/want.pfc" "$tmp/p.json" 2>/dev/null
for spelling in amd64,386 AMD64,x86 SCMP_ARCH_X86_64,386; do
	if run "arch $spelling" 0 "$tool" compile --arch $spelling -f pfc -o "$tmp/got.pfc" "$tmp/p.json"; then
		if cmp -s "$tmp/want.pfc" "$tmp/got.pfc"; then ok "arch $spelling"; else bad "arch $spelling: another filter"; fi
	fi
done

# Capabilities as Docker's --cap-add takes them
for caps in CAP_SYS_ADMIN SYS_ADMIN sys_admin cap_Sys_Admin all default,SYS_ADMIN; do
	if run "caps $caps" 0 "$tool" explain --arch x86_64 --caps $caps "$tmp/p.json" mount; then
		has "caps $caps" "$tmp/out" "x86_64 mount (165): SCMP_ACT_ALLOW: syscalls[1] at line 6 (mount)"
	fi
done
for caps in none NONE default CAP_CHOWN,net_raw; do
	if run "caps $caps" 0 "$tool" explain --arch x86_64 --caps $caps "$tmp/p.json" mount; then
		has "caps $caps" "$tmp/out" "x86_64 mount (165): SCMP_ACT_ERRNO(1): default action"
	fi
done

# explain: a number is the host ABI's syscall (the first --arch)
run explain-name 0 "$tool" explain "$tmp/p.json" read && mv "$tmp/out" "$tmp/by-name"
if run explain-number 0 "$tool" explain --arch x86_64,x86 "$tmp/p.json" 0; then
	if cmp -s "$tmp/by-name" "$tmp/out"; then ok explain-number; else bad "explain-number: $(cat "$tmp/out")"; fi
fi
if run explain-number-x86 0 "$tool" explain --arch x86,x86_64 "$tmp/p.json" 3; then
	has explain-number-x86 "$tmp/out" "x86_64 read (0): SCMP_ACT_ALLOW"
fi
run explain-hex 0 "$tool" explain --arch x86_64 "$tmp/p.json" 0xa5 && has explain-hex "$tmp/out" "x86_64 mount (165): SCMP_ACT_ERRNO(1): default action"
run explain-raw 0 "$tool" explain --arch x86_64 "$tmp/p.json" 1000 && has explain-raw "$tmp/out" "x86_64 1000: SCMP_ACT_ERRNO(1): default action"
cat >"$tmp/x86.json" <<EOF
{"defaultAction": "SCMP_ACT_ERRNO", "architectures": ["SCMP_ARCH_X86"]}
EOF
if [ "$("$tool" --version >/dev/null; uname -m)" = x86_64 ]; then
	run explain-raw-other-abi 2 "$tool" explain "$tmp/x86.json" 1000 && has explain-raw-other-abi "$tmp/err" "1000 names no syscall on x86_64, and the filter is not for x86_64"
fi

# explain: constants, ORed
"$tool" explain --arch x86_64 "$tmp/p.json" socket 40 02000001 >"$tmp/want" 2>/dev/null
has explain-vsock-number "$tmp/want" "x86_64 socket (41): SCMP_ACT_ERRNO(97): syscalls[2] at line 8 (socket)"
run explain-vsock 0 "$tool" explain --arch x86_64 "$tmp/p.json" socket AF_VSOCK 'SOCK_STREAM|SOCK_CLOEXEC' 0 &&
	if cmp -s "$tmp/want" "$tmp/out"; then ok explain-vsock; else bad "explain-vsock: $(cat "$tmp/out")"; fi
run explain-clone-thread 0 "$tool" explain --arch x86_64 "$tmp/p.json" clone 'CLONE_VM|CLONE_FS|CLONE_FILES|CLONE_SIGHAND|CLONE_THREAD|CLONE_SYSVSEM' &&
	has explain-clone-thread "$tmp/out" "x86_64 clone (56): SCMP_ACT_ALLOW: syscalls[3] at line 10 (clone)"
run explain-clone-userns 0 "$tool" explain --arch x86_64 "$tmp/p.json" clone 'CLONE_NEWUSER | CLONE_NEWNS' &&
	has explain-clone-userns "$tmp/out" "x86_64 clone (56): SCMP_ACT_ERRNO(1): default action"

# explain --json
if run explain-json 0 "$tool" explain --json "$tmp/p.json" socket AF_VSOCK; then
	json json-query "d['profile'].endswith('p.json') and d['syscall'] == 'socket' and d['args'] == [40] and d['expect'] is None"
	json json-results "[(r['arch'], r['nr'], r['through'], r['call']) for r in d['results']] == [('x86_64', 41, None, None), ('x86', 359, None, None), ('x86', 102, 'socketcall', 1)]"
	json json-verdict "[(r['action'], r['errno'], r['reason']) for r in d['results']] == [('SCMP_ACT_ERRNO(97)', 97, 'entry')] * 3"
	json json-entry "d['results'][0]['entry'] == {'path': 'syscalls[2]', 'index': 2, 'line': 8, 'column': 3, 'names': ['socket'], 'conditions': 'a0 == 40'}"
	json json-keys "all(sorted(r) == ['action', 'arch', 'call', 'entry', 'errno', 'nr', 'reason', 'through'] for r in d['results'])"
fi
if run explain-json-default 0 "$tool" explain --json --arch x86_64 "$tmp/p.json" mount; then
	json json-default "d['results'][0]['reason'] == 'default' and d['results'][0]['entry'] is None and d['results'][0]['action'] == 'SCMP_ACT_ERRNO(1)'"
fi
if run explain-json-missing 0 "$tool" explain --json --arch x86_64 "$tmp/p.json" socketcall; then
	json json-no-syscall "d['results'] == [{'arch': 'x86_64', 'nr': None, 'through': None, 'call': None, 'action': None, 'errno': None, 'reason': 'no-syscall', 'entry': None}]"
fi

# explain --expect: exit 1 and the ABI named when a verdict differs
for want in ALLOW SCMP_ACT_ALLOW allow; do
	run "expect $want" 0 "$tool" explain --expect $want --arch x86_64,x86 "$tmp/p.json" read && ok "expect $want"
done
for want in 'ERRNO(97)' 'SCMP_ACT_ERRNO(97)' 'errno(0x61)' ERRNO; do
	run "expect $want" 0 "$tool" explain --expect "$want" --arch x86_64,x86 "$tmp/p.json" socket AF_VSOCK && ok "expect $want"
done
run expect-any-errno-mux 0 "$tool" explain --expect ERRNO --arch x86_64,x86 --strict-mux "$tmp/p.json" socket AF_VSOCK && ok expect-any-errno-mux
if run expect-strict-mux 1 "$tool" explain --expect 'ERRNO(97)' --arch x86_64,x86 --strict-mux "$tmp/p.json" socket AF_VSOCK; then
	# the direct call keeps its check
	has expect-strict-mux "$tmp/out" "x86 socket (359): SCMP_ACT_ERRNO(97)"
	has expect-strict-mux-socketcall "$tmp/err" "scmp_profile: x86 socket through socketcall (102, call 1): SCMP_ACT_ERRNO(1), expected SCMP_ACT_ERRNO(97)"
	has expect-strict-mux-count "$tmp/err" "1 of 3 verdicts differ from --expect"
	has expect-strict-mux-stdout "$tmp/out" "x86_64 socket (41): SCMP_ACT_ERRNO(97)"
fi
if run expect-errno-other 1 "$tool" explain --expect 'ERRNO(1)' --arch x86_64 "$tmp/p.json" socket AF_VSOCK; then
	has expect-errno-other "$tmp/err" "x86_64 socket (41): SCMP_ACT_ERRNO(97), expected SCMP_ACT_ERRNO(1)"
fi
if run expect-any-errno 1 "$tool" explain --expect ERRNO --arch x86_64 "$tmp/p.json" read; then
	has expect-any-errno "$tmp/err" "SCMP_ACT_ALLOW, expected SCMP_ACT_ERRNO (any value)"
fi
run expect-kill 1 "$tool" explain --expect KILL_PROCESS --arch x86_64 "$tmp/p.json" mount
run expect-none 1 "$tool" explain --expect ALLOW --arch x86_64 "$tmp/p.json" socketcall && has expect-none "$tmp/err" "no ABI of the filter has the syscall"
if run expect-json 1 "$tool" explain --json --expect ALLOW --arch x86_64 "$tmp/p.json" mount; then
	json expect-json "d['expect'] is False"
fi

# Unknown keys: the misspelt "syscalls" of issue 26
cat >"$tmp/typo.json" <<EOF
{
	"defaultAction": "SCMP_ACT_ERRNO",
	"sycalls": [{"names": ["read"], "action": "SCMP_ACT_ALLOW"}]
}
EOF
run typo 0 "$tool" compile -o "$tmp/typo.bpf" "$tmp/typo.json" && has typo "$tmp/err" 'typo.json:3:2: warning: unknown key "sycalls" (did you mean "syscalls"?); ignored'
run typo-strict 2 "$tool" compile --strict -o "$tmp/typo.bpf" "$tmp/typo.json" && has typo-strict "$tmp/err" 'typo.json:3:2: error: unknown key "sycalls" (did you mean "syscalls"?)'
run typo-explain 0 "$tool" explain --arch x86_64 "$tmp/typo.json" read && has typo-explain "$tmp/err" 'warning: unknown key "sycalls"'

# compile: raw BPF is not written to a terminal (stdout a pty), a
# listing is; a directory is no profile
if $have_python; then
	cat >"$tmp/on_tty.py" <<'EOF'
import os, pty, sys
pid, fd = pty.fork()
if pid == 0:
    os.execv(sys.argv[1], sys.argv[1:])
out = b""
while True:
    try:
        b = os.read(fd, 4096)
    except OSError:
        break
    if not b:
        break
    out += b
_, st = os.waitpid(pid, 0)
sys.stdout.write(out.decode(errors="replace"))
sys.exit(os.WEXITSTATUS(st))
EOF
	run tty-bpf 2 python3 "$tmp/on_tty.py" "$tool" compile "$tmp/p.json" &&
		has tty-bpf "$tmp/out" "binary BPF is not written to a terminal: give -o FILE"
	run tty-disasm 0 python3 "$tmp/on_tty.py" "$tool" compile -f disasm "$tmp/p.json" &&
		has tty-disasm "$tmp/out" "ret ALLOW"
else
	echo "note: no python3: compile to a terminal not checked"
fi
mkdir -p "$tmp/dir.json"
run dir-input 2 "$tool" compile -o "$tmp/dir.bpf" "$tmp/dir.json" && has dir-input "$tmp/err" "dir.json: error: cannot read: Is a directory"

# -o on what is no regular file is written in place, never replaced: a
# temporary file renamed over /dev/null put a file where the device was
# (the test's own null device and FIFO, not the machine's /dev/null)
run null-out-ref 0 "$tool" compile -f pfc -o "$tmp/ref.pfc" "$tmp/p.json"
if mknod "$tmp/null" c 1 3 2>/dev/null; then
	run null-out 0 "$tool" compile -o "$tmp/null" "$tmp/p.json" &&
		if [ -c "$tmp/null" ]; then ok null-out; else bad "null-out: $tmp/null is no device any more"; fi
else
	echo "note: mknod refused (not root): -o DEVICE not checked"
fi
mkfifo "$tmp/fifo"
cat "$tmp/fifo" >"$tmp/fifo.out" &
run fifo-out 0 "$tool" compile -f pfc -o "$tmp/fifo" "$tmp/p.json"
wait
if [ -p "$tmp/fifo" ] && cmp -s "$tmp/fifo.out" "$tmp/ref.pfc"; then
	ok fifo-out
else
	bad "fifo-out: the FIFO was replaced or did not get the listing"
fi
if [ -z "$(ls "$tmp" | grep 'tmp-')" ]; then ok no-temp-left; else bad "no-temp-left: $(ls "$tmp")"; fi

# MASKED_EQ takes the mask from "value": a valueTwo with bits outside it
# is warned of (swapped, as in the seed article, every value passes)
cat >"$tmp/masked.json" <<EOF
{
	"defaultAction": "SCMP_ACT_ERRNO",
	"architectures": ["SCMP_ARCH_X86_64"],
	"syscalls": [
		{
			"names": ["open"],
			"action": "SCMP_ACT_ALLOW",
			"args": [{"index": 1, "value": 0, "valueTwo": 3, "op": "SCMP_CMP_MASKED_EQ"}]
		},
		{
			"names": ["openat"],
			"action": "SCMP_ACT_ALLOW",
			"args": [{"index": 2, "value": 3, "valueTwo": 0, "op": "SCMP_CMP_MASKED_EQ"}]
		}
	]
}
EOF
run masked 0 "$tool" compile -o "$tmp/masked.bpf" "$tmp/masked.json" &&
	has masked "$tmp/err" "masked.json:8:13: warning: syscalls[0].args[0]: SCMP_CMP_MASKED_EQ tests (arg & value) == valueTwo: valueTwo 0x3 has bits outside the mask (value) 0x0, which are dropped: the test is (arg & 0x0) == 0x0, which every value passes; are the two swapped?"
if [ "$(wc -l <"$tmp/err")" = 1 ]; then ok "masked: one warning"; else bad "masked: $(wc -l <"$tmp/err") warnings"; fi

# compile --stats=json
if run stats-json 0 "$tool" compile --arch x86_64,x86 --stats=json -o "$tmp/p.bpf" "$tmp/p.json"; then
	len=$(($(wc -c <"$tmp/p.bpf") / 8))
	json stats-json "d['instructions'] == $len and [a['arch'] for a in d['abis']] == ['x86_64', 'x86'] and all(sorted(a) == ['allowed', 'arch', 'cache_allowed', 'insns_max', 'insns_total', 'syscalls'] for a in d['abis']) and d['abis'][0]['allowed'] == 3"
fi

# Firecracker files of our own: detected, filters by name
cat >"$tmp/fc.json" <<EOF
{
	"main": {
		"default_action": "kill_process",
		"filter_action": "allow",
		"filter": [
			{"syscall": "read"},
			{"syscall": "ioctl", "args": [
				{"index": 1, "type": "dword", "op": "eq", "val": 44672}]},
			{"syscall": "fcntl", "args": [
				{"index": 1, "type": "qword", "op": {"masked_eq": 3}, "val": 2},
				{"index": 2, "type": "qword", "op": "lt", "val": 10}]}
		]
	},
	"other": {"default_action": {"errno": 13}, "filter_action": "log", "filter": []}
}
EOF
for input in "" "--input firecracker" "--input auto"; do
	run "fc $input" 0 "$tool" explain --arch x86_64 $input --filter main "$tmp/fc.json" ioctl 3 0x10000ae80 &&
		has "fc $input" "$tmp/out" "x86_64 ioctl (16): SCMP_ACT_ALLOW: main.filter[1] at line 7 (ioctl)"
done
run fc-dword-low-bits 0 "$tool" explain --arch x86_64 --filter main "$tmp/fc.json" ioctl 3 0xae81 &&
	has fc-dword-low-bits "$tmp/out" "x86_64 ioctl (16): SCMP_ACT_KILL_PROCESS: default action"
run fc-masked 0 "$tool" explain --arch x86_64 --filter main "$tmp/fc.json" fcntl 0 0x12 9 &&
	has fc-masked "$tmp/out" "x86_64 fcntl (72): SCMP_ACT_ALLOW: main.filter[2] at line 9 (fcntl)"
run fc-and 0 "$tool" explain --arch x86_64 --filter main "$tmp/fc.json" fcntl 0 2 10 &&
	has fc-and "$tmp/out" "x86_64 fcntl (72): SCMP_ACT_KILL_PROCESS: default action"
run fc-other 0 "$tool" explain --arch x86_64 --filter other "$tmp/fc.json" read &&
	has fc-other "$tmp/out" "x86_64 read (0): SCMP_ACT_ERRNO(13): default action"
run fc-json 0 "$tool" explain --json --arch x86_64 --filter main "$tmp/fc.json" read &&
	json fc-json "d['results'][0]['entry'] == {'path': 'main.filter[0]', 'index': 0, 'line': 6, 'column': 4, 'names': ['read'], 'conditions': ''}"
run fc-no-filter 2 "$tool" compile -o "$tmp/fc.bpf" "$tmp/fc.json" && has fc-no-filter "$tmp/err" "a Firecracker file of 2 filters (main, other): pick one with --filter"

# The real profiles: no warning at all, on one ABI
if [ -r "$data/docker-default-seccomp.json" ] && [ -r "$data/firecracker-x86_64-musl-seccomp.json" ]; then
	for f in docker-default-seccomp.json containers-common-seccomp.json; do
		for strict in "" --strict; do
			if run "real $f $strict" 0 "$tool" compile $strict --arch x86_64 -o "$tmp/real.bpf" "$data/$f"; then
				if [ -s "$tmp/err" ]; then bad "real $f $strict: warnings"; else ok "real $f $strict: no warning"; fi
			fi
		done
	done
	for abi in x86_64 aarch64; do
		for filter in vmm api vcpu; do
			f=firecracker-$abi-musl-seccomp.json
			if run "real $f $filter" 0 "$tool" compile --strict --arch $abi --filter $filter --stats -o "$tmp/real.bpf" "$data/$f"; then
				if grep -v -e '^program: ' -e "^$abi: " "$tmp/err" | grep -q .; then
					bad "real $f $filter: warnings"
				else
					ok "real $f $filter: $(head -n 1 "$tmp/err")"
				fi
			fi
		done
	done
	# Docker's three socket entries on x86: one warning, none with -q
	if run real-docker-mux 0 "$tool" compile --arch x86_64,x86,x32 -o "$tmp/real.bpf" "$data/docker-default-seccomp.json"; then
		if [ "$(wc -l <"$tmp/err")" = 1 ]; then ok "real-docker-mux: one line"; else bad "real-docker-mux: $(wc -l <"$tmp/err") lines"; fi
		has real-docker-mux "$tmp/err" "socket's argument checks (entries at lines 439, 452, 465) do not apply to socketcall(2)"
	fi
	if run real-docker-quiet 0 "$tool" compile -q --arch x86_64,x86,x32 -o "$tmp/real.bpf" "$data/docker-default-seccomp.json"; then
		if [ -s "$tmp/err" ]; then bad "real-docker-quiet: warnings"; else ok "real-docker-quiet: no warning"; fi
	fi
	run real-fc-no-filter 2 "$tool" compile -o "$tmp/real.bpf" "$data/firecracker-x86_64-musl-seccomp.json" &&
		has real-fc-no-filter "$tmp/err" "a Firecracker file of 3 filters (vmm, api, vcpu): pick one with --filter"
	run real-fc-explain 0 "$tool" explain --arch x86_64 --filter vcpu --expect ALLOW "$data/firecracker-x86_64-musl-seccomp.json" ioctl 0 0xAE80 &&
		has real-fc-explain "$tmp/out" "x86_64 ioctl (16): SCMP_ACT_ALLOW: vcpu.filter["
	run real-fc-explain-trap 1 "$tool" explain --arch x86_64 --filter vcpu --expect ALLOW "$data/firecracker-x86_64-musl-seccomp.json" ioctl 0 0xAE81 &&
		has real-fc-explain-trap "$tmp/err" "x86_64 ioctl (16): SCMP_ACT_TRAP, expected SCMP_ACT_ALLOW"
	run real-docker-vsock 0 "$tool" explain --arch amd64 --expect ERRNO "$data/docker-default-seccomp.json" socket AF_VSOCK && ok real-docker-vsock
	run real-docker-userns 0 "$tool" explain --arch amd64 --caps sys_admin --expect ALLOW "$data/docker-default-seccomp.json" clone CLONE_NEWUSER && ok real-docker-userns
	run real-docker-userns-nocap 0 "$tool" explain --arch amd64 --expect 'ERRNO(1)' "$data/docker-default-seccomp.json" clone CLONE_NEWUSER && ok real-docker-userns-nocap
else
	echo "note: no profiles in $data: the real ones not checked"
	skipped_real=1
fi

echo "$passed passed, $failed failed"
[ $failed = 0 ] || exit 1
if [ -n "$skipped_real" ]; then
	echo "skipped: no profiles in $data (the $passed cases of its own passed)" >&2
	exit 77
fi
exit 0
