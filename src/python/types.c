/* SPDX-License-Identifier: LGPL-2.1-only */
/* The value classes: Arch, Attr, Arg, Notification, NotificationResponse. */

#include <ctype.h>
#include <string.h>

/* relative: setup.py builds the module without the tree's -I flags */
#include "../arch_list.h"
#include "module.h"

/*
 * Arch
 */

/*
 * Every ABI (arch_list.h) by name; the tokens come from the library at
 * import (seccomp_arch_resolve_name()), so that a module built against an
 * older libseccomp (setup.py) offers the ABIs that library knows.
 */
static const char *const arch_names[] = { ARCH_LIST(ARCH_LIST_NAME) };
#define ARCH_NAMES (sizeof(arch_names) / sizeof(arch_names[0]))
static uint32_t arch_tokens[ARCH_NAMES]; /* 0: unknown to the library */

/* The name of a token (not SCMP_ARCH_NATIVE), or NULL. */
static const char *arch_lookup(uint32_t token)
{
	size_t i;

	for (i = 0; i < ARCH_NAMES; i++)
		if (arch_tokens[i] != 0 && arch_tokens[i] == token)
			return arch_names[i];
	return NULL;
}

/**
 * types_arch_token - read an architecture argument
 * @obj: an Arch, a token (int; 0 is the native ABI) or a name (str)
 * @token: receives the token; SCMP_ARCH_NATIVE stays 0 unless @resolve
 * @resolve: map SCMP_ARCH_NATIVE to the native token
 *
 * Unknown tokens and names raise InvalidArgument, other types TypeError.
 * Returns 0 or -1.
 */
int types_arch_token(PyObject *obj, uint32_t *token, int resolve)
{
	PyObject *tmp;
	const char *name;

	if (PyObject_TypeCheck(obj, &ArchType)) {
		*token = ((ArchObject *)obj)->token;
		return 0;
	}
	if (PyUnicode_Check(obj) || PyBytes_Check(obj)) {
		name = value_name(obj, "architecture", &tmp);
		if (name == NULL)
			return -1;
		*token = seccomp_arch_resolve_name(name);
		Py_DECREF(tmp);
		if (*token == 0) {
			value_invalid("Invalid architecture");
			return -1;
		}
		return 0;
	}
	if (PyLong_Check(obj) || PyIndex_Check(obj)) {
		if (value_u32(obj, "architecture", token) < 0)
			return -1;
		if (*token == SCMP_ARCH_NATIVE) {
			if (resolve)
				*token = seccomp_arch_native();
			return 0;
		}
		if (arch_lookup(*token) == NULL) {
			value_invalid("Invalid architecture");
			return -1;
		}
		return 0;
	}
	PyErr_SetString(PyExc_TypeError,
			"Architecture must be an int or str type");
	return -1;
}

static PyObject *Arch_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
	static char *kwlist[] = { "arch", NULL };
	PyObject *arg = NULL;
	ArchObject *self;
	uint32_t token = SCMP_ARCH_NATIVE;

	if (!PyArg_ParseTupleAndKeywords(args, kwds, "|O:Arch", kwlist, &arg))
		return NULL;
	if (arg == NULL)
		token = seccomp_arch_native();
	else if (types_arch_token(arg, &token, 1) < 0)
		return NULL;
	self = (ArchObject *)type->tp_alloc(type, 0);
	if (self != NULL)
		self->token = token;
	return (PyObject *)self;
}

static PyObject *Arch_int(PyObject *self)
{
	return value_int32(((ArchObject *)self)->token);
}

/* The arch's name as seccomp_arch_resolve_name() takes it. */
static PyObject *Arch_str(PyObject *self)
{
	const char *name = arch_lookup(((ArchObject *)self)->token);

	if (name == NULL)
		return PyUnicode_FromFormat("0x%08x",
					    ((ArchObject *)self)->token);
	return PyUnicode_FromString(name);
}

static PyObject *Arch_repr(PyObject *self)
{
	PyObject *name, *repr;

	name = Arch_str(self);
	if (name == NULL)
		return NULL;
	repr = PyUnicode_FromFormat("%s(%R)", Py_TYPE(self)->tp_name, name);
	Py_DECREF(name);
	return repr;
}

