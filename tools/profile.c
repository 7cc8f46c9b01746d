/* SPDX-License-Identifier: LGPL-2.1-only */
/* OCI/Docker and Firecracker seccomp profiles: read, resolve, build. */

/*
 * The profile format is the OCI runtime-spec's linux.seccomp with moby's
 * additions, or Firecracker's seccompiler JSON (resolve_fc(), below, says
 * how it is read). Resolution of the first follows moby's setupSeccomp() and runc's
 * InitSeccomp() (see profile.h):
 *  - ABIs: "architectures", or the archMap entry of the host's ABI (itself
 *    and its subArchitectures); both present is an error, as in moby;
 *  - an entry applies unless excludes.arches names the host, one of
 *    excludes.caps is held or excludes.minKernel is reached, and only if
 *    includes.arches names the host (when given), every includes.caps is
 *    held and includes.minKernel is reached. Arches there are Go's names
 *    ("amd64", "arm64", "386"), which is what moby compares with; the
 *    profiles also list libseccomp's names, which are accepted too;
 *  - ERRNO and TRACE take errnoRet, else EPERM; the default action takes
 *    defaultErrnoRet;
 *  - each name of an entry is one rule with all its conditions ANDed, as
 *    the runtime spec says, several on one argument included (this
 *    library takes those; runc splits such an entry into one rule per
 *    condition, ORed, because libseccomp refuses them);
 *  - MASKED_EQ takes the mask from "value" and the datum from "valueTwo".
 *
 * Positions: jansson reports line and column of a syntax error only. For
 * a value that parses but is wrong, locate() walks the kept text along the
 * value's path (member names and array indices), letting jansson measure
 * each value it steps over; only punctuation is read here.
 */

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/utsname.h>

#include "arch_list.h"
#include "profile.h"

const char *const profile_docker_caps[] = {
	"CAP_CHOWN",
	"CAP_DAC_OVERRIDE",
	"CAP_FSETID",
	"CAP_FOWNER",
	"CAP_MKNOD",
	"CAP_NET_RAW",
	"CAP_SETGID",
	"CAP_SETUID",
	"CAP_SETFCAP",
	"CAP_SETPCAP",
	"CAP_NET_BIND_SERVICE",
	"CAP_SYS_CHROOT",
	"CAP_KILL",
	"CAP_AUDIT_WRITE",
	NULL,
};

/* Every capability of Linux 6.x, in the order of their numbers. */
static const char *const all_caps[] = {
	"CAP_CHOWN",
	"CAP_DAC_OVERRIDE",
	"CAP_DAC_READ_SEARCH",
	"CAP_FOWNER",
	"CAP_FSETID",
	"CAP_KILL",
	"CAP_SETGID",
	"CAP_SETUID",
	"CAP_SETPCAP",
	"CAP_LINUX_IMMUTABLE",
	"CAP_NET_BIND_SERVICE",
	"CAP_NET_BROADCAST",
	"CAP_NET_ADMIN",
	"CAP_NET_RAW",
	"CAP_IPC_LOCK",
	"CAP_IPC_OWNER",
	"CAP_SYS_MODULE",
	"CAP_SYS_RAWIO",
	"CAP_SYS_CHROOT",
	"CAP_SYS_PTRACE",
	"CAP_SYS_PACCT",
	"CAP_SYS_ADMIN",
	"CAP_SYS_BOOT",
	"CAP_SYS_NICE",
	"CAP_SYS_RESOURCE",
	"CAP_SYS_TIME",
	"CAP_SYS_TTY_CONFIG",
	"CAP_MKNOD",
	"CAP_LEASE",
	"CAP_AUDIT_WRITE",
	"CAP_AUDIT_CONTROL",
	"CAP_SETFCAP",
	"CAP_MAC_OVERRIDE",
	"CAP_MAC_ADMIN",
	"CAP_SYSLOG",
	"CAP_WAKE_ALARM",
	"CAP_BLOCK_SUSPEND",
	"CAP_AUDIT_READ",
	"CAP_PERFMON",
	"CAP_BPF",
	"CAP_CHECKPOINT_RESTORE",
	NULL,
};

/*
 * The ABIs libseccomp 2.6 added, for the benchmark's build of this file
 * against 2.5's seccomp.h: their tokens (audit values). A profile may name
 * them; only a filter for them needs the library to know them.
 */
#ifndef SCMP_ARCH_LOONGARCH64
#define SCMP_ARCH_LOONGARCH64 0xc0000102U
#define SCMP_ARCH_M68K 0x00000004U
#define SCMP_ARCH_SHEB 0x0000002aU
#define SCMP_ARCH_SH 0x4000002aU
#endif

/*
 * Each ABI (arch_list.h): libseccomp's name, the name moby compares
 * includes and excludes "arches" with, its token and argument width.
 */
