#!/usr/bin/python3
"""nettrace.t - NetTrace checks fire where they should: hand-built stream
headers for every generation, and corruptions of the smallest real runtime
file (582 bytes) at the offsets its layout has, worked out by hand from
NetTraceFormat_v5.md.
Each case expects one rule, at a given offset, and an exit code. The
sample-based cases skip when ../shared/samples is absent. Failure: another
rule, offset or exit code."""
import json
import os
import struct
import subprocess

import nt6
from taplib import SHARED, TRACEGATE, Scratch, Tap, run

t = Tap()
scratch = Scratch("tg-nettrace-")


def case(name, data, rule, offset, code, *opts):
    path = scratch.write(name + ".nettrace", data)
    got, out, err = run("check", "--report", "json", "--format", "nettrace",
                        *opts, path)
    found = [(d["rule"], d["offset"]) for d in json.loads(out)["files"][0]
             ["findings"]]
    t.eq((got, found[:1]), (code, [(rule, offset)]),
         "%s: %s at %d, exit %d" % (name, rule, offset, code))


v6 = b"Nettrace" + struct.pack("<III", 0, 6, 0)
case("no-magic", b"NetTrace" + b"\0" * 24, "NT-HDR-001", 0, 1)
case("short-header", b"Nettrace\x14\0\0\0!Fast", "NT-OBJ-014", 0, 7)
case("fastser", b"Nettrace\x15\0\0\0!FastSerialization.1x", "NT-HDR-002", 8, 1)
case("major-5", b"Nettrace" + struct.pack("<III", 0, 5, 0), "NT-HDR-003", 12,
     1)
case("major-7", b"Nettrace" + struct.pack("<III", 0, 7, 0), "NT-HDR-004", 12,
     4)
case("v6-header-only", v6, "NT-END-003", 20, 7)

# v6: a hand-built 309-byte v6 file (tests/nt6.py), then one change each
ex = nt6.example()
t.eq(len(ex), 309, "the v6 worked example is 309 bytes")
got, out, err = run("check", "--fail-on", "info", scratch.write("ex6", ex))
t.ok(got == 0 and "layout v6" in out, "the v6 worked example is conformant",
     out)
P = nt6.default_parts()
END = len(ex) - 4  # offset of the EndOfStream block header
case("v6-no-end", ex[:-4], "NT-END-003", END, 7)
case("v6-end-size", ex[:-4] + nt6.block(0, b"\0" * 4), "NT-END-004", END, 1)
case("v6-trailing", ex + b"\0", "NT-END-002", len(ex), 0)
case("v6-minor", P["header"][:16] + b"\x01\0\0\0" + ex[20:], "NT-HDR-006",
     16, 0)
# the final example read as the seed's draft: kinds 4/5 swap, metadata
# misparses; it must fail, never pass
got, out, err = run("check", "--profile", "nettrace-v6-draft",
                    scratch.write("ex6-as-draft", ex))
t.ok(got == 1 and "v6 draft" in out, "the final v6 example fails when read "
     "as the draft", out)
order = [(1, "trace"), (3, "metadata"), (9, "labels"), (6, "thread"),
         (5, "stack"), (8, "labels"), (2, "events"), (4, "sp"),
         (7, "remove"), (0, "end")]
case("v6-unknown-kind", nt6.example(blocks=order), "NT-FRAME-001", 0x65 + 56,
     0)
# the message names the kinds of the layout being read and the kind found:
# final v6 numbers 0-8; the seed's draft stops at 6 (Thread), so its kind 7
# is unknown too
def first_finding(name, data, *opts):
    got, out, err = run("check", "--report", "json", "--format", "nettrace",
                        *opts, scratch.write(name + ".nettrace", data))
    d = json.loads(out)["files"][0]["findings"][0]
    return (got, d["rule"], d["offset"], d["expected"], d["found"])


