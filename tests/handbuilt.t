#!/usr/bin/python3
"""handbuilt.t - one case per rule that no other hand-built test covers,
each written from the spec's words (the dumpalloc seed, fileformat.md; NetTraceFormat_v5.md
sections 4-7) with the builders of taplib, nt45 and nt6, never from
tracegate's generator, so a misreading shared by the generator and the
checker cannot pass here. Each case names the rule its first finding must
have, the offset (computed from how the bytes were built), and the exit
code. Failure: another rule, offset or exit code."""
# build.sh test runs this against the checker-only build too
import json
import struct

import nt45
import nt6
from nt45 import File, metadata, row, sp, stacks, tag, u16z, uncompressed
from nt45 import v1, v2, v2_field
from taplib import Scratch, Tap, da_example, da_rec, da_str, run

t = Tap()
scratch = Scratch("tg-handbuilt-")


def case(fmt, name, data, rule, offset, code, *opts):
    path = scratch.write("case", data)
    got, out, err = run("check", "--report", "json", "--format", fmt,
                        *opts, path)
    found = [(d["rule"], d["offset"]) for d in json.loads(out)["files"][0]
             ["findings"]]
    t.eq((got, found[:1]), (code, [(rule, offset)]),
         "%s %s: %s at %d, exit %d" % (fmt, name, rule, offset, code))


def da(name, data, rule, offset, code):
    case("dumpalloc", name, data, rule, offset, code)


# ---- dumpalloc: a 151-byte file built from the seed's tables -----------
# PROC 0 (19 bytes), OBJE 19 (21), ALOC 40 (28), FRAM NTVE 68 (20),
# FRAM PCAL 88 (35), FRAM TERM 123 (12), DALC 135 (16)
EX = da_example()
t.eq(len(EX), 151, "the dumpalloc example is 151 bytes")
PROC = da_rec(b"PROC", struct.pack("<I", 1234) + da_str(b"app"))
ALOC = da_rec(b"ALOC", struct.pack("<QqI", 0x1000, 1, 500))
TERM = da_rec(b"FRAM", b"TERM")
DALC = da_rec(b"DALC", struct.pack("<Q", 0x1000))
NTVE = da_rec(b"FRAM", b"NTVE" + struct.pack("<Q", 0x400000))
da("header cut", EX + b"PRO", "DA-REC-001", 151, 7)
da("Length 0x80000000", EX[:23] + struct.pack("<I", 0x80000000) + EX[27:],
   "DA-REC-003", 23, 1)
da("type PR\\0C", EX[:19] + da_rec(b"PR\0C", b"\0" * 4) + EX[19:],
   "DA-REC-004", 19, 0)
da("PROC Length 7", da_rec(b"PROC", b"\xd2\x04\0\0\0\0\0") + EX[19:],
   "DA-PROC-001", 0, 1)
da("OBJE Length 3", EX[:19] + da_rec(b"OBJE", b"\0\0\0") + EX[40:],
   "DA-OBJE-001", 19, 1)
da("ALOC Length 19", EX[:40] + da_rec(b"ALOC", b"\0" * 19) + EX[68:],
   "DA-ALOC-001", 40, 1)
da("DALC Length 4", EX[:135] + da_rec(b"DALC", b"\0\x10\0\0"),
   "DA-DALC-001", 135, 1)
da("FRAM Length 3", EX[:68] + da_rec(b"FRAM", b"NTV") + EX[88:],
   "DA-FRAM-001", 68, 1)
da("NTVE Length 11", EX[:68] + da_rec(b"FRAM", b"NTVE" + b"\0" * 7) +
   EX[88:], "DA-FRAM-002", 68, 1)
# a PCAL of a 4-byte function name and nothing else: it needs 4 (PCAL) +
# 4 + 4 (function) + 4 (file name length) + 4 (line) = 20
path = scratch.write("pcal", EX[:88] + da_rec(b"FRAM", b"PCAL" +
                                              da_str(b"main")) + EX[123:])
