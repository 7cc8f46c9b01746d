# SPDX-License-Identifier: LGPL-2.1-only
# Joins the records of the two bench runs (ours, then the system's) into Markdown tables.
#
# Variables: note (why the comparison is missing, if it is), numdiff (names
# numbered differently by the two libraries), semfile (probe comparison),
# cmd (the command), host, cpu.

function us(t) {
	if (t == "")
		return "-"
	if (t < 10)
		return sprintf("%.1f µs", t)
	if (t < 1000)
		return sprintf("%.0f µs", t)
	if (t < 1e6)
		return sprintf("%.2f ms", t / 1e3)
	return sprintf("%.1f s", t / 1e6)
}

function ratio(a, b,   r) {
	if (a == "" || b == "" || b + 0 <= 0 || a + 0 < 0)
		return "-"
	r = a / b
	return r < 0.1 ? sprintf("%.3f", r) : sprintf("%.2f", r)
}

function speedup(a, b) {
	if (a == "" || b == "" || a + 0 <= 0 || b + 0 <= 0)
		return "-"
	return sprintf("%s (%.0f× faster)", ratio(a, b), b / a)
}

function insns(len, valid) {
	if (len == "")
		return "-"
	if (len + 0 == -7)
		return "E2BIG"
	if (len + 0 < 0)
		return "error " len
	if (len + 0 > 4096)
		return len " (> BPF_MAXINSNS)"
	return valid ? len : len " (invalid)"
}

function pair(a, b) {
	if (!have_sys)
		return a
	return a " / " (b == "" ? "-" : b)
}

function log2ceil(k,   b) {
	for (b = 0; 2 ^ b < k; b++)
		;
	return b
}

FNR == 1 { file++ }

$1 == "lib" {
	ver[file] = $3
	if (file == 2)
		have_sys = 1
	next
}

$1 == "filter" {
	id = $2
	if (file == 1) {
		order[++nf] = id
		title[id] = $3
		arches[id] = $4
		rules[id] = $5
		dropped[id] = $6
	}
	refused[file, id] = $7
	len[file, id] = $8
	valid[file, id] = $9
	build[file, id] = $10
	reps[file, id] = $11
	resolve[file, id] = $12
	next
}

$1 == "arch" {
	key = $2 SUBSEP $3
	if (file == 1)
		archs[$2] = archs[$2] " " $3
	allowed[file, key] = $5
	denied[file, key] = $6
	all[file, key] = $7
	max[file, key] = $8
	maxna[file, key] = $9
	k[file, key] = $10
	cok[file, key] = $11
	ctot[file, key] = $12
	focus[file, key] = $13
	fmaxa[file, key] = $14
	fmax[file, key] = $15
	next
}