/* Equal to another Arch or an int with the same token. */
static PyObject *Arch_richcompare(PyObject *self, PyObject *other, int op)
{
	PyObject *mine, *res;

	if (op != Py_EQ && op != Py_NE)
		Py_RETURN_NOTIMPLEMENTED;
	if (!PyObject_TypeCheck(other, &ArchType) && !PyLong_Check(other))
		Py_RETURN_NOTIMPLEMENTED;
	mine = Arch_int(self);
	if (mine == NULL)
		return NULL;
	if (PyObject_TypeCheck(other, &ArchType)) {
		other = Arch_int(other);
		if (other == NULL) {
			Py_DECREF(mine);
			return NULL;
		}
	} else {
		Py_INCREF(other);
	}
	res = PyObject_RichCompare(mine, other, op);
	Py_DECREF(mine);
	Py_DECREF(other);
	return res;
}

static Py_hash_t Arch_hash(PyObject *self)
{
	PyObject *num = Arch_int(self);
	Py_hash_t h;

	if (num == NULL)
		return -1;
	h = PyObject_Hash(num);
	Py_DECREF(num);
	return h;
}

static PyNumberMethods Arch_as_number = {
	.nb_int = Arch_int,
	.nb_index = Arch_int,
};

PyDoc_STRVAR(
	Arch_doc,
	"Arch(arch=Arch.NATIVE)\n--\n\n"
	"An architecture (ABI). The class attributes are the architecture tokens;\n"
	"an instance is made from a token or a name ('x86_64', 'aarch64', ...),\n"
	"Arch.NATIVE or no argument meaning the ABI this module was built for.\n"
	"int(arch) is its token, a C int like the class attributes (negative\n"
	"when the top bit is set); the uint32 form of a token is accepted too.\n"
	"Unknown tokens and names raise ValueError.\n\n"
	">>> Arch(\"x86_64\") == Arch.X86_64 == Arch(0xc000003e)\n"
	"True\n"
	">>> Arch.X86_64, str(Arch(Arch.AARCH64))\n"
	"(-1073741762, 'aarch64')");

/* clang-format off */
PyTypeObject ArchType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "seccomp.Arch",
	.tp_basicsize = sizeof(ArchObject),
	.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
	.tp_doc = Arch_doc,
	.tp_new = Arch_new,
	.tp_repr = Arch_repr,
	.tp_str = Arch_str,
	.tp_hash = Arch_hash,
	.tp_richcompare = Arch_richcompare,
	.tp_as_number = &Arch_as_number,
};
/* clang-format on */

/*
 * Attr
 */

static const struct {
	const char *name;
	int value;
} attr_table[] = {
	{ "ACT_DEFAULT", SCMP_FLTATR_ACT_DEFAULT },
	{ "ACT_BADARCH", SCMP_FLTATR_ACT_BADARCH },
	{ "CTL_NNP", SCMP_FLTATR_CTL_NNP },
	{ "CTL_TSYNC", SCMP_FLTATR_CTL_TSYNC },
	{ "API_TSKIP", SCMP_FLTATR_API_TSKIP },
	{ "CTL_LOG", SCMP_FLTATR_CTL_LOG },
	{ "CTL_SSB", SCMP_FLTATR_CTL_SSB },
	{ "CTL_OPTIMIZE", SCMP_FLTATR_CTL_OPTIMIZE },
	{ "API_SYSRAWRC", SCMP_FLTATR_API_SYSRAWRC },
#if HAVE_SCMP_2_6
	{ "CTL_WAITKILL", SCMP_FLTATR_CTL_WAITKILL },
#endif
#if HAVE_SCMP_KVERS
	{ "ACT_ENOSYS", SCMP_FLTATR_ACT_ENOSYS },
	{ "CTL_KVERMAX", SCMP_FLTATR_CTL_KVERMAX },
#endif
};

PyDoc_STRVAR(Attr_doc,
	     "Filter attributes for SyscallFilter.get_attr() and set_attr().");

