/* SPDX-License-Identifier: LGPL-2.1-only */
/* SyscallFilter: one filter context and its methods. */

#include <errno.h>

#include "module.h"

/*
 * SyscallFilter
 */

/*
 * The object's context, or NULL with an exception set. Methods take it
 * after converting their arguments: an __index__() could re-initialise or
 * merge away the filter (a freed context) before.
 */
static scmp_filter_ctx filter_ctx(FilterObject *self)
{
	if (self->busy) {
		PyErr_SetString(PyExc_RuntimeError,
				"the filter is in use by another thread");
		return NULL;
	}
	if (self->ctx == NULL) {
		value_invalid("the filter is not initialised or was merged "
			      "into another filter");
		return NULL;
	}
	return self->ctx;
}

/*
 * ERRNO(n) above the library's limit, said with the limit ("Library
 * error (errno = -22)" does not say it): -1 with InvalidArgument set.
 * Errnos end below the kernel's MAX_ERRNO, 4095: a larger one would read
 * as a valid return value.
 */
static int errno_limit(uint32_t action)
{
	char msg[128];

	if ((action & 0xffff0000u) != SCMP_ACT_ERRNO(0) ||
	    (action & 0xffffu) <= 4094)
		return 0;
	snprintf(msg, sizeof(msg),
		 "ERRNO(%u): the errno must be 0 to 4094 (below the kernel's"
		 " MAX_ERRNO, 4095)",
		 (unsigned int)(action & 0xffffu));
	value_invalid(msg);
	return -1;
}

static PyObject *Filter_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
	FilterObject *self = (FilterObject *)type->tp_alloc(type, 0);

	if (self != NULL) {
		self->ctx = NULL;
		self->defaction = SCMP_ACT_KILL;
		self->busy = 0;
	}
	return (PyObject *)self;
}

static int Filter_init(PyObject *obj, PyObject *args, PyObject *kwds)
{
	static char *kwlist[] = { "defaction", NULL };
	FilterObject *self = (FilterObject *)obj;
	PyObject *o_act;
	scmp_filter_ctx ctx;
	uint32_t action;

	if (!PyArg_ParseTupleAndKeywords(args, kwds, "O:SyscallFilter", kwlist,
					 &o_act))
		return -1;
	if (self->busy) {
		PyErr_SetString(PyExc_RuntimeError,
				"the filter is in use by another thread");
		return -1;
	}
	if (value_u32(o_act, "defaction", &action) < 0 ||
	    errno_limit(action) < 0)
		return -1;
	ctx = seccomp_init(action);
	if (ctx == NULL) {
		/* the only reasons are an invalid action and no memory */
		value_invalid("Invalid default action");
		return -1;
	}
	seccomp_release(self->ctx);
	self->ctx = ctx;
	self->defaction = action;
	return 0;
}

static void Filter_dealloc(PyObject *obj)
{
	FilterObject *self = (FilterObject *)obj;

	seccomp_release(self->ctx);
	Py_TYPE(obj)->tp_free(obj);
}

PyDoc_STRVAR(
	Filter_reset_doc,
	"reset($self, /, defaction=None)\n--\n\n"
	"Remove every rule and architecture but the native one and restore the\n"
	"default attributes. The default action becomes defaction, or stays the\n"
	"filter's own when it is None (or -1).");

static PyObject *Filter_reset(PyObject *obj, PyObject *args, PyObject *kwds)
{
	static char *kwlist[] = { "defaction", NULL };
	FilterObject *self = (FilterObject *)obj;
	PyObject *o_act = Py_None;
	scmp_filter_ctx ctx;
	uint32_t action = self->defaction;
	int rc;

	if (!PyArg_ParseTupleAndKeywords(args, kwds, "|O:reset", kwlist,
					 &o_act))
		return NULL;
	if (self->busy) {
		filter_ctx(self);
		return NULL;
	}
	/* -1 was libseccomp's module's "no argument" */
	if (o_act != Py_None &&
	    !(PyLong_Check(o_act) && PyLong_AsLong(o_act) == -1 &&
	      !PyErr_Occurred())) {
		PyErr_Clear();
		if (value_u32(o_act, "defaction", &action) < 0 ||
		    errno_limit(action) < 0)
			return NULL;
	}
	if (self->ctx == NULL) {
		/* merged away: start over with a new context */
		ctx = seccomp_init(action);
		if (ctx == NULL)
			return value_invalid("Invalid action");
		self->ctx = ctx;
	} else {
		/* never pass NULL: seccomp_reset(NULL) resets global state */
		rc = seccomp_reset(self->ctx, action);
		if (rc == -EINVAL)
			return value_invalid("Invalid action");
		if (rc < 0)
			return value_raise_rc(rc);
	}
	self->defaction = action;
	Py_RETURN_NONE;
}

