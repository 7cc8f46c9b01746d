/* SPDX-License-Identifier: LGPL-2.1-only */
/* A small JSON reader for the benchmark's policy files (RFC 8259). */

/*
 * Recursive descent over the text into a tree of struct json. Strict: no
 * comments, no trailing commas, no leading zeros, control characters in
 * strings rejected, \u escapes decoded to UTF-8 (surrogate pairs joined).
 */

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "json.h"

#define DEPTH_MAX 64

struct parser {
	const char *s;
	size_t pos;
	int depth;
};

static void skip_ws(struct parser *p)
{
	while (p->s[p->pos] == ' ' || p->s[p->pos] == '\t' ||
	       p->s[p->pos] == '\n' || p->s[p->pos] == '\r')
		p->pos++;
}

static int parse_value(struct parser *p, struct json *v);

static int hex4(const char *s, unsigned int *out)
{
	unsigned int i, c = 0;

	for (i = 0; i < 4; i++) {
		c <<= 4;
		if (s[i] >= '0' && s[i] <= '9')
			c |= (unsigned int)(s[i] - '0');
		else if (s[i] >= 'a' && s[i] <= 'f')
			c |= (unsigned int)(s[i] - 'a' + 10);
		else if (s[i] >= 'A' && s[i] <= 'F')
			c |= (unsigned int)(s[i] - 'A' + 10);
		else
			return -EINVAL;
	}
	*out = c;
	return 0;
}

/* Appends code point @c as UTF-8 at @o; returns the bytes written. */
static size_t put_utf8(char *o, unsigned int c)
{
	if (c < 0x80) {
		o[0] = (char)c;
		return 1;
	}
	if (c < 0x800) {
		o[0] = (char)(0xc0 | c >> 6);
		o[1] = (char)(0x80 | (c & 0x3f));
		return 2;
	}
	if (c < 0x10000) {
		o[0] = (char)(0xe0 | c >> 12);
		o[1] = (char)(0x80 | (c >> 6 & 0x3f));
		o[2] = (char)(0x80 | (c & 0x3f));
		return 3;
	}
	o[0] = (char)(0xf0 | c >> 18);
	o[1] = (char)(0x80 | (c >> 12 & 0x3f));
	o[2] = (char)(0x80 | (c >> 6 & 0x3f));
	o[3] = (char)(0x80 | (c & 0x3f));
	return 4;
}

/* A string at p->pos (on its opening quote) into a new buffer. */
static int parse_string(struct parser *p, char **out)
{
	const char *s = p->s;
	size_t i = p->pos + 1, n = 0;
	unsigned int c, lo;
	char *o;

	/* the decoded text is never longer than the escaped one */
	while (s[i] != '"') {
		if (s[i] == '\0' || (unsigned char)s[i] < 0x20)
			return -EINVAL;
		i += s[i] == '\\' && s[i + 1] != '\0' ? 2 : 1;
	}
	o = malloc(i - p->pos);
	if (o == NULL)
		return -ENOMEM;
	for (i = p->pos + 1; s[i] != '"'; i++) {
		if (s[i] != '\\') {
			o[n++] = s[i];
			continue;
		}
		switch (s[++i]) {
		case '"': case '\\': case '/':
			o[n++] = s[i];
			break;
		case 'b': o[n++] = '\b'; break;
		case 'f': o[n++] = '\f'; break;
		case 'n': o[n++] = '\n'; break;
		case 'r': o[n++] = '\r'; break;
		case 't': o[n++] = '\t'; break;
		case 'u':
			if (hex4(s + i + 1, &c) < 0)
				goto bad;
			i += 4;
			if (c >= 0xdc00 && c <= 0xdfff)
				goto bad;
			if (c >= 0xd800 && c <= 0xdbff) {
				if (s[i + 1] != '\\' || s[i + 2] != 'u' ||
				    hex4(s + i + 3, &lo) < 0 || lo < 0xdc00 ||
				    lo > 0xdfff)
					goto bad;
				i += 6;
				c = 0x10000 + ((c - 0xd800) << 10) +
				    (lo - 0xdc00);
			}
			/* \u0000 would cut the C string short */
			if (c == 0)
				goto bad;
			n += put_utf8(o + n, c);
			break;
		default:
			goto bad;
		}
	}
	o[n] = '\0';
	p->pos = i + 1;
	*out = o;
	return 0;
bad:
	free(o);
	p->pos = i;
	return -EINVAL;
}

static int parse_number(struct parser *p, struct json *v)
{
	const char *s = p->s + p->pos, *start = s;
	uint64_t u = 0;
	int exact = 1;
	char *end;

	if (*s == '-') {
		exact = 0;
		s++;
	}
	if (*s == '0') {
		s++;
	} else if (*s >= '1' && *s <= '9') {
		for (; *s >= '0' && *s <= '9'; s++) {
			if (u > (UINT64_MAX - (uint64_t)(*s - '0')) / 10)
				exact = 0;
			u = u * 10 + (uint64_t)(*s - '0');
		}
	} else {
		return -EINVAL;
	}
	if (*s == '.') {
		exact = 0;
		if (*++s < '0' || *s > '9')
			return -EINVAL;
		while (*s >= '0' && *s <= '9')
			s++;
	}
	if (*s == 'e' || *s == 'E') {
		exact = 0;
		s++;
		if (*s == '+' || *s == '-')
			s++;
		if (*s < '0' || *s > '9')
			return -EINVAL;
		while (*s >= '0' && *s <= '9')
			s++;
	}
	v->type = JSON_NUMBER;
	v->num = strtod(start, &end);
	v->is_uint = exact;
	v->u = exact ? u : 0;
	p->pos += (size_t)(s - start);
	return 0;
}

