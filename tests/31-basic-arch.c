/* SPDX-License-Identifier: LGPL-2.1-only */
/* seccomp_arch_add/remove/exist/resolve_name/name: -EEXIST meaning absent, -EDOM for the other byte order, a filter without ABIs. */

#include <errno.h>
#include <string.h>

#include "filter_snap.h"
#include "test_util.h"

/* Every name the header has a token for. */
static const struct {
	const char *name;
	uint32_t token;
} names[] = {
	{ "x86", SCMP_ARCH_X86 },
	{ "x86_64", SCMP_ARCH_X86_64 },
	{ "x32", SCMP_ARCH_X32 },
	{ "arm", SCMP_ARCH_ARM },
	{ "aarch64", SCMP_ARCH_AARCH64 },
	{ "loongarch64", SCMP_ARCH_LOONGARCH64 },
	{ "m68k", SCMP_ARCH_M68K },
	{ "mips", SCMP_ARCH_MIPS },
	{ "mipsel", SCMP_ARCH_MIPSEL },
	{ "mips64", SCMP_ARCH_MIPS64 },
	{ "mipsel64", SCMP_ARCH_MIPSEL64 },
	{ "mips64n32", SCMP_ARCH_MIPS64N32 },
	{ "mipsel64n32", SCMP_ARCH_MIPSEL64N32 },
	{ "parisc", SCMP_ARCH_PARISC },
	{ "parisc64", SCMP_ARCH_PARISC64 },
	{ "ppc", SCMP_ARCH_PPC },
	{ "ppc64", SCMP_ARCH_PPC64 },
	{ "ppc64le", SCMP_ARCH_PPC64LE },
	{ "riscv64", SCMP_ARCH_RISCV64 },
	{ "s390", SCMP_ARCH_S390 },
	{ "s390x", SCMP_ARCH_S390X },
	{ "sh", SCMP_ARCH_SH },
	{ "sheb", SCMP_ARCH_SHEB },
};

#define NAME_CNT (sizeof(names) / sizeof(names[0]))

/*
 * seccomp_arch_name() names every ABI as seccomp_arch_resolve_name() takes
 * it, the native one for SCMP_ARCH_NATIVE, and no unknown token.
 */
static void check_arch_name(void)
{
	const char *name;
	unsigned int i;

	for (i = 0; i < NAME_CNT; i++) {
		name = seccomp_arch_name(names[i].token);
		if (name == NULL || strcmp(name, names[i].name) != 0) {
			printf("FAIL seccomp_arch_name(%#x) = %s, want %s\n",
			       names[i].token, name ? name : "NULL",
			       names[i].name);
			test_failures++;
			continue;
		}
		EXPECT(seccomp_arch_resolve_name(name), names[i].token);
		/* static data: the same string every time */
		EXPECT(seccomp_arch_name(names[i].token) == name, 1);
	}
	name = seccomp_arch_name(SCMP_ARCH_NATIVE);
	EXPECT(name != NULL && strcmp(name, "x86_64") == 0, 1);
	EXPECT(seccomp_arch_name(SCMP_ARCH_NATIVE) ==
		       seccomp_arch_name(seccomp_arch_native()),
	       1);
	/* alpha (0xC0009026) is only proposed; 1 and ~0 are no token */
	EXPECT(seccomp_arch_name(0xC0009026U) == NULL, 1);
	EXPECT(seccomp_arch_name(1) == NULL, 1);
	EXPECT(seccomp_arch_name(0xffffffffU) == NULL, 1);
	EXPECT(seccomp_arch_name(SCMP_ARCH_X86_64 | 0x20000000U) == NULL, 1);
}

static int big_endian(uint32_t token)
{
	return !(token & 0x40000000U);
}

static void check_names(void)
{
	unsigned int i;

	for (i = 0; i < NAME_CNT; i++)
		EXPECT(seccomp_arch_resolve_name(names[i].name),
		       names[i].token);
	EXPECT(seccomp_arch_resolve_name(NULL), 0);
	EXPECT(seccomp_arch_resolve_name(""), 0);
	EXPECT(seccomp_arch_resolve_name("X86_64"), 0);
	EXPECT(seccomp_arch_resolve_name("x86_64 "), 0);
	EXPECT(seccomp_arch_resolve_name("native"), 0);
	EXPECT(seccomp_arch_resolve_name("i386"), 0);
	EXPECT(seccomp_arch_native(), SCMP_ARCH_X86_64);
}