PyDoc_STRVAR(
	Filter_merge_doc,
	"merge($self, filter, /)\n--\n\n"
	"Move the architectures and rules of filter (another SyscallFilter with\n"
	"the same default action and attributes, and no architecture in common)\n"
	"into this one. filter is empty afterwards: reset() it to reuse it.");

static PyObject *Filter_merge(PyObject *obj, PyObject *other)
{
	FilterObject *self = (FilterObject *)obj;
	FilterObject *src;
	scmp_filter_ctx dst_ctx, src_ctx;
	int rc;

	if (!PyObject_TypeCheck(other, &SyscallFilterType)) {
		PyErr_Format(PyExc_TypeError,
			     "filter must be a SyscallFilter, not %.100s",
			     Py_TYPE(other)->tp_name);
		return NULL;
	}
	src = (FilterObject *)other;
	if (src == self)
		return value_invalid("a filter cannot be merged into itself");
	dst_ctx = filter_ctx(self);
	if (dst_ctx == NULL)
		return NULL;
	src_ctx = filter_ctx(src);
	if (src_ctx == NULL)
		return NULL;
	rc = seccomp_merge(dst_ctx, src_ctx);
	if (rc < 0)
		return value_raise_rc(rc);
	src->ctx = NULL;
	Py_RETURN_NONE;
}

PyDoc_STRVAR(
	Filter_exist_arch_doc,
	"exist_arch($self, arch, /)\n--\n\n"
	"True if the filter has the architecture (an Arch, a token or a name).");

static PyObject *Filter_exist_arch(PyObject *obj, PyObject *arch)
{
	scmp_filter_ctx ctx;
	uint32_t token;
	int rc;

	if (types_arch_token(arch, &token, 0) < 0 ||
	    (ctx = filter_ctx((FilterObject *)obj)) == NULL)
		return NULL;
	rc = seccomp_arch_exist(ctx, token);
	if (rc == 0)
		Py_RETURN_TRUE;
	if (rc == -EEXIST)
		Py_RETURN_FALSE;
	return value_raise_rc(rc);
}

PyDoc_STRVAR(
	Filter_add_arch_doc,
	"add_arch($self, arch, /)\n--\n\n"
	"Add an architecture (an Arch, a token or a name). Rules added before do\n"
	"not apply to it.");

static PyObject *Filter_add_arch(PyObject *obj, PyObject *arch)
{
	scmp_filter_ctx ctx;
	uint32_t token;

	if (types_arch_token(arch, &token, 0) < 0 ||
	    (ctx = filter_ctx((FilterObject *)obj)) == NULL)
		return NULL;
	return value_result(seccomp_arch_add(ctx, token));
}

PyDoc_STRVAR(
	Filter_remove_arch_doc,
	"remove_arch($self, arch, /)\n--\n\n"
	"Remove an architecture (an Arch, a token or a name) and its rules.");

static PyObject *Filter_remove_arch(PyObject *obj, PyObject *arch)
{
	scmp_filter_ctx ctx;
	uint32_t token;

	if (types_arch_token(arch, &token, 0) < 0 ||
	    (ctx = filter_ctx((FilterObject *)obj)) == NULL)
		return NULL;
	return value_result(seccomp_arch_remove(ctx, token));
}

PyDoc_STRVAR(
	Filter_load_doc,
	"load($self, /)\n--\n\n"
	"Load the filter into the kernel for this thread (every thread with\n"
	"Attr.CTL_TSYNC). It cannot be removed again.\n\n"
	">>> import errno, os\n"
	">>> f = SyscallFilter(ALLOW)\n"
	">>> f.add_rule(ERRNO(errno.EPERM), \"uname\")\n"
	">>> f.load()\n"
	">>> os.uname()\n"
	"Traceback (most recent call last):\n"
	"  ...\n"
	"PermissionError: [Errno 1] Operation not permitted");

