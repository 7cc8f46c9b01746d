/* SPDX-License-Identifier: LGPL-2.1-only */
/* seccomp_attr_get/set: defaults, stored values, errors, and which attributes change the program. */

#include <errno.h>
#include <string.h>

#include "filter_snap.h"
#include "filter_spec.h"
#include "test_util.h"

#define ATTR_WAITKILL ((enum scmp_filter_attr)10)

static void check_defaults(scmp_filter_ctx ctx, uint32_t act_default)
{
	static const struct {
		enum scmp_filter_attr attr;
		uint32_t value;
	} defaults[] = {
		{ SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL },
		{ SCMP_FLTATR_CTL_NNP, 1 },
		{ SCMP_FLTATR_CTL_TSYNC, 0 },
		{ SCMP_FLTATR_API_TSKIP, 0 },
		{ SCMP_FLTATR_CTL_LOG, 0 },
		{ SCMP_FLTATR_CTL_SSB, 0 },
		{ SCMP_FLTATR_CTL_OPTIMIZE, 1 },
		{ SCMP_FLTATR_API_SYSRAWRC, 0 },
		{ ATTR_WAITKILL, 0 },
		{ SCMP_FLTATR_ACT_ENOSYS, SCMP_ACT_ERRNO(ENOSYS) },
		{ SCMP_FLTATR_CTL_KVERMAX, SCMP_KV_UNDEF },
	};
	unsigned int i;
	uint32_t v;

	EXPECT(seccomp_attr_get(ctx, SCMP_FLTATR_ACT_DEFAULT, &v), 0);
	EXPECT(v, act_default);
	for (i = 0; i < sizeof(defaults) / sizeof(defaults[0]); i++) {
		v = 0xdeadbeef;
		EXPECT(seccomp_attr_get(ctx, defaults[i].attr, &v), 0);
		EXPECT(v, defaults[i].value);
	}
}

static uint32_t get(scmp_filter_ctx ctx, enum scmp_filter_attr attr)
{
	uint32_t v = 0xdeadbeef;

	EXPECT(seccomp_attr_get(ctx, attr, &v), 0);
	return v;
}

/*
 * ACT_ENOSYS takes what BADARCH takes; KVERMAX an enum scmp_kver value,
 * SCMP_KV_UNDEF included. A failed set keeps the value before, set or
 * default.
 */
static void check_enosys_errors(scmp_filter_ctx ctx)
{
	static const uint32_t bad_versions[] = {
		__SCMP_KV_NULL,
		__SCMP_KV_MAX,
		__SCMP_KV_MAX + 1,
		0xffffffff,
	};
	static const uint32_t bad_actions[] = {
		0x12345678,
		SCMP_ACT_ERRNO(4095),
		SCMP_ACT_ALLOW | 1,
	};
	unsigned int i, round;

	for (round = 0; round < 2; round++) {
		for (i = 0; i < sizeof(bad_versions) / sizeof(bad_versions[0]);
		     i++)
			EXPECT_KEEPS(ctx,
				     seccomp_attr_set(ctx,
						      SCMP_FLTATR_CTL_KVERMAX,
						      bad_versions[i]),
				     -EINVAL);
		for (i = 0; i < sizeof(bad_actions) / sizeof(bad_actions[0]);
		     i++)
			EXPECT_KEEPS(ctx,
				     seccomp_attr_set(ctx,
						      SCMP_FLTATR_ACT_ENOSYS,
						      bad_actions[i]),
				     -EINVAL);
		/* the second round: with both set */
		EXPECT(seccomp_attr_set(ctx, SCMP_FLTATR_CTL_KVERMAX,
					SCMP_KV_5_2),
		       0);
		EXPECT(seccomp_attr_set(ctx, SCMP_FLTATR_ACT_ENOSYS,
					SCMP_ACT_TRAP),
		       0);
	}
	EXPECT(get(ctx, SCMP_FLTATR_CTL_KVERMAX), SCMP_KV_5_2);
	EXPECT(get(ctx, SCMP_FLTATR_ACT_ENOSYS), SCMP_ACT_TRAP);
	EXPECT(seccomp_attr_set(ctx, SCMP_FLTATR_CTL_KVERMAX, SCMP_KV_UNDEF),
	       0);
	EXPECT(seccomp_attr_set(ctx, SCMP_FLTATR_ACT_ENOSYS,
				SCMP_ACT_ERRNO(ENOSYS)),
	       0);
}

