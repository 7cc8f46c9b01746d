/* SPDX-License-Identifier: LGPL-2.1-only */
/* scmp_profile learn: run a command, record its syscalls, write a profile. */

/*
 * The command runs under a filter whose default action is NOTIFY: each of
 * its syscalls stops in the kernel until this process, the supervisor,
 * has recorded it (ABI, number, and for --args syscalls the arguments)
 * and answered SECCOMP_USER_NOTIF_FLAG_CONTINUE, which lets the kernel run
 * the call as if there were no filter. Threads and children inherit the
 * filter, so they are recorded too.
 *
 * No deadlock: the supervisor is never under the filter. The child that
 * loads it is made by clone(CLONE_FILES): it shares this process's file
 * table, so the listener the load creates appears here without the child
 * making a syscall to pass it (every syscall after the load waits for the
 * supervisor). The supervisor finds it in /proc/self/fd; it is close-on-
 * exec, so the command's own table (unshared by execve) lacks it. The
 * command is reaped as a child, orphans of it too (we are their
 * subreaper); the recording ends when no child is left to reap: then no
 * task uses the filter. A command that could not be run, or that a
 * signal ended, gives no profile.
 */

/* clone(), pipe2() */
#define _GNU_SOURCE

#include <dirent.h>
#include <fcntl.h>
#include <errno.h>
#include <getopt.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/time.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <seccomp-ext.h>

#include "scmp_profile_shared.h"

#define LEARN_ABIS 3u
#define ARGS_TUPLES_MAX 64u
#define CHILD_STACK (256u * 1024u)
#define TICK_MS 100
/* failed receives in a row that may be tried again (see recv_failed()) */
#define RECV_RETRIES 100u

/* A syscall seen: its ABI and number. */
struct seen {
	uint32_t token;
	int nr;
};

/* A syscall named by --args: the argument values seen at @mask. */
struct argwatch {
	const char *name;
	unsigned int mask; /* bit i: argument i */
	int nr[LEARN_ABIS];
	uint64_t (*tuples)[PROFILE_ARGS];
	size_t cnt;
	bool overflow;
};

struct learn {
	uint32_t abis[LEARN_ABIS];
	unsigned int nabi;
	struct seen *seen;
	size_t cnt, cap;
	struct argwatch *watch;
	size_t nwatch;
	char *const *cmd;
	pid_t child;
	int *failed; /* shared with the child: errno of the load or exec */
	int status;  /* the command's wait status */
	bool exited;
	bool gone; /* no task of the command is left */
};

/*
 * What the child does: announce the load, load, run the command. A
 * failure is told through @failed, a shared page (the supervisor then
 * writes no profile): a failed execvp() as errno, a failed load as
 * -errno; the exit status alone could be the command's own 126 or 127.
 */
struct child_args {
	scmp_filter_ctx ctx;
	char *const *cmd;
	int sync;
	int *failed;
};

static int child_main(void *arg)
{
	const struct child_args *c = arg;
	char byte = 'l';
	int rc;

	if (write(c->sync, &byte, 1) != 1)
		_exit(126);
	rc = seccomp_load(c->ctx);
	if (rc < 0) {
		*c->failed = rc;
		_exit(126);
	}
	/* from here on every syscall waits for the supervisor */
	execvp(c->cmd[0], c->cmd);
	*c->failed = errno;
	_exit(errno == ENOENT ? 127 : 126);
}

/* The ABIs a program on this machine may use: native, then compat. */
static void learn_abis(struct learn *l)
{
	uint32_t native = seccomp_arch_native();

	l->abis[l->nabi++] = native;
	if (native == SCMP_ARCH_X86_64) {
		l->abis[l->nabi++] = SCMP_ARCH_X86;
		l->abis[l->nabi++] = SCMP_ARCH_X32;
	} else if (native == SCMP_ARCH_AARCH64) {
		l->abis[l->nabi++] = SCMP_ARCH_ARM;
	}
}

static scmp_filter_ctx learn_filter(const struct learn *l)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_NOTIFY);
	unsigned int i;
	int rc = 0;

	if (ctx == NULL)
		return NULL;
	for (i = 1; i < l->nabi && rc == 0; i++)
		rc = seccomp_arch_add(ctx, l->abis[i]);
	/* NO_NEW_PRIVS would change what setuid programs do; root does not
	 * need it to load a filter */
	if (rc == 0 && geteuid() == 0)
		rc = seccomp_attr_set(ctx, SCMP_FLTATR_CTL_NNP, 0);
	if (rc < 0) {
		seccomp_release(ctx);
		return NULL;
	}
	return ctx;
}

