/* SPDX-License-Identifier: LGPL-2.1-only */
/* 54-live-notify: NOTIFY with a supervisor, and the notify calls' errors. */

/*
 * The target (a child) loads a filter that sends getppid to the listener,
 * passes the listener fd to us over a unix socket and makes numbered
 * getppid calls (the number in arg0). We supervise through the library:
 *   1  answer a value                       -> the call returns it
 *   2  answer an error                      -> the call fails with it
 *   3  addfd (pipe end), answer its number  -> the target writes to it
 *      (first the errors: unknown flags, newfd without SETFD and a bad
 *      newfd_flags give -EOPNOTSUPP, a closed srcfd -ECANCELED)
 *   4  addfd with SEND                      -> the call returns the new fd
 *   5  addfd with SETFD at a chosen number, O_CLOEXEC -> the target writes
 *      to it and finds FD_CLOEXEC set (unset on the others)
 *   6  answer CONTINUE                      -> the real getppid runs
 * Every receive reuses a buffer full of the last notification, which the
 * kernel refuses unless it is zeroed: the library zeroes it. id_valid holds
 * until the answer and fails after; a second answer fails.
 * Then: a target killed with a notification pending (id_valid turns
 * -ENOENT, the answer fails), the process-wide listener fd (one per
 * process, kept across loads, closed by seccomp_reset(NULL)), the
 * documented errors of every call (bad fds, NULL buffers, API levels
 * without notification), and SCMP_FLTATR_CTL_WAITKILL where the kernel has
 * it: a received notification's wait is no longer broken by a signal.
 * Exit 77 without user notification in the kernel.
 */

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sys/syscall.h>

#include <seccomp.h>

#include "live_util.h"

#ifndef SECCOMP_USER_NOTIF_FLAG_CONTINUE
#define SECCOMP_USER_NOTIF_FLAG_CONTINUE (1UL << 0)
#endif

#define VICTIM __NR_getppid
#define SETFD_NUMBER 100

enum call { VALUE = 1, ERROR, ADDFD, ADDFD_SEND, ADDFD_SETFD, CONTINUE };
#define CALLS CONTINUE

static const char written[] = "written through an injected fd";

/* Pass an fd over a unix socket. Returns 0 or -1. */
static int send_fd(int sock, int fd)
{
	char byte = 0, cbuf[CMSG_SPACE(sizeof(int))];
	struct iovec iov = { &byte, 1 };
	struct msghdr msg = { .msg_iov = &iov,
			      .msg_iovlen = 1,
			      .msg_control = cbuf,
			      .msg_controllen = sizeof(cbuf) };
	struct cmsghdr *cm = CMSG_FIRSTHDR(&msg);

	memset(cbuf, 0, sizeof(cbuf));
	cm->cmsg_level = SOL_SOCKET;
	cm->cmsg_type = SCM_RIGHTS;
	cm->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(cm), &fd, sizeof(int));
	return sendmsg(sock, &msg, 0) == 1 ? 0 : -1;
}

/* Receive an fd from a unix socket; -1 on failure. */
static int recv_fd(int sock)
{
	char byte, cbuf[CMSG_SPACE(sizeof(int))];
	struct iovec iov = { &byte, 1 };
	struct msghdr msg = { .msg_iov = &iov,
			      .msg_iovlen = 1,
			      .msg_control = cbuf,
			      .msg_controllen = sizeof(cbuf) };
	struct cmsghdr *cm;
	int fd;

	if (recvmsg(sock, &msg, 0) != 1)
		return -1;
	cm = CMSG_FIRSTHDR(&msg);
	if (cm == NULL || cm->cmsg_type != SCM_RIGHTS)
		return -1;
	memcpy(&fd, CMSG_DATA(cm), sizeof(int));
	return fd;
}

/* Wait up to @ms for a notification on @fd; true if one is there. */
static bool pending(int fd, int ms)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };

	return poll(&p, 1, ms) == 1 && (p.revents & POLLIN);
}

static long victim(long n)
{
	return live_syscall(VICTIM, n, 0, 0, 0, 0, 0);
}

