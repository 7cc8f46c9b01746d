/* SPDX-License-Identifier: LGPL-2.1-only */
/* Syscall tables from a file (seccomp_ext_syscall_table_load()). */

#ifndef SYSCALL_FILE_H
#define SYSCALL_FILE_H

int syscall_file_load(const char *path);

#endif
