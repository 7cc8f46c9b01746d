#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-only
# 76-live-threads and 43-basic-systab-threads under ThreadSanitizer: the
# library's sources and each test built together with -fsanitize=thread,
# so that a data race on the library's process-wide state (probe answers,
# API level, notification sizes, listener fd, spare blocks, the run-time
# syscall table) fails the test even where the race gives every thread
# the right answer. Skips where the compiler cannot
# build and run a ThreadSanitizer program.
set -u
srcdir=${srcdir:-.}
top_srcdir=${top_srcdir:-..}
top_builddir=${top_builddir:-..}
CC=${CC:-cc}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# a compiler whose ThreadSanitizer runtime is installed; gcc needs libtsan
cc=
printf 'int main(void) { return 0; }\n' > "$tmp/probe.c"
for try in "$CC" clang gcc; do
	if $try -fsanitize=thread -o "$tmp/probe" "$tmp/probe.c" \
		>/dev/null 2>&1 && "$tmp/probe"; then
		cc=$try
		break
	fi
done
[ -n "$cc" ] || { echo "skip: no compiler here builds ThreadSanitizer programs"; exit 77; }

# every .c of src/ is the library's (src/Makefile.am lists the same); 43
# adds syscall names while other threads build filters
status=0
for prog in 76-live-threads 43-basic-systab-threads; do
	if ! $cc -fsanitize=thread -g -O1 -pthread \
		-I"$top_srcdir/include" -I"$top_builddir/include" \
		-I"$srcdir/lib" -o "$tmp/$prog" "$srcdir/$prog.c" \
		"$top_srcdir"/src/*.c > "$tmp/build.log" 2>&1; then
		cat "$tmp/build.log"
		echo "FAIL: the ThreadSanitizer build of $prog failed ($cc)"
		exit 1
	fi

	# halt_on_error: the first race ends the run with exitcode 66
	TSAN_OPTIONS="halt_on_error=1 exitcode=66 ${TSAN_OPTIONS:-}" \
		"$tmp/$prog"
	rc=$?
	case $rc in
	0)
		echo "ok: $prog ($cc)" ;;
	77)
		echo "skip: $prog" ;;
	66)
		echo "FAIL: ThreadSanitizer found a data race in $prog (above)"
		status=1 ;;
	*)
		echo "FAIL: $prog exited with $rc"
		status=1 ;;
	esac
done
exit $status