/* A filter sending getppid to the listener; NULL on failure. */
static scmp_filter_ctx notify_filter(void)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);

	if (ctx != NULL &&
	    seccomp_rule_add(ctx, SCMP_ACT_NOTIFY, VICTIM, 0) != 0) {
		seccomp_release(ctx);
		ctx = NULL;
	}
	return ctx;
}

/*
 * The target: load, hand over the listener, make the calls and report
 * their results as longs on the socket.
 */
struct target {
	int sock;
	bool waitkill;
	bool die_pending; /* make one call and wait to be killed */
};

static int target(void *arg)
{
	const struct target *t = arg;
	scmp_filter_ctx ctx = notify_filter();
	/* asked now: getppid is what the filter sends to the supervisor */
	long ppid = getppid();
	long results[CALLS + 1];
	int i;

	if (ctx == NULL ||
	    seccomp_attr_set(ctx, SCMP_FLTATR_CTL_WAITKILL, t->waitkill) ||
	    seccomp_load(ctx) != 0 ||
	    send_fd(t->sock, seccomp_notify_fd(ctx)) != 0)
		return LIVE_SETUP_FAILED;
	if (t->die_pending) {
		victim(0);
		return 3;
	}
	results[0] = victim(CONTINUE) == ppid ? 1 : 0;
	for (i = 1; i <= CALLS; i++) {
		results[i] = victim(i);
		if (i == CONTINUE)
			results[i] = results[i] == ppid ? 1 : 0;
		if ((i == ADDFD || i == ADDFD_SEND || i == ADDFD_SETFD) &&
		    results[i] >= 0) {
			int nfd = (int)results[i];
			int fdfl = fcntl(nfd, F_GETFD);

			/* the injected fd is a pipe to the supervisor */
			if (write(nfd, written, sizeof(written)) !=
			    sizeof(written))
				results[i] = -1000;
			/* newfd_flags: only the SETFD one has O_CLOEXEC */
			else if (fdfl < 0 || ((fdfl & FD_CLOEXEC) != 0) !=
						     (i == ADDFD_SETFD))
				results[i] = -2000;
			close(nfd);
		}
	}
	if (write(t->sock, results, sizeof(results)) != sizeof(results))
		return LIVE_SETUP_FAILED;
	return 0;
}

/* Whether what came through an injected pipe is the message. */
static bool pipe_holds_message(int rd)
{
	char buf[sizeof(written)];

	if (read(rd, buf, sizeof(buf)) != sizeof(buf))
		return false;
	return memcmp(buf, written, sizeof(buf)) == 0;
}

/*
 * The errors of addfd on a pending notification, as libseccomp's
 * development branch maps them: the kernel's EINVAL (a flag it does not
 * know, newfd without SETFD) is -EOPNOTSUPP, any other refusal (here a
 * closed srcfd: EBADF) -ECANCELED. None of them answers the call.
 */
static void addfd_errors(int fd, const struct seccomp_notif_addfd *good)
{
	struct seccomp_notif_addfd bad;
	int closed = dup(good->srcfd);

	close(closed);
	bad = *good;
	bad.flags = 1U << 7;
	errno = 0;
	EXPECT(seccomp_notify_addfd(fd, &bad), -EOPNOTSUPP);
	EXPECT(errno, EINVAL);
	bad = *good;
	bad.newfd = SETFD_NUMBER;
	EXPECT(seccomp_notify_addfd(fd, &bad), -EOPNOTSUPP);
	bad = *good;
	bad.newfd_flags = O_NONBLOCK;
	EXPECT(seccomp_notify_addfd(fd, &bad), -EOPNOTSUPP);
	bad = *good;
	bad.srcfd = (uint32_t)closed;
	errno = 0;
	EXPECT(seccomp_notify_addfd(fd, &bad), -ECANCELED);
	EXPECT(errno, EBADF);
	/* nor with SEND, which would otherwise answer the call */
	bad.flags = SECCOMP_ADDFD_FLAG_SEND;
	EXPECT(seccomp_notify_addfd(fd, &bad), -ECANCELED);
	EXPECT(seccomp_notify_id_valid(fd, good->id), 0);
}

