# SPDX-License-Identifier: LGPL-2.1-only
# Sourced by the scmp_profile script tests, $test_name set first:
# $tool, $tmp (removed on exit), the pass and fail counts and verdict();
# without the tool (built without jansson) the test skips.

tool=${top_builddir:-..}/tools/scmp_profile
if [ ! -x "$tool" ]; then
	echo "skipped: no $tool (built without jansson)" >&2
	exit 77
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/$test_name.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
failed=0 passed=0

# verdict NAME WHY: a case passed if WHY is empty (its first line of
# $tmp/err shown), else failed (WHY and $tmp/err shown); counted
verdict() {
	if [ -n "$2" ]; then
		echo "FAIL $1: $2"
		sed 's/^/    /' "$tmp/err"
		failed=$((failed + 1))
	else
		echo "ok   $1: $(head -n 1 "$tmp/err")"
		passed=$((passed + 1))
	fi
}
