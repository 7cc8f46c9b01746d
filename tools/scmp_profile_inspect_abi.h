/* SPDX-License-Identifier: LGPL-2.1-only */
/* scmp_profile inspect: the report per ABI (scmp_profile_inspect_abi.c). */

#ifndef SCMP_PROFILE_INSPECT_ABI_H
#define SCMP_PROFILE_INSPECT_ABI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "scmp_profile_inspect_read.h"

/** inspect_action_name - a return value as the report names it */
void inspect_action_name(uint32_t v, char *buf, size_t size);

/**
 * inspect_report_abis - the ABIs to report: this machine's and those
 * the filters test, at most @max into @out
 *
 * Returns how many.
 */
unsigned int inspect_report_abis(struct target *t,
				 const struct bpf_sim_arch **out, size_t max);

/**
 * inspect_report_abi - the regions of ABI @a, as text or into @ja
 *
 * Returns 0 or -ENOMEM.
 */
int inspect_report_abi(struct target *t, const struct bpf_sim_arch *a,
		       bool json, json_t *ja);

/** inspect_report_other - what arch values of no ABI get */
void inspect_report_other(struct target *t, bool json, json_t *root);

#endif
