/* SPDX-License-Identifier: LGPL-2.1-only */
/* The profile document: positions, typed getters, known members. */

/*
 * Positions: jansson reports line and column of a syntax error only. For
 * a value that parses but is wrong, locate_at() walks the kept text along
 * the value's path (member names and array indices), letting jansson
 * measure each value it steps over; only punctuation is read here.
 */

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "profile_json.h"

struct path profile_json_path(unsigned int n, ...)
{
	struct path p = { .n = n };
	unsigned int i;
	va_list ap;

	va_start(ap, n);
	for (i = 0; i < n; i++) {
		p.s[i].key = va_arg(ap, const char *);
		p.s[i].idx = va_arg(ap, size_t);
	}
	va_end(ap);
	return p;
}

struct path profile_json_sub(const struct path *base, const char *key,
			     size_t idx)
{
	struct path p = *base;

	if (p.n < PATH_MAX_STEPS) {
		p.s[p.n].key = key;
		p.s[p.n].idx = idx;
		p.n++;
	}
	return p;
}

static size_t skip_ws(const char *t, size_t len, size_t i)
{
	while (i < len &&
	       (t[i] == ' ' || t[i] == '\t' || t[i] == '\n' || t[i] == '\r'))
		i++;
	return i;
}

/* The length of the JSON value at @t, measured by jansson; 0 if none. */
static size_t value_len(const char *t, size_t len, json_t **value)
{
	json_error_t err;
	json_t *v;

	v = json_loadb(t, len, JSON_DECODE_ANY | JSON_DISABLE_EOF_CHECK, &err);
	if (v == NULL)
		return 0;
	if (value != NULL)
		*value = v;
	else
		json_decref(v);
	return (size_t)err.position;
}

/*
 * From the container at @i, the offset of its member or element @s; of
 * the member's name instead when @key_at is given (it receives it).
 */
static size_t step_into(const char *t, size_t len, size_t i,
			const struct step *s, bool *found, bool key_at)
{
	size_t n, k, at;
	json_t *key = NULL;
	bool object = t[i] == '{';

	*found = false;
	if (t[i] != '{' && t[i] != '[')
		return i;
	at = i;
	for (i++, n = 0;; n++) {
		i = skip_ws(t, len, i);
		if (i >= len || t[i] == '}' || t[i] == ']')
			return at;
		if (object) {
			k = value_len(t + i, len - i, &key);
			if (k == 0)
				return at;
			*found = s->key != NULL && json_is_string(key) &&
				 strcmp(json_string_value(key), s->key) == 0;
			json_decref(key);
			key = NULL;
			if (*found && key_at)
				return i;
			i = skip_ws(t, len, i + k) + 1; /* the ':' */
			i = skip_ws(t, len, i);
		} else {
			*found = s->key == NULL && n == s->idx;
		}
		if (*found)
			return i;
		k = value_len(t + i, len - i, NULL);
		if (k == 0)
			return at;
		i = skip_ws(t, len, i + k);
		if (i < len && t[i] == ',')
			i++;
	}
}

/*
 * The offset of the value at @path, or of the deepest part found; of the
 * last member's name instead with @key.
 */
static size_t locate_at(const struct profile *p, const struct path *path,
			bool key)
{
	size_t i = skip_ws(p->text, p->len, 0);
	unsigned int k;
	bool found = true;

	for (k = 0; k < path->n && found && i < p->len; k++)
		i = step_into(p->text, p->len, i, &path->s[k], &found,
			      key && k + 1 == path->n);
	return i;
}

/* Line and column (in characters, as jansson counts) of offset @off. */
static void line_col(const struct profile *p, size_t off, int *line, int *col)
{
	size_t i;

	*line = 1;
	*col = 1;
	for (i = 0; i < off && i < p->len; i++) {
		if (p->text[i] == '\n') {
			(*line)++;
			*col = 1;
		} else if (((unsigned char)p->text[i] & 0xc0) != 0x80) {
			(*col)++;
		}
	}
}

void profile_json_where(const struct profile *p, const struct path *path,
			int *line, int *col)
{
	line_col(p, locate_at(p, path, false), line, col);
}

