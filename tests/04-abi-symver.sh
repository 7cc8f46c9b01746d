#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-only
# Symbol versions (--enable-symbol-versions, src/libseccomp.map): the map
# is libseccomp's proposal exactly, plus our extensions' node; a library
# linked with it versions every export; a program linked against the
# versioned library runs on the unversioned one and the other way round.
#
# Both libraries are linked here from the objects of the one built, so the
# test runs whichever way the tree was configured; the built library is
# then checked to be one of the two.
set -u
top_builddir=${top_builddir:-..}
top_srcdir=${top_srcdir:-..}
srcdir=${srcdir:-.}
abs_top_builddir=${abs_top_builddir:-$(cd "$top_builddir" && pwd)}
abs_top_srcdir=${abs_top_srcdir:-$(cd "$top_srcdir" && pwd)}
so=$top_builddir/src/.libs/libseccomp.so
map=$abs_top_srcdir/src/libseccomp.map
CC=${CC:-cc}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

err() {
	echo "FAIL: $*"
	fail=1
}

[ -f "$so" ] || { echo "no shared library (static-only build)"; exit 77; }
if readelf -d "$so" 2>/dev/null | grep -q 'libasan'; then
	echo "sanitizer build: programs built here cannot load it"
	exit 77
fi

# The 38 names of libseccomp's proposal (its LIBSECCOMP_2.7 node).
proposal="seccomp_api_get seccomp_api_set seccomp_arch_add seccomp_arch_exist
seccomp_arch_native seccomp_arch_remove seccomp_arch_resolve_name
seccomp_attr_get seccomp_attr_set seccomp_export_bpf seccomp_export_bpf_mem
seccomp_export_pfc seccomp_init seccomp_load seccomp_merge
seccomp_notify_addfd seccomp_notify_alloc seccomp_notify_fd
seccomp_notify_free seccomp_notify_id_valid seccomp_notify_receive
seccomp_notify_respond seccomp_precompute seccomp_release seccomp_reset
seccomp_rule_add seccomp_rule_add_array seccomp_rule_add_exact
seccomp_rule_add_exact_array seccomp_syscall_priority
seccomp_syscall_resolve_name seccomp_syscall_resolve_name_arch
seccomp_syscall_resolve_name_rewrite seccomp_syscall_resolve_num_arch
seccomp_transaction_commit seccomp_transaction_reject
seccomp_transaction_start seccomp_version"

# 1. the map: the proposal's names and seccomp_arch_name in LIBSECCOMP_2.7,
#    the extensions in LIBSECCOMP_EXT_1 after it, global: only, and every
#    export in one node
node() {
	sed -n "/^$1 {/,/^}/p" "$map" |
		sed -n 's/^[[:space:]]*\(seccomp_[a-z0-9_]*\);$/\1/p' | sort
}
node LIBSECCOMP_2.7 > "$tmp/node27"
node LIBSECCOMP_EXT_1 > "$tmp/nodeext"
# shellcheck disable=SC2086 # $proposal is a list of names
printf '%s\n' $proposal | sort > "$tmp/want27"
[ "$(wc -l < "$tmp/want27")" -eq 38 ] || err "the proposal's list is not 38"
echo seccomp_arch_name >> "$tmp/want27"
sort -o "$tmp/want27" "$tmp/want27"
diff -u "$tmp/want27" "$tmp/node27" || err "LIBSECCOMP_2.7 is not the proposal's"
grep '^seccomp_ext_' "$srcdir/exports.txt" > "$tmp/wantext"
diff -u "$tmp/wantext" "$tmp/nodeext" || err "LIBSECCOMP_EXT_1 is not the extensions"
grep -q '^} LIBSECCOMP_2.7;$' "$map" || err "LIBSECCOMP_EXT_1 does not depend on LIBSECCOMP_2.7"
[ "$(grep -c '^[A-Z].* {$' "$map")" -eq 2 ] || err "the map has other nodes"
grep -q 'local:' "$map" && err "the map has a local: section"
sort "$tmp/node27" "$tmp/nodeext" | diff -u "$srcdir/exports.txt" - ||
	err "the exports and the map's names differ"

# 2. the library twice from its own objects (libtool's PIC ones, as listed
#    by src/Makefile itself): without versions and with them. The make of
#    make check is not told (its flags would print directories, and more).
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s --no-print-directory \
	-C "$abs_top_builddir/src" -f Makefile \
	-f "$abs_top_srcdir/src/python/objects.mk" print-libseccomp-objects \
	2>/dev/null | sed -n '/^\/.*\.lo$/p' > "$tmp/lo"
[ -s "$tmp/lo" ] || { echo "FAIL: cannot list the objects"; exit 1; }
objs=
while read -r lo; do
	pic=$(sed -n "s/^pic_object='\(.*\)'\$/\1/p" "$lo")
	[ -n "$pic" ] || { echo "FAIL: $lo has no PIC object"; exit 1; }
	objs="$objs $(dirname "$lo")/$pic"
