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
# above -101 (a table number -1 would be a tracer's "skip this call"), a
# multiplexer that is no row (its calls would have nowhere to go), and
# first versions that cannot be right: later than the table's kernel, none
# of enum scmp_kver, or a new call (number 403 and up) that one ABI got in
# another release than the others without a "#differs" line saying why.
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
sed 's/^#kernel .*/#kernel 6.6/' "$csv" > "$tmp/bad.csv"
refuse "a version after the kernel's" "later than the kernel 6.6"
sed 's/^\(clone3,[^,]*\),435@5\.3,/\1,435@5.21,/' "$csv" > "$tmp/bad.csv"
refuse "Linux 5.21" "clone3: 5.21 on x86 is no version"
sed 's/^\(clone3,[^,]*\),435@5\.3,/\1,435@5.4,/' "$csv" > "$tmp/bad.csv"
refuse "x86's clone3 a release late" "clone3: first version on x86 differs"
grep -v '^#differs clone3 ' "$csv" > "$tmp/bad.csv"
refuse "MIPS's clone3 late, unexplained" "clone3: first version on m68k differs"
sed 's/^\(accept4,[^,]*\),364@4\.3,/\1,364@3.0,/' "$csv" > "$tmp/bad.csv"
refuse "a version as old as the ABI" "accept4: 3.0 on x86 is as old as the ABI"
exit $rc
