/* SPDX-License-Identifier: LGPL-2.1-only */
/* This library's extensions beyond libseccomp: seccomp_ext_*, SCMP_EXT_*. */

/*
 * Everything here is this library's own, in a namespace libseccomp does not
 * use, so that nothing collides with what libseccomp adds later: functions
 * seccomp_ext_*, constants SCMP_EXT_*, SCMP_CMP_EXT_* and SCMP_FLTATR_EXT_*.
 * None of libseccomp's headers includes this one: a program that uses an
 * extension says so by including it, and asks seccomp_ext_features() at run
 * time whether the library it runs on has it. See seccomp_ext_features(3).
 */

#ifndef SECCOMP_EXT_H
#define SECCOMP_EXT_H

#include <seccomp.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The version of this header's set of extensions, raised by one with each
 * new one: code compiled against an older header lacks the newer names.
 */
#define SCMP_EXT_VERSION	9

/*
 * Feature bits, as seccomp_ext_features() returns them: one per extension,
 * never reused. See seccomp_ext_features(3).
 */

/*
 * A rule may compare one argument several times, all of which must hold
 * (an AND); libseccomp refuses such a rule with -EINVAL. See
 * seccomp_rule_add(3).
 */
#define SCMP_EXT_F_CMP_AND		(UINT64_C(1) << 0)
/* seccomp_ext_notify_set_flags() exists. */
#define SCMP_EXT_F_NOTIFY_SET_FLAGS	(UINT64_C(1) << 1)
/*
 * SCMP_FLTATR_EXT_ACT_BADARG32 exists: the high word of 32-bit arguments
 * checked. See seccomp_attr_set(3).
 */
#define SCMP_EXT_F_ACT_BADARG32		(UINT64_C(1) << 2)
/*
 * SCMP_CMP_EXT_SIGNED exists: signed <, <=, >, >=. See seccomp_rule_add(3).
 */
#define SCMP_EXT_F_CMP_SIGNED		(UINT64_C(1) << 3)
/* The filter attribute SCMP_FLTATR_EXT_ACT_MUX exists. */
#define SCMP_EXT_F_ACT_MUX		(UINT64_C(1) << 4)
/* seccomp_ext_syscall_add() exists. */
#define SCMP_EXT_F_SYSCALL_ADD		(UINT64_C(1) << 5)
/* seccomp_ext_syscall_table_load() exists. */
#define SCMP_EXT_F_SYSCALL_TABLE_LOAD	(UINT64_C(1) << 6)
/* seccomp_ext_rule_add_raw() exists. */
#define SCMP_EXT_F_RULE_ADD_RAW		(UINT64_C(1) << 7)
/* seccomp_ext_syscall_resolve_name_direct() exists. */
#define SCMP_EXT_F_RESOLVE_NAME_DIRECT	(UINT64_C(1) << 8)
/* seccomp_ext_notify_addfd_send() exists. */
#define SCMP_EXT_F_NOTIFY_ADDFD_SEND	(UINT64_C(1) << 9)

/*
 * The first value of this library's filter attributes (enum
 * scmp_filter_attr): they count up from here, far from libseccomp's range,
 * whose library refuses them with -EINVAL.
 */
#define SCMP_FLTATR_EXT_BASE	0x53430000

/*
 * The action of a call whose argument, compared somewhere in the syscall's
 * rules with SCMP_CMP_32BIT, has a high word that is neither 0 nor the
 * sign extension of its low word; SCMP_EXT_ACT_UNSET (the default): no
 * such check. 64-bit ABIs only. See seccomp_attr_set(3).
 */
#define SCMP_FLTATR_EXT_ACT_BADARG32 \
	((enum scmp_filter_attr)(SCMP_FLTATR_EXT_BASE + 0))

/*
 * The value of an action attribute that is off: no action has it
 * (SCMP_ACT_KILL is 0, so 0 cannot mean "off").
 */
#define SCMP_EXT_ACT_UNSET	0xffffffffU

