/* SPDX-License-Identifier: LGPL-2.1-only */
/* OCI/Docker seccomp profiles: the file, the names, the resolution. */

/*
 * The profile format is the OCI runtime-spec's linux.seccomp with moby's
 * additions, or Firecracker's seccompiler JSON (profile_fc.c says how it
 * is read). Resolution of the first follows moby's setupSeccomp() and
 * runc's InitSeccomp() (see profile.h):
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
 * Either's rules make a filter in profile_build.c; profile_json.c has the
 * positions, getters and member checks both readers use.
 */

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "arch_list.h"
#include "profile_priv.h"

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

/*
 * Reading
 */

/*
 * The most bytes a profile may have (Docker's default has 13 KB), unless
 * SCMP_PROFILE_MAX_BYTES says otherwise: a bound on what a file that never
 * ends (/dev/zero) or a runaway value makes the reader take.
 */
#define PROFILE_MAX_BYTES (16UL << 20)

/* A profile file as jansson reads it, in chunks, each kept in @text. */
struct reader {
	FILE *f;
	char *text; /* @len bytes and a NUL, in @cap */
	size_t len;
	size_t cap;
	size_t max;
	size_t nul; /* where the NUL byte is, for -EILSEQ */
	int rc;	    /* -errno of reading; -EFBIG: more than @max bytes;
		     * -EILSEQ: a NUL byte */
	int next;   /* the failure of the next chunk, found in this one */
};

/* The limit on a profile's size: PROFILE_MAX_BYTES or the environment's. */
static int read_limit(size_t *max, struct profile_diag *d)
{
	const char *env = getenv("SCMP_PROFILE_MAX_BYTES");
	unsigned long long v;
	char *end;

	*max = PROFILE_MAX_BYTES;
	if (env == NULL)
		return 0;
	errno = 0;
	v = strtoull(env, &end, 10);
	if (env[0] < '0' || env[0] > '9' || *end != '\0' || errno != 0 ||
	    v == 0 || v > SIZE_MAX / 4) {
		snprintf(
			d->msg, sizeof(d->msg),
			"SCMP_PROFILE_MAX_BYTES=\"%.64s\" is not a number of bytes",
			env);
		return -EINVAL;
	}
	*max = (size_t)v;
	return 0;
}

/* Appends @n bytes of @buf to @r's text; false if memory is out. */
static bool keep(struct reader *r, const void *buf, size_t n)
{
	size_t cap = r->cap > 0 ? r->cap * 2 : 65536;
	char *grown;

	if (r->len + n >= r->cap) {
		cap = cap > r->len + n ? cap : r->len + n + 1;
		grown = realloc(r->text, cap);
		if (grown == NULL)
			return false;
		r->text = grown;
		r->cap = cap;
	}
	memcpy(r->text + r->len, buf, n);
	r->len += n;
	r->text[r->len] = '\0';
	return true;
}

/*
 * json_load_callback_t: up to @size next bytes of the file into @buf, and
 * into @data's text; 0 at its end, (size_t)-1 on failure (in @data's rc).
 * jansson asks for a chunk at a time and stops at the first byte that is
 * not JSON, so a bad file is not read further. The bytes before a NUL or
 * beyond the limit go to jansson first: an error in them comes first.
 */
static size_t read_chunk(void *buf, size_t size, void *data)
{
	struct reader *r = data;
	const char *nul;
	size_t n;

	if (r->rc == 0)
		r->rc = r->next;
	if (r->rc < 0)
		return (size_t)-1;
	n = fread(buf, 1, size, r->f);
	if (n == 0 && ferror(r->f)) {
		r->rc = -errno;
		return (size_t)-1;
	}
	if (n > r->max - r->len) {
		n = r->max - r->len;
		r->next = -EFBIG;
	}
	/* JSON has none, and jansson would take it for the end of the file */
	nul = memchr(buf, '\0', n);
	if (nul != NULL) {
		n = (size_t)(nul - (const char *)buf);
		r->nul = r->len + n;
		r->next = -EILSEQ;
	}
	if (n == 0 && r->next < 0) {
		r->rc = r->next;
		return (size_t)-1;
	}
	if (!keep(r, buf, n)) {
		r->rc = -ENOMEM;
		return (size_t)-1;
	}
	return n;
}

