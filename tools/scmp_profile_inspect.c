/* SPDX-License-Identifier: LGPL-2.1-only */
/* scmp_profile inspect: what a running process's seccomp filters really do. */

/*
 *   scmp_profile inspect [--profile PROFILE.json] [--json] [-n MAX]
 *                        [--for runc|crun|none] [--dump DIR] PID
 *
 * Reading. /proc/PID/status says the mode (Seccomp: 0 none, 1 strict, 2
 * filter). In filter mode the tool attaches with PTRACE_SEIZE, stops the
 * process with PTRACE_INTERRUPT and reads every filter with
 * PTRACE_SECCOMP_GET_FILTER (index 0, 1, ... until ENOENT) and its flags
 * with PTRACE_SECCOMP_GET_METADATA, then detaches. The kernel numbers the
 * filters from the OLDEST: index 0 is the first one installed (checked
 * on Linux 6.18; ptrace(2) says the reverse). Both requests need
 * CAP_SYS_ADMIN and a reader that is under no seccomp filter itself.
 *
 * Composing. On every syscall the kernel runs every filter, the newest
 * first, and keeps the result whose action, (int32_t)(ret & 0xffff0000),
 * is the lowest: KILL_PROCESS < KILL_THREAD < TRAP < ERRNO < USER_NOTIF <
 * TRACE < LOG < ALLOW. On a tie the newer filter's result (its data)
 * stays, since a later one must be strictly lower to replace it.
 *
 * Reporting, per ABI the filters test (and this machine's): for every
 * syscall number, each filter is walked knowing only nr and arch
 * (values known or not, joined where paths meet). A filter whose every
 * reachable return gives one value decides by the number alone; one that
 * can return several decides by the arguments (or the instruction
 * pointer). Numbers with the same outcome make one region. The action
 * cache (Linux >= 5.11) is bpf_sim_cache_allow() of every filter. With
 * --profile the stack is compared, for every input, with the profile's
 * program as compile builds it: a Z3 proof by the diff engine (bpf_diff.h).
 */

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <jansson.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bpf_names.h"
#ifdef SP_HAVE_Z3
#include "bpf_diff.h"
#endif
#include "scmp_profile.h"

#ifndef PTRACE_SECCOMP_GET_FILTER
#define PTRACE_SECCOMP_GET_FILTER 0x420c
#endif
#ifndef PTRACE_SECCOMP_GET_METADATA
#define PTRACE_SECCOMP_GET_METADATA 0x420d
#endif

/* Numbers probed past an ABI's last named syscall. */
#define TAIL_SPAN 64u
/* Return values one walk keeps apart before it gives up counting. */
#define WALK_VALUES 8u
/* Differences --profile shows by default. */
#define DEFAULT_MAX 16u
/* Exit status: the process and --profile differ (as diff(1)'s 1, moved). */
#define SP_EXIT_DIFFER 3

/* The argument of PTRACE_SECCOMP_GET_METADATA (linux/ptrace.h). */
struct seccomp_md {
	uint64_t filter_off;
	uint64_t flags;
};

/* One filter read from the process. */
struct filter {
	struct bpf_sim_prog prog;
	uint64_t flags; /* SECCOMP_FILTER_FLAG_*, as the kernel reports */
	bool flags_known;
};

/* The process: its seccomp mode and its filters, oldest first. */
struct target {
	pid_t pid;
	int mode; /* /proc/PID/status "Seccomp:" */
	long status_count;
	struct filter *f;
	unsigned int n;
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
	struct filter *grown;
	long len;
	int rc;

	for (;;) {
		len = ptrace(PTRACE_SECCOMP_GET_FILTER, t->pid,
			     (void *)(unsigned long)t->n, NULL);
		if (len < 0 && errno == ENOENT && t->n > 0)
			return 0;
		if (len <= 0) {
			rc = len < 0 ? errno : EINVAL;
			fprintf(stderr,
				"scmp_profile: cannot read filter %u of process"
				" %d: %s\n",
				t->n, (int)t->pid, refusal(rc));
			return -rc;
		}
		grown = realloc(t->f, (t->n + 1) * sizeof(*t->f));
		buf = calloc((size_t)len, sizeof(*buf));
		if (grown != NULL)
			t->f = grown;
		if (grown == NULL || buf == NULL) {
			free(buf);
			return -ENOMEM;
		}
		memset(&t->f[t->n], 0, sizeof(t->f[t->n]));
		if (ptrace(PTRACE_SECCOMP_GET_FILTER, t->pid,
			   (void *)(unsigned long)t->n, buf) != len) {
			rc = errno;
			free(buf);
			fprintf(stderr,
				"scmp_profile: filter %u of process %d"
				" changed while read: %s\n",
				t->n, (int)t->pid, strerror(rc));
			return -EIO;
		}
		rc = bpf_sim_load_host(&t->f[t->n].prog, buf, (size_t)len,
				       native != NULL ? native->big_endian : 0);
		free(buf);
		if (rc < 0)
			return rc;
		md.filter_off = t->n;
		md.flags = 0;
		/* Linux >= 4.16; the flags are then known */
		if (ptrace(PTRACE_SECCOMP_GET_METADATA, t->pid,
			   (void *)sizeof(md), &md) >= 0) {
			t->f[t->n].flags = md.flags;
			t->f[t->n].flags_known = true;
		}
		t->n++;
	}
}

/*
 * Attaches, reads the filters and detaches. Returns 0, SP_EXIT_BAD (no
 * such process) or SP_EXIT_FAIL, said on stderr.
 */