/* The listener the child's load put into our shared file table. */
static int find_listener(struct learn *l)
{
	const struct timespec pause = { 0, 1000000 };
	char link[300], target[64];
	struct dirent *e;
	unsigned int tries;
	ssize_t n;
	DIR *d;
	int fd = -1;

	for (tries = 0; tries < 10000 && fd < 0; tries++) {
		d = opendir("/proc/self/fd");
		if (d == NULL)
			return -errno;
		while ((e = readdir(d)) != NULL) {
			snprintf(link, sizeof(link), "/proc/self/fd/%s",
				 e->d_name);
			n = readlink(link, target, sizeof(target) - 1);
			if (n <= 0)
				continue;
			target[n] = '\0';
			if (strcmp(target, "anon_inode:seccomp notify") == 0)
				fd = atoi(e->d_name);
		}
		closedir(d);
		if (fd >= 0)
			break;
		if (waitpid(l->child, &l->status, WNOHANG) == l->child) {
			l->exited = true;
			return -ECHILD;
		}
		nanosleep(&pause, NULL);
	}
	return fd >= 0 ? fd : -ETIMEDOUT;
}

static int record(struct learn *l, uint32_t token, int nr)
{
	struct seen *grown;
	size_t i;

	for (i = 0; i < l->cnt; i++)
		if (l->seen[i].token == token && l->seen[i].nr == nr)
			return 0;
	if (l->cnt == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 256;
		grown = realloc(l->seen, l->cap * sizeof(*grown));
		if (grown == NULL)
			return -ENOMEM;
		l->seen = grown;
	}
	l->seen[l->cnt].token = token;
	l->seen[l->cnt++].nr = nr;
	return 0;
}

static int record_args(struct argwatch *w, const uint64_t *args)
{
	uint64_t t[PROFILE_ARGS] = { 0 };
	unsigned int i;
	size_t k;

	for (i = 0; i < PROFILE_ARGS; i++)
		if (w->mask & 1u << i)
			t[i] = args[i];
	for (k = 0; k < w->cnt; k++)
		if (memcmp(w->tuples[k], t, sizeof(t)) == 0)
			return 0;
	if (w->cnt == ARGS_TUPLES_MAX) {
		w->overflow = true;
		return 0;
	}
	if (w->tuples == NULL) {
		w->tuples = calloc(ARGS_TUPLES_MAX, sizeof(*w->tuples));
		if (w->tuples == NULL)
			return -ENOMEM;
	}
	memcpy(w->tuples[w->cnt++], t, sizeof(t));
	return 0;
}

static int note_call(struct learn *l, const struct seccomp_data *d)
{
	uint32_t token = d->arch;
	unsigned int abi;
	size_t k;

	/* x32 reports x86_64's arch and sets the x32 bit in the number */
	if (token == SCMP_ARCH_X86_64 && (d->nr & 0x40000000))
		token = SCMP_ARCH_X32;
	for (abi = 0; abi < l->nabi && l->abis[abi] != token; abi++)
		;
	for (k = 0; abi < l->nabi && k < l->nwatch; k++) {
		if (l->watch[k].nr[abi] != d->nr)
			continue;
		if (record_args(&l->watch[k], (const uint64_t *)d->args) < 0)
			return -ENOMEM;
	}
	return record(l, token, d->nr);
}

/*
 * Reaps the command and its orphans (we are their subreaper): once none
 * is left, no task uses the filter, even on kernels that do not report
 * that on the listener (before 5.8).
 */
static void reap(struct learn *l)
{
	int status;
	pid_t pid;

	while ((pid = waitpid(-1, &status, WNOHANG)) > 0)
		if (pid == l->child) {
			l->status = status;
			l->exited = true;
		}
	l->gone = pid < 0 && errno == ECHILD;
}

/* set by wake(): a signal of ours ended the wait in the receive */
static volatile sig_atomic_t woken;

static void wake(int sig)
{
	(void)sig;
	woken = 1;
}

/*
 * Interrupts the supervisor's blocking receive: at each child's end
 * (SIGCHLD) and every TICK_MS (SIGALRM), whichever the receive missed by
 * starting just after it; neither restarts the call. Returns the old
 * handlers in @old (SIGCHLD's, SIGALRM's).
 */
static void wake_on(struct sigaction old[2])
{
	struct sigaction sa;
	struct itimerval tick = { { 0, TICK_MS * 1000 },
				  { 0, TICK_MS * 1000 } };

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = wake;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGCHLD, &sa, &old[0]);
	sigaction(SIGALRM, &sa, &old[1]);
	setitimer(ITIMER_REAL, &tick, NULL);
}

