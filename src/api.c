/* SPDX-License-Identifier: LGPL-2.1-only */
/* Every exported symbol: argument checks and the documented errno set. */

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <seccomp.h>
#include <seccomp-ext.h>

#include "action.h"
#include "arch.h"
#include "db.h"
#include "gen_bpf.h"
#include "gen_pfc.h"
#include "syscall_file.h"
#include "system.h"

#define API __attribute__((visibility("default")))

/* Most comparisons one rule takes: one per syscall argument. */
#define ARG_CNT_MAX 6U

static const struct scmp_version version = {
	.major = SCMP_VER_MAJOR,
	.minor = SCMP_VER_MINOR,
	.micro = SCMP_VER_MICRO,
};

/*
 * libseccomp promises each call returns only errnos from this set; any
 * other failure becomes -EFAULT.
 */
static int api_rc(int rc)
{
	if (rc >= 0)
		return rc;
	switch (rc) {
	case -EACCES:
	case -ECANCELED:
	case -EDOM:
	case -EEXIST:
	case -EINVAL:
	case -ENOENT:
	case -ENOMEM:
	case -EOPNOTSUPP:
	case -ERANGE:
	case -ESRCH:
		return rc;
	}
	return -EFAULT;
}

/*
 * A kernel or I/O failure of a call on @filter (NULL for the notification
 * calls): -ECANCELED, or the raw -errno when the filter asks for it with
 * SCMP_FLTATR_API_SYSRAWRC. A load's -ESRCH (a thread that could not be
 * synced) always passes; the notification calls report only -ECANCELED.
 */
static int kernel_rc(const struct db_filter *filter, int rc)
{
	if (rc >= 0)
		return rc;
	if (filter != NULL && (rc == -ESRCH || filter->attr.rawrc))
		return rc;
	return -ECANCELED;
}

/* A usable filter: not NULL and holding at least one ABI. */
static struct db_filter *ctx_filter(const scmp_filter_ctx ctx)
{
	struct db_filter *filter = ctx;

	if (filter == NULL || filter->arch_cnt == 0)
		return NULL;
	return filter;
}

/* An action the library accepts and the kernel (or forced level) has. */
static bool action_ok(uint32_t action)
{
	const struct action_def *def = action_find(action);

	return def != NULL && sys_action_supported(def);
}

/*
 * Whether the filter may return NOTIFY: a load asks the kernel for a
 * listener then. The ENOSYS action counts whether KVERMAX is set or not.
 */
static bool notifies(const struct db_filter *filter)
{
	return filter->notify_used ||
	       filter->attr.act_enosys == SCMP_ACT_NOTIFY ||
	       filter->attr.act_badarg32 == SCMP_ACT_NOTIFY ||
	       filter->attr.act_mux == SCMP_ACT_NOTIFY;
}

/*
 * This library's action attributes, SCMP_FLTATR_EXT_ACT_BADARG32 and
 * SCMP_FLTATR_EXT_ACT_MUX: an action, or SCMP_EXT_ACT_UNSET for off. Their
 * calls are apart from libseccomp's attributes, so that the switches below
 * stay theirs.
 */

/* The field of one of them, or NULL for another attribute. */
static uint32_t *ext_act_field(struct db_attrs *a, uint32_t attr)
{
	switch (attr) {
	case SCMP_FLTATR_EXT_ACT_BADARG32:
		return &a->act_badarg32;
	case SCMP_FLTATR_EXT_ACT_MUX:
		return &a->act_mux;
	}
	return NULL;
}

/*
 * seccomp_attr_set() of one of them: as the ENOSYS action, NOTIFY with
 * TSYNC needs the kernel to say ESRCH. Both change the program (the
 * generators read them), so the kept one goes. Returns 0 or -EINVAL.
 */
static int ext_act_set(struct db_filter *filter, uint32_t *field,
		       uint32_t value)
{
	if (value != SCMP_EXT_ACT_UNSET &&
	    (!action_ok(value) ||
	     (value == SCMP_ACT_NOTIFY && filter->attr.tsync &&
	      !sys_flag_supported(SECCOMP_FILTER_FLAG_TSYNC_ESRCH))))
		return -EINVAL;
	*field = value;
	db_changed(filter);
	return 0;
}

