#!/usr/bin/python3
"""payload.t - final-v6 event payloads are decoded against their metadata
(NT-56): hand-built traces, from the v6 worked example with its metadata
row and event payload replaced, each expecting the payload findings it
lists (rule and byte offset) and nothing else from the payload rules.
Also: the metadata flush gives an id a new layout, a broken metadata row
turns decoding off for its events, and the table of payload programs is
bounded (NT-LIM-001). Failure: a missing, extra or misplaced finding."""
# build.sh test runs this against the checker-only build too
import json
import struct

import nt6
from taplib import Scratch, Tap, run

t = Tap()
scratch = Scratch("tg-payload-")
PAY = ("NT-PAY-002", "NT-PAY-003")


def var(n):
    out = b""
    while True:
        out += bytes([(n & 0x7F) | (0x80 if n > 0x7F else 0)])
        n >>= 7
        if not n:
            return out


def fields(*pairs):
    """FieldDescriptions: Count, then (FieldSize, name, Type) each."""
    out = struct.pack("<H", len(pairs))
    for name, typ in pairs:
        body = nt6.s(name) + typ
        out += struct.pack("<H", len(body)) + body
    return out


def obj(*pairs):
    return b"\x01" + fields(*pairs)


def row(desc, provider="MyProvider", mid=1):
    return (var(mid) + nt6.s(provider) + b"\x07" + nt6.s("MyEvent") + desc +
            b"\0\0")


# one compressed event on thread 1 without stack or label list: flags
# MetadataId, sequence/capture/processor, ThreadIndex, IsSorted and
# PayloadSize; the sequence delta and timestamp delta are given
ROW_FLAGS = 0x01 | 0x02 | 0x04 | 0x40 | 0x80


def event_row(payload, seq_delta=0, ts=100, mid=1):
    head = bytes([ROW_FLAGS]) + var(mid) + var(seq_delta) + b"\x01\x00" + \
        b"\x01" + var(ts) + var(len(payload))
    return head, head + payload


def events(payload, ts=100, seq_delta=0, mid=1):
    head, r = event_row(payload, seq_delta, ts, mid)
    return struct.pack("<hhqq", 20, 1, ts, ts) + r, 20 + len(head)


def sp(ts, flags, seq):
    return struct.pack("<QII", ts, flags, 1) + b"\x01" + var(seq)


def trace(desc, payload, provider="MyProvider"):
    """The worked example with this metadata row and one event; returns
    the bytes and the offset of the event's payload."""
    ev, at = events(payload)
    order = [(1, "trace"), (3, "metadata"), (6, "thread"), (2, "events"),
             (4, "sp"), (7, "remove"), (0, "end")]
    parts = {"metadata": nt6.metadata_with(row(desc, provider)),
             "events": ev, "sp": sp(200, 0, 1), "remove": b"\x01\x01"}
    data = nt6.example(blocks=order, **parts)
    return data, offset_of(order, parts, "events") + at


def offset_of(order, parts, name):
    """Offset of a block's content in nt6.example(blocks=order, **parts)."""
    p = nt6.default_parts()
    p.update(parts)
    off = len(p["header"])
    for _, n in order:
        if n == name:
            return off + 4
        off += 4 + len(p[n])
    raise KeyError(name)


def payload_findings(data, name, *opts):
    path = scratch.write(name + ".nettrace", data)
    code, out, err = run("check", "--report", "json", *opts, path)
    report = json.loads(out)["files"][0]
    return code, [(d["rule"], d["offset"]) for d in report["findings"]
                  if d["rule"] in PAY], report


def case(name, desc, payload, want, provider="MyProvider"):
    """want: [(rule, offset in the payload)]; [] = clean."""
    data, at = trace(desc, payload, provider)
    code, got, report = payload_findings(data, name)
    t.eq(got, [(r, at + o) for r, o in want], name)
    return report


