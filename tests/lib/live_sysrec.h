/* SPDX-License-Identifier: LGPL-2.1-only */
/* A recorder of the seccomp(2) and prctl(2) calls the library makes. */

/*
 * Linked into a test program, live_sysrec.c defines syscall() and prctl():
 * the library's calls to them (it calls seccomp(2) through syscall())
 * reach these definitions first, are recorded, and go on to libc's. Tests
 * read the record to see exactly which flags a load passed to the kernel.
 */

#ifndef LIVE_SYSREC_H
#define LIVE_SYSREC_H

#include <stdbool.h>

#define SYSREC_MAX 64

enum sysrec_kind { SYSREC_SECCOMP, SYSREC_PRCTL };

struct sysrec_call {
	enum sysrec_kind kind;
	long op;	    /* seccomp operation or prctl option */
	unsigned long arg1; /* seccomp flags or prctl's second argument */
	bool arg2_null;	    /* seccomp's or prctl's third argument */
	long rc;
};

extern struct sysrec_call sysrec_calls[SYSREC_MAX];
extern unsigned int sysrec_cnt;

/* Forget what was recorded so far. */
void sysrec_reset(void);

#endif