/*
 * Whether two filters agree on them, as merging wants: the merged filter
 * keeps @dst's, which must not add or drop a check on @src's ABIs.
 */
static bool ext_attrs_merge(const struct db_filter *dst,
			    const struct db_filter *src)
{
	return dst->attr.act_badarg32 == src->attr.act_badarg32 &&
	       dst->attr.act_mux == src->attr.act_mux;
}

/* The ABI of a token, SCMP_ARCH_NATIVE meaning the build's. */
static const struct arch_def *token_arch(uint32_t token)
{
	return arch_by_token(token);
}

/*
 * The filter's program, generated on first use and kept by the filter
 * until its rules change (db_changed()) or it is released: its one owner.
 * It is a pool block, never given to free(): a free() after the load
 * could make a system call (brk, munmap) that the new filter denies.
 * Threads that export or load the filter at once may each make one: the
 * first stored is kept, the others go back to the blocks (no lock, so
 * that no thread waits in a system call for another).
 */
static int filter_program(struct db_filter *filter,
			  const struct sock_filter **prog, size_t *len)
{
	struct db_prog *kept = atomic_load(&filter->prog), *mine;
	struct sock_filter *made;
	size_t cnt;
	int rc;

	if (kept == NULL) {
		rc = gen_bpf_generate(filter, &made, &cnt);
		if (rc < 0)
			return rc;
		mine = block_get(db_prog_size(cnt));
		if (mine != NULL) {
			mine->len = cnt;
			memcpy(mine->insns, made, cnt * sizeof(*made));
		}
		free(made);
		if (mine == NULL)
			return -ENOMEM;
		/* another thread's program, kept meanwhile, is the same */
		if (atomic_compare_exchange_strong(&filter->prog, &kept, mine))
			kept = mine;
		else
			block_put(mine, db_prog_size(cnt));
	}
	*prog = kept->insns;
	*len = kept->len;
	return 0;
}

API const struct scmp_version *seccomp_version(void)
{
	return &version;
}

/* The extensions: their bits are in seccomp-ext.h. */
API uint64_t seccomp_ext_features(void)
{
	return SCMP_EXT_F_CMP_AND | SCMP_EXT_F_NOTIFY_SET_FLAGS |
	       SCMP_EXT_F_ACT_BADARG32 | SCMP_EXT_F_CMP_SIGNED |
	       SCMP_EXT_F_ACT_MUX | SCMP_EXT_F_SYSCALL_ADD |
	       SCMP_EXT_F_SYSCALL_TABLE_LOAD | SCMP_EXT_F_RULE_ADD_RAW |
	       SCMP_EXT_F_RESOLVE_NAME_DIRECT | SCMP_EXT_F_NOTIFY_ADDFD_SEND;
}

API unsigned int seccomp_api_get(void)
{
	return sys_api_get();
}

API int seccomp_api_set(unsigned int level)
{
	return api_rc(sys_api_set(level));
}

API scmp_filter_ctx seccomp_init(uint32_t def_action)
{
	/* probe the kernel now, as libseccomp does */
	sys_api_get();
	if (!action_ok(def_action))
		return NULL;
	return db_new(def_action);
}

API int seccomp_reset(scmp_filter_ctx ctx, uint32_t def_action)
{
	struct db_filter *filter = ctx;

	if (filter == NULL) {
		/* global state: probes, the notification fd, spare blocks */
		sys_reset_state();
		block_drain();
		return 0;
	}
	if (!action_ok(def_action))
		return -EINVAL;
	return api_rc(db_reset(filter, def_action));
}

API void seccomp_release(scmp_filter_ctx ctx)
{
	db_free(ctx);
}

API int seccomp_merge(scmp_filter_ctx ctx_dst, scmp_filter_ctx ctx_src)
{
	struct db_filter *dst = ctx_filter(ctx_dst);
	struct db_filter *src = ctx_filter(ctx_src);

	if (dst == NULL || src == NULL)
		return -EINVAL;
	/* its ABIs overlap with themselves, as libseccomp reports */
	if (dst == src)
		return -EEXIST;
	/*
	 * The merged filter keeps @dst's attributes: @src's ABIs must not
	 * lose their ENOSYS handling (ours: libseccomp has none).
	 */
	if (dst->attr.act_default != src->attr.act_default ||
	    dst->attr.nnp != src->attr.nnp ||
	    dst->attr.tsync != src->attr.tsync ||
	    dst->attr.act_enosys != src->attr.act_enosys ||
	    dst->attr.kvermax != src->attr.kvermax ||
	    !ext_attrs_merge(dst, src))
		return -EINVAL;
	return api_rc(db_merge(dst, src));
}

