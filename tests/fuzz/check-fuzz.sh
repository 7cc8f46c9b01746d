#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-only
# make check-fuzz: build the libFuzzer harnesses with clang and run each for a while.
#
# usage: check-fuzz.sh TOP_SRCDIR TOP_BUILDDIR OUTDIR
# Environment:
#   FUZZ_CC         the compiler (default clang); skipped if it cannot link
#                   -fsanitize=fuzzer (Debian: clang libclang-rt-14-dev)
#   FUZZ_SECONDS    seconds per harness (default 60)
#   FUZZ_HARNESSES  which ones (default "api resolver tools prove"; prove
#                   is skipped without Z3's z3.h and libz3)
#   FUZZ_FLAGS      more libFuzzer flags, e.g. "-jobs=2 -workers=2"
# Each harness runs on OUTDIR/corpus-NAME (new inputs go there) and on the
# seed corpus tests/fuzz/corpus/NAME; a finding is saved as OUTDIR/crash-*
# and fails the run. Exit 0 if all runs are clean (or skipped), 1 if not.

set -u
top_srcdir=$1
top_builddir=$2
out=$3
cc=${FUZZ_CC:-clang}
seconds=${FUZZ_SECONDS:-60}
harnesses=${FUZZ_HARNESSES:-api resolver tools prove}
flags=${FUZZ_FLAGS:-}

fz=$top_srcdir/tests/fuzz
cflags="-g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
	-fno-omit-frame-pointer -I$top_builddir/include -I$top_srcdir/include
	-I$top_srcdir/src -I$top_srcdir/tools/bpf -I$top_srcdir/tests/lib -I$fz
	-I$top_builddir/tests -I$top_builddir/tools/bpf"