code, out, err = run("check", "--report", "json", path)
d = json.loads(out)["files"][0]["findings"][0]
t.eq((code, d["rule"], d["offset"], d["expected"], d["found"]),
     (1, "DA-FRAM-003", 88, "Length >= 20", "12"),
     "dumpalloc PCAL without file name and line: DA-FRAM-003 at 88, "
     "expected Length >= 20, found 12")
da("TERM with a payload", EX[:123] + da_rec(b"FRAM", b"TERM\0\0\0\0") +
   EX[135:], "DA-FRAM-004", 123, 0)
da("frame type JAVA", EX[:68] + da_rec(b"FRAM", b"JAVA" + b"\0" * 8) +
   EX[88:], "DA-FRAM-005", 68, 0)
da("list without TERM", EX[:88] + DALC, "DA-LIST-001", 88, 1)
da("FRAM after a DALC", EX + NTVE, "DA-LIST-003", 151, 1)
da("PROC name claiming 8 of 3 bytes",
   da_rec(b"PROC", struct.pack("<II", 1234, 8) + b"app") + EX[19:],
   "DA-STR-001", 12, 1)
# the largest u32 string length: compared with the bytes left in the
# record, never added to an offset (spec/overflow.md)
da("PROC name claiming 0xFFFFFFFF bytes",
   da_rec(b"PROC", struct.pack("<II", 1234, 0xFFFFFFFF) + b"app") + EX[19:],
   "DA-STR-001", 12, 1)
da("OBJE name with c3 28", EX[:19] + da_rec(b"OBJE", da_str(b"a\xc3(b")) +
   EX[40:], "DA-STR-002", 19 + 12 + 2, 0)
da("OBJE name with a NUL", EX[:19] + da_rec(b"OBJE", da_str(b"a\0b")) +
   EX[40:], "DA-STR-003", 19 + 12 + 1, 0)
# ALOC at 40: header 8, address 8, then the seconds
da("ALOC at second -1", EX[:56] + struct.pack("<q", -1) + EX[64:],
   "DA-TIME-002", 56, 0)
da("OBJE first", EX[19:40] + EX[:19] + EX[40:], "DA-SEQ-001", 0, 0)
da("no record", b"", "DA-SEQ-002", 0, 0)
da("PROC twice", EX + PROC, "DA-SEQ-003", 151, 0)
da("address 0", EX[:40] + da_rec(b"ALOC", struct.pack("<QqI", 0, 1, 0)) +
   EX[68:135] + da_rec(b"DALC", struct.pack("<Q", 0)), "DA-ADDR-001", 48, 0)
da("allocated twice", EX[:135] + ALOC + TERM, "DA-LIVE-002", 143, 0)

# "Each record shall contain a length field, allowing readers to skip
# it": an OBJE whose Length claims 1000 bytes, of which the input has its
# string and 6 more. DA-REC-006 covers the 6 extra bytes the input has,
# not the 987 the Length claims, and DA-REC-002 the record the input has
obje = b"OBJE" + struct.pack("<I", 1000) + da_str(b"libc.so.6") + b"\7" * 6
path = scratch.write("case", EX[:19] + obje)
got, out, err = run("check", "--report", "json", "--format", "dumpalloc",
                    path)
t.eq((got, [(d["rule"], d["offset"], d["length"], d["found"])
            for d in json.loads(out)["files"][0]["findings"]]),
     (7, [("DA-REC-006", 19 + 8 + 4 + 9, 6,
           "%d extra bytes" % (1000 - 4 - 9)),
          ("DA-REC-002", 19, len(obje), "%d bytes" % len(obje))]),
     "dumpalloc: a Length past the input's end, extra bytes said over those "
     "the input has")


# ---- NetTrace v4/v5: NetTraceFormat_v5.md ------------------------------
def nt(name, data, rule, offset, code, *opts):
    case("nettrace", name, data, rule, offset, code, *opts)