KV = obj(("Key", b"\x12"), ("Value", b"\x09"))
U16 = lambda n: struct.pack("<H", n)
I32 = lambda n: struct.pack("<i", n)
s16 = lambda text: text.encode("utf-16-le") + b"\0\0"

# the first row of each file compiles before any program exists
case("no fields: any payload is valid", fields(), b"\1\2\3", [])
case("fixed-length array of 0 first: any payload is valid",
     fields(("None", b"\x16\x09" + U16(0))), b"", [])
case("array of objects with strings: valid",
     fields(("Pairs", b"\x13" + KV)),
     U16(2) + s16("ab") + I32(1) + s16("") + I32(2), [])
case("array of objects: second string has no NUL",
     fields(("Pairs", b"\x13" + KV)),
     U16(2) + s16("ab") + I32(1) + "cd".encode("utf-16-le"),
     [("NT-PAY-002", 12)])
case("array of objects: count past the end",
     fields(("Pairs", b"\x13" + KV)),
     U16(3) + s16("ab") + I32(1), [("NT-PAY-002", 12)])
# fixed-size bytes one short after an Array's element and after the Array
case("array of objects: the last element's Int32 one byte short",
     fields(("Pairs", b"\x13" + KV)),
     U16(2) + s16("ab") + I32(1) + s16("") + I32(2)[:3],
     [("NT-PAY-002", 14)])
case("an Int32 after an array of objects one byte short",
     fields(("Pairs", b"\x13" + KV), ("N", b"\x09")),
     U16(1) + s16("a") + I32(1) + I32(5)[:3], [("NT-PAY-002", 10)])
# strings of every length across the 8- and 16-byte steps of the scan
bad = []
for n in range(0, 20):
    text = "abcdefghijklmnopqrstuvwxyz"[:n]
    for payload, want in (
            (s16(text) + I32(n), []),
            (s16(text) + I32(n)[:3], [("NT-PAY-002", 2 * n + 2)]),
            (text.encode("utf-16-le"), [("NT-PAY-002", 0)]),
            (text.encode("utf-16-le") + b"\0", [("NT-PAY-002", 0)])):
        data, at = trace(fields(("Name", b"\x12"), ("N", b"\x09")), payload)
        code, got, report = payload_findings(data, "str%d" % n)
        if got != [(r, at + o) for r, o in want]:
            bad.append((n, payload, got))
t.eq(bad, [], "UTF-16 strings of 0-19 units, with and without their NUL")
case("array of fixed elements: count past the end",
     fields(("Ports", b"\x13\x08")), U16(4) + U16(1) * 3,
     [("NT-PAY-002", 2)])
case("nested arrays: valid", fields(("Grid", b"\x13\x13\x08")),
     U16(2) + U16(1) + U16(7) + U16(0), [])
case("fixed-length array of varints: valid",
     fields(("Steps", b"\x16\x14" + U16(2))), b"\x80\x01\x05", [])
case("fixed-length array of varints: the second is cut",
     fields(("Steps", b"\x16\x14" + U16(2))), b"\x80\x01\x80",
     [("NT-PAY-002", 2)])
case("varint longer than 10 bytes", fields(("Size", b"\x15")),
     b"\x80" * 10 + b"\x01", [("NT-PAY-002", 0)])
case("fixed-size fields: one byte short",
     fields(("A", b"\x0b"), ("B", b"\x11")), b"\0" * 23,
     [("NT-PAY-002", 0)])
case("fixed-size fields then more bytes: extra bytes are allowed",
     fields(("A", b"\x0b")), b"\0" * 12, [])
case("fields after an array still checked",
     fields(("Ports", b"\x13\x08"), ("N", b"\x09")), U16(1) + U16(5) + b"\0",
     [("NT-PAY-002", 4)])
# RelLoc: offset from the end of its own field; DataLoc: from the start
case("RelLoc region ending exactly at the payload end",
     fields(("Blob", b"\x18\x09")), U16(0) + U16(8) + I32(1) + I32(2), [])
case("RelLoc region one byte past the payload end",
     fields(("Blob", b"\x18\x09")), U16(1) + U16(8) + I32(1) + I32(2),
     [("NT-PAY-003", 0)])
