#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-only
# The public header documents itself: every function has a doc block right
# above it that names the function, each of its parameters, its return
# contract and its man page; every type, attribute, operator and action has
# a comment; the man pages it cites exist; and the comments keep the header
# compiling as C89.
set -u
top_srcdir=${top_srcdir:-..}
top_builddir=${top_builddir:-..}
headers="$top_srcdir/include/seccomp.h.in $top_srcdir/include/seccomp-kvers.h
	$top_srcdir/include/seccomp-ext.h"
man3=$top_srcdir/doc/man/man3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

# 1. the doc block of each function, and the comment of each type,
#    enumerator and action: what a reader of the header relies on, in
#    include/$1; its functions are counted in file $2, and having none is a
#    failure unless $3 is 1
check_header() {
awk -v hname="$1" -v countfile="$2" -v may_lack="$3" '
function fail(msg) { print "FAIL: " hname ":" msg; bad = 1 }
function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }
# whether line l is (the end of) a comment standing on its own lines,
# not a trailing comment of a declaration
function comment_above(l) {
	l = trim(l)
	return l == "*/" || l ~ /^(\/\*|\*).*\*\/$/
}
# the block comment that ends right above line i: its "/**" line, or 0
function block_start(i,    j) {
	if (line[i - 1] != " */")
		return 0
	for (j = i - 2; j > 0 && line[j] ~ /^ \*/; j--)
		;
	return line[j] == "/**" ? j : 0
}
function check_function(i,    name, proto, k, ret, params, n, p, want, \
			have, start, j, text, tag) {
	match(line[i], /seccomp_[a-z0-9_]*\(/)
	name = substr(line[i], RSTART, RLENGTH - 1)
	ret = trim(substr(line[i], 1, RSTART - 1))
	proto = line[i]
	for (k = i; line[k] !~ /;/ && k < NR; k++)
		proto = proto " " line[k + 1]
	sub(/^[^(]*\(/, "", proto)
	sub(/\)[^)]*$/, "", proto)
	split("", want)
	n = split(proto, params, ",")
	for (k = 1; k <= n; k++) {
		p = trim(params[k])
		if (p == "void")
			continue
		if (p == "...") {
			want["..."] = 1
			continue
		}
		match(p, /[A-Za-z_][A-Za-z0-9_]*$/)
		want[substr(p, RSTART, RLENGTH)] = 1
	}

	start = block_start(i)
	if (start == 0) {
		fail(i ": " name ": no /** doc block right above it")
		return
	}
	if (index(line[start + 1], " * " name " - ") != 1)
		fail(start + 1 ": " name ": the block does not open with \"" \
		     name " - <summary>\"")
	split("", have)
	text = ""
	for (j = start + 1; j < i - 1; j++) {
		text = text " " line[j]
		if (match(line[j], /^ \* @[A-Za-z0-9_.]+:/)) {
			tag = substr(line[j], 5, RLENGTH - 5)
			have[tag] = 1
			if (!(tag in want))
				fail(j ": " name ": @" tag \
				     " is not a parameter")
		}
	}
	for (p in want)
		if (!(p in have))
			fail(i ": " name ": parameter " p \
			     " is not documented (@" p ":)")
	if (ret != "void" && text !~ / \* Returns /)
		fail(i ": " name ": no \"Returns ...\" paragraph")
	if (index(text, name "(3)") == 0)
		fail(i ": " name ": the block does not cite " name "(3)")
	documented++
}
{ line[NR] = $0 }
END {
	for (i = 1; i <= NR; i++) {
		if (line[i] ~ /^[a-z][a-z0-9_ ]*[ *]seccomp_[a-z0-9_]*\(/)
			check_function(i)
		if (line[i] ~ /^(struct|enum) [a-z_]+ \{/ || line[i] ~ /^typedef /)
			if (!comment_above(line[i - 1]))
				fail(i ": " line[i] ": no comment right above")
		if (line[i] ~ /^enum [a-z_]+ \{/)
			in_enum = 1
		else if (line[i] ~ /^}/)
			in_enum = 0
		else if (in_enum && line[i] ~ /^\t[A-Z_][A-Z0-9_]*[ ,=]/ &&
			 line[i] !~ /\/\*/ && !comment_above(line[i - 1]))
			fail(i ": " trim(line[i]) " has no comment")
		if (line[i] ~ /^#define SCMP_ACT_/ &&
		    !comment_above(line[i - 1]))
			fail(i ": " line[i] ": no comment right above")
	}
	if (documented == 0 && !may_lack)
		fail(" no function declarations found")
	print documented > countfile
	exit bad
}' "$top_srcdir/include/$1"
}
check_header seccomp.h.in "$tmp/count" 0 || fail=1
check_header seccomp-kvers.h "$tmp/count-kvers" 1 || fail=1
check_header seccomp-ext.h "$tmp/count-ext" 0 || fail=1

# 2. every man page the header cites exists
# shellcheck disable=SC2086 # $headers is a list of files
cat $headers | grep -o 'seccomp_[a-z0-9_]*(3)' | sort -u | while read -r ref; do
	page=${ref%(3)}
	[ -f "$man3/$page.3" ] ||
		echo "FAIL: a public header cites $ref, which has no page"
done > "$tmp/refs"
[ -s "$tmp/refs" ] && { cat "$tmp/refs"; fail=1; }

# 3. comments in C89 style: the header compiles as C89, as it did before
#    it had them, and no comment draws a warning (// or a nested /*).
#    Included by path: <seccomp.h> could find the system's libseccomp.
built=$top_builddir/include/seccomp.h
[ -f "$built" ] || { echo "FAIL: no $built (run configure)"; exit 1; }
{
	echo "#include \"$(cd "$(dirname "$built")" && pwd)/seccomp.h\""
	echo "#include \"$(cd "$top_srcdir/include" && pwd)/seccomp-ext.h\""
} > "$tmp/c89.c"
if ! ${CC:-cc} -std=c89 -pedantic -Wall -I"$top_builddir/include" \
	-I"$top_srcdir/include" -c "$tmp/c89.c" -o "$tmp/c89.o" \
	2> "$tmp/c89.err"; then
	cat "$tmp/c89.err"
	echo "FAIL: seccomp.h does not compile with -std=c89 -pedantic"
	fail=1
elif grep -i 'comment' "$tmp/c89.err"; then
	echo "FAIL: a comment in seccomp.h is not C89"
	fail=1
fi

[ $fail -eq 0 ] && echo "ok: $(($(cat "$tmp/count") + $(cat "$tmp/count-ext"))) functions documented"
exit $fail
