#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-only
# 04-abi-install: make install DESTDIR=... puts exactly the listed files in
# place: tests/install-upstream.txt (libseccomp's own set) with
# --disable-extras, and tests/install-extras.txt (ours) as well without it.
# A file added to the install is added to a list: a decision, not an
# accident. The configured directories and what was built (jansson, z3,
# python) come from tests/Makefile.am; make distcheck runs it in both
# configurations.
set -u
top_builddir=${abs_top_builddir:-$(pwd)/..}
srcdir=${srcdir:-.}
[ -n "${bindir:-}" ] && [ -n "${INSTALL_EXTRAS:-}" ] ||
	{ echo "run by make check (tests/Makefile.am names the directories)"; exit 77; }
[ -f "$top_builddir/src/.libs/libseccomp.so.2" ] ||
	{ echo "no shared library (static-only build)"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/abi-install.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

# The lists' lines for this build, with the directories filled in.
expected() {
	awk -v features=" $INSTALL_FEATURES " '
		/^#/ || NF == 0 { next }
		NF == 3 && $2 == "if" { if (index(features, " " $3 " ") == 0) next }
		NF != 1 && !(NF == 3 && $2 == "if") {
			print "bad line " FILENAME ":" FNR > "/dev/stderr"; exit 1
		}
		{
			path = $1
			while (match(path, /\$\{[A-Za-z_]+\}/)) {
				name = substr(path, RSTART + 2, RLENGTH - 3)
				if (!(name in ENVIRON) || ENVIRON[name] == "") {
					print "no value for ${" name "}" > "/dev/stderr"
					exit 1
				}
				path = substr(path, 1, RSTART - 1) ENVIRON[name] \
					substr(path, RSTART + RLENGTH)
			}
			print path
		}' "$@" | sort
}

lists=$srcdir/install-upstream.txt
[ "$INSTALL_EXTRAS" = no ] || lists="$lists $srcdir/install-extras.txt"
# shellcheck disable=SC2086
expected $lists > "$tmp/expected" || exit 1

# make install of the whole tree, as make check's own make would not
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL ${MAKE:-make} -C "$top_builddir" \
	install DESTDIR="$tmp/root" > "$tmp/log" 2>&1 ||
	{ cat "$tmp/log"; echo "FAIL: make install"; exit 1; }
(cd "$tmp/root" && find . ! -type d | sed 's|^\.||' | sort) > "$tmp/installed"

if ! diff -u "$tmp/expected" "$tmp/installed"; then
	echo "FAIL: make install (+) differs from $lists (-)"
	exit 1
fi
echo "ok: $(wc -l < "$tmp/installed") files (extras: $INSTALL_EXTRAS)"
