/* SPDX-License-Identifier: LGPL-2.1-only */
/* OCI/Docker and Firecracker seccomp profiles: read, resolve, build. */

/*
 * Shared by scmp_profile, the benchmark (bench/workload.c) and the tests,
 * so that a profile means one thing everywhere. Public libseccomp API only:
 * bench also builds this file against the system's libseccomp 2.5.
 *
 * Three steps:
 *  - profile_read() parses the file and keeps it, so that every later
 *    complaint can name a line and column;
 *  - profile_resolve() reads a Firecracker file as seccompiler does, or
 *    applies to an OCI profile what Docker (moby) and runc do for one
 *    host: archMap or architectures, includes/excludes on capabilities,
 *    arches and minKernel, errnoRet and defaultErrnoRet, the operators;
 *    it yields a flat list of rules (one per name, conditions ANDed,
 *    several on one argument too: libseccomp refuses such a rule, so a
 *    profile with one does not build against the system's 2.5);
 *  - profile_build() makes a filter of them the way runc does: names no
 *    ABI knows are skipped with a warning (or refused, strict), rules with
 *    the default action are left out.
 *
 * Error model: int functions return 0 or -errno; -EINVAL means bad input
 * and fills a struct profile_diag with the message and its position.
 */

#ifndef PROFILE_H
#define PROFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <jansson.h>
#include <seccomp.h>

#define PROFILE_ARGS 6u
#define PROFILE_ARCHES 24u

/* A kernel version X.Y as one number, for comparisons. */
#define PROFILE_KVER(x, y) ((unsigned int)(x) << 16 | (unsigned int)(y))
/* Every minKernel counts as reached (a current kernel). */
#define PROFILE_KERNEL_ANY 0xffffffffu

/* What went wrong, and where: 1-based line and column (0: no position). */
struct profile_diag {
	char msg[512];
	int line;
	int column;
};

/* One rule: a name of an entry, its action and conditions (ANDed). */
struct profile_rule {
	size_t entry;	  /* index of the entry in "syscalls" */
	size_t name_idx;  /* index of the name in the entry's "names" */
	const char *name; /* borrowed from the parsed document */
	uint32_t action;
	unsigned int cnt;
	struct scmp_arg_cmp cmp[PROFILE_ARGS];
};

/* The formats profile_resolve() reads. */
enum profile_format {
	PROFILE_FORMAT_AUTO, /* Firecracker's if it looks like one, else OCI */
	PROFILE_FORMAT_OCI,  /* OCI linux.seccomp with Docker's additions */
	PROFILE_FORMAT_FIRECRACKER, /* seccompiler's JSON: named filters */
};

/* How the host looks to Docker and runc. */
struct profile_opts {
	/* the host's ABI: picks the archMap entry and is the arch that
	 * includes/excludes "arches" test; 0: this machine's */
	uint32_t host_arch;
	/* the filter's ABIs instead of the profile's (NULL: the profile's) */
	const uint32_t *arches;
	unsigned int narch;
	/* the container's capability (bounding) set, NULL-terminated */
	const char *const *caps;
	/* the host kernel, PROFILE_KVER(x, y) or PROFILE_KERNEL_ANY */
	unsigned int kernel;
	/* refuse (instead of skipping, or warning of) names that no ABI
	 * knows, unknown members and members of the wrong type */
	bool strict;
	/* the format of the file */
	enum profile_format format;
	/* Firecracker: the filter to read; NULL: the file's only one */
	const char *filter;
	/* on an ABI that multiplexes a call through socketcall(2) or ipc(2),
	 * keep a rule with conditions on it, no stricter than the default
	 * action, out of that ABI's filter, so that the call takes the
	 * default action there both ways (the multiplexer cannot see the
	 * arguments; see profile_build()) */
	bool strict_mux;
	/* where profile_build() reports skipped names; NULL: nowhere */
	FILE *warn;
	/* no warning of the rules whose checks a multiplexer drops */
	bool quiet_mux;
};