/* An array or object: p->pos is on its opening bracket. */
static int parse_container(struct parser *p, struct json *v, char close)
{
	struct json *items;
	size_t cap = 0;
	int rc;

	if (++p->depth > DEPTH_MAX)
		return -EINVAL;
	v->type = close == ']' ? JSON_ARRAY : JSON_OBJECT;
	p->pos++;
	skip_ws(p);
	if (p->s[p->pos] == close) {
		p->pos++;
		p->depth--;
		return 0;
	}
	for (;;) {
		if (v->cnt == cap) {
			cap = cap ? cap * 2 : 8;
			items = realloc(v->items, cap * sizeof(*items));
			if (items == NULL)
				return -ENOMEM;
			v->items = items;
		}
		memset(&v->items[v->cnt], 0, sizeof(*v->items));
		v->cnt++;
		skip_ws(p);
		if (close == '}') {
			if (p->s[p->pos] != '"')
				return -EINVAL;
			rc = parse_string(p, &v->items[v->cnt - 1].key);
			if (rc < 0)
				return rc;
			skip_ws(p);
			if (p->s[p->pos++] != ':')
				return -EINVAL;
		}
		rc = parse_value(p, &v->items[v->cnt - 1]);
		if (rc < 0)
			return rc;
		skip_ws(p);
		if (p->s[p->pos] == close)
			break;
		if (p->s[p->pos] != ',')
			return -EINVAL;
		p->pos++;
	}
	p->pos++;
	p->depth--;
	return 0;
}

static int parse_value(struct parser *p, struct json *v)
{
	const char *s;

	skip_ws(p);
	s = p->s + p->pos;
	switch (*s) {
	case '{':
		return parse_container(p, v, '}');
	case '[':
		return parse_container(p, v, ']');
	case '"':
		v->type = JSON_STRING;
		return parse_string(p, &v->str);
	case 't':
		if (strncmp(s, "true", 4) != 0)
			return -EINVAL;
		v->type = JSON_TRUE;
		p->pos += 4;
		return 0;
	case 'f':
		if (strncmp(s, "false", 5) != 0)
			return -EINVAL;
		v->type = JSON_FALSE;
		p->pos += 5;
		return 0;
	case 'n':
		if (strncmp(s, "null", 4) != 0)
			return -EINVAL;
		v->type = JSON_NULL;
		p->pos += 4;
		return 0;
	default:
		return parse_number(p, v);
	}
}

static void free_children(struct json *v)
{
	size_t i;

	for (i = 0; i < v->cnt; i++) {
		free_children(&v->items[i]);
		free(v->items[i].key);
	}
	free(v->items);
	free(v->str);
}

/**
 * json_free() - release what json_parse() allocated; NULL is fine
 */
void json_free(struct json *v)
{
	if (v == NULL)
		return;
	free_children(v);
	memset(v, 0, sizeof(*v));
}

/**
 * json_parse() - parse a whole document; see json.h
 */
int json_parse(const char *text, struct json *out, size_t *err)
{
	struct parser p = { .s = text };
	int rc;

	memset(out, 0, sizeof(*out));
	rc = parse_value(&p, out);
	if (rc == 0) {
		skip_ws(&p);
		if (text[p.pos] != '\0')
			rc = -EINVAL;
	}
	if (rc < 0) {
		json_free(out);
		if (err != NULL)
			*err = p.pos;
	}
	return rc;
}

/**
 * json_get() - member of an object by name; see json.h
 */
const struct json *json_get(const struct json *obj, const char *key)
{
	size_t i;

	if (obj == NULL || obj->type != JSON_OBJECT)
		return NULL;
	for (i = 0; i < obj->cnt; i++)
		if (strcmp(obj->items[i].key, key) == 0)
			return &obj->items[i];
	return NULL;
}

/**
 * json_str() - a member's string value; see json.h
 */
const char *json_str(const struct json *obj, const char *key)
{
	const struct json *v = json_get(obj, key);

	return v != NULL && v->type == JSON_STRING ? v->str : NULL;
}

/**
 * json_read_file() - read a whole file; see json.h
 */
int json_read_file(const char *path, char **buf)
{
	size_t len = 0, cap = 4096;
	ssize_t got;
	char *b, *nb;
	int fd, rc = 0;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	b = malloc(cap);
	if (b == NULL) {
		close(fd);
		return -ENOMEM;
	}
	for (;;) {
		if (cap - len < 2) {
			nb = realloc(b, cap * 2);
			if (nb == NULL) {
				rc = -ENOMEM;
				break;
			}
			b = nb;
			cap *= 2;
		}
		got = read(fd, b + len, cap - len - 1);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			rc = -errno;
			break;
		}
		if (got == 0)
			break;
		len += (size_t)got;
	}
	close(fd);
	if (rc < 0) {
		free(b);
		return rc;
	}
	b[len] = '\0';
	*buf = b;
	return 0;
}
