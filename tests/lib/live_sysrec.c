/* SPDX-License-Identifier: LGPL-2.1-only */
/* Record seccomp(2) and prctl(2) calls on their way to libc. */

#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdarg.h>
#include <unistd.h>
#include <sys/prctl.h>
#include <sys/syscall.h>

#include "live_sysrec.h"

struct sysrec_call sysrec_calls[SYSREC_MAX];
unsigned int sysrec_cnt;

void sysrec_reset(void)
{
	sysrec_cnt = 0;
}

static void record(enum sysrec_kind kind, long op, unsigned long arg1,
		   const void *arg2, long rc)
{
	if (sysrec_cnt >= SYSREC_MAX)
		return;
	sysrec_calls[sysrec_cnt++] = (struct sysrec_call){
		.kind = kind,
		.op = op,
		.arg1 = arg1,
		.arg2_null = arg2 == NULL,
		.rc = rc,
	};
}

/*
 * How many arguments to pass on: seccomp(2) takes three, and reading more
 * than the caller passed reads past its arguments (AddressSanitizer says
 * so). Every other caller in the tests is live_syscall(), which passes six.
 */
static int arg_count(long nr)
{
	return nr == __NR_seccomp ? 3 : 6;
}

long syscall(long nr, ...)
{
	static long (*next)(long, ...);
	long a[6] = { 0 }, rc;
	va_list ap;
	int i, err;

	if (next == NULL)
		next = (long (*)(long, ...))dlsym(RTLD_NEXT, "syscall");
	va_start(ap, nr);
	for (i = 0; i < arg_count(nr); i++)
		a[i] = va_arg(ap, long);
	va_end(ap);
	rc = next(nr, a[0], a[1], a[2], a[3], a[4], a[5]);
	err = errno;
	if (nr == __NR_seccomp)
		record(SYSREC_SECCOMP, a[0], (unsigned long)a[1],
		       (const void *)a[2], rc);
	/* the caller reads errno right after us */
	errno = err;
	return rc;
}

/* prctl(2) takes at most five arguments; the library always passes them. */
int prctl(int option, ...)
{
	static int (*next)(int, ...);
	unsigned long a[4];
	va_list ap;
	int i, rc, err;

	if (next == NULL)
		next = (int (*)(int, ...))dlsym(RTLD_NEXT, "prctl");
	va_start(ap, option);
	for (i = 0; i < 4; i++)
		a[i] = va_arg(ap, unsigned long);
	va_end(ap);
	rc = next(option, a[0], a[1], a[2], a[3]);
	err = errno;
	record(SYSREC_PRCTL, option, a[0], (const void *)a[1], rc);
	errno = err;
	return rc;
}
