/* SPDX-License-Identifier: LGPL-2.1-only */
/* The public header's constants and layouts equal libseccomp 2.6's ABI. */

#include <stddef.h>
#include <stdio.h>

#include <seccomp.h>

static int failures;

#define EXPECT(expr, want)                                                   \
	do {                                                                 \
		unsigned long long got_ = (unsigned long long)(expr);        \
		if (got_ != (unsigned long long)(want)) {                    \
			printf("FAIL %s = %#llx, want %#llx\n", #expr, got_, \
			       (unsigned long long)(want));                  \
			failures++;                                          \
		}                                                            \
	} while (0)

/* SCMP_A0..A5 and SCMP_CMP32 must work in static initialisers. */
static const struct scmp_arg_cmp static_cmps[] = {
	SCMP_A0(SCMP_CMP_EQ, 1),
	SCMP_A5_64(SCMP_CMP_MASKED_EQ, 0xf0, 0x10),
	SCMP_A2_32(SCMP_CMP_EQ, -1),
	SCMP_CMP32(3, SCMP_CMP_MASKED_EQ, -1, -2),
};

int main(void)
{
	const struct scmp_version *v = seccomp_version();

	/* version: the header, the library and configure agree */
	EXPECT(SCMP_VER_MAJOR, 2);
	EXPECT(SCMP_VER_MINOR, 6);
	EXPECT(v->major, SCMP_VER_MAJOR);
	EXPECT(v->minor, SCMP_VER_MINOR);
	EXPECT(v->micro, SCMP_VER_MICRO);
	EXPECT(sizeof(struct scmp_version), 12);

	/* attributes */
	EXPECT(_SCMP_FLTATR_MIN, 0);
	EXPECT(SCMP_FLTATR_ACT_DEFAULT, 1);
	EXPECT(SCMP_FLTATR_ACT_BADARCH, 2);
	EXPECT(SCMP_FLTATR_CTL_NNP, 3);
	EXPECT(SCMP_FLTATR_CTL_TSYNC, 4);
	EXPECT(SCMP_FLTATR_API_TSKIP, 5);
	EXPECT(SCMP_FLTATR_CTL_LOG, 6);
	EXPECT(SCMP_FLTATR_CTL_SSB, 7);
	EXPECT(SCMP_FLTATR_CTL_OPTIMIZE, 8);
	EXPECT(SCMP_FLTATR_API_SYSRAWRC, 9);
	EXPECT(SCMP_FLTATR_CTL_WAITKILL, 10);
	/* libseccomp's proposal (PR #457) for ENOSYS past a kernel version */
	EXPECT(SCMP_FLTATR_ACT_ENOSYS, 11);
	EXPECT(SCMP_FLTATR_CTL_KVERMAX, 12);
	EXPECT(_SCMP_FLTATR_MAX, 13);

	/*
	 * kernel versions: libseccomp's development branch up to 6.17 (80),
	 * its open pull requests' 6.18, 6.19 and 7.0 (81..83), then ours
	 * (provisional) in order. Every one, in release order from 2.
	 */
	{
		static const unsigned int kvers[] = {
			SCMP_KV_3_0,  SCMP_KV_3_1,  SCMP_KV_3_2,  SCMP_KV_3_3,
			SCMP_KV_3_4,  SCMP_KV_3_5,  SCMP_KV_3_6,  SCMP_KV_3_7,
			SCMP_KV_3_8,  SCMP_KV_3_9,  SCMP_KV_3_10, SCMP_KV_3_11,
			SCMP_KV_3_12, SCMP_KV_3_13, SCMP_KV_3_14, SCMP_KV_3_15,
			SCMP_KV_3_16, SCMP_KV_3_17, SCMP_KV_3_18, SCMP_KV_3_19,
			SCMP_KV_4_0,  SCMP_KV_4_1,  SCMP_KV_4_2,  SCMP_KV_4_3,
			SCMP_KV_4_4,  SCMP_KV_4_5,  SCMP_KV_4_6,  SCMP_KV_4_7,
			SCMP_KV_4_8,  SCMP_KV_4_9,  SCMP_KV_4_10, SCMP_KV_4_11,
			SCMP_KV_4_12, SCMP_KV_4_13, SCMP_KV_4_14, SCMP_KV_4_15,
			SCMP_KV_4_16, SCMP_KV_4_17, SCMP_KV_4_18, SCMP_KV_4_19,
			SCMP_KV_4_20, SCMP_KV_5_0,  SCMP_KV_5_1,  SCMP_KV_5_2,
			SCMP_KV_5_3,  SCMP_KV_5_4,  SCMP_KV_5_5,  SCMP_KV_5_6,
			SCMP_KV_5_7,  SCMP_KV_5_8,  SCMP_KV_5_9,  SCMP_KV_5_10,
			SCMP_KV_5_11, SCMP_KV_5_12, SCMP_KV_5_13, SCMP_KV_5_14,
			SCMP_KV_5_15, SCMP_KV_5_16, SCMP_KV_5_17, SCMP_KV_5_18,
			SCMP_KV_5_19, SCMP_KV_6_0,  SCMP_KV_6_1,  SCMP_KV_6_2,
			SCMP_KV_6_3,  SCMP_KV_6_4,  SCMP_KV_6_5,  SCMP_KV_6_6,
			SCMP_KV_6_7,  SCMP_KV_6_8,  SCMP_KV_6_9,  SCMP_KV_6_10,
			SCMP_KV_6_11, SCMP_KV_6_12, SCMP_KV_6_13, SCMP_KV_6_14,
			SCMP_KV_6_15, SCMP_KV_6_16, SCMP_KV_6_17, SCMP_KV_6_18,
			SCMP_KV_6_19, SCMP_KV_7_0,  SCMP_KV_7_1,  SCMP_KV_7_2,
		};
		unsigned int i;

		for (i = 0; i < sizeof(kvers) / sizeof(kvers[0]); i++)
			EXPECT(kvers[i], i + 2);
		EXPECT(sizeof(kvers) / sizeof(kvers[0]) + 2, __SCMP_KV_MAX);
	}
	EXPECT(__SCMP_KV_NULL, 0);
	EXPECT(SCMP_KV_UNDEF, 1);
	EXPECT(SCMP_KV_3_0, 2);
	EXPECT(SCMP_KV_3_19, 21);
	EXPECT(SCMP_KV_4_0, 22);
	EXPECT(SCMP_KV_4_20, 42);
	EXPECT(SCMP_KV_5_0, 43);
	EXPECT(SCMP_KV_5_2, 45);
	EXPECT(SCMP_KV_5_3, 46);
	EXPECT(SCMP_KV_5_19, 62);
	EXPECT(SCMP_KV_6_0, 63);
	EXPECT(SCMP_KV_6_16, 79);
	EXPECT(SCMP_KV_6_17, 80);
	EXPECT(SCMP_KV_6_18, 81);
	EXPECT(SCMP_KV_6_19, 82);
	EXPECT(SCMP_KV_7_0, 83);
	EXPECT(SCMP_KV_7_1, 84);
	EXPECT(SCMP_KV_7_2, 85);
	EXPECT(__SCMP_KV_MAX, 86);

	/* comparisons */
	EXPECT(_SCMP_CMP_MIN, 0);
	EXPECT(SCMP_CMP_NE, 1);
	EXPECT(SCMP_CMP_LT, 2);
	EXPECT(SCMP_CMP_LE, 3);
	EXPECT(SCMP_CMP_EQ, 4);
	EXPECT(SCMP_CMP_GE, 5);
	EXPECT(SCMP_CMP_GT, 6);
	EXPECT(SCMP_CMP_MASKED_EQ, 7);
	EXPECT(_SCMP_CMP_MAX, 8);
	/* provisional: libseccomp's open pull request */
	EXPECT(SCMP_CMP_OPMASK, 0xffff);
	EXPECT(SCMP_CMP_32BIT, 0x10000);

	/* struct scmp_arg_cmp: same offsets on LP64 and ILP32 */
	EXPECT(sizeof(scmp_datum_t), 8);
	EXPECT(offsetof(struct scmp_arg_cmp, arg), 0);
	EXPECT(offsetof(struct scmp_arg_cmp, op), 4);
	EXPECT(offsetof(struct scmp_arg_cmp, datum_a), 8);
	EXPECT(offsetof(struct scmp_arg_cmp, datum_b), 16);
	EXPECT(sizeof(struct scmp_arg_cmp), 24);
	EXPECT(static_cmps[0].arg, 0);
	EXPECT(static_cmps[0].op, SCMP_CMP_EQ);
	EXPECT(static_cmps[0].datum_a, 1);
	EXPECT(static_cmps[0].datum_b, 0);
	EXPECT(static_cmps[1].arg, 5);
	EXPECT(static_cmps[1].datum_a, 0xf0);
	EXPECT(static_cmps[1].datum_b, 0x10);
	EXPECT(static_cmps[2].arg, 2);
	EXPECT(static_cmps[2].datum_a, 0xffffffffULL);
	EXPECT(static_cmps[3].datum_a, 0xffffffffULL);
	EXPECT(static_cmps[3].datum_b, 0xfffffffeULL);
	EXPECT(SCMP_A1(SCMP_CMP_EQ, -1).datum_a, 0xffffffffffffffffULL);

	/* actions */
	EXPECT(SCMP_ACT_KILL_PROCESS, 0x80000000U);
	EXPECT(SCMP_ACT_KILL_THREAD, 0);
	EXPECT(SCMP_ACT_KILL, 0);
	EXPECT(SCMP_ACT_TRAP, 0x00030000U);
	/* libseccomp's main branch: TRAP with the SIGSYS si_errno */
	EXPECT(SCMP_ACT_TRAPX(0), SCMP_ACT_TRAP);
	EXPECT(SCMP_ACT_TRAPX(0x1234), 0x00031234U);
	EXPECT(SCMP_ACT_TRAPX(0x12345), 0x00032345U);
	EXPECT(SCMP_ACT_TRAPX(0xffff), 0x0003ffffU);
	EXPECT(SCMP_ACT_ERRNO(1), 0x00050001U);
	EXPECT(SCMP_ACT_ERRNO(0x12345), 0x00052345U);
	EXPECT(SCMP_ACT_TRACE(7), 0x7ff00007U);
	EXPECT(SCMP_ACT_NOTIFY, 0x7fc00000U);
	EXPECT(SCMP_ACT_LOG, 0x7ffc0000U);
	EXPECT(SCMP_ACT_ALLOW, 0x7fff0000U);

	/* architecture tokens */
	EXPECT(SCMP_ARCH_NATIVE, 0);
	EXPECT(SCMP_ARCH_X86, 0x40000003U);
	EXPECT(SCMP_ARCH_X86_64, 0xc000003eU);
	EXPECT(SCMP_ARCH_X32, 0x4000003eU);
	EXPECT(SCMP_ARCH_ARM, 0x40000028U);
	EXPECT(SCMP_ARCH_AARCH64, 0xc00000b7U);
	EXPECT(SCMP_ARCH_LOONGARCH64, 0xc0000102U);
	EXPECT(SCMP_ARCH_M68K, 0x00000004U);
	EXPECT(SCMP_ARCH_MIPS, 0x00000008U);
	EXPECT(SCMP_ARCH_MIPSEL, 0x40000008U);
	EXPECT(SCMP_ARCH_MIPS64, 0x80000008U);
	EXPECT(SCMP_ARCH_MIPSEL64, 0xc0000008U);
	EXPECT(SCMP_ARCH_MIPS64N32, 0xa0000008U);
	EXPECT(SCMP_ARCH_MIPSEL64N32, 0xe0000008U);
	EXPECT(SCMP_ARCH_PARISC, 0x0000000fU);
	EXPECT(SCMP_ARCH_PARISC64, 0x8000000fU);
	EXPECT(SCMP_ARCH_PPC, 0x00000014U);
	EXPECT(SCMP_ARCH_PPC64, 0x80000015U);
	EXPECT(SCMP_ARCH_PPC64LE, 0xc0000015U);
	EXPECT(SCMP_ARCH_S390, 0x00000016U);
	EXPECT(SCMP_ARCH_S390X, 0x80000016U);
	EXPECT(SCMP_ARCH_RISCV64, 0xc00000f3U);
	EXPECT(SCMP_ARCH_SHEB, 0x0000002aU);
	EXPECT(SCMP_ARCH_SH, 0x4000002aU);

	/* syscall macros */
	EXPECT(__NR_SCMP_ERROR, -1);
	EXPECT(__NR_SCMP_UNDEF, -2);
	EXPECT(__PNR_socket, -101);
	EXPECT(__PNR_sendmmsg, -120);
	EXPECT(__PNR_semop, -201);
	EXPECT(__PNR_shmctl, -224);
	EXPECT(__PNR_arch_prctl, -10001);
	EXPECT(__PNR_uprobe, -10254);
	/* 2.6.1's pseudo numbers that 2.5.4's header lacks */
	EXPECT(__PNR_riscv_hwprobe, -10250);
	EXPECT(__PNR_atomic_barrier, -10247);
	EXPECT(__PNR_getpagesize, -10249);
	EXPECT(__PNR_fstat, -10246);
	/* two names, one number; oldwait4 is a number and no syscall */
	EXPECT(__PNR_sys_debug_setcontext, -10191);
	EXPECT(__PNR_switch_endian, -10191);
	EXPECT(__PNR_oldwait4, -10146);
#ifdef __SNR_oldwait4
	printf("FAIL __SNR_oldwait4 is defined: 2.6.1's header has none\n");
	failures++;
#endif
	EXPECT(SCMP_SYS(read), __NR_read);
	EXPECT(SCMP_SYS(socket), __NR_socket);

	/* notification structures */
	EXPECT(sizeof(struct seccomp_data), 64);
	EXPECT(sizeof(struct seccomp_notif), 80);
	EXPECT(offsetof(struct seccomp_notif, data), 16);
	EXPECT(sizeof(struct seccomp_notif_resp), 24);
	EXPECT(offsetof(struct seccomp_notif_resp, error), 16);
	EXPECT(sizeof(struct seccomp_notif_addfd), 24);
	EXPECT(offsetof(struct seccomp_notif_addfd, newfd_flags), 20);

	printf("%s\n", failures ? "FAILED" : "ok");
	return failures ? 1 : 0;
}
