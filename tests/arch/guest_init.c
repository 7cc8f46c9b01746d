/* SPDX-License-Identifier: LGPL-2.1-only */
/* PID 1 of a check-arch guest: run the test programs, report, power off. */

/*
 * The initramfs holds one directory per ABI under /t, each with statically
 * linked test programs. Every program runs in a child of its own with a
 * time limit, its output going to the console; after it ends one line
 *   @@ RESULT <abi> <test> PASS|FAIL|SKIP <seconds> <wait status>
 * tells check-arch.sh the verdict (exit 0 pass, 77 skip, anything else
 * fail). "@@ KERNEL" and "@@ ACTIONS" lines come first, "@@ DONE" last:
 * a guest that stops before it has failed, whatever it printed.
 * Programs that tests spawn (/bin/true) are of the ABI under test: /bin
 * is a link to /b/<abi>, changed before each ABI's tests.
 */

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>

#define TESTS_DIR "/t"
#define BIN_DIRS "/b"

/* Seconds one test program may run under emulation before it is killed. */
#define TEST_TIMEOUT 900

/*
 * Seconds one forked child of a live test may run (LIVE_TIMEOUT, read by
 * tests/lib/live_util.c): 10 on the host, a coin toss under TCG, where a
 * child that loads filters until the kernel's budget is spent took over
 * 10 s on the big-endian MIPS n32 guest. TEST_TIMEOUT still ends a hang.
 */
#define CHILD_TIMEOUT "300"

/* Names of a directory's entries, sorted, without the dot entries. */
static int entries(const char *dir, struct dirent ***list)
{
	int i, n = scandir(dir, list, NULL, alphasort);
	int kept = 0;

	for (i = 0; i < n; i++) {
		if ((*list)[i]->d_name[0] == '.')
			free((*list)[i]);
		else
			(*list)[kept++] = (*list)[i];
	}
	return n < 0 ? -1 : kept;
}

/* The console as stdin, stdout and stderr; devtmpfs provides it. */
static void console_open(void)
{
	int fd;

	mkdir("/dev", 0755);
	mount("devtmpfs", "/dev", "devtmpfs", 0, NULL);
	fd = open("/dev/console", O_RDWR);
	if (fd < 0)
		return;
	dup2(fd, 0);
	dup2(fd, 1);
	dup2(fd, 2);
	if (fd > 2)
		close(fd);
	setvbuf(stdout, NULL, _IOLBF, 0);
}

/* What the guest runs: kernel release, machine, seccomp actions. */
static void report_kernel(void)
{
	struct utsname u;
	char actions[256] = "none";
	FILE *f;

	/* a line of its own: firmware may leave escape codes before it */
	if (uname(&u) == 0)
		printf("\n@@ KERNEL %s %s\n", u.release, u.machine);
	f = fopen("/proc/sys/kernel/seccomp/actions_avail", "r");
	if (f != NULL) {
		if (fgets(actions, sizeof(actions), f) != NULL)
			actions[strcspn(actions, "\n")] = '\0';
		fclose(f);
	}
	printf("@@ ACTIONS %s\n", actions);
}

/* Run one test program; its verdict line. */
static void run_test(const char *abi, const char *dir, const char *name)
{
	char path[600];
	struct timespec t0, t1;
	const char *verdict;
	int status = 0;
	pid_t pid;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	printf("@@ START %s %s\n", abi, name);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	pid = fork();
	if (pid == 0) {
		char *argv[] = { path, NULL };

		if (chdir("/tmp") != 0)
			_exit(126);
		alarm(TEST_TIMEOUT);
		execv(path, argv);
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		status = -1;
	clock_gettime(CLOCK_MONOTONIC, &t1);

	if (status >= 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0)
		verdict = "PASS";
	else if (status >= 0 && WIFEXITED(status) && WEXITSTATUS(status) == 77)
		verdict = "SKIP";
	else
		verdict = "FAIL";
	printf("@@ RESULT %s %s %s %ld %#x\n", abi, name, verdict,
	       (long)(t1.tv_sec - t0.tv_sec), (unsigned int)status);
}

/* Reap orphans the tests left (PID 1 inherits them) without blocking. */
static void reap(void)
{
	while (waitpid(-1, NULL, WNOHANG) > 0)
		;
}

int main(void)
{
	struct dirent **abis, **tests;
	int i, j, abi_cnt, test_cnt;
	char dir[300];

	console_open();
	mkdir("/proc", 0755);
	mkdir("/tmp", 01777);
	mount("proc", "/proc", "proc", 0, NULL);
	mount("tmpfs", "/tmp", "tmpfs", 0, NULL);
	report_kernel();
	setenv("LIVE_TIMEOUT", CHILD_TIMEOUT, 1);

	abi_cnt = entries(TESTS_DIR, &abis);
	for (i = 0; i < abi_cnt; i++) {
		snprintf(dir, sizeof(dir), "%s/%s", BIN_DIRS, abis[i]->d_name);
		unlink("/bin");
		if (symlink(dir, "/bin") != 0)
			printf("@@ NOTE no /bin for %s\n", abis[i]->d_name);
		snprintf(dir, sizeof(dir), "%s/%s", TESTS_DIR, abis[i]->d_name);
		test_cnt = entries(dir, &tests);
		for (j = 0; j < test_cnt; j++) {
			run_test(abis[i]->d_name, dir, tests[j]->d_name);
			reap();
			free(tests[j]);
		}
		if (test_cnt >= 0)
			free(tests);
		free(abis[i]);
	}
	printf("@@ DONE\n");
	fflush(stdout);
	sync();
	reboot(RB_POWER_OFF);
	/* PID 1 must not exit: the kernel would panic */
	for (;;)
		pause();
}
