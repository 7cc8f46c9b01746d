#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-only
# The built library's ABI: exported symbols, soname, version agreement, and
# a header that compiles alone in C and C++.
set -u
top_builddir=${top_builddir:-..}
top_srcdir=${top_srcdir:-..}
srcdir=${srcdir:-.}
so=$top_builddir/src/.libs/libseccomp.so
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

[ -f "$so" ] || { echo "no shared library (static-only build)"; exit 77; }

# 1. exactly the committed list of symbols, nothing internal (names without
#    their version, "@@LIBSECCOMP_2.7", which 04-abi-symver.sh checks)
nm -D --defined-only "$so" | awk '$2 == "T" { sub(/@.*/, "", $3); print $3 }' |
	sort > "$tmp/exports"
if ! diff -u "$srcdir/exports.txt" "$tmp/exports"; then
	echo "FAIL: exported symbols differ from tests/exports.txt"
	fail=1
fi
grep -q . "$tmp/exports" || { echo "FAIL: nothing exported"; fail=1; }

# 2. the soname programs link against
soname=$(objdump -p "$so" | awk '$1 == "SONAME" { print $2 }')
if [ "$soname" != "libseccomp.so.2" ]; then
	echo "FAIL: soname is '$soname', want libseccomp.so.2"
	fail=1
fi

# 3. each public header compiles on its own, in C and in C++
inc="-I$top_srcdir/include -I$top_builddir/include"
for hdr in seccomp.h seccomp-kvers.h seccomp-ext.h; do
	echo "#include <$hdr>" > "$tmp/alone.c"
	${CC:-cc} $inc -Wall -Werror -c "$tmp/alone.c" -o "$tmp/alone.o" ||
		{ echo "FAIL: $hdr does not compile alone in C"; fail=1; }
	cp "$tmp/alone.c" "$tmp/alone.cc"
	if command -v "${CXX:-c++}" >/dev/null 2>&1; then
		${CXX:-c++} $inc -Wall -Werror -c "$tmp/alone.cc" \
			-o "$tmp/alone.o" ||
			{ echo "FAIL: $hdr does not compile in C++"; fail=1; }
	fi
done
# seccomp.h brings enum scmp_kver, and its feature test, from seccomp-kvers.h
printf '#include <seccomp.h>\n#ifndef _SECCOMP_H_KVERS\n#error no kvers\n#endif\nint v = SCMP_KV_6_17;\n' \
	> "$tmp/kvers.c"
${CC:-cc} $inc -Wall -Werror -c "$tmp/kvers.c" -o "$tmp/kvers.o" ||
	{ echo "FAIL: seccomp.h does not give enum scmp_kver"; fail=1; }
# libseccomp's headers never bring in ours: a program asks for it
printf '#include <seccomp.h>\n#ifdef SECCOMP_EXT_H\n#error ext\n#endif\n' \
	> "$tmp/noext.c"
${CC:-cc} $inc -Wall -Werror -c "$tmp/noext.c" -o "$tmp/noext.o" ||
	{ echo "FAIL: seccomp.h includes seccomp-ext.h"; fail=1; }
# seccomp-syscalls.h refuses to be included directly
echo '#include <seccomp-syscalls.h>' > "$tmp/direct.c"
if ${CC:-cc} $inc -c "$tmp/direct.c" -o "$tmp/direct.o" 2>/dev/null; then
	echo "FAIL: seccomp-syscalls.h can be included without seccomp.h"
	fail=1
fi

# 4. the pkg-config version is the header's
pcver=$(sed -n 's/^Version: //p' "$top_builddir/libseccomp.pc")
hdrver=$(awk '/define SCMP_VER_(MAJOR|MINOR|MICRO)/ { printf "%s%s", sep, $3; sep = "." }' \
	"$top_builddir/include/seccomp.h")
if [ "$pcver" != "$hdrver" ]; then
	echo "FAIL: libseccomp.pc says $pcver, seccomp.h says $hdrver"
	fail=1
fi
# every field pkg-config documents is there (URL was missing once)
for field in Name Description URL License Version Libs Cflags; do
	if ! grep -q "^$field: ." "$top_builddir/libseccomp.pc"; then
		echo "FAIL: libseccomp.pc has no $field"
		fail=1
	fi
done
if ! grep -qx 'License: LGPL-2.1-only' "$top_builddir/libseccomp.pc"; then
	echo "FAIL: libseccomp.pc's License is not LGPL-2.1-only"
	fail=1
fi

[ $fail -eq 0 ] && echo ok
exit $fail
