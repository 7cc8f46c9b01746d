/* SPDX-License-Identifier: LGPL-2.1-only */
/* Declarations shared by the files of the Python module "seccomp". */

#ifndef PYSECCOMP_MODULE_H
#define PYSECCOMP_MODULE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>

#include <seccomp.h>

#if SCMP_VER_MAJOR < 2 || (SCMP_VER_MAJOR == 2 && SCMP_VER_MINOR < 5)
#error "the seccomp module needs libseccomp 2.5 or later"
#endif
#if SCMP_VER_MAJOR > 2 || SCMP_VER_MINOR >= 6
#define HAVE_SCMP_2_6 1
#else
#define HAVE_SCMP_2_6 0
#endif
/* ENOSYS past a kernel version (enum scmp_kver): a header that has it */
#ifdef _SECCOMP_H_KVERS
#define HAVE_SCMP_KVERS 1
#else
#define HAVE_SCMP_KVERS 0
#endif

/* this library's extensions (seccomp-ext.h): only in this tree */
#if defined(__has_include)
#if __has_include(<seccomp-ext.h>)
#include <seccomp-ext.h>
#define HAVE_SCMP_EXT 1
#endif
#endif
#ifndef HAVE_SCMP_EXT
#define HAVE_SCMP_EXT 0
#endif

/*
 * seccomp_notify_addfd(): libseccomp's development branch, which added it
 * with SCMP_ACT_TRAPX (this library has both)
 */
#ifdef SCMP_ACT_TRAPX
#define HAVE_SCMP_ADDFD 1
#else
#define HAVE_SCMP_ADDFD 0
#endif

/*
 * SCMP_CMP_OPMASK and SCMP_CMP_32BIT (provisional: libseccomp's open pull
 * request) by value: an enumerator cannot be tested for, and a library
 * without the flag refuses it with -EINVAL.
 */
#define CMP_OPMASK 0xffffU
#define CMP_32BIT 0x10000U
/* The flags Arg takes: CMP_32BIT, and this library's SCMP_CMP_EXT_SIGNED. */
#if HAVE_SCMP_EXT
#define CMP_FLAGS (CMP_32BIT | SCMP_CMP_EXT_SIGNED)
#else
#define CMP_FLAGS CMP_32BIT
#endif

/*
 * The PyMethodDef of the C function prefix##name, documented by
 * prefix##name##_doc (through void (*)(void): METH_KEYWORDS functions take
 * three parameters).
 */
#define METHOD_DEF(prefix, name, flags)                               \
	{                                                             \
		.ml_name = #name,                                     \
		.ml_meth = (PyCFunction)(void (*)(void))prefix##name, \
		.ml_flags = flags, .ml_doc = prefix##name##_doc       \
	}

/* The number of syscall arguments a rule can compare: seccomp_data's. */
#define ARG_COUNT                                         \
	((int)(sizeof(((struct seccomp_data *)0)->args) / \
	       sizeof(((struct seccomp_data *)0)->args[0])))

/*
 * clang-format is off around the CPython object layouts (PyObject_HEAD is
 * a field list, not a statement), type objects and one-per-line tables.
 */

/* clang-format off */
typedef struct {
	PyObject_HEAD
	uint32_t token;
} ArchObject;
/* clang-format on */

/* clang-format off */
typedef struct {
	PyObject_HEAD
	struct scmp_arg_cmp cmp;
} ArgObject;
/* clang-format on */

/* clang-format off */
typedef struct {
	PyObject_HEAD
	uint64_t id;
	uint32_t pid;
	uint32_t flags;
	int32_t syscall;
	uint32_t arch;
	uint64_t ip;
	uint64_t args[ARG_COUNT];
} NotificationObject;
/* clang-format on */

/* clang-format off */
typedef struct {
	PyObject_HEAD
	uint64_t id;
	int64_t val;
	int32_t error;
	uint32_t flags;
} ResponseObject;
/* clang-format on */

/* clang-format off */
typedef struct {
	PyObject_HEAD
	uint64_t id;
	uint32_t flags;
	uint32_t srcfd;
	uint32_t newfd;
	uint32_t newfd_flags;
} AddfdObject;
/* clang-format on */

/* clang-format off */
typedef struct {
	PyObject_HEAD
	scmp_filter_ctx ctx;	/* NULL: not initialised, or merged away */
	uint32_t defaction;	/* for reset() without an argument */
	int busy;		/* an export runs without the GIL */
} FilterObject;
/* clang-format on */

extern PyTypeObject ArchType;
extern PyTypeObject AttrType;
extern PyTypeObject ArgType;
extern PyTypeObject NotificationType;
extern PyTypeObject NotificationResponseType;
#if HAVE_SCMP_ADDFD
extern PyTypeObject NotificationAddfdType;
#endif
extern PyTypeObject SyscallFilterType;

/* ValueError + RuntimeError: see seccomp.c, "Errors". */
extern PyObject *InvalidArgument;

/* value.c: exceptions and argument conversions */
PyObject *value_raise_errno(PyObject *type, int err, const char *msg);
PyObject *value_invalid(const char *msg);
PyObject *value_raise_rc(int rc);
PyObject *value_result(int rc);
int value_range(PyObject *obj, const char *what, long long lo, long long hi,
		const char *msg, long long *out);
int value_u32(PyObject *obj, const char *what, uint32_t *out);
PyObject *value_int32(uint32_t value);
int value_u64(PyObject *obj, const char *what, uint64_t *out);
const char *value_name(PyObject *obj, const char *what, PyObject **tmp);
int value_syscall(PyObject *obj, int *nr);
int value_attr(PyObject *obj, enum scmp_filter_attr *attr);
int value_dict_set(PyObject *dict, const char *name, PyObject *value);

/* filter.c: for seccomp.ext's rules */
int filter_rule_args(PyObject *args, Py_ssize_t first,
		     struct scmp_arg_cmp *cmps);
scmp_filter_ctx filter_get_ctx(PyObject *obj);

/*
 * types.c: Arch, Attr, Arg, Notification, NotificationResponse,
 * NotificationAddfd
 */
int types_arch_token(PyObject *obj, uint32_t *token, int resolve);
int types_add_constants(void);

#if HAVE_SCMP_EXT
/* ext.c: the submodule seccomp.ext */
int ext_add(PyObject *parent);
#endif

#endif
