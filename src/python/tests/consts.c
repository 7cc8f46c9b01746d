/* SPDX-License-Identifier: LGPL-2.1-only */
/* consts: print the C values of the Python module's constants, from seccomp.h. */

/*
 * Output: one "NAME VALUE" line per constant, NAME as the module spells it
 * (Arch.X86 for class attributes), VALUE in decimal as a C int holds it:
 * libseccomp's module has its constants as C ints, so actions and arch
 * tokens with the top bit set are negative. The list is written
 * independently of seccomp.c, so test_consts.py catches a constant bound to
 * the wrong C value as well as a conversion that changes it.
 */

#include <stdint.h>
#include <stdio.h>

#include <seccomp.h>
#include <seccomp-ext.h>

/* every constant fits 32 bits; int32_t wraps the top bit to the sign */
#define P(name, value) printf("%s %d\n", name, (int)(int32_t)(uint32_t)(value))
#define KV(major, minor) P("KV_" #major "_" #minor, SCMP_KV_##major##_##minor)

/* the actions, and the flags of notify_addfd() */
static void print_actions(void)
{
	P("KILL_PROCESS", SCMP_ACT_KILL_PROCESS);
	P("KILL", SCMP_ACT_KILL);
	P("TRAP", SCMP_ACT_TRAP);
	P("LOG", SCMP_ACT_LOG);
	P("ALLOW", SCMP_ACT_ALLOW);
	P("NOTIFY", SCMP_ACT_NOTIFY);
	P("ERRNO(0)", SCMP_ACT_ERRNO(0));
	P("ERRNO(1)", SCMP_ACT_ERRNO(1));
	P("ERRNO(4094)", SCMP_ACT_ERRNO(4094));
	P("ERRNO(65535)", SCMP_ACT_ERRNO(65535));
	P("TRACE(0)", SCMP_ACT_TRACE(0));
	P("TRACE(7)", SCMP_ACT_TRACE(7));
	P("TRACE(65535)", SCMP_ACT_TRACE(65535));
	P("TRAPX(0)", SCMP_ACT_TRAPX(0));
	P("TRAPX(4660)", SCMP_ACT_TRAPX(4660));
	P("TRAPX(65535)", SCMP_ACT_TRAPX(65535));
	P("ADDFD_FLAG_SETFD", SECCOMP_ADDFD_FLAG_SETFD);
	P("ADDFD_FLAG_SEND", SECCOMP_ADDFD_FLAG_SEND);
}

/* seccomp.ext: this library's extensions */
static void print_ext(void)
{
	P("ext.VERSION", SCMP_EXT_VERSION);
	P("ext.F_CMP_AND", SCMP_EXT_F_CMP_AND);
	P("ext.F_NOTIFY_SET_FLAGS", SCMP_EXT_F_NOTIFY_SET_FLAGS);
	P("ext.F_SYSCALL_ADD", SCMP_EXT_F_SYSCALL_ADD);
	P("ext.F_SYSCALL_TABLE_LOAD", SCMP_EXT_F_SYSCALL_TABLE_LOAD);
	P("ext.F_RULE_ADD_RAW", SCMP_EXT_F_RULE_ADD_RAW);
	P("ext.F_RESOLVE_NAME_DIRECT", SCMP_EXT_F_RESOLVE_NAME_DIRECT);
	P("ext.USER_NOTIF_FD_SYNC_WAKE_UP", SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP);
	P("ext.F_NOTIFY_ADDFD_SEND", SCMP_EXT_F_NOTIFY_ADDFD_SEND);
	P("ext.F_ACT_BADARG32", SCMP_EXT_F_ACT_BADARG32);
	P("ext.F_CMP_SIGNED", SCMP_EXT_F_CMP_SIGNED);
	P("ext.ATTR_ACT_BADARG32", SCMP_FLTATR_EXT_ACT_BADARG32);
	P("ext.ACT_UNSET", SCMP_EXT_ACT_UNSET);
	P("ext.CMP_SIGNED", SCMP_CMP_EXT_SIGNED);
	P("ext.F_ACT_MUX", SCMP_EXT_F_ACT_MUX);
	P("ext.ATTR_ACT_MUX", SCMP_FLTATR_EXT_ACT_MUX);
}

/* the comparison operators and their flag */
static void print_operators(void)
{
	P("NE", SCMP_CMP_NE);
	P("LT", SCMP_CMP_LT);
	P("LE", SCMP_CMP_LE);
	P("EQ", SCMP_CMP_EQ);
	P("GE", SCMP_CMP_GE);
	P("GT", SCMP_CMP_GT);
	P("MASKED_EQ", SCMP_CMP_MASKED_EQ);
	P("CMP_32BIT", SCMP_CMP_32BIT);
}

