/* SPDX-License-Identifier: LGPL-2.1-only */
/* The only file that talks to the kernel: feature probes, load, notification. */

#include <errno.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/syscall.h>

#include "block.h"
#include "system.h"

#ifndef SECCOMP_IOCTL_NOTIF_RECV
#define SECCOMP_IOCTL_NOTIF_RECV _IOWR('!', 0, struct seccomp_notif)
#define SECCOMP_IOCTL_NOTIF_SEND _IOWR('!', 1, struct seccomp_notif_resp)
#endif
#ifndef SECCOMP_IOCTL_NOTIF_ADDFD
#define SECCOMP_IOCTL_NOTIF_ADDFD _IOW('!', 3, struct seccomp_notif_addfd)
#endif
#ifndef SECCOMP_IOCTL_NOTIF_SET_FLAGS
#define SECCOMP_IOCTL_NOTIF_SET_FLAGS _IOW('!', 4, __u64)
#endif
/* ID_VALID was first defined with the wrong direction; kernels take both. */
#define NOTIF_ID_VALID _IOW('!', 2, uint64_t)
#define NOTIF_ID_VALID_OLD _IOR('!', 2, uint64_t)

#ifndef SECCOMP_FILTER_FLAG_TSYNC_ESRCH
#define SECCOMP_FILTER_FLAG_TSYNC_ESRCH (1UL << 4)
#endif
#ifndef SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV
#define SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV (1UL << 5)
#endif

/*
 * The kernel's filter flags this library uses, each with the API level
 * that first requires it and the flags its probe passes.
 */
static const struct flag_def {
	unsigned long flag;
	unsigned int level;
	unsigned long probe;
} flag_defs[] = {
	{ SECCOMP_FILTER_FLAG_TSYNC, 2, SECCOMP_FILTER_FLAG_TSYNC },
	{ SECCOMP_FILTER_FLAG_LOG, 3, SECCOMP_FILTER_FLAG_LOG },
	{ SECCOMP_FILTER_FLAG_SPEC_ALLOW, 4, SECCOMP_FILTER_FLAG_SPEC_ALLOW },
	{ SECCOMP_FILTER_FLAG_NEW_LISTENER, 5,
	  SECCOMP_FILTER_FLAG_NEW_LISTENER },
	{ SECCOMP_FILTER_FLAG_TSYNC_ESRCH, 6, SECCOMP_FILTER_FLAG_TSYNC_ESRCH },
	/* the kernel accepts this flag only with a listener */
	{ SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV, 7,
	  SECCOMP_FILTER_FLAG_NEW_LISTENER |
		  SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV },
};

#define FLAG_COUNT (sizeof(flag_defs) / sizeof(flag_defs[0]))

/*
 * Kernel features, numbered: seccomp(2) itself (level 2), the flags of
 * flag_defs[] and the actions of action_defs[], with their levels. A level
 * is reached when it and every level below have all their features.
 */
enum feature {
	FEAT_SECCOMP_SYSCALL,
	FEAT_FLAG, /* FEAT_FLAG + i: the kernel has flag_defs[i] */
	FEAT_ACTION = FEAT_FLAG + FLAG_COUNT,
	FEAT_COUNT = FEAT_ACTION + ACTION_COUNT /* + i: action_defs[i] */
};

enum probe { PROBE_UNKNOWN = 0, PROBE_NO, PROBE_YES };

/*
 * Process-wide state, as in libseccomp: probe results, the API level, the
 * one notification listener fd a process gets and the notification buffer
 * sizes (0 until read from the kernel). Atomic, because threads may build
 * filters or serve notifications at the same time: two first calls probe
 * twice and store the same answers, which is harmless, but plain variables
 * would make that a data race (ThreadSanitizer, tests/76-live-threads).
 */
static _Atomic enum probe feature_state[FEAT_COUNT];
static _Atomic unsigned int api_level;
static _Atomic int notify_fd = -1;
static _Atomic size_t notif_req_size, notif_resp_size;

static long seccomp_syscall(unsigned int op, unsigned long flags, void *arg)
{
#ifdef __NR_seccomp
	return syscall(__NR_seccomp, op, flags, arg);
#else
	errno = ENOSYS;
	return -1;
#endif
}

/* A filter flag is known to the kernel if only the NULL program fails. */
static bool probe_flag(unsigned long flag)
{
	return seccomp_syscall(SECCOMP_SET_MODE_FILTER, flag, NULL) < 0 &&
	       errno == EFAULT;
}

