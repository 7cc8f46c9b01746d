/* SPDX-License-Identifier: LGPL-2.1-only */
/* scmp_profile: compile, explain and learn OCI/Docker seccomp profiles. */

/*
 * This file has main() and the compile command; explain and learn have
 * files of their own, and what the commands share is in
 * scmp_profile_shared.c. The tool uses the library's public API only, and
 * the simulator (tools/bpf_sim.c) for --stats, the graph and explain.
 */

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "bpf_disasm.h"
#include "scmp_profile.h"

/* Syscall numbers --stats probes from each ABI's first one. */
#define STATS_SPAN 1024u

static const char usage_text[] =
	"usage: scmp_profile compile [OPTIONS] PROFILE.json\n"
	"       scmp_profile explain [OPTIONS] PROFILE.json SYSCALL [ARG...]\n"
	"       scmp_profile learn [-o PROFILE.json] [--args SYSCALL[:N,...]]"
	" -- CMD [ARG...]\n"
	"       scmp_profile inspect [--profile PROFILE.json] [--json]"
	" [-n MAX] PID\n"
	"\n"
	"Profile options (compile and explain):\n"
	"  --arch A,B,...     the filter's ABIs instead of the profile's; the"
	" first is\n"
	"                     the host (archMap, includes/excludes arches)\n"
	"  --caps none|default,CAP_X,...  the container's capabilities"
	" (default:\n"
	"                     Docker's default set)\n"
	"  --kernel X.Y       the host kernel for minKernel (default: this"
	" one)\n"
	"  --kvermax X.Y      syscalls newer than X.Y fail with ENOSYS\n"
	"  --strict           refuse syscall names no ABI knows (default:"
	" skip them)\n"
	"  --strict-mux       on ABIs that reach a call through socketcall(2)"
	" or\n"
	"                     ipc(2), leave out its rules with conditions that"
	" are\n"
	"                     no stricter than the default action (the call"
	" then\n"
	"                     takes the default there): the multiplexer cannot"
	" see\n"
	"                     the arguments (default: warn, and the rule applies"
	" to\n"
	"                     the multiplexed call unchecked)\n"
	"compile:\n"
	"  -f, --format bpf|pfc|c|disasm|dot  what to write (default: bpf)\n"
	"  -o, --output FILE  write FILE (default: stdout)\n"
	"  --stats            program length, instructions per syscall and"
	" the\n"
	"                     action cache, on stderr\n"
	"inspect (a running process's filters; root):\n"
	"  --profile FILE     prove the process's filters equal FILE's, or"
	" show inputs\n"
	"                     where they differ (exit 3; needs Z3)\n"
	"  --json             the report as JSON\n"
	"  -n, --max MAX      show at most MAX differences (default 16; 0:"
	" all)\n"
	"See scmp_profile(1).\n";

static int usage(void)
{
	fputs(usage_text, stderr);
	return SP_EXIT_BAD;
}

/*
 * compile
 */

enum format { FMT_BPF, FMT_PFC, FMT_C, FMT_DISASM, FMT_DOT };

static const char *const format_names[] = { "bpf", "pfc", "c", "disasm",
					    "dot" };

static void write_c(FILE *f, const char *file, const struct profile *p,
		    const struct bpf_sim_prog *prog)
{
	unsigned int i;

	fprintf(f, "/* %s for", file);
	for (i = 0; i < p->narch; i++)
		fprintf(f, "%s %s", i ? "," : "",
			profile_arch_name(p->arches[i]));
	fprintf(f, ": %u instructions (scmp_profile compile -f c) */\n",
		prog->len);
	fprintf(f, "#include <linux/filter.h>\n\n");
	fprintf(f, "static struct sock_filter seccomp_filter[] = {\n");
	for (i = 0; i < prog->len; i++)
		fprintf(f, "\t{ 0x%02x, 0x%02x, 0x%02x, 0x%08x },\n",
			prog->insns[i].code, prog->insns[i].jt,
			prog->insns[i].jf, prog->insns[i].k);
	fprintf(f, "};\n\n");
	fprintf(f, "static const struct sock_fprog seccomp_prog = {\n");
	fprintf(f, "\t.len = sizeof(seccomp_filter) /"
		   " sizeof(seccomp_filter[0]),\n");
	fprintf(f, "\t.filter = seccomp_filter,\n};\n");
}

/* What the accumulator holds on every path into an instruction. */
struct acc {
	bool seen;
	int what;	/* 0 unknown, 1 the syscall number, 2 the arch */
	uint32_t token; /* the ABI every path has matched, or 0 */
};

