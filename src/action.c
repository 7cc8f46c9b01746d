/* SPDX-License-Identifier: LGPL-2.1-only */
/* The actions libseccomp knows: one table row each, read by every layer. */

#include <seccomp.h>

#include "action.h"

/*
 * Adding an action is one row (and ACTION_COUNT). action_find() reads the
 * rows in order, and most rules allow or fail a call: with ALLOW seventh,
 * Docker's x86_64 filter built 6% slower (make bench). ERRNO takes values
 * below MAX_ERRNO (4095): larger ones would read as a valid return value
 * to the caller. TRAP's data (SCMP_ACT_TRAPX) is the SIGSYS handler's
 * si_errno, any 16-bit value, at the level of TRAP itself: the kernel has
 * passed it since seccomp filters began. PFC prints NOTIFY in hex, as
 * libseccomp does. A kernel that lists NOTIFY also has its listener (both
 * came in Linux 5.0).
 */
const struct action_def action_defs[] = {
	/* value, data_max, pfc_name, api_level, lets_through */
	{ SCMP_ACT_ALLOW, 0, "ALLOW", 1, true },
	{ SCMP_ACT_ERRNO(0), 4094, "ERRNO", 1, false },
	{ SCMP_ACT_KILL_PROCESS, 0, "KILL_PROCESS", 3, false },
	{ SCMP_ACT_KILL_THREAD, 0, "KILL", 1, false },
	{ SCMP_ACT_TRAP, ACTION_DATA, "TRAP", 1, false },
	{ SCMP_ACT_TRACE(0), ACTION_DATA, "TRACE", 1, true },
	{ SCMP_ACT_LOG, 0, "LOG", 3, true },
	{ SCMP_ACT_NOTIFY, 0, NULL, 5, true },
};

_Static_assert(sizeof(action_defs) / sizeof(action_defs[0]) == ACTION_COUNT,
	       "ACTION_COUNT is the number of rows of action_defs[]");

/**
 * action_find - the row of an action libseccomp accepts
 * @action: an SCMP_ACT_* value, data field included
 *
 * Returns the row, or NULL for a value that is no action or whose data
 * field is out of range.
 */
const struct action_def *action_find(uint32_t action)
{
	unsigned int i;

	for (i = 0; i < ACTION_COUNT; i++)
		if ((action & ~ACTION_DATA) == action_defs[i].value &&
		    (action & ACTION_DATA) <= action_defs[i].data_max)
			return &action_defs[i];
	return NULL;
}