EVENT = 0x01 | 0x02 | 0x04 | 0x08 | 0x40 | 0x80  # all explicit, sorted


def ev(ts, seq=0, thread=7, stack=0, flags=EVENT, payload=b""):
    """An event row of metadata 1 (sequence delta `seq`)."""
    return row(flags, meta=1, seq=seq, capture=thread, proc=0,
               thread=thread, stack=stack, ts=ts, payload=payload)


def base(meta_rows=None, stack=None, events=None, sps=((200, ((7, 2),)),),
         edit=None):
    """Trace; MetadataBlock; StackBlock; EventBlock; SPBlock(s).  Returns
    the File (offsets) and its bytes; edit(f) may change objects first."""
    f = File()
    f.add("MetadataBlock", nt45.block_content(
        meta_rows or row(0xC0, ts=100, payload=metadata(1)), 100, 100))
    f.add("StackBlock", stack or stacks(1, 0, 8))
    rows = events if events is not None else ev(100, stack=1) + ev(5)
    lo, hi = (100, 105) if events is None else (100, 100)
    f.add("EventBlock", nt45.block_content(rows, lo, hi))
    for ts, threads in sps:
        f.add("SPBlock", sp(ts, *threads))
    if edit:
        edit(f)
    return f, f.build()


f, B = base()
got, out, err = run("check", "--report", "json", "--fail-on", "info",
                    scratch.write("b45", B))
t.eq((got, json.loads(out)["files"][0]["findings"]), (0, []),
     "the v4/v5 baseline has no finding")
META, STACK, EVENTS, SPB = 1, 2, 3, 4
end_tag = f.content[META] + len(f.objects[META][1])
nt("a block closed by 07", B[:end_tag] + b"\x07" + B[end_tag + 1:],
   "NT-OBJ-001", end_tag, 1)
nt("name length -1", B[:f.at[META] + 11] + struct.pack("<i", -1) +
   B[f.at[META] + 15:], "NT-OBJ-002", f.at[META] + 11, 1)


def no_trace(f):
    f.objects.pop(0)


nt("no Trace object", base(edit=no_trace)[1], "NT-OBJ-004", 32, 1)
nt("Trace version 5", B[:35] + b"\x05" + B[36:], "NT-OBJ-005", 35, 1)
nt("Trace MinimumReaderVersion 3", B[:39] + b"\x03" + B[40:],
   "NT-OBJ-006", 39, 0)
# a 47-byte Trace payload: its 06 comes one byte early, and the byte after
# 48 bytes is the next object's 05
t47 = B[:0x35 + 47] + B[0x35 + 48:]
nt("Trace payload of 47 bytes", t47, "NT-OBJ-007", 0x35 + 48, 1)


def stack_versions(version, minver):
    def edit(f):
        f.objects[STACK][2:] = [version, minver]
    return base(edit=edit)


f2, data = stack_versions(3, 2)
nt("StackBlock version 3", data, "NT-OBJ-009", f2.at[STACK] + 3, 1)
f2, data = stack_versions(2, 0)
nt("StackBlock MinimumReaderVersion 0", data, "NT-OBJ-010",
   f2.at[STACK] + 7, 0)
f2, data = stack_versions(2, 3)
nt("StackBlock MinimumReaderVersion 3", data, "NT-OBJ-011",
   f2.at[STACK] + 7, 0)
sz = f.size_at[STACK]
nt("BlockSize -1", B[:sz] + struct.pack("<i", -1) + B[sz + 4:],
   "NT-OBJ-012", sz, 1)
# one zero byte of padding too many before the StackBlock's content
nt("padding one byte too long", B[:f.content[STACK]] + b"\0" +
   B[f.content[STACK]:], "NT-OBJ-015", sz + 4, 1)
nt("tick frequency 0", B[:0x35 + 24] + b"\0" * 8 + B[0x35 + 32:],
   "NT-TRC-002", 0x35 + 24, 0)
