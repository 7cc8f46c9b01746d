/* SPDX-License-Identifier: LGPL-2.1-only */
/* profile_fc.h: the Firecracker reader, for the dispatch. */

#ifndef PROFILE_FC_H
#define PROFILE_FC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "profile.h"

/** profile_fc_detect - whether @doc is a Firecracker file */
bool profile_fc_detect(const json_t *doc);

/**
 * profile_fc_resolve - the rules of Firecracker file @p (see
 * profile_resolve()), for ABI @host unless @o names the ABIs
 * @cap: the room @p's rules have (profile_push_rule())
 *
 * Returns 0; -EINVAL and @d; -ENOMEM.
 */
int profile_fc_resolve(struct profile *p, const struct profile_opts *o,
		       uint32_t host, struct profile_diag *d, size_t *cap);

#endif