/* Answer one notification as its arg0 asks. */
static void answer(int fd, struct seccomp_notif *req,
		   struct seccomp_notif_resp *resp, pid_t pid, int *pipe_rd)
{
	struct seccomp_notif_addfd addfd;
	int pfd[2], rc;
	uint64_t n;

	EXPECT(req->pid, pid);
	EXPECT(req->data.nr, VICTIM);
	EXPECT(req->data.arch, live_kernel_arch());
	EXPECT(seccomp_notify_id_valid(fd, req->id), 0);
	n = req->data.args[0];

	memset(resp, 0, sizeof(*resp));
	resp->id = req->id;
	memset(&addfd, 0, sizeof(addfd));
	addfd.id = req->id;
	*pipe_rd = -1;
	if (n == ADDFD || n == ADDFD_SEND || n == ADDFD_SETFD) {
		if (pipe(pfd) != 0)
			return;
		*pipe_rd = pfd[0];
		addfd.srcfd = (uint32_t)pfd[1];
	}
	switch (n) {
	case VALUE:
		resp->val = 4242;
		break;
	case ERROR:
		resp->error = -EACCES;
		break;
	case ADDFD:
		addfd_errors(fd, &addfd);
		rc = seccomp_notify_addfd(fd, &addfd);
		EXPECT(rc >= 0, 1);
		resp->val = rc;
		break;
	case ADDFD_SETFD:
		addfd.flags = SECCOMP_ADDFD_FLAG_SETFD;
		addfd.newfd = SETFD_NUMBER;
		addfd.newfd_flags = O_CLOEXEC;
		EXPECT(seccomp_notify_addfd(fd, &addfd), SETFD_NUMBER);
		resp->val = SETFD_NUMBER;
		break;
	case ADDFD_SEND:
		/* the answer is part of the request: no respond */
		addfd.flags = SECCOMP_ADDFD_FLAG_SEND;
		EXPECT(seccomp_notify_addfd(fd, &addfd) >= 0, 1);
		close(pfd[1]);
		EXPECT(seccomp_notify_id_valid(fd, req->id), -ENOENT);
		return;
	case CONTINUE:
		resp->flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
		break;
	default:
		printf("FAIL: unexpected call %llu\n", (unsigned long long)n);
		test_failures++;
	}
	if (*pipe_rd >= 0)
		close(pfd[1]);
	EXPECT(seccomp_notify_respond(fd, resp), 0);
	/* answered: the id is gone and a second answer fails */
	EXPECT(seccomp_notify_id_valid(fd, req->id), -ENOENT);
	errno = 0;
	EXPECT(seccomp_notify_respond(fd, resp), -ECANCELED);
	/* EINPROGRESS until the target has picked up its answer */
	EXPECT(errno == ENOENT || errno == EINPROGRESS, 1);
	EXPECT(seccomp_notify_addfd(fd, &addfd), -ECANCELED);
}

static void supervise(void)
{
	struct seccomp_notif *req = NULL;
	struct seccomp_notif_resp *resp = NULL;
	struct target t = { 0 };
	long results[CALLS + 1];
	int sv[2], fd, pipes[CALLS + 1], i;
	pid_t pid;

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0)
		return;
	t.sock = sv[1];
	pid = live_start(target, &t);
	close(sv[1]);
	fd = recv_fd(sv[0]);
	EXPECT(fd >= 0, 1);
	EXPECT(seccomp_notify_alloc(&req, &resp), 0);
	if (fd < 0 || req == NULL || resp == NULL)
		goto out;

	/* the first call: CONTINUE, compared with the real answer */
	for (i = 0; i <= CALLS; i++) {
		pipes[i] = -1;
		EXPECT(pending(fd, LIVE_TIMEOUT * 1000), 1);
		if (i == 2)
			/* garbage from an earlier use: must not matter */
			memset(req, 0xa5, sizeof(*req));
		EXPECT(seccomp_notify_receive(fd, req), 0);
		EXPECT(req->data.args[0], i == 0 ? CONTINUE : (unsigned int)i);
		answer(fd, req, resp, pid, &pipes[i]);
	}
	EXPECT(read(sv[0], results, sizeof(results)), sizeof(results));
	EXPECT(results[0], 1);
	EXPECT(results[VALUE], 4242);
	EXPECT(results[ERROR], -EACCES);
	EXPECT(results[ADDFD] >= 0, 1);
	EXPECT(results[ADDFD_SEND] >= 0, 1);
	EXPECT(results[ADDFD_SETFD], SETFD_NUMBER);
	EXPECT(results[CONTINUE], 1);
	for (i = 0; i <= CALLS; i++) {
		if (pipes[i] < 0)
			continue;
		EXPECT(pipe_holds_message(pipes[i]), 1);
		close(pipes[i]);
	}
