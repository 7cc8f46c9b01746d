/* SPDX-License-Identifier: LGPL-2.1-only */
/* 44-live-notify-addfd-send: an emulated openat, answered with a new fd. */

/*
 * A child creates a file, loads a filter that sends openat with unusual
 * flags to the listener, and starts a target (a grandchild) that opens a
 * path that does not exist with those flags, once a round. The child
 * supervises: it reads the path from /proc/PID/mem, checks the call is
 * still pending, opens its own file and answers:
 *   1  seccomp_ext_notify_addfd_send(), lowest number, O_CLOEXEC: the
 *      target's call returns the fd, which reads the file and has
 *      FD_CLOEXEC (first the argument errors, each leaving the call
 *      pending; after the target's call returned, its id gives -ENOENT)
 *   2  the same at a chosen number without O_CLOEXEC
 *   3  seccomp_notify_addfd() with SECCOMP_ADDFD_FLAG_SEND, upstream's
 *      call: the same effect, one request
 *   4  a closed srcfd: -EBADF, the call still pending; answered -EACCES
 *   5  the target without a free fd number (RLIMIT_NOFILE): -EMFILE, and
 *      -EBADF for a number beyond the limit; answered -EMFILE
 *   6  the target killed while its call waits: -ENOENT
 * A closed listener gives -EBADF. The kernel is asked directly whether it
 * knows SECCOMP_ADDFD_FLAG_SEND (Linux 5.14): where not, the call must say
 * -EOPNOTSUPP. Exit 77 without user notification in the kernel.
 */

/* the target's addresses as offsets in /proc/PID/mem, on 32-bit ABIs too */
#define _FILE_OFFSET_BITS 64

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>

#include <seccomp-ext.h>

#include "live_util.h"

/* Flags no libc open of the supervisor uses: only the target's reach it. */
#define TARGET_FLAGS (O_RDONLY | O_NOCTTY | O_NOFOLLOW)
#define VIRTUAL_PATH "/nonexistent/44-live-notify-addfd-send"
#define SETFD_NUMBER 77

enum round { ANY_FD = 1, SETFD, UPSTREAM, REFUSED, NO_FREE_FD, KILLED };

static const char content[] = "the supervisor's own file";
static char real_path[] = "/tmp/44-addfd-send-XXXXXX";

/* What the target saw of one call, sent to the supervisor. */
struct report {
	long rc;	/* the call's return value */
	int content_ok; /* the fd reads the supervisor's file */
	int cloexec;	/* FD_CLOEXEC of the fd */
};

/* The kernel's own answer: does it know SECCOMP_ADDFD_FLAG_SEND? */
static bool kernel_has_send(int fd)
{
	struct seccomp_notif_addfd probe = {
		.flags = SECCOMP_ADDFD_FLAG_SEND,
		.srcfd = (uint32_t)-1,
	};

	/* the flags are checked before the source fd */
	return ioctl(fd, SECCOMP_IOCTL_NOTIF_ADDFD, &probe) < 0 &&
	       errno == EBADF;
}

static long open_virtual(void)
{
	return live_syscall(__NR_openat, AT_FDCWD, (long)VIRTUAL_PATH,
			    TARGET_FLAGS, 0, 0, 0);
}

/* Make the call, check what it returned, tell the supervisor. */
static void call_and_report(int out)
{
	struct report r = { .rc = open_virtual(), .cloexec = -1 };
	char buf[sizeof(content)];

	if (r.rc >= 0) {
		r.content_ok = read((int)r.rc, buf, sizeof(buf)) ==
				       (ssize_t)sizeof(buf) &&
			       memcmp(buf, content, sizeof(buf)) == 0;
		r.cloexec = !!(fcntl((int)r.rc, F_GETFD) & FD_CLOEXEC);
		close((int)r.rc);
	}
	if (write(out, &r, sizeof(r)) != (ssize_t)sizeof(r))
		live_exit(LIVE_SETUP_FAILED);
}

/* The target: one call a round; the last one is never answered. */
static int target(void *arg)
{
	int out = *(int *)arg, lowest, i;
	struct rlimit old, full;

	for (i = ANY_FD; i < NO_FREE_FD; i++)
		call_and_report(out);
	/* every number below the limit taken */
	lowest = fcntl(out, F_DUPFD, 0);
	if (lowest < 0 || getrlimit(RLIMIT_NOFILE, &old) != 0)
		return LIVE_SETUP_FAILED;
	close(lowest);
	full = old;
	full.rlim_cur = (rlim_t)lowest;
	if (setrlimit(RLIMIT_NOFILE, &full) != 0)
		return LIVE_SETUP_FAILED;
	call_and_report(out);
	setrlimit(RLIMIT_NOFILE, &old);
	open_virtual();
	return 1;
}

