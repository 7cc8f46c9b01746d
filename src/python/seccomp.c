/* SPDX-License-Identifier: LGPL-2.1-only */
/* The Python module "seccomp": libseccomp's Python API over the C API. */

/*
 * One CPython extension, no generated code. It uses only the public C API
 * (seccomp.h), so it builds inside this tree (src/python/Makefile.am links
 * the library in) and on its own against an installed libseccomp >= 2.5
 * (setup.py); 2.6 calls are compiled only when the header is 2.6 or later.
 *
 * Files and objects:
 *   seccomp.c   the module: its functions, constants and initialisation.
 *   filter.c    SyscallFilter: owns one scmp_filter_ctx (NULL after merge()
 *               gave it away); remembers its default action for reset().
 *   types.c     Arg, an immutable struct scmp_arg_cmp; Arch and Attr,
 *               classes of int constants (Arch(x) also resolves a token or
 *               a name into an object usable wherever an arch is);
 *               Notification, NotificationResponse and NotificationAddfd,
 *               copies of struct seccomp_notif, seccomp_notif_resp and
 *               seccomp_notif_addfd.
 *   value.c     the exceptions, and Python arguments read into C values.
 *   ext.c       the submodule seccomp.ext: this library's extensions
 *               (seccomp-ext.h), where the header has them.
 * Every constant is taken from the header at build time.
 *
 * Signatures. Each docstring opens with CPython's signature line,
 * "name($self, a, /, b=0)\n--\n\n", which help() shows and
 * inspect.signature() reads (__text_signature__); seccomp-stubs/__init__.pyi
 * gives the same signatures with types, for type checkers and IDEs
 * (tests/test_stubs.py holds the two and the module together).
 *
 * Values. Actions, arch tokens and attribute values are C ints in Python,
 * as in libseccomp's module (Cython, whose constants are C ints): those
 * with the top bit set are negative (KILL_PROCESS, Arch.X86_64), and so is
 * every such value the module returns (get_attr(), system_arch(),
 * int(Arch), Notification.syscall_arch), so that it equals its constant.
 * As parameters they take -2^31..2^32-1: the uint32 form is accepted too.
 * Argument data take -2^63..2^64-1; negative values are two's complement,
 * exactly like a negative int given to SCMP_A0() in C. Anything else is
 * rejected before the library sees it.
 *
 * Errors. Wrong types raise TypeError. Invalid values, and -EINVAL from the
 * library, raise InvalidArgument, which is both a ValueError and (as in
 * libseccomp's module, which raised RuntimeError for most of them) a
 * RuntimeError. Any other library failure raises RuntimeError. Both carry
 * the positive errno in .errno.
 */

#include <errno.h>
#include <string.h>

#include "module.h"

#define STRINGIFY(x) #x
#define XSTRINGIFY(x) STRINGIFY(x)

/*
 * module functions
 */

/* ERRNO(), TRACE() and TRAPX(): the action with a 16-bit value. */
static PyObject *action_with(PyObject *value, const char *what, uint32_t base)
{
	long long v;

	if (value_range(value, what, 0, 0xffff, NULL, &v) < 0)
		return NULL;
	return value_int32(base | (uint32_t)v);
}

PyDoc_STRVAR(
	mod_ERRNO_doc,
	"ERRNO($module, errno, /)\n--\n\n"
	"The action failing a syscall with errno (0..65535; the library takes\n"
	"up to 4094).\n\n"
	">>> hex(ERRNO(1))\n"
	"'0x50001'");

static PyObject *mod_ERRNO(PyObject *mod, PyObject *value)
{
	return action_with(value, "errno", SCMP_ACT_ERRNO(0));
}

PyDoc_STRVAR(mod_TRACE_doc,
	     "TRACE($module, value, /)\n--\n\n"
	     "The action notifying a ptrace tracer with value (0..65535).");

static PyObject *mod_TRACE(PyObject *mod, PyObject *value)
{
	return action_with(value, "value", SCMP_ACT_TRACE(0));
}