t.eq(first_finding("v6-kind-9", nt6.example(blocks=order)),
     (0, "NT-FRAME-001", 0x65 + 56, "kinds 0-8", "kind 9"),
     "final v6 kind 9: NT-FRAME-001, expected kinds 0-8, found kind 9")
draft_order = [(1, "trace"), (3, "metadata"), (7, "thread"), (6, "thread"),
               (4, "stack"), (2, "events"), (5, "sp"), (0, "end")]
draft_at = nt6.offsets(draft=True)["thread"] - 4
t.eq(first_finding("draft-kind-7", nt6.draft_example(blocks=draft_order),
                   "--profile", "nettrace-v6-draft"),
     (0, "NT-FRAME-001", draft_at, "kinds 0-6", "kind 7"),
     "draft kind 7: NT-FRAME-001 at its header, expected kinds 0-6, found "
     "kind 7")
case("v6-trace-not-first",
     nt6.example(blocks=[(3, "metadata"), (1, "trace")] + order[3:]),
     "NT-FRAME-002", 20, 1)
# block findings point at the block's content, after its 4-byte header
case("v6-trace-twice", nt6.example(blocks=[(1, "trace")] + order),
     "NT-FRAME-003", 20 + 81 + 4, 0)
case("v6-remove-twice", nt6.example(remove=b"\x01\x02\x01\x02"),
     "NT-THR-006", 0x12b + 6, 1)
# first event row, after the 20-byte block header: flags, MetadataId,
# SeqDelta, CaptureThreadIndex (+23), Processor, ThreadIndex (+25),
# StackId, TimeStamp, LabelListId (+28), PayloadSize
case("v6-unknown-thread", nt6.example(events=P["events"][:25] + b"\x09" +
                                      P["events"][26:]),
     "NT-THR-003", 0xed + 4 + 20, 1)
case("v6-unknown-label", nt6.example(events=P["events"][:28] + b"\x05" +
                                     P["events"][29:]),
     "NT-LBL-001", 0xed + 4 + 20, 1)
case("v6-label-first-0", nt6.example(labels=b"\0\0\0\0" + P["labels"][4:]),
     "NT-LBL-002", 0xd0 + 4, 1)


def all_findings(name, data, *opts, last="path"):
    """Exit code and every finding as (rule, offset, length, and its
    `last` field: its path unless asked otherwise)."""
    got, out, err = run("check", "--report", "json", "--format", "nettrace",
                        *opts, scratch.write(name + ".nettrace", data))
    return got, [(d["rule"], d["offset"], d["length"], d[last])
                 for d in json.loads(out)["files"][0]["findings"]]


# Findings on v6 fields that are varuints point at the varuint, as long as
# it is (NetTraceFormat.md), not where a v4/v5 reader
# would have its fixed-size field.  The example's SP block (0x115) holds
# (index 1, seq 2) at 0x129 and 0x12a; its RemoveThread block (0x12b),
# (index 1, seq 2) at 0x12f and 0x130; its metadata row opens with
# MetaDataId 1 at 0x69 + 4 + 2 + 2.
O = nt6.offsets()
row_at = [O["events"] + 20, O["events"] + 20 + 12]  # the two event rows
# CaptureThreadIndex 9, never declared, named by the first row and kept by
# the second (flag 0x02 clear): NT-THR-003 at each row; thread 1 then has
# no events, so the SP's seq 2 for it skips two (NT-SEQ-001 at the seq)
t.eq(all_findings("v6-unknown-capture", nt6.example(
    events=P["events"][:23] + b"\x09" + P["events"][24:])),
    (1, [("NT-THR-003", row_at[0], 10,
          "/block[5]{Event}/row[0]/CaptureThreadIndex"),
         ("NT-THR-003", row_at[1], 2,
          "/block[5]{Event}/row[1]/CaptureThreadIndex"),
         ("NT-SEQ-001", O["sp"] + 17, 1,
          "/block[6]{SequencePoint}/row[0]/SequenceNumber")]),
    "v6: an undeclared capture thread kept by the next row, and the SP "
    "sequence number that skips, each at its own bytes")
