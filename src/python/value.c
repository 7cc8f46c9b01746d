/* SPDX-License-Identifier: LGPL-2.1-only */
/* Exceptions with an errno, and Python arguments read into C values. */

#include <errno.h>
#include <string.h>

#include "module.h"

PyObject *InvalidArgument;

/*
 * errors
 */

/**
 * value_raise_errno - raise @type(@msg) with .errno = @err
 * @type: exception class
 * @err: positive errno value
 * @msg: message
 *
 * Returns NULL, for "return value_raise_errno(...)".
 */
PyObject *value_raise_errno(PyObject *type, int err, const char *msg)
{
	PyObject *exc, *num;

	exc = PyObject_CallFunction(type, "s", msg);
	if (exc == NULL)
		return NULL;
	num = PyLong_FromLong(err);
	if (num == NULL || PyObject_SetAttrString(exc, "errno", num) < 0) {
		Py_XDECREF(num);
		Py_DECREF(exc);
		return NULL;
	}
	Py_DECREF(num);
	PyErr_SetObject((PyObject *)Py_TYPE(exc), exc);
	Py_DECREF(exc);
	return NULL;
}

/* An invalid argument detected here: InvalidArgument, errno EINVAL. */
PyObject *value_invalid(const char *msg)
{
	return value_raise_errno(InvalidArgument, EINVAL, msg);
}

/**
 * value_raise_rc - raise the exception for a failed library call
 * @rc: the call's negative return code (-errno)
 *
 * The message is libseccomp's module's: "Library error (errno = -N)".
 * Returns NULL.
 */
PyObject *value_raise_rc(int rc)
{
	char msg[64];

	snprintf(msg, sizeof(msg), "Library error (errno = %d)", rc);
	return value_raise_errno(
		rc == -EINVAL ? InvalidArgument : PyExc_RuntimeError, -rc, msg);
}

/* None for rc == 0, the exception for rc < 0. */
PyObject *value_result(int rc)
{
	if (rc < 0)
		return value_raise_rc(rc);
	Py_RETURN_NONE;
}

/*
 * value conversions
 */

/**
 * read_int - read a Python int (or an object with __index__)
 * @obj: the object
 * @what: the parameter's name, for messages
 * @neg: set when the value is negative
 * @val: the value, as a uint64_t (negative values: their two's complement)
 *
 * Values outside -2^63..2^64-1 raise InvalidArgument. Returns 0 or -1 with
 * an exception set.
 */
static int read_int(PyObject *obj, const char *what, int *neg, uint64_t *val)
{
	PyObject *idx;
	long long s;
	int overflow;
	char msg[128];

	*neg = 0;
	*val = 0;
	idx = PyNumber_Index(obj);
	if (idx == NULL) {
		if (PyErr_ExceptionMatches(PyExc_TypeError)) {
			PyErr_Clear();
			PyErr_Format(PyExc_TypeError,
				     "%s must be an integer, not %.100s", what,
				     Py_TYPE(obj)->tp_name);
		}
		return -1;
	}
	s = PyLong_AsLongLongAndOverflow(idx, &overflow);
	if (overflow == 0 && !(s == -1 && PyErr_Occurred())) {
		*neg = s < 0;
		*val = (uint64_t)s;
	} else if (overflow > 0) {
		*neg = 0;
		*val = PyLong_AsUnsignedLongLong(idx);
		if (*val == (uint64_t)-1 && PyErr_Occurred())
			overflow = -1;
	}
	Py_DECREF(idx);
	if (overflow < 0 || (overflow == 0 && PyErr_Occurred())) {
		PyErr_Clear();
		snprintf(msg, sizeof(msg), "%s is out of range", what);
		value_invalid(msg);
		return -1;
	}
	return 0;
}

/*
 * An integer in lo..hi into *out; otherwise InvalidArgument with @msg
 * (default "@what is out of range"). Returns 0 or -1.
 */
int value_range(PyObject *obj, const char *what, long long lo, long long hi,
		const char *msg, long long *out)
{
	char buf[128];
	uint64_t v;
	int neg;

	if (read_int(obj, what, &neg, &v) < 0)
		return -1;
	if ((!neg && v > (uint64_t)LLONG_MAX) || (long long)v < lo ||
	    (long long)v > hi) {
		if (msg == NULL) {
			snprintf(buf, sizeof(buf), "%s is out of range", what);
			msg = buf;
		}
		value_invalid(msg);
		return -1;
	}
	*out = (long long)v;
	return 0;
}