/*
 * The action that socketcall(2) or ipc(2) takes for a call whose rules
 * check its arguments, which the multiplexer holds in memory the filter
 * cannot read; the direct syscall keeps its checks. SCMP_EXT_ACT_UNSET
 * (the default) keeps libseccomp's way: the multiplexer tests the call
 * number in place of argument 0, and the rule's other tests read its own
 * registers. A rule stricter than the action stands. See
 * seccomp_ext_attr_act_mux(3).
 */
#define SCMP_FLTATR_EXT_ACT_MUX \
	((enum scmp_filter_attr)(SCMP_FLTATR_EXT_BASE + 1))

/*
 * The bits of struct scmp_arg_cmp's op (24 to 29) kept for this library's
 * flags, beside libseccomp's operators (bits 0 to 15) and its flags (from
 * bit 16 up). seccomp_rule_add() refuses any other of them with -EINVAL.
 */
#define SCMP_CMP_EXT_MASK	0x3f000000U

/*
 * With SCMP_CMP_LT, SCMP_CMP_LE, SCMP_CMP_GT or SCMP_CMP_GE: compare as
 * signed, the low 32 bits with SCMP_CMP_32BIT (and on 32-bit ABIs), all 64
 * bits otherwise. -EINVAL with the other operators. See
 * seccomp_rule_add(3).
 */
#define SCMP_CMP_EXT_SIGNED	(1U << 24)

/*
 * The flags of seccomp_ext_notify_set_flags(), the kernel's (Linux 6.6);
 * older uapi headers lack them.
 */
#ifndef SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP
/*
 * Wake the supervisor and the notified thread on the CPU of the one that
 * wakes it, shortening each round trip.
 */
#define SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP	(1UL << 0)
#endif

/**
 * seccomp_ext_features - the extensions this library has
 *
 * Whether the running kernel has what an extension needs is the answer of
 * its own calls (-EOPNOTSUPP).
 *
 * Returns the SCMP_EXT_F_* bits of the extensions present; never fails.
 * See seccomp_ext_features(3).
 */
uint64_t seccomp_ext_features(void);

/**
 * seccomp_ext_notify_set_flags - set the flags of a notification fd
 * @fd: the notification fd (seccomp_notify_fd())
 * @flags: 0 or SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP
 *
 * Returns 0, -EINVAL if @flags holds an unknown bit, -EBADF if @fd is not
 * an open notification fd, -EOPNOTSUPP if the kernel lacks notifications
 * or their flags (before Linux 6.6), or -ECANCELED if it refused otherwise
 * (a signal interrupted the call). See seccomp_ext_notify_set_flags(3).
 */
int seccomp_ext_notify_set_flags(int fd, uint64_t flags);

/**
 * seccomp_ext_notify_addfd_send - answer a notification with a new fd
 * @fd: the notification fd (seccomp_notify_fd())
 * @id: the notification, as seccomp_notify_receive() gave it
 * @srcfd: the supervisor's descriptor to install in the notifying process
 * @newfd: the number it gets there, replacing any open one; or -1 for the
 *         lowest free number
 * @newfd_flags: 0 or O_CLOEXEC, for the new descriptor
 *
 * Installs the descriptor and answers the call with its number in one step
 * (SECCOMP_ADDFD_FLAG_SEND, Linux 5.14), as an emulated open(2) or
 * socket(2) returns. On failure the call is not answered: the supervisor
 * still owes it an answer (seccomp_notify_respond()).
 *
 * Returns the descriptor's number in the notifying process, -EINVAL if
 * @newfd is below -1 or @newfd_flags holds a flag other than O_CLOEXEC,
 * -EBADF if @fd or @srcfd is not an open descriptor, @fd is not a
 * notification fd or @newfd is beyond the process's limit, -EOPNOTSUPP if
 * the kernel lacks notifications or the request (before Linux 5.14),
 * -ENOENT if the notification is not pending (answered, or its thread
 * interrupted or gone), -EINPROGRESS if it was answered but its thread has
 * not yet woken, or was not received yet, -EMFILE if the process has no
 * free descriptor, or -ECANCELED if the kernel refused otherwise (a signal,
 * another descriptor being added to the same notification). See
 * seccomp_ext_notify_addfd_send(3).
 */
