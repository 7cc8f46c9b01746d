#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-only
# Drop-in: a program built against Debian's libseccomp runs on our
# libseccomp.so.2 unchanged, and one built against our header runs on theirs;
# every syscall macro of their header is ours too, with the same value, and
# ours adds only what libseccomp 2.6.1 or a newer kernel added.
set -u
top_builddir=${abs_top_builddir:-$(pwd)/..}
top_srcdir=${abs_top_srcdir:-$(pwd)/..}
ours=$top_builddir/src/.libs
theirs_hdr=/usr/include/seccomp.h
[ -f "$theirs_hdr" ] && [ -f "$ours/libseccomp.so.2" ] ||
	{ echo "libseccomp-dev or our shared library absent"; exit 77; }
[ "$(uname -m)" = x86_64 ] || { echo "expectations are for x86_64 hosts"; exit 77; }
# --enable-sanitizers: a program built without ASan cannot load our library
if readelf -d "$ours/libseccomp.so.2" 2>/dev/null | grep -q 'libasan'; then
	echo "sanitizer build: foreign programs cannot load an ASan library"
	exit 77
fi
theirs_dir=$(dirname "$(${CC:-cc} -print-file-name=libseccomp.so)")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

# The __SNR_ and __PNR_ macros a header defines, one name a line.
macros() {
	sed -n 's/^#define[[:space:]]*\(__[SP]NR_[A-Za-z0-9_]*\).*/\1/p' "$1" |
		sort -u
}
macros /usr/include/seccomp-syscalls.h > "$tmp/theirs.macros"
macros "$top_srcdir/include/seccomp-syscalls.h" > "$tmp/ours.macros"
[ "$(wc -l < "$tmp/theirs.macros")" -gt 700 ] ||
	{ echo "FAIL: too few macros in their header"; exit 1; }

# Every macro of theirs expands to the same tokens with our header (the
# preprocessor leaves a macro it does not know as it is), and a program
# that checks each one with a plain number here against it compiles.
{
	echo '#include <seccomp.h>'
	sed 's/.*/"&" &/' "$tmp/theirs.macros"
} > "$tmp/expand.c"
expand() {
	${CC:-cc} -E -P "$@" "$tmp/expand.c" | grep '^"__' | tr -s ' \t' ' '
}
expand > "$tmp/theirs.expanded" || exit 1
expand -I"$top_srcdir/include" -I"$top_builddir/include" \
	> "$tmp/ours.expanded" || exit 1
if ! diff -u "$tmp/theirs.expanded" "$tmp/ours.expanded"; then
	echo "FAIL: their macros expand otherwise with ours (- theirs, + ours)"
	fail=1
fi
{
	echo '#include <seccomp.h>'
	awk 'NF == 2 && $2 ~ /^-?[0-9]+$/ {
		gsub(/"/, "", $1)
		printf("_Static_assert(%s == %s, \"%s\");\n", $1, $2, $1)
	}' "$tmp/theirs.expanded"
	echo 'int main(void) { return 0; }'
} > "$tmp/values.c"
[ "$(grep -c _Static_assert "$tmp/values.c")" -gt 700 ] ||
	{ echo "FAIL: too few usable macros in their header"; exit 1; }
if ! ${CC:-cc} -I"$top_srcdir/include" -I"$top_builddir/include" \
	"$tmp/values.c" -o "$tmp/values"; then
	echo "FAIL: their macros do not all compile to their values with ours"
	fail=1
fi

# Macros of ours that 2.5.4 lacks: a __PNR_ must be libseccomp 2.6.1's
# (scripts/libseccomp-pnr) or a number below all of them, given out here for
# a syscall newer than 2.6.1; an __SNR_ must be a name whose difference from
# 2.5.4's tables tests/diff-known.txt explains (a "table:" line).
for macro in $(comm -13 "$tmp/theirs.macros" "$tmp/ours.macros"); do
	name=${macro#__?NR_}
	case $macro in
	__PNR_*)
		value=$(sed -n "s/^#define $macro \(-[0-9]*\)\$/\1/p" \
			"$top_srcdir/include/seccomp-syscalls.h")
		if ! grep -qx "$name $value" \
			"$top_srcdir/scripts/libseccomp-pnr" &&
			! { [ -n "$value" ] && [ "$value" -lt -10254 ]; }; then
			echo "FAIL: $macro ($value) is not libseccomp 2.6.1's"
			fail=1
		fi
		;;
	__SNR_*)
		if ! grep -q "^table:$name[[:space:]]" \
			"$top_srcdir/tests/diff-known.txt"; then
			echo "FAIL: $macro: tests/diff-known.txt has" \
				"no table:$name"
			fail=1
		fi
		;;
	esac
done

# Uses only the 2.5 API, with the constants compiled in from the header.
cat > "$tmp/prog.c" <<'PROG'
#include <stdio.h>
#include <unistd.h>
#include <seccomp.h>
int main(void)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ERRNO(EPERM));
	const struct scmp_version *v = seccomp_version();
	int rc = 0;

	if (ctx == NULL)
		return 2;
	rc |= seccomp_arch_add(ctx, SCMP_ARCH_X86);
	rc |= seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(read), 0);
	rc |= seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(write), 1,
			       SCMP_A0(SCMP_CMP_EQ, 1));
	rc |= seccomp_attr_set(ctx, SCMP_FLTATR_CTL_NNP, 0);
	printf("rc=%d x86_socket=%d close=%d version=%u.%u\n", rc,
	       seccomp_syscall_resolve_name_arch(SCMP_ARCH_X86, "socket"),
	       seccomp_syscall_resolve_name("close"), v->major, v->minor);
	rc |= seccomp_export_bpf(ctx, open("/dev/null", 1));
	seccomp_release(ctx);
	return rc != 0;
}
PROG
sed -i 's/#include <stdio.h>/#include <errno.h>\n#include <fcntl.h>\n#include <stdio.h>/' "$tmp/prog.c"

# built against theirs, run on ours
${CC:-cc} -I/usr/include "$tmp/prog.c" -o "$tmp/theirs" -lseccomp || exit 1
out=$(LD_LIBRARY_PATH=$ours "$tmp/theirs") || { echo "FAIL: their build on our library: $out"; fail=1; }
case "$out" in
*"version=2.6"*) ;;
*) echo "FAIL: their build did not run on our library: $out"; fail=1 ;;
esac
expected="rc=0 x86_socket=-101 close=3"
case "$out" in
"$expected"*) ;;
*) echo "FAIL: got '$out', want '$expected ...'"; fail=1 ;;
esac

# built against ours, run on theirs
${CC:-cc} -I"$top_srcdir/include" -I"$top_builddir/include" "$tmp/prog.c" \
	-o "$tmp/ours" -L"$ours" -lseccomp || exit 1
out=$(LD_LIBRARY_PATH=$theirs_dir "$tmp/ours") || { echo "FAIL: our build on their library: $out"; fail=1; }
case "$out" in
"$expected version=2.5"*) ;;
*) echo "FAIL: our build did not run on their library: $out"; fail=1 ;;
esac

[ $fail -eq 0 ] && echo ok
exit $fail
