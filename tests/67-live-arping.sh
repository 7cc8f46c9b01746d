#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-only
# 67-live-arping: arping -z works with this library as with the system's.
#
# Debian's arping 2.23 with -z loads an allow-list without brk, mmap or
# munmap, then releases the filter: a library whose release returns memory
# to the kernel gets it killed with SIGSYS. In a fresh network namespace,
# with a veth pair whose far end answers ARP from a namespace of its own,
# arping -z pings twice with the system's libseccomp.so.2 and with this
# tree's (LD_LIBRARY_PATH): both must end the same way, with the same
# statistics. Exit 77 without arping, ip, nsenter, network namespaces or
# veth, in a sanitizer build, or if arping -z fails with the system
# library too.

set -u

skip() {
	echo "SKIP: $*" >&2
	exit 77
}

fail() {
	echo "FAIL: $*"
	exit 1
}

lib=${abs_top_builddir:-$(cd "$(dirname "$0")/.." && pwd)}/src/.libs

if [ "${1:-}" != netns ]; then
	for tool in arping ip nsenter unshare; do
		command -v "$tool" >/dev/null 2>&1 || skip "no $tool"
	done
	arping=$(command -v arping)
	ldd "$arping" 2>/dev/null | grep -q 'libseccomp\.so\.2' ||
		skip "$arping does not link libseccomp.so.2"
	"$arping" --help 2>&1 | grep -q -- '-z' ||
		skip "$arping has no -z (seccomp)"
	[ -r "$lib/libseccomp.so.2" ] || fail "no $lib/libseccomp.so.2"
	# --enable-sanitizers: a program built without ASan cannot load it
	readelf -d "$lib/libseccomp.so.2" 2>/dev/null | grep -q libasan &&
		skip "sanitizer build: arping cannot load an ASan library"
	LD_LIBRARY_PATH=$lib ldd "$arping" | grep -q "$lib/libseccomp\.so\.2" ||
		fail "LD_LIBRARY_PATH=$lib does not give $arping this library"
	# as root a network namespace, else one in a user namespace
	for how in -n -rn; do
		if unshare $how true 2>/dev/null; then
			exec unshare $how "${SHELL:-/bin/sh}" "$0" netns "$arping"
		fi
	done
	skip "no permission for a network namespace"
fi

# In the new namespace: v0 here, v1 in a namespace of a sleeping child.
arping=$2
out=$(mktemp -d "${TMPDIR:-/tmp}/67-arping.XXXXXX") || fail "mktemp"
peer=
cleanup() {
	[ -n "$peer" ] && kill "$peer" 2>/dev/null
	rm -rf "$out"
}
trap cleanup EXIT

ip link set lo up || fail "ip link set lo up"
ip link add v0 type veth peer name v1 2>/dev/null || skip "no veth"
unshare -n sleep 60 &
peer=$!
tries=0
while [ "$(readlink "/proc/$peer/ns/net")" = "$(readlink /proc/self/ns/net)" ]; do
	tries=$((tries + 1))
	[ $tries -lt 100 ] || fail "the peer's namespace did not appear"
	sleep 0.05
done
ip link set v1 netns "$peer" || fail "moving v1"
nsenter -t "$peer" -n sh -c \
	'ip link set lo up && ip link set v1 up && ip addr add 10.9.0.2/24 dev v1' ||
	fail "setting up v1"
ip link set v0 up && ip addr add 10.9.0.1/24 dev v0 || fail "setting up v0"

# Output goes to files: on /dev/null, glibc's stdio asks isatty() with an
# ioctl that arping's filter kills, whatever the library.
ping_with() {
	LD_LIBRARY_PATH=$1 "$arping" -z -c 2 -w 5 -I v0 10.9.0.2 >"$2" 2>&1
}

ping_with "" "$out/system"
system=$?
ping_with "$lib" "$out/ours"
ours=$?
echo "system libseccomp: exit $system"
cat "$out/system"
echo "this library: exit $ours"
cat "$out/ours"

[ $system -lt 128 ] ||
	skip "arping -z fails with the system library too (exit $system)"
[ $ours -lt 128 ] || fail "killed by signal $((ours - 128)) with this library"
[ $ours -eq $system ] || fail "exit $ours, the system library's $system"
grep 'packets transmitted' "$out/system" >"$out/system.stats"
grep 'packets transmitted' "$out/ours" >"$out/ours.stats"
cmp -s "$out/system.stats" "$out/ours.stats" || fail "statistics differ"
echo ok
