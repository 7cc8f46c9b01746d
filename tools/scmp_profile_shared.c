/* SPDX-License-Identifier: LGPL-2.1-only */
/* scmp_profile: what its commands share (declared in scmp_profile_shared.h). */

/*
 * The options that say how to resolve a profile, building its filter and
 * loading its program into the simulator, action names, and output files
 * written whole or not at all.
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "scmp_profile_shared.h"

/*
 * Resolving options
 */

const char sp_resolve_help[] =
	"Profile options (compile and explain):\n"
	"  --arch A,B,...     the filter's ABIs instead of the profile's; the"
	" first is\n"
	"                     the host (archMap, includes/excludes arches):"
	" x86_64,\n"
	"                     SCMP_ARCH_X86_64 or Go's amd64, arm64, 386...\n"
	"  --caps LIST        the container's capabilities: none, or a list"
	" of\n"
	"                     default (Docker's default set, the default),"
	" all,\n"
	"                     CAP_SYS_ADMIN, SYS_ADMIN, sys_admin...\n"
	"  --kernel X.Y       the host kernel for minKernel (default: this"
	" one)\n"
	"  --kvermax X.Y      syscalls newer than X.Y fail with ENOSYS\n"
	"  --input FORMAT     auto (the default), oci (or docker), or"
	" firecracker\n"
	"                     (Firecracker's seccompiler JSON)\n"
	"  --filter NAME      the filter of a Firecracker file to read (vmm,"
	" api,\n"
	"                     vcpu); needed when it has several\n"
	"  --strict           refuse unknown keys, keys of the wrong type and"
	" syscall\n"
	"                     names no ABI knows (default: warn, skip them)\n"
	"  --strict-mux       on ABIs that reach a call through socketcall(2)"
	" or\n"
	"                     ipc(2), give the multiplexed call the default"
	" action\n"
	"                     when its rules have conditions (a stricter rule's"
	"\n"
	"                     action stands); the direct syscall keeps them:"
	" the\n"
	"                     multiplexer cannot see the arguments (default:"
	" warn,\n"
	"                     and the rule applies to the multiplexed call"
	" unchecked)\n"
	"  -q, --quiet        no warnings\n"
	"  --no-warn=mux      no warning of the rules whose argument checks a"
	" multiplexer\n"
	"                     cannot make\n";

void sp_resolve_init(struct sp_resolve *r)
{
	unsigned int i;

	memset(r, 0, sizeof(*r));
	for (i = 0; profile_docker_caps[i] != NULL; i++)
		r->caps[i] = profile_docker_caps[i];
	r->opts.caps = r->caps;
	r->opts.warn = stderr;
}

static int parse_arches(struct sp_resolve *r, char *list)
{
	char *name, *save = NULL;

	r->opts.narch = 0;
	for (name = strtok_r(list, ",", &save); name != NULL;
	     name = strtok_r(NULL, ",", &save)) {
		if (r->opts.narch == PROFILE_ARCHES)
			return -E2BIG;
		r->arches[r->opts.narch] = profile_arch_lookup(name);
		if (r->arches[r->opts.narch] == 0) {
			fprintf(stderr,
				"scmp_profile: --arch: unknown architecture"
				" \"%s\"\n",
				name);
			return -EINVAL;
		}
		r->opts.narch++;
	}
	if (r->opts.narch == 0)
		return -EINVAL;
	r->opts.arches = r->arches;
	r->opts.host_arch = r->arches[0];
	return 0;
}

/* Appends the NULL-terminated @caps to @r's list; -E2BIG if full. */
static int add_caps(struct sp_resolve *r, unsigned int *n,
		    const char *const *caps)
{
	const size_t max = sizeof(r->caps) / sizeof(r->caps[0]) - 1;

	for (; *caps != NULL; caps++) {
		if (*n == max)
			return -E2BIG;
		r->caps[(*n)++] = *caps;
	}
	return 0;
}

/*
 * A list of capabilities as Docker's --cap-add takes them (CAP_SYS_ADMIN,
 * SYS_ADMIN, sys_admin), "default" standing for Docker's set, "all" for
 * every one; "none" alone for none.
 */
static int parse_caps(struct sp_resolve *r, char *list)
{
	const char *one[2] = { NULL, NULL };
	char *name, *save = NULL;
	unsigned int n = 0;
	int rc = 0;

	if (strcasecmp(list, "none") == 0)
		list = "";
	for (name = strtok_r(list, ",", &save); name != NULL && rc == 0;
	     name = strtok_r(NULL, ",", &save)) {
		if (strcasecmp(name, "default") == 0) {
			rc = add_caps(r, &n, profile_docker_caps);
			continue;
		}
		if (strcasecmp(name, "all") == 0) {
			rc = add_caps(r, &n, profile_cap_all());
			continue;
		}
		one[0] = profile_cap_name(name);
		if (one[0] == NULL) {
			fprintf(stderr,
				"scmp_profile: --caps: unknown capability"
				" \"%s\"\n",
				name);
			return -EINVAL;
		}
		rc = add_caps(r, &n, one);
	}
	r->caps[n] = NULL;
	return rc;
}

