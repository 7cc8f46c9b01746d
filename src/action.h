/* SPDX-License-Identifier: LGPL-2.1-only */
/* The actions libseccomp knows: one table row each, read by every layer. */

#ifndef ACTION_H
#define ACTION_H

#include <stdbool.h>
#include <stdint.h>

/*
 * The low 16 bits of an action: ERRNO's errno, TRACE's message, TRAP's
 * si_errno.
 */
#define ACTION_DATA 0x0000ffffU

/*
 * An action as api.c checks it, system.c probes it, gen_bpf.c weighs it
 * and gen_pfc.c prints it.
 */
struct action_def {
	uint32_t value;	      /* SCMP_ACT_*, with 0 in the data field */
	uint32_t data_max;    /* the largest data field: 0 without one */
	const char *pfc_name; /* NULL: PFC prints the value in hex */
	/*
	 * The lowest API level that has it. Above level 1 the kernel must
	 * list it (SECCOMP_GET_ACTION_AVAIL came with the first such action).
	 */
	unsigned int api_level;
	/*
	 * The call goes on, maybe by way of a tracer or supervisor: programs
	 * make it again and again, while a denied call is usually given up.
	 */
	bool lets_through;
};

/* The rows of action_defs[]; action.c checks the count. */
#define ACTION_COUNT 8

extern const struct action_def action_defs[];

const struct action_def *action_find(uint32_t action);

#endif