static void check_errors(scmp_filter_ctx ctx)
{
	static const enum scmp_filter_attr unknown[] = {
		_SCMP_FLTATR_MIN,
		_SCMP_FLTATR_MAX,
		(enum scmp_filter_attr)100,
		(enum scmp_filter_attr)(-1),
	};
	unsigned int i;
	uint32_t v;

	for (i = 0; i < sizeof(unknown) / sizeof(unknown[0]); i++) {
		EXPECT(seccomp_attr_get(ctx, unknown[i], &v), -EINVAL);
		EXPECT_KEEPS(ctx, seccomp_attr_set(ctx, unknown[i], 0),
			     -EINVAL);
	}
	EXPECT(seccomp_attr_get(ctx, SCMP_FLTATR_CTL_NNP, NULL), -EINVAL);
	EXPECT(seccomp_attr_get(NULL, SCMP_FLTATR_CTL_NNP, &v), -EINVAL);
	EXPECT(seccomp_attr_set(NULL, SCMP_FLTATR_CTL_NNP, 0), -EINVAL);
	/* the default action is read-only, even set to its own value */
	EXPECT_KEEPS(
		ctx,
		seccomp_attr_set(ctx, SCMP_FLTATR_ACT_DEFAULT, SCMP_ACT_ALLOW),
		-EACCES);
	EXPECT_KEEPS(ctx,
		     seccomp_attr_set(ctx, SCMP_FLTATR_ACT_DEFAULT,
				      get(ctx, SCMP_FLTATR_ACT_DEFAULT)),
		     -EACCES);
	EXPECT_KEEPS(ctx,
		     seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH, 0x12345678),
		     -EINVAL);
	EXPECT_KEEPS(ctx,
		     seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH,
				      SCMP_ACT_ERRNO(4095)),
		     -EINVAL);
	EXPECT_KEEPS(ctx, seccomp_attr_set(ctx, SCMP_FLTATR_CTL_OPTIMIZE, 0),
		     -EOPNOTSUPP);
	EXPECT_KEEPS(ctx, seccomp_attr_set(ctx, SCMP_FLTATR_CTL_OPTIMIZE, 3),
		     -EOPNOTSUPP);
	check_enosys_errors(ctx);
}

/* Booleans are stored as 0 or 1; kernel flags need their API level. */
static void check_values(scmp_filter_ctx ctx)
{
	static const enum scmp_filter_attr bools[] = {
		SCMP_FLTATR_CTL_NNP,   SCMP_FLTATR_CTL_TSYNC,
		SCMP_FLTATR_API_TSKIP, SCMP_FLTATR_CTL_LOG,
		SCMP_FLTATR_CTL_SSB,   SCMP_FLTATR_API_SYSRAWRC,
		ATTR_WAITKILL,
	};
	unsigned int i;

	EXPECT(seccomp_api_set(6), 0);
	for (i = 0; i < sizeof(bools) / sizeof(bools[0]); i++) {
		EXPECT(seccomp_attr_set(ctx, bools[i], 5), 0);
		EXPECT(get(ctx, bools[i]), 1);
		EXPECT(seccomp_attr_set(ctx, bools[i], 0), 0);
		EXPECT(get(ctx, bools[i]), 0);
	}
	EXPECT(seccomp_attr_set(ctx, SCMP_FLTATR_CTL_OPTIMIZE, 2), 0);
	EXPECT(get(ctx, SCMP_FLTATR_CTL_OPTIMIZE), 2);
	EXPECT(seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH,
				SCMP_ACT_ERRNO(3)),
	       0);
	EXPECT(get(ctx, SCMP_FLTATR_ACT_BADARCH), SCMP_ACT_ERRNO(3));
	/* BADARCH may equal the default action */
	EXPECT(seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH,
				get(ctx, SCMP_FLTATR_ACT_DEFAULT)),
	       0);
	/* so may ACT_ENOSYS; every version of the enum is a KVERMAX */
	EXPECT(seccomp_attr_set(ctx, SCMP_FLTATR_ACT_ENOSYS,
				get(ctx, SCMP_FLTATR_ACT_DEFAULT)),
	       0);
	EXPECT(seccomp_attr_set(ctx, SCMP_FLTATR_ACT_ENOSYS,
				SCMP_ACT_KILL_PROCESS),
	       0);
	EXPECT(get(ctx, SCMP_FLTATR_ACT_ENOSYS), SCMP_ACT_KILL_PROCESS);
	for (i = SCMP_KV_UNDEF; i < __SCMP_KV_MAX; i++) {
		EXPECT(seccomp_attr_set(ctx, SCMP_FLTATR_CTL_KVERMAX, i), 0);
		EXPECT(get(ctx, SCMP_FLTATR_CTL_KVERMAX), i);
	}

	/*
	 * TSYNC needs level 2, LOG 3, SSB 4. As in libseccomp, without the
	 * kernel flag even turning them off fails.
	 */
	EXPECT(seccomp_api_set(1), 0);
	EXPECT_KEEPS(ctx, seccomp_attr_set(ctx, SCMP_FLTATR_CTL_TSYNC, 1),
		     -EOPNOTSUPP);
	EXPECT_KEEPS(ctx, seccomp_attr_set(ctx, SCMP_FLTATR_CTL_TSYNC, 0),
		     -EOPNOTSUPP);
	EXPECT(seccomp_api_set(2), 0);
	EXPECT(seccomp_attr_set(ctx, SCMP_FLTATR_CTL_TSYNC, 1), 0);
	EXPECT_KEEPS(ctx, seccomp_attr_set(ctx, SCMP_FLTATR_CTL_LOG, 1),
		     -EOPNOTSUPP);
	EXPECT_KEEPS(ctx, seccomp_attr_set(ctx, SCMP_FLTATR_CTL_LOG, 0),
		     -EOPNOTSUPP);
	EXPECT(seccomp_api_set(3), 0);
	EXPECT(seccomp_attr_set(ctx, SCMP_FLTATR_CTL_LOG, 1), 0);
	EXPECT_KEEPS(ctx, seccomp_attr_set(ctx, SCMP_FLTATR_CTL_SSB, 1),
		     -EOPNOTSUPP);
	EXPECT_KEEPS(ctx, seccomp_attr_set(ctx, SCMP_FLTATR_CTL_SSB, 0),
		     -EOPNOTSUPP);
	EXPECT(seccomp_api_set(4), 0);
	EXPECT(seccomp_attr_set(ctx, SCMP_FLTATR_CTL_SSB, 1), 0);
	/* level 3 makes LOG a valid bad-arch action */
	EXPECT(seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_LOG), 0);
	EXPECT(seccomp_api_set(2), 0);
	EXPECT_KEEPS(ctx,
		     seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH,
				      SCMP_ACT_KILL_PROCESS),
		     -EINVAL);
	EXPECT(seccomp_api_set(6), 0);
}

