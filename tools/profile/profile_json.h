/* SPDX-License-Identifier: LGPL-2.1-only */
/* profile_json.h: the document, as every file of the profile reader reads it. */

/*
 * profile_json.c holds what every reader needs of the document: paths
 * into it and their positions, the messages that name them, typed getters
 * and the check of members against the ones an object may have.
 */

#ifndef PROFILE_JSON_H
#define PROFILE_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "profile.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* One step of a path into the document: a member, or an array index. */
struct step {
	const char *key; /* NULL: the index */
	size_t idx;
};

#define PATH_MAX_STEPS 8

struct path {
	struct step s[PATH_MAX_STEPS];
	unsigned int n;
};

/* A member an object may have; @type: JSON_STRING for one that is only
 * described (a comment), checked here; -1 for one read and checked where
 * it is used. */
struct known {
	const char *name;
	int type;
};

/**
 * profile_json_path - a path of @n steps, each given as a member name
 * (or NULL) and an index (a size_t)
 */
struct path profile_json_path(unsigned int n, ...);

/**
 * profile_json_load - parse @p's text, integers up to 2^64-1 included
 * (runc reads Go uint64s; jansson's integers end at 2^63-1): those are
 * p->big, and strings "~u64~K" in the document, which
 * profile_json_get_uint() reads as their values
 *
 * Returns the document, or NULL with @err filled.
 */
json_t *profile_json_load(struct profile *p, json_error_t *err);

/** profile_json_sub - @base one step longer */
struct path profile_json_sub(const struct path *base, const char *key,
			     size_t idx);

/**
 * profile_json_where - the 1-based line and column of the value at
 * @path, or of the deepest part of it the document has
 */
void profile_json_where(const struct profile *p, const struct path *path,
			int *line, int *col);

/** profile_json_entry_path - entry @entry: syscalls[N], FILTER.filter[N] */
struct path profile_json_entry_path(const struct profile *p, size_t entry);

/** profile_json_name_path - the syscall name of rule @r */
struct path profile_json_name_path(const struct profile *p,
				   const struct profile_rule *r);

/**
 * profile_json_fail - fills @d with "PATH: message" and the position of
 * @path
 *
 * Returns -EINVAL.
 */
__attribute__((format(printf, 4, 5))) int
profile_json_fail(const struct profile *p, struct profile_diag *d,
		  const struct path *path, const char *fmt, ...);

/**
 * profile_json_get_string - member @key of @obj (at @at), which must be
 * a string; absent or null: NULL
 *
 * Returns 0; -EINVAL and @d if it is of another type.
 */
int profile_json_get_string(const struct profile *p, struct profile_diag *d,
			    const json_t *obj, const struct path *at,
			    const char *key, const char **out);

/**
 * profile_json_get_uint - member @key of @obj (at @at), which must be an
 * integer in 0..@max; absent or null: 0, and false in @present (if given)
 *
 * Returns 0; -EINVAL and @d if it is not.
 */
int profile_json_get_uint(const struct profile *p, struct profile_diag *d,
			  const json_t *obj, const struct path *at,
			  const char *key, uint64_t max, uint64_t *out,
			  bool *present);

/**
 * profile_json_get_array - member @key of @obj (at @at), which must be
 * an array; absent or null: NULL
 *
 * Returns 0; -EINVAL and @d if it is of another type.
 */
int profile_json_get_array(const struct profile *p, struct profile_diag *d,
			   const json_t *obj, const struct path *at,
			   const char *key, json_t **out);

/**
 * profile_json_check_keys - the members of @obj (at @at) against the
 * @n of @known
 * @closed: NULL, or why an unknown member is refused rather than ignored
 *
 * An unknown member, or one of the wrong type that is not read, is a
 * warning on @o->warn; an error under @o->strict, and also with @closed.
 *
 * Returns 0; -EINVAL and @d.
 */
int profile_json_check_keys(const struct profile *p, struct profile_diag *d,
			    const struct profile_opts *o, const json_t *obj,
			    const struct path *at, const struct known *known,
			    size_t n, const char *closed);

/* profile_json_check_keys() of a table, with the caller's p, d and o */
#define CHECK_KEYS(obj, at, table, closed) \
	profile_json_check_keys(p, d, o, obj, at, table, N(table), closed)

/**
 * profile_json_closed_entry - why an unknown member of an entry whose
 * action is @action is refused: when the action lets more through than
 * the default action
 *
 * Returns the reason, for profile_json_check_keys(); NULL: it is not.
 */
const char *profile_json_closed_entry(const struct profile *p, uint32_t action);

/* Why an unknown member of an argument condition is refused. */
extern const char profile_json_closed_cond[];

#endif