c = f.content[EVENTS]
nt("EventBlock Flags 3", B[:c + 2] + b"\x03" + B[c + 3:], "NT-BLK-002",
   c + 2, 0)
f2, data = base(events=b"")
nt("EventBlock without rows", data, "NT-BLK-003", f2.content[EVENTS], 1)
f2, data = base(events=bytes([0x10]) + nt45.var(100) + b"\1\2\3\4\5")
nt("ActivityId cut by the block end", data, "NT-BLK-004",
   f2.content[EVENTS] + 20 + 2, 1)
f2, data = base(events=b"\x01\xff\xff\xff\xff\xff\x01")
nt("a 6-byte varuint32", data, "NT-ROW-001", f2.content[EVENTS] + 21, 1)
meta_row = row(0xC0, ts=100, payload=metadata(1))
f2, data = base(meta_rows=b"\xc0\xe4\x00" + meta_row[2:])  # ts as e4 00
nt("a 2-byte timestamp delta 100", data, "NT-ROW-002",
   f2.content[META] + 21, 0)
f2, data = base(events=ev(100, payload=b"")[:-1] + b"\xc8\x01" + b"\0" * 10)
nt("PayloadSize 200 with 10 bytes left", data, "NT-ROW-003",
   f2.content[EVENTS] + 20 + len(ev(100)) + 1, 1)


def unc(payload, event_size=None, pad=None, fill=b"\0"):
    r = uncompressed(1, 1, 7, 100, payload, pad=pad, event_size=event_size)
    if fill != b"\0":
        r = r[:-1] + fill
    f = File()
    f.add("MetadataBlock", nt45.block_content(meta_row, 100, 100))
    e = f.add("EventBlock", nt45.block_content(r, 100, 100, flags=0))
    f.add("SPBlock", sp(200, (7, 1)))
    return f.build(), f.content[e] + 20


data, at = unc(b"\0" * 8, event_size=76 + 7)
nt("uncompressed EventSize 76 + 7 for 8 bytes", data, "NT-ROW-004", at, 1)
data, at = unc(b"\0" * 8, pad=4, fill=b"\xff")  # 00 00 00 ff
nt("uncompressed padding ff", data, "NT-ROW-005", at + 4 + 76 + 8 + 3, 0)
f2, data = base(meta_rows=row(0xC1, meta=5, ts=100, payload=metadata(1)))
nt("metadata row with header MetadataId 5", data, "NT-ROW-008",
   f2.content[META] + 20, 1)
twice = meta_row + row(0xC0, ts=0, payload=metadata(1))
f2, data = base(meta_rows=twice)
nt("metadata id 1 defined twice", data, "NT-REF-002",
   f2.content[META] + 20 + len(meta_row) + 3, 1)
f2, data = base(events=ev(100, stack=5) + ev(5))
nt("an event on stack 5, never defined", data, "NT-REF-004",
   f2.content[EVENTS] + 20, 1)


def second_stacks(content):
    def edit(f):
        f.objects.insert(STACK + 1, ["StackBlock", content, 2, 2])
    return base(edit=edit)


f2, data = second_stacks(stacks(1, 0))
nt("stack id 1 defined twice", data, "NT-REF-005", f2.content[STACK + 1], 1)
f2, data = second_stacks(struct.pack("<II", 3, 3) + struct.pack("<I", 0))
nt("Count 3 with one stack", data, "NT-STK-001", f2.content[STACK + 1] + 12,
   1)
f2, data = second_stacks(stacks(3, 0) + b"\xff")
nt("a byte after the stacks", data, "NT-STK-002",
   f2.content[STACK + 1] + 12, 0)
f2, data = second_stacks(stacks(3, 12))
nt("a 12-byte stack, PointerSize 8", data, "NT-STK-003",
   f2.content[STACK + 1] + 8, 0)
fields = v1((9, "A")) + tag(2, v2(v2_field("B", 9)))
f2, data = base(meta_rows=row(0xC0, ts=100, payload=metadata(1,
                                                             fields=fields)))