/* SECCOMP_GET_ACTION_AVAIL came with the first action above level 1. */
static bool probe_action(const struct action_def *def)
{
	uint32_t action = def->value;

	return seccomp_syscall(SECCOMP_GET_ACTION_AVAIL, 0, &action) == 0;
}

static bool probe(int feat)
{
	if (feat >= FEAT_ACTION)
		return probe_action(&action_defs[feat - FEAT_ACTION]);
	if (feat >= FEAT_FLAG)
		return probe_flag(flag_defs[feat - FEAT_FLAG].probe);
	/* Strict mode takes no flags: EINVAL proves the call exists. */
	return seccomp_syscall(SECCOMP_SET_MODE_STRICT, 1, NULL) < 0 &&
	       errno == EINVAL;
}

/* The API level that first requires a feature. */
static unsigned int level_of(int feat)
{
	if (feat >= FEAT_ACTION)
		return action_defs[feat - FEAT_ACTION].api_level;
	if (feat >= FEAT_FLAG)
		return flag_defs[feat - FEAT_FLAG].level;
	return 2;
}

static bool have(int feat)
{
	enum probe state = feature_state[feat];

	if (state == PROBE_UNKNOWN) {
		state = probe(feat) ? PROBE_YES : PROBE_NO;
		feature_state[feat] = state;
	}
	return state == PROBE_YES;
}

/**
 * sys_api_get - the API level of the running kernel, probed once and cached
 *
 * Returns 1..SYS_API_LEVEL_MAX, or the level forced by sys_api_set().
 */
unsigned int sys_api_get(void)
{
	unsigned int level = api_level;
	int feat;

	if (level != 0)
		return level;
	for (level = 2; level <= SYS_API_LEVEL_MAX; level++) {
		for (feat = 0; feat < FEAT_COUNT; feat++)
			if (level_of(feat) == level && !have(feat))
				goto out;
	}
out:
	api_level = level - 1;
	return level - 1;
}

/**
 * sys_api_set - force an API level
 * @level: 1..SYS_API_LEVEL_MAX
 *
 * Every feature of that level and below counts as present and every feature
 * above as absent, whatever the kernel has: tests use this to take the
 * paths of older kernels. Returns 0, or -EINVAL for an unknown level.
 */
int sys_api_set(unsigned int level)
{
	int feat;

	if (level < 1 || level > SYS_API_LEVEL_MAX)
		return -EINVAL;
	for (feat = 0; feat < FEAT_COUNT; feat++)
		feature_state[feat] =
			level_of(feat) <= level ? PROBE_YES : PROBE_NO;
	api_level = level;
	return 0;
}

/**
 * sys_reset_state - forget the probe results and close the listener fd
 *
 * The probes run again when next needed; the API level number stays cached,
 * as libseccomp's seccomp_reset(NULL, ...) does.
 */
void sys_reset_state(void)
{
	int feat;
	int fd = atomic_exchange(&notify_fd, -1);

	for (feat = 0; feat < FEAT_COUNT; feat++)
		feature_state[feat] = PROBE_UNKNOWN;
	if (fd >= 0)
		close(fd);
}

/**
 * sys_action_supported - whether the kernel (or a forced level) has an action
 * @def: the action's row in action_defs[]
 */
bool sys_action_supported(const struct action_def *def)
{
	/* level 1's actions are seccomp filter mode itself */
	if (def->api_level == 1)
		return true;
	return have(FEAT_ACTION + (int)(def - action_defs));
}

/**
 * sys_flag_supported - whether the kernel knows a SECCOMP_FILTER_FLAG_*
 */
bool sys_flag_supported(unsigned long flag)
{
	unsigned int i;

	for (i = 0; i < FLAG_COUNT; i++)
		if (flag_defs[i].flag == flag)
			return have(FEAT_SECCOMP_SYSCALL) &&
			       have(FEAT_FLAG + (int)i);
	return false;
}

/*
 * The seccomp(2) flags for a load, chosen as libseccomp chooses them:
 *  - TSYNC_ESRCH goes with every TSYNC while the kernel has it and no
 *    listener exists yet: a sync failure is then an error, not a thread id
 *    that could be mistaken for a new listener fd.
 *  - NEW_LISTENER only for a filter that returns NOTIFY, and only once per
 *    process: later filters' notifications go to the first listener.
 *  - WAIT_KILLABLE_RECV with every NEW_LISTENER when asked for; like
 *    libseccomp we do not check the kernel here (seccomp_api_get() tells).
 * Returns the flags, or -EFAULT for TSYNC with a new listener on a kernel
 * without TSYNC_ESRCH: seccomp_attr_set and seccomp_rule_add refuse that
 * pair, but forcing a lower API level afterwards can still produce it.
 * seccomp_load then reports a system failure (-ECANCELED) as libseccomp
 * does, or this -EFAULT with SCMP_FLTATR_API_SYSRAWRC.
 */