#define ARCH_ROW(mac, nm, col, bits, be, base, goarch) \
	{ nm, goarch, SCMP_ARCH_##mac, bits },
static const struct {
	const char *name;
	const char *host;
	uint32_t token;
	unsigned int bits;
} arch_table[] = { ARCH_LIST(ARCH_ROW) };
#undef ARCH_ROW

#define N(a) (sizeof(a) / sizeof((a)[0]))

/*
 * Positions
 */

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

static struct path path_of(unsigned int n, ...)
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

/* A path one step longer. */
static struct path sub(const struct path *base, const char *key, size_t idx)
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

static size_t locate(const struct profile *p, const struct path *path)
{
	return locate_at(p, path, false);
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

/* The path of entry @entry: syscalls[N], or FILTER.filter[N]. */
static struct path entry_path(const struct profile *p, size_t entry)
{
	if (p->format == PROFILE_FORMAT_FIRECRACKER)
		return path_of(3, p->fc_filter, (size_t)0, "filter", (size_t)0,
			       NULL, entry);
	return path_of(2, "syscalls", (size_t)0, NULL, entry);
}

/* The path of rule @r's syscall name. */
static struct path name_path(const struct profile *p,
			     const struct profile_rule *r)
{
	struct path at = entry_path(p, r->entry);
	json_t *e =
		json_array_get(json_object_get(p->doc, "syscalls"), r->entry);

	if (p->format == PROFILE_FORMAT_FIRECRACKER)
		return sub(&at, "syscall", 0);
	if (json_object_get(e, "name") != NULL)
		return sub(&at, "name", 0);
	at = sub(&at, "names", 0);
	return sub(&at, NULL, r->name_idx);
}

void profile_entry_where(const struct profile *p, size_t entry, int *line,
			 int *col)
{
	struct path path = entry_path(p, entry);

	line_col(p, locate(p, &path), line, col);
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
	struct path path = entry_path(p, entry);

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

__attribute__((format(printf, 4, 5))) static int fail(const struct profile *p,
						      struct profile_diag *d,
						      const struct path *path,
						      const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = vfail(p, d, path, false, fmt, ap);
	va_end(ap);
	return rc;
}

/* fail() at the name of the member @path ends in. */
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

/*
 * Reading
 */

int profile_read(const char *path, struct profile *p, struct profile_diag *d)
{
	size_t len = 0, cap = 0;
	json_error_t err;
	char *text = NULL, *grown;
	FILE *f;
	int rc = 0;

	memset(p, 0, sizeof(*p));
	memset(d, 0, sizeof(*d));
	f = fopen(path, "re");
	if (f == NULL)
		return -errno;
	for (;;) {
		if (cap - len < 4096) {
			cap = cap ? cap * 2 : 65536;
			grown = realloc(text, cap + 1);
			if (grown == NULL) {
				rc = -ENOMEM;
				break;
			}
			text = grown;
		}
		len += fread(text + len, 1, cap - len, f);
		if (ferror(f)) {
			rc = -EIO;
			break;
		}
		if (feof(f))
			break;
	}
	fclose(f);
	if (rc < 0) {
		free(text);
		return rc;
	}
	text[len] = '\0';
	p->text = text;
	p->len = len;
	p->path = strdup(path);
	p->doc = json_loadb(text, len, JSON_REJECT_DUPLICATES, &err);
	if (p->path == NULL) {
		profile_free(p);
		return -ENOMEM;
	}
	if (p->doc == NULL) {
		snprintf(d->msg, sizeof(d->msg), "malformed JSON: %s",
			 err.text);
		d->line = err.line;
		d->column = err.column;
		profile_free(p);
		return -EINVAL;
	}
	return 0;
}

void profile_free(struct profile *p)
{
	if (p == NULL)
		return;
	json_decref(p->doc);
	free(p->text);
	free(p->path);
	free(p->applies);
	free(p->rules);
	memset(p, 0, sizeof(*p));
}

/*
 * Names
 */

unsigned int profile_parse_kernel(const char *s)
{
	unsigned long x, y;
	char *end;

	if (s == NULL || *s < '0' || *s > '9')
		return 0;
	x = strtoul(s, &end, 10);
	if (*end != '.' || end[1] < '0' || end[1] > '9')
		return 0;
	y = strtoul(end + 1, &end, 10);
	if ((*end != '\0' && *end != '.' && *end != '-') || x == 0 ||
	    x > 0xfffe || y > 0xffff)
		return 0;
	return PROFILE_KVER(x, y);
}

uint32_t profile_arch_token(const char *name)
{
	size_t i;

	if (strncmp(name, "SCMP_ARCH_", 10) == 0)
		name += 10;
	for (i = 0; i < N(arch_table); i++)
		if (strcasecmp(name, arch_table[i].name) == 0)
			return arch_table[i].token;
	return 0;
}

const char *profile_arch_name(uint32_t token)
{
	size_t i;

	for (i = 0; i < N(arch_table); i++)
		if (arch_table[i].token == token)
			return arch_table[i].name;
	return NULL;
}

bool profile_arch_64bit(uint32_t token)
{
	size_t i;

	for (i = 0; i < N(arch_table); i++)
		if (arch_table[i].token == token)
			return arch_table[i].bits == 64;
	return false;
}

/* The name includes/excludes use for @token (Go's, see arch_table). */
static const char *arch_host_name(uint32_t token)
{
	size_t i;

	for (i = 0; i < N(arch_table); i++)
		if (arch_table[i].token == token)
			return arch_table[i].host;
	return "";
}

/* A name includes/excludes "arches" may hold: Go's or libseccomp's. */
static bool arch_name_known(const char *name)
{
	size_t i;

	for (i = 0; i < N(arch_table); i++)
		if (strcmp(name, arch_table[i].name) == 0 ||
		    strcmp(name, arch_table[i].host) == 0)
			return true;
	return false;
}

uint32_t profile_arch_lookup(const char *name)
{
	size_t i;

	for (i = 0; i < N(arch_table); i++)
		if (strcasecmp(name, arch_table[i].host) == 0)
			return arch_table[i].token;
	return profile_arch_token(name);
}

bool profile_cap_known(const char *name)
{
	size_t i;

	for (i = 0; all_caps[i] != NULL; i++)
		if (strcmp(name, all_caps[i]) == 0)
			return true;
	return false;
}

const char *profile_cap_name(const char *name)
{
	size_t i;

	if (strncasecmp(name, "CAP_", 4) == 0)
		name += 4;
	for (i = 0; all_caps[i] != NULL; i++)
		if (strcasecmp(name, all_caps[i] + 4) == 0)
			return all_caps[i];
	return NULL;
}

const char *const *profile_cap_all(void)
{
	return all_caps;
}

bool profile_known_name(const char *name)
{
	return seccomp_syscall_resolve_name(name) != __NR_SCMP_ERROR;
}

static const struct {
	const char *name;
	uint32_t action;
	bool data; /* takes errnoRet */
} actions[] = {
	{ "SCMP_ACT_KILL", SCMP_ACT_KILL, false },
	{ "SCMP_ACT_KILL_THREAD", SCMP_ACT_KILL_THREAD, false },
	{ "SCMP_ACT_KILL_PROCESS", SCMP_ACT_KILL_PROCESS, false },
	{ "SCMP_ACT_TRAP", SCMP_ACT_TRAP, false },
	{ "SCMP_ACT_ERRNO", SCMP_ACT_ERRNO(0), true },
	{ "SCMP_ACT_TRACE", SCMP_ACT_TRACE(0), true },
	{ "SCMP_ACT_ALLOW", SCMP_ACT_ALLOW, false },
	{ "SCMP_ACT_LOG", SCMP_ACT_LOG, false },
	{ "SCMP_ACT_NOTIFY", SCMP_ACT_NOTIFY, false },
};

const char *profile_action_str(uint32_t action, int *errno_ret)
{
	size_t i;

	*errno_ret = -1;
	for (i = 0; i < N(actions); i++) {
		if (actions[i].data &&
		    (action & 0xffff0000u) == actions[i].action) {
			*errno_ret = (int)(action & 0xffffu);
			return actions[i].name;
		}
		if (!actions[i].data && action == actions[i].action)
			return actions[i].name;
	}
	return NULL;
}

static const struct {
	const char *name;
	enum scmp_compare op;
} operators[] = {
	{ "SCMP_CMP_NE", SCMP_CMP_NE },
	{ "SCMP_CMP_LT", SCMP_CMP_LT },
	{ "SCMP_CMP_LE", SCMP_CMP_LE },
	{ "SCMP_CMP_EQ", SCMP_CMP_EQ },
	{ "SCMP_CMP_GE", SCMP_CMP_GE },
	{ "SCMP_CMP_GT", SCMP_CMP_GT },
	{ "SCMP_CMP_MASKED_EQ", SCMP_CMP_MASKED_EQ },
};

/* "flags": the seccomp(2) flags runc passes, as filter attributes. */
static const struct {
	const char *name;
	enum scmp_filter_attr attr;
} flag_names[] = {
	{ "SECCOMP_FILTER_FLAG_TSYNC", SCMP_FLTATR_CTL_TSYNC },
	{ "SECCOMP_FILTER_FLAG_LOG", SCMP_FLTATR_CTL_LOG },
	{ "SECCOMP_FILTER_FLAG_SPEC_ALLOW", SCMP_FLTATR_CTL_SSB },
#if SCMP_VER_MAJOR > 2 || SCMP_VER_MINOR >= 6
	/* libseccomp 2.6's: the benchmark builds this file against 2.5 too */
	{ "SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV", SCMP_FLTATR_CTL_WAITKILL },
#endif
};

/*
 * Resolving
 */

/* A member that must be a string (or absent: NULL, 0). */
static int get_string(const struct profile *p, struct profile_diag *d,
		      const json_t *obj, const struct path *at, const char *key,
		      const char **out)
{
	json_t *v = json_object_get(obj, key);
	struct path path = sub(at, key, 0);

	*out = NULL;
	if (v == NULL || json_is_null(v))
		return 0;
	if (!json_is_string(v))
		return fail(p, d, &path, "must be a string");
	*out = json_string_value(v);
	return 0;
}

/* A member that must be an integer in 0..@max (absent: 0, *@present). */
static int get_uint(const struct profile *p, struct profile_diag *d,
		    const json_t *obj, const struct path *at, const char *key,
		    uint64_t max, uint64_t *out, bool *present)
{
	json_t *v = json_object_get(obj, key);
	struct path path = sub(at, key, 0);

	*out = 0;
	if (present != NULL)
		*present = false;
	if (v == NULL || json_is_null(v))
		return 0;
	if (!json_is_integer(v) || json_integer_value(v) < 0 ||
	    (uint64_t)json_integer_value(v) > max)
		return fail(p, d, &path, "must be an integer from 0 to %llu",
			    (unsigned long long)max);
	*out = (uint64_t)json_integer_value(v);
	if (present != NULL)
		*present = true;
	return 0;
}

/* A member that must be an array (absent or null: NULL, 0). */
static int get_array(const struct profile *p, struct profile_diag *d,
		     const json_t *obj, const struct path *at, const char *key,
		     json_t **out)
{
	json_t *v = json_object_get(obj, key);
	struct path path = sub(at, key, 0);

	*out = NULL;
	if (v == NULL || json_is_null(v))
		return 0;
	if (!json_is_array(v))
		return fail(p, d, &path, "must be an array");
	*out = v;
	return 0;
}

/* An action and its errno member ("errnoRet", "defaultErrnoRet"). */
static int get_action(const struct profile *p, struct profile_diag *d,
		      const json_t *obj, const struct path *at, const char *key,
		      const char *ret_key, uint32_t *out)
{
	struct path path = sub(at, key, 0), ret_path = sub(at, ret_key, 0);
	const char *name;
	uint64_t ret;
	bool has_ret;
	size_t i;
	int rc;

	rc = get_string(p, d, obj, at, key, &name);
	if (rc == 0)
		rc = get_uint(p, d, obj, at, ret_key, 0xffff, &ret, &has_ret);
	if (rc < 0)
		return rc;
	if (name == NULL)
		return fail(p, d, at, "\"%s\" is missing", key);
	for (i = 0; i < N(actions); i++)
		if (strcmp(name, actions[i].name) == 0)
			break;
	if (i == N(actions))
		return fail(p, d, &path, "unknown action \"%s\"", name);
	if (has_ret && !actions[i].data)
		return fail(p, d, &ret_path,
			    "only SCMP_ACT_ERRNO and SCMP_ACT_TRACE take an"
			    " errno");
	/* runc: ERRNO and TRACE without a value use EPERM */
	if (actions[i].data)
		*out = actions[i].action | (has_ret ? (uint32_t)ret : EPERM);
	else
		*out = actions[i].action;
	return 0;
}

static int add_arch(struct profile *p, uint32_t token)
{
	unsigned int i;

	for (i = 0; i < p->narch; i++)
		if (p->arches[i] == token)
			return 0;
	if (p->narch == PROFILE_ARCHES)
		return -E2BIG;
	p->arches[p->narch++] = token;
	return 0;
}

/* An ABI name of "architectures" or archMap; 0 and @d if unknown. */
static int arch_of(const struct profile *p, struct profile_diag *d,
		   const json_t *v, const struct path *at, uint32_t *token)
{
	if (!json_is_string(v))
		return fail(p, d, at, "must be a string");
	*token = profile_arch_token(json_string_value(v));
	if (*token == 0)
		return fail(p, d, at, "unknown architecture \"%s\"",
			    json_string_value(v));
	return 0;
}

static int resolve_arches(struct profile *p, const struct profile_opts *o,
			  uint32_t host, struct profile_diag *d)
{
	struct path root = { .n = 0 }, at, sub_at;
	json_t *list, *map, *e, *subs, *v;
	uint32_t token, main_token;
	size_t i, j;
	int rc;

	rc = get_array(p, d, p->doc, &root, "architectures", &list);
	if (rc == 0)
		rc = get_array(p, d, p->doc, &root, "archMap", &map);
	if (rc < 0)
		return rc;
	if (json_array_size(list) > 0 && json_array_size(map) > 0) {
		at = sub(&root, "archMap", 0);
		return fail(p, d, &at,
			    "both \"architectures\" and \"archMap\" are given;"
			    " use one");
	}
	json_array_foreach(list, i, v) {
		at = path_of(2, "architectures", (size_t)0, NULL, i);
		rc = arch_of(p, d, v, &at, &token);
		if (rc < 0)
			return rc;
		add_arch(p, token);
	}
	json_array_foreach(map, i, e) {
		at = path_of(2, "archMap", (size_t)0, NULL, i);
		if (!json_is_object(e))
			return fail(p, d, &at, "must be an object");
		sub_at = sub(&at, "architecture", 0);
		v = json_object_get(e, "architecture");
		if (v == NULL)
			return fail(p, d, &at, "\"architecture\" is missing");
		rc = arch_of(p, d, v, &sub_at, &main_token);
		if (rc == 0)
			rc = get_array(p, d, e, &at, "subArchitectures", &subs);
		if (rc < 0)
			return rc;
		if (main_token == host)
			add_arch(p, main_token);
		json_array_foreach(subs, j, v) {
			sub_at =
				path_of(4, "archMap", (size_t)0, NULL, i,
					"subArchitectures", (size_t)0, NULL, j);
			rc = arch_of(p, d, v, &sub_at, &token);
			if (rc < 0)
				return rc;
			if (main_token == host)
				add_arch(p, token);
		}
	}
	if (o->arches != NULL) {
		p->narch = 0;
		for (i = 0; i < o->narch; i++)
			add_arch(p, o->arches[i]);
	}
	if (p->narch == 0)
		add_arch(p, host);
	return 0;
}

static int resolve_flags(struct profile *p, struct profile_diag *d)
{
	struct path root = { .n = 0 }, at;
	json_t *list, *v;
	size_t i, k;
	int rc;

	rc = get_array(p, d, p->doc, &root, "flags", &list);
	if (rc < 0)
		return rc;
	json_array_foreach(list, i, v) {
		at = path_of(2, "flags", (size_t)0, NULL, i);
		for (k = 0; json_is_string(v) && k < N(flag_names); k++)
			if (strcmp(json_string_value(v), flag_names[k].name) ==
			    0)
				break;
		if (!json_is_string(v) || k == N(flag_names))
			return fail(p, d, &at, "unknown flag");
		if (p->nflags < N(p->flags))
			p->flags[p->nflags++] = flag_names[k].attr;
	}
	return 0;
}

static bool in_caps(const char *const *caps, const char *cap)
{
	for (; caps != NULL && *caps != NULL; caps++)
		if (strcmp(*caps, cap) == 0)
			return true;
	return false;
}

/*
 * Does includes (@include) or excludes match the host? Each list is
 * checked for unknown names even when the answer is already known.
 */
static int filter_matches(const struct profile *p, struct profile_diag *d,
			  const json_t *e, const struct path *at, bool include,
			  const struct profile_opts *o, uint32_t host,
			  bool *applies)
{
	const char *key = include ? "includes" : "excludes";
	struct path fat = sub(at, key, 0), vat;
	json_t *f = json_object_get(e, key), *arches, *caps, *v;
	const char *min;
	unsigned int kver;
	bool any;
	size_t i;
	int rc;

	if (f == NULL || json_is_null(f))
		return 0;
	if (!json_is_object(f))
		return fail(p, d, &fat, "must be an object");
	rc = get_array(p, d, f, &fat, "arches", &arches);
	if (rc == 0)
		rc = get_array(p, d, f, &fat, "caps", &caps);
	if (rc == 0)
		rc = get_string(p, d, f, &fat, "minKernel", &min);
	if (rc < 0)
		return rc;
	any = false;
	json_array_foreach(arches, i, v) {
		vat = sub(&fat, "arches", 0);
		vat = sub(&vat, NULL, i);
		if (!json_is_string(v) ||
		    !arch_name_known(json_string_value(v)))
			return fail(p, d, &vat, "unknown architecture");
		any |= strcmp(json_string_value(v), arch_host_name(host)) == 0;
	}
	if (json_array_size(arches) > 0 && any != include)
		*applies = false;
	json_array_foreach(caps, i, v) {
		vat = sub(&fat, "caps", 0);
		vat = sub(&vat, NULL, i);
		if (!json_is_string(v) ||
		    !profile_cap_known(json_string_value(v)))
			return fail(p, d, &vat, "unknown capability");
		/* includes: every one is held; excludes: none is */
		if (in_caps(o->caps, json_string_value(v)) != include)
			*applies = false;
	}
	if (min != NULL) {
		vat = sub(&fat, "minKernel", 0);
		kver = profile_parse_kernel(min);
		if (kver == 0)
			return fail(p, d, &vat,
				    "not a kernel version (\"X.Y\")");
		if ((o->kernel >= kver) != include)
			*applies = false;
	}
	return 0;
}

static int resolve_arg(const struct profile *p, struct profile_diag *d,
		       const json_t *a, const struct path *at,
		       struct scmp_arg_cmp *cmp)
{
	const char *op;
	uint64_t index, value, two;
	size_t k;
	int rc;

	if (!json_is_object(a))
		return fail(p, d, at, "must be an object");
	rc = get_uint(p, d, a, at, "index", UINT64_MAX >> 1, &index, NULL);
	if (rc == 0)
		rc = get_uint(p, d, a, at, "value", UINT64_MAX >> 1, &value,
			      NULL);
	if (rc == 0)
		rc = get_uint(p, d, a, at, "valueTwo", UINT64_MAX >> 1, &two,
			      NULL);
	if (rc == 0)
		rc = get_string(p, d, a, at, "op", &op);
	if (rc < 0)
		return rc;
	if (index >= PROFILE_ARGS) {
		struct path iat = sub(at, "index", 0);

		return fail(p, d, &iat,
			    "argument index %llu: a syscall has 6 (0 to 5)",
			    (unsigned long long)index);
	}
	for (k = 0; op != NULL && k < N(operators); k++)
		if (strcmp(op, operators[k].name) == 0)
			break;
	if (op == NULL || k == N(operators)) {
		struct path oat = sub(at, "op", 0);

		return fail(p, d, &oat, "unknown operator \"%s\"",
			    op != NULL ? op : "");
	}
	cmp->arg = (unsigned int)index;
	cmp->op = operators[k].op;
	cmp->datum_a = value;
	cmp->datum_b = two;
	return 0;
}

static int push_rule(struct profile *p, size_t *cap,
		     const struct profile_rule *r)
{
	struct profile_rule *grown;

	if (p->cnt == *cap) {
		*cap = *cap ? *cap * 2 : 256;
		grown = realloc(p->rules, *cap * sizeof(*grown));
		if (grown == NULL)
			return -ENOMEM;
		p->rules = grown;
	}
	p->rules[p->cnt++] = *r;
	return 0;
}

static int resolve_entry(struct profile *p, struct profile_diag *d,
			 const struct profile_opts *o, uint32_t host,
			 size_t idx, size_t *cap)
{
	struct path at = path_of(2, "syscalls", (size_t)0, NULL, idx), nat;
	json_t *e = json_array_get(json_object_get(p->doc, "syscalls"), idx);
	json_t *names, *args, *v, *one;
	struct scmp_arg_cmp cmp[PROFILE_ARGS];
	struct profile_rule r;
	const char *name;
	bool applies = true;
	unsigned int n = 0;
	size_t i;
	int rc;

	if (!json_is_object(e))
		return fail(p, d, &at, "must be an object");
	rc = get_array(p, d, e, &at, "names", &names);
	if (rc == 0)
		rc = get_string(p, d, e, &at, "name", &name);
	if (rc == 0)
		rc = get_array(p, d, e, &at, "args", &args);
	if (rc == 0)
		rc = filter_matches(p, d, e, &at, false, o, host, &applies);
	if (rc == 0)
		rc = filter_matches(p, d, e, &at, true, o, host, &applies);
	if (rc == 0)
		rc = get_action(p, d, e, &at, "action", "errnoRet", &r.action);
	if (rc < 0)
		return rc;
	if (name != NULL && json_array_size(names) > 0)
		return fail(p, d, &at,
			    "both \"name\" and \"names\" are given; use one");
	if (name == NULL && json_array_size(names) == 0)
		return fail(p, d, &at, "no syscall names");
	json_array_foreach(names, i, v) {
		nat = path_of(3, "syscalls", (size_t)0, NULL, idx, "names",
			      (size_t)0);
		nat = sub(&nat, NULL, i);
		if (!json_is_string(v) || json_string_length(v) == 0)
			return fail(p, d, &nat, "must be a syscall name");
	}
	if (json_array_size(args) > PROFILE_ARGS) {
		nat = sub(&at, "args", 0);
		return fail(p, d, &nat, "more than 6 conditions");
	}
	json_array_foreach(args, i, v) {
		nat = path_of(3, "syscalls", (size_t)0, NULL, idx, "args",
			      (size_t)0);
		nat = sub(&nat, NULL, i);
		rc = resolve_arg(p, d, v, &nat, &cmp[n++]);
		if (rc < 0)
			return rc;
	}
	p->applies[idx] = applies;
	if (!applies)
		return 0;
	r.entry = idx;
	for (i = 0; i < (name != NULL ? 1 : json_array_size(names)); i++) {
		one = json_array_get(names, i);
		r.name = name != NULL ? name : json_string_value(one);
		r.name_idx = i;
		/* all conditions ANDed, several on one argument too */
		r.cnt = n;
		memcpy(r.cmp, cmp, sizeof(cmp));
		rc = push_rule(p, cap, &r);
		if (rc < 0)
			return rc;
	}
	return 0;
}

/*
 * Members. Go's JSON reader, Docker's and runc's, ignores members it does
 * not know: a misspelt "sycalls" or "args" is then silently no part of the
 * filter. Here each one is reported; where ignoring it could let through
 * what the profile meant to refuse, the profile is refused.
 */

/* A member an object may have; @type: JSON_STRING for one that is only
 * described (a comment), checked here; -1 for one read and checked where
 * it is used. */
struct known {
	const char *name;
	int type;
};

/* clang-format off */
/* The OCI runtime spec's linux.seccomp, Docker's and Podman's additions
 * (archMap, defaultErrno, comment, includes, excludes, errno), ours
 * (kvermax). */
static const struct known root_keys[] = {
	{ "defaultAction", -1 }, { "defaultErrnoRet", -1 },
	{ "architectures", -1 }, { "archMap", -1 }, { "syscalls", -1 },
	{ "flags", -1 }, { "kvermax", -1 },
	{ "listenerPath", JSON_STRING }, { "listenerMetadata", JSON_STRING },
	{ "defaultErrno", JSON_STRING },
};
static const struct known archmap_keys[] = {
	{ "architecture", -1 }, { "subArchitectures", -1 },
};
static const struct known entry_keys[] = {
	{ "names", -1 }, { "name", -1 }, { "action", -1 }, { "errnoRet", -1 },
	{ "args", -1 }, { "includes", -1 }, { "excludes", -1 },
	{ "comment", JSON_STRING }, { "errno", JSON_STRING },
};
static const struct known arg_keys[] = {
	{ "index", -1 }, { "value", -1 }, { "valueTwo", -1 }, { "op", -1 },
};
static const struct known filter_keys[] = {
	{ "arches", -1 }, { "caps", -1 }, { "minKernel", -1 },
};
/* seccompiler's */
static const struct known fc_filter_keys[] = {
	{ "default_action", -1 }, { "filter_action", -1 }, { "filter", -1 },
};
static const struct known fc_rule_keys[] = {
	{ "syscall", -1 }, { "args", -1 }, { "comment", JSON_STRING },
};
static const struct known fc_cond_keys[] = {
	{ "index", -1 }, { "type", -1 }, { "op", -1 }, { "val", -1 },
	{ "comment", JSON_STRING },
};
/* clang-format on */

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

/*
 * The members of @obj (at @at) against @known: an unknown one, or one of
 * the wrong type that is not read, is a warning on @o->warn; an error
 * under @o->strict, and also with @closed (why ignoring an unknown one is
 * refused).
 */
static int check_keys(const struct profile *p, struct profile_diag *d,
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
		kat = sub(at, key, 0);
		if (i < n) {
			if (o->strict)
				return fail(p, d, &kat, "must be %s",
					    json_type_name(known[i].type));
			line_col(p, locate(p, &kat), &line, &col);
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

#define CHECK_KEYS(obj, at, table, closed) \
	check_keys(p, d, o, obj, at, table, N(table), closed)

static const char closed_entry[] =
	"the entry lets more through than the default action, and ignoring"
	" the key could let through what the profile meant to refuse";
static const char closed_cond[] =
	"ignoring it would change what the condition tests";

/* Every object of an OCI profile, once its values have been read. */
static int check_oci_keys(const struct profile *p, struct profile_diag *d,
			  const struct profile_opts *o)
{
	struct path root = { .n = 0 }, at, sat;
	json_t *calls = json_object_get(p->doc, "syscalls"), *e, *v;
	const char *closed;
	uint32_t action;
	size_t i, j;
	int rc, k;

	rc = CHECK_KEYS(p->doc, &root, root_keys, NULL);
	json_array_foreach(json_object_get(p->doc, "archMap"), i, e) {
		at = path_of(2, "archMap", (size_t)0, NULL, i);
		if (rc == 0)
			rc = CHECK_KEYS(e, &at, archmap_keys, NULL);
	}
	json_array_foreach(calls, i, e) {
		if (rc < 0)
			break;
		at = path_of(2, "syscalls", (size_t)0, NULL, i);
		/* read already: it cannot fail */
		if (get_action(p, d, e, &at, "action", "errnoRet", &action) < 0)
			return -EINVAL;
		closed =
			(int32_t)(action & 0xffff0000u) >
					(int32_t)(p->def_action & 0xffff0000u) ?
				closed_entry :
				NULL;
		rc = CHECK_KEYS(e, &at, entry_keys, closed);
		for (k = 0; k < 2 && rc == 0; k++) {
			sat = sub(&at, k ? "excludes" : "includes", 0);
			v = json_object_get(e, k ? "excludes" : "includes");
			if (json_is_object(v))
				rc = CHECK_KEYS(v, &sat, filter_keys, closed);
		}
		json_array_foreach(json_object_get(e, "args"), j, v) {
			sat = sub(&at, "args", 0);
			sat = sub(&sat, NULL, j);
			if (rc == 0)
				rc = CHECK_KEYS(v, &sat, arg_keys, closed_cond);
		}
	}
	return rc;
}

/*
 * Firecracker's seccompiler JSON: an object of named filters, one a
 * thread ("vmm", "api", "vcpu"), each
 *   {"default_action": A, "filter_action": A, "filter": [RULE, ...]}
 * with A one of "allow", "trap", "log", "kill_thread", "kill_process",
 * {"errno": N}, {"trace": N}; RULE {"syscall": NAME, "args": [COND, ...]}
 * (rules ORed, a rule's conditions ANDed), COND {"index": 0..5, "type":
 * "dword" or "qword", "op": OP, "val": N} and OP "eq", "ne", "lt", "le",
 * "gt", "ge" or {"masked_eq": MASK}. A dword condition tests the low 32
 * bits of the argument: eq and masked_eq are MASKED_EQ with the mask cut
 * to 32 bits. The library compares all 64 bits otherwise, so the other
 * operators on a dword are refused when an ABI of the filter is 64-bit;
 * so are a val that a dword cannot hold and a masked_eq whose val has
 * bits outside the mask (seccompiler's condition never holds; refused
 * rather than made into one that does).
 */

/* Whether @doc is a Firecracker file: no defaultAction, named filters. */
static bool looks_firecracker(const json_t *doc)
{
	const char *key;
	json_t *v;

	if (!json_is_object(doc) || json_object_size(doc) == 0 ||
	    json_object_get(doc, "defaultAction") != NULL)
		return false;
	json_object_foreach((json_t *)doc, key, v)
		if (!json_is_object(v) ||
		    (json_object_get(v, "default_action") == NULL &&
		     json_object_get(v, "filter_action") == NULL &&
		     json_object_get(v, "filter") == NULL))
			return false;
	return true;
}

static int fc_action(const struct profile *p, struct profile_diag *d,
		     const json_t *obj, const struct path *at, const char *key,
		     uint32_t *out)
{
	static const struct {
		const char *name;
		uint32_t action;
	} plain[] = {
		{ "allow", SCMP_ACT_ALLOW },
		{ "trap", SCMP_ACT_TRAP },
		{ "log", SCMP_ACT_LOG },
		{ "kill_thread", SCMP_ACT_KILL_THREAD },
		{ "kill_process", SCMP_ACT_KILL_PROCESS },
	};
	struct path path = sub(at, key, 0);
	json_t *v = json_object_get(obj, key);
	uint64_t n;
	size_t i;

	if (v == NULL)
		return fail(p, d, at, "\"%s\" is missing", key);
	for (i = 0; json_is_string(v) && i < N(plain); i++)
		if (strcmp(json_string_value(v), plain[i].name) == 0) {
			*out = plain[i].action;
			return 0;
		}
	if (json_is_object(v) && json_object_size(v) == 1 &&
	    (json_object_get(v, "errno") != NULL ||
	     json_object_get(v, "trace") != NULL)) {
		key = json_object_get(v, "errno") != NULL ? "errno" : "trace";
		if (get_uint(p, d, v, &path, key, 0xffff, &n, NULL) < 0)
			return -EINVAL;
		*out = (key[0] == 'e' ? SCMP_ACT_ERRNO(0) : SCMP_ACT_TRACE(0)) |
		       (uint32_t)n;
		return 0;
	}
	return fail(p, d, &path,
		    "unknown action: one of \"allow\", \"trap\", \"log\","
		    " \"kill_thread\", \"kill_process\", {\"errno\": N},"
		    " {\"trace\": N}");
}

static int fc_cond(const struct profile *p, struct profile_diag *d,
		   const json_t *c, const struct path *at, bool wide,
		   struct scmp_arg_cmp *cmp)
{
	static const char *const ops[] = { "ne", "lt", "le", "eq", "ge", "gt" };
	static const enum scmp_compare op_cmp[] = {
		SCMP_CMP_NE, SCMP_CMP_LT, SCMP_CMP_LE,
		SCMP_CMP_EQ, SCMP_CMP_GE, SCMP_CMP_GT,
	};
	struct path oat = sub(at, "op", 0), tat = sub(at, "type", 0);
	const char *type;
	json_t *op;
	uint64_t index, val, mask = 0;
	bool dword, masked = false, has;
	size_t k = N(ops);
	int rc;

	if (!json_is_object(c))
		return fail(p, d, at, "must be an object");
	rc = get_uint(p, d, c, at, "index", UINT64_MAX >> 1, &index, &has);
	if (rc == 0 && !has)
		rc = fail(p, d, at, "\"index\" is missing");
	if (rc == 0)
		rc = get_uint(p, d, c, at, "val", UINT64_MAX >> 1, &val, &has);
	if (rc == 0 && !has)
		rc = fail(p, d, at, "\"val\" is missing");
	if (rc == 0)
		rc = get_string(p, d, c, at, "type", &type);
	if (rc < 0)
		return rc;
	if (type == NULL ||
	    (strcmp(type, "dword") != 0 && strcmp(type, "qword") != 0))
		return fail(p, d, type == NULL ? at : &tat,
			    "\"type\" must be \"dword\" or \"qword\"");
	dword = type[0] == 'd';
	if (index >= PROFILE_ARGS) {
		oat = sub(at, "index", 0);
		return fail(p, d, &oat,
			    "argument index %llu: a syscall has 6 (0 to 5)",
			    (unsigned long long)index);
	}
	op = json_object_get(c, "op");
	if (json_is_object(op) && json_object_size(op) == 1 &&
	    json_object_get(op, "masked_eq") != NULL) {
		rc = get_uint(p, d, op, &oat, "masked_eq", UINT64_MAX >> 1,
			      &mask, NULL);
		if (rc < 0)
			return rc;
		masked = true;
	} else {
		for (k = 0; json_is_string(op) && k < N(ops); k++)
			if (strcmp(json_string_value(op), ops[k]) == 0)
				break;
		if (!json_is_string(op) || k == N(ops))
			return fail(p, d, op == NULL ? at : &oat,
				    "\"op\" must be one of \"eq\", \"ne\","
				    " \"lt\", \"le\", \"gt\", \"ge\","
				    " {\"masked_eq\": MASK}");
	}
	oat = sub(at, "val", 0);
	if (dword && val > 0xffffffffu)
		return fail(p, d, &oat, "%llu does not fit a dword (32 bits)",
			    (unsigned long long)val);
	if (dword && masked)
		mask &= 0xffffffffu;
	if (masked && (val & ~mask) != 0)
		return fail(p, d, &oat,
			    "bits outside the mask: the condition never holds");
	cmp->arg = (unsigned int)index;
	if (masked || (dword && op_cmp[k] == SCMP_CMP_EQ)) {
		cmp->op = SCMP_CMP_MASKED_EQ;
		cmp->datum_a = masked ? mask : 0xffffffffu;
		cmp->datum_b = val;
		return 0;
	}
	if (dword && wide) {
		oat = sub(at, "op", 0);
		return fail(p, d, &oat,
			    "\"%s\" on a dword: seccompiler compares the low"
			    " 32 bits, this library all 64 on a 64-bit ABI;"
			    " use \"qword\"",
			    ops[k]);
	}
	cmp->op = op_cmp[k];
	cmp->datum_a = val;
	cmp->datum_b = 0;
	return 0;
}

/* The names of a Firecracker file's filters, as "vmm, api, vcpu". */
static void fc_names(const json_t *doc, char *buf, size_t size)
{
	const char *key;
	size_t used = 0;
	json_t *v;
	int n;

	buf[0] = '\0';
	json_object_foreach((json_t *)doc, key, v) {
		n = snprintf(buf + used, size - used, "%s%s", used ? ", " : "",
			     key);
		if (n < 0 || (size_t)n >= size - used)
			break;
		used += (size_t)n;
	}
}

static int resolve_fc(struct profile *p, const struct profile_opts *o,
		      uint32_t host, struct profile_diag *d, size_t *cap)
{
	struct path root = { .n = 0 }, at, rat, cat;
	const char *key = o->filter, *name, *closed;
	json_t *f, *rules, *r, *args, *c;
	struct profile_rule rule;
	char names[256];
	uint32_t action;
	bool wide = false;
	size_t i, j;
	int rc;

	fc_names(p->doc, names, sizeof(names));
	if (key == NULL && json_object_size(p->doc) > 1)
		return fail(p, d, &root,
			    "a Firecracker file of %zu filters (%s): pick one"
			    " with --filter",
			    json_object_size(p->doc), names);
	if (key == NULL)
		json_object_foreach(p->doc, key, f)
			break;
	f = json_object_get(p->doc, key);
	if (f == NULL)
		return fail(p, d, &root, "no filter \"%s\" (the file has %s)",
			    key, names);
	/* the key as the document holds it: paths borrow it */
	json_object_foreach(p->doc, name, c)
		if (c == f)
			p->fc_filter = name;
	at = path_of(1, p->fc_filter, (size_t)0);
	if (!json_is_object(f))
		return fail(p, d, &at, "must be an object");
	rc = fc_action(p, d, f, &at, "default_action", &p->def_action);
	if (rc == 0)
		rc = fc_action(p, d, f, &at, "filter_action", &action);
	if (rc == 0)
		rc = get_array(p, d, f, &at, "filter", &rules);
	if (rc == 0 && rules == NULL)
		rc = fail(p, d, &at, "\"filter\" is missing");
	if (rc < 0)
		return rc;
	if (action == p->def_action) {
		rat = sub(&at, "filter_action", 0);
		return fail(p, d, &rat,
			    "the same as default_action: the filter would do"
			    " nothing");
	}
	for (i = 0; i < o->narch && o->arches != NULL; i++)
		add_arch(p, o->arches[i]);
	if (p->narch == 0)
		add_arch(p, host);
	for (i = 0; i < p->narch; i++)
		wide |= profile_arch_64bit(p->arches[i]);
	closed = (int32_t)(action & 0xffff0000u) >
				 (int32_t)(p->def_action & 0xffff0000u) ?
			 closed_entry :
			 NULL;
	rc = CHECK_KEYS(f, &at, fc_filter_keys, NULL);
	p->entries = json_array_size(rules);
	p->applies = calloc(p->entries + 1, sizeof(*p->applies));
	if (p->applies == NULL)
		return -ENOMEM;
	json_array_foreach(rules, i, r) {
		if (rc < 0)
			return rc;
		rat = entry_path(p, i);
		if (!json_is_object(r))
			return fail(p, d, &rat, "must be an object");
		memset(&rule, 0, sizeof(rule));
		rc = get_string(p, d, r, &rat, "syscall", &rule.name);
		if (rc == 0)
			rc = get_array(p, d, r, &rat, "args", &args);
		if (rc < 0)
			return rc;
		if (rule.name == NULL || rule.name[0] == '\0')
			return fail(p, d, &rat, "\"syscall\" is missing");
		cat = sub(&rat, "args", 0);
		if (args != NULL && json_array_size(args) == 0)
			return fail(p, d, &cat,
				    "empty: leave it out for a rule without"
				    " conditions");
		if (json_array_size(args) > PROFILE_ARGS)
			return fail(p, d, &cat, "more than 6 conditions");
		json_array_foreach(args, j, c) {
			cat = sub(&rat, "args", 0);
			cat = sub(&cat, NULL, j);
			rc = fc_cond(p, d, c, &cat, wide,
				     &rule.cmp[rule.cnt++]);
			if (rc == 0)
				rc = CHECK_KEYS(c, &cat, fc_cond_keys,
						closed_cond);
			if (rc < 0)
				return rc;
		}
		rc = CHECK_KEYS(r, &rat, fc_rule_keys, closed);
		rule.entry = i;
		rule.action = action;
		p->applies[i] = true;
		if (rc == 0)
			rc = push_rule(p, cap, &rule);
	}
	return rc;
}

/* The host kernel's X.Y; PROFILE_KERNEL_ANY if uname() cannot say. */
static unsigned int running_kernel(void)
{
	struct utsname u;
	unsigned int v;

	if (uname(&u) != 0)
		return PROFILE_KERNEL_ANY;
	v = profile_parse_kernel(u.release);
	return v != 0 ? v : PROFILE_KERNEL_ANY;
}

int profile_resolve(struct profile *p, const struct profile_opts *opts,
		    struct profile_diag *d)
{
	struct profile_opts o = *opts;
	struct path root = { .n = 0 }, at;
	json_t *calls;
	const char *kv;
	uint32_t host;
	size_t i, cap = 0;
	int rc;

	memset(d, 0, sizeof(*d));
	free(p->rules);
	free(p->applies);
	p->rules = NULL;
	p->applies = NULL;
	p->cnt = 0;
	p->narch = 0;
	p->nflags = 0;
	p->kvermax = 0;
	p->entries = 0;
	p->fc_filter = NULL;
	if (o.kernel == 0)
		o.kernel = running_kernel();
	host = o.host_arch != 0 ? o.host_arch : seccomp_arch_native();
	if (!json_is_object(p->doc))
		return fail(p, d, &root, "a profile is a JSON object");
	p->format = o.format;
	if (p->format == PROFILE_FORMAT_AUTO)
		p->format = looks_firecracker(p->doc) ?
				    PROFILE_FORMAT_FIRECRACKER :
				    PROFILE_FORMAT_OCI;
	if (p->format == PROFILE_FORMAT_FIRECRACKER)
		return resolve_fc(p, &o, host, d, &cap);
	if (o.filter != NULL)
		return fail(p, d, &root,
			    "--filter \"%s\": not a Firecracker file (it has"
			    " \"defaultAction\" or a member that is no filter)",
			    o.filter);
	rc = get_action(p, d, p->doc, &root, "defaultAction", "defaultErrnoRet",
			&p->def_action);
	if (rc == 0)
		rc = resolve_arches(p, &o, host, d);
	if (rc == 0)
		rc = resolve_flags(p, d);
	if (rc == 0)
		rc = get_string(p, d, p->doc, &root, "kvermax", &kv);
	if (rc == 0)
		rc = get_array(p, d, p->doc, &root, "syscalls", &calls);
	if (rc < 0)
		return rc;
	if (kv != NULL) {
		p->kvermax = profile_parse_kernel(kv);
		at = sub(&root, "kvermax", 0);
		if (p->kvermax == 0)
			return fail(p, d, &at,
				    "not a kernel version (\"X.Y\")");
	}
	p->entries = json_array_size(calls);
	p->applies = calloc(p->entries + 1, sizeof(*p->applies));
	if (p->applies == NULL)
		return -ENOMEM;
	for (i = 0; i < p->entries; i++) {
		rc = resolve_entry(p, d, &o, host, i, &cap);
		if (rc < 0)
			return rc;
	}
	return check_oci_keys(p, d, &o);
}

/*
 * Building
 */

/*
 * SCMP_FLTATR_CTL_KVERMAX and enum scmp_kver by their values (those of
 * libseccomp's proposal, PR #457): libseccomp's own seccomp.h, which the
 * benchmark builds this file against, has neither, and its
 * seccomp_attr_set() refuses the attribute with -EINVAL.
 */
#define ATTR_KVERMAX 12
#define KV_3_0 2U /* then one value per release, in order */

/*
 * Linux's releases from 3.0 on, each series from .0 to its last, ending
 * where enum scmp_kver ends (include/seccomp.h.in).
 */
static const struct {
	unsigned int major, last_minor;
} kver_series[] = {
	{ 3, 19 }, { 4, 20 }, { 5, 19 }, { 6, 19 }, { 7, 2 },
};

/*
 * @kver as an enum scmp_kver value: 3.0 for anything older (the tables
 * date no syscall before it), the newest the tables know (7.2) for
 * anything newer.
 */
static uint32_t kver_enum(unsigned int kver)
{
	unsigned int major = kver >> 16, minor = kver & 0xffff;
	uint32_t value = KV_3_0;
	size_t i;

	for (i = 0; i < N(kver_series); i++) {
		if (major < kver_series[i].major)
			return i == 0 ? KV_3_0 : value - 1;
		if (major == kver_series[i].major)
			return value + (minor < kver_series[i].last_minor ?
						minor :
						kver_series[i].last_minor);
		value += kver_series[i].last_minor + 1;
	}
	return value - 1;
}

int profile_kvermax_set(scmp_filter_ctx ctx, unsigned int kver)
{
	return seccomp_attr_set(ctx, (enum scmp_filter_attr)ATTR_KVERMAX,
				kver_enum(kver));
}

/*
 * Multiplexed calls. x86, s390, ppc, m68k, sh and MIPS o32 reach socket
 * and IPC calls through socketcall(2) and ipc(2) too (only that way on
 * some of them): the call number in argument 0, the call's own arguments
 * in memory, behind a pointer in argument 1. seccomp cannot read memory,
 * so the library (as libseccomp) puts a rule on such a call on the
 * multiplexer with the call number as its only check: "socket if a0 !=
 * AF_ALG" allows socketcall(SYS_SOCKET, ...) whatever the family. The
 * library's API has no way to put a rule with conditions on the direct
 * syscall alone (seccomp_rule_add_exact() refuses it, as libseccomp's),
 * so --strict-mux leaves such a rule out of the ABI's filter: the call
 * takes the default action there, directly and multiplexed. Only where
 * that is closed: a rule stricter than the default stays.
 */

/*
 * Whether ABI @token reaches @name through a multiplexer: then @mux is the
 * multiplexer's number and @call the call number (its argument 0).
 */
static bool name_muxed(uint32_t token, const char *name, int *mux,
		       unsigned int *call)
{
	int nr = seccomp_syscall_resolve_name_arch(token, name);

	/* a multiplexed name resolves to its pseudo number */
	if (nr >= 0 || nr == __NR_SCMP_ERROR)
		return false;
	*mux = seccomp_syscall_resolve_name_rewrite(token, name);
	if (*mux < 0)
		return false;
	/* libseccomp's pseudo numbers: -100 - call (socketcall), -200 - call
	 * (ipc) */
	*call = (unsigned int)(-nr % 100);
	return true;
}

/* Whether the library drops @r's conditions on ABI @token. */
static bool rule_muxed(const struct profile *p, const struct profile_rule *r,
		       uint32_t token, int *mux, unsigned int *call)
{
	int m;
	unsigned int c;

	if (r->cnt == 0 || r->action == p->def_action)
		return false;
	return name_muxed(token, r->name, mux != NULL ? mux : &m,
			  call != NULL ? call : &c);
}

/*
 * Whether leaving @r out fails closed: the default action is as strict as
 * @r's, in the kernel's order of precedence (the lower action value as a
 * signed number wins: KILL_PROCESS, KILL_THREAD, TRAP, ERRNO, USER_NOTIF,
 * TRACE, LOG, ALLOW). A stricter rule, ERRNO in a profile that allows by
 * default, stays: the multiplexed call then takes its action whatever the
 * arguments, which is closed already.
 */
static bool rule_droppable(const struct profile *p,
			   const struct profile_rule *r)
{
	return (int32_t)(p->def_action & 0xffff0000u) <=
	       (int32_t)(r->action & 0xffff0000u);
}

bool profile_rule_dropped(const struct profile *p, const struct profile_rule *r,
			  uint32_t token)
{
	return rule_droppable(p, r) && rule_muxed(p, r, token, NULL, NULL);
}

static bool arch_has_muxed(const struct profile *p, uint32_t token)
{
	size_t i;

	for (i = 0; i < p->cnt; i++)
		if (profile_rule_dropped(p, &p->rules[i], token))
			return true;
	return false;
}

/*
 * The call as linux/net.h and linux/ipc.h name it: SYS_SOCKET (socketcall),
 * SEMOP (ipc).
 */
static void call_macro(const char *mux_name, const char *name, char *buf,
		       size_t size)
{
	size_t i, n;

	n = (size_t)snprintf(buf, size, "%s",
			     strcmp(mux_name, "socketcall") == 0 ? "SYS_" : "");
	for (i = 0; name[i] != '\0' && n + 1 < size; i++)
		buf[n++] = (char)(name[i] >= 'a' && name[i] <= 'z' ?
					  name[i] - 'a' + 'A' :
					  name[i]);
	buf[n < size ? n : size - 1] = '\0';
}

/*
 * A rule of the profile on the multiplexer itself at least as open as the
 * default (Docker's allows socketcall by name): --strict-mux leaves it.
 */
static const struct profile_rule *mux_rule(const struct profile *p,
					   const char *mux_name)
{
	size_t i;

	for (i = 0; i < p->cnt; i++)
		if (strcmp(p->rules[i].name, mux_name) == 0 &&
		    p->rules[i].action != p->def_action &&
		    rule_droppable(p, &p->rules[i]))
			return &p->rules[i];
	return NULL;
}

/* One warning per ABI and rule whose conditions a multiplexer drops. */
static void warn_muxed(const struct profile *p, const struct profile_opts *o)
{
	const struct profile_rule *r, *own;
	char macro[64], *mux_name;
	const char *arch;
	unsigned int k, call;
	int line, col, mux, own_line, own_col;
	size_t i;

	if (o->warn == NULL)
		return;
	for (k = 0; k < p->narch; k++) {
		arch = profile_arch_name(p->arches[k]);
		for (i = 0; i < p->cnt; i++) {
			r = &p->rules[i];
			if (!rule_muxed(p, r, p->arches[k], &mux, &call))
				continue;
			mux_name = seccomp_syscall_resolve_num_arch(
				p->arches[k], mux);
			call_macro(mux_name != NULL ? mux_name : "?", r->name,
				   macro, sizeof(macro));
			profile_entry_where(p, r->entry, &line, &col);
			fprintf(o->warn,
				"%s:%d:%d: warning: %s: %s's argument checks"
				" do not apply to %s(2) (%s, %u): its"
				" arguments are in memory; ",
				p->path, line, col, arch, r->name,
				mux_name != NULL ? mux_name : "?", macro, call);
			own = mux_name != NULL ? mux_rule(p, mux_name) : NULL;
			if (own != NULL)
				profile_entry_where(p, own->entry, &own_line,
						    &own_col);
			if (own != NULL && rule_droppable(p, r))
				fprintf(o->warn,
					"the call is let through unchecked, and"
					" the entry at line %d names %s"
					" itself, which --strict-mux leaves"
					" as it is\n",
					own_line, mux_name);
			else if (!rule_droppable(p, r))
				fprintf(o->warn,
					"the call takes the rule's action"
					" unchecked, stricter than the"
					" default\n");
			else if (o->strict_mux)
				fprintf(o->warn,
					"--strict-mux leaves the rule out on"
					" %s: %s takes the default action"
					" there, directly too\n",
					arch, r->name);
			else
				fprintf(o->warn,
					"the call %s unchecked (--strict-mux"
					" makes it fail closed)\n",
					r->action == SCMP_ACT_ALLOW ?
						"is allowed" :
						"takes the rule's action");
			free(mux_name);
		}
	}
}

/* The rules into @ctx; on ABI @skip_mux (0: none) not the muxed ones. */
static int build_rules(const struct profile *p, const struct profile_opts *o,
		       scmp_filter_ctx ctx, uint32_t skip_mux,
		       struct profile_diag *d)
{
	const struct profile_rule *r;
	struct path at;
	int line, col, nr, rc;
	size_t i;

	for (i = 0; i < p->cnt; i++) {
		r = &p->rules[i];
		/* runc leaves these out: libseccomp refuses them */
		if (r->action == p->def_action)
			continue;
		if (skip_mux != 0 && profile_rule_dropped(p, r, skip_mux))
			continue;
		nr = seccomp_syscall_resolve_name(r->name);
		at = name_path(p, r);
		if (nr == __NR_SCMP_ERROR && o->strict)
			return fail(p, d, &at, "no ABI has a syscall \"%s\"",
				    r->name);
		if (nr == __NR_SCMP_ERROR) {
			line_col(p, locate(p, &at), &line, &col);
			if (o->warn != NULL)
				fprintf(o->warn,
					"%s:%d:%d: warning: no ABI has a"
					" syscall \"%s\"; skipped\n",
					p->path, line, col, r->name);
			continue;
		}
		rc = seccomp_rule_add_array(ctx, r->action, nr, r->cnt,
					    r->cnt > 0 ? r->cmp : NULL);
		if (rc < 0) {
			at = entry_path(p, r->entry);
			return fail(p, d, &at,
				    "the library refuses the rule for \"%s\":"
				    " %s",
				    r->name, strerror(-rc));
		}
	}
	return 0;
}

/* The filter of ABIs @arches, without @skip_mux's muxed rules. */
static int build_abis(const struct profile *p, const struct profile_opts *o,
		      const uint32_t *arches, unsigned int narch,
		      uint32_t skip_mux, scmp_filter_ctx *out,
		      struct profile_diag *d)
{
	struct path root = { .n = 0 }, at;
	scmp_filter_ctx ctx;
	bool native = false;
	unsigned int i;
	int rc = 0;

	*out = NULL;
	ctx = seccomp_init(p->def_action);
	if (ctx == NULL) {
		at = sub(&root, "defaultAction", 0);
		return fail(p, d, &at,
			    "the library refuses this default action");
	}
	for (i = 0; i < narch; i++)
		native |= arches[i] == seccomp_arch_native();
	/* first: an ABI of the other byte order cannot join this one */
	if (!native)
		rc = seccomp_arch_remove(ctx, SCMP_ARCH_NATIVE);
	for (i = 0; i < narch && rc == 0; i++)
		if (seccomp_arch_exist(ctx, arches[i]) != 0)
			rc = seccomp_arch_add(ctx, arches[i]);
	if (rc < 0) {
		fail(p, d, &root, "cannot set the filter's ABIs: %s",
		     strerror(-rc));
		goto fail;
	}
	for (i = 0; i < p->nflags; i++) {
		rc = seccomp_attr_set(ctx, p->flags[i], 1);
		if (rc < 0) {
			at = sub(&root, "flags", 0);
			fail(p, d, &at, "the library refuses a flag: %s",
			     strerror(-rc));
			goto fail;
		}
	}
	if (p->kvermax != 0) {
		rc = profile_kvermax_set(ctx, p->kvermax);
		if (rc < 0) {
			at = sub(&root, "kvermax", 0);
			fail(p, d, &at, "the library refuses it: %s",
			     strerror(-rc));
			goto fail;
		}
	}
	rc = build_rules(p, o, ctx, skip_mux, d);
	if (rc < 0)
		goto fail;
	*out = ctx;
	return 0;
fail:
	seccomp_release(ctx);
	return -EINVAL;
}

int profile_build(const struct profile *p, const struct profile_opts *o,
		  scmp_filter_ctx *out, struct profile_diag *d)
{
	struct path root = { .n = 0 };
	struct profile_opts quiet = *o;
	uint32_t plain[PROFILE_ARCHES];
	scmp_filter_ctx ctx = NULL, one;
	unsigned int i, nplain = 0;
	int rc = 0;

	memset(d, 0, sizeof(*d));
	*out = NULL;
	warn_muxed(p, o);
	if (!o->strict_mux)
		return build_abis(p, o, p->arches, p->narch, 0, out, d);
	/*
	 * --strict-mux: the ABIs that lose rules get a filter each, merged
	 * into that of the others; skipped names are reported once.
	 */
	for (i = 0; i < p->narch; i++)
		if (!arch_has_muxed(p, p->arches[i]))
			plain[nplain++] = p->arches[i];
	if (nplain > 0)
		rc = build_abis(p, o, plain, nplain, 0, &ctx, d);
	quiet.warn = NULL;
	for (i = 0; i < p->narch && rc == 0; i++) {
		if (!arch_has_muxed(p, p->arches[i]))
			continue;
		rc = build_abis(p, ctx != NULL ? &quiet : o, &p->arches[i], 1,
				p->arches[i], &one, d);
		if (rc < 0)
			break;
		if (ctx == NULL) {
			ctx = one;
			continue;
		}
		rc = seccomp_merge(ctx, one);
		if (rc < 0) {
			seccomp_release(one);
			rc = fail(p, d, &root,
				  "cannot merge the ABIs' filters:"
				  " %s",
				  strerror(-rc));
		}
	}
	if (rc < 0) {
		seccomp_release(ctx);
		return rc;
	}
	*out = ctx;
	return 0;
}