static int parse_input(struct sp_resolve *r, const char *arg)
{
	if (strcmp(arg, "oci") == 0 || strcmp(arg, "docker") == 0)
		r->opts.format = PROFILE_FORMAT_OCI;
	else if (strcmp(arg, "firecracker") == 0)
		r->opts.format = PROFILE_FORMAT_FIRECRACKER;
	else if (strcmp(arg, "auto") == 0)
		r->opts.format = PROFILE_FORMAT_AUTO;
	else {
		fprintf(stderr,
			"scmp_profile: --input: unknown format \"%s\" (auto,"
			" oci, docker, firecracker)\n",
			arg);
		return -EINVAL;
	}
	return 0;
}

/* --no-warn=CLASS: the one class there is, mux. */
static int parse_no_warn(struct sp_resolve *r, const char *arg)
{
	if (strcmp(arg, "mux") == 0) {
		r->opts.quiet_mux = true;
		return 0;
	}
	fprintf(stderr, "scmp_profile: --no-warn: unknown class \"%s\" (mux)\n",
		arg);
	return -EINVAL;
}

static int parse_version(const char *opt, const char *arg, unsigned int *out)
{
	*out = profile_parse_kernel(arg);
	if (*out != 0)
		return 0;
	fprintf(stderr, "scmp_profile: --%s: not a kernel version (X.Y): %s\n",
		opt, arg);
	return -EINVAL;
}

int sp_resolve_option(struct sp_resolve *r, int c, const char *arg)
{
	int rc;

	/* the lists are split in place: argv strings may be written */
	switch (c) {
	case 'a':
		rc = parse_arches(r, (char *)arg);
		break;
	case 'C':
		rc = parse_caps(r, (char *)arg);
		break;
	case 'K':
		rc = parse_version("kernel", arg, &r->opts.kernel);
		break;
	case 'M':
		rc = parse_version("kvermax", arg, &r->kvermax);
		break;
	case 'S':
		r->opts.strict = true;
		rc = 0;
		break;
	case 'X':
		r->opts.strict_mux = true;
		rc = 0;
		break;
	case 'I':
		rc = parse_input(r, arg);
		break;
	case 'F':
		r->opts.filter = arg;
		rc = 0;
		break;
	case 'q':
		r->opts.warn = NULL;
		rc = 0;
		break;
	case 'W':
		rc = parse_no_warn(r, arg);
		break;
	default:
		return 0;
	}
	if (rc == -E2BIG)
		fprintf(stderr, "scmp_profile: too many names in a list\n");
	return rc < 0 ? SP_EXIT_BAD : 1;
}

/* "FILE:LINE:COL: error: MSG", as compilers say it. */
static void say_diag(const char *file, const struct profile_diag *d)
{
	if (d->line > 0)
		fprintf(stderr, "%s:%d:%d: error: %s\n", file, d->line,
			d->column, d->msg);
	else
		fprintf(stderr, "%s: error: %s\n", file, d->msg);
}

/* A directory cannot be read as a file: say so, not "Input/output error". */
static int read_profile(const char *file, struct profile *p,
			struct profile_diag *d)
{
	struct stat st;

	if (stat(file, &st) == 0 && S_ISDIR(st.st_mode)) {
		memset(p, 0, sizeof(*p));
		return -EISDIR;
	}
	return profile_read(file, p, d);
}

int sp_filter(const char *file, const struct sp_resolve *r, struct profile *p,
	      scmp_filter_ctx *ctx)
{
	struct profile_diag d;
	int rc;

	*ctx = NULL;
	rc = read_profile(file, p, &d);
	if (rc == -EINVAL) {
		say_diag(file, &d);
		return SP_EXIT_BAD;
	}
	if (rc < 0) {
		fprintf(stderr, "%s: error: cannot read: %s\n", file,
			strerror(-rc));
		return rc == -ENOMEM ? SP_EXIT_FAIL : SP_EXIT_BAD;
	}
	rc = profile_resolve(p, &r->opts, &d);
	if (rc == 0 && r->kvermax != 0)
		p->kvermax = r->kvermax;
	if (rc == 0)
		rc = profile_build(p, &r->opts, ctx, &d);
	if (rc == -EINVAL) {
		say_diag(file, &d);
		return SP_EXIT_BAD;
	}
	if (rc < 0) {
		fprintf(stderr, "%s: error: %s\n", file, strerror(-rc));
		return SP_EXIT_FAIL;
	}
	return 0;
}

int sp_program(scmp_filter_ctx ctx, const struct profile *p,
	       struct bpf_sim_prog *prog, void **raw, size_t *raw_len)
{
	const struct bpf_sim_arch *a = bpf_sim_arch_by_token(p->arches[0]);
	size_t len = 0;
	void *buf;
	int rc;