PyDoc_STRVAR(mod_TRAPX_doc,
	     "TRAPX($module, value, /)\n--\n\n"
	     "The action sending SIGSYS with value (0..65535) as the signal's\n"
	     "si_errno; TRAPX(0) is TRAP.\n\n"
	     ">>> hex(TRAPX(0x1234)), TRAPX(0) == TRAP\n"
	     "('0x31234', True)");

static PyObject *mod_TRAPX(PyObject *mod, PyObject *value)
{
	/* TRAP is TRAPX(0): a header without TRAPX has the same value */
	return action_with(value, "value", SCMP_ACT_TRAP);
}

PyDoc_STRVAR(mod_system_arch_doc, "system_arch($module, /)\n--\n\n"
				  "The token of the native architecture.");

static PyObject *mod_system_arch(PyObject *mod, PyObject *unused)
{
	return value_int32(seccomp_arch_native());
}

PyDoc_STRVAR(
	mod_resolve_syscall_doc,
	"resolve_syscall($module, arch, syscall, /)\n--\n\n"
	"A name gives its number on arch (socketcall/ipc calls give the\n"
	"multiplexer's number), or -1 if arch has no such syscall. A number gives\n"
	"its name as bytes; unknown numbers raise ValueError.\n\n"
	">>> resolve_syscall(Arch.X86_64, \"read\"), resolve_syscall(\"x86\", "
	"\"socket\")\n"
	"(0, 102)\n"
	">>> resolve_syscall(\"aarch64\", 63)\n"
	"b'read'");

static PyObject *mod_resolve_syscall(PyObject *mod, PyObject *args)
{
	PyObject *o_arch, *o_sys, *tmp, *res;
	const char *name;
	uint32_t token;
	long long nr;
	char *str, msg[96];

	if (!PyArg_ParseTuple(args, "OO:resolve_syscall", &o_arch, &o_sys) ||
	    types_arch_token(o_arch, &token, 0) < 0)
		return NULL;
	if (PyUnicode_Check(o_sys) || PyBytes_Check(o_sys)) {
		name = value_name(o_sys, "syscall", &tmp);
		if (name == NULL)
			return NULL;
		res = PyLong_FromLong(
			seccomp_syscall_resolve_name_rewrite(token, name));
		Py_DECREF(tmp);
		return res;
	}
	if (!PyLong_Check(o_sys) && !PyIndex_Check(o_sys)) {
		PyErr_SetString(PyExc_TypeError,
				"Syscall must either be an int or str type");
		return NULL;
	}
	if (value_range(o_sys, "syscall", INT32_MIN, INT32_MAX, NULL, &nr) < 0)
		return NULL;
	str = seccomp_syscall_resolve_num_arch(token, (int)nr);
	if (str == NULL) {
		snprintf(msg, sizeof(msg), "Unknown syscall %lld on arch %u",
			 nr, token);
		return value_invalid(msg);
	}
	res = PyBytes_FromString(str);
	free(str);
	return res;
}

PyDoc_STRVAR(
	mod_get_api_doc,
	"get_api($module, /)\n--\n\n"
	"The API level: which kernel seccomp features the library will use.");

static PyObject *mod_get_api(PyObject *mod, PyObject *unused)
{
	return PyLong_FromUnsignedLong(seccomp_api_get());
}

PyDoc_STRVAR(
	mod_set_api_doc,
	"set_api($module, level, /)\n--\n\n"
	"Force the API level (for testing): features above it are not used.");

static PyObject *mod_set_api(PyObject *mod, PyObject *value)
{
	long long level;
	int rc;

	if (value_range(value, "level", 0, UINT32_MAX, "Invalid level",
			&level) < 0)
		return NULL;
	rc = seccomp_api_set((unsigned int)level);
	if (rc == -EINVAL)
		return value_invalid("Invalid level");
	return value_result(rc);
}

PyDoc_STRVAR(mod_version_doc,
	     "version($module, /)\n--\n\n"
	     "The library's version as a tuple (major, minor, micro).");

static PyObject *mod_version(PyObject *mod, PyObject *unused)
{
	const struct scmp_version *v = seccomp_version();

	if (v == NULL)
		return value_raise_rc(-EFAULT);
	return Py_BuildValue("(III)", v->major, v->minor, v->micro);
}