# ThreadIndex 9, never declared, on capture thread 1, named by the first
# row with a SequenceNumber delta of 2^32-1 (its number is the thread's
# last again: "prev + varuint32 + 1 (mod 2^32)", 4.7 as 5.6 takes it) and
# kept by the second: NT-THR-003 at each row, whatever else the first row's number
# would say (the fast path must not take the second row for a good one)
row1 = (bytes([0xdf, 1]) + b"\xff\xff\xff\xff\x0f" +
        bytes([1, 0, 9, 1, 100, 1, 2, 0x2a, 1]))
events = P["events"][:20] + row1 + bytes([0, 5, 0x2a, 1])
O_thr = nt6.offsets(parts=dict(P, events=events))
t.eq(all_findings("v6-unknown-thread-kept", nt6.example(events=events)),
     (1, [("NT-THR-003", O_thr["events"] + 20, len(row1) - 2,
           "/block[5]{Event}/row[0]/ThreadIndex"),
          ("NT-THR-003", O_thr["events"] + 20 + len(row1), 2,
           "/block[5]{Event}/row[1]/ThreadIndex"),
          ("NT-SEQ-001", O_thr["sp"] + 17, 1,
           "/block[6]{SequencePoint}/row[0]/SequenceNumber")]),
     "v6: an undeclared ThreadIndex kept by the next row is reported at "
     "both rows")
# RemoveThread of index 1 with seq 1, behind its last event's 2
t.eq(all_findings("v6-remove-seq-back", nt6.example(remove=b"\x01\x01")),
     (0, [("NT-SEQ-002", O["remove"] + 1, 1,
           "/block[7]{RemoveThread}/row[0]/SequenceNumber")]),
     "v6: a RemoveThread sequence number that goes back, at its varuint")
t.eq(all_findings("v6-remove-twice-at", nt6.example(
    remove=b"\x01\x02\x01\x02")),
    (1, [("NT-THR-006", O["remove"] + 2, 1,
          "/block[7]{RemoveThread}/row[1]/Index")]),
    "v6: the second RemoveThread of index 1, at its Index varuint")
meta_row = P["row"]
twice = (struct.pack("<H", 0) + struct.pack("<H", len(meta_row)) +
         meta_row + struct.pack("<H", len(meta_row)) + meta_row)
t.eq(all_findings("v6-metadata-twice", nt6.example(metadata=twice)),
     (1, [("NT-REF-002", O["metadata"] + 2 + 2 + len(meta_row) + 2, 1,
           "/block[1]{Metadata}/row[1]/MetaDataId")]),
     "v6: a MetaDataId defined twice, at the second row's varuint")
# a Stack block of FirstId 1 and Count 0 (5.7: u32 FirstId, u32 Count):
# NT-BLK-005 at the Count; the events' stack id 1 is then undefined
empty_stack = struct.pack("<II", 1, 0)
O_stack = nt6.offsets(parts=dict(P, stack=empty_stack))
t.eq(all_findings("v6-empty-stack-block", nt6.example(stack=empty_stack)),
     (1, [("NT-BLK-005", O_stack["stack"] + 4, 4, "/block[3]{Stack}/Count"),
          ("NT-REF-004", O_stack["events"] + 20, 10,
           "/block[5]{Event}/row[0]/StackId"),
          ("NT-REF-004", O_stack["events"] + 20 + 12, 2,
           "/block[5]{Event}/row[1]/StackId")]),
     "v6: an empty Stack block, at its Count")
