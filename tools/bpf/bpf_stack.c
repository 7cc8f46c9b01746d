/* SPDX-License-Identifier: LGPL-2.1-only */
/* bpf_stack: the filters of a task, as one stack, and what it returns. */

#include "bpf_stack.h"

/**
 * bpf_stack_wins - see bpf_stack.h
 */
bool bpf_stack_wins(uint32_t v, uint32_t kept)
{
	return bpf_sim_action_rank(v) < bpf_sim_action_rank(kept);
}

/**
 * bpf_stack_run - see bpf_stack.h
 */
int bpf_stack_run(const struct bpf_stack *s, const struct seccomp_data *d,
		  uint32_t *ret, int *decider)
{
	struct bpf_sim_result out;
	unsigned int i;
	int who = -1, rc;

	*ret = SECCOMP_RET_ALLOW;
	for (i = s->cnt; i-- > 0;) {
		rc = bpf_sim_run(&s->prog[i], d, &out);
		if (rc < 0)
			return rc;
		if (who < 0 || bpf_stack_wins(out.action, *ret)) {
			*ret = out.action;
			who = (int)i;
		}
	}
	if (decider != NULL)
		*decider = who;
	return 0;
}