static PyObject *Filter_load(PyObject *obj, PyObject *unused)
{
	scmp_filter_ctx ctx = filter_ctx((FilterObject *)obj);

	if (ctx == NULL)
		return NULL;
	return value_result(seccomp_load(ctx));
}

PyDoc_STRVAR(Filter_get_attr_doc,
	     "get_attr($self, attr, /)\n--\n\n"
	     "The value of a filter attribute (an Attr constant). Actions\n"
	     "come as the constants are, C ints.\n\n"
	     ">>> f = SyscallFilter(KILL_PROCESS)\n"
	     ">>> f.get_attr(Attr.ACT_DEFAULT) == KILL_PROCESS\n"
	     "True\n"
	     ">>> f.get_attr(Attr.CTL_NNP)\n"
	     "1");

static PyObject *Filter_get_attr(PyObject *obj, PyObject *o_attr)
{
	scmp_filter_ctx ctx;
	enum scmp_filter_attr attr;
	uint32_t value = 0;
	int rc;

	if (value_attr(o_attr, &attr) < 0 ||
	    (ctx = filter_ctx((FilterObject *)obj)) == NULL)
		return NULL;
	rc = seccomp_attr_get(ctx, attr, &value);
	if (rc < 0)
		return value_raise_rc(rc);
	return value_int32(value);
}

PyDoc_STRVAR(Filter_set_attr_doc,
	     "set_attr($self, attr, value, /)\n--\n\n"
	     "Set a filter attribute (an Attr constant) to a 32-bit value.");

static PyObject *Filter_set_attr(PyObject *obj, PyObject *args)
{
	scmp_filter_ctx ctx;
	PyObject *o_attr, *o_value;
	enum scmp_filter_attr attr;
	uint32_t value;

	if (!PyArg_ParseTuple(args, "OO:set_attr", &o_attr, &o_value) ||
	    value_attr(o_attr, &attr) < 0 ||
	    value_u32(o_value, "value", &value) < 0 ||
	    (ctx = filter_ctx((FilterObject *)obj)) == NULL)
		return NULL;
	return value_result(seccomp_attr_set(ctx, attr, value));
}

PyDoc_STRVAR(
	Filter_syscall_priority_doc,
	"syscall_priority($self, /, syscall, priority)\n--\n\n"
	"Hint that syscall (a name or a native number) should be tested earlier:\n"
	"priority is 0..255, higher first.");

static PyObject *Filter_syscall_priority(PyObject *obj, PyObject *args,
					 PyObject *kwds)
{
	static char *kwlist[] = { "syscall", "priority", NULL };
	scmp_filter_ctx ctx;
	PyObject *o_sys, *o_prio;
	long long prio;
	int nr;

	if (!PyArg_ParseTupleAndKeywords(args, kwds, "OO:syscall_priority",
					 kwlist, &o_sys, &o_prio) ||
	    value_syscall(o_sys, &nr) < 0 ||
	    value_range(o_prio, "priority", 0, UINT8_MAX,
			"Syscall priority must be between 0 and 255",
			&prio) < 0 ||
	    (ctx = filter_ctx((FilterObject *)obj)) == NULL)
		return NULL;
	return value_result(seccomp_syscall_priority(ctx, nr, (uint8_t)prio));
}

/**
 * filter_rule_args - a rule's Arg objects as comparisons
 * @args: a tuple whose items from @first on are Arg objects (at most six)
 * @cmps: receives them, ARG_COUNT at most
 *
 * Returns how many, or -1 with an exception set.
 */
int filter_rule_args(PyObject *args, Py_ssize_t first,
		     struct scmp_arg_cmp *cmps)
{
	Py_ssize_t i, npos = PyTuple_GET_SIZE(args);
	PyObject *item;

	if (npos - first > ARG_COUNT) {
		value_invalid("Maximum number of arguments exceeded");
		return -1;
	}
	for (i = first; i < npos; i++) {
		item = PyTuple_GET_ITEM(args, i);
		if (!PyObject_TypeCheck(item, &ArgType)) {
			PyErr_Format(PyExc_TypeError,
				     "rule arguments must be Arg objects, "
				     "not %.100s",
				     Py_TYPE(item)->tp_name);
			return -1;
		}
		cmps[i - first] = ((ArgObject *)item)->cmp;
	}
	return (int)(npos - first);
}

/**
 * filter_get_ctx - the context of a SyscallFilter, for seccomp.ext
 * @obj: the object
 *
 * Returns the context, or NULL with an exception set (not a
 * SyscallFilter, not initialised, in use by another thread).
 */