# a row's TimeStamp varuint64 ("at most ... 10 bytes for a 64 bit long")
# where the block ends before it, two bytes before it with their high bits
# set, and one of 11 bytes: NT-ROW-001 covers the bytes the varuint has,
# none, two or eleven, never a byte of the next block; the row does not
# frame, so the rest of the block is skipped (NT-SKIP-001, from the row),
# and thread 1's events are lost to the SP (NT-SEQ-001 at its seq)
head = P["events"][:20] + bytes([0xdf, 1, 0, 1, 0, 1, 1])  # to the stack
for name, tail, want_len, why in (
        ("cut0", b"", 0, "cut by the block end"),
        ("cut2", b"\x80\x80", 2, "cut by the block end"),
        ("long", b"\x80" * 10 + b"\x01" + bytes([1, 2, 0x2a, 1]), 11,
         "too many bytes")):
    events = head + tail
    O_cut = nt6.offsets(parts=dict(P, events=events))
    row0 = O_cut["events"] + 20
    t.eq(all_findings("v6-ts-" + name, nt6.example(events=events),
                      last="found"),
         (1, [("NT-ROW-001", row0 + 7, want_len, why),
              ("NT-SKIP-001", row0, len(events) - 20,
               "%d bytes skipped from the row that does not frame" %
               (len(events) - 20)),
              ("NT-SEQ-001", O_cut["sp"] + 17, 1, "2 (2 lost)")]),
         "v6: a TimeStamp varuint (%s): NT-ROW-001 covers its %d bytes in "
         "the block" % (why, want_len))
# the draft's metadata rows open with a varuint MetaDataId too (section 6)
D = nt6.draft_parts()
O_draft = nt6.offsets(draft=True)
t.eq(all_findings("draft-metadata-twice", nt6.draft_example(
    metadata=struct.pack("<H", 2) + D["row"] + D["row"]), "--profile",
    "nettrace-v6-draft"),
     (1, [("NT-REF-002", O_draft["metadata"] + 2 + len(D["row"]), 1,
           "/block[1]{Metadata}/row[1]/MetaDataId")]),
     "draft: a MetaDataId defined twice, at the second row's varuint")
# ---- id ranges of u32 type (issue 14): a second Stack or LabelList block
# whose last id is 0xFFFFFFFF passes; one more id wraps to 0, reported at
# the block's first field
ranges = [(1, "trace"), (3, "metadata"), (6, "thread"), (5, "stack"),
          (5, "stack2"), (8, "labels"), (8, "labels2"), (2, "events"),
          (4, "sp"), (7, "remove"), (0, "end")]
lists2 = b"\x87\x01\x87\x01"  # two label lists, each one OpCode label


def ranged(stack2, labels2):
    parts = dict(P, stack2=stack2, labels2=labels2)
    return (nt6.example(blocks=ranges, stack2=stack2, labels2=labels2),
            nt6.offsets(blocks=ranges, parts=parts))


STACK_OK = struct.pack("<III", 0xFFFFFFFF, 1, 0)
LABELS_OK = struct.pack("<II", 0xFFFFFFFE, 2) + lists2
data, at = ranged(STACK_OK, LABELS_OK)
got, out, err = run("check", "--fail-on", "info", scratch.write("ids", data))
t.eq(got, 0, "v6: stack id 0xFFFFFFFF and label lists ..0xFFFFFFFF pass")
data, at = ranged(struct.pack("<IIII", 0xFFFFFFFF, 2, 0, 0), LABELS_OK)
case("v6-stack-ids-wrap", data, "NT-STK-004", at["stack2"], 1)
data, at = ranged(STACK_OK, struct.pack("<II", 0xFFFFFFFF, 2) + lists2)
case("v6-label-ids-wrap", data, "NT-LBL-005", at["labels2"], 1)
data, at = ranged(STACK_OK, struct.pack("<II", 0xFFFFFFFF, 1) + lists2[:2])
got, out, err = run("check", "--fail-on", "info", scratch.write("ids1", data))
t.eq(got, 0, "v6: one label list at index 0xFFFFFFFF passes")
case("v6-label-kind", nt6.example(labels=P["labels"][:8] + b"\x8b" +
                                  P["labels"][9:]),
     "NT-LBL-004", 0xd0 + 4 + 8, 1)
