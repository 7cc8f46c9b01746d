/* SPDX-License-Identifier: LGPL-2.1-only */
/* Tests that run a program: argv in, wait status out, output to files. */

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "run_cmd.h"

static void redirect(const char *path, int fd, int flags)
{
	int f = open(path != NULL ? path : "/dev/null", flags, 0644);

	if (f < 0 || dup2(f, fd) < 0)
		_exit(126);
	close(f);
}

int run_cmd(char *const argv[], const char *out, const char *err)
{
	int status;
	pid_t pid;

	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		redirect(NULL, 0, O_RDONLY);
		redirect(out, 1, O_WRONLY | O_CREAT | O_TRUNC);
		redirect(err, 2, O_WRONLY | O_CREAT | O_TRUNC);
		execvp(argv[0], argv);
		_exit(127);
	}
	if (waitpid(pid, &status, 0) != pid)
		return -1;
	return status;
}

int run_exit(char *const argv[], const char *out, const char *err)
{
	int status = run_cmd(argv, out, err);

	if (status < 0)
		return -1;
	if (WIFSIGNALED(status))
		return 256 + WTERMSIG(status);
	return WEXITSTATUS(status);
}

char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "re");
	size_t cap = 4096, n = 0, got;
	char *buf = NULL, *grown;

	if (f == NULL)
		return NULL;
	for (;;) {
		grown = realloc(buf, cap + 1);
		if (grown == NULL) {
			free(buf);
			fclose(f);
			return NULL;
		}
		buf = grown;
		got = fread(buf + n, 1, cap - n, f);
		n += got;
		if (n < cap)
			break;
		cap *= 2;
	}
	fclose(f);
	buf[n] = '\0';
	if (len != NULL)
		*len = n;
	return buf;
}