static void wake_off(const struct sigaction old[2])
{
	struct itimerval off;

	memset(&off, 0, sizeof(off));
	setitimer(ITIMER_REAL, &off, NULL);
	sigaction(SIGCHLD, &old[0], NULL);
	sigaction(SIGALRM, &old[1], NULL);
}

/*
 * What a receive that failed with @err means, @tries counting those in a
 * row. ENOENT on a listener that reports POLLHUP: no task uses the filter
 * any more (Linux 5.8 and later fail every receive so until the last one
 * is reaped): the recording is over. EINTR after wake() is how the wait
 * ends when no call comes: try again, always. ENOENT otherwise (a caller
 * killed while it waited), and EINTR that no signal of ours caused:
 * RECV_RETRIES times. Any other error, such as libseccomp 2.5.4's EINVAL
 * (it hands the kernel a buffer it has not zeroed), comes back on every
 * try while the command waits for ever.
 * Returns 0 to try again, 1 if the recording is over, or -@err once said
 * on stderr.
 */
static int recv_failed(int fd, int err, unsigned int *tries)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };

	if (err == ENOENT && poll(&p, 1, 0) == 1 && (p.revents & POLLHUP))
		return 1;
	if (err == EINTR && woken)
		return 0;
	if ((err == EINTR || err == ENOENT) && ++*tries < RECV_RETRIES)
		return 0;
	fprintf(stderr,
		"scmp_profile learn: cannot receive the command's system calls"
		" (%s%s); no profile written\n",
		strerror(err), *tries >= RECV_RETRIES ? ", every time" : "");
	return -err;
}

/*
 * Answers every notification until no task uses the filter any more. The
 * supervisor waits in the receive itself rather than in poll(): one
 * syscall less per notification (about 18% of a round trip, see the man
 * page), and the wait that SYNC_WAKE_UP (see sync_wakeup()) speeds up. A
 * receive that fails is tried again once the children are reaped, unless
 * recv_failed() says the recording is over or cannot go on.
 * Returns 0, or -errno once said on stderr (the command killed).
 */
static int supervise(struct learn *l, int fd)
{
	struct seccomp_notif *req = NULL;
	struct seccomp_notif_resp *resp = NULL;
	struct sigaction old[2];
	unsigned int tries = 0;
	int rc;

	rc = seccomp_notify_alloc(&req, &resp);
	if (rc < 0)
		return rc;
	wake_on(old);
	for (;;) {
		reap(l);
		if (l->gone) {
			rc = 0;
			break;
		}
		woken = 0;
		if (seccomp_notify_receive(fd, req) < 0) {
			/* the library says -ECANCELED; errno is the kernel's */
			rc = recv_failed(fd, errno, &tries);
			if (rc == 0)
				continue;
			rc = rc < 0 ? rc : 0;
			break;
		}
		tries = 0;
		rc = note_call(l, &req->data);
		if (rc < 0) {
			fprintf(stderr, "scmp_profile learn: %s\n",
				strerror(-rc));
			break;
		}
		memset(resp, 0, sizeof(*resp));
		resp->id = req->id;
		resp->flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
		/* the caller may have gone: nothing to answer */
		seccomp_notify_respond(fd, resp);
	}
	wake_off(old);
	seccomp_notify_free(req, resp);
	/* a failed recording: its calls would wait for answers for ever */
	if (rc < 0)
		kill(l->child, SIGKILL);
	/* the last tasks may still be ending */
	while (!l->exited && waitpid(l->child, &l->status, 0) == l->child)
		l->exited = true;
	return rc;
}

/* Starts the command under the filter; returns the listener. */
static int start(struct learn *l, scmp_filter_ctx ctx)
{
	struct child_args c = { .ctx = ctx,
				.cmd = l->cmd,
				.failed = l->failed };
	char byte, *stack;
	int sync[2], fd;

	if (pipe2(sync, O_CLOEXEC) != 0)
		return -errno;
	c.sync = sync[1];
	stack = malloc(CHILD_STACK);
	if (stack == NULL) {
		close(sync[0]);
		close(sync[1]);
		return -ENOMEM;
	}
	prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
	l->child = clone(child_main, stack + CHILD_STACK, CLONE_FILES | SIGCHLD,
			 &c);
	if (l->child < 0) {
		fd = -errno;
	} else if (read(sync[0], &byte, 1) != 1) {
		fd = -EPIPE;
	} else {
		fd = find_listener(l);
	}
	close(sync[0]);
	close(sync[1]);
	free(stack);
	return fd;
}