case("v6-type-code", nt6.example(metadata=nt6.metadata_with(
    P["row"].replace(b"Value\x15", b"Value\x1b"))), "NT-MET-009",
     # block, HeaderSize, Size, id, "MyProvider", EventId, "MyEvent",
     # Count, FieldSize, "Value", then the TypeCode
     0x65 + 4 + 2 + 2 + 1 + 11 + 1 + 8 + 2 + 2 + 6, 1)
case("v6-optional-kind", nt6.example(metadata=nt6.metadata_with(
    P["row"].replace(b"\x01\x01\x08\x04", b"\x02\x01\x08\x04"))),
     "NT-MET-013", 0x65 + 4 + 4 + 42, 1)
case("v6-sp-flags", nt6.example(sp=P["sp"][:8] + b"\x04\0\0\0" +
                                P["sp"][12:]), "NT-SP-002", 0x115 + 4 + 8, 0)
case("v6-sp-ts-before-event", nt6.example(sp=struct.pack("<Q", 104) +
                                          P["sp"][8:]), "NT-ORD-003",
     0x115 + 4, 1)

# ---- NT-A28: which layout a v6 header's blocks are read as -------------
FINAL = ("v6 (final published block layout: its first metadata, stack, "
         "sequence point or thread block reads as final v6)")
DRAFT_AUTO = ("v6 draft, chosen automatically because its first metadata, "
              "stack, sequence point or thread block has a MUST finding "
              "read as final v6 and none read as the draft (the seed's "
              "February 2025 layout, superseded: TraceEvent and final-v6 "
              "readers cannot read it)")


def layout_and_rules(data, *opts):
    got, out, err = run("check", "--report", "json", *opts,
                        scratch.write("layout.nettrace", data))
    f = json.loads(out)["files"][0]
    return got, f["layout"], [d["rule"] for d in f["findings"]]


# final v6 files whose first layout-dependent block carries SHOULD, COMPAT
# or INFO findings stay final v6
order = [(1, "trace"), (3, "empty"), (3, "metadata"), (6, "thread"),
         (5, "stack"), (8, "labels"), (2, "events"), (4, "sp"),
         (7, "remove"), (0, "end")]
stays = [
    ("an empty Metadata block first (SHOULD)",
     nt6.example(blocks=order, empty=b"\0\0"), ["NT-BLK-005"]),
    ("a metadata row with an undefined tail (INFO)",
     nt6.example(metadata=nt6.metadata_with(P["row"] + b"\7\7\7")),
     ["NT-MET-015"]),
    ("a field with an undefined tail (INFO)",
     nt6.example(metadata=nt6.metadata_with(P["row"].replace(
         b"\x07\x00\x05Value\x15", b"\x09\x00\x05Value\x15\7\7"))),
     ["NT-MET-015"]),
    ("a Decimal field (COMPAT)",
     nt6.example(metadata=nt6.metadata_with(P["row"].replace(
         b"\x06\x00\x04Flag\x1a", b"\x06\x00\x04Flag\x0f"))),
     ["NT-MET-010", "NT-PAY-002", "NT-PAY-002"]),
    ("a thread info entry of kind 5 (COMPAT)",
     nt6.example(blocks=[(1, "trace"), (6, "thread"), (3, "metadata"),
                         (5, "stack"), (8, "labels"), (2, "events"),
                         (4, "sp"), (7, "remove"), (0, "end")],
                 thread=struct.pack("<H", P["thread"][0] + 2) +
                 P["thread"][2:] + b"\5\0"),
     ["NT-THR-002"]),
]
for name, data, want in stays:
    t.eq(layout_and_rules(data), (0, FINAL, want),
         "final v6 stays final with %s" % name)
draft = nt6.draft_example()
t.eq(layout_and_rules(draft), (0, DRAFT_AUTO, []),
     "a draft file is read as the draft automatically, and says why")