struct path profile_json_entry_path(const struct profile *p, size_t entry)
{
	if (p->format == PROFILE_FORMAT_FIRECRACKER)
		return profile_json_path(3, p->fc_filter, (size_t)0, "filter",
					 (size_t)0, NULL, entry);
	return profile_json_path(2, "syscalls", (size_t)0, NULL, entry);
}

struct path profile_json_name_path(const struct profile *p,
				   const struct profile_rule *r)
{
	struct path at = profile_json_entry_path(p, r->entry);
	json_t *e =
		json_array_get(json_object_get(p->doc, "syscalls"), r->entry);

	if (p->format == PROFILE_FORMAT_FIRECRACKER)
		return profile_json_sub(&at, "syscall", 0);
	if (json_object_get(e, "name") != NULL)
		return profile_json_sub(&at, "name", 0);
	at = profile_json_sub(&at, "names", 0);
	return profile_json_sub(&at, NULL, r->name_idx);
}

void profile_entry_where(const struct profile *p, size_t entry, int *line,
			 int *col)
{
	struct path path = profile_json_entry_path(p, entry);

	profile_json_where(p, &path, line, col);
}

static void path_str(const struct path *path, char *buf, size_t size)
{
	size_t used = 0;
	unsigned int k;
	int n;

	buf[0] = '\0';
	for (k = 0; k < path->n && used < size; k++) {
		if (path->s[k].key != NULL)
			n = snprintf(buf + used, size - used, "%s%s",
				     k ? "." : "", path->s[k].key);
		else
			n = snprintf(buf + used, size - used, "[%zu]",
				     path->s[k].idx);
		if (n < 0)
			break;
		used += (size_t)n;
	}
}

void profile_entry_label(const struct profile *p, size_t entry, char *buf,
			 size_t size)
{
	struct path path = profile_json_entry_path(p, entry);

	path_str(&path, buf, size);
}

/*
 * Fills @d with "PATH: message" and the position of @path (of its last
 * member's name with @key); -EINVAL.
 */
static int vfail(const struct profile *p, struct profile_diag *d,
		 const struct path *path, bool key, const char *fmt, va_list ap)
{
	struct path parent = *path;
	char where[128];
	size_t used;

	/* a member's name is said in the message, the path is its object's */
	if (key && parent.n > 0)
		parent.n--;
	path_str(&parent, where, sizeof(where));
	snprintf(d->msg, sizeof(d->msg), "%s%s", where, where[0] ? ": " : "");
	used = strlen(d->msg);
	vsnprintf(d->msg + used, sizeof(d->msg) - used, fmt, ap);
	line_col(p, locate_at(p, path, key), &d->line, &d->column);
	return -EINVAL;
}

int profile_json_fail(const struct profile *p, struct profile_diag *d,
		      const struct path *path, const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = vfail(p, d, path, false, fmt, ap);
	va_end(ap);
	return rc;
}

/* profile_json_fail() at the name of the member @path ends in. */
__attribute__((format(printf, 4, 5))) static int
fail_key(const struct profile *p, struct profile_diag *d,
	 const struct path *path, const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = vfail(p, d, path, true, fmt, ap);
	va_end(ap);
	return rc;
}

int profile_json_get_string(const struct profile *p, struct profile_diag *d,
			    const json_t *obj, const struct path *at,
			    const char *key, const char **out)
{
	json_t *v = json_object_get(obj, key);
	struct path path = profile_json_sub(at, key, 0);

	*out = NULL;
	if (v == NULL || json_is_null(v))
		return 0;
	if (!json_is_string(v))
		return profile_json_fail(p, d, &path, "must be a string");
	*out = json_string_value(v);
	return 0;
}

/* A big integer's stand-in in the document: "~u64~K", K its index. */
#define BIG_MARK "~u64~"

/*
 * Where @s[i] starts an integer literal of 19 digits or more above
 * INT64_MAX and at most UINT64_MAX, puts its stand-in there, padded with
 * spaces to its length (positions stay), and records the value. Returns
 * the index after the literal (or after the digits at @i).
 */
