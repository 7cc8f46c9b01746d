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
#define SCMP_EXT_VERSION	1

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
/* The filter attribute SCMP_FLTATR_EXT_ACT_MUX exists. */
#define SCMP_EXT_F_ACT_MUX		(UINT64_C(1) << 4)

/*
 * The first value of this library's filter attributes (enum
 * scmp_filter_attr): they count up from here, far from libseccomp's range,
 * whose library refuses them with -EINVAL.
 */
#define SCMP_FLTATR_EXT_BASE	0x53430000

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
 * number only. A rule stricter than the action stands. See
 * seccomp_ext_attr_act_mux(3).
 */
#define SCMP_FLTATR_EXT_ACT_MUX	(SCMP_FLTATR_EXT_BASE + 1)

/*
 * The bits of struct scmp_arg_cmp's op (24 to 29) kept for this library's
 * flags, beside libseccomp's operators (bits 0 to 15) and its flags (from
 * bit 16 up). None is defined yet: seccomp_rule_add() refuses any of them
 * with -EINVAL.
 */
#define SCMP_CMP_EXT_MASK	0x3f000000U

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

#ifdef __cplusplus
}
#endif

#endif
