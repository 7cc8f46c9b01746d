# SPDX-License-Identifier: LGPL-2.1-only
# Test helper: filter_spec.c's spec language, run through the Python module.

"""Build filters from filter_spec.h statements with the seccomp module.

Run as "filter_spec.py NN-sim-x.c [FILTER]", it is the Python twin of a
sim test: it builds the very filters of the C program through the Python
API and writes the BPF to stdout for sim-check to run against the same
.tests table. The
statements are read from the C program itself (c_specs()), so a twin never
drifts from its C test: the language and its semantics are filter_spec.h's,
including the C casts (a priority is truncated to 8 bits, ERRNO(n) to 16).

Exit statuses are sim-check's: 0, 77 (skip) or 1 after a message.
"""

import errno
import os
import re
import sys

import seccomp

ERRNOS = ("EACCES", "ECANCELED", "EDOM", "EEXIST", "EFAULT", "EINVAL",
          "ENOENT", "ENOMEM", "EOPNOTSUPP", "ERANGE", "ESRCH")

ACTIONS = {
    "KILL_PROCESS": seccomp.KILL_PROCESS,
    "KILL_THREAD": seccomp.KILL,
    "KILL": seccomp.KILL,
    "TRAP": seccomp.TRAP,
    "LOG": seccomp.LOG,
    "ALLOW": seccomp.ALLOW,
    "NOTIFY": seccomp.NOTIFY,
}

ATTRS = {
    "default": seccomp.Attr.ACT_DEFAULT,
    "badarch": seccomp.Attr.ACT_BADARCH,
    "nnp": seccomp.Attr.CTL_NNP,
    "tsync": seccomp.Attr.CTL_TSYNC,
    "tskip": seccomp.Attr.API_TSKIP,
    "log": seccomp.Attr.CTL_LOG,
    "ssb": seccomp.Attr.CTL_SSB,
    "optimize": seccomp.Attr.CTL_OPTIMIZE,
    "rawrc": seccomp.Attr.API_SYSRAWRC,
    "waitkill": seccomp.Attr.CTL_WAITKILL,
    "enosys": seccomp.Attr.ACT_ENOSYS,
    "kvermax": seccomp.Attr.CTL_KVERMAX,
    "badarg32": seccomp.ext.ATTR_ACT_BADARG32,
}
# ours (seccomp.ext), where the module has them
try:
    import seccomp.ext
    ATTRS["mux"] = seccomp.ext.ATTR_ACT_MUX
except (ImportError, AttributeError):
    pass

# Two-character operators before their one-character prefixes.
OPS = (("==", seccomp.EQ), ("!=", seccomp.NE), ("<=", seccomp.LE),
       (">=", seccomp.GE), ("<", seccomp.LT), (">", seccomp.GT))

U64 = (1 << 64) - 1
U32 = (1 << 32) - 1


class SpecError(Exception):
    """A statement that cannot be parsed or did not give its result."""


def parse_num(text):
    """A number as strtoull/strtoll with base 0 read it, as a uint64."""
    m = re.fullmatch(r"([+-]?)(0[xX][0-9a-fA-F]+|0[0-7]*|[1-9][0-9]*)", text)
    if m is None:
        raise SpecError("bad number %r" % text)
    digits = m.group(2)
    if digits[:2] in ("0x", "0X"):
        value = int(digits[2:], 16)
    elif digits.startswith("0"):
        value = int(digits, 8)
    else:
        value = int(digits)
    if m.group(1) == "-":
        if value > 1 << 63:
            raise SpecError("number out of range %r" % text)
        return -value & U64
    if value > U64:
        raise SpecError("number out of range %r" % text)
    return value


