/* SPDX-License-Identifier: LGPL-2.1-only */
/* 55-live-levels: each forced API level's refusals and seccomp(2) flags. */

/*
 * seccomp_api_set(n) makes the library behave as on a kernel of level n.
 * For every level 1..7 and a set of attribute combinations, a child builds
 * a filter, loads it twice and we check, from a record of the library's
 * seccomp(2) and prctl(2) calls (live_sysrec.c):
 *  - level 1 loads with prctl(PR_SET_SECCOMP) and passes no flags;
 *  - from level 2, seccomp(SET_MODE_FILTER) gets exactly the flags
 *    libseccomp passes: TSYNC (+TSYNC_ESRCH from level 6 while no listener
 *    exists), LOG, SPEC_ALLOW, NEW_LISTENER for a NOTIFY filter from level
 *    5 and only once per process, WAIT_KILLABLE_RECV with a new listener;
 *  - NO_NEW_PRIVS is set first;
 *  - the kernel took the filter: it is in force and /proc counts it;
 *  - what each level refuses: attributes (-EOPNOTSUPP), actions in
 *    seccomp_init (NULL), rules and the bad-arch action (-EINVAL).
 * The expected flags follow libseccomp's rules as observed with Debian's
 * 2.5.4 (levels 1-6) and documented for 2.6 (WAITKILL, level 7).
 * Also: TSYNC with a new listener below level 6, the global reset keeping
 * a forced level, and SSB's effect where the kernel mitigates through
 * seccomp. Exit 77 without filters, or on a kernel below level 7.
 */

#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <sys/prctl.h>
#include <sys/syscall.h>

#include <seccomp.h>

#include "live_sysrec.h"
#include "live_util.h"

#ifndef SECCOMP_FILTER_FLAG_TSYNC_ESRCH
#define SECCOMP_FILTER_FLAG_TSYNC_ESRCH (1UL << 4)
#endif
#ifndef SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV
#define SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV (1UL << 5)
#endif

#define VICTIM __NR_getppid
#define NO_LOAD (~0UL)

enum { TSYNC = 1, LOG = 2, SSB = 4, WAITKILL = 8, NOTIFY = 16, ALL = 31 };

struct setup {
	unsigned int level;
	unsigned int want; /* what the filter asks for */
};

/* The level that first has a feature, as libseccomp counts. */
static unsigned int level_of(unsigned int attr)
{
	switch (attr) {
	case TSYNC:
		return 2;
	case LOG:
		return 3;
	case SSB:
		return 4;
	case NOTIFY:
		return 5;
	}
	return 1; /* WAITKILL: never checked when set */
}

/*
 * The flags libseccomp passes for a filter asking @want at @level, when
 * the process has a listener already or not.
 */
static unsigned long expected_flags(unsigned int level, unsigned int want,
				    bool listener)
{
	unsigned long flags = 0;

	if (level < 2)
		return 0;
	if (want & TSYNC)
		flags |= SECCOMP_FILTER_FLAG_TSYNC;
	if ((want & TSYNC) && level >= 6 && !listener)
		flags |= SECCOMP_FILTER_FLAG_TSYNC_ESRCH;
	if ((want & LOG) && level >= 3)
		flags |= SECCOMP_FILTER_FLAG_LOG;
	if ((want & SSB) && level >= 4)
		flags |= SECCOMP_FILTER_FLAG_SPEC_ALLOW;
	if ((want & NOTIFY) && level >= 5 && !listener) {
		flags |= SECCOMP_FILTER_FLAG_NEW_LISTENER;
		if (want & WAITKILL)
			flags |= SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV;
	}
	return flags;
}

/*
 * From the record: the flags of the one load call (NO_LOAD if there was
 * none, or more than one), whether prctl loaded it, and whether
 * NO_NEW_PRIVS came before.
 */