/* Read the target's path argument from its memory: the pattern to show. */
static bool path_is_virtual(const struct seccomp_notif *req)
{
	char mem[64], path[sizeof(VIRTUAL_PATH)];
	ssize_t n;
	int fd;

	snprintf(mem, sizeof(mem), "/proc/%u/mem", req->pid);
	fd = open(mem, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	n = pread(fd, path, sizeof(path), (off_t)req->data.args[1]);
	close(fd);
	return n == (ssize_t)sizeof(path) &&
	       memcmp(path, VIRTUAL_PATH, sizeof(path)) == 0;
}

/* Receive the next call and check it: the file to answer with, or -1. */
static int receive(int fd, struct seccomp_notif *req)
{
	EXPECT(seccomp_notify_receive(fd, req), 0);
	EXPECT(req->data.nr, __NR_openat);
	EXPECT(req->data.args[2], TARGET_FLAGS);
	EXPECT(path_is_virtual(req), 1);
	/* after reading its memory: the pid is still the caller's */
	EXPECT(seccomp_notify_id_valid(fd, req->id), 0);
	return open(real_path, O_RDONLY | O_CLOEXEC);
}

/* The target's report of its call: it returned @rc, with @cloexec. */
static void expect_report(int in, long rc, int cloexec)
{
	struct report r = { 0 };

	EXPECT(read(in, &r, sizeof(r)), sizeof(r));
	EXPECT(r.rc, rc);
	EXPECT(r.content_ok, rc >= 0);
	EXPECT(r.cloexec, rc >= 0 ? cloexec : -1);
}

/* Argument errors on a pending call: none answers it. */
static void argument_errors(int fd, uint64_t id, int file)
{
	int closed = dup(file);

	close(closed);
	EXPECT(seccomp_ext_notify_addfd_send(fd, id, file, -2, 0), -EINVAL);
	EXPECT(seccomp_ext_notify_addfd_send(fd, id, file, -1, O_NONBLOCK),
	       -EINVAL);
	EXPECT(seccomp_ext_notify_addfd_send(fd, id, -1, -1, 0), -EBADF);
	EXPECT(seccomp_ext_notify_addfd_send(-1, id, file, -1, 0), -EBADF);
	EXPECT(seccomp_ext_notify_addfd_send(file, id, file, -1, 0), -EBADF);
	EXPECT(seccomp_ext_notify_addfd_send(fd, id, closed, -1, 0), -EBADF);
	EXPECT(seccomp_ext_notify_addfd_send(fd, id + 1000, file, -1, 0),
	       -ENOENT);
	EXPECT(seccomp_notify_id_valid(fd, id), 0);
}

/* Rounds 1 and 2: the extension, at the lowest number and at a chosen one. */
static void answer_ext(int fd, struct seccomp_notif *req, int in)
{
	int file = receive(fd, req), rc, again;

	argument_errors(fd, req->id, file);
	rc = seccomp_ext_notify_addfd_send(fd, req->id, file, -1, O_CLOEXEC);
	EXPECT(rc >= 0, 1);
	/* answered: not yet collected, or gone */
	again = seccomp_ext_notify_addfd_send(fd, req->id, file, -1, 0);
	EXPECT(again == -ENOENT || again == -EINPROGRESS, 1);
	expect_report(in, rc, 1);
	/* the target's call has returned: the id is stale */
	EXPECT(seccomp_ext_notify_addfd_send(fd, req->id, file, -1, 0),
	       -ENOENT);
	close(file);

	file = receive(fd, req);
	EXPECT(seccomp_ext_notify_addfd_send(fd, req->id, file, SETFD_NUMBER,
					     0),
	       SETFD_NUMBER);
	close(file);
	expect_report(in, SETFD_NUMBER, 0);
}

/* Round 3: the same through libseccomp's call, SEND in its struct. */
static void answer_upstream(int fd, struct seccomp_notif *req, int in)
{
	struct seccomp_notif_addfd addfd = { .flags = SECCOMP_ADDFD_FLAG_SEND,
					     .newfd_flags = O_CLOEXEC };
	int file = receive(fd, req), rc;

	addfd.id = req->id;
	addfd.srcfd = (uint32_t)file;
	rc = seccomp_notify_addfd(fd, &addfd);
	EXPECT(rc >= 0, 1);
	close(file);
	expect_report(in, rc, 1);
}

/* Answer the pending call with an error after a failed send. */
static void answer_error(int fd, const struct seccomp_notif *req,
			 struct seccomp_notif_resp *resp, int error)
{
	EXPECT(seccomp_notify_id_valid(fd, req->id), 0);
	memset(resp, 0, sizeof(*resp));
	resp->id = req->id;
	resp->error = error;
	EXPECT(seccomp_notify_respond(fd, resp), 0);
}

/* Rounds 4 and 5: sends that fail leave the call to be answered. */
static void answer_failures(int fd, struct seccomp_notif *req,
			    struct seccomp_notif_resp *resp, int in)
{
	int file = receive(fd, req), closed = dup(file);

	close(closed);
	EXPECT(seccomp_ext_notify_addfd_send(fd, req->id, closed, -1, 0),
	       -EBADF);
	answer_error(fd, req, resp, -EACCES);
	close(file);
	expect_report(in, -EACCES, -1);

	file = receive(fd, req);
	EXPECT(seccomp_ext_notify_addfd_send(fd, req->id, file, -1, 0),
	       -EMFILE);
	EXPECT(seccomp_ext_notify_addfd_send(fd, req->id, file, 1000, 0),
	       -EBADF);
	answer_error(fd, req, resp, -EMFILE);
	close(file);
	expect_report(in, -EMFILE, -1);
}

/* Round 6: the target dies with its call pending. */
static void answer_killed(int fd, struct seccomp_notif *req, pid_t pid)
{
	int file = receive(fd, req);

	kill(pid, SIGKILL);
	EXPECT_SIGNAL(live_wait(pid), SIGKILL);
	EXPECT(seccomp_ext_notify_addfd_send(fd, req->id, file, -1, 0),
	       -ENOENT);
	close(file);
}

/* A kernel before 5.14: the call says so and the target is answered. */
static void without_send(int fd, struct seccomp_notif *req,
			 struct seccomp_notif_resp *resp, pid_t pid)
{
	int file = receive(fd, req);

	printf("kernel without SECCOMP_ADDFD_FLAG_SEND\n");
	EXPECT(seccomp_ext_notify_addfd_send(fd, req->id, file, -1, 0),
	       -EOPNOTSUPP);
	answer_error(fd, req, resp, -ENOSYS);
	close(file);
	kill(pid, SIGKILL);
	live_wait(pid);
}

static void supervise(int fd)
{
	struct seccomp_notif *req;
	struct seccomp_notif_resp *resp;
	int pfd[2];
	pid_t pid;

	if (seccomp_notify_alloc(&req, &resp) != 0 || pipe(pfd) != 0) {
		EXPECT(0, 1);
		return;
	}
	pid = live_start(target, &pfd[1]);
	close(pfd[1]);
	if (!kernel_has_send(fd)) {
		without_send(fd, req, resp, pid);
	} else {
		answer_ext(fd, req, pfd[0]);
		answer_upstream(fd, req, pfd[0]);
		answer_failures(fd, req, resp, pfd[0]);
		answer_killed(fd, req, pid);
	}
	close(pfd[0]);
	seccomp_notify_free(req, resp);
}

static int child(void *arg)
{
	const struct scmp_arg_cmp flags = SCMP_A2(SCMP_CMP_EQ, TARGET_FLAGS);
	int fd = live_listener(SCMP_SYS(openat), 1, &flags);

	(void)arg;
	if (fd < 0)
		return LIVE_SETUP_FAILED;
	supervise(fd);
	close(fd);
	EXPECT(seccomp_ext_notify_addfd_send(fd, 1, 0, -1, 0), -EBADF);
	return live_child_result();
}

/* The supervisor's file, made before any filter. Returns 0 or -1. */
static int make_file(void)
{
	int fd = mkstemp(real_path);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = write(fd, content, sizeof(content));
	close(fd);
	return n == (ssize_t)sizeof(content) ? 0 : -1;
}

int main(void)
{
	int status;

	/* a child that hangs and is ended by its alarm still shows why */
	setvbuf(stdout, NULL, _IOLBF, 0);
	live_require(live_kernel_filters(), "seccomp filters");
	live_require(live_kernel_action(SCMP_ACT_NOTIFY), "user notification");
	if (make_file() != 0) {
		printf("FAIL: cannot make %s\n", real_path);
		return 1;
	}
	status = live_run(child, NULL);
	unlink(real_path);
	EXPECT_EXIT(status, 0);
	return test_result();
}
