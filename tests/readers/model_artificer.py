#!/usr/bin/python3
"""model_artificer.py - an executable model of the Artificer reader (AFSIM
2.9.0, tools/artificer/source/lib), the reader the artificer-compat
profile names, written from what its source does: the 16 header bytes,
the tokeniser state by state, the record type by name or by stol, the
minimum field counts, the numbers read by stoll, stoull, stol and stod
(glibc's own strtoll, strtoull, strtol and strtod, called here), the run
each record is filed under, its region stacks, and what it throws.

It says what Artificer says of a file:

  read              it reads the file, and reads it as the seed does
  throws WHAT       the exception that ends the parse
  crashes WHY       undefined behaviour that kills the process
  misreads WHAT     it reads the file without a word, but not as the seed
                    does: another token, another number, another run

A misread is found by reading the file a second time as the seed (RFC
4180 records, decimal or 0x integers) and comparing.  As a reader under
the oracle's contract: exit 0 read, 1 throws, 4 misreads (--misread-exit
4), and a crash dies of SIGSEGV as Artificer does."""
import ctypes
import errno
import math
import re
import modelcli

HEADER = b"# AFPerf v1     "
EOF = -1
NAMES = ["RESERVED", "MeasurementType", "PauseResume", "RegionAggregate",
         "RegionPoint", "RegionStart", "RegionStop", "RunAggregate",
         "RunInfo", "RunPoint", "SectionAggregate", "SectionInfo",
         "SectionPoint", "SectionStart", "SectionStop"]
MINIMUM = [0, 9, 3, 7, 5, 6, 3, 7, 9, 5, 8, 6, 6, 4, 4]
(RESERVED, MEASUREMENT_TYPE, PAUSE_RESUME, REGION_AGGREGATE, REGION_POINT,
 REGION_START, REGION_STOP, RUN_AGGREGATE, RUN_INFO, RUN_POINT,
 SECTION_AGGREGATE, SECTION_INFO, SECTION_POINT, SECTION_START,
 SECTION_STOP) = range(15)
# the field of a record's own run id (SimulationData.cpp GetRunID)
RUN_ID_FIELD = {RUN_INFO: 5, RUN_AGGREGATE: 3, MEASUREMENT_TYPE: 2,
                SECTION_INFO: 2, RUN_POINT: 2, REGION_START: 2}
# where each kind of record's first measurement value is
FIRST_VALUE = {REGION_AGGREGATE: 6, REGION_POINT: 4, RUN_AGGREGATE: 6,
               RUN_POINT: 4, SECTION_AGGREGATE: 7, SECTION_POINT: 5}


class Throws(Exception):
    """an exception Artificer throws: the parse ends there"""


class Crashes(Exception):
    """undefined behaviour that ends the process"""


# ---- glibc's conversions, as libstdc++'s std::sto* call them -------------

_LIBC = ctypes.CDLL(None, use_errno=True)
for _name, _type in (("strtoll", ctypes.c_longlong),
                     ("strtoull", ctypes.c_ulonglong),
                     ("strtol", ctypes.c_long)):
    getattr(_LIBC, _name).restype = _type
    getattr(_LIBC, _name).argtypes = [ctypes.c_char_p,
                                      ctypes.POINTER(ctypes.c_void_p),
                                      ctypes.c_int]
_LIBC.strtod.restype = ctypes.c_double
_LIBC.strtod.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p)]


def sto(name, text):
    """std::<name>(text): the C string (to its first NUL) through glibc;
    nothing read throws invalid_argument, ERANGE throws out_of_range"""
    buf = ctypes.create_string_buffer(text.split(b"\0", 1)[0])
    end = ctypes.c_void_p()
    ctypes.set_errno(0)
    if name == "stod":
        value = _LIBC.strtod(buf, ctypes.byref(end))
    else:
        value = getattr(_LIBC, "strto" + name[3:])(buf, ctypes.byref(end), 10)
    if (end.value or 0) == ctypes.addressof(buf):
        raise Throws("std::invalid_argument: " + name)
    if ctypes.get_errno() == errno.ERANGE:
        raise Throws("std::out_of_range: " + name)
    return value


# ---- the tokeniser (V1Parser.cpp) -----------------------------------------

