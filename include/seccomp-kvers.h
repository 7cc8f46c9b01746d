/* SPDX-License-Identifier: LGPL-2.1-only */
/* Linux versions, enum scmp_kver: the public header seccomp.h includes. */

/*
 * Its own installed header, as on libseccomp's development branch; it
 * needs nothing else, so a program may include it alone. The guard is the
 * macro that code also built against libseccomp releases without enum
 * scmp_kver (and SCMP_FLTATR_ACT_ENOSYS, SCMP_FLTATR_CTL_KVERMAX) tests.
 */

#ifndef _SECCOMP_H_KVERS
#define _SECCOMP_H_KVERS

/*
 * Linux versions, for SCMP_FLTATR_CTL_KVERMAX, in release order. Values
 * are ABI, never renumber: up to SCMP_KV_6_17 (80) they are those of
 * libseccomp's development branch (seccomp-kvers.h), 6.18 to 7.0 (81..83)
 * those of its open pull requests, provisional until it merges them.
 * SCMP_KV_7_1 and SCMP_KV_7_2, and any later one, are provisional until
 * libseccomp assigns them.
 */
enum scmp_kver {
	__SCMP_KV_NULL = 0,		/* bound, not a version */
	SCMP_KV_UNDEF = 1,		/* none: the feature is off */
	SCMP_KV_3_0 = 2,	/* Linux 3.0, or older */
	SCMP_KV_3_1 = 3,	/* Linux 3.1 */
	SCMP_KV_3_2 = 4,	/* Linux 3.2 */
	SCMP_KV_3_3 = 5,	/* Linux 3.3 */
	SCMP_KV_3_4 = 6,	/* Linux 3.4 */
	SCMP_KV_3_5 = 7,	/* Linux 3.5 */
	SCMP_KV_3_6 = 8,	/* Linux 3.6 */
	SCMP_KV_3_7 = 9,	/* Linux 3.7 */
	SCMP_KV_3_8 = 10,	/* Linux 3.8 */
	SCMP_KV_3_9 = 11,	/* Linux 3.9 */
	SCMP_KV_3_10 = 12,	/* Linux 3.10 */
	SCMP_KV_3_11 = 13,	/* Linux 3.11 */
	SCMP_KV_3_12 = 14,	/* Linux 3.12 */
	SCMP_KV_3_13 = 15,	/* Linux 3.13 */
	SCMP_KV_3_14 = 16,	/* Linux 3.14 */
	SCMP_KV_3_15 = 17,	/* Linux 3.15 */
	SCMP_KV_3_16 = 18,	/* Linux 3.16 */
	SCMP_KV_3_17 = 19,	/* Linux 3.17 */
	SCMP_KV_3_18 = 20,	/* Linux 3.18 */
	SCMP_KV_3_19 = 21,	/* Linux 3.19 */
	SCMP_KV_4_0 = 22,	/* Linux 4.0 */
	SCMP_KV_4_1 = 23,	/* Linux 4.1 */
	SCMP_KV_4_2 = 24,	/* Linux 4.2 */
	SCMP_KV_4_3 = 25,	/* Linux 4.3 */
	SCMP_KV_4_4 = 26,	/* Linux 4.4 */
	SCMP_KV_4_5 = 27,	/* Linux 4.5 */
	SCMP_KV_4_6 = 28,	/* Linux 4.6 */
	SCMP_KV_4_7 = 29,	/* Linux 4.7 */
	SCMP_KV_4_8 = 30,	/* Linux 4.8 */
	SCMP_KV_4_9 = 31,	/* Linux 4.9 */
	SCMP_KV_4_10 = 32,	/* Linux 4.10 */
	SCMP_KV_4_11 = 33,	/* Linux 4.11 */
	SCMP_KV_4_12 = 34,	/* Linux 4.12 */
	SCMP_KV_4_13 = 35,	/* Linux 4.13 */
	SCMP_KV_4_14 = 36,	/* Linux 4.14 */
	SCMP_KV_4_15 = 37,	/* Linux 4.15 */
	SCMP_KV_4_16 = 38,	/* Linux 4.16 */
	SCMP_KV_4_17 = 39,	/* Linux 4.17 */
	SCMP_KV_4_18 = 40,	/* Linux 4.18 */
	SCMP_KV_4_19 = 41,	/* Linux 4.19 */
	SCMP_KV_4_20 = 42,	/* Linux 4.20 */
	SCMP_KV_5_0 = 43,	/* Linux 5.0 */
	SCMP_KV_5_1 = 44,	/* Linux 5.1 */
	SCMP_KV_5_2 = 45,	/* Linux 5.2 */
	SCMP_KV_5_3 = 46,	/* Linux 5.3 */
	SCMP_KV_5_4 = 47,	/* Linux 5.4 */
	SCMP_KV_5_5 = 48,	/* Linux 5.5 */
	SCMP_KV_5_6 = 49,	/* Linux 5.6 */
	SCMP_KV_5_7 = 50,	/* Linux 5.7 */
	SCMP_KV_5_8 = 51,	/* Linux 5.8 */
	SCMP_KV_5_9 = 52,	/* Linux 5.9 */
	SCMP_KV_5_10 = 53,	/* Linux 5.10 */
	SCMP_KV_5_11 = 54,	/* Linux 5.11 */
	SCMP_KV_5_12 = 55,	/* Linux 5.12 */
	SCMP_KV_5_13 = 56,	/* Linux 5.13 */
	SCMP_KV_5_14 = 57,	/* Linux 5.14 */
	SCMP_KV_5_15 = 58,	/* Linux 5.15 */
	SCMP_KV_5_16 = 59,	/* Linux 5.16 */
	SCMP_KV_5_17 = 60,	/* Linux 5.17 */
	SCMP_KV_5_18 = 61,	/* Linux 5.18 */
	SCMP_KV_5_19 = 62,	/* Linux 5.19 */
	SCMP_KV_6_0 = 63,	/* Linux 6.0 */
	SCMP_KV_6_1 = 64,	/* Linux 6.1 */
	SCMP_KV_6_2 = 65,	/* Linux 6.2 */
	SCMP_KV_6_3 = 66,	/* Linux 6.3 */
	SCMP_KV_6_4 = 67,	/* Linux 6.4 */
	SCMP_KV_6_5 = 68,	/* Linux 6.5 */
	SCMP_KV_6_6 = 69,	/* Linux 6.6 */
	SCMP_KV_6_7 = 70,	/* Linux 6.7 */
	SCMP_KV_6_8 = 71,	/* Linux 6.8 */
	SCMP_KV_6_9 = 72,	/* Linux 6.9 */
	SCMP_KV_6_10 = 73,	/* Linux 6.10 */
	SCMP_KV_6_11 = 74,	/* Linux 6.11 */
	SCMP_KV_6_12 = 75,	/* Linux 6.12 */
	SCMP_KV_6_13 = 76,	/* Linux 6.13 */
	SCMP_KV_6_14 = 77,	/* Linux 6.14 */
	SCMP_KV_6_15 = 78,	/* Linux 6.15 */
	SCMP_KV_6_16 = 79,	/* Linux 6.16 */
	SCMP_KV_6_17 = 80,	/* Linux 6.17 */
	SCMP_KV_6_18 = 81,	/* Linux 6.18 (provisional) */
	SCMP_KV_6_19 = 82,	/* Linux 6.19 (provisional) */
	SCMP_KV_7_0 = 83,	/* Linux 7.0 (provisional) */
	SCMP_KV_7_1 = 84,	/* Linux 7.1 (provisional) */
	SCMP_KV_7_2 = 85,	/* Linux 7.2 (provisional) */
	__SCMP_KV_MAX,			/* bound, not a version */
};

#endif