PyDoc_STRVAR(mod_c_str_doc,
	     "c_str($module, string, /)\n--\n\n"
	     "The ASCII bytes of a str, as the library's calls take names.\n"
	     "Kept from libseccomp's module for code that calls it.");

static PyObject *mod_c_str(PyObject *mod, PyObject *string)
{
	if (!PyUnicode_Check(string)) {
		PyErr_SetString(PyExc_TypeError,
				"encoding without a string argument");
		return NULL;
	}
	return PyUnicode_AsASCIIString(string);
}

#define FUNC(name, flags) METHOD_DEF(mod_, name, flags)
static PyMethodDef module_functions[] = {
	FUNC(ERRNO, METH_O),
	FUNC(TRACE, METH_O),
	FUNC(TRAPX, METH_O),
	FUNC(system_arch, METH_NOARGS),
	FUNC(resolve_syscall, METH_VARARGS),
	FUNC(get_api, METH_NOARGS),
	FUNC(set_api, METH_O),
	FUNC(version, METH_NOARGS),
	FUNC(c_str, METH_O),
	{ NULL },
};
#undef FUNC

/*
 * The example must exit cleanly: an interpreter under a filter still makes
 * syscalls on its way out (CPython 3.6 to 3.13 need these five, 3.6 to 3.9
 * sigaltstack for faulthandler).
 * tests/test_doctest.py runs it, and runs it as a script.
 */
PyDoc_STRVAR(
	module_doc,
	"Build seccomp filters and load them into the kernel.\n\n"
	"A filter gives a syscall the action of the rule that matches it, or\n"
	"its default action; once loaded it stays for the life of the process.\n"
	"This one kills the process on any syscall but a write to stdout (fd 1)\n"
	"and those the interpreter makes to exit:\n\n"
	">>> from seccomp import *\n"
	">>> f = SyscallFilter(defaction=KILL)\n"
	">>> f.add_rule(ALLOW, \"write\", Arg(0, EQ, 1))\n"
	">>> for name in (\"exit_group\", \"rt_sigaction\", \"brk\", "
	"\"munmap\",\n"
	"...              \"sigaltstack\"):\n"
	"...     f.add_rule(ALLOW, name)\n"
	">>> f.load()\n"
	">>> print(\"Hello, world\")\n"
	"Hello, world\n\n"
	"The API of libseccomp's Python module, over this library's C API.");

static struct PyModuleDef seccomp_module = {
	.m_base = PyModuleDef_HEAD_INIT,
	.m_name = "seccomp",
	.m_doc = module_doc,
	.m_size = -1,
	.m_methods = module_functions,
};

/*
 * module initialisation
 */

#if HAVE_SCMP_KVERS
/*
 * KV_UNDEF and KV_3_0 .. KV_7_2, the Linux versions of enum scmp_kver for
 * Attr.CTL_KVERMAX: each major version's minor ones count from its .0.
 */
static int add_kver_constants(PyObject *dict)
{
	static const unsigned int zero[] = {
		SCMP_KV_3_0, SCMP_KV_4_0, SCMP_KV_5_0,
		SCMP_KV_6_0, SCMP_KV_7_0, __SCMP_KV_MAX,
	};
	char name[32];
	unsigned int i, kver;

	if (value_dict_set(dict, "KV_UNDEF", PyLong_FromLong(SCMP_KV_UNDEF)) <
	    0)
		return -1;
	for (i = 0; i + 1 < sizeof(zero) / sizeof(zero[0]); i++) {
		for (kver = zero[i]; kver < zero[i + 1]; kver++) {
			snprintf(name, sizeof(name), "KV_%u_%u", 3 + i,
				 kver - zero[i]);
			if (value_dict_set(dict, name,
					   PyLong_FromLong((long)kver)) < 0)
				return -1;
		}
	}
	return 0;
}
#endif