def artificer_records(body):
    """Artificer's records of the bytes after the header: [(line, fields)].
    One byte at a time, with the next byte peeked, in the order of its
    tests; a byte 0xFF is the char -1, which equals EOF and is dropped."""
    records, record, value = [], [], bytearray()
    quoted = comment = False
    line = start = 1
    i, n = 0, len(body)
    while True:
        c = body[i] if i < n else EOF
        i += 1
        if c == 0xFF:
            c = EOF
        nxt = body[i] if i < n else EOF
        first_of_value = not value
        first_of_record = not record and first_of_value
        line_end = c == 0x0A or (c == 0x0D and nxt == 0x0A)
        if c == 0x0A:
            line += 1
        if comment:
            if line_end:
                i += c == 0x0D  # the LF of a CRLF
                line += c == 0x0D
                comment = False
        elif first_of_record and c == ord("#"):
            comment = True
        elif quoted and c == ord('"') and nxt == ord('"'):
            value.append(nxt)  # "" inside quotes: one quote
            i += 1
        elif not quoted and (c == ord(",") or line_end):
            record.append(bytes(value))
            value = bytearray()
            if line_end:
                if not first_of_record:
                    records.append((start, record))
                record = []
                i += c == 0x0D
                line += c == 0x0D
                start = line
        elif first_of_value and c == ord('"'):
            quoted = True  # also when a quote closed nothing yet: "" opens
        elif quoted and c == ord('"'):
            quoted = False
        elif c != EOF:
            value.append(c)
        if i > n:
            break
    if value:  # the last record keeps its last field only when not empty
        record.append(bytes(value))
    if record:
        records.append((start, record))
    return records


def seed_records(data):
    """The records as the seed reads them (RFC 4180 per record, comments
    and blank records skipped), or None if the file breaks a rule of the
    seed's framing: then there is nothing to compare with."""
    if not data.startswith(HEADER):
        return None
    rest = data[len(HEADER):]
    for end in (b"\r\n", b"\n", b""):
        if rest.startswith(end) and (end or not rest):
            rest = rest[len(end):]
            break
    else:
        return None
    records, i, n = [], 0, len(rest)
    while i < n:
        line_end = rest.find(b"\n", i)
        line_end = n if line_end < 0 else line_end + 1
        raw = rest[i:line_end].rstrip(b"\n").rstrip(b"\r")
        if rest[i:i + 1] == b"#" or raw.strip(b" \t") == b"":
            i = line_end
            continue
        fields = []
        while True:
            if rest[i:i + 1] == b'"':
                text, j = bytearray(), i + 1
                while True:
                    k = rest.find(b'"', j)
                    if k < 0:
                        return None  # unterminated
                    text += rest[j:k]
                    if rest[k + 1:k + 2] != b'"':
                        break
                    text += b'"'
                    j = k + 2
                i = k + 1
                fields.append(bytes(text))
            else:
                m = re.compile(rb"[^,\r\n]*").match(rest, i)
                if b'"' in m.group(0):
                    return None
                fields.append(m.group(0))
                i = m.end()
            if rest[i:i + 1] == b",":
                i += 1
                continue
            if rest[i:i + 2] == b"\r\n":
                i += 2
            elif rest[i:i + 1] == b"\n":
                i += 1
            elif i < n:
                return None  # text after a closing quote, or a bare CR
            break
        records.append(fields)
    return records


# ---- numbers as the seed reads them ---------------------------------------

SPACE = b" \t\n\v\f\r"


def seed_int(text):
    """an integer of the seed (decimal, or 0x hex; C white space around
    it), or None"""
    t = text.strip(SPACE)
    if re.fullmatch(rb"[0-9]+", t):
        return int(t)
    if re.fullmatch(rb"0[xX][0-9a-fA-F]+", t):
        return int(t[2:], 16)
    return None


def seed_type(token):
    """the record type the seed reads, or None"""
    name = token.decode("utf-8", "replace")
    if name in NAMES[1:]:
        return NAMES.index(name)
    v = seed_int(token)
    return v if v is not None and 1 <= v <= 14 else None


# ---- the records (SimulationData.cpp, RunData.cpp) ------------------------