/* A profile as read, and after profile_resolve() the host's rules. */
struct profile {
	char *path;
	char *text; /* the file, for positions */
	size_t len;
	json_t *doc;
	size_t entries; /* length of "syscalls" (Firecracker: "filter") */
	/* filled by profile_resolve() */
	enum profile_format format; /* OCI or FIRECRACKER */
	const char *fc_filter;	    /* Firecracker: the filter's name */
	uint32_t def_action;
	uint32_t arches[PROFILE_ARCHES];
	unsigned int narch;
	uint32_t flags[4]; /* filter attributes set to 1 ("flags") */
	unsigned int nflags;
	unsigned int kvermax; /* "kvermax" (see scmp_profile(1)), or 0 */
	bool *applies;	      /* per entry: its includes/excludes match */
	/* integers above INT64_MAX, which jansson cannot hold: the document
	 * has the strings "~u64~K" for big[K] (profile_json_load()) */
	uint64_t *big;
	size_t nbig;
	struct profile_rule *rules;
	size_t cnt;
};

/* Docker's default capability set (a container without --cap-add). */
extern const char *const profile_docker_caps[];

/**
 * profile_read - parse a profile file
 * @path: the file
 * @p:    receives the document (release with profile_free())
 * @diag: on -EINVAL, the parse error and its line and column
 *
 * Duplicate member names are refused: Go keeps the last, a reader may see
 * the first, and a security policy must not be ambiguous. The file is
 * parsed as it is read, to its first bad byte (a NUL byte is one) and to
 * SCMP_PROFILE_MAX_BYTES bytes at most (16 MiB unless the environment
 * says otherwise; see scmp_profile(1)).
 *
 * Returns 0; -EINVAL for malformed JSON, a file over the limit or a bad
 * limit; -ENOMEM; -errno of reading.
 */
int profile_read(const char *path, struct profile *p,
		 struct profile_diag *diag);

/**
 * profile_resolve - the rules of a profile for one host
 * @p:    a profile from profile_read(); earlier results are replaced
 * @opts: the host
 * @diag: on -EINVAL, what is wrong and where
 *
 * Unknown members and members of the wrong type that are not read (a
 * "comment" that is no string) are reported on @opts->warn with their
 * line and column, or refused under @opts->strict. Where ignoring one
 * could let through what the profile meant to refuse it is refused
 * always: in an argument condition, and in an entry whose action lets
 * more through than the default action.
 *
 * A Firecracker (seccompiler) file holds named filters, each one thread's:
 * @opts->filter names the one to read. Its ABIs are @opts->arches, or the
 * host's: the file names none.
 *
 * Returns 0; -EINVAL for a profile that is not well formed (unknown
 * action, operator, arch or capability, index above 5, wrong types, ...);
 * -ENOMEM.
 */
int profile_resolve(struct profile *p, const struct profile_opts *opts,
		    struct profile_diag *diag);

/**
 * profile_build - the filter of resolved rules
 * @p:    a resolved profile
 * @opts: the options it was resolved with (strict, strict_mux, warn)
 * @out:  receives the filter; the caller releases it
 * @diag: on -EINVAL, the entry the library refused or the unknown name
 *
 * For every ABI, a rule with conditions on a call the ABI also reaches
 * through socketcall(2) or ipc(2) is reported on @opts->warn: the
 * library checks the multiplexer's call number only, so the rule's action
 * applies to the multiplexed call whatever its arguments; with
 * @opts->strict_mux the multiplexed call takes the default action instead
 * (SCMP_FLTATR_EXT_ACT_MUX), or the rule's where that is stricter.
 *
 * Returns 0; -EINVAL (see @diag); -ENOMEM.
 */
int profile_build(const struct profile *p, const struct profile_opts *opts,
		  scmp_filter_ctx *out, struct profile_diag *diag);

/**
 * profile_kvermax_set - the filter's maximum kernel version
 * @ctx:  the filter
 * @kver: PROFILE_KVER(x, y): syscalls newer than it fail with ENOSYS
 *        (a libc then falls back to older calls) instead of taking the
 *        default action
 *
 * Versions older than 3.0 count as 3.0; versions newer than the newest
 * the library knows count as that one.
 *
 * Returns 0, or seccomp_attr_set()'s error.
 */
int profile_kvermax_set(scmp_filter_ctx ctx, unsigned int kver);

/**
 * profile_known_name - whether some ABI libseccomp knows has @name
 */