/* clang-format off */
PyTypeObject AttrType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "seccomp.Attr",
	.tp_basicsize = sizeof(PyObject),
	.tp_flags = Py_TPFLAGS_DEFAULT,
	.tp_doc = Attr_doc,
};
/* clang-format on */

/*
 * Arg
 */

/*
 * MASKED_EQ whose datum_b has bits outside the mask datum_a: the library
 * drops them (as libseccomp), so the test is looser than it reads; with
 * the two swapped (mask 0), every value passes. A UserWarning; -1 if the
 * warnings filter turned it into an error.
 */
static int warn_masked(const struct scmp_arg_cmp *c)
{
	char msg[320];

	if (c->op != SCMP_CMP_MASKED_EQ || (c->datum_b & ~c->datum_a) == 0)
		return 0;
	snprintf(msg, sizeof(msg),
		 "Arg(%u, MASKED_EQ, 0x%llx, 0x%llx) tests (arg & 0x%llx) =="
		 " 0x%llx: datum_b's bits outside the mask datum_a are dropped,"
		 " so it is (arg & 0x%llx) == 0x%llx%s; are the two swapped?",
		 c->arg, (unsigned long long)c->datum_a,
		 (unsigned long long)c->datum_b, (unsigned long long)c->datum_a,
		 (unsigned long long)c->datum_b, (unsigned long long)c->datum_a,
		 (unsigned long long)(c->datum_b & c->datum_a),
		 c->datum_a == 0 ? ", which every value passes" : "");
	return PyErr_WarnEx(PyExc_UserWarning, msg, 1);
}

static PyObject *Arg_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
	static char *kwlist[] = { "arg", "op", "datum_a", "datum_b", NULL };
	PyObject *o_arg, *o_op, *o_a, *o_b = NULL;
	struct scmp_arg_cmp cmp = { 0 };
	ArgObject *self;
	long long v;

	if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOO|O:Arg", kwlist,
					 &o_arg, &o_op, &o_a, &o_b))
		return NULL;
	if (value_range(o_arg, "arg", 0, ARG_COUNT - 1,
			"Argument index must be between 0 and 5", &v) < 0)
		return NULL;
	cmp.arg = (unsigned int)v;
	/* an operator, with CMP_32BIT or not (and ext.CMP_SIGNED) */
	if (value_range(o_op, "op", _SCMP_CMP_MIN + 1, CMP_OPMASK | CMP_FLAGS,
			"Invalid comparison operator", &v) < 0)
		return NULL;
	if ((v & ~(long long)(CMP_OPMASK | CMP_FLAGS)) != 0 ||
	    (v & CMP_OPMASK) <= _SCMP_CMP_MIN ||
	    (v & CMP_OPMASK) >= _SCMP_CMP_MAX)
		return value_invalid("Invalid comparison operator");
	cmp.op = (enum scmp_compare)v;
	if (value_u64(o_a, "datum_a", &cmp.datum_a) < 0)
		return NULL;
	if (o_b != NULL && value_u64(o_b, "datum_b", &cmp.datum_b) < 0)
		return NULL;
	if (warn_masked(&cmp) < 0)
		return NULL;
	self = (ArgObject *)type->tp_alloc(type, 0);
	if (self != NULL)
		self->cmp = cmp;
	return (PyObject *)self;
}

static PyObject *Arg_get(PyObject *self, void *which)
{
	const struct scmp_arg_cmp *c = &((ArgObject *)self)->cmp;

	switch ((intptr_t)which) {
	case 0:
		return PyLong_FromUnsignedLong(c->arg);
	case 1:
		return PyLong_FromLong(c->op);
	case 2:
		return PyLong_FromUnsignedLongLong(c->datum_a);
	default:
		return PyLong_FromUnsignedLongLong(c->datum_b);
	}
}

