#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-only
# make check-arch: the live tests on real kernels of other architectures.
#
# For each ABI below, the library and the live tests are cross-compiled
# (static), put in an initramfs with guest_init as PID 1, and run by a
# Debian kernel of the architecture (for big-endian MIPS and riscv64,
# which Debian 12 does not ship, one built from Debian's sources) booted
# in qemu-system (TCG). One line per ABI, then "N passed, M failed". A
# guest that does not boot, hangs or stops before its last line is a
# failure; a kernel, compiler or qemu that cannot be had here is a skip
# with its reason, or a failure with CHECK_ARCH_STRICT=1 (as CI runs it).
# The exit status is 1 when any line failed.
#
# Environment: CHECK_ARCH_CACHE (kernels, default
# /var/cache/libseccomp-check-arch), CHECK_ARCH_ONLY (guests to boot, e.g.
# "arm64 malta"), CHECK_ARCH_BOOT_TIMEOUT (seconds a guest may run),
# CHECK_ARCH_STRICT (1: a skipped ABI or test fails).
set -u

srcdir=$(cd "${1:?usage: check-arch.sh SRCDIR BUILDDIR}" && pwd)
builddir=$(mkdir -p "${2:?}" && cd "$2" && pwd)
cache=${CHECK_ARCH_CACHE:-/var/cache/libseccomp-check-arch}
boot_timeout=${CHECK_ARCH_BOOT_TIMEOUT:-1200}
jobs=${CHECK_ARCH_JOBS:-2}
strict=${CHECK_ARCH_STRICT:-0}

# The live tests that make sense in a guest. 55 and 56 interpose libc
# functions (dlsym, malloc), which a static program cannot; 67 and 78 run
# Debian programs of the host.
TESTS="11-live-sim-kernel 50-live-actions 51-live-args 52-live-seed
	53-live-tsync 54-live-notify 57-live-transaction 58-live-large
	59-live-load-errors 66-live-no-syscall-after-load 75-live-kvermax
	76-live-threads 79-live-mux 04-live-args-32bit
	44-live-notify-addfd-send 40-live-badarg32 42-live-mux-act"

# ABI: guest  compiler  configure --host  extra compiler flags
ABIS="x86_64 amd64 x86_64-linux-gnu-gcc x86_64-linux-gnu -
x86 amd64 i686-linux-gnu-gcc i686-linux-gnu -
x32 amd64 x86_64-linux-gnux32-gcc x86_64-linux-gnux32 -
aarch64 arm64 aarch64-linux-gnu-gcc aarch64-linux-gnu -
arm@aarch64 arm64 arm-linux-gnueabihf-gcc arm-linux-gnueabihf -
arm armmp arm-linux-gnueabihf-gcc arm-linux-gnueabihf -
ppc64le ppc64el powerpc64le-linux-gnu-gcc powerpc64le-linux-gnu -
s390x s390x s390x-linux-gnu-gcc s390x-linux-gnu -
mipsel64 malta mips64el-linux-gnuabi64-gcc mips64el-linux-gnuabi64 -
mipsel malta mipsel-linux-gnu-gcc mipsel-linux-gnu -
mipsel64n32 malta mips64el-linux-gnuabi64-gcc mips64el-linux-gnuabin32 -mabi=n32
mips64 malta-be mips64-linux-gnuabi64-gcc mips64-linux-gnuabi64 -
mips malta-be mips-linux-gnu-gcc mips-linux-gnu -
mips64n32 malta-be mips64-linux-gnuabi64-gcc mips64-linux-gnuabin32 -mabi=n32
riscv64 riscv64 riscv64-linux-gnu-gcc riscv64-linux-gnu -"

# The ABIs README lists as simulator only: no kernel of theirs boots here.
# They are named in the output, never run, in strict mode too.
NO_KERNEL="ppc ppc64 sh sheb m68k parisc parisc64: Debian 12 ships no kernel
loongarch64: Debian 12's gcc has no LoongArch target
s390: Debian 12 has no 31-bit C library"