bool profile_known_name(const char *name);

/**
 * profile_entry_where - the line and column of entry @entry
 * @p:     a profile from profile_read()
 * @entry: index in "syscalls"
 * @line:  receives the 1-based line
 * @col:   receives the 1-based column
 */
void profile_entry_where(const struct profile *p, size_t entry, int *line,
			 int *col);

/**
 * profile_parse_kernel - "X.Y" (or "X.Y.Z...", the rest ignored)
 *
 * Returns PROFILE_KVER(X, Y); 0 if @s is not a version.
 */
unsigned int profile_parse_kernel(const char *s);

/**
 * profile_arch_token - an ABI from its libseccomp name ("x86_64") or
 * token name ("SCMP_ARCH_X86_64")
 *
 * Returns the SCMP_ARCH_* token; 0 if unknown.
 */
uint32_t profile_arch_token(const char *name);

/**
 * profile_arch_lookup - an ABI as a command line names it: a name
 * profile_arch_token() takes, or Go's (Docker's: "amd64", "arm64", "386"),
 * in any case
 *
 * Returns the SCMP_ARCH_* token; 0 if unknown.
 */
uint32_t profile_arch_lookup(const char *name);

/**
 * profile_cap_name - a capability as Docker's --cap-add takes it: with
 * or without "CAP_", in any case ("sys_admin")
 *
 * Returns its name as profiles spell it ("CAP_SYS_ADMIN", static); NULL
 * if @name is no Linux capability.
 */
const char *profile_cap_name(const char *name);

/**
 * profile_cap_all - every Linux capability this file knows, in the order
 * of their numbers, NULL-terminated
 */
const char *const *profile_cap_all(void);

/**
 * profile_entry_label - an entry as messages name it: "syscalls[3]",
 * or for a Firecracker filter "vcpu.filter[3]"
 */
void profile_entry_label(const struct profile *p, size_t entry, char *buf,
			 size_t size);

/**
 * profile_arch_name - libseccomp's name of an ABI token ("x86_64")
 *
 * Returns a static string; NULL if unknown.
 */
const char *profile_arch_name(uint32_t token);

/**
 * profile_arch_64bit - whether the filter compares the arguments of ABI
 * @token in 64 bits (false for 32-bit and unknown ABIs)
 */
bool profile_arch_64bit(uint32_t token);

/**
 * profile_cap_known - whether @name is a Linux capability ("CAP_...")
 */
bool profile_cap_known(const char *name);

/**
 * profile_action_str - an action as a profile spells it
 * @action: SCMP_ACT_* value
 * @errno_ret: receives the errno or trace value, or -1 if the action
 *             has none
 *
 * Returns "SCMP_ACT_ALLOW", ...; NULL for an action profiles cannot say.
 */
const char *profile_action_str(uint32_t action, int *errno_ret);

/**
 * profile_action_at - row @i of the one table of action names
 * @action: receives the SCMP_ACT_* value (ERRNO and TRACE with 0)
 * @data:   receives whether it takes an errno or trace value
 *
 * Returns its name ("SCMP_ACT_ALLOW", ...); NULL past the last row.
 */
const char *profile_action_at(size_t i, uint32_t *action, bool *data);

/**
 * profile_const_eval - an argument as a command line gives it
 * @expr:  numbers (strtoull()'s bases; negative ones as 64-bit) and
 *         constants (AF_VSOCK, CLONE_NEWUSER, ...: profile_const.c's
 *         table), ORed with '|'
 * @token: the ABI it is for: some constants differ by ABI
 * @out:   receives the value
 * @bad:   on failure, the part of @expr at fault
 *
 * Returns 0; -ENOENT for an unknown name; -EDOM for a constant whose value
 * on @token the table does not hold; -EINVAL for a malformed @expr.
 */
int profile_const_eval(const char *expr, uint32_t token, uint64_t *out,
		       char *bad, size_t size);

/**
 * profile_const_at - constant @i of the table (for the tests)
 *
 * Returns its name, and its value (the asm-generic one) in @value; NULL
 * after the last.
 */
const char *profile_const_at(size_t i, uint64_t *value);

/** profile_free - release what profile_read() and resolve hold */
void profile_free(struct profile *p);

#endif