/*
 * Reads the rest of the file into @r's text, within the same bounds, for a
 * second parse of the whole; false (@r's rc says why) if that failed.
 */
static bool read_rest(struct reader *r)
{
	char buf[16384];
	size_t n;

	do
		n = read_chunk(buf, sizeof(buf), r);
	while (n != 0 && n != (size_t)-1);
	return n == 0 && r->rc == 0;
}

/* Turns what went wrong reading into a diagnostic where it has one. */
static int read_failed(const struct reader *r, const json_error_t *err,
		       struct profile_diag *d)
{
	if (r->rc == -EFBIG) {
		snprintf(d->msg, sizeof(d->msg),
			 "larger than %zu bytes (SCMP_PROFILE_MAX_BYTES)",
			 r->max);
		return -EINVAL;
	}
	if (r->rc == -EILSEQ) {
		snprintf(d->msg, sizeof(d->msg),
			 "not JSON text: a NUL byte at offset %zu", r->nul);
		return -EINVAL;
	}
	if (r->rc < 0)
		return r->rc;
	snprintf(d->msg, sizeof(d->msg), "malformed JSON: %s", err->text);
	d->line = err->line;
	d->column = err->column;
	return -EINVAL;
}

int profile_read(const char *path, struct profile *p, struct profile_diag *d)
{
	struct reader r = { 0 };
	json_error_t err;
	int rc;

	memset(p, 0, sizeof(*p));
	memset(d, 0, sizeof(*d));
	rc = read_limit(&r.max, d);
	if (rc < 0)
		return rc;
	r.f = fopen(path, "re");
	if (r.f == NULL)
		return -errno;
	p->doc = json_load_callback(read_chunk, &r, JSON_REJECT_DUPLICATES,
				    &err);
	/* jansson's integers end at 2^63-1; runc's go on to 2^64-1 */
	if (p->doc == NULL && r.rc == 0 &&
	    strstr(err.text, "too big integer") != NULL && read_rest(&r)) {
		p->text = r.text;
		p->len = r.len;
		p->doc = profile_json_load(p, &err);
	}
	fclose(r.f);
	p->text = r.text;
	p->len = r.len;
	if (p->doc == NULL || r.rc < 0) {
		rc = read_failed(&r, &err, d);
		profile_free(p);
		return rc;
	}
	p->path = strdup(path);
	if (p->path == NULL) {
		profile_free(p);
		return -ENOMEM;
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
	free(p->big);
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

/**
 * profile_action_at - see profile.h
 */
const char *profile_action_at(size_t i, uint32_t *action, bool *data)
{
	if (i >= N(actions))
		return NULL;
	*action = actions[i].action;
	*data = actions[i].data;
	return actions[i].name;
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

/* An action and its errno member ("errnoRet", "defaultErrnoRet"). */
static int get_action(const struct profile *p, struct profile_diag *d,
		      const json_t *obj, const struct path *at, const char *key,
		      const char *ret_key, uint32_t *out)
{
	struct path path = profile_json_sub(at, key, 0),
		    ret_path = profile_json_sub(at, ret_key, 0);
	const char *name;
	uint64_t ret;
	bool has_ret;
	size_t i;
	int rc;

	rc = profile_json_get_string(p, d, obj, at, key, &name);
	if (rc == 0)
		rc = profile_json_get_uint(p, d, obj, at, ret_key, 0xffff, &ret,
					   &has_ret);
	if (rc < 0)
		return rc;
	if (name == NULL)
		return profile_json_fail(p, d, at, "\"%s\" is missing", key);
	for (i = 0; i < N(actions); i++)
		if (strcmp(name, actions[i].name) == 0)
			break;
	if (i == N(actions))
		return profile_json_fail(p, d, &path, "unknown action \"%s\"",
					 name);
	if (has_ret && !actions[i].data)
		return profile_json_fail(
			p, d, &ret_path,
			"only SCMP_ACT_ERRNO and SCMP_ACT_TRACE take an"
			" errno");
	/* runc: ERRNO and TRACE without a value use EPERM */
	if (actions[i].data)
		*out = actions[i].action | (has_ret ? (uint32_t)ret : EPERM);
	else
		*out = actions[i].action;
	return 0;
}

int profile_add_arch(struct profile *p, uint32_t token)
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
		return profile_json_fail(p, d, at, "must be a string");
	*token = profile_arch_token(json_string_value(v));
	if (*token == 0)
		return profile_json_fail(p, d, at,
					 "unknown architecture \"%s\"",
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

	rc = profile_json_get_array(p, d, p->doc, &root, "architectures",
				    &list);
	if (rc == 0)
		rc = profile_json_get_array(p, d, p->doc, &root, "archMap",
					    &map);
	if (rc < 0)
		return rc;
	if (json_array_size(list) > 0 && json_array_size(map) > 0) {
		at = profile_json_sub(&root, "archMap", 0);
		return profile_json_fail(
			p, d, &at,
			"both \"architectures\" and \"archMap\" are given;"
			" use one");
	}
	json_array_foreach(list, i, v) {
		at = profile_json_path(2, "architectures", (size_t)0, NULL, i);
		rc = arch_of(p, d, v, &at, &token);
		if (rc < 0)
			return rc;
		profile_add_arch(p, token);
	}
	json_array_foreach(map, i, e) {
		at = profile_json_path(2, "archMap", (size_t)0, NULL, i);
		if (!json_is_object(e))
			return profile_json_fail(p, d, &at,
						 "must be an object");
		sub_at = profile_json_sub(&at, "architecture", 0);
		v = json_object_get(e, "architecture");
		if (v == NULL)
			return profile_json_fail(p, d, &at,
						 "\"architecture\" is missing");
		rc = arch_of(p, d, v, &sub_at, &main_token);
		if (rc == 0)
			rc = profile_json_get_array(p, d, e, &at,
						    "subArchitectures", &subs);
		if (rc < 0)
			return rc;
		if (main_token == host)
			profile_add_arch(p, main_token);
		json_array_foreach(subs, j, v) {
			sub_at = profile_json_path(4, "archMap", (size_t)0,
						   NULL, i, "subArchitectures",
						   (size_t)0, NULL, j);
			rc = arch_of(p, d, v, &sub_at, &token);
			if (rc < 0)
				return rc;
			if (main_token == host)
				profile_add_arch(p, token);
		}
	}
	if (o->arches != NULL) {
		p->narch = 0;
		for (i = 0; i < o->narch; i++)
			profile_add_arch(p, o->arches[i]);
	}
	if (p->narch == 0)
		profile_add_arch(p, host);
	return 0;
}

static int resolve_flags(struct profile *p, struct profile_diag *d)
{
	struct path root = { .n = 0 }, at;
	json_t *list, *v;
	size_t i, k;
	int rc;

	rc = profile_json_get_array(p, d, p->doc, &root, "flags", &list);
	if (rc < 0)
		return rc;
	json_array_foreach(list, i, v) {
		at = profile_json_path(2, "flags", (size_t)0, NULL, i);
		for (k = 0; json_is_string(v) && k < N(flag_names); k++)
			if (strcmp(json_string_value(v), flag_names[k].name) ==
			    0)
				break;
		if (!json_is_string(v) || k == N(flag_names))
			return profile_json_fail(p, d, &at, "unknown flag");
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
	struct path fat = profile_json_sub(at, key, 0), vat;
	json_t *f = json_object_get(e, key), *arches, *caps, *v;
	const char *min;
	unsigned int kver;
	bool any;
	size_t i;
	int rc;

	if (f == NULL || json_is_null(f))
		return 0;
	if (!json_is_object(f))
		return profile_json_fail(p, d, &fat, "must be an object");
	rc = profile_json_get_array(p, d, f, &fat, "arches", &arches);
	if (rc == 0)
		rc = profile_json_get_array(p, d, f, &fat, "caps", &caps);
	if (rc == 0)
		rc = profile_json_get_string(p, d, f, &fat, "minKernel", &min);
	if (rc < 0)
		return rc;
	any = false;
	json_array_foreach(arches, i, v) {
		vat = profile_json_sub(&fat, "arches", 0);
		vat = profile_json_sub(&vat, NULL, i);
		if (!json_is_string(v) ||
		    !arch_name_known(json_string_value(v)))
			return profile_json_fail(p, d, &vat,
						 "unknown architecture");
		any |= strcmp(json_string_value(v), arch_host_name(host)) == 0;
	}
	if (json_array_size(arches) > 0 && any != include)
		*applies = false;
	json_array_foreach(caps, i, v) {
		vat = profile_json_sub(&fat, "caps", 0);
		vat = profile_json_sub(&vat, NULL, i);
		if (!json_is_string(v) ||
		    !profile_cap_known(json_string_value(v)))
			return profile_json_fail(p, d, &vat,
						 "unknown capability");
		/* includes: every one is held; excludes: none is */
		if (in_caps(o->caps, json_string_value(v)) != include)
			*applies = false;
	}
	if (min != NULL) {
		vat = profile_json_sub(&fat, "minKernel", 0);
		kver = profile_parse_kernel(min);
		if (kver == 0)
			return profile_json_fail(
				p, d, &vat, "not a kernel version (\"X.Y\")");
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
		return profile_json_fail(p, d, at, "must be an object");
	rc = profile_json_get_uint(p, d, a, at, "index", UINT64_MAX >> 1,
				   &index, NULL);
	if (rc == 0)
		rc = profile_json_get_uint(p, d, a, at, "value", UINT64_MAX,
					   &value, NULL);
	if (rc == 0)
		rc = profile_json_get_uint(p, d, a, at, "valueTwo", UINT64_MAX,
					   &two, NULL);
	if (rc == 0)
		rc = profile_json_get_string(p, d, a, at, "op", &op);
	if (rc < 0)
		return rc;
	if (index >= PROFILE_ARGS) {
		struct path iat = profile_json_sub(at, "index", 0);

		return profile_json_fail(
			p, d, &iat,
			"argument index %llu: a syscall has 6 (0 to 5)",
			(unsigned long long)index);
	}
	for (k = 0; op != NULL && k < N(operators); k++)
		if (strcmp(op, operators[k].name) == 0)
			break;
	if (op == NULL || k == N(operators)) {
		struct path oat = profile_json_sub(at, "op", 0);

		return profile_json_fail(p, d, &oat, "unknown operator \"%s\"",
					 op != NULL ? op : "");
	}
	cmp->arg = (unsigned int)index;
	cmp->op = operators[k].op;
	cmp->datum_a = value;
	cmp->datum_b = two;
	return 0;
}

/*
 * SCMP_CMP_MASKED_EQ tests (arg & value) == valueTwo. Bits of valueTwo
 * outside the mask are dropped, as by libseccomp, so the test is looser
 * than it reads: with the two swapped (mask 0), every value passes. A
 * warning, at the condition.
 */
static void warn_masked(const struct profile *p, const struct profile_opts *o,
			const struct path *at, const struct scmp_arg_cmp *c)
{
	struct profile_diag w;

	if (o->warn == NULL || c->op != SCMP_CMP_MASKED_EQ ||
	    (c->datum_b & ~c->datum_a) == 0)
		return;
	profile_json_fail(p, &w, at,
			  "SCMP_CMP_MASKED_EQ tests (arg & value) == valueTwo:"
			  " valueTwo 0x%llx has bits outside the mask (value)"
			  " 0x%llx, which are dropped: the test is (arg &"
			  " 0x%llx) == 0x%llx%s; are the two swapped?",
			  (unsigned long long)c->datum_b,
			  (unsigned long long)c->datum_a,
			  (unsigned long long)c->datum_a,
			  (unsigned long long)(c->datum_b & c->datum_a),
			  c->datum_a == 0 ? ", which every value passes" : "");
	fprintf(o->warn, "%s:%d:%d: warning: %s\n", p->path, w.line, w.column,
		w.msg);
}

int profile_push_rule(struct profile *p, size_t *cap,
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
	struct path at = profile_json_path(2, "syscalls", (size_t)0, NULL, idx),
		    nat;
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
		return profile_json_fail(p, d, &at, "must be an object");
	rc = profile_json_get_array(p, d, e, &at, "names", &names);
	if (rc == 0)
		rc = profile_json_get_string(p, d, e, &at, "name", &name);
	if (rc == 0)
		rc = profile_json_get_array(p, d, e, &at, "args", &args);
	if (rc == 0)
		rc = filter_matches(p, d, e, &at, false, o, host, &applies);
	if (rc == 0)
		rc = filter_matches(p, d, e, &at, true, o, host, &applies);
	if (rc == 0)
		rc = get_action(p, d, e, &at, "action", "errnoRet", &r.action);
	if (rc < 0)
		return rc;
	if (name != NULL && json_array_size(names) > 0)
		return profile_json_fail(
			p, d, &at,
			"both \"name\" and \"names\" are given; use one");
	if (name == NULL && json_array_size(names) == 0)
		return profile_json_fail(p, d, &at, "no syscall names");
	json_array_foreach(names, i, v) {
		nat = profile_json_path(3, "syscalls", (size_t)0, NULL, idx,
					"names", (size_t)0);
		nat = profile_json_sub(&nat, NULL, i);
		if (!json_is_string(v) || json_string_length(v) == 0)
			return profile_json_fail(p, d, &nat,
						 "must be a syscall name");
	}
	if (json_array_size(args) > PROFILE_ARGS) {
		nat = profile_json_sub(&at, "args", 0);
		return profile_json_fail(p, d, &nat, "more than 6 conditions");
	}
	json_array_foreach(args, i, v) {
		nat = profile_json_path(3, "syscalls", (size_t)0, NULL, idx,
					"args", (size_t)0);
		nat = profile_json_sub(&nat, NULL, i);
		rc = resolve_arg(p, d, v, &nat, &cmp[n++]);
		if (rc < 0)
			return rc;
		warn_masked(p, o, &nat, &cmp[n - 1]);
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
		rc = profile_push_rule(p, cap, &r);
		if (rc < 0)
			return rc;
	}
	return 0;
}

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
/* clang-format on */

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
		at = profile_json_path(2, "archMap", (size_t)0, NULL, i);
		if (rc == 0)
			rc = CHECK_KEYS(e, &at, archmap_keys, NULL);
	}
	json_array_foreach(calls, i, e) {
		if (rc < 0)
			break;
		at = profile_json_path(2, "syscalls", (size_t)0, NULL, i);
		/* read already: it cannot fail */
		if (get_action(p, d, e, &at, "action", "errnoRet", &action) < 0)
			return -EINVAL;
		closed = profile_json_closed_entry(p, action);
		rc = CHECK_KEYS(e, &at, entry_keys, closed);
		for (k = 0; k < 2 && rc == 0; k++) {
			sat = profile_json_sub(&at, k ? "excludes" : "includes",
					       0);
			v = json_object_get(e, k ? "excludes" : "includes");
			if (json_is_object(v))
				rc = CHECK_KEYS(v, &sat, filter_keys, closed);
		}
		json_array_foreach(json_object_get(e, "args"), j, v) {
			sat = profile_json_sub(&at, "args", 0);
			sat = profile_json_sub(&sat, NULL, j);
			if (rc == 0)
				rc = CHECK_KEYS(v, &sat, arg_keys,
						profile_json_closed_cond);
		}
	}
	return rc;
}

/**
 * profile_oci_resolve - see profile_priv.h
 */
int profile_oci_resolve(struct profile *p, const struct profile_opts *o,
			uint32_t host, struct profile_diag *d, size_t *cap)
{
	struct path root = { .n = 0 }, at;
	json_t *calls;
	const char *kv;
	size_t i;
	int rc;

	if (o->filter != NULL)
		return profile_json_fail(
			p, d, &root,
			"--filter \"%s\": not a Firecracker file (it has"
			" \"defaultAction\" or a member that is no filter)",
			o->filter);
	rc = get_action(p, d, p->doc, &root, "defaultAction", "defaultErrnoRet",
			&p->def_action);
	if (rc == 0)
		rc = resolve_arches(p, o, host, d);
	if (rc == 0)
		rc = resolve_flags(p, d);
	if (rc == 0)
		rc = profile_json_get_string(p, d, p->doc, &root, "kvermax",
					     &kv);
	if (rc == 0)
		rc = profile_json_get_array(p, d, p->doc, &root, "syscalls",
					    &calls);
	if (rc < 0)
		return rc;
	if (kv != NULL) {
		p->kvermax = profile_parse_kernel(kv);
		at = profile_json_sub(&root, "kvermax", 0);
		if (p->kvermax == 0)
			return profile_json_fail(
				p, d, &at, "not a kernel version (\"X.Y\")");
	}
	p->entries = json_array_size(calls);
	p->applies = calloc(p->entries + 1, sizeof(*p->applies));
	if (p->applies == NULL)
		return -ENOMEM;
	for (i = 0; i < p->entries; i++) {
		rc = resolve_entry(p, d, o, host, i, cap);
		if (rc < 0)
			return rc;
	}
	return check_oci_keys(p, d, o);
}
