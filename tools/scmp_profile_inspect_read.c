/* SPDX-License-Identifier: LGPL-2.1-only */
/* scmp_profile inspect: reading a process's seccomp mode and filters. */

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/wait.h>
#include <unistd.h>

#include "scmp_profile_shared.h"
#include "scmp_profile_inspect_read.h"

#ifndef PTRACE_SECCOMP_GET_FILTER
#define PTRACE_SECCOMP_GET_FILTER 0x420c
#endif
#ifndef PTRACE_SECCOMP_GET_METADATA
#define PTRACE_SECCOMP_GET_METADATA 0x420d
#endif

/* The argument of PTRACE_SECCOMP_GET_METADATA (linux/ptrace.h). */
struct seccomp_md {
	uint64_t filter_off;
	uint64_t flags;
};

/*
 * Reading the process
 */

/* "Seccomp:" and "Seccomp_filters:" of /proc/PID/status; -errno. */
static int read_status(pid_t pid, int *mode, long *count)
{
	char path[64], line[256];
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	f = fopen(path, "r");
	if (f == NULL)
		return -errno;
	*mode = -1;
	*count = -1;
	while (fgets(line, sizeof(line), f) != NULL) {
		if (strncmp(line, "Seccomp:", 8) == 0)
			*mode = atoi(line + 8);
		else if (strncmp(line, "Seccomp_filters:", 16) == 0)
			*count = atol(line + 16);
	}
	fclose(f);
	return 0;
}

/* Why the kernel refused to show the filters, in words. */
static const char *refusal(int err)
{
	int mode = 0;
	long n;

	if (err == EACCES && read_status(getpid(), &mode, &n) == 0 && mode != 0)
		return "scmp_profile itself runs under seccomp, and the kernel"
		       " shows filters only to a reader without one";
	if (err == EACCES || err == EPERM)
		return "reading filters needs CAP_SYS_ADMIN (run as root)";
	if (err == EMEDIUMTYPE)
		return "the process is in strict mode: it has no filters";
	if (err == EINVAL)
		return "the process has no seccomp filter";
	return strerror(err);
}

/* Stops the tracee: 0 and the signal to give back on detach, or -errno. */
static int stop(pid_t pid, int *resend)
{
	int status;

	*resend = 0;
	if (ptrace(PTRACE_INTERRUPT, pid, NULL, NULL) != 0)
		return -errno;
	for (;;) {
		if (waitpid(pid, &status, __WALL) < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		if (WIFEXITED(status) || WIFSIGNALED(status))
			return -ESRCH;
		if (!WIFSTOPPED(status))
			continue;
		/* a signal on its way in: give it back when detaching */
		if ((status >> 16) == 0 && WSTOPSIG(status) != SIGTRAP)
			*resend = WSTOPSIG(status);
		return 0;
	}
}

/* Reads every filter of a stopped tracee; -errno, said on stderr. */
static int read_filters(struct target *t)
{
	const struct bpf_sim_arch *native = bpf_sim_arch_native();
	struct sock_filter *buf;
	struct seccomp_md md;
	struct bpf_sim_prog *progs;
	struct filter *grown;
	long len;
	int rc;

	for (;;) {
		len = ptrace(PTRACE_SECCOMP_GET_FILTER, t->pid,
			     (void *)(unsigned long)t->s.cnt, NULL);
		if (len < 0 && errno == ENOENT && t->s.cnt > 0)
			return 0;
		if (len <= 0) {
			rc = len < 0 ? errno : EINVAL;
			fprintf(stderr,
				"scmp_profile: cannot read filter %u of process"
				" %d: %s\n",
				t->s.cnt, (int)t->pid, refusal(rc));
			return -rc;
		}
		grown = realloc(t->f, (t->s.cnt + 1) * sizeof(*t->f));
		progs = realloc(t->s.prog, (t->s.cnt + 1) * sizeof(*progs));
		buf = calloc((size_t)len, sizeof(*buf));
		if (grown != NULL)
			t->f = grown;
		if (progs != NULL)
			t->s.prog = progs;
		if (grown == NULL || progs == NULL || buf == NULL) {
			free(buf);
			return -ENOMEM;
		}
		memset(&t->f[t->s.cnt], 0, sizeof(t->f[t->s.cnt]));
		memset(&t->s.prog[t->s.cnt], 0, sizeof(t->s.prog[t->s.cnt]));
		if (ptrace(PTRACE_SECCOMP_GET_FILTER, t->pid,
			   (void *)(unsigned long)t->s.cnt, buf) != len) {
			rc = errno;
			free(buf);
			fprintf(stderr,
				"scmp_profile: filter %u of process %d"
				" changed while read: %s\n",
				t->s.cnt, (int)t->pid, strerror(rc));
			return -EIO;
		}
		rc = bpf_sim_load_host(&t->s.prog[t->s.cnt], buf, (size_t)len,
				       native != NULL ? native->big_endian : 0);
		free(buf);
		if (rc < 0)
			return rc;
		md.filter_off = t->s.cnt;
		md.flags = 0;
		/* Linux >= 4.16; the flags are then known */
		if (ptrace(PTRACE_SECCOMP_GET_METADATA, t->pid,
			   (void *)sizeof(md), &md) >= 0) {
			t->f[t->s.cnt].flags = md.flags;
			t->f[t->s.cnt].flags_known = true;
		}
		t->s.cnt++;
	}
}

/*
 * Attaches, reads the filters and detaches. Returns 0, SP_EXIT_BAD (no
 * such process) or SP_EXIT_FAIL, said on stderr.
 */
int inspect_read_target(struct target *t)
{
	int rc, resend;
	unsigned int i;

	rc = read_status(t->pid, &t->mode, &t->status_count);
	if (rc < 0) {
		fprintf(stderr, "scmp_profile: no process %d: %s\n",
			(int)t->pid, strerror(-rc));
		return SP_EXIT_BAD;
	}
	if (t->mode != 2)
		return 0;
	if (ptrace(PTRACE_SEIZE, t->pid, NULL, NULL) != 0) {
		rc = errno;
		fprintf(stderr, "scmp_profile: cannot trace process %d: %s%s\n",
			(int)t->pid, strerror(rc),
			rc == EPERM ? " (another tracer has it, it is this"
				      " process, or tracing it needs"
				      " CAP_SYS_PTRACE)" :
				      "");
		return rc == ESRCH ? SP_EXIT_BAD : SP_EXIT_FAIL;
	}
	rc = stop(t->pid, &resend);
	if (rc < 0) {
		fprintf(stderr, "scmp_profile: cannot stop process %d: %s\n",
			(int)t->pid, strerror(-rc));
		ptrace(PTRACE_DETACH, t->pid, NULL, NULL);
		return SP_EXIT_FAIL;
	}
	rc = read_filters(t);
	ptrace(PTRACE_DETACH, t->pid, NULL, (void *)(long)resend);
	if (rc == -ENOMEM)
		fprintf(stderr, "scmp_profile: %s\n", strerror(ENOMEM));
	if (rc < 0)
		return SP_EXIT_FAIL;
	for (i = 0; i < t->s.cnt; i++) {
		struct bpf_sim_fault why;

		if (bpf_sim_verify(&t->s.prog[i], &why) < 0) {
			fprintf(stderr,
				"scmp_profile: filter %u: instruction %u: %s"
				" (the simulator disagrees with the kernel)\n",
				i, why.pc, bpf_sim_reason_str(why.reason));
			return SP_EXIT_FAIL;
		}
	}
	return 0;
}