/* the Arch class */
static void print_arches(void)
{
	P("Arch.NATIVE", SCMP_ARCH_NATIVE);
	P("Arch.X86", SCMP_ARCH_X86);
	P("Arch.X86_64", SCMP_ARCH_X86_64);
	P("Arch.X32", SCMP_ARCH_X32);
	P("Arch.ARM", SCMP_ARCH_ARM);
	P("Arch.AARCH64", SCMP_ARCH_AARCH64);
	P("Arch.LOONGARCH64", SCMP_ARCH_LOONGARCH64);
	P("Arch.M68K", SCMP_ARCH_M68K);
	P("Arch.MIPS", SCMP_ARCH_MIPS);
	P("Arch.MIPS64", SCMP_ARCH_MIPS64);
	P("Arch.MIPS64N32", SCMP_ARCH_MIPS64N32);
	P("Arch.MIPSEL", SCMP_ARCH_MIPSEL);
	P("Arch.MIPSEL64", SCMP_ARCH_MIPSEL64);
	P("Arch.MIPSEL64N32", SCMP_ARCH_MIPSEL64N32);
	P("Arch.PARISC", SCMP_ARCH_PARISC);
	P("Arch.PARISC64", SCMP_ARCH_PARISC64);
	P("Arch.PPC", SCMP_ARCH_PPC);
	P("Arch.PPC64", SCMP_ARCH_PPC64);
	P("Arch.PPC64LE", SCMP_ARCH_PPC64LE);
	P("Arch.S390", SCMP_ARCH_S390);
	P("Arch.S390X", SCMP_ARCH_S390X);
	P("Arch.RISCV64", SCMP_ARCH_RISCV64);
	P("Arch.SH", SCMP_ARCH_SH);
	P("Arch.SHEB", SCMP_ARCH_SHEB);
}

/* the Attr class */
static void print_attrs(void)
{
	P("Attr.ACT_DEFAULT", SCMP_FLTATR_ACT_DEFAULT);
	P("Attr.ACT_BADARCH", SCMP_FLTATR_ACT_BADARCH);
	P("Attr.CTL_NNP", SCMP_FLTATR_CTL_NNP);
	P("Attr.CTL_TSYNC", SCMP_FLTATR_CTL_TSYNC);
	P("Attr.API_TSKIP", SCMP_FLTATR_API_TSKIP);
	P("Attr.CTL_LOG", SCMP_FLTATR_CTL_LOG);
	P("Attr.CTL_SSB", SCMP_FLTATR_CTL_SSB);
	P("Attr.CTL_OPTIMIZE", SCMP_FLTATR_CTL_OPTIMIZE);
	P("Attr.API_SYSRAWRC", SCMP_FLTATR_API_SYSRAWRC);
	P("Attr.CTL_WAITKILL", SCMP_FLTATR_CTL_WAITKILL);
	P("Attr.ACT_ENOSYS", SCMP_FLTATR_ACT_ENOSYS);
	P("Attr.CTL_KVERMAX", SCMP_FLTATR_CTL_KVERMAX);
}

/* the kernel versions of SCMP_FLTATR_CTL_KVERMAX */
static void print_kernel_versions(void)
{
	P("KV_UNDEF", SCMP_KV_UNDEF);
	KV(3, 0);
	KV(3, 1);
	KV(3, 2);
	KV(3, 3);
	KV(3, 4);
	KV(3, 5);
	KV(3, 6);
	KV(3, 7);
	KV(3, 8);
	KV(3, 9);
	KV(3, 10);
	KV(3, 11);
	KV(3, 12);
	KV(3, 13);
	KV(3, 14);
	KV(3, 15);
	KV(3, 16);
	KV(3, 17);
	KV(3, 18);
	KV(3, 19);
	KV(4, 0);
	KV(4, 1);
	KV(4, 2);
	KV(4, 3);
	KV(4, 4);
	KV(4, 5);
	KV(4, 6);
	KV(4, 7);
	KV(4, 8);
	KV(4, 9);
	KV(4, 10);
	KV(4, 11);
	KV(4, 12);
	KV(4, 13);
	KV(4, 14);
	KV(4, 15);
	KV(4, 16);
	KV(4, 17);
	KV(4, 18);
	KV(4, 19);
	KV(4, 20);
	KV(5, 0);
	KV(5, 1);
	KV(5, 2);
	KV(5, 3);
	KV(5, 4);
	KV(5, 5);
	KV(5, 6);
	KV(5, 7);
	KV(5, 8);
	KV(5, 9);
	KV(5, 10);
	KV(5, 11);
	KV(5, 12);
	KV(5, 13);
	KV(5, 14);
	KV(5, 15);
	KV(5, 16);
	KV(5, 17);
	KV(5, 18);
	KV(5, 19);
	KV(6, 0);
	KV(6, 1);
	KV(6, 2);
	KV(6, 3);
	KV(6, 4);
	KV(6, 5);
	KV(6, 6);
	KV(6, 7);
	KV(6, 8);
	KV(6, 9);
	KV(6, 10);
	KV(6, 11);
	KV(6, 12);
	KV(6, 13);
	KV(6, 14);
	KV(6, 15);
	KV(6, 16);
	KV(6, 17);
	KV(6, 18);
	KV(6, 19);
	KV(7, 0);
	KV(7, 1);
	KV(7, 2);
}

int main(void)
{
	print_actions();
	print_ext();
	print_operators();
	print_arches();
	print_attrs();
	print_kernel_versions();
	P("version().major", SCMP_VER_MAJOR);
	P("version().minor", SCMP_VER_MINOR);
	P("version().micro", SCMP_VER_MICRO);
	return 0;
}