def parse_action(text):
    """An action name, ERRNO(n), TRACE(n), TRAP(n) or a raw 32-bit
    number."""
    if text in ACTIONS:
        return ACTIONS[text]
    m = re.match(r"(ERRNO|TRACE|TRAP)\(([+-]?[0-9]+)\)", text)
    if m is not None:
        data = int(m.group(2)) & U32 & 0xffff
        return {"ERRNO": seccomp.ERRNO, "TRACE": seccomp.TRACE,
                "TRAP": seccomp.TRAPX}[m.group(1)](data)
    return parse_num(text) & U32


def parse_value(text):
    """An attribute's value: a Linux version M.m (KV_M_m), undef
    (KV_UNDEF) or an action."""
    if text == "undef":
        return seccomp.KV_UNDEF
    if text == "unset":
        return seccomp.ext.ACT_UNSET
    m = re.fullmatch(r"([0-9]+)\.([0-9]+)", text)
    if m is not None:
        name = "KV_%s_%s" % m.groups()
        if not hasattr(seccomp, name):
            raise SpecError("no Linux version %r" % text)
        return getattr(seccomp, name)
    return parse_action(text)


def parse_cmp(text):
    """aN[_32|_64][.lo32][.s] OP VALUE as one token: the arguments of an
    Arg (.lo32: the operator with CMP_32BIT, .s with ext.CMP_SIGNED)."""
    m = re.fullmatch(r"a([0-9]+)(_32|_64)?(\.lo32)?(\.s)?(.*)", text)
    if m is None:
        raise SpecError("bad comparison %r" % text)
    arg, width, rest = int(m.group(1)), m.group(2), m.group(5)
    datum_b = 0
    if rest.startswith("&"):
        mask, sep, value = rest[1:].partition("==")
        if not sep:
            raise SpecError("bad comparison %r" % text)
        op, datum_a, datum_b = seccomp.MASKED_EQ, parse_num(mask), \
            parse_num(value)
    else:
        for sym, op in OPS:
            if rest.startswith(sym):
                datum_a = parse_num(rest[len(sym):])
                break
        else:
            raise SpecError("bad comparison %r" % text)
    if width == "_32":
        datum_a &= U32
        datum_b &= U32
    if m.group(3):
        op |= seccomp.CMP_32BIT
    if m.group(4):
        op |= seccomp.ext.CMP_SIGNED
    return arg, op, datum_a, datum_b


def parse_syscall(text):
    """A syscall name (checked on the native ABI) or a raw int."""
    if text[:1].isdigit() or text.startswith("-"):
        value = parse_num(text) & U32
        return value - (1 << 32) if value >= 1 << 31 else value
    if seccomp.resolve_syscall(seccomp.Arch.NATIVE, text) == -1:
        raise SpecError("unknown syscall %r" % text)
    # add_rule() resolves the name as filter_spec.c does
    return text


def arch_token(text):
    if text == "native":
        return seccomp.Arch.NATIVE
    try:
        return int(seccomp.Arch(text))
    except ValueError:
        raise SpecError("bad arch %r" % text) from None


def result(call, *args):
    """Run a library call: 0, or the negative errno it raised."""
    try:
        call(*args)
    except (ValueError, RuntimeError) as exc:
        err = getattr(exc, "errno", None)
        if not isinstance(err, int):
            raise
        return -err
    return 0


