/* SPDX-License-Identifier: LGPL-2.1-only */
/* A small JSON reader for the benchmark's policy files (RFC 8259). */

#ifndef BENCH_JSON_H
#define BENCH_JSON_H

#include <stddef.h>
#include <stdint.h>

enum json_type {
	JSON_NULL,
	JSON_FALSE,
	JSON_TRUE,
	JSON_NUMBER,
	JSON_STRING,
	JSON_ARRAY,
	JSON_OBJECT,
};

/*
 * One value. Arrays and objects own @cnt children in @items; an object's
 * children carry their member name in @key, in file order. A number keeps
 * its double value and, when it is a non-negative integer below 2^64, its
 * exact value in @u (seccomp data are 64-bit and must not be rounded).
 */
struct json {
	enum json_type type;
	char *key;
	char *str;
	double num;
	uint64_t u;
	int is_uint;
	struct json *items;
	size_t cnt;
};

/**
 * json_parse() - parse a whole document
 * @text: the document (NUL-terminated)
 * @out:  receives the root value (owned; release with json_free())
 * @err:  receives the byte offset of the first error, if any
 *
 * Return: 0; -EINVAL on malformed input (trailing data included), too deep
 * nesting (over 64 levels) or invalid UTF-16 escapes; -ENOMEM.
 */
int json_parse(const char *text, struct json *out, size_t *err);

/** json_free() - release what json_parse() allocated; NULL is fine */
void json_free(struct json *v);

/**
 * json_get() - member of an object by name
 *
 * Return: the first member called @key, or NULL if @obj is not an object
 * or has no such member.
 */
const struct json *json_get(const struct json *obj, const char *key);

/**
 * json_str() - a member's string value
 *
 * Return: the string, or NULL if absent or not a string.
 */
const char *json_str(const struct json *obj, const char *key);

/**
 * json_read_file() - read a whole file into a NUL-terminated buffer
 *
 * Return: 0 and *@buf (malloc'd); -errno on failure.
 */
int json_read_file(const char *path, char **buf);

#endif
