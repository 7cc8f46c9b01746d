/* SPDX-License-Identifier: LGPL-2.1-only */
/* scmp_profile inspect --profile: the proof (scmp_profile_inspect_prove.c). */

#ifndef SCMP_PROFILE_INSPECT_PROVE_H
#define SCMP_PROFILE_INSPECT_PROVE_H

#include <jansson.h>

#include "scmp_profile_inspect_read.h"

/**
 * inspect_prove_diff - every difference between the stack and the
 * profile's program @prof, up to @max (0: all), as text or into @jdiff
 *
 * Returns the count (plus one if more are left), or -errno.
 */
int inspect_prove_diff(struct target *t, struct bpf_sim_prog *prof,
		       unsigned int max, json_t *jdiff);

#endif