class Model:
    def __init__(self, records):
        self.records = records
        self.last_run = 0
        self.stacks = {}       # run -> [(region id, serial)]: Artificer's
        self.open = []         # [(region id, serial)]: the file's, the seed's
        self.region_run = {}   # serial -> the run of its RegionStart
        self.sections = {}     # section id -> runs that declare it
        self.declared = {}     # section id -> the run of its last SectionInfo
        self.types = {}        # (run, measurement type id) -> datatype
        self.versions = {}     # run -> minor version of its RunInfo
        self.misreads = []
        self.line = 0
        self.prepass()

    def misread(self, what):
        self.misreads.append("line %d: %s" % (self.line, what))

    def prepass(self):
        """what the seed reads from the whole file before any value: the
        datatypes of measurement types, the sections of each run, each
        run's version"""
        for _, f in self.records:
            t = seed_type(f[0])
            if t == MEASUREMENT_TYPE and len(f) >= 9:
                run, mt = seed_int(f[2]), seed_int(f[3])
                self.types[(run, mt)] = f[5]
            elif t == SECTION_INFO and len(f) >= 6:
                self.sections.setdefault(seed_int(f[3]), set()).add(
                    seed_int(f[2]))
            elif t == RUN_INFO and len(f) >= 9:
                m = re.fullmatch(rb"1\.([0-9]+)\.[0-9]+", f[4])
                self.versions[seed_int(f[5])] = int(m.group(1)) if m else 0

    def number(self, name, fields, k, what):
        """field k read with std::<name>; a number the seed reads
        otherwise is a misread"""
        if k >= len(fields):
            raise Crashes("reads field %d of a record of %d fields"
                          % (k, len(fields)))
        v = sto(name, fields[k])
        seed = seed_int(fields[k])
        if seed is not None and seed != v:
            self.misread("reads the %s %r as %d" % (what, fields[k], v))
        return v

    def record_type(self, fields):
        token = fields[0]
        if token.decode("utf-8", "replace") in NAMES:
            t = NAMES.index(token.decode("utf-8"))
        else:
            try:
                t = sto("stol", token)
            except Throws as e:
                if "invalid_argument" in str(e):
                    raise Throws("std::runtime_error: Invalid record type: "
                                 + token.decode("utf-8", "replace"))
                raise
        return t

    def run_id(self, t, fields):
        k = RUN_ID_FIELD.get(t)
        if k is None:
            return self.last_run
        if k >= len(fields):
            raise Throws("std::runtime_error: Expected to find run ID field "
                         "at index %d for record type %d but record length "
                         "is %d" % (k, t, len(fields)))
        self.last_run = self.number("stoull", fields, k, "run id")
        return self.last_run

    def measurements(self, run, fields, first):
        for v in range(first, len(fields), 2):
            mt = self.number("stoll", fields, v - 1, "measurement type id")
            value = sto("stod", fields[v])
            dt = self.types.get((run, mt))
            text = fields[v].strip(SPACE)
            if dt in (b"string", b"enum"):
                self.misread("reads the %s value %r as the number %r"
                             % (dt.decode(), fields[v], value))
            elif dt in (b"int32", b"int64", b"bool") and \
                    re.fullmatch(rb"-?[0-9]+", text) and \
                    (not math.isfinite(value) or int(value) != int(text)):
                self.misread("reads the %s value %r as %r"
                             % (dt.decode(), fields[v], value))

    def region(self, t, run, fields):
        stack = self.stacks.setdefault(run, [])
        if t == REGION_START:
            rid = self.number("stoll", fields, 3, "region id")
            serial = len(self.region_run)
            self.region_run[serial] = seed_int(fields[2])
            stack.append((rid, serial))
            self.open.append((seed_int(fields[3]), serial))
            return
        if t == REGION_STOP:
            if not stack:
                raise Crashes("a RegionStop pops run %d's empty stack of "
                              "regions (std::vector::back on nothing): a "
                              "segfault" % run)
            _, serial = stack.pop()
            mine = self.open.pop()[1] if self.open else None
            if mine != serial:
                self.misread("a RegionStop closes another region than the "
                             "innermost one open in the file")
            return
        if t == REGION_AGGREGATE:
            self.number("stoll", fields, 2, "timestamp")
            if fields[3] == b"":
                self.measurements(run, fields, 6)
                return
        k = 3 if t == REGION_AGGREGATE else 2
        rid = self.number("stoll", fields, k, "region id")
        found = [s for r, s in reversed(stack) if r == rid]
        if not found:
            if t == REGION_AGGREGATE:
                raise Throws("std::runtime_error: Unable to map region ID "
                             "%d to a label" % rid)
            raise Throws("std::runtime_error: The region ID given in a "
                         "RegionPoint record does not match a region on the "
                         "stack.")
        seed = [s for r, s in reversed(self.open)
                if r == seed_int(fields[k])]
        if seed[:1] != found[:1]:
            self.misread("finds region %d in run %d's stack, not the one the "
                         "file has open" % (rid, run))
        self.measurements(run, fields, FIRST_VALUE[t])

    def section(self, t, run, fields):
        if t == SECTION_AGGREGATE:
            self.number("stoll", fields, 2, "timestamp")
            self.measurements(run, fields, 7)
            if fields[3] == b"":
                return
            sid = self.number("stoll", fields, 3, "section id")
            self.number("stoll", fields, 4, "section interval id")
        elif t == SECTION_INFO:
            self.number("stoll", fields, 3, "section id")
            self.declared[seed_int(fields[3])] = seed_int(fields[2])
            return
        else:
            sid = self.number("stoll", fields, 2, "section id")
            self.number("stoll", fields, 3, "section interval id")
            if t == SECTION_POINT:
                self.measurements(run, fields, 5)
        # its section's run: of the SectionInfo of its id read last, or
        # of any that declares it later in the file
        own = seed_int(fields[2 if t != SECTION_AGGREGATE else 3])
        runs = {self.declared[own]} if own in self.declared else \
            self.sections.get(own)
        if runs and run not in runs:
            self.misread("files a record of section %d under run %d, which "
                         "declares no such section" % (sid, run))

    def run_record(self, t, run, fields):
        if t == RUN_INFO:
            units = fields[2]
            if units not in (b"ns", b"us", b"ms", b"s", b"nanoseconds"):
                self.misread("reads the run's units %r as ns" % units)
        elif t == RUN_AGGREGATE:
            self.number("stoll", fields, 2, "timestamp")
            self.measurements(run, fields, 6)
        else:
            if len(fields) > 5 and self.versions.get(run, 0) > 0:
                self.misread("reads fields after a RunPoint's pair, which "
                             "the seed says to ignore in a run of version "
                             "1.%d, as more pairs" % self.versions[run])
            self.measurements(run, fields, 4)

    def read(self, line, fields):
        self.line = line
        t = self.record_type(fields)
        seed = seed_type(fields[0])
        if seed is not None and seed != t:
            self.misread("reads the record type %r as %d" % (fields[0], t))
        run = self.run_id(t, fields)
        if t < 0 or t >= len(NAMES):
            raise Throws("std::runtime_error: Invalid event type: %d" % t)
        if len(fields) < MINIMUM[t]:
            raise Throws("std::runtime_error: Invalid record of type %s; "
                         "expected %d fields, found %d fields."
                         % (NAMES[t], MINIMUM[t], len(fields)))
        self.number("stoll", fields, 1, "timestamp")
        if t == MEASUREMENT_TYPE:
            self.number("stoll", fields, 3, "measurement type id")
        elif t == PAUSE_RESUME:
            self.number("stoll", fields, 2, "timestamp")
            own = seed_int(fields[3]) if len(fields) > 3 else None
            if own is not None and own != run:  # its run id is not read
                self.misread("files a PauseResume of run %d under run %d"
                             % (own, run))
        elif t in (REGION_AGGREGATE, REGION_POINT, REGION_START, REGION_STOP):
            self.region(t, run, fields)
        elif t in (RUN_AGGREGATE, RUN_INFO, RUN_POINT):
            self.run_record(t, run, fields)
        elif t >= SECTION_AGGREGATE:
            self.section(t, run, fields)


