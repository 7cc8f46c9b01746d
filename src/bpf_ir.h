/* SPDX-License-Identifier: LGPL-2.1-only */
/* A classic BPF program as a shared instruction graph, and its layout. */

#ifndef BPF_IR_H
#define BPF_IR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <linux/filter.h>

/*
 * What the accumulator must hold when an instruction runs: a 32-bit word of
 * seccomp_data at some offset, possibly masked, or anything (BPF_ACC_ANY).
 */
typedef uint64_t bpf_acc;
#define BPF_ACC_ANY ((bpf_acc)0)

static inline bpf_acc bpf_acc_word(unsigned int offset, uint32_t mask)
{
	return ((bpf_acc)(offset + 1) << 32) | mask;
}

struct bpf_ir;

struct bpf_ir *bpf_ir_new(void);
void bpf_ir_free(struct bpf_ir *ir);

int bpf_ir_ret(struct bpf_ir *ir, uint32_t action);
int bpf_ir_jump(struct bpf_ir *ir, uint16_t op, uint32_t k, bpf_acc acc,
		int jt, int jf);
bool bpf_ir_ret_action(const struct bpf_ir *ir, int id, uint32_t *action);
int bpf_ir_layout(struct bpf_ir *ir, int root, bool big_endian,
		  struct sock_filter **prog, size_t *len);

#endif
