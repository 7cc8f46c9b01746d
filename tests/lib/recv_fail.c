/* SPDX-License-Identifier: LGPL-2.1-only */
/* Preloaded by 38-live-profile-learn-recv: every seccomp notification
 * receive fails with the errno RECV_FAIL_ERRNO gives (a number); any other
 * ioctl() goes to the C library's. */

#define _GNU_SOURCE /* RTLD_NEXT */
#include <dlfcn.h>
#include <errno.h>
#include <linux/seccomp.h>
#include <stdarg.h>
#include <stdlib.h>
#include <sys/ioctl.h>

/**
 * ioctl() - the C library's, except SECCOMP_IOCTL_NOTIF_RECV
 * @fd: the descriptor
 * @req: the request
 *
 * Return: -1 with errno RECV_FAIL_ERRNO for a receive (EINVAL if unset),
 * otherwise what the C library's ioctl() returns.
 */
int ioctl(int fd, unsigned long req, ...)
{
	static int (*next)(int, unsigned long, void *);
	const char *err = getenv("RECV_FAIL_ERRNO");
	va_list ap;
	void *arg;

	va_start(ap, req);
	arg = va_arg(ap, void *);
	va_end(ap);
	if (req == SECCOMP_IOCTL_NOTIF_RECV) {
		errno = err != NULL ? atoi(err) : EINVAL;
		return -1;
	}
	if (next == NULL)
		*(void **)&next = dlsym(RTLD_NEXT, "ioctl");
	return next(fd, req, arg);
}
