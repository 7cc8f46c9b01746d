#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-only
# 78-live-programs: Debian programs that sandbox themselves with libseccomp
# work with this library as with the system's.
#
# Each program that is installed runs the same work twice, with the
# system's libseccomp.so.2 and with this tree's (LD_LIBRARY_PATH, checked
# with ldd): the exit status and the output must be the same.
#  - systemd's own seccomp test suite (Debian: systemd-tests): it builds
#    and loads systemd's filter sets, restrictions on address families,
#    namespaces, realtime, personality, W^X, SUID/SGID, architectures. Its
#    log differs where this library knows syscalls that 2.5.4 does not,
#    so only its exit status is compared.
#  - universal-ctags' sandbox mode (an allow-list, then JSON requests);
#  - man(1) of man-db, which loads a filter in each of its processes.
# Programs that are not installed are left out; exit 77 if none is, or in
# a sanitizer build (programs built without ASan cannot load the library).

set -u

lib=${abs_top_builddir:-$(cd "$(dirname "$0")/.." && pwd)}/src/.libs
srcdir=${srcdir:-.}
top_srcdir=${top_srcdir:-..}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/78-programs.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
ran=

[ -r "$lib/libseccomp.so.2" ] || { echo "SKIP: no $lib/libseccomp.so.2 (static-only build)"; exit 77; }
if readelf -d "$lib/libseccomp.so.2" 2>/dev/null | grep -q libasan; then
	echo "SKIP: sanitizer build: Debian's programs cannot load an ASan library"
	exit 77
fi

# links PROGRAM [LIBRARY]: whether it loads libseccomp.so.2, and with
# LD_LIBRARY_PATH this tree's (ldd follows libmagic and the like).
links_ours() {
	ldd "$1" 2>/dev/null | grep -q 'libseccomp\.so\.2' || return 1
	LD_LIBRARY_PATH=$lib ldd "$1" | grep -q "$lib/libseccomp\.so\.2" && return 0
	echo "FAIL: LD_LIBRARY_PATH=$lib does not give $1 this library"
	fail=1
	return 1
}

# same NAME CMD...: runs CMD with each library; stdout and status agree.
same() {
	name=$1
	shift
	"$@" > "$tmp/sys.out" 2> "$tmp/sys.err"
	sys=$?
	LD_LIBRARY_PATH=$lib "$@" > "$tmp/ours.out" 2> "$tmp/ours.err"
	ours=$?
	if [ $sys -ne $ours ]; then
		echo "FAIL: $name: exit $ours with this library, $sys with the system's"
		sed 's/^/  stderr: /' "$tmp/ours.err" | tail -n 5
		fail=1
	elif ! cmp -s "$tmp/sys.out" "$tmp/ours.out"; then
		echo "FAIL: $name: output differs from the system library's:"
		diff "$tmp/sys.out" "$tmp/ours.out" | head -n 10
		fail=1
	else
		echo "ok: $name (exit $ours, $(wc -l < "$tmp/ours.out") lines)"
	fi
	ran="$ran $name"
}

# systemd's test-seccomp: its status says whether every check held
t=/usr/lib/systemd/tests/test-seccomp
if [ -x "$t" ] && links_ours "$t"; then
	same test-seccomp sh -c '"$0" >/dev/null 2>&1; echo "exit $?"' "$t"
fi

# universal-ctags: tags of a C source sent over its sandboxed interactive
# mode (the request says the size; the source follows it)
c=$(command -v ctags-universal)
if [ -n "$c" ] && links_ours "$c"; then
	src="int main(void) { return helper(1); }
static int helper(int x) { return x; }
"
	printf '{"command":"generate-tags","filename":"x.c","size":%d}\n%s' \
		${#src} "$src" > "$tmp/request"
	same ctags-sandbox sh -c '"$0" --_interactive=sandbox < "$1"' \
		"$c" "$tmp/request"
fi

# man(1): a page of this tree, formatted by man-db's sandboxed helpers
m=$(command -v man)
if [ -n "$m" ] && links_ours "$m" && command -v groff >/dev/null 2>&1; then
	same man env MANWIDTH=80 MAN_KEEP_FORMATTING= "$m" -P cat \
		-l "$top_srcdir/doc/man/man3/seccomp_init.3"
fi

[ -n "$ran" ] || { echo "SKIP: none of test-seccomp, ctags-universal, man links libseccomp here"; exit 77; }
[ $fail -eq 0 ] && echo ok
exit $fail