API uint32_t seccomp_arch_resolve_name(const char *arch_name)
{
	const struct arch_def *arch = arch_by_name(arch_name);

	return arch == NULL ? 0 : arch->token;
}

API const char *seccomp_arch_name(uint32_t arch_token)
{
	const struct arch_def *arch = token_arch(arch_token);

	return arch == NULL ? NULL : arch->name;
}

API uint32_t seccomp_arch_native(void)
{
	return arch_native()->token;
}

API int seccomp_arch_exist(const scmp_filter_ctx ctx, uint32_t arch_token)
{
	const struct arch_def *arch = token_arch(arch_token);

	if (ctx == NULL || arch == NULL)
		return -EINVAL;
	return db_arch_find(ctx, arch->token) != NULL ? 0 : -EEXIST;
}

API int seccomp_arch_add(scmp_filter_ctx ctx, uint32_t arch_token)
{
	const struct arch_def *arch = token_arch(arch_token);

	if (ctx == NULL || arch == NULL)
		return -EINVAL;
	return api_rc(db_arch_add(ctx, arch));
}

API int seccomp_arch_remove(scmp_filter_ctx ctx, uint32_t arch_token)
{
	const struct arch_def *arch = token_arch(arch_token);

	if (ctx == NULL || arch == NULL)
		return -EINVAL;
	return api_rc(db_arch_remove(ctx, arch->token));
}

API int seccomp_load(const scmp_filter_ctx ctx)
{
	struct db_filter *filter = ctx_filter(ctx);
	struct sys_load_opts opts;
	struct sock_fprog fprog;
	const struct sock_filter *prog;
	size_t len;
	int rc;

	if (filter == NULL)
		return -EINVAL;
	rc = filter_program(filter, &prog, &len);
	if (rc < 0)
		return api_rc(rc);

	opts = (struct sys_load_opts){
		.nnp = filter->attr.nnp,
		.tsync = filter->attr.tsync,
		.log = filter->attr.log,
		.ssb = filter->attr.ssb,
		.waitkill = filter->attr.waitkill,
		.notify = notifies(filter),
	};
	fprog.len = (unsigned short)len;
	fprog.filter = (struct sock_filter *)prog;
	rc = sys_filter_load(&fprog, &opts);
	/* from here on, no system call: the new filter may deny any */
	return kernel_rc(filter, rc);
}

/*
 * Whether @attr is an attribute. The switches below name every value of
 * the enum, so that -Wswitch names them when one is added.
 */
static bool attr_known(enum scmp_filter_attr attr)
{
	return attr > _SCMP_FLTATR_MIN && attr < _SCMP_FLTATR_MAX;
}

API int seccomp_attr_get(const scmp_filter_ctx ctx, enum scmp_filter_attr attr,
			 uint32_t *value)
{
	const struct db_filter *filter = ctx_filter(ctx);
	const struct db_attrs *a;
	const uint32_t *field;

	if (filter == NULL || value == NULL)
		return -EINVAL;
	/* the field is only read */
	field = ext_act_field((struct db_attrs *)&filter->attr, (uint32_t)attr);
	if (field != NULL) {
		*value = *field;
		return 0;
	}
	if (!attr_known(attr))
		return -EINVAL;
	a = &filter->attr;
	switch (attr) {
	case SCMP_FLTATR_ACT_DEFAULT:
		*value = a->act_default;
		break;
	case SCMP_FLTATR_ACT_BADARCH:
		*value = a->act_badarch;
		break;
	case SCMP_FLTATR_CTL_NNP:
		*value = a->nnp;
		break;
	case SCMP_FLTATR_CTL_TSYNC:
		*value = a->tsync;
		break;
	case SCMP_FLTATR_API_TSKIP:
		*value = a->tskip;
		break;
	case SCMP_FLTATR_CTL_LOG:
		*value = a->log;
		break;
	case SCMP_FLTATR_CTL_SSB:
		*value = a->ssb;
		break;
	case SCMP_FLTATR_CTL_OPTIMIZE:
		*value = a->optimize;
		break;
	case SCMP_FLTATR_API_SYSRAWRC:
		*value = a->rawrc;
		break;
	case SCMP_FLTATR_CTL_WAITKILL:
		*value = a->waitkill;
		break;
	case SCMP_FLTATR_ACT_ENOSYS:
		*value = a->act_enosys;
		break;
	case SCMP_FLTATR_CTL_KVERMAX:
		*value = a->kvermax;
		break;
	case _SCMP_FLTATR_MIN:
	case _SCMP_FLTATR_MAX:
		return -EINVAL;
	}
	return 0;
}

