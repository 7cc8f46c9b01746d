/* SPDX-License-Identifier: LGPL-2.1-only */
/* 49-profile-consts: explain's symbolic argument values are the kernel's. */

/*
 * Every constant of tools/profile_const.c is compared with the macro of
 * this machine's uapi and libc headers; the table must hold exactly the
 * constants listed here (a new one needs its row). Then the expressions:
 * '|' ORs, numbers in any base, spaces, and the errors: an unknown name,
 * a malformed expression, a constant whose value differs on MIPS and
 * PA-RISC asked for those ABIs.
 */

#include <errno.h>
#include <fcntl.h>
#include <linux/netlink.h>
#include <linux/personality.h>
#include <linux/prctl.h>
#include <linux/sched.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/socket.h>

#include "profile.h"
#include "test_util.h"

#define ROW(name)                       \
	{                               \
#name, (uint64_t)(name) \
	}

/* Older headers lack the newest: those rows are compared by value only. */
#ifndef CLONE_CLEAR_SIGHAND
#define CLONE_CLEAR_SIGHAND 0x100000000ull
#endif
#ifndef CLONE_INTO_CGROUP
#define CLONE_INTO_CGROUP 0x200000000ull
#endif
#ifndef PR_SET_MDWE
#define PR_SET_MDWE 65
#define PR_GET_MDWE 66
#endif
#ifndef PR_SME_SET_VL
#define PR_SME_SET_VL 63
#define PR_SME_GET_VL 64
#endif
#ifndef AF_MCTP
#define AF_MCTP 45
#endif
#ifndef MS_NOSYMFOLLOW
#define MS_NOSYMFOLLOW 256
#endif
#ifndef NETLINK_SMC
#define NETLINK_SMC 22
#endif