got, layout, found = layout_and_rules(draft, "--profile", "nettrace-v6")
t.ok(got == 1 and layout == "v6 (final published block layout, as "
     "--profile nettrace-v6 asks)",
     "--profile nettrace-v6 never switches: the draft file fails as final "
     "v6", (got, layout, found))
t.eq(layout_and_rules(ex, "--profile", "nettrace-v6-draft")[1],
     "v6 draft, as --profile nettrace-v6-draft asks (the seed's February "
     "2025 layout, superseded: TraceEvent and final-v6 readers cannot read "
     "it)", "--profile nettrace-v6-draft never switches")
t.eq(layout_and_rules(nt6.example(blocks=[(1, "trace"), (0, "end")])),
     (0, "v6 (final published block layout: no block tells it from the "
         "seed's draft, so final v6 is assumed)", []),
     "a v6 file with no layout-dependent block is final v6, and says so")

# the draft's payloads are decoded against the draft's metadata: Value is
# a VarUInt, Label a u16-length UTF-8 string (2 bytes here)
D = nt6.draft_parts()
ev_at = (len(D["header"]) + 4 + len(D["trace"]) + 4 + len(D["metadata"]) +
         4 + len(D["thread"]) + 4 + len(D["stack"]) + 4)
cut = D["events"][:-5] + b"\x2a\x05\x00ab"  # the second Label claims 5
case("draft-payload", nt6.draft_example(events=cut), "NT-PAY-002",
     ev_at + len(D["events"]) - 5 + 1 + 2, 0)
case("draft-padding", nt6.draft_example(events=struct.pack(
    "<hhqq", 20, 0, 100, 100) + struct.pack("<IIIqqIIq", 76 + 5 + 4, 1, 1,
                                            1, 1, 0, 0, 100) +
    b"\0" * 32 + struct.pack("<I", 5) + b"\x2a\x02\x00ab" + b"\0" * 4),
     "NT-DRAFT-007", ev_at + 20 + 4 + 76 + 5, 0)

# NT-76: v6 strings are UTF-8 (a Trace key with c3 28)
bad_key = P["trace"].replace(b"\x09ProcessId", b"\x09Process\xc3\x28")
case("v6-utf8", nt6.example(trace=bad_key), "NT-STR-001",
     0x14 + 4 + 40 + 1 + 8, 0)

# NT-A13: RelLoc over an Object holding a VarInt is fixed size only by the
# letter: a warning, and the region is still checked against the payload
inner = nt6.s("V") + b"\x14"                      # V: VarInt
element = b"\x01" + struct.pack("<HH", 1, len(inner)) + inner  # Object
field = nt6.s("R") + b"\x18" + element              # R: RelLoc<Object>
row = (b"\x01" + nt6.s("MyProvider") + b"\x07" + nt6.s("MyEvent") +
       struct.pack("<HH", 1, len(field)) + field + struct.pack("<H", 0))
data = nt6.example(metadata=nt6.metadata_with(row))
got, layout, found = layout_and_rules(data)
t.eq(found[:1], ["NT-MET-012"], "RelLoc<Object{VarInt}>: NT-MET-012")
t.ok("NT-PAY-002" in found, "... and the payload is still decoded (the "
     "example's 2-byte payloads cannot hold the locator)", found)

sample = os.path.join(SHARED, "samples", "nettrace",
                      "eventpipe-dotnetcore6.0-win-x64-executioncheckpoints"
                      ".nettrace")
if not os.path.exists(sample):
    t.skip("corruptions of the 582-byte runtime file",
           "no %s (../shared is absent)" % sample)
    t.done()
with open(sample, "rb") as f:
    src = f.read()


def patched(offset, data):
    b = bytearray(src)
    b[offset:offset + len(data)] = data
    return bytes(b)


# 0x180: first event row, flags 0xCF then MetadataId 1
case("undefined-metadata", patched(0x181, b"\x05"), "NT-REF-001", 0x180, 1)
# 0x240: the SP entry's sequence number 3 (the thread's last event)
case("sp-seq-back", patched(0x240, b"\x02"), "NT-SEQ-002", 0x240, 0,
     "--fail-on", "must")