case("RelLoc size not a whole number of Int32",
     fields(("Blob", b"\x18\x09")), U16(0) + U16(6) + I32(1) + I32(2),
     [("NT-PAY-003", 0)])
case("DataLoc empty region at the payload end",
     fields(("N", b"\x09"), ("Text", b"\x19\x17")), I32(5) + U16(8) + U16(0),
     [])
case("DataLoc region past the end",
     fields(("N", b"\x09"), ("Text", b"\x19\x17")), I32(5) + U16(6) + U16(4),
     [("NT-PAY-003", 4)])
# the largest locator: offset 0xFFFF and size 0xFFFF, counted in 64 bits
case("RelLoc offset and size 0xFFFF", fields(("Blob", b"\x18\x09")),
     U16(0xFFFF) + U16(0xFFFF) + I32(1), [("NT-PAY-003", 0)])
case("DataLoc offset and size 0xFFFF",
     fields(("N", b"\x09"), ("Text", b"\x19\x17")),
     I32(5) + U16(0xFFFF) + U16(0xFFFF), [("NT-PAY-003", 4)])
# the largest Array count of 8-byte elements: 0xFFFF x 8 bytes
case("Array<Int64> of 0xFFFF in 8 bytes", fields(("Big", b"\x13\x0b")),
     U16(0xFFFF) + b"\0" * 8, [("NT-PAY-002", 2)])
case("RelLoc inside an array element is checked",
     fields(("Blobs", b"\x13\x18\x06")), U16(2) + U16(0) + U16(0) +
     U16(0) + U16(9), [("NT-PAY-003", 6)])
# NT-A7: a type-23 scalar is a u16-length UTF-8 string in Universal.*
for provider, want in (("Universal.System", []), ("MyProvider", [])):
    case("type 23 scalar, 7-byte payload, %s" % provider,
         fields(("Name", b"\x17")), U16(5) + b"hello", want, provider)
for provider, want in (("Universal.Events", [("NT-PAY-002", 2)]),
                       ("MyProvider", [])):
    case("type 23 scalar, string cut short, %s" % provider,
         fields(("Name", b"\x17")), U16(5) + b"he", want, provider)
report = case("DateTime is 16 bytes in v6", fields(("When", b"\x10")),
              b"\0" * 8, [("NT-PAY-002", 0)])
t.ok(any("DateTime" in d["found"] for d in report["findings"]),
     "a DateTime payload finding says that DateTime was read as 16 bytes",
     report["findings"])
report = case("RelLoc over a string: the row breaks NT-MET-011 and its "
              "events are not decoded", fields(("Blob", b"\x18\x12")),
              b"", [])
t.eq([d["rule"] for d in report["findings"]], ["NT-MET-011"],
     "... and the row's finding is the only one")

# --disable turns decoding off
data, at = trace(fields(("A", b"\x0b")), b"\0" * 3)
code, got, report = payload_findings(data, "disabled", "--disable",
                                     "NT-PAY-002")
t.eq(got, [], "--disable NT-PAY-002 drops the finding")

# an SP with Flags bit 1 ends the metadata ids; id 1 comes back with
# another layout, and its events are checked against the new one
ev1, _ = events(I32(7), ts=100)
ev2, at2 = events(b"\0" * 8, ts=300, seq_delta=1)
order = [(1, "trace"), (3, "metadata"), (6, "thread"), (2, "events"),
         (4, "sp"), (3, "meta2"), (2, "ev2"), (4, "sp2"), (7, "remove"),
         (0, "end")]
parts = {"metadata": nt6.metadata_with(row(fields(("N", b"\x09")))),
         "meta2": nt6.metadata_with(row(fields(("N", b"\x09"),
                                               ("M", b"\x0b")))),
         "events": ev1, "sp": sp(200, 2, 1), "ev2": ev2,
         "sp2": sp(400, 0, 2), "remove": b"\x01\x02"}