scmp_filter_ctx filter_get_ctx(PyObject *obj)
{
	if (!PyObject_TypeCheck(obj, &SyscallFilterType)) {
		PyErr_Format(PyExc_TypeError,
			     "filter must be a SyscallFilter, not %.100s",
			     Py_TYPE(obj)->tp_name);
		return NULL;
	}
	return filter_ctx((FilterObject *)obj);
}

/* add_rule and add_rule_exactly: (action, syscall, *args). */
static PyObject *add_rule(PyObject *obj, PyObject *args, PyObject *kwds,
			  int exact)
{
	struct scmp_arg_cmp cmps[ARG_COUNT];
	PyObject *o_act = NULL, *o_sys = NULL, *key, *value;
	Py_ssize_t npos, pos = 0, first;
	scmp_filter_ctx ctx;
	uint32_t action;
	int nr, rc;

	npos = PyTuple_GET_SIZE(args);
	if (npos > 0)
		o_act = PyTuple_GET_ITEM(args, 0);
	if (npos > 1)
		o_sys = PyTuple_GET_ITEM(args, 1);
	while (kwds != NULL && PyDict_Next(kwds, &pos, &key, &value)) {
		if (PyUnicode_Check(key) &&
		    PyUnicode_CompareWithASCIIString(key, "action") == 0 &&
		    o_act == NULL) {
			o_act = value;
		} else if (PyUnicode_Check(key) &&
			   PyUnicode_CompareWithASCIIString(key, "syscall") ==
				   0 &&
			   o_sys == NULL && npos < 2) {
			o_sys = value;
		} else {
			PyErr_Format(PyExc_TypeError,
				     "unexpected or repeated keyword argument "
				     "%R",
				     key);
			return NULL;
		}
	}
	if (o_act == NULL || o_sys == NULL) {
		PyErr_SetString(PyExc_TypeError,
				"add_rule() needs an action and a syscall");
		return NULL;
	}
	if (value_u32(o_act, "action", &action) < 0 ||
	    value_syscall(o_sys, &nr) < 0 || errno_limit(action) < 0)
		return NULL;
	first = npos > 2 ? 2 : npos;
	if (filter_rule_args(args, first, cmps) < 0)
		return NULL;
	/* only now: converting the arguments may have run Python code */
	ctx = filter_ctx((FilterObject *)obj);
	if (ctx == NULL)
		return NULL;
	if (exact)
		rc = seccomp_rule_add_exact_array(
			ctx, action, nr, (unsigned int)(npos - first), cmps);
	else
		rc = seccomp_rule_add_array(ctx, action, nr,
					    (unsigned int)(npos - first), cmps);
	return value_result(rc);
}

PyDoc_STRVAR(
	Filter_add_rule_doc,
	"add_rule($self, /, action, syscall, *args)\n--\n\n"
	"Add a rule: syscall (a name, resolved on the native ABI, or a native\n"
	"number) gets action when all of args (up to six Arg) match. On each\n"
	"architecture of the filter the syscall is translated, socketcall/ipc\n"
	"multiplexing is handled and an absent syscall is skipped.");

static PyObject *Filter_add_rule(PyObject *obj, PyObject *args, PyObject *kwds)
{
	return add_rule(obj, args, kwds, 0);
}

PyDoc_STRVAR(
	Filter_add_rule_exactly_doc,
	"add_rule_exactly($self, /, action, syscall, *args)\n--\n\n"
	"Like add_rule(), but the rule must be added exactly as given: the filter\n"
	"must have one architecture and the syscall must exist on it.");

static PyObject *Filter_add_rule_exactly(PyObject *obj, PyObject *args,
					 PyObject *kwds)
{
	return add_rule(obj, args, kwds, 1);
}

/* The listener fd of this process, or -1 with an exception set. */
static int notify_fd(FilterObject *self)
{
	scmp_filter_ctx ctx = filter_ctx(self);
	int fd;

	if (ctx == NULL)
		return -1;
	fd = seccomp_notify_fd(ctx);
	if (fd == -EFAULT) {
		/* no listener: libseccomp's module says so this way */
		value_raise_errno(PyExc_RuntimeError, ENOENT,
				  "Notifications not enabled/active");
		return -1;
	}
	if (fd < 0) {
		value_raise_rc(fd);
		return -1;
	}
	return fd;
}

