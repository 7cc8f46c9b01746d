#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-only
# The committed syscall tables must be exactly what scripts/syscalls-gen
# makes of the committed src/syscalls.csv (edit the CSV, never the outputs),
# and the generator must refuse a CSV that would make wrong tables.

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

# The generator refuses a CSV it would make wrong tables of: a pseudo number
# above -101 (a table number -1 would be a tracer's "skip this call"), and a
# multiplexer that is no row (its calls would have nowhere to go).
refuse() {
	if sh "$gen" table "$tmp/bad.csv" "$tmp/out" 2>"$tmp/err"; then
		echo "FAIL: scripts/syscalls-gen accepts a CSV with $1"
		rc=1
	elif ! grep -q "$2" "$tmp/err"; then
		echo "FAIL: scripts/syscalls-gen refuses a CSV with $1, but says:"
		cat "$tmp/err"
		rc=1
	else
		echo "ok: refuses $1"
	fi
}
sed 's/^socket,-101,/socket,-1,/' "$csv" > "$tmp/bad.csv"
refuse "pseudo number -1" "socket: bad pseudo number"
sed 's/^accept,-105,/accept,-100,/' "$csv" > "$tmp/bad.csv"
refuse "pseudo number -100" "accept: bad pseudo number"
grep -v '^socketcall,' "$csv" > "$tmp/bad.csv"
refuse "no socketcall row" "socketcall: not a syscall"
exit $rc
