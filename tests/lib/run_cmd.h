/* SPDX-License-Identifier: LGPL-2.1-only */
/* Tests that run a program: argv in, wait status out, output to files. */

#ifndef RUN_CMD_H
#define RUN_CMD_H

/*
 * run_cmd - run @argv (argv[0] a path, or a name looked up in PATH) with
 * stdout to @out and stderr to @err (NULL: /dev/null; stdin is
 * /dev/null). Returns the wait status, or -1 if it could not be started.
 */
int run_cmd(char *const argv[], const char *out, const char *err);

/* run_exit - run_cmd()'s exit status; 256 + signal if killed, -1. */
int run_exit(char *const argv[], const char *out, const char *err);

/* read_file - a whole file, NUL-terminated (free() it); NULL if none. */
char *read_file(const char *path, size_t *len);

#endif