PyDoc_STRVAR(
	Filter_receive_notify_doc,
	"receive_notify($self, /)\n--\n\n"
	"Wait for the next syscall a NOTIFY rule hands to this process (the\n"
	"filter must have been loaded) and return it as a Notification.");

static PyObject *Filter_receive_notify(PyObject *obj, PyObject *unused)
{
	struct seccomp_notif *req = NULL;
	NotificationObject *n;
	int fd, rc, i;

	fd = notify_fd((FilterObject *)obj);
	if (fd < 0)
		return NULL;
	rc = seccomp_notify_alloc(&req, NULL);
	if (rc < 0)
		return value_raise_rc(rc);
	Py_BEGIN_ALLOW_THREADS
	rc = seccomp_notify_receive(fd, req);
	Py_END_ALLOW_THREADS
	/* the target may be gone already; its id is then invalid */
	if (rc == 0)
		rc = seccomp_notify_id_valid(fd, req->id);
	if (rc < 0) {
		seccomp_notify_free(req, NULL);
		/* a signal (Ctrl-C) ended the wait: raise its exception */
		if (PyErr_CheckSignals() < 0)
			return NULL;
		return value_raise_rc(rc);
	}
	n = PyObject_New(NotificationObject, &NotificationType);
	if (n != NULL) {
		n->id = req->id;
		n->pid = req->pid;
		n->flags = req->flags;
		n->syscall = req->data.nr;
		n->arch = req->data.arch;
		n->ip = req->data.instruction_pointer;
		for (i = 0; i < ARG_COUNT; i++)
			n->args[i] = req->data.args[i];
	}
	seccomp_notify_free(req, NULL);
	return (PyObject *)n;
}

PyDoc_STRVAR(Filter_respond_notify_doc,
	     "respond_notify($self, response, /)\n--\n\n"
	     "Answer a Notification with a NotificationResponse.");

static PyObject *Filter_respond_notify(PyObject *obj, PyObject *response)
{
	ResponseObject *r = (ResponseObject *)response;
	struct seccomp_notif_resp *resp = NULL;
	int fd, rc;

	if (!PyObject_TypeCheck(response, &NotificationResponseType)) {
		PyErr_Format(PyExc_TypeError,
			     "response must be a NotificationResponse, "
			     "not %.100s",
			     Py_TYPE(response)->tp_name);
		return NULL;
	}
	fd = notify_fd((FilterObject *)obj);
	if (fd < 0)
		return NULL;
	rc = seccomp_notify_alloc(NULL, &resp);
	if (rc < 0)
		return value_raise_rc(rc);
	resp->id = r->id;
	resp->val = r->val;
	resp->error = r->error;
	resp->flags = r->flags;
	Py_BEGIN_ALLOW_THREADS
	rc = seccomp_notify_respond(fd, resp);
	Py_END_ALLOW_THREADS
	seccomp_notify_free(NULL, resp);
	return value_result(rc);
}

#if HAVE_SCMP_ADDFD
PyDoc_STRVAR(
	Filter_notify_addfd_doc,
	"notify_addfd($self, /, addfd, fd=None)\n--\n\n"
	"Install a descriptor of this process in the one that made a\n"
	"notification, as the NotificationAddfd addfd says, through the\n"
	"notification fd fd (default: this process's, get_notify_fd()).\n"
	"Returns its number there. A kernel without descriptor injection (or\n"
	"without a flag asked for) raises RuntimeError with errno EOPNOTSUPP.");

static PyObject *Filter_notify_addfd(PyObject *obj, PyObject *args,
				     PyObject *kwds)
{
	static char *kwlist[] = { "addfd", "fd", NULL };
	PyObject *o_addfd, *o_fd = Py_None;
	struct seccomp_notif_addfd addfd;
	AddfdObject *a;
	long long v;
	int fd, rc;

	if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!|O:notify_addfd",
					 kwlist, &NotificationAddfdType,
					 &o_addfd, &o_fd))
		return NULL;
	if (o_fd == Py_None) {
		fd = notify_fd((FilterObject *)obj);
		if (fd < 0)
			return NULL;
	} else {
		if (value_range(o_fd, "fd", 0, INT_MAX,
				"Invalid file descriptor", &v) < 0)
			return NULL;
		fd = (int)v;
	}
	a = (AddfdObject *)o_addfd;
	memset(&addfd, 0, sizeof(addfd));
	addfd.id = a->id;
	addfd.flags = a->flags;
	addfd.srcfd = a->srcfd;
	addfd.newfd = a->newfd;
	addfd.newfd_flags = a->newfd_flags;
	Py_BEGIN_ALLOW_THREADS
	rc = seccomp_notify_addfd(fd, &addfd);
	Py_END_ALLOW_THREADS
	if (rc < 0)
		return value_raise_rc(rc);
	return PyLong_FromLong(rc);
}
#endif