/*
 * A kernel filter flag the attribute needs: -EOPNOTSUPP without it, as in
 * libseccomp also when the attribute is being turned off.
 */
static int need_flag(unsigned long flag)
{
	return sys_flag_supported(flag) ? 0 : -EOPNOTSUPP;
}

API int seccomp_attr_set(scmp_filter_ctx ctx, enum scmp_filter_attr attr,
			 uint32_t value)
{
	struct db_filter *filter = ctx_filter(ctx);
	struct db_attrs *a;
	uint32_t *field;
	int rc = 0;

	if (filter == NULL)
		return -EINVAL;
	field = ext_act_field(&filter->attr, (uint32_t)attr);
	if (field != NULL)
		return ext_act_set(filter, field, value);
	if (!attr_known(attr))
		return -EINVAL;
	a = &filter->attr;
	switch (attr) {
	case SCMP_FLTATR_ACT_DEFAULT:
		return -EACCES;
	case SCMP_FLTATR_ACT_BADARCH:
		if (!action_ok(value))
			return -EINVAL;
		a->act_badarch = value;
		db_changed(filter);
		break;
	case SCMP_FLTATR_CTL_NNP:
		a->nnp = value != 0;
		break;
	case SCMP_FLTATR_CTL_TSYNC:
		rc = need_flag(SECCOMP_FILTER_FLAG_TSYNC);
		/* without TSYNC_ESRCH a sync failure looks like a listener fd */
		if (rc == 0 && value && notifies(filter) &&
		    !sys_flag_supported(SECCOMP_FILTER_FLAG_TSYNC_ESRCH))
			rc = -EINVAL;
		if (rc == 0)
			a->tsync = value != 0;
		break;
	case SCMP_FLTATR_API_TSKIP:
		a->tskip = value != 0;
		db_changed(filter);
		break;
	case SCMP_FLTATR_CTL_LOG:
		rc = need_flag(SECCOMP_FILTER_FLAG_LOG);
		if (rc == 0)
			a->log = value != 0;
		break;
	case SCMP_FLTATR_CTL_SSB:
		rc = need_flag(SECCOMP_FILTER_FLAG_SPEC_ALLOW);
		if (rc == 0)
			a->ssb = value != 0;
		break;
	case SCMP_FLTATR_CTL_OPTIMIZE:
		if (value != 1 && value != 2)
			return -EOPNOTSUPP;
		a->optimize = value;
		db_changed(filter);
		break;
	case SCMP_FLTATR_API_SYSRAWRC:
		a->rawrc = value != 0;
		break;
	case SCMP_FLTATR_CTL_WAITKILL:
		a->waitkill = value != 0;
		break;
	case SCMP_FLTATR_ACT_ENOSYS:
		/* as for a NOTIFY rule: TSYNC needs the kernel to say ESRCH */
		if (!action_ok(value) ||
		    (value == SCMP_ACT_NOTIFY && a->tsync &&
		     !sys_flag_supported(SECCOMP_FILTER_FLAG_TSYNC_ESRCH)))
			return -EINVAL;
		a->act_enosys = value;
		db_changed(filter);
		break;
	case SCMP_FLTATR_CTL_KVERMAX:
		/* before or after rules: libseccomp's proposal refuses after */
		if (value == __SCMP_KV_NULL || value >= __SCMP_KV_MAX)
			return -EINVAL;
		a->kvermax = value;
		db_changed(filter);
		break;
	case _SCMP_FLTATR_MIN:
	case _SCMP_FLTATR_MAX:
		return -EINVAL;
	}
	return rc;
}

