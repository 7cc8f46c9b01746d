#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-only
# make bench: run bench.c against this library and the system's, print the table.
#
# Environment (make bench sets the first group):
#   BENCH_OURS      the bench program linked with this tree's library
#   BENCH_SRCDIR    bench/ in the source tree; TOOLS_SRCDIR tools/ there
#   BENCH_DATA      the policy files (../shared/data)
#   BENCH_OUT       directory for raw results, programs and RESULTS.md
#   CC, CFLAGS      used to build the system variant
#   BENCH_MIN_TIME  seconds of timed builds per workload (default 0.5)
#   BENCH_MIN_REPS  fewest timed builds per workload (default 3)
#   BENCH_ONLY      run only workloads whose id contains this text
#   BENCH_ROUNDS    rounds of alternating timings (default 3; 0: first pass
#                   only); each time is the lowest round's median
#   SYSTEM_SECCOMP  the system library (default: what $CC finds as
#                   libseccomp.so.2); needs /usr/include/seccomp.h too
#
# Records written by bench (tab-separated):
#   lib    LABEL VERSION
#   filter ID TITLE ARCHES RULES DROPPED REFUSED LEN VALID BUILD_US REPS
#          RESOLVE_US   (LEN: instructions, or -errno if export failed)
#   arch   ID ARCH SAMPLES ALLOWED DENIED ALL MAX MAX_NOARG K CACHE_OK
#          CACHE_TOTAL FOCUS FOCUS_MAX_ALLOWED FOCUS_MAX

set -u

: "${BENCH_OURS:=./bench-ours}"
: "${BENCH_SRCDIR:=$(dirname "$0")}"
: "${TOOLS_SRCDIR:=$BENCH_SRCDIR/../tools}"
: "${BENCH_DATA:=$BENCH_SRCDIR/../../shared/data}"
: "${BENCH_OUT:=bench-out}"
: "${CC:=cc}"
: "${CFLAGS:=-O2 -g}"
: "${BENCH_MIN_TIME:=0.5}"
: "${BENCH_MIN_REPS:=3}"
: "${BENCH_ONLY:=}"
: "${BENCH_ROUNDS:=3}"

