#!/usr/bin/python3
"""garbage.py TRACEGATE OUTDIR SIZE - write the inputs of the garbage
benchmark (tests/bench.sh garbage): for each format a valid trace of about
SIZE bytes, and inputs of about the same size that are garbage where a
real capture goes bad: the whole file, a tail after a valid start (a
crashed writer's zero-filled tail, a copy that went wrong), and for
NetTrace the content of each kind of block after a valid block header.
Garbage is zero bytes, random bytes (a fixed seed), or one byte repeated
(0x41 and 0xFF). Prints one line per input: "case format file valid",
where valid is the valid trace of that format to compare with."""
import os
import random
import struct
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nt45  # noqa: E402
import scaling  # noqa: E402

tg, out, size = sys.argv[1], sys.argv[2], int(sys.argv[3])
os.makedirs(out, exist_ok=True)
rng = random.Random(14)
FILLS = {
    "zero": lambda n: bytes(n),
    "random": lambda n: rng.randbytes(n),
    "byte41": lambda n: b"\x41" * n,
    "byteff": lambda n: b"\xff" * n,
}


def write(name, data):
    path = os.path.join(out, name)
    with open(path, "wb") as f:
        f.write(data)
    return path


def valid(fmt, profile=None):
    args = [tg, "gen", fmt, "--seed", "5", "--size", str(size), "--out",
            "-"]
    if profile:
        args += ["--profile", profile]
    data = subprocess.run(args, stdout=subprocess.PIPE, check=True).stdout
    return write("valid.%s" % (profile or fmt), data), data


for fmt in ("afperf", "dumpalloc", "nettrace", "tracelog"):
    ref, data = valid(fmt)
    start = data[:65536]
    for fill, make in FILLS.items():
        print("whole-%s %s %s %s" % (fill, fmt, write(
            "whole-%s.%s" % (fill, fmt), make(size)), ref))
        print("tail-%s %s %s %s" % (fill, fmt, write(
            "tail-%s.%s" % (fill, fmt), start + make(size)), ref))

# NetTrace: each kind of block with a valid header and garbage content
ref45, _ = valid("nettrace")
ref6, _ = valid("nettrace", "nettrace-v6")
HEADER = struct.pack("<hhqq", 20, 1, 150, 150)  # event/metadata blocks
for fill, make in FILLS.items():
    for name, head in (("EventBlock", HEADER), ("MetadataBlock", HEADER),
                       ("StackBlock", b""), ("SPBlock", b"")):
        f = nt45.File()
        f.add(name, head + make(size - len(head)))
        print("v45-%s-%s nettrace %s %s" % (name, fill, write(
            "v45-%s-%s.nettrace" % (name, fill), f.build()), ref45))
    # v6: 24-bit block sizes, so blocks of at most 16 MiB - 1
    n = min(size, (1 << 24) - 1)
    for kind, name in ((2, "Event"), (3, "Metadata"), (4, "SequencePoint"),
                       (5, "Stack"), (6, "Thread"), (7, "RemoveThread"),
                       (8, "LabelList")):
        head = HEADER if kind in (2, 3) else b""
        data = (scaling.v6_head() + scaling.v6_block(
            kind, head + make(n - len(head))) + scaling.v6_block(0, b""))
        print("v6-%s-%s nettrace %s %s" % (name, fill, write(
            "v6-%s-%s.nettrace" % (name, fill), data), ref6))
