#!/usr/bin/python3
"""readercuts.t - the fields TraceEvent keeps fewer bits of than the file
has (spec/nettrace.md rows T59-T64: an event id in 16 bits, a v4/v5
metadata Version in 8, a thread id in 32, a processor number in 8, a
stack in a record whose u16 size counts 8 bytes more), the fields it
cannot decode (T65-T67: a v6 DateTime, a field of no bytes, a DateTime
no .NET DateTime holds), and Booleans that
are neither 0 nor 1, on files built byte by byte (tests/nt45.py,
tests/nt6.py).  Each case names the rule it must get and the offset,
and the value at the edge gets nothing.  Failure: another rule or
offset, or a finding on the edge."""
# build.sh test runs this against the checker-only build too
import json
import struct

import nt45
import nt6
from nt45 import File, metadata, row, sp, v1
from taplib import Scratch, Tap, run

t = Tap()
scratch = Scratch("tg-readercuts-")
EVENT = 0x01 | 0x02 | 0x04 | 0x40 | 0x80


def case(name, data, want):
    path = scratch.write("case.nettrace", data)
    code, out, err = run("check", "--report", "json", path)
    found = [(d["rule"], d["offset"])
             for d in json.loads(out)["files"][0]["findings"]]
    t.eq((code, found), (0, want), name)


def v45(meta, proc=0, thread=7, capture=7, payload=b"", stack_sizes=None):
    """Metadata id 1 from `meta`, a stack block if stack_sizes, one event
    (of stack 1 when there is one), a sequence point.  @return the bytes
    and the offsets of: the metadata payload, the event row, the stack
    block content."""
    f = File()
    m = f.add("MetadataBlock", nt45.block_content(
        row(0xC0, ts=100, payload=meta), 100, 100))
    s = f.add("StackBlock", nt45.stacks(1, *stack_sizes)) \
        if stack_sizes else None
    ev = f.add("EventBlock", nt45.block_content(row(
        EVENT | (0x08 if stack_sizes else 0), meta=1, seq=0, capture=capture,
        proc=proc, thread=thread, stack=1 if stack_sizes else None, ts=100,
        payload=payload), 100, 100))
    f.add("SPBlock", sp(200, (capture, 1)))
    data = f.build()
    meta_at = f.content[m] + 20 + len(row(0xC0, ts=100, payload=meta)) - \
        len(meta)
    return data, meta_at, f.content[ev] + 20, \
        f.content[s] if s is not None else None


# NT-MET-017: an event id TraceEvent keeps 16 bits of (v4/v5: an int32
# after the provider name)
EVENT_ID_AT = 4 + len(nt45.u16z("P"))
for eid, flagged in ((65535, False), (65536, True), (-1, True)):
    data, meta_at, _, _ = v45(metadata(1, event_id=eid))
    case("v4/v5 event id %d" % eid, data,
         [("NT-MET-017", meta_at + EVENT_ID_AT)] if flagged else [])
# v6: a varuint after the provider name (nt6's row: id 1, "MyProvider")
p6 = nt6.default_parts()
at6 = nt6.offsets()
for eid, flagged in ((65535, False), (70000, True)):
    row6 = p6["row"].replace(b"\x07" + nt6.s("MyEvent"),
                             nt45.var(eid) + nt6.s("MyEvent"), 1)
    data = nt6.example(metadata=nt6.metadata_with(row6))
    # the block content: HeaderSize 0, row Size, then the row
    at = at6["metadata"] + 2 + 2 + 1 + len(nt6.s("MyProvider"))
    case("v6 event id %d" % eid, data, [("NT-MET-017", at)] if flagged else [])

# NT-MET-018: a v4/v5 Version TraceEvent keeps 8 bits of (after Keywords)
VERSION_AT = EVENT_ID_AT + 4 + len(nt45.u16z("E")) + 8
for version, flagged in ((255, False), (256, True)):
    meta = metadata(1)
    meta = meta[:VERSION_AT] + struct.pack("<i", version) + \
        meta[VERSION_AT + 4:]
    data, meta_at, _, _ = v45(meta)
    case("v4/v5 Version %d" % version, data,
         [("NT-MET-018", meta_at + VERSION_AT)] if flagged else [])

# NT-ROW-013: a thread id TraceEvent keeps 32 bits of: v4/v5 a row's
# ThreadId or CaptureThreadId, at the row
for thread, capture, flagged in ((0xFFFFFFFF, 7, False), (1 << 32, 7, True),
                                 (7, (1 << 32) + 7, True)):
    data, _, row_at, _ = v45(metadata(1), thread=thread, capture=capture)
    case("v4/v5 thread 0x%x, capture thread 0x%x" % (thread, capture), data,
         [("NT-ROW-013", row_at)] if flagged else [])
# v6: a Thread row's OSThreadId (kind 3), at its value
for os_id, flagged in ((0xFFFFFFFF, False), (1 << 32, True)):
    thread_row = b"\x01" + b"\x03" + nt45.var(os_id)
    data = nt6.example(thread=struct.pack("<H", len(thread_row)) +
                       thread_row)
    case("v6 OSThreadId 0x%x" % os_id, data,
         [("NT-ROW-013", at6["thread"] + 2 + 2)] if flagged else [])

# NT-ROW-014: a processor number TraceEvent keeps 8 bits of; 0xFFFFFFFF
# (unknown, as the runtime writes it) is not one
for proc, flagged in ((255, False), (0xFFFFFFFF, False), (256, True)):
    data, _, row_at, _ = v45(metadata(1), proc=proc)
    case("v4/v5 processor %d" % proc, data,
         [("NT-ROW-014", row_at)] if flagged else [])