static PyObject *Arg_repr(PyObject *self)
{
	const struct scmp_arg_cmp *c = &((ArgObject *)self)->cmp;
	PyObject *a, *b, *repr;

	a = PyLong_FromUnsignedLongLong(c->datum_a);
	b = PyLong_FromUnsignedLongLong(c->datum_b);
	repr = a && b ? PyUnicode_FromFormat("%s(%u, %d, %R, %R)",
					     Py_TYPE(self)->tp_name, c->arg,
					     (int)c->op, a, b) :
			NULL;
	Py_XDECREF(a);
	Py_XDECREF(b);
	return repr;
}

static PyGetSetDef Arg_getset[] = {
	{ "arg", Arg_get, NULL, "the argument index, 0..5", (void *)0 },
	{ "op", Arg_get, NULL,
	  "the comparison operator (NE .. MASKED_EQ), with CMP_32BIT or not",
	  (void *)1 },
	{ "datum_a", Arg_get, NULL,
	  "the value compared with (the mask, for MASKED_EQ)", (void *)2 },
	{ "datum_b", Arg_get, NULL, "the value compared with, for MASKED_EQ",
	  (void *)3 },
	{ NULL }
};

PyDoc_STRVAR(
	Arg_doc,
	"Arg(arg, op, datum_a, datum_b=0)\n--\n\n"
	"A comparison of syscall argument number arg (0..5) for a rule:\n"
	"op is NE, LT, LE, EQ, GE, GT (compare with datum_a) or MASKED_EQ\n"
	"((argument & datum_a) == datum_b). Data are 64-bit; a negative datum\n"
	"means its two's complement, as in C: use datum & 0xffffffff to compare a\n"
	"negative 32-bit int argument. For MASKED_EQ the mask comes first:\n"
	"bits of datum_b outside datum_a are dropped (a UserWarning says so).\n"
	"op | CMP_32BIT (provisional: libseccomp's open pull request) compares\n"
	"only the low 32 bits of the argument and of the data, as unsigned\n"
	"numbers, whatever the upper half of a 64-bit argument holds.\n"
	"op | ext.CMP_SIGNED (this library's) compares LT, LE, GE and GT as\n"
	"signed: the low 32 bits with CMP_32BIT, all 64 without.\n\n"
	">>> Arg(1, MASKED_EQ, 0o3, 0o1)   # flags & O_ACCMODE == O_WRONLY\n"
	"seccomp.Arg(1, 7, 3, 1)\n"
	">>> Arg(0, NE | CMP_32BIT, 0x10)\n"
	"seccomp.Arg(0, 65537, 16, 0)");

/* clang-format off */
PyTypeObject ArgType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "seccomp.Arg",
	.tp_basicsize = sizeof(ArgObject),
	.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
	.tp_doc = Arg_doc,
	.tp_new = Arg_new,
	.tp_repr = Arg_repr,
	.tp_getset = Arg_getset,
};
/* clang-format on */

/*
 * Notification
 */

static PyObject *Notification_new(PyTypeObject *type, PyObject *args,
				  PyObject *kwds)
{
	static char *kwlist[] = {
		"id",		"pid",	      "flags",	      "syscall",
		"syscall_arch", "syscall_ip", "syscall_args", NULL,
	};
	PyObject *o_id, *o_pid, *o_flags, *o_sys, *o_arch, *o_ip, *o_args;
	PyObject *seq = NULL;
	NotificationObject *self;
	uint64_t id, ip, vals[ARG_COUNT] = { 0 };
	uint32_t pid, flags, arch;
	long long nr;
	Py_ssize_t i, n;

	if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOOOOOO:Notification",
					 kwlist, &o_id, &o_pid, &o_flags,
					 &o_sys, &o_arch, &o_ip, &o_args))
		return NULL;
	if (value_u64(o_id, "id", &id) < 0 ||
	    value_u32(o_pid, "pid", &pid) < 0 ||
	    value_u32(o_flags, "flags", &flags) < 0 ||
	    value_range(o_sys, "syscall", INT32_MIN, INT32_MAX, NULL, &nr) <
		    0 ||
	    value_u32(o_arch, "syscall_arch", &arch) < 0 ||
	    value_u64(o_ip, "syscall_ip", &ip) < 0)
		return NULL;
	seq = PySequence_Fast(o_args, "syscall_args must be a sequence");
	if (seq == NULL)
		return NULL;
	n = PySequence_Fast_GET_SIZE(seq);
	if (n > ARG_COUNT) {
		Py_DECREF(seq);
		return value_invalid("syscall_args has more than 6 values");
	}
	for (i = 0; i < n; i++) {
		if (value_u64(PySequence_Fast_GET_ITEM(seq, i), "syscall_args",
			      &vals[i]) < 0) {
			Py_DECREF(seq);
			return NULL;
		}
	}
	Py_DECREF(seq);
	self = (NotificationObject *)type->tp_alloc(type, 0);
	if (self == NULL)
		return NULL;
	self->id = id;
	self->pid = pid;
	self->flags = flags;
	self->syscall = (int32_t)nr;
	self->arch = arch;
	self->ip = ip;
	memcpy(self->args, vals, sizeof(vals));
	return (PyObject *)self;
}