API char *seccomp_syscall_resolve_num_arch(uint32_t arch_token, int num)
{
	const struct arch_def *arch = token_arch(arch_token);
	const char *name;

	if (arch == NULL)
		return NULL;
	name = arch_syscall_resolve_num(arch, num);
	return name == NULL ? NULL : strdup(name);
}

API int seccomp_syscall_resolve_name_arch(uint32_t arch_token, const char *name)
{
	const struct arch_def *arch = token_arch(arch_token);

	if (arch == NULL)
		return __NR_SCMP_ERROR;
	return arch_syscall_resolve_name(arch, name);
}

API int seccomp_syscall_resolve_name_rewrite(uint32_t arch_token,
					     const char *name)
{
	const struct arch_def *arch = token_arch(arch_token);

	if (arch == NULL)
		return __NR_SCMP_ERROR;
	return arch_syscall_rewrite(arch,
				    arch_syscall_resolve_name(arch, name));
}

API int seccomp_syscall_resolve_name(const char *name)
{
	return arch_syscall_resolve_name(arch_native(), name);
}

/* Syscall numbers -99..-1 are reserved; -1 is allowed with API_TSKIP. */
static bool syscall_number_ok(const struct db_filter *filter, int syscall)
{
	if (syscall == -1)
		return filter->attr.tskip;
	return syscall >= 0 || syscall <= -100;
}

API int seccomp_syscall_priority(scmp_filter_ctx ctx, int syscall,
				 uint8_t priority)
{
	struct db_filter *filter = ctx_filter(ctx);

	if (filter == NULL || !syscall_number_ok(filter, syscall))
		return -EINVAL;
	return api_rc(db_syscall_priority(filter, syscall, priority));
}

/*
 * Whether @op is an operator, with no flag but SCMP_CMP_32BIT above it
 * (provisional: libseccomp's open pull request) and our
 * SCMP_CMP_EXT_SIGNED, which only an order (<, <=, >, >=) takes.
 */
static bool cmp_op_ok(unsigned int op)
{
	unsigned int oper = op & SCMP_CMP_OPMASK;

	if ((op & ~(unsigned int)(SCMP_CMP_OPMASK | SCMP_CMP_32BIT |
				  SCMP_CMP_EXT_SIGNED)) != 0)
		return false;
	if ((op & SCMP_CMP_EXT_SIGNED) &&
	    (oper == SCMP_CMP_NE || oper == SCMP_CMP_EQ ||
	     oper == SCMP_CMP_MASKED_EQ))
		return false;
	return oper > _SCMP_CMP_MIN && oper < _SCMP_CMP_MAX;
}

/* A rule's action on @filter: 0, -EINVAL or -EACCES (the default). */
static int rule_action_check(const struct db_filter *filter, uint32_t action)
{
	if (!action_ok(action))
		return -EINVAL;
	/* a listener with TSYNC needs the kernel to report sync failures */
	if (action == SCMP_ACT_NOTIFY && filter->attr.tsync &&
	    !sys_flag_supported(SECCOMP_FILTER_FLAG_TSYNC_ESRCH))
		return -EINVAL;
	if (action == filter->attr.act_default)
		return -EACCES;
	return 0;
}

/* Whether a rule's comparisons are each on an argument, with an operator. */
static bool cmps_ok(unsigned int arg_cnt, const struct scmp_arg_cmp *arg_array)
{
	unsigned int i;

	for (i = 0; i < arg_cnt; i++) {
		const struct scmp_arg_cmp *c = &arg_array[i];

		/*
		 * A rule is an AND of its comparisons, several of one
		 * argument included (libseccomp refuses those: -EINVAL).
		 */
		if (c->arg >= ARG_CNT_MAX || !cmp_op_ok(c->op))
			return false;
	}
	return true;
}