code, got, report = payload_findings(nt6.example(blocks=order, **parts),
                                     "flush")
t.eq((code, got), (0, [("NT-PAY-002", offset_of(order, parts, "ev2") + at2)]),
     "after a metadata flush an id is checked against its new layout")


def sent_again(first, again, ev1_payload, ev2_payload, name):
    """id 1 defined by row `first`, an event of it, a flush (SP Flags bit
    1), id 1 defined again by row `again`, an event of it: the report, and
    where the two rows and the second event's payload start."""
    ev1, _ = events(ev1_payload, ts=100)
    ev2, at2 = events(ev2_payload, ts=300, seq_delta=1)
    parts = {"metadata": nt6.metadata_with(first),
             "meta2": nt6.metadata_with(again), "events": ev1,
             "sp": sp(200, 2, 1), "ev2": ev2, "sp2": sp(400, 0, 2),
             "remove": b"\x01\x02"}
    code, got, report = payload_findings(nt6.example(blocks=order, **parts),
                                         name)
    # the row after the block's HeaderSize (0) and the row's Size
    return (code, got, report, offset_of(order, parts, "metadata") + 4,
            offset_of(order, parts, "meta2") + 4,
            offset_of(order, parts, "ev2") + at2)


# writers that flush the metadata ids send the same rows again: a row
# that comes back byte for byte gives its id the layout it gave before
# (an array of objects with strings, walked), and what is wrong with a
# row is said every time it comes
PAIRS = fields(("Pairs", b"\x13" + KV))
code, got, report, _, _, ev2_at = sent_again(
    row(PAIRS), row(PAIRS), U16(0),
    U16(2) + s16("ab") + I32(1) + "cd".encode("utf-16-le"), "sent-again")
t.eq((code, got), (0, [("NT-PAY-002", ev2_at + 12)]),
     "a row sent again byte for byte: its events are walked as before")
DECIMAL = fields(("D", b"\x0f"))
type_at = len(row(DECIMAL)) - 2 - 1  # the type code before OptionalMetadata
code, got, report, first_at, again_at, _ = sent_again(
    row(DECIMAL), row(DECIMAL), b"\0" * 16, b"\0" * 16, "decimal-again")
t.eq([(d["rule"], d["offset"]) for d in report["findings"]],
     [("NT-MET-010", first_at + type_at), ("NT-MET-010", again_at + type_at)],
     "type code 15 in a row sent again: said for each of the two rows")
# the same fields, then OptionalMetadata of an unknown kind (2)
odd = row(PAIRS)[:-2] + struct.pack("<H", 1) + b"\x02"
code, got, report, _, again_at, _ = sent_again(row(PAIRS), odd, U16(0),
                                               U16(0), "optional-again")
t.eq([(d["rule"], d["offset"]) for d in report["findings"]],
     [("NT-MET-013", again_at + len(odd) - 1)],
     "a row sent again with other OptionalMetadata: its kind 2 is said")

# the payload programs of live metadata are bounded: rows of deeply
# nested arrays (one program step per type byte) fill the table, which is
# reported once as a checker limit (exit 5) and ends payload checks, never
# a crash or a leak
deep = b"\x13" * 30 + b"\x12"
per_row = (65000 - 64) // (2 + 1 + len(deep))
rows = b"".join(struct.pack("<H", len(r)) + r for r in (
    row(fields(*[("", deep)] * per_row), mid=m) for m in range(1, 21)))
order = [(1, "trace"), (3, "metadata"), (6, "thread"), (4, "sp"),
         (7, "remove"), (0, "end")]
code, got, report = payload_findings(
    nt6.example(blocks=order, metadata=struct.pack("<H", 0) + rows,
                sp=sp(200, 0, 0), remove=b"\x01\x00"), "ops-limit")
t.eq((code, [d["rule"] for d in report["findings"]]), (5, ["NT-LIM-003"]),
     "20 rows of ~60,000 program steps each: NT-LIM-003 once, exit 5")
t.done()
