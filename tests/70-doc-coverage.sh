#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-only
# Man page coverage: every public function and installed tool has a page,
# every .so alias leads to a page documenting its name, every page has the
# required sections and ships, and every seccomp_*(3)/scmp_*(1) reference
# names a page that exists.
set -u
top_srcdir=${top_srcdir:-..}
srcdir=${srcdir:-.}
man=$top_srcdir/doc/man
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

err() {
	echo "FAIL: $*"
	fail=1
}

# The lines of section $2 (".SH $2" up to the next .SH) of page $1.
section() {
	awk -v want="$2" '
		/^\.SH / { s = $0; sub(/^\.SH +/, "", s); gsub(/"/, "", s)
			   on = (s == want); next }
		on' "$1"
}

# The page an alias points at ("man3/x.3"), or nothing for a real page.
alias_target() {
	sed -n '1s/^\.so[ 	]\{1,\}\(.*\)$/\1/p' "$1"
}

# 1. the public functions: header prototypes and the exported symbols
sed -n 's/^[a-z][a-z0-9_ ]*[ *]\(seccomp_[a-z0-9_]*\)(.*/\1/p' \
	"$top_srcdir/include/seccomp.h.in" > "$tmp/funcs"
[ -f "$srcdir/exports.txt" ] && cat "$srcdir/exports.txt" >> "$tmp/funcs"
sort -u "$tmp/funcs" -o "$tmp/funcs"
[ -s "$tmp/funcs" ] || err "no functions found in include/seccomp.h.in"

while read -r fn; do
	page=$man/man3/$fn.3
	if [ ! -f "$page" ]; then
		err "$fn has no page doc/man/man3/$fn.3"
		continue
	fi
	target=$(alias_target "$page")
	if [ -n "$target" ]; then
		if [ "$(wc -l < "$page")" -ne 1 ]; then
			err "man3/$fn.3: an alias page holds only its .so line"
		fi
		page=$man/$target
		if [ ! -f "$page" ]; then
			err "man3/$fn.3: .so $target: no such page"
			continue
		fi
		if [ -n "$(alias_target "$page")" ]; then
			err "man3/$fn.3: .so $target: an alias of an alias"
			continue
		fi
	fi
	if ! section "$page" NAME | tr ',' '\n' |
	     grep -q "^[ ]*$fn[ ]*\$\|^[ ]*$fn[ ]*\\\\-"; then
		err "$(basename "$page"): NAME does not list $fn"
	fi
	if ! section "$page" SYNOPSIS | grep -q "[ *]$fn("; then
		err "$(basename "$page"): SYNOPSIS has no prototype of $fn"
	fi
done < "$tmp/funcs"

# 2. the installed tools (tests/install-*.txt, which 04-abi-install checks
# against make install): each has its page, installed with it
for list in "$srcdir/install-upstream.txt" "$srcdir/install-extras.txt"; do
	sed -n 's|^${bindir}/\([^ ]*\)\(.*\)$|\1 \2|p' "$list" |
	while read -r tool cond; do
		[ -f "$man/man1/$tool.1" ] ||
			echo "FAIL: installed tool $tool has no man1 page"
		grep -qxF "\${mandir}/man1/$tool.1${cond:+ $cond}" "$list" ||
			echo "FAIL: $(basename "$list"): $tool without its page"
	done
done > "$tmp/tools"
[ -s "$tmp/tools" ] && { cat "$tmp/tools"; fail=1; }

# 3. every page ships, every listed page exists, aliases are installed
for page in "$man"/man1/*.1 "$man"/man3/*.3; do
	[ -f "$page" ] || continue
	rel=man/$(basename "$(dirname "$page")")/$(basename "$page")
	grep -q "[ 	]$rel\([ 	]\|\$\)" "$top_srcdir/doc/Makefile.am" ||
		err "$rel is not listed in doc/Makefile.am"
done
grep -o 'man/man[13]/[A-Za-z0-9_.]*' "$top_srcdir/doc/Makefile.am" |
while read -r rel; do
	[ -f "$top_srcdir/doc/$rel" ] ||
		echo "FAIL: doc/Makefile.am lists $rel, which does not exist"
done > "$tmp/missing"
[ -s "$tmp/missing" ] && { cat "$tmp/missing"; fail=1; }
for page in "$man"/man3/*.3; do
	[ -n "$(alias_target "$page")" ] || continue
	rel=man/man3/$(basename "$page")
	awk '/^dist_man3_MANS/ { on = 1 } on { print } !/\\$/ { on = 0 }' \
		"$top_srcdir/doc/Makefile.am" | grep -q "$rel" ||
		err "alias $rel is not installed (dist_man3_MANS)"
done

# 4. the sections of each page, and its references
for page in "$man"/man1/*.1 "$man"/man3/*.3; do
	[ -f "$page" ] || continue
	[ -z "$(alias_target "$page")" ] || continue
	name=$(basename "$page")
	case $page in
	*.3) need="NAME SYNOPSIS DESCRIPTION RETURN_VALUE NOTES EXAMPLES SEE_ALSO" ;;
	*) need="NAME SYNOPSIS DESCRIPTION SEE_ALSO" ;;
	esac
	for sec in $need; do
		sec=$(echo "$sec" | tr _ ' ')
		grep -q "^\.SH \"\{0,1\}$sec\"\{0,1\}\$" "$page" ||
			err "$name: no $sec section"
	done
	if [ "${page##*.}" = 3 ]; then
		# the extensions' pages name their own header
		case $name in
		seccomp_ext_*) hdr=seccomp-ext.h ;;
		*) hdr=seccomp.h ;;
		esac
		section "$page" SYNOPSIS | grep -q "#include <$hdr>" ||
			err "$name: SYNOPSIS lacks #include <$hdr>"
		section "$page" SYNOPSIS | grep -q '^Link with$' ||
			err "$name: SYNOPSIS lacks \"Link with -lseccomp\""
	fi
	grep -o '^\.BR \(seccomp_[a-z0-9_]*\|scmp_[a-z0-9_]*\) ([13])' "$page" |
	sort -u | while read -r _ ref sect; do
		sect=$(echo "$sect" | tr -d '()')
		[ -f "$man/man$sect/$ref.$sect" ] ||
			echo "FAIL: $name refers to $ref($sect), which has no page"
	done > "$tmp/refs"
	[ -s "$tmp/refs" ] && { cat "$tmp/refs"; fail=1; }
done

[ $fail -eq 0 ] && echo "ok: $(wc -l < "$tmp/funcs") functions, $(ls "$man"/man3/*.3 "$man"/man1/*.1 | wc -l) pages"
exit $fail
