/* SPDX-License-Identifier: LGPL-2.1-only */
/* scmp_profile: compile, explain and learn OCI/Docker seccomp profiles. */

/*
 * This file has main() and the compile command; explain and learn have
 * files of their own, and what the commands share is in
 * scmp_profile_shared.c. The tool uses the library's public API only, and
 * the simulator (tools/bpf/bpf_sim.c) for --stats, the graph and explain.
 */

#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <seccomp-ext.h>

#include "bpf_disasm.h"
#include "bpf_names.h"
#include "libcheck.h"
#include "scmp_profile_shared.h"

/* Syscall numbers --stats probes from each ABI's first one. */
#define STATS_SPAN 1024u

static const char synopsis[] =
	"usage: scmp_profile compile [OPTIONS] PROFILE.json\n"
	"       scmp_profile explain [OPTIONS] PROFILE.json SYSCALL [ARG...]\n"
	"       scmp_profile learn [-o PROFILE.json] [--args SYSCALL[:N,...]]\n"
	"                          [--for runc,crun|none] -- CMD [ARG...]\n"
	"       scmp_profile inspect [--profile PROFILE.json] [--json]"
	" [-n MAX]\n"
	"                            [--for runc|crun|none] [--dump DIR] PID\n"
	"       scmp_profile --help | --version\n"
	"Before the command, --syscalls FILE teaches the library (and the"
	" names\n"
	"printed) the syscalls of a table in src/syscalls.csv's format.\n";

static const char compile_help[] =
	"compile:\n"
	"  -f, --format bpf|pfc|c|disasm|dot  what to write (default: bpf):"
	" raw BPF,\n"
	"                     PFC, a C array, a listing with syscalls named,"
	" or a\n"
	"                     Graphviz graph of one ABI\n"
	"  --graph-arch ABI   -f dot draws this ABI of the filter (default:"
	" the first)\n"
	"  -o, --output FILE  write FILE (default: stdout)\n"
	"  --stats[=json]     program length, instructions per syscall and"
	" the\n"
	"                     action cache, on stderr (json: one JSON"
	" document,\n"
	"                     on stdout, with -o FILE)\n"
	"  --for runc|crun|none  the verdicts of that runtime: no kvermax;"
	" runc: ENOSYS\n"
	"                     above the largest syscall named (default:"
	" none)\n"
	"  -h, --help         this help\n";

static void help(FILE *f)
{
	fputs(synopsis, f);
	fputs("\n", f);
	fputs(sp_resolve_help, f);
	fputs(compile_help, f);
	fputs(sp_explain_help, f);
	fputs(sp_learn_help, f);
	fputs(sp_inspect_help, f);
	fputs("See scmp_profile(1).\n", f);
}

static int usage(void)
{
	help(stderr);
	return SP_EXIT_BAD;
}

static int compile_usage(void)
{
	fprintf(stderr, "usage: scmp_profile compile [OPTIONS] PROFILE.json\n"
			"see scmp_profile compile --help\n");
	return SP_EXIT_BAD;
}

/*
 * scmp_profile --version: the tool's (the headers it was built with) and
 * the library's it runs with, which may be another's libseccomp.so.2.
 */