static int read_target(struct target *t)
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
	for (i = 0; i < t->n; i++) {
		struct bpf_sim_fault why;

		if (bpf_sim_verify(&t->f[i].prog, &why) < 0) {
			fprintf(stderr,
				"scmp_profile: filter %u: instruction %u: %s"
				" (the simulator disagrees with the kernel)\n",
				i, why.pc, bpf_sim_reason_str(why.reason));
			return SP_EXIT_FAIL;
		}
	}
	return 0;
}

/*
 * What one filter does for one syscall number
 */

/* A register or scratch word: a known value or not. */
struct val {
	bool known;
	uint32_t v;
};

/* The state on entry to an instruction, joined over the edges into it. */
struct wstate {
	bool seen;
	struct val a, x, mem[BPF_MEMWORDS];
};

/* The values a filter can return for one (arch, nr). */
struct outcome {
	uint32_t v[WALK_VALUES];
	unsigned int cnt;
	bool unknown; /* a value the walk cannot name (ret A, too many) */
};

static void join_val(struct val *d, const struct val *s)
{
	if (!d->known || !s->known || d->v != s->v)
		d->known = false;
}

static void join(struct wstate *d, const struct wstate *s)
{
	unsigned int i;

	if (!d->seen) {
		*d = *s;
		return;
	}
	join_val(&d->a, &s->a);
	join_val(&d->x, &s->x);
	for (i = 0; i < BPF_MEMWORDS; i++)
		join_val(&d->mem[i], &s->mem[i]);
}

static void outcome_add(struct outcome *o, uint32_t v)
{
	unsigned int i;

	for (i = 0; i < o->cnt; i++)
		if (o->v[i] == v)
			return;
	if (o->cnt == WALK_VALUES)
		o->unknown = true;
	else
		o->v[o->cnt++] = v;
}

/*
 * Every value @prog can return when seccomp_data.arch is @arch and nr is
 * @nr, the rest of the input unknown: a forward pass (jumps only go
 * forward) that follows both sides of a test it cannot decide. It may
 * follow a path no input takes (two tests of one argument that exclude
 * each other), never miss one: a single value is exact.
 */
static int walk(const struct bpf_sim_prog *prog, uint32_t arch, uint32_t nr,
		struct wstate *st, struct outcome *o)
{
	unsigned int pc, t;

	memset(o, 0, sizeof(*o));
	memset(st, 0, (prog->len + 1) * sizeof(*st));
	st[0].seen = true;
	for (unsigned int i = 0; i < BPF_MEMWORDS; i++)
		st[0].mem[i].known = true; /* 0, as the kernel starts them */
	st[0].a.known = st[0].x.known = true;
	for (pc = 0; pc < prog->len; pc++) {
		const struct sock_filter *f = &prog->insns[pc];
		struct wstate s = st[pc];
		struct val src;

		if (!s.seen)
			continue;
		src = BPF_SRC(f->code) == BPF_X ? s.x :
						  (struct val){ true, f->k };
		switch (BPF_CLASS(f->code)) {
		case BPF_RET:
			if (BPF_RVAL(f->code) == BPF_K)
				outcome_add(o, f->k);
			else if (s.a.known)
				outcome_add(o, s.a.v);
			else
				o->unknown = true;
			continue;
		case BPF_JMP:
			if (BPF_OP(f->code) == BPF_JA) {
				join(&st[pc + 1 + f->k], &s);
				continue;
			}
			if (s.a.known && src.known) {
				t = bpf_sim_jump_taken(BPF_OP(f->code), s.a.v,
						       src.v) ?
					    f->jt :
					    f->jf;
				join(&st[pc + 1 + t], &s);
			} else {
				join(&st[pc + 1 + f->jt], &s);
				join(&st[pc + 1 + f->jf], &s);
			}
			continue;
		case BPF_LD:
			if (BPF_MODE(f->code) == BPF_ABS)
				s.a = f->k == 0 ? (struct val){ true, nr } :
				      f->k == 4 ? (struct val){ true, arch } :
						  (struct val){ false, 0 };
			else if (BPF_MODE(f->code) == BPF_IMM)
				s.a = (struct val){ true, f->k };
			else if (BPF_MODE(f->code) == BPF_MEM)
				s.a = s.mem[f->k];
			else if (BPF_MODE(f->code) == BPF_LEN)
				s.a = (struct val){ true, BPF_SIM_DATA_LEN };
			else
				s.a.known = false;
			break;
		case BPF_LDX:
			if (BPF_MODE(f->code) == BPF_IMM)
				s.x = (struct val){ true, f->k };
			else if (BPF_MODE(f->code) == BPF_MEM)
				s.x = s.mem[f->k];
			else if (BPF_MODE(f->code) == BPF_LEN)
				s.x = (struct val){ true, BPF_SIM_DATA_LEN };
			else
				s.x.known = false;
			break;
		case BPF_ST:
			s.mem[f->k] = s.a;
			break;
		case BPF_STX:
			s.mem[f->k] = s.x;
			break;
		case BPF_ALU:
			if ((BPF_OP(f->code) == BPF_DIV ||
			     BPF_OP(f->code) == BPF_MOD) &&
			    (!src.known || src.v == 0)) {
				/* a division by 0 returns 0 (KILL_THREAD) */
				outcome_add(o, 0);
				if (src.known)
					continue;
			}
			if (s.a.known &&
			    (src.known || BPF_OP(f->code) == BPF_NEG))
				s.a.v = bpf_sim_alu(BPF_OP(f->code), s.a.v,
						    src.v);
			else
				s.a.known = false;
			break;
		case BPF_MISC:
			if (BPF_MISCOP(f->code) == BPF_TAX)
				s.x = s.a;
			else
				s.a = s.x;
			break;
		}
		join(&st[pc + 1], &s);
	}
	return 0;
}

/*
 * The stack's outcome for one (arch, nr)
 */