out:
	EXPECT_EXIT(live_wait(pid), 0);
	seccomp_notify_free(req, resp);
	if (fd >= 0)
		close(fd);
	close(sv[0]);
}

/* A target that dies with a notification pending takes the id along. */
static void target_dies(void)
{
	struct seccomp_notif *req = NULL;
	struct seccomp_notif_resp *resp = NULL;
	struct target t = { .die_pending = true };
	int sv[2], fd;
	pid_t pid;

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0)
		return;
	t.sock = sv[1];
	pid = live_start(target, &t);
	close(sv[1]);
	fd = recv_fd(sv[0]);
	if (fd >= 0 && seccomp_notify_alloc(&req, &resp) == 0 &&
	    pending(fd, LIVE_TIMEOUT * 1000)) {
		EXPECT(seccomp_notify_receive(fd, req), 0);
		EXPECT(seccomp_notify_id_valid(fd, req->id), 0);
		kill(pid, SIGKILL);
		EXPECT_SIGNAL(live_wait(pid), SIGKILL);
		EXPECT(seccomp_notify_id_valid(fd, req->id), -ENOENT);
		resp->id = req->id;
		EXPECT(seccomp_notify_respond(fd, resp), -ECANCELED);
	} else {
		printf("FAIL: no notification from a dying target\n");
		test_failures++;
		kill(pid, SIGKILL);
		live_wait(pid);
	}
	seccomp_notify_free(req, resp);
	if (fd >= 0)
		close(fd);
	close(sv[0]);
}

/* The listener fd: one per process, kept across loads, reset(NULL) closes. */
static int child_listener(void *arg)
{
	scmp_filter_ctx a = notify_filter(), b = notify_filter();
	int fd;

	(void)arg;
	if (a == NULL || b == NULL)
		return LIVE_SETUP_FAILED;
	EXPECT(seccomp_notify_fd(a), -EFAULT);
	EXPECT(seccomp_load(a), 0);
	fd = seccomp_notify_fd(a);
	EXPECT(fd >= 0, 1);
	EXPECT(fcntl(fd, F_GETFD) >= 0, 1);
	/* any context reports the process's one listener */
	EXPECT(seccomp_notify_fd(b), fd);
	/* a second NOTIFY filter reuses it: no second listener */
	EXPECT(seccomp_load(b), 0);
	EXPECT(seccomp_notify_fd(b), fd);
	EXPECT(live_filter_count(), 2);
	EXPECT(seccomp_notify_fd(NULL), -EINVAL);

	/* resetting the global state closes it */
	EXPECT(seccomp_reset(NULL, 0), 0);
	EXPECT(seccomp_notify_fd(a), -EFAULT);
	errno = 0;
	EXPECT(fcntl(fd, F_GETFD), -1);
	EXPECT(errno, EBADF);
	/* the kernel forgot the closed listener: a new one can be made */
	EXPECT(seccomp_load(b), 0);
	EXPECT(seccomp_notify_fd(b) >= 0, 1);
	seccomp_release(a);
	seccomp_release(b);
	return live_child_result();
}

/*
 * A listener that is fd 0 is a listener like any other (libseccomp takes
 * 0 for "none": its issue #496): kept, reported, not asked for twice, and
 * closed by the global reset.
 */