static PyObject *Notification_get(PyObject *obj, void *which)
{
	NotificationObject *self = (NotificationObject *)obj;
	PyObject *list, *v;
	int i;

	switch ((intptr_t)which) {
	case 0:
		return PyLong_FromUnsignedLongLong(self->id);
	case 1:
		return PyLong_FromUnsignedLong(self->pid);
	case 2:
		return PyLong_FromUnsignedLong(self->flags);
	case 3:
		return PyLong_FromLong(self->syscall);
	case 4:
		return value_int32(self->arch);
	case 5:
		return PyLong_FromUnsignedLongLong(self->ip);
	default:
		list = PyList_New(ARG_COUNT);
		if (list == NULL)
			return NULL;
		for (i = 0; i < ARG_COUNT; i++) {
			v = PyLong_FromUnsignedLongLong(self->args[i]);
			if (v == NULL) {
				Py_DECREF(list);
				return NULL;
			}
			PyList_SET_ITEM(list, i, v);
		}
		return list;
	}
}

static PyGetSetDef Notification_getset[] = {
	{ "id", Notification_get, NULL, "the notification's cookie",
	  (void *)0 },
	{ "pid", Notification_get, NULL, "the calling thread's id", (void *)1 },
	{ "flags", Notification_get, NULL, "notification flags", (void *)2 },
	{ "syscall", Notification_get, NULL, "the syscall number", (void *)3 },
	{ "syscall_arch", Notification_get, NULL,
	  "the caller's architecture token", (void *)4 },
	{ "syscall_ip", Notification_get, NULL,
	  "the caller's instruction pointer", (void *)5 },
	{ "syscall_args", Notification_get, NULL,
	  "the syscall's six arguments (a new list)", (void *)6 },
	{ NULL }
};

PyDoc_STRVAR(Notification_doc,
	     "Notification(id, pid, flags, syscall, syscall_arch, syscall_ip, "
	     "syscall_args)\n--\n\n"
	     "A syscall a NOTIFY rule handed to this process, from\n"
	     "SyscallFilter.receive_notify(). Read-only.");

/* clang-format off */
PyTypeObject NotificationType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "seccomp.Notification",
	.tp_basicsize = sizeof(NotificationObject),
	.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
	.tp_doc = Notification_doc,
	.tp_new = Notification_new,
	.tp_getset = Notification_getset,
};
/* clang-format on */

/*
 * NotificationResponse
 */

/* Stores @value into field @which (0 id, 1 val, 2 error, 3 flags). */
static int Response_store(ResponseObject *self, intptr_t which, PyObject *value)
{
	long long v;
	uint64_t u;
	uint32_t f;

	if (value == NULL) {
		PyErr_SetString(PyExc_TypeError, "cannot delete attribute");
		return -1;
	}
	switch (which) {
	case 0:
		if (value_u64(value, "id", &u) < 0)
			return -1;
		self->id = u;
		break;
	case 1:
		if (value_range(value, "val", INT64_MIN, INT64_MAX, NULL, &v) <
		    0)
			return -1;
		self->val = v;
		break;
	case 2:
		if (value_range(value, "error", INT32_MIN, INT32_MAX, NULL,
				&v) < 0)
			return -1;
		self->error = (int32_t)v;
		break;
	default:
		if (value_u32(value, "flags", &f) < 0)
			return -1;
		self->flags = f;
		break;
	}
	return 0;
}