class Spec:
    """Runs statements on one filter, created by the first "init"."""

    def __init__(self):
        self.filter = None

    def run(self, spec):
        """Returns 0, or 77 to skip; raises SpecError."""
        for index, text in enumerate(spec):
            try:
                if self.statement(text) == 77:
                    return 77
            except SpecError as exc:
                raise SpecError('spec statement %u "%s": %s'
                                % (index, text, exc)) from None
        if self.filter is None:
            raise SpecError("spec without init")
        return 0

    def statement(self, text):
        tok = text.split()
        want = 0
        if tok and tok[0].startswith("!"):
            if tok[0][1:] not in ERRNOS:
                raise SpecError("unknown errno")
            want = -getattr(errno, tok[0][1:])
            tok = tok[1:]
        if not tok:
            raise SpecError("empty statement")
        verb, cnt = tok[0], len(tok)

        if verb == "api" and cnt == 2:
            rc = result(seccomp.set_api, parse_num(tok[1]) & U32)
        elif verb == "native" and cnt == 2:
            try:
                token = arch_token(tok[1])
            except SpecError:
                token = None
            return 0 if token == seccomp.system_arch() else 77
        elif verb == "init" and cnt == 2:
            if self.filter is not None:
                raise SpecError("a second init")
            try:
                self.filter = seccomp.SyscallFilter(parse_action(tok[1]))
            except (ValueError, RuntimeError) as exc:
                raise SpecError("SyscallFilter() failed: %s" % exc) from None
            return 0
        elif self.filter is None:
            raise SpecError("no filter yet (init first)")
        elif verb == "reset" and cnt == 2:
            rc = result(self.filter.reset, parse_action(tok[1]))
        elif verb == "attr" and cnt == 3:
            if tok[1] not in ATTRS:
                raise SpecError("cannot parse")
            rc = result(self.filter.set_attr, ATTRS[tok[1]],
                        parse_value(tok[2]))
        elif verb in ("rule", "exact", "prio"):
            return self.syscalls(tok, want)
        elif verb == "arch" and cnt >= 2:
            rc = 0
            for item in tok[1:]:
                if item[:1] not in ("+", "-"):
                    raise SpecError("bad arch %r" % item)
                token = arch_token(item[1:])
                call = self.filter.add_arch if item[0] == "+" else \
                    self.filter.remove_arch
                rc = result(call, token)
                if rc != want:
                    break
        else:
            raise SpecError("cannot parse")
        if rc != want:
            raise SpecError("returned %d, want %d" % (rc, want))
        return 0

    def syscalls(self, tok, want):
        """rule, exact and prio: once per syscall of the list."""
        if tok[0] == "prio":
            if len(tok) != 3:
                raise SpecError("bad prio statement")
            prio = parse_num(tok[2]) & 0xff
            cmps = []
        else:
            if len(tok) < 3:
                raise SpecError("bad action")
            action = parse_action(tok[1])
            cmps = [parse_cmp(t) for t in tok[3:]]
        names = tok[1] if tok[0] == "prio" else tok[2]
        for name in filter(None, names.split(",")):
            syscall = parse_syscall(name)
            if tok[0] == "prio":
                rc = result(self.filter.syscall_priority, syscall, prio)
            else:
                add = self.filter.add_rule_exactly if tok[0] == "exact" \
                    else self.filter.add_rule
                rc = result(lambda: add(action, syscall,
                                        *[seccomp.Arg(*c) for c in cmps]))
            if rc != want:
                raise SpecError("%s returned %d, want %d" % (name, rc, want))
        return 0


def build(spec):
    """(filter, 0), (None, 77) to skip; raises SpecError."""
    state = Spec()
    if state.run(spec) == 77:
        return None, 77
    return state.filter, 0


def print_bpf(filt):
    """Writes the filter's BPF to stdout; returns 0 or 1."""
    try:
        filt.export_bpf(sys.stdout)
    except (ValueError, RuntimeError) as exc:
        print("export_bpf: %s" % exc, file=sys.stderr)
        return 1
    return 0


def sim_main(argv, filters):
    """main() of a sim twin: build the filter argv[1] names (the first one
    without an argument) from filters, a list of (name, spec), and write
    its BPF to stdout. Returns the exit status."""
    name = argv[1] if len(argv) > 1 else filters[0][0]
    specs = dict(filters)
    if name not in specs:
        print("%s: no filter %s" % (argv[0], name), file=sys.stderr)
        return 1
    try:
        filt, status = build(specs[name])
    except SpecError as exc:
        print(exc, file=sys.stderr)
        return 1
    return status if filt is None else print_bpf(filt)


#
# Reading the specs of a C test program
#

TOKEN = re.compile(r'''
    (?P<string>"(?:[^"\\\n]|\\.)*") |
    (?P<ident>[A-Za-z_][A-Za-z_0-9]*) |
    (?P<punct>\S)
''', re.X)


