/* SPDX-License-Identifier: LGPL-2.1-only */
/* Priorities and OPTIMIZE=2 (binary tree) change the program's shape, never its results. */

#include "filter_spec.h"

/* clang-format off */
/* 50 syscalls, some with argument rules, on x86_64 and x86. */
#define PRIO_RULES							\
	"rule ERRNO(1) read",						\
	"rule ERRNO(2) write a0==2",					\
	"rule ERRNO(3) open",						\
	"rule ERRNO(4) close a1>400",					\
	"rule ERRNO(5) stat a0==5",					\
	"rule ERRNO(6) fstat",						\
	"rule ERRNO(7) lstat",						\
	"rule ERRNO(8) poll a0==8",					\
	"rule ERRNO(9) lseek",						\
	"rule ERRNO(10) mmap",						\
	"rule ERRNO(11) mprotect a0==11",				\
	"rule ERRNO(12) munmap",					\
	"rule ERRNO(13) brk",						\
	"rule ERRNO(14) ioctl a0==14",					\
	"rule ERRNO(15) pread64",					\
	"rule ERRNO(16) pwrite64",					\
	"rule ERRNO(17) readv a0==17",					\
	"rule ERRNO(18) writev a1>1800",				\
	"rule ERRNO(19) access",					\
	"rule ERRNO(20) pipe a0==20",					\
	"rule ERRNO(21) select",					\
	"rule ERRNO(22) sched_yield",					\
	"rule ERRNO(23) mremap a0==23",					\
	"rule ERRNO(24) msync",						\
	"rule ERRNO(25) mincore a1>2500",				\
	"rule ERRNO(26) madvise a0==26",				\
	"rule ERRNO(27) dup",						\
	"rule ERRNO(28) dup2",						\
	"rule ERRNO(29) pause a0==29",					\
	"rule ERRNO(30) nanosleep",					\
	"rule ERRNO(31) getpid",					\
	"rule ERRNO(32) sendfile a0==32",				\
	"rule ERRNO(33) fork",						\
	"rule ERRNO(34) vfork",						\
	"rule ERRNO(35) execve a0==35",					\
	"rule ERRNO(36) exit",						\
	"rule ERRNO(37) kill",						\
	"rule ERRNO(38) uname a0==38",					\
	"rule ERRNO(39) fcntl a1>3900",					\
	"rule ERRNO(40) flock",						\
	"rule ERRNO(41) fsync a0==41",					\
	"rule ERRNO(42) fdatasync",					\
	"rule ERRNO(43) truncate",					\
	"rule ERRNO(44) ftruncate a0==44",				\
	"rule ERRNO(45) getcwd",					\
	"rule ERRNO(46) chdir a1>4600",					\
	"rule ERRNO(47) fchdir a0==47",					\
	"rule ERRNO(48) rename",					\
	"rule ERRNO(49) mkdir",						\
	"rule ERRNO(50) rmdir a0==50",					\
	"rule ERRNO(99) socket a0==2"

/* Given before and after the rules; socket's goes to socketcall on x86. */
#define PRIO_PRIOS							\
	"prio getpid 200",						\
	"prio rmdir 255",						\
	"prio socket 9",						\
	PRIO_RULES,							\
	"prio write 100",						\
	"prio mkdir 50",						\
	"prio close 10",						\
	"prio close 5"

static const char *const prio[] = {
	"init TRAP", "arch -native +x86_64 +x86", PRIO_PRIOS, NULL
};

static const char *const plain[] = {
	"init TRAP", "arch -native +x86_64 +x86", PRIO_RULES, NULL
};

static const char *const tree[] = {
	"init TRAP", "arch -native +x86_64 +x86", "attr optimize 2",
	PRIO_PRIOS, NULL
};

static const char *const tree_plain[] = {
	"init TRAP", "arch -native +x86 +x86_64", PRIO_RULES,
	"attr optimize 2", NULL
};

/* Trees of few syscalls; none at all was libseccomp's bug #370. */
static const char *const tree0[] = {
	"init ERRNO(1)", "attr optimize 2", "arch -native +x86_64", NULL
};

static const char *const tree1[] = {
	"init ERRNO(1)", "attr optimize 2", "arch -native +x86_64",
	"rule ALLOW read", NULL
};

static const char *const tree5[] = {
	"init ERRNO(1)", "attr optimize 2", "arch -native +x86_64",
	"rule ALLOW read,write,open,close,stat", NULL
};

SPEC_SIM_MAIN(
	{ "prio", prio },
	{ "plain", plain },
	{ "tree", tree },
	{ "tree-plain", tree_plain },
	{ "tree0", tree0 },
	{ "tree1", tree1 },
	{ "tree5", tree5 })
/* clang-format on */