# guest: Debian package  Debian architecture  qemu  its options  kernel
# command line (":" stands for a space in the last two). Malta has one
# CPU: with -smp 2 its kernel prints nothing and hangs. So has riscv64:
# with two, qemu 7.2 runs the tests 6 to 10 times slower (59's children
# overrun their 10 s alarm).
GUESTS="amd64 linux-image-amd64 amd64 qemu-system-x86_64 -cpu:max:-m:1024:-smp:2 console=ttyS0:syscall.x32=y
arm64 linux-image-arm64 arm64 qemu-system-aarch64 -M:virt:-cpu:cortex-a57:-m:1024:-smp:2 console=ttyAMA0
armmp linux-image-armmp armhf qemu-system-arm -M:virt,highmem=off:-cpu:cortex-a15:-m:1024:-smp:2 console=ttyAMA0
ppc64el linux-image-powerpc64le ppc64el qemu-system-ppc64 -M:pseries:-cpu:power9:-m:1024:-smp:2 console=hvc0
s390x linux-image-s390x s390x qemu-system-s390x -M:s390-ccw-virtio:-m:1024:-smp:2 console=ttysclp0
malta linux-image-5kc-malta mips64el qemu-system-mips64el -M:malta:-cpu:5KEc:-m:256 console=ttyS0
malta-be linux-source-6.1 all qemu-system-mips64 -M:malta:-cpu:MIPS64R2-generic:-m:256 console=ttyS0
riscv64 linux-source-6.1 all qemu-system-riscv64 -M:virt:-m:1024 console=ttyS0"

# Guests whose kernel Debian does not ship, built from its linux-source
# package with tests/arch/GUEST.config (about 2 minutes each on 2 cores):
# guest  kernel ARCH  CROSS_COMPILE  make target  the file it makes
KERNEL_BUILDS="malta-be mips mips64-linux-gnuabi64- vmlinux vmlinux
riscv64 riscv riscv64-linux-gnu- Image arch/riscv/boot/Image"

total_pass=0 total_fail=0

# An ABI that cannot run here: a skip, or in strict mode a failure.
skip_abi() {
	if [ "$strict" = 1 ]; then
		echo "ABI $1: 0 passed, 1 failed (strict: skipped, $2)"
		total_fail=$((total_fail + 1))
	else
		echo "ABI $1: skipped ($2)"
	fi
}

# A configured source tree refuses other builds: cross-build from a clean
# copy of the sources (git's list of them), autogen.sh'd once per run.
if [ -f "$srcdir/config.status" ]; then
	copy=$builddir/src
	rm -rf "$copy" && mkdir -p "$copy" || exit 1
	(cd "$srcdir" && git ls-files -co --exclude-standard |
		cpio -pdm --quiet "$copy") &&
		(cd "$copy" && ./autogen.sh >autogen.log 2>&1) ||
		{ echo "cannot copy $srcdir for the cross builds"; echo "0 passed, 1 failed"; exit 1; }
	srcdir=$copy
fi

# field N of the line of TABLE whose first word is KEY
field() { printf '%s\n' "$1" | awk -v k="$2" -v n="$3" '$1 == k { print $n }'; }