	rc = seccomp_export_bpf_mem(ctx, NULL, &len);
	if (rc < 0 || len == 0)
		goto fail;
	buf = malloc(len);
	if (buf == NULL) {
		rc = -ENOMEM;
		goto fail;
	}
	rc = seccomp_export_bpf_mem(ctx, buf, &len);
	/* a filter's ABIs share one byte order: the library refuses mixes */
	if (rc == 0)
		rc = bpf_sim_load_mem(prog, buf, len,
				      a != NULL ? a->big_endian : 0);
	if (rc < 0) {
		free(buf);
		goto fail;
	}
	*raw = buf;
	*raw_len = len;
	return 0;
fail:
	fprintf(stderr, "scmp_profile: cannot export the filter: %s\n",
		rc == -EFAULT ? "longer than the kernel's 4096 instructions" :
				strerror(-rc));
	return SP_EXIT_FAIL;
}

void sp_action_str(uint32_t action, char *buf, size_t size)
{
	const char *name;
	int data;

	name = profile_action_str(action, &data);
	if (name == NULL)
		snprintf(buf, size, "0x%08x", action);
	else if (data >= 0)
		snprintf(buf, size, "%s(%d)", name, data);
	else
		snprintf(buf, size, "%s", name);
}

/*
 * Output files
 */

/*
 * Opens @path in place when it exists and is no regular file: renaming a
 * temporary file over /dev/null would put a file where the device was.
 * Returns 1 when it did, 0 when @path takes the temporary file, -1 on
 * failure (errno set).
 */
static int output_in_place(struct sp_output *o, const char *path)
{
	struct stat st;

	if (stat(path, &st) != 0 || S_ISREG(st.st_mode))
		return 0;
	if (S_ISDIR(st.st_mode)) {
		errno = EISDIR;
		return -1;
	}
	o->path = strdup(path);
	if (o->path == NULL)
		return -1;
	o->f = fopen(path, "w");
	if (o->f == NULL) {
		free(o->path);
		o->path = NULL;
		return -1;
	}
	return 1;
}

int sp_output_open(struct sp_output *o, const char *path)
{
	mode_t mask;
	int fd, rc;

	memset(o, 0, sizeof(*o));
	if (path == NULL || strcmp(path, "-") == 0) {
		o->f = stdout;
		return 0;
	}
	rc = output_in_place(o, path);
	if (rc > 0)
		return 0;
	if (rc < 0)
		goto fail;
	o->path = strdup(path);
	o->tmp = malloc(strlen(path) + 16);
	if (o->path == NULL || o->tmp == NULL)
		goto fail;
	sprintf(o->tmp, "%s.tmp-XXXXXX", path);
	fd = mkstemp(o->tmp);
	if (fd < 0)
		goto fail;
	/* mkstemp() makes 0600; an output file gets what umask leaves */
	mask = umask(0);
	umask(mask);
	if (fchmod(fd, 0666 & ~mask) != 0 || (o->f = fdopen(fd, "w")) == NULL) {
		close(fd);
		unlink(o->tmp);
		goto fail;
	}
	return 0;
fail:
	fprintf(stderr, "scmp_profile: cannot write %s: %s\n", path,
		strerror(errno));
	free(o->path);
	free(o->tmp);
	memset(o, 0, sizeof(*o));
	return SP_EXIT_FAIL;
}

int sp_output_commit(struct sp_output *o)
{
	int rc = 0;

	if (o->path == NULL) {
		rc = fflush(stdout) != 0 || ferror(stdout) ? -1 : 0;
	} else {
		if (fflush(o->f) != 0 || ferror(o->f))
			rc = -1;
		if (fclose(o->f) != 0)
			rc = -1;
		if (rc == 0 && o->tmp != NULL && rename(o->tmp, o->path) != 0)
			rc = -1;
		if (rc < 0 && o->tmp != NULL)
			unlink(o->tmp);
	}
	if (rc < 0)
		fprintf(stderr, "scmp_profile: cannot write %s: %s\n",
			o->path != NULL ? o->path : "stdout", strerror(errno));
	free(o->path);
	free(o->tmp);
	memset(o, 0, sizeof(*o));
	return rc < 0 ? SP_EXIT_FAIL : 0;
}

void sp_output_abort(struct sp_output *o)
{
	if (o->path != NULL) {
		fclose(o->f);
		if (o->tmp != NULL)
			unlink(o->tmp);
	}
	free(o->path);
	free(o->tmp);
	memset(o, 0, sizeof(*o));
}

int sp_output_check(const char *path)
{
	struct sp_output o;
	struct stat st;
	int rc;

	if (path != NULL && stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		/* opening a FIFO to try it would wait for its reader */
		errno = S_ISDIR(st.st_mode) ? EISDIR : 0;
		if (errno == 0 && access(path, W_OK) == 0)
			return 0;
		fprintf(stderr, "scmp_profile: cannot write %s: %s\n", path,
			strerror(errno));
		return SP_EXIT_FAIL;
	}
	rc = sp_output_open(&o, path);
	if (rc == 0)
		sp_output_abort(&o);
	return rc;
}