static int child_listener_fd0(void *arg)
{
	scmp_filter_ctx ctx = notify_filter();
	int free_fd;

	(void)arg;
	if (ctx == NULL || close(STDIN_FILENO) != 0)
		return LIVE_SETUP_FAILED;
	EXPECT(seccomp_load(ctx), 0);
	EXPECT(seccomp_notify_fd(ctx), 0);
	/* the lowest free fd: a second listener would take it */
	free_fd = dup(STDOUT_FILENO);
	close(free_fd);
	EXPECT(seccomp_load(ctx), 0);
	EXPECT(seccomp_notify_fd(ctx), 0);
	EXPECT(fcntl(free_fd, F_GETFD), -1);
	EXPECT(seccomp_reset(NULL, 0), 0);
	EXPECT(seccomp_notify_fd(ctx), -EFAULT);
	EXPECT(fcntl(STDIN_FILENO, F_GETFD), -1);
	seccomp_release(ctx);
	return live_child_result();
}

/* Every call's documented errors on bad fds and NULL buffers. */
static int child_errors(void *arg)
{
	struct seccomp_notif *req = NULL;
	struct seccomp_notif_resp *resp = NULL;
	struct seccomp_notif_addfd addfd = { .id = 1 };
	scmp_filter_ctx ctx = notify_filter();
	int fd, file = open("/dev/null", O_RDONLY);
	size_t i;

	(void)arg;
	if (ctx == NULL || file < 0)
		return LIVE_SETUP_FAILED;
	/* NULL pointers are skipped by alloc, accepted by free */
	EXPECT(seccomp_notify_alloc(NULL, NULL), 0);
	EXPECT(seccomp_notify_alloc(&req, NULL), 0);
	EXPECT(req != NULL, 1);
	/* zeroed, as far as the kernel's structure goes */
	for (i = 0; req != NULL && i < sizeof(*req); i++)
		if (((unsigned char *)req)[i] != 0)
			break;
	EXPECT(i, sizeof(*req));
	seccomp_notify_free(req, NULL);
	seccomp_notify_free(NULL, NULL);
	EXPECT(seccomp_notify_alloc(&req, &resp), 0);

	/* a closed fd, an fd that is no listener */
	EXPECT(seccomp_notify_receive(-1, req), -ECANCELED);
	EXPECT(seccomp_notify_receive(file, req), -ECANCELED);
	EXPECT(seccomp_notify_respond(-1, resp), -ECANCELED);
	EXPECT(seccomp_notify_respond(file, resp), -ECANCELED);
	EXPECT(seccomp_notify_id_valid(-1, 1), -ENOENT);
	EXPECT(seccomp_notify_id_valid(file, 1), -ENOENT);
	EXPECT(seccomp_notify_addfd(-1, &addfd), -ECANCELED);
	EXPECT(seccomp_notify_addfd(file, &addfd), -ECANCELED);

	/* a listener with nothing pending, NULL buffers */
	if (seccomp_load(ctx) != 0)
		return LIVE_SETUP_FAILED;
	fd = seccomp_notify_fd(ctx);
	errno = 0;
	EXPECT(seccomp_notify_receive(fd, NULL), -ECANCELED);
	EXPECT(errno, EFAULT);
	EXPECT(seccomp_notify_respond(fd, NULL), -ECANCELED);
	EXPECT(seccomp_notify_addfd(fd, NULL), -ECANCELED);
	/* an id that was never handed out */
	EXPECT(seccomp_notify_id_valid(fd, 12345), -ENOENT);
	resp->id = 12345;
	EXPECT(seccomp_notify_respond(fd, resp), -ECANCELED);
	addfd.srcfd = (uint32_t)file;
	EXPECT(seccomp_notify_addfd(fd, &addfd), -ECANCELED);
	/* the kernel checks the flags first: EINVAL, -EOPNOTSUPP */
	addfd.flags = 1U << 7;
	EXPECT(seccomp_notify_addfd(fd, &addfd), -EOPNOTSUPP);
	addfd.flags = 0;

	/*
	 * Below API level 5 the library has no notification: the calls
	 * refuse before the kernel sees them. Allocation needs only
	 * seccomp(2) (level 2), as in libseccomp.
	 */
	EXPECT(seccomp_api_set(4), 0);
	EXPECT(seccomp_notify_receive(fd, req), -EOPNOTSUPP);
	EXPECT(seccomp_notify_respond(fd, resp), -EOPNOTSUPP);
	EXPECT(seccomp_notify_id_valid(fd, 1), -EOPNOTSUPP);
	EXPECT(seccomp_notify_addfd(fd, &addfd), -EOPNOTSUPP);
	EXPECT(seccomp_notify_alloc(NULL, NULL), 0);
	EXPECT(seccomp_api_set(1), 0);
	EXPECT(seccomp_notify_alloc(NULL, NULL), -EOPNOTSUPP);
	seccomp_notify_free(req, resp);
	seccomp_release(ctx);
	close(file);
	return live_child_result();
}

