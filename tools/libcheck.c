/* SPDX-License-Identifier: LGPL-2.1-only */
/* Whether the libseccomp.so.2 the loader found is the one a tool was built
 * with. */

#define _GNU_SOURCE /* dladdr() */
#include <dlfcn.h>
#include <stdbool.h>
#include <stdio.h>

#include <seccomp.h>

#include "libcheck.h"

/**
 * libcheck_verify - stop a tool that runs on another libseccomp.so.2
 * @prog: the tool's name, for the message
 *
 * A tool calls functions an older library lacks (the first call of one
 * ends it with "symbol lookup error", status 127) and relies on this one's
 * behaviour; the tools are bound lazily so that this check, which calls
 * only seccomp_version() (libseccomp 2.3 and later), runs first. The usual
 * cause is make install without ldconfig: the loader's cache still sends
 * it to the system's library, for LIBCHECK_LIBDIR is found only through
 * the cache; LD_LIBRARY_PATH is the other. The path comes from the
 * library's version structure, which lies in the library itself.
 *
 * Returns 0 if the library's version is the build's; otherwise -1, after
 * one line on stderr naming the library found, its version and the fix.
 */
int libcheck_verify(const char *prog)
{
	const struct scmp_version *v = seccomp_version();
	const char *path = "libseccomp.so.2";
	/* libseccomp's own 2.6.1 has our version number, not our calls */
	bool ours = dlsym(RTLD_DEFAULT, "seccomp_ext_features") != NULL;
	Dl_info info;
	bool same = v != NULL && v->major == SCMP_VER_MAJOR &&
		    v->minor == SCMP_VER_MINOR && v->micro == SCMP_VER_MICRO;

	if (same && ours)
		return 0;
	if (v != NULL && dladdr(v, &info) != 0 && info.dli_fname != NULL)
		path = info.dli_fname;
	if (v != NULL)
		fprintf(stderr,
			"%s: wrong library: %s is libseccomp %u.%u.%u%s", prog,
			path, v->major, v->minor, v->micro,
			same ? " without this library's extensions" : "");
	else
		fprintf(stderr, "%s: wrong library: %s has no version", prog,
			path);
	fprintf(stderr,
		", built for %d.%d.%d in %s: run ldconfig (as root) after"
		" make install, or put %s first in LD_LIBRARY_PATH\n",
		SCMP_VER_MAJOR, SCMP_VER_MINOR, SCMP_VER_MICRO, LIBCHECK_LIBDIR,
		LIBCHECK_LIBDIR);
	return -1;
}