/* clang-format off */
static const struct {
	const char *name;
	uint64_t value;
} want[] = {
	ROW(CSIGNAL), ROW(CLONE_NEWTIME), ROW(CLONE_VM), ROW(CLONE_FS),
	ROW(CLONE_FILES), ROW(CLONE_SIGHAND), ROW(CLONE_PIDFD),
	ROW(CLONE_PTRACE), ROW(CLONE_VFORK), ROW(CLONE_PARENT),
	ROW(CLONE_THREAD), ROW(CLONE_NEWNS), ROW(CLONE_SYSVSEM),
	ROW(CLONE_SETTLS), ROW(CLONE_PARENT_SETTID), ROW(CLONE_CHILD_CLEARTID),
	ROW(CLONE_DETACHED), ROW(CLONE_UNTRACED), ROW(CLONE_CHILD_SETTID),
	ROW(CLONE_NEWCGROUP), ROW(CLONE_NEWUTS), ROW(CLONE_NEWIPC),
	ROW(CLONE_NEWUSER), ROW(CLONE_NEWPID), ROW(CLONE_NEWNET),
	ROW(CLONE_IO), ROW(CLONE_CLEAR_SIGHAND), ROW(CLONE_INTO_CGROUP),
	ROW(AF_UNSPEC), ROW(AF_UNIX), ROW(AF_LOCAL), ROW(AF_INET),
	ROW(AF_AX25), ROW(AF_IPX), ROW(AF_APPLETALK), ROW(AF_NETROM),
	ROW(AF_BRIDGE), ROW(AF_ATMPVC), ROW(AF_X25), ROW(AF_INET6),
	ROW(AF_ROSE), ROW(AF_DECnet), ROW(AF_NETBEUI), ROW(AF_SECURITY),
	ROW(AF_KEY), ROW(AF_NETLINK), ROW(AF_ROUTE), ROW(AF_PACKET),
	ROW(AF_ASH), ROW(AF_ECONET), ROW(AF_ATMSVC), ROW(AF_RDS), ROW(AF_SNA),
	ROW(AF_IRDA), ROW(AF_PPPOX), ROW(AF_WANPIPE), ROW(AF_LLC), ROW(AF_IB),
	ROW(AF_MPLS), ROW(AF_CAN), ROW(AF_TIPC), ROW(AF_BLUETOOTH),
	ROW(AF_IUCV), ROW(AF_RXRPC), ROW(AF_ISDN), ROW(AF_PHONET),
	ROW(AF_IEEE802154), ROW(AF_CAIF), ROW(AF_ALG), ROW(AF_NFC),
	ROW(AF_VSOCK), ROW(AF_KCM), ROW(AF_QIPCRTR), ROW(AF_SMC), ROW(AF_XDP),
	ROW(AF_MCTP),
	ROW(SOCK_STREAM), ROW(SOCK_DGRAM), ROW(SOCK_RAW), ROW(SOCK_RDM),
	ROW(SOCK_SEQPACKET), ROW(SOCK_DCCP), ROW(SOCK_PACKET),
	ROW(SOCK_NONBLOCK), ROW(SOCK_CLOEXEC),
	ROW(NETLINK_ROUTE), ROW(NETLINK_USERSOCK), ROW(NETLINK_FIREWALL),
	ROW(NETLINK_SOCK_DIAG), ROW(NETLINK_INET_DIAG), ROW(NETLINK_NFLOG),
	ROW(NETLINK_XFRM), ROW(NETLINK_SELINUX), ROW(NETLINK_ISCSI),
	ROW(NETLINK_AUDIT), ROW(NETLINK_FIB_LOOKUP), ROW(NETLINK_CONNECTOR),
	ROW(NETLINK_NETFILTER), ROW(NETLINK_IP6_FW), ROW(NETLINK_DNRTMSG),
	ROW(NETLINK_KOBJECT_UEVENT), ROW(NETLINK_GENERIC),
	ROW(NETLINK_SCSITRANSPORT), ROW(NETLINK_ECRYPTFS), ROW(NETLINK_RDMA),
	ROW(NETLINK_CRYPTO), ROW(NETLINK_SMC),
	ROW(PER_LINUX), ROW(PER_LINUX32), ROW(UNAME26), ROW(ADDR_NO_RANDOMIZE),
	ROW(FDPIC_FUNCPTRS), ROW(MMAP_PAGE_ZERO), ROW(ADDR_COMPAT_LAYOUT),
	ROW(READ_IMPLIES_EXEC), ROW(ADDR_LIMIT_32BIT), ROW(SHORT_INODE),
	ROW(WHOLE_SECONDS), ROW(STICKY_TIMEOUTS), ROW(ADDR_LIMIT_3GB),
	ROW(PER_LINUX_32BIT), ROW(PER_LINUX32_3GB),
	ROW(PR_SET_PDEATHSIG), ROW(PR_GET_PDEATHSIG), ROW(PR_GET_DUMPABLE),
	ROW(PR_SET_DUMPABLE), ROW(PR_GET_UNALIGN), ROW(PR_SET_UNALIGN),
	ROW(PR_GET_KEEPCAPS), ROW(PR_SET_KEEPCAPS), ROW(PR_GET_FPEMU),
	ROW(PR_SET_FPEMU), ROW(PR_GET_FPEXC), ROW(PR_SET_FPEXC),
	ROW(PR_GET_TIMING), ROW(PR_SET_TIMING), ROW(PR_SET_NAME),
	ROW(PR_GET_NAME), ROW(PR_GET_ENDIAN), ROW(PR_SET_ENDIAN),
	ROW(PR_GET_SECCOMP), ROW(PR_SET_SECCOMP), ROW(PR_CAPBSET_READ),
	ROW(PR_CAPBSET_DROP), ROW(PR_GET_TSC), ROW(PR_SET_TSC),
	ROW(PR_GET_SECUREBITS), ROW(PR_SET_SECUREBITS), ROW(PR_SET_TIMERSLACK),
	ROW(PR_GET_TIMERSLACK), ROW(PR_TASK_PERF_EVENTS_DISABLE),
	ROW(PR_TASK_PERF_EVENTS_ENABLE), ROW(PR_MCE_KILL), ROW(PR_MCE_KILL_GET),
	ROW(PR_SET_MM), ROW(PR_SET_CHILD_SUBREAPER),
	ROW(PR_GET_CHILD_SUBREAPER), ROW(PR_SET_NO_NEW_PRIVS),
	ROW(PR_GET_NO_NEW_PRIVS), ROW(PR_GET_TID_ADDRESS),
	ROW(PR_SET_THP_DISABLE), ROW(PR_GET_THP_DISABLE),
	ROW(PR_MPX_ENABLE_MANAGEMENT), ROW(PR_MPX_DISABLE_MANAGEMENT),
	ROW(PR_SET_FP_MODE), ROW(PR_GET_FP_MODE), ROW(PR_CAP_AMBIENT),
	ROW(PR_SVE_SET_VL), ROW(PR_SVE_GET_VL), ROW(PR_GET_SPECULATION_CTRL),
	ROW(PR_SET_SPECULATION_CTRL), ROW(PR_PAC_RESET_KEYS),
	ROW(PR_SET_TAGGED_ADDR_CTRL), ROW(PR_GET_TAGGED_ADDR_CTRL),
	ROW(PR_SET_IO_FLUSHER), ROW(PR_GET_IO_FLUSHER),
	ROW(PR_SET_SYSCALL_USER_DISPATCH), ROW(PR_PAC_SET_ENABLED_KEYS),
	ROW(PR_PAC_GET_ENABLED_KEYS), ROW(PR_SCHED_CORE), ROW(PR_SME_SET_VL),
	ROW(PR_SME_GET_VL), ROW(PR_SET_MDWE), ROW(PR_GET_MDWE),
	ROW(PR_SET_VMA), ROW(PR_SET_PTRACER),
	ROW(MS_RDONLY), ROW(MS_NOSUID), ROW(MS_NODEV), ROW(MS_NOEXEC),
	ROW(MS_SYNCHRONOUS), ROW(MS_REMOUNT), ROW(MS_MANDLOCK),
	ROW(MS_DIRSYNC), ROW(MS_NOSYMFOLLOW), ROW(MS_NOATIME),
	ROW(MS_NODIRATIME), ROW(MS_BIND), ROW(MS_MOVE), ROW(MS_REC),
	ROW(MS_SILENT), ROW(MS_POSIXACL), ROW(MS_UNBINDABLE), ROW(MS_PRIVATE),
	ROW(MS_SLAVE), ROW(MS_SHARED), ROW(MS_RELATIME), ROW(MS_KERNMOUNT),
	ROW(MS_I_VERSION), ROW(MS_STRICTATIME), ROW(MS_LAZYTIME),
	ROW(O_RDONLY), ROW(O_WRONLY), ROW(O_RDWR), ROW(O_CREAT), ROW(O_EXCL),
	ROW(O_NOCTTY), ROW(O_TRUNC), ROW(O_APPEND), ROW(O_NONBLOCK),
	ROW(O_CLOEXEC),
};
/* clang-format on */