/*
 * Container runtimes
 *
 * A runtime loads the container's filter before it has finished starting
 * the container: the syscalls it makes after the load are filtered too,
 * and a profile that lacks them stops the container before its command
 * runs (runc 1.1.5 under a learned profile: "close log pipe fd 4:
 * operation not permitted"). Measured with strace -f on runc 1.1.5 and
 * crun 1.8.1 (Debian 12), x86_64, Linux 6.18: the calls of the task that
 * loaded the filter, from the load to its execve() of the container's
 * process, 25 runs each with noNewPrivileges true and false, as root and
 * as a user with additional groups (runc loads the filter before it
 * changes user and capabilities unless noNewPrivileges is set, and Docker
 * does not set it). runc is written in Go: its runtime's futex and
 * rt_sigreturn (a preemption signal) come at random.
 */
/* clang-format off */
static const char *const runc_after[] = {
	"capget", "capset", "chdir", "close", "epoll_ctl", "execve",
	"faccessat2", "fchown", "fcntl", "fstat", "fstatfs", "futex",
	"getcwd", "getdents64", "getpid", "getppid", "newfstatat", "openat",
	"prctl", "read", "rt_sigreturn", "setgid", "setgroups", "setuid",
	"write", NULL,
};
static const char *const crun_after[] = {
	"capset", "close", "execve", "prctl", "rt_sigaction",
	"rt_sigprocmask", "setresgid", "setresuid", "write", NULL,
};
/* clang-format on */

static const struct runtime {
	const char *name;
	unsigned int bit;
	const char *const *after;
} runtimes[] = {
	{ "runc", SP_FOR_RUNC, runc_after },
	{ "crun", SP_FOR_CRUN, crun_after },
};

#define RUNTIMES (sizeof(runtimes) / sizeof(runtimes[0]))

int sp_for_parse(const char *arg, unsigned int *set)
{
	const char *p = arg, *end;
	size_t len, i;

	*set = 0;
	if (strcmp(arg, "none") == 0)
		return 0;
	do {
		end = strchr(p, ',');
		len = end != NULL ? (size_t)(end - p) : strlen(p);
		for (i = 0; i < RUNTIMES; i++)
			if (strlen(runtimes[i].name) == len &&
			    strncmp(runtimes[i].name, p, len) == 0)
				break;
		if (i == RUNTIMES) {
			fprintf(stderr,
				"scmp_profile: --for: unknown runtime \"%.*s\""
				" (runc, crun or none)\n",
				(int)len, p);
			return SP_EXIT_BAD;
		}
		*set |= runtimes[i].bit;
		p = end != NULL ? end + 1 : NULL;
	} while (p != NULL);
	return 0;
}

int sp_for_one(const char *cmd, const char *arg, unsigned int *set)
{
	if (sp_for_parse(arg, set) != 0)
		return SP_EXIT_BAD;
	if (*set & (*set - 1)) {
		fprintf(stderr, "scmp_profile: %s --for: one runtime\n", cmd);
		return SP_EXIT_BAD;
	}
	return 0;
}

int sp_for_check(const struct sp_resolve *r, unsigned int set)
{
	if (set == 0 || r->kvermax == 0)
		return 0;
	fprintf(stderr, "scmp_profile: --kvermax and --for: runc and"
			" crun have no kvermax\n");
	return SP_EXIT_BAD;
}

/* Whether the profile names @name. */
static bool named(const struct profile *p, const char *name)
{
	size_t k;

	for (k = 0; k < p->cnt; k++)
		if (strcmp(p->rules[k].name, name) == 0)
			return true;
	return false;
}

/*
 * @name's number on ABI @token; -1 if the ABI lacks it, -2 if the ABI
 * reaches it through socketcall(2) or ipc(2) (the library then gives its
 * pseudo number, and a rule on it would also land on the multiplexer).
 */
static int abi_nr(uint32_t token, const char *name)
{
	int nr = seccomp_syscall_resolve_name_arch(token, name);

	if (nr >= 0)
		return nr;
	return seccomp_syscall_resolve_name_rewrite(token, name) >= 0 ? -2 : -1;
}

/* The largest number a name of the profile has on ABI @token, or -1. */
static int largest_named(const struct profile *p, uint32_t token)
{
	int max = -1, nr;
	size_t k;

	for (k = 0; k < p->cnt; k++) {
		nr = seccomp_syscall_resolve_name_arch(token, p->rules[k].name);
		if (nr > max)
			max = nr;
	}
	return max;
}