/* The checks of every rule_add variant, in libseccomp's order. */
static int rule_add(scmp_filter_ctx ctx, uint32_t action, int syscall,
		    unsigned int arg_cnt, const struct scmp_arg_cmp *arg_array,
		    bool exact)
{
	struct db_filter *filter = ctx_filter(ctx);
	const struct db_rule rule = {
		.action = action,
		.syscall = syscall,
		.exact = exact,
		.cmp_cnt = arg_cnt,
		.cmps = arg_array,
	};
	int rc;

	if (arg_cnt > ARG_CNT_MAX)
		return -EINVAL;
	if (arg_cnt > 0 && arg_array == NULL)
		return -EINVAL;
	if (filter == NULL || !syscall_number_ok(filter, syscall))
		return -EINVAL;
	rc = rule_action_check(filter, action);
	if (rc < 0)
		return rc;
	if (exact && filter->arch_cnt > 1)
		return -EOPNOTSUPP;
	if (!cmps_ok(arg_cnt, arg_array))
		return -EINVAL;
	return api_rc(db_rule_add(filter, &rule));
}

/* rule_add() with the comparisons as variadic arguments. */
static int rule_add_va(scmp_filter_ctx ctx, uint32_t action, int syscall,
		       unsigned int arg_cnt, va_list ap, bool exact)
{
	struct scmp_arg_cmp cmps[ARG_CNT_MAX];
	unsigned int i;

	/* checked first: more than six would overrun cmps[] */
	if (arg_cnt > ARG_CNT_MAX)
		return -EINVAL;
	for (i = 0; i < arg_cnt; i++)
		cmps[i] = va_arg(ap, struct scmp_arg_cmp);
	return rule_add(ctx, action, syscall, arg_cnt, cmps, exact);
}

API int seccomp_rule_add_array(scmp_filter_ctx ctx, uint32_t action,
			       int syscall, unsigned int arg_cnt,
			       const struct scmp_arg_cmp *arg_array)
{
	return rule_add(ctx, action, syscall, arg_cnt, arg_array, false);
}

API int seccomp_rule_add(scmp_filter_ctx ctx, uint32_t action, int syscall,
			 unsigned int arg_cnt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, arg_cnt);
	rc = rule_add_va(ctx, action, syscall, arg_cnt, ap, false);
	va_end(ap);
	return rc;
}

API int seccomp_rule_add_exact_array(scmp_filter_ctx ctx, uint32_t action,
				     int syscall, unsigned int arg_cnt,
				     const struct scmp_arg_cmp *arg_array)
{
	return rule_add(ctx, action, syscall, arg_cnt, arg_array, true);
}

API int seccomp_rule_add_exact(scmp_filter_ctx ctx, uint32_t action,
			       int syscall, unsigned int arg_cnt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, arg_cnt);
	rc = rule_add_va(ctx, action, syscall, arg_cnt, ap, true);
	va_end(ap);
	return rc;
}

API int seccomp_notify_alloc(struct seccomp_notif **req,
			     struct seccomp_notif_resp **resp)
{
	return api_rc(sys_notify_alloc(req, resp));
}

API void seccomp_notify_free(struct seccomp_notif *req,
			     struct seccomp_notif_resp *resp)
{
	sys_notify_free(req, resp);
}

/*
 * The notification calls, like libseccomp's, report every kernel failure
 * as -ECANCELED, errno telling which: a bad fd, a NULL buffer (EFAULT), a
 * notification that is gone (ENOENT). Only -EOPNOTSUPP comes from here.
 */
API int seccomp_notify_receive(int fd, struct seccomp_notif *req)
{
	if (!action_ok(SCMP_ACT_NOTIFY))
		return -EOPNOTSUPP;
	return kernel_rc(NULL, sys_notify_receive(fd, req));
}

API int seccomp_notify_respond(int fd, struct seccomp_notif_resp *resp)
{
	if (!action_ok(SCMP_ACT_NOTIFY))
		return -EOPNOTSUPP;
	return kernel_rc(NULL, sys_notify_respond(fd, resp));
}

API int seccomp_notify_id_valid(int fd, uint64_t id)
{
	if (!action_ok(SCMP_ACT_NOTIFY))
		return -EOPNOTSUPP;
	return api_rc(sys_notify_id_valid(fd, id));
}

/*
 * Returns the fd number in the notifying process, or as above; but the
 * kernel's EINVAL is -EOPNOTSUPP, as in libseccomp: a kernel before 5.9
 * answers the unknown request so, and one before 5.14 the SEND flag.
 */
