/* SPDX-License-Identifier: LGPL-2.1-only */
/* Filter database -> classic BPF program. */

#ifndef GEN_BPF_H
#define GEN_BPF_H

#include <stddef.h>

#include <linux/filter.h>

#include "db.h"

int gen_bpf_generate(const struct db_filter *filter, struct sock_filter **prog,
		     size_t *len);

#endif
