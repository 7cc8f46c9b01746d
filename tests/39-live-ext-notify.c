/* SPDX-License-Identifier: LGPL-2.1-only */
/* 39-live-ext-notify: seccomp_ext_notify_set_flags() on a real listener. */

/*
 * A child loads a filter that sends getppid to the listener and asks the
 * kernel directly whether it has SECCOMP_IOCTL_NOTIF_SET_FLAGS (Linux
 * 6.6). Then, through the library: SYNC_WAKE_UP and 0 succeed where the
 * kernel has the request and give -EOPNOTSUPP where not; unknown flags
 * give -EINVAL; a closed listener -EBADF. With the flag set, a
 * grandchild's getppid still goes through the supervisor: the child
 * answers it with a value the grandchild checks.
 * Exit 77 without user notification in the kernel.
 */

#include <errno.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>

#include <seccomp-ext.h>

#include "live_util.h"

#define ANSWER 4242

/* The kernel's answer to the request itself: 0 or -errno. */
static int kernel_set_flags(int fd, unsigned long flags)
{
	return ioctl(fd, _IOW('!', 4, __u64), flags) == 0 ? 0 : -errno;
}

/* The grandchild: its getppid goes to the supervisor. */
static int notified_call(void *arg)
{
	(void)arg;
	return live_syscall(__NR_getppid, 0, 0, 0, 0, 0, 0) == ANSWER ? 0 : 1;
}

/* Receive one notification on @fd and answer it with ANSWER. */
static void answer_one(int fd)
{
	struct seccomp_notif *req;
	struct seccomp_notif_resp *resp;

	if (seccomp_notify_alloc(&req, &resp) != 0) {
		EXPECT(0, 1);
		return;
	}
	EXPECT(seccomp_notify_receive(fd, req), 0);
	EXPECT(req->data.nr, __NR_getppid);
	resp->id = req->id;
	resp->val = ANSWER;
	EXPECT(seccomp_notify_respond(fd, resp), 0);
	seccomp_notify_free(req, resp);
}

static int child(void *arg)
{
	int fd = live_listener(SCMP_SYS(getppid), 0, NULL), want;
	pid_t pid;

	(void)arg;
	if (fd < 0)
		return LIVE_SETUP_FAILED;

	/* the kernel's own answer decides what the library must say */
	want = kernel_set_flags(fd, 0) == 0 ? 0 : -EOPNOTSUPP;
	if (want != 0)
		printf("kernel without SECCOMP_IOCTL_NOTIF_SET_FLAGS\n");
	EXPECT(seccomp_ext_notify_set_flags(fd, 0), want);
	EXPECT(seccomp_ext_notify_set_flags(fd, 2), -EINVAL);
	EXPECT(seccomp_ext_notify_set_flags(fd, ~UINT64_C(0)), -EINVAL);
	EXPECT(seccomp_ext_notify_set_flags(fd,
					    SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP),
	       want);

	/* a notification still makes its round trip with the flag set */
	pid = live_start(notified_call, NULL);
	answer_one(fd);
	EXPECT_EXIT(live_wait(pid), 0);

	close(fd);
	EXPECT(seccomp_ext_notify_set_flags(fd, 0), -EBADF);
	return live_child_result();
}

int main(void)
{
	live_require(live_kernel_filters(), "seccomp filters");
	live_require(live_kernel_action(SCMP_ACT_NOTIFY), "user notification");
	EXPECT_EXIT(live_run(child, NULL), 0);
	return test_result();
}