static PyObject *Response_new(PyTypeObject *type, PyObject *args,
			      PyObject *kwds)
{
	static char *kwlist[] = { "notify", "val", "error", "flags", NULL };
	PyObject *notify, *o_val = NULL, *o_err = NULL, *o_flags = NULL;
	ResponseObject *self;

	if (!PyArg_ParseTupleAndKeywords(
		    args, kwds, "O!|OOO:NotificationResponse", kwlist,
		    &NotificationType, &notify, &o_val, &o_err, &o_flags))
		return NULL;
	self = (ResponseObject *)type->tp_alloc(type, 0);
	if (self == NULL)
		return NULL;
	self->id = ((NotificationObject *)notify)->id;
	if ((o_val && Response_store(self, 1, o_val) < 0) ||
	    (o_err && Response_store(self, 2, o_err) < 0) ||
	    (o_flags && Response_store(self, 3, o_flags) < 0)) {
		Py_DECREF(self);
		return NULL;
	}
	return (PyObject *)self;
}

static PyObject *Response_get(PyObject *obj, void *which)
{
	ResponseObject *self = (ResponseObject *)obj;

	switch ((intptr_t)which) {
	case 0:
		return PyLong_FromUnsignedLongLong(self->id);
	case 1:
		return PyLong_FromLongLong(self->val);
	case 2:
		return PyLong_FromLong(self->error);
	default:
		return PyLong_FromUnsignedLong(self->flags);
	}
}

static int Response_set(PyObject *obj, PyObject *value, void *which)
{
	return Response_store((ResponseObject *)obj, (intptr_t)which, value);
}

static PyGetSetDef Response_getset[] = {
	{ "id", Response_get, Response_set, "the notification's cookie",
	  (void *)0 },
	{ "val", Response_get, Response_set, "the syscall's return value",
	  (void *)1 },
	{ "error", Response_get, Response_set,
	  "0, or a negative errno the syscall fails with", (void *)2 },
	{ "flags", Response_get, Response_set,
	  "response flags (1: let the syscall continue)", (void *)3 },
	{ NULL }
};

PyDoc_STRVAR(
	Response_doc,
	"NotificationResponse(notify, val=0, error=0, flags=0)\n--\n\n"
	"The answer to a Notification for SyscallFilter.respond_notify(): the\n"
	"syscall returns val, or fails with errno -error when error is nonzero.");

/* clang-format off */
PyTypeObject NotificationResponseType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "seccomp.NotificationResponse",
	.tp_basicsize = sizeof(ResponseObject),
	.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
	.tp_doc = Response_doc,
	.tp_new = Response_new,
	.tp_getset = Response_getset,
};
/* clang-format on */

#if HAVE_SCMP_ADDFD
/*
 * NotificationAddfd
 */

/* Stores @value into field @which: 0 id, 1 flags, 2 srcfd, 3 newfd, ... */
static int Addfd_store(AddfdObject *self, intptr_t which, PyObject *value)
{
	static const char *const names[] = { "id", "flags", "srcfd", "newfd",
					     "newfd_flags" };
	uint32_t *fields[] = { NULL, &self->flags, &self->srcfd, &self->newfd,
			       &self->newfd_flags };
	uint64_t u;

	if (value == NULL) {
		PyErr_SetString(PyExc_TypeError, "cannot delete attribute");
		return -1;
	}
	if (which == 0) {
		if (value_u64(value, names[0], &u) < 0)
			return -1;
		self->id = u;
		return 0;
	}
	return value_u32(value, names[which], fields[which]);
}