int seccomp_ext_notify_addfd_send(int fd, uint64_t id, int srcfd, int newfd,
				  unsigned int newfd_flags);

/**
 * seccomp_ext_syscall_add - teach the library a syscall number
 * @arch_token: the ABI (SCMP_ARCH_NATIVE: the native one); its byte-order
 *              twin shares its numbers
 * @name: the syscall's name: lower-case letters, digits and '_', not
 *        starting with a digit, under 64 bytes
 * @num: its number on the ABI as the kernel sees it and the resolvers give
 *       it: x32's with the x32 bit, MIPS ones from their base (4000, 5000,
 *       6000)
 *
 * Process-wide and for good: the resolvers and every rule added later see
 * the name; filters built before do not change. Thread-safe. The same
 * name and number again changes nothing.
 *
 * Returns 0, -EEXIST if the name has another number on the ABI or the
 * number another name, -EINVAL for a bad token, name or number (negative,
 * or outside the ABI's range), or -ENOMEM with nothing added. See
 * seccomp_ext_syscall_add(3).
 */
int seccomp_ext_syscall_add(uint32_t arch_token, const char *name, int num);

/**
 * seccomp_ext_syscall_table_load - seccomp_ext_syscall_add() for a file
 * @path: a table in the format of libseccomp's src/syscalls.csv: a header
 *        "name,ABI,..." naming its columns, then "NAME,NUM,..." lines
 *
 * All lines or none are added.
 *
 * Returns 0; a positive line number, that of the first bad line, with
 * nothing added; or a negative errno: -EINVAL for a NULL or empty @path,
 * -EFBIG for a file over 1 MiB, -ENOMEM, or the error of opening or
 * reading it (-ENOENT, -EACCES, ...). See seccomp_ext_syscall_table_load(3).
 */
int seccomp_ext_syscall_table_load(const char *path);

/**
 * seccomp_ext_rule_add_raw - a rule on one ABI's syscall number, as it is
 * @ctx: the filter
 * @action: the action, as for seccomp_rule_add()
 * @arch_token: an ABI of the filter (SCMP_ARCH_NATIVE: the native one)
 * @num: a syscall number of that ABI as the kernel sees it (x32's with the
 *       x32 bit), named or not; -1 with SCMP_FLTATR_API_TSKIP
 * @arg_cnt: the number of comparisons in @arg_array
 * @arg_array: the comparisons
 *
 * No translation to the filter's other ABIs, no multiplexer.
 *
 * Returns 0, or the errnos of seccomp_rule_add_exact_array(), -EDOM if the
 * filter lacks the ABI. See seccomp_ext_rule_add_raw(3).
 */
int seccomp_ext_rule_add_raw(scmp_filter_ctx ctx, uint32_t action,
			     uint32_t arch_token, int num,
			     unsigned int arg_cnt,
			     const struct scmp_arg_cmp *arg_array);

/**
 * seccomp_ext_syscall_resolve_name_direct - a name's number on an ABI, the
 *                                           direct syscall first
 * @arch_token: the ABI (SCMP_ARCH_NATIVE: the native one)
 * @name: the syscall's name
 *
 * As seccomp_syscall_resolve_name_arch(), but a socket or IPC call gives
 * the ABI's direct syscall where it has one (socket on s390x: 359, not
 * -101).
 *
 * Returns the number, a negative pseudo number where the ABI lacks the
 * call, or __NR_SCMP_ERROR for an unknown name or token. See
 * seccomp_ext_syscall_resolve_name_direct(3).
 */
int seccomp_ext_syscall_resolve_name_direct(uint32_t arch_token,
					    const char *name);

#ifdef __cplusplus
}
#endif

#endif
