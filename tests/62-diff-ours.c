/* SPDX-License-Identifier: LGPL-2.1-only */
/* 62-diff-ours: the tests build against our header and run on our library. */

/*
 * With Debian's libseccomp-dev installed, /usr/include/seccomp.h and
 * /usr/lib/.../libseccomp.so.2 could quietly stand in for ours and every
 * other test would then test 2.5.4. This one is built and linked exactly
 * like them and checks:
 *
 *  - at compile time: the header is 2.6's (SCMP_VER_MINOR, names 2.5.4's
 *    header lacks);
 *  - at run time: seccomp_init comes from a libseccomp.so.2 inside the
 *    build tree, no other libseccomp is mapped, seccomp_version() is 2.6,
 *    and symbols only ours exports resolve;
 *  - if the system library is there: it really is another one (its
 *    version differs and it lacks seccomp_notify_addfd), so the checks
 *    above could fail.
 */

#define _GNU_SOURCE
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <seccomp.h>

#include "test_util.h"

#if SCMP_VER_MAJOR != 2 || SCMP_VER_MINOR != 6
#error "not our seccomp.h: the tests must build against include/seccomp.h.in"
#endif

/* clang-format off */
/* Declared by 2.6's header only: with 2.5.4's these do not compile. */
static int (*const addfd)(int, struct seccomp_notif_addfd *) =
	seccomp_notify_addfd;
static int (*const bpf_mem)(const scmp_filter_ctx, void *, size_t *) =
	seccomp_export_bpf_mem;
/* clang-format on */
static const enum scmp_filter_attr waitkill = SCMP_FLTATR_CTL_WAITKILL;

static const char *const system_paths[] = {
	"/usr/lib/x86_64-linux-gnu/libseccomp.so.2",
	"/usr/lib/i386-linux-gnu/libseccomp.so.2",
	"/usr/lib/aarch64-linux-gnu/libseccomp.so.2",
	"/usr/lib64/libseccomp.so.2",
	"/usr/lib/libseccomp.so.2",
};

/* Counts the libseccomp objects mapped into this process. */
static int mapped_libseccomp(char *first, size_t size)
{
	char line[4096], last[4096] = "", *path;
	int count = 0;
	FILE *f;

	f = fopen("/proc/self/maps", "r");
	if (f == NULL)
		return -1;
	while (fgets(line, sizeof(line), f) != NULL) {
		path = strchr(line, '/');
		if (path == NULL)
			continue;
		path[strcspn(path, "\n")] = '\0';
		/* the file name, not the directories (a dist build sits in
		 * libseccomp-VERSION/) */
		if (strncmp(strrchr(path, '/') + 1, "libseccomp", 10) != 0)
			continue;
		if (strcmp(path, last) == 0)
			continue;
		snprintf(last, sizeof(last), "%s", path);
		if (count++ == 0)
			snprintf(first, size, "%s", path);
	}
	fclose(f);
	return count;
}

int main(void)
{
	const char *builddir = getenv("abs_top_builddir");
	const struct scmp_version *v = seccomp_version();
	char lib[PATH_MAX], dir[PATH_MAX], mapped[4096];
	const struct scmp_version *(*their_version)(void);
	Dl_info info;
	unsigned int i;
	void *h;

	EXPECT(addfd != NULL && bpf_mem != NULL, 1);
	EXPECT(waitkill, 10);

	/* the library: ours, from the build tree, and only ours */
	EXPECT(v->major, SCMP_VER_MAJOR);
	EXPECT(v->minor, SCMP_VER_MINOR);
	EXPECT(v->micro, SCMP_VER_MICRO);
	EXPECT(dladdr((void *)seccomp_init, &info) != 0, 1);
	if (info.dli_fname == NULL || realpath(info.dli_fname, lib) == NULL) {
		printf("FAIL: cannot tell where seccomp_init comes from\n");
		test_failures++;
	} else if (builddir == NULL) {
		printf("note: abs_top_builddir unset, library %s\n", lib);
	} else if (realpath(builddir, dir) == NULL ||
		   strncmp(lib, dir, strlen(dir)) != 0 ||
		   lib[strlen(dir)] != '/') {
		printf("FAIL: seccomp_init comes from %s, outside the build "
		       "tree %s\n",
		       lib, builddir);
		test_failures++;
	} else {
		printf("library: %s\n", lib);
	}
	EXPECT(mapped_libseccomp(mapped, sizeof(mapped)), 1);
	EXPECT(dlsym(RTLD_DEFAULT, "seccomp_notify_addfd") != NULL, 1);
	EXPECT(dlsym(RTLD_DEFAULT, "seccomp_transaction_start") != NULL, 1);

	/* the system library, if any, must be told apart by these checks */
	for (i = 0; i < sizeof(system_paths) / sizeof(system_paths[0]); i++) {
		h = dlmopen(LM_ID_NEWLM, system_paths[i],
			    RTLD_NOW | RTLD_LOCAL);
		if (h == NULL)
			continue;
		their_version = (const struct scmp_version *(*)(void))dlsym(
			h, "seccomp_version");
		if (their_version != NULL) {
			printf("system library %s: %u.%u.%u\n", system_paths[i],
			       their_version()->major, their_version()->minor,
			       their_version()->micro);
			EXPECT(their_version()->minor != SCMP_VER_MINOR ||
				       dlsym(h, "seccomp_notify_addfd") == NULL,
			       1);
		}
		dlclose(h);
		break;
	}
	return test_result();
}
