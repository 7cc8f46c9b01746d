/* SPDX-License-Identifier: LGPL-2.1-only */
/* Filter database -> PFC, libseccomp's human-readable pseudo filter code. */

#ifndef GEN_PFC_H
#define GEN_PFC_H

#include <stddef.h>

#include "db.h"

int gen_pfc_generate(const struct db_filter *filter, char **text, size_t *len);

#endif
