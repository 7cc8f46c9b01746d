/* SPDX-License-Identifier: LGPL-2.1-only */
/* Symbolic argument values (AF_VSOCK, CLONE_NEWUSER|CLONE_NEWNS) by ABI. */

/*
 * The constants Docker's and Podman's profiles compare arguments with, and
 * their neighbours: clone(2) flags, socket(2) families, types and netlink
 * protocols, personality(2) values, prctl(2) options, mount(2) flags,
 * open(2) flags. Values from the Linux uapi headers (linux/sched.h,
 * linux/socket.h, linux/net.h, linux/netlink.h, linux/personality.h,
 * linux/prctl.h, linux/mount.h, asm-generic/fcntl.h);
 * tests/49-profile-consts checks them against this machine's headers.
 * Most are the same on every ABI. Those marked GENERIC have other values
 * on MIPS (socket types, O_*) or PA-RISC (O_*, SOCK_NONBLOCK and
 * SOCK_CLOEXEC): they are refused for those ABIs rather than given a value
 * the ABI's kernel does not mean.
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "profile.h"

#define GENERIC 1u /* not MIPS's nor PA-RISC's value */

/* clang-format off */
static const struct {
	const char *name;
	uint64_t value;
	unsigned int flags;
} consts[] = {
	/* linux/sched.h */
	{ "CSIGNAL", 0xff, 0 },
	{ "CLONE_NEWTIME", 0x80, 0 },
	{ "CLONE_VM", 0x100, 0 },
	{ "CLONE_FS", 0x200, 0 },
	{ "CLONE_FILES", 0x400, 0 },
	{ "CLONE_SIGHAND", 0x800, 0 },
	{ "CLONE_PIDFD", 0x1000, 0 },
	{ "CLONE_PTRACE", 0x2000, 0 },
	{ "CLONE_VFORK", 0x4000, 0 },
	{ "CLONE_PARENT", 0x8000, 0 },
	{ "CLONE_THREAD", 0x10000, 0 },
	{ "CLONE_NEWNS", 0x20000, 0 },
	{ "CLONE_SYSVSEM", 0x40000, 0 },
	{ "CLONE_SETTLS", 0x80000, 0 },
	{ "CLONE_PARENT_SETTID", 0x100000, 0 },
	{ "CLONE_CHILD_CLEARTID", 0x200000, 0 },
	{ "CLONE_DETACHED", 0x400000, 0 },
	{ "CLONE_UNTRACED", 0x800000, 0 },
	{ "CLONE_CHILD_SETTID", 0x1000000, 0 },
	{ "CLONE_NEWCGROUP", 0x2000000, 0 },
	{ "CLONE_NEWUTS", 0x4000000, 0 },
	{ "CLONE_NEWIPC", 0x8000000, 0 },
	{ "CLONE_NEWUSER", 0x10000000, 0 },
	{ "CLONE_NEWPID", 0x20000000, 0 },
	{ "CLONE_NEWNET", 0x40000000, 0 },
	{ "CLONE_IO", 0x80000000, 0 },
	{ "CLONE_CLEAR_SIGHAND", 0x100000000ull, 0 },
	{ "CLONE_INTO_CGROUP", 0x200000000ull, 0 },
	/* linux/socket.h */
	{ "AF_UNSPEC", 0, 0 }, { "AF_UNIX", 1, 0 }, { "AF_LOCAL", 1, 0 },
	{ "AF_INET", 2, 0 }, { "AF_AX25", 3, 0 }, { "AF_IPX", 4, 0 },
	{ "AF_APPLETALK", 5, 0 }, { "AF_NETROM", 6, 0 },
	{ "AF_BRIDGE", 7, 0 }, { "AF_ATMPVC", 8, 0 }, { "AF_X25", 9, 0 },
	{ "AF_INET6", 10, 0 }, { "AF_ROSE", 11, 0 }, { "AF_DECnet", 12, 0 },
	{ "AF_NETBEUI", 13, 0 }, { "AF_SECURITY", 14, 0 },
	{ "AF_KEY", 15, 0 }, { "AF_NETLINK", 16, 0 }, { "AF_ROUTE", 16, 0 },
	{ "AF_PACKET", 17, 0 }, { "AF_ASH", 18, 0 }, { "AF_ECONET", 19, 0 },
	{ "AF_ATMSVC", 20, 0 }, { "AF_RDS", 21, 0 }, { "AF_SNA", 22, 0 },
	{ "AF_IRDA", 23, 0 }, { "AF_PPPOX", 24, 0 }, { "AF_WANPIPE", 25, 0 },
	{ "AF_LLC", 26, 0 }, { "AF_IB", 27, 0 }, { "AF_MPLS", 28, 0 },
	{ "AF_CAN", 29, 0 }, { "AF_TIPC", 30, 0 }, { "AF_BLUETOOTH", 31, 0 },
	{ "AF_IUCV", 32, 0 }, { "AF_RXRPC", 33, 0 }, { "AF_ISDN", 34, 0 },
	{ "AF_PHONET", 35, 0 }, { "AF_IEEE802154", 36, 0 },
	{ "AF_CAIF", 37, 0 }, { "AF_ALG", 38, 0 }, { "AF_NFC", 39, 0 },
	{ "AF_VSOCK", 40, 0 }, { "AF_KCM", 41, 0 }, { "AF_QIPCRTR", 42, 0 },
	{ "AF_SMC", 43, 0 }, { "AF_XDP", 44, 0 }, { "AF_MCTP", 45, 0 },
	/* linux/net.h, asm-generic/socket.h (MIPS numbers its types
	 * otherwise; PA-RISC has its own SOCK_NONBLOCK and SOCK_CLOEXEC) */
	{ "SOCK_STREAM", 1, GENERIC }, { "SOCK_DGRAM", 2, GENERIC },
	{ "SOCK_RAW", 3, GENERIC }, { "SOCK_RDM", 4, GENERIC },
	{ "SOCK_SEQPACKET", 5, GENERIC }, { "SOCK_DCCP", 6, GENERIC },
	{ "SOCK_PACKET", 10, GENERIC },
	{ "SOCK_NONBLOCK", 04000, GENERIC },
	{ "SOCK_CLOEXEC", 02000000, GENERIC },
	/* linux/netlink.h: socket(AF_NETLINK, type, protocol) */
	{ "NETLINK_ROUTE", 0, 0 }, { "NETLINK_USERSOCK", 2, 0 },
	{ "NETLINK_FIREWALL", 3, 0 }, { "NETLINK_SOCK_DIAG", 4, 0 },
	{ "NETLINK_INET_DIAG", 4, 0 }, { "NETLINK_NFLOG", 5, 0 },
	{ "NETLINK_XFRM", 6, 0 }, { "NETLINK_SELINUX", 7, 0 },
	{ "NETLINK_ISCSI", 8, 0 }, { "NETLINK_AUDIT", 9, 0 },
	{ "NETLINK_FIB_LOOKUP", 10, 0 }, { "NETLINK_CONNECTOR", 11, 0 },
	{ "NETLINK_NETFILTER", 12, 0 }, { "NETLINK_IP6_FW", 13, 0 },
	{ "NETLINK_DNRTMSG", 14, 0 }, { "NETLINK_KOBJECT_UEVENT", 15, 0 },
	{ "NETLINK_GENERIC", 16, 0 }, { "NETLINK_SCSITRANSPORT", 18, 0 },
	{ "NETLINK_ECRYPTFS", 19, 0 }, { "NETLINK_RDMA", 20, 0 },
	{ "NETLINK_CRYPTO", 21, 0 }, { "NETLINK_SMC", 22, 0 },
	/* linux/personality.h */
	{ "PER_LINUX", 0, 0 }, { "PER_LINUX32", 8, 0 },
	{ "UNAME26", 0x20000, 0 }, { "ADDR_NO_RANDOMIZE", 0x40000, 0 },
	{ "FDPIC_FUNCPTRS", 0x80000, 0 }, { "MMAP_PAGE_ZERO", 0x100000, 0 },
	{ "ADDR_COMPAT_LAYOUT", 0x200000, 0 },
	{ "READ_IMPLIES_EXEC", 0x400000, 0 },
	{ "ADDR_LIMIT_32BIT", 0x800000, 0 }, { "SHORT_INODE", 0x1000000, 0 },
	{ "WHOLE_SECONDS", 0x2000000, 0 },
	{ "STICKY_TIMEOUTS", 0x4000000, 0 },
	{ "ADDR_LIMIT_3GB", 0x8000000, 0 },
	{ "PER_LINUX_32BIT", 0x800000, 0 },
	{ "PER_LINUX32_3GB", 0x8000008, 0 },
	/* linux/prctl.h */
	{ "PR_SET_PDEATHSIG", 1, 0 }, { "PR_GET_PDEATHSIG", 2, 0 },
	{ "PR_GET_DUMPABLE", 3, 0 }, { "PR_SET_DUMPABLE", 4, 0 },
	{ "PR_GET_UNALIGN", 5, 0 }, { "PR_SET_UNALIGN", 6, 0 },
	{ "PR_GET_KEEPCAPS", 7, 0 }, { "PR_SET_KEEPCAPS", 8, 0 },
	{ "PR_GET_FPEMU", 9, 0 }, { "PR_SET_FPEMU", 10, 0 },
	{ "PR_GET_FPEXC", 11, 0 }, { "PR_SET_FPEXC", 12, 0 },
	{ "PR_GET_TIMING", 13, 0 }, { "PR_SET_TIMING", 14, 0 },
	{ "PR_SET_NAME", 15, 0 }, { "PR_GET_NAME", 16, 0 },
	{ "PR_GET_ENDIAN", 19, 0 }, { "PR_SET_ENDIAN", 20, 0 },
	{ "PR_GET_SECCOMP", 21, 0 }, { "PR_SET_SECCOMP", 22, 0 },
	{ "PR_CAPBSET_READ", 23, 0 }, { "PR_CAPBSET_DROP", 24, 0 },
	{ "PR_GET_TSC", 25, 0 }, { "PR_SET_TSC", 26, 0 },
	{ "PR_GET_SECUREBITS", 27, 0 }, { "PR_SET_SECUREBITS", 28, 0 },
	{ "PR_SET_TIMERSLACK", 29, 0 }, { "PR_GET_TIMERSLACK", 30, 0 },
	{ "PR_TASK_PERF_EVENTS_DISABLE", 31, 0 },
	{ "PR_TASK_PERF_EVENTS_ENABLE", 32, 0 },
	{ "PR_MCE_KILL", 33, 0 }, { "PR_MCE_KILL_GET", 34, 0 },
	{ "PR_SET_MM", 35, 0 }, { "PR_SET_CHILD_SUBREAPER", 36, 0 },
	{ "PR_GET_CHILD_SUBREAPER", 37, 0 },
	{ "PR_SET_NO_NEW_PRIVS", 38, 0 }, { "PR_GET_NO_NEW_PRIVS", 39, 0 },
	{ "PR_GET_TID_ADDRESS", 40, 0 }, { "PR_SET_THP_DISABLE", 41, 0 },
	{ "PR_GET_THP_DISABLE", 42, 0 },
	{ "PR_MPX_ENABLE_MANAGEMENT", 43, 0 },
	{ "PR_MPX_DISABLE_MANAGEMENT", 44, 0 },
	{ "PR_SET_FP_MODE", 45, 0 }, { "PR_GET_FP_MODE", 46, 0 },
	{ "PR_CAP_AMBIENT", 47, 0 }, { "PR_SVE_SET_VL", 50, 0 },
	{ "PR_SVE_GET_VL", 51, 0 }, { "PR_GET_SPECULATION_CTRL", 52, 0 },
	{ "PR_SET_SPECULATION_CTRL", 53, 0 },
	{ "PR_PAC_RESET_KEYS", 54, 0 }, { "PR_SET_TAGGED_ADDR_CTRL", 55, 0 },
	{ "PR_GET_TAGGED_ADDR_CTRL", 56, 0 }, { "PR_SET_IO_FLUSHER", 57, 0 },
	{ "PR_GET_IO_FLUSHER", 58, 0 },
	{ "PR_SET_SYSCALL_USER_DISPATCH", 59, 0 },
	{ "PR_PAC_SET_ENABLED_KEYS", 60, 0 },
	{ "PR_PAC_GET_ENABLED_KEYS", 61, 0 }, { "PR_SCHED_CORE", 62, 0 },
	{ "PR_SME_SET_VL", 63, 0 }, { "PR_SME_GET_VL", 64, 0 },
	{ "PR_SET_MDWE", 65, 0 }, { "PR_GET_MDWE", 66, 0 },
	{ "PR_SET_VMA", 0x53564d41, 0 }, { "PR_SET_PTRACER", 0x59616d61, 0 },
	/* linux/mount.h */
	{ "MS_RDONLY", 1, 0 }, { "MS_NOSUID", 2, 0 }, { "MS_NODEV", 4, 0 },
	{ "MS_NOEXEC", 8, 0 }, { "MS_SYNCHRONOUS", 16, 0 },
	{ "MS_REMOUNT", 32, 0 }, { "MS_MANDLOCK", 64, 0 },
	{ "MS_DIRSYNC", 128, 0 }, { "MS_NOSYMFOLLOW", 256, 0 },
	{ "MS_NOATIME", 1024, 0 }, { "MS_NODIRATIME", 2048, 0 },
	{ "MS_BIND", 4096, 0 }, { "MS_MOVE", 8192, 0 },
	{ "MS_REC", 16384, 0 }, { "MS_SILENT", 32768, 0 },
	{ "MS_POSIXACL", 1u << 16, 0 }, { "MS_UNBINDABLE", 1u << 17, 0 },
	{ "MS_PRIVATE", 1u << 18, 0 }, { "MS_SLAVE", 1u << 19, 0 },
	{ "MS_SHARED", 1u << 20, 0 }, { "MS_RELATIME", 1u << 21, 0 },
	{ "MS_KERNMOUNT", 1u << 22, 0 }, { "MS_I_VERSION", 1u << 23, 0 },
	{ "MS_STRICTATIME", 1u << 24, 0 }, { "MS_LAZYTIME", 1u << 25, 0 },
	/* asm-generic/fcntl.h (MIPS and PA-RISC have their own) */
	{ "O_RDONLY", 0, 0 }, { "O_WRONLY", 1, 0 }, { "O_RDWR", 2, 0 },
	{ "O_CREAT", 0100, GENERIC }, { "O_EXCL", 0200, GENERIC },
	{ "O_NOCTTY", 0400, GENERIC }, { "O_TRUNC", 01000, GENERIC },
	{ "O_APPEND", 02000, GENERIC }, { "O_NONBLOCK", 04000, GENERIC },
	{ "O_CLOEXEC", 02000000, GENERIC },
};
/* clang-format on */

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* Whether ABI @token numbers the GENERIC constants otherwise. */
static bool abi_differs(uint32_t token)
{
	const char *name = profile_arch_name(token);

	return name != NULL && (strncmp(name, "mips", 4) == 0 ||
				strncmp(name, "parisc", 6) == 0);
}