/* TSYNC and a filter using NOTIFY need TSYNC_ESRCH (level 6). */
static void check_tsync_notify(void)
{
	scmp_filter_ctx ctx;

	EXPECT(seccomp_api_set(5), 0);
	ctx = seccomp_init(SCMP_ACT_ALLOW);
	EXPECT(seccomp_rule_add(ctx, SCMP_ACT_NOTIFY, 0, 0), 0);
	EXPECT_KEEPS(ctx, seccomp_attr_set(ctx, SCMP_FLTATR_CTL_TSYNC, 1),
		     -EINVAL);
	EXPECT(seccomp_api_set(6), 0);
	EXPECT(seccomp_attr_set(ctx, SCMP_FLTATR_CTL_TSYNC, 1), 0);
	seccomp_release(ctx);

	/* so does a NOTIFY ENOSYS action, set before or after TSYNC */
	EXPECT(seccomp_api_set(5), 0);
	ctx = seccomp_init(SCMP_ACT_ALLOW);
	EXPECT(seccomp_attr_set(ctx, SCMP_FLTATR_ACT_ENOSYS, SCMP_ACT_NOTIFY),
	       0);
	EXPECT_KEEPS(ctx, seccomp_attr_set(ctx, SCMP_FLTATR_CTL_TSYNC, 1),
		     -EINVAL);
	EXPECT(seccomp_attr_set(ctx, SCMP_FLTATR_ACT_ENOSYS, SCMP_ACT_TRAP), 0);
	EXPECT(seccomp_attr_set(ctx, SCMP_FLTATR_CTL_TSYNC, 1), 0);
	EXPECT_KEEPS(
		ctx,
		seccomp_attr_set(ctx, SCMP_FLTATR_ACT_ENOSYS, SCMP_ACT_NOTIFY),
		-EINVAL);
	seccomp_release(ctx);

	/* a NOTIFY default action counts too */
	EXPECT(seccomp_api_set(5), 0);
	ctx = seccomp_init(SCMP_ACT_NOTIFY);
	EXPECT_KEEPS(ctx, seccomp_attr_set(ctx, SCMP_FLTATR_CTL_TSYNC, 1),
		     -EINVAL);
	seccomp_release(ctx);
	EXPECT(seccomp_api_set(6), 0);
}

/* Exports the filter's BPF into buf (at most 4096 bytes); returns the size. */
static size_t bpf(scmp_filter_ctx ctx, unsigned char *buf)
{
	FILE *f = tmpfile();
	size_t len;

	EXPECT(seccomp_export_bpf(ctx, fileno(f)), 0);
	rewind(f);
	len = fread(buf, 1, 4096, f);
	fclose(f);
	return len;
}

/*
 * KVERMAX changes the program, ACT_ENOSYS only with it; set before or
 * after the rules, they make the same program.
 */
