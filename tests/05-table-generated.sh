#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-only
# The committed syscall tables must be exactly what scripts/syscalls-gen
# makes of the committed src/syscalls.csv (edit the CSV, never the outputs).

# $srcdir is the top of the source tree, as automake's harness sets it; run
# by hand, the tree this script sits in.
top=${srcdir:-$(dirname "$0")/..}
if [ ! -f "$top/src/syscalls.csv" ] && [ -f "$top/../src/syscalls.csv" ]; then
	top=$top/..
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/05-table-generated.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM

gen=$top/scripts/syscalls-gen
csv=$top/src/syscalls.csv
rc=0
for pair in table:src/syscalls-table.c header:include/seccomp-syscalls.h; do
	kind=${pair%%:*}
	file=${pair#*:}
	if ! sh "$gen" "$kind" "$csv" "$tmp/out"; then
		echo "FAIL: scripts/syscalls-gen $kind failed"
		rc=1
	elif ! diff -u "$top/$file" "$tmp/out"; then
		echo "FAIL: $file differs from the output of" \
			"scripts/syscalls-gen $kind src/syscalls.csv"
		echo "      (run scripts/syscalls-gen all)"
		rc=1
	else
		echo "ok: $file"
	fi
done
exit $rc
