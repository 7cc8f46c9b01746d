#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-only
# 47-live-profile-inspect-runc: scmp_profile inspect on a runc (or crun) container that runs Docker's default profile, and the proof against that profile.
#
# A busybox-static rootfs; config.json from `runc spec`, its seccomp
# section Docker's default profile as dockerd hands it to the runtime
# on this machine (x86_64: the archMap's ABIs, the entries whose
# includes/excludes hold for Docker's default capabilities). The
# container runs `sleep`; the test inspects its pid.
#
# Known answers, from reading the profile: one filter; reboot ERRNO(1),
# read ALLOW and cached, clone and personality decided by their
# arguments, clone3 ERRNO(38). Against the profile itself (--profile, a
# proof over every input): the runtime's filter is never weaker than
# the profile -- every difference is one where the container refuses
# what the profile allows or refuses with another errno. With runc 1.1
# (Debian 12) they are its ENOSYS stub (ERRNO(38) for numbers above the
# last syscall its libseccomp 2.5.4 knows) and syscalls that library
# does not know (ERRNO(1), the default, where the profile allows them).
# Skips without root, x86_64, a runtime that starts here, busybox-static
# (Debian: runc or crun, busybox-static), Z3 or the profile.

data=${SHARED_DATA:-${top_srcdir:-..}/../shared/data}
docker=$data/docker-default-seccomp.json
test_name=profile-inspect-runc
. "${srcdir:-.}/lib/profile_test.sh"

skip() {
	echo "skipped: $*" >&2
	exit 77
}

[ "$(id -u)" = 0 ] || skip "needs root"
[ "$(uname -m)" = x86_64 ] || skip "the known answers are x86_64's"
[ -r "$docker" ] || skip "no $docker"
busybox=/bin/busybox
ldd "$busybox" 2>&1 | grep -q "not a dynamic" ||
	skip "no static $busybox (Debian: busybox-static)"
command -v python3 >/dev/null || skip "no python3"

bundle=$tmp/bundle
mkdir -p "$bundle/rootfs/bin" || exit 1
cp "$busybox" "$bundle/rootfs/bin/busybox" || exit 1
ln -s busybox "$bundle/rootfs/bin/sleep"
ln -s busybox "$bundle/rootfs/bin/sh"

# Docker's profile as dockerd resolves it for an x86_64 host: OCI's form
cat >"$tmp/oci.py" <<'EOF'
import json, sys
prof = json.load(open(sys.argv[1]))
cfg = json.load(open(sys.argv[2]))
host, host_go = "SCMP_ARCH_X86_64", "amd64"
caps = {"CAP_CHOWN", "CAP_DAC_OVERRIDE", "CAP_FSETID", "CAP_FOWNER",
        "CAP_MKNOD", "CAP_NET_RAW", "CAP_SETGID", "CAP_SETUID",
        "CAP_SETFCAP", "CAP_SETPCAP", "CAP_NET_BIND_SERVICE",
        "CAP_SYS_CHROOT", "CAP_KILL", "CAP_AUDIT_WRITE"}
arches = []
for m in prof.get("archMap", []):
    if m["architecture"] == host:
        arches = [host] + m.get("subArchitectures", [])
def holds(r):
    inc, exc = r.get("includes", {}), r.get("excludes", {})
    if inc.get("caps") and not set(inc["caps"]) <= caps:
        return False
    if inc.get("arches") and host_go not in inc["arches"]:
        return False
    if exc.get("caps") and set(exc["caps"]) & caps:
        return False
    if exc.get("arches") and host_go in exc["arches"]:
        return False
    return True
rules = []
for r in prof["syscalls"]:
    if holds(r):
        e = {k: r[k] for k in ("names", "action", "errnoRet", "args")
             if k in r and r[k]}
        rules.append(e)
sec = {"defaultAction": prof["defaultAction"], "architectures": arches,
       "syscalls": rules}
if "defaultErrnoRet" in prof:
    sec["defaultErrnoRet"] = prof["defaultErrnoRet"]
cfg["linux"]["seccomp"] = sec
cfg["process"]["args"] = ["sleep", "600"]
cfg["process"]["terminal"] = False
json.dump(cfg, open(sys.argv[2], "w"), indent=1)
EOF