END {
	theirs = have_sys ? "libseccomp " ver[2] : "(not available)"
	printf "## Benchmark: this library (%s) against %s\n\n", ver[1], theirs
	printf "Produced by `%s` in a build tree (`make bench` builds bench/bench.c twice and\n", cmd
	printf "runs bench/run-bench.sh). Host: %s%s.\n\n", host, cpu != "" ? ", " cpu : ""
	if (note != "")
		printf "**Note:** %s.\n\n", note

	printf "### Filter size and build time\n\n"
	printf "Build+export: median CPU time (CLOCK_THREAD_CPUTIME_ID, so that other load\n"
	printf "on the machine counts less) of seccomp_init, arches and attributes, every\n"
	printf "rule (numbers resolved beforehand), seccomp_export_bpf to /dev/null and\n"
	printf "seccomp_release, less the median cost of reading the clock twice (an\n"
	printf "empty interval). Name lookup: median time to resolve the rules' names\n"
	printf "(not included). ours/theirs < 1: ours is faster/smaller.\n"
	if (rounds > 0)
		printf "Both times: the lowest of %d such medians, taken in rounds in which the\ntwo libraries take turns, workload by workload, one process per timing\n(slow spells of a shared machine only ever add time).\n", rounds
	printf "\n"
	if (have_sys) {
		printf "| workload | arches | rules | instructions ours / %s | ours/theirs | build+export ours / %s | ours/theirs | name lookup ours / %s |\n", ver[2], ver[2], ver[2]
		printf "|---|---|---:|---:|---:|---:|---:|---:|\n"
	} else {
		printf "| workload | arches | rules | instructions | build+export | name lookup |\n"
		printf "|---|---|---:|---:|---:|---:|\n"
	}
	for (i = 1; i <= nf; i++) {
		id = order[i]
		r = rules[id] (dropped[id] > 0 ? " (" dropped[id] " dropped)" : "")
		if (refused[1, id] > 0 || refused[2, id] > 0)
			r = r ", refused " pair(refused[1, id], refused[2, id])
		if (have_sys)
			printf "| %s | %s | %s | %s | %s | %s | %s | %s |\n",
				title[id], arches[id], r,
				pair(insns(len[1, id], valid[1, id]), insns(len[2, id], valid[2, id])),
				ratio(len[1, id], len[2, id]),
				pair(us(build[1, id]), us(build[2, id])),
				speedup(build[1, id], build[2, id]),
				pair(us(resolve[1, id]), us(resolve[2, id]))
		else
			printf "| %s | %s | %s | %s | %s | %s |\n", title[id],
				arches[id], r, insns(len[1, id], valid[1, id]),
				us(build[1, id]), us(resolve[1, id])
	}

	if (("synthetic-2k" in title) && ("synthetic-20k" in title)) {
		printf "\nScaling, build+export of 20k rules / (10 × 2k rules): %.2f here", build[1, "synthetic-20k"] / (10 * build[1, "synthetic-2k"])
		if (have_sys && build[2, "synthetic-2k"] > 0)
			printf ", %.2f for %s", build[2, "synthetic-20k"] / (10 * build[2, "synthetic-2k"]), ver[2]
		printf " (1 = linear).\n"
	}

	printf "\n### Instructions executed per syscall number\n\n"
	printf "Simulated (tools/bpf/bpf_sim.c) on every syscall number 0..550 of each arch (x32:\n"
	printf "0x40000000 + 0..550), with argument probes for syscalls that have argument\n"
	printf "rules; each number weighs 1, shared by its probes. allowed/denied: mean over\n"
	printf "probes returning ALLOW / anything else; all: mean over the 551 numbers.\n"
	printf "no-arg max: the most over numbers without argument checks, and the bound\n"
	printf "4 + ⌈log2 K⌉ for single-arch filters (K = same-outcome ranges of the number\n"
	printf "space). cacheable: argument-free ALLOW syscalls the kernel's action cache can\n"
	printf "prove (bpf_sim_cache_allow). hot syscall: the one with the most argument\n"
	printf "rules, most instructions on an allowed probe. Not compile --stats's\n"
	printf "\"instructions run per syscall\", a mean over each ABI's named syscalls\n"
	printf "with arguments 0.\n\n"
	if (have_sys) {
		printf "| workload | arch | allowed ours / theirs | denied | all (ours/theirs) | max | no-arg max ours (bound) | cacheable ours / theirs | hot syscall |\n"
		printf "|---|---|---:|---:|---:|---:|---:|---:|---|\n"
	} else {
		printf "| workload | arch | allowed | denied | all | max | no-arg max (bound) | cacheable | hot syscall |\n"
		printf "|---|---|---:|---:|---:|---:|---:|---:|---|\n"
	}
	for (i = 1; i <= nf; i++) {
		id = order[i]
		n = split(archs[id], al, " ")
		for (j = 1; j <= n; j++) {
			key = id SUBSEP al[j]
			single = arches[id] !~ /\+/
			b = single ? sprintf("%d (%d)", maxna[1, key], 4 + log2ceil(k[1, key])) : maxna[1, key] " (-)"
			allc = pair(all[1, key], all[2, key])
			if (have_sys)
				allc = allc " (" ratio(all[1, key], all[2, key]) ")"
			c1 = cok[1, key] "/" ctot[1, key]
			c2 = ((1, key) in cok) && ((2, key) in cok) ? cok[2, key] "/" ctot[2, key] : ""
			f = focus[1, key] == "-" ? "-" : focus[1, key] ": " pair(fmaxa[1, key], fmaxa[2, key])
			printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
				single ? title[id] : title[id] " (" n " arches)", al[j],
				pair(allowed[1, key], allowed[2, key]),
				pair(denied[1, key], denied[2, key]), allc,
				pair(max[1, key], max[2, key]), b,
				pair(c1, c2), f
		}
	}

	printf "\n### Notes\n\n"
	printf "- Docker: moby's default profile as runc applies it on amd64 for a container\n"
	printf "  with Docker's default capabilities (CAP_SYS_CHROOT and CAP_AUDIT_WRITE among\n"
	printf "  them, CAP_SYS_ADMIN not): includes/excludes on caps and arches evaluated,\n"
	printf "  minKernel taken as met, ERRNO without errnoRet = EPERM. Podman:\n"
	printf "  containers-common the same way with Podman's default capabilities (no\n"
	printf "  CAP_AUDIT_WRITE) and its three x86 arches. Firecracker: one filter per thread;\n"
	printf "  a \"dword\" condition tests the low 32 bits (MASKED_EQ 0xffffffff).\n"
	printf "  systemd: @system-service allowed, default KILL_PROCESS, the x86_64 filter\n"
	printf "  (systemd loads one filter per arch). Synthetic: N argument rules round\n"
	printf "  robin over Docker's x86_64 allow list (see load_synthetic() in bench.c).\n"
	for (i = 1; i <= nf; i++)
		for (f = 1; f <= 2; f++)
			if (((f, order[i]) in valid) && !valid[f, order[i]])
				printf "- %s, %s: the program does not load (over BPF_MAXINSNS or invalid), so it is not simulated (\"-\").\n", title[order[i]], f == 1 ? "this library" : ver[2]
	printf "- Rules whose syscall name either library cannot resolve are dropped in both\n"
	printf "  runs (the \"dropped\" counts: names newer than libseccomp 2.5.4).\n"
	if (numdiff != "")
		printf "- Known to both but numbered differently: %s.\n", numdiff
	if (have_sys) {
		same = 1
		while ((getline line < semfile) > 0) {
			n = split(line, s, " ")
			if (s[2] == "probe-sets-differ") {
				diffs = diffs sprintf("; %s: probe sets differ", s[1])
				same = 0
			} else if (s[3] > 0) {
				ex = s[4]
				for (m = 5; m <= n; m++)
					ex = ex " " s[m]
				diffs = diffs sprintf("; %s: %d of %d probes (e.g. %s)", s[1], s[3], s[2], ex)
				same = 0
			}
		}
		if (same)
			printf "- Both programs return the same action on every probe of every workload.\n"
		else
			printf "- Both programs return the same action on every probe except%s.\n", substr(diffs, 2)
	}
	printf "- x32 rows: the cache analysis is emulated for x32 numbers too, but real\n"
	printf "  kernels consult the cache only for native and compat numbers, never x32.\n"
	printf "- Build times are medians on a possibly shared machine (load average above):\n"
	printf "  expect some noise, mostly on the sub-100 µs rows.\n"
}