/* Each ABI into a filter of its own byte order, the others -EDOM. */
static void check_each(void)
{
	unsigned int i, j;
	scmp_filter_ctx ctx;

	for (i = 0; i < NAME_CNT; i++) {
		ctx = seccomp_init(SCMP_ACT_ALLOW);
		EXPECT(seccomp_arch_remove(ctx, SCMP_ARCH_NATIVE), 0);
		EXPECT(seccomp_arch_add(ctx, names[i].token), 0);
		EXPECT(seccomp_arch_exist(ctx, names[i].token), 0);
		EXPECT_KEEPS(ctx, seccomp_arch_add(ctx, names[i].token),
			     -EEXIST);
		for (j = 0; j < NAME_CNT; j++) {
			if (j == i)
				continue;
			if (big_endian(names[j].token) !=
			    big_endian(names[i].token)) {
				EXPECT_KEEPS(
					ctx,
					seccomp_arch_add(ctx, names[j].token),
					-EDOM);
				EXPECT(seccomp_arch_exist(ctx, names[j].token),
				       -EEXIST);
			} else {
				EXPECT(seccomp_arch_add(ctx, names[j].token),
				       0);
			}
		}
		/* every ABI of that byte order in one filter */
		EXPECT(seccomp_rule_add(ctx, SCMP_ACT_ERRNO(1),
					seccomp_syscall_resolve_name("read"),
					0),
		       0);
		seccomp_release(ctx);
	}
}

static void check_one_filter(void)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);

	/* 0 means present, 0 is also the native ABI */
	EXPECT(seccomp_arch_exist(ctx, SCMP_ARCH_NATIVE), 0);
	EXPECT(seccomp_arch_exist(ctx, SCMP_ARCH_X86_64), 0);
	EXPECT(seccomp_arch_exist(ctx, SCMP_ARCH_X86), -EEXIST);
	EXPECT(seccomp_arch_exist(ctx, 0x12345678), -EINVAL);
	EXPECT(seccomp_arch_exist(NULL, SCMP_ARCH_X86), -EINVAL);
	EXPECT(seccomp_rule_add(ctx, SCMP_ACT_KILL, 0, 0), 0);

	EXPECT_KEEPS(ctx, seccomp_arch_add(ctx, SCMP_ARCH_NATIVE), -EEXIST);
	EXPECT_KEEPS(ctx, seccomp_arch_add(ctx, SCMP_ARCH_X86_64), -EEXIST);
	EXPECT_KEEPS(ctx, seccomp_arch_add(ctx, 0x12345678), -EINVAL);
	EXPECT_KEEPS(ctx, seccomp_arch_add(ctx, SCMP_ARCH_PPC64), -EDOM);
	EXPECT(seccomp_arch_add(NULL, SCMP_ARCH_X86), -EINVAL);

	EXPECT_KEEPS(ctx, seccomp_arch_remove(ctx, SCMP_ARCH_X86), -EEXIST);
	EXPECT_KEEPS(ctx, seccomp_arch_remove(ctx, 0x12345678), -EINVAL);
	EXPECT(seccomp_arch_remove(NULL, SCMP_ARCH_X86), -EINVAL);

	/* a new ABI gets none of the existing rules */
	EXPECT(seccomp_arch_add(ctx, SCMP_ARCH_X86), 0);
	EXPECT(seccomp_arch_exist(ctx, SCMP_ARCH_X86), 0);
	EXPECT(seccomp_arch_remove(ctx, SCMP_ARCH_X86), 0);
	EXPECT(seccomp_arch_exist(ctx, SCMP_ARCH_X86), -EEXIST);
	EXPECT_KEEPS(ctx, seccomp_arch_remove(ctx, SCMP_ARCH_X86), -EEXIST);

	/* without any ABI the filter is unusable ... */
	EXPECT(seccomp_arch_remove(ctx, SCMP_ARCH_NATIVE), 0);
	EXPECT(seccomp_arch_exist(ctx, SCMP_ARCH_NATIVE), -EEXIST);
	EXPECT(seccomp_rule_add(ctx, SCMP_ACT_KILL, 0, 0), -EINVAL);
	EXPECT(seccomp_syscall_priority(ctx, 0, 1), -EINVAL);
	EXPECT(seccomp_export_bpf(ctx, 1), -EINVAL);
	EXPECT(seccomp_export_pfc(ctx, 1), -EINVAL);
	EXPECT(seccomp_load(ctx), -EINVAL);
	/* ... until an ABI of either byte order comes */
	EXPECT(seccomp_arch_add(ctx, SCMP_ARCH_S390X), 0);
	EXPECT(seccomp_arch_add(ctx, SCMP_ARCH_X86_64), -EDOM);
	EXPECT(seccomp_rule_add(ctx, SCMP_ACT_KILL, 0, 0), 0);
	seccomp_release(ctx);
}

int main(void)
{
	if (seccomp_arch_native() != SCMP_ARCH_X86_64)
		return 77;
	check_names();
	check_arch_name();
	check_each();
	check_one_filter();
	return test_result();
}