# 0x170: the event block's MinTimestamp
case("min-timestamp", patched(0x170, bytes([src[0x170] ^ 1])), "NT-BLK-006",
     0x170, 0)
# 0x87: the metadata block's single padding byte
case("padding", patched(0x87, b"\xff"), "NT-OBJ-013", 0x87, 0)
# 0x05d: PointerSize
case("pointer-size", patched(0x55, struct.pack("<I", 3)), "NT-TRC-001", 0x55,
     0)
# 0x16c: the event block's HeaderSize
case("header-size", patched(0x16c, b"\x13\x00"), "NT-BLK-001", 0x16c, 1)
# 0x14d: the EventBlock object; its name (at +15) is unknown
case("object-name", patched(0x14d + 15, b"EventBlok"), "NT-OBJ-008",
     0x14d + 15, 1)
case("cut-in-block", src[:0x200], "NT-OBJ-014", 0x16b, 7)
case("no-end-tag", src[:-1], "NT-END-001", len(src) - 1, 7)
case("trailing", src + b"\x01\0\0\0", "NT-END-002", len(src), 0)
# a 39-byte type name: NT-OBJ-003 (COMPAT), and the unknown object name
# that must follow (NT-OBJ-008) is marked as its consequence
obj = (b"\x05\x05\x01" + struct.pack("<iii", 2, 2, 39) + b"X" * 39 +
       b"\x06")
got, out, err = run("check", "--report", "json",
                    scratch.write("long-name.nettrace", src[:0x14d] + obj))
found = [(d["rule"], d["consequence_of"])
         for d in json.loads(out)["files"][0]["findings"]]
t.eq((got, found), (1, [("NT-OBJ-003", None), ("NT-OBJ-008", 0)]),
     "a 39-byte name: NT-OBJ-003, then NT-OBJ-008 as its consequence")

# id tables are bounded: a generated trace defines 6 metadata ids
gen = scratch.path("gen.nettrace")
with open(gen, "wb") as f:
    f.write(subprocess.run([TRACEGATE, "gen", "nettrace", "--seed", "1",
                            "--out", "-"], stdout=subprocess.PIPE).stdout)
got, out, err = run("check", "--report", "json", "--max-live", "2", gen)
t.eq((got, [d["rule"] for d in json.loads(out)["files"][0]["findings"]]),
     (5, ["NT-LIM-001"]), "--max-live 2: exit 5, NT-LIM-001 once")

# a draft trace: read as the draft by the automatic choice (NT-A28),
# which the report says; TraceEvent-compatible checking fails it
draft = scratch.path("draft.nettrace")
with open(draft, "wb") as f:
    f.write(subprocess.run([TRACEGATE, "gen", "nettrace", "--profile",
                            "nettrace-v6-draft", "--seed", "2", "--out", "-"],
                           stdout=subprocess.PIPE).stdout)
got, out, err = run("check", draft)
t.ok(got == 0 and "v6 draft, chosen automatically" in out,
     "a draft file: chosen as the draft automatically, and said", out)
got, out, err = run("check", "--report", "json", "--profile",
                    "traceevent-compat", draft)
t.eq((got, [d["rule"] for d in json.loads(out)["files"][0]["findings"]]),
     (1, ["NT-DRAFT-006"]), "a draft file fails --profile traceevent-compat")
got, out, err = run("check", "--report", "json", "--profile",
                    "nettrace-v6", ex and scratch.write("ex6b", ex))
t.ok(got == 0 and "final published" in out,
     "a final v6 file stays final under the automatic choice", out)

# the other profiles read a v4/v5 runtime file the same way
for profile in ("traceevent-compat", "nettrace-v6-draft"):
    got, out, err = run("check", "--profile", profile, sample)
    t.ok(got == 0 and "profile %s" % profile in out,
         "a valid runtime file passes under --profile %s" % profile, out)
t.done()