static size_t mark_big(struct profile *p, char *s, size_t i, int *rc)
{
	size_t j = i, n;
	unsigned long long v;
	uint64_t *grown;
	char mark[32];

	while (j < p->len && s[j] >= '0' && s[j] <= '9')
		j++;
	if (j - i < 19 || s[i] == '0' ||
	    (j < p->len && (s[j] == '.' || s[j] == 'e' || s[j] == 'E')))
		return j;
	errno = 0;
	v = strtoull(s + i, NULL, 10);
	if (errno != 0 || v <= (unsigned long long)INT64_MAX)
		return j;
	grown = realloc(p->big, (p->nbig + 1) * sizeof(*grown));
	if (grown == NULL) {
		*rc = -ENOMEM;
		return j;
	}
	p->big = grown;
	n = (size_t)snprintf(mark, sizeof(mark), "\"" BIG_MARK "%zu\"",
			     p->nbig);
	p->big[p->nbig++] = v;
	memcpy(s + i, mark, n);
	memset(s + i + n, ' ', j - i - n);
	return j;
}

/* Every big integer of @s (a copy of the text) marked; -ENOMEM. */
static int mark_bigs(struct profile *p, char *s)
{
	bool in_str = false;
	size_t i = 0;
	int rc = 0;

	while (i < p->len && rc == 0) {
		if (in_str) {
			in_str = s[i] != '"';
			i += s[i] == '\\' ? 2 : 1;
		} else if (s[i] == '"') {
			in_str = true;
			i++;
		} else if (s[i] >= '0' && s[i] <= '9') {
			/* a literal's first digit: after '-', a sign too */
			i = i > 0 && s[i - 1] == '-' ? i + 1 :
						       mark_big(p, s, i, &rc);
		} else {
			i++;
		}
	}
	return rc;
}

json_t *profile_json_load(struct profile *p, json_error_t *err)
{
	json_t *doc = json_loadb(p->text, p->len, JSON_REJECT_DUPLICATES, err);
	char *copy;

	/* a text that holds the stand-in already keeps jansson's error */
	if (doc != NULL || strstr(err->text, "too big integer") == NULL ||
	    strstr(p->text, BIG_MARK) != NULL)
		return doc;
	copy = malloc(p->len + 1);
	if (copy == NULL)
		return NULL;
	memcpy(copy, p->text, p->len + 1);
	if (mark_bigs(p, copy) == 0)
		doc = json_loadb(copy, p->len, JSON_REJECT_DUPLICATES, err);
	free(copy);
	return doc;
}

/* The value of a big integer's stand-in @v, into @out; false if none. */
static bool big_value(const struct profile *p, const json_t *v, uint64_t *out)
{
	const char *s = json_string_value(v);
	unsigned long k;
	char *end;

	if (s == NULL || strncmp(s, BIG_MARK, strlen(BIG_MARK)) != 0)
		return false;
	k = strtoul(s + strlen(BIG_MARK), &end, 10);
	if (*end != '\0' || k >= p->nbig)
		return false;
	*out = p->big[k];
	return true;
}

int profile_json_get_uint(const struct profile *p, struct profile_diag *d,
			  const json_t *obj, const struct path *at,
			  const char *key, uint64_t max, uint64_t *out,
			  bool *present)
{
	json_t *v = json_object_get(obj, key);
	struct path path = profile_json_sub(at, key, 0);
	bool ok;

	*out = 0;
	if (present != NULL)
		*present = false;
	if (v == NULL || json_is_null(v))
		return 0;
	ok = big_value(p, v, out);
	if (!ok && json_is_integer(v) && json_integer_value(v) >= 0) {
		*out = (uint64_t)json_integer_value(v);
		ok = true;
	}
	if (!ok || *out > max) {
		*out = 0;
		return profile_json_fail(p, d, &path,
					 "must be an integer from 0 to %llu",
					 (unsigned long long)max);
	}
	if (present != NULL)
		*present = true;
	return 0;
}

