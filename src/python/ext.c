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

static PyMethodDef ext_functions[] = {
	METHOD_DEF(ext_, features, METH_NOARGS),
	METHOD_DEF(ext_, notify_set_flags, METH_VARARGS),
	{ NULL },
};

PyDoc_STRVAR(ext_doc,
	     "This library's extensions beyond libseccomp (seccomp-ext.h).\n\n"
	     "features() says which the library has, one F_* bit each:\n"
	     "F_CMP_AND, several comparisons of one argument in a rule, all\n"
	     "of which must hold; F_NOTIFY_SET_FLAGS, notify_set_flags().");

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
		{ "USER_NOTIF_FD_SYNC_WAKE_UP",
		  SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP },
		{ "F_ACT_MUX", SCMP_EXT_F_ACT_MUX },
		{ "ATTR_ACT_MUX", SCMP_FLTATR_EXT_ACT_MUX },
	};
	size_t i;

	for (i = 0; i < sizeof(consts) / sizeof(consts[0]); i++)
		if (value_dict_set(
			    dict, consts[i].name,
			    PyLong_FromUnsignedLongLong(consts[i].value)) < 0)
			return -1;
	/* 32-bit values with the top bit set are negative, as actions are */
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
