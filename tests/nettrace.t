#!/usr/bin/python3
"""nettrace.t - NetTrace checks fire where they should: hand-built stream
headers for every generation, and corruptions of the smallest real runtime
file at the offsets its worked example in formats/nettrace.md (4.12) gives.
Each case expects one rule, at a given offset, and an exit code. The
sample-based cases skip when ../shared/samples is absent. Failure: another
rule, offset or exit code."""
import json
import os
import struct

from taplib import SHARED, Scratch, Tap, run

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
case("short-header", b"Nettrace\x14\0\0\0!Fast", "NT-OBJ-014", 0, 1)
case("fastser", b"Nettrace\x15\0\0\0!FastSerialization.1x", "NT-HDR-002", 8, 1)
case("major-5", b"Nettrace" + struct.pack("<III", 0, 5, 0), "NT-HDR-003", 12,
     1)
case("major-7", b"Nettrace" + struct.pack("<III", 0, 7, 0), "NT-HDR-004", 12,
     4)
case("v6-pending", v6, "NT-HDR-006", 12, 4)

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
# 0x14d: the EventBlock object: an unknown name
case("object-name", patched(0x14d + 15, b"EventBlok"), "NT-OBJ-008", 0x14d,
     1)
case("cut-in-block", src[:0x200], "NT-OBJ-014", 0x16b, 1)
case("no-end-tag", src[:-1], "NT-END-001", len(src) - 1, 7)
case("trailing", src + b"\x01\0\0\0", "NT-END-002", len(src), 0)
# the other profiles read a v4/v5 runtime file the same way
for profile in ("traceevent-compat", "nettrace-v6-draft"):
    got, out, err = run("check", "--profile", profile, sample)
    t.ok(got == 0 and "profile %s" % profile in out,
         "a valid runtime file passes under --profile %s" % profile, out)
t.done()