int profile_json_get_array(const struct profile *p, struct profile_diag *d,
			   const json_t *obj, const struct path *at,
			   const char *key, json_t **out)
{
	json_t *v = json_object_get(obj, key);
	struct path path = profile_json_sub(at, key, 0);

	*out = NULL;
	if (v == NULL || json_is_null(v))
		return 0;
	if (!json_is_array(v))
		return profile_json_fail(p, d, &path, "must be an array");
	*out = v;
	return 0;
}

/*
 * Members. Go's JSON reader, Docker's and runc's, ignores members it does
 * not know: a misspelt "sycalls" or "args" is then silently no part of the
 * filter. Here each one is reported; where ignoring it could let through
 * what the profile meant to refuse, the profile is refused.
 */

/* Levenshtein distance of two short names (longer ones: far). */
static unsigned int distance(const char *a, const char *b)
{
	unsigned int row[33], i, j, diag, up, best;
	size_t la = strlen(a), lb = strlen(b);

	if (la > 32 || lb > 32)
		return 99;
	for (j = 0; j <= lb; j++)
		row[j] = j;
	for (i = 1; i <= la; i++) {
		diag = row[0];
		row[0] = i;
		for (j = 1; j <= lb; j++) {
			up = row[j];
			best = diag + (a[i - 1] != b[j - 1]);
			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	return row[lb];
}

static const char *json_type_name(int type)
{
	return type == JSON_STRING ? "a string" : "of another type";
}

int profile_json_check_keys(const struct profile *p, struct profile_diag *d,
			    const struct profile_opts *o, const json_t *obj,
			    const struct path *at, const struct known *known,
			    size_t n, const char *closed)
{
	char hint[80], msg[256];
	const char *key, *near;
	unsigned int dist, best;
	struct path kat;
	json_t *v;
	size_t i;
	int line, col;

	json_object_foreach((json_t *)obj, key, v) {
		for (i = 0; i < n && strcmp(key, known[i].name) != 0; i++)
			;
		if (i < n && (known[i].type < 0 || json_is_null(v) ||
			      (int)json_typeof(v) == known[i].type))
			continue;
		kat = profile_json_sub(at, key, 0);
		if (i < n) {
			if (o->strict)
				return profile_json_fail(
					p, d, &kat, "must be %s",
					json_type_name(known[i].type));
			profile_json_where(p, &kat, &line, &col);
			path_str(&kat, msg, sizeof(msg));
			if (o->warn != NULL)
				fprintf(o->warn,
					"%s:%d:%d: warning: %s: must be %s;"
					" ignored\n",
					p->path, line, col, msg,
					json_type_name(known[i].type));
			continue;
		}
		near = NULL;
		best = 3;
		for (i = 0; i < n; i++) {
			dist = distance(key, known[i].name);
			if (dist < best) {
				best = dist;
				near = known[i].name;
			}
		}
		hint[0] = '\0';
		if (near != NULL)
			snprintf(hint, sizeof(hint), " (did you mean \"%s\"?)",
				 near);
		if (o->strict || closed != NULL)
			return fail_key(p, d, &kat, "unknown key \"%s\"%s%s%s",
					key, hint, closed != NULL ? ": " : "",
					closed != NULL ? closed : "");
		line_col(p, locate_at(p, &kat, true), &line, &col);
		path_str(at, msg, sizeof(msg));
		if (o->warn != NULL)
			fprintf(o->warn,
				"%s:%d:%d: warning: %s%sunknown key \"%s\"%s;"
				" ignored\n",
				p->path, line, col, msg, msg[0] ? ": " : "",
				key, hint);
	}
	return 0;
}

const char *profile_json_closed_entry(const struct profile *p, uint32_t action)
{
	/* the kernel's order: the lower action value as a signed number is
	 * the stricter */
	if ((int32_t)(action & 0xffff0000u) <=
	    (int32_t)(p->def_action & 0xffff0000u))
		return NULL;
	return "the entry lets more through than the default action, and"
	       " ignoring the key could let through what the profile meant"
	       " to refuse";
}

const char profile_json_closed_cond[] =
	"ignoring it would change what the condition tests";