# v6: nt6's first event row names processor 0 (its fifth byte); the
# second row keeps it, and is reported too
events = bytearray(p6["events"])
events[20 + 4:20 + 5] = nt45.var(300)  # ac 02: the first row is 13 bytes
data = nt6.example(events=bytes(events))
case("v6 processor 300, named by one row and kept by the next", data,
     [("NT-ROW-014", at6["events"] + 20),
      ("NT-ROW-014", at6["events"] + 20 + 13)])

# NT-STK-005: a stack whose size TraceEvent's u16 DataSize (8 bytes more)
# cannot hold
for size, flagged in ((65520, False), (65528, True)):
    data, _, _, stack_at = v45(metadata(1), stack_sizes=[size])
    case("v4/v5 stack of %d bytes" % size, data,
         [("NT-STK-005", stack_at + 8)] if flagged else [])

# the bytes of v45()'s event row before its payload
ROW_HEAD = len(row(EVENT, meta=1, seq=0, capture=7, proc=0, thread=7, ts=100,
                   payload=b""))

# NT-PAY-004: a Boolean of 0 or 1; v4/v5 Boolean is 4 bytes, v6 Boolean8 1
for value, flagged in ((1, False), (2, True)):
    data, _, row_at, _ = v45(metadata(1, fields=v1((3, "F"))),
                             payload=struct.pack("<I", value))
    case("v4/v5 Boolean %d" % value, data,
         [("NT-PAY-004", row_at + ROW_HEAD)] if flagged else [])
# v6: nt6's events hold VarUInt 42 then Boolean8 1, twice
events = p6["events"][:-1] + b"\x02"
data = nt6.example(events=events)
case("v6 Boolean8 2 in the second event", data,
     [("NT-PAY-004", at6["events"] + len(events) - 1)])

# ---- the fields TraceEvent cannot decode (rows T65-T67) -------------------
# v6 metadata with nt6's row, its second field (Flag) of another type, and
# events whose payloads are VarUInt 42 then `tail` (both rows)
HEAD6 = (b"\x01" + nt6.s("MyProvider") + b"\x07" + nt6.s("MyEvent") +
         struct.pack("<H", 2) + struct.pack("<H", 7) + nt6.s("Value") +
         b"\x15")


def v6_flag(flag_type, tail, second_tail=None):
    """(file, offset of Flag's type code, offset of the first event's
    tail): Flag of type bytes flag_type; the event rows of nt6 with
    payloads 2a + tail (the second row: 2a + second_tail)."""
    row = (HEAD6 + struct.pack("<H", len(nt6.s("Flag")) + len(flag_type)) +
           nt6.s("Flag") + flag_type + p6["row"][-8:])
    second = b"\x2a" + (tail if second_tail is None else second_tail)
    events = (p6["events"][:20] +
              bytes([0xdf, 1, 0, 1, 0, 1, 1, 100, 1, 1 + len(tail), 0x2a]) +
              tail + bytes([0, 5]) + second)
    parts = dict(p6, metadata=nt6.metadata_with(row), events=events)
    at = nt6.offsets(parts=parts)
    data = nt6.example(metadata=parts["metadata"], events=events)
    return (data, at["metadata"] + 2 + 2 + len(HEAD6) + 2 + len(nt6.s("Flag")),
            at["events"] + 20 + 11)


# NT-MET-019: a v6 DateTime field (TraceEvent reads 8 of its 16 bytes)
DATE = struct.pack("<8h", 2025, 6, 1, 9, 14, 30, 5, 250)
data, type_at, _ = v6_flag(b"\x10", DATE)
case("v6 DateTime field", data, [("NT-MET-019", type_at)])
data, type_at, _ = v6_flag(b"\x0b", struct.pack("<q", 7))
case("v6 Int64 field in its place", data, [])

# NT-PAY-005: a DateTime .NET's DateTime holds: a v4/v5 FILETIME from 0 to
# 2650467743999999999 (9999-12-31 23:59:59.9999999); a v6 SYSTEMTIME of
# valid fields (in v6 the field is NT-MET-019's too)
for filetime, flagged in ((0, False), (2650467743999999999, False),
                          (2650467744000000000, True), (-1, True)):
    data, _, row_at, _ = v45(metadata(1, fields=v1((16, "W"))),
                             payload=struct.pack("<q", filetime))
    case("v4/v5 DateTime FILETIME %d" % filetime, data,
         [("NT-PAY-005", row_at + ROW_HEAD)] if flagged else [])
bad = struct.pack("<8h", 2025, 13, 1, 9, 14, 30, 5, 250)
data, type_at, tail_at = v6_flag(b"\x10", bad, DATE)
case("v6 DateTime of month 13 in the first event", data,
     [("NT-MET-019", type_at), ("NT-PAY-005", tail_at)])

# NT-MET-020: a field of no bytes: a v4/v5 V1 Object of no fields (its
# FieldCount after its TypeCode), a v6 FixedLengthArray of 0 elements
FIELDS_AT = len(metadata(1, fields=b""))
for nested, payload, flagged in (([], b"", True),
                                 ([(9, "X")], b"\0\0\0\0", False)):
    data, meta_at, _, _ = v45(metadata(1, fields=v1((1, "E", nested))),
                              payload=payload)
    case("v4/v5 Object of %d fields" % len(nested), data,
         [("NT-MET-020", meta_at + FIELDS_AT + 4 + 4)] if flagged else [])
for count, flagged in ((0, True), (1, False)):
    data, type_at, _ = v6_flag(b"\x16\x09" + struct.pack("<H", count),
                               b"\0\0\0\0" * count)
    case("v6 FixedLengthArray of %d Int32" % count, data,
         [("NT-MET-020", type_at + 2)] if flagged else [])
t.done()