static PyObject *Addfd_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
	static char *kwlist[] = { "notify", "flags",	   "srcfd",
				  "newfd",  "newfd_flags", NULL };
	PyObject *notify, *o[4] = { NULL, NULL, NULL, NULL };
	AddfdObject *self;
	intptr_t i;

	if (!PyArg_ParseTupleAndKeywords(
		    args, kwds, "O!OO|OO:NotificationAddfd", kwlist,
		    &NotificationType, &notify, &o[0], &o[1], &o[2], &o[3]))
		return NULL;
	self = (AddfdObject *)type->tp_alloc(type, 0);
	if (self == NULL)
		return NULL;
	self->id = ((NotificationObject *)notify)->id;
	for (i = 0; i < 4; i++) {
		if (o[i] != NULL && Addfd_store(self, i + 1, o[i]) < 0) {
			Py_DECREF(self);
			return NULL;
		}
	}
	return (PyObject *)self;
}

static PyObject *Addfd_get(PyObject *obj, void *which)
{
	AddfdObject *self = (AddfdObject *)obj;

	switch ((intptr_t)which) {
	case 0:
		return PyLong_FromUnsignedLongLong(self->id);
	case 1:
		return PyLong_FromUnsignedLong(self->flags);
	case 2:
		return PyLong_FromUnsignedLong(self->srcfd);
	case 3:
		return PyLong_FromUnsignedLong(self->newfd);
	default:
		return PyLong_FromUnsignedLong(self->newfd_flags);
	}
}

static int Addfd_set(PyObject *obj, PyObject *value, void *which)
{
	return Addfd_store((AddfdObject *)obj, (intptr_t)which, value);
}

static PyGetSetDef Addfd_getset[] = {
	{ "id", Addfd_get, Addfd_set, "the notification's cookie", (void *)0 },
	{ "flags", Addfd_get, Addfd_set,
	  "ADDFD_FLAG_SETFD (place it at newfd), ADDFD_FLAG_SEND (and answer "
	  "with it)",
	  (void *)1 },
	{ "srcfd", Addfd_get, Addfd_set,
	  "the descriptor of this process to give", (void *)2 },
	{ "newfd", Addfd_get, Addfd_set,
	  "its number in the notifying process, with ADDFD_FLAG_SETFD",
	  (void *)3 },
	{ "newfd_flags", Addfd_get, Addfd_set, "0 or os.O_CLOEXEC", (void *)4 },
	{ NULL }
};

PyDoc_STRVAR(
	Addfd_doc,
	"NotificationAddfd(notify, flags, srcfd, newfd=0, newfd_flags=0)\n--\n\n"
	"A descriptor of this process to install in the process that made the\n"
	"Notification notify, for SyscallFilter.notify_addfd(): at the lowest\n"
	"free number, or at newfd with flags ADDFD_FLAG_SETFD; ADDFD_FLAG_SEND\n"
	"also answers the call with the new number.");

/* clang-format off */
PyTypeObject NotificationAddfdType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "seccomp.NotificationAddfd",
	.tp_basicsize = sizeof(AddfdObject),
	.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
	.tp_doc = Addfd_doc,
	.tp_new = Addfd_new,
	.tp_getset = Addfd_getset,
};
/* clang-format on */
#endif

/* The class attributes of Arch and Attr. */
int types_add_constants(void)
{
	PyObject *dict = ArchType.tp_dict;
	size_t i;

	if (value_dict_set(dict, "NATIVE", value_int32(SCMP_ARCH_NATIVE)) < 0)
		return -1;
	for (i = 0; i < ARCH_NAMES; i++) {
		char attr[16]; /* the class attribute: the name in capitals */
		size_t j;

		arch_tokens[i] = seccomp_arch_resolve_name(arch_names[i]);
		if (arch_tokens[i] == 0)
			continue;
		for (j = 0; arch_names[i][j] != '\0' && j < sizeof(attr) - 1;
		     j++)
			attr[j] =
				(char)toupper((unsigned char)arch_names[i][j]);
		attr[j] = '\0';
		if (value_dict_set(dict, attr, value_int32(arch_tokens[i])) < 0)
			return -1;
	}
	PyType_Modified(&ArchType);
	dict = AttrType.tp_dict;
	for (i = 0; i < sizeof(attr_table) / sizeof(attr_table[0]); i++)
		if (value_dict_set(dict, attr_table[i].name,
				   PyLong_FromLong(attr_table[i].value)) < 0)
			return -1;
	PyType_Modified(&AttrType);
	return 0;
}