static unsigned long recorded_load(bool *by_prctl, bool *nnp_first)
{
	unsigned long flags = NO_LOAD;
	unsigned int i, loads = 0;
	bool nnp = false;

	*by_prctl = false;
	*nnp_first = false;
	for (i = 0; i < sysrec_cnt; i++) {
		const struct sysrec_call *c = &sysrec_calls[i];

		if (c->kind == SYSREC_PRCTL && c->op == PR_SET_NO_NEW_PRIVS)
			nnp = true;
		if (c->kind == SYSREC_PRCTL && c->op == PR_SET_SECCOMP &&
		    c->arg1 == SECCOMP_MODE_FILTER) {
			loads++;
			flags = 0;
			*by_prctl = true;
			*nnp_first = nnp;
		}
		/* probes pass no program */
		if (c->kind == SYSREC_SECCOMP &&
		    c->op == SECCOMP_SET_MODE_FILTER && !c->arg2_null) {
			loads++;
			flags = c->arg1;
			*nnp_first = nnp;
		}
	}
	return loads == 1 ? flags : NO_LOAD;
}

/* Set the attributes @want asks for; count what the level refused. */
static void set_attrs(scmp_filter_ctx ctx, unsigned int level,
		      unsigned int want)
{
	static const struct {
		unsigned int bit;
		int attr;
	} map[] = {
		{ TSYNC, SCMP_FLTATR_CTL_TSYNC },
		{ LOG, SCMP_FLTATR_CTL_LOG },
		{ SSB, SCMP_FLTATR_CTL_SSB },
		{ WAITKILL, SCMP_FLTATR_CTL_WAITKILL },
	};
	size_t i;
	int rc, want_rc;

	for (i = 0; i < sizeof(map) / sizeof(map[0]); i++) {
		if (!(want & map[i].bit))
			continue;
		rc = seccomp_attr_set(ctx, map[i].attr, 1);
		want_rc = level >= level_of(map[i].bit) ? 0 : -EOPNOTSUPP;
		EXPECT(rc, want_rc);
	}
	if (!(want & NOTIFY))
		return;
	rc = seccomp_rule_add(ctx, SCMP_ACT_NOTIFY, SCMP_SYS(acct), 0);
	want_rc = level >= 5 ? 0 : -EINVAL;
	/* TSYNC (set above) and a listener need TSYNC_ESRCH (level 6) */
	if ((want & TSYNC) && level == 5)
		want_rc = -EINVAL;
	EXPECT(rc, want_rc);
}

static int child_load(void *arg)
{
	const struct setup *s = arg;
	unsigned int asked = s->want;
	unsigned long flags, want_flags;
	bool by_prctl, nnp_first;
	scmp_filter_ctx ctx;
	int load;

	if (seccomp_api_set(s->level) != 0)
		return LIVE_SETUP_FAILED;
	ctx = seccomp_init(SCMP_ACT_ALLOW);
	if (ctx == NULL ||
	    seccomp_rule_add(ctx, SCMP_ACT_ERRNO(5), VICTIM, 0) != 0)
		return LIVE_SETUP_FAILED;
	set_attrs(ctx, s->level, s->want);
	/* what got refused is not asked for */
	if (s->level < 2)
		asked &= ~TSYNC;
	if (s->level < 3)
		asked &= ~LOG;
	if (s->level < 4)
		asked &= ~SSB;
	if (s->level < 5 || (s->level == 5 && (s->want & TSYNC)))
		asked &= ~NOTIFY;

	for (load = 0; load < 2; load++) {
		sysrec_reset();
		EXPECT(seccomp_load(ctx), 0);
		flags = recorded_load(&by_prctl, &nnp_first);
		/* a listener exists once a NOTIFY filter was loaded */
		want_flags = expected_flags(s->level, asked,
					    load > 0 && (asked & NOTIFY));
		if (flags != want_flags) {
			printf("FAIL: level %u asking %#x, load %d: flags "
			       "%#lx, want %#lx\n",
			       s->level, s->want, load, flags, want_flags);
			test_failures++;
		}
		EXPECT(by_prctl, s->level == 1);
		EXPECT(nnp_first, 1);
		/* the kernel took it */
		EXPECT(live_filter_count(), load + 1);
		EXPECT(live_syscall(VICTIM, 0, 0, 0, 0, 0, 0), -5);
		EXPECT(seccomp_notify_fd(ctx) >= 0, (asked & NOTIFY) != 0);
	}
	seccomp_release(ctx);
	return live_child_result();
}