/* The module's constants: actions, operators, versions. */
static int add_module_constants(PyObject *mod)
{
	static const struct {
		const char *name;
		uint32_t value;
	} consts[] = {
		{ "KILL_PROCESS", SCMP_ACT_KILL_PROCESS },
		{ "KILL", SCMP_ACT_KILL },
		{ "TRAP", SCMP_ACT_TRAP },
		{ "LOG", SCMP_ACT_LOG },
		{ "ALLOW", SCMP_ACT_ALLOW },
		{ "NOTIFY", SCMP_ACT_NOTIFY },
		{ "NE", SCMP_CMP_NE },
		{ "LT", SCMP_CMP_LT },
		{ "LE", SCMP_CMP_LE },
		{ "EQ", SCMP_CMP_EQ },
		{ "GE", SCMP_CMP_GE },
		{ "GT", SCMP_CMP_GT },
		{ "MASKED_EQ", SCMP_CMP_MASKED_EQ },
		/* provisional, by value: see module.h */
		{ "CMP_32BIT", CMP_32BIT },
	};
	PyObject *dict = PyModule_GetDict(mod);
	size_t i;

	for (i = 0; i < sizeof(consts) / sizeof(consts[0]); i++)
		if (value_dict_set(dict, consts[i].name,
				   value_int32(consts[i].value)) < 0)
			return -1;
#if HAVE_SCMP_KVERS
	if (add_kver_constants(dict) < 0)
		return -1;
#endif
#if HAVE_SCMP_ADDFD
	/* the flags of NotificationAddfd */
	if (value_dict_set(dict, "ADDFD_FLAG_SETFD",
			   PyLong_FromLong(SECCOMP_ADDFD_FLAG_SETFD)) < 0 ||
	    value_dict_set(dict, "ADDFD_FLAG_SEND",
			   PyLong_FromLong(SECCOMP_ADDFD_FLAG_SEND)) < 0)
		return -1;
#endif
	/* libseccomp's module has errno among its names: seccomp.errno.EPERM */
	if (value_dict_set(dict, "errno", PyImport_ImportModule("errno")) < 0)
		return -1;
	return value_dict_set(
		dict, "__version__",
		PyUnicode_FromString(XSTRINGIFY(SCMP_VER_MAJOR) "." XSTRINGIFY(
			SCMP_VER_MINOR) "." XSTRINGIFY(SCMP_VER_MICRO)));
}

PyMODINIT_FUNC PyInit_seccomp(void);

PyMODINIT_FUNC PyInit_seccomp(void)
{
	/* one per line, one of them conditional */
	/* clang-format off */
	static PyTypeObject *types[] = {
	    &ArchType,
	    &AttrType,
	    &ArgType,
	    &NotificationType,
	    &NotificationResponseType,
#if HAVE_SCMP_ADDFD
	    &NotificationAddfdType,
#endif
	    &SyscallFilterType,
	};
	/* clang-format on */
	PyObject *mod, *bases = NULL, *dict;
	size_t i;

	for (i = 0; i < sizeof(types) / sizeof(types[0]); i++)
		if (PyType_Ready(types[i]) < 0)
			return NULL;
	if (InvalidArgument == NULL) {
		bases = PyTuple_Pack(2, PyExc_ValueError, PyExc_RuntimeError);
		if (bases == NULL)
			return NULL;
		InvalidArgument = PyErr_NewExceptionWithDoc(
			"seccomp.InvalidArgument",
			"An invalid argument (errno EINVAL): a ValueError, and a "
			"RuntimeError\nas libseccomp's module raised for most "
			"of them.",
			bases, NULL);
		Py_DECREF(bases);
		if (InvalidArgument == NULL)
			return NULL;
		if (types_add_constants() < 0)
			return NULL;
	}
	mod = PyModule_Create(&seccomp_module);
	if (mod == NULL)
		return NULL;
	dict = PyModule_GetDict(mod);
	for (i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
		const char *name = strrchr(types[i]->tp_name, '.') + 1;

		if (PyDict_SetItemString(dict, name, (PyObject *)types[i]) < 0)
			goto fail;
	}
	if (PyDict_SetItemString(dict, "InvalidArgument", InvalidArgument) <
		    0 ||
	    add_module_constants(mod) < 0)
		goto fail;
#if HAVE_SCMP_EXT
	if (ext_add(mod) < 0)
		goto fail;
#endif
	return mod;

fail:
	Py_DECREF(mod);
	return NULL;
}
