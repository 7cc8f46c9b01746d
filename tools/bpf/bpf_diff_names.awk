# SPDX-License-Identifier: LGPL-2.1-only
# src/syscalls.csv -> the syscall names scmp_bpf_diff prints (a C header).
#
# The CSV's header line names its ABI columns after "name,pnr"; a cell is
# the syscall's number on that ABI, "PNR" or empty where the ABI lacks it
# (here -1), and may end in "@VERSION", the kernel that brought the call
# (ignored here). Lines starting with # are comments.
BEGIN {
	FS = ","
	print "/* Generated from src/syscalls.csv by tools/bpf_diff_names.awk:"
	print " * do not edit. */"
}
/^#/ { next }
!abis {
	abis = NF - 2
	printf "#define DIFF_ABIS %d\n", abis
	printf "static const char *const diff_abis[DIFF_ABIS] = {\n"
	for (i = 3; i <= NF; i++)
		printf "\t\"%s\",\n", $i
	print "};"
	print "static const struct diff_name {"
	print "\tconst char *name;"
	print "\tint nr[DIFF_ABIS];"
	print "} diff_names[] = {"
	next
}
{
	printf "\t{ \"%s\", {", $1
	for (i = 3; i <= abis + 2; i++) {
		nr = $i
		sub(/@.*/, "", nr)
		printf " %s%s", (nr ~ /^[0-9]+$/) ? nr : "-1",
			i < abis + 2 ? "," : ""
	}
	print " } },"
}
END { print "};" }