API int seccomp_notify_addfd(int fd, struct seccomp_notif_addfd *addfd)
{
	int rc;

	if (!action_ok(SCMP_ACT_NOTIFY))
		return -EOPNOTSUPP;
	rc = sys_notify_addfd(fd, addfd);
	if (rc == -EINVAL)
		return -EOPNOTSUPP;
	return kernel_rc(NULL, rc);
}

/*
 * Unlike the calls above, an extension of ours: the flags are checked
 * here, so the kernel's EINVAL means it lacks the request (before 6.6),
 * and a bad fd is -EBADF, whether the kernel finds it closed (EBADF) or
 * not a notification fd (ENOTTY); other refusals are -ECANCELED.
 */
API int seccomp_ext_notify_set_flags(int fd, uint64_t flags)
{
	int rc;

	if (flags & ~(uint64_t)SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP)
		return -EINVAL;
	if (fd < 0)
		return -EBADF;
	if (!action_ok(SCMP_ACT_NOTIFY))
		return -EOPNOTSUPP;
	rc = sys_notify_set_flags(fd, flags);
	switch (rc) {
	case 0:
		return 0;
	case -EINVAL:
		return -EOPNOTSUPP;
	case -EBADF:
	case -ENOTTY:
		return -EBADF;
	}
	return -ECANCELED;
}

/*
 * The kernel's answer to an addfd with SEND, in this extension's errno set.
 * The arguments were checked, so EINVAL means the kernel lacks the request
 * or its SEND flag (before 5.14). ESRCH: the thread went away while the
 * descriptor waited to be installed; ENOTTY: @fd is another kind of file.
 */
static int addfd_send_rc(int rc)
{
	if (rc >= 0)
		return rc;
	switch (rc) {
	case -EINVAL:
		return -EOPNOTSUPP;
	case -EBADF:
	case -ENOTTY:
		return -EBADF;
	case -ENOENT:
	case -ESRCH:
		return -ENOENT;
	case -EINPROGRESS:
	case -EMFILE:
		return rc;
	}
	return -ECANCELED;
}

API int seccomp_ext_notify_addfd_send(int fd, uint64_t id, int srcfd, int newfd,
				      unsigned int newfd_flags)
{
	struct seccomp_notif_addfd addfd = {
		.id = id,
		.flags = SECCOMP_ADDFD_FLAG_SEND,
		.srcfd = (uint32_t)srcfd,
		.newfd_flags = newfd_flags,
	};

	if (newfd < -1 || (newfd_flags & ~(unsigned int)O_CLOEXEC) != 0)
		return -EINVAL;
	if (fd < 0 || srcfd < 0)
		return -EBADF;
	if (!action_ok(SCMP_ACT_NOTIFY))
		return -EOPNOTSUPP;
	if (newfd >= 0) {
		addfd.flags |= SECCOMP_ADDFD_FLAG_SETFD;
		addfd.newfd = (uint32_t)newfd;
	}
	return addfd_send_rc(sys_notify_addfd(fd, &addfd));
}

API int seccomp_notify_fd(const scmp_filter_ctx ctx)
{
	int fd;

	if (ctx_filter(ctx) == NULL)
		return -EINVAL;
	/* no listener yet: -EFAULT, as libseccomp reports it */
	fd = sys_notify_fd();
	return fd >= 0 ? fd : -EFAULT;
}

API int seccomp_export_pfc(const scmp_filter_ctx ctx, int fd)
{
	struct db_filter *filter = ctx_filter(ctx);
	size_t len;
	char *text;
	int rc;

	if (filter == NULL)
		return -EINVAL;
	/* the whole text, or nothing written */
	rc = gen_pfc_generate(filter, &text, &len);
	if (rc < 0)
		return api_rc(rc);
	rc = sys_write_all(fd, text, len);
	free(text);
	return kernel_rc(filter, rc);
}

API int seccomp_export_bpf(const scmp_filter_ctx ctx, int fd)
{
	struct db_filter *filter = ctx_filter(ctx);
	const struct sock_filter *prog;
	size_t len;
	int rc;

	if (filter == NULL)
		return -EINVAL;
	rc = filter_program(filter, &prog, &len);
	if (rc < 0)
		return api_rc(rc);
	rc = sys_write_all(fd, prog, len * sizeof(*prog));
	return kernel_rc(filter, rc);
}