headers="$top_srcdir/src/*.h $top_srcdir/include/*.h $top_builddir/include/*.h
	$top_srcdir/tools/bpf/*.h $top_builddir/tools/bpf/bpf_diff_names.h
	$top_srcdir/tests/lib/prop.h $top_srcdir/tests/lib/prove.h $fz/*.h
	$top_builddir/tests/prop_kver.h"

mkdir -p "$out/obj" || exit 1

printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n)\n{ return 0; }\n' \
	> "$out/probe.c"
if ! $cc -fsanitize=fuzzer,address,undefined "$out/probe.c" \
	-o "$out/probe" >/dev/null 2>&1; then
	echo "check-fuzz: SKIP: $cc cannot build libFuzzer programs" \
		"(Debian: clang libclang-rt-14-dev)"
	exit 0
fi

# compile SRC into OBJ unless OBJ is newer than it and every header
compile() {
	src=$1 obj=$2
	shift 2
	if [ -f "$obj" ] && [ -z "$(find "$src" $headers -newer "$obj" \
		2>/dev/null)" ]; then
		return 0
	fi
	echo "  FUZZCC   $obj"
	$cc $cflags "$@" -c "$src" -o "$obj"
}

# every library source (src/*.c is the library, its bindings live below)
lib=""
for c in "$top_srcdir"/src/*.c; do
	f=$(basename "$c" .c)
	compile "$c" "$out/obj/$f.o" || exit 1
	lib="$lib $out/obj/$f.o"
done
# libbpfsim: the simulator, and the listing the disassembler prints (its
# names: bpf_names.c, from tools/bpf/bpf_diff_names.h, which make check-fuzz
# builds first)
for c in bpf_sim bpf_disasm bpf_disasm_graph bpf_names bpf_stack; do
	compile "$top_srcdir/tools/bpf/$c.c" "$out/obj/$c.o" || exit 1
	lib="$lib $out/obj/$c.o"
done

# the prover's harness needs Z3 (Debian: libz3-dev)
printf '#include <z3.h>\nint main(void) { Z3_mk_config(); return 0; }\n' \
	> "$out/probe-z3.c"
if ! $cc "$out/probe-z3.c" -lz3 -o "$out/probe-z3" >/dev/null 2>&1; then
	case " $harnesses " in
	*" prove "*)
		echo "check-fuzz: SKIP fuzz-prove: no Z3 (Debian: libz3-dev)"
		harnesses=$(echo " $harnesses " | sed 's/ prove / /') ;;
	esac
fi

objs_api="fuzz_api prop prop_model"
objs_resolver="fuzz_resolver"
objs_tools="fuzz_tools sim_tool disasm_tool resolver_tool"
compile "$fz/fuzz_api.c" "$out/obj/fuzz_api.o" || exit 1
compile "$top_srcdir/tests/lib/prop.c" "$out/obj/prop.o" || exit 1
compile "$top_srcdir/tests/lib/prop_model.c" "$out/obj/prop_model.o" || exit 1
compile "$fz/fuzz_resolver.c" "$out/obj/fuzz_resolver.o" || exit 1
objs_prove="fuzz_prove prove prop prop_model bpf_prove"
libs_prove="-lz3"
case " $harnesses " in
*" prove "*)
	compile "$fz/fuzz_prove.c" "$out/obj/fuzz_prove.o" || exit 1
	compile "$top_srcdir/tests/lib/prove.c" "$out/obj/prove.o" || exit 1
	compile "$top_srcdir/tools/bpf/bpf_prove.c" "$out/obj/bpf_prove.o" ||
		exit 1 ;;
esac
compile "$fz/fuzz_tools.c" "$out/obj/fuzz_tools.o" || exit 1
# the tools' main() runs in-process; their exit() returns to the harness
tool="-Dexit=fuzz_tool_exit"
compile "$top_srcdir/tools/scmp_bpf_sim.c" "$out/obj/sim_tool.o" \
	-Dmain=sim_main $tool || exit 1
compile "$top_srcdir/tools/scmp_bpf_disasm.c" "$out/obj/disasm_tool.o" \
	-Dmain=disasm_main $tool \
	-Dbpf_sim_cache_allow=fuzz_cache_allow || exit 1
compile "$top_srcdir/tools/scmp_sys_resolver.c" "$out/obj/resolver_tool.o" \
	-Dmain=resolver_main $tool || exit 1

failed=0
for h in $harnesses; do
	eval "objs=\$objs_$h libs=\${libs_$h:-}"
	list=""
	for o in $objs; do
		list="$list $out/obj/$o.o"
	done
	echo "  FUZZLD   $out/fuzz-$h"
	$cc $cflags $list $lib -ldl $libs -o "$out/fuzz-$h" || exit 1
done

for h in $harnesses; do
	extra="" lsan=1
	# the tools print; their exit paths end the process without freeing
	# (here a jump back to the harness), so leaks are not looked for:
	# -detect_leaks=0 per input, detect_leaks=0 for LSan's report at exit
	[ "$h" = tools ] && extra="-close_fd_mask=2 -detect_leaks=0" lsan=0
	mkdir -p "$out/corpus-$h"
	log="$out/fuzz-$h.log"
	echo "  FUZZ     $h: $seconds s (log: $log)"
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=$lsan" \
	"$out/fuzz-$h" -max_total_time="$seconds" -timeout=30 \
		-print_final_stats=1 -artifact_prefix="$out/" $extra $flags \
		"$out/corpus-$h" "$fz/corpus/$h" >"$log" 2>&1
	rc=$?
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" |
		tail -n 1)
	cov=$(grep -E '^#[0-9]+' "$log" | tail -n 1 |
		sed -n 's/.*\(cov: [0-9]* ft: [0-9]*\).*/\1/p')
	if [ $rc -eq 0 ]; then
		echo "PASS: fuzz-$h: ${runs:-?} runs, ${cov:-?}"
	else
		echo "FAIL: fuzz-$h (exit $rc): ${runs:-?} runs, ${cov:-?}"
		grep -E 'FUZZ FAILURE|ERROR:|SUMMARY|Test unit written' "$log" |
			head -n 20
		failed=1
	fi
done
exit $failed