/*
 * runc 1.1.5's rule, measured (see the man page): on each ABI, a number
 * above the largest that a name of the profile has there fails with
 * ENOSYS, unless the default action is ALLOW or LOG; a name counts even
 * if its entry has the default action. The library's own means for it:
 * KVERMAX set to the newest version gives ENOSYS above each ABI's table
 * (and in its holes), and an ERRNO(ENOSYS) rule goes on each syscall of
 * an ABI's table above the largest named. A rule goes by name, so it
 * lands on every ABI of the filter that has the syscall: where one has it
 * below its own largest named, or through a multiplexer, runc gives it
 * the default action there, and the rule is left out (the syscall then
 * takes the default action on every ABI).
 */
static int runc_enosys(scmp_filter_ctx ctx, const struct profile *p)
{
	int max[PROFILE_ARCHES], nr, other, rc = 0;
	unsigned int i, j;
	char *name;
	bool ok;

	if (p->def_action == SCMP_ACT_ALLOW || p->def_action == SCMP_ACT_LOG)
		return 0;
	rc = profile_kvermax_set(ctx, PROFILE_KVER(255, 0));
	if (rc < 0)
		return rc;
	for (i = 0; i < p->narch; i++)
		max[i] = largest_named(p, p->arches[i]);
	for (i = 0; i < p->narch && rc == 0; i++) {
		/* every table ends less than 1024 numbers above its start */
		for (nr = max[i] + 1;
		     max[i] >= 0 && nr < max[i] + 1024 && rc == 0; nr++) {
			name = seccomp_syscall_resolve_num_arch(p->arches[i],
								nr);
			if (name == NULL)
				continue;
			ok = !named(p, name);
			for (j = 0; ok && j < p->narch; j++) {
				other = abi_nr(p->arches[j], name);
				ok = other == -1 || other > max[j];
				/* an earlier ABI's loop added it */
				ok = ok && (j >= i || other < 0);
			}
			if (ok)
				rc = seccomp_rule_add(
					ctx, SCMP_ACT_ERRNO(ENOSYS),
					seccomp_syscall_resolve_name(name), 0);
			free(name);
		}
	}
	return rc;
}

int sp_for_compile(scmp_filter_ctx ctx, const struct profile *p,
		   unsigned int set)
{
	int rc;

	if (set == 0)
		return 0;
	/* neither runtime reads learn's "kvermax" member */
	rc = seccomp_attr_set(ctx, SCMP_FLTATR_CTL_KVERMAX, SCMP_KV_UNDEF);
	if (rc == 0 && set == SP_FOR_RUNC)
		rc = runc_enosys(ctx, p);
	if (rc < 0)
		fprintf(stderr,
			"scmp_profile: --for: the library refuses"
			" a rule: %s\n",
			strerror(-rc));
	return rc < 0 ? SP_EXIT_FAIL : 0;
}

/* Records what the runtimes of @set call after the load (as seen). */
static int add_runtimes(struct learn *l, unsigned int set)
{
	uint32_t native = seccomp_arch_native();
	const char *const *n;
	size_t i;
	int nr, rc;

	for (i = 0; i < RUNTIMES; i++) {
		if (!(set & runtimes[i].bit))
			continue;
		for (n = runtimes[i].after; *n != NULL; n++) {
			nr = seccomp_syscall_resolve_name_arch(native, *n);
			if (nr < 0)
				continue;
			rc = record(l, native, nr);
			if (rc < 0)
				return rc;
		}
	}
	return 0;
}

/*
 * Writing the profile
 */

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static const struct argwatch *watched(const struct learn *l, const char *name)
{
	size_t k;

	for (k = 0; k < l->nwatch; k++)
		if (strcmp(l->watch[k].name, name) == 0)
			return &l->watch[k];
	return NULL;
}

/* Sorted, distinct names of every syscall seen; NULL on -ENOMEM. */
static char **seen_names(const struct learn *l, size_t *n)
{
	char **names = calloc(l->cnt + 1, sizeof(*names));
	size_t i, k = 0;

	if (names == NULL)
		return NULL;
	for (i = 0; i < l->cnt; i++) {
		names[k] = seccomp_syscall_resolve_num_arch(l->seen[i].token,
							    l->seen[i].nr);
		if (names[k] == NULL)
			fprintf(stderr,
				"scmp_profile: syscall %d of %s has no name;"
				" left out\n",
				l->seen[i].nr,
				profile_arch_name(l->seen[i].token));
		else
			k++;
	}
	qsort(names, k, sizeof(*names), cmp_str);
	for (i = 0, *n = 0; i < k; i++) {
		if (*n > 0 && strcmp(names[*n - 1], names[i]) == 0) {
			free(names[i]);
			continue;
		}
		names[(*n)++] = names[i];
	}
	return names;
}

