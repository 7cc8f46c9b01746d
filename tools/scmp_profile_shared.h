/* SPDX-License-Identifier: LGPL-2.1-only */
/* scmp_profile: what its commands share (scmp_profile_shared.c), and them. */

#ifndef SCMP_PROFILE_SHARED_H
#define SCMP_PROFILE_SHARED_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "bpf_sim.h"
#include "profile.h"

/* Exit statuses: bad input or usage is 2, as the man page says. */
#define SP_EXIT_FAIL 1 /* I/O, the library or the kernel failed */
#define SP_EXIT_BAD 2  /* bad profile, options or arguments */

/* Options compile and explain share: how to resolve the profile. */
struct sp_resolve {
	struct profile_opts opts;
	uint32_t arches[PROFILE_ARCHES];
	const char *caps[64];
	unsigned int kvermax; /* --kvermax, or 0 */
};

/* Long options both commands take, for getopt_long(). */
/* clang-format off */
#define SP_RESOLVE_OPTIONS \
	{ "arch", required_argument, NULL, 'a' }, \
	{ "caps", required_argument, NULL, 'C' }, \
	{ "kernel", required_argument, NULL, 'K' }, \
	{ "kvermax", required_argument, NULL, 'M' }, \
	{ "strict", no_argument, NULL, 'S' }, \
	{ "strict-mux", no_argument, NULL, 'X' }, \
	{ "input", required_argument, NULL, 'I' }, \
	{ "filter", required_argument, NULL, 'F' }, \
	{ "quiet", no_argument, NULL, 'q' }, \
	{ "no-warn", required_argument, NULL, 'W' }
/* clang-format on */

/* An output file written in full or not at all. */
struct sp_output {
	FILE *f;
	char *path; /* NULL: stdout */
	char *tmp;  /* NULL: @path written in place (not a regular file) */
};

/**
 * sp_resolve_init - the defaults: this machine, Docker's default
 * capabilities, the running kernel
 */
void sp_resolve_init(struct sp_resolve *r);

/**
 * sp_resolve_option - take one of SP_RESOLVE_OPTIONS
 * @c:   the option's letter
 *
 * Returns 1 if taken, 0 if @c is not one of them, SP_EXIT_BAD (said on
 * stderr) if its argument is bad.
 */
int sp_resolve_option(struct sp_resolve *r, int c, const char *arg);

/**
 * sp_filter - read, resolve and build a profile, saying what is wrong
 * @file: the profile
 * @r:    the options
 * @p:    receives the profile (profile_free() it, also on failure)
 * @ctx:  receives the filter (the caller releases it)
 *
 * Returns 0; SP_EXIT_BAD or SP_EXIT_FAIL, said on stderr.
 */
int sp_filter(const char *file, const struct sp_resolve *r, struct profile *p,
	      scmp_filter_ctx *ctx);

/**
 * sp_program - export a filter and load it into the simulator
 * @big_endian: receives the byte order of its ABIs
 *
 * Returns 0; SP_EXIT_FAIL, said on stderr.
 */
int sp_program(scmp_filter_ctx ctx, const struct profile *p,
	       struct bpf_sim_prog *prog, void **raw, size_t *raw_len);

/**
 * sp_output_open - start writing @path ("-" or NULL: stdout) through a
 * temporary file beside it; a path that is there and no regular file
 * (/dev/null, a FIFO, /dev/stdout) is written in place, never replaced
 *
 * Returns 0; SP_EXIT_FAIL, said on stderr.
 */
int sp_output_open(struct sp_output *o, const char *path);

/**
 * sp_output_commit - close and rename the output into place
 *
 * Returns 0; SP_EXIT_FAIL (the temporary file removed), said on stderr.
 */
int sp_output_commit(struct sp_output *o);

/** sp_output_abort - drop the output: nothing is written */
void sp_output_abort(struct sp_output *o);

/**
 * sp_output_check - whether @path can be written, before work that
 * takes long: a temporary file made beside it and removed, as
 * sp_output_open() would make it; a directory is refused
 *
 * Returns 0; SP_EXIT_FAIL, said on stderr.
 */
int sp_output_check(const char *path);

/** sp_action_str - an action as "SCMP_ACT_ERRNO(1)" */
void sp_action_str(uint32_t action, char *buf, size_t size);

/* --help's text of SP_RESOLVE_OPTIONS, and of explain's, learn's and inspect's options. */
extern const char sp_resolve_help[];
extern const char sp_explain_help[];
extern const char sp_learn_help[];
extern const char sp_inspect_help[];

/* Container runtimes, for --for (scmp_profile_learn.c): bits of a set. */
#define SP_FOR_RUNC 1u
#define SP_FOR_CRUN 2u
#define SP_FOR_DEFAULT (SP_FOR_RUNC | SP_FOR_CRUN) /* learn's */

/**
 * sp_for_parse - "none", or a list of runtimes: "runc", "crun,runc"
 * @set: receives the SP_FOR_* bits
 *
 * Returns 0; SP_EXIT_BAD, said on stderr.
 */
int sp_for_parse(const char *arg, unsigned int *set);

/**
 * sp_for_one - --for of a command that compiles: one runtime, or none
 * @cmd: the command, for the message
 * @set: receives SP_FOR_RUNC, SP_FOR_CRUN or 0
 *
 * Returns 0; SP_EXIT_BAD, said on stderr.
 */
int sp_for_one(const char *cmd, const char *arg, unsigned int *set);

/**
 * sp_for_check - refuse --kvermax beside a runtime, which has none
 *
 * Returns 0; SP_EXIT_BAD, said on stderr.
 */
int sp_for_check(const struct sp_resolve *r, unsigned int set);

/**
 * sp_for_compile - make a built filter give the verdicts of a runtime
 * @set: SP_FOR_RUNC, SP_FOR_CRUN or 0 (nothing to do)
 *
 * Both ignore the profile's "kvermax"; runc gives ENOSYS above the
 * largest syscall the profile names.
 *
 * Returns 0; SP_EXIT_FAIL, said on stderr.
 */
int sp_for_compile(scmp_filter_ctx ctx, const struct profile *p,
		   unsigned int set);

/* The commands: argv[0] is the command's name. */
int explain_main(int argc, char *argv[]);
int learn_main(int argc, char *argv[]);
int inspect_main(int argc, char *argv[]);

#endif