payload_at = f2.content[META] + 20 + 3
tags_at = payload_at + len(metadata(1, fields=v1((9, "A"))))
nt("V2Params after a V1 field", data, "NT-MET-002", tags_at, 0)
f2, data = base(meta_rows=row(0xC0, ts=100, payload=metadata(
    1, fields=v1((19, "A")))))
nt("Array in a V1 list", data, "NT-MET-003", payload_at + 32 + 4, 0)
f2, data = base(meta_rows=row(0xC0, ts=100, payload=metadata(
    1, fields=v1() + tag(9, b"\0\0"))))
nt("a tag of kind 9", data, "NT-MET-005", payload_at + 32 + 4 + 4, 0)
f2, data = base(sps=((200, ((7, 2),)), (200, ())))
nt("two sequence points at 200", data, "NT-ORD-002", f2.content[SPB + 1], 0)
UNSORTED = EVENT & ~0x40
f2, data = base(events=ev(105, stack=1, flags=UNSORTED) +
                ev(2**64 - 5, flags=UNSORTED), sps=((200, ((7, 2),)),))
f2.objects[EVENTS][1] = nt45.block_content(f2.objects[EVENTS][1][20:], 100,
                                           105)
data = f2.build()
nt("one thread back in time", data, "NT-ORD-004",
   f2.content[EVENTS] + 20 + len(ev(105, stack=1)), 0)


def two_threads(second, sps=((200, ((7, 1), (8, 1))),)):
    rows = ev(105, stack=1) + second
    f = File()
    f.add("MetadataBlock", nt45.block_content(meta_row, 100, 100))
    f.add("StackBlock", stacks(1, 0))
    e = f.add("EventBlock", nt45.block_content(rows, 100, 105))
    for ts, threads in sps:
        f.add("SPBlock", sp(ts, *threads))
    return f.build(), f.content[e] + 20 + len(ev(105, stack=1))


data, at = two_threads(ev(2**64 - 5, thread=8))
nt("older than the sorted event before it", data, "NT-ORD-005", at, 1)
data, at = two_threads(ev(0, thread=8, flags=UNSORTED))
nt("capture thread changes on an unsorted row", data, "NT-ORD-006", at, 0)
f2, data = base(sps=((200, ()),))
nt("a sequence point listing no thread", data, "NT-ORD-007",
   f2.content[SPB] + 8, 0)
bad_sp = struct.pack("<qi", 200, 2) + struct.pack("<qi", 7, 2)
f2, data = base(sps=((200, ((7, 2),)),))
f2.objects[SPB][1] = bad_sp
data = f2.build()
nt("ThreadCount 2 with one entry", data, "NT-SP-001", f2.content[SPB], 1)
f2, data = base(events=ev(100, seq=5, stack=1) + ev(5),
                sps=((200, ((7, 7),)),))
nt("a thread's first event numbered 6", data, "NT-SEQ-001",
   f2.content[EVENTS] + 20, 0)
f2, data = base(events=ev(100, stack=1) + ev(5) + ev(5, seq=2**32 - 2),
                sps=((200, ((7, 1),)),))
f2.objects[EVENTS][1] = nt45.block_content(f2.objects[EVENTS][1][20:], 100,
                                           110)
data = f2.build()
nt("numbering back to 1 on a thread", data, "NT-SEQ-003",
   f2.content[EVENTS] + 20 + 2 * len(ev(5)) + len(ev(100, stack=1)) -
   len(ev(5)), 0)
f2, data = base(stack=stacks(5, 0), events=ev(100, stack=5) + ev(5))
nt("a window's first stack id 5", data, "NT-OBS-003", f2.content[STACK], 0)


def meta_last(f):
    f.add("MetadataBlock", nt45.block_content(row(0xC0, ts=300,
                                                  payload=metadata(2)),
                                              300, 300))


f2, data = base(edit=meta_last)
nt("a MetadataBlock after the last sequence point", data, "NT-OBS-004",
   len(data) - 1, 0)