static long load_flags(const struct sys_load_opts *opts)
{
	bool esrch = sys_flag_supported(SECCOMP_FILTER_FLAG_TSYNC_ESRCH) &&
		     notify_fd < 0;
	bool listener = opts->notify && notify_fd < 0 &&
			sys_action_supported(action_find(SCMP_ACT_NOTIFY));
	long flags = 0;

	if (opts->tsync && !esrch && listener)
		return -EFAULT;
	if (opts->tsync)
		flags |= SECCOMP_FILTER_FLAG_TSYNC;
	if (opts->tsync && esrch)
		flags |= SECCOMP_FILTER_FLAG_TSYNC_ESRCH;
	if (listener)
		flags |= SECCOMP_FILTER_FLAG_NEW_LISTENER;
	if (listener && opts->waitkill)
		flags |= SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV;
	if (opts->log)
		flags |= SECCOMP_FILTER_FLAG_LOG;
	if (opts->ssb)
		flags |= SECCOMP_FILTER_FLAG_SPEC_ALLOW;
	return flags;
}

/**
 * sys_filter_load - install a filter on the calling thread (or process)
 * @prog: the program
 * @opts: NO_NEW_PRIVS and filter flags to ask for
 *
 * Uses seccomp(2) where the kernel has it (API level 2 and up) and
 * prctl(PR_SET_SECCOMP) otherwise, which takes no flags. A new notification
 * listener fd is kept process-wide (one per process, as in libseccomp).
 * Allocates nothing, so it is safe between fork and exec.
 * Returns 0; -ESRCH if a thread could not be synced, whether the kernel
 * said so with ESRCH (TSYNC_ESRCH) or with the thread's id; -EFAULT for
 * flags that cannot go together (see load_flags(), checked before anything
 * changes); or -errno of the failing prctl(2) or seccomp(2).
 */
int sys_filter_load(const struct sock_fprog *prog,
		    const struct sys_load_opts *opts)
{
	bool have_syscall = have(FEAT_SECCOMP_SYSCALL);
	long flags = 0;
	long rc;

	if (have_syscall) {
		flags = load_flags(opts);
		if (flags < 0)
			return (int)flags;
	}

	if (opts->nnp && prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
		return -errno;

	if (!have_syscall) {
		if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, prog, 0, 0) < 0)
			return -errno;
		return 0;
	}

	rc = seccomp_syscall(SECCOMP_SET_MODE_FILTER, (unsigned long)flags,
			     (void *)prog);
	if (rc < 0)
		return -errno;
	/*
	 * With NEW_LISTENER the result is the listener, which may well be fd
	 * 0 (libseccomp takes 0 for "none", its issue #496). Otherwise a
	 * positive result is, without TSYNC_ESRCH, the id of a thread that
	 * could not be synced; load_flags() never asks for both at once.
	 */
	if (flags & SECCOMP_FILTER_FLAG_NEW_LISTENER) {
		notify_fd = (int)rc;
		return 0;
	}
	if (rc > 0)
		return -ESRCH;
	return 0;
}

/**
 * sys_write_all - write a whole buffer to a file descriptor
 * Returns 0 or -errno.
 */