def read(data):
    """(outcome, detail): what Artificer says of the file's bytes"""
    if len(data) < len(HEADER):
        return "throws", "std::runtime_error: Unable to read afperf header."
    if data[:len(HEADER)] != HEADER:
        return "throws", "std::runtime_error: Unable to parse file"
    records = artificer_records(data[len(HEADER):])
    model = Model(records)
    try:
        for line, fields in records:
            model.read(line, fields)
    except Throws as e:
        return "throws", "line %d: %s" % (model.line, e)
    except Crashes as e:
        return "crashes", "line %d: %s" % (model.line, e)
    seed = seed_records(data)
    if seed is not None and [f for _, f in records] != seed:
        mine = [f for _, f in records]
        at = next((k for k in range(min(len(mine), len(seed)))
                   if mine[k] != seed[k]), min(len(mine), len(seed)))
        line = records[at][0] if at < len(records) else records[-1][0]
        return "misreads", ("line %d: its tokeniser reads record %d as %r, "
                            "RFC 4180 as %r" % (
                                line, at + 1,
                                mine[at] if at < len(mine) else None,
                                seed[at] if at < len(seed) else None))
    if model.misreads:
        return "misreads", model.misreads[0]
    return "read", ""


if __name__ == "__main__":
    modelcli.run(read)
