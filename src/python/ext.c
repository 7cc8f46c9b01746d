/* SPDX-License-Identifier: LGPL-2.1-only */
/* The submodule seccomp.ext: this library's extensions (seccomp-ext.h). */

/*
 * A module object made with the package, set as its attribute "ext" and
 * entered in sys.modules as "seccomp.ext", so that "import seccomp.ext"
 * and "from seccomp.ext import features" work though seccomp is a single
 * extension module. Built only where seccomp-ext.h is (this tree): against
 * libseccomp, the module has no ext.
 */

#include "module.h"

#if HAVE_SCMP_EXT

PyDoc_STRVAR(ext_features_doc,
	     "features($module, /)\n--\n\n"
	     "The F_* bits of the extensions the library has.\n\n"
	     ">>> features() & F_CMP_AND\n"
	     "1");

static PyObject *ext_features(PyObject *mod, PyObject *unused)
{
	return PyLong_FromUnsignedLongLong(seccomp_ext_features());
}

PyDoc_STRVAR(
	ext_notify_set_flags_doc,
	"notify_set_flags($module, fd, flags, /)\n--\n\n"
	"Set the flags of the notification fd (SyscallFilter.get_notify_fd()):\n"
	"0 or USER_NOTIF_FD_SYNC_WAKE_UP (Linux 6.6). Unknown flags raise\n"
	"InvalidArgument; a bad fd (errno EBADF), a kernel without the request\n"
	"(EOPNOTSUPP) or another refusal (ECANCELED) raise RuntimeError.");

static PyObject *ext_notify_set_flags(PyObject *mod, PyObject *args)
{
	PyObject *o_fd, *o_flags;
	long long fd;
	uint64_t flags;

	if (!PyArg_ParseTuple(args, "OO:notify_set_flags", &o_fd, &o_flags) ||
	    value_range(o_fd, "fd", INT32_MIN, INT32_MAX, NULL, &fd) < 0 ||
	    value_u64(o_flags, "flags", &flags) < 0)
		return NULL;
	return value_result(seccomp_ext_notify_set_flags((int)fd, flags));
}

PyDoc_STRVAR(
	ext_notify_addfd_send_doc,
	"notify_addfd_send($module, fd, id, srcfd, newfd=-1, newfd_flags=0, /)"
	"\n--\n\n"
	"Install the descriptor srcfd in the process of notification id on\n"
	"the notification fd, and answer its call with the new descriptor's\n"
	"number (Linux 5.14), which is returned: at newfd, or the lowest free\n"
	"number for -1; newfd_flags 0 or os.O_CLOEXEC. A newfd below -1 or\n"
	"another flag raises InvalidArgument; the kernel's refusals raise\n"
	"RuntimeError with errno EBADF, EOPNOTSUPP, ENOENT (not pending),\n"
	"EINPROGRESS, EMFILE or ECANCELED, and leave the call unanswered.");

static PyObject *ext_notify_addfd_send(PyObject *mod, PyObject *args)
{
	PyObject *o_fd, *o_id, *o_src, *o_newfd = NULL, *o_flags = NULL;
	long long fd, src, newfd = -1;
	uint64_t id;
	uint32_t flags = 0;
	int rc;

	if (!PyArg_ParseTuple(args, "OOO|OO:notify_addfd_send", &o_fd, &o_id,
			      &o_src, &o_newfd, &o_flags) ||
	    value_range(o_fd, "fd", INT32_MIN, INT32_MAX, NULL, &fd) < 0 ||
	    value_u64(o_id, "id", &id) < 0 ||
	    value_range(o_src, "srcfd", INT32_MIN, INT32_MAX, NULL, &src) < 0 ||
	    (o_newfd != NULL && value_range(o_newfd, "newfd", INT32_MIN,
					    INT32_MAX, NULL, &newfd) < 0) ||
	    (o_flags != NULL && value_u32(o_flags, "newfd_flags", &flags) < 0))
		return NULL;
	rc = seccomp_ext_notify_addfd_send((int)fd, id, (int)src, (int)newfd,
					   flags);
	if (rc < 0)
		return value_raise_rc(rc);
	return PyLong_FromLong(rc);
}

PyDoc_STRVAR(
	ext_syscall_add_doc,
	"syscall_add($module, arch, name, num, /)\n--\n\n"
	"Teach the library, process-wide, that name is syscall num on arch (an\n"
	"Arch, token or name; x32's numbers with the x32 bit, MIPS ones from\n"
	"their base). The same again does nothing; another number for the name\n"
	"or another name for the number raises RuntimeError (errno EEXIST); a\n"
	"bad arch, name or number InvalidArgument.");