f2, data = base(events=ev(100, stack=1, payload=b"\0" * 70000))
nt("a 70000-byte payload", data, "NT-PAY-001",
   f2.content[EVENTS] + 20 + len(ev(100, stack=1, payload=b"\0" * 70000)) -
   70000, 0)

# ---- NetTrace v6: NetTraceFormat.md, a hand-built 309-byte file -------
P = nt6.default_parts()
O = nt6.offsets()
nt("Trace KeyValueCount 3 with 2 pairs", nt6.example(
    trace=P["trace"][:36] + struct.pack("<i", 3) + P["trace"][40:]),
   "NT-FRAME-004", O["trace"] + len(P["trace"]), 1)
nt("a byte after a SequencePoint's entries",
   nt6.example(sp=P["sp"] + b"\0"), "NT-FRAME-005",
   O["sp"] + len(P["sp"]), 0)
nt("Metadata HeaderSize 65535", nt6.example(metadata=b"\xff\xff"),
   "NT-MET-007", O["metadata"], 1)
# the row's first FieldSize is 7; claim 3 so the name "Value" runs past it
short_field = P["row"].replace(b"\x07\x00\x05Value", b"\x03\x00\x05Value")
nt("a field name longer than its FieldSize",
   nt6.example(metadata=nt6.metadata_with(short_field)), "NT-MET-008",
   O["metadata"] + 4 + 1 + 11 + 1 + 8 + 2 + 2, 1)
# the row: id 1, "MyProvider" 11, EventId 1, "MyEvent" 8, Count 2, Value's
# field 9 with its FieldSize, Flag's FieldSize 2 and name 5: its type at 39
nt("a scalar field of type 23", nt6.example(metadata=nt6.metadata_with(
    P["row"].replace(b"\x04Flag\x1a", b"\x04Flag\x17"))), "NT-MET-014",
   O["metadata"] + 2 + 2 + 39, 0)
nt("a thread name past its row", nt6.example(
    thread=b"\x04\x00\x01\x01\x09ab"), "NT-THR-001", O["thread"] + 4, 1)
nt("a thread declared twice", nt6.example(blocks=[
    (1, "trace"), (3, "metadata"), (6, "thread"), (6, "thread"),
    (5, "stack"), (8, "labels"), (2, "events"), (4, "sp"), (7, "remove"),
    (0, "end")]), "NT-THR-004", O["thread"] + 4 + len(P["thread"]), 1)
nt("a removed index declared again", nt6.example(blocks=[
    (1, "trace"), (3, "metadata"), (6, "thread"), (5, "stack"),
    (8, "labels"), (2, "events"), (4, "sp"), (7, "remove"), (6, "thread"),
    (0, "end")]), "NT-THR-005", O["end"], 0)
# TraceEvent removes a thread by its OS thread id from a table keyed by
# index (spec/nettrace.md, "The TraceEvent reader"): index 2, whose OSThreadId (kind 3) is
# 1, a live index, removed
parts = dict(P, thread=P["thread"] + b"\x03\x00\x02\x03\x01",
             remove=b"\x02\x00")
os_id = nt6.example(thread=parts["thread"], remove=parts["remove"])
nt("a removed index whose OS thread id is a live index", os_id,
   "NT-THR-007", nt6.offsets(parts=parts)["remove"], 0)
nt("the same, under traceevent-compat", os_id, "NT-THR-007",
   nt6.offsets(parts=parts)["remove"], 1, "--profile", "traceevent-compat")
nt("a LabelList block repeated", nt6.example(blocks=[
    (1, "trace"), (3, "metadata"), (6, "thread"), (5, "stack"),
    (8, "labels"), (8, "labels"), (2, "events"), (4, "sp"), (7, "remove"),
    (0, "end")]), "NT-LBL-003", O["labels"] + 4 + len(P["labels"]), 0)
