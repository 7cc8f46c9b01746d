/* SPDX-License-Identifier: LGPL-2.1-only */
/* seccomp_export_bpf_mem, _bpf and _pfc: sizes, short buffers, bad descriptors, byte order. */

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "filter_spec.h"
#include "test_util.h"

#define BUF_MAX 4096

/* The BPF as seccomp_export_bpf writes it to a file. */
static size_t export_fd(scmp_filter_ctx ctx, unsigned char *buf)
{
	FILE *f = tmpfile();
	size_t len;

	EXPECT(seccomp_export_bpf(ctx, fileno(f)), 0);
	rewind(f);
	len = fread(buf, 1, BUF_MAX, f);
	fclose(f);
	return len;
}

static void check_mem(scmp_filter_ctx ctx)
{
	unsigned char want[BUF_MAX], buf[BUF_MAX + 16];
	size_t size = export_fd(ctx, want), len;
	unsigned int i;

	EXPECT(size > 0 && size % 8 == 0, 1);
	/* a size query */
	len = 0;
	EXPECT(seccomp_export_bpf_mem(ctx, NULL, &len), 0);
	EXPECT(len, size);
	len = 12345;
	EXPECT(seccomp_export_bpf_mem(ctx, NULL, &len), 0);
	EXPECT(len, size);

	/* exactly large enough, and larger: only the program is written */
	memset(buf, 0xa5, sizeof(buf));
	len = size;
	EXPECT(seccomp_export_bpf_mem(ctx, buf, &len), 0);
	EXPECT(len, size);
	EXPECT(memcmp(buf, want, size), 0);
	memset(buf, 0xa5, sizeof(buf));
	len = sizeof(buf);
	EXPECT(seccomp_export_bpf_mem(ctx, buf, &len), 0);
	EXPECT(len, size);
	EXPECT(memcmp(buf, want, size), 0);
	for (i = size; i < sizeof(buf); i++)
		if (buf[i] != 0xa5)
			break;
	EXPECT(i, sizeof(buf));

	/* too small: -ERANGE, the size is reported, nothing written */
	memset(buf, 0xa5, sizeof(buf));
	len = size - 1;
	EXPECT(seccomp_export_bpf_mem(ctx, buf, &len), -ERANGE);
	EXPECT(len, size);
	len = 0;
	EXPECT(seccomp_export_bpf_mem(ctx, buf, &len), -ERANGE);
	EXPECT(len, size);
	for (i = 0; i < sizeof(buf); i++)
		if (buf[i] != 0xa5)
			break;
	EXPECT(i, sizeof(buf));

	EXPECT(seccomp_export_bpf_mem(ctx, buf, NULL), -EINVAL);
	EXPECT(seccomp_export_bpf_mem(ctx, NULL, NULL), -EINVAL);
	len = 7;
	EXPECT(seccomp_export_bpf_mem(NULL, buf, &len), -EINVAL);
	EXPECT(len, 7);
}

/* Kernel and I/O errors: -ECANCELED, or the raw errno with SYSRAWRC. */
static void check_fd(scmp_filter_ctx ctx)
{
	EXPECT(seccomp_export_bpf(ctx, -1), -ECANCELED);
	EXPECT(seccomp_export_pfc(ctx, -1), -ECANCELED);
	EXPECT(seccomp_export_bpf(ctx, 12345), -ECANCELED);
	EXPECT(seccomp_attr_set(ctx, SCMP_FLTATR_API_SYSRAWRC, 1), 0);
	EXPECT(seccomp_export_bpf(ctx, -1), -EBADF);
	EXPECT(seccomp_export_pfc(ctx, -1), -EBADF);
	EXPECT(seccomp_attr_set(ctx, SCMP_FLTATR_API_SYSRAWRC, 0), 0);
}

/* The bytes are in the filter's byte order: "ld [4]" is 0x0020, k 4. */
static void check_order(const char *arch, int big_endian)
{
	const char *spec[] = { "init ALLOW", "arch -native", arch,
			       "rule KILL read", NULL };
	static const unsigned char ld_be[] = { 0x00, 0x20, 0, 0, 0, 0, 0, 4 };
	static const unsigned char ld_le[] = { 0x20, 0x00, 0, 0, 4, 0, 0, 0 };
	unsigned char buf[BUF_MAX];
	size_t len = sizeof(buf);
	scmp_filter_ctx ctx;
	int status;

	ctx = spec_build(spec, &status);
	EXPECT(status, 0);
	EXPECT(seccomp_export_bpf_mem(ctx, buf, &len), 0);
	EXPECT(memcmp(buf, big_endian ? ld_be : ld_le, 8), 0);
	seccomp_release(ctx);
}

int main(void)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);

	EXPECT(SPEC(ctx, "arch +x86", "rule KILL read a0==1",
		    "rule TRAP write"),
	       0);
	check_mem(ctx);
	check_fd(ctx);
	seccomp_release(ctx);
	check_order("arch +s390x", 1);
	check_order("arch +mips", 1);
	check_order("arch +aarch64", 0);
	check_order("arch +mipsel", 0);
	return test_result();
}
