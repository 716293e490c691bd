#!/usr/bin/python3
"""scaling.py OUTDIR N - write the inputs of the scaling benchmark
(tests/bench.sh): valid traces, each with N of one structure that grows
with the input, for timing `check` at two sizes. Each file is named
<case>.<N>.<format> and the cases are printed, one per line, as
"case format what".

The cases are the structures whose cost per operation must stay O(1) or
O(log n): stack id ranges (added in descending order, the worst for a
sorted list), metadata ids, capture threads (ids spread over the high
bits, the worst for a weak hash), small blocks, v6 thread indexes, v6
label lists followed by many sequence points (each clears the label
table), dumpalloc live addresses (high bits only), v6 thread and metadata tables
flushed by many sequence points, and AFPerf runs,
region ids scattered over 40 bits (one range each), nested regions and
values whose MeasurementType comes at the end, and TraceLog live threads
and function ids scattered over 32 bits, frames that name functions
defined only at the end, and one stack n frames deep."""
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nt45  # noqa: E402
import nt6  # noqa: E402
from nt45 import File, metadata, row, sp  # noqa: E402
from taplib import da_rec, da_str  # noqa: E402

EVENT = 0x01 | 0x02 | 0x04 | 0x40 | 0x80
# a row's sequence number is the previous row's + delta + 1 (mod 2^32):
# this delta makes it 1 again, for a new thread's first event
BACK_TO_1 = 0xFFFFFFFF


def meta_block(first, count, ts=100):
    rows = b"".join(row(0xC0, ts=ts if i == 0 else 0,
                        payload=metadata(first + i, fields=b"\0\0\0\0"))
                    for i in range(count))
    return nt45.block_content(rows, ts, ts)


def v45_stacks(n):
    """n StackBlocks of one stack each, ids descending, one window."""
    f = File()
    f.add("MetadataBlock", meta_block(1, 1))
    for i in range(n):
        f.add("StackBlock", nt45.stacks(n - i, 8))
    f.add("EventBlock", nt45.block_content(
        row(EVENT | 0x08, meta=1, seq=0, capture=7, proc=0, thread=7,
            stack=n, ts=150), 150, 150))
    f.add("SPBlock", sp(200, (7, 1)))
    return f.build()


def v45_metadata(n):
    """n metadata ids, in blocks of 1000 rows."""
    f = File()
    for first in range(1, n + 1, 1000):
        f.add("MetadataBlock", meta_block(first, min(1000, n + 1 - first)))
    f.add("SPBlock", sp(200))
    return f.build()


def v45_threads(n):
    """One event on each of n capture threads (ids i << 44), in blocks of
    1000 rows, then a sequence point listing them all."""
    f = File()
    f.add("MetadataBlock", meta_block(1, 1))
    for first in range(0, n, 1000):
        rows = b"".join(row(EVENT, meta=1,
                            seq=0 if i == first else BACK_TO_1,
                            capture=(i + 1) << 44, proc=0,
                            thread=(i + 1) << 44,
                            ts=150 if i == first else 0)
                        for i in range(first, min(first + 1000, n)))
        f.add("EventBlock", nt45.block_content(rows, 150, 150))
    f.add("SPBlock", sp(200, *[((i + 1) << 44, 1) for i in range(n)]))
    return f.build()


def v45_blocks(n):
    """n EventBlocks of one event each (the sample-profiler shape)."""
    f = File()
    f.add("MetadataBlock", meta_block(1, 1))
    for i in range(n):
        f.add("EventBlock", nt45.block_content(
            row(EVENT, meta=1, seq=i, capture=7, proc=0, thread=7,
                ts=150 + i), 150 + i, 150 + i))
    f.add("SPBlock", sp(150 + n, (7, n)))
    return f.build()


def v6_block(kind, content):
    return struct.pack("<I", len(content) | kind << 24) + content


def v6_head():
    p = nt6.default_parts()
    meta_row = (b"\x01" + nt6.s("P") + b"\x01" + nt6.s("E") +
                struct.pack("<HH", 0, 0))
    return (p["header"] + v6_block(1, p["trace"]) +
            v6_block(3, nt6.metadata_with(meta_row)))