static void acc_merge(struct acc *dst, const struct acc *src)
{
	if (!dst->seen) {
		*dst = *src;
		return;
	}
	if (dst->what != src->what)
		dst->what = 0;
	if (dst->token != src->token)
		dst->token = 0;
}

/* The note of a comparison: the syscall or ABI it tests, or NULL. */
static char *note_for(const struct acc *s, uint32_t k)
{
	const struct bpf_sim_arch *a;
	uint32_t token = s->token;

	if (s->what == 2) {
		a = bpf_sim_arch_by_token(k);
		return a != NULL ? strdup(a->name) : NULL;
	}
	if (s->what != 1 || token == 0)
		return NULL;
	/* x32 calls reach x86_64's section with the x32 bit set */
	if (token == SCMP_ARCH_X86_64 && (k & BPF_SIM_X32_BIT))
		token = SCMP_ARCH_X32;
	return seccomp_syscall_resolve_num_arch(token, (int)k);
}

/*
 * Notes for the graph: the syscall each comparison of the number tests
 * and the ABI each comparison of the arch tests, from one forward pass
 * (seccomp programs only jump forward).
 */
static char **dot_notes(const struct bpf_sim_prog *prog)
{
	struct acc *st = calloc(prog->len + 1, sizeof(*st));
	char **notes = calloc(prog->len + 1, sizeof(*notes));
	struct acc s, t;
	unsigned int pc;

	if (st == NULL || notes == NULL) {
		free(st);
		free(notes);
		return NULL;
	}
	st[0].seen = true;
	for (pc = 0; pc < prog->len; pc++) {
		const struct sock_filter *f = &prog->insns[pc];

		if (!st[pc].seen)
			continue;
		s = st[pc];
		if (BPF_CLASS(f->code) == BPF_RET)
			continue;
		if (f->code == (BPF_JMP | BPF_JA)) {
			if (pc + 1 + f->k < prog->len)
				acc_merge(&st[pc + 1 + f->k], &s);
			continue;
		}
		if (BPF_CLASS(f->code) == BPF_JMP) {
			if (BPF_SRC(f->code) == BPF_K)
				notes[pc] = note_for(&s, f->k);
			t = s;
			if (s.what == 2 && BPF_OP(f->code) == BPF_JEQ)
				t.token = f->k;
			if (pc + 1 + f->jt < prog->len)
				acc_merge(&st[pc + 1 + f->jt], &t);
			if (pc + 1 + f->jf < prog->len)
				acc_merge(&st[pc + 1 + f->jf], &s);
			continue;
		}
		if (f->code == (BPF_LD | BPF_W | BPF_ABS))
			s.what = f->k == 0 ? 1 : f->k == 4 ? 2 : 0;
		else if (BPF_CLASS(f->code) == BPF_LD ||
			 BPF_CLASS(f->code) == BPF_ALU ||
			 f->code == (BPF_MISC | BPF_TXA))
			s.what = 0;
		acc_merge(&st[pc + 1], &s);
	}
	free(st);
	return notes;
}

static void write_dot(FILE *f, const struct bpf_sim_prog *prog)
{
	char **notes = dot_notes(prog);
	unsigned int i;

	bpf_disasm_dot(f, prog, notes);
	for (i = 0; notes != NULL && i < prog->len; i++)
		free(notes[i]);
	free(notes);
}

/*
 * --stats, per ABI: every number the ABI names a syscall, with zero
 * arguments, run in the simulator; and whether the kernel's action cache
 * (Linux >= 5.11) can prove it always allowed and skip the filter.
 */
static void write_stats(const struct profile *p,
			const struct bpf_sim_prog *prog)
{
	struct bpf_sim_prog run = *prog;
	struct seccomp_data data;
	struct bpf_sim_result res;
	const struct bpf_sim_arch *a;
	unsigned int i, n, allowed, cached, max;
	uint64_t sum;
	uint32_t nr;
	char *name;

	fprintf(stderr, "program: %u instructions\n", prog->len);
	for (i = 0; i < p->narch; i++) {
		a = bpf_sim_arch_by_token(p->arches[i]);
		if (a == NULL)
			continue;
		n = allowed = cached = max = 0;
		sum = 0;
		for (nr = a->nr_base; nr < a->nr_base + STATS_SPAN; nr++) {
			name = seccomp_syscall_resolve_num_arch(a->token,
								(int)nr);
			if (name == NULL)
				continue;
			free(name);
			memset(&data, 0, sizeof(data));
			data.nr = (int)nr;
			data.arch = a->data_arch;
			if (bpf_sim_run(&run, &data, &res) < 0)
				continue;
			n++;
			sum += res.insns;
			max = res.insns > max ? res.insns : max;
			allowed += res.action == SCMP_ACT_ALLOW;
			cached += bpf_sim_cache_allow(prog, a->data_arch, nr) ==
				  1;
		}
		fprintf(stderr,
			"%s: %u syscalls, %u allowed; instructions run per"
			" syscall: %.1f mean, %u max; action cache: %u always"
			" allowed%s\n",
			a->name, n, allowed, n ? (double)sum / n : 0.0, max,
			cached,
			a->token == SCMP_ARCH_X32 ?
				" (kernels cache no x32 call)" :
				"");
	}
}

