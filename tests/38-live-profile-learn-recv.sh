#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-only
# 38-live-profile-learn-recv: scmp_profile learn ends a recording whose
# notification receive keeps failing, at once and with one clear message,
# instead of waiting for ever (libseccomp 2.5.4's receive fails with
# EINVAL every time: it hands the kernel a buffer it has not zeroed).
#
# lib/recv_fail.c, preloaded, fails every receive with one errno: EINVAL
# (fatal at once), ENOENT (a caller killed while it waited: tried again a
# bounded number of times) and EINTR that no signal of the tool's caused
# (the same). Each run must end within seconds with status 1, the message
# and no profile written.

test_name=profile-learn-recv
. "${srcdir:-.}/lib/profile_test.sh"

level=$("${top_builddir:-..}/tools/scmp_api_level")
if [ "${level:-0}" -lt 5 ]; then
	echo "skipped: no seccomp user notification here" >&2
	exit 77
fi
# a preloaded library comes before an ASan runtime, which refuses that
bin=${top_builddir:-..}/tools/.libs/scmp_profile
[ -f "$bin" ] || bin=${top_builddir:-..}/tools/scmp_profile
if readelf -d "$bin" 2>/dev/null | grep -q libasan; then
	echo "skipped: sanitizer build (a preload cannot come first)" >&2
	exit 77
fi
${CC:-cc} -shared -fPIC -o "$tmp/recv_fail.so" "${srcdir:-.}/lib/recv_fail.c" \
	-ldl || exit 1

# case ERRNO-NAME ERRNO: learn under the preload, 20 s at most
case_errno() {
	rm -f "$tmp/p.json"
	start=$(date +%s)
	LD_PRELOAD=$tmp/recv_fail.so RECV_FAIL_ERRNO=$2 timeout 20 \
		"$tool" learn -o "$tmp/p.json" -- true \
		>/dev/null 2>"$tmp/err"
	got=$?
	took=$(($(date +%s) - start))
	why=""
	[ "$got" = 1 ] || why="exit status $got, want 1 (124: still waiting)"
	[ "$took" -le 10 ] || why="$why; took $took s"
	[ "$(wc -l <"$tmp/err")" = 1 ] || why="$why; not one line on stderr"
	grep -q "cannot receive the command's system calls" "$tmp/err" ||
		why="$why; no message"
	[ ! -e "$tmp/p.json" ] || why="$why; a profile was written"
	verdict "$1" "$why"
}

case_errno EINVAL 22
case_errno ENOENT 2
case_errno EINTR 4

echo "$passed passed, $failed failed"
[ $failed = 0 ]