static PyObject *ext_syscall_add(PyObject *mod, PyObject *args)
{
	PyObject *o_arch, *o_name, *o_num, *tmp;
	const char *name;
	uint32_t token;
	long long num;
	int rc;

	if (!PyArg_ParseTuple(args, "OOO:syscall_add", &o_arch, &o_name,
			      &o_num) ||
	    types_arch_token(o_arch, &token, 0) < 0 ||
	    value_range(o_num, "num", INT32_MIN, INT32_MAX, NULL, &num) < 0)
		return NULL;
	name = value_name(o_name, "name", &tmp);
	if (name == NULL)
		return NULL;
	rc = seccomp_ext_syscall_add(token, name, (int)num);
	Py_DECREF(tmp);
	return value_result(rc);
}

PyDoc_STRVAR(
	ext_syscall_table_load_doc,
	"syscall_table_load($module, path, /)\n--\n\n"
	"syscall_add() for every number of a table in the format of\n"
	"libseccomp's src/syscalls.csv, all or nothing. Returns 0, or the\n"
	"number of the first bad line (nothing added); a file that cannot be\n"
	"read raises RuntimeError with its errno (a path that is empty,\n"
	"InvalidArgument).");

static PyObject *ext_syscall_table_load(PyObject *mod, PyObject *args)
{
	PyObject *o_path;
	int rc;

	if (!PyArg_ParseTuple(args, "O&:syscall_table_load",
			      PyUnicode_FSConverter, &o_path))
		return NULL;
	/* a file may be slow to read: other threads run meanwhile */
	Py_BEGIN_ALLOW_THREADS;
	rc = seccomp_ext_syscall_table_load(PyBytes_AS_STRING(o_path));
	Py_END_ALLOW_THREADS;
	Py_DECREF(o_path);
	if (rc < 0)
		return value_raise_rc(rc);
	return PyLong_FromLong(rc);
}

PyDoc_STRVAR(
	ext_resolve_syscall_direct_doc,
	"resolve_syscall_direct($module, arch, name, /)\n--\n\n"
	"The number of syscall name on arch, its direct syscall first where\n"
	"arch also multiplexes it: a negative pseudo number where arch lacks\n"
	"it, -1 for an unknown name.\n\n"
	">>> resolve_syscall_direct(\"s390x\", \"socket\")\n"
	"359");

static PyObject *ext_resolve_syscall_direct(PyObject *mod, PyObject *args)
{
	PyObject *o_arch, *o_name, *tmp, *res;
	const char *name;
	uint32_t token;

	if (!PyArg_ParseTuple(args, "OO:resolve_syscall_direct", &o_arch,
			      &o_name) ||
	    types_arch_token(o_arch, &token, 0) < 0)
		return NULL;
	name = value_name(o_name, "name", &tmp);
	if (name == NULL)
		return NULL;
	res = PyLong_FromLong(
		seccomp_ext_syscall_resolve_name_direct(token, name));
	Py_DECREF(tmp);
	return res;
}

PyDoc_STRVAR(
	ext_rule_add_raw_doc,
	"rule_add_raw($module, filter, action, arch, num, *args)\n--\n\n"
	"Add a rule to one architecture of filter (a SyscallFilter that has\n"
	"it) on that ABI's syscall number num, as it is: no translation to\n"
	"the filter's other ABIs, no socketcall/ipc multiplexing. args: up to\n"
	"six Arg, as for add_rule().");

static PyObject *ext_rule_add_raw(PyObject *mod, PyObject *args)
{
	struct scmp_arg_cmp cmps[ARG_COUNT];
	scmp_filter_ctx ctx;
	uint32_t action, token;
	long long num;
	int cnt;

	if (PyTuple_GET_SIZE(args) < 4) {
		PyErr_SetString(PyExc_TypeError,
				"rule_add_raw() needs a filter, an action, an "
				"arch and a number");
		return NULL;
	}
	if (value_u32(PyTuple_GET_ITEM(args, 1), "action", &action) < 0 ||
	    types_arch_token(PyTuple_GET_ITEM(args, 2), &token, 0) < 0 ||
	    value_range(PyTuple_GET_ITEM(args, 3), "num", INT32_MIN, INT32_MAX,
			NULL, &num) < 0)
		return NULL;
	cnt = filter_rule_args(args, 4, cmps);
	if (cnt < 0)
		return NULL;
	/* last: converting the arguments may have run Python code */
	ctx = filter_get_ctx(PyTuple_GET_ITEM(args, 0));
	if (ctx == NULL)
		return NULL;
	return value_result(seccomp_ext_rule_add_raw(
		ctx, action, token, (int)num, (unsigned int)cnt, cmps));
}