mkdir -p "$BENCH_OUT" || exit 1
out=$BENCH_OUT
rm -f "$out"/*.actions "$out"/*.bpf
load=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)
opts="--data $BENCH_DATA --min-time $BENCH_MIN_TIME --min-reps $BENCH_MIN_REPS"
[ -n "$BENCH_ONLY" ] && opts="$opts --only $BENCH_ONLY"

# The system variant: the same source, the system header and library only
# (no -I into this tree's include/, so <seccomp.h> is /usr/include's; src/
# only for the ABI list, arch_list.h).
sys=""
note=""
so=${SYSTEM_SECCOMP:-$($CC -print-file-name=libseccomp.so.2)}
if [ ! -r /usr/include/seccomp.h ]; then
	note="system libseccomp-dev not installed (no /usr/include/seccomp.h): comparison columns skipped"
elif [ ! -r "$so" ] || [ "${so#/}" = "$so" ]; then
	note="system libseccomp.so.2 not found: comparison columns skipped"
elif ! $CC $CFLAGS -I"$TOOLS_SRCDIR/profile" -I"$TOOLS_SRCDIR/bpf" \
	-I"$BENCH_SRCDIR" -iquote "$TOOLS_SRCDIR/../src" \
	-o "$out/bench-system" \
	"$BENCH_SRCDIR/bench.c" "$BENCH_SRCDIR/workload.c" \
	"$TOOLS_SRCDIR/profile/profile.c" \
	"$TOOLS_SRCDIR/profile/profile_json.c" \
	"$TOOLS_SRCDIR/profile/profile_fc.c" \
	"$TOOLS_SRCDIR/profile/profile_resolve.c" \
	"$TOOLS_SRCDIR/profile/profile_build.c" \
	"$TOOLS_SRCDIR/bpf/bpf_sim.c" "$so" -ljansson; then
	note="building the system variant failed: comparison columns skipped"
else
	sys="$out/bench-system"
fi
[ -n "$note" ] && echo "bench: $note" >&2

# Names either library cannot resolve are dropped in both runs.
"$BENCH_OURS" --data "$BENCH_DATA" --list-unknown >"$out/unknown.ours" || exit 1
: >"$out/unknown.system"
if [ -n "$sys" ]; then
	env -u LD_LIBRARY_PATH "$sys" --data "$BENCH_DATA" --list-unknown \
		>"$out/unknown.system" || exit 1
fi
sort -u "$out/unknown.ours" "$out/unknown.system" >"$out/drop"

# Names both know but number differently on some arch (table differences).
numdiff=""
if [ -n "$sys" ]; then
	"$BENCH_OURS" --data "$BENCH_DATA" --list-numbers | sort -u >"$out/numbers.ours"
	env -u LD_LIBRARY_PATH "$sys" --data "$BENCH_DATA" --list-numbers |
		sort -u >"$out/numbers.system"
	numdiff=$(awk 'FNR == NR { n[$1 " " $2] = $3; next }
		(($1 " " $2) in n) && n[$1 " " $2] != $3 &&
		n[$1 " " $2] != -1 && $3 != -1 &&
		!(n[$1 " " $2] < 0 && $3 < 0) { printf "%s%s on %s (%d here, %d in the system library)",
			sep, $2, $1, n[$1 " " $2], $3; sep = "; " }' \
		"$out/numbers.ours" "$out/numbers.system")
fi

echo "bench: this library ..." >&2
"$BENCH_OURS" $opts --drop "$out/drop" --label ours --dump "$out" \
	>"$out/ours.tsv" || exit 1
: >"$out/system.tsv"
if [ -n "$sys" ]; then
	echo "bench: system library (its 20k case takes about a minute) ..." >&2
	env -u LD_LIBRARY_PATH "$sys" $opts --drop "$out/drop" --label system \
		--dump "$out" >"$out/system.tsv" || exit 1
fi

# The times again, the two libraries alternating workload by workload and
# round by round; each time becomes the lowest of the rounds' medians: a
# shared machine has slow spells of seconds (seen here: 1.5x, for either
# library), and they only ever add time.
if [ "$BENCH_ROUNDS" -gt 0 ]; then
	echo "bench: $BENCH_ROUNDS rounds of alternating timings ..." >&2
	topts="--data $BENCH_DATA --drop $out/drop --min-time $BENCH_MIN_TIME"
	topts="$topts --min-reps $BENCH_MIN_REPS"
	ids=$(awk -F '\t' '$1 == "filter" { print $2 }' "$out/ours.tsv")
	: >"$out/times"
	round=0
	while [ $round -lt "$BENCH_ROUNDS" ]; do
		for id in $ids; do
			"$BENCH_OURS" $topts --time "$id" |
				sed 's/^/ours\t/' >>"$out/times" || exit 1
			[ -n "$sys" ] || continue
			env -u LD_LIBRARY_PATH "$sys" $topts --time "$id" |
				sed 's/^/system\t/' >>"$out/times" || exit 1
		done
		round=$((round + 1))
	done
	for lib in ours system; do
		awk -F '\t' -v OFS='\t' -v lib=$lib '
			function lowest(list,   v, n, i) {
				n = split(list, v, " ")
				for (i = 2; i <= n; i++)
					if (v[i] + 0 < v[1] + 0)
						v[1] = v[i]
				return v[1]
			}
			FNR == NR { if ($1 == lib) { b[$3] = b[$3] " " $4
				r[$3] += $5; l[$3] = l[$3] " " $6 }; next }
			$1 == "filter" && ($2 in b) {
				$10 = lowest(b[$2]); $11 = r[$2]; $12 = lowest(l[$2])
			}
			{ print }' "$out/times" "$out/$lib.tsv" >"$out/$lib.tsv.new" &&
			mv "$out/$lib.tsv.new" "$out/$lib.tsv" || exit 1
	done
fi

# Probe by probe, do both programs return the same action?
: >"$out/semantics"
for f in "$out"/ours-*.actions; do
	[ -n "$sys" ] || break
	[ -e "$f" ] || continue
	id=${f#"$out"/ours-}
	id=${id%.actions}
	g="$out/system-$id.actions"
	[ -e "$g" ] || continue
	if [ "$(wc -l <"$f")" != "$(wc -l <"$g")" ]; then
		echo "$id probe-sets-differ" >>"$out/semantics"
		continue
	fi
	paste "$f" "$g" | awk -v id="$id" -F '\t' '
		{ n++ } $4 != $8 { d++; if (ex == "") ex = $1 " " $2 ": " $4 " vs " $8 }
		END { printf "%s %d %d %s\n", id, n, d, ex }' >>"$out/semantics"
done

cmd="make bench"
[ -n "$BENCH_ONLY" ] && cmd="BENCH_ONLY=$BENCH_ONLY make bench"
awk -F '\t' -v note="$note" -v numdiff="$numdiff" -v cmd="$cmd" \
	-v rounds="$BENCH_ROUNDS" \
	-v semfile="$out/semantics" \
	-v host="$(uname -srm), load average $load at the start" \
	-v cpu="$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: //')" \
	-f "$BENCH_SRCDIR/table.awk" "$out/ours.tsv" "$out/system.tsv" \
	>"$out/RESULTS.md" || exit 1
cat "$out/RESULTS.md"
echo "bench: raw records, programs (*.bpf) and probe actions in $out/" >&2
