#!/usr/bin/python3
"""sites.t - every NetTrace finding whose path names a block lies in
that block's bytes (a v4/v5 object from its 05 to its closing 06,
NetTraceFormat_v5.md; a v6 or draft block's 4-byte header and
its content, 5.2), on generated v4/v5, v6 and draft traces and on copies
of them with bytes changed, ranges cut out and prefixes taken (the edits
that make fields run into a block's end). The blocks are found here
from the stream header and the object or block headers alone, not by
tracegate. A finding that
reaches past its block (a field of a v4/v5 width read as a v6 varuint,
a varuint cut at a block's end said with a byte of the next block) fails.
A cut input may end inside a block: there the block's bytes end with the
input. For every format, no finding reaches past the input's end."""
import json
import random
import re
import struct
import subprocess

from taplib import TRACEGATE, Scratch, Tap

t = Tap()
scratch = Scratch("tg-sites-")


def objects(data):
    """v4/v5 (4.2, 4.4): (start, end) of each object from its 05 to its
    closing 06, the Trace object's 48 bytes (4.3) or a block's BlockSize,
    padding and content, up to the end of stream's 01."""
    at, out = 32, []
    while at + 17 <= len(data) and data[at] == 0x05:
        name_len = struct.unpack_from("<i", data, at + 11)[0]
        if name_len < 0:
            break
        end = at + 15 + name_len + 1  # the type object's 06
        if data[at + 15:at + 15 + name_len] == b"Trace":
            end += 48
        elif end + 4 <= len(data):
            size = struct.unpack_from("<i", data, end)[0]
            end += 4 + (4 - (end + 4) % 4) % 4 + max(size, 0)
        else:
            end = len(data)  # cut inside its BlockSize
        end += 1  # the object's 06
        out.append((at, min(end, len(data))))
        at = end
    return out


def blocks(data):
    """v6 and the draft (5.2): (start, end) of each block: header, then
    content of the size its header's low 24 bits give, up to the
    end-of-stream block (kind 0)."""
    at, out = 20, []
    while at + 4 <= len(data):
        head = struct.unpack_from("<I", data, at)[0]
        end = at + 4 + (head & 0xFFFFFF)
        out.append((at, min(end, len(data))))
        if head >> 24 == 0:
            break
        at = end
    return out


# bytes a format's framing, its varuints or its text react to
BINARY = (0x00, 0x01, 0x7F, 0x80, 0xFF)
TEXT = (0x00, 0xFF, 0x7F, 0x80, 0x0A, 0x0D, 0x22, 0x2C, 0x20)


def edits(data, rng, n, keep, values):
    """n copies of data past its first `keep` bytes, each with one to
    four bytes set to one of `values`, a range cut out, or cut short."""
    out = []
    for _ in range(n):
        d = bytearray(data)
        kind = rng.randrange(3)
        if kind == 0:
            for _ in range(rng.randint(1, 4)):
                d[rng.randrange(keep, len(d))] = rng.choice(values)
        elif kind == 1:
            a = rng.randrange(keep, len(d) - 1)
            del d[a:a + rng.randint(1, 64)]
        else:
            del d[rng.randrange(keep + 1, len(d)):]
        out.append(bytes(d))
    return out


def edited(fmt, profile, seed, size, keep, values, n):
    """A generated trace and n edited copies, checked with every finding
    shown: the files of the JSON report."""
    data = subprocess.run([TRACEGATE, "gen", fmt, "--profile", profile,
                           "--seed", seed, "--size", size, "--out", "-"],
                          capture_output=True, check=True).stdout
    paths = [scratch.write("%s-%s-valid" % (fmt, profile), data)]
    for i, e in enumerate(edits(data, rng, n, keep, values)):
        paths.append(scratch.write("%s-%s-%03d" % (fmt, profile, i), e))
    got = subprocess.run([TRACEGATE, "check", "--format", fmt, "--profile",
                          profile, "--report", "json", "--max-repeats", "0"] +
                         paths, capture_output=True, check=False)
    return json.loads(got.stdout)["files"]


rng = random.Random(1306)
for profile, framing in (("default", objects), ("nettrace-v6", blocks),
                         ("nettrace-v6-draft", blocks)):
    findings, outside = 0, []
    # the stream header's 20 bytes stay: the layout is told by them
    for f in edited("nettrace", profile, "7", "64K", 20, BINARY, 600):
        spans = framing(open(f["path"], "rb").read())
        for d in f["findings"]:
            path = d["path"] or ""
            named = re.match(r"/(?:block|object)\[(\d+)\]", path)
            if not named:
                continue
            i = int(named.group(1))
            if i >= len(spans):
                continue  # past a header these few lines cannot follow
            findings += 1
            lo, hi = spans[i]
            if not lo <= d["offset"] <= d["offset"] + d["length"] <= hi:
                outside.append((f["path"], d["rule"], d["offset"],
                                d["length"], path, lo, hi))
    t.ok(findings > 1000, "%s: %d findings in blocks on 601 inputs"
         % (profile, findings))
    t.eq(outside[:3], [], "%s: every one lies in its block (%d do not)"
         % (profile, len(outside)))

# Every format: no finding reaches past the input's end (a length taken
# from a field that claims more than the input holds), on a generated
# trace and 300 copies with bytes set to values framing reacts to, ranges
# cut out, or cut short.
for fmt, profile, values in (("afperf", "default", TEXT),
                             ("dumpalloc", "default", BINARY),
                             ("nettrace", "default", BINARY),
                             ("tracelog", "default", TEXT)):
    findings, past = 0, []
    for f in edited(fmt, profile, "3", "32K", 0, values, 300):
        size = len(open(f["path"], "rb").read())
        for d in f["findings"]:
            findings += 1
            if d["offset"] + d["length"] > size:
                past.append((f["path"], d["rule"], d["offset"], d["length"],
                             size))
    t.ok(findings > 300, "%s: %d findings on 300 edited inputs"
         % (fmt, findings))
    t.eq(past[:3], [], "%s: none past the input's end (%d are)"
         % (fmt, len(past)))
t.done()
