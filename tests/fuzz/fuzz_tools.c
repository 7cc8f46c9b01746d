/* SPDX-License-Identifier: LGPL-2.1-only */
/* fuzz-tools: the simulator, disassembler and resolver tools on any input. */

/*
 * The input is a selector byte, command-line arguments (lines of text up
 * to the first NUL) and then the program file's bytes:
 *
 *	SEL ARG '\n' ARG '\n' ... '\0' PROGRAM
 *
 * SEL picks scmp_bpf_sim, scmp_bpf_disasm, scmp_sys_resolver (their main()
 * runs in-process: the build renames it and turns exit() into a jump back
 * here) or the simulator library directly. An argument "@" stands for the
 * program file, which is also the tools' standard input. The library
 * check: a program that verifies must run to a return instruction within
 * its length, on any seccomp_data the input gives, and the cache analysis
 * and the arch-token scan must not fail on it.
 *
 * Run with -close_fd_mask=2 to silence the tools' error messages; their
 * standard output goes to /dev/null. The tools' exit paths do not free
 * (the process ends there), so leak detection is off for this harness.
 */

#define _GNU_SOURCE
#include <getopt.h>
#include <setjmp.h>
#include <stdbool.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "bpf_sim.h"
#include "fuzz_common.h"

#define ARGS_MAX 16
/* Work the cache report may do for one input: calls times program length. */
#define CACHE_BUDGET 20000000ULL

int sim_main(int argc, char *argv[]);
int disasm_main(int argc, char *argv[]);
int resolver_main(int argc, char *argv[]);
int libcheck_verify(const char *prog);
void fuzz_tool_exit(int status) __attribute__((noreturn));
int fuzz_cache_allow(const struct bpf_sim_prog *prog, uint32_t arch,
		     uint32_t nr);
int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * The resolver's check of the library the loader found (tools/libcheck.c):
 * here the library's sources are linked into the harness, so it is always
 * the build's, and its symbols are not in a dynamic table for dlsym().
 */
int libcheck_verify(const char *prog)
{
	(void)prog;
	return 0;
}

static jmp_buf tool_exit;
static int prog_fd = -1;
static char prog_path[64];
static unsigned long long cache_work;

/* exit() in a tool: back to the harness. */
void fuzz_tool_exit(int status)
{
	longjmp(tool_exit, status == 0 ? 256 : status);
}

/* bpf_sim_cache_allow() for the disassembler, with a work budget. */
int fuzz_cache_allow(const struct bpf_sim_prog *prog, uint32_t arch,
		     uint32_t nr)
{
	cache_work += prog->len;
	if (cache_work > CACHE_BUDGET)
		longjmp(tool_exit, 512);
	return bpf_sim_cache_allow(prog, arch, nr);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	prog_fd = memfd_create("fuzz-tools", 0);
	if (prog_fd < 0)
		FUZZ_FAIL("memfd_create");
	snprintf(prog_path, sizeof(prog_path), "/proc/self/fd/%d", prog_fd);
	if (freopen("/dev/null", "w", stdout) == NULL)
		FUZZ_FAIL("freopen stdout");
	return 0;
}

static void check_sim_lib(const uint8_t *p, size_t n, struct fuzz_in *args)
{
	struct bpf_sim_prog prog = { 0 };
	struct bpf_sim_result res;
	struct seccomp_data d;
	uint32_t tokens[8];
	unsigned int i;
	int rc, big = fuzz_u8(args) & 1;

	rc = bpf_sim_load_mem(&prog, p, n, big);
	if (rc < 0) {
		if (prog.insns != NULL || prog.len != 0)
			FUZZ_FAIL("a failed load left a program");
		return;
	}
	if (prog.len == 0 || prog.len > BPF_MAXINSNS ||
	    n != prog.len * sizeof(struct sock_filter))
		FUZZ_FAIL("loaded %u instructions from %zu bytes", prog.len, n);
	rc = bpf_sim_verify(&prog, NULL);
	memset(&d, 0, sizeof(d));
	d.nr = (int)fuzz_u32(args);
	d.arch = fuzz_u32(args);
	d.instruction_pointer = fuzz_u64(args);
	for (i = 0; i < 6; i++)
		d.args[i] = fuzz_u64(args);
	if (bpf_sim_run(&prog, &d, &res) != rc)
		FUZZ_FAIL("run and verify disagree");
	/* a return ends a run, or a division by X == 0 (returning 0) */
	if (rc == 0 &&
	    (res.pc >= prog.len || res.insns == 0 || res.insns > prog.len ||
	     (BPF_CLASS(prog.insns[res.pc].code) != BPF_RET &&
	      !(prog.insns[res.pc].code == (BPF_ALU | BPF_DIV | BPF_X) &&
		res.action == 0))))
		FUZZ_FAIL("a run ended at %u after %u instructions", res.pc,
			  res.insns);
	if (bpf_sim_cache_allow(&prog, d.arch, (uint32_t)d.nr) < 0 ||
	    bpf_sim_arch_tokens(&prog, tokens, FUZZ_N(tokens)) < 0)
		FUZZ_FAIL("cache analysis failed");
	bpf_sim_free(&prog);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char text[4096];
	const uint8_t *end = memchr(data, '\0', size);
	size_t text_len = end ? (size_t)(end - data) : size;
	const uint8_t *prog = end ? end + 1 : data + size;
	size_t prog_len = (size_t)(data + size - prog);
	struct fuzz_in in = { data, text_len };
	char *argv[ARGS_MAX + 2], *s;
	int argc = 1, sel = fuzz_u8(&in) % 4;
	volatile int status;

	if (sel == 3) {
		check_sim_lib(prog, prog_len, &in);
		return 0;
	}
	if (text_len >= sizeof(text))
		return 0;
	memcpy(text, in.p, in.n);
	text[in.n] = '\0';
	argv[0] = (char *)(sel == 0 ? "scmp_bpf_sim" :
			   sel == 1 ? "scmp_bpf_disasm" :
				      "scmp_sys_resolver");
	for (s = text; argc <= ARGS_MAX; s++) {
		argv[argc++] = s;
		s = strchr(s, '\n');
		if (s == NULL)
			break;
		*s = '\0';
	}
	if (in.n == 0)
		argc = 1;
	argv[argc] = NULL;
	for (int i = 1; i < argc; i++)
		if (strcmp(argv[i], "@") == 0)
			argv[i] = prog_path;

	if (ftruncate(prog_fd, 0) != 0 ||
	    pwrite(prog_fd, prog, prog_len, 0) != (ssize_t)prog_len ||
	    freopen(prog_path, "r", stdin) == NULL)
		FUZZ_FAIL("writing the program file");
	optind = 0; /* glibc: start getopt afresh */
	cache_work = 0;
	status = setjmp(tool_exit);
	if (status == 0) {
		if (sel == 0)
			status = sim_main(argc, argv);
		else if (sel == 1)
			status = disasm_main(argc, argv);
		else
			status = resolver_main(argc, argv);
	}
	fflush(stdout);
	return 0;
}
