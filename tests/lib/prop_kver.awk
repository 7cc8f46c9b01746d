# SPDX-License-Identifier: LGPL-2.1-only
# src/syscalls.csv -> the syscall numbers and versions the tests' model knows (a C header).
#
# The model (lib/prop_model.c) decides which numbers SCMP_FLTATR_CTL_KVERMAX
# sends to SCMP_FLTATR_ACT_ENOSYS from the CSV, not from the library. The
# CSV's header line names its ABI columns after "name,pnr"; a cell is the
# syscall's number on that ABI, "PNR" or empty where the ABI lacks it (here
# -1), and may end in "@VERSION", the Linux version in which the ABI got
# the call. A plain number is as old as its ABI: the version of the ABI's
# "#since ABI VERSION" line, or 3.0 ("3.0 or older"). Versions are written
# as enum scmp_kver's names (SCMP_KV_5_3), which seccomp.h defines. Other
# lines starting with # are comments.
BEGIN {
	FS = ","
	print "/* Generated from src/syscalls.csv by tests/lib/prop_kver.awk:"
	print " * do not edit. */"
}
/^#since / {
	split($0, f, " ")
	since[f[2]] = f[3]
	next
}
/^#/ || /^[ \t]*$/ { next }
!abis {
	abis = NF - 2
	printf "#define PM_KVER_ABIS %d\n", abis
	printf "static const char *const pm_kver_abis[PM_KVER_ABIS] = {\n"
	for (i = 3; i <= NF; i++) {
		abi[i] = $i
		printf "\t\"%s\",\n", $i
	}
	print "};"
	print ""
	print "/* One syscall: its number on each ABI (-1: none) and the version"
	print " * in which the ABI got it. */"
	print "static const struct pm_kver_row {"
	print "\tint nr[PM_KVER_ABIS];"
	print "\tuint8_t kver[PM_KVER_ABIS];"
	print "} pm_kver_rows[] = {"
	next
}
{
	nrs = ""
	kvers = ""
	for (i = 3; i <= abis + 2; i++) {
		nr = $i
		kv = (abi[i] in since) ? since[abi[i]] : "3.0"
		if (nr ~ /@/) {
			kv = nr
			sub(/^[^@]*@/, "", kv)
			sub(/@.*/, "", nr)
		}
		if (nr !~ /^[0-9]+$/) {
			nr = "-1"
			kv = "3.0"
		}
		gsub(/\./, "_", kv)
		sep = i < abis + 2 ? "," : ""
		nrs = nrs " " nr sep
		kvers = kvers " SCMP_KV_" kv sep
	}
	printf "\t/* %s */\n", $1
	printf "\t{ {%s },\n\t  {%s } },\n", nrs, kvers
}
END { print "};" }
