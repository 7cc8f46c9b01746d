/* SPDX-License-Identifier: LGPL-2.1-only */
/* Overlapping range rules on one argument: which one wins, as in libseccomp (issue 15). */

#include "filter_spec.h"

/* clang-format off */
/*
 * < and <= tests are tried smaller datum first, > and >= larger first, and
 * both after equality tests; tests that leaves alike go in the order the
 * rules were added. A test keeps the place it took when first added. The
 * tables give libseccomp 2.5.4's results.
 */

/* The policy: nested < thresholds under an ALLOW above them all. */
#define THRESHOLD_RULES						\
	"rule ALLOW write a2>=32768",					\
	"rule ERRNO(5) write a2<128",					\
	"rule ERRNO(6) write a2<256",					\
	"rule ERRNO(7) write a2<512",					\
	"rule ERRNO(8) write a2<1024",					\
	"rule ERRNO(9) write a2<2048",					\
	"rule ERRNO(10) write a2<4096",				\
	"rule ERRNO(11) write a2<8192",				\
	"rule ERRNO(12) write a2<16384",				\
	/* the same, added the other way round */			\
	"rule ERRNO(12) read a2<16384",				\
	"rule ERRNO(11) read a2<8192",					\
	"rule ERRNO(10) read a2<4096",					\
	"rule ERRNO(9) read a2<2048",					\
	"rule ERRNO(8) read a2<1024",					\
	"rule ERRNO(7) read a2<512",					\
	"rule ERRNO(6) read a2<256",					\
	"rule ERRNO(5) read a2<128",					\
	"rule ALLOW read a2>=32768"

#define MIXED_RULES							\
	/* <= and < by datum, smaller first */				\
	"rule ERRNO(1) close a0<=10",					\
	"rule ERRNO(2) close a0<=20",					\
	"rule ERRNO(3) close a0<15",					\
	/* < and <= of one datum: the first added first */		\
	"rule ERRNO(4) dup a0<=10",					\
	"rule ERRNO(5) dup a0<10",					\
	"rule ERRNO(5) dup2 a0<10",					\
	"rule ERRNO(4) dup2 a0<=10",					\
	/* > and >=: larger first, then the first added */		\
	"rule ERRNO(6) lseek a0>100",					\
	"rule ERRNO(7) lseek a0>=200",					\
	"rule ERRNO(8) lseek a0>=100",					\
	"rule ERRNO(9) fchdir a0>=100",				\
	"rule ERRNO(10) fchdir a0>100",				\
	/* < before >, whatever the datums */				\
	"rule ERRNO(11) fchown a0>5",					\
	"rule ERRNO(12) fchown a0<100",				\
	/* a0 < 10 and a0 >= 10 are one test: the < rule's place */	\
	"rule ERRNO(13) fsync a0<10",					\
	"rule ERRNO(14) fsync a0>=10",					\
	"rule ERRNO(15) fsync a0>=20",					\
	/* ... or the >= rule's, added first */			\
	"rule ERRNO(14) fdatasync a0>=10",				\
	"rule ERRNO(13) fdatasync a0<10",				\
	"rule ERRNO(15) fdatasync a0>=20",				\
	/*								\
	 * ... unless a range test lies between the places: a0 < 10	\
	 * then gets a node of its own, which a0 >= 10 joins next.	\
	 */								\
	"rule ERRNO(16) umask a0>=10",					\
	"rule ERRNO(17) umask a0>20",					\
	"rule ERRNO(18) umask a0<10",					\
	"rule ERRNO(19) umask a0>=10",					\
	/* an equality test before a range test */			\
	"rule ERRNO(20) flock a0<100",					\
	"rule ERRNO(21) flock a0==50",					\
	/*								\
	 * Equality tests larger datum first, one datum under other	\
	 * masks the first added first; on 64-bit ABIs the masks' high	\
	 * words group them first (a1 == 7 is in the group of a1 == 0,	\
	 * after that of the masked tests, added first).		\
	 */								\
	"rule ERRNO(22) fchmod a1&0xf==0",				\
	"rule ERRNO(23) fchmod a1==7",					\
	"rule ERRNO(24) fchmod a1&0xf0==0",				\
	"rule ERRNO(25) fchmod a1==0"

/* Datums of different high words, on 64-bit ABIs only. */
#define WIDE_RULES							\
	"rule ERRNO(1) read a0<0x300000000",				\
	"rule ERRNO(2) read a0<0x100000000",				\
	"rule ERRNO(3) read a0<=0x200000005",				\
	"rule ERRNO(4) write a0>0x100000000",				\
	"rule ERRNO(5) write a0>0x400000000",				\
	"rule ERRNO(6) write a0<0x300000000"

static const char *const threshold[] = {
	"init KILL", "arch -native +x86_64 +x86", THRESHOLD_RULES, NULL
};

static const char *const mixed[] = {
	"init KILL", "arch -native +x86_64 +x86", MIXED_RULES, NULL
};

static const char *const wide[] = {
	"init KILL", "arch -native +x86_64 +aarch64", WIDE_RULES, NULL
};

SPEC_SIM_MAIN(
	{ "threshold", threshold },
	{ "mixed", mixed },
	{ "wide", wide })
/* clang-format on */