static PyMethodDef ext_functions[] = {
	METHOD_DEF(ext_, features, METH_NOARGS),
	METHOD_DEF(ext_, notify_set_flags, METH_VARARGS),
	METHOD_DEF(ext_, notify_addfd_send, METH_VARARGS),
	METHOD_DEF(ext_, syscall_add, METH_VARARGS),
	METHOD_DEF(ext_, syscall_table_load, METH_VARARGS),
	METHOD_DEF(ext_, resolve_syscall_direct, METH_VARARGS),
	METHOD_DEF(ext_, rule_add_raw, METH_VARARGS),
	{ NULL },
};

PyDoc_STRVAR(ext_doc,
	     "This library's extensions beyond libseccomp (seccomp-ext.h).\n\n"
	     "features() says which the library has, one F_* bit each:\n"
	     "F_CMP_AND, several comparisons of one argument in a rule, all\n"
	     "of which must hold; F_NOTIFY_SET_FLAGS, notify_set_flags();\n"
	     "F_NOTIFY_ADDFD_SEND, notify_addfd_send();\n"
	     "F_ACT_BADARG32, the filter attribute ATTR_ACT_BADARG32 (an\n"
	     "action, or ACT_UNSET for off), which checks the high word of\n"
	     "arguments compared with CMP_32BIT; F_CMP_SIGNED, CMP_SIGNED, for\n"
	     "signed LT, LE, GE and GT (Arg(0, LT | CMP_SIGNED, 0): fd < 0);\n"
	     "F_SYSCALL_ADD, F_SYSCALL_TABLE_LOAD, F_RULE_ADD_RAW and\n"
	     "F_RESOLVE_NAME_DIRECT, syscall_add(), syscall_table_load(),\n"
	     "rule_add_raw() and resolve_syscall_direct().");

static struct PyModuleDef ext_module = {
	.m_base = PyModuleDef_HEAD_INIT,
	.m_name = "seccomp.ext",
	.m_doc = ext_doc,
	.m_size = -1,
	.m_methods = ext_functions,
};

/* Its constants: the header's version, the feature bits, the flags. */
static int add_ext_constants(PyObject *dict)
{
	static const struct {
		const char *name;
		uint64_t value;
	} consts[] = {
		{ "VERSION", SCMP_EXT_VERSION },
		{ "F_CMP_AND", SCMP_EXT_F_CMP_AND },
		{ "F_NOTIFY_SET_FLAGS", SCMP_EXT_F_NOTIFY_SET_FLAGS },
		{ "F_SYSCALL_ADD", SCMP_EXT_F_SYSCALL_ADD },
		{ "F_SYSCALL_TABLE_LOAD", SCMP_EXT_F_SYSCALL_TABLE_LOAD },
		{ "F_RULE_ADD_RAW", SCMP_EXT_F_RULE_ADD_RAW },
		{ "F_RESOLVE_NAME_DIRECT", SCMP_EXT_F_RESOLVE_NAME_DIRECT },
		{ "USER_NOTIF_FD_SYNC_WAKE_UP",
		  SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP },
		{ "F_NOTIFY_ADDFD_SEND", SCMP_EXT_F_NOTIFY_ADDFD_SEND },
		{ "F_ACT_BADARG32", SCMP_EXT_F_ACT_BADARG32 },
		{ "F_CMP_SIGNED", SCMP_EXT_F_CMP_SIGNED },
		{ "ATTR_ACT_BADARG32", SCMP_FLTATR_EXT_ACT_BADARG32 },
		{ "CMP_SIGNED", SCMP_CMP_EXT_SIGNED },
		{ "F_ACT_MUX", SCMP_EXT_F_ACT_MUX },
		{ "ATTR_ACT_MUX", SCMP_FLTATR_EXT_ACT_MUX },
	};
	size_t i;

	for (i = 0; i < sizeof(consts) / sizeof(consts[0]); i++)
		if (value_dict_set(
			    dict, consts[i].name,
			    PyLong_FromUnsignedLongLong(consts[i].value)) < 0)
			return -1;
	/* an attribute value, a C int as the module's actions are */
	return value_dict_set(dict, "ACT_UNSET",
			      value_int32(SCMP_EXT_ACT_UNSET));
}

/**
 * ext_add - make seccomp.ext and attach it to @parent
 * @parent: the seccomp module being initialised
 *
 * Returns 0, or -1 with an exception set.
 */
int ext_add(PyObject *parent)
{
	PyObject *mod = PyModule_Create(&ext_module);

	if (mod == NULL)
		return -1;
	if (add_ext_constants(PyModule_GetDict(mod)) == 0 &&
	    PyDict_SetItemString(PyImport_GetModuleDict(), ext_module.m_name,
				 mod) == 0 &&
	    PyModule_AddObject(parent, "ext", mod) == 0)
		return 0;
	Py_DECREF(mod);
	return -1;
}

#endif