/* What a level refuses outside attributes: actions and api_set itself. */
static int child_refusals(void *arg)
{
	unsigned int level = *(unsigned int *)arg;
	bool has_new_actions = level >= 3, has_notify = level >= 5;
	scmp_filter_ctx ctx, tmp;

	if (seccomp_api_set(level) != 0)
		return LIVE_SETUP_FAILED;
	EXPECT(seccomp_api_get(), level);
	EXPECT(seccomp_api_set(0), -EINVAL);
	EXPECT(seccomp_api_set(8), -EINVAL);
	EXPECT(seccomp_api_get(), level);

	tmp = seccomp_init(SCMP_ACT_KILL_PROCESS);
	EXPECT(tmp != NULL, has_new_actions);
	seccomp_release(tmp);
	tmp = seccomp_init(SCMP_ACT_LOG);
	EXPECT(tmp != NULL, has_new_actions);
	seccomp_release(tmp);
	tmp = seccomp_init(SCMP_ACT_NOTIFY);
	EXPECT(tmp != NULL, has_notify);
	seccomp_release(tmp);

	ctx = seccomp_init(SCMP_ACT_ALLOW);
	if (ctx == NULL)
		return LIVE_SETUP_FAILED;
	EXPECT(seccomp_rule_add(ctx, SCMP_ACT_KILL_PROCESS, VICTIM, 0),
	       has_new_actions ? 0 : -EINVAL);
	EXPECT(seccomp_rule_add(ctx, SCMP_ACT_LOG, SCMP_SYS(getuid), 0),
	       has_new_actions ? 0 : -EINVAL);
	EXPECT(seccomp_rule_add(ctx, SCMP_ACT_NOTIFY, SCMP_SYS(acct), 0),
	       has_notify ? 0 : -EINVAL);
	EXPECT(seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH,
				SCMP_ACT_KILL_PROCESS),
	       has_new_actions ? 0 : -EINVAL);
	EXPECT(seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_LOG),
	       has_new_actions ? 0 : -EINVAL);
	/* the old actions are there at every level */
	EXPECT(seccomp_rule_add(ctx, SCMP_ACT_TRAP, SCMP_SYS(getgid), 0), 0);
	EXPECT(seccomp_rule_add(ctx, SCMP_ACT_ERRNO(1), SCMP_SYS(getegid), 0),
	       0);
	EXPECT(seccomp_rule_add(ctx, SCMP_ACT_TRACE(1), SCMP_SYS(geteuid), 0),
	       0);
	EXPECT(seccomp_rule_add(ctx, SCMP_ACT_KILL_THREAD, SCMP_SYS(getpgrp),
				0),
	       0);
	/* without seccomp(2) there are no notification buffers either */
	EXPECT(seccomp_notify_alloc(NULL, NULL), level >= 2 ? 0 : -EOPNOTSUPP);
	seccomp_release(ctx);
	return live_child_result();
}

/*
 * TSYNC with a new listener but no TSYNC_ESRCH, reached by lowering the
 * level after the rules were made: libseccomp fails the load as a system
 * failure (-ECANCELED); the internal -EFAULT shows with SYSRAWRC. Nothing
 * reaches the kernel. One level lower there is no listener at all and
 * the load goes through with TSYNC only.
 */
static int child_tsync_listener(void *arg)
{
	scmp_filter_ctx ctx;
	bool by_prctl, nnp_first;

	(void)arg;
	if (seccomp_api_set(6) != 0)
		return LIVE_SETUP_FAILED;
	ctx = seccomp_init(SCMP_ACT_ALLOW);
	if (ctx == NULL ||
	    seccomp_attr_set(ctx, SCMP_FLTATR_CTL_TSYNC, 1) != 0 ||
	    seccomp_rule_add(ctx, SCMP_ACT_NOTIFY, VICTIM, 0) != 0)
		return LIVE_SETUP_FAILED;
	seccomp_api_set(5);
	sysrec_reset();
	EXPECT(seccomp_load(ctx), -ECANCELED);
	EXPECT(recorded_load(&by_prctl, &nnp_first), NO_LOAD);
	EXPECT(seccomp_attr_set(ctx, SCMP_FLTATR_API_SYSRAWRC, 1), 0);
	EXPECT(seccomp_load(ctx), -EFAULT);
	EXPECT(live_filter_count(), 0);

	seccomp_api_set(4);
	sysrec_reset();
	EXPECT(seccomp_load(ctx), 0);
	EXPECT(recorded_load(&by_prctl, &nnp_first), SECCOMP_FILTER_FLAG_TSYNC);
	EXPECT(seccomp_notify_fd(ctx), -EFAULT);
	seccomp_release(ctx);
	return live_child_result();
}