PyDoc_STRVAR(
	Filter_get_notify_fd_doc,
	"get_notify_fd($self, /)\n--\n\n"
	"The notification fd of this process (after a filter with NOTIFY rules\n"
	"was loaded), for poll()/select().");

static PyObject *Filter_get_notify_fd(PyObject *obj, PyObject *unused)
{
	int fd = notify_fd((FilterObject *)obj);

	if (fd < 0)
		return NULL;
	return PyLong_FromLong(fd);
}

/**
 * export_fd - the fd to export to
 * @file: an fd or an object with fileno(); its flush() is called first,
 *        so what Python buffered comes before the export
 *
 * Returns the fd, or -1 with an exception set.
 */
static int export_fd(PyObject *file)
{
	PyObject *res;
	long long fd;

	if (PyLong_Check(file)) {
		if (value_range(file, "file", 0, INT_MAX,
				"Invalid file descriptor", &fd) < 0)
			return -1;
		return (int)fd;
	}
	if (PyObject_HasAttrString(file, "flush")) {
		res = PyObject_CallMethod(file, "flush", NULL);
		if (res == NULL)
			return -1;
		Py_DECREF(res);
	}
	return PyObject_AsFileDescriptor(file);
}

/* export_pfc and export_bpf: write without the GIL (a pipe may block). */
static PyObject *export(PyObject *obj, PyObject *file, int pfc)
{
	FilterObject *self = (FilterObject *)obj;
	scmp_filter_ctx ctx;
	int fd, rc;

	fd = export_fd(file);
	if (fd < 0)
		return NULL;
	ctx = filter_ctx(self);
	if (ctx == NULL)
		return NULL;
	self->busy = 1;
	Py_BEGIN_ALLOW_THREADS
	rc = pfc ? seccomp_export_pfc(ctx, fd) : seccomp_export_bpf(ctx, fd);
	Py_END_ALLOW_THREADS
	self->busy = 0;
	return value_result(rc);
}

PyDoc_STRVAR(
	Filter_export_pfc_doc,
	"export_pfc($self, file, /)\n--\n\n"
	"Write the filter as pseudo filter code (text) to file: an object with\n"
	"fileno() (flushed first) or an fd.");

static PyObject *Filter_export_pfc(PyObject *obj, PyObject *file)
{
	return export(obj, file, 1);
}

PyDoc_STRVAR(
	Filter_export_bpf_doc,
	"export_bpf($self, file, /)\n--\n\n"
	"Write the filter's BPF program (struct sock_filter[]) to file: an object\n"
	"with fileno() (flushed first) or an fd.");

static PyObject *Filter_export_bpf(PyObject *obj, PyObject *file)
{
	return export(obj, file, 0);
}

#if HAVE_SCMP_2_6
PyDoc_STRVAR(Filter_export_bpf_mem_doc,
	     "export_bpf_mem($self, /)\n--\n\n"
	     "The filter's BPF program (struct sock_filter[]) as a read-only\n"
	     "memoryview of bytes.");

static PyObject *Filter_export_bpf_mem(PyObject *obj, PyObject *unused)
{
	scmp_filter_ctx ctx = filter_ctx((FilterObject *)obj);
	PyObject *bytes, *view;
	size_t len = 0, want;
	int rc, tries;

	if (ctx == NULL)
		return NULL;
	rc = seccomp_export_bpf_mem(ctx, NULL, &len);
	if (rc < 0)
		return value_raise_rc(rc);
	for (tries = 0; tries < 4; tries++) {
		if (len > PY_SSIZE_T_MAX)
			return PyErr_NoMemory();
		bytes = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)len);
		if (bytes == NULL)
			return NULL;
		want = len;
		rc = seccomp_export_bpf_mem(ctx, PyBytes_AS_STRING(bytes),
					    &len);
		if (rc == 0 && len == want) {
			view = PyMemoryView_FromObject(bytes);
			Py_DECREF(bytes);
			return view;
		}
		Py_DECREF(bytes);
		if (rc < 0 && rc != -ERANGE)
			return value_raise_rc(rc);
	}
	return value_raise_rc(-ERANGE);
}