static json_t *args_entry(const char *name, const struct argwatch *w, size_t k)
{
	json_t *e = json_object(), *names = json_array(), *args = json_array();
	json_t *a;
	unsigned int i;

	json_array_append_new(names, json_string(name));
	json_object_set_new(e, "names", names);
	json_object_set_new(e, "action", json_string("SCMP_ACT_ALLOW"));
	for (i = 0; i < PROFILE_ARGS; i++) {
		if (!(w->mask & 1u << i))
			continue;
		a = json_object();
		json_object_set_new(a, "index", json_integer(i));
		json_object_set_new(a, "value",
				    json_integer((json_int_t)w->tuples[k][i]));
		json_object_set_new(a, "op", json_string("SCMP_CMP_EQ"));
		json_array_append_new(args, a);
	}
	json_object_set_new(e, "args", args);
	return e;
}

/*
 * Future-proofing: syscalls newer than this kernel, which the command
 * could not make here, fail with ENOSYS under the profile (a libc then
 * falls back to what it did here) instead of EPERM: a "kvermax" member
 * that scmp_profile compile applies.
 */
static void kernel_kvermax(json_t *doc)
{
	struct utsname u;
	unsigned int v;
	char text[16];

	if (uname(&u) != 0)
		return;
	v = profile_parse_kernel(u.release);
	if (v == 0)
		return;
	snprintf(text, sizeof(text), "%u.%u", v >> 16, v & 0xffff);
	json_object_set_new(doc, "kvermax", json_string(text));
}

/*
 * The profile: default ERRNO(EPERM), the ABIs seen (the native one
 * always), one entry allowing every name seen, one entry per argument
 * tuple of each --args syscall (all its values if there were more than
 * ARGS_TUPLES_MAX, or a value does not fit jansson's integers).
 */
static json_t *learned_profile(const struct learn *l, char **names, size_t n)
{
	json_t *doc = json_object(), *arches = json_array();
	json_t *calls = json_array(), *all = json_array(), *e;
	const struct argwatch *w;
	unsigned int i;
	size_t k, t;
	bool used;

	json_object_set_new(doc, "defaultAction",
			    json_string("SCMP_ACT_ERRNO"));
	json_object_set_new(doc, "defaultErrnoRet", json_integer(EPERM));
	for (i = 0; i < l->nabi; i++) {
		char token_name[32];
		const char *s = profile_arch_name(l->abis[i]);

		for (used = i == 0, k = 0; k < l->cnt && !used; k++)
			used = l->seen[k].token == l->abis[i];
		if (!used)
			continue;
		snprintf(token_name, sizeof(token_name), "SCMP_ARCH_%s", s);
		for (k = 10; token_name[k] != '\0'; k++)
			if (token_name[k] >= 'a' && token_name[k] <= 'z')
				token_name[k] = (char)(token_name[k] - 32);
		json_array_append_new(arches, json_string(token_name));
	}
	json_object_set_new(doc, "architectures", arches);
	kernel_kvermax(doc);
	for (k = 0; k < n; k++) {
		w = watched(l, names[k]);
		for (t = 0, used = false;
		     w != NULL && !w->overflow && t < w->cnt; t++) {
			for (i = 0; i < PROFILE_ARGS; i++)
				if (w->tuples[t][i] > (uint64_t)INT64_MAX)
					break;
			used = i == PROFILE_ARGS;
			if (!used)
				break;
		}
		if (!used) {
			json_array_append_new(all, json_string(names[k]));
			continue;
		}
		for (t = 0; t < w->cnt; t++)
			json_array_append_new(calls,
					      args_entry(names[k], w, t));
	}
	e = json_object();
	json_object_set_new(e, "names", all);
	json_object_set_new(e, "action", json_string("SCMP_ACT_ALLOW"));
	json_array_insert_new(calls, 0, e);
	json_object_set_new(doc, "syscalls", calls);
	return doc;
}

static int write_profile(const struct learn *l, const char *out)
{
	struct sp_output o;
	size_t n = 0, i;
	char **names;
	json_t *doc;
	int rc;

	names = seen_names(l, &n);
	if (names == NULL)
		return SP_EXIT_FAIL;
	doc = learned_profile(l, names, n);
	rc = sp_output_open(&o, out);
	if (rc == 0) {
		if (json_dumpf(doc, o.f, JSON_INDENT(2)) == 0 &&
		    fputc('\n', o.f) != EOF) {
			rc = sp_output_commit(&o);
		} else {
			sp_output_abort(&o);
			rc = SP_EXIT_FAIL;
		}
	}
	json_decref(doc);
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return rc;
}