done < "$tmp/lo"
[ -n "$objs" ] || { echo "FAIL: no objects"; exit 1; }
extra=
nm "$so" 2>/dev/null | grep -q ' __gcov_' && extra=--coverage
link() {
	mkdir -p "$tmp/$1"
	# shellcheck disable=SC2086 # lists of objects and flags
	$CC -shared $extra -Wl,-soname,libseccomp.so.2 $2 $objs \
		-o "$tmp/$1/libseccomp.so.2" || return 1
	ln -s libseccomp.so.2 "$tmp/$1/libseccomp.so"
}
link plain "" || { echo "FAIL: cannot link the library"; exit 1; }
link ver "-Wl,--version-script=$map" ||
	{ echo "FAIL: cannot link the library with the map"; exit 1; }

# "VERSION name" of each function a library exports; "Base name" for one
# without a version
versions() {
	objdump -T "$1" | awk '$4 == ".text" && $2 == "g" { print $6, $NF }' |
		sort -k2
}
versions "$tmp/ver/libseccomp.so.2" > "$tmp/ver.versions"
{
	sed 's/^/LIBSECCOMP_2.7 /' "$tmp/node27"
	sed 's/^/LIBSECCOMP_EXT_1 /' "$tmp/nodeext"
} | sort -k2 > "$tmp/want.versions"
diff -u "$tmp/want.versions" "$tmp/ver.versions" ||
	err "the versioned library's symbols are not as the map says"
versions "$tmp/plain/libseccomp.so.2" > "$tmp/plain.versions"
sed 's/^/Base /' "$srcdir/exports.txt" | diff -u - "$tmp/plain.versions" ||
	err "the unversioned library has versions"
objdump -p "$tmp/ver/libseccomp.so.2" | grep -A1 'LIBSECCOMP_EXT_1$' |
	grep -q 'LIBSECCOMP_2.7' || err "no LIBSECCOMP_EXT_1 -> LIBSECCOMP_2.7"

# 3. a program linked against each, run on the other (of the extensions'
# bits, the first two: later ones need not change this test)
cat > "$tmp/prog.c" <<'PROG'
#include <stdio.h>
#include <seccomp.h>
#include <seccomp-ext.h>
int main(void)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
	size_t len = 0;
	int rc;

	if (ctx == NULL)
		return 2;
	rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(1), SCMP_SYS(ptrace), 0);
	rc |= seccomp_export_bpf_mem(ctx, NULL, &len);
	/* the first two bits: the call binds; later ones come and go */
	printf("rc=%d arch=%s ext=%llu len>0=%d\n", rc,
	       seccomp_arch_name(SCMP_ARCH_NATIVE),
	       (unsigned long long)(seccomp_ext_features() &
				    (SCMP_EXT_F_CMP_AND |
				     SCMP_EXT_F_NOTIFY_SET_FLAGS)),
	       len > 0);
	seccomp_release(ctx);
	return rc != 0;
}
PROG
arch=$(uname -m)
case $arch in i?86) arch=x86 ;; arm*) arch=arm ;; esac
want="rc=0 arch=$arch ext=3 len>0=1"
for lib in ver plain; do
	$CC -I"$abs_top_srcdir/include" -I"$abs_top_builddir/include" \
		"$tmp/prog.c" -o "$tmp/prog-$lib" -L"$tmp/$lib" -lseccomp ||
		{ echo "FAIL: cannot build against the $lib library"; exit 1; }
done
objdump -T "$tmp/prog-ver" | grep -q '(LIBSECCOMP_2.7) *seccomp_init$' ||
	err "the program built against the versioned library binds no version"
objdump -T "$tmp/prog-ver" |
	grep -q '(LIBSECCOMP_EXT_1) *seccomp_ext_features$' ||
	err "the program binds no LIBSECCOMP_EXT_1"
objdump -T "$tmp/prog-plain" | grep -q LIBSECCOMP &&
	err "the program built against the unversioned library binds versions"
run() { # program, library directory, allowed stderr (a regex, or empty)
	out=$(LD_LIBRARY_PATH=$tmp/$2 "$tmp/$1" 2> "$tmp/stderr")
	rc=$?
	if [ $rc -ne 0 ] || [ "$out" != "$want" ]; then
		err "$1 on the $2 library: exit $rc, '$out' (want '$want')"
	fi
	if [ -n "$3" ]; then
		grep -v "$3" "$tmp/stderr" > "$tmp/stderr.other"
	else
		cp "$tmp/stderr" "$tmp/stderr.other"
	fi
	[ -s "$tmp/stderr.other" ] &&
		err "$1 on the $2 library says: $(cat "$tmp/stderr.other")"
	cp "$tmp/stderr" "$tmp/stderr.$1.$2"
}
run prog-ver ver ""
run prog-plain plain ""
# versioned against unversioned: only ld.so's notice, the program runs
run prog-ver plain "no version information available"
grep -q "no version information available" "$tmp/stderr.prog-ver.plain" ||
	echo "note: ld.so gave no \"no version information\" notice"
# unversioned against versioned: binds to the default versions, silently
run prog-plain ver ""

# 4. the library built: one of the two, as configured
versions "$so" > "$tmp/built.versions"
if grep -q '^LIBSECCOMP' "$tmp/built.versions"; then
	diff -u "$tmp/want.versions" "$tmp/built.versions" ||
		err "the built library's versions are not the map's"
	echo "built with --enable-symbol-versions"
else
	diff -u "$tmp/plain.versions" "$tmp/built.versions" ||
		err "the built library is neither versioned nor unversioned"
	echo "built without symbol versions (the default)"
fi

[ $fail -eq 0 ] && echo ok
exit $fail
