#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-only
# The EXAMPLES programs of the man pages and the README's C program compile
# without warnings and link against the built library.
#
# Convention: in the EXAMPLES section of a page, a display (.EX to .EE) whose
# first line is an #include is a complete C program; other displays (shell
# sessions, output) are not compiled. Every man3 page that is not a .so
# alias has at least one program. Set DOC_EXAMPLES_DIR to keep the
# extracted programs there (to edit or run them).
set -u
top_srcdir=${top_srcdir:-..}
top_builddir=${top_builddir:-..}
abs_top_srcdir=${abs_top_srcdir:-$(cd "$top_srcdir" && pwd)}
abs_top_builddir=${abs_top_builddir:-$(cd "$top_builddir" && pwd)}
CC=${CC:-cc}
so=$abs_top_builddir/src/.libs/libseccomp.so
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
count=0

[ -f "$so" ] || { echo "no shared library (static-only build)"; exit 77; }

# a library built with --enable-sanitizers needs their runtimes in programs
san=
undef=$(nm -D --undefined-only "$so" 2>/dev/null)
case $undef in *" __asan_"*) san="$san -fsanitize=address" ;; esac
case $undef in *" __ubsan_"*) san="$san -fsanitize=undefined" ;; esac

# man(7) escapes used in code displays, back to C
unescape() {
	sed -e 's/\\(aq/'"'"'/g' -e 's/\\(dq/"/g' -e 's/\\(ti/~/g' \
	    -e 's/\\(ha/^/g' -e 's/\\-/-/g' -e 's/\\&//g' -e 's/\\e/\\/g'
}

for page in "$abs_top_srcdir"/doc/man/man3/*.3; do
	sed -n '1p' "$page" | grep -q '^\.so ' && continue
	name=$(basename "$page" .3)
	# split the section's displays into $tmp/$name-N.roff
	awk -v out="$tmp/$name" '
		/^\.SH / { ex = ($0 ~ /^\.SH "?EXAMPLES"?$/); next }
		ex && /^\.EX/ { n++; file = out "-" n ".roff"; on = 1; next }
		ex && /^\.EE/ { on = 0; close(file); next }
		on { print > file }' "$page"
	progs=0
	for roff in "$tmp/$name"-*.roff; do
		[ -f "$roff" ] || continue
		head -n 1 "$roff" | grep -q '^#include' || continue
		progs=$((progs + 1))
		src=${roff%.roff}.c
		unescape < "$roff" > "$src"
		# -Wextra without -Wmissing-field-initializers: the SCMP_A*()
		# macros leave datum_b out, as seccomp_rule_add(3) explains
		if ! out=$($CC $san -Wall -Wextra \
			   -Wno-missing-field-initializers -Werror \
			   -I"$abs_top_srcdir/include" \
			   -I"$abs_top_builddir/include" -o "${src%.c}" \
			   "$src" "$so" 2>&1); then
			echo "FAIL: $name(3): example $progs does not build:"
			echo "$out"
			fail=1
		fi
	done
	if [ $progs -eq 0 ]; then
		echo "FAIL: $name(3): no example program (an EXAMPLES display" \
		     "starting with #include)"
		fail=1
	fi
	count=$((count + progs))
done

# The README's C program (a ```c block with a main()) builds and does what
# the README says: prints "allowed", then the kernel kills it with SIGSYS.
awk -v out="$tmp/readme" '
	/^```c$/ { n++; file = out "-" n ".c"; on = 1; next }
	on && /^```$/ { on = 0; close(file); next }
	on { print > file }' "$abs_top_srcdir/README.md"
for src in "$tmp"/readme-*.c; do
	[ -f "$src" ] && grep -q '^int main' "$src" || continue
	count=$((count + 1))
	if ! out=$($CC $san -Wall -Wextra -Wno-missing-field-initializers \
		   -Werror -I"$abs_top_srcdir/include" \
		   -I"$abs_top_builddir/include" -o "${src%.c}" "$src" "$so" 2>&1)
	then
		echo "FAIL: README: $(basename "$src") does not build:"
		echo "$out"
		fail=1
		continue
	fi
	got=$(LD_LIBRARY_PATH="${so%/*}" "${src%.c}" 2>/dev/null)
	rc=$?
	if [ "$got" != allowed ] || [ $rc -ne $((128 + 31)) ]; then
		echo "FAIL: README's program printed '$got', exit $rc" \
		     "(want 'allowed', killed by SIGSYS: 159)"
		fail=1
	fi
done

if [ -n "${DOC_EXAMPLES_DIR:-}" ]; then
	mkdir -p "$DOC_EXAMPLES_DIR" && cp "$tmp"/*.c "$DOC_EXAMPLES_DIR"/
fi
[ $fail -eq 0 ] && echo "ok: $count example programs"
exit $fail