static int version(void)
{
	const struct scmp_version *v = seccomp_version();

	printf("scmp_profile %d.%d.%d\n", SCMP_VER_MAJOR, SCMP_VER_MINOR,
	       SCMP_VER_MICRO);
	if (v != NULL)
		printf("libseccomp %u.%u.%u (API level %u)\n", v->major,
		       v->minor, v->micro, seccomp_api_get());
	return fflush(stdout) != 0 ? SP_EXIT_FAIL : 0;
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

/*
 * The graph of the ABI --graph-arch names, by default the first of the
 * filter (the host's); SP_EXIT_BAD for one the filter lacks.
 */
static int write_dot(FILE *f, const struct profile *p,
		     const struct bpf_sim_prog *prog, const char *graph_arch)
{
	const struct bpf_sim_arch *a = bpf_sim_arch_by_token(p->arches[0]);
	unsigned int i;
	int rc;

	if (graph_arch != NULL) {
		a = bpf_sim_arch_by_name(graph_arch);
		for (i = 0; a != NULL && i < p->narch; i++)
			if (p->arches[i] == a->token)
				break;
		if (a == NULL || i == p->narch) {
			fprintf(stderr,
				"scmp_profile: --graph-arch %s: not one of the"
				" filter's ABIs\n",
				graph_arch);
			return SP_EXIT_BAD;
		}
	}
	rc = bpf_disasm_graph(f, prog, a);
	if (rc < 0) {
		fprintf(stderr, "scmp_profile: cannot draw the graph: %s\n",
			strerror(-rc));
		return SP_EXIT_FAIL;
	}
	return 0;
}

/*
 * --stats, per ABI: every number the ABI names a syscall, with zero
 * arguments, run in the simulator; and whether the kernel's action cache
 * (Linux >= 5.11) can prove it always allowed and skip the filter. As
 * text on stderr, or (@json) as one JSON document on stdout, its schema
 * in scmp_profile(1).
 */
static int write_stats(const char *file, const struct profile *p,
		       const struct bpf_sim_prog *prog, bool json)
{
	struct bpf_sim_prog run = *prog;
	struct seccomp_data data;
	struct bpf_sim_result res;
	const struct bpf_sim_arch *a;
	unsigned int i, n, allowed, cached, max;
	json_t *doc = NULL, *abis = NULL, *abi;
	uint64_t sum;
	uint32_t nr;
	char *name;
	int rc = 0;

	if (json) {
		doc = json_object();
		abis = json_array();
		json_object_set_new(doc, "profile", json_string(file));
		json_object_set_new(doc, "instructions",
				    json_integer(prog->len));
		json_object_set(doc, "abis", abis);
	} else {
		fprintf(stderr, "program: %u instructions\n", prog->len);
	}
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
		if (json) {
			abi = json_object();
			json_object_set_new(abi, "arch", json_string(a->name));
			json_object_set_new(abi, "syscalls", json_integer(n));
			json_object_set_new(abi, "allowed",
					    json_integer(allowed));
			json_object_set_new(abi, "insns_total",
					    json_integer((json_int_t)sum));
			json_object_set_new(abi, "insns_max",
					    json_integer(max));
			json_object_set_new(abi, "cache_allowed",
					    json_integer(cached));
			json_array_append_new(abis, abi);
			continue;
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
	if (json) {
		rc = json_dumpf(doc, stdout, JSON_INDENT(2)) < 0 ||
				     fputc('\n', stdout) == EOF ||
				     fflush(stdout) != 0 ?
			     SP_EXIT_FAIL :
			     0;
		json_decref(abis);
		json_decref(doc);
	}
	return rc;
}

static int compile_write(enum format fmt, const char *file, const char *out,
			 const struct profile *p, scmp_filter_ctx ctx,
			 const struct bpf_sim_prog *prog, const void *raw,
			 size_t raw_len, const char *graph_arch)
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
		rc = write_dot(o.f, p, prog, graph_arch);
		if (rc != 0) {
			sp_output_abort(&o);
			return rc;
		}
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

/* -f's argument; 0, or SP_EXIT_BAD (said). */
static int parse_format(const char *arg, enum format *fmt)
{
	size_t i;

	for (i = 0; i < sizeof(format_names) / sizeof(format_names[0]); i++)
		if (strcmp(arg, format_names[i]) == 0)
			break;
	if (i == sizeof(format_names) / sizeof(format_names[0])) {
		fprintf(stderr, "scmp_profile: unknown format \"%s\"\n", arg);
		return SP_EXIT_BAD;
	}
	*fmt = (enum format)i;
	return 0;
}

/* --stats's argument, NULL or "json"; 0, or SP_EXIT_BAD (said). */
static int parse_stats(const char *arg, bool *json)
{
	if (arg != NULL && strcmp(arg, "json") == 0) {
		*json = true;
	} else if (arg != NULL) {
		fprintf(stderr,
			"scmp_profile: --stats: unknown form \"%s\" (json)\n",
			arg);
		return SP_EXIT_BAD;
	}
	return 0;
}

/*
 * Whether compile's output cannot go to @out, said on stderr: --stats=json
 * takes stdout; raw BPF is no text for a terminal (gzip refuses too).
 */
static bool output_refused(enum format fmt, const char *out, bool stats_json)
{
	bool to_stdout = out == NULL || strcmp(out, "-") == 0;

	if (stats_json && to_stdout) {
		fprintf(stderr, "scmp_profile: --stats=json writes to stdout:"
				" give the program another place, -o FILE\n");
		return true;
	}
	if (fmt == FMT_BPF && to_stdout && isatty(STDOUT_FILENO)) {
		fprintf(stderr, "scmp_profile: compile: binary BPF is not"
				" written to a terminal: give -o FILE, or -f"
				" disasm to read it\n");
		return true;
	}
	return false;
}

/*
 * scmp_profile compile [OPTIONS] PROFILE.json: 0, SP_EXIT_BAD or
 * SP_EXIT_FAIL (said).
 */
static int compile_main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		SP_RESOLVE_OPTIONS,
		{ "format", required_argument, NULL, 'f' },
		{ "graph-arch", required_argument, NULL, 'g' },
		{ "output", required_argument, NULL, 'o' },
		{ "stats", optional_argument, NULL, 's' },
		{ "for", required_argument, NULL, 'R' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct sp_resolve r;
	struct profile p;
	struct bpf_sim_prog prog = { 0 };
	scmp_filter_ctx ctx = NULL;
	enum format fmt = FMT_BPF;
	const char *out = NULL, *graph_arch = NULL;
	bool stats = false, stats_json = false;
	unsigned int set = 0;
	void *raw = NULL;
	size_t raw_len = 0;
	int c, rc;

	sp_resolve_init(&r);
	while ((c = getopt_long(argc, argv, "f:o:qh", longopts, NULL)) != -1) {
		rc = sp_resolve_option(&r, c, optarg);
		if (rc == 1)
			continue;
		if (rc != 0)
			return rc;
		switch (c) {
		case 'f':
			if (parse_format(optarg, &fmt) != 0)
				return SP_EXIT_BAD;
			break;
		case 'g':
			graph_arch = optarg;
			break;
		case 'o':
			out = optarg;
			break;
		case 's':
			stats = true;
			if (parse_stats(optarg, &stats_json) != 0)
				return SP_EXIT_BAD;
			break;
		case 'R':
			if (sp_for_one("compile", optarg, &set) != 0)
				return SP_EXIT_BAD;
			break;
		case 'h':
			printf("usage: scmp_profile compile [OPTIONS]"
			       " PROFILE.json\n\n%s%s",
			       sp_resolve_help, compile_help);
			return fflush(stdout) != 0 ? SP_EXIT_FAIL : 0;
		default:
			return compile_usage();
		}
	}
	if (optind != argc - 1)
		return compile_usage();
	if (sp_for_check(&r, set) != 0)
		return SP_EXIT_BAD;
	if (output_refused(fmt, out, stats_json))
		return SP_EXIT_BAD;
	rc = sp_filter(argv[optind], &r, &p, &ctx);
	if (rc == 0)
		rc = sp_for_compile(ctx, &p, set);
	if (rc == 0)
		rc = sp_program(ctx, &p, &prog, &raw, &raw_len);
	if (rc == 0)
		rc = compile_write(fmt, argv[optind], out, &p, ctx, &prog, raw,
				   raw_len, graph_arch);
	if (rc == 0 && stats)
		rc = write_stats(argv[optind], &p, &prog, stats_json);
	free(raw);
	bpf_sim_free(&prog);
	seccomp_release(ctx);
	profile_free(&p);
	return rc;
}

/*
 * --syscalls FILE: the library's table for the profile's names, the
 * oracle's for the names printed. Returns 0 or SP_EXIT_BAD.
 */
static int load_syscalls(const char *path)
{
	int rc = seccomp_ext_syscall_table_load(path);

	if (rc > 0)
		fprintf(stderr,
			"scmp_profile: %s:%d: not a syscall table line\n", path,
			rc);
	else if (rc < 0)
		fprintf(stderr, "scmp_profile: cannot load %s: %s\n", path,
			strerror(-rc));
	if (rc == 0 && bpf_names_load_report("scmp_profile", path) < 0)
		rc = -1;
	return rc == 0 ? 0 : SP_EXIT_BAD;
}

int main(int argc, char *argv[])
{
	if (libcheck_verify("scmp_profile") < 0)
		return SP_EXIT_FAIL;
	while (argc > 2 && strcmp(argv[1], "--syscalls") == 0) {
		if (load_syscalls(argv[2]) != 0)
			return SP_EXIT_BAD;
		argc -= 2;
		argv += 2;
	}
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
		help(stdout);
		return fflush(stdout) != 0 ? SP_EXIT_FAIL : 0;
	}
	if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "-V") == 0)
		return version();
	fprintf(stderr, "scmp_profile: unknown command \"%s\"\n\n", argv[1]);
	return usage();
}
