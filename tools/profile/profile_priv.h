/* SPDX-License-Identifier: LGPL-2.1-only */
/* profile_priv.h: what profile.c gives the readers and the dispatch. */

/*
 * profile_resolve.c sends a profile to its reader: profile.c reads
 * OCI/Docker profiles, profile_fc.c Firecracker's (profile_fc.h), and
 * both push their rules and ABIs with profile.c's helpers below;
 * profile_build.c makes the filter of either's rules.
 */

#ifndef PROFILE_PRIV_H
#define PROFILE_PRIV_H

#include <stddef.h>
#include <stdint.h>

#include "profile_json.h"

/**
 * profile_add_arch - ABI @token into @p's, once
 *
 * Returns 0; -E2BIG when PROFILE_ARCHES are there.
 */
int profile_add_arch(struct profile *p, uint32_t token);

/**
 * profile_push_rule - a copy of @r onto @p's rules
 * @cap: the room the rules have, grown here
 *
 * Returns 0; -ENOMEM.
 */
int profile_push_rule(struct profile *p, size_t *cap,
		      const struct profile_rule *r);

/**
 * profile_oci_resolve - the rules of OCI/Docker profile @p (see
 * profile_resolve()), for ABI @host unless @o names the ABIs
 * @cap: the room @p's rules have (profile_push_rule())
 *
 * Returns 0; -EINVAL and @d; -ENOMEM.
 */
int profile_oci_resolve(struct profile *p, const struct profile_opts *o,
			uint32_t host, struct profile_diag *d, size_t *cap);

#endif