static int compile_write(enum format fmt, const char *file, const char *out,
			 const struct profile *p, scmp_filter_ctx ctx,
			 const struct bpf_sim_prog *prog, const void *raw,
			 size_t raw_len)
{
	struct sp_output o;
	int rc;

	rc = sp_output_open(&o, out);
	if (rc != 0)
		return rc;
	switch (fmt) {
	case FMT_BPF:
		fwrite(raw, 1, raw_len, o.f);
		break;
	case FMT_PFC:
		fflush(o.f);
		rc = seccomp_export_pfc(ctx, fileno(o.f));
		break;
	case FMT_C:
		write_c(o.f, file, p, prog);
		break;
	case FMT_DISASM:
		bpf_disasm_listing(o.f, prog);
		break;
	case FMT_DOT:
		write_dot(o.f, prog);
		break;
	}
	if (rc < 0) {
		fprintf(stderr, "scmp_profile: cannot export PFC: %s\n",
			strerror(-rc));
		sp_output_abort(&o);
		return SP_EXIT_FAIL;
	}
	return sp_output_commit(&o);
}

static int compile_main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		SP_RESOLVE_OPTIONS,
		{ "format", required_argument, NULL, 'f' },
		{ "output", required_argument, NULL, 'o' },
		{ "stats", no_argument, NULL, 's' },
		{ NULL, 0, NULL, 0 },
	};
	struct sp_resolve r;
	struct profile p;
	struct bpf_sim_prog prog = { 0 };
	scmp_filter_ctx ctx = NULL;
	enum format fmt = FMT_BPF;
	const char *out = NULL;
	bool stats = false;
	void *raw = NULL;
	size_t raw_len = 0, i;
	int c, rc;

	sp_resolve_init(&r);
	while ((c = getopt_long(argc, argv, "f:o:", longopts, NULL)) != -1) {
		rc = sp_resolve_option(&r, c, optarg);
		if (rc == 1)
			continue;
		if (rc != 0)
			return rc;
		switch (c) {
		case 'f':
			for (i = 0;
			     i < sizeof(format_names) / sizeof(format_names[0]);
			     i++)
				if (strcmp(optarg, format_names[i]) == 0)
					break;
			if (i ==
			    sizeof(format_names) / sizeof(format_names[0])) {
				fprintf(stderr,
					"scmp_profile: unknown format \"%s\"\n",
					optarg);
				return SP_EXIT_BAD;
			}
			fmt = (enum format)i;
			break;
		case 'o':
			out = optarg;
			break;
		case 's':
			stats = true;
			break;
		default:
			return usage();
		}
	}
	if (optind != argc - 1)
		return usage();
	rc = sp_filter(argv[optind], &r, &p, &ctx);
	if (rc == 0)
		rc = sp_program(ctx, &p, &prog, &raw, &raw_len);
	if (rc == 0)
		rc = compile_write(fmt, argv[optind], out, &p, ctx, &prog, raw,
				   raw_len);
	if (rc == 0 && stats)
		write_stats(&p, &prog);
	free(raw);
	bpf_sim_free(&prog);
	seccomp_release(ctx);
	profile_free(&p);
	return rc;
}

int main(int argc, char *argv[])
{
	if (argc < 2)
		return usage();
	if (strcmp(argv[1], "compile") == 0)
		return compile_main(argc - 1, argv + 1);
	if (strcmp(argv[1], "explain") == 0)
		return explain_main(argc - 1, argv + 1);
	if (strcmp(argv[1], "learn") == 0)
		return learn_main(argc - 1, argv + 1);
	if (strcmp(argv[1], "inspect") == 0)
		return inspect_main(argc - 1, argv + 1);
	if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0) {
		fputs(usage_text, stdout);
		return 0;
	}
	return usage();
}