/*
 * seccomp_reset(NULL) forgets the probes but, like libseccomp, keeps the
 * level number: features come back from the kernel while the level stays.
 */
static int child_reset_global(void *arg)
{
	scmp_filter_ctx ctx;

	(void)arg;
	if (seccomp_api_set(3) != 0)
		return LIVE_SETUP_FAILED;
	ctx = seccomp_init(SCMP_ACT_ALLOW);
	if (ctx == NULL)
		return LIVE_SETUP_FAILED;
	EXPECT(seccomp_attr_set(ctx, SCMP_FLTATR_CTL_SSB, 1), -EOPNOTSUPP);
	EXPECT(seccomp_reset(NULL, SCMP_ACT_ALLOW), 0);
	EXPECT(seccomp_api_get(), 3);
	EXPECT(seccomp_attr_set(ctx, SCMP_FLTATR_CTL_SSB, 1), 0);
	EXPECT(seccomp_rule_add(ctx, SCMP_ACT_NOTIFY, VICTIM, 0), 0);
	seccomp_release(ctx);
	return live_child_result();
}

/* The thread's Speculation_Store_Bypass line of /proc, or "". */
static void ssb_state(char *buf, size_t size)
{
	char line[256];
	FILE *f = fopen("/proc/thread-self/status", "r");

	buf[0] = '\0';
	if (f == NULL)
		return;
	while (fgets(line, sizeof(line), f) != NULL)
		if (strncmp(line, "Speculation_Store_Bypass:", 25) == 0)
			snprintf(buf, size, "%s", line + 25);
	fclose(f);
}

/*
 * Where the kernel mitigates speculative store bypass for seccomp tasks,
 * a load forces the mitigation unless SCMP_FLTATR_CTL_SSB is set.
 */
static int child_ssb(void *arg)
{
	bool ssb = *(bool *)arg;
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
	char state[256];

	if (ctx == NULL ||
	    seccomp_attr_set(ctx, SCMP_FLTATR_CTL_SSB, ssb) != 0 ||
	    seccomp_load(ctx) != 0)
		return LIVE_SETUP_FAILED;
	ssb_state(state, sizeof(state));
	seccomp_release(ctx);
	return strstr(state, "force mitigated") != NULL ? 10 : 0;
}

int main(void)
{
	static const unsigned int wants[] = {
		0,
		TSYNC,
		LOG,
		SSB,
		WAITKILL,
		NOTIFY,
		NOTIFY | TSYNC,
		NOTIFY | WAITKILL,
		TSYNC | WAITKILL,
		TSYNC | LOG | SSB,
		ALL,
	};
	struct setup s;
	unsigned int level;
	size_t i;
	bool ssb;
	int st;

	live_require(live_kernel_filters(), "seccomp filters");
	/* forcing a level only takes features away: all must be there */
	live_require(seccomp_api_get() == 7, "some feature of API level 7");

	for (level = 1; level <= 7; level++) {
		EXPECT_EXIT(live_run(child_refusals, &level), 0);
		for (i = 0; i < sizeof(wants) / sizeof(wants[0]); i++) {
			s = (struct setup){ .level = level, .want = wants[i] };
			st = live_run(child_load, &s);
			if (st != -1 && WIFEXITED(st) && WEXITSTATUS(st) == 0)
				continue;
			printf("FAIL: level %u asking %#x: %s\n", level,
			       wants[i], live_status_str(st));
			test_failures++;
		}
	}
	EXPECT_EXIT(live_run(child_tsync_listener, NULL), 0);
	EXPECT_EXIT(live_run(child_reset_global, NULL), 0);

	ssb = false;
	st = live_run(child_ssb, &ssb);
	if (st != -1 && WIFEXITED(st) && WEXITSTATUS(st) == 10) {
		ssb = true;
		EXPECT_EXIT(live_run(child_ssb, &ssb), 0);
	} else {
		EXPECT_EXIT(st, 0);
		printf("note: this kernel does not mitigate SSB for seccomp "
		       "tasks; SPEC_ALLOW checked by its flag only\n");
	}
	return test_result();
}