# start RUNTIME [OPTIONS]: the container's pid in $pid, or return 1
start() {
	rt=$1
	shift
	command -v "$rt" >/dev/null || return 1
	rm -f "$bundle/config.json"
	(cd "$bundle" && "$rt" spec) >/dev/null 2>&1 || return 1
	python3 "$tmp/oci.py" "$docker" "$bundle/config.json" || return 1
	id=inspect-$$
	(cd "$bundle" && timeout 30 "$rt" "$@" run -d "$id" </dev/null \
		>"$tmp/run.log" 2>&1) || return 1
	pid=$("$rt" "$@" state "$id" 2>/dev/null | python3 -c \
		'import json, sys; print(json.load(sys.stdin)["pid"])')
	[ -n "$pid" ] && [ "$pid" != 0 ]
}

runtime=
if start runc; then
	runtime=runc
elif start crun --cgroup-manager=disabled; then
	runtime="crun --cgroup-manager=disabled"
else
	skip "no runc or crun that starts a container here:" \
		"$(cat "$tmp/run.log" 2>/dev/null)"
fi
trap '$runtime kill "$id" KILL 2>/dev/null; sleep 0.2;
	$runtime delete -f "$id" >/dev/null 2>&1; rm -rf "$tmp"' EXIT
echo "container $id ($runtime), pid $pid"

ok() {
	passed=$((passed + 1))
}
fail() {
	echo "FAIL $*"
	failed=$((failed + 1))
}

# The report, as text (kept in the log) and as JSON
"$tool" inspect "$pid" >"$tmp/report" 2>"$tmp/err" || fail "inspect: $(cat "$tmp/err")"
cat "$tmp/report"
"$tool" inspect --json "$pid" >"$tmp/report.json" 2>"$tmp/err" ||
	fail "inspect --json: $(cat "$tmp/err")"

python3 - "$tmp/report.json" >"$tmp/checks" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
nr = {"read": 0, "clone": 56, "personality": 135, "reboot": 169,
      "clone3": 435}
def region(name):
    abi = r["abis"][0]
    for g in abi["regions"]:
        if g["first"] <= nr[name] <= g["last"] and name in g["syscalls"]:
            return g
def want(cond, what):
    print(("ok " if cond else "FAIL ") + what)
want(r["mode"] == "filter", "seccomp mode filter")
want(len(r["filters"]) >= 1, "at least one filter")
want(r["abis"][0]["name"] == "x86_64", "x86_64 first")
names = [a["name"] for a in r["abis"]]
want("x86" in names and "x32" in names, "x86 and x32 reported: %s" % names)
g = region("read")
want(g["action"] == "ALLOW" and g["cached"], "read ALLOW, cached")
g = region("reboot")
want(g["action"] == "ERRNO(1)", "reboot ERRNO(1): %s" % g["action"])
g = region("clone3")
want(g["action"] == "ERRNO(38)", "clone3 ERRNO(38): %s" % g["action"])
for s in ("clone", "personality"):
    g = region(s)
    want(g["by_arguments"] and "ERRNO(1)" in g["also"],
         "%s decided by arguments" % s)
EOF
grep '^FAIL' "$tmp/checks" && failed=$((failed + 1)) || ok
cat "$tmp/checks"

# Against the profile: exit 3, and never weaker than the profile
"$tool" inspect --json -n 0 --profile "$docker" "$pid" \
	>"$tmp/diff.json" 2>"$tmp/err"
rc=$?
if [ $rc = 1 ] && grep -q "needs Z3" "$tmp/err"; then
	echo "--profile: skipped, built without Z3"
else
	python3 - "$tmp/diff.json" "$rc" >"$tmp/checks" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
rc = int(sys.argv[2])
def rank(a):
    return 0 if a == "ALLOW" else 1
weaker = [d for d in r["differences"]
          if isinstance(d, dict) and rank(d["process"]) < rank(d["profile"])]
print(("ok " if rc in (0, 3) else "FAIL ") + "exit status %d" % rc)
print(("ok " if not weaker else "FAIL ") +
      "never weaker than the profile: %s" % weaker[:3])
for d in r["differences"]:
    if isinstance(d, dict):
        print("  %s: process %s, profile %s" %
              (d["input"], d["process"], d["profile"]))
EOF
	grep '^FAIL' "$tmp/checks" && failed=$((failed + 1)) || ok
	cat "$tmp/checks"
fi

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