def v6_threads(n):
    """n thread indexes (i << 44) declared in Thread blocks of 1000 rows,
    one event on each, removed at the end."""
    out = [v6_head()]
    for first in range(0, n, 1000):
        ids = range(first + 1, min(first + 1000, n) + 1)
        rows = b"".join(struct.pack("<H", len(nt45.var(i << 44))) +
                        nt45.var(i << 44) for i in ids)
        out.append(v6_block(6, rows))
        evs = b"".join(bytes([0x47]) + nt45.var(1) +
                       nt45.var(0 if i == ids[0] else BACK_TO_1) +
                       nt45.var(i << 44) + b"\0" + nt45.var(i << 44) +
                       (nt45.var(150) if i == ids[0] else b"\0")
                       for i in ids)
        out.append(v6_block(2, struct.pack("<hhqq", 20, 1, 150, 150) + evs))
    out.append(v6_block(4, struct.pack("<QII", 200, 0, 0)))
    out.append(v6_block(0, b""))
    return b"".join(out)


def v6_labels(n):
    """n label lists in one LabelList block, then n / 4 sequence points:
    each ends the label lists, clearing their table."""
    lists = b"".join(b"\x89\x01" for _ in range(n))  # Level 1, last label
    out = [v6_head(), v6_block(8, struct.pack("<II", 1, n) + lists)]
    for i in range(n // 4):
        out.append(v6_block(4, struct.pack("<QII", 200 + i, 0, 0)))
    out.append(v6_block(0, b""))
    return b"".join(out)


def v6_flush(n):
    """n thread indexes (i << 44) and n metadata ids, then n / 4 sequence
    points with Flags 3: the first clears both tables at their largest,
    the others clear them empty; each must cost what the table holds, not
    what it once grew to."""
    rows = b"".join(
        struct.pack("<H", len(r)) + r for r in (
            nt45.var(i) + nt6.s("P") + b"\x01" + nt6.s("E") +
            struct.pack("<HH", 0, 0) for i in range(2, n + 2)))
    threads = b"".join(struct.pack("<H", len(nt45.var(i << 44))) +
                       nt45.var(i << 44) for i in range(1, n + 1))
    out = [v6_head(), v6_block(3, struct.pack("<H", 0) + rows),
           v6_block(6, threads)]
    for i in range(n // 4):
        out.append(v6_block(4, struct.pack("<QII", 200 + i, 3, 0)))
    out.append(v6_block(0, b""))
    return b"".join(out)


def da_live(n):
    """n allocations (addresses i << 44) never freed."""
    out = [da_rec(b"PROC", struct.pack("<I", 1) + da_str(b"app"))]
    term = da_rec(b"FRAM", b"TERM")
    for i in range(1, n + 1):
        out.append(da_rec(b"ALOC", struct.pack("<QqI", i << 44, 1, 0)))
        out.append(term)
    return b"".join(out)


AF_HEAD = "# AFPerf v1     \n"
AF_RUN = "RunInfo,1,ns,1639527663.5,1.0.0,7,app,1.0,\n" \
    "MeasurementType,2,7,0,Count,int64,count,,\n"


def af_runs(n):
    """n runs (ids i << 44), each with a MeasurementType and a value."""
    return (AF_HEAD + "".join(
        "RunInfo,1,ns,1639527663.5,1.0.0,%d,app,1.0,\n"
        "MeasurementType,2,%d,0,Count,int64,count,,\n"
        "RunPoint,3,%d,0,5\n" % ((i << 44,) * 3) for i in range(1, n + 1))
    ).encode()


def af_regions(n):
    """n regions whose ids are scattered over 40 bits: no two adjacent,
    so each is a range of its own."""
    ids = [(i * 0x9E3779B1) % (1 << 44) * 2 for i in range(1, n + 1)]
    return (AF_HEAD + AF_RUN + "".join(
        "RegionStart,%d,7,%d,r,\nRegionPoint,%d,%d,0,5\nRegionStop,%d,%d\n"
        % (10 + i, r, 10 + i, r, 10 + i, r) for i, r in enumerate(ids))
    ).encode()


def af_nested(n):
    """n regions, each inside the one before."""
    return (AF_HEAD + AF_RUN +
            "".join("RegionStart,%d,7,%d,r,\n" % (10 + i, i)
                    for i in range(n)) +
            "".join("RegionStop,%d,%d\n" % (10 + n + i, n - 1 - i)
                    for i in range(n))).encode()


def af_pending(n):
    """n values of n measurement types that are registered at the end."""
    return (AF_HEAD + AF_RUN.split("\n")[0] + "\n" +
            "".join("RunPoint,3,7,%d,5\n" % i for i in range(n)) +
            "".join("MeasurementType,4,7,%d,M,int64,count,,\n" % i
                    for i in range(n))).encode()


TL_HEAD = ("prf stm 2018-06-25 07:24:28.049\n"
           "cls ldf 0x00007F3A20000000 0x00000000 0x00007F3A10000000 "
           "0x02000002 0x00000000\n"
           "thr crt 0x00007F3A00001000 0x00000000\n")


def tl_scatter(i):
    """the i-th of distinct 32-bit ids spread over every bit"""
    return (i * 0x9E3779B1) & 0xFFFFFFFF


def tl_fun(iid):
    return ("fun inf 0x%08X 0x00007F3A40000000 0x00007F3A20000000 "
            "0x00007F3A10000000 0x06000001\n" % iid)


def tl_threads(n):
    """n threads live at once, internal ids scattered, each sampled."""
    return (TL_HEAD + "".join(
        "thr crt 0x00007F3A%08X 0x%08X\nsam mem 0x%08X %d 0x00000000:1:24\n"
        % (i, tl_scatter(i + 1), tl_scatter(i + 1), i) for i in range(n))
    ).encode()


def tl_functions(n):
    """n functions, internal ids scattered (a range each), each named by
    a frame."""
    return (TL_HEAD + "".join(
        tl_fun(tl_scatter(i + 1)) + "sam str 0x00000000 %d 1 0:0 0x%08X\n"
        "sam str 0x00000000 %d 1 0:1\n" % (i, tl_scatter(i + 1), i)
        for i in range(n))).encode()


def tl_pending(n):
    """n frames naming functions that are defined at the end."""
    return (TL_HEAD + "".join(
        "sam str 0x00000000 %d 1 0:%d 0x%08X\n" % (i, i and 1, i)
        for i in range(n)) + "".join(tl_fun(i) for i in range(n))).encode()


def tl_deep(n):
    """one stack that grows n frames deep, 100 frames a sample."""
    lines, depth = [], 0
    while depth < n:
        push = min(100, n - depth)
        lines.append("sam str 0x00000000 %d 1 %d:%d %s\n" % (
            depth, depth, depth, " ".join(["0x00000000"] * push)))
        depth += push
    return (TL_HEAD + tl_fun(0) + "".join(lines)).encode()


CASES = [
    ("stacks", "nettrace", "v4/v5 StackBlocks, ids descending, no SP",
     v45_stacks),
    ("metadata", "nettrace", "v4/v5 metadata ids", v45_metadata),
    ("threads", "nettrace", "v4/v5 capture threads (ids i << 44)",
     v45_threads),
    ("blocks", "nettrace", "v4/v5 EventBlocks of one event", v45_blocks),
    ("threads6", "nettrace", "v6 thread indexes (i << 44)", v6_threads),
    ("labels6", "nettrace", "v6 label lists, then n/4 sequence points",
     v6_labels),
    ("flush6", "nettrace", "v6 threads and metadata ids, then n/4 "
     "sequence points that flush both", v6_flush),
    ("live", "dumpalloc", "dumpalloc live addresses (i << 44)", da_live),
    ("runs", "afperf", "AFPerf runs (ids i << 44)", af_runs),
    ("regions", "afperf", "AFPerf region ids, scattered", af_regions),
    ("nested", "afperf", "AFPerf regions nested n deep", af_nested),
    ("pending", "afperf", "AFPerf values typed at the end", af_pending),
    ("tlthreads", "tracelog", "TraceLog live threads (ids scattered)",
     tl_threads),
    ("tlfunctions", "tracelog", "TraceLog function ids (scattered)",
     tl_functions),
    ("tlpending", "tracelog", "TraceLog frames of functions defined at the end",
     tl_pending),
    ("tldeep", "tracelog", "TraceLog one stack n frames deep", tl_deep),
]

if __name__ == "__main__":
    out, n = sys.argv[1], int(sys.argv[2])
    os.makedirs(out, exist_ok=True)
    for name, fmt, what, make in CASES:
        path = os.path.join(out, "%s.%d.%s" % (name, n, fmt))
        if not os.path.exists(path):
            with open(path, "wb") as f:
                f.write(make(n))
        print("%s %s %s" % (name, fmt, what))
