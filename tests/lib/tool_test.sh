# SPDX-License-Identifier: LGPL-2.1-only
# Sourced by the tests of the BPF tools (12, 86): fail() counts a failed
# check in $fails; expect WANT_STDOUT WANT_RC CMD... checks a command's
# exact stdout and exit code (stderr goes to $T/stderr, $T being the
# test's scratch directory); find_tool NAME prints the built tool's path,
# looked for in $TOOLS_DIR, $abs_top_builddir/tools, $top_builddir/tools,
# ${builddir:-.}/../tools (automake runs tests in tests/), then ./tools.

fails=0
checks=0

fail() {
	echo "FAIL: $*" >&2
	fails=$((fails + 1))
}

find_tool() {
	if [ -n "${TOOLS_DIR:-}" ] && [ -x "$TOOLS_DIR/$1" ]; then
		echo "$TOOLS_DIR/$1"
		return
	fi
	for d in ${abs_top_builddir:+"$abs_top_builddir/tools"} \
		 ${top_builddir:+"$top_builddir/tools"} \
		 "${builddir:-.}/../tools" ./tools; do
		if [ -x "$d/$1" ]; then
			echo "$d/$1"
			return
		fi
	done
}

# expect WANT_STDOUT WANT_RC CMD...: exact stdout and exit code
expect() {
	want_out=$1
	want_rc=$2
	shift 2
	checks=$((checks + 1))
	out=$("$@" 2> "$T/stderr")
	rc=$?
	if [ "$out" != "$want_out" ] || [ "$rc" != "$want_rc" ]; then
		fail "$*: got \"$out\" rc $rc, want \"$want_out\" rc $want_rc"
		sed 's/^/    stderr: /' "$T/stderr" >&2
	fi
}
