/* SPDX-License-Identifier: LGPL-2.1-only */
/* The check every installed tool that links the library makes first. */

#ifndef LIBCHECK_H
#define LIBCHECK_H

int libcheck_verify(const char *prog);

#endif