/* What the whole stack does for one syscall number. */
struct cell {
	uint32_t action; /* with every argument and the ip 0 */
	int decider;	 /* that run's deciding filter, -1 if all allow */
	uint64_t args;	 /* filters whose arguments can change it (bit i) */
	uint32_t alt[WALK_VALUES]; /* other results the arguments can give */
	unsigned int alt_cnt;
	bool cached; /* every filter is always ALLOW for it */
};

/* Runs every filter on @d as the kernel does: the result and its filter. */
static uint32_t run_stack(struct target *t, const struct seccomp_data *d,
			  int *decider)
{
	struct bpf_sim_result res;
	uint32_t ret = SECCOMP_RET_ALLOW;
	unsigned int i;

	*decider = -1;
	for (i = t->n; i-- > 0;) {
		/*
		 * Verified when read, so a run cannot fail; if one did, the
		 * filter counts as killing rather than as absent.
		 */
		if (bpf_sim_run(&t->f[i].prog, d, &res) < 0)
			res.action = SECCOMP_RET_KILL_PROCESS;
		if (bpf_sim_action_rank(res.action) <
		    bpf_sim_action_rank(ret)) {
			ret = res.action;
			*decider = (int)i;
		}
	}
	return ret;
}

static void alt_add(struct cell *c, uint32_t v)
{
	unsigned int i;

	if (v == c->action)
		return;
	for (i = 0; i < c->alt_cnt; i++)
		if (c->alt[i] == v)
			return;
	if (c->alt_cnt < WALK_VALUES)
		c->alt[c->alt_cnt++] = v;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

/*
 * One syscall number of one arch value. A filter that can return several
 * values matters only if one of them could beat what the filters that
 * decide by number alone give; the alternatives listed are those values
 * (an over-approximation: which combinations occur is the prover's job).
 */
static int eval_cell(struct target *t, uint32_t arch, uint32_t nr, bool cache,
		     struct wstate *st, struct cell *c)
{
	struct seccomp_data d = { .nr = (int)nr, .arch = arch };
	uint32_t fixed = SECCOMP_RET_ALLOW;
	int fixed_by = -1;
	struct outcome *o;
	unsigned int i, k;

	memset(c, 0, sizeof(*c));
	o = calloc(t->n ? t->n : 1, sizeof(*o));
	if (o == NULL)
		return -ENOMEM;
	c->action = run_stack(t, &d, &c->decider);
	c->cached = cache && t->n > 0;
	for (i = t->n; i-- > 0;) {
		walk(&t->f[i].prog, arch, nr, st, &o[i]);
		if (cache && bpf_sim_cache_allow(&t->f[i].prog, arch, nr) != 1)
			c->cached = false;
		if (o[i].cnt == 1 && !o[i].unknown &&
		    bpf_sim_action_rank(o[i].v[0]) <
			    bpf_sim_action_rank(fixed)) {
			fixed = o[i].v[0];
			fixed_by = (int)i;
		}
	}
	for (i = 0; i < t->n; i++) {
		bool matters = o[i].unknown;

		if (o[i].cnt == 1 && !o[i].unknown)
			continue;
		for (k = 0; k < o[i].cnt; k++) {
			/* lower wins; a tie goes to the newer filter */
			if (bpf_sim_action_rank(o[i].v[k]) <
				    bpf_sim_action_rank(fixed) ||
			    (bpf_sim_action_rank(o[i].v[k]) ==
				     bpf_sim_action_rank(fixed) &&
			     (int)i > fixed_by && o[i].v[k] != fixed)) {
				matters = true;
				alt_add(c, o[i].v[k]);
			}
		}
		if (matters) {
			c->args |= 1ull << (i < 63 ? i : 63);
			alt_add(c, fixed);
		}
	}
	qsort(c->alt, c->alt_cnt, sizeof(c->alt[0]), cmp_u32);
	free(o);
	return 0;
}

static bool cell_eq(const struct cell *a, const struct cell *b)
{
	return a->action == b->action && a->decider == b->decider &&
	       a->args == b->args && a->cached == b->cached &&
	       a->alt_cnt == b->alt_cnt &&
	       memcmp(a->alt, b->alt, a->alt_cnt * sizeof(a->alt[0])) == 0;
}

/*
 * The report
 */

struct opts {
	const char *profile;
	const char *dump; /* --dump DIR, or NULL */
	unsigned int set; /* --for: SP_FOR_RUNC, SP_FOR_CRUN or 0 */
	struct sp_resolve r;
	bool json;
	unsigned int max;
};

/* The ABIs to report: this machine's and those the filters test. */
static unsigned int report_abis(struct target *t,
				const struct bpf_sim_arch **out, size_t max)
{
	const struct bpf_sim_arch *native = bpf_sim_arch_native(), *a;
	uint32_t tokens[64];
	unsigned int n = 0, i, k;
	int cnt;
	size_t j;

	if (native != NULL)
		out[n++] = native;
	for (i = 0; i < t->n; i++) {
		cnt = bpf_sim_arch_tokens(&t->f[i].prog, tokens, 64);
		for (k = 0; cnt > 0 && k < (unsigned int)cnt && k < 64; k++)
			for (j = 0; (a = bpf_sim_arch_get(j)) != NULL; j++) {
				unsigned int m;

				if (a->data_arch != tokens[k] ||
				    (native != NULL &&
				     a->big_endian != native->big_endian))
					continue;
				for (m = 0; m < n && out[m] != a; m++)
					;
				if (m == n && n < max)
					out[n++] = a;
			}
	}
	return n;
}

/* Whether the kernel consults its action cache for an ABI's calls. */
static bool abi_cached(const struct bpf_sim_arch *a)
{
	/* the native ABI and its compat one; never x32 (its number bit) */
	static const char *const pairs[][2] = {
		{ "x86_64", "x86" },
		{ "aarch64", "arm" },
		{ "s390x", "s390" },
		{ "ppc64", "ppc" },
		{ "mips64", "mips" },
		{ "mipsel64", "mipsel" },
		{ "riscv64", "riscv64" },
		{ "ppc64le", "ppc64le" },
		{ "loongarch64", "loongarch64" },
	};
	const struct bpf_sim_arch *n = bpf_sim_arch_native();
	size_t i;

	if (n == NULL)
		return false;
	for (i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++)
		if (strcmp(n->name, pairs[i][0]) == 0)
			return a == n || strcmp(a->name, pairs[i][1]) == 0;
	return a == n;
}

static void action_name(uint32_t v, char *buf, size_t size)
{
	bpf_sim_action_str(v, buf, size);
}

static char *filter_label(const struct cell *c, char *buf, size_t size)
{
	if (c->decider < 0)
		snprintf(buf, size, "all allow");
	else
		snprintf(buf, size, "filter %d", c->decider);
	return buf;
}

static json_t *flags_json(const struct filter *f)
{
	json_t *a = json_array();

	if (!f->flags_known)
		return json_null();
	if (f->flags & SECCOMP_FILTER_FLAG_LOG)
		json_array_append_new(a, json_string("LOG"));
	if (f->flags & ~(uint64_t)SECCOMP_FILTER_FLAG_LOG) {
		char hex[32];

		snprintf(hex, sizeof(hex), "0x%" PRIx64,
			 f->flags & ~(uint64_t)SECCOMP_FILTER_FLAG_LOG);
		json_array_append_new(a, json_string(hex));
	}
	return a;
}

/* One region of numbers with the same cell. */
static void region_text(const struct bpf_sim_arch *a, uint32_t lo, uint32_t hi,
			const struct cell *c, unsigned int named,
			const char *first, const char *last)
{
	uint32_t off = a->nr_base & BPF_SIM_X32_BIT;
	char num[32], names[96], act[128], who[64];
	size_t n;
	unsigned int i;

	if (lo == hi)
		snprintf(num, sizeof(num), "%u", lo - off);
	else
		snprintf(num, sizeof(num), "%u-%u", lo - off, hi - off);
	if (named == 1)
		snprintf(names, sizeof(names), "%s", first);
	else
		snprintf(names, sizeof(names), "%s .. %s (%u)", first, last,
			 named);
	action_name(c->action, act, sizeof(act));
	for (i = 0; i < c->alt_cnt; i++) {
		n = strlen(act);
		snprintf(act + n, sizeof(act) - n, " or ");
		action_name(c->alt[i], act + n + 4, sizeof(act) - n - 4);
	}
	if (c->args) {
		n = (size_t)snprintf(who, sizeof(who), "by arguments: filter");
		for (i = 0; i < 64 && n < sizeof(who); i++)
			if (c->args & (1ull << i))
				n += (size_t)snprintf(who + n, sizeof(who) - n,
						      " %u%s", i,
						      i == 63 ? "+" : "");
	} else {
		filter_label(c, who, sizeof(who));
	}
	printf("  %-11s %-40s %-16s %s%s\n", num, names, act, who,
	       c->cached ? "; cached" : "");
}

/* Numbers no syscall has, by outcome: one line each. */
struct holes {
	struct cell c[8];
	unsigned int cnt[8];
	uint32_t example[8];
	unsigned int n, more;
};

static void holes_add(struct holes *h, const struct cell *c, uint32_t nr)
{
	unsigned int i;

	for (i = 0; i < h->n; i++)
		if (cell_eq(&h->c[i], c)) {
			h->cnt[i]++;
			return;
		}
	if (h->n == 8) {
		h->more++;
		return;
	}
	h->c[h->n] = *c;
	h->cnt[h->n] = 1;
	h->example[h->n++] = nr;
}

static json_t *region_json(uint32_t lo, uint32_t hi, const struct cell *c,
			   json_t *names)
{
	json_t *r = json_object(), *alt = json_array(), *by = json_array();
	char act[32];
	unsigned int i;

	action_name(c->action, act, sizeof(act));
	json_object_set_new(r, "first", json_integer(lo));
	json_object_set_new(r, "last", json_integer(hi));
	json_object_set_new(r, "action", json_string(act));
	json_object_set_new(r, "value", json_integer(c->action));
	json_object_set_new(r, "filter",
			    c->decider < 0 ? json_null() :
					     json_integer(c->decider));
	for (i = 0; i < 64; i++)
		if (c->args & (1ull << i))
			json_array_append_new(by, json_integer(i));
	for (i = 0; i < c->alt_cnt; i++) {
		action_name(c->alt[i], act, sizeof(act));
		json_array_append_new(alt, json_string(act));
	}
	json_object_set_new(r, "by_arguments", by);
	json_object_set_new(r, "also", alt);
	json_object_set_new(r, "cached", json_boolean(c->cached));
	json_object_set_new(r, "syscalls", names);
	return r;
}

/* The highest number an ABI names, or its base. */
static uint32_t abi_last(const struct bpf_sim_arch *a)
{
	uint32_t nr, last = a->nr_base;
	char *name;

	for (nr = a->nr_base; nr < a->nr_base + 1024; nr++) {
		name = seccomp_syscall_resolve_num_arch(a->token, (int)nr);
		if (name != NULL)
			last = nr;
		free(name);
	}
	return last;
}

/* The region being built: consecutive named syscalls, one outcome. */
struct region {
	bool open;
	uint32_t lo, hi;
	struct cell c;
	unsigned int named;
	char *first, *last;
	json_t *names;
};

static void region_flush(const struct bpf_sim_arch *a, struct region *g,
			 json_t *regions)
{
	if (!g->open)
		return;
	if (regions != NULL)
		json_array_append_new(
			regions, region_json(g->lo, g->hi, &g->c, g->names));
	else
		region_text(a, g->lo, g->hi, &g->c, g->named, g->first,
			    g->last);
	free(g->first);
	free(g->last);
	memset(g, 0, sizeof(*g));
}

static void holes_report(const struct bpf_sim_arch *a, const struct holes *h,
			 json_t *ja)
{
	uint32_t off = a->nr_base & BPF_SIM_X32_BIT;
	char act[32], who[32];
	json_t *arr = ja != NULL ? json_array() : NULL;
	unsigned int i;

	for (i = 0; i < h->n; i++) {
		action_name(h->c[i].action, act, sizeof(act));
		if (arr != NULL) {
			json_t *r = region_json(h->example[i], h->example[i],
						&h->c[i], json_array());

			json_object_del(r, "first");
			json_object_del(r, "last");
			json_object_del(r, "syscalls");
			json_object_set_new(r, "numbers",
					    json_integer(h->cnt[i]));
			json_object_set_new(r, "example",
					    json_integer(h->example[i]));
			json_array_append_new(arr, r);
			continue;
		}
		printf("  numbers no syscall has: %s, %s%s (%u numbers, e.g."
		       " %u)\n",
		       act,
		       h->c[i].args ? "by arguments" :
				      filter_label(&h->c[i], who, sizeof(who)),
		       h->c[i].cached ? "; cached" : "", h->cnt[i],
		       h->example[i] - off);
	}
	if (arr != NULL)
		json_object_set_new(ja, "other_numbers", arr);
}

/*
 * One ABI: its syscalls in regions, the numbers between and after them
 * (up to TAIL_SPAN past the last), and its action cache.
 */
static int report_abi(struct target *t, const struct bpf_sim_arch *a, bool json,
		      json_t *abis)
{
	uint32_t end = abi_last(a) + TAIL_SPAN, nr;
	bool cache = abi_cached(a);
	struct wstate *st = NULL;
	struct region g = { 0 };
	struct holes h = { 0 };
	struct cell c;
	unsigned int allowed = 0, cached = 0, total = 0;
	json_t *ja = NULL, *regions = NULL;
	size_t longest = 1;
	unsigned int i;
	char *name;
	int rc = 0;

	for (i = 0; i < t->n; i++)
		longest =
			t->f[i].prog.len > longest ? t->f[i].prog.len : longest;
	st = calloc(longest + 1, sizeof(*st));
	if (st == NULL)
		return -ENOMEM;
	if (json) {
		ja = json_object();
		regions = json_array();
		json_object_set_new(ja, "name", json_string(a->name));
		json_object_set_new(ja, "arch", json_integer(a->data_arch));
		json_object_set_new(ja, "regions", regions);
		json_array_append_new(abis, ja);
	} else {
		printf("\n%s (arch 0x%08x%s):\n", a->name, a->data_arch,
		       a->nr_base & BPF_SIM_X32_BIT ?
			       "; numbers without the x32 bit" :
			       "");
	}
	for (nr = a->nr_base; nr < end; nr++) {
		rc = eval_cell(t, a->data_arch, nr, cache, st, &c);
		if (rc < 0)
			break;
		name = seccomp_syscall_resolve_num_arch(a->token, (int)nr);
		if (name == NULL) {
			holes_add(&h, &c, nr);
			continue;
		}
		total++;
		allowed += c.action == SECCOMP_RET_ALLOW && !c.args;
		cached += c.cached;
		if (g.open && !cell_eq(&g.c, &c))
			region_flush(a, &g, regions);
		if (!g.open) {
			g.open = true;
			g.lo = nr;
			g.c = c;
			g.first = strdup(name);
			g.names = json ? json_array() : NULL;
		}
		g.hi = nr;
		g.named++;
		if (g.names != NULL)
			json_array_append_new(g.names, json_string(name));
		free(g.last);
		g.last = name;
	}
	region_flush(a, &g, regions);
	free(st);
	if (rc < 0)
		return rc;
	holes_report(a, &h, ja);
	if (json) {
		json_object_set_new(ja, "syscalls", json_integer(total));
		json_object_set_new(ja, "always_allowed",
				    json_integer(allowed));
		json_object_set_new(ja, "cached",
				    cache ? json_integer(cached) : json_null());
	} else if (t->n == 0) {
		printf("  action cache: no filter runs\n");
	} else if (cache) {
		printf("  action cache: %u of %u syscalls always allowed:"
		       " the kernel runs no filter for them\n",
		       cached, total);
	} else {
		printf("  action cache: the kernel keeps none for this ABI\n");
	}
	return 0;
}

/* Any arch value none of the ABIs above has: one line. */
static void report_other(struct target *t, bool json, json_t *root)
{
	struct seccomp_data d = { .nr = 0, .arch = 0 };
	char act[32];
	int who;
	uint32_t v = run_stack(t, &d, &who);

	action_name(v, act, sizeof(act));
	if (json) {
		json_object_set_new(
			root, "other_arch",
			json_pack("{s:s, s:o}", "action", act, "filter",
				  who < 0 ? json_null() : json_integer(who)));
		return;
	}
	if (who < 0)
		printf("\nother arch values (arch 0, nr 0 run): %s, all allow\n",
		       act);
	else
		printf("\nother arch values (arch 0, nr 0 run): %s, filter %d\n",
		       act, who);
}

/*
 * The proof against a profile: the diff engine (bpf_diff.h) with the
 * process's stack as the old side and the profile's one program as the
 * new. The engine's stacks run index 0 first and keep its value on a
 * tie, so the filters go in newest first; a process without filters is
 * a stack of one program that allows everything.
 */
#ifdef SP_HAVE_Z3
struct diff_out {
	struct target *t;
	json_t *json; /* NULL: text */
	unsigned int cnt;
};

static void cond_text(const struct bpf_diff_cond *c, char *buf, size_t size)
{
	static const char *const ops[] = { "==", "!=", ">=", "<=" };
	char field[8];

	if (c->field == BPF_DIFF_IP)
		snprintf(field, sizeof(field), "ip");
	else
		snprintf(field, sizeof(field), "a%u", c->field);
	if (c->mask == ~0ull)
		snprintf(buf, size, "%s %s 0x%llx", field, ops[c->op],
			 (unsigned long long)c->value);
	else
		snprintf(buf, size, "%s & 0x%llx %s 0x%llx", field,
			 (unsigned long long)c->mask, ops[c->op],
			 (unsigned long long)c->value);
}

/* A region in words: "x86_64 uname (63)", "x86 457-471 statmount .. (15)". */
static void where_text(const struct bpf_diff_region *r, char *buf, size_t size)
{
	const char *abi = r->abi != NULL ? r->abi->name : NULL;
	uint32_t off = r->abi != NULL ? r->abi->nr_base & BPF_SIM_X32_BIT : 0;
	const char *names[64];
	unsigned int i, n;
	size_t len;

	if (r->other_arch)
		len = (size_t)snprintf(buf, size, "arch values of no ABI");
	else if (abi == NULL)
		len = (size_t)snprintf(buf, size, "arch 0x%08x", r->arch);
	else
		len = (size_t)snprintf(buf, size, "%s", abi);
	if (r->kind == BPF_DIFF_WHOLE_ABI || r->other_arch) {
		snprintf(buf + len, size - len, ": every call differs");
		return;
	}
	n = abi != NULL ? bpf_names_range(abi, r->nr_lo, r->nr_hi, names, 64) :
			  0;
	if (r->nr_lo == r->nr_hi)
		len += (size_t)snprintf(buf + len, size - len, " %s (%d)",
					n ? names[0] : "syscall",
					(int)r->nr_lo);
	else if (r->nr_hi == ~0u || r->nr_hi - r->nr_lo > 0x10000)
		len += (size_t)snprintf(buf + len, size - len,
					" numbers %u and up", r->nr_lo - off);
	else if (n == 0 || n > 64)
		len += (size_t)snprintf(buf + len, size - len,
					" %u-%u (%u named)", r->nr_lo - off,
					r->nr_hi - off, n);
	else if (n == 1)
		len += (size_t)snprintf(buf + len, size - len, " %u-%u %s",
					r->nr_lo - off, r->nr_hi - off,
					names[0]);
	else
		len += (size_t)snprintf(buf + len, size - len,
					" %u-%u %s .. %s (%u)", r->nr_lo - off,
					r->nr_hi - off, names[0], names[n - 1],
					n);
	for (i = 0; i < r->cond_cnt && len < size; i++) {
		char c[96];

		cond_text(&r->cond[i], c, sizeof(c));
		len += (size_t)snprintf(buf + len, size - len, "%s%s",
					i ? ", " : " when ", c);
	}
	if (r->kind == BPF_DIFF_SAMPLE && len < size)
		snprintf(buf + len, size - len, " (one input of it)");
}

static int diff_found(const struct bpf_diff_region *r, void *arg)
{
	struct diff_out *o = arg;
	char where[512], a1[32], a2[32];
	int who;

	run_stack(o->t, &r->example, &who);
	where_text(r, where, sizeof(where));
	action_name(r->action[0], a1, sizeof(a1));
	action_name(r->action[1], a2, sizeof(a2));
	o->cnt++;
	if (o->json != NULL) {
		json_array_append_new(
			o->json,
			json_pack("{s:s, s:s, s:s, s:o, s:s, s:I, s:I}", "kind",
				  r->kind == BPF_DIFF_REGION	? "region" :
				  r->kind == BPF_DIFF_WHOLE_ABI ? "whole_abi" :
								  "sample",
				  "input", where, "process", a1, "filter",
				  who < 0 ? json_null() : json_integer(who),
				  "profile", a2, "nr_lo", (json_int_t)r->nr_lo,
				  "nr_hi", (json_int_t)r->nr_hi));
		return 0;
	}
	if (who < 0)
		printf("  %s: process %s (all allow), profile %s\n", where, a1,
		       a2);
	else
		printf("  %s: process %s (filter %d), profile %s\n", where, a1,
		       who, a2);
	return 0;
}

/*
 * Every difference, up to @max (0: all). Returns the count (plus one if
 * more are left), or -errno.
 */
static int prove_diff(struct target *t, struct bpf_sim_prog *prof,
		      unsigned int max, json_t *jdiff)
{
	static const struct sock_filter allow =
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
	struct bpf_sim_prog none = { 0 }, *progs;
	struct bpf_diff_stack old, new = { prof, 1 };
	struct diff_out o = { t, jdiff, 0 };
	struct bpf_diff_opts opts = { .max = max,
				      .found = diff_found,
				      .arg = &o };
	unsigned int i;
	bool more = false;
	int rc;

	progs = calloc(t->n ? t->n : 1, sizeof(*progs));
	if (progs == NULL)
		return -ENOMEM;
	for (i = 0; i < t->n; i++)
		progs[i] = t->f[t->n - 1 - i].prog;
	old.prog = progs;
	old.cnt = t->n;
	if (t->n == 0) {
		rc = bpf_sim_load_host(&none, &allow, 1, prof->big_endian);
		if (rc < 0)
			goto out;
		progs[0] = none;
		old.cnt = 1;
	}
	rc = bpf_diff_run(&old, &new, &opts, &more);
	if (rc >= 0 && more && jdiff == NULL)
		printf("  (more differences: -n 0 shows them all)\n");
	if (rc >= 0 && more)
		rc++;
out:
	bpf_sim_free(&none);
	free(progs);
	return rc;
}
#endif

static const char *mode_name(int mode)
{
	return mode == 0 ? "none" :
	       mode == 1 ? "strict" :
	       mode == 2 ? "filter" :
			   "unknown";
}

/* The profile's program; SP_EXIT_* on failure, said on stderr. */
static int profile_prog(const struct opts *o, struct bpf_sim_prog *prog)
{
	struct profile p;
	scmp_filter_ctx ctx = NULL;
	void *raw = NULL;
	size_t len = 0;
	int rc;

	if (sp_for_check(&o->r, o->set) != 0)
		return SP_EXIT_BAD;
	rc = sp_filter(o->profile, &o->r, &p, &ctx);
	if (rc == 0)
		rc = sp_for_compile(ctx, &p, o->set);
	if (rc == 0)
		rc = sp_program(ctx, &p, prog, &raw, &len);
	free(raw);
	seccomp_release(ctx);
	profile_free(&p);
	return rc;
}

static int report(struct target *t, const struct opts *o)
{
	const struct bpf_sim_arch *abis[64];
	json_t *root = NULL, *jf = NULL, *ja = NULL, *jdiff = NULL;
	struct bpf_sim_prog prof = { 0 };
	unsigned int n, i;
	int rc = 0, diffs = 0;

	if (o->profile != NULL && t->mode == 1) {
		fprintf(stderr, "scmp_profile: --profile: strict mode is no"
				" filter to compare\n");
		return SP_EXIT_FAIL;
	}
	if (o->profile != NULL) {
#ifdef SP_HAVE_Z3
		rc = profile_prog(o, &prof);
		if (rc != 0)
			return rc;
#else
		fprintf(stderr, "scmp_profile: --profile needs Z3: this"
				" scmp_profile was built without it\n");
		return SP_EXIT_FAIL;
#endif
	}
	if (o->json) {
		root = json_object();
		jf = json_array();
		ja = json_array();
		json_object_set_new(root, "pid", json_integer(t->pid));
		json_object_set_new(root, "mode",
				    json_string(mode_name(t->mode)));
		json_object_set_new(root, "filters", jf);
		json_object_set_new(root, "abis", ja);
	} else {
		printf("process %d: seccomp mode %s", (int)t->pid,
		       mode_name(t->mode));
		if (t->mode == 2)
			printf(", %u filter%s (index 0 installed first; the"
			       " newest runs first and wins ties)",
			       t->n, t->n == 1 ? "" : "s");
		/* Seccomp_filters (Linux 5.9+) counts them too */
		if (t->mode == 2 && t->status_count >= 0 &&
		    t->status_count != (long)t->n)
			printf("; /proc/%d/status says %ld: the stack changed"
			       " while read",
			       (int)t->pid, t->status_count);
		printf("\n");
	}
	if (t->mode == 1 && !o->json)
		printf("strict mode: read, write, exit and rt_sigreturn only;"
		       " any other call kills the thread (SIGKILL)\n");
	if (t->mode == 0 && !o->json)
		printf("no filter: the kernel allows every syscall\n");
	for (i = 0; i < t->n; i++) {
		const struct filter *f = &t->f[i];
		json_t *fl = flags_json(f);

		if (o->json) {
			json_array_append_new(
				jf, json_pack("{s:i, s:i, s:o}", "index", i,
					      "instructions", f->prog.len,
					      "flags", fl));
			continue;
		}
		printf("filter %u: %u instructions, flags: ", i, f->prog.len);
		if (!json_is_array(fl))
			printf("unknown (no PTRACE_SECCOMP_GET_METADATA)");
		else if (json_array_size(fl) == 0)
			printf("none");
		for (size_t k = 0; json_is_array(fl) && k < json_array_size(fl);
		     k++)
			printf("%s%s", k ? "," : "",
			       json_string_value(json_array_get(fl, k)));
		printf("\n");
		json_decref(fl);
	}
	if (t->mode != 1) {
		n = report_abis(t, abis, 64);
		for (i = 0; i < n && rc == 0; i++)
			rc = report_abi(t, abis[i], o->json, ja);
		if (rc == 0)
			report_other(t, o->json, root);
	}
	if (rc == 0 && o->profile != NULL) {
#ifdef SP_HAVE_Z3
		if (o->json)
			jdiff = json_array();
		else
			printf("\nagainst %s (every input, proved):\n",
			       o->profile);
		diffs = prove_diff(t, &prof, o->max, jdiff);
		if (diffs < 0) {
			fprintf(stderr, "scmp_profile: no proof: %s\n",
				diffs == -ETIME ? "the solver gave up" :
						  strerror(-diffs));
			rc = SP_EXIT_FAIL;
			json_decref(jdiff);
			goto out;
		}
		if (o->json) {
			json_object_set_new(root, "profile",
					    json_string(o->profile));
			json_object_set_new(root, "equivalent",
					    json_boolean(diffs == 0));
			json_object_set_new(root, "differences", jdiff);
		} else if (diffs == 0) {
			printf("  equivalent: no input makes them return"
			       " different values\n");
		}
#endif
	}
	if (rc == 0 && o->json) {
		json_dumpf(root, stdout, JSON_INDENT(1));
		printf("\n");
	}
	if (rc == 0 && fflush(stdout) != 0)
		rc = SP_EXIT_FAIL;
	if (rc < 0) {
		fprintf(stderr, "scmp_profile: %s\n", strerror(-rc));
		rc = SP_EXIT_FAIL;
	}
	if (rc == 0 && diffs > 0)
		rc = SP_EXIT_DIFFER;
out:
	json_decref(root);
	bpf_sim_free(&prof);
	return rc;
}

/*
 * --dump
 */

/*
 * Makes @dir (if it is not there) and checks it takes files, before the
 * process is traced. Returns 0; SP_EXIT_FAIL, said on stderr.
 */
static int dump_prepare(const char *dir)
{
	struct stat st;

	if (mkdir(dir, 0777) != 0 && errno != EEXIST)
		goto fail;
	if (stat(dir, &st) != 0)
		goto fail;
	errno = ENOTDIR;
	if (!S_ISDIR(st.st_mode) || access(dir, W_OK | X_OK) != 0)
		goto fail;
	return 0;
fail:
	fprintf(stderr, "scmp_profile: --dump %s: %s\n", dir, strerror(errno));
	return SP_EXIT_FAIL;
}

/*
 * Writes filter N as @dir/filter-N.bpf, its instructions as the kernel
 * holds them (this machine's byte order, as seccomp_export_bpf() writes):
 * the input of scmp_bpf_disasm, scmp_bpf_sim and scmp_bpf_diff. Returns
 * 0; SP_EXIT_FAIL, said on stderr.
 */
static int dump_filters(const struct target *t, const char *dir)
{
	struct sp_output o;
	char *path;
	unsigned int i;
	size_t size = strlen(dir) + 32;
	int rc = 0;

	if (t->n == 0)
		fprintf(stderr,
			"scmp_profile: --dump: process %d has no"
			" filter: nothing written\n",
			(int)t->pid);
	path = malloc(size);
	if (path == NULL) {
		fprintf(stderr, "scmp_profile: %s\n", strerror(ENOMEM));
		return SP_EXIT_FAIL;
	}
	for (i = 0; i < t->n && rc == 0; i++) {
		snprintf(path, size, "%s/filter-%u.bpf", dir, i);
		rc = sp_output_open(&o, path);
		if (rc != 0)
			break;
		fwrite(t->f[i].prog.insns, sizeof(t->f[i].prog.insns[0]),
		       t->f[i].prog.len, o.f);
		rc = sp_output_commit(&o);
	}
	free(path);
	return rc;
}

static const char inspect_synopsis[] =
	"usage: scmp_profile inspect [OPTIONS] [--profile PROFILE.json]"
	" [--json] [-n MAX]\n"
	"                            [--for runc|crun|none] [--dump DIR] PID\n";

const char sp_inspect_help[] =
	"inspect (a running process's filters; root):\n"
	"  --profile FILE     prove the process's filters equal FILE's, or"
	" show inputs\n"
	"                     where they differ (exit 3; needs Z3); the"
	" profile\n"
	"                     options above say how FILE is compiled\n"
	"  --for runc|crun|none  compile FILE with that runtime's verdicts,"
	" as compile\n"
	"                     --for does (a runc container: runc)\n"
	"  --json             the report as JSON\n"
	"  -n, --max MAX      show at most MAX differences (default 16; 0:"
	" all)\n"
	"  --dump DIR         also write each filter as DIR/filter-N.bpf (N:"
	" its index),\n"
	"                     for scmp_bpf_disasm, scmp_bpf_sim and"
	" scmp_bpf_diff\n"
	"  -h, --help         this help\n";

static int inspect_usage(void)
{
	fprintf(stderr, "%sSee scmp_profile inspect --help.\n",
		inspect_synopsis);
	return SP_EXIT_BAD;
}

int inspect_main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		SP_RESOLVE_OPTIONS,
		{ "profile", required_argument, NULL, 'p' },
		{ "json", no_argument, NULL, 'j' },
		{ "max", required_argument, NULL, 'n' },
		{ "dump", required_argument, NULL, 'D' },
		{ "for", required_argument, NULL, 'R' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct target t = { 0 };
	struct opts o = { .max = DEFAULT_MAX };
	unsigned long v;
	char *end;
	int c, rc;
	unsigned int i;

	sp_resolve_init(&o.r);
	while ((c = getopt_long(argc, argv, "n:qh", longopts, NULL)) != -1) {
		rc = sp_resolve_option(&o.r, c, optarg);
		if (rc == 1)
			continue;
		if (rc != 0)
			return rc;
		switch (c) {
		case 'p':
			o.profile = optarg;
			break;
		case 'j':
			o.json = true;
			break;
		case 'D':
			o.dump = optarg;
			break;
		case 'R':
			if (sp_for_one("inspect", optarg, &o.set) != 0)
				return SP_EXIT_BAD;
			break;
		case 'h':
			printf("%s\n%s%s", inspect_synopsis, sp_resolve_help,
			       sp_inspect_help);
			return fflush(stdout) != 0 ? SP_EXIT_FAIL : 0;
		case 'n':
			errno = 0;
			v = strtoul(optarg, &end, 10);
			if (errno != 0 || *end != '\0' || *optarg == '-' ||
			    *optarg == '\0' || v > 1000000) {
				fprintf(stderr,
					"scmp_profile: -n: not a count: %s\n",
					optarg);
				return SP_EXIT_BAD;
			}
			o.max = (unsigned int)v;
			break;
		default:
			return inspect_usage();
		}
	}
	if (optind != argc - 1)
		return inspect_usage();
	errno = 0;
	v = strtoul(argv[optind], &end, 10);
	if (errno != 0 || *end != '\0' || argv[optind][0] < '1' ||
	    argv[optind][0] > '9' || v > 0x7fffffff) {
		fprintf(stderr, "scmp_profile: not a process id: %s\n",
			argv[optind]);
		return SP_EXIT_BAD;
	}
	t.pid = (pid_t)v;
	rc = o.dump != NULL ? dump_prepare(o.dump) : 0;
	if (rc == 0)
		rc = read_target(&t);
	if (rc == 0 && o.dump != NULL)
		rc = dump_filters(&t, o.dump);
	if (rc == 0)
		rc = report(&t, &o);
	for (i = 0; i < t.n; i++)
		bpf_sim_free(&t.f[i].prog);
	free(t.f);
	return rc;
}