def c_unescape(literal):
    return re.sub(r'\\(.)', r'\1', literal[1:-1])


def c_tokens(text):
    """(kind, value) tokens; adjacent string literals are joined, as in C."""
    out = []
    for m in TOKEN.finditer(text):
        kind = m.lastgroup
        value = c_unescape(m.group()) if kind == "string" else m.group()
        if kind == "string" and out and out[-1][0] == "string":
            out[-1] = ("string", out[-1][1] + value)
        else:
            out.append((kind, value))
    return out


def c_specs(path):
    """The spec arrays of a C test program and its filters table.

    Returns (arrays, table): arrays maps each `static const char *const
    NAME[]` to its statements (macros made of string literals expanded),
    table is the SPEC_SIM_MAIN() list of (name, array name), or None.
    Raises SpecError if the file does not have that shape.
    """
    with open(path) as f:
        src = f.read()
    src = re.sub(r"/\*.*?\*/", " ", src, flags=re.S)
    src = re.sub(r"//[^\n]*", " ", src)
    src = src.replace("\\\n", " ")
    macros = {}
    body = []
    for line in src.split("\n"):
        m = re.match(r"\s*#\s*define\s+([A-Za-z_]\w*)\s+(.*)", line)
        if m:
            macros[m.group(1)] = c_tokens(m.group(2))
        elif not line.lstrip().startswith("#"):
            body.append(line)

    def expand(tokens, depth=0):
        out = []
        for kind, value in tokens:
            if kind == "ident" and value in macros and depth < 16:
                out.extend(expand(macros[value], depth + 1))
            else:
                out.append((kind, value))
        return out

    text = "\n".join(body)
    arrays = {}
    for m in re.finditer(r"static\s+const\s+char\s*\*\s*const\s+(\w+)\s*"
                         r"\[\s*\]\s*=\s*\{(.*?)\}\s*;", text, re.S):
        items = [t for t in expand(c_tokens(m.group(2))) if t != ("punct", ",")]
        stmts = []
        for kind, value in items:
            if kind == "string":
                stmts.append(value)
            elif (kind, value) == ("ident", "NULL"):
                break
            else:
                raise SpecError("%s: cannot read array %s" % (path,
                                                              m.group(1)))
        arrays[m.group(1)] = stmts
    table = None
    m = re.search(r"^SPEC_SIM_MAIN\s*\((.*?)\)\s*$", text, re.S | re.M)
    if m is not None:
        table = [(name, ident) for name, ident in
                 re.findall(r'\{\s*"([^"]*)"\s*,\s*(\w+)\s*\}', m.group(1))]
        missing = [ident for _, ident in table if ident not in arrays]
        if missing:
            raise SpecError("%s: no spec array %s" % (path, missing[0]))
    if not arrays:
        raise SpecError("%s: no spec arrays" % path)
    return arrays, table


def twin_main(twin_path, argv=None):
    """main() of a twin of a SPEC_SIM_MAIN() C program: the C file is
    twin_path with .c for its extension (it may be the C file itself)."""
    argv = sys.argv if argv is None else argv
    c_path = os.path.splitext(os.path.abspath(twin_path))[0] + ".c"
    try:
        arrays, table = c_specs(c_path)
        if not table:
            raise SpecError("%s: no spec_filter table" % c_path)
    except (OSError, SpecError) as exc:
        print(exc, file=sys.stderr)
        return 1
    return sim_main(argv, [(name, arrays[ident]) for name, ident in table])


if __name__ == "__main__":
    # the twin of every SPEC_SIM_MAIN() C program: filter_spec.py PROG.c ARGS
    if len(sys.argv) < 2:
        print("usage: filter_spec.py PROG.c [FILTER]", file=sys.stderr)
        sys.exit(2)
    sys.exit(twin_main(sys.argv[1], sys.argv[1:]))
