#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-only
# Developer check: src/syscalls.csv must be what scripts/syscalls-csv makes of
# the syscalls-table data set (../shared/data/syscalls-table/ beside the
# source tree, or $SHARED_DATA/syscalls-table), syscalls-kver.tsv beside it
# and Debian's linux-libc-dev-*-cross headers.  Skipped (77) where those
# inputs or python3 are missing, as in a release tarball.

top=${srcdir:-$(dirname "$0")/..}
if [ ! -f "$top/src/syscalls.csv" ] && [ -f "$top/../src/syscalls.csv" ]; then
	top=$top/..
fi
data=${SHARED_DATA:-$top/../shared/data}/syscalls-table

if [ ! -d "$data" ]; then
	echo "SKIP: no syscalls-table data at $data"
	exit 77
fi
if ! command -v python3 >/dev/null 2>&1; then
	echo "SKIP: python3 not found"
	exit 77
fi
if ! python3 "$top/scripts/syscalls-csv" --check -d "$data"; then
	echo "SKIP: inputs missing (apt-get install linux-libc-dev-<arch>-cross)"
	exit 77
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/06-table-sources.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM

if ! python3 "$top/scripts/syscalls-csv" -d "$data" \
	--csv "$top/src/syscalls.csv" -o "$tmp/syscalls.csv"; then
	echo "FAIL: scripts/syscalls-csv failed"
	exit 1
fi
if ! diff -u "$top/src/syscalls.csv" "$tmp/syscalls.csv"; then
	echo "FAIL: src/syscalls.csv is out of date with $data"
	echo "      (run scripts/syscalls-csv, review, then scripts/syscalls-gen all)"
	exit 1
fi
echo "ok: src/syscalls.csv matches the data set"
exit 0
