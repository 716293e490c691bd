#!/usr/bin/python3
"""model_draft_dumpalloc.py - an executable model of the draft FOURCC
reader of dumpalloc (mich181189/dumpalloc, common/src/dumpalloc_file.c,
commit 802258a8), the reader the draft-reader profile names.

The draft is a set of functions, one a record kind, with no loop that
calls them (and it does not compile: its timestamp wrapper drops the
file descriptor).  The model runs them as a reader would: a record
header (4 type bytes, an int32 Length), then the kind's function, which
reads its fields and never the Length; a record of another type is
skipped by its Length.  Each function as written:

  PROC   int32 pid, then a string            (the Length unread)
  OBJE   a string                            (the Length unread)
  ALOC   u64 address, i64 seconds, i32 ns    (the Length unread)
  DALC   u64 address                         (the Length unread)
  FRAM   4-byte subtype, then Length - 4 payload bytes (malloc of a
         negative size fails); a PCAL payload is parsed by a string
         reader that never advances its caller's cursor: the source
         file name is the function name read again, and the line
         number is copied the wrong way, so it stays 0
  string u32 length, calloc(length + 1): a length of 0xFFFFFFFF wraps
         the allocation to 0 and the read overruns it (a crash); in a
         PCAL payload the length is an int32, and -1 passes the bounds
         check into a huge copy (a crash)

It says what the reader would: read (and read as the seed reads the
file), fails WHAT (a function returns its error: the reader stops),
crashes WHY, or misreads WHAT (a record read where its bytes do not
say it: a desynchronised stream, a PCAL frame's file name or line).
As a reader under the oracle's contract: exit 0, 1, 4 (--misread-exit
4), or SIGSEGV for a crash."""
import struct
import modelcli

KNOWN = (b"PROC", b"OBJE", b"ALOC", b"DALC", b"FRAM")


class Fails(Exception):
    """a function of the reader returned its error"""


class Crashes(Exception):
    """undefined behaviour that ends the process"""


class Misreads(Exception):
    """the reader reads on, but not what the bytes say"""


class Stream:
    """the file as the reader's read_bytes() sees it: reads stop at EOF"""

    def __init__(self, data):
        self.data, self.at = data, 0

    def take(self, n, what):
        if n > len(self.data) - self.at:
            self.at = len(self.data)
            raise Fails("%s: the file ends inside it" % what)
        b = self.data[self.at:self.at + n]
        self.at += n
        return b

    def string(self, what):
        length = struct.unpack("<I", self.take(4, what + "'s length"))[0]
        if length == 0xFFFFFFFF:  # calloc(length + 1) is calloc(0)
            raise Crashes("%s: length 0xFFFFFFFF wraps calloc(length + 1) "
                          "to 0, and the read overruns it" % what)
        return self.take(length, what)


def pcal(payload):
    """(function name, file name, line) as the draft parses a PCAL
    payload, or raises"""
    def string_at(buf):  # readStringFromBuffer(), its cursor unmoved
        if len(buf) < 4:
            raise Fails("PCAL: no room for a string's length")
        n = struct.unpack("<i", buf[:4])[0]
        if n + 1 > len(buf) - 4:
            raise Fails("PCAL: a string longer than its payload (the check "
                        "wants one byte more than the string)")
        if n < 0:
            raise Crashes("PCAL: string length %d passes the bounds check "
                          "and memcpy copies (size_t)%d bytes" % (n, n))
        return buf[4:4 + n]
    name = string_at(payload)
    again = string_at(payload)  # the caller's cursor never moved
    if len(payload) < 4:
        raise Fails("PCAL: no room for the line number")
    return name, again, 0  # the line is copied the wrong way: never set


def seed_pcal(payload):
    """the PCAL payload as the seed reads it, or None"""
    try:
        n = struct.unpack_from("<I", payload, 0)[0]
        name = payload[4:4 + n]
        m = struct.unpack_from("<I", payload, 4 + n)[0]
        source = payload[8 + n:8 + n + m]
        line = struct.unpack_from("<I", payload, 8 + n + m)[0]
        return name, source, line
    except struct.error:
        return None


def read_record(s):
    kind = s.take(4, "a record's type")
    size = struct.unpack("<i", s.take(4, "a record's Length"))[0]
    start = s.at
    name = kind.decode("latin-1")
    if kind == b"PROC":
        s.take(4, "PROC's pid")
        s.string("PROC's name")
    elif kind == b"OBJE":
        s.string("OBJE's name")
    elif kind == b"ALOC":
        s.take(8 + 8 + 4, "ALOC's address and time")
    elif kind == b"DALC":
        s.take(8, "DALC's address")
    elif kind == b"FRAM":
        if size - 4 < 0:
            raise Fails("FRAM Length %d: malloc of a negative payload size "
                        "fails" % size)
        subtype = s.take(4, "FRAM's subtype")
        payload = s.take(size - 4, "FRAM's payload")
        if subtype == b"PCAL":
            got, want = pcal(payload), seed_pcal(payload)
            if want is not None and got != want:
                raise Misreads("the PCAL frame at byte %d: read as %r, its "
                               "bytes say %r" % (start - 8, got, want))
    else:
        if size < 0 or size > len(s.data) - s.at:
            raise Fails("a record of type %r cannot be skipped by its "
                        "Length %d" % (name, size))
        s.take(size, "a record")
    if kind in KNOWN and kind != b"FRAM" and s.at - start != size:
        raise Misreads("the %s record at byte %d: its function reads %d "
                       "bytes of its Length %d and never skips the rest: "
                       "the stream desynchronises" %
                       (name, start - 8, s.at - start, size))


def read(data):
    """(outcome, detail): what the draft reader says of the file"""
    s = Stream(data)
    try:
        while s.at < len(data):
            read_record(s)
    except Fails as e:
        return "fails", str(e)
    except Crashes as e:
        return "crashes", str(e)
    except Misreads as e:
        return "misreads", str(e)
    return "read", ""


if __name__ == "__main__":
    modelcli.run(read)