/* --args SYSCALL[:N,...]: the arguments to record, argument 0 if none. */
static int add_watch(struct learn *l, char *spec)
{
	char *idx = strchr(spec, ':'), *save = NULL, *tok, *end;
	struct argwatch *w, *grown;
	unsigned long i;

	grown = realloc(l->watch, (l->nwatch + 1) * sizeof(*grown));
	if (grown == NULL)
		return -ENOMEM;
	l->watch = grown;
	w = &l->watch[l->nwatch];
	memset(w, 0, sizeof(*w));
	if (idx != NULL)
		*idx++ = '\0';
	w->name = spec;
	if (!profile_known_name(spec)) {
		fprintf(stderr,
			"scmp_profile: --args: no ABI has a syscall"
			" \"%s\"\n",
			spec);
		return -EINVAL;
	}
	for (tok = idx != NULL ? strtok_r(idx, ",", &save) : NULL; tok != NULL;
	     tok = strtok_r(NULL, ",", &save)) {
		i = strtoul(tok, &end, 10);
		if (*tok < '0' || *tok > '9' || *end != '\0' ||
		    i >= PROFILE_ARGS) {
			fprintf(stderr,
				"scmp_profile: --args: \"%s\" is not"
				" an argument index (0 to 5)\n",
				tok);
			return -EINVAL;
		}
		w->mask |= 1u << i;
	}
	if (w->mask == 0)
		w->mask = 1;
	l->nwatch++;
	return 0;
}

static void learn_free(struct learn *l)
{
	size_t k;

	if (l->failed != NULL && l->failed != MAP_FAILED)
		munmap(l->failed, sizeof(*l->failed));
	for (k = 0; k < l->nwatch; k++)
		free(l->watch[k].tuples);
	free(l->watch);
	free(l->seen);
}

/*
 * Linux 6.6 and later: each wake-up between a caller and the supervisor
 * puts the woken task on the waker's CPU, which is meant to shorten the
 * round trip of a syscall (on the machine of the man page's figures it
 * made no difference). Older kernels refuse it (-EOPNOTSUPP); learning
 * then goes on without.
 */
static void sync_wakeup(int fd)
{
	(void)seccomp_ext_notify_set_flags(fd,
					   SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP);
}

/*
 * Whether the run may give a profile, said on stderr: not if the command
 * could not be started or a signal ended it (the profile would lack what
 * the rest of the run calls); a non-zero exit still gives one, with a
 * warning. Sets *@status to the exit status to give.
 */
static bool run_usable(const struct learn *l, int *status)
{
	const char *cmd = l->cmd[0];
	int sig;

	if (*l->failed < 0) {
		fprintf(stderr,
			"scmp_profile learn: cannot load the filter: %s;"
			" no profile written\n",
			strerror(-*l->failed));
		*status = SP_EXIT_FAIL;
		return false;
	}
	if (*l->failed > 0) {
		fprintf(stderr,
			"scmp_profile learn: cannot run %s: %s; no profile"
			" written\n",
			cmd, strerror(*l->failed));
		*status = *l->failed == ENOENT ? 127 : 126;
		return false;
	}
	if (WIFSIGNALED(l->status)) {
		sig = WTERMSIG(l->status);
		fprintf(stderr,
			"scmp_profile learn: %s was killed by signal %d (%s);"
			" no profile written\n",
			cmd, sig, strsignal(sig));
		*status = 128 + sig;
		return false;
	}
	*status = WIFEXITED(l->status) ? WEXITSTATUS(l->status) : SP_EXIT_FAIL;
	if (*status != 0)
		fprintf(stderr,
			"scmp_profile learn: warning: %s exited with status"
			" %d; the profile has what this run called\n",
			cmd, *status);
	return true;
}

const char sp_learn_help[] =
	"learn:\n"
	"  -o, --output FILE  write FILE (default: stdout)\n"
	"  --args SYSCALL[:N,...]  record the values of arguments N (default:"
	" 0)\n"
	"  --for runc,crun|none  also allow what these runtimes call after"
	" loading\n"
	"                     the filter (default: runc,crun)\n"
	"  -h, --help         this help\n";

static const char learn_usage[] =
	"usage: scmp_profile learn [-o FILE] [--args SYSCALL[:N,...]]"
	" [--for runc,crun|none] -- CMD [ARG...]\n";