PyDoc_STRVAR(Filter_precompute_doc,
	     "precompute($self, /)\n--\n\n"
	     "Generate the BPF program now, so that load() does no allocation.");

static PyObject *Filter_precompute(PyObject *obj, PyObject *unused)
{
	scmp_filter_ctx ctx = filter_ctx((FilterObject *)obj);

	if (ctx == NULL)
		return NULL;
	return value_result(seccomp_precompute(ctx));
}

PyDoc_STRVAR(Filter_start_transaction_doc,
	     "start_transaction($self, /)\n--\n\n"
	     "Snapshot the filter; transactions nest.");

static PyObject *Filter_start_transaction(PyObject *obj, PyObject *unused)
{
	scmp_filter_ctx ctx = filter_ctx((FilterObject *)obj);

	if (ctx == NULL)
		return NULL;
	return value_result(seccomp_transaction_start(ctx));
}

PyDoc_STRVAR(Filter_commit_transaction_doc,
	     "commit_transaction($self, /)\n--\n\n"
	     "Keep the changes since the matching start_transaction().");

static PyObject *Filter_commit_transaction(PyObject *obj, PyObject *unused)
{
	scmp_filter_ctx ctx = filter_ctx((FilterObject *)obj);

	if (ctx == NULL)
		return NULL;
	return value_result(seccomp_transaction_commit(ctx));
}

PyDoc_STRVAR(Filter_reject_transaction_doc,
	     "reject_transaction($self, /)\n--\n\n"
	     "Undo the changes since the matching start_transaction().");

static PyObject *Filter_reject_transaction(PyObject *obj, PyObject *unused)
{
	scmp_filter_ctx ctx = filter_ctx((FilterObject *)obj);

	if (ctx == NULL)
		return NULL;
	seccomp_transaction_reject(ctx);
	Py_RETURN_NONE;
}
#endif

#define METHOD(name, flags) METHOD_DEF(Filter_, name, flags)
static PyMethodDef Filter_methods[] = {
	METHOD(reset, METH_VARARGS | METH_KEYWORDS),
	METHOD(merge, METH_O),
	METHOD(exist_arch, METH_O),
	METHOD(add_arch, METH_O),
	METHOD(remove_arch, METH_O),
	METHOD(load, METH_NOARGS),
	METHOD(get_attr, METH_O),
	METHOD(set_attr, METH_VARARGS),
	METHOD(syscall_priority, METH_VARARGS | METH_KEYWORDS),
	METHOD(add_rule, METH_VARARGS | METH_KEYWORDS),
	METHOD(add_rule_exactly, METH_VARARGS | METH_KEYWORDS),
	METHOD(receive_notify, METH_NOARGS),
	METHOD(respond_notify, METH_O),
	METHOD(get_notify_fd, METH_NOARGS),
#if HAVE_SCMP_ADDFD
	METHOD(notify_addfd, METH_VARARGS | METH_KEYWORDS),
#endif
	METHOD(export_pfc, METH_O),
	METHOD(export_bpf, METH_O),
#if HAVE_SCMP_2_6
	METHOD(export_bpf_mem, METH_NOARGS),
	METHOD(precompute, METH_NOARGS),
	METHOD(start_transaction, METH_NOARGS),
	METHOD(commit_transaction, METH_NOARGS),
	METHOD(reject_transaction, METH_NOARGS),
#endif
	{ NULL }
};
#undef METHOD

PyDoc_STRVAR(
	Filter_doc,
	"SyscallFilter(defaction)\n--\n\n"
	"A seccomp filter: rules for the native architecture (and any added),\n"
	"taking defaction (KILL, ALLOW, ERRNO(n), ...) for every syscall no rule\n"
	"matches. Build it with add_rule(), then load() it or export it.");

/* clang-format off */
PyTypeObject SyscallFilterType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "seccomp.SyscallFilter",
	.tp_basicsize = sizeof(FilterObject),
	.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
	.tp_doc = Filter_doc,
	.tp_new = Filter_new,
	.tp_init = Filter_init,
	.tp_dealloc = Filter_dealloc,
	.tp_methods = Filter_methods,
};
/* clang-format on */