/* A 32-bit value: 0..2^32-1, or -2^31..-1 read as its two's complement. */
int value_u32(PyObject *obj, const char *what, uint32_t *out)
{
	long long v;

	if (value_range(obj, what, INT32_MIN, UINT32_MAX, NULL, &v) < 0)
		return -1;
	*out = (uint32_t)v;
	return 0;
}

/*
 * A 32-bit action, arch token or attribute value for Python: a C int, as in
 * libseccomp's module (its constants are C ints), so that values with the
 * top bit set are negative and a value read back from a filter equals the
 * constant it was set from.
 */
PyObject *value_int32(uint32_t value)
{
	return PyLong_FromLong((long)(int32_t)value);
}

/* A 64-bit value: -2^63..2^64-1, negative values as two's complement. */
int value_u64(PyObject *obj, const char *what, uint64_t *out)
{
	int neg;

	return read_int(obj, what, &neg, out);
}

/**
 * value_name - borrow a C string from a str or bytes object
 * @obj: the object
 * @what: the parameter's name, for messages
 * @tmp: receives a new reference to keep while the string is used
 *
 * Returns the string, or NULL with TypeError (not a str or bytes) or
 * InvalidArgument (embedded NUL, unencodable) set.
 */
const char *value_name(PyObject *obj, const char *what, PyObject **tmp)
{
	const char *s;
	char msg[128];

	*tmp = NULL;
	if (PyUnicode_Check(obj)) {
		*tmp = PyUnicode_AsUTF8String(obj);
		if (*tmp == NULL) {
			PyErr_Clear();
			snprintf(msg, sizeof(msg), "%s is not valid text",
				 what);
			value_invalid(msg);
			return NULL;
		}
	} else if (PyBytes_Check(obj)) {
		Py_INCREF(obj);
		*tmp = obj;
	} else {
		PyErr_Format(PyExc_TypeError, "%s must be a str, not %.100s",
			     what, Py_TYPE(obj)->tp_name);
		return NULL;
	}
	s = PyBytes_AS_STRING(*tmp);
	if (strlen(s) != (size_t)PyBytes_GET_SIZE(*tmp)) {
		Py_CLEAR(*tmp);
		snprintf(msg, sizeof(msg), "%s contains a NUL character", what);
		value_invalid(msg);
		return NULL;
	}
	return s;
}

/**
 * value_syscall - read a syscall argument
 * @obj: a name (resolved on the native ABI, as libseccomp's module does)
 *       or a number
 * @nr: receives the number
 *
 * Unknown names raise InvalidArgument. Returns 0 or -1.
 */
int value_syscall(PyObject *obj, int *nr)
{
	PyObject *tmp;
	const char *name;
	long long v;
	char msg[96];

	if (PyUnicode_Check(obj) || PyBytes_Check(obj)) {
		name = value_name(obj, "syscall", &tmp);
		if (name == NULL)
			return -1;
		*nr = seccomp_syscall_resolve_name(name);
		if (*nr == __NR_SCMP_ERROR) {
			snprintf(msg, sizeof(msg), "Unknown syscall '%.64s'",
				 name);
			Py_DECREF(tmp);
			value_invalid(msg);
			return -1;
		}
		Py_DECREF(tmp);
		return 0;
	}
	if (PyLong_Check(obj) || PyIndex_Check(obj)) {
		if (value_range(obj, "syscall", INT32_MIN, INT32_MAX, NULL,
				&v) < 0)
			return -1;
		*nr = (int)v;
		return 0;
	}
	PyErr_SetString(PyExc_TypeError,
			"Syscall must either be an int or str type");
	return -1;
}

/* An attribute number: one of the Attr constants. */
int value_attr(PyObject *obj, enum scmp_filter_attr *attr)
{
	long long v;

#if HAVE_SCMP_EXT
	/* seccomp.ext's attributes: the library answers for each value */
	if (PyLong_Check(obj) &&
	    (v = PyLong_AsLongLong(obj)) >= SCMP_FLTATR_EXT_BASE &&
	    v < SCMP_FLTATR_EXT_BASE + 0x10000) {
		*attr = (enum scmp_filter_attr)v;
		return 0;
	}
	PyErr_Clear();
#endif
	if (value_range(obj, "attr", _SCMP_FLTATR_MIN + 1, _SCMP_FLTATR_MAX - 1,
			"Invalid attribute", &v) < 0)
		return -1;
	*attr = (enum scmp_filter_attr)v;
	return 0;
}

/* Sets @dict[@name] = @value, stealing @value (NULL: fails). Returns 0 or -1.
 */
int value_dict_set(PyObject *dict, const char *name, PyObject *value)
{
	int rc;

	if (value == NULL)
		return -1;
	rc = PyDict_SetItemString(dict, name, value);
	Py_DECREF(value);
	return rc;
}
