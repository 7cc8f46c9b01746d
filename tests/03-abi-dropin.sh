#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-only
# Drop-in: a program built against Debian's libseccomp runs on our
# libseccomp.so.2 unchanged, and one built against our header runs on theirs.
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
fail=0

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