static void check_program_kvermax(void)
{
	unsigned char plain[4096], before[4096], after[4096];
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ERRNO(EPERM));
	size_t len, plain_len;

	EXPECT(SPEC(ctx, "rule ALLOW read,write", "rule ERRNO(9) clone3"), 0);
	plain_len = bpf(ctx, plain);
	EXPECT(seccomp_attr_set(ctx, SCMP_FLTATR_ACT_ENOSYS, SCMP_ACT_TRAP), 0);
	EXPECT(bpf(ctx, after), plain_len);
	EXPECT(memcmp(plain, after, plain_len), 0);
	EXPECT(seccomp_attr_set(ctx, SCMP_FLTATR_CTL_KVERMAX, SCMP_KV_5_2), 0);
	len = bpf(ctx, before);
	EXPECT(len != plain_len || memcmp(plain, before, len) != 0, 1);
	EXPECT(seccomp_attr_set(ctx, SCMP_FLTATR_ACT_ENOSYS,
				SCMP_ACT_ERRNO(ENOSYS)),
	       0);
	EXPECT(bpf(ctx, after) != len || memcmp(before, after, len) != 0, 1);
	seccomp_release(ctx);

	/* the attributes first, then the rules */
	ctx = seccomp_init(SCMP_ACT_ERRNO(EPERM));
	EXPECT(seccomp_attr_set(ctx, SCMP_FLTATR_CTL_KVERMAX, SCMP_KV_5_2), 0);
	EXPECT(seccomp_attr_set(ctx, SCMP_FLTATR_ACT_ENOSYS, SCMP_ACT_TRAP), 0);
	EXPECT(SPEC(ctx, "rule ALLOW read,write", "rule ERRNO(9) clone3"), 0);
	EXPECT(bpf(ctx, after), len);
	EXPECT(memcmp(before, after, len), 0);
	/* off again: the program without it */
	EXPECT(seccomp_attr_set(ctx, SCMP_FLTATR_CTL_KVERMAX, SCMP_KV_UNDEF),
	       0);
	EXPECT(bpf(ctx, after), plain_len);
	EXPECT(memcmp(plain, after, plain_len), 0);
	seccomp_release(ctx);
}

/*
 * BADARCH and TSKIP (with a rule for -1) change the program; NNP, TSYNC,
 * LOG, SSB, SYSRAWRC and WAITKILL are load flags and do not.
 */
static void check_program(void)
{
	static const enum scmp_filter_attr flags[] = {
		SCMP_FLTATR_CTL_NNP,	  SCMP_FLTATR_CTL_TSYNC,
		SCMP_FLTATR_CTL_LOG,	  SCMP_FLTATR_CTL_SSB,
		SCMP_FLTATR_API_SYSRAWRC, ATTR_WAITKILL,
	};
	unsigned char before[4096], after[4096];
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
	size_t len;
	unsigned int i;

	EXPECT(SPEC(ctx, "attr tskip 1", "rule ERRNO(1) -1",
		    "rule ERRNO(2) read"),
	       0);
	len = bpf(ctx, before);
	for (i = 0; i < sizeof(flags) / sizeof(flags[0]); i++) {
		EXPECT(seccomp_attr_set(ctx, flags[i], !get(ctx, flags[i])), 0);
		EXPECT(bpf(ctx, after), len);
		EXPECT(memcmp(before, after, len), 0);
	}
	EXPECT(seccomp_attr_set(ctx, SCMP_FLTATR_API_TSKIP, 0), 0);
	EXPECT(bpf(ctx, after) != len || memcmp(before, after, len) != 0, 1);
	EXPECT(seccomp_attr_set(ctx, SCMP_FLTATR_API_TSKIP, 1), 0);
	EXPECT(bpf(ctx, after), len);
	EXPECT(memcmp(before, after, len), 0);
	EXPECT(seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_TRAP),
	       0);
	EXPECT(bpf(ctx, after) != len || memcmp(before, after, len) != 0, 1);
	seccomp_release(ctx);
	check_program_kvermax();
}

int main(void)
{
	scmp_filter_ctx ctx;

	EXPECT(seccomp_api_set(6), 0);
	ctx = seccomp_init(SCMP_ACT_ERRNO(5));
	if (ctx == NULL)
		return 1;
	check_defaults(ctx, SCMP_ACT_ERRNO(5));
	check_errors(ctx);
	check_values(ctx);
	/* reset brings the defaults back */
	EXPECT(seccomp_reset(ctx, SCMP_ACT_TRAP), 0);
	check_defaults(ctx, SCMP_ACT_TRAP);
	seccomp_release(ctx);
	check_tsync_notify();
	check_program();
	return test_result();
}