int sys_write_all(int fd, const void *buf, size_t len)
{
	const char *p = buf;
	ssize_t n;

	while (len > 0) {
		n = write(fd, p, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

/**
 * sys_notify_fd - the process's notification listener fd, or -1
 */
int sys_notify_fd(void)
{
	return notify_fd;
}

static size_t max_size(size_t a, size_t b)
{
	return a > b ? a : b;
}

/* Notification buffers: as large as the kernel's structures and ours. */
static size_t req_size(void)
{
	return max_size(notif_req_size, sizeof(struct seccomp_notif));
}

static size_t resp_size(void)
{
	return max_size(notif_resp_size, sizeof(struct seccomp_notif_resp));
}

/* Read the kernel's sizes once; the request size is stored last. */
static bool read_notif_sizes(void)
{
	struct seccomp_notif_sizes sizes;

	if (notif_req_size != 0)
		return true;
	if (seccomp_syscall(SECCOMP_GET_NOTIF_SIZES, 0, &sizes) < 0)
		return false;
	notif_resp_size = sizes.seccomp_notif_resp;
	notif_req_size = sizes.seccomp_notif;
	return true;
}

/**
 * sys_notify_alloc - allocate zeroed notification buffers
 * @req: where to store the request buffer, or NULL
 * @resp: where to store the response buffer, or NULL
 *
 * The buffers are at least as large as the kernel's structures, which may
 * be newer than ours. As in libseccomp only seccomp(2) itself is required:
 * the kernel then answers whether it knows the sizes.
 * Returns 0, -EOPNOTSUPP without seccomp(2), -ECANCELED if the sizes cannot
 * be read, -ENOMEM; *req and *resp are set only on success. The caller
 * gives both back with sys_notify_free() (or free(): they are malloc()
 * memory).
 */
int sys_notify_alloc(struct seccomp_notif **req,
		     struct seccomp_notif_resp **resp)
{
	struct seccomp_notif *q = NULL;
	struct seccomp_notif_resp *p = NULL;

	if (!have(FEAT_SECCOMP_SYSCALL))
		return -EOPNOTSUPP;
	if (!read_notif_sizes())
		return -ECANCELED;

	if (req != NULL) {
		q = block_get(req_size());
		if (q == NULL)
			return -ENOMEM;
		memset(q, 0, req_size());
	}
	if (resp != NULL) {
		p = block_get(resp_size());
		if (p == NULL) {
			block_put(q, req_size());
			return -ENOMEM;
		}
		memset(p, 0, resp_size());
	}
	/* the caller's pointers change only on success */
	if (req != NULL)
		*req = q;
	if (resp != NULL)
		*resp = p;
	return 0;
}

/**
 * sys_notify_free - give back buffers of sys_notify_alloc() (NULL is fine)
 *
 * They wait for the next sys_notify_alloc() instead of going to free():
 * a process may be under a filter that denies what free() can call.
 */
void sys_notify_free(struct seccomp_notif *req, struct seccomp_notif_resp *resp)
{
	block_put(req, req_size());
	block_put(resp, resp_size());
}

/**
 * sys_notify_receive - wait for the next notification
 * @fd: the listener fd
 * @req: a buffer from sys_notify_alloc(), or NULL (the kernel says EFAULT)
 *
 * The kernel refuses a buffer that is not zeroed (EINVAL), so a reused one
 * is zeroed here, as far as the kernel will write. libseccomp leaves that
 * to the caller; doing it here only turns such failures into successes.
 * Returns 0 or -errno.
 */
int sys_notify_receive(int fd, struct seccomp_notif *req)
{
	if (req != NULL)
		memset(req, 0, req_size());
	if (ioctl(fd, SECCOMP_IOCTL_NOTIF_RECV, req) < 0)
		return -errno;
	return 0;
}

/**
 * sys_notify_respond - answer a notification
 * Returns 0 or -errno.
 */
int sys_notify_respond(int fd, struct seccomp_notif_resp *resp)
{
	if (ioctl(fd, SECCOMP_IOCTL_NOTIF_SEND, resp) < 0)
		return -errno;
	return 0;
}

/**
 * sys_notify_id_valid - whether a notification is still pending
 * Returns 0 if it is, -ENOENT if not (or on any other failure).
 */
int sys_notify_id_valid(int fd, uint64_t id)
{
	if (ioctl(fd, NOTIF_ID_VALID, &id) == 0)
		return 0;
	if (errno == EINVAL && ioctl(fd, NOTIF_ID_VALID_OLD, &id) == 0)
		return 0;
	return -ENOENT;
}

/**
 * sys_notify_addfd - install a file descriptor in the notifying process
 * Returns the fd number in the target process, or -errno.
 */
int sys_notify_addfd(int fd, struct seccomp_notif_addfd *addfd)
{
	int rc = ioctl(fd, SECCOMP_IOCTL_NOTIF_ADDFD, addfd);

	return rc < 0 ? -errno : rc;
}

/**
 * sys_notify_set_flags - set the flags of a notification fd
 * @fd: the listener fd
 * @flags: SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP or 0, the request's argument
 *         itself (not a pointer to it)
 * Returns 0 or -errno.
 */
int sys_notify_set_flags(int fd, uint64_t flags)
{
	if (ioctl(fd, SECCOMP_IOCTL_NOTIF_SET_FLAGS, (unsigned long)flags) < 0)
		return -errno;
	return 0;
}