# Build a guest's kernel from Debian's sources once per source version
# and configuration; print its path. Offline, the last one built serves.
kernel_built() {
	guest=$1 pkg=$(field "$GUESTS" "$1" 2)
	karch=$(field "$KERNEL_BUILDS" "$1" 2)
	cross=$(field "$KERNEL_BUILDS" "$1" 3)
	target=$(field "$KERNEL_BUILDS" "$1" 4)
	made=$(field "$KERNEL_BUILDS" "$1" 5)
	fragment=$srcdir/tests/arch/$guest.config
	version=$(apt-cache policy "$pkg" 2>/dev/null |
		awk '/Candidate:/ && $2 != "(none)" { print $2 }')
	key=$(sha256sum <"$fragment" | cut -c1-12)
	if [ -z "$version" ]; then
		dir=$(ls -d "$cache/$guest"/*-"$key" 2>/dev/null | tail -n 1)
		[ -n "$dir" ] && [ -f "$dir/kernel" ] || return 1
		echo "$dir/kernel"
		return
	fi
	dir=$cache/$guest/$version-$key
	if [ ! -f "$dir/kernel" ]; then
		for tool in "${cross}gcc" flex bison bc; do
			command -v "$tool" >/dev/null || return 1
		done
		rm -rf "$dir" && mkdir -p "$dir/src" || return 1
		(cd "$dir" && apt-get download -q "$pkg" >download.log 2>&1 &&
			dpkg-deb --fsys-tarfile ./*.deb | tar -xO --wildcards \
				'./usr/src/linux-source-*.tar.xz' | tar -xJ -C src &&
			cd src/linux-source-* &&
			make ARCH="$karch" CROSS_COMPILE="$cross" allnoconfig \
				KCONFIG_ALLCONFIG="$fragment" &&
			make ARCH="$karch" CROSS_COMPILE="$cross" -j"$jobs" \
				"$target" && cp "$made" "$dir/kernel" &&
			cp .config "$dir/config") >"$dir/build.log" 2>&1
		rm -rf "$dir/src" "$dir"/*.deb
		[ -f "$dir/kernel" ] || return 1
	fi
	echo "$dir/kernel"
}

# Download and unpack a guest's kernel once per machine; print its path.
kernel_of() {
	guest=$1 pkg=$(field "$GUESTS" "$1" 2) darch=$(field "$GUESTS" "$1" 3)
	dir=$cache/$guest
	if [ -n "$(field "$KERNEL_BUILDS" "$guest" 1)" ]; then
		kernel_built "$guest"
		return
	fi
	if [ ! -f "$dir/kernel" ]; then
		mkdir -p "$dir" || return 1
		# the meta package names the versioned image package
		image=$(apt-cache depends "$pkg:$darch" 2>/dev/null |
			awk '/Depends: linux-image-[0-9]/ { print $2; exit }')
		[ -n "$image" ] || return 1
		(cd "$dir" && rm -f ./*.deb && apt-get download -q "$image" \
			>download.log 2>&1) || return 1
		rm -rf "$dir/x" && mkdir "$dir/x" &&
			dpkg-deb -x "$dir"/*.deb "$dir/x" || return 1
		cp "$dir"/x/boot/vmlinu[xz]-* "$dir/kernel" &&
			cp "$dir"/x/boot/config-* "$dir/config" || return 1
		rm -rf "$dir/x" "$dir"/*.deb
	fi
	echo "$dir/kernel"
}

# Cross-build the library and the tests for one ABI into $builddir/ABI
# (arm@aarch64, arm's programs on aarch64's kernel, shares arm's build).
build_abi() {
	abi=$1 cc=$(field "$ABIS" "$1" 3) host=$(field "$ABIS" "$1" 4)
	flags=$(field "$ABIS" "$1" 5)
	[ "$flags" = - ] && flags=
	dir=$builddir/${abi%@*}
	# once per run ($$): arm and arm@aarch64 share one
	[ -f "$dir/built.$$" ] && return 0
	rm -rf "$dir" && mkdir -p "$dir" || return 1
	(cd "$dir" && "$srcdir/configure" --host="$host" \
		CC="$cc $flags" --disable-shared --enable-static \
		--disable-python --without-jansson --without-z3 \
		>configure.log 2>&1) || return 1
	(cd "$dir" && make -j"$jobs" -C src && make -C tools libbpfsim.la &&
		make -j"$jobs" -C tests LDFLAGS="-all-static -s" $TESTS &&
		make -C examples LDFLAGS="-all-static -s" sandbox-demo &&
		$cc $flags -static -s -o true "$srcdir/tests/arch/true.c") \
		>"$dir/build.log" 2>&1 && touch "$dir/built.$$"
}

# A guest that could not be prepared: REASON, then its ABIs, each failed.
guest_failed() {
	why=$1
	shift
	for abi; do echo "ABI $abi: 0 passed, 1 failed ($why)"; done
	total_fail=$((total_fail + $#))
}

# Boot one guest with the ABIs given; fill in its per-ABI lines.
run_guest() {
	guest=$1
	shift
	qemu=$(field "$GUESTS" "$guest" 4)
	opts=$(field "$GUESTS" "$guest" 5 | tr : ' ')
	cmdline=$(field "$GUESTS" "$guest" 6 | tr : ' ')
	work=$builddir/guest-$guest
	log=$work/console.log

	reason=
	command -v "$qemu" >/dev/null || reason="no $qemu (Debian: qemu-system-*)"
	[ -n "$reason" ] || kernel=$(kernel_of "$guest") ||
		reason="no kernel: $(field "$GUESTS" "$guest" 2) could not be downloaded or built"
	if [ -n "$reason" ]; then
		for abi; do skip_abi "$abi" "$reason"; done
		return
	fi

	if ! mkdir -p "$builddir" || ! rm -rf "$work" ||
		! mkdir -p "$work/root/t"; then
		guest_failed "cannot create $work" "$@"
		return
	fi
	abis=
	for abi; do
		cc=$(field "$ABIS" "$abi" 3) flags=$(field "$ABIS" "$abi" 5)
		[ "$flags" = - ] && flags=
		# a compiler without the C library of its ABI cannot link
		if ! $cc $flags -static -o "$work/probe" \
			"$srcdir/tests/arch/true.c" 2>/dev/null; then
			skip_abi "$abi" "no static C library for $cc $flags"
			continue
		fi
		if ! build_abi "$abi"; then
			echo "ABI $abi: 0 passed, 1 failed (cross build: $builddir/${abi%@*})"
			total_fail=$((total_fail + 1))
			continue
		fi
		mkdir "$work/root/t/$abi"
		for t in $TESTS; do
			cp "$builddir/${abi%@*}/tests/$t" "$work/root/t/$abi/"
		done
		cp "$builddir/${abi%@*}/examples/sandbox-demo" "$work/root/t/$abi/"
		mkdir -p "$work/root/b/$abi"
		cp "$builddir/${abi%@*}/true" "$work/root/b/$abi/"
		init_cc=$cc init_flags=$flags
		abis="$abis $abi"
	done
	[ -n "$abis" ] || return
	if ! $init_cc $init_flags -O2 -static -s -o "$work/root/init" \
		"$srcdir/tests/arch/guest_init.c" ||
		! (cd "$work/root" && find . | cpio -o -H newc --quiet) |
		gzip -1 >"$work/initrd"; then
		guest_failed "cannot build the initramfs in $work" $abis
		return
	fi

	start=$(date +%s)
	timeout "$boot_timeout" "$qemu" $opts -nographic -no-reboot \
		-kernel "$kernel" -initrd "$work/initrd" \
		-append "$cmdline panic=-1 quiet" </dev/null >"$log" 2>&1
	secs=$(($(date +%s) - start))
	release=$(tr -d '\r' <"$log" | sed -n 's/.*@@ KERNEL \([^ ]*\).*/\1/p')
	done=$(grep -c '^@@ DONE' "$log")
	for abi in $abis; do
		# a test that never reported its result counts as failed
		# (and in strict mode, so does a test that skipped)
		counts=$(tr -d '\r' <"$log" | awk -v abi="$abi" \
			-v n="$(echo $TESTS | wc -w)" -v strict="$strict" '
			$1 == "@@" && $2 == "RESULT" && $3 == abi { c[$5]++ }
			END { p = c["PASS"] + 0; s = c["SKIP"] + 0
			      f = c["FAIL"] + (n + 1 - p - s - c["FAIL"])
			      if (strict == 1) { f += s; s = 0 }
			      print p, f, s }')
		set -- $counts
		echo "ABI $abi: $1 passed, $2 failed, $3 skipped" \
			"(kernel ${release:-none}, qemu ${secs}s)"
		tr -d '\r' <"$log" | awk -v abi="$abi" \
			'$1 == "@@" && $2 == "RESULT" && $3 == abi && $5 != "PASS" {
				print "    " $4 ": " $5 " (" $7 ")" }'
		total_pass=$((total_pass + $1)) total_fail=$((total_fail + $2))
	done
	[ "$done" -ge 1 ] || echo "    guest $guest stopped early: $log"
}

for guest in $(printf '%s\n' "$GUESTS" | awk '{ print $1 }'); do
	case " ${CHECK_ARCH_ONLY:-$guest} " in
	*" $guest "*) ;;
	*) continue ;;
	esac
	run_guest "$guest" $(printf '%s\n' "$ABIS" |
		awk -v g="$guest" '$2 == g { print $1 }')
done
printf '%s\n' "$NO_KERNEL" | while IFS=: read -r abis why; do
	for abi in $abis; do echo "ABI $abi: not run (simulator only:$why)"; done
done
echo "$total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
