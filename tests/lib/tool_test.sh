# SPDX-License-Identifier: LGPL-2.1-only
# Sourced by the tests of the BPF tools (12, 86): fail() counts a failed
# check in $fails; find_tool NAME prints the built tool's path, looked for
# in $TOOLS_DIR, $abs_top_builddir/tools, $top_builddir/tools,
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