API int seccomp_export_bpf_mem(const scmp_filter_ctx ctx, void *buf,
			       size_t *len)
{
	struct db_filter *filter = ctx_filter(ctx);
	const struct sock_filter *prog;
	size_t cnt, size;
	int rc;

	if (filter == NULL || len == NULL)
		return -EINVAL;
	rc = filter_program(filter, &prog, &cnt);
	if (rc < 0)
		return api_rc(rc);
	size = cnt * sizeof(*prog);
	/* as libseccomp: the size is told even when the buffer is short */
	if (buf != NULL && *len < size)
		rc = -ERANGE;
	else if (buf != NULL)
		memcpy(buf, prog, size);
	*len = size;
	return rc;
}

API int seccomp_transaction_start(const scmp_filter_ctx ctx)
{
	struct db_filter *filter = ctx_filter(ctx);

	if (filter == NULL)
		return -EINVAL;
	return api_rc(db_transaction_start(filter));
}

API void seccomp_transaction_reject(const scmp_filter_ctx ctx)
{
	struct db_filter *filter = ctx;

	if (filter != NULL)
		db_transaction_reject(filter);
}

API int seccomp_transaction_commit(const scmp_filter_ctx ctx)
{
	struct db_filter *filter = ctx_filter(ctx);

	if (filter == NULL)
		return -EINVAL;
	db_transaction_commit(filter);
	return 0;
}

API int seccomp_precompute(const scmp_filter_ctx ctx)
{
	struct db_filter *filter = ctx_filter(ctx);
	const struct sock_filter *prog;
	size_t len;

	if (filter == NULL)
		return -EINVAL;
	return api_rc(filter_program(filter, &prog, &len));
}

/*
 * The run-time syscall table (ours): names and numbers added to the
 * built-in table, process-wide, for the resolvers and later rules.
 */

API int seccomp_ext_syscall_add(uint32_t arch_token, const char *name, int num)
{
	const struct arch_def *arch = token_arch(arch_token);
	struct syscall_rt_batch batch;
	int rc;

	if (arch == NULL)
		return -EINVAL;
	syscall_rt_begin(&batch);
	rc = arch_syscall_add(&batch, arch, name, num);
	if (rc == 0)
		syscall_rt_commit(&batch);
	else
		syscall_rt_abort(&batch);
	return rc;
}

/*
 * 0, a positive line number, or -errno: the errnos of open(2) and read(2)
 * pass as they are, so that a caller can say why a file was not read.
 */
API int seccomp_ext_syscall_table_load(const char *path)
{
	return syscall_file_load(path);
}

API int seccomp_ext_syscall_resolve_name_direct(uint32_t arch_token,
						const char *name)
{
	const struct arch_def *arch = token_arch(arch_token);

	if (arch == NULL)
		return __NR_SCMP_ERROR;
	return arch_syscall_resolve_name_direct(arch, name);
}

API int seccomp_ext_rule_add_raw(scmp_filter_ctx ctx, uint32_t action,
				 uint32_t arch_token, int num,
				 unsigned int arg_cnt,
				 const struct scmp_arg_cmp *arg_array)
{
	struct db_filter *filter = ctx_filter(ctx);
	const struct arch_def *arch = token_arch(arch_token);
	const struct db_rule rule = {
		.action = action,
		.syscall = num,
		.exact = true,
		.cmp_cnt = arg_cnt,
		.cmps = arg_array,
	};
	struct db_arch *rules;
	int rc;

	if (arg_cnt > ARG_CNT_MAX || (arg_cnt > 0 && arg_array == NULL))
		return -EINVAL;
	if (filter == NULL || arch == NULL)
		return -EINVAL;
	/* a number the ABI can carry, or -1 as TSKIP allows it */
	if (num == -1 ? !filter->attr.tskip : !arch_syscall_num_ok(arch, num))
		return -EINVAL;
	rc = rule_action_check(filter, action);
	if (rc < 0)
		return rc;
	if (!cmps_ok(arg_cnt, arg_array))
		return -EINVAL;
	rules = db_arch_find(filter, arch->token);
	if (rules == NULL)
		return -EDOM;
	return api_rc(db_rule_add_raw(filter, rules, &rule));
}