/*
 * What the run needs before the command starts: the flag a failed child
 * sets, the ABIs and the numbers of the watched syscalls on each, and a
 * kernel with user notification. Returns 0 or SP_EXIT_FAIL (said).
 */
static int learn_setup(struct learn *l)
{
	unsigned int abi;
	size_t k;

	l->failed = mmap(NULL, sizeof(*l->failed), PROT_READ | PROT_WRITE,
			 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (l->failed == MAP_FAILED) {
		perror("scmp_profile learn");
		return SP_EXIT_FAIL;
	}
	learn_abis(l);
	for (k = 0; k < l->nwatch; k++)
		for (abi = 0; abi < l->nabi; abi++)
			l->watch[k].nr[abi] = seccomp_syscall_resolve_name_arch(
				l->abis[abi], l->watch[k].name);
	if (seccomp_api_get() < 5) {
		fprintf(stderr, "scmp_profile learn: this kernel has no"
				" seccomp user notification\n");
		return SP_EXIT_FAIL;
	}
	return 0;
}

/**
 * learn_main - scmp_profile learn [-o FILE] [--args S[:N,..]]
 * [--for R,...|none] -- CMD...
 *
 * Returns the command's exit status once the profile is written (also
 * when not 0); 127 or 126 if it could not be run (not found, or another
 * execvp() error), 128 + N if signal N ended it, with no profile written;
 * SP_EXIT_BAD for bad usage; SP_EXIT_FAIL if learning failed.
 */
int learn_main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "args", required_argument, NULL, 'A' },
		{ "for", required_argument, NULL, 'F' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct learn l;
	scmp_filter_ctx ctx;
	const char *out = NULL;
	size_t k;
	unsigned int set = SP_FOR_DEFAULT;
	int c, fd, rc, status;

	memset(&l, 0, sizeof(l));
	while ((c = getopt_long(argc, argv, "+o:h", longopts, NULL)) != -1) {
		if (c == 'h') {
			learn_free(&l);
			printf("%s\n%s", learn_usage, sp_learn_help);
			return fflush(stdout) != 0 ? SP_EXIT_FAIL : 0;
		} else if (c == 'o') {
			out = optarg;
		} else if (c == 'F') {
			if (sp_for_parse(optarg, &set) != 0) {
				learn_free(&l);
				return SP_EXIT_BAD;
			}
		} else if (c != 'A' || add_watch(&l, optarg) < 0) {
			learn_free(&l);
			fputs(learn_usage, stderr);
			return SP_EXIT_BAD;
		}
	}
	if (optind >= argc) {
		learn_free(&l);
		fprintf(stderr, "scmp_profile learn: no command to run\n");
		return SP_EXIT_BAD;
	}
	if (sp_output_check(out) != 0) {
		learn_free(&l);
		return SP_EXIT_FAIL;
	}
	l.cmd = argv + optind;
	if (learn_setup(&l) != 0) {
		learn_free(&l);
		return SP_EXIT_FAIL;
	}
	ctx = learn_filter(&l);
	if (ctx == NULL) {
		fprintf(stderr, "scmp_profile learn: cannot build the"
				" filter\n");
		learn_free(&l);
		return SP_EXIT_FAIL;
	}
	fd = start(&l, ctx);
	seccomp_release(ctx);
	if (fd < 0) {
		/* a child that exited before its listener appeared */
		if (l.exited && !run_usable(&l, &status))
			rc = status;
		else
			rc = SP_EXIT_FAIL;
		if (rc == SP_EXIT_FAIL && *l.failed == 0)
			fprintf(stderr,
				"scmp_profile learn: cannot start the"
				" command: %s\n",
				strerror(-fd));
		learn_free(&l);
		return rc;
	}
	sync_wakeup(fd);
	rc = supervise(&l, fd);
	close(fd);
	if (rc < 0) {
		learn_free(&l);
		return SP_EXIT_FAIL;
	}
	for (k = 0; k < l.nwatch; k++)
		if (l.watch[k].overflow)
			fprintf(stderr,
				"scmp_profile learn: %s: more than %u"
				" argument values; all allowed\n",
				l.watch[k].name, ARGS_TUPLES_MAX);
	if (run_usable(&l, &status)) {
		rc = add_runtimes(&l, set);
		rc = rc < 0 ? SP_EXIT_FAIL : write_profile(&l, out);
		if (rc == 0)
			rc = status;
	} else {
		rc = status;
	}
	learn_free(&l);
	return rc;
}