unc6 = (struct.pack("<hhqq", 20, 0, 100, 105) +
        struct.pack("<IIIQQIIQII", 49 + 2, 1, 1, 1, 1, 0, 1, 100, 1, 2) +
        b"\x2a\x01" +
        struct.pack("<IIIQQIIQII", 48 + 2, 1 | 0x80000000, 2, 1, 1, 0, 1,
                    105, 1, 2) + b"\x2a\x01")
nt("uncompressed v6 EventSize 49 + 2", nt6.example(events=unc6),
   "NT-ROW-009", O["events"] + 20, 1)
flag20 = P["events"][:20] + b"\xff" + P["events"][21:]
nt("flag 0x20 on a v6 row", nt6.example(events=flag20), "NT-ROW-010",
   O["events"] + 20, 0)
# the first row not sorted (df without 0x40), the second a delta of -1
back = (P["events"][:20] + b"\x9f" + P["events"][21:-4] + b"\x00" +
        b"\xff" * 9 + b"\x01" + b"\x2a\x01")
back_events = struct.pack("<hhqq", 20, 1, 99, 100) + back[20:]
nt("a thread index back in time", nt6.example(events=back_events),
   "NT-ORD-008", O["events"] + 20 + 12, 1)
first7 = P["events"][:22] + b"\x06" + P["events"][23:]
nt("a new thread index's first event numbered 7",
   nt6.example(events=first7, sp=struct.pack("<QII", 200, 0, 1) + b"\x01\x08",
               remove=b"\x01\x08"), "NT-SEQ-004", O["events"] + 20, 0)
row0 = P["row"].replace(b"\x01\x0aMyProvider", b"\x00\x0aMyProvider", 1)
ev0 = P["events"][:21] + b"\x00" + P["events"][22:]
got, out, err = run("check", "--report", "json", scratch.write(
    "meta0", nt6.example(metadata=nt6.metadata_with(row0), events=ev0)))
found = [(d["rule"], d["offset"]) for d in json.loads(out)["files"][0]
         ["findings"]]
t.ok(("NT-ROW-011", O["events"] + 20) in found,
     "v6 events of metadata id 0: NT-ROW-011 at the event", found)

# ---- the v6 draft (its seed) ------------------------------------------
D = nt6.draft_parts()
DO = nt6.offsets(draft=True)


def drf(name, data, rule, offset, code):
    nt(name, data, rule, offset, code, "--profile", "nettrace-v6-draft")


got, out, err = run("check", "--report", "json", "--fail-on", "info",
                    "--profile", "nettrace-v6-draft",
                    scratch.write("d", nt6.draft_example()))
t.eq((got, json.loads(out)["files"][0]["findings"]), (0, []),
     "the draft example has no finding")
drf("metadata Count 2 with one row", nt6.draft_example(
    metadata=b"\x02\x00" + D["row"]), "NT-DRAFT-001", DO["metadata"], 1)
drf("a field of type 25", nt6.draft_example(metadata=b"\x01\x00" + D["row"]
                                            .replace(b"\x15\x05Value",
                                                     b"\x19\x05Value")),
    "NT-DRAFT-002", DO["metadata"] + 2 + 1 + 11 + 1 + 8 + 1, 1)
# the row ends with its optional list: count 1, OpCode (kind 1, value 1)
drf("an optional element of kind 7", nt6.draft_example(
    metadata=b"\x01\x00" + D["row"][:-3] + b"\x01\x07\x02\xab\xcd"),
    "NT-DRAFT-003", DO["metadata"] + 2 + len(D["row"]) - 3 + 1, 0)
drf("no Thread block", nt6.draft_example(blocks=[
    (1, "trace"), (3, "metadata"), (4, "stack"), (2, "events"), (5, "sp"),
    (0, "end")]), "NT-DRAFT-004",
    DO["events"] - 4 - len(D["thread"]) + 20, 1)
drf("Thread Count 2 with one entry", nt6.draft_example(
    thread=b"\x02\x00" + D["thread"][2:]), "NT-DRAFT-005", DO["thread"], 1)
t.done()
