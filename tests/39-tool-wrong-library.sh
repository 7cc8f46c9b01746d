#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-only
# 39-tool-wrong-library: an installed tool that links the library, run on
# another libseccomp.so.2 (Debian's 2.5.4, through LD_LIBRARY_PATH, as the
# loader's cache gives it after a make install without ldconfig), stops at
# once: status 1, nothing on stdout, one line on stderr naming the file
# found, its version, the build's, and the fix. Never a "symbol lookup
# error" (127), never a run on it: scmp_profile learn once waited for ever
# there. On the staged library each one runs.
set -u
top_builddir=${abs_top_builddir:-$(pwd)/..}
[ -n "${libdir:-}" ] && [ -n "${bindir:-}" ] ||
	{ echo "run by make check (tests/Makefile.am names the directories)"; exit 77; }
[ -f "$top_builddir/src/.libs/libseccomp.so.2" ] ||
	{ echo "no shared library (static-only build)"; exit 77; }
triplet=$(${CC:-cc} -print-multiarch 2>/dev/null)
theirs=""
for d in /lib/$triplet /usr/lib/$triplet /lib64 /usr/lib64; do
	[ -f "$d/libseccomp.so.2" ] && { theirs=$d/libseccomp.so.2; break; }
done
[ -n "$theirs" ] || { echo "no system libseccomp.so.2 (Debian: libseccomp2)"; exit 77; }
their_ver=$(readlink -f "$theirs" | sed -n 's/.*libseccomp\.so\.\([0-9.]*\)$/\1/p')
our_ver=$(awk '/define SCMP_VER_(MAJOR|MINOR|MICRO)/ { printf "%s%s", sep, $3; sep = "." }' \
	"$top_builddir/include/seccomp.h")
[ -n "$their_ver" ] && [ "$their_ver" != "$our_ver" ] ||
	{ echo "the system's libseccomp.so.2 is not another version ($their_ver)"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/wrong-library.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/theirs"
ln -s "$theirs" "$tmp/theirs/libseccomp.so.2"
fails=0

for dir in src tools; do
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL ${MAKE:-make} \
		-C "$top_builddir/$dir" install DESTDIR="$tmp/root" \
		> "$tmp/log" 2>&1 ||
		{ cat "$tmp/log"; echo "FAIL: make install in $dir"; exit 1; }
done

# wrong TOOL ARGS...: on theirs, the one line and status 1 within seconds
wrong() {
	tool=$1
	shift
	(cd "$tmp" && LD_LIBRARY_PATH=$tmp/theirs timeout 10 \
		"$tmp/root$bindir/$tool" "$@" > "$tmp/out" 2> "$tmp/err")
	rc=$?
	want="$tool: wrong library: $tmp/theirs/libseccomp.so.2 is libseccomp $their_ver, built for $our_ver in $libdir: run ldconfig (as root) after make install, or put $libdir first in LD_LIBRARY_PATH"
	if [ $rc -ne 1 ] || [ -s "$tmp/out" ] ||
		[ "$(cat "$tmp/err")" != "$want" ]; then
		echo "FAIL: $tool $*: status $rc (want 1), stdout:"
		sed 's/^/    /' "$tmp/out"
		echo "  stderr:"
		sed 's/^/    /' "$tmp/err"
		echo "  want on stderr: $want"
		fails=$((fails + 1))
	else
		echo "ok: $tool $*: $(cat "$tmp/err")"
	fi
}

# right TOOL WANT ARGS...: on the staged library, status 0, WANT on stdout
right() {
	tool=$1 want=$2
	shift 2
	out=$(LD_LIBRARY_PATH=$tmp/root$libdir timeout 10 \
		"$tmp/root$bindir/$tool" "$@" 2> "$tmp/err")
	rc=$?
	if [ $rc -ne 0 ] || ! echo "$out" | grep -qF -- "$want"; then
		echo "FAIL: $tool $* on ours: status $rc, \"$out\", want \"$want\""
		sed 's/^/    /' "$tmp/err"
		fails=$((fails + 1))
	fi
}

tools=0
for bin in "$tmp/root$bindir"/*; do
	readelf -d "$bin" 2>/dev/null | grep -q 'NEEDED.*\[libseccomp\.so\.2\]' ||
		continue
	tool=$(basename "$bin")
	tools=$((tools + 1))
	case $tool in
	scmp_sys_resolver)
		wrong "$tool" read
		wrong "$tool" -a x86 -t socket
		right "$tool" 0 read
		;;
	scmp_profile)
		echo '{"defaultAction": "SCMP_ACT_ALLOW"}' > "$tmp/p.json"
		wrong "$tool" --version
		wrong "$tool" compile -o x.bpf p.json
		wrong "$tool" learn -o x.json -- true
		right "$tool" "libseccomp $our_ver" --version
		;;
	*)
		wrong "$tool" --help
		;;
	esac
done
[ $tools -gt 0 ] || { echo "FAIL: no installed tool links the library"; exit 1; }
[ ! -e "$tmp/x.bpf" ] && [ ! -e "$tmp/x.json" ] ||
	{ echo "FAIL: a tool wrote its output on the wrong library"; fails=$((fails + 1)); }
exit $((fails > 0))
