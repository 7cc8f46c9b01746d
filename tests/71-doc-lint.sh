#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-only
# Man page lint: mandoc -Tlint must report nothing (and groff -ww, where
# installed), pages must fit an 80-column terminal, and code displays must
# use \- and \(aq so that what a reader copies compiles.
set -u
top_srcdir=${top_srcdir:-..}
fail=0

command -v mandoc >/dev/null 2>&1 || { echo "mandoc not installed"; exit 77; }

# .so paths are relative to the top of the man tree
cd "$top_srcdir/doc/man" || exit 1
pages=$(ls man1/*.1 man3/*.3 2>/dev/null)
[ -n "$pages" ] || { echo "FAIL: no pages"; exit 1; }

bs=$(printf '\b')
for page in $pages; do
	# An alias is the one line ".so man3/page.3", the way libseccomp and
	# man-db name a function documented with others; mandoc's advice to
	# use ln(1) instead is the only message it may give for one.
	if sed -n '1p' "$page" | grep -q '^\.so '; then
		out=$(mandoc -Tlint -Wwarning "$page" 2>&1 |
		      grep -v 'WARNING: \.so is fragile, better use ln(1)')
	else
		out=$(mandoc -Tlint -Wwarning "$page" 2>&1)
	fi
	if [ -n "$out" ]; then
		echo "FAIL: mandoc -Tlint $page:"
		echo "$out"
		fail=1
	fi

	if command -v groff >/dev/null 2>&1; then
		out=$(groff -man -ww -z -Tutf8 "$page" 2>&1)
		if [ -n "$out" ]; then
			echo "FAIL: groff -ww $page:"
			echo "$out"
			fail=1
		fi
	fi

	# no line of the rendered page passes column 80
	out=$(mandoc -Tascii -Owidth=80 "$page" 2>/dev/null |
	      sed "s/.$bs//g" | awk 'length > 80 { print NR ": " $0 }')
	if [ -n "$out" ]; then
		echo "FAIL: $page: lines wider than 80 columns:"
		echo "$out"
		fail=1
	fi

	# in code displays a bare - renders as a hyphen and ' as a quote mark
	out=$(awk '/^\.EX/ { on = 1; next } /^\.EE/ { on = 0; next }
		   on && (/(^|[^\\])-/ || /\x27/) { print FILENAME ":" FNR ": " $0 }' \
		  "$page")
	if [ -n "$out" ]; then
		echo "FAIL: use \\- and \\(aq in code displays:"
		echo "$out"
		fail=1
	fi
done

[ $fail -eq 0 ] && echo "ok: $(echo "$pages" | wc -l) pages"
exit $fail
