/* SPDX-License-Identifier: LGPL-2.1-only */
/* profile_resolve: which reader a profile goes to, OCI's or Firecracker's. */

/*
 * Above both readers, so that neither needs the other: profile.c resolves
 * OCI/Docker profiles, profile_fc.c Firecracker's seccompiler files, and
 * both use profile.c's names and profile_json.c's positions.
 */

#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "profile_fc.h"
#include "profile_priv.h"

/* The host kernel's X.Y; PROFILE_KERNEL_ANY if uname() cannot say. */
static unsigned int running_kernel(void)
{
	struct utsname u;
	unsigned int v;

	if (uname(&u) != 0)
		return PROFILE_KERNEL_ANY;
	v = profile_parse_kernel(u.release);
	return v != 0 ? v : PROFILE_KERNEL_ANY;
}

/**
 * profile_resolve - see profile.h
 */
int profile_resolve(struct profile *p, const struct profile_opts *opts,
		    struct profile_diag *d)
{
	struct profile_opts o = *opts;
	struct path root = { .n = 0 };
	uint32_t host;
	size_t cap = 0;

	memset(d, 0, sizeof(*d));
	free(p->rules);
	free(p->applies);
	p->rules = NULL;
	p->applies = NULL;
	p->cnt = 0;
	p->narch = 0;
	p->nflags = 0;
	p->kvermax = 0;
	p->entries = 0;
	p->fc_filter = NULL;
	if (o.kernel == 0)
		o.kernel = running_kernel();
	host = o.host_arch != 0 ? o.host_arch : seccomp_arch_native();
	if (!json_is_object(p->doc))
		return profile_json_fail(p, d, &root,
					 "a profile is a JSON object");
	p->format = o.format;
	if (p->format == PROFILE_FORMAT_AUTO)
		p->format = profile_fc_detect(p->doc) ?
				    PROFILE_FORMAT_FIRECRACKER :
				    PROFILE_FORMAT_OCI;
	if (p->format == PROFILE_FORMAT_FIRECRACKER)
		return profile_fc_resolve(p, &o, host, d, &cap);
	return profile_oci_resolve(p, &o, host, d, &cap);
}