/* @expr on ABI @token must give @rc and (on success) @value. */
static void eval(const char *expr, uint32_t token, int rc, uint64_t value)
{
	uint64_t got = 0xdeadbeef;
	char bad[64];
	int r = profile_const_eval(expr, token, &got, bad, sizeof(bad));

	if (r != rc || (rc == 0 && got != value)) {
		printf("FAIL \"%s\": %d, %#llx (at \"%s\"); want %d, %#llx\n",
		       expr, r, (unsigned long long)got, bad, rc,
		       (unsigned long long)value);
		test_failures++;
	}
}

int main(void)
{
	const size_t n = sizeof(want) / sizeof(want[0]);
	const char *name;
	uint64_t value;
	size_t i, k;

	for (i = 0; (name = profile_const_at(i, &value)) != NULL; i++) {
		for (k = 0; k < n && strcmp(want[k].name, name) != 0; k++)
			;
		if (k == n) {
			printf("FAIL %s: not in this test's list\n", name);
			test_failures++;
		} else if (want[k].value != value) {
			printf("FAIL %s: %#llx, the headers say %#llx\n", name,
			       (unsigned long long)value,
			       (unsigned long long)want[k].value);
			test_failures++;
		}
		/* by name, on an ABI where every constant holds */
		eval(name, SCMP_ARCH_X86_64, 0, value);
	}
	EXPECT(i, n);
	printf("%zu constants compared with the headers\n", i);

	eval("CLONE_NEWUSER|CLONE_NEWNS", SCMP_ARCH_X86_64, 0, 0x10020000);
	eval(" CLONE_NEWUSER | 0x20000 ", SCMP_ARCH_AARCH64, 0, 0x10020000);
	eval("0755|010", SCMP_ARCH_X86_64, 0, 0755);
	eval("-1", SCMP_ARCH_X86_64, 0, UINT64_MAX);
	eval("18446744073709551615", SCMP_ARCH_X86_64, 0, UINT64_MAX);
	eval("AF_VSOCK", SCMP_ARCH_MIPS, 0, 40);
	eval("O_RDWR", SCMP_ARCH_PARISC, 0, 2);
	eval("SOCK_STREAM", SCMP_ARCH_MIPSEL64, -EDOM, 0);
	eval("SOCK_DGRAM|SOCK_CLOEXEC", SCMP_ARCH_PARISC, -EDOM, 0);
	eval("O_CREAT", SCMP_ARCH_MIPS, -EDOM, 0);
	eval("SOCK_STREAM", SCMP_ARCH_S390X, 0, 1);
	eval("AF_FOO", SCMP_ARCH_X86_64, -ENOENT, 0);
	eval("af_inet", SCMP_ARCH_X86_64, -ENOENT, 0);
	eval("AF_INET|", SCMP_ARCH_X86_64, -EINVAL, 0);
	eval("|AF_INET", SCMP_ARCH_X86_64, -EINVAL, 0);
	eval("AF_INET AF_UNIX", SCMP_ARCH_X86_64, -EINVAL, 0);
	eval("", SCMP_ARCH_X86_64, -EINVAL, 0);
	eval("12x", SCMP_ARCH_X86_64, -EINVAL, 0);
	eval("18446744073709551616", SCMP_ARCH_X86_64, -EINVAL, 0);
	return test_result();
}