static void on_usr1(int sig)
{
	(void)sig;
}

/*
 * A signal to a target waiting for its answer: without WAITKILL the wait
 * ends (the notification is withdrawn), with WAITKILL a received
 * notification keeps waiting for the answer and only a kill ends it.
 */
static int waitkill_target(void *arg)
{
	struct target *t = arg;
	struct sigaction sa;
	long r;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;
	sigaction(SIGUSR1, &sa, NULL);
	t->die_pending = false;
	{
		scmp_filter_ctx ctx = notify_filter();

		if (ctx == NULL ||
		    seccomp_attr_set(ctx, SCMP_FLTATR_CTL_WAITKILL,
				     t->waitkill) != 0 ||
		    seccomp_load(ctx) != 0 ||
		    send_fd(t->sock, seccomp_notify_fd(ctx)) != 0)
			return LIVE_SETUP_FAILED;
	}
	r = victim(VALUE);
	if (write(t->sock, &r, sizeof(r)) != sizeof(r))
		return LIVE_SETUP_FAILED;
	return 0;
}

static void waitkill(bool on)
{
	struct seccomp_notif *req = NULL;
	struct seccomp_notif_resp *resp = NULL;
	struct target t = { .waitkill = on };
	struct timespec pause = { 0, 10 * 1000 * 1000 };
	int sv[2], fd, i, valid = 0;
	long r = 0;
	pid_t pid;

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0)
		return;
	t.sock = sv[1];
	pid = live_start(waitkill_target, &t);
	close(sv[1]);
	fd = recv_fd(sv[0]);
	if (fd < 0 || seccomp_notify_alloc(&req, &resp) != 0 ||
	    !pending(fd, LIVE_TIMEOUT * 1000) ||
	    seccomp_notify_receive(fd, req) != 0) {
		printf("FAIL: waitkill %d: no notification\n", on);
		test_failures++;
		kill(pid, SIGKILL);
		goto out;
	}
	kill(pid, SIGUSR1);
	/* give the signal 200ms to end the wait */
	for (i = 0; i < 20; i++) {
		valid = seccomp_notify_id_valid(fd, req->id);
		if (valid != 0)
			break;
		nanosleep(&pause, NULL);
	}
	EXPECT(valid, on ? 0 : -ENOENT);
	if (on) {
		resp->id = req->id;
		resp->val = 4242;
		EXPECT(seccomp_notify_respond(fd, resp), 0);
		EXPECT(read(sv[0], &r, sizeof(r)), sizeof(r));
		EXPECT(r, 4242);
	} else {
		/* the call was interrupted and comes back restarted: end it */
		kill(pid, SIGKILL);
	}
out:
	if (on)
		EXPECT_EXIT(live_wait(pid), 0);
	else
		live_wait(pid);
	seccomp_notify_free(req, resp);
	if (fd >= 0)
		close(fd);
	close(sv[0]);
}

int main(void)
{
	live_require(live_kernel_filters(), "seccomp filters");
	live_require(live_kernel_action(SCMP_ACT_NOTIFY) &&
			     live_kernel_flag(SECCOMP_FILTER_FLAG_NEW_LISTENER),
		     "user notification");
	/* our supervisor must not be stopped by a hung target */
	alarm(4 * LIVE_TIMEOUT);

	supervise();
	target_dies();
	EXPECT_EXIT(live_run(child_listener, NULL), 0);
	EXPECT_EXIT(live_run(child_listener_fd0, NULL), 0);
	EXPECT_EXIT(live_run(child_errors, NULL), 0);
	waitkill(false);
	if (live_kernel_flag(SECCOMP_FILTER_FLAG_NEW_LISTENER |
			     SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV))
		waitkill(true);
	else
		printf("note: no WAIT_KILLABLE_RECV in the kernel\n");
	return test_result();
}