const char *profile_const_at(size_t i, uint64_t *value)
{
	if (i >= N(consts))
		return NULL;
	*value = consts[i].value;
	return consts[i].name;
}

int profile_const_eval(const char *expr, uint32_t token, uint64_t *out,
		       char *bad, size_t size)
{
	const char *s = expr, *end;
	uint64_t v, all = 0;
	size_t len, i;
	char *num_end;

	bad[0] = '\0';
	for (;;) {
		while (*s == ' ')
			s++;
		for (end = s; *end != '\0' && *end != '|' && *end != ' ';)
			end++;
		len = (size_t)(end - s);
		snprintf(bad, size, "%.*s", (int)len, s);
		if (len == 0)
			return -EINVAL;
		if ((*s >= '0' && *s <= '9') || *s == '-') {
			errno = 0;
			v = *s == '-' ? (uint64_t)strtoll(s, &num_end, 0) :
					strtoull(s, &num_end, 0);
			if (errno != 0 || num_end != end)
				return -EINVAL;
		} else {
			for (i = 0; i < N(consts); i++)
				if (strlen(consts[i].name) == len &&
				    strncmp(consts[i].name, s, len) == 0)
					break;
			if (i == N(consts))
				return -ENOENT;
			if ((consts[i].flags & GENERIC) && abi_differs(token))
				return -EDOM;
			v = consts[i].value;
		}
		all |= v;
		while (*end == ' ')
			end++;
		if (*end == '\0')
			break;
		if (*end != '|')
			return -EINVAL;
		s = end + 1;
	}
	bad[0] = '\0';
	*out = all;
	return 0;
}
